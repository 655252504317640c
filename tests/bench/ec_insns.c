/*
 * ec_insns.c - the s390x harness behind scripts/perf.sh part 10's guest
 * instruction counts for the curves (issues 25 and 27, "Performance").
 *
 *   ec_insns IMPL OP CURVE N
 *     IMPL   ours | openssl (the latter where an s390x libcrypto was
 *            found at build time: ZC_BENCH_OPENSSL)
 *     OP     sign | verify (P-curves, Ed25519, Ed448) | ecdh (P-curves,
 *            X25519, X448)
 *     CURVE  p256 | p384 | p521 | x25519 | x448 | ed25519 | ed448
 *     N      number of calls (percall.sh's @N@)
 *
 * Built non-PIE and linked with the static libzcrypt, as sw_insns.c, so
 * that the insncount tool's counts are deterministic. The keys come from
 * fixed bytes (a scalar below n, an RFC 7748 scalar, an RFC 8032 seed),
 * the backend is ZC_BACKEND_SOFTWARE, and ECDSA sign is the
 * deterministic RFC 6979 signature (a hedged nonce would read the
 * system's random source, which costs instructions of its own); EdDSA
 * signs a 64-byte message and is deterministic anyway. X25519/X448 ECDH
 * multiplies a fixed peer public key. Key setup and the first signature
 * (verify's input) happen before the loop, so the N = 0 run that
 * percall.sh subtracts contains them. OpenSSL gets the same keys (our
 * PKCS#8 and SPKI export read with d2i for the P-curves, the raw bytes
 * for X and Ed) and the same digest or message through
 * EVP_PKEY_sign/verify/derive or one-shot EVP_DigestSign/Verify, with the
 * contexts made before the loop; its ECDSA signature draws a random
 * nonce (3.0 has no RFC 6979), and its KDSA/PCC use is masked by the
 * caller through OPENSSL_s390xcap (QEMU has neither).
 *
 * A curve the library cannot make keys for (Ed25519 and Ed448 before
 * they are built) ends with status 3 and a line with the library's
 * answer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zcrypt/common.h>
#include <zcrypt/ec.h>
#include <zcrypt/hash.h>

#ifdef ZC_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif

static int fail(const char *what)
{
    fprintf(stderr, "ec_insns: %s failed\n", what);
    return 1;
}

enum kind { NIST, XDH, EDDSA };

static const struct curve {
    const char *name;
    enum zc_ec_curve curve;
    enum kind kind;
    enum zc_hash_alg alg;       /* NIST: the digest's hash */
    size_t f;                   /* private key bytes */
    const char *ossl;           /* OpenSSL's key type (X and Ed) */
} curves[] = {
    { "p256", ZC_EC_P256, NIST, ZC_SHA256, 32, "EC" },
    { "p384", ZC_EC_P384, NIST, ZC_SHA384, 48, "EC" },
    { "p521", ZC_EC_P521, NIST, ZC_SHA512, 66, "EC" },
    { "x25519", ZC_EC_X25519, XDH, 0, 32, "X25519" },
    { "x448", ZC_EC_X448, XDH, 0, 56, "X448" },
    { "ed25519", ZC_EC_ED25519, EDDSA, 0, 32, "ED25519" },
    { "ed448", ZC_EC_ED448, EDDSA, 0, 57, "ED448" },
};

#define MSG_LEN 64              /* EdDSA's message; ECDSA's digest is hlen of it */

#ifdef ZC_BENCH_OPENSSL
/* An OpenSSL key from one of ours: PKCS#8 for a private key, else SPKI;
 * X and Ed keys from the raw bytes (private: raw, else the peer's public). */
static EVP_PKEY *ossl_key(const struct curve *cv, const zc_ec_key *k, int private,
                          const uint8_t *raw, size_t raw_len)
{
    uint8_t der[512];
    const uint8_t *p = der;
    size_t len = sizeof der;

    if (cv->kind != NIST)
        return private ? EVP_PKEY_new_raw_private_key_ex(NULL, cv->ossl, NULL, raw, raw_len)
                       : EVP_PKEY_new_raw_public_key_ex(NULL, cv->ossl, NULL, raw, raw_len);
    if (zc_ec_key_export_der(k, private ? ZC_EC_DER_PRIVATE_PKCS8 : ZC_EC_DER_PUBLIC_SPKI, der,
                             &len))
        return NULL;
    return private ? d2i_AutoPrivateKey(NULL, &p, (long)len) : d2i_PUBKEY(NULL, &p, (long)len);
}

