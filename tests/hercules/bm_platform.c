/*
 * bm_platform.c - the library's platform interface (lib/platform.h) for a
 * supervisor-state program with no operating system.
 */
#include <stddef.h>

#include <zcrypt.h>
#include "platform.h"

#ifndef ZC_ENOTSUP
#define ZC_ENOTSUP (-2)
#endif

/* No OS in the way: STFLE is never intercepted. */
int zc_plat_stfle_allowed(void)
{
    return 1;
}

/* bm_main runs in supervisor state, so PCKMO may be issued. */
int zc_plat_privileged(void)
{
    return 1;
}

/*
 * There is no environment. A variant image may be built with
 * -DBM_CAPS="\"...\"" to test how the core applies a ZCRYPT_CAPS mask.
 */
const char *zc_plat_caps_env(void)
{
#ifdef BM_CAPS
    return BM_CAPS;
#else
    return NULL;
#endif
}

/* No kernel, no entropy source. */
int zc_plat_getrandom(void *buf, size_t len)
{
    (void)buf;
    (void)len;
    return ZC_ENOTSUP;
}
