/*
 * test_pkey.c - the /dev/pkey calls of lib/linux/pkey.c (platform.h),
 * called directly: this program is built from the test and that one
 * library file.
 *
 * s390x: against the stand-in device of tests/pkey_shim.c (LD_PRELOAD,
 * which checks every request byte for byte against <asm/pkey.h>): the
 * protected-key bytes of each request, the blob paths (KBLOB2PROTK, and
 * APQNS4K + KBLOB2PROTK3 or 2 after its EINVAL), the errno mapping of
 * pkey.c's top comment one case each (the HMAC clear-key token's
 * ENODEV and EINVAL as ZC_ENOTSUP), wrong answers, bad sizes, EINTR,
 * and that nothing is written on failure. Protected EC keys: the clear-key
 * token of each EC key type (5-9) byte for byte, padded to
 * MINKEYBLOBSIZE, and ECC blobs through APQNS4K + KBLOB2PROTK3. Elsewhere there is no pkey
 * interface: every call is ZC_ENOTSUP.
 */
#define _GNU_SOURCE
#include "core/platform.h"

#include <zcrypt/common.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"

#if defined(__s390x__)

#include <asm/pkey.h>
#include <dlfcn.h>
#include <fcntl.h>

#include "pkey_shim.h"

static struct shim_state *S;

/* Runs in each test's process: the shim must be there and untouched. */
static void find_shim(void)
{
    S = dlsym(RTLD_DEFAULT, "zc_pkey_shim");
    ck_assert_msg(S != NULL, "pkey_shim not preloaded (LD_PRELOAD)");
    ck_assert_uint_eq(S->calls[SHIM_OPEN], 0);
    unsetenv(SHIM_ENV_ERRNO);
    unsetenv(SHIM_ENV_ANSWER);
}

/* Every request well formed, every descriptor closed. */
static void shim_clean(void)
{
    ck_assert_msg(S->violations == 0, "shim: %s", S->violation);
    ck_assert_int_eq(S->open_fds, 0);
    ck_assert_uint_eq(S->opened, S->calls[SHIM_CLOSE]);
}

static void expect_order(const enum shim_op *want, unsigned n)
{
    unsigned i;

    ck_assert_uint_eq(S->norder, n);
    for (i = 0; i < n; i++)
        ck_assert_msg(S->order[i] == want[i], "request %u is %s, not %s", i,
                      shim_op_names[S->order[i]], shim_op_names[want[i]]);
}

/* Secure-key blobs in the layouts the shim reads (see shim_blob_bits). */
static size_t cca_data_blob(uint8_t *b, unsigned bits, uint64_t seed)
{
    tu_fill(&seed, b, 64);
    b[0] = 0x01; /* CCA internal token */
    b[4] = 0x04; /* AES DATA */
    b[56] = (uint8_t)(bits >> 8);
    b[57] = (uint8_t)bits;
    return 64;
}

static size_t ep11_header_blob(uint8_t *b, size_t len, unsigned bits, uint64_t seed)
{
    tu_fill(&seed, b, len);
    b[0] = 0x00; /* non-CCA */
    b[1] = 0x00; /* header version */
    b[2] = (uint8_t)(len >> 8);
    b[3] = (uint8_t)len;
    b[4] = 0x06; /* EP11 AES with header */
    b[6] = (uint8_t)(bits >> 8);
    b[7] = (uint8_t)bits;
    return len;
}

static size_t cca_cipher_blob(uint8_t *b, size_t len, uint64_t seed)
{
    tu_fill(&seed, b, len);
    b[0] = 0x01;
    b[4] = 0x05; /* variable-length symmetric (AES CIPHER) */
    return len;
}

static const size_t key_lens[] = { 16, 24, 32 };

START_TEST(clear_key)
{
    uint8_t key[32], prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t klen = key_lens[_i], plen = 0;
    uint64_t seed = 11 + _i;
    static const enum shim_op order[] = { SHIM_OPEN, SHIM_CLR2PROTK, SHIM_CLOSE };

    find_shim();
    tu_fill(&seed, key, sizeof(key));
    memset(prot, 0xee, sizeof(prot));
    ck_assert_int_eq(zc_plat_aes_protect_clear(key, klen, prot, &plen), ZC_OK);
    shim_clean();
    expect_order(order, 3);
    ck_assert_int_eq(S->open_flags, O_RDWR | O_CLOEXEC);
    ck_assert_uint_eq(S->keytype, _i + 1); /* PKEY_KEYTYPE_AES_128.. */
    ck_assert_mem_eq(S->clrkey, key, klen);
    ck_assert_uint_eq(plen, klen + 32);
    shim_fake_clear(want, key, klen);
    ck_assert_mem_eq(prot, want, plen);
    if (plen < sizeof(prot))
        ck_assert_uint_eq(prot[plen], 0xee);
}
END_TEST

