/*
 * cpacf.h - CPACF instruction wrappers, one small static inline per
 * instruction, in the style of Linux's arch/s390/include/asm/cpacf.h.
 *
 * The constants at the top are plain numbers and usable on any
 * architecture (the dispatch layer names function codes everywhere); the
 * wrappers exist only when compiling for s390x.
 *
 * Conventions of every wrapper:
 *  - GR0 holds the function code, GR1 the parameter block address.
 *  - Operands live in even/odd register pairs with even, non-zero numbers
 *    (r2/r3, r4/r5, r6/r7): emulators reject r0 and odd numbers.
 *  - "0: insn; brc 1,0b" resumes after partial completion (cc 3).
 *  - Data wrappers return the number of bytes processed. It is smaller than
 *    the requested length only when an encrypted-key (protected-key)
 *    function stopped with cc 1 because the wrapping-key verification
 *    pattern no longer matches: the caller re-derives the key and resumes.
 *    They return -1, without issuing anything, for a length the
 *    instruction would reject with a specification exception.
 *  - Query, PCC, PCKMO and KDSA return the condition code.
 *  - The caller makes sure the instruction's facility is installed
 *    (lib/caps.c) and that the function code is in the query mask; PCKMO
 *    is privileged and only for supervisor-state code (bare metal).
 */
#ifndef ZC_ASM_CPACF_H
#define ZC_ASM_CPACF_H

#include <stddef.h>
#include <stdint.h>

/* Modifier bit of the KM family: decipher. */
#define ZC_CPACF_DECRYPT        0x80
/* Every instruction's query function. */
#define ZC_CPACF_QUERY          0

/* KM, KMC, KMCTR, KMF, KMO, KMAC, PCC (CMAC): cipher function codes. */
#define ZC_FC_DEA               1
#define ZC_FC_TDEA_128          2
#define ZC_FC_TDEA_192          3
#define ZC_FC_ENC_DEA           9
#define ZC_FC_ENC_TDEA_128     10
#define ZC_FC_ENC_TDEA_192     11
#define ZC_FC_AES_128          18
#define ZC_FC_AES_192          19
#define ZC_FC_AES_256          20
#define ZC_FC_ENC_AES_128      26
#define ZC_FC_ENC_AES_192      27
#define ZC_FC_ENC_AES_256      28
/* KM and PCC: XTS (MSA-4), full XTS (MSA-10). */
#define ZC_FC_XTS_AES_128      50
#define ZC_FC_XTS_AES_256      52
#define ZC_FC_ENC_XTS_AES_128  58
#define ZC_FC_ENC_XTS_AES_256  60
#define ZC_FC_FXTS_AES_128     82
#define ZC_FC_FXTS_AES_256     84
#define ZC_FC_ENC_FXTS_AES_128 90
#define ZC_FC_ENC_FXTS_AES_256 92
/* KMC: PRNG. */
#define ZC_FC_KMC_PRNG         67

/* KIMD / KLMD. */
#define ZC_FC_SHA_1             1
#define ZC_FC_SHA_256           2
#define ZC_FC_SHA_512           3
#define ZC_FC_SHA3_224         32
#define ZC_FC_SHA3_256         33
#define ZC_FC_SHA3_384         34
#define ZC_FC_SHA3_512         35
#define ZC_FC_SHAKE_128        36
#define ZC_FC_SHAKE_256        37
#define ZC_FC_GHASH            65   /* KIMD only */

/* KMAC: HMAC (MSA-11). */
#define ZC_FC_HMAC_SHA_224    112
#define ZC_FC_HMAC_SHA_256    113
#define ZC_FC_HMAC_SHA_384    114
#define ZC_FC_HMAC_SHA_512    115
#define ZC_FC_ENC_HMAC_SHA_224 120
#define ZC_FC_ENC_HMAC_SHA_256 121
#define ZC_FC_ENC_HMAC_SHA_384 122
#define ZC_FC_ENC_HMAC_SHA_512 123

/* PCKMO (privileged). */
#define ZC_FC_PCKMO_DEA         1
#define ZC_FC_PCKMO_TDEA_128    2
#define ZC_FC_PCKMO_TDEA_192    3
#define ZC_FC_PCKMO_AES_128    18
#define ZC_FC_PCKMO_AES_192    19
#define ZC_FC_PCKMO_AES_256    20
#define ZC_FC_PCKMO_AES_XTS_128 21
#define ZC_FC_PCKMO_AES_XTS_256 22

