/*
 * rsa_cex.c - the raw RSA operations on a Crypto Express adapter.
 *
 * The device calls (lib/linux/z90crypt.c, behind platform.h) take the
 * operands as <asm/zcrypt.h> lays them out; this file builds them from the
 * key with the constant-time bignum core, and guards the private
 * operation as the software one does (rsa_crt.c):
 *   1. Blinding (rsa_blind.c): a fresh random r < n per call,
 *      x' = x r^e mod n, so the adapter (and the path to it) never sees
 *      the caller's value; the answer is unblinded with r^-1 mod n.
 *   2. CRT fields as libica sends them: p > q (every key holds them so
 *      ordered: rsa.c reorders at import), bp, np and u in len/2 + 8
 *      bytes, bq and nq in len/2 bytes, len even: a modulus of an odd byte length is sent with one
 *      leading zero byte. Only a key whose larger prime fits len/2 bytes
 *      (so do its dp and u) is offloaded, behind 8 zero bytes: accelerator
 *      cards read just those bytes (libica's rule); a key with uneven
 *      primes (say 1032/1016 bits) answers ZC_ENOTSUP here, and an AUTO
 *      key then runs in software.
 *   3. Verification (rsa_blind.c): y^e mod n must give back x before y
 *      is released, so a faulty adapter's answer is caught and cannot
 *      leak a prime (Boneh, DeMillo and Lipton 1997): ZC_EKEY when the
 *      key's private parts do not match (the software path's code for
 *      the same key), else ZC_EDEVICE.
 * ZC_ENOTSUP means "not on an adapter": none answers (for an AUTO key also
 * a device node it may not open), the key is larger than CEX takes (4096
 * bits), or its primes are too uneven; rsa.c falls back for an AUTO key.
 */
#include "rsa_cex.h"
#include "core/platform.h"
#include "core/util.h"
#include "core/ct.h"
#include "bn/bn.h"
#include "rsa_sw.h"

#define HALF_MAX (ZC_CEX_MAX_LEN / 2)

/*
 * A device node this process may not open (EACCES, EPERM): for an AUTO key
 * no adapter answers (ZC_ENOTSUP, software runs), a CEX key fails with
 * ZC_EDEVICE (the fix is a permission, not a fallback).
 */
static int cex_rc(const zc_rsa_key *k, int rc)
{
    if (rc == ZC_PLAT_CEX_DENIED)
        return k->zc_backend == ZC_BACKEND_CEX ? ZC_EDEVICE : ZC_ENOTSUP;
    return rc;
}

int zc_rsa_cex_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    const size_t nl = zc_bn_limbs(k->zc_bits), len = (k->zc_bits + 7) / 8;
    uint8_t eb[ZC_CEX_MAX_LEN], nb[ZC_CEX_MAX_LEN], res[ZC_CEX_MAX_LEN];
    uint64_t x[ZC_BN_MAX_LIMBS / 2], below;
    int rc;

    if (len > ZC_CEX_MAX_LEN)
        return ZC_ENOTSUP;
    zc_bn_decode(x, nl, in, len);
    below = zc_bn_lt(x, k->zc_n, nl);
    zc_ct_declassify(&below, sizeof below);
    if (!below)
        return ZC_EINVAL;
    zc_bn_encode(eb, len, k->zc_e, nl);
    zc_bn_encode(nb, len, k->zc_n, nl);
    rc = cex_rc(k, zc_plat_cex_modexpo(in, eb, nb, res, len));
    if (rc != ZC_OK)
        return rc;
    /* an answer that is no residue mod n is the device's fault */
    zc_bn_decode(x, nl, res, len);
    if (!zc_bn_lt(x, k->zc_n, nl))
        return ZC_EDEVICE;
    memcpy(out, res, len);
    return ZC_OK;
}

/* The CRT fields in the adapter's order and sizes; ZC_ENOTSUP if they do not fit. */
struct crt_fields {
    uint8_t bp[HALF_MAX + 8], bq[HALF_MAX], np[HALF_MAX + 8], nq[HALF_MAX], u[HALF_MAX + 8];
};

