/*
 * cpacf_sim_ec.c - the CPACF stand-in's elliptic-curve functions (test only):
 * KDSA ECDSA verify 1-3 and sign 9-11 (MSA-9), and PCC scalar multiplication
 * 64-66, on P-256, P-384 and P-521.
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
 * Test state (the nonce of the last sign, the refusal counter, the random
 * fields' freshness, the outstanding token) is for single-threaded tests; the
 * ThreadSanitizer builds do not compile this file.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"

/* The internal entry points cpacf_sim.c calls (declared there too). */
int zc_sim_ec_kdsa(unsigned long gr[8], int stop);
int zc_sim_ec_pcc(unsigned long gr[8], int stop);
void zc_sim_ec_reset(void);

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
} ec_state;

/* Misaligned values: an exception (1, the default), or read as the machine
 * reads them, the whole field as one number (0). Not cleared by the reset. */
static int ec_strict = 1;

void zc_sim_ec_reset(void)
{
    memset(&ec_state, 0, sizeof ec_state);
}

void zc_cpacf_sim_ec_strict(int on)
{
    ec_strict = on != 0;
}

int zc_cpacf_sim_has_ec(void)
{
    return 1;
}

void zc_cpacf_sim_ec_refuse_nonce(unsigned n)
{
    ec_state.refuse = n;
}

size_t zc_cpacf_sim_ec_last_nonce(uint8_t *k, size_t cap)
{
    if (k != NULL && cap >= ec_state.nonce_len)
        memcpy(k, ec_state.nonce, ec_state.nonce_len);
    return ec_state.nonce_len;
}

unsigned long zc_cpacf_sim_ec_signs(void)
{
    return ec_state.signs;
}

unsigned long zc_cpacf_sim_ec_hedged(void)
{
    return ec_state.hedged;
}

unsigned long zc_cpacf_sim_ec_random_repeats(void)
{
    return ec_state.repeats;
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
    struct ec_curve *c = &ec_curves[idx];

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

/* KDSA 1-3 and 9-11 (cpacf_sim.c has checked that the code is one of them). */
int zc_sim_ec_kdsa(unsigned long gr[8], int stop)
{
    unsigned fc = gr[0] & 0x7f;
    int sign = fc >= ZC_FC_KDSA_ECDSA_SIGN_P256;
    const struct ec_curve *c =
        ec_curve(fc - (sign ? ZC_FC_KDSA_ECDSA_SIGN_P256 : ZC_FC_KDSA_ECDSA_VERIFY_P256));
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1];
    size_t w = c->w, in = sign ? 2 * w : 0;
    uint64_t sum;

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

/* PCC 64-66. */
int zc_sim_ec_pcc(unsigned long gr[8], int stop)
{
    unsigned fc = gr[0] & 0x7f;
    const struct ec_curve *c = ec_curve(fc - SIM_FC_PCC_P256);
    uint8_t *pb = (uint8_t *)(uintptr_t)gr[1];
    size_t w = c->w;
    uint64_t sum = ec_sum(pb + 2 * w, 3 * w, fc);

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
