/*
 * test_caps.c - facility detection, ZCRYPT_CAPS and the backend query.
 *
 * ZCRYPT_CAPS is read once per process, so meson runs this program once
 * per setting with ZC_TEST_CAPS naming the case:
 *   unset    no ZCRYPT_CAPS
 *   none     ZCRYPT_CAPS=none
 *   mask     ZCRYPT_CAPS=-KIMD:SHA-512,-KLMD:3,-PRNO,bogus,+KM
 *   long     256 characters, the item cut by the limit dropped
 *   spell    the same removals spelled as users do (SHA512, AES128, any
 *            case), plus two items that must not parse
 * ZC_TEST_EXPECT names the machine when the test knows it (meson option
 * test_expect): "native" (not s390x), "qemu" (qemu-s390x -cpu max 7.2,
 * which has KIMD/KLMD SHA-512 and PRNO-TRNG but not SHA-1/256).
 */
#include <zcrypt.h>
#include <check.h>

#include "check_main.h"

#include <stdlib.h>
#include <string.h>

static const char *caps_case(void)
{
    const char *s = getenv("ZC_TEST_CAPS");

    return s ? s : "unset";
}

static const char *expect(void)
{
    const char *s = getenv("ZC_TEST_EXPECT");

    return s ? s : "";
}

/* zc_caps_ignored_list() must give exactly this. */
static void check_ignored(const char *want)
{
    char buf[ZC_CAPS_IGNORED_MAX];

    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(zc_caps_ignored_list(buf, sizeof buf), ZC_OK);
    ck_assert_str_eq(buf, want);
    if (want[0]) {                      /* one byte short: refused, "" */
        ck_assert_int_eq(zc_caps_ignored_list(buf, strlen(want)), ZC_ENOMEM);
        ck_assert_str_eq(buf, "");
    }
}

static struct zc_backend_info query(enum zc_algo a)
{
    struct zc_backend_info bi;

    ck_assert_int_eq(zc_backend_query(a, 0, &bi), ZC_OK);
    return bi;
}

/* Whatever the machine: the effective mask is a subset of the raw one,
 * and the backend query agrees with the masks. */
START_TEST(consistency)
{
    unsigned i, fc;

    for (i = 0; i < ZC_INSN_COUNT; i++) {
        uint8_t raw[16], eff[16];
        int rc = zc_cpacf_query((enum zc_insn)i, 0, raw);

        ck_assert(rc == ZC_OK || rc == ZC_ENOTSUP);
        ck_assert_int_eq(zc_cpacf_query((enum zc_insn)i, 1, eff), rc);
        for (fc = 0; fc < 16; fc++)
            ck_assert_uint_eq(eff[fc] & ~raw[fc], 0);
        for (fc = 1; fc < 128; fc++)
            ck_assert_int_eq(zc_cpacf_has((enum zc_insn)i, fc), (eff[fc / 8] >> (7 - fc % 8)) & 1);
        if (i == ZC_INSN_PCKMO)     /* privileged: never issued in user space */
            ck_assert_int_eq(rc, ZC_ENOTSUP);
    }
    for (i = 0; i <= ZC_ALGO_SHAKE256; i++) {
        struct zc_backend_info bi = query((enum zc_algo)i);
        int usable = zc_cpacf_has(ZC_INSN_KIMD, bi.fc) && zc_cpacf_has(ZC_INSN_KLMD, bi.fc);

        if (i >= ZC_ALGO_SHA3_224)          /* never executed anywhere: self-tested */
            usable = usable && zc_cpacf_selftest(ZC_INSN_KIMD, bi.fc) == 1;
        ck_assert_int_eq(bi.backend == ZC_BACKEND_CPACF, usable);
    }
    ck_assert_int_eq(query(ZC_ALGO_RANDOM).backend == ZC_BACKEND_CPACF,
                     zc_cpacf_has(ZC_INSN_PRNO, 114));
}
END_TEST

/* The library's own list of rows and self-tests: each row is one the
 * backend query answers and names; each self-tested function answers
 * zc_cpacf_selftest() with -1, 0 or 1, and the list has no repeats. */
