/*
 * test_sw_bn.c - the one-word remainder of the big-number code
 * (zc_bn_mod_small in lib/bn/bn_core.c) against the C '%' operator.
 *
 * Standalone: build with lib/bn/bn_core.c; prints "N passed, N failed"
 * and exits non-zero on any failure. The library avoids the division
 * instruction for timing reasons; the test may use it as the reference.
 * Divisors: the edges of the range (1, 2, 3, powers of two, 2^31 - 1,
 * 2^32 - 1), the small primes of key generation, and random ones of every
 * bit length; dividends: random, all-ones, zero and exact multiples, of
 * 1 to ZC_BN_MAX_LIMBS limbs.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bn/bn.h"

#include "unit.h"

/* Horner's rule 32 bits at a time: r < d < 2^32 keeps r << 32 | half in 64 bits. */
static uint32_t ref_mod(const uint64_t *a, size_t n, uint32_t d)
{
    uint64_t r = 0;
    size_t i;

    for (i = n; i-- > 0;) {
        r = (r << 32 | a[i] >> 32) % d;
        r = (r << 32 | (uint32_t)a[i]) % d;
    }
    return (uint32_t)r;
}

static unsigned n_cases;
static unsigned n_bad;

static void one(const uint64_t *a, size_t n, uint32_t d)
{
    uint32_t got = zc_bn_mod_small(a, n, d), want = ref_mod(a, n, d);

    n_cases++;
    if (got != want) {
        if (n_bad++ < 10)
            printf("  d=%lu n=%zu a[n-1]=%016llx: got %lu, want %lu\n", (unsigned long)d, n,
                   (unsigned long long)a[n - 1], (unsigned long)got, (unsigned long)want);
    }
}

/* Every dividend shape for one divisor. */
static void divisor(uint32_t d)
{
    static const size_t sizes[] = { 1, 2, 3, 16, 32, 64, ZC_BN_MAX_LIMBS };
    uint64_t a[ZC_BN_MAX_LIMBS], one_limb[ZC_BN_MAX_LIMBS];
    size_t s, i;

    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];

        for (i = 0; i < n; i++)
            a[i] = rnd64();
        one(a, n, d);
        /* a minus its remainder: an exact multiple (a[n-1] != 0 almost surely) */
        zc_bn_zero(one_limb, n);
        one_limb[0] = zc_bn_mod_small(a, n, d);
        zc_bn_sub(a, a, one_limb, n);
        one(a, n, d);
        check(zc_bn_mod_small(a, n, d) == 0, "exact multiple has remainder 0");
        memset(a, 0xff, n * sizeof a[0]);
        one(a, n, d);
        zc_bn_zero(a, n);
        one(a, n, d);
        /* a value just below d and d itself in the low limb */
        a[0] = (uint64_t)d - 1;
        one(a, n, d);
        a[0] = d;
        one(a, n, d);
    }
}

int main(void)
{
    static const uint32_t edges[] = {
        1, 2, 3, 4, 5, 7, 8, 255, 256, 257, 65535, 65536, 65537, 0x7fffffffu, 0x80000000u,
        0x80000001u, 0xfffffffeu, 0xffffffffu
    };
    size_t i;
    unsigned k;
    uint32_t p;

    for (i = 0; i < sizeof edges / sizeof edges[0]; i++)
        divisor(edges[i]);
    for (k = 0; k < 32; k++)
        divisor((uint32_t)1 << k);
    /* the odd primes below 2000, found by trial division here */
    for (p = 3; p < 2000; p += 2) {
        uint32_t q;

        for (q = 3; q * q <= p && p % q != 0; q += 2)
            ;
        if (q * q > p)
            divisor(p);
    }
    /* random divisors of every bit length, the top bit set */
    for (k = 1; k <= 32; k++) {
        for (i = 0; i < 40; i++) {
            uint32_t d = (uint32_t)(rnd64() >> (64 - k)) | (uint32_t)1 << (k - 1);

            divisor(d);
        }
    }
    check(n_bad == 0, "zc_bn_mod_small matches '%' on every case");
    printf("%u remainders compared\n", n_cases);
    return unit_done();
}
