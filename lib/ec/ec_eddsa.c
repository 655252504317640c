/*
 * ec_eddsa.c - EdDSA's calls (RFC 8032): Ed25519, Ed25519ctx, Ed25519ph,
 * Ed448 and Ed448ph. Argument checks, the backend rule, the hashes, and
 * the order of the steps; the group arithmetic is the cores' (ec_ed.h),
 * what differs between the curves is a row of ec_ed_key.c's table.
 *
 * Signing (5.1.6 / 5.2.6): h = H(seed), s = clamp(h[0..b-1]), prefix =
 * h[b..2b-1]; r, R from H(dom || prefix || M); S from the challenge
 * H(dom || R || A || M). Verification (5.1.7 / 5.2.7): the challenge,
 * then the cofactorless equation with the cores' checks (S < L, R and A
 * canonical). dom is dom2(phflag, context) for Ed25519ctx/ph (none for
 * plain Ed25519), dom4(phflag, context) for Ed448 (dom4(0, "") in the
 * plain call). For ph, M is replaced by PH(M): SHA-512, or SHAKE256 with
 * 64 bytes of output, computed here from the caller's message.
 *
 * Every hash runs through zcrypt/hash.h's streaming calls on the AUTO
 * backend (KIMD/KLMD where installed), or in software for a key set to
 * ZC_BACKEND_SOFTWARE, as ECDSA's HMAC does.
 */
#include "ec_ed.h"
#include "ec_int.h"
#include "core/ct.h"
#include "core/util.h"

/* The bytes of PH(M) for the ph variants (RFC 8032 5.1, 5.2). */
#define ED_PH_LEN 64

/* dom2 / dom4 of a call: whether there is one, and its two octets. */
struct ed_dom {
    int on;
    uint8_t flag_len[2];                /* phflag, OLEN(context) */
    const uint8_t *ctx;
    size_t ctx_len;
};

/* out = H(dom || x || y || m), 2b bytes, on backend be. x or y may be
 * empty. Wipes the context (it may hold the prefix). */
static int ed_hash(const struct zc_ed_curve *c, enum zc_backend be, const struct ed_dom *d,
                   const uint8_t *x, size_t xl, const uint8_t *y, size_t yl, const uint8_t *m,
                   size_t ml, uint8_t *out)
{
    zc_hash_ctx ctx;
    int rc;

    rc = zc_hash_init(&ctx, c->hash, be);
    if (rc == ZC_OK && d->on)
        rc = zc_hash_update(&ctx, c->dom, c->dom_len);
    if (rc == ZC_OK && d->on)
        rc = zc_hash_update(&ctx, d->flag_len, 2);
    if (rc == ZC_OK && d->on)
        rc = zc_hash_update(&ctx, d->ctx, d->ctx_len);
    if (rc == ZC_OK)
        rc = zc_hash_update(&ctx, x, xl);
    if (rc == ZC_OK)
        rc = zc_hash_update(&ctx, y, yl);
    if (rc == ZC_OK)
        rc = zc_hash_update(&ctx, m, ml);
    if (rc == ZC_OK)
        rc = zc_hash_final(&ctx, out, 2 * c->b);
    zc_hash_wipe(&ctx);
    return rc;
}

/* The hashes' backend for k: software for a SOFTWARE key, else AUTO. */
static enum zc_backend ed_be(const zc_ec_key *k)
{
    return k->zc_backend == ZC_BACKEND_SOFTWARE ? ZC_BACKEND_SOFTWARE : ZC_BACKEND_AUTO;
}

/*
 * The checks every call shares: k an Ed key, prehash 0 or 1, a context of
 * at most 255 bytes (and 1..255 for Ed25519ctx, ex == 1 with prehash 0),
 * no NULL with a length. *c and *d describe the call on ZC_OK.
 */
static int ed_args(const zc_ec_key *k, int ex, int prehash, const uint8_t *context,
                   size_t context_len, const uint8_t *msg, size_t len,
                   const struct zc_ed_curve **c, struct ed_dom *d)
{
    if (!zc_ec_key_ok(k) || (*c = zc_ec_ed((enum zc_ec_curve)k->zc_curve)) == NULL)
        return ZC_EINVAL;               /* NULL, unset, another curve */
    if ((prehash != 0 && prehash != 1) || context_len > 255 ||
        zc_bad_ptr(context, context_len) || zc_bad_ptr(msg, len))
        return ZC_EINVAL;
    if (ex && (*c)->curve == ZC_EC_ED25519 && prehash == 0 && context_len == 0)
        return ZC_EINVAL;               /* Ed25519ctx needs a context (RFC 8032 5.1) */
    d->on = ex || (*c)->plain_dom;
    d->flag_len[0] = (uint8_t)prehash;
    d->flag_len[1] = (uint8_t)context_len;
    d->ctx = context;
    d->ctx_len = context_len;
    return ZC_OK;
}

/* PH(M) into ph when prehash, and *m, *ml the message the scheme signs. */
static int ed_prehash(const struct zc_ed_curve *c, enum zc_backend be, int prehash,
                      const uint8_t **m, size_t *ml, uint8_t ph[ED_PH_LEN])
{
    zc_hash_ctx ctx;
    int rc;

    if (!prehash)
        return ZC_OK;
    rc = zc_hash_init(&ctx, c->hash, be);
    if (rc == ZC_OK)
        rc = zc_hash_update(&ctx, *m, *ml);
    if (rc == ZC_OK)
        rc = zc_hash_final(&ctx, ph, ED_PH_LEN);
    zc_hash_wipe(&ctx);
    *m = ph;
    *ml = ED_PH_LEN;
    return rc;
}

