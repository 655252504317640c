/*
 * test_des_stream.c - the DES/TDES CTR, CFB-64 and OFB stream contexts:
 * the known answers of vectors/des_kat.h (FIPS 81 CFB/OFB examples and
 * the recorded TDEA ones) in pieces of every small size, random texts in
 * random pieces against one one-shot call on every backend (and against
 * the software key), the counter wrap, copies, the backend read-back and
 * bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/des_kat.h"
#include "des_stream_split.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };
static const size_t key_lens[] = { 8, 16, 24 };
static const int stream_modes[] = { ZC_DES_KAT_CTR, ZC_DES_KAT_CFB, ZC_DES_KAT_OFB };

static enum zc_algo mode_algo(int kat_mode)
{
    return kat_mode == ZC_DES_KAT_CTR ? ZC_ALGO_DES_CTR
           : kat_mode == ZC_DES_KAT_CFB ? ZC_ALGO_DES_CFB : ZC_ALGO_DES_OFB;
}

/* The known answers, both directions, in fixed pieces of 1..11 bytes. */
START_TEST(kat_pieces)
{
    size_t i, b, runs = 0;

    for (i = 0; i < sizeof zc_des_kats / sizeof zc_des_kats[0]; i++) {
        const struct zc_des_kat *v = &zc_des_kats[i];
        uint8_t key[24], iv[8], pt[64], ct[64], got[64];
        size_t kl, n;

        if (v->mode != ZC_DES_KAT_CFB && v->mode != ZC_DES_KAT_OFB && v->mode != ZC_DES_KAT_CTR)
            continue;
        kl = tu_unhex(key, sizeof key, v->key);
        n = tu_unhex(pt, sizeof pt, v->pt);
        tu_unhex(iv, sizeof iv, v->iv);
        ck_assert_uint_eq(tu_unhex(ct, sizeof ct, v->ct), n);
        for (b = 0; b < 3; b++) {
            zc_des_key k;
            size_t piece;
            int enc;

            if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (enc = 0; enc < 2; enc++) {
                for (piece = 1; piece <= 11; piece++) {
                    zc_des_stream_ctx s;
                    size_t off;
                    int rc = tu_des_stream_init(&s, v->mode, enc, &k, iv);

                    if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                        break;      /* KM but not this mode's instruction */
                    ck_assert_int_eq(rc, ZC_OK);
                    memset(got, 0, sizeof got);
                    for (off = 0; off < n; off += piece)
                        ck_assert_int_eq(zc_des_stream_update(&s, (enc ? pt : ct) + off, got + off,
                                                              n - off < piece ? n - off : piece),
                                         ZC_OK);
                    ck_assert_msg(memcmp(got, enc ? ct : pt, n) == 0, "%s enc %d piece %zu backend %s",
                                  v->name, enc, piece, zc_backend_name(backends[b]));
                    zc_des_stream_wipe(&s);
                    runs++;
                }
            }
            zc_des_key_wipe(&k);
        }
    }
    ck_assert_uint_ge(runs, 9 * 2 * 11);     /* software at least */
}
END_TEST

/*
 * Random keys, IVs and texts of every length 0..200 and some longer ones,
 * in random pieces: each backend's stream equals one one-shot call on
 * that key and on the software key. _i: mode x key size x direction.
 */
