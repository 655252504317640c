/*
 * keccak.c - portable Keccak-f[1600] permutation (FIPS 202, 3.3-3.4) and
 * byte access to its state, for the software SHA-3 / SHAKE fallback.
 *
 * The state is 25 64-bit lanes, lane x + 5y holding bytes 8(x+5y) ..
 * 8(x+5y)+7 of the FIPS 202 state string in little-endian order (the bit
 * order FIPS 202 uses). Bytes go in and out only through zc_load_le64() /
 * zc_store_le64() and shifts, so the lane values, and the permutation,
 * are identical on big-endian s390x and little-endian x86_64; nothing
 * reinterprets a byte buffer as lanes.
 *
 * A round is computed output row by output row (the in-register
 * organisation of the Keccak team's optimised implementations, see "The
 * Keccak reference" and "Keccak implementation overview", keccak.team):
 * theta's D from the five column parities, then, for each of the five
 * rows y of the result, the five source lanes that pi brings to that row
 * are loaded, XORed with D and rotated by their rho offsets (FIPS 202
 * Table 2; sources from 3.2.3) and chi'd at once in registers. The result
 * goes to a second state, so the 25-lane intermediate B of a step-by-step
 * round never goes through memory; two rounds per iteration go a -> E ->
 * a. chi uses the lane-complementing transform (see CHI_0): one NOT a row
 * instead of five; guest instructions per SHA3-256 block on s390x 6315 ->
 * 5608 (OpenSSL's s390x code, CPACF masked: 5034), x86_64 throughput
 * 0.85x -> 1.0x OpenSSL's. Every rotation is by a constant. Only the round constants come from
 * a table, indexed by round number; there are no data-dependent branches
 * or indices, so the permutation is constant-time. E can hold key-derived
 * state (KMAC, keyed SHAKE) and is wiped at the end (D lives in registers
 * or spill slots the compiler owns, like every other temporary).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "hash_sw.h"

/* Iota round constants RC[ir] (FIPS 202, 3.2.5). */
static const uint64_t RC[24] = {
    0x0000000000000001u, 0x0000000000008082u,
    0x800000000000808au, 0x8000000080008000u,
    0x000000000000808bu, 0x0000000080000001u,
    0x8000000080008081u, 0x8000000000008009u,
    0x000000000000008au, 0x0000000000000088u,
    0x0000000080008009u, 0x000000008000000au,
    0x000000008000808bu, 0x800000000000008bu,
    0x8000000000008089u, 0x8000000000008003u,
    0x8000000000008002u, 0x8000000000000080u,
    0x000000000000800au, 0x800000008000000au,
    0x8000000080008081u, 0x8000000000008080u,
    0x0000000080000001u, 0x8000000080008008u,
};

/*
 * theta's D[x] = C[x-1] ^ rot(C[x+1], 1) from the column parities C of
 * state s.
 */
#define THETA_D(s)                                                       \
    do {                                                                 \
        uint64_t c0_ = s[0] ^ s[5] ^ s[10] ^ s[15] ^ s[20];              \
        uint64_t c1_ = s[1] ^ s[6] ^ s[11] ^ s[16] ^ s[21];              \
        uint64_t c2_ = s[2] ^ s[7] ^ s[12] ^ s[17] ^ s[22];              \
        uint64_t c3_ = s[3] ^ s[8] ^ s[13] ^ s[18] ^ s[23];              \
        uint64_t c4_ = s[4] ^ s[9] ^ s[14] ^ s[19] ^ s[24];              \
        D[0] = c4_ ^ zc_rol64(c1_, 1);                                   \
        D[1] = c0_ ^ zc_rol64(c2_, 1);                                   \
        D[2] = c1_ ^ zc_rol64(c3_, 1);                                   \
        D[3] = c2_ ^ zc_rol64(c4_, 1);                                   \
        D[4] = c3_ ^ zc_rol64(c0_, 1);                                   \
    } while (0)

/*
 * One output row y of theta (apply D), rho, pi and chi, from state s into
 * state t: pi moves source lane i_x (rotated by rho's r_x) to (x, y), so
 * the five lanes of the row are computed in registers and chi'd at once,
 * by that row's CHI_y (below).
 */
#define ROW(s, t, y, CHI, i0, r0, i1, r1, i2, r2, i3, r3, i4, r4)       \
    do {                                                                 \
        uint64_t b0_ = zc_rol64(s[i0] ^ D[(i0) % 5], r0);                \
        uint64_t b1_ = zc_rol64(s[i1] ^ D[(i1) % 5], r1);                \
        uint64_t b2_ = zc_rol64(s[i2] ^ D[(i2) % 5], r2);                \
        uint64_t b3_ = zc_rol64(s[i3] ^ D[(i3) % 5], r3);                \
        uint64_t b4_ = zc_rol64(s[i4] ^ D[(i4) % 5], r4);                \
        CHI(t + 5 * (y), b0_, b1_, b2_, b3_, b4_);                       \
    } while (0)

/*
 * chi with lane complementing ("Keccak implementation overview", 2.2,
 * keccak.team; the patterns of XKCP's KeccakP-1600-opt64 with
 * UseBebigokimisa): the six lanes of P = {1, 2, 8, 12, 17, 20} are kept
 * complemented between rounds, and then each row's chi, a_x ^ (~a_{x+1} &
 * a_{x+2}) five times, becomes the five AND / OR forms below with one NOT
 * a row instead of five (s390x before z15 and x86-64 without BMI have no
 * and-with-complement). theta's parities and D absorb the complements as
 * they come; iota's lane 0 is not complemented. zc_keccak_f1600 turns P
 * into and out of this form.
 */