/* n calls of op with OpenSSL; sig/len: our ECDSA signature of dig (r ||
 * s), d the private bytes, pub the X peer's public key. */
static int openssl(const struct curve *cv, const char *op, const zc_ec_key *k,
                   const zc_ec_key *peer, const uint8_t *d, const uint8_t *pub, size_t pub_len,
                   const uint8_t *dig, size_t dlen, const uint8_t *sig, size_t len, long n)
{
    EVP_PKEY *pk = ossl_key(cv, k, 1, d, cv->f);
    EVP_PKEY *pp = cv->kind == EDDSA ? NULL : ossl_key(cv, peer, 0, pub, pub_len);
    EVP_PKEY_CTX *ctx = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    uint8_t der[160], out[160];
    size_t dl = sizeof der, ol;
    long c;
    int ok = ctx != NULL && md != NULL && (pp != NULL || cv->kind == EDDSA);

    if (ok && cv->kind == NIST)
        ok = zc_ecdsa_sig_to_der(cv->curve, sig, len, der, &dl) == ZC_OK;
    else if (ok && cv->kind == EDDSA)           /* its own (the same bytes): ours may */
        ok = EVP_DigestSignInit_ex(md, NULL, NULL, NULL, NULL, pk, NULL) == 1 &&
             EVP_DigestSign(md, der, &dl, dig, dlen) == 1;     /* not be there */
    if (!ok)
        ;
    else if (cv->kind == EDDSA && strcmp(op, "sign") == 0)
        ok = EVP_DigestSignInit_ex(md, NULL, NULL, NULL, NULL, pk, NULL) == 1;
    else if (cv->kind == EDDSA && strcmp(op, "verify") == 0)
        ok = EVP_DigestVerifyInit_ex(md, NULL, NULL, NULL, NULL, pk, NULL) == 1;
    else if (cv->kind == NIST && strcmp(op, "sign") == 0)
        ok = EVP_PKEY_sign_init(ctx) == 1;
    else if (cv->kind == NIST && strcmp(op, "verify") == 0)
        ok = EVP_PKEY_verify_init(ctx) == 1;
    else if (cv->kind != EDDSA && strcmp(op, "ecdh") == 0)
        ok = EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, pp) == 1;
    else
        ok = 0;
    for (c = 0; ok && c < n; c++) {
        ol = sizeof out;
        if (cv->kind == EDDSA && op[0] == 's')
            ok = EVP_DigestSign(md, out, &ol, dig, dlen) == 1;
        else if (cv->kind == EDDSA)
            ok = EVP_DigestVerify(md, der, dl, dig, dlen) == 1;
        else if (op[0] == 's')
            ok = EVP_PKEY_sign(ctx, out, &ol, dig, dlen) == 1;
        else if (op[0] == 'v')
            ok = EVP_PKEY_verify(ctx, der, dl, dig, dlen) == 1;
        else
            ok = EVP_PKEY_derive(ctx, out, &ol) == 1;
    }
    EVP_MD_CTX_free(md);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pk);
    EVP_PKEY_free(pp);
    return ok ? 0 : fail("openssl");
}
#endif

/* The library's answer when it cannot make what a curve needs. */
static int unsupported(const struct curve *cv, const char *what, int rc)
{
    fprintf(stderr, "ec_insns: ours: %s: %s answers %s\n", cv->name, what, zc_strerror(rc));
    return 3;
}

/* One call of op with our keys. */
static int ours(const struct curve *cv, const char *op, const zc_ec_key *k,
                const zc_ec_key *peer, const uint8_t *dig, size_t dlen, const uint8_t *sig,
                size_t len)
{
    uint8_t out[ZC_EC_MAX_SIG];
    size_t ol = sizeof out;

    if (cv->kind == EDDSA && strcmp(op, "sign") == 0)
        return zc_eddsa_sign(k, dig, dlen, out, &ol);
    if (cv->kind == EDDSA && strcmp(op, "verify") == 0)
        return zc_eddsa_verify(k, dig, dlen, sig, len);
    if (cv->kind == NIST && strcmp(op, "sign") == 0)
        return zc_ecdsa_sign_deterministic(k, cv->alg, dig, out, &ol);
    if (cv->kind == NIST && strcmp(op, "verify") == 0)
        return zc_ecdsa_verify(k, cv->alg, dig, sig, len);
    if (cv->kind != EDDSA && strcmp(op, "ecdh") == 0)
        return zc_ecdh(k, peer, out, &ol);
    return fail("operation name (for this curve)");
}

