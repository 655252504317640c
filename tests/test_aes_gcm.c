/*
 * test_aes_gcm.c - AES-GCM through the public API: the GCM specification's
 * test cases 1-18 (96-bit and other IV lengths) one-shot and streamed, on
 * every backend; backend equality on random inputs with random splits;
 * tag truncation; wrong tags; bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/aes_kat.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };

/* Streamed encryption or decryption with the given piece size (0 = random). */
static int gcm_stream(const zc_aes_key *k, int dec, const uint8_t *iv, size_t iv_len,
                      const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                      size_t len, uint8_t *tag, size_t tag_len, uint64_t *seed)
{
    zc_aes_gcm_ctx c;
    size_t off = 0;
    int rc = zc_aes_gcm_init(&c, k, iv, iv_len, dec);

    if (rc)
        return rc;
    while (off < aad_len) {
        size_t n = (size_t)(tu_rand(seed) % 40);

        n = n > aad_len - off ? aad_len - off : n;
        ck_assert_int_eq(zc_aes_gcm_aad(&c, aad + off, n), ZC_OK);
        off += n;
    }
    off = 0;
    while (off < len) {
        /* mostly small pieces, sometimes more than a 1 KiB counter chunk */
        size_t n = (size_t)(tu_rand(seed) % 4 ? tu_rand(seed) % 70 : tu_rand(seed) % 1500);

        n = n > len - off ? len - off : n;
        ck_assert_int_eq(zc_aes_gcm_update(&c, in + off, out + off, n), ZC_OK);
        off += n;
    }
    return dec ? zc_aes_gcm_final_verify(&c, tag, tag_len) : zc_aes_gcm_final(&c, tag, tag_len);
}

START_TEST(kat)
{
    size_t i, b;
    uint64_t seed = 42;

    for (i = 0; i < ZC_GCM_KAT_COUNT; i++) {
        const struct zc_gcm_kat *v = &zc_gcm_kats[i];
        uint8_t key[32], iv[64], aad[64], pt[64], ct[64], tag[16], got[64], gtag[16];
        size_t kl = tu_unhex(key, sizeof key, v->key), ivl = tu_unhex(iv, sizeof iv, v->iv);
        size_t al = tu_unhex(aad, sizeof aad, v->aad), n = tu_unhex(pt, sizeof pt, v->pt);

        tu_unhex(ct, sizeof ct, v->ct);
        tu_unhex(tag, sizeof tag, v->tag);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            if (zc_aes_gcm_encrypt(&k, iv, ivl, aad, al, pt, got, n, gtag, 16) == ZC_ENOTSUP)
                continue;
            ck_assert_msg(memcmp(got, ct, n) == 0 && memcmp(gtag, tag, 16) == 0, "%s enc %s",
                          v->name, zc_backend_name(backends[b]));
            ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, ivl, aad, al, ct, got, n, tag, 16), ZC_OK);
            ck_assert_msg(memcmp(got, pt, n) == 0, "%s dec", v->name);
            memset(gtag, 0, 16);
            ck_assert_int_eq(gcm_stream(&k, 0, iv, ivl, aad, al, pt, got, n, gtag, 16, &seed), ZC_OK);
            ck_assert_msg(memcmp(got, ct, n) == 0 && memcmp(gtag, tag, 16) == 0, "%s stream", v->name);
            ck_assert_int_eq(gcm_stream(&k, 1, iv, ivl, aad, al, ct, got, n, tag, 16, &seed), ZC_OK);
            ck_assert(memcmp(got, pt, n) == 0);
            zc_aes_key_wipe(&k);
        }
    }
}
END_TEST

