/*
 * test_rsa_openssl.c - RSA against OpenSSL's libcrypto, both ways (native
 * tier only; OpenSSL is a test-time oracle, never a library dependency).
 *
 * Keys travel in DER: ours (zc_rsa_generate) into OpenSSL, OpenSSL's
 * (EVP_RSA_gen) into ours. For each key: PKCS#1 v1.5 signatures (ours
 * verify there and are byte-identical, theirs verify here), PSS with
 * explicit salt lengths, OAEP with labels and PKCS#1 v1.5 encryption,
 * each made on one side and checked on the other. The bignum core is
 * also compared with BN_mod_exp on random and edge-case moduli up to
 * 8192 bits, through zc_rsa_public.
 */
#include <zcrypt.h>
#include <check.h>

#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"

#define MAXB 512

static const char *const md_names[] = {
    [ZC_SHA1] = "SHA1", [ZC_SHA224] = "SHA224", [ZC_SHA256] = "SHA256",
    [ZC_SHA384] = "SHA384", [ZC_SHA512] = "SHA512", [ZC_SHA512_224] = "SHA512-224",
    [ZC_SHA512_256] = "SHA512-256", [ZC_SHA3_224] = "SHA3-224", [ZC_SHA3_256] = "SHA3-256",
    [ZC_SHA3_384] = "SHA3-384", [ZC_SHA3_512] = "SHA3-512",
};

static const EVP_MD *md_of(enum zc_hash_alg alg)
{
    const EVP_MD *md = EVP_get_digestbyname(md_names[alg]);

    ck_assert_ptr_nonnull(md);
    return md;
}

