/*
 * aes.c - AES key objects and the modes ECB, CBC, CTR, CFB-128, OFB.
 *
 * A key is prepared once: the backend from KM's function code for its
 * size, a bit per mode saying whether that mode's own instruction (KMC,
 * KMCTR, KMF, KMO) is usable, the clear key for CPACF parameter blocks,
 * and (unless the key is CPACF-only) the bitsliced software schedule.
 *
 * CPACF calls build their parameter block on the stack from the key
 * (zc_aes_pb_key) and wipe it afterwards; chaining values go in and out of
 * the block, so IVs continue across calls. The last partial block of
 * CTR/CFB/OFB is done with one keystream block from KM (or software),
 * identically on both backends. Software CBC encryption and CFB
 * encryption are sequential by nature; everything else runs the
 * bitsliced core four blocks at a time through a bounded stack buffer.
 */
#include "aes_int.h"
#include "../asm/cpacf.h"

/* Blocks per stack buffer (counters, keystream): 1 KiB. */
#define CHUNK_BLOCKS 64

static const enum zc_insn mode_insn[ZC_AES_IM_XTS] = {
    ZC_INSN_KM, ZC_INSN_KMC, ZC_INSN_KMCTR, ZC_INSN_KMF, ZC_INSN_KMO
};

static unsigned aes_fc(size_t key_len)
{
    switch (key_len) {
    case 16: return ZC_FC_AES_128;
    case 24: return ZC_FC_AES_192;
    case 32: return ZC_FC_AES_256;
    default: return 0;
    }
}

unsigned zc_aes_mode_need(enum zc_aes_imode mode, size_t key_len,
                          struct zc_cpacf_need need[3])
{
    unsigned fc = aes_fc(key_len);

    if (fc == 0 || (unsigned)mode >= ZC_AES_IM_COUNT)
        return 0;
    need[0].insn = ZC_INSN_KM;        /* the key's own backend */
    need[0].fc = fc;
    switch (mode) {
    case ZC_AES_IM_ECB:
        return 1;
    case ZC_AES_IM_XTS:               /* KM-XTS with the XTS parameter from PCC */
        if (key_len == 24)
            return 0;
        need[1].insn = ZC_INSN_KM;
        need[1].fc = key_len == 16 ? ZC_FC_XTS_AES_128 : ZC_FC_XTS_AES_256;
        need[2].insn = ZC_INSN_PCC;
        need[2].fc = need[1].fc;
        return 3;
    case ZC_AES_IM_GCM:
        need[1].insn = ZC_INSN_KMCTR;
        need[1].fc = fc;
        need[2].insn = ZC_INSN_KIMD;
        need[2].fc = ZC_FC_GHASH;
        return 3;
    case ZC_AES_IM_CMAC:              /* KMAC for the blocks, PCC for the last */
        need[1].insn = ZC_INSN_KMAC;
        need[1].fc = fc;
        need[2].insn = ZC_INSN_PCC;
        need[2].fc = fc;
        return 3;
    case ZC_AES_IM_GCM_KMA:
        need[0].insn = ZC_INSN_KMA;
        return 1;
    default:
        need[1].insn = mode_insn[mode];
        need[1].fc = fc;
        return 2;
    }
}

int zc_aes_key_init(zc_aes_key *k, const uint8_t *key, size_t key_len,
                    enum zc_backend backend)
{
    struct zc_cpacf_need need[3];
    struct zc_backend_info info;
    unsigned fc = aes_fc(key_len), m, n;
    uint16_t modes = 0;
    static const uint8_t zero[16];

