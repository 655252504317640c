/*
 * ec_f448.h - the field GF(p), p = 2^448 - 2^224 - 1, of X448 (ec_x448.c)
 * and Ed448 (ec_ed448.c): static inline functions, so that each core
 * compiles its own copy, inlined where the compiler likes.
 *
 * Technique: field elements are 8 limbs of 56 bits (radix 2^56) in
 * 64-bit words, products in unsigned __int128, multiplied with Mike
 * Hamburg's golden-ratio reduction ("Ed448-Goldilocks, a new elliptic
 * curve", 2015): with phi = 2^224, p = phi^2 - phi - 1, so phi^2 = phi + 1.
 * Writing a = a0 + a1 phi and b = b0 + b1 phi (halves of four limbs),
 *
 *   a b = (a0 b0 + a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0) phi   (mod p),
 *
 * three 4x4 limb products (48 multiplications instead of 64; 30 for a
 * square), and the upper three limbs of each half fold down by the same
 * rule (see fold). The carry discipline (a bound at each step) is
 * Monocypher's. Inversion is Fermat's z^(p-2) and the square root of a
 * ratio RFC 8032 5.2.3's u^3 v (u^5 v^3)^((p-3)/4), both over one fixed
 * addition chain for (p-3)/4. Written from the RFCs and the paper, no
 * code copied.
 *
 * Bounds: a reduced element (the output of mul, sq, mul_small, carry,
 * frombytes) has limbs < 2^57 (below 2^56 but limbs 1 and 5, which
 * pass it by at most 2^11); add of two reduced elements < 2^58; sub and
 * neg of reduced elements < 2^58 (they add 2p to stay non-negative). mul
 * accepts limbs < 2^58.
 *
 * Private to lib/ec/, a software header: core/util.h and core/ct.h only.
 */
#ifndef ZC_EC_F448_H
#define ZC_EC_F448_H

#include <stdint.h>
#include <string.h>

#include "core/ct.h"
#include "core/util.h"

__extension__ typedef unsigned __int128 u128;

#define M56 ((uint64_t)0xffffffffffffff)

typedef uint64_t fe[8];

/*
 * Eight u128 column sums c (each < 2^122) to limbs < 2^57. The carry out
 * of limb 7 is a multiple of 2^448 = phi + 1: it goes into limbs 0 and 4.
 */
static inline void carry_wide(fe h, u128 *c)
{
    u128 top;

    /* unrolled by hand (as fold below): -O2 leaves the loops, and the
     * arrays in memory, at half the speed */
    c[1] += c[0] >> 56;                 /* < 2^122 + 2^66 */
    c[2] += c[1] >> 56;
    c[3] += c[2] >> 56;
    c[4] += c[3] >> 56;
    c[5] += c[4] >> 56;
    c[6] += c[5] >> 56;
    c[7] += c[6] >> 56;
    top = c[7] >> 56;                   /* < 2^67 */
    h[0] = (uint64_t)c[0] & M56;
    h[1] = (uint64_t)c[1] & M56;
    h[2] = (uint64_t)c[2] & M56;
    h[3] = (uint64_t)c[3] & M56;
    h[4] = (uint64_t)c[4] & M56;
    h[5] = (uint64_t)c[5] & M56;
    h[6] = (uint64_t)c[6] & M56;
    h[7] = (uint64_t)c[7] & M56;
    c[0] = (u128)h[0] + top;            /* < 2^56 + 2^67 */
    c[4] = (u128)h[4] + top;
    h[1] += (uint64_t)(c[0] >> 56);     /* < 2^56 + 2^11 */
    h[0] = (uint64_t)c[0] & M56;
    h[5] += (uint64_t)(c[4] >> 56);
    h[4] = (uint64_t)c[4] & M56;
}

/* r[0..6] = the seven columns of a b, four limbs each (limbs < 2^59:
 * a product < 2^118, a column of four < 2^120). */
static inline void mul4(u128 *r, const uint64_t *a, const uint64_t *b)
{
    r[0] = (u128)a[0] * b[0];
    r[1] = (u128)a[0] * b[1] + (u128)a[1] * b[0];
    r[2] = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
    r[3] = (u128)a[0] * b[3] + (u128)a[1] * b[2] + (u128)a[2] * b[1] + (u128)a[3] * b[0];
    r[4] = (u128)a[1] * b[3] + (u128)a[2] * b[2] + (u128)a[3] * b[1];
    r[5] = (u128)a[2] * b[3] + (u128)a[3] * b[2];
    r[6] = (u128)a[3] * b[3];
}

