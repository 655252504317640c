/*
 * aes_int.h - the AES key object as the mode files see it.
 *
 * lib/aes.c prepares keys and runs ECB, CBC, CTR, CFB and OFB; the other
 * modes live in files of their own and use these helpers, so that the
 * backend rules exist once. Every CPACF instruction an AES mode issues goes
 * through the issuing helpers of lib/aes_cpacf.c, which own the parameter
 * blocks, check every result and resume after a stop.
 *
 * Calls go one way: the mode files call lib/aes.c and lib/aes_cpacf.c;
 * lib/aes_cpacf.c calls only the inline key helpers below.
 */
#ifndef ZC_AES_INT_H
#define ZC_AES_INT_H

#include "core/caps.h"
#include "asm/cpacf_pb.h"
#include "asm/cpacf.h"
#include "core/stats.h"
#include "core/util.h"
#include "aes_ct64.h"
#include <zcrypt/aes.h>
#include <zcrypt/aes_protected.h>

#define ZC_AES_MAGIC 0x7a636b31u   /* "zck1" */

/* What a key holds: zc_kind, the public enum zc_aes_key_kind's values. */
enum {
    ZC_AES_KIND_CLEAR = ZC_AES_KEY_CLEAR,
    ZC_AES_KIND_PROTECTED = ZC_AES_KEY_PROTECTED,  /* source: the clear key in zc_key */
    ZC_AES_KIND_SECURE = ZC_AES_KEY_SECURE,        /* source: the blob in zc_src */
    ZC_AES_KIND_EPHEMERAL = ZC_AES_KEY_EPHEMERAL,  /* no source */
};

/*
 * Modes as the key's zc_cpacf_modes bits. The public enum zc_aes_mode and
 * the backend query's ZC_ALGO_AES_* rows number the same modes in the same
 * order (asserted below); KMA-GCM is an internal row of its own.
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
    ZC_AES_IM_CCM = ZC_AES_CCM,       /* KMAC + KMCTR */
    ZC_AES_IM_GCM_KMA,                /* KMA-GCM, used after its self-test */
    ZC_AES_IM_COUNT
};

/* The internal modes are the public ones by definition (above); the
 * backend query's rows must follow them too. */
_Static_assert((int)ZC_ALGO_AES_CMAC - (int)ZC_ALGO_AES_ECB == (int)ZC_AES_CMAC &&
               (int)ZC_ALGO_AES_CCM - (int)ZC_ALGO_AES_ECB == (int)ZC_AES_CCM &&
               (int)ZC_ALGO_AES_GCM - (int)ZC_ALGO_AES_ECB == (int)ZC_AES_GCM &&
               (int)ZC_ALGO_AES_XTS - (int)ZC_ALGO_AES_ECB == (int)ZC_AES_XTS,
               "backend-query rows follow the AES modes");

/* Every function code of a key size, by name (0: the size has no such form). */
struct zc_aes_fcs {
    uint8_t key_len;
    uint8_t fc, enc;            /* KM family: clear, encrypted key */
    uint8_t xts, enc_xts;       /* KM-XTS and PCC-XTS */
    uint8_t kma, enc_kma;       /* KMA-GCM */
};

/* The function codes of a key size; NULL for a size AES does not have. */
const struct zc_aes_fcs *zc_aes_fcs_of(size_t key_len);

/* The (instruction, function code) pairs a mode needs for a key size, in
 * the encrypted-key (protected) form when prot is set; returns their
 * number, 0 for a key size the mode has no CPACF form of. */
unsigned zc_aes_mode_need(enum zc_aes_imode mode, size_t key_len, int prot,
                          struct zc_cpacf_need need[3]);

/* 1 for the protected kinds (the key field is wrapped key + WKVP). */
static inline int zc_aes_key_protected(const zc_aes_key *k)
{
    return k->zc_kind >= ZC_AES_KIND_PROTECTED && k->zc_kind <= ZC_AES_KIND_EPHEMERAL;
}

/* 1 when k is an initialised key. */
static inline int zc_aes_key_valid(const zc_aes_key *k)
{
    return k != NULL && k->zc_magic == ZC_AES_MAGIC;
}

