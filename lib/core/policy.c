/*
 * policy.c - the hardware-only policy (zcrypt/stats.h).
 *
 * One process-wide word, read with relaxed atomics: the policy is a switch
 * set at start-up or by an administrator's call, not something two threads
 * race on meaningfully, and the word is read only on paths that are about
 * to run software anyway. ZCRYPT_POLICY is read once, through the platform.
 * zc_settings_ignored() lists the ZCRYPT_POLICY and ZCRYPT_STATS values that
 * are not understood (it reads the variables again: they are not stored).
 */
#include "platform.h"
#include "stats.h"
#include "policy.h"
#include "util.h"

/* -1: ZCRYPT_POLICY not read yet; else an enum zc_policy value. */
static int policy = -1;

/* 1 when v equals the lower-case word w, ignoring ASCII case. */
static int word_is(const char *v, const char *w)
{
    for (; *w; v++, w++) {
        char c = *v >= 'A' && *v <= 'Z' ? (char)(*v - 'A' + 'a') : *v;

        if (c != *w)
            return 0;
    }
    return *v == '\0';
}

/*
 * ZCRYPT_POLICY: unset or empty is "any"; "any" and "hw-only" in any case;
 * anything else is not understood, listed by zc_settings_ignored() and
 * taken as hw-only: a mistyped restriction must not lift the restriction.
 */
static int policy_value(const char *v, int *understood)
{
    *understood = 1;
    if (v == NULL || v[0] == '\0' || word_is(v, "any"))
        return ZC_POLICY_ANY;
    if (!word_is(v, "hw-only"))
        *understood = 0;
    return ZC_POLICY_HW_ONLY;
}

static int env_policy(void)
{
    int understood;

    return policy_value(zc_plat_policy_env(), &understood);
}

enum zc_policy zc_policy_get(void)
{
    int p = __atomic_load_n(&policy, __ATOMIC_RELAXED);

    if (p < 0) {
        int expect = -1;

        p = env_policy();
        /* A zc_policy_set() meanwhile wins over the environment. */
        if (!__atomic_compare_exchange_n(&policy, &expect, p, 0, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED))
            p = expect;
    }
    return (enum zc_policy)p;
}

int zc_policy_set(enum zc_policy p)
{
    if (p != ZC_POLICY_ANY && p != ZC_POLICY_HW_ONLY)
        return ZC_EINVAL;
    __atomic_store_n(&policy, (int)p, __ATOMIC_RELAXED);
    return ZC_OK;
}

int zc_policy_hw_only(void)
{
    return zc_policy_get() == ZC_POLICY_HW_ONLY;
}

/* Append "NAME=VALUE" to buf at *at: at most 63 characters of the value,
 * then "..."; a comma or a non-printable character shows as '?'. */
static void list_item(char *buf, size_t *at, const char *name, const char *v)
{
    size_t i;

    if (*at > 0)
        buf[(*at)++] = ',';
    for (; *name; name++)
        buf[(*at)++] = *name;
    buf[(*at)++] = '=';
    for (i = 0; i < 63 && v[i] != '\0'; i++)
        buf[(*at)++] = v[i] == ',' || v[i] < 0x20 || v[i] > 0x7e ? '?' : v[i];
    if (v[i] != '\0') {
        buf[(*at)++] = '.';
        buf[(*at)++] = '.';
        buf[(*at)++] = '.';
    }
}

int zc_settings_ignored(char *buf, size_t size)
{
    char list[ZC_SETTINGS_IGNORED_MAX];
    const char *pv = zc_plat_policy_env(), *sv = zc_plat_stats_env();
    size_t at = 0;
    int understood;

    if (buf == NULL || size == 0)
        return ZC_EINVAL;
    policy_value(pv, &understood);
    if (!understood)
        list_item(list, &at, "ZCRYPT_POLICY", pv);
    if (sv != NULL && zc_stats_env_value(sv) < 0)
        list_item(list, &at, "ZCRYPT_STATS", sv);
    list[at] = '\0';
    if (at >= size) {
        buf[0] = '\0';
        return ZC_ENOMEM;
    }
    memcpy(buf, list, at + 1);
    return ZC_OK;
}
