/*
 * test_ec.c - elliptic curves: RFC 6979 Appendix A (deterministic ECDSA
 * on P-256, P-384, P-521 with every SHA-1/2 hash given, messages "sample"
 * and "test", the nonce k and the signature), sign/verify round
 * trips with the hedged nonce, ECDH agreement, Wycheproof's ECDSA and
 * ECDH files (when ../shared/vectors/wycheproof is there: ZC_WYCHEPROOF
 * names the folder), and the bad inputs of include/zcrypt/ec.h.
 * X25519 and X448: RFC 7748 sections 5.2 (with the iterated test: 1 and
 * 1,000 rounds, 1,000,000 with ZC_SLOW=1) and 6, Wycheproof's
 * x25519_test.json and x448_test.json, RFC 8410 DER and the X key rules.
 * The Edwards curves (eds[]): every RFC 8032 section 7 vector (pure, ctx,
 * ph) on both backends, Wycheproof's ed25519_test.json / ed448_test.json,
 * RFC 8410 DER (its section 10 keys), the key rules, the bad inputs of
 * API.md and the hardware-only policy.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zcrypt.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/ec_rfc6979.h"
#include "vectors/ed25519_rfc8032.h"
#include "vectors/ed448_rfc8032.h"
#include "vectors/x_rfc7748.h"

static const enum zc_ec_curve curves[] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521 };

static size_t unhex_f(uint8_t *out, size_t f, const char *hex)
{
    uint8_t tmp[256];
    size_t n = tu_unhex(tmp, sizeof tmp, hex), i = 0;

    while (n - i > f && tmp[i] == 0)    /* Wycheproof: a leading 00 (sign) */
        i++;
    memset(out, 0, f);
    if (n - i > f)
        return 0;
    memcpy(out + f - (n - i), tmp + i, n - i);
    return f;
}

START_TEST(rfc6979)
{
    const size_t n_sample = sizeof ec_rfc6979_sigs / sizeof ec_rfc6979_sigs[0];
    const size_t n_test = sizeof ec_rfc6979_sigs_test / sizeof ec_rfc6979_sigs_test[0];
    size_t i;

    for (i = 0; i < n_sample + n_test; i++) {
        const struct ec_rfc6979_sig *v = i < n_sample ? &ec_rfc6979_sigs[i]
                                                      : &ec_rfc6979_sigs_test[i - n_sample];
        const char *msg = i < n_sample ? "sample" : "test";
        const struct ec_rfc6979_key *kv = &ec_rfc6979_keys[v->key];
        size_t f = zc_ec_field_size(kv->curve), len;
        uint8_t d[66], pub[133], want[133], h[64], sig[132], exp[132];
        zc_ec_key k;

        unhex_f(d, f, kv->x);
        ck_assert_int_eq(zc_ec_key_from_private(&k, kv->curve, d, f), ZC_OK);
        want[0] = 4;
        unhex_f(want + 1, f, kv->ux);
        unhex_f(want + 1 + f, f, kv->uy);
        len = sizeof pub;
        ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);
        ck_assert_uint_eq(len, 2 * f + 1);
        ck_assert_mem_eq(pub, want, len);
        ck_assert_int_eq(zc_hash(v->alg, msg, strlen(msg), h, zc_hash_size(v->alg)), ZC_OK);
        unhex_f(exp, f, v->r);
        unhex_f(exp + f, f, v->s);
        len = sizeof sig;
        ck_assert_int_eq(zc_ecdsa_sign_deterministic(&k, v->alg, h, sig, &len), ZC_OK);
        ck_assert_uint_eq(len, 2 * f);
        ck_assert_msg(memcmp(sig, exp, len) == 0, "RFC 6979 \"%s\" %s, curve %d: (r, s)", msg,
                      zc_hash_name(v->alg), kv->curve);
        /* the RFC's k: r is x(kG) mod n, and x < n for every one of these */
        {
            uint8_t kb[66], kq[133];
            zc_ec_key kk;

            ck_assert_ptr_nonnull(v->k);
            unhex_f(kb, f, v->k);
            ck_assert_int_eq(zc_ec_key_from_private(&kk, kv->curve, kb, f), ZC_OK);
            len = sizeof kq;
            ck_assert_int_eq(zc_ec_key_public(&kk, kq, &len), ZC_OK);
            ck_assert_msg(memcmp(kq + 1, exp, f) == 0, "RFC 6979 \"%s\" %s, curve %d: k",
                          msg, zc_hash_name(v->alg), kv->curve);
            zc_ec_key_wipe(&kk);
            len = 2 * f;
        }
        ck_assert_int_eq(zc_ecdsa_verify(&k, v->alg, h, sig, len), ZC_OK);
        sig[len - 1] ^= 1;
        ck_assert_int_eq(zc_ecdsa_verify(&k, v->alg, h, sig, len), ZC_EAUTH);
        /* the public key alone verifies too, from compressed form */
        {
            zc_ec_key q;
            uint8_t c[67];

            c[0] = (uint8_t)(2 | (want[2 * f] & 1));
            memcpy(c + 1, want + 1, f);
            ck_assert_int_eq(zc_ec_key_from_public(&q, kv->curve, c, f + 1), ZC_OK);
            len = sizeof pub;
            ck_assert_int_eq(zc_ec_key_public(&q, pub, &len), ZC_OK);
            ck_assert_mem_eq(pub, want, 2 * f + 1);
            sig[2 * f - 1] ^= 1;
            ck_assert_int_eq(zc_ecdsa_verify(&q, v->alg, h, sig, 2 * f), ZC_OK);
        }
    }
}
END_TEST

START_TEST(roundtrip)
{
    unsigned i, j;

    for (i = 0; i < 3; i++) {
        size_t f = zc_ec_field_size(curves[i]), len, len2;
        zc_ec_key a, b, pa;
        uint8_t h[64], sig[132], sig2[132], s1[66], s2[66], pub[133];

        ck_assert_int_eq(zc_ec_key_generate(&a, curves[i]), ZC_OK);
        ck_assert_int_eq(zc_ec_key_generate(&b, curves[i]), ZC_OK);
        ck_assert_int_eq(zc_ec_key_curve(&a), curves[i]);
        for (j = 0; j < 4; j++) {
            memset(h, (int)(j * 17 + 1), sizeof h);
            len = sizeof sig;
            ck_assert_int_eq(zc_ecdsa_sign(&a, ZC_SHA512, h, sig, &len), ZC_OK);
            ck_assert_uint_eq(len, 2 * f);
            len2 = sizeof sig2;
            ck_assert_int_eq(zc_ecdsa_sign(&a, ZC_SHA512, h, sig2, &len2), ZC_OK);
            ck_assert(memcmp(sig, sig2, len) != 0);         /* hedged: fresh k */
            ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA512, h, sig, len), ZC_OK);
            ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA512, h, sig2, len), ZC_OK);
            ck_assert_int_eq(zc_ecdsa_verify(&b, ZC_SHA512, h, sig, len), ZC_EAUTH);
            h[0] ^= 0x80;
            ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA512, h, sig, len), ZC_EAUTH);
            ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA512, h, sig, len - 1), ZC_EAUTH);
            ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA512, h, NULL, 0), ZC_EAUTH);
        }
        /* ECDH both ways, with the peer as a public-only key */
        len = sizeof pub;
        ck_assert_int_eq(zc_ec_key_public(&a, pub, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_from_public(&pa, curves[i], pub, len), ZC_OK);
        len = sizeof s1;
        ck_assert_int_eq(zc_ecdh(&b, &pa, s1, &len), ZC_OK);
        ck_assert_uint_eq(len, f);
        len = sizeof s2;
        ck_assert_int_eq(zc_ecdh(&a, &b, s2, &len), ZC_OK);
        ck_assert_mem_eq(s1, s2, f);
        len = sizeof s1;
        ck_assert_int_eq(zc_ecdh(&pa, &b, s1, &len), ZC_EINVAL);   /* public-only */
        zc_ec_key_wipe(&a);
        zc_ec_key_wipe(&b);
        zc_ec_key_wipe(&pa);
    }
}
END_TEST

START_TEST(bad_inputs)
{
    const struct ec_rfc6979_key *kv = &ec_rfc6979_keys[0];
    uint8_t d[32], h[64] = { 1 }, sig[64], pub[65], big[200];
    struct zc_backend_info bi;
    size_t len;
    zc_ec_key k, p;
    int want;

    unhex_f(d, 32, kv->x);
    ck_assert_int_eq(zc_ec_key_from_public(&k, ZC_EC_ED25519, d, 31), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&k, (enum zc_ec_curve)99, d, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&k, ZC_EC_P256, d, 31), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&k, ZC_EC_P256, NULL, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(NULL, ZC_EC_P256, d, 32), ZC_EINVAL);
    memset(big, 0, 32);
    ck_assert_int_eq(zc_ec_key_from_private(&k, ZC_EC_P256, big, 32), ZC_EINVAL); /* d = 0 */
    memset(big, 0xff, 32);
    ck_assert_int_eq(zc_ec_key_from_private(&k, ZC_EC_P256, big, 32), ZC_EINVAL); /* d >= n */
    ck_assert_int_eq(zc_ec_key_from_private(&k, ZC_EC_P256, d, 32), ZC_OK);
    len = sizeof pub;
    ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);
    /* public points: infinity, hybrid, off the curve, x >= p, lengths */
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, (const uint8_t *)"\0", 1), ZC_EINVAL);
    pub[0] = 6;
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, pub, 65), ZC_EINVAL);
    pub[0] = 4;
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, pub, 64), ZC_EINVAL);
    pub[64] ^= 1;
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, pub, 65), ZC_EINVAL);
    pub[64] ^= 1;
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, pub, 65), ZC_OK);
    memset(big, 0xff, 65);
    big[0] = 4;
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, big, 65), ZC_EINVAL);
    big[0] = 2;
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, big, 33), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_public(&p, ZC_EC_P256, pub, 65), ZC_OK);
    /* lengths: ENOMEM with the size needed, nothing written */
    len = 10;
    memset(sig, 0xa5, sizeof sig);
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, h, sig, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 64);
    ck_assert_uint_eq(sig[0], 0xa5);
    len = 0;
    ck_assert_int_eq(zc_ecdsa_sign_deterministic(&k, ZC_SHA256, h, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 64);
    len = 0;
    ck_assert_int_eq(zc_ec_key_public(&k, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 65);
    len = 0;
    ck_assert_int_eq(zc_ecdh(&k, &p, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 32);
    /* algorithms and keys */
    len = sizeof sig;
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHAKE128, h, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_sign(&k, (enum zc_hash_alg)77, h, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_sign(&p, ZC_SHA256, h, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, NULL, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, h, sig, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHAKE256, h, sig, 64), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_verify(NULL, ZC_SHA256, h, sig, 64), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHA256, h, NULL, 64), ZC_EINVAL);
    /* overlap of output and input */
    len = sizeof big;
    memcpy(big, h, 64);
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, big + 16, big, &len), ZC_EINVAL);
    len = sizeof h;
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, h, (uint8_t *)&k, &len), ZC_EINVAL);
    len = 66;
    ck_assert_int_eq(zc_ecdh(&k, &p, (uint8_t *)&p + 8, &len), ZC_EINVAL);
    /* r = 0, s = 0, r = n: EAUTH */
    memset(sig, 0, 64);
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHA256, h, sig, 64), ZC_EAUTH);
    /* backends */
    ck_assert_int_eq(zc_ec_key_backend(&k), ZC_BACKEND_AUTO);
    ck_assert_int_eq(zc_ec_key_set_backend(&k, (enum zc_backend)9), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_set_backend(&k, ZC_BACKEND_SOFTWARE), ZC_OK);
    len = sizeof sig;
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, h, sig, &len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_set_backend(&k, ZC_BACKEND_CPACF), ZC_OK);
    ck_assert_int_eq(zc_ec_key_backend(&k), ZC_BACKEND_CPACF);
    /* CPACF keys run where KDSA and PCC 64 are installed and self-tested
     * (the stand-in build), ZC_ENOTSUP elsewhere */
    want = zc_backend_query(ZC_ALGO_EC_P256, 0, &bi) == ZC_OK &&
           bi.backend == ZC_BACKEND_CPACF ? ZC_OK : ZC_ENOTSUP;
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHA256, h, sig, 64), want);
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHAKE128, h, sig, 64), ZC_EINVAL);
    len = sizeof sig;
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, h, sig, &len), want);
    len = sizeof sig;
    ck_assert_int_eq(zc_ecdh(&k, &p, sig, &len), want);
    len = sizeof pub;
    ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);  /* works everywhere */
    /* EdDSA refuses a P-curve key */
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, h, 1, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&k, h, 1, sig, 64), ZC_EINVAL);
    zc_ec_key_wipe(&k);
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHA256, h, sig, 64), ZC_EINVAL);
}
END_TEST


