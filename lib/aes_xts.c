/*
 * aes_xts.c - XTS-AES (IEEE Std 1619) with ciphertext stealing.
 *
 * Block j of a data unit is C_j = E_k1(P_j ^ T_j) ^ T_j with
 * T_0 = E_k2(tweak) and T_{j+1} = T_j * alpha in GF(2^128), where IEEE 1619
 * reads the 16 bytes as a little-endian integer (byte 0 least significant)
 * and reduces by x^128 + x^7 + x^2 + x + 1 (0x87).
 *
 * CPACF: PCC (function code 50/52) turns the tweak into T_0, with the
 * parameter block k2 | tweak | block sequence number (0) | intermediate
 * bit index (0) | XTS parameter (out). KM-XTS (50/52, | 0x80 to decipher)
 * then ciphers whole blocks with k1 | XTS parameter and advances the XTS
 * parameter in the block by alpha per block, so that block holds the
 * running tweak across calls.
 *
 * Software: T_0 from the key's block function, then the bitsliced core
 * four blocks at a time through a bounded stack buffer of tweaks (the
 * data is masked in the output buffer, ciphered in place, masked again).
 *
 * Ciphertext stealing (len = 16m + t, 0 < t < 16) is one piece of code for
 * both backends, because both keep the running tweak in the same place:
 *  - encrypt: cipher blocks 0..m-1 (block m-1 gives CC, the tweak is now
 *    T_m); C_m = CC[0..t); C_{m-1} = E(P_m || CC[t..16)) with T_m.
 *  - decrypt needs T_m before T_{m-1}: decipher blocks 0..m-2 (tweak now
 *    T_{m-1}), save it, double it to T_m, PP = D(C_{m-1}) with T_m;
 *    P_m = PP[0..t); restore T_{m-1}; P_{m-1} = D(C_m || PP[t..16)).
 *
 * Every temporary that holds key material, tweaks or text is wiped.
 */
#include "aes_int.h"
#include "../asm/cpacf.h"
#include <zcrypt/aes_xts.h>

/* Tweaks per stack buffer: 1 KiB. */
#define CHUNK_BLOCKS 64

/* At most 2^20 blocks per data unit (SP 800-38E). */
#define XTS_MAX_LEN ((size_t)1 << 24)

/*
 * T * alpha, IEEE 1619 byte order. The tweak is secret (it is E_k2 of the
 * sector number), so the reduction is a mask, not a branch.
 */
static void xts_double(uint8_t t[16])
{
    uint64_t lo = zc_load_le64(t), hi = zc_load_le64(t + 8);
    uint64_t carry = hi >> 63;

    hi = hi << 1 | lo >> 63;
    lo = lo << 1 ^ (0x87 & (0 - carry));
    zc_store_le64(t, lo);
    zc_store_le64(t + 8, hi);
}

struct xts {
    /* CPACF: the KM-XTS parameter block (k1, then the XTS parameter);
     * software: the running tweak at offset 0. Room for a wrapped key with
     * its verification pattern. */
    uint8_t pb[ZC_AES_PB_MAX + 16] __attribute__((aligned(8)));
    uint8_t *t;                 /* the running tweak T_j, inside pb */
    const zc_aes_key *k1;
    unsigned long fc;           /* KM function code with the decipher bit */
    int cpacf;
    int decrypt;
};

#if defined(__s390x__)
/*
 * T_0 by PCC into the KM-XTS parameter block. The XTS function codes are
 * the AES ones + 32 (18 -> 50, 20 -> 52, 26 -> 58, 28 -> 60).
 */
static void setup_cpacf(struct xts *x, const zc_aes_key *k2, const uint8_t tweak[16])
{
    uint8_t pcc[ZC_AES_PB_MAX + 64] __attribute__((aligned(8)));
    unsigned long fc2;
    size_t off2, off1;

    memset(pcc, 0, sizeof(pcc));            /* sequence number, bit index: 0 */
    fc2 = zc_aes_pb_key(k2, pcc);
    off2 = zc_aes_pb_key_len(k2);
    memcpy(pcc + off2, tweak, 16);
    zc_pcc(fc2 + 32, pcc);
    x->fc = zc_aes_pb_key(x->k1, x->pb);
    off1 = zc_aes_pb_key_len(x->k1);
    x->fc = (x->fc + 32) | (x->decrypt ? ZC_CPACF_DECRYPT : 0);
    x->t = x->pb + off1;
    memcpy(x->t, pcc + off2 + 48, 16);
    zc_wipe(pcc, sizeof(pcc));
}
#endif

