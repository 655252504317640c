/*
 * des_ct.c - portable constant-time DES and Triple-DES (FIPS 46-3,
 * SP 800-67).
 *
 * Technique: the eight S-boxes are evaluated together as multiplexer
 * trees over their truth tables, with bitwise operations only.
 *
 *   - Each S-box is 4 boolean functions of its 6 input bits, so a round
 *     has 32 outputs ("lanes"), each a 64-entry truth table. Entry x of all
 *     32 tables forms one 32-bit word; the words for x and x + 32 (first
 *     input bit 0 and 1) share a uint64_t, which leaves 32 constant words.
 *   - For each input bit n a mask is built whose 4 lanes of S-box j are
 *     all-ones or all-zeros according to bit n of that S-box's input. Five
 *     levels of selects (a where the mask is 0, b where it is 1) fold the
 *     32 words down to one, handling input bits 6..2 of all S-boxes at
 *     once, and a last 32-bit select between the two halves handles input
 *     bit 1. Every table word is read, always in the same order, so no
 *     memory address depends on a secret.
 *   - The masks are cheap thanks to the expansion E: S-box j reads the
 *     half-block bits 4j .. 4j+5 (FIPS numbering, cyclic), so input bit n
 *     of all eight S-boxes is one rotation of R away from sitting at the
 *     same bit of every 4-bit group. Masking with 0x1111... and computing
 *     (t << 4) - t fills the groups. The round key is stored where R keeps
 *     the bit it is XORed with; since neighbouring S-boxes share two E
 *     bits, inputs 1..4 of all boxes fit in one word and inputs 5, 6 in a
 *     second one, hence two words per round key.
 *   - The 4 lanes of an S-box may sit in any order inside its 4-bit group
 *     (the masks cover the whole group). The order was chosen by an
 *     offline search so that the permutation P moves every bit by one of
 *     only 8 rotation amounts: P costs 8 rotate-and-mask steps instead of
 *     ~20. Both halves are kept rotated right by 3 bits, which makes one
 *     mask rotation and one P rotation zero.
 *   - IP and FP are five delta swaps each (the classic 8x8 bit-matrix
 *     transposition, as in most table-free DES code).
 *   - Two blocks are processed together when there are two, to give the
 *     CPU two independent dependency chains (about +40% on x86_64).
 *
 * A round is about 130 word operations with no data-indexed table lookup,
 * no data- or key-dependent branch, no shift by a secret amount and no
 * multiplication in the source (multiply timing is not uniform on every
 * CPU; clang does turn (t << 4) - t into t * 15 on x86_64, where imul is
 * constant-time). The key schedule moves bits one at a time with shifts by
 * public amounts. Loops depend only on the block count and on DES versus
 * TDES.
 *
 * Byte order: blocks are read and written with zc_load_be32 /
 * zc_store_be32, so the code is the same on s390x and x86_64.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "des_ct.h"

/* ------------------------------------------------------------------ */
/* Round function                                                       */
/* ------------------------------------------------------------------ */

/*
 * Truth tables. Lane layout in each 32-bit half (the low half is for first
 * input bit 0, the high half for 1): S-box j owns bits 28-4j .. 31-4j and
 * its output bit b (b = 0 the most significant) sits at bit 28-4j + pi_j(b)
 * with, as pi_j(0) pi_j(1) pi_j(2) pi_j(3):
 *   pi_0 = 1032, pi_1 = 1203, pi_2 = 1203, pi_3 = 3102,
 *   pi_4 = 2013, pi_5 = 1032, pi_6 = 1302, pi_7 = 0231.
 * Let x be input bits 2..6 of the S-boxes as a 5-bit number (bit 6 least
 * significant). For even x, sbox_leaf[x] is the word for x and
 * sbox_leaf[x + 1] the XOR of the words for x and x + 1, so the first
 * level of the tree (on input bit 6) is one AND and one XOR per pair.
 * The words were generated from the FIPS 46-3 S-boxes with this layout;
 * tests/unit/test_sw_des.c checks them against a plain reference DES.
 */
static const uint64_t sbox_leaf[32] = {
    0x10E9164EBF372387u, 0xEE6CF7D6B6D95965u,
    0x47532B8B180E5478u, 0x756C67F9E6D6BB77u,
    0xBD4C8F7472AB1A11u, 0x9EACD799A6A63B66u,
    0x2BA0E5E247758FB4u, 0xA3A356CC5AD3D765u,
    0x732A68A38550B6FCu, 0x6A73EEE73AC3AB75u,
    0x94FDD255FB93680Fu, 0xFB59A7DC7ADCDB65u,
    0x8E97B3DDE9FCE92Bu, 0xCAB99CEC9BAC3F65u,
    0xE80E4CB824C932E2u, 0x39D6966F63FCB7D6u,
    0xFCBFFD30CA844059u, 0xA7F3C35F6C96D9ECu,
    0x3284C0FCADE197A3u, 0xD7763B393DC693F5u,
    0x661551999168AC6Au, 0xAB63559AA9A95BA6u,
    0xD56B9A273ED6F1DDu, 0x63F657D7DDAC9A76u,
    0xCAC6340F56BDDBC6u, 0x6A7C5DB533D97BD6u,
    0xA931A7CA604A0D30u, 0xA5F6B7DC3AF3C3CDu,
    0x51780E660C127595u, 0xC6699C3AC7E939B6u,
    0x0FD27911D32FCE4Eu, 0x75B9DEBAFFA3FCD6u,
};

