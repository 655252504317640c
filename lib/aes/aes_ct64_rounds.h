/*
 * aes_ct64_rounds.h - the bitsliced AES round steps of aes_ct64.c, written
 * once over a word type and included there once per word type (no include
 * guard on purpose; nothing else includes it).
 *
 * Before inclusion: BS_W is the word type (uint64_t, or a vector of two
 * 64-bit lanes, each lane four blocks), BS_FN(name) gives the function
 * name for that type, BS_ROR(x, n) rotates each 64-bit lane right, and
 * ZC_AES_ROUND_INLINE marks the steps to be inlined into bs_encrypt() and
 * bs_decrypt(). The layout and the techniques are explained at the top of
 * aes_ct64.c. Only bitwise operations, shifts and rotations by constants:
 * no table, no data-dependent branch or index.
 */

/*
 * SubBytes on 64 bytes: Boyar-Peralta circuit (J. Boyar, R. Peralta,
 * "A depth-16 circuit for the AES S-box", 2011). u0 is the most
 * significant bit of each byte, i.e. q[7]. XNORs carry the 0x63 constant.
 */
ZC_AES_ROUND_INLINE void BS_FN(bs_sbox)(BS_W q[8])
{
    BS_W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    BS_W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    BS_W t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
    BS_W t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26;
    BS_W t27;
    BS_W m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
    BS_W m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26;
    BS_W m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38;
    BS_W m39, m40, m41, m42, m43, m44, m45, m46, m47, m48, m49, m50;
    BS_W m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62;
    BS_W m63;
    BS_W l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13;
    BS_W l14, l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25;
    BS_W l26, l27, l28, l29;

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
ZC_AES_ROUND_INLINE void BS_FN(bs_inv_affine)(BS_W q[8])
{
    BS_W q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
    BS_W q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];

    q[0] = ~(q2 ^ q5 ^ q7);
    q[1] = q3 ^ q6 ^ q0;
    q[2] = ~(q4 ^ q7 ^ q1);
    q[3] = q5 ^ q0 ^ q2;
    q[4] = q6 ^ q1 ^ q3;
    q[5] = q7 ^ q2 ^ q4;
    q[6] = q0 ^ q3 ^ q5;
    q[7] = q1 ^ q4 ^ q6;
}

ZC_AES_ROUND_INLINE void BS_FN(bs_inv_sbox)(BS_W q[8])
{
    BS_FN(bs_inv_affine)(q);
    BS_FN(bs_sbox)(q);
    BS_FN(bs_inv_affine)(q);
}

/* Row r occupies bits 16*r .. 16*r+15; column c is a 4-bit group in it. */
ZC_AES_ROUND_INLINE void BS_FN(bs_shift_rows)(BS_W q[8])
{
    int i;

    for (i = 0; i < 8; i++) {
        BS_W x = q[i];

        q[i] = (x & 0x000000000000FFFFu)
             | ((x & 0x00000000FFF00000u) >> 4) | ((x & 0x00000000000F0000u) << 12)
             | ((x & 0x0000FF0000000000u) >> 8) | ((x & 0x000000FF00000000u) << 8)
             | ((x & 0xF000000000000000u) >> 12) | ((x & 0x0FFF000000000000u) << 4);
    }
}