/* PRNO (MSA-5). */
#define ZC_FC_PRNO_SHA512_DRNG  3
#define ZC_FC_PRNO_TRNG_QRTCR 112
#define ZC_FC_PRNO_TRNG       114

/* KMA (MSA-8): GCM, and its flags in GR0. */
#define ZC_FC_KMA_GCM_AES_128  18
#define ZC_FC_KMA_GCM_AES_192  19
#define ZC_FC_KMA_GCM_AES_256  20
#define ZC_FC_KMA_GCM_ENC_AES_128 26
#define ZC_FC_KMA_GCM_ENC_AES_192 27
#define ZC_FC_KMA_GCM_ENC_AES_256 28
#define ZC_KMA_LPC            0x100  /* last plaintext/ciphertext */
#define ZC_KMA_LAAD           0x200  /* last AAD */
#define ZC_KMA_HS             0x400  /* hash subkey supplied */

/* KDSA (MSA-9). */
#define ZC_FC_KDSA_ECDSA_VERIFY_P256  1
#define ZC_FC_KDSA_ECDSA_VERIFY_P384  2
#define ZC_FC_KDSA_ECDSA_VERIFY_P521  3
#define ZC_FC_KDSA_ECDSA_SIGN_P256    9
#define ZC_FC_KDSA_ECDSA_SIGN_P384   10
#define ZC_FC_KDSA_ECDSA_SIGN_P521   11
#define ZC_FC_KDSA_EDDSA_VERIFY_25519 32
#define ZC_FC_KDSA_EDDSA_VERIFY_448  36
#define ZC_FC_KDSA_EDDSA_SIGN_25519  40
#define ZC_FC_KDSA_EDDSA_SIGN_448    44

/* Is bit fc set in a 16-byte query mask? (bit 0 = byte 0, bit 0x80) */
static inline int zc_cpacf_mask_test(const uint8_t mask[16], unsigned fc)
{
    fc &= 0x7f;
    return (mask[fc >> 3] >> (7 - (fc & 7))) & 1;
}

/*
 * Operand granules, so that no length is issued that the machine would
 * answer with a specification exception.
 */
static inline size_t zc_cpacf_cipher_block(unsigned long fc)
{
    unsigned f = (unsigned)(fc & 0x7f);

    return (f <= ZC_FC_ENC_TDEA_192 || f == ZC_FC_KMC_PRNG) ? 8 : 16;
}

static inline size_t zc_cpacf_hash_block(unsigned long fc)
{
    switch (fc & 0x7f) {
    case ZC_FC_SHA_1:
    case ZC_FC_SHA_256:    return 64;
    case ZC_FC_SHA_512:    return 128;
    case ZC_FC_SHA3_224:   return 144;
    case ZC_FC_SHA3_256:   return 136;
    case ZC_FC_SHA3_384:   return 104;
    case ZC_FC_SHA3_512:   return 72;
    case ZC_FC_SHAKE_128:  return 168;
    case ZC_FC_SHAKE_256:  return 136;
    default:               return 16;   /* GHASH */
    }
}

#if defined(__s390x__)

/*
 * Test builds may define ZC_CPACF_TRACE to learn which function codes
 * were really issued (the bare-metal tier lists them); the opcode names the
 * instruction. Production builds compile it away.
 */
#ifdef ZC_CPACF_TRACE
void zc_cpacf_trace(unsigned opcode, unsigned long fc);
#define ZC_TRACE(opcode, fc) zc_cpacf_trace(opcode, fc)
#else
#define ZC_TRACE(opcode, fc) ((void)0)
#endif

/*
 * The instruction bodies. R1 = r2 (address, length r3), R2 = r4/r5,
 * R3 = r6/r7. Registers are advanced by the machine and read back.
 */
#define ZC_CPACF_RRE_LOOP(opcode)                                           \
    "0: .insn rre," #opcode ",2,4\n"                                        \
    "   brc 1,0b\n"

#define ZC_CPACF_RRF_LOOP(opcode)                                           \
    "0: .insn rrf," #opcode ",2,4,6,0\n"                                    \
    "   brc 1,0b\n"

