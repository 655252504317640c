/*
 * aes_gcm.c - AES-GCM (SP 800-38D): one-shot and streaming.
 *
 * Three ways to run it, chosen per call from the key:
 *  - KMA (MSA-8), for one-shot calls with a 12-byte IV: one instruction
 *    does counter mode and GHASH. No emulator implements KMA, so it is used
 *    only after a one-time known-answer self-test per key size has passed
 *    in this process (GCM spec test cases 4, 10, 16); its parameter block
 *    layout is pinned by static assertions.
 *  - KMCTR + KIMD-GHASH (MSA-4), for everything else on CPACF: counter
 *    blocks (32-bit increment, as GCM defines) are prepared in a bounded
 *    stack buffer; the context's GHASH accumulator and hash subkey are
 *    adjacent, so they are KIMD's parameter block as they stand.
 * The hash subkey H = E(K, 0) is computed per call or context, never kept
 * in the key object (a protected key must not leave H in clear memory),
 * and wiped with the context. The KMA self-test decision lives here too.
 * Every CPACF instruction goes through an issuing helper (the KM family
 * and KMA and KIMD-GHASH in aes_cpacf.c) whose result is
 * checked; an error wipes the context and zeroes what was output.
 *  - software: the bitsliced AES and the constant-time GHASH.
 * The streaming context keeps a partial block of keystream and of GHASH
 * input, so any split of AAD and text gives the one-shot result.
 */
#include "aes_cpacf.h"
#include "ghash_ct.h"
#include "core/policy.h"
#include "asm/cpacf.h"

#include <stddef.h>

#define GCM_MAGIC   0x7a636731u   /* "zcg1" */
#define CHUNK       64            /* counter blocks per stack buffer */

enum { PH_AAD = 1, PH_TEXT = 2 };

/* The context's y and h form KIMD-GHASH's parameter block. */
_Static_assert(offsetof(zc_aes_gcm_ctx, zc_h) == offsetof(zc_aes_gcm_ctx, zc_y) + 16,
               "GHASH parameter block");
_Static_assert(sizeof(struct zc_pb_ghash) == 32, "GHASH parameter block size");

static int tag_len_ok(size_t n)
{
    return n == 4 || n == 8 || (n >= 12 && n <= 16);
}

static void inc32(uint8_t c[16])
{
    zc_store_be32(c + 12, zc_load_be32(c + 12) + 1);
}

/* y = GHASH(y || p), len a multiple of 16: KIMD-GHASH or software. */
static int ghash(zc_aes_gcm_ctx *c, const uint8_t *p, size_t len)
{
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (c->zc_backend == ZC_BACKEND_CPACF)
        return zc_aes_cpacf_ghash((struct zc_pb_ghash *)(void *)c->zc_y, p, len);
#endif
    zc_ghash_sw(c->zc_y, c->zc_h, p, len);
    return ZC_OK;
}

/* Counter mode over whole blocks with the context's counter. */
static int gcm_ctr(zc_aes_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint8_t ctrs[CHUNK * 16] __attribute__((aligned(8)));
    const zc_aes_key *k = c->zc_key;
    size_t i;
    int rc = ZC_OK;

    while (nblocks && rc == ZC_OK) {
        size_t n = nblocks < CHUNK ? nblocks : CHUNK;

        for (i = 0; i < n; i++) {
            memcpy(ctrs + 16 * i, c->zc_ctr, 16);
            inc32(c->zc_ctr);
        }
#ifdef ZC_HAVE_CPACF
        if (c->zc_backend == ZC_BACKEND_CPACF)
            rc = zc_aes_cpacf_crypt(k, ZC_OP_KMCTR, 0, NULL, in, out, n * 16, ctrs);
        else
#endif
        {
            zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, ctrs, ctrs, n);
            for (i = 0; i < n * 16; i += 8)
                zc_store_le64(out + i, zc_load_le64(in + i) ^ zc_load_le64(ctrs + i));
        }
        in += n * 16;
        out += n * 16;
        nblocks -= n;
    }
    zc_wipe(ctrs, sizeof(ctrs));
    return rc;
}

/* Where a streaming operation runs: CPACF needs KMCTR + KIMD-GHASH. */
static int stream_backend(const zc_aes_key *k)
{
    return zc_aes_mode_select(k, ZC_AES_IM_GCM);
}

