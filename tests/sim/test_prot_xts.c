/*
 * test_prot_xts.c - protected XTS double keys (full XTS, KM 90/92) through
 * the public API, on the CPACF stand-in and its simulated firmware.
 *
 * The stand-in's 90/92 is its own model of full XTS (its AES, its
 * GF(2^128)); the answers here are IEEE Std 1619-2007's published vectors
 * and, for every other length, the library's software XTS with the clear
 * halves, in place and out of place. Re-derivation: a wrapping-key change
 * before a call, and a cc 1 stop at every block boundary of a call (the
 * call derives, places the fresh field around the tweak and NAP, and
 * resumes at the exact block); ZC_EKEY after two useless derivations; a
 * derivation that fails in the middle leaves the blocks done valid. Bad
 * inputs, and (argv[1] "no-code", run with ZCRYPT_CAPS removing KM 90/92)
 * ZC_ENOTSUP without the function code.
 *
 * Prints "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include <zcrypt.h>

#include "cpacf_sim.h"
#include "sim_platform.h"
#include "../unit/unit.h"
#include "../testutil.h"

/* IEEE Std 1619-2007, Annex B: Vector 2 (XTS-AES-128, 32 bytes), Vector
 * 15 (XTS-AES-128, 17 bytes: one block and a stolen one) and the first
 * two blocks of Vector 10 (XTS-AES-256; a prefix of a data unit is a data
 * unit with the same tweak). Keys as K1 || K2. */
static const struct {
    const char *key, *tweak, *pt, *ct;
} kats[] = {
    { "1111111111111111111111111111111122222222222222222222222222222222",
      "33333333330000000000000000000000",
      "4444444444444444444444444444444444444444444444444444444444444444",
      "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0" },
    { "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
      "9a785634120000000000000000000000",
      "000102030405060708090a0b0c0d0e0f10",
      "6c1625db4671522d3d7599601de7ca09ed" },
    { "2718281828459045235360287471352662497757247093699959574966967627"
      "3141592653589793238462643383279502884197169399375105820974944592",
      "ff000000000000000000000000000000",
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
      "1c3b3a102f770386e4836c99e370cf9bea00803f5e482357a4ae12d414a3e63b" },
};

enum { MAXLEN = 1040 };

/* The reference: software XTS with the clear halves. */
static int ref_xts(const uint8_t *dk, size_t half, const uint8_t tweak[16], const uint8_t *in,
                   uint8_t *out, size_t len, int decrypt)
{
    zc_aes_key k1, k2;
    int rc = zc_aes_key_init(&k1, dk, half, ZC_BACKEND_SOFTWARE);

    if (rc == ZC_OK)
        rc = zc_aes_key_init(&k2, dk + half, half, ZC_BACKEND_SOFTWARE);
    if (rc == ZC_OK)
        rc = decrypt ? zc_aes_xts_decrypt(&k1, &k2, tweak, in, out, len)
                     : zc_aes_xts_encrypt(&k1, &k2, tweak, in, out, len);
    zc_aes_key_wipe(&k1);
    zc_aes_key_wipe(&k2);
    return rc;
}

static int pxts(const zc_aes_key *k, const uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                size_t len, int decrypt)
{
    return decrypt ? zc_aes_xts_decrypt(k, NULL, tweak, in, out, len)
                   : zc_aes_xts_encrypt(k, NULL, tweak, in, out, len);
}

