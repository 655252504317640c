/*
 * des_stream_split.h - drive the DES stream contexts (zcrypt/des_stream.h)
 * in random pieces, one way for the hosted suite and the bare-metal
 * runner. Include after <zcrypt.h>, testutil.h and vectors/des_kat.h (for
 * the ZC_DES_KAT_* mode numbers).
 */
#ifndef ZC_TEST_DES_STREAM_SPLIT_H
#define ZC_TEST_DES_STREAM_SPLIT_H

#include <string.h>

#include "split_pieces.h"

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

/* tu_des_stream_split(): split_pieces.h's driver for this context. */
TU_DEFINE_STREAM_SPLIT(tu_des_stream_split, zc_des_stream_ctx, zc_des_stream_update)

#endif /* ZC_TEST_DES_STREAM_SPLIT_H */
