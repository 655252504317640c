/*
 * test_aes_openssl.c - differential test of the AES modes against
 * OpenSSL's libcrypto (native tier only; OpenSSL is a test-time oracle,
 * never a library dependency). Random keys, IVs and every length class,
 * on every backend this machine has.
 */
#include <zcrypt.h>
#include <check.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/ccm_kat.h"

static const EVP_CIPHER *evp(const char *mode, size_t key_len)
{
    char name[32];

    snprintf(name, sizeof name, "aes-%zu-%s", key_len * 8, mode);
    return EVP_get_cipherbyname(name);
}

/* OpenSSL one-shot: returns the output length. */
static int ossl(const EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *iv,
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

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };
static const size_t key_lens[] = { 16, 24, 32 };

START_TEST(modes_vs_openssl)
{
    static uint8_t in[1100], want[1100], got[1100];
    uint8_t key[32], iv0[16], iv[16];
    uint64_t seed = 0xa3e5u + (uint64_t)_i;
    size_t kl = key_lens[_i], len, b;

    for (len = 0; len <= 1040; len += (len < 70 ? 1 : 13)) {
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, sizeof iv0);
        tu_fill(&seed, in, len);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;
            int enc;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (enc = 0; enc < 2; enc++) {
                if (len % 16 == 0) {
                    ossl(evp("ecb", kl), enc, key, NULL, in, want, (int)len);
                    ck_assert_int_eq((enc ? zc_aes_ecb_encrypt : zc_aes_ecb_decrypt)(&k, in, got, len), ZC_OK);
                    ck_assert_msg(memcmp(got, want, len) == 0, "ecb %zu %zu", kl, len);
                    ossl(evp("cbc", kl), enc, key, iv0, in, want, (int)len);
                    memcpy(iv, iv0, 16);
                    ck_assert_int_eq((enc ? zc_aes_cbc_encrypt : zc_aes_cbc_decrypt)(&k, iv, in, got, len), ZC_OK);
                    ck_assert_msg(memcmp(got, want, len) == 0, "cbc %zu %zu", kl, len);
                }
                ossl(evp("cfb", kl), enc, key, iv0, in, want, (int)len);
                memcpy(iv, iv0, 16);
                ck_assert_int_eq((enc ? zc_aes_cfb_encrypt : zc_aes_cfb_decrypt)(&k, iv, in, got, len), ZC_OK);
                ck_assert_msg(memcmp(got, want, len) == 0, "cfb %zu %zu enc %d", kl, len, enc);
            }
            ossl(evp("ofb", kl), 1, key, iv0, in, want, (int)len);
            memcpy(iv, iv0, 16);
            ck_assert_int_eq(zc_aes_ofb_crypt(&k, iv, in, got, len), ZC_OK);
            ck_assert_msg(memcmp(got, want, len) == 0, "ofb %zu %zu", kl, len);
            ossl(evp("ctr", kl), 1, key, iv0, in, want, (int)len);
            memcpy(iv, iv0, 16);
            ck_assert_int_eq(zc_aes_ctr_crypt(&k, iv, in, got, len), ZC_OK);
            ck_assert_msg(memcmp(got, want, len) == 0, "ctr %zu %zu", kl, len);
            zc_aes_key_wipe(&k);
        }
    }
}
END_TEST

