/*
 * ec_point.c - points of a short Weierstrass curve with a = -3 in
 * projective coordinates (X:Y:Z), x = X/Z, y = Y/Z, infinity (0:1:0).
 *
 * Technique: the complete formulas of Renes, Costello and Batina,
 * "Complete addition formulas for prime order elliptic curves"
 * (EUROCRYPT 2016, ePrint 2015/1060), algorithm 4 (addition) for
 * a = -3, transcribed step by step (the step comments are the paper's);
 * the same transcription as Go's crypto/internal/nistec and
 * fiat-crypto's users. It is correct for every pair of inputs, infinity
 * and P + P included, so the scalar multiplication needs no special case
 * and no branch. Doubling is the cheaper tangent formula of Cohen,
 * Miyaji and Ono (see double_n), exact for every point of these
 * prime-order curves, with infinity fixed up by a masked copy.
 *
 * Algorithm 5 (mixed addition, Z2 = 1) serves the precomputed affine
 * table of G (ec_mul.c); it is complete when the second point is not
 * infinity (the caller never passes infinity there).
 *
 * The formulas are written once, always inlined with the limb count as
 * a constant (4, 6, 9: one curve each), and compiled into one copy per
 * curve: the additions and subtractions inline (ec_fe.h), the products
 * direct calls to that prime's multiplication (ec_field.c). The public
 * functions dispatch on the curve's limb count.
 *
 * Jacobian coordinates (see double_jac_n) serve the variable-base
 * multiplication, whose doublings are cheaper there.
 *
 * Also: conversion to affine (one inversion), the curve equation
 * for public-key validation, and the square root of a compressed point
 * (p = 3 mod 4 on the three curves: y = w^((p+1)/4)).
 */
#include "ec_fe.h"
#include "core/ct.h"
#include "core/util.h"

/* The field operations of the curve with n limbs, n a constant. */
ZC_EC_INLINE void f_mul(unsigned n, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    if (n == 4)
        zc_ec_fmul_p256(NULL, r, a, b);
    else if (n == 6)
        zc_ec_fmul_p384(NULL, r, a, b);
    else
        zc_ec_fmul_p521(NULL, r, a, b);
}

ZC_EC_INLINE void f_sqr(unsigned n, uint64_t *r, const uint64_t *a)
{
    if (n == 4)
        zc_ec_fsqr_p256(NULL, r, a);
    else if (n == 6)
        zc_ec_fsqr_p384(NULL, r, a);
    else
        zc_ec_fsqr_p521(NULL, r, a);
}

/* P-256's additions inline; P-384's and P-521's as calls, which keeps
 * their copies of the formulas at a third of the size (the products
 * dominate there). On x86-64, where the carry builtins make P-384's
 * additions short (ec_fe.h), those inline too. */
#if defined(__x86_64__) && X86_CARRY_BUILTINS
#define INLINE_P384_FE 1
#else
#define INLINE_P384_FE 0
#endif
static void add_p384_fe(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    zc_ec_fe_add(r, a, b, zc_ec_p384_m, 6);
}
static void sub_p384_fe(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    zc_ec_fe_sub(r, a, b, zc_ec_p384_m, 6);
}
static void add_p521_fe(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    zc_ec_fe_add(r, a, b, zc_ec_p521_m, 9);
}
static void sub_p521_fe(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    zc_ec_fe_sub(r, a, b, zc_ec_p521_m, 9);
}
static void half_p384_fe(uint64_t *r, const uint64_t *a)
{
    zc_ec_fe_half(r, a, zc_ec_p384_m, 6);
}
static void half_p521_fe(uint64_t *r, const uint64_t *a)
{
    zc_ec_fe_half(r, a, zc_ec_p521_m, 9);
}

ZC_EC_INLINE void f_add(unsigned n, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    if (n == 4)
        zc_ec_fe_add(r, a, b, zc_ec_p256_m, 4);
    else if (n == 6 && INLINE_P384_FE)
        zc_ec_fe_add(r, a, b, zc_ec_p384_m, 6);
    else if (n == 6)
        add_p384_fe(r, a, b);
    else
        add_p521_fe(r, a, b);
}

ZC_EC_INLINE void f_sub(unsigned n, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    if (n == 4)
        zc_ec_fe_sub(r, a, b, zc_ec_p256_m, 4);
    else if (n == 6 && INLINE_P384_FE)
        zc_ec_fe_sub(r, a, b, zc_ec_p384_m, 6);
    else if (n == 6)
        sub_p384_fe(r, a, b);
    else
        sub_p521_fe(r, a, b);
}

