/*
 * test_hash.c - SHA-1/SHA-2 through the public API, on every backend
 * this machine has: known answers, streaming equals one-shot, forking a
 * context by assignment, backend rules, and bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/hash_kat.h"

static const enum zc_hash_alg all_algs[] = {
    ZC_SHA1, ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512, ZC_SHA512_224, ZC_SHA512_256,
    ZC_SHA3_224, ZC_SHA3_256, ZC_SHA3_384, ZC_SHA3_512, ZC_SHAKE128, ZC_SHAKE256
};

/* Output length used for an algorithm: the digest, or 64 bytes of XOF. */
static size_t out_size(enum zc_hash_alg alg)
{
    return zc_hash_size(alg) ? zc_hash_size(alg) : 64;
}
#define NALGS (sizeof(all_algs) / sizeof(all_algs[0]))

static const enum zc_backend backends[] = {
    ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE
};

/* Init on a backend; returns 0 when this machine has no such backend. */
static int init_or_skip(zc_hash_ctx *c, enum zc_hash_alg alg, enum zc_backend b)
{
    int rc = zc_hash_init(c, alg, b);

    if (b == ZC_BACKEND_CPACF && rc == ZC_ENOTSUP)
        return 0;
    ck_assert_int_eq(rc, ZC_OK);
    return 1;
}

START_TEST(kat_all_backends)
{
    size_t i, b;

    for (i = 0; i < ZC_HASH_KAT_COUNT; i++) {
        const struct zc_hash_kat *k = &zc_hash_kats[i];
        uint8_t want[64], got[64];
        size_t dlen = tu_unhex(want, sizeof want, k->digest);
        size_t mlen = strlen(k->msg);

        ck_assert_uint_eq(dlen, zc_hash_size((enum zc_hash_alg)k->alg));
        for (b = 0; b < 3; b++) {
            zc_hash_ctx c;
            unsigned long r;

            if (!init_or_skip(&c, (enum zc_hash_alg)k->alg, backends[b]))
                continue;
            if (k->repeat > 1 && mlen == 1) {      /* one million 'a', in chunks */
                uint8_t chunk[1000];

                memset(chunk, k->msg[0], sizeof chunk);
                for (r = 0; r < k->repeat / sizeof chunk; r++)
                    ck_assert_int_eq(zc_hash_update(&c, chunk, sizeof chunk), ZC_OK);
            } else {
                for (r = 0; r < k->repeat; r++)
                    ck_assert_int_eq(zc_hash_update(&c, k->msg, mlen), ZC_OK);
            }
            ck_assert_int_eq(zc_hash_final(&c, got, dlen), ZC_OK);
            ck_assert_msg(memcmp(got, want, dlen) == 0, "%s %s msg#%zu backend %s",
                          zc_hash_name((enum zc_hash_alg)k->alg), "KAT", i,
                          zc_backend_name(backends[b]));
        }
        if (k->repeat == 1) {
            ck_assert_int_eq(zc_hash((enum zc_hash_alg)k->alg, k->msg, mlen, got, dlen), ZC_OK);
            ck_assert(memcmp(got, want, dlen) == 0);
        }
    }
}
END_TEST

/* Every length 0..600 with random split points equals the one-shot
 * software digest, on every backend. */
