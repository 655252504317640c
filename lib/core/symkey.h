/*
 * symkey.h - the backend rules of a symmetric key (AES, DES), written once.
 *
 * A key holds a bit per mode that runs on CPACF for its size and form
 * (bit 0: the key's own block function, KM), decided at init. These rules
 * turn the bits and the backend the caller asked for into what the key
 * keeps, what it reports, and where each mode call runs.
 */
#ifndef ZC_CORE_SYMKEY_H
#define ZC_CORE_SYMKEY_H

#include "policy.h"

#include <zcrypt/common.h>

/*
 * At init: the mode bits a key asked for with backend keeps, given the
 * bits CPACF offers (0 for ZC_BACKEND_SOFTWARE, which does not ask).
 * Without KM nothing runs on CPACF: a CPACF-only key is refused, any other
 * runs in software, which the hardware-only policy refuses. ZC_OK with
 * *modes set, or ZC_ENOTSUP.
 */
static inline int zc_symkey_modes(enum zc_backend backend, unsigned cpacf, unsigned *modes)
{
    if (backend != ZC_BACKEND_SOFTWARE && !(cpacf & 1)) {
        if (backend == ZC_BACKEND_CPACF)
            return ZC_ENOTSUP;
        cpacf = 0;
    }
    if (cpacf == 0 && zc_policy_hw_only())      /* it would run in software */
        return ZC_ENOTSUP;
    *modes = cpacf;
    return ZC_OK;
}

/* The backend a key reports: what AUTO became, else what was asked. */
static inline uint8_t zc_symkey_backend(enum zc_backend backend, unsigned modes)
{
    if (backend == ZC_BACKEND_AUTO)
        return modes ? ZC_BACKEND_CPACF : ZC_BACKEND_SOFTWARE;
    return (uint8_t)backend;
}

/*
 * Where a call of mode runs: ZC_BACKEND_CPACF when its bit is set, else
 * ZC_ENOTSUP for a strict (CPACF-only or protected) key or while the
 * hardware-only policy is on, else ZC_BACKEND_SOFTWARE. The key's strict
 * flag comes by pointer: as a value, gcc loaded it before the bit test,
 * one instruction more on every CPACF call (tests/bench/insncount.sh).
 */
static inline int zc_symkey_select(unsigned modes, unsigned mode, const uint8_t *strict)
{
    if (modes >> mode & 1)
        return ZC_BACKEND_CPACF;
    if (*strict || zc_policy_hw_only())
        return ZC_ENOTSUP;
    return ZC_BACKEND_SOFTWARE;
}

#endif /* ZC_CORE_SYMKEY_H */
