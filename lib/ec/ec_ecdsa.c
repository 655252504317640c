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

static int sign(const zc_ec_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                uint8_t *sig, size_t *sig_len, int hedged)
{
    const struct zc_ec_curve_sw *c = zc_ec_key_sw(k);
    uint8_t e[ZC_EC_MAX_F], h1[ZC_EC_MAX_F], kp[ZC_EC_MAX_F], t[2 * ZC_EC_MAX_F + ZC_HASH_MAX_SIZE];
    uint8_t nonce[ZC_EC_MAX_F], rs[2 * ZC_EC_MAX_F];
    uint64_t l[ZC_EC_LIMBS];
    struct drbg g;
    size_t hlen, f, tlen, i;
    unsigned tries;
    int rc;

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
    rc = zc_ec_runs_sw(k);
    if (rc != ZC_OK)
        return rc;
    zc_ec_count(k, 0, hlen);
    if (hedged) {
        rc = zc_random_bytes(kp, f);
        if (rc != ZC_OK)
            return rc;
    }
    bits2int(c, e, digest, hlen);       /* e; h1's bits2octets is e mod n */
    zc_ec_from_bytes(&c->n, l, e, f);
    zc_ec_reduce_once(&c->n, l);
    zc_ec_to_bytes(h1, f, l);
    /* RFC 6979 3.2 b-g */
    g.alg = alg;
    g.be = k->zc_backend == ZC_BACKEND_SOFTWARE ? ZC_BACKEND_SOFTWARE : ZC_BACKEND_AUTO;
    g.hlen = hlen;
    memset(g.v, 0x01, hlen);
    memset(g.k, 0x00, hlen);
    rc = hmac_kv(&g, g.k, 0x00, k->zc_priv, f, h1, f, kp, hedged ? f : 0);
    if (rc == ZC_OK)
        rc = hmac_kv(&g, g.v, -1, NULL, 0, NULL, 0, NULL, 0);
    if (rc == ZC_OK)
        rc = hmac_kv(&g, g.k, 0x01, k->zc_priv, f, h1, f, kp, hedged ? f : 0);
    if (rc == ZC_OK)
        rc = hmac_kv(&g, g.v, -1, NULL, 0, NULL, 0, NULL, 0);
    /* 3.2 h: candidates until one is in [1, n-1] and gives r, s != 0 */
    for (tries = 0; rc == ZC_OK; tries++) {
        if (tries == 64) {
            rc = ZC_EDEVICE;            /* probability below 2^-2000: a fault */
            break;
        }
        for (tlen = 0; rc == ZC_OK && tlen < f; tlen += hlen) {
            rc = hmac_kv(&g, g.v, -1, NULL, 0, NULL, 0, NULL, 0);
            memcpy(t + tlen, g.v, hlen);
        }
        if (rc != ZC_OK)
            break;
        bits2int(c, nonce, t, tlen);
        if (scalar_ok(c, nonce) && zc_ec_sw_sign(c, k->zc_priv, nonce, e, rs))
            break;
        rc = hmac_kv(&g, g.k, 0x00, NULL, 0, NULL, 0, NULL, 0);
        if (rc == ZC_OK)
            rc = hmac_kv(&g, g.v, -1, NULL, 0, NULL, 0, NULL, 0);
    }
    if (rc == ZC_OK) {
        zc_ct_declassify(rs, 2 * f);    /* the signature is public */
        for (i = 0; i < 2 * f; i++)
            sig[i] = rs[i];
        *sig_len = 2 * f;
    }
    zc_wipe(&g, sizeof g);
    zc_wipe(t, sizeof t);
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
    int rc;

    if (c == NULL || digest == NULL || zc_bad_ptr(sig, sig_len))
        return ZC_EINVAL;
    hlen = zc_hash_size(alg);
    if (hlen == 0)
        return ZC_EINVAL;
    rc = zc_ec_runs_sw(k);
    if (rc != ZC_OK)
        return rc;
    zc_ec_count(k, 1, hlen);
    if (sig_len != 2 * (size_t)c->flen)
        return ZC_EAUTH;
    bits2int(c, e, digest, hlen);
    zc_ec_key_point(k, &q);
    return zc_ec_sw_verify(c, &q, e, sig) ? ZC_OK : ZC_EAUTH;
}
