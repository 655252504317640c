/*
 * test_stats.c - the statistics and the hardware-only policy
 * (zcrypt/stats.h) through the public API.
 *
 * The statistics must move for the backend that ran and for no other:
 * the expected backend is what the key or context reports (and, per
 * machine, ZC_TEST_EXPECT: natively everything is software; under QEMU
 * SHA-512 runs on CPACF and AES in software; ZC_TEST_SIM: the CPACF
 * stand-in build, where AES and SHA run on CPACF and protected keys count
 * as protected). Threads that have exited still count, N threads give
 * exactly N times the calls, and counting changes no result.
 *
 * ZC_TEST_POLICY=env: the process runs under ZCRYPT_POLICY=hw-only (and
 * some ZCRYPT_CAPS mask): every operation that would run software must
 * return ZC_ENOTSUP, and every CPACF one must still work.
 * ZC_TEST_STATS=env: the process runs under ZCRYPT_STATS=1.
 * ZC_TEST_SETTINGS=typo: under ZCRYPT_POLICY=hw_only and ZCRYPT_STATS=yes,
 * neither understood: listed by zc_settings_ignored(), the policy hw-only
 * all the same, counting off. ZC_TEST_SETTINGS=case: ZCRYPT_POLICY=HW-ONLY
 * and ZCRYPT_STATS=1: understood, nothing listed.
 */
#define _POSIX_C_SOURCE 200809L    /* setenv() */

#include <zcrypt.h>
#include <check.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"

static const uint8_t key32[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
};

static const char *env_is(const char *name, const char *value)
{
    const char *v = getenv(name);

    return v != NULL && strcmp(v, value) == 0 ? v : NULL;
}

static enum zc_stat_backend stat_be(enum zc_backend b)
{
    return b == ZC_BACKEND_CPACF ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE;
}

static uint64_t total_calls(const struct zc_stats *s)
{
    uint64_t n = 0;
    unsigned r, b, d;

    for (r = 0; r < ZC_STAT_ALGOS; r++)
        for (b = 0; b < ZC_STAT_BACKENDS; b++)
            for (d = 0; d < 2; d++)
                n += s->cell[r][b][d].calls;
    return n;
}

/* Exactly one cell of row id moved: (be, dir) by calls and bytes; nothing else anywhere. */
static void expect_only(int id, enum zc_stat_backend be, unsigned dir, uint64_t calls,
                        uint64_t bytes)
{
    static struct zc_stats s;

    ck_assert_int_ge(id, 0);
    ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
    ck_assert_msg(s.cell[id][be][dir].calls == calls, "%s on %s: %llu calls, want %llu",
                  zc_stat_name(id), zc_stat_backend_name(be),
                  (unsigned long long)s.cell[id][be][dir].calls, (unsigned long long)calls);
    ck_assert_uint_eq(s.cell[id][be][dir].bytes, bytes);
    ck_assert_uint_eq(total_calls(&s), calls);
}

/* ---- statistics ---------------------------------------------------------- */

START_TEST(off_by_default)
{
    static struct zc_stats s;
    uint8_t d[64];

    if (env_is("ZC_TEST_STATS", "env")) {
        ck_assert_int_eq(zc_stats_enabled(), 1);
        return;
    }
    ck_assert_int_eq(zc_stats_enabled(), 0);
    ck_assert_int_eq(zc_hash(ZC_SHA512, "abc", 3, d, 64), ZC_OK);
    ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
    ck_assert_uint_eq(total_calls(&s), 0);
    ck_assert_int_eq(zc_stats_enable(2), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_snapshot((struct zc_stats *)NULL), ZC_EINVAL);
}
END_TEST

/* AES: each mode call counts once, on the backend the mode reports. */
START_TEST(aes_moves_its_backend)
{
    static const enum zc_backend kb[] = { ZC_BACKEND_AUTO, ZC_BACKEND_SOFTWARE, ZC_BACKEND_CPACF };
    uint8_t buf[64] = { 0 }, iv[16] = { 0 };
    zc_aes_key k;
    unsigned i;

    for (i = 0; i < 3; i++) {
        enum zc_backend b;

        if (zc_aes_key_init(&k, key32, 16, kb[i]) != ZC_OK)
            continue;
        ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
        zc_stats_reset();
        b = zc_aes_mode_backend(&k, ZC_AES_CBC);
        ck_assert_int_eq(zc_aes_cbc_encrypt(&k, iv, buf, buf, 64), ZC_OK);
        ck_assert_int_eq(zc_aes_cbc_decrypt(&k, iv, buf, buf, 32), ZC_OK);
        ck_assert_int_eq(zc_aes_cbc_decrypt(&k, iv, buf, buf, 32), ZC_OK);
        {
            static struct zc_stats s;
            int id = zc_stat_id(ZC_ALGO_AES_CBC, 16);

            ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
            ck_assert_uint_eq(s.cell[id][stat_be(b)][0].calls, 1);
            ck_assert_uint_eq(s.cell[id][stat_be(b)][0].bytes, 64);
            ck_assert_uint_eq(s.cell[id][stat_be(b)][1].calls, 2);
            ck_assert_uint_eq(s.cell[id][stat_be(b)][1].bytes, 64);
            ck_assert_uint_eq(total_calls(&s), 3);
        }
        if (kb[i] == ZC_BACKEND_SOFTWARE)
            ck_assert_int_eq(b, ZC_BACKEND_SOFTWARE);
        if (env_is("ZC_TEST_EXPECT", "native") || env_is("ZC_TEST_EXPECT", "qemu"))
            ck_assert_int_eq(b, ZC_BACKEND_SOFTWARE);       /* no KM-AES in either */
        if (env_is("ZC_TEST_SIM", "1") && kb[i] != ZC_BACKEND_SOFTWARE)
            ck_assert_int_eq(b, ZC_BACKEND_CPACF);

        zc_stats_reset();
        b = zc_aes_mode_backend(&k, ZC_AES_GCM);
        {
            uint8_t tag[16];

            ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, buf, 48, tag, 16),
                             ZC_OK);
            expect_only(zc_stat_id(ZC_ALGO_AES_GCM, 16), stat_be(b), 0, 1, 48);
        }
        zc_stats_reset();
        b = zc_aes_mode_backend(&k, ZC_AES_ECB);
        ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, buf, 0), ZC_OK);
        expect_only(zc_stat_id(ZC_ALGO_AES_ECB, 16), stat_be(b), 0, 1, 0);
        zc_aes_key_wipe(&k);
    }
}
END_TEST

