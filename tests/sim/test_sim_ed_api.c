/*
 * test_sim_ed_api.c - the library's Ed25519/Ed448 (KDSA 32/36/40/44, PCC
 * 72/73 for the public key) and X25519/X448 (PCC 80/81) on the CPACF
 * stand-in, through the public API (the stand-in's model: cpacf_sim_ec.c,
 * OpenSSL's EVP and sim_edwards.c, never lib/ec).
 *
 * Keys set to ZC_BACKEND_CPACF must give what ZC_BACKEND_SOFTWARE keys give
 * and what the RFCs print (RFC 8032 section 7, RFC 7748 5.2 and 6.1/6.2):
 * the public key derived at import (PCC 72/73, or 80/81), pure EdDSA
 * signatures byte for byte (EdDSA is deterministic), verification answers on
 * good and tampered signatures, and the refusals that the library must make
 * in software before KDSA (S >= L, a non-canonical R, Ed448's last byte,
 * which KDSA does not check: the stand-in would accept the first and last,
 * see cpacf_sim_ec.c), ctx and ph in software, X25519/X448 secrets incl. u
 * with X25519's top bit set and non-canonical u (RFC 7748 5: reduced), the
 * all-zero result refused (ZC_EINVAL, nothing written), and the stand-in's
 * execution counters showing which instruction ran. Then cc 3 stops.
 *
 * Modes (argv[1]; ZCRYPT_CAPS is read once per process, so one per test):
 *   (none)            the above, plus zc_backend_query and zc_cpacf_selftest
 *   no-kdsa, no-pcc   ZCRYPT_CAPS removed KDSA 32-44 or PCC 72-81: AUTO keys
 *                     run software (nothing executed), CPACF keys ZC_ENOTSUP
 *   plant-4, plant-5, plant-6
 *                     the self-tests first (they pass), then the library's
 *                     planted mistake (zc_ec_cpacf_plant, lib/ec/ec_cpacf.h:
 *                     4 an unreversed field, 5 Ed448 padding at the wrong
 *                     end, 6 X25519 without the top-bit clear), then the
 *                     comparisons: this must FAIL (meson's should_fail), by
 *                     a mismatch or the stand-in's abort
 *   selftest-4, selftest-5, selftest-6
 *                     the plant before first use, the stand-in not strict
 *                     (a machine's wrong answer, no abort): the self-tests
 *                     of the spoiled codes fail, AUTO keys still give the
 *                     right answers in software, CPACF keys ZC_ENOTSUP
 *
 * Needs the stand-in's EC model (libcrypto): otherwise "skipped:", exit 77.
 * Prints "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>

#include <zcrypt.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"

#include "../unit/unit.h"
#include "../vectors/ed25519_rfc8032.h"
#include "../vectors/ed448_rfc8032.h"
#include "../vectors/x_rfc7748.h"

/* The library's planted mistakes (stand-in build only; ec_cpacf.h). */
extern int zc_ec_cpacf_plant;

/* Per curve: index 0 Ed25519 / X25519, 1 Ed448 / X448. */
static const enum zc_ec_curve edc[2] = { ZC_EC_ED25519, ZC_EC_ED448 };
static const enum zc_ec_curve xc[2] = { ZC_EC_X25519, ZC_EC_X448 };
static const char *const ed_names[2] = { "Ed25519", "Ed448" };
static const char *const x_names[2] = { "X25519", "X448" };
static const enum zc_algo ed_algos[2] = { ZC_ALGO_EC_ED25519, ZC_ALGO_EC_ED448 };
static const enum zc_algo x_algos[2] = { ZC_ALGO_EC_X25519, ZC_ALGO_EC_X448 };
static const unsigned fc_verify[2] = { 32, 36 }, fc_sign[2] = { 40, 44 },
                      fc_edmul[2] = { 72, 73 }, fc_x[2] = { 80, 81 };
static const size_t bsz[2] = { 32, 57 }, xsz[2] = { 32, 56 };

/* L, RFC 8032 5.1 / 5.2 (hex). */
static const char *const orders[2] = {
    "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed",
    "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9"
    "c44edb49aed63690216cc2728dc58f552378c292ab5844f3",
};

static unsigned long kdsa_runs(void)
{
    unsigned long n = 0;
    unsigned i;

    for (i = 0; i < 2; i++)
        n += zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[i]) +
             zc_cpacf_sim_executed(ZC_OP_KDSA, fc_verify[i]);
    return n;
}

static unsigned long pcc_runs(void)
{
    unsigned long n = 0;
    unsigned i;

    for (i = 0; i < 2; i++)
        n += zc_cpacf_sim_executed(ZC_OP_PCC, fc_edmul[i]) +
             zc_cpacf_sim_executed(ZC_OP_PCC, fc_x[i]);
    return n;
}

static int key(zc_ec_key *k, enum zc_ec_curve c, const uint8_t *priv, size_t n,
               enum zc_backend b)
{
    int rc = zc_ec_key_from_private(k, c, priv, n);

    if (rc == ZC_OK)
        rc = zc_ec_key_set_backend(k, b);
    return rc;
}