/*
 * GCC-specific tuning, harmless elsewhere. The round function must be
 * inlined into the round loops (GCC declines because of its size, and the
 * call costs a quarter of the speed). The table's address is hidden from
 * the optimiser, otherwise it folds the 32 constants into 10-byte
 * immediates reloaded every round instead of using memory operands.
 */
#if defined(__GNUC__)
#define ZC_DES_ROUND_INLINE static inline __attribute__((always_inline))
#define ZC_DES_OPAQUE(p) __asm__("" : "+r"(p))
#else
#define ZC_DES_ROUND_INLINE static inline
#define ZC_DES_OPAQUE(p) ((void)0)
#endif

/* a where the mask bits are 0, b where they are 1. */
#define ZC_MUX(a, b, m) ((a) ^ (((a) ^ (b)) & (m)))

/* One bit per 4-bit group (the lowest) to the whole group. */
static inline uint64_t fill_groups64(uint64_t t)
{
    return (t << 4) - t;
}

/*
 * f(R, K) = P(S(E(R) ^ K)) on halves held rotated right by 3 bits.
 * k[0] holds the key bits for S-box inputs 1..4, k[1] those for inputs 5
 * and 6, each at the position of the R bit it is XORed with.
 */
ZC_DES_ROUND_INLINE uint32_t des_f(uint32_t r, const uint32_t *k, const uint64_t *tab)
{
    const uint64_t g1 = 0x1111111111111111u;
    uint32_t ra = r ^ k[0];
    uint32_t rb = r ^ k[1];
    /* The half duplicated into both 32-bit halves: rotating the 64-bit word
       rotates each half, so the masks come out ready for the 64-bit tree. */
    uint64_t da = (uint64_t)ra << 32 | ra;
    uint64_t db = (uint64_t)rb << 32 | rb;
    uint64_t m2, m3, m4, m5, m6;
    uint64_t a0, a1, a2, a3, a4, a5, a6, a7, b0, b1, b2, b3, v;
    uint32_t t1, m1, lo, hi, o;

    /* Input n of S-box j, rotated to bit 28-4j, filled over its group. */
    t1 = zc_ror32(ra, 1) & 0x11111111u;
    m1 = (t1 << 4) - t1;
    m2 = fill_groups64(da & g1);
    m3 = fill_groups64(zc_rol64(da, 1) & g1);
    m4 = fill_groups64(zc_rol64(da, 2) & g1);
    m5 = fill_groups64(zc_rol64(db, 3) & g1);
    m6 = fill_groups64(zc_rol64(db, 4) & g1);

    /* Tree levels on inputs 6 and 5, then 4, 3, 2; written out because
       compilers vectorise the loop form badly. */
#define ZC_LEAF(i) (tab[2 * (i)] ^ (tab[2 * (i) + 1] & m6))
    a0 = ZC_MUX(ZC_LEAF(0), ZC_LEAF(1), m5);
    a1 = ZC_MUX(ZC_LEAF(2), ZC_LEAF(3), m5);
    a2 = ZC_MUX(ZC_LEAF(4), ZC_LEAF(5), m5);
    a3 = ZC_MUX(ZC_LEAF(6), ZC_LEAF(7), m5);
    a4 = ZC_MUX(ZC_LEAF(8), ZC_LEAF(9), m5);
    a5 = ZC_MUX(ZC_LEAF(10), ZC_LEAF(11), m5);
    a6 = ZC_MUX(ZC_LEAF(12), ZC_LEAF(13), m5);
    a7 = ZC_MUX(ZC_LEAF(14), ZC_LEAF(15), m5);
#undef ZC_LEAF
    b0 = ZC_MUX(a0, a1, m4);
    b1 = ZC_MUX(a2, a3, m4);
    b2 = ZC_MUX(a4, a5, m4);
    b3 = ZC_MUX(a6, a7, m4);
    v = ZC_MUX(ZC_MUX(b0, b1, m3), ZC_MUX(b2, b3, m3), m2);

    /* Input 1 picks the half. */
    lo = (uint32_t)v;
    hi = (uint32_t)(v >> 32);
    o = ZC_MUX(lo, hi, m1);

    /* P: every lane moves by one of these eight rotations. */
    return (o & 0x40800404u)
        | (zc_rol32(o, 3) & 0x08088080u)
        | (zc_rol32(o, 7) & 0x00240142u)
        | (zc_rol32(o, 10) & 0x10020000u)
        | (zc_rol32(o, 11) & 0x84004000u)
        | (zc_rol32(o, 16) & 0x02401828u)
        | (zc_rol32(o, 23) & 0x00112010u)
        | (zc_rol32(o, 24) & 0x21000201u);
}

