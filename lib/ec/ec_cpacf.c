/*
 * ec_cpacf.c - the only file of lib/ec/ that issues CPACF: ECDSA on KDSA
 * (verify 1-3, sign 9-11) and PCC's scalar multiplication (64-66) on
 * P-256, P-384 and P-521, and the self-tests that guard them.
 *
 * Every issue points GR1 at a zeroed 4096-byte area on the stack, 8-byte
 * aligned, with the parameter block at its start, as every public
 * implementation does (the machine may use what follows the fields); the
 * whole area is wiped after each issue, since most carry d or a nonce.
 * Values are big-endian and right-aligned in fields of w = 32, 48, 80
 * bytes (asm/cpacf_pb.h), so a P-521 value of 66 bytes starts at 14.
 *
 * Condition codes (CPACF.md): sign cc 0 done, cc 2 the nonce was not
 * usable (another one is taken), cc 1 bad input, which cannot be ours
 * (d and a deterministic nonce are checked in [1, n-1] before): the call
 * fails closed with ZC_EDEVICE. Verify cc 0 valid, anything else invalid.
 * PCC: anything but cc 0 is a failure. cc 3 never gets here (asm/).
 *
 * No emulator executes these codes: each is used only after a one-time
 * known-answer self-test of its own (RFC 6979 A.2.5-A.2.7, ec_kat.c).
 */
#include "ec_cpacf.h"
#include "asm/cpacf.h"
#include "asm/cpacf_pb.h"
#include "core/caps.h"
#include "core/protkey.h"
#include "core/util.h"

/* One row per NIST curve: f, the field width and the three codes. */
static const struct ec_hw {
    uint8_t f, w;
    uint8_t verify, sign, mul;
} hw[3] = {
    { 32, 32, ZC_FC_KDSA_ECDSA_VERIFY_P256, ZC_FC_KDSA_ECDSA_SIGN_P256,
      ZC_FC_PCC_SCALAR_MUL_P256 },
    { 48, 48, ZC_FC_KDSA_ECDSA_VERIFY_P384, ZC_FC_KDSA_ECDSA_SIGN_P384,
      ZC_FC_PCC_SCALAR_MUL_P384 },
    { 66, 80, ZC_FC_KDSA_ECDSA_VERIFY_P521, ZC_FC_KDSA_ECDSA_SIGN_P521,
      ZC_FC_PCC_SCALAR_MUL_P521 },
};

/* The blocks' five fields by index: field i starts at i w, as the
 * assertions of asm/cpacf_pb.h pin for each width. */
enum { F_0, F_1, F_2, F_3, F_4 };
#define F_R     F_0     /* KDSA: R, S, H, then Qx, Qy (verify) or d, k (sign) */
#define F_S     F_1
#define F_H     F_2
#define F_QX    F_3
#define F_QY    F_4
#define F_D     F_3
#define F_K     F_4
#define F_RESX  F_0     /* PCC: resX, resY, X, Y, scalar */
#define F_RESY  F_1
#define F_X     F_2
#define F_Y     F_3
#define F_SCAL  F_4
_Static_assert(offsetof(struct zc_pb_kdsa_sign80, d) == F_D * 80 &&
               offsetof(struct zc_pb_kdsa_sign80, k) == F_K * 80 &&
               offsetof(struct zc_pb_kdsa_verify80, qy) == F_QY * 80 &&
               offsetof(struct zc_pb_pcc_mul80, scalar) == F_SCAL * 80 &&
               offsetof(struct zc_pb_pcc_mul32, y) == F_Y * 32,
               "the field indices are the blocks' layout");

static const struct ec_hw *hw_of(enum zc_ec_curve curve)
{
    switch (curve) {
    case ZC_EC_P256: return &hw[0];
    case ZC_EC_P384: return &hw[1];
    case ZC_EC_P521: return &hw[2];
    default:         return NULL;
    }
}

