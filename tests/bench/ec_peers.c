/*
 * ec_peers.c - the curves in software beside their peers, in one process
 * (issues 25 and 27, "Performance").
 *
 * ECDSA sign, ECDSA verify and ECDH on P-256, P-384 and P-521; X25519 and
 * X448 (zc_ecdh with a fixed peer public key); Ed25519 and Ed448 sign and
 * verify of a 64-byte message. By libzcrypt (ZC_BACKEND_SOFTWARE
 * forced), by OpenSSL's libcrypto with its AES-NI, PCLMULQDQ, SHA and
 * AVX-512 IFMA paths masked through OPENSSL_ia32cap (its P-256 stays
 * ecp_nistz256 assembly, its X25519 the 64-bit C or ADX code), by
 * BearSSL's constant-time code: br_ec_p256_m31 for P-256,
 * br_ec_prime_i31 for P-384 and P-521 (with br_ecdsa_i31_sign_raw /
 * vrfy_raw), br_ec_c25519_m31 for X25519; and by libsodium for X25519
 * (crypto_scalarmult) and Ed25519 (crypto_sign_detached,
 * crypto_sign_verify_detached). The method is sw_peers.c's RSA mode: the
 * implementations alternate round by round (the order rotates every
 * round), each figure is the median of the rounds, timed in thread CPU
 * time, in operations per second.
 *
 * One private key per curve (fixed bytes: a scalar below n, an RFC 7748
 * clamped scalar, an RFC 8032 seed) is loaded into all of them; OpenSSL
 * gets a NIST key as our PKCS#8 export, an X or Ed key as its raw bytes.
 * ECDSA signs a fixed digest (SHA-256/384/512 length) with a fresh nonce
 * (ours hedged RFC 6979, OpenSSL random, BearSSL RFC 6979); EdDSA is
 * deterministic, and the implementations' signatures are compared before
 * timing, as are the X25519/X448 secrets; verify checks one valid
 * signature; ECDH multiplies the peer's point (the public key of a second
 * key) and returns x (u).
 *
 * A library that cannot make a curve's key (Ed25519 and Ed448 before they
 * are built) gets "-" in its column and a line saying what it answered.
 *
 * Not a test: it prints a table and the ratios beside the issues' goals
 * and exits 0 unless something fails to run.
 *   build/native/tests/ec_peers [rounds [row]]   (row: e.g. P-384, Ed448)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "peers_time.h"

#include <zcrypt/common.h>
#include <zcrypt/ec.h>
#include <zcrypt/hash.h>

#ifdef ZC_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif
#ifdef ZC_BENCH_BEARSSL
#include <bearssl.h>
#endif
#ifdef ZC_BENCH_SODIUM
#include <sodium.h>
#endif

/* Issue 25's mask: AES-NI (bit 57), PCLMULQDQ (bit 33); SHA (bit 29)
 * and AVX-512 IFMA (bit 21) of CPUID.7 EBX. */
#define IA32CAP_MASK "~0x200000200000000:~0x20200000"

enum kind { NIST, XDH, EDDSA };
enum impl { OURS, OSSL, BSSL, SODI, NIMPL };
static const char *const impl_name[NIMPL] = { "ours", "OpenSSL", "BearSSL", "libsodium" };

static const struct {
    const char *name;
    enum zc_ec_curve zc;
    enum kind kind;
    enum zc_hash_alg alg;       /* NIST: the digest's hash */
    size_t f, hlen;             /* private key bytes, digest (message) bytes */
    int br_curve;               /* BearSSL's curve, 0: none */
    int sodium;                 /* libsodium has it */
    const char *ossl;           /* OpenSSL's key type (X and Ed) */
    double goal[NIMPL];         /* ours / peer at least; 0: reported only */
} curves[] = {
    { "P-256", ZC_EC_P256, NIST, ZC_SHA256, 32, 32, 23, 0, "EC", { [OSSL] = 0.5, [BSSL] = 3 } },
    { "P-384", ZC_EC_P384, NIST, ZC_SHA384, 48, 48, 24, 0, "EC", { [OSSL] = 4, [BSSL] = 3 } },
    { "P-521", ZC_EC_P521, NIST, ZC_SHA512, 66, 64, 25, 0, "EC", { [OSSL] = 1, [BSSL] = 3 } },
    { "X25519", ZC_EC_X25519, XDH, 0, 32, 0, 29, 1, "X25519", { [OSSL] = 0.6, [BSSL] = 3 } },
    { "X448", ZC_EC_X448, XDH, 0, 56, 0, 0, 0, "X448", { [OSSL] = 1 } },
    { "Ed25519", ZC_EC_ED25519, EDDSA, 0, 32, 64, 0, 1, "ED25519", { [OSSL] = 0.6 } },
    { "Ed448", ZC_EC_ED448, EDDSA, 0, 57, 64, 0, 0, "ED448", { [OSSL] = 1 } },
};
#define NCURVE ((int)(sizeof curves / sizeof curves[0]))

