/*
 * des_int.h - the DES/TDES key object as the mode files see it.
 *
 * des_key.c prepares a key once (the KM function code for its length, a
 * bit per mode for that mode's own instruction, the clear key, the
 * software schedule); des_modes.c and des_stream.c read those decisions
 * through the inline helpers below, so that the backend rule exists once
 * in des/. Every CPACF instruction a DES mode issues goes through the
 * issuing helpers of des_cpacf.c, which own the parameter blocks and check
 * every result.
 *
 * Calls go one way: des_stream.c calls the mode calls of des_modes.c,
 * des_modes.c calls des_cpacf.c and the software core (des_ct.h), des_key.c
 * the core's key schedule and the caps; the inline helpers here call only
 * lib/core, never a file that includes this header.
 */
#ifndef ZC_DES_INT_H
#define ZC_DES_INT_H

#include "core/caps.h"
#include "core/stats.h"
#include "core/symkey.h"
#include "core/util.h"
#include <zcrypt/des.h>

#define ZC_DES_MAGIC 0x7a636b64u   /* "zckd" */

/*
 * Modes as the key's zc_cpacf_modes bits and the mode argument of
 * zc_des_mode_need (lib/core/caps.h): numbered as the backend query's
 * ZC_ALGO_DES_* rows from ZC_ALGO_DES_ECB (asserted below).
 */
enum zc_des_imode {
    ZC_DES_IM_ECB,
    ZC_DES_IM_CBC,
    ZC_DES_IM_CFB,
    ZC_DES_IM_OFB,
    ZC_DES_IM_CTR,
    ZC_DES_IM_CMAC,
    ZC_DES_IM_COUNT
};

_Static_assert((int)ZC_ALGO_DES_CBC - (int)ZC_ALGO_DES_ECB == (int)ZC_DES_IM_CBC &&
               (int)ZC_ALGO_DES_CFB - (int)ZC_ALGO_DES_ECB == (int)ZC_DES_IM_CFB &&
               (int)ZC_ALGO_DES_OFB - (int)ZC_ALGO_DES_ECB == (int)ZC_DES_IM_OFB &&
               (int)ZC_ALGO_DES_CTR - (int)ZC_ALGO_DES_ECB == (int)ZC_DES_IM_CTR &&
               (int)ZC_ALGO_DES_CMAC - (int)ZC_ALGO_DES_ECB == (int)ZC_DES_IM_CMAC,
               "backend-query rows follow the DES modes");

/* 1 when k is an initialised key. */
static inline int zc_des_key_valid(const zc_des_key *k)
{
    return k != NULL && k->zc_magic == ZC_DES_MAGIC;
}

/*
 * Where a mode call on k runs: ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE, or
 * ZC_ENOTSUP (a ZC_BACKEND_CPACF key whose mode instruction is missing, or
 * software while the hardware-only policy is on). The rule of
 * zc_aes_mode_select (aes/aes_int.h), kept to these three tests so that
 * one copy in lib/core can replace both.
 */
static inline int zc_des_mode_select(const zc_des_key *k, enum zc_des_imode mode)
{
    return zc_symkey_select(k->zc_cpacf_modes, mode, &k->zc_strict);
}

/* ---- the issuing helpers (des_cpacf.c) ---------------------------------
 *
 * Each builds its parameter block on the stack from the clear key, issues
 * the instruction, checks what the wrapper returns and wipes the block.
 * Results: ZC_OK; ZC_EDEVICE for what cannot happen on a clear key (a
 * short count, a condition code the function does not define); ZC_EINVAL
 * for a length or op the wrapper refuses (a caller's bug: lengths are
 * checked before). On error the output is zeroed.
 */

/*
 * KM, KMC, KMF (64-bit segments), KMO, KMCTR or KMAC (op = ZC_OP_*) over
 * len bytes, a multiple of 8. decrypt: 0 or 1, and only its low bit is
 * read (the modifier without a test: this is every mode's hot path).
 * cv: the chaining value (KMC/KMF/KMO/KMAC), updated on success; NULL for
 * KM and KMCTR. ctrs: KMCTR's counter blocks, one per data block. out:
 * NULL for KMAC.
 */
/* The (instruction, fc) pairs a mode needs for a key length, numbered as
 * the ZC_ALGO_DES_* rows from ZC_ALGO_DES_ECB; 0 for a key length or mode
 * without a DES form (des_key.c). */
unsigned zc_des_mode_need(int mode, size_t key_len, struct zc_cpacf_need need[3]);

int zc_des_cpacf_crypt(const zc_des_key *k, unsigned op, int decrypt, uint8_t cv[8],
                       const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs);

/* CMAC's last block: PCC with the chaining value and the n (0..8) pending
 * bytes; the 8-byte MAC into mac. */
int zc_des_cpacf_cmac_last(const zc_des_key *k, const uint8_t cv[8], const uint8_t *last,
                           size_t n, uint8_t mac[8]);

#endif /* ZC_DES_INT_H */