ZC_EC_INLINE void f_half(unsigned n, uint64_t *r, const uint64_t *a)
{
    if (n == 4)
        zc_ec_fe_half(r, a, zc_ec_p256_m, 4);
    else if (n == 6 && INLINE_P384_FE)
        zc_ec_fe_half(r, a, zc_ec_p384_m, 6);
    else if (n == 6)
        half_p384_fe(r, a);
    else
        half_p521_fe(r, a);
}

#define MUL(r, a, b) f_mul(n, (r), (a), (b))
#define SQR(r, a) f_sqr(n, (r), (a))
#define ADD(r, a, b) f_add(n, (r), (a), (b))
#define SUB(r, a, b) f_sub(n, (r), (a), (b))
#define HALF(r, a) f_half(n, (r), (a))

/* The result's coordinates: n limbs each (the others stay as they were). */
ZC_EC_INLINE void put(struct zc_ec_pt *r, const uint64_t *x, const uint64_t *y,
                      const uint64_t *z, unsigned n)
{
    memcpy(r->x, x, n * sizeof *x);
    memcpy(r->y, y, n * sizeof *y);
    memcpy(r->z, z, n * sizeof *z);
}

/* 1 when the n limbs of a are all zero. */
ZC_EC_INLINE uint64_t is_zero_n(const uint64_t *a, unsigned n)
{
    uint64_t acc = 0;
    unsigned i;

    for (i = 0; i < n; i++)
        acc |= a[i];
    return zc_ct_iszero(acc);
}

void zc_ec_pt_infinity(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r)
{
    memset(r, 0, sizeof *r);
    memcpy(r->y, c->p.one, sizeof r->y);
}

/* RCB16 algorithm 4: (X3:Y3:Z3) = (X1:Y1:Z1) + (X2:Y2:Z2), a = -3. */
ZC_EC_INLINE void add_n(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                        const struct zc_ec_pt *p1, const struct zc_ec_pt *p2, unsigned n)
{
    uint64_t t0[ZC_EC_LIMBS], t1[ZC_EC_LIMBS], t2[ZC_EC_LIMBS], t3[ZC_EC_LIMBS];
    uint64_t t4[ZC_EC_LIMBS], x3[ZC_EC_LIMBS], y3[ZC_EC_LIMBS], z3[ZC_EC_LIMBS];

    MUL(t0, p1->x, p2->x);      /* 1. t0 = X1 X2 */
    MUL(t1, p1->y, p2->y);      /* 2. t1 = Y1 Y2 */
    MUL(t2, p1->z, p2->z);      /* 3. t2 = Z1 Z2 */
    ADD(t3, p1->x, p1->y);      /* 4. t3 = X1 + Y1 */
    ADD(t4, p2->x, p2->y);      /* 5. t4 = X2 + Y2 */
    MUL(t3, t3, t4);            /* 6. t3 = t3 t4 */
    ADD(t4, t0, t1);            /* 7. t4 = t0 + t1 */
    SUB(t3, t3, t4);            /* 8. t3 = t3 - t4 */
    ADD(t4, p1->y, p1->z);      /* 9. t4 = Y1 + Z1 */
    ADD(x3, p2->y, p2->z);      /* 10. X3 = Y2 + Z2 */
    MUL(t4, t4, x3);            /* 11. t4 = t4 X3 */
    ADD(x3, t1, t2);            /* 12. X3 = t1 + t2 */
    SUB(t4, t4, x3);            /* 13. t4 = t4 - X3 */
    ADD(x3, p1->x, p1->z);      /* 14. X3 = X1 + Z1 */
    ADD(y3, p2->x, p2->z);      /* 15. Y3 = X2 + Z2 */
    MUL(x3, x3, y3);            /* 16. X3 = X3 Y3 */
    ADD(y3, t0, t2);            /* 17. Y3 = t0 + t2 */
    SUB(y3, x3, y3);            /* 18. Y3 = X3 - Y3 */
    MUL(z3, c->b, t2);          /* 19. Z3 = b t2 */
    SUB(x3, y3, z3);            /* 20. X3 = Y3 - Z3 */
    ADD(z3, x3, x3);            /* 21. Z3 = X3 + X3 */
    ADD(x3, x3, z3);            /* 22. X3 = X3 + Z3 */
    SUB(z3, t1, x3);            /* 23. Z3 = t1 - X3 */
    ADD(x3, t1, x3);            /* 24. X3 = t1 + X3 */
    MUL(y3, c->b, y3);          /* 25. Y3 = b Y3 */
    ADD(t1, t2, t2);            /* 26. t1 = t2 + t2 */
    ADD(t2, t1, t2);            /* 27. t2 = t1 + t2 */
    SUB(y3, y3, t2);            /* 28. Y3 = Y3 - t2 */
    SUB(y3, y3, t0);            /* 29. Y3 = Y3 - t0 */
    ADD(t1, y3, y3);            /* 30. t1 = Y3 + Y3 */
    ADD(y3, t1, y3);            /* 31. Y3 = t1 + Y3 */
    ADD(t1, t0, t0);            /* 32. t1 = t0 + t0 */
    ADD(t0, t1, t0);            /* 33. t0 = t1 + t0 */
    SUB(t0, t0, t2);            /* 34. t0 = t0 - t2 */
    MUL(t1, t4, y3);            /* 35. t1 = t4 Y3 */
    MUL(t2, t0, y3);            /* 36. t2 = t0 Y3 */
    MUL(y3, x3, z3);            /* 37. Y3 = X3 Z3 */
    ADD(y3, y3, t2);            /* 38. Y3 = Y3 + t2 */
    MUL(x3, t3, x3);            /* 39. X3 = t3 X3 */
    SUB(x3, x3, t1);            /* 40. X3 = X3 - t1 */
    MUL(z3, t4, z3);            /* 41. Z3 = t4 Z3 */
    MUL(t1, t3, t0);            /* 42. t1 = t3 t0 */
    ADD(z3, z3, t1);            /* 43. Z3 = Z3 + t1 */
    put(r, x3, y3, z3, n);
}

