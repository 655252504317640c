/*
 * test_sw_des.c - known-answer and consistency tests for the portable
 * constant-time DES / Triple-DES (lib/des/des_ct.c).
 *
 * Standalone: build with -I lib -I . together with lib/des/des_ct.c; prints
 * "N passed, N failed" and exits non-zero on any failure.
 *
 * Besides published known answers, random keys and blocks are checked
 * against a deliberately plain reference DES below (one bit per byte,
 * straight from the FIPS 46-3 tables), so the comparison also runs on
 * s390x where no OpenSSL is at hand.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "des/des_ct.h"

#include "unit.h"

/* ------------------------------------------------------------------ */
/* Reference DES: FIPS 46-3 tables, one bit per byte, no tricks         */
/* ------------------------------------------------------------------ */

static const uint8_t ref_ip[64] = {
    58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
    62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
    57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
    61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
};

static const uint8_t ref_fp[64] = {
    40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31,
    38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21, 61, 29,
    36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27,
    34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49, 17, 57, 25,
};

static const uint8_t ref_e[48] = {
    32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17,
    16, 17, 18, 19, 20, 21, 20, 21, 22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
};

static const uint8_t ref_p[32] = {
    16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
    2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
};

static const uint8_t ref_pc1[56] = {
    57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
    10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
    14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
};

static const uint8_t ref_pc2[48] = {
    14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4,
    26, 8, 16, 7, 27, 20, 13, 2, 41, 52, 31, 37, 47, 55, 30, 40,
    51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};

static const uint8_t ref_shifts[16] = { 1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1 };

/* S[box][row][column] */
static const uint8_t ref_s[8][4][16] = {
    { { 14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7 },
      { 0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8 },
      { 4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0 },
      { 15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13 } },
    { { 15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10 },
      { 3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5 },
      { 0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15 },
      { 13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9 } },
    { { 10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8 },
      { 13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1 },
      { 13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7 },
      { 1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12 } },
    { { 7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15 },
      { 13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9 },
      { 10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4 },
      { 3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14 } },
    { { 2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9 },
      { 14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6 },
      { 4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14 },
      { 11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3 } },
    { { 12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11 },
      { 10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8 },
      { 9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6 },
      { 4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13 } },
    { { 4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1 },
      { 13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6 },
      { 1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2 },
      { 6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12 } },
    { { 13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7 },
      { 1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2 },
      { 7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8 },
      { 2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11 } },
};

/* out[i] = in[table[i] - 1] */
static void ref_permute(uint8_t *out, const uint8_t *in, const uint8_t *table, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        out[i] = in[table[i] - 1];
}

static void ref_des(const uint8_t key[8], const uint8_t in[8], uint8_t out[8], int decrypt)
{
    uint8_t kbits[64], cd[56], sub[16][48], bits[64], pre[64], lr[64];
    uint8_t *l = lr, *r = lr + 32;
    uint8_t er[48], f[32], pf[32], tmp[28];
    unsigned i, j, rnd;

    for (i = 0; i < 64; i++)
        kbits[i] = (uint8_t)(key[i / 8] >> (7 - i % 8) & 1);
    ref_permute(cd, kbits, ref_pc1, 56);
    for (rnd = 0; rnd < 16; rnd++) {
        for (j = 0; j < ref_shifts[rnd]; j++) {
            memcpy(tmp, cd, 28);
            memmove(cd, tmp + 1, 27);
            cd[27] = tmp[0];
            memcpy(tmp, cd + 28, 28);
            memmove(cd + 28, tmp + 1, 27);
            cd[55] = tmp[0];
        }
        ref_permute(sub[rnd], cd, ref_pc2, 48);
    }

    for (i = 0; i < 64; i++)
        bits[i] = (uint8_t)(in[i / 8] >> (7 - i % 8) & 1);
    ref_permute(lr, bits, ref_ip, 64);
    for (rnd = 0; rnd < 16; rnd++) {
        const uint8_t *k = sub[decrypt ? 15 - rnd : rnd];

        ref_permute(er, r, ref_e, 48);
        for (i = 0; i < 48; i++)
            er[i] ^= k[i];
        for (j = 0; j < 8; j++) {
            const uint8_t *x = er + 6 * j;
            unsigned row = (unsigned)(x[0] << 1 | x[5]);
            unsigned col = (unsigned)(x[1] << 3 | x[2] << 2 | x[3] << 1 | x[4]);
            uint8_t v = ref_s[j][row][col];

            for (i = 0; i < 4; i++)
                f[4 * j + i] = (uint8_t)(v >> (3 - i) & 1);
        }
        ref_permute(pf, f, ref_p, 32);
        for (i = 0; i < 32; i++) {
            uint8_t t = r[i];

            r[i] = (uint8_t)(l[i] ^ pf[i]);
            l[i] = t;
        }
    }
    memcpy(pre, r, 32);         /* R16 L16 */
    memcpy(pre + 32, l, 32);
    ref_permute(bits, pre, ref_fp, 64);
    memset(out, 0, 8);
    for (i = 0; i < 64; i++)
        out[i / 8] = (uint8_t)(out[i / 8] | bits[i] << (7 - i % 8));
}