/* A key pair on both sides: ours generated (first two sizes) or OpenSSL's. */
static EVP_PKEY *key_pair(zc_rsa_key *k, unsigned bits, int ours)
{
    static uint8_t der[2600];
    const uint8_t *p = der;
    EVP_PKEY *pk;

    if (ours) {
        size_t len = sizeof der;

        ck_assert_int_eq(zc_rsa_generate(k, bits, 0), ZC_OK);
        ck_assert_int_eq(zc_rsa_key_export_der(k, ZC_RSA_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
        pk = d2i_AutoPrivateKey(NULL, &p, (long)len);
        ck_assert_ptr_nonnull(pk);
    } else {
        uint8_t *out = NULL;
        int len;

        pk = EVP_RSA_gen(bits);
        ck_assert_ptr_nonnull(pk);
        len = i2d_PrivateKey(pk, &out);
        ck_assert_int_gt(len, 0);
        ck_assert_int_eq(zc_rsa_key_from_der(k, out, (size_t)len), ZC_OK);
        OPENSSL_free(out);
    }
    ck_assert_int_eq(EVP_PKEY_get_bits(pk), (int)bits);
    return pk;
}

/* OpenSSL context for one padding; op: 0 sign, 1 verify, 2 encrypt, 3 decrypt. */
static EVP_PKEY_CTX *ctx_for(EVP_PKEY *pk, int op, int padding, enum zc_hash_alg alg, int salt)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    int rc;

    ck_assert_ptr_nonnull(c);
    rc = op == 0 ? EVP_PKEY_sign_init(c) : op == 1 ? EVP_PKEY_verify_init(c)
         : op == 2 ? EVP_PKEY_encrypt_init(c) : EVP_PKEY_decrypt_init(c);
    ck_assert_int_eq(rc, 1);
    ck_assert_int_eq(EVP_PKEY_CTX_set_rsa_padding(c, padding), 1);
    if (padding == RSA_PKCS1_PSS_PADDING || (padding == RSA_PKCS1_PADDING && op < 2))
        ck_assert_int_eq(EVP_PKEY_CTX_set_signature_md(c, md_of(alg)), 1);
    if (padding == RSA_PKCS1_PSS_PADDING) {
        ck_assert_int_eq(EVP_PKEY_CTX_set_rsa_pss_saltlen(c, salt), 1);
        ck_assert_int_eq(EVP_PKEY_CTX_set_rsa_mgf1_md(c, md_of(alg)), 1);
    }
    if (padding == RSA_PKCS1_OAEP_PADDING) {
        ck_assert_int_eq(EVP_PKEY_CTX_set_rsa_oaep_md(c, md_of(alg)), 1);
        ck_assert_int_eq(EVP_PKEY_CTX_set_rsa_mgf1_md(c, md_of(alg)), 1);
    }
    return c;
}

static const unsigned sizes[] = { 1024, 2048, 3072, 4096 };

/* ZC_TEST_QUICK (the memcheck run of scripts/hardening.sh): the two
   smaller key sizes and a fifth of the modular exponentiations; at
   memcheck's speed the full set takes a quarter of an hour. */
static int quick(void)
{
    return getenv("ZC_TEST_QUICK") != NULL;
}

START_TEST(signatures_both_ways)
{
    static const enum zc_hash_alg algs[] = { ZC_SHA1, ZC_SHA224, ZC_SHA256, ZC_SHA384,
                                             ZC_SHA512, ZC_SHA512_256, ZC_SHA3_256,
                                             ZC_SHA3_512 };
    static zc_rsa_key k;
    unsigned bits = sizes[_i];
    EVP_PKEY *pk;
    uint64_t seed = 0x51600u + (uint64_t)_i;
    size_t n, a;

    if (quick() && bits > 2048)
        return;
    pk = key_pair(&k, bits, bits <= 2048);
    n = zc_rsa_size(&k);
    for (a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        enum zc_hash_alg alg = algs[a];
        size_t h = zc_hash_size(alg), em_len = (bits - 1 + 7) / 8;
        uint8_t d[64], ours[MAXB], theirs[MAXB];
        size_t len = sizeof ours, tlen = sizeof theirs;
        int salts[4], s;
        EVP_PKEY_CTX *c;

        tu_fill(&seed, d, h);
        /* PKCS#1 v1.5: deterministic, so both sides make the same bytes */
        ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, alg, d, ours, &len), ZC_OK);
        c = ctx_for(pk, 1, RSA_PKCS1_PADDING, alg, 0);
        ck_assert_int_eq(EVP_PKEY_verify(c, ours, len, d, h), 1);
        EVP_PKEY_CTX_free(c);
        c = ctx_for(pk, 0, RSA_PKCS1_PADDING, alg, 0);
        ck_assert_int_eq(EVP_PKEY_sign(c, theirs, &tlen, d, h), 1);
        EVP_PKEY_CTX_free(c);
        ck_assert_uint_eq(tlen, n);
        ck_assert_mem_eq(theirs, ours, n);
        ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, alg, d, theirs, tlen), ZC_OK);

        /* PSS: explicit salt lengths on both sides */
        salts[0] = 0;
        salts[1] = 20;
        salts[2] = (int)h;
        salts[3] = (int)(em_len - h - 2);
        for (s = 0; s < 4; s++) {
            if ((size_t)salts[s] > em_len - h - 2)
                continue;
            len = sizeof ours;
            ck_assert_int_eq(zc_rsa_pss_sign(&k, alg, d, (size_t)salts[s], ours, &len), ZC_OK);
            c = ctx_for(pk, 1, RSA_PKCS1_PSS_PADDING, alg, salts[s]);
            ck_assert_msg(EVP_PKEY_verify(c, ours, len, d, h) == 1, "PSS %s salt %d bits %u",
                          md_names[alg], salts[s], bits);
            EVP_PKEY_CTX_free(c);
            tlen = sizeof theirs;
            c = ctx_for(pk, 0, RSA_PKCS1_PSS_PADDING, alg, salts[s]);
            ck_assert_int_eq(EVP_PKEY_sign(c, theirs, &tlen, d, h), 1);
            EVP_PKEY_CTX_free(c);
            ck_assert_int_eq(zc_rsa_pss_verify(&k, alg, d, (size_t)salts[s], theirs, tlen), ZC_OK);
        }
    }
    EVP_PKEY_free(pk);
    zc_rsa_key_wipe(&k);
}
END_TEST