/* Hashes count once per digest, with the message length. */
START_TEST(hash_moves_its_backend)
{
    static uint8_t msg[1000];
    uint8_t d[64];
    zc_hash_ctx c;
    enum zc_backend b;

    ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
    zc_stats_reset();
    ck_assert_int_eq(zc_hash_init(&c, ZC_SHA512, ZC_BACKEND_AUTO), ZC_OK);
    b = zc_hash_backend(&c);
    ck_assert_int_eq(zc_hash_update(&c, msg, 600), ZC_OK);
    ck_assert_int_eq(zc_hash_update(&c, msg, 400), ZC_OK);
    ck_assert_int_eq(zc_hash_final(&c, d, 64), ZC_OK);
    expect_only(zc_stat_id(ZC_ALGO_SHA512, 0), stat_be(b), 0, 1, 1000);
    if (env_is("ZC_TEST_EXPECT", "native"))
        ck_assert_int_eq(b, ZC_BACKEND_SOFTWARE);
    if (env_is("ZC_TEST_EXPECT", "qemu") || env_is("ZC_TEST_SIM", "1"))
        ck_assert_int_eq(b, ZC_BACKEND_CPACF);

    zc_stats_reset();
    ck_assert_int_eq(zc_hash_init(&c, ZC_SHA256, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_hash_update(&c, msg, 10), ZC_OK);
    ck_assert_int_eq(zc_hash_final(&c, d, 32), ZC_OK);
    expect_only(zc_stat_id(ZC_ALGO_SHA256, 0), ZC_STAT_SOFTWARE, 0, 1, 10);
}
END_TEST

START_TEST(des_rc4_rsa_random_move)
{
    uint8_t buf[64] = { 0 }, iv[8] = { 0 };
    zc_des_key k;
    zc_rc4_ctx r;
    enum zc_backend b;

    ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
    zc_stats_reset();
    ck_assert_int_eq(zc_des_key_init(&k, key32, 24, ZC_BACKEND_AUTO), ZC_OK);
    b = zc_des_key_backend(&k);
    ck_assert_int_eq(zc_des_cbc_decrypt(&k, iv, buf, buf, 40), ZC_OK);
    /* An AUTO key with KM but no KMC runs CBC in software: count there. */
    if (b == ZC_BACKEND_CPACF) {
        struct zc_backend_info info;

        ck_assert_int_eq(zc_backend_query(ZC_ALGO_DES_CBC, 24, &info), ZC_OK);
        b = info.backend;
    }
    expect_only(zc_stat_id(ZC_ALGO_DES_CBC, 24), stat_be(b), 1, 1, 40);
    zc_des_key_wipe(&k);

    zc_stats_reset();
    ck_assert_int_eq(zc_rc4_init(&r, key32, 16), ZC_OK);
    ck_assert_int_eq(zc_rc4_crypt(&r, buf, buf, 7), ZC_OK);
    ck_assert_int_eq(zc_rc4_crypt(&r, buf, buf, 9), ZC_OK);
    expect_only(zc_stat_id(ZC_ALGO_RC4, 0), ZC_STAT_SOFTWARE, 0, 2, 16);
    zc_rc4_wipe(&r);

    zc_stats_reset();
    if (zc_random_bytes(buf, 33) == ZC_OK) {
        static struct zc_stats s;
        int id = zc_stat_id(ZC_ALGO_RANDOM, 0);

        ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
        ck_assert_uint_eq(s.cell[id][ZC_STAT_CPACF][0].calls +
                          s.cell[id][ZC_STAT_SOFTWARE][0].calls, 1);
        ck_assert_uint_eq(total_calls(&s), 1);
    }
}
END_TEST

START_TEST(rsa_counts_private_and_public)
{
    static zc_rsa_key k;
    uint8_t digest[32] = { 1 }, sig[128];
    size_t sig_len = sizeof sig;
    int id;

    ck_assert_int_eq(zc_rsa_generate(&k, 1024, 0), ZC_OK);
    ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
    zc_stats_reset();
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, digest, sig, &sig_len), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, digest, sig, sig_len), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, digest, sig, sig_len), ZC_OK);
    id = zc_stat_id(ZC_ALGO_RSA, 128);
    ck_assert_str_eq(zc_stat_name(id), "RSA-1024");
    {
        static struct zc_stats s;

        unsigned b;

        ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
        ck_assert_uint_eq(s.cell[id][ZC_STAT_SOFTWARE][0].calls, 1);
        ck_assert_uint_eq(s.cell[id][ZC_STAT_SOFTWARE][1].calls, 2);
        ck_assert_uint_eq(s.cell[id][ZC_STAT_SOFTWARE][1].bytes, 256);
        for (b = 0; b < ZC_STAT_BACKENDS; b++)      /* no other RSA counts */
            ck_assert_uint_eq(s.cell[id][b][0].calls + s.cell[id][b][1].calls,
                              b == ZC_STAT_SOFTWARE ? 3 : 0);
    }
    zc_rsa_key_wipe(&k);
}
END_TEST

/* EC counts as RSA does, one row per curve: signing, ECDH and generation
 * on the private side (bytes: the digest, f, f), verification on the
 * public one (bytes: the digest), each where it ran: CPACF where KDSA and
 * PCC have the curve (the stand-in), else software. A refused call (a
 * CPACF key where they do not) reaches no backend and counts nothing. */
START_TEST(ec_counts_private_and_public)
{
    static const enum zc_ec_curve curves[] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521 };
    static const char *const names[] = { "EC-P-256", "EC-P-384", "EC-P-521" };
    unsigned i, b, r;

    for (i = 0; i < 3; i++) {
        static struct zc_stats s;
        enum zc_algo algo = (enum zc_algo)(ZC_ALGO_EC_P256 + i);
        size_t f = zc_ec_field_size(curves[i]), len;
        uint8_t digest[48] = { 7 }, sig[132], secret[66];
        zc_ec_key a, p;
        int id = zc_stat_id(algo, f), hw;
        unsigned be;
        struct zc_backend_info bi;

        ck_assert_int_ge(id, 0);
        ck_assert_int_eq(zc_stat_id(algo, 0), id);
        ck_assert_int_eq(zc_stat_id(algo, f + 1), ZC_EINVAL);
        ck_assert_str_eq(zc_stat_name(id), names[i]);
        ck_assert_int_eq(zc_backend_query(algo, 0, &bi), ZC_OK);
        hw = bi.backend == ZC_BACKEND_CPACF;        /* KDSA and PCC, all three */
        be = hw ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE;
        ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
        zc_stats_reset();
        ck_assert_int_eq(zc_ec_key_generate(&a, curves[i]), ZC_OK);
        ck_assert_int_eq(zc_ec_key_generate(&p, curves[i]), ZC_OK);
        len = sizeof sig;
        ck_assert_int_eq(zc_ecdsa_sign(&a, ZC_SHA384, digest, sig, &len), ZC_OK);
        ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA384, digest, sig, len), ZC_OK);
        sig[0] ^= 1;                    /* an invalid signature counts as well */
        ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA384, digest, sig, len), ZC_EAUTH);
        len = sizeof sig;
        ck_assert_int_eq(zc_ecdsa_sign_deterministic(&a, ZC_SHA256, digest, sig, &len), ZC_OK);
        len = sizeof secret;
        ck_assert_int_eq(zc_ecdh(&a, &p, secret, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_set_backend(&a, ZC_BACKEND_CPACF), ZC_OK);
        len = sizeof sig;
        ck_assert_int_eq(zc_ecdsa_sign(&a, ZC_SHA384, digest, sig, &len),
                         hw ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA384, digest, sig, 2 * f),
                         hw ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_ec_key_set_backend(&a, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA384, digest, sig, 2 * f - 1), ZC_EAUTH);
        ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
        /* 2 generations + 2 signatures + 1 ECDH (+ the CPACF key's
         * signature); 3 verifications: 2 AUTO, then the CPACF key's (on
         * KDSA) or the software key's */
        ck_assert_uint_eq(s.cell[id][be][0].calls, 5 + hw);
        ck_assert_uint_eq(s.cell[id][be][0].bytes, 2 * f + 48 + 32 + f + 48 * hw);
        ck_assert_uint_eq(s.cell[id][be][1].calls, 3);
        ck_assert_uint_eq(s.cell[id][be][1].bytes, 3 * 48);
        ck_assert_uint_eq(s.cell[id][ZC_STAT_SOFTWARE][1].calls, hw ? 1 : 3);
        for (r = 0; r < 3; r++)         /* no other backend, no other curve */
            for (b = 0; b < ZC_STAT_BACKENDS; b++) {
                int row = zc_stat_id((enum zc_algo)(ZC_ALGO_EC_P256 + r), 0);

                if (row == id && (b == be || b == ZC_STAT_SOFTWARE))
                    continue;
                ck_assert_uint_eq(s.cell[row][b][0].calls + s.cell[row][b][1].calls, 0);
            }
        zc_ec_key_wipe(&a);
        zc_ec_key_wipe(&p);
    }
    ck_assert_int_eq(zc_stats_enable(0), ZC_OK);
}
END_TEST

