/*
 * hash_sw.h - portable software hash primitives (internal to libzcrypt).
 *
 * These are the raw building blocks behind the software fallback for the
 * SHA-1, SHA-2 and SHA-3 families: the block compression functions, the
 * Keccak-f[1600] permutation and the FIPS 180-4 initial hash values.
 * Padding, length encoding and buffering of partial blocks are done by the
 * caller (the dispatch layer), exactly as they are around the CPACF KIMD /
 * KLMD instructions, so hardware and software share one streaming layer.
 *
 * Everything here is freestanding, endian-neutral and constant-time: no
 * table is indexed by data, and no branch depends on data.
 */
#ifndef ZC_SW_HASH_H
#define ZC_SW_HASH_H

#include <stddef.h>
#include <stdint.h>

/** SHA-1 block size in bytes. */
#define ZC_SHA1_BLOCK 64
/** SHA-224 / SHA-256 block size in bytes. */
#define ZC_SHA256_BLOCK 64
/** SHA-384 / SHA-512 (and the /t variants) block size in bytes. */
#define ZC_SHA512_BLOCK 128
/** Size in bytes of the Keccak-f[1600] state (25 lanes of 64 bits). */
#define ZC_KECCAK_STATE 200

/** SHA-1 initial hash value H(0) (FIPS 180-4, 5.3.1). */
extern const uint32_t zc_sha1_iv[5];
/** SHA-224 initial hash value H(0) (FIPS 180-4, 5.3.2). */
extern const uint32_t zc_sha224_iv[8];
/** SHA-256 initial hash value H(0) (FIPS 180-4, 5.3.3). */
extern const uint32_t zc_sha256_iv[8];
/** SHA-384 initial hash value H(0) (FIPS 180-4, 5.3.4). */
extern const uint64_t zc_sha384_iv[8];
/** SHA-512 initial hash value H(0) (FIPS 180-4, 5.3.5). */
extern const uint64_t zc_sha512_iv[8];
/** SHA-512/224 initial hash value H(0) (FIPS 180-4, 5.3.6.1). */
extern const uint64_t zc_sha512_224_iv[8];
/** SHA-512/256 initial hash value H(0) (FIPS 180-4, 5.3.6.2). */
extern const uint64_t zc_sha512_256_iv[8];

/**
 * SHA-1 compression function.
 *
 * Processes @p nblocks consecutive 64-byte blocks at @p p into the chaining
 * state @p h. The state is held as native integers; h[0] is the first
 * (most significant) word of the digest, which is obtained by storing each
 * word big-endian. No padding is done. @p p may be unaligned; @p nblocks
 * may be 0.
 *
 * @param h        chaining state, updated in place
 * @param p        input, nblocks * 64 bytes
 * @param nblocks  number of whole blocks
 */
void zc_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t nblocks);

/**
 * SHA-256 compression function (also used for SHA-224).
 *
 * Processes @p nblocks consecutive 64-byte blocks at @p p into the chaining
 * state @p h (native integers, h[0] first word of the digest, stored
 * big-endian). No padding is done. @p p may be unaligned.
 *
 * @param h        chaining state, updated in place
 * @param p        input, nblocks * 64 bytes
 * @param nblocks  number of whole blocks
 */
void zc_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks);

/**
 * SHA-512 compression function (also used for SHA-384, SHA-512/224 and
 * SHA-512/256, which differ only in initial value and output length).
 *
 * Processes @p nblocks consecutive 128-byte blocks at @p p into the
 * chaining state @p h (native integers, h[0] first word of the digest,
 * stored big-endian). No padding is done. @p p may be unaligned.
 *
 * @param h        chaining state, updated in place
 * @param p        input, nblocks * 128 bytes
 * @param nblocks  number of whole blocks
 */
void zc_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t nblocks);

/**
 * The Keccak-f[1600] permutation (FIPS 202, 24 rounds of Keccak-p).
 *
 * Lane i = x + 5y holds bytes 8i..8i+7 of the FIPS 202 state string in
 * little-endian order, so the byte string is recovered by applying
 * zc_store_le64() to each lane in turn (this is what zc_keccak_extract()
 * does). The lane values are therefore the same on every host.
 *
 * @param a  the 25-lane state, permuted in place
 */
void zc_keccak_f1600(uint64_t a[25]);

/**
 * XOR bytes into the Keccak state viewed as the FIPS 202 byte string.
 *
 * Byte k of @p data is XORed into byte k of the state string, for
 * k = 0 .. len-1. Used for absorbing (len is at most the rate) and for
 * adding the padding bytes.
 *
 * @param a     the 25-lane state
 * @param data  bytes to XOR in
 * @param len   number of bytes, at most 200
 */
void zc_keccak_xor_bytes(uint64_t a[25], const uint8_t *data, size_t len);

/**
 * Copy the leading bytes of the Keccak state's byte string.
 *
 * Writes bytes 0 .. len-1 of the FIPS 202 state string to @p out (the
 * squeeze step; len is at most the rate).
 *
 * @param a    the 25-lane state
 * @param out  destination, len bytes
 * @param len  number of bytes, at most 200
 */
void zc_keccak_extract(const uint64_t a[25], uint8_t *out, size_t len);

#endif /* ZC_SW_HASH_H */
