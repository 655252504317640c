/*
 * rsa_crt.c - the RSA public and private operations in software.
 *
 * Private operation (RFC 8017, 5.1.2, second form), hardened:
 *   1. Base blinding (Kocher 1996; as in most libraries): a fresh random
 *      r < n per call, x' = x r^e mod n, so the exponentiations see a
 *      value unrelated to the input; at the end y = y' r^-1 mod n.
 *   2. CRT: m1 = x'^dP mod p, m2 = x'^dQ mod q with the constant-time
 *      fixed-window exponentiation, h = qInv (m1 - m2) mod p,
 *      y' = m2 + q h (Garner).
 *   3. Verification: y^e mod n must give back x before y is released. A
 *      fault in one CRT half would otherwise hand out a signature that
 *      reveals a prime (Boneh, DeMillo and Lipton 1997; Lenstra's gcd).
 * The sizes of p, q and n are public; nothing branches on their values.
 */
#include <zcrypt/random.h>

#include "rsa_sw.h"
#include "bn/bn.h"
#include "../ct.h"
#include "../util.h"

/* How often a blinding factor without an inverse mod n is drawn again. */
#define BLIND_TRIES 8

void zc_rsa_sw_precompute(zc_rsa_key *k)
{
    size_t nl = zc_bn_limbs(k->zc_bits);

    k->zc_n0i = zc_bn_m0i(k->zc_n[0]);
    zc_bn_r2(k->zc_nr2, k->zc_n, nl);
    if (k->zc_private) {
        size_t pl = zc_bn_limbs(k->zc_pbits), ql = zc_bn_limbs(k->zc_qbits);

        k->zc_p0i = zc_bn_m0i(k->zc_p[0]);
        k->zc_q0i = zc_bn_m0i(k->zc_q[0]);
        zc_bn_r2(k->zc_pr2, k->zc_p, pl);
        zc_bn_r2(k->zc_qr2, k->zc_q, ql);
    }
}

int zc_rsa_sw_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    uint64_t x[ZC_BN_MAX_LIMBS], below;
    size_t nl = zc_bn_limbs(k->zc_bits), len = (k->zc_bits + 7) / 8;

    zc_bn_decode(x, nl, in, len);
    below = zc_bn_lt(x, k->zc_n, nl);
    zc_ct_declassify(&below, sizeof below);    /* a property of the caller's input */
    if (!below)
        return ZC_EINVAL;
    zc_bn_modexp_pub(x, k->zc_e, nl, k->zc_n, nl, k->zc_n0i, k->zc_nr2);
    zc_bn_encode(out, len, x, nl);
    return ZC_OK;
}

/* r: a random value below n with an inverse; rinv its inverse. */
static int blinding_factor(const zc_rsa_key *k, uint64_t *r, uint64_t *rinv)
{
    size_t nl = zc_bn_limbs(k->zc_bits), len = (k->zc_bits + 7) / 8;
    const size_t top = k->zc_bits - 1;
    uint8_t buf[ZC_RSA_MAX_PRIVATE_BITS / 8];
    uint64_t ok;
    size_t j;
    int i, rc = ZC_EDEVICE;

    for (i = 0; i < BLIND_TRIES; i++) {
        rc = zc_random_bytes(buf, len);
        if (rc != ZC_OK)
            break;
        zc_bn_decode(r, nl, buf, len);
        /* keep bits - 1 bits: r < 2^(bits-1) < n */
        r[top / 64] &= ((uint64_t)1 << (top % 64)) - 1;
        for (j = top / 64 + 1; j < nl; j++)
            r[j] = 0;
        memcpy(rinv, r, nl * sizeof r[0]);
        ok = zc_bn_modinv(rinv, k->zc_n, nl);   /* fails only for r = 0 or a factor of n */
        zc_ct_declassify(&ok, sizeof ok);
        if (ok)
            break;
        rc = ZC_EDEVICE;
    }
    zc_wipe(buf, sizeof buf);
    return rc;
}

