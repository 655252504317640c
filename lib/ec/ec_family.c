/*
 * ec_family.c - the elliptic curves as the core sees it (core/family.h):
 * P-256, P-384 and P-521 on KDSA (ECDSA) and PCC (scalar multiplication),
 * Ed25519 and Ed448 on KDSA (pure EdDSA) and PCC (public keys), X25519
 * and X448 on PCC, where their function codes are installed and
 * self-tested, in software otherwise. The twenty-two self-tests (sign,
 * verify and multiply per NIST and Edwards curve, multiply per
 * Montgomery curve, encrypted-key sign per signing curve) are
 * registered here.
 */
#include "ec_cpacf.h"
#include "ec_int.h"
#include "asm/cpacf.h"
#include "core/caps.h"
#include "core/family.h"
#include "core/stats.h"

/* One line per algorithm of the family, in the order of enum zc_algo,
 * which is also the order of the statistics rows (core/stats.h). */
static const struct ec_algo {
    const char *name;           /* zc_algo_name() */
    const char *stat;           /* zc_stat_name() */
    uint8_t f;                  /* the key_len the query takes besides 0 */
} algos[] = {
    [ZC_ALGO_EC_P256 - ZC_ALGO_EC_P256]    = { "P-256",   "EC-P-256",   32 },
    [ZC_ALGO_EC_P384 - ZC_ALGO_EC_P256]    = { "P-384",   "EC-P-384",   48 },
    [ZC_ALGO_EC_P521 - ZC_ALGO_EC_P256]    = { "P-521",   "EC-P-521",   66 },
    [ZC_ALGO_EC_X25519 - ZC_ALGO_EC_P256]  = { "X25519",  "EC-X25519",  32 },
    [ZC_ALGO_EC_X448 - ZC_ALGO_EC_P256]    = { "X448",    "EC-X448",    56 },
    [ZC_ALGO_EC_ED25519 - ZC_ALGO_EC_P256] = { "Ed25519", "EC-Ed25519", 32 },
    [ZC_ALGO_EC_ED448 - ZC_ALGO_EC_P256]   = { "Ed448",   "EC-Ed448",   57 },
};
_Static_assert(sizeof algos / sizeof algos[0] == ZC_STAT_EC_CURVES &&
               ZC_ALGO_EC_ED448 - ZC_ALGO_EC_P256 + 1 == ZC_STAT_EC_CURVES,
               "one statistics row per algorithm of the family");

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    static const enum zc_ec_curve curve[] = {
        [ZC_ALGO_EC_P256 - ZC_ALGO_EC_P256] = ZC_EC_P256,
        [ZC_ALGO_EC_P384 - ZC_ALGO_EC_P256] = ZC_EC_P384,
        [ZC_ALGO_EC_P521 - ZC_ALGO_EC_P256] = ZC_EC_P521,
        [ZC_ALGO_EC_X25519 - ZC_ALGO_EC_P256] = ZC_EC_X25519,
        [ZC_ALGO_EC_X448 - ZC_ALGO_EC_P256] = ZC_EC_X448,
        [ZC_ALGO_EC_ED25519 - ZC_ALGO_EC_P256] = ZC_EC_ED25519,
        [ZC_ALGO_EC_ED448 - ZC_ALGO_EC_P256] = ZC_EC_ED448,
    };
    /* AUTO's answer for every operation of the curve: signing and
     * verification on KDSA, ECDH and public keys on PCC (X25519 and X448
     * have the last only) */
    static const enum zc_ec_op ops[3] = { ZC_EC_OP_SIGN, ZC_EC_OP_VERIFY, ZC_EC_OP_MUL };
    struct zc_cpacf_need need[3];
    enum zc_ec_curve cv;
    unsigned i, n = 0;

    if (key_len != 0 && key_len != algos[algo - ZC_ALGO_EC_P256].f)
        return ZC_EINVAL;
    cv = curve[algo - ZC_ALGO_EC_P256];
    for (i = 0; i < 3; i++) {
        need[n].fc = zc_ec_cpacf_fc(cv, ops[i], &need[n].insn);
        if (need[n].fc != 0)
            n++;
    }
    zc_caps_decide(need, n, info);
    if (info->backend != ZC_BACKEND_CPACF)
        return ZC_OK;
    for (i = 0; i < 3; i++) {
        enum zc_insn insn;
        unsigned fc = zc_ec_cpacf_fc(cv, ops[i], &insn);

        if (fc != 0 && !zc_ec_cpacf_ok(cv, ops[i])) {
            info->backend = ZC_BACKEND_SOFTWARE;
            info->reason = ZC_REASON_SELFTEST;
            info->insn = insn;
            info->fc = fc;
            return ZC_OK;
        }
    }
    return ZC_OK;
}

