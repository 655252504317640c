/*
 * ec_peers.c - the NIST curves in software beside their peers, in one
 * process (issue 25, "Performance").
 *
 * ECDSA sign, ECDSA verify and ECDH on P-256, P-384 and P-521, by
 * libzcrypt (ZC_BACKEND_SOFTWARE forced), by OpenSSL's libcrypto with its
 * AES-NI, PCLMULQDQ, SHA and AVX-512 IFMA paths masked through
 * OPENSSL_ia32cap (its P-256 stays ecp_nistz256 assembly), and by
 * BearSSL's constant-time code: br_ec_p256_m31 for P-256, br_ec_prime_i31
 * for P-384 and P-521, with br_ecdsa_i31_sign_raw / vrfy_raw. The method
 * is sw_peers.c's RSA mode: the implementations alternate round by round
 * (the order rotates every round), each figure is the median of the
 * rounds, timed in thread CPU time, in operations per second.
 *
 * One private scalar per curve (fixed bytes below n) is loaded into all
 * three; OpenSSL gets it as our PKCS#8 export. Sign signs a fixed digest
 * (SHA-256/384/512 length) with a fresh nonce (ours hedged
 * RFC 6979, OpenSSL random, BearSSL RFC 6979); verify checks one valid
 * signature; ECDH multiplies the peer's point (the public key of a second
 * scalar) and returns x.
 *
 * Not a test: it prints a table and the ratios beside issue 25's goals
 * and exits 0 unless something fails to run.
 *   build/native/tests/ec_peers [rounds [row]]   (row: e.g. P-384)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "peers_time.h"

#include <zcrypt/ec.h>
#include <zcrypt/hash.h>

#ifdef ZC_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif
#ifdef ZC_BENCH_BEARSSL
#include <bearssl.h>
#endif

/* Issue 25's mask: AES-NI (bit 57), PCLMULQDQ (bit 33); SHA (bit 29)
 * and AVX-512 IFMA (bit 21) of CPUID.7 EBX. */
#define IA32CAP_MASK "~0x200000200000000:~0x20200000"

#define NCURVE 3

enum impl { OURS, OSSL, BSSL, NIMPL };

static const struct {
    const char *name;
    enum zc_ec_curve zc;
    enum zc_hash_alg alg;
    size_t f, hlen;             /* field bytes, digest bytes */
    int br_curve;
    const char *ossl;
    double vs_ossl, vs_bssl;    /* issue 25's goals */
} curves[NCURVE] = {
    { "P-256", ZC_EC_P256, ZC_SHA256, 32, 32, 23, "P-256", 0.5, 3 },
    { "P-384", ZC_EC_P384, ZC_SHA384, 48, 48, 24, "P-384", 4, 3 },
    { "P-521", ZC_EC_P521, ZC_SHA512, 66, 64, 25, "P-521", 1, 3 },
};

static int cur;                         /* the curve of the row */
static zc_ec_key zk[NCURVE], zpeer[NCURVE];
static uint8_t dig[64], sig[NCURVE][ZC_EC_MAX_SIG], buf[2 * ZC_EC_MAX_SIG + 16];
static uint8_t priv[NCURVE][ZC_EC_MAX_FIELD], ppriv[NCURVE][ZC_EC_MAX_FIELD];
static uint8_t pub[NCURVE][ZC_EC_MAX_PUBLIC], ppub[NCURVE][ZC_EC_MAX_PUBLIC];
static volatile uint32_t sink;

