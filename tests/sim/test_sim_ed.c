/*
 * test_sim_ed.c - unit test of the CPACF stand-in's EdDSA and
 * Edwards/Montgomery model (tests/sim/cpacf_sim_ec.c, sim_edwards.c): KDSA
 * EdDSA verify 32/36 and sign 40/44, PCC 72/73 (Ed25519/Ed448 scalar
 * multiplication) and 80/81 (X25519/X448), issued raw through asm/cpacf.h's
 * zc_kdsa() and zc_pcc() with blocks built here byte by byte from the facts
 * sheet's layouts (CPACF.md), so that the model is checked before the
 * library's code runs on it.
 *
 * Known answers only from the RFCs: RFC 8032 section 7 (7.1 Ed25519, 7.4
 * Ed448, the pure vectors of tests/vectors/ed25519_rfc8032.h and
 * ed448_rfc8032.h) signed on 40/44 must give the RFC's signature, verify on
 * 32/36, and [s]B on 72/73 (s from the RFC's seed, SHA-512 / SHAKE256 by
 * OpenSSL, B from RFC 8032 5.1 / 5.2) must encode to the RFC's public key;
 * RFC 7748 5.2 (tests/vectors/x_rfc7748.h, both vectors per function and
 * the first round of the iterated test) on 80/81. Then the model's
 * documented leniencies and refusals, the query masks and counters, cc 3
 * part-way (the message registers advanced) and the violations that must
 * abort (forked children expecting SIGABRT).
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

#include <openssl/bn.h>
#include <openssl/evp.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"

#include "../unit/unit.h"
#include "../vectors/ed25519_rfc8032.h"
#include "../vectors/ed448_rfc8032.h"
#include "../vectors/x_rfc7748.h"

#define AREA 4096

static _Alignas(8) uint8_t area[AREA];

struct ed {
    const char *name;
    size_t w, b;
    unsigned verify, sign, pcc;
    const char *bx, *by;        /* RFC 8032 5.1 / 5.2: the base point B */
    const char *l;              /* the group order L, hex (RFC 8032 5.1 / 5.2) */
};

static const struct ed eds[2] = {
    { "Ed25519", 32, 32, 32, 40, 72,
      "15112221349535400772501151409588531511454012693041857206046113283949847762202",
      "46316835694926478169428394003475163141307993866256225615783033603165251855960",
      "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed" },
    { "Ed448", 64, 57, 36, 44, 73,
      "224580040295924300187604334099896036246789641632564134246125461686950415467406032909"
      "029192869357953282578032075146446173674602635247710",
      "298819210078481492676017930443930673437544040154080242095928241372331506189835876003"
      "536878655418784733982303233503462500531545062832660",
      "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9"
      "c44edb49aed63690216cc2728dc58f552378c292ab5844f3" },
};

static const struct ed *ed_of(enum zc_ec_curve c)
{
    return &eds[c == ZC_EC_ED448];
}

static void rev(uint8_t *d, const uint8_t *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        d[i] = s[n - 1 - i];
}

/* An RFC 8032 encoding into its field: reversed, right-aligned. */
static void put_enc(const struct ed *e, uint8_t *f, const uint8_t *enc)
{
    memset(f, 0, e->w);
    rev(f + e->w - e->b, enc, e->b);
}

static int reserved_zero(size_t from)
{
    size_t i;

    for (i = from; i < AREA; i++)
        if (area[i])
            return 0;
    return 1;
}

/* A decimal or hex number right-aligned in b bytes of a w-byte field. */
static void put_num(uint8_t *f, size_t w, size_t b, const char *num, int hex)
{
    BIGNUM *v = NULL;

    memset(f, 0, w);
    if ((hex ? BN_hex2bn(&v, num) : BN_dec2bn(&v, num)) == 0 ||
        BN_bn2binpad(v, f + w - b, (int)b) < 0)
        memset(f, 0xee, w);
    BN_free(v);
}

struct vec {
    const struct ed *e;
    uint8_t seed[57], pub[57], sig[114], msg[1100];
    size_t ml;
};