static int cur;                         /* the curve of the row */
static int avail[NCURVE][NIMPL];        /* the implementation has the curve here */
static zc_ec_key zk[NCURVE], zpeer[NCURVE];
static uint8_t dig[64], sig[NCURVE][ZC_EC_MAX_SIG], buf[2 * ZC_EC_MAX_SIG + 16];
static size_t sig_len[NCURVE];
static uint8_t priv[NCURVE][ZC_EC_MAX_FIELD], ppriv[NCURVE][ZC_EC_MAX_FIELD];
static uint8_t pub[NCURVE][ZC_EC_MAX_PUBLIC], ppub[NCURVE][ZC_EC_MAX_PUBLIC];
static size_t pub_len[NCURVE], ppub_len[NCURVE];
static uint8_t secret[NCURVE][ZC_EC_MAX_FIELD];    /* a peer's X secret, to compare */

static void die(const char *what)
{
    fprintf(stderr, "ec_peers: %s failed\n", what);
    exit(1);
}

/* An implementation's X secret or Ed signature (in buf) against the first
 * one seen: the peers must compute the same thing. */
static void agree(int c, const uint8_t *got, size_t len, const char *who)
{
    static int seen[NCURVE];
    uint8_t *ref = curves[c].kind == XDH ? secret[c] : sig[c];

    if (!seen[c]) {
        memcpy(ref, got, len);
        if (curves[c].kind == EDDSA)
            sig_len[c] = len;
        seen[c] = 1;
    } else if ((curves[c].kind == EDDSA && len != sig_len[c]) || memcmp(ref, got, len) != 0) {
        fprintf(stderr, "ec_peers: %s %s differs from the first implementation's\n",
                curves[c].name, who);
        exit(1);
    }
}

static void z_sign(void)
{
    size_t len = sizeof buf;

    if (zc_ecdsa_sign(&zk[cur], curves[cur].alg, dig, buf, &len))
        die("zc sign");
}
static void z_verify(void)
{
    if (zc_ecdsa_verify(&zk[cur], curves[cur].alg, dig, sig[cur], 2 * curves[cur].f))
        die("zc verify");
}
static void z_ecdh(void)
{
    size_t len = sizeof buf;

    if (zc_ecdh(&zk[cur], &zpeer[cur], buf, &len))
        die("zc ecdh");
}
static void z_edsign(void)
{
    size_t len = sizeof buf;

    if (zc_eddsa_sign(&zk[cur], dig, curves[cur].hlen, buf, &len))
        die("zc EdDSA sign");
}
static void z_edverify(void)
{
    if (zc_eddsa_verify(&zk[cur], dig, curves[cur].hlen, sig[cur], sig_len[cur]))
        die("zc EdDSA verify");
}

/* Our keys of curve c, and the reference outputs; 0 (after a line saying
 * what the library answered) when it cannot make them. */
