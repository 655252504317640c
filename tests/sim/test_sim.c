/*
 * test_sim.c - unit test of the CPACF stand-in (tests/sim/cpacf_sim.c).
 *
 * Every modelled function is driven through zc_cpacf_sim_insn() with the
 * register images asm/cpacf.h issues and checked against published known
 * answers from tests/vectors/ (FIPS 197 and SP 800-38A for AES and its
 * modes, SP 800-38B CMAC, IEEE 1619 XTS, the GCM specification's test
 * cases, FIPS 180-4 and FIPS 202 examples, FIPS 81 and SP 800-17 DES);
 * the few vectors not in those headers carry their source next to them.
 * Then the stand-in's own machinery: query masks, STFLE bits, the
 * execution counters and the stop (cc 3 / cc 1 at a block boundary, and a
 * re-issue that ends with the same result). Then protected keys: every
 * encrypted-key function code against its clear code, the wrapping-key
 * change, and the stand-in build's platform calls (sim_platform.c).
 *
 * Standalone: build with the stand-in, its platform and the software cores'
 * primitives, e.g.
 *   gcc -std=c11 -Wall -Wextra -O1 -Ilib -Iinclude -Iasm -Itests/sim \
 *       -DZC_CPACF_SIM tests/sim/cpacf_sim.c tests/sim/test_sim.c \
 *       tests/sim/sim_platform.c lib/linux/getrandom.c \
 *       lib/aes/aes_ct64.c lib/des/des_ct.c lib/aes/ghash_ct.c lib/hash/sha1.c \
 *       lib/hash/sha256.c lib/hash/sha512.c lib/hash/keccak.c
 * Prints "N passed, N failed" and exits non-zero on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "zcrypt/common.h"
#include "zcrypt/hash.h"
#include "asm/cpacf.h"
#include "cpacf_sim.h"
#include "core/platform.h"
#include "sim_platform.h"
#include "hash/hash_sw.h"
#include "core/util.h"

#include "../unit/unit.h"
#include "../vectors/aes_kat.h"
#include "../vectors/des_kat.h"
#include "../vectors/hash_kat.h"
#include "../vectors/sha3_kat.h"

enum {
    OP_KMAC = 0xb91e, OP_KMA = 0xb929, OP_KMF = 0xb92a, OP_KMO = 0xb92b, OP_PCC = 0xb92c,
    OP_KMCTR = 0xb92d, OP_KM = 0xb92e, OP_KMC = 0xb92f, OP_PRNO = 0xb93c, OP_KIMD = 0xb93e,
    OP_KLMD = 0xb93f
};

/* Big enough for the one-million-'a' messages. */
static uint8_t big_msg[1000000];
static uint8_t big_out[1000000];

/* Issue until cc is not 3, as the wrappers' "brc 1,0b" does. */
static int run(unsigned opcode, unsigned long gr[8])
{
    int cc;

    do
        cc = zc_cpacf_sim_insn(opcode, gr);
    while (cc == 3);
    return cc;
}

/* The register image of asm/cpacf.h's ZC_GR(). */
static void set_gr(unsigned long gr[8], unsigned long fc, const void *param, const void *r2,
                   size_t r3, const void *r4, size_t r5, const void *r6, size_t r7)
{
    gr[0] = fc;
    gr[1] = (unsigned long)(uintptr_t)param;
    gr[2] = (unsigned long)(uintptr_t)r2;
    gr[3] = r3;
    gr[4] = (unsigned long)(uintptr_t)r4;
    gr[5] = r5;
    gr[6] = (unsigned long)(uintptr_t)r6;
    gr[7] = r7;
}

/* A cipher instruction: dst, src/len (ctr for KMCTR); returns the cc. */
static int cipher(unsigned op, unsigned long fc, void *param, uint8_t *dst, const uint8_t *src,
                  size_t len, const uint8_t *ctr)
{
    unsigned long gr[8];
    int cc;

    set_gr(gr, fc, param, dst, 0, src, len, ctr, 0);
    cc = run(op, gr);
    return cc == 0 && gr[5] == 0 && gr[2] == (unsigned long)(uintptr_t)(dst + len) ? 0 : -1;
}

static unsigned long aes_fc(size_t klen)
{
    return klen == 16 ? ZC_FC_AES_128 : klen == 24 ? ZC_FC_AES_192 : ZC_FC_AES_256;
}

static unsigned long des_fc(size_t klen)
{
    return klen == 8 ? ZC_FC_DEA : klen == 16 ? ZC_FC_TDEA_128 : ZC_FC_TDEA_192;
}

static void ctr_blocks(uint8_t *ctr, const uint8_t *iv, size_t nblocks)
{
    size_t i;
    int j;

    memcpy(ctr, iv, 16);
    for (i = 1; i < nblocks; i++) {
        memcpy(ctr + 16 * i, ctr + 16 * (i - 1), 16);
        for (j = 15; j >= 0 && ++ctr[16 * i + j] == 0; j--)
            ;
    }
}

/* ------------------------------------------------------------------ */
/* AES modes: KM, KMC, KMF, KMO, KMCTR                                  */
/* ------------------------------------------------------------------ */

static void test_aes_modes(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_aes_kats / sizeof zc_aes_kats[0]; i++) {
        const struct zc_aes_kat *k = &zc_aes_kats[i];
        uint8_t key[32], iv[16], pt[64], ct[64], out[64], param[48], ctr[64];
        size_t klen = unhex(key, k->key), len = unhex(pt, k->pt);
        unsigned long fc = aes_fc(klen);
        unsigned op;
        char what[160];
        int ok;

        unhex(iv, k->iv);
        unhex(ct, k->ct);
        switch (k->mode) {
        case ZC_KAT_ECB:
            memcpy(param, key, klen);
            ok = cipher(OP_KM, fc, param, out, pt, len, NULL) == 0 && !memcmp(out, ct, len);
            ok = ok && cipher(OP_KM, fc | ZC_CPACF_DECRYPT, param, out, out, len, NULL) == 0 &&
                 !memcmp(out, pt, len);
            break;
        case ZC_KAT_CTR:
            memcpy(param, key, klen);
            ctr_blocks(ctr, iv, len / 16);
            ok = cipher(OP_KMCTR, fc, param, out, pt, len, ctr) == 0 && !memcmp(out, ct, len);
            ok = ok && cipher(OP_KMCTR, fc, param, out, out, len, ctr) == 0 &&
                 !memcmp(out, pt, len);
            break;
        default:
            op = k->mode == ZC_KAT_CBC ? OP_KMC :
                 k->mode == ZC_KAT_CFB || k->mode == ZC_KAT_CFB8 ? OP_KMF : OP_KMO;
            if (op == OP_KMF)
                fc |= (k->mode == ZC_KAT_CFB8 ? 1ul : 16ul) << 24;
            memcpy(param, iv, 16);
            memcpy(param + 16, key, klen);
            ok = cipher(op, fc, param, out, pt, len, NULL) == 0 && !memcmp(out, ct, len);
            /* The chaining value is left ready for the next piece. */
            if (op != OP_KMO)
                ok = ok && !memcmp(param, ct + len - 16, 16);
            memcpy(param, iv, 16);
            ok = ok && cipher(op, op == OP_KMO ? fc : fc | ZC_CPACF_DECRYPT, param, out, ct, len,
                              NULL) == 0 && !memcmp(out, pt, len);
            break;
        }
        snprintf(what, sizeof what, "%s (both directions)", k->name);
        check(ok, what);
    }
}

/* CFB with an 8-bit segment (KMF's lcfb = 1). SP 800-38A F.3.7
 * CFB8-AES128.Encrypt and F.3.8 (the same data decrypted). */
static void test_cfb8(void)
{
    uint8_t key[16], iv[16], pt[18], ct[18], out[18], param[32];
    unsigned long fc = ZC_FC_AES_128 | 1ul << 24;

    unhex(key, "2b7e151628aed2a6abf7158809cf4f3c");
    unhex(iv, "000102030405060708090a0b0c0d0e0f");
    unhex(pt, "6bc1bee22e409f96e93d7e117393172aae2d");
    unhex(ct, "3b79424c9c0dd436bace9e0ed4586a4f32b9");
    memcpy(param, iv, 16);
    memcpy(param + 16, key, 16);
    check(cipher(OP_KMF, fc, param, out, pt, 18, NULL) == 0 && !memcmp(out, ct, 18),
          "SP800-38A F.3.7 CFB8-AES128 encrypt (KMF lcfb 1)");
    memcpy(param, iv, 16);
    check(cipher(OP_KMF, fc | ZC_CPACF_DECRYPT, param, out, ct, 18, NULL) == 0 &&
          !memcmp(out, pt, 18), "SP800-38A F.3.8 CFB8-AES128 decrypt (KMF lcfb 1)");
}

