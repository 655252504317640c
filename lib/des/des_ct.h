/*
 * des_ct.h - portable constant-time DES and Triple-DES (TDEA).
 *
 * Internal to libzcrypt: the software fallback used when CPACF is absent.
 * No secret-indexed memory access and no secret-dependent branch; see
 * des_ct.c for the technique.
 */
#ifndef ZC_SW_DES_CT_H
#define ZC_SW_DES_CT_H

#include <stddef.h>
#include <stdint.h>

/**
 * Expanded schedule: 3 keys x 16 rounds x 2 uint32 (each 48-bit round key
 * is stored pre-arranged for the round function in two words).
 */
#define ZC_DES_SW_SK_WORDS 96

/**
 * @brief Expand a DES or Triple-DES key.
 *
 * Parity bits (the low bit of each key byte) are ignored; weak and
 * semi-weak keys are accepted, as are TDES keys with equal parts (K1 = K2
 * makes three-key TDES degenerate to single DES with K3, which is the
 * caller's policy to refuse, not this primitive's).
 *
 * @param sk       Output schedule. DES writes the first 32 words, TDES all
 *                 96 (two-key TDES stores K1 again as the third key).
 * @param key      Key bytes: K1, or K1 K2, or K1 K2 K3.
 * @param key_len  8 (DES), 16 (two-key TDES: K1, K2, K1) or 24
 *                 (three-key TDES: K1, K2, K3).
 * @return The number of DES passes: 1 for DES, 3 for TDES; 0 when key_len
 *         is not valid, and sk is then left untouched.
 */
unsigned zc_des_sw_setkey(uint32_t sk[ZC_DES_SW_SK_WORDS], const uint8_t *key, size_t key_len);

/**
 * @brief Encrypt nblocks 8-byte blocks (ECB).
 *
 * With passes == 3 this is TDEA EDE: E_K1, then D_K2, then E_K3.
 *
 * @param sk       Schedule from zc_des_sw_setkey().
 * @param passes   The value zc_des_sw_setkey() returned (1 or 3); 3 means
 *                 TDES, any other value is treated as 1 (and anything but
 *                 1 or 3 is a caller bug).
 * @param in       Input blocks.
 * @param out      Output blocks; may equal in, must not overlap it
 *                 otherwise.
 * @param nblocks  Number of blocks; 0 does nothing.
 */
void zc_des_sw_encrypt(const uint32_t sk[ZC_DES_SW_SK_WORDS], unsigned passes,
                       const uint8_t *in, uint8_t *out, size_t nblocks);

/**
 * @brief Decrypt nblocks 8-byte blocks (ECB).
 *
 * With passes == 3 this is the inverse of the EDE encryption: D_K3, then
 * E_K2, then D_K1. Same parameters and rules as zc_des_sw_encrypt().
 */
void zc_des_sw_decrypt(const uint32_t sk[ZC_DES_SW_SK_WORDS], unsigned passes,
                       const uint8_t *in, uint8_t *out, size_t nblocks);

#endif /* ZC_SW_DES_CT_H */