static int z_setup(int c)
{
    size_t len;
    int rc;

    rc = zc_ec_key_from_private(&zk[c], curves[c].zc, priv[c], curves[c].f);
    if (rc == ZC_OK && curves[c].kind == XDH)
        rc = zc_ec_key_from_public(&zpeer[c], curves[c].zc, ppub[c], ppub_len[c]);
    else if (rc == ZC_OK)
        rc = zc_ec_key_from_private(&zpeer[c], curves[c].zc, ppriv[c], curves[c].f);
    if (rc != ZC_OK) {
        printf("ours: %s: zc_ec_key_from_private answers %s: no figure\n", curves[c].name,
               zc_strerror(rc));
        return 0;
    }
    if (zc_ec_key_set_backend(&zk[c], ZC_BACKEND_SOFTWARE) ||
        zc_ec_key_set_backend(&zpeer[c], ZC_BACKEND_SOFTWARE))
        die("zc backend");
    pub_len[c] = sizeof pub[c];
    if (zc_ec_key_public(&zk[c], pub[c], &pub_len[c]))
        die("zc public key");
    if (curves[c].kind == NIST) {
        ppub_len[c] = sizeof ppub[c];
        if (zc_ec_key_public(&zpeer[c], ppub[c], &ppub_len[c]))
            die("zc peer public key");
        len = sizeof sig[c];
        if (zc_ecdsa_sign(&zk[c], curves[c].alg, dig, sig[c], &len))
            die("zc first signature");
    } else if (curves[c].kind == XDH) {
        len = sizeof buf;
        if (zc_ecdh(&zk[c], &zpeer[c], buf, &len))
            die("zc first secret");
        agree(c, buf, len, "secret");
    } else {
        len = sizeof buf;
        rc = zc_eddsa_sign(&zk[c], dig, curves[c].hlen, buf, &len);
        if (rc != ZC_OK) {
            printf("ours: %s: zc_eddsa_sign answers %s: no figure\n", curves[c].name,
                   zc_strerror(rc));
            return 0;
        }
        agree(c, buf, len, "signature");
    }
    return 1;
}

#ifdef ZC_BENCH_OPENSSL
static EVP_PKEY *okey[NCURVE], *opeer[NCURVE];
static EVP_PKEY_CTX *osign[NCURVE], *over[NCURVE], *oderive[NCURVE];
static EVP_MD_CTX *omsign[NCURVE], *omver[NCURVE];
static uint8_t osig[NCURVE][160];
static size_t osig_len[NCURVE];

static void o_sign(void)
{
    size_t len = sizeof buf;

    if (EVP_PKEY_sign(osign[cur], buf, &len, dig, curves[cur].hlen) != 1)
        die("OpenSSL sign");
}
static void o_verify(void)
{
    if (EVP_PKEY_verify(over[cur], osig[cur], osig_len[cur], dig, curves[cur].hlen) != 1)
        die("OpenSSL verify");
}
static void o_ecdh(void)
{
    size_t len = sizeof buf;

    if (EVP_PKEY_derive(oderive[cur], buf, &len) != 1)
        die("OpenSSL derive");
}
/* EdDSA is one-shot EVP_DigestSign on a context made once. */
static void o_edsign(void)
{
    size_t len = sizeof buf;

    if (EVP_DigestSign(omsign[cur], buf, &len, dig, curves[cur].hlen) != 1)
        die("OpenSSL EdDSA sign");
}
static void o_edverify(void)
{
    if (EVP_DigestVerify(omver[cur], osig[cur], osig_len[cur], dig, curves[cur].hlen) != 1)
        die("OpenSSL EdDSA verify");
}

/* An OpenSSL private key: our PKCS#8 export (NIST), the raw bytes (X, Ed). */
static EVP_PKEY *o_load(int c, const zc_ec_key *k, const uint8_t *raw)
{
    uint8_t der[512];
    const uint8_t *p = der;
    size_t len = sizeof der;
    EVP_PKEY *pk;

    if (curves[c].kind != NIST) {
        pk = EVP_PKEY_new_raw_private_key_ex(NULL, curves[c].ossl, NULL, raw, curves[c].f);
    } else {
        if (zc_ec_key_export_der(k, ZC_EC_DER_PRIVATE_PKCS8, der, &len))
            die("zc PKCS#8 export");
        pk = d2i_AutoPrivateKey(NULL, &p, (long)len);
    }
    if (!pk)
        die("OpenSSL key import");
    return pk;
}

