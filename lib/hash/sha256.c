/*
 * sha256.c - portable SHA-256 compression function (FIPS 180-4, 6.2),
 * shared by SHA-224 and SHA-256.
 *
 * The software fallback for CPACF KIMD/KLMD-SHA-256 and the baseline the
 * hardware is compared with, so it is written for speed within portable
 * C (as sha512.c):
 *  - the whole 64-word message schedule is expanded first, so the round
 *    loop holds only the eight working variables (a schedule expanded
 *    in a ring buffer among the rounds made the compiler spill);
 *  - Maj reuses the previous round's b ^ c (see ROUND);
 *  - rounds are unrolled eight at a time; the macro arguments rotate
 *    instead of the eight working variables being shifted every round;
 *  - input words are read with zc_load_be32() (no pointer casts, no
 *    alignment needs, any host endianness; one load on s390x).
 * The only table, K, is indexed by the round number, never by data, and
 * there are no data-dependent branches: constant-time as written. The
 * schedule may hold HMAC key material and is wiped before returning.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "hash_sw.h"

const uint32_t zc_sha224_iv[8] = {
    0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u,
    0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u,
};

const uint32_t zc_sha256_iv[8] = {
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
    0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};

/* FIPS 180-4, 4.2.2: cube roots of the first 64 primes. */
static const uint32_t K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

/* FIPS 180-4, 4.1.2. */
#define CH(x, y, z)  ((z) ^ ((x) & ((y) ^ (z))))
#define BSIG0(x) (zc_ror32(x, 2) ^ zc_ror32(x, 13) ^ zc_ror32(x, 22))
#define BSIG1(x) (zc_ror32(x, 6) ^ zc_ror32(x, 11) ^ zc_ror32(x, 25))
#define SSIG0(x) (zc_ror32(x, 7) ^ zc_ror32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (zc_ror32(x, 17) ^ zc_ror32(x, 19) ^ ((x) >> 10))

/*
 * One round; the caller rotates the names (a..h) instead of the values.
 * Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's a ^ b is the
 * next round's b ^ c: bc holds it in, ab takes it out (the caller swaps
 * the two names every round), one operation fewer than Maj as written.
 */
#define ROUND(a, b, c, d, e, f, g, h, t, bc, ab)                         \
    do {                                                                 \
        uint32_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + K[t] + W[t];       \
        (ab) = (a) ^ (b);                                                \
        (d) += t1_;                                                      \
        (h) = t1_ + BSIG0(a) + ((b) ^ ((ab) & (bc)));                    \
    } while (0)

/*
 * Eight rounds from t. The eighth working variable is called hh because
 * h is the state argument.
 */
#define ROUND8(t)                                                        \
    do {                                                                 \
        ROUND(a, b, c, d, e, f, g, hh, (t), x0, x1);                     \
        ROUND(hh, a, b, c, d, e, f, g, (t) + 1, x1, x0);                 \
        ROUND(g, hh, a, b, c, d, e, f, (t) + 2, x0, x1);                 \
        ROUND(f, g, hh, a, b, c, d, e, (t) + 3, x1, x0);                 \
        ROUND(e, f, g, hh, a, b, c, d, (t) + 4, x0, x1);                 \
        ROUND(d, e, f, g, hh, a, b, c, (t) + 5, x1, x0);                 \
        ROUND(c, d, e, f, g, hh, a, b, (t) + 6, x0, x1);                 \
        ROUND(b, c, d, e, f, g, hh, a, (t) + 7, x1, x0);                 \
    } while (0)

void zc_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
    uint32_t W[64];
    uint32_t a, b, c, d, e, f, g, hh, x0, x1;
    unsigned t;

    while (nblocks--) {
        for (t = 0; t < 16; t++)
            W[t] = zc_load_be32(p + 4 * t);
        for (; t < 64; t++)
            W[t] = SSIG1(W[t - 2]) + W[t - 7] + SSIG0(W[t - 15]) + W[t - 16];

        a = h[0];
        b = h[1];
        c = h[2];
        d = h[3];
        e = h[4];
        f = h[5];
        g = h[6];
        hh = h[7];
        x0 = b ^ c;

        for (t = 0; t < 64; t += 8)
            ROUND8(t);

        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;

        p += ZC_SHA256_BLOCK;
    }

    zc_wipe(W, sizeof(W));
}
