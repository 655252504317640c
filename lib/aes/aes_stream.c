/*
 * aes_stream.c - AES-CTR, CFB-128 and OFB streams in chunks of any size.
 *
 * The one-shot mode calls of aes.c chain across calls only in whole
 * blocks. A stream context remembers the keystream block it is part-way
 * through: an update first uses up that block's remaining bytes, then
 * hands every whole block to the one-shot mode call (which advances the
 * counter or IV as usual), and for a tail of 1..15 bytes takes one
 * keystream block from the key's ECB, E(counter) or E(IV), and keeps it
 * for the next update. This is the usual construction for byte-granular
 * counter and feedback modes (SP 800-38A describes all three as a
 * keystream XORed into the text).
 *
 * How the next block's input follows from a block, per mode:
 *   CTR  counter + 1 (128-bit big-endian), known as soon as E(counter) is
 *   OFB  the keystream block itself, also known at once
 *   CFB  the ciphertext block, known only when its 16th byte has passed:
 *        zc_fb collects it (from out when encrypting, from in when
 *        decrypting, read before out is written so in == out works)
 *
 * The byte-granular part, shared with the DES streams, is
 * core/stream_core.h; this file supplies the AES mode calls.
 *
 * Nothing here touches the instructions or the key's internals beyond its
 * validity and the mode's backend: whole blocks and the ECB block go
 * through the public calls, so every backend and key kind works alike.
 * Lengths are the only thing the code branches on; the keystream and the
 * counter are secret and handled without data-dependent branches.
 */
#include "aes_int.h"
#include "core/stream_core.h"
#include "core/policy.h"
#include <zcrypt/aes_stream.h>

#define ZC_STREAM_MAGIC 0x7a637331u   /* "zcs1" */

static int stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k, const uint8_t iv[16],
                       enum zc_aes_imode mode, int decrypt)
{
    int b;

    if (c == NULL || iv == NULL || !zc_aes_key_valid(k) || (decrypt != 0 && decrypt != 1))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, mode);
    if (b < 0)
        return b;
    memset(c, 0, sizeof(*c));
    c->zc_key = k;
    memcpy(c->zc_iv, iv, 16);
    c->zc_mode = (uint8_t)mode;
    c->zc_decrypt = (uint8_t)decrypt;
    c->zc_backend = (uint8_t)b;
    c->zc_magic = ZC_STREAM_MAGIC;
    return ZC_OK;
}

int zc_aes_ctr_stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k, const uint8_t ctr[16])
{
    return stream_init(c, k, ctr, ZC_AES_IM_CTR, 0);
}

int zc_aes_cfb_stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k, const uint8_t iv[16],
                           int decrypt)
{
    return stream_init(c, k, iv, ZC_AES_IM_CFB, decrypt);
}

int zc_aes_ofb_stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k, const uint8_t iv[16])
{
    return stream_init(c, k, iv, ZC_AES_IM_OFB, 0);
}

/* Whole blocks through the one-shot mode call. */
static int whole_blocks(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    zc_aes_stream_ctx *c = ctx;
    const zc_aes_key *k = c->zc_key;

    switch (c->zc_mode) {
    case ZC_AES_IM_CTR:
        return zc_aes_ctr_crypt(k, c->zc_iv, in, out, n);
    case ZC_AES_IM_CFB:
        return (c->zc_decrypt ? zc_aes_cfb_decrypt : zc_aes_cfb_encrypt)(k, c->zc_iv, in, out, n);
    default:
        return zc_aes_ofb_crypt(k, c->zc_iv, in, out, n);
    }
}

/* Start a keystream block: E(counter or IV) from the key's ECB. */
static int next_keystream(void *ctx)
{
    zc_aes_stream_ctx *c = ctx;
    int rc = zc_aes_ecb_encrypt(c->zc_key, c->zc_iv, c->zc_ks, 16);

    if (rc != ZC_OK)
        return rc;
    if (c->zc_mode == ZC_AES_IM_CTR)
        zc_ctr_inc_be128(c->zc_iv);
    else if (c->zc_mode == ZC_AES_IM_OFB)
        memcpy(c->zc_iv, c->zc_ks, 16);
    return ZC_OK;
}

int zc_aes_stream_update(zc_aes_stream_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    struct zc_stream s;
    int rc;

    if (c == NULL || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len))
        return ZC_EINVAL;
    if (c->zc_magic != ZC_STREAM_MAGIC || !zc_aes_key_valid(c->zc_key))
        return ZC_ESTATE;
    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    zc_aes_stat(c->zc_key, (enum zc_aes_imode)c->zc_mode, c->zc_backend, c->zc_decrypt, len);
    if (len == 0)
        return ZC_OK;
    s = (struct zc_stream){ c->zc_iv, c->zc_ks, c->zc_fb, &c->zc_used, 16, c->zc_decrypt,
                            c->zc_mode == ZC_AES_IM_CFB };
    rc = zc_stream_update(&s, c, whole_blocks, next_keystream, in, out, len);
    if (rc != ZC_OK)
        zc_aes_stream_wipe(c);      /* the position is lost: fail closed */
    return rc;
}

void zc_aes_stream_wipe(zc_aes_stream_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_aes_stream_backend(const zc_aes_stream_ctx *c)
{
    if (c == NULL || c->zc_magic != ZC_STREAM_MAGIC)
        return ZC_BACKEND_AUTO;
    return (enum zc_backend)c->zc_backend;
}
