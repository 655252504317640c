/*
 * aes_ccm.c - AES-CCM (NIST SP 800-38C; RFC 3610): one-shot calls.
 *
 * CCM is CBC-MAC then counter mode, both under the one key. With an
 * n-byte nonce N (7..13), q = 15 - n bytes hold the payload length and
 * the block counter. SP 800-38C, A.2:
 *  - B0 = flags | N | Q: flags = Adata << 6 | (t - 2) / 2 << 3 | (q - 1),
 *    Q the payload length in q big-endian bytes;
 *  - when there is AAD, its length a is encoded first: 2 bytes for
 *    a < 2^16 - 2^8, 0xfffe and 4 bytes for a < 2^32, 0xffff and 8 bytes
 *    beyond; encoding and AAD are zero-padded to a block boundary, and so
 *    is the payload after them;
 *  - T = CBC-MAC of B0 | encoded AAD | payload (zero IV);
 *  - counter blocks A_i = (q - 1) | N | i in q bytes; the payload is
 *    XORed with E(A_1), E(A_2), ..., and the tag is MSB_t(T xor S0) with
 *    S0 = E(A_0).
 * Encryption MACs the plaintext before encrypting it and decryption
 * decrypts before MACing, so in == out works both ways. A wrong tag
 * (constant-time comparison) zeroes the output: nothing unauthenticated
 * is released.
 *
 * CPACF, through the issuing helpers of aes_cpacf.c: KMAC (the key's
 * AES function code, clear 18-20 or encrypted 26-28; parameter block =
 * chaining value, key) runs the CBC-MAC, KMCTR (same code; counter blocks
 * as third operand) the counter stream and S0 (on A_0 over a zero block).
 * No large buffer is built: the formatted input is fed through a small
 * stack buffer only where it is not block-aligned (B0, the length
 * encoding, the AAD behind it, padded tails); block-aligned payload goes
 * to KMAC straight from the caller's memory.
 *
 * Software: the bitsliced constant-time AES, one block at a time for the
 * CBC-MAC (it is sequential), CHUNK blocks at a time for the counter
 * stream. Only lengths, which are public, steer the code.
 */
#include "aes_cpacf.h"
#include "asm/cpacf.h"
#include <zcrypt/aes_ccm.h>

#define CHUNK 32                    /* blocks per stack buffer */

/* The CBC-MAC state: chaining value and pending formatted input. */
struct ccm_mac {
    const zc_aes_key *k;
    int cpacf;
    size_t n;                       /* bytes in buf */
    uint8_t cv[16];
    uint8_t buf[CHUNK * 16];
};

/* Chain len bytes (a multiple of 16). */
static int mac_blocks(struct ccm_mac *m, const uint8_t *p, size_t len)
{
    const zc_aes_key *k = m->k;
    size_t i, j;

    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (m->cpacf)
        return zc_aes_cpacf_crypt(k, ZC_OP_KMAC, 0, m->cv, p, NULL, len, NULL);
#endif
    for (i = 0; i < len; i += 16) {
        for (j = 0; j < 16; j++)
            m->cv[j] ^= p[i + j];
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, m->cv, m->cv, 1);
    }
    return ZC_OK;
}

/* Feed len bytes of formatted input. */
static int mac_feed(struct ccm_mac *m, const uint8_t *p, size_t len)
{
    int rc;

    while (len) {
        size_t t;

        if (m->n == 0 && len >= 16) {       /* aligned: from the caller's memory */
            t = len & ~(size_t)15;
            if ((rc = mac_blocks(m, p, t)) != ZC_OK)
                return rc;
        } else {
            t = sizeof(m->buf) - m->n;
            if (t > len)
                t = len;
            memcpy(m->buf + m->n, p, t);
            m->n += t;
            if (m->n == sizeof(m->buf)) {
                m->n = 0;
                if ((rc = mac_blocks(m, m->buf, sizeof(m->buf))) != ZC_OK)
                    return rc;
            }
        }
        p += t;
        len -= t;
    }
    return ZC_OK;
}

