/*
 * rand_cpacf.c - the random family's issuing helper: the PRNO-TRNG of
 * zc_random_bytes(), the only instruction rand/ issues.
 *
 * TRNG (function code 114) fills the second operand with conditioned
 * entropy; no raw entropy is asked for (the first operand is 0 long). The
 * wrapper resumes after cc 3, so fewer bytes than asked means the machine
 * failed, and the caller fails closed.
 */
#include "core/caps.h"
#include "rand_int.h"
#include "asm/cpacf.h"

#ifdef ZC_HAVE_CPACF

int zc_rand_cpacf_trng(uint8_t *out, size_t len)
{
    return zc_prno(ZC_FC_PRNO_TRNG, NULL, NULL, 0, out, len) == (long)len ? ZC_OK
                                                                          : ZC_EDEVICE;
}

#endif /* ZC_HAVE_CPACF */