unsigned zc_ec_cpacf_fc(enum zc_ec_curve curve, enum zc_ec_op op, enum zc_insn *insn)
{
    const struct ec_hw *h = hw_of(curve);

    if (h == NULL) {
        *insn = ZC_INSN_COUNT;
        return 0;
    }
    *insn = op == ZC_EC_OP_MUL ? ZC_INSN_PCC : ZC_INSN_KDSA;
    return op == ZC_EC_OP_SIGN ? h->sign : op == ZC_EC_OP_VERIFY ? h->verify : h->mul;
}

#ifdef ZC_HAVE_CPACF

/* 0 not run, 1 passed, 2 failed: per curve, for sign, verify, mul. */
static int st_state[3][3];

#ifdef ZC_CPACF_SIM
/*
 * A planted mistake, for the stand-in's tests only (the production
 * library has no such symbol): they set it to show that the stand-in
 * catches each kind of block error. 0 none; 1 a swapped field (sign: d in
 * H and H in d; verify and PCC: X in Y and Y in X); 2 P-521 values
 * left-aligned (offset 0 of 80); 3 deterministic signing without 0x80.
 */
int zc_ec_cpacf_plant;
#define PLANT (zc_ec_cpacf_plant)
#else
#define PLANT 0
#endif

/* The issuing area: zeroed, 8-byte aligned, the block at its start. */
struct area {
    uint64_t q[ZC_PB_EC_AREA / 8];
};

/* Where value v of f bytes sits in field i of width w. */
static uint8_t *field(struct area *a, const struct ec_hw *h, unsigned i)
{
    unsigned pad = h->w - h->f;

    if (PLANT == 2)
        pad = 0;                        /* planted: P-521 left-aligned */
    return (uint8_t *)a->q + (size_t)i * h->w + pad;
}

/* The planted swap: field i's partner (1), else i. */
static unsigned swap(unsigned i, unsigned a, unsigned b)
{
    if (PLANT != 1)
        return i;
    return i == a ? b : i == b ? a : i;
}

/* KDSA sign rule: cc 1 (bad input) cannot come from inputs checked before
 * the issue, so it is a fault like an undefined code; cc 2 asks for
 * another nonce. */
static const struct zc_cc_rule sign_rule = { .cc1 = ZC_CC_UNDEFINED, .cc2 = ZC_CC_RETRY };

/* Issue a sign, the k field the nonce (det) or random bytes; the raw cc. */
static int kdsa_sign(const struct ec_hw *h, int det, const uint8_t *e, const uint8_t *d,
                     const uint8_t *k, uint8_t *rs)
{
    unsigned long fc = h->sign;
    struct area a;
    int cc;

    if (det && PLANT != 3)              /* planted: the nonce without its modifier */
        fc |= ZC_KDSA_DETERMINISTIC;

    memset(&a, 0, sizeof a);
    memcpy(field(&a, h, swap(F_H, F_H, F_D)), e, h->f);
    memcpy(field(&a, h, swap(F_D, F_H, F_D)), d, h->f);
    memcpy(field(&a, h, F_K), k, h->f);
    cc = zc_kdsa(fc, &a, NULL, 0);
    if (cc == 0) {
        memcpy(rs, field(&a, h, F_R), h->f);
        memcpy(rs + h->f, field(&a, h, F_S), h->f);
    }
    zc_wipe(&a, sizeof a);
    return cc;
}

static int kdsa_verify(const struct ec_hw *h, const uint8_t *e, const uint8_t *rs,
                       const uint8_t *qx, const uint8_t *qy)
{
    struct area a;
    int cc;

    memset(&a, 0, sizeof a);
    memcpy(field(&a, h, F_R), rs, h->f);
    memcpy(field(&a, h, F_S), rs + h->f, h->f);
    memcpy(field(&a, h, F_H), e, h->f);
    memcpy(field(&a, h, swap(F_QX, F_QX, F_QY)), qx, h->f);
    memcpy(field(&a, h, swap(F_QY, F_QX, F_QY)), qy, h->f);
    cc = zc_kdsa(h->verify, &a, NULL, 0);
    zc_wipe(&a, sizeof a);
    return cc;
}