int main(int argc, char **argv)
{
    static zc_ec_key k, peer;
    uint8_t d[ZC_EC_MAX_FIELD], e[ZC_EC_MAX_FIELD], dig[MSG_LEN], sig[ZC_EC_MAX_SIG];
    uint8_t pub[ZC_EC_MAX_PUBLIC];
    const struct curve *cv = NULL;
    size_t f, len, dlen, pub_len = 0, i;
    long n, c;
    int rc;

    if (argc != 5 || (strcmp(argv[1], "ours") != 0 && strcmp(argv[1], "openssl") != 0)) {
        fprintf(stderr, "usage: ec_insns ours|openssl sign|verify|ecdh "
                "p256|p384|p521|x25519|x448|ed25519|ed448 N\n");
        return 2;
    }
    for (i = 0; i < sizeof curves / sizeof curves[0]; i++)
        if (strcmp(argv[3], curves[i].name) == 0)
            cv = &curves[i];
    if (cv == NULL)
        return fail("curve name");
    n = strtol(argv[4], NULL, 10);
    f = cv->f;
    for (i = 0; i < f; i++) {                   /* below n: a small top byte */
        d[i] = (uint8_t)(i * 29 + 118);
        e[i] = (uint8_t)(i * 29 + 219);
    }
    if (cv->kind == NIST)
        d[0] = e[0] = (uint8_t)(f == 66 ? 1 : 0x5a);
    for (i = 0; i < sizeof dig; i++)
        dig[i] = (uint8_t)(i * 7 + 3);
    dlen = cv->kind == NIST ? zc_hash_size(cv->alg) : MSG_LEN;
    rc = zc_ec_key_from_private(&k, cv->curve, d, f);
#ifdef ZC_BENCH_OPENSSL
    if (rc == ZC_ENOTSUP && cv->kind == EDDSA && strcmp(argv[1], "openssl") == 0)
        return openssl(cv, argv[2], &k, &peer, d, pub, 0, dig, dlen, sig, 0, n);
#endif
    if (rc == ZC_ENOTSUP)
        return unsupported(cv, "zc_ec_key_from_private", rc);
    if (rc == ZC_OK && cv->kind == XDH) {       /* the peer: a fixed public key */
        pub_len = sizeof pub;
        rc = zc_ec_key_from_private(&peer, cv->curve, e, f) ||
             zc_ec_key_public(&peer, pub, &pub_len) ||
             zc_ec_key_from_public(&peer, cv->curve, pub, pub_len);
    } else if (rc == ZC_OK) {
        rc = zc_ec_key_from_private(&peer, cv->curve, e, f);
    }
    if (rc || zc_ec_key_set_backend(&k, ZC_BACKEND_SOFTWARE) ||
        zc_ec_key_set_backend(&peer, ZC_BACKEND_SOFTWARE))
        return fail("zc keys");
    len = sizeof sig;
    if (cv->kind == NIST)
        rc = zc_ecdsa_sign_deterministic(&k, cv->alg, dig, sig, &len);
    else if (cv->kind == EDDSA)
        rc = zc_eddsa_sign(&k, dig, dlen, sig, &len);
    if (rc == ZC_ENOTSUP || (rc == ZC_EINVAL && cv->kind == EDDSA))
        return unsupported(cv, "the first signature", rc);
    if (rc)
        return fail("zc first signature");
    if (strcmp(argv[1], "openssl") == 0) {
#ifdef ZC_BENCH_OPENSSL
        return openssl(cv, argv[2], &k, &peer, d, pub, pub_len, dig, dlen, sig, len, n);
#else
        return fail("openssl (not built in: no s390x libcrypto)");
#endif
    }
    for (c = 0; c < n; c++)
        if (ours(cv, argv[2], &k, &peer, dig, dlen, sig, len))
            return fail(argv[2]);
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&peer);
    return 0;
}