/* DER keys: every format round trips; SEC1 with and without its optional
 * fields; a short private octet string; a wrong embedded public key;
 * trailing bytes, BER lengths and explicit parameters. */
START_TEST(der_keys)
{
    static const uint8_t oid_p256[] = { 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
    const struct ec_rfc6979_key *kv = &ec_rfc6979_keys[_i];
    size_t f = zc_ec_field_size(kv->curve), len, len2, i;
    uint8_t d[66], der[512], der2[512], pub[133];
    zc_ec_key k, k2, other;
    static const enum zc_ec_der_format fmts[] = {
        ZC_EC_DER_PUBLIC_SPKI, ZC_EC_DER_PRIVATE_PKCS8, ZC_EC_DER_PRIVATE_SEC1,
    };

    unhex_f(d, f, kv->x);
    ck_assert_int_eq(zc_ec_key_from_private(&k, kv->curve, d, f), ZC_OK);
    for (i = 0; i < 3; i++) {
        len = sizeof der;
        ck_assert_int_eq(zc_ec_key_export_der(&k, fmts[i], der, &len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_curve(&k2), kv->curve);
        len2 = sizeof der2;
        ck_assert_int_eq(zc_ec_key_export_der(&k2, fmts[i], der2, &len2), ZC_OK);
        ck_assert_uint_eq(len, len2);
        ck_assert_mem_eq(der, der2, len);
        der[len] = 0;                                   /* trailing byte */
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len + 1), ZC_EINVAL);
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len - 1), ZC_EINVAL);
        if (i == 0) {
            ck_assert_int_eq(zc_ec_key_export_der(&k2, ZC_EC_DER_PRIVATE_SEC1, der2, &len2),
                             ZC_EINVAL);                /* public only */
        }
    }
    /* SEC1 with the embedded public key of another key: EINVAL */
    ck_assert_int_eq(zc_ec_key_generate(&other, kv->curve), ZC_OK);
    len = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_SEC1, der, &len), ZC_OK);
    len2 = sizeof pub;
    ck_assert_int_eq(zc_ec_key_public(&other, pub, &len2), ZC_OK);
    memcpy(der + len - len2, pub, len2);                /* the point ends the DER */
    ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len), ZC_EINVAL);
    /* PKCS#8 the same way */
    len = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
    memcpy(der + len - len2, pub, len2);
    ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len), ZC_EINVAL);
    if (kv->curve == ZC_EC_P256) {
        /* SEC1 without the public key, d = 1 as a one-byte octet string */
        static const uint8_t one_no_pub[] = {
            0x30, 0x12, 0x02, 0x01, 0x01, 0x04, 0x01, 0x01, 0xa0, 0x0a,
        };
        uint8_t gx[32];

        memcpy(der, one_no_pub, sizeof one_no_pub);
        memcpy(der + sizeof one_no_pub, oid_p256, sizeof oid_p256);
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, sizeof one_no_pub + sizeof oid_p256), ZC_OK);
        len = sizeof pub;
        ck_assert_int_eq(zc_ec_key_public(&k2, pub, &len), ZC_OK);
        unhex_f(gx, 32, "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296");
        ck_assert_mem_eq(pub + 1, gx, 32);              /* 1 G = G (SP 800-186) */
        /* without the parameters either: no curve named, EINVAL */
        der[1] = 0x06;
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, 8), ZC_EINVAL);
        /* a BER long-form length where the short one fits: EINVAL */
        {
            static const uint8_t ber[] = { 0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x04, 0x01, 0x01 };

            ck_assert_int_eq(zc_ec_key_from_der(&k2, ber, sizeof ber), ZC_EINVAL);
        }
        /* SPKI with explicit parameters (a SEQUENCE): ENOTSUP */
        {
            static const uint8_t expl[] = {
                0x30, 0x12, 0x30, 0x0b, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
                0x30, 0x00, 0x03, 0x03, 0x00, 0x04, 0x00,
            };

            ck_assert_int_eq(zc_ec_key_from_der(&k2, expl, sizeof expl), ZC_ENOTSUP);
        }
        /* compressed point in an SPKI */
        len = sizeof der;
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, der, &len), ZC_OK);
        {
            uint8_t c[128];
            size_t cl = 0;

            /* SEQ { alg (21 bytes), BIT STRING 00 02/03 X } */
            c[cl++] = 0x30;
            c[cl++] = (uint8_t)(21 + 2 + 1 + 33);
            memcpy(c + cl, der + 2, 21);
            cl += 21;
            c[cl++] = 0x03;
            c[cl++] = 34;
            c[cl++] = 0;
            c[cl++] = (uint8_t)(2 | (der[len - 1] & 1));
            memcpy(c + cl, der + len - 64, 32);
            cl += 32;
            ck_assert_int_eq(zc_ec_key_from_der(&k2, c, cl), ZC_OK);
            len2 = sizeof pub;
            ck_assert_int_eq(zc_ec_key_public(&k2, pub, &len2), ZC_OK);
            ck_assert_mem_eq(pub, der + len - 65, 65);
        }
        /* OIDs in the SPKI (30 59 30 13 06 07 id-ecPublicKey 06 08 prime256v1
         * 03 42 ..): well-formed but naming no supported curve is ENOTSUP;
         * an OID not encoded as X.690 8.19 says, or a length that makes
         * the structure malformed, is EINVAL */
        {
            static const struct { uint8_t at, to; int rc; } alt[] = {
                { 22, 0x08, ZC_ENOTSUP },       /* 1.2.840.10045.3.1.8 */
                { 12, 0x02, ZC_ENOTSUP },       /* 1.2.840.10045.2.2: another algorithm */
                { 22, 0x87, ZC_EINVAL },        /* the last subidentifier unended */
                { 15, 0x80, ZC_EINVAL },        /* a subidentifier begun with 0x80 */
                { 5, 0x08, ZC_EINVAL },         /* id-ecPublicKey's length one too long */
                { 14, 0x07, ZC_EINVAL },        /* prime256v1's one too short */
            };
            static const uint8_t expl2[] = {     /* explicit, then a NULL too */
                0x30, 0x14, 0x30, 0x0d, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
                0x30, 0x00, 0x05, 0x00, 0x03, 0x03, 0x00, 0x04, 0x00,
            };
            uint8_t c[128];
            size_t j;

            ck_assert_uint_eq(len, 91);
            for (j = 0; j < sizeof alt / sizeof alt[0]; j++) {
                memcpy(c, der, len);
                c[alt[j].at] = alt[j].to;
                ck_assert_int_eq(zc_ec_key_from_der(&k2, c, len), alt[j].rc);
            }
            ck_assert_int_eq(zc_ec_key_from_der(&k2, expl2, sizeof expl2), ZC_EINVAL);
        }
    }
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&k2);
    zc_ec_key_wipe(&other);
}
END_TEST

/* One DER element: tag, minimal length, contents; returns its size. */
static size_t tlv(uint8_t *out, uint8_t tag, const uint8_t *c, size_t len)
{
    size_t h = len < 128 ? 2 : len < 256 ? 3 : 4;

    memmove(out + h, c, len);
    out[0] = tag;
    if (len < 128) {
        out[1] = (uint8_t)len;
    } else if (len < 256) {
        out[1] = 0x81;
        out[2] = (uint8_t)len;
    } else {
        out[1] = 0x82;
        out[2] = (uint8_t)(len >> 8);
        out[3] = (uint8_t)len;
    }
    return h + len;
}

/*
 * A OneAsymmetricKey (RFC 5958) built from our PKCS#8 v1 export: its
 * version, algorithm and private key, then [0] attributes (an empty SET)
 * when attrs, then "tail" (tail_len bytes: the [1] publicKey or whatever
 * the case needs), in a SEQUENCE. Returns its length.
 */
static size_t pkcs8(uint8_t *out, const zc_ec_key *k, uint8_t version, int attrs,
                    const uint8_t *tail, size_t tail_len)
{
    uint8_t v1[512], body[700];
    size_t len = sizeof v1, h, n;

    ck_assert_int_eq(zc_ec_key_export_der(k, ZC_EC_DER_PRIVATE_PKCS8, v1, &len), ZC_OK);
    h = v1[1] & 0x80 ? 2 + (v1[1] & 0x7f) : 2;     /* the outer SEQUENCE's header */
    n = len - h;
    memcpy(body, v1 + h, n);
    ck_assert_uint_eq(body[0], 0x02);               /* INTEGER 0: the version */
    body[2] = version;
    if (attrs) {
        body[n++] = 0xa0;
        body[n++] = 0x00;
    }
    memcpy(body + n, tail, tail_len);
    return tlv(out, 0x30, body, n + tail_len);
}

/* [1] IMPLICIT BIT STRING of a point given in pub (unused bits: pad). */
static size_t pub_field(uint8_t *out, uint8_t tag, const uint8_t *pub, size_t len, uint8_t pad)
{
    uint8_t t[256];

    ck_assert_uint_lt(len, sizeof t);
    t[0] = pad;
    memcpy(t + 1, pub, len);
    return tlv(out, tag, t, len + 1);
}

/* zc_ec_key_from_der() of pkcs8(k, version, attrs) whose tail is the
 * point pt (pt_len bytes; none when NULL) as a BIT STRING of unused bits
 * pad under tag, then the extra bytes (extra_len). */
static int v2_import(zc_ec_key *out, const zc_ec_key *k, uint8_t version, int attrs,
                     uint8_t tag, const uint8_t *pt, size_t pt_len, uint8_t pad,
                     const uint8_t *extra, size_t extra_len)
{
    uint8_t der[800], tail[300];
    size_t tl = pt != NULL ? pub_field(tail, tag, pt, pt_len, pad) : 0;

    if (extra_len > 0)                  /* extra may be NULL then */
        memcpy(tail + tl, extra, extra_len);
    return zc_ec_key_from_der(out, der, pkcs8(der, k, version, attrs, tail, tl + extra_len));
}

/* PKCS#8 v2 (OneAsymmetricKey, RFC 5958) on the P-curves: accepted with
 * or without its [1] publicKey, which must be the derived one (any SEC1
 * form of it); a v1 with [1], other versions, fields out of order or of
 * the wrong form, and trailing data are refused. The DER is built here. */
