/*
 * rsa_der.c - RSA keys in DER: PKCS#1 RSAPublicKey and RSAPrivateKey
 * (RFC 8017, appendix A.1), SubjectPublicKeyInfo (RFC 5280, 4.1; RFC
 * 3279, 2.3.1) and PKCS#8 PrivateKeyInfo (RFC 5208, 5).
 *
 * Technique: the house's strict reader (core/der.h, shared with
 * ec/ec_der.c) over a (pointer, length) cursor that accepts
 * only DER (X.690, 10): definite lengths in the fewest bytes (long form
 * only from 128 on), INTEGERs in the fewest bytes and non-negative,
 * exactly the expected elements and nothing after them. Everything else,
 * BER that another parser might accept included, is ZC_EINVAL: two
 * parsers that disagree about a key are a classic source of bugs. The
 * components then go through zc_rsa_key_from_components(), which checks
 * the numbers. The writer computes every length before it writes.
 */
#include "rsa_int.h"
#include "core/der.h"
#include "core/util.h"
#include "bn/bn.h"

/* 1.2.840.113549.1.1.1 rsaEncryption (id-RSASSA-PSS, ...1.1.10, is refused) */
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };

/* A non-negative minimal INTEGER, without its sign byte. */
static int der_int(struct zc_der *c, struct zc_rsa_part *out)
{
    struct zc_der v;

    if (zc_der_uint(c, &v))
        return -1;
    out->data = v.p;
    out->len = v.len;       /* a zero stays one byte long: present, and refused later */
    return 0;
}

/* An INTEGER equal to zero (the version fields). */
static int der_zero(struct zc_der *c)
{
    struct zc_rsa_part v;

    return der_int(c, &v) || v.len != 1 || v.data[0] != 0;
}

/* AlgorithmIdentifier { rsaEncryption, NULL }; anything else fails. */
static int der_algid(struct zc_der *c)
{
    struct zc_der seq, oid, null;

    if (zc_der_get(c, ZC_DER_SEQUENCE, &seq) || zc_der_get(&seq, ZC_DER_OID, &oid))
        return -1;
    if (oid.len != sizeof oid_rsa || memcmp(oid.p, oid_rsa, sizeof oid_rsa) != 0)
        return -1;          /* id-RSASSA-PSS included: see zc_rsa_key_from_der() */
    if (zc_der_get(&seq, ZC_DER_NULL, &null) || null.len != 0 || seq.len != 0)
        return -1;
    return 0;
}

/* RSAPublicKey contents (after the SEQUENCE header). */
static int parse_public(struct zc_der *s, struct zc_rsa_components *k)
{
    return der_int(s, &k->n) || der_int(s, &k->e) || s->len != 0;
}

/* RSAPrivateKey contents, version 0 (two primes). */
static int parse_private(struct zc_der *s, struct zc_rsa_components *k)
{
    return der_zero(s) || der_int(s, &k->n) || der_int(s, &k->e) || der_int(s, &k->d) ||
           der_int(s, &k->p) || der_int(s, &k->q) || der_int(s, &k->dp) ||
           der_int(s, &k->dq) || der_int(s, &k->qinv) || s->len != 0;
}

/* A whole DER element that must be one SEQUENCE and nothing more. */
static int der_whole_seq(const uint8_t *p, size_t len, struct zc_der *contents)
{
    struct zc_der c = { p, len };

    return zc_der_get(&c, ZC_DER_SEQUENCE, contents) || c.len != 0;
}

static int parse(const uint8_t *der, size_t der_len, struct zc_rsa_components *k)
{
    struct zc_der top, probe, inner;

    if (der_whole_seq(der, der_len, &top) || top.len < 2)
        return -1;
    if (top.p[0] == ZC_DER_SEQUENCE) {
        /* SubjectPublicKeyInfo: AlgorithmIdentifier, BIT STRING { RSAPublicKey } */
        struct zc_der bits;

        if (der_algid(&top) || zc_der_get(&top, ZC_DER_BIT_STRING, &bits) || top.len != 0 ||
            zc_der_bits(&bits))
            return -1;
        return der_whole_seq(bits.p, bits.len, &inner) || parse_public(&inner, k);
    }
    /* an INTEGER first: which structure depends on what follows it */
    probe = top;
    {
        struct zc_rsa_part first;

        if (der_int(&probe, &first) || probe.len == 0)
            return -1;
    }
    if (probe.p[0] == ZC_DER_SEQUENCE) {
        /* PrivateKeyInfo: version 0, AlgorithmIdentifier, OCTET STRING, [0] attributes */
        struct zc_der octets, attrs;

        if (der_zero(&top) || der_algid(&top) || zc_der_get(&top, ZC_DER_OCTET_STRING, &octets))
            return -1;
        if (top.len != 0 && (zc_der_get(&top, ZC_DER_CTX0, &attrs) || top.len != 0))
            return -1;
        return der_whole_seq(octets.p, octets.len, &inner) || parse_private(&inner, k);
    }
    {
        /* RSAPublicKey has two INTEGERs, RSAPrivateKey nine */
        struct zc_rsa_part second;

        if (der_int(&probe, &second))
            return -1;
        if (probe.len == 0)
            return parse_public(&top, k);
    }
    return parse_private(&top, k);
}