/* EDE / DED over key_len 8, 16 or 24. */
static void ref_tdes(const uint8_t *key, size_t key_len, const uint8_t in[8], uint8_t out[8],
                     int decrypt)
{
    const uint8_t *k1 = key, *k2 = key + 8, *k3 = key_len == 24 ? key + 16 : key;
    uint8_t a[8], b[8];

    if (key_len == 8) {
        ref_des(key, in, out, decrypt);
    } else if (!decrypt) {
        ref_des(k1, in, a, 0);
        ref_des(k2, a, b, 1);
        ref_des(k3, b, out, 0);
    } else {
        ref_des(k3, in, a, 1);
        ref_des(k2, a, b, 0);
        ref_des(k1, b, out, 1);
    }
}

/* ------------------------------------------------------------------ */
/* Known answers                                                        */
/* ------------------------------------------------------------------ */

struct kat {
    const char *name, *key, *pt, *ct;
};

/*
 * Published vectors (every value also reproduced with OpenSSL 3.0):
 *  - the worked example of the FIPS 46 tutorials (J. Orlin Grabbe);
 *  - FIPS 81 Appendix B, ECB: "Now is the time for all ";
 *  - NIST SP 800-17 (= SP 500-20) Tables A.1 (variable plaintext), A.2
 *    (variable key), A.3 (permutation operation), A.4 (substitution
 *    table), with 01 parity bits set in the key;
 *  - SP 800-67 Rev. 1 / 2, Appendix B: three-key TDEA ECB example;
 *  - two-key TDEA: a classic test key pair, ciphertext as produced by
 *    OpenSSL (des-ede-ecb), not from a NIST document.
 */
static const struct kat kats[] = {
    { "FIPS 46 worked example", "133457799BBCDFF1", "0123456789ABCDEF", "85E813540F0AB405" },
    { "FIPS 81 ECB", "0123456789ABCDEF",
      "4E6F77206973207468652074696D6520666F7220616C6C20",
      "3FA40E8A984D48156A271787AB8883F9893D51EC4B563B53" },
    { "SP 800-17 A.1 #1", "0101010101010101", "8000000000000000", "95F8A5E5DD31D900" },
    { "SP 800-17 A.1 #2", "0101010101010101", "4000000000000000", "DD7F121CA5015619" },
    { "SP 800-17 A.1 #3", "0101010101010101", "2000000000000000", "2E8653104F3834EA" },
    { "SP 800-17 A.1 #4", "0101010101010101", "1000000000000000", "4BD388FF6CD81D4F" },
    { "SP 800-17 A.1 #5", "0101010101010101", "0800000000000000", "20B9E767B2FB1456" },
    { "SP 800-17 A.1 #64", "0101010101010101", "0000000000000001", "166B40B44ABA4BD6" },
    { "SP 800-17 A.2 #1", "8001010101010101", "0000000000000000", "95A8D72813DAA94D" },
    { "SP 800-17 A.2 #2", "4001010101010101", "0000000000000000", "0EEC1487DD8C26D5" },
    { "SP 800-17 A.2 #56", "0101010101010180", "0000000000000000", "9CC62DF43B6EED74" },
    { "SP 800-17 A.3 #1", "1046913489980131", "0000000000000000", "88D55E54F54C97B4" },
    { "SP 800-17 A.3 #2", "1007103489988020", "0000000000000000", "0C0CC00C83EA48FD" },
    { "SP 800-17 A.3 #3", "10071034C8980120", "0000000000000000", "83BC8EF3A6570183" },
    { "SP 800-17 A.4 #1", "7CA110454A1A6E57", "01A1D6D039776742", "690F5B0D9A26939B" },
    { "SP 800-17 A.4 #2", "0131D9619DC1376E", "5CD54CA83DEF57DA", "7A389D10354BD271" },
    { "SP 800-17 A.4 #3", "07A1133E4A0B2686", "0248D43806F67172", "868EBB51CAB4599A" },
    { "SP 800-67 App. B TDEA",
      "0123456789ABCDEF23456789ABCDEF01456789ABCDEF0123",
      "54686520717566636B2062726F776E20666F78206A756D70",   /* "The qufck brown fox jump" */
      "A826FD8CE53B855FCCE21C8112256FE668D5C05DD9B6B900" },
    { "two-key TDEA (OpenSSL)", "0123456789ABCDEFFEDCBA9876543210",
      "0123456789ABCDE7", "7F1D0A77826B8AFF" },
};

