/*
 * test_aes.c - AES key objects and the modes ECB, CBC, CTR, CFB-128,
 * CFB-8 and OFB through the public API: published known answers on every backend,
 * backend equality on random inputs of every length class with random
 * streaming splits, the backend rules, and bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/aes_kat.h"
#include "modes.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };
static const size_t key_lens[] = { 16, 24, 32 };

START_TEST(kat)
{
    size_t i, b;

    for (i = 0; i < ZC_AES_KAT_COUNT; i++) {
        const struct zc_aes_kat *v = &zc_aes_kats[i];
        uint8_t key[32], iv0[16], iv[16], pt[64], ct[64], got[64];
        size_t kl = tu_unhex(key, sizeof key, v->key);
        size_t n = tu_unhex(pt, sizeof pt, v->pt);

        tu_unhex(iv0, sizeof iv0, v->iv);
        ck_assert_uint_eq(tu_unhex(ct, sizeof ct, v->ct), n);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;
            int dir;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (dir = 0; dir < 2; dir++) {
                int rc;

                memcpy(iv, iv0, 16);
                rc = tu_aes_mode(v->mode, dir, &k, iv, dir ? pt : ct, got, n);
                if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                    continue;       /* KM but not this mode's instruction */
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert_msg(memcmp(got, dir ? ct : pt, n) == 0, "%s dir %d backend %s",
                              v->name, dir, zc_backend_name(backends[b]));
                /* one block at a time continues the same stream */
                if (v->mode != ZC_KAT_ECB) {
                    size_t off;

                    memcpy(iv, iv0, 16);
                    for (off = 0; off < n; off += 16)
                        ck_assert_int_eq(tu_aes_mode(v->mode, dir, &k, iv, (dir ? pt : ct) + off,
                                                  got + off, 16), ZC_OK);
                    ck_assert_msg(memcmp(got, dir ? ct : pt, n) == 0, "%s blockwise", v->name);
                }
            }
            zc_aes_key_wipe(&k);
        }
    }
}
END_TEST

/*
 * Every backend gives the software result for random keys, IVs and every
 * length 0..1040 (every class: empty, below a block, whole blocks, block +
 * tail), fed in random pieces for the chaining modes.
 */
START_TEST(backend_equality)
{
    static uint8_t in[1040], ref[1040], got[1040];
    int mode = _i / 3 + 1;
    size_t kl = key_lens[_i % 3], len, b, step = getenv("ZC_TEST_QUICK") ? 7 : 1;
    uint64_t seed = 0x77aa0000u + (uint64_t)_i;

    /* CFB-8 costs a block per byte in software: sparse beyond 80 bytes. */
    if (mode == ZC_KAT_CFB8)
        step = 37;
    for (len = 0; len <= sizeof in; len += (len < 80 ? 1 : step)) {
        uint8_t key[32], iv0[16], iv[16];
        zc_aes_key sw;
        int dir;

        if ((mode == ZC_KAT_ECB || mode == ZC_KAT_CBC) && len % 16)
            continue;
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, sizeof iv0);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        for (dir = 0; dir < 2; dir++) {
            uint8_t ivref[16];

            memcpy(ivref, iv0, 16);
            ck_assert_int_eq(tu_aes_mode(mode, dir, &sw, ivref, in, ref, len), ZC_OK);
            for (b = 0; b < 2; b++) {
                zc_aes_key k;
                size_t off = 0;
                int rc = ZC_OK;

                if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                    continue;
                memcpy(iv, iv0, 16);
                /* pieces of whole blocks, then the rest in one call */
                while (rc == ZC_OK && off < len) {
                    size_t n = (size_t)(tu_rand(&seed) % 5) * 16;

                    if (mode == ZC_KAT_ECB || n == 0 || n >= len - off)
                        n = len - off;
                    if (len - off - n < 16 && mode != ZC_KAT_ECB && mode != ZC_KAT_CBC)
                        n = len - off;
                    memcpy(got + off, in + off, n);           /* in place */
                    rc = tu_aes_mode(mode, dir, &k, iv, got + off, got + off, n);
                    off += n;
                }
                if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                    continue;
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert_msg(memcmp(got, ref, len) == 0, "mode %d key %zu len %zu dir %d backend %s",
                              mode, kl, len, dir, zc_backend_name(backends[b]));
                if (mode != ZC_KAT_ECB)
                    ck_assert_msg(memcmp(iv, ivref, 16) == 0, "iv after mode %d len %zu", mode, len);
                zc_aes_key_wipe(&k);
            }
        }
        zc_aes_key_wipe(&sw);
    }
}
END_TEST

/* The key's backend and each mode's backend follow the backend query. */
START_TEST(backend_rules)
{
    static const uint8_t key[32];
    size_t kl = key_lens[_i];
    struct zc_backend_info ecb;
    zc_aes_key k;
    int m;

    ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_ECB, kl, &ecb), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_backend(&k), ecb.backend);
    for (m = ZC_AES_ECB; m <= ZC_AES_OFB; m++) {
        struct zc_backend_info bi;

        ck_assert_int_eq(zc_backend_query((enum zc_algo)(ZC_ALGO_AES_ECB + m), kl, &bi), ZC_OK);
        ck_assert_int_eq(zc_aes_mode_backend(&k, (enum zc_aes_mode)m), bi.backend);
    }
    if (ecb.backend == ZC_BACKEND_CPACF) {
        ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF), ZC_OK);
        ck_assert_int_eq(zc_aes_key_backend(&k), ZC_BACKEND_CPACF);
    } else {
        ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF), ZC_ENOTSUP);
    }
    ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_aes_key_backend(&k), ZC_BACKEND_SOFTWARE);
    for (m = ZC_AES_ECB; m <= ZC_AES_OFB; m++)
        ck_assert_int_eq(zc_aes_mode_backend(&k, (enum zc_aes_mode)m), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_aes_mode_backend(&k, (enum zc_aes_mode)99), ZC_BACKEND_AUTO);
    /* XTS has no 192-bit form: not a mode this key can run */
    ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_XTS),
                     kl == 24 ? ZC_BACKEND_AUTO : ZC_BACKEND_SOFTWARE);
    zc_aes_key_wipe(&k);
    ck_assert_int_eq(zc_aes_key_backend(&k), ZC_BACKEND_AUTO);
}
END_TEST

