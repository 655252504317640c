/*
 * hmac.c - HMAC (FIPS 198-1) on top of the hash dispatch.
 *
 * H((K0 ^ opad) || H((K0 ^ ipad) || m)): both pads are absorbed at init,
 * so the context holds two running hashes and the key itself is gone once
 * init returns. The hashes run on whatever backend the caller chose, so
 * on CPACF the block work is KIMD/KLMD. Block size is the hash's (the rate
 * for SHA-3, as FIPS 202 asks).
 */
#include "hash_int.h"
#include "util.h"
#include <zcrypt/hmac.h>

#define ZC_HMAC_MAGIC 0x7a636d68u   /* "zcmh" */

int zc_hmac_init(zc_hmac_ctx *c, enum zc_hash_alg alg, const uint8_t *key,
                 size_t key_len, enum zc_backend backend)
{
    uint8_t k0[ZC_HASH_MAX_BLOCK];
    size_t bs = zc_hash_block_size(alg), i;
    int rc;

    if (c == NULL || zc_bad_ptr(key, key_len) || zc_hash_size(alg) == 0)
        return ZC_EINVAL;
    memset(k0, 0, sizeof(k0));
    if (key_len > bs) {
        zc_hash_ctx h;

        rc = zc_hash_init(&h, alg, backend);
        if (rc == ZC_OK)
            rc = zc_hash_update(&h, key, key_len);
        if (rc == ZC_OK)
            rc = zc_hash_final(&h, k0, zc_hash_size(alg));
        zc_hash_wipe(&h);
        if (rc != ZC_OK)
            return rc;
    } else if (key_len) {
        memcpy(k0, key, key_len);
    }
    memset(c, 0, sizeof(*c));
    for (i = 0; i < bs; i++)
        k0[i] ^= 0x36;
    rc = zc_hash_init(&c->zc_inner, alg, backend);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c->zc_inner, k0, bs);
    for (i = 0; i < bs; i++)
        k0[i] ^= 0x36 ^ 0x5c;
    if (rc == ZC_OK)
        rc = zc_hash_init(&c->zc_outer, alg, backend);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c->zc_outer, k0, bs);
    zc_wipe(k0, sizeof(k0));
    if (rc != ZC_OK) {
        zc_hmac_wipe(c);
        return rc;
    }
    c->zc_magic = ZC_HMAC_MAGIC;
    return ZC_OK;
}

static int ctx_ok(const zc_hmac_ctx *c)
{
    return c->zc_magic == ZC_HMAC_MAGIC;
}

int zc_hmac_update(zc_hmac_ctx *c, const void *data, size_t len)
{
    if (c == NULL || zc_bad_ptr(data, len))
        return ZC_EINVAL;
    if (!ctx_ok(c))
        return ZC_ESTATE;
    return zc_hash_update(&c->zc_inner, data, len);
}

/* The full MAC into mac[]; returns its length, or a negative error. */
static int finish(zc_hmac_ctx *c, uint8_t mac[ZC_HASH_MAX_SIZE], size_t want)
{
    size_t n;
    int rc;

    if (c == NULL)
        return ZC_EINVAL;
    if (!ctx_ok(c))
        return ZC_ESTATE;
    n = zc_hash_size((enum zc_hash_alg)c->zc_inner.zc_alg);
    if (want == 0 || want > n)
        return ZC_EINVAL;
    rc = zc_hash_final(&c->zc_inner, mac, n);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c->zc_outer, mac, n);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c->zc_outer, mac, n);
    zc_hmac_wipe(c);
    return rc;
}

int zc_hmac_final(zc_hmac_ctx *c, uint8_t *out, size_t out_len)
{
    uint8_t mac[ZC_HASH_MAX_SIZE];
    int rc;

    if (out == NULL)
        return ZC_EINVAL;
    rc = finish(c, mac, out_len);
    if (rc == ZC_OK)
        memcpy(out, mac, out_len);
    zc_wipe(mac, sizeof(mac));
    return rc;
}

int zc_hmac_final_verify(zc_hmac_ctx *c, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[ZC_HASH_MAX_SIZE];
    int rc;

    /* A short tag is forgeable by guessing: refuse it, context kept. */
    if (tag == NULL || tag_len < ZC_MAC_VERIFY_MIN)
        return ZC_EINVAL;
    rc = finish(c, full, tag_len);
    if (rc == ZC_OK && !zc_ct_equal(full, tag, tag_len))
        rc = ZC_EAUTH;
    zc_wipe(full, sizeof(full));
    return rc;
}

void zc_hmac_wipe(zc_hmac_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_hmac_backend(const zc_hmac_ctx *c)
{
    if (c == NULL || !ctx_ok(c))
        return ZC_BACKEND_AUTO;
    return zc_hash_backend(&c->zc_inner);
}

int zc_hmac(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
            const void *data, size_t len, uint8_t *out, size_t out_len)
{
    zc_hmac_ctx c;
    int rc;

    if (out == NULL || zc_bad_ptr(data, len) || out_len == 0 || out_len > zc_hash_size(alg))
        return ZC_EINVAL;
    rc = zc_hmac_init(&c, alg, key, key_len, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_hmac_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final(&c, out, out_len);
    zc_hmac_wipe(&c);
    return rc;
}

int zc_hmac_verify(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                   const void *data, size_t len, const uint8_t *tag, size_t tag_len)
{
    zc_hmac_ctx c;
    int rc;

    if (tag == NULL || zc_bad_ptr(data, len) || tag_len < ZC_MAC_VERIFY_MIN ||
        tag_len > zc_hash_size(alg))
        return ZC_EINVAL;
    rc = zc_hmac_init(&c, alg, key, key_len, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_hmac_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final_verify(&c, tag, tag_len);
    zc_hmac_wipe(&c);
    return rc;
}