#define CHI_0(t, b0, b1, b2, b3, b4)                                     \
    do {                                                                 \
        (t)[0] = (b0) ^ ((b1) | (b2));                                   \
        (t)[1] = (b1) ^ (~(b2) | (b3));                                  \
        (t)[2] = (b2) ^ ((b3) & (b4));                                   \
        (t)[3] = (b3) ^ ((b4) | (b0));                                   \
        (t)[4] = (b4) ^ ((b0) & (b1));                                   \
    } while (0)
#define CHI_1(t, b0, b1, b2, b3, b4)                                     \
    do {                                                                 \
        (t)[0] = (b0) ^ ((b1) | (b2));                                   \
        (t)[1] = (b1) ^ ((b2) & (b3));                                   \
        (t)[2] = (b2) ^ ((b3) | ~(b4));                                  \
        (t)[3] = (b3) ^ ((b4) | (b0));                                   \
        (t)[4] = (b4) ^ ((b0) & (b1));                                   \
    } while (0)
#define CHI_2(t, b0, b1, b2, b3, b4)                                     \
    do {                                                                 \
        uint64_t n3_ = ~(b3);                                            \
        (t)[0] = (b0) ^ ((b1) | (b2));                                   \
        (t)[1] = (b1) ^ ((b2) & (b3));                                   \
        (t)[2] = (b2) ^ (n3_ & (b4));                                    \
        (t)[3] = n3_ ^ ((b4) | (b0));                                    \
        (t)[4] = (b4) ^ ((b0) & (b1));                                   \
    } while (0)
#define CHI_3(t, b0, b1, b2, b3, b4)                                     \
    do {                                                                 \
        uint64_t n3_ = ~(b3);                                            \
        (t)[0] = (b0) ^ ((b1) & (b2));                                   \
        (t)[1] = (b1) ^ ((b2) | (b3));                                   \
        (t)[2] = (b2) ^ (n3_ | (b4));                                    \
        (t)[3] = n3_ ^ ((b4) & (b0));                                    \
        (t)[4] = (b4) ^ ((b0) | (b1));                                   \
    } while (0)
#define CHI_4(t, b0, b1, b2, b3, b4)                                     \
    do {                                                                 \
        uint64_t n1_ = ~(b1);                                            \
        (t)[0] = (b0) ^ (n1_ & (b2));                                    \
        (t)[1] = n1_ ^ ((b2) | (b3));                                    \
        (t)[2] = (b2) ^ ((b3) & (b4));                                   \
        (t)[3] = (b3) ^ ((b4) | (b0));                                   \
        (t)[4] = (b4) ^ ((b0) & (b1));                                   \
    } while (0)

/*
 * A whole round from s into t. Lane (x, y) of the output row y comes from
 * lane i = x' + 5y' with (x, y) = (y', 2x' + 3y') (FIPS 202, 3.2.3), with
 * the rho offsets of FIPS 202 Table 2.
 */
#define ROUND(s, t, r)                                                   \
    do {                                                                 \
        uint64_t D[5];                                                   \
                                                                         \
        THETA_D(s);                                                      \
        ROW(s, t, 0, CHI_0, 0, 0, 6, 44, 12, 43, 18, 21, 24, 14);        \
        ROW(s, t, 1, CHI_1, 3, 28, 9, 20, 10, 3, 16, 45, 22, 61);        \
        ROW(s, t, 2, CHI_2, 1, 1, 7, 6, 13, 25, 19, 8, 20, 18);          \
        ROW(s, t, 3, CHI_3, 4, 27, 5, 36, 11, 10, 17, 15, 23, 56);       \
        ROW(s, t, 4, CHI_4, 2, 62, 8, 55, 14, 39, 15, 41, 21, 2);        \
        t[0] ^= RC[r];                                                   \
    } while (0)

/* The lanes of P (CHI_0 ..), complemented into or out of chi's form. */
static inline void complement_p(uint64_t a[25])
{
    a[1] = ~a[1];
    a[2] = ~a[2];
    a[8] = ~a[8];
    a[12] = ~a[12];
    a[17] = ~a[17];
    a[20] = ~a[20];
}

void zc_keccak_f1600(uint64_t a[25])
{
    uint64_t E[25];
    unsigned r;

    complement_p(a);
    /* Two rounds per iteration: a into E, then E back into a. */
    for (r = 0; r < 24; r += 2) {
        ROUND(a, E, r);
        ROUND(E, a, r + 1);
    }
    complement_p(a);

    zc_wipe(E, sizeof(E));
}

void zc_keccak_xor_bytes(uint64_t a[25], const uint8_t *data, size_t len)
{
    size_t i = 0;

    for (; i + 8 <= len; i += 8)
        a[i / 8] ^= zc_load_le64(data + i);
    for (; i < len; i++)
        a[i / 8] ^= (uint64_t)data[i] << (8 * (i % 8));
}

void zc_keccak_extract(const uint64_t a[25], uint8_t *out, size_t len)
{
    size_t i = 0;

    for (; i + 8 <= len; i += 8)
        zc_store_le64(out + i, a[i / 8]);
    for (; i < len; i++)
        out[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}
