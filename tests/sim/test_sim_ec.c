/*
 * test_sim_ec.c - unit test of the CPACF stand-in's elliptic-curve model
 * (tests/sim/cpacf_sim_ec.c): KDSA ECDSA verify 1-3 and sign 9-11, PCC
 * scalar multiplication 64-66, issued raw through asm/cpacf.h's zc_kdsa()
 * and zc_pcc() with blocks built here byte by byte from the facts sheet's
 * layouts (CPACF.md), so that the model is checked before the library's
 * code is run on it.
 *
 * Known answers: RFC 6979 A.2.5-A.2.7 (tests/vectors/ec_rfc6979.h), every
 * key, both messages and every hash the RFC gives, signed under the 0x80
 * modifier with the RFC's k must give the RFC's r || s; those signatures
 * verify and corrupted ones do not; d*G = Q (the RFC's public keys). The
 * digests are OpenSSL's. Then the condition codes (d, k out of range, cc 2
 * on request), the hedged sign's own nonce, the query masks and counters,
 * the cc 3 stop part-way and its re-issue, and the layout violations that
 * must abort (each in a forked child expecting SIGABRT).
 *
 * Needs a stand-in built with libcrypto (ZC_SIM_EC): otherwise it prints
 * "skipped:" and exits 77. Prints "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"

#include "../unit/unit.h"
#include "../vectors/ec_rfc6979.h"

#define AREA 4096

/* The 4096-byte area every public implementation points GR1 at. */
static _Alignas(8) uint8_t area[AREA];

struct curve {
    size_t w, len;                      /* field width, value bytes */
    unsigned verify, sign, pcc;         /* function codes */
    const char *gx, *gy, *n;            /* SEC 2 / FIPS 186-5 */
};

static const struct curve curves[3] = {
    { 32, 32, 1, 9, 64,
      "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296",
      "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5",
      "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551" },
    { 48, 48, 2, 10, 65,
      "AA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7",
      "3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F",
      "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973" },
    { 80, 66, 3, 11, 66,
      "00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5BD66",
      "011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD16650",
      "01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409" },
};

static const struct curve *curve_of(enum zc_ec_curve c)
{
    return &curves[c == ZC_EC_P256 ? 0 : c == ZC_EC_P384 ? 1 : 2];
}

/* A value right-aligned in its field (hex of the value's len bytes). */
static void put(const struct curve *c, uint8_t *f, const char *hex)
{
    uint8_t v[80];
    size_t n = unhex(v, hex);

    memset(f, 0, c->w);
    memcpy(f + c->w - n, v, n);
}

static const EVP_MD *md_of(enum zc_hash_alg alg)
{
    switch (alg) {
    case ZC_SHA1:   return EVP_sha1();
    case ZC_SHA224: return EVP_sha224();
    case ZC_SHA256: return EVP_sha256();
    case ZC_SHA384: return EVP_sha384();
    default:        return EVP_sha512();
    }
}

/* H: the leftmost min(hash length, len) bytes of the digest, right-aligned
 * (no curve here needs a bit shift: N is 256, 384, or 521 above 512). */
static void put_h(const struct curve *c, uint8_t *f, enum zc_hash_alg alg, const char *msg)
{
    uint8_t d[64];
    unsigned dl = 0;
    size_t n;

    EVP_Digest(msg, strlen(msg), d, &dl, md_of(alg), NULL);
    n = dl < c->len ? dl : c->len;
    memset(f, 0, c->w);
    memcpy(f + c->w - n, d, n);
}

static int same_hex(const struct curve *c, const uint8_t *f, const char *hex)
{
    uint8_t want[80];

    put(c, want, hex);
    return memcmp(f, want, c->w) == 0;
}

static int reserved_zero(const struct curve *c)
{
    size_t i;

    for (i = 5 * c->w; i < AREA; i++)
        if (area[i])
            return 0;
    return 1;
}

/* A sign block for RFC vector v (message msg): R, S zero, H, d, k. */
static const struct curve *sign_block(const struct ec_rfc6979_sig *v, const char *msg)
{
    const struct ec_rfc6979_key *key = &ec_rfc6979_keys[v->key];
    const struct curve *c = curve_of(key->curve);

    memset(area, 0, sizeof area);
    put_h(c, area + 2 * c->w, v->alg, msg);
    put(c, area + 3 * c->w, key->x);
    put(c, area + 4 * c->w, v->k);
    return c;
}

