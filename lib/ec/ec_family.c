/*
 * ec_family.c - the elliptic curves as the core sees it (core/family.h):
 * P-256, P-384 and P-521 run in software in this release; KDSA
 * (signatures) and PCC (scalar multiplication) are a later issue.
 */
#include "core/family.h"
#include "core/stats.h"

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    static const size_t f[] = { 32, 48, 66 };

    if (key_len != 0 && key_len != f[algo - ZC_ALGO_EC_P256])
        return ZC_EINVAL;
    info->backend = ZC_BACKEND_SOFTWARE;
    info->reason = ZC_REASON_SOFTWARE_ONLY;     /* no CPACF EC code yet */
    info->insn = ZC_INSN_COUNT;
    info->fc = 0;
    return ZC_OK;
}

static const char *algo_name(enum zc_algo algo)
{
    static const char *const names[] = { "P-256", "P-384", "P-521" };

    return names[algo - ZC_ALGO_EC_P256];
}

static const struct zc_family_row rows[] = {
    { ZC_ALGO_EC_P256, 0 }, { ZC_ALGO_EC_P384, 0 }, { ZC_ALGO_EC_P521, 0 },
};

/* One statistics row per curve, counted as RSA is: direction 0 the
 * private-key operations (signing, ECDH, key generation), 1 the public
 * one (verification). Import, which derives a public key, is not counted
 * (nor is RSA's). */
static const char *stat_name(unsigned i)
{
    static const char *const names[ZC_STAT_EC_CURVES] = { "EC-P-256", "EC-P-384", "EC-P-521" };

    return names[i];
}

static const char *stat_op(unsigned i, unsigned dir)
{
    (void)i;
    return dir ? "public" : "private";
}

const struct zc_family zc_family_ec = {
    .name = "ECC",
    .first = ZC_ALGO_EC_P256,
    .last = ZC_ALGO_EC_P521,
    .query = query,
    .algo_name = algo_name,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
    .stat_first = ZC_STAT_ROW_EC,
    .stat_count = ZC_STAT_EC_CURVES,
    .stat_name = stat_name,
    .stat_op = stat_op,
};
