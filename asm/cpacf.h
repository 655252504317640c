/*
 * cpacf.h - CPACF instruction wrappers, one small static inline per
 * instruction, in the style of Linux's arch/s390/include/asm/cpacf.h.
 *
 * The constants at the top are plain numbers and usable on any
 * architecture (the dispatch layer names function codes everywhere); the
 * wrappers exist only when compiling for s390x, or for the test build
 * with the software stand-in (ZC_CPACF_SIM, tests/sim/).
 *
 * Conventions of every wrapper:
 *  - GR0 holds the function code, GR1 the parameter block address.
 *  - Operands live in even/odd register pairs with even, non-zero numbers
 *    (r2/r3, r4/r5, r6/r7): emulators reject r0 and odd numbers.
 *  - "0: insn; brc 1,0b" resumes after partial completion (cc 3); every
 *    instruction goes through one asm body (ZC_CPACF_ISSUE_FN) that loads
 *    and stores a register image gr[0..7].
 *  - Data wrappers return the number of bytes processed. It is smaller than
 *    the requested length only when an encrypted-key (protected-key)
 *    function stopped with cc 1 because the wrapping-key verification
 *    pattern no longer matches: the caller re-derives the key and resumes.
 *    They return -1, without issuing anything, for a length the
 *    instruction would reject with a specification exception.
 *  - Query, PCC, PCKMO and KDSA return the condition code.
 *  - The caller makes sure the instruction's facility is installed
 *    (lib/core/caps.c) and that the function code is in the query mask; PCKMO
 *    is privileged and only for supervisor-state code (bare metal).
 */
#ifndef ZC_ASM_CPACF_H
#define ZC_ASM_CPACF_H

#include <stddef.h>
#include <stdint.h>

/* Opcodes (the 16 bits of the RRE/RRF forms). */
#define ZC_OP_KMAC  0xb91e
#define ZC_OP_PCKMO 0xb928
#define ZC_OP_KMA   0xb929
#define ZC_OP_KMF   0xb92a
#define ZC_OP_KMO   0xb92b
#define ZC_OP_PCC   0xb92c
#define ZC_OP_KMCTR 0xb92d
#define ZC_OP_KM    0xb92e
#define ZC_OP_KMC   0xb92f
#define ZC_OP_KDSA  0xb93a
#define ZC_OP_PRNO  0xb93c
#define ZC_OP_KIMD  0xb93e
#define ZC_OP_KLMD  0xb93f

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
/* KMAC-HMAC flags in GR0 beside the function code: IKP (bit 48), the
 * chaining value already holds the key block (the machine sets it once it
 * has absorbed K0 ^ ipad); IIMP (bit 49), an intermediate operation:
 * whole blocks, no padding, no outer hash. */
#define ZC_KMAC_HMAC_IKP  0x8000ul
#define ZC_KMAC_HMAC_IIMP 0x4000ul

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
/* Encrypted-key sign: the private key is a protected key (wrapped d or
 * seed + its 32-byte verification pattern); cc 1 = the pattern no longer
 * matches the wrapping key. No deterministic modifier is used with them. */
#define ZC_FC_KDSA_ENC_ECDSA_SIGN_P256 17
#define ZC_FC_KDSA_ENC_ECDSA_SIGN_P384 18
#define ZC_FC_KDSA_ENC_ECDSA_SIGN_P521 19
#define ZC_FC_KDSA_ENC_EDDSA_SIGN_25519 48
#define ZC_FC_KDSA_ENC_EDDSA_SIGN_448  52
/* On a sign code: take the k field as the nonce, as given (deterministic
 * signatures); without it the machine makes its own nonce and mixes the
 * k field's bytes in. */
#define ZC_KDSA_DETERMINISTIC      0x80

/* PCC scalar multiplication (MSA-9; the second word of the PCC query
 * mask): resX | resY | X | Y | scalar (X25519/X448: res_u | u | scalar). */
#define ZC_FC_PCC_SCALAR_MUL_P256    64
#define ZC_FC_PCC_SCALAR_MUL_P384    65
#define ZC_FC_PCC_SCALAR_MUL_P521    66
#define ZC_FC_PCC_SCALAR_MUL_ED25519 72
#define ZC_FC_PCC_SCALAR_MUL_ED448   73
#define ZC_FC_PCC_SCALAR_MUL_X25519  80
#define ZC_FC_PCC_SCALAR_MUL_X448    81

