/*
 * ec_ecdh.c - ECDH on the NIST curves (SP 800-56A rev. 3, 5.7.1.2, the
 * shared secret Z without a KDF): the x-coordinate of d Q. The peer's Q
 * was validated when its key was made (coordinates below p, on the
 * curve; the point at infinity has no encoding that imports), and the
 * curves have cofactor 1, so d Q is never infinity for 1 <= d < n.
 *
 * X25519 and X448 (RFC 7748 section 6): the secret is X25519(k, u) /
 * X448(k, u) of the peer's u as imported (any bytes). A peer u of small
 * order gives all zero: refused (ZC_EINVAL, nothing written), as section
 * 6.1 recommends; twist points are computed like any other u.
 *
 * On PCC (where zc_ec_where() says so) the secret is the instruction's
 * resX for the NIST curves, the point it returns checked on the curve;
 * for X25519/X448 (80/81) its res_u, all zero refused as in software.
 */
#include "ec_int.h"
#include "core/ct.h"
#include "core/util.h"

static int ecdh_x(const zc_ec_key *priv, const zc_ec_key *peer, int hw, uint8_t *secret,
                  size_t *secret_len)
{
    enum zc_ec_curve curve = (enum zc_ec_curve)priv->zc_curve;
    uint8_t out[ZC_X448_LEN];
    size_t f = priv->zc_flen;
    uint64_t zero;
    int rc;

    rc = zc_ec_x(curve, hw, out, priv->zc_priv, peer->zc_pub, &zero);
    if (rc != ZC_OK)
        return rc;
    zc_ct_declassify(&zero, sizeof zero);       /* refused publicly, as RFC 7748 says */
    if (!zero) {
        memcpy(secret, out, f);
        *secret_len = f;
    }
    zc_wipe(out, sizeof out);
    return zero ? ZC_EINVAL : ZC_OK;
}

/* PCC: resX of d Q, Q the peer's point (validated at import). The whole
 * result is checked on the curve first: a fault gives no secret. */
static int ecdh_pcc(const struct zc_ec_curve_sw *c, const zc_ec_key *priv,
                    const zc_ec_key *peer, uint8_t *secret, size_t *secret_len)
{
    uint8_t x[ZC_EC_MAX_F], y[ZC_EC_MAX_F];
    size_t f = c->flen;
    int rc;

    rc = zc_ec_cpacf_mul((enum zc_ec_curve)priv->zc_curve, peer->zc_pub + 1,
                         peer->zc_pub + 1 + f, priv->zc_priv, x, y);
    if (rc == ZC_OK && !zc_ec_point_ok(c, x, y))
        rc = ZC_EDEVICE;
    if (rc == ZC_OK) {
        memcpy(secret, x, f);
        *secret_len = f;
    }
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    return rc;
}

int zc_ecdh(const zc_ec_key *priv, const zc_ec_key *peer, uint8_t *secret,
            size_t *secret_len)
{
    const struct zc_ec_curve_sw *c = zc_ec_key_sw(priv);
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], inf;
    struct zc_ec_pt q, r;
    uint8_t out[ZC_EC_MAX_F];
    size_t f;
    int rc, hw;

    if (!zc_ec_key_ok(priv) || !zc_ec_key_ok(peer) || !priv->zc_private ||
        priv->zc_curve != peer->zc_curve || secret_len == NULL ||
        zc_bad_ptr(secret, *secret_len))
        return ZC_EINVAL;
    if (c == NULL && !zc_ec_is_x((enum zc_ec_curve)priv->zc_curve))
        return ZC_EINVAL;               /* Ed25519/Ed448: no ECDH */
    if (zc_ec_key_prot(priv))
        return ZC_ENOTSUP;              /* no encrypted-key scalar multiplication */
    f = priv->zc_flen;
    rc = zc_ec_room(secret_len, f);
    if (rc != ZC_OK)
        return rc;
    if (zc_ec_overlap(secret, f, priv, sizeof *priv) ||
        zc_ec_overlap(secret, f, peer, sizeof *peer))
        return ZC_EINVAL;
    hw = zc_ec_where(priv, ZC_EC_OP_MUL);
    if (hw < 0)
        return hw;
    zc_ec_count(priv, hw, 0, f);
    if (c == NULL)
        return ecdh_x(priv, peer, hw, secret, secret_len);
    if (hw)
        return ecdh_pcc(c, priv, peer, secret, secret_len);
    zc_ec_key_point(peer, &q);
    zc_ec_mul(c, &r, priv->zc_priv, &q);
    inf = zc_ec_pt_affine(c, x, y, &r);
    zc_ec_from_mont(&c->p, x, x);
    zc_ec_to_bytes(out, f, x);
    zc_ct_declassify(&inf, sizeof inf);
    if (inf) {
        rc = ZC_EINVAL;                 /* cannot happen for a valid peer */
    } else {
        memcpy(secret, out, f);
        *secret_len = f;
    }
    zc_wipe(out, sizeof out);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    zc_wipe(&r, sizeof r);
    return rc;
}
