/*
 * cpacf_sim_ec.c - the CPACF stand-in's elliptic-curve functions (test only):
 * KDSA ECDSA verify 1-3 and sign 9-11 (MSA-9), and PCC scalar multiplication
 * 64-66, on P-256, P-384 and P-521; KDSA EdDSA verify 32/36 and sign 40/44
 * and PCC 72/73 (Ed25519/Ed448) and 80/81 (X25519/X448), described in their
 * own section at the end of the file.
 *
 * Compiled into the stand-in only when OpenSSL's libcrypto is found
 * (cpacf_sim.c is then built with ZC_SIM_EC); without it the stand-in
 * reports neither MSA-9 nor PCC 64-66 and the library falls back.
 *
 * Independent of the library: the curve arithmetic is libcrypto's
 * (EC_GROUP_new_by_curve_name, EC_POINT_mul, BN), never lib/ec or lib/bn.
 * OpenSSL 3.0 has no ECDSA call that takes an explicit nonce, so signing is
 * written out here from FIPS 186-5 6.4.1: r = x(kG) mod n,
 * s = k^-1 (e + r d) mod n; verification from 6.4.2: u1 = e/s, u2 = r/s,
 * x(u1 G + u2 Q) mod n == r. The layouts are the facts sheet's (CPACF.md,
 * "Parameter blocks"), read here byte by byte:
 *
 *   verify (1-3)   R | S | H | Qx | Qy
 *   sign (9-11)    R (out) | S (out) | H | d | k (0x80) or random field
 *   PCC (64-66)    resX (out) | resY (out) | X | Y | scalar
 *
 * with field width w = 32, 48, 80; every value big-endian and right-aligned,
 * so a P-521 value is 66 bytes at offset 14 of its 80 and the 14 bytes before
 * it must be zero. H is taken as the whole field (the caller has truncated
 * the digest). The rest of the 4096-byte area after the fields is the
 * machine's reserved area and must be zero when an operation starts. A
 * violation of either, or a message operand on ECDSA (GR4/GR5 not 0/0), is
 * a specification exception in the stand-in's style: a test that gets there
 * has a bug in the code under test. The hedged sign's random field is the
 * one exception to the alignment rule: it is random bytes, not a value
 * (public implementations fill all w bytes), so any bytes are accepted.
 * zc_cpacf_sim_ec_strict(0) makes a misaligned value what a machine would
 * see instead, one number of w bytes (out of range, or another digest), so
 * that a test can watch the library's self-test catch the mistake.
 *
 * Condition codes (the facts sheet's, "Condition codes"): sign cc 1 for
 * d = 0 or d >= n, cc 2 for a nonce that is not usable (k = 0, k >= n,
 * r = 0 or s = 0; also on request, zc_cpacf_sim_ec_refuse_nonce), with
 * garbage in R and S as a real machine leaves no promise about them;
 * verify cc 0 valid, cc 1 invalid (bad signature, r or s out of range, Q not
 * on the curve); PCC cc 1 for a point not on the curve or a scalar outside
 * 1..n-1 (or an infinite result).
 *
 * Partial completion: the stand-in's one-shot stop (zc_cpacf_sim_stop) hands
 * these parameter-block-only instructions its condition code before they
 * start (cpacf_sim.c). With cc 3 the instruction ends part-way, as a machine
 * may: it writes garbage into its output fields and a continuation token into
 * the reserved area (a magic, the function code, a serial number and a
 * checksum of the input fields). The re-issue accepts exactly its own
 * outstanding token (the inputs unchanged), finishes correctly and clears the
 * token; any other non-zero reserved byte is still an exception. A cc 1 stop
 * ends the instruction with cc 1 and nothing done.
 *
 * Encrypted-key signs (17-19, 48, 52; their own section before EdDSA): the
 * key field holds a key wrapped by cpacf_sim.c's model and its pattern
 * sits after the block's last field; the model unwraps it and signs on a
 * clear twin of the block with the clear code above (9-11, 40/44).
 *
 * Test state (the nonce of the last sign, the refusal counter, the random
 * fields' freshness, the outstanding token) is for single-threaded tests;
 * one mutex serialises the whole model, so concurrent threads are safe
 * (ThreadSanitizer clean), only the state then says nothing useful.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"
#include "sim_edwards.h"
#include "sim_wrap.h"

/* The internal entry points cpacf_sim.c calls (declared there too). */
int zc_sim_ec_kdsa(unsigned long gr[8], int stop);
int zc_sim_ec_pcc(unsigned long gr[8], int stop);
void zc_sim_ec_reset(void);

/*
 * Everything in this file runs under this one mutex (the public entry
 * points take it): the test state, the curve groups made on first use and
 * the operations in flight are shared, and threads may issue KDSA and PCC
 * at the same time (the ThreadSanitizer test of protected EC keys).
 */
static pthread_mutex_t ec_lock = PTHREAD_MUTEX_INITIALIZER;

/* EdDSA and the Edwards/Montgomery scalar multiplications (the end of the file). */
static int ed_kdsa(unsigned long gr[8], int stop);
static int ed_pcc(unsigned long gr[8], int stop);

#define EC_AREA   4096u          /* the zeroed area GR1 points at */
#define EC_FIELDS 5u             /* every block here is five fields */

/* PCC's scalar-multiplication codes (asm/cpacf.h does not name them). */
enum { SIM_FC_PCC_P256 = 64, SIM_FC_PCC_P384 = 65, SIM_FC_PCC_P521 = 66 };

struct ec_curve {
    int nid;
    size_t w;                   /* field width in the block */
    size_t len;                 /* value bytes, right-aligned in w */
    const char *name;
    EC_GROUP *g;                /* made on first use, kept */
};

static struct ec_curve ec_curves[3] = {
    { NID_X9_62_prime256v1, 32, 32, "P-256", NULL },
    { NID_secp384r1,        48, 48, "P-384", NULL },
    { NID_secp521r1,        80, 66, "P-521", NULL },
};

/* ------------------------------------------------------------------ */
/* Test state                                                           */
/* ------------------------------------------------------------------ */

static struct {
    unsigned refuse;                    /* next signs to answer cc 2 */
    uint8_t nonce[66];                  /* the last sign's nonce */
    size_t nonce_len;
    unsigned long signs, hedged, repeats;
    uint8_t prev_random[80];            /* the last hedged sign's random field */
    size_t prev_random_len;
    uint64_t token;                     /* outstanding continuation token, 0 none */
    uint64_t serial;
    unsigned spoil;                     /* next encrypted-key signs to spoil */
} ec_state;

