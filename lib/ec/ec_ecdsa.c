/*
 * ec_ecdsa.c - ECDSA's calls (FIPS 186-5 6.4): argument checks, the
 * digest to e, the nonce of RFC 6979 (section 3.2, deterministic; with
 * section 3.6's additional data k' = f fresh random bytes for the hedged
 * zc_ecdsa_sign), and the backend rule. The equations are ec_ecdsa_sw.c's.
 *
 * HMAC-DRBG runs on the library's own HMAC (zcrypt/hmac.h) with the
 * digest's hash, as RFC 6979 says. A candidate k outside [1, n-1], or one
 * that gives r = 0 or s = 0, is followed by the next candidate of the
 * same generator (section 3.2 step h.3), so no signature carries either.
 *
 * Where the key runs KDSA (zc_ec_where()), each candidate goes to the
 * machine under the deterministic modifier instead of the software
 * equation: one loop, one step that is either (sign_step). The hedged
 * call on KDSA uses the machine's own nonce with f fresh random bytes in
 * the block's random field (API.md), and verification checks the range
 * of r and s before KDSA evaluates the equation.
 */
#include <zcrypt/hmac.h>
#include <zcrypt/random.h>

#include "ec_int.h"
#include "core/ct.h"
#include "core/util.h"

/*
 * RFC 6979 2.3.2 bits2int and FIPS 186-5 6.4.1's e: the leftmost
 * min(8 len, N) bits of in as an f-byte big-endian integer (below 2^N).
 */
static void bits2int(const struct zc_ec_curve_sw *c, uint8_t *out, const uint8_t *in,
                     size_t len)
{
    size_t f = c->flen, i;
    unsigned shift;

    if (8 * len <= c->bits) {           /* short digest: not padded, just widened */
        memset(out, 0, f - len);
        memcpy(out + f - len, in, len);
        return;
    }
    memcpy(out, in, f);                 /* the leftmost 8f bits, then N of them */
    shift = (unsigned)(8 * f - c->bits);        /* 7 for P-521, else 0 */
    if (shift == 0)
        return;
    for (i = f; i-- > 0;)
        out[i] = (uint8_t)((out[i] >> shift) | (i ? out[i - 1] << (8 - shift) : 0));
}

struct drbg {
    enum zc_hash_alg alg;
    enum zc_backend be;
    size_t hlen;
    uint8_t k[ZC_HASH_MAX_SIZE], v[ZC_HASH_MAX_SIZE];
};

/* out = HMAC_K(V [|| sep || x || h || extra]) */
static int hmac_kv(struct drbg *g, uint8_t *out, int sep, const uint8_t *x, size_t xlen,
                   const uint8_t *h, size_t hlen, const uint8_t *extra, size_t elen)
{
    zc_hmac_ctx ctx;
    uint8_t s = (uint8_t)sep;
    int rc;

    rc = zc_hmac_init(&ctx, g->alg, g->k, g->hlen, g->be);
    if (rc == ZC_OK)
        rc = zc_hmac_update(&ctx, g->v, g->hlen);
    if (rc == ZC_OK && sep >= 0)
        rc = zc_hmac_update(&ctx, &s, 1);
    if (rc == ZC_OK && sep >= 0)
        rc = zc_hmac_update(&ctx, x, xlen);
    if (rc == ZC_OK && sep >= 0)
        rc = zc_hmac_update(&ctx, h, hlen);
    if (rc == ZC_OK && sep >= 0 && elen)
        rc = zc_hmac_update(&ctx, extra, elen);
    if (rc == ZC_OK)
        rc = zc_hmac_final(&ctx, out, g->hlen);
    zc_hmac_wipe(&ctx);
    return rc;
}

/* 1 when 1 <= k < n, constant-time; the answer is made public. */
static int scalar_ok(const struct zc_ec_curve_sw *c, const uint8_t *k)
{
    uint64_t l[ZC_EC_LIMBS], ok;

    ok = zc_ec_from_bytes(&c->n, l, k, c->flen) & (zc_ec_is_zero(&c->n, l) ^ 1);
    zc_wipe(l, sizeof l);
    zc_ct_declassify(&ok, sizeof ok);
    return (int)ok;
}

/*
 * One "sign with this nonce" step, in software or on KDSA: 1 signed (rs
 * written), 0 take the next nonce, or an error. A deterministic nonce
 * outside [1, n-1] is RFC 6979's next candidate on both backends, and so
 * is one KDSA finds unusable (cc 2), so both give the same bytes. A
 * hedged nonce on KDSA is the random field the machine mixes into its
 * own nonce, never checked here.
 */
