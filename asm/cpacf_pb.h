/*
 * cpacf_pb.h - CPACF parameter blocks as typed structs.
 *
 * The layouts are the z/Architecture Principles of Operation's; numeric
 * fields are big-endian byte arrays (stored with zc_store_be*), so the
 * same code is right on the machine and under the test stand-in on a
 * little-endian host. The key field is last wherever the architecture
 * allows it, sized for the largest form: an AES-256 encrypted (protected)
 * key is the 32-byte wrapped key followed by a 32-byte verification
 * pattern (WKVP). Where the key comes first (KM-XTS, PCC-XTS) the fields
 * after it move with the key's length; those blocks are a byte array plus
 * a typed tail placed at the key's end.
 *
 * The static assertions pin every offset, including those of KMA, which no
 * emulator executes.
 */
#ifndef ZC_CPACF_PB_H
#define ZC_CPACF_PB_H

#include <stddef.h>
#include <stdint.h>

/* Room for a key field: AES-256 wrapped key + WKVP. */
#define ZC_PB_KEY_MAX 64
/* The largest clear AES key field (AES-256): what a clear key writes. */
#define ZC_PB_AES_CLEAR_MAX 32
/* DEA/TDEA: a 24-byte key (+ a 24-byte WKVP for the encrypted forms). */
#define ZC_PB_DES_KEY_MAX 48

/* KM, KMCTR (AES): the key alone. */
struct zc_pb_aes {
    uint8_t key[ZC_PB_KEY_MAX];
};

/* KMC, KMF, KMO, KMAC (AES): chaining value, then the key. */
struct zc_pb_aes_chain {
    uint8_t cv[16];
    uint8_t key[ZC_PB_KEY_MAX];
};

/* KM-XTS: the key, then the 16-byte XTS parameter (at the key's end).
 * Sized for full XTS too (below), clear and protected, which issue from
 * the same buffer. */
struct zc_pb_aes_xts {
    uint8_t b[ZC_PB_KEY_MAX + 64];
};

/*
 * KM full XTS (MSA-10, function codes 82/84, clear keys): both keys, the
 * data key K1 first, then the tweak as given (the machine encrypts it
 * with K2 itself) and the next alpha power NAP: the factor alpha^j, a
 * GF(2^128) element in XTS's little-endian byte order, that multiplies
 * E_K2(tweak) for the next block; the machine multiplies it by alpha per
 * block. Starts at alpha^0 = 1 (byte 0 = 1).
 */
struct zc_pb_aes_fxts128 {
    uint8_t k1[16], k2[16];
    uint8_t tweak[16];
    uint8_t nap[16];
};
struct zc_pb_aes_fxts256 {
    uint8_t k1[32], k2[32];
    uint8_t tweak[16];
    uint8_t nap[16];
};

/*
 * KM protected full XTS (MSA-10, function codes 90/92): the double key
 * K1 || K2 wrapped as one key, the tweak and NAP as for 82/84, and only
 * then the 32-byte verification pattern: the key field is split around
 * the tweak and NAP. NAP starts at 1 (byte 0) and the tweak is the raw
 * one, as for 82/84; Linux's paes_s390.c full-XTS path builds the block
 * the same way (wrapped key, raw IV, nap[0] = 1, WKVP last).
 */
struct zc_pb_aes_pxts128 {
    uint8_t wkey[32];
    uint8_t tweak[16];
    uint8_t nap[16];
    uint8_t wkvp[32];
};
struct zc_pb_aes_pxts256 {
    uint8_t wkey[64];
    uint8_t tweak[16];
    uint8_t nap[16];
    uint8_t wkvp[32];
};

/* PCC Compute-XTS-Parameter: the key, then this tail (at the key's end). */
struct zc_pb_pcc_xts_tail {
    uint8_t tweak[16];
    uint8_t bsn[16];            /* block sequence number */
    uint8_t ibi[16];            /* intermediate bit index */
    uint8_t xtsp[16];           /* the XTS parameter (output) */
};
struct zc_pb_pcc_xts {
    uint8_t b[ZC_PB_KEY_MAX + sizeof(struct zc_pb_pcc_xts_tail)];
};

/*
 * KMAC HMAC-SHA-224/256 (112/113) and -384/512 (114/115), MSA-11, clear
 * key: the chaining value (the SHA-256 or SHA-512 state words, big-
 * endian; the MAC on completion, left-aligned), the input message bit
 * length (imbl: the message's bits, the key block not counted; read by
 * the final operation), and the key (K0: the key zero-padded to the
 * block, or its hash when longer). GR0's IKP and IIMP flags: asm/cpacf.h.
 */
