/*
 * ghash_ct.h - portable constant-time GHASH (GCM's universal hash).
 *
 * Internal to libzcrypt: the software fallback used when CPACF (KIMD-GHASH)
 * is absent. See ghash_ct.c for the technique.
 */
#ifndef ZC_SW_GHASH_CT_H
#define ZC_SW_GHASH_CT_H

#include <stddef.h>
#include <stdint.h>

/**
 * @brief y = GHASH_H(y || data).
 *
 * Processes len bytes of data in 16-byte blocks; a final partial block is
 * padded with zeros (as GCM does for AAD and ciphertext). Time depends on
 * len only.
 *
 * @param y     Running hash value, updated in place: a 16-byte big-endian
 *              GCM field element as the GCM specification defines it.
 * @param h     Hash key H = E_K(0^128), same encoding.
 * @param data  Input bytes; may be NULL when len is 0.
 * @param len   Number of bytes; may be 0 (y is then unchanged).
 */
void zc_ghash_sw(uint8_t y[16], const uint8_t h[16], const uint8_t *data, size_t len);

#endif /* ZC_SW_GHASH_CT_H */
