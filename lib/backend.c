/*
 * backend.c - the backend query: where ZC_BACKEND_AUTO runs an algorithm.
 *
 * Each family says which CPACF instructions and function codes it needs;
 * caps.c says whether they are usable here and, if not, why.
 */
#include <zcrypt/rsa.h>

#include "caps.h"
#include "hash_int.h"
#include "aes_int.h"
#include "platform.h"
#include "stats.h"
#include "../asm/cpacf.h"

/*
 * A mode that does not run on CPACF: when the key's KM function is
 * missing, the mode's own instruction (KMCTR for CTR, KMAC for CMAC, ...)
 * is usually missing too, and that is the question the caller asks; name
 * the first missing one after KM, if any.
 */
static void mode_decide(const struct zc_cpacf_need *need, unsigned n,
                        struct zc_backend_info *info)
{
    unsigned i;

    zc_caps_decide(need, n, info);
    if (info->backend == ZC_BACKEND_CPACF || info->insn != need[0].insn ||
        info->fc != need[0].fc)
        return;
    for (i = 1; i < n; i++) {
        enum zc_reason r = zc_caps_reason(need[i].insn, need[i].fc);

        if (r != ZC_REASON_CPACF) {
            info->insn = need[i].insn;
            info->fc = need[i].fc;
            info->reason = r;
            return;
        }
    }
}

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    struct zc_cpacf_need need[3];
    const struct zc_hash_desc *d;
    unsigned n;

    if (info == NULL)
        return ZC_EINVAL;
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
        mode_decide(need, n, info);
        if (info->backend != ZC_BACKEND_CPACF && st == 0) {
            info->reason = ZC_REASON_SELFTEST;
            info->insn = ZC_INSN_KMA;
            info->fc = need[0].fc;
        }
        return ZC_OK;
    }
    if (algo >= ZC_ALGO_AES_ECB && algo <= ZC_ALGO_AES_CCM) {
        n = zc_aes_mode_need((enum zc_aes_imode)(algo - ZC_ALGO_AES_ECB), key_len, 0, need);
        if (n == 0)
            return ZC_EINVAL;
        mode_decide(need, n, info);
        /* XTS on clear keys: full XTS (KM 82/84) once its self-test passed */
        if (algo == ZC_ALGO_AES_XTS && info->backend == ZC_BACKEND_CPACF &&
            zc_aes_fxts_selftest((unsigned)key_len))
            info->fc = key_len == 16 ? ZC_FC_FXTS_AES_128 : ZC_FC_FXTS_AES_256;
        return ZC_OK;
    }
    if (algo >= ZC_ALGO_DES_ECB && algo <= ZC_ALGO_DES_CMAC) {
        n = zc_des_mode_need((int)(algo - ZC_ALGO_DES_ECB), key_len, need);
        if (n == 0)
            return ZC_EINVAL;
        mode_decide(need, n, info);
        return ZC_OK;
    }
    if (algo == ZC_ALGO_RC4) {
        if (key_len == 0 || key_len > 256)
            return ZC_EINVAL;
        info->backend = ZC_BACKEND_SOFTWARE;
        info->reason = ZC_REASON_SOFTWARE_ONLY;
        info->insn = ZC_INSN_COUNT;         /* no instruction concerned */
        info->fc = 0;
        return ZC_OK;
    }
    if (algo == ZC_ALGO_RSA) {
        if (key_len < ZC_RSA_MIN_BITS / 8 || key_len > ZC_RSA_MAX_BITS / 8)
            return ZC_EINVAL;
        /* asked now: the decision of an AUTO key is made per operation too */
        static const enum zc_reason why[] = {
            [ZC_CEX_ONLINE] = ZC_REASON_CEX,
            [ZC_CEX_NO_INTERFACE] = ZC_REASON_CEX_NO_INTERFACE,
            [ZC_CEX_NO_DEVICE] = ZC_REASON_CEX_NO_DEVICE,
            [ZC_CEX_NO_ADAPTER] = ZC_REASON_CEX_NO_ADAPTER,
            [ZC_CEX_FAILED] = ZC_REASON_CEX_FAILED,
        };
        enum zc_cex_state st = zc_plat_cex_state();

        info->reason = (unsigned)st < sizeof why / sizeof why[0] ? why[st] : ZC_REASON_CEX_FAILED;
        if (st == ZC_CEX_ONLINE && key_len > ZC_CEX_MAX_LEN)
            info->reason = ZC_REASON_CEX_KEY_SIZE;
        info->backend = info->reason == ZC_REASON_CEX ? ZC_BACKEND_CEX : ZC_BACKEND_SOFTWARE;
        info->insn = ZC_INSN_COUNT;         /* CPACF has no RSA */
        info->fc = 0;
        return ZC_OK;
    }
    if (algo == ZC_ALGO_RANDOM) {
        need[0].insn = ZC_INSN_PRNO;
        need[0].fc = ZC_FC_PRNO_TRNG;
        zc_caps_decide(need, 1, info);
        return ZC_OK;
    }
    d = (unsigned)algo <= ZC_ALGO_SHAKE256 ? zc_hash_desc((enum zc_hash_alg)algo) : NULL;
    if (d == NULL)
        return ZC_EINVAL;
    zc_hash_decide(d, info);
    return ZC_OK;
}

