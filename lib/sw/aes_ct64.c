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

#include "../util.h"
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

/*
 * SubBytes on 64 bytes: Boyar-Peralta circuit (J. Boyar, R. Peralta,
 * "A depth-16 circuit for the AES S-box", 2011). u0 is the most
 * significant bit of each byte, i.e. q[7]. XNORs carry the 0x63 constant.
 */
ZC_AES_ROUND_INLINE void bs_sbox(uint64_t q[8])
{
    uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    uint64_t u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    uint64_t t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
    uint64_t t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26;
    uint64_t t27;
    uint64_t m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
    uint64_t m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26;
    uint64_t m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38;
    uint64_t m39, m40, m41, m42, m43, m44, m45, m46, m47, m48, m49, m50;
    uint64_t m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62;
    uint64_t m63;
    uint64_t l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13;
    uint64_t l14, l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25;
    uint64_t l26, l27, l28, l29;

    /* Top linear layer: into the tower-field basis. */
    t1 = u0 ^ u3;
    t2 = u0 ^ u5;
    t3 = u0 ^ u6;
    t4 = u3 ^ u5;
    t5 = u4 ^ u6;
    t6 = t1 ^ t5;
    t7 = u1 ^ u2;
    t8 = u7 ^ t6;
    t9 = u7 ^ t7;
    t10 = t6 ^ t7;
    t11 = u1 ^ u5;
    t12 = u2 ^ u5;
    t13 = t3 ^ t4;
    t14 = t6 ^ t11;
    t15 = t5 ^ t11;
    t16 = t5 ^ t12;
    t17 = t9 ^ t16;
    t18 = u3 ^ u7;
    t19 = t7 ^ t18;
    t20 = t1 ^ t19;
    t21 = u6 ^ u7;
    t22 = t7 ^ t21;
    t23 = t2 ^ t22;
    t24 = t2 ^ t10;
    t25 = t20 ^ t17;
    t26 = t3 ^ t16;
    t27 = t1 ^ t12;

    /* Middle non-linear layer: inversion in GF(((2^2)^2)^2). */
    m1 = t13 & t6;
    m2 = t23 & t8;
    m3 = t14 ^ m1;
    m4 = t19 & u7;
    m5 = m4 ^ m1;
    m6 = t3 & t16;
    m7 = t22 & t9;
    m8 = t26 ^ m6;
    m9 = t20 & t17;
    m10 = m9 ^ m6;
    m11 = t1 & t15;
    m12 = t4 & t27;
    m13 = m12 ^ m11;
    m14 = t2 & t10;
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t24;
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t25;
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m46 = m44 & t6;
    m47 = m40 & t8;
    m48 = m39 & u7;
    m49 = m43 & t16;
    m50 = m38 & t9;
    m51 = m37 & t17;
    m52 = m42 & t15;
    m53 = m45 & t27;
    m54 = m41 & t10;
    m55 = m44 & t13;
    m56 = m40 & t23;
    m57 = m39 & t19;
    m58 = m43 & t3;
    m59 = m38 & t22;
    m60 = m37 & t20;
    m61 = m42 & t1;
    m62 = m45 & t4;
    m63 = m41 & t2;

    /* Bottom linear layer: back to the AES basis, with the affine map. */
    l0 = m61 ^ m62;
    l1 = m50 ^ m56;
    l2 = m46 ^ m48;
    l3 = m47 ^ m55;
    l4 = m54 ^ m58;
    l5 = m49 ^ m61;
    l6 = m62 ^ l5;
    l7 = m46 ^ l3;
    l8 = m51 ^ m59;
    l9 = m52 ^ m53;
    l10 = m53 ^ l4;
    l11 = m60 ^ l2;
    l12 = m48 ^ m51;
    l13 = m50 ^ l0;
    l14 = m52 ^ m61;
    l15 = m55 ^ l1;
    l16 = m56 ^ l0;
    l17 = m57 ^ l1;
    l18 = m58 ^ l8;
    l19 = m63 ^ l4;
    l20 = l0 ^ l1;
    l21 = l1 ^ l7;
    l22 = l3 ^ l12;
    l23 = l18 ^ l2;
    l24 = l15 ^ l9;
    l25 = l6 ^ l10;
    l26 = l7 ^ l9;
    l27 = l8 ^ l10;
    l28 = l11 ^ l14;
    l29 = l11 ^ l17;

    q[7] = l6 ^ l24;
    q[6] = ~(l16 ^ l26);
    q[5] = ~(l19 ^ l28);
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = ~(l13 ^ l27);
    q[0] = ~(l6 ^ l23);
}