/* Misaligned values: an exception (1, the default), or read as the machine
 * reads them, the whole field as one number (0). Not cleared by the reset. */
static int ec_strict = 1;

void zc_sim_ec_reset(void)
{
    pthread_mutex_lock(&ec_lock);
    memset(&ec_state, 0, sizeof ec_state);
    pthread_mutex_unlock(&ec_lock);
}

void zc_cpacf_sim_ec_strict(int on)
{
    pthread_mutex_lock(&ec_lock);
    ec_strict = on != 0;
    pthread_mutex_unlock(&ec_lock);
}

int zc_cpacf_sim_has_ec(void)
{
    return 1;
}

void zc_cpacf_sim_ec_refuse_nonce(unsigned n)
{
    pthread_mutex_lock(&ec_lock);
    ec_state.refuse = n;
    pthread_mutex_unlock(&ec_lock);
}

void zc_cpacf_sim_ec_spoil_enc(unsigned n)
{
    pthread_mutex_lock(&ec_lock);
    ec_state.spoil = n;
    pthread_mutex_unlock(&ec_lock);
}

size_t zc_cpacf_sim_ec_last_nonce(uint8_t *k, size_t cap)
{
    size_t n;

    pthread_mutex_lock(&ec_lock);
    n = ec_state.nonce_len;
    if (k != NULL && cap >= n)
        memcpy(k, ec_state.nonce, n);
    pthread_mutex_unlock(&ec_lock);
    return n;
}

/* One counter of the test state, read under the lock. */
static unsigned long ec_state_read(const unsigned long *v)
{
    unsigned long n;

    pthread_mutex_lock(&ec_lock);
    n = *v;
    pthread_mutex_unlock(&ec_lock);
    return n;
}

unsigned long zc_cpacf_sim_ec_signs(void)
{
    return ec_state_read(&ec_state.signs);
}

unsigned long zc_cpacf_sim_ec_hedged(void)
{
    return ec_state_read(&ec_state.hedged);
}

unsigned long zc_cpacf_sim_ec_random_repeats(void)
{
    return ec_state_read(&ec_state.repeats);
}

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static void ec_exception(const char *insn, unsigned long gr0, const char *why)
{
    fprintf(stderr, "cpacf_sim: %s fc 0x%lx: specification exception: %s\n", insn, gr0, why);
    abort();
}

/* A libcrypto failure is the stand-in's, not the code under test's. */
static void ec_oom(void)
{
    fprintf(stderr, "cpacf_sim: libcrypto failed (out of memory?)\n");
    abort();
}

/*
 * The running operation's BN_CTX, also held here: the exception tests
 * abort the stand-in in the middle of an operation, and memcheck then
 * finds the context still reachable instead of lost.
 */
static BN_CTX *volatile ec_inflight;      /* volatile: written only, for memcheck */

static BN_CTX *ec_ctx_new(void)
{
    BN_CTX *ctx = BN_CTX_new();

    if (ctx == NULL)
        ec_oom();
    ec_inflight = ctx;
    return ctx;
}

static void ec_ctx_free(BN_CTX *ctx)
{
    ec_inflight = NULL;
    BN_CTX_free(ctx);
}

static struct ec_curve *ec_curve(unsigned idx)
{
    struct ec_curve *c;

    if (idx >= sizeof ec_curves / sizeof ec_curves[0])
        ec_exception("KDSA/PCC", idx, "no NIST curve for this function code");
    c = &ec_curves[idx];
    if (c->g == NULL && (c->g = EC_GROUP_new_by_curve_name(c->nid)) == NULL)
        ec_oom();
    return c;
}

/* A value field: the leading w - len bytes must be zero (right-aligned). */
static BIGNUM *ec_get(const struct ec_curve *c, const uint8_t *f, const char *insn,
                      unsigned long gr0, const char *what)
{
    char why[96];
    BIGNUM *v;
    size_t i;

    for (i = 0; i < c->w - c->len; i++) {
        if (f[i] != 0 && !ec_strict) {
            /* a number of up to 8 w bytes: out of range, or another H */
            if ((v = BN_bin2bn(f, (int)c->w, NULL)) == NULL)
                ec_oom();
            return v;
        }
        if (f[i] != 0) {
            snprintf(why, sizeof why, "%s %s not right-aligned (byte %zu of %zu not zero)",
                     c->name, what, i, c->w);
            ec_exception(insn, gr0, why);
        }
    }
    if ((v = BN_bin2bn(f + c->w - c->len, (int)c->len, NULL)) == NULL)
        ec_oom();
    return v;
}

/* Store v right-aligned in its field (v < 2^(8 len)). */
static void ec_put(const struct ec_curve *c, uint8_t *f, const BIGNUM *v)
{
    memset(f, 0, c->w - c->len);
    if (BN_bn2binpad(v, f + c->w - c->len, (int)c->len) < 0)
        ec_oom();
}

/* What a machine may leave in output fields it makes no promise about. */
static void ec_garbage(uint8_t *f, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        f[i] = (uint8_t)(0xa5 ^ (i * 0x3d));
}

