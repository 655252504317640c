/*
 * ec_der_8410.c - X25519, X448, Ed25519 and Ed448 keys in DER (RFC 8410):
 * the SubjectPublicKeyInfo with id-X25519 (1.3.101.110), id-X448
 * (1.3.101.111), id-Ed25519 (1.3.101.112) or id-Ed448 (1.3.101.113) and
 * the raw u or A as its BIT STRING, and the PKCS#8 OneAsymmetricKey (RFC
 * 5958) whose privateKey OCTET STRING holds the CurvePrivateKey, itself
 * an OCTET STRING of the f scalar or seed bytes. Import
 * reads version 0 (PrivateKeyInfo) and version 1 (with the optional [1]
 * IMPLICIT BIT STRING publicKey, which must be the derived public key,
 * byte for byte); export writes version 0, as for the NIST curves.
 *
 * Technique: the house's strict reader (core/der.h), as ec_der.c uses
 * it: exactly the expected elements, nothing after them, the
 * AlgorithmIdentifier's parameters absent (RFC 8410 section 3: "MUST be
 * absent"), the key strings of exactly f bytes. Every element is short
 * (below 128 bytes), so the writer lays the fixed structure down directly.
 */
#include "ec_int.h"
#include "core/der.h"
#include "core/util.h"

/* OneAsymmetricKey's publicKey: [1] IMPLICIT BIT STRING (RFC 5958) */
#define DER_PKCS8_PUBLIC 0x81

/* The OIDs' contents: 1.3.101 (2b 65) then the last arc. */
static const uint8_t oid_prefix[] = { 0x2b, 0x65 };

static const struct {
    enum zc_ec_curve curve;
    uint8_t arc;
} arcs[] = {
    { ZC_EC_X25519, 110 }, { ZC_EC_X448, 111 }, { ZC_EC_ED25519, 112 }, { ZC_EC_ED448, 113 },
};

/* AlgorithmIdentifier's OID -> *curve; 0 when it is one of RFC 8410's. */
static int x_curve(const struct zc_der *o, enum zc_ec_curve *curve)
{
    size_t i;

    if (o->len != 3 || memcmp(o->p, oid_prefix, 2) != 0)
        return -1;
    for (i = 0; i < sizeof arcs / sizeof arcs[0]; i++)
        if (o->p[2] == arcs[i].arc) {
            *curve = arcs[i].curve;
            return 0;
        }
    return -1;
}

/* The last arc of a curve's OID (an RFC 8410 curve). */
static uint8_t x_arc(enum zc_ec_curve curve)
{
    size_t i;

    for (i = 0; arcs[i].curve != curve; i++)
        ;
    return arcs[i].arc;
}

/* BIT STRING (tag) with no unused bits and exactly f bytes of key. */
static int x_bits(struct zc_der *c, uint8_t tag, size_t f, struct zc_der *key)
{
    return zc_der_get(c, tag, key) || zc_der_bits(key) || key->len != f ? -1 : 0;
}

/* The PKCS#8 body after the AlgorithmIdentifier (cursor c), version v. */
static int x_private(zc_ec_key *k, struct zc_der *c, int v, enum zc_ec_curve curve)
{
    struct zc_der oct, d, attrs, pub = { NULL, 0 };     /* pub read only when has_pub */
    size_t f = zc_ec_field_size(curve);
    int rc, has_pub = 0;

    if (zc_der_get(c, ZC_DER_OCTET_STRING, &oct) ||
        zc_der_get(&oct, ZC_DER_OCTET_STRING, &d) || oct.len != 0 || d.len != f)
        return ZC_EINVAL;
    if (zc_der_peek(c, ZC_DER_CTX0) && zc_der_get(c, ZC_DER_CTX0, &attrs))
        return ZC_EINVAL;               /* attributes: ignored */
    if (v == 1 && zc_der_peek(c, DER_PKCS8_PUBLIC)) {
        if (x_bits(c, DER_PKCS8_PUBLIC, f, &pub))
            return ZC_EINVAL;
        has_pub = 1;
    }
    if (c->len != 0)
        return ZC_EINVAL;               /* a v0 with [1], anything after */
    rc = zc_ec_key_from_private(k, curve, d.p, d.len);
    if (rc == ZC_OK && has_pub && memcmp(pub.p, k->zc_pub, f) != 0)
        rc = ZC_EINVAL;                 /* not the key's own public key */
    return rc;
}

int zc_ec_8410_from_der(zc_ec_key *k, const uint8_t *der, size_t der_len)
{
    struct zc_der all = { der, der_len }, seq, alg, o, key, ver;
    enum zc_ec_curve curve;
    int v = -1;

    if (zc_der_get(&all, ZC_DER_SEQUENCE, &seq))
        return 1;
    if (zc_der_peek(&seq, ZC_DER_INTEGER)) {            /* PKCS#8 */
        if (zc_der_uint(&seq, &ver))
            return 1;
        v = ver.len == 1 ? ver.p[0] : 256;
    }
    if (zc_der_get(&seq, ZC_DER_SEQUENCE, &alg) || zc_der_get(&alg, ZC_DER_OID, &o) ||
        x_curve(&o, &curve))
        return 1;                       /* not an RFC 8410 key: ec_der.c's */
    if (alg.len != 0 || all.len != 0)
        return ZC_EINVAL;               /* parameters present, trailing data */
    if (v < 0) {                        /* SubjectPublicKeyInfo */
        if (x_bits(&seq, ZC_DER_BIT_STRING, zc_ec_field_size(curve), &key) || seq.len != 0)
            return ZC_EINVAL;
        return zc_ec_key_from_public(k, curve, key.p, key.len);
    }
    if (v != 0 && v != 1)
        return ZC_EINVAL;               /* v1 PrivateKeyInfo, v2 OneAsymmetricKey only */
    return x_private(k, &seq, v, curve);
}

/* tag, short length: 2 header bytes (every element here is below 128) */
static size_t hdr(uint8_t *out, uint8_t tag, size_t len)
{
    out[0] = tag;
    out[1] = (uint8_t)len;
    return 2;
}

size_t zc_ec_8410_export(const zc_ec_key *k, enum zc_ec_der_format format, uint8_t *out)
{
    size_t f = k->zc_flen, n = 2;
    const uint8_t *key;

    if (format == ZC_EC_DER_PRIVATE_PKCS8) {
        n += hdr(out + n, ZC_DER_INTEGER, 1);
        out[n++] = 0;                   /* version 0 */
    } else if (format != ZC_EC_DER_PUBLIC_SPKI) {
        return 0;                       /* SEC1 is for the NIST curves only */
    }
    n += hdr(out + n, ZC_DER_SEQUENCE, 5);
    n += hdr(out + n, ZC_DER_OID, 3);
    memcpy(out + n, oid_prefix, 2);
    out[n + 2] = x_arc((enum zc_ec_curve)k->zc_curve);
    n += 3;
    if (format == ZC_EC_DER_PRIVATE_PKCS8) {
        n += hdr(out + n, ZC_DER_OCTET_STRING, f + 2);
        n += hdr(out + n, ZC_DER_OCTET_STRING, f);
        key = k->zc_priv;
    } else {
        n += hdr(out + n, ZC_DER_BIT_STRING, f + 1);
        out[n++] = 0;                   /* no unused bits */
        key = k->zc_pub;
    }
    memcpy(out + n, key, f);
    n += f;
    hdr(out, ZC_DER_SEQUENCE, n - 2);
    return n;
}