/* Is bit fc set in a 16-byte query mask? (bit 0 = byte 0, bit 0x80) */
static inline int zc_cpacf_mask_test(const uint8_t mask[16], unsigned fc)
{
    fc &= 0x7f;
    return (mask[fc >> 3] >> (7 - (fc & 7))) & 1;
}

/*
 * Operand granules, so that no length is issued that the machine would
 * answer with a specification exception. The cipher granule is 8 or 16:
 * callers test len & (granule - 1), no division.
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

/*
 * ZC_HAVE_CPACF: the wrappers below exist. On s390x they are inline
 * assembly; a test build with ZC_CPACF_SIM issues the same register images
 * to a software stand-in (tests/sim/) on any host, so that the library's
 * CPACF paths, including their resume after a stop, run natively too.
 */
#if defined(__s390x__) || defined(ZC_CPACF_SIM)
#define ZC_HAVE_CPACF 1

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
 * The general registers an instruction reads and advances: gr[0] function
 * code, gr[1] parameter block, gr[2..7] the operand pairs (R1 = 2/3,
 * R2 = 4/5, R3 = 6/7; even, non-zero numbers, as emulators require).
 */
#define ZC_GR(fc, param, r2, r3, r4, r5, r6, r7)                            \
    { (unsigned long)(fc), (unsigned long)(param), (unsigned long)(r2),      \
      (unsigned long)(r3), (unsigned long)(r4), (unsigned long)(r5),         \
      (unsigned long)(r6), (unsigned long)(r7) }

#ifdef ZC_CPACF_SIM
int zc_cpacf_sim_insn(unsigned opcode, unsigned long gr[8]);

/* Issue until the condition code is not 3, as "brc 1,0b" does. */
static inline int zc_cpacf_issue(unsigned opcode, unsigned long gr[8])
{
    int cc;

    do
        cc = zc_cpacf_sim_insn(opcode, gr);
    while (cc == 3);
    return cc;
}
#else
/*
 * The one piece of inline assembly every instruction goes through: load
 * GR0-GR7 from gr[], issue, store GR0 (where KMAC-HMAC sets its IKP flag)
 * and the advanced operand registers back and
 * return the condition code. The body repeats the instruction on cc 3
 * (partial completion), except PCKMO, which sets no condition code.
 * Registers an instruction does not use are loaded and stored unchanged.
 */
#define ZC_CPACF_ISSUE_FN(name, body)                                       \
static inline int name(unsigned long gr[8])                                 \
{                                                                           \
    register unsigned long r0 __asm__("0") = gr[0];                         \
    register unsigned long r1 __asm__("1") = gr[1];                         \
    register unsigned long r2 __asm__("2") = gr[2];                         \
    register unsigned long r3 __asm__("3") = gr[3];                         \
    register unsigned long r4 __asm__("4") = gr[4];                         \
    register unsigned long r5 __asm__("5") = gr[5];                         \
    register unsigned long r6 __asm__("6") = gr[6];                         \
    register unsigned long r7 __asm__("7") = gr[7];                         \
    int cc;                                                                 \
                                                                            \
    __asm__ __volatile__(body                                               \
                         "   ipm %[cc]\n"                                   \
                         "   srl %[cc],28\n"                                \
                         : [cc] "=d"(cc), "+d"(r0), "+a"(r2), "+d"(r3),     \
                           "+a"(r4), "+d"(r5), "+a"(r6), "+d"(r7)           \
                         : "a"(r1)                                          \
                         : "cc", "memory");                                 \
    gr[0] = r0;     /* KMAC-HMAC sets its IKP flag there */                 \
    gr[2] = r2;                                                             \
    gr[3] = r3;                                                             \
    gr[4] = r4;                                                             \
    gr[5] = r5;                                                             \
    gr[6] = r6;                                                             \
    gr[7] = r7;                                                             \
    return cc;                                                              \
}
#define ZC_CPACF_LOOP(insn) "0: " insn "\n   brc 1,0b\n"