/* Query into a 16-byte mask (32 bytes for KDSA/KMA are not needed: 16). */
#define ZC_CPACF_QUERY_FN(name, body)                                       \
static inline int zc_##name##_query(uint8_t mask[16])                       \
{                                                                           \
    register unsigned long r0 __asm__("0") = ZC_CPACF_QUERY;                \
    register uint8_t *r1 __asm__("1") = mask;                               \
    register unsigned long r2 __asm__("2") = 0, r3 __asm__("3") = 0;        \
    register unsigned long r4 __asm__("4") = 0, r5 __asm__("5") = 0;        \
    register unsigned long r6 __asm__("6") = 0, r7 __asm__("7") = 0;        \
    int cc;                                                                 \
    __asm__ __volatile__(body                                               \
                         "   ipm %[cc]\n"                                   \
                         "   srl %[cc],28\n"                                \
                         : [cc] "=d"(cc), "+d"(r2), "+d"(r3), "+d"(r4),     \
                           "+d"(r5), "+d"(r6), "+d"(r7),                    \
                           "=m"(*(uint8_t(*)[16])mask)                      \
                         : "d"(r0), "a"(r1)                                 \
                         : "cc");                                           \
    return cc;                                                              \
}

ZC_CPACF_QUERY_FN(km,    ZC_CPACF_RRE_LOOP(0xb92e0000))
ZC_CPACF_QUERY_FN(kmc,   ZC_CPACF_RRE_LOOP(0xb92f0000))
ZC_CPACF_QUERY_FN(kmctr, ZC_CPACF_RRF_LOOP(0xb92d0000))
ZC_CPACF_QUERY_FN(kmf,   ZC_CPACF_RRE_LOOP(0xb92a0000))
ZC_CPACF_QUERY_FN(kmo,   ZC_CPACF_RRE_LOOP(0xb92b0000))
ZC_CPACF_QUERY_FN(kmac,  ZC_CPACF_RRE_LOOP(0xb91e0000))
ZC_CPACF_QUERY_FN(kimd,  ZC_CPACF_RRE_LOOP(0xb93e0000))
ZC_CPACF_QUERY_FN(klmd,  ZC_CPACF_RRE_LOOP(0xb93f0000))
ZC_CPACF_QUERY_FN(pcc,   "0: .insn rre,0xb92c0000,0,0\n brc 1,0b\n")
ZC_CPACF_QUERY_FN(pckmo, ".insn rre,0xb9280000,0,0\n")   /* privileged */
ZC_CPACF_QUERY_FN(prno,  ZC_CPACF_RRE_LOOP(0xb93c0000))
ZC_CPACF_QUERY_FN(kma,   ZC_CPACF_RRF_LOOP(0xb9290000))
ZC_CPACF_QUERY_FN(kdsa,  "0: .insn rre,0xb93a0000,0,4\n brc 1,0b\n")

/*
 * Cipher-type body: R1 = destination address (r2), R2 = source pair
 * (r4, r5). Returns bytes processed.
 */
#define ZC_CPACF_CIPHER_BODY(insn)                                          \
    register unsigned long r0 __asm__("0") = fc;                            \
    register void *r1 __asm__("1") = param;                                 \
    register uint8_t *r2 __asm__("2") = dst;                                \
    register const uint8_t *r4 __asm__("4") = src;                          \
    register unsigned long r5 __asm__("5") = len;                           \
    __asm__ __volatile__(insn                                               \
                         : "+a"(r2), "+a"(r4), "+d"(r5)                     \
                         : "d"(r0), "a"(r1)                                 \
                         : "cc", "memory");                                 \
    return (long)(len - r5)

/* KM: cipher message (ECB, XTS). */
static inline long zc_km(unsigned long fc, void *param, uint8_t *dst,
                         const uint8_t *src, size_t len)
{
    if (len % zc_cpacf_cipher_block(fc))
        return -1;
    ZC_TRACE(0xb92e, fc);
    ZC_CPACF_CIPHER_BODY("0: .insn rre,0xb92e0000,2,4\n   brc 1,0b\n");
}

