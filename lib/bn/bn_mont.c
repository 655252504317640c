/*
 * bn_mont.c - Montgomery multiplication and modular exponentiation.
 *
 * Technique: Montgomery's REDC (P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44, 1985), word by word with the
 * multiplication and the reduction fused into one pass per word of x (the
 * FIOS form in Koc, Acar and Kaliski, "Analyzing and comparing Montgomery
 * multiplication algorithms", IEEE Micro 1996), 64-bit limbs. The
 * final subtraction is always computed and kept by mask, so the time does
 * not tell whether it was needed (the Schindler timing channel).
 *
 * Secret exponents use a fixed 4-bit window: four squarings and one
 * multiplication per window, the multiplier read from a 16-entry table by
 * a full scan (ct.h), so neither the sequence of operations nor the
 * memory addresses depend on the exponent's bits; only its announced bit
 * length counts. Public exponents use plain left-to-right
 * square-and-multiply.
 */
#include "bn.h"
#include "core/ct.h"
#include "core/util.h"

uint64_t zc_bn_m0i(uint64_t m0)
{
    /* Newton: y = m0^-1 mod 2^k doubles k each step; m0 * m0 = 1 mod 8 starts at 3 bits */
    uint64_t y = m0;
    int i;

    for (i = 0; i < 5; i++)
        y *= 2 - m0 * y;
    return (uint64_t)0 - y;
}

void zc_bn_r2(uint64_t *r2, const uint64_t *m, size_t n)
{
    uint64_t t[ZC_BN_MAX_LIMBS];
    size_t i, j;

    /* start at 1 and double 128 n times, modulo m */
    zc_bn_zero(r2, n);
    r2[0] = 1;
    for (i = 0; i < 128 * n; i++) {
        uint64_t top = r2[n - 1] >> 63, br;

        for (j = n - 1; j > 0; j--)
            r2[j] = r2[j] << 1 | r2[j - 1] >> 63;
        r2[0] <<= 1;
        br = zc_bn_sub(t, r2, m, n);
        zc_ct_copy64(top | (1 ^ br), r2, t, n);
    }
    zc_wipe(t, n * sizeof t[0]);
}

void zc_bn_montmul(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                   size_t n, uint64_t m0i)
{
    uint64_t t[ZC_BN_MAX_LIMBS + 1];
    uint64_t s[ZC_BN_MAX_LIMBS];
    uint64_t br, hi;
    size_t i, j;

    zc_bn_zero(t, n + 1);
    for (i = 0; i < n; i++) {
        /*
         * One pass: t = (t + x[i] y + u m) / 2^64, with u chosen so that the
         * low limb vanishes. Two carry chains, c1 for x[i] y and c2 for u m,
         * each fits a limb because a * b + c + d < 2^128.
         */
        uint64_t xi = x[i], c1, c2, lo, u, top;

        c1 = zc_bn_mula(&lo, xi, y[0], t[0], 0);
        u = lo * m0i;
        c2 = zc_bn_mula(&lo, u, m[0], lo, 0);
        for (j = 1; j < n; j++) {
            c1 = zc_bn_mula(&lo, xi, y[j], t[j], c1);
            c2 = zc_bn_mula(&t[j - 1], u, m[j], lo, c2);
        }
        top = t[n] + c1;
        hi = zc_ct_lt(top, c1);
        top += c2;
        hi += zc_ct_lt(top, c2);
        t[n - 1] = top;
        t[n] = hi;
    }
    /* t < 2m: subtract m once when t >= m */
    br = zc_bn_sub(s, t, m, n);
    hi = t[n];
    for (i = 0; i < n; i++)
        d[i] = zc_ct_sel(hi | (1 ^ br), s[i], t[i]);
    zc_wipe(t, (n + 1) * sizeof t[0]);
    zc_wipe(s, n * sizeof s[0]);
}

void zc_bn_modexp(uint64_t *x, const uint64_t *e, size_t en, size_t ebits,
                  const uint64_t *m, size_t n, uint64_t m0i, const uint64_t *r2)
{
    uint64_t table[16 * ZC_BN_MAX_SECRET_LIMBS];
    uint64_t acc[ZC_BN_MAX_LIMBS], mul[ZC_BN_MAX_LIMBS];
    size_t i, k, windows;

    if (n > ZC_BN_MAX_SECRET_LIMBS)
        return;             /* callers check sizes first; never reached */
    /* table[i] = x^i in Montgomery form */
    zc_bn_zero(acc, n);
    acc[0] = 1;
    zc_bn_montmul(table, acc, r2, m, n, m0i);          /* 1 * R mod m */
    zc_bn_montmul(table + n, x, r2, m, n, m0i);        /* x * R mod m */
    for (i = 2; i < 16; i++)
        zc_bn_montmul(table + i * n, table + (i - 1) * n, table + n, m, n, m0i);

    windows = (ebits + 3) / 4;
    memcpy(acc, table, n * sizeof acc[0]);
    for (i = windows; i-- > 0;) {
        uint64_t w = 0;

        for (k = 0; k < 4; k++) {
            size_t bit = 4 * i + k;

            zc_bn_montmul(acc, acc, acc, m, n, m0i);
            if (bit < 64 * en)      /* public: bit positions, not values */
                w |= ((e[bit / 64] >> (bit % 64)) & 1) << k;
        }
        zc_ct_lookup64(mul, table, 16, n, w);
        zc_bn_montmul(acc, acc, mul, m, n, m0i);
    }
    /* out of Montgomery form: multiply by 1 */
    zc_bn_zero(mul, n);
    mul[0] = 1;
    zc_bn_montmul(x, acc, mul, m, n, m0i);
    zc_wipe(table, 16 * n * sizeof table[0]);
    zc_wipe(acc, n * sizeof acc[0]);
    zc_wipe(mul, n * sizeof mul[0]);
}

void zc_bn_modexp_pub(uint64_t *x, const uint64_t *e, size_t en,
                      const uint64_t *m, size_t n, uint64_t m0i, const uint64_t *r2)
{
    uint64_t base[ZC_BN_MAX_LIMBS], acc[ZC_BN_MAX_LIMBS];
    size_t i, ebits = zc_bn_bitlen(e, en);

    zc_bn_montmul(base, x, r2, m, n, m0i);
    memcpy(acc, base, n * sizeof acc[0]);
    if (ebits == 0) {
        zc_bn_zero(acc, n);
        acc[0] = 1;
        zc_bn_montmul(acc, acc, r2, m, n, m0i);
    }
    /* the top bit is in acc already */
    for (i = ebits ? ebits - 1 : 0; i-- > 0;) {
        zc_bn_montmul(acc, acc, acc, m, n, m0i);
        if ((e[i / 64] >> (i % 64)) & 1)          /* public exponent */
            zc_bn_montmul(acc, acc, base, m, n, m0i);
    }
    zc_bn_zero(base, n);
    base[0] = 1;
    zc_bn_montmul(x, acc, base, m, n, m0i);
    zc_wipe(acc, n * sizeof acc[0]);
}