static int pub_key(zc_ec_key *k, enum zc_ec_curve c, const uint8_t *pub, size_t n,
                   enum zc_backend b)
{
    int rc = zc_ec_key_from_public(k, c, pub, n);

    if (rc == ZC_OK)
        rc = zc_ec_key_set_backend(k, b);
    return rc;
}

static const struct ed_kat *kats(unsigned ci, size_t *n)
{
    *n = ci == 0 ? sizeof ed25519_rfc8032 / sizeof ed25519_rfc8032[0]
                 : sizeof ed448_rfc8032 / sizeof ed448_rfc8032[0];
    return ci == 0 ? ed25519_rfc8032 : ed448_rfc8032;
}

/* S + L into the signature (little-endian, still b bytes). */
static void add_l(unsigned ci, uint8_t *sig)
{
    size_t b = bsz[ci];
    BIGNUM *s = BN_lebin2bn(sig + b, (int)b, NULL), *l = NULL;

    BN_hex2bn(&l, orders[ci]);
    BN_add(s, s, l);
    BN_bn2lebinpad(s, sig + b, (int)b);
    BN_free(s);
    BN_free(l);
}

/* ------------------------------------------------------------------ */
/* Ed25519 / Ed448                                                      */
/* ------------------------------------------------------------------ */

/* One seed and message: every comparison. rfc_pub/rfc_sig NULL for a
 * generated key. */
static void compare_ed(unsigned ci, const char *name, const uint8_t *seed, const uint8_t *msg,
                       size_t ml, const uint8_t *rfc_pub, const uint8_t *rfc_sig)
{
    const char *cn = ed_names[ci];
    size_t b = bsz[ci], pl_c = 57, pl_s = 57, sl;
    uint8_t pub_c[57] = { 0 }, pub_s[57] = { 0 }, sig_c[114] = { 0 }, sig_s[114] = { 0 };
    uint8_t bad[114] = { 0 };
    zc_ec_key kc, ks, vc;
    unsigned long runs;
    int rc_c, rc_s, ok;

    zc_cpacf_sim_reset();
    CHECK(key(&kc, edc[ci], seed, b, ZC_BACKEND_CPACF) == ZC_OK && pcc_runs() == 1 &&
          zc_cpacf_sim_executed(ZC_OP_PCC, fc_edmul[ci]) == 1,
          "%s %s: import derives the public key on PCC %u (%lu runs)", cn, name, fc_edmul[ci],
          pcc_runs());
    key(&ks, edc[ci], seed, b, ZC_BACKEND_SOFTWARE);
    CHECK(zc_ec_key_public(&kc, pub_c, &pl_c) == ZC_OK && zc_ec_key_public(&ks, pub_s, &pl_s) ==
          ZC_OK && pl_c == b && pl_s == b && !memcmp(pub_c, pub_s, b) &&
          (rfc_pub == NULL || !memcmp(pub_c, rfc_pub, b)),
          "%s %s: the public key derived on PCC equals software's%s", cn, name,
          rfc_pub ? " and the RFC's" : "");

    zc_cpacf_sim_reset();
    sl = sizeof sig_c;
    rc_c = zc_eddsa_sign(&kc, msg, ml, sig_c, &sl);
    runs = zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]);
    sl = sizeof sig_s;
    rc_s = zc_eddsa_sign(&ks, msg, ml, sig_s, &sl);
    CHECK(rc_c == ZC_OK && rc_s == ZC_OK && sl == 2 * b && !memcmp(sig_c, sig_s, 2 * b) &&
          (rfc_sig == NULL || !memcmp(sig_c, rfc_sig, 2 * b)),
          "%s %s: the signature on KDSA %u equals software's%s (rc %d)", cn, name, fc_sign[ci],
          rfc_sig ? " and the RFC's" : "", rc_c);
    CHECK(runs == 1 && kdsa_runs() == 1, "%s %s: one KDSA sign (%lu), none for software", cn,
          name, runs);

    /* verification, by a private and a public-only key */
    pub_key(&vc, edc[ci], pub_s, b, ZC_BACKEND_CPACF);
    zc_cpacf_sim_reset();
    rc_c = zc_eddsa_verify(&kc, msg, ml, sig_s, 2 * b);
    ok = rc_c == ZC_OK && zc_eddsa_verify(&vc, msg, ml, sig_s, 2 * b) == ZC_OK;
    runs = zc_cpacf_sim_executed(ZC_OP_KDSA, fc_verify[ci]);
    rc_s = zc_eddsa_verify(&ks, msg, ml, sig_s, 2 * b);
    CHECK(ok && rc_s == ZC_OK && runs == 2 && kdsa_runs() == 2,
          "%s %s: a good signature verifies on KDSA %u (%lu runs, rc %d) and in software", cn,
          name, fc_verify[ci], runs, rc_c);
    ok = 1;
    for (sl = 0; sl < 3; sl++) {
        memcpy(bad, sig_s, 2 * b);
        bad[sl * b / 2 + 3] ^= 0x20;                    /* R, R, S */
        if (sl == 2)
            bad[b + 5] ^= 0x01;
        rc_c = zc_eddsa_verify(&vc, msg, ml, bad, 2 * b);
        rc_s = zc_eddsa_verify(&ks, msg, ml, bad, 2 * b);
        ok = ok && rc_c == ZC_EAUTH && rc_s == ZC_EAUTH;
    }
    rc_c = zc_eddsa_verify(&vc, (const uint8_t *)"other", 5, sig_s, 2 * b);
    ok = ok && rc_c == ZC_EAUTH && zc_eddsa_verify(&ks, (const uint8_t *)"other", 5, sig_s,
                                                   2 * b) == ZC_EAUTH;
    CHECK(ok, "%s %s: tampered R, S or message: ZC_EAUTH on both", cn, name);

    /* refused in software before KDSA: the stand-in itself would take S
     * mod L and ignore Ed448's last byte */
    zc_cpacf_sim_reset();
    memcpy(bad, sig_s, 2 * b);
    add_l(ci, bad);
    rc_c = zc_eddsa_verify(&vc, msg, ml, bad, 2 * b);
    rc_s = zc_eddsa_verify(&ks, msg, ml, bad, 2 * b);
    CHECK(rc_c == ZC_EAUTH && rc_s == ZC_EAUTH && kdsa_runs() == 0,
          "%s %s: S + L: ZC_EAUTH on both (%d, %d), no KDSA ran (%lu)", cn, name, rc_c, rc_s,
          kdsa_runs());
    memcpy(bad, sig_s, 2 * b);
    /* R: y = p + 1, the neutral element's non-canonical encoding */
    memset(bad, 0xff, b);
    if (ci == 0) {
        bad[0] = 0xee;
        bad[31] = 0x7f;
    } else {
        memset(bad, 0, 28);
        bad[56] = 0;
    }
    rc_c = zc_eddsa_verify(&vc, msg, ml, bad, 2 * b);
    rc_s = zc_eddsa_verify(&ks, msg, ml, bad, 2 * b);
    CHECK(rc_c == ZC_EAUTH && rc_s == ZC_EAUTH && kdsa_runs() == 0,
          "%s %s: a non-canonical R: ZC_EAUTH on both, no KDSA ran", cn, name);
    if (ci == 1) {
        memcpy(bad, sig_s, 2 * b);
        bad[113] = 0x01;
        rc_c = zc_eddsa_verify(&vc, msg, ml, bad, 2 * b);
        rc_s = zc_eddsa_verify(&ks, msg, ml, bad, 2 * b);
        CHECK(rc_c == ZC_EAUTH && rc_s == ZC_EAUTH && kdsa_runs() == 0,
              "Ed448 %s: last signature byte non-zero: ZC_EAUTH on both (%d, %d), no KDSA ran "
              "(%lu)", name, rc_c, rc_s, kdsa_runs());
    }
    CHECK(zc_eddsa_verify(&vc, msg, ml, sig_s, 2 * b - 1) == ZC_EAUTH && kdsa_runs() == 0,
          "%s %s: a short signature: ZC_EAUTH, no KDSA ran", cn, name);
    zc_ec_key_wipe(&kc);
    zc_ec_key_wipe(&ks);
    zc_ec_key_wipe(&vc);
}

