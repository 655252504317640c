/*
 * aes_ct64.h - portable constant-time AES (bitsliced, 64-bit words).
 *
 * Internal to libzcrypt: the software fallback used when CPACF is absent.
 * No secret-indexed memory access and no secret-dependent branch; see
 * aes_ct64.c for the technique.
 */
#ifndef ZC_SW_AES_CT64_H
#define ZC_SW_AES_CT64_H

#include <stddef.h>
#include <stdint.h>

/** Expanded bitsliced round keys: (rounds+1)*8 uint64 for 14 rounds. */
#define ZC_AES_SW_RK_WORDS 120

/**
 * @brief Expand an AES key into bitsliced round keys.
 *
 * One schedule serves both directions: decryption walks the same round
 * keys in reverse order with the inverse round functions.
 *
 * @param rk       Output schedule (only the first (rounds+1)*8 words are
 *                 written).
 * @param key      Key bytes.
 * @param key_len  16, 24 or 32.
 * @return The number of rounds (10, 12 or 14), or 0 when key_len is not
 *         valid; rk is then left untouched.
 */
unsigned zc_aes_sw_setkey(uint64_t rk[ZC_AES_SW_RK_WORDS], const uint8_t *key, size_t key_len);

/**
 * @brief Encrypt nblocks 16-byte blocks (ECB), 4 blocks per bitsliced pass.
 *
 * @param rk       Schedule from zc_aes_sw_setkey().
 * @param rounds   The value zc_aes_sw_setkey() returned (10, 12 or 14);
 *                 any other value is a caller bug.
 * @param in       Input blocks.
 * @param out      Output blocks; may equal in, must not overlap it
 *                 otherwise.
 * @param nblocks  Number of blocks; 0 does nothing.
 */
void zc_aes_sw_encrypt(const uint64_t rk[ZC_AES_SW_RK_WORDS], unsigned rounds,
                       const uint8_t *in, uint8_t *out, size_t nblocks);

/**
 * @brief Decrypt nblocks 16-byte blocks (ECB), 4 blocks per bitsliced pass.
 *
 * Same parameters and rules as zc_aes_sw_encrypt().
 */
void zc_aes_sw_decrypt(const uint64_t rk[ZC_AES_SW_RK_WORDS], unsigned rounds,
                       const uint8_t *in, uint8_t *out, size_t nblocks);

#endif /* ZC_SW_AES_CT64_H */
