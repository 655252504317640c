/*
 * env.c - the ZCRYPT_CAPS environment variable. It can only remove
 * capabilities, so a plain getenv() (not secure_getenv) is safe even in
 * set-uid programs: the worst it can do is make them use software.
 * ZCRYPT_STATS only switches counting on, and ZCRYPT_POLICY can only
 * refuse work (hw-only), so the same holds for them.
 */
#include "core/platform.h"

#include <stdlib.h>

const char *zc_plat_caps_env(void)
{
    return getenv("ZCRYPT_CAPS");
}

const char *zc_plat_stats_env(void)
{
    return getenv("ZCRYPT_STATS");
}

const char *zc_plat_policy_env(void)
{
    return getenv("ZCRYPT_POLICY");
}
