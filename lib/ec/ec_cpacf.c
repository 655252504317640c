/*
 * ec_cpacf.c - the only file of lib/ec/ that issues CPACF: ECDSA on KDSA
 * (verify 1-3, sign 9-11) and PCC's scalar multiplication (64-66) on
 * P-256, P-384 and P-521; pure EdDSA on KDSA (verify 32/36, sign 40/44),
 * PCC's Edwards base-point multiplication (72/73, the public key) and
 * X25519/X448 on PCC (80/81); signing with protected keys on KDSA's
 * encrypted-key codes (ECDSA 17-19, EdDSA 48/52); and the self-tests
 * that guard them.
 *
 * Every issue points GR1 at a zeroed 4096-byte area on the stack, 8-byte
 * aligned, with the parameter block at its start, as every public
 * implementation does (the machine may use what follows the fields); the
 * whole area is wiped after each issue, since most carry d or a nonce.
 * Values are big-endian and right-aligned in fields of w = 32, 48, 80
 * bytes (asm/cpacf_pb.h), so a P-521 value of 66 bytes starts at 14.
 *
 * Ed25519/Ed448 and X25519/X448 (CPACF.md): fields of 32 / 64 bytes. R, S
 * and A are RFC 8032's little-endian encodings byte-reversed into their
 * fields (Ed448's 57 bytes zero-padded to 64 first: offset 7); the seed
 * goes in as RFC 8032 gives it, right-aligned. PCC 72/73 multiply the
 * base point B by the clamped scalar (reversed), and the result (x, y)
 * becomes RFC 8032's encoding of y with x's sign bit. For PCC 80/81 the
 * scalar is clamped and u reduced mod p (X25519 clears u's top bit
 * first, X448 nothing) before both are reversed in; res_u is reversed
 * back out.
 *
 * Condition codes (CPACF.md): sign cc 0 done, cc 2 the nonce was not
 * usable (another one is taken), cc 1 bad input, which cannot be ours
 * (d and a deterministic nonce are checked in [1, n-1] before): the call
 * fails closed with ZC_EDEVICE. Verify cc 0 valid, anything else invalid.
 * EdDSA sign and PCC: anything but cc 0 is a failure. cc 3 never gets
 * here (asm/).
 *
 * No emulator executes these codes: each is used only after a one-time
 * known-answer self-test of its own (RFC 6979 A.2.5-A.2.7, RFC 8032
 * sections 7.1 and 7.4, RFC 7748 section 5.2: ec_kat.c).
 */
#include "ec_cpacf.h"
#include "ec_ed.h"
#include "ec_int.h"
#include "asm/cpacf.h"
#include "asm/cpacf_pb.h"
#include "core/caps.h"
#include "core/protkey.h"
#include "core/util.h"

#include <zcrypt/random.h>

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

/* One row per Edwards curve and its Montgomery partner: b the RFC 8032
 * bytes (A, half a signature, the seed), pf the bytes of a coordinate and
 * of an RFC 7748 string, w the field width, and their codes. */
static const struct ed_hw {
    enum zc_ec_curve ed, x;
    uint8_t b, pf, w;
    uint8_t verify, sign, mul, xmul;
} edhw[2] = {
    { ZC_EC_ED25519, ZC_EC_X25519, 32, 32, 32, ZC_FC_KDSA_EDDSA_VERIFY_25519,
      ZC_FC_KDSA_EDDSA_SIGN_25519, ZC_FC_PCC_SCALAR_MUL_ED25519, ZC_FC_PCC_SCALAR_MUL_X25519 },
    { ZC_EC_ED448, ZC_EC_X448, 57, 56, 64, ZC_FC_KDSA_EDDSA_VERIFY_448,
      ZC_FC_KDSA_EDDSA_SIGN_448, ZC_FC_PCC_SCALAR_MUL_ED448, ZC_FC_PCC_SCALAR_MUL_X448 },
};
_Static_assert(offsetof(struct zc_pb_kdsa_ed_sign64, seed) == 2 * 64 &&
               offsetof(struct zc_pb_kdsa_ed_verify32, pub) == 2 * 32 &&
               offsetof(struct zc_pb_pcc_x64, scalar) == 2 * 64 &&
               offsetof(struct zc_pb_pcc_mul64, scalar) == F_SCAL * 64,
               "the Edwards and Montgomery blocks' fields by index");