/* r[0..6] = the columns of a^2: each cross product once, doubled (limbs
 * < 2^59, doubled < 2^60: a product < 2^119, a column < 2^120 as mul4's). */
static inline void sq4(u128 *r, const uint64_t *a)
{
    uint64_t d0 = 2 * a[0], d1 = 2 * a[1], d2 = 2 * a[2];

    r[0] = (u128)a[0] * a[0];
    r[1] = (u128)d0 * a[1];
    r[2] = (u128)d0 * a[2] + (u128)a[1] * a[1];
    r[3] = (u128)d0 * a[3] + (u128)d1 * a[2];
    r[4] = (u128)d1 * a[3] + (u128)a[2] * a[2];
    r[5] = (u128)d2 * a[3];
    r[6] = (u128)a[3] * a[3];
}

/*
 * The golden-ratio fold. With L = f0 g0, H = f1 g1, M = (f0 + f1)(g0 + g1)
 * (halves of four limbs; seven columns each, t = 2^56, t^4 = phi), the
 * product is L + H + (M - L) phi; the columns 4..6 of L + H move to the
 * phi half and the columns 4..6 of (M - L) phi are phi^2 (= phi + 1)
 * times t^j:
 *
 *   limb j     (j < 4) = L_j + H_j + M_(j+4) - L_(j+4)
 *   limb 4 + j         = H_(j+4) + M_j + M_(j+4) - L_j
 *
 * (columns 7 are zero). M's columns are never below L's (every term of L
 * is one of M's), so nothing goes negative. Columns < 2^120: a limb sum
 * < 2^122.
 */
static inline void fold(fe h, const u128 *l, const u128 *hh, const u128 *m)
{
    u128 c[8];

    c[0] = l[0] + hh[0] + (m[4] - l[4]);
    c[1] = l[1] + hh[1] + (m[5] - l[5]);
    c[2] = l[2] + hh[2] + (m[6] - l[6]);
    c[3] = l[3] + hh[3];
    c[4] = hh[4] + m[4] + (m[0] - l[0]);
    c[5] = hh[5] + m[5] + (m[1] - l[1]);
    c[6] = hh[6] + m[6] + (m[2] - l[2]);
    c[7] = m[3] - l[3];
    carry_wide(h, c);
}

/* h = f g, limbs of f, g < 2^58 (half sums < 2^59): three 4x4 products. */
static inline void fe_mul(fe h, const fe f, const fe g)
{
    uint64_t fs[4], gs[4];
    u128 l[7], hh[7], m[7];
    unsigned i;

    for (i = 0; i < 4; i++) {
        fs[i] = f[i] + f[i + 4];
        gs[i] = g[i] + g[i + 4];
    }
    mul4(l, f, g);
    mul4(hh, f + 4, g + 4);
    mul4(m, fs, gs);
    fold(h, l, hh, m);
}

/* h = f^2, limbs of f < 2^58: three 4-limb squares, 30 products, not 48. */
static inline void fe_sq(fe h, const fe f)
{
    uint64_t fs[4];
    u128 l[7], hh[7], m[7];
    unsigned i;

    for (i = 0; i < 4; i++)
        fs[i] = f[i] + f[i + 4];
    sq4(l, f);
    sq4(hh, f + 4);
    sq4(m, fs);
    fold(h, l, hh, m);
}

/* h = f^(2^n), n >= 1. */
static inline void fe_sqn(fe h, const fe f, unsigned n)
{
    fe_sq(h, f);
    while (--n)
        fe_sq(h, h);
}

/* h = f * c, c < 2^16 (a24 = 39081), limbs of f < 2^58: products < 2^74. */
static inline void fe_mul_small(fe h, const fe f, uint32_t c)
{
    u128 t[8];
    unsigned i;

    for (i = 0; i < 8; i++)
        t[i] = (u128)f[i] * c;
    carry_wide(h, t);
}

/* h = f + g, limbs < 2^57: limbs < 2^58. */
static inline void fe_add(fe h, const fe f, const fe g)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        h[i] = f[i] + g[i];
}

/* h = f - g + 2p, limbs of f, g < 2^57: 2p's limbs are 2^57 - 2 (limb 4:
 * 2^57 - 4), so a limb of g (< 2^57 - 4 as carry_wide leaves them: only
 * limbs 1 and 5 pass 2^56, by at most 2^11) never makes one negative;
 * limbs < 2^58. */