/*
 * x -> A^-1(x ^ 0x63) on every byte: bit i of the result is
 * x[i+2] ^ x[i+5] ^ x[i+7] (indices mod 8), then XOR 0x05.
 */
ZC_AES_ROUND_INLINE void bs_inv_affine(uint64_t q[8])
{
    uint64_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
    uint64_t q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];

    q[0] = ~(q2 ^ q5 ^ q7);
    q[1] = q3 ^ q6 ^ q0;
    q[2] = ~(q4 ^ q7 ^ q1);
    q[3] = q5 ^ q0 ^ q2;
    q[4] = q6 ^ q1 ^ q3;
    q[5] = q7 ^ q2 ^ q4;
    q[6] = q0 ^ q3 ^ q5;
    q[7] = q1 ^ q4 ^ q6;
}

ZC_AES_ROUND_INLINE void bs_inv_sbox(uint64_t q[8])
{
    bs_inv_affine(q);
    bs_sbox(q);
    bs_inv_affine(q);
}

/* Row r occupies bits 16*r .. 16*r+15; column c is a 4-bit group in it. */
ZC_AES_ROUND_INLINE void bs_shift_rows(uint64_t q[8])
{
    int i;

    for (i = 0; i < 8; i++) {
        uint64_t x = q[i];

        q[i] = (x & 0x000000000000FFFFu)
             | ((x & 0x00000000FFF00000u) >> 4) | ((x & 0x00000000000F0000u) << 12)
             | ((x & 0x0000FF0000000000u) >> 8) | ((x & 0x000000FF00000000u) << 8)
             | ((x & 0xF000000000000000u) >> 12) | ((x & 0x0FFF000000000000u) << 4);
    }
}

ZC_AES_ROUND_INLINE void bs_inv_shift_rows(uint64_t q[8])
{
    int i;

    for (i = 0; i < 8; i++) {
        uint64_t x = q[i];

        q[i] = (x & 0x000000000000FFFFu)
             | ((x & 0x00000000F0000000u) >> 12) | ((x & 0x000000000FFF0000u) << 4)
             | ((x & 0x0000FF0000000000u) >> 8) | ((x & 0x000000FF00000000u) << 8)
             | ((x & 0xFFF0000000000000u) >> 4) | ((x & 0x000F000000000000u) << 12);
    }
}

/*
 * MixColumns: s'_r = 2*(s_r ^ s_{r+1}) ^ s_{r+1} ^ (s_{r+2} ^ s_{r+3}).
 * "Row r+1" is a 16-bit right rotation; with t = s ^ rot16(s) the last
 * term is rot32(t). Multiplying t by 2 (mod x^8+x^4+x^3+x+1) moves bit i
 * to i+1 and folds bit 7 into bits 0, 1, 3, 4.
 */
ZC_AES_ROUND_INLINE void bs_mix_columns(uint64_t q[8])
{
    uint64_t b0, b1, b2, b3, b4, b5, b6, b7;
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7;

    b0 = zc_ror64(q[0], 16); t0 = q[0] ^ b0;
    b1 = zc_ror64(q[1], 16); t1 = q[1] ^ b1;
    b2 = zc_ror64(q[2], 16); t2 = q[2] ^ b2;
    b3 = zc_ror64(q[3], 16); t3 = q[3] ^ b3;
    b4 = zc_ror64(q[4], 16); t4 = q[4] ^ b4;
    b5 = zc_ror64(q[5], 16); t5 = q[5] ^ b5;
    b6 = zc_ror64(q[6], 16); t6 = q[6] ^ b6;
    b7 = zc_ror64(q[7], 16); t7 = q[7] ^ b7;

    q[0] = t7 ^ b0 ^ zc_ror64(t0, 32);
    q[1] = t0 ^ t7 ^ b1 ^ zc_ror64(t1, 32);
    q[2] = t1 ^ b2 ^ zc_ror64(t2, 32);
    q[3] = t2 ^ t7 ^ b3 ^ zc_ror64(t3, 32);
    q[4] = t3 ^ t7 ^ b4 ^ zc_ror64(t4, 32);
    q[5] = t4 ^ b5 ^ zc_ror64(t5, 32);
    q[6] = t5 ^ b6 ^ zc_ror64(t6, 32);
    q[7] = t6 ^ b7 ^ zc_ror64(t7, 32);
}