/*
 * Where a mode call on k runs: ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE, or
 * ZC_ENOTSUP (a ZC_BACKEND_CPACF key whose mode instruction is missing, or
 * software while the hardware-only policy is on).
 */
static inline int zc_aes_mode_select(const zc_aes_key *k, enum zc_aes_imode mode)
{
    if (k->zc_cpacf_modes >> mode & 1)
        return ZC_BACKEND_CPACF;
    if (k->zc_strict || zc_policy_hw_only())
        return ZC_ENOTSUP;
    return ZC_BACKEND_SOFTWARE;
}

/* Count a mode call on k that runs on b (zc_aes_mode_select's answer). */
static inline void zc_aes_stat(const zc_aes_key *k, enum zc_aes_imode mode, int b,
                               int decrypt, size_t len)
{
    /* The row and backend are worked out only when counting is on. */
    if (__builtin_expect(__atomic_load_n(&zc_stats_state, __ATOMIC_RELAXED) != 0, 0))
        zc_stat_add((enum zc_algo)(ZC_ALGO_AES_ECB + (mode == ZC_AES_IM_GCM_KMA ? ZC_AES_IM_GCM
                                                                               : mode)),
                  k->zc_key_len, zc_stat_be(b, zc_aes_key_protected(k)), decrypt != 0, len);
}

/*
 * A consistent copy of a protected key's current wrapped key and
 * verification pattern into dst (zc_prot_len bytes). Lock-free: it never
 * waits for a thread that publishes a fresh key (lib/aes_key.c).
 */
void zc_aes_prot_snapshot(const zc_aes_key *k, uint8_t *dst);

/*
 * Copy the key field of a CPACF parameter block to dst and return the
 * function code to use: the clear key, or a snapshot of the protected one.
 */
static inline unsigned long zc_aes_pb_key(const zc_aes_key *k, uint8_t *dst)
{
    if (zc_aes_key_protected(k))
        zc_aes_prot_snapshot(k, dst);
    else
        memcpy(dst, k->zc_key, k->zc_key_len);
    return k->zc_fc;
}

/* Bytes zc_aes_pb_key() writes: where the next parameter-block field goes. */
static inline size_t zc_aes_pb_key_len(const zc_aes_key *k)
{
    return zc_aes_key_protected(k) ? k->zc_prot_len : k->zc_key_len;
}

/*
 * After cc 1 (the key field's verification pattern no longer matches the
 * firmware's wrapping key), put a fresh key field into dst: a protected
 * key is derived again from its source and offered to the key object for
 * other callers. ZC_OK; ZC_EKEY when it cannot be derived (no source, or
 * the source fails); ZC_EDEVICE for a clear key, which cannot meet cc 1:
 * the machine answered what cannot happen, so the call fails closed.
 */
int zc_aes_pb_rederive(const zc_aes_key *k, uint8_t *dst);

/*
 * The one-time known-answer self-test of KMA-GCM for a key size (16, 24,
 * 32), with the clear or (prot) the encrypted-key function code: 1 when it
 * passed in this process. Runs at most once per size and form. Lives with
 * the GCM code (lib/aes_gcm.c).
 */
int zc_aes_gcm_kma_selftest(unsigned key_len, int prot);

/*
 * Encrypt nblocks blocks with the key's block function (KM or software).
 * ZC_OK, or the issuing helper's error (CPACF).
 */
int zc_aes_encrypt_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
                          size_t nblocks);

/* ---- the issuing helpers (lib/aes_cpacf.c) --------------------------------
 *
 * Each builds its parameter block on the stack from the key, issues the
 * instruction, checks what the wrapper returns, and after a short count
 * (cc 1) re-derives the key field in place and continues with the
 * remaining bytes: what the block already holds (chaining value, XTS
 * parameter, GHASH and length fields) carries over. Results:
 * ZC_OK; ZC_EDEVICE for what cannot happen on this key (a short count on a
 * clear key, a condition code the function does not define); ZC_EKEY when
 * re-deriving does not help twice in a row; ZC_EINVAL for a length the
 * instruction refuses (a caller's bug: lengths are checked before). The
 * block is wiped before they return; output may be partly written on
 * error, and the caller fails closed.
 */