START_TEST(generated_key)
{
    uint8_t prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t klen = key_lens[_i], plen = 0;
    unsigned n;

    find_shim();
    /* two in a row: each answer reaches the caller, none is reused */
    for (n = 0; n < 2; n++) {
        memset(prot, 0xee, sizeof(prot));
        ck_assert_int_eq(zc_plat_aes_generate_protected(klen, prot, &plen), ZC_OK);
        ck_assert_uint_eq(S->keytype, _i + 1);
        ck_assert_uint_eq(plen, klen + 32);
        shim_fake_gen(want, klen, n);
        ck_assert_mem_eq(prot, want, plen);
    }
    ck_assert_uint_eq(S->calls[SHIM_GENPROTK], 2);
    shim_clean();
}
END_TEST

/* A CCA AES DATA token of each size: one KBLOB2PROTK, no adapter list. */
START_TEST(blob_cca_data)
{
    uint8_t blob[64], prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t klen = key_lens[_i], plen = 0, got_klen = 0;
    size_t blen = cca_data_blob(blob, (unsigned)klen * 8, 21 + _i);
    static const enum shim_op order[] = { SHIM_OPEN, SHIM_KBLOB2PROTK, SHIM_CLOSE };

    find_shim();
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, blen, prot, &plen, &got_klen), ZC_OK);
    shim_clean();
    expect_order(order, 3);
    ck_assert_ptr_eq(S->blob, blob);
    ck_assert_uint_eq(S->blob_len, blen);
    ck_assert_uint_eq(got_klen, klen);
    ck_assert_uint_eq(plen, klen + 32);
    shim_fake_blob(want, blob, blen, klen, 1);
    ck_assert_mem_eq(prot, want, plen);
}
END_TEST

/* The largest CCA AES CIPHER token is taken; one byte more is not. */
START_TEST(blob_sizes)
{
    static uint8_t blob[726];
    uint8_t prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t plen = 0, klen = 0;

    find_shim();
    cca_cipher_blob(blob, sizeof(blob), 31);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, 725, prot, &plen, &klen), ZC_OK);
    ck_assert_uint_eq(S->blob_len, 725);
    ck_assert_uint_eq(klen, 32);
    shim_fake_blob(want, blob, 725, 32, 1);
    ck_assert_mem_eq(prot, want, 64);
    ck_assert_uint_eq(S->calls[SHIM_OPEN], 1);
    shim_clean();
}
END_TEST

/*
 * An EP11 blob with the header that the one-call request rejects (as
 * kernels that predate the format do): APQNS4K, then KBLOB2PROTK3 through
 * its list; where the kernel has no KBLOB2PROTK3, KBLOB2PROTK2.
 */
START_TEST(blob_via_apqns)
{
    static uint8_t blob[336];
    uint8_t prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t plen = 0, klen = 0;
    unsigned via = _i ? 2 : 3;
    static const enum shim_op order3[] = { SHIM_OPEN, SHIM_KBLOB2PROTK, SHIM_APQNS4K,
                                           SHIM_KBLOB2PROTK3, SHIM_CLOSE };
    static const enum shim_op order2[] = { SHIM_OPEN, SHIM_KBLOB2PROTK, SHIM_APQNS4K,
                                           SHIM_KBLOB2PROTK3, SHIM_KBLOB2PROTK2, SHIM_CLOSE };

    find_shim();
    ep11_header_blob(blob, sizeof(blob), 192, 41);
    setenv(SHIM_ENV_ERRNO, _i ? "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=ENOTTY" : "KBLOB2PROTK=EINVAL",
           1);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, sizeof(blob), prot, &plen, &klen), ZC_OK);
    shim_clean();
    if (_i)
        expect_order(order2, 6);
    else
        expect_order(order3, 5);
    ck_assert_uint_eq(klen, 24);
    ck_assert_uint_eq(plen, 56);
    shim_fake_blob(want, blob, sizeof(blob), 24, via);
    ck_assert_mem_eq(prot, want, plen);
    /* the kernel takes an EP11 blob's lookup with MATCH_CUR alone (issue 24) */
    ck_assert_uint_eq(S->apqns4k_n, 1);
    ck_assert_uint_eq(S->apqns4k_flags[0], PKEY_FLAGS_MATCH_CUR_MKVP);
}
END_TEST

/*
 * A CCA AES CIPHER token through the adapter list: looked up under the
 * current and the old master key (CUR|ALT), as the kernel allows for CCA.
 */
START_TEST(blob_cca_via_apqns)
{
    static uint8_t blob[400];
    uint8_t prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t plen = 0, klen = 0;
    static const enum shim_op order3[] = { SHIM_OPEN, SHIM_KBLOB2PROTK, SHIM_APQNS4K,
                                           SHIM_KBLOB2PROTK3, SHIM_CLOSE };

    find_shim();
    cca_cipher_blob(blob, sizeof(blob), 43);
    setenv(SHIM_ENV_ERRNO, "KBLOB2PROTK=EINVAL", 1);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, sizeof(blob), prot, &plen, &klen), ZC_OK);
    shim_clean();
    expect_order(order3, 5);
    ck_assert_uint_eq(S->apqns4k_n, 1);
    ck_assert_uint_eq(S->apqns4k_flags[0], PKEY_FLAGS_MATCH_CUR_MKVP | PKEY_FLAGS_MATCH_ALT_MKVP);
    ck_assert_uint_eq(klen, 32);
    shim_fake_blob(want, blob, sizeof(blob), 32, 3);
    ck_assert_mem_eq(prot, want, plen);
}
END_TEST