int zc_rsa_key_from_der(zc_rsa_key *k, const uint8_t *der, size_t der_len)
{
    struct zc_rsa_components c;

    if (k == NULL || der == NULL)
        return ZC_EINVAL;
    memset(&c, 0, sizeof c);
    if (parse(der, der_len, &c) != 0) {
        zc_wipe(k, sizeof *k);
        return ZC_EINVAL;
    }
    return zc_rsa_key_from_components(k, &c);
}

/* ------------------------------------------------------------------ */
/* Writer                                                               */
/* ------------------------------------------------------------------ */

struct num {
    const uint64_t *x;
    size_t n;           /* limbs */
};

static size_t len_of_len(size_t l)
{
    return l < 0x80 ? 1 : l < 0x100 ? 2 : l < 0x10000 ? 3 : 4;
}

static size_t tlv_len(size_t l)
{
    return 1 + len_of_len(l) + l;
}

/* Content length of the INTEGER for x: its bytes plus a sign byte when the top bit is set. */
static size_t int_len(const struct num *v)
{
    size_t bits = zc_bn_bitlen(v->x, v->n);

    return bits / 8 + 1;    /* (bits + 7) / 8, plus 1 when bits % 8 == 0 (zero included) */
}

static uint8_t *put_hdr(uint8_t *p, uint8_t tag, size_t l)
{
    size_t ll = len_of_len(l), i;

    *p++ = tag;
    if (ll == 1) {
        *p++ = (uint8_t)l;
        return p;
    }
    *p++ = (uint8_t)(0x80 | (ll - 1));
    for (i = ll - 1; i-- > 0;)
        *p++ = (uint8_t)(l >> (8 * i));
    return p;
}

static uint8_t *put_int(uint8_t *p, const struct num *v)
{
    size_t l = int_len(v);

    p = put_hdr(p, ZC_DER_INTEGER, l);
    zc_bn_encode(p, l, v->x, v->n);
    return p + l;
}

static const uint8_t algid_rsa[] = {
    ZC_DER_SEQUENCE, 0x0d, ZC_DER_OID, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01,
    ZC_DER_NULL, 0x00
};

int zc_rsa_key_export_der(const zc_rsa_key *k, enum zc_rsa_der_format format,
                          uint8_t *der, size_t *der_len)
{
    const int priv = format == ZC_RSA_DER_PRIVATE_PKCS1 || format == ZC_RSA_DER_PRIVATE_PKCS8;
    struct num v[9];
    size_t count, body = 0, seq, total, i;
    uint8_t *p;

    if (!zc_rsa_key_ok(k) || der_len == NULL || (unsigned)format > ZC_RSA_DER_PRIVATE_PKCS8 ||
        (priv && !k->zc_private) || zc_bad_ptr(der, *der_len))
        return ZC_EINVAL;
    {
        const size_t nl = zc_bn_limbs(k->zc_bits), pl = zc_bn_limbs(k->zc_pbits),
                     ql = zc_bn_limbs(k->zc_qbits);
        const uint64_t zero = 0;
        const struct num all[9] = {
            { &zero, 1 }, { k->zc_n, nl }, { k->zc_e, nl }, { k->zc_d, nl },
            { k->zc_p, pl }, { k->zc_q, ql }, { k->zc_dp, pl }, { k->zc_dq, ql },
            { k->zc_qinv, pl },
        };

        count = priv ? 9 : 2;
        memcpy(v, priv ? all : all + 1, count * sizeof v[0]);
        for (i = 0; i < count; i++)
            body += tlv_len(int_len(&v[i]));
        seq = tlv_len(body);
        switch (format) {
        case ZC_RSA_DER_PUBLIC_SPKI:
            total = tlv_len(sizeof algid_rsa + tlv_len(1 + seq));
            break;
        case ZC_RSA_DER_PRIVATE_PKCS8:
            total = tlv_len(3 + sizeof algid_rsa + tlv_len(seq));
            break;
        default:
            total = seq;
            break;
        }
        if (zc_rsa_room(der_len, total) != ZC_OK)
            return ZC_ENOMEM;
        p = der;
        if (format == ZC_RSA_DER_PUBLIC_SPKI) {
            p = put_hdr(p, ZC_DER_SEQUENCE, sizeof algid_rsa + tlv_len(1 + seq));
            memcpy(p, algid_rsa, sizeof algid_rsa);
            p = put_hdr(p + sizeof algid_rsa, ZC_DER_BIT_STRING, 1 + seq);
            *p++ = 0;           /* no unused bits */
        } else if (format == ZC_RSA_DER_PRIVATE_PKCS8) {
            p = put_hdr(p, ZC_DER_SEQUENCE, 3 + sizeof algid_rsa + tlv_len(seq));
            p = put_int(p, &all[0]);
            memcpy(p, algid_rsa, sizeof algid_rsa);
            p = put_hdr(p + sizeof algid_rsa, ZC_DER_OCTET_STRING, seq);
        }
        p = put_hdr(p, ZC_DER_SEQUENCE, body);
        for (i = 0; i < count; i++)
            p = put_int(p, &v[i]);
        *der_len = total;
        (void)p;
    }
    return ZC_OK;
}
