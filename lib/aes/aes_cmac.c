/*
 * aes_cmac.c - AES-CMAC (NIST SP 800-38B), one-shot and streaming.
 *
 * CMAC is CBC-MAC with a twist on the last block: a complete last block
 * is XORed with K1, a partial (or empty) one is padded with 10* and XORed
 * with K2, where L = E_K(0^128), K1 = L * x and K2 = K1 * x in GF(2^128)
 * with SP 800-38B's big-endian bit order (reduction 0x87).
 *
 * Since the last block is special, update keeps up to one full block back
 * (1..16 bytes are always pending once anything was fed) and chains only
 * blocks known not to be the last.
 *
 * CPACF, through the issuing helpers of aes_cpacf.c: KMAC (the key's
 * AES function code; parameter block = chaining value, key) chains the
 * full blocks, and PCC Compute-Last-Block-CMAC
 * (same function code; parameter block = last-block length in bits (1
 * byte, 0..128) + 7 reserved bytes, last block, chaining value, key)
 * derives the subkey, pads and XORs the last block and returns the MAC in
 * the chaining-value field. A length of 0 bits is the empty message: PCC
 * pads it to 10* and uses K2, which is what SP 800-38B asks for (libica
 * relies on this too), so the empty message needs no special case.
 *
 * Software: CBC-MAC with the bitsliced core one block at a time (CBC-MAC
 * is sequential), subkeys from L by mask-based doubling so that nothing
 * branches on secret data. The key's AES runs L = E_K(0) (KM or software).
 *
 * The context points to the caller's key; chaining value, pending data
 * and every temporary holding subkeys or MACs are wiped.
 */
#include "aes_cpacf.h"
#include "core/policy.h"
#include "asm/cpacf.h"
#include <zcrypt/aes_cmac.h>

#define ZC_CMAC_MAGIC 0x7a636d31u   /* "zcm1" */

/* The context is initialised, not finished, and its key is still alive. */
static int cmac_live(const zc_aes_cmac_ctx *c)
{
    return c->zc_magic == ZC_CMAC_MAGIC && zc_aes_key_valid(c->zc_key);
}

/* d = s * x in GF(2^128), SP 800-38B bit order; constant time. */
static void cmac_double(uint8_t d[16], const uint8_t s[16])
{
    uint64_t hi = zc_load_be64(s), lo = zc_load_be64(s + 8);
    uint64_t msb = hi >> 63;

    hi = hi << 1 | lo >> 63;
    lo = lo << 1 ^ (0x87 & (0 - msb));
    zc_store_be64(d, hi);
    zc_store_be64(d + 8, lo);
}

/* Chain nblocks blocks that are known not to be the last one. */
static int cmac_blocks(zc_aes_cmac_ctx *c, const uint8_t *p, size_t nblocks)
{
    const zc_aes_key *k = c->zc_key;
    size_t i, j;

    if (nblocks == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (c->zc_backend == ZC_BACKEND_CPACF)
        return zc_aes_cpacf_crypt(k, ZC_OP_KMAC, 0, c->zc_cv, p, NULL, nblocks * 16, NULL);
#endif
    for (i = 0; i < nblocks; i++, p += 16) {
        for (j = 0; j < 16; j++)
            c->zc_cv[j] ^= p[j];
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, c->zc_cv, c->zc_cv, 1);
    }
    return ZC_OK;
}

/* The full 16-byte MAC from the chaining value and the pending last block. */
static int cmac_last(const zc_aes_cmac_ctx *c, uint8_t mac[16])
{
    static const uint8_t zero[16];
    const zc_aes_key *k = c->zc_key;
    size_t n = c->zc_buf_len, i;
    uint8_t l[16], sub[16], x[16];
    int rc;

#ifdef ZC_HAVE_CPACF
    if (c->zc_backend == ZC_BACKEND_CPACF)
        return zc_aes_cpacf_cmac_last(k, c->zc_cv, c->zc_buf, n, mac);
#endif
    rc = zc_aes_encrypt_blocks(k, zero, l, 1);
    cmac_double(sub, l);                    /* K1 */
    memset(x, 0, sizeof(x));
    memcpy(x, c->zc_buf, n);
    if (n < 16) {                           /* the length is public */
        cmac_double(sub, sub);              /* K2 */
        x[n] = 0x80;
    }
    for (i = 0; i < 16; i++)
        x[i] ^= sub[i] ^ c->zc_cv[i];
    zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, x, mac, 1);
    zc_wipe(l, sizeof(l));
    zc_wipe(sub, sizeof(sub));
    zc_wipe(x, sizeof(x));
    return rc;
}

int zc_aes_cmac_init(zc_aes_cmac_ctx *c, const zc_aes_key *k)
{
    int b;

    if (c == NULL || !zc_aes_key_valid(k))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CMAC);
    if (b < 0)
        return b;
    memset(c, 0, sizeof(*c));
    c->zc_key = k;
    c->zc_backend = (uint8_t)b;
    c->zc_magic = ZC_CMAC_MAGIC;
    return ZC_OK;
}