static void o_setup(int c)
{
    okey[c] = o_load(c, &zk[c], priv[c]);
    osig_len[c] = sizeof osig[c];
    if (curves[c].kind == EDDSA) {
        omsign[c] = EVP_MD_CTX_new();
        omver[c] = EVP_MD_CTX_new();
        if (!omsign[c] || !omver[c] ||
            EVP_DigestSignInit_ex(omsign[c], NULL, NULL, NULL, NULL, okey[c], NULL) != 1 ||
            EVP_DigestVerifyInit_ex(omver[c], NULL, NULL, NULL, NULL, okey[c], NULL) != 1 ||
            EVP_DigestSign(omsign[c], osig[c], &osig_len[c], dig, curves[c].hlen) != 1)
            die("OpenSSL EdDSA contexts");
        agree(c, osig[c], osig_len[c], "signature (OpenSSL)");
        o_edsign();             /* the context signs twice (the loop's premise) */
        return;
    }
    if (curves[c].kind == NIST)
        opeer[c] = o_load(c, &zpeer[c], NULL);
    else
        opeer[c] = EVP_PKEY_new_raw_public_key_ex(NULL, curves[c].ossl, NULL, ppub[c],
                                                  ppub_len[c]);
    osign[c] = EVP_PKEY_CTX_new(okey[c], NULL);
    over[c] = EVP_PKEY_CTX_new(okey[c], NULL);
    oderive[c] = EVP_PKEY_CTX_new(okey[c], NULL);
    if (!opeer[c] || !osign[c] || !over[c] || !oderive[c] ||
        EVP_PKEY_derive_init(oderive[c]) != 1 ||
        EVP_PKEY_derive_set_peer(oderive[c], opeer[c]) != 1)
        die("OpenSSL contexts");
    if (curves[c].kind == XDH) {
        size_t len = sizeof buf;

        if (EVP_PKEY_derive(oderive[c], buf, &len) != 1)
            die("OpenSSL first secret");
        agree(c, buf, len, "secret (OpenSSL)");
        return;
    }
    if (EVP_PKEY_sign_init(osign[c]) != 1 || EVP_PKEY_verify_init(over[c]) != 1 ||
        EVP_PKEY_sign(osign[c], osig[c], &osig_len[c], dig, curves[c].hlen) != 1)
        die("OpenSSL first signature");
}
#endif

#ifdef ZC_BENCH_BEARSSL
static br_ec_private_key bsk[NCURVE];
static br_ec_public_key bpk[NCURVE];
static const br_ec_impl *bimpl[NCURVE];
static const br_hash_class *bhash[NCURVE];
static uint8_t bsig[NCURVE][ZC_EC_MAX_SIG], bscalar[NCURVE][ZC_EC_MAX_FIELD];

static void b_sign(void)
{
    if (br_ecdsa_i31_sign_raw(bimpl[cur], bhash[cur], dig, &bsk[cur], buf) != 2 * curves[cur].f)
        die("BearSSL sign");
}
static void b_verify(void)
{
    if (!br_ecdsa_i31_vrfy_raw(bimpl[cur], dig, curves[cur].hlen, &bpk[cur], bsig[cur],
                               2 * curves[cur].f))
        die("BearSSL verify");
}
static void b_ecdh(void)
{
    size_t len = ppub_len[cur];

    memcpy(buf, ppub[cur], len);        /* mul() works in place */
    if (!bimpl[cur]->mul(buf, len, bscalar[cur], curves[cur].f, curves[cur].br_curve))
        die("BearSSL ECDH");
}

static void b_setup(int c)
{
    static const br_hash_class *const h[] = {
        &br_sha256_vtable, &br_sha384_vtable, &br_sha512_vtable,
    };
    size_t f = curves[c].f;

    if (curves[c].kind == XDH) {
        /* BearSSL 0.6's c25519 takes the RFC 7748 bytes as they are
         * (its header says big-endian; the secret check below decides) */
        bimpl[c] = &br_ec_c25519_m31;
        memcpy(bscalar[c], priv[c], f);
        b_ecdh();
        agree(c, buf, f, "secret (BearSSL)");
        return;
    }
    bimpl[c] = c == 0 ? &br_ec_p256_m31 : &br_ec_prime_i31;
    memcpy(bscalar[c], priv[c], f);     /* big-endian, as ours */
    bhash[c] = h[c];
    bsk[c].curve = curves[c].br_curve;
    bsk[c].x = priv[c];
    bsk[c].xlen = f;
    bpk[c].curve = curves[c].br_curve;
    bpk[c].q = pub[c];
    bpk[c].qlen = 2 * f + 1;
    if (br_ecdsa_i31_sign_raw(bimpl[c], bhash[c], dig, &bsk[c], bsig[c]) != 2 * f)
        die("BearSSL first signature");
}
#endif

#ifdef ZC_BENCH_SODIUM
static uint8_t spk[crypto_sign_PUBLICKEYBYTES], ssk[crypto_sign_SECRETKEYBYTES];
static uint8_t ssig[crypto_sign_BYTES];