/* ------------------------------------------------------------------ */
/* DES / TDEA: KM, KMC, KMAC                                            */
/* ------------------------------------------------------------------ */

static void test_des(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_des_kats / sizeof zc_des_kats[0]; i++) {
        const struct zc_des_kat *k = &zc_des_kats[i];
        uint8_t key[24], iv[8], pt[64], ct[64], out[64], param[32];
        size_t klen = unhex(key, k->key), len = unhex(pt, k->pt);
        unsigned long fc = des_fc(klen);
        char what[160];
        int ok;

        unhex(iv, k->iv);
        unhex(ct, k->ct);
        if (k->mode == ZC_DES_KAT_ECB) {
            memcpy(param, key, klen);
            ok = cipher(OP_KM, fc, param, out, pt, len, NULL) == 0 && !memcmp(out, ct, len);
            ok = ok && cipher(OP_KM, fc | ZC_CPACF_DECRYPT, param, out, ct, len, NULL) == 0 &&
                 !memcmp(out, pt, len);
        } else if (k->mode == ZC_DES_KAT_CTR) {
            uint8_t ctr[64];
            size_t b;
            int j;

            /* 64-bit big-endian counter blocks, wrapping */
            for (b = 0; b < len / 8; b++) {
                memcpy(ctr + 8 * b, b ? ctr + 8 * (b - 1) : iv, 8);
                for (j = 7; b && j >= 0 && ++ctr[8 * b + j] == 0; j--)
                    ;
            }
            memcpy(param, key, klen);
            ok = cipher(OP_KMCTR, fc, param, out, pt, len, ctr) == 0 && !memcmp(out, ct, len);
        } else if (k->mode == ZC_DES_KAT_CFB || k->mode == ZC_DES_KAT_OFB) {
            unsigned op = k->mode == ZC_DES_KAT_CFB ? OP_KMF : OP_KMO;
            unsigned long f = op == OP_KMF ? fc | 8ul << 24 : fc;

            memcpy(param, iv, 8);
            memcpy(param + 8, key, klen);
            ok = cipher(op, f, param, out, pt, len, NULL) == 0 && !memcmp(out, ct, len);
            memcpy(param, iv, 8);
            ok = ok && cipher(op, op == OP_KMF ? f | ZC_CPACF_DECRYPT : f, param, out, ct, len,
                              NULL) == 0 && !memcmp(out, pt, len);
        } else {
            unsigned long gr[8];

            memcpy(param, iv, 8);
            memcpy(param + 8, key, klen);
            ok = cipher(OP_KMC, fc, param, out, pt, len, NULL) == 0 && !memcmp(out, ct, len);
            memcpy(param, iv, 8);
            ok = ok && cipher(OP_KMC, fc | ZC_CPACF_DECRYPT, param, out, ct, len, NULL) == 0 &&
                 !memcmp(out, pt, len);
            /* KMAC is CBC without output: its chaining value ends as the
             * last CBC ciphertext block. */
            memcpy(param, iv, 8);
            set_gr(gr, fc, param, NULL, 0, pt, len, NULL, 0);
            ok = ok && run(OP_KMAC, gr) == 0 && gr[5] == 0 && !memcmp(param, ct + len - 8, 8);
        }
        snprintf(what, sizeof what, "%s (KM/KMC/KMAC/KMF/KMO/KMCTR)", k->name);
        check(ok, what);
    }
}

/* ------------------------------------------------------------------ */
/* CMAC: KMAC over all but the last block, PCC on the last              */
/* ------------------------------------------------------------------ */

/* CMAC of msg (n bytes) by KMAC over all but the last block and PCC on
 * the last one; 1 when the MAC equals tag. */
static int cmac(unsigned long fc, size_t bs, const uint8_t *key, size_t klen, const uint8_t *msg,
                size_t n, const uint8_t *tag)
{
    uint8_t kmac[48], pcc[72];
    size_t full = n == 0 ? 0 : (n - 1) / bs * bs, last = n - full;
    unsigned long gr[8];
    int ok;

    memset(kmac, 0, bs);
    memcpy(kmac + bs, key, klen);
    set_gr(gr, fc, kmac, NULL, 0, msg, full, NULL, 0);
    ok = run(OP_KMAC, gr) == 0 && gr[5] == 0;

    memset(pcc, 0, sizeof pcc);
    pcc[0] = (uint8_t)(8 * last);
    memset(pcc + 8, 0xa5, bs);          /* bits past ML must not matter */
    memcpy(pcc + 8, msg + full, last);
    memcpy(pcc + 8 + bs, kmac, bs);
    memcpy(pcc + 8 + 2 * bs, key, klen);
    set_gr(gr, fc, pcc, NULL, 0, NULL, 0, NULL, 0);
    return ok && run(OP_PCC, gr) == 0 && !memcmp(pcc + 8 + bs, tag, bs);
}

static void test_cmac(void)
{
    uint8_t key[32], msg[64], tag[16];
    size_t i, klen, n;

    for (i = 0; i < sizeof zc_cmac_kats / sizeof zc_cmac_kats[0]; i++) {
        const struct zc_cmac_kat *k = &zc_cmac_kats[i];

        klen = unhex(key, k->key);
        n = unhex(msg, k->msg);
        unhex(tag, k->tag);
        check(cmac(aes_fc(klen), 16, key, klen, msg, n, tag), k->name);
    }
    /* DEA/TDEA: SP 800-38B D.4/D.5 and the legacy single-DES answers. */
    for (i = 0; i < ZC_DES_CMAC_KAT_COUNT; i++) {
        const struct zc_des_cmac_kat *k = &zc_des_cmac_kats[i];

        klen = unhex(key, k->key);
        n = unhex(msg, k->msg);
        unhex(tag, k->tag);
        check(cmac(des_fc(klen), 8, key, klen, msg, n, tag), k->name);
    }
}

/* ------------------------------------------------------------------ */
/* XTS: PCC computes the XTS parameter, KM 50/52 uses and advances it   */
/* ------------------------------------------------------------------ */

static void xts_param(unsigned long fc, const uint8_t *key2, size_t klen, const uint8_t *tweak,
                      unsigned bsn, uint8_t out[16])
{
    uint8_t pcc[32 + 64];
    unsigned long gr[8];

    memset(pcc, 0, sizeof pcc);
    memcpy(pcc, key2, klen);
    memcpy(pcc + klen, tweak, 16);
    pcc[klen + 16] = (uint8_t)bsn;      /* little-endian */
    set_gr(gr, fc, pcc, NULL, 0, NULL, 0, NULL, 0);
    run(OP_PCC, gr);
    memcpy(out, pcc + klen + 48, 16);
}

static void test_xts(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_xts_kats / sizeof zc_xts_kats[0]; i++) {
        const struct zc_xts_kat *k = &zc_xts_kats[i];
        static uint8_t pt[512], ct[512], out[512];
        uint8_t key1[32], key2[32], tweak[16], param[48], t3[16];
        size_t klen = unhex(key1, k->key1), len = unhex(pt, k->pt);
        unsigned long fc = klen == 16 ? ZC_FC_XTS_AES_128 : ZC_FC_XTS_AES_256;
        char what[160];
        int ok;

        if (len % 16)
            continue;                   /* ciphertext stealing is not KM's */
        unhex(key2, k->key2);
        unhex(tweak, k->tweak);
        unhex(ct, k->ct);
        memcpy(param, key1, klen);
        xts_param(fc, key2, klen, tweak, 0, param + klen);
        ok = cipher(OP_KM, fc, param, out, pt, len, NULL) == 0 && !memcmp(out, ct, len);
        memcpy(param, key1, klen);
        xts_param(fc, key2, klen, tweak, 0, param + klen);
        ok = ok && cipher(OP_KM, fc | ZC_CPACF_DECRYPT, param, out, ct, len, NULL) == 0 &&
             !memcmp(out, pt, len);
        snprintf(what, sizeof what, "%s (PCC + KM, both directions)", k->name);
        check(ok, what);

        /* PCC with block sequence number 3 = the parameter KM leaves after
         * three blocks. */
        xts_param(fc, key2, klen, tweak, 0, param + klen);
        cipher(OP_KM, fc, param, out, pt, 48, NULL);
        xts_param(fc, key2, klen, tweak, 3, t3);
        snprintf(what, sizeof what, "%s: PCC bsn 3 = KM's parameter after 3 blocks", k->name);
        check(!memcmp(t3, param + klen, 16), what);
    }
}