static inline void fe_sub(fe h, const fe f, const fe g)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        h[i] = f[i] + ((i == 4 ? (uint64_t)0x1fffffffffffffc : (uint64_t)0x1fffffffffffffe) - g[i]);
}

/* 56 bytes little-endian to limbs < 2^56 (any value below 2^448, p..2^448-1
 * included: the arithmetic takes it mod p). */
static inline void fe_frombytes(fe h, const uint8_t s[56])
{
    unsigned i;

    for (i = 0; i < 7; i++)
        h[i] = zc_load_le64(s + 7 * i) & M56;
    h[7] = zc_load_le64(s + 48) >> 8;
}

/* The canonical 56 bytes of f (limbs < 2^57): fully reduced below p. */
static inline void fe_tobytes(uint8_t s[56], const fe f)
{
    uint64_t h[8], d[8], top, borrow;
    unsigned i, round;

    memcpy(h, f, sizeof h);
    /* Three carry rounds with the wrap 2^448 = phi + 1. After the first,
     * limbs < 2^56 but 0 and 4 (< 2^56 + 3): h < 2^448 + 2^226. The second
     * carries out 0 or 1; when 1, what is left is below 2^226 (limbs 5 to 7
     * zero, limb 4 at most 3), so the wrap can only bring limb 0 to 2^56,
     * and the third round's ripple stops by limb 4: every limb < 2^56,
     * nothing carried out, h < 2^448 < 2p. */
    for (round = 0; round < 3; round++) {
        for (i = 0; i < 7; i++) {
            h[i + 1] += h[i] >> 56;
            h[i] &= M56;
        }
        top = h[7] >> 56;
        h[7] &= M56;
        h[0] += top;
        h[4] += top;
    }
    /* d = h - p; keep it unless that borrows */
    borrow = 0;
    for (i = 0; i < 8; i++) {
        uint64_t pi = i == 4 ? M56 - 1 : M56;

        d[i] = h[i] - pi - borrow;
        borrow = d[i] >> 63;            /* limbs < 2^56: a borrow sets bit 63 */
        d[i] &= M56;
    }
    for (i = 0; i < 8; i++)
        h[i] = zc_ct_sel(borrow, h[i], d[i]);
    for (i = 0; i < 8; i++) {
        uint64_t v = h[i];
        unsigned b;

        for (b = 0; b < 7; b++)
            s[7 * i + b] = (uint8_t)(v >> (8 * b));
    }
    zc_wipe(h, sizeof h);
    zc_wipe(d, sizeof d);
}

/*
 * h = z^-1 = z^(p-2). p - 2 = 2^448 - 2^224 - 3 is, from the top, 223
 * ones, a zero, 222 ones, 0, 1: with e_k = z^(2^k - 1),
 * h = ((e_223^2)^(2^222) e_222)^4 z. 0 gives 0.
 */

/* One carry round on limbs < 2^63 (a sum of a few elements): reduced,
 * limbs < 2^56 but 1 and 5 (< 2^56 + 2^8), as carry_wide leaves them. */
static inline void fe_carry(fe h)
{
    uint64_t top;
    unsigned i;

    for (i = 0; i < 7; i++) {
        h[i + 1] += h[i] >> 56;         /* < 2^63 + 2^7 */
        h[i] &= M56;
    }
    top = h[7] >> 56;                   /* < 2^8 */
    h[7] &= M56;
    h[0] += top;                        /* < 2^56 + 2^8 */
    h[4] += top;
    h[1] += h[0] >> 56;                 /* < 2^56 + 1 */
    h[0] &= M56;
    h[5] += h[4] >> 56;
    h[4] &= M56;
}

/* h = -f + 2p, limbs of f reduced: limbs < 2^58 (fe_sub from 0). */
static inline void fe_neg(fe h, const fe f)
{
    static const fe zero = { 0 };

    fe_sub(h, zero, f);
}

/* The low bit of the canonical value of f (RFC 8032's sign of x). */
static inline uint64_t fe_isodd(const fe f)
{
    uint8_t s[56];
    uint64_t b;

    fe_tobytes(s, f);
    b = s[0] & 1;
    zc_wipe(s, sizeof s);
    return b;
}

