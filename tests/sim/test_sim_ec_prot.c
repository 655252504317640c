/*
 * test_sim_ec_prot.c - protected EC signing keys (zcrypt/ec_protected.h)
 * on the CPACF stand-in: KDSA's encrypted-key signs 17-19 (ECDSA P-256,
 * P-384, P-521) and 48/52 (Ed25519, Ed448), keys wrapped by the stand-in's
 * simulated firmware (tests/sim/sim_platform.c, cpacf_sim.c) and signed
 * by its model (cpacf_sim_ec.c: libcrypto, never lib/ec).
 *
 * For each curve, from a clear private key (zc_ec_key_init_protected) and
 * from a test-format ECC blob (zc_ec_key_init_secure, sim_platform.h):
 * ECDSA signatures verify under the clear public key in software (the
 * signature is randomised); EdDSA signatures are RFC 8032's bytes (7.1
 * TEST 1 for Ed25519, 7.4 "-----blank" (TEST 1) for Ed448). Only the
 * encrypted-key code runs (the stand-in's counters). A new wrapping key
 * before the call, and a cc 1 stop in it, make the call derive once more
 * and sign; derivations that keep failing give ZC_EKEY, nothing written to
 * sig. Then the documented ZC_ENOTSUP cases (deterministic ECDSA, Ed ctx
 * and ph, ECDH, X25519/X448), the kind read-back, and bad inputs.
 *
 * Modes (argv[1]; ZCRYPT_CAPS is read once per process, so one per test):
 *   (none)    the above
 *   no-enc    ZCRYPT_CAPS took KDSA 17-19, 48, 52 away: every protected
 *             key is ZC_ENOTSUP, zc_ec_protected_query() says so
 *   selftest  the stand-in answers every encrypted-key sign wrongly
 *             (zc_cpacf_sim_ec_spoil_enc) before first use: the
 *             self-tests fail, protected keys are ZC_ENOTSUP, clear keys
 *             still sign
 *
 * Needs the stand-in's EC model (libcrypto): otherwise "skipped:", exit 77.
 * Prints "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <zcrypt.h>
#include <zcrypt/ec_protected.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"
#include "sim_platform.h"

#include "../unit/unit.h"
#include "../vectors/ec_rfc6979.h"
#include "../vectors/ed25519_rfc8032.h"
#include "../vectors/ed448_rfc8032.h"

#define NCURVES 5

struct pcurve {
    const char *name;
    enum zc_ec_curve curve;
    int ed;                     /* EdDSA */
    size_t f;                   /* private key bytes (d, or the seed) */
    size_t w;                   /* the clear-key token's key field */
    unsigned fc_enc, fc_clear;  /* KDSA encrypted-key and clear sign codes */
    enum zc_hash_alg alg;       /* ECDSA's digest */
};

static const struct pcurve pc[NCURVES] = {
    { "P-256", ZC_EC_P256, 0, 32, 32, 17, 9, ZC_SHA256 },
    { "P-384", ZC_EC_P384, 0, 48, 48, 18, 10, ZC_SHA384 },
    { "P-521", ZC_EC_P521, 0, 66, 80, 19, 11, ZC_SHA512 },
    { "Ed25519", ZC_EC_ED25519, 1, 32, 32, 48, 40, ZC_SHA512 },
    { "Ed448", ZC_EC_ED448, 1, 57, 64, 52, 44, ZC_SHA512 },
};

/* A curve's private key, public key, and (EdDSA) the RFC's message and
 * signature: RFC 6979 A.2.5-A.2.7 for the NIST curves, RFC 8032 7.1 TEST
 * 1 and 7.4 "-----blank" (TEST 1) for Ed25519 and Ed448. */
struct material {
    uint8_t priv[66], pub[133], sig[114], msg[1];
    size_t pub_len, sig_len;
    const char *what;
    uint8_t blob[ZC_SIM_EC_BLOB_LEN];
};

static struct material mat[NCURVES];

