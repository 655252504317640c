/*
 * des_modes.c - the DES/TDES modes ECB, CBC, CFB-64, OFB, CTR (64-bit
 * big-endian counter) and CMAC (SP 800-38B with the 64-bit block); key
 * objects: des_key.c.
 *
 * Each call checks its arguments, asks zc_des_mode_select (des_int.h)
 * where the mode runs and counts it there, then hands its whole blocks to
 * one issuing helper of des_cpacf.c (KM, KMC, KMF, KMO, KMCTR, KMAC and
 * PCC), or runs the constant-time software core. ECB, CBC and CTR, the
 * hot paths, reach their helper in one call. A helper's error fails the
 * call closed: the output is zeroed and the IV or counter left as it was.
 * The partial tail of CFB/OFB/CTR is one keystream block from KM (or
 * software), identically on both backends, as in aes/aes_modes.c.
 */
#include "des_int.h"
#include "des_ct.h"
#include "asm/cpacf.h"

#define M_ECB (1u << ZC_DES_IM_ECB)

static int args(const zc_des_key *k, const uint8_t *in, const uint8_t *out, size_t len)
{
    if (!zc_des_key_valid(k) || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len) || len % 8)
        return ZC_EINVAL;
    return ZC_OK;
}

/* Where a mode call runs (zc_des_mode_select), and counted there. */
static int mode_select(const zc_des_key *k, enum zc_des_imode mode, int decrypt, size_t len)
{
    int b = zc_des_mode_select(k, mode);

    if (b >= 0)
        zc_stat_count((enum zc_algo)(ZC_ALGO_DES_ECB + mode), k->zc_key_len,
                      b == ZC_BACKEND_CPACF ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE, decrypt != 0, len);
    return b;
}

static int ecb(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    if (args(k, in, out, len))
        return ZC_EINVAL;
    if (mode_select(k, ZC_DES_IM_ECB, decrypt, len) < 0)
        return ZC_ENOTSUP;
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (k->zc_cpacf_modes & M_ECB)
        return zc_des_cpacf_crypt(k, ZC_OP_KM, decrypt, NULL, in, out, len, NULL);
#endif
    if (decrypt)
        zc_des_sw_decrypt(k->zc_sk, k->zc_passes, in, out, len / 8);
    else
        zc_des_sw_encrypt(k->zc_sk, k->zc_passes, in, out, len / 8);
    return ZC_OK;
}

int zc_des_ecb_encrypt(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, in, out, len, 0);
}

int zc_des_ecb_decrypt(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, in, out, len, 1);
}

static int cbc(const zc_des_key *k, uint8_t iv[8], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    uint8_t buf[256], c[256];
    size_t i, j;
    int b;

    if (iv == NULL || args(k, in, out, len))
        return ZC_EINVAL;
    /* A CPACF-only key never falls back; an AUTO one runs CBC in software. */
    b = mode_select(k, ZC_DES_IM_CBC, decrypt, len);
    if (b < 0)
        return b;
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF)
        return zc_des_cpacf_crypt(k, ZC_OP_KMC, decrypt, iv, in, out, len, NULL);
#endif
    if (!decrypt) {
        for (i = 0; i < len; i += 8) {
            for (j = 0; j < 8; j++)
                buf[j] = in[i + j] ^ iv[j];
            zc_des_sw_encrypt(k->zc_sk, k->zc_passes, buf, out + i, 1);
            memcpy(iv, out + i, 8);
        }
    } else {
        /* Decryption is parallel: decipher a chunk at once, then chain. */
        while (len) {
            size_t n = len < sizeof(c) ? len : sizeof(c);

            memcpy(c, in, n);               /* in may be out */
            zc_des_sw_decrypt(k->zc_sk, k->zc_passes, c, buf, n / 8);
            for (i = 0; i < n; i += 8) {
                for (j = 0; j < 8; j++)
                    out[i + j] = buf[i + j] ^ iv[j];
                memcpy(iv, c + i, 8);
            }
            in += n;
            out += n;
            len -= n;
        }
    }
    zc_wipe(buf, sizeof(buf));
    zc_wipe(c, sizeof(c));
    return ZC_OK;
}

int zc_des_cbc_encrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cbc(k, iv, in, out, len, 0);
}

int zc_des_cbc_decrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cbc(k, iv, in, out, len, 1);
}

/* ---- CFB-64, OFB, CTR, CMAC ------------------------------------------- */

/* Blocks per stack buffer (counters, keystream). */
#define CHUNK 32

/* The stream modes' arguments: any length. */
static int sargs(const zc_des_key *k, const uint8_t *iv, const uint8_t *in,
                 const uint8_t *out, size_t len)
{
    if (iv == NULL || !zc_des_key_valid(k) || zc_bad_ptr(in, len) ||
        zc_bad_ptr(out, len) || zc_partial_overlap(in, out, len))
        return ZC_EINVAL;
    return ZC_OK;
}

