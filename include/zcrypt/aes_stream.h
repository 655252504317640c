/**
 * @file zcrypt/aes_stream.h
 * @ingroup zcrypt_aes
 * @brief Streaming AES-CTR, CFB-128 and OFB contexts that take any chunk
 *        sizes.
 *
 * The one-shot calls of zcrypt/aes.h continue a stream across calls only
 * while every call is a whole number of 16-byte blocks: a call whose
 * length is not a multiple of 16 ends the stream. A program that reads a
 * pipe or a socket gets chunks of whatever size arrives; it needs these
 * contexts. They keep the unused part of the current keystream block, so
 * that any split of the text into update calls (empty ones included)
 * gives exactly the output of one one-shot call over the whole text.
 *
 * Whole blocks run through the key's one-shot mode call (so they run
 * where zc_aes_mode_backend() says), and a partial block takes one
 * keystream block from the key's ECB; the contexts therefore work on every
 * key the mode calls accept, on every backend.
 *
 * @code
 * zc_aes_stream_ctx s;
 * if (zc_aes_ctr_stream_init(&s, &key, ctr) == ZC_OK) {
 *     while ((n = read(fd, buf, sizeof buf)) > 0)
 *         zc_aes_stream_update(&s, buf, buf, (size_t)n);   // any n
 *     zc_aes_stream_wipe(&s);
 * }
 * @endcode
 */
#ifndef ZCRYPT_AES_STREAM_H
#define ZCRYPT_AES_STREAM_H

#include <zcrypt/aes.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A CTR, CFB-128 or OFB stream. Caller-allocated; fields are private.
 *
 * The context refers to the caller's key object: that key must stay alive
 * and unchanged from the init call until the context is wiped; a context
 * whose key has been wiped answers ZC_ESTATE. Several contexts may share
 * one key, also across threads. It holds keystream material: wipe it with
 * zc_aes_stream_wipe() when done. Plain assignment copies a running
 * stream (as long as the key outlives both copies).
 */
typedef struct zc_aes_stream_ctx {
    /** @cond PRIVATE */
    const zc_aes_key *zc_key;   /* the caller's key; not owned */
    uint8_t  zc_iv[16];         /* counter or IV of the next whole block */
    uint8_t  zc_ks[16];         /* keystream of the current partial block */
    uint8_t  zc_fb[16];         /* CFB: ciphertext of the current partial block */
    uint32_t zc_used;           /* bytes of zc_ks used: 0 (none pending) .. 15 */
    uint32_t zc_magic;          /* set by init, cleared by wipe */
    uint8_t  zc_mode;           /* enum zc_aes_mode: CTR, CFB or OFB */
    uint8_t  zc_decrypt;        /* CFB direction */
    uint8_t  zc_backend;        /* the mode's backend for this key */
    uint8_t  zc_pad[5];
    /** @endcond */
} zc_aes_stream_ctx;

/**
 * @brief Start a CTR stream (encryption = decryption).
 * @param c   the context (overwritten)
 * @param k   an initialised AES key; it must outlive the context
 * @param ctr the initial 128-bit big-endian counter block (copied), as for
 *            zc_aes_ctr_crypt()
 * @return ZC_OK; ZC_EINVAL for NULL arguments or an uninitialised key;
 *         ZC_ENOTSUP for a ZC_BACKEND_CPACF key on a machine without
 *         KMCTR for its size (@p c is then left unchanged).
 */
ZC_API int zc_aes_ctr_stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k,
                                  const uint8_t ctr[16]);

/**
 * @brief Start a CFB-128 stream.
 * @param c       the context (overwritten)
 * @param k       an initialised AES key; it must outlive the context
 * @param iv      the 16-byte IV (copied)
 * @param decrypt 0 to encrypt, 1 to decrypt
 * @return ZC_OK; ZC_EINVAL for NULL arguments, an uninitialised key or
 *         @p decrypt other than 0 or 1; ZC_ENOTSUP as
 *         zc_aes_ctr_stream_init() (KMF instead of KMCTR).
 */
ZC_API int zc_aes_cfb_stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k,
                                  const uint8_t iv[16], int decrypt);

/**
 * @brief Start an OFB stream (encryption = decryption).
 * @param c  the context (overwritten)
 * @param k  an initialised AES key; it must outlive the context
 * @param iv the 16-byte IV (copied)
 * @return as zc_aes_ctr_stream_init() (KMO instead of KMCTR).
 */
ZC_API int zc_aes_ofb_stream_init(zc_aes_stream_ctx *c, const zc_aes_key *k,
                                  const uint8_t iv[16]);

/**
 * @brief Encrypt or decrypt the next @p len bytes of the stream.
 * @param c   an initialised context
 * @param in  input; NULL only when @p len is 0
 * @param out output, @p len bytes; may equal @p in (no partial overlap)
 * @param len any length, 0 included
 * @return ZC_OK; ZC_EINVAL for NULL @p c, NULL buffers with @p len > 0 or
 *         partial overlap (nothing written, context unchanged); ZC_ESTATE
 *         when @p c was never initialised or has been wiped, or its key
 *         has been wiped meanwhile. Should the key's backend fail inside
 *         the call, its error is returned and the context is wiped (the
 *         stream position is lost; @p out may hold part of the output).
 */
ZC_API int zc_aes_stream_update(zc_aes_stream_ctx *c, const uint8_t *in, uint8_t *out,
                                size_t len);

/**
 * @brief Clear a context (counter or IV, keystream, pending data). The key
 *        it refers to is not touched. NULL is ignored.
 */
ZC_API void zc_aes_stream_wipe(zc_aes_stream_ctx *c);

/**
 * @brief Where the stream's whole blocks run: ZC_BACKEND_CPACF or
 *        ZC_BACKEND_SOFTWARE, as zc_aes_mode_backend() for the key and
 *        mode at init; ZC_BACKEND_AUTO for NULL or an uninitialised or
 *        wiped context. (A partial block's keystream comes from the key's
 *        ECB, which is KM on any CPACF key.)
 */
ZC_API enum zc_backend zc_aes_stream_backend(const zc_aes_stream_ctx *c);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_STREAM_H */
