/*
 * ec_key.c - EC key objects: import of a private scalar or a public
 * point (with validation), generation (FIPS 186-5 A.2.2 on the NIST
 * curves; RFC 7748's clamped random bytes for X25519/X448; b random
 * bytes as the RFC 8032 seed for Ed25519/Ed448), the public key, the
 * backend, wiping.
 *
 * An X25519/X448 key keeps RFC 7748's bytes as given: the scalar
 * unclamped (clamped at each use, in ec_x25519.c / ec_x448.c), the public
 * u as imported (top bit and values >= p included: the ladder masks and
 * reduces), so that a key re-exports exactly what it was made from. A
 * private X key's public key is X25519(k, 9) / X448(k, 5).
 *
 * An Ed25519/Ed448 key keeps the seed (b bytes, RFC 8032 5.1.5 / 5.2.5)
 * and its public key A = encode([s]B), s the clamped first half of
 * H(seed); a public-only key keeps A as given, checked canonical, on the
 * curve and not the neutral element. Under the hardware-only policy the
 * import's H(seed) runs in software where KIMD/KLMD lack the hash
 * (core/hash_public.h): the derivation of a public key, which API.md
 * allows.
 *
 * Both public keys come from PCC where its code for the curve is usable
 * and self-tested (72/73 for Ed, 80/81 for X, ec_cpacf.c), as the NIST
 * curves' do from 64-66, else from the software cores; PCC's Ed result
 * is checked to decode as a curve point before it is kept.
 */
#include <zcrypt/random.h>

#include "ec_ed.h"
#include "ec_int.h"
#include "core/ct.h"
#include "core/policy.h"
#include "core/util.h"

_Static_assert(sizeof(zc_ec_key) == 640, "zc_ec_key is reserved at 640 bytes (0.x ABI)");
_Static_assert(sizeof(((zc_ec_key *)0)->zc_priv) >= ZC_EC_MAX_F, "room for d");
_Static_assert(sizeof(((zc_ec_key *)0)->zc_pub) >= ZC_EC_MAX_PUBLIC, "room for Q");

const struct zc_ec_curve_sw *zc_ec_nist(enum zc_ec_curve curve)
{
    switch (curve) {
    case ZC_EC_P256: return zc_ec_sw_curve(0);
    case ZC_EC_P384: return zc_ec_sw_curve(1);
    case ZC_EC_P521: return zc_ec_sw_curve(2);
    default:         return NULL;
    }
}

int zc_ec_curve_check(enum zc_ec_curve curve)
{
    return zc_ec_nist(curve) != NULL || zc_ec_is_x(curve) || zc_ec_ed(curve) != NULL
               ? ZC_OK : ZC_EINVAL;
}

size_t zc_ec_field_size(enum zc_ec_curve curve)
{
    switch (curve) {
    case ZC_EC_P256:    return 32;
    case ZC_EC_P384:    return 48;
    case ZC_EC_P521:    return 66;
    case ZC_EC_ED25519: return 32;
    case ZC_EC_ED448:   return 57;
    case ZC_EC_X25519:  return 32;
    case ZC_EC_X448:    return 56;
    default:            return 0;
    }
}

const struct zc_ec_curve_sw *zc_ec_key_sw(const zc_ec_key *k)
{
    if (!zc_ec_key_ok(k))
        return NULL;
    return zc_ec_nist((enum zc_ec_curve)k->zc_curve);
}

int zc_ec_x(enum zc_ec_curve curve, int hw, uint8_t *out, const uint8_t *k, const uint8_t *u,
            uint64_t *zero)
{
    size_t f = zc_ec_field_size(curve), i;
    uint64_t acc = 0;

    if (!hw) {
        *zero = curve == ZC_EC_X25519 ? zc_x25519(out, k, u) : zc_x448(out, k, u);
        return ZC_OK;
    }
    if (zc_ec_cpacf_x(curve, out, k, u) != ZC_OK) {
        zc_wipe(out, f);
        return ZC_EDEVICE;
    }
    for (i = 0; i < f; i++)
        acc |= out[i];
    *zero = zc_ct_iszero(acc);
    return ZC_OK;
}

