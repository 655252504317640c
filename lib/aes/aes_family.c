/*
 * aes_family.c - the AES family as the core sees it (core/family.h):
 * where ZC_BACKEND_AUTO runs each mode, the modes' names, the rows a
 * report lists, the self-tests of KMA-GCM and full XTS, and the names of
 * the statistics rows; and the same query for protected keys.
 */
#include "aes_int.h"
#include "core/family.h"

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    struct zc_cpacf_need need[3];
    unsigned n;

    if (algo == ZC_ALGO_AES_GCM) {
        /* KMA first, if installed and its self-test passed */
        int st = -1;

        n = zc_aes_mode_need(ZC_AES_IM_GCM_KMA, key_len, 0, need);
        if (n == 0)
            return ZC_EINVAL;
        zc_caps_decide(need, n, info);
        if (info->backend == ZC_BACKEND_CPACF) {
            st = zc_aes_gcm_kma_selftest((unsigned)key_len, 0);
            if (st)
                return ZC_OK;
        }
        n = zc_aes_mode_need(ZC_AES_IM_GCM, key_len, 0, need);
        zc_caps_decide_mode(need, n, info);
        if (info->backend != ZC_BACKEND_CPACF && st == 0) {
            info->reason = ZC_REASON_SELFTEST;
            info->insn = ZC_INSN_KMA;
            info->fc = need[0].fc;
        }
        return ZC_OK;
    }
    n = zc_aes_mode_need((enum zc_aes_imode)(algo - ZC_ALGO_AES_ECB), key_len, 0, need);
    if (n == 0)
        return ZC_EINVAL;
    zc_caps_decide_mode(need, n, info);
    /* XTS on clear keys: full XTS (KM 82/84) once its self-test passed */
    if (algo == ZC_ALGO_AES_XTS && info->backend == ZC_BACKEND_CPACF &&
        zc_aes_fxts_selftest((unsigned)key_len))
        info->fc = key_len == 16 ? ZC_FC_FXTS_AES_128 : ZC_FC_FXTS_AES_256;
    return ZC_OK;
}

/* The same for a protected key: the encrypted-key function codes. */
int zc_aes_protected_query(enum zc_aes_mode mode, size_t key_len,
                           struct zc_backend_info *info)
{
    struct zc_cpacf_need need[3];
    unsigned n;

    if (info == NULL || (unsigned)mode > ZC_AES_CCM)
        return ZC_EINVAL;
    if (mode == ZC_AES_GCM) {               /* KMA first, after its self-test */
        n = zc_aes_mode_need(ZC_AES_IM_GCM_KMA, key_len, 1, need);
        if (n == 0)
            return ZC_EINVAL;
        zc_caps_decide(need, n, info);
        if (info->backend == ZC_BACKEND_CPACF && zc_aes_gcm_kma_selftest((unsigned)key_len, 1))
            return ZC_OK;
    }
    n = zc_aes_mode_need((enum zc_aes_imode)mode, key_len, 1, need);
    if (n == 0)
        return ZC_EINVAL;
    zc_caps_decide(need, n, info);
    return ZC_OK;
}

/* The public modes, in ZC_ALGO_AES_* order (aes_int.h asserts it). */
static const char *algo_name(enum zc_algo algo)
{
    static const char *const names[ZC_AES_CCM + 1] = {
        "AES-ECB", "AES-CBC", "AES-CTR", "AES-CFB", "AES-OFB",
        "AES-XTS", "AES-GCM", "AES-CMAC", "AES-CCM",
    };

    return names[algo - ZC_ALGO_AES_ECB];
}

#define SIZES(a) { a, 16 }, { a, 24 }, { a, 32 }
static const struct zc_family_row rows[] = {
    SIZES(ZC_ALGO_AES_ECB), SIZES(ZC_ALGO_AES_CBC), SIZES(ZC_ALGO_AES_CTR),
    SIZES(ZC_ALGO_AES_CFB), SIZES(ZC_ALGO_AES_OFB),
    { ZC_ALGO_AES_XTS, 16 }, { ZC_ALGO_AES_XTS, 32 },      /* XTS has no AES-192 */
    SIZES(ZC_ALGO_AES_GCM), SIZES(ZC_ALGO_AES_CMAC), SIZES(ZC_ALGO_AES_CCM),
};
#undef SIZES

static int kma_selftest(unsigned fc)
{
    return zc_aes_gcm_kma_selftest(16 + 8 * (fc - ZC_FC_KMA_GCM_AES_128), 0);
}

static int fxts_selftest(unsigned fc)
{
    return zc_aes_fxts_selftest(fc == ZC_FC_FXTS_AES_128 ? 16 : 32);
}

static int pxts_selftest(unsigned fc)
{
    return zc_aes_pxts_selftest(fc == ZC_FC_ENC_FXTS_AES_128 ? 16 : 32);
}

static const struct zc_selftest_entry selftests[] = {
    { ZC_INSN_KMA, ZC_INSN_KMA, ZC_FC_KMA_GCM_AES_128, kma_selftest },
    { ZC_INSN_KMA, ZC_INSN_KMA, ZC_FC_KMA_GCM_AES_192, kma_selftest },
    { ZC_INSN_KMA, ZC_INSN_KMA, ZC_FC_KMA_GCM_AES_256, kma_selftest },
    { ZC_INSN_KM, ZC_INSN_KM, ZC_FC_FXTS_AES_128, fxts_selftest },
    { ZC_INSN_KM, ZC_INSN_KM, ZC_FC_FXTS_AES_256, fxts_selftest },
    { ZC_INSN_KM, ZC_INSN_KM, ZC_FC_ENC_FXTS_AES_128, pxts_selftest },
    { ZC_INSN_KM, ZC_INSN_KM, ZC_FC_ENC_FXTS_AES_256, pxts_selftest },
};

/* Statistics: 16 mode slots x 3 key sizes; slots without a mode yet
 * print as "M<n>", so that a row keeps its name once a mode takes it. */
static const char *stat_name(unsigned i)
{
#define AES3(m) "AES-128-" m, "AES-192-" m, "AES-256-" m
    static const char *const names[ZC_STAT_AES_MODES * 3] = {
        AES3("ECB"), AES3("CBC"), AES3("CTR"), AES3("CFB"), AES3("OFB"), AES3("XTS"),
        AES3("GCM"), AES3("CMAC"), AES3("CCM"), AES3("M9"), AES3("M10"), AES3("M11"),
        AES3("M12"), AES3("M13"), AES3("M14"), AES3("M15"),
    };
#undef AES3
    return names[i];
}

static const char *stat_op(unsigned i, unsigned dir)
{
    if (i / 3 == ZC_AES_CMAC)
        return "mac";
    return zc_family_op_cipher(i, dir);
}

const struct zc_family zc_family_aes = {
    .name = "AES",
    .first = ZC_ALGO_AES_ECB,
    .last = ZC_ALGO_AES_CCM,
    .query = query,
    .algo_name = algo_name,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
    .selftests = selftests,
    .n_selftests = sizeof(selftests) / sizeof(selftests[0]),
    .stat_first = ZC_STAT_ROW_AES,
    .stat_count = ZC_STAT_AES_MODES * 3,
    .stat_name = stat_name,
    .stat_op = stat_op,
};
