/*
 * aes_cpacf.c - the issuing helpers: every CPACF instruction an AES mode
 * issues goes through one of these.
 *
 * Each helper builds its parameter block on the stack from the key
 * (zc_aes_pb_key), issues the instruction, checks what the wrapper in
 * asm/cpacf.h returns, and wipes the block. A wrapper returns fewer bytes
 * than asked only after cc 1: an encrypted-key function found that the
 * key field's verification pattern no longer matches the firmware's
 * wrapping key. Then the helper asks for a fresh key field (the one rule
 * of core/protkey.c: zc_cpacf_stopped), writes it over the old one and
 * only over it, and
 * issues again for the remaining bytes: everything else in the block (the
 * chaining value, the XTS parameter, KMA's tag, counter and total lengths)
 * is exactly what the machine left, so the output continues at the exact
 * byte, in place or not. A clear key never meets cc 1; if the machine says
 * otherwise the call fails closed.
 *
 * Where the key field sits differs per block: after the chaining value
 * (KMC, KMF, KMO, KMAC), at the start (KM, KMCTR, KM-XTS and PCC-XTS, where
 * the XTS fields follow the key and move with its length), and at the end
 * (PCC-CMAC, KMA).
 */
#include "aes_cpacf.h"
#include "asm/cpacf.h"

#ifdef ZC_HAVE_CPACF

/*
 * After a stop (cc 1 or 2, progress bytes done): the one rule of
 * core/protkey.c. A protected key's encrypted-key function code sets cc 1
 * for a stale key field, which is derived again into key_field; a clear
 * key's function code sets neither.
 */
static int stopped(const zc_aes_key *k, int cc, long progress, unsigned *stalls,
                   uint8_t *key_field)
{
    int prot = zc_aes_key_protected(k);
    const struct zc_protkey_src src = {
        .cell = prot ? &k->zc_pk : NULL, .derive = zc_aes_derive_field, .owner = k,
    };

    return zc_cpacf_stopped(prot ? &zc_cc_encrypted_key : &zc_cc_clear_key, cc, progress,
                            stalls, &src, key_field);
}

#ifdef ZC_CPACF_TEST_HOOKS
/*
 * Test builds only (the bare-metal tier): issue at most this many bytes at
 * a time, and call the hook between two issues of one call, so that a test
 * can make the key field stale in the middle of a long call.
 */
size_t zc_cpacf_test_chunk;
void (*zc_cpacf_test_between)(uint8_t *key_field);
#endif

/* A parameter-block-only instruction (PCC): cc 0 is done, any other asks
 * the rule. 1 to issue again, or the result. */
static int resume_cc(const zc_aes_key *k, uint8_t *key_field, int cc, unsigned *stalls)
{
    int rc;

    if (cc == 0)
        return ZC_OK;
    rc = stopped(k, cc, 0, stalls, key_field);
    return rc == ZC_OK ? 1 : rc;
}

static long issue(unsigned op, unsigned long fc, void *pb, uint8_t *out, const uint8_t *in,
                  size_t len, const uint8_t *ctrs)
{
    switch (op) {
    case ZC_OP_KM:    return zc_km(fc, pb, out, in, len);
    case ZC_OP_KMC:   return zc_kmc(fc, pb, out, in, len);
    case ZC_OP_KMF:   return zc_kmf(fc | 16ul << 24, pb, out, in, len);
    case ZC_AES_OP_KMF8: return zc_kmf(fc | 1ul << 24, pb, out, in, len);
    case ZC_OP_KMO:   return zc_kmo(fc, pb, out, in, len);
    case ZC_OP_KMCTR: return zc_kmctr(fc, pb, out, in, len, ctrs);
    case ZC_OP_KMAC:  return zc_kmac(fc, pb, in, len);
    default:          return -1;
    }
}

/* Issue op until len bytes are done, re-deriving key_field after cc 1. */
static int run(const zc_aes_key *k, unsigned op, unsigned long fc, void *pb,
               uint8_t *key_field, const uint8_t *in, uint8_t *out, size_t len,
               const uint8_t *ctrs)
{
    size_t done = 0;
    unsigned stalls = 0;
    int rc;

    while (done < len) {
        size_t want = len - done;
        long n;

#ifdef ZC_CPACF_TEST_HOOKS
        if (zc_cpacf_test_chunk && want > zc_cpacf_test_chunk)
            want = zc_cpacf_test_chunk;
        if (done && zc_cpacf_test_between)
            zc_cpacf_test_between(key_field);
#endif
        n = issue(op, fc, pb, out ? out + done : NULL, in + done, want,
                  ctrs ? ctrs + done : NULL);
        if (n < 0)
            return ZC_EINVAL;
        done += (size_t)n;
        if ((size_t)n < want && (rc = stopped(k, 1, n, &stalls, key_field)) != ZC_OK)
            return rc;
    }
    return ZC_OK;
}