/* y3 = w (b4 - h) - 8 g^2: the last line of both tangent doublings. */
ZC_EC_INLINE void tangent_y(uint64_t *y3, const uint64_t *w, const uint64_t *b4,
                            const uint64_t *h, const uint64_t *g, unsigned n)
{
    uint64_t t[ZC_EC_LIMBS];

    SUB(t, b4, h);
    MUL(y3, w, t);
    SQR(t, g);
    ADD(t, t, t);
    ADD(t, t, t);
    ADD(t, t, t);
    SUB(y3, y3, t);
}

/*
 * (X3:Y3:Z3) = 2 (X:Y:Z), a = -3: the tangent doubling of Cohen, Miyaji
 * and Ono (ASIACRYPT 1998; "dbl-1998-cmo-2" of the Explicit-Formulas
 * Database) with w = 3 (X - Z)(X + Z): 7M + 3S against RCB16 algorithm
 * 6's 10M + 3S. It is exact for every point with Y != 0, which is every
 * affine point (prime order: no point of order 2). For infinity (Z = 0)
 * it gives (0:0:0); s = Y Z is then 0, so X3 = Z3 = 0 already, and a
 * masked copy puts Y3 = 1: (0:1:0), for the same operations.
 *   w = 3 (X - Z)(X + Z), s = Y Z, R = Y s, B = X R, h = w^2 - 8B,
 *   X3 = 2 h s, Y3 = w (4B - h) - 8 R^2, Z3 = 8 s^3
 */
ZC_EC_INLINE void double_n(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                           const struct zc_ec_pt *p, unsigned n)
{
    uint64_t w[ZC_EC_LIMBS], t[ZC_EC_LIMBS], s[ZC_EC_LIMBS], rr[ZC_EC_LIMBS];
    uint64_t b4[ZC_EC_LIMBS], h[ZC_EC_LIMBS], x3[ZC_EC_LIMBS], y3[ZC_EC_LIMBS];
    uint64_t z3[ZC_EC_LIMBS];

    SUB(w, p->x, p->z);         /* w = 3 (X - Z)(X + Z) */
    ADD(t, p->x, p->z);
    MUL(w, w, t);
    ADD(t, w, w);
    ADD(w, t, w);
    MUL(s, p->y, p->z);         /* s = Y Z */
    MUL(rr, p->y, s);           /* R = Y s */
    MUL(b4, p->x, rr);          /* B = X R; b4 = 4B */
    ADD(b4, b4, b4);
    ADD(b4, b4, b4);
    SQR(h, w);                  /* h = w^2 - 8B */
    SUB(h, h, b4);
    SUB(h, h, b4);
    MUL(x3, h, s);              /* X3 = 2 h s */
    ADD(x3, x3, x3);
    tangent_y(y3, w, b4, h, rr, n);             /* Y3 = w (4B - h) - 8 R^2 */
    SQR(t, s);                  /* Z3 = 8 s^3 */
    MUL(z3, t, s);
    ADD(z3, z3, z3);
    ADD(z3, z3, z3);
    ADD(z3, z3, z3);
    zc_ct_copy64(is_zero_n(p->z, n), y3, c->p.one, n);  /* infinity in: Y3 = 1 */
    put(r, x3, y3, z3, n);
}

