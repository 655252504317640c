/*
 * zc_why.h - a library error as the programs say it (included by zc-sum,
 * zc-encrypt, zc-rsa and zc-speed). ZC_ENOTSUP is the code both for what
 * the machine lacks and for what the hardware-only policy refuses; the
 * backend query tells them apart (ZC_REASON_POLICY), so the message can
 * say which.
 */
#ifndef ZC_WHY_H
#define ZC_WHY_H

#include <zcrypt.h>

/* zc_strerror(rc), or the policy's refusal when that is what happened. */
static const char *zc_why(int rc, enum zc_algo algo, size_t key_len)
{
    struct zc_backend_info bi;

    if (rc == ZC_ENOTSUP && zc_backend_query(algo, key_len, &bi) == ZC_OK &&
        bi.reason == ZC_REASON_POLICY)
        return "refused by ZCRYPT_POLICY=hw-only (it would run in software)";
    return zc_strerror(rc);
}

#endif /* ZC_WHY_H */
