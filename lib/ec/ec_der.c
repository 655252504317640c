/*
 * ec_der.c - EC keys and ECDSA signatures in DER: SubjectPublicKeyInfo
 * with id-ecPublicKey and a namedCurve (RFC 5480), PKCS#8 v1
 * PrivateKeyInfo (RFC 5208) and v2 OneAsymmetricKey (RFC 5958, with its
 * [1] publicKey) holding an ECPrivateKey, the SEC1 ECPrivateKey itself
 * (RFC 5915), and the signature SEQUENCE of two INTEGERs (RFC 3279,
 * 2.2.3). Export writes PKCS#8 v1 only.
 *
 * Technique: the house's strict reader (core/der.h, shared with
 * rsa/rsa_der.c): a (pointer, length) cursor that accepts only DER
 * (X.690, 10): definite lengths in the fewest bytes, INTEGERs minimal and
 * non-negative; here, exactly the expected elements and nothing after
 * them. Everything else is
 * ZC_EINVAL; explicit curve parameters and unknown curves are ZC_ENOTSUP.
 * The writer builds into a stack buffer and copies only when it fits.
 * Ed25519/Ed448 and X25519/X448 keys (RFC 8410) are ec_der_8410.c's:
 * from_der asks it first.
 */
#include "ec_int.h"
#include "core/der.h"
#include "core/util.h"

/* OneAsymmetricKey's publicKey: [1] IMPLICIT BIT STRING (RFC 5958), a
 * primitive tag, unlike SEC1's constructed (explicit) [1]. */
#define DER_PKCS8_PUBLIC 0x81

/* 1.2.840.10045.2.1 id-ecPublicKey */
static const uint8_t oid_ec[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };

static const struct {
    enum zc_ec_curve curve;
    uint8_t len;
    uint8_t oid[8];
} named[] = {
    { ZC_EC_P256, 8, { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 } }, /* prime256v1 */
    { ZC_EC_P384, 5, { 0x2b, 0x81, 0x04, 0x00, 0x22 } },                   /* secp384r1 */
    { ZC_EC_P521, 5, { 0x2b, 0x81, 0x04, 0x00, 0x23 } },                   /* secp521r1 */
};

/* A small INTEGER's value (version fields), -1 when not one byte. */
static int der_small(struct zc_der *c)
{
    struct zc_der v;

    if (zc_der_uint(c, &v) || v.len != 1)
        return -1;
    return v.p[0];
}

/* namedCurve OID -> *curve: ZC_OK, ZC_ENOTSUP (explicit, implicitCA,
 * unknown), ZC_EINVAL (malformed); the element is read past unless the
 * answer is ZC_EINVAL. */
static int der_params(struct zc_der *c, enum zc_ec_curve *curve)
{
    struct zc_der o;
    size_t i;

    if (zc_der_peek(c, ZC_DER_SEQUENCE))        /* explicit parameters */
        return zc_der_get(c, ZC_DER_SEQUENCE, &o) ? ZC_EINVAL : ZC_ENOTSUP;
    if (zc_der_peek(c, ZC_DER_NULL))            /* implicitCA */
        return zc_der_get(c, ZC_DER_NULL, &o) || o.len != 0 ? ZC_EINVAL : ZC_ENOTSUP;
    if (zc_der_oid(c, &o))
        return ZC_EINVAL;
    for (i = 0; i < sizeof named / sizeof named[0]; i++)
        if (o.len == named[i].len && memcmp(o.p, named[i].oid, o.len) == 0) {
            *curve = named[i].curve;
            return ZC_OK;
        }
    return ZC_ENOTSUP;
}

/* AlgorithmIdentifier { id-ecPublicKey, namedCurve }: ZC_OK; ZC_ENOTSUP
 * for a well-formed one of another algorithm (Ed/X of RFC 8410, RSA, ...:
 * not here; its parameters, if any, one element) or curve; ZC_EINVAL for
 * anything malformed. Its callers check the rest of the structure before
 * they answer ZC_ENOTSUP: only well-formed DER gets past ZC_EINVAL. */
static int der_alg(struct zc_der *c, enum zc_ec_curve *curve)
{
    struct zc_der a, o, any;
    int rc;

    if (zc_der_get(c, ZC_DER_SEQUENCE, &a) || zc_der_oid(&a, &o))
        return ZC_EINVAL;
    if (o.len != sizeof oid_ec || memcmp(o.p, oid_ec, o.len) != 0)
        rc = a.len == 0 || zc_der_get(&a, a.p[0], &any) == 0 ? ZC_ENOTSUP : ZC_EINVAL;
    else
        rc = der_params(&a, curve);
    return rc != ZC_EINVAL && a.len != 0 ? ZC_EINVAL : rc;
}