/*
 * Sixteen rounds on st[0] (L) and st[1] (R) with the round keys ks[0..31],
 * walked forward to encrypt and backward to decrypt, ending with the
 * halves swapped as FIPS 46 does before FP. Since FP followed by IP is the
 * identity, TDES simply chains three passes between one IP and one FP.
 * Two rounds per iteration, so the halves never need a swap inside.
 */
static void des_pass1(const uint32_t *ks, int decrypt, uint32_t st[2])
{
    const uint64_t *tab = sbox_leaf;
    const uint32_t *k = decrypt ? ks + 30 : ks;
    ptrdiff_t step = decrypt ? -2 : 2;
    uint32_t l = st[0], r = st[1];
    unsigned i;

    ZC_DES_OPAQUE(tab);
    for (i = 0; i < 8; i++) {
        l ^= des_f(r, k, tab);
        k += step;
        r ^= des_f(l, k, tab);
        k += step;
    }
    st[0] = r;
    st[1] = l;
}

/* The same on two blocks, st[0..1] and st[2..3], interleaved. */
static void des_pass2(const uint32_t *ks, int decrypt, uint32_t st[4])
{
    const uint64_t *tab = sbox_leaf;
    const uint32_t *k = decrypt ? ks + 30 : ks;
    ptrdiff_t step = decrypt ? -2 : 2;
    uint32_t l = st[0], r = st[1], l2 = st[2], r2 = st[3];
    unsigned i;

    ZC_DES_OPAQUE(tab);
    for (i = 0; i < 8; i++) {
        l ^= des_f(r, k, tab);
        l2 ^= des_f(r2, k, tab);
        k += step;
        r ^= des_f(l, k, tab);
        r2 ^= des_f(l2, k, tab);
        k += step;
    }
    st[0] = r;
    st[1] = l;
    st[2] = r2;
    st[3] = l2;
}

/* ------------------------------------------------------------------ */
/* IP / FP                                                              */
/* ------------------------------------------------------------------ */

/* Delta swap: exchange the bits of a selected by (m << s) with those of b
   selected by m. */
#define ZC_DSWAP(a, b, s, m) do {                       \
        uint32_t zc_t_ = (((a) >> (s)) ^ (b)) & (m);    \
        (b) ^= zc_t_;                                   \
        (a) ^= zc_t_ << (s);                            \
    } while (0)

/* Load a block, apply IP and the internal rotation by 3. */
static inline void des_load_ip(uint32_t st[2], const uint8_t *in)
{
    uint32_t l = zc_load_be32(in), r = zc_load_be32(in + 4);

    ZC_DSWAP(l, r, 4, 0x0F0F0F0Fu);
    ZC_DSWAP(l, r, 16, 0x0000FFFFu);
    ZC_DSWAP(r, l, 2, 0x33333333u);
    ZC_DSWAP(r, l, 8, 0x00FF00FFu);
    ZC_DSWAP(l, r, 1, 0x55555555u);
    st[0] = zc_ror32(l, 3);
    st[1] = zc_ror32(r, 3);
}

/* Undo the rotation, apply FP = IP^-1 (the swaps in reverse order), store. */
static inline void des_fp_store(uint8_t *out, const uint32_t st[2])
{
    uint32_t l = zc_rol32(st[0], 3), r = zc_rol32(st[1], 3);

    ZC_DSWAP(l, r, 1, 0x55555555u);
    ZC_DSWAP(r, l, 8, 0x00FF00FFu);
    ZC_DSWAP(r, l, 2, 0x33333333u);
    ZC_DSWAP(l, r, 16, 0x0000FFFFu);
    ZC_DSWAP(l, r, 4, 0x0F0F0F0Fu);
    zc_store_be32(out, l);
    zc_store_be32(out + 4, r);
}

/* ------------------------------------------------------------------ */
/* Key schedule                                                         */
/* ------------------------------------------------------------------ */

/* PC-1 and PC-2 (FIPS 46-3), 1-based source bit numbers. */
static const uint8_t des_pc1[56] = {
    57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
    10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
    14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
};

static const uint8_t des_pc2[48] = {
    14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10,
    23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
    41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
    44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};

/*
 * One DES key into 16 round keys of two words each (see des_f). Bits are
 * moved one by one: every shift amount comes from the tables or the loop
 * counters, never from the key, and no branch looks at key bits. Runs
 * once per key, so simplicity wins over speed here.
 */