/* The rows after the NIST curves': one per curve, each right after the
 * one before (rows keep their numbers; new ones go at the end), named,
 * taking key_len 0 or f, and the backend query answers as for the NIST
 * curves: software naming the first missing code (PCC 80/81 for X25519
 * and X448, KDSA for Ed25519 and Ed448), or CPACF where all are here. */
static const struct {
    enum zc_algo algo;
    enum zc_ec_curve curve;
    const char *name;
} ec_new_rows[] = {
    { ZC_ALGO_EC_X25519, ZC_EC_X25519, "EC-X25519" },
    { ZC_ALGO_EC_X448, ZC_EC_X448, "EC-X448" },
    { ZC_ALGO_EC_ED25519, ZC_EC_ED25519, "EC-Ed25519" },
    { ZC_ALGO_EC_ED448, ZC_EC_ED448, "EC-Ed448" },
};

START_TEST(ec_rows_x_and_ed)
{
    int prev = zc_stat_id(ZC_ALGO_EC_P521, 66);
    unsigned i;

    ck_assert_int_eq(prev, 97);                 /* as 0.1.0's 95 rows and the NIST three left it */
    for (i = 0; i < sizeof ec_new_rows / sizeof ec_new_rows[0]; i++) {
        size_t f = zc_ec_field_size(ec_new_rows[i].curve);
        struct zc_backend_info bi;
        int id = zc_stat_id(ec_new_rows[i].algo, f);

        ck_assert_int_eq(id, prev + 1);
        ck_assert_int_eq(zc_stat_id(ec_new_rows[i].algo, 0), id);
        ck_assert_int_eq(zc_stat_id(ec_new_rows[i].algo, f + 1), ZC_EINVAL);
        ck_assert_str_eq(zc_stat_name(id), ec_new_rows[i].name);
        ck_assert_str_eq(zc_algo_name(ec_new_rows[i].algo), ec_new_rows[i].name + 3);
        ck_assert_int_eq(zc_backend_query(ec_new_rows[i].algo, f, &bi), ZC_OK);
        if (bi.backend == ZC_BACKEND_SOFTWARE) {
            /* a code of the curve is missing (or failed its self-test) */
            if (zc_policy_get() == ZC_POLICY_HW_ONLY)
                ck_assert_int_eq(bi.reason, ZC_REASON_POLICY);
            else
                ck_assert(bi.reason != ZC_REASON_CPACF &&
                          bi.reason != ZC_REASON_SOFTWARE_ONLY);
        } else {
            ck_assert_int_eq(bi.backend, ZC_BACKEND_CPACF);     /* the stand-in's codes */
            ck_assert_int_eq(bi.reason, ZC_REASON_CPACF);
        }
        /* X25519/X448 have PCC 80/81 only; Ed's first code is KDSA's sign */
        ck_assert_int_eq(bi.insn, ec_new_rows[i].curve == ZC_EC_X25519 ||
                                  ec_new_rows[i].curve == ZC_EC_X448
                                  ? ZC_INSN_PCC : ZC_INSN_KDSA);
        ck_assert_int_eq(zc_backend_query(ec_new_rows[i].algo, 0, &bi), ZC_OK);
        ck_assert_int_eq(zc_backend_query(ec_new_rows[i].algo, f - 1, &bi), ZC_EINVAL);
        prev = id;
    }
    ck_assert_int_eq(prev, ZC_STAT_ALGOS - 1);   /* the last row */
    ck_assert_ptr_null(zc_stat_name(ZC_STAT_ALGOS));
}
END_TEST

/* X25519 and X448 count on their own rows: generation and ECDH on the
 * private side (bytes: f), an agreement refused for its all-zero result
 * (a low-order peer, known only once computed) included; import counts
 * nothing, nor does a CPACF key's refused call; nothing on the public
 * side, no other curve's row. */