/*
 * Full XTS (KM 82/84), the stand-in's own model: K1 | K2 | tweak | NAP
 * with NAP = 1, both directions, against IEEE 1619 whole-block vectors;
 * and a call split after two blocks goes on from the NAP it left.
 */
static void test_fxts(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_xts_kats / sizeof zc_xts_kats[0]; i++) {
        const struct zc_xts_kat *k = &zc_xts_kats[i];
        static uint8_t pt[512], ct[512], out[512];
        uint8_t key1[32], key2[32], param[96];
        size_t klen = unhex(key1, k->key1), len = unhex(pt, k->pt);
        unsigned long fc = klen == 16 ? ZC_FC_FXTS_AES_128 : ZC_FC_FXTS_AES_256;
        char what[160];
        int ok, d;

        if (len % 16 || len < 48)
            continue;                   /* ciphertext stealing is not KM's */
        unhex(key2, k->key2);
        unhex(ct, k->ct);
        for (d = 0, ok = 1; d < 2; d++) {
            memset(param, 0, sizeof param);
            memcpy(param, key1, klen);
            memcpy(param + klen, key2, klen);
            unhex(param + 2 * klen, k->tweak);
            param[2 * klen + 16] = 1;
            ok = ok && cipher(OP_KM, fc | (d ? ZC_CPACF_DECRYPT : 0), param, out,
                              d ? ct : pt, 32, NULL) == 0;
            ok = ok && cipher(OP_KM, fc | (d ? ZC_CPACF_DECRYPT : 0), param, out + 32,
                              (d ? ct : pt) + 32, len - 32, NULL) == 0 &&
                 !memcmp(out, d ? pt : ct, len);
        }
        snprintf(what, sizeof what, "%s (full XTS, both directions, split)", k->name);
        check(ok, what);
    }
}

/* ------------------------------------------------------------------ */
/* GHASH (KIMD 65) and GCM (KMA)                                        */
/* ------------------------------------------------------------------ */

/* GCM spec Test Case 2: H = E_0(0), C, and GHASH(H, {}, C) as printed in
 * the specification's intermediate values. */
static void test_ghash(void)
{
    uint8_t param[32], data[32], want[16];
    unsigned long gr[8];

    memset(param, 0, 16);
    unhex(param + 16, "66e94bd4ef8a2c3b884cfa59ca342b2e");
    unhex(data, "0388dace60b6a392f328c2b971b2fe78" "00000000000000000000000000000080");
    unhex(want, "f38cbb1ad69223dcc3457ae5b6b0f885");
    set_gr(gr, ZC_FC_GHASH, param, NULL, 0, data, 32, NULL, 0);
    check(run(OP_KIMD, gr) == 0 && gr[5] == 0 && !memcmp(param, want, 16),
          "GCM spec Test Case 2 GHASH (KIMD-GHASH)");
}

struct gcm_case {
    uint8_t key[32], iv[64], aad[32], pt[64], ct[64], tag[16], h[16], j0[16];
    size_t klen, ivlen, aadlen, len;
};

static void gcm_load(const struct zc_gcm_kat *k, struct gcm_case *g)
{
    uint8_t km[32], ghash[32 + 64 + 16];
    unsigned long gr[8];

    g->klen = unhex(g->key, k->key);
    g->ivlen = unhex(g->iv, k->iv);
    g->aadlen = unhex(g->aad, k->aad);
    g->len = unhex(g->pt, k->pt);
    unhex(g->ct, k->ct);
    unhex(g->tag, k->tag);
    memcpy(km, g->key, g->klen);
    memset(g->h, 0, 16);
    cipher(OP_KM, aes_fc(g->klen), km, g->h, g->h, 16, NULL);
    if (g->ivlen == 12) {
        memcpy(g->j0, g->iv, 12);
        memcpy(g->j0 + 12, "\0\0\0\1", 4);
    } else {
        /* J0 = GHASH(IV || 0-pad || 0^64 || [len(IV)]64), by KIMD. */
        size_t n = (g->ivlen + 15) / 16 * 16;
        uint8_t param[32];

        memset(ghash, 0, sizeof ghash);
        memcpy(ghash, g->iv, g->ivlen);
        ghash[n + 15] = (uint8_t)(g->ivlen * 8);
        ghash[n + 14] = (uint8_t)(g->ivlen * 8 >> 8);
        memset(param, 0, 16);
        memcpy(param + 16, g->h, 16);
        set_gr(gr, ZC_FC_GHASH, param, NULL, 0, ghash, n + 16, NULL, 0);
        run(OP_KIMD, gr);
        memcpy(g->j0, param, 16);
    }
}

/* A fresh KMA parameter block: CV from J0, T = 0, lengths, J0, key. */
static void kma_param(uint8_t p[112], const struct gcm_case *g)
{
    memset(p, 0, 112);
    memcpy(p + 12, g->j0 + 12, 4);
    p[55] = (uint8_t)(g->aadlen * 8);
    p[54] = (uint8_t)(g->aadlen * 8 >> 8);
    p[63] = (uint8_t)(g->len * 8);
    p[62] = (uint8_t)(g->len * 8 >> 8);
    memcpy(p + 64, g->j0, 16);
    memcpy(p + 80, g->key, g->klen);
}

static void test_gcm(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_gcm_kats / sizeof zc_gcm_kats[0]; i++) {
        struct gcm_case g;
        uint8_t p[112], out[64];
        unsigned long fc, gr[8];
        size_t half;
        char what[160];
        int ok;

        gcm_load(&zc_gcm_kats[i], &g);
        fc = aes_fc(g.klen) | ZC_KMA_LAAD | ZC_KMA_LPC;

        /* One call, H computed by the instruction (no HS). */
        kma_param(p, &g);
        set_gr(gr, fc, p, out, 0, g.pt, g.len, g.aad, g.aadlen);
        ok = run(OP_KMA, gr) == 0 && gr[5] == 0 && gr[7] == 0 &&
             !memcmp(out, g.ct, g.len) && !memcmp(p + 16, g.tag, 16) && !memcmp(p + 32, g.h, 16);
        snprintf(what, sizeof what, "%s: KMA encrypt", zc_gcm_kats[i].name);
        check(ok, what);

        kma_param(p, &g);
        memcpy(p + 32, g.h, 16);
        set_gr(gr, fc | ZC_KMA_HS | ZC_CPACF_DECRYPT, p, out, 0, g.ct, g.len, g.aad, g.aadlen);
        ok = run(OP_KMA, gr) == 0 && !memcmp(out, g.pt, g.len) && !memcmp(p + 16, g.tag, 16);
        snprintf(what, sizeof what, "%s: KMA decrypt (HS)", zc_gcm_kats[i].name);
        check(ok, what);

        /* Streamed: AAD and the first whole blocks, then the rest. */
        half = g.len / 32 * 16;
        kma_param(p, &g);
        set_gr(gr, fc & ~(unsigned long)ZC_KMA_LPC, p, out, 0, g.pt, half, g.aad, g.aadlen);
        ok = run(OP_KMA, gr) == 0;
        set_gr(gr, fc | ZC_KMA_HS, p, out + half, 0, g.pt + half, g.len - half, NULL, 0);
        ok = ok && run(OP_KMA, gr) == 0 && !memcmp(out, g.ct, g.len) &&
             !memcmp(p + 16, g.tag, 16);
        snprintf(what, sizeof what, "%s: KMA in two calls", zc_gcm_kats[i].name);
        check(ok, what);
    }
}

/* ------------------------------------------------------------------ */
/* SHA-1/2 (KIMD, KLMD) and SHA-3/SHAKE                                 */
/* ------------------------------------------------------------------ */

static size_t build_msg(const char *s, unsigned long repeat, int hex)
{
    uint8_t one[200];
    size_t n = hex ? unhex(one, s) : strlen(s), i;

    if (!hex)
        memcpy(one, s, n);
    for (i = 0; i < repeat; i++)
        memcpy(big_msg + i * n, one, n);
    return n * repeat;
}