START_TEST(listed_rows)
{
    struct zc_algo_row r, prev = { (enum zc_algo)-1, 0 };
    struct zc_backend_info bi;
    enum zc_insn insn, seen_insn[64];
    unsigned fc, seen_fc[64];
    size_t i, j, n;

    for (i = 0; zc_algo_row(i, &r) == ZC_OK; i++) {
        ck_assert_int_eq(zc_backend_query(r.algo, r.key_len, &bi), ZC_OK);
        ck_assert_str_ne(zc_algo_name(r.algo), "unknown");
        ck_assert(r.algo != prev.algo || r.key_len != prev.key_len);
        prev = r;
    }
    /* every family: hashes, AES, DES, RC4, random, RSA */
    ck_assert_uint_ge(i, 13 + 26 + 18 + 1 + 1 + 3);
    for (n = 0; zc_selftest_row(n, &insn, &fc) == ZC_OK; n++) {
        int st = zc_cpacf_selftest(insn, fc);

        ck_assert(st >= -1 && st <= 1);
        ck_assert_uint_lt(n, 64);
        for (j = 0; j < n; j++)
            ck_assert(seen_insn[j] != insn || seen_fc[j] != fc);
        ck_assert(n == 0 || seen_fc[n - 1] <= fc);          /* by function code */
        seen_insn[n] = insn;
        seen_fc[n] = fc;
    }
    /* KMA-GCM 3, SHA-3/SHAKE 6, full XTS 2 and encrypted-key full XTS 2,
     * KMAC-HMAC 4 and encrypted-key KMAC-HMAC 4, KDSA ECDSA 6, KDSA EdDSA 4,
     * PCC scalar multiplication 7 (P-256/384/521, Ed25519/448, X25519/448),
     * KDSA encrypted-key sign 5 (17-19, 48, 52) */
    ck_assert_uint_eq(n, 43);
}
END_TEST

START_TEST(bad_arguments)
{
    uint8_t m[16];
    struct zc_backend_info bi;

    ck_assert_int_eq(zc_cpacf_query(ZC_INSN_COUNT, 0, m), ZC_EINVAL);
    ck_assert_int_eq(zc_cpacf_query(ZC_INSN_KM, 0, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_cpacf_has(ZC_INSN_COUNT, 1), 0);
    ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KM, 0), 0);
    ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KM, 128), 0);
    ck_assert_int_eq(zc_backend_query((enum zc_algo)13, 0, &bi), ZC_EINVAL);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_CBC, 20, &bi), ZC_EINVAL);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_XTS, 24, &bi), ZC_EINVAL);
    ck_assert_int_eq(zc_cpacf_selftest(ZC_INSN_KM, 18), -1);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_RC4, 0, &bi), ZC_EINVAL);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_RC4, 257, &bi), ZC_EINVAL);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_RC4, 16, &bi), ZC_OK);
    ck_assert_int_eq(bi.reason, ZC_REASON_SOFTWARE_ONLY);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_SHA256, 0, NULL), ZC_EINVAL);
    ck_assert_str_eq(zc_insn_name(ZC_INSN_COUNT), "unknown");
    ck_assert_ptr_null(zc_cpacf_fc_name(ZC_INSN_KIMD, 99));
    ck_assert_str_eq(zc_cpacf_fc_name(ZC_INSN_KIMD, 3), "SHA-512");
    ck_assert_str_eq(zc_cpacf_fc_name(ZC_INSN_PRNO, 114), "TRNG");
    ck_assert_str_eq(zc_strerror(ZC_ENOTSUP), "not supported on this machine");
    ck_assert_str_eq(zc_strerror(12345), "unknown error");
    ck_assert_ptr_nonnull(strstr(zc_strerror(ZC_ESTATE), "out of order"));
    ck_assert_str_eq(zc_reason_str((enum zc_reason)77), "unknown");
    ck_assert_int_eq(zc_insn_facility(ZC_INSN_KMCTR), 77);
    ck_assert_int_eq(zc_insn_facility(ZC_INSN_COUNT), -1);
    ck_assert_int_eq(zc_caps_ignored_list(NULL, 10), ZC_EINVAL);
    ck_assert_int_eq(zc_caps_ignored_list((char *)m, 0), ZC_EINVAL);
}
END_TEST

