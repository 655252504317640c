/*
 * bn_core.c - big-integer basics: byte conversion, comparison, addition,
 * subtraction, schoolbook multiplication and bitwise reduction.
 *
 * Technique: plain limb loops whose trip counts are the announced limb
 * counts; every condition on a value is a mask from ct.h (see bn.h for
 * the contract). The reduction shifts the dividend in one bit at a time
 * (r = 2r + bit, minus m when that reaches m), which costs a few n-limb
 * passes per bit but has no quotient estimate, hence no division
 * instruction whose timing could depend on the operands. The remainder by
 * a one-word divisor multiplies by a reciprocal instead (Barrett's
 * method, with the reciprocal itself found by a fixed-length shift and
 * subtract), for the same reason.
 */
#include "bn.h"
#include "core/ct.h"
#include "core/util.h"

void zc_bn_zero(uint64_t *x, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        x[i] = 0;
}

int zc_bn_decode(uint64_t *x, size_t n, const uint8_t *src, size_t len)
{
    size_t i;

    zc_bn_zero(x, n);
    for (i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);     /* weight of src[i] */

        if (bit >= 64 * n) {
            if (src[i] != 0) {
                zc_bn_zero(x, n);
                return 0;
            }
            continue;
        }
        x[bit / 64] |= (uint64_t)src[i] << (bit % 64);
    }
    return 1;
}

void zc_bn_encode(uint8_t *dst, size_t len, const uint64_t *x, size_t n)
{
    size_t i;

    for (i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);

        dst[i] = bit < 64 * n ? (uint8_t)(x[bit / 64] >> (bit % 64)) : 0;
    }
}

static size_t bitlen64(uint64_t w)
{
    size_t r = 0;
    uint64_t c;

    c = zc_ct_nonzero(w >> 32); r += 32 * c; w = zc_ct_sel(c, w >> 32, w);
    c = zc_ct_nonzero(w >> 16); r += 16 * c; w = zc_ct_sel(c, w >> 16, w);
    c = zc_ct_nonzero(w >> 8);  r += 8 * c;  w = zc_ct_sel(c, w >> 8, w);
    c = zc_ct_nonzero(w >> 4);  r += 4 * c;  w = zc_ct_sel(c, w >> 4, w);
    c = zc_ct_nonzero(w >> 2);  r += 2 * c;  w = zc_ct_sel(c, w >> 2, w);
    c = zc_ct_nonzero(w >> 1);  r += c;      w = zc_ct_sel(c, w >> 1, w);
    return r + (size_t)w;
}

size_t zc_bn_bitlen(const uint64_t *x, size_t n)
{
    size_t i, r = 0;

    for (i = 0; i < n; i++)
        r = (size_t)zc_ct_sel(zc_ct_nonzero(x[i]), 64 * i + bitlen64(x[i]), r);
    return r;
}

uint64_t zc_bn_iszero(const uint64_t *x, size_t n)
{
    uint64_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc |= x[i];
    return zc_ct_iszero(acc);
}

uint64_t zc_bn_eq(const uint64_t *x, const uint64_t *y, size_t n)
{
    uint64_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc |= x[i] ^ y[i];
    return zc_ct_iszero(acc);
}

uint64_t zc_bn_lt(const uint64_t *x, const uint64_t *y, size_t n)
{
    uint64_t borrow = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t d = x[i] - y[i];

        borrow = zc_ct_lt(x[i], y[i]) | (zc_ct_iszero(d) & borrow);
    }
    return borrow;
}

uint64_t zc_bn_add(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t c = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t s = a[i] + c;
        uint64_t c1 = zc_ct_lt(s, c);

        s += b[i];
        c = c1 | zc_ct_lt(s, b[i]);
        d[i] = s;
    }
    return c;
}

uint64_t zc_bn_sub(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t br = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t ai = a[i], bi = b[i];
        uint64_t t = ai - bi;
        uint64_t b1 = zc_ct_lt(ai, bi);

        d[i] = t - br;
        br = b1 | (zc_ct_iszero(t) & br);
    }
    return br;
}

