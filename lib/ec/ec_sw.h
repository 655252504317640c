/*
 * ec_sw.h - the software core of the NIST curves P-256, P-384, P-521:
 * field and scalar arithmetic in Montgomery form (ec_mont.c, with the
 * fixed-size products of ec_field.c and ec_fe.h), points in
 * projective coordinates with complete formulas and in Jacobian
 * coordinates for the variable-base ladder (ec_point.c), the
 * constant-time scalar multiplication (ec_mul.c) and ECDSA's arithmetic
 * (ec_ecdsa_sw.c).
 *
 * Private to lib/ec/. Numbers are 64-bit limbs, least significant first,
 * ZC_EC_LIMBS of room of which a modulus uses m->limbs (4, 6 or 9); the
 * unused limbs are kept zero. Field elements and scalars live in
 * Montgomery form (x R mod m, R = 2^(64 limbs)) and are always fully
 * reduced (below m). Everything here is constant-time in its arguments,
 * except what is named _vartime.
 */
#ifndef ZC_EC_SW_H
#define ZC_EC_SW_H

#include <stddef.h>
#include <stdint.h>

#define ZC_EC_LIMBS 9           /* P-521: 521 bits in 9 limbs */
#define ZC_EC_MAX_F 66          /* field bytes of P-521 */

struct zc_ec_mod;
/* A Montgomery product r = a b R^-1 mod m, and a square (ec_field.c). */
typedef void zc_ec_mul_fn(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                          const uint64_t *b);
typedef void zc_ec_sqr_fn(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a);

/* A Montgomery modulus: the field prime p or the group order n. */
struct zc_ec_mod {
    unsigned limbs;
    zc_ec_mul_fn *mul;              /* the copy specialised for this modulus */
    zc_ec_sqr_fn *sqr;
    uint64_t m[ZC_EC_LIMBS];        /* the odd modulus */
    uint64_t m0i;                   /* -m^-1 mod 2^64 */
    uint64_t r2[ZC_EC_LIMBS];       /* R^2 mod m: into Montgomery form */
    uint64_t one[ZC_EC_LIMBS];      /* R mod m: 1 in Montgomery form */
    uint64_t inv_exp[ZC_EC_LIMBS];  /* m - 2: Fermat's exponent, the tests' reference inverse */
};

/* A curve y^2 = x^3 - 3x + b over p, prime order n, base point G. */
struct zc_ec_curve_sw {
    struct zc_ec_mod p, n;
    uint64_t b[ZC_EC_LIMBS];        /* Montgomery form */
    uint64_t gx[ZC_EC_LIMBS], gy[ZC_EC_LIMBS];   /* Montgomery form */
    uint64_t sqrt_exp[ZC_EC_LIMBS]; /* (p + 1) / 4: p = 3 mod 4 on all three */
    unsigned bits;                  /* bit length of p and of n */
    unsigned flen;                  /* f: bytes of a coordinate or scalar */
    /* The fixed-base comb (ec_mul.c): table j holds d 2^(5 gspace j) G,
     * d = 1 .. 16, affine x then y (limbs each, Montgomery form). */
    const uint64_t *gtab;
    unsigned gspace;
    /* The verification's odd multiples (ec_mul.c): (2 i + 1) G for
     * i = 0 .. 2^(ZC_EC_WV - 2) - 1, affine x then y, Montgomery form. */
    const uint64_t *vtab;
};

/* The verification's NAF width for a G (scripts/ec_curves.py's WV). */
#define ZC_EC_WV 8

/* 0: P-256, 1: P-384, 2: P-521. */
const struct zc_ec_curve_sw *zc_ec_sw_curve(unsigned idx);

/* ec_field.c: the specialised copies the curve tables point to (n7: Ed448's
 * order, ec_ed_scalar.c). */
zc_ec_mul_fn zc_ec_fmul_p256, zc_ec_fmul_p384, zc_ec_fmul_p521;
zc_ec_mul_fn zc_ec_fmul_n4, zc_ec_fmul_n6, zc_ec_fmul_n7, zc_ec_fmul_n9;
zc_ec_sqr_fn zc_ec_fsqr_p256, zc_ec_fsqr_p384, zc_ec_fsqr_p521;
zc_ec_sqr_fn zc_ec_fsqr_n4, zc_ec_fsqr_n6, zc_ec_fsqr_n7, zc_ec_fsqr_n9;
/* P-256's and P-384's portable C, which zc_ec_fmul_p256/p384 and
 * zc_ec_fsqr_p256/p384 run unless the CPU has BMI2 and ADX
 * (ec_field_adx.c); the unit test runs both. */
zc_ec_mul_fn zc_ec_fmul_p256_portable, zc_ec_fmul_p384_portable;
zc_ec_sqr_fn zc_ec_fsqr_p256_portable, zc_ec_fsqr_p384_portable;

/* ec_mont.c: arithmetic mod m. Inputs below m, outputs below m; r may
 * alias a or b. */
void zc_ec_mont_mul(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                    const uint64_t *b);
/* r = a^2 R^-1 mod m. */
void zc_ec_mont_sqr(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a);
void zc_ec_mod_add(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                   const uint64_t *b);
void zc_ec_mod_sub(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                   const uint64_t *b);
/* r = a^e (Montgomery form in and out), e a public exponent. */
void zc_ec_mont_pow(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                    const uint64_t *e);
/* r = a^-1 (divsteps, bn/bn_inv.c); 0 gives 0. */
void zc_ec_mont_inv(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a);
/* The same for public a (verification): variable time. */
void zc_ec_mont_inv_vartime(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a);
/* x (len big-endian bytes, len <= 8 * limbs) to plain limbs; 1 when x < m. */
uint64_t zc_ec_from_bytes(const struct zc_ec_mod *m, uint64_t *r, const uint8_t *x,
                          size_t len);