/*
 * InvMixColumns = MixColumns o (s_r ^= 4*(s_r ^ s_{r+2})). Multiplying
 * u by 4 = x^2: bit i goes to i+2; bits 6 and 7 fold back through
 * 0x1b and 0x36 (x^8 = x^4+x^3+x+1, x^9 = x^5+x^4+x^2+x).
 */
ZC_AES_ROUND_INLINE void bs_inv_mix_columns(uint64_t q[8])
{
    uint64_t u0, u1, u2, u3, u4, u5, u6, u7;

    u0 = q[0] ^ zc_ror64(q[0], 32);
    u1 = q[1] ^ zc_ror64(q[1], 32);
    u2 = q[2] ^ zc_ror64(q[2], 32);
    u3 = q[3] ^ zc_ror64(q[3], 32);
    u4 = q[4] ^ zc_ror64(q[4], 32);
    u5 = q[5] ^ zc_ror64(q[5], 32);
    u6 = q[6] ^ zc_ror64(q[6], 32);
    u7 = q[7] ^ zc_ror64(q[7], 32);

    q[0] ^= u6;
    q[1] ^= u6 ^ u7;
    q[2] ^= u0 ^ u7;
    q[3] ^= u1 ^ u6;
    q[4] ^= u2 ^ u6 ^ u7;
    q[5] ^= u3 ^ u7;
    q[6] ^= u4;
    q[7] ^= u5;

    bs_mix_columns(q);
}

ZC_AES_ROUND_INLINE void bs_add_round_key(uint64_t q[8], const uint64_t *k)
{
    q[0] ^= k[0];
    q[1] ^= k[1];
    q[2] ^= k[2];
    q[3] ^= k[3];
    q[4] ^= k[4];
    q[5] ^= k[5];
    q[6] ^= k[6];
    q[7] ^= k[7];
}

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
    bs_sbox(q);
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

static void bs_encrypt(const uint64_t *rk, unsigned rounds, uint64_t qio[8])
{
    uint64_t q[8];
    unsigned r;

    memcpy(q, qio, sizeof q);
    bs_add_round_key(q, rk);
    for (r = 1; r < rounds; r++) {
        bs_sbox(q);
        bs_shift_rows(q);
        bs_mix_columns(q);
        bs_add_round_key(q, rk + 8 * r);
    }
    bs_sbox(q);
    bs_shift_rows(q);
    bs_add_round_key(q, rk + 8 * rounds);
    memcpy(qio, q, sizeof q);
}

static void bs_decrypt(const uint64_t *rk, unsigned rounds, uint64_t qio[8])
{
    uint64_t q[8];
    unsigned r;

    memcpy(q, qio, sizeof q);
    bs_add_round_key(q, rk + 8 * rounds);
    for (r = rounds - 1; r > 0; r--) {
        bs_inv_shift_rows(q);
        bs_inv_sbox(q);
        bs_add_round_key(q, rk + 8 * r);
        bs_inv_mix_columns(q);
    }
    bs_inv_shift_rows(q);
    bs_inv_sbox(q);
    bs_add_round_key(q, rk);
    memcpy(qio, q, sizeof q);
}

void zc_aes_sw_encrypt(const uint64_t rk[ZC_AES_SW_RK_WORDS], unsigned rounds,
                       const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint64_t q[8];

    if (nblocks == 0)
        return;
    while (nblocks > 0) {
        size_t n = nblocks < 4 ? nblocks : 4;

        /* All n blocks are read before any is written: in == out is fine. */
        bs_load(q, in, n);
        bs_encrypt(rk, rounds, q);
        bs_store(out, q, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    zc_wipe(q, sizeof q);
}

void zc_aes_sw_decrypt(const uint64_t rk[ZC_AES_SW_RK_WORDS], unsigned rounds,
                       const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint64_t q[8];

    if (nblocks == 0)
        return;
    while (nblocks > 0) {
        size_t n = nblocks < 4 ? nblocks : 4;

        bs_load(q, in, n);
        bs_decrypt(rk, rounds, q);
        bs_store(out, q, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    zc_wipe(q, sizeof q);
}