static void test_kats(void)
{
    uint8_t key[64], tweak[16], pt[32], ct[32], out[32];
    unsigned i;

    for (i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        size_t kl = unhex(key, kats[i].key), n;
        zc_aes_key k;
        int ok;

        unhex(tweak, kats[i].tweak);
        n = unhex(pt, kats[i].pt);
        unhex(ct, kats[i].ct);
        ok = zc_aes_xts_key_init_protected(&k, key, kl) == ZC_OK &&
             zc_aes_key_kind(&k) == ZC_AES_KEY_XTS_PROTECTED &&
             zc_aes_key_backend(&k) == ZC_BACKEND_CPACF &&
             zc_aes_mode_backend(&k, ZC_AES_XTS) == ZC_BACKEND_CPACF &&
             zc_aes_mode_backend(&k, ZC_AES_ECB) == ZC_BACKEND_AUTO;
        ok = ok && pxts(&k, tweak, pt, out, n, 0) == ZC_OK && memcmp(out, ct, n) == 0;
        ok = ok && pxts(&k, tweak, ct, out, n, 1) == ZC_OK && memcmp(out, pt, n) == 0;
        CHECK(ok, "IEEE 1619 vector %u (XTS-AES-%zu, %zu bytes) on KM %u", i, kl * 4, n,
              kl == 32 ? 90u : 92u);
        zc_aes_key_wipe(&k);
        check(zc_aes_key_kind(&k) == ZC_AES_KEY_NONE, "a wiped double key is no key");
    }
    check(zc_cpacf_selftest(ZC_INSN_KM, 90) == 1 && zc_cpacf_selftest(ZC_INSN_KM, 92) == 1,
          "KM 90/92 passed their self-tests");
    check(zc_cpacf_sim_executed(0xb92e, 90) > 0 && zc_cpacf_sim_executed(0xb92e, 92) > 0,
          "the calls ran on KM 90/92");
}

/* Every length class against the software reference, in and out of place,
 * and the stops: before the call and at every block boundary. */
static void test_lengths_and_stops(void)
{
    static const size_t lens[] = { 16, 17, 31, 32, 33, 48, 100, 255, 512, MAXLEN };
    static uint8_t in[MAXLEN], a[MAXLEN], b[MAXLEN];
    uint8_t dk[64], tweak[16];
    uint64_t seed = 0x78747331;
    unsigned s, i, d;

    tu_fill(&seed, in, sizeof in);
    tu_fill(&seed, tweak, sizeof tweak);
    for (s = 0; s < 2; s++) {
        size_t half = s ? 32 : 16;
        zc_aes_key k;

        tu_fill(&seed, dk, 2 * half);
        check(zc_aes_xts_key_init_protected(&k, dk, 2 * half) == ZC_OK, "double key made");
        for (i = 0; i < sizeof lens / sizeof lens[0]; i++)
            for (d = 0; d < 2; d++) {
                size_t len = lens[i], j, m = len / 16;
                unsigned long d0;
                int ok;

                ref_xts(dk, half, tweak, in, a, len, d);
                memset(b, 0, len);
                ok = pxts(&k, tweak, in, b, len, d) == ZC_OK && memcmp(a, b, len) == 0;
                memcpy(b, in, len);
                ok = ok && pxts(&k, tweak, b, b, len, d) == ZC_OK && memcmp(a, b, len) == 0;
                CHECK(ok, "XTS-%zu %s %zu bytes = software, out of place and in place",
                      half * 8, d ? "decrypt" : "encrypt", len);
                /* before the call: the key field is stale from the start */
                zc_cpacf_sim_new_wrapping_key();
                d0 = zc_sim_platform_derivations();
                memset(b, 0, len);
                ok = pxts(&k, tweak, in, b, len, d) == ZC_OK && memcmp(a, b, len) == 0 &&
                     zc_sim_platform_derivations() == d0 + 1;
                CHECK(ok, "XTS-%zu %s %zu bytes: re-derived once before the call", half * 8,
                      d ? "decrypt" : "encrypt", len);
                /* a cc 1 stop at every block boundary (stealing included) */
                for (j = 0, ok = 1; j < m + (len % 16 != 0); j++) {
                    int inplace = (int)(j & 1);

                    zc_cpacf_sim_reset();
                    zc_cpacf_sim_stop(16 * j, 1);
                    if (inplace)
                        memcpy(b, in, len);
                    else
                        memset(b, 0, len);
                    ok = ok && pxts(&k, tweak, inplace ? b : in, b, len, d) == ZC_OK &&
                         zc_cpacf_sim_stopped() && memcmp(a, b, len) == 0;
                }
                CHECK(ok, "XTS-%zu %s %zu bytes: a stop at each of %zu blocks, resumed",
                      half * 8, d ? "decrypt" : "encrypt", len, m + (len % 16 != 0));
            }
        zc_aes_key_wipe(&k);
    }
    zc_cpacf_sim_reset();
}

