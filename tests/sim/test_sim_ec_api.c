/*
 * test_sim_ec_api.c - the library's ECDSA, ECDH and public-key derivation
 * on KDSA and PCC, through the public API, on the CPACF stand-in (its
 * elliptic-curve model, tests/sim/cpacf_sim_ec.c, computes with libcrypto).
 *
 * Every NIST curve and every hash with a fixed digest (SHA-1, SHA-2, SHA-3):
 * keys set to ZC_BACKEND_CPACF must give what ZC_BACKEND_SOFTWARE keys give
 * (deterministic signatures byte for byte, verification answers on good,
 * tampered and out-of-range signatures, ECDH secrets, the public key derived
 * at import), hedged signatures must verify in software and with OpenSSL,
 * and the stand-in's execution counters must show that KDSA and PCC ran for
 * CPACF keys and never for software keys. Then the retries: a cc 2 on a
 * deterministic sign gives RFC 6979's next candidate (computed here with
 * OpenSSL's HMAC), reproducibly; on a hedged sign a retry with fresh random
 * bytes; a cc 3 stop in KDSA or PCC gives the same answers.
 *
 * Modes (argv[1]; ZCRYPT_CAPS is read once per process, so one per test):
 *   (none)            the above, plus zc_backend_query and zc_cpacf_selftest
 *   no-kdsa, no-pcc   run with ZCRYPT_CAPS removing KDSA or PCC 64-66: AUTO
 *                     keys run software (no such instruction executed),
 *                     CPACF keys get ZC_ENOTSUP
 *   plant-swap, plant-align, plant-det
 *                     the self-tests first (they pass), then the library's
 *                     planted mistake (zc_ec_cpacf_plant, stand-in build
 *                     only), then the comparisons: this must FAIL (meson's
 *                     should_fail), by a mismatch or the stand-in's abort
 *   selftest-swap, selftest-align, selftest-det
 *                     the plant set before first use: the self-tests must
 *                     catch it (0, ZC_REASON_SELFTEST), AUTO keys still sign
 *                     correctly in software, CPACF keys get ZC_ENOTSUP
 *
 * Needs the stand-in's EC model (libcrypto): otherwise "skipped:", exit 77.
 * Prints "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/x509.h>

#include <zcrypt.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"

#include "../unit/unit.h"
#include "../vectors/ec_rfc6979.h"

/* The library's planted mistakes (stand-in build only): 1 a swapped field,
 * 2 P-521 values left-aligned, 3 deterministic sign without 0x80. */
extern int zc_ec_cpacf_plant;

static const enum zc_ec_curve curves[3] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521 };
static const char *const curve_names[3] = { "P-256", "P-384", "P-521" };
static const unsigned fc_verify[3] = { 1, 2, 3 }, fc_sign[3] = { 9, 10, 11 },
                      fc_pcc[3] = { 64, 65, 66 };
static const enum zc_algo curve_algos[3] = { ZC_ALGO_EC_P256, ZC_ALGO_EC_P384, ZC_ALGO_EC_P521 };
static const enum zc_hash_alg hashes[] = {
    ZC_SHA1, ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512,
    ZC_SHA3_224, ZC_SHA3_256, ZC_SHA3_384, ZC_SHA3_512,
};
#define NHASH (sizeof hashes / sizeof hashes[0])

static const char *const orders[3] = {
    "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973",
    "01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409",
};

static const EVP_MD *md_of(enum zc_hash_alg alg)
{
    switch (alg) {
    case ZC_SHA1:     return EVP_sha1();
    case ZC_SHA224:   return EVP_sha224();
    case ZC_SHA256:   return EVP_sha256();
    case ZC_SHA384:   return EVP_sha384();
    case ZC_SHA512:   return EVP_sha512();
    case ZC_SHA3_224: return EVP_sha3_224();
    case ZC_SHA3_256: return EVP_sha3_256();
    case ZC_SHA3_384: return EVP_sha3_384();
    default:          return EVP_sha3_512();
    }
}

static size_t digest(enum zc_hash_alg alg, const char *msg, uint8_t out[64])
{
    unsigned n = 0;

    EVP_Digest(msg, strlen(msg), out, &n, md_of(alg), NULL);
    return n;
}

static unsigned long kdsa_runs(void)
{
    unsigned long n = 0;
    unsigned i;

    for (i = 0; i < 3; i++)
        n += zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[i]) +
             zc_cpacf_sim_executed(ZC_OP_KDSA, fc_verify[i]);
    return n;
}

static unsigned long pcc_runs(void)
{
    unsigned long n = 0;
    unsigned i;

    for (i = 0; i < 3; i++)
        n += zc_cpacf_sim_executed(ZC_OP_PCC, fc_pcc[i]);
    return n;
}