uint64_t zc_bn_cadd(uint64_t ctl, uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t m = zc_ct_mask(ctl), c = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t bi = b[i] & m;
        uint64_t s = a[i] + c;
        uint64_t c1 = zc_ct_lt(s, c);

        s += bi;
        c = c1 | zc_ct_lt(s, bi);
        a[i] = s;
    }
    return c;
}

uint64_t zc_bn_csub(uint64_t ctl, uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t m = zc_ct_mask(ctl), br = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t ai = a[i], bi = b[i] & m;
        uint64_t t = ai - bi;
        uint64_t b1 = zc_ct_lt(ai, bi);

        a[i] = t - br;
        br = b1 | (zc_ct_iszero(t) & br);
    }
    return br;
}

uint64_t zc_bn_add_word(uint64_t *a, size_t n, uint64_t w)
{
    size_t i;

    for (i = 0; i < n; i++) {
        a[i] += w;
        w = zc_ct_lt(a[i], w);
    }
    return w;
}

void zc_bn_mul(uint64_t *d, const uint64_t *a, size_t an, const uint64_t *b, size_t bn)
{
    size_t i, j;

    zc_bn_zero(d, an + bn);
    for (i = 0; i < an; i++) {
        uint64_t c = 0;

        for (j = 0; j < bn; j++)
            c = zc_bn_mula(&d[i + j], a[i], b[j], d[i + j], c);
        d[i + bn] = c;
    }
}

void zc_bn_reduce(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *m, size_t n)
{
    uint64_t t[ZC_BN_MAX_LIMBS];
    size_t i, j;

    zc_bn_zero(r, n);
    for (i = 64 * an; i-- > 0;) {
        uint64_t top = r[n - 1] >> 63, br;

        /* r = 2r + bit: r < m, so the result is below 2m */
        for (j = n - 1; j > 0; j--)
            r[j] = r[j] << 1 | r[j - 1] >> 63;
        r[0] = r[0] << 1 | ((a[i / 64] >> (i % 64)) & 1);
        br = zc_bn_sub(t, r, m, n);
        zc_ct_copy64(top | (1 ^ br), r, t, n);
    }
    zc_wipe(t, n * sizeof t[0]);
}

/*
 * floor((2^64 - 1) / d) for 1 <= d < 2^32, by restoring long division one
 * bit at a time: 64 fixed rounds, no division instruction (its latency
 * depends on the operands on many CPUs). The remainder stays below d, so
 * 2r + 1 fits in 33 bits.
 */
static uint64_t recip32(uint32_t d)
{
    uint64_t r = 0, v = 0, ge;
    int i;

    for (i = 63; i >= 0; i--) {
        r = r << 1 | 1;                     /* the dividend's bits are all ones */
        ge = zc_ct_ge(r, d);
        r -= zc_ct_mask(ge) & d;
        v |= ge << i;
    }
    return v;
}

/*
 * x mod d for x < d * 2^32, with v = recip32(d). The estimate
 * q = floor(x v / 2^64) falls short of floor(x / d) by at most one
 * (v >= (2^64 - d) / d, so x v / 2^64 >= x / d - x / 2^64 > x / d - 1
 * as x < 2^64): x - q d is below 2d and one masked subtraction finishes.
 */
static uint64_t mod32_step(uint64_t x, uint32_t d, uint64_t v)
{
    uint64_t lo, q = zc_bn_mula(&lo, x, v, 0, 0);

    x -= q * d;
    return x - (zc_ct_mask(zc_ct_ge(x, d)) & d);
}

uint32_t zc_bn_mod_small(const uint64_t *a, size_t n, uint32_t d)
{
    uint64_t v = recip32(d), r = 0;
    size_t i;

    /* 32 bits at a time: r < d keeps (r << 32 | half) below d * 2^32. */
    for (i = n; i-- > 0;) {
        r = mod32_step(r << 32 | a[i] >> 32, d, v);
        r = mod32_step(r << 32 | (uint32_t)a[i], d, v);
    }
    return (uint32_t)r;
}
