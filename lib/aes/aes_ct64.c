/*
 * aes_ct64.c - portable constant-time AES, bitsliced on 64-bit words.
 *
 * Technique ("ct64" bitslicing). Four 16-byte blocks (64 bytes) are held
 * in eight uint64_t words q[0..7]: word q[b] carries bit b of all 64
 * bytes. Byte (block k, column c, row r) sits at bit 16*r + 4*c + k of
 * every word, so
 *
 *   - SubBytes is a boolean circuit over the eight words (Boyar and
 *     Peralta's depth-16 circuit: 128 gates, 34 AND, 94 XOR/XNOR) applied
 *     to 64 bytes at once; no table, hence no secret-indexed memory access;
 *   - ShiftRows rotates each 16-bit row lane by 0/4/8/12 bits (masks and
 *     shifts);
 *   - MixColumns needs "the byte one row down", which is a 16-bit rotation
 *     of the whole word, and a multiply by x, which in bitsliced form is a
 *     renaming of the words plus three XORs.
 *
 * The inverse S-box reuses the forward circuit:
 *   InvS(x) = A'(S(A'(x))) with A'(x) = A^-1(x ^ 0x63),
 * where A is the S-box affine map; A' is linear plus a constant, so it is
 * a few XORs in bitsliced form. InvMixColumns = MixColumns after a cheap
 * pre-multiply by (04*y^2 + 05), since the two circulants multiply to
 * (0b,0d,09,0e).
 *
 * Getting bytes into that layout: each block is split into two 64-bit
 * words that interleave its columns (0,2) and (1,3) byte by byte, then an
 * 8x8 bit transposition across the eight words (three delta-swap stages)
 * turns "word = 8 bytes" into "word = one bit of 64 bytes". The same
 * transposition is its own inverse.
 *
 * Round keys are expanded with the byte-oriented FIPS 197 schedule (its
 * SubWord goes through the same circuit) and stored already bitsliced,
 * replicated over the four block slots, so AddRoundKey is eight XORs.
 * Encryption and decryption share the schedule. All loops and branches
 * depend only on the key length and the block count, which are public.
 *
 * Credits. The bitsliced layout on 64-bit words and the overall approach
 * follow Thomas Pornin's "ct64" AES in BearSSL (aes_ct64.c and its notes
 * on constant-time crypto, bearssl.org): the technique is his. The S-box
 * circuit is from J. Boyar and R. Peralta, "A depth-16 circuit for the AES
 * S-box" (IACR ePrint 2011/332; SEC 2012), see bs_sbox() below. See also
 * docs/architecture.md, "Software cores".
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "aes_ct64.h"

/* ------------------------------------------------------------------ */
/* Layout conversion                                                    */
/* ------------------------------------------------------------------ */

/*
 * Delta swap: exchange the bits of a selected by (m << s) with the bits of
 * b selected by m. With the masks below this transposes one bit of the
 * word index with one bit of the in-byte bit position.
 */
#define ZC_DSWAP(a, b, m, s) do {                       \
        uint64_t zc_t_ = (((a) >> (s)) ^ (b)) & (m);    \
        (b) ^= zc_t_;                                   \
        (a) ^= zc_t_ << (s);                            \
    } while (0)

/*
 * Before: word w holds whole bytes, bit j of its byte lane m at 8*m + j.
 * After: word j holds that bit at 8*m + w. Applying it twice is identity.
 */
static void bs_transpose(uint64_t q[8])
{
    const uint64_t m1 = 0x5555555555555555u;
    const uint64_t m2 = 0x3333333333333333u;
    const uint64_t m4 = 0x0F0F0F0F0F0F0F0Fu;

    ZC_DSWAP(q[0], q[1], m1, 1);
    ZC_DSWAP(q[2], q[3], m1, 1);
    ZC_DSWAP(q[4], q[5], m1, 1);
    ZC_DSWAP(q[6], q[7], m1, 1);

    ZC_DSWAP(q[0], q[2], m2, 2);
    ZC_DSWAP(q[1], q[3], m2, 2);
    ZC_DSWAP(q[4], q[6], m2, 2);
    ZC_DSWAP(q[5], q[7], m2, 2);

    ZC_DSWAP(q[0], q[4], m4, 4);
    ZC_DSWAP(q[1], q[5], m4, 4);
    ZC_DSWAP(q[2], q[6], m4, 4);
    ZC_DSWAP(q[3], q[7], m4, 4);
}

/* Bytes 0..3 of v (low first) to the even byte lanes 0, 2, 4, 6. */
static inline uint64_t spread32(uint64_t v)
{
    v &= 0xFFFFFFFFu;
    v = (v | (v << 16)) & 0x0000FFFF0000FFFFu;
    v = (v | (v << 8)) & 0x00FF00FF00FF00FFu;
    return v;
}

