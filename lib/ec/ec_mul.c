/*
 * ec_mul.c - scalar multiplication on the NIST curves.
 *
 * Technique: fixed-window multiplication with signed digits, window 5,
 * the recoding of OpenSSL's ecp_nistz256.c (Gueron and Krasnov, "Fast
 * prime field elliptic-curve cryptography with 256-bit primes", 2014):
 * the scalar is cut into overlapping 6-bit windows and each becomes a
 * digit d in [-16, 16] by arithmetic alone (booth() below), so that
 * k = sum d_i 2^(5i). The table holds 1P .. 16P; every digit is read by
 * scanning the whole table with masks (core/ct.h), and its sign is
 * applied by a masked negation of y. With the complete formulas of
 * ec_point.c, infinity (digit 0, the start) needs no special case: the
 * sequence of field operations is the same for every scalar and point.
 *
 * k G uses a fixed-base comb over the precomputed affine table of
 * ec_curves_tab.h (scripts/ec_curves.py; the per-window affine tables
 * of ecp_nistz256's precomputed G, spaced as a comb after Lim and Lee,
 * "More flexible exponentiation with precomputation", CRYPTO 1994): table j holds d 2^(5 S j) G, so with
 * the same digits, k G = sum_s 2^(5s) sum_j d_(S j + s) T_j[d]. That is
 * S - 1 groups of 5 doublings and nw mixed additions (RCB16 algorithm 5)
 * instead of 5 nw doublings. Each digit reads all 16 entries of its
 * table with masks; a zero digit adds entry 1 anyway (algorithm 5 needs
 * a point other than infinity) and the sum is dropped by a masked copy,
 * so the sequence of operations is the same for every scalar.
 *
 * The scalar is padded to nw = bits / 5 + 1 windows, so that the top
 * window's sign bit is above the scalar (zero) and the sum is exact for
 * every k below 2^bits.
 *
 * k P runs in Jacobian coordinates (ec_point.c: a doubling 4M + 4S, where
 * the projective tangent takes 7M + 3S; four in five operations of the
 * ladder are doublings). Its table is made affine by one constant-time
 * simultaneous inversion, so that each window's addition is the mixed
 * one (8M + 3S against 12M + 4S), exact unless acc = +-sel; a zero digit
 * adds an entry anyway and the sum is dropped by a masked copy.
 * That cannot happen before the last window: after window i's five
 * doublings acc = 32 A P, A = sum_(j>i) d_j 32^(j-i-1), and since the
 * digits below weigh less than 32^(i+1) / 2 in absolute value,
 * |32 A| <= |k| / 32^i + 17 <= 2^(5 nw - 1) / 32 + 17 < n - 16 for
 * i >= 1 (the represented |k| is at most 2^(5 nw - 1)). P has prime order
 * n, so acc = +-d P means 32 A = +-d + j n, here 32 A = +-d, which no
 * digit 1 <= |d| <= 16 is; d = 0 and A = 0 are the infinities, which the
 * masked copies handle. The last addition (window 0) can meet
 * acc = +-sel (k = n + 30 on P-256, n - 18 on P-521: the unit test runs
 * k = n - 40 .. n + 40), so both points go back to projective
 * coordinates and it is RCB16's complete addition. The sequence of
 * operations stays the same for every scalar and point.
 *
 * Verification uses zc_ec_mul2_vartime: b Q by a width-5 NAF and a G by
 * a width-8 one (Hankerson, Menezes, Vanstone, "Guide to elliptic curve
 * cryptography", 2004, section 3.3.1) in Jacobian coordinates, a G over
 * a precomputed table of its odd multiples, in one chain of doublings
 * (Straus-Shamir, ibid. 3.3.3), with branches (on zero digits,
 * infinity, P1 = +-P2) and direct table indexing: variable time is
 * allowed there because verification's inputs (the signature, the
 * digest, the public key) are all public.
 */
#include "ec_sw.h"
#include "core/ct.h"
#include "core/util.h"

#define W 5
#define TBL 16                  /* 1P .. 2^(W-1) P */

