/*
 * test_aes_ccm.c - AES-CCM through the public API: SP 800-38C Appendix C
 * and RFC 3610 packet vectors on every backend, in place and not; backend
 * equality on random inputs over every nonce and tag length; wrong tag,
 * ciphertext, AAD or nonce; the payload-length limit of each nonce
 * length; bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/ccm_kat.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };

/* Room for SP 800-38C C.4's AAD. */
static uint8_t big_aad[ZC_CCM_KAT_C4_AAD_LEN];

START_TEST(kat)
{
    size_t i, b, j;

    for (i = 0; i < ZC_CCM_KAT_COUNT; i++) {
        const struct zc_ccm_kat *v = &zc_ccm_kats[i];
        uint8_t key[32], nonce[13], pt[64], ct[64], tag[16], got[64], gtag[16];
        const uint8_t *aad = big_aad;
        size_t kl = tu_unhex(key, sizeof key, v->key), nl = tu_unhex(nonce, sizeof nonce, v->nonce);
        size_t n = tu_unhex(pt, sizeof pt, v->pt), tl = tu_unhex(tag, sizeof tag, v->tag), al;

        if (v->aad_gen) {
            for (j = 0; j < v->aad_gen; j++)
                big_aad[j] = (uint8_t)j;
            al = v->aad_gen;
        } else {
            al = tu_unhex(big_aad, sizeof big_aad, v->aad);
        }
        ck_assert_uint_eq(tu_unhex(ct, sizeof ct, v->ct), n);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            if (zc_aes_ccm_encrypt(&k, nonce, nl, aad, al, pt, got, n, gtag, tl) == ZC_ENOTSUP)
                continue;
            ck_assert_msg(memcmp(got, ct, n) == 0 && memcmp(gtag, tag, tl) == 0, "%s enc %s",
                          v->name, zc_backend_name(backends[b]));
            memcpy(got, pt, n);                   /* in place */
            ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, nl, aad, al, got, got, n, gtag, tl), ZC_OK);
            ck_assert_msg(memcmp(got, ct, n) == 0 && memcmp(gtag, tag, tl) == 0, "%s in place",
                          v->name);
            ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, nl, aad, al, ct, got, n, tag, tl), ZC_OK);
            ck_assert_msg(memcmp(got, pt, n) == 0, "%s dec", v->name);
            memcpy(got, ct, n);
            ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, nl, aad, al, got, got, n, tag, tl), ZC_OK);
            ck_assert_msg(memcmp(got, pt, n) == 0, "%s dec in place", v->name);
            zc_aes_key_wipe(&k);
        }
    }
}
END_TEST

/*
 * Software against every other backend on random keys, nonces, AAD and
 * payloads, over every nonce length (7..13) and tag length (4..16, even).
 */
START_TEST(backend_equality)
{
    /* up to 1200 bytes: more than two 512-byte stack chunks */
    static uint8_t in[1200], ref[1200], got[1200], aad[700];
    static const size_t kls[] = { 16, 24, 32 };
    uint64_t seed = 0x63636d00u + (uint64_t)_i;
    size_t kl = kls[_i], round, rounds = getenv("ZC_TEST_QUICK") ? 70 : 280;

    for (round = 0; round < rounds; round++) {
        uint8_t key[32], nonce[13], rtag[16], tag[16];
        size_t len = (size_t)(tu_rand(&seed) % sizeof in), al = (size_t)(tu_rand(&seed) % sizeof aad);
        size_t nl = 7 + round % 7, tl = 4 + 2 * (round / 7 % 7), b;
        zc_aes_key sw;

        if (round < 40)
            len = round;                          /* every short length */
        if (round % 5 == 0)
            al = (size_t)(tu_rand(&seed) % 40);   /* AAD around one block */
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, nonce, nl);
        tu_fill(&seed, aad, al);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_aes_ccm_encrypt(&sw, nonce, nl, aad, al, in, ref, len, rtag, tl), ZC_OK);
        ck_assert_int_eq(zc_aes_ccm_decrypt(&sw, nonce, nl, aad, al, ref, got, len, rtag, tl), ZC_OK);
        ck_assert(memcmp(got, in, len) == 0);
        for (b = 0; b < 2; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            memcpy(got, in, len);                /* in place */
            if (zc_aes_ccm_encrypt(&k, nonce, nl, aad, al, got, got, len, tag, tl) == ZC_ENOTSUP)
                continue;
            ck_assert_msg(memcmp(got, ref, len) == 0 && memcmp(tag, rtag, tl) == 0,
                          "len %zu aad %zu nonce %zu tag %zu backend %s", len, al, nl, tl,
                          zc_backend_name(backends[b]));
            ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, nl, aad, al, ref, got, len, rtag, tl),
                             ZC_OK);
            ck_assert(memcmp(got, in, len) == 0);
            zc_aes_key_wipe(&k);
        }
        zc_aes_key_wipe(&sw);
    }
}
END_TEST