/* Inverse of spread32: even byte lanes back to bytes 0..3. */
static inline uint64_t squeeze32(uint64_t v)
{
    v &= 0x00FF00FF00FF00FFu;
    v = (v | (v >> 8)) & 0x0000FFFF0000FFFFu;
    v = (v | (v >> 16)) & 0x00000000FFFFFFFFu;
    return v;
}

/*
 * One block into the two pre-transposition words. Block byte s = 4*c + r.
 * *ev gets columns 0 and 2 as lanes (c0r0, c2r0, c0r1, c2r1, ...), *od
 * columns 1 and 3 the same way; after bs_transpose, with the block in
 * word slot k and k + 4, byte (c, r) lands at bit 16*r + 4*c + k.
 */
static inline void block_split(const uint8_t *p, uint64_t *ev, uint64_t *od)
{
    uint64_t x = zc_load_le64(p);       /* columns 0, 1 */
    uint64_t y = zc_load_le64(p + 8);   /* columns 2, 3 */

    *ev = spread32(x) | (spread32(y) << 8);
    *od = spread32(x >> 32) | (spread32(y >> 32) << 8);
}

static inline void block_join(uint8_t *p, uint64_t ev, uint64_t od)
{
    uint64_t x = squeeze32(ev) | (squeeze32(od) << 32);
    uint64_t y = squeeze32(ev >> 8) | (squeeze32(od >> 8) << 32);

    zc_store_le64(p, x);
    zc_store_le64(p + 8, y);
}

/* Load n (1..4) blocks into bitsliced form; missing slots are zero. */
static void bs_load(uint64_t q[8], const uint8_t *in, size_t n)
{
    size_t k;

    for (k = 0; k < 4; k++) {
        if (k < n) {
            block_split(in + 16 * k, &q[k], &q[k + 4]);
        } else {
            q[k] = 0;
            q[k + 4] = 0;
        }
    }
    bs_transpose(q);
}

/* Store n (1..4) blocks from bitsliced form (q is clobbered). */
static void bs_store(uint8_t *out, uint64_t q[8], size_t n)
{
    size_t k;

    bs_transpose(q);
    for (k = 0; k < n; k++)
        block_join(out + 16 * k, q[k], q[k + 4]);
}

/*
 * The words the round steps work on. The steps are written once
 * (aes_ct64_rounds.h) and instantiated for uint64_t (suffix _1: four
 * blocks per pass) and, where the compiler has 128-bit vector registers
 * for GCC's generic vector extension (x86_64's SSE2 always), for a vector
 * of two 64-bit lanes, each holding its own four blocks (suffix _2: eight
 * blocks per pass for about the same instruction count). The vector words
 * get plain C operators only: bitwise logic, shifts, rotations; no
 * intrinsics, no tables, the same code in both lanes. Runs of more than
 * four blocks take the vector form; CBC encryption, CFB and single blocks
 * keep the scalar one, where a vector's second lane would be wasted work.
 * s390x builds (and so the freestanding bare-metal tier) have only the
 * scalar form.
 */
#if defined(__SSE2__) && defined(__GNUC__)
typedef uint64_t bs_word __attribute__((vector_size(16)));
#define BS_LANES 2
#define BS_GET(w, l) ((w)[l])
#define BS_SET(w, l, x) ((w)[l] = (x))
#else
#define BS_LANES 1
#endif
/* Blocks per pass: four per lane. */
#define BS_BLOCKS (4 * BS_LANES)
/* Right rotation of each 64-bit lane (0 < n < 64). */
#define BS_ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* ------------------------------------------------------------------ */
/* Round functions                                                      */
/* ------------------------------------------------------------------ */

/*
 * The round steps are inlined into bs_encrypt() / bs_decrypt(), whose
 * state array never leaves them, so the compiler keeps the eight words in
 * registers (or its own spill slots) across the steps instead of storing
 * and reloading them around four calls per round.
 */
#define ZC_AES_ROUND_INLINE static inline __attribute__((always_inline))

#define BS_W uint64_t
#define BS_FN(name) name##_1
#include "aes_ct64_rounds.h"
#undef BS_W
#undef BS_FN

#if BS_LANES > 1
#define BS_W bs_word
#define BS_FN(name) name##_2
#include "aes_ct64_rounds.h"
#undef BS_W
#undef BS_FN
#endif

/* ------------------------------------------------------------------ */
/* Key schedule                                                         */
/* ------------------------------------------------------------------ */

/*
 * SubWord through the circuit: the four bytes sit in byte lanes 0..3 of
 * word 0 (other lanes and words zero, their results ignored).
 */
static uint32_t sub_word(uint32_t w)
{
    uint64_t q[8];
    uint32_t r;

    memset(q, 0, sizeof q);
    q[0] = w;
    bs_transpose(q);
    bs_sbox_1(q);
    bs_transpose(q);
    r = (uint32_t)q[0];
    zc_wipe(q, sizeof q);
    return r;
}

