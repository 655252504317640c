/*
 * aes_cpacf.h - the issuing helpers of aes_cpacf.c: every CPACF
 * instruction an AES mode issues goes through one of these.
 */
#ifndef ZC_AES_CPACF_H
#define ZC_AES_CPACF_H

#include "aes_int.h"

/*
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
 * KMCTR on one block with a clear key: the CTR mode's short call
 * (aes_modes.c). The key object's clear key is the parameter block in
 * place (KMCTR's block is the key alone, and KMCTR only reads it) and the
 * caller's counter is the one counter block, so nothing is built, copied
 * or wiped, and one short-form issue is all. ZC_OK, or ZC_EDEVICE for a
 * short count, which a clear key never meets. The test builds' chunked
 * issue (ZC_CPACF_TEST_HOOKS) does not apply: one block is one issue.
 */
#ifdef ZC_HAVE_CPACF
static inline int zc_aes_cpacf_ctr_block(const zc_aes_key *k, const uint8_t ctr[16],
                                         const uint8_t *in, uint8_t *out)
{
    return zc_cpacf_done(zc_kmctr_blocks(k->zc_fc, k->zc_key, out, in, 16, ctr), 16);
}
#endif

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
 * Protected full XTS (KM 90/92) for a protected XTS double key k: the
 * same x, issued by zc_aes_cpacf_xts(), with NAP at t_off as above. The
 * block's key field is split (wrapped double key | tweak | NAP | WKVP):
 * both parts come from one snapshot of the key's cell, and after cc 1
 * from one fresh field, so that the pattern never names another key.
 */
int zc_aes_cpacf_pxts_init(struct zc_aes_xts_pb *x, const zc_aes_key *k,
                           const uint8_t tweak[16], int decrypt);

/* CMAC's last block: PCC with the chaining value and the n (0..16) pending
 * bytes; the 16-byte MAC into mac. */
int zc_aes_cpacf_cmac_last(const zc_aes_key *k, const uint8_t cv[16], const uint8_t *last,
                           size_t n, uint8_t mac[16]);

/*
 * y = GHASH(y || p) with KIMD-GHASH, len a multiple of 16: pb holds y and
 * then H (the GCM context's fields, in place). KIMD has no key field, so
 * nothing can make it stop early: a short count fails closed (ZC_EDEVICE).
 */
int zc_aes_cpacf_ghash(struct zc_pb_ghash *pb, const uint8_t *p, size_t len);

/*
 * KMA-GCM over all AAD and text at once (LAAD | LPC), 12-byte IV, H given:
 * the full 16-byte tag into tag.
 */
int zc_aes_cpacf_kma(const zc_aes_key *k, const uint8_t iv[12], const uint8_t h[16],
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                     size_t len, int decrypt, uint8_t tag[16]);

#endif /* ZC_AES_CPACF_H */
