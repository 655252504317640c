/*
 * aes_modes.c - the AES modes ECB, CBC, CTR, CFB-128, CFB-8, OFB, and the key's block
 * function for the other mode files (key objects: aes_key.c).
 *
 * CPACF calls go through the issuing helpers (aes_cpacf.c), which
 * build the parameter block, check every result and resume after a stop;
 * chaining values go in and out of the block, so IVs continue across
 * calls. A helper's error fails the call closed: the output is zeroed and
 * the IV or counter is left as it was. The last partial block of
 * CTR/CFB/OFB is done with one keystream block from KM (or software),
 * identically on both backends. Software CBC encryption and CFB
 * encryption are sequential by nature; everything else runs the
 * bitsliced core four blocks at a time through a bounded stack buffer.
 */
#include "aes_cpacf.h"
#include "asm/cpacf.h"

/* Blocks per stack buffer (counters, keystream): 1 KiB. */
#define CHUNK_BLOCKS 64

/* KM (or the software core) on whole blocks, either direction. */
static int ecb_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
                      size_t nblocks, int decrypt)
{
#ifdef ZC_HAVE_CPACF
    if (k->zc_cpacf_modes & (1u << ZC_AES_IM_ECB))
        return zc_aes_cpacf_crypt(k, ZC_OP_KM, decrypt, NULL, in, out, nblocks * 16, NULL);
#endif
    if (decrypt)
        zc_aes_sw_decrypt(k->zc_rk, k->zc_rounds, in, out, nblocks);
    else
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, in, out, nblocks);
    return ZC_OK;
}

int zc_aes_encrypt_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
                          size_t nblocks)
{
    return ecb_blocks(k, in, out, nblocks, 0);
}

/*
 * After an issuing helper's error the stream position is as before the
 * call. A protected key whose derivation failed (ZC_EKEY) leaves the
 * output valid as far as it got (zcrypt/aes_protected.h); any other error
 * is an answer that cannot happen, and the call fails closed: no
 * half-processed output that looks like a result.
 */
static int fail(int rc, uint8_t *out, size_t len, uint8_t *iv, const uint8_t saved[16])
{
    if (rc != ZC_EKEY)
        zc_wipe(out, len);
    if (iv != NULL)
        memcpy(iv, saved, 16);
    return rc;
}

static int ecb(const zc_aes_key *k, const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    int rc;

    if (zc_aes_args(k, in, out, len) || len % 16)
        return ZC_EINVAL;
    rc = zc_aes_mode_select(k, ZC_AES_IM_ECB);
    if (rc < 0)
        return rc;
    zc_aes_stat(k, ZC_AES_IM_ECB, rc, decrypt, len);
    if (len == 0)
        return ZC_OK;
    rc = ecb_blocks(k, in, out, len / 16, decrypt);
    return rc == ZC_OK ? rc : fail(rc, out, len, NULL, NULL);
}

int zc_aes_ecb_encrypt(const zc_aes_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, in, out, len, 0);
}

int zc_aes_ecb_decrypt(const zc_aes_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, in, out, len, 1);
}

static void xor16(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    uint64_t x0 = zc_load_le64(a) ^ zc_load_le64(b);
    uint64_t x1 = zc_load_le64(a + 8) ^ zc_load_le64(b + 8);

    zc_store_le64(d, x0);
    zc_store_le64(d + 8, x1);
}

/* CBC in software: apart, so that its buffers (and the stack protector's
 * check they bring) are no part of the CPACF path. */
