/*
 * ec_protected.c - protected EC signing keys (zcrypt/ec_protected.h):
 * making them from a clear private key or an ECC secure-key blob, their
 * kind, and the query.
 *
 * A protected key is an ordinary key object (the public key in zc_pub,
 * derived or checked as for a clear key, so verification and export of
 * the public key need nothing new) with its protected key in zc_cell and
 * its kind in the reserved bytes (ec_int.h). The source to re-derive
 * from is the clear key in zc_priv (ZC_EC_KEY_PROTECTED, as protected
 * HMAC keys keep K0) or a reference to the caller's blob
 * (ZC_EC_KEY_SECURE: a blob may be 8 KiB, larger than the object).
 * zc_ec_prot_derive() wraps it through core/platform.h, pkey.c on Linux:
 * the clear key goes into the token zero-padded on the left to the
 * curve's token length (P-521's 66 bytes in 80, Ed448's 57-byte seed in
 * 64, unreversed). Signing (ec_cpacf.c) snapshots the cell and, after
 * cc 1, re-derives through the same function.
 *
 * A key is usable only where KDSA has the curve's encrypted-key code and
 * its self-test passed: it never signs in software. The signing calls
 * (ec_ecdsa.c, ec_eddsa.c) and the calls that would need the clear key
 * (ECDH, private exports) check zc_ec_key_prot() first.
 */
#include <zcrypt/ec_protected.h>

#include "ec_int.h"
#include "core/caps.h"
#include "core/platform.h"
#include "core/util.h"

/* The clear-key token's length per curve (P-256 .. Ed448, enum values
 * 0..4); the protected key is that plus the 32-byte pattern. */
static const uint8_t tok_len[5] = { 32, 48, 80, 32, 64 };

static const enum zc_plat_ec plat[5] = {
    ZC_PLAT_EC_P256, ZC_PLAT_EC_P384, ZC_PLAT_EC_P521, ZC_PLAT_EC_ED25519, ZC_PLAT_EC_ED448,
};

/* 1 for a curve that signs (P-256 .. Ed448). */
static int signs(enum zc_ec_curve curve)
{
    return (unsigned)curve <= ZC_EC_ED448;
}

int zc_ec_prot_derive(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX], size_t *len)
{
    const zc_ec_key *k = owner;
    unsigned curve = k->zc_curve;
    uint8_t tok[80], prot[ZC_EC_PROTKEY_MAX];
    size_t plen = 0, tl;
    const uint8_t *blob;
    size_t blob_len;
    int rc;

    if (curve > ZC_EC_ED448)
        return ZC_EKEY;
    tl = tok_len[curve];
    if (k->zc_reserved[ZC_EC_RES_KIND] == ZC_EC_KEY_SECURE) {
        memcpy(&blob, k->zc_reserved + ZC_EC_RES_BLOB, sizeof blob);
        memcpy(&blob_len, k->zc_reserved + ZC_EC_RES_BLOB_LEN, sizeof blob_len);
        rc = zc_plat_ec_protect_blob(plat[curve], blob, blob_len, prot, &plen);
    } else {
        memset(tok, 0, sizeof tok);
        memcpy(tok + tl - k->zc_flen, k->zc_priv, k->zc_flen);
        rc = zc_plat_ec_protect_clear(plat[curve], tok, tl, prot, &plen);
        zc_wipe(tok, sizeof tok);
    }
    if (rc == ZC_OK && plen != tl + 32)
        rc = ZC_EDEVICE;                /* not the curve's protected key */
    if (rc == ZC_OK) {
        memcpy(field, prot, plen);
        *len = plen;
    }
    zc_wipe(prot, sizeof prot);
    return rc;
}

/* The part both kinds share, past the public key: the code must be
 * there, then the first protected key goes into the cell. */
static int finish(zc_ec_key *k, enum zc_ec_key_kind kind)
{
    uint8_t field[ZC_PROTKEY_FIELD_MAX];
    size_t len = 0;
    int rc;

    if (zc_caps_reason(ZC_INSN_KDSA, zc_ec_cpacf_prot_fc((enum zc_ec_curve)k->zc_curve)) !=
        ZC_REASON_CPACF)
        rc = ZC_ENOTSUP;                /* never software */
    else {
        k->zc_reserved[ZC_EC_RES_KIND] = (uint8_t)kind;
        rc = zc_ec_prot_derive(k, field, &len);
    }
    if (rc == ZC_OK) {
        zc_protkey_set(&k->zc_cell, field, len);
        k->zc_backend = ZC_BACKEND_CPACF;
        k->zc_private = 1;
    } else {
        zc_wipe(k, sizeof *k);
    }
    zc_wipe(field, sizeof field);
    return rc;
}

void zc_ec_prot_src(const zc_ec_key *k, struct zc_protkey_src *src)
{
    src->cell = &k->zc_cell;
    src->derive = zc_ec_prot_derive;
    src->owner = k;
}

int zc_ec_prot_make(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *priv, size_t priv_len)
{
    int rc;

    if (k == NULL)
        return ZC_EINVAL;
    if (zc_ec_is_x(curve)) {
        zc_wipe(k, sizeof *k);
        return ZC_ENOTSUP;              /* no encrypted-key scalar multiplication */
    }
    /* validation and the public key (constant-time, PCC where usable) */
    rc = zc_ec_key_from_private(k, curve, priv, priv_len);
    if (rc != ZC_OK)
        return rc;
    return finish(k, ZC_EC_KEY_PROTECTED);
}

