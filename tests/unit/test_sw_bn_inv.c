/*
 * test_sw_bn_inv.c - the modular inverse of the big-number code
 * (zc_bn_modinv and zc_bn_modinv_vartime in lib/bn/bn_inv.c, Bernstein-Yang
 * divsteps).
 *
 * Standalone: build with lib/bn/bn_core.c, bn_mont.c and bn_inv.c; prints
 * "N passed, N failed" and exits non-zero on any failure. References: a
 * variable-time binary GCD written here (whether the inverse exists), the
 * product x x^-1 mod m (it must be 1, with x^-1 < m: that pins the inverse
 * down), and Fermat's x^(p-2) mod p for the Mersenne primes 2^61 - 1 ...
 * 2^4253 - 1 (1 to 67 limbs). Moduli: those primes, random odd ones of 1
 * to ZC_BN_MAX_LIMBS limbs (full-length and short), 2^(64 n) - 1, and
 * products a b whose factor a the input shares (the inverse must then be
 * reported missing, never given wrong).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bn/bn.h"

#include "unit.h"

#define N ZC_BN_MAX_LIMBS

static void shr1(uint64_t *a, size_t n)
{
    size_t i;

    for (i = 0; i + 1 < n; i++)
        a[i] = a[i] >> 1 | a[i + 1] << 63;
    a[n - 1] >>= 1;
}

/* 1 when gcd(x, m) == 1, m odd: binary GCD, variable time (test only). */
static int ref_coprime(const uint64_t *x, const uint64_t *m, size_t n)
{
    uint64_t a[N], b[N];

    memcpy(a, x, n * sizeof a[0]);
    memcpy(b, m, n * sizeof b[0]);
    while (!zc_bn_iszero(a, n)) {
        while ((a[0] & 1) == 0)
            shr1(a, n);
        if (zc_bn_lt(a, b, n)) {
            uint64_t t[N];

            memcpy(t, a, n * sizeof t[0]);
            memcpy(a, b, n * sizeof a[0]);
            memcpy(b, t, n * sizeof b[0]);
        }
        zc_bn_sub(a, a, b, n);
    }
    b[0] ^= 1;
    return zc_bn_iszero(b, n) != 0;
}

/* 1 when x y mod m == 1. */
static int product_is_one(const uint64_t *x, const uint64_t *y, const uint64_t *m, size_t n)
{
    uint64_t p[2 * N], r[N];

    zc_bn_mul(p, x, n, y, n);
    zc_bn_reduce(r, p, 2 * n, m, n);
    r[0] ^= 1;
    return zc_bn_iszero(r, n) != 0;
}

static unsigned n_cases;

/* One input: the verdict against the GCD; a given inverse below m with product 1. */
static void one(const uint64_t *x, const uint64_t *m, size_t n, const char *what)
{
    uint64_t inv[N], vt[N];
    int want = ref_coprime(x, m, n), got;

    memcpy(inv, x, n * sizeof inv[0]);
    got = zc_bn_modinv(inv, m, n) != 0;
    n_cases++;
    if (got != want) {
        printf("  %s, n=%zu: inverse %s, gcd says %s\n", what, n, got ? "found" : "missing",
               want ? "coprime" : "not coprime");
        check(0, "zc_bn_modinv's verdict matches the GCD");
        return;
    }
    if (got && (!zc_bn_lt(inv, m, n) || !product_is_one(x, inv, m, n))) {
        printf("  %s, n=%zu: x x^-1 mod m is not 1 (or x^-1 >= m)\n", what, n);
        check(0, "zc_bn_modinv's inverse times x is 1 mod m");
    }
    /* the variable-time form: the same verdict and, the inverse being
     * unique below m, the same limbs */
    memcpy(vt, x, n * sizeof vt[0]);
    if ((zc_bn_modinv_vartime(vt, m, n) != 0) != got || (got && !zc_bn_eq(vt, inv, n))) {
        printf("  %s, n=%zu: zc_bn_modinv_vartime differs\n", what, n);
        check(0, "zc_bn_modinv_vartime answers as zc_bn_modinv");
    }
}

/* x: random below m (n limbs), by clearing the top limb's bits above m's and retrying. */
static void random_below(uint64_t *x, const uint64_t *m, size_t n)
{
    size_t i, top = zc_bn_bitlen(m, n) - 64 * (n - 1);

    do {
        for (i = 0; i < n; i++)
            x[i] = rnd64();
        x[n - 1] &= top == 64 ? ~(uint64_t)0 : ((uint64_t)1 << top) - 1;
    } while (!zc_bn_lt(x, m, n));
}

/* 2^k - 1 in n limbs. */
static void mersenne(uint64_t *m, size_t n, unsigned k)
{
    size_t i;

    for (i = 0; i < n; i++)
        m[i] = 64 * (i + 1) <= k ? ~(uint64_t)0 : 64 * i < k ? ((uint64_t)1 << (k % 64)) - 1 : 0;
}

