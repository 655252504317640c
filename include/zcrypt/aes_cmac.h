/**
 * @file zcrypt/aes_cmac.h
 * @ingroup zcrypt_aes
 * @brief AES-CMAC (NIST SP 800-38B, RFC 4493): one-shot and streaming.
 *
 * CMAC is CBC-MAC over the message whose last block is first combined
 * with one of two subkeys derived from the key, so that messages of any
 * length (the empty one included) are authenticated safely. The tag is the
 * full 16-byte MAC or a prefix of it (1..16 bytes). Verification
 * (zc_aes_cmac_verify(), zc_aes_cmac_final_verify()) compares in constant
 * time and takes tags of ::ZC_MAC_VERIFY_MIN (8) bytes or more, as
 * SP 800-38B recommends: a shorter tag is forgeable by guessing.
 *
 * On CPACF, KMAC chains the full blocks and PCC (Compute Last Block CMAC)
 * finishes the last one; when either is missing, a ZC_BACKEND_AUTO key
 * runs CMAC in software and a ZC_BACKEND_CPACF key answers ZC_ENOTSUP
 * (see zc_aes_mode_backend() with ::ZC_AES_CMAC). The software backend is
 * the constant-time bitsliced AES of zcrypt/aes.h. Both give identical
 * tags for 16-, 24- and 32-byte keys.
 *
 * @code
 * uint8_t tag[16];
 * zc_aes_cmac_ctx c;
 * if (zc_aes_cmac_init(&c, &key) == ZC_OK) {
 *     zc_aes_cmac_update(&c, hdr, hdr_len);
 *     zc_aes_cmac_update(&c, body, body_len);
 *     zc_aes_cmac_final(&c, tag, sizeof tag);   // wipes c
 * }
 * @endcode
 */
#ifndef ZCRYPT_AES_CMAC_H
#define ZCRYPT_AES_CMAC_H

#include <zcrypt/aes.h>

