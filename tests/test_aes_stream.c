/*
 * test_aes_stream.c - the AES-CTR, CFB-128 and OFB stream contexts: the
 * published SP 800-38A vectors in pieces of every small size, random
 * texts in random pieces against one one-shot call on every backend (and
 * against the software key), the counter carry, copies, the backend
 * read-back and bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/aes_kat.h"
#include "modes.h"
#include "stream_split.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };
static const size_t key_lens[] = { 16, 24, 32 };
static const int stream_modes[] = { ZC_KAT_CTR, ZC_KAT_CFB, ZC_KAT_OFB };

static enum zc_aes_mode public_mode(int kat_mode)
{
    return kat_mode == ZC_KAT_CTR ? ZC_AES_CTR : kat_mode == ZC_KAT_CFB ? ZC_AES_CFB : ZC_AES_OFB;
}

/* SP 800-38A F.3-F.5, both directions, in fixed pieces of 1..17 bytes. */
START_TEST(kat_pieces)
{
    size_t i, b, runs = 0;

    for (i = 0; i < ZC_AES_KAT_COUNT; i++) {
        const struct zc_aes_kat *v = &zc_aes_kats[i];
        uint8_t key[32], iv[16], pt[64], ct[64], got[64];
        size_t kl, n;

        if (v->mode != ZC_KAT_CFB && v->mode != ZC_KAT_OFB && v->mode != ZC_KAT_CTR)
            continue;
        kl = tu_unhex(key, sizeof key, v->key);
        n = tu_unhex(pt, sizeof pt, v->pt);
        tu_unhex(iv, sizeof iv, v->iv);
        ck_assert_uint_eq(tu_unhex(ct, sizeof ct, v->ct), n);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;
            size_t piece;
            int enc;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (enc = 0; enc < 2; enc++) {
                for (piece = 1; piece <= 17; piece++) {
                    zc_aes_stream_ctx s;
                    size_t off;
                    int rc = tu_stream_init(&s, v->mode, enc, &k, iv);

                    if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                        break;      /* KM but not this mode's instruction */
                    ck_assert_int_eq(rc, ZC_OK);
                    memset(got, 0, sizeof got);
                    for (off = 0; off < n; off += piece)
                        ck_assert_int_eq(zc_aes_stream_update(&s, (enc ? pt : ct) + off, got + off,
                                                              n - off < piece ? n - off : piece),
                                         ZC_OK);
                    ck_assert_msg(memcmp(got, enc ? ct : pt, n) == 0, "%s enc %d piece %zu backend %s",
                                  v->name, enc, piece, zc_backend_name(backends[b]));
                    zc_aes_stream_wipe(&s);
                    runs++;
                }
            }
            zc_aes_key_wipe(&k);
        }
    }
    ck_assert_uint_ge(runs, 9 * 2 * 17);     /* software at least */
}
END_TEST

/*
 * Random keys, IVs and texts of every length 0..300 and some longer ones,
 * in random pieces: each backend's stream equals one one-shot call on
 * that key and on the software key. _i: mode x key size x direction.
 */
START_TEST(split_equality)
{
    static uint8_t in[2100], ref[2100], one[2100], got[2100];
    int mode = stream_modes[_i / 6];
    size_t kl = key_lens[_i / 2 % 3], len, b;
    int enc = _i & 1;
    uint64_t seed = 0x57e4a000u + (uint64_t)_i;

    for (len = 0; len <= sizeof in; len += (len < 300 ? 1 : 179)) {
        uint8_t key[32], iv0[16], iv[16];
        zc_aes_key sw;

        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, sizeof iv0);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        memcpy(iv, iv0, 16);
        ck_assert_int_eq(tu_aes_mode(mode, enc, &sw, iv, in, ref, len), ZC_OK);
        for (b = 0; b < 3; b++) {
            zc_aes_stream_ctx s, fork;
            zc_aes_key k;
            size_t half = len / 2;
            int rc;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            memcpy(iv, iv0, 16);
            rc = tu_aes_mode(mode, enc, &k, iv, in, one, len);
            if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF) {
                ck_assert_int_eq(tu_stream_init(&s, mode, enc, &k, iv0), ZC_ENOTSUP);
                zc_aes_key_wipe(&k);
                continue;
            }
            ck_assert_int_eq(rc, ZC_OK);
            ck_assert(memcmp(one, ref, len) == 0);
            ck_assert_int_eq(tu_stream_init(&s, mode, enc, &k, iv0), ZC_OK);
            ck_assert_int_eq(zc_aes_stream_backend(&s), zc_aes_mode_backend(&k, public_mode(mode)));
            /* small pieces for the first half, a copy, larger ones after */
            ck_assert_int_eq(tu_stream_split(&s, &seed, in, got, half, 20), ZC_OK);
            fork = s;
            ck_assert_int_eq(tu_stream_split(&s, &seed, in + half, got + half, len - half, 70),
                             ZC_OK);
            ck_assert_msg(memcmp(got, ref, len) == 0, "mode %d key %zu len %zu enc %d backend %s",
                          mode, kl, len, enc, zc_backend_name(backends[b]));
            memset(got + half, 0, len - half);
            ck_assert_int_eq(zc_aes_stream_update(&fork, in + half, got + half, len - half), ZC_OK);
            ck_assert_msg(memcmp(got, ref, len) == 0, "copy: mode %d len %zu", mode, len);
            zc_aes_stream_wipe(&s);
            zc_aes_stream_wipe(&fork);
            zc_aes_key_wipe(&k);
        }
        zc_aes_key_wipe(&sw);
    }
}
END_TEST