int zc_aes_gcm_init(zc_aes_gcm_ctx *c, const zc_aes_key *k, const uint8_t *iv,
                    size_t iv_len, int decrypt)
{
    static const uint8_t zero[16];
    int b, rc;

    if (c == NULL || !zc_aes_key_valid(k) || iv == NULL || iv_len == 0 ||
        (uint64_t)iv_len >= ZC_GCM_MAX_AAD)
        return ZC_EINVAL;
    b = stream_backend(k);
    if (b < 0)
        return b;
    memset(c, 0, sizeof(*c));
    c->zc_key = k;
    c->zc_backend = (uint8_t)b;
    rc = zc_aes_encrypt_blocks(k, zero, c->zc_h, 1);
    if (rc == ZC_OK && iv_len == 12) {
        memcpy(c->zc_j0, iv, 12);
        c->zc_j0[15] = 1;
    } else if (rc == ZC_OK) {
        /* J0 = GHASH(IV || 0-pad || [0]64 || [bitlen(IV)]64) */
        size_t full = iv_len & ~(size_t)15;
        uint8_t blk[16];

        rc = ghash(c, iv, full);
        if (rc == ZC_OK && iv_len > full) {
            memset(blk, 0, 16);
            memcpy(blk, iv + full, iv_len - full);
            rc = ghash(c, blk, 16);
        }
        memset(blk, 0, 8);
        zc_store_be64(blk + 8, (uint64_t)iv_len << 3);
        if (rc == ZC_OK)
            rc = ghash(c, blk, 16);
        memcpy(c->zc_j0, c->zc_y, 16);
        memset(c->zc_y, 0, 16);
    }
    if (rc != ZC_OK) {
        zc_aes_gcm_wipe(c);
        return rc;
    }
    memcpy(c->zc_ctr, c->zc_j0, 16);
    inc32(c->zc_ctr);
    c->zc_decrypt = decrypt ? 1 : 0;
    c->zc_phase = PH_AAD;
    c->zc_magic = GCM_MAGIC;
    return ZC_OK;
}

/* Initialised, not finished, and its key still alive (a wiped key must
 * fail closed, not run with an all-zero schedule). */
static int ctx_ok(const zc_aes_gcm_ctx *c)
{
    return c != NULL && c->zc_magic == GCM_MAGIC && zc_aes_key_valid(c->zc_key);
}

/* Hash the pending partial block, zero-padded. */
static int flush_buf(zc_aes_gcm_ctx *c)
{
    if (c->zc_buf_len == 0)
        return ZC_OK;
    memset(c->zc_buf + c->zc_buf_len, 0, 16 - c->zc_buf_len);
    c->zc_buf_len = 0;
    return ghash(c, c->zc_buf, 16);
}

/* An issuing helper failed: the context is dead (later calls ZC_ESTATE). */
static int ctx_fail(zc_aes_gcm_ctx *c, int rc)
{
    zc_aes_gcm_wipe(c);
    return rc;
}

int zc_aes_gcm_aad(zc_aes_gcm_ctx *c, const uint8_t *aad, size_t len)
{
    size_t n;
    int rc;

    if (c == NULL || zc_bad_ptr(aad, len))
        return ZC_EINVAL;
    if (!ctx_ok(c) || c->zc_phase != PH_AAD)
        return ZC_ESTATE;
    /* SP 800-38D: at most 2^64 - 1 bits of AAD. */
    if ((uint64_t)len >= ZC_GCM_MAX_AAD - c->zc_aad_len)
        return ZC_EINVAL;
    if (len == 0)
        return ZC_OK;
    c->zc_aad_len += len;
    if (c->zc_buf_len) {
        n = 16 - c->zc_buf_len < len ? 16 - c->zc_buf_len : len;
        memcpy(c->zc_buf + c->zc_buf_len, aad, n);
        c->zc_buf_len += (uint32_t)n;
        aad += n;
        len -= n;
        if (c->zc_buf_len < 16)
            return ZC_OK;
        c->zc_buf_len = 0;
        if ((rc = ghash(c, c->zc_buf, 16)) != ZC_OK)
            return ctx_fail(c, rc);
    }
    n = len & ~(size_t)15;
    if ((rc = ghash(c, aad, n)) != ZC_OK)
        return ctx_fail(c, rc);
    memcpy(c->zc_buf, aad + n, len - n);
    c->zc_buf_len = (uint32_t)(len - n);
    return ZC_OK;
}