/* The row of an Ed curve (ed) or an X curve (!ed), NULL for any other. */
static const struct ed_hw *edhw_of(enum zc_ec_curve curve, int ed)
{
    unsigned i;

    for (i = 0; i < 2; i++)
        if ((ed ? edhw[i].ed : edhw[i].x) == curve)
            return &edhw[i];
    return NULL;
}

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
    const struct ed_hw *e = edhw_of(curve, 1), *x = edhw_of(curve, 0);

    *insn = op == ZC_EC_OP_MUL ? ZC_INSN_PCC : ZC_INSN_KDSA;
    if (op == ZC_EC_OP_NONE) {
        *insn = ZC_INSN_COUNT;
        return 0;
    }
    if (h != NULL)
        return op == ZC_EC_OP_SIGN ? h->sign : op == ZC_EC_OP_VERIFY ? h->verify : h->mul;
    if (e != NULL)
        return op == ZC_EC_OP_SIGN ? e->sign : op == ZC_EC_OP_VERIFY ? e->verify : e->mul;
    if (x != NULL && op == ZC_EC_OP_MUL)
        return x->xmul;
    *insn = ZC_INSN_COUNT;              /* X25519/X448 sign, verify: none */
    return 0;
}

/* The encrypted-key sign code of each curve that signs, by enum
 * zc_ec_curve (P-256 .. Ed448 are 0..4). */
static const uint8_t prot_fc[5] = {
    ZC_FC_KDSA_ENC_ECDSA_SIGN_P256, ZC_FC_KDSA_ENC_ECDSA_SIGN_P384,
    ZC_FC_KDSA_ENC_ECDSA_SIGN_P521, ZC_FC_KDSA_ENC_EDDSA_SIGN_25519,
    ZC_FC_KDSA_ENC_EDDSA_SIGN_448,
};
_Static_assert(ZC_EC_P256 == 0 && ZC_EC_ED448 == 4, "prot_fc's rows are the curves");

unsigned zc_ec_cpacf_prot_fc(enum zc_ec_curve curve)
{
    return (unsigned)curve < 5 ? prot_fc[curve] : 0;
}

#ifdef ZC_HAVE_CPACF

/* 0 not run, 1 passed, 2 failed: per curve, for sign, verify, mul; per
 * Edwards curve the same, per Montgomery curve its one code. */
static int st_state[3][3];
static int ed_state[2][3];
static int x_state[2];

#ifdef ZC_CPACF_SIM
/*
 * A planted mistake, for the stand-in's tests only (the production
 * library has no such symbol): they set it to show that the stand-in
 * catches each kind of block error. 0 none; 1 a swapped field (sign: d in
 * H and H in d; verify and PCC: X in Y and Y in X); 2 P-521 values
 * left-aligned (offset 0 of 80); 3 deterministic signing without 0x80;
 * 4 EdDSA verify's A unreversed; 5 Ed448's KDSA values at offset 0 of
 * their 64-byte fields; 6 X25519 without the top-bit clear of u (the
 * codes each spoils: ec_cpacf.h).
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

/* ---- Ed25519, Ed448, X25519, X448 ---------------------------------------- */

/* Where a value of n bytes starts in a field of h's width: right-aligned,
 * or (planted, Ed448's KDSA blocks) at the wrong end. */