/* A verify block: R, S of v, H, Qx, Qy. */
static const struct curve *verify_block(const struct ec_rfc6979_sig *v, const char *msg)
{
    const struct ec_rfc6979_key *key = &ec_rfc6979_keys[v->key];
    const struct curve *c = curve_of(key->curve);

    memset(area, 0, sizeof area);
    put(c, area, v->r);
    put(c, area + c->w, v->s);
    put_h(c, area + 2 * c->w, v->alg, msg);
    put(c, area + 3 * c->w, key->ux);
    put(c, area + 4 * c->w, key->uy);
    return c;
}

static void test_rfc6979_list(const struct ec_rfc6979_sig *list, size_t n, const char *msg)
{
    char what[96];
    size_t i;

    for (i = 0; i < n; i++) {
        const struct ec_rfc6979_sig *v = &list[i];
        const struct curve *c = sign_block(v, msg);
        uint8_t k[66], want[66];
        size_t kl;
        int cc = zc_kdsa(c->sign | 0x80, area, NULL, 0);

        snprintf(what, sizeof what, "RFC 6979 %s, key %u, hash %d: sign under 0x80", msg,
                 v->key, (int)v->alg);
        check(cc == 0 && same_hex(c, area, v->r) && same_hex(c, area + c->w, v->s) &&
              reserved_zero(c), what);
        kl = zc_cpacf_sim_ec_last_nonce(k, sizeof k);
        snprintf(what, sizeof what, "RFC 6979 %s, key %u, hash %d: recorded nonce is k", msg,
                 v->key, (int)v->alg);
        check(kl == c->len && unhex(want, v->k) == kl && !memcmp(k, want, kl), what);

        c = verify_block(v, msg);
        snprintf(what, sizeof what, "RFC 6979 %s, key %u, hash %d: verify", msg, v->key,
                 (int)v->alg);
        check(zc_kdsa(c->verify, area, NULL, 0) == 0, what);
        area[c->w + c->w - 1] ^= 1;             /* S */
        cc = zc_kdsa(c->verify, area, NULL, 0);
        area[c->w + c->w - 1] ^= 1;
        area[2 * c->w + c->w - 3] ^= 0x40;      /* H */
        cc |= zc_kdsa(c->verify, area, NULL, 0) << 1;
        area[2 * c->w + c->w - 3] ^= 0x40;
        snprintf(what, sizeof what, "RFC 6979 %s, key %u, hash %d: corrupted S, H: cc 1", msg,
                 v->key, (int)v->alg);
        check(cc == 3, what);
    }
}

static void test_rfc6979(void)
{
    test_rfc6979_list(ec_rfc6979_sigs, sizeof ec_rfc6979_sigs / sizeof ec_rfc6979_sigs[0],
                      "sample");
    test_rfc6979_list(ec_rfc6979_sigs_test,
                      sizeof ec_rfc6979_sigs_test / sizeof ec_rfc6979_sigs_test[0], "test");
}

/* Verification's other refusals: r, s out of range, Q off the curve. */
static void test_verify_range(void)
{
    unsigned i;

    for (i = 0; i < 3; i++) {
        const struct ec_rfc6979_sig *v = &ec_rfc6979_sigs[5 * i + 2];     /* SHA-256 */
        const struct curve *c = verify_block(v, "sample");
        int ok = 1;

        memset(area, 0, c->w);                  /* r = 0 */
        ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 1;
        put(c, area, c->n);                     /* r = n */
        ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 1;
        put(c, area, v->r);
        put(c, area + c->w, c->n);              /* s = n */
        ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 1;
        memset(area + c->w, 0, c->w);           /* s = 0 */
        ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 1;
        put(c, area + c->w, v->s);
        ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 0;
        area[4 * c->w + c->w - 1] ^= 1;         /* Qy: off the curve */
        ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 1;
        check(ok, i == 0 ? "P-256 verify: r, s = 0 or n and Q off the curve: cc 1"
                  : i == 1 ? "P-384 verify: r, s = 0 or n and Q off the curve: cc 1"
                           : "P-521 verify: r, s = 0 or n and Q off the curve: cc 1");
    }
}