static void die(const char *what)
{
    fprintf(stderr, "ec_peers: %s failed\n", what);
    exit(1);
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

#ifdef ZC_BENCH_OPENSSL
static EVP_PKEY *okey[NCURVE], *opeer[NCURVE];
static EVP_PKEY_CTX *osign[NCURVE], *over[NCURVE], *oderive[NCURVE];
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

static EVP_PKEY *o_load(const zc_ec_key *k)
{
    uint8_t der[512];
    const uint8_t *p = der;
    size_t len = sizeof der;
    EVP_PKEY *pk;

    if (zc_ec_key_export_der(k, ZC_EC_DER_PRIVATE_PKCS8, der, &len))
        die("zc PKCS#8 export");
    pk = d2i_AutoPrivateKey(NULL, &p, (long)len);
    if (!pk)
        die("OpenSSL key import");
    return pk;
}

static void o_setup(int c)
{
    okey[c] = o_load(&zk[c]);
    opeer[c] = o_load(&zpeer[c]);
    osign[c] = EVP_PKEY_CTX_new(okey[c], NULL);
    over[c] = EVP_PKEY_CTX_new(okey[c], NULL);
    oderive[c] = EVP_PKEY_CTX_new(okey[c], NULL);
    if (!osign[c] || !over[c] || !oderive[c] || EVP_PKEY_sign_init(osign[c]) != 1 ||
        EVP_PKEY_verify_init(over[c]) != 1 || EVP_PKEY_derive_init(oderive[c]) != 1 ||
        EVP_PKEY_derive_set_peer(oderive[c], opeer[c]) != 1)
        die("OpenSSL contexts");
    osig_len[c] = sizeof osig[c];
    if (EVP_PKEY_sign(osign[c], osig[c], &osig_len[c], dig, curves[c].hlen) != 1)
        die("OpenSSL first signature");
}
#endif

#ifdef ZC_BENCH_BEARSSL
static br_ec_private_key bsk[NCURVE];
static br_ec_public_key bpk[NCURVE];
static const br_ec_impl *bimpl[NCURVE];
static const br_hash_class *bhash[NCURVE];
static uint8_t bsig[NCURVE][ZC_EC_MAX_SIG];

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
    size_t len = 2 * curves[cur].f + 1;

    memcpy(buf, ppub[cur], len);        /* mul() works in place */
    if (!bimpl[cur]->mul(buf, len, priv[cur], curves[cur].f, curves[cur].br_curve))
        die("BearSSL ECDH");
}

