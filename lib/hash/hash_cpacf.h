/*
 * hash_cpacf.h - the hash family's issuing helpers: every KIMD, KLMD and
 * KMAC of hash/ goes through one of these, and no other file of hash/
 * issues an instruction.
 *
 * Each helper issues one instruction on a parameter block that its caller
 * owns (the context's state in place, or a block on the caller's stack)
 * and turns what the asm/cpacf.h wrapper returns into a result code. The
 * wrappers already resume after cc 3. KIMD and KLMD have no key field,
 * nor has KMAC-HMAC with a clear key (112-115), so nothing may stop them
 * early: a short count fails closed (ZC_EDEVICE) and the caller wipes
 * what it holds. KMAC's encrypted-key HMAC (120-123) stops with cc 1 when
 * the wrapping key changed: zc_hash_cpacf_kmac_prot() then asks the one
 * rule of core/protkey.c for a fresh key field and issues again where the
 * machine stopped, with GR0 as the machine left it (its IKP flag).
 *
 * They are inline, unlike AES's issuing file: the one-shot SHA-1/2 is a
 * single KLMD, and a call around it cost 14 of its 82 library
 * instructions (SHA-512 of 64 bytes under QEMU, tests/bench/insncount.sh).
 * Results: ZC_OK; ZC_EINVAL for a length the instruction would reject
 * (nothing issued); ZC_EDEVICE when it stopped short.
 */
#ifndef ZC_HASH_CPACF_H
#define ZC_HASH_CPACF_H

#include "hash_int.h"
#include "core/protkey.h"
#include "asm/cpacf.h"

#ifdef ZC_HAVE_CPACF

/* KIMD on whole blocks (len a multiple of the block). */
static inline int zc_hash_cpacf_kimd(unsigned fc, void *pb, const uint8_t *p, size_t len)
{
    return zc_cpacf_done(zc_kimd(fc, pb, p, len), len);
}

/* KLMD for SHA-1/2/3, which pads the last len bytes; the digest in pb. */
static inline int zc_hash_cpacf_klmd(unsigned fc, void *pb, const uint8_t *p, size_t len)
{
    /* SHAKE (36, 37) writes through an output operand, which this call
     * has not: refused, as is any code above SHA3-512, and the wrapper
     * then needs only its short form. */
    if (fc > ZC_FC_SHA3_512)
        return ZC_EINVAL;
    return zc_cpacf_done(zc_klmd(fc, pb, p, len, NULL, 0), len);
}

/* KLMD for SHAKE: out_len bytes of output to out. */
static inline int zc_hash_cpacf_shake(unsigned fc, void *pb, const uint8_t *p, size_t len,
                                      uint8_t *out, size_t out_len)
{
    return zc_cpacf_done(zc_klmd(fc, pb, p, len, out, out_len), len);
}

/* KMAC-HMAC with GR0 = gr0 (the function code and its IKP/IIMP flags). */
static inline int zc_hash_cpacf_kmac(unsigned long gr0, void *pb, const uint8_t *p,
                                     size_t len)
{
    return zc_kmac(gr0, pb, p, len) == (long)len ? ZC_OK : ZC_EDEVICE;
}

/*
 * KMAC 120-123: issue until len bytes are done (an intermediate
 * operation) or the MAC is made (a final one), re-deriving key_field (in
 * pb) from src after cc 1. *gr0 keeps the flags the machine sets.
 * ZC_OK; ZC_EKEY when the key cannot be re-derived or two derivations in
 * a row did not help; ZC_EDEVICE for a stop the code does not define.
 */
static inline int zc_hash_cpacf_kmac_prot(unsigned long *gr0, void *pb, uint8_t *key_field,
                                          const uint8_t *p, size_t len,
                                          const struct zc_protkey_src *src)
{
    unsigned stalls = 0;

    for (;;) {
        size_t before = len;
        int cc = zc_kmac_hmac(gr0, pb, &p, &len), rc;

        if (cc == 0)
            return len == 0 ? ZC_OK : ZC_EDEVICE;
        rc = zc_cpacf_stopped(&zc_cc_encrypted_key, cc, (long)(before - len), &stalls, src,
                              key_field);
        if (rc != ZC_OK)
            return rc;
    }
}

#endif /* ZC_HAVE_CPACF */

#endif /* ZC_HASH_CPACF_H */