static void material(unsigned ci)
{
    const struct pcurve *c = &pc[ci];
    struct material *m = &mat[ci];
    size_t f = c->f;

    memset(m, 0, sizeof *m);
    if (!c->ed) {
        const struct ec_rfc6979_key *k = &ec_rfc6979_keys[ci];

        unhex(m->priv, k->x);
        m->pub[0] = 0x04;
        unhex(m->pub + 1, k->ux);
        unhex(m->pub + 1 + f, k->uy);
        m->pub_len = 2 * f + 1;
        m->what = ci == 0 ? "RFC 6979 A.2.5" : ci == 1 ? "RFC 6979 A.2.6" : "RFC 6979 A.2.7";
    } else {
        const struct ed_kat *k = ci == 3 ? &ed25519_rfc8032[0] : &ed448_rfc8032[0];

        unhex(m->priv, k->seed);
        m->pub_len = unhex(m->pub, k->pub);
        m->sig_len = unhex(m->sig, k->sig);
        m->what = ci == 3 ? "RFC 8032 7.1 TEST 1" : "RFC 8032 7.4 -----blank (TEST 1)";
    }
    /* the test blob: magic, curve, token length, the key right-aligned */
    memcpy(m->blob, ZC_SIM_EC_BLOB_MAGIC, 8);
    m->blob[8] = (uint8_t)ci;   /* enum zc_plat_ec follows the same order */
    m->blob[9] = (uint8_t)c->w;
    memcpy(m->blob + 10 + c->w - f, m->priv, f);
}

static unsigned long runs(unsigned fc)
{
    return zc_cpacf_sim_executed(ZC_OP_KDSA, fc);
}

/* A digest of the curve's hash: deterministic filler (any bytes are a
 * digest to ECDSA). */
static void digest_for(unsigned ci, uint8_t *d)
{
    fill(d, zc_hash_size(pc[ci].alg));
}

/* One signature with k; 1 when it is right: ECDSA verified by a clear
 * public key in software, EdDSA equal to the RFC's. */
static int sign_ok(unsigned ci, const zc_ec_key *k, int *rc_out)
{
    const struct pcurve *c = &pc[ci];
    const struct material *m = &mat[ci];
    uint8_t dg[64], sig[160];
    size_t sl = sizeof sig;
    zc_ec_key v;
    int rc, ok;

    if (c->ed) {
        rc = zc_eddsa_sign(k, NULL, 0, sig, &sl);
        *rc_out = rc;
        return rc == ZC_OK && sl == m->sig_len && !memcmp(sig, m->sig, sl);
    }
    digest_for(ci, dg);
    rc = zc_ecdsa_sign(k, c->alg, dg, sig, &sl);
    *rc_out = rc;
    if (rc != ZC_OK || sl != 2 * c->f)
        return 0;
    ok = zc_ec_key_from_public(&v, c->curve, m->pub, m->pub_len) == ZC_OK &&
         zc_ec_key_set_backend(&v, ZC_BACKEND_SOFTWARE) == ZC_OK &&
         zc_ecdsa_verify(&v, c->alg, dg, sig, sl) == ZC_OK;
    /* and a wrong digest does not verify: the check can fail */
    dg[0] ^= 1;
    ok = ok && zc_ecdsa_verify(&v, c->alg, dg, sig, sl) == ZC_EAUTH;
    zc_ec_key_wipe(&v);
    return ok;
}

static int init_prot(zc_ec_key *k, unsigned ci)
{
    return zc_ec_key_init_protected(k, pc[ci].curve, mat[ci].priv, pc[ci].f);
}

static int init_sec(zc_ec_key *k, unsigned ci)
{
    return zc_ec_key_init_secure(k, pc[ci].curve, mat[ci].blob, sizeof mat[ci].blob,
                                 mat[ci].pub, mat[ci].pub_len);
}