START_TEST(pkcs8_v2)
{
    const struct ec_rfc6979_key *kv = &ec_rfc6979_keys[_i];
    size_t f = zc_ec_field_size(kv->curve), len, pl, fl, rl, gl;
    uint8_t d[66], der[800], pub[133], opub[133], c[67], field[160], ref[512], got[512];
    zc_ec_key k, k2, other;
    int attrs;

    unhex_f(d, f, kv->x);
    ck_assert_int_eq(zc_ec_key_from_private(&k, kv->curve, d, f), ZC_OK);
    pl = sizeof pub;
    ck_assert_int_eq(zc_ec_key_public(&k, pub, &pl), ZC_OK);
    rl = sizeof ref;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, ref, &rl), ZC_OK);
    /* v2 with its own public key, with and without attributes: the same key */
    fl = pub_field(field, 0x81, pub, pl, 0);
    for (attrs = 0; attrs < 2; attrs++) {
        len = pkcs8(der, &k, 1, attrs, field, fl);
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len), ZC_OK);
        gl = sizeof got;
        ck_assert_int_eq(zc_ec_key_export_der(&k2, ZC_EC_DER_PRIVATE_PKCS8, got, &gl), ZC_OK);
        ck_assert_uint_eq(gl, rl);                  /* exported as v1, d and Q kept */
        ck_assert_mem_eq(got, ref, rl);
        der[len] = 0;                               /* trailing data, or one byte short */
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len + 1), ZC_EINVAL);
        ck_assert_int_eq(zc_ec_key_from_der(&k2, der, len - 1), ZC_EINVAL);
    }
    /* without the optional publicKey; with the compressed form of the right point */
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0, NULL, 0, 0, NULL, 0), ZC_OK);
    c[0] = (uint8_t)(2 | (pub[2 * f] & 1));
    memcpy(c + 1, pub + 1, f);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 1, 0x81, c, f + 1, 0, NULL, 0), ZC_OK);
    /* another key's public key: ZC_EINVAL, and the key is left wiped */
    ck_assert_int_eq(zc_ec_key_generate(&other, kv->curve), ZC_OK);
    pl = sizeof opub;
    ck_assert_int_eq(zc_ec_key_public(&other, opub, &pl), ZC_OK);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, opub, pl, 0, NULL, 0), ZC_EINVAL);
    gl = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&k2, got, &gl), ZC_EINVAL);
    /* a point off the curve, the other parity of x, infinity, a bad pad */
    memcpy(opub, pub, pl);
    opub[pl - 1] ^= 1;
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, opub, pl, 0, NULL, 0), ZC_EINVAL);
    c[0] ^= 1;
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, c, f + 1, 0, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, (const uint8_t *)"", 1, 0, NULL, 0),
                     ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, pub, pl, 1, NULL, 0), ZC_EINVAL);
    /* the right point under the wrong tags: constructed [1], [2], BIT STRING */
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0xa1, pub, pl, 0, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x82, pub, pl, 0, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x03, pub, pl, 0, NULL, 0), ZC_EINVAL);
    /* v1 with a [1] publicKey, even the right one; unknown versions */
    ck_assert_int_eq(v2_import(&k2, &k, 0, 0, 0x81, pub, pl, 0, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 2, 0, 0x81, pub, pl, 0, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 2, 0, 0, NULL, 0, 0, NULL, 0), ZC_EINVAL);
    /* [1] before [0], two [1], anything after [1] */
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, pub, pl, 0, (const uint8_t *)"\xa0", 2),
                     ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 0, 0x81, pub, pl, 0, field, fl), ZC_EINVAL);
    ck_assert_int_eq(v2_import(&k2, &k, 1, 1, 0x81, pub, pl, 0, (const uint8_t *)"\x05", 2),
                     ZC_EINVAL);
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&k2);
    zc_ec_key_wipe(&other);
}
END_TEST

/* DER signatures: round trip, strictness, values longer than f. */
START_TEST(der_sigs)
{
    uint8_t sig[132], back[132], der[160];
    size_t f = zc_ec_field_size(curves[_i]), dl, bl;
    unsigned i;

    for (i = 0; i < 8; i++) {
        memset(sig, 0, 2 * f);
        if (i & 1)
            memset(sig, 0xff, f);               /* top bit set: a sign byte */
        if (i & 2)
            sig[2 * f - 1] = 1;                 /* s = 1: one byte */
        if (i & 4)
            sig[f + 3] = 0x7f;
        dl = sizeof der;
        ck_assert_int_eq(zc_ecdsa_sig_to_der(curves[_i], sig, 2 * f, der, &dl), ZC_OK);
        bl = sizeof back;
        ck_assert_int_eq(zc_ecdsa_sig_from_der(curves[_i], der, dl, back, &bl), ZC_OK);
        ck_assert_uint_eq(bl, 2 * f);
        ck_assert_mem_eq(sig, back, bl);
        ck_assert_int_eq(zc_ecdsa_sig_from_der(curves[_i], der, dl - 1, back, &bl), ZC_EINVAL);
    }
    {
        static const uint8_t neg[] = { 0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01 };
        static const uint8_t pad[] = { 0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01 };
        static const uint8_t zero[] = { 0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01 };

        bl = sizeof back;
        ck_assert_int_eq(zc_ecdsa_sig_from_der(curves[_i], neg, sizeof neg, back, &bl), ZC_EINVAL);
        ck_assert_int_eq(zc_ecdsa_sig_from_der(curves[_i], pad, sizeof pad, back, &bl), ZC_EINVAL);
        ck_assert_int_eq(zc_ecdsa_sig_from_der(curves[_i], zero, sizeof zero, back, &bl), ZC_OK);
    }
    /* an r of f + 1 bytes (after its sign byte) does not fit */
    memset(der, 0x11, sizeof der);
    der[0] = 0x30;
    der[1] = (uint8_t)(2 + f + 1 + 3);
    der[2] = 0x02;
    der[3] = (uint8_t)(f + 1);
    der[4 + f + 1] = 0x02;
    der[4 + f + 2] = 1;
    der[4 + f + 3] = 1;
    bl = sizeof back;
    if (f + 1 < 128)
        ck_assert_int_eq(zc_ecdsa_sig_from_der(curves[_i], der, 4 + f + 4, back, &bl), ZC_EINVAL);
}
END_TEST

/* ---- Wycheproof: a flat scanner of "key": "string" pairs ---- */

struct wp_counts {
    unsigned valid, invalid, acceptable_ok, acceptable_rej, fail;
};

static char *slurp(const char *name)
{
    const char *dir = getenv("ZC_WYCHEPROOF"), *caps = getenv("ZC_TEST_CAPS");
    char path[1024];
    FILE *fp;
    long n;
    char *buf;

    /* once, under ZCRYPT_CAPS unset: no tier-1 or tier-2 machine has KDSA, so
     * the other runs would repeat the software; the stand-in build (no
     * ZC_TEST_CAPS) runs them on its KDSA model */
    if (dir == NULL || (caps != NULL && strcmp(caps, "unset") != 0))
        return NULL;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    fseek(fp, 0, SEEK_END);
    n = ftell(fp);
    rewind(fp);
    buf = malloc((size_t)n + 1);
    if (buf != NULL && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf != NULL)
        buf[n] = 0;
    fclose(fp);
    return buf;
}

/* The next "key": "value" pair from *p; 0 at the end. Keys whose value is
 * not a string (numbers, arrays, objects) are skipped. */
static int next_pair(char **p, char **key, char **val)
{
    char *s = *p;

    for (;;) {
        char *k, *e;

        s = strchr(s, '"');
        if (s == NULL)
            return 0;
        k = s + 1;
        e = strchr(k, '"');
        if (e == NULL)
            return 0;
        s = e + 1;
        while (*s == ' ' || *s == '\n')
            s++;
        if (*s != ':')
            continue;                   /* an array item */
        s++;
        while (*s == ' ' || *s == '\n')
            s++;
        if (*s != '"')
            continue;
        *e = 0;
        *key = k;
        *val = s + 1;
        e = strchr(s + 1, '"');
        if (e == NULL)
            return 0;
        *e = 0;
        *p = e + 1;
        return 1;
    }
}

static void wp_count(struct wp_counts *c, const char *result, int ok, const char *file,
                     const char *tc)
{
    if (strcmp(result, "valid") == 0) {
        c->valid++;
        if (!ok) {
            c->fail++;
            fprintf(stderr, "%s: valid test %s rejected\n", file, tc);
        }
    } else if (strcmp(result, "invalid") == 0) {
        c->invalid++;
        if (ok) {
            c->fail++;
            fprintf(stderr, "%s: invalid test %s accepted\n", file, tc);
        }
    } else if (ok) {
        c->acceptable_ok++;
    } else {
        c->acceptable_rej++;
    }
}

/* The line of a file that is not read (absent, or not the caps-unset run). */
static void wp_skip(const char *file)
{
    printf("SKIP wycheproof %s: not found, or not the caps-unset run (ZC_WYCHEPROOF=%s)\n",
           file, getenv("ZC_WYCHEPROOF") ? getenv("ZC_WYCHEPROOF") : "unset");
}

/* A test's "flags" array follows its comment (at p): a copy into flags. */
static void wp_keep_flags(const char *p, char *flags, size_t size)
{
    const char *fl = strstr(p, "\"flags\""), *end = fl ? strchr(fl, ']') : NULL;
    size_t fn = end ? (size_t)(end - fl) : 0;

    if (fn >= size)
        fn = size - 1;
    memcpy(flags, fl ? fl : "", fn);
    flags[fn] = 0;
}

/* Count a test under each of the n names its flags carry: ok or rejected. */
static void wp_tally(const char *flags, const char *const *names, size_t n, int ok,
                     unsigned *n_ok, unsigned *n_rej)
{
    size_t j;

    for (j = 0; j < n; j++) {
        char q[64];

        snprintf(q, sizeof q, "\"%s\"", names[j]);
        if (strstr(flags, q) != NULL)
            (ok ? n_ok : n_rej)[j]++;
    }
}

/* A file's counts, then per flag (what: the lines' label) the tests
 * accepted and refused; the file must have tests and no failure. */
static void wp_report(const char *file, const struct wp_counts *c, const char *what,
                      const char *const *names, size_t n, const unsigned *n_ok,
                      const unsigned *n_rej)
{
    size_t j;

    printf("wycheproof %s: %u valid, %u invalid, acceptable %u accepted %u rejected, "
           "%u failures\n", file, c->valid, c->invalid, c->acceptable_ok, c->acceptable_rej,
           c->fail);
    for (j = 0; j < n; j++)
        if (n_ok[j] + n_rej[j])
            printf("wycheproof %s: %s %s: %u accepted, %u refused\n", file, what, names[j],
                   n_ok[j], n_rej[j]);
    ck_assert_uint_gt(c->valid + c->invalid, 0);
    ck_assert_uint_eq(c->fail, 0);
}

static enum zc_ec_curve curve_of(const char *name)
{
    return strstr(name, "384") ? ZC_EC_P384 : strstr(name, "521") ? ZC_EC_P521 : ZC_EC_P256;
}

static enum zc_hash_alg sha_of(const char *name)
{
    static const struct { const char *n; enum zc_hash_alg a; } t[] = {
        { "SHA-224", ZC_SHA224 }, { "SHA-256", ZC_SHA256 }, { "SHA-384", ZC_SHA384 },
        { "SHA-512", ZC_SHA512 }, { "SHA3-224", ZC_SHA3_224 }, { "SHA3-256", ZC_SHA3_256 },
        { "SHA3-384", ZC_SHA3_384 }, { "SHA3-512", ZC_SHA3_512 }, { "SHA-1", ZC_SHA1 },
    };
    size_t i;

    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(name, t[i].n) == 0)
            return t[i].a;
    return ZC_SHAKE128;
}

static const char *const ecdsa_files[] = {
    "ecdsa_secp256r1_sha256_p1363_test.json", "ecdsa_secp256r1_sha512_p1363_test.json",
    "ecdsa_secp384r1_sha384_p1363_test.json", "ecdsa_secp384r1_sha512_p1363_test.json",
    "ecdsa_secp521r1_sha512_p1363_test.json",
    "ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha512_test.json",
    "ecdsa_secp256r1_sha3_256_test.json", "ecdsa_secp256r1_sha3_512_test.json",
    "ecdsa_secp384r1_sha256_test.json", "ecdsa_secp384r1_sha384_test.json",
    "ecdsa_secp384r1_sha512_test.json", "ecdsa_secp384r1_sha3_384_test.json",
    "ecdsa_secp384r1_sha3_512_test.json",
    "ecdsa_secp521r1_sha512_test.json", "ecdsa_secp521r1_sha3_512_test.json",
};