static void vec_of(const struct ed_kat *k, struct vec *v)
{
    v->e = ed_of(k->curve);
    unhex(v->seed, k->seed);
    unhex(v->pub, k->pub);
    unhex(v->sig, k->sig);
    v->ml = unhex(v->msg, k->msg);
}

static void sign_block(const struct vec *v)
{
    const struct ed *e = v->e;

    memset(area, 0, sizeof area);
    memcpy(area + 3 * e->w - e->b, v->seed, e->b);      /* seed: unreversed, right-aligned */
}

static void verify_block(const struct vec *v)
{
    const struct ed *e = v->e;

    memset(area, 0, sizeof area);
    put_enc(e, area, v->sig);
    put_enc(e, area + e->w, v->sig + e->b);
    put_enc(e, area + 2 * e->w, v->pub);
}

static int sig_is(const struct vec *v, const uint8_t *sig)
{
    uint8_t f[128];
    const struct ed *e = v->e;

    put_enc(e, f, sig);
    put_enc(e, f + e->w, sig + e->b);
    return memcmp(area, f, 2 * e->w) == 0;
}

/* Every pure vector of RFC 8032 section 7 on KDSA. */
static void test_kdsa_rfc(const struct ed_kat *list, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        struct vec v;
        const struct ed *e;
        int cc;

        if (list[i].variant != 0)
            continue;
        vec_of(&list[i], &v);
        e = v.e;
        sign_block(&v);
        cc = zc_kdsa(e->sign, area, v.msg, v.ml);
        CHECK(cc == 0 && sig_is(&v, v.sig) && reserved_zero(3 * e->w),
              "%s: KDSA %u gives the RFC's signature", list[i].what, e->sign);
        verify_block(&v);
        CHECK(zc_kdsa(e->verify, area, v.msg, v.ml) == 0, "%s: KDSA %u: valid", list[i].what,
              e->verify);
        area[e->w + e->w - 1] ^= 1;                     /* S's low byte */
        cc = zc_kdsa(e->verify, area, v.msg, v.ml);
        area[e->w + e->w - 1] ^= 1;
        area[e->w - 1] ^= 4;                            /* R */
        cc |= zc_kdsa(e->verify, area, v.msg, v.ml) << 1;
        area[e->w - 1] ^= 4;
        area[3 * e->w - 1] ^= 2;                        /* A */
        cc |= zc_kdsa(e->verify, area, v.msg, v.ml) << 2;
        area[3 * e->w - 1] ^= 2;
        if (v.ml > 0) {
            v.msg[0] ^= 1;
            cc |= zc_kdsa(e->verify, area, v.msg, v.ml) << 3;
            v.msg[0] ^= 1;
        } else {
            cc |= zc_kdsa(e->verify, area, (const uint8_t *)"x", 1) << 3;
        }
        CHECK(cc == 15, "%s: KDSA %u: S, R, A or the message changed: cc 1 (%d)", list[i].what,
              e->verify, cc);
    }
}

/* The model's documented leniencies: S >= L taken mod L, Ed448's last
 * signature byte ignored (the library must refuse both itself). */
static void test_verify_lenient(void)
{
    unsigned i;

    for (i = 0; i < 2; i++) {
        struct vec v;
        const struct ed *e;
        BIGNUM *s, *l = NULL;
        int ok;

        vec_of(i == 0 ? &ed25519_rfc8032[1] : &ed448_rfc8032[1], &v);
        e = v.e;
        verify_block(&v);
        s = BN_bin2bn(area + 2 * e->w - e->b, (int)e->b, NULL);
        BN_hex2bn(&l, e->l);
        BN_add(s, s, l);                                /* S + L < 2^(8b) */
        ok = BN_bn2binpad(s, area + 2 * e->w - e->b, (int)e->b) >= 0 &&
             zc_kdsa(e->verify, area, v.msg, v.ml) == 0;
        BN_free(s);
        BN_free(l);
        CHECK(ok, "%s: KDSA %u with S + L: cc 0 (the stand-in takes S mod L)", e->name,
              e->verify);
        if (i == 1) {
            verify_block(&v);
            area[e->w + 7] = 0x01;                      /* S's byte 56, the last of sig */
            CHECK(zc_kdsa(e->verify, area, v.msg, v.ml) == 0,
                  "Ed448: KDSA 36 ignores the last signature byte (CPACF.md)");
        }
    }
}