struct zc_pb_kmac_hmac256 {
    uint8_t cv[32];
    uint8_t imbl[8];
    uint8_t key[64];
};
struct zc_pb_kmac_hmac512 {
    uint8_t cv[64];
    uint8_t imbl[16];
    uint8_t key[128];
};

/*
 * KMAC encrypted-key HMAC 120/121 (SHA-224/256) and 122/123 (SHA-384/512),
 * MSA-11: the same chaining value and imbl, then the protected key field:
 * the wrapped K0 and its 32-byte verification pattern (96 or 160 bytes,
 * the kernel's HMAC-512 and HMAC-1024 protected keys) where the clear
 * codes keep K0.
 */
struct zc_pb_kmac_phmac256 {
    uint8_t cv[32];
    uint8_t imbl[8];
    uint8_t key[96];
};
struct zc_pb_kmac_phmac512 {
    uint8_t cv[64];
    uint8_t imbl[16];
    uint8_t key[160];
};

/*
 * KIMD/KLMD SHA-1, SHA-256, SHA-512: the chaining value (the state words,
 * big-endian; the digest on completion, left-aligned), then, for KLMD
 * only, the message bit length (mbl: 64 bits, 128 for SHA-512). KIMD
 * reads just the chaining value, so one block serves both. SHA-224 and
 * SHA-384/512/t use the SHA-256 and SHA-512 forms with their own IVs.
 */
struct zc_pb_klmd_sha1 {
    uint8_t cv[20];
    uint8_t mbl[8];
};
struct zc_pb_klmd_sha256 {
    uint8_t cv[32];
    uint8_t mbl[8];
};
struct zc_pb_klmd_sha512 {
    uint8_t cv[64];
    uint8_t mbl[16];
};
/* Room for any of the three (the one-shot's block on the stack). */
union zc_pb_klmd_sha {
    struct zc_pb_klmd_sha1 sha1;
    struct zc_pb_klmd_sha256 sha256;
    struct zc_pb_klmd_sha512 sha512;
};

/* KIMD/KLMD SHA-3 and SHAKE: the 1600-bit Keccak state, as FIPS 202 lays
 * out its lanes in bytes; the digest lands in its first bytes. */
struct zc_pb_kimd_sha3 {
    uint8_t a[200];
};

/* PCC Compute-Last-Block-CMAC (AES). */
struct zc_pb_pcc_cmac {
    uint8_t ml;                 /* the last block's length in bits, 0..128 */
    uint8_t reserved[7];
    uint8_t msg[16];            /* the last block */
    uint8_t icv[16];            /* chaining value in, MAC out */
    uint8_t key[ZC_PB_KEY_MAX];
};

/* KMA-GCM. */
struct zc_pb_kma_gcm {
    uint8_t reserved[12];
    uint8_t cv[4];              /* counter value: low word of the last counter block */
    uint8_t t[16];              /* tag */
    uint8_t h[16];              /* hash subkey (used when ZC_KMA_HS is set) */
    uint8_t taadl[8];           /* total AAD length in bits */
    uint8_t tpcl[8];            /* total text length in bits */
    uint8_t j0[16];
    uint8_t key[ZC_PB_KEY_MAX];
};

/* KIMD-GHASH: the accumulator Y, then H. */
struct zc_pb_ghash {
    uint8_t y[16];
    uint8_t h[16];
};

/* KM (DEA/TDEA). */
struct zc_pb_des {
    uint8_t key[ZC_PB_DES_KEY_MAX];
};

/* KMC (DEA/TDEA): 8-byte chaining value, then the key. */
struct zc_pb_des_chain {
    uint8_t cv[8];
    uint8_t key[ZC_PB_DES_KEY_MAX];
};

/* PCC Compute-Last-Block-CMAC (DEA/TDEA): 8-byte block and ICV. */
struct zc_pb_pcc_cmac_des {
    uint8_t ml;                 /* the last block's length in bits, 0..64 */
    uint8_t reserved[7];
    uint8_t msg[8];             /* the last block */
    uint8_t icv[8];             /* chaining value in, MAC out */
    uint8_t key[ZC_PB_DES_KEY_MAX];
};