static void compare_ed_all(void)
{
    unsigned ci;

    for (ci = 0; ci < 2; ci++) {
        size_t n, i;
        const struct ed_kat *k = kats(ci, &n);
        uint8_t seed[57], pub[57], sig[114], msg[1100];
        size_t ml;

        for (i = 0; i < n; i++) {
            if (k[i].variant != 0)
                continue;
            unhex(seed, k[i].seed);
            unhex(pub, k[i].pub);
            unhex(sig, k[i].sig);
            ml = unhex(msg, k[i].msg);
            compare_ed(ci, k[i].what, seed, msg, ml, pub, sig);
        }
        /* another seed: any b bytes are one */
        fill(seed, sizeof seed);
        fill(msg, 300);
        compare_ed(ci, "a seed of the filler", seed, msg, 300, NULL, NULL);
    }
}

/* Ed25519ctx, Ed25519ph, Ed448 with a context, Ed448ph: software, on an
 * AUTO key where KDSA is there; the RFC's signatures. */
static void ctx_ph(void)
{
    unsigned ci;

    for (ci = 0; ci < 2; ci++) {
        size_t n, i;
        const struct ed_kat *k = kats(ci, &n);

        for (i = 0; i < n; i++) {
            uint8_t seed[57], sig[114], msg[1100], ctx[64], out[114] = { 0 };
            size_t ml, cl, sl = sizeof out, b = bsz[ci];
            zc_ec_key ka;
            int rc;

            if (k[i].variant == 0)
                continue;
            unhex(seed, k[i].seed);
            unhex(sig, k[i].sig);
            ml = unhex(msg, k[i].msg);
            cl = unhex(ctx, k[i].ctx);
            key(&ka, edc[ci], seed, b, ZC_BACKEND_AUTO);
            zc_cpacf_sim_reset();
            rc = zc_eddsa_sign_ex(&ka, k[i].variant == 2, ctx, cl, msg, ml, out, &sl);
            CHECK(rc == ZC_OK && !memcmp(out, sig, 2 * b) &&
                  zc_eddsa_verify_ex(&ka, k[i].variant == 2, ctx, cl, msg, ml, out, 2 * b) ==
                  ZC_OK && kdsa_runs() == 0,
                  "%s: an AUTO key signs and verifies in software (no KDSA), the RFC's "
                  "signature (rc %d)", k[i].what, rc);
            zc_ec_key_wipe(&ka);
        }
    }
}

