/*
 * ec_p521.c - P-521's variable-base ladder (ECDH, k P) in an unsaturated
 * representation: 9 limbs of 58 bits (the top one 57), value
 * sum f_i 2^(58 i), carried through the whole ladder, so that a field
 * product needs no carry chain of its own and an addition none at all.
 *
 * Technique: the representation of OpenSSL's ecp_nistp521.c (Adam
 * Langley's 64-bit P-521 code; its approach credited, this code written
 * from the field's definition): p = 2^521 - 1, so 2^522 = 2 mod p and a
 * product's column k + 9 folds onto column k doubled: with b2 = 2 b,
 *   t_k = sum_(i <= k) a_i b_(k-i) + sum_(i > k) a_i b2_(k+9-i),
 * nine limb products per column, each into an unsigned __int128, then one
 * carry pass (carry()), whose carry out of bit 521 wraps to limb 0
 * (2^521 = 1). A square sums each pair once against a doubled operand
 * (45 products). Sums and differences are limb by limb; a difference
 * adds 4p first so that no limb goes negative. Nothing is converted per
 * product: the point enters from the Montgomery form of ec_sw.h once
 * (from_mont), the table, the digits' scans, the doublings and additions
 * (the Jacobian formulas of ec_point.c: dbl-2001-b, add-2007-bl) run
 * here, and the two points of the last addition leave the same way for
 * ec_mul.c's complete formula. Everything is constant-time: fixed
 * loops, masked selections, no branch on a value.
 *
 * Carry bounds (Monocypher style: every value's limbs bounded):
 *   T ("tight", what carry() returns): limbs 0, 2..7 < 2^58,
 *     limb 1 < 2^58 + 2^13, limb 8 < 2^57.
 *   fmul/fsqr inputs: every limb < 2^61. Then a_i b2_j < 2^61 2^62 =
 *     2^123 (fsqr: a2_i a2_j < 2^124 with at most 5 terms), and a column
 *     of at most 9 terms is below 2^127: no __int128 overflows. The sum
 *     of three T values (limbs < 3 (2^58 + 2^13) < 2^60) qualifies.
 *   carry(): column k plus the carry in stays below 2^127 + 2^70; the
 *     carry out of limb 8 is below 2^70 and is added to limbs 0 and 1 in
 *     58-bit halves: limb 0 < 2^59 before its last carry, limb 1 <
 *     2^58 + 2^12 + 1 after it: T. The 64-bit form (carry64) takes limbs
 *     below 2^63 and gives T the same way (its wrap is below 2^7).
 *   fsub(a, b): a + 4p - b with 4p's limbs 2^60 - 4 (limb 8 2^59 - 4),
 *     so b's limbs must be at most those: any T value or sum of two T
 *     values qualifies (2 (2^58 + 2^13) < 2^60 - 4, 2^58 < 2^59 - 4).
 *     With a T or a sum of two T, the limbs are below 2^61 + 2^60 <
 *     2^63 and fsub carries them to T (carry64); fsub_nc leaves them
 *     (a T: below 2^61), only where the result is a product's input.
 *   fadd(a, b), no carry: the callers add T values only, two or three
 *     of them, and use the sum as a product's input or as fsub's b.
 * Every point coordinate below is T.
 */
#include "ec_sw.h"
#include "ec_fe.h"
#include "core/ct.h"
#include "core/util.h"

typedef zc_u128 u128;
typedef uint64_t fe[9];

#define INLINE ZC_EC_INLINE
#define M58 ((((uint64_t)1) << 58) - 1)
#define M57 ((((uint64_t)1) << 57) - 1)

struct jac {
    fe x, y, z;
};

/* r = the columns t (each < 2^127) carried to T. */
INLINE void carry(uint64_t *r, u128 *t)
{
    u128 c;
    uint64_t lo;
    unsigned i;

#pragma GCC unroll 8
    for (i = 0; i < 8; i++) {
        t[i + 1] += t[i] >> 58;
        r[i] = (uint64_t)t[i] & M58;
    }
    r[8] = (uint64_t)t[8] & M57;
    c = t[8] >> 57;                             /* < 2^70; 2^521 = 1 mod p */
    lo = r[0] + ((uint64_t)c & M58);            /* < 2^59 */
    r[1] += (uint64_t)(c >> 58) + (lo >> 58);
    r[0] = lo & M58;
}