int zc_backend_query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    int rc = query(algo, key_len, info);

    /* Under hw-only, what would run in software returns ZC_ENOTSUP;
     * zc_random_bytes() is unaffected. insn and fc still name what is
     * missing. */
    if (rc == ZC_OK && algo != ZC_ALGO_RANDOM && info->backend == ZC_BACKEND_SOFTWARE &&
        zc_policy_hw_only())
        info->reason = ZC_REASON_POLICY;
    return rc;
}

const char *zc_algo_name(enum zc_algo algo)
{
    if (algo == ZC_ALGO_RANDOM)
        return "random";
    static const char *const des[] = { "DES-ECB", "DES-CBC", "DES-CFB", "DES-OFB", "DES-CTR",
                                       "DES-CMAC" };

    if (algo >= ZC_ALGO_DES_ECB && algo <= ZC_ALGO_DES_CMAC)
        return des[algo - ZC_ALGO_DES_ECB];
    if (algo == ZC_ALGO_RC4)
        return "RC4";
    if (algo == ZC_ALGO_RSA)
        return "RSA";
    static const char *const aes[] = { "AES-ECB", "AES-CBC", "AES-CTR", "AES-CFB", "AES-OFB",
                                       "AES-XTS", "AES-GCM", "AES-CMAC", "AES-CCM" };

    if ((unsigned)algo <= ZC_ALGO_SHAKE256)
        return zc_hash_name((enum zc_hash_alg)algo);
    if (algo >= ZC_ALGO_AES_ECB && algo <= ZC_ALGO_AES_CCM)
        return aes[algo - ZC_ALGO_AES_ECB];
    return "unknown";
}

int zc_cpacf_selftest(enum zc_insn insn, unsigned fc)
{
    if ((insn == ZC_INSN_KIMD || insn == ZC_INSN_KLMD) && fc >= ZC_FC_SHA3_224 &&
        fc <= ZC_FC_SHAKE_256) {
        if (zc_caps_reason(ZC_INSN_KIMD, fc) != ZC_REASON_CPACF ||
            zc_caps_reason(ZC_INSN_KLMD, fc) != ZC_REASON_CPACF)
            return -1;
        return zc_hash_sha3_selftest(fc);
    }
    if (insn == ZC_INSN_KMAC && fc >= ZC_FC_HMAC_SHA_224 && fc <= ZC_FC_HMAC_SHA_512) {
        if (zc_caps_reason(insn, fc) != ZC_REASON_CPACF)
            return -1;
        return zc_hmac_kmac_selftest(fc);
    }
    if (insn == ZC_INSN_KM && (fc == ZC_FC_FXTS_AES_128 || fc == ZC_FC_FXTS_AES_256)) {
        if (zc_caps_reason(insn, fc) != ZC_REASON_CPACF)
            return -1;
        return zc_aes_fxts_selftest(fc == ZC_FC_FXTS_AES_128 ? 16 : 32);
    }
    if (insn != ZC_INSN_KMA || fc < ZC_FC_KMA_GCM_AES_128 || fc > ZC_FC_KMA_GCM_AES_256 ||
        zc_caps_reason(insn, fc) != ZC_REASON_CPACF)
        return -1;
    return zc_aes_gcm_kma_selftest(16 + 8 * (fc - ZC_FC_KMA_GCM_AES_128), 0);
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
