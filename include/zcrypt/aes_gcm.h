/**
 * @file zcrypt/aes_gcm.h
 * @ingroup zcrypt_aes
 * @brief AES-GCM (NIST SP 800-38D): one-shot calls and a streaming context.
 *
 * On CPACF the one-shot calls use KMA (MSA-8) when it is installed and its
 * one-time known-answer self-test has passed in this process; otherwise,
 * and for the streaming context, KMCTR for the counter mode and KIMD-GHASH
 * for the authentication (MSA-4). The software backend is a constant-time
 * bitsliced AES with a constant-time GHASH.
 *
 * KMA has not been executed on any emulator available to the project
 * (neither QEMU 7.2 nor Hercules 3.13 implements it): its parameter block
 * is checked by static assertions and its output by the self-test, which
 * falls back to KMCTR + KIMD-GHASH (or software) when it fails.
 *
 * Limits: an IV of any length >= 1 byte (12 is the fast path), tags of 4,
 * 8, or 12 to 16 bytes, at most 2^36 - 32 bytes of text per IV.
 *
 * Short tags: 4- and 8-byte tags are accepted because SP 800-38D allows
 * them, but only under the limits of its Appendix C, which the caller
 * must enforce (the library keeps no count across calls). Each failed
 * decryption is a chance to forge, and GCM forgeries get easier as
 * messages get longer, so Appendix C bounds, per key, the number of
 * decryption invocations together with the combined length of ciphertext
 * and AAD in one message (the tables list the steps in between):
 * - 4-byte tags (Table 8): messages of at most 2^6 = 64 bytes; from 2^22
 *   invocations for 2-byte messages down to 2^11 for 64-byte ones.
 * - 8-byte tags (Table 9): messages of at most 2^25 bytes; from 2^32
 *   invocations for 2^15-byte messages down to 2^17 for 2^25-byte ones.
 *
 * Outside those limits use 12 to 16 bytes (16 unless bandwidth forbids it). The
 * MAC verification calls of zcrypt/hmac.h and zcrypt/aes_cmac.h take no
 * tag shorter than 8 bytes (::ZC_MAC_VERIFY_MIN).
 */
#ifndef ZCRYPT_AES_GCM_H
#define ZCRYPT_AES_GCM_H

#include <zcrypt/aes.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Largest amount of text GCM may protect under one IV: 2^36 - 32 bytes. */
#define ZC_GCM_MAX_TEXT (((uint64_t)1 << 36) - 32)

/** AAD and IV lengths must stay below 2^61 bytes (2^64 bits). */
#define ZC_GCM_MAX_AAD ((uint64_t)1 << 61)

/**
 * @brief One-shot authenticated encryption.
 * @param k        an initialised AES key
 * @param iv       the IV (nonce), @p iv_len >= 1 bytes; never reuse one under a key
 * @param iv_len   its length (12 recommended)
 * @param aad      additional authenticated data; NULL only when @p aad_len is 0
 * @param aad_len  its length
 * @param in       plaintext; NULL only when @p len is 0
 * @param out      ciphertext, @p len bytes; may equal @p in
 * @param len      text length, at most ::ZC_GCM_MAX_TEXT
 * @param tag      receives the tag
 * @param tag_len  4, 8, 12, 13, 14, 15 or 16 (4 and 8 only within the
 *                 limits in the file description)
 * @return ZC_OK; ZC_EINVAL for NULL arguments, @p iv_len 0, a tag length
 *         outside the set, @p len over the limit, partial overlap of
 *         @p in and @p out (nothing written); ZC_ENOTSUP for a
 *         ZC_BACKEND_CPACF key on a machine without GCM on CPACF.
 */
ZC_API int zc_aes_gcm_encrypt(const zc_aes_key *k, const uint8_t *iv, size_t iv_len,
                              const uint8_t *aad, size_t aad_len,
                              const uint8_t *in, uint8_t *out, size_t len,
                              uint8_t *tag, size_t tag_len);

/**
 * @brief One-shot authenticated decryption.
 *
 * The tag is compared in constant time. On a wrong tag the output is
 * zeroed, so no unauthenticated plaintext escapes.
 * @return ZC_OK; ZC_EAUTH for a wrong tag (@p out zeroed); otherwise as
 *         zc_aes_gcm_encrypt().
 */
ZC_API int zc_aes_gcm_decrypt(const zc_aes_key *k, const uint8_t *iv, size_t iv_len,
                              const uint8_t *aad, size_t aad_len,
                              const uint8_t *in, uint8_t *out, size_t len,
                              const uint8_t *tag, size_t tag_len);