__attribute__((noinline))
static int cbc_sw(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                  size_t len, int decrypt)
{
    uint8_t buf[CHUNK_BLOCKS * 16], ct[CHUNK_BLOCKS * 16];
    size_t i;

    if (!decrypt) {
        for (i = 0; i < len; i += 16) {
            xor16(buf, in + i, iv);
            zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, buf, out + i, 1);
            memcpy(iv, out + i, 16);
        }
    } else {
        while (len) {
            size_t n = len < sizeof(ct) ? len : sizeof(ct);

            memcpy(ct, in, n);              /* in may be out */
            zc_aes_sw_decrypt(k->zc_rk, k->zc_rounds, ct, buf, n / 16);
            for (i = 0; i < n; i += 16) {
                xor16(out + i, buf + i, iv);
                memcpy(iv, ct + i, 16);
            }
            in += n;
            out += n;
            len -= n;
        }
    }
    zc_wipe(buf, sizeof(buf));
    zc_wipe(ct, sizeof(ct));
    return ZC_OK;
}

static inline __attribute__((always_inline))
int cbc(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    int b;

    if (iv == NULL || zc_aes_args(k, in, out, len) || len % 16)
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CBC);
    if (b < 0)
        return b;
    zc_aes_stat(k, ZC_AES_IM_CBC, b, decrypt, len);
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF) {
        /* The helper updates iv only on success. */
        int rc = zc_aes_cpacf_crypt(k, ZC_OP_KMC, decrypt, iv, in, out, len, NULL);

        if (rc != ZC_OK && rc != ZC_EKEY)
            zc_wipe(out, len);
        return rc;
    }
#endif
    return cbc_sw(k, iv, in, out, len, decrypt);
}

int zc_aes_cbc_encrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cbc(k, iv, in, out, len, 0);
}

int zc_aes_cbc_decrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cbc(k, iv, in, out, len, 1);
}

/*
 * Counter blocks for n bytes (n a multiple of 16) from ctr, and ctr
 * advanced past them: zc_ctr_inc_be128's arithmetic with the halves kept in
 * registers.
 */
static inline __attribute__((always_inline))
void ctr_fill(uint8_t *ctrs, uint8_t ctr[16], size_t n)
{
    uint64_t hi = zc_load_be64(ctr), lo = zc_load_be64(ctr + 8);
    size_t i;

    for (i = 0; i < n; i += 16) {
        zc_store_be64(ctrs + i, hi);
        zc_store_be64(ctrs + i + 8, lo);
        lo++;
        hi += ((lo | (0 - lo)) >> 63) ^ 1;
    }
    zc_store_be64(ctr, hi);
    zc_store_be64(ctr + 8, lo);
}

/* d = a ^ b over n bytes, n a multiple of 8, in 64-bit words. */
static void xor_words(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i += 8)
        zc_store_le64(d + i, zc_load_le64(a + i) ^ zc_load_le64(b + i));
}

/*
 * One keystream block for the partial tail of CTR/CFB/OFB: ks = E(block),
 * out = in ^ ks for t bytes. KM or software, whatever the key has.
 */
static int tail_block(const zc_aes_key *k, const uint8_t block[16], uint8_t ks[16],
                      const uint8_t *in, uint8_t *out, size_t t)
{
    size_t i;
    int rc = zc_aes_encrypt_blocks(k, block, ks, 1);

    for (i = 0; i < t; i++)
        out[i] = in[i] ^ ks[i];
    return rc;
}

#ifdef ZC_HAVE_CPACF
/*
 * CTR on CPACF, apart from the software loop so that a short call stays
 * short: KMCTR reads the counter blocks and writes only to out, and the
 * counter blocks are public (the caller's counter, incremented), so only
 * a partial tail's keystream block needs wiping.
 */
__attribute__((noinline))
static int ctr_cpacf(const zc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                     size_t len)
{
    uint8_t ctrs[CHUNK_BLOCKS * 16] __attribute__((aligned(8)));
    uint8_t saved[16];
    size_t full = len & ~(size_t)15, done = 0;
    int rc = ZC_OK;

    memcpy(saved, ctr, 16);
    while (done < full && rc == ZC_OK) {
        size_t n = full - done < sizeof(ctrs) ? full - done : sizeof(ctrs);

        ctr_fill(ctrs, ctr, n);
        rc = zc_aes_cpacf_crypt(k, ZC_OP_KMCTR, 0, NULL, in + done, out + done, n, ctrs);
        done += n;
    }
    if ((len & 15) && rc == ZC_OK) {
        uint8_t ks[16];

        rc = tail_block(k, ctr, ks, in + full, out + full, len & 15);
        zc_ctr_inc_be128(ctr);
        zc_wipe(ks, sizeof(ks));
    }
    return rc == ZC_OK ? rc : fail(rc, out, len, ctr, saved);
}
#endif