/* The window of bits 5i-1 .. 5i+4 of k (kb little-endian, padded). */
static unsigned window(const uint8_t *kb, unsigned i)
{
    unsigned idx, off;

    if (i == 0)
        return ((unsigned)kb[0] << 1) & 0x3f;
    idx = W * i;
    off = (idx - 1) / 8;
    return (((unsigned)kb[off] | (unsigned)kb[off + 1] << 8) >> ((idx - 1) % 8)) & 0x3f;
}

/* 6-bit window to |d| (0..16) and its sign, without branches. */
static void booth(unsigned in, uint64_t *d, uint64_t *neg)
{
    uint64_t v = in, s = ~((v >> W) - 1), t;

    t = ((uint64_t)1 << (W + 1)) - v - 1;
    t = (t & s) | (v & ~s);
    *d = (t >> 1) + (t & 1);
    *neg = s & 1;
}

static void kbytes(const struct zc_ec_curve_sw *c, uint8_t *kb, const uint8_t *k)
{
    unsigned i;

    memset(kb, 0, ZC_EC_MAX_F + 2);
    for (i = 0; i < c->flen; i++)
        kb[i] = k[c->flen - 1 - i];
}

/* The table scans, with the limb count n a constant (one copy per
 * curve, so that the compiler unrolls and vectorises them): OR into
 * zeroed limbs every entry ANDed with the mask of its index, whose one
 * hit is entry d - 1. The sums stay in locals until the end: OR-ing into
 * x and y, which might alias t for all the compiler knows, kept every
 * limb in memory (a load and a store per entry and limb, not
 * vectorised: 3.6 % of a P-384 ECDH). */
#define SCAN_INLINE static inline __attribute__((always_inline))

/* (x, y) = T[d - 1] of an affine table, T[0] for d = 0. */
SCAN_INLINE void scan_affine(uint64_t *x, uint64_t *y, const uint64_t *t, uint64_t d,
                             unsigned n)
{
    uint64_t sx[ZC_EC_LIMBS] = { 0 }, sy[ZC_EC_LIMBS] = { 0 };
    unsigned j, l;

    for (j = 0; j < TBL; j++) {
        uint64_t m = zc_ct_mask(zc_ct_eq(d, j + 1) | (j == 0 ? zc_ct_eq(d, 0) : 0));

#pragma GCC unroll 9
        for (l = 0; l < n; l++) {
            sx[l] |= t[2 * n * j + l] & m;
            sy[l] |= t[2 * n * j + n + l] & m;
        }
    }
    for (l = 0; l < n; l++) {
        x[l] = sx[l];
        y[l] = sy[l];
    }
    zc_wipe(sx, sizeof sx);
    zc_wipe(sy, sizeof sy);
}

/* (x, y) = sign * T[d - 1] of one affine table (T[0] for d = 0), reading
 * every entry. */
static void lookup_affine(const struct zc_ec_curve_sw *c, uint64_t *x, uint64_t *y,
                          const uint64_t *t, uint64_t d, uint64_t neg)
{
    uint64_t zero[ZC_EC_LIMBS] = { 0 }, ny[ZC_EC_LIMBS];
    unsigned n = c->p.limbs;

    if (n == 4)
        scan_affine(x, y, t, d, 4);
    else if (n == 6)
        scan_affine(x, y, t, d, 6);
    else
        scan_affine(x, y, t, d, 9);
    zc_ec_mod_sub(&c->p, ny, zero, y);
    zc_ct_copy64(neg, y, ny, n);
}

/* The cnt (at most TBL) Jacobian points of t, none infinity, to affine
 * x, y in place by one inversion (Montgomery's simultaneous inversion:
 * prefix products of the Z, one inverse, then back down): constant-time,
 * or with vt a variable-time inverse (public points only). */