START_TEST(backend_equality)
{
    /* up to 2100 bytes: more than two 1 KiB counter chunks */
    static uint8_t in[2100], ref[2100], got[2100], aad[100];
    static const size_t kls[] = { 16, 24, 32 };
    uint64_t seed = 0x6c6d00u + (uint64_t)_i;
    size_t kl = kls[_i], round, rounds = getenv("ZC_TEST_QUICK") ? 60 : 300;

    for (round = 0; round < rounds; round++) {
        uint8_t key[32], iv[70], rtag[16], tag[16];
        size_t len = (size_t)(tu_rand(&seed) % sizeof in), al = (size_t)(tu_rand(&seed) % sizeof aad);
        size_t ivl = round % 5 ? 12 : 1 + (size_t)(tu_rand(&seed) % sizeof iv), b;
        size_t tl = (size_t[]){ 4, 8, 12, 13, 14, 15, 16 }[round % 7];
        zc_aes_key sw;

        if (round < 40)
            len = round;                          /* every short length */
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv, ivl);
        tu_fill(&seed, aad, al);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_aes_gcm_encrypt(&sw, iv, ivl, aad, al, in, ref, len, rtag, tl), ZC_OK);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            memcpy(got, in, len);                /* in place */
            if (zc_aes_gcm_encrypt(&k, iv, ivl, aad, al, got, got, len, tag, tl) == ZC_ENOTSUP)
                continue;
            ck_assert_msg(memcmp(got, ref, len) == 0 && memcmp(tag, rtag, tl) == 0,
                          "len %zu aad %zu iv %zu backend %s", len, al, ivl,
                          zc_backend_name(backends[b]));
            ck_assert_int_eq(gcm_stream(&k, 0, iv, ivl, aad, al, in, got, len, tag, tl, &seed), ZC_OK);
            ck_assert(memcmp(got, ref, len) == 0 && memcmp(tag, rtag, tl) == 0);
            ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, ivl, aad, al, ref, got, len, rtag, tl), ZC_OK);
            ck_assert(memcmp(got, in, len) == 0);
            ck_assert_int_eq(gcm_stream(&k, 1, iv, ivl, aad, al, ref, got, len, rtag, tl, &seed), ZC_OK);
            ck_assert(memcmp(got, in, len) == 0);
            zc_aes_key_wipe(&k);
        }
        zc_aes_key_wipe(&sw);
    }
}
END_TEST

/* A wrong tag, AAD, IV or ciphertext gives ZC_EAUTH and zeroed output. */
START_TEST(wrong_tag)
{
    static const uint8_t key[16] = { 7 }, iv[12] = { 1 };
    uint8_t pt[40], ct[40], out[40], tag[16], zero[40] = { 0 };
    size_t b, i;

    memset(pt, 0x33, sizeof pt);
    for (b = 0; b < 3; b++) {
        zc_aes_key k;
        zc_aes_gcm_ctx c;

        if (zc_aes_key_init(&k, key, 16, backends[b]) == ZC_ENOTSUP ||
            zc_aes_gcm_encrypt(&k, iv, 12, (const uint8_t *)"hdr", 3, pt, ct, 40, tag, 16) == ZC_ENOTSUP)
            continue;
        for (i = 0; i < 16; i++) {                /* every tag byte matters */
            tag[i] ^= 0x80;
            memset(out, 0xee, sizeof out);
            ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, 12, (const uint8_t *)"hdr", 3, ct, out, 40,
                                                tag, 16), ZC_EAUTH);
            ck_assert(memcmp(out, zero, 40) == 0);
            tag[i] ^= 0x80;
        }
        ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, 12, (const uint8_t *)"hdx", 3, ct, out, 40, tag, 16),
                         ZC_EAUTH);
        ct[39] ^= 1;
        ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, 12, (const uint8_t *)"hdr", 3, ct, out, 40, tag, 16),
                         ZC_EAUTH);
        ck_assert(memcmp(out, zero, 40) == 0);
        ct[39] ^= 1;
        /* truncated tags compare only their prefix */
        ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, 12, (const uint8_t *)"hdr", 3, ct, out, 40, tag, 4),
                         ZC_OK);
        ck_assert(memcmp(out, pt, 40) == 0);
        /* streaming verify */
        ck_assert_int_eq(zc_aes_gcm_init(&c, &k, iv, 12, 1), ZC_OK);
        ck_assert_int_eq(zc_aes_gcm_aad(&c, (const uint8_t *)"hdr", 3), ZC_OK);
        ck_assert_int_eq(zc_aes_gcm_update(&c, ct, out, 40), ZC_OK);
        tag[5] ^= 1;
        ck_assert_int_eq(zc_aes_gcm_final_verify(&c, tag, 16), ZC_EAUTH);
        tag[5] ^= 1;
        zc_aes_key_wipe(&k);
    }
}
END_TEST