/* CTR in software: the blocks of keystream are secret, wiped after use. */
__attribute__((noinline))
static int ctr_sw(const zc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t len)
{
    uint8_t ctrs[CHUNK_BLOCKS * 16] __attribute__((aligned(8)));
    uint8_t ks[16], saved[16];
    size_t full = len & ~(size_t)15, done = 0, used = 0;
    int rc = ZC_OK;

    memcpy(saved, ctr, 16);
    while (done < full) {
        size_t n = full - done < sizeof(ctrs) ? full - done : sizeof(ctrs);

        ctr_fill(ctrs, ctr, n);
        used = used > n ? used : n;
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, ctrs, ctrs, n / 16);
        xor_words(out + done, in + done, ctrs, n);
        done += n;
    }
    if (len & 15) {         /* KM when the key has it: the result is checked */
        rc = tail_block(k, ctr, ks, in + full, out + full, len & 15);
        zc_ctr_inc_be128(ctr);
    }
    zc_wipe(ctrs, used);
    zc_wipe(ks, sizeof(ks));
    return rc == ZC_OK ? rc : fail(rc, out, len, ctr, saved);
}

int zc_aes_ctr_crypt(const zc_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                     uint8_t *out, size_t len)
{
    int b;

    if (ctr == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CTR);
    if (b < 0)
        return b;
    zc_aes_stat(k, ZC_AES_IM_CTR, b, 0, len);
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF) {
        /* One block on a clear key: one KMCTR on the caller's counter,
         * no counter buffer, no loop (the short call's path length). */
        if (len == 16 && !zc_aes_key_protected(k)) {
            int rc = zc_aes_cpacf_ctr_block(k, ctr, in, out);

            if (rc != ZC_OK)
                return fail(rc, out, len, NULL, NULL);
            zc_ctr_inc_be128(ctr);
            return ZC_OK;
        }
        return ctr_cpacf(k, ctr, in, out, len);
    }
#endif
    return ctr_sw(k, ctr, in, out, len);
}

/*
 * CFB-128. After a partial tail the IV is the keystream block with its
 * first t bytes replaced by the ciphertext, i.e. the chaining value that
 * the zero-padded block would leave.
 */
static int cfb(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    uint8_t buf[CHUNK_BLOCKS * 16 + 16], ks[16], saved[16];
    uint8_t *out0 = out;
    size_t full, i, t = len & 15;
    int b, rc = ZC_OK;

    if (iv == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CFB);
    if (b < 0)
        return b;
    zc_aes_stat(k, ZC_AES_IM_CFB, b, decrypt, len);
    if (len == 0)
        return ZC_OK;
    memcpy(saved, iv, 16);
    full = len - t;
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF && full) {
        rc = zc_aes_cpacf_crypt(k, ZC_OP_KMF, decrypt, iv, in, out, full, NULL);
        in += full;
        out += full;
        full = 0;
    }