/* Cipher nblocks whole blocks and advance the running tweak. */
static void xts_blocks(struct xts *x, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint8_t tw[CHUNK_BLOCKS * 16];
    const zc_aes_key *k = x->k1;
    size_t i;

    if (nblocks == 0)
        return;
#if defined(__s390x__)
    if (x->cpacf) {
        zc_km(x->fc, x->pb, out, in, nblocks * 16);
        return;
    }
#endif
    while (nblocks) {
        size_t n = nblocks < CHUNK_BLOCKS ? nblocks : CHUNK_BLOCKS;

        for (i = 0; i < n; i++) {
            memcpy(tw + 16 * i, x->t, 16);
            xts_double(x->t);
        }
        for (i = 0; i < 16 * n; i++)        /* same index: in may be out */
            out[i] = in[i] ^ tw[i];
        if (x->decrypt)
            zc_aes_sw_decrypt(k->zc_rk, k->zc_rounds, out, out, n);
        else
            zc_aes_sw_encrypt(k->zc_rk, k->zc_rounds, out, out, n);
        for (i = 0; i < 16 * n; i++)
            out[i] ^= tw[i];
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    zc_wipe(tw, sizeof(tw));
}

/* One data unit of len >= 16 bytes, with ciphertext stealing. */
static void xts_unit(struct xts *x, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t m = len / 16, t = len % 16;
    uint8_t pp[16], cc[16], tprev[16];

    if (t == 0) {
        xts_blocks(x, in, out, m);
        return;
    }
    if (!x->decrypt) {
        xts_blocks(x, in, out, m);          /* ..., CC in place of C_{m-1} */
        memcpy(pp, in + 16 * m, t);         /* P_m, read before C_m is written */
        memcpy(pp + t, out + 16 * (m - 1) + t, 16 - t);
        memcpy(out + 16 * m, out + 16 * (m - 1), t);
        xts_blocks(x, pp, out + 16 * (m - 1), 1);
    } else {
        xts_blocks(x, in, out, m - 1);      /* the tweak is now T_{m-1} */
        memcpy(tprev, x->t, 16);
        xts_double(x->t);                   /* T_m */
        xts_blocks(x, in + 16 * (m - 1), pp, 1);
        memcpy(x->t, tprev, 16);
        memcpy(cc, in + 16 * m, t);         /* C_m, read before P_m is written */
        memcpy(cc + t, pp + t, 16 - t);
        memcpy(out + 16 * m, pp, t);
        xts_blocks(x, cc, out + 16 * (m - 1), 1);
    }
    zc_wipe(pp, sizeof(pp));
    zc_wipe(cc, sizeof(cc));
    zc_wipe(tprev, sizeof(tprev));
}

static int xts(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
               const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    struct xts x;
    int b;

    if (zc_aes_args(k1, in, out, len) || !zc_aes_key_valid(k2) || tweak == NULL ||
        len < 16 || len > XTS_MAX_LEN || k1->zc_key_len == 24 || k1->zc_key_len != k2->zc_key_len ||
        zc_aes_key_backend(k1) != zc_aes_key_backend(k2))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k1, ZC_AES_IM_XTS);
    if (b < 0)
        return b;
    x.k1 = k1;
    x.decrypt = decrypt;
    x.cpacf = b == ZC_BACKEND_CPACF;
    x.fc = 0;
#if defined(__s390x__)
    if (x.cpacf)
        setup_cpacf(&x, k2, tweak);
    else
#endif
    {
        /* k2 only encrypts the tweak: KM or software, whatever it has. */
        x.t = x.pb;
        zc_aes_encrypt_blocks(k2, tweak, x.t, 1);
    }
    xts_unit(&x, in, out, len);
    zc_wipe(x.pb, sizeof(x.pb));
    return ZC_OK;
}

int zc_aes_xts_encrypt(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
                       const uint8_t *in, uint8_t *out, size_t len)
{
    return xts(k1, k2, tweak, in, out, len, 0);
}

int zc_aes_xts_decrypt(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
                       const uint8_t *in, uint8_t *out, size_t len)
{
    return xts(k1, k2, tweak, in, out, len, 1);
}
