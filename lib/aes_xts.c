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
 * running tweak across calls. Both go through the issuing helpers of
 * lib/aes_cpacf.c; an error there fails the call closed (output zeroed).
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
    /* CPACF: the KM-XTS parameter block, the running tweak inside it. */
    struct zc_aes_xts_pb cp;
    uint8_t sw_t[16];           /* software: the running tweak */
    uint8_t *t;                 /* the running tweak T_j */
    const zc_aes_key *k1;
    int cpacf;
    int decrypt;
};

/* Cipher nblocks whole blocks and advance the running tweak. */
static int xts_blocks(struct xts *x, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint8_t tw[CHUNK_BLOCKS * 16];
    const zc_aes_key *k = x->k1;
    size_t i;

    if (nblocks == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (x->cpacf)
        return zc_aes_cpacf_xts(&x->cp, k, in, out, nblocks * 16);
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
    return ZC_OK;
}

/* One data unit of len >= 16 bytes, with ciphertext stealing. */
static int xts_unit(struct xts *x, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t m = len / 16, t = len % 16;
    uint8_t pp[16], cc[16], tprev[16];
    int rc;

    if (t == 0)
        return xts_blocks(x, in, out, m);
    if (!x->decrypt) {
        rc = xts_blocks(x, in, out, m);     /* ..., CC in place of C_{m-1} */
        memcpy(pp, in + 16 * m, t);         /* P_m, read before C_m is written */
        memcpy(pp + t, out + 16 * (m - 1) + t, 16 - t);
        memcpy(out + 16 * m, out + 16 * (m - 1), t);
        if (rc == ZC_OK)
            rc = xts_blocks(x, pp, out + 16 * (m - 1), 1);
    } else {
        rc = xts_blocks(x, in, out, m - 1); /* the tweak is now T_{m-1} */
        memcpy(tprev, x->t, 16);
        xts_double(x->t);                   /* T_m */
        if (rc == ZC_OK)
            rc = xts_blocks(x, in + 16 * (m - 1), pp, 1);
        memcpy(x->t, tprev, 16);
        if (rc == ZC_OK) {                  /* pp holds PP only now */
            memcpy(cc, in + 16 * m, t);     /* C_m, read before P_m is written */
            memcpy(cc + t, pp + t, 16 - t);
            memcpy(out + 16 * m, pp, t);
            rc = xts_blocks(x, cc, out + 16 * (m - 1), 1);
        }
    }
    zc_wipe(pp, sizeof(pp));
    zc_wipe(cc, sizeof(cc));
    zc_wipe(tprev, sizeof(tprev));
    return rc;
}

static int xts(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
               const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    struct xts x;
    int b, rc;

    if (zc_aes_args(k1, in, out, len) || !zc_aes_key_valid(k2) || tweak == NULL ||
        len < 16 || len > XTS_MAX_LEN || k1->zc_key_len == 24 || k1->zc_key_len != k2->zc_key_len ||
        zc_aes_key_backend(k1) != zc_aes_key_backend(k2) ||
        zc_aes_key_protected(k1) != zc_aes_key_protected(k2))
        return ZC_EINVAL;
    b = zc_aes_mode_select(k1, ZC_AES_IM_XTS);
    if (b < 0)
        return b;
    zc_aes_stat(k1, ZC_AES_IM_XTS, b, decrypt, len);
    x.k1 = k1;
    x.decrypt = decrypt;
    x.cpacf = b == ZC_BACKEND_CPACF;
#ifdef ZC_HAVE_CPACF
    if (x.cpacf) {
        rc = zc_aes_cpacf_xts_init(&x.cp, k1, k2, tweak, decrypt);
        x.t = x.cp.pb.b + x.cp.t_off;
    } else
#endif
    {
        /* k2 only encrypts the tweak: KM or software, whatever it has. */
        x.t = x.sw_t;
        rc = zc_aes_encrypt_blocks(k2, tweak, x.t, 1);
    }
    if (rc == ZC_OK)
        rc = xts_unit(&x, in, out, len);
    /* A failed derivation of a protected key leaves the output valid as
     * far as it got; anything else cannot happen and fails closed. */
    if (rc != ZC_OK && rc != ZC_EKEY)
        zc_wipe(out, len);
    zc_wipe(&x, sizeof(x));
    return rc;
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