static int general_crypt(const zc_aes_key *k, unsigned op, unsigned long mod, uint8_t cv[16],
                         const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs);

/* The clear key into a parameter block's key field, with a constant length
 * per case so that the copy is inline (no libc call). */
static inline void clear_key(const zc_aes_key *k, uint8_t *dst)
{
    switch (k->zc_key_len) {
    case 16: memcpy(dst, k->zc_key, 16); break;
    case 24: memcpy(dst, k->zc_key, 24); break;
    default: memcpy(dst, k->zc_key, ZC_PB_AES_CLEAR_MAX); break;
    }
}


/*
 * The clear-key path of KM, KMC and KMCTR, one case per instruction so
 * that the opcode is a constant: parameter block on the stack, one issue
 * (the wrapper itself repeats on cc 3), the chaining value back, the block
 * wiped. No re-derivation loop: that is for protected keys (run()). KM and
 * KMC go through zc_cpacf_cipher() without zc_km()'s length check: every
 * caller passes whole 16-byte blocks (ECB and CBC refuse other lengths,
 * CTR and GCM issue whole blocks only).
 */
int zc_aes_cpacf_clear(const zc_aes_key *k, unsigned op, int decrypt, uint8_t cv[16],
                       const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs)
{
    unsigned long mod = decrypt ? ZC_CPACF_DECRYPT : 0;
    int rc;

#ifdef ZC_CPACF_TEST_HOOKS
    if (zc_cpacf_test_chunk || zc_cpacf_test_between)     /* chunked: the general path */
        return general_crypt(k, op, mod, cv, in, out, len, ctrs);
#endif

    if (op == ZC_OP_KMC) {
        struct zc_pb_aes_chain pb __attribute__((aligned(8)));

        memcpy(pb.cv, cv, 16);
        clear_key(k, pb.key);
        rc = zc_cpacf_done(zc_cpacf_cipher(ZC_OP_KMC, k->zc_fc | mod, &pb, out, in, len), len);
        if (rc == ZC_OK)
            memcpy(cv, pb.cv, 16);
        zc_wipe(&pb, offsetof(struct zc_pb_aes_chain, key) + ZC_PB_AES_CLEAR_MAX);
    } else {
        struct zc_pb_aes pb __attribute__((aligned(8)));

        clear_key(k, pb.key);
        if (op == ZC_OP_KM)
            rc = zc_cpacf_done(zc_cpacf_cipher(ZC_OP_KM, k->zc_fc | mod, &pb, out, in, len), len);
        else
            rc = zc_cpacf_done(zc_kmctr(k->zc_fc, &pb, out, in, len, ctrs), len);
        zc_wipe(&pb, ZC_PB_AES_CLEAR_MAX);
    }
    return rc;
}

/* Every other case: protected keys (re-derivation on cc 1), the other
 * instructions, and the test builds' chunked issue. */
__attribute__((noinline))
static int general_crypt(const zc_aes_key *k, unsigned op, unsigned long mod, uint8_t cv[16],
                         const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs)
{
    int rc;

    if (cv == NULL) {                       /* KM, KMCTR: the key alone */
        struct zc_pb_aes pb __attribute__((aligned(8)));
        unsigned long fc = zc_aes_pb_key(k, pb.key) | mod;

        rc = run(k, op, fc, &pb, pb.key, in, out, len, ctrs);
        zc_wipe(&pb, sizeof(pb));
    } else {                                /* chaining value, then the key */
        struct zc_pb_aes_chain pb __attribute__((aligned(8)));
        unsigned long fc = zc_aes_pb_key(k, pb.key) | mod;

        memcpy(pb.cv, cv, 16);
        rc = run(k, op, fc, &pb, pb.key, in, out, len, ctrs);
        if (rc == ZC_OK)
            memcpy(cv, pb.cv, 16);
        zc_wipe(&pb, sizeof(pb));
    }
    return rc;
}

int zc_aes_cpacf_general(const zc_aes_key *k, unsigned op, int decrypt, uint8_t cv[16],
                         const uint8_t *in, uint8_t *out, size_t len, const uint8_t *ctrs)
{
    return general_crypt(k, op, decrypt ? ZC_CPACF_DECRYPT : 0, cv, in, out, len, ctrs);
}

/* The XTS or KMA function code of a key: clear or encrypted, by its kind. */
static unsigned long key_fc(const zc_aes_key *k, int kma)
{
    const struct zc_aes_fcs *f = zc_aes_fcs_of(k->zc_key_len);
    int prot = zc_aes_key_protected(k);

    if (f == NULL)
        return 0;               /* never issued: 0 is the query */
    return kma ? (prot ? f->enc_kma : f->kma) : (prot ? f->enc_xts : f->xts);
}