/*
 * KDSA ECDSA and PCC scalar multiplication on P-256, P-384, P-521: five
 * fields of w = 32, 48 or 80 bytes, each value big-endian and
 * right-aligned in its field (a P-521 value is 66 bytes at offset 14).
 * These blocks are issued from the start of a zeroed 4096-byte area
 * (ZC_PB_EC_AREA): the machine may use what follows the fields.
 */
#define ZC_PB_EC_AREA 4096
#define ZC_PB_EC_BLOCKS(w)                                                  \
    struct zc_pb_kdsa_verify##w {       /* ECDSA verify */                  \
        uint8_t r[w], s[w], h[w], qx[w], qy[w];                             \
    };                                                                      \
    struct zc_pb_kdsa_sign##w {         /* ECDSA sign: R and S are output */\
        uint8_t r[w], s[w], h[w], d[w], k[w];                               \
    };                                                                      \
    struct zc_pb_pcc_mul##w {           /* scalar multiply: resX, resY out */\
        uint8_t res_x[w], res_y[w], x[w], y[w], scalar[w];                  \
    }
ZC_PB_EC_BLOCKS(32);
ZC_PB_EC_BLOCKS(48);
ZC_PB_EC_BLOCKS(80);
#undef ZC_PB_EC_BLOCKS

/* PCC 73 (Ed448): the Edwards block in 64-byte fields, 56-byte values
 * right-aligned (the scalar's 57th byte, zero after clamping, included). */
struct zc_pb_pcc_mul64 {
    uint8_t res_x[64], res_y[64], x[64], y[64], scalar[64];
};

/*
 * KDSA EdDSA (32/36 verify, 40/44 sign): the signature R || S in two
 * fields, then the public key (verify) or the seed (sign). Fields of 32
 * bytes for Ed25519, 64 for Ed448. R, S and A are big-endian integers:
 * RFC 8032's little-endian encodings byte-reversed per field (Ed448's 57
 * bytes zero-padded to 64 first, so the value sits at offset 7); the seed
 * is RFC 8032's bytes unreversed, right-aligned (Ed448: offset 7).
 */
#define ZC_PB_ED_BLOCKS(w)                                                  \
    struct zc_pb_kdsa_ed_verify##w {    /* EdDSA verify */                  \
        uint8_t r[w], s[w], pub[w];                                         \
    };                                                                      \
    struct zc_pb_kdsa_ed_sign##w {      /* EdDSA sign: R and S are output */\
        uint8_t r[w], s[w], seed[w];                                        \
    };                                                                      \
    struct zc_pb_pcc_x##w {             /* X25519 (32) / X448 (64): res_u out */\
        uint8_t res_u[w], u[w], scalar[w];                                  \
    }
ZC_PB_ED_BLOCKS(32);
ZC_PB_ED_BLOCKS(64);
#undef ZC_PB_ED_BLOCKS

/*
 * KDSA encrypted-key sign (ECDSA 17-19, EdDSA 48/52): the protected key
 * (wrapped key + 32-byte verification pattern, as /dev/pkey gives it) is
 * split: the wrapped key takes the clear key's field, the pattern comes
 * after the last field. ECDSA: R | S | H | wrapped d | random | WKVP |
 * 2 more bytes (w = 32, 48, 80; the random bytes are mixed into the
 * machine's own nonce). EdDSA: R | S | wrapped key | WKVP | 16 reserved |
 * 2 bytes (w = 32 for Ed25519, 64 for Ed448), the message in the R2 pair.
 */
#define ZC_PB_EC_WKVP 32
#define ZC_PB_EC_ENC_BLOCKS(w)                                              \
    struct zc_pb_kdsa_enc_sign##w {     /* ECDSA encrypted-key sign */      \
        uint8_t r[w], s[w], h[w], d[w], rand[w];                            \
        uint8_t wkvp[ZC_PB_EC_WKVP];                                        \
        uint8_t tail[2];                                                    \
    }
ZC_PB_EC_ENC_BLOCKS(32);
ZC_PB_EC_ENC_BLOCKS(48);
ZC_PB_EC_ENC_BLOCKS(80);
#undef ZC_PB_EC_ENC_BLOCKS
#define ZC_PB_ED_ENC_BLOCKS(w)                                              \
    struct zc_pb_kdsa_ed_enc_sign##w {  /* EdDSA encrypted-key sign */      \
        uint8_t r[w], s[w], key[w];                                         \
        uint8_t wkvp[ZC_PB_EC_WKVP];                                        \
        uint8_t reserved[16];                                               \
        uint8_t tail[2];                                                    \
    }
