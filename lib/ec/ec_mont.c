/*
 * ec_mont.c - arithmetic modulo the field prime p or the group order n of
 * a NIST curve, in Montgomery form on 64-bit limbs, with the limb count
 * read at run time: the entry points the rest of lib/ec/ calls.
 *
 * The products go to the modulus' own fixed-size copy (ec_field.c,
 * through the curve table's pointers). Addition, subtraction and the
 * reductions compute both outcomes and select with a mask (core/ct.h), as
 * fiat-crypto's generated code and BearSSL's ec_prime_i31 do; inversion
 * is bn/'s Bernstein-Yang divsteps, a fixed step count, and the power
 * (the square root's) a sliding window over the public exponent, so the
 * sequence of operations never depends on a secret.
 *
 * Carry bounds: a limb sum plus a carry is at most 2(2^64-1) + 1 < 2^65,
 * held in an unsigned __int128; with a, b < m, a + b < 2m needs n limbs
 * and one carry bit, and one conditional subtraction of m reduces it.
 */
#include "ec_sw.h"
#include "bn/bn.h"
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

static unsigned bit(const uint64_t *e, unsigned i)
{
    return (unsigned)(e[i / 64] >> (i % 64)) & 1;
}

/*
 * Left-to-right sliding window of 5 bits over the public exponent
 * (Menezes, van Oorschot, Vanstone, "Handbook of applied cryptography",
 * algorithm 14.85): the odd powers a, a^3, .., a^31, then one product per
 * window. Fermat's m - 2 is mostly ones (P-521's all but one bit): this
 * takes about bits / 6 products instead of one per set bit. The sequence
 * follows the exponent's bits only, never a's value.
 */
#define POW_W 5

void zc_ec_mont_pow(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                    const uint64_t *e)
{
    uint64_t tbl[1 << (POW_W - 1)][ZC_EC_LIMBS], acc[ZC_EC_LIMBS], a2[ZC_EC_LIMBS];
    unsigned n = m->limbs, i, j, l, started = 0;

    memcpy(tbl[0], a, sizeof tbl[0]);
    zc_ec_mont_sqr(m, a2, a);
    for (j = 1; j < (1u << (POW_W - 1)); j++)
        zc_ec_mont_mul(m, tbl[j], tbl[j - 1], a2);
    memcpy(acc, m->one, sizeof acc);
    for (i = n * 64; i-- > 0;) {
        unsigned v;

        if (!bit(e, i)) {
            if (started)
                zc_ec_mont_sqr(m, acc, acc);
            continue;
        }
        l = i >= POW_W - 1 ? i - (POW_W - 1) : 0;  /* the window ends on a one */
        while (!bit(e, l))
            l++;
        for (v = 0, j = i + 1; j-- > l;) {
            v = v << 1 | bit(e, j);
            if (started)
                zc_ec_mont_sqr(m, acc, acc);
        }
        if (started)
            zc_ec_mont_mul(m, acc, acc, tbl[v >> 1]);
        else
            memcpy(acc, tbl[v >> 1], sizeof acc);
        started = 1;
        if (l == 0)
            break;
        i = l;                                  /* the loop's i-- moves below it */
    }
    memcpy(r, acc, sizeof acc);
    zc_wipe(tbl, sizeof tbl);
    zc_wipe(acc, sizeof acc);
    zc_wipe(a2, sizeof a2);
}

/*
 * By the divsteps of bn/bn_inv.c (zc_bn_modinv: a fixed step count for
 * the limb count, so constant-time in a) on the plain value: out of
 * Montgomery form, invert, back in (two products besides the inverse,
 * where Fermat took about bits + bits / 6). The divsteps fail only on 0,
 * whose "inverse" is then masked to 0 as Fermat gave. vartime: public a
 * only, zc_bn_modinv_vartime.
 */
static void mont_inv(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a, int vartime)
{
    uint64_t t[ZC_EC_LIMBS] = { 0 }, ok;
    unsigned i;

    zc_ec_from_mont(m, t, a);
    ok = zc_ct_mask(vartime ? zc_bn_modinv_vartime(t, m->m, m->limbs)
                            : zc_bn_modinv(t, m->m, m->limbs));
    for (i = 0; i < m->limbs; i++)
        t[i] &= ok;                             /* below m for to_mont */
    zc_ec_to_mont(m, r, t);
    zc_wipe(t, sizeof t);
}

void zc_ec_mont_inv(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    mont_inv(m, r, a, 0);
}

void zc_ec_mont_inv_vartime(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    mont_inv(m, r, a, 1);
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