/* PCC: d*G = Q for the RFC's keys; refusals. */
static void test_pcc(void)
{
    unsigned i;

    for (i = 0; i < 3; i++) {
        const struct ec_rfc6979_key *key = &ec_rfc6979_keys[i];
        const struct curve *c = curve_of(key->curve);
        size_t w = c->w;
        int ok;

        memset(area, 0, sizeof area);
        put(c, area + 2 * w, c->gx);
        put(c, area + 3 * w, c->gy);
        put(c, area + 4 * w, key->x);
        ok = zc_pcc(c->pcc, area) == 0 && same_hex(c, area, key->ux) &&
             same_hex(c, area + w, key->uy) && reserved_zero(c);
        check(ok, i == 0 ? "PCC 64: d*G = Q (RFC 6979 A.2.5)"
                  : i == 1 ? "PCC 65: d*G = Q (RFC 6979 A.2.6)" : "PCC 66: d*G = Q (RFC 6979 A.2.7)");
        /* Q itself times 1 is Q: a point other than G */
        memcpy(area + 2 * w, area, 2 * w);
        put(c, area + 4 * w, "01");
        ok = zc_pcc(c->pcc, area) == 0 && same_hex(c, area, key->ux) &&
             same_hex(c, area + w, key->uy);
        put(c, area + 4 * w, c->n);             /* scalar n */
        ok = ok && zc_pcc(c->pcc, area) == 1;
        memset(area + 4 * w, 0, w);             /* scalar 0 */
        ok = ok && zc_pcc(c->pcc, area) == 1;
        put(c, area + 4 * w, key->x);
        area[3 * w + w - 1] ^= 1;               /* off the curve */
        ok = ok && zc_pcc(c->pcc, area) == 1;
        check(ok, "PCC: 1*Q = Q; scalar 0 or n, point off the curve: cc 1");
    }
}

/* Sign's condition codes, the refusal on request and the hedged nonce. */
static void test_sign_cc(void)
{
    const struct ec_rfc6979_sig *v = &ec_rfc6979_sigs[2];  /* P-256, SHA-256 */
    const struct curve *c;
    uint8_t rs[64], k1[66], k2[66];
    unsigned i;
    int ok;

    c = sign_block(v, "sample");
    put(c, area + 3 * c->w, c->n);
    check(zc_kdsa(c->sign | 0x80, area, NULL, 0) == 1, "sign with d = n: cc 1");
    memset(area + 3 * c->w, 0, c->w);
    check(zc_kdsa(c->sign | 0x80, area, NULL, 0) == 1, "sign with d = 0: cc 1");
    c = sign_block(v, "sample");
    memset(area + 4 * c->w, 0, c->w);
    check(zc_kdsa(c->sign | 0x80, area, NULL, 0) == 2, "sign with k = 0: cc 2");
    put(c, area + 4 * c->w, c->n);
    check(zc_kdsa(c->sign | 0x80, area, NULL, 0) == 2, "sign with k = n: cc 2");

    /* on request: cc 2 twice, garbage in R and S, then the right answer */
    zc_cpacf_sim_reset();
    zc_cpacf_sim_ec_refuse_nonce(2);
    c = sign_block(v, "sample");
    ok = zc_kdsa(c->sign | 0x80, area, NULL, 0) == 2;
    memset(rs, 0, sizeof rs);
    ok = ok && memcmp(area, rs, 64) != 0 && !same_hex(c, area, v->r);
    ok = ok && zc_kdsa(c->sign | 0x80, area, NULL, 0) == 2;
    ok = ok && zc_kdsa(c->sign | 0x80, area, NULL, 0) == 0 && same_hex(c, area, v->r) &&
         same_hex(c, area + c->w, v->s);
    check(ok && zc_cpacf_sim_ec_signs() == 3 &&
          zc_cpacf_sim_executed(ZC_OP_KDSA, c->sign) == 3,
          "refuse_nonce(2): cc 2 twice with garbage in R, S, then the RFC's r || s");

    /* hedged: the stand-in's own nonce, a valid signature, fresh each time */
    for (i = 0; i < 3; i++) {
        const struct curve *ci = &curves[i];
        const struct ec_rfc6979_key *key = &ec_rfc6979_keys[i];
        size_t w = ci->w;

        zc_cpacf_sim_reset();
        memset(area, 0, sizeof area);
        put_h(ci, area + 2 * w, ZC_SHA512, "sample");
        put(ci, area + 3 * w, key->x);
        memset(area + 4 * w, 0x5a, w);      /* the random field: any bytes */
        ok = zc_kdsa(ci->sign, area, NULL, 0) == 0;
        zc_cpacf_sim_ec_last_nonce(k1, sizeof k1);
        memcpy(rs, area, 2 * w > sizeof rs ? sizeof rs : 2 * w);
        /* verify it: R, S stay, H stays, Q in place of d and k */
        put(ci, area + 3 * w, key->ux);
        put(ci, area + 4 * w, key->uy);
        ok = ok && zc_kdsa(ci->verify, area, NULL, 0) == 0;
        /* the same random field again: counted as stale */
        put(ci, area + 3 * w, key->x);
        memset(area + 4 * w, 0x5a, w);
        ok = ok && zc_kdsa(ci->sign, area, NULL, 0) == 0;
        zc_cpacf_sim_ec_last_nonce(k2, sizeof k2);
        ok = ok && memcmp(k1, k2, ci->len) != 0 && memcmp(rs, area, 32) != 0;
        ok = ok && zc_cpacf_sim_ec_random_repeats() == 1;
        memset(area + 4 * w, 0xa5, w);
        ok = ok && zc_kdsa(ci->sign, area, NULL, 0) == 0;
        ok = ok && zc_cpacf_sim_ec_random_repeats() == 1 && zc_cpacf_sim_ec_hedged() == 3 &&
             zc_cpacf_sim_executed(ZC_OP_KDSA, ci->sign) == 3;
        check(ok, i == 0 ? "P-256 hedged sign: own nonce, verifies, stale random field counted"
                  : i == 1 ? "P-384 hedged sign: own nonce, verifies, stale random field counted"
                           : "P-521 hedged sign: own nonce, verifies, stale random field counted");
    }
}

