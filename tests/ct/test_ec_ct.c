/*
 * test_ec_ct.c - secret-taint test of the EC private paths under
 * valgrind's memcheck (native tier, where valgrind is installed), as
 * test_rsa_ct.c does for RSA.
 *
 * The private scalar (given to zc_ec_key_from_private and then inside
 * the key object) and every byte zc_random_bytes hands out are marked
 * undefined; memcheck reports any branch, conditional move or address
 * computed from them. The library marks what it makes public through
 * zc_ct_declassify() (a rejected candidate, "r or s is zero", the public
 * key, the signature). Covered: key import (public-key derivation, the
 * fixed-window scalar multiplication), deterministic and hedged signing
 * (RFC 6979's HMAC-DRBG, the nonce's inversion), ECDH and key generation
 * on the three curves; X25519 and X448 (the Montgomery ladder, its
 * conditional swaps, the inversion, the final reduction and the all-zero
 * test) at import, generation and ECDH, the peer's u secret too; the
 * Ed25519 core (lib/ec/ec_ed25519.c, called directly: the public key from
 * the clamped scalar, the nonce r and R from the secret prefix's digest,
 * S = r + k s) on RFC 8032 7.1 TEST 1 and TEST 2; the Ed448 core
 * (lib/ec/ec_ed448.c) the same way on RFC 8032 7.4 -----blank and
 * -----1 octet (the reductions mod L, the table scans, the inversion
 * and the encoding); and EdDSA's public calls on both curves (import of
 * a secret seed, every instance, generation).
 *
 *   test_ec_ct                   every path: memcheck must report nothing
 *   test_ec_ct planted-ed25519   Ed25519's variable-time verification given
 *                                a secret k: memcheck must report it (the
 *                                check sees a leak in the Ed25519 code)
 *   test_ec_ct planted-ed448     the same for Ed448's verification
 */
#include <zcrypt.h>
#include <valgrind/memcheck.h>

#include <stdio.h>
#include <string.h>

#include "core/platform.h"
#include "ec/ec_ed.h"
#include "../testutil.h"
#include "../vectors/ec_rfc6979.h"
#include "../vectors/ed25519_rfc8032.h"
#include "../vectors/x_rfc7748.h"
#include "../vectors/ed448_rfc8032.h"

int zc_random_bytes(void *buf, size_t len)
{
    int rc;

    if (buf == NULL && len != 0)
        return ZC_EINVAL;
    rc = zc_plat_getrandom(buf, len);
    VALGRIND_MAKE_MEM_UNDEFINED(buf, len);
    return rc;
}

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

/*
 * RFC 8032 5.1.5 and 5.1.6 around the core, the hashing done here: the
 * seed's digest (the clamped s and the prefix) is secret, the public key,
 * R and S are declassified where they leave. planted: verification (the
 * variable-time NAF) run on a secret challenge, which must be reported.
 */
static void ed25519_paths(int planted)
{
    unsigned i;

    for (i = 0; i < 2; i++) {
        const struct ed_kat *v = &ed25519_rfc8032[i];
        uint8_t seed[32], want_pub[32], want_sig[64], msg[8], h[64], s[32], pub[32];
        uint8_t buf[32 + 32 + 8], hr[64], r[32], sig[64], k[64];
        size_t n;

        tu_unhex(seed, 32, v->seed);
        tu_unhex(want_pub, 32, v->pub);
        tu_unhex(want_sig, 64, v->sig);
        n = strlen(v->msg) / 2;
        tu_unhex(msg, n, v->msg);
        VALGRIND_MAKE_MEM_UNDEFINED(seed, 32);
        check(zc_hash(ZC_SHA512, seed, 32, h, 64) == ZC_OK, "Ed25519: SHA-512 of the seed");
        memcpy(s, h, 32);
        s[0] &= 248;
        s[31] &= 127;
        s[31] |= 64;
        zc_ed25519_public(pub, s);
        VALGRIND_MAKE_MEM_DEFINED(pub, 32);
        check(memcmp(pub, want_pub, 32) == 0, "Ed25519: public key, RFC 8032 7.1");
        memcpy(buf, h + 32, 32);
        memcpy(buf + 32, msg, n);
        check(zc_hash(ZC_SHA512, buf, 32 + n, hr, 64) == ZC_OK, "Ed25519: nonce digest");
        zc_ed25519_nonce(r, sig, hr);
        VALGRIND_MAKE_MEM_DEFINED(sig, 32);                     /* R is public */
        memcpy(buf, sig, 32);
        memcpy(buf + 32, pub, 32);
        memcpy(buf + 64, msg, n);
        check(zc_hash(ZC_SHA512, buf, 64 + n, k, 64) == ZC_OK, "Ed25519: challenge digest");
        zc_ed25519_s(sig + 32, r, k, s);
        VALGRIND_MAKE_MEM_DEFINED(sig + 32, 32);                /* S is public */
        check(memcmp(sig, want_sig, 64) == 0, "Ed25519: signature, RFC 8032 7.1");
        if (planted)
            VALGRIND_MAKE_MEM_UNDEFINED(k, 64);
        check(zc_ed25519_verify(pub, sig, k) == 1, "Ed25519: it verifies");
    }
}