/* ZC_EKEY: two useless derivations, and a derivation that fails midway. */
static void test_ekey(void)
{
    static uint8_t in[512], a[512], b[512];
    uint8_t dk[64], tweak[16];
    uint64_t seed = 0x656b6579;
    unsigned long d0;
    zc_aes_key k;
    int ok;

    tu_fill(&seed, in, sizeof in);
    tu_fill(&seed, dk, sizeof dk);
    tu_fill(&seed, tweak, sizeof tweak);
    check(zc_aes_xts_key_init_protected(&k, dk, 64) == ZC_OK, "XTS-256 double key");
    ref_xts(dk, 32, tweak, in, a, 512, 0);
    /* every fresh field is stale before it is used: the first stop and two
     * derivations without progress, then ZC_EKEY */
    zc_sim_platform_xts_churn(1);
    zc_cpacf_sim_new_wrapping_key();
    d0 = zc_sim_platform_derivations();
    ok = pxts(&k, tweak, in, b, 512, 0) == ZC_EKEY && zc_sim_platform_derivations() == d0 + 2;
    zc_sim_platform_xts_churn(0);
    check(ok, "ZC_EKEY after two derivations in a row without progress");
    ok = pxts(&k, tweak, in, b, 512, 0) == ZC_OK && memcmp(a, b, 512) == 0;
    check(ok, "the key works again once a derivation helps");
    /* a derivation that fails after 256 bytes: ZC_EKEY, those bytes valid,
     * the rest untouched */
    memset(b, 0x5a, sizeof b);
    zc_sim_platform_fail(ZC_EDEVICE, 0);
    zc_cpacf_sim_stop(256, 1);
    ok = pxts(&k, tweak, in, b, 512, 0) == ZC_EKEY && zc_cpacf_sim_stopped() &&
         memcmp(a, b, 256) == 0 && b[256] == 0x5a && b[511] == 0x5a;
    zc_sim_platform_fail(0, 0);
    zc_cpacf_sim_reset();
    check(ok, "a failed derivation midway: ZC_EKEY, the blocks done valid");
    zc_aes_key_wipe(&k);
}

