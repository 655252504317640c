/*
 * test_ec_openssl.c - differential test of the EC family against
 * OpenSSL's libcrypto (the test-time oracle, native tier only), both
 * ways on P-256, P-384 and P-521: keys cross in DER (our PKCS#8, SEC1 and
 * SPKI into OpenSSL; OpenSSL's SEC1, PKCS#8 and SPKI into ours), ECDSA
 * signatures made by one side verify on the other (DER through
 * zc_ecdsa_sig_to_der / _from_der), ECDH gives the same secret. X25519
 * and X448: RFC 8410 keys both ways (our PKCS#8 and SPKI into OpenSSL,
 * its into ours, raw keys compared), EVP_PKEY_derive against zc_ecdh
 * with generated keys and with random u (X25519's top bit included).
 * Ed25519 and Ed448: RFC 8410 keys both ways, signatures of random
 * messages equal and verified by the other side.
 */
#include <zcrypt.h>
#include <check.h>

#include <openssl/evp.h>
#include <openssl/x509.h>
#include <openssl/ec.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"

static const char *const groups[] = { "P-256", "P-384", "P-521" };
static const enum zc_ec_curve curves[] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521 };

static const struct { enum zc_hash_alg alg; const char *name; } hashes[] = {
    { ZC_SHA256, "SHA256" }, { ZC_SHA384, "SHA384" }, { ZC_SHA512, "SHA512" },
    { ZC_SHA1, "SHA1" }, { ZC_SHA3_256, "SHA3-256" }, { ZC_SHA3_512, "SHA3-512" },
};

static EVP_PKEY *ossl_from_der(const uint8_t *der, size_t len, int pub)
{
    const uint8_t *p = der;
    EVP_PKEY *pk = pub ? d2i_PUBKEY(NULL, &p, (long)len) : d2i_AutoPrivateKey(NULL, &p, (long)len);

    ck_assert_ptr_nonnull(pk);
    return pk;
}

/* OpenSSL verifies our signature of digest h */
static int ossl_verify(EVP_PKEY *pk, const EVP_MD *md, const uint8_t *h, size_t hl,
                       const uint8_t *der, size_t dl)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    int r;

    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(EVP_PKEY_verify_init(c), 1);
    ck_assert_int_eq(EVP_PKEY_CTX_set_signature_md(c, md), 1);
    r = EVP_PKEY_verify(c, der, dl, h, hl);
    EVP_PKEY_CTX_free(c);
    return r;
}

static size_t ossl_sign(EVP_PKEY *pk, const EVP_MD *md, const uint8_t *h, size_t hl,
                        uint8_t *der, size_t dl)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);

    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(EVP_PKEY_sign_init(c), 1);
    ck_assert_int_eq(EVP_PKEY_CTX_set_signature_md(c, md), 1);
    ck_assert_int_eq(EVP_PKEY_sign(c, der, &dl, h, hl), 1);
    EVP_PKEY_CTX_free(c);
    return dl;
}

static size_t ossl_derive(EVP_PKEY *a, EVP_PKEY *b, uint8_t *out, size_t ol)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(a, NULL);

    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(EVP_PKEY_derive_init(c), 1);
    ck_assert_int_eq(EVP_PKEY_derive_set_peer(c, b), 1);
    ck_assert_int_eq(EVP_PKEY_derive(c, out, &ol), 1);
    EVP_PKEY_CTX_free(c);
    return ol;
}

