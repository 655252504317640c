/*
 * stream_core.h - the byte-granular part of the stream contexts, shared
 * by the AES (aes_stream.c, 16-byte blocks) and DES (des_stream.c, 8-byte
 * blocks) families.
 *
 * An update first uses up the keystream block it is part-way through,
 * hands every whole block to the family's one-shot mode call (which
 * advances the counter or IV), and for a tail starts one keystream block
 * and keeps it for the next update. For CFB the next block's input is the
 * ciphertext block, collected in fb as its bytes pass (from out when
 * encrypting, from in when decrypting, read before out is written so
 * in == out works). Lengths are the only thing the code branches on.
 */
#ifndef ZC_LIB_STREAM_CORE_H
#define ZC_LIB_STREAM_CORE_H

#include <zcrypt/common.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A family's context, seen through its fields. */
struct zc_stream {
    uint8_t *iv;        /* counter or IV of the next whole block */
    uint8_t *ks;        /* keystream of the current partial block */
    uint8_t *fb;        /* CFB: ciphertext of the current partial block */
    uint32_t *used;     /* bytes of ks used: 0 (none pending) .. bs - 1 */
    size_t bs;          /* block size: 16 or 8 */
    int decrypt;        /* CFB direction */
    int cfb;            /* the next block's input is the ciphertext */
};

/* Use up to n bytes of the pending keystream block; returns the count. */
static inline size_t zc_stream_use(const struct zc_stream *s, const uint8_t *in, uint8_t *out,
                                   size_t n)
{
    size_t i, u = *s->used;

    if (n > s->bs - u)
        n = s->bs - u;
    for (i = 0; i < n; i++, u++) {
        uint8_t x = in[i];

        out[i] = x ^ s->ks[u];
        s->fb[u] = s->decrypt ? x : out[i];     /* CFB feedback */
    }
    if (u == s->bs) {
        if (s->cfb)
            memcpy(s->iv, s->fb, s->bs);
        u = 0;
    }
    *s->used = (uint32_t)u;
    return n;
}

/*
 * One update of len > 0 bytes. whole(ctx, in, out, n) is the family's
 * one-shot mode call on n whole-block bytes; next(ctx) puts E(iv) into ks
 * and advances iv for CTR and OFB. Returns ZC_OK or the first error (the
 * caller then wipes the context: the position is lost).
 */
static inline int zc_stream_update(const struct zc_stream *s, void *ctx,
                                   int (*whole)(void *ctx, const uint8_t *in, uint8_t *out,
                                                size_t n),
                                   int (*next)(void *ctx),
                                   const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n;
    int rc = ZC_OK;

    if (*s->used) {
        n = zc_stream_use(s, in, out, len);
        in += n;
        out += n;
        len -= n;
    }
    n = len & ~(s->bs - 1);
    if (n) {
        rc = whole(ctx, in, out, n);
        in += n;
        out += n;
        len -= n;
    }
    if (rc == ZC_OK && len) {
        rc = next(ctx);
        if (rc == ZC_OK)
            zc_stream_use(s, in, out, len);
    }
    return rc;
}

#endif /* ZC_LIB_STREAM_CORE_H */