START_TEST(wycheproof_ecdsa)
{
    const char *file = ecdsa_files[_i];
    int p1363 = strstr(file, "p1363") != NULL;
    enum zc_ec_curve curve = curve_of(file);
    char *buf = slurp(file), *p, *key, *val, *msg = NULL, *sig = NULL;
    const char *tc = "?";
    struct wp_counts c = { 0 };
    enum zc_hash_alg alg = ZC_SHA256;
    zc_ec_key k;
    int have_key = 0;

    if (buf == NULL) {
        wp_skip(file);
        return;
    }
    p = buf;
    while (next_pair(&p, &key, &val)) {
        if (strcmp(key, "uncompressed") == 0) {
            uint8_t pub[200];
            size_t n = tu_unhex(pub, sizeof pub, val);

            have_key = zc_ec_key_from_public(&k, curve, pub, n) == ZC_OK;
            ck_assert_msg(have_key, "%s: group key refused", file);
        } else if (strcmp(key, "sha") == 0) {
            alg = sha_of(val);
        } else if (strcmp(key, "comment") == 0) {
            tc = val;
        } else if (strcmp(key, "msg") == 0) {
            msg = val;
        } else if (strcmp(key, "sig") == 0) {
            sig = val;
        } else if (strcmp(key, "result") == 0 && msg != NULL && sig != NULL) {
            static uint8_t m[8192], s[1024], rs[132], h[64];
            size_t ml = tu_unhex(m, sizeof m, msg), sl = tu_unhex(s, sizeof s, sig);
            size_t rl = sizeof rs;
            int ok;

            ck_assert(have_key);
            ck_assert_int_eq(zc_hash(alg, ml ? m : NULL, ml, h, zc_hash_size(alg)), ZC_OK);
            if (p1363) {
                ok = zc_ecdsa_verify(&k, alg, h, sl ? s : NULL, sl) == ZC_OK;
            } else {
                ok = zc_ecdsa_sig_from_der(curve, s, sl, rs, &rl) == ZC_OK &&
                     zc_ecdsa_verify(&k, alg, h, rs, rl) == ZC_OK;
            }
            wp_count(&c, val, ok, file, tc);
            msg = sig = NULL;
        }
    }
    /* the pinned files have no acceptable tests: no flag lines */
    wp_report(file, &c, "acceptable with flag", NULL, 0, NULL, NULL);
    free(buf);
}
END_TEST

static const char *const ecdh_files[] = {
    "ecdh_secp256r1_ecpoint_test.json", "ecdh_secp384r1_ecpoint_test.json",
    "ecdh_secp521r1_ecpoint_test.json",
    "ecdh_secp256r1_test.json", "ecdh_secp384r1_test.json", "ecdh_secp521r1_test.json",
};

/* Wycheproof's ECDH files, the peer as SPKI or as a SEC1 point. Valid: the
 * secret. Acceptable, reported per flag and held to API.md's import
 * rules: a compressed point is taken (and gives the secret), explicit
 * curve parameters are ZC_ENOTSUP, altered DER is refused: ZC_EINVAL when
 * malformed (BER included), ZC_ENOTSUP when well-formed with an OID that
 * names no supported curve (Wycheproof flags both InvalidAsn). */
START_TEST(wycheproof_ecdh)
{
    static const char *const flag_names[] = {
        "CompressedPublic", "CompressedPoint", "UnnamedCurve", "UnusedParam",
        "WrongOrder", "ModifiedGenerator", "ModifiedCofactor", "NoCofactor",
        "ModifiedCurveParameter", "InvalidAsn",
    };
    enum { NF = sizeof flag_names / sizeof flag_names[0] };
    unsigned flag_ok[NF] = { 0 }, flag_rej[NF] = { 0 };
    char flags[512] = "";
    const char *file = ecdh_files[_i];
    int spki = strstr(file, "ecpoint") == NULL;
    enum zc_ec_curve curve = curve_of(file);
    char *buf = slurp(file), *p, *key, *val, *pubh = NULL, *privh = NULL, *shh = NULL;
    const char *tc = "?";
    struct wp_counts c = { 0 };
    size_t f = zc_ec_field_size(curve);

    if (buf == NULL) {
        wp_skip(file);
        return;
    }
    p = buf;
    while (next_pair(&p, &key, &val)) {
        if (strcmp(key, "comment") == 0) {
            tc = val;
            wp_keep_flags(p, flags, sizeof flags);
        } else if (strcmp(key, "public") == 0) {
            pubh = val;
        } else if (strcmp(key, "private") == 0) {
            privh = val;
        } else if (strcmp(key, "shared") == 0) {
            shh = val;
        } else if (strcmp(key, "result") == 0 && pubh && privh && shh) {
            static uint8_t pub[1024], d[66], want[66], got[66];
            size_t pl = tu_unhex(pub, sizeof pub, pubh), wl = tu_unhex(want, sizeof want, shh);
            size_t gl = sizeof got;
            zc_ec_key a, b;
            int imp, ok;

            ck_assert_uint_eq(unhex_f(d, f, privh), f);
            ck_assert_int_eq(zc_ec_key_from_private(&a, curve, d, f), ZC_OK);
            imp = spki ? zc_ec_key_from_der(&b, pub, pl)
                       : zc_ec_key_from_public(&b, curve, pub, pl);
            ok = imp == ZC_OK && zc_ec_key_curve(&b) == curve &&
                 zc_ecdh(&a, &b, got, &gl) == ZC_OK;
            if (ok && strcmp(val, "invalid") != 0) {
                ck_assert_uint_eq(gl, wl);
                ck_assert_msg(memcmp(got, want, wl) == 0, "%s: %s: wrong secret", file, tc);
            }
            if (strcmp(val, "acceptable") == 0) {
                if (strstr(flags, "\"CompressedPublic\"") != NULL)
                    ck_assert_msg(ok, "%s: %s: a compressed point refused", file, tc);
                else if (strstr(flags, "\"UnnamedCurve\"") != NULL)
                    ck_assert_msg(imp == ZC_ENOTSUP, "%s: %s: explicit parameters: %d",
                                  file, tc, imp);
                else if (strstr(flags, "\"InvalidAsn\"") != NULL)
                    ck_assert_msg(imp == ZC_EINVAL || imp == ZC_ENOTSUP,
                                  "%s: %s: altered DER gave %d", file, tc, imp);
                wp_tally(flags, flag_names, NF, ok, flag_ok, flag_rej);
            }
            wp_count(&c, val, ok, file, tc);
            zc_ec_key_wipe(&a);
            zc_ec_key_wipe(&b);
            pubh = privh = shh = NULL;
        }
    }
    wp_report(file, &c, "acceptable with flag", flag_names, NF, flag_ok, flag_rej);
    free(buf);
}
END_TEST

/* ---- X25519 and X448 (RFC 7748) ---- */

/* out = X(k, u) through the key calls: k as a private key, u as a
 * public-only key, zc_ecdh. */
static int x_dh(enum zc_ec_curve curve, const uint8_t *k, const uint8_t *u, uint8_t *out)
{
    size_t f = zc_ec_field_size(curve), len = f;
    zc_ec_key a, b;
    int rc;

    ck_assert_int_eq(zc_ec_key_from_private(&a, curve, k, f), ZC_OK);
    ck_assert_int_eq(zc_ec_key_from_public(&b, curve, u, f), ZC_OK);
    rc = zc_ecdh(&a, &b, out, &len);
    if (rc == ZC_OK)
        ck_assert_uint_eq(len, f);
    zc_ec_key_wipe(&a);
    zc_ec_key_wipe(&b);
    return rc;
}

START_TEST(x_rfc7748_5_2)
{
    size_t i;

    for (i = 0; i < sizeof x_rfc7748_52 / sizeof x_rfc7748_52[0]; i++) {
        const struct x_rfc7748_kat *v = &x_rfc7748_52[i];
        size_t f = zc_ec_field_size(v->curve);
        uint8_t k[56], u[56], want[56], got[56];

        ck_assert_uint_eq(tu_unhex(k, sizeof k, v->k), f);
        ck_assert_uint_eq(tu_unhex(u, sizeof u, v->u), f);
        ck_assert_uint_eq(tu_unhex(want, sizeof want, v->out), f);
        ck_assert_int_eq(x_dh(v->curve, k, u, got), ZC_OK);
        ck_assert_msg(memcmp(got, want, f) == 0, "RFC 7748 5.2 vector %zu", i);
    }
}
END_TEST

/* RFC 7748 5.2's iterated test. The million rounds take minutes: only
 * with ZC_SLOW=1; the 1,000 only in the run with ZCRYPT_CAPS unset (EC
 * has no CPACF path, the other runs would repeat it). */
START_TEST(x_rfc7748_iterated)
{
    const struct x_rfc7748_iter *v = &x_rfc7748_iters[_i];
    const char *slow = getenv("ZC_SLOW"), *caps = getenv("ZC_TEST_CAPS");
    size_t f = zc_ec_field_size(v->curve);
    unsigned long n, last = 1000, marks[3] = { 1, 1000, 1000000 };
    uint8_t k[56] = { 0 }, u[56] = { 0 }, r[56], want[56];
    unsigned m = 0;

    if (slow != NULL && strcmp(slow, "1") == 0)
        last = 1000000;
    else if (caps != NULL && strcmp(caps, "unset") != 0)
        last = 1;
    k[0] = u[0] = v->curve == ZC_EC_X25519 ? 9 : 5;
    for (n = 1; n <= last; n++) {
        ck_assert_int_eq(x_dh(v->curve, k, u, r), ZC_OK);
        memcpy(u, k, f);
        memcpy(k, r, f);
        if (n == marks[m]) {
            ck_assert_uint_eq(tu_unhex(want, sizeof want, v->after[m]), f);
            ck_assert_msg(memcmp(k, want, f) == 0, "RFC 7748 5.2 curve %d after %lu rounds",
                          v->curve, n);
            m++;
        }
    }
    printf("RFC 7748 5.2 iterated, curve %d: checked after %lu round(s)%s\n", v->curve,
           marks[m - 1], last < 1000000 ? " (1,000,000 with ZC_SLOW=1)" : "");
}
END_TEST

/* RFC 7748 6.1 / 6.2: both public keys (zc_ec_key_public of the private
 * keys, X(k, 9) / X(k, 5)) and the shared secret both ways. */
START_TEST(x_rfc7748_6)
{
    const struct x_rfc7748_dh *v = &x_rfc7748_dhs[_i];
    size_t f = zc_ec_field_size(v->curve), len;
    uint8_t ak[56], bk[56], ap[56], bp[56], sh[56], got[56];
    zc_ec_key a, b, pb;

    ck_assert_uint_eq(tu_unhex(ak, sizeof ak, v->a_priv), f);
    ck_assert_uint_eq(tu_unhex(bk, sizeof bk, v->b_priv), f);
    ck_assert_uint_eq(tu_unhex(ap, sizeof ap, v->a_pub), f);
    ck_assert_uint_eq(tu_unhex(bp, sizeof bp, v->b_pub), f);
    ck_assert_uint_eq(tu_unhex(sh, sizeof sh, v->shared), f);
    ck_assert_int_eq(zc_ec_key_from_private(&a, v->curve, ak, f), ZC_OK);
    ck_assert_int_eq(zc_ec_key_from_private(&b, v->curve, bk, f), ZC_OK);
    ck_assert_int_eq(zc_ec_key_curve(&a), v->curve);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&a, got, &len), ZC_OK);
    ck_assert_uint_eq(len, f);
    ck_assert_mem_eq(got, ap, f);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&b, got, &len), ZC_OK);
    ck_assert_mem_eq(got, bp, f);
    len = sizeof got;
    ck_assert_int_eq(zc_ecdh(&a, &b, got, &len), ZC_OK);
    ck_assert_uint_eq(len, f);
    ck_assert_mem_eq(got, sh, f);
    ck_assert_int_eq(zc_ec_key_from_public(&pb, v->curve, bp, f), ZC_OK);
    len = sizeof got;
    memset(got, 0, sizeof got);
    ck_assert_int_eq(zc_ecdh(&a, &pb, got, &len), ZC_OK);
    ck_assert_mem_eq(got, sh, f);
    len = sizeof got;
    ck_assert_int_eq(zc_ecdh(&b, &a, got, &len), ZC_OK);
    ck_assert_mem_eq(got, sh, f);
    len = sizeof got;
    ck_assert_int_eq(zc_ecdh(&pb, &a, got, &len), ZC_EINVAL);    /* public-only */
    zc_ec_key_wipe(&a);
    zc_ec_key_wipe(&b);
    zc_ec_key_wipe(&pb);
}
END_TEST

/* What a CPACF key's operation on curve answers: ZC_OK where the backend
 * query says all of the curve's codes run (the stand-in build), else
 * ZC_ENOTSUP. */