/* RCB16 algorithm 5: (X3:Y3:Z3) = (X1:Y1:Z1) + (x2, y2), a = -3, (x2, y2)
 * an affine point (never infinity). */
ZC_EC_INLINE void add_affine_n(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                               const struct zc_ec_pt *p1, const uint64_t *x2,
                               const uint64_t *y2, unsigned n)
{
    uint64_t t0[ZC_EC_LIMBS], t1[ZC_EC_LIMBS], t2[ZC_EC_LIMBS], t3[ZC_EC_LIMBS];
    uint64_t t4[ZC_EC_LIMBS], x3[ZC_EC_LIMBS], y3[ZC_EC_LIMBS], z3[ZC_EC_LIMBS];

    MUL(t0, p1->x, x2);         /* 1. t0 = X1 X2 */
    MUL(t1, p1->y, y2);         /* 2. t1 = Y1 Y2 */
    ADD(t3, x2, y2);            /* 3. t3 = X2 + Y2 */
    ADD(t4, p1->x, p1->y);      /* 4. t4 = X1 + Y1 */
    MUL(t3, t3, t4);            /* 5. t3 = t3 t4 */
    ADD(t4, t0, t1);            /* 6. t4 = t0 + t1 */
    SUB(t3, t3, t4);            /* 7. t3 = t3 - t4 */
    MUL(t4, y2, p1->z);         /* 8. t4 = Y2 Z1 */
    ADD(t4, t4, p1->y);         /* 9. t4 = t4 + Y1 */
    MUL(y3, x2, p1->z);         /* 10. Y3 = X2 Z1 */
    ADD(y3, y3, p1->x);         /* 11. Y3 = Y3 + X1 */
    MUL(z3, c->b, p1->z);       /* 12. Z3 = b Z1 */
    SUB(x3, y3, z3);            /* 13. X3 = Y3 - Z3 */
    ADD(z3, x3, x3);            /* 14. Z3 = X3 + X3 */
    ADD(x3, x3, z3);            /* 15. X3 = X3 + Z3 */
    SUB(z3, t1, x3);            /* 16. Z3 = t1 - X3 */
    ADD(x3, t1, x3);            /* 17. X3 = t1 + X3 */
    MUL(y3, c->b, y3);          /* 18. Y3 = b Y3 */
    ADD(t1, p1->z, p1->z);      /* 19. t1 = Z1 + Z1 */
    ADD(t2, t1, p1->z);         /* 20. t2 = t1 + Z1 */
    SUB(y3, y3, t2);            /* 21. Y3 = Y3 - t2 */
    SUB(y3, y3, t0);            /* 22. Y3 = Y3 - t0 */
    ADD(t1, y3, y3);            /* 23. t1 = Y3 + Y3 */
    ADD(y3, t1, y3);            /* 24. Y3 = t1 + Y3 */
    ADD(t1, t0, t0);            /* 25. t1 = t0 + t0 */
    ADD(t0, t1, t0);            /* 26. t0 = t1 + t0 */
    SUB(t0, t0, t2);            /* 27. t0 = t0 - t2 */
    MUL(t1, t4, y3);            /* 28. t1 = t4 Y3 */
    MUL(t2, t0, y3);            /* 29. t2 = t0 Y3 */
    MUL(y3, x3, z3);            /* 30. Y3 = X3 Z3 */
    ADD(y3, y3, t2);            /* 31. Y3 = Y3 + t2 */
    MUL(x3, t3, x3);            /* 32. X3 = t3 X3 */
    SUB(x3, x3, t1);            /* 33. X3 = X3 - t1 */
    MUL(z3, t4, z3);            /* 34. Z3 = t4 Z3 */
    MUL(t1, t3, t0);            /* 35. t1 = t3 t0 */
    ADD(z3, z3, t1);            /* 36. Z3 = Z3 + t1 */
    put(r, x3, y3, z3, n);
}

