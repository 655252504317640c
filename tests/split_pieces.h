/*
 * split_pieces.h - one random-pieces driver for every stream context
 * (AES in stream_split.h, DES in des_stream_split.h): the contexts differ
 * in type and update call only, so the driver is written once as a macro
 * that defines a typed function for each.
 */
#ifndef ZC_TEST_SPLIT_PIECES_H
#define ZC_TEST_SPLIT_PIECES_H

#include <string.h>

/*
 * Defines name(ctx, seed, in, out, len, max_piece): feed len bytes in
 * random pieces of 0..max_piece bytes (empty ones included), every other
 * piece in place (copied to out first). Returns ZC_OK or the first error.
 */
#define TU_DEFINE_STREAM_SPLIT(name, ctx_type, update)                        \
static inline int name(ctx_type *s, uint64_t *seed, const uint8_t *in, uint8_t *out, \
                       size_t len, size_t max_piece)                          \
{                                                                             \
    size_t off = 0;                                                           \
    int rc = ZC_OK;                                                           \
                                                                              \
    while (rc == ZC_OK && off < len) {                                        \
        size_t n = (size_t)(tu_rand(seed) % (max_piece + 1));                 \
                                                                              \
        if (n > len - off)                                                    \
            n = len - off;                                                    \
        if (tu_rand(seed) & 1) {                                              \
            memmove(out + off, in + off, n);                                  \
            rc = update(s, n ? out + off : NULL, n ? out + off : NULL, n);    \
        } else {                                                              \
            rc = update(s, n ? in + off : NULL, n ? out + off : NULL, n);     \
        }                                                                     \
        off += n;                                                             \
    }                                                                         \
    return rc;                                                                \
}

#endif /* ZC_TEST_SPLIT_PIECES_H */