static void prime_cases(unsigned k)
{
    size_t n = zc_bn_limbs(k);
    uint64_t p[N], x[N], inv[N], fermat[N], e[N], r2[N], m0i;
    int it;

    mersenne(p, n, k);
    m0i = zc_bn_m0i(p[0]);
    zc_bn_r2(r2, p, n);
    memcpy(e, p, n * sizeof e[0]);
    e[0] -= 2;                          /* p - 2: p ends in ...111 */
    for (it = 0; it < 6; it++) {
        random_below(x, p, n);
        if (it == 0) {
            zc_bn_zero(x, n);
            x[0] = 1;
        } else if (it == 1) {
            memcpy(x, p, n * sizeof x[0]);
            x[0] -= 1;
        }
        one(x, p, n, "Mersenne prime");
        memcpy(inv, x, n * sizeof inv[0]);
        memcpy(fermat, x, n * sizeof fermat[0]);
        check(zc_bn_modinv(inv, p, n) == 1, "an inverse modulo a prime exists");
        zc_bn_modexp_pub(fermat, e, n, p, n, m0i, r2);
        check(zc_bn_eq(inv, fermat, n) == 1, "the inverse equals x^(p-2) mod p");
    }
    zc_bn_zero(x, n);
    memcpy(inv, x, n * sizeof inv[0]);
    check(zc_bn_modinv(inv, p, n) == 0, "zero has no inverse");
}

/* Random odd moduli of n limbs: full length, and shortened by up to 63 bits. */
static void random_cases(size_t n, int rounds)
{
    uint64_t m[N], x[N], inv[N];
    size_t i;
    int it;

    for (it = 0; it < rounds; it++) {
        for (i = 0; i < n; i++)
            m[i] = rnd64();
        if (it % 2)
            m[n - 1] >>= rnd64() % 64;
        m[n - 1] |= it % 4 == 0 ? (uint64_t)1 << 63 : 1;
        m[0] |= 1;
        if (n == 1 && m[0] == 1)
            m[0] = 3;
        random_below(x, m, n);
        one(x, m, n, "random modulus");
        /* the small divisors 3 and 5 are often shared: x = 3 and 15 */
        zc_bn_zero(x, n);
        x[0] = 3;
        if (zc_bn_lt(x, m, n))
            one(x, m, n, "x = 3");
        x[0] = 15;
        if (zc_bn_lt(x, m, n))
            one(x, m, n, "x = 15");
    }
    /* m = 2^(64 n) - 1, x = 2: the inverse is 2^(64 n - 1) */
    for (i = 0; i < n; i++)
        m[i] = ~(uint64_t)0;
    zc_bn_zero(x, n);
    x[0] = 2;
    memcpy(inv, x, n * sizeof inv[0]);
    check(zc_bn_modinv(inv, m, n) == 1, "2 is invertible modulo 2^(64 n) - 1");
    zc_bn_zero(x, n);
    x[n - 1] = (uint64_t)1 << 63;
    check(zc_bn_eq(inv, x, n) == 1, "2^-1 mod 2^(64 n) - 1 is 2^(64 n - 1)");
}

/* m = a b (odd a, b of n/2 limbs each), x = a c mod m: no inverse, reported as such. */
static void shared_cases(size_t n)
{
    uint64_t a[N], b[N], c[N], m[N], t[2 * N], x[N], inv[N];
    size_t h = n / 2, i;
    int it;

    for (it = 0; it < 8; it++) {
        for (i = 0; i < h; i++) {
            a[i] = rnd64();
            b[i] = rnd64();
        }
        a[0] |= 1;
        b[0] |= 1;
        a[h - 1] |= 1;
        b[h - 1] |= (uint64_t)1 << 63;
        zc_bn_mul(m, a, h, b, h);
        for (i = 0; i < n; i++)
            c[i] = rnd64();
        zc_bn_zero(t, 2 * n);
        zc_bn_mul(t, a, h, c, n);
        zc_bn_reduce(x, t, h + n, m, n);
        memcpy(inv, x, n * sizeof inv[0]);
        n_cases++;
        check(zc_bn_modinv(inv, m, n) == 0, "an input sharing a factor has no inverse");
        /* the factor itself */
        zc_bn_zero(x, n);
        memcpy(x, a, h * sizeof a[0]);
        memcpy(inv, x, n * sizeof inv[0]);
        check(zc_bn_modinv(inv, m, n) == 0, "a factor of m has no inverse");
    }
}

int main(void)
{
    static const unsigned mersenne_exps[] = { 61, 127, 521, 1279, 2203, 4253 };
    static const size_t sizes[] = { 1, 2, 3, 5, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, N };
    size_t i;

    for (i = 0; i < sizeof mersenne_exps / sizeof mersenne_exps[0]; i++)
        prime_cases(mersenne_exps[i]);
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        random_cases(sizes[i], sizes[i] <= 64 ? 40 : 8);
    shared_cases(2);
    shared_cases(16);
    shared_cases(32);
    shared_cases(64);
    printf("%u inverses checked\n", n_cases);
    return unit_done();
}