/* One block through the key's block function (KM or software). */
static int block_enc(const zc_des_key *k, const uint8_t in[8], uint8_t out[8])
{
#ifdef ZC_HAVE_CPACF
    if (k->zc_cpacf_modes & M_ECB)
        return zc_des_cpacf_crypt(k, ZC_OP_KM, 0, NULL, in, out, 8, NULL);
#endif
    zc_des_sw_encrypt(k->zc_sk, k->zc_passes, in, out, 1);
    return ZC_OK;
}

/* After an error: output zeroed, the IV or counter as before the call. */
static int fail(int rc, uint8_t *out, size_t len, uint8_t *iv, const uint8_t saved[8])
{
    zc_wipe(out, len);
    memcpy(iv, saved, 8);
    return rc;
}

/*
 * CFB-64. After a partial tail the IV is the keystream block with its
 * first t bytes replaced by the ciphertext (what the zero-padded block
 * would leave), as AES-CFB does.
 */
static int cfb(const zc_des_key *k, uint8_t iv[8], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    uint8_t ks[8], c[8], saved[8];
    uint8_t *out0 = out;
    size_t full = len & ~(size_t)7, t = len & 7, i, j;
    int b, rc = ZC_OK;

    if (sargs(k, iv, in, out, len))
        return ZC_EINVAL;
    b = mode_select(k, ZC_DES_IM_CFB, decrypt, len);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    memcpy(saved, iv, 8);
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF && full) {
        rc = zc_des_cpacf_crypt(k, ZC_OP_KMF, decrypt, iv, in, out, full, NULL);
        in += full;
        out += full;
        full = 0;
    }
#endif
    for (i = 0; i < full; i += 8) {
        zc_des_sw_encrypt(k->zc_sk, k->zc_passes, iv, ks, 1);
        for (j = 0; j < 8; j++) {
            c[j] = decrypt ? in[i + j] : (uint8_t)(in[i + j] ^ ks[j]);
            out[i + j] = in[i + j] ^ ks[j];
        }
        memcpy(iv, c, 8);
    }
    in += full;
    out += full;
    if (t && rc == ZC_OK) {
        rc = block_enc(k, iv, ks);
        for (j = 0; j < t; j++) {
            c[j] = decrypt ? in[j] : (uint8_t)(in[j] ^ ks[j]);
            out[j] = in[j] ^ ks[j];
        }
        memcpy(iv, ks, 8);
        memcpy(iv, c, t);
    }
    zc_wipe(ks, sizeof(ks));
    zc_wipe(c, sizeof(c));
    return rc == ZC_OK ? rc : fail(rc, out0, len, iv, saved);
}

int zc_des_cfb_encrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cfb(k, iv, in, out, len, 0);
}

int zc_des_cfb_decrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cfb(k, iv, in, out, len, 1);
}

/* OFB: the keystream is E(IV), E(E(IV)), ...; inherently sequential. */
int zc_des_ofb_crypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in, uint8_t *out,
                     size_t len)
{
    uint8_t ks[8], saved[8];
    uint8_t *out0 = out;
    size_t full = len & ~(size_t)7, t = len & 7, i;
    int b, rc = ZC_OK;

    if (sargs(k, iv, in, out, len))
        return ZC_EINVAL;
    b = mode_select(k, ZC_DES_IM_OFB, 0, len);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    memcpy(saved, iv, 8);
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF && full) {
        rc = zc_des_cpacf_crypt(k, ZC_OP_KMO, 0, iv, in, out, full, NULL);
        in += full;
        out += full;
        full = 0;
    }
#endif
    for (i = 0; i < full; i++) {
        if (i % 8 == 0)
            zc_des_sw_encrypt(k->zc_sk, k->zc_passes, iv, iv, 1);
        out[i] = in[i] ^ iv[i % 8];
    }
    in += full;
    out += full;
    if (t && rc == ZC_OK) {
        rc = block_enc(k, iv, ks);
        for (i = 0; i < t; i++)
            out[i] = in[i] ^ ks[i];
        memcpy(iv, ks, 8);
    }
    zc_wipe(ks, sizeof(ks));
    return rc == ZC_OK ? rc : fail(rc, out0, len, iv, saved);
}