static unsigned ed_off(const struct ed_hw *h, unsigned n, int kdsa)
{
    if (PLANT == 5 && kdsa && h->ed == ZC_EC_ED448)
        return 0;                       /* planted: the padding after the value */
    return h->w - n;
}

/* Field i of area a of h's width, from byte off. */
static uint8_t *ed_field(struct area *a, const struct ed_hw *h, unsigned i, unsigned off)
{
    return (uint8_t *)a->q + (size_t)i * h->w + off;
}

/* dst[0..n-1] = src[n-1..0]: a little-endian string as a big-endian
 * integer's bytes, and back. */
static void rev(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        dst[i] = src[n - 1 - i];
}

/* EdDSA sign: the seed in (unreversed), R and S reversed out. */
static int kdsa_ed_sign(const struct ed_hw *h, const uint8_t *seed, const uint8_t *msg,
                        size_t len, uint8_t *sig)
{
    unsigned off = ed_off(h, h->b, 1);
    struct area a;
    int cc;

    memset(&a, 0, sizeof a);
    memcpy(ed_field(&a, h, F_2, off), seed, h->b);
    cc = zc_kdsa(h->sign, &a, msg, len);
    if (cc == 0) {
        rev(sig, ed_field(&a, h, F_R, off), h->b);
        rev(sig + h->b, ed_field(&a, h, F_S, off), h->b);
    }
    zc_wipe(&a, sizeof a);
    return cc;
}

/* EdDSA verify: R, S and A reversed in; the raw cc. */
static int kdsa_ed_verify(const struct ed_hw *h, const uint8_t *pub, const uint8_t *sig,
                          const uint8_t *msg, size_t len)
{
    unsigned off = ed_off(h, h->b, 1);
    struct area a;
    int cc;

    memset(&a, 0, sizeof a);
    rev(ed_field(&a, h, F_R, off), sig, h->b);
    rev(ed_field(&a, h, F_S, off), sig + h->b, h->b);
    if (PLANT == 4)                     /* planted: A as RFC 8032's bytes */
        memcpy(ed_field(&a, h, F_2, off), pub, h->b);
    else
        rev(ed_field(&a, h, F_2, off), pub, h->b);
    cc = zc_kdsa(h->verify, &a, msg, len);
    zc_wipe(&a, sizeof a);
    return cc;
}

/* PCC 72/73: (x, y) = [s]B, s the clamped scalar (b bytes little-endian;
 * Ed448's 57th byte is zero), x and y pf bytes big-endian; the raw cc. */
static int pcc_ed(const struct ed_hw *h, const uint8_t *s, uint8_t *x, uint8_t *y)
{
    const struct zc_ed_kat *t = &zc_ed_kat[h - edhw];
    unsigned off = h->w - h->pf;
    struct area a;
    int cc;

    memset(&a, 0, sizeof a);
    memcpy(ed_field(&a, h, F_X, off), t->bx, h->pf);
    memcpy(ed_field(&a, h, F_Y, off), t->by, h->pf);
    rev(ed_field(&a, h, F_SCAL, h->w - h->b), s, h->b);
    cc = zc_pcc(h->mul, &a);
    if (cc == 0) {
        memcpy(x, ed_field(&a, h, F_RESX, off), h->pf);
        memcpy(y, ed_field(&a, h, F_RESY, off), h->pf);
    }
    zc_wipe(&a, sizeof a);
    return cc;
}

/* Byte i of p = 2^255 - 19 or 2^448 - 2^224 - 1, little-endian. */
static uint8_t p_byte(const struct ed_hw *h, size_t i)
{
    if (h->x == ZC_EC_X25519)
        return i == 0 ? 0xed : i == 31 ? 0x7f : 0xff;
    return i == 28 ? 0xfe : 0xff;
}

/* u = u mod p for u < 2p (n = pf bytes, little-endian): one subtraction,
 * kept when it does not borrow, by a mask (u is public, but the same
 * code costs nothing). */