START_TEST(split_equality)
{
    static uint8_t in[1200], ref[1200], one[1200], got[1200];
    int mode = stream_modes[_i / 6];
    size_t kl = key_lens[_i / 2 % 3], len, b;
    int enc = _i & 1;
    uint64_t seed = 0xd5e4a000u + (uint64_t)_i;

    for (len = 0; len <= sizeof in; len += (len < 200 ? 1 : 97)) {
        uint8_t key[24], iv0[8], iv[8];
        zc_des_key sw;

        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, sizeof iv0);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(zc_des_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        memcpy(iv, iv0, 8);
        ck_assert_int_eq(tu_des_mode(mode, enc, &sw, iv, in, ref, len), ZC_OK);
        for (b = 0; b < 3; b++) {
            zc_des_stream_ctx s, fork;
            struct zc_backend_info info;
            zc_des_key k;
            size_t half = len / 2;
            int rc;

            if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            memcpy(iv, iv0, 8);
            rc = tu_des_mode(mode, enc, &k, iv, in, one, len);
            if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF) {
                ck_assert_int_eq(tu_des_stream_init(&s, mode, enc, &k, iv0), ZC_ENOTSUP);
                zc_des_key_wipe(&k);
                continue;
            }
            ck_assert_int_eq(rc, ZC_OK);
            ck_assert(memcmp(one, ref, len) == 0);
            ck_assert_int_eq(tu_des_stream_init(&s, mode, enc, &k, iv0), ZC_OK);
            /* the backend read-back: the software key, or the query's answer */
            ck_assert_int_eq(zc_backend_query(mode_algo(mode), kl, &info), ZC_OK);
            if (backends[b] == ZC_BACKEND_SOFTWARE)
                ck_assert_int_eq(zc_des_stream_backend(&s), ZC_BACKEND_SOFTWARE);
            else
                ck_assert_int_eq(zc_des_stream_backend(&s), info.backend);
            /* small pieces for the first half, a copy, larger ones after */
            ck_assert_int_eq(tu_des_stream_split(&s, &seed, in, got, half, 12), ZC_OK);
            fork = s;
            ck_assert_int_eq(tu_des_stream_split(&s, &seed, in + half, got + half, len - half, 40),
                             ZC_OK);
            ck_assert_msg(memcmp(got, ref, len) == 0, "mode %d key %zu len %zu enc %d backend %s",
                          mode, kl, len, enc, zc_backend_name(backends[b]));
            memset(got + half, 0, len - half);
            ck_assert_int_eq(zc_des_stream_update(&fork, in + half, got + half, len - half), ZC_OK);
            ck_assert_msg(memcmp(got, ref, len) == 0, "copy: mode %d len %zu", mode, len);
            zc_des_stream_wipe(&s);
            zc_des_stream_wipe(&fork);
            zc_des_key_wipe(&k);
        }
        zc_des_key_wipe(&sw);
    }
}
END_TEST

/* The 64-bit counter wraps when a piece ends mid-block. */
START_TEST(ctr_wrap)
{
    static const uint8_t key[24] = { 7, 7, 7 };
    uint8_t ctr[8], zero[40] = { 0 }, ref[40], got[40];
    size_t b, p;

    for (b = 0; b < 3; b++) {
        zc_des_key k;

        if (zc_des_key_init(&k, key, 24, backends[b]) == ZC_ENOTSUP)
            continue;
        for (p = 1; p < 24; p += 2) {
            zc_des_stream_ctx s;

            memset(ctr, 0xff, 8);
            ctr[7] = 0xfe;                          /* wraps inside the text */
            if (zc_des_ctr_stream_init(&s, &k, ctr) == ZC_ENOTSUP)
                break;
            ck_assert_int_eq(zc_des_stream_update(&s, zero, got, p), ZC_OK);
            ck_assert_int_eq(zc_des_stream_update(&s, zero + p, got + p, sizeof zero - p), ZC_OK);
            ck_assert_int_eq(zc_des_ctr_crypt(&k, ctr, zero, ref, sizeof ref), ZC_OK);
            ck_assert_msg(memcmp(got, ref, sizeof ref) == 0, "piece %zu backend %s", p,
                          zc_backend_name(backends[b]));
            ck_assert_uint_eq(ctr[0], 0);           /* the one-shot wrapped too */
            zc_des_stream_wipe(&s);
        }
        zc_des_key_wipe(&k);
    }
}
END_TEST