START_TEST(encryption_both_ways)
{
    static const enum zc_hash_alg algs[] = { ZC_SHA1, ZC_SHA256, ZC_SHA512, ZC_SHA3_256 };
    static zc_rsa_key k;
    unsigned bits = sizes[_i];
    EVP_PKEY *pk;
    uint64_t seed = 0xe4c00u + (uint64_t)_i;
    size_t n, a;
    uint8_t msg[MAXB], ct[MAXB], out[MAXB], label[8];
    size_t len, olen, mlen;
    EVP_PKEY_CTX *c;

    if (quick() && bits > 2048)
        return;
    pk = key_pair(&k, bits, bits <= 2048);
    n = zc_rsa_size(&k);
    for (a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        enum zc_hash_alg alg = algs[a];
        size_t h = zc_hash_size(alg), max;

        if (n < 2 * h + 2)
            continue;
        max = n - 2 * h - 2;
        for (mlen = 0; mlen <= max; mlen += max / 3 + 1) {
            tu_fill(&seed, msg, mlen);
            tu_fill(&seed, label, sizeof label);
            /* ours -> theirs */
            len = sizeof ct;
            ck_assert_int_eq(zc_rsa_oaep_encrypt(&k, alg, label, sizeof label,
                                                 mlen ? msg : NULL, mlen, ct, &len), ZC_OK);
            c = ctx_for(pk, 3, RSA_PKCS1_OAEP_PADDING, alg, 0);
            ck_assert_int_eq(EVP_PKEY_CTX_set0_rsa_oaep_label(c, OPENSSL_memdup(label, sizeof label),
                                                              sizeof label), 1);
            olen = sizeof out;
            ck_assert_int_eq(EVP_PKEY_decrypt(c, out, &olen, ct, len), 1);
            EVP_PKEY_CTX_free(c);
            ck_assert_uint_eq(olen, mlen);
            ck_assert_mem_eq(out, msg, mlen);
            /* theirs -> ours */
            c = ctx_for(pk, 2, RSA_PKCS1_OAEP_PADDING, alg, 0);
            ck_assert_int_eq(EVP_PKEY_CTX_set0_rsa_oaep_label(c, OPENSSL_memdup(label, sizeof label),
                                                              sizeof label), 1);
            len = sizeof ct;
            ck_assert_int_eq(EVP_PKEY_encrypt(c, ct, &len, msg, mlen), 1);
            EVP_PKEY_CTX_free(c);
            olen = max;
            ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, alg, label, sizeof label, ct, len, out, &olen),
                             ZC_OK);
            ck_assert_uint_eq(olen, mlen);
            ck_assert_mem_eq(out, msg, mlen);
        }
    }
    /* PKCS#1 v1.5 encryption */
    for (mlen = 0; mlen <= n - 11; mlen += (n - 11) / 4 + 1) {
        tu_fill(&seed, msg, mlen);
        len = sizeof ct;
        ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&k, mlen ? msg : NULL, mlen, ct, &len), ZC_OK);
        c = ctx_for(pk, 3, RSA_PKCS1_PADDING, ZC_SHA256, 0);
        olen = sizeof out;
        ck_assert_int_eq(EVP_PKEY_decrypt(c, out, &olen, ct, len), 1);
        EVP_PKEY_CTX_free(c);
        ck_assert_uint_eq(olen, mlen);
        ck_assert_mem_eq(out, msg, mlen);
        c = ctx_for(pk, 2, RSA_PKCS1_PADDING, ZC_SHA256, 0);
        len = sizeof ct;
        ck_assert_int_eq(EVP_PKEY_encrypt(c, ct, &len, msg, mlen), 1);
        EVP_PKEY_CTX_free(c);
        olen = n - 11;
        ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, len, out, &olen), ZC_OK);
        ck_assert_uint_eq(olen, mlen);
        ck_assert_mem_eq(out, msg, mlen);
    }
    /* raw private operation against OpenSSL's, random inputs below n */
    {
        int i;

        for (i = 0; i < 8; i++) {
            tu_fill(&seed, msg, n);
            msg[0] = 0;
            ck_assert_int_eq(zc_rsa_private(&k, msg, out), ZC_OK);
            c = ctx_for(pk, 3, RSA_NO_PADDING, ZC_SHA256, 0);
            olen = sizeof ct;
            ck_assert_int_eq(EVP_PKEY_decrypt(c, ct, &olen, msg, n), 1);
            EVP_PKEY_CTX_free(c);
            ck_assert_uint_eq(olen, n);
            ck_assert_mem_eq(out, ct, n);
        }
    }
    EVP_PKEY_free(pk);
    zc_rsa_key_wipe(&k);
}
END_TEST