static void x_reduce(const struct ed_hw *h, uint8_t *u)
{
    uint8_t t[ZC_X448_LEN];
    unsigned borrow = 0, d;
    uint8_t keep;
    size_t i;

    for (i = 0; i < h->pf; i++) {
        d = (unsigned)u[i] - p_byte(h, i) - borrow;
        t[i] = (uint8_t)d;
        borrow = (d >> 8) & 1;
    }
    keep = (uint8_t)(borrow - 1);       /* 0xff: no borrow, u >= p */
    for (i = 0; i < h->pf; i++)
        u[i] = (uint8_t)((t[i] & keep) | (u[i] & (uint8_t)~keep));
}

/* PCC 80/81: out = X(k, u), the inputs prepared as CPACF.md says; the
 * raw cc. */
static int pcc_x(const struct ed_hw *h, uint8_t *out, const uint8_t *k, const uint8_t *u)
{
    unsigned off = h->w - h->pf;
    uint8_t kk[ZC_X448_LEN], uu[ZC_X448_LEN];
    struct area a;
    int cc;

    memcpy(kk, k, h->pf);
    memcpy(uu, u, h->pf);
    if (h->x == ZC_EC_X25519) {         /* RFC 7748 decodeScalar25519, decodeUCoordinate */
        kk[0] &= 248;
        kk[31] = (uint8_t)((kk[31] & 127) | 64);
        if (PLANT != 6)                 /* planted: the top bit of u kept */
            uu[31] &= 127;
    } else {                            /* decodeScalar448; X448 keeps all of u */
        kk[0] &= 252;
        kk[55] |= 128;
    }
    x_reduce(h, uu);
    memset(&a, 0, sizeof a);
    rev(ed_field(&a, h, F_1, off), uu, h->pf);
    rev(ed_field(&a, h, F_2, off), kk, h->pf);
    cc = zc_pcc(h->xmul, &a);
    if (cc == 0)
        rev(out, ed_field(&a, h, F_0, off), h->pf);
    zc_wipe(&a, sizeof a);
    zc_wipe(kk, sizeof kk);
    return cc;
}

/* RFC 8032's encoding of (x, y) (pf bytes big-endian each): y
 * little-endian in b bytes, the low bit of x in the top bit. */
static void ed_encode(const struct ed_hw *h, uint8_t *pub, const uint8_t *x, const uint8_t *y)
{
    memset(pub, 0, h->b);
    rev(pub, y, h->pf);
    pub[h->b - 1] |= (uint8_t)((x[h->pf - 1] & 1) << 7);
}

static int ed_pub(const struct ed_hw *h, const uint8_t *s, uint8_t *pub)
{
    uint8_t x[ZC_X448_LEN], y[ZC_X448_LEN];
    int rc = ZC_EDEVICE;

    if (pcc_ed(h, s, x, y) == 0) {
        ed_encode(h, pub, x, y);
        /* the point kept must decode: y < p and on the curve, x's sign
         * possible for it, not the neutral element (never [s]B) */
        if (zc_ec_ed(h->ed)->pub_ok(pub))
            rc = ZC_OK;
        else
            zc_wipe(pub, h->b);
    }
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
    return rc;
}

/* The empty message of the RFC 8032 vectors (a valid address for R2). */
static const uint8_t empty[1];

/* Sign: the RFC's seed signs the empty message as the RFC says. */
static int ed_sign_run(unsigned idx)
{
    const struct ed_hw *h = &edhw[idx];
    const struct zc_ed_kat *t = &zc_ed_kat[idx];
    uint8_t sig[2 * ZC_ED448_LEN];
    int ok;

    ok = kdsa_ed_sign(h, t->seed, empty, 0, sig) == 0 && memcmp(sig, t->sig, 2u * h->b) == 0;
    zc_wipe(sig, sizeof sig);
    return ok;
}

/* Verify: the RFC's signature is valid, the same with S's low bit
 * changed is not. */