/* CTR carries across all 128 bits, also across the 2^32 boundary. */
START_TEST(ctr_carry)
{
    static const uint8_t key[16] = { 1, 2, 3 };
    uint8_t ctr[16], c2[16], a[64], b[64], zero[64] = { 0 };
    size_t i, bk;

    for (bk = 0; bk < 3; bk++) {
        zc_aes_key k;

        if (zc_aes_key_init(&k, key, 16, backends[bk]) == ZC_ENOTSUP)
            continue;
        memset(ctr, 0, 16);
        memset(ctr + 12, 0xff, 4);                 /* low 32 bits all ones */
        ctr[11] = 0xfe;
        memcpy(c2, ctr, 16);
        if (zc_aes_ctr_crypt(&k, ctr, zero, a, 64) == ZC_ENOTSUP)
            continue;
        ck_assert_uint_eq(ctr[11], 0xff);           /* carried out of the low word */
        ck_assert_uint_eq(ctr[15], 3);
        for (i = 0; i < 4; i++) {                   /* block by block through ECB */
            ck_assert_int_eq(zc_aes_ecb_encrypt(&k, c2, b + 16 * i, 16), ZC_OK);
            for (int j = 15; j >= 0 && ++c2[j] == 0; j--)
                ;
        }
        ck_assert(memcmp(a, b, 64) == 0);
        memset(ctr, 0xff, 16);                      /* one block (CPACF's short call) */
        memset(c2, 0xff, 16);
        ck_assert_int_eq(zc_aes_ctr_crypt(&k, ctr, zero, a, 16), ZC_OK);
        ck_assert_int_eq(zc_aes_ecb_encrypt(&k, c2, b, 16), ZC_OK);
        ck_assert(memcmp(a, b, 16) == 0);
        ck_assert(memcmp(ctr, zero, 16) == 0);      /* wrapped to zero */
        memset(ctr, 0xff, 16);                      /* wraps to zero */
        ck_assert_int_eq(zc_aes_ctr_crypt(&k, ctr, zero, a, 17), ZC_OK);
        ck_assert_uint_eq(ctr[15], 1);
        ck_assert_uint_eq(ctr[0], 0);
        zc_aes_key_wipe(&k);
    }
}
END_TEST

START_TEST(bad_input)
{
    static const uint8_t key[32];
    uint8_t iv[16] = { 0 }, buf[64], sentinel[64];
    zc_aes_key k;

    memset(buf, 0x5a, sizeof buf);
    memcpy(sentinel, buf, sizeof buf);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 15, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 0, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 33, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_key_init(&k, NULL, 16, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_key_init(NULL, key, 16, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 16, (enum zc_backend)5), ZC_EINVAL);
    memset(&k, 0, sizeof k);                        /* never initialised */
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, buf, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO), ZC_OK);
    /* lengths */
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, buf, 15), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ecb_decrypt(&k, buf, buf, 17), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cbc_encrypt(&k, iv, buf, buf, 31), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cbc_decrypt(&k, iv, buf, buf, 1), ZC_EINVAL);
    /* NULL pointers */
    ck_assert_int_eq(zc_aes_ecb_encrypt(NULL, buf, buf, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, NULL, buf, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cbc_encrypt(&k, NULL, buf, buf, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ctr_crypt(&k, NULL, buf, buf, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb_encrypt(&k, iv, NULL, buf, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ofb_crypt(&k, iv, buf, NULL, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb8_encrypt(&k, NULL, buf, buf, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb8_decrypt(NULL, iv, buf, buf, 3), ZC_EINVAL);
    /* partial overlap */
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, buf + 16, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cbc_encrypt(&k, iv, buf + 16, buf, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ctr_crypt(&k, iv, buf, buf + 1, 20), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb_decrypt(&k, iv, buf + 3, buf, 20), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ofb_crypt(&k, iv, buf, buf + 8, 9), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb8_encrypt(&k, iv, buf, buf + 1, 9), ZC_EINVAL);
    /* nothing written, IV untouched */
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    for (size_t i = 0; i < 16; i++)
        ck_assert_uint_eq(iv[i], 0);
    /* empty input is fine, with or without buffers */
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, NULL, NULL, 0), ZC_OK);
    ck_assert_int_eq(zc_aes_ctr_crypt(&k, iv, NULL, NULL, 0), ZC_OK);
    zc_aes_key_wipe(&k);
    zc_aes_key_wipe(NULL);
}
END_TEST

START_TEST(wipe)
{
    static const uint8_t key[32] = { 9, 9, 9 };
    zc_aes_key k;
    const uint8_t *p = (const uint8_t *)&k;
    size_t i;

    ck_assert_int_eq(zc_aes_key_init(&k, key, 32, ZC_BACKEND_AUTO), ZC_OK);
    zc_aes_key_wipe(&k);
    for (i = 0; i < sizeof k; i++)
        ck_assert_uint_eq(p[i], 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aes");
    TCase *tc = tcase_create("modes");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kat);
    tcase_add_loop_test(tc, backend_equality, 0, 18);
    tcase_add_loop_test(tc, backend_rules, 0, 3);
    tcase_add_test(tc, ctr_carry);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, wipe);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