static int crt_fields(const zc_rsa_key *k, size_t half, struct crt_fields *f)
{
    const size_t pl = zc_bn_limbs(k->zc_pbits), ql = zc_bn_limbs(k->zc_qbits);

    /*
     * Every key holds the larger prime first (rsa.c reorders at import,
     * key generation makes it so), with qInv for that order: the fields
     * are the key's own. libica's rule: accelerator (type 50) cards read
     * bp, np and u at offset 8 of their fields for only half the (even)
     * length and drop the rest, so a larger prime would be cut and the
     * card answer wrong. dp and u are below p: p's length decides for all.
     */
    if ((k->zc_pbits + 7) / 8 > half || (k->zc_qbits + 7) / 8 > half)
        return ZC_ENOTSUP;
    zc_bn_encode(f->u, half + 8, k->zc_qinv, pl);
    zc_bn_encode(f->bp, half + 8, k->zc_dp, pl);
    zc_bn_encode(f->np, half + 8, k->zc_p, pl);
    zc_bn_encode(f->bq, half, k->zc_dq, ql);
    zc_bn_encode(f->nq, half, k->zc_q, ql);
    return ZC_OK;
}

int zc_rsa_cex_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    const size_t nl = zc_bn_limbs(k->zc_bits), len = (k->zc_bits + 7) / 8;
    const size_t elen = len + (len & 1), pad = elen - len;
    uint64_t x[ZC_BN_MAX_LIMBS / 2], r[ZC_BN_MAX_LIMBS / 2], rinv[ZC_BN_MAX_LIMBS / 2];
    uint64_t t[ZC_BN_MAX_LIMBS / 2], y[ZC_BN_MAX_LIMBS / 2], ok;
    uint8_t xin[ZC_CEX_MAX_LEN], res[ZC_CEX_MAX_LEN];
    struct crt_fields f;
    enum zc_cex_state st;
    int rc;

    if (elen > ZC_CEX_MAX_LEN)
        return ZC_ENOTSUP;
    /* no adapter: say so before any work, so that the fallback pays nothing;
     * a device that cannot be asked gets the request and reports its error */
    st = zc_plat_cex_state();
    if (st != ZC_CEX_ONLINE && st != ZC_CEX_FAILED)
        return ZC_ENOTSUP;
    zc_bn_decode(x, nl, in, len);
    ok = zc_bn_lt(x, k->zc_n, nl);
    zc_ct_declassify(&ok, sizeof ok);
    if (!ok)
        return ZC_EINVAL;
    rc = crt_fields(k, elen / 2, &f);
    if (rc == ZC_OK)
        rc = zc_rsa_blind_modn(k, r, rinv);
    if (rc != ZC_OK)
        goto out;

    /* t = x r^e mod n, sent right-justified in elen bytes */
    zc_rsa_blind_apply(k, t, x, r);
    zc_bn_encode(xin, elen, t, nl);
    rc = cex_rc(k, zc_plat_cex_crt(xin, elen, f.bp, f.bq, f.np, f.nq, f.u, res));
    if (rc != ZC_OK)
        goto out;

    /* the answer must be a residue mod n (no bytes beyond the modulus) */
    ok = zc_bn_decode(y, nl, res + pad, len) && (pad == 0 || res[0] == 0);
    ok &= zc_bn_lt(y, k->zc_n, nl);
    zc_ct_declassify(&ok, sizeof ok);
    if (!ok) {
        rc = ZC_EDEVICE;
        goto out;
    }
    /* y = (x r^e)^d r^-1 = x^d mod n */
    zc_bn_montmul(y, y, k->zc_nr2, k->zc_n, nl, k->zc_n0i);
    zc_bn_montmul(y, y, rinv, k->zc_n, nl, k->zc_n0i);

    /* a wrong answer: the key's parts do not match (ZC_EKEY, as in
     * software), or else the adapter computed wrong (ZC_EDEVICE) */
    if (!zc_rsa_release(k, x, y, t, out, len))
        rc = zc_rsa_key_consistent(k) ? ZC_EDEVICE : ZC_EKEY;
out:
    zc_wipe(x, sizeof x);
    zc_wipe(r, sizeof r);
    zc_wipe(rinv, sizeof rinv);
    zc_wipe(t, sizeof t);
    zc_wipe(y, sizeof y);
    zc_wipe(xin, sizeof xin);
    zc_wipe(res, sizeof res);
    zc_wipe(&f, sizeof f);
    return rc;
}