/* KMC: cipher message with chaining (CBC); param = chaining value, key. */
static inline long zc_kmc(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len)
{
    if (len % zc_cpacf_cipher_block(fc))
        return -1;
    ZC_TRACE(0xb92f, fc);
    ZC_CPACF_CIPHER_BODY("0: .insn rre,0xb92f0000,2,4\n   brc 1,0b\n");
}

/* KMF: cipher message with cipher feedback; GR0 bits 0-7 of the low word = LCFB. */
static inline long zc_kmf(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len)
{
    size_t lcfb = (fc >> 24) & 0xff;

    if (lcfb == 0 || len % lcfb)
        return -1;
    ZC_TRACE(0xb92a, fc);
    ZC_CPACF_CIPHER_BODY("0: .insn rre,0xb92a0000,2,4\n   brc 1,0b\n");
}

/* KMO: cipher message with output feedback; param = chaining value, key. */
static inline long zc_kmo(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len)
{
    if (len % zc_cpacf_cipher_block(fc))
        return -1;
    ZC_TRACE(0xb92b, fc);
    ZC_CPACF_CIPHER_BODY("0: .insn rre,0xb92b0000,2,4\n   brc 1,0b\n");
}

/* KMCTR: cipher message with counter; ctr = one counter block per data block. */
static inline long zc_kmctr(unsigned long fc, void *param, uint8_t *dst,
                            const uint8_t *src, size_t len, const uint8_t *ctr)
{
    if (len % zc_cpacf_cipher_block(fc))
        return -1;
    ZC_TRACE(0xb92d, fc);
    register unsigned long r0 __asm__("0") = fc;
    register void *r1 __asm__("1") = param;
    register uint8_t *r2 __asm__("2") = dst;
    register const uint8_t *r4 __asm__("4") = src;
    register unsigned long r5 __asm__("5") = len;
    register const uint8_t *r6 __asm__("6") = ctr;

    __asm__ __volatile__("0: .insn rrf,0xb92d0000,2,4,6,0\n"
                         "   brc 1,0b\n"
                         : "+a"(r2), "+a"(r4), "+d"(r5), "+a"(r6)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    return (long)(len - r5);
}

/*
 * Hash-type body: R2 = message pair (r4, r5). R1 (r2/r3) is an output pair
 * for the SHAKE functions of KLMD and ignored otherwise.
 */
#define ZC_CPACF_HASH_BODY(insn)                                            \
    register unsigned long r0 __asm__("0") = fc;                            \
    register void *r1 __asm__("1") = param;                                 \
    register uint8_t *r2 __asm__("2") = out;                                \
    register unsigned long r3 __asm__("3") = out_len;                       \
    register const uint8_t *r4 __asm__("4") = src;                          \
    register unsigned long r5 __asm__("5") = len;                           \
    __asm__ __volatile__(insn                                               \
                         : "+a"(r2), "+d"(r3), "+a"(r4), "+d"(r5)           \
                         : "d"(r0), "a"(r1)                                 \
                         : "cc", "memory");                                 \
    return (long)(len - r5)

/* KIMD: intermediate message digest (and GHASH); whole blocks only. */
static inline long zc_kimd(unsigned long fc, void *param, const uint8_t *src, size_t len)
{
    uint8_t *out = NULL;
    size_t out_len = 0;

    if (len % zc_cpacf_hash_block(fc))
        return -1;
    ZC_TRACE(0xb93e, fc);
    ZC_CPACF_HASH_BODY("0: .insn rre,0xb93e0000,2,4\n   brc 1,0b\n");
}

/*
 * KLMD: last message digest, pads; any length. out/out_len receive the
 * output of the SHAKE functions (NULL/0 for SHA-1/2/3).
 */
static inline long zc_klmd(unsigned long fc, void *param, const uint8_t *src, size_t len,
                           uint8_t *out, size_t out_len)
{
    ZC_TRACE(0xb93f, fc);
    ZC_CPACF_HASH_BODY("0: .insn rre,0xb93f0000,2,4\n   brc 1,0b\n");
}

/* KMAC: compute message authentication code; param = chaining value, key. */
static inline long zc_kmac(unsigned long fc, void *param, const uint8_t *src, size_t len)
{
    uint8_t *out = NULL;
    size_t out_len = 0;

    if (fc < ZC_FC_HMAC_SHA_224 && len % zc_cpacf_cipher_block(fc))
        return -1;
    ZC_TRACE(0xb91e, fc);
    ZC_CPACF_HASH_BODY("0: .insn rre,0xb91e0000,2,4\n   brc 1,0b\n");
}

/* Parameter-block-only instructions: PCC (and PCKMO, KDSA below). */
static inline int zc_pcc(unsigned long fc, void *param)
{
    ZC_TRACE(0xb92c, fc);
    register unsigned long r0 __asm__("0") = fc;
    register void *r1 __asm__("1") = param;
    int cc;

    __asm__ __volatile__("0: .insn rre,0xb92c0000,0,0\n"
                         "   brc 1,0b\n"
                         "   ipm %[cc]\n"
                         "   srl %[cc],28\n"
                         : [cc] "=d"(cc)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    return cc;
}

/*
 * PCKMO: wrap the clear key in param in place (wrapped key + verification
 * pattern). Privileged: never call it in Linux user space. It leaves the
 * condition code unchanged, so there is nothing to return.
 */
static inline void zc_pckmo(unsigned long fc, void *param)
{
    ZC_TRACE(0xb928, fc);
    register unsigned long r0 __asm__("0") = fc;
    register void *r1 __asm__("1") = param;

    __asm__ __volatile__(".insn rre,0xb9280000,0,0\n"
                         :
                         : "d"(r0), "a"(r1)
                         : "memory");
}

/*
 * PRNO: R1 pair = first operand, R2 pair = second operand. For TRNG, the
 * first is the raw-entropy buffer (may be 0 long), the second the
 * conditioned one. Returns the conditioned bytes produced.
 */
static inline long zc_prno(unsigned long fc, void *param, uint8_t *raw, size_t raw_len,
                           uint8_t *dst, size_t len)
{
    ZC_TRACE(0xb93c, fc);
    register unsigned long r0 __asm__("0") = fc;
    register void *r1 __asm__("1") = param;
    register uint8_t *r2 __asm__("2") = raw;
    register unsigned long r3 __asm__("3") = raw_len;
    register uint8_t *r4 __asm__("4") = dst;
    register unsigned long r5 __asm__("5") = len;

    __asm__ __volatile__("0: .insn rre,0xb93c0000,2,4\n"
                         "   brc 1,0b\n"
                         : "+a"(r2), "+d"(r3), "+a"(r4), "+d"(r5)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    return (long)(len - r5);
}

/*
 * KMA: cipher message with authentication (GCM). R1 = destination,
 * R2 = text pair, R3 = AAD pair. Returns text bytes processed.
 */
static inline long zc_kma(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len,
                          const uint8_t *aad, size_t aad_len)
{
    ZC_TRACE(0xb929, fc);
    register unsigned long r0 __asm__("0") = fc;
    register void *r1 __asm__("1") = param;
    register uint8_t *r2 __asm__("2") = dst;
    register const uint8_t *r4 __asm__("4") = src;
    register unsigned long r5 __asm__("5") = len;
    register const uint8_t *r6 __asm__("6") = aad;
    register unsigned long r7 __asm__("7") = aad_len;

    __asm__ __volatile__("0: .insn rrf,0xb9290000,2,4,6,0\n"
                         "   brc 1,0b\n"
                         : "+a"(r2), "+a"(r4), "+d"(r5), "+a"(r6), "+d"(r7)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    return (long)(len - r5);
}

/* KDSA: compute digital signature authentication; R2 pair = message. */
static inline int zc_kdsa(unsigned long fc, void *param, const uint8_t *src, size_t len)
{
    ZC_TRACE(0xb93a, fc);
    register unsigned long r0 __asm__("0") = fc;
    register void *r1 __asm__("1") = param;
    register const uint8_t *r4 __asm__("4") = src;
    register unsigned long r5 __asm__("5") = len;
    int cc;

    __asm__ __volatile__("0: .insn rre,0xb93a0000,0,4\n"
                         "   brc 1,0b\n"
                         "   ipm %[cc]\n"
                         "   srl %[cc],28\n"
                         : [cc] "=d"(cc), "+a"(r4), "+d"(r5)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    return cc;
}

#endif /* __s390x__ */

#endif /* ZC_ASM_CPACF_H */