int zc_aes_cpacf_xts_init(struct zc_aes_xts_pb *x, const zc_aes_key *k1,
                          const zc_aes_key *k2, const uint8_t tweak[16], int decrypt)
{
    struct zc_pb_pcc_xts pcc __attribute__((aligned(8)));
    struct zc_pb_pcc_xts_tail *tail;
    unsigned long fc2;
    unsigned stalls = 0;
    int rc;

    /* PCC-XTS: k2's key field, then tweak, sequence number 0, bit index 0. */
    memset(&pcc, 0, sizeof(pcc));
    zc_aes_pb_key(k2, pcc.b);
    zc_aes_pb_key(k1, x->pb.b);
    fc2 = key_fc(k2, 0);
    x->fc = key_fc(k1, 0);
    if (fc2 == 0 || x->fc == 0) {           /* AES-192 has no XTS: callers refuse it */
        zc_wipe(&pcc, sizeof(pcc));
        return ZC_EINVAL;
    }
    tail = (struct zc_pb_pcc_xts_tail *)(void *)(pcc.b + zc_aes_pb_key_len(k2));
    memcpy(tail->tweak, tweak, 16);
    do
        rc = resume_cc(k2, pcc.b, zc_pcc(fc2, &pcc), &stalls);
    while (rc == 1);
    /* KM-XTS: k1's key field (written above), then the XTS parameter T_0. */
    x->fc |= decrypt ? ZC_CPACF_DECRYPT : 0;
    x->t_off = zc_aes_pb_key_len(k1);
    memcpy(x->pb.b + x->t_off, tail->xtsp, 16);
    zc_wipe(&pcc, sizeof(pcc));
    return rc;
}

int zc_aes_cpacf_fxts_init(struct zc_aes_xts_pb *x, const zc_aes_key *k1,
                           const zc_aes_key *k2, const uint8_t tweak[16], int decrypt)
{
    size_t kl = k1->zc_key_len;

    /* K1 || K2 || tweak || NAP (cpacf_pb.h): clear keys of one size only. */
    if ((kl != 16 && kl != 32) || k2->zc_key_len != kl || zc_aes_key_protected(k1) ||
        zc_aes_key_protected(k2))
        return ZC_EINVAL;
    memset(&x->pb, 0, sizeof(x->pb));
    memcpy(x->pb.b, k1->zc_key, kl);
    memcpy(x->pb.b + kl, k2->zc_key, kl);
    memcpy(x->pb.b + 2 * kl, tweak, 16);
    x->t_off = 2 * kl + 16;
    x->pb.b[x->t_off] = 1;                  /* NAP = alpha^0 */
    x->fc = (kl == 16 ? ZC_FC_FXTS_AES_128 : ZC_FC_FXTS_AES_256) |
            (decrypt ? ZC_CPACF_DECRYPT : 0);
    return ZC_OK;
}

/* A whole key field (wrapped double key, then its pattern) into the
 * split places of a protected full-XTS block; dk the double key's length. */
static void pxts_place(struct zc_aes_xts_pb *x, const uint8_t *field, size_t dk)
{
    memcpy(x->pb.b, field, dk);
    memcpy(x->pb.b + dk + 32, field + dk, 32);
}

int zc_aes_cpacf_pxts_init(struct zc_aes_xts_pb *x, const zc_aes_key *k,
                           const uint8_t tweak[16], int decrypt)
{
    uint8_t field[ZC_PROTKEY_FIELD_MAX];
    size_t dk = 2 * (size_t)k->zc_key_len;

    if (k->zc_kind != ZC_AES_KIND_XTS_PROTECTED || (dk != 32 && dk != 64) ||
        k->zc_pk.zc_len != dk + 32)
        return ZC_EINVAL;
    memset(&x->pb, 0, sizeof(x->pb));
    zc_protkey_snapshot(&k->zc_pk, field);      /* one snapshot for both parts */
    pxts_place(x, field, dk);
    memcpy(x->pb.b + dk, tweak, 16);
    x->t_off = dk + 16;
    x->pb.b[x->t_off] = 1;                  /* NAP = alpha^0, as for 82/84 */
    x->fc = k->zc_fc | (decrypt ? ZC_CPACF_DECRYPT : 0);
    zc_wipe(field, sizeof(field));
    return ZC_OK;
}

/* run() for the split block of KM 90/92: a fresh field is derived into a
 * local buffer and then placed, never over the tweak and NAP, which hold
 * where the machine stopped. The test builds' chunked issue applies; their
 * between-issues hook (which writes one contiguous key field) does not. */