/* [s]B, s from the seed as RFC 8032 5.1.5 / 5.2.5 step 1-2. */
static void scalar_of(const struct ed *e, const uint8_t *seed, uint8_t *s)
{
    uint8_t h[114];
    unsigned hl = 64;
    EVP_MD_CTX *md = EVP_MD_CTX_new();

    memset(h, 0, sizeof h);
    if (e->b == 32) {
        EVP_Digest(seed, 32, h, &hl, EVP_sha512(), NULL);
        h[0] &= 248;
        h[31] &= 127;
        h[31] |= 64;
    } else if (md != NULL) {
        EVP_DigestInit_ex(md, EVP_shake256(), NULL);
        EVP_DigestUpdate(md, seed, 57);
        EVP_DigestFinalXOF(md, h, 114);
        h[0] &= 252;
        h[55] |= 128;
        h[56] = 0;
    }
    EVP_MD_CTX_free(md);
    memcpy(s, h, e->b);                                 /* little-endian */
}

static void pcc_block(const struct ed *e, const uint8_t *s_le)
{
    size_t w = e->w;

    memset(area, 0, sizeof area);
    put_num(area + 2 * w, w, e->b, e->bx, 0);
    put_num(area + 3 * w, w, e->b, e->by, 0);
    rev(area + 5 * w - e->b, s_le, e->b);
}

/* The point (resX, resY) encoded as RFC 8032 5.1.2 / 5.2.2. */
static void encode_res(const struct ed *e, uint8_t *enc)
{
    rev(enc, area + 2 * e->w - e->b, e->b);
    enc[e->b - 1] |= (uint8_t)((area[e->w - 1] & 1) << 7);
}

static void test_pcc_ed(const struct ed_kat *list, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        struct vec v;
        const struct ed *e;
        uint8_t s[57], enc[57];
        int ok;

        if (list[i].variant != 0)
            continue;
        vec_of(&list[i], &v);
        e = v.e;
        scalar_of(e, v.seed, s);
        pcc_block(e, s);
        ok = zc_pcc(e->pcc, area) == 0 && reserved_zero(5 * e->w);
        encode_res(e, enc);
        /* Ed448: the 57-byte values zero-padded at the top of 64 */
        CHECK(ok && !memcmp(enc, v.pub, e->b) &&
              (e->b == 32 || (!memcmp(area, "\0\0\0\0\0\0\0", 7) &&
                              !memcmp(area + e->w, "\0\0\0\0\0\0\0", 7))),
              "%s: PCC %u: [s]B encodes to the RFC's public key", list[i].what, e->pcc);
    }
}