/* FNV-1a over the input fields, so a re-issue with changed inputs shows. */
static uint64_t ec_sum(const uint8_t *p, size_t n, unsigned fc)
{
    uint64_t h = 0xcbf29ce484222325u ^ fc;
    size_t i;

    for (i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3u;
    return h;
}

/*
 * The continuation token: "ZCSIMCC3", fc, 7 zero bytes, serial (8), sum (8),
 * all big-endian; 32 bytes at the start of the reserved area.
 */
#define EC_TOKEN_LEN 32
static const uint8_t ec_magic[8] = { 'Z', 'C', 'S', 'I', 'M', 'C', 'C', '3' };

static void be64(uint8_t *p, uint64_t v)
{
    int i;

    for (i = 7; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

static void ec_token_fill(uint8_t *res, unsigned fc, uint64_t serial, uint64_t sum)
{
    memset(res, 0, EC_TOKEN_LEN);
    memcpy(res, ec_magic, sizeof ec_magic);
    res[8] = (uint8_t)fc;
    be64(res + 16, serial);
    be64(res + 24, sum);
}

/* A new outstanding token (only the last one is ever accepted). */
static void ec_token_write(uint8_t *res, unsigned fc, uint64_t sum)
{
    ec_state.token = ++ec_state.serial;
    ec_token_fill(res, fc, ec_state.token, sum);
}

/*
 * The reserved area at the start of an operation: all zero, or exactly the
 * outstanding token of this function code over the same inputs (then it is
 * consumed: cleared here). Returns 1 for a resumed operation.
 */
static int ec_reserved(uint8_t *param, size_t fields, const char *insn, unsigned long gr0,
                       unsigned fc, uint64_t sum)
{
    uint8_t *res = param + fields, want[EC_TOKEN_LEN];
    size_t i, from = 0;
    int resumed = 0;

    if (ec_state.token != 0 && memcmp(res, ec_magic, sizeof ec_magic) == 0) {
        ec_token_fill(want, fc, ec_state.token, sum);
        if (memcmp(res, want, EC_TOKEN_LEN) != 0)
            ec_exception(insn, gr0, "reserved area holds a continuation token that is not "
                                    "this operation's (serial, function code or inputs)");
        resumed = 1;
        from = EC_TOKEN_LEN;
    }
    for (i = from; i < EC_AREA - fields; i++) {
        if (res[i] != 0) {
            char why[96];

            snprintf(why, sizeof why, "reserved byte %zu of the 4096-byte area not zero",
                     fields + i);
            ec_exception(insn, gr0, why);
        }
    }
    if (resumed) {
        memset(res, 0, EC_TOKEN_LEN);
        ec_state.token = 0;
    }
    return resumed;
}

/* A point from its coordinates, NULL when it is not on the curve. */
static EC_POINT *ec_point(const struct ec_curve *c, const BIGNUM *x, const BIGNUM *y,
                          BN_CTX *ctx)
{
    EC_POINT *pt = EC_POINT_new(c->g);
    BIGNUM *p = BN_CTX_get(ctx);

    if (pt == NULL || p == NULL || !EC_GROUP_get_curve(c->g, p, NULL, NULL, ctx))
        ec_oom();
    /* set_affine_coordinates checks the curve equation; x, y < p too */
    if (BN_cmp(x, p) >= 0 || BN_cmp(y, p) >= 0 ||
        !EC_POINT_set_affine_coordinates(c->g, pt, x, y, ctx) ||
        EC_POINT_is_on_curve(c->g, pt, ctx) != 1) {
        EC_POINT_free(pt);
        return NULL;
    }
    return pt;
}

/* 1 <= v < n */
static int ec_scalar_ok(const struct ec_curve *c, const BIGNUM *v)
{
    return !BN_is_zero(v) && BN_cmp(v, EC_GROUP_get0_order(c->g)) < 0;
}

/* x(P) mod n, 0 (and *inf set) for the point at infinity. */
static BIGNUM *ec_x_mod_n(const struct ec_curve *c, const EC_POINT *pt, BN_CTX *ctx)
{
    BIGNUM *x = BN_CTX_get(ctx);

    if (x == NULL)
        ec_oom();
    if (EC_POINT_is_at_infinity(c->g, pt)) {
        BN_zero(x);
        return x;
    }
    if (!EC_POINT_get_affine_coordinates(c->g, pt, x, NULL, ctx) ||
        !BN_nnmod(x, x, EC_GROUP_get0_order(c->g), ctx))
        ec_oom();
    return x;
}

/* ------------------------------------------------------------------ */
/* KDSA                                                                 */
/* ------------------------------------------------------------------ */

static int ec_verify(const struct ec_curve *c, uint8_t *pb, unsigned long gr0)
{
    const BIGNUM *n = EC_GROUP_get0_order(c->g);
    size_t w = c->w;
    BN_CTX *ctx = ec_ctx_new();
    BIGNUM *r, *s, *e, *qx, *qy, *u1, *u2, *si, *x;
    EC_POINT *q, *pt;
    int cc = 1;

    BN_CTX_start(ctx);
    r = ec_get(c, pb, "KDSA", gr0, "R");
    s = ec_get(c, pb + w, "KDSA", gr0, "S");
    e = ec_get(c, pb + 2 * w, "KDSA", gr0, "H");
    qx = ec_get(c, pb + 3 * w, "KDSA", gr0, "Qx");
    qy = ec_get(c, pb + 4 * w, "KDSA", gr0, "Qy");
    q = ec_point(c, qx, qy, ctx);
    if (q == NULL || !ec_scalar_ok(c, r) || !ec_scalar_ok(c, s))
        goto out;
    u1 = BN_CTX_get(ctx);
    u2 = BN_CTX_get(ctx);
    si = BN_CTX_get(ctx);
    if ((pt = EC_POINT_new(c->g)) == NULL || si == NULL || BN_mod_inverse(si, s, n, ctx) == NULL ||
        !BN_nnmod(e, e, n, ctx) || !BN_mod_mul(u1, e, si, n, ctx) ||
        !BN_mod_mul(u2, r, si, n, ctx) || !EC_POINT_mul(c->g, pt, u1, q, u2, ctx))
        ec_oom();
    if (!EC_POINT_is_at_infinity(c->g, pt)) {
        x = ec_x_mod_n(c, pt, ctx);
        cc = BN_cmp(x, r) == 0 ? 0 : 1;
    }
    EC_POINT_free(pt);
out:
    EC_POINT_free(q);
    BN_free(r);
    BN_free(s);
    BN_free(e);
    BN_free(qx);
    BN_free(qy);
    BN_CTX_end(ctx);
    ec_ctx_free(ctx);
    return cc;
}

/* The stand-in's own nonce: fresh random bytes plus the random field, mod n. */
static BIGNUM *ec_own_nonce(const struct ec_curve *c, const uint8_t *rf, BN_CTX *ctx)
{
    const BIGNUM *n = EC_GROUP_get0_order(c->g);
    uint8_t buf[80 + 16];
    BIGNUM *k = BN_new(), *m = BN_CTX_get(ctx);

    if (k == NULL || m == NULL || BN_bin2bn(rf, (int)c->w, m) == NULL)
        ec_oom();
    do {
        if (RAND_bytes(buf, (int)(c->len + 16)) != 1 ||
            BN_bin2bn(buf, (int)(c->len + 16), k) == NULL || !BN_mod_add(k, k, m, n, ctx))
            ec_oom();
    } while (BN_is_zero(k));
    memset(buf, 0, sizeof buf);
    return k;
}

static int ec_sign(const struct ec_curve *c, uint8_t *pb, unsigned long gr0)
{
    const BIGNUM *n = EC_GROUP_get0_order(c->g);
    size_t w = c->w;
    int det = (gr0 & 0x80) != 0;
    uint8_t *rf = pb + 4 * w;
    BN_CTX *ctx = ec_ctx_new();
    BIGNUM *e, *d, *k, *r, *s, *ki;
    EC_POINT *pt = NULL;
    int cc = 0;

    BN_CTX_start(ctx);
    e = ec_get(c, pb + 2 * w, "KDSA", gr0, "H");
    d = ec_get(c, pb + 3 * w, "KDSA", gr0, "d");
    k = det ? ec_get(c, rf, "KDSA", gr0, "k") : NULL;
    if (!ec_scalar_ok(c, d)) {
        cc = 1;
        goto out;
    }
    if (!det) {
        /* the random field must be new each time: count a repeat */
        if (ec_state.hedged > 0 && ec_state.prev_random_len == w &&
            memcmp(ec_state.prev_random, rf, w) == 0)
            ec_state.repeats++;
        memcpy(ec_state.prev_random, rf, w);
        ec_state.prev_random_len = w;
        ec_state.hedged++;
        k = ec_own_nonce(c, rf, ctx);
    }
    ec_state.signs++;
    ec_state.nonce_len = c->len;
    memset(ec_state.nonce, 0, sizeof ec_state.nonce);
    if (BN_bn2binpad(k, ec_state.nonce, (int)c->len) < 0)
        memset(ec_state.nonce, 0xff, c->len);   /* k >= 2^(8 len): cc 2 below */
    if (ec_state.refuse > 0) {
        ec_state.refuse--;
        cc = 2;
        goto out;
    }
    if (!ec_scalar_ok(c, k)) {
        cc = 2;
        goto out;
    }
    r = BN_CTX_get(ctx);
    s = BN_CTX_get(ctx);
    ki = BN_CTX_get(ctx);
    if (ki == NULL || (pt = EC_POINT_new(c->g)) == NULL ||
        !EC_POINT_mul(c->g, pt, k, NULL, NULL, ctx))
        ec_oom();
    BN_copy(r, ec_x_mod_n(c, pt, ctx));
    if (BN_is_zero(r)) {
        cc = 2;
        goto out;
    }
    /* s = k^-1 (e + r d) mod n */
    if (BN_mod_inverse(ki, k, n, ctx) == NULL || !BN_nnmod(e, e, n, ctx) ||
        !BN_mod_mul(s, r, d, n, ctx) || !BN_mod_add(s, s, e, n, ctx) ||
        !BN_mod_mul(s, s, ki, n, ctx))
        ec_oom();
    if (BN_is_zero(s)) {
        cc = 2;
        goto out;
    }
    ec_put(c, pb, r);
    ec_put(c, pb + w, s);
out:
    if (cc == 2)
        ec_garbage(pb, 2 * w);
    EC_POINT_free(pt);
    BN_clear_free(k);
    BN_clear_free(d);
    BN_free(e);
    BN_CTX_end(ctx);
    ec_ctx_free(ctx);
    return cc;
}

static int enc_kdsa(unsigned long gr[8], int stop);

/* KDSA 1-3, 9-11 here, 32-44 in ed_kdsa, 17-19, 48, 52 in enc_kdsa
 * (cpacf_sim.c has checked that the code is installed). Under ec_lock. */
static int ec_kdsa(unsigned long gr[8], int stop)
{
    unsigned fc = gr[0] & 0x7f;
    int sign = fc >= ZC_FC_KDSA_ECDSA_SIGN_P256;
    const struct ec_curve *c;
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1];
    size_t w, in;
    uint64_t sum;

    if ((fc >= ZC_FC_KDSA_ENC_ECDSA_SIGN_P256 && fc <= ZC_FC_KDSA_ENC_ECDSA_SIGN_P521) ||
        fc == ZC_FC_KDSA_ENC_EDDSA_SIGN_25519 || fc == ZC_FC_KDSA_ENC_EDDSA_SIGN_448)
        return enc_kdsa(gr, stop);
    if (fc >= ZC_FC_KDSA_EDDSA_VERIFY_25519)
        return ed_kdsa(gr, stop);
    c = ec_curve(fc - (sign ? ZC_FC_KDSA_ECDSA_SIGN_P256 : ZC_FC_KDSA_ECDSA_VERIFY_P256));
    w = c->w;
    in = sign ? 2 * w : 0;
    if (gr[4] != 0 || gr[5] != 0)
        ec_exception("KDSA", gr[0], "ECDSA takes no message operand (GR4/GR5 not 0/0)");
    /* the inputs: all five fields of verify; H, d and k of sign */
    sum = ec_sum(pb + in, EC_FIELDS * w - in, fc | (unsigned)(gr[0] & 0x80));
    ec_reserved(pb, EC_FIELDS * w, "KDSA", gr[0], fc, sum);
    if (stop == 1)
        return 1;
    if (stop == 3) {
        /* validate the fields first, as the finished operation would */
        if (sign) {
            BN_free(ec_get(c, pb + 2 * w, "KDSA", gr[0], "H"));
            BN_free(ec_get(c, pb + 3 * w, "KDSA", gr[0], "d"));
            if (gr[0] & 0x80)
                BN_free(ec_get(c, pb + 4 * w, "KDSA", gr[0], "k"));
            ec_garbage(pb, 2 * w);
        } else {
            size_t i;

            for (i = 0; i < EC_FIELDS; i++)
                BN_free(ec_get(c, pb + i * w, "KDSA", gr[0], "a verify field"));
        }
        ec_token_write(pb + EC_FIELDS * w, fc, sum);
        return 3;
    }
    return sign ? ec_sign(c, pb, gr[0]) : ec_verify(c, pb, gr[0]);
}

int zc_sim_ec_kdsa(unsigned long gr[8], int stop)
{
    int cc;

    pthread_mutex_lock(&ec_lock);
    cc = ec_kdsa(gr, stop);
    pthread_mutex_unlock(&ec_lock);
    return cc;
}

/* ------------------------------------------------------------------ */
/* PCC scalar multiplication                                            */
/* ------------------------------------------------------------------ */

static int ec_mul(const struct ec_curve *c, uint8_t *pb, unsigned long gr0)
{
    size_t w = c->w;
    BN_CTX *ctx = ec_ctx_new();
    BIGNUM *x, *y, *m, *rx, *ry;
    EC_POINT *p, *res = NULL;
    int cc = 1;

    BN_CTX_start(ctx);
    x = ec_get(c, pb + 2 * w, "PCC", gr0, "X");
    y = ec_get(c, pb + 3 * w, "PCC", gr0, "Y");
    m = ec_get(c, pb + 4 * w, "PCC", gr0, "scalar");
    p = ec_point(c, x, y, ctx);
    if (p == NULL || !ec_scalar_ok(c, m))
        goto out;
    rx = BN_CTX_get(ctx);
    ry = BN_CTX_get(ctx);
    if (ry == NULL || (res = EC_POINT_new(c->g)) == NULL ||
        !EC_POINT_mul(c->g, res, NULL, p, m, ctx))
        ec_oom();
    if (EC_POINT_is_at_infinity(c->g, res))
        goto out;
    if (!EC_POINT_get_affine_coordinates(c->g, res, rx, ry, ctx))
        ec_oom();
    ec_put(c, pb, rx);
    ec_put(c, pb + w, ry);
    cc = 0;
out:
    EC_POINT_free(res);
    EC_POINT_free(p);
    BN_free(x);
    BN_free(y);
    BN_clear_free(m);
    BN_CTX_end(ctx);
    ec_ctx_free(ctx);
    return cc;
}

/* PCC 64-66 here, 72-81 in ed_pcc. Under ec_lock. */
static int ec_pcc(unsigned long gr[8], int stop)
{
    unsigned fc = gr[0] & 0x7f;
    const struct ec_curve *c;
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1];
    size_t w;
    uint64_t sum;

    if (fc >= ZC_FC_PCC_SCALAR_MUL_ED25519)
        return ed_pcc(gr, stop);
    c = ec_curve(fc - SIM_FC_PCC_P256);
    w = c->w;
    sum = ec_sum(pb + 2 * w, 3 * w, fc);
    ec_reserved(pb, EC_FIELDS * w, "PCC", gr[0], fc, sum);
    if (stop == 1)
        return 1;
    if (stop == 3) {
        BN_free(ec_get(c, pb + 2 * w, "PCC", gr[0], "X"));
        BN_free(ec_get(c, pb + 3 * w, "PCC", gr[0], "Y"));
        BN_free(ec_get(c, pb + 4 * w, "PCC", gr[0], "scalar"));
        ec_garbage(pb, 2 * w);
        ec_token_write(pb + EC_FIELDS * w, fc, sum);
        return 3;
    }
    return ec_mul(c, pb, gr[0]);
}

int zc_sim_ec_pcc(unsigned long gr[8], int stop)
{
    int cc;

    pthread_mutex_lock(&ec_lock);
    cc = ec_pcc(gr, stop);
    pthread_mutex_unlock(&ec_lock);
    return cc;
}

/* ------------------------------------------------------------------ */
/* Encrypted-key signs (KDSA 17-19, 48, 52)                             */
/* ------------------------------------------------------------------ */

/*
 * The facts sheet's blocks (CPACF.md, "Parameter blocks"):
 *
 *   ECDSA 17-19   R | S | H | wrapped d (w) | random (w) | WKVP (32) | 2 bytes
 *   EdDSA 48/52   R | S | wrapped key (w) | WKVP (32) | 16 reserved | 2 bytes
 *
 * The wrapped key is the clear-key token's key wrapped by cpacf_sim.c
 * (zc_cpacf_sim_wrap_ec): unwrapped it is exactly the clear code's d or
 * seed field (P-521's 66 bytes, Ed448's 57, right-aligned). The bytes
 * after the pattern (the 2 more bytes, EdDSA's 16 reserved) are taken as
 * the start of the reserved area: zero, or the model's continuation token.
 *
 * The model: a stale pattern (another generation's, or a cc 1 stop, which
 * also inverts the pattern as a changed wrapping key would make it) is
 * cc 1 with nothing done. Otherwise a clear twin of the block is made in
 * an area of its own, the clear block (9-11 without 0x80, 40/44) followed
 * by the caller's reserved bytes; the clear model signs it (its nonce,
 * cc 2, cc 3 part-way and the continuation token all as for the clear
 * codes), and R, S and the reserved bytes go back. If the wrapping key
 * changed while it signed, the sign ends with cc 1 and garbage in R and S.
 * zc_cpacf_sim_ec_spoil_enc() makes cc 0 signs wrong, for the self-tests.
 * The encrypted-key codes take no caller nonce: 0x80 is an exception.
 */
static int enc_kdsa(unsigned long gr[8], int stop)
{
    static uint8_t twin[EC_AREA];        /* under ec_lock */
    unsigned fc = gr[0] & 0x7f;
    int ed = fc >= ZC_FC_KDSA_ENC_EDDSA_SIGN_25519;
    int curve = ed ? (fc == ZC_FC_KDSA_ENC_EDDSA_SIGN_448 ? 4 : 3)
                   : (int)(fc - ZC_FC_KDSA_ENC_ECDSA_SIGN_P256);
    static const uint8_t widths[5] = { 32, 48, 80, 32, 64 };
    size_t w = widths[curve], nf = ed ? 3 : 5, key_off = (ed ? 2 : 3) * w;
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1], *wkvp = pb + nf * w;
    unsigned long tgr[8], gen;
    size_t i;
    int cc;

    if (gr[0] & 0x80)
        ec_exception("KDSA", gr[0], "an encrypted-key sign takes no caller nonce (0x80)");
    if (stop == 1) {
        for (i = 0; i < 32; i++)
            wkvp[i] ^= 0xff;
        return 1;
    }
    memset(twin, 0, sizeof twin);
    if (!zc_sim_ec_unwrap(curve, pb + key_off, wkvp, twin + key_off, &gen))
        return 1;
    memcpy(twin, pb, key_off);                              /* R, S (and H) */
    if (!ed)
        memcpy(twin + 4 * w, pb + 4 * w, w);                /* the random field */
    memcpy(twin + nf * w, pb + nf * w + 32, EC_AREA - nf * w - 32);
    memcpy(tgr, gr, sizeof tgr);
    tgr[0] = ed ? (curve == 4 ? ZC_FC_KDSA_EDDSA_SIGN_448 : ZC_FC_KDSA_EDDSA_SIGN_25519)
                : ZC_FC_KDSA_ECDSA_SIGN_P256 + (unsigned long)curve;
    tgr[1] = (unsigned long)(uintptr_t)twin;
    cc = ed ? ed_kdsa(tgr, stop) : ec_kdsa(tgr, stop);
    if (cc == 0 && !zc_sim_ec_wk_current(gen)) {
        ec_garbage(twin, 2 * w);
        cc = 1;
    }
    if (cc == 0 && ec_state.spoil > 0) {
        ec_state.spoil--;
        twin[2 * w - 1] ^= 0x01;        /* S's last byte: a wrong answer */
    }
    memcpy(pb, twin, 2 * w);
    memcpy(pb + nf * w + 32, twin + nf * w, EC_AREA - nf * w - 32);
    gr[4] = tgr[4];
    gr[5] = tgr[5];
    memset(twin, 0, sizeof twin);
    return cc;
}