/* GCM with random IV lengths, AAD and text against EVP aes-*-gcm. */
START_TEST(gcm_vs_openssl)
{
    static uint8_t in[600], want[600], got[600], aad[80];
    uint64_t seed = 0x9c3u + (uint64_t)_i;
    size_t kl = key_lens[_i], round;

    for (round = 0; round < 200; round++) {
        uint8_t key[32], iv[40], wtag[16], tag[16];
        size_t len = (size_t)(tu_rand(&seed) % sizeof in), al = (size_t)(tu_rand(&seed) % sizeof aad);
        size_t ivl = round % 3 ? 12 : 1 + (size_t)(tu_rand(&seed) % sizeof iv), b;
        EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
        int n = 0;

        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv, ivl);
        tu_fill(&seed, aad, al);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(EVP_EncryptInit_ex(x, evp("gcm", kl), NULL, NULL, NULL), 1);
        ck_assert_int_eq(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_IVLEN, (int)ivl, NULL), 1);
        ck_assert_int_eq(EVP_EncryptInit_ex(x, NULL, NULL, key, iv), 1);
        ck_assert_int_eq(EVP_EncryptUpdate(x, NULL, &n, aad, (int)al), 1);
        ck_assert_int_eq(EVP_EncryptUpdate(x, want, &n, in, (int)len), 1);
        ck_assert_int_eq(EVP_EncryptFinal_ex(x, want + n, &n), 1);
        ck_assert_int_eq(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, wtag), 1);
        EVP_CIPHER_CTX_free(x);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, ivl, aad, al, in, got, len, tag, 16), ZC_OK);
            ck_assert_msg(memcmp(got, want, len) == 0 && memcmp(tag, wtag, 16) == 0,
                          "gcm key %zu len %zu aad %zu iv %zu", kl, len, al, ivl);
            zc_aes_key_wipe(&k);
        }
    }
}
END_TEST

/* EVP aes-*-ccm one-shot encryption: the payload length goes in first. */
static void ossl_ccm(size_t kl, const uint8_t *key, const uint8_t *nonce, size_t nl,
                     const uint8_t *aad, size_t al, const uint8_t *in, uint8_t *out, size_t len,
                     uint8_t *tag, size_t tl)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n = 0;

    ck_assert_ptr_nonnull(x);
    ck_assert_int_eq(EVP_EncryptInit_ex(x, evp("ccm", kl), NULL, NULL, NULL), 1);
    ck_assert_int_eq(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_IVLEN, (int)nl, NULL), 1);
    ck_assert_int_eq(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_TAG, (int)tl, NULL), 1);
    ck_assert_int_eq(EVP_EncryptInit_ex(x, NULL, NULL, key, nonce), 1);
    ck_assert_int_eq(EVP_EncryptUpdate(x, NULL, &n, NULL, (int)len), 1);
    if (al)
        ck_assert_int_eq(EVP_EncryptUpdate(x, NULL, &n, aad, (int)al), 1);
    ck_assert_int_eq(EVP_EncryptUpdate(x, out, &n, in, (int)len), 1);
    ck_assert_int_eq(EVP_EncryptFinal_ex(x, out + n, &n), 1);
    ck_assert_int_eq(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_GET_TAG, (int)tl, tag), 1);
    EVP_CIPHER_CTX_free(x);
}

/* The CCM known answers (tests/vectors/ccm_kat.h) as OpenSSL computes them. */
START_TEST(ccm_kat_openssl)
{
    static uint8_t aad[ZC_CCM_KAT_C4_AAD_LEN];
    size_t i, j;

    for (i = 0; i < ZC_CCM_KAT_COUNT; i++) {
        const struct zc_ccm_kat *v = &zc_ccm_kats[i];
        uint8_t key[32], nonce[13], pt[64], ct[64], tag[16], got[64], gtag[16];
        size_t kl = tu_unhex(key, sizeof key, v->key), nl = tu_unhex(nonce, sizeof nonce, v->nonce);
        size_t n = tu_unhex(pt, sizeof pt, v->pt), tl = tu_unhex(tag, sizeof tag, v->tag), al;

        tu_unhex(ct, sizeof ct, v->ct);
        if (v->aad_gen) {
            for (j = 0; j < v->aad_gen; j++)
                aad[j] = (uint8_t)j;
            al = v->aad_gen;
        } else {
            al = tu_unhex(aad, sizeof aad, v->aad);
        }
        ossl_ccm(kl, key, nonce, nl, aad, al, pt, got, n, gtag, tl);
        ck_assert_msg(memcmp(got, ct, n) == 0 && memcmp(gtag, tag, tl) == 0, "%s", v->name);
    }
}
END_TEST

/* CCM over every nonce and tag length, random AAD and payloads (now and
 * then AAD across the 0xff00 encoding boundary), against EVP aes-*-ccm. */
