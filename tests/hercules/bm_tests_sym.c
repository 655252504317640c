/*
 * bm_tests_sym.c - DES/TDES, HMAC, SHA-3 and RC4 on the bare-metal tier.
 *
 * DES, two-key and three-key TDES with CPACF-only keys (KM and KMC), on
 * the published vectors and on random inputs against software; HMAC with
 * CPACF-only hash contexts (KIMD/KLMD SHA-1/256/512 under the HMAC); SHA-3
 * and RC4 in software (Hercules has no SHA-3 function codes: the CPACF
 * backend must refuse them), which checks the big-endian freestanding
 * build of those paths.
 */
#include <zcrypt.h>

#include <string.h>

#include "bm.h"
#include "bm_tests.h"
#include "../testutil.h"
#include "../vectors/des_kat.h"
#include "../vectors/hmac_kat.h"
#include "../vectors/rc4_kat.h"
#include "../vectors/sha3_kat.h"
#include "../modes.h"

static void test_des(void)
{
    static uint8_t in[256], ref[256], got[256];
    uint64_t seed = 0xde5;
    size_t i, kl;
    char name[96];

    for (i = 0; i < ZC_DES_KAT_COUNT; i++) {
        const struct zc_des_kat *v = &zc_des_kats[i];
        uint8_t key[24], iv0[8], iv[8], pt[64], ct[64], out[64];
        size_t n;
        zc_des_key k;
        int ok, enc;

        kl = tu_unhex(key, sizeof key, v->key);
        n = tu_unhex(pt, sizeof pt, v->pt);
        tu_unhex(ct, sizeof ct, v->ct);
        tu_unhex(iv0, sizeof iv0, v->iv);
        ok = zc_des_key_init(&k, key, kl, ZC_BACKEND_CPACF) == ZC_OK;
        for (enc = 0; ok && enc < 2; enc++) {
            memcpy(iv, iv0, 8);
            ok = tu_des_mode(v->mode, enc, &k, iv, enc ? pt : ct, out, n) == ZC_OK &&
                 memcmp(out, enc ? ct : pt, n) == 0;
        }
        bm_result(bm_name(name, sizeof name, "des-kat-cpacf", v->name), ok, NULL);
    }
    for (kl = 8; kl <= 24; kl += 8) {
        int mode;

        for (mode = ZC_DES_KAT_ECB; mode <= ZC_DES_KAT_CTR; mode++) {
            static const char *const names[] = { "", "ECB", "CBC", "CFB", "OFB", "CTR" };
            size_t len;
            int ok = 1;

            for (len = 0; len <= sizeof in && ok; len += mode >= ZC_DES_KAT_CFB ? 13 : 8) {
                uint8_t key[24], iv0[8], iv[8], ivr[8];
                zc_des_key hw, sw;
                int enc;

                tu_fill(&seed, key, kl);
                tu_fill(&seed, iv0, 8);
                tu_fill(&seed, in, len);
                ok = zc_des_key_init(&hw, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                     zc_des_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK;
                for (enc = 0; ok && enc < 2; enc++) {
                    memcpy(iv, iv0, 8);
                    memcpy(ivr, iv0, 8);
                    ok = tu_des_mode(mode, enc, &sw, ivr, in, ref, len) == ZC_OK &&
                         tu_des_mode(mode, enc, &hw, iv, in, got, len) == ZC_OK &&
                         memcmp(ref, got, len) == 0 && memcmp(iv, ivr, 8) == 0;
                }
            }
            bm_result(bm_name3(name, sizeof name, "des-random",
                               kl == 8 ? "DES" : kl == 16 ? "TDES-2key" : "TDES-3key",
                               names[mode]), ok,
                      "cpacf equals software");
        }
    }
}

/* DES/TDES CMAC on KMAC + PCC with CPACF-only keys: the known answers,
 * and the software key's tag on random lengths. */
static void test_des_cmac(void)
{
    static uint8_t msg[200];
    uint64_t seed = 0xc3ac;
    size_t i, len, kl;
    char name[96];

    for (i = 0; i < ZC_DES_CMAC_KAT_COUNT; i++) {
        const struct zc_des_cmac_kat *v = &zc_des_cmac_kats[i];
        uint8_t key[24], m[32], tag[8], got[8];
        size_t n;
        zc_des_key k;
        int rc;

        kl = tu_unhex(key, sizeof key, v->key);
        n = tu_unhex(m, sizeof m, v->msg);
        tu_unhex(tag, sizeof tag, v->tag);
        rc = zc_des_key_init(&k, key, kl, ZC_BACKEND_CPACF);
        rc = rc ? rc : zc_des_cmac(&k, m, n, got, 8);
        bm_result(bm_name(name, sizeof name, "des-cmac-kat-cpacf", v->name),
                  rc == ZC_OK && memcmp(got, tag, 8) == 0, rc ? zc_strerror(rc) : NULL);
    }
    for (kl = 8; kl <= 24; kl += 8) {
        int ok = 1;

        for (len = 0; len <= sizeof msg && ok; len += 23) {
            uint8_t key[24], ref[8], got[8];
            zc_des_key hw, sw;

            tu_fill(&seed, key, kl);
            tu_fill(&seed, msg, len);
            ok = zc_des_key_init(&hw, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                 zc_des_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_des_cmac(&sw, msg, len, ref, 8) == ZC_OK &&
                 zc_des_cmac(&hw, msg, len, got, 8) == ZC_OK && memcmp(ref, got, 8) == 0;
        }
        bm_result(bm_name3(name, sizeof name, "des-random",
                           kl == 8 ? "DES" : kl == 16 ? "TDES-2key" : "TDES-3key", "CMAC"), ok,
                  "cpacf equals software");
    }
}

/* HMAC over CPACF-only hash contexts (SHA-1/256/512 have KIMD/KLMD here;
 * SHA-224 and SHA-384 ride on the SHA-256 and SHA-512 function codes). */
static void test_hmac(void)
{
    size_t i;
    char name[96];

    for (i = 0; i < ZC_HMAC_KAT_COUNT; i++) {
        const struct zc_hmac_kat *v = &zc_hmac_kats[i];
        uint8_t key[200], data[200], want[64];
        size_t kl = tu_unhex(key, sizeof key, v->key), dl = tu_unhex(data, sizeof data, v->data);
        size_t ml = tu_unhex(want, sizeof want, v->mac);
        zc_hmac_ctx c;
        int ok;

        ok = zc_hmac_init(&c, (enum zc_hash_alg)v->alg, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
             zc_hmac_backend(&c) == ZC_BACKEND_CPACF &&
             zc_hmac_update(&c, data, dl) == ZC_OK && zc_hmac_final_verify(&c, want, ml) == ZC_OK;
        bm_result(bm_name(name, sizeof name, "hmac-kat-cpacf", v->name), ok, NULL);
    }
}

static const enum zc_hash_alg sha3_algs[] = {
    ZC_SHA3_224, ZC_SHA3_256, ZC_SHA3_384, ZC_SHA3_512, ZC_SHAKE128, ZC_SHAKE256
};

static void test_sha3(void)
{
    static uint8_t msg[256], want[600], got[600];
    size_t i;
    char name[96];

    for (i = 0; i < 6; i++) {
        zc_hash_ctx c;

        bm_result(bm_name(name, sizeof name, "sha3-cpacf-refused", zc_hash_name(sha3_algs[i])),
                  zc_hash_init(&c, sha3_algs[i], ZC_BACKEND_CPACF) == ZC_ENOTSUP,
                  "Hercules has no SHA-3 function codes");
    }
    for (i = 0; i < ZC_SHA3_KAT_COUNT; i++) {
        const struct zc_sha3_kat *v = &zc_sha3_kats[i];
        size_t mlen = tu_unhex(msg, sizeof msg, v->msg_hex), olen = tu_unhex(want, sizeof want, v->out);
        const uint8_t *m = msg;
        unsigned long r;
        zc_hash_ctx c;
        int ok;

        if (v->repeat > 1) {                 /* one million 'a' from the big buffer */
            if (v->repeat * mlen > BM_BIGBUF_SIZE)
                continue;
            for (r = 0; r < v->repeat; r++)
                memcpy(bm_bigbuf + r * mlen, msg, mlen);
            m = bm_bigbuf;
            mlen *= v->repeat;
        }
        ok = zc_hash_init(&c, sha3_algs[v->alg], ZC_BACKEND_SOFTWARE) == ZC_OK &&
             zc_hash_update(&c, m, mlen) == ZC_OK &&
             zc_hash_final(&c, olen ? got : NULL, olen) == ZC_OK && memcmp(got, want, olen) == 0;
        bm_result(bm_name(name, sizeof name, "sha3-kat-software", v->name), ok, NULL);
    }
}

static void test_rc4(void)
{
    static uint8_t zero[4112], ks[4112];
    size_t i;
    int ok = 1;

    for (i = 0; i < ZC_RC4_KAT_COUNT && ok; i++) {
        const struct zc_rc4_kat *v = &zc_rc4_kats[i];
        uint8_t key[64], want[16];
        size_t kl = tu_unhex(key, sizeof key, v->key), n = tu_unhex(want, sizeof want, v->keystream);
        zc_rc4_ctx c;

        ok = v->offset + n <= sizeof ks && zc_rc4_init(&c, key, kl) == ZC_OK &&
             zc_rc4_crypt(&c, zero, ks, v->offset + n) == ZC_OK &&
             memcmp(ks + v->offset, want, n) == 0;
    }
    bm_result("rc4-kat-rfc6229", ok, ok ? "all entries" : zc_rc4_kats[i - 1].name);
}

void bm_tests_sym(void)
{
    test_des();
    test_des_cmac();
    test_hmac();
    test_sha3();
    test_rc4();
}