static int pcc_mul(const struct ec_hw *h, const uint8_t *x, const uint8_t *y,
                   const uint8_t *d, uint8_t *rx, uint8_t *ry)
{
    struct area a;
    int cc;

    memset(&a, 0, sizeof a);
    memcpy(field(&a, h, swap(F_X, F_X, F_Y)), x, h->f);
    memcpy(field(&a, h, swap(F_Y, F_X, F_Y)), y, h->f);
    memcpy(field(&a, h, F_SCAL), d, h->f);
    cc = zc_pcc(h->mul, &a);
    if (cc == 0) {
        memcpy(rx, field(&a, h, F_RESX), h->f);
        memcpy(ry, field(&a, h, F_RESY), h->f);
    }
    zc_wipe(&a, sizeof a);
    return cc;
}

/* The digest of the known answers as e: 32 bytes right-aligned in f. */
static void kat_e(const struct ec_hw *h, uint8_t *e)
{
    memset(e, 0, h->f);
    memcpy(e + h->f - sizeof zc_ec_kat_h, zc_ec_kat_h, sizeof zc_ec_kat_h);
}

/* Sign: the RFC's k under 0x80 gives its r || s, and only that. The
 * known answers go through the blocks and codes the calls issue. */
static int sign_run(unsigned idx)
{
    const struct ec_hw *h = &hw[idx];
    const struct zc_ec_kat *t = &zc_ec_kat[idx];
    uint8_t e[ZC_EC_MAX_F_HW], rs[2 * ZC_EC_MAX_F_HW];
    int ok;

    kat_e(h, e);
    ok = kdsa_sign(h, 1, e, t->d, t->k, rs) == 0 &&
         memcmp(rs, t->r, h->f) == 0 && memcmp(rs + h->f, t->s, h->f) == 0;
    zc_wipe(rs, sizeof rs);
    return ok;
}

/* Verify: the RFC's signature is valid (cc 0), the same with one bit of s
 * changed is not. */
static int verify_run(unsigned idx)
{
    const struct ec_hw *h = &hw[idx];
    const struct zc_ec_kat *t = &zc_ec_kat[idx];
    uint8_t e[ZC_EC_MAX_F_HW], rs[2 * ZC_EC_MAX_F_HW];

    kat_e(h, e);
    memcpy(rs, t->r, h->f);
    memcpy(rs + h->f, t->s, h->f);
    if (kdsa_verify(h, e, rs, t->qx, t->qy) != 0)
        return 0;
    rs[2 * h->f - 1] ^= 1;
    return kdsa_verify(h, e, rs, t->qx, t->qy) != 0;
}

/* PCC: the RFC's x times G is its (Ux, Uy). */
static int mul_run(unsigned idx)
{
    const struct ec_hw *h = &hw[idx];
    const struct zc_ec_kat *t = &zc_ec_kat[idx];
    uint8_t x[ZC_EC_MAX_F_HW], y[ZC_EC_MAX_F_HW];
    int ok;

    ok = pcc_mul(h, t->gx, t->gy, t->d, x, y) == 0 && memcmp(x, t->qx, h->f) == 0 &&
         memcmp(y, t->qy, h->f) == 0;
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    return ok;
}

/* The row of a function code of op, or -1. */
static int idx_of(unsigned fc, enum zc_ec_op op)
{
    unsigned i;

    for (i = 0; i < 3; i++)
        if (fc == (op == ZC_EC_OP_SIGN ? hw[i].sign : op == ZC_EC_OP_VERIFY ? hw[i].verify
                                                                             : hw[i].mul))
            return (int)i;
    return -1;
}