/* ------------------------------------------------------------------ */
/* X25519 / X448                                                        */
/* ------------------------------------------------------------------ */

/* priv's secret with the peer u on both backends; want NULL: only equal. */
static void compare_x(unsigned ci, const char *name, const uint8_t *priv, const uint8_t *u,
                      const uint8_t *want)
{
    size_t f = xsz[ci], l_c = 56, l_s = 56;
    uint8_t s_c[56], s_s[56];
    zc_ec_key kc, ks, peer;
    unsigned long runs;
    int rc_c, rc_s;

    memset(s_c, 0, sizeof s_c);
    memset(s_s, 0, sizeof s_s);
    key(&kc, xc[ci], priv, f, ZC_BACKEND_CPACF);
    key(&ks, xc[ci], priv, f, ZC_BACKEND_SOFTWARE);
    pub_key(&peer, xc[ci], u, f, ZC_BACKEND_SOFTWARE);
    zc_cpacf_sim_reset();
    rc_c = zc_ecdh(&kc, &peer, s_c, &l_c);
    runs = zc_cpacf_sim_executed(ZC_OP_PCC, fc_x[ci]);
    rc_s = zc_ecdh(&ks, &peer, s_s, &l_s);
    CHECK(rc_c == ZC_OK && rc_s == ZC_OK && l_c == f && !memcmp(s_c, s_s, f) &&
          (want == NULL || !memcmp(s_c, want, f)) && runs == 1 && pcc_runs() == 1,
          "%s %s: the secret on PCC %u equals software's%s (rc %d, %lu runs)", x_names[ci],
          name, fc_x[ci], want ? " and the RFC's" : "", rc_c, runs);
    zc_ec_key_wipe(&kc);
    zc_ec_key_wipe(&ks);
    zc_ec_key_wipe(&peer);
}

static void compare_x_all(void)
{
    unsigned ci;
    size_t i;

    for (i = 0; i < sizeof x_rfc7748_52 / sizeof x_rfc7748_52[0]; i++) {
        const struct x_rfc7748_kat *v = &x_rfc7748_52[i];
        uint8_t k[56], u[56], out[56];

        unhex(k, v->k);
        unhex(u, v->u);
        unhex(out, v->out);
        {
            char nm[64];

            snprintf(nm, sizeof nm, "RFC 7748 5.2 vector %zu%s", i % 2 + 1,
                     i == 1 ? " (u's top bit set)" : "");
            compare_x(v->curve == ZC_EC_X448, nm, k, u, out);
        }
    }
    for (ci = 0; ci < 2; ci++) {
        const struct x_rfc7748_dh *d = &x_rfc7748_dhs[ci];
        size_t f = xsz[ci], pl = 56;
        uint8_t a[56], ap[56], bp[56], sh[56], pub[56] = { 0 }, u[56], zero[56] = { 0 };
        uint8_t sec[56];
        zc_ec_key kc, ks, peer;
        size_t sl;
        int rc_c, rc_s;

        unhex(a, d->a_priv);
        unhex(ap, d->a_pub);
        unhex(bp, d->b_pub);
        unhex(sh, d->shared);
        zc_cpacf_sim_reset();
        key(&kc, xc[ci], a, f, ZC_BACKEND_CPACF);
        CHECK(zc_ec_key_public(&kc, pub, &pl) == ZC_OK && pl == f && !memcmp(pub, ap, f),
              "%s: RFC 7748 %s: Alice's public key (PCC %u ran %lu)", x_names[ci],
              ci ? "6.2" : "6.1", fc_x[ci], zc_cpacf_sim_executed(ZC_OP_PCC, fc_x[ci]));
        zc_ec_key_wipe(&kc);
        compare_x(ci, ci ? "RFC 7748 6.2" : "RFC 7748 6.1", a, bp, sh);
        if (ci == 0) {
            /* RFC 7748 5: X25519 masks u's top bit, so Bob's key with it set
             * gives the same shared secret */
            bp[31] |= 0x80;
            compare_x(ci, "RFC 7748 6.1, Bob's u with the top bit set", a, bp, sh);
        }

        /* u = p + 9 / p + 5: the base point, non-canonical (RFC 7748 5: reduced) */
        memset(u, 0xff, f);
        if (ci == 0) {
            u[0] = 0xed + 9;
            u[31] = 0x7f;
        } else {
            u[0] = 0x04;                                /* p + 5 = 2^448 - 2^224 + 4 */
            memset(u + 1, 0, 27);
            u[28] = 0xff;
        }
        compare_x(ci, "non-canonical u (p + the base point)", a, u, ap);

        /* small order: u = 0 and u = 1, the all-zero result refused */
        key(&kc, xc[ci], a, f, ZC_BACKEND_CPACF);
        key(&ks, xc[ci], a, f, ZC_BACKEND_SOFTWARE);
        for (sl = 0; sl < 2; sl++) {
            size_t l_c = 56, l_s = 56;
            uint8_t s_s[56];

            memset(u, 0, f);
            u[0] = (uint8_t)sl;
            pub_key(&peer, xc[ci], u, f, ZC_BACKEND_SOFTWARE);
            memset(sec, 0x5a, sizeof sec);
            memset(s_s, 0x5a, sizeof s_s);
            zc_cpacf_sim_reset();
            rc_c = zc_ecdh(&kc, &peer, sec, &l_c);
            rc_s = zc_ecdh(&ks, &peer, s_s, &l_s);
            CHECK(rc_c == ZC_EINVAL && rc_s == ZC_EINVAL && sec[0] == 0x5a && sec[f - 1] == 0x5a &&
                  memcmp(sec, zero, f) != 0 && zc_cpacf_sim_executed(ZC_OP_PCC, fc_x[ci]) == 1,
                  "%s: u = %zu (small order): PCC %u ran, the all-zero result refused "
                  "(ZC_EINVAL %d, %d), nothing written", x_names[ci], sl, fc_x[ci], rc_c, rc_s);
            zc_ec_key_wipe(&peer);
        }
        zc_ec_key_wipe(&kc);
        zc_ec_key_wipe(&ks);
    }
}