static int ed_sign(const zc_ec_key *k, int ex, int prehash, const uint8_t *context,
                   size_t context_len, const uint8_t *msg, size_t len, uint8_t *sig,
                   size_t *sig_len)
{
    const struct zc_ed_curve *c;
    uint8_t h[2 * ZC_ED448_LEN], nd[2 * ZC_ED448_LEN], r[ZC_ED448_LEN];
    uint8_t rs[2 * ZC_ED448_LEN], ph[ED_PH_LEN];
    enum zc_backend be;
    struct ed_dom d;
    size_t b;
    int rc;

    rc = ed_args(k, ex, prehash, context, context_len, msg, len, &c, &d);
    if (rc != ZC_OK)
        return rc;
    if (!k->zc_private || sig_len == NULL || zc_bad_ptr(sig, *sig_len))
        return ZC_EINVAL;
    b = c->b;
    rc = zc_ec_room(sig_len, 2 * b);
    if (rc != ZC_OK)
        return rc;
    if (zc_ec_overlap(sig, 2 * b, msg, len) ||
        zc_ec_overlap(sig, 2 * b, context, context_len) ||
        zc_ec_overlap(sig, 2 * b, k, sizeof *k))
        return ZC_EINVAL;
    rc = zc_ec_where(k, ZC_EC_OP_SIGN);     /* Ed keys: software or ZC_ENOTSUP */
    if (rc < 0)
        return rc;
    zc_ec_count(k, rc, 0, len);
    be = ed_be(k);
    rc = ed_prehash(c, be, prehash, &msg, &len, ph);
    if (rc == ZC_OK)
        rc = zc_ec_ed_expand(c, k->zc_priv, h, be, 0);      /* s || prefix */
    if (rc == ZC_OK)
        rc = ed_hash(c, be, &d, h + b, b, NULL, 0, msg, len, nd);
    if (rc == ZC_OK) {
        c->nonce(r, rs, nd);
        zc_ct_declassify(rs, b);        /* R is public */
        rc = ed_hash(c, be, &d, rs, b, k->zc_pub, b, msg, len, nd);
    }
    if (rc == ZC_OK) {
        c->sign(rs + b, r, nd, h);
        zc_ct_declassify(rs + b, b);    /* the signature is public */
        memcpy(sig, rs, 2 * b);
        *sig_len = 2 * b;
    }
    zc_wipe(h, sizeof h);
    zc_wipe(nd, sizeof nd);
    zc_wipe(r, sizeof r);
    zc_wipe(rs, sizeof rs);
    zc_wipe(ph, sizeof ph);
    return rc;
}

static int ed_verify(const zc_ec_key *k, int ex, int prehash, const uint8_t *context,
                     size_t context_len, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t sig_len)
{
    const struct zc_ed_curve *c;
    uint8_t kd[2 * ZC_ED448_LEN], ph[ED_PH_LEN];
    enum zc_backend be;
    struct ed_dom d;
    int rc;

    rc = ed_args(k, ex, prehash, context, context_len, msg, len, &c, &d);
    if (rc != ZC_OK)
        return rc;
    if (zc_bad_ptr(sig, sig_len))
        return ZC_EINVAL;
    rc = zc_ec_where(k, ZC_EC_OP_VERIFY);
    if (rc < 0)
        return rc;
    zc_ec_count(k, rc, 1, len);
    if (sig_len != 2 * c->b)
        return ZC_EAUTH;
    be = ed_be(k);
    rc = ed_prehash(c, be, prehash, &msg, &len, ph);
    if (rc == ZC_OK)
        rc = ed_hash(c, be, &d, sig, c->b, k->zc_pub, c->b, msg, len, kd);
    if (rc == ZC_OK && !c->verify(k->zc_pub, sig, kd))
        rc = ZC_EAUTH;
    return rc;
}

int zc_eddsa_sign(const zc_ec_key *k, const uint8_t *msg, size_t len, uint8_t *sig,
                  size_t *sig_len)
{
    return ed_sign(k, 0, 0, NULL, 0, msg, len, sig, sig_len);
}

int zc_eddsa_verify(const zc_ec_key *k, const uint8_t *msg, size_t len,
                    const uint8_t *sig, size_t sig_len)
{
    return ed_verify(k, 0, 0, NULL, 0, msg, len, sig, sig_len);
}

int zc_eddsa_sign_ex(const zc_ec_key *k, int prehash, const uint8_t *context,
                     size_t context_len, const uint8_t *msg, size_t len, uint8_t *sig,
                     size_t *sig_len)
{
    return ed_sign(k, 1, prehash, context, context_len, msg, len, sig, sig_len);
}

int zc_eddsa_verify_ex(const zc_ec_key *k, int prehash, const uint8_t *context,
                       size_t context_len, const uint8_t *msg, size_t len,
                       const uint8_t *sig, size_t sig_len)
{
    return ed_verify(k, 1, prehash, context, context_len, msg, len, sig, sig_len);
}
