/*
 * rsa_keygen.c - RSA key pair generation (FIPS 186-5, appendix A.1.3 and
 * B.3, with the deviations listed in include/zcrypt/rsa.h).
 *
 * Technique: each prime is a fresh random candidate of the wanted size
 * with its two top bits and its low bit set (FIPS 186-5 A.1.3 draws
 * afresh instead of stepping through an interval, so every prime of the
 * range is equally likely). Trial division by the 302 odd primes below
 * 2000 discards most composites cheaply, then gcd(e, p - 1) = 1 is
 * checked and Miller-Rabin runs with random bases (FIPS 186-5 B.3.1,
 * table B.1 round counts).
 *
 * Side channels: the exponentiations, the gcd with e, the modular
 * inverse, the divisions by e and the trial division are constant-time;
 * the remainders by the small primes and by e come from
 * zc_bn_mod_small(), which multiplies by a reciprocal instead of using
 * the division instruction, so the 302 remainders of an accepted prime
 * tell nothing about it. What leaks: a rejected candidate stops at its
 * first small divisor (the position of that divisor, about a discarded
 * number), and, for the accepted primes, the number of squarings in
 * Miller-Rabin, which equals the number of trailing zero bits of p - 1
 * (about two bits of p; common to most implementations).
 *
 * The private exponent is d = e^-1 mod phi(n), computed without a
 * big-number division: with y = phi^-1 mod e (a one-limb inverse),
 * d = (1 + phi (e - y)) / e, an exact division by the public e done bit
 * by bit.
 */
#include <zcrypt/random.h>

#include "rsa_sw.h"
#include "bn/bn.h"
#include "core/ct.h"
#include "core/util.h"

#define PRIME_LIMBS (ZC_RSA_GEN_MAX_BITS / 128)

static const uint16_t small_primes[] = {
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89,
    97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181,
    191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281,
    283, 293, 307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379, 383, 389, 397,
    401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503,
    509, 521, 523, 541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613, 617, 619,
    631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709, 719, 727, 733, 739, 743,
    751, 757, 761, 769, 773, 787, 797, 809, 811, 821, 823, 827, 829, 839, 853, 857, 859, 863,
    877, 881, 883, 887, 907, 911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997,
    1009, 1013, 1019, 1021, 1031, 1033, 1039, 1049, 1051, 1061, 1063, 1069, 1087, 1091, 1093,
    1097, 1103, 1109, 1117, 1123, 1129, 1151, 1153, 1163, 1171, 1181, 1187, 1193, 1201, 1213,
    1217, 1223, 1229, 1231, 1237, 1249, 1259, 1277, 1279, 1283, 1289, 1291, 1297, 1301, 1303,
    1307, 1319, 1321, 1327, 1361, 1367, 1373, 1381, 1399, 1409, 1423, 1427, 1429, 1433, 1439,
    1447, 1451, 1453, 1459, 1471, 1481, 1483, 1487, 1489, 1493, 1499, 1511, 1523, 1531, 1543,
    1549, 1553, 1559, 1567, 1571, 1579, 1583, 1597, 1601, 1607, 1609, 1613, 1619, 1621, 1627,
    1637, 1657, 1663, 1667, 1669, 1693, 1697, 1699, 1709, 1721, 1723, 1733, 1741, 1747, 1753,
    1759, 1777, 1783, 1787, 1789, 1801, 1811, 1823, 1831, 1847, 1861, 1867, 1871, 1873, 1877,
    1879, 1889, 1901, 1907, 1913, 1931, 1933, 1949, 1951, 1973, 1979, 1987, 1993, 1997, 1999
};

/* Miller-Rabin rounds for a prime of pbits bits (FIPS 186-5 table B.1, 2^-112 or better). */
static unsigned mr_rounds(size_t pbits)
{
    if (pbits >= 1536)
        return 4;
    if (pbits >= 1024)
        return 5;
    return 8;       /* no row in the table: more rounds than its 1024-bit row */
}

/* 1 when gcd(a, b) == 1, for odd b; constant-time binary GCD on 32-bit values. */
static uint64_t gcd32_is_one(uint64_t a, uint64_t b)
{
    int i;

    for (i = 0; i < 64; i++) {
        uint64_t odd = a & 1;
        uint64_t sw = odd & zc_ct_lt(a, b);
        uint64_t t = zc_ct_mask(sw) & (a ^ b);

        a ^= t;
        b ^= t;
        a -= zc_ct_mask(odd) & b;
        a >>= 1;
    }
    return zc_ct_eq(b, 1);
}