static int cpacf_rc(enum zc_ec_curve curve)
{
    static const enum zc_algo algo[] = {
        [ZC_EC_P256] = ZC_ALGO_EC_P256,       [ZC_EC_P384] = ZC_ALGO_EC_P384,
        [ZC_EC_P521] = ZC_ALGO_EC_P521,       [ZC_EC_ED25519] = ZC_ALGO_EC_ED25519,
        [ZC_EC_ED448] = ZC_ALGO_EC_ED448,     [ZC_EC_X25519] = ZC_ALGO_EC_X25519,
        [ZC_EC_X448] = ZC_ALGO_EC_X448,
    };
    struct zc_backend_info bi;

    return zc_backend_query(algo[curve], 0, &bi) == ZC_OK && bi.backend == ZC_BACKEND_CPACF
               ? ZC_OK : ZC_ENOTSUP;
}

/* Generation, the key rules of API.md and the bad inputs, per curve. */
START_TEST(x_keys)
{
    const enum zc_ec_curve curve = _i ? ZC_EC_X448 : ZC_EC_X25519;
    const struct x_rfc7748_dh *v = &x_rfc7748_dhs[_i];
    size_t f = zc_ec_field_size(curve), len, i;
    uint8_t d[57], u[57], got[133], s1[56], s2[56], zero[56] = { 0 };
    zc_ec_key a, b, p, e;

    ck_assert_uint_eq(f, _i ? 56 : 32);
    /* generate makes clamped bytes, and two keys agree */
    ck_assert_int_eq(zc_ec_key_generate(&a, curve), ZC_OK);
    ck_assert_int_eq(zc_ec_key_generate(&b, curve), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&a, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_OK);
    memcpy(d, got + len - f, f);                    /* the scalar, last in the DER */
    if (curve == ZC_EC_X25519)
        ck_assert(!(d[0] & 7) && (d[31] & 0xc0) == 0x40);
    else
        ck_assert(!(d[0] & 3) && (d[55] & 0x80));
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &b, s1, &len), ZC_OK);
    len = sizeof s2;
    ck_assert_int_eq(zc_ecdh(&b, &a, s2, &len), ZC_OK);
    ck_assert_mem_eq(s1, s2, f);
    /* the scalar is stored as given (unclamped) and clamped at use */
    ck_assert_uint_eq(tu_unhex(d, sizeof d, v->a_priv), f);
    d[0] |= curve == ZC_EC_X25519 ? 7 : 3;         /* the bits clamping clears or sets */
    d[f - 1] ^= 0x80;
    ck_assert_int_eq(zc_ec_key_from_private(&p, curve, d, f), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&p, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_OK);
    ck_assert_mem_eq(got + len - f, d, f);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&p, got, &len), ZC_OK);
    ck_assert_uint_eq(tu_unhex(u, sizeof u, v->a_pub), f);
    ck_assert_mem_eq(got, u, f);
    zc_ec_key_wipe(&p);
    /* a public-only key re-exports exactly its bytes: X25519's top bit,
     * X448's u >= p (p + 1, the same point as u = 1) */
    ck_assert_uint_eq(tu_unhex(u, sizeof u, v->b_pub), f);
    if (curve == ZC_EC_X25519)
        u[31] |= 0x80;
    ck_assert_int_eq(zc_ec_key_from_public(&p, curve, u, f), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&p, got, &len), ZC_OK);
    ck_assert_uint_eq(len, f);
    ck_assert_mem_eq(got, u, f);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &p, s1, &len), ZC_OK);        /* the top bit is ignored */
    u[f - 1] &= curve == ZC_EC_X25519 ? 0x7f : 0xff;
    ck_assert_int_eq(zc_ec_key_from_public(&e, curve, u, f), ZC_OK);
    len = sizeof s2;
    ck_assert_int_eq(zc_ecdh(&a, &e, s2, &len), ZC_OK);
    ck_assert_mem_eq(s1, s2, f);
    zc_ec_key_wipe(&e);
    /* u = p + 9 / p + 5 is the base point (reduced mod p): the secret is
     * a's public key */
    memset(u, 0xff, f);
    if (curve == ZC_EC_X25519) {
        u[0] = 0xf6;
        u[31] = 0x7f;                   /* 2^255 - 10 = p + 9 */
    } else {
        memset(u, 0, 28);
        u[0] = 4;                       /* 2^448 - 2^224 + 4 = p + 5 */
    }
    ck_assert_int_eq(zc_ec_key_from_public(&e, curve, u, f), ZC_OK);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &e, s1, &len), ZC_OK);
    len = sizeof s2;
    ck_assert_int_eq(zc_ec_key_public(&a, s2, &len), ZC_OK);
    ck_assert_mem_eq(s1, s2, f);
    /* a low-order u (0): all zero, ZC_EINVAL, nothing written */
    ck_assert_int_eq(zc_ec_key_from_public(&e, curve, zero, f), ZC_OK);
    memset(s1, 0xa5, sizeof s1);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &e, s1, &len), ZC_EINVAL);
    ck_assert_uint_eq(len, sizeof s1);
    for (i = 0; i < sizeof s1; i++)
        ck_assert_uint_eq(s1[i], 0xa5);
    zc_ec_key_wipe(&e);
    /* lengths: f exactly */
    ck_assert_int_eq(zc_ec_key_from_private(&e, curve, d, f - 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&e, curve, d, f + 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_public(&e, curve, u, f - 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_public(&e, curve, u, f + 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_public(&e, curve, NULL, f), ZC_EINVAL);
    len = 0;
    ck_assert_int_eq(zc_ec_key_public(&a, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, f);
    len = 0;
    ck_assert_int_eq(zc_ecdh(&a, &b, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, f);
    len = f - 1;
    ck_assert_int_eq(zc_ecdh(&a, &b, s1, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, f);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &b, (uint8_t *)&b + 4, &len), ZC_EINVAL);     /* overlap */
    /* another curve's key, ECDSA and EdDSA with X keys, SEC1 */
    ck_assert_int_eq(zc_ec_key_generate(&e, curve == ZC_EC_X25519 ? ZC_EC_X448 : ZC_EC_X25519),
                     ZC_OK);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &e, s1, &len), ZC_EINVAL);
    zc_ec_key_wipe(&e);
    ck_assert_int_eq(zc_ec_key_generate(&e, ZC_EC_P256), ZC_OK);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &e, s1, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdh(&e, &a, s1, &len), ZC_EINVAL);
    zc_ec_key_wipe(&e);
    memset(got, 1, 64);
    len = sizeof got;
    ck_assert_int_eq(zc_ecdsa_sign(&a, ZC_SHA256, got, s1, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_sign_deterministic(&a, ZC_SHA256, got, s1, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_verify(&a, ZC_SHA256, got, s1, 64), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&a, got, 1, s1, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&a, got, 1, s1, 64), ZC_EINVAL);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&a, ZC_EC_DER_PRIVATE_SEC1, got, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_export_der(&p, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_export_der(&a, (enum zc_ec_der_format)9, got, &len), ZC_EINVAL);
    /* backends: CPACF runs ECDH on PCC 80/81 where they are (the
     * stand-in) and refuses it elsewhere (after the argument checks);
     * import, export and the public key work */
    ck_assert_int_eq(zc_ec_key_set_backend(&a, ZC_BACKEND_CPACF), ZC_OK);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &b, s1, &len), cpacf_rc(curve));
    ck_assert_int_eq(zc_ecdh(&a, &b, s1, NULL), ZC_EINVAL);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&a, got, &len), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&a, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_set_backend(&a, ZC_BACKEND_SOFTWARE), ZC_OK);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &b, s1, &len), ZC_OK);
    zc_ec_key_wipe(&a);
    zc_ec_key_wipe(&b);
    zc_ec_key_wipe(&p);
    len = sizeof s1;
    ck_assert_int_eq(zc_ecdh(&a, &b, s1, &len), ZC_EINVAL);     /* wiped keys */
}
END_TEST

/* RFC 8410 DER: the fixed SPKI and PKCS#8 v1 encodings (RFC 8410 section
 * 10's layouts, built here), round trips, PKCS#8 v2 with the public key,
 * and what is refused. */
START_TEST(x_der)
{
    const struct x_rfc7748_dh *v = &x_rfc7748_dhs[_i];
    const enum zc_ec_curve curve = v->curve;
    size_t f = zc_ec_field_size(curve), len, n, i, vl, ver, pk;
    uint8_t d[56], pub[56], der[200], want[200], v2[200], got[200];
    uint8_t oid = curve == ZC_EC_X25519 ? 0x6e : 0x6f;
    zc_ec_key k, q;

    ck_assert_uint_eq(tu_unhex(d, sizeof d, v->a_priv), f);
    ck_assert_uint_eq(tu_unhex(pub, sizeof pub, v->a_pub), f);
    ck_assert_int_eq(zc_ec_key_from_private(&k, curve, d, f), ZC_OK);
    /* SPKI: 30 L 30 05 06 03 2b 65 6e|6f 03 f+1 00 u */
    n = 0;
    want[n++] = 0x30; want[n++] = (uint8_t)(f + 10);
    want[n++] = 0x30; want[n++] = 5; want[n++] = 6; want[n++] = 3;
    want[n++] = 0x2b; want[n++] = 0x65; want[n++] = oid;
    want[n++] = 3; want[n++] = (uint8_t)(f + 1); want[n++] = 0;
    memcpy(want + n, pub, f);
    n += f;
    len = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, der, &len), ZC_OK);
    ck_assert_uint_eq(len, n);
    ck_assert_mem_eq(der, want, n);
    ck_assert_int_eq(zc_ec_key_from_der(&q, der, len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_curve(&q), curve);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&q, got, &len), ZC_OK);
    ck_assert_mem_eq(got, pub, f);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&q, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_EINVAL);
    len = n - 1;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, got, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n);
    /* SPKI refused: trailing data, short key, parameters present, unused bits */
    want[n] = 0;
    ck_assert_int_eq(zc_ec_key_from_der(&q, want, n + 1), ZC_EINVAL);
    want[1]++;
    ck_assert_int_eq(zc_ec_key_from_der(&q, want, n + 1), ZC_EINVAL);
    want[1]--;
    want[10]--;
    want[1]--;
    ck_assert_int_eq(zc_ec_key_from_der(&q, want, n - 1), ZC_EINVAL);
    want[10]++;
    want[1]++;
    want[11] = 1;
    ck_assert_int_eq(zc_ec_key_from_der(&q, want, n), ZC_EINVAL);
    want[11] = 0;
    {
        uint8_t pp[200];
        size_t m = 0;

        pp[m++] = 0x30; pp[m++] = (uint8_t)(n);     /* + 05 00 inside the algorithm */
        pp[m++] = 0x30; pp[m++] = 7;
        memcpy(pp + m, want + 4, 5);
        m += 5;
        pp[m++] = 5; pp[m++] = 0;
        memcpy(pp + m, want + 9, n - 9);
        m += n - 9;
        ck_assert_int_eq(zc_ec_key_from_der(&q, pp, m), ZC_EINVAL);
        memcpy(pp, want, n);                        /* 1.3.101.114: no curve */
        pp[8] = 0x72;
        ck_assert_int_eq(zc_ec_key_from_der(&q, pp, n), ZC_ENOTSUP);
    }
    /* PKCS#8 v1: 30 L 02 01 00 30 05 06 03 2b 65 oid 04 f+2 04 f d */
    n = 0;
    want[n++] = 0x30; want[n++] = (uint8_t)(f + 14);
    want[n++] = 2; want[n++] = 1; want[n++] = 0;
    want[n++] = 0x30; want[n++] = 5; want[n++] = 6; want[n++] = 3;
    want[n++] = 0x2b; want[n++] = 0x65; want[n++] = oid;
    want[n++] = 4; want[n++] = (uint8_t)(f + 2); want[n++] = 4; want[n++] = (uint8_t)f;
    memcpy(want + n, d, f);
    n += f;
    len = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
    ck_assert_uint_eq(len, n);
    ck_assert_mem_eq(der, want, n);
    ck_assert_int_eq(zc_ec_key_from_der(&q, der, len), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&q, got, &len), ZC_OK);
    ck_assert_mem_eq(got, pub, f);
    /* v2 with its [1] publicKey: the derived one only (X448's is 129
     * bytes long: a two-byte length) */
    {
        size_t bl = n - 2 + 3 + f;

        vl = 0;
        v2[vl++] = 0x30;
        if (bl >= 128)
            v2[vl++] = 0x81;
        v2[vl++] = (uint8_t)bl;
        ver = vl + 2;
        memcpy(v2 + vl, want + 2, n - 2);
        vl += n - 2;
        v2[vl++] = 0x81; v2[vl++] = (uint8_t)(f + 1); v2[vl++] = 0;
        memcpy(v2 + vl, pub, f);
        vl += f;
        pk = vl - 1;
    }
    v2[ver] = 1;
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, vl), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&q, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_OK);
    ck_assert_mem_eq(got, want, n);                 /* exported as v1 */
    v2[pk] ^= 1;
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, vl), ZC_EINVAL);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&q, got, &len), ZC_EINVAL);      /* left wiped */
    v2[pk] ^= 1;
    v2[ver] = 0;                                    /* a v1 with [1] */
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, vl), ZC_EINVAL);
    v2[ver] = 2;                                    /* version 2 */
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, vl), ZC_EINVAL);
    v2[ver] = 1;
    v2[pk - f - 2] = 0xa1;                          /* constructed [1] */
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, vl), ZC_EINVAL);
    v2[pk - f - 2] = 0x81;
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, vl), ZC_OK);
    /* v1 refused: trailing data, a short scalar, the CurvePrivateKey bare */
    want[n] = 0;
    ck_assert_int_eq(zc_ec_key_from_der(&q, want, n + 1), ZC_EINVAL);
    memcpy(got, want, n);
    got[1]--; got[13]--; got[15]--;
    ck_assert_int_eq(zc_ec_key_from_der(&q, got, n - 1), ZC_EINVAL);
    memcpy(got, want, 12);
    got[1] = (uint8_t)(f + 12);
    got[12] = 4; got[13] = (uint8_t)f;
    memcpy(got + 14, d, f);
    ck_assert_int_eq(zc_ec_key_from_der(&q, got, f + 14), ZC_EINVAL);
    /* every truncation of the v2 key is refused */
    for (i = 0; i < vl; i++)
        ck_assert_int_ne(zc_ec_key_from_der(&q, v2, i), ZC_OK);
    zc_ec_key_wipe(&k);
}
END_TEST