/* KMF with 8-bit segments (CFB-8): an op of the helpers only, never an
 * opcode; KMF's function codes are those of CFB-128. */
#define ZC_AES_OP_KMF8 (ZC_OP_KMF | 0x10000u)

/*
 * KM, KMC, KMF (128-bit segments), KMO, KMCTR or KMAC (op = ZC_OP_*) over
 * len bytes, a multiple of 16 (any length for ZC_AES_OP_KMF8). cv: the chaining value (KMC/KMF/KMO/KMAC),
 * updated on success; NULL for KM and KMCTR. ctrs: KMCTR's counter blocks,
 * one per data block. out: NULL for KMAC.
 */
int zc_aes_cpacf_general(const zc_aes_key *k, unsigned op, int decrypt, uint8_t cv[16],
                         const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs);
/* KM, KMC and KMCTR on a clear key: no re-derivation, one issue. */
int zc_aes_cpacf_clear(const zc_aes_key *k, unsigned op, int decrypt, uint8_t cv[16],
                       const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs);

/* Inline, so that a clear key's KM, KMC and KMCTR reach their helper in
 * one call (the hot path of ECB, CBC and CTR). */
static inline int zc_aes_cpacf_crypt(const zc_aes_key *k, unsigned op, int decrypt,
                                     uint8_t cv[16], const uint8_t *in, uint8_t *out,
                                     size_t len, const uint8_t *ctrs)
{
    if (!zc_aes_key_protected(k) &&
        (op == ZC_OP_KM || op == ZC_OP_KMCTR || (op == ZC_OP_KMC && cv != NULL)))
        return zc_aes_cpacf_clear(k, op, decrypt, cv, in, out, len, ctrs);
    return zc_aes_cpacf_general(k, op, decrypt, cv, in, out, len, ctrs);
}

/*
 * XTS: the XTS parameter T_0 for tweak from k2 (PCC), then KM-XTS with k1
 * over whole blocks. The running parameter stays in x between calls.
 */
struct zc_aes_xts_pb {
    struct zc_pb_aes_xts pb;
    unsigned long fc;           /* KM-XTS function code, decipher bit included */
    size_t t_off;               /* offset of the XTS parameter: the key's length */
};
int zc_aes_cpacf_xts_init(struct zc_aes_xts_pb *x, const zc_aes_key *k1,
                          const zc_aes_key *k2, const uint8_t tweak[16], int decrypt);
int zc_aes_cpacf_xts(struct zc_aes_xts_pb *x, const zc_aes_key *k1, const uint8_t *in,
                     uint8_t *out, size_t len);
/*
 * Full XTS (KM 82/84, MSA-10) for two clear keys: the same x, issued by
 * zc_aes_cpacf_xts(), with the next alpha power (NAP) at t_off in place
 * of the XTS parameter; NAP doubles per block just as the XTS parameter
 * does, so ciphertext stealing treats both alike.
 */
int zc_aes_cpacf_fxts_init(struct zc_aes_xts_pb *x, const zc_aes_key *k1,
                           const zc_aes_key *k2, const uint8_t tweak[16], int decrypt);

/*
 * The one-time known-answer self-test of full XTS for a key size (16 or
 * 32): 1 when KM's full-XTS code is installed and passed the test in this
 * process. Lives with the XTS code (lib/aes_xts.c).
 */
int zc_aes_fxts_selftest(unsigned key_len);

/* CMAC's last block: PCC with the chaining value and the n (0..16) pending
 * bytes; the 16-byte MAC into mac. */
int zc_aes_cpacf_cmac_last(const zc_aes_key *k, const uint8_t cv[16], const uint8_t *last,
                           size_t n, uint8_t mac[16]);

/*
 * KMA-GCM over all AAD and text at once (LAAD | LPC), 12-byte IV, H given:
 * the full 16-byte tag into tag.
 */
int zc_aes_cpacf_kma(const zc_aes_key *k, const uint8_t iv[12], const uint8_t h[16],
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                     size_t len, int decrypt, uint8_t tag[16]);

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