int zc_rsa_sw_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    const size_t nl = zc_bn_limbs(k->zc_bits), len = (k->zc_bits + 7) / 8;
    const size_t pl = zc_bn_limbs(k->zc_pbits), ql = zc_bn_limbs(k->zc_qbits);
    uint64_t x[ZC_BN_MAX_LIMBS / 2], r[ZC_BN_MAX_LIMBS / 2], rinv[ZC_BN_MAX_LIMBS / 2];
    uint64_t y[ZC_BN_MAX_LIMBS / 2 + 1], t[ZC_BN_MAX_LIMBS / 2];
    uint64_t m1[ZC_BN_MAX_LIMBS / 4], m2[ZC_BN_MAX_LIMBS / 4], h[ZC_BN_MAX_LIMBS / 4];
    uint64_t ok;
    int rc;

    zc_bn_decode(x, nl, in, len);
    ok = zc_bn_lt(x, k->zc_n, nl);
    zc_ct_declassify(&ok, sizeof ok);
    if (!ok)
        return ZC_EINVAL;
    rc = blinding_factor(k, r, rinv);
    if (rc != ZC_OK)
        goto out;

    /* t = x r^e mod n */
    zc_bn_modexp_pub(r, k->zc_e, nl, k->zc_n, nl, k->zc_n0i, k->zc_nr2);
    zc_bn_montmul(t, x, k->zc_nr2, k->zc_n, nl, k->zc_n0i);
    zc_bn_montmul(t, t, r, k->zc_n, nl, k->zc_n0i);

    /* m1 = t^dP mod p, m2 = t^dQ mod q */
    zc_bn_reduce(m1, t, nl, k->zc_p, pl);
    zc_bn_modexp(m1, k->zc_dp, pl, k->zc_pbits, k->zc_p, pl, k->zc_p0i, k->zc_pr2);
    zc_bn_reduce(m2, t, nl, k->zc_q, ql);
    zc_bn_modexp(m2, k->zc_dq, ql, k->zc_qbits, k->zc_q, ql, k->zc_q0i, k->zc_qr2);

    /* h = qInv (m1 - m2) mod p */
    zc_bn_reduce(h, m2, ql, k->zc_p, pl);
    zc_bn_cadd(zc_bn_sub(h, m1, h, pl), h, k->zc_p, pl);
    zc_bn_montmul(h, h, k->zc_qinv, k->zc_p, pl, k->zc_p0i);
    zc_bn_montmul(h, h, k->zc_pr2, k->zc_p, pl, k->zc_p0i);

    /* y = m2 + q h (below n, so nl limbs hold it; pl + ql may be one more) */
    zc_bn_mul(y, h, pl, k->zc_q, ql);
    zc_bn_zero(t, nl);
    memcpy(t, m2, ql * sizeof m2[0]);
    zc_bn_add(y, y, t, nl);

    /* unblind: y = y r^-1 mod n */
    zc_bn_montmul(y, y, k->zc_nr2, k->zc_n, nl, k->zc_n0i);
    zc_bn_montmul(y, y, rinv, k->zc_n, nl, k->zc_n0i);

    /* verify with e before release */
    memcpy(t, y, nl * sizeof y[0]);
    zc_bn_modexp_pub(t, k->zc_e, nl, k->zc_n, nl, k->zc_n0i, k->zc_nr2);
    ok = zc_bn_eq(t, x, nl);
    zc_ct_declassify(&ok, sizeof ok);      /* whether the result is right is public */
    if (ok)
        zc_bn_encode(out, len, y, nl);
    else
        rc = ZC_EKEY;
out:
    zc_wipe(x, sizeof x);
    zc_wipe(r, sizeof r);
    zc_wipe(rinv, sizeof rinv);
    zc_wipe(y, sizeof y);
    zc_wipe(t, sizeof t);
    zc_wipe(m1, sizeof m1);
    zc_wipe(m2, sizeof m2);
    zc_wipe(h, sizeof h);
    return rc;
}