/* The text part of update once the arguments are checked. */
static int update(zc_aes_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n, i;
    int rc;

    /* Finish the current partial block: keystream and GHASH input are in
     * step, so when it fills, the text is block-aligned again. */
    if (c->zc_buf_len) {
        n = 16 - c->zc_buf_len < len ? 16 - c->zc_buf_len : len;
        for (i = 0; i < n; i++) {
            uint8_t x = in[i];

            out[i] = x ^ c->zc_ks[c->zc_buf_len + i];
            c->zc_buf[c->zc_buf_len + i] = c->zc_decrypt ? x : out[i];
        }
        c->zc_buf_len += (uint32_t)n;
        in += n;
        out += n;
        len -= n;
        if (c->zc_buf_len < 16)
            return ZC_OK;
        c->zc_buf_len = 0;
        if ((rc = ghash(c, c->zc_buf, 16)) != ZC_OK)
            return rc;
    }
    n = len & ~(size_t)15;
    if (n) {
        /* GHASH reads the ciphertext: before decrypting (in may be out),
         * after encrypting. */
        rc = c->zc_decrypt ? ghash(c, in, n) : ZC_OK;
        if (rc == ZC_OK)
            rc = gcm_ctr(c, in, out, n / 16);
        if (rc == ZC_OK && !c->zc_decrypt)
            rc = ghash(c, out, n);
        if (rc != ZC_OK)
            return rc;
        in += n;
        out += n;
        len -= n;
    }
    if (len) {
        memset(c->zc_ks, 0, 16);
        if ((rc = gcm_ctr(c, c->zc_ks, c->zc_ks, 1)) != ZC_OK)
            return rc;
        for (i = 0; i < len; i++) {
            uint8_t x = in[i];

            out[i] = x ^ c->zc_ks[i];
            c->zc_buf[i] = c->zc_decrypt ? x : out[i];
        }
        c->zc_buf_len = (uint32_t)len;
    }
    return ZC_OK;
}

int zc_aes_gcm_update(zc_aes_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    int rc;

    if (c == NULL || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len))
        return ZC_EINVAL;
    if (!ctx_ok(c) || c->zc_phase == 0)
        return ZC_ESTATE;
    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    if (len > ZC_GCM_MAX_TEXT - c->zc_text_len)
        return ZC_EINVAL;
    if (c->zc_phase == PH_AAD) {
        c->zc_phase = PH_TEXT;
        if ((rc = flush_buf(c)) != ZC_OK)
            return ctx_fail(c, rc);
    }
    if (len == 0)
        return ZC_OK;
    c->zc_text_len += len;
    rc = update(c, in, out, len);
    if (rc != ZC_OK) {
        zc_wipe(out, len);
        return ctx_fail(c, rc);
    }
    return ZC_OK;
}

/* The full 16-byte tag: E(K, J0) xor GHASH(... || lengths). */
static int gcm_tag(zc_aes_gcm_ctx *c, uint8_t tag[16])
{
    uint8_t blk[16];
    unsigned i;
    int rc;

    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    /* One count per message, streamed or one-shot (KMA counts apart). */
    zc_aes_stat(c->zc_key, ZC_AES_IM_GCM, c->zc_backend, c->zc_decrypt, c->zc_text_len);
    rc = flush_buf(c);

    zc_store_be64(blk, c->zc_aad_len << 3);
    zc_store_be64(blk + 8, c->zc_text_len << 3);
    if (rc == ZC_OK)
        rc = ghash(c, blk, 16);
    if (rc == ZC_OK)
        rc = zc_aes_encrypt_blocks(c->zc_key, c->zc_j0, tag, 1);
    for (i = 0; i < 16; i++)
        tag[i] ^= c->zc_y[i];
    return rc;
}

int zc_aes_gcm_final(zc_aes_gcm_ctx *c, uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    int rc;

    if (c == NULL || tag == NULL || !tag_len_ok(tag_len))
        return ZC_EINVAL;
    if (!ctx_ok(c) || c->zc_decrypt)
        return ZC_ESTATE;
    rc = gcm_tag(c, full);
    if (rc == ZC_OK)
        memcpy(tag, full, tag_len);
    zc_wipe(full, sizeof(full));
    zc_aes_gcm_wipe(c);
    return rc;
}

