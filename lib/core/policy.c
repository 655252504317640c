/*
 * policy.c - the hardware-only policy (zcrypt/stats.h).
 *
 * One process-wide word, read with relaxed atomics: the policy is a switch
 * set at start-up or by an administrator's call, not something two threads
 * race on meaningfully, and the word is read only on paths that are about
 * to run software anyway. ZCRYPT_POLICY is read once, through the platform.
 */
#include "platform.h"
#include "stats.h"

/* -1: ZCRYPT_POLICY not read yet; else an enum zc_policy value. */
static int policy = -1;

static int env_policy(void)
{
    const char *v = zc_plat_policy_env();
    static const char hw[] = "hw-only";
    unsigned i;

    if (v == NULL)
        return ZC_POLICY_ANY;
    for (i = 0; i < sizeof(hw); i++)        /* the NUL included: an exact match */
        if (v[i] != hw[i])
            return ZC_POLICY_ANY;
    return ZC_POLICY_HW_ONLY;
}

enum zc_policy zc_policy_get(void)
{
    int p = __atomic_load_n(&policy, __ATOMIC_RELAXED);

    if (p < 0) {
        int expect = -1;

        p = env_policy();
        /* A zc_policy_set() meanwhile wins over the environment. */
        if (!__atomic_compare_exchange_n(&policy, &expect, p, 0, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED))
            p = expect;
    }
    return (enum zc_policy)p;
}

int zc_policy_set(enum zc_policy p)
{
    if (p != ZC_POLICY_ANY && p != ZC_POLICY_HW_ONLY)
        return ZC_EINVAL;
    __atomic_store_n(&policy, (int)p, __ATOMIC_RELAXED);
    return ZC_OK;
}

int zc_policy_hw_only(void)
{
    return zc_policy_get() == ZC_POLICY_HW_ONLY;
}
