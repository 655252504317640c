/*
 * sim_platform.c - the platform of the test build with the CPACF stand-in:
 * STFLE "may be issued" (it goes to tests/sim/cpacf_sim.c), nothing is
 * privileged. It replaces lib/linux/auxv.c; the environment and
 * getrandom() are Linux's as usual.
 */
#include "platform.h"

int zc_plat_stfle_allowed(void)
{
    return 1;
}

int zc_plat_privileged(void)
{
    return 0;
}