static void run_kat(const struct kat *t)
{
    uint32_t sk[ZC_DES_SW_SK_WORDS];
    uint8_t key[24], pt[64], ct[64], buf[64];
    size_t klen = unhex(key, t->key), n = unhex(pt, t->pt);
    unsigned passes;
    char what[160];

    unhex(ct, t->ct);
    passes = zc_des_sw_setkey(sk, key, klen);
    snprintf(what, sizeof what, "%s: setkey", t->name);
    check(passes == (klen == 8 ? 1u : 3u), what);

    zc_des_sw_encrypt(sk, passes, pt, buf, n / 8);
    snprintf(what, sizeof what, "%s: encrypt", t->name);
    check(memcmp(buf, ct, n) == 0, what);

    zc_des_sw_decrypt(sk, passes, buf, buf, n / 8);
    snprintf(what, sizeof what, "%s: decrypt in place", t->name);
    check(memcmp(buf, pt, n) == 0, what);

    /* The reference agrees on every block (keeps the reference honest). */
    {
        size_t i;
        int ok = 1;

        for (i = 0; i < n; i += 8) {
            ref_tdes(key, klen, pt + i, buf, 0);
            ok &= memcmp(buf, ct + i, 8) == 0;
        }
        snprintf(what, sizeof what, "%s: reference", t->name);
        check(ok, what);
    }
}

/*
 * R. Rivest, "Testing implementations of DES" (1985): x0 = 9474B8E8C73BCA7D,
 * x(i+1) = E_xi(xi) for even i and D_xi(xi) for odd i; x16 = 1B1A2DDB4C642438.
 * Exercises the S-boxes with varied keys, including the decrypt path.
 */
static void test_rivest(void)
{
    uint32_t sk[ZC_DES_SW_SK_WORDS];
    uint8_t x[8], want[8];
    unsigned i, passes;

    unhex(x, "9474B8E8C73BCA7D");
    unhex(want, "1B1A2DDB4C642438");
    for (i = 0; i < 16; i++) {
        passes = zc_des_sw_setkey(sk, x, 8);
        if (i % 2 == 0)
            zc_des_sw_encrypt(sk, passes, x, x, 1);
        else
            zc_des_sw_decrypt(sk, passes, x, x, 1);
    }
    check(memcmp(x, want, 8) == 0, "Rivest iterated test");
}

/* ------------------------------------------------------------------ */
/* Properties and random comparisons                                    */
/* ------------------------------------------------------------------ */

static void test_setkey_lengths(void)
{
    static const size_t bad[] = { 0, 1, 7, 9, 15, 17, 23, 25, 32 };
    uint32_t sk[ZC_DES_SW_SK_WORDS], ref[ZC_DES_SW_SK_WORDS];
    uint8_t key[32];
    size_t i;
    int ok = 1;

    fill(key, sizeof key);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(sk, 0xA5, sizeof sk);
        memcpy(ref, sk, sizeof sk);
        ok &= zc_des_sw_setkey(sk, key, bad[i]) == 0;
        ok &= memcmp(sk, ref, sizeof sk) == 0;
    }
    check(ok, "setkey: bad lengths rejected, schedule untouched");
    check(zc_des_sw_setkey(sk, key, 8) == 1, "setkey: 8 -> 1 pass");
    check(zc_des_sw_setkey(sk, key, 16) == 3, "setkey: 16 -> 3 passes");
    check(zc_des_sw_setkey(sk, key, 24) == 3, "setkey: 24 -> 3 passes");
}

static void test_random_vs_reference(void)
{
    static const size_t lens[] = { 8, 16, 24 };
    static const unsigned counts[] = { 2000, 300, 300 };
    uint32_t sk[ZC_DES_SW_SK_WORDS];
    uint8_t key[24], pt[8], ct[8], want[8], back[8];
    size_t li;
    unsigned i, passes;
    char what[96];

    for (li = 0; li < 3; li++) {
        int ok = 1;

        for (i = 0; i < counts[li]; i++) {
            fill(key, lens[li]);
            fill(pt, 8);
            passes = zc_des_sw_setkey(sk, key, lens[li]);
            zc_des_sw_encrypt(sk, passes, pt, ct, 1);
            ref_tdes(key, lens[li], pt, want, 0);
            ok &= memcmp(ct, want, 8) == 0;
            zc_des_sw_decrypt(sk, passes, ct, back, 1);
            ok &= memcmp(back, pt, 8) == 0;
            /* Decrypting a random block matches the reference too. */
            zc_des_sw_decrypt(sk, passes, pt, ct, 1);
            ref_tdes(key, lens[li], pt, want, 1);
            ok &= memcmp(ct, want, 8) == 0;
        }
        snprintf(what, sizeof what, "random keys vs reference, key_len %u",
                 (unsigned)lens[li]);
        check(ok, what);
    }
}