int zc_ec_kdsa_selftest(unsigned fc)
{
    int i = idx_of(fc, ZC_EC_OP_SIGN);

    if (i >= 0)
        return zc_selftest_once(&st_state[i][ZC_EC_OP_SIGN], sign_run, (unsigned)i);
    i = idx_of(fc, ZC_EC_OP_VERIFY);
    if (i >= 0)
        return zc_selftest_once(&st_state[i][ZC_EC_OP_VERIFY], verify_run, (unsigned)i);
    return 0;
}

int zc_ec_pcc_selftest(unsigned fc)
{
    int i = idx_of(fc, ZC_EC_OP_MUL);

    return i >= 0 && zc_selftest_once(&st_state[i][ZC_EC_OP_MUL], mul_run, (unsigned)i);
}

int zc_ec_cpacf_ok(enum zc_ec_curve curve, enum zc_ec_op op)
{
    enum zc_insn insn;
    unsigned fc = zc_ec_cpacf_fc(curve, op, &insn);

    if (fc == 0 || zc_caps_reason(insn, fc) != ZC_REASON_CPACF)
        return 0;
    return insn == ZC_INSN_PCC ? zc_ec_pcc_selftest(fc) : zc_ec_kdsa_selftest(fc);
}

int zc_ec_cpacf_sign(enum zc_ec_curve curve, const uint8_t *e, const uint8_t *d,
                     const uint8_t *k, int det, uint8_t *rs, unsigned *stalls)
{
    int cc, rc;

    cc = kdsa_sign(hw_of(curve), det, e, d, k, rs);
    if (cc == 0)
        return 1;
    rc = zc_cpacf_stopped(&sign_rule, cc, 0, stalls, NULL, NULL);
    return rc == ZC_OK ? 0 : rc;        /* cc 2: another nonce, a bounded number of times */
}

int zc_ec_cpacf_verify(enum zc_ec_curve curve, const uint8_t *e, const uint8_t *rs,
                       const uint8_t *q)
{
    const struct ec_hw *h = hw_of(curve);

    return kdsa_verify(h, e, rs, q + 1, q + 1 + h->f) == 0 ? ZC_OK : ZC_EAUTH;
}

int zc_ec_cpacf_mul(enum zc_ec_curve curve, const uint8_t *x, const uint8_t *y,
                    const uint8_t *d, uint8_t *rx, uint8_t *ry)
{
    const struct ec_hw *h = hw_of(curve);

    if (x == NULL) {                    /* G */
        x = zc_ec_kat[h - hw].gx;
        y = zc_ec_kat[h - hw].gy;
    }
    return pcc_mul(h, x, y, d, rx, ry) == 0 ? ZC_OK : ZC_EDEVICE;
}

#else /* no CPACF in this build: nothing is usable, nothing is issued */

int zc_ec_kdsa_selftest(unsigned fc)
{
    (void)fc;
    return 0;
}

int zc_ec_pcc_selftest(unsigned fc)
{
    (void)fc;
    return 0;
}

int zc_ec_cpacf_ok(enum zc_ec_curve curve, enum zc_ec_op op)
{
    (void)curve;
    (void)op;
    return 0;
}

int zc_ec_cpacf_sign(enum zc_ec_curve curve, const uint8_t *e, const uint8_t *d,
                     const uint8_t *k, int det, uint8_t *rs, unsigned *stalls)
{
    (void)curve, (void)e, (void)d, (void)k, (void)det, (void)rs, (void)stalls;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_verify(enum zc_ec_curve curve, const uint8_t *e, const uint8_t *rs,
                       const uint8_t *q)
{
    (void)curve, (void)e, (void)rs, (void)q;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_mul(enum zc_ec_curve curve, const uint8_t *x, const uint8_t *y,
                    const uint8_t *d, uint8_t *rx, uint8_t *ry)
{
    (void)curve, (void)x, (void)y, (void)d, (void)rx, (void)ry;
    return ZC_ENOTSUP;
}

#endif /* ZC_HAVE_CPACF */
