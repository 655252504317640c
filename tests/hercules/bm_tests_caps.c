/*
 * bm_tests_caps.c - the backend rules under ZCRYPT_CAPS, on real CPACF.
 *
 * Built into a variant image with BM_CAPS (the bare-metal stand-in for
 * the ZCRYPT_CAPS environment variable) removing KMC, KMCTR and KIMD-SHA-1
 * while KM stays. Checks what docs/backends.md promises: an AUTO key stays
 * on CPACF and runs exactly the modes whose instruction is gone in
 * software, with correct results; a CPACF-only key refuses those modes with ZC_ENOTSUP;
 * the removed instructions are never issued; nothing is added.
 */
#include <zcrypt.h>

#include <string.h>

#include "bm.h"
#include "../testutil.h"

#define CAPS "-KMC,-KMCTR,-KIMD:1,-KIMD:GHASH"

static unsigned long issued_kmc, issued_kmctr, issued_km, issued_sha1;

void zc_cpacf_trace(unsigned opcode, unsigned long fc);
void zc_cpacf_trace(unsigned opcode, unsigned long fc)
{
    issued_kmc += opcode == 0xb92f;
    issued_kmctr += opcode == 0xb92d;
    issued_km += opcode == 0xb92e;
    issued_sha1 += opcode == 0xb93e && (fc & 0x7f) == 1;
}

/* SP 800-38A F.2.1 (CBC) and F.5.1 (CTR), first two blocks. */
static const char KEY[] = "2b7e151628aed2a6abf7158809cf4f3c";
static const char IV[] = "000102030405060708090a0b0c0d0e0f";
static const char CTR0[] = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
static const char PT[] = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51";
static const char CBC_CT[] = "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2";
static const char CTR_CT[] = "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff";

