/**
 * @file zcrypt/des.h
 * @ingroup zcrypt_des
 * @brief DES and Triple DES (ECB, CBC) for legacy interoperability.
 *
 * Key length 8 = single DES, 16 = two-key TDES (K1, K2, K1), 24 =
 * three-key TDES. Single DES is broken by exhaustive search and two-key
 * TDES is weak; they are here for existing data and for comparing the
 * machine's DEA/TDEA functions with software. Parity bits are ignored.
 * Weak and semi-weak DES keys are accepted, as the standards do (FIPS
 * 46-3 warns against them; NIST SP 800-67 lists them); avoid them.
 *
 * On CPACF: KM and KMC with DEA (1), TDEA-128 (2) or TDEA-192 (3). The
 * software backend computes the S-boxes with bit operations, in constant
 * time. Backend rules are those of zcrypt/aes.h.
 */
#ifndef ZCRYPT_DES_H
#define ZCRYPT_DES_H

#include <zcrypt/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** DES block size in bytes. */
#define ZC_DES_BLOCK 8

/**
 * @brief A DES or TDES key. Caller-allocated; fields are private. Wipe it
 *        with zc_des_key_wipe(). Like the AES key it has room for a
 *        protected key (wrapped key + 24-byte verification pattern).
 */
typedef struct zc_des_key {
    /** @cond PRIVATE */
    uint32_t zc_sk[96];         /* software: round keys for up to three passes */
    uint8_t  zc_key[24];        /* clear key: the CPACF parameter-block key */
    uint8_t  zc_prot[64];       /* protected key: wrapped key + WKVP */
    uint32_t zc_gen;            /* protected-key generation (seqlock) */
    uint32_t zc_magic;
    uint8_t  zc_key_len;        /* 8, 16 or 24 */
    uint8_t  zc_passes;         /* 1 or 3 */
    uint8_t  zc_backend;
    uint8_t  zc_fc;             /* KM/KMC function code */
    uint8_t  zc_cpacf_modes;    /* bit per mode: ECB, CBC, CFB, OFB, CTR, CMAC */
    uint8_t  zc_kind;
    uint8_t  zc_strict;         /* made with ZC_BACKEND_CPACF: never falls back */
    uint8_t  zc_pad;
    /** @endcond */
} zc_des_key;

/**
 * @brief Prepare a DES/TDES key.
 * @param k       the key object (overwritten)
 * @param key     8, 16 or 24 bytes
 * @param key_len the key length
 * @param backend ZC_BACKEND_AUTO, ZC_BACKEND_CPACF or ZC_BACKEND_SOFTWARE
 * @return ZC_OK; ZC_EINVAL for NULL arguments, a bad @p key_len or
 *         @p backend (nothing written); ZC_ENOTSUP for ZC_BACKEND_CPACF when
 *         KM lacks the function code, and for a key that would run in
 *         software while the hardware-only policy is on (zcrypt/stats.h;
 *         its mode calls are refused the same way).
 */
ZC_API int zc_des_key_init(zc_des_key *k, const uint8_t *key, size_t key_len,
                           enum zc_backend backend);

/** @brief Clear every byte of a key object. NULL is ignored. */
ZC_API void zc_des_key_wipe(zc_des_key *k);

/**
 * @brief ZC_BACKEND_CPACF or ZC_BACKEND_SOFTWARE as prepared
 *        (ZC_BACKEND_AUTO for NULL or an uninitialised key).
 */
ZC_API enum zc_backend zc_des_key_backend(const zc_des_key *k);

/**
 * @brief ECB encryption; @p len a multiple of 8.
 * @return ZC_OK; ZC_EINVAL for NULL arguments with len > 0, a length not a
 *         multiple of 8, partial overlap, an uninitialised key.
 */
ZC_API int zc_des_ecb_encrypt(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len);
/** @brief ECB decryption. Errors as zc_des_ecb_encrypt(). */
ZC_API int zc_des_ecb_decrypt(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len);

/**
 * @brief CBC encryption; @p iv (8 bytes) is updated to continue the stream.
 * @return as zc_des_ecb_encrypt(); ZC_ENOTSUP for a ZC_BACKEND_CPACF key
 *         without KMC.
 */
ZC_API int zc_des_cbc_encrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                              uint8_t *out, size_t len);
/** @brief CBC decryption. Errors as zc_des_cbc_encrypt(). */
ZC_API int zc_des_cbc_decrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                              uint8_t *out, size_t len);

/**
 * @brief CFB-64 encryption, any length; @p iv (8 bytes) is updated to
 *        continue the stream. A call whose @p len is not a multiple of 8
 *        ends the stream.
 * @return ZC_OK; ZC_EINVAL for NULL arguments with len > 0, partial
 *         overlap, an uninitialised key; ZC_ENOTSUP for a ZC_BACKEND_CPACF
 *         key without KMF; ZC_EDEVICE when the machine answers what cannot
 *         happen (output zeroed, @p iv as before).
 */
ZC_API int zc_des_cfb_encrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                              uint8_t *out, size_t len);
/** @brief CFB-64 decryption. Errors as zc_des_cfb_encrypt(). */
ZC_API int zc_des_cfb_decrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                              uint8_t *out, size_t len);

/**
 * @brief OFB mode (encryption = decryption), any length, with the stream
 *        rule of zc_des_cfb_encrypt().
 * @return as zc_des_cfb_encrypt() (KMO instead of KMF).
 */
ZC_API int zc_des_ofb_crypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                            uint8_t *out, size_t len);

/**
 * @brief CTR mode, any length: @p ctr is the 8-byte counter block,
 *        incremented big-endian modulo 2^64 per block (also after a partial
 *        last block, which ends the stream).
 * @return as zc_des_cfb_encrypt() (KMCTR instead of KMF).
 */
ZC_API int zc_des_ctr_crypt(const zc_des_key *k, uint8_t ctr[8], const uint8_t *in,
                            uint8_t *out, size_t len);

/**
 * @brief CMAC (NIST SP 800-38B with the 64-bit block): the first
 *        @p tag_len (1..8) bytes of the MAC of @p msg.
 *
 * With a 16- or 24-byte key this is TDES-CMAC as SP 800-38B specifies it.
 * With an 8-byte key it is single-DES CMAC, a legacy form (56-bit key)
 * offered because IBM's libraries offer it; do not use it for new designs.
 * Runs on KMAC + PCC where installed.
 * @return ZC_OK; ZC_EINVAL for NULL arguments (@p msg may be NULL when
 *         @p len is 0), a bad @p tag_len, an uninitialised key; ZC_ENOTSUP
 *         for a ZC_BACKEND_CPACF key without KMAC or PCC; ZC_EDEVICE as
 *         zc_des_cfb_encrypt() (nothing written to @p tag).
 */
ZC_API int zc_des_cmac(const zc_des_key *k, const uint8_t *msg, size_t len, uint8_t *tag,
                       size_t tag_len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_DES_H */