/* A private key on a backend. */
static int key(zc_ec_key *k, unsigned ci, const uint8_t *priv, enum zc_backend b)
{
    int rc = zc_ec_key_from_private(k, curves[ci], priv, zc_ec_field_size(curves[ci]));

    if (rc == ZC_OK)
        rc = zc_ec_key_set_backend(k, b);
    return rc;
}

/* OpenSSL's verdict on r || s over the digest (1 valid). */
static int openssl_verify(const zc_ec_key *k, const uint8_t *h, size_t hl, const uint8_t *sig,
                          size_t sl)
{
    uint8_t spki[256] = { 0 }, der[160] = { 0 };
    size_t spl = sizeof spki, dl = sizeof der;
    const uint8_t *p = spki;
    EVP_PKEY *pk;
    EVP_PKEY_CTX *c;
    int r = -1;

    if (zc_ec_key_export_der(k, ZC_EC_DER_PUBLIC_SPKI, spki, &spl) != ZC_OK ||
        zc_ecdsa_sig_to_der(zc_ec_key_curve(k), sig, sl, der, &dl) != ZC_OK)
        return -1;
    if ((pk = d2i_PUBKEY(NULL, &p, (long)spl)) == NULL)
        return -1;
    if ((c = EVP_PKEY_CTX_new(pk, NULL)) != NULL && EVP_PKEY_verify_init(c) == 1)
        r = EVP_PKEY_verify(c, der, dl, h, hl);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(pk);
    return r;
}

/* OpenSSL's d*G, uncompressed, into pub (2 f + 1 bytes); 1 on success. */
static int openssl_public(unsigned ci, const uint8_t *priv, uint8_t *pub)
{
    static const int nids[3] = { NID_X9_62_prime256v1, NID_secp384r1, NID_secp521r1 };
    size_t f = zc_ec_field_size(curves[ci]);
    EC_GROUP *g = EC_GROUP_new_by_curve_name(nids[ci]);
    EC_POINT *q = g ? EC_POINT_new(g) : NULL;
    BIGNUM *d = BN_bin2bn(priv, (int)f, NULL);
    int ok = q != NULL && d != NULL && EC_POINT_mul(g, q, d, NULL, NULL, NULL) &&
             EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, pub, 2 * f + 1, NULL) ==
             2 * f + 1;

    BN_clear_free(d);
    EC_POINT_free(q);
    EC_GROUP_free(g);
    return ok;
}

/* ------------------------------------------------------------------ */
/* RFC 6979's candidates, written here from section 3.2 with OpenSSL    */
/* ------------------------------------------------------------------ */

/* bits2int: the leftmost qlen bits of the string as an integer. */
static BIGNUM *bits2int(const uint8_t *s, size_t len, int qlen)
{
    BIGNUM *v = BN_bin2bn(s, (int)len, NULL);

    if ((int)len * 8 > qlen)
        BN_rshift(v, v, (int)len * 8 - qlen);
    return v;
}

/* HMAC through a buffer of its own: out may be the key or the data. */
static void hm(const EVP_MD *md, const uint8_t *kk, size_t hl, const uint8_t *d, size_t n,
               uint8_t *out)
{
    uint8_t tmp[64] = { 0 };

    HMAC(md, kk, (int)hl, d, n, tmp, NULL);
    memcpy(out, tmp, hl);
}

/* HMAC_K(V || tag || x || h1), or HMAC_K(V || tag) when x is NULL, into K. */
static void rfc6979_k(const EVP_MD *md, uint8_t *kk, const uint8_t *v, size_t hl, uint8_t tag,
                      const uint8_t *x, const uint8_t *h1, size_t rlen)
{
    uint8_t m[64 + 1 + 2 * 66] = { 0 };
    size_t n = hl + 1;

    memcpy(m, v, hl);
    m[hl] = tag;
    if (x != NULL) {
        memcpy(m + n, x, rlen);
        memcpy(m + n + rlen, h1, rlen);
        n += 2 * rlen;
    }
    hm(md, kk, hl, m, n, kk);
}

/* The first `want` candidates k (1 <= k < q) of RFC 6979 3.2 (steps b-h),
 * each rlen bytes into out; the HMAC is the message's hash. */