void zc_ec_key_point(const zc_ec_key *k, struct zc_ec_pt *q)
{
    const struct zc_ec_curve_sw *c = zc_ec_key_sw(k);

    memset(q, 0, sizeof *q);
    zc_ec_from_bytes(&c->p, q->x, k->zc_pub + 1, c->flen);
    zc_ec_from_bytes(&c->p, q->y, k->zc_pub + 1 + c->flen, c->flen);
    zc_ec_to_mont(&c->p, q->x, q->x);
    zc_ec_to_mont(&c->p, q->y, q->y);
    memcpy(q->z, c->p.one, sizeof q->z);
}

int zc_ec_where(const zc_ec_key *k, enum zc_ec_op op)
{
    /* a protected key's public operations are an AUTO key's (its signing
     * never gets here: KDSA 17-19, 48, 52 only) */
    enum zc_backend be = zc_ec_key_prot(k) ? ZC_BACKEND_AUTO : (enum zc_backend)k->zc_backend;
    int hw = 0;

    if (be != ZC_BACKEND_SOFTWARE)
        hw = zc_ec_cpacf_ok((enum zc_ec_curve)k->zc_curve, op);
    if (hw)
        return 1;
    if (be == ZC_BACKEND_CPACF || zc_policy_hw_only())
        return ZC_ENOTSUP;              /* no usable code, or software refused */
    return 0;
}

int zc_ec_room(size_t *len, size_t need)
{
    if (*len < need) {
        *len = need;
        return ZC_ENOMEM;
    }
    return ZC_OK;
}

int zc_ec_overlap(const void *out, size_t out_len, const void *in, size_t in_len)
{
    uintptr_t a = (uintptr_t)out, b = (uintptr_t)in;

    if (out_len == 0 || in_len == 0 || out == NULL || in == NULL)
        return 0;
    return a < b + in_len && b < a + out_len;
}

static void begin(zc_ec_key *k, enum zc_ec_curve curve)
{
    zc_wipe(k, sizeof *k);
    k->zc_curve = (uint8_t)curve;
    k->zc_flen = (uint8_t)zc_ec_field_size(curve);
    k->zc_backend = ZC_BACKEND_AUTO;
}

/* An X key from its scalar (f bytes, any value): the public key is the
 * ladder on the base point u = 9 / u = 5, never all zero (a clamped scalar
 * is a non-zero multiple of the cofactor below the prime order's
 * multiple, and the base point has prime order). */
static int set_private_x(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *d)
{
    uint8_t base[ZC_X448_LEN] = { 0 };
    uint64_t zero;
    int rc;

    begin(k, curve);
    base[0] = curve == ZC_EC_X25519 ? 9 : 5;
    memcpy(k->zc_priv, d, k->zc_flen);
    rc = zc_ec_x(curve, zc_ec_cpacf_ok(curve, ZC_EC_OP_MUL), k->zc_pub, d, base, &zero);
    zc_ct_declassify(&zero, sizeof zero);
    if (rc != ZC_OK || zero) {          /* all zero cannot be the answer (above): a fault */
        zc_wipe(k, sizeof *k);
        return ZC_EDEVICE;
    }
    zc_ct_declassify(k->zc_pub, k->zc_flen);    /* the public key is public */
    k->zc_private = 1;
    k->zc_magic = ZC_EC_MAGIC;
    return ZC_OK;
}

/* An Ed key from its seed (b bytes, any value): A = encode([s]B), s the
 * clamped first half of H(seed), hashed as an import's (exempt from the
 * hardware-only policy: the result is the public key). */
