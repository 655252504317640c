/*
 * hash_cpacf.c - the hash family's issuing helpers: every KIMD, KLMD and
 * KMAC of hash/ goes through one of these, and no other file of hash/
 * issues an instruction.
 *
 * Each helper issues one instruction on a parameter block that its caller
 * owns (the context's state in place, or a block on the caller's stack)
 * and turns what the asm/cpacf.h wrapper returns into a result code. The
 * wrappers already resume after cc 3. KIMD and KLMD have no key field,
 * and KMAC-HMAC runs only clear keys here, so nothing may stop them
 * early: a short count fails closed (ZC_EDEVICE) and the caller wipes
 * what it holds. The helpers are flat and small because they sit on the
 * hot paths: the one-shot SHA-1/2 is one call of zc_hash_cpacf_klmd,
 * which is a single KLMD.
 */
#include "hash_int.h"
#include "asm/cpacf.h"

#ifdef ZC_HAVE_CPACF

/* A wrapper's answer for len bytes as a result code: -1 is a length the
 * instruction would reject, with nothing issued. */
static int digest_rc(long n, size_t len)
{
    return n == (long)len ? ZC_OK : n < 0 ? ZC_EINVAL : ZC_EDEVICE;
}

int zc_hash_cpacf_kimd(unsigned fc, void *pb, const uint8_t *p, size_t len)
{
    return digest_rc(zc_kimd(fc, pb, p, len), len);
}

int zc_hash_cpacf_klmd(unsigned fc, void *pb, const uint8_t *p, size_t len)
{
    /* SHAKE (36, 37) writes through an output operand, which this call
     * has not: refused, as is any code above SHA3-512, and the wrapper
     * then needs only its short form. */
    if (fc > ZC_FC_SHA3_512)
        return ZC_EINVAL;
    return digest_rc(zc_klmd(fc, pb, p, len, NULL, 0), len);
}

int zc_hash_cpacf_shake(unsigned fc, void *pb, const uint8_t *p, size_t len, uint8_t *out,
                        size_t out_len)
{
    return digest_rc(zc_klmd(fc, pb, p, len, out, out_len), len);
}

int zc_hash_cpacf_kmac(unsigned long gr0, void *pb, const uint8_t *p, size_t len)
{
    return zc_kmac(gr0, pb, p, len) == (long)len ? ZC_OK : ZC_EDEVICE;
}

#endif /* ZC_HAVE_CPACF */
