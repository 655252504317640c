/*
 * des_stream.c - DES/TDES CTR, CFB-64 and OFB streams in chunks of any size.
 *
 * The DES counterpart of aes/aes_stream.c, with 8-byte blocks: the
 * one-shot mode calls of des_modes.c chain across calls only in whole
 * blocks, so a context keeps the keystream block it is part-way through.
 * An update first uses up that block's remaining bytes, hands every whole
 * block to the one-shot mode call (which advances the counter or IV), and
 * for a tail of 1..7 bytes takes one keystream block from the key's ECB,
 * E(counter) or E(IV), keeping it for the next update. SP 800-38A
 * describes the three modes as a keystream XORed into the text; the
 * 64-bit block is that of SP 800-67.
 *
 * The next block's input: CTR counter + 1 (64-bit big-endian), OFB the
 * keystream block itself, CFB the ciphertext block, collected in zc_fb
 * as its bytes pass (from out when encrypting, from in when decrypting,
 * read before out is written so in == out works).
 *
 * The byte-granular part, shared with the AES streams, is
 * core/stream_core.h; this file supplies the DES mode calls.
 *
 * The data go only through the public DES calls, so every backend works
 * alike; init asks des_int.h's zc_des_mode_select where the mode runs,
 * the same rule the one-shot calls apply. Lengths are the only thing the
 * code branches on.
 */
#include "des_int.h"
#include "core/stream_core.h"
#include "core/policy.h"
#include <zcrypt/des_stream.h>

#define ZC_DES_STREAM_MAGIC 0x7a637364u   /* "zcsd" */

/* The context's mode is fixed at init and runs where the one-shot call would. */
static int stream_init(zc_des_stream_ctx *c, const zc_des_key *k, const uint8_t iv[8],
                       enum zc_des_imode mode, int decrypt)
{
    int b;

    if (c == NULL || iv == NULL || zc_des_key_backend(k) == ZC_BACKEND_AUTO ||
        (decrypt != 0 && decrypt != 1))
        return ZC_EINVAL;
    b = zc_des_mode_select(k, mode);
    if (b < 0)
        return b;
    memset(c, 0, sizeof(*c));
    c->zc_key = k;
    memcpy(c->zc_iv, iv, 8);
    c->zc_mode = (uint8_t)mode;
    c->zc_decrypt = (uint8_t)decrypt;
    c->zc_backend = (uint8_t)b;
    c->zc_magic = ZC_DES_STREAM_MAGIC;
    return ZC_OK;
}

int zc_des_ctr_stream_init(zc_des_stream_ctx *c, const zc_des_key *k, const uint8_t ctr[8])
{
    return stream_init(c, k, ctr, ZC_DES_IM_CTR, 0);
}

int zc_des_cfb_stream_init(zc_des_stream_ctx *c, const zc_des_key *k, const uint8_t iv[8],
                           int decrypt)
{
    return stream_init(c, k, iv, ZC_DES_IM_CFB, decrypt);
}

int zc_des_ofb_stream_init(zc_des_stream_ctx *c, const zc_des_key *k, const uint8_t iv[8])
{
    return stream_init(c, k, iv, ZC_DES_IM_OFB, 0);
}

static int is_mode(const zc_des_stream_ctx *c, enum zc_des_imode mode)
{
    return c->zc_mode == mode;
}

/* Whole blocks through the one-shot mode call. */
static int whole_blocks(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    zc_des_stream_ctx *c = ctx;
    const zc_des_key *k = c->zc_key;

    if (is_mode(c, ZC_DES_IM_CTR))
        return zc_des_ctr_crypt(k, c->zc_iv, in, out, n);
    if (is_mode(c, ZC_DES_IM_CFB))
        return (c->zc_decrypt ? zc_des_cfb_decrypt : zc_des_cfb_encrypt)(k, c->zc_iv, in, out, n);
    return zc_des_ofb_crypt(k, c->zc_iv, in, out, n);
}

/* Start a keystream block: E(counter or IV) from the key's ECB. */
static int next_keystream(void *ctx)
{
    zc_des_stream_ctx *c = ctx;
    int rc = zc_des_ecb_encrypt(c->zc_key, c->zc_iv, c->zc_ks, 8);

    if (rc != ZC_OK)
        return rc;
    if (is_mode(c, ZC_DES_IM_CTR))
        zc_ctr_inc_be64(c->zc_iv);
    else if (is_mode(c, ZC_DES_IM_OFB))
        memcpy(c->zc_iv, c->zc_ks, 8);
    return ZC_OK;
}

int zc_des_stream_update(zc_des_stream_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    struct zc_stream s;
    int rc;

    if (c == NULL || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len))
        return ZC_EINVAL;
    if (c->zc_magic != ZC_DES_STREAM_MAGIC || zc_des_key_backend(c->zc_key) == ZC_BACKEND_AUTO)
        return ZC_ESTATE;
    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    if (len == 0)
        return ZC_OK;
    s = (struct zc_stream){ c->zc_iv, c->zc_ks, c->zc_fb, &c->zc_used, 8, c->zc_decrypt,
                            is_mode(c, ZC_DES_IM_CFB) };
    rc = zc_stream_update(&s, c, whole_blocks, next_keystream, in, out, len);
    if (rc != ZC_OK)
        zc_des_stream_wipe(c);      /* the position is lost: fail closed */
    return rc;
}

void zc_des_stream_wipe(zc_des_stream_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_des_stream_backend(const zc_des_stream_ctx *c)
{
    if (c == NULL || c->zc_magic != ZC_DES_STREAM_MAGIC)
        return ZC_BACKEND_AUTO;
    return (enum zc_backend)c->zc_backend;
}