static void rfc6979(unsigned ci, enum zc_hash_alg alg, const uint8_t *x, const uint8_t *h,
                    size_t hl, uint8_t out[][66], unsigned want)
{
    const EVP_MD *md = md_of(alg);
    BIGNUM *q = NULL, *e, *k;
    BN_CTX *ctx = BN_CTX_new();
    uint8_t v[64] = { 0 }, kk[64] = { 0 }, t[66 + 64] = { 0 }, h1[66] = { 0 };
    size_t rlen = zc_ec_field_size(curves[ci]), t_len;
    unsigned got = 0;
    int qlen;

    BN_hex2bn(&q, orders[ci]);
    qlen = BN_num_bits(q);
    e = bits2int(h, hl, qlen);                  /* bits2octets(h1) */
    BN_nnmod(e, e, q, ctx);
    BN_bn2binpad(e, h1, (int)rlen);
    memset(v, 1, hl);                           /* b, c */
    memset(kk, 0, hl);
    rfc6979_k(md, kk, v, hl, 0, x, h1, rlen);   /* d */
    hm(md, kk, hl, v, hl, v);      /* e */
    rfc6979_k(md, kk, v, hl, 1, x, h1, rlen);   /* f */
    hm(md, kk, hl, v, hl, v);      /* g */
    while (got < want) {                        /* h */
        t_len = 0;
        while (t_len * 8 < (size_t)qlen) {
            hm(md, kk, hl, v, hl, v);
            memcpy(t + t_len, v, hl);
            t_len += hl;
        }
        k = bits2int(t, t_len, qlen);
        if (!BN_is_zero(k) && BN_cmp(k, q) < 0)
            BN_bn2binpad(k, out[got++], (int)rlen);
        BN_free(k);
        rfc6979_k(md, kk, v, hl, 0, NULL, NULL, 0);
        hm(md, kk, hl, v, hl, v);
    }
    BN_free(e);
    BN_free(q);
    BN_CTX_free(ctx);
}

/* ------------------------------------------------------------------ */
/* The comparisons                                                      */
/* ------------------------------------------------------------------ */

/* A private key of the curve: the RFC's for index 0, else a fresh one of
 * zc_ec_key_generate. */
static void priv_of(unsigned ci, unsigned which, uint8_t priv[66])
{
    zc_ec_key g;
    uint8_t der[256] = { 0 };
    size_t dl = sizeof der;

    if (which == 0) {
        unhex(priv, ec_rfc6979_keys[ci].x);
        return;
    }
    if (zc_ec_key_generate(&g, curves[ci]) != ZC_OK ||
        zc_ec_key_export_der(&g, ZC_EC_DER_PRIVATE_SEC1, der, &dl) != ZC_OK) {
        check(0, "a generated key exports as SEC1");
        memset(priv, 0, 66);
        return;
    }
    /* SEC1's octet string holds d in f bytes */
    /* ECPrivateKey: 30 len 02 01 01 04 f d ...; len may take two bytes */
    memcpy(priv, der + (der[1] == 0x81 ? 3 : 2) + 5, zc_ec_field_size(curves[ci]));
    zc_ec_key_wipe(&g);
}

