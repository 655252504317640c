/*
 * rsa_family.c - RSA as the core sees it (core/family.h): a Crypto
 * Express adapter when one is online (asked at each query, as an AUTO
 * key decides per operation), else software; CPACF has no RSA.
 */
#include "core/family.h"
#include "core/platform.h"
#include "core/stats.h"

#include <zcrypt/rsa.h>

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    static const enum zc_reason why[] = {
        [ZC_CEX_ONLINE] = ZC_REASON_CEX,
        [ZC_CEX_NO_INTERFACE] = ZC_REASON_CEX_NO_INTERFACE,
        [ZC_CEX_NO_DEVICE] = ZC_REASON_CEX_NO_DEVICE,
        [ZC_CEX_NO_ADAPTER] = ZC_REASON_CEX_NO_ADAPTER,
        [ZC_CEX_FAILED] = ZC_REASON_CEX_FAILED,
    };
    enum zc_cex_state st;

    (void)algo;
    if (key_len < ZC_RSA_MIN_BITS / 8 || key_len > ZC_RSA_MAX_BITS / 8)
        return ZC_EINVAL;
    st = zc_plat_cex_state();
    info->reason = (unsigned)st < sizeof why / sizeof why[0] ? why[st] : ZC_REASON_CEX_FAILED;
    if (st == ZC_CEX_ONLINE && key_len > ZC_CEX_MAX_LEN)
        info->reason = ZC_REASON_CEX_KEY_SIZE;
    info->backend = info->reason == ZC_REASON_CEX ? ZC_BACKEND_CEX : ZC_BACKEND_SOFTWARE;
    info->insn = ZC_INSN_COUNT;         /* CPACF has no RSA */
    info->fc = 0;
    return ZC_OK;
}

/* Modulus bytes: 1024 to 4096 bits (what adapters take), and 8192. */
static const struct zc_family_row rows[] = {
    { ZC_ALGO_RSA, 128 }, { ZC_ALGO_RSA, 256 }, { ZC_ALGO_RSA, 384 }, { ZC_ALGO_RSA, 512 },
    { ZC_ALGO_RSA, 1024 },
};

static const char *stat_name(unsigned i)
{
    static const char *const names[ZC_STAT_RSA_SIZES] = {
        "RSA-1024", "RSA-2048", "RSA-3072", "RSA-4096", "RSA-other"
    };

    return names[i];
}

/* The two directions are the key's halves. */
static const char *stat_op(unsigned i, unsigned dir)
{
    (void)i;
    return dir ? "public" : "private";
}

const struct zc_family zc_family_rsa = {
    .name = "RSA",
    .first = ZC_ALGO_RSA,
    .last = ZC_ALGO_RSA,
    .query = query,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
    .stat_first = ZC_STAT_ROW_RSA,
    .stat_count = ZC_STAT_RSA_SIZES,
    .stat_name = stat_name,
    .stat_op = stat_op,
};