START_TEST(caps_setting)
{
    const char *c = caps_case();

    if (strcmp(c, "unset") == 0) {
        ck_assert_ptr_null(zc_caps_setting());
        ck_assert_uint_eq(zc_caps_ignored_items(), 0);
        check_ignored("");
    } else if (strcmp(c, "none") == 0) {
        unsigned i, fc;

        ck_assert_str_eq(zc_caps_setting(), "none");
        ck_assert_uint_eq(zc_caps_ignored_items(), 0);
        check_ignored("");
        for (i = 0; i < ZC_INSN_COUNT; i++)
            for (fc = 1; fc < 128; fc++)
                ck_assert_int_eq(zc_cpacf_has((enum zc_insn)i, fc), 0);
        for (i = 0; i <= ZC_ALGO_SHAKE256; i++)
            ck_assert_int_eq(query((enum zc_algo)i).backend, ZC_BACKEND_SOFTWARE);
        ck_assert_int_eq(query(ZC_ALGO_RANDOM).backend, ZC_BACKEND_SOFTWARE);
    } else if (strcmp(c, "mask") == 0) {
        struct zc_backend_info bi = query(ZC_ALGO_SHA512);

        /* "bogus" and "+KM" are malformed: ignored, counted */
        ck_assert_uint_eq(zc_caps_ignored_items(), 2);
        check_ignored("bogus,+KM");
        ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KIMD, 3), 0);
        ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KLMD, 3), 0);
        ck_assert_int_eq(bi.backend, ZC_BACKEND_SOFTWARE);
        ck_assert_int_eq(query(ZC_ALGO_RANDOM).backend, ZC_BACKEND_SOFTWARE);
        if (zc_cpacf_present()) {
            uint8_t raw[16];

            if (zc_cpacf_query(ZC_INSN_KIMD, 0, raw) == ZC_OK && (raw[0] & 0x10))
                ck_assert_int_eq(bi.reason, ZC_REASON_MASKED);
        }
    } else if (strcmp(c, "long") == 0) {
        uint8_t raw[16], eff[16];

        ck_assert_uint_eq(zc_caps_ignored_items(), 1);
        check_ignored("(beyond 255 characters)");
        ck_assert_ptr_null(strstr(zc_caps_setting(), "-KM"));
        zc_cpacf_query(ZC_INSN_KM, 0, raw);
        zc_cpacf_query(ZC_INSN_KM, 1, eff);
        ck_assert(memcmp(raw, eff, 16) == 0);       /* neither fc 1 nor 18 removed */
    } else if (strcmp(c, "spell") == 0) {
        /* '-' in a name is optional, case is free; an extra '-' or one in
         * the wrong place does not parse */
        ck_assert_uint_eq(zc_caps_ignored_items(), 2);
        check_ignored("-KLMD:SHA5-12,--KM");
        ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KIMD, 3), 0);
        ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KLMD, 3), 0);
        ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KM, 18), 0);
        ck_assert_int_eq(zc_cpacf_has(ZC_INSN_KMCTR, 18), 0);
        ck_assert_int_eq(query(ZC_ALGO_SHA512).backend, ZC_BACKEND_SOFTWARE);
        ck_assert_int_eq(query(ZC_ALGO_RANDOM).backend, ZC_BACKEND_SOFTWARE);
    } else {
        ck_abort_msg("unknown ZC_TEST_CAPS case %s", c);
    }
}
END_TEST

/* What the named machine is known to offer. */
START_TEST(machine_expectations)
{
    const char *e = expect(), *c = caps_case();

    if (strcmp(e, "native") == 0) {
        unsigned i;

        ck_assert_int_eq(zc_cpacf_present(), 0);
        for (i = 0; i <= ZC_ALGO_SHAKE256; i++) {
            struct zc_backend_info bi = query((enum zc_algo)i);

            ck_assert_int_eq(bi.backend, ZC_BACKEND_SOFTWARE);
            ck_assert_int_eq(bi.reason, ZC_REASON_NOT_S390X);
        }
    } else if (strcmp(e, "qemu") == 0) {
        struct zc_backend_info s512 = query(ZC_ALGO_SHA512), s256 = query(ZC_ALGO_SHA256);
        struct zc_backend_info rnd = query(ZC_ALGO_RANDOM);

        ck_assert_int_eq(zc_cpacf_present(), 1);
        ck_assert_int_eq(zc_facility(17), 1);
        ck_assert_int_eq(s256.backend, ZC_BACKEND_SOFTWARE);
        ck_assert_int_eq(s256.reason, ZC_REASON_NO_FUNCTION);
        /* QEMU has no AES on CPACF: AUTO runs software, CPACF-only is refused */
        for (size_t kl = 16; kl <= 32; kl += 8) {
            static const uint8_t key[32];
            struct zc_backend_info ecb;
            zc_aes_key k;

            ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_ECB, kl, &ecb), ZC_OK);
            ck_assert_int_eq(ecb.backend, ZC_BACKEND_SOFTWARE);
            ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF), ZC_ENOTSUP);
            ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_AUTO), ZC_OK);
            ck_assert_int_eq(zc_aes_key_backend(&k), ZC_BACKEND_SOFTWARE);
            zc_aes_key_wipe(&k);
        }
        if (strcmp(c, "unset") == 0 || strcmp(c, "long") == 0) {     /* nothing removed */
            ck_assert_int_eq(s512.backend, ZC_BACKEND_CPACF);
            ck_assert_int_eq(s512.insn, ZC_INSN_KIMD);
            ck_assert_uint_eq(s512.fc, 3);
            ck_assert_int_eq(rnd.backend, ZC_BACKEND_CPACF);
            ck_assert_int_eq(rnd.insn, ZC_INSN_PRNO);
            ck_assert_uint_eq(rnd.fc, 114);
        } else {
            ck_assert_int_eq(s512.backend, ZC_BACKEND_SOFTWARE);
            ck_assert_int_eq(s512.reason, ZC_REASON_MASKED);
            ck_assert_int_eq(rnd.backend, ZC_BACKEND_SOFTWARE);
            ck_assert_int_eq(rnd.reason, ZC_REASON_MASKED);
        }
    }
}
END_TEST