/* One Miller-Rabin round per base; returns 1 when p passed all rounds, <0 on error. */
static int miller_rabin(const uint64_t *p, size_t pbits, size_t pl)
{
    uint64_t r2[PRIME_LIMBS], m[PRIME_LIMBS], one[PRIME_LIMBS], minus1[PRIME_LIMBS];
    uint64_t z[PRIME_LIMBS];
    uint64_t p0i = zc_bn_m0i(p[0]);
    size_t s = 1, i, j;
    unsigned round;
    int rc = 1;

    zc_bn_r2(r2, p, pl);
    /* p - 1 = m 2^s (p is odd: s >= 1); s is the documented leak */
    for (;;) {
        uint64_t bit = (p[s / 64] >> (s % 64)) & 1;

        zc_ct_declassify(&bit, sizeof bit);
        if (bit)
            break;
        s++;
    }
    for (i = 0; i < pl; i++) {
        size_t b = i * 64 + s;

        m[i] = b / 64 < pl ? p[b / 64] >> (b % 64) : 0;
        if (b % 64 && b / 64 + 1 < pl)
            m[i] |= p[b / 64 + 1] << (64 - b % 64);
    }
    zc_bn_zero(one, pl);
    one[0] = 1;
    zc_bn_montmul(one, one, r2, p, pl, p0i);
    zc_bn_sub(minus1, p, one, pl);

    for (round = 0; round < mr_rounds(pbits) && rc == 1; round++) {
        uint64_t pass, small;

        /* a base in [2, p - 2]: pbits - 1 random bits, at least 2 */
        do {
            int e = zc_rsa_random_bits(z, pl, pbits - 1);

            if (e != ZC_OK) {
                rc = e;
                goto out;
            }
            small = zc_ct_lt(zc_bn_bitlen(z, pl), 2);
            zc_ct_declassify(&small, sizeof small);     /* a rejected base */
        } while (small);
        zc_bn_modexp(z, m, pl, pbits, p, pl, p0i, r2);
        zc_bn_montmul(z, z, r2, p, pl, p0i);
        pass = zc_bn_eq(z, one, pl) | zc_bn_eq(z, minus1, pl);
        for (j = 1; j < s; j++) {
            zc_bn_montmul(z, z, z, p, pl, p0i);
            pass |= zc_bn_eq(z, minus1, pl);
        }
        zc_ct_declassify(&pass, sizeof pass);   /* composites are discarded */
        if (!pass)
            rc = 0;
    }
out:
    zc_wipe(r2, sizeof r2);
    zc_wipe(m, sizeof m);
    zc_wipe(z, sizeof z);
    zc_wipe(one, sizeof one);
    zc_wipe(minus1, sizeof minus1);
    return rc;
}

/* A random prime of exactly pbits bits with gcd(e, p - 1) = 1. */
static int gen_prime(uint64_t *p, size_t pbits, uint32_t e)
{
    size_t pl = zc_bn_limbs(pbits), i;

    for (;;) {
        uint64_t coprime;
        uint32_t r;
        int rc = zc_rsa_random_bits(p, pl, pbits);

        if (rc != ZC_OK)
            return rc;
        p[(pbits - 1) / 64] |= (uint64_t)1 << ((pbits - 1) % 64);
        p[(pbits - 2) / 64] |= (uint64_t)1 << ((pbits - 2) % 64);
        p[0] |= 1;
        for (i = 0; i < sizeof small_primes / sizeof small_primes[0]; i++) {
            /* only the verdict is made public, never the remainder */
            uint64_t hit = zc_ct_iszero(zc_bn_mod_small(p, pl, small_primes[i]));

            zc_ct_declassify(&hit, sizeof hit);     /* see the top of the file */
            if (hit)
                break;      /* a rejected candidate: its timing is harmless */
        }
        if (i < sizeof small_primes / sizeof small_primes[0])
            continue;
        r = zc_bn_mod_small(p, pl, e);
        /* (p - 1) mod e = r - 1, or e - 1 when r = 0: no '%' on the secret r */
        coprime = gcd32_is_one((uint64_t)r - 1 + (zc_ct_mask(zc_ct_iszero(r)) & e), e);
        zc_ct_declassify(&coprime, sizeof coprime);     /* else p is discarded */
        if (!coprime)
            continue;
        rc = miller_rabin(p, pbits, pl);
        if (rc < 0)
            return rc;
        if (rc == 1)
            return ZC_OK;
    }
}

/* q = a / e for an exact multiple a of e (n limbs), bit by bit. */
static void div_exact(uint64_t *q, const uint64_t *a, size_t n, uint64_t e)
{
    uint64_t r = 0;
    size_t i;

    zc_bn_zero(q, n);
    for (i = 64 * n; i-- > 0;) {
        uint64_t ge;

        r = r << 1 | ((a[i / 64] >> (i % 64)) & 1);   /* r < 2e < 2^33 */
        ge = zc_ct_ge(r, e);
        r -= zc_ct_mask(ge) & e;
        q[i / 64] |= ge << (i % 64);
    }
}