/* r = a carried to T, a's limbs below 2^63. */
INLINE void carry64(uint64_t *r, const uint64_t *a)
{
    uint64_t c = 0, w;
    unsigned i;

#pragma GCC unroll 8
    for (i = 0; i < 8; i++) {
        w = a[i] + c;
        c = w >> 58;
        r[i] = w & M58;
    }
    w = a[8] + c;
    r[8] = w & M57;
    w = r[0] + (w >> 57);                       /* the wrap: below 2^7 */
    r[0] = w & M58;
    r[1] += w >> 58;
}

static void fmul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t b2[9];
    u128 t[9];
    unsigned i, k;

#pragma GCC unroll 9
    for (i = 0; i < 9; i++)
        b2[i] = b[i] << 1;
#pragma GCC unroll 9
    for (k = 0; k < 9; k++) {
        u128 s = 0;

#pragma GCC unroll 9
        for (i = 0; i <= k; i++)
            s += (u128)a[i] * b[k - i];
#pragma GCC unroll 9
        for (i = k + 1; i < 9; i++)
            s += (u128)a[i] * b2[k + 9 - i];
        t[k] = s;
    }
    carry(r, t);
}

/* Column k: pairs i < j with i + j = k once against a2 = 2a, the
 * diagonal once; the folded pairs (i + j = k + 9) doubled again (a2 a2,
 * or a_i a2_i on the diagonal). */
static void fsqr(uint64_t *r, const uint64_t *a)
{
    uint64_t a2[9];
    u128 t[9];
    unsigned i, k;

#pragma GCC unroll 9
    for (i = 0; i < 9; i++)
        a2[i] = a[i] << 1;
#pragma GCC unroll 9
    for (k = 0; k < 9; k++) {
        u128 s = 0;

#pragma GCC unroll 9
        for (i = 0; 2 * i < k; i++)
            s += (u128)a[i] * a2[k - i];
        if (k % 2 == 0)
            s += (u128)a[k / 2] * a[k / 2];
#pragma GCC unroll 9
        for (i = k + 1; 2 * i < k + 9; i++)
            s += (u128)a2[i] * a2[k + 9 - i];
        if ((k + 9) % 2 == 0)
            s += (u128)a[(k + 9) / 2] * a2[(k + 9) / 2];
        t[k] = s;
    }
    carry(r, t);
}

INLINE void fadd(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < 9; i++)
        r[i] = a[i] + b[i];
}

/* r = a - b + 4p, not carried: a T, b as fsub's; limbs below 2^58 +
 * 2^13 + 2^60 < 2^61, a product's input only. */
INLINE void fsub_nc(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    unsigned i;

#pragma GCC unroll 8
    for (i = 0; i < 8; i++)
        r[i] = a[i] + (M58 << 2) - b[i];
    r[8] = a[8] + (M57 << 2) - b[8];
}

/* r = a - b + 4p, carried to T (bounds in the head comment). */
INLINE void fsub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[9];

    fsub_nc(t, a, b);
    carry64(r, t);
}

/* r = k a carried, a T and k <= 8 (limbs below 2^61.1). */
INLINE void fscale(uint64_t *r, const uint64_t *a, uint64_t k)
{
    uint64_t t[9];
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < 9; i++)
        t[i] = a[i] * k;
    carry64(r, t);
}

/* a T value to its canonical form (below p, limbs exact), for the zero
 * test and the way out: two exact carry passes leave the value below
 * 2^521 (the second pass's wrap is a bit, and only when limbs 1..8 were
 * all full, that is when limb 0 was small), then p itself goes to 0 by
 * the masked choice of a + 1 - 2^521 when a + 1 reaches bit 521. */
static void canon(uint64_t *r, const uint64_t *a)
{
    uint64_t t[9], u[9], c;
    unsigned pass, i;

    memcpy(t, a, sizeof t);
    for (pass = 0; pass < 2; pass++) {
        c = 0;
        for (i = 0; i < 8; i++) {
            t[i] += c;
            c = t[i] >> 58;
            t[i] &= M58;
        }
        t[8] += c;
        c = t[8] >> 57;
        t[8] &= M57;
        t[0] += c;
    }
    c = 1;                                      /* u = t + 1 */
    for (i = 0; i < 8; i++) {
        u[i] = t[i] + c;
        c = u[i] >> 58;
        u[i] &= M58;
    }
    u[8] = t[8] + c;
    c = u[8] >> 57;                             /* t + 1 = 2^521: t = p */
    u[8] &= M57;
    for (i = 0; i < 9; i++)
        r[i] = t[i];
    zc_ct_copy64(c, r, u, 9);
}