static void affine_batch(const struct zc_ec_curve_sw *c, struct zc_ec_pt *t, unsigned cnt,
                         int vt)
{
    const struct zc_ec_mod *p = &c->p;
    uint64_t pre[TBL][ZC_EC_LIMBS], inv[ZC_EC_LIMBS], zi[ZC_EC_LIMBS];
    uint64_t z2[ZC_EC_LIMBS], z3[ZC_EC_LIMBS];
    unsigned i;

    memcpy(pre[0], t[0].z, sizeof pre[0]);
    for (i = 1; i < cnt; i++)                   /* pre[i] = Z_0 .. Z_i */
        zc_ec_mont_mul(p, pre[i], pre[i - 1], t[i].z);
    if (vt)
        zc_ec_mont_inv_vartime(p, inv, pre[cnt - 1]);
    else
        zc_ec_mont_inv(p, inv, pre[cnt - 1]);
    for (i = cnt; i-- > 0;) {
        if (i > 0) {
            zc_ec_mont_mul(p, zi, inv, pre[i - 1]);     /* 1 / Z_i */
            zc_ec_mont_mul(p, inv, inv, t[i].z);        /* 1 / (Z_0 .. Z_(i-1)) */
        } else {
            memcpy(zi, inv, sizeof zi);
        }
        zc_ec_mont_sqr(p, z2, zi);
        zc_ec_mont_mul(p, z3, z2, zi);
        zc_ec_mont_mul(p, t[i].x, t[i].x, z2);          /* x = X / Z^2 */
        zc_ec_mont_mul(p, t[i].y, t[i].y, z3);          /* y = Y / Z^3 */
    }
    zc_wipe(pre, sizeof pre);
    zc_wipe(inv, sizeof inv);
    zc_wipe(zi, sizeof zi);
    zc_wipe(z2, sizeof z2);
    zc_wipe(z3, sizeof z3);
}

/* The affine table of 1P .. 16P, x then y per entry as in the comb's
 * tables: 2jP by a doubling of jP and (2j+1)P = 2jP + P by the mixed
 * addition, P being affine (8 doublings and 7 mixed additions, where 15
 * full additions took 2.2 times the products), neither an exceptional
 * Jacobian case (P has prime order n > 17), then one simultaneous
 * inversion, so that the ladder's additions are mixed too. P with Z = 1
 * is its own Jacobian form. P = infinity (Z = 0) gives a meaningless
 * table; zc_ec_mul masks its result. */
static void table(const struct zc_ec_curve_sw *c, uint64_t *at, const struct zc_ec_pt *p)
{
    struct zc_ec_pt t[TBL];
    unsigned n = c->p.limbs, j;

    t[0] = *p;
    for (j = 1; j < TBL; j++) {                 /* t[j] = (j + 1) P */
        if (j % 2)
            zc_ec_jac_double(c, &t[j], &t[j / 2]);
        else
            zc_ec_jac_add_affine(c, &t[j], &t[j - 1], p->x, p->y);
    }
    affine_batch(c, t, TBL, 0);
    for (j = 0; j < TBL; j++) {
        memcpy(at + 2 * n * j, t[j].x, n * sizeof(uint64_t));
        memcpy(at + 2 * n * j + n, t[j].y, n * sizeof(uint64_t));
    }
    zc_wipe(t, sizeof t);
}

/* r = k G by the comb over c->gtab. */
static void mul_base(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r, const uint8_t *kb)
{
    uint64_t x[ZC_EC_LIMBS] = { 0 }, y[ZC_EC_LIMBS] = { 0 }, d, neg;
    unsigned nw = c->bits / W + 1, sp = c->gspace, n = c->p.limbs, s, i, j;
    struct zc_ec_pt acc, sum;

    zc_ec_pt_infinity(c, &acc);
    sum = acc;
    for (s = sp; s-- > 0;) {
        if (s != sp - 1)
            for (j = 0; j < W; j++)
                zc_ec_pt_double(c, &acc, &acc);
        for (i = s; i < nw; i += sp) {
            booth(window(kb, i), &d, &neg);
            lookup_affine(c, x, y, c->gtab + (size_t)(i / sp) * TBL * 2 * n, d, neg);
            zc_ec_pt_add_affine(c, &sum, &acc, x, y);
            zc_ct_copy64(zc_ct_nonzero(d), (uint64_t *)&acc, (const uint64_t *)&sum,
                         sizeof acc / sizeof(uint64_t));
        }
    }
    *r = acc;
    zc_wipe(&acc, sizeof acc);
    zc_wipe(&sum, sizeof sum);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    d = neg = 0;
}

