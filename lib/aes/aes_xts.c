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
 * aes_cpacf.c; an error there fails the call closed (output zeroed).
 *
 * Full XTS (MSA-10, KM 82/84) takes both clear keys and the tweak itself,
 * with no PCC: its parameter block is K1 | K2 | tweak | NAP, the next
 * alpha power (alpha^j for block j, XTS byte order), which the machine
 * multiplies by alpha per block. Where it is installed and has passed its
 * known-answer self-test (once per process and key size: IEEE 1619
 * Vectors 15 and 10, a stolen block included), clear keys use it instead
 * of PCC + KM-XTS; NAP takes the place of the running tweak, and since
 * T_j = E_K2(tweak) * NAP the stealing below needs no change. No emulator
 * runs these codes; the self-test is what stands between a misreading of
 * the architecture and wrong output. Two protected keys stay on 58/60:
 * the encrypted full-XTS codes (90/92) want one double-length wrapped key,
 * which two separately wrapped keys are not. A protected XTS double key
 * (zc_aes_xts_key_init_protected: K1 || K2 wrapped as one, passed as k1
 * with k2 NULL) runs on 90/92 only, with the same NAP handling; its block
 * has the pattern after the tweak and NAP (aes_cpacf.c places it), and its
 * self-test wraps the same IEEE 1619 keys through the platform's source.
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
 * Encryption refuses k1 == k2 (FIPS 140-3 IG C.I, as OpenSSL does):
 * xts_same_keys() compares them in constant time. Decryption accepts it,
 * so that data written with equal keys can still be read.
 *
 * Every temporary that holds key material, tweaks or text is wiped.
 */
#include "aes_cpacf.h"
#include "asm/cpacf.h"
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

#ifdef ZC_HAVE_CPACF
/* The self-test's known answers: IEEE Std 1619-2007 Annex B, Vector 15
 * (XTS-AES-128, 17 bytes: one block and a stolen one) and the first two
 * blocks of Vector 10 (XTS-AES-256; XTS blocks stand alone, so a prefix
 * of a data unit is a data unit with the same tweak). */
static const struct fxts_kat {
    uint8_t k1[32], k2[32], tweak[16], pt[32], ct[32];
    size_t len;
} fxts_kats[2] = {
    {
        .k1 = { 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8,
                0xf7, 0xf6, 0xf5, 0xf4, 0xf3, 0xf2, 0xf1, 0xf0 },
        .k2 = { 0xbf, 0xbe, 0xbd, 0xbc, 0xbb, 0xba, 0xb9, 0xb8,
                0xb7, 0xb6, 0xb5, 0xb4, 0xb3, 0xb2, 0xb1, 0xb0 },
        .tweak = { 0x9a, 0x78, 0x56, 0x34, 0x12 },
        .pt = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
                0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10 },
        .ct = { 0x6c, 0x16, 0x25, 0xdb, 0x46, 0x71, 0x52, 0x2d, 0x3d,
                0x75, 0x99, 0x60, 0x1d, 0xe7, 0xca, 0x09, 0xed },
        .len = 17,
    },
    {
        .k1 = { 0x27, 0x18, 0x28, 0x18, 0x28, 0x45, 0x90, 0x45, 0x23, 0x53, 0x60,
                0x28, 0x74, 0x71, 0x35, 0x26, 0x62, 0x49, 0x77, 0x57, 0x24, 0x70,
                0x93, 0x69, 0x99, 0x59, 0x57, 0x49, 0x66, 0x96, 0x76, 0x27 },
        .k2 = { 0x31, 0x41, 0x59, 0x26, 0x53, 0x58, 0x97, 0x93, 0x23, 0x84, 0x62,
                0x64, 0x33, 0x83, 0x27, 0x95, 0x02, 0x88, 0x41, 0x97, 0x16, 0x93,
                0x99, 0x37, 0x51, 0x05, 0x82, 0x09, 0x74, 0x94, 0x45, 0x92 },
        .tweak = { 0xff },
        .pt = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
                0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
                0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f },
        .ct = { 0x1c, 0x3b, 0x3a, 0x10, 0x2f, 0x77, 0x03, 0x86, 0xe4, 0x83, 0x6c,
                0x99, 0xe3, 0x70, 0xcf, 0x9b, 0xea, 0x00, 0x80, 0x3f, 0x5e, 0x48,
                0x23, 0x57, 0xa4, 0xae, 0x12, 0xd4, 0x14, 0xa3, 0xe6, 0x3b },
        .len = 32,
    },
};