unsigned zc_aes_sw_setkey(uint64_t rk[ZC_AES_SW_RK_WORDS], const uint8_t *key, size_t key_len)
{
    uint32_t w[4 * 15];
    uint8_t blk[16];
    uint64_t q[8];
    unsigned nk, rounds, total, i, j;
    uint32_t rcon;

    if (key_len != 16 && key_len != 24 && key_len != 32)
        return 0;
    nk = (unsigned)(key_len / 4);
    rounds = nk + 6;
    total = 4 * (rounds + 1);

    /* FIPS 197 5.2, on big-endian 32-bit words. */
    for (i = 0; i < nk; i++)
        w[i] = zc_load_be32(key + 4 * i);
    rcon = 1;
    for (i = nk; i < total; i++) {
        uint32_t t = w[i - 1];

        if (i % nk == 0) {
            t = sub_word(zc_rol32(t, 8)) ^ (rcon << 24);
            rcon = ((rcon << 1) ^ (0x1Bu & (0u - (rcon >> 7)))) & 0xFFu;
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }

    /* Bitslice each round key, replicated into all four block slots. */
    for (i = 0; i <= rounds; i++) {
        for (j = 0; j < 4; j++)
            zc_store_be32(blk + 4 * j, w[4 * i + j]);
        block_split(blk, &q[0], &q[4]);
        q[1] = q[2] = q[3] = q[0];
        q[5] = q[6] = q[7] = q[4];
        bs_transpose(q);
        memcpy(rk + 8 * i, q, sizeof q);
    }

    zc_wipe(w, sizeof w);
    zc_wipe(blk, sizeof blk);
    zc_wipe(q, sizeof q);
    return rounds;
}

/* ------------------------------------------------------------------ */
/* Block processing                                                     */
/* ------------------------------------------------------------------ */

#if BS_LANES > 1
/* Blocks of lane l when n blocks are loaded: 0..4. */
static size_t lane_blocks(size_t n, size_t l)
{
    return n <= 4 * l ? 0 : n - 4 * l < 4 ? n - 4 * l : 4;
}

/* Load n (1..BS_BLOCKS) blocks, four per lane; missing slots are zero. */
static void bs_load_words(bs_word v[8], const uint8_t *in, size_t n)
{
    uint64_t q[8];
    size_t l, i;

    for (l = 0; l < BS_LANES; l++) {
        size_t m = lane_blocks(n, l);

        if (m > 0)
            bs_load(q, in + 64 * l, m);
        else
            memset(q, 0, sizeof q);
        for (i = 0; i < 8; i++)
            BS_SET(v[i], l, q[i]);
    }
    zc_wipe(q, sizeof q);
}

/* Store n (1..BS_BLOCKS) blocks from the lanes. */
static void bs_store_words(uint8_t *out, const bs_word v[8], size_t n)
{
    uint64_t q[8];
    size_t l, i;

    for (l = 0; l < BS_LANES; l++) {
        size_t m = lane_blocks(n, l);

        if (m == 0)
            break;
        for (i = 0; i < 8; i++)
            q[i] = BS_GET(v[i], l);
        bs_store(out + 64 * l, q, m);
    }
    zc_wipe(q, sizeof q);
}
#endif

/*
 * n blocks, n > 0, either direction. All blocks of a pass are read before
 * any is written: in == out is fine.
 */
static void crypt_blocks(const uint64_t *rk, unsigned rounds, const uint8_t *in,
                         uint8_t *out, size_t nblocks, int decrypt)
{
    uint64_t q[8];
#if BS_LANES > 1
    bs_word v[8];

    while (nblocks > 4) {
        size_t n = nblocks < BS_BLOCKS ? nblocks : BS_BLOCKS;

        bs_load_words(v, in, n);
        if (decrypt)
            bs_decrypt_2(rk, rounds, v);
        else
            bs_encrypt_2(rk, rounds, v);
        bs_store_words(out, v, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    zc_wipe(v, sizeof v);
#endif
    while (nblocks > 0) {
        size_t n = nblocks < 4 ? nblocks : 4;

        bs_load(q, in, n);
        if (decrypt)
            bs_decrypt_1(rk, rounds, q);
        else
            bs_encrypt_1(rk, rounds, q);
        bs_store(out, q, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    zc_wipe(q, sizeof q);
}

void zc_aes_sw_encrypt(const uint64_t rk[ZC_AES_SW_RK_WORDS], unsigned rounds,
                       const uint8_t *in, uint8_t *out, size_t nblocks)
{
    crypt_blocks(rk, rounds, in, out, nblocks, 0);
}

void zc_aes_sw_decrypt(const uint64_t rk[ZC_AES_SW_RK_WORDS], unsigned rounds,
                       const uint8_t *in, uint8_t *out, size_t nblocks)
{
    crypt_blocks(rk, rounds, in, out, nblocks, 1);
}