/* All-ones mask when a (T) is 0 mod p. */
static uint64_t fzero_mask(const uint64_t *a)
{
    uint64_t t[9], acc = 0;
    unsigned i;

    canon(t, a);
    for (i = 0; i < 9; i++)
        acc |= t[i];
    return zc_ct_mask(zc_ct_iszero(acc));
}

/* 64-bit limbs (a value below 2^521) to 58-bit limbs, and back from a
 * canonical value. */
static void unpack(uint64_t *f, const uint64_t *u)
{
    u128 acc = 0;
    unsigned nbits = 0, i, j = 0;

    for (i = 0; i < 9; i++) {
        if (nbits < 58 && j < 9) {              /* nbits + 64 <= 121 */
            acc |= (u128)u[j++] << nbits;
            nbits += 64;
        }
        f[i] = (uint64_t)acc & (i < 8 ? M58 : M57);
        acc >>= 58;
        nbits -= 58;
    }
}

static void pack(uint64_t *u, const uint64_t *f)
{
    u128 acc = 0;
    unsigned nbits = 0, i, j = 0;

    for (i = 0; i < 9; i++) {
        acc |= (u128)f[i] << nbits;
        nbits += 58;
        if (nbits >= 64) {
            u[j++] = (uint64_t)acc;
            acc >>= 64;
            nbits -= 64;
        }
    }
    u[j] = (uint64_t)acc;                       /* j = 8: bits 512 .. 520 */
}

/* Montgomery form (ec_sw.h) in, and out. */
static void fe_in(const struct zc_ec_curve_sw *c, uint64_t *f, const uint64_t *m)
{
    uint64_t u[ZC_EC_LIMBS];

    zc_ec_from_mont(&c->p, u, m);
    unpack(f, u);
    zc_wipe(u, sizeof u);
}

static void fe_out(const struct zc_ec_curve_sw *c, uint64_t *m, const uint64_t *f)
{
    uint64_t t[9], u[ZC_EC_LIMBS];

    canon(t, f);
    pack(u, t);
    zc_ec_to_mont(&c->p, m, u);
    zc_wipe(t, sizeof t);
    zc_wipe(u, sizeof u);
}

/* 2P, dbl-2001-b (ec_point.c's double_jac_n; Z = 0 stays 0). */
static void dbl(struct jac *r, const struct jac *p)
{
    fe delta, gamma, beta, alpha, t, x3, y3, z3;

    fsqr(delta, p->z);
    fsqr(gamma, p->y);
    fmul(beta, p->x, gamma);
    fsub_nc(t, p->x, delta);            /* alpha = 3 (X - delta)(X + delta) */
    fadd(alpha, p->x, delta);           /* 2T */
    fmul(alpha, t, alpha);
    fadd(t, alpha, alpha);
    fadd(alpha, t, alpha);              /* 3T: a product's input only */
    fadd(z3, p->y, p->z);               /* Z3 = (Y + Z)^2 - gamma - delta */
    fsqr(z3, z3);
    fsub(z3, z3, gamma);
    fsub(z3, z3, delta);
    fscale(beta, beta, 4);              /* 4 beta, T */
    fsqr(x3, alpha);                    /* X3 = alpha^2 - 8 beta */
    fsub(x3, x3, beta);
    fsub(x3, x3, beta);
    fsub_nc(t, beta, x3);               /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
    fmul(y3, alpha, t);
    fsqr(t, gamma);
    fscale(t, t, 8);
    fsub(y3, y3, t);
    memcpy(r->x, x3, sizeof x3);
    memcpy(r->y, y3, sizeof y3);
    memcpy(r->z, z3, sizeof z3);
}

/* P1 + P2, add-2007-bl (ec_point.c's add_jac_n): exact unless P1 = +-P2,
 * infinity (Z = 0 mod p) on either side by masked copies. */
