/*
 * rc4.c - RC4, for legacy interoperability and benchmarks only.
 *
 * The textbook algorithm. It indexes memory with secret state, so it is
 * not constant-time and cannot be; docs/api-conventions.md exempts it and
 * rc4.h says so.
 */
#include "core/stats.h"
#include "core/policy.h"
#include "core/util.h"
#include <zcrypt/rc4.h>

#define ZC_RC4_MAGIC 0x7a637234u   /* "zcr4" */

int zc_rc4_init(zc_rc4_ctx *c, const uint8_t *key, size_t key_len)
{
    unsigned i, j = 0;

    if (c == NULL || key == NULL || key_len == 0 || key_len > 256)
        return ZC_EINVAL;
    if (zc_policy_hw_only())            /* RC4 exists in software only */
        return ZC_ENOTSUP;
    for (i = 0; i < 256; i++)
        c->zc_s[i] = (uint8_t)i;
    for (i = 0; i < 256; i++) {
        uint8_t t = c->zc_s[i];

        j = (j + t + key[i % key_len]) & 0xff;
        c->zc_s[i] = c->zc_s[j];
        c->zc_s[j] = t;
    }
    c->zc_i = 0;
    c->zc_j = 0;
    c->zc_magic = ZC_RC4_MAGIC;
    return ZC_OK;
}

int zc_rc4_crypt(zc_rc4_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t i, j;
    size_t n;

    if (c == NULL || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len))
        return ZC_EINVAL;
    if (c->zc_magic != ZC_RC4_MAGIC)
        return ZC_ESTATE;
    if (zc_policy_hw_only())
        return ZC_ENOTSUP;
    zc_stat_count(ZC_ALGO_RC4, 0, ZC_STAT_SOFTWARE, 0, len);
    i = c->zc_i;
    j = c->zc_j;
    for (n = 0; n < len; n++) {
        uint8_t t;

        i = (uint8_t)(i + 1);
        t = c->zc_s[i];
        j = (uint8_t)(j + t);
        c->zc_s[i] = c->zc_s[j];
        c->zc_s[j] = t;
        out[n] = in[n] ^ c->zc_s[(uint8_t)(t + c->zc_s[i])];
    }
    c->zc_i = i;
    c->zc_j = j;
    return ZC_OK;
}

void zc_rc4_wipe(zc_rc4_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}