static int set_private_ed(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *seed)
{
    const struct zc_ed_curve *c = zc_ec_ed(curve);
    uint8_t h[2 * ZC_ED448_LEN];
    int rc;

    begin(k, curve);
    rc = zc_ec_ed_expand(c, seed, h, ZC_BACKEND_AUTO, 1);
    if (rc != ZC_OK) {
        zc_wipe(k, sizeof *k);
        return rc;
    }
    memcpy(k->zc_priv, seed, c->b);
    if (zc_ec_cpacf_ok(curve, ZC_EC_OP_MUL)) {
        /* PCC 72/73, the point checked before it is kept */
        rc = zc_ec_cpacf_ed_pub(curve, h, k->zc_pub);
        if (rc != ZC_OK) {
            zc_wipe(h, sizeof h);
            zc_wipe(k, sizeof *k);
            return rc;
        }
    } else {
        c->pub(k->zc_pub, h);
    }
    zc_ct_declassify(k->zc_pub, c->b);  /* A is public */
    zc_wipe(h, sizeof h);
    k->zc_private = 1;
    k->zc_magic = ZC_EC_MAGIC;
    return ZC_OK;
}

/* Q = d G in software: affine, plain, as bytes (1 <= d < n: never
 * infinity). */
static void derive_sw(const struct zc_ec_curve_sw *c, const uint8_t *d, uint8_t *qx,
                      uint8_t *qy)
{
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS];
    struct zc_ec_pt q;

    zc_ec_mul(c, &q, d, NULL);
    zc_ec_pt_affine(c, x, y, &q);
    zc_ec_from_mont(&c->p, x, x);
    zc_ec_from_mont(&c->p, y, y);
    zc_ec_to_bytes(qx, c->flen, x);
    zc_ec_to_bytes(qy, c->flen, y);
    zc_wipe(&q, sizeof q);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
}

int zc_ec_point_ok(const struct zc_ec_curve_sw *c, const uint8_t *px, const uint8_t *py)
{
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], ok;

    ok = zc_ec_from_bytes(&c->p, x, px, c->flen) & zc_ec_from_bytes(&c->p, y, py, c->flen);
    zc_ec_to_mont(&c->p, x, x);
    zc_ec_to_mont(&c->p, y, y);
    ok &= zc_ec_on_curve(c, x, y);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    zc_ct_declassify(&ok, sizeof ok);   /* a fault is refused publicly */
    return (int)ok;
}

int zc_ec_key_set_private(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *d)
{
    const struct zc_ec_curve_sw *c = zc_ec_nist(curve);
    uint64_t dl[ZC_EC_LIMBS], ok;
    uint8_t *qx, *qy;

    if (zc_ec_is_x(curve))
        return set_private_x(k, curve, d);
    if (zc_ec_is_ed(curve))
        return set_private_ed(k, curve, d);
    begin(k, curve);
    ok = zc_ec_from_bytes(&c->n, dl, d, c->flen) & (zc_ec_is_zero(&c->n, dl) ^ 1);
    zc_ct_declassify(&ok, sizeof ok);   /* a bad scalar is refused, publicly */
    zc_wipe(dl, sizeof dl);
    if (!ok) {
        zc_wipe(k, sizeof *k);
        return ZC_EINVAL;
    }
    memcpy(k->zc_priv, d, c->flen);
    qx = k->zc_pub + 1;
    qy = k->zc_pub + 1 + c->flen;
    /* The key is AUTO: PCC where its code is usable and self-tested, else
     * software, also under the hardware-only policy (a public key is
     * public data). PCC's point is checked on the curve before it is
     * kept: a cheap guard against a fault. */
    if (zc_ec_cpacf_ok(curve, ZC_EC_OP_MUL)) {
        if (zc_ec_cpacf_mul(curve, NULL, NULL, d, qx, qy) != ZC_OK ||
            !zc_ec_point_ok(c, qx, qy)) {
            zc_wipe(k, sizeof *k);
            return ZC_EDEVICE;
        }
    } else {
        derive_sw(c, d, qx, qy);
    }
    k->zc_pub[0] = 0x04;
    zc_ct_declassify(k->zc_pub, 1 + 2 * c->flen);     /* Q is public */
    k->zc_private = 1;
    k->zc_magic = ZC_EC_MAGIC;
    return ZC_OK;
}

int zc_ec_key_from_private(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *priv,
                           size_t priv_len)
{
    int rc;

    if (k == NULL)
        return ZC_EINVAL;
    rc = zc_ec_curve_check(curve);
    if (rc == ZC_OK && (priv == NULL || priv_len != zc_ec_field_size(curve)))
        rc = ZC_EINVAL;
    if (rc == ZC_OK && zc_ec_overlap(k, sizeof *k, priv, priv_len))
        rc = ZC_EINVAL;
    if (rc != ZC_OK) {
        zc_wipe(k, sizeof *k);
        return rc;
    }
    return zc_ec_key_set_private(k, curve, priv);
}