/* One curve, one key, every hash. */
static void compare_key(unsigned ci, unsigned which)
{
    const char *cn = curve_names[ci];
    size_t f = zc_ec_field_size(curves[ci]), j;
    uint8_t priv[66] = { 0 }, pub_c[133] = { 0 }, pub_s[133] = { 0 }, h[64] = { 0 };
    uint8_t sig_c[132] = { 0 }, sig_s[132] = { 0 }, bad[132] = { 0 };
    uint8_t sec_c[66] = { 0 }, sec_s[66] = { 0 }, ppriv[66] = { 0 };
    zc_ec_key kc, ks, pc, ps;
    size_t pl_c = sizeof pub_c, pl_s = sizeof pub_s, sl;
    unsigned long kd, pc0;

    priv_of(ci, which, priv);
    zc_cpacf_sim_reset();
    CHECK(key(&kc, ci, priv, ZC_BACKEND_CPACF) == ZC_OK && pcc_runs() == 1 &&
          zc_cpacf_sim_executed(ZC_OP_PCC, fc_pcc[ci]) == 1,
          "%s key %u: import derives the public key on PCC %u", cn, which, fc_pcc[ci]);
    key(&ks, ci, priv, ZC_BACKEND_SOFTWARE);
    CHECK(zc_ec_key_public(&kc, pub_c, &pl_c) == ZC_OK && zc_ec_key_public(&ks, pub_s, &pl_s) ==
          ZC_OK && pl_c == pl_s && !memcmp(pub_c, pub_s, pl_c),
          "%s key %u: public key derived at import equal", cn, which);
    CHECK(pl_c == 2 * f + 1 && openssl_public(ci, priv, pub_s) && !memcmp(pub_c, pub_s, pl_c),
          "%s key %u: the public key is OpenSSL's d*G", cn, which);
    if (which == 0) {
        uint8_t q[132] = { 0 };

        unhex(q, ec_rfc6979_keys[ci].ux);
        unhex(q + f, ec_rfc6979_keys[ci].uy);
        CHECK(pub_c[0] == 4 && !memcmp(pub_c + 1, q, 2 * f), "%s: RFC 6979's public key", cn);
    }

    for (j = 0; j < NHASH; j++) {
        enum zc_hash_alg alg = hashes[j];
        size_t hl = digest(alg, "sample", h);
        const char *hn = zc_hash_name(alg);
        int rc_c, rc_s, ok;

        zc_cpacf_sim_reset();
        sl = sizeof sig_c;
        rc_c = zc_ecdsa_sign_deterministic(&kc, alg, h, sig_c, &sl);
        kd = zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]);
        sl = sizeof sig_s;
        rc_s = zc_ecdsa_sign_deterministic(&ks, alg, h, sig_s, &sl);
        CHECK(rc_c == ZC_OK && rc_s == ZC_OK && sl == 2 * f && !memcmp(sig_c, sig_s, 2 * f),
              "%s key %u %s: deterministic signature equal", cn, which, hn);
        CHECK(kd == 1 && kdsa_runs() == 1, "%s key %u %s: one KDSA sign ran (%lu), none for "
              "the software key", cn, which, hn, kd);
        if (which == 0) {
            size_t v;

            for (v = 0; v < sizeof ec_rfc6979_sigs / sizeof ec_rfc6979_sigs[0]; v++) {
                const struct ec_rfc6979_sig *s = &ec_rfc6979_sigs[v];
                uint8_t rs[132] = { 0 };

                if (s->key != ci || s->alg != alg)
                    continue;
                unhex(rs, s->r);
                unhex(rs + f, s->s);
                CHECK(!memcmp(sig_c, rs, 2 * f), "%s %s: RFC 6979's r || s on KDSA", cn, hn);
            }
        }

        /* verification agrees */
        zc_cpacf_sim_reset();
        rc_c = zc_ecdsa_verify(&kc, alg, h, sig_c, 2 * f);
        kd = zc_cpacf_sim_executed(ZC_OP_KDSA, fc_verify[ci]);
        rc_s = zc_ecdsa_verify(&ks, alg, h, sig_c, 2 * f);
        CHECK(rc_c == ZC_OK && rc_s == ZC_OK && kd == 1 && kdsa_runs() == 1,
              "%s key %u %s: good signature verifies on both, KDSA once", cn, which, hn);
        ok = 1;
        for (sl = 0; sl < 3; sl++) {
            memcpy(bad, sig_c, 2 * f);
            if (sl < 2)
                bad[sl * f + f / 2] ^= 0x10;          /* r, s */
            else
                h[0] ^= 1;                            /* the digest (its leftmost bytes count) */
            rc_c = zc_ecdsa_verify(&kc, alg, h, bad, 2 * f);
            rc_s = zc_ecdsa_verify(&ks, alg, h, bad, 2 * f);
            ok = ok && rc_c == ZC_EAUTH && rc_s == ZC_EAUTH;
            if (sl == 2)
                h[0] ^= 1;
        }
        CHECK(ok, "%s key %u %s: tampered r, s, digest: ZC_EAUTH on both", cn, which, hn);
        ok = 1;
        for (sl = 0; sl < 4; sl++) {
            uint8_t *fld = bad + (sl & 1) * f;

            memcpy(bad, sig_c, 2 * f);
            if (sl < 2) {
                memset(fld, 0, f);
            } else {
                uint8_t n[66] = { 0 };

                unhex(n, orders[ci]);
                memcpy(fld, n, f);
            }
            rc_c = zc_ecdsa_verify(&kc, alg, h, bad, 2 * f);
            rc_s = zc_ecdsa_verify(&ks, alg, h, bad, 2 * f);
            ok = ok && rc_c == ZC_EAUTH && rc_s == ZC_EAUTH;
        }
        CHECK(ok, "%s key %u %s: r or s = 0 or n: ZC_EAUTH on both", cn, which, hn);

        /* hedged: verifies in software and with OpenSSL */
        zc_cpacf_sim_reset();
        sl = sizeof sig_c;
        rc_c = zc_ecdsa_sign(&kc, alg, h, sig_c, &sl);
        CHECK(rc_c == ZC_OK && zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]) == 1 &&
              zc_cpacf_sim_ec_hedged() == 1 &&
              zc_ecdsa_verify(&ks, alg, h, sig_c, 2 * f) == ZC_OK &&
              openssl_verify(&ks, h, hl < f ? hl : hl, sig_c, 2 * f) == 1,
              "%s key %u %s: hedged signature (the machine's nonce) verifies in software and "
              "OpenSSL", cn, which, hn);
        sl = sizeof sig_s;
        zc_ecdsa_sign(&kc, alg, h, sig_s, &sl);
        CHECK(memcmp(sig_c, sig_s, 2 * f) != 0 && zc_cpacf_sim_ec_random_repeats() == 0,
              "%s key %u %s: two hedged signatures differ, fresh random field", cn, which, hn);
    }

    /* ECDH against a second key, both ways */
    priv_of(ci, 1, ppriv);
    key(&pc, ci, ppriv, ZC_BACKEND_CPACF);
    key(&ps, ci, ppriv, ZC_BACKEND_SOFTWARE);
    zc_cpacf_sim_reset();
    sl = sizeof sec_c;
    j = (size_t)zc_ecdh(&kc, &ps, sec_c, &sl);
    pc0 = zc_cpacf_sim_executed(ZC_OP_PCC, fc_pcc[ci]);
    sl = sizeof sec_s;
    CHECK(j == ZC_OK && zc_ecdh(&ks, &pc, sec_s, &sl) == ZC_OK && sl == f &&
          !memcmp(sec_c, sec_s, f) && pc0 >= 1 && pcc_runs() == pc0,
          "%s key %u: ECDH on PCC equals software (PCC ran %lu, none for software)", cn, which,
          pc0);
    zc_ec_key_wipe(&kc);
    zc_ec_key_wipe(&ks);
    zc_ec_key_wipe(&pc);
    zc_ec_key_wipe(&ps);
}