/* 0 untested, 1 passed, 2 failed; per key size (AES-128, AES-256). */
static int fxts_state[2];
static int pxts_state[2];

/* One full-XTS data unit: the path the public calls take, without the
 * selection (which asks for this self-test); k2 NULL for a protected
 * XTS double key (KM 90/92). */
static int fxts_unit(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
                     const uint8_t *in, uint8_t *out, size_t len, int decrypt);

static int fxts_selftest_run(unsigned key_len)
{
    const struct fxts_kat *v = &fxts_kats[key_len == 32];
    unsigned fc = key_len == 16 ? ZC_FC_FXTS_AES_128 : ZC_FC_FXTS_AES_256;
    uint8_t out[32];
    zc_aes_key k1, k2;
    int ok;

    if (zc_caps_reason(ZC_INSN_KM, fc) != ZC_REASON_CPACF)
        return 0;
    /* AUTO keys: the full-XTS block takes the clear keys from them. */
    if (zc_aes_key_init(&k1, v->k1, key_len, ZC_BACKEND_AUTO) != ZC_OK)
        return 0;
    if (zc_aes_key_init(&k2, v->k2, key_len, ZC_BACKEND_AUTO) != ZC_OK) {
        zc_aes_key_wipe(&k1);
        return 0;
    }
    ok = fxts_unit(&k1, &k2, v->tweak, v->pt, out, v->len, 0) == ZC_OK &&
         memcmp(out, v->ct, v->len) == 0;
    ok = ok && fxts_unit(&k1, &k2, v->tweak, v->ct, out, v->len, 1) == ZC_OK &&
         memcmp(out, v->pt, v->len) == 0;
    zc_aes_key_wipe(&k1);
    zc_aes_key_wipe(&k2);
    zc_wipe(out, sizeof(out));
    return ok;
}

/* The same vectors on KM 90/92: K1 || K2 wrapped once through the source
 * every protected XTS double key of this process uses. */
static int pxts_selftest_run(unsigned key_len)
{
    const struct fxts_kat *v = &fxts_kats[key_len == 32];
    uint8_t dk[64], out[32];
    zc_aes_key k;
    int ok;

    memcpy(dk, v->k1, key_len);
    memcpy(dk + key_len, v->k2, key_len);
    ok = zc_aes_pxts_make(&k, dk, 2 * (size_t)key_len) == ZC_OK;
    ok = ok && fxts_unit(&k, NULL, v->tweak, v->pt, out, v->len, 0) == ZC_OK &&
         memcmp(out, v->ct, v->len) == 0;
    ok = ok && fxts_unit(&k, NULL, v->tweak, v->ct, out, v->len, 1) == ZC_OK &&
         memcmp(out, v->pt, v->len) == 0;
    zc_aes_key_wipe(&k);
    zc_wipe(dk, sizeof(dk));
    zc_wipe(out, sizeof(out));
    return ok;
}
#endif

int zc_aes_fxts_selftest(unsigned key_len)
{
#ifdef ZC_HAVE_CPACF
    if (key_len != 16 && key_len != 32)
        return 0;
    return zc_selftest_once(&fxts_state[key_len == 32], fxts_selftest_run, key_len);
#else
    (void)key_len;
    return 0;
#endif
}

int zc_aes_pxts_selftest(unsigned key_len)
{
#ifdef ZC_HAVE_CPACF
    if (key_len != 16 && key_len != 32)
        return 0;
    return zc_selftest_once(&pxts_state[key_len == 32], pxts_selftest_run, key_len);
#else
    (void)key_len;
    return 0;
#endif
}

#ifdef ZC_HAVE_CPACF
/* Full XTS for this call: clear keys whose XTS runs on CPACF, and the
 * code installed and self-tested for the size. */
static int use_fxts(const zc_aes_key *k1)
{
    return !zc_aes_key_protected(k1) && zc_aes_fxts_selftest(k1->zc_key_len);
}
#endif