/* BIT STRING (tag: BIT STRING, or an implicit tag) with no unused bits:
 * the point (at least one byte). */
static int der_point(struct zc_der *c, uint8_t tag, struct zc_der *pt)
{
    return zc_der_get(c, tag, pt) || zc_der_bits(pt) || pt->len == 0 ? -1 : 0;
}

/* ZC_OK when the encoded point pt is k's own public key; else k is wiped
 * and the answer is ZC_EINVAL (a bad point included). */
static int same_public(zc_ec_key *k, enum zc_ec_curve curve, const struct zc_der *pt)
{
    zc_ec_key q;
    int rc;

    rc = zc_ec_key_from_public(&q, curve, pt->p, pt->len);
    if (rc == ZC_OK && memcmp(q.zc_pub, k->zc_pub, 2 * (size_t)k->zc_flen + 1) != 0)
        rc = ZC_EINVAL;                 /* not the key's own public key */
    zc_ec_key_wipe(&q);
    if (rc != ZC_OK)
        zc_ec_key_wipe(k);
    return rc != ZC_OK ? ZC_EINVAL : ZC_OK;
}

/* ECPrivateKey (RFC 5915); *curve known (from PKCS#8) or -1. */
static int ec_private(zc_ec_key *k, struct zc_der *c, int have_curve, enum zc_ec_curve curve)
{
    struct zc_der seq, d, p, pt = { NULL, 0 };   /* pt read only when has_pt */
    uint8_t buf[ZC_EC_MAX_F];
    int rc, prc = ZC_OK, has_pt = 0;
    size_t f;

    if (zc_der_get(c, ZC_DER_SEQUENCE, &seq) || c->len != 0 || der_small(&seq) != 1 ||
        zc_der_get(&seq, ZC_DER_OCTET_STRING, &d))
        return ZC_EINVAL;
    if (zc_der_peek(&seq, ZC_DER_CTX0)) {
        enum zc_ec_curve inner;

        if (zc_der_get(&seq, ZC_DER_CTX0, &p))
            return ZC_EINVAL;
        prc = der_params(&p, &inner);
        if (prc == ZC_EINVAL || p.len != 0 ||
            (prc == ZC_OK && have_curve && inner != curve))
            return ZC_EINVAL;
        if (prc == ZC_OK) {
            curve = inner;
            have_curve = 1;
        }
    }
    if (zc_der_peek(&seq, ZC_DER_CTX1)) {
        if (zc_der_get(&seq, ZC_DER_CTX1, &p) || der_point(&p, ZC_DER_BIT_STRING, &pt) ||
            p.len != 0)
            return ZC_EINVAL;
        has_pt = 1;
    }
    if (seq.len != 0)
        return ZC_EINVAL;
    if (prc != ZC_OK)
        return prc;                     /* well-formed, explicit or unknown parameters */
    if (!have_curve)
        return ZC_EINVAL;               /* no curve named anywhere */
    f = zc_ec_field_size(curve);
    if (d.len == 0 || d.len > f)
        return ZC_EINVAL;
    memset(buf, 0, f - d.len);          /* a shorter octet string is left-padded */
    memcpy(buf + f - d.len, d.p, d.len);
    rc = zc_ec_key_from_private(k, curve, buf, f);
    zc_wipe(buf, sizeof buf);
    if (rc != ZC_OK || !has_pt)
        return rc;
    return same_public(k, curve, &pt);
}

static int from_der(zc_ec_key *k, const uint8_t *der, size_t der_len)
{
    struct zc_der all = { der, der_len }, seq, inner, pt, oct, pub = { NULL, 0 };
    enum zc_ec_curve curve = ZC_EC_P256;
    int rc, v, has_pub = 0;

    if (zc_der_get(&all, ZC_DER_SEQUENCE, &seq) || all.len != 0)
        return ZC_EINVAL;
    if (zc_der_peek(&seq, ZC_DER_SEQUENCE)) {         /* SubjectPublicKeyInfo */
        rc = der_alg(&seq, &curve);
        if (rc == ZC_EINVAL || zc_der_get(&seq, ZC_DER_BIT_STRING, &pt) || seq.len != 0)
            return ZC_EINVAL;
        if (rc != ZC_OK)
            return rc;                  /* well-formed, another algorithm or curve */
        if (zc_der_bits(&pt) || pt.len == 0)
            return ZC_EINVAL;           /* the BIT STRING holds no point */
        return zc_ec_key_from_public(k, curve, pt.p, pt.len);
    }
    inner = seq;
    v = der_small(&inner);
    if (v == 1 && zc_der_peek(&inner, ZC_DER_OCTET_STRING)) {  /* SEC1 ECPrivateKey */
        struct zc_der whole = { der, der_len };

        return ec_private(k, &whole, 0, curve);
    }
    if (v != 0 && v != 1)
        return ZC_EINVAL;                       /* PKCS#8 v1 (0) and v2 (1) only */
    rc = der_alg(&inner, &curve);
    if (rc == ZC_EINVAL || zc_der_get(&inner, ZC_DER_OCTET_STRING, &oct))
        return ZC_EINVAL;
    if (zc_der_peek(&inner, ZC_DER_CTX0) && zc_der_get(&inner, ZC_DER_CTX0, &pt))
        return ZC_EINVAL;                       /* attributes: ignored */
    if (v == 1 && zc_der_peek(&inner, DER_PKCS8_PUBLIC)) {
        if (der_point(&inner, DER_PKCS8_PUBLIC, &pub))
            return ZC_EINVAL;
        has_pub = 1;
    }
    if (inner.len != 0)
        return ZC_EINVAL;                       /* a v1 with [1], anything after */
    if (rc != ZC_OK)
        return rc;                      /* well-formed, another algorithm or curve */
    rc = ec_private(k, &oct, 1, curve);
    if (rc != ZC_OK || !has_pub)
        return rc;
    return same_public(k, curve, &pub);         /* v2: as derived, else ZC_EINVAL */
}

