/*
 * rsa_crt.c - the RSA public and private operations in software.
 *
 * Private operation (RFC 8017, 5.1.2, second form), hardened:
 *   1. Base blinding (rsa_blind.c): a fresh random r per call,
 *      x' = x r^e mod n, so the exponentiations see a value unrelated to
 *      the input. r is drawn as its two residues rp, rq (random, non-zero)
 *      and assembled here by CRT, so its inverse is needed only modulo
 *      each prime, where it costs a quarter of an inverse modulo n:
 *      x'^dP = x^dP rp (mod p), unblinded by rp^-1.
 *   2. CRT: m1 = x'^dP rp^-1 mod p, m2 = x'^dQ rq^-1 mod q with the
 *      constant-time fixed-window exponentiation, then Garner:
 *      h = qInv (m1 - m2) mod p, y = m2 + q h.
 *   3. Verification (rsa_blind.c): y^e mod n must give back x before y
 *      is released. A fault in one CRT half would otherwise hand out a
 *      signature that reveals a prime (Boneh, DeMillo and Lipton 1997;
 *      Lenstra's gcd).
 * The sizes of p, q and n are public; nothing branches on their values.
 */
#include "rsa_sw.h"
#include "bn/bn.h"
#include "core/ct.h"
#include "core/util.h"

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

/*
 * y (nl limbs) = the value that is a mod p and b mod q (Garner); b < q.
 * Every key holds p > q (rsa.c orders them at import, generation makes
 * them so), so b < p is its own residue: zero-extended to p's limbs, not
 * reduced (zc_bn_reduce's 64 ql shift-subtract passes, twice, were 7 %
 * of an RSA-2048 private operation on s390x).
 */
static void garner(const zc_rsa_key *k, uint64_t *y, const uint64_t *a, const uint64_t *b,
                   uint64_t *h, uint64_t *t)
{
    const size_t nl = zc_bn_limbs(k->zc_bits);
    const size_t pl = zc_bn_limbs(k->zc_pbits), ql = zc_bn_limbs(k->zc_qbits);

    /* h = qInv (a - b) mod p: a, b < p, so one conditional addition of p */
    zc_bn_zero(h, pl);
    memcpy(h, b, ql * sizeof b[0]);     /* ql <= pl: p > q */
    zc_bn_cadd(zc_bn_sub(h, a, h, pl), h, k->zc_p, pl);
    zc_bn_montmul(h, h, k->zc_qinv, k->zc_p, pl, k->zc_p0i);
    zc_bn_montmul(h, h, k->zc_pr2, k->zc_p, pl, k->zc_p0i);
    /* y = b + q h: below n, so nl limbs hold it (pl + ql may be one more) */
    zc_bn_mul(y, h, pl, k->zc_q, ql);
    zc_bn_zero(t, nl);
    memcpy(t, b, ql * sizeof b[0]);
    zc_bn_add(y, y, t, nl);
}

int zc_rsa_sw_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    const size_t nl = zc_bn_limbs(k->zc_bits), len = (k->zc_bits + 7) / 8;
    const size_t pl = zc_bn_limbs(k->zc_pbits), ql = zc_bn_limbs(k->zc_qbits);
    uint64_t x[ZC_BN_MAX_LIMBS / 2], r[ZC_BN_MAX_LIMBS / 2 + 1];
    uint64_t y[ZC_BN_MAX_LIMBS / 2 + 1], t[ZC_BN_MAX_LIMBS / 2];
    uint64_t m1[ZC_BN_MAX_LIMBS / 4], m2[ZC_BN_MAX_LIMBS / 4], h[ZC_BN_MAX_LIMBS / 4];
    uint64_t rp[ZC_BN_MAX_LIMBS / 4], rq[ZC_BN_MAX_LIMBS / 4];
    uint64_t rpinv[ZC_BN_MAX_LIMBS / 4], rqinv[ZC_BN_MAX_LIMBS / 4];
    uint64_t ok;
    int rc;

    zc_bn_decode(x, nl, in, len);
    ok = zc_bn_lt(x, k->zc_n, nl);
    zc_ct_declassify(&ok, sizeof ok);
    if (!ok)
        return ZC_EINVAL;
    /* r, the value that is rp mod p and rq mod q, blinds x */
    rc = zc_rsa_blind_crt(k, rp, rq, rpinv, rqinv);
    if (rc != ZC_OK)
        goto out;
    garner(k, r, rp, rq, h, t);
    zc_rsa_blind_apply(k, t, x, r);

    /* m1 = t^dP rp^-1 mod p, m2 = t^dQ rq^-1 mod q: (x r^e)^dP = x^dP r mod p */
    if (nl <= 2 * pl && k->zc_qbits <= 64 * pl)     /* t < p q < p 2^(64 pl): public sizes */
        zc_bn_mont_reduce(m1, t, nl, k->zc_p, pl, k->zc_p0i, k->zc_pr2);
    else
        zc_bn_reduce(m1, t, nl, k->zc_p, pl);
    zc_bn_modexp(m1, k->zc_dp, pl, k->zc_pbits, k->zc_p, pl, k->zc_p0i, k->zc_pr2);
    zc_bn_montmul(m1, m1, rpinv, k->zc_p, pl, k->zc_p0i);
    zc_bn_montmul(m1, m1, k->zc_pr2, k->zc_p, pl, k->zc_p0i);
    if (nl <= 2 * ql && k->zc_pbits <= 64 * ql)
        zc_bn_mont_reduce(m2, t, nl, k->zc_q, ql, k->zc_q0i, k->zc_qr2);
    else
        zc_bn_reduce(m2, t, nl, k->zc_q, ql);
    zc_bn_modexp(m2, k->zc_dq, ql, k->zc_qbits, k->zc_q, ql, k->zc_q0i, k->zc_qr2);
    zc_bn_montmul(m2, m2, rqinv, k->zc_q, ql, k->zc_q0i);
    zc_bn_montmul(m2, m2, k->zc_qr2, k->zc_q, ql, k->zc_q0i);

    /* y = x^d mod n from its two residues */
    garner(k, y, m1, m2, h, t);

    if (!zc_rsa_release(k, x, y, t, out, len))
        rc = ZC_EKEY;
out:
    zc_wipe(x, sizeof x);
    zc_wipe(r, sizeof r);
    zc_wipe(rp, sizeof rp);
    zc_wipe(rq, sizeof rq);
    zc_wipe(rpinv, sizeof rpinv);
    zc_wipe(rqinv, sizeof rqinv);
    zc_wipe(y, sizeof y);
    zc_wipe(t, sizeof t);
    zc_wipe(m1, sizeof m1);
    zc_wipe(m2, sizeof m2);
    zc_wipe(h, sizeof h);
    return rc;
}
