/*
 * ec_x25519.c - X25519 (RFC 7748 section 5): the Montgomery ladder on
 * Curve25519's u-coordinate, over the field GF(2^255 - 19).
 *
 * Technique: field elements are 5 limbs of 51 bits (radix 2^51) in
 * 64-bit words, products in unsigned __int128, and 2^255 = 19 (mod p)
 * folds the upper half of a product back: the representation of Bernstein's
 * curve25519 paper as Adam Langley's curve25519-donna-c64 and ref10 use
 * it; the carry discipline (a bound written at each step, every limb of
 * every input and output accounted for) is Monocypher's. The ladder is
 * RFC 7748's pseudo-code step by step: per scalar bit one differential
 * addition and one doubling in projective (X : Z), the two points
 * exchanged by a masked conditional swap (core/ct.h), never a branch or
 * an index on a secret. The final inversion is Fermat's z^(p-2) by the
 * fixed addition chain of the curve25519 paper (254 squarings, 11
 * multiplications). Written from the RFC and the paper, no code copied.
 *
 * Bounds: "limbs < 2^k" means every one of the five. A reduced element
 * (the output of mul, sq, mul_small, frombytes) has limbs < 2^52; add of
 * two reduced elements < 2^53; sub of two reduced elements < 2^54 (it
 * adds 4p to stay non-negative). mul and sq accept limbs < 2^54.
 */
#include "ec_x.h"
#include "core/ct.h"
#include "core/util.h"

__extension__ typedef unsigned __int128 u128;

#define M51 ((uint64_t)0x7ffffffffffff)

typedef uint64_t fe[5];

/* u128 partial products r[0..4] (each < 2^115) to limbs < 2^52. */
static void carry_wide(fe h, u128 r0, u128 r1, u128 r2, u128 r3, u128 r4)
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
static void fe_mul(fe h, const fe f, const fe g)
{
    uint64_t g1 = 19 * g[1], g2 = 19 * g[2], g3 = 19 * g[3], g4 = 19 * g[4]; /* < 2^59 */
    u128 r0, r1, r2, r3, r4;

    r0 = (u128)f[0] * g[0] + (u128)f[1] * g4 + (u128)f[2] * g3 + (u128)f[3] * g2 +
         (u128)f[4] * g1;
    r1 = (u128)f[0] * g[1] + (u128)f[1] * g[0] + (u128)f[2] * g4 + (u128)f[3] * g3 +
         (u128)f[4] * g2;
    r2 = (u128)f[0] * g[2] + (u128)f[1] * g[1] + (u128)f[2] * g[0] + (u128)f[3] * g4 +
         (u128)f[4] * g3;
    r3 = (u128)f[0] * g[3] + (u128)f[1] * g[2] + (u128)f[2] * g[1] + (u128)f[3] * g[0] +
         (u128)f[4] * g4;
    r4 = (u128)f[0] * g[4] + (u128)f[1] * g[3] + (u128)f[2] * g[2] + (u128)f[3] * g[1] +
         (u128)f[4] * g[0];
    carry_wide(h, r0, r1, r2, r3, r4);
}

/* h = f^2, limbs of f < 2^54: the products of fe_mul with the equal
 * cross terms doubled (same bounds). */
static void fe_sq(fe h, const fe f)
{
    uint64_t d0 = 2 * f[0], d1 = 2 * f[1], d3_19 = 38 * f[3], f4_19 = 19 * f[4];
    u128 r0, r1, r2, r3, r4;

    r0 = (u128)f[0] * f[0] + (u128)d1 * f4_19 + (u128)(2 * f[2]) * (19 * f[3]);
    r1 = (u128)d0 * f[1] + (u128)(2 * f[2]) * f4_19 + (u128)f[3] * (19 * f[3]);
    r2 = (u128)d0 * f[2] + (u128)f[1] * f[1] + (u128)d3_19 * f[4];
    r3 = (u128)d0 * f[3] + (u128)d1 * f[2] + (u128)f[4] * f4_19;
    r4 = (u128)d0 * f[4] + (u128)d1 * f[3] + (u128)f[2] * f[2];
    carry_wide(h, r0, r1, r2, r3, r4);
}

/* h = f^(2^n), n >= 1. */
static void fe_sqn(fe h, const fe f, unsigned n)
{
    fe_sq(h, f);
    while (--n)
        fe_sq(h, h);
}

/* h = f * c, c < 2^17 (a24 = 121665), limbs of f < 2^54: each product
 * < 2^71, carried back to limbs < 2^52. */
static void fe_mul_small(fe h, const fe f, uint32_t c)
{
    carry_wide(h, (u128)f[0] * c, (u128)f[1] * c, (u128)f[2] * c, (u128)f[3] * c,
               (u128)f[4] * c);
}

/* h = f + g, limbs of f, g < 2^52: limbs < 2^53. */
static void fe_add(fe h, const fe f, const fe g)
{
    unsigned i;

    for (i = 0; i < 5; i++)
        h[i] = f[i] + g[i];
}