/* The AAD length encodings' boundary: below 0xff00 two bytes, from 0xff00
 * on 0xfffe and four; every backend agrees with software on both sides. */
START_TEST(aad_boundary)
{
    static const size_t als[] = { 0xfeff, 0xff00, 0xff01 };
    static const uint8_t key[16] = { 0x11, 0x22 }, nonce[12] = { 9 };
    uint8_t in[40], ref[40], got[40], rtag[16], tag[16];
    size_t i, b, j;

    for (j = 0; j < sizeof in; j++)
        in[j] = (uint8_t)(3 * j);
    for (j = 0; j < 0xff01; j++)
        big_aad[j] = (uint8_t)(j ^ j >> 8);
    for (i = 0; i < 3; i++) {
        zc_aes_key sw;

        ck_assert_int_eq(zc_aes_key_init(&sw, key, 16, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_aes_ccm_encrypt(&sw, nonce, 12, big_aad, als[i], in, ref, 40, rtag, 16),
                         ZC_OK);
        for (b = 0; b < 2; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, 16, backends[b]) != ZC_OK ||
                zc_aes_ccm_encrypt(&k, nonce, 12, big_aad, als[i], in, got, 40, tag, 16) != ZC_OK)
                continue;
            ck_assert(memcmp(got, ref, 40) == 0 && memcmp(tag, rtag, 16) == 0);
        }
        /* the length is authenticated: one byte less fails */
        ck_assert_int_eq(zc_aes_ccm_decrypt(&sw, nonce, 12, big_aad, als[i] - 1, ref, got, 40, rtag,
                                            16), ZC_EAUTH);
        ck_assert_int_eq(zc_aes_ccm_decrypt(&sw, nonce, 12, big_aad, als[i], ref, got, 40, rtag, 16),
                         ZC_OK);
        ck_assert(memcmp(got, in, 40) == 0);
    }
}
END_TEST

/* A decryption that must fail: ZC_EAUTH and every output byte zero. */
static void expect_auth_fail(const zc_aes_key *k, const uint8_t *nonce, size_t nl,
                             const uint8_t *aad, size_t al, const uint8_t *ct, size_t len,
                             const uint8_t *tag, size_t tl)
{
    static const uint8_t zero[64];
    uint8_t out[64];

    memset(out, 0xee, sizeof out);
    ck_assert_int_eq(zc_aes_ccm_decrypt(k, nonce, nl, aad, al, ct, out, len, tag, tl), ZC_EAUTH);
    ck_assert(memcmp(out, zero, len) == 0);
}

/* A flipped bit in the tag, ciphertext, AAD or nonce gives ZC_EAUTH and
 * zeroed output, in place too; every tag length compares all its bytes. */