/*
 * Jacobian coordinates (X:Y:Z), x = X/Z^2, y = Y/Z^3, for the
 * variable-base multiplication (ec_mul.c), whose work is mostly
 * doublings: with a = -3 a doubling is 4M + 4S (the values of
 * "dbl-2001-b" of the Explicit-Formulas Database, after Bernstein's and
 * Lange's note on Jacobian doubling, 3M + 5S as written; the projective
 * tangent above is 7M + 3S), an addition 12M + 4S (Cohen, Miyaji and
 * Ono, "add-1998-cmo-2": 7 sums, where "add-2007-bl"'s 11M + 5S takes
 * 14 for the same point scaled by 2; RCB16's is 12M + 2 products by b).
 * Neither is complete: doubling keeps Z = 0 at 0 (infinity (0:1:0)
 * stays some (0:Y:0), Y != 0 since Y3 = -8 Y^4 there), and the addition
 * is exact whenever P1 != +-P2. Infinity on either side is handled by
 * masked copies (add_jac_n), the case P1 = +-P2 (H = 0) by the caller:
 * ec_mul.c shows it cannot occur before its last addition, which it
 * does with RCB16's complete formula, and the variable-time
 * verification branches on it (vt).
 *   doubling: delta = Z^2, gamma = Y^2, beta = X gamma,
 *     alpha = 3 (X - delta)(X + delta), X3 = alpha^2 - 8 beta,
 *     Z3 = (Y + Z)^2 - gamma - delta, Y3 = alpha (4 beta - X3) - 8 gamma^2
 *   computed from 2Y: 4 gamma = (2Y)^2, 4 beta = X (4 gamma),
 *     Z3 = (2Y) Z, 8 gamma^2 = (4 gamma)^2 / 2 (one masked add and a
 *     shift): 10 additions and subtractions where the lines above take
 *     17, for one square turned into a product
 *   addition: U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3,
 *     H = U2 - U1, HH = H^2, J = H HH, rr = S2 - S1, V = U1 HH,
 *     X3 = rr^2 - J - 2V, Y3 = rr (V - X3) - S1 J, Z3 = Z1 Z2 H
 * The doubling and both additions order their products so that none
 * directly follows the one whose result it needs: the out-of-order core
 * then runs neighbours side by side (on x86-64, 2-4 % of a verification
 * and of an ECDH).
 */
ZC_EC_INLINE void double_jac_n(struct zc_ec_pt *r, const struct zc_ec_pt *p, unsigned n)
{
    uint64_t delta[ZC_EC_LIMBS], g4[ZC_EC_LIMBS], b4[ZC_EC_LIMBS];
    uint64_t alpha[ZC_EC_LIMBS], t[ZC_EC_LIMBS], x3[ZC_EC_LIMBS], y3[ZC_EC_LIMBS];
    uint64_t z3[ZC_EC_LIMBS], y2[ZC_EC_LIMBS];

    ADD(y2, p->y, p->y);        /* 2Y */
    SQR(delta, p->z);           /* delta = Z^2 */
    SQR(g4, y2);                /* 4 gamma */
    SUB(t, p->x, delta);        /* alpha = 3 (X - delta)(X + delta) */
    ADD(alpha, p->x, delta);
    MUL(alpha, t, alpha);
    MUL(b4, p->x, g4);          /* 4 beta */
    ADD(t, alpha, alpha);
    ADD(alpha, t, alpha);
    SQR(x3, alpha);             /* X3 = alpha^2 - 8 beta */
    MUL(z3, y2, p->z);          /* Z3 = 2 Y Z */
    SQR(g4, g4);                /* 16 gamma^2 */
    SUB(x3, x3, b4);
    SUB(x3, x3, b4);
    SUB(t, b4, x3);             /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
    MUL(y3, alpha, t);
    HALF(t, g4);                /* 8 gamma^2 */
    SUB(y3, y3, t);
    put(r, x3, y3, z3, n);
}

/* P1 + P2 for an addition that found H = 0 (P2 = +-P1, variable time,
 * public points only): 2 P1 when rr = 0 too, else infinity. */
ZC_EC_INLINE void same_x_vt_n(struct zc_ec_pt *r, const struct zc_ec_pt *p1,
                              const uint64_t *rr, unsigned n)
{
    if (is_zero_n(rr, n)) {
        double_jac_n(r, p1, n);
    } else {
        memset(r, 0, sizeof *r);
        r->y[0] = 1;            /* (0:Y:0), any Y != 0 */
    }
}

/* P1 + P2, exact unless P1 = +-P2 (both finite). With vt (variable
 * time, public points only) that case is handled too: 2 P1 when equal,
 * infinity when opposite. */