/* Software keys issue no KDSA or PCC. */
static void software_silent(void)
{
    unsigned ci;
    int ok = 1;

    for (ci = 0; ci < 2; ci++) {
        uint8_t seed[57] = { 0 }, sig[114] = { 0 }, k[56] = { 0 }, sec[56] = { 0 };
        zc_ec_key e, x, p;
        size_t sl = sizeof sig;

        fill(seed, sizeof seed);
        fill(k, sizeof k);
        ok = ok && zc_ec_key_from_private(&e, edc[ci], seed, bsz[ci]) == ZC_OK;
        zc_ec_key_set_backend(&e, ZC_BACKEND_SOFTWARE);
        zc_ec_key_from_private(&x, xc[ci], k, xsz[ci]);
        zc_ec_key_set_backend(&x, ZC_BACKEND_SOFTWARE);
        unhex(k, x_rfc7748_dhs[ci].b_pub);
        zc_ec_key_from_public(&p, xc[ci], k, xsz[ci]);
        zc_cpacf_sim_reset();
        ok = ok && zc_eddsa_sign(&e, seed, 10, sig, &sl) == ZC_OK &&
             zc_eddsa_verify(&e, seed, 10, sig, sl) == ZC_OK;
        sl = sizeof sec;
        ok = ok && zc_ecdh(&x, &p, sec, &sl) == ZC_OK;
        ok = ok && kdsa_runs() == 0 && pcc_runs() == 0;
        zc_ec_key_wipe(&e);
        zc_ec_key_wipe(&x);
        zc_ec_key_wipe(&p);
    }
    CHECK(ok, "software keys: EdDSA sign, verify, X25519/X448 issue no KDSA or PCC");
}