/* Zero-pad what is pending to a block boundary and chain it. */
static int mac_pad(struct ccm_mac *m)
{
    size_t r = m->n % 16, n;

    if (r)
        memset(m->buf + m->n, 0, 16 - r);
    n = r ? m->n + 16 - r : m->n;
    m->n = 0;
    return mac_blocks(m, m->buf, n);
}

/* Counter block A_i: A_0's flags and nonce, i in the last q bytes. */
static void ctr_block(uint8_t *dst, const uint8_t a0[16], unsigned q, uint64_t i)
{
    unsigned j;

    memcpy(dst, a0, 16);
    for (j = 0; j < q && j < 8; j++)
        dst[15 - j] = (uint8_t)(i >> (8 * j));
}

/* out = in xor E(ctrs), nblocks blocks. */
static int ctr_run(const zc_aes_key *k, int cpacf, uint8_t *ctrs, const uint8_t *in,
                   uint8_t *out, size_t nblocks)
{
    size_t i;

#ifdef ZC_HAVE_CPACF
    if (cpacf)
        return zc_aes_cpacf_crypt(k, ZC_OP_KMCTR, 0, NULL, in, out, nblocks * 16, ctrs);
#else
    (void)cpacf;
#endif
    zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, ctrs, ctrs, nblocks);
    for (i = 0; i < nblocks * 16; i++)
        out[i] = in[i] ^ ctrs[i];
    return ZC_OK;
}

/* The payload's counter stream from A_1; a partial last block goes
 * through a padded block of its own. */
static int ccm_ctr(const zc_aes_key *k, int cpacf, const uint8_t a0[16], unsigned q,
                   const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t ctrs[CHUNK * 16] __attribute__((aligned(8)));
    uint8_t tail[16];
    uint64_t i = 1;
    size_t full = len / 16, r = len % 16, j;
    int rc = ZC_OK;

    while (full && rc == ZC_OK) {
        size_t n = full < CHUNK ? full : CHUNK;

        for (j = 0; j < n; j++)
            ctr_block(ctrs + 16 * j, a0, q, i++);
        rc = ctr_run(k, cpacf, ctrs, in, out, n);
        in += 16 * n;
        out += 16 * n;
        full -= n;
    }
    if (r && rc == ZC_OK) {
        memset(tail, 0, sizeof(tail));
        memcpy(tail, in, r);
        ctr_block(ctrs, a0, q, i);
        rc = ctr_run(k, cpacf, ctrs, tail, tail, 1);
        memcpy(out, tail, r);
        zc_wipe(tail, sizeof(tail));
    }
    zc_wipe(ctrs, sizeof(ctrs));
    return rc;
}

/*
 * Both directions: the payload in to out, and the full 16-byte
 * MSB(T xor S0) into full. Arguments are checked already.
 */