ZC_CPACF_ISSUE_FN(zc_issue_kmac,  ZC_CPACF_LOOP(".insn rre,0xb91e0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_pckmo, ".insn rre,0xb9280000,0,0\n")
ZC_CPACF_ISSUE_FN(zc_issue_kma,   ZC_CPACF_LOOP(".insn rrf,0xb9290000,2,4,6,0"))
ZC_CPACF_ISSUE_FN(zc_issue_kmf,   ZC_CPACF_LOOP(".insn rre,0xb92a0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_kmo,   ZC_CPACF_LOOP(".insn rre,0xb92b0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_pcc,   ZC_CPACF_LOOP(".insn rre,0xb92c0000,0,0"))
ZC_CPACF_ISSUE_FN(zc_issue_kmctr, ZC_CPACF_LOOP(".insn rrf,0xb92d0000,2,4,6,0"))
ZC_CPACF_ISSUE_FN(zc_issue_km,    ZC_CPACF_LOOP(".insn rre,0xb92e0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_kmc,   ZC_CPACF_LOOP(".insn rre,0xb92f0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_kdsa,  ZC_CPACF_LOOP(".insn rre,0xb93a0000,0,4"))
ZC_CPACF_ISSUE_FN(zc_issue_prno,  ZC_CPACF_LOOP(".insn rre,0xb93c0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_kimd,  ZC_CPACF_LOOP(".insn rre,0xb93e0000,2,4"))
ZC_CPACF_ISSUE_FN(zc_issue_klmd,  ZC_CPACF_LOOP(".insn rre,0xb93f0000,2,4"))

/*
 * The digest instructions' short form: KIMD, and KLMD for SHA-1/2/3, read
 * only GR0, GR1 and the R2 pair (R1 is named, as the encoding needs an
 * even register, but not read). Binding just those four registers spares
 * the caller loading and storing the unused six, which is most of the work
 * around a one-block digest. No condition code: these callers judge by the
 * bytes consumed. Not for KLMD-SHAKE, whose output is the R1 pair.
 */
#define ZC_CPACF_DIGEST_FN(name, insn)                                      \
static inline void name(unsigned long fc, void *param, const uint8_t **src, \
                        size_t *len)                                        \
{                                                                           \
    register unsigned long r0 __asm__("0") = fc;                            \
    register unsigned long r1 __asm__("1") = (unsigned long)param;          \
    register unsigned long r4 __asm__("4") = (unsigned long)*src;           \
    register unsigned long r5 __asm__("5") = *len;                          \
                                                                            \
    __asm__ __volatile__(ZC_CPACF_LOOP(insn)                                \
                         : "+a"(r4), "+d"(r5)                               \
                         : "d"(r0), "a"(r1)                                 \
                         : "cc", "memory");                                 \
    *src = (const uint8_t *)r4;                                             \
    *len = r5;                                                              \
}
ZC_CPACF_DIGEST_FN(zc_issue_kimd_r2, ".insn rre,0xb93e0000,2,4")
ZC_CPACF_DIGEST_FN(zc_issue_klmd_r2, ".insn rre,0xb93f0000,2,4")

/*
 * The same for KM and KMC: GR0, GR1, the first-operand address (R1 = 2;
 * KM and KMC use no R1 + 1) and the R2 pair.
 */
#define ZC_CPACF_CIPHER_FN(name, insn)                                      \
static inline void name(unsigned long fc, void *param, uint8_t **dst,       \
                        const uint8_t **src, size_t *len)                   \
{                                                                           \
    register unsigned long r0 __asm__("0") = fc;                            \
    register unsigned long r1 __asm__("1") = (unsigned long)param;          \
    register unsigned long r2 __asm__("2") = (unsigned long)*dst;           \
    register unsigned long r4 __asm__("4") = (unsigned long)*src;           \
    register unsigned long r5 __asm__("5") = *len;                          \
                                                                            \
    __asm__ __volatile__(ZC_CPACF_LOOP(insn)                                \
                         : "+a"(r2), "+a"(r4), "+d"(r5)                     \
                         : "d"(r0), "a"(r1)                                 \
                         : "cc", "memory");                                 \
    *dst = (uint8_t *)r2;                                                   \
    *src = (const uint8_t *)r4;                                             \
    *len = r5;                                                              \
}
ZC_CPACF_CIPHER_FN(zc_issue_km_r2, ".insn rre,0xb92e0000,2,4")
ZC_CPACF_CIPHER_FN(zc_issue_kmc_r2, ".insn rre,0xb92f0000,2,4")

/*
 * The same for KMCTR: GR0, GR1, the first-operand address (R1 = 2, no
 * R1 + 1), the R2 pair and the counter address (R3 = 6; R3 + 1 is not
 * read). The CTR mode's one-block call issues this alone.
 */
static inline void zc_issue_kmctr_r3(unsigned long fc, const void *param, uint8_t **dst,
                                     const uint8_t **src, size_t *len, const uint8_t **ctr)
{
    register unsigned long r0 __asm__("0") = fc;
    register unsigned long r1 __asm__("1") = (unsigned long)param;
    register unsigned long r2 __asm__("2") = (unsigned long)*dst;
    register unsigned long r4 __asm__("4") = (unsigned long)*src;
    register unsigned long r5 __asm__("5") = *len;
    register unsigned long r6 __asm__("6") = (unsigned long)*ctr;

    __asm__ __volatile__(ZC_CPACF_LOOP(".insn rrf,0xb92d0000,2,4,6,0")
                         : "+a"(r2), "+a"(r4), "+d"(r5), "+a"(r6)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    *dst = (uint8_t *)r2;
    *src = (const uint8_t *)r4;
    *len = r5;
    *ctr = (const uint8_t *)r6;
}

/* With a constant opcode, as every caller passes, this folds to one body. */
static inline int zc_cpacf_issue(unsigned opcode, unsigned long gr[8])
{
    switch (opcode) {
    case ZC_OP_KMAC:  return zc_issue_kmac(gr);
    case ZC_OP_PCKMO: return zc_issue_pckmo(gr);
    case ZC_OP_KMA:   return zc_issue_kma(gr);
    case ZC_OP_KMF:   return zc_issue_kmf(gr);
    case ZC_OP_KMO:   return zc_issue_kmo(gr);
    case ZC_OP_PCC:   return zc_issue_pcc(gr);
    case ZC_OP_KMCTR: return zc_issue_kmctr(gr);
    case ZC_OP_KM:    return zc_issue_km(gr);
    case ZC_OP_KMC:   return zc_issue_kmc(gr);
    case ZC_OP_KDSA:  return zc_issue_kdsa(gr);
    case ZC_OP_PRNO:  return zc_issue_prno(gr);
    case ZC_OP_KIMD:  return zc_issue_kimd(gr);
    default:          return zc_issue_klmd(gr);
    }
}
#endif

/*
 * Query into a 16-byte mask. PCKMO is privileged: only supervisor-state
 * code may query it (caps.c checks). Returns the condition code.
 */
static inline int zc_cpacf_query_insn(unsigned opcode, uint8_t mask[16])
{
    unsigned long gr[8] = ZC_GR(ZC_CPACF_QUERY, mask, 0, 0, 0, 0, 0, 0);

    return zc_cpacf_issue(opcode, gr);
}

/*
 * Cipher instructions KM, KMC, KMF, KMO: R1 = destination, R2 = source
 * pair. len must be a multiple of the granule (the block, or KMF's
 * segment); -1 otherwise, with nothing issued. Returns the bytes
 * processed: less than len only after cc 1 (an encrypted-key function
 * whose verification pattern no longer matches).
 */
static inline long zc_cpacf_cipher(unsigned opcode, unsigned long fc, void *param,
                                   uint8_t *dst, const uint8_t *src, size_t len)
{
    unsigned long gr[8] = ZC_GR(fc, param, dst, 0, src, len, 0, 0);

    ZC_TRACE(opcode, fc);
#ifndef ZC_CPACF_SIM
    if (opcode == ZC_OP_KM || opcode == ZC_OP_KMC) {        /* the short form */
        size_t left = len;

        if (opcode == ZC_OP_KM)
            zc_issue_km_r2(fc, param, &dst, &src, &left);
        else
            zc_issue_kmc_r2(fc, param, &dst, &src, &left);
        return (long)(len - left);
    }
#endif
    zc_cpacf_issue(opcode, gr);
    return (long)(len - gr[5]);
}

/* KM: cipher message (ECB, XTS). */
static inline long zc_km(unsigned long fc, void *param, uint8_t *dst,
                         const uint8_t *src, size_t len)
{
    if (len & (zc_cpacf_cipher_block(fc) - 1))
        return -1;
    return zc_cpacf_cipher(ZC_OP_KM, fc, param, dst, src, len);
}

/* KMC: cipher message with chaining (CBC); param = chaining value, key. */
static inline long zc_kmc(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len)
{
    if (len & (zc_cpacf_cipher_block(fc) - 1))
        return -1;
    return zc_cpacf_cipher(ZC_OP_KMC, fc, param, dst, src, len);
}

/*
 * KMF: cipher message with cipher feedback; the segment length (LCFB,
 * 1..block size) is in bits 24-31 of the function code.
 */
static inline long zc_kmf(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len)
{
    size_t lcfb = (fc >> 24) & 0xff;

    if (lcfb == 0 || lcfb > zc_cpacf_cipher_block(fc) || len % lcfb)
        return -1;
    return zc_cpacf_cipher(ZC_OP_KMF, fc, param, dst, src, len);
}

/* KMO: cipher message with output feedback; param = chaining value, key. */
static inline long zc_kmo(unsigned long fc, void *param, uint8_t *dst,
                          const uint8_t *src, size_t len)
{
    if (len & (zc_cpacf_cipher_block(fc) - 1))
        return -1;
    return zc_cpacf_cipher(ZC_OP_KMO, fc, param, dst, src, len);
}

/* KMCTR: cipher message with counter; ctr = one counter block per data
 * block (R3), advanced with the data. */
static inline long zc_kmctr(unsigned long fc, void *param, uint8_t *dst,
                            const uint8_t *src, size_t len, const uint8_t *ctr)
{
    unsigned long gr[8] = ZC_GR(fc, param, dst, 0, src, len, ctr, 0);

    if (len & (zc_cpacf_cipher_block(fc) - 1))
        return -1;
    ZC_TRACE(ZC_OP_KMCTR, fc);
    zc_cpacf_issue(ZC_OP_KMCTR, gr);
    return (long)(len - gr[5]);
}

/*
 * KMCTR on whole blocks the caller has checked (len a multiple of the
 * block): the short form, no length check, and param read only (a clear
 * key's block is the key alone, which KMCTR does not write). Returns the
 * bytes processed.
 */
static inline long zc_kmctr_blocks(unsigned long fc, const void *param, uint8_t *dst,
                                   const uint8_t *src, size_t len, const uint8_t *ctr)
{
#ifdef ZC_CPACF_SIM
    return zc_kmctr(fc, (void *)(uintptr_t)param, dst, src, len, ctr);
#else
    size_t left = len;

    ZC_TRACE(ZC_OP_KMCTR, fc);
    zc_issue_kmctr_r3(fc, param, &dst, &src, &left, &ctr);
    return (long)(len - left);
#endif
}

/*
 * Hash-type instructions: R2 = message pair. R1 (out/out_len) is the
 * output pair of KLMD's SHAKE functions and unused otherwise.
 */
static inline long zc_cpacf_digest(unsigned opcode, unsigned long fc, void *param,
                                   const uint8_t *src, size_t len,
                                   uint8_t *out, size_t out_len)
{
    unsigned long gr[8] = ZC_GR(fc, param, out, out_len, src, len, 0, 0);

    ZC_TRACE(opcode, fc);
#ifndef ZC_CPACF_SIM
    /* KLMD-SHAKE reads the R1 pair even for no output: the long form. */
    if (opcode == ZC_OP_KIMD ||
        (opcode == ZC_OP_KLMD && fc != ZC_FC_SHAKE_128 && fc != ZC_FC_SHAKE_256)) {
        size_t left = len;

        if (opcode == ZC_OP_KIMD)
            zc_issue_kimd_r2(fc, param, &src, &left);
        else
            zc_issue_klmd_r2(fc, param, &src, &left);
        return (long)(len - left);
    }
#endif
    zc_cpacf_issue(opcode, gr);
    return (long)(len - gr[5]);
}

/* KIMD: intermediate message digest (and GHASH); whole blocks only. */
static inline long zc_kimd(unsigned long fc, void *param, const uint8_t *src, size_t len)
{
    if (len % zc_cpacf_hash_block(fc))
        return -1;
    return zc_cpacf_digest(ZC_OP_KIMD, fc, param, src, len, NULL, 0);
}

/*
 * KLMD: last message digest, pads; any length. out/out_len receive the
 * output of the SHAKE functions (NULL/0 for SHA-1/2/3).
 */
static inline long zc_klmd(unsigned long fc, void *param, const uint8_t *src, size_t len,
                           uint8_t *out, size_t out_len)
{
    return zc_cpacf_digest(ZC_OP_KLMD, fc, param, src, len, out, out_len);
}

/* KMAC: compute message authentication code; param = chaining value, key. */
static inline long zc_kmac(unsigned long fc, void *param, const uint8_t *src, size_t len)
{
    if (fc < ZC_FC_HMAC_SHA_224 && len % zc_cpacf_cipher_block(fc))
        return -1;
    return zc_cpacf_digest(ZC_OP_KMAC, fc, param, src, len, NULL, 0);
}

/*
 * KMAC-HMAC with GR0 in and out (the machine sets IKP there once it has
 * absorbed the key block), *src and *len advanced past what it took.
 * Returns the condition code: the encrypted-key codes 120-123 end with cc
 * 1 when the key field's verification pattern does not match, which a
 * count of bytes alone cannot show for a final operation of 0 bytes.
 */
static inline int zc_kmac_hmac(unsigned long *gr0, void *param, const uint8_t **src,
                               size_t *len)
{
    unsigned long gr[8] = ZC_GR(*gr0, param, 0, 0, *src, *len, 0, 0);
    int cc;

    ZC_TRACE(ZC_OP_KMAC, *gr0);
    cc = zc_cpacf_issue(ZC_OP_KMAC, gr);
    *gr0 = gr[0];
    *src = (const uint8_t *)(uintptr_t)gr[4];
    *len = gr[5];
    return cc;
}

/* PCC: parameter block only; returns the condition code (1: an
 * encrypted key's verification pattern does not match). */
static inline int zc_pcc(unsigned long fc, void *param)
{
    unsigned long gr[8] = ZC_GR(fc, param, 0, 0, 0, 0, 0, 0);

    ZC_TRACE(ZC_OP_PCC, fc);
    return zc_cpacf_issue(ZC_OP_PCC, gr);
}

/*
 * PCKMO: wrap the clear key in param in place (wrapped key + verification
 * pattern). Privileged: never call it in Linux user space. It leaves the
 * condition code unchanged, so there is nothing to return.
 */
static inline void zc_pckmo(unsigned long fc, void *param)
{
    unsigned long gr[8] = ZC_GR(fc, param, 0, 0, 0, 0, 0, 0);

    ZC_TRACE(ZC_OP_PCKMO, fc);
    zc_cpacf_issue(ZC_OP_PCKMO, gr);
}

/*
 * PRNO: op1 = the R1 pair, op2 = the R2 pair. TRNG (114): op1 receives raw
 * entropy (may be 0 long), op2 the conditioned bytes; SHA-512-DRNG
 * generate (3): op1 receives the output (op2 unused); DRNG seed (0x83):
 * op2 is the seed. Returns the bytes produced into the output operand
 * (op2 for TRNG, op1 for DRNG generate), or consumed from the seed.
 */
static inline long zc_prno(unsigned long fc, void *param, uint8_t *op1, size_t op1_len,
                           uint8_t *op2, size_t op2_len)
{
    unsigned long gr[8] = ZC_GR(fc, param, op1, op1_len, op2, op2_len, 0, 0);

    ZC_TRACE(ZC_OP_PRNO, fc);
    zc_cpacf_issue(ZC_OP_PRNO, gr);
    if (fc == ZC_FC_PRNO_SHA512_DRNG)
        return (long)(op1_len - gr[3]);
    return (long)(op2_len - gr[5]);
}

/*
 * KMA: cipher message with authentication (GCM). R1 = destination,
 * R2 = text pair, R3 = AAD pair. Without LAAD the AAD length, without LPC
 * the text length must be a multiple of 16 (-1 otherwise, nothing
 * issued). Both operands advance: *len and *aad_len are set to what
 * remains of each. Returns the condition code: 0 done (with LPC: the tag
 * is in the parameter block), 1 stopped early (encrypted key: the
 * verification pattern no longer matches), even with nothing left to
 * process, so the count alone cannot tell.
 */
static inline int zc_kma(unsigned long fc, void *param, uint8_t *dst,
                         const uint8_t *src, size_t *len,
                         const uint8_t *aad, size_t *aad_len)
{
    unsigned long gr[8] = ZC_GR(fc, param, dst, 0, src, *len, aad, *aad_len);
    int cc;

    if ((!(fc & ZC_KMA_LAAD) && *aad_len % 16) || (!(fc & ZC_KMA_LPC) && *len % 16))
        return -1;
    ZC_TRACE(ZC_OP_KMA, fc);
    cc = zc_cpacf_issue(ZC_OP_KMA, gr);
    *len = gr[5];
    *aad_len = gr[7];
    return cc;
}

/* KDSA: compute digital signature authentication; R2 pair = message.
 * Returns the condition code. */
static inline int zc_kdsa(unsigned long fc, void *param, const uint8_t *src, size_t len)
{
    unsigned long gr[8] = ZC_GR(fc, param, 0, 0, src, len, 0, 0);

    ZC_TRACE(ZC_OP_KDSA, fc);
    return zc_cpacf_issue(ZC_OP_KDSA, gr);
}

#endif /* ZC_HAVE_CPACF */

#endif /* ZC_ASM_CPACF_H */