/* Software keys issue no KDSA or PCC at all. */
static void software_silent(void)
{
    uint8_t priv[66] = { 0 }, h[64] = { 0 }, sig[132] = { 0 }, sec[66] = { 0 };
    zc_ec_key k, p;
    size_t sl;
    unsigned ci;
    int ok = 1;

    for (ci = 0; ci < 3; ci++) {
        /* an import derives the public key as AUTO (the backend is set after) */
        unhex(priv, ec_rfc6979_keys[ci].x);
        ok = ok && key(&k, ci, priv, ZC_BACKEND_SOFTWARE) == ZC_OK;
        priv_of(ci, 1, priv);
        key(&p, ci, priv, ZC_BACKEND_SOFTWARE);
        zc_cpacf_sim_reset();
        digest(ZC_SHA256, "sample", h);
        sl = sizeof sig;
        ok = ok && zc_ecdsa_sign(&k, ZC_SHA256, h, sig, &sl) == ZC_OK;
        ok = ok && zc_ecdsa_verify(&k, ZC_SHA256, h, sig, sl) == ZC_OK;
        sl = sizeof sig;
        ok = ok && zc_ecdsa_sign_deterministic(&k, ZC_SHA256, h, sig, &sl) == ZC_OK;
        sl = sizeof sec;
        ok = ok && zc_ecdh(&k, &p, sec, &sl) == ZC_OK;
        ok = ok && kdsa_runs() == 0 && pcc_runs() == 0;
    }
    CHECK(ok, "software keys: sign, verify, ECDH issue no KDSA or PCC");
}

