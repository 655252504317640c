/*
 * getrandom.c - the kernel's random source for zc_random_bytes().
 */
#define _GNU_SOURCE
#include "core/platform.h"

#include <zcrypt/common.h>

#include <errno.h>
#include <sys/random.h>

int zc_plat_getrandom(void *buf, size_t len)
{
    unsigned char *p = buf;

    while (len) {
        /* getrandom() returns at most 32 MiB per call: loop on short
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
