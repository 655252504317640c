/*
 * aes_int.h - the AES key object as the mode files see it.
 *
 * aes_key.c prepares keys and decides where each mode runs; aes_modes.c
 * runs ECB, CBC, CTR, CFB and OFB; the other modes live in files of their
 * own and use these helpers, so that the backend rules exist once. Every
 * CPACF instruction an AES mode issues goes through the issuing helpers of
 * aes_cpacf.c (declared in aes_cpacf.h), which own the parameter blocks,
 * check every result and resume after a stop.
 *
 * Calls go one way: the mode files call aes_key.c and aes_cpacf.c;
 * aes_cpacf.c calls aes_key.c and core/; the inline helpers below call
 * only core/.
 */
#ifndef ZC_AES_INT_H
#define ZC_AES_INT_H

#include "core/caps.h"
#include "core/protkey.h"
#include "core/symkey.h"
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
    /* an XTS double key for full XTS (KM 90/92): source K1 || K2 in zc_src,
     * zc_key_len the length of one half; its only mode is XTS with k2 NULL */
    ZC_AES_KIND_XTS_PROTECTED = ZC_AES_KEY_XTS_PROTECTED,
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
    return k->zc_kind >= ZC_AES_KIND_PROTECTED && k->zc_kind <= ZC_AES_KIND_XTS_PROTECTED;
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
    return zc_symkey_select(k->zc_cpacf_modes, mode, &k->zc_strict);
}

/* Count a mode call on k that runs on b (zc_aes_mode_select's answer). */
static inline void zc_aes_stat(const zc_aes_key *k, enum zc_aes_imode mode, int b,
                               int decrypt, size_t len)
{
    int s = zc_stat_state();

    /* The row and backend are worked out only when counting is on, inline
     * (core/stats.h). The key size's row without a check: zc_key_len is
     * 16, 24 or 32 by construction, and any byte at all stays in the
     * table (asserted below), so nothing is written out of bounds. */
    if (__builtin_expect(s != 0, 0)) {
        unsigned m = mode == ZC_AES_IM_GCM_KMA ? ZC_AES_IM_GCM : mode;
        size_t size = (uint8_t)(k->zc_key_len - 16) / 8;
        /* zc_stat_be(): every kind past clear is a protected one. */
        size_t be = b == ZC_BACKEND_CPACF ? k->zc_kind > ZC_AES_KIND_CLEAR : ZC_STAT_SOFTWARE;

        /* ZC_STAT_CELL(ZC_STAT_ROW_AES + m * 3 + size, be, dir): the
         * mode's part a constant, the rest bit fields (be < 4, dir < 2),
         * which the compiler inserts rather than multiplies. */
        zc_stat_add_inline(s, ZC_STAT_CELL(ZC_STAT_ROW_AES + m * 3, 0, 0) +
                                  (size << 3 | be << 1 | (size_t)(decrypt != 0)), len);
    }
}
_Static_assert(ZC_STAT_ROW_AES + (ZC_STAT_AES_MODES - 1) * 3 + 255 / 8 < ZC_STAT_ROWS,
               "any key length byte counts in a row of the table");
_Static_assert(ZC_STAT_BACKENDS == 4 && ZC_STAT_CPACF == 0 && ZC_STAT_PROTECTED == 1 &&
               ZC_AES_KIND_PROTECTED == ZC_AES_KIND_CLEAR + 1 &&
               ZC_AES_KIND_EPHEMERAL == ZC_AES_KIND_CLEAR + 3 &&
               ZC_AES_KIND_XTS_PROTECTED == ZC_AES_KIND_CLEAR + 4,
               "the kinds past clear are the protected ones, counted as ZC_STAT_PROTECTED");

/*
 * Copy the key field of a CPACF parameter block to dst and return the
 * function code to use: the clear key, or a snapshot of the protected one.
 */
static inline unsigned long zc_aes_pb_key(const zc_aes_key *k, uint8_t *dst)
{
    if (zc_aes_key_protected(k))
        zc_protkey_snapshot(&k->zc_pk, dst);
    else
        memcpy(dst, k->zc_key, k->zc_key_len);
    return k->zc_fc;
}

/* Bytes zc_aes_pb_key() writes: where the next parameter-block field goes. */
static inline size_t zc_aes_pb_key_len(const zc_aes_key *k)
{
    return zc_aes_key_protected(k) ? k->zc_pk.zc_len : k->zc_key_len;
}

/*
 * A fresh key field for the protected key owner (a zc_aes_key) from its
 * source, for core/protkey.c's re-derivation (struct zc_protkey_src):
 * ZC_OK, or ZC_EKEY when it has none (ephemeral) or the source fails.
 */
int zc_aes_derive_field(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX], size_t *len);

/*
 * The one-time known-answer self-test of KMA-GCM for a key size (16, 24,
 * 32), with the clear or (prot) the encrypted-key function code: 1 when it
 * passed in this process. Runs at most once per size and form. Lives with
 * the GCM code (aes_gcm.c).
 */
int zc_aes_gcm_kma_selftest(unsigned key_len, int prot);

/*
 * The one-time known-answer self-test of full XTS for a key size (16 or
 * 32): 1 when KM's full-XTS code is installed and passed the test in this
 * process. Lives with the XTS code (aes_xts.c).
 */
int zc_aes_fxts_selftest(unsigned key_len);

/*
 * The same for protected full XTS (KM 90/92) for a half-key size (16 or
 * 32): IEEE 1619 double keys wrapped through zc_plat_xts_protect_clear.
 */
int zc_aes_pxts_selftest(unsigned key_len);

/* A protected XTS double key from K1 || K2 (key_len 32 or 64), without
 * the self-test (which makes its own keys through here). */
int zc_aes_pxts_make(zc_aes_key *k, const uint8_t *key, size_t key_len);

/*
 * Encrypt nblocks blocks with the key's block function (KM or software).
 * ZC_OK, or the issuing helper's error (CPACF).
 */
int zc_aes_encrypt_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
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
