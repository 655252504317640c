/*
 * ec_f25519.h - the field GF(2^255 - 19) of X25519 (ec_x25519.c) and
 * Ed25519 (ec_ed25519.c), as static inline functions. Private to lib/ec/.
 *
 * Technique: field elements are 5 limbs of 51 bits (radix 2^51) in
 * 64-bit words, products in unsigned __int128, and 2^255 = 19 (mod p)
 * folds the upper half of a product back: the representation of Bernstein's
 * curve25519 paper as Adam Langley's curve25519-donna-c64 and ref10 use
 * it; the carry discipline (a bound written at each step, every limb of
 * every input and output accounted for) is Monocypher's. The inversion
 * is Fermat's z^(p-2) by the fixed addition chain of the curve25519
 * paper (254 squarings, 11 multiplications); the square root of a ratio
 * u/v that Ed25519's decoding needs is RFC 8032 5.1.3's for p = 5 mod 8,
 * x = u v^3 (u v^7)^((p-5)/8), on the same chain. Written from the RFCs
 * and the paper, no code copied.
 *
 * Bounds: "limbs < 2^k" means every one of the five. A reduced element
 * (the output of mul, sq, mul_small, carry, frombytes) has limbs < 2^52;
 * add of two reduced elements < 2^53; sub of two reduced elements < 2^54
 * (it adds 4p to stay non-negative). mul and sq accept limbs < 2^54.
 * Everything is constant-time except what is named _vartime.
 */
#ifndef ZC_EC_F25519_H
#define ZC_EC_F25519_H

#include <stdint.h>
#include <string.h>

#include "core/ct.h"
#include "core/util.h"

__extension__ typedef unsigned __int128 zc_u128;

#define M51 ((uint64_t)0x7ffffffffffff)

typedef uint64_t fe[5];

/* zc_u128 partial products r[0..4] (each < 2^115) to limbs < 2^52. */
static inline void carry_wide(fe h, zc_u128 r0, zc_u128 r1, zc_u128 r2, zc_u128 r3,
                              zc_u128 r4)
{
    r1 += (uint64_t)(r0 >> 51);         /* r0 >> 51 < 2^64 */
    r2 += (uint64_t)(r1 >> 51);
    r3 += (uint64_t)(r2 >> 51);
    r4 += (uint64_t)(r3 >> 51);
    r0 = ((uint64_t)r0 & M51) + (r4 >> 51) * 19;  /* 2^255 = 19; < 2^51 + 2^69 */
    h[1] = ((uint64_t)r1 & M51) + (uint64_t)(r0 >> 51);   /* < 2^51 + 2^18 */
    h[0] = (uint64_t)r0 & M51;
    h[2] = (uint64_t)r2 & M51;
    h[3] = (uint64_t)r3 & M51;
    h[4] = (uint64_t)r4 & M51;
}

/* h = f g; limbs of f, g < 2^54, so each product < 2^108 and each sum of
 * five (four of them times 19 < 2^5) < 77 * 2^108 < 2^115. */
static inline void fe_mul(fe h, const fe f, const fe g)
{
    uint64_t g1 = 19 * g[1], g2 = 19 * g[2], g3 = 19 * g[3], g4 = 19 * g[4]; /* < 2^59 */
    zc_u128 r0, r1, r2, r3, r4;

    r0 = (zc_u128)f[0] * g[0] + (zc_u128)f[1] * g4 + (zc_u128)f[2] * g3 +
         (zc_u128)f[3] * g2 + (zc_u128)f[4] * g1;
    r1 = (zc_u128)f[0] * g[1] + (zc_u128)f[1] * g[0] + (zc_u128)f[2] * g4 +
         (zc_u128)f[3] * g3 + (zc_u128)f[4] * g2;
    r2 = (zc_u128)f[0] * g[2] + (zc_u128)f[1] * g[1] + (zc_u128)f[2] * g[0] +
         (zc_u128)f[3] * g4 + (zc_u128)f[4] * g3;
    r3 = (zc_u128)f[0] * g[3] + (zc_u128)f[1] * g[2] + (zc_u128)f[2] * g[1] +
         (zc_u128)f[3] * g[0] + (zc_u128)f[4] * g4;
    r4 = (zc_u128)f[0] * g[4] + (zc_u128)f[1] * g[3] + (zc_u128)f[2] * g[2] +
         (zc_u128)f[3] * g[1] + (zc_u128)f[4] * g[0];
    carry_wide(h, r0, r1, r2, r3, r4);
}

