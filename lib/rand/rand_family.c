/*
 * rand_family.c - zc_random_bytes() as the core sees it (core/family.h):
 * CPACF means PRNO-TRNG is mixed into the kernel's bytes.
 */
#include "core/caps.h"
#include "core/family.h"
#include "core/stats.h"
#include "asm/cpacf.h"

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    struct zc_cpacf_need need = { .insn = ZC_INSN_PRNO, .fc = ZC_FC_PRNO_TRNG };

    (void)algo;
    (void)key_len;
    zc_caps_decide(&need, 1, info);
    return ZC_OK;
}

static const struct zc_family_row rows[] = { { ZC_ALGO_RANDOM, 0 } };

static const char *stat_op(unsigned i, unsigned dir)
{
    (void)i;
    (void)dir;
    return "generate";
}

const struct zc_family zc_family_random = {
    .name = "random",
    .first = ZC_ALGO_RANDOM,
    .last = ZC_ALGO_RANDOM,
    .query = query,
    .rows = rows,
    .n_rows = 1,
    .stat_first = ZC_STAT_ROW_RANDOM,
    .stat_count = 1,
    .stat_op = stat_op,
};
