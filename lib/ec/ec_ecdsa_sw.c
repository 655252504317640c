/*
 * ec_ecdsa_sw.c - the ECDSA equations of FIPS 186-5 (6.4.1 and 6.4.2)
 * over the scalar arithmetic of ec_mont.c (modulo n, Montgomery form)
 * and the point multiplication of ec_mul.c.
 *
 * Signing is constant-time in d and k: k^-1 by the fixed-count divsteps
 * of bn/ (zc_ec_mont_inv), s = k^-1 (e + r d) in Montgomery form; only the
 * answer "r or s is zero" (then the caller takes the next nonce) is made
 * public. Verification handles public data only and may branch; it
 * compares x with r projectively (X = r Z, or (r + n) Z), which saves
 * the inversion of Z.
 */
#include "ec_sw.h"
#include "core/ct.h"
#include "core/util.h"

/* x (plain limbs, below p) to x mod n: p < 2n on the three curves. */
static void x_mod_n(const struct zc_ec_curve_sw *c, uint64_t *r, const uint64_t *xm)
{
    zc_ec_from_mont(&c->p, r, xm);
    zc_ec_reduce_once(&c->n, r);
}

int zc_ec_sw_sign(const struct zc_ec_curve_sw *c, const uint8_t *d, const uint8_t *k,
                  const uint8_t *e, uint8_t *rs)
{
    const struct zc_ec_mod *n = &c->n;
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], r[ZC_EC_LIMBS], s[ZC_EC_LIMBS];
    uint64_t t[ZC_EC_LIMBS], u[ZC_EC_LIMBS], ok;
    struct zc_ec_pt p;
    int ret;

    zc_ec_mul(c, &p, k, NULL);                  /* (x, y) = k G */
    zc_ec_pt_affine(c, x, y, &p);               /* k in [1, n-1]: never infinity */
    x_mod_n(c, r, x);                           /* r = x mod n */
    ok = zc_ec_is_zero(n, r) ^ 1;
    zc_ec_from_bytes(n, t, k, c->flen);
    zc_ec_to_mont(n, t, t);
    zc_ec_mont_inv(n, u, t);                    /* u = k^-1 (Montgomery) */
    zc_ec_from_bytes(n, t, d, c->flen);
    zc_ec_to_mont(n, t, t);
    zc_ec_to_mont(n, s, r);
    zc_ec_mont_mul(n, s, s, t);                 /* r d */
    zc_ec_from_bytes(n, t, e, c->flen);         /* e < 2^bits < 2n */
    zc_ec_reduce_once(n, t);
    zc_ec_to_mont(n, t, t);
    zc_ec_mod_add(n, s, s, t);                  /* e + r d */
    zc_ec_mont_mul(n, s, s, u);                 /* k^-1 (e + r d) */
    zc_ec_from_mont(n, s, s);
    ok &= zc_ec_is_zero(n, s) ^ 1;
    zc_ec_to_bytes(rs, c->flen, r);
    zc_ec_to_bytes(rs + c->flen, c->flen, s);
    zc_ct_declassify(&ok, sizeof ok);           /* a zero r or s: next nonce */
    ret = (int)ok;
    zc_wipe(&p, sizeof p);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    zc_wipe(t, sizeof t);
    zc_wipe(u, sizeof u);
    zc_wipe(s, sizeof s);
    return ret;
}

/* 1 when a < m (n limbs), public values. */
static int below(const uint64_t *a, const uint64_t *m, unsigned n)
{
    while (n-- > 0)
        if (a[n] != m[n])
            return a[n] < m[n];
    return 0;
}

int zc_ec_sw_verify(const struct zc_ec_curve_sw *c, const struct zc_ec_pt *q,
                    const uint8_t *e, const uint8_t *rs)
{
    const struct zc_ec_mod *n = &c->n;
    uint64_t r[ZC_EC_LIMBS], s[ZC_EC_LIMBS], w[ZC_EC_LIMBS], t[ZC_EC_LIMBS];
    uint8_t u1[ZC_EC_MAX_F], u2[ZC_EC_MAX_F];
    struct zc_ec_pt p;
    unsigned i, k;

    if (!zc_ec_from_bytes(n, r, rs, c->flen) || zc_ec_is_zero(n, r) ||
        !zc_ec_from_bytes(n, s, rs + c->flen, c->flen) || zc_ec_is_zero(n, s))
        return 0;                               /* 0 < r, s < n */
    zc_ec_to_mont(n, s, s);
    zc_ec_mont_inv_vartime(n, w, s);            /* w = s^-1, s public */
    zc_ec_from_bytes(n, t, e, c->flen);
    zc_ec_reduce_once(n, t);
    zc_ec_to_mont(n, t, t);
    zc_ec_mont_mul(n, t, t, w);                 /* u1 = e w (plain after one more) */
    zc_ec_from_mont(n, t, t);
    zc_ec_to_bytes(u1, c->flen, t);
    zc_ec_to_mont(n, t, r);
    zc_ec_mont_mul(n, t, t, w);                 /* u2 = r w */
    zc_ec_from_mont(n, t, t);
    zc_ec_to_bytes(u2, c->flen, t);
    zc_ec_mul2_vartime(c, &p, u1, u2, q);
    if (zc_ec_is_zero(&c->p, p.z))
        return 0;                               /* infinity */
    /* x mod n = r without the inversion: x = X / Z < p < 2n, so x is r or
     * r + n (when that is below p); test X = r Z for each (Montgomery). */
    for (k = 0; k < 2; k++) {
        if (k == 1) {
            uint64_t carry = 0;

            for (i = 0; i < n->limbs; i++) {    /* r + n < 2n */
                uint64_t s1 = r[i] + carry, s2 = s1 + n->m[i];

                carry = (s1 < carry) | (s2 < s1);
                r[i] = s2;
            }
            if (carry || !below(r, c->p.m, c->p.limbs))
                return 0;                       /* r + n >= p */
        }
        zc_ec_to_mont(&c->p, t, r);
        zc_ec_mont_mul(&c->p, t, t, p.z);
        for (i = 0; i < c->p.limbs; i++)
            if (t[i] != p.x[i])
                break;
        if (i == c->p.limbs)
            return 1;
    }
    return 0;
}