static void des_key_expand(uint32_t ks[32], const uint8_t key[8])
{
    uint64_t kb = zc_load_be64(key);    /* FIPS bit n at 64 - n */
    uint64_t cd = 0;
    uint32_t c = 0, d = 0, w[2];
    unsigned i, rnd;

    for (i = 0; i < 28; i++) {
        c |= (uint32_t)(kb >> (64 - des_pc1[i]) & 1) << (27 - i);
        d |= (uint32_t)(kb >> (64 - des_pc1[i + 28]) & 1) << (27 - i);
    }
    for (rnd = 0; rnd < 16; rnd++) {
        /* Left shifts: one bit in rounds 1, 2, 9 and 16, two otherwise. */
        unsigned s = (rnd == 0 || rnd == 1 || rnd == 8 || rnd == 15) ? 1 : 2;

        c = ((c << s) | (c >> (28 - s))) & 0x0FFFFFFFu;
        d = ((d << s) | (d >> (28 - s))) & 0x0FFFFFFFu;
        cd = (uint64_t)c << 28 | d;     /* PC-2 source bit n at 56 - n */
        w[0] = 0;
        w[1] = 0;
        for (i = 0; i < 48; i++) {
            unsigned j = i / 6, n = i % 6 + 1;
            uint32_t bit = (uint32_t)(cd >> (56 - des_pc2[i])) & 1;

            /* S-box j input n meets R bit 4j + n - 1 (cyclic), which the
               rotated half keeps at bit (29 - (4j + n - 1)) mod 32. */
            w[n > 4] |= bit << ((30 - 4 * j - n) & 31);
        }
        ks[2 * rnd] = w[0];
        ks[2 * rnd + 1] = w[1];
    }
    zc_wipe(&kb, sizeof kb);
    zc_wipe(&cd, sizeof cd);
    zc_wipe(&c, sizeof c);
    zc_wipe(&d, sizeof d);
    zc_wipe(w, sizeof w);
}

unsigned zc_des_sw_setkey(uint32_t sk[ZC_DES_SW_SK_WORDS], const uint8_t *key, size_t key_len)
{
    switch (key_len) {
    case 8:
        des_key_expand(sk, key);
        return 1;
    case 16:
        des_key_expand(sk, key);
        des_key_expand(sk + 32, key + 8);
        des_key_expand(sk + 64, key);
        return 3;
    case 24:
        des_key_expand(sk, key);
        des_key_expand(sk + 32, key + 8);
        des_key_expand(sk + 64, key + 16);
        return 3;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Block processing                                                     */
/* ------------------------------------------------------------------ */

/*
 * Pass i of n: EDE encryption runs keys 1, 2, 3 forward, backward,
 * forward; decryption runs keys 3, 2, 1 backward, forward, backward.
 */
#define ZC_PASS_KEY(sk, n, i, dec) ((sk) + 32 * ((dec) ? (n) - 1 - (i) : (i)))
#define ZC_PASS_DEC(i, dec) ((dec) ^ (int)((i) & 1))

static void des_crypt(const uint32_t *sk, unsigned passes, int decrypt,
                      const uint8_t *in, uint8_t *out, size_t nblocks)
{
    unsigned n = passes == 3 ? 3 : 1, i;
    uint32_t st[4];

    /* Each block is fully read before it is written: in == out works. */
    for (; nblocks >= 2; nblocks -= 2, in += 16, out += 16) {
        des_load_ip(st, in);
        des_load_ip(st + 2, in + 8);
        for (i = 0; i < n; i++)
            des_pass2(ZC_PASS_KEY(sk, n, i, decrypt), ZC_PASS_DEC(i, decrypt), st);
        des_fp_store(out, st);
        des_fp_store(out + 8, st + 2);
    }
    if (nblocks == 1) {
        des_load_ip(st, in);
        for (i = 0; i < n; i++)
            des_pass1(ZC_PASS_KEY(sk, n, i, decrypt), ZC_PASS_DEC(i, decrypt), st);
        des_fp_store(out, st);
    }
    /* st holds the last block's halves between passes (TDES intermediate
       values, plaintext on decryption): leave none of it on the stack. */
    zc_wipe(st, sizeof st);
}

void zc_des_sw_encrypt(const uint32_t sk[ZC_DES_SW_SK_WORDS], unsigned passes,
                       const uint8_t *in, uint8_t *out, size_t nblocks)
{
    des_crypt(sk, passes, 0, in, out, nblocks);
}

void zc_des_sw_decrypt(const uint32_t sk[ZC_DES_SW_SK_WORDS], unsigned passes,
                       const uint8_t *in, uint8_t *out, size_t nblocks)
{
    des_crypt(sk, passes, 1, in, out, nblocks);
}
