/*
 * rc4_family.c - RC4 as the core sees it (core/family.h): software only,
 * always.
 */
#include "core/family.h"
#include "core/stats.h"

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    (void)algo;
    if (key_len == 0 || key_len > 256)
        return ZC_EINVAL;
    info->backend = ZC_BACKEND_SOFTWARE;
    info->reason = ZC_REASON_SOFTWARE_ONLY;
    info->insn = ZC_INSN_COUNT;         /* no instruction concerned */
    info->fc = 0;
    return ZC_OK;
}

static const struct zc_family_row rows[] = { { ZC_ALGO_RC4, 16 } };

const struct zc_family zc_family_rc4 = {
    .name = "RC4",
    .first = ZC_ALGO_RC4,
    .last = ZC_ALGO_RC4,
    .query = query,
    .rows = rows,
    .n_rows = 1,
    .stat_first = ZC_STAT_ROW_RC4,
    .stat_count = 1,
    .stat_op = zc_family_op_cipher,
};