    if (k == NULL || key == NULL || fc == 0 || (unsigned)backend > ZC_BACKEND_SOFTWARE)
        return ZC_EINVAL;
    if (backend != ZC_BACKEND_SOFTWARE) {
        for (m = 0; m < ZC_AES_IM_COUNT; m++) {
            n = zc_aes_mode_need((enum zc_aes_imode)m, key_len, need);
            if (n == 0)
                continue;
            zc_caps_decide(need, n, &info);
            if (info.backend == ZC_BACKEND_CPACF)
                modes |= (uint16_t)(1u << m);
        }
        /* KMA runs nowhere we can test: only after its self-test passed. */
        if ((modes >> ZC_AES_IM_GCM_KMA & 1) && !zc_aes_gcm_kma_selftest((unsigned)key_len))
            modes &= (uint16_t)~(1u << ZC_AES_IM_GCM_KMA);
        if (!(modes & (1u << ZC_AES_IM_ECB))) {        /* no KM for this size */
            if (backend == ZC_BACKEND_CPACF)
                return ZC_ENOTSUP;
            modes = 0;
        }
    }
    memset(k, 0, sizeof(*k));
    /* A CPACF-only key never runs software, so it holds no schedule. */
    if (backend == ZC_BACKEND_CPACF)
        k->zc_rounds = (uint8_t)(6 + key_len / 4);
    else
        k->zc_rounds = (uint8_t)zc_aes_sw_setkey(k->zc_rk, key, key_len);
    memcpy(k->zc_key, key, key_len);
    k->zc_key_len = (uint8_t)key_len;
    k->zc_fc = (uint8_t)fc;
    k->zc_kind = ZC_AES_KIND_CLEAR;
    k->zc_cpacf_modes = modes;
    k->zc_strict = backend == ZC_BACKEND_CPACF;
    k->zc_backend = (uint8_t)(backend == ZC_BACKEND_AUTO
                              ? (modes ? ZC_BACKEND_CPACF : ZC_BACKEND_SOFTWARE)
                              : backend);
    k->zc_magic = ZC_AES_MAGIC;
    zc_aes_encrypt_blocks(k, zero, k->zc_h, 1);
    return ZC_OK;
}

void zc_aes_key_wipe(zc_aes_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof(*k));
}

enum zc_backend zc_aes_key_backend(const zc_aes_key *k)
{
    return zc_aes_key_valid(k) ? (enum zc_backend)k->zc_backend : ZC_BACKEND_AUTO;
}

enum zc_backend zc_aes_mode_backend(const zc_aes_key *k, enum zc_aes_mode mode)
{
    int b;

    if (!zc_aes_key_valid(k) || (unsigned)mode > ZC_AES_CMAC)
        return ZC_BACKEND_AUTO;
    b = zc_aes_mode_select(k, (enum zc_aes_imode)mode);
    return b < 0 ? ZC_BACKEND_AUTO : (enum zc_backend)b;
}

/* KM (or the software core) on whole blocks, either direction. */
static void ecb_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
                       size_t nblocks, int decrypt)
{
#if defined(__s390x__)
    if (k->zc_cpacf_modes & (1u << ZC_AES_IM_ECB)) {
        uint8_t pb[ZC_AES_PB_MAX] __attribute__((aligned(8)));
        unsigned long fc = zc_aes_pb_key(k, pb);

        zc_km(fc | (decrypt ? ZC_CPACF_DECRYPT : 0), pb, out, in, nblocks * 16);
        zc_wipe(pb, sizeof(pb));
        return;
    }
#endif
    if (decrypt)
        zc_aes_sw_decrypt(k->zc_rk, k->zc_rounds, in, out, nblocks);
    else
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, in, out, nblocks);
}

void zc_aes_encrypt_blocks(const zc_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks)
{
    ecb_blocks(k, in, out, nblocks, 0);
}

static int ecb(const zc_aes_key *k, const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    if (zc_aes_args(k, in, out, len) || len % 16)
        return ZC_EINVAL;
    if (len)
        ecb_blocks(k, in, out, len / 16, decrypt);
    return ZC_OK;
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
    unsigned i;

    for (i = 0; i < 16; i++)
        d[i] = a[i] ^ b[i];
}

/* The chaining modes on CPACF: KMC, KMF, KMO share one parameter block
 * layout (chaining value, then key) and update the chaining value. */
#if defined(__s390x__)
static void chain_cpacf(const zc_aes_key *k, enum zc_aes_imode mode, int decrypt,
                        uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t pb[ZC_AES_PB_MAX] __attribute__((aligned(8)));
    unsigned long fc;

    memcpy(pb, iv, 16);
    fc = zc_aes_pb_key(k, pb + 16) | (decrypt ? ZC_CPACF_DECRYPT : 0);
    switch (mode) {
    case ZC_AES_IM_CBC: zc_kmc(fc, pb, out, in, len); break;
    case ZC_AES_IM_CFB: zc_kmf(fc | 16ul << 24, pb, out, in, len); break;
    default:            zc_kmo(fc, pb, out, in, len); break;
    }
    memcpy(iv, pb, 16);
    zc_wipe(pb, sizeof(pb));
}
#endif

static int cbc(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    uint8_t buf[CHUNK_BLOCKS * 16], ct[CHUNK_BLOCKS * 16];
    int b;
    size_t i;

    if (iv == NULL || zc_aes_args(k, in, out, len) || len % 16)
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CBC);
    if (b < 0)
        return b;
    if (len == 0)
        return ZC_OK;
