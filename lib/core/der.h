/*
 * der.h - the house's strict DER reader, shared by the key formats of
 * every family (rsa/rsa_der.c, ec/ec_der.c).
 *
 * Technique: a (pointer, length) cursor that accepts only DER (X.690,
 * 10): definite lengths in the fewest bytes (the long form only from 128
 * on), INTEGERs in the fewest bytes and non-negative. The callers add
 * "exactly the expected elements and nothing after them"; everything
 * else, BER that another parser might accept included, is refused: two
 * parsers that disagree about a key are a classic source of bugs.
 */
#ifndef ZC_CORE_DER_H
#define ZC_CORE_DER_H

#include <stddef.h>
#include <stdint.h>

#define ZC_DER_INTEGER 0x02
#define ZC_DER_BIT_STRING 0x03
#define ZC_DER_OCTET_STRING 0x04
#define ZC_DER_NULL 0x05
#define ZC_DER_OID 0x06
#define ZC_DER_SEQUENCE 0x30
#define ZC_DER_CTX0 0xa0        /* [0]: PKCS#8 attributes, SEC1 parameters */
#define ZC_DER_CTX1 0xa1        /* [1]: SEC1 public key */

/* What is left to read, or one element's contents. */
struct zc_der {
    const uint8_t *p;
    size_t len;
};

/* The next element, which must have the given tag: its contents into
 * *out and the cursor past it. 0 on success, -1 for anything not DER. */
static inline int zc_der_get(struct zc_der *c, uint8_t tag, struct zc_der *out)
{
    size_t l, hdr = 2;

    if (c->len < 2 || c->p[0] != tag)
        return -1;
    l = c->p[1];
    if (l & 0x80) {
        size_t nb = l & 0x7f, i;

        /* 0x80 is the indefinite form; more than 3 length bytes is far beyond any key */
        if (nb == 0 || nb > 3 || c->len < 2 + nb || c->p[2] == 0)
            return -1;
        for (l = 0, i = 0; i < nb; i++)
            l = l << 8 | c->p[2 + i];
        if (l < 128)
            return -1;          /* the short form was required */
        hdr += nb;
    }
    if (l > c->len - hdr)
        return -1;
    out->p = c->p + hdr;
    out->len = l;
    c->p += hdr + l;
    c->len -= hdr + l;
    return 0;
}

/* 1 when the next element has the given tag (an optional field). */
static inline int zc_der_peek(const struct zc_der *c, uint8_t tag)
{
    return c->len > 0 && c->p[0] == tag;
}

/* An OBJECT IDENTIFIER's contents, as X.690 8.19 encodes them: at least
 * one byte, each subidentifier in the fewest bytes (none begins with
 * 0x80) and the last one ended (a final byte below 0x80). 0 on success,
 * -1 otherwise. */
static inline int zc_der_oid(struct zc_der *c, struct zc_der *out)
{
    size_t i;

    if (zc_der_get(c, ZC_DER_OID, out) || out->len == 0 || (out->p[out->len - 1] & 0x80))
        return -1;
    for (i = 0; i < out->len; i++)
        if (out->p[i] == 0x80 && (i == 0 || !(out->p[i - 1] & 0x80)))
            return -1;
    return 0;
}

/* A BIT STRING's contents bs (from zc_der_get) with no unused bits: the
 * leading count of unused bits must be 0 and is dropped in place, so that
 * bs holds the octets. 0 on success, -1 otherwise. */
static inline int zc_der_bits(struct zc_der *bs)
{
    if (bs->len < 1 || bs->p[0] != 0)
        return -1;
    bs->p++;
    bs->len--;
    return 0;
}

/* A non-negative minimal INTEGER's magnitude, without its sign byte (a
 * zero stays one byte long). 0 on success, -1 otherwise. */
static inline int zc_der_uint(struct zc_der *c, struct zc_der *out)
{
    if (zc_der_get(c, ZC_DER_INTEGER, out) || out->len == 0 || (out->p[0] & 0x80))
        return -1;
    if (out->len > 1 && out->p[0] == 0) {
        if (!(out->p[1] & 0x80))
            return -1;          /* a leading zero byte that is not a sign byte */
        out->p++;
        out->len--;
    }
    return 0;
}

#endif /* ZC_CORE_DER_H */