/* ------------------------------------------------------------------ */
/* EdDSA (KDSA 32/36/40/44) and PCC 72/73/80/81                         */
/* ------------------------------------------------------------------ */

/*
 * The facts sheet's layouts (CPACF.md, "Parameter blocks"), field width w
 * and value bytes b (Ed25519 32/32, Ed448 64/57; X448 64/56):
 *
 *   KDSA verify 32/36  R | S | A                  (3 fields)
 *   KDSA sign 40/44    R (out) | S (out) | seed   (3 fields)
 *   PCC 72/73          resX | resY | X | Y | scalar
 *   PCC 80/81          res_u | u | scalar
 *
 * R, S, A and every PCC value are big-endian integers right-aligned in their
 * field (RFC 8032's little-endian encodings byte-reversed; Ed448's 57 bytes
 * zero-padded at the top to 64); the seed is RFC 8032's bytes unreversed,
 * right-aligned. The message is the R2 pair (GR4/GR5); the machine hashes it
 * itself, and consumes it: GR4 advances, GR5 goes to 0.
 *
 * Independent computation: the signatures and X25519/X448 are OpenSSL's EVP
 * (EVP_PKEY_ED25519/ED448 DigestSign/DigestVerify, X25519/X448 derive); the
 * Edwards multiplication of PCC 72/73, which OpenSSL does not expose, is
 * sim_edwards.c's textbook double-and-add.
 *
 * What the model refuses, and how:
 *  - a non-zero byte before a value (the padding at the wrong end, an
 *    unreversed 57-byte field) and a non-zero reserved byte: specification
 *    exception (abort), as for the NIST curves; with zc_cpacf_sim_ec_strict(0)
 *    a misaligned value is instead read as a machine would read it (the whole
 *    field as one number for PCC; the low-order b bytes for KDSA's
 *    encodings), a wrong answer the library's self-test must catch.
 *  - X25519/X448: the caller prepares the inputs (CPACF.md): u reduced mod p
 *    (X25519 with bit 255 cleared first) and the scalar clamped. A u field
 *    with bit 255 set, a u >= p or an unclamped scalar is a caller error:
 *    strict, an exception; not strict, the machine's arithmetic on what it
 *    was given (u taken mod p with bit 255 counted, so X25519 gives another
 *    answer; the scalar is clamped by OpenSSL). A small-order u gives the
 *    all-zero result with cc 0 (OpenSSL's derive refuses exactly that result,
 *    so its failure on well-formed inputs is taken as the zero result): the
 *    library must refuse it itself.
 *  - verify: cc 0 valid, cc 1 invalid. The stand-in checks as little as the
 *    facts sheet lets a caller rely on, so that the library's own checks
 *    show: S is taken mod L (S >= L is not refused), Ed448's last signature
 *    byte is ignored (CPACF.md: KDSA does not check it), A is what OpenSSL
 *    decodes (it reduces y mod p). A non-canonical R never matches.
 *  - sign: cc 0 (no nonce to refuse: EdDSA's is the hash's); the seed may be
 *    any bytes.
 *  - PCC 72/73: X or Y >= p or (X, Y) off the curve: cc 1; any scalar.
 *
 * cc 3 (zc_cpacf_sim_stop): part-way as the NIST codes (garbage in the
 * outputs, a continuation token in the reserved area). KDSA EdDSA has also
 * consumed half the message: GR4/GR5 advance, and the re-issue must come
 * with the registers as left and the message bytes unchanged (else an
 * exception); it then signs or verifies the whole message.
 */