#endif
    if (!decrypt) {
        for (i = 0; i < full; i += 16) {
            zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, iv, ks, 1);
            xor16(out + i, in + i, ks);
            memcpy(iv, out + i, 16);
        }
    } else {
        /* Decryption is parallel: the cipher inputs are IV, C0, C1, ... */
        while (full) {
            size_t n = full < CHUNK_BLOCKS * 16 ? full : CHUNK_BLOCKS * 16;

            memcpy(buf, iv, 16);
            memcpy(buf + 16, in, n);
            memcpy(iv, in + n - 16, 16);
            zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, buf, buf, n / 16);
            for (i = 0; i < n; i++)
                out[i] = in[i] ^ buf[i];
            in += n;
            out += n;
            full -= n;
        }
    }
    in += full;
    out += full;
    if (t && rc == ZC_OK) {
        uint8_t c[16];

        if (decrypt)
            memcpy(c, in, t);           /* in may be out */
        rc = tail_block(k, iv, ks, in, out, t);
        memcpy(iv, ks, 16);
        memcpy(iv, decrypt ? c : out, t);
    }
    zc_wipe(buf, sizeof(buf));
    zc_wipe(ks, sizeof(ks));
    return rc == ZC_OK ? rc : fail(rc, out0, len, iv, saved);
}

int zc_aes_cfb_encrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cfb(k, iv, in, out, len, 0);
}

int zc_aes_cfb_decrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cfb(k, iv, in, out, len, 1);
}

/*
 * CFB-8 (SP 800-38A 6.3, s = 8): one cipher call per byte, the register
 * shifted left by a byte and the ciphertext byte appended. On CPACF it is
 * KMF with a segment length of 1 and CFB-128's function code, so the mode
 * bit of CFB decides for both. Software is sequential both ways: each
 * register holds the previous 16 ciphertext bytes, and the per-byte cost is
 * the bitsliced core's, whatever the data.
 */
static int cfb8(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                size_t len, int decrypt)
{
    uint8_t ks[16], saved[16];
    size_t i;
    int b, rc = ZC_OK;

    if (iv == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CFB);
    if (b >= 0)                         /* counted with CFB-128: the same KMF */
        zc_aes_stat(k, ZC_AES_IM_CFB, b, decrypt, len);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    memcpy(saved, iv, 16);
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF) {
        rc = zc_aes_cpacf_crypt(k, ZC_AES_OP_KMF8, decrypt, iv, in, out, len, NULL);
        return rc == ZC_OK ? rc : fail(rc, out, len, iv, saved);
    }
#endif
    for (i = 0; i < len; i++) {
        uint8_t c = decrypt ? in[i] : 0;    /* in may be out */

        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, iv, ks, 1);
        out[i] = in[i] ^ ks[0];
        if (!decrypt)
            c = out[i];
        memmove(iv, iv + 1, 15);
        iv[15] = c;
    }
    zc_wipe(ks, sizeof(ks));
    return rc;
}

int zc_aes_cfb8_encrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t len)
{
    return cfb8(k, iv, in, out, len, 0);
}

int zc_aes_cfb8_decrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t len)
{
    return cfb8(k, iv, in, out, len, 1);
}

/* OFB: the keystream is E(IV), E(E(IV)), ...; inherently sequential. */
int zc_aes_ofb_crypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                     uint8_t *out, size_t len)
{
    size_t full, i, t = len & 15;
    uint8_t ks[16], saved[16];
    uint8_t *out0 = out;
    int b, rc = ZC_OK;

    if (iv == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_OFB);
    if (b < 0)
        return b;
    zc_aes_stat(k, ZC_AES_IM_OFB, b, 0, len);
    if (len == 0)
        return ZC_OK;
    memcpy(saved, iv, 16);
    full = len - t;
#ifdef ZC_HAVE_CPACF
    if (b == ZC_BACKEND_CPACF && full) {
        rc = zc_aes_cpacf_crypt(k, ZC_OP_KMO, 0, iv, in, out, full, NULL);
        in += full;
        out += full;
        full = 0;
    }
#endif
    for (i = 0; i < full; i += 16) {
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, iv, iv, 1);
        xor16(out + i, in + i, iv);
    }
    if (t && rc == ZC_OK) {
        rc = tail_block(k, iv, ks, in + full, out + full, t);
        memcpy(iv, ks, 16);
    }
    zc_wipe(ks, sizeof(ks));
    return rc == ZC_OK ? rc : fail(rc, out0, len, iv, saved);
}