/* SHA state and bit length in a KIMD/KLMD parameter block. */
static unsigned sha_param(uint8_t p[80], int alg, size_t len)
{
    unsigned i;

    memset(p, 0, 80);
    switch (alg) {
    case ZC_SHA1:
        for (i = 0; i < 5; i++)
            zc_store_be32(p + 4 * i, zc_sha1_iv[i]);
        zc_store_be64(p + 20, (uint64_t)len * 8);
        return ZC_FC_SHA_1;
    case ZC_SHA224:
    case ZC_SHA256:
        for (i = 0; i < 8; i++)
            zc_store_be32(p + 4 * i, alg == ZC_SHA224 ? zc_sha224_iv[i] : zc_sha256_iv[i]);
        zc_store_be64(p + 32, (uint64_t)len * 8);
        return ZC_FC_SHA_256;
    default:
        for (i = 0; i < 8; i++)
            zc_store_be64(p + 8 * i, alg == ZC_SHA384 ? zc_sha384_iv[i] : zc_sha512_iv[i]);
        zc_store_be64(p + 72, (uint64_t)len * 8);
        return ZC_FC_SHA_512;
    }
}

static void test_sha(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_hash_kats / sizeof zc_hash_kats[0]; i++) {
        const struct zc_hash_kat *k = &zc_hash_kats[i];
        uint8_t p[80], want[64];
        size_t len, dlen = unhex(want, k->digest), bs, whole;
        unsigned long gr[8];
        unsigned fc;
        char what[160];
        int ok;

        if (k->alg > ZC_SHA512)
            continue;
        len = build_msg(k->msg, k->repeat, 0);

        /* KLMD alone. */
        fc = sha_param(p, k->alg, len);
        set_gr(gr, fc, p, NULL, 0, big_msg, len, NULL, 0);
        ok = run(OP_KLMD, gr) == 0 && gr[5] == 0 && !memcmp(p, want, dlen);

        /* KIMD on the whole blocks, KLMD on the rest. */
        bs = fc == ZC_FC_SHA_512 ? 128 : 64;
        whole = len / bs * bs;
        sha_param(p, k->alg, len);
        set_gr(gr, fc, p, NULL, 0, big_msg, whole, NULL, 0);
        ok = ok && run(OP_KIMD, gr) == 0 && gr[5] == 0;
        set_gr(gr, fc, p, NULL, 0, big_msg + whole, len - whole, NULL, 0);
        ok = ok && run(OP_KLMD, gr) == 0 && !memcmp(p, want, dlen);

        snprintf(what, sizeof what, "FIPS 180-4 alg %d, %zu-byte message (KLMD; KIMD + KLMD)",
                 k->alg, len);
        check(ok, what);
    }
}

static void test_sha3(void)
{
    size_t i;

    for (i = 0; i < sizeof zc_sha3_kats / sizeof zc_sha3_kats[0]; i++) {
        const struct zc_sha3_kat *k = &zc_sha3_kats[i];
        static uint8_t want[512];
        uint8_t p[200];
        unsigned fc = ZC_FC_SHA3_224 + (unsigned)k->alg;
        size_t len = build_msg(k->msg_hex, k->repeat, 1), olen = unhex(want, k->out);
        size_t bs = zc_cpacf_hash_block(fc), whole = len / bs * bs;
        int shake = fc >= ZC_FC_SHAKE_128;
        unsigned long gr[8];
        char what[200];
        int ok;

        memset(p, 0, sizeof p);
        memset(big_out, 0x5a, olen + 1);
        set_gr(gr, fc, p, NULL, 0, big_msg, whole, NULL, 0);
        ok = run(OP_KIMD, gr) == 0 && gr[5] == 0;
        set_gr(gr, fc, p, shake ? big_out : NULL, shake ? olen : 0, big_msg + whole,
               len - whole, NULL, 0);
        ok = ok && run(OP_KLMD, gr) == 0 && gr[5] == 0;
        if (shake)
            ok = ok && gr[3] == 0 && gr[2] == (unsigned long)(uintptr_t)(big_out + olen) &&
                 !memcmp(big_out, want, olen) && big_out[olen] == 0x5a;
        else
            ok = ok && !memcmp(p, want, olen);
        snprintf(what, sizeof what, "%s (KIMD + KLMD)", k->name);
        check(ok, what);
    }
}

/* ------------------------------------------------------------------ */
/* Query, STFLE, PRNO, counters                                         */
/* ------------------------------------------------------------------ */

static void test_query_stfle(void)
{
    uint8_t mask[16], want[16];
    uint64_t fac[4];
    unsigned long gr[8];
    static const unsigned bits[] = { 7, 17, 57, 76, 77, 146 };
    unsigned i, n;
    int ok = 1;

    /* KM and PCC: 0 (query), DEA 1-3, AES 18-20, encrypted AES 26-28, XTS
     * 50 and 52, encrypted XTS 58 and 60: Hercules 3.13's masks without the
     * encrypted DEA codes 9-11 (the project's CPACF facts sheet). */
    unhex(want, "f0003838000028280000282800000000");     /* + full XTS 82/84, 90/92 */
    memset(mask, 0xff, sizeof mask);
    set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
    check(run(OP_KM, gr) == 0 && !memcmp(mask, want, 16), "KM query mask");
    /* + scalar multiplication 64-66, 72/73 and 80/81 where the EC model
     * is built in */
    unhex(want, zc_cpacf_sim_has_ec() ? "f000383800002828e0c0c00000000000"
                                       : "f0003838000028280000000000000000");
    memset(mask, 0xff, sizeof mask);
    set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
    check(run(OP_PCC, gr) == 0 && !memcmp(mask, want, 16), "PCC query mask");
    /* KMAC: the ciphers, HMAC 112-115 and encrypted-key HMAC 120-123. */
    unhex(want, "f000383800000000000000000000f0f0");
    memset(mask, 0xff, sizeof mask);
    set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
    check(run(OP_KMAC, gr) == 0 && !memcmp(mask, want, 16), "KMAC query mask");
    /* KMC, KMF, KMO, KMCTR: the same without XTS. */
    unhex(want, "f0003838000000000000000000000000");
    for (i = 0; i < 4; i++) {
        static const unsigned ops[] = { OP_KMC, OP_KMF, OP_KMO, OP_KMCTR };

        memset(mask, 0xff, sizeof mask);
        set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
        ok = ok && run(ops[i], gr) == 0 && !memcmp(mask, want, 16);
    }
    check(ok, "KMC/KMF/KMO/KMCTR/KMAC query masks: DEA, AES, encrypted AES");
    set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
    run(OP_KIMD, gr);
    check(zc_cpacf_mask_test(mask, ZC_FC_GHASH) && zc_cpacf_mask_test(mask, ZC_FC_SHAKE_256) &&
          !zc_cpacf_mask_test(mask, 4), "KIMD query mask");
    set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
    run(OP_KMA, gr);
    unhex(want, "80003838000000000000000000000000");
    check(!memcmp(mask, want, 16), "KMA query mask: GCM 18-20 and encrypted 26-28");

    memset(fac, 0xff, sizeof fac);
    ok = 1;
    n = zc_cpacf_sim_stfle(fac, 4);
    for (i = 0; i < sizeof bits / sizeof bits[0]; i++)
        ok = ok && ((fac[bits[i] / 64] >> (63 - bits[i] % 64)) & 1);
    ok = ok && !((fac[0] >> (63 - 8)) & 1) && fac[3] == 0;
    /* MSA-9 (155) exactly where KDSA is modelled */
    ok = ok && (int)((fac[155 / 64] >> (63 - 155 % 64)) & 1) == zc_cpacf_sim_has_ec();
    check(n == 3 && ok, "STFLE: MSA, MSA-3/4/5/8 (and 9 with EC) bits, nothing else asked for");
}

static void test_prno(void)
{
    uint8_t raw[8], cond[64];
    unsigned long gr[8];
    size_t i, same = 0;

    memset(cond, 0, sizeof cond);
    set_gr(gr, ZC_FC_PRNO_TRNG, NULL, NULL, 0, cond, sizeof cond, NULL, 0);
    check(run(OP_PRNO, gr) == 0 && gr[5] == 0 && gr[3] == 0 &&
          gr[4] == (unsigned long)(uintptr_t)(cond + sizeof cond), "PRNO TRNG, raw length 0");
    for (i = 1; i < sizeof cond; i++)
        same += cond[i] == cond[0];
    check(same < 8, "PRNO TRNG fills the conditioned buffer");
    set_gr(gr, ZC_FC_PRNO_TRNG, NULL, raw, sizeof raw, cond, 16, NULL, 0);
    check(run(OP_PRNO, gr) == 0 && gr[3] == 0 && gr[5] == 0, "PRNO TRNG, both buffers");
}