/*
 * The self-test of curve i's encrypted-key code (KDSA 17-19, 48, 52): a
 * published key wrapped through the source every protected key of the
 * process uses (/dev/pkey's clear-key token, zc_ec_prot_make), then
 * signing as the calls sign. ECDSA (randomised): RFC 6979 A.2.5-A.2.7's d
 * signs SHA-256("sample"), and the signature must verify in software under
 * the RFC's clear Q. EdDSA: RFC 8032 7.1 TEST 1's / 7.4's seed signs the
 * empty message, and the bytes must be the RFC's signature.
 */
static int prot_run(unsigned i)
{
    static const uint8_t empty[1];
    enum zc_ec_curve curve = (enum zc_ec_curve)i;
    uint8_t e[ZC_EC_MAX_F], sig[ZC_EC_MAX_SIG];
    uint8_t q[ZC_EC_MAX_PUBLIC];
    struct zc_protkey_src src;
    zc_ec_key k, pub;
    struct zc_ec_pt pt;
    size_t f = zc_ec_field_size(curve);
    int ok = 0;

    if (zc_ec_prot_make(&k, curve, i < 3 ? zc_ec_kat[i].d : zc_ed_kat[i - 3].seed, f) != ZC_OK)
        return 0;
    zc_ec_prot_src(&k, &src);
    if (i < 3) {
        const struct zc_ec_kat *t = &zc_ec_kat[i];

        memset(e, 0, f);
        memcpy(e + f - sizeof zc_ec_kat_h, zc_ec_kat_h, sizeof zc_ec_kat_h);
        q[0] = 0x04;
        memcpy(q + 1, t->qx, f);
        memcpy(q + 1 + f, t->qy, f);
        if (zc_ec_cpacf_prot_sign(curve, &src, e, sig) == ZC_OK &&
            zc_ec_key_from_public(&pub, curve, q, 1 + 2 * f) == ZC_OK) {
            zc_ec_key_point(&pub, &pt);
            ok = zc_ec_sw_verify(zc_ec_nist(curve), &pt, e, sig);
        }
        zc_ec_key_wipe(&pub);
    } else {
        ok = zc_ec_cpacf_prot_ed_sign(curve, &src, empty, 0, sig) == ZC_OK &&
             memcmp(sig, zc_ed_kat[i - 3].sig, 2 * f) == 0;
    }
    zc_ec_key_wipe(&k);
    zc_wipe(sig, sizeof sig);
    return ok;
}

/* 0 not run, 1 passed, 2 failed, per curve (P-256 .. Ed448). */
static int prot_state[5];

int zc_ec_prot_selftest(unsigned fc)
{
    unsigned i;

    for (i = 0; i < 5; i++)
        if (fc == zc_ec_cpacf_prot_fc((enum zc_ec_curve)i))
            return zc_selftest_once(&prot_state[i], prot_run, i);
    return 0;
}

int zc_ec_prot_ok(enum zc_ec_curve curve)
{
    unsigned fc = zc_ec_cpacf_prot_fc(curve);

    if (fc == 0 || zc_caps_reason(ZC_INSN_KDSA, fc) != ZC_REASON_CPACF)
        return 0;
    return zc_ec_prot_selftest(fc);
}

int zc_ec_key_init_protected(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *priv,
                             size_t priv_len)
{
    int rc = zc_ec_prot_make(k, curve, priv, priv_len);

    if (rc == ZC_OK && !zc_ec_prot_ok(curve)) {
        zc_wipe(k, sizeof *k);
        rc = ZC_ENOTSUP;                /* the code failed its known answer */
    }
    return rc;
}

int zc_ec_key_init_secure(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *blob,
                          size_t blob_len, const uint8_t *pub, size_t pub_len)
{
    int rc;

    if (k == NULL)
        return ZC_EINVAL;
    rc = zc_ec_curve_check(curve);
    if (rc == ZC_OK && zc_ec_is_x(curve))
        rc = ZC_ENOTSUP;                /* no encrypted-key scalar multiplication */
    if (rc == ZC_OK && (blob == NULL || blob_len < 64 || blob_len > ZC_EC_BLOB_MAX ||
                        pub == NULL || zc_ec_overlap(k, sizeof *k, blob, blob_len)))
        rc = ZC_EINVAL;
    /* the NIST curves' public key uncompressed only, as the blob's is */
    if (rc == ZC_OK && !zc_ec_is_ed(curve) &&
        (pub_len != 2 * zc_ec_field_size(curve) + 1 || pub[0] != 0x04))
        rc = ZC_EINVAL;
    if (rc != ZC_OK) {
        zc_wipe(k, sizeof *k);
        return rc;
    }
    rc = zc_ec_key_from_public(k, curve, pub, pub_len);    /* checked on the curve */
    if (rc != ZC_OK)
        return rc;
    memcpy(k->zc_reserved + ZC_EC_RES_BLOB, &blob, sizeof blob);
    memcpy(k->zc_reserved + ZC_EC_RES_BLOB_LEN, &blob_len, sizeof blob_len);
    rc = finish(k, ZC_EC_KEY_SECURE);
    if (rc == ZC_OK && !zc_ec_prot_ok(curve)) {
        zc_wipe(k, sizeof *k);
        rc = ZC_ENOTSUP;
    }
    return rc;
}

enum zc_ec_key_kind zc_ec_key_kind(const zc_ec_key *k)
{
    if (!zc_ec_key_ok(k))
        return ZC_EC_KEY_NONE;
    return zc_ec_key_prot(k) ? (enum zc_ec_key_kind)k->zc_reserved[ZC_EC_RES_KIND]
                             : ZC_EC_KEY_CLEAR;
}

int zc_ec_protected_query(enum zc_ec_curve curve)
{
    if (zc_ec_curve_check(curve) != ZC_OK || !signs(curve))
        return ZC_EINVAL;
    return zc_ec_prot_ok(curve) ? ZC_OK : ZC_ENOTSUP;
}
