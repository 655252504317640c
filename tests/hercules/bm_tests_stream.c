/*
 * bm_tests_stream.c - the AES stream contexts (zcrypt/aes_stream.h) on
 * the bare-metal tier, with ZC_BACKEND_CPACF keys: random texts fed in
 * random pieces must give the output of one one-shot call on the same
 * CPACF key (KMCTR, KMF, KMO for the whole blocks, KM for the partial
 * ones) and of the software key, for CTR, CFB-128 both ways and OFB and
 * every key size; the same for the DES stream contexts
 * (zcrypt/des_stream.h) on the DEA/TDEA function codes 1-3.
 */
#include <zcrypt.h>

#include <string.h>

#include "bm.h"
#include "bm_tests.h"
#include "../testutil.h"
#include "../vectors/aes_kat.h"
#include "../modes.h"
#include "../stream_split.h"
#include "../vectors/des_kat.h"
#include "../des_stream_split.h"

static void test_stream_random(void)
{
    static uint8_t in[500], ref[500], one[500], got[500];
    static const size_t kls[] = { 16, 24, 32 };
    static const struct { int mode, enc; const char *name; } modes[] = {
        { ZC_KAT_CTR, 1, "CTR" }, { ZC_KAT_CFB, 1, "CFB-enc" },
        { ZC_KAT_CFB, 0, "CFB-dec" }, { ZC_KAT_OFB, 1, "OFB" },
    };
    static const enum zc_aes_mode pub[] = {
        [ZC_KAT_CFB] = ZC_AES_CFB, [ZC_KAT_OFB] = ZC_AES_OFB, [ZC_KAT_CTR] = ZC_AES_CTR,
    };
    uint64_t seed = 0x5743u;
    unsigned m, ki;
    char name[80];

    for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
        for (ki = 0; ki < 3; ki++) {
            int ok = 1, round, rc = ZC_OK;

            for (round = 0; round < 10 && ok; round++) {
                uint8_t key[32], iv0[16], iv[16];
                size_t len = round < 4 ? (size_t)round * 13 : (size_t)(tu_rand(&seed) % sizeof in);
                zc_aes_stream_ctx s;
                zc_aes_key hw, sw;

                tu_fill(&seed, key, sizeof key);
                tu_fill(&seed, iv0, 16);
                tu_fill(&seed, in, len);
                rc = zc_aes_key_init(&hw, key, kls[ki], ZC_BACKEND_CPACF);
                if (rc == ZC_OK)
                    rc = zc_aes_key_init(&sw, key, kls[ki], ZC_BACKEND_SOFTWARE);
                if (rc != ZC_OK) {
                    ok = 0;
                    break;
                }
                memcpy(iv, iv0, 16);
                rc = tu_aes_mode(modes[m].mode, modes[m].enc, &sw, iv, in, ref, len);
                memcpy(iv, iv0, 16);
                rc = rc ? rc : tu_aes_mode(modes[m].mode, modes[m].enc, &hw, iv, in, one, len);
                rc = rc ? rc : tu_stream_init(&s, modes[m].mode, modes[m].enc, &hw, iv0);
                ok = rc == ZC_OK && zc_aes_stream_backend(&s) == ZC_BACKEND_CPACF &&
                     zc_aes_mode_backend(&hw, pub[modes[m].mode]) == ZC_BACKEND_CPACF;
                rc = ok ? tu_stream_split(&s, &seed, in, got, len, 1 + round * 3) : rc;
                ok = ok && rc == ZC_OK && memcmp(one, ref, len) == 0 && memcmp(got, one, len) == 0;
                zc_aes_stream_wipe(&s);
                zc_aes_key_wipe(&hw);
                zc_aes_key_wipe(&sw);
            }
            bm_result(bm_name3(name, sizeof name, "aes-stream-cpacf", modes[m].name,
                               kls[ki] == 16 ? "128" : kls[ki] == 24 ? "192" : "256"),
                      ok, rc == ZC_OK ? "random pieces equal one call and software"
                                      : zc_strerror(rc));
        }
    }
}

/* DES/TDES CTR, CFB-64 both ways and OFB streams on CPACF keys. */
static void test_des_stream_random(void)
{
    static uint8_t in[200], ref[200], one[200], got[200];
    static const size_t kls[] = { 8, 16, 24 };
    static const struct { int mode, enc; const char *name; } modes[] = {
        { ZC_DES_KAT_CTR, 1, "CTR" }, { ZC_DES_KAT_CFB, 1, "CFB-enc" },
        { ZC_DES_KAT_CFB, 0, "CFB-dec" }, { ZC_DES_KAT_OFB, 1, "OFB" },
    };
    uint64_t seed = 0xd5743u;
    unsigned m, ki;
    char name[80];

    for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
        for (ki = 0; ki < 3; ki++) {
            int ok = 1, round, rc = ZC_OK;

            for (round = 0; round < 4 && ok; round++) {
                uint8_t key[24], iv0[8], iv[8];
                size_t len = round < 2 ? (size_t)round * 13 : (size_t)(tu_rand(&seed) % sizeof in);
                zc_des_stream_ctx s;
                zc_des_key hw, sw;

                tu_fill(&seed, key, sizeof key);
                tu_fill(&seed, iv0, 8);
                tu_fill(&seed, in, len);
                rc = zc_des_key_init(&hw, key, kls[ki], ZC_BACKEND_CPACF);
                if (rc == ZC_OK)
                    rc = zc_des_key_init(&sw, key, kls[ki], ZC_BACKEND_SOFTWARE);
                if (rc != ZC_OK) {
                    ok = 0;
                    break;
                }
                memcpy(iv, iv0, 8);
                rc = tu_des_mode(modes[m].mode, modes[m].enc, &sw, iv, in, ref, len);
                memcpy(iv, iv0, 8);
                rc = rc ? rc : tu_des_mode(modes[m].mode, modes[m].enc, &hw, iv, in, one, len);
                rc = rc ? rc : tu_des_stream_init(&s, modes[m].mode, modes[m].enc, &hw, iv0);
                ok = rc == ZC_OK && zc_des_stream_backend(&s) == ZC_BACKEND_CPACF;
                rc = ok ? tu_des_stream_split(&s, &seed, in, got, len, 1 + round * 5) : rc;
                ok = ok && rc == ZC_OK && memcmp(one, ref, len) == 0 && memcmp(got, one, len) == 0;
                zc_des_stream_wipe(&s);
                zc_des_key_wipe(&hw);
                zc_des_key_wipe(&sw);
            }
            bm_result(bm_name3(name, sizeof name, "des-stream-cpacf", modes[m].name,
                               kls[ki] == 8 ? "des" : kls[ki] == 16 ? "tdes2" : "tdes3"),
                      ok, rc == ZC_OK ? "random pieces equal one call and software"
                                      : zc_strerror(rc));
        }
    }
}

void bm_tests_stream(void)
{
    test_stream_random();
    test_des_stream_random();
}
