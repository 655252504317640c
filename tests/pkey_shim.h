/*
 * pkey_shim.h - the contract between the /dev/pkey stand-in
 * (tests/pkey_shim.c, loaded with LD_PRELOAD) and tests/test_pkey.c.
 *
 * The shim answers with made-up protected keys computed by the functions
 * below, so the test can tell which request produced a key and that the
 * request carried the right bytes. s390x only (<asm/pkey.h>).
 */
#ifndef ZC_PKEY_SHIM_H
#define ZC_PKEY_SHIM_H

#include <stddef.h>
#include <stdint.h>

/*
 * "OP=ERRNO[,OP=ERRNO...]": the request OP (a name from shim_op_names)
 * fails with ERRNO (a name: ENOENT, ENOTTY, ...). Read at every request,
 * so a test may setenv() it just before its call.
 */
#define SHIM_ENV_ERRNO "ZC_PKEY_SHIM_ERRNO"

/*
 * A wrong answer on success: "badlen" (length off by 8), "badtype" (ECC;
 * AES-256 for an HMAC key), "othertype" (an AES or HMAC type other than
 * the one asked for), "noapqn"
 * (APQNS4K finds no adapter), "eintr" (every request fails once with
 * EINTR first). EC keys (clear-key tokens of types 5-9, ECC blobs):
 * "badtype" AES-256, "othertype" another curve's type, "generic" the ECC
 * type 4 for a clear-key token, "curvetype" the curve's own type for a
 * blob (whose answer is otherwise 4).
 */
#define SHIM_ENV_ANSWER "ZC_PKEY_SHIM_ANSWER"

enum shim_op {
    SHIM_OPEN,
    SHIM_CLOSE,
    SHIM_CLR2PROTK,
    SHIM_GENPROTK,
    SHIM_KBLOB2PROTK,
    SHIM_APQNS4K,
    SHIM_KBLOB2PROTK2,
    SHIM_KBLOB2PROTK3,
    SHIM_NOPS
};

static const char *const shim_op_names[SHIM_NOPS] = {
    [SHIM_OPEN] = "OPEN",
    [SHIM_CLOSE] = "CLOSE",
    [SHIM_CLR2PROTK] = "CLR2PROTK",
    [SHIM_GENPROTK] = "GENPROTK",
    [SHIM_KBLOB2PROTK] = "KBLOB2PROTK",
    [SHIM_APQNS4K] = "APQNS4K",
    [SHIM_KBLOB2PROTK2] = "KBLOB2PROTK2",
    [SHIM_KBLOB2PROTK3] = "KBLOB2PROTK3",
};

/* The adapters APQNS4K reports (card, domain). */
#define SHIM_NAPQNS 2
static const uint16_t shim_apqns[SHIM_NAPQNS][2] = { { 3, 5 }, { 10, 5 } };

/* What the shim saw; the test finds it with dlsym("zc_pkey_shim"). */
struct shim_state {
    unsigned calls[SHIM_NOPS];   /* requests seen, failed ones included */
    unsigned opened;             /* opens of /dev/pkey that succeeded */
    enum shim_op order[16];      /* the first requests, in order */
    unsigned norder;
    unsigned violations;         /* requests that broke the layout rules */
    char violation[160];         /* the first of them */
    int open_flags;              /* flags of the last open of /dev/pkey */
    int open_fds;                /* /dev/pkey descriptors not yet closed */
    uint32_t keytype;            /* CLR2PROTK/GENPROTK: type asked for */
    uint8_t clrkey[32];          /* CLR2PROTK: the clear key field */
    const void *blob;            /* blob requests: the key pointer */
    uint32_t blob_len;
    unsigned generated;          /* GENPROTK answers so far */
    uint32_t apqns4k_flags[2];   /* APQNS4K: flags of the requests, by count % 2 */
    unsigned apqns4k_n;          /* APQNS4K requests seen */
    uint32_t hmac_type;          /* KBLOB2PROTK3 clear-key token: its key type */
    uint32_t hmac_len;           /* ... its key length */
    uint8_t hmac_k0[128];        /* ... its key (HMAC's K0, an XTS double key) */
    /* EC: an EC key type's clear-key token (type, len, the blob length the
     * request gave, the key), or the curve's type of an ECC blob */
    uint32_t ec_type, ec_len, ec_keylen;
    uint8_t ec_key[80];
};

/*
 * The clear-key token of PKEY_KBLOB2PROTK3 (the kernel's struct
 * clearkeytoken, pkey_pckmo.c) and the HMAC key types Debian 12's
 * <asm/pkey.h> (kernel 6.1) lacks: written here from the kernel, not
 * from lib/linux/pkey.c, so that the two are compared.
 */