static int ed_verify_run(unsigned idx)
{
    const struct ed_hw *h = &edhw[idx];
    const struct zc_ed_kat *t = &zc_ed_kat[idx];
    uint8_t sig[2 * ZC_ED448_LEN];

    memcpy(sig, t->sig, 2u * h->b);
    if (kdsa_ed_verify(h, t->pub, sig, empty, 0) != 0)
        return 0;
    sig[h->b] ^= 1;
    return kdsa_ed_verify(h, t->pub, sig, empty, 0) != 0;
}

/* PCC 72/73: the RFC's seed gives its public key (RFC 8032 5.1.5 /
 * 5.2.5: the clamped first half of H(seed) times B, encoded). */
static int ed_mul_run(unsigned idx)
{
    const struct ed_hw *h = &edhw[idx];
    const struct zc_ed_kat *t = &zc_ed_kat[idx];
    uint8_t hs[2 * ZC_ED448_LEN], pub[ZC_ED448_LEN];
    int ok;

    ok = zc_ec_ed_expand(zc_ec_ed(h->ed), t->seed, hs, ZC_BACKEND_AUTO, 1) == ZC_OK &&
         ed_pub(h, hs, pub) == ZC_OK && memcmp(pub, t->pub, h->b) == 0;
    zc_wipe(hs, sizeof hs);
    return ok;
}

/* PCC 80/81: RFC 7748 5.2's test vector and one round of its iterated
 * test (k = u = the base point 9 / 5). */
static int x_run(unsigned idx)
{
    const struct ed_hw *h = &edhw[idx];
    const struct zc_x_kat *t = &zc_x_kat[idx];
    uint8_t out[ZC_X448_LEN], base[ZC_X448_LEN] = { 0 };
    int ok;

    base[0] = h->x == ZC_EC_X25519 ? 9 : 5;
    ok = pcc_x(h, out, t->k, t->u) == 0 && memcmp(out, t->out, h->pf) == 0 &&
         pcc_x(h, out, base, base) == 0 && memcmp(out, t->one, h->pf) == 0;
    zc_wipe(out, sizeof out);
    return ok;
}

/* The Edwards row of a function code of op (X25519/X448 for xmul), or -1. */
static int ed_idx_of(unsigned fc, int op)
{
    unsigned i;

    for (i = 0; i < 2; i++)
        if (fc == (op == ZC_EC_OP_SIGN ? edhw[i].sign : op == ZC_EC_OP_VERIFY ? edhw[i].verify
                   : op == ZC_EC_OP_MUL ? edhw[i].mul : edhw[i].xmul))
            return (int)i;
    return -1;
}
#define ED_OP_XMUL (ZC_EC_OP_NONE + 1)  /* ed_idx_of's op for 80/81 */

/* ---- protected keys: KDSA encrypted-key sign (17-19, 48, 52) ------------- */

/*
 * The blocks (asm/cpacf_pb.h): the protected key (wrapped key of w bytes
 * + 32-byte pattern, the cell's field) is split, the wrapped key filling
 * the clear key's whole field, the pattern after the last field. ECDSA
 * (w = 32, 48, 80): R | S | H | wrapped d | random | WKVP | 2 bytes, H and
 * the random bytes right-aligned (f bytes) as in the clear block. EdDSA
 * (w = 32, 64): R | S | wrapped key | WKVP | 16 reserved | 2 bytes, R and
 * S read back as the clear code's. cc 1: the pattern is stale, re-derive
 * through the cell (core/protkey.c) and issue again; ECDSA's cc 2: the
 * machine's nonce was not usable, issue again with fresh random bytes;
 * EdDSA defines no cc 2 (fail closed).
 */