ZC_EC_INLINE void add_jac_n(struct zc_ec_pt *r, const struct zc_ec_pt *p1,
                            const struct zc_ec_pt *p2, unsigned n, int vt)
{
    uint64_t z1z1[ZC_EC_LIMBS], z2z2[ZC_EC_LIMBS], u1[ZC_EC_LIMBS], u2[ZC_EC_LIMBS];
    uint64_t s1[ZC_EC_LIMBS], s2[ZC_EC_LIMBS], h[ZC_EC_LIMBS], hh[ZC_EC_LIMBS];
    uint64_t x3[ZC_EC_LIMBS], y3[ZC_EC_LIMBS], z3[ZC_EC_LIMBS], inf1, inf2;

    inf1 = is_zero_n(p1->z, n);
    inf2 = is_zero_n(p2->z, n);
    SQR(z1z1, p1->z);           /* U1 = X1 Z2^2, U2 = X2 Z1^2 */
    SQR(z2z2, p2->z);
    MUL(s1, p1->y, p2->z);      /* S1 = Y1 Z2^3, S2 = Y2 Z1^3 */
    MUL(s2, p2->y, p1->z);
    MUL(u1, p1->x, z2z2);
    MUL(u2, p2->x, z1z1);
    MUL(s1, s1, z2z2);
    MUL(s2, s2, z1z1);
    MUL(z3, p1->z, p2->z);      /* Z3 = Z1 Z2 H */
    SUB(h, u2, u1);             /* H = U2 - U1 */
    SUB(s2, s2, s1);            /* rr = S2 - S1, in s2 */
    if (vt && !inf1 && !inf2 && is_zero_n(h, n)) {
        same_x_vt_n(r, p1, s2, n);
        return;
    }
    SQR(hh, h);                 /* HH = H^2 */
    SQR(x3, s2);                /* X3 = rr^2 - J - 2V */
    MUL(u1, u1, hh);            /* V = U1 HH, in u1 */
    MUL(hh, h, hh);             /* J = H HH, in hh */
    MUL(z3, z3, h);
    SUB(x3, x3, hh);
    SUB(x3, x3, u1);
    SUB(x3, x3, u1);
    MUL(s1, s1, hh);
    SUB(y3, u1, x3);            /* Y3 = rr (V - X3) - S1 J */
    MUL(y3, s2, y3);
    SUB(y3, y3, s1);
    zc_ct_copy64(inf1, x3, p2->x, n);          /* O + P2 = P2 */
    zc_ct_copy64(inf1, y3, p2->y, n);
    zc_ct_copy64(inf1, z3, p2->z, n);
    zc_ct_copy64(inf2, x3, p1->x, n);          /* P1 + O = P1 */
    zc_ct_copy64(inf2, y3, p1->y, n);
    zc_ct_copy64(inf2, z3, p1->z, n);
    put(r, x3, y3, z3, n);
}

/* P1 + (x2, y2), (x2, y2) affine and never infinity, exact unless
 * P1 = +-(x2, y2) (P1 finite); P1 = infinity by a masked copy. With vt
 * (variable time, verification's public points only) it branches on
 * infinity and handles P1 = +-P2 too. The Jacobian-affine addition of
 * Cohen, Miyaji and Ono ("madd-2004-hmv" of the Explicit-Formulas
 * Database; Z2 = 1, 8M + 3S): "madd-2007-bl"'s 7M + 4S gives the same
 * point scaled by 2 and needs twice the sums (14 against 7), which cost
 * more than a square turned into a product.
 *   Z1Z1 = Z1^2, U2 = X2 Z1Z1, S2 = Y2 Z1 Z1Z1, H = U2 - X1, HH = H^2,
 *   J = H HH, rr = S2 - Y1, V = X1 HH, X3 = rr^2 - J - 2V,
 *   Y3 = rr (V - X3) - Y1 J, Z3 = Z1 H */
ZC_EC_INLINE void add_jac_affine_n(struct zc_ec_pt *r, const struct zc_ec_pt *p1,
                                   const uint64_t *x2, const uint64_t *y2,
                                   const uint64_t *one, unsigned n, int vt)
{
    uint64_t z1z1[ZC_EC_LIMBS], u2[ZC_EC_LIMBS], s2[ZC_EC_LIMBS], h[ZC_EC_LIMBS];
    uint64_t hh[ZC_EC_LIMBS], j[ZC_EC_LIMBS], v[ZC_EC_LIMBS], x3[ZC_EC_LIMBS];
    uint64_t y3[ZC_EC_LIMBS], z3[ZC_EC_LIMBS], inf1 = is_zero_n(p1->z, n);

    if (vt && inf1) {                          /* O + P2 = P2 */
        put(r, x2, y2, one, n);
        return;
    }
    SQR(z1z1, p1->z);
    MUL(s2, y2, p1->z);
    MUL(u2, x2, z1z1);
    MUL(s2, s2, z1z1);
    SUB(h, u2, p1->x);          /* H = U2 - X1 */
    SUB(s2, s2, p1->y);         /* rr = S2 - Y1, in s2 */
    if (vt && is_zero_n(h, n)) {
        same_x_vt_n(r, p1, s2, n);
        return;
    }
    SQR(hh, h);                 /* HH = H^2, J = H HH, V = X1 HH */
    SQR(x3, s2);                /* X3 = rr^2 - J - 2V */
    MUL(j, h, hh);
    MUL(v, p1->x, hh);
    MUL(z3, p1->z, h);          /* Z3 = Z1 H */
    SUB(x3, x3, j);
    MUL(j, p1->y, j);           /* Y1 J */
    SUB(x3, x3, v);
    SUB(x3, x3, v);
    SUB(y3, v, x3);             /* Y3 = rr (V - X3) - Y1 J */
    MUL(y3, s2, y3);
    SUB(y3, y3, j);
    zc_ct_copy64(inf1, x3, x2, n);             /* O + P2 = P2 */
    zc_ct_copy64(inf1, y3, y2, n);
    zc_ct_copy64(inf1, z3, one, n);
    put(r, x3, y3, z3, n);
}