/* SHAKE256 of two parts, 114 bytes (RFC 8032 5.2's H). */
static void shake114(uint8_t out[114], const uint8_t *a, size_t na, const uint8_t *b,
                     size_t nb)
{
    zc_hash_ctx c;

    check(zc_hash_init(&c, ZC_SHAKE256, ZC_BACKEND_AUTO) == ZC_OK &&
          zc_hash_update(&c, a, na) == ZC_OK && zc_hash_update(&c, b, nb) == ZC_OK &&
          zc_hash_final(&c, out, 114) == ZC_OK, "Ed448: SHAKE256");
}

/*
 * RFC 8032 5.2.5 and 5.2.6 around the Ed448 core, as ed25519_paths: the
 * seed's digest secret, the public key, R and S declassified where they
 * leave; planted: verification on a secret challenge, to be reported.
 */
static void ed448_paths(int planted)
{
    static const uint8_t dom4[10] = { 'S', 'i', 'g', 'E', 'd', '4', '4', '8', 0, 0 };
    unsigned i;

    for (i = 0; i < 2; i++) {
        const struct ed_kat *v = &ed448_rfc8032[i];
        uint8_t seed[57], want_pub[57], want_sig[114], msg[8], h[114], s[57], pub[57];
        uint8_t buf[10 + 57 + 57 + 8], hr[114], r[57], sig[114], k[114];
        size_t n;

        tu_unhex(seed, 57, v->seed);
        tu_unhex(want_pub, 57, v->pub);
        tu_unhex(want_sig, 114, v->sig);
        n = strlen(v->msg) / 2;
        tu_unhex(msg, n, v->msg);
        VALGRIND_MAKE_MEM_UNDEFINED(seed, 57);
        shake114(h, seed, 57, NULL, 0);
        memcpy(s, h, 57);
        s[0] &= 0xfc;
        s[55] |= 0x80;
        s[56] = 0;
        zc_ed448_public(pub, s);
        VALGRIND_MAKE_MEM_DEFINED(pub, 57);
        check(memcmp(pub, want_pub, 57) == 0, "Ed448: public key, RFC 8032 7.4");
        memcpy(buf, dom4, 10);
        memcpy(buf + 10, h + 57, 57);
        shake114(hr, buf, 10 + 57, msg, n);
        zc_ed448_nonce(r, sig, hr);
        VALGRIND_MAKE_MEM_DEFINED(sig, 57);                     /* R is public */
        memcpy(buf + 10, sig, 57);
        memcpy(buf + 67, pub, 57);
        shake114(k, buf, 10 + 114, msg, n);
        zc_ed448_s(sig + 57, r, k, s);
        VALGRIND_MAKE_MEM_DEFINED(sig + 57, 57);                /* S is public */
        check(memcmp(sig, want_sig, 114) == 0, "Ed448: signature, RFC 8032 7.4");
        if (planted)
            VALGRIND_MAKE_MEM_UNDEFINED(k, 114);
        check(zc_ed448_verify(pub, sig, k) == 1, "Ed448: it verifies");
    }
}