static void test_counters(void)
{
    uint8_t key[16] = { 0 }, blk[32] = { 0 }, mask[16];
    unsigned long gr[8];

    zc_cpacf_sim_reset();
    cipher(OP_KM, ZC_FC_AES_128, key, blk, blk, 32, NULL);
    cipher(OP_KM, ZC_FC_AES_128 | ZC_CPACF_DECRYPT, key, blk, blk, 32, NULL);
    set_gr(gr, 0, mask, NULL, 0, NULL, 0, NULL, 0);
    run(OP_KM, gr);
    check(zc_cpacf_sim_executed(OP_KM, ZC_FC_AES_128) == 2 &&
          zc_cpacf_sim_executed(OP_KM, ZC_FC_AES_128 | ZC_CPACF_DECRYPT) == 2 &&
          zc_cpacf_sim_executed(OP_KM, 0) == 0 && zc_cpacf_sim_executed(OP_KMC, ZC_FC_AES_128) == 0,
          "execution counters: per (opcode, fc), queries excluded");
    zc_cpacf_sim_stop(16, 3);
    cipher(OP_KM, ZC_FC_AES_128, key, blk, blk, 32, NULL);
    check(zc_cpacf_sim_executed(OP_KM, ZC_FC_AES_128) == 4, "a re-issue after cc 3 counts");
    zc_cpacf_sim_reset();
    check(zc_cpacf_sim_executed(OP_KM, ZC_FC_AES_128) == 0 && !zc_cpacf_sim_stopped(),
          "reset clears counters and the stop flag");
}

/* ------------------------------------------------------------------ */
/* Stops                                                                */
/* ------------------------------------------------------------------ */

static const struct zc_aes_kat *aes_kat(const char *name)
{
    size_t i;

    for (i = 0; i < sizeof zc_aes_kats / sizeof zc_aes_kats[0]; i++)
        if (strcmp(zc_aes_kats[i].name, name) == 0)
            return &zc_aes_kats[i];
    printf("no vector \"%s\" in aes_kat.h\n", name);
    exit(1);
}

static const struct zc_gcm_kat *gcm_kat(const char *name)
{
    size_t i;

    for (i = 0; i < sizeof zc_gcm_kats / sizeof zc_gcm_kats[0]; i++)
        if (strcmp(zc_gcm_kats[i].name, name) == 0)
            return &zc_gcm_kats[i];
    printf("no vector \"%s\" in aes_kat.h\n", name);
    exit(1);
}