/* 1..9 blocks in one call (in place and not) equal single-block calls. */
static void test_multiblock(void)
{
    static const size_t lens[] = { 8, 16, 24 };
    uint32_t sk[ZC_DES_SW_SK_WORDS];
    uint8_t key[24], pt[72], one[72], many[72], inplace[72];
    size_t li, n, b;
    unsigned passes, rep;
    int dec;
    char what[96];

    for (li = 0; li < 3; li++) {
        for (dec = 0; dec < 2; dec++) {
            int ok = 1;

            for (rep = 0; rep < 4; rep++) {
                fill(key, lens[li]);
                passes = zc_des_sw_setkey(sk, key, lens[li]);
                for (n = 1; n <= 9; n++) {
                    fill(pt, 8 * n);
                    for (b = 0; b < n; b++) {
                        if (dec)
                            zc_des_sw_decrypt(sk, passes, pt + 8 * b, one + 8 * b, 1);
                        else
                            zc_des_sw_encrypt(sk, passes, pt + 8 * b, one + 8 * b, 1);
                    }
                    memcpy(inplace, pt, 8 * n);
                    memset(many, 0, sizeof many);
                    if (dec) {
                        zc_des_sw_decrypt(sk, passes, pt, many, n);
                        zc_des_sw_decrypt(sk, passes, inplace, inplace, n);
                    } else {
                        zc_des_sw_encrypt(sk, passes, pt, many, n);
                        zc_des_sw_encrypt(sk, passes, inplace, inplace, n);
                    }
                    ok &= memcmp(many, one, 8 * n) == 0;
                    ok &= memcmp(inplace, one, 8 * n) == 0;
                    /* Nothing written past the last block. */
                    for (b = 8 * n; b < sizeof many; b++)
                        ok &= many[b] == 0;
                }
            }
            snprintf(what, sizeof what, "multi-block %s, key_len %u",
                     dec ? "decrypt" : "encrypt", (unsigned)lens[li]);
            check(ok, what);
        }
    }
}

static void test_tdes_relations(void)
{
    uint32_t sk1[ZC_DES_SW_SK_WORDS], sk2[ZC_DES_SW_SK_WORDS];
    uint8_t key[24], pt[40], a[40], b[40];
    unsigned i, p1, p2;
    int ok2 = 1, ok1 = 1, okinv = 1;

    for (i = 0; i < 50; i++) {
        /* Two-key TDES equals three-key with K3 = K1. */
        fill(key, 16);
        memcpy(key + 16, key, 8);
        fill(pt, sizeof pt);
        p1 = zc_des_sw_setkey(sk1, key, 16);
        p2 = zc_des_sw_setkey(sk2, key, 24);
        zc_des_sw_encrypt(sk1, p1, pt, a, 5);
        zc_des_sw_encrypt(sk2, p2, pt, b, 5);
        ok2 &= memcmp(a, b, sizeof a) == 0;
        zc_des_sw_decrypt(sk1, p1, pt, a, 5);
        zc_des_sw_decrypt(sk2, p2, pt, b, 5);
        ok2 &= memcmp(a, b, sizeof a) == 0;

        /* K1 = K2 = K3 collapses to single DES (both key lengths). */
        memcpy(key + 8, key, 8);
        memcpy(key + 16, key, 8);
        p1 = zc_des_sw_setkey(sk1, key, 8);
        p2 = zc_des_sw_setkey(sk2, key, 24);
        zc_des_sw_encrypt(sk1, p1, pt, a, 5);
        zc_des_sw_encrypt(sk2, p2, pt, b, 5);
        ok1 &= memcmp(a, b, sizeof a) == 0;
        p2 = zc_des_sw_setkey(sk2, key, 16);
        zc_des_sw_encrypt(sk2, p2, pt, b, 5);
        ok1 &= memcmp(a, b, sizeof a) == 0;

        /* Decrypt inverts encrypt, and encrypt inverts decrypt. */
        fill(key, 24);
        p2 = zc_des_sw_setkey(sk2, key, 24);
        zc_des_sw_encrypt(sk2, p2, pt, a, 5);
        zc_des_sw_decrypt(sk2, p2, a, b, 5);
        okinv &= memcmp(b, pt, sizeof pt) == 0;
        zc_des_sw_decrypt(sk2, p2, pt, a, 5);
        zc_des_sw_encrypt(sk2, p2, a, b, 5);
        okinv &= memcmp(b, pt, sizeof pt) == 0;
    }
    check(ok2, "two-key TDES == three-key TDES with K3 = K1");
    check(ok1, "TDES with K1 = K2 = K3 == DES");
    check(okinv, "TDES decrypt inverts encrypt (and back)");
}

