/*
 * ec_family.c - the elliptic curves as the core sees it (core/family.h):
 * P-256, P-384 and P-521 run in software in this release; KDSA
 * (signatures) and PCC (scalar multiplication) are a later issue.
 */
#include "core/family.h"

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

/* No statistics rows yet (the layout is another change's). */
const struct zc_family zc_family_ec = {
    .name = "ECC",
    .first = ZC_ALGO_EC_P256,
    .last = ZC_ALGO_EC_P521,
    .query = query,
    .algo_name = algo_name,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
};
