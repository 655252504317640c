/*
 * sha1.c - portable SHA-1 compression function (FIPS 180-4, 6.1).
 *
 * The software fallback for CPACF KIMD/KLMD-SHA-1, and the baseline the
 * hardware is measured against, so it is written for speed without
 * giving up portability:
 *  - the 80 rounds are fully unrolled by macro; instead of shuffling the
 *    five working variables after each round, the macro arguments are
 *    rotated, so every round is a handful of ALU operations;
 *  - the message schedule is a 16-word ring buffer expanded in place
 *    (W[t] depends only on W[t-3], W[t-8], W[t-14], W[t-16]), which keeps
 *    it small enough to stay in L1 / registers;
 *  - input words are read with zc_load_be32(), never by casting the byte
 *    pointer, so the code is right on s390x and x86_64 alike and needs no
 *    alignment.
 * SHA-1 has no table lookups and no data-dependent branches, so it is
 * constant-time as written. The schedule may carry HMAC key material and
 * is wiped before returning.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "hash_sw.h"

const uint32_t zc_sha1_iv[5] = {
    0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u,
};

/* Round functions (FIPS 180-4, 4.1.1), in their usual reduced forms. */
#define F_CH(x, y, z)  ((z) ^ ((x) & ((y) ^ (z))))
#define F_PAR(x, y, z) ((x) ^ (y) ^ (z))
#define F_MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

/* Schedule word t: rounds 0..15 use the loaded words, later ones expand. */
#define W_EXP(t)                                                         \
    (W[(t) & 15] = zc_rol32(W[((t) - 3) & 15] ^ W[((t) - 8) & 15] ^      \
                            W[((t) - 14) & 15] ^ W[(t) & 15], 1))
#define W_AT(t) ((t) < 16 ? W[(t) & 15] : W_EXP(t))

/* One round; the caller rotates (a,b,c,d,e) instead of moving values. */
#define ROUND(a, b, c, d, e, F, K, t)                                    \
    do {                                                                 \
        e += zc_rol32(a, 5) + F(b, c, d) + (K) + W_AT(t);                \
        b = zc_rol32(b, 30);                                             \
    } while (0)

/* Five rounds starting at t: after five rotations the names line up again. */
#define ROUND5(F, K, t)                                                  \
    do {                                                                 \
        ROUND(a, b, c, d, e, F, K, (t));                                 \
        ROUND(e, a, b, c, d, F, K, (t) + 1);                             \
        ROUND(d, e, a, b, c, F, K, (t) + 2);                             \
        ROUND(c, d, e, a, b, F, K, (t) + 3);                             \
        ROUND(b, c, d, e, a, F, K, (t) + 4);                             \
    } while (0)

void zc_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t nblocks)
{
    uint32_t W[16];
    uint32_t a, b, c, d, e;
    unsigned i;

    while (nblocks--) {
        for (i = 0; i < 16; i++)
            W[i] = zc_load_be32(p + 4 * i);

        a = h[0];
        b = h[1];
        c = h[2];
        d = h[3];
        e = h[4];

        ROUND5(F_CH, K0, 0);
        ROUND5(F_CH, K0, 5);
        ROUND5(F_CH, K0, 10);
        ROUND5(F_CH, K0, 15);

        ROUND5(F_PAR, K1, 20);
        ROUND5(F_PAR, K1, 25);
        ROUND5(F_PAR, K1, 30);
        ROUND5(F_PAR, K1, 35);

        ROUND5(F_MAJ, K2, 40);
        ROUND5(F_MAJ, K2, 45);
        ROUND5(F_MAJ, K2, 50);
        ROUND5(F_MAJ, K2, 55);

        ROUND5(F_PAR, K3, 60);
        ROUND5(F_PAR, K3, 65);
        ROUND5(F_PAR, K3, 70);
        ROUND5(F_PAR, K3, 75);

        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;

        p += ZC_SHA1_BLOCK;
    }

    zc_wipe(W, sizeof(W));
}