static void test_stops(void)
{
    const struct zc_aes_kat *ecb = aes_kat("SP800-38A F.1.1 ECB-AES128.Encrypt");
    const struct zc_aes_kat *cbc = aes_kat("SP800-38A F.2.1 CBC-AES128.Encrypt");
    uint8_t key[16], iv[16], pt[64], ct[64], cbc_ct[64], out[64], param[32];
    unsigned long gr[8];
    int cc;

    unhex(key, ecb->key);
    unhex(pt, ecb->pt);
    unhex(ct, ecb->ct);

    /* KM: stop at 32 bytes, cc 3, then the re-issue finishes. */
    zc_cpacf_sim_reset();
    memset(out, 0, sizeof out);
    memcpy(param, key, 16);
    zc_cpacf_sim_stop(32, 3);
    set_gr(gr, ZC_FC_AES_128, param, out, 0, pt, 64, NULL, 0);
    cc = zc_cpacf_sim_insn(OP_KM, gr);
    check(cc == 3 && gr[5] == 32 && gr[2] == (unsigned long)(uintptr_t)(out + 32) &&
          gr[4] == (unsigned long)(uintptr_t)(pt + 32) && zc_cpacf_sim_stopped() &&
          !memcmp(out, ct, 32), "KM stop at 32 bytes: cc 3, registers past 2 blocks");
    cc = zc_cpacf_sim_insn(OP_KM, gr);
    check(cc == 0 && gr[5] == 0 && !memcmp(out, ct, 64), "KM re-issue after cc 3 completes");

    /* Inside a block: the stop waits for the block boundary. */
    zc_cpacf_sim_stop(20, 3);
    set_gr(gr, ZC_FC_AES_128, param, out, 0, pt, 64, NULL, 0);
    cc = zc_cpacf_sim_insn(OP_KM, gr);
    check(cc == 3 && gr[5] == 32, "KM stop armed at 20 bytes ends at the 32-byte boundary");
    run(OP_KM, gr);

    /* KMC: stop at 0 with cc 1: nothing done, the chaining value kept. */
    unhex(iv, cbc->iv);
    unhex(cbc_ct, cbc->ct);
    memcpy(param, iv, 16);
    memcpy(param + 16, key, 16);
    zc_cpacf_sim_stop(0, 1);
    set_gr(gr, ZC_FC_AES_128, param, out, 0, pt, 64, NULL, 0);
    cc = zc_cpacf_sim_insn(OP_KMC, gr);
    check(cc == 1 && gr[5] == 64 && !memcmp(param, iv, 16) &&
          zc_cpacf_sim_stop_opcode() == OP_KMC,
          "KMC stop at 0 with cc 1 fires before the first block");
    check((param[16] ^ key[0]) == 0xff && (param[31] ^ key[15]) == 0xff,
          "KMC cc 1 spoils the key field");
    memcpy(param + 16, key, 16);        /* "re-derive" it */
    cc = zc_cpacf_sim_insn(OP_KMC, gr);
    check(cc == 0 && !memcmp(out, cbc_ct, 64), "KMC resumed after cc 1: SP800-38A F.2.1");

    /* cc 1 mid-message: the block holds the chaining value, the key field
     * is spoiled; a re-issue without a fresh key field goes wrong. */
    memcpy(param, iv, 16);
    memcpy(param + 16, key, 16);
    zc_cpacf_sim_stop(32, 1);
    set_gr(gr, ZC_FC_AES_128, param, out, 0, pt, 64, NULL, 0);
    cc = zc_cpacf_sim_insn(OP_KMC, gr);
    check(cc == 1 && gr[5] == 32 && !memcmp(param, cbc_ct + 16, 16),
          "KMC cc 1 after 2 blocks: chaining value kept");
    {
        unsigned long gr2[8];
        uint8_t spoiled[32], out2[64];

        memcpy(spoiled, param, 32);
        memcpy(gr2, gr, sizeof gr2);
        gr2[2] = (unsigned long)(uintptr_t)out2;
        zc_cpacf_sim_insn(OP_KMC, gr2);
        check(memcmp(out2, cbc_ct + 32, 32) != 0, "KMC re-issued on the spoiled key: wrong");
        memcpy(param, spoiled, 16);
    }
    memcpy(param + 16, key, 16);
    cc = zc_cpacf_sim_insn(OP_KMC, gr);
    check(cc == 0 && !memcmp(out, cbc_ct, 64), "KMC with a fresh key field resumes exactly");

    /* cc 1 in KMA spoils the key at offset 80; KIMD has none to spoil. */
    {
        struct gcm_case g;
        uint8_t p[112];

        gcm_load(gcm_kat("GCM spec Test Case 3 (AES-128)"), &g);
        kma_param(p, &g);
        zc_cpacf_sim_stop(16, 1);
        set_gr(gr, ZC_FC_AES_128 | ZC_KMA_LAAD | ZC_KMA_LPC, p, out, 0, g.pt, g.len, NULL, 0);
        cc = zc_cpacf_sim_insn(OP_KMA, gr);
        check(cc == 1 && (p[80] ^ g.key[0]) == 0xff && zc_cpacf_sim_stop_opcode() == OP_KMA,
              "KMA cc 1 spoils the key field at offset 80");
        memcpy(p + 80, g.key, 16);
        check(zc_cpacf_sim_insn(OP_KMA, gr) == 0 && !memcmp(out, g.ct, g.len) &&
              !memcmp(p + 16, g.tag, 16), "KMA resumed after cc 1: GCM Test Case 3");
    }

    /* The count runs across instructions. */
    memcpy(param, key, 16);
    zc_cpacf_sim_stop(48, 3);
    set_gr(gr, ZC_FC_AES_128, param, out, 0, pt, 32, NULL, 0);
    cc = zc_cpacf_sim_insn(OP_KM, gr);
    set_gr(gr, ZC_FC_AES_128, param, out + 32, 0, pt + 32, 32, NULL, 0);
    cc = cc * 10 + zc_cpacf_sim_insn(OP_KM, gr);
    check(cc == 3 && gr[5] == 16, "stop counted across instructions (32 + 16 bytes)");
    run(OP_KM, gr);
    check(!memcmp(out, ct, 64), "result after the cross-instruction stop");

    /* KMF with 1-byte segments stops between segments. */
    {
        uint8_t p8[18], c8[18];

        unhex(p8, "6bc1bee22e409f96e93d7e117393172aae2d");
        unhex(c8, "3b79424c9c0dd436bace9e0ed4586a4f32b9");
        memcpy(param, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", 16);
        memcpy(param + 16, key, 16);
        zc_cpacf_sim_stop(5, 3);
        set_gr(gr, ZC_FC_AES_128 | 1ul << 24, param, out, 0, p8, 18, NULL, 0);
        cc = zc_cpacf_sim_insn(OP_KMF, gr);
        check(cc == 3 && gr[5] == 13, "KMF lcfb 1 stops after 5 segments");
        check(run(OP_KMF, gr) == 0 && !memcmp(out, c8, 18), "KMF resumed: SP800-38A F.3.7");
    }

    /* KLMD SHA-256 on the FIPS 180-4 896-bit message (112 bytes): stop
     * after the first block, then finish. */
    {
        uint8_t p[80], want[32];
        size_t len = build_msg("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                               "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1, 0);

        unhex(want, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
        sha_param(p, ZC_SHA256, len);
        zc_cpacf_sim_stop(64, 3);
        set_gr(gr, ZC_FC_SHA_256, p, NULL, 0, big_msg, len, NULL, 0);
        cc = zc_cpacf_sim_insn(OP_KLMD, gr);
        check(cc == 3 && gr[5] == 48, "KLMD stop after one block");
        check(run(OP_KLMD, gr) == 0 && !memcmp(p, want, 32),
              "KLMD resumed: FIPS 180-4 SHA-256 896-bit example");
    }

    /* KMA: stop inside the AAD, and inside the text. */
    {
        struct gcm_case g;
        uint8_t p[112];
        unsigned long fc;

        gcm_load(gcm_kat("GCM spec Test Case 4 (AES-128)"), &g);
        fc = ZC_FC_AES_128 | ZC_KMA_LAAD | ZC_KMA_LPC;
        kma_param(p, &g);
        zc_cpacf_sim_stop(16, 3);
        set_gr(gr, fc, p, out, 0, g.pt, g.len, g.aad, g.aadlen);
        cc = zc_cpacf_sim_insn(OP_KMA, gr);
        check(cc == 3 && gr[7] == 4 && gr[5] == 60, "KMA stop after one AAD block");
        cc = zc_cpacf_sim_insn(OP_KMA, gr);
        check(cc == 0 && !memcmp(out, g.ct, 60) && !memcmp(p + 16, g.tag, 16),
              "KMA resumed after the AAD stop: GCM Test Case 4");
        kma_param(p, &g);
        memset(out, 0, sizeof out);
        zc_cpacf_sim_stop(52, 3);
        set_gr(gr, fc, p, out, 0, g.pt, g.len, g.aad, g.aadlen);
        cc = zc_cpacf_sim_insn(OP_KMA, gr);
        check(cc == 3 && gr[7] == 0 && gr[5] == 28 && zc_load_be32(p + 12) == 3,
              "KMA stop after AAD and two text blocks (CV advanced by 2)");
        cc = zc_cpacf_sim_insn(OP_KMA, gr);
        check(cc == 0 && !memcmp(out, g.ct, 60) && !memcmp(p + 16, g.tag, 16),
              "KMA resumed after the text stop: GCM Test Case 4");
    }

    /* PCC: a stop already reached ends it with cc, block untouched. */
    {
        uint8_t pcc[72], before[72];

        memset(pcc, 0, sizeof pcc);
        memcpy(pcc + 40, key, 16);
        memcpy(before, pcc, sizeof pcc);
        zc_cpacf_sim_stop(0, 3);
        set_gr(gr, ZC_FC_AES_128, pcc, NULL, 0, NULL, 0, NULL, 0);
        cc = zc_cpacf_sim_insn(OP_PCC, gr);
        check(cc == 3 && !memcmp(pcc, before, sizeof pcc) && zc_cpacf_sim_stopped() &&
              zc_cpacf_sim_stop_opcode() == OP_PCC,
              "PCC with the stop reached: cc 3, nothing done");
        check(zc_cpacf_sim_insn(OP_PCC, gr) == 0 && memcmp(pcc, before, sizeof pcc) != 0,
              "PCC re-issued: the stop is disarmed");
        zc_cpacf_sim_stop(0, 1);
        memcpy(pcc, before, sizeof pcc);
        cc = zc_cpacf_sim_insn(OP_PCC, gr);
        check(cc == 1 && !memcmp(pcc, before, 40) && (pcc[40] ^ key[0]) == 0xff,
              "PCC cc 1: only the key field spoiled");
    }
    zc_cpacf_sim_reset();
}

/* ------------------------------------------------------------------ */
/* Protected keys: the encrypted-key function codes                     */
/* ------------------------------------------------------------------ */

/*
 * One instruction on a parameter block of `pre` bytes, the key field and
 * `post` bytes. The encrypted-key code is the clear one + 8 (AES 18-20 ->
 * 26-28, XTS 50/52 -> 58/60) and its key field is 32 bytes longer (the
 * WKVP after the wrapped key). Everything but the key is random: the
 * result is checked against the clear code, whose known answers are
 * checked above.
 */
struct pk_case {
    const char *name;
    unsigned op;
    unsigned long fc;           /* the AES-128 or XTS-AES-128 clear code */
    size_t pre, post;           /* parameter bytes before/after the key field */
    size_t len, aad;            /* second operand bytes; KMA's AAD bytes */
    int xts;
};

#define PK_KMA ZC_FC_KMA_GCM_AES_128 | ZC_KMA_LAAD | ZC_KMA_LPC

static const struct pk_case pk_cases[] = {
    { .name = "KM", .op = OP_KM, .fc = ZC_FC_AES_128, .len = 64 },
    { .name = "KM decipher", .op = OP_KM, .fc = ZC_FC_AES_128 | ZC_CPACF_DECRYPT, .len = 64 },
    { .name = "KMC", .op = OP_KMC, .fc = ZC_FC_AES_128, .pre = 16, .len = 64 },
    { .name = "KMC decipher", .op = OP_KMC, .fc = ZC_FC_AES_128 | ZC_CPACF_DECRYPT,
      .pre = 16, .len = 64 },
    { .name = "KMF lcfb 16", .op = OP_KMF, .fc = ZC_FC_AES_128 | 16ul << 24, .pre = 16,
      .len = 64 },
    { .name = "KMF lcfb 1 decipher", .op = OP_KMF,
      .fc = ZC_FC_AES_128 | ZC_CPACF_DECRYPT | 1ul << 24, .pre = 16, .len = 37 },
    { .name = "KMO", .op = OP_KMO, .fc = ZC_FC_AES_128, .pre = 16, .len = 64 },
    { .name = "KMCTR", .op = OP_KMCTR, .fc = ZC_FC_AES_128, .len = 64 },
    { .name = "KMAC", .op = OP_KMAC, .fc = ZC_FC_AES_128, .pre = 16, .len = 64 },
    { .name = "PCC CMAC", .op = OP_PCC, .fc = ZC_FC_AES_128, .pre = 40 },
    { .name = "KMA GCM", .op = OP_KMA, .fc = PK_KMA, .pre = 80, .len = 45, .aad = 20 },
    { .name = "KMA GCM decipher (HS)", .op = OP_KMA,
      .fc = PK_KMA | ZC_KMA_HS | ZC_CPACF_DECRYPT, .pre = 80, .len = 48, .aad = 16 },
    { .name = "KM XTS", .op = OP_KM, .fc = ZC_FC_XTS_AES_128, .post = 16, .len = 64, .xts = 1 },
    { .name = "KM XTS decipher", .op = OP_KM, .fc = ZC_FC_XTS_AES_128 | ZC_CPACF_DECRYPT,
      .post = 16, .len = 64, .xts = 1 },
    { .name = "PCC XTS parameter", .op = OP_PCC, .fc = ZC_FC_XTS_AES_128, .post = 64, .xts = 1 },
};

/* The inputs of one case, and what one issue left behind. */
struct pk_data {
    uint8_t pre[80], post[64], in[64], r6[64];
};

struct pk_run {
    uint8_t param[80 + 64 + 64], out[64];
    unsigned long gr[8];
    int cc;
};

/* Lay out pre, the key field, post; issue (cc 3 re-issued) from scratch. */
static void pk_issue(const struct pk_case *pc, unsigned long fc, const struct pk_data *d,
                     const uint8_t *kf, size_t kflen, struct pk_run *r)
{
    memset(r->param, 0, sizeof r->param);  /* compared whole later */
    memcpy(r->param, d->pre, pc->pre);
    memcpy(r->param + pc->pre, kf, kflen);
    memcpy(r->param + pc->pre + kflen, d->post, pc->post);
    memset(r->out, 0x5a, sizeof r->out);
    set_gr(r->gr, fc, r->param, r->out, 0, d->in, pc->len, d->r6, pc->aad);
    r->cc = run(pc->op, r->gr);
}

/* Did the encrypted run e (key field kflen) end as the clear run c? */
static int pk_same(const struct pk_case *pc, const struct pk_run *c, const struct pk_run *e,
                   size_t klen, size_t kflen)
{
    return c->cc == 0 && e->cc == 0 && !memcmp(c->out, e->out, sizeof c->out) &&
           !memcmp(c->param, e->param, pc->pre) &&
           !memcmp(c->param + pc->pre + klen, e->param + pc->pre + kflen, pc->post) &&
           c->gr[2] - (unsigned long)(uintptr_t)c->out ==
           e->gr[2] - (unsigned long)(uintptr_t)e->out &&
           !memcmp(c->gr + 3, e->gr + 3, 5 * sizeof c->gr[0]);
}

static void pk_data_fill(const struct pk_case *pc, struct pk_data *d)
{
    fill(d->pre, sizeof d->pre);
    fill(d->post, sizeof d->post);
    fill(d->in, sizeof d->in);
    fill(d->r6, sizeof d->r6);
    if (pc->op == OP_PCC && !pc->xts) {
        d->pre[0] = 8 * 13;             /* CMAC: ML, 13 bytes in bits */
    } else if (pc->op == OP_PCC) {
        memset(d->post + 16, 0, 32);    /* block sequence number 5, bit index 0 */
        d->post[16] = 5;
    }
}

static void test_protected_case(const struct pk_case *pc, size_t klen)
{
    unsigned long fc = pc->fc + (pc->xts ? (klen == 32 ? 2 : 0) : (klen - 16) / 8);
    unsigned long efc = fc + 8, gr0[8];
    uint8_t key[32], prot[64], param0[sizeof ((struct pk_run *)0)->param];
    size_t kflen, i;
    struct pk_data d;
    struct pk_run c, e;
    char what[160];
    int ok;

    fill(key, klen);
    pk_data_fill(pc, &d);
    pk_issue(pc, fc, &d, key, klen, &c);

    /* The wrapped key gives what the clear key gives. */
    ok = zc_cpacf_sim_wrap(key, klen, prot, &kflen) == ZC_OK && kflen == klen + 32;
    pk_issue(pc, efc, &d, prot, kflen, &e);
    ok = ok && pk_same(pc, &c, &e, klen, kflen) && !memcmp(e.param + pc->pre, prot, kflen);
    snprintf(what, sizeof what, "%s fc %lu, %zu-byte key: encrypted fc %lu = clear", pc->name,
             fc & 0x7f, klen, efc & 0x7f);
    check(ok, what);

    /* A wrapping-key change: cc 1 before anything is done. */
    zc_cpacf_sim_new_wrapping_key();
    pk_issue(pc, efc, &d, prot, kflen, &e);
    set_gr(gr0, efc, e.param, e.out, 0, d.in, pc->len, d.r6, pc->aad);
    memcpy(param0, d.pre, pc->pre);
    memcpy(param0 + pc->pre, prot, kflen);
    memcpy(param0 + pc->pre + kflen, d.post, pc->post);
    ok = e.cc == 1 && !memcmp(e.gr, gr0, sizeof gr0) &&
         !memcmp(e.param, param0, pc->pre + kflen + pc->post);
    for (i = 0; i < sizeof e.out; i++)
        ok = ok && e.out[i] == 0x5a;
    snprintf(what, sizeof what, "%s fc %lu: after a wrapping-key change cc 1, nothing done",
             pc->name, efc & 0x7f);
    check(ok, what);

    /* Wrapped again, the key works again. */
    ok = zc_cpacf_sim_wrap(key, klen, prot, &kflen) == ZC_OK;
    pk_issue(pc, efc, &d, prot, kflen, &e);
    snprintf(what, sizeof what, "%s fc %lu: re-wrapped after the change = clear", pc->name,
             efc & 0x7f);
    check(ok && pk_same(pc, &c, &e, klen, kflen), what);

    /* The cc 1 stop spoils the WKVP: a re-issue on the same key field
     * ends with cc 1 again without progress; a fresh key field resumes. */
    zc_cpacf_sim_stop(pc->len > 16 ? 16 : 0, 1);
    pk_issue(pc, efc, &d, prot, kflen, &e);
    ok = e.cc == 1 && zc_cpacf_sim_stopped() && zc_cpacf_sim_stop_opcode() == pc->op &&
         !memcmp(e.param + pc->pre, prot, klen);
    for (i = 0; i < 32; i++)
        ok = ok && (e.param[pc->pre + klen + i] ^ prot[klen + i]) == 0xff;
    if (pc->len > 16)
        ok = ok && e.gr[5] + e.gr[7] == pc->len + pc->aad - 16;
    memcpy(gr0, e.gr, sizeof gr0);
    memcpy(param0, e.param, sizeof param0);
    ok = ok && zc_cpacf_sim_insn(pc->op, e.gr) == 1 && !memcmp(e.gr, gr0, sizeof gr0) &&
         !memcmp(e.param, param0, sizeof param0);
    memcpy(e.param + pc->pre, prot, kflen);
    ok = ok && (e.cc = run(pc->op, e.gr)) == 0 && pk_same(pc, &c, &e, klen, kflen);
    snprintf(what, sizeof what, "%s fc %lu: cc 1 stop spoils the WKVP; a fresh key field resumes",
             pc->name, efc & 0x7f);
    check(ok, what);
    zc_cpacf_sim_reset();
}

static void test_protected(void)
{
    static const size_t klens[] = { 16, 24, 32 };
    uint8_t key[32], prot[64], prot2[64], before[64];
    size_t i, j, len = 0, len2 = 0;
    int ok;

    for (i = 0; i < sizeof pk_cases / sizeof pk_cases[0]; i++)
        for (j = 0; j < 3; j++)
            if (!pk_cases[i].xts || klens[j] != 24)
                test_protected_case(&pk_cases[i], klens[j]);

    /* zc_cpacf_sim_wrap itself. */
    fill(key, sizeof key);
    memset(prot, 0xa5, sizeof prot);
    memcpy(before, prot, sizeof prot);
    ok = zc_cpacf_sim_wrap(key, 15, prot, &len) == ZC_EINVAL &&
         zc_cpacf_sim_wrap(key, 64, prot, &len) == ZC_EINVAL &&
         zc_cpacf_sim_wrap(NULL, 16, prot, &len) == ZC_EINVAL &&
         zc_cpacf_sim_wrap(key, 16, prot, NULL) == ZC_EINVAL &&
         !memcmp(prot, before, sizeof prot) && len == 0;
    check(ok, "sim wrap: bad length or NULL is ZC_EINVAL, nothing written");
    ok = zc_cpacf_sim_wrap(key, 24, prot, &len) == ZC_OK && len == 56 &&
         zc_cpacf_sim_wrap(key, 24, prot2, &len2) == ZC_OK && len2 == 56 &&
         !memcmp(prot, prot2, 56) && memcmp(prot, key, 24) != 0 && prot[56] == 0xa5;
    check(ok, "sim wrap: 24-byte key -> 56 bytes, repeatable, not the clear key");
    zc_cpacf_sim_new_wrapping_key();
    ok = zc_cpacf_sim_wrap(key, 24, prot2, &len2) == ZC_OK && memcmp(prot, prot2, 24) != 0 &&
         memcmp(prot + 24, prot2 + 24, 32) != 0;
    check(ok, "sim wrap: a new wrapping key changes the wrapped key and the WKVP");
}

/* ------------------------------------------------------------------ */
/* The stand-in build's platform: protected keys from tests/sim/        */
/* ------------------------------------------------------------------ */

/* Does a protected key (prot, len) encrypt as the clear key under KM? */
static int prot_works(const uint8_t *prot, size_t len, const uint8_t *key)
{
    uint8_t pt[32], a[32], b[32], param[64];
    size_t klen = len - 32;

    if (len != 48 && len != 56 && len != 64)
        return 0;
    fill(pt, sizeof pt);
    memcpy(param, prot, len);
    if (cipher(OP_KM, aes_fc(klen) + 8, param, a, pt, sizeof pt, NULL) != 0)
        return 0;
    if (key == NULL)
        return 1;
    memcpy(param, key, klen);
    return cipher(OP_KM, aes_fc(klen), param, b, pt, sizeof pt, NULL) == 0 &&
           !memcmp(a, b, sizeof a);
}

static void test_platform(void)
{
    uint8_t key[32], blob[ZC_SIM_BLOB_LEN(32) + 1], prot[64], prot2[64], before[64];
    size_t klen, len, len2, kl;
    unsigned long n0;
    int ok = 1;

    for (klen = 16; klen <= 32; klen += 8) {
        fill(key, klen);
        ok = ok && zc_plat_aes_protect_clear(key, klen, prot, &len) == ZC_OK &&
             len == klen + 32 && prot_works(prot, len, key);
    }
    check(ok, "sim platform: protect_clear 16/24/32 works with KM 26-28");
    memset(prot, 0xa5, sizeof prot);
    memcpy(before, prot, sizeof prot);
    len = 7;
    ok = zc_plat_aes_protect_clear(key, 20, prot, &len) == ZC_EINVAL &&
         zc_plat_aes_protect_clear(NULL, 16, prot, &len) == ZC_EINVAL &&
         zc_plat_aes_protect_clear(key, 16, NULL, &len) == ZC_EINVAL &&
         !memcmp(prot, before, sizeof prot) && len == 7;
    check(ok, "sim platform: protect_clear bad arguments ZC_EINVAL, nothing written");

    /* Blobs: "SIMBLOB1", key length, key. */
    ok = 1;
    for (klen = 16; klen <= 32; klen += 8) {
        fill(key, klen);
        memcpy(blob, ZC_SIM_BLOB_MAGIC, 8);
        blob[8] = (uint8_t)klen;
        memcpy(blob + 9, key, klen);
        kl = 0;
        ok = ok && zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(klen), prot, &len, &kl) ==
             ZC_OK && kl == klen && prot_works(prot, len, key);
    }
    check(ok, "sim platform: protect_blob of a SIMBLOB1 blob, 16/24/32");
    memcpy(prot, before, sizeof prot);
    len = 7;
    kl = 7;
    ok = zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(32) + 1, prot, &len, &kl) == ZC_EKEY &&
         zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(32) - 1, prot, &len, &kl) == ZC_EKEY &&
         zc_plat_aes_protect_blob(blob, 5, prot, &len, &kl) == ZC_EKEY;
    blob[8] = 20;
    ok = ok && zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(20), prot, &len, &kl) == ZC_EKEY;
    blob[8] = 32;
    blob[0] ^= 1;
    ok = ok && zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(32), prot, &len, &kl) == ZC_EKEY;
    blob[0] ^= 1;
    ok = ok && zc_plat_aes_protect_blob(NULL, 41, prot, &len, &kl) == ZC_EINVAL &&
         zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(32), prot, &len, NULL) == ZC_EINVAL &&
         !memcmp(prot, before, sizeof prot) && len == 7 && kl == 7;
    check(ok, "sim platform: protect_blob rejects any other blob (ZC_EKEY), nothing written");

    ok = 1;
    for (klen = 16; klen <= 32; klen += 8)
        ok = ok && zc_plat_aes_generate_protected(klen, prot, &len) == ZC_OK &&
             len == klen + 32 && prot_works(prot, len, NULL) &&
             zc_plat_aes_generate_protected(klen, prot2, &len2) == ZC_OK &&
             memcmp(prot, prot2, klen) != 0;
    check(ok, "sim platform: generate_protected 16/24/32: works, two keys differ");
    check(zc_plat_aes_generate_protected(8, prot, &len) == ZC_EINVAL &&
          zc_plat_aes_generate_protected(16, NULL, &len) == ZC_EINVAL,
          "sim platform: generate_protected bad arguments ZC_EINVAL");

    /* The failure knob and the derivation counter. */
    n0 = zc_sim_platform_derivations();
    zc_sim_platform_fail(ZC_EDEVICE, 2);
    memcpy(blob, ZC_SIM_BLOB_MAGIC, 8);
    blob[8] = 16;
    ok = zc_plat_aes_protect_clear(key, 16, prot, &len) == ZC_OK &&
         zc_plat_aes_generate_protected(16, prot, &len) == ZC_OK;
    memcpy(prot, before, sizeof prot);
    len = 7;
    ok = ok && zc_plat_aes_protect_blob(blob, ZC_SIM_BLOB_LEN(16), prot, &len, &kl) ==
         ZC_EDEVICE && zc_plat_aes_protect_clear(key, 16, prot, &len) == ZC_EDEVICE &&
         zc_plat_aes_generate_protected(24, prot, &len) == ZC_EDEVICE &&
         !memcmp(prot, before, sizeof prot) && len == 7;
    check(ok, "sim platform: fail(ZC_EDEVICE, 2): two derivations, then ZC_EDEVICE");
    zc_sim_platform_fail(ZC_EKEY, 0);
    ok = zc_plat_aes_protect_clear(key, 16, prot, &len) == ZC_EKEY &&
         zc_plat_aes_protect_clear(key, 17, prot, &len) == ZC_EINVAL;
    zc_sim_platform_fail(0, 0);
    ok = ok && zc_plat_aes_protect_clear(key, 16, prot, &len) == ZC_OK;
    check(ok, "sim platform: fail(ZC_EKEY, 0) fails the next one; rc 0 ends it");
    check(zc_sim_platform_derivations() - n0 == 7,
          "sim platform: every derivation counted, failed ones too, argument errors not");
}

