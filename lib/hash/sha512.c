/*
 * sha512.c - portable SHA-512 compression function (FIPS 180-4, 6.4),
 * shared by SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (they differ
 * only in the initial value and in how much of the result is output).
 *
 * The software fallback for CPACF KIMD/KLMD-SHA-512 and the baseline the
 * hardware is compared with:
 *  - the whole 80-word message schedule is expanded first, into its own
 *    array, so the round loop holds only the eight working variables and
 *    reads W[t] and K[t] from memory: with 16 general registers (s390x
 *    and x86_64 alike) a schedule kept in flight among the rounds made
 *    the compiler spill about a third of the instructions (s390x guest
 *    count per block 5044 -> 3416 with this and the next point);
 *  - Maj reuses the previous round's b ^ c (see ROUND);
 *  - rounds unrolled eight at a time with rotating macro arguments;
 *  - words read with zc_load_be64(), so it is endian- and
 *    alignment-neutral (one 64-bit load on s390x).
 * It relies on 64-bit integer arithmetic, which is native on both s390x
 * and x86_64. K is indexed by round number only and nothing branches on
 * data, so it is constant-time as written. The schedule may hold HMAC key
 * material and is wiped before returning.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "hash_sw.h"

const uint64_t zc_sha384_iv[8] = {
    0xcbbb9d5dc1059ed8u, 0x629a292a367cd507u,
    0x9159015a3070dd17u, 0x152fecd8f70e5939u,
    0x67332667ffc00b31u, 0x8eb44a8768581511u,
    0xdb0c2e0d64f98fa7u, 0x47b5481dbefa4fa4u,
};

const uint64_t zc_sha512_iv[8] = {
    0x6a09e667f3bcc908u, 0xbb67ae8584caa73bu,
    0x3c6ef372fe94f82bu, 0xa54ff53a5f1d36f1u,
    0x510e527fade682d1u, 0x9b05688c2b3e6c1fu,
    0x1f83d9abfb41bd6bu, 0x5be0cd19137e2179u,
};

const uint64_t zc_sha512_224_iv[8] = {
    0x8c3d37c819544da2u, 0x73e1996689dcd4d6u,
    0x1dfab7ae32ff9c82u, 0x679dd514582f9fcfu,
    0x0f6d2b697bd44da8u, 0x77e36f7304c48942u,
    0x3f9d85a86a1d36c8u, 0x1112e6ad91d692a1u,
};

const uint64_t zc_sha512_256_iv[8] = {
    0x22312194fc2bf72cu, 0x9f555fa3c84c64c2u,
    0x2393b86b6f53b151u, 0x963877195940eabdu,
    0x96283ee2a88effe3u, 0xbe5e1e2553863992u,
    0x2b0199fc2c85b8aau, 0x0eb72ddc81c52ca2u,
};

/* FIPS 180-4, 4.2.3: cube roots of the first 80 primes. */
static const uint64_t K[80] = {
    0x428a2f98d728ae22u, 0x7137449123ef65cdu,
    0xb5c0fbcfec4d3b2fu, 0xe9b5dba58189dbbcu,
    0x3956c25bf348b538u, 0x59f111f1b605d019u,
    0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u,
    0xd807aa98a3030242u, 0x12835b0145706fbeu,
    0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u,
    0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u,
    0x9bdc06a725c71235u, 0xc19bf174cf692694u,
    0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u,
    0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u,
    0x2de92c6f592b0275u, 0x4a7484aa6ea6e483u,
    0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u,
    0x983e5152ee66dfabu, 0xa831c66d2db43210u,
    0xb00327c898fb213fu, 0xbf597fc7beef0ee4u,
    0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
    0x06ca6351e003826fu, 0x142929670a0e6e70u,
    0x27b70a8546d22ffcu, 0x2e1b21385c26c926u,
    0x4d2c6dfc5ac42aedu, 0x53380d139d95b3dfu,
    0x650a73548baf63deu, 0x766a0abb3c77b2a8u,
    0x81c2c92e47edaee6u, 0x92722c851482353bu,
    0xa2bfe8a14cf10364u, 0xa81a664bbc423001u,
    0xc24b8b70d0f89791u, 0xc76c51a30654be30u,
    0xd192e819d6ef5218u, 0xd69906245565a910u,
    0xf40e35855771202au, 0x106aa07032bbd1b8u,
    0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u,
    0x2748774cdf8eeb99u, 0x34b0bcb5e19b48a8u,
    0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu,
    0x5b9cca4f7763e373u, 0x682e6ff3d6b2b8a3u,
    0x748f82ee5defb2fcu, 0x78a5636f43172f60u,
    0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
    0x90befffa23631e28u, 0xa4506cebde82bde9u,
    0xbef9a3f7b2c67915u, 0xc67178f2e372532bu,
    0xca273eceea26619cu, 0xd186b8c721c0c207u,
    0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u,
    0x06f067aa72176fbau, 0x0a637dc5a2c898a6u,
    0x113f9804bef90daeu, 0x1b710b35131c471bu,
    0x28db77f523047d84u, 0x32caab7b40c72493u,
    0x3c9ebe0a15c9bebcu, 0x431d67c49c100d4cu,
    0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au,
    0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u,
};