int zc_des_ctr_crypt(const zc_des_key *k, uint8_t ctr[8], const uint8_t *in, uint8_t *out,
                     size_t len)
{
    uint8_t ctrs[CHUNK * 8] __attribute__((aligned(8)));
    uint8_t ks[8], saved[8];
    uint8_t *out0 = out;
    size_t full = len & ~(size_t)7, i;
    int b, rc = ZC_OK;

    if (sargs(k, ctr, in, out, len))
        return ZC_EINVAL;
    b = mode_select(k, ZC_DES_IM_CTR, 0, len);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    memcpy(saved, ctr, 8);
    while (full && rc == ZC_OK) {
        size_t n = full < sizeof(ctrs) ? full : sizeof(ctrs);

        for (i = 0; i < n; i += 8) {
            memcpy(ctrs + i, ctr, 8);
            zc_ctr_inc_be64(ctr);
        }
#ifdef ZC_HAVE_CPACF
        if (b == ZC_BACKEND_CPACF)
            rc = zc_des_cpacf_crypt(k, ZC_OP_KMCTR, 0, NULL, in, out, n, ctrs);
        else
#endif
        {
            zc_des_sw_encrypt(k->zc_sk, k->zc_passes, ctrs, ctrs, n / 8);
            for (i = 0; i < n; i++)
                out[i] = in[i] ^ ctrs[i];
        }
        in += n;
        out += n;
        full -= n;
    }
    if ((len & 7) && rc == ZC_OK) {
        rc = block_enc(k, ctr, ks);
        for (i = 0; i < (len & 7); i++)
            out[i] = in[i] ^ ks[i];
        zc_ctr_inc_be64(ctr);
    }
    zc_wipe(ctrs, sizeof(ctrs));
    zc_wipe(ks, sizeof(ks));
    return rc == ZC_OK ? rc : fail(rc, out0, len, ctr, saved);
}

/* CMAC subkey doubling in GF(2^64), R_64 = 0x1b, without a branch on the
 * secret top bit. */
static void dbl64(uint8_t d[8], const uint8_t s[8])
{
    uint8_t mask = (uint8_t)(0u - (unsigned)(s[0] >> 7));
    int i;

    for (i = 0; i < 7; i++)
        d[i] = (uint8_t)(s[i] << 1 | s[i + 1] >> 7);
    d[7] = (uint8_t)(s[7] << 1) ^ (mask & 0x1b);
}

/*
 * CMAC: CBC-MAC over all blocks but the last, then the last block, whole
 * (XOR K1) or padded with 10* (XOR K2). On CPACF the first part is KMAC
 * and the last PCC, which derives the subkeys itself.
 */
int zc_des_cmac(const zc_des_key *k, const uint8_t *msg, size_t len, uint8_t *tag,
                size_t tag_len)
{
    uint8_t cv[8] = { 0 }, last[8] = { 0 }, l[8], sub[8];
    size_t head, n, i;
    int b;

    if (!zc_des_key_valid(k) || zc_bad_ptr(msg, len) || tag == NULL || tag_len < 1 ||
        tag_len > 8)
        return ZC_EINVAL;
    b = mode_select(k, ZC_DES_IM_CMAC, 0, len);
    if (b < 0)
        return b;
    /* The last block holds 1..8 bytes, 0 only for the empty message. */
    n = len == 0 ? 0 : len - ((len - 1) & ~(size_t)7);
    head = len - n;
    if (n)
        memcpy(last, msg + head, n);
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF) {
        int rc = ZC_OK;

        if (head)
            rc = zc_des_cpacf_crypt(k, ZC_OP_KMAC, 0, cv, msg, NULL, head, NULL);
        if (rc == ZC_OK)
            rc = zc_des_cpacf_cmac_last(k, cv, last, n, cv);
        if (rc == ZC_OK)
            memcpy(tag, cv, tag_len);
        zc_wipe(cv, sizeof(cv));
        zc_wipe(last, sizeof(last));
        return rc;
    }
#endif
    for (i = 0; i < head; i += 8) {
        uint8_t x[8];
        size_t j;

        for (j = 0; j < 8; j++)
            x[j] = cv[j] ^ msg[i + j];
        zc_des_sw_encrypt(k->zc_sk, k->zc_passes, x, cv, 1);
    }
    memset(l, 0, sizeof(l));
    zc_des_sw_encrypt(k->zc_sk, k->zc_passes, l, l, 1);     /* L = E(0^64) */
    dbl64(sub, l);                                          /* K1 */
    if (n < 8) {
        last[n] = 0x80;
        dbl64(sub, sub);                                    /* K2 */
    }
    for (i = 0; i < 8; i++)
        cv[i] ^= last[i] ^ sub[i];
    zc_des_sw_encrypt(k->zc_sk, k->zc_passes, cv, cv, 1);
    memcpy(tag, cv, tag_len);
    zc_wipe(cv, sizeof(cv));
    zc_wipe(last, sizeof(last));
    zc_wipe(l, sizeof(l));
    zc_wipe(sub, sizeof(sub));
    return ZC_OK;
}