START_TEST(ours_to_openssl)
{
    enum zc_ec_curve curve = curves[_i];
    size_t f = zc_ec_field_size(curve);
    unsigned round, j;

    for (round = 0; round < 4; round++) {
        zc_ec_key k, peer;
        uint8_t der[512], sec1[512], spki[256], sig[132], sd[160], h[64], s1[66], s2[132];
        size_t len = sizeof der, l1 = sizeof sec1, l2 = sizeof spki, sl, dl;
        EVP_PKEY *pk, *pk1, *pub, *op;
        EVP_PKEY_CTX *gc;

        ck_assert_int_eq(zc_ec_key_generate(&k, curve), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_SEC1, sec1, &l1), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, spki, &l2), ZC_OK);
        pk = ossl_from_der(der, len, 0);
        {
            const uint8_t *p = sec1;

            pk1 = d2i_PrivateKey(EVP_PKEY_EC, NULL, &p, (long)l1);
            ck_assert_ptr_nonnull(pk1);
            ck_assert_int_eq(EVP_PKEY_eq(pk, pk1), 1);
        }
        pub = ossl_from_der(spki, l2, 1);
        ck_assert_int_eq(EVP_PKEY_eq(pk, pub), 1);
        for (j = 0; j < sizeof hashes / sizeof hashes[0]; j++) {
            const EVP_MD *md = EVP_get_digestbyname(hashes[j].name);
            size_t hl = zc_hash_size(hashes[j].alg);

            memset(h, (int)(round * 31 + j), sizeof h);
            sl = sizeof sig;
            ck_assert_int_eq(round & 1 ? zc_ecdsa_sign(&k, hashes[j].alg, h, sig, &sl)
                                       : zc_ecdsa_sign_deterministic(&k, hashes[j].alg, h, sig, &sl),
                             ZC_OK);
            dl = sizeof sd;
            ck_assert_int_eq(zc_ecdsa_sig_to_der(curve, sig, sl, sd, &dl), ZC_OK);
            ck_assert_int_eq(ossl_verify(pub, md, h, hl, sd, dl), 1);
            sd[dl - 1] ^= 1;
            ck_assert_int_ne(ossl_verify(pub, md, h, hl, sd, dl), 1);
        }
        /* ECDH with an OpenSSL key */
        gc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
        ck_assert_ptr_nonnull(gc);
        ck_assert_int_eq(EVP_PKEY_keygen_init(gc), 1);
        ck_assert_int_eq(EVP_PKEY_CTX_set_group_name(gc, groups[_i]), 1);
        op = NULL;
        ck_assert_int_eq(EVP_PKEY_keygen(gc, &op), 1);
        EVP_PKEY_CTX_free(gc);
        {
            uint8_t *p = spki;
            int n = i2d_PUBKEY(op, NULL);

            ck_assert(n > 0 && (size_t)n <= sizeof spki);
            ck_assert_int_eq(i2d_PUBKEY(op, &p), n);
            ck_assert_int_eq(zc_ec_key_from_der(&peer, spki, (size_t)n), ZC_OK);
        }
        len = sizeof s1;
        ck_assert_int_eq(zc_ecdh(&k, &peer, s1, &len), ZC_OK);
        ck_assert_uint_eq(ossl_derive(op, pk, s2, sizeof s2), f);
        ck_assert_mem_eq(s1, s2, f);
        EVP_PKEY_free(pk);
        EVP_PKEY_free(pk1);
        EVP_PKEY_free(pub);
        EVP_PKEY_free(op);
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&peer);
    }
}
END_TEST

START_TEST(openssl_to_ours)
{
    enum zc_ec_curve curve = curves[_i];
    unsigned round, j;

    for (round = 0; round < 4; round++) {
        EVP_PKEY_CTX *gc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
        EVP_PKEY *op = NULL;
        zc_ec_key k, k8, kp;
        uint8_t der[512], h[64], sd[160], sig[132], *p;
        size_t sl, dl;
        int n;

        ck_assert_ptr_nonnull(gc);
        ck_assert_int_eq(EVP_PKEY_keygen_init(gc), 1);
        ck_assert_int_eq(EVP_PKEY_CTX_set_group_name(gc, groups[_i]), 1);
        ck_assert_int_eq(EVP_PKEY_keygen(gc, &op), 1);
        EVP_PKEY_CTX_free(gc);
        p = der;                                    /* SEC1 (OpenSSL's "traditional") */
        n = i2d_PrivateKey(op, &p);
        ck_assert(n > 0);
        ck_assert_int_eq(zc_ec_key_from_der(&k, der, (size_t)n), ZC_OK);
        {
            PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(op);

            p = der;
            n = i2d_PKCS8_PRIV_KEY_INFO(p8, &p);
            PKCS8_PRIV_KEY_INFO_free(p8);
            ck_assert(n > 0);
            ck_assert_int_eq(zc_ec_key_from_der(&k8, der, (size_t)n), ZC_OK);
            ck_assert_mem_eq(k.zc_priv, k8.zc_priv, sizeof k.zc_priv);
        }
        p = der;
        n = i2d_PUBKEY(op, &p);
        ck_assert_int_eq(zc_ec_key_from_der(&kp, der, (size_t)n), ZC_OK);
        ck_assert_mem_eq(k.zc_pub, kp.zc_pub, sizeof k.zc_pub);
        for (j = 0; j < sizeof hashes / sizeof hashes[0]; j++) {
            const EVP_MD *md = EVP_get_digestbyname(hashes[j].name);

            memset(h, (int)(round * 7 + j + 100), sizeof h);
            dl = ossl_sign(op, md, h, zc_hash_size(hashes[j].alg), sd, sizeof sd);
            sl = sizeof sig;
            ck_assert_int_eq(zc_ecdsa_sig_from_der(curve, sd, dl, sig, &sl), ZC_OK);
            ck_assert_int_eq(zc_ecdsa_verify(&kp, hashes[j].alg, h, sig, sl), ZC_OK);
            h[1] ^= 4;
            ck_assert_int_eq(zc_ecdsa_verify(&kp, hashes[j].alg, h, sig, sl), ZC_EAUTH);
        }
        EVP_PKEY_free(op);
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&k8);
        zc_ec_key_wipe(&kp);
    }
}
END_TEST