#define F_RAND  F_4
#define F_WKVP  5               /* ECDSA: after the five fields */
#define F_EDKEY F_2
#define F_EDWKVP 3              /* EdDSA: after the three fields */
_Static_assert(offsetof(struct zc_pb_kdsa_enc_sign80, d) == F_D * 80 &&
               offsetof(struct zc_pb_kdsa_enc_sign80, rand) == F_RAND * 80 &&
               offsetof(struct zc_pb_kdsa_enc_sign48, wkvp) == F_WKVP * 48 &&
               offsetof(struct zc_pb_kdsa_enc_sign32, wkvp) == F_WKVP * 32 &&
               offsetof(struct zc_pb_kdsa_ed_enc_sign64, key) == F_EDKEY * 64 &&
               offsetof(struct zc_pb_kdsa_ed_enc_sign64, wkvp) == F_EDWKVP * 64 &&
               offsetof(struct zc_pb_kdsa_ed_enc_sign32, wkvp) == F_EDWKVP * 32,
               "the encrypted-key blocks' fields by index");

static const struct zc_cc_rule prot_sign_rule = { .cc1 = ZC_CC_STALE_KEY, .cc2 = ZC_CC_RETRY };

/*
 * KDSA makes no partial progress to count, so a re-derivation counts as
 * useful when the next stale answer comes with another pattern than the
 * one before it: the fresh key was of a newer wrapping key, which changed
 * again meanwhile (live migration in steps, say). Two derivations in a
 * row that bring back the same stale pattern end the call (ZC_EKEY,
 * core/protkey.c's rule), and so do PROT_CHANGES stale answers in one
 * call, whatever their patterns.
 */
#define PROT_CHANGES 32
struct prot_stale {
    uint8_t wkvp[ZC_PB_EC_WKVP];        /* the pattern of the last stale answer */
    unsigned n;                         /* stale answers so far */
};

/* The progress argument of zc_cpacf_stopped() for a cc 1 on pattern
 * wkvp: 1 when it differs from the last stale one, -1 when the call has
 * seen too many, else 0. The pattern is public. */
static long prot_progress(struct prot_stale *st, const uint8_t *wkvp)
{
    long p = st->n > 0 && memcmp(st->wkvp, wkvp, ZC_PB_EC_WKVP) != 0;

    memcpy(st->wkvp, wkvp, ZC_PB_EC_WKVP);
    return ++st->n > PROT_CHANGES ? -1 : p;
}
static const struct zc_cc_rule prot_ed_rule = { .cc1 = ZC_CC_STALE_KEY, .cc2 = ZC_CC_UNDEFINED };

/* ECDSA encrypted-key sign once: pk the protected key (w + 32 bytes),
 * rnd f random bytes; r || s out on cc 0; the raw cc. */
static int kdsa_prot_sign(const struct ec_hw *h, unsigned fc, const uint8_t *e,
                          const uint8_t *pk, const uint8_t *rnd, uint8_t *rs)
{
    struct area a;
    uint8_t *b = (uint8_t *)a.q;
    size_t pad = (size_t)(h->w - h->f);
    int cc;

    memset(&a, 0, sizeof a);
    memcpy(b + F_H * h->w + pad, e, h->f);
    memcpy(b + F_D * h->w, pk, h->w);
    memcpy(b + F_RAND * h->w + pad, rnd, h->f);
    memcpy(b + F_WKVP * h->w, pk + h->w, ZC_PB_EC_WKVP);
    cc = zc_kdsa(fc, &a, NULL, 0);
    if (cc == 0) {
        memcpy(rs, b + F_R * h->w + pad, h->f);
        memcpy(rs + h->f, b + F_S * h->w + pad, h->f);
    }
    zc_wipe(&a, sizeof a);
    return cc;
}

/* EdDSA encrypted-key sign once: pk the protected key (w + 32 bytes);
 * R || S (RFC 8032's encoding, 2b bytes) out on cc 0; the raw cc. */
