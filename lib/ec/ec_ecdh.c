/*
 * ec_ecdh.c - ECDH on the NIST curves (SP 800-56A rev. 3, 5.7.1.2, the
 * shared secret Z without a KDF): the x-coordinate of d Q. The peer's Q
 * was validated when its key was made (coordinates below p, on the
 * curve; the point at infinity has no encoding that imports), and the
 * curves have cofactor 1, so d Q is never infinity for 1 <= d < n.
 */
#include "ec_int.h"
#include "core/ct.h"
#include "core/util.h"

int zc_ecdh(const zc_ec_key *priv, const zc_ec_key *peer, uint8_t *secret,
            size_t *secret_len)
{
    const struct zc_ec_curve_sw *c = zc_ec_key_sw(priv);
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], inf;
    struct zc_ec_pt q, r;
    uint8_t out[ZC_EC_MAX_F];
    size_t f;
    int rc;

    if (c == NULL || zc_ec_key_sw(peer) == NULL || !priv->zc_private ||
        priv->zc_curve != peer->zc_curve || secret_len == NULL ||
        zc_bad_ptr(secret, *secret_len))
        return ZC_EINVAL;
    f = c->flen;
    rc = zc_ec_room(secret_len, f);
    if (rc != ZC_OK)
        return rc;
    if (zc_ec_overlap(secret, f, priv, sizeof *priv) ||
        zc_ec_overlap(secret, f, peer, sizeof *peer))
        return ZC_EINVAL;
    rc = zc_ec_runs_sw(priv);
    if (rc != ZC_OK)
        return rc;
    zc_ec_count(priv, 0, f);
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