int zc_ec_key_from_der(zc_ec_key *k, const uint8_t *der, size_t der_len)
{
    int rc;

    if (k == NULL)
        return ZC_EINVAL;
    if (der == NULL || zc_ec_overlap(k, sizeof *k, der, der_len)) {
        zc_wipe(k, sizeof *k);
        return ZC_EINVAL;
    }
    rc = zc_ec_8410_from_der(k, der, der_len);
    if (rc == 1)
        rc = from_der(k, der, der_len);
    if (rc != ZC_OK)
        zc_wipe(k, sizeof *k);
    return rc;
}

/* ---- writer ---- */

/* tag, length, contents at out (which may be the same memory as the
 * contents' final place: contents are moved); returns bytes. */
__attribute__((noinline)) static size_t put(uint8_t *out, uint8_t tag, const uint8_t *c,
                                            size_t len)
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

static const uint8_t *curve_oid(enum zc_ec_curve curve, size_t *len)
{
    size_t i;

    for (i = 0; i < sizeof named / sizeof named[0]; i++)
        if (named[i].curve == curve) {
            *len = named[i].len;
            return named[i].oid;
        }
    *len = 0;
    return NULL;
}

/* AlgorithmIdentifier into out, returns its length */
static size_t put_alg(uint8_t *out, enum zc_ec_curve curve)
{
    uint8_t t[32];
    size_t n = 0, ol;
    const uint8_t *o = curve_oid(curve, &ol);

    n += put(t + n, ZC_DER_OID, oid_ec, sizeof oid_ec);
    n += put(t + n, ZC_DER_OID, o, ol);
    return put(out, ZC_DER_SEQUENCE, t, n);
}

/* BIT STRING 00 || Q */
static size_t put_pub(uint8_t *out, const zc_ec_key *k)
{
    uint8_t t[ZC_EC_MAX_PUBLIC + 1];
    size_t pl = 2 * (size_t)k->zc_flen + 1;

    t[0] = 0;
    memcpy(t + 1, k->zc_pub, pl);
    return put(out, ZC_DER_BIT_STRING, t, pl + 1);
}

/* ECPrivateKey, with the parameters when params is set */
static size_t put_ecpriv(uint8_t *out, const zc_ec_key *k, int params)
{
    uint8_t t[320], u[160];
    size_t n = 0, m, ol;
    const uint8_t *o = curve_oid((enum zc_ec_curve)k->zc_curve, &ol);

    n += put(t + n, ZC_DER_INTEGER, (const uint8_t *)"\x01", 1);
    n += put(t + n, ZC_DER_OCTET_STRING, k->zc_priv, k->zc_flen);
    if (params) {
        m = put(u, ZC_DER_OID, o, ol);
        n += put(t + n, ZC_DER_CTX0, u, m);
    }
    m = put_pub(u, k);
    n += put(t + n, ZC_DER_CTX1, u, m);
    n = put(out, ZC_DER_SEQUENCE, t, n);
    zc_wipe(t, sizeof t);
    return n;
}

