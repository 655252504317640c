/*
 * rand_int.h - what random.c needs from rand_cpacf.c: the one instruction
 * of the random family, kept apart so that random.c is logic only.
 */
#ifndef ZC_RAND_INT_H
#define ZC_RAND_INT_H

#include <stddef.h>
#include <stdint.h>

/* len bytes of PRNO-TRNG conditioned output into out: ZC_OK, or
 * ZC_EDEVICE when the machine gave fewer. Only with ZC_HAVE_CPACF, and
 * only where the caps report PRNO-TRNG. */
int zc_rand_cpacf_trng(uint8_t *out, size_t len);

#endif /* ZC_RAND_INT_H */