/* h = f^2, limbs of f < 2^54: the products of fe_mul with the equal
 * cross terms doubled (same bounds). */
static inline void fe_sq(fe h, const fe f)
{
    uint64_t d0 = 2 * f[0], d1 = 2 * f[1], d3_19 = 38 * f[3], f4_19 = 19 * f[4];
    zc_u128 r0, r1, r2, r3, r4;

    r0 = (zc_u128)f[0] * f[0] + (zc_u128)d1 * f4_19 + (zc_u128)(2 * f[2]) * (19 * f[3]);
    r1 = (zc_u128)d0 * f[1] + (zc_u128)(2 * f[2]) * f4_19 + (zc_u128)f[3] * (19 * f[3]);
    r2 = (zc_u128)d0 * f[2] + (zc_u128)f[1] * f[1] + (zc_u128)d3_19 * f[4];
    r3 = (zc_u128)d0 * f[3] + (zc_u128)d1 * f[2] + (zc_u128)f[4] * f4_19;
    r4 = (zc_u128)d0 * f[4] + (zc_u128)d1 * f[3] + (zc_u128)f[2] * f[2];
    carry_wide(h, r0, r1, r2, r3, r4);
}

/* h = f^(2^n), n >= 1. */
static inline void fe_sqn(fe h, const fe f, unsigned n)
{
    fe_sq(h, f);
    while (--n)
        fe_sq(h, h);
}

/* h = f * c, c < 2^17 (a24 = 121665), limbs of f < 2^54: each product
 * < 2^71, carried back to limbs < 2^52. */
static inline void fe_mul_small(fe h, const fe f, uint32_t c)
{
    carry_wide(h, (zc_u128)f[0] * c, (zc_u128)f[1] * c, (zc_u128)f[2] * c,
               (zc_u128)f[3] * c, (zc_u128)f[4] * c);
}

/* h = f + g, limbs of f, g < 2^52: limbs < 2^53. */
static inline void fe_add(fe h, const fe f, const fe g)
{
    unsigned i;

    for (i = 0; i < 5; i++)
        h[i] = f[i] + g[i];
}

/* h = f - g + 4p, limbs of f < 2^53, of g < 2^52: 4p's limbs are 2^53 - 76
 * and 2^53 - 4, above any limb of g, so no limb goes negative; limbs < 2^54. */
static inline void fe_sub(fe h, const fe f, const fe g)
{
    h[0] = f[0] + ((uint64_t)0x1fffffffffffb4 - g[0]);
    h[1] = f[1] + ((uint64_t)0x1ffffffffffffc - g[1]);
    h[2] = f[2] + ((uint64_t)0x1ffffffffffffc - g[2]);
    h[3] = f[3] + ((uint64_t)0x1ffffffffffffc - g[3]);
    h[4] = f[4] + ((uint64_t)0x1ffffffffffffc - g[4]);
}

/* 32 bytes little-endian to limbs < 2^51, bit 255 dropped (RFC 7748:
 * "the most significant bit of the final byte is masked"). The value may
 * be p..2^255-1: the arithmetic takes it mod p. */
static inline void fe_frombytes(fe h, const uint8_t s[32])
{
    h[0] = zc_load_le64(s) & M51;
    h[1] = (zc_load_le64(s + 6) >> 3) & M51;
    h[2] = (zc_load_le64(s + 12) >> 6) & M51;
    h[3] = (zc_load_le64(s + 19) >> 1) & M51;
    h[4] = (zc_load_le64(s + 24) >> 12) & M51;
}