int zc_ec_key_from_public(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *pub,
                          size_t pub_len)
{
    const struct zc_ec_curve_sw *c;
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS];
    size_t f;
    int rc;

    if (k == NULL)
        return ZC_EINVAL;
    rc = zc_ec_curve_check(curve);
    if (rc != ZC_OK || pub == NULL || zc_ec_overlap(k, sizeof *k, pub, pub_len)) {
        zc_wipe(k, sizeof *k);
        return rc != ZC_OK ? rc : ZC_EINVAL;
    }
    if (zc_ec_is_8410(curve)) {
        /* RFC 7748: any f bytes are a u-coordinate; RFC 8032: A must be a
         * canonical encoding of a point other than the neutral element.
         * Both are kept as given. */
        if (pub_len != zc_ec_field_size(curve) ||
            (zc_ec_is_ed(curve) && !zc_ec_ed(curve)->pub_ok(pub))) {
            zc_wipe(k, sizeof *k);
            return ZC_EINVAL;
        }
        begin(k, curve);
        memcpy(k->zc_pub, pub, pub_len);
        k->zc_magic = ZC_EC_MAGIC;
        return ZC_OK;
    }
    c = zc_ec_nist(curve);
    f = c->flen;
    begin(k, curve);
    if (pub_len == 2 * f + 1 && pub[0] == 0x04) {
        if (!zc_ec_from_bytes(&c->p, x, pub + 1, f) || !zc_ec_from_bytes(&c->p, y, pub + 1 + f, f))
            goto bad;
        zc_ec_to_mont(&c->p, x, x);
        zc_ec_to_mont(&c->p, y, y);
        if (!zc_ec_on_curve(c, x, y))
            goto bad;
    } else if (pub_len == f + 1 && (pub[0] == 0x02 || pub[0] == 0x03)) {
        if (!zc_ec_from_bytes(&c->p, x, pub + 1, f))
            goto bad;
        zc_ec_to_mont(&c->p, x, x);
        if (!zc_ec_solve_y(c, y, x, pub[0] & 1))
            goto bad;
    } else {
        goto bad;                       /* 00 (infinity), 06/07 (hybrid), lengths */
    }
    zc_ec_from_mont(&c->p, x, x);
    zc_ec_from_mont(&c->p, y, y);
    k->zc_pub[0] = 0x04;
    zc_ec_to_bytes(k->zc_pub + 1, f, x);
    zc_ec_to_bytes(k->zc_pub + 1 + f, f, y);
    k->zc_magic = ZC_EC_MAGIC;
    return ZC_OK;
bad:
    zc_wipe(k, sizeof *k);
    return ZC_EINVAL;
}

/* X25519/X448: f random bytes, clamped (RFC 7748 section 5) so that the
 * stored scalar is the one used. Ed25519/Ed448: b random bytes, the seed
 * (RFC 8032 5.1.5 / 5.2.5). */
static int generate_8410(zc_ec_key *k, enum zc_ec_curve curve, int hw)
{
    uint8_t d[ZC_ED448_LEN];
    size_t f = zc_ec_field_size(curve);
    int rc;

    zc_ec_count_curve(curve, hw ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE, 0, f);
    rc = zc_random_bytes(d, f);
    if (rc == ZC_OK) {
        if (curve == ZC_EC_X25519) {
            d[0] &= 248;
            d[31] = (uint8_t)((d[31] & 127) | 64);
        } else if (curve == ZC_EC_X448) {
            d[0] &= 252;
            d[55] |= 128;
        }
        rc = zc_ec_key_set_private(k, curve, d);
    } else {
        zc_wipe(k, sizeof *k);
    }
    zc_wipe(d, sizeof d);
    return rc;
}

/* FIPS 186-5 A.2.2 (rejection sampling): c of N random bits; c > n - 2 is
 * rejected; d = c + 1. Rejections are public (they say nothing of the d
 * that is kept). */