/* Sign, re-derivation before the call and in it, ZC_EKEY, for one key. */
static void sign_cases(unsigned ci, zc_ec_key *k, const char *src)
{
    const struct pcurve *c = &pc[ci];
    uint8_t dg[64], sig[160], before[160];
    unsigned long d0, r0, cl0;
    size_t sl;
    int rc, i;

    r0 = runs(c->fc_enc);
    cl0 = runs(c->fc_clear);
    for (i = 0; i < 3; i++)
        CHECK(sign_ok(ci, k, &rc), "%s %s key signs (%s) [%d]: rc %d", c->name, src,
              mat[ci].what, i, rc);
    CHECK(runs(c->fc_enc) - r0 == 3 && runs(c->fc_clear) == cl0,
          "%s %s: 3 signs ran KDSA %u three times, never the clear %u (%lu, %lu)", c->name, src,
          c->fc_enc, c->fc_clear, runs(c->fc_enc) - r0, runs(c->fc_clear) - cl0);

    /* a new wrapping key before the call: cc 1, one derivation, signed */
    zc_cpacf_sim_new_wrapping_key();
    d0 = zc_sim_platform_derivations();
    r0 = runs(c->fc_enc);
    CHECK(sign_ok(ci, k, &rc), "%s %s: signs after a wrapping-key change (rc %d)", c->name, src,
          rc);
    CHECK(zc_sim_platform_derivations() - d0 == 1 && runs(c->fc_enc) - r0 == 2,
          "%s %s: the change cost one derivation (%lu) and one more KDSA (%lu)", c->name, src,
          zc_sim_platform_derivations() - d0, runs(c->fc_enc) - r0);
    d0 = zc_sim_platform_derivations();
    CHECK(sign_ok(ci, k, &rc) && zc_sim_platform_derivations() == d0,
          "%s %s: the fresh key was kept: the next sign derives nothing (rc %d)", c->name, src,
          rc);

    /* a cc 1 stop in the instruction (its pattern spoiled): the same */
    zc_cpacf_sim_stop_in(ZC_OP_KDSA, 1);
    d0 = zc_sim_platform_derivations();
    CHECK(sign_ok(ci, k, &rc) && zc_cpacf_sim_stopped() &&
          zc_sim_platform_derivations() - d0 == 1,
          "%s %s: a cc 1 in KDSA: re-derived once and signed (rc %d, %lu)", c->name, src, rc,
          zc_sim_platform_derivations() - d0);
    zc_cpacf_sim_reset();

    /* cc 3 part-way (a continuation token in the reserved area): resumed,
     * no derivation */
    zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
    d0 = zc_sim_platform_derivations();
    CHECK(sign_ok(ci, k, &rc) && zc_cpacf_sim_stopped() && zc_sim_platform_derivations() == d0,
          "%s %s: a cc 3 in KDSA: re-issued, signed, nothing derived (rc %d)", c->name, src, rc);
    zc_cpacf_sim_reset();

    /* derivations that keep failing: ZC_EKEY, sig and sig_len untouched */
    zc_cpacf_sim_new_wrapping_key();
    zc_sim_platform_fail(ZC_EKEY, 0);
    memset(sig, 0x5a, sizeof sig);
    memcpy(before, sig, sizeof sig);
    sl = sizeof sig;
    digest_for(ci, dg);
    rc = c->ed ? zc_eddsa_sign(k, NULL, 0, sig, &sl) : zc_ecdsa_sign(k, c->alg, dg, sig, &sl);
    CHECK(rc == ZC_EKEY && !memcmp(sig, before, sizeof sig) && sl == sizeof sig,
          "%s %s: derivation failing: ZC_EKEY, nothing written (rc %d)", c->name, src, rc);
    zc_sim_platform_fail(ZC_EDEVICE, 0);    /* the device failing instead */
    sl = sizeof sig;
    rc = c->ed ? zc_eddsa_sign(k, NULL, 0, sig, &sl) : zc_ecdsa_sign(k, c->alg, dg, sig, &sl);
    CHECK(rc < 0 && !memcmp(sig, before, sizeof sig) && sl == sizeof sig,
          "%s %s: /dev/pkey failing at re-derivation: an error, nothing written (rc %d)",
          c->name, src, rc);
    zc_sim_platform_fail(0, 0);
    CHECK(sign_ok(ci, k, &rc), "%s %s: signs again once derivation works (rc %d)", c->name,
          src, rc);
}

/* What a protected key refuses with ZC_ENOTSUP (zcrypt/ec_protected.h). */
static void notsup_cases(unsigned ci, const zc_ec_key *k, const char *src)
{
    const struct pcurve *c = &pc[ci];
    static const uint8_t foo[3] = { 'f', 'o', 'o' };
    uint8_t dg[64], sig[160], before[160], sec[80];
    size_t sl = sizeof sig, el = sizeof sec;
    zc_ec_key peer;
    int rc;

    memset(sig, 0x33, sizeof sig);
    memcpy(before, sig, sizeof sig);
    if (!c->ed) {
        digest_for(ci, dg);
        rc = zc_ecdsa_sign_deterministic(k, c->alg, dg, sig, &sl);
        CHECK(rc == ZC_ENOTSUP && !memcmp(sig, before, sizeof sig),
              "%s %s: zc_ecdsa_sign_deterministic ZC_ENOTSUP, nothing written (rc %d)", c->name,
              src, rc);
        rc = zc_ec_key_from_public(&peer, c->curve, mat[ci].pub, mat[ci].pub_len);
        if (rc == ZC_OK)
            rc = zc_ecdh(k, &peer, sec, &el);
        CHECK(rc == ZC_ENOTSUP, "%s %s: zc_ecdh ZC_ENOTSUP (rc %d)", c->name, src, rc);
        zc_ec_key_wipe(&peer);
        return;
    }
    rc = zc_eddsa_sign_ex(k, 0, foo, sizeof foo, NULL, 0, sig, &sl);
    CHECK(rc == ZC_ENOTSUP && !memcmp(sig, before, sizeof sig),
          "%s %s: zc_eddsa_sign_ex with a context ZC_ENOTSUP, nothing written (rc %d)", c->name,
          src, rc);
    sl = sizeof sig;
    rc = zc_eddsa_sign_ex(k, 1, NULL, 0, foo, sizeof foo, sig, &sl);
    CHECK(rc == ZC_ENOTSUP && !memcmp(sig, before, sizeof sig),
          "%s %s: zc_eddsa_sign_ex prehashed ZC_ENOTSUP, nothing written (rc %d)", c->name, src,
          rc);
}