START_TEST(x_counts_generation_and_ecdh)
{
    static const enum zc_ec_curve curves[] = { ZC_EC_X25519, ZC_EC_X448 };
    static const enum zc_algo algos[] = { ZC_ALGO_EC_X25519, ZC_ALGO_EC_X448 };
    unsigned i, b, r;

    for (i = 0; i < 2; i++) {
        static struct zc_stats s;
        size_t f = zc_ec_field_size(curves[i]), len;
        uint8_t zero[56] = { 0 }, secret[56];
        zc_ec_key a, p, low;
        int id = zc_stat_id(algos[i], f);
        struct zc_backend_info bi;
        unsigned be;
        int hw;

        /* PCC 80/81 where they run (the stand-in): the CPACF cells */
        hw = zc_backend_query(algos[i], 0, &bi) == ZC_OK && bi.backend == ZC_BACKEND_CPACF;
        be = hw ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE;
        ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
        zc_stats_reset();
        ck_assert_int_eq(zc_ec_key_generate(&a, curves[i]), ZC_OK);
        ck_assert_int_eq(zc_ec_key_generate(&p, curves[i]), ZC_OK);
        ck_assert_int_eq(zc_ec_key_from_public(&low, curves[i], zero, f), ZC_OK);
        len = sizeof secret;
        ck_assert_int_eq(zc_ecdh(&a, &p, secret, &len), ZC_OK);
        len = sizeof secret;
        ck_assert_int_eq(zc_ecdh(&a, &low, secret, &len), ZC_EINVAL);
        len = f - 1;                    /* refused before it runs */
        ck_assert_int_eq(zc_ecdh(&a, &p, secret, &len), ZC_ENOMEM);
        ck_assert_int_eq(zc_ec_key_set_backend(&a, ZC_BACKEND_CPACF), ZC_OK);
        len = sizeof secret;
        ck_assert_int_eq(zc_ecdh(&a, &p, secret, &len), hw ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
        /* 2 generations + 2 agreements (+ the CPACF key's on PCC) */
        ck_assert_uint_eq(s.cell[id][be][0].calls, 4u + (unsigned)hw);
        ck_assert_uint_eq(s.cell[id][be][0].bytes, (4u + (unsigned)hw) * f);
        for (r = (unsigned)zc_stat_id(ZC_ALGO_EC_P256, 0); r < ZC_STAT_ALGOS; r++)   /* no other curve */
            for (b = 0; b < ZC_STAT_BACKENDS; b++) {
                if ((int)r == id && b == be)
                    ck_assert_uint_eq(s.cell[r][b][1].calls, 0);
                else
                    ck_assert_uint_eq(s.cell[r][b][0].calls + s.cell[r][b][1].calls, 0);
            }
        zc_ec_key_wipe(&a);
        zc_ec_key_wipe(&p);
        zc_ec_key_wipe(&low);
    }
    ck_assert_int_eq(zc_stats_enable(0), ZC_OK);
}
END_TEST

/* Ed25519 and Ed448 count as ECDSA does, on their own rows: generation
 * (bytes: b) and signing on the private side, verification on the public
 * one (bytes: the message; an invalid signature, a wrong length included,
 * counts too), the context and prehash forms alike; a CPACF key's refused
 * call counts nothing. A curve the library makes no keys of (ZC_ENOTSUP
 * at generation) has nothing to count and is skipped. */
START_TEST(ed_counts_private_and_public)
{
    static const enum zc_ec_curve curves[] = { ZC_EC_ED25519, ZC_EC_ED448 };
    static const enum zc_algo algos[] = { ZC_ALGO_EC_ED25519, ZC_ALGO_EC_ED448 };
    static const uint8_t msg[10] = "abcdefghij", ctx[3] = "ctx";
    unsigned i, b, r;

    for (i = 0; i < 2; i++) {
        static struct zc_stats s;
        size_t f = zc_ec_field_size(curves[i]), len;
        uint8_t sig[114];
        zc_ec_key a;
        int id = zc_stat_id(algos[i], f), rc;
        struct zc_backend_info bi;
        unsigned be, sw = ZC_STAT_SOFTWARE, h;
        int hw;

        /* KDSA 32-44 and PCC 72/73 where they run (the stand-in): pure
         * EdDSA and generation in the CPACF cells, ph in software */
        hw = zc_backend_query(algos[i], 0, &bi) == ZC_OK && bi.backend == ZC_BACKEND_CPACF;
        be = hw ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE;
        h = (unsigned)hw;
        ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
        zc_stats_reset();
        rc = zc_ec_key_generate(&a, curves[i]);
        if (rc == ZC_ENOTSUP)
            continue;
        ck_assert_int_eq(rc, ZC_OK);
        len = sizeof sig;
        ck_assert_int_eq(zc_eddsa_sign(&a, msg, 10, sig, &len), ZC_OK);
        ck_assert_uint_eq(len, 2 * f);
        ck_assert_int_eq(zc_eddsa_verify(&a, msg, 10, sig, len), ZC_OK);
        ck_assert_int_eq(zc_eddsa_verify(&a, msg, 9, sig, len), ZC_EAUTH);
        ck_assert_int_eq(zc_eddsa_verify(&a, msg, 10, sig, len - 1), ZC_EAUTH);
        len = sizeof sig;
        ck_assert_int_eq(zc_eddsa_sign_ex(&a, 1, ctx, 3, msg, 7, sig, &len), ZC_OK);
        ck_assert_int_eq(zc_eddsa_verify_ex(&a, 1, ctx, 3, msg, 7, sig, len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_set_backend(&a, ZC_BACKEND_CPACF), ZC_OK);
        len = sizeof sig;
        ck_assert_int_eq(zc_eddsa_sign(&a, msg, 10, sig, &len), hw ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_eddsa_verify(&a, msg, 10, sig, 2 * f), hw ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_stats_snapshot(&s), ZC_OK);
        /* 1 generation + 2 signatures; 4 verifications (+ the CPACF key's
         * signature and verification on KDSA) */
        if (hw) {
            ck_assert_uint_eq(s.cell[id][sw][0].calls, 1);            /* ph */
            ck_assert_uint_eq(s.cell[id][sw][0].bytes, 7);
            ck_assert_uint_eq(s.cell[id][sw][1].calls, 1);
            ck_assert_uint_eq(s.cell[id][sw][1].bytes, 7);
        }
        ck_assert_uint_eq(s.cell[id][be][0].calls, 3);
        ck_assert_uint_eq(s.cell[id][be][0].bytes, f + 10 + 7 + h * 3);        /* 10 for 7 */
        ck_assert_uint_eq(s.cell[id][be][1].calls, 4);
        ck_assert_uint_eq(s.cell[id][be][1].bytes, 10 + 9 + 10 + 7 + h * 3);        /* 10 for 7 */
        for (r = (unsigned)zc_stat_id(ZC_ALGO_EC_P256, 0); r < ZC_STAT_ALGOS; r++)
            for (b = 0; b < ZC_STAT_BACKENDS; b++)     /* no other curve, no other backend */
                if ((int)r != id || (b != be && b != sw))
                    ck_assert_uint_eq(s.cell[r][b][0].calls + s.cell[r][b][1].calls, 0);
        zc_ec_key_wipe(&a);
    }
    ck_assert_int_eq(zc_stats_enable(0), ZC_OK);
}
END_TEST

/* Protected keys count as protected, not as clear-key CPACF. */
START_TEST(protected_counts_protected)
{
    uint8_t buf[32] = { 0 };
    zc_aes_key k;
    int rc = zc_aes_key_init_protected(&k, key32, 32);

    if (env_is("ZC_TEST_SIM", "1"))
        ck_assert_int_eq(rc, ZC_OK);
    if (rc != ZC_OK)
        return;                 /* no /dev/pkey here: nothing to count */
    ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
    zc_stats_reset();
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, buf, 32), ZC_OK);
    expect_only(zc_stat_id(ZC_ALGO_AES_ECB, 32), ZC_STAT_PROTECTED, 0, 1, 32);
    zc_aes_key_wipe(&k);
}
END_TEST

/* ---- threads --------------------------------------------------------------- */

#define NTHREADS 6
#define PER_THREAD 2000

static zc_aes_key shared_key;

static void *worker(void *arg)
{
    uint8_t b[16] = { 0 };
    unsigned i;

    (void)arg;
    for (i = 0; i < PER_THREAD; i++)
        if (zc_aes_ecb_encrypt(&shared_key, b, b, 16) != ZC_OK)
            return (void *)1;
    return NULL;
}