int zc_rsa_sw_generate(zc_rsa_key *k, unsigned bits, uint32_t e)
{
    const size_t pbits = (bits + 1) / 2, qbits = bits / 2;
    const size_t pl = zc_bn_limbs(pbits), ql = zc_bn_limbs(qbits), nl = zc_bn_limbs(bits);
    uint64_t p[PRIME_LIMBS], q[PRIME_LIMBS], pm1[PRIME_LIMBS], qm1[PRIME_LIMBS];
    uint64_t phi[2 * PRIME_LIMBS + 1], t[2 * PRIME_LIMBS + 1], d[2 * PRIME_LIMBS + 1];
    uint64_t em[1], y[1], swap, small;
    int rc;

    for (;;) {
        size_t dl = pl + ql + 1;

        rc = gen_prime(p, pbits, e);
        if (rc == ZC_OK)
            rc = gen_prime(q, qbits, e);
        if (rc != ZC_OK)
            goto out;
        /* p > q (Garner's step reduces modulo p); |p - q| > 2^(bits/2 - 100) */
        zc_bn_zero(pm1, pl);
        memcpy(pm1, q, ql * sizeof q[0]);
        swap = zc_bn_sub(t, p, pm1, pl);
        zc_ct_declassify(&swap, sizeof swap);   /* which prime is larger: no secret */
        if (swap) {
            zc_ct_swap64(1, p, pm1, pl);        /* only when pbits == qbits: pl == ql */
            memcpy(q, pm1, ql * sizeof q[0]);
            zc_bn_sub(t, p, q, pl);
        }
        small = zc_ct_ge(bits / 2 - 100, zc_bn_bitlen(t, pl));
        zc_ct_declassify(&small, sizeof small); /* the pair is discarded */
        if (small)
            continue;

        /* phi = (p - 1)(q - 1); y = phi^-1 mod e; d = (1 + phi (e - y)) / e */
        memcpy(pm1, p, pl * sizeof p[0]);
        memcpy(qm1, q, ql * sizeof q[0]);
        pm1[0] ^= 1;
        qm1[0] ^= 1;
        zc_bn_mul(phi, pm1, pl, qm1, ql);
        phi[pl + ql] = 0;
        em[0] = e;
        zc_bn_reduce(y, phi, pl + ql, em, 1);
        small = zc_bn_modinv(y, em, 1);
        zc_ct_declassify(&small, sizeof small);
        if (!small)
            continue;           /* not reached: gcd(e, p - 1) = gcd(e, q - 1) = 1 */
        y[0] = e - y[0];
        {
            uint64_t c = 0;
            size_t i;

            for (i = 0; i < dl; i++)
                c = zc_bn_mula(&t[i], phi[i], y[0], c, 0);
        }
        zc_bn_add_word(t, dl, 1);
        div_exact(d, t, dl, e);
        small = zc_ct_ge(bits / 2, zc_bn_bitlen(d, dl));
        zc_ct_declassify(&small, sizeof small);
        if (small)
            continue;           /* FIPS 186-5 A.1.1: d > 2^(nlen/2) */

        zc_wipe(k, sizeof *k);
        zc_bn_mul(k->zc_n, p, pl, q, ql);
        zc_ct_declassify(k->zc_n, sizeof k->zc_n);     /* the public modulus */
        k->zc_e[0] = e;
        memcpy(k->zc_d, d, nl * sizeof d[0]);
        memcpy(k->zc_p, p, pl * sizeof p[0]);
        memcpy(k->zc_q, q, ql * sizeof q[0]);
        zc_bn_reduce(k->zc_dp, d, nl, pm1, pl);
        zc_bn_reduce(k->zc_dq, d, nl, qm1, ql);
        zc_bn_zero(k->zc_qinv, pl);
        memcpy(k->zc_qinv, q, ql * sizeof q[0]);
        zc_bn_modinv(k->zc_qinv, p, pl);       /* p prime, q < p: always invertible */
        k->zc_bits = bits;
        k->zc_pbits = (uint32_t)pbits;
        k->zc_qbits = (uint32_t)qbits;
        k->zc_private = 1;
        break;
    }
out:
    zc_wipe(p, sizeof p);
    zc_wipe(q, sizeof q);
    zc_wipe(pm1, sizeof pm1);
    zc_wipe(qm1, sizeof qm1);
    zc_wipe(phi, sizeof phi);
    zc_wipe(t, sizeof t);
    zc_wipe(d, sizeof d);
    zc_wipe(y, sizeof y);
    return rc;
}