/* The public side of a protected key works as for a clear key. */
static void public_cases(unsigned ci, const zc_ec_key *k, const char *src)
{
    const struct pcurve *c = &pc[ci];
    uint8_t pub[133], dg[64], sig[160];
    size_t pl = sizeof pub, sl = sizeof sig;
    int rc;

    rc = zc_ec_key_public(k, pub, &pl);
    CHECK(rc == ZC_OK && pl == mat[ci].pub_len && !memcmp(pub, mat[ci].pub, pl),
          "%s %s: zc_ec_key_public gives the %s public key (rc %d)", c->name, src, mat[ci].what,
          rc);
    if (c->ed) {
        rc = zc_eddsa_verify(k, NULL, 0, mat[ci].sig, mat[ci].sig_len);
        CHECK(rc == ZC_OK, "%s %s: verifies the RFC's signature (rc %d)", c->name, src, rc);
        return;
    }
    digest_for(ci, dg);
    rc = zc_ecdsa_sign(k, c->alg, dg, sig, &sl);
    if (rc == ZC_OK)
        rc = zc_ecdsa_verify(k, c->alg, dg, sig, sl);
    CHECK(rc == ZC_OK, "%s %s: verifies its own signature (rc %d)", c->name, src, rc);
}

static void per_curve(unsigned ci)
{
    const struct pcurve *c = &pc[ci];
    zc_ec_key kp, ks;
    int rc;

    rc = zc_ec_protected_query(c->curve);
    CHECK(rc == ZC_OK, "%s: zc_ec_protected_query ZC_OK (rc %d)", c->name, rc);
    rc = init_prot(&kp, ci);
    CHECK(rc == ZC_OK && zc_ec_key_kind(&kp) == ZC_EC_KEY_PROTECTED &&
          zc_ec_key_curve(&kp) == c->curve,
          "%s: init_protected (%s), kind PROTECTED (rc %d, kind %d)", c->name, mat[ci].what, rc,
          (int)zc_ec_key_kind(&kp));
    if (zc_ec_key_kind(&kp) == ZC_EC_KEY_PROTECTED) {
        sign_cases(ci, &kp, "protected");
        notsup_cases(ci, &kp, "protected");
        public_cases(ci, &kp, "protected");
    }
    /* made after those cases changed the wrapping key: its first sign
     * finds its key current */
    rc = init_sec(&ks, ci);
    CHECK(rc == ZC_OK && zc_ec_key_kind(&ks) == ZC_EC_KEY_SECURE &&
          zc_ec_key_curve(&ks) == c->curve,
          "%s: init_secure (test blob), kind SECURE (rc %d, kind %d)", c->name, rc,
          (int)zc_ec_key_kind(&ks));
    if (zc_ec_key_kind(&ks) == ZC_EC_KEY_SECURE) {
        sign_cases(ci, &ks, "secure");
        notsup_cases(ci, &ks, "secure");
        public_cases(ci, &ks, "secure");
    }
    zc_ec_key_wipe(&kp);
    zc_ec_key_wipe(&ks);
    CHECK(zc_ec_key_kind(&kp) == ZC_EC_KEY_NONE && zc_ec_key_kind(&ks) == ZC_EC_KEY_NONE,
          "%s: wiped keys are of kind NONE", c->name);
}