/* Refusals and the neutral element. */
static void test_pcc_ed_cc(void)
{
    unsigned i;

    for (i = 0; i < 2; i++) {
        const struct ed *e = &eds[i];
        size_t w = e->w;
        uint8_t one[57] = { 1 }, zero[57] = { 0 }, l_le[57];
        BIGNUM *l = NULL;
        int ok;

        pcc_block(e, one);
        ok = zc_pcc(e->pcc, area) == 0;
        ok = ok && !memcmp(area, area + 2 * w, 2 * w);              /* 1 B = B */
        pcc_block(e, zero);
        ok = ok && zc_pcc(e->pcc, area) == 0;
        ok = ok && reserved_zero(5 * w);
        {
            uint8_t want[128] = { 0 };

            want[2 * w - 1] = 1;                                    /* (0, 1) */
            ok = ok && !memcmp(area, want, 2 * w);
        }
        BN_hex2bn(&l, e->l);
        BN_bn2lebinpad(l, l_le, (int)e->b);
        BN_free(l);
        pcc_block(e, l_le);
        ok = ok && zc_pcc(e->pcc, area) == 0 && area[w - 1] == 0 && area[2 * w - 1] == 1;
        CHECK(ok, "%s: PCC %u: 1 B = B, 0 B and L B = (0, 1)", e->name, e->pcc);
        pcc_block(e, one);
        area[4 * w - 1] ^= 1;                                       /* Y: off the curve */
        ok = zc_pcc(e->pcc, area) == 1;
        pcc_block(e, one);
        put_num(area + 3 * w, w, e->b, i == 0 ? "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffee"
                                              : "fffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
                                                "ffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 1);
        memset(area + 2 * w, 0, w);                                 /* (0, p): y >= p */
        ok = ok && zc_pcc(e->pcc, area) == 1;
        CHECK(ok, "%s: PCC %u: a point off the curve, y >= p: cc 1", e->name, e->pcc);
    }
}

/* X25519 / X448 fields: the caller's preparation (CPACF.md). */
static size_t x_w(enum zc_ec_curve c)
{
    return c == ZC_EC_X25519 ? 32 : 64;
}

static void x_block(enum zc_ec_curve c, const uint8_t *k_le, const uint8_t *u_le)
{
    size_t w = x_w(c), n = c == ZC_EC_X25519 ? 32 : 56;
    uint8_t k[56], u[56];

    memcpy(k, k_le, n);
    memcpy(u, u_le, n);
    if (c == ZC_EC_X25519) {
        k[0] &= 248;
        k[31] &= 127;
        k[31] |= 64;
        u[31] &= 127;
    } else {
        k[0] &= 252;
        k[55] |= 128;
    }
    memset(area, 0, sizeof area);
    rev(area + 2 * w - n, u, n);
    rev(area + 3 * w - n, k, n);
}

static int x_res_is(enum zc_ec_curve c, const uint8_t *out_le)
{
    size_t w = x_w(c), n = c == ZC_EC_X25519 ? 32 : 56;
    uint8_t f[64] = { 0 };

    rev(f + w - n, out_le, n);
    return !memcmp(area, f, w);
}

static void test_pcc_x(void)
{
    size_t i;

    for (i = 0; i < sizeof x_rfc7748_52 / sizeof x_rfc7748_52[0]; i++) {
        const struct x_rfc7748_kat *v = &x_rfc7748_52[i];
        unsigned fc = v->curve == ZC_EC_X25519 ? 80 : 81;
        uint8_t k[56], u[56], out[56];

        unhex(k, v->k);
        unhex(u, v->u);
        unhex(out, v->out);
        x_block(v->curve, k, u);
        CHECK(zc_pcc(fc, area) == 0 && x_res_is(v->curve, out) &&
              reserved_zero(3 * x_w(v->curve)),
              "RFC 7748 5.2 vector %zu: PCC %u gives the RFC's output", i + 1, fc);
    }
    for (i = 0; i < 2; i++) {
        const struct x_rfc7748_iter *it = &x_rfc7748_iters[i];
        unsigned fc = it->curve == ZC_EC_X25519 ? 80 : 81;
        uint8_t k[56] = { 0 }, out[56];

        k[0] = it->curve == ZC_EC_X25519 ? 9 : 5;
        unhex(out, it->after[0]);
        x_block(it->curve, k, k);
        CHECK(zc_pcc(fc, area) == 0 && x_res_is(it->curve, out),
              "RFC 7748 5.2 iterated test, one round: PCC %u", fc);
    }
    for (i = 0; i < 2; i++) {
        enum zc_ec_curve c = i == 0 ? ZC_EC_X25519 : ZC_EC_X448;
        unsigned fc = 80 + (unsigned)i;
        uint8_t k[56], u[56] = { 0 }, zero[56] = { 0 };
        int ok;

        unhex(k, x_rfc7748_52[2 * i].k);
        x_block(c, k, u);                               /* u = 0 */
        memset(area, 0x33, x_w(c));
        ok = zc_pcc(fc, area) == 0 && x_res_is(c, zero);
        u[0] = 1;                                       /* u = 1: order 1 */
        x_block(c, k, u);
        ok = ok && zc_pcc(fc, area) == 0 && x_res_is(c, zero);
        CHECK(ok, "PCC %u: a small-order u (0, 1) gives the all-zero result, cc 0", fc);
    }
}

static void test_query_counters(void)
{
    uint8_t mask[16], want[16];
    unsigned long gr[8] = { 0 };

    memset(mask, 0xff, sizeof mask);
    gr[1] = (unsigned long)(uintptr_t)mask;
    CHECK(zc_cpacf_sim_insn(ZC_OP_KDSA, gr) == 0 &&
          (unhex(want, "f0707000888888000000000000000000"), !memcmp(mask, want, 16)),
          "KDSA query mask: 0, 1-3, 9-11, 17-19, 32, 36, 40, 44, 48, 52");
    memset(mask, 0xff, sizeof mask);
    CHECK(zc_cpacf_sim_insn(ZC_OP_PCC, gr) == 0 &&
          (unhex(want, "e0c0c00000000000"), !memcmp(mask + 8, want, 8)),
          "PCC query mask, second word: 64-66, 72, 73, 80, 81");
    zc_cpacf_sim_reset();
    {
        struct vec v;

        vec_of(&ed25519_rfc8032[0], &v);
        sign_block(&v);
        zc_kdsa(40, area, v.msg, v.ml);
        verify_block(&v);
        zc_kdsa(32, area, v.msg, v.ml);
        zc_kdsa(32, area, v.msg, v.ml);
    }
    CHECK(zc_cpacf_sim_executed(ZC_OP_KDSA, 40) == 1 && zc_cpacf_sim_executed(ZC_OP_KDSA, 32) == 2 &&
          zc_cpacf_sim_executed(ZC_OP_KDSA, 36) == 0 && zc_cpacf_sim_executed(ZC_OP_KDSA, 44) == 0,
          "execution counters: KDSA 40 once, 32 twice");
}

/* One raw issue with the message pair, no cc 3 loop. */
static int once(unsigned opcode, unsigned long gr[8])
{
    return zc_cpacf_sim_insn(opcode, gr);
}

static void test_partial(void)
{
    unsigned i;

    for (i = 0; i < 2; i++) {
        struct vec v;
        const struct ed *e;
        unsigned long gr[8] = { 0 };
        uint8_t s[57], enc[57];
        int ok;

        vec_of(i == 0 ? &ed25519_rfc8032[2] : &ed448_rfc8032[3], &v);   /* 2, 11 bytes */
        e = v.e;
        sign_block(&v);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop(0, 3);
        gr[0] = e->sign;
        gr[1] = (unsigned long)(uintptr_t)area;
        gr[4] = (unsigned long)(uintptr_t)v.msg;
        gr[5] = v.ml;
        ok = once(ZC_OP_KDSA, gr) == 3 && !sig_is(&v, v.sig) && !reserved_zero(3 * e->w) &&
             gr[4] == (unsigned long)(uintptr_t)(v.msg + v.ml / 2) && gr[5] == v.ml - v.ml / 2;
        ok = ok && once(ZC_OP_KDSA, gr) == 0 && sig_is(&v, v.sig) && reserved_zero(3 * e->w) &&
             gr[5] == 0;
        CHECK(ok, "%s sign: cc 3 part-way (garbage, token, half the message), the re-issue "
              "gives the RFC's signature", e->name);
        sign_block(&v);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        ok = zc_kdsa(e->sign, area, v.msg, v.ml) == 0 && zc_cpacf_sim_stopped() &&
             sig_is(&v, v.sig) && zc_cpacf_sim_executed(ZC_OP_KDSA, e->sign) == 2;
        CHECK(ok, "%s sign through zc_kdsa with a cc 3 stop: the same, counted twice", e->name);
        verify_block(&v);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_KDSA, 3);
        ok = zc_kdsa(e->verify, area, v.msg, v.ml) == 0 && zc_cpacf_sim_stopped() &&
             reserved_zero(3 * e->w);
        CHECK(ok, "%s verify with a cc 3 stop: valid", e->name);

        scalar_of(e, v.seed, s);
        pcc_block(e, s);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 3);
        ok = zc_pcc(e->pcc, area) == 0 && zc_cpacf_sim_stopped() && reserved_zero(5 * e->w) &&
             zc_cpacf_sim_executed(ZC_OP_PCC, e->pcc) == 2;
        encode_res(e, enc);
        CHECK(ok && !memcmp(enc, v.pub, e->b), "%s: PCC %u with a cc 3 stop: the public key",
              e->name, e->pcc);
    }
    for (i = 0; i < 2; i++) {
        const struct x_rfc7748_kat *v = &x_rfc7748_52[2 * i];
        uint8_t k[56], u[56], out[56];
        int ok;

        unhex(k, v->k);
        unhex(u, v->u);
        unhex(out, v->out);
        x_block(v->curve, k, u);
        zc_cpacf_sim_reset();
        zc_cpacf_sim_stop_in(ZC_OP_PCC, 3);
        ok = zc_pcc(80 + i, area) == 0 && zc_cpacf_sim_stopped() && x_res_is(v->curve, out) &&
             zc_cpacf_sim_executed(ZC_OP_PCC, 80 + i) == 2;
        CHECK(ok, "PCC %u with a cc 3 stop: RFC 7748's output", 80 + i);
    }
}