/* cc 2 once, and cc 3 stops, on the public API. */
static void retries(void)
{
    unsigned ci;

    for (ci = 0; ci < 3; ci++) {
        const char *cn = curve_names[ci];
        size_t f = zc_ec_field_size(curves[ci]), sl, hl;
        uint8_t priv[66] = { 0 }, h[64] = { 0 }, sig1[132] = { 0 }, sig2[132] = { 0 };
        uint8_t sig3[132] = { 0 }, sigs[132] = { 0 }, n1[66] = { 0 }, n2[66] = { 0 };
        uint8_t cand[2][66], sec_c[66], sec_s[66], pub[133];
        zc_ec_key kc, ks, peer;
        int ok;

        unhex(priv, ec_rfc6979_keys[ci].x);
        key(&kc, ci, priv, ZC_BACKEND_CPACF);
        key(&ks, ci, priv, ZC_BACKEND_SOFTWARE);
        hl = digest(ZC_SHA512, "test", h);
        rfc6979(ci, ZC_SHA512, priv, h, hl, cand, 2);
        {
            const struct ec_rfc6979_sig *v = &ec_rfc6979_sigs_test[5 * ci + 4];
            uint8_t k[66] = { 0 };

            unhex(k, v->k);
            CHECK(v->alg == ZC_SHA512 && !memcmp(k, cand[0], f),
                  "%s: this test's RFC 6979 gives A.2's k for SHA-512, \"test\"", cn);
        }

        zc_cpacf_sim_reset();
        sl = sizeof sig1;
        ok = zc_ecdsa_sign_deterministic(&kc, ZC_SHA512, h, sig1, &sl) == ZC_OK;
        zc_cpacf_sim_ec_last_nonce(n1, sizeof n1);
        CHECK(ok && !memcmp(n1, cand[0], f), "%s: the first nonce is RFC 6979's first "
              "candidate (this test's own RFC 6979)", cn);

        zc_cpacf_sim_reset();
        zc_cpacf_sim_ec_refuse_nonce(1);
        sl = sizeof sig2;
        ok = zc_ecdsa_sign_deterministic(&kc, ZC_SHA512, h, sig2, &sl) == ZC_OK;
        zc_cpacf_sim_ec_last_nonce(n2, sizeof n2);
        CHECK(ok && zc_cpacf_sim_ec_signs() == 2 && memcmp(n2, n1, f) != 0 &&
              !memcmp(n2, cand[1], f), "%s: cc 2 once: the next nonce is RFC 6979's next "
              "candidate", cn);
        CHECK(zc_ecdsa_verify(&ks, ZC_SHA512, h, sig2, 2 * f) == ZC_OK &&
              openssl_verify(&ks, h, hl, sig2, 2 * f) == 1 && memcmp(sig1, sig2, 2 * f) != 0,
              "%s: cc 2 once: a valid signature, not the first candidate's", cn);
        zc_cpacf_sim_ec_refuse_nonce(1);
        sl = sizeof sig3;
        ok = zc_ecdsa_sign_deterministic(&kc, ZC_SHA512, h, sig3, &sl) == ZC_OK;
        CHECK(ok && !memcmp(sig2, sig3, 2 * f), "%s: cc 2 once: reproducible", cn);

        zc_cpacf_sim_reset();
        zc_cpacf_sim_ec_refuse_nonce(1);
        sl = sizeof sig3;
        ok = zc_ecdsa_sign(&kc, ZC_SHA512, h, sig3, &sl) == ZC_OK;
        CHECK(ok && zc_cpacf_sim_ec_hedged() == 2 && zc_cpacf_sim_ec_random_repeats() == 0 &&
              zc_ecdsa_verify(&ks, ZC_SHA512, h, sig3, 2 * f) == ZC_OK,
              "%s: hedged sign, cc 2 once: retried with fresh random bytes, valid", cn);

        /* cc 3 in the middle of each operation */
        sl = sizeof sigs;
        zc_ecdsa_sign_deterministic(&ks, ZC_SHA512, h, sigs, &sl);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        sl = sizeof sig3;
        ok = zc_ecdsa_sign_deterministic(&kc, ZC_SHA512, h, sig3, &sl) == ZC_OK;
        CHECK(ok && zc_cpacf_sim_stopped() && zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]) == 2 &&
              !memcmp(sig3, sigs, 2 * f), "%s: cc 3 in KDSA sign: the same signature", cn);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        ok = zc_ecdsa_verify(&kc, ZC_SHA512, h, sigs, 2 * f) == ZC_OK && zc_cpacf_sim_stopped();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        sigs[1] ^= 1;
        ok = ok && zc_ecdsa_verify(&kc, ZC_SHA512, h, sigs, 2 * f) == ZC_EAUTH &&
             zc_cpacf_sim_stopped();
        sigs[1] ^= 1;
        CHECK(ok, "%s: cc 3 in KDSA verify: the same answers", cn);

        priv_of(ci, 1, priv);
        key(&peer, ci, priv, ZC_BACKEND_SOFTWARE);
        sl = sizeof sec_s;
        zc_ecdh(&ks, &peer, sec_s, &sl);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 3);
        sl = sizeof sec_c;
        ok = zc_ecdh(&kc, &peer, sec_c, &sl) == ZC_OK && zc_cpacf_sim_stopped() &&
             !memcmp(sec_c, sec_s, f);
        CHECK(ok, "%s: cc 3 in PCC (ECDH): the same secret", cn);
        zc_ec_key_wipe(&peer);
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 3);
        ok = key(&peer, ci, priv, ZC_BACKEND_CPACF) == ZC_OK;
        sl = sizeof pub;
        ok = ok && zc_ec_key_public(&peer, pub, &sl) == ZC_OK;
        {
            uint8_t pub2[133] = { 0 };
            size_t sl2 = sizeof pub2;
            zc_ec_key q;

            key(&q, ci, priv, ZC_BACKEND_SOFTWARE);
            zc_ec_key_public(&q, pub2, &sl2);
            ok = ok && sl == sl2 && !memcmp(pub, pub2, sl);
            zc_ec_key_wipe(&q);
        }
        CHECK(ok, "%s: cc 3 in PCC at import: the same public key (stop fired: %d)", cn,
              zc_cpacf_sim_stopped());
        zc_ec_key_wipe(&peer);
        zc_ec_key_wipe(&kc);
        zc_ec_key_wipe(&ks);
    }
}

/* zc_backend_query and the self-tests. */
static void backends(void)
{
    unsigned ci;

    for (ci = 0; ci < 3; ci++) {
        struct zc_backend_info bi;

        CHECK(zc_cpacf_selftest(ZC_INSN_KDSA, fc_verify[ci]) == 1 &&
              zc_cpacf_selftest(ZC_INSN_KDSA, fc_sign[ci]) == 1 &&
              zc_cpacf_selftest(ZC_INSN_PCC, fc_pcc[ci]) == 1,
              "%s: zc_cpacf_selftest of KDSA %u, %u and PCC %u: 1", curve_names[ci],
              fc_verify[ci], fc_sign[ci], fc_pcc[ci]);
        CHECK(zc_backend_query(curve_algos[ci], 0, &bi) == ZC_OK &&
              bi.backend == ZC_BACKEND_CPACF && bi.reason == ZC_REASON_CPACF,
              "%s: zc_backend_query says CPACF (backend %d, reason %d)", curve_names[ci],
              (int)bi.backend, (int)bi.reason);
    }
}

