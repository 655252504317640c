/*
 * stream_split.h - drive the AES stream contexts (zcrypt/aes_stream.h) in
 * random pieces, one way for the hosted suites and the bare-metal runner.
 * Include after <zcrypt.h>, testutil.h and vectors/aes_kat.h (for the
 * ZC_KAT_* mode numbers).
 */
#ifndef ZC_TEST_STREAM_SPLIT_H
#define ZC_TEST_STREAM_SPLIT_H

#include <string.h>

#include "split_pieces.h"

/* Start a stream for a known-answer mode number (CFB, OFB or CTR). */
static inline int tu_stream_init(zc_aes_stream_ctx *s, int mode, int enc, const zc_aes_key *k,
                                 const uint8_t iv[16])
{
    switch (mode) {
    case ZC_KAT_CFB: return zc_aes_cfb_stream_init(s, k, iv, !enc);
    case ZC_KAT_OFB: return zc_aes_ofb_stream_init(s, k, iv);
    default:         return zc_aes_ctr_stream_init(s, k, iv);
    }
}

/* tu_stream_split(): split_pieces.h's driver for this context. */
TU_DEFINE_STREAM_SPLIT(tu_stream_split, zc_aes_stream_ctx, zc_aes_stream_update)

#endif /* ZC_TEST_STREAM_SPLIT_H */