static void test_key_properties(void)
{
    uint32_t sk[ZC_DES_SW_SK_WORDS], sk2[ZC_DES_SW_SK_WORDS];
    uint8_t key[24], key2[24], pt[16], a[16], b[16];
    unsigned i, j, p, p2;
    int ok = 1;

    /* Parity bits (the low bit of every key byte) are ignored. */
    for (i = 0; i < 50; i++) {
        fill(key, 24);
        fill(pt, 16);
        for (j = 0; j < 24; j++)
            key2[j] = (uint8_t)(key[j] ^ (i + j) % 2);
        p = zc_des_sw_setkey(sk, key, 24);
        p2 = zc_des_sw_setkey(sk2, key2, 24);
        zc_des_sw_encrypt(sk, p, pt, a, 2);
        zc_des_sw_encrypt(sk2, p2, pt, b, 2);
        ok &= memcmp(a, b, 16) == 0;
        p = zc_des_sw_setkey(sk, key, 8);
        p2 = zc_des_sw_setkey(sk2, key2, 8);
        zc_des_sw_encrypt(sk, p, pt, a, 2);
        zc_des_sw_encrypt(sk2, p2, pt, b, 2);
        ok &= memcmp(a, b, 16) == 0;
    }
    check(ok, "parity bits ignored");

    /* Weak key: encryption is an involution. */
    fill(pt, 16);
    unhex(key, "1F1F1F1F0E0E0E0E");
    p = zc_des_sw_setkey(sk, key, 8);
    zc_des_sw_encrypt(sk, p, pt, a, 2);
    zc_des_sw_encrypt(sk, p, a, b, 2);
    check(p == 1 && memcmp(a, pt, 16) != 0 && memcmp(b, pt, 16) == 0,
          "weak key accepted, E_K(E_K(x)) = x");

    /* Semi-weak pair: E_K2 undoes E_K1. */
    unhex(key, "01FE01FE01FE01FE");
    unhex(key2, "FE01FE01FE01FE01");
    p = zc_des_sw_setkey(sk, key, 8);
    p2 = zc_des_sw_setkey(sk2, key2, 8);
    zc_des_sw_encrypt(sk, p, pt, a, 2);
    zc_des_sw_encrypt(sk2, p2, a, b, 2);
    check(p == 1 && p2 == 1 && memcmp(b, pt, 16) == 0,
          "semi-weak pair accepted, E_K2(E_K1(x)) = x");

    /* Complementation: E_~K(~x) = ~E_K(x). */
    ok = 1;
    for (i = 0; i < 50; i++) {
        fill(key, 8);
        fill(pt, 8);
        p = zc_des_sw_setkey(sk, key, 8);
        zc_des_sw_encrypt(sk, p, pt, a, 1);
        for (j = 0; j < 8; j++) {
            key[j] = (uint8_t)~key[j];
            pt[j] = (uint8_t)~pt[j];
        }
        p = zc_des_sw_setkey(sk, key, 8);
        zc_des_sw_encrypt(sk, p, pt, b, 1);
        for (j = 0; j < 8; j++)
            ok &= (b[j] ^ a[j]) == 0xFF;
    }
    check(ok, "complementation property");

    /* nblocks = 0 writes nothing. */
    memset(a, 0x5A, sizeof a);
    zc_des_sw_encrypt(sk, p, pt, a, 0);
    zc_des_sw_decrypt(sk, p, pt, a, 0);
    ok = 1;
    for (j = 0; j < sizeof a; j++)
        ok &= a[j] == 0x5A;
    check(ok, "nblocks = 0 writes nothing");
}

int main(void)
{
    size_t i;

    for (i = 0; i < sizeof kats / sizeof kats[0]; i++)
        run_kat(&kats[i]);
    test_rivest();
    test_setkey_lengths();
    test_random_vs_reference();
    test_multiblock();
    test_tdes_relations();
    test_key_properties();

    return unit_done();
}