#ifdef __cplusplus
extern "C" {
#endif

/** CMAC-AES full tag size in bytes. */
#define ZC_AES_CMAC_SIZE 16

/**
 * @brief One-shot AES-CMAC.
 * @param k       an initialised AES key (16, 24 or 32 bytes)
 * @param msg     the message; may be NULL only when @p len is 0
 * @param len     any length, 0 included
 * @param tag     receives the first @p tag_len bytes of the MAC
 * @param tag_len 1..16
 * @return ZC_OK;
 *         ZC_EINVAL for a NULL or uninitialised key, NULL @p msg with
 *         @p len > 0, NULL @p tag, or @p tag_len outside 1..16;
 *         ZC_ENOTSUP when the key was made with ZC_BACKEND_CPACF and this
 *         machine lacks KMAC or PCC-CMAC for the key size.
 *         On error nothing is written.
 */
ZC_API int zc_aes_cmac(const zc_aes_key *k, const uint8_t *msg, size_t len,
                       uint8_t *tag, size_t tag_len);

/**
 * @brief One-shot verification: ZC_OK when @p tag is the first @p tag_len
 *        bytes of the AES-CMAC of @p msg, ZC_EAUTH when not. The
 *        comparison is constant-time.
 * @param k       an initialised AES key
 * @param msg     the message; may be NULL only when @p len is 0
 * @param len     any length, 0 included
 * @param tag     the expected tag
 * @param tag_len ::ZC_MAC_VERIFY_MIN (8) .. 16: a shorter tag is
 *                forgeable by guessing, whatever the protocol says
 * @return ZC_OK; ZC_EAUTH; ZC_EINVAL for a NULL or uninitialised key,
 *         NULL @p msg with @p len > 0, NULL @p tag, or @p tag_len outside
 *         8..16; ZC_ENOTSUP as zc_aes_cmac().
 */
ZC_API int zc_aes_cmac_verify(const zc_aes_key *k, const uint8_t *msg, size_t len,
                              const uint8_t *tag, size_t tag_len);

/**
 * @brief A streaming AES-CMAC context. Caller-allocated; fields are private.
 *
 * The context refers to the caller's key object: that key must stay alive,
 * unchanged and not wiped from zc_aes_cmac_init() until the context is
 * finished (zc_aes_cmac_final(), zc_aes_cmac_final_verify()) or wiped. Several
 * contexts may share one key, also across threads.
 *
 * It holds the CBC-MAC chaining value and up to one block of pending data:
 * a full block is kept back until more data arrives, because the last
 * block of the message is treated differently. Wipe it with
 * zc_aes_cmac_wipe() when abandoning it; final and verify wipe it
 * themselves. Plain assignment copies a running context (to MAC a common
 * prefix once), as long as the key outlives both copies.
 */
typedef struct zc_aes_cmac_ctx {
    /** @cond PRIVATE */
    const zc_aes_key *zc_key;   /* the caller's key; not owned */
    uint8_t  zc_cv[16];         /* CBC-MAC chaining value (KMAC parameter) */
    uint8_t  zc_buf[16];        /* pending data: the possible last block */
    uint32_t zc_buf_len;        /* bytes in zc_buf, 0..16 */
    uint32_t zc_magic;          /* set by init, cleared by final and wipe */
    uint8_t  zc_backend;        /* enum zc_backend actually used */
    uint8_t  zc_pad[7];
    /** @endcond */
} zc_aes_cmac_ctx;

/**
 * @brief Start a MAC with a key.
 * @param c an uninitialised or finished context (overwritten)
 * @param k an initialised AES key; it must outlive the context (see
 *          ::zc_aes_cmac_ctx)
 * @return ZC_OK; ZC_EINVAL for NULL @p c or a NULL or uninitialised key;
 *         ZC_ENOTSUP when the key was made with ZC_BACKEND_CPACF and this
 *         machine lacks KMAC or PCC-CMAC for the key size (@p c is then
 *         left unchanged).
 */
ZC_API int zc_aes_cmac_init(zc_aes_cmac_ctx *c, const zc_aes_key *k);

/**
 * @brief Feed message data.
 * @param c    an initialised context
 * @param data the bytes; may be NULL only when @p len is 0
 * @param len  any length
 * @return ZC_OK; ZC_EINVAL for NULL @p c or NULL @p data with @p len > 0;
 *         ZC_ESTATE when @p c was never initialised, is already finished,
 *         or its key has been wiped meanwhile.
 */
ZC_API int zc_aes_cmac_update(zc_aes_cmac_ctx *c, const uint8_t *data, size_t len);

/**
 * @brief Finish: write the first @p tag_len bytes of the MAC and wipe the
 *        context.
 * @param c       an initialised context
 * @param tag     receives the tag
 * @param tag_len 1..16
 * @return ZC_OK; ZC_EINVAL for NULL arguments or @p tag_len outside 1..16
 *         (nothing written, the context stays usable); ZC_ESTATE when @p c
 *         was never initialised, is already finished, or its key has been
 *         wiped meanwhile.
 */
ZC_API int zc_aes_cmac_final(zc_aes_cmac_ctx *c, uint8_t *tag, size_t tag_len);

/**
 * @brief Finish and compare the MAC with an expected tag in constant time,
 *        then wipe the context.
 * @param c       an initialised context
 * @param tag     the expected tag: the first @p tag_len bytes of the MAC
 * @param tag_len ::ZC_MAC_VERIFY_MIN (8) .. 16
 * @return ZC_OK when the tag matches; ZC_EAUTH when it does not;
 *         ZC_EINVAL for NULL arguments or @p tag_len outside 8..16 (the
 *         context stays usable); ZC_ESTATE as zc_aes_cmac_final().
 */
ZC_API int zc_aes_cmac_final_verify(zc_aes_cmac_ctx *c, const uint8_t *tag, size_t tag_len);

/**
 * @brief Clear a context, including the chaining value and pending data.
 *        The key it refers to is not touched. NULL is ignored.
 */
ZC_API void zc_aes_cmac_wipe(zc_aes_cmac_ctx *c);

/**
 * @brief The backend a context runs on: ZC_BACKEND_CPACF or
 *        ZC_BACKEND_SOFTWARE; ZC_BACKEND_AUTO for NULL or an uninitialised
 *        or finished context.
 */
ZC_API enum zc_backend zc_aes_cmac_backend(const zc_aes_cmac_ctx *c);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_CMAC_H */
