/*
 * facility.h - STFLE and the facility bits libzcrypt cares about.
 *
 * s390x only (or the test build with the software stand-in, ZC_CPACF_SIM).
 * STFLE may be issued only where the platform says so (Linux:
 * HWCAP_S390_STFLE in AT_HWCAP); the caller checks that.
 */
#ifndef ZC_ASM_FACILITY_H
#define ZC_ASM_FACILITY_H

#include <stdint.h>

#define ZC_FAC_STFLE      7    /* STORE FACILITY LIST EXTENDED */
#define ZC_FAC_MSA       17    /* KM, KMC, KIMD, KLMD, KMAC */
#define ZC_FAC_MSA5      57    /* PRNO */
#define ZC_FAC_MSA3      76    /* PCKMO, encrypted-key functions */
#define ZC_FAC_MSA4      77    /* KMCTR, KMF, KMO, PCC */
#define ZC_FAC_MSA12     86
#define ZC_FAC_VX       129    /* vector facility */
#define ZC_FAC_VXE      135    /* vector-enhancements 1 */
#define ZC_FAC_MSA8     146    /* KMA */
#define ZC_FAC_MSA9     155    /* KDSA */

#define ZC_STFLE_DWORDS   4    /* bits 0..255 */

/*
 * Store the facility list into fac[0..ZC_STFLE_DWORDS-1] (the rest zeroed
 * by the machine or left as is). Returns the number of doublewords the
 * machine has (GR0 + 1), which may exceed ZC_STFLE_DWORDS.
 */
#ifdef ZC_CPACF_SIM
unsigned zc_cpacf_sim_stfle(uint64_t *fac, unsigned ndw);

static inline unsigned zc_stfle(uint64_t fac[ZC_STFLE_DWORDS])
{
    return zc_cpacf_sim_stfle(fac, ZC_STFLE_DWORDS);
}
#else
static inline unsigned zc_stfle(uint64_t fac[ZC_STFLE_DWORDS])
{
    register unsigned long r0 __asm__("0") = ZC_STFLE_DWORDS - 1;

    __asm__ __volatile__(".insn s,0xb2b00000,0(%[fac])"
                         : "+d"(r0), "=m"(*(uint64_t(*)[ZC_STFLE_DWORDS])fac)
                         : [fac] "a"(fac)
                         : "cc");
    return (unsigned)r0 + 1;
}
#endif

/* Bit nr of a facility list (bit 0 is the leftmost bit of fac[0]). */
static inline int zc_fac_test(const uint64_t fac[ZC_STFLE_DWORDS], unsigned nr)
{
    if (nr >= 64 * ZC_STFLE_DWORDS)
        return 0;
    return (int)((fac[nr / 64] >> (63 - nr % 64)) & 1);
}

#endif /* ZC_ASM_FACILITY_H */