struct ed_curve {
    const char *name;
    size_t w, b;                /* field width, encoding bytes */
    int type;                   /* EVP_PKEY_ED25519 / ED448 */
};

static const struct ed_curve ed_curves[2] = {
    { "Ed25519", 32, 32, EVP_PKEY_ED25519 },
    { "Ed448",   64, 57, EVP_PKEY_ED448 },
};

/* The EVP objects of the running operation, reachable for memcheck when a
 * forked death test aborts in the middle (as ec_inflight). */
static EVP_PKEY *volatile ed_inflight_key, *volatile ed_inflight_peer;
static EVP_MD_CTX *volatile ed_inflight_md;
static EVP_PKEY_CTX *volatile ed_inflight_pctx;

/* The message of an operation stopped with cc 3. */
static struct {
    uintptr_t start;
    size_t total, done;
    uint64_t sum;
} ed_msg;

/* The leading w - len bytes of a field: 1 when zero; else an exception
 * (strict) or 0 (not strict: the caller reads the field as a machine). */
static int ed_aligned(const uint8_t *f, size_t w, size_t len, const char *name,
                      const char *insn, unsigned long gr0, const char *what)
{
    char why[112];
    size_t i;

    for (i = 0; i < w - len; i++) {
        if (f[i] == 0)
            continue;
        if (!ec_strict)
            return 0;
        snprintf(why, sizeof why, "%s %s not right-aligned (byte %zu of %zu not zero)", name,
                 what, i, w);
        ec_exception(insn, gr0, why);
    }
    return 1;
}