int zc_aes_cmac_update(zc_aes_cmac_ctx *c, const uint8_t *data, size_t len)
{
    size_t n;
    int rc;

    if (c == NULL || zc_bad_ptr(data, len))
        return ZC_EINVAL;
    if (!cmac_live(c))
        return ZC_ESTATE;
    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    /* Each update counts (a one-shot MAC is one). */
    zc_aes_stat(c->zc_key, ZC_AES_IM_CMAC, c->zc_backend, 0, len);
    if (len == 0)
        return ZC_OK;
    if (c->zc_buf_len) {
        n = 16 - c->zc_buf_len;
        if (n > len)
            n = len;
        memcpy(c->zc_buf + c->zc_buf_len, data, n);
        c->zc_buf_len += (uint32_t)n;
        data += n;
        len -= n;
        if (len == 0)                       /* the buffer may be the last block */
            return ZC_OK;
        c->zc_buf_len = 0;                  /* more follows: it is not */
        if ((rc = cmac_blocks(c, c->zc_buf, 1)) != ZC_OK)
            goto fail;
    }
    /* Keep 1..16 bytes back. */
    n = (len - 1) / 16;
    if ((rc = cmac_blocks(c, data, n)) != ZC_OK)
        goto fail;
    data += 16 * n;
    len -= 16 * n;
    memcpy(c->zc_buf, data, len);
    c->zc_buf_len = (uint32_t)len;
    return ZC_OK;
fail:                                       /* an issuing helper failed: the context is dead */
    zc_aes_cmac_wipe(c);
    return rc;
}

int zc_aes_cmac_final(zc_aes_cmac_ctx *c, uint8_t *tag, size_t tag_len)
{
    uint8_t mac[16];
    int rc;

    if (c == NULL || tag == NULL || tag_len == 0 || tag_len > 16)
        return ZC_EINVAL;
    if (!cmac_live(c))
        return ZC_ESTATE;
    rc = cmac_last(c, mac);
    if (rc == ZC_OK)
        memcpy(tag, mac, tag_len);
    zc_wipe(mac, sizeof(mac));
    zc_aes_cmac_wipe(c);
    return rc;
}

int zc_aes_cmac_final_verify(zc_aes_cmac_ctx *c, const uint8_t *tag, size_t tag_len)
{
    uint8_t mac[16];
    int rc;

    /* A short tag is forgeable by guessing: refuse it, context kept. */
    if (c == NULL || tag == NULL || tag_len < ZC_MAC_VERIFY_MIN || tag_len > 16)
        return ZC_EINVAL;
    if (!cmac_live(c))
        return ZC_ESTATE;
    rc = cmac_last(c, mac);
    if (rc == ZC_OK && !zc_ct_equal(mac, tag, tag_len))
        rc = ZC_EAUTH;
    zc_wipe(mac, sizeof(mac));
    zc_aes_cmac_wipe(c);
    return rc;
}

void zc_aes_cmac_wipe(zc_aes_cmac_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_aes_cmac_backend(const zc_aes_cmac_ctx *c)
{
    if (c == NULL || c->zc_magic != ZC_CMAC_MAGIC)
        return ZC_BACKEND_AUTO;
    return (enum zc_backend)c->zc_backend;
}

int zc_aes_cmac(const zc_aes_key *k, const uint8_t *msg, size_t len,
                uint8_t *tag, size_t tag_len)
{
    zc_aes_cmac_ctx c;
    int rc;

    if (!zc_aes_key_valid(k) || zc_bad_ptr(msg, len) || tag == NULL ||
        tag_len == 0 || tag_len > 16)
        return ZC_EINVAL;
    rc = zc_aes_cmac_init(&c, k);
    if (rc == ZC_OK)
        rc = zc_aes_cmac_update(&c, msg, len);
    if (rc == ZC_OK)
        rc = zc_aes_cmac_final(&c, tag, tag_len);
    zc_aes_cmac_wipe(&c);
    return rc;
}

int zc_aes_cmac_verify(const zc_aes_key *k, const uint8_t *msg, size_t len,
                       const uint8_t *tag, size_t tag_len)
{
    zc_aes_cmac_ctx c;
    int rc;

    if (!zc_aes_key_valid(k) || zc_bad_ptr(msg, len) || tag == NULL ||
        tag_len < ZC_MAC_VERIFY_MIN || tag_len > 16)
        return ZC_EINVAL;
    rc = zc_aes_cmac_init(&c, k);
    if (rc == ZC_OK)
        rc = zc_aes_cmac_update(&c, msg, len);
    if (rc == ZC_OK)
        rc = zc_aes_cmac_final_verify(&c, tag, tag_len);
    zc_aes_cmac_wipe(&c);
    return rc;
}
