/*
 * ec_mont.c - arithmetic modulo the field prime p or the group order n of
 * a NIST curve, in Montgomery form on 64-bit limbs.
 *
 * Technique: word-by-word Montgomery multiplication, the CIOS variant
 * (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", 1996), the same for the three curves and for both moduli:
 * limb counts 4, 6 and 9 (P-521: R = 2^576 > p = 2^521 - 1; the
 * Mersenne form would be faster, this keeps one code path). Products are
 * unsigned __int128. Addition, subtraction and the final subtraction of
 * the multiplication compute both outcomes and select with a mask
 * (core/ct.h), as fiat-crypto's generated code and BearSSL's ec_prime_i31
 * do; inversion is Fermat's a^(m-2) with the public exponent, so the
 * sequence of operations never depends on a secret.
 *
 * Carry bounds: a limb product plus two limbs is at most
 * (2^64-1)^2 + 2(2^64-1) = 2^128 - 1, so every (hi, lo) step fits in an
 * unsigned __int128. With a, b < m, the CIOS accumulator t stays below
 * 2m < 2^(64 limbs + 1): limbs+1 words hold it, and one conditional
 * subtraction of m reduces it.
 */
#include "ec_sw.h"
#include "core/ct.h"
#include "core/util.h"

__extension__ typedef unsigned __int128 u128;

/* r = t - m over n limbs; returns the borrow (1 when t < m). */
static uint64_t sub_m(uint64_t *r, const uint64_t *t, const uint64_t *m, unsigned n)
{
    uint64_t borrow = 0;
    unsigned i;

    for (i = 0; i < n; i++) {
        u128 d = (u128)t[i] - m[i] - borrow;

        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return borrow;
}

void zc_ec_mont_mul(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                    const uint64_t *b)
{
    m->mul(m, r, a, b);
}

void zc_ec_mont_sqr(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    m->sqr(m, r, a);
}

void zc_ec_mod_add(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                   const uint64_t *b)
{
    uint64_t t[ZC_EC_LIMBS], u[ZC_EC_LIMBS], carry = 0, borrow, use;
    unsigned n = m->limbs, i;

    for (i = 0; i < n; i++) {                   /* a + b < 2m */
        u128 z = (u128)a[i] + b[i] + carry;

        t[i] = (uint64_t)z;
        carry = (uint64_t)(z >> 64);
    }
    borrow = sub_m(u, t, m->m, n);
    use = carry | (borrow ^ 1);
    for (i = 0; i < n; i++)
        r[i] = zc_ct_sel(use, u[i], t[i]);
}

void zc_ec_mod_sub(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                   const uint64_t *b)
{
    uint64_t t[ZC_EC_LIMBS], mask, carry = 0;
    unsigned n = m->limbs, i;

    mask = zc_ct_mask(sub_m(t, a, b, n));       /* a - b, + m when it borrowed */
    for (i = 0; i < n; i++) {
        u128 z = (u128)t[i] + (m->m[i] & mask) + carry;

        r[i] = (uint64_t)z;
        carry = (uint64_t)(z >> 64);
    }
}

void zc_ec_mont_pow(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                    const uint64_t *e)
{
    uint64_t acc[ZC_EC_LIMBS], base[ZC_EC_LIMBS];
    unsigned n = m->limbs, i;

    memcpy(base, a, sizeof base);
    memcpy(acc, m->one, sizeof acc);
    /* the exponent is public: its bits may steer the sequence */
    for (i = n * 64; i-- > 0;) {
        zc_ec_mont_sqr(m, acc, acc);
        if ((e[i / 64] >> (i % 64)) & 1)
            zc_ec_mont_mul(m, acc, acc, base);
    }
    memcpy(r, acc, sizeof acc);
    zc_wipe(acc, sizeof acc);
    zc_wipe(base, sizeof base);
}

void zc_ec_mont_inv(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    zc_ec_mont_pow(m, r, a, m->inv_exp);
}

uint64_t zc_ec_from_bytes(const struct zc_ec_mod *m, uint64_t *r, const uint8_t *x,
                          size_t len)
{
    uint64_t u[ZC_EC_LIMBS];
    size_t i;

    memset(r, 0, ZC_EC_LIMBS * sizeof *r);
    for (i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);

        r[bit / 64] |= (uint64_t)x[i] << (bit % 64);
    }
    return sub_m(u, r, m->m, m->limbs);
}

void zc_ec_to_mont(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    zc_ec_mont_mul(m, r, a, m->r2);
}

void zc_ec_from_mont(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    static const uint64_t one[ZC_EC_LIMBS] = { 1 };

    zc_ec_mont_mul(m, r, a, one);
}

void zc_ec_to_bytes(uint8_t *out, size_t len, const uint64_t *a)
{
    size_t i;

    for (i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);

        out[i] = (uint8_t)(a[bit / 64] >> (bit % 64));
    }
}

uint64_t zc_ec_is_zero(const struct zc_ec_mod *m, const uint64_t *a)
{
    uint64_t acc = 0;
    unsigned i;

    for (i = 0; i < m->limbs; i++)
        acc |= a[i];
    return zc_ct_iszero(acc);
}

void zc_ec_reduce_once(const struct zc_ec_mod *m, uint64_t *a)
{
    uint64_t u[ZC_EC_LIMBS];
    uint64_t borrow = sub_m(u, a, m->m, m->limbs);

    zc_ct_copy64(borrow ^ 1, a, u, m->limbs);
}
