/*
 * auxv.c - what the kernel says this process may execute: STFLE only when
 * AT_HWCAP has HWCAP_S390_STFLE, and never a privileged instruction.
 */
#include "core/platform.h"

#include <sys/auxv.h>

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
