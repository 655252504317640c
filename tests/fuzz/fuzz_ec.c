/*
 * fuzz_ec.c - libFuzzer target: EC key parsing, DER signatures and
 * ECDSA verification of hostile input.
 *
 * Byte 0 picks the operation, byte 1 the curve (P-256, P-384, P-521);
 * the rest is the input:
 *   0  DER key import. A key that is accepted exports SPKI (and, with a
 *      private part, PKCS#8 and SEC1), and every export reads back to the
 *      same key and exports the same bytes (strict DER: one encoding).
 *   1  DER signature: a signature that converts converts back to exactly
 *      the input (strict DER), and verification of it under a fixed key
 *      answers ZC_OK or ZC_EAUTH, nothing else.
 *   2  P1363 verification of the input under a fixed key: ZC_EAUTH (a
 *      fuzzer cannot forge), never another code, whatever the length.
 *   3  Public point import (SEC1 encodings): an accepted point exports
 *      uncompressed, and that reads back to the same key.
 */
#include <zcrypt.h>
#include <string.h>

#include "fuzz_util.h"

static const enum zc_ec_curve curves[] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521 };

static void der_key(const uint8_t *p, size_t n)
{
    static const enum zc_ec_der_format fmts[] = {
        ZC_EC_DER_PUBLIC_SPKI, ZC_EC_DER_PRIVATE_PKCS8, ZC_EC_DER_PRIVATE_SEC1,
    };
    zc_ec_key k, k2;
    uint8_t a[512], b[512];
    size_t i;
    int rc = zc_ec_key_from_der(&k, p, n);

    FZ_CHECK(rc == ZC_OK || rc == ZC_EINVAL || rc == ZC_ENOTSUP);
    if (rc != ZC_OK)
        return;
    for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        size_t la = sizeof a, lb = sizeof b;

        rc = zc_ec_key_export_der(&k, fmts[i], a, &la);
        if (i > 0 && rc == ZC_EINVAL)
            continue;                   /* a public-only key */
        FZ_OK(rc);
        FZ_OK(zc_ec_key_from_der(&k2, a, la));
        FZ_OK(zc_ec_key_export_der(&k2, fmts[i], b, &lb));
        FZ_CHECK(la == lb && memcmp(a, b, la) == 0);
    }
    zc_ec_key_wipe(&k);
    zc_ec_key_wipe(&k2);
}

static void fixed_key(zc_ec_key *k, enum zc_ec_curve c)
{
    uint8_t d[66];

    memset(d, 0x11, sizeof d);
    d[0] = 0;                           /* below n on every curve */
    FZ_OK(zc_ec_key_from_private(k, c, d, zc_ec_field_size(c)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum zc_ec_curve c;
    zc_ec_key k;
    uint8_t sig[132], der[200], h[64];
    size_t sl = sizeof sig, dl = sizeof der;
    int rc;

    if (size < 2)
        return 0;
    c = curves[data[1] % 3];
    memset(h, 0x42, sizeof h);
    switch (data[0] % 4) {
    case 0:
        der_key(data + 2, size - 2);
        break;
    case 1:
        rc = zc_ecdsa_sig_from_der(c, data + 2, size - 2, sig, &sl);
        FZ_CHECK(rc == ZC_OK || rc == ZC_EINVAL);
        if (rc != ZC_OK)
            break;
        FZ_OK(zc_ecdsa_sig_to_der(c, sig, sl, der, &dl));
        FZ_CHECK(dl == size - 2 && memcmp(der, data + 2, dl) == 0);
        fixed_key(&k, c);
        rc = zc_ecdsa_verify(&k, ZC_SHA256, h, sig, sl);
        FZ_CHECK(rc == ZC_OK || rc == ZC_EAUTH);
        break;
    case 2:
        fixed_key(&k, c);
        rc = zc_ecdsa_verify(&k, ZC_SHA512, h, size > 2 ? data + 2 : NULL, size - 2);
        FZ_CHECK(rc == ZC_EAUTH);
        break;
    default:
        rc = zc_ec_key_from_public(&k, c, data + 2, size - 2);
        FZ_CHECK(rc == ZC_OK || rc == ZC_EINVAL);
        if (rc == ZC_OK) {
            zc_ec_key k2;
            uint8_t pub[133];
            size_t pl = sizeof pub;

            FZ_OK(zc_ec_key_public(&k, pub, &pl));
            FZ_CHECK(pl == 2 * zc_ec_field_size(c) + 1 && pub[0] == 4);
            FZ_OK(zc_ec_key_from_public(&k2, c, pub, pl));
        }
        break;
    }
    return 0;
}