START_TEST(ccm_vs_openssl)
{
    static uint8_t in[600], want[600], got[600], aad[0xff10];
    uint64_t seed = 0xcc3u + (uint64_t)_i;
    size_t kl = key_lens[_i], round;

    tu_fill(&seed, aad, sizeof aad);
    for (round = 0; round < 245; round++) {
        uint8_t key[32], nonce[13], wtag[16], tag[16];
        size_t len = (size_t)(tu_rand(&seed) % sizeof in), al = (size_t)(tu_rand(&seed) % 80);
        size_t nl = 7 + round % 7, tl = 4 + 2 * (round / 7 % 7), b;

        if (round % 17 == 0)
            al = 0xff00 - 8 + (size_t)(tu_rand(&seed) % 16);
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, nonce, nl);
        tu_fill(&seed, in, len);
        ossl_ccm(kl, key, nonce, nl, aad, al, in, want, len, wtag, tl);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, nl, aad, al, in, got, len, tag, tl), ZC_OK);
            ck_assert_msg(memcmp(got, want, len) == 0 && memcmp(tag, wtag, tl) == 0,
                          "ccm key %zu len %zu aad %zu nonce %zu tag %zu", kl, len, al, nl, tl);
            ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, nl, aad, al, want, got, len, wtag, tl),
                             ZC_OK);
            ck_assert(memcmp(got, in, len) == 0);
            zc_aes_key_wipe(&k);
        }
    }
}
END_TEST

/* XTS (distinct random keys: OpenSSL 3 refuses key1 == key2 to encrypt). */
START_TEST(xts_vs_openssl)
{
    static uint8_t in[1040], want[1040], got[1040];
    uint64_t seed = 0x7e5u + (uint64_t)_i;
    size_t kl = _i ? 32 : 16, len, b;

    for (len = 16; len <= sizeof in; len += (len < 80 ? 1 : 17)) {
        uint8_t key[64], tw[16];
        int enc;

        tu_fill(&seed, key, 2 * kl);
        tu_fill(&seed, tw, 16);
        tu_fill(&seed, in, len);
        for (enc = 0; enc < 2; enc++) {
            ck_assert_int_eq(ossl(evp("xts", kl), enc, key, tw, in, want, (int)len), (int)len);
            for (b = 0; b < 3; b++) {
                zc_aes_key k1, k2;

                if (zc_aes_key_init(&k1, key, kl, backends[b]) == ZC_ENOTSUP)
                    continue;
                ck_assert_int_eq(zc_aes_key_init(&k2, key + kl, kl, backends[b]), ZC_OK);
                ck_assert_int_eq((enc ? zc_aes_xts_encrypt : zc_aes_xts_decrypt)(&k1, &k2, tw, in, got, len),
                                 ZC_OK);
                ck_assert_msg(memcmp(got, want, len) == 0, "xts key %zu len %zu enc %d", kl, len, enc);
            }
        }
    }
}
END_TEST

/* CMAC through EVP_MAC, every tag prefix. */
START_TEST(cmac_vs_openssl)
{
    static uint8_t msg[600];
    static char ciphers[3][12] = { "AES-128-CBC", "AES-192-CBC", "AES-256-CBC" };
    uint64_t seed = 0xc3acu + (uint64_t)_i;
    size_t kl = key_lens[_i], len, b, t;
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);

    ck_assert_ptr_nonnull(mac);
    for (len = 0; len <= sizeof msg; len += (len < 70 ? 1 : 23)) {
        uint8_t key[32], want[16], tag[16];
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
        ck_assert_uint_eq(wl, 16);
        EVP_MAC_CTX_free(x);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (t = 1; t <= 16; t++) {
                memset(tag, 0, sizeof tag);
                ck_assert_int_eq(zc_aes_cmac(&k, msg, len, tag, t), ZC_OK);
                ck_assert_msg(memcmp(tag, want, t) == 0, "cmac key %zu len %zu tag %zu", kl, len, t);
            }
        }
    }
    EVP_MAC_free(mac);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aes-openssl");
    TCase *tc = tcase_create("differential");

    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, modes_vs_openssl, 0, 3);
    tcase_add_loop_test(tc, gcm_vs_openssl, 0, 3);
    tcase_add_loop_test(tc, xts_vs_openssl, 0, 2);
    tcase_add_loop_test(tc, cmac_vs_openssl, 0, 3);
    tcase_add_test(tc, ccm_kat_openssl);
    tcase_add_loop_test(tc, ccm_vs_openssl, 0, 3);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