static void test_bad_inputs(void)
{
    uint8_t dk[64], buf[64], tweak[16] = { 0 };
    zc_aes_key k, c1, c2;
    uint64_t seed = 0x626164;
    zc_aes_cmac_ctx mac;
    int ok;

    tu_fill(&seed, dk, sizeof dk);
    memset(buf, 0, sizeof buf);
    check(zc_aes_xts_key_init_protected(NULL, dk, 32) == ZC_EINVAL &&
          zc_aes_xts_key_init_protected(&k, NULL, 32) == ZC_EINVAL &&
          zc_aes_xts_key_init_protected(&k, dk, 0) == ZC_EINVAL &&
          zc_aes_xts_key_init_protected(&k, dk, 16) == ZC_EINVAL &&
          zc_aes_xts_key_init_protected(&k, dk, 48) == ZC_EINVAL &&
          zc_aes_xts_key_init_protected(&k, dk, 63) == ZC_EINVAL,
          "double key: NULL and lengths other than 32 and 64");
    memcpy(dk + 16, dk, 16);
    ok = zc_aes_xts_key_init_protected(&k, dk, 32) == ZC_EINVAL;
    memcpy(dk + 32, dk, 32);
    ok = ok && zc_aes_xts_key_init_protected(&k, dk, 64) == ZC_EINVAL;
    check(ok, "double key: K1 == K2 refused");
    tu_fill(&seed, dk, sizeof dk);
    ok = zc_aes_xts_key_init_protected(&k, dk, 32) == ZC_OK &&
         zc_aes_key_init(&c1, dk, 16, ZC_BACKEND_AUTO) == ZC_OK &&
         zc_aes_key_init(&c2, dk + 16, 16, ZC_BACKEND_AUTO) == ZC_OK;
    check(ok, "keys for the bad-input cases");
    check(zc_aes_xts_encrypt(&k, &c2, tweak, buf, buf, 32) == ZC_EINVAL &&
          zc_aes_xts_decrypt(&k, &k, tweak, buf, buf, 32) == ZC_EINVAL &&
          zc_aes_xts_encrypt(&c1, &k, tweak, buf, buf, 32) == ZC_EINVAL &&
          zc_aes_xts_encrypt(&c1, NULL, tweak, buf, buf, 32) == ZC_EINVAL &&
          zc_aes_xts_encrypt(&k, NULL, NULL, buf, buf, 32) == ZC_EINVAL &&
          zc_aes_xts_encrypt(&k, NULL, tweak, buf, buf, 15) == ZC_EINVAL &&
          zc_aes_xts_encrypt(&k, NULL, tweak, NULL, buf, 32) == ZC_EINVAL,
          "XTS with a double key: a second key, k2 NULL otherwise, short data, NULL");
    check(zc_aes_ecb_encrypt(&k, buf, buf, 16) == ZC_ENOTSUP &&
          zc_aes_cbc_encrypt(&k, tweak, buf, buf, 16) == ZC_ENOTSUP &&
          zc_aes_ctr_crypt(&k, tweak, buf, buf, 16) == ZC_ENOTSUP &&
          zc_aes_cfb_encrypt(&k, tweak, buf, buf, 16) == ZC_ENOTSUP &&
          zc_aes_ofb_crypt(&k, tweak, buf, buf, 16) == ZC_ENOTSUP &&
          zc_aes_cmac_init(&mac, &k) == ZC_ENOTSUP &&
          zc_aes_cmac(&k, buf, 16, buf + 16, 16) == ZC_ENOTSUP &&
          zc_aes_gcm_encrypt(&k, tweak, 12, NULL, 0, buf, buf, 16, buf + 16, 16) ==
              ZC_ENOTSUP &&
          zc_aes_gcm_encrypt(&k, tweak, 16, NULL, 0, buf, buf, 16, buf + 16, 16) ==
              ZC_ENOTSUP &&
          zc_aes_ccm_encrypt(&k, tweak, 11, NULL, 0, buf, buf, 16, buf + 16, 16) ==
              ZC_ENOTSUP,
          "other modes with a double key: ZC_ENOTSUP");
    zc_aes_key_wipe(&k);
    zc_aes_key_wipe(&c1);
    zc_aes_key_wipe(&c2);
    check(zc_aes_xts_encrypt(&k, NULL, tweak, buf, buf, 32) == ZC_EINVAL,
          "a wiped double key: ZC_EINVAL");
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "no-code") == 0) {
        uint8_t dk[64];
        uint64_t seed = 0x6e6f;
        zc_aes_key k;
        unsigned long d0 = zc_sim_platform_derivations();

        tu_fill(&seed, dk, sizeof dk);
        check(zc_aes_xts_key_init_protected(&k, dk, 32) == ZC_ENOTSUP &&
              zc_aes_xts_key_init_protected(&k, dk, 64) == ZC_ENOTSUP &&
              zc_sim_platform_derivations() == d0 && zc_cpacf_selftest(ZC_INSN_KM, 90) != 1,
              "without KM 90/92: ZC_ENOTSUP, nothing wrapped");
        return unit_done();
    }
    test_kats();
    test_lengths_and_stops();
    test_ekey();
    test_bad_inputs();
    return unit_done();
}