/* FIPS 180-4, 4.1.3. */
#define CH(x, y, z)  ((z) ^ ((x) & ((y) ^ (z))))
#define BSIG0(x) (zc_ror64(x, 28) ^ zc_ror64(x, 34) ^ zc_ror64(x, 39))
#define BSIG1(x) (zc_ror64(x, 14) ^ zc_ror64(x, 18) ^ zc_ror64(x, 41))
#define SSIG0(x) (zc_ror64(x, 1) ^ zc_ror64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (zc_ror64(x, 19) ^ zc_ror64(x, 61) ^ ((x) >> 6))

/*
 * One round; the caller rotates the names (a..h) instead of the values.
 * Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's a ^ b is the
 * next round's b ^ c: bc holds it in, ab takes it out (the caller swaps
 * the two names every round), one operation fewer than Maj as written.
 */
#define ROUND(a, b, c, d, e, f, g, h, t, bc, ab)                         \
    do {                                                                 \
        uint64_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + K[t] + W[t];       \
        (ab) = (a) ^ (b);                                                \
        (d) += t1_;                                                      \
        (h) = t1_ + BSIG0(a) + ((b) ^ ((ab) & (bc)));                    \
    } while (0)

/*
 * Eight rounds from t. The eighth working variable is called hh because
 * h is the state argument.
 */
/*
 * gcc 12 at -O3 (meson's release build type) compiles this function for
 * s390x to 29 % more instructions (4,404 against 3,416 a block at -O2,
 * counted under qemu-s390x), mostly by vectorising; on s390x the function
 * is compiled as at -O2 without the vectorisers whatever the build type
 * (3,511 a block in a release build, 3,493 in debugoptimized).
 */
#if defined(__s390x__) && defined(__GNUC__) && !defined(__clang__) && defined(__OPTIMIZE__)
#define ZC_SHA2_O2 \
    __attribute__((optimize("O2", "no-tree-loop-vectorize", "no-tree-slp-vectorize")))
#else
#define ZC_SHA2_O2
#endif

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

ZC_SHA2_O2 void zc_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t nblocks)
{
    uint64_t W[80];
    uint64_t a, b, c, d, e, f, g, hh, x0, x1;
    unsigned t;

    while (nblocks--) {
        for (t = 0; t < 16; t++)
            W[t] = zc_load_be64(p + 8 * t);
        for (; t < 80; t++)
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

        for (t = 0; t < 80; t += 8)
            ROUND8(t);

        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;

        p += ZC_SHA512_BLOCK;
    }

    zc_wipe(W, sizeof(W));
}