/* The counter carries across all 128 bits when a piece ends mid-block. */
START_TEST(ctr_carry)
{
    static const uint8_t key[16] = { 7, 7, 7 };
    uint8_t ctr[16], zero[80] = { 0 }, ref[80], got[80];
    size_t b, p;

    for (b = 0; b < 3; b++) {
        zc_aes_key k;

        if (zc_aes_key_init(&k, key, 16, backends[b]) == ZC_ENOTSUP)
            continue;
        for (p = 1; p < 40; p += 3) {
            zc_aes_stream_ctx s;

            memset(ctr, 0xff, 16);
            ctr[15] = 0xfe;                         /* wraps inside the text */
            if (zc_aes_ctr_stream_init(&s, &k, ctr) == ZC_ENOTSUP)
                break;
            ck_assert_int_eq(zc_aes_stream_update(&s, zero, got, p), ZC_OK);
            ck_assert_int_eq(zc_aes_stream_update(&s, zero + p, got + p, sizeof zero - p), ZC_OK);
            ck_assert_int_eq(zc_aes_ctr_crypt(&k, ctr, zero, ref, sizeof ref), ZC_OK);
            ck_assert_msg(memcmp(got, ref, sizeof ref) == 0, "piece %zu backend %s", p,
                          zc_backend_name(backends[b]));
            ck_assert_uint_eq(ctr[0], 0);           /* the one-shot wrapped too */
            zc_aes_stream_wipe(&s);
        }
        zc_aes_key_wipe(&k);
    }
}
END_TEST

START_TEST(bad_input)
{
    static const uint8_t key[32] = { 1 }, iv[16] = { 2 };
    uint8_t buf[64], sentinel[64];
    zc_aes_stream_ctx s, unset;
    zc_aes_key k, zero_key, wiped;
    size_t i;

    memset(&zero_key, 0, sizeof zero_key);
    memset(sentinel, 0x3c, sizeof sentinel);
    memcpy(buf, sentinel, sizeof buf);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 16, ZC_BACKEND_SOFTWARE), ZC_OK);

    /* init */
    ck_assert_int_eq(zc_aes_ctr_stream_init(NULL, &k, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ctr_stream_init(&s, NULL, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ctr_stream_init(&s, &zero_key, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ctr_stream_init(&s, &k, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ofb_stream_init(&s, &k, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_ofb_stream_init(&s, &zero_key, iv), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb_stream_init(&s, &k, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb_stream_init(&s, &k, iv, 2), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cfb_stream_init(&s, &k, iv, -1), ZC_EINVAL);

    /* never initialised */
    memset(&unset, 0, sizeof unset);
    ck_assert_int_eq(zc_aes_stream_update(&unset, buf, buf, 5), ZC_ESTATE);
    memset(&unset, 0xee, sizeof unset);
    ck_assert_int_eq(zc_aes_stream_update(&unset, buf, buf, 5), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_stream_backend(&unset), ZC_BACKEND_AUTO);
    ck_assert_int_eq(zc_aes_stream_backend(NULL), ZC_BACKEND_AUTO);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);

    /* update arguments: nothing written, the stream goes on unchanged */
    ck_assert_int_eq(zc_aes_cfb_stream_init(&s, &k, iv, 0), ZC_OK);
    ck_assert_int_eq(zc_aes_stream_backend(&s), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_aes_stream_update(NULL, buf, buf, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_stream_update(&s, NULL, buf, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_stream_update(&s, buf, NULL, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_stream_update(&s, buf, buf + 1, 5), ZC_EINVAL);   /* partial overlap */
    ck_assert_int_eq(zc_aes_stream_update(&s, buf + 1, buf, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_stream_update(&s, NULL, NULL, 0), ZC_OK);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    {
        uint8_t ref[21], ivc[16];

        memcpy(ivc, iv, 16);
        ck_assert_int_eq(zc_aes_cfb_encrypt(&k, ivc, sentinel, ref, sizeof ref), ZC_OK);
        ck_assert_int_eq(zc_aes_stream_update(&s, buf, buf, 3), ZC_OK);
        ck_assert_int_eq(zc_aes_stream_update(&s, buf + 3, buf + 3, 18), ZC_OK);
        ck_assert(memcmp(buf, ref, sizeof ref) == 0);
    }

    /* wipe clears every byte; a wiped context is refused */
    zc_aes_stream_wipe(&s);
    for (i = 0; i < sizeof s; i++)
        ck_assert_uint_eq(((uint8_t *)&s)[i], 0);
    ck_assert_int_eq(zc_aes_stream_update(&s, buf, buf, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_stream_backend(&s), ZC_BACKEND_AUTO);
    zc_aes_stream_wipe(NULL);

    /* a key wiped under a running stream: fail closed */
    ck_assert_int_eq(zc_aes_key_init(&wiped, key, 32, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_ofb_stream_init(&s, &wiped, iv), ZC_OK);
    ck_assert_int_eq(zc_aes_stream_update(&s, buf, buf, 7), ZC_OK);
    zc_aes_key_wipe(&wiped);
    memcpy(buf, sentinel, sizeof buf);
    ck_assert_int_eq(zc_aes_stream_update(&s, buf, buf, 7), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_stream_update(&s, buf, buf, 0), ZC_ESTATE);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    zc_aes_stream_wipe(&s);
    zc_aes_key_wipe(&k);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aes-stream");
    TCase *tc = tcase_create("stream");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kat_pieces);
    tcase_add_loop_test(tc, split_equality, 0, 18);
    tcase_add_test(tc, ctr_carry);
    tcase_add_test(tc, bad_input);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