static int sign_step(const struct zc_ec_curve_sw *c, const zc_ec_key *k, int hw, int hedged,
                     const uint8_t *nonce, const uint8_t *e, uint8_t *rs, unsigned *stalls)
{
    if (!(hw && hedged) && !scalar_ok(c, nonce))
        return 0;
    if (!hw)
        return zc_ec_sw_sign(c, k->zc_priv, nonce, e, rs);
    return zc_ec_cpacf_sign((enum zc_ec_curve)k->zc_curve, e, k->zc_priv, nonce, !hedged, rs,
                            stalls);
}

/* RFC 6979 3.2 b-g (with 3.6's k' when hedged): the generator's K and V. */
static int drbg_init(struct drbg *g, const struct zc_ec_curve_sw *c, const zc_ec_key *k,
                     enum zc_hash_alg alg, size_t hlen, const uint8_t *e, const uint8_t *kp,
                     size_t kplen)
{
    uint8_t h1[ZC_EC_MAX_F];
    uint64_t l[ZC_EC_LIMBS];
    size_t f = c->flen;
    int rc;

    zc_ec_from_bytes(&c->n, l, e, f);   /* h1's bits2octets is e mod n */
    zc_ec_reduce_once(&c->n, l);
    zc_ec_to_bytes(h1, f, l);
    g->alg = alg;
    g->be = k->zc_backend == ZC_BACKEND_SOFTWARE ? ZC_BACKEND_SOFTWARE : ZC_BACKEND_AUTO;
    g->hlen = hlen;
    memset(g->v, 0x01, hlen);
    memset(g->k, 0x00, hlen);
    rc = hmac_kv(g, g->k, 0x00, k->zc_priv, f, h1, f, kp, kplen);
    if (rc == ZC_OK)
        rc = hmac_kv(g, g->v, -1, NULL, 0, NULL, 0, NULL, 0);
    if (rc == ZC_OK)
        rc = hmac_kv(g, g->k, 0x01, k->zc_priv, f, h1, f, kp, kplen);
    if (rc == ZC_OK)
        rc = hmac_kv(g, g->v, -1, NULL, 0, NULL, 0, NULL, 0);
    zc_wipe(l, sizeof l);
    zc_wipe(h1, sizeof h1);
    return rc;
}

/* RFC 6979 3.2 h.1-h.2: the generator's next candidate into nonce. */
static int drbg_next(struct drbg *g, const struct zc_ec_curve_sw *c, uint8_t *nonce)
{
    uint8_t t[2 * ZC_EC_MAX_F + ZC_HASH_MAX_SIZE];
    size_t tlen;
    int rc = ZC_OK;

    for (tlen = 0; rc == ZC_OK && tlen < c->flen; tlen += g->hlen) {
        rc = hmac_kv(g, g->v, -1, NULL, 0, NULL, 0, NULL, 0);
        memcpy(t + tlen, g->v, g->hlen);
    }
    if (rc == ZC_OK)
        bits2int(c, nonce, t, tlen);
    zc_wipe(t, sizeof t);
    return rc;
}

/* RFC 6979 3.2 h.3: K and V after a candidate that was not used. */
static int drbg_reject(struct drbg *g)
{
    int rc = hmac_kv(g, g->k, 0x00, NULL, 0, NULL, 0, NULL, 0);

    return rc == ZC_OK ? hmac_kv(g, g->v, -1, NULL, 0, NULL, 0, NULL, 0) : rc;
}

/*
 * A protected or secure key (zcrypt/ec_protected.h): KDSA 17-19 only, the
 * machine's own nonce; a deterministic signature needs a caller nonce,
 * which the encrypted-key codes do not take (ZC_ENOTSUP).
 */
static int sign_prot(const struct zc_ec_curve_sw *c, const zc_ec_key *k, enum zc_hash_alg alg,
                     const uint8_t *digest, uint8_t *sig, size_t *sig_len, int hedged)
{
    uint8_t e[ZC_EC_MAX_F], rs[2 * ZC_EC_MAX_F];
    size_t hlen = zc_hash_size(alg), f = c->flen;
    struct zc_protkey_src src;
    int rc;

    if (!hedged || !zc_ec_prot_ok((enum zc_ec_curve)k->zc_curve))
        return ZC_ENOTSUP;
    zc_ec_count(k, 1, 0, hlen);
    bits2int(c, e, digest, hlen);
    zc_ec_prot_src(k, &src);
    rc = zc_ec_cpacf_prot_sign((enum zc_ec_curve)k->zc_curve, &src, e, rs);
    if (rc == ZC_OK) {
        zc_ct_declassify(rs, 2 * f);    /* the signature is public */
        memcpy(sig, rs, 2 * f);
        *sig_len = 2 * f;
    }
    zc_wipe(rs, sizeof rs);
    return rc;
}