/* cc 3 stops on the public API. */
static void retries(void)
{
    unsigned ci;

    for (ci = 0; ci < 2; ci++) {
        size_t n, b = bsz[ci], f = xsz[ci], sl, pl;
        const struct ed_kat *k = kats(ci, &n);
        const struct ed_kat *v = &k[ci == 0 ? 2 : 3];  /* 2 and 11 bytes */
        uint8_t seed[57], pub[57], sig[114], msg[64], out[114] = { 0 }, got[57] = { 0 };
        uint8_t a[56], bp[56], sh[56], sec[56] = { 0 };
        zc_ec_key kc, peer;
        size_t ml;
        int ok;

        unhex(seed, v->seed);
        unhex(pub, v->pub);
        unhex(sig, v->sig);
        ml = unhex(msg, v->msg);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 3);
        ok = key(&kc, edc[ci], seed, b, ZC_BACKEND_CPACF) == ZC_OK;
        pl = sizeof got;
        ok = ok && zc_ec_key_public(&kc, got, &pl) == ZC_OK && !memcmp(got, pub, b);
        CHECK(ok && zc_cpacf_sim_stopped() && zc_cpacf_sim_executed(ZC_OP_PCC, fc_edmul[ci]) == 2,
              "%s: cc 3 in PCC %u at import: the RFC's public key", ed_names[ci], fc_edmul[ci]);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        sl = sizeof out;
        ok = zc_eddsa_sign(&kc, msg, ml, out, &sl) == ZC_OK && !memcmp(out, sig, 2 * b);
        CHECK(ok && zc_cpacf_sim_stopped() && zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]) == 2,
              "%s: cc 3 in KDSA %u: the RFC's signature", ed_names[ci], fc_sign[ci]);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        ok = zc_eddsa_verify(&kc, msg, ml, sig, 2 * b) == ZC_OK && zc_cpacf_sim_stopped();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        sig[b + 1] ^= 1;
        ok = ok && zc_eddsa_verify(&kc, msg, ml, sig, 2 * b) == ZC_EAUTH && zc_cpacf_sim_stopped();
        CHECK(ok, "%s: cc 3 in KDSA %u: the same answers", ed_names[ci], fc_verify[ci]);
        sig[b + 1] ^= 1;
        /* cc 1 (a machine's refusal): sign fails closed, verify is invalid */
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 1);
        sl = sizeof out;
        memset(out, 0x5a, sizeof out);
        ok = zc_eddsa_sign(&kc, msg, ml, out, &sl) == ZC_EDEVICE && zc_cpacf_sim_stopped() &&
             out[0] == 0x5a && out[2 * b - 1] == 0x5a;
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 1);
        ok = ok && zc_eddsa_verify(&kc, msg, ml, sig, 2 * b) == ZC_EAUTH && zc_cpacf_sim_stopped();
        CHECK(ok, "%s: cc 1 in KDSA: sign ZC_EDEVICE with nothing written, verify ZC_EAUTH",
              ed_names[ci]);
        zc_ec_key_wipe(&kc);

        unhex(a, x_rfc7748_dhs[ci].a_priv);
        unhex(bp, x_rfc7748_dhs[ci].b_pub);
        unhex(sh, x_rfc7748_dhs[ci].shared);
        key(&kc, xc[ci], a, f, ZC_BACKEND_CPACF);
        pub_key(&peer, xc[ci], bp, f, ZC_BACKEND_SOFTWARE);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 3);
        sl = sizeof sec;
        ok = zc_ecdh(&kc, &peer, sec, &sl) == ZC_OK && sl == f && !memcmp(sec, sh, f);
        CHECK(ok && zc_cpacf_sim_stopped() && zc_cpacf_sim_executed(ZC_OP_PCC, fc_x[ci]) == 2,
              "%s: cc 3 in PCC %u: RFC 7748's shared secret", x_names[ci], fc_x[ci]);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 1);
        sl = sizeof sec;
        memset(sec, 0x5a, sizeof sec);
        ok = zc_ecdh(&kc, &peer, sec, &sl) == ZC_EDEVICE && zc_cpacf_sim_stopped() &&
             sec[0] == 0x5a && sec[f - 1] == 0x5a;
        CHECK(ok, "%s: cc 1 in PCC %u: ZC_EDEVICE, nothing written", x_names[ci], fc_x[ci]);
        zc_ec_key_wipe(&kc);
        zc_ec_key_wipe(&peer);
    }
}

static void backends(void)
{
    unsigned ci;

    for (ci = 0; ci < 2; ci++) {
        struct zc_backend_info bi;

        CHECK(zc_cpacf_selftest(ZC_INSN_KDSA, fc_verify[ci]) == 1 &&
              zc_cpacf_selftest(ZC_INSN_KDSA, fc_sign[ci]) == 1 &&
              zc_cpacf_selftest(ZC_INSN_PCC, fc_edmul[ci]) == 1 &&
              zc_cpacf_selftest(ZC_INSN_PCC, fc_x[ci]) == 1,
              "%s/%s: zc_cpacf_selftest of KDSA %u, %u, PCC %u, %u: 1", ed_names[ci],
              x_names[ci], fc_verify[ci], fc_sign[ci], fc_edmul[ci], fc_x[ci]);
        CHECK(zc_backend_query(ed_algos[ci], 0, &bi) == ZC_OK && bi.backend == ZC_BACKEND_CPACF &&
              bi.reason == ZC_REASON_CPACF,
              "%s: zc_backend_query says CPACF (backend %d, reason %d)", ed_names[ci],
              (int)bi.backend, (int)bi.reason);
        CHECK(zc_backend_query(x_algos[ci], 0, &bi) == ZC_OK && bi.backend == ZC_BACKEND_CPACF &&
              bi.reason == ZC_REASON_CPACF,
              "%s: zc_backend_query says CPACF (backend %d, reason %d)", x_names[ci],
              (int)bi.backend, (int)bi.reason);
    }
}