static const char *const x_files[] = { "x25519_test.json", "x448_test.json" };

/* Wycheproof's XDH files through zc_ecdh with the public key imported raw.
 * Valid: the secret. Invalid (X448 keys of 57 bytes): refused at import.
 * Acceptable, reported per flag: an all-zero secret (low-order u) must be
 * ZC_EINVAL with nothing written, anything else (twists, non-canonical u)
 * computed and equal. */
START_TEST(wycheproof_x)
{
    static const char *const flag_names[] = {
        "Twist", "LowOrderPublic", "ZeroSharedSecret", "NonCanonicalPublic",
        "SmallPublicKey", "SpecialPublicKey", "EdgeCaseMultiplication", "EdgeCaseShared",
        "EdgeCasePrivateKey", "PublicKeyTooLong", "Ktv",
    };
    enum { NF = sizeof flag_names / sizeof flag_names[0] };
    unsigned flag_ok[NF] = { 0 }, flag_rej[NF] = { 0 };
    const char *file = x_files[_i];
    enum zc_ec_curve curve = _i ? ZC_EC_X448 : ZC_EC_X25519;
    char *buf = slurp(file), *p, *key, *val, *pubh = NULL, *privh = NULL, *shh = NULL;
    char flags[512] = "";
    const char *tc = "?";
    struct wp_counts c = { 0 };
    size_t f = zc_ec_field_size(curve);

    if (buf == NULL) {
        wp_skip(file);
        return;
    }
    p = buf;
    while (next_pair(&p, &key, &val)) {
        if (strcmp(key, "comment") == 0) {
            tc = val;
            wp_keep_flags(p, flags, sizeof flags);
        } else if (strcmp(key, "public") == 0) {
            pubh = val;
        } else if (strcmp(key, "private") == 0) {
            privh = val;
        } else if (strcmp(key, "shared") == 0) {
            shh = val;
        } else if (strcmp(key, "result") == 0 && pubh && privh && shh) {
            static uint8_t pub[128], d[56], want[56], got[56];
            size_t pl = tu_unhex(pub, sizeof pub, pubh), wl = tu_unhex(want, sizeof want, shh);
            size_t gl = sizeof got, i;
            uint8_t acc = 0;
            zc_ec_key a, b;
            int rc, ok;

            ck_assert_uint_eq(tu_unhex(d, sizeof d, privh), f);
            ck_assert_int_eq(zc_ec_key_from_private(&a, curve, d, f), ZC_OK);
            memset(got, 0xa5, sizeof got);
            rc = zc_ec_key_from_public(&b, curve, pub, pl);
            if (rc == ZC_OK)
                rc = zc_ecdh(&a, &b, got, &gl);
            ok = rc == ZC_OK;
            for (i = 0; i < wl; i++)
                acc |= want[i];
            if (strcmp(val, "invalid") != 0 && acc == 0) {
                ck_assert_msg(rc == ZC_EINVAL, "%s: %s: an all-zero secret returned", file, tc);
                ck_assert_uint_eq(gl, sizeof got);
                for (i = 0; i < sizeof got; i++)
                    ck_assert_uint_eq(got[i], 0xa5);
            } else if (strcmp(val, "invalid") != 0) {
                ck_assert_msg(ok, "%s: %s: refused (%d)", file, tc, rc);
                ck_assert_uint_eq(gl, wl);
                ck_assert_msg(memcmp(got, want, wl) == 0, "%s: %s: wrong secret", file, tc);
            }
            wp_count(&c, val, ok, file, tc);
            if (strcmp(val, "acceptable") == 0)
                wp_tally(flags, flag_names, NF, ok, flag_ok, flag_rej);
            zc_ec_key_wipe(&a);
            zc_ec_key_wipe(&b);
            pubh = privh = shh = NULL;
        }
    }
    wp_report(file, &c, "acceptable with flag", flag_names, NF, flag_ok, flag_rej);
    free(buf);
}
END_TEST

/* ---- Ed25519 and Ed448 (RFC 8032) ---------------------------------------- */

/* The Edwards curves: their RFC 8032 vectors and Wycheproof file. */
static const struct {
    enum zc_ec_curve curve;
    const struct ed_kat *kats;
    size_t n;
    const char *wp;
} eds[] = {
    { ZC_EC_ED25519, ed25519_rfc8032, sizeof ed25519_rfc8032 / sizeof ed25519_rfc8032[0],
      "ed25519_test.json" },
    { ZC_EC_ED448, ed448_rfc8032, sizeof ed448_rfc8032 / sizeof ed448_rfc8032[0],
      "ed448_test.json" },
};
#define EDS (sizeof eds / sizeof eds[0])

/* Sign msg with the variant of an RFC 8032 test (0 pure, 1 with a
 * context, 2 ph); the plain call for variant 0. */
static int ed_sign_as(const zc_ec_key *k, int variant, const uint8_t *ctx, size_t cl,
                      const uint8_t *m, size_t ml, uint8_t *sig, size_t *sl)
{
    if (variant == 0)
        return zc_eddsa_sign(k, m, ml, sig, sl);
    return zc_eddsa_sign_ex(k, variant == 2, ctx, cl, m, ml, sig, sl);
}

static int ed_verify_as(const zc_ec_key *k, int variant, const uint8_t *ctx, size_t cl,
                        const uint8_t *m, size_t ml, const uint8_t *sig, size_t sl)
{
    if (variant == 0)
        return zc_eddsa_verify(k, m, ml, sig, sl);
    return zc_eddsa_verify_ex(k, variant == 2, ctx, cl, m, ml, sig, sl);
}

/* The i-th vector of all curves'; NULL past the last. */
static const struct ed_kat *ed_kat_at(size_t i)
{
    size_t c;

    for (c = 0; c < EDS; i -= eds[c].n, c++)
        if (i < eds[c].n)
            return &eds[c].kats[i];
    return NULL;
}

static size_t ed_kats(void)
{
    size_t c, n = 0;

    for (c = 0; c < EDS; c++)
        n += eds[c].n;
    return n;
}

/* RFC 8032 section 7 (7.1 Ed25519, 7.2 Ed25519ctx, 7.3 Ed25519ph, 7.4
 * Ed448 with and without a context, 7.5 Ed448ph), through the public
 * calls on both backends: the public key from the seed, the signature
 * byte for byte, verification with the private and the public-only key,
 * a flipped bit of the message, the signature, the context refused, and
 * Ed448 without a context through the plain and the _ex calls alike. */
START_TEST(ed_rfc8032)
{
    const struct ed_kat *v = ed_kat_at((size_t)_i);
    static uint8_t m[2048];
    uint8_t seed[57], pub[57], ctx[256], want[114], sig[114], got[57];
    size_t b = zc_ec_field_size(v->curve), ml, cl, len, s;
    zc_ec_key k, p;
    int be;

    ck_assert_uint_eq(tu_unhex(seed, sizeof seed, v->seed), b);
    ck_assert_uint_eq(tu_unhex(pub, sizeof pub, v->pub), b);
    ck_assert_uint_eq(tu_unhex(want, sizeof want, v->sig), 2 * b);
    ml = tu_unhex(m, sizeof m, v->msg);
    cl = tu_unhex(ctx, sizeof ctx, v->ctx);
    ck_assert_int_eq(zc_ec_key_from_public(&p, v->curve, pub, b), ZC_OK);
    for (be = 0; be < 2; be++) {
        ck_assert_int_eq(zc_ec_key_from_private(&k, v->curve, seed, b), ZC_OK);
        if (be)
            ck_assert_int_eq(zc_ec_key_set_backend(&k, ZC_BACKEND_SOFTWARE), ZC_OK);
        len = sizeof got;
        ck_assert_int_eq(zc_ec_key_public(&k, got, &len), ZC_OK);
        ck_assert_uint_eq(len, b);
        ck_assert_msg(memcmp(got, pub, b) == 0, "%s: public key", v->what);
        len = sizeof sig;
        ck_assert_int_eq(ed_sign_as(&k, v->variant, ctx, cl, ml ? m : NULL, ml, sig, &len),
                         ZC_OK);
        ck_assert_uint_eq(len, 2 * b);
        ck_assert_msg(memcmp(sig, want, 2 * b) == 0, "%s: signature", v->what);
        ck_assert_int_eq(ed_verify_as(&k, v->variant, ctx, cl, m, ml, want, 2 * b), ZC_OK);
        zc_ec_key_wipe(&k);
    }
    ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl, m, ml, want, 2 * b), ZC_OK);
    if (v->variant == 0 && v->curve == ZC_EC_ED448)        /* Ed448: dom4(0, "") either way */
        ck_assert_int_eq(zc_eddsa_verify_ex(&p, 0, NULL, 0, m, ml, want, 2 * b), ZC_OK);
    if (v->variant != 2)                                   /* another variant: refused */
        ck_assert_int_eq(zc_eddsa_verify_ex(&p, 1, ctx, cl, m, ml, want, 2 * b), ZC_EAUTH);
    if (cl > 0) {
        ctx[0] ^= 1;
        ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl, m, ml, want, 2 * b), ZC_EAUTH);
        ctx[0] ^= 1;
        ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl - 1, m, ml, want, 2 * b),
                         ZC_EAUTH);
    }
    if (ml > 0) {
        m[ml - 1] ^= 0x80;
        ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl, m, ml, want, 2 * b), ZC_EAUTH);
        m[ml - 1] ^= 0x80;
    }
    for (s = 0; s < 2 * b; s += b / 2) {
        want[s] ^= 4;
        ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl, m, ml, want, 2 * b), ZC_EAUTH);
        want[s] ^= 4;
    }
    ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl, m, ml, want, 2 * b - 1), ZC_EAUTH);
    ck_assert_int_eq(ed_verify_as(&p, v->variant, ctx, cl, m, ml, want, 2 * b + 1), ZC_EAUTH);
    zc_ec_key_wipe(&p);
}
END_TEST

/* Keys, round trips of every variant and the bad inputs of API.md, per
 * curve. */