/* An RFC 8032 encoding from its reversed field (the low-order b bytes). */
static void ed_enc_get(const struct ed_curve *c, const uint8_t *f, uint8_t *enc,
                       unsigned long gr0, const char *what)
{
    size_t i;

    ed_aligned(f, c->w, c->b, c->name, "KDSA", gr0, what);
    for (i = 0; i < c->b; i++)
        enc[i] = f[c->w - 1 - i];
}

static void ed_enc_put(const struct ed_curve *c, uint8_t *f, const uint8_t *enc)
{
    size_t i;

    memset(f, 0, c->w);
    for (i = 0; i < c->b; i++)
        f[c->w - 1 - i] = enc[i];
}

static EVP_MD_CTX *ed_md_new(void)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();

    if (md == NULL)
        ec_oom();
    ed_inflight_md = md;
    return md;
}

static void ed_evp_free(EVP_MD_CTX *md, EVP_PKEY *k)
{
    ed_inflight_md = NULL;
    ed_inflight_key = NULL;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(k);
}

static int ed_verify(const struct ed_curve *c, uint8_t *pb, unsigned long gr0,
                     const uint8_t *msg, size_t len)
{
    static const uint8_t none[1];
    uint8_t sig[114], a[57], s[57];
    size_t w = c->w, b = c->b;
    BN_CTX *ctx;
    BIGNUM *sv;
    EVP_PKEY *k;
    EVP_MD_CTX *md;
    int r;

    ed_enc_get(c, pb, sig, gr0, "R");
    ed_enc_get(c, pb + w, s, gr0, "S");
    ed_enc_get(c, pb + 2 * w, a, gr0, "A");
    if (b == 57)
        s[56] = 0;                      /* KDSA ignores Ed448's last byte */
    /* S mod L: the stand-in does not refuse S >= L (the caller must) */
    ctx = ec_ctx_new();
    BN_CTX_start(ctx);
    if ((sv = BN_CTX_get(ctx)) == NULL || BN_lebin2bn(s, (int)b, sv) == NULL ||
        !BN_nnmod(sv, sv, sim_ed_order(b == 57), ctx) || BN_bn2lebinpad(sv, s, (int)b) < 0)
        ec_oom();
    BN_CTX_end(ctx);
    ec_ctx_free(ctx);
    memcpy(sig + b, s, b);
    k = EVP_PKEY_new_raw_public_key(c->type, NULL, a, b);
    if (k == NULL)
        return 1;                       /* not a key OpenSSL takes: invalid */
    ed_inflight_key = k;
    md = ed_md_new();
    r = EVP_DigestVerifyInit(md, NULL, NULL, NULL, k) == 1 &&
        EVP_DigestVerify(md, sig, 2 * b, msg != NULL ? msg : none, len) == 1;
    ed_evp_free(md, k);
    return r ? 0 : 1;
}