static void b_setup(int c)
{
    static const br_hash_class *const h[NCURVE] = {
        &br_sha256_vtable, &br_sha384_vtable, &br_sha512_vtable,
    };

    bimpl[c] = c == 0 ? &br_ec_p256_m31 : &br_ec_prime_i31;
    bhash[c] = h[c];
    bsk[c].curve = curves[c].br_curve;
    bsk[c].x = priv[c];
    bsk[c].xlen = curves[c].f;
    bpk[c].curve = curves[c].br_curve;
    bpk[c].q = pub[c];
    bpk[c].qlen = 2 * curves[c].f + 1;
    if (br_ecdsa_i31_sign_raw(bimpl[c], bhash[c], dig, &bsk[c], bsig[c]) != 2 * curves[c].f)
        die("BearSSL first signature");
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

static const struct {
    const char *op;
    void (*fn[NIMPL])(void);
} ops[] = {
    { "sign", { z_sign, O(o_sign), B(b_sign) } },
    { "verify", { z_verify, O(o_verify), B(b_verify) } },
    { "ECDH", { z_ecdh, O(o_ecdh), B(b_ecdh) } },
};
#define NOPS (sizeof ops / sizeof ops[0])


static void verdict(double ratio, double target)
{
    if (ratio <= 0)
        printf(" %6s %-13s", "-", "");
    else
        printf(" %6.3f >=%-4.2g %-6s", ratio, target, ratio >= target ? "met" : "MISSED");
}

/* A scalar of f bytes below n: the top byte is small on the three curves. */
static void scalar(uint8_t *d, size_t f, unsigned seed)
{
    size_t i;

    for (i = 0; i < f; i++)
        d[i] = (uint8_t)(i * 29 + seed * 101 + 17);
    d[0] = (uint8_t)(f == 66 ? 0 : 0x5a);
    d[1] |= f == 66 ? 1 : 0;            /* P-521: 521 bits, top byte 0 or 1 */
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    size_t i;
    int c;

#ifdef ZC_BENCH_OPENSSL
    if (!getenv("OPENSSL_ia32cap")) {
        /* libcrypto reads the mask when it loads: set it and start again. */
        setenv("OPENSSL_ia32cap", IA32CAP_MASK, 1);
        execv("/proc/self/exe", argv);
        die("re-exec with OPENSSL_ia32cap");
    }
#endif
    if (rounds < 1 || rounds > MAX_ROUNDS)
        rounds = 9;
    for (i = 0; i < sizeof dig; i++)
        dig[i] = (uint8_t)(i * 7 + 3);
    for (c = 0; c < NCURVE; c++) {
        size_t f = curves[c].f, len;

        scalar(priv[c], f, 1);
        scalar(ppriv[c], f, 2);
        if (zc_ec_key_from_private(&zk[c], curves[c].zc, priv[c], f) ||
            zc_ec_key_from_private(&zpeer[c], curves[c].zc, ppriv[c], f) ||
            zc_ec_key_set_backend(&zk[c], ZC_BACKEND_SOFTWARE) ||
            zc_ec_key_set_backend(&zpeer[c], ZC_BACKEND_SOFTWARE))
            die("zc keys");
        len = sizeof pub[c];
        if (zc_ec_key_public(&zk[c], pub[c], &len))
            die("zc public key");
        len = sizeof ppub[c];
        if (zc_ec_key_public(&zpeer[c], ppub[c], &len))
            die("zc peer public key");
        len = sizeof sig[c];
        if (zc_ecdsa_sign(&zk[c], curves[c].alg, dig, sig[c], &len))
            die("zc first signature");
#ifdef ZC_BENCH_OPENSSL
        o_setup(c);
#endif
#ifdef ZC_BENCH_BEARSSL
        b_setup(c);
#endif
    }
#ifdef ZC_BENCH_OPENSSL
    printf("OpenSSL: %s, OPENSSL_ia32cap=%s\n", OpenSSL_version(OPENSSL_VERSION),
           getenv("OPENSSL_ia32cap"));
#else
    printf("OpenSSL: not built in\n");
#endif
#ifdef ZC_BENCH_BEARSSL
    printf("BearSSL: ec_p256_m31 (P-256), ec_prime_i31 (P-384, P-521), ecdsa_i31\n");
#else
    printf("BearSSL: not built in\n");
#endif
    printf("ours: libzcrypt, ZC_BACKEND_SOFTWARE\n");
    printf("op/s, single thread, median of %d alternating rounds of ~%.0f ms CPU time each\n\n",
           rounds, ROUND_NS / 1e6);
    printf("%-13s %10s %10s %10s %6s %-13s %6s %-13s\n", "operation", "ours", "OpenSSL",
           "BearSSL", "/OSSL", "goal", "/Bear", "goal");

    for (c = 0; c < NCURVE; c++)
        for (i = 0; i < NOPS; i++) {
            double res[NIMPL][MAX_ROUNDS], med[NIMPL] = { 0 };
            long calls[NIMPL] = { 0 };
            char name[32];
            int k, j;

            snprintf(name, sizeof name, "%s %s", curves[c].name, ops[i].op);
            if (argc > 2 && !strstr(name, argv[2]))
                continue;
            cur = c;
            for (j = 0; j < NIMPL; j++)
                if (ops[i].fn[j])
                    calls[j] = calibrate(ops[i].fn[j]);
            for (k = 0; k < rounds; k++)
                for (j = 0; j < NIMPL; j++) {
                    int m = (j + k) % NIMPL; /* rotate who goes first */
                    double t0;
                    long n;

                    if (!ops[i].fn[m])
                        continue;
                    t0 = now_ns();
                    for (n = 0; n < calls[m]; n++)
                        ops[i].fn[m]();
                    res[m][k] = (double)calls[m] * 1e9 / (now_ns() - t0);
                }
            for (j = 0; j < NIMPL; j++)
                if (ops[i].fn[j]) {
                    qsort(res[j], (size_t)rounds, sizeof(double), cmp_double);
                    med[j] = res[j][rounds / 2];
                }
            printf("%-13s", name);
            for (j = 0; j < NIMPL; j++)
                if (ops[i].fn[j])
                    printf(" %10.1f", med[j]);
                else
                    printf(" %10s", "-");
            verdict(med[OSSL] > 0 ? med[OURS] / med[OSSL] : 0, curves[c].vs_ossl);
            verdict(med[BSSL] > 0 ? med[OURS] / med[BSSL] : 0, curves[c].vs_bssl);
            printf("\n");
            fflush(stdout);
        }
    printf("\n(operations per second; ratios are ours / peer, higher is better for ours)\n");
    for (c = 0; c < NCURVE; c++) {
        zc_ec_key_wipe(&zk[c]);
        zc_ec_key_wipe(&zpeer[c]);
    }
    (void)sink;
    return 0;
}