/* x^e mod n with our bignum (through a public key) and with BN_mod_exp. */
static void modexp_case(const uint8_t *n, size_t len, const uint8_t *e, size_t elen,
                        const uint8_t *x)
{
    static zc_rsa_key k;
    struct zc_rsa_components c;
    uint8_t ours[1024], theirs[1024];
    BIGNUM *bn = BN_bin2bn(n, (int)len, NULL), *be = BN_bin2bn(e, (int)elen, NULL);
    BIGNUM *bx = BN_bin2bn(x, (int)len, NULL), *r = BN_new();
    BN_CTX *ctx = BN_CTX_new();

    memset(&c, 0, sizeof c);
    c.n.data = n;
    c.n.len = len;
    c.e.data = e;
    c.e.len = elen;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    ck_assert_int_eq(zc_rsa_public(&k, x, ours), ZC_OK);
    ck_assert_int_eq(BN_mod_exp(r, bx, be, bn, ctx), 1);
    ck_assert_int_eq(BN_bn2binpad(r, theirs, (int)len), (int)len);
    ck_assert_mem_eq(ours, theirs, len);
    BN_free(bn);
    BN_free(be);
    BN_free(bx);
    BN_free(r);
    BN_CTX_free(ctx);
}

START_TEST(bignum_vs_bn_mod_exp)
{
    static uint8_t n[1024], e[1024], x[1024];
    uint64_t seed = 0xb16u;
    int i, rounds = quick() ? 12 : 60;

    for (i = 0; i < rounds; i++) {
        size_t bits = 512 + (size_t)(tu_rand(&seed) % (8192 - 512 + 1));
        size_t len = (bits + 7) / 8, elen, kind = (size_t)i % 4;

        tu_fill(&seed, n, len);
        if (kind == 1)
            memset(n, 0xff, len);               /* 2^k - 1: every limb all ones */
        else if (kind == 2) {
            memset(n, 0, len);                  /* 2^(k-1) + 1 */
            n[len - 1] = 1;
        }
        if (bits % 8)
            n[0] &= (uint8_t)(0xff >> (8 - bits % 8));
        n[0] |= (uint8_t)(bits % 8 ? 1u << (bits % 8 - 1) : 0x80);
        n[len - 1] |= 1;
        /* exponents: small, 65537, a random odd one up to 64 bits (the cap
         * of zc_rsa_key_from_components, ZC_RSA_MAX_E_BITS) */
        elen = kind == 3 ? 1 + (size_t)(tu_rand(&seed) % (ZC_RSA_MAX_E_BITS / 8)) : 3;
        tu_fill(&seed, e, elen);
        if (kind == 0) {
            e[0] = 0x01;
            e[1] = 0x00;
            e[2] = 0x01;
        }
        e[0] &= 0x7f;
        e[0] |= 0x01;
        e[elen - 1] |= 1;
        tu_fill(&seed, x, len);
        x[0] = 0;
        if (i % 7 == 0) {
            memcpy(x, n, len);                  /* n - 1 */
            x[len - 1] ^= 1;
        }
        modexp_case(n, len, e, elen, x);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rsa-openssl");
    TCase *tc = tcase_create("differential");

    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, signatures_both_ways, 0, 4);
    tcase_add_loop_test(tc, encryption_both_ways, 0, 4);
    tcase_add_test(tc, bignum_vs_bn_mod_exp);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