/* ------------------------------------------------------------------ */
/* What the machine rejects: the stand-in aborts                        */
/* ------------------------------------------------------------------ */

/* Run one instruction in a child; 1 when it died of SIGABRT. */
static int aborts(unsigned opcode, unsigned long fc, void *param, size_t len, size_t aad_len)
{
    static uint8_t buf[64];
    unsigned long gr[8];
    int status, fd;
    pid_t pid;

    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        fd = open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 2);                /* the stand-in's one-line reason */
        set_gr(gr, fc, param, buf, 0, buf, len, buf, aad_len);
        zc_cpacf_sim_insn(opcode, gr);
        _exit(0);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 0;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

static void test_exceptions(void)
{
    uint8_t param[160];

    memset(param, 0, sizeof param);
    check(aborts(OP_KM, ZC_FC_AES_128, param, 15, 0), "KM AES, 15 bytes: specification");
    check(aborts(OP_KMC, ZC_FC_DEA, param, 12, 0), "KMC DEA, 12 bytes: specification");
    check(aborts(OP_KM, ZC_FC_ENC_DEA, param, 16, 0),
          "KM encrypted DEA (not modelled): specification");
    check(aborts(OP_KMA, ZC_FC_ENC_XTS_AES_128, param, 16, 0),
          "KMA with an XTS code: specification");
    check(aborts(OP_KMF, ZC_FC_AES_128 | 17ul << 24, param, 17, 0),
          "KMF segment longer than the block: specification");
    check(aborts(OP_KIMD, ZC_FC_SHA_256, param, 63, 0), "KIMD SHA-256, 63 bytes: specification");
    check(aborts(OP_KLMD, ZC_FC_GHASH, param, 16, 0), "KLMD GHASH: specification");
    check(aborts(OP_KMA, ZC_FC_AES_128, param, 16, 20),
          "KMA, 20 AAD bytes without LAAD: specification");
    check(aborts(OP_KMA, ZC_FC_AES_128 | ZC_KMA_LAAD, param, 20, 0),
          "KMA, 20 text bytes without LPC: specification");
    param[16 + 16 + 16] = 1;            /* intermediate bit index */
    check(aborts(OP_PCC, ZC_FC_XTS_AES_128, param, 0, 0),
          "PCC XTS with a non-zero intermediate bit index: not modelled");
    param[0] = 65;
    check(aborts(OP_PCC, ZC_FC_DEA, param, 0, 0), "PCC CMAC-DEA, ML 65 bits: specification");
    if (zc_cpacf_sim_has_ec())
        check(aborts(0xb93a, 20, param, 0, 0),   /* refused before the block is read */
              "KDSA function code 20: not installed");
    else
        check(aborts(0xb93a, 1, param, 0, 0), "KDSA without libcrypto: not modelled");
    check(!aborts(OP_KM, ZC_FC_AES_128, param, 16, 0), "KM AES, 16 bytes: runs");
}

int main(void)
{
    test_aes_modes();
    test_cfb8();
    test_des();
    test_cmac();
    test_xts();
    test_fxts();
    test_ghash();
    test_gcm();
    test_sha();
    test_sha3();
    test_query_stfle();
    test_prno();
    test_counters();
    test_stops();
    test_protected();
    test_platform();
    test_exceptions();
    return unit_done();
}