static int kdsa_prot_ed_sign(const struct ed_hw *h, unsigned fc, const uint8_t *pk,
                             const uint8_t *msg, size_t len, uint8_t *sig)
{
    unsigned off = h->w - h->b;
    struct area a;
    uint8_t *b = (uint8_t *)a.q;
    int cc;

    memset(&a, 0, sizeof a);
    memcpy(b + F_EDKEY * h->w, pk, h->w);
    memcpy(b + F_EDWKVP * h->w, pk + h->w, ZC_PB_EC_WKVP);
    cc = zc_kdsa(fc, &a, msg, len);
    if (cc == 0) {
        rev(sig, ed_field(&a, h, F_R, off), h->b);
        rev(sig + h->b, ed_field(&a, h, F_S, off), h->b);
    }
    zc_wipe(&a, sizeof a);
    return cc;
}

int zc_ec_cpacf_prot_sign(enum zc_ec_curve curve, const struct zc_protkey_src *src,
                          const uint8_t *e, uint8_t *rs)
{
    const struct ec_hw *h = hw_of(curve);
    unsigned fc = zc_ec_cpacf_prot_fc(curve), stalls = 0;
    uint8_t pk[ZC_PROTKEY_FIELD_MAX], rnd[ZC_EC_MAX_F_HW];
    struct prot_stale st = { { 0 }, 0 };
    long progress = 0;
    int cc, rc;

    if (h == NULL || fc == 0)
        return ZC_EINVAL;
    zc_protkey_snapshot(src->cell, pk);
    for (;;) {
        rc = zc_random_bytes(rnd, h->f);
        if (rc != ZC_OK)
            break;
        cc = kdsa_prot_sign(h, fc, e, pk, rnd, rs);
        if (cc == 0)
            break;
        if (cc == 1 && (progress = prot_progress(&st, pk + h->w)) < 0) {
            rc = ZC_EKEY;
            break;
        }
        rc = zc_cpacf_stopped(&prot_sign_rule, cc, cc == 1 ? progress : 0, &stalls, src, pk);
        if (rc != ZC_OK)
            break;                      /* ZC_EKEY after two useless derivations */
    }
    zc_wipe(pk, sizeof pk);
    zc_wipe(rnd, sizeof rnd);
    return rc;
}

int zc_ec_cpacf_prot_ed_sign(enum zc_ec_curve curve, const struct zc_protkey_src *src,
                             const uint8_t *msg, size_t len, uint8_t *sig)
{
    const struct ed_hw *h = edhw_of(curve, 1);
    unsigned fc = zc_ec_cpacf_prot_fc(curve), stalls = 0;
    uint8_t pk[ZC_PROTKEY_FIELD_MAX];
    struct prot_stale st = { { 0 }, 0 };
    long progress = 0;
    int cc, rc = ZC_OK;

    if (h == NULL || fc == 0)
        return ZC_EINVAL;
    zc_protkey_snapshot(src->cell, pk);
    for (;;) {
        cc = kdsa_prot_ed_sign(h, fc, pk, msg, len, sig);
        if (cc == 0)
            break;
        if (cc == 1 && (progress = prot_progress(&st, pk + h->w)) < 0) {
            rc = ZC_EKEY;
            break;
        }
        rc = zc_cpacf_stopped(&prot_ed_rule, cc, cc == 1 ? progress : 0, &stalls, src, pk);
        if (rc != ZC_OK)
            break;
    }
    zc_wipe(pk, sizeof pk);
    return rc;
}

int zc_ec_kdsa_selftest(unsigned fc)
{
    int i = idx_of(fc, ZC_EC_OP_SIGN);

    if (i >= 0)
        return zc_selftest_once(&st_state[i][ZC_EC_OP_SIGN], sign_run, (unsigned)i);
    i = idx_of(fc, ZC_EC_OP_VERIFY);
    if (i >= 0)
        return zc_selftest_once(&st_state[i][ZC_EC_OP_VERIFY], verify_run, (unsigned)i);
    i = ed_idx_of(fc, ZC_EC_OP_SIGN);
    if (i >= 0)
        return zc_selftest_once(&ed_state[i][ZC_EC_OP_SIGN], ed_sign_run, (unsigned)i);
    i = ed_idx_of(fc, ZC_EC_OP_VERIFY);
    if (i >= 0)
        return zc_selftest_once(&ed_state[i][ZC_EC_OP_VERIFY], ed_verify_run, (unsigned)i);
    return 0;
}