int zc_ec_key_generate(zc_ec_key *k, enum zc_ec_curve curve)
{
    const struct zc_ec_curve_sw *c;
    uint8_t d[ZC_EC_MAX_F];
    uint64_t cl[ZC_EC_LIMBS], carry, ok;
    unsigned tries, i;
    int rc, hw;

    if (k == NULL)
        return ZC_EINVAL;
    rc = zc_ec_curve_check(curve);
    /* the public key on PCC where its code is usable (set_private's
     * choice), else in software, which the hardware-only policy refuses */
    hw = rc == ZC_OK && zc_ec_cpacf_ok(curve, ZC_EC_OP_MUL);
    if (rc == ZC_OK && !hw && zc_policy_hw_only())
        rc = ZC_ENOTSUP;
    if (rc != ZC_OK) {
        zc_wipe(k, sizeof *k);
        return rc;
    }
    if (zc_ec_is_8410(curve))
        return generate_8410(k, curve, hw);     /* counts its own generation */
    c = zc_ec_nist(curve);
    zc_ec_count_curve(curve, hw ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE, 0, c->flen);
    for (tries = 0; tries < 64; tries++) {
        rc = zc_random_bytes(d, c->flen);
        if (rc != ZC_OK)
            break;
        if (c->bits % 8)
            d[0] &= (uint8_t)((1u << (c->bits % 8)) - 1);
        zc_ec_from_bytes(&c->n, cl, d, c->flen);
        carry = 1;                      /* d = c + 1 */
        for (i = 0; i < c->n.limbs; i++) {
            cl[i] += carry;
            carry = zc_ct_iszero(cl[i]) & carry;
        }
        zc_ec_to_bytes(d, c->flen, cl);        /* c + 1 < n, and no carry out */
        ok = zc_ec_from_bytes(&c->n, cl, d, c->flen) & (carry ^ 1);
        zc_ct_declassify(&ok, sizeof ok);
        if (ok) {
            rc = zc_ec_key_set_private(k, curve, d);
            zc_wipe(d, sizeof d);
            zc_wipe(cl, sizeof cl);
            return rc;
        }
    }
    zc_wipe(d, sizeof d);
    zc_wipe(cl, sizeof cl);
    zc_wipe(k, sizeof *k);
    return rc != ZC_OK ? rc : ZC_EDEVICE;
}

int zc_ec_key_public(const zc_ec_key *k, uint8_t *pub, size_t *pub_len)
{
    size_t need;
    int rc;

    if (!zc_ec_key_ok(k) || pub_len == NULL || zc_bad_ptr(pub, *pub_len))
        return ZC_EINVAL;
    need = zc_ec_pub_len(k);
    rc = zc_ec_room(pub_len, need);
    if (rc != ZC_OK)
        return rc;
    if (zc_ec_overlap(pub, need, k, sizeof *k))
        return ZC_EINVAL;
    memcpy(pub, k->zc_pub, need);
    *pub_len = need;
    return ZC_OK;
}

void zc_ec_key_wipe(zc_ec_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof *k);
}

enum zc_ec_curve zc_ec_key_curve(const zc_ec_key *k)
{
    return zc_ec_key_ok(k) ? (enum zc_ec_curve)k->zc_curve : ZC_EC_P256;
}

int zc_ec_key_set_backend(zc_ec_key *k, enum zc_backend b)
{
    if (!zc_ec_key_ok(k) ||
        (b != ZC_BACKEND_AUTO && b != ZC_BACKEND_CPACF && b != ZC_BACKEND_SOFTWARE))
        return ZC_EINVAL;
    if (zc_ec_key_prot(k))              /* it stays CPACF: it never runs software */
        return b == ZC_BACKEND_SOFTWARE ? ZC_EINVAL : ZC_OK;
    k->zc_backend = (uint8_t)b;
    return ZC_OK;
}

enum zc_backend zc_ec_key_backend(const zc_ec_key *k)
{
    return zc_ec_key_ok(k) ? (enum zc_backend)k->zc_backend : ZC_BACKEND_AUTO;
}
