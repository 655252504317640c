/*
 * fuzz_caps.c - libFuzzer target: the ZCRYPT_CAPS parser.
 *
 * The library reads ZCRYPT_CAPS once per process, so this target does not
 * go through the public API: it compiles lib/core/caps.c into itself, with a
 * fake platform whose "environment" is the fuzz input, and calls the
 * parser on a snapshot whose masks are all ones (as if the machine had
 * every function), so that every item has something to remove.
 *
 * Properties checked on every input (any failure aborts):
 *  - nothing is added: the effective masks stay within the raw ones;
 *  - an input without '-' and without "none" removes nothing;
 *  - the kept setting is a NUL-terminated prefix of the input, shorter
 *    than ZC_CAPS_SETTING_MAX, and all of the input when it fits;
 *  - the ignored count never exceeds the number of items (+1 for a cut);
 *  - parsing the kept setting again gives the same masks (the cut never
 *    leaves a half item that means something else).
 */
#include "core/caps.c"

#include <stdlib.h>

static char fake_env[1024];
static int fake_env_set;

int zc_plat_stfle_allowed(void)
{
    return 0;
}

int zc_plat_privileged(void)
{
    return 0;
}

const char *zc_plat_caps_env(void)
{
    return fake_env_set ? fake_env : NULL;
}

int zc_plat_getrandom(void *buf, size_t len)
{
    (void)buf;
    (void)len;
    return ZC_ENOTSUP;
}

static void parse(struct caps_snap *s, const char *setting)
{
    memset(s, 0, sizeof(*s));
    memset(s->raw, 0xff, sizeof(s->raw));
    memcpy(s->eff, s->raw, sizeof(s->eff));
    apply_setting(s, setting);
}

static int has_word(const char *s, const char *w)
{
    size_t i, n = strlen(w);

    for (; *s != '\0'; s++) {
        for (i = 0; i < n && s[i] != '\0' && lower((unsigned char)s[i]) == w[i]; i++)
            ;
        if (i == n)
            return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct caps_snap a, b;
    size_t n, i, items = 0;
    int k;

    n = size < sizeof(fake_env) - 1 ? size : sizeof(fake_env) - 1;
    memcpy(fake_env, data, n);
    fake_env[n] = '\0';
    n = strlen(fake_env);
    fake_env_set = 1;

    /* The real path once: detect() as the library runs it. */
    detect(&a);
    if (!a.has_setting || a.queried != 0 || a.present != 0)
        abort();

    parse(&a, zc_plat_caps_env());
    for (k = 0; k < ZC_INSN_COUNT; k++)
        for (i = 0; i < 16; i++)
            if (a.eff[k][i] & ~a.raw[k][i])
                abort();
    if (!has_word(fake_env, "-") && !has_word(fake_env, "none") &&
        memcmp(a.eff, a.raw, sizeof(a.eff)) != 0)
        abort();
    if (memchr(a.setting, '\0', sizeof(a.setting)) == NULL)
        abort();
    if (strncmp(a.setting, fake_env, strlen(a.setting)) != 0)
        abort();
    if (n < ZC_CAPS_SETTING_MAX && strcmp(a.setting, fake_env) != 0)
        abort();
    for (i = 0; i <= n; i++)
        if ((i == n || is_sep(fake_env[i])) && i > 0 && !is_sep(fake_env[i - 1]))
            items++;
    if (a.ignored > items + 1)
        abort();

    parse(&b, a.setting);
    if (memcmp(a.eff, b.eff, sizeof(a.eff)) != 0)
        abort();
    if (strcmp(a.setting, b.setting) != 0)
        abort();
    return 0;
}