void zc_ec_mul(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r, const uint8_t *k,
               const struct zc_ec_pt *p)
{
    uint64_t at[TBL * 2 * ZC_EC_LIMBS], x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], m;
    struct zc_ec_pt acc, sel;
    uint8_t kb[ZC_EC_MAX_F + 2];
    unsigned nw = c->bits / W + 1, n = c->p.limbs, i, j, l;
    uint64_t d, neg;

    kbytes(c, kb, k);
    if (p == NULL) {
        mul_base(c, r, kb);
        zc_wipe(kb, sizeof kb);
        return;
    }
    if (n == 9) {                               /* P-521: ec_p521.c's ladder */
        uint8_t dig[ZC_EC_MAX_F * 8 / W + 1], sg[ZC_EC_MAX_F * 8 / W + 1];

        for (i = 0; i < nw; i++) {
            booth(window(kb, i), &d, &neg);
            dig[i] = (uint8_t)d;
            sg[i] = (uint8_t)neg;
        }
        zc_ec_mul_p521(c, &acc, &sel, dig, sg, nw, p);
        zc_ec_pt_from_jac(c, &sel, &sel);
        zc_wipe(dig, sizeof dig);
        zc_wipe(sg, sizeof sg);
        goto last;
    }
    table(c, at, p);
    memset(&acc, 0, sizeof acc);
    booth(window(kb, nw - 1), &d, &neg);
    lookup_affine(c, acc.x, acc.y, at, d, neg);
    m = zc_ct_mask(zc_ct_nonzero(d));           /* d = 0: (X:Y:0), infinity */
    for (l = 0; l < n; l++)
        acc.z[l] = c->p.one[l] & m;
    for (i = nw - 1; i-- > 0;) {
        for (j = 0; j < W; j++)
            zc_ec_jac_double(c, &acc, &acc);
        booth(window(kb, i), &d, &neg);
        lookup_affine(c, x, y, at, d, neg);
        if (i != 0) {                           /* d = 0: the sum is dropped */
            zc_ec_jac_add_affine(c, &sel, &acc, x, y);
            zc_ct_copy64(zc_ct_nonzero(d), acc.x, sel.x, n);
            zc_ct_copy64(zc_ct_nonzero(d), acc.y, sel.y, n);
            zc_ct_copy64(zc_ct_nonzero(d), acc.z, sel.z, n);
        }
    }
    memset(&sel, 0, sizeof sel);                /* d_0 P projective, (0:1:0) for 0 */
    m = zc_ct_mask(zc_ct_nonzero(d));
    for (l = 0; l < n; l++) {
        sel.x[l] = x[l] & m;
        sel.y[l] = (y[l] & m) | (c->p.one[l] & ~m);
        sel.z[l] = c->p.one[l] & m;
    }
last:                                           /* the one addition that may double */
    zc_ec_pt_from_jac(c, &acc, &acc);
    zc_ec_pt_add(c, &acc, &acc, &sel);
    zc_ec_pt_infinity(c, &sel);                 /* k O = O */
    zc_ct_copy64(zc_ec_is_zero(&c->p, p->z), (uint64_t *)&acc, (const uint64_t *)&sel,
                 sizeof acc / sizeof(uint64_t));
    *r = acc;
    zc_wipe(at, sizeof at);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    zc_wipe(&acc, sizeof acc);
    zc_wipe(&sel, sizeof sel);
    zc_wipe(kb, sizeof kb);
    d = neg = m = 0;
}

/* 1 when the n limbs of a are zero; public values. */
static int is_zero_vt(const uint64_t *a, unsigned n)
{
    uint64_t acc = 0;
    unsigned i;

    for (i = 0; i < n; i++)
        acc |= a[i];
    return acc == 0;
}

_Static_assert(W <= 8 && ZC_EC_WV >= 2 && ZC_EC_WV <= 8, "wnaf() reads two bytes");

/* The width-w NAF of k (flen big-endian bytes), 2 <= w <= 8: odd digits
 * in [-(2^(w-1) - 1), 2^(w-1) - 1], at most one non-zero in any w
 * consecutive; returns the digit count (at most bits + 1, the last digit
 * non-zero). Public scalars only.
 * Technique: one pass over k's bits with a carry (libsecp256k1's
 * secp256k1_ecmult_wnaf; no code taken): where bit i plus the carry is
 * odd, the w bits from i plus the carry give the digit, a digit of
 * 2^(w-1) or more becomes d - 2^w and carries 1 upwards, and the scan
 * skips the w - 1 bits it covered; the scalar is read in place, never
 * shifted (two bytes hold the w <= 8 bits from any bit i). */