/* ZCRYPT_CAPS removed KDSA 32-44 ('K') or PCC 72-81 ('P'). */
static void caps_removed(char gone)
{
    unsigned ci;

    for (ci = 0; ci < 2; ci++) {
        const struct ed_kat *k = ci == 0 ? &ed25519_rfc8032[1] : &ed448_rfc8032[1];
        size_t b = bsz[ci], f = xsz[ci], sl, pl = 57;
        uint8_t seed[57], pub[57], sig[114], msg[4], out[114] = { 0 }, got[57] = { 0 };
        uint8_t a[56], bp[56], sh[56], sec[56] = { 0 };
        zc_ec_key ka, kc, xa, xk, peer;
        int ok, rc;

        unhex(seed, k->seed);
        unhex(pub, k->pub);
        unhex(sig, k->sig);
        unhex(msg, k->msg);
        unhex(a, x_rfc7748_dhs[ci].a_priv);
        unhex(bp, x_rfc7748_dhs[ci].b_pub);
        unhex(sh, x_rfc7748_dhs[ci].shared);
        zc_cpacf_sim_reset();
        key(&ka, edc[ci], seed, b, ZC_BACKEND_AUTO);
        key(&kc, edc[ci], seed, b, ZC_BACKEND_CPACF);
        key(&xa, xc[ci], a, f, ZC_BACKEND_AUTO);
        key(&xk, xc[ci], a, f, ZC_BACKEND_CPACF);
        pub_key(&peer, xc[ci], bp, f, ZC_BACKEND_AUTO);
        sl = sizeof out;
        ok = zc_ec_key_public(&ka, got, &pl) == ZC_OK && !memcmp(got, pub, b);
        ok = ok && zc_eddsa_sign(&ka, msg, 1, out, &sl) == ZC_OK && !memcmp(out, sig, 2 * b) &&
             zc_eddsa_verify(&ka, msg, 1, sig, 2 * b) == ZC_OK;
        sl = sizeof sec;
        ok = ok && zc_ecdh(&xa, &peer, sec, &sl) == ZC_OK && !memcmp(sec, sh, f);
        if (gone == 'K') {
            CHECK(ok && kdsa_runs() == 0, "%s, KDSA 32-44 removed: an AUTO key signs and "
                  "verifies in software (no KDSA ran), the RFC's signature", ed_names[ci]);
            sl = sizeof out;
            rc = zc_eddsa_sign(&kc, msg, 1, out, &sl);
            CHECK(rc == ZC_ENOTSUP && zc_eddsa_verify(&kc, msg, 1, sig, 2 * b) == ZC_ENOTSUP,
                  "%s, KDSA removed: a CPACF key signs and verifies ZC_ENOTSUP (%d)",
                  ed_names[ci], rc);
        } else {
            CHECK(ok && pcc_runs() == 0, "%s/%s, PCC 72-81 removed: AUTO keys derive and agree "
                  "in software (no PCC ran), the RFCs' answers", ed_names[ci], x_names[ci]);
            sl = sizeof sec;
            rc = zc_ecdh(&xk, &peer, sec, &sl);
            CHECK(rc == ZC_ENOTSUP, "%s, PCC removed: a CPACF key's ECDH is ZC_ENOTSUP (%d)",
                  x_names[ci], rc);
        }
        zc_ec_key_wipe(&ka);
        zc_ec_key_wipe(&kc);
        zc_ec_key_wipe(&xa);
        zc_ec_key_wipe(&xk);
        zc_ec_key_wipe(&peer);
    }
}

/* Which codes a plant spoils (ec_cpacf.h): 4 verify 32/36, 5 Ed448 36/44,
 * 6 X25519 80. op: 'v' verify, 's' sign, 'm' PCC 72/73, 'x' PCC 80/81. */
static int spoiled(int plant, unsigned ci, char op)
{
    switch (plant) {
    case 4: return op == 'v';
    case 5: return ci == 1 && (op == 'v' || op == 's');
    default: return ci == 0 && op == 'x';
    }
}