static void s_ecdh(void)
{
    if (crypto_scalarmult(buf, priv[cur], ppub[cur]) != 0)
        die("libsodium crypto_scalarmult");
}
static void s_edsign(void)
{
    if (crypto_sign_detached(buf, NULL, dig, curves[cur].hlen, ssk) != 0)
        die("libsodium crypto_sign_detached");
}
static void s_edverify(void)
{
    if (crypto_sign_verify_detached(ssig, dig, curves[cur].hlen, spk) != 0)
        die("libsodium crypto_sign_verify_detached");
}

static void s_setup(int c)
{
    if (curves[c].kind == XDH) {
        s_ecdh();
        agree(c, buf, curves[c].f, "secret (libsodium)");
        return;
    }
    if (crypto_sign_seed_keypair(spk, ssk, priv[c]) != 0 ||
        crypto_sign_detached(ssig, NULL, dig, curves[c].hlen, ssk) != 0)
        die("libsodium first signature");
    agree(c, ssig, sizeof ssig, "signature (libsodium)");
}
#endif

#ifdef ZC_BENCH_OPENSSL
#define O(f) f
#else
#define O(f) NULL
#endif
#ifdef ZC_BENCH_BEARSSL
#define B(f) f
#else
#define B(f) NULL
#endif
#ifdef ZC_BENCH_SODIUM
#define S(f) f
#else
#define S(f) NULL
#endif

static const struct {
    enum kind kind;
    const char *op;
    void (*fn[NIMPL])(void);
} ops[] = {
    { NIST, "sign", { z_sign, O(o_sign), B(b_sign), NULL } },
    { NIST, "verify", { z_verify, O(o_verify), B(b_verify), NULL } },
    { NIST, "ECDH", { z_ecdh, O(o_ecdh), B(b_ecdh), NULL } },
    { XDH, "ECDH", { z_ecdh, O(o_ecdh), B(b_ecdh), S(s_ecdh) } },
    { EDDSA, "sign", { z_edsign, O(o_edsign), NULL, S(s_edsign) } },
    { EDDSA, "verify", { z_edverify, O(o_edverify), NULL, S(s_edverify) } },
};
#define NOPS (sizeof ops / sizeof ops[0])

/* ours / peer beside its goal, or alone where the peer has only a figure */
static void verdict(double ratio, double target)
{
    if (ratio <= 0)
        printf(" %6s %-13s", "-", "");
    else if (target <= 0)
        printf(" %6.3f %-13s", ratio, "");
    else
        printf(" %6.3f >=%-4.2g %-6s", ratio, target, ratio >= target ? "met" : "MISSED");
}

/* A NIST scalar of f bytes below n (the top byte is small on the three
 * curves), an RFC 7748 scalar clamped as it will be used, or a seed. */
static void scalar(int c, uint8_t *d, unsigned seed)
{
    size_t i, f = curves[c].f;

    for (i = 0; i < f; i++)
        d[i] = (uint8_t)(i * 29 + seed * 101 + 17);
    if (curves[c].kind == NIST) {
        d[0] = (uint8_t)(f == 66 ? 0 : 0x5a);
        d[1] |= f == 66 ? 1 : 0;        /* P-521: 521 bits, top byte 0 or 1 */
    } else if (curves[c].zc == ZC_EC_X25519) {
        d[0] &= 0xf8;
        d[31] = (uint8_t)((d[31] & 0x7f) | 0x40);
    } else if (curves[c].zc == ZC_EC_X448) {
        d[0] &= 0xfc;
        d[55] |= 0x80;
    }
}

/* The peer's public key of an X curve: X25519(k, 9) / X448(k, 5) of a
 * second scalar, made by us (a public value: any correct implementation
 * gives the same bytes). */