START_TEST(wrong_tag)
{
    static const uint8_t key[16] = { 7 };
    uint8_t nonce[13] = { 1, 2, 3 }, aad[20], pt[41], ct[41], buf[41], tag[16];
    static const uint8_t zero[41];
    size_t b, i, tl;

    memset(pt, 0x33, sizeof pt);
    memset(aad, 0x44, sizeof aad);
    for (b = 0; b < 3; b++) {
        zc_aes_key k;

        if (zc_aes_key_init(&k, key, 16, backends[b]) == ZC_ENOTSUP ||
            zc_aes_ccm_encrypt(&k, nonce, 13, aad, 20, pt, ct, 41, tag, 16) == ZC_ENOTSUP)
            continue;
        for (tl = 4; tl <= 16; tl += 2) {
            ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 11, aad, 20, pt, ct, 41, tag, tl), ZC_OK);
            for (i = 0; i < tl * 8; i++) {       /* every tag bit matters */
                tag[i / 8] ^= (uint8_t)(1u << i % 8);
                expect_auth_fail(&k, nonce, 11, aad, 20, ct, 41, tag, tl);
                tag[i / 8] ^= (uint8_t)(1u << i % 8);
            }
            for (i = 0; i < 41; i += 5) {
                ct[i] ^= 0x10;
                expect_auth_fail(&k, nonce, 11, aad, 20, ct, 41, tag, tl);
                ct[i] ^= 0x10;
            }
            for (i = 0; i < 20; i += 3) {
                aad[i] ^= 0x01;
                expect_auth_fail(&k, nonce, 11, aad, 20, ct, 41, tag, tl);
                aad[i] ^= 0x01;
            }
            for (i = 0; i < 11; i++) {
                nonce[i] ^= 0x80;
                expect_auth_fail(&k, nonce, 11, aad, 20, ct, 41, tag, tl);
                nonce[i] ^= 0x80;
            }
            /* the lengths are authenticated too */
            expect_auth_fail(&k, nonce, 11, aad, 19, ct, 41, tag, tl);
            expect_auth_fail(&k, nonce, 11, aad, 20, ct, 40, tag, tl);
            expect_auth_fail(&k, nonce, 12, aad, 20, ct, 41, tag, tl);
            expect_auth_fail(&k, nonce, 11, aad, 20, ct, 41, tag, tl - 2 >= 4 ? tl - 2 : 6);
            /* in place: the plaintext never stays in the buffer */
            memcpy(buf, ct, sizeof buf);
            tag[0] ^= 1;
            ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 11, aad, 20, buf, buf, 41, tag, tl),
                             ZC_EAUTH);
            ck_assert(memcmp(buf, zero, 41) == 0);
            tag[0] ^= 1;
            ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 11, aad, 20, ct, buf, 41, tag, tl), ZC_OK);
            ck_assert(memcmp(buf, pt, 41) == 0);
        }
        zc_aes_key_wipe(&k);
    }
}
END_TEST

/* The payload must fit in 15 - nonce_len bytes: a 13-byte nonce takes up
 * to 65535 bytes, a 12-byte one up to 2^24 - 1. */
START_TEST(length_limit)
{
    static uint8_t buf[65536];
    static const uint8_t key[16] = { 5 }, nonce[13] = { 6 };
    uint8_t tag[16], sentinel[32];
    zc_aes_key k;
    size_t b;

    for (b = 0; b < 3; b++) {
        if (zc_aes_key_init(&k, key, 16, backends[b]) == ZC_ENOTSUP)
            continue;
        memset(buf, 0x5a, sizeof buf);
        memcpy(sentinel, buf, sizeof sentinel);
        ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 13, NULL, 0, buf, buf, 65536, tag, 16),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 13, NULL, 0, buf, buf, 65536, tag, 16),
                         ZC_EINVAL);
        ck_assert(memcmp(buf, sentinel, sizeof sentinel) == 0);
        if (sizeof(size_t) > 4) {             /* refused before any access */
            ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, buf, buf,
                                                (size_t)1 << 24, tag, 16), ZC_EINVAL);
            ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 9, NULL, 0, buf, buf,
                                                (size_t)1 << 48, tag, 16), ZC_EINVAL);
        }
        if (zc_aes_ccm_encrypt(&k, nonce, 13, NULL, 0, buf, buf, 65535, tag, 16) == ZC_ENOTSUP)
            continue;
        ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 13, NULL, 0, buf, buf, 65535, tag, 16),
                         ZC_OK);
        ck_assert(memcmp(buf, sentinel, sizeof sentinel) == 0 && buf[65534] == 0x5a);
        zc_aes_key_wipe(&k);
    }
}
END_TEST

