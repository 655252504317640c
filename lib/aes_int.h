/*
 * aes_int.h - the AES key object as the mode files see it.
 *
 * lib/aes.c prepares keys and runs ECB, CBC, CTR, CFB and OFB; the other
 * modes live in files of their own and use these helpers, so that the
 * backend rules and the parameter-block handling exist once.
 */
#ifndef ZC_AES_INT_H
#define ZC_AES_INT_H

#include "caps.h"
#include "util.h"
#include "sw/aes_ct64.h"
#include <zcrypt/aes.h>

#define ZC_AES_MAGIC 0x7a636b31u   /* "zck1" */

enum { ZC_AES_KIND_CLEAR = 1 };

/*
 * Modes as the key's zc_cpacf_modes bits and as backend-query rows. The
 * public enum zc_aes_mode numbers the first five; the rest follow.
 */
enum zc_aes_imode {
    ZC_AES_IM_ECB = ZC_AES_ECB,
    ZC_AES_IM_CBC = ZC_AES_CBC,
    ZC_AES_IM_CTR = ZC_AES_CTR,
    ZC_AES_IM_CFB = ZC_AES_CFB,
    ZC_AES_IM_OFB = ZC_AES_OFB,
    ZC_AES_IM_XTS = ZC_AES_XTS,
    ZC_AES_IM_GCM = ZC_AES_GCM,       /* KMCTR + KIMD-GHASH */
    ZC_AES_IM_CMAC = ZC_AES_CMAC,
    ZC_AES_IM_GCM_KMA,                /* KMA-GCM, used after its self-test */
    ZC_AES_IM_COUNT
};

/* CPACF parameter-block room: chaining value (16) + key (32) + WKVP (32). */
#define ZC_AES_PB_MAX 80

/* The (instruction, function code) pairs a mode needs for a key size;
 * returns their number, 0 for a key size the mode has no CPACF form of. */
unsigned zc_aes_mode_need(enum zc_aes_imode mode, size_t key_len,
                          struct zc_cpacf_need need[3]);

/* 1 when k is an initialised key. */
static inline int zc_aes_key_valid(const zc_aes_key *k)
{
    return k != NULL && k->zc_magic == ZC_AES_MAGIC;
}

/*
 * Where a mode call on k runs: ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE, or
 * ZC_ENOTSUP (a ZC_BACKEND_CPACF key whose mode instruction is missing).
 */
static inline int zc_aes_mode_select(const zc_aes_key *k, enum zc_aes_imode mode)
{
    if (k->zc_cpacf_modes >> mode & 1)
        return ZC_BACKEND_CPACF;
    if (k->zc_strict)
        return ZC_ENOTSUP;
    return ZC_BACKEND_SOFTWARE;
}

/*
 * Copy the key part of a CPACF parameter block to dst and return the
 * function code to use. One place, so that protected keys (a snapshot of
 * wrapped key + verification pattern) slot in here.
 */
static inline unsigned long zc_aes_pb_key(const zc_aes_key *k, uint8_t *dst)
{
    memcpy(dst, k->zc_key, k->zc_key_len);
    return k->zc_fc;
}

/*
 * The one-time known-answer self-test of KMA-GCM for a key size (16, 24,
 * 32): 1 when it passed in this process. Runs at most once per size.
 */
int zc_aes_gcm_kma_selftest(unsigned key_len);

/* Bytes zc_aes_pb_key() writes: where the next parameter-block field goes. */
static inline size_t zc_aes_pb_key_len(const zc_aes_key *k)
{
    return k->zc_key_len;
}

/* Encrypt nblocks blocks with the key's block function (KM or software). */
void zc_aes_encrypt_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks);

/* The common argument rules of the stream modes; ZC_OK or ZC_EINVAL. */
static inline int zc_aes_args(const zc_aes_key *k, const uint8_t *in, const uint8_t *out,
                              size_t len)
{
    if (!zc_aes_key_valid(k) || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len))
        return ZC_EINVAL;
    return ZC_OK;
}

#endif /* ZC_AES_INT_H */
