/*
 * des_stream_split.h - drive the DES stream contexts (zcrypt/des_stream.h)
 * in random pieces, one way for the hosted suite and the bare-metal
 * runner. Include after <zcrypt.h>, testutil.h and vectors/des_kat.h (for
 * the ZC_DES_KAT_* mode numbers).
 */
#ifndef ZC_TEST_DES_STREAM_SPLIT_H
#define ZC_TEST_DES_STREAM_SPLIT_H

#include <string.h>

/* Start a stream for a known-answer mode number (CFB, OFB or CTR). */
static inline int tu_des_stream_init(zc_des_stream_ctx *s, int mode, int enc,
                                     const zc_des_key *k, const uint8_t iv[8])
{
    switch (mode) {
    case ZC_DES_KAT_CFB: return zc_des_cfb_stream_init(s, k, iv, !enc);
    case ZC_DES_KAT_OFB: return zc_des_ofb_stream_init(s, k, iv);
    default:             return zc_des_ctr_stream_init(s, k, iv);
    }
}

/* The one-shot call of the same mode (iv updated). */
static inline int tu_des_mode(int mode, int enc, const zc_des_key *k, uint8_t iv[8],
                              const uint8_t *in, uint8_t *out, size_t len)
{
    switch (mode) {
    case ZC_DES_KAT_CFB:
        return (enc ? zc_des_cfb_encrypt : zc_des_cfb_decrypt)(k, iv, in, out, len);
    case ZC_DES_KAT_OFB: return zc_des_ofb_crypt(k, iv, in, out, len);
    default:             return zc_des_ctr_crypt(k, iv, in, out, len);
    }
}

/*
 * Feed len bytes in random pieces of 0..max_piece bytes (empty ones
 * included), every other piece in place (copied to out first). Returns
 * ZC_OK or the first error.
 */
static inline int tu_des_stream_split(zc_des_stream_ctx *s, uint64_t *seed, const uint8_t *in,
                                      uint8_t *out, size_t len, size_t max_piece)
{
    size_t off = 0;
    int rc = ZC_OK;

    while (rc == ZC_OK && off < len) {
        size_t n = (size_t)(tu_rand(seed) % (max_piece + 1));

        if (n > len - off)
            n = len - off;
        if (tu_rand(seed) & 1) {
            memmove(out + off, in + off, n);
            rc = zc_des_stream_update(s, n ? out + off : NULL, n ? out + off : NULL, n);
        } else {
            rc = zc_des_stream_update(s, n ? in + off : NULL, n ? out + off : NULL, n);
        }
        off += n;
    }
    return rc;
}

#endif /* ZC_TEST_DES_STREAM_SPLIT_H */