int zc_ec_pcc_selftest(unsigned fc)
{
    int i = idx_of(fc, ZC_EC_OP_MUL);

    if (i >= 0)
        return zc_selftest_once(&st_state[i][ZC_EC_OP_MUL], mul_run, (unsigned)i);
    i = ed_idx_of(fc, ZC_EC_OP_MUL);
    if (i >= 0)
        return zc_selftest_once(&ed_state[i][ZC_EC_OP_MUL], ed_mul_run, (unsigned)i);
    i = ed_idx_of(fc, ED_OP_XMUL);
    return i >= 0 && zc_selftest_once(&x_state[i], x_run, (unsigned)i);
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

int zc_ec_cpacf_ed_sign(enum zc_ec_curve curve, const uint8_t *seed, const uint8_t *msg,
                        size_t len, uint8_t *sig)
{
    /* a non-zero cc: cc 1 (bad input) cannot come from a seed of any
     * bytes, cc 2 is not defined for EdDSA: fail closed */
    return kdsa_ed_sign(edhw_of(curve, 1), seed, msg, len, sig) == 0 ? ZC_OK : ZC_EDEVICE;
}

int zc_ec_cpacf_ed_verify(enum zc_ec_curve curve, const uint8_t *pub, const uint8_t *sig,
                          const uint8_t *msg, size_t len)
{
    return kdsa_ed_verify(edhw_of(curve, 1), pub, sig, msg, len) == 0 ? ZC_OK : ZC_EAUTH;
}

int zc_ec_cpacf_ed_pub(enum zc_ec_curve curve, const uint8_t *s, uint8_t *pub)
{
    return ed_pub(edhw_of(curve, 1), s, pub);
}

int zc_ec_cpacf_x(enum zc_ec_curve curve, uint8_t *out, const uint8_t *k, const uint8_t *u)
{
    return pcc_x(edhw_of(curve, 0), out, k, u) == 0 ? ZC_OK : ZC_EDEVICE;
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

int zc_ec_cpacf_ed_sign(enum zc_ec_curve curve, const uint8_t *seed, const uint8_t *msg,
                        size_t len, uint8_t *sig)
{
    (void)curve, (void)seed, (void)msg, (void)len, (void)sig;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_ed_verify(enum zc_ec_curve curve, const uint8_t *pub, const uint8_t *sig,
                          const uint8_t *msg, size_t len)
{
    (void)curve, (void)pub, (void)sig, (void)msg, (void)len;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_ed_pub(enum zc_ec_curve curve, const uint8_t *s, uint8_t *pub)
{
    (void)curve, (void)s, (void)pub;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_x(enum zc_ec_curve curve, uint8_t *out, const uint8_t *k, const uint8_t *u)
{
    (void)curve, (void)out, (void)k, (void)u;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_prot_sign(enum zc_ec_curve curve, const struct zc_protkey_src *src,
                          const uint8_t *e, uint8_t *rs)
{
    (void)curve, (void)src, (void)e, (void)rs;
    return ZC_ENOTSUP;
}

int zc_ec_cpacf_prot_ed_sign(enum zc_ec_curve curve, const struct zc_protkey_src *src,
                             const uint8_t *msg, size_t len, uint8_t *sig)
{
    (void)curve, (void)src, (void)msg, (void)len, (void)sig;
    return ZC_ENOTSUP;
}

#endif /* ZC_HAVE_CPACF */