/* The threads have all exited when the snapshot is taken: nothing lost. */
START_TEST(threads_exact_and_kept_after_exit)
{
    pthread_t t[NTHREADS];
    enum zc_backend b;
    unsigned i, n;

    ck_assert_int_eq(zc_aes_key_init(&shared_key, key32, 24, ZC_BACKEND_AUTO), ZC_OK);
    b = zc_aes_mode_backend(&shared_key, ZC_AES_ECB);
    ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
    for (n = 1; n <= NTHREADS; n += NTHREADS - 1) {
        zc_stats_reset();
        for (i = 0; i < n; i++)
            ck_assert_int_eq(pthread_create(&t[i], NULL, worker, NULL), 0);
        for (i = 0; i < n; i++) {
            void *r;

            ck_assert_int_eq(pthread_join(t[i], &r), 0);
            ck_assert_ptr_null(r);
        }
        expect_only(zc_stat_id(ZC_ALGO_AES_ECB, 24), stat_be(b), 0, (uint64_t)n * PER_THREAD,
                    (uint64_t)n * PER_THREAD * 16);
    }
    zc_aes_key_wipe(&shared_key);
}
END_TEST

/* Counting on or off, every result is the same. */
START_TEST(on_off_same_results)
{
    uint8_t in[100], out[2][100], tag[2][16], d[2][64], iv[16];
    zc_aes_key k;
    int on;

    memset(in, 0x5a, sizeof in);
    ck_assert_int_eq(zc_aes_key_init(&k, key32, 32, ZC_BACKEND_AUTO), ZC_OK);
    for (on = 0; on < 2; on++) {
        ck_assert_int_eq(zc_stats_enable(on), ZC_OK);
        memset(iv, 7, sizeof iv);
        ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, in, 13, in, out[on], 100, tag[on], 16),
                         ZC_OK);
        ck_assert_int_eq(zc_aes_ctr_crypt(&k, iv, out[on], out[on], 100), ZC_OK);
        ck_assert_int_eq(zc_hash(ZC_SHA384, out[on], 100, d[on], 48), ZC_OK);
    }
    ck_assert(memcmp(out[0], out[1], 100) == 0);
    ck_assert(memcmp(tag[0], tag[1], 16) == 0);
    ck_assert(memcmp(d[0], d[1], 48) == 0);
    zc_aes_key_wipe(&k);
}
END_TEST

/* ---- names and formats ----------------------------------------------------- */

