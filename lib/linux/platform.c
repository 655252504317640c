/*
 * platform.c - the platform interface (lib/platform.h) for Linux user
 * space: auxv for STFLE, the environment for ZCRYPT_CAPS, getrandom().
 */
#define _GNU_SOURCE
#include "../platform.h"

#include <zcrypt/common.h>

#include <errno.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/random.h>

int zc_plat_stfle_allowed(void)
{
#if defined(__s390x__) && defined(HWCAP_S390_STFLE)
    return (getauxval(AT_HWCAP) & HWCAP_S390_STFLE) != 0;
#else
    return 0;
#endif
}

int zc_plat_privileged(void)
{
    return 0;                  /* user space never issues PCKMO */
}

const char *zc_plat_caps_env(void)
{
    return getenv("ZCRYPT_CAPS");
}

int zc_plat_getrandom(void *buf, size_t len)
{
    unsigned char *p = buf;

    while (len) {
        /* getrandom() returns at most 32 MiB per call; loop on short
         * reads and on EINTR, fail on anything else. */
        ssize_t n = getrandom(p, len, 0);

        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno == ENOSYS ? ZC_ENOTSUP : ZC_EDEVICE;
        }
        p += n;
        len -= (size_t)n;
    }
    return ZC_OK;
}