/* One copy per curve of each formula. */
#define COPIES(name, n)                                                                \
    static void add_##name(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,         \
                           const struct zc_ec_pt *p1, const struct zc_ec_pt *p2)       \
    {                                                                                  \
        add_n(c, r, p1, p2, n);                                                        \
    }                                                                                  \
    static void double_##name(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,      \
                              const struct zc_ec_pt *p)                                \
    {                                                                                  \
        double_n(c, r, p, n);                                                          \
    }                                                                                  \
    static void add_affine_##name(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,  \
                                  const struct zc_ec_pt *p1, const uint64_t *x2,       \
                                  const uint64_t *y2)                                  \
    {                                                                                  \
        add_affine_n(c, r, p1, x2, y2, n);                                             \
    }                                                                                  \
    static void double_jac_##name(struct zc_ec_pt *r, const struct zc_ec_pt *p)        \
    {                                                                                  \
        double_jac_n(r, p, n);                                                         \
    }                                                                                  \
    static void add_jac_##name(struct zc_ec_pt *r, const struct zc_ec_pt *p1,          \
                               const struct zc_ec_pt *p2, int vt)                      \
    {                                                                                  \
        add_jac_n(r, p1, p2, n, vt);                                                   \
    }                                                                                  \
    static void add_jac_affine_##name(struct zc_ec_pt *r, const struct zc_ec_pt *p1,   \
                                      const uint64_t *x2, const uint64_t *y2,          \
                                      const uint64_t *one, int vt)                     \
    {                                                                                  \
        add_jac_affine_n(r, p1, x2, y2, one, n, vt);                                   \
    }
COPIES(p256, 4)
COPIES(p384, 6)
COPIES(p521, 9)

void zc_ec_pt_add(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                  const struct zc_ec_pt *p1, const struct zc_ec_pt *p2)
{
    switch (c->p.limbs) {
    case 4: add_p256(c, r, p1, p2); break;
    case 6: add_p384(c, r, p1, p2); break;
    default: add_p521(c, r, p1, p2); break;
    }
}

void zc_ec_pt_double(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                     const struct zc_ec_pt *p)
{
    switch (c->p.limbs) {
    case 4: double_p256(c, r, p); break;
    case 6: double_p384(c, r, p); break;
    default: double_p521(c, r, p); break;
    }
}

void zc_ec_pt_add_affine(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                         const struct zc_ec_pt *p1, const uint64_t *x2, const uint64_t *y2)
{
    switch (c->p.limbs) {
    case 4: add_affine_p256(c, r, p1, x2, y2); break;
    case 6: add_affine_p384(c, r, p1, x2, y2); break;
    default: add_affine_p521(c, r, p1, x2, y2); break;
    }
}

void zc_ec_jac_double(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                      const struct zc_ec_pt *p)
{
    switch (c->p.limbs) {
    case 4: double_jac_p256(r, p); break;
    case 6: double_jac_p384(r, p); break;
    default: double_jac_p521(r, p); break;
    }
}

static void add_jac(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                    const struct zc_ec_pt *p1, const struct zc_ec_pt *p2, int vt)
{
    switch (c->p.limbs) {
    case 4: add_jac_p256(r, p1, p2, vt); break;
    case 6: add_jac_p384(r, p1, p2, vt); break;
    default: add_jac_p521(r, p1, p2, vt); break;
    }
}

void zc_ec_jac_add(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                   const struct zc_ec_pt *p1, const struct zc_ec_pt *p2)
{
    add_jac(c, r, p1, p2, 0);
}

void zc_ec_jac_add_vartime(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                           const struct zc_ec_pt *p1, const struct zc_ec_pt *p2)
{
    add_jac(c, r, p1, p2, 1);
}

static void add_jac_affine(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                           const struct zc_ec_pt *p1, const uint64_t *x2,
                           const uint64_t *y2, int vt)
{
    switch (c->p.limbs) {
    case 4: add_jac_affine_p256(r, p1, x2, y2, c->p.one, vt); break;
    case 6: add_jac_affine_p384(r, p1, x2, y2, c->p.one, vt); break;
    default: add_jac_affine_p521(r, p1, x2, y2, c->p.one, vt); break;
    }
}

