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
 * Each round is written out step by step: theta over five column
 * parities, rho and pi fused into 25 explicit rotate-and-move statements
 * (offsets from FIPS 202 Table 2, destinations from 3.2.3), chi row
 * by row, then iota. Writing rho-pi out in full lets every rotation be by
 * a constant, which is most of the speed. Only the round constants come
 * from a table, indexed by round number; there are no data-dependent
 * branches or indices, so the permutation is constant-time. The
 * temporaries can hold key-derived state (KMAC, keyed SHAKE) and are
 * wiped at the end.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../util.h"
#include "sw_hash.h"

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
 * rho then pi for lane i = x + 5y: rotate (after adding theta's D[x]) by
 * the rho offset and store at pi's destination (y, 2x + 3y).
 */
#define RHO_PI(dst, i, rot) (B[dst] = zc_rol64(a[i] ^ D[(i) % 5], rot))

/* chi on the row starting at lane y5 = 5y. */
#define CHI_ROW(y5)                                                      \
    do {                                                                 \
        a[(y5) + 0] = B[(y5) + 0] ^ (~B[(y5) + 1] & B[(y5) + 2]);        \
        a[(y5) + 1] = B[(y5) + 1] ^ (~B[(y5) + 2] & B[(y5) + 3]);        \
        a[(y5) + 2] = B[(y5) + 2] ^ (~B[(y5) + 3] & B[(y5) + 4]);        \
        a[(y5) + 3] = B[(y5) + 3] ^ (~B[(y5) + 4] & B[(y5) + 0]);        \
        a[(y5) + 4] = B[(y5) + 4] ^ (~B[(y5) + 0] & B[(y5) + 1]);        \
    } while (0)

void zc_keccak_f1600(uint64_t a[25])
{
    uint64_t B[25], C[5], D[5];
    unsigned r;

    for (r = 0; r < 24; r++) {
        /* theta: column parities, then D[x] = C[x-1] ^ rot(C[x+1], 1). */
        C[0] = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
        C[1] = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
        C[2] = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
        C[3] = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
        C[4] = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
        D[0] = C[4] ^ zc_rol64(C[1], 1);
        D[1] = C[0] ^ zc_rol64(C[2], 1);
        D[2] = C[1] ^ zc_rol64(C[3], 1);
        D[3] = C[2] ^ zc_rol64(C[4], 1);
        D[4] = C[3] ^ zc_rol64(C[0], 1);

        /* theta (apply D), rho and pi. */
        RHO_PI(0, 0, 0);    /* y = 0 */
        RHO_PI(10, 1, 1);
        RHO_PI(20, 2, 62);
        RHO_PI(5, 3, 28);
        RHO_PI(15, 4, 27);
        RHO_PI(16, 5, 36);  /* y = 1 */
        RHO_PI(1, 6, 44);
        RHO_PI(11, 7, 6);
        RHO_PI(21, 8, 55);
        RHO_PI(6, 9, 20);
        RHO_PI(7, 10, 3);   /* y = 2 */
        RHO_PI(17, 11, 10);
        RHO_PI(2, 12, 43);
        RHO_PI(12, 13, 25);
        RHO_PI(22, 14, 39);
        RHO_PI(23, 15, 41); /* y = 3 */
        RHO_PI(8, 16, 45);
        RHO_PI(18, 17, 15);
        RHO_PI(3, 18, 21);
        RHO_PI(13, 19, 8);
        RHO_PI(14, 20, 18); /* y = 4 */
        RHO_PI(24, 21, 2);
        RHO_PI(9, 22, 61);
        RHO_PI(19, 23, 56);
        RHO_PI(4, 24, 14);

        /* chi */
        CHI_ROW(0);
        CHI_ROW(5);
        CHI_ROW(10);
        CHI_ROW(15);
        CHI_ROW(20);

        /* iota */
        a[0] ^= RC[r];
    }

    zc_wipe(B, sizeof(B));
    zc_wipe(C, sizeof(C));
    zc_wipe(D, sizeof(D));
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