START_TEST(ed_keys)
{
    const enum zc_ec_curve curve = eds[_i].curve;
    size_t b = zc_ec_field_size(curve), len, i;
    uint8_t seed[57], pub[57], got[133], sig[114], sig2[114], m[300], ctx[256], big[400];
    zc_ec_key k, k2, p, x;
    int ph;

    ck_assert_uint_eq(b, curve == ZC_EC_ED448 ? 57 : 32);
    ck_assert_int_eq(zc_ec_key_generate(&k, curve), ZC_OK);
    ck_assert_int_eq(zc_ec_key_curve(&k), curve);
    len = sizeof pub;
    ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);
    ck_assert_uint_eq(len, b);
    ck_assert_int_eq(zc_ec_key_from_public(&p, curve, pub, b), ZC_OK);
    /* the seed is stored as given (PKCS#8 carries it), and gives the same key */
    len = sizeof big;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, big, &len), ZC_OK);
    memcpy(seed, big + len - b, b);
    ck_assert_int_eq(zc_ec_key_from_private(&k2, curve, seed, b), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&k2, got, &len), ZC_OK);
    ck_assert_mem_eq(got, pub, b);
    /* every variant round trips, each signature only under its own variant */
    for (i = 0; i < sizeof m; i++)
        m[i] = (uint8_t)(i * 7 + 1);
    for (i = 0; i < sizeof ctx; i++)
        ctx[i] = (uint8_t)(i ^ 0x5a);
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, m, sizeof m, sig, &len), ZC_OK);
    ck_assert_uint_eq(len, 2 * b);
    ck_assert_int_eq(zc_eddsa_verify(&p, m, sizeof m, sig, len), ZC_OK);
    len = sizeof sig2;
    ck_assert_int_eq(zc_eddsa_sign(&k2, m, sizeof m, sig2, &len), ZC_OK);
    ck_assert_mem_eq(sig, sig2, 2 * b);                 /* deterministic */
    ck_assert_int_eq(zc_eddsa_verify(&p, m, sizeof m - 1, sig, 2 * b), ZC_EAUTH);
    len = 0;
    ck_assert_int_eq(zc_eddsa_sign(&k, NULL, 0, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 2 * b);
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, NULL, 0, sig, &len), ZC_OK);    /* empty message */
    ck_assert_int_eq(zc_eddsa_verify(&p, NULL, 0, sig, len), ZC_OK);
    for (ph = 0; ph < 2; ph++) {
        size_t cls[] = { 0, 1, 255 }, c;

        for (c = 0; c < 3; c++) {
            size_t cl = cls[c];

            if (curve == ZC_EC_ED25519 && !ph && cl == 0)
                continue;               /* Ed25519ctx needs a context */
            len = sizeof sig;
            ck_assert_int_eq(zc_eddsa_sign_ex(&k, ph, ctx, cl, m, 100, sig, &len), ZC_OK);
            ck_assert_int_eq(zc_eddsa_verify_ex(&p, ph, ctx, cl, m, 100, sig, len), ZC_OK);
            ck_assert_int_eq(zc_eddsa_verify_ex(&p, !ph, ctx, cl ? cl : 1, m, 100, sig, len),
                             ZC_EAUTH);
            ck_assert_int_eq(zc_eddsa_verify(&p, m, 100, sig, len),   /* Ed448: dom4(0, "") */
                             curve == ZC_EC_ED448 && !ph && !cl ? ZC_OK : ZC_EAUTH);
            if (cl) {
                ck_assert_int_eq(zc_eddsa_verify_ex(&p, ph, ctx + 1, cl - 1 ? cl - 1 : 1, m, 100,
                                                    sig, len), ZC_EAUTH);
            }
        }
    }
    /* Ed448 without a context is the plain call; Ed25519's plain call is not ctx */
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, sig, &len), ZC_OK);
    ck_assert_int_eq(zc_eddsa_verify_ex(&p, 0, ctx, 0, m, 10, sig, len),
                     curve == ZC_EC_ED448 ? ZC_OK : ZC_EINVAL);
    /* the public-key rules: non-canonical y = p, the neutral element (with
     * and without the sign bit), a point off the curve (y = 2), lengths */
    memset(got, 0xff, b);
    if (curve == ZC_EC_ED25519) {
        got[0] = 0xed;
        got[31] = 0x7f;                 /* 2^255 - 19 */
    } else {
        got[28] = 0xfe;                 /* 2^448 - 2^224 - 1 */
        got[56] = 0;
    }
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, got, b), ZC_EINVAL);
    memset(got, 0, b);
    got[0] = 1;
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, got, b), ZC_EINVAL);
    got[b - 1] = 0x80;
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, got, b), ZC_EINVAL);
    got[b - 1] = 0;
    got[0] = 2;
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, got, b), ZC_EINVAL);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&x, got, &len), ZC_EINVAL);     /* left wiped */
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, pub, b - 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, pub, b + 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_public(&x, curve, NULL, b), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&x, curve, seed, b - 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&x, curve, seed, b + 1), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_from_private(&x, curve, NULL, b), ZC_EINVAL);
    len = 0;
    ck_assert_int_eq(zc_ec_key_public(&k, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, b);
    /* signing: lengths, NULL, a public-only key, prehash, contexts */
    memset(sig, 0xa5, sizeof sig);
    len = 2 * b - 1;
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, sig, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 2 * b);
    ck_assert_uint_eq(sig[0], 0xa5);
    len = 0;
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, 1, NULL, 0, m, 10, NULL, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, 2 * b);
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(NULL, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&p, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&k, NULL, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, sig, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, NULL, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, 2, ctx, 1, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, -1, ctx, 1, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, 1, ctx, 256, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, 1, NULL, 1, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, 0, NULL, 0, m, 10, sig, &len),
                     curve == ZC_EC_ED25519 ? ZC_EINVAL : ZC_OK);
    ck_assert_int_eq(zc_eddsa_verify_ex(&p, 2, ctx, 1, m, 10, sig, 2 * b), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify_ex(&p, 0, ctx, 256, m, 10, sig, 2 * b), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify_ex(&p, 0, NULL, 1, m, 10, sig, 2 * b), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(NULL, m, 10, sig, 2 * b), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&p, NULL, 10, sig, 2 * b), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, NULL, 2 * b), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, NULL, 0), ZC_EAUTH);
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, sig, 0), ZC_EAUTH);
    /* overlap: the signature over the message, the context, the key */
    memcpy(big, m, 200);
    len = 2 * b;
    ck_assert_int_eq(zc_eddsa_sign(&k, big + 10, 100, big, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&k, big, 100, big + 99, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k, 1, big + 150, 20, m, 10, big + 140, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, (uint8_t *)&k + 8, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_sign(&k, big, 100, big + 100, &len), ZC_OK);  /* adjacent */
    ck_assert_int_eq(zc_eddsa_verify(&p, big, 100, big + 100, len), ZC_OK);
    /* other families refuse Ed keys; EdDSA refuses the others */
    memset(got, 1, 64);
    len = sizeof sig;
    ck_assert_int_eq(zc_ecdsa_sign(&k, ZC_SHA256, got, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_sign_deterministic(&k, ZC_SHA256, got, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdsa_verify(&k, ZC_SHA256, got, sig, 64), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdh(&k, &p, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdh(&k, &k2, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_generate(&x, ZC_EC_P256), ZC_OK);
    ck_assert_int_eq(zc_eddsa_sign(&x, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&x, m, 10, sig, 64), ZC_EINVAL);
    ck_assert_int_eq(zc_ecdh(&x, &k, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_generate(&x, ZC_EC_X25519), ZC_OK);
    ck_assert_int_eq(zc_eddsa_sign_ex(&x, 1, NULL, 0, m, 10, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify_ex(&x, 1, NULL, 0, m, 10, sig, 64), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_generate(&x, curve), ZC_OK);
    ck_assert_int_eq(zc_eddsa_verify(&x, m, 10, sig, 2 * b), ZC_EAUTH);       /* wrong key */
    zc_ec_key_wipe(&x);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_SEC1, got, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_ec_key_export_der(&p, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_EINVAL);
    /* backends: CPACF runs pure EdDSA on KDSA where it is (the stand-in),
     * refuses it elsewhere and refuses ph always (no code), after the
     * argument checks; SOFTWARE signs alike */
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, sig, &len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_set_backend(&k2, ZC_BACKEND_CPACF), ZC_OK);
    ck_assert_int_eq(zc_ec_key_set_backend(&p, ZC_BACKEND_CPACF), ZC_OK);
    len = sizeof sig2;
    memset(sig2, 0, sizeof sig2);
    ck_assert_int_eq(zc_eddsa_sign(&k2, m, 10, sig2, &len), cpacf_rc(curve));
    if (cpacf_rc(curve) == ZC_OK)
        ck_assert_mem_eq(sig, sig2, 2 * b);
    len = sizeof sig2;
    ck_assert_int_eq(zc_eddsa_sign_ex(&k2, 1, NULL, 0, m, 10, sig2, &len), ZC_ENOTSUP);
    ck_assert_int_eq(zc_eddsa_verify_ex(&p, 1, NULL, 0, m, 10, sig, 2 * b), ZC_ENOTSUP);
    ck_assert_int_eq(zc_eddsa_sign_ex(&k2, 7, NULL, 0, m, 10, sig2, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, sig, 2 * b), cpacf_rc(curve));
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, NULL, 2 * b), ZC_EINVAL);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&k2, got, &len), ZC_OK);
    len = sizeof big;
    ck_assert_int_eq(zc_ec_key_export_der(&k2, ZC_EC_DER_PRIVATE_PKCS8, big, &len), ZC_OK);
    ck_assert_int_eq(zc_ec_key_set_backend(&k2, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_ec_key_set_backend(&p, ZC_BACKEND_SOFTWARE), ZC_OK);
    len = sizeof sig2;
    ck_assert_int_eq(zc_eddsa_sign(&k2, m, 10, sig2, &len), ZC_OK);
    ck_assert_mem_eq(sig, sig2, 2 * b);
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, sig2, len), ZC_OK);
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&k2);
    zc_ec_key_wipe(&p);
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, m, 10, sig, &len), ZC_EINVAL);     /* wiped keys */
    ck_assert_int_eq(zc_eddsa_verify(&p, m, 10, sig, 2 * b), ZC_EINVAL);
}
END_TEST

/*
 * The hardware-only policy: importing a seed still derives the public
 * key (public data, API.md; in software where KIMD/KLMD lack SHA-512 or
 * SHAKE256: core/hash_public.h), and PKCS#8 import with it; signing,
 * verification in software and generation are refused.
 */
START_TEST(ed_hw_only)
{
    const struct ed_kat *v = &eds[_i].kats[0];
    size_t b = zc_ec_field_size(v->curve), len, dl;
    uint8_t seed[57], pub[57], got[57], sig[114], der[100];
    enum zc_policy pol = zc_policy_get();
    zc_ec_key k, k8;

    ck_assert_uint_eq(tu_unhex(seed, sizeof seed, v->seed), b);
    ck_assert_uint_eq(tu_unhex(pub, sizeof pub, v->pub), b);
    ck_assert_uint_eq(tu_unhex(sig, sizeof sig, v->sig), 2 * b);
    ck_assert_int_eq(zc_ec_key_from_private(&k, v->curve, seed, b), ZC_OK);
    dl = sizeof der;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &dl), ZC_OK);
    zc_ec_key_wipe(&k);
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_HW_ONLY), ZC_OK);
    ck_assert_int_eq(zc_ec_key_from_private(&k, v->curve, seed, b), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&k, got, &len), ZC_OK);
    ck_assert_mem_eq(got, pub, b);
    ck_assert_int_eq(zc_ec_key_from_der(&k8, der, dl), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&k8, got, &len), ZC_OK);
    ck_assert_mem_eq(got, pub, b);
    /* signing and generation in software refused; on KDSA and PCC (the
     * stand-in's codes) they run */
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, NULL, 0, sig, &len), cpacf_rc(v->curve));
    ck_assert_int_eq(zc_eddsa_verify(&k, NULL, 0, sig, 2 * b), cpacf_rc(v->curve));
    ck_assert_int_eq(zc_ec_key_generate(&k8, v->curve), cpacf_rc(v->curve));
    zc_ec_key_wipe(&k8);
    {
        uint8_t h[64];                  /* the public hash calls still refuse software */
        zc_hash_ctx c;

        if (zc_hash_init(&c, ZC_SHAKE256, ZC_BACKEND_SOFTWARE) == ZC_OK)
            ck_abort_msg("a software hash under the hardware-only policy");
        (void)h;
    }
    ck_assert_int_eq(zc_policy_set(pol), ZC_OK);
    {
        /* the import's hash counts once, where it ran; signing's three too */
        int row = zc_stat_id(v->curve == ZC_EC_ED448 ? ZC_ALGO_SHAKE256 : ZC_ALGO_SHA512, 0);
        int was = zc_stats_enabled();
        struct zc_stats *st = calloc(1, sizeof *st);
        unsigned be, n = 0;

        ck_assert_ptr_nonnull(st);
        ck_assert_int_ge(row, 0);
        ck_assert_int_eq(zc_stats_enable(1), ZC_OK);
        zc_stats_reset();
        ck_assert_int_eq(zc_ec_key_from_private(&k8, v->curve, seed, b), ZC_OK);
        ck_assert_int_eq(zc_stats_snapshot_sized(st, sizeof *st), ZC_OK);
        for (be = 0; be < ZC_STAT_BACKENDS; be++)
            n += (unsigned)st->cell[row][be][0].calls;
        ck_assert_uint_eq(n, 1);        /* H(seed) */
        n = 0;
        len = sizeof sig;
        ck_assert_int_eq(zc_eddsa_sign(&k, NULL, 0, sig, &len), ZC_OK);
        ck_assert_int_eq(zc_stats_snapshot_sized(st, sizeof *st), ZC_OK);
        for (be = 0; be < ZC_STAT_BACKENDS; be++)
            n += (unsigned)st->cell[row][be][0].calls;
        /* and H(seed), the nonce, the challenge in software; none more on
         * KDSA, which hashes itself */
        ck_assert_uint_eq(n, cpacf_rc(v->curve) == ZC_OK ? 1 : 4);
        zc_stats_enable(was);
        free(st);
    }
    len = sizeof sig;
    ck_assert_int_eq(zc_eddsa_sign(&k, NULL, 0, sig, &len), ZC_OK);
    ck_assert_int_eq(zc_eddsa_verify(&k, NULL, 0, sig, len), ZC_OK);
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&k8);
}
END_TEST