int main(int argc, char **argv)
{
    unsigned i;

    if (argc > 1) {
        if (strcmp(argv[1], "planted-ed25519") == 0)
            ed25519_paths(1);
        else if (strcmp(argv[1], "planted-ed448") == 0)
            ed448_paths(1);
        else
            return 2;
        return 0;
    }

    for (i = 0; i < 3; i++) {
        const struct ec_rfc6979_key *kv = &ec_rfc6979_keys[i];
        size_t f = zc_ec_field_size(kv->curve), len;
        uint8_t d[66], h[64], sig[132], s1[66], s2[66];
        zc_ec_key k, g;
        int rc;

        tu_unhex(d, f, kv->x);
        VALGRIND_MAKE_MEM_UNDEFINED(d, f);
        rc = zc_ec_key_from_private(&k, kv->curve, d, f);
        check(rc == ZC_OK, "import");
        VALGRIND_MAKE_MEM_UNDEFINED(k.zc_priv, sizeof k.zc_priv);
        memset(h, 0x5a, sizeof h);
        len = sizeof sig;
        rc = zc_ecdsa_sign_deterministic(&k, ZC_SHA512, h, sig, &len);
        check(rc == ZC_OK, "deterministic sign");
        check(zc_ecdsa_verify(&k, ZC_SHA512, h, sig, len) == ZC_OK, "it verifies");
        len = sizeof sig;
        rc = zc_ecdsa_sign(&k, ZC_SHA256, h, sig, &len);
        check(rc == ZC_OK, "hedged sign");
        check(zc_ecdsa_verify(&k, ZC_SHA256, h, sig, len) == ZC_OK, "it verifies");
        rc = zc_ec_key_generate(&g, kv->curve);
        check(rc == ZC_OK, "generate");
        VALGRIND_MAKE_MEM_UNDEFINED(g.zc_priv, sizeof g.zc_priv);
        len = sizeof s1;
        rc = zc_ecdh(&k, &g, s1, &len);
        check(rc == ZC_OK, "ecdh");
        len = sizeof s2;
        rc = zc_ecdh(&g, &k, s2, &len);
        check(rc == ZC_OK, "ecdh back");
        VALGRIND_MAKE_MEM_DEFINED(s1, f);
        VALGRIND_MAKE_MEM_DEFINED(s2, f);
        check(memcmp(s1, s2, f) == 0, "ecdh agrees");
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&g);
    }
    for (i = 0; i < 2; i++) {
        const struct x_rfc7748_dh *v = &x_rfc7748_dhs[i];
        size_t f = zc_ec_field_size(v->curve), len;
        uint8_t d[56], u[56], sh[56], s1[56], s2[56];
        zc_ec_key k, p, g;
        int rc;

        tu_unhex(d, f, v->a_priv);
        tu_unhex(u, f, v->b_pub);
        tu_unhex(sh, f, v->shared);
        VALGRIND_MAKE_MEM_UNDEFINED(d, f);
        rc = zc_ec_key_from_private(&k, v->curve, d, f);
        check(rc == ZC_OK, "X import");
        VALGRIND_MAKE_MEM_UNDEFINED(k.zc_priv, sizeof k.zc_priv);
        VALGRIND_MAKE_MEM_UNDEFINED(u, f);          /* the peer's u, secret too */
        rc = zc_ec_key_from_public(&p, v->curve, u, f);
        check(rc == ZC_OK, "X peer");
        len = sizeof s1;
        rc = zc_ecdh(&k, &p, s1, &len);
        check(rc == ZC_OK, "X ecdh");
        VALGRIND_MAKE_MEM_DEFINED(s1, f);
        check(memcmp(s1, sh, f) == 0, "X ecdh: RFC 7748 section 6");
        rc = zc_ec_key_generate(&g, v->curve);
        check(rc == ZC_OK, "X generate");
        VALGRIND_MAKE_MEM_UNDEFINED(g.zc_priv, sizeof g.zc_priv);
        len = sizeof s1;
        rc = zc_ecdh(&k, &g, s1, &len);
        check(rc == ZC_OK, "X ecdh with a generated key");
        len = sizeof s2;
        rc = zc_ecdh(&g, &k, s2, &len);
        check(rc == ZC_OK, "X ecdh back");
        VALGRIND_MAKE_MEM_DEFINED(s1, f);
        VALGRIND_MAKE_MEM_DEFINED(s2, f);
        check(memcmp(s1, s2, f) == 0, "X ecdh agrees");
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&p);
        zc_ec_key_wipe(&g);
    }
    ed25519_paths(0);
    ed448_paths(0);
    for (i = 0; i < 2; i++) {
        /* EdDSA through the public calls (ec_eddsa.c, ec_ed_key.c): the
         * seed secret at import, signing in every instance, generation */
        const struct ed_kat *v = i ? &ed448_rfc8032[0] : &ed25519_rfc8032[0];
        size_t b = zc_ec_field_size(v->curve), len;
        uint8_t seed[57], want[114], sig[114], m[3] = { 1, 2, 3 };
        zc_ec_key k, g;
        int ph;

        tu_unhex(seed, b, v->seed);
        tu_unhex(want, 2 * b, v->sig);
        VALGRIND_MAKE_MEM_UNDEFINED(seed, b);
        check(zc_ec_key_from_private(&k, v->curve, seed, b) == ZC_OK, "Ed import");
        VALGRIND_MAKE_MEM_UNDEFINED(k.zc_priv, sizeof k.zc_priv);
        len = sizeof sig;
        check(zc_eddsa_sign(&k, NULL, 0, sig, &len) == ZC_OK, "Ed sign");
        check(memcmp(sig, want, 2 * b) == 0, "Ed sign: RFC 8032 7.1 / 7.4");
        check(zc_eddsa_verify(&k, NULL, 0, sig, len) == ZC_OK, "Ed verify");
        for (ph = 0; ph < 2; ph++) {
            len = sizeof sig;
            check(zc_eddsa_sign_ex(&k, ph, m, 3, m, 3, sig, &len) == ZC_OK, "Ed sign_ex");
            check(zc_eddsa_verify_ex(&k, ph, m, 3, m, 3, sig, len) == ZC_OK, "Ed verify_ex");
        }
        check(zc_ec_key_generate(&g, v->curve) == ZC_OK, "Ed generate");
        VALGRIND_MAKE_MEM_UNDEFINED(g.zc_priv, sizeof g.zc_priv);
        len = sizeof sig;
        check(zc_eddsa_sign(&g, m, 3, sig, &len) == ZC_OK, "Ed sign, generated key");
        check(zc_eddsa_verify(&g, m, 3, sig, len) == ZC_OK, "Ed verify, generated key");
        zc_ec_key_wipe(&k);
        zc_ec_key_wipe(&g);
    }
    if (failures == 0)
        printf("ct-ec: sign, ECDH and generation on P-256, P-384, P-521, X25519, X448, "
               "the Ed25519 and Ed448 cores ran, EdDSA's calls on both\n");
    return failures != 0;
}