#define SHIM_KEYTYPE_HMAC_512 12
#define SHIM_KEYTYPE_HMAC_1024 13
/* The EC key types (kernel enum pkey_key_type; CPACF.md): P-256, P-384,
 * P-521, Ed25519, Ed448; ECC (4) is the generic answer. */
#define SHIM_KEYTYPE_ECC 4
#define SHIM_KEYTYPE_ECC_P256 5
#define SHIM_KEYTYPE_ECC_ED448 9

/* The key length of an EC key type's clear-key token (the kernel refuses
 * any other: P-521's 66 bytes right-aligned in 80, Ed448's 57 in 64), 0
 * for another type; the protected key is that plus the 32-byte pattern. */
static inline uint32_t shim_ec_len(uint32_t type)
{
    static const uint8_t len[5] = { 32, 48, 80, 32, 64 };

    return type >= SHIM_KEYTYPE_ECC_P256 && type <= SHIM_KEYTYPE_ECC_ED448
               ? len[type - SHIM_KEYTYPE_ECC_P256]
               : 0;
}

/*
 * The EC key type of an ECC secure-key blob, 0 for another blob: a CCA
 * private ECC key token (type 0x1f, TOKTYPE_CCA_INTERNAL_PKA) or an EP11
 * ECC blob with the prepended header (type 0x00, version 0x07,
 * TOKVER_EP11_ECC_WITH_HEADER). The curve, in this shim's convention
 * for both, is the bit length at bytes 6-7 (the EP11 header's bitlen):
 * 256, 384, 521, 255 (Ed25519), 448 (Ed448).
 */
static inline uint32_t shim_ecc_blob_type(const uint8_t *blob, size_t blen)
{
    unsigned bits;

    if (blen < 64 || !(blob[0] == 0x1f || (blob[0] == 0x00 && blob[4] == 0x07)))
        return 0;
    bits = (unsigned)blob[6] << 8 | blob[7];
    return bits == 256 ? 5 : bits == 384 ? 6 : bits == 521 ? 7 : bits == 255 ? 8
         : bits == 448 ? 9 : 0;
}
#define SHIM_KEYTYPE_AES_XTS_128 10
#define SHIM_KEYTYPE_AES_XTS_256 11
struct shim_clrtoken {
    uint8_t type;       /* 0x00: TOKTYPE_NON_CCA */
    uint8_t res0[3];
    uint8_t version;    /* 0x02: TOKVER_CLEAR_KEY */
    uint8_t res1[3];
    uint32_t keytype;
    uint32_t len;
    uint8_t clearkey[];
};

/* The 32-byte verification pattern of every fake protected key. */
static inline uint8_t shim_wkvp(size_t i)
{
    return (uint8_t)(0xa0 ^ i);
}

/* Fake protected key from a clear key: the key XOR 0xc3, then the pattern. */
static inline void shim_fake_clear(uint8_t *out, const uint8_t *key, size_t klen)
{
    size_t i;

    for (i = 0; i < klen; i++)
        out[i] = (uint8_t)(key[i] ^ 0xc3);
    for (i = 0; i < 32; i++)
        out[klen + i] = shim_wkvp(i);
}

/* Fake random protected key number n (0, 1, ...) of one process. */
static inline void shim_fake_gen(uint8_t *out, size_t klen, unsigned n)
{
    size_t i;

    for (i = 0; i < klen; i++)
        out[i] = (uint8_t)(0x40 + 13 * n + i);
    for (i = 0; i < 32; i++)
        out[klen + i] = shim_wkvp(i);
}

/*
 * Fake protected key from a blob, marked with the request that made it
 * (via: 1 for KBLOB2PROTK, 2 and 3 for KBLOB2PROTK2/3).
 */
static inline void shim_fake_blob(uint8_t *out, const uint8_t *blob, size_t blen,
                                  size_t klen, unsigned via)
{
    size_t i;

    for (i = 0; i < klen; i++)
        out[i] = (uint8_t)(blob[i * 7 % blen] ^ (0x5a + via));
    for (i = 0; i < 32; i++)
        out[klen + i] = shim_wkvp(i);
}

/*
 * The AES key bits a blob holds, as the kernel reads them: a CCA AES DATA
 * token (type 0x01, version 0x04) has them at byte 56, an EP11 blob with
 * the prepended header (type 0x00, version 0x06) at byte 6 (big-endian,
 * struct ep11kblob_header.bitlen); the shim takes anything else as 256.
 */
static inline unsigned shim_blob_bits(const uint8_t *blob, size_t blen)
{
    if (blen >= 64 && blob[0] == 0x01 && blob[4] == 0x04)
        return (unsigned)blob[56] << 8 | blob[57];
    if (blen >= 16 && blob[0] == 0x00 && blob[4] == 0x06)
        return (unsigned)blob[6] << 8 | blob[7];
    return 256;
}

#endif /* ZC_PKEY_SHIM_H */