static int sign(const zc_ec_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                uint8_t *sig, size_t *sig_len, int hedged)
{
    const struct zc_ec_curve_sw *c = zc_ec_key_sw(k);
    uint8_t e[ZC_EC_MAX_F], kp[ZC_EC_MAX_F];
    uint8_t nonce[ZC_EC_MAX_F], rs[2 * ZC_EC_MAX_F];
    struct drbg g;
    size_t hlen, f, i;
    unsigned tries, stalls = 0;
    int rc, hw, done = 0;

    if (c == NULL || !k->zc_private || digest == NULL || sig_len == NULL ||
        zc_bad_ptr(sig, *sig_len))
        return ZC_EINVAL;
    hlen = zc_hash_size(alg);
    if (hlen == 0)
        return ZC_EINVAL;               /* SHAKE, unknown */
    f = c->flen;
    rc = zc_ec_room(sig_len, 2 * f);
    if (rc != ZC_OK)
        return rc;
    if (zc_ec_overlap(sig, 2 * f, digest, hlen) || zc_ec_overlap(sig, 2 * f, k, sizeof *k))
        return ZC_EINVAL;
    if (zc_ec_key_prot(k))
        return sign_prot(c, k, alg, digest, sig, sig_len, hedged);
    hw = zc_ec_where(k, ZC_EC_OP_SIGN);
    if (hw < 0)
        return hw;
    zc_ec_count(k, hw, 0, hlen);
    memset(&g, 0, sizeof g);
    bits2int(c, e, digest, hlen);
    /* Hedged on KDSA: the machine's own nonce, f fresh random bytes mixed
     * in (no generator). Otherwise RFC 6979's generator, with 3.6's k' of
     * f fresh random bytes when hedged. */
    if (hedged)
        rc = zc_random_bytes(kp, f);
    if (rc == ZC_OK && !(hw && hedged))
        rc = drbg_init(&g, c, k, alg, hlen, e, kp, hedged ? f : 0);
    /* candidates until one gives r, s != 0 */
    for (tries = 0; rc == ZC_OK && !done; tries++) {
        if (tries == 64) {
            rc = ZC_EDEVICE;            /* probability below 2^-2000: a fault */
            break;
        }
        if (hw && hedged)
            rc = tries == 0 ? ZC_OK : zc_random_bytes(kp, f);
        else
            rc = drbg_next(&g, c, nonce);
        if (rc != ZC_OK)
            break;
        rc = sign_step(c, k, hw, hedged, hw && hedged ? kp : nonce, e, rs, &stalls);
        if (rc > 0)
            done = 1;
        if (rc >= 0)
            rc = done || (hw && hedged) ? ZC_OK : drbg_reject(&g);
    }
    if (rc == ZC_OK) {
        zc_ct_declassify(rs, 2 * f);    /* the signature is public */
        for (i = 0; i < 2 * f; i++)
            sig[i] = rs[i];
        *sig_len = 2 * f;
    }
    zc_wipe(&g, sizeof g);
    zc_wipe(nonce, sizeof nonce);
    zc_wipe(kp, sizeof kp);
    zc_wipe(rs, sizeof rs);
    return rc;
}

int zc_ecdsa_sign(const zc_ec_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                  uint8_t *sig, size_t *sig_len)
{
    return sign(k, alg, digest, sig, sig_len, 1);
}

int zc_ecdsa_sign_deterministic(const zc_ec_key *k, enum zc_hash_alg alg,
                                const uint8_t *digest, uint8_t *sig, size_t *sig_len)
{
    return sign(k, alg, digest, sig, sig_len, 0);
}

int zc_ecdsa_verify(const zc_ec_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                    const uint8_t *sig, size_t sig_len)
{
    const struct zc_ec_curve_sw *c = zc_ec_key_sw(k);
    uint8_t e[ZC_EC_MAX_F];
    struct zc_ec_pt q;
    size_t hlen;
    int hw;

    if (c == NULL || digest == NULL || zc_bad_ptr(sig, sig_len))
        return ZC_EINVAL;
    hlen = zc_hash_size(alg);
    if (hlen == 0)
        return ZC_EINVAL;
    hw = zc_ec_where(k, ZC_EC_OP_VERIFY);
    if (hw < 0)
        return hw;
    zc_ec_count(k, hw, 1, hlen);
    if (sig_len != 2 * (size_t)c->flen)
        return ZC_EAUTH;
    bits2int(c, e, digest, hlen);
    if (hw) {
        /* KDSA evaluates the equation only: the range is checked here,
         * the point was at import */
        if (!scalar_ok(c, sig) || !scalar_ok(c, sig + c->flen))
            return ZC_EAUTH;
        return zc_ec_cpacf_verify((enum zc_ec_curve)k->zc_curve, e, sig, k->zc_pub);
    }
    zc_ec_key_point(k, &q);
    return zc_ec_sw_verify(c, &q, e, sig) ? ZC_OK : ZC_EAUTH;
}