START_TEST(ids_and_names)
{
    int i, j;

    ck_assert_str_eq(zc_stat_name(zc_stat_id(ZC_ALGO_AES_XTS, 32)), "AES-256-XTS");
    ck_assert_str_eq(zc_stat_name(zc_stat_id(ZC_ALGO_AES_CCM, 24)), "AES-192-CCM");
    ck_assert_str_eq(zc_stat_name(zc_stat_id(ZC_ALGO_DES_ECB, 8)), "DES-ECB");
    ck_assert_str_eq(zc_stat_name(zc_stat_id(ZC_ALGO_DES_CBC, 16)), "TDES-128-CBC");
    ck_assert_str_eq(zc_stat_name(zc_stat_id(ZC_ALGO_SHA3_256, 0)), "SHA3-256");
    ck_assert_str_eq(zc_stat_name(zc_stat_id(ZC_ALGO_RSA, 100)), "RSA-other");
    ck_assert_int_eq(zc_stat_id(ZC_ALGO_AES_CBC, 20), ZC_EINVAL);
    ck_assert_int_eq(zc_stat_id(ZC_ALGO_DES_CBC, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_stat_id((enum zc_algo)200, 16), ZC_EINVAL);
    ck_assert_ptr_null(zc_stat_name(-1));
    ck_assert_ptr_null(zc_stat_name(ZC_STAT_ALGOS));
    ck_assert_ptr_null(zc_stat_backend_name(ZC_STAT_BACKENDS));
    ck_assert_str_eq(zc_stat_backend_name(ZC_STAT_PROTECTED), "protected");
    /* names are unique */
    for (i = 0; i < ZC_STAT_ALGOS; i++)
        for (j = i + 1; j < ZC_STAT_ALGOS; j++)
            if (zc_stat_name(i) && zc_stat_name(j))
                ck_assert_str_ne(zc_stat_name(i), zc_stat_name(j));
}
END_TEST

/* A caller's struct of another size: an older header's (fewer rows) gets
 * only the rows that fit, nothing past its end; a newer header's (more
 * rows) gets the rest zeroed; 0.1.0's entry points serve exactly its 95
 * rows. Row numbers do not change between the sizes. */
START_TEST(snapshot_sizes)
{
    static struct {
        struct zc_stat_cell cell[10][ZC_STAT_BACKENDS][2];
        uint8_t after[64];
    } old;
    static struct {
        struct zc_stat_cell cell[ZC_STAT_ALGOS + 7][ZC_STAT_BACKENDS][2];
    } newer;
    static struct zc_stats full;
    const size_t row = sizeof full.cell[0];
    int sha256 = zc_stat_id(ZC_ALGO_SHA256, 0);
    char buf[256];
    uint8_t d[32];
    unsigned r, b;

    ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
    zc_stats_reset();
    ck_assert_int_eq(zc_hash(ZC_SHA256, "abc", 3, d, 32), ZC_OK);
    ck_assert_int_lt(sha256, 10);

    memset(&old, 0xa5, sizeof old);
    ck_assert_int_eq(zc_stats_snapshot_sized((struct zc_stats *)(void *)&old,
                                             sizeof old.cell), ZC_OK);
    for (b = 0; b < ZC_STAT_BACKENDS; b++)
        if (old.cell[sha256][b][0].calls == 1)
            break;
    ck_assert_uint_lt(b, ZC_STAT_BACKENDS);
    for (r = 0; r < sizeof old.after; r++)
        ck_assert_uint_eq(old.after[r], 0xa5);
    /* formatting reads no more rows than given either */
    ck_assert_int_gt(zc_stats_format_sized((struct zc_stats *)(void *)&old, sizeof old.cell,
                                           ZC_STATS_TEXT, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "SHA-256"));

    memset(&newer, 0xa5, sizeof newer);
    ck_assert_int_eq(zc_stats_snapshot_sized((struct zc_stats *)(void *)&newer,
                                             sizeof newer), ZC_OK);
    ck_assert_uint_eq(newer.cell[sha256][b][0].calls, 1);
    for (r = ZC_STAT_ALGOS; r < ZC_STAT_ALGOS + 7; r++)
        ck_assert_uint_eq(newer.cell[r][0][0].calls, 0);

    ck_assert_int_eq(zc_stats_snapshot_sized(&full, row - 1), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_snapshot_sized(&full, sizeof full + 1), ZC_EINVAL);
    ck_assert_int_eq((zc_stats_snapshot)(&full), ZC_OK);
    ck_assert_uint_eq(full.cell[sha256][b][0].calls, 1);
    ck_assert_int_gt((zc_stats_format)(&full, ZC_STATS_JSON, buf, sizeof buf), 0);
    ck_assert_int_eq(zc_stats_enable(0), ZC_OK);
}
END_TEST

START_TEST(formats)
{
    static struct zc_stats s;
    char buf[512], tiny[20];
    int id = zc_stat_id(ZC_ALGO_AES_GCM, 24), n;

    memset(&s, 0, sizeof s);
    s.cell[id][ZC_STAT_CPACF][1].calls = 3;
    s.cell[id][ZC_STAT_CPACF][1].bytes = 18446744073709551615ull;
    s.cell[zc_stat_id(ZC_ALGO_SHA1, 0)][ZC_STAT_SOFTWARE][0].calls = 1;
    n = zc_stats_format(&s, ZC_STATS_TEXT, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(buf));
    ck_assert_str_eq(buf, "SHA-1 software hash calls=1 bytes=0\n"
                          "AES-192-GCM cpacf decrypt calls=3 bytes=18446744073709551615\n");
    n = zc_stats_format(&s, ZC_STATS_JSON, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(buf));
    ck_assert_str_eq(buf, "{\"counters\":["
                     "{\"algo\":\"SHA-1\",\"backend\":\"software\",\"op\":\"hash\",\"calls\":1,\"bytes\":0},"
                     "{\"algo\":\"AES-192-GCM\",\"backend\":\"cpacf\",\"op\":\"decrypt\",\"calls\":3,"
                     "\"bytes\":18446744073709551615}]}");
    ck_assert_int_eq(zc_stats_format(&s, ZC_STATS_JSON, tiny, sizeof tiny), ZC_ENOMEM);
    ck_assert_str_eq(tiny, "");
    ck_assert_int_eq(zc_stats_format(&s, ZC_STATS_JSON, buf, 0), ZC_ENOMEM);
    ck_assert_int_eq(zc_stats_format((struct zc_stats *)NULL, ZC_STATS_JSON, buf, sizeof buf), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_format(&s, (enum zc_stats_format)9, buf, sizeof buf), ZC_EINVAL);
    memset(&s, 0, sizeof s);
    s.cell[zc_stat_id(ZC_ALGO_EC_P521, 66)][ZC_STAT_SOFTWARE][1].calls = 2;
    s.cell[zc_stat_id(ZC_ALGO_EC_P521, 66)][ZC_STAT_SOFTWARE][1].bytes = 64;
    n = zc_stats_format(&s, ZC_STATS_TEXT, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(buf));
    ck_assert_str_eq(buf, "EC-P-521 software public calls=2 bytes=64\n");
    s.cell[zc_stat_id(ZC_ALGO_EC_ED448, 57)][ZC_STAT_SOFTWARE][0].calls = 1;
    s.cell[zc_stat_id(ZC_ALGO_EC_ED448, 57)][ZC_STAT_SOFTWARE][0].bytes = 3;
    n = zc_stats_format(&s, ZC_STATS_TEXT, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(buf));
    ck_assert_str_eq(buf, "EC-P-521 software public calls=2 bytes=64\n"
                          "EC-Ed448 software private calls=1 bytes=3\n");
    memset(&s, 0, sizeof s);
    ck_assert_int_eq(zc_stats_format(&s, ZC_STATS_JSON, buf, sizeof buf), 15);
    ck_assert_str_eq(buf, "{\"counters\":[]}");
}
END_TEST

/* ---- the hardware-only policy ---------------------------------------------- */

/* What an operation must return under the policy: ZC_OK when the backend
 * query puts it on CPACF, else ZC_ENOTSUP. */
static int want(enum zc_algo a, size_t key_len)
{
    struct zc_backend_info info;

    ck_assert_int_eq(zc_backend_query(a, key_len, &info), ZC_OK);
    return info.backend == ZC_BACKEND_CPACF ? ZC_OK : ZC_ENOTSUP;
}

/*
 * EC under the policy (API.md): signing, ECDH and generation in software
 * are refused, and so is verification (a software operation); deriving
 * the public key at import is allowed (public data), and so are export
 * and the public key. Whatever the key's backend (AUTO, SOFTWARE, CPACF)
 * where KDSA and PCC lack the curve; where they have it (the stand-in)
 * AUTO and CPACF keys run there, and generation too (its public key on
 * PCC). A bad argument is still ZC_EINVAL. The key is RFC 6979 A.2.5's
 * (P-256), its public key the RFC's U.
 */
static void check_hw_only_ec(void)
{
    static const enum zc_backend kb[] = { ZC_BACKEND_AUTO, ZC_BACKEND_SOFTWARE, ZC_BACKEND_CPACF };
    static const enum zc_ec_curve curves[] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521 };
    uint8_t d[32], u[65], pub[65], der[200], h[32] = { 3 }, sig[64], z[32];
    struct zc_backend_info info;
    zc_ec_key k, q, g;
    size_t len, der_len;
    unsigned i;
    int hw[3], on;

    tu_unhex(d, 32, "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721");
    u[0] = 4;
    tu_unhex(u + 1, 64, "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
                        "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299");
    for (i = 0; i < 3; i++) {
        ck_assert_int_eq(zc_backend_query((enum zc_algo)(ZC_ALGO_EC_P256 + i), 0, &info), ZC_OK);
        hw[i] = info.backend == ZC_BACKEND_CPACF;
        if (!hw[i])
            ck_assert_int_eq(info.reason, ZC_REASON_POLICY);
        memset(&g, 0x5a, sizeof g);
        len = 0;                        /* a made key asks for room, a wiped one is refused */
        ck_assert_int_eq(zc_ec_key_generate(&g, curves[i]), hw[i] ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_ec_key_public(&g, NULL, &len), hw[i] ? ZC_ENOMEM : ZC_EINVAL);
    }
    /* import derives Q in software: allowed, and it is the RFC's U */
    ck_assert_int_eq(zc_ec_key_from_private(&k, ZC_EC_P256, d, 32), ZC_OK);
    len = sizeof pub;
    ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);
    ck_assert_uint_eq(len, 65);
    ck_assert_mem_eq(pub, u, 65);
    der_len = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &der_len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_from_der(&q, der, der_len), ZC_OK);
    der_len = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, der, &der_len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_from_der(&q, der, der_len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_from_public(&q, ZC_EC_P256, u, 65), ZC_OK);
    memset(sig, 0x11, sizeof sig);      /* not a valid signature: still not EAUTH */
    for (i = 0; i < 3; i++) {
        ck_assert_int_eq(zc_ec_key_set_backend(&k, kb[i]), ZC_OK);
        ck_assert_int_eq(zc_ec_key_set_backend(&q, kb[i]), ZC_OK);
        on = hw[0] && kb[i] != ZC_BACKEND_SOFTWARE;     /* runs on KDSA and PCC */
        len = sizeof sig;
        ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, h, sig, &len), on ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_ecdsa_sign_deterministic(&k, ZC_SHA256, h, sig, &len),
                         on ? ZC_OK : ZC_ENOTSUP);
        if (!on)
            ck_assert_uint_eq(sig[0], 0x11);
        ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHA256, h, sig, 64), on ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_ecdsa_verify(&q, ZC_SHA256, h, sig, 64), on ? ZC_OK : ZC_ENOTSUP);
        memset(sig, 0x11, sizeof sig);
        len = sizeof z;
        ck_assert_int_eq(zc_ecdh(&k, &q, z, &len), on ? ZC_OK : ZC_ENOTSUP);
        /* arguments first: a bad one is ZC_EINVAL on every backend */
        ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, NULL, sig, &len), ZC_EINVAL);
        ck_assert_int_eq(zc_ecdsa_sign(&q, ZC_SHA256, h, sig, &len), ZC_EINVAL);   /* public */
        ck_assert_int_eq(zc_ecdsa_verify(&q, ZC_SHAKE128, h, sig, 64), ZC_EINVAL);
        ck_assert_int_eq(zc_ecdh(&q, &k, z, &len), ZC_EINVAL);
        len = sizeof pub;
        ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_backend(&k), kb[i]);
    }
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&q);
}