ZC_PB_ED_ENC_BLOCKS(32);
ZC_PB_ED_ENC_BLOCKS(64);
#undef ZC_PB_ED_ENC_BLOCKS

_Static_assert(offsetof(struct zc_pb_aes_chain, key) == 16, "KMC/KMF/KMO/KMAC key");
_Static_assert(sizeof(struct zc_pb_pcc_xts_tail) == 64, "PCC-XTS tail");
_Static_assert(offsetof(struct zc_pb_aes_fxts128, k2) == 16, "full XTS-128 K2");
_Static_assert(offsetof(struct zc_pb_aes_fxts128, tweak) == 32, "full XTS-128 tweak");
_Static_assert(offsetof(struct zc_pb_aes_fxts128, nap) == 48, "full XTS-128 NAP");
_Static_assert(sizeof(struct zc_pb_aes_fxts128) == 64, "full XTS-128 block");
_Static_assert(offsetof(struct zc_pb_aes_fxts256, k2) == 32, "full XTS-256 K2");
_Static_assert(offsetof(struct zc_pb_aes_fxts256, tweak) == 64, "full XTS-256 tweak");
_Static_assert(offsetof(struct zc_pb_aes_fxts256, nap) == 80, "full XTS-256 NAP");
_Static_assert(sizeof(struct zc_pb_aes_fxts256) == 96, "full XTS-256 block");
_Static_assert(sizeof(struct zc_pb_aes_xts) >= sizeof(struct zc_pb_aes_fxts256),
               "the XTS buffer holds a full-XTS block");
_Static_assert(offsetof(struct zc_pb_aes_pxts128, tweak) == 32, "protected full XTS-128 tweak");
_Static_assert(offsetof(struct zc_pb_aes_pxts128, nap) == 48, "protected full XTS-128 NAP");
_Static_assert(offsetof(struct zc_pb_aes_pxts128, wkvp) == 64, "protected full XTS-128 WKVP");
_Static_assert(sizeof(struct zc_pb_aes_pxts128) == 96, "protected full XTS-128 block");
_Static_assert(offsetof(struct zc_pb_aes_pxts256, tweak) == 64, "protected full XTS-256 tweak");
_Static_assert(offsetof(struct zc_pb_aes_pxts256, nap) == 80, "protected full XTS-256 NAP");
_Static_assert(offsetof(struct zc_pb_aes_pxts256, wkvp) == 96, "protected full XTS-256 WKVP");
_Static_assert(sizeof(struct zc_pb_aes_pxts256) == 128, "protected full XTS-256 block");
_Static_assert(sizeof(struct zc_pb_aes_xts) >= sizeof(struct zc_pb_aes_pxts256),
               "the XTS buffer holds a protected full-XTS block");