static void test_query_counters(void)
{
    uint8_t mask[16], want[16];
    uint64_t fac[3];
    unsigned long gr[8] = { 0 };

    memset(mask, 0xff, sizeof mask);
    gr[1] = (unsigned long)(uintptr_t)mask;
    check(zc_cpacf_sim_insn(ZC_OP_KDSA, gr) == 0 &&
          (unhex(want, "f0707000888888000000000000000000"), !memcmp(mask, want, 16)),
          "KDSA query mask: 0, verify 1-3, sign 9-11, encrypted 17-19 (and EdDSA 32-52)");
    zc_cpacf_sim_stfle(fac, 3);
    check((fac[2] >> (63 - 155 % 64)) & 1, "STFLE: MSA-9 (155)");
    zc_cpacf_sim_reset();
    verify_block(&ec_rfc6979_sigs[0], "sample");
    zc_kdsa(1, area, NULL, 0);
    sign_block(&ec_rfc6979_sigs[0], "sample");
    zc_kdsa(9 | 0x80, area, NULL, 0);
    zc_kdsa(9 | 0x80, area, NULL, 0);
    memset(area, 0, sizeof area);
    zc_pcc(64, area);
    check(zc_cpacf_sim_executed(ZC_OP_KDSA, 1) == 1 && zc_cpacf_sim_executed(ZC_OP_KDSA, 9) == 2 &&
          zc_cpacf_sim_executed(ZC_OP_KDSA, 0x89) == 2 && zc_cpacf_sim_executed(ZC_OP_PCC, 64) == 1 &&
          zc_cpacf_sim_executed(ZC_OP_KDSA, 10) == 0,
          "execution counters: KDSA by code without the modifier, PCC 64");
    zc_cpacf_sim_reset();
    check(zc_cpacf_sim_executed(ZC_OP_KDSA, 9) == 0 && zc_cpacf_sim_ec_last_nonce(NULL, 0) == 0,
          "reset clears the EC counters and the recorded nonce");
}

/* One raw issue (no cc 3 loop), as the machine's single execution. */
static int once(unsigned opcode, unsigned long fc)
{
    unsigned long gr[8] = { fc, (unsigned long)(uintptr_t)area, 0, 0, 0, 0, 0, 0 };

    return zc_cpacf_sim_insn(opcode, gr);
}