/* RFC 8410 DER for Ed keys: section 10.1's public key and 10.3's private
 * keys (v1, and v2 with an attribute and the public key) are one key
 * pair; our export of it is those bytes; round trips on both curves; a
 * v2 whose public key is not the derived one is refused. */
START_TEST(ed_der)
{
    /* RFC 8410 10.1 (MCowBQYDK2VwAyEAGb9ECWmE...) and 10.3 */
    static const char *const spki_hex =
        "302a300506032b657003210019bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad7031"
        "66e1";
    static const char *const v1_hex =
        "302e020100300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097"
        "a88f44755842";
    static const char *const v2_hex =
        "3072020101300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097"
        "a88f44755842a01f301d060a2a864886f70d01090914310f0c0d437572646c652043686169727381210019"
        "bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1";
    uint8_t spki[64], v1[64], v2[128], got[200], pub[57];
    size_t sl = tu_unhex(spki, sizeof spki, spki_hex), l1 = tu_unhex(v1, sizeof v1, v1_hex);
    size_t l2 = tu_unhex(v2, sizeof v2, v2_hex), len, c;
    zc_ec_key k, q;

    ck_assert_int_eq(zc_ec_key_from_der(&k, v1, l1), ZC_OK);
    ck_assert_int_eq(zc_ec_key_curve(&k), ZC_EC_ED25519);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, got, &len), ZC_OK);
    ck_assert_uint_eq(len, sl);
    ck_assert_mem_eq(got, spki, sl);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_OK);
    ck_assert_uint_eq(len, l1);
    ck_assert_mem_eq(got, v1, l1);
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, l2), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&q, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_OK);
    ck_assert_mem_eq(got, v1, l1);                  /* exported as v1 */
    v2[l2 - 1] ^= 1;                                /* another public key */
    ck_assert_int_eq(zc_ec_key_from_der(&q, v2, l2), ZC_EINVAL);
    v2[l2 - 1] ^= 1;
    ck_assert_int_eq(zc_ec_key_from_der(&q, spki, sl), ZC_OK);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_public(&q, got, &len), ZC_OK);
    ck_assert_mem_eq(got, spki + sl - 32, 32);
    len = sizeof got;
    ck_assert_int_eq(zc_ec_key_export_der(&q, ZC_EC_DER_PRIVATE_PKCS8, got, &len), ZC_EINVAL);
    spki[sl - 32] = 2;                              /* y = 2 is off the curve */
    memset(spki + sl - 31, 0, 31);
    ck_assert_int_eq(zc_ec_key_from_der(&q, spki, sl), ZC_EINVAL);
    zc_ec_key_wipe(&k);
    /* both curves: SPKI 30 L 30 05 06 03 2b 65 70|71 03 b+1 00 A, PKCS#8 v1
     * 30 L 02 01 00 30 05 06 03 2b 65 70|71 04 b+2 04 b seed, and a v2 */
    for (c = 0; c < EDS; c++) {
        enum zc_ec_curve curve = eds[c].curve;
        size_t b = zc_ec_field_size(curve), n;
        uint8_t der[200], v2b[200];

        ck_assert_int_eq(zc_ec_key_generate(&k, curve), ZC_OK);
        len = sizeof pub;
        ck_assert_int_eq(zc_ec_key_public(&k, pub, &len), ZC_OK);
        len = sizeof der;
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PUBLIC_SPKI, der, &len), ZC_OK);
        ck_assert_uint_eq(len, b + 12);
        ck_assert_uint_eq(der[8], curve == ZC_EC_ED448 ? 0x71 : 0x70);
        ck_assert_mem_eq(der + 12, pub, b);
        ck_assert_int_eq(zc_ec_key_from_der(&q, der, len), ZC_OK);
        ck_assert_int_eq(zc_ec_key_curve(&q), curve);
        len = sizeof der;
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_PKCS8, der, &len), ZC_OK);
        ck_assert_uint_eq(len, b + 16);
        ck_assert_uint_eq(der[11], curve == ZC_EC_ED448 ? 0x71 : 0x70);
        ck_assert_int_eq(zc_ec_key_from_der(&q, der, len), ZC_OK);
        len = sizeof got;
        ck_assert_int_eq(zc_ec_key_public(&q, got, &len), ZC_OK);
        ck_assert_mem_eq(got, pub, b);
        /* v2: version 1, the v1 body, [1] 00 A (Ed448's 133 bytes: a 81 length) */
        n = 0;
        v2b[n++] = 0x30;
        if (b + 16 - 2 + 3 + b >= 128)
            v2b[n++] = 0x81;
        v2b[n++] = (uint8_t)(b + 16 - 2 + 3 + b);
        memcpy(v2b + n, der + 2, b + 14);
        v2b[n + 2] = 1;
        n += b + 14;
        v2b[n++] = 0x81;
        v2b[n++] = (uint8_t)(b + 1);
        v2b[n++] = 0;
        memcpy(v2b + n, pub, b);
        n += b;
        ck_assert_int_eq(zc_ec_key_from_der(&q, v2b, n), ZC_OK);
        v2b[n - b] ^= 0x10;
        ck_assert_int_eq(zc_ec_key_from_der(&q, v2b, n), ZC_EINVAL);
        len = sizeof got;
        ck_assert_int_eq(zc_ec_key_public(&q, got, &len), ZC_EINVAL);      /* left wiped */
        len = sizeof got;
        ck_assert_int_eq(zc_ec_key_export_der(&k, ZC_EC_DER_PRIVATE_SEC1, got, &len),
                         ZC_EINVAL);
        zc_ec_key_wipe(&k);
    }
}
END_TEST

/* Wycheproof's EdDSA files: each group's key imported raw and from its
 * DER (the same key), every signature through zc_eddsa_verify. The files
 * have no "acceptable" results; the counts are printed per flag. */
START_TEST(wycheproof_ed)
{
    static const char *const flag_names[] = {
        "Valid", "Ktv", "TinkOverflow", "InvalidEncoding", "InvalidSignature",
        "SignatureMalleability", "SignatureWithGarbage", "CompressedSignature",
        "TruncatedSignature", "InvalidKtv",
    };
    enum { NF = sizeof flag_names / sizeof flag_names[0] };
    unsigned flag_ok[NF] = { 0 }, flag_rej[NF] = { 0 };
    const char *file = eds[_i].wp;
    enum zc_ec_curve curve = eds[_i].curve;
    char *buf = slurp(file), *p, *key, *val, *msg = NULL, *sig = NULL;
    char flags[512] = "";
    const char *tc = "?";
    struct wp_counts c = { 0 };
    size_t b = zc_ec_field_size(curve);
    zc_ec_key k;
    int have_key = 0;

    if (buf == NULL) {
        wp_skip(file);
        return;
    }
    p = buf;
    while (next_pair(&p, &key, &val)) {
        if (strcmp(key, "pk") == 0) {
            uint8_t pub[128];
            size_t n = tu_unhex(pub, sizeof pub, val);

            ck_assert_uint_eq(n, b);
            have_key = zc_ec_key_from_public(&k, curve, pub, n) == ZC_OK;
            ck_assert_msg(have_key, "%s: group key refused", file);
        } else if (strcmp(key, "publicKeyDer") == 0) {
            uint8_t der[128], a[57], d[57];
            size_t n = tu_unhex(der, sizeof der, val), al = sizeof a, dl = sizeof d;
            zc_ec_key kd;

            ck_assert(have_key);
            ck_assert_int_eq(zc_ec_key_from_der(&kd, der, n), ZC_OK);
            ck_assert_int_eq(zc_ec_key_public(&k, a, &al), ZC_OK);
            ck_assert_int_eq(zc_ec_key_public(&kd, d, &dl), ZC_OK);
            ck_assert_mem_eq(a, d, b);
            zc_ec_key_wipe(&kd);
        } else if (strcmp(key, "comment") == 0) {
            tc = val;
            wp_keep_flags(p, flags, sizeof flags);
        } else if (strcmp(key, "msg") == 0) {
            msg = val;
        } else if (strcmp(key, "sig") == 0) {
            sig = val;
        } else if (strcmp(key, "result") == 0 && msg != NULL && sig != NULL) {
            static uint8_t m[8192], s[1024];
            size_t ml = tu_unhex(m, sizeof m, msg), sl = tu_unhex(s, sizeof s, sig);
            int ok;

            ck_assert(have_key);
            ok = zc_eddsa_verify(&k, ml ? m : NULL, ml, sl ? s : NULL, sl) == ZC_OK;
            wp_count(&c, val, ok, file, tc);
            wp_tally(flags, flag_names, NF, ok, flag_ok, flag_rej);
            msg = sig = NULL;
        }
    }
    wp_report(file, &c, "flag", flag_names, NF, flag_ok, flag_rej);
    free(buf);
    zc_ec_key_wipe(&k);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ec");
    TCase *tc = tcase_create("ec");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, rfc6979);
    tcase_add_test(tc, roundtrip);
    tcase_add_test(tc, bad_inputs);
    tcase_add_loop_test(tc, der_keys, 0, 3);
    tcase_add_loop_test(tc, pkcs8_v2, 0, 3);
    tcase_add_loop_test(tc, der_sigs, 0, 3);
    tcase_add_loop_test(tc, wycheproof_ecdsa, 0, sizeof ecdsa_files / sizeof ecdsa_files[0]);
    tcase_add_loop_test(tc, wycheproof_ecdh, 0, sizeof ecdh_files / sizeof ecdh_files[0]);
    tcase_add_test(tc, x_rfc7748_5_2);
    tcase_add_loop_test(tc, x_rfc7748_iterated, 0, 2);
    tcase_add_loop_test(tc, x_rfc7748_6, 0, 2);
    tcase_add_loop_test(tc, x_keys, 0, 2);
    tcase_add_loop_test(tc, x_der, 0, 2);
    tcase_add_loop_test(tc, wycheproof_x, 0, sizeof x_files / sizeof x_files[0]);
    tcase_add_loop_test(tc, ed_rfc8032, 0, (int)ed_kats());
    tcase_add_loop_test(tc, ed_keys, 0, EDS);
    tcase_add_loop_test(tc, ed_hw_only, 0, EDS);
    tcase_add_test(tc, ed_der);
    tcase_add_loop_test(tc, wycheproof_ed, 0, EDS);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