/* OpenSSL generates a key of type name (an RFC 8410 curve); its SPKI
 * imports into *pub (on curve) and its PKCS#8 into *priv, the PKCS#8 DER
 * left in der (200 bytes of room). Returns OpenSSL's key. */
static EVP_PKEY *ossl_keygen_into_ours(const char *name, enum zc_ec_curve curve, zc_ec_key *pub,
                                       zc_ec_key *priv, uint8_t *der)
{
    EVP_PKEY_CTX *gc = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
    EVP_PKEY *op = NULL;
    PKCS8_PRIV_KEY_INFO *p8;
    uint8_t spki[200], *p = spki;
    int n;

    ck_assert_ptr_nonnull(gc);
    ck_assert_int_eq(EVP_PKEY_keygen_init(gc), 1);
    ck_assert_int_eq(EVP_PKEY_keygen(gc, &op), 1);
    EVP_PKEY_CTX_free(gc);
    ck_assert_int_lt(i2d_PUBKEY(op, NULL), (int)sizeof spki);
    n = i2d_PUBKEY(op, &p);
    ck_assert(n > 0);
    ck_assert_int_eq(zc_ec_key_from_der(pub, spki, (size_t)n), ZC_OK);
    ck_assert_int_eq(zc_ec_key_curve(pub), curve);
    p8 = EVP_PKEY2PKCS8(op);
    ck_assert_int_lt(i2d_PKCS8_PRIV_KEY_INFO(p8, NULL), 200);
    p = der;
    n = i2d_PKCS8_PRIV_KEY_INFO(p8, &p);
    PKCS8_PRIV_KEY_INFO_free(p8);
    ck_assert(n > 0);
    ck_assert_int_eq(zc_ec_key_from_der(priv, der, (size_t)n), ZC_OK);
    return op;
}