static unsigned wnaf(const struct zc_ec_curve_sw *c, int8_t *naf, const uint8_t *k,
                     unsigned w)
{
    unsigned bits = 8 * c->flen, i = 0, len = 0, carry = 0;

    memset(naf, 0, bits + 1);
    while (i < bits) {
        unsigned at = c->flen - 1 - i / 8, v;
        int d;

        if ((unsigned)(k[at] >> (i % 8) & 1) == carry) {
            i++;
            continue;
        }
        v = (unsigned)k[at] >> (i % 8);         /* bits i .. i + w - 1, past the end 0 */
        if (at > 0)
            v |= (unsigned)k[at - 1] << (8 - i % 8);
        d = (int)((v & ((1u << w) - 1)) + carry);       /* odd, 1 .. 2^w - 1 */
        carry = (unsigned)d >> (w - 1);
        d -= (int)(carry << w);
        naf[i] = (int8_t)d;
        len = i + 1;
        i += w;
    }
    if (carry) {
        naf[bits] = 1;
        len = bits + 1;
    }
    return len;
}

/*
 * r = a G + b Q, public inputs, variable time (a comment in ec_mul.c's
 * head says why that is allowed): one chain of Jacobian doublings shared
 * by both scalars (Straus-Shamir), each scalar by a NAF. b Q by width 5
 * over the odd multiples Q, 3Q, .., 15Q, made affine by one inversion so
 * that their additions are mixed too; a G by width ZC_EC_WV = 8 over the
 * curve's precomputed odd multiples G, 3G, .., 127G (c->vtab,
 * scripts/ec_curves.py), read directly. Both by mixed Jacobian-affine
 * additions (7M + 4S). A width-w NAF has one non-zero digit in w + 1 on
 * average, so P-384's a G takes about 43 additions (77 with the comb's
 * signed windows, 64 with a width-5 NAF over the comb's first table),
 * and it costs no doubling of its own and no table scan.
 */
void zc_ec_mul2_vartime(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                        const uint8_t *a, const uint8_t *b, const struct zc_ec_pt *q)
{
    struct zc_ec_pt t[8], q2;
    int8_t naf[8 * ZC_EC_MAX_F + 2], nafg[8 * ZC_EC_MAX_F + 2];
    uint64_t zero[ZC_EC_LIMBS] = { 0 }, ny[ZC_EC_LIMBS];
    unsigned n = c->p.limbs, len, lg, i;

    zc_ec_jac_from_pt(c, &t[0], q);
    zc_ec_jac_double(c, &q2, &t[0]);
    for (i = 1; i < 8; i++)
        zc_ec_jac_add_vartime(c, &t[i], &t[i - 1], &q2);
    affine_batch(c, t, 8, 1);
    len = wnaf(c, naf, b, W);
    lg = wnaf(c, nafg, a, ZC_EC_WV);
    for (; len < lg; len++)                     /* both to the longer one */
        naf[len] = 0;
    for (; lg < len; lg++)
        nafg[lg] = 0;
    zc_ec_pt_infinity(c, r);                    /* (0:1:0): Jacobian infinity too */
    for (i = len; i-- > 0;) {
        int dq = naf[i], dg = nafg[i];

        if (!is_zero_vt(r->z, n))
            zc_ec_jac_double(c, r, r);
        if (dq > 0) {
            zc_ec_jac_add_affine_vartime(c, r, r, t[dq / 2].x, t[dq / 2].y);
        } else if (dq < 0) {
            zc_ec_mod_sub(&c->p, ny, zero, t[-dq / 2].y);
            zc_ec_jac_add_affine_vartime(c, r, r, t[-dq / 2].x, ny);
        }
        if (dg != 0) {                          /* |dg| G */
            const uint64_t *e = c->vtab + (size_t)((dg > 0 ? dg : -dg) / 2) * 2 * n;

            if (dg < 0) {
                zc_ec_mod_sub(&c->p, ny, zero, e + n);
                zc_ec_jac_add_affine_vartime(c, r, r, e, ny);
            } else {
                zc_ec_jac_add_affine_vartime(c, r, r, e, e + n);
            }
        }
    }
    zc_ec_pt_from_jac(c, r, r);
}
