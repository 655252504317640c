/*
 * ghash_ct.c - portable constant-time GHASH with integer multiplications
 * ("ctmul64" technique).
 *
 * Carry-less multiplication from ordinary multiplication: keep only every
 * fourth bit of each operand (masks 0x1111..., 0x2222..., ...), so an
 * integer product of two such pieces puts its terms at positions of one
 * residue class mod 4 and leaves three-bit holes between them. A position
 * collects at most 16 terms, and 16 can only occur at bit 60 or above,
 * whose carry leaves the 64-bit word; any smaller count fits in the hole.
 * So bit p of the product, masked to its class, is the XOR of the terms:
 * 16 multiplications give the low 64 bits of a 64x64 carry-less product
 * (bmul64). No table, no branch on data; the only assumption is that the
 * CPU multiplier takes constant time (true for x86_64 and z/Architecture
 * 64-bit multiply; not for some small cores).
 *
 * The high 64 bits come from the bit-reversed operands: reversing both
 * inputs reverses the 127-bit product, so rev64(bmul64(rev a, rev b)) >> 1
 * is the upper half. A 128x128 product is one Karatsuba step: three
 * bmul64 for the low halves, three on the reversed words for the high
 * halves.
 *
 * GCM's element encoding is bit-reflected (the x^0 coefficient is the top
 * bit of byte 0). Loading the 16 bytes big-endian gives rev128(A); the
 * integer carry-less product of two reflected values is the reflected
 * 255-bit product, off by one position, hence the 1-bit left shift of the
 * 256-bit result. Reduction by x^128 + x^7 + x^2 + x + 1 then works on the
 * low 128 bits (the high coefficients): each set bit at position n folds
 * into n+128, n+127, n+126 and n+121, done word by word, lowest first, so
 * the second fold sees the bits the first one pushed into word 1.
 *
 * Credits. Carry-less multiplication with masked integer multiplies and
 * the bit-reversal trick for the upper half are Thomas Pornin's "ctmul64"
 * GHASH in BearSSL (ghash_ctmul64.c, bearssl.org): the technique is his.
 * See also docs/architecture.md, "Software cores".
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "ghash_ct.h"

/* Low 64 bits of the carry-less product x * y (see the header comment). */
static inline uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111u;
    const uint64_t m1 = 0x2222222222222222u;
    const uint64_t m2 = 0x4444444444444444u;
    const uint64_t m3 = 0x8888888888888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0, z1, z2, z3;

    /* zk: the pairs whose bit classes add up to k (mod 4). */
    z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline uint64_t rev64(uint64_t x)
{
    x = ((x & 0x5555555555555555u) << 1) | ((x >> 1) & 0x5555555555555555u);
    x = ((x & 0x3333333333333333u) << 2) | ((x >> 2) & 0x3333333333333333u);
    x = ((x & 0x0F0F0F0F0F0F0F0Fu) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0Fu);
    x = ((x & 0x00FF00FF00FF00FFu) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFu);
    x = ((x & 0x0000FFFF0000FFFFu) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFu);
    return (x << 32) | (x >> 32);
}

/*
 * State kept in one array so it can be wiped in one go at the end:
 * [0] y1, [1] y0 (running hash, high/low word),
 * [2] h1, [3] h0, [4] h1^h0, and [5..7] the same bit-reversed.
 */
enum { GS_Y1, GS_Y0, GS_H1, GS_H0, GS_H2, GS_H1R, GS_H0R, GS_H2R, GS_NSTATE };

/* y = (y ^ (b1:b0)) * h in GF(2^128), reflected encoding. */
static inline void gmul_block(uint64_t s[GS_NSTATE], uint64_t b1, uint64_t b0)
{
    uint64_t y1 = s[GS_Y1] ^ b1, y0 = s[GS_Y0] ^ b0, y2 = y1 ^ y0;
    uint64_t y1r = rev64(y1), y0r = rev64(y0), y2r = y1r ^ y0r;
    uint64_t lo0, lo1, lo2, hi0, hi1, hi2;
    uint64_t p0, p1, p2, p3, z0, z1, z2, z3;

    /* Karatsuba: low and high halves of y0*h0, y1*h1, (y0^y1)*(h0^h1). */
    lo0 = bmul64(y0, s[GS_H0]);
    lo1 = bmul64(y1, s[GS_H1]);
    lo2 = bmul64(y2, s[GS_H2]);
    hi0 = bmul64(y0r, s[GS_H0R]);
    hi1 = bmul64(y1r, s[GS_H1R]);
    hi2 = bmul64(y2r, s[GS_H2R]);
    lo2 ^= lo0 ^ lo1;
    hi2 ^= hi0 ^ hi1;
    hi0 = rev64(hi0) >> 1;
    hi1 = rev64(hi1) >> 1;
    hi2 = rev64(hi2) >> 1;

    /* 255-bit product, p3 most significant. */
    p0 = lo0;
    p1 = hi0 ^ lo2;
    p2 = lo1 ^ hi2;
    p3 = hi1;

    /* Shift left by one: the reflected product is one bit short. */
    z3 = (p3 << 1) | (p2 >> 63);
    z2 = (p2 << 1) | (p1 >> 63);
    z1 = (p1 << 1) | (p0 >> 63);
    z0 = p0 << 1;

    /* Fold z0, then z1, by x^128 = x^7 + x^2 + x + 1 (reflected). */
    z2 ^= z0 ^ (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7);
    z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
    z3 ^= z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7);
    z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57);

    s[GS_Y1] = z3;
    s[GS_Y0] = z2;
}

void zc_ghash_sw(uint8_t y[16], const uint8_t h[16], const uint8_t *data, size_t len)
{
    uint64_t s[GS_NSTATE];
    uint8_t last[16];

    if (len == 0)
        return;

    s[GS_Y1] = zc_load_be64(y);
    s[GS_Y0] = zc_load_be64(y + 8);
    s[GS_H1] = zc_load_be64(h);
    s[GS_H0] = zc_load_be64(h + 8);
    s[GS_H2] = s[GS_H1] ^ s[GS_H0];
    s[GS_H1R] = rev64(s[GS_H1]);
    s[GS_H0R] = rev64(s[GS_H0]);
    s[GS_H2R] = s[GS_H1R] ^ s[GS_H0R];

    while (len >= 16) {
        gmul_block(s, zc_load_be64(data), zc_load_be64(data + 8));
        data += 16;
        len -= 16;
    }
    if (len > 0) {
        /* Zero padding, as GCM does for a final partial AAD/text block. */
        memset(last, 0, sizeof last);
        memcpy(last, data, len);
        gmul_block(s, zc_load_be64(last), zc_load_be64(last + 8));
        zc_wipe(last, sizeof last);
    }

    zc_store_be64(y, s[GS_Y1]);
    zc_store_be64(y + 8, s[GS_Y0]);
    zc_wipe(s, sizeof s);
}
