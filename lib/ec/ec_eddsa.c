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
 *
 * Pure Ed25519/Ed448 (the plain calls, and Ed448 through the _ex calls
 * with prehash 0 and no context, which is the same scheme) run on KDSA
 * 40/44 and 32/36 where zc_ec_where() says so: the machine hashes
 * itself. Before a KDSA verify, software checks what the instruction
 * might not (the length, S < L, R and A canonical, Ed448's last byte of
 * S zero); KDSA then evaluates the equation. Ed25519ctx, Ed25519ph and
 * Ed448ph (and Ed448 with a context) always run in software: KDSA has no
 * code for them; a CPACF key gets ZC_ENOTSUP for them.
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

/* 1 when the call is pure Ed25519/Ed448 (no dom2 for Ed25519, Ed448's
 * dom4(0, "")): the only scheme KDSA has. */
static int ed_pure(const struct zc_ed_curve *c, const struct ed_dom *d)
{
    return d->flag_len[0] == 0 && d->ctx_len == 0 && d->on == c->plain_dom;
}

/* zc_ec_where() for op, or for ZC_EC_OP_NONE (no code: software, or
 * ZC_ENOTSUP on a CPACF key) for a scheme KDSA lacks. */
static int ed_where(const zc_ec_key *k, const struct zc_ed_curve *c, const struct ed_dom *d,
                    enum zc_ec_op op)
{
    return zc_ec_where(k, ed_pure(c, d) ? op : ZC_EC_OP_NONE);
}

/* The checks software makes before a KDSA verify (API.md: the
 * instruction evaluates the equation only): S < L, R a canonical point
 * encoding (the neutral element allowed), A a canonical public key,
 * Ed448's last byte of S zero, which KDSA does not check. Public data. */
static int ed_hw_prechecks(const struct zc_ed_curve *c, const uint8_t *pub,
                           const uint8_t *sig)
{
    static const uint8_t neutral[ZC_ED448_LEN] = { 1 };  /* (0, 1): y = 1, sign 0 */
    const struct zc_ec_mod *l = c->curve == ZC_EC_ED25519 ? &zc_ed25519_l : &zc_ed448_l;
    size_t b = c->b;

    if (c->curve == ZC_EC_ED448 && sig[2 * b - 1] != 0)
        return 0;
    if (!zc_ed_sc_below_l(l, sig + b, b))
        return 0;
    if (!c->pub_ok(sig) && memcmp(sig, neutral, b) != 0)
        return 0;
    return c->pub_ok(pub);
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
    if (zc_ec_key_prot(k)) {
        /* KDSA 48/52 only (zcrypt/ec_protected.h): pure EdDSA, no
         * context or prehash (no code has them) */
        struct zc_protkey_src src;

        if (!ed_pure(c, &d) || !zc_ec_prot_ok(c->curve))
            return ZC_ENOTSUP;
        zc_ec_count(k, 1, 0, len);
        zc_ec_prot_src(k, &src);
        rc = zc_ec_cpacf_prot_ed_sign(c->curve, &src, msg, len, rs);
        if (rc == ZC_OK) {
            memcpy(sig, rs, 2 * b);
            *sig_len = 2 * b;
        }
        zc_wipe(rs, sizeof rs);
        return rc;
    }
    rc = ed_where(k, c, &d, ZC_EC_OP_SIGN);
    if (rc < 0)
        return rc;
    zc_ec_count(k, rc, 0, len);
    if (rc == 1) {                      /* KDSA 40/44: the machine hashes */
        rc = zc_ec_cpacf_ed_sign(c->curve, k->zc_priv, msg, len, rs);
        if (rc == ZC_OK) {
            memcpy(sig, rs, 2 * b);
            *sig_len = 2 * b;
        }
        zc_wipe(rs, sizeof rs);
        return rc;
    }
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
    rc = ed_where(k, c, &d, ZC_EC_OP_VERIFY);
    if (rc < 0)
        return rc;
    zc_ec_count(k, rc, 1, len);
    if (sig_len != 2 * c->b)
        return ZC_EAUTH;
    if (rc == 1) {                      /* software's checks, then KDSA 32/36 */
        if (!ed_hw_prechecks(c, k->zc_pub, sig))
            return ZC_EAUTH;
        return zc_ec_cpacf_ed_verify(c->curve, k->zc_pub, sig, msg, len);
    }
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