static const char *algo_name(enum zc_algo algo)
{
    return algos[algo - ZC_ALGO_EC_P256].name;
}

static const struct zc_family_row rows[] = {
    { ZC_ALGO_EC_P256, 0 },   { ZC_ALGO_EC_P384, 0 },    { ZC_ALGO_EC_P521, 0 },
    { ZC_ALGO_EC_X25519, 0 }, { ZC_ALGO_EC_X448, 0 },    { ZC_ALGO_EC_ED25519, 0 },
    { ZC_ALGO_EC_ED448, 0 },
};

/* KDSA's verify and sign codes and PCC's scalar multiplication, per
 * curve (ECDSA, then EdDSA and the Edwards and Montgomery
 * multiplications): used only once their known answer came out
 * (ec_cpacf.c); then KDSA's encrypted-key sign codes, whose self-tests
 * wrap a test key first (ec_protected.c). */
static const struct zc_selftest_entry selftests[] = {
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ECDSA_VERIFY_P256, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ECDSA_VERIFY_P384, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ECDSA_VERIFY_P521, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ECDSA_SIGN_P256, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ECDSA_SIGN_P384, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ECDSA_SIGN_P521, zc_ec_kdsa_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_P256, zc_ec_pcc_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_P384, zc_ec_pcc_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_P521, zc_ec_pcc_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_EDDSA_VERIFY_25519, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_EDDSA_VERIFY_448, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_EDDSA_SIGN_25519, zc_ec_kdsa_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_EDDSA_SIGN_448, zc_ec_kdsa_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_ED25519, zc_ec_pcc_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_ED448, zc_ec_pcc_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_X25519, zc_ec_pcc_selftest },
    { ZC_INSN_PCC, ZC_INSN_PCC, ZC_FC_PCC_SCALAR_MUL_X448, zc_ec_pcc_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ENC_ECDSA_SIGN_P256, zc_ec_prot_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ENC_ECDSA_SIGN_P384, zc_ec_prot_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ENC_ECDSA_SIGN_P521, zc_ec_prot_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ENC_EDDSA_SIGN_25519, zc_ec_prot_selftest },
    { ZC_INSN_KDSA, ZC_INSN_KDSA, ZC_FC_KDSA_ENC_EDDSA_SIGN_448, zc_ec_prot_selftest },
};

/* One statistics row per curve, counted as RSA is: direction 0 the
 * private-key operations (signing, ECDH, key generation), 1 the public
 * one (verification). Import, which derives a public key, is not counted
 * (nor is RSA's). */
static const char *stat_name(unsigned i)
{
    return algos[i].stat;
}

static const char *stat_op(unsigned i, unsigned dir)
{
    (void)i;
    return dir ? "public" : "private";
}

const struct zc_family zc_family_ec = {
    .name = "ECC",
    .first = ZC_ALGO_EC_P256,
    .last = ZC_ALGO_EC_ED448,
    .query = query,
    .algo_name = algo_name,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
    .selftests = selftests,
    .n_selftests = sizeof(selftests) / sizeof(selftests[0]),
    .stat_first = ZC_STAT_ROW_EC,
    .stat_count = ZC_STAT_EC_CURVES,
    .stat_name = stat_name,
    .stat_op = stat_op,
};