static void add(struct jac *r, const struct jac *p1, const struct jac *p2)
{
    fe z1z1, z2z2, u1, u2, s1, s2, h, i4, x3, y3, z3;
    uint64_t inf1 = fzero_mask(p1->z), inf2 = fzero_mask(p2->z);
    unsigned i;

    fsqr(z1z1, p1->z);
    fsqr(z2z2, p2->z);
    fmul(u1, p1->x, z2z2);
    fmul(u2, p2->x, z1z1);
    fmul(s1, p1->y, p2->z);
    fmul(s1, s1, z2z2);
    fmul(s2, p2->y, p1->z);
    fmul(s2, s2, z1z1);
    fsub(h, u2, u1);                    /* H = U2 - U1 */
    fsub(s2, s2, s1);                   /* rr = 2 (S2 - S1), 2T: products only */
    fadd(s2, s2, s2);
    fadd(i4, h, h);                     /* I = (2H)^2 */
    fsqr(i4, i4);
    fmul(u1, u1, i4);                   /* V */
    fmul(i4, h, i4);                    /* J */
    fsqr(x3, s2);                       /* X3 = rr^2 - J - 2V */
    fsub(x3, x3, i4);
    fsub(x3, x3, u1);
    fsub(x3, x3, u1);
    fsub_nc(y3, u1, x3);                /* Y3 = rr (V - X3) - 2 S1 J */
    fmul(y3, s2, y3);
    fmul(s1, s1, i4);
    fadd(s1, s1, s1);                   /* 2T: fsub's b */
    fsub(y3, y3, s1);
    fadd(z3, p1->z, p2->z);             /* Z3 = ((Z1 + Z2)^2 - Z1^2 - Z2^2) H */
    fsqr(z3, z3);
    fsub(z3, z3, z1z1);
    fsub(z3, z3, z2z2);
    fmul(z3, z3, h);
    for (i = 0; i < 9; i++) {
        r->x[i] = (x3[i] & ~(inf1 | inf2)) | (p2->x[i] & inf1) | (p1->x[i] & inf2 & ~inf1);
        r->y[i] = (y3[i] & ~(inf1 | inf2)) | (p2->y[i] & inf1) | (p1->y[i] & inf2 & ~inf1);
        r->z[i] = (z3[i] & ~(inf1 | inf2)) | (p2->z[i] & inf1) | (p1->z[i] & inf2 & ~inf1);
    }
}

/* r = sign * t[d - 1], (0:1:0) for d = 0, reading every entry. The sum
 * stays in a local until the end: OR-ing into r, which might alias t for
 * all the compiler knows, kept every limb in memory (a load and a store
 * per entry and limb). */
static void lookup(struct jac *r, const struct jac *t, uint64_t d, uint64_t neg)
{
    static const fe zero = { 0 };
    struct jac s = { { 0 }, { 0 }, { 0 } };
    fe ny;
    unsigned j, l;

    for (j = 0; j < 16; j++) {
        uint64_t m = zc_ct_mask(zc_ct_eq(d, j + 1));

#pragma GCC unroll 9
        for (l = 0; l < 9; l++) {
            s.x[l] |= t[j].x[l] & m;
            s.y[l] |= t[j].y[l] & m;
            s.z[l] |= t[j].z[l] & m;
        }
    }
    *r = s;
    zc_wipe(&s, sizeof s);
    r->y[0] |= zc_ct_iszero(d);
    fsub(ny, zero, r->y);
    zc_ct_copy64(neg, r->y, ny, 9);
}

static void jac_out(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r, const struct jac *p)
{
    memset(r, 0, sizeof *r);
    fe_out(c, r->x, p->x);
    fe_out(c, r->y, p->y);
    fe_out(c, r->z, p->z);
}

void zc_ec_mul_p521(const struct zc_ec_curve_sw *c, struct zc_ec_pt *acc_out,
                    struct zc_ec_pt *sel_out, const uint8_t *dig, const uint8_t *neg,
                    unsigned nw, const struct zc_ec_pt *p)
{
    struct jac t[16], acc, sel;
    struct zc_ec_pt pj;
    unsigned i, j;

    zc_ec_jac_from_pt(c, &pj, p);
    fe_in(c, t[0].x, pj.x);
    fe_in(c, t[0].y, pj.y);
    fe_in(c, t[0].z, pj.z);
    dbl(&t[1], &t[0]);
    for (j = 2; j < 16; j++)
        add(&t[j], &t[j - 1], &t[0]);
    lookup(&acc, t, dig[nw - 1], neg[nw - 1]);
    for (i = nw - 1; i-- > 0;) {
        for (j = 0; j < 5; j++)
            dbl(&acc, &acc);
        lookup(&sel, t, dig[i], neg[i]);
        if (i != 0)
            add(&acc, &acc, &sel);
    }
    jac_out(c, acc_out, &acc);
    jac_out(c, sel_out, &sel);
    zc_wipe(t, sizeof t);
    zc_wipe(&acc, sizeof acc);
    zc_wipe(&sel, sizeof sel);
    zc_wipe(&pj, sizeof pj);
}