/* h = f - g + 4p, limbs of f, g < 2^52: 4p's limbs are 2^53 - 76 and
 * 2^53 - 4, above any limb of g, so no limb goes negative; limbs < 2^54. */
static void fe_sub(fe h, const fe f, const fe g)
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
static void fe_frombytes(fe h, const uint8_t s[32])
{
    h[0] = zc_load_le64(s) & M51;
    h[1] = (zc_load_le64(s + 6) >> 3) & M51;
    h[2] = (zc_load_le64(s + 12) >> 6) & M51;
    h[3] = (zc_load_le64(s + 19) >> 1) & M51;
    h[4] = (zc_load_le64(s + 24) >> 12) & M51;
}

/* The canonical 32 bytes of f (limbs < 2^52): fully reduced below p. */
static void fe_tobytes(uint8_t s[32], const fe f)
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

/* h = z^-1 = z^(p-2) = z^(2^255 - 21): the curve25519 paper's chain, each
 * step named by the exponent it reaches (z_a_b = z^(2^a - 2^b)). 0 gives 0. */
static void fe_invert(fe h, const fe z)
{
    fe z2, z9, z11, z5_0, z10_0, z20_0, z50_0, z100_0, t;

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
    fe_sqn(t, t, 5);                    /* 2^255 - 32 */
    fe_mul(h, t, z11);                  /* 2^255 - 21 */
    zc_wipe(z2, sizeof z2);
    zc_wipe(z9, sizeof z9);
    zc_wipe(z11, sizeof z11);
    zc_wipe(z5_0, sizeof z5_0);
    zc_wipe(z10_0, sizeof z10_0);
    zc_wipe(z20_0, sizeof z20_0);
    zc_wipe(z50_0, sizeof z50_0);
    zc_wipe(z100_0, sizeof z100_0);
    zc_wipe(t, sizeof t);
}

uint64_t zc_x25519(uint8_t out[ZC_X25519_LEN], const uint8_t k[ZC_X25519_LEN],
                   const uint8_t u[ZC_X25519_LEN])
{
    struct {
        uint8_t e[32];
        fe x1, x2, z2, x3, z3, a, aa, b, bb, e_, c, d, da, cb;
    } w;
    uint64_t swap = 0, bit, acc = 0;
    int t;
    unsigned i;

    /* clamp (RFC 7748 decodeScalar25519): a multiple of the cofactor 8, bit 254 set */
    memcpy(w.e, k, 32);
    w.e[0] &= 248;
    w.e[31] &= 127;
    w.e[31] |= 64;
    fe_frombytes(w.x1, u);
    memset(w.x2, 0, sizeof w.x2);
    w.x2[0] = 1;
    memset(w.z2, 0, sizeof w.z2);
    memcpy(w.x3, w.x1, sizeof w.x3);
    memset(w.z3, 0, sizeof w.z3);
    w.z3[0] = 1;
    for (t = 254; t >= 0; t--) {
        bit = (uint64_t)(w.e[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        zc_ct_swap64(swap, w.x2, w.x3, 5);
        zc_ct_swap64(swap, w.z2, w.z3, 5);
        swap = bit;
        fe_add(w.a, w.x2, w.z2);        /* A = x2 + z2          < 2^53 */
        fe_sq(w.aa, w.a);               /* AA = A^2             < 2^52 */
        fe_sub(w.b, w.x2, w.z2);        /* B = x2 - z2          < 2^54 */
        fe_sq(w.bb, w.b);               /* BB = B^2 */
        fe_sub(w.e_, w.aa, w.bb);       /* E = AA - BB          < 2^54 */
        fe_add(w.c, w.x3, w.z3);        /* C = x3 + z3 */
        fe_sub(w.d, w.x3, w.z3);        /* D = x3 - z3 */
        fe_mul(w.da, w.d, w.a);         /* DA = D * A */
        fe_mul(w.cb, w.c, w.b);         /* CB = C * B */
        fe_add(w.x3, w.da, w.cb);
        fe_sq(w.x3, w.x3);              /* x3 = (DA + CB)^2 */
        fe_sub(w.z3, w.da, w.cb);
        fe_sq(w.z3, w.z3);
        fe_mul(w.z3, w.z3, w.x1);       /* z3 = x1 * (DA - CB)^2 */
        fe_mul(w.x2, w.aa, w.bb);       /* x2 = AA * BB */
        fe_mul_small(w.z2, w.e_, 121665);
        fe_add(w.z2, w.z2, w.aa);       /* AA + a24 * E         < 2^53 */
        fe_mul(w.z2, w.z2, w.e_);       /* z2 = E * (AA + a24 * E) */
    }
    zc_ct_swap64(swap, w.x2, w.x3, 5);
    zc_ct_swap64(swap, w.z2, w.z3, 5);
    fe_invert(w.z2, w.z2);              /* z2 = 0 (small-order u): 0, out = 0 */
    fe_mul(w.x2, w.x2, w.z2);
    fe_tobytes(out, w.x2);
    for (i = 0; i < 32; i++)
        acc |= out[i];
    zc_wipe(&w, sizeof w);
    return zc_ct_iszero(acc);
}