/* EINTR on the open and on every request: retried, same result. */
START_TEST(eintr_retried)
{
    static uint8_t blob[336];
    uint8_t key[16] = { 1, 2, 3 }, prot[ZC_PROTKEY_MAX], want[ZC_PROTKEY_MAX];
    size_t plen = 0, klen = 0;

    find_shim();
    setenv(SHIM_ENV_ANSWER, "eintr", 1);
    ck_assert_int_eq(zc_plat_aes_protect_clear(key, 16, prot, &plen), ZC_OK);
    shim_fake_clear(want, key, 16);
    ck_assert_mem_eq(prot, want, 48);
    ck_assert_uint_eq(S->calls[SHIM_OPEN], 2);
    ck_assert_uint_eq(S->calls[SHIM_CLR2PROTK], 2);

    ck_assert_int_eq(zc_plat_aes_generate_protected(32, prot, &plen), ZC_OK);
    ck_assert_uint_eq(S->calls[SHIM_GENPROTK], 2);
    shim_fake_gen(want, 32, 0);
    ck_assert_mem_eq(prot, want, 64);

    ep11_header_blob(blob, sizeof(blob), 128, 51);
    setenv(SHIM_ENV_ERRNO, "KBLOB2PROTK=EINVAL", 1);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, sizeof(blob), prot, &plen, &klen), ZC_OK);
    ck_assert_uint_eq(S->calls[SHIM_KBLOB2PROTK], 2);
    ck_assert_uint_eq(S->calls[SHIM_APQNS4K], 2);
    ck_assert_uint_eq(S->calls[SHIM_KBLOB2PROTK3], 2);
    shim_fake_blob(want, blob, sizeof(blob), 16, 3);
    ck_assert_mem_eq(prot, want, 48);
    shim_clean();
}
END_TEST

/* A protected HMAC key from K0: PKEY_KBLOB2PROTK3 with a clear-key token,
 * nothing else; the token's bytes, the key type by block, the answer. */
START_TEST(hmac_clear_key)
{
    uint8_t k0[128], prot[ZC_HMAC_PROTKEY_MAX], want[ZC_HMAC_PROTKEY_MAX];
    size_t klen = _i ? 128 : 64, plen = 0;
    uint64_t seed = 21 + _i;
    static const enum shim_op order[] = { SHIM_OPEN, SHIM_KBLOB2PROTK3, SHIM_CLOSE };

    find_shim();
    tu_fill(&seed, k0, sizeof(k0));
    memset(prot, 0xee, sizeof(prot));
    ck_assert_int_eq(zc_plat_hmac_protect_clear(k0, klen, prot, &plen), ZC_OK);
    shim_clean();
    expect_order(order, 3);
    ck_assert_uint_eq(S->hmac_type, _i ? SHIM_KEYTYPE_HMAC_1024 : SHIM_KEYTYPE_HMAC_512);
    ck_assert_uint_eq(S->hmac_len, klen);
    ck_assert_mem_eq(S->hmac_k0, k0, klen);
    ck_assert_uint_eq(plen, klen + 32);
    shim_fake_clear(want, k0, klen);
    ck_assert_mem_eq(prot, want, plen);
    if (plen < sizeof(prot))
        ck_assert_uint_eq(prot[plen], 0xee);
}
END_TEST

/* Protected EC keys: the key as the clear-key token takes it (P-521's 66
 * bytes and Ed448's 57 right-aligned), one clear-key token per curve. */
static size_t ec_token_key(uint8_t *key, unsigned curve, uint64_t seed)
{
    static const size_t w[5] = { 32, 48, 80, 32, 64 }, f[5] = { 32, 48, 66, 32, 57 };

    memset(key, 0, 80);
    tu_fill(&seed, key + w[curve] - f[curve], f[curve]);
    return w[curve];
}

START_TEST(ec_clear_key)
{
    uint8_t key[80], prot[ZC_EC_PROTKEY_MAX + 8], want[ZC_EC_PROTKEY_MAX];
    size_t klen = ec_token_key(key, (unsigned)_i, 31 + (uint64_t)_i), plen = 0;
    static const enum shim_op order[] = { SHIM_OPEN, SHIM_KBLOB2PROTK3, SHIM_CLOSE };

    find_shim();
    memset(prot, 0xee, sizeof(prot));
    ck_assert_int_eq(zc_plat_ec_protect_clear((enum zc_plat_ec)_i, key, klen, prot, &plen),
                     ZC_OK);
    shim_clean();
    expect_order(order, 3);
    ck_assert_uint_eq(S->ec_type, SHIM_KEYTYPE_ECC_P256 + (uint32_t)_i);
    ck_assert_uint_eq(S->ec_len, klen);
    /* MINKEYBLOBSIZE at least: a 32- or 48-byte key's token is zero-padded */
    ck_assert_uint_eq(S->ec_keylen, 16 + klen < MINKEYBLOBSIZE ? MINKEYBLOBSIZE : 16 + klen);
    ck_assert_mem_eq(S->ec_key, key, klen);
    ck_assert_uint_eq(plen, klen + 32);
    shim_fake_clear(want, key, klen);
    ck_assert_mem_eq(prot, want, plen);
    ck_assert_uint_eq(prot[plen], 0xee);
}
END_TEST

