/*
 * ec_cpacf.h - the curves on CPACF (private to lib/ec/): ECDSA on KDSA
 * (verify 1-3, sign 9-11) and the scalar multiplication of PCC (64-66)
 * on the NIST curves; pure EdDSA on KDSA (verify 32/36, sign 40/44) and
 * the Edwards base-point multiplication of PCC (72/73, public keys) on
 * Ed25519/Ed448; X25519/X448 on PCC (80/81). Issued by ec_cpacf.c alone,
 * with their one-time self-tests.
 *
 * No emulator executes these function codes, so each is used only after
 * its known-answer self-test has passed in the process (HACKING.md, "The
 * self-test rule"); zc_ec_cpacf_ok() asks both questions at once.
 */
#ifndef ZC_EC_CPACF_H
#define ZC_EC_CPACF_H

#include <stddef.h>
#include <stdint.h>
#include <zcrypt/caps.h>
#include <zcrypt/ec.h>

/* The largest f of a curve on CPACF here (P-521). */
#define ZC_EC_MAX_F_HW 66

/* What an operation needs of CPACF. */
enum zc_ec_op {
    ZC_EC_OP_SIGN = 0,          /* KDSA ECDSA sign */
    ZC_EC_OP_VERIFY,            /* KDSA ECDSA verify */
    ZC_EC_OP_MUL,               /* PCC scalar multiplication (ECDH, public keys) */
    ZC_EC_OP_NONE,              /* one no code has (Ed25519ctx/ph, Ed448ph): software */
};

/*
 * The planted mistakes (tests/sim/ only: the symbol int zc_ec_cpacf_plant
 * exists only in a ZC_CPACF_SIM build). The same block code serves the
 * self-tests and the calls, so a plant set before first use fails the
 * self-tests of the codes it spoils; set after them, the calls go wrong.
 *   0  none
 *   1  a swapped field (ECDSA sign: d in H and H in d; ECDSA verify and
 *      PCC 64-66: X in Y and Y in X)                 spoils 1-3, 9-11, 64-66
 *   2  P-521 values left-aligned (offset 0 of 80)    spoils 3, 11, 66
 *   3  deterministic ECDSA signing without 0x80      spoils 9-11
 *   4  an unreversed field: EdDSA verify puts A, the RFC 8032 public key
 *      encoding, into its field as RFC 8032 bytes, not byte-reversed
 *      (Ed448: the 57 bytes at offset 7 of 64 unreversed)  spoils 32, 36
 *   5  Ed448 padding at the wrong end: in KDSA 36 and 44 every 57-byte
 *      value sits at offset 0 of its 64-byte field instead of 7 (R, S, A
 *      after their reversal; the seed; R and S read back) spoils 36, 44
 *   6  X25519 without clearing the top bit of u (then reduced mod p as
 *      usual, so u >= 2^255 reaches PCC)             spoils 80
 */

/* The instruction and function code of op on curve; 0 (and ZC_INSN_COUNT)
 * for an op a curve has none for (ECDSA-style sign/verify on X25519 and
 * X448). Ed25519/Ed448: sign KDSA 40/44, verify 32/36, mul PCC 72/73;
 * X25519/X448: mul PCC 80/81. */
unsigned zc_ec_cpacf_fc(enum zc_ec_curve curve, enum zc_ec_op op, enum zc_insn *insn);

/* 1 when op on curve may run on CPACF here: the function code is usable
 * (zc_caps_reason() answers ZC_REASON_CPACF) and its self-test passed
 * (running it now if it has not run). 0 otherwise, always 0 for a curve
 * without a code. */
int zc_ec_cpacf_ok(enum zc_ec_curve curve, enum zc_ec_op op);

/* The self-test of one function code, run at most once per process: 1
 * passed, 0 failed (or no CPACF in this build). Call only where the code
 * is installed (zc_caps_reason()); the family's registry does. */
int zc_ec_kdsa_selftest(unsigned fc);
int zc_ec_pcc_selftest(unsigned fc);

/*
 * KDSA ECDSA sign on curve (past zc_ec_cpacf_ok): e the truncated digest
 * and d the private scalar (f bytes each), k f bytes for the k field:
 * with det the nonce itself (issued with ZC_KDSA_DETERMINISTIC), without
 * it random bytes the machine mixes into its own nonce. Writes r || s
 * (2 f bytes) and returns 1; returns 0 when the machine found the nonce
 * not usable (the caller takes another one; *stalls, 0 at the call's
 * start, bounds how often), ZC_EDEVICE on any other answer.
 */
int zc_ec_cpacf_sign(enum zc_ec_curve curve, const uint8_t *e, const uint8_t *d,
                     const uint8_t *k, int det, uint8_t *rs, unsigned *stalls);

/* KDSA ECDSA verify of r || s over e under the public point q (SEC1
 * uncompressed, validated at import); r and s already checked to be in
 * [1, n-1]. ZC_OK valid, ZC_EAUTH for any other answer. */
int zc_ec_cpacf_verify(enum zc_ec_curve curve, const uint8_t *e, const uint8_t *rs,
                       const uint8_t *q);

