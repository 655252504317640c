/*
 * policy.h - the hardware-only policy as the families ask it
 * (core/policy.c; the public calls are in zcrypt/stats.h).
 */
#ifndef ZC_CORE_POLICY_H
#define ZC_CORE_POLICY_H

/*
 * 1 while the hardware-only policy is on: callers about to run software
 * return ZC_ENOTSUP instead (zc_random_bytes() never asks).
 */
int zc_policy_hw_only(void);

#endif /* ZC_CORE_POLICY_H */