static int ed_sign(const struct ed_curve *c, uint8_t *pb, unsigned long gr0,
                   const uint8_t *msg, size_t len)
{
    static const uint8_t none[1];
    size_t w = c->w, b = c->b, sl = 2 * b;
    uint8_t *seed = pb + 2 * w, sig[114];
    EVP_PKEY *k;
    EVP_MD_CTX *md;

    ed_aligned(seed, w, b, c->name, "KDSA", gr0, "seed");
    k = EVP_PKEY_new_raw_private_key(c->type, NULL, seed + w - b, b);
    if (k == NULL)
        ec_oom();
    ed_inflight_key = k;
    md = ed_md_new();
    if (EVP_DigestSignInit(md, NULL, NULL, NULL, k) != 1 ||
        EVP_DigestSign(md, sig, &sl, msg != NULL ? msg : none, len) != 1 || sl != 2 * b)
        ec_oom();
    ed_evp_free(md, k);
    ed_enc_put(c, pb, sig);
    ed_enc_put(c, pb + w, sig + b);
    memset(sig, 0, sizeof sig);
    return 0;
}

/* KDSA 32/36 and 40/44. */
static int ed_kdsa(unsigned long gr[8], int stop)
{
    unsigned fc = gr[0] & 0x7f;
    int sign = fc >= ZC_FC_KDSA_EDDSA_SIGN_25519;
    const struct ed_curve *c = &ed_curves[(fc & 4) != 0];
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1];
    size_t w = c->w, in = sign ? 2 * w : 0;
    const uint8_t *msg = (const uint8_t *)(uintptr_t)gr[4];
    size_t len = gr[5];
    uint8_t tmp[57];
    uint64_t sum;
    int cc;

    if (len > 0 && msg == NULL)
        ec_exception("KDSA", gr[0], "EdDSA message address 0 with a length");
    sum = ec_sum(pb + in, 3 * w - in, fc | (unsigned)(gr[0] & 0x80));
    if (ec_reserved(pb, 3 * w, "KDSA", gr[0], fc, sum)) {
        /* resumed: the registers as this stand-in left them, the bytes unchanged */
        if (gr[4] != ed_msg.start + ed_msg.done || gr[5] != ed_msg.total - ed_msg.done)
            ec_exception("KDSA", gr[0], "EdDSA re-issued with the message registers changed");
        msg = (const uint8_t *)ed_msg.start;
        len = ed_msg.total;
        if (ec_sum(msg, len, fc) != ed_msg.sum)
            ec_exception("KDSA", gr[0], "EdDSA message changed between the issues");
    }
    if (stop == 1)
        return 1;
    if (stop == 3) {
        /* the fields checked as the finished operation would */
        if (sign) {
            ed_aligned(pb + 2 * w, w, c->b, c->name, "KDSA", gr[0], "seed");
            ec_garbage(pb, 2 * w);
        } else {
            ed_enc_get(c, pb, tmp, gr[0], "R");
            ed_enc_get(c, pb + w, tmp, gr[0], "S");
            ed_enc_get(c, pb + 2 * w, tmp, gr[0], "A");
        }
        ed_msg.start = (uintptr_t)msg;
        ed_msg.total = len;
        ed_msg.done = len / 2;
        ed_msg.sum = ec_sum(msg, len, fc);
        gr[4] = (unsigned long)((uintptr_t)msg + ed_msg.done);
        gr[5] = len - ed_msg.done;
        ec_token_write(pb + 3 * w, fc, sum);
        return 3;
    }
    cc = sign ? ed_sign(c, pb, gr[0], msg, len) : ed_verify(c, pb, gr[0], msg, len);
    gr[4] = (unsigned long)((uintptr_t)msg + len);
    gr[5] = 0;
    return cc;
}

/* PCC 72/73: a value right-aligned in b bytes (57 for Ed448); not strict,
 * the whole field as one number. */
static BIGNUM *ed_get(const struct ed_curve *c, const uint8_t *f, unsigned long gr0,
                      const char *what)
{
    size_t n = ed_aligned(f, c->w, c->b, c->name, "PCC", gr0, what) ? c->b : c->w;
    BIGNUM *v = BN_bin2bn(f + c->w - n, (int)n, NULL);

    if (v == NULL)
        ec_oom();
    return v;
}

