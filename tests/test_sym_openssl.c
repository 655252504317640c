/*
 * test_sym_openssl.c - differential test of AES CFB-8 and the DES/TDES
 * modes beyond ECB/CBC against OpenSSL's libcrypto (native tier only;
 * OpenSSL is a test-time oracle, never a library dependency), in the
 * manner of test_aes_openssl.c: random keys, IVs and lengths, on every
 * backend this machine has.
 *
 *   AES CFB-8           aes-{128,192,256}-cfb8
 *   TDES CFB-64, OFB    des-ede3-cfb, des-ede3-ofb, des-ede-cfb, des-ede-ofb
 *   DES CFB-64, OFB     des-cfb, des-ofb (legacy provider)
 *   DES/TDES CTR        OpenSSL has none: built here from its ECB
 *                       (E(counter) XOR text, 64-bit big-endian counter)
 *   DES/TDES CMAC       EVP_MAC "CMAC" over des-ede3-cbc, des-ede-cbc and
 *                       des-cbc (legacy provider)
 *
 * Single DES lives in OpenSSL 3's legacy provider. When it does not load,
 * the 8-byte key rows are skipped with a logged reason; the TDES rows run
 * regardless.
 */
#include <zcrypt.h>
#include <check.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };

/* OpenSSL one-shot through a fetched cipher; returns the output length. */
static int ossl(EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *iv,
                const uint8_t *in, uint8_t *out, int len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0;

    ck_assert_ptr_nonnull(x);
    ck_assert_int_eq(EVP_CipherInit_ex(x, c, NULL, key, iv, enc), 1);
    EVP_CIPHER_CTX_set_padding(x, 0);
    ck_assert_int_eq(EVP_CipherUpdate(x, out, &n1, in, len), 1);
    ck_assert_int_eq(EVP_CipherFinal_ex(x, out + n1, &n2), 1);
    EVP_CIPHER_CTX_free(x);
    return n1 + n2;
}

/*
 * The OpenSSL names for a DES key length; NULL where the cipher cannot be
 * had (single DES without the legacy provider), the reason printed once.
 */
static EVP_CIPHER *des_cipher(size_t key_len, const char *mode)
{
    static int told;
    char name[32];
    EVP_CIPHER *c;

    snprintf(name, sizeof name, "%s-%s", key_len == 8 ? "des" : key_len == 16 ? "des-ede" : "des-ede3",
             mode);
    c = EVP_CIPHER_fetch(NULL, name, NULL);
    if (c == NULL) {
        ck_assert_uint_eq(key_len, 8);      /* TDES is in the default provider */
        if (!told++)
            printf("skipped: single-DES rows: OpenSSL's legacy provider gives no %s\n", name);
    }
    return c;
}

/*
 * Load the legacy provider (single DES) beside the default one (loading
 * any provider explicitly stops the default one loading by itself). The
 * handles are kept and released at the end: LeakSanitizer reports
 * dropped ones as leaks in every forked test.
 */
static OSSL_PROVIDER *legacy, *deflt;

static int providers(void)
{
    legacy = OSSL_PROVIDER_load(NULL, "legacy");
    if (legacy == NULL)
        printf("note: OpenSSL's legacy provider did not load; single DES is not compared\n");
    deflt = OSSL_PROVIDER_load(NULL, "default");
    return deflt != NULL;
}

START_TEST(aes_cfb8_vs_openssl)
{
    static uint8_t in[700], want[700], got[700];
    static const size_t kls[] = { 16, 24, 32 };
    uint8_t key[32], iv0[16], iv[16];
    uint64_t seed = 0xcfb8u + (uint64_t)_i;
    size_t kl = kls[_i], len, b;
    char name[32];
    EVP_CIPHER *c;

    snprintf(name, sizeof name, "aes-%zu-cfb8", kl * 8);
    c = EVP_CIPHER_fetch(NULL, name, NULL);
    ck_assert_ptr_nonnull(c);
    for (len = 0; len <= sizeof in; len += (len < 70 ? 1 : 37)) {
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, sizeof iv0);
        tu_fill(&seed, in, len);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;
            int enc;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (enc = 0; enc < 2; enc++) {
                ossl(c, enc, key, iv0, in, want, (int)len);
                memcpy(iv, iv0, 16);
                ck_assert_int_eq((enc ? zc_aes_cfb8_encrypt : zc_aes_cfb8_decrypt)(&k, iv, in, got, len),
                                 ZC_OK);
                ck_assert_msg(memcmp(got, want, len) == 0, "cfb8 key %zu len %zu enc %d backend %s",
                              kl, len, enc, zc_backend_name(backends[b]));
            }
            zc_aes_key_wipe(&k);
        }
    }
    EVP_CIPHER_free(c);
}
END_TEST

/* CTR from OpenSSL's ECB: E(ctr), E(ctr + 1), ... XOR the text. */
static void ossl_des_ctr(EVP_CIPHER *ecb, const uint8_t *key, const uint8_t ctr0[8],
                         const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t ctr[8], ks[8];
    size_t i;
    int j;

    memcpy(ctr, ctr0, 8);
    for (i = 0; i < len; i++) {
        if (i % 8 == 0) {
            ck_assert_int_eq(ossl(ecb, 1, key, NULL, ctr, ks, 8), 8);
            for (j = 7; j >= 0 && ++ctr[j] == 0; j--)
                ;
        }
        out[i] = in[i] ^ ks[i % 8];
    }
}

