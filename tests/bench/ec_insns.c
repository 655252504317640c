/*
 * ec_insns.c - the s390x harness behind scripts/perf.sh part 10's guest
 * instruction counts for the NIST curves (issue 25, "Performance").
 *
 *   ec_insns IMPL OP CURVE N
 *     IMPL   ours | openssl (the latter where an s390x libcrypto was
 *            found at build time: ZC_BENCH_OPENSSL)
 *     OP     sign | verify | ecdh
 *     CURVE  p256 | p384 | p521
 *     N      number of calls (percall.sh's @N@)
 *
 * Built non-PIE and linked with the static libzcrypt, as sw_insns.c, so
 * that the insncount tool's counts are deterministic. The keys come from
 * fixed scalars, the backend is ZC_BACKEND_SOFTWARE, and sign is the
 * deterministic RFC 6979 signature (a hedged nonce would read the
 * system's random source, which costs instructions of its own). Key
 * setup and the first signature (verify's input) happen before the
 * loop, so the N = 0 run that percall.sh subtracts contains them.
 * OpenSSL gets the same keys (our PKCS#8 and SPKI export, read with d2i)
 * and the same digest through EVP_PKEY_sign/verify/derive with the
 * contexts made before the loop; its signature draws a random nonce (3.0
 * has no RFC 6979), and its KDSA/PCC use is masked by the caller through
 * OPENSSL_s390xcap (QEMU has neither).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#ifdef ZC_BENCH_OPENSSL
/* An OpenSSL key from one of ours: PKCS#8 for a private key, else SPKI. */
static EVP_PKEY *ossl_key(const zc_ec_key *k, int private)
{
    uint8_t der[512];
    const uint8_t *p = der;
    size_t len = sizeof der;

    if (zc_ec_key_export_der(k, private ? ZC_EC_DER_PRIVATE_PKCS8 : ZC_EC_DER_PUBLIC_SPKI, der,
                             &len))
        return NULL;
    return private ? d2i_AutoPrivateKey(NULL, &p, (long)len) : d2i_PUBKEY(NULL, &p, (long)len);
}

/* n calls of op with OpenSSL; sig/len: our signature of dig (r || s). */
static int openssl(const char *op, const zc_ec_key *k, const zc_ec_key *peer,
                   enum zc_ec_curve curve, const uint8_t *dig, size_t dlen, const uint8_t *sig,
                   size_t len, long n)
{
    EVP_PKEY *pk = ossl_key(k, 1), *pp = ossl_key(peer, 0);
    EVP_PKEY_CTX *ctx = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;
    uint8_t der[160], out[160];
    size_t dl = sizeof der, ol;
    long c;
    int ok = ctx != NULL && pp != NULL &&
             zc_ecdsa_sig_to_der(curve, sig, len, der, &dl) == ZC_OK;

    if (ok && strcmp(op, "sign") == 0)
        ok = EVP_PKEY_sign_init(ctx) == 1;
    else if (ok && strcmp(op, "verify") == 0)
        ok = EVP_PKEY_verify_init(ctx) == 1;
    else if (ok && strcmp(op, "ecdh") == 0)
        ok = EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, pp) == 1;
    else
        ok = 0;
    for (c = 0; ok && c < n; c++) {
        ol = sizeof out;
        if (op[0] == 's')
            ok = EVP_PKEY_sign(ctx, out, &ol, dig, dlen) == 1;
        else if (op[0] == 'v')
            ok = EVP_PKEY_verify(ctx, der, dl, dig, dlen) == 1;
        else
            ok = EVP_PKEY_derive(ctx, out, &ol) == 1;
    }
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pk);
    EVP_PKEY_free(pp);
    return ok ? 0 : fail("openssl");
}
#endif

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        enum zc_ec_curve curve;
        enum zc_hash_alg alg;
    } curves[] = {
        { "p256", ZC_EC_P256, ZC_SHA256 },
        { "p384", ZC_EC_P384, ZC_SHA384 },
        { "p521", ZC_EC_P521, ZC_SHA512 },
    };
    static zc_ec_key k, peer;
    uint8_t d[ZC_EC_MAX_FIELD], e[ZC_EC_MAX_FIELD], dig[64], sig[ZC_EC_MAX_SIG];
    uint8_t out[ZC_EC_MAX_SIG];
    size_t f, len, i, ci;
    long n, c;

    if (argc != 5 || (strcmp(argv[1], "ours") != 0 && strcmp(argv[1], "openssl") != 0)) {
        fprintf(stderr, "usage: ec_insns ours|openssl sign|verify|ecdh p256|p384|p521 N\n");
        return 2;
    }
    for (ci = 0; ci < sizeof curves / sizeof curves[0]; ci++)
        if (strcmp(argv[3], curves[ci].name) == 0)
            break;
    if (ci == sizeof curves / sizeof curves[0])
        return fail("curve name");
    n = strtol(argv[4], NULL, 10);
    f = zc_ec_field_size(curves[ci].curve);
    for (i = 0; i < f; i++) {                   /* below n: a small top byte */
        d[i] = (uint8_t)(i * 29 + 118);
        e[i] = (uint8_t)(i * 29 + 219);
    }
    d[0] = e[0] = (uint8_t)(f == 66 ? 1 : 0x5a);
    for (i = 0; i < sizeof dig; i++)
        dig[i] = (uint8_t)(i * 7 + 3);
    if (zc_ec_key_from_private(&k, curves[ci].curve, d, f) ||
        zc_ec_key_from_private(&peer, curves[ci].curve, e, f) ||
        zc_ec_key_set_backend(&k, ZC_BACKEND_SOFTWARE) ||
        zc_ec_key_set_backend(&peer, ZC_BACKEND_SOFTWARE))
        return fail("zc keys");
    len = sizeof sig;
    if (zc_ecdsa_sign_deterministic(&k, curves[ci].alg, dig, sig, &len))
        return fail("zc first signature");
    if (strcmp(argv[1], "openssl") == 0) {
#ifdef ZC_BENCH_OPENSSL
        return openssl(argv[2], &k, &peer, curves[ci].curve, dig,
                       zc_hash_size(curves[ci].alg), sig, len, n);
#else
        return fail("openssl (not built in: no s390x libcrypto)");
#endif
    }
    for (c = 0; c < n; c++) {
        size_t ol = sizeof out;
        int rc;

        if (strcmp(argv[2], "sign") == 0)
            rc = zc_ecdsa_sign_deterministic(&k, curves[ci].alg, dig, out, &ol);
        else if (strcmp(argv[2], "verify") == 0)
            rc = zc_ecdsa_verify(&k, curves[ci].alg, dig, sig, len);
        else if (strcmp(argv[2], "ecdh") == 0)
            rc = zc_ecdh(&k, &peer, out, &ol);
        else
            return fail("operation name");
        if (rc)
            return fail(argv[2]);
    }
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&peer);
    return 0;
}