#if defined(__s390x__)
    if (b == ZC_BACKEND_CPACF) {
        chain_cpacf(k, ZC_AES_IM_CBC, decrypt, iv, in, out, len);
        return ZC_OK;
    }
#endif
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
 * 128-bit big-endian increment, without an early exit: some protocols
 * derive the initial counter and never send it (SSH), so where the carry
 * stops must not show in the timing.
 */
static void ctr_inc(uint8_t c[16])
{
    unsigned carry = 1;
    int i;

    for (i = 15; i >= 0; i--) {
        carry += c[i];
        c[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

/*
 * One keystream block for the partial tail of CTR/CFB/OFB: ks = E(block),
 * out = in ^ ks for t bytes. KM or software, whatever the key has.
 */
static void tail_block(const zc_aes_key *k, const uint8_t block[16], uint8_t ks[16],
                       const uint8_t *in, uint8_t *out, size_t t)
{
    size_t i;

    zc_aes_encrypt_blocks(k, block, ks, 1);
    for (i = 0; i < t; i++)
        out[i] = in[i] ^ ks[i];
}

int zc_aes_ctr_crypt(const zc_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                     uint8_t *out, size_t len)
{
    uint8_t ctrs[CHUNK_BLOCKS * 16] __attribute__((aligned(8)));
    uint8_t ks[16];
    int b;
    size_t i, full;

    if (ctr == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CTR);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    full = len & ~(size_t)15;
    while (full) {
        size_t n = full < sizeof(ctrs) ? full : sizeof(ctrs);

        for (i = 0; i < n; i += 16) {
            memcpy(ctrs + i, ctr, 16);
            ctr_inc(ctr);
        }
#if defined(__s390x__)
        if (b == ZC_BACKEND_CPACF) {
            uint8_t pb[ZC_AES_PB_MAX] __attribute__((aligned(8)));
            unsigned long fc = zc_aes_pb_key(k, pb);

            zc_kmctr(fc, pb, out, in, n, ctrs);
            zc_wipe(pb, sizeof(pb));
        } else
#endif
        {
            zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, ctrs, ctrs, n / 16);
            for (i = 0; i < n; i++)
                out[i] = in[i] ^ ctrs[i];
        }
        in += n;
        out += n;
        full -= n;
    }
    if (len & 15) {
        tail_block(k, ctr, ks, in, out, len & 15);
        ctr_inc(ctr);
    }
    zc_wipe(ctrs, sizeof(ctrs));
    zc_wipe(ks, sizeof(ks));
    return ZC_OK;
}

/*
 * CFB-128. After a partial tail the IV is the keystream block with its
 * first t bytes replaced by the ciphertext, i.e. the chaining value that
 * the zero-padded block would leave.
 */
static int cfb(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    uint8_t buf[CHUNK_BLOCKS * 16 + 16], ks[16];
    size_t full, i, t = len & 15;
    int b;

    if (iv == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_CFB);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    full = len - t;
#if defined(__s390x__)
    if (b == ZC_BACKEND_CPACF && full) {
        chain_cpacf(k, ZC_AES_IM_CFB, decrypt, iv, in, out, full);
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
    if (t) {
        uint8_t c[16];

        if (decrypt)
            memcpy(c, in, t);           /* in may be out */
        tail_block(k, iv, ks, in, out, t);
        memcpy(iv, ks, 16);
        memcpy(iv, decrypt ? c : out, t);
    }
    zc_wipe(buf, sizeof(buf));
    zc_wipe(ks, sizeof(ks));
    return ZC_OK;
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

/* OFB: the keystream is E(IV), E(E(IV)), ...; inherently sequential. */
int zc_aes_ofb_crypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                     uint8_t *out, size_t len)
{
    size_t full, i, t = len & 15;
    uint8_t ks[16];
    int b;

    if (iv == NULL || zc_aes_args(k, in, out, len))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k, ZC_AES_IM_OFB);
    if (b < 0 || len == 0)
        return b < 0 ? b : ZC_OK;
    full = len - t;
#if defined(__s390x__)
    if (b == ZC_BACKEND_CPACF && full) {
        chain_cpacf(k, ZC_AES_IM_OFB, 0, iv, in, out, full);
        in += full;
        out += full;
        full = 0;
    }
#endif
    for (i = 0; i < full; i += 16) {
        zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, iv, iv, 1);
        xor16(out + i, in + i, iv);
    }
    if (t) {
        tail_block(k, iv, ks, in + full, out + full, t);
        memcpy(iv, ks, 16);
    }
    zc_wipe(ks, sizeof(ks));
    return ZC_OK;
}