static void x_peer(int c)
{
    static zc_ec_key k;

    ppub_len[c] = sizeof ppub[c];
    if (zc_ec_key_from_private(&k, curves[c].zc, ppriv[c], curves[c].f) ||
        zc_ec_key_public(&k, ppub[c], &ppub_len[c]))
        die("zc peer public key");
    zc_ec_key_wipe(&k);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    size_t i;
    int c, j;

#ifdef ZC_BENCH_OPENSSL
    if (!getenv("OPENSSL_ia32cap")) {
        /* libcrypto reads the mask when it loads: set it and start again. */
        setenv("OPENSSL_ia32cap", IA32CAP_MASK, 1);
        execv("/proc/self/exe", argv);
        die("re-exec with OPENSSL_ia32cap");
    }
#endif
#ifdef ZC_BENCH_SODIUM
    if (sodium_init() < 0)
        die("sodium_init");
#endif
    if (rounds < 1 || rounds > MAX_ROUNDS)
        rounds = 9;
    for (i = 0; i < sizeof dig; i++)
        dig[i] = (uint8_t)(i * 7 + 3);
    for (c = 0; c < NCURVE; c++) {
        cur = c;                        /* the setups call the timed functions */
        scalar(c, priv[c], 1);
        scalar(c, ppriv[c], 2);
        if (curves[c].kind == XDH)
            x_peer(c);
        avail[c][OURS] = z_setup(c);
#ifdef ZC_BENCH_OPENSSL
        o_setup(c);
        avail[c][OSSL] = 1;
#endif
#ifdef ZC_BENCH_BEARSSL
        if (curves[c].br_curve != 0) {
            b_setup(c);
            avail[c][BSSL] = 1;
        }
#endif
#ifdef ZC_BENCH_SODIUM
        if (curves[c].sodium) {
            s_setup(c);
            avail[c][SODI] = 1;
        }
#endif
    }
#ifdef ZC_BENCH_OPENSSL
    printf("OpenSSL: %s, OPENSSL_ia32cap=%s\n", OpenSSL_version(OPENSSL_VERSION),
           getenv("OPENSSL_ia32cap"));
#else
    printf("OpenSSL: not built in\n");
#endif
#ifdef ZC_BENCH_BEARSSL
    printf("BearSSL: ec_p256_m31 (P-256), ec_prime_i31 (P-384, P-521), ecdsa_i31, "
           "ec_c25519_m31 (X25519)\n");
#else
    printf("BearSSL: not built in\n");
#endif
#ifdef ZC_BENCH_SODIUM
    printf("libsodium: %s (X25519, Ed25519)\n", sodium_version_string());
#else
    printf("libsodium: not built in\n");
#endif
    printf("ours: libzcrypt, ZC_BACKEND_SOFTWARE\n");
    printf("op/s, single thread, median of %d alternating rounds of ~%.0f ms CPU time each\n\n",
           rounds, ROUND_NS / 1e6);
    printf("%-14s", "operation");
    for (j = 0; j < NIMPL; j++)
        printf(" %10s", impl_name[j]);
    printf(" %6s %-13s %6s %-13s %6s\n", "/OSSL", "goal", "/Bear", "goal", "/Sodi");

    for (c = 0; c < NCURVE; c++)
        for (i = 0; i < NOPS; i++) {
            double res[NIMPL][MAX_ROUNDS], med[NIMPL] = { 0 };
            long calls[NIMPL] = { 0 };
            void (*fn[NIMPL])(void);
            char name[32];
            int k;

            if (ops[i].kind != curves[c].kind)
                continue;
            snprintf(name, sizeof name, "%s %s", curves[c].name, ops[i].op);
            if (argc > 2 && !strstr(name, argv[2]))
                continue;
            cur = c;
            for (j = 0; j < NIMPL; j++) {
                fn[j] = avail[c][j] ? ops[i].fn[j] : NULL;
                if (fn[j])
                    calls[j] = calibrate(fn[j]);
            }
            for (k = 0; k < rounds; k++)
                for (j = 0; j < NIMPL; j++) {
                    int m = (j + k) % NIMPL; /* rotate who goes first */
                    double t0;
                    long n;

                    if (!fn[m])
                        continue;
                    t0 = now_ns();
                    for (n = 0; n < calls[m]; n++)
                        fn[m]();
                    res[m][k] = (double)calls[m] * 1e9 / (now_ns() - t0);
                }
            for (j = 0; j < NIMPL; j++)
                if (fn[j]) {
                    qsort(res[j], (size_t)rounds, sizeof(double), cmp_double);
                    med[j] = res[j][rounds / 2];
                }
            printf("%-14s", name);
            for (j = 0; j < NIMPL; j++)
                if (fn[j])
                    printf(" %10.1f", med[j]);
                else
                    printf(" %10s", "-");
            for (j = OSSL; j < NIMPL; j++)
                verdict(med[OURS] > 0 && med[j] > 0 ? med[OURS] / med[j] : 0,
                        curves[c].goal[j]);
            printf("\n");
            fflush(stdout);
        }
    printf("\n(operations per second; ratios are ours / peer, higher is better for ours)\n");
    for (c = 0; c < NCURVE; c++) {
        zc_ec_key_wipe(&zk[c]);
        zc_ec_key_wipe(&zpeer[c]);
    }
    return 0;
}