/* The canonical 32 bytes of f (limbs < 2^52): fully reduced below p. */
static inline void fe_tobytes(uint8_t s[32], const fe f)
{
    uint64_t h0 = f[0], h1 = f[1], h2 = f[2], h3 = f[3], h4 = f[4], q;

    /* one carry round: limbs < 2^51 but h0 < 2^51 + 19 * 2: value < 2^255 + 38 */
    h1 += h0 >> 51; h0 &= M51;
    h2 += h1 >> 51; h1 &= M51;
    h3 += h2 >> 51; h2 &= M51;
    h4 += h3 >> 51; h3 &= M51;
    h0 += 19 * (h4 >> 51); h4 &= M51;
    /* q = 1 when h >= p, i.e. when h + 19 reaches 2^255 (h < 2p: q is 0 or 1) */
    q = (h0 + 19) >> 51;
    q = (h1 + q) >> 51;
    q = (h2 + q) >> 51;
    q = (h3 + q) >> 51;
    q = (h4 + q) >> 51;
    /* h - q p = h + 19 q - q 2^255: add, carry, drop bit 255 */
    h0 += 19 * q;
    h1 += h0 >> 51; h0 &= M51;
    h2 += h1 >> 51; h1 &= M51;
    h3 += h2 >> 51; h2 &= M51;
    h4 += h3 >> 51; h3 &= M51;
    h4 &= M51;
    zc_store_le64(s, h0 | h1 << 51);
    zc_store_le64(s + 8, h1 >> 13 | h2 << 38);
    zc_store_le64(s + 16, h2 >> 26 | h3 << 25);
    zc_store_le64(s + 24, h3 >> 39 | h4 << 12);
}

/* z^(2^250 - 1) into t and z^11 into z11: the common head of the chains
 * of fe_invert and fe_pow22523, each step named by the exponent it
 * reaches (z_a_b = z^(2^a - 2^b)). */
static inline void fe_pow250(fe t, fe z11, const fe z)
{
    fe z2, z9, z5_0, z10_0, z20_0, z50_0, z100_0;

    fe_sq(z2, z);                       /* 2 */
    fe_sqn(t, z2, 2);                   /* 8 */
    fe_mul(z9, t, z);                   /* 9 */
    fe_mul(z11, z9, z2);                /* 11 */
    fe_sq(t, z11);                      /* 22 */
    fe_mul(z5_0, t, z9);                /* 2^5 - 1 = 31 */
    fe_sqn(t, z5_0, 5);
    fe_mul(z10_0, t, z5_0);             /* 2^10 - 1 */
    fe_sqn(t, z10_0, 10);
    fe_mul(z20_0, t, z10_0);            /* 2^20 - 1 */
    fe_sqn(t, z20_0, 20);
    fe_mul(t, t, z20_0);                /* 2^40 - 1 */
    fe_sqn(t, t, 10);
    fe_mul(z50_0, t, z10_0);            /* 2^50 - 1 */
    fe_sqn(t, z50_0, 50);
    fe_mul(z100_0, t, z50_0);           /* 2^100 - 1 */
    fe_sqn(t, z100_0, 100);
    fe_mul(t, t, z100_0);               /* 2^200 - 1 */
    fe_sqn(t, t, 50);
    fe_mul(t, t, z50_0);                /* 2^250 - 1 */
    zc_wipe(z2, sizeof z2);
    zc_wipe(z9, sizeof z9);
    zc_wipe(z5_0, sizeof z5_0);
    zc_wipe(z10_0, sizeof z10_0);
    zc_wipe(z20_0, sizeof z20_0);
    zc_wipe(z50_0, sizeof z50_0);
    zc_wipe(z100_0, sizeof z100_0);
}

/* h = (z^(2^250 - 1))^(2^n) times z^11 (by_z11) or z: both chains' tails. */
static inline void fe_pow250_tail(fe h, const fe z, unsigned n, int by_z11)
{
    fe t, z11;

    fe_pow250(t, z11, z);
    fe_sqn(t, t, n);
    fe_mul(h, t, by_z11 ? z11 : z);
    zc_wipe(z11, sizeof z11);
    zc_wipe(t, sizeof t);
}

/* h = z^-1 = z^(p-2) = z^(2^255 - 21) = z^(2^255 - 32) z^11. 0 gives 0. */
static inline void fe_invert(fe h, const fe z)
{
    fe_pow250_tail(h, z, 5, 1);
}

/* h = z^((p-5)/8) = z^(2^252 - 3) = z^(2^252 - 4) z, the square root's exponent. */
static inline void fe_pow22523(fe h, const fe z)
{
    fe_pow250_tail(h, z, 2, 0);
}