START_TEST(bad_input)
{
    static const uint8_t key[16];
    uint8_t iv[12] = { 0 }, buf[48], sentinel[48], tag[16];
    static const size_t bad_tags[] = { 0, 1, 3, 5, 7, 9, 10, 11, 17, 32 };
    zc_aes_key k;
    zc_aes_gcm_ctx c;
    size_t i;

    memset(buf, 0x5a, sizeof buf);
    memcpy(sentinel, buf, sizeof buf);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO), ZC_OK);
    for (i = 0; i < sizeof(bad_tags) / sizeof(bad_tags[0]); i++) {
        ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, buf, 16, tag, bad_tags[i]), ZC_EINVAL);
        ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, 12, NULL, 0, buf, buf, 16, tag, bad_tags[i]), ZC_EINVAL);
    }
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 0, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, NULL, 12, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 5, buf, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, NULL, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, NULL, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, buf, 16, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, buf + 1, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_decrypt(&k, iv, 12, NULL, 0, buf + 4, buf, 16, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_encrypt(NULL, iv, 12, NULL, 0, buf, buf, 16, tag, 16), ZC_EINVAL);
    if (sizeof(size_t) > 4)              /* over 2^36 - 32 bytes: refused before any access */
        ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, buf,
                                            (size_t)ZC_GCM_MAX_TEXT + 1, tag, 16), ZC_EINVAL);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    /* empty everything is valid */
    ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, NULL, NULL, 0, tag, 16), ZC_OK);
    /* streaming state machine */
    memset(&c, 0, sizeof c);
    ck_assert_int_eq(zc_aes_gcm_aad(&c, buf, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_gcm_update(&c, buf, buf, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_gcm_init(&c, &k, iv, 0, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_init(NULL, &k, iv, 12, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_init(&c, &k, iv, 12, 0), ZC_OK);
    ck_assert_int_eq(zc_aes_gcm_aad(&c, NULL, 1), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_update(&c, buf, buf, 5), ZC_OK);
    ck_assert_int_eq(zc_aes_gcm_aad(&c, buf, 1), ZC_ESTATE);      /* AAD after text */
    ck_assert_int_eq(zc_aes_gcm_final_verify(&c, tag, 16), ZC_ESTATE); /* wrong direction */
    ck_assert_int_eq(zc_aes_gcm_final(&c, tag, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_gcm_final(&c, tag, 16), ZC_OK);
    ck_assert_int_eq(zc_aes_gcm_update(&c, buf, buf, 5), ZC_ESTATE);  /* after final */
    ck_assert_int_eq(zc_aes_gcm_backend(&c), ZC_BACKEND_AUTO);
    /* empty AAD and text may be NULL */
    ck_assert_int_eq(zc_aes_gcm_init(&c, &k, iv, 12, 0), ZC_OK);
    ck_assert_int_eq(zc_aes_gcm_aad(&c, NULL, 0), ZC_OK);
    ck_assert_int_eq(zc_aes_gcm_update(&c, NULL, NULL, 0), ZC_OK);
    /* a key wiped under a running context fails closed */
    zc_aes_key_wipe(&k);
    memcpy(buf, sentinel, sizeof buf);
    ck_assert_int_eq(zc_aes_gcm_update(&c, buf, buf, 16), ZC_ESTATE);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    ck_assert_int_eq(zc_aes_gcm_final(&c, tag, 16), ZC_ESTATE);
    zc_aes_gcm_wipe(&c);
    zc_aes_gcm_wipe(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aes-gcm");
    TCase *tc = tcase_create("gcm");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kat);
    tcase_add_loop_test(tc, backend_equality, 0, 3);
    tcase_add_test(tc, wrong_tag);
    tcase_add_test(tc, bad_input);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