/* CFB-64, OFB and CTR for one key length (_i: 8, 16, 24 bytes). */
START_TEST(des_modes_vs_openssl)
{
    static uint8_t in[600], want[600], got[600];
    static const size_t kls[] = { 8, 16, 24 };
    size_t kl = kls[_i], len, b;
    uint64_t seed = 0xde5u + (uint64_t)_i;
    EVP_CIPHER *cfb = des_cipher(kl, "cfb"), *ofb = des_cipher(kl, "ofb"), *ecb = des_cipher(kl, "ecb");

    if (cfb == NULL || ofb == NULL || ecb == NULL)
        goto out;
    for (len = 0; len <= sizeof in; len += (len < 70 ? 1 : 29)) {
        uint8_t key[24], iv0[8], iv[8];

        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, sizeof iv0);
        if (len % 5 == 0)
            memset(iv0 + 4, 0xff, 4);   /* the counter carries inside the text */
        tu_fill(&seed, in, len);
        for (b = 0; b < 3; b++) {
            zc_des_key k;
            int enc;

            if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (enc = 0; enc < 2; enc++) {
                ossl(cfb, enc, key, iv0, in, want, (int)len);
                memcpy(iv, iv0, 8);
                ck_assert_int_eq((enc ? zc_des_cfb_encrypt : zc_des_cfb_decrypt)(&k, iv, in, got, len),
                                 ZC_OK);
                ck_assert_msg(memcmp(got, want, len) == 0, "cfb key %zu len %zu enc %d backend %s", kl,
                              len, enc, zc_backend_name(backends[b]));
            }
            ossl(ofb, 1, key, iv0, in, want, (int)len);
            memcpy(iv, iv0, 8);
            ck_assert_int_eq(zc_des_ofb_crypt(&k, iv, in, got, len), ZC_OK);
            ck_assert_msg(memcmp(got, want, len) == 0, "ofb key %zu len %zu backend %s", kl, len,
                          zc_backend_name(backends[b]));
            ossl_des_ctr(ecb, key, iv0, in, want, len);
            memcpy(iv, iv0, 8);
            ck_assert_int_eq(zc_des_ctr_crypt(&k, iv, in, got, len), ZC_OK);
            ck_assert_msg(memcmp(got, want, len) == 0, "ctr key %zu len %zu backend %s", kl, len,
                          zc_backend_name(backends[b]));
            zc_des_key_wipe(&k);
        }
    }
out:
    EVP_CIPHER_free(cfb);
    EVP_CIPHER_free(ofb);
    EVP_CIPHER_free(ecb);
}
END_TEST

/* CMAC through EVP_MAC over the CBC cipher, every tag prefix 1..8. */
START_TEST(des_cmac_vs_openssl)
{
    static uint8_t msg[400];
    static const size_t kls[] = { 8, 16, 24 };
    static char ciphers[3][16] = { "DES-CBC", "DES-EDE-CBC", "DES-EDE3-CBC" };
    size_t kl = kls[_i], len, b, t;
    uint64_t seed = 0xc3ade5u + (uint64_t)_i;
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_CIPHER *cbc = des_cipher(kl, "cbc");

    ck_assert_ptr_nonnull(mac);
    if (cbc == NULL)
        goto out;
    for (len = 0; len <= sizeof msg; len += (len < 70 ? 1 : 23)) {
        uint8_t key[24], want[8], tag[8];
        OSSL_PARAM params[2];
        EVP_MAC_CTX *x = EVP_MAC_CTX_new(mac);
        size_t wl = 0;

        tu_fill(&seed, key, kl);
        tu_fill(&seed, msg, len);
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, ciphers[_i], 0);
        params[1] = OSSL_PARAM_construct_end();
        ck_assert_int_eq(EVP_MAC_init(x, key, kl, params), 1);
        ck_assert_int_eq(EVP_MAC_update(x, msg, len), 1);
        ck_assert_int_eq(EVP_MAC_final(x, want, &wl, sizeof want), 1);
        ck_assert_uint_eq(wl, 8);
        EVP_MAC_CTX_free(x);
        for (b = 0; b < 3; b++) {
            zc_des_key k;

            if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (t = 1; t <= 8; t++) {
                memset(tag, 0, sizeof tag);
                ck_assert_int_eq(zc_des_cmac(&k, msg, len, tag, t), ZC_OK);
                ck_assert_msg(memcmp(tag, want, t) == 0, "cmac key %zu len %zu tag %zu", kl, len, t);
            }
            zc_des_key_wipe(&k);
        }
    }
out:
    EVP_CIPHER_free(cbc);
    EVP_MAC_free(mac);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sym-openssl");
    TCase *tc = tcase_create("differential");
    int rc;

    if (!providers()) {
        fprintf(stderr, "OpenSSL's default provider did not load\n");
        return 1;
    }
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, aes_cfb8_vs_openssl, 0, 3);
    tcase_add_loop_test(tc, des_modes_vs_openssl, 0, 3);
    tcase_add_loop_test(tc, des_cmac_vs_openssl, 0, 3);
    suite_add_tcase(s, tc);
    rc = tu_run_suite(s);
    if (legacy != NULL)
        OSSL_PROVIDER_unload(legacy);
    OSSL_PROVIDER_unload(deflt);
    return rc;
}