START_TEST(bad_input)
{
    static const uint8_t key[16];
    static const size_t bad_tags[] = { 0, 1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 18, 32 };
    static const size_t bad_nonces[] = { 0, 1, 6, 14, 16 };
    uint8_t nonce[16] = { 0 }, buf[48], sentinel[48], tag[16];
    zc_aes_key k;
    size_t i;

    memset(buf, 0x5a, sizeof buf);
    memcpy(sentinel, buf, sizeof buf);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO), ZC_OK);
    for (i = 0; i < sizeof(bad_tags) / sizeof(bad_tags[0]); i++) {
        ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, buf, buf, 16, tag, bad_tags[i]),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 12, NULL, 0, buf, buf, 16, tag, bad_tags[i]),
                         ZC_EINVAL);
    }
    for (i = 0; i < sizeof(bad_nonces) / sizeof(bad_nonces[0]); i++) {
        ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, bad_nonces[i], NULL, 0, buf, buf, 16, tag, 16),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, bad_nonces[i], NULL, 0, buf, buf, 16, tag, 16),
                         ZC_EINVAL);
    }
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, NULL, 12, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 5, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, NULL, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, buf, NULL, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, buf, buf, 16, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 12, NULL, 0, buf, buf, 16, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, buf, buf + 1, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 12, NULL, 0, buf + 4, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_encrypt(NULL, nonce, 12, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ccm_decrypt(NULL, nonce, 12, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    /* empty AAD and payload may be NULL; the tag still authenticates the nonce */
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, NULL, NULL, 0, tag, 16), ZC_OK);
    ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 12, NULL, 0, NULL, NULL, 0, tag, 16), ZC_OK);
    nonce[3] = 1;
    ck_assert_int_eq(zc_aes_ccm_decrypt(&k, nonce, 12, NULL, 0, NULL, NULL, 0, tag, 16), ZC_EAUTH);
    /* a wiped key is refused */
    zc_aes_key_wipe(&k);
    ck_assert_int_eq(zc_aes_ccm_encrypt(&k, nonce, 12, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
}
END_TEST

/* zc_aes_mode_backend and the backend query agree on CCM. */
START_TEST(backend_answers)
{
    static const uint8_t key[32] = { 1 };
    static const size_t kls[] = { 16, 24, 32 };
    size_t i;

    for (i = 0; i < 3; i++) {
        struct zc_backend_info bi;
        zc_aes_key k;

        ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_CCM, kls[i], &bi), ZC_OK);
        ck_assert_str_eq(zc_algo_name(ZC_ALGO_AES_CCM), "AES-CCM");
        ck_assert_int_eq(zc_aes_key_init(&k, key, kls[i], ZC_BACKEND_AUTO), ZC_OK);
        if (zc_aes_key_backend(&k) == ZC_BACKEND_CPACF)
            ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_CCM), bi.backend);
        else
            ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_CCM), ZC_BACKEND_SOFTWARE);
        ck_assert_int_eq(zc_aes_key_init(&k, key, kls[i], ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_CCM), ZC_BACKEND_SOFTWARE);
        ck_assert_int_eq(zc_aes_mode_backend(&k, (enum zc_aes_mode)(ZC_AES_CCM + 1)),
                         ZC_BACKEND_AUTO);
    }
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_CCM, 20, &(struct zc_backend_info){ 0 }),
                     ZC_EINVAL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aes-ccm");
    TCase *tc = tcase_create("ccm");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kat);
    tcase_add_loop_test(tc, backend_equality, 0, 3);
    tcase_add_test(tc, aad_boundary);
    tcase_add_test(tc, wrong_tag);
    tcase_add_test(tc, length_limit);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, backend_answers);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
