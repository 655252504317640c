/*
 * ec_cpacf.h - the NIST curves on CPACF (private to lib/ec/): ECDSA on
 * KDSA (verify 1-3, sign 9-11) and the scalar multiplication of PCC
 * (64-66), issued by ec_cpacf.c alone, and their one-time self-tests.
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
};

/* The instruction and function code of op on curve; 0 (and ZC_INSN_COUNT)
 * for a curve that has none in this release (Ed25519, Ed448, X25519,
 * X448). */
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

/* ec_kat.c: the base point G and the self-tests' known answers, RFC 6979
 * A.2.5-A.2.7 (SHA-256, "sample"), one row per curve (0 P-256, 1 P-384,
 * 2 P-521), f bytes each. */
struct zc_ec_kat {
    const uint8_t *gx, *gy;
    const uint8_t *d, *qx, *qy, *k, *r, *s;
};
extern const struct zc_ec_kat zc_ec_kat[3];
extern const uint8_t zc_ec_kat_h[32];         /* SHA-256("sample") */

#endif /* ZC_EC_CPACF_H */