static int ed_mul(const struct ed_curve *c, uint8_t *pb, unsigned long gr0)
{
    size_t w = c->w;
    BN_CTX *ctx = ec_ctx_new();
    BIGNUM *x, *y, *k, *rx, *ry;
    int cc = 1;

    BN_CTX_start(ctx);
    x = ed_get(c, pb + 2 * w, gr0, "X");
    y = ed_get(c, pb + 3 * w, gr0, "Y");
    k = ed_get(c, pb + 4 * w, gr0, "scalar");
    rx = BN_CTX_get(ctx);
    ry = BN_CTX_get(ctx);
    if (ry == NULL)
        ec_oom();
    if (sim_ed_mul(c->b == 57, x, y, k, rx, ry, ctx)) {
        memset(pb, 0, 2 * w);
        if (BN_bn2binpad(rx, pb + w - c->b, (int)c->b) < 0 ||
            BN_bn2binpad(ry, pb + 2 * w - c->b, (int)c->b) < 0)
            ec_oom();
        cc = 0;
    }
    BN_free(x);
    BN_free(y);
    BN_clear_free(k);
    BN_CTX_end(ctx);
    ec_ctx_free(ctx);
    return cc;
}

/* PCC 80/81: X25519 32-byte fields, X448 56-byte values in 64. */
struct x_curve {
    const char *name;
    size_t w, len;
    int type;                   /* EVP_PKEY_X25519 / X448 */
};

static const struct x_curve x_curves[2] = {
    { "X25519", 32, 32, EVP_PKEY_X25519 },
    { "X448",   64, 56, EVP_PKEY_X448 },
};

/* The u field and the scalar as the caller must have prepared them. */
static void x_check(const struct x_curve *c, const uint8_t *pb, unsigned long gr0)
{
    const uint8_t *u = pb + c->w, *k = pb + 2 * c->w;
    const uint8_t *kv = k + c->w - c->len;      /* the scalar's value, big-endian */
    const uint8_t *uv = u + c->w - c->len;
    int x448 = c->len == 56;
    size_t i;

    ed_aligned(u, c->w, c->len, c->name, "PCC", gr0, "u");
    ed_aligned(k, c->w, c->len, c->name, "PCC", gr0, "scalar");
    if (!ec_strict)
        return;
    if (!x448 && (uv[0] & 0x80))
        ec_exception("PCC", gr0, "X25519 u with bit 255 set (the caller clears it first)");
    /* u < p (the primes are the Edwards curves' own) */
    {
        BIGNUM *v = BN_bin2bn(uv, (int)c->len, NULL);

        if (v == NULL)
            ec_oom();
        i = BN_cmp(v, sim_ed_prime(x448)) >= 0;
        BN_free(v);
        if (i)
            ec_exception("PCC", gr0, x448 ? "X448 u not reduced mod p"
                                           : "X25519 u not reduced mod p");
    }
    if (!x448 ? (kv[31] & 7) != 0 || (kv[0] & 0xc0) != 0x40
              : (kv[55] & 3) != 0 || (kv[0] & 0x80) == 0)
        ec_exception("PCC", gr0, x448 ? "X448 scalar not clamped" : "X25519 scalar not clamped");
}

static int x_mul(const struct x_curve *c, uint8_t *pb, unsigned long gr0)
{
    size_t w = c->w, n = c->len, i, ol = n;
    int x448 = n == 56;
    uint8_t kle[56], ule[56], out[56];
    BN_CTX *ctx = ec_ctx_new();
    BIGNUM *u;
    EVP_PKEY *k, *peer;
    EVP_PKEY_CTX *pc;
    int ok;

    x_check(c, pb, gr0);
    /* u mod p (not strict: all of the field, bit 255 included) */
    BN_CTX_start(ctx);
    if ((u = BN_CTX_get(ctx)) == NULL || BN_bin2bn(pb + w, (int)w, u) == NULL ||
        !BN_nnmod(u, u, sim_ed_prime(x448), ctx) || BN_bn2lebinpad(u, ule, (int)n) < 0)
        ec_oom();
    BN_CTX_end(ctx);
    ec_ctx_free(ctx);
    for (i = 0; i < n; i++)
        kle[i] = pb[3 * w - 1 - i];             /* the scalar's low-order n bytes */
    k = EVP_PKEY_new_raw_private_key(c->type, NULL, kle, n);
    peer = EVP_PKEY_new_raw_public_key(c->type, NULL, ule, n);
    memset(kle, 0, sizeof kle);
    if (k == NULL || peer == NULL)
        ec_oom();
    ed_inflight_key = k;
    ed_inflight_peer = peer;
    if ((pc = EVP_PKEY_CTX_new(k, NULL)) == NULL)
        ec_oom();
    ed_inflight_pctx = pc;
    /* OpenSSL refuses only the all-zero result: the machine returns it */
    ok = EVP_PKEY_derive_init(pc) == 1 && EVP_PKEY_derive_set_peer(pc, peer) == 1 &&
         EVP_PKEY_derive(pc, out, &ol) == 1 && ol == n;
    if (!ok)
        memset(out, 0, sizeof out);
    ed_inflight_pctx = NULL;
    ed_inflight_key = NULL;
    ed_inflight_peer = NULL;
    EVP_PKEY_CTX_free(pc);
    EVP_PKEY_free(k);
    EVP_PKEY_free(peer);
    memset(pb, 0, w);
    for (i = 0; i < n; i++)
        pb[w - 1 - i] = out[i];
    memset(out, 0, sizeof out);
    return 0;
}

/* PCC 72, 73, 80, 81. */
static int ed_pcc(unsigned long gr[8], int stop)
{
    unsigned fc = gr[0] & 0x7f;
    int mont = fc >= ZC_FC_PCC_SCALAR_MUL_X25519;
    const struct ed_curve *e = &ed_curves[fc & 1];
    const struct x_curve *x = &x_curves[fc & 1];
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1];
    size_t w = mont ? x->w : e->w, nf = mont ? 3 : 5;
    uint64_t sum = ec_sum(pb + 2 * w - (mont ? w : 0), (mont ? 2 : 3) * w, fc);

    ec_reserved(pb, nf * w, "PCC", gr[0], fc, sum);
    if (stop == 1)
        return 1;
    if (stop == 3) {
        if (mont) {
            x_check(x, pb, gr[0]);
        } else {
            BN_free(ed_get(e, pb + 2 * w, gr[0], "X"));
            BN_free(ed_get(e, pb + 3 * w, gr[0], "Y"));
            BN_clear_free(ed_get(e, pb + 4 * w, gr[0], "scalar"));
        }
        ec_garbage(pb, (mont ? 1 : 2) * w);
        ec_token_write(pb + nf * w, fc, sum);
        return 3;
    }
    return mont ? x_mul(x, pb, gr[0]) : ed_mul(e, pb, gr[0]);
}