_Static_assert(offsetof(struct zc_pb_pcc_xts_tail, xtsp) == 48, "PCC-XTS parameter");
_Static_assert(offsetof(struct zc_pb_klmd_sha1, mbl) == 20, "KLMD-SHA-1 mbl");
_Static_assert(sizeof(struct zc_pb_klmd_sha1) == 28, "KLMD-SHA-1 block");
_Static_assert(offsetof(struct zc_pb_klmd_sha256, mbl) == 32, "KLMD-SHA-256 mbl");
_Static_assert(sizeof(struct zc_pb_klmd_sha256) == 40, "KLMD-SHA-256 block");
_Static_assert(offsetof(struct zc_pb_klmd_sha512, mbl) == 64, "KLMD-SHA-512 mbl");
_Static_assert(sizeof(struct zc_pb_klmd_sha512) == 80, "KLMD-SHA-512 block");
_Static_assert(sizeof(union zc_pb_klmd_sha) == 80, "KLMD-SHA block room");
_Static_assert(sizeof(struct zc_pb_kimd_sha3) == 200, "KIMD/KLMD-SHA-3 block");
_Static_assert(offsetof(struct zc_pb_kmac_hmac256, imbl) == 32, "KMAC-HMAC-256 imbl");
_Static_assert(offsetof(struct zc_pb_kmac_hmac256, key) == 40, "KMAC-HMAC-256 key");
_Static_assert(sizeof(struct zc_pb_kmac_hmac256) == 104, "KMAC-HMAC-256 block");
_Static_assert(offsetof(struct zc_pb_kmac_hmac512, imbl) == 64, "KMAC-HMAC-512 imbl");
_Static_assert(offsetof(struct zc_pb_kmac_hmac512, key) == 80, "KMAC-HMAC-512 key");
_Static_assert(sizeof(struct zc_pb_kmac_hmac512) == 208, "KMAC-HMAC-512 block");
_Static_assert(offsetof(struct zc_pb_kmac_phmac256, imbl) == 32, "KMAC-PHMAC-256 imbl");
_Static_assert(offsetof(struct zc_pb_kmac_phmac256, key) == 40, "KMAC-PHMAC-256 key");
_Static_assert(sizeof(struct zc_pb_kmac_phmac256) == 136, "KMAC-PHMAC-256 block");
_Static_assert(offsetof(struct zc_pb_kmac_phmac512, imbl) == 64, "KMAC-PHMAC-512 imbl");
_Static_assert(offsetof(struct zc_pb_kmac_phmac512, key) == 80, "KMAC-PHMAC-512 key");
_Static_assert(sizeof(struct zc_pb_kmac_phmac512) == 240, "KMAC-PHMAC-512 block");
_Static_assert(offsetof(struct zc_pb_pcc_cmac, msg) == 8, "PCC-CMAC message");
_Static_assert(offsetof(struct zc_pb_pcc_cmac, icv) == 24, "PCC-CMAC ICV");
_Static_assert(offsetof(struct zc_pb_pcc_cmac, key) == 40, "PCC-CMAC key");
_Static_assert(offsetof(struct zc_pb_kma_gcm, cv) == 12, "KMA cv");
_Static_assert(offsetof(struct zc_pb_kma_gcm, t) == 16, "KMA tag");
_Static_assert(offsetof(struct zc_pb_kma_gcm, h) == 32, "KMA h");
_Static_assert(offsetof(struct zc_pb_kma_gcm, taadl) == 48, "KMA taadl");
_Static_assert(offsetof(struct zc_pb_kma_gcm, tpcl) == 56, "KMA tpcl");
_Static_assert(offsetof(struct zc_pb_kma_gcm, j0) == 64, "KMA j0");
_Static_assert(offsetof(struct zc_pb_kma_gcm, key) == 80, "KMA key");
_Static_assert(offsetof(struct zc_pb_ghash, h) == 16, "GHASH H");
_Static_assert(offsetof(struct zc_pb_des_chain, key) == 8, "KMC DEA key");
_Static_assert(offsetof(struct zc_pb_pcc_cmac_des, msg) == 8, "PCC-CMAC DEA message");
_Static_assert(offsetof(struct zc_pb_pcc_cmac_des, icv) == 16, "PCC-CMAC DEA ICV");
_Static_assert(offsetof(struct zc_pb_pcc_cmac_des, key) == 24, "PCC-CMAC DEA key");