/* h = f with limbs < 2^63 carried once round: limbs < 2^52 (h0 < 2^51 +
 * 19 * 2^12, the others < 2^51 + 2^12). */
static inline void fe_carry(fe h, const fe f)
{
    uint64_t c0 = f[0] >> 51, c1 = f[1] >> 51, c2 = f[2] >> 51, c3 = f[3] >> 51,
             c4 = f[4] >> 51;               /* each < 2^12 */

    h[0] = (f[0] & M51) + 19 * c4;
    h[1] = (f[1] & M51) + c0;
    h[2] = (f[2] & M51) + c1;
    h[3] = (f[3] & M51) + c2;
    h[4] = (f[4] & M51) + c3;
}

/* h = -f = 4p - f, limbs of f < 2^52: limbs < 2^54 (fe_sub from 0). */
static inline void fe_neg(fe h, const fe f)
{
    static const fe zero;

    fe_sub(h, zero, f);
}

static inline void fe_copy(fe h, const fe f)
{
    memcpy(h, f, sizeof(fe));
}

/* h = 0 or 1. */
static inline void fe_small(fe h, uint64_t v)
{
    h[0] = v;
    h[1] = h[2] = h[3] = h[4] = 0;
}

/* h = f when ctl is 1, unchanged when 0 (ctl 0 or 1), without a branch. */
static inline void fe_cmov(fe h, const fe f, uint64_t ctl)
{
    zc_ct_copy64(ctl, h, f, 5);
}

/* The sign of f (RFC 8032 5.1.2: the least significant bit of x). */
static inline uint64_t fe_isodd(const fe f)
{
    uint8_t s[32];
    uint64_t b;

    fe_tobytes(s, f);
    b = s[0] & 1;
    zc_wipe(s, sizeof s);
    return b;
}

/* 1 when f = 0 mod p. */
static inline uint64_t fe_iszero(const fe f)
{
    uint8_t s[32];
    uint64_t acc = 0;
    unsigned i;

    fe_tobytes(s, f);
    for (i = 0; i < 32; i++)
        acc |= s[i];
    zc_wipe(s, sizeof s);
    return zc_ct_iszero(acc);
}

/* 1 when the 255-bit integer of s (bit 255 ignored) is below p, i.e. a
 * canonical encoding: p = 2^255 - 19 and all above it are ed..ff 7f. */
static inline int fe_canonical_vartime(const uint8_t s[32])
{
    unsigned i;

    if ((s[31] & 0x7f) != 0x7f)
        return 1;
    for (i = 30; i > 0; i--)
        if (s[i] != 0xff)
            return 1;
    return s[0] < 0xed;
}

/*
 * x = sqrt(u / v) when it exists (RFC 8032 5.1.3 step 2, p = 5 mod 8):
 * w = u v^3 (u v^7)^((p-5)/8); if v w^2 = u, x = w; if v w^2 = -u,
 * x = w sqrt(-1); otherwise no root and 0 is returned. Limbs of u, v
 * < 2^52; x reduced. Constant-time (the decoding of public points does
 * not need it, but it costs nothing). sqrtm1 is sqrt(-1) = 2^((p-1)/4).
 */
static inline uint64_t fe_sqrt_ratio(fe x, const fe u, const fe v, const fe sqrtm1)
{
    fe v3, v7, t, vxx, nu;
    uint64_t ok, flip;

    fe_sq(t, v);
    fe_mul(v3, t, v);                   /* v^3 */
    fe_sq(t, v3);
    fe_mul(v7, t, v);                   /* v^7 */
    fe_mul(t, v7, u);                   /* u v^7 */
    fe_pow22523(t, t);
    fe_mul(t, t, v3);
    fe_mul(x, t, u);                    /* w = u v^3 (u v^7)^((p-5)/8) */
    fe_sq(t, x);
    fe_mul(vxx, t, v);                  /* v w^2 */
    fe_sub(t, vxx, u);                  /* < 2^54 */
    ok = fe_iszero(t);
    fe_add(t, vxx, u);                  /* < 2^53 */
    flip = fe_iszero(t);
    fe_mul(nu, x, sqrtm1);
    fe_cmov(x, nu, flip);
    return ok | flip;
}

#endif /* ZC_EC_F25519_H */