/* The kernel may answer the generic ECC type 4 for every curve. */
START_TEST(ec_clear_generic)
{
    uint8_t key[80], prot[ZC_EC_PROTKEY_MAX], want[ZC_EC_PROTKEY_MAX];
    size_t klen = ec_token_key(key, (unsigned)_i, 41 + (uint64_t)_i), plen = 0;

    find_shim();
    setenv(SHIM_ENV_ANSWER, "generic", 1);
    ck_assert_int_eq(zc_plat_ec_protect_clear((enum zc_plat_ec)_i, key, klen, prot, &plen),
                     ZC_OK);
    shim_clean();
    ck_assert_uint_eq(plen, klen + 32);
    shim_fake_clear(want, key, klen);
    ck_assert_mem_eq(prot, want, plen);
}
END_TEST

/* ECC blobs as the shim reads them (shim_ecc_blob_type): EP11 with the
 * header (0x00, version 0x07) or a CCA private ECC token (0x1f). */
static size_t ecc_blob(uint8_t *b, size_t len, int ep11, unsigned bits, uint64_t seed)
{
    tu_fill(&seed, b, len);
    b[0] = ep11 ? 0x00 : 0x1f;
    b[1] = 0x00;
    b[2] = (uint8_t)(len >> 8);
    b[3] = (uint8_t)len;
    b[4] = ep11 ? 0x07 : 0x00;
    b[6] = (uint8_t)(bits >> 8);
    b[7] = (uint8_t)bits;
    return len;
}

/* An ECC blob: APQNS4K (EP11 exactly MATCH_CUR, CCA CUR|ALT), then
 * KBLOB2PROTK3 through that list; the answer of type 4 (or the curve's). */
START_TEST(ec_blob)
{
    static const unsigned bits[5] = { 256, 384, 521, 255, 448 };
    static const size_t klens[5] = { 32, 48, 80, 32, 64 };
    static uint8_t blob[400];
    uint8_t prot[ZC_EC_PROTKEY_MAX + 8], want[ZC_EC_PROTKEY_MAX];
    unsigned curve = (unsigned)_i % 5;
    int ep11 = _i < 5;
    size_t blen = ecc_blob(blob, ep11 ? 300 : 64 + 16 * (size_t)_i, ep11, bits[curve],
                           51 + (uint64_t)_i), plen = 0;
    static const enum shim_op order[] = { SHIM_OPEN, SHIM_APQNS4K, SHIM_KBLOB2PROTK3,
                                          SHIM_CLOSE };

    find_shim();
    if (_i == 9)
        setenv(SHIM_ENV_ANSWER, "curvetype", 1);
    memset(prot, 0xee, sizeof(prot));
    ck_assert_int_eq(zc_plat_ec_protect_blob((enum zc_plat_ec)curve, blob, blen, prot, &plen),
                     ZC_OK);
    shim_clean();
    expect_order(order, 4);
    ck_assert_uint_eq(S->apqns4k_flags[0], ep11 ? PKEY_FLAGS_MATCH_CUR_MKVP
                                                : PKEY_FLAGS_MATCH_CUR_MKVP |
                                                      PKEY_FLAGS_MATCH_ALT_MKVP);
    ck_assert_ptr_eq(S->blob, blob);
    ck_assert_uint_eq(S->blob_len, blen);
    ck_assert_uint_eq(S->ec_type, SHIM_KEYTYPE_ECC_P256 + curve);
    ck_assert_uint_eq(plen, klens[curve] + 32);
    shim_fake_blob(want, blob, blen, klens[curve], 3);
    ck_assert_mem_eq(prot, want, plen);
    ck_assert_uint_eq(prot[plen], 0xee);
}
END_TEST

/* A protected XTS double key from K1 || K2: PKEY_KBLOB2PROTK3 with a
 * clear-key token of the AES-XTS type, the 48-byte XTS-128 token padded
 * to MINKEYBLOBSIZE (the shim refuses it otherwise), the answer. */