static void selftest_catches(int plant)
{
    unsigned ci;

    for (ci = 0; ci < 2; ci++) {
        const struct ed_kat *k = ci == 0 ? &ed25519_rfc8032[1] : &ed448_rfc8032[1];
        const struct x_rfc7748_kat *xv = &x_rfc7748_52[2 * ci + (ci == 0)];  /* X25519: top bit */
        size_t b = bsz[ci], f = xsz[ci], sl;
        uint8_t seed[57], sig[114], msg[4], out[114] = { 0 }, kx[56], u[56], want[56];
        uint8_t sec[56] = { 0 };
        struct zc_backend_info bi;
        zc_ec_key ka, kc, xa, xk, peer;
        int sv, ss, sm, sx, rc, edbad = spoiled(plant, ci, 'v') || spoiled(plant, ci, 's');

        sv = zc_cpacf_selftest(ZC_INSN_KDSA, fc_verify[ci]);
        ss = zc_cpacf_selftest(ZC_INSN_KDSA, fc_sign[ci]);
        sm = zc_cpacf_selftest(ZC_INSN_PCC, fc_edmul[ci]);
        sx = zc_cpacf_selftest(ZC_INSN_PCC, fc_x[ci]);
        CHECK(sv == !spoiled(plant, ci, 'v') && ss == !spoiled(plant, ci, 's') &&
              sm == !spoiled(plant, ci, 'm') && sx == !spoiled(plant, ci, 'x'),
              "%s/%s, plant %d before first use: self-tests verify %d, sign %d, PCC %d, %d",
              ed_names[ci], x_names[ci], plant, sv, ss, sm, sx);
        rc = zc_backend_query(ed_algos[ci], 0, &bi);
        CHECK(rc == ZC_OK && (edbad ? bi.backend == ZC_BACKEND_SOFTWARE &&
                              bi.reason == ZC_REASON_SELFTEST : bi.backend == ZC_BACKEND_CPACF),
              "%s, plant %d: zc_backend_query backend %d reason %d", ed_names[ci], plant,
              (int)bi.backend, (int)bi.reason);
        rc = zc_backend_query(x_algos[ci], 0, &bi);
        CHECK(rc == ZC_OK && (spoiled(plant, ci, 'x') ? bi.backend == ZC_BACKEND_SOFTWARE &&
                              bi.reason == ZC_REASON_SELFTEST : bi.backend == ZC_BACKEND_CPACF),
              "%s, plant %d: zc_backend_query backend %d reason %d", x_names[ci], plant,
              (int)bi.backend, (int)bi.reason);

        unhex(seed, k->seed);
        unhex(sig, k->sig);
        unhex(msg, k->msg);
        key(&ka, edc[ci], seed, b, ZC_BACKEND_AUTO);
        key(&kc, edc[ci], seed, b, ZC_BACKEND_CPACF);
        zc_cpacf_sim_reset();
        sl = sizeof out;
        rc = zc_eddsa_sign(&ka, msg, 1, out, &sl);
        CHECK(rc == ZC_OK && !memcmp(out, sig, 2 * b) &&
              zc_eddsa_verify(&ka, msg, 1, sig, 2 * b) == ZC_OK &&
              (!spoiled(plant, ci, 's') || zc_cpacf_sim_executed(ZC_OP_KDSA, fc_sign[ci]) == 0) &&
              (!spoiled(plant, ci, 'v') || zc_cpacf_sim_executed(ZC_OP_KDSA, fc_verify[ci]) == 0),
              "%s, plant %d: an AUTO key signs and verifies correctly (software where spoiled)",
              ed_names[ci], plant);
        sl = sizeof out;
        rc = zc_eddsa_sign(&kc, msg, 1, out, &sl);
        CHECK(spoiled(plant, ci, 's') ? rc == ZC_ENOTSUP : rc == ZC_OK && !memcmp(out, sig, 2 * b),
              "%s, plant %d: a CPACF key's sign %d", ed_names[ci], plant, rc);
        rc = zc_eddsa_verify(&kc, msg, 1, sig, 2 * b);
        CHECK(spoiled(plant, ci, 'v') ? rc == ZC_ENOTSUP : rc == ZC_OK,
              "%s, plant %d: a CPACF key's verify %d", ed_names[ci], plant, rc);

        unhex(kx, xv->k);
        unhex(u, xv->u);
        unhex(want, xv->out);
        key(&xa, xc[ci], kx, f, ZC_BACKEND_AUTO);
        key(&xk, xc[ci], kx, f, ZC_BACKEND_CPACF);
        pub_key(&peer, xc[ci], u, f, ZC_BACKEND_AUTO);
        sl = sizeof sec;
        rc = zc_ecdh(&xa, &peer, sec, &sl);
        CHECK(rc == ZC_OK && !memcmp(sec, want, f), "%s, plant %d: an AUTO key agrees "
              "correctly (RFC 7748 5.2)", x_names[ci], plant);
        sl = sizeof sec;
        rc = zc_ecdh(&xk, &peer, sec, &sl);
        CHECK(spoiled(plant, ci, 'x') ? rc == ZC_ENOTSUP : rc == ZC_OK && !memcmp(sec, want, f),
              "%s, plant %d: a CPACF key's ECDH %d", x_names[ci], plant, rc);
        zc_ec_key_wipe(&ka);
        zc_ec_key_wipe(&kc);
        zc_ec_key_wipe(&xa);
        zc_ec_key_wipe(&xk);
        zc_ec_key_wipe(&peer);
    }
}

static int plant_of(const char *mode)
{
    const char *p = strchr(mode, '-');
    int n = p != NULL ? atoi(p + 1) : 0;

    return n >= 4 && n <= 6 ? n : 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int plant = plant_of(mode);

    setvbuf(stdout, NULL, _IOLBF, 0);

    if (!zc_cpacf_sim_has_ec()) {
        printf("skipped: the stand-in was built without libcrypto: no KDSA or PCC-ECC model\n");
        return 77;
    }
    if (!strcmp(mode, "no-kdsa")) {
        caps_removed('K');
    } else if (!strcmp(mode, "no-pcc")) {
        caps_removed('P');
    } else if (!strncmp(mode, "plant-", 6) && plant) {
        backends();
        printf("self-tests: %u passed, %u failed; now plant %d\n", n_pass, n_fail, plant);
        zc_ec_cpacf_plant = plant;
        compare_ed_all();
        compare_x_all();
        retries();
    } else if (!strncmp(mode, "selftest-", 9) && plant) {
        zc_cpacf_sim_ec_strict(0);      /* as a machine: a wrong value, no exception */
        zc_ec_cpacf_plant = plant;
        selftest_catches(plant);
    } else if (mode[0] == '\0') {
        backends();
        software_silent();
        compare_ed_all();
        ctx_ph();
        compare_x_all();
        retries();
    } else {
        printf("unknown mode %s\n", mode);
        return 2;
    }
    return unit_done();
}
