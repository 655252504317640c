/*
 * ec_insns.c - the s390x harness behind scripts/perf.sh part 10's guest
 * instruction counts for the NIST curves (issue 25, "Performance").
 *
 *   ec_insns IMPL OP CURVE N
 *     IMPL   ours (no s390x libcrypto is built in here: our counts alone)
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
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zcrypt/ec.h>
#include <zcrypt/hash.h>

static int fail(const char *what)
{
    fprintf(stderr, "ec_insns: %s failed\n", what);
    return 1;
}

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

    if (argc != 5 || strcmp(argv[1], "ours") != 0) {
        fprintf(stderr, "usage: ec_insns ours sign|verify|ecdh p256|p384|p521 N\n");
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