START_TEST(xts_clear_key)
{
    uint8_t dk[64], prot[ZC_XTS_PROTKEY_MAX + 8], want[ZC_XTS_PROTKEY_MAX];
    size_t klen = _i ? 64 : 32, plen = 0;
    uint64_t seed = 41 + _i;
    static const enum shim_op order[] = { SHIM_OPEN, SHIM_KBLOB2PROTK3, SHIM_CLOSE };

    find_shim();
    tu_fill(&seed, dk, sizeof(dk));
    memset(prot, 0xee, sizeof(prot));
    ck_assert_int_eq(zc_plat_xts_protect_clear(dk, klen, prot, &plen), ZC_OK);
    shim_clean();
    expect_order(order, 3);
    ck_assert_uint_eq(S->hmac_type, _i ? SHIM_KEYTYPE_AES_XTS_256 : SHIM_KEYTYPE_AES_XTS_128);
    ck_assert_uint_eq(S->hmac_len, klen);
    ck_assert_mem_eq(S->hmac_k0, dk, klen);
    ck_assert_uint_eq(plen, klen + 32);
    shim_fake_clear(want, dk, klen);
    ck_assert_mem_eq(prot, want, plen);
    ck_assert_uint_eq(prot[plen], 0xee);
}
END_TEST

enum call { CLEAR, GEN, BLOB, EP11, HMAC, ECC, ECBLOB, XTS };

static const struct fail_case {
    enum call call;
    const char *err;    /* SHIM_ENV_ERRNO */
    const char *answer; /* SHIM_ENV_ANSWER */
    int want;
} fail_cases[] = {
    /* open */
    { .call = CLEAR, .err = "OPEN=ENOENT", .want = ZC_ENOTSUP },
    { .call = CLEAR, .err = "OPEN=ENODEV", .want = ZC_ENOTSUP },
    { .call = CLEAR, .err = "OPEN=ENXIO", .want = ZC_ENOTSUP },
    { .call = CLEAR, .err = "OPEN=EACCES", .want = ZC_EDEVICE },
    { .call = CLEAR, .err = "OPEN=EPERM", .want = ZC_EDEVICE },
    { .call = CLEAR, .err = "OPEN=EMFILE", .want = ZC_EDEVICE },
    { .call = GEN, .err = "OPEN=ENOENT", .want = ZC_ENOTSUP },
    { .call = BLOB, .err = "OPEN=ENOENT", .want = ZC_ENOTSUP },
    { .call = BLOB, .err = "OPEN=EACCES", .want = ZC_EDEVICE },
    /* wrapping a clear key, making a random one */
    { .call = CLEAR, .err = "CLR2PROTK=ENOTTY", .want = ZC_ENOTSUP },
    { .call = CLEAR, .err = "CLR2PROTK=ENODEV", .want = ZC_ENOTSUP },
    { .call = CLEAR, .err = "CLR2PROTK=EIO", .want = ZC_EDEVICE },
    { .call = CLEAR, .err = "CLR2PROTK=EINVAL", .want = ZC_EDEVICE },
    { .call = GEN, .err = "GENPROTK=ENOTTY", .want = ZC_ENOTSUP },
    { .call = GEN, .err = "GENPROTK=ENODEV", .want = ZC_ENOTSUP },
    { .call = GEN, .err = "GENPROTK=EIO", .want = ZC_EDEVICE },
    { .call = GEN, .err = "GENPROTK=EBUSY", .want = ZC_EDEVICE },
    /* a blob, one request */
    { .call = BLOB, .err = "KBLOB2PROTK=ENOTTY", .want = ZC_ENOTSUP },
    { .call = BLOB, .err = "KBLOB2PROTK=ENODEV", .want = ZC_EDEVICE },
    { .call = BLOB, .err = "KBLOB2PROTK=EIO", .want = ZC_EDEVICE },
    { .call = BLOB, .err = "KBLOB2PROTK=EFAULT", .want = ZC_EDEVICE },
    /* a blob through the adapter list */
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,APQNS4K=EINVAL", .want = ZC_EKEY },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,APQNS4K=ENOTTY", .want = ZC_EKEY },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,APQNS4K=ENOSPC", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,APQNS4K=EIO", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL", .answer = "noapqn", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=EINVAL", .want = ZC_EKEY },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=ENODEV", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=EIO", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=ENOTTY,KBLOB2PROTK2=EINVAL",
      .want = ZC_EKEY },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=ENOTTY,KBLOB2PROTK2=ENODEV",
      .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=ENOTTY,KBLOB2PROTK2=EIO",
      .want = ZC_EDEVICE },
    /* answers that are not a protected AES key of the right size */
    { .call = CLEAR, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = CLEAR, .answer = "badtype", .want = ZC_EDEVICE },
    { .call = CLEAR, .answer = "othertype", .want = ZC_EDEVICE },
    { .call = GEN, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = GEN, .answer = "othertype", .want = ZC_EDEVICE },
    { .call = BLOB, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = BLOB, .answer = "badtype", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL", .answer = "badlen", .want = ZC_EDEVICE },
    { .call = EP11, .err = "KBLOB2PROTK=EINVAL,KBLOB2PROTK3=ENOTTY", .answer = "badtype",
      .want = ZC_EDEVICE },
    /* an HMAC clear-key token: ENODEV (no PCKMO code) and EINVAL (a key type
     * this kernel does not know) are "not here", unlike the blob path */
    { .call = HMAC, .err = "OPEN=ENOENT", .want = ZC_ENOTSUP },
    { .call = HMAC, .err = "OPEN=EACCES", .want = ZC_EDEVICE },
    { .call = HMAC, .err = "KBLOB2PROTK3=ENODEV", .want = ZC_ENOTSUP },
    { .call = HMAC, .err = "KBLOB2PROTK3=EINVAL", .want = ZC_ENOTSUP },
    { .call = HMAC, .err = "KBLOB2PROTK3=ENOTTY", .want = ZC_ENOTSUP },
    { .call = HMAC, .err = "KBLOB2PROTK3=EIO", .want = ZC_EDEVICE },
    { .call = HMAC, .err = "KBLOB2PROTK3=EFAULT", .want = ZC_EDEVICE },
    { .call = HMAC, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = HMAC, .answer = "badtype", .want = ZC_EDEVICE },
    { .call = HMAC, .answer = "othertype", .want = ZC_EDEVICE },
    /* an EC clear-key token (P-384, padded to MINKEYBLOBSIZE): as HMAC's */
    { .call = ECC, .err = "KBLOB2PROTK3=ENODEV", .want = ZC_ENOTSUP },
    { .call = ECC, .err = "KBLOB2PROTK3=EINVAL", .want = ZC_ENOTSUP },
    { .call = ECC, .err = "KBLOB2PROTK3=EIO", .want = ZC_EDEVICE },
    { .call = ECC, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = ECC, .answer = "badtype", .want = ZC_EDEVICE },
    { .call = ECC, .answer = "othertype", .want = ZC_EDEVICE },
    /* an ECC blob (EP11, P-256): the blob path's mapping */
    { .call = ECBLOB, .err = "KBLOB2PROTK3=EINVAL", .want = ZC_EKEY },
    { .call = ECBLOB, .err = "APQNS4K=EINVAL", .want = ZC_EKEY },
    { .call = ECBLOB, .err = "KBLOB2PROTK3=EIO", .want = ZC_EDEVICE },
    { .call = ECBLOB, .answer = "noapqn", .want = ZC_EDEVICE },
    { .call = ECBLOB, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = ECBLOB, .answer = "othertype", .want = ZC_EDEVICE },
    /* an XTS double key's token: the same mapping */
    { .call = XTS, .err = "KBLOB2PROTK3=ENODEV", .want = ZC_ENOTSUP },
    { .call = XTS, .err = "KBLOB2PROTK3=EINVAL", .want = ZC_ENOTSUP },
    { .call = XTS, .err = "KBLOB2PROTK3=EIO", .want = ZC_EDEVICE },
    { .call = XTS, .answer = "badlen", .want = ZC_EDEVICE },
    { .call = XTS, .answer = "othertype", .want = ZC_EDEVICE },
};