int zc_ec_key_export_der(const zc_ec_key *k, enum zc_ec_der_format format, uint8_t *der,
                         size_t *der_len)
{
    uint8_t t[400], u[400];
    size_t n = 0, m;
    int rc;

    if (!zc_ec_key_ok(k) || der_len == NULL || zc_bad_ptr(der, *der_len))
        return ZC_EINVAL;
    if (zc_ec_key_prot(k) &&
        (format == ZC_EC_DER_PRIVATE_PKCS8 || format == ZC_EC_DER_PRIVATE_SEC1))
        return ZC_ENOTSUP;              /* a protected key's private key is not exported */
    if (zc_ec_is_8410((enum zc_ec_curve)k->zc_curve)) {
        if (format != ZC_EC_DER_PUBLIC_SPKI && !k->zc_private)
            return ZC_EINVAL;
        n = zc_ec_8410_export(k, format, u);
        if (n == 0)
            return ZC_EINVAL;           /* SEC1, unknown formats */
        goto copy;
    }
    switch (format) {
    case ZC_EC_DER_PUBLIC_SPKI:
        n += put_alg(t + n, (enum zc_ec_curve)k->zc_curve);
        n += put_pub(t + n, k);
        n = put(u, ZC_DER_SEQUENCE, t, n);
        break;
    case ZC_EC_DER_PRIVATE_SEC1:
        if (!k->zc_private)
            return ZC_EINVAL;
        n = put_ecpriv(u, k, 1);
        break;
    case ZC_EC_DER_PRIVATE_PKCS8:
        if (!k->zc_private)
            return ZC_EINVAL;
        n += put(t + n, ZC_DER_INTEGER, (const uint8_t *)"\x00", 1);
        n += put_alg(t + n, (enum zc_ec_curve)k->zc_curve);
        m = put_ecpriv(u, k, 0);
        n += put(t + n, ZC_DER_OCTET_STRING, u, m);
        n = put(u, ZC_DER_SEQUENCE, t, n);
        break;
    default:
        return ZC_EINVAL;
    }
copy:
    rc = zc_ec_room(der_len, n);
    if (rc == ZC_OK && zc_ec_overlap(der, n, k, sizeof *k))
        rc = ZC_EINVAL;
    if (rc == ZC_OK) {
        memcpy(der, u, n);
        *der_len = n;
    }
    zc_wipe(t, sizeof t);
    zc_wipe(u, sizeof u);
    return rc;
}

/* ---- signatures ---- */

/* One f-byte value as a minimal non-negative INTEGER. */
static size_t put_int(uint8_t *out, const uint8_t *v, size_t f)
{
    uint8_t t[ZC_EC_MAX_F + 1];
    size_t i = 0;

    while (i + 1 < f && v[i] == 0)
        i++;
    t[0] = 0;
    memcpy(t + 1, v + i, f - i);
    if (v[i] & 0x80)
        return put(out, ZC_DER_INTEGER, t, f - i + 1);
    return put(out, ZC_DER_INTEGER, t + 1, f - i);
}

int zc_ecdsa_sig_to_der(enum zc_ec_curve curve, const uint8_t *sig, size_t sig_len,
                        uint8_t *der, size_t *der_len)
{
    uint8_t t[2 * (ZC_EC_MAX_F + 3)], u[sizeof t + 4];
    size_t f, n = 0;
    int rc;

    if (zc_ec_nist(curve) == NULL || sig == NULL || der_len == NULL ||
        zc_bad_ptr(der, *der_len))
        return ZC_EINVAL;
    f = zc_ec_field_size(curve);
    if (sig_len != 2 * f)
        return ZC_EINVAL;
    n += put_int(t + n, sig, f);
    n += put_int(t + n, sig + f, f);
    n = put(u, ZC_DER_SEQUENCE, t, n);
    rc = zc_ec_room(der_len, n);
    if (rc == ZC_OK && zc_ec_overlap(der, n, sig, sig_len))
        rc = ZC_EINVAL;
    if (rc == ZC_OK) {
        memcpy(der, u, n);
        *der_len = n;
    }
    return rc;
}

int zc_ecdsa_sig_from_der(enum zc_ec_curve curve, const uint8_t *der, size_t der_len,
                          uint8_t *sig, size_t *sig_len)
{
    struct zc_der all = { der, der_len }, seq, r, s;
    size_t f;
    int rc;

    if (zc_ec_nist(curve) == NULL || zc_bad_ptr(der, der_len) || sig_len == NULL ||
        zc_bad_ptr(sig, *sig_len))
        return ZC_EINVAL;
    f = zc_ec_field_size(curve);
    if (zc_der_get(&all, ZC_DER_SEQUENCE, &seq) || all.len != 0 || zc_der_uint(&seq, &r) ||
        zc_der_uint(&seq, &s) || seq.len != 0 || r.len > f || s.len > f)
        return ZC_EINVAL;
    rc = zc_ec_room(sig_len, 2 * f);
    if (rc == ZC_OK && zc_ec_overlap(sig, 2 * f, der, der_len))
        rc = ZC_EINVAL;
    if (rc != ZC_OK)
        return rc;
    memset(sig, 0, 2 * f);
    memcpy(sig + f - r.len, r.p, r.len);
    memcpy(sig + 2 * f - s.len, s.p, s.len);
    *sig_len = 2 * f;
    return ZC_OK;
}