/* Every curve's comparisons (the RFC's key and a generated one). */
static void compare_all(void)
{
    unsigned ci;

    for (ci = 0; ci < 3; ci++) {
        compare_key(ci, 0);
        compare_key(ci, 1);
    }
}

/* ZCRYPT_CAPS removed KDSA (what 'K') or PCC 64-66 ('P'). */
static void caps_removed(char what_gone)
{
    unsigned ci;

    for (ci = 0; ci < 3; ci++) {
        const char *cn = curve_names[ci];
        size_t f = zc_ec_field_size(curves[ci]), sl;
        uint8_t priv[66] = { 0 }, h[64] = { 0 }, sig_a[132] = { 0 }, sig_s[132] = { 0 };
        uint8_t sec[66] = { 0 };
        zc_ec_key ka, ks, kc, peer;
        int rc, ok;

        unhex(priv, ec_rfc6979_keys[ci].x);
        digest(ZC_SHA256, "sample", h);
        zc_cpacf_sim_reset();
        key(&ka, ci, priv, ZC_BACKEND_AUTO);
        key(&ks, ci, priv, ZC_BACKEND_SOFTWARE);
        key(&kc, ci, priv, ZC_BACKEND_CPACF);
        priv_of(ci, 1, priv);
        key(&peer, ci, priv, ZC_BACKEND_SOFTWARE);
        sl = sizeof sig_a;
        ok = zc_ecdsa_sign_deterministic(&ka, ZC_SHA256, h, sig_a, &sl) == ZC_OK;
        sl = sizeof sig_s;
        ok = ok && zc_ecdsa_sign_deterministic(&ks, ZC_SHA256, h, sig_s, &sl) == ZC_OK &&
             !memcmp(sig_a, sig_s, 2 * f);
        ok = ok && zc_ecdsa_verify(&ka, ZC_SHA256, h, sig_a, 2 * f) == ZC_OK;
        sl = sizeof sec;
        ok = ok && zc_ecdh(&ka, &peer, sec, &sl) == ZC_OK;
        if (what_gone == 'K') {
            CHECK(ok && kdsa_runs() == 0, "%s, KDSA removed: AUTO signs and verifies in "
                  "software (no KDSA ran)", cn);
            sl = sizeof sig_a;
            rc = zc_ecdsa_sign_deterministic(&kc, ZC_SHA256, h, sig_a, &sl);
            CHECK(rc == ZC_ENOTSUP && zc_ecdsa_sign(&kc, ZC_SHA256, h, sig_a, &sl) ==
                  ZC_ENOTSUP && zc_ecdsa_verify(&kc, ZC_SHA256, h, sig_s, 2 * f) == ZC_ENOTSUP,
                  "%s, KDSA removed: CPACF key signs and verifies ZC_ENOTSUP (%d)", cn, rc);
        } else {
            uint8_t pub[133] = { 0 }, want[133] = { 0 };
            size_t pl = sizeof pub;

            CHECK(ok && pcc_runs() == 0, "%s, PCC 64-66 removed: AUTO imports and does ECDH in "
                  "software (no PCC ran)", cn);
            unhex(priv, ec_rfc6979_keys[ci].x);
            CHECK(zc_ec_key_public(&ka, pub, &pl) == ZC_OK && openssl_public(ci, priv, want) &&
                  pl == 2 * f + 1 && !memcmp(pub, want, pl),
                  "%s, PCC 64-66 removed: the software import's public key is OpenSSL's d*G", cn);
            sl = sizeof sec;
            rc = zc_ecdh(&kc, &peer, sec, &sl);
            CHECK(rc == ZC_ENOTSUP, "%s, PCC 64-66 removed: CPACF key ECDH ZC_ENOTSUP (%d)", cn,
                  rc);
        }
        zc_ec_key_wipe(&ka);
        zc_ec_key_wipe(&ks);
        zc_ec_key_wipe(&kc);
        zc_ec_key_wipe(&peer);
    }
}

static int plant_of(const char *mode)
{
    const char *p = strchr(mode, '-');

    if (p == NULL)
        return 0;
    p++;
    return !strcmp(p, "swap") ? 1 : !strcmp(p, "align") ? 2 : !strcmp(p, "det") ? 3 : 0;
}

/* Which of a curve's codes the plant spoils: sign 's', verify 'v', PCC 'p'. */
static int spoiled(int plant, unsigned ci, char op)
{
    switch (plant) {
    case 1: return 1;
    case 2: return ci == 2;
    default: return op == 's';
    }
}

