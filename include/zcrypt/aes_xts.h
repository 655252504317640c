/**
 * @file zcrypt/aes_xts.h
 * @ingroup zcrypt_aes
 * @brief XTS-AES (IEEE Std 1619, NIST SP 800-38E): storage encryption of one
 *        data unit per call, with ciphertext stealing for any length >= 16.
 *
 * XTS takes two AES keys of the same size: @c k1 encrypts the data, @c k2
 * encrypts the 16-byte tweak (the data-unit sequence number, by IEEE 1619
 * convention a little-endian 128-bit integer, e.g. sector 5 is
 * `05 00 00 ... 00`). XTS-AES-128 uses two 16-byte keys and XTS-AES-256 two
 * 32-byte keys; there is no XTS with 24-byte keys. OpenSSL's "aes-128-xts"
 * key is @c k1 followed by @c k2, and its IV is the tweak.
 *
 * Both keys must have been prepared with zc_aes_key_init() on the same
 * backend. On CPACF the tweak is turned into the XTS parameter by PCC and
 * the data is ciphered by KM-XTS; when KM-XTS or PCC is missing, a
 * ZC_BACKEND_AUTO key runs XTS in software and a ZC_BACKEND_CPACF key
 * answers ZC_ENOTSUP (see zc_aes_mode_backend() with ::ZC_AES_XTS). The
 * software backend is the constant-time bitsliced AES of zcrypt/aes.h.
 *
 * Each call is one complete data unit: there is no streaming state, and a
 * length that is not a multiple of 16 is handled by ciphertext stealing
 * (the last full block and the partial block swap roles, as IEEE 1619
 * defines). A data unit may be any length from 16 bytes up.
 *
 * Encryption refuses @c k1 equal to @c k2 with ZC_EINVAL (FIPS 140-3
 * implementation guidance C.I for SP 800-38E; OpenSSL refuses it too).
 * Decryption accepts equal keys, so that data written with them (IEEE 1619
 * Vector 1 uses two all-zero keys) can still be read. The comparison is
 * made in constant time on the clear keys: clear keys, and protected keys
 * made from a clear key (zc_aes_key_init_protected()). Secure-key
 * protected keys are compared by their blobs: the same blob is refused,
 * but two different blobs that wrap the same key cannot be told apart.
 * Ephemeral protected keys are random, so only the same key object passed
 * twice is refused.
 *
 * XTS gives confidentiality only, not integrity: a modified ciphertext
 * decrypts to garbage without any error.
 *
 * In-place operation (in == out) is allowed; partial overlap is ZC_EINVAL.
 * On any error nothing is written.
 *
 * @code
 * zc_aes_key k1, k2;
 * uint8_t tweak[16] = { 5 };          // data unit (sector) number 5
 * if (zc_aes_key_init(&k1, key, 32, ZC_BACKEND_AUTO) == ZC_OK &&
 *     zc_aes_key_init(&k2, key + 32, 32, ZC_BACKEND_AUTO) == ZC_OK)
 *     zc_aes_xts_encrypt(&k1, &k2, tweak, sector, sector, 512);
 * zc_aes_key_wipe(&k1);
 * zc_aes_key_wipe(&k2);
 * @endcode
 */
#ifndef ZCRYPT_AES_XTS_H
#define ZCRYPT_AES_XTS_H

#include <zcrypt/aes.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Encrypt one XTS data unit.
 * @param k1    data key: 16 or 32 bytes
 * @param k2    tweak key: the same size and backend as @p k1, and a
 *              different key (see above)
 * @param tweak the 16-byte tweak (data-unit number, little-endian by
 *              IEEE 1619 convention); not modified
 * @param in    plaintext, @p len bytes
 * @param out   ciphertext, @p len bytes; may equal @p in
 * @param len   16 to 2^24 (2^20 blocks, the SP 800-38E limit for one
 *              data unit); any length in between (ciphertext stealing)
 * @return ZC_OK;
 *         ZC_EINVAL for a NULL or uninitialised key, a NULL @p tweak,
 *         @p in or @p out, @p len < 16 or > 2^24, 24-byte keys, keys of different
 *         sizes or different backends (zc_aes_key_backend()), partial
 *         overlap of @p in and @p out, or @p k1 and @p k2 holding the
 *         same key (encryption only; see above);
 *         ZC_ENOTSUP when the keys were made with ZC_BACKEND_CPACF and this
 *         machine lacks KM-XTS or PCC-XTS for the key size.
 *         On error nothing is written.
 */
ZC_API int zc_aes_xts_encrypt(const zc_aes_key *k1, const zc_aes_key *k2,
                              const uint8_t tweak[16],
                              const uint8_t *in, uint8_t *out, size_t len);

/**
 * @brief Decrypt one XTS data unit.
 *
 * Same parameters as zc_aes_xts_encrypt(), with @p in the ciphertext and
 * @p out the plaintext. There is no integrity check. Equal keys are
 * accepted here.
 *
 * @return as zc_aes_xts_encrypt(), but equal keys are no error.
 */
ZC_API int zc_aes_xts_decrypt(const zc_aes_key *k1, const zc_aes_key *k2,
                              const uint8_t tweak[16],
                              const uint8_t *in, uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_XTS_H */