/*
 * A mode that does not run on CPACF names its own instruction when that is
 * missing (KMCTR for CTR, ...), not the KM function it needs as well; KM
 * only when the mode's own instruction is there. RC4 and RSA name none.
 */
START_TEST(mode_reasons)
{
    static const struct {
        enum zc_algo algo;
        size_t key_len;
        enum zc_insn own;
        unsigned fc;
    } m[] = {
        { ZC_ALGO_AES_CBC, 16, ZC_INSN_KMC, 18 },   { ZC_ALGO_AES_CTR, 16, ZC_INSN_KMCTR, 18 },
        { ZC_ALGO_AES_CFB, 32, ZC_INSN_KMF, 20 },   { ZC_ALGO_AES_OFB, 24, ZC_INSN_KMO, 19 },
        { ZC_ALGO_AES_CMAC, 16, ZC_INSN_KMAC, 18 }, { ZC_ALGO_AES_CCM, 16, ZC_INSN_KMAC, 18 },
        { ZC_ALGO_AES_GCM, 16, ZC_INSN_KMCTR, 18 }, { ZC_ALGO_DES_CBC, 24, ZC_INSN_KMC, 3 },
        { ZC_ALGO_DES_CMAC, 8, ZC_INSN_KMAC, 1 },
    };
    struct zc_backend_info bi;
    size_t i;

    for (i = 0; i < sizeof m / sizeof m[0]; i++) {
        ck_assert_int_eq(zc_backend_query(m[i].algo, m[i].key_len, &bi), ZC_OK);
        if (bi.backend == ZC_BACKEND_CPACF || bi.reason == ZC_REASON_SELFTEST)
            continue;
        if (!zc_cpacf_has(m[i].own, m[i].fc))
            ck_assert_msg(bi.insn == m[i].own && bi.fc == m[i].fc, "%s-%zu names %s %u",
                          zc_algo_name(m[i].algo), m[i].key_len * 8, zc_insn_name(bi.insn),
                          bi.fc);
    }
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_RC4, 16, &bi), ZC_OK);
    ck_assert_int_eq(bi.insn, ZC_INSN_COUNT);
    ck_assert_int_eq(zc_backend_query(ZC_ALGO_RSA, 512, &bi), ZC_OK);
    ck_assert_int_eq(bi.insn, ZC_INSN_COUNT);
}
END_TEST

START_TEST(random_bytes)
{
    uint8_t a[300], b[300], z[300];

    memset(z, 0, sizeof z);
    ck_assert_int_eq(zc_random_bytes(a, sizeof a), ZC_OK);
    ck_assert_int_eq(zc_random_bytes(b, sizeof b), ZC_OK);
    /* 2400 random bits colliding or being all zero is not a chance event */
    ck_assert(memcmp(a, b, sizeof a) != 0);
    ck_assert(memcmp(a, z, sizeof a) != 0);
    ck_assert_int_eq(zc_random_bytes(NULL, 0), ZC_OK);
    ck_assert_int_eq(zc_random_bytes(NULL, 1), ZC_EINVAL);
}
END_TEST

static Suite *caps_suite(void)
{
    Suite *s = suite_create("caps");
    TCase *tc = tcase_create("caps");

    tcase_add_test(tc, consistency);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, listed_rows);
    tcase_add_test(tc, caps_setting);
    tcase_add_test(tc, machine_expectations);
    tcase_add_test(tc, random_bytes);
    tcase_add_test(tc, mode_reasons);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(caps_suite());
}