/* PCC scalar multiplication: (rx, ry) = d (x, y), all f bytes big-endian
 * (x, y a point on the curve, or both NULL for G; d in [1, n-1]). ZC_OK, or ZC_EDEVICE for a
 * non-zero condition code; the caller checks the result is on the curve. */
int zc_ec_cpacf_mul(enum zc_ec_curve curve, const uint8_t *x, const uint8_t *y,
                    const uint8_t *d, uint8_t *rx, uint8_t *ry);

/*
 * Pure Ed25519/Ed448 sign on KDSA 40/44 (past zc_ec_cpacf_ok): the seed
 * (b = 32 or 57 bytes, RFC 8032) and the message in, sig = R || S (2b
 * bytes, RFC 8032's encoding) out. ZC_OK, or ZC_EDEVICE for a non-zero
 * condition code (nothing written).
 */
int zc_ec_cpacf_ed_sign(enum zc_ec_curve curve, const uint8_t *seed, const uint8_t *msg,
                        size_t len, uint8_t *sig);

/* Pure Ed25519/Ed448 verify on KDSA 32/36 of sig (2b bytes) over msg
 * under pub (b bytes): the equation only, the caller has checked the
 * lengths, S < L, R and A canonical and Ed448's last byte. ZC_OK (cc 0)
 * or ZC_EAUTH (any other cc). */
int zc_ec_cpacf_ed_verify(enum zc_ec_curve curve, const uint8_t *pub, const uint8_t *sig,
                          const uint8_t *msg, size_t len);

/* PCC 72/73: pub = encode([s]B), s the clamped scalar (b little-endian
 * bytes, RFC 8032 5.1.5 / 5.2.5 step 2). ZC_OK, or ZC_EDEVICE for a
 * non-zero cc or a result that is no canonical curve point. */
int zc_ec_cpacf_ed_pub(enum zc_ec_curve curve, const uint8_t *s, uint8_t *pub);

/* PCC 80/81: out = X25519(k, u) / X448(k, u) (f = 32 / 56 bytes each,
 * RFC 7748's little-endian strings; k unclamped, u as imported), the
 * inputs prepared as CPACF.md says. ZC_OK, or ZC_EDEVICE for a non-zero
 * cc; an all-zero out is the caller's to refuse. */
int zc_ec_cpacf_x(enum zc_ec_curve curve, uint8_t *out, const uint8_t *k, const uint8_t *u);

/*
 * Protected keys (zcrypt/ec_protected.h): KDSA's encrypted-key sign
 * codes, ECDSA 17/18/19 and EdDSA 48/52 (their self-tests and the keys
 * are ec_protected.c's). zc_ec_cpacf_prot_fc: the code of curve, 0 for
 * X25519/X448 and unknown values.
 */
unsigned zc_ec_cpacf_prot_fc(enum zc_ec_curve curve);

/*
 * Sign with the protected key of src's cell (past zc_ec_prot_ok):
 * ECDSA over e (the truncated digest, f bytes), r || s (2 f bytes) out,
 * the machine's own nonce with f fresh random bytes mixed in; pure EdDSA
 * over msg, R || S (2 b bytes) out. A stale key (cc 1) is re-derived
 * through src (and offered to the cell) and the sign issued again. ZC_OK;
 * ZC_EKEY when re-deriving fails or did not help twice in a row;
 * ZC_EDEVICE for another answer or no random bytes. The output is
 * written only on ZC_OK.
 */
struct zc_protkey_src;
int zc_ec_cpacf_prot_sign(enum zc_ec_curve curve, const struct zc_protkey_src *src,
                          const uint8_t *e, uint8_t *rs);
int zc_ec_cpacf_prot_ed_sign(enum zc_ec_curve curve, const struct zc_protkey_src *src,
                             const uint8_t *msg, size_t len, uint8_t *sig);

/* ec_kat.c: the base point G and the self-tests' known answers, RFC 6979
 * A.2.5-A.2.7 (SHA-256, "sample"), one row per curve (0 P-256, 1 P-384,
 * 2 P-521), f bytes each. */
struct zc_ec_kat {
    const uint8_t *gx, *gy;
    const uint8_t *d, *qx, *qy, *k, *r, *s;
};
extern const struct zc_ec_kat zc_ec_kat[3];
extern const uint8_t zc_ec_kat_h[32];         /* SHA-256("sample") */

/* ec_kat.c: the Edwards and Montgomery known answers, one row per curve
 * (0 Ed25519 / X25519, 1 Ed448 / X448). Ed: RFC 8032 7.1 TEST 1 and 7.4
 * "-----blank" (seed, public key, the empty message's signature) and the
 * base point B (5.1 / 5.2) big-endian in w = 32 / 56 bytes. X: RFC 7748
 * 5.2's second X25519 and first X448 test vector (k, u, out) and the
 * iterated test after one round (k = u = the base point). */
struct zc_ed_kat {
    const uint8_t *seed, *pub, *sig, *bx, *by;
};
struct zc_x_kat {
    const uint8_t *k, *u, *out, *one;
};
extern const struct zc_ed_kat zc_ed_kat[2];
extern const struct zc_x_kat zc_x_kat[2];

#endif /* ZC_EC_CPACF_H */