/* 1 when f = 0 mod p (limbs < 2^57). */
static inline uint64_t fe_iszero(const fe f)
{
    uint8_t s[56];
    uint64_t acc = 0;
    unsigned i;

    fe_tobytes(s, f);
    for (i = 0; i < 56; i++)
        acc |= s[i];
    zc_wipe(s, sizeof s);
    return zc_ct_iszero(acc);
}

/* 1 when the 56 little-endian bytes at s are below p, the canonical
 * encoding of an element: decoded and encoded again, they come back. */
static inline uint64_t fe_canonical(const uint8_t s[56])
{
    uint8_t t[56];
    fe h;
    uint64_t d = 0;
    unsigned i;

    fe_frombytes(h, s);
    fe_tobytes(t, h);
    for (i = 0; i < 56; i++)
        d |= (uint64_t)(t[i] ^ s[i]);
    return zc_ct_iszero(d);
}

/*
 * h = z^((p-3)/4). (p-3)/4 = 2^446 - 2^222 - 1 is, from the top, 223
 * ones, a zero, 222 ones: with e_k = z^(2^k - 1),
 * h = (e_223^2)^(2^222) e_222 (445 squarings, 12 multiplications).
 */
static inline void fe_pow_p34(fe h, const fe z)
{
    fe e3, e6, e24, e222, t;

    fe_sq(t, z);
    fe_mul(t, t, z);                    /* e2 */
    fe_sq(t, t);
    fe_mul(e3, t, z);                   /* e3 */
    fe_sqn(t, e3, 3);
    fe_mul(e6, t, e3);                  /* e6 */
    fe_sqn(t, e6, 6);
    fe_mul(t, t, e6);                   /* e12 */
    fe_sqn(e24, t, 12);
    fe_mul(e24, e24, t);                /* e24 */
    fe_sqn(t, e24, 24);
    fe_mul(t, t, e24);                  /* e48 */
    fe_sqn(e222, t, 48);
    fe_mul(t, e222, t);                 /* e96 */
    fe_sqn(e222, t, 96);
    fe_mul(t, e222, t);                 /* e192 */
    fe_sqn(t, t, 24);
    fe_mul(t, t, e24);                  /* e216 */
    fe_sqn(t, t, 6);
    fe_mul(e222, t, e6);                /* e222 */
    fe_sq(t, e222);
    fe_mul(t, t, z);                    /* e223 */
    fe_sq(t, t);                        /* 223 ones, 0 */
    fe_sqn(t, t, 222);
    fe_mul(h, t, e222);                 /* ..., 222 ones */
    zc_wipe(e3, sizeof e3);
    zc_wipe(e6, sizeof e6);
    zc_wipe(e24, sizeof e24);
    zc_wipe(e222, sizeof e222);
    zc_wipe(t, sizeof t);
}

/* h = z^-1 = z^(p-2) = (z^((p-3)/4))^4 z. 0 gives 0. */
static inline void fe_invert(fe h, const fe z)
{
    fe t;

    fe_pow_p34(t, z);
    fe_sqn(t, t, 2);
    fe_mul(h, t, z);
    zc_wipe(t, sizeof t);
}

/*
 * RFC 8032 5.2.3 step 3: x = sqrt(u / v) when u / v is a square. With
 * p = 3 mod 4 the candidate is x = u^3 v (u^5 v^3)^((p-3)/4) (one
 * exponentiation, no inversion); it is a root exactly when v x^2 = u.
 * Returns 1 then, else 0 (x is written either way). Limbs of u, v
 * reduced. Constant-time (decoding is public, but it costs nothing).
 */
static inline uint64_t fe_sqrt_ratio(fe x, const fe u, const fe v)
{
    fe u2, u3, v3, t, c;

    fe_sq(u2, u);
    fe_mul(u3, u2, u);                  /* u^3 */
    fe_sq(t, v);
    fe_mul(v3, t, v);                   /* v^3 */
    fe_mul(t, u2, u3);                  /* u^5 */
    fe_mul(t, t, v3);                   /* u^5 v^3 */
    fe_pow_p34(t, t);
    fe_mul(c, u3, v);                   /* u^3 v */
    fe_mul(x, c, t);
    fe_sq(t, x);
    fe_mul(t, t, v);                    /* v x^2 */
    fe_sub(c, t, u);                    /* < 2^58 */
    fe_carry(c);                        /* reduced */
    return fe_iszero(c);
}

#endif /* ZC_EC_F448_H */