/* One failure each: its result, and prot, *prot_len, *key_len untouched. */
START_TEST(failure)
{
    const struct fail_case *c = &fail_cases[_i];
    static uint8_t blob[336];
    uint8_t key[128] = { 0x2b, 0x7e }, prot[ZC_HMAC_PROTKEY_MAX], fill[ZC_HMAC_PROTKEY_MAX];
    size_t plen = 777, klen = 777;
    int rc = 0;

    find_shim();
    if (c->err)
        setenv(SHIM_ENV_ERRNO, c->err, 1);
    if (c->answer)
        setenv(SHIM_ENV_ANSWER, c->answer, 1);
    memset(prot, 0xee, sizeof(prot));
    memset(fill, 0xee, sizeof(fill));
    switch (c->call) {
    case CLEAR:
        rc = zc_plat_aes_protect_clear(key, 16, prot, &plen);
        break;
    case GEN:
        rc = zc_plat_aes_generate_protected(24, prot, &plen);
        break;
    case BLOB:
        rc = zc_plat_aes_protect_blob(blob, cca_data_blob(blob, 256, 61), prot, &plen, &klen);
        break;
    case EP11:
        rc = zc_plat_aes_protect_blob(blob, ep11_header_blob(blob, 336, 256, 71), prot, &plen,
                                      &klen);
        break;
    case HMAC:
        rc = zc_plat_hmac_protect_clear(key, 64, prot, &plen);
        break;
    case ECC:
        rc = zc_plat_ec_protect_clear(ZC_PLAT_EC_P384, key, 48, prot, &plen);
        break;
    case ECBLOB:
        rc = zc_plat_ec_protect_blob(ZC_PLAT_EC_P256, blob, ecc_blob(blob, 336, 1, 256, 73),
                                     prot, &plen);
        break;
    case XTS:
        rc = zc_plat_xts_protect_clear(key, 32, prot, &plen);
        break;
    }
    ck_assert_msg(rc == c->want, "case %d (%s / %s): %d, want %d", _i, c->err ? c->err : "-",
                  c->answer ? c->answer : "-", rc, c->want);
    ck_assert_mem_eq(prot, fill, sizeof(prot));
    ck_assert_uint_eq(plen, 777);
    ck_assert_uint_eq(klen, 777);
    ck_assert_uint_eq(S->calls[SHIM_OPEN], 1);
    shim_clean();
}
END_TEST