static void test_aes_rules(void)
{
    uint8_t key[16], iv[16], pt[32], want[32], got[32], tag[16];
    zc_aes_key autok, strict;
    zc_aes_stream_ctx stream;
    unsigned long km0;

    tu_unhex(key, sizeof key, KEY);
    tu_unhex(pt, sizeof pt, PT);
    bm_result("caps.setting", zc_caps_setting() && memcmp(zc_caps_setting(), CAPS, sizeof(CAPS)) == 0, CAPS);
    bm_result("caps.km-kept", zc_cpacf_has(ZC_INSN_KM, 18) && !zc_cpacf_has(ZC_INSN_KMC, 18) &&
              !zc_cpacf_has(ZC_INSN_KMCTR, 18), NULL);

    bm_result("caps.auto-key-on-cpacf",
              zc_aes_key_init(&autok, key, 16, ZC_BACKEND_AUTO) == ZC_OK &&
              zc_aes_key_backend(&autok) == ZC_BACKEND_CPACF, NULL);
    bm_result("caps.auto-modes",
              zc_aes_mode_backend(&autok, ZC_AES_ECB) == ZC_BACKEND_CPACF &&
              zc_aes_mode_backend(&autok, ZC_AES_CFB) == ZC_BACKEND_CPACF &&
              zc_aes_mode_backend(&autok, ZC_AES_CBC) == ZC_BACKEND_SOFTWARE &&
              zc_aes_mode_backend(&autok, ZC_AES_CTR) == ZC_BACKEND_SOFTWARE &&
              zc_aes_mode_backend(&autok, ZC_AES_GCM) == ZC_BACKEND_SOFTWARE &&
              zc_aes_mode_backend(&autok, ZC_AES_CCM) == ZC_BACKEND_SOFTWARE, NULL);
    tu_unhex(iv, sizeof iv, IV);
    tu_unhex(want, sizeof want, CBC_CT);
    bm_result("caps.auto-cbc-in-software",
              zc_aes_cbc_encrypt(&autok, iv, pt, got, 32) == ZC_OK && memcmp(got, want, 32) == 0, NULL);
    tu_unhex(iv, sizeof iv, CTR0);
    tu_unhex(want, sizeof want, CTR_CT);
    km0 = issued_km;
    bm_result("caps.auto-ctr-in-software",
              zc_aes_ctr_crypt(&autok, iv, pt, got, 32) == ZC_OK && memcmp(got, want, 32) == 0 &&
              issued_km == km0, "no KM either: the whole mode runs in software");
    bm_result("caps.auto-gcm-in-software",
              zc_aes_gcm_encrypt(&autok, iv, 12, NULL, 0, pt, got, 32, tag, 16) == ZC_OK, NULL);
    {
        /* CCM needs KMCTR besides KMAC: the AUTO key runs all of it in software */
        zc_aes_key sw;
        uint8_t want_tag[16];
        unsigned long kmctr0 = issued_kmctr;

        bm_result("caps.auto-ccm-in-software",
                  zc_aes_key_init(&sw, key, 16, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                  zc_aes_ccm_encrypt(&sw, iv, 13, iv, 16, pt, want, 32, want_tag, 16) == ZC_OK &&
                  zc_aes_ccm_encrypt(&autok, iv, 13, iv, 16, pt, got, 32, tag, 16) == ZC_OK &&
                  memcmp(got, want, 32) == 0 && memcmp(tag, want_tag, 16) == 0 &&
                  issued_kmctr == kmctr0, NULL);
        zc_aes_key_wipe(&sw);
    }

    bm_result("caps.strict-key",
              zc_aes_key_init(&strict, key, 16, ZC_BACKEND_CPACF) == ZC_OK, NULL);
    bm_result("caps.strict-refuses",
              zc_aes_cbc_encrypt(&strict, iv, pt, got, 32) == ZC_ENOTSUP &&
              zc_aes_ctr_crypt(&strict, iv, pt, got, 32) == ZC_ENOTSUP &&
              zc_aes_gcm_encrypt(&strict, iv, 12, NULL, 0, pt, got, 32, tag, 16) == ZC_ENOTSUP &&
              zc_aes_ccm_encrypt(&strict, iv, 13, NULL, 0, pt, got, 32, tag, 16) == ZC_ENOTSUP &&
              zc_aes_mode_backend(&strict, ZC_AES_CBC) == ZC_BACKEND_AUTO, NULL);
    bm_result("caps.strict-ecb-works",
              zc_aes_ecb_encrypt(&strict, pt, got, 32) == ZC_OK, NULL);

    /* Stream contexts follow their mode's rule: the AUTO key streams CTR
     * in software (KM gives only a partial block's keystream), the
     * CPACF-only key is refused CTR at init but streams CFB on KMF. */
    tu_unhex(iv, sizeof iv, CTR0);
    tu_unhex(want, sizeof want, CTR_CT);
    memset(got, 0, sizeof got);
    bm_result("caps.stream-ctr-auto-in-software",
              zc_aes_ctr_stream_init(&stream, &autok, iv) == ZC_OK &&
              zc_aes_stream_backend(&stream) == ZC_BACKEND_SOFTWARE &&
              zc_aes_stream_update(&stream, pt, got, 5) == ZC_OK &&
              zc_aes_stream_update(&stream, pt + 5, got + 5, 27) == ZC_OK &&
              memcmp(got, want, 32) == 0, "SP 800-38A F.5.1 in pieces of 5 and 27 bytes");
    bm_result("caps.stream-strict",
              zc_aes_ctr_stream_init(&stream, &strict, iv) == ZC_ENOTSUP &&
              zc_aes_cfb_stream_init(&stream, &strict, iv, 0) == ZC_OK &&
              zc_aes_stream_backend(&stream) == ZC_BACKEND_CPACF, "CTR refused, CFB on KMF");
    zc_aes_stream_wipe(&stream);
    zc_aes_key_wipe(&autok);
    zc_aes_key_wipe(&strict);
}

static void test_des_rules(void)
{
    static const uint8_t key[24] = { 1, 35, 69, 103, 137, 171, 205, 239 };
    uint8_t iv[8] = { 0 }, iv2[8] = { 0 }, pt[32], a[32], b[32];
    zc_des_key autok, sw, strict;

    memset(pt, 0x42, sizeof pt);
    bm_result("caps.des-auto-cbc-in-software",
              zc_des_key_init(&autok, key, 24, ZC_BACKEND_AUTO) == ZC_OK &&
              zc_des_key_init(&sw, key, 24, ZC_BACKEND_SOFTWARE) == ZC_OK &&
              zc_des_key_backend(&autok) == ZC_BACKEND_CPACF &&
              zc_des_cbc_encrypt(&autok, iv, pt, a, 32) == ZC_OK &&
              zc_des_cbc_encrypt(&sw, iv2, pt, b, 32) == ZC_OK && memcmp(a, b, 32) == 0, NULL);
    bm_result("caps.des-strict-refuses-cbc",
              zc_des_key_init(&strict, key, 24, ZC_BACKEND_CPACF) == ZC_OK &&
              zc_des_cbc_encrypt(&strict, iv, pt, a, 32) == ZC_ENOTSUP &&
              zc_des_ecb_encrypt(&strict, pt, a, 32) == ZC_OK, NULL);
}

static void test_hash_rules(void)
{
    struct zc_backend_info bi;
    zc_hash_ctx c;
    uint8_t d[20];

    bm_result("caps.sha1-masked",
              zc_backend_query(ZC_ALGO_SHA1, 0, &bi) == ZC_OK && bi.backend == ZC_BACKEND_SOFTWARE &&
              bi.reason == ZC_REASON_MASKED &&
              zc_hash_init(&c, ZC_SHA1, ZC_BACKEND_CPACF) == ZC_ENOTSUP, NULL);
    bm_result("caps.sha1-software-correct",
              zc_hash(ZC_SHA1, "abc", 3, d, 20) == ZC_OK && d[0] == 0xa9 && d[19] == 0x9d, NULL);
    bm_result("caps.sha256-untouched",
              zc_hash_init(&c, ZC_SHA256, ZC_BACKEND_CPACF) == ZC_OK, NULL);
}

void bm_run_tests(void)
{
    test_aes_rules();
    test_des_rules();
    test_hash_rules();
    bm_result("caps.removed-never-issued", issued_kmc == 0 && issued_kmctr == 0 && issued_sha1 == 0,
              "KMC, KMCTR and KIMD-SHA-1 not issued");
}
