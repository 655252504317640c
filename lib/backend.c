/*
 * backend.c - the backend query: where ZC_BACKEND_AUTO runs an algorithm.
 *
 * Each family says which CPACF instructions and function codes it needs;
 * caps.c says whether they are usable here and, if not, why.
 */
#include "caps.h"
#include "hash_int.h"
#include "aes_int.h"
#include "../asm/cpacf.h"

int zc_backend_query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    struct zc_cpacf_need need[3];
    const struct zc_hash_desc *d;
    unsigned n;

    if (info == NULL)
        return ZC_EINVAL;
    if (algo >= ZC_ALGO_AES_ECB && algo <= ZC_ALGO_AES_OFB) {
        n = zc_aes_mode_need((enum zc_aes_imode)(algo - ZC_ALGO_AES_ECB), key_len, need);
        if (n == 0)
            return ZC_EINVAL;
        zc_caps_decide(need, n, info);
        return ZC_OK;
    }
    if (algo == ZC_ALGO_RANDOM) {
        need[0].insn = ZC_INSN_PRNO;
        need[0].fc = ZC_FC_PRNO_TRNG;
        zc_caps_decide(need, 1, info);
        return ZC_OK;
    }
    d = (unsigned)algo <= ZC_ALGO_SHA512_256 ? zc_hash_desc((enum zc_hash_alg)algo) : NULL;
    if (d == NULL)
        return ZC_EINVAL;
    zc_hash_cpacf_need(d, need);
    zc_caps_decide(need, 2, info);
    return ZC_OK;
}

const char *zc_algo_name(enum zc_algo algo)
{
    if (algo == ZC_ALGO_RANDOM)
        return "random";
    static const char *const aes[] = { "AES-ECB", "AES-CBC", "AES-CTR", "AES-CFB", "AES-OFB" };

    if ((unsigned)algo <= ZC_ALGO_SHA512_256)
        return zc_hash_name((enum zc_hash_alg)algo);
    if (algo >= ZC_ALGO_AES_ECB && algo <= ZC_ALGO_AES_OFB)
        return aes[algo - ZC_ALGO_AES_ECB];
    return "unknown";
}