void zc_ec_jac_add_affine(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                          const struct zc_ec_pt *p1, const uint64_t *x2, const uint64_t *y2)
{
    add_jac_affine(c, r, p1, x2, y2, 0);
}

void zc_ec_jac_add_affine_vartime(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                                  const struct zc_ec_pt *p1, const uint64_t *x2,
                                  const uint64_t *y2)
{
    add_jac_affine(c, r, p1, x2, y2, 1);
}

#undef MUL
#undef SQR
#undef ADD
#undef SUB
#undef HALF
#define MUL(r, a, b) zc_ec_mont_mul(&c->p, (r), (a), (b))
#define SQR(r, a) zc_ec_mont_sqr(&c->p, (r), (a))
#define ADD(r, a, b) zc_ec_mod_add(&c->p, (r), (a), (b))
#define SUB(r, a, b) zc_ec_mod_sub(&c->p, (r), (a), (b))

uint64_t zc_ec_pt_affine(const struct zc_ec_curve_sw *c, uint64_t *x, uint64_t *y,
                         const struct zc_ec_pt *a)
{
    uint64_t zi[ZC_EC_LIMBS];

    zc_ec_mont_inv(&c->p, zi, a->z);            /* 0 for infinity */
    MUL(x, a->x, zi);
    MUL(y, a->y, zi);
    zc_wipe(zi, sizeof zi);
    return zc_ec_is_zero(&c->p, a->z);
}

/* Projective (X:Y:Z) to Jacobian (X Z : Y Z^2 : Z): x = X Z / Z^2. */
void zc_ec_jac_from_pt(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                       const struct zc_ec_pt *a)
{
    uint64_t z2[ZC_EC_LIMBS];

    SQR(z2, a->z);
    MUL(r->x, a->x, a->z);
    MUL(r->y, a->y, z2);
    memcpy(r->z, a->z, sizeof r->z);
}

/* Jacobian (X:Y:Z) to projective (X Z : Y : Z^3): x = X Z / Z^3 = X / Z^2;
 * infinity (Z = 0) to (0:1:0). */
void zc_ec_pt_from_jac(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                       const struct zc_ec_pt *a)
{
    uint64_t z2[ZC_EC_LIMBS], inf = zc_ec_is_zero(&c->p, a->z);

    SQR(z2, a->z);
    memcpy(r->y, a->y, sizeof r->y);
    MUL(r->x, a->x, a->z);
    MUL(r->z, z2, a->z);
    zc_ct_copy64(inf, r->y, c->p.one, c->p.limbs);
}

/* w = x^3 - 3x + b */
static void rhs(const struct zc_ec_curve_sw *c, uint64_t *w, const uint64_t *x)
{
    uint64_t t[ZC_EC_LIMBS];

    SQR(t, x);
    MUL(t, t, x);
    SUB(t, t, x);
    SUB(t, t, x);
    SUB(t, t, x);
    ADD(w, t, c->b);
}

uint64_t zc_ec_on_curve(const struct zc_ec_curve_sw *c, const uint64_t *x,
                        const uint64_t *y)
{
    uint64_t w[ZC_EC_LIMBS], y2[ZC_EC_LIMBS], d[ZC_EC_LIMBS];

    rhs(c, w, x);
    SQR(y2, y);
    SUB(d, y2, w);
    return zc_ec_is_zero(&c->p, d);
}

uint64_t zc_ec_solve_y(const struct zc_ec_curve_sw *c, uint64_t *y, const uint64_t *x,
                       uint64_t odd)
{
    uint64_t w[ZC_EC_LIMBS], r[ZC_EC_LIMBS], neg[ZC_EC_LIMBS], plain[ZC_EC_LIMBS];
    uint64_t zero[ZC_EC_LIMBS] = { 0 }, ok;

    rhs(c, w, x);
    zc_ec_mont_pow(&c->p, r, w, c->sqrt_exp);
    ok = zc_ec_on_curve(c, x, r);
    zc_ec_from_mont(&c->p, plain, r);
    SUB(neg, zero, r);
    /* y = 0 has no odd twin: then odd = 1 is not a point */
    zc_ct_copy64((plain[0] & 1) ^ odd, r, neg, c->p.limbs);
    zc_ec_from_mont(&c->p, plain, r);
    ok &= zc_ct_eq(plain[0] & 1, odd);
    memcpy(y, r, ZC_EC_LIMBS * sizeof *y);
    return ok;
}
