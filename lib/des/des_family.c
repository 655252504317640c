/*
 * des_family.c - DES and TDES as the core sees them (core/family.h):
 * where ZC_BACKEND_AUTO runs each mode, the modes' names, the rows a
 * report lists and the statistics rows.
 */
#include "des_int.h"
#include "core/family.h"
#include "core/stats.h"

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    struct zc_cpacf_need need[3];
    unsigned n = zc_des_mode_need((int)(algo - ZC_ALGO_DES_ECB), key_len, need);

    if (n == 0)
        return ZC_EINVAL;
    zc_caps_decide_mode(need, n, info);
    return ZC_OK;
}

static const char *algo_name(enum zc_algo algo)
{
    static const char *const names[] = {
        "DES-ECB", "DES-CBC", "DES-CFB", "DES-OFB", "DES-CTR", "DES-CMAC",
    };

    return names[algo - ZC_ALGO_DES_ECB];
}

#define SIZES(a) { a, 8 }, { a, 16 }, { a, 24 }
static const struct zc_family_row rows[] = {
    SIZES(ZC_ALGO_DES_ECB), SIZES(ZC_ALGO_DES_CBC), SIZES(ZC_ALGO_DES_CFB),
    SIZES(ZC_ALGO_DES_OFB), SIZES(ZC_ALGO_DES_CTR), SIZES(ZC_ALGO_DES_CMAC),
};
#undef SIZES

/* Statistics: 8 mode slots x 3 key sizes (DES, two-key, three-key TDES). */
static const char *stat_name(unsigned i)
{
#define DES3(m) "DES-" m, "TDES-128-" m, "TDES-192-" m
    static const char *const names[ZC_STAT_DES_MODES * 3] = {
        DES3("ECB"), DES3("CBC"), DES3("CFB"), DES3("OFB"), DES3("CTR"), DES3("CMAC"),
        DES3("M6"), DES3("M7"),
    };
#undef DES3
    return names[i];
}

const struct zc_family zc_family_des = {
    .name = "DES",
    .first = ZC_ALGO_DES_ECB,
    .last = ZC_ALGO_DES_CMAC,
    .query = query,
    .algo_name = algo_name,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
    .stat_first = ZC_STAT_ROW_DES,
    .stat_count = ZC_STAT_DES_MODES * 3,
    .stat_name = stat_name,
    .stat_op = zc_family_op_cipher,
};