START_TEST(streaming_random_splits)
{
    static uint8_t msg[600];
    uint64_t seed = 0x5eed0001u + (uint64_t)_i;
    enum zc_hash_alg alg = all_algs[_i];
    size_t len, b, dlen = out_size(alg), dense = getenv("ZC_TEST_QUICK") ? 140 : 300;

    tu_fill(&seed, msg, sizeof msg);
    for (len = 0; len <= sizeof msg; len += (len < dense ? 1 : 7)) {
        uint8_t ref[64], got[64];
        zc_hash_ctx c;

        ck_assert_int_eq(zc_hash_init(&c, alg, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_hash_update(&c, msg, len), ZC_OK);
        ck_assert_int_eq(zc_hash_final(&c, ref, dlen), ZC_OK);
        for (b = 0; b < 3; b++) {
            size_t off = 0;

            if (!init_or_skip(&c, alg, backends[b]))
                continue;
            while (off < len) {
                size_t n = (size_t)(tu_rand(&seed) % 200);

                if (n > len - off)
                    n = len - off;
                ck_assert_int_eq(zc_hash_update(&c, msg + off, n), ZC_OK);
                /* an empty update between pieces (NULL, 0) changes nothing */
                ck_assert_int_eq(zc_hash_update(&c, NULL, 0), ZC_OK);
                off += n;
            }
            ck_assert_int_eq(zc_hash_final(&c, got, dlen), ZC_OK);
            ck_assert_msg(memcmp(got, ref, dlen) == 0, "%s len %zu backend %s",
                          zc_hash_name(alg), len, zc_backend_name(backends[b]));
        }
    }
}
END_TEST

/* A context copied by assignment continues independently. */
START_TEST(context_fork)
{
    enum zc_hash_alg alg = all_algs[_i];
    size_t dlen = out_size(alg), b;

    for (b = 0; b < 3; b++) {
        zc_hash_ctx c, fork;
        uint8_t d1[64], d2[64], want1[64], want2[64];

        if (!init_or_skip(&c, alg, backends[b]))
            continue;
        ck_assert_int_eq(zc_hash_update(&c, "hello, ", 7), ZC_OK);
        fork = c;
        ck_assert_int_eq(zc_hash_update(&c, "world", 5), ZC_OK);
        ck_assert_int_eq(zc_hash_update(&fork, "there", 5), ZC_OK);
        ck_assert_int_eq(zc_hash_final(&c, d1, dlen), ZC_OK);
        ck_assert_int_eq(zc_hash_final(&fork, d2, dlen), ZC_OK);
        ck_assert_int_eq(zc_hash(alg, "hello, world", 12, want1, dlen), ZC_OK);
        ck_assert_int_eq(zc_hash(alg, "hello, there", 12, want2, dlen), ZC_OK);
        ck_assert(memcmp(d1, want1, dlen) == 0);
        ck_assert(memcmp(d2, want2, dlen) == 0);
    }
}
END_TEST

/* CPACF is refused exactly when the backend query says software, and
 * AUTO lands where the query says. */
START_TEST(backend_rules)
{
    enum zc_hash_alg alg = all_algs[_i];
    struct zc_backend_info bi;
    zc_hash_ctx c;
    int rc;

    ck_assert_int_eq(zc_backend_query((enum zc_algo)alg, 0, &bi), ZC_OK);
    rc = zc_hash_init(&c, alg, ZC_BACKEND_CPACF);
    if (bi.backend == ZC_BACKEND_CPACF) {
        ck_assert_int_eq(rc, ZC_OK);
        ck_assert_int_eq(zc_hash_backend(&c), ZC_BACKEND_CPACF);
        ck_assert_int_eq(bi.reason, ZC_REASON_CPACF);
    } else {
        ck_assert_int_eq(rc, ZC_ENOTSUP);
        ck_assert_int_ne(bi.reason, ZC_REASON_CPACF);
    }
    ck_assert_int_eq(zc_hash_init(&c, alg, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_hash_backend(&c), bi.backend);
    ck_assert_int_eq(zc_hash_init(&c, alg, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_hash_backend(&c), ZC_BACKEND_SOFTWARE);
    zc_hash_wipe(&c);
    ck_assert_int_eq(zc_hash_backend(&c), ZC_BACKEND_AUTO);
}
END_TEST

START_TEST(bad_input)
{
    zc_hash_ctx c;
    uint8_t out[64], sentinel[64];

    memset(out, 0xa5, sizeof out);
    memcpy(sentinel, out, sizeof out);
    /* unknown algorithm, unknown backend, NULL context */
    ck_assert_int_eq(zc_hash_init(&c, (enum zc_hash_alg)99, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_init(&c, (enum zc_hash_alg)-1, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_init(&c, ZC_SHA256, (enum zc_backend)7), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_init(NULL, ZC_SHA256, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_uint_eq(zc_hash_size((enum zc_hash_alg)99), 0);
    ck_assert_str_eq(zc_hash_name((enum zc_hash_alg)99), "unknown");
    /* NULL data: fine with length 0, not otherwise */
    ck_assert_int_eq(zc_hash_init(&c, ZC_SHA256, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_hash_update(&c, NULL, 0), ZC_OK);
    ck_assert_int_eq(zc_hash_update(&c, NULL, 1), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_update(NULL, "x", 1), ZC_EINVAL);
    /* wrong out_len: refused, nothing written, context still usable */
    ck_assert_int_eq(zc_hash_final(&c, out, 31), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_final(&c, out, 33), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_final(&c, out, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_final(&c, NULL, 32), ZC_EINVAL);
    ck_assert(memcmp(out, sentinel, sizeof out) == 0);
    ck_assert_int_eq(zc_hash_final(&c, out, 32), ZC_OK);
    /* finished context: refused until initialised again */
    ck_assert_int_eq(zc_hash_update(&c, "x", 1), ZC_ESTATE);
    ck_assert_int_eq(zc_hash_final(&c, out, 32), ZC_ESTATE);
    /* never initialised (zeroed) */
    memset(&c, 0, sizeof c);
    ck_assert_int_eq(zc_hash_update(&c, "x", 1), ZC_ESTATE);
    /* one-shot */
    memcpy(out, sentinel, sizeof out);
    ck_assert_int_eq(zc_hash(ZC_SHA256, NULL, 5, out, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hash(ZC_SHA256, "abc", 3, out, 20), ZC_EINVAL);
    ck_assert_int_eq(zc_hash(ZC_SHA256, "abc", 3, NULL, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hash((enum zc_hash_alg)42, "abc", 3, out, 32), ZC_EINVAL);
    ck_assert(memcmp(out, sentinel, sizeof out) == 0);
    ck_assert_int_eq(zc_hash(ZC_SHA256, NULL, 0, out, 32), ZC_OK);
}
END_TEST

START_TEST(wipe_clears_everything)
{
    zc_hash_ctx c;
    const uint8_t *p = (const uint8_t *)&c;
    size_t i;

    ck_assert_int_eq(zc_hash_init(&c, ZC_SHA512, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_hash_update(&c, "secret secret secret", 20), ZC_OK);
    zc_hash_wipe(&c);
    for (i = 0; i < sizeof c; i++)
        ck_assert_uint_eq(p[i], 0);
    zc_hash_wipe(NULL);
}
END_TEST

static Suite *hash_suite(void)
{
    Suite *s = suite_create("hash");
    TCase *tc = tcase_create("sha");

    /* The one-million-'a' messages are slow under QEMU in software. */
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kat_all_backends);
    tcase_add_loop_test(tc, streaming_random_splits, 0, NALGS);
    tcase_add_loop_test(tc, context_fork, 0, NALGS);
    tcase_add_loop_test(tc, backend_rules, 0, NALGS);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, wipe_clears_everything);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(hash_suite());
}