static int pxts_run(const zc_aes_key *k, struct zc_aes_xts_pb *x, const uint8_t *in,
                    uint8_t *out, size_t len)
{
    uint8_t field[ZC_PROTKEY_FIELD_MAX];
    size_t done = 0, dk = 2 * (size_t)k->zc_key_len;
    unsigned stalls = 0;
    int rc = ZC_OK;

    while (done < len) {
        size_t want = len - done;
        long n;

#ifdef ZC_CPACF_TEST_HOOKS
        if (zc_cpacf_test_chunk && want > zc_cpacf_test_chunk)
            want = zc_cpacf_test_chunk;
#endif
        n = zc_km(x->fc, &x->pb, out + done, in + done, want);
        if (n < 0) {
            rc = ZC_EINVAL;
            break;
        }
        done += (size_t)n;
        if ((size_t)n < want) {
            if ((rc = stopped(k, 1, n, &stalls, field)) != ZC_OK)
                break;
            pxts_place(x, field, dk);
        }
    }
    zc_wipe(field, sizeof(field));
    return rc;
}

int zc_aes_cpacf_xts(struct zc_aes_xts_pb *x, const zc_aes_key *k1, const uint8_t *in,
                     uint8_t *out, size_t len)
{
    if (k1->zc_kind == ZC_AES_KIND_XTS_PROTECTED)
        return pxts_run(k1, x, in, out, len);
    return run(k1, ZC_OP_KM, x->fc, &x->pb, x->pb.b, in, out, len, NULL);
}

int zc_aes_cpacf_cmac_last(const zc_aes_key *k, const uint8_t cv[16], const uint8_t *last,
                           size_t n, uint8_t mac[16])
{
    struct zc_pb_pcc_cmac pb __attribute__((aligned(8)));
    unsigned long fc;
    unsigned stalls = 0;
    int rc;

    memset(&pb, 0, offsetof(struct zc_pb_pcc_cmac, key));
    pb.ml = (uint8_t)(n * 8);               /* 0 bits: the empty message */
    memcpy(pb.msg, last, n);
    memcpy(pb.icv, cv, 16);
    fc = zc_aes_pb_key(k, pb.key);
    do
        rc = resume_cc(k, pb.key, zc_pcc(fc, &pb), &stalls);
    while (rc == 1);
    if (rc == ZC_OK)
        memcpy(mac, pb.icv, 16);
    zc_wipe(&pb, sizeof(pb));
    return rc;
}

int zc_aes_cpacf_ghash(struct zc_pb_ghash *pb, const uint8_t *p, size_t len)
{
    return zc_cpacf_done(zc_kimd(ZC_FC_GHASH, pb, p, len), len);
}

int zc_aes_cpacf_kma(const zc_aes_key *k, const uint8_t iv[12], const uint8_t h[16],
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                     size_t len, int decrypt, uint8_t tag[16])
{
    struct zc_pb_kma_gcm pb __attribute__((aligned(8)));
    size_t done = 0, aad_done = 0;
    unsigned long fc;
    unsigned stalls = 0;
    int rc;

    memset(&pb, 0, offsetof(struct zc_pb_kma_gcm, key));
    memcpy(pb.j0, iv, 12);
    pb.j0[15] = 1;
    zc_store_be32(pb.cv, 1);                /* incremented before the first block */
    memcpy(pb.h, h, 16);
    /* With LAAD and LPC the machine builds the final length block from
     * these totals; it does not count the bytes itself. */
    zc_store_be64(pb.taadl, (uint64_t)aad_len << 3);
    zc_store_be64(pb.tpcl, (uint64_t)len << 3);
    zc_aes_pb_key(k, pb.key);
    fc = key_fc(k, 1);
    if (fc == 0) {
        zc_wipe(&pb, sizeof(pb));
        return ZC_EINVAL;
    }
    fc |= ZC_KMA_LAAD | ZC_KMA_LPC | ZC_KMA_HS | (decrypt ? ZC_CPACF_DECRYPT : 0);
    /* Both operands advance; progress in either counts. The condition
     * code, not the counts, says whether the tag was computed. */
    for (;;) {
        size_t left = len - done, aad_left = aad_len - aad_done;
        /* (NULL + 0 is not C: buffers of length 0 may be NULL.) */
        int cc = zc_kma(fc, &pb, done ? out + done : out, done ? in + done : in, &left,
                        aad_done ? aad + aad_done : aad, &aad_left);
        long n = (long)((len - done - left) + (aad_len - aad_done - aad_left));

        done = len - left;
        aad_done = aad_len - aad_left;
        if (cc == 0) {
            rc = ZC_OK;
            break;
        }
        if (cc < 0) {
            rc = ZC_EINVAL;
            break;
        }
        if ((rc = stopped(k, cc, n, &stalls, pb.key)) != ZC_OK)
            break;
    }
    if (rc == ZC_OK)
        memcpy(tag, pb.t, 16);
    zc_wipe(&pb, sizeof(pb));
    return rc;
}

#endif /* ZC_HAVE_CPACF */