/* cc 3: part-way with garbage and a token, then the re-issue finishes. */
static void test_partial(void)
{
    unsigned i;

    for (i = 0; i < 3; i++) {
        const struct ec_rfc6979_sig *v = &ec_rfc6979_sigs[5 * i + 4];     /* SHA-512 */
        const struct ec_rfc6979_key *key = &ec_rfc6979_keys[i];
        const struct curve *c = sign_block(v, "sample");
        size_t w = c->w;
        int ok;

        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop(0, 3);
        ok = once(ZC_OP_KDSA, c->sign | 0x80) == 3 && zc_cpacf_sim_stopped() &&
             zc_cpacf_sim_stop_opcode() == ZC_OP_KDSA && !same_hex(c, area, v->r) &&
             !reserved_zero(c);
        ok = ok && once(ZC_OP_KDSA, c->sign | 0x80) == 0 && same_hex(c, area, v->r) &&
             same_hex(c, area + w, v->s) && reserved_zero(c);
        check(ok, "sign: cc 3 part-way (garbage, token), re-issue gives the RFC's r || s");

        /* through the wrapper's loop, in the opcode the stop is armed for */
        sign_block(v, "sample");
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        ok = zc_kdsa(c->sign | 0x80, area, NULL, 0) == 0 && zc_cpacf_sim_stopped() &&
             same_hex(c, area, v->r) && same_hex(c, area + w, v->s) && reserved_zero(c) &&
             zc_cpacf_sim_executed(ZC_OP_KDSA, c->sign) == 2;
        check(ok, "sign through zc_kdsa with a cc 3 stop: the same, counted twice");

        verify_block(v, "sample");
        zc_cpacf_sim_stop(0, 3);
        ok = once(ZC_OP_KDSA, c->verify) == 3 && !reserved_zero(c) &&
             once(ZC_OP_KDSA, c->verify) == 0 && reserved_zero(c);
        check(ok, "verify: cc 3 part-way, re-issue valid");

        memset(area, 0, sizeof area);
        put(c, area + 2 * w, c->gx);
        put(c, area + 3 * w, c->gy);
        put(c, area + 4 * w, key->x);
        zc_cpacf_sim_stop(0, 3);
        ok = once(ZC_OP_PCC, c->pcc) == 3 && !same_hex(c, area, key->ux) && !reserved_zero(c);
        ok = ok && once(ZC_OP_PCC, c->pcc) == 0 && same_hex(c, area, key->ux) &&
             same_hex(c, area + w, key->uy) && reserved_zero(c);
        check(ok, "PCC: cc 3 part-way, re-issue gives d*G");
    }
}

/* Run body(arg) in a child; 1 when it died of SIGABRT. */
static int aborts(void (*body)(int), int arg)
{
    int status, fd;
    pid_t pid;

    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        /* the stand-in's one-line reason, shown with ZC_TEST_VERBOSE set */
        fd = getenv("ZC_TEST_VERBOSE") ? -1 : open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 2);
        body(arg);
        _exit(0);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 0;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