static int aborts(void (*body)(int), int arg)
{
    int status, fd;
    pid_t pid;

    fflush(stdout);
    pid = fork();
    if (pid == 0) {
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

/* The violations, by number; 0 and 100 are correct issues. */
static void violate(int n)
{
    struct vec v;
    const struct ed *e = &eds[1];
    unsigned long gr[8] = { 0 };
    uint8_t k[56], u[56], s[57];

    vec_of(&ed448_rfc8032[3], &v);
    switch (n) {
    case 0:
        sign_block(&v);
        zc_kdsa(e->sign, area, v.msg, v.ml);
        return;
    case 1:                             /* Ed448 seed at the wrong end */
        sign_block(&v);
        memmove(area + 2 * e->w, area + 2 * e->w + 7, 57);
        memset(area + 2 * e->w + 57, 0, 7);
        zc_kdsa(e->sign, area, v.msg, v.ml);
        return;
    case 2:                             /* Ed448 R: 57 bytes reversed, padded at the bottom */
        verify_block(&v);
        memset(area, 0, e->w);
        rev(area, v.sig, 57);
        zc_kdsa(e->verify, area, v.msg, v.ml);
        return;
    case 3:                             /* a reserved byte */
        sign_block(&v);
        area[3 * e->w + 100] = 1;
        zc_kdsa(e->sign, area, v.msg, v.ml);
        return;
    case 4:                             /* the message changed after cc 3 */
    case 5:                             /* the registers changed after cc 3 */
        sign_block(&v);
        zc_cpacf_sim_stop(0, 3);
        gr[0] = e->sign;
        gr[1] = (unsigned long)(uintptr_t)area;
        gr[4] = (unsigned long)(uintptr_t)v.msg;
        gr[5] = v.ml;
        once(ZC_OP_KDSA, gr);
        if (n == 4)
            v.msg[0] ^= 1;
        else
            gr[4] = (unsigned long)(uintptr_t)v.msg, gr[5] = v.ml;
        once(ZC_OP_KDSA, gr);
        return;
    case 6:                             /* X25519 u with bit 255 set */
    case 7:                             /* X25519 u = p */
    case 8:                             /* X25519 scalar not clamped */
    case 9:                             /* X448 scalar not clamped */
    case 10:                            /* X448 u left-aligned */
    case 100: {
        enum zc_ec_curve c = n >= 9 ? ZC_EC_X448 : ZC_EC_X25519;
        const struct x_rfc7748_kat *x = &x_rfc7748_52[n >= 9 ? 2 : 0];

        unhex(k, x->k);
        unhex(u, x->u);
        x_block(c, k, u);
        if (n == 6)
            area[32] |= 0x80;
        if (n == 7) {
            memset(area + 32, 0xff, 32);
            area[32] = 0x7f;
            area[63] = 0xed;
        }
        if (n == 8)
            area[95] |= 1;
        if (n == 9)
            area[128 + 8] &= 0x7f;
        if (n == 10) {
            memmove(area + 64, area + 72, 56);
            memset(area + 120, 0, 8);
        }
        zc_pcc(c == ZC_EC_X25519 ? 80 : 81, area);
        return;
    }
    case 11:                            /* PCC 73: the scalar padded at the bottom */
        scalar_of(e, v.seed, s);
        pcc_block(e, s);
        memset(area + 4 * e->w, 0, e->w);
        rev(area + 4 * e->w, s, 57);
        zc_pcc(e->pcc, area);
        return;
    case 12:                            /* PCC 73: a reserved byte */
        scalar_of(e, v.seed, s);
        pcc_block(e, s);
        area[AREA - 1] = 1;
        zc_pcc(e->pcc, area);
        return;
    default:
        return;
    }
}

static void test_exceptions(void)
{
    check(!aborts(violate, 0), "a correct Ed448 sign runs");
    check(!aborts(violate, 100), "a correct X448 PCC runs");
    check(aborts(violate, 1), "Ed448 seed at the wrong end of its field: specification");
    check(aborts(violate, 2), "Ed448 R padded at the wrong end: specification");
    check(aborts(violate, 3), "EdDSA sign with a non-zero reserved byte: specification");
    check(aborts(violate, 4), "EdDSA message changed after cc 3: specification");
    check(aborts(violate, 5), "EdDSA message registers reset after cc 3: specification");
    check(aborts(violate, 6), "X25519 u with bit 255 set: specification");
    check(aborts(violate, 7), "X25519 u = p (not reduced): specification");
    check(aborts(violate, 8), "X25519 scalar not clamped: specification");
    check(aborts(violate, 9), "X448 scalar not clamped: specification");
    check(aborts(violate, 10), "X448 u left-aligned: specification");
    check(aborts(violate, 11), "PCC 73 scalar padded at the wrong end: specification");
    check(aborts(violate, 12), "PCC 73 with the 4096th byte non-zero: specification");
}

/* Not strict: what a machine would compute from the mistakes. */
static void test_lenient(void)
{
    const struct x_rfc7748_kat *x = &x_rfc7748_52[0];
    const struct ed *e = &eds[1];
    struct vec v;
    uint8_t k[56], u[56], out[56], s[57];
    int ok;

    zc_cpacf_sim_ec_strict(0);
    unhex(k, x->k);
    unhex(u, x->u);
    unhex(out, x->out);
    x_block(ZC_EC_X25519, k, u);
    area[32] |= 0x80;                                   /* u + 2^255 = u + 19 mod p */
    ok = zc_pcc(80, area) == 0 && !x_res_is(ZC_EC_X25519, out);
    vec_of(&ed448_rfc8032[3], &v);
    sign_block(&v);
    memmove(area + 2 * e->w, area + 2 * e->w + 7, 57);
    memset(area + 2 * e->w + 57, 0, 7);
    ok = ok && zc_kdsa(e->sign, area, v.msg, v.ml) == 0 && !sig_is(&v, v.sig);
    scalar_of(e, v.seed, s);
    pcc_block(e, s);
    memmove(area + 2 * e->w, area + 2 * e->w + 8, 56);  /* X left-aligned: >= p */
    memset(area + 2 * e->w + 56, 0, 8);
    ok = ok && zc_pcc(e->pcc, area) == 1;
    zc_cpacf_sim_ec_strict(1);
    CHECK(ok, "not strict: X25519 top bit a wrong u, Ed448 seed misplaced a wrong signature, "
          "PCC 73 X misplaced cc 1");
}

int main(void)
{
    if (!zc_cpacf_sim_has_ec()) {
        printf("skipped: the stand-in was built without libcrypto: no KDSA or PCC-ECC model\n");
        return 77;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_kdsa_rfc(ed25519_rfc8032, sizeof ed25519_rfc8032 / sizeof ed25519_rfc8032[0]);
    test_kdsa_rfc(ed448_rfc8032, sizeof ed448_rfc8032 / sizeof ed448_rfc8032[0]);
    test_verify_lenient();
    test_pcc_ed(ed25519_rfc8032, sizeof ed25519_rfc8032 / sizeof ed25519_rfc8032[0]);
    test_pcc_ed(ed448_rfc8032, sizeof ed448_rfc8032 / sizeof ed448_rfc8032[0]);
    test_pcc_ed_cc();
    test_pcc_x();
    test_query_counters();
    test_partial();
    test_exceptions();
    test_lenient();
    return unit_done();
}
