/*
 * fuzz_ec.c - libFuzzer target: EC key parsing, DER signatures and
 * ECDSA and EdDSA verification of hostile input.
 *
 * Byte 0 picks the operation, byte 1 the curve (P-256, P-384, P-521;
 * Ed25519 or Ed448 by its low bit for operations 4-6, with the EdDSA
 * instance in its next bits); the rest is the input:
 *   0  DER key import (every curve, Ed and X keys of RFC 8410 included). A
 *      key that is accepted exports SPKI (and, with a private part, PKCS#8
 *      and SEC1 where the curve has it), and every export reads back to
 *      the same key and exports the same bytes (strict DER: one encoding).
 *   1  DER signature: a signature that converts converts back to exactly
 *      the input (strict DER), and verification of it under a fixed key
 *      answers ZC_OK or ZC_EAUTH, nothing else.
 *   2  P1363 verification of the input under a fixed key: ZC_EAUTH (a
 *      fuzzer cannot forge), never another code, whatever the length.
 *   3  Public point import (SEC1 encodings): an accepted point exports
 *      uncompressed, and that reads back to the same key.
 *   4  Ed25519/Ed448 public key import: an accepted A exports exactly its
 *      bytes, which read back; a signature under it of anything verifies
 *      ZC_EAUTH (nobody holds its seed).
 *   5  EdDSA verification under a fixed key: the first 2b bytes (or all,
 *      if fewer) are the signature, the rest the message, the context the
 *      first bytes of the message: ZC_EAUTH whatever the bytes.
 *   6  EdDSA sign and verify of the input as the message under a fixed
 *      key: ZC_OK, deterministic, and one flipped bit is ZC_EAUTH.
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

/* Ed operations: the curve, and the instance from byte 1 (prehash, and
 * a context length; Ed25519ctx gets at least one byte of context). */
struct ed_call {
    enum zc_ec_curve c;
    size_t b;
    int ex, ph;
    size_t cl;
};

static struct ed_call ed_call(uint8_t sel, size_t avail)
{
    struct ed_call e;

    e.c = sel & 1 ? ZC_EC_ED448 : ZC_EC_ED25519;
    e.b = zc_ec_field_size(e.c);
    e.ex = (sel >> 1) & 1;
    e.ph = (sel >> 2) & 1;
    e.cl = (size_t)(sel >> 3);          /* 0..31 */
    if (e.cl > avail)
        e.cl = avail;
    if (e.ex && e.c == ZC_EC_ED25519 && !e.ph && e.cl == 0)
        e.ex = 0;                       /* Ed25519ctx needs a context: plain then */
    return e;
}

static int ed_verify(const zc_ec_key *k, const struct ed_call *e, const uint8_t *m, size_t ml,
                     const uint8_t *sig, size_t sl)
{
    if (!e->ex)
        return zc_eddsa_verify(k, m, ml, sig, sl);
    return zc_eddsa_verify_ex(k, e->ph, e->cl ? m : NULL, e->cl, m, ml, sig, sl);
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
    switch (data[0] % 7) {
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
    case 4: {
        struct ed_call e = ed_call(data[1], 0);
        uint8_t pub[57], s[114];
        size_t pl = sizeof pub;
        zc_ec_key k2;

        rc = zc_ec_key_from_public(&k, e.c, data + 2, size - 2);
        FZ_CHECK(rc == ZC_OK || rc == ZC_EINVAL);
        if (rc != ZC_OK)
            break;
        FZ_OK(zc_ec_key_public(&k, pub, &pl));
        FZ_CHECK(pl == e.b && memcmp(pub, data + 2, pl) == 0);
        FZ_OK(zc_ec_key_from_public(&k2, e.c, pub, pl));
        memset(s, 0x5a, sizeof s);
        FZ_CHECK(zc_eddsa_verify(&k, h, sizeof h, s, 2 * e.b) == ZC_EAUTH);
        break;
    }
    case 5: {
        const uint8_t *in = data + 2;
        size_t n = size - 2, b = zc_ec_field_size(data[1] & 1 ? ZC_EC_ED448 : ZC_EC_ED25519);
        size_t sl = n < 2 * b ? n : 2 * b;
        struct ed_call e = ed_call(data[1], n - sl);

        fixed_key(&k, e.c);
        rc = ed_verify(&k, &e, n > sl ? in + sl : NULL, n - sl, sl ? in : NULL, sl);
        FZ_CHECK(rc == ZC_EAUTH);
        break;
    }
    case 6: {
        struct ed_call e = ed_call(data[1], size - 2);
        const uint8_t *m = size > 2 ? data + 2 : NULL;
        uint8_t s[114], s2[114];
        size_t l1 = sizeof s, l2 = sizeof s2;

        fixed_key(&k, e.c);
        if (e.ex) {
            FZ_OK(zc_eddsa_sign_ex(&k, e.ph, e.cl ? m : NULL, e.cl, m, size - 2, s, &l1));
            FZ_OK(zc_eddsa_sign_ex(&k, e.ph, e.cl ? m : NULL, e.cl, m, size - 2, s2, &l2));
        } else {
            FZ_OK(zc_eddsa_sign(&k, m, size - 2, s, &l1));
            FZ_OK(zc_eddsa_sign(&k, m, size - 2, s2, &l2));
        }
        FZ_CHECK(l1 == 2 * e.b && l2 == l1 && memcmp(s, s2, l1) == 0);
        FZ_OK(ed_verify(&k, &e, m, size - 2, s, l1));
        s[size % l1] ^= (uint8_t)(1u << (size % 8));
        FZ_CHECK(ed_verify(&k, &e, m, size - 2, s, l1) == ZC_EAUTH);
        break;
    }
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
