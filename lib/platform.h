/*
 * platform.h - what the freestanding core asks of its environment.
 *
 * The core (lib/ minus lib/linux/) uses no libc beyond memcpy/memset/memcmp.
 * Everything that depends on an operating system is behind these calls:
 * lib/linux/ (auxv.c, env.c, getrandom.c) implements them for Linux user
 * space, and the bare-metal test harness (tests/hercules/) implements them
 * for a supervisor-state program with no OS at all.
 */
#ifndef ZC_PLATFORM_H
#define ZC_PLATFORM_H

#include <stddef.h>

/*
 * 1 when STFLE may be issued. On Linux: AT_HWCAP has HWCAP_S390_STFLE.
 * Bare metal: always 1. Never 1 on other architectures.
 */
int zc_plat_stfle_allowed(void);

/*
 * 1 when the code runs in supervisor state and may issue privileged
 * instructions (PCKMO). Linux user space: 0, always.
 */
int zc_plat_privileged(void);

/* The ZCRYPT_CAPS value, or NULL when unset. Read once by the core. */
const char *zc_plat_caps_env(void);

/*
 * Fill buf with len bytes from the kernel's random source (getrandom).
 * Returns ZC_OK, or a negative ZC_E* code (ZC_ENOTSUP where there is none).
 */
int zc_plat_getrandom(void *buf, size_t len);

#endif /* ZC_PLATFORM_H */