int zc_aes_gcm_final_verify(zc_aes_gcm_ctx *c, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    int rc;

    if (c == NULL || tag == NULL || !tag_len_ok(tag_len))
        return ZC_EINVAL;
    if (!ctx_ok(c) || !c->zc_decrypt)
        return ZC_ESTATE;
    rc = gcm_tag(c, full);
    if (rc == ZC_OK && !zc_ct_equal(full, tag, tag_len))
        rc = ZC_EAUTH;
    zc_wipe(full, sizeof(full));
    zc_aes_gcm_wipe(c);
    return rc;
}

void zc_aes_gcm_wipe(zc_aes_gcm_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_aes_gcm_backend(const zc_aes_gcm_ctx *c)
{
    return ctx_ok(c) ? (enum zc_backend)c->zc_backend : ZC_BACKEND_AUTO;
}

/* ---- KMA ---------------------------------------------------------------- */

#ifdef ZC_HAVE_CPACF
/* One KMA call over all AAD and text, 12-byte IV; tag gets 16 bytes. H is
 * computed for the call and wiped. */
static int kma_crypt(const zc_aes_key *k, const uint8_t iv[12], const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                     int decrypt, uint8_t tag[16])
{
    static const uint8_t zero[16];
    uint8_t h[16];
    int rc = zc_aes_encrypt_blocks(k, zero, h, 1);

    if (rc == ZC_OK)
        rc = zc_aes_cpacf_kma(k, iv, h, aad, aad_len, in, out, len, decrypt, tag);
    zc_wipe(h, sizeof(h));
    return rc;
}

/* The self-test's known answers: GCM specification test cases 4, 10, 16
 * (McGrew and Viega, "The Galois/Counter Mode of Operation"). */
static const uint8_t st_key[32] = {
    0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c, 0x6d, 0x6a, 0x8f, 0x94,
    0x67, 0x30, 0x83, 0x08, 0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c,
    0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08,
};
static const uint8_t st_iv[12] = {
    0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88,
};
static const uint8_t st_aad[20] = {
    0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xfe, 0xed, 0xfa, 0xce,
    0xde, 0xad, 0xbe, 0xef, 0xab, 0xad, 0xda, 0xd2,
};
static const uint8_t st_pt[60] = {
    0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59, 0x09, 0xc5,
    0xaf, 0xf5, 0x26, 0x9a, 0x86, 0xa7, 0xa9, 0x53, 0x15, 0x34, 0xf7, 0xda,
    0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31, 0x8a, 0x72, 0x1c, 0x3c, 0x0c, 0x95,
    0x95, 0x68, 0x09, 0x53, 0x2f, 0xcf, 0x0e, 0x24, 0x49, 0xa6, 0xb5, 0x25,
    0xb1, 0x6a, 0xed, 0xf5, 0xaa, 0x0d, 0xe6, 0x57, 0xba, 0x63, 0x7b, 0x39,
};
static const uint8_t st_ct[3][60] = {
    {
        0x42, 0x83, 0x1e, 0xc2, 0x21, 0x77, 0x74, 0x24, 0x4b, 0x72, 0x21, 0xb7,
        0x84, 0xd0, 0xd4, 0x9c, 0xe3, 0xaa, 0x21, 0x2f, 0x2c, 0x02, 0xa4, 0xe0,
        0x35, 0xc1, 0x7e, 0x23, 0x29, 0xac, 0xa1, 0x2e, 0x21, 0xd5, 0x14, 0xb2,
        0x54, 0x66, 0x93, 0x1c, 0x7d, 0x8f, 0x6a, 0x5a, 0xac, 0x84, 0xaa, 0x05,
        0x1b, 0xa3, 0x0b, 0x39, 0x6a, 0x0a, 0xac, 0x97, 0x3d, 0x58, 0xe0, 0x91,
    },
    {
        0x39, 0x80, 0xca, 0x0b, 0x3c, 0x00, 0xe8, 0x41, 0xeb, 0x06, 0xfa, 0xc4,
        0x87, 0x2a, 0x27, 0x57, 0x85, 0x9e, 0x1c, 0xea, 0xa6, 0xef, 0xd9, 0x84,
        0x62, 0x85, 0x93, 0xb4, 0x0c, 0xa1, 0xe1, 0x9c, 0x7d, 0x77, 0x3d, 0x00,
        0xc1, 0x44, 0xc5, 0x25, 0xac, 0x61, 0x9d, 0x18, 0xc8, 0x4a, 0x3f, 0x47,
        0x18, 0xe2, 0x44, 0x8b, 0x2f, 0xe3, 0x24, 0xd9, 0xcc, 0xda, 0x27, 0x10,
    },
    {
        0x52, 0x2d, 0xc1, 0xf0, 0x99, 0x56, 0x7d, 0x07, 0xf4, 0x7f, 0x37, 0xa3,
        0x2a, 0x84, 0x42, 0x7d, 0x64, 0x3a, 0x8c, 0xdc, 0xbf, 0xe5, 0xc0, 0xc9,
        0x75, 0x98, 0xa2, 0xbd, 0x25, 0x55, 0xd1, 0xaa, 0x8c, 0xb0, 0x8e, 0x48,
        0x59, 0x0d, 0xbb, 0x3d, 0xa7, 0xb0, 0x8b, 0x10, 0x56, 0x82, 0x88, 0x38,
        0xc5, 0xf6, 0x1e, 0x63, 0x93, 0xba, 0x7a, 0x0a, 0xbc, 0xc9, 0xf6, 0x62,
    },
};
static const uint8_t st_tag[3][16] = {
    { 0x5b, 0xc9, 0x4f, 0xbc, 0x32, 0x21, 0xa5, 0xdb,
      0x94, 0xfa, 0xe9, 0x5a, 0xe7, 0x12, 0x1a, 0x47 },
    { 0x25, 0x19, 0x49, 0x8e, 0x80, 0xf1, 0x47, 0x8f,
      0x37, 0xba, 0x55, 0xbd, 0x6d, 0x27, 0x61, 0x8c },
    { 0x76, 0xfc, 0x6e, 0xce, 0x0f, 0x4e, 0x17, 0x68,
      0xcd, 0xdf, 0x88, 0x53, 0xbb, 0x2d, 0x55, 0x1b },
};

/* 0 untested, 1 passed, 2 failed; clear and encrypted-key function codes,
 * per key size (AES-128/192/256). */
static int kma_state[2][3];

/* arg: the key length, plus 0x100 for the encrypted-key (protected) form. */
static int kma_selftest_run(unsigned arg)
{
    unsigned key_len = arg & 0xff, idx = (key_len - 16) / 8;
    uint8_t out[60], tag[16];
    zc_aes_key k;
    int ok;

    /* Clear: an AUTO key is enough, kma_crypt takes the clear key, its
     * function code and H from it (a software key would be refused while
     * the hardware-only policy is on; KMA implies KM here). Protected: the test key is wrapped once
     * through the same source as every protected key of this process, so
     * KMA's encrypted-key code is checked as it will be used. */
    if ((arg & 0x100 ? zc_aes_key_init_protected(&k, st_key, key_len)
                     : zc_aes_key_init(&k, st_key, key_len, ZC_BACKEND_AUTO)) != ZC_OK)
        return 0;
    ok = kma_crypt(&k, st_iv, st_aad, sizeof(st_aad), st_pt, out, 60, 0, tag) == ZC_OK &&
         memcmp(out, st_ct[idx], 60) == 0 && memcmp(tag, st_tag[idx], 16) == 0;
    ok = ok &&
         kma_crypt(&k, st_iv, st_aad, sizeof(st_aad), st_ct[idx], out, 60, 1, tag) == ZC_OK &&
         memcmp(out, st_pt, 60) == 0 && memcmp(tag, st_tag[idx], 16) == 0;
    zc_aes_key_wipe(&k);
    zc_wipe(out, sizeof(out));
    return ok;
}
#endif

int zc_aes_gcm_kma_selftest(unsigned key_len, int prot)
{
#ifdef ZC_HAVE_CPACF
    unsigned idx = (key_len - 16) / 8;

    if (key_len != 16 && key_len != 24 && key_len != 32)
        return 0;
    return zc_selftest_once(&kma_state[prot != 0][idx], kma_selftest_run,
                            key_len | (prot ? 0x100u : 0));
#else
    (void)key_len;
    (void)prot;
    return 0;
#endif
}

/* ---- one-shot ------------------------------------------------------------ */

/* KMA for this call: installed for the key size and self-tested. */
static int use_kma(const zc_aes_key *k, size_t iv_len)
{
    return iv_len == 12 && (k->zc_cpacf_modes >> ZC_AES_IM_GCM_KMA & 1) &&
           zc_aes_gcm_kma_selftest(k->zc_key_len, zc_aes_key_protected(k));
}

static int oneshot_args(const zc_aes_key *k, const uint8_t *iv, size_t iv_len,
                        const uint8_t *aad, size_t aad_len, const uint8_t *in,
                        const uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len)
{
    if (!zc_aes_key_valid(k) || iv == NULL || iv_len == 0 || (uint64_t)iv_len >= ZC_GCM_MAX_AAD ||
        (uint64_t)aad_len >= ZC_GCM_MAX_AAD || zc_bad_ptr(aad, aad_len) ||
        zc_bad_ptr(in, len) || zc_bad_ptr(out, len) || zc_partial_overlap(in, out, len) ||
        tag == NULL || !tag_len_ok(tag_len) || (uint64_t)len > ZC_GCM_MAX_TEXT)
        return ZC_EINVAL;
    if (use_kma(k, iv_len))
        return ZC_OK;
    return stream_backend(k) < 0 ? ZC_ENOTSUP : ZC_OK;
}

/*
 * Both one-shot directions: the text through KMA or the streaming path,
 * and the full 16-byte tag into full[]. Arguments are checked already.
 * On error the output is zeroed.
 */
static int oneshot(const zc_aes_key *k, const uint8_t *iv, size_t iv_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                   size_t len, int decrypt, uint8_t full[16])
{
    zc_aes_gcm_ctx c;
    int rc;

#ifdef ZC_HAVE_CPACF
    if (use_kma(k, iv_len)) {
        zc_aes_stat(k, ZC_AES_IM_GCM_KMA, ZC_BACKEND_CPACF, decrypt, len);
        rc = kma_crypt(k, iv, aad, aad_len, in, out, len, decrypt, full);
        if (rc != ZC_OK)
            zc_wipe(out, len);
        return rc;
    }
#endif
    rc = zc_aes_gcm_init(&c, k, iv, iv_len, decrypt);
    if (rc == ZC_OK)
        rc = zc_aes_gcm_aad(&c, aad, aad_len);
    if (rc == ZC_OK)
        rc = zc_aes_gcm_update(&c, in, out, len);
    if (rc == ZC_OK)
        rc = gcm_tag(&c, full);
    else
        zc_wipe(out, len);
    zc_aes_gcm_wipe(&c);
    return rc;
}

int zc_aes_gcm_encrypt(const zc_aes_key *k, const uint8_t *iv, size_t iv_len,
                       const uint8_t *aad, size_t aad_len,
                       const uint8_t *in, uint8_t *out, size_t len,
                       uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    int rc = oneshot_args(k, iv, iv_len, aad, aad_len, in, out, len, tag, tag_len);

    if (rc == ZC_OK)
        rc = oneshot(k, iv, iv_len, aad, aad_len, in, out, len, 0, full);
    if (rc == ZC_OK)
        memcpy(tag, full, tag_len);
    zc_wipe(full, sizeof(full));
    return rc;
}

int zc_aes_gcm_decrypt(const zc_aes_key *k, const uint8_t *iv, size_t iv_len,
                       const uint8_t *aad, size_t aad_len,
                       const uint8_t *in, uint8_t *out, size_t len,
                       const uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    int rc = oneshot_args(k, iv, iv_len, aad, aad_len, in, out, len, tag, tag_len);

    if (rc < 0)
        return rc;
    rc = oneshot(k, iv, iv_len, aad, aad_len, in, out, len, 1, full);
    if (rc == ZC_OK && !zc_ct_equal(full, tag, tag_len)) {
        rc = ZC_EAUTH;
        zc_wipe(out, len);
    }
    zc_wipe(full, sizeof(full));
    return rc;
}