/* X25519 (0) and X448 (1): keys and secrets both ways, random u. */
START_TEST(x_both_ways)
{
    const enum zc_ec_curve curve = _i ? ZC_EC_X448 : ZC_EC_X25519;
    const char *name = _i ? "X448" : "X25519";
    const int id = _i ? EVP_PKEY_X448 : EVP_PKEY_X25519;
    size_t f = zc_ec_field_size(curve);
    unsigned round;

    for (round = 0; round < 16; round++) {
        zc_ec_key k, kq, o8, op_pub, ru;
        uint8_t der[256], spki[256], raw[56], raw2[56], s1[56], s2[56], u[56];
        size_t len = sizeof der, l2 = sizeof spki, rl;
        EVP_PKEY *pk, *pub, *op, *pu;

        /* ours into OpenSSL */
        ck_assert_int_eq(zc_ec_key_generate(&k, curve), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, spki, &l2), ZC_OK);
        pk = ossl_from_der(der, len, 0);
        pub = ossl_from_der(spki, l2, 1);
        ck_assert_int_eq(EVP_PKEY_id(pk), id);
        ck_assert_int_eq(EVP_PKEY_eq(pk, pub), 1);          /* OpenSSL derives the same public */
        rl = sizeof raw;
        ck_assert_int_eq(EVP_PKEY_get_raw_public_key(pk, raw, &rl), 1);
        len = sizeof raw2;
        ck_assert_int_eq(zc_ec_key_public(&k, raw2, &len), ZC_OK);
        ck_assert_uint_eq(rl, f);
        ck_assert_mem_eq(raw, raw2, f);
        /* OpenSSL's keys into ours: SPKI, PKCS#8, raw */
        op = ossl_keygen_into_ours(name, curve, &op_pub, &o8, der);
        rl = sizeof raw;
        ck_assert_int_eq(EVP_PKEY_get_raw_private_key(op, raw, &rl), 1);
        ck_assert_int_eq(zc_ec_key_from_private(&kq, curve, raw, rl), ZC_OK);
        len = sizeof raw2;
        ck_assert_int_eq(zc_ec_key_public(&kq, raw2, &len), ZC_OK);
        rl = sizeof raw;
        ck_assert_int_eq(EVP_PKEY_get_raw_public_key(op, raw, &rl), 1);
        ck_assert_mem_eq(raw, raw2, f);
        len = sizeof raw2;
        ck_assert_int_eq(zc_ec_key_public(&o8, raw2, &len), ZC_OK);
        ck_assert_mem_eq(raw, raw2, f);
        /* the secret, both ways */
        len = sizeof s1;
        ck_assert_int_eq(zc_ecdh(&k, &op_pub, s1, &len), ZC_OK);
        ck_assert_uint_eq(len, f);
        ck_assert_uint_eq(ossl_derive(op, pk, s2, sizeof s2), f);
        ck_assert_mem_eq(s1, s2, f);
        len = sizeof s1;
        ck_assert_int_eq(zc_ecdh(&o8, &k, s1, &len), ZC_OK);
        ck_assert_mem_eq(s1, s2, f);
        /* a random u (any f bytes: X25519's top bit set or not, X448's u
         * may pass p), OpenSSL's key against it */
        ck_assert_int_eq(zc_random_bytes(u, f), ZC_OK);
        if (round & 1)
            u[f - 1] |= 0x80;
        pu = EVP_PKEY_new_raw_public_key(id, NULL, u, f);
        ck_assert_ptr_nonnull(pu);
        ck_assert_int_eq(zc_ec_key_from_public(&ru, curve, u, f), ZC_OK);
        len = sizeof s1;
        ck_assert_int_eq(zc_ecdh(&o8, &ru, s1, &len), ZC_OK);
        ck_assert_uint_eq(ossl_derive(op, pu, s2, sizeof s2), f);
        ck_assert_mem_eq(s1, s2, f);
        EVP_PKEY_free(pk);
        EVP_PKEY_free(pub);
        EVP_PKEY_free(op);
        EVP_PKEY_free(pu);
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&kq);
        zc_ec_key_wipe(&o8);
        zc_ec_key_wipe(&op_pub);
        zc_ec_key_wipe(&ru);
    }
}
END_TEST

/* The Edwards curves OpenSSL is compared on. OpenSSL 3.0 has pure Ed25519
 * and Ed448 only (the "instance" and "context-string" parameters of
 * Ed25519ctx/ph and Ed448ph come with 3.2), so the other instances are
 * RFC 8032's vectors' (test_ec.c). */
static const struct {
    enum zc_ec_curve curve;
    const char *name;
    int id;
} ed_curves[] = {
    { ZC_EC_ED25519, "ED25519", EVP_PKEY_ED25519 },
    { ZC_EC_ED448, "ED448", EVP_PKEY_ED448 },
};

/* One-shot EdDSA of OpenSSL: sign (sig != NULL) or verify. */
static int ossl_ed(EVP_PKEY *pk, const uint8_t *m, size_t ml, uint8_t *sig, size_t *sl,
                   const uint8_t *vsig, size_t vl)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int r;

    ck_assert_ptr_nonnull(c);
    if (sig != NULL) {
        ck_assert_int_eq(EVP_DigestSignInit(c, NULL, NULL, NULL, pk), 1);
        r = EVP_DigestSign(c, sig, sl, m, ml);
    } else {
        ck_assert_int_eq(EVP_DigestVerifyInit(c, NULL, NULL, NULL, pk), 1);
        r = EVP_DigestVerify(c, vsig, vl, m, ml);
    }
    EVP_MD_CTX_free(c);
    return r;
}

/* Ed25519 and Ed448 both ways: our generated keys into OpenSSL (PKCS#8,
 * SPKI) and OpenSSL's into ours (PKCS#8, SPKI, raw), signatures of random
 * messages (0..299 bytes) equal byte for byte (EdDSA is deterministic) and
 * verified by the other side, a flipped bit refused by both. */