/* The violations, by number; 0 is a correct sign (must not abort). */
static void violate(int what)
{
    const struct ec_rfc6979_sig *v = &ec_rfc6979_sigs[14];  /* P-521, SHA-512 */
    const struct curve *c = sign_block(v, "sample");
    const struct ec_rfc6979_key *key = &ec_rfc6979_keys[2];
    size_t w = c->w;
    uint8_t d[66];

    switch (what) {
    case 1:                             /* a reserved byte */
        area[5 * w + 1000] = 1;
        break;
    case 2:                             /* the last reserved byte */
        area[AREA - 1] = 0x80;
        break;
    case 3:                             /* d left-aligned in its 80 bytes */
        unhex(d, key->x);
        memset(area + 3 * w, 0, w);
        memcpy(area + 3 * w, d, 66);
        break;
    case 4:                             /* H left-aligned */
        memmove(area + 2 * w, area + 2 * w + 16, 64);
        memset(area + 2 * w + 64, 0, 16);
        break;
    case 5: {                           /* a message operand */
        static const uint8_t m[1];

        zc_kdsa(c->sign | 0x80, area, m, 1);
        return;
    }
    case 6:                             /* a token with another serial number */
        zc_cpacf_sim_stop(0, 3);
        once(ZC_OP_KDSA, c->sign | 0x80);
        area[5 * w + 23] ^= 1;
        break;
    case 11:                            /* a token with no operation outstanding */
        memcpy(area + 5 * w, "ZCSIMCC3", 8);
        area[5 * w + 8] = (uint8_t)c->sign;
        break;
    case 7:                             /* the inputs changed between the issues */
        zc_cpacf_sim_stop(0, 3);
        once(ZC_OP_KDSA, c->sign | 0x80);
        area[2 * w + w - 1] ^= 1;
        break;
    case 8:                             /* PCC: a left-aligned scalar */
        memset(area, 0, sizeof area);
        put(c, area + 2 * w, c->gx);
        put(c, area + 3 * w, c->gy);
        unhex(d, key->x);
        memcpy(area + 4 * w, d, 66);
        zc_pcc(c->pcc, area);
        return;
    case 9:                             /* PCC: a reserved byte */
        memset(area, 0, sizeof area);
        put(c, area + 2 * w, c->gx);
        put(c, area + 3 * w, c->gy);
        put(c, area + 4 * w, key->x);
        area[5 * w] = 1;
        zc_pcc(c->pcc, area);
        return;
    case 10:                            /* verify: a left-aligned Qx */
        verify_block(v, "sample");
        area[3 * w] = 1;
        zc_kdsa(c->verify, area, NULL, 0);
        return;
    default:
        break;
    }
    zc_kdsa(c->sign | 0x80, area, NULL, 0);
}

static void test_exceptions(void)
{
    check(!aborts(violate, 0), "a correct P-521 sign runs");
    check(aborts(violate, 1), "a non-zero reserved byte: specification");
    check(aborts(violate, 2), "the 4096th byte non-zero: specification");
    check(aborts(violate, 3), "P-521 d left-aligned in its 80 bytes: specification");
    check(aborts(violate, 4), "P-521 H left-aligned: specification");
    check(aborts(violate, 5), "ECDSA with a message operand: specification");
    check(aborts(violate, 6), "a continuation token the stand-in did not write: specification");
    check(aborts(violate, 11), "a token where no operation is outstanding: specification");
    check(aborts(violate, 7), "inputs changed after cc 3: specification");
    check(aborts(violate, 8), "PCC 66 with a left-aligned scalar: specification");
    check(aborts(violate, 9), "PCC with a non-zero reserved byte: specification");
    check(aborts(violate, 10), "verify with a byte before P-521's Qx: specification");
}

/* Not strict: a misaligned value is what a machine would read, a number. */
static void test_lenient(void)
{
    const struct ec_rfc6979_sig *v = &ec_rfc6979_sigs[14];  /* P-521, SHA-512 */
    const struct curve *c;
    uint8_t d[66];
    int ok;

    zc_cpacf_sim_ec_strict(0);
    c = sign_block(v, "sample");
    unhex(d, ec_rfc6979_keys[2].x);
    memset(area + 3 * c->w, 0, c->w);
    memcpy(area + 3 * c->w, d, 66);
    ok = zc_kdsa(c->sign | 0x80, area, NULL, 0) == 1;               /* d >= n */
    c = sign_block(v, "sample");
    memmove(area + 2 * c->w, area + 2 * c->w + 16, 64);
    memset(area + 2 * c->w + 64, 0, 16);
    ok = ok && zc_kdsa(c->sign | 0x80, area, NULL, 0) == 0 && same_hex(c, area, v->r) &&
         !same_hex(c, area + c->w, v->s);                           /* another e */
    verify_block(v, "sample");
    area[3 * c->w] = 1;
    ok = ok && zc_kdsa(c->verify, area, NULL, 0) == 1;              /* Qx >= p */
    zc_cpacf_sim_ec_strict(1);
    check(ok, "not strict: left-aligned d cc 1, H a wrong S, Qx off the curve");
}

int main(void)
{
    if (!zc_cpacf_sim_has_ec()) {
        printf("skipped: the stand-in was built without libcrypto: no KDSA or PCC-ECC model\n");
        return 77;
    }
    test_rfc6979();
    test_verify_range();
    test_pcc();
    test_sign_cc();
    test_query_counters();
    test_partial();
    test_exceptions();
    test_lenient();
    return unit_done();
}