/*
 * 1 when k1 and k2 are known to hold the same key (FIPS 140-3 IG C.I:
 * XTS encryption must refuse it). Clear keys and protected keys made from
 * a clear key compare their clear keys, in constant time; secure-key
 * protected keys compare their blobs (the same blob is the same key;
 * different blobs of one key cannot be told apart here); ephemeral keys
 * are random and differ unless they are the same object. The keys have
 * the same kind of protection and size (checked before).
 */
static int xts_same_keys(const zc_aes_key *k1, const zc_aes_key *k2)
{
    if (k1 == k2)
        return 1;
    if (k1->zc_kind != k2->zc_kind)
        return 0;
    switch (k1->zc_kind) {
    case ZC_AES_KIND_CLEAR:
    case ZC_AES_KIND_PROTECTED:
        return zc_ct_equal(k1->zc_key, k2->zc_key, k1->zc_key_len);
    case ZC_AES_KIND_SECURE:
        return k1->zc_src_len == k2->zc_src_len &&
               zc_ct_equal(k1->zc_src, k2->zc_src, k1->zc_src_len);
    default:
        return 0;
    }
}

static int xts(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
               const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    struct xts x;
    int b, rc, pxts;

    if (zc_aes_args(k1, in, out, len) || tweak == NULL || len < 16 || len > XTS_MAX_LEN)
        return ZC_EINVAL;
    /* A protected XTS double key is both keys: k2 NULL, and only with it. */
    pxts = k1->zc_kind == ZC_AES_KIND_XTS_PROTECTED;
    if (pxts ? k2 != NULL
             : !zc_aes_key_valid(k2) || k1->zc_key_len == 24 ||
                   k1->zc_key_len != k2->zc_key_len ||
                   zc_aes_key_backend(k1) != zc_aes_key_backend(k2) ||
                   zc_aes_key_protected(k1) != zc_aes_key_protected(k2) ||
                   k2->zc_kind == ZC_AES_KIND_XTS_PROTECTED)
        return ZC_EINVAL;
    /* decryption stays allowed, as OpenSSL; a double key's halves differ
     * by construction */
    if (!pxts && !decrypt && xts_same_keys(k1, k2))
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
        rc = pxts          ? zc_aes_cpacf_pxts_init(&x.cp, k1, tweak, decrypt)
             : use_fxts(k1) ? zc_aes_cpacf_fxts_init(&x.cp, k1, k2, tweak, decrypt)
                            : zc_aes_cpacf_xts_init(&x.cp, k1, k2, tweak, decrypt);
        x.t = x.cp.pb.b + x.cp.t_off;
    } else
#endif
    if (pxts) {
        rc = ZC_ENOTSUP;                /* never software (no such key is made) */
        x.t = x.sw_t;
    } else {
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

#ifdef ZC_HAVE_CPACF
static int fxts_unit(const zc_aes_key *k1, const zc_aes_key *k2, const uint8_t tweak[16],
                     const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    struct xts x;
    int rc;

    x.k1 = k1;
    x.decrypt = decrypt;
    x.cpacf = 1;
    rc = k2 == NULL ? zc_aes_cpacf_pxts_init(&x.cp, k1, tweak, decrypt)
                    : zc_aes_cpacf_fxts_init(&x.cp, k1, k2, tweak, decrypt);
    x.t = x.cp.pb.b + x.cp.t_off;
    if (rc == ZC_OK)
        rc = xts_unit(&x, in, out, len);
    zc_wipe(&x, sizeof(x));
    return rc;
}
#endif

/* Here, not in aes_key.c, so that the self-test's calls into aes_key.c
 * stay one way (no cycle between the two objects). */
int zc_aes_xts_key_init_protected(zc_aes_key *k, const uint8_t *key, size_t key_len)
{
    int rc;

    if (k == NULL || key == NULL || (key_len != 32 && key_len != 64))
        return ZC_EINVAL;
    /* K1 == K2: refused as encryption refuses equal keys (above) */
    if (zc_ct_equal(key, key + key_len / 2, key_len / 2))
        return ZC_EINVAL;
    rc = zc_aes_pxts_make(k, key, key_len);
    if (rc == ZC_OK && !zc_aes_pxts_selftest((unsigned)key_len / 2)) {
        zc_aes_key_wipe(k);
        rc = ZC_ENOTSUP;                /* the code failed its known answers */
    }
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