#define ZC_PB_EC_ASSERTS(w)                                                 \
    _Static_assert(offsetof(struct zc_pb_kdsa_verify##w, s) == 1 * (w), "KDSA verify S");  \
    _Static_assert(offsetof(struct zc_pb_kdsa_verify##w, h) == 2 * (w), "KDSA verify H");  \
    _Static_assert(offsetof(struct zc_pb_kdsa_verify##w, qx) == 3 * (w), "KDSA verify Qx"); \
    _Static_assert(offsetof(struct zc_pb_kdsa_verify##w, qy) == 4 * (w), "KDSA verify Qy"); \
    _Static_assert(sizeof(struct zc_pb_kdsa_verify##w) == 5 * (w), "KDSA verify block");   \
    _Static_assert(offsetof(struct zc_pb_kdsa_sign##w, s) == 1 * (w), "KDSA sign S");      \
    _Static_assert(offsetof(struct zc_pb_kdsa_sign##w, h) == 2 * (w), "KDSA sign H");      \
    _Static_assert(offsetof(struct zc_pb_kdsa_sign##w, d) == 3 * (w), "KDSA sign d");      \
    _Static_assert(offsetof(struct zc_pb_kdsa_sign##w, k) == 4 * (w), "KDSA sign k");      \
    _Static_assert(sizeof(struct zc_pb_kdsa_sign##w) == 5 * (w), "KDSA sign block");       \
    _Static_assert(offsetof(struct zc_pb_pcc_mul##w, res_y) == 1 * (w), "PCC resY");       \
    _Static_assert(offsetof(struct zc_pb_pcc_mul##w, x) == 2 * (w), "PCC X");              \
    _Static_assert(offsetof(struct zc_pb_pcc_mul##w, y) == 3 * (w), "PCC Y");              \
    _Static_assert(offsetof(struct zc_pb_pcc_mul##w, scalar) == 4 * (w), "PCC scalar");    \
    _Static_assert(sizeof(struct zc_pb_pcc_mul##w) == 5 * (w), "PCC scalar-multiply block")
ZC_PB_EC_ASSERTS(32);
ZC_PB_EC_ASSERTS(48);
ZC_PB_EC_ASSERTS(80);
#undef ZC_PB_EC_ASSERTS
_Static_assert(sizeof(struct zc_pb_kdsa_sign80) <= ZC_PB_EC_AREA, "the block fits the area");

_Static_assert(offsetof(struct zc_pb_pcc_mul64, res_y) == 64, "PCC Ed448 resY");
_Static_assert(offsetof(struct zc_pb_pcc_mul64, x) == 128, "PCC Ed448 X");
_Static_assert(offsetof(struct zc_pb_pcc_mul64, y) == 192, "PCC Ed448 Y");
_Static_assert(offsetof(struct zc_pb_pcc_mul64, scalar) == 256, "PCC Ed448 scalar");
_Static_assert(sizeof(struct zc_pb_pcc_mul64) == 320, "PCC Ed448 block");
#define ZC_PB_ED_ASSERTS(w)                                                 \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_verify##w, s) == 1 * (w), "EdDSA verify S");  \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_verify##w, pub) == 2 * (w), "EdDSA verify A"); \
    _Static_assert(sizeof(struct zc_pb_kdsa_ed_verify##w) == 3 * (w), "EdDSA verify block");   \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_sign##w, s) == 1 * (w), "EdDSA sign S");      \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_sign##w, seed) == 2 * (w), "EdDSA sign seed"); \
    _Static_assert(sizeof(struct zc_pb_kdsa_ed_sign##w) == 3 * (w), "EdDSA sign block");       \
    _Static_assert(offsetof(struct zc_pb_pcc_x##w, u) == 1 * (w), "PCC X u");                  \
    _Static_assert(offsetof(struct zc_pb_pcc_x##w, scalar) == 2 * (w), "PCC X scalar");        \
    _Static_assert(sizeof(struct zc_pb_pcc_x##w) == 3 * (w), "PCC X block")
ZC_PB_ED_ASSERTS(32);
ZC_PB_ED_ASSERTS(64);
#undef ZC_PB_ED_ASSERTS

#define ZC_PB_EC_ENC_ASSERTS(w)                                             \
    _Static_assert(offsetof(struct zc_pb_kdsa_enc_sign##w, s) == 1 * (w), "KDSA enc sign S");   \
    _Static_assert(offsetof(struct zc_pb_kdsa_enc_sign##w, h) == 2 * (w), "KDSA enc sign H");   \
    _Static_assert(offsetof(struct zc_pb_kdsa_enc_sign##w, d) == 3 * (w), "KDSA enc sign d");   \
    _Static_assert(offsetof(struct zc_pb_kdsa_enc_sign##w, rand) == 4 * (w), "KDSA enc rand");  \
    _Static_assert(offsetof(struct zc_pb_kdsa_enc_sign##w, wkvp) == 5 * (w), "KDSA enc WKVP");  \
    _Static_assert(sizeof(struct zc_pb_kdsa_enc_sign##w) == 5 * (w) + 34, "KDSA enc block")
ZC_PB_EC_ENC_ASSERTS(32);
ZC_PB_EC_ENC_ASSERTS(48);
ZC_PB_EC_ENC_ASSERTS(80);
#undef ZC_PB_EC_ENC_ASSERTS
#define ZC_PB_ED_ENC_ASSERTS(w)                                             \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_enc_sign##w, s) == 1 * (w), "EdDSA enc S");     \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_enc_sign##w, key) == 2 * (w), "EdDSA enc key"); \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_enc_sign##w, wkvp) == 3 * (w), "EdDSA enc WKVP"); \
    _Static_assert(offsetof(struct zc_pb_kdsa_ed_enc_sign##w, reserved) == 3 * (w) + 32,       \
                   "EdDSA enc reserved");                                                      \
    _Static_assert(sizeof(struct zc_pb_kdsa_ed_enc_sign##w) == 3 * (w) + 50, "EdDSA enc block")
ZC_PB_ED_ENC_ASSERTS(32);
ZC_PB_ED_ENC_ASSERTS(64);
#undef ZC_PB_ED_ENC_ASSERTS
_Static_assert(sizeof(struct zc_pb_kdsa_enc_sign80) <= ZC_PB_EC_AREA, "the enc block fits the area");

#endif /* ZC_CPACF_PB_H */