ZC_AES_ROUND_INLINE void BS_FN(bs_inv_shift_rows)(BS_W q[8])
{
    int i;

    for (i = 0; i < 8; i++) {
        BS_W x = q[i];

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
ZC_AES_ROUND_INLINE void BS_FN(bs_mix_columns)(BS_W q[8])
{
    BS_W b0, b1, b2, b3, b4, b5, b6, b7;
    BS_W t0, t1, t2, t3, t4, t5, t6, t7;

    b0 = BS_ROR(q[0], 16); t0 = q[0] ^ b0;
    b1 = BS_ROR(q[1], 16); t1 = q[1] ^ b1;
    b2 = BS_ROR(q[2], 16); t2 = q[2] ^ b2;
    b3 = BS_ROR(q[3], 16); t3 = q[3] ^ b3;
    b4 = BS_ROR(q[4], 16); t4 = q[4] ^ b4;
    b5 = BS_ROR(q[5], 16); t5 = q[5] ^ b5;
    b6 = BS_ROR(q[6], 16); t6 = q[6] ^ b6;
    b7 = BS_ROR(q[7], 16); t7 = q[7] ^ b7;

    q[0] = t7 ^ b0 ^ BS_ROR(t0, 32);
    q[1] = t0 ^ t7 ^ b1 ^ BS_ROR(t1, 32);
    q[2] = t1 ^ b2 ^ BS_ROR(t2, 32);
    q[3] = t2 ^ t7 ^ b3 ^ BS_ROR(t3, 32);
    q[4] = t3 ^ t7 ^ b4 ^ BS_ROR(t4, 32);
    q[5] = t4 ^ b5 ^ BS_ROR(t5, 32);
    q[6] = t5 ^ b6 ^ BS_ROR(t6, 32);
    q[7] = t6 ^ b7 ^ BS_ROR(t7, 32);
}

/*
 * InvMixColumns = MixColumns o (s_r ^= 4*(s_r ^ s_{r+2})). Multiplying
 * u by 4 = x^2: bit i goes to i+2; bits 6 and 7 fold back through
 * 0x1b and 0x36 (x^8 = x^4+x^3+x+1, x^9 = x^5+x^4+x^2+x).
 */
ZC_AES_ROUND_INLINE void BS_FN(bs_inv_mix_columns)(BS_W q[8])
{
    BS_W u0, u1, u2, u3, u4, u5, u6, u7;

    u0 = q[0] ^ BS_ROR(q[0], 32);
    u1 = q[1] ^ BS_ROR(q[1], 32);
    u2 = q[2] ^ BS_ROR(q[2], 32);
    u3 = q[3] ^ BS_ROR(q[3], 32);
    u4 = q[4] ^ BS_ROR(q[4], 32);
    u5 = q[5] ^ BS_ROR(q[5], 32);
    u6 = q[6] ^ BS_ROR(q[6], 32);
    u7 = q[7] ^ BS_ROR(q[7], 32);

    q[0] ^= u6;
    q[1] ^= u6 ^ u7;
    q[2] ^= u0 ^ u7;
    q[3] ^= u1 ^ u6;
    q[4] ^= u2 ^ u6 ^ u7;
    q[5] ^= u3 ^ u7;
    q[6] ^= u4;
    q[7] ^= u5;

    BS_FN(bs_mix_columns)(q);
}

ZC_AES_ROUND_INLINE void BS_FN(bs_add_round_key)(BS_W q[8], const uint64_t *k)
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

static void BS_FN(bs_encrypt)(const uint64_t *rk, unsigned rounds, BS_W qio[8])
{
    BS_W q[8];
    unsigned r;

    memcpy(q, qio, sizeof q);
    BS_FN(bs_add_round_key)(q, rk);
    for (r = 1; r < rounds; r++) {
        BS_FN(bs_sbox)(q);
        BS_FN(bs_shift_rows)(q);
        BS_FN(bs_mix_columns)(q);
        BS_FN(bs_add_round_key)(q, rk + 8 * r);
    }
    BS_FN(bs_sbox)(q);
    BS_FN(bs_shift_rows)(q);
    BS_FN(bs_add_round_key)(q, rk + 8 * rounds);
    memcpy(qio, q, sizeof q);
}

static void BS_FN(bs_decrypt)(const uint64_t *rk, unsigned rounds, BS_W qio[8])
{
    BS_W q[8];
    unsigned r;

    memcpy(q, qio, sizeof q);
    BS_FN(bs_add_round_key)(q, rk + 8 * rounds);
    for (r = rounds - 1; r > 0; r--) {
        BS_FN(bs_inv_shift_rows)(q);
        BS_FN(bs_inv_sbox)(q);
        BS_FN(bs_add_round_key)(q, rk + 8 * r);
        BS_FN(bs_inv_mix_columns)(q);
    }
    BS_FN(bs_inv_shift_rows)(q);
    BS_FN(bs_inv_sbox)(q);
    BS_FN(bs_add_round_key)(q, rk);
    memcpy(qio, q, sizeof q);
}
