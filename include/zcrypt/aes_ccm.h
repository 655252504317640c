/**
 * @file zcrypt/aes_ccm.h
 * @ingroup zcrypt_aes
 * @brief AES-CCM (NIST SP 800-38C, RFC 3610): one-shot authenticated
 *        encryption.
 *
 * CCM authenticates the nonce, the additional data and the payload with
 * a CBC-MAC and encrypts the payload and the MAC in counter mode. Nonces
 * are 7 to 13 bytes; the shorter the nonce, the longer a payload may be:
 * with an n-byte nonce the payload length must fit in 15 - n bytes (below
 * 2^(8 * (15 - n)) bytes: 64 KiB for 13-byte nonces, 2^56 bytes for
 * 8-byte ones). Tags are 4, 6, 8, 10, 12, 14 or 16 bytes; AAD may have
 * any length.
 *
 * On CPACF, KMAC (the key's AES function code) computes the CBC-MAC and
 * KMCTR the counter stream; when either is missing, a ZC_BACKEND_AUTO
 * key runs CCM in software and a ZC_BACKEND_CPACF key answers ZC_ENOTSUP
 * (see zc_aes_mode_backend() with ::ZC_AES_CCM). Protected keys use the
 * encrypted-key function codes and never software. The software backend
 * is the constant-time bitsliced AES of zcrypt/aes.h.
 *
 * Short tags: each failed decryption is a chance to forge; a 4-byte tag
 * is guessed once in 2^32 tries. Use 16 bytes unless the protocol fixes a
 * shorter tag (RFC 3610 and IEEE 802.15.4 use 4 to 16).
 */
#ifndef ZCRYPT_AES_CCM_H
#define ZCRYPT_AES_CCM_H

#include <zcrypt/aes.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief One-shot CCM encryption.
 * @param k         an initialised AES key
 * @param nonce     the nonce; never reuse one under a key
 * @param nonce_len 7..13
 * @param aad       additional authenticated data; NULL only when @p aad_len is 0
 * @param aad_len   its length, any
 * @param in        plaintext; NULL only when @p len is 0
 * @param out       ciphertext, @p len bytes; may equal @p in, must not
 *                  overlap it otherwise
 * @param len       payload length, below 2^(8 * (15 - @p nonce_len))
 * @param tag       receives the tag
 * @param tag_len   4, 6, 8, 10, 12, 14 or 16
 * @return ZC_OK; ZC_EINVAL for a NULL or uninitialised key, NULL @p nonce
 *         or @p tag, NULL buffers with a non-zero length, a @p nonce_len or
 *         @p tag_len outside the sets above, a @p len too long for the
 *         nonce, or partial overlap (nothing written); ZC_ENOTSUP for a
 *         ZC_BACKEND_CPACF key on a machine without KMAC or KMCTR for its
 *         size, or software under the hardware-only policy; ZC_EKEY,
 *         ZC_EDEVICE from the instructions (@p out zeroed).
 */
ZC_API int zc_aes_ccm_encrypt(const zc_aes_key *k, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *aad, size_t aad_len,
                              const uint8_t *in, uint8_t *out, size_t len,
                              uint8_t *tag, size_t tag_len);

/**
 * @brief One-shot CCM decryption and verification.
 *
 * The tag is compared in constant time. On a wrong tag the @p len output
 * bytes are zeroed: no unauthenticated plaintext is released.
 * @param k         an initialised AES key
 * @param nonce     the nonce used to encrypt
 * @param nonce_len 7..13
 * @param aad       additional authenticated data; NULL only when @p aad_len is 0
 * @param aad_len   its length
 * @param in        ciphertext; NULL only when @p len is 0
 * @param out       plaintext, @p len bytes; may equal @p in
 * @param len       payload length, below 2^(8 * (15 - @p nonce_len))
 * @param tag       the received tag
 * @param tag_len   4, 6, 8, 10, 12, 14 or 16
 * @return ZC_OK; ZC_EAUTH for a wrong tag (@p out zeroed); the errors of
 *         zc_aes_ccm_encrypt().
 */
ZC_API int zc_aes_ccm_decrypt(const zc_aes_key *k, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *aad, size_t aad_len,
                              const uint8_t *in, uint8_t *out, size_t len,
                              const uint8_t *tag, size_t tag_len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_CCM_H */