START_TEST(ed_both_ways)
{
    const enum zc_ec_curve curve = ed_curves[_i].curve;
    const int id = ed_curves[_i].id;
    size_t b = zc_ec_field_size(curve);
    uint64_t seed = 0x9e3779b97f4a7c15u + (uint64_t)_i;
    unsigned round;

    for (round = 0; round < 24; round++) {
        zc_ec_key k, o8, op_pub, kr;
        uint8_t der[256], spki[256], raw[57], raw2[57], m[300], s1[114], s2[114];
        size_t len = sizeof der, l2 = sizeof spki, rl, ml, sl;
        EVP_PKEY *pk, *pub, *op;
        int n;

        ml = (size_t)(tu_rand(&seed) % sizeof m);
        tu_fill(&seed, m, ml);
        /* ours into OpenSSL */
        ck_assert_int_eq(zc_ec_key_generate(&k, curve), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, spki, &l2), ZC_OK);
        pk = ossl_from_der(der, len, 0);
        pub = ossl_from_der(spki, l2, 1);
        ck_assert_int_eq(EVP_PKEY_id(pk), id);
        ck_assert_int_eq(EVP_PKEY_eq(pk, pub), 1);          /* OpenSSL derives the same A */
        sl = sizeof s1;
        ck_assert_int_eq(zc_eddsa_sign(&k, ml ? m : NULL, ml, s1, &sl), ZC_OK);
        ck_assert_uint_eq(sl, 2 * b);
        ck_assert_int_eq(ossl_ed(pub, m, ml, NULL, NULL, s1, sl), 1);
        rl = sizeof s2;
        ck_assert_int_eq(ossl_ed(pk, m, ml, s2, &rl, NULL, 0), 1);
        ck_assert_uint_eq(rl, 2 * b);
        ck_assert_mem_eq(s1, s2, 2 * b);
        s1[round % (2 * b)] ^= (uint8_t)(1u << (round % 8));
        ck_assert_int_eq(ossl_ed(pub, m, ml, NULL, NULL, s1, sl), 0);
        ck_assert_int_eq(zc_eddsa_verify(&k, m, ml, s1, sl), ZC_EAUTH);
        /* OpenSSL's keys into ours: SPKI, PKCS#8, raw seed */
        op = ossl_keygen_into_ours(ed_curves[_i].name, curve, &op_pub, &o8, der);
        n = (int)((size_t)der[1] + 2);                  /* its PKCS#8 (short form) */
        rl = sizeof raw;
        ck_assert_int_eq(EVP_PKEY_get_raw_private_key(op, raw, &rl), 1);
        ck_assert_uint_eq(rl, b);
        ck_assert_int_eq(zc_ec_key_from_private(&kr, curve, raw, rl), ZC_OK);
        rl = sizeof raw;
        ck_assert_int_eq(EVP_PKEY_get_raw_public_key(op, raw, &rl), 1);
        len = sizeof raw2;
        ck_assert_int_eq(zc_ec_key_public(&kr, raw2, &len), ZC_OK);
        ck_assert_mem_eq(raw, raw2, b);
        len = sizeof raw2;
        ck_assert_int_eq(zc_ec_key_public(&o8, raw2, &len), ZC_OK);
        ck_assert_mem_eq(raw, raw2, b);
        len = sizeof der - 128;                             /* our PKCS#8 is OpenSSL's */
        ck_assert_int_eq(zc_ec_key_export_der(&o8, ZC_EC_DER_PRIVATE_PKCS8, der + 128, &len),
                         ZC_OK);
        ck_assert_uint_eq(len, (size_t)n);
        ck_assert_mem_eq(der + 128, der, len);
        /* OpenSSL signs, we verify with its public key; ours equal */
        rl = sizeof s2;
        ck_assert_int_eq(ossl_ed(op, m, ml, s2, &rl, NULL, 0), 1);
        ck_assert_int_eq(zc_eddsa_verify(&op_pub, ml ? m : NULL, ml, s2, rl), ZC_OK);
        sl = sizeof s1;
        ck_assert_int_eq(zc_eddsa_sign(&o8, ml ? m : NULL, ml, s1, &sl), ZC_OK);
        ck_assert_mem_eq(s1, s2, 2 * b);
        if (ml > 0) {
            m[0] ^= 1;
            ck_assert_int_eq(zc_eddsa_verify(&op_pub, m, ml, s2, rl), ZC_EAUTH);
        }
        EVP_PKEY_free(pk);
        EVP_PKEY_free(pub);
        EVP_PKEY_free(op);
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&o8);
        zc_ec_key_wipe(&op_pub);
        zc_ec_key_wipe(&kr);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ec-openssl");
    TCase *tc = tcase_create("ec-openssl");

    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, ours_to_openssl, 0, 3);
    tcase_add_loop_test(tc, openssl_to_ours, 0, 3);
    tcase_add_loop_test(tc, x_both_ways, 0, 2);
    tcase_add_loop_test(tc, ed_both_ways, 0, sizeof ed_curves / sizeof ed_curves[0]);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