/* Sizes the interface does not take: ZC_EINVAL before /dev/pkey is opened. */
START_TEST(bad_sizes)
{
    static uint8_t blob[800];
    uint8_t key[64] = { 0 }, prot[ZC_PROTKEY_MAX], fill[ZC_PROTKEY_MAX];
    static const size_t bad_keys[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64 };
    static const size_t bad_blobs[] = { 0, 1, 63, 726, 800 };
    size_t plen = 777, klen = 777, i;

    find_shim();
    memset(prot, 0xee, sizeof(prot));
    memset(fill, 0xee, sizeof(fill));
    cca_cipher_blob(blob, sizeof(blob), 81);
    for (i = 0; i < sizeof(bad_keys) / sizeof(bad_keys[0]); i++) {
        ck_assert_int_eq(zc_plat_aes_protect_clear(key, bad_keys[i], prot, &plen), ZC_EINVAL);
        ck_assert_int_eq(zc_plat_aes_generate_protected(bad_keys[i], prot, &plen), ZC_EINVAL);
    }
    for (i = 0; i < sizeof(bad_blobs) / sizeof(bad_blobs[0]); i++)
        ck_assert_int_eq(zc_plat_aes_protect_blob(blob, bad_blobs[i], prot, &plen, &klen),
                         ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_clear(NULL, 16, prot, &plen), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_clear(key, 16, NULL, &plen), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_clear(key, 16, prot, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_generate_protected(16, NULL, &plen), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_generate_protected(16, prot, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_blob(NULL, 64, prot, &plen, &klen), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, 64, NULL, &plen, &klen), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, 64, prot, NULL, &klen), ZC_EINVAL);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, 64, prot, &plen, NULL), ZC_EINVAL);
    {
        static const size_t bad_k0[] = { 0, 1, 32, 63, 65, 96, 127, 129, 160 };
        uint8_t hprot[ZC_HMAC_PROTKEY_MAX], hfill[ZC_HMAC_PROTKEY_MAX];

        memset(hprot, 0xee, sizeof(hprot));
        memset(hfill, 0xee, sizeof(hfill));
        for (i = 0; i < sizeof(bad_k0) / sizeof(bad_k0[0]); i++)
            ck_assert_int_eq(zc_plat_hmac_protect_clear(blob, bad_k0[i], hprot, &plen),
                             ZC_EINVAL);
        ck_assert_int_eq(zc_plat_hmac_protect_clear(NULL, 64, hprot, &plen), ZC_EINVAL);
        ck_assert_int_eq(zc_plat_hmac_protect_clear(blob, 64, NULL, &plen), ZC_EINVAL);
        ck_assert_int_eq(zc_plat_hmac_protect_clear(blob, 128, hprot, NULL), ZC_EINVAL);
        for (i = 0; i < sizeof(bad_k0) / sizeof(bad_k0[0]); i++)     /* XTS: 32, 64 only */
            if (bad_k0[i] != 32)
                ck_assert_int_eq(zc_plat_xts_protect_clear(blob, bad_k0[i], hprot, &plen),
                                 ZC_EINVAL);
        ck_assert_int_eq(zc_plat_xts_protect_clear(blob, 48, hprot, &plen), ZC_EINVAL);
        ck_assert_int_eq(zc_plat_xts_protect_clear(NULL, 32, hprot, &plen), ZC_EINVAL);
        ck_assert_int_eq(zc_plat_xts_protect_clear(blob, 64, NULL, &plen), ZC_EINVAL);
        ck_assert_int_eq(zc_plat_xts_protect_clear(blob, 32, hprot, NULL), ZC_EINVAL);
        ck_assert_mem_eq(hprot, hfill, sizeof(hprot));
    }
    {
        /* EC: a length other than the token's, a curve past Ed448, NULL,
         * a blob outside MINKEYBLOBSIZE..8192 */
        static const size_t bad_ec[5][3] = { { 31, 33, 66 }, { 32, 47, 49 }, { 66, 79, 81 },
                                              { 31, 33, 57 }, { 56, 57, 65 } };
        uint8_t eprot[ZC_EC_PROTKEY_MAX], efill[ZC_EC_PROTKEY_MAX];
        unsigned c, j;

        memset(eprot, 0xee, sizeof(eprot));
        memset(efill, 0xee, sizeof(efill));
        for (c = 0; c < 5; c++) {
            for (j = 0; j < 3; j++)
                ck_assert_int_eq(zc_plat_ec_protect_clear((enum zc_plat_ec)c, blob,
                                                          bad_ec[c][j], eprot, &plen),
                                 ZC_EINVAL);
            ck_assert_int_eq(zc_plat_ec_protect_blob((enum zc_plat_ec)c, blob, 63, eprot, &plen),
                             ZC_EINVAL);
            ck_assert_int_eq(zc_plat_ec_protect_blob((enum zc_plat_ec)c, blob, 8193, eprot,
                                                     &plen),
                             ZC_EINVAL);
        }
        ck_assert_int_eq(zc_plat_ec_protect_clear((enum zc_plat_ec)5, blob, 32, eprot, &plen),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_clear(ZC_PLAT_EC_P256, NULL, 32, eprot, &plen),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_clear(ZC_PLAT_EC_P256, blob, 32, NULL, &plen),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_clear(ZC_PLAT_EC_P256, blob, 32, eprot, NULL),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_blob((enum zc_plat_ec)5, blob, 64, eprot, &plen),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_blob(ZC_PLAT_EC_P256, NULL, 64, eprot, &plen),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_blob(ZC_PLAT_EC_P256, blob, 64, NULL, &plen),
                         ZC_EINVAL);
        ck_assert_int_eq(zc_plat_ec_protect_blob(ZC_PLAT_EC_P256, blob, 64, eprot, NULL),
                         ZC_EINVAL);
        ck_assert_mem_eq(eprot, efill, sizeof(eprot));
    }
    ck_assert_mem_eq(prot, fill, sizeof(prot));
    ck_assert_uint_eq(plen, 777);
    ck_assert_uint_eq(klen, 777);
    ck_assert_uint_eq(S->calls[SHIM_OPEN], 0);
}
END_TEST

