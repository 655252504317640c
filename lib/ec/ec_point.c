/*
 * ec_point.c - points of a short Weierstrass curve with a = -3 in
 * projective coordinates (X:Y:Z), x = X/Z, y = Y/Z, infinity (0:1:0).
 *
 * Technique: the complete formulas of Renes, Costello and Batina,
 * "Complete addition formulas for prime order elliptic curves"
 * (EUROCRYPT 2016, ePrint 2015/1060), algorithm 4 (addition) and
 * algorithm 6 (doubling) for a = -3, transcribed step by step (the step
 * comments are the paper's); the same transcription as Go's
 * crypto/internal/nistec and fiat-crypto's users. They are correct for
 * every pair of inputs, infinity and P + P included, so the scalar
 * multiplication needs no special case and no branch.
 *
 * Also: conversion to affine (one Fermat inversion), the curve equation
 * for public-key validation, and the square root of a compressed point
 * (p = 3 mod 4 on the three curves: y = w^((p+1)/4)).
 */
#include "ec_sw.h"
#include "core/ct.h"
#include "core/util.h"

#define MUL(r, a, b) zc_ec_mont_mul(&c->p, (r), (a), (b))
#define SQR(r, a) zc_ec_mont_sqr(&c->p, (r), (a))
#define ADD(r, a, b) zc_ec_mod_add(&c->p, (r), (a), (b))
#define SUB(r, a, b) zc_ec_mod_sub(&c->p, (r), (a), (b))

void zc_ec_pt_infinity(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r)
{
    memset(r, 0, sizeof *r);
    memcpy(r->y, c->p.one, sizeof r->y);
}

/* RCB16 algorithm 4: (X3:Y3:Z3) = (X1:Y1:Z1) + (X2:Y2:Z2), a = -3. */
void zc_ec_pt_add(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                  const struct zc_ec_pt *p1, const struct zc_ec_pt *p2)
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
    memcpy(r->x, x3, sizeof x3);
    memcpy(r->y, y3, sizeof y3);
    memcpy(r->z, z3, sizeof z3);
}

/* RCB16 algorithm 6: (X3:Y3:Z3) = 2 (X:Y:Z), a = -3. */
void zc_ec_pt_double(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                     const struct zc_ec_pt *p)
{
    uint64_t t0[ZC_EC_LIMBS], t1[ZC_EC_LIMBS], t2[ZC_EC_LIMBS], t3[ZC_EC_LIMBS];
    uint64_t x3[ZC_EC_LIMBS], y3[ZC_EC_LIMBS], z3[ZC_EC_LIMBS];

    SQR(t0, p->x);              /* 1. t0 = X^2 */
    SQR(t1, p->y);              /* 2. t1 = Y^2 */
    SQR(t2, p->z);              /* 3. t2 = Z^2 */
    MUL(t3, p->x, p->y);        /* 4. t3 = X Y */
    ADD(t3, t3, t3);            /* 5. t3 = t3 + t3 */
    MUL(z3, p->x, p->z);        /* 6. Z3 = X Z */
    ADD(z3, z3, z3);            /* 7. Z3 = Z3 + Z3 */
    MUL(y3, c->b, t2);          /* 8. Y3 = b t2 */
    SUB(y3, y3, z3);            /* 9. Y3 = Y3 - Z3 */
    ADD(x3, y3, y3);            /* 10. X3 = Y3 + Y3 */
    ADD(y3, x3, y3);            /* 11. Y3 = X3 + Y3 */
    SUB(x3, t1, y3);            /* 12. X3 = t1 - Y3 */
    ADD(y3, t1, y3);            /* 13. Y3 = t1 + Y3 */
    MUL(y3, x3, y3);            /* 14. Y3 = X3 Y3 */
    MUL(x3, x3, t3);            /* 15. X3 = X3 t3 */
    ADD(t3, t2, t2);            /* 16. t3 = t2 + t2 */
    ADD(t2, t2, t3);            /* 17. t2 = t2 + t3 */
    MUL(z3, c->b, z3);          /* 18. Z3 = b Z3 */
    SUB(z3, z3, t2);            /* 19. Z3 = Z3 - t2 */
    SUB(z3, z3, t0);            /* 20. Z3 = Z3 - t0 */
    ADD(t3, z3, z3);            /* 21. t3 = Z3 + Z3 */
    ADD(z3, z3, t3);            /* 22. Z3 = Z3 + t3 */
    ADD(t3, t0, t0);            /* 23. t3 = t0 + t0 */
    ADD(t0, t3, t0);            /* 24. t0 = t3 + t0 */
    SUB(t0, t0, t2);            /* 25. t0 = t0 - t2 */
    MUL(t0, t0, z3);            /* 26. t0 = t0 Z3 */
    ADD(y3, y3, t0);            /* 27. Y3 = Y3 + t0 */
    MUL(t0, p->y, p->z);        /* 28. t0 = Y Z */
    ADD(t0, t0, t0);            /* 29. t0 = t0 + t0 */
    MUL(z3, t0, z3);            /* 30. Z3 = t0 Z3 */
    SUB(x3, x3, z3);            /* 31. X3 = X3 - Z3 */
    MUL(z3, t0, t1);            /* 32. Z3 = t0 t1 */
    ADD(z3, z3, z3);            /* 33. Z3 = Z3 + Z3 */
    ADD(z3, z3, z3);            /* 34. Z3 = Z3 + Z3 */
    memcpy(r->x, x3, sizeof x3);
    memcpy(r->y, y3, sizeof y3);
    memcpy(r->z, z3, sizeof z3);
}

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