/* Refused inputs: the documented error, the key left wiped (kind NONE). */
static void bad_inputs(unsigned ci)
{
    const struct pcurve *c = &pc[ci];
    const struct material *m = &mat[ci];
    uint8_t priv[67], pub[134], blob[ZC_SIM_EC_BLOB_LEN + 1], dg[64], sig[160], before[160];
    zc_ec_key k, p;
    size_t sl;
    int rc;

    CHECK(zc_ec_key_init_protected(NULL, c->curve, m->priv, c->f) == ZC_EINVAL,
          "%s: init_protected NULL key: ZC_EINVAL", c->name);
    rc = zc_ec_key_init_protected(&k, c->curve, NULL, c->f);
    CHECK(rc == ZC_EINVAL && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_protected NULL priv: ZC_EINVAL, kind NONE (rc %d)", c->name, rc);
    memcpy(priv, m->priv, c->f);
    priv[c->f] = 0;
    rc = zc_ec_key_init_protected(&k, c->curve, priv, c->f - 1);
    CHECK(rc == ZC_EINVAL && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_protected f - 1 bytes: ZC_EINVAL (rc %d)", c->name, rc);
    rc = zc_ec_key_init_protected(&k, c->curve, priv, c->f + 1);
    CHECK(rc == ZC_EINVAL, "%s: init_protected f + 1 bytes: ZC_EINVAL (rc %d)", c->name, rc);
    rc = zc_ec_key_init_protected(&k, (enum zc_ec_curve)99, m->priv, c->f);
    CHECK(rc == ZC_EINVAL, "%s: init_protected curve 99: ZC_EINVAL (rc %d)", c->name, rc);
    if (!c->ed) {
        memset(priv, 0, c->f);
        rc = zc_ec_key_init_protected(&k, c->curve, priv, c->f);
        CHECK(rc == ZC_EINVAL, "%s: init_protected d = 0: ZC_EINVAL (rc %d)", c->name, rc);
        memset(priv, 0xff, c->f);       /* >= n (P-521: beyond 2^521 too) */
        rc = zc_ec_key_init_protected(&k, c->curve, priv, c->f);
        CHECK(rc == ZC_EINVAL, "%s: init_protected d >= n: ZC_EINVAL (rc %d)", c->name, rc);
        /* the key of another curve's length */
        rc = zc_ec_key_init_protected(&k, ci == 0 ? ZC_EC_P384 : ZC_EC_P256, m->priv, c->f);
        CHECK(rc == ZC_EINVAL, "%s: its key as another NIST curve's: ZC_EINVAL (rc %d)",
              c->name, rc);
    }

    CHECK(zc_ec_key_init_secure(NULL, c->curve, m->blob, sizeof m->blob, m->pub, m->pub_len) ==
              ZC_EINVAL, "%s: init_secure NULL key: ZC_EINVAL", c->name);
    rc = zc_ec_key_init_secure(&k, c->curve, NULL, sizeof m->blob, m->pub, m->pub_len);
    CHECK(rc == ZC_EINVAL && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_secure NULL blob: ZC_EINVAL, kind NONE (rc %d)", c->name, rc);
    rc = zc_ec_key_init_secure(&k, c->curve, m->blob, 63, m->pub, m->pub_len);
    CHECK(rc == ZC_EINVAL, "%s: init_secure 63-byte blob: ZC_EINVAL (rc %d)", c->name, rc);
    rc = zc_ec_key_init_secure(&k, c->curve, m->blob, 8193, m->pub, m->pub_len);
    CHECK(rc == ZC_EINVAL, "%s: init_secure 8193-byte blob: ZC_EINVAL (rc %d)", c->name, rc);
    rc = zc_ec_key_init_secure(&k, c->curve, m->blob, sizeof m->blob, NULL, m->pub_len);
    CHECK(rc == ZC_EINVAL, "%s: init_secure NULL pub: ZC_EINVAL (rc %d)", c->name, rc);
    rc = zc_ec_key_init_secure(&k, c->curve, m->blob, sizeof m->blob, m->pub, m->pub_len - 1);
    CHECK(rc == ZC_EINVAL, "%s: init_secure pub one byte short: ZC_EINVAL (rc %d)", c->name, rc);
    memcpy(pub, m->pub, m->pub_len);
    if (!c->ed) {
        pub[m->pub_len - 1] ^= 1;       /* Y changed: off the curve */
    } else {
        memset(pub, 0xff, m->pub_len);  /* y >= p: not an encoding of a point */
        pub[m->pub_len - 1] = ci == 3 ? 0x7f : 0x00;
    }
    rc = zc_ec_key_init_secure(&k, c->curve, m->blob, sizeof m->blob, pub, m->pub_len);
    CHECK(rc == ZC_EINVAL && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_secure with a public key off the curve: ZC_EINVAL (rc %d)", c->name, rc);
    /* the stand-in's kernel refuses a blob of another curve, or malformed */
    memcpy(blob, m->blob, sizeof m->blob);
    blob[8] = (uint8_t)((ci + 1) % NCURVES);
    rc = zc_ec_key_init_secure(&k, c->curve, blob, sizeof m->blob, m->pub, m->pub_len);
    CHECK(rc == ZC_EKEY && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_secure, a blob of another curve: ZC_EKEY (rc %d)", c->name, rc);
    memcpy(blob, m->blob, sizeof m->blob);
    blob[0] ^= 0x20;
    rc = zc_ec_key_init_secure(&k, c->curve, blob, sizeof m->blob, m->pub, m->pub_len);
    CHECK(rc == ZC_EKEY, "%s: init_secure, a malformed blob: ZC_EKEY (rc %d)", c->name, rc);
    /* the platform failing on the first derivation */
    zc_sim_platform_fail(ZC_EDEVICE, 0);
    rc = init_prot(&k, ci);
    CHECK(rc == ZC_EDEVICE && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_protected, /dev/pkey failing: ZC_EDEVICE, kind NONE (rc %d)", c->name, rc);
    rc = init_sec(&k, ci);
    CHECK(rc == ZC_EDEVICE && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
          "%s: init_secure, /dev/pkey failing: ZC_EDEVICE, kind NONE (rc %d)", c->name, rc);
    zc_sim_platform_fail(0, 0);

    /* sign's own arguments, nothing written on error */
    if (init_prot(&k, ci) != ZC_OK) {
        check(0, "init_protected for the sign arguments");
        return;
    }
    memset(sig, 0x77, sizeof sig);
    memcpy(before, sig, sizeof sig);
    digest_for(ci, dg);
    sl = (c->ed ? 2 * m->pub_len : 2 * c->f) - 1;
    rc = c->ed ? zc_eddsa_sign(&k, NULL, 0, sig, &sl) : zc_ecdsa_sign(&k, c->alg, dg, sig, &sl);
    CHECK(rc != ZC_OK && !memcmp(sig, before, sizeof sig),
          "%s: sign into a buffer one byte short: refused (rc %d), nothing written", c->name, rc);
    sl = sizeof sig;
    rc = c->ed ? zc_eddsa_sign(&k, NULL, 5, sig, &sl) : zc_ecdsa_sign(&k, c->alg, NULL, sig, &sl);
    CHECK(rc == ZC_EINVAL && !memcmp(sig, before, sizeof sig),
          "%s: sign with a NULL %s: ZC_EINVAL, nothing written (rc %d)", c->name,
          c->ed ? "message and a length" : "digest", rc);
    rc = c->ed ? zc_eddsa_sign(&k, NULL, 0, NULL, &sl) : zc_ecdsa_sign(&k, c->alg, dg, NULL, &sl);
    CHECK(rc == ZC_EINVAL, "%s: sign into NULL: ZC_EINVAL (rc %d)", c->name, rc);
    if (!c->ed) {
        rc = zc_ecdsa_sign(&k, ZC_SHAKE128, dg, sig, &sl);
        CHECK(rc == ZC_EINVAL && !memcmp(sig, before, sizeof sig),
              "%s: sign with SHAKE128: ZC_EINVAL, nothing written (rc %d)", c->name, rc);
        rc = zc_eddsa_sign(&k, NULL, 0, sig, &sl);
        CHECK(rc == ZC_EINVAL && !memcmp(sig, before, sizeof sig),
              "%s: a protected ECDSA key with zc_eddsa_sign: ZC_EINVAL (rc %d)", c->name, rc);
    } else {
        rc = zc_ecdsa_sign(&k, ZC_SHA512, dg, sig, &sl);
        CHECK(rc == ZC_EINVAL && !memcmp(sig, before, sizeof sig),
              "%s: a protected EdDSA key with zc_ecdsa_sign: ZC_EINVAL (rc %d)", c->name, rc);
    }
    zc_ec_key_wipe(&k);

    /* a clear key reads back as CLEAR, NULL as NONE */
    rc = zc_ec_key_from_private(&p, c->curve, m->priv, c->f);
    CHECK(rc == ZC_OK && zc_ec_key_kind(&p) == ZC_EC_KEY_CLEAR,
          "%s: a clear private key is of kind CLEAR (rc %d)", c->name, rc);
    zc_ec_key_wipe(&p);
}

/* X25519 and X448 cannot be protected. */
static void x_cases(void)
{
    static const enum zc_ec_curve xs[2] = { ZC_EC_X25519, ZC_EC_X448 };
    uint8_t priv[56], blob[ZC_SIM_EC_BLOB_LEN], pub[56];
    zc_ec_key k;
    unsigned i;
    int rc;

    fill(priv, sizeof priv);
    fill(pub, sizeof pub);
    memset(blob, 0, sizeof blob);
    memcpy(blob, ZC_SIM_EC_BLOB_MAGIC, 8);
    for (i = 0; i < 2; i++) {
        size_t n = i == 0 ? 32 : 56;

        rc = zc_ec_protected_query(xs[i]);
        CHECK(rc == ZC_EINVAL, "%s: zc_ec_protected_query ZC_EINVAL (rc %d)",
              i == 0 ? "X25519" : "X448", rc);
        rc = zc_ec_key_init_protected(&k, xs[i], priv, n);
        CHECK(rc == ZC_ENOTSUP && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
              "%s: init_protected ZC_ENOTSUP (rc %d)", i == 0 ? "X25519" : "X448", rc);
        rc = zc_ec_key_init_secure(&k, xs[i], blob, sizeof blob, pub, n);
        CHECK(rc == ZC_ENOTSUP && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
              "%s: init_secure ZC_ENOTSUP (rc %d)", i == 0 ? "X25519" : "X448", rc);
    }
    CHECK(zc_ec_key_kind(NULL) == ZC_EC_KEY_NONE, "zc_ec_key_kind(NULL): NONE");
    CHECK(zc_ec_protected_query((enum zc_ec_curve)99) == ZC_EINVAL,
          "zc_ec_protected_query(99): ZC_EINVAL");
}

/*
 * The stand-in's encrypted-key signs, raw (no library): a key wrapped by
 * zc_cpacf_sim_wrap_ec, the facts sheet's blocks (CPACF.md), the
 * signature checked by the clear codes of the model (ECDSA verify 1-3)
 * or against RFC 8032; a stale pattern and a cc 1 stop answer cc 1.
 */
static void model_cases(unsigned ci)
{
    const struct pcurve *c = &pc[ci];
    static uint8_t area[4096];
    uint8_t tok[80], prot[112], r[160];
    size_t w = c->w, pl = 0, i, f = c->f, nf = c->ed ? 3 : 5;
    unsigned long gr[8];
    int cc;

    memset(tok, 0, sizeof tok);
    memcpy(tok + w - f, mat[ci].priv, f);
    CHECK(zc_cpacf_sim_wrap_ec((int)ci, tok, w, prot, &pl) == ZC_OK && pl == w + 32 &&
          memcmp(prot, tok, w) != 0,
          "%s: the model wraps the %zu-byte token key into %zu bytes", c->name, w, pl);
    CHECK(zc_cpacf_sim_wrap_ec((int)ci, tok, w - 1, prot, &pl) == ZC_EINVAL &&
          zc_cpacf_sim_wrap_ec(5, tok, w, prot, &pl) == ZC_EINVAL,
          "%s: the model refuses another length or curve", c->name);
    for (i = 0; i < 3; i++) {
        memset(area, 0, sizeof area);
        if (!c->ed) {
            fill(area + 2 * w + w - f, f);                  /* H, right-aligned */
            if (ci == 2)
                area[2 * w + w - f] &= 1;                   /* below 2^521 */
            fill(area + 4 * w, w);                          /* the random field */
        }
        memcpy(area + (nf - (c->ed ? 1 : 2)) * w, prot, w); /* the wrapped key's field */
        memcpy(area + nf * w, prot + w, 32);                /* its pattern after the fields */
        if (i == 1)
            zc_cpacf_sim_new_wrapping_key();                /* stale now */
        if (i == 2)
            zc_cpacf_sim_stop_in(ZC_OP_KDSA, 1);
        memset(gr, 0, sizeof gr);
        gr[0] = c->fc_enc;
        gr[1] = (unsigned long)(uintptr_t)area;
        cc = zc_cpacf_sim_insn(ZC_OP_KDSA, gr);
        if (i == 1) {
            CHECK(cc == 1, "%s: KDSA %u with a stale pattern: cc 1 (%d)", c->name, c->fc_enc,
                  cc);
            continue;
        }
        if (i == 2) {
            CHECK(cc == 1 && zc_cpacf_sim_stopped() && area[nf * w] + prot[w] == 0xff,
                  "%s: KDSA %u with a cc 1 stop: cc 1, the pattern spoiled (%d)", c->name,
                  c->fc_enc, cc);
            zc_cpacf_sim_reset();
            continue;
        }
        if (c->ed) {
            size_t b = mat[ci].sig_len / 2, j;

            for (j = 0; j < b; j++) {                       /* big-endian fields, reversed */
                r[j] = area[w - 1 - j];
                r[b + j] = area[2 * w - 1 - j];
            }
            CHECK(cc == 0 && !memcmp(r, mat[ci].sig, 2 * b),
                  "%s: KDSA %u signs %s's signature (cc %d)", c->name, c->fc_enc, mat[ci].what,
                  cc);
        } else {
            uint8_t vb[400];

            memcpy(vb, area, 3 * w);                        /* R | S | H */
            memset(vb + 3 * w, 0, 2 * w);
            memcpy(vb + 3 * w + w - f, mat[ci].pub + 1, f);
            memcpy(vb + 4 * w + w - f, mat[ci].pub + 1 + f, f);
            memset(area, 0, sizeof area);
            memcpy(area, vb, 5 * w);
            memset(gr, 0, sizeof gr);
            gr[0] = c->fc_clear - 8;                        /* verify 1-3 */
            gr[1] = (unsigned long)(uintptr_t)area;
            CHECK(cc == 0 && zc_cpacf_sim_insn(ZC_OP_KDSA, gr) == 0,
                  "%s: KDSA %u's signature verifies under %s's Q (KDSA %u) (cc %d)", c->name,
                  c->fc_enc, mat[ci].what, c->fc_clear - 8, cc);
            area[w - 1] ^= 1;                               /* R's last byte */
            CHECK(zc_cpacf_sim_insn(ZC_OP_KDSA, gr) != 0, "%s: and R changed does not",
                  c->name);
        }
    }
    memset(area, 0, sizeof area);
}

/* ZCRYPT_CAPS took the encrypted-key codes away: nothing protected here. */
static void no_enc(void)
{
    unsigned ci;
    zc_ec_key k;
    int rc;

    for (ci = 0; ci < NCURVES; ci++) {
        const struct pcurve *c = &pc[ci];
        unsigned long r0 = runs(c->fc_enc);

        rc = zc_ec_protected_query(c->curve);
        CHECK(rc == ZC_ENOTSUP, "%s without KDSA %u: zc_ec_protected_query ZC_ENOTSUP (rc %d)",
              c->name, c->fc_enc, rc);
        rc = init_prot(&k, ci);
        CHECK(rc == ZC_ENOTSUP && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
              "%s without KDSA %u: init_protected ZC_ENOTSUP (rc %d)", c->name, c->fc_enc, rc);
        rc = init_sec(&k, ci);
        CHECK(rc == ZC_ENOTSUP && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
              "%s without KDSA %u: init_secure ZC_ENOTSUP (rc %d)", c->name, c->fc_enc, rc);
        CHECK(runs(c->fc_enc) == r0, "%s without KDSA %u: never issued", c->name, c->fc_enc);
    }
}

/* Every encrypted-key sign spoiled from the start: the self-test of each
 * code fails, so protected keys are ZC_ENOTSUP; clear keys are not touched. */
static void selftest_fails(void)
{
    unsigned ci;
    zc_ec_key k;
    int rc;

    zc_cpacf_sim_ec_spoil_enc(1000);
    for (ci = 0; ci < NCURVES; ci++) {
        const struct pcurve *c = &pc[ci];
        unsigned long r0 = runs(c->fc_enc);

        rc = zc_ec_protected_query(c->curve);
        CHECK(rc == ZC_ENOTSUP && runs(c->fc_enc) > r0,
              "%s: KDSA %u answering wrongly: its self-test ran and failed, ZC_ENOTSUP (rc %d)",
              c->name, c->fc_enc, rc);
        rc = init_prot(&k, ci);
        CHECK(rc == ZC_ENOTSUP && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
              "%s: init_protected after the failed self-test: ZC_ENOTSUP (rc %d)", c->name, rc);
        rc = init_sec(&k, ci);
        CHECK(rc == ZC_ENOTSUP && zc_ec_key_kind(&k) == ZC_EC_KEY_NONE,
              "%s: init_secure after the failed self-test: ZC_ENOTSUP (rc %d)", c->name, rc);
        rc = zc_ec_key_from_private(&k, c->curve, mat[ci].priv, c->f);
        CHECK(rc == ZC_OK && sign_ok(ci, &k, &rc),
              "%s: a clear key still signs (rc %d)", c->name, rc);
        zc_ec_key_wipe(&k);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    unsigned ci;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!zc_cpacf_sim_has_ec()) {
        printf("skipped: the stand-in was built without libcrypto: no KDSA model\n");
        return 77;
    }
    for (ci = 0; ci < NCURVES; ci++)
        material(ci);
    if (!strcmp(mode, "no-enc")) {
        no_enc();
    } else if (!strcmp(mode, "selftest")) {
        selftest_fails();
    } else if (mode[0] == '\0') {
        for (ci = 0; ci < NCURVES; ci++)
            model_cases(ci);
        for (ci = 0; ci < NCURVES; ci++)
            per_curve(ci);
        for (ci = 0; ci < NCURVES; ci++)
            bad_inputs(ci);
        x_cases();
    } else {
        printf("unknown mode %s\n", mode);
        return 2;
    }
    return unit_done();
}