START_TEST(bad_input)
{
    static const uint8_t key[24] = { 1 }, iv[8] = { 2 };
    uint8_t buf[64], sentinel[64];
    zc_des_stream_ctx s, unset;
    zc_des_key k, zero_key, wiped;
    size_t i;

    memset(&zero_key, 0, sizeof zero_key);
    memset(sentinel, 0x3c, sizeof sentinel);
    memcpy(buf, sentinel, sizeof buf);
    ck_assert_int_eq(zc_des_key_init(&k, key, 16, ZC_BACKEND_SOFTWARE), ZC_OK);

    /* init */
    ck_assert_int_eq(zc_des_ctr_stream_init(NULL, &k, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ctr_stream_init(&s, NULL, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ctr_stream_init(&s, &zero_key, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ctr_stream_init(&s, &k, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ofb_stream_init(&s, &k, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ofb_stream_init(&s, &zero_key, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cfb_stream_init(&s, &k, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cfb_stream_init(&s, &k, iv, 2), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cfb_stream_init(&s, &k, iv, -1), ZC_EINVAL);

    /* never initialised */
    memset(&unset, 0, sizeof unset);
    ck_assert_int_eq(zc_des_stream_update(&unset, buf, buf, 5), ZC_ESTATE);
    memset(&unset, 0xee, sizeof unset);
    ck_assert_int_eq(zc_des_stream_update(&unset, buf, buf, 5), ZC_ESTATE);
    ck_assert_int_eq(zc_des_stream_backend(&unset), ZC_BACKEND_AUTO);
    ck_assert_int_eq(zc_des_stream_backend(NULL), ZC_BACKEND_AUTO);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);

    /* update arguments: nothing written, the stream goes on unchanged */
    ck_assert_int_eq(zc_des_cfb_stream_init(&s, &k, iv, 0), ZC_OK);
    ck_assert_int_eq(zc_des_stream_backend(&s), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_des_stream_update(NULL, buf, buf, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_des_stream_update(&s, NULL, buf, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_des_stream_update(&s, buf, NULL, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_des_stream_update(&s, buf, buf + 1, 5), ZC_EINVAL);   /* partial overlap */
    ck_assert_int_eq(zc_des_stream_update(&s, buf + 1, buf, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_des_stream_update(&s, NULL, NULL, 0), ZC_OK);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    {
        uint8_t ref[21], ivc[8];

        memcpy(ivc, iv, 8);
        ck_assert_int_eq(zc_des_cfb_encrypt(&k, ivc, sentinel, ref, sizeof ref), ZC_OK);
        ck_assert_int_eq(zc_des_stream_update(&s, buf, buf, 3), ZC_OK);
        ck_assert_int_eq(zc_des_stream_update(&s, buf + 3, buf + 3, 18), ZC_OK);
        ck_assert(memcmp(buf, ref, sizeof ref) == 0);
    }

    /* wipe clears every byte; a wiped context is refused */
    zc_des_stream_wipe(&s);
    for (i = 0; i < sizeof s; i++)
        ck_assert_uint_eq(((uint8_t *)&s)[i], 0);
    ck_assert_int_eq(zc_des_stream_update(&s, buf, buf, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_des_stream_backend(&s), ZC_BACKEND_AUTO);
    zc_des_stream_wipe(NULL);

    /* a key wiped under a running stream: fail closed */
    ck_assert_int_eq(zc_des_key_init(&wiped, key, 24, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_des_ofb_stream_init(&s, &wiped, iv), ZC_OK);
    ck_assert_int_eq(zc_des_stream_update(&s, buf, buf, 7), ZC_OK);
    zc_des_key_wipe(&wiped);
    memcpy(buf, sentinel, sizeof buf);
    ck_assert_int_eq(zc_des_stream_update(&s, buf, buf, 7), ZC_ESTATE);
    ck_assert_int_eq(zc_des_stream_update(&s, buf, buf, 0), ZC_ESTATE);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    zc_des_stream_wipe(&s);
    zc_des_key_wipe(&k);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("des-stream");
    TCase *tc = tcase_create("stream");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kat_pieces);
    tcase_add_loop_test(tc, split_equality, 0, 18);
    tcase_add_test(tc, ctr_wrap);
    tcase_add_test(tc, bad_input);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
