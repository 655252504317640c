/*
 * des_cpacf.c - the issuing helpers: every CPACF instruction a DES mode
 * issues goes through one of these, and no other file of des/ calls the
 * asm/cpacf.h wrappers.
 *
 * Each helper builds its parameter block on the stack from the key's
 * clear key (and the chaining value where the instruction has one),
 * issues the instruction, checks what the wrapper returns and wipes the
 * block. DES keys are always clear (the kernel wraps no DES keys), so,
 * unlike AES, there is no verification pattern to go stale and no
 * re-derivation: the wrappers repeat the instruction on cc 3 themselves,
 * nothing else may stop it early, and a short count or an undefined
 * condition code fails the call closed with ZC_EDEVICE.
 */
#include "des_int.h"
#include "core/protkey.h"
#include "asm/cpacf_pb.h"
#include "asm/cpacf.h"

#ifdef ZC_HAVE_CPACF

/* One block type for all: KM and KMCTR take the key alone (pb.key), the
 * others the chaining value first (layouts pinned in asm/cpacf_pb.h). */
int zc_des_cpacf_crypt(const zc_des_key *k, unsigned op, int decrypt, uint8_t cv[8],
                       const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs)
{
    struct zc_pb_des_chain pb __attribute__((aligned(8)));
    unsigned long fc = k->zc_fc | (unsigned long)(decrypt & 1) * ZC_CPACF_DECRYPT;
    long n;

    memcpy(pb.key, k->zc_key, k->zc_key_len);
    if (cv != NULL)
        memcpy(pb.cv, cv, 8);
    switch (op) {
    case ZC_OP_KM:    n = zc_km(fc, pb.key, out, in, len); break;
    case ZC_OP_KMCTR: n = zc_kmctr(fc, pb.key, out, in, len, ctrs); break;
    case ZC_OP_KMC:   n = zc_kmc(fc, &pb, out, in, len); break;
    case ZC_OP_KMF:   n = zc_kmf(fc | 8ul << 24, &pb, out, in, len); break;
    case ZC_OP_KMO:   n = zc_kmo(fc, &pb, out, in, len); break;
    case ZC_OP_KMAC:  n = zc_kmac(fc, &pb, in, len); break;
    default:          n = -1; break;
    }
    if (n == (long)len && cv != NULL)
        memcpy(cv, pb.cv, 8);
    zc_wipe(&pb, sizeof(pb));
    if (n == (long)len)
        return ZC_OK;
    if (out != NULL)
        zc_wipe(out, len);
    return zc_cpacf_done(n, len);
}

/* PCC Compute-Last-Block-CMAC: the message length in bits, the pending
 * bytes, the chaining value and the key; the MAC comes back in icv. */
int zc_des_cpacf_cmac_last(const zc_des_key *k, const uint8_t cv[8], const uint8_t *last,
                           size_t n, uint8_t mac[8])
{
    struct zc_pb_pcc_cmac_des pb __attribute__((aligned(8)));
    int cc;

    memset(&pb, 0, sizeof(pb));
    pb.ml = (uint8_t)(n * 8);               /* 0 bits: the empty message */
    memcpy(pb.msg, last, n);
    memcpy(pb.icv, cv, 8);
    memcpy(pb.key, k->zc_key, k->zc_key_len);
    cc = zc_pcc(k->zc_fc, &pb);
    if (cc == 0)
        memcpy(mac, pb.icv, 8);
    zc_wipe(&pb, sizeof(pb));
    return cc == 0 ? ZC_OK : cc < 0 ? ZC_EINVAL : ZC_EDEVICE;
}

#endif /* ZC_HAVE_CPACF */