/* The plant set before first use: the self-tests catch it. */
static void selftest_catches(int plant)
{
    unsigned ci;

    for (ci = 0; ci < 3; ci++) {
        const char *cn = curve_names[ci];
        size_t f = zc_ec_field_size(curves[ci]), sl;
        uint8_t priv[66] = { 0 }, h[64] = { 0 }, sig_a[132] = { 0 }, sig_s[132] = { 0 };
        struct zc_backend_info bi;
        zc_ec_key ka, ks, kc;
        int sv, ss, sp, rc;

        sv = zc_cpacf_selftest(ZC_INSN_KDSA, fc_verify[ci]);
        ss = zc_cpacf_selftest(ZC_INSN_KDSA, fc_sign[ci]);
        sp = zc_cpacf_selftest(ZC_INSN_PCC, fc_pcc[ci]);
        CHECK(sv == (spoiled(plant, ci, 'v') ? 0 : 1) && ss == (spoiled(plant, ci, 's') ? 0 : 1) &&
              sp == (spoiled(plant, ci, 'p') ? 0 : 1),
              "%s, plant %d before first use: self-tests verify %d, sign %d, PCC %d", cn, plant,
              sv, ss, sp);
        rc = zc_backend_query(curve_algos[ci], 0, &bi);
        if (spoiled(plant, ci, 's'))
            CHECK(rc == ZC_OK && bi.reason == ZC_REASON_SELFTEST &&
                  bi.backend == ZC_BACKEND_SOFTWARE,
                  "%s, plant %d: zc_backend_query says software, ZC_REASON_SELFTEST (backend %d,"
                  " reason %d, insn %d, fc %u)", cn, plant, (int)bi.backend, (int)bi.reason,
                  (int)bi.insn, bi.fc);
        else
            CHECK(rc == ZC_OK && bi.backend == ZC_BACKEND_CPACF,
                  "%s, plant %d: zc_backend_query still CPACF", cn, plant);

        unhex(priv, ec_rfc6979_keys[ci].x);
        digest(ZC_SHA384, "sample", h);
        key(&ka, ci, priv, ZC_BACKEND_AUTO);
        key(&ks, ci, priv, ZC_BACKEND_SOFTWARE);
        key(&kc, ci, priv, ZC_BACKEND_CPACF);
        zc_cpacf_sim_reset();
        sl = sizeof sig_a;
        rc = zc_ecdsa_sign_deterministic(&ka, ZC_SHA384, h, sig_a, &sl);
        sl = sizeof sig_s;
        zc_ecdsa_sign_deterministic(&ks, ZC_SHA384, h, sig_s, &sl);
        CHECK(rc == ZC_OK && !memcmp(sig_a, sig_s, 2 * f) &&
              (spoiled(plant, ci, 's') ? zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]) == 0 : 1),
              "%s, plant %d: an AUTO key signs correctly (in software where the sign code "
              "failed)", cn, plant);
        sl = sizeof sig_a;
        rc = zc_ecdsa_sign_deterministic(&kc, ZC_SHA384, h, sig_a, &sl);
        if (spoiled(plant, ci, 's'))
            CHECK(rc == ZC_ENOTSUP, "%s, plant %d: a CPACF key's sign is ZC_ENOTSUP (%d)", cn,
                  plant, rc);
        else
            CHECK(rc == ZC_OK && !memcmp(sig_a, sig_s, 2 * f),
                  "%s, plant %d: a CPACF key still signs on KDSA", cn, plant);
        if (spoiled(plant, ci, 'v'))
            CHECK(zc_ecdsa_verify(&kc, ZC_SHA384, h, sig_s, 2 * f) == ZC_ENOTSUP,
                  "%s, plant %d: a CPACF key's verify is ZC_ENOTSUP", cn, plant);
        zc_ec_key_wipe(&ka);
        zc_ec_key_wipe(&ks);
        zc_ec_key_wipe(&kc);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int plant = plant_of(mode);

    setvbuf(stdout, NULL, _IOLBF, 0);   /* the lines before a stand-in abort stay */

    if (!zc_cpacf_sim_has_ec()) {
        printf("skipped: the stand-in was built without libcrypto: no KDSA or PCC-ECC model\n");
        return 77;
    }
    if (!strcmp(mode, "no-kdsa")) {
        caps_removed('K');
    } else if (!strcmp(mode, "no-pcc")) {
        caps_removed('P');
    } else if (!strncmp(mode, "plant-", 6) && plant) {
        backends();                     /* the self-tests run and pass first */
        printf("self-tests: %u passed, %u failed; now plant %d\n", n_pass, n_fail, plant);
        zc_ec_cpacf_plant = plant;
        compare_all();
        retries();
    } else if (!strncmp(mode, "selftest-", 9) && plant) {
        if (plant == 2)
            zc_cpacf_sim_ec_strict(0);  /* as a machine: no exception, a wrong value */
        zc_ec_cpacf_plant = plant;
        selftest_catches(plant);
    } else if (mode[0] == '\0') {
        backends();
        software_silent();
        compare_all();
        retries();
    } else {
        printf("unknown mode %s\n", mode);
        return 2;
    }
    return unit_done();
}