/* Every fallback turns into ZC_ENOTSUP; what runs on CPACF still runs. */
static void check_hw_only(void)
{
    uint8_t buf[128] = { 0 }, iv[16] = { 0 }, d[64] = { 0 }, tag[16];  /* buf: an RSA-1024 signature */
    static zc_rsa_key rk;
    size_t sig_len = 128;
    zc_aes_key k;
    zc_des_key dk;
    zc_hash_ctx h;
    zc_rc4_ctx r;
    int rc;

    ck_assert_int_eq(zc_policy_get(), ZC_POLICY_HW_ONLY);
    /* the backend query says why: the policy, wherever software would run */
    {
        static const struct { enum zc_algo a; size_t kl; } q[] = {
            { ZC_ALGO_SHA256, 0 }, { ZC_ALGO_SHA3_256, 0 }, { ZC_ALGO_AES_CBC, 16 },
            { ZC_ALGO_AES_GCM, 32 }, { ZC_ALGO_AES_XTS, 32 }, { ZC_ALGO_DES_CBC, 24 },
            { ZC_ALGO_RC4, 16 }, { ZC_ALGO_RSA, 256 }, { ZC_ALGO_EC_P384, 48 },
            { ZC_ALGO_EC_X25519, 32 }, { ZC_ALGO_EC_ED448, 57 },
        };
        struct zc_backend_info info;
        size_t i;

        for (i = 0; i < sizeof q / sizeof q[0]; i++) {
            ck_assert_int_eq(zc_backend_query(q[i].a, q[i].kl, &info), ZC_OK);
            if (info.backend == ZC_BACKEND_SOFTWARE)
                ck_assert_msg(info.reason == ZC_REASON_POLICY, "%s: reason %s",
                              zc_algo_name(q[i].a), zc_reason_str(info.reason));
            else
                ck_assert_int_ne(info.reason, ZC_REASON_POLICY);
        }
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RC4, 16, &info), ZC_OK);
        ck_assert_int_eq(info.reason, ZC_REASON_POLICY);
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RANDOM, 0, &info), ZC_OK);
        ck_assert_int_ne(info.reason, ZC_REASON_POLICY);    /* random is unaffected */
        ck_assert_str_eq(zc_reason_str(ZC_REASON_POLICY), "refused by the hw-only policy");
    }
    /* software keys and contexts, whatever the machine has */
    ck_assert_int_eq(zc_aes_key_init(&k, key32, 16, ZC_BACKEND_SOFTWARE), ZC_ENOTSUP);
    ck_assert_int_eq(zc_des_key_init(&dk, key32, 8, ZC_BACKEND_SOFTWARE), ZC_ENOTSUP);
    ck_assert_int_eq(zc_hash_init(&h, ZC_SHA256, ZC_BACKEND_SOFTWARE), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rc4_init(&r, key32, 16), ZC_ENOTSUP);
    /* AUTO: what the backend query says */
    rc = zc_aes_key_init(&k, key32, 16, ZC_BACKEND_AUTO);
    ck_assert_int_eq(rc, want(ZC_ALGO_AES_ECB, 16));
    if (rc == ZC_OK) {
        ck_assert_int_eq(zc_aes_cbc_encrypt(&k, iv, buf, buf, 32), want(ZC_ALGO_AES_CBC, 16));
        ck_assert_int_eq(zc_aes_ctr_crypt(&k, iv, buf, buf, 32), want(ZC_ALGO_AES_CTR, 16));
        ck_assert_int_eq(zc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, buf, buf, 32, tag, 16),
                         want(ZC_ALGO_AES_GCM, 16));
        ck_assert_int_eq(zc_aes_cmac(&k, buf, 32, tag, 16), want(ZC_ALGO_AES_CMAC, 16));
        ck_assert_int_eq(zc_aes_ccm_encrypt(&k, iv, 12, NULL, 0, buf, buf, 32, tag, 16),
                         want(ZC_ALGO_AES_CCM, 16));
        zc_aes_key_wipe(&k);
    }
    rc = zc_des_key_init(&dk, key32, 24, ZC_BACKEND_AUTO);
    ck_assert_int_eq(rc, want(ZC_ALGO_DES_ECB, 24));
    if (rc == ZC_OK) {
        ck_assert_int_eq(zc_des_cbc_encrypt(&dk, iv, buf, buf, 32), want(ZC_ALGO_DES_CBC, 24));
        zc_des_key_wipe(&dk);
    }
    ck_assert_int_eq(zc_hash(ZC_SHA512, buf, 10, d, 64), want(ZC_ALGO_SHA512, 0));
    ck_assert_int_eq(zc_hash(ZC_SHA1, buf, 10, d, 20), want(ZC_ALGO_SHA1, 0));
    ck_assert_int_eq(zc_hash(ZC_SHA3_256, buf, 10, d, 32), want(ZC_ALGO_SHA3_256, 0));
    ck_assert_int_eq(zc_hmac(ZC_SHA256, key32, 32, buf, 10, d, 32), want(ZC_ALGO_SHA256, 0));
    /* RSA runs in software: refused, also where verify would say EAUTH */
    ck_assert_int_eq(zc_rsa_generate(&rk, 1024, 0), ZC_ENOTSUP);
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_ANY), ZC_OK);
    ck_assert_int_eq(zc_rsa_generate(&rk, 1024, 0), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&rk, ZC_SHA256, d, buf, &sig_len), ZC_OK);
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_HW_ONLY), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&rk, ZC_SHA256, d, buf, &sig_len), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&rk, ZC_SHA256, d, buf, sig_len), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_pss_verify(&rk, ZC_SHA256, d, 32, buf, sig_len), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_public(&rk, buf, buf), ZC_ENOTSUP);
    zc_rsa_key_wipe(&rk);
    check_hw_only_ec();
    /* random is unaffected: its result is the platform's */
    rc = zc_random_bytes(buf, 16);
    ck_assert(rc == ZC_OK || rc == ZC_ENOTSUP);
    if (env_is("ZC_TEST_EXPECT", "native") || env_is("ZC_TEST_EXPECT", "qemu"))
        ck_assert_int_eq(rc, ZC_OK);
}