/* A blob the kernel takes by no request: ZC_EKEY, nothing written. */
START_TEST(blob_rejected)
{
    uint8_t blob[64], prot[ZC_PROTKEY_MAX], fill[ZC_PROTKEY_MAX];
    size_t plen = 777, klen = 777;

    find_shim();
    memset(prot, 0xee, sizeof(prot));
    memset(fill, 0xee, sizeof(fill));
    /* a DATA token claiming 512-bit AES: every request answers EINVAL */
    cca_data_blob(blob, 512, 91);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, 64, prot, &plen, &klen), ZC_EKEY);
    ck_assert_uint_eq(S->calls[SHIM_KBLOB2PROTK3], 1);
    ck_assert_mem_eq(prot, fill, sizeof(prot));
    ck_assert_uint_eq(plen, 777);
    ck_assert_uint_eq(klen, 777);
    shim_clean();
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_loop_test(tc, clear_key, 0, 3);
    tcase_add_loop_test(tc, generated_key, 0, 3);
    tcase_add_loop_test(tc, hmac_clear_key, 0, 2);
    tcase_add_loop_test(tc, ec_clear_key, 0, 5);
    tcase_add_loop_test(tc, ec_clear_generic, 0, 5);
    tcase_add_loop_test(tc, ec_blob, 0, 10);
    tcase_add_loop_test(tc, xts_clear_key, 0, 2);
    tcase_add_loop_test(tc, blob_cca_data, 0, 3);
    tcase_add_test(tc, blob_sizes);
    tcase_add_loop_test(tc, blob_via_apqns, 0, 2);
    tcase_add_test(tc, blob_cca_via_apqns);
    tcase_add_test(tc, eintr_retried);
    tcase_add_loop_test(tc, failure, 0, (int)(sizeof(fail_cases) / sizeof(fail_cases[0])));
    tcase_add_test(tc, bad_sizes);
    tcase_add_test(tc, blob_rejected);
}

#else /* no pkey interface outside s390x */

START_TEST(not_supported)
{
    uint8_t key[32] = { 0 }, blob[64] = { 0 }, prot[ZC_PROTKEY_MAX];
    size_t plen = 777, klen = 777;

    ck_assert_int_eq(zc_plat_aes_protect_clear(key, 16, prot, &plen), ZC_ENOTSUP);
    ck_assert_int_eq(zc_plat_aes_protect_blob(blob, 64, prot, &plen, &klen), ZC_ENOTSUP);
    ck_assert_int_eq(zc_plat_aes_generate_protected(32, prot, &plen), ZC_ENOTSUP);
    {
        uint8_t k0[128] = { 0 }, hprot[ZC_HMAC_PROTKEY_MAX];

        ck_assert_int_eq(zc_plat_hmac_protect_clear(k0, 64, hprot, &plen), ZC_ENOTSUP);
        ck_assert_int_eq(zc_plat_hmac_protect_clear(k0, 128, hprot, &plen), ZC_ENOTSUP);
        ck_assert_int_eq(zc_plat_xts_protect_clear(k0, 32, hprot, &plen), ZC_ENOTSUP);
        ck_assert_int_eq(zc_plat_xts_protect_clear(k0, 64, hprot, &plen), ZC_ENOTSUP);
    }
    {
        uint8_t ekey[80] = { 0 }, eprot[ZC_EC_PROTKEY_MAX];

        ck_assert_int_eq(zc_plat_ec_protect_clear(ZC_PLAT_EC_P256, ekey, 32, eprot, &plen),
                         ZC_ENOTSUP);
        ck_assert_int_eq(zc_plat_ec_protect_blob(ZC_PLAT_EC_ED448, blob, 64, eprot, &plen),
                         ZC_ENOTSUP);
    }
    ck_assert_uint_eq(plen, 777);
    ck_assert_uint_eq(klen, 777);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, not_supported);
}

#endif

int main(void)
{
    Suite *s = suite_create("pkey");
    TCase *tc = tcase_create("pkey");

    tcase_set_timeout(tc, 120);
    add_tests(tc);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