/* Plain limbs to Montgomery form and back. */
void zc_ec_to_mont(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a);
void zc_ec_from_mont(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a);
/* Plain limbs to len big-endian bytes. */
void zc_ec_to_bytes(uint8_t *out, size_t len, const uint64_t *a);
/* 1 when a == 0 (limbs of m), else 0. */
uint64_t zc_ec_is_zero(const struct zc_ec_mod *m, const uint64_t *a);
/* a - m if a >= m (a below 2m), so that a is reduced. */
void zc_ec_reduce_once(const struct zc_ec_mod *m, uint64_t *a);

/* ec_point.c: projective points (X:Y:Z), Montgomery form; infinity (0:1:0). */
struct zc_ec_pt {
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], z[ZC_EC_LIMBS];
};
void zc_ec_pt_add(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                  const struct zc_ec_pt *a, const struct zc_ec_pt *b);
void zc_ec_pt_double(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                     const struct zc_ec_pt *a);
/* r = a + (x, y), (x, y) affine (Montgomery form) and never infinity. */
void zc_ec_pt_add_affine(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                         const struct zc_ec_pt *a, const uint64_t *x, const uint64_t *y);
void zc_ec_pt_infinity(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r);
/* Affine x, y (Montgomery form); returns 1 when the point is infinity. */
uint64_t zc_ec_pt_affine(const struct zc_ec_curve_sw *c, uint64_t *x, uint64_t *y,
                         const struct zc_ec_pt *a);
/* Jacobian coordinates (X:Y:Z), x = X/Z^2, y = Y/Z^3, in the same struct,
 * infinity any (X:Y:0) with Y != 0. Doubling is exact for every point;
 * zc_ec_jac_add is exact for every pair but P1 = +-P2 both finite
 * (constant-time: infinity on either side by masks), the _vartime one
 * for every pair. */
void zc_ec_jac_double(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                      const struct zc_ec_pt *p);
void zc_ec_jac_add(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                   const struct zc_ec_pt *p1, const struct zc_ec_pt *p2);
void zc_ec_jac_add_vartime(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                           const struct zc_ec_pt *p1, const struct zc_ec_pt *p2);
/* r = p1 + (x2, y2) in Jacobian coordinates, (x2, y2) affine (Montgomery
 * form, never infinity): exact for every p1 but +-(x2, y2), constant-time
 * (p1 = infinity by masks); the _vartime one exact for every p1 (public
 * points only: verification). */
void zc_ec_jac_add_affine(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                          const struct zc_ec_pt *p1, const uint64_t *x2, const uint64_t *y2);
void zc_ec_jac_add_affine_vartime(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                                  const struct zc_ec_pt *p1, const uint64_t *x2,
                                  const uint64_t *y2);
/* Projective to Jacobian and back (r may alias a). */
void zc_ec_jac_from_pt(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                       const struct zc_ec_pt *a);
void zc_ec_pt_from_jac(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                       const struct zc_ec_pt *a);
/* 1 when (x, y) (Montgomery form) satisfies the curve equation. */
uint64_t zc_ec_on_curve(const struct zc_ec_curve_sw *c, const uint64_t *x,
                        const uint64_t *y);
/* y with y^2 = x^3 - 3x + b and y's parity odd (0 or 1), x Montgomery form;
 * returns 1 when such a y exists. */
uint64_t zc_ec_solve_y(const struct zc_ec_curve_sw *c, uint64_t *y, const uint64_t *x,
                       uint64_t odd);

/* ec_mul.c: r = k P, k a big-endian scalar of flen bytes (any value below
 * 2^(8 flen)), constant-time in k and P. P affine (Z = 1, Montgomery
 * form) or infinity (Z = 0), or NULL for G. */
void zc_ec_mul(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r, const uint8_t *k,
               const struct zc_ec_pt *p);
/* P-521's k P up to its last addition (ec_p521.c, 58-bit limbs): the
 * digits d_i = dig[i], their signs neg[i] (ec_mul.c's recoding, nw
 * windows); acc = sum_(i>0) d_i 2^(5i) P and sel = d_0 P, Jacobian. */
void zc_ec_mul_p521(const struct zc_ec_curve_sw *c, struct zc_ec_pt *acc,
                    struct zc_ec_pt *sel, const uint8_t *dig, const uint8_t *neg,
                    unsigned nw, const struct zc_ec_pt *p);
/* r = a G + b Q, variable time (verification). */
void zc_ec_mul2_vartime(const struct zc_ec_curve_sw *c, struct zc_ec_pt *r,
                        const uint8_t *a, const uint8_t *b, const struct zc_ec_pt *q);

/* ec_ecdsa_sw.c: the signature equation. e is the truncated digest as f
 * big-endian bytes (below 2^bits), d and k scalars in [1, n-1]. sign
 * returns 1 and writes r || s (2 f bytes) when neither is zero, else 0. */
int zc_ec_sw_sign(const struct zc_ec_curve_sw *c, const uint8_t *d, const uint8_t *k,
                  const uint8_t *e, uint8_t *rs);
/* 1 when r || s is a valid signature of e under Q (on the curve). */
int zc_ec_sw_verify(const struct zc_ec_curve_sw *c, const struct zc_ec_pt *q,
                    const uint8_t *e, const uint8_t *rs);

#endif /* ZC_EC_SW_H */