START_TEST(policy)
{
    uint8_t buf[32] = { 0 }, iv[16] = { 0 };
    zc_aes_key k;
    zc_rc4_ctx r;

    if (env_is("ZC_TEST_POLICY", "env")) {
        check_hw_only();
        return;
    }
    ck_assert_int_eq(zc_policy_get(), ZC_POLICY_ANY);
    ck_assert_int_eq(zc_policy_set((enum zc_policy)5), ZC_EINVAL);
    /* made before the policy: their calls follow the policy at each call */
    ck_assert_int_eq(zc_aes_key_init(&k, key32, 16, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_rc4_init(&r, key32, 5), ZC_OK);
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_HW_ONLY), ZC_OK);
    ck_assert_int_eq(zc_aes_cbc_encrypt(&k, iv, buf, buf, 32), ZC_ENOTSUP);
    ck_assert_int_eq(zc_aes_ecb_encrypt(&k, buf, buf, 32), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rc4_crypt(&r, buf, buf, 32), ZC_ENOTSUP);
    check_hw_only();
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_ANY), ZC_OK);
    ck_assert_int_eq(zc_aes_cbc_encrypt(&k, iv, buf, buf, 32), ZC_OK);
    ck_assert_int_eq(zc_rc4_crypt(&r, buf, buf, 32), ZC_OK);
    zc_aes_key_wipe(&k);
    zc_rc4_wipe(&r);
}
END_TEST

/* The settings that are not understood are listed, like ZCRYPT_CAPS items. */
START_TEST(settings)
{
    char buf[ZC_SETTINGS_IGNORED_MAX];
    struct zc_backend_info info;
    const char *want = "";

    if (env_is("ZC_TEST_SETTINGS", "typo")) {
        want = "ZCRYPT_POLICY=hw_only,ZCRYPT_STATS=yes";
        ck_assert_int_eq(zc_policy_get(), ZC_POLICY_HW_ONLY);  /* unknown: hw-only */
        ck_assert_int_eq(zc_stats_enabled(), 0);
        check_hw_only();
    } else if (env_is("ZC_TEST_SETTINGS", "case")) {
        ck_assert_int_eq(zc_policy_get(), ZC_POLICY_HW_ONLY);
        ck_assert_int_eq(zc_stats_enabled(), 1);
    } else {
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RC4, 16, &info), ZC_OK);
        ck_assert_int_eq(info.reason, ZC_REASON_SOFTWARE_ONLY);     /* policy any */
        ck_assert_int_eq(info.insn, ZC_INSN_COUNT);                /* no instruction */
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RSA, 256, &info), ZC_OK);
        ck_assert_int_eq(info.insn, ZC_INSN_COUNT);
    }
    memset(buf, 0x5a, sizeof buf);
    ck_assert_int_eq(zc_settings_ignored(buf, sizeof buf), ZC_OK);
    ck_assert_str_eq(buf, want);
    if (want[0] != '\0') {
        memset(buf, 0x5a, sizeof buf);
        ck_assert_int_eq(zc_settings_ignored(buf, strlen(want)), ZC_ENOMEM);
        ck_assert_uint_eq((uint8_t)buf[0], 0);
        ck_assert_int_eq(zc_settings_ignored(buf, strlen(want) + 1), ZC_OK);
        ck_assert_str_eq(buf, want);
    }
    ck_assert_int_eq(zc_settings_ignored(NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_settings_ignored(buf, 0), ZC_EINVAL);
    if (getenv("ZC_TEST_SETTINGS") == NULL) {
        /* the longest answer fits ZC_SETTINGS_IGNORED_MAX: both values cut
         * at 63 characters, commas and control characters shown as '?' */
        static const char sixty[] = "0123456789012345678901234567890123456789012345678901234567";
        char longv[128], expect[ZC_SETTINGS_IGNORED_MAX];
        int p = (int)zc_policy_get(), st = zc_stats_enabled();     /* read before */

        snprintf(longv, sizeof longv, "a,b\t%s%s", sixty, sixty);
        ck_assert_int_eq(setenv("ZCRYPT_POLICY", longv, 1), 0);
        ck_assert_int_eq(setenv("ZCRYPT_STATS", longv, 1), 0);
        {
            char cut[64];
            size_t i;

            for (i = 0; i < 63; i++)
                cut[i] = longv[i] == ',' || longv[i] == '\t' ? '?' : longv[i];
            cut[63] = '\0';
            snprintf(expect, sizeof expect, "ZCRYPT_POLICY=%s...,ZCRYPT_STATS=%s...", cut, cut);
        }
        memset(buf, 0x5a, sizeof buf);
        ck_assert_int_eq(zc_settings_ignored(buf, sizeof buf), ZC_OK);
        ck_assert_str_eq(buf, expect);
        ck_assert_uint_lt(strlen(buf), ZC_SETTINGS_IGNORED_MAX);
        unsetenv("ZCRYPT_POLICY");
        unsetenv("ZCRYPT_STATS");
        ck_assert_int_eq((int)zc_policy_get(), p);                  /* read once */
        ck_assert_int_eq(zc_stats_enabled(), st);
    }
}
END_TEST

static Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *t = tcase_create("stats");

    tcase_set_timeout(t, 300);
    if (getenv("ZC_TEST_SETTINGS") != NULL) {  /* a settings process: that test only */
        tcase_add_test(t, settings);
        suite_add_tcase(s, t);
        return s;
    }
    if (env_is("ZC_TEST_POLICY", "env")) {      /* a policy process: that test only */
        tcase_add_test(t, policy);
        suite_add_tcase(s, t);
        return s;
    }
    tcase_add_test(t, off_by_default);
    tcase_add_test(t, aes_moves_its_backend);
    tcase_add_test(t, hash_moves_its_backend);
    tcase_add_test(t, des_rc4_rsa_random_move);
    tcase_add_test(t, rsa_counts_private_and_public);
    tcase_add_test(t, ec_counts_private_and_public);
    tcase_add_test(t, ec_rows_x_and_ed);
    tcase_add_test(t, x_counts_generation_and_ecdh);
    tcase_add_test(t, ed_counts_private_and_public);
    tcase_add_test(t, protected_counts_protected);
    tcase_add_test(t, threads_exact_and_kept_after_exit);
    tcase_add_test(t, on_off_same_results);
    tcase_add_test(t, ids_and_names);
    tcase_add_test(t, snapshot_sizes);
    tcase_add_test(t, formats);
    tcase_add_test(t, policy);
    tcase_add_test(t, settings);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return tu_run_suite(stats_suite());
}