/**
 * @brief A streaming GCM operation. Caller-allocated; fields are private.
 *
 * It refers to the key given to zc_aes_gcm_init(): the key must outlive
 * the context and must not be wiped while the context is in use.
 */
typedef struct zc_aes_gcm_ctx {
    /** @cond PRIVATE */
    const zc_aes_key *zc_key;
    uint8_t  zc_j0[16];         /* pre-counter block */
    uint8_t  zc_ctr[16];        /* next counter block */
    uint8_t  zc_y[16];          /* GHASH accumulator (CPACF: KIMD parameter block with zc_h) */
    uint8_t  zc_h[16];          /* hash subkey */
    uint8_t  zc_buf[16];        /* pending partial block of AAD or ciphertext */
    uint8_t  zc_ks[16];         /* keystream of the current partial block */
    uint64_t zc_aad_len;        /* bytes */
    uint64_t zc_text_len;       /* bytes */
    uint32_t zc_buf_len;
    uint32_t zc_magic;
    uint8_t  zc_phase;          /* AAD, text, or finished */
    uint8_t  zc_decrypt;
    uint8_t  zc_backend;
    uint8_t  zc_pad;
    /** @endcond */
} zc_aes_gcm_ctx;

/**
 * @brief Start a streaming encryption (@p decrypt 0) or decryption (1).
 * @return ZC_OK; ZC_EINVAL for NULL arguments, @p iv_len 0 or an
 *         uninitialised key; ZC_ENOTSUP as for zc_aes_gcm_encrypt().
 */
ZC_API int zc_aes_gcm_init(zc_aes_gcm_ctx *c, const zc_aes_key *k, const uint8_t *iv,
                           size_t iv_len, int decrypt);

/**
 * @brief Feed additional authenticated data; any number of calls, all
 *        before the first zc_aes_gcm_update().
 * @return ZC_OK; ZC_EINVAL for NULL with a non-zero length or AAD reaching
 *         ::ZC_GCM_MAX_AAD bytes in total; ZC_ESTATE after text has been
 *         processed, or for an unusable context (also when its key was wiped).
 */
ZC_API int zc_aes_gcm_aad(zc_aes_gcm_ctx *c, const uint8_t *aad, size_t len);

/**
 * @brief Encrypt or decrypt (as chosen at init) the next @p len bytes.
 *
 * Any split of the text gives the same result as one call. A streaming
 * decryption necessarily releases plaintext before the tag is checked by
 * zc_aes_gcm_final_verify(): do not act on it until that returns ZC_OK.
 * Only the one-shot zc_aes_gcm_decrypt() guarantees zeroed output on a
 * wrong tag.
 * @return ZC_OK; ZC_EINVAL for NULL with a non-zero length, partial overlap,
 *         or more than ::ZC_GCM_MAX_TEXT bytes in total (nothing written);
 *         ZC_ESTATE for an unusable context.
 */
ZC_API int zc_aes_gcm_update(zc_aes_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len);

/**
 * @brief Finish an encryption: write the tag; the context is wiped.
 * @return ZC_OK; ZC_EINVAL for a NULL @p tag or a bad @p tag_len (context
 *         kept); ZC_ESTATE for a decrypting or unusable context.
 */
ZC_API int zc_aes_gcm_final(zc_aes_gcm_ctx *c, uint8_t *tag, size_t tag_len);

/**
 * @brief Finish a decryption: compare the tag in constant time; the
 *        context is wiped.
 * @return ZC_OK when the tag matches; ZC_EAUTH when it does not; ZC_EINVAL
 *         for a NULL @p tag or a bad @p tag_len (context kept); ZC_ESTATE
 *         for an encrypting or unusable context.
 */
ZC_API int zc_aes_gcm_final_verify(zc_aes_gcm_ctx *c, const uint8_t *tag, size_t tag_len);

/** @brief Clear a context. NULL is ignored. */
ZC_API void zc_aes_gcm_wipe(zc_aes_gcm_ctx *c);

/**
 * @brief Where a streaming context runs: ZC_BACKEND_CPACF (KMCTR +
 *        KIMD-GHASH) or ZC_BACKEND_SOFTWARE; ZC_BACKEND_AUTO for NULL or an
 *        unusable context.
 */
ZC_API enum zc_backend zc_aes_gcm_backend(const zc_aes_gcm_ctx *c);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_GCM_H */