static int ccm(const zc_aes_key *k, int backend, const uint8_t *nonce, size_t nonce_len,
               const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
               size_t len, size_t tag_len, int decrypt, uint8_t full[16])
{
    static const uint8_t zero[16];
    struct ccm_mac m;
    uint8_t b0[16], a0[16] __attribute__((aligned(8))), s0[16], hdr[10];
    unsigned q = (unsigned)(15 - nonce_len), i;
    uint64_t a = (uint64_t)aad_len;
    size_t hl = 0;
    int rc;

    m.k = k;
    m.cpacf = backend == ZC_BACKEND_CPACF;
    m.n = 0;
    memset(m.cv, 0, sizeof(m.cv));
    /* B0 and A_0 */
    memset(b0, 0, sizeof(b0));
    b0[0] = (uint8_t)((aad_len ? 0x40 : 0) | (tag_len - 2) / 2 << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    for (i = 0; i < q && i < 8; i++)
        b0[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
    memset(a0, 0, sizeof(a0));
    a0[0] = (uint8_t)(q - 1);
    memcpy(a0 + 1, nonce, nonce_len);
    /* the AAD length encoding */
    if (a == 0) {
        hl = 0;
    } else if (a < 0xff00) {
        zc_store_be32(hdr, (uint32_t)a << 16);
        hl = 2;
    } else if (a <= 0xffffffffu) {
        hdr[0] = 0xff;
        hdr[1] = 0xfe;
        zc_store_be32(hdr + 2, (uint32_t)a);
        hl = 6;
    } else {
        hdr[0] = 0xff;
        hdr[1] = 0xff;
        zc_store_be64(hdr + 2, a);
        hl = 10;
    }
    rc = mac_feed(&m, b0, 16);
    if (rc == ZC_OK)
        rc = mac_feed(&m, hdr, hl);
    if (rc == ZC_OK)
        rc = mac_feed(&m, aad, aad_len);
    if (rc == ZC_OK)
        rc = mac_pad(&m);
    if (decrypt) {                          /* decrypt, then MAC the plaintext */
        if (rc == ZC_OK)
            rc = ccm_ctr(k, m.cpacf, a0, q, in, out, len);
        if (rc == ZC_OK)
            rc = mac_feed(&m, out, len);
    } else {                                /* MAC the plaintext, then encrypt */
        if (rc == ZC_OK)
            rc = mac_feed(&m, in, len);
    }
    if (rc == ZC_OK)
        rc = mac_pad(&m);
    if (!decrypt && rc == ZC_OK)
        rc = ccm_ctr(k, m.cpacf, a0, q, in, out, len);
    if (rc == ZC_OK)                        /* S0 = E(A_0); a0 is done with */
        rc = ctr_run(k, m.cpacf, a0, zero, s0, 1);
    if (rc == ZC_OK)
        for (i = 0; i < 16; i++)
            full[i] = m.cv[i] ^ s0[i];
    zc_wipe(&m, sizeof(m));
    zc_wipe(s0, sizeof(s0));
    zc_wipe(b0, sizeof(b0));
    return rc;
}

/* A payload length that fits in q bytes. */
static int len_fits(size_t len, size_t q)
{
    return q >= sizeof(uint64_t) || ((uint64_t)len >> (8 * q)) == 0;
}

/* The argument rules of both calls: the backend, or an error. */
static int ccm_args(const zc_aes_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                    const uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len)
{
    if (!zc_aes_key_valid(k) || nonce == NULL || nonce_len < 7 || nonce_len > 13 ||
        zc_bad_ptr(aad, aad_len) || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len) || tag == NULL || tag_len < 4 || tag_len > 16 ||
        tag_len % 2 || !len_fits(len, 15 - nonce_len))
        return ZC_EINVAL;
    return zc_aes_mode_select(k, ZC_AES_IM_CCM);
}

int zc_aes_ccm_encrypt(const zc_aes_key *k, const uint8_t *nonce, size_t nonce_len,
                       const uint8_t *aad, size_t aad_len,
                       const uint8_t *in, uint8_t *out, size_t len,
                       uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    int b = ccm_args(k, nonce, nonce_len, aad, aad_len, in, out, len, tag, tag_len), rc;

    if (b < 0)
        return b;
    zc_aes_stat(k, ZC_AES_IM_CCM, b, 0, len);
    rc = ccm(k, b, nonce, nonce_len, aad, aad_len, in, out, len, tag_len, 0, full);
    if (rc == ZC_OK)
        memcpy(tag, full, tag_len);
    else
        zc_wipe(out, len);
    zc_wipe(full, sizeof(full));
    return rc;
}

int zc_aes_ccm_decrypt(const zc_aes_key *k, const uint8_t *nonce, size_t nonce_len,
                       const uint8_t *aad, size_t aad_len,
                       const uint8_t *in, uint8_t *out, size_t len,
                       const uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    int b = ccm_args(k, nonce, nonce_len, aad, aad_len, in, out, len, tag, tag_len), rc;

    if (b < 0)
        return b;
    zc_aes_stat(k, ZC_AES_IM_CCM, b, 1, len);
    rc = ccm(k, b, nonce, nonce_len, aad, aad_len, in, out, len, tag_len, 1, full);
    if (rc == ZC_OK && !zc_ct_equal(full, tag, tag_len))
        rc = ZC_EAUTH;
    if (rc != ZC_OK)
        zc_wipe(out, len);
    zc_wipe(full, sizeof(full));
    return rc;
}
