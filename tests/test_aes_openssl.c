/*
 * test_aes_openssl.c - differential test of the AES modes against
 * OpenSSL's libcrypto (native tier only; OpenSSL is a test-time oracle,
 * never a library dependency). Random keys, IVs and every length class,
 * on every backend this machine has.
 */
#include <zcrypt.h>
#include <check.h>

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

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

int main(void)
{
    Suite *s = suite_create("aes-openssl");
    TCase *tc = tcase_create("differential");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, modes_vs_openssl, 0, 3);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
