/**
 * @file zcrypt/hash.h
 * @ingroup zcrypt_hash
 * @brief SHA-1, SHA-2, SHA-3 and SHAKE: one-shot and streaming.
 *
 * On CPACF the streaming context feeds whole blocks to KIMD and the final
 * partial block to KLMD, which pads; the software backend is portable C.
 * Both give identical digests, on any endianness.
 *
 * The SHA-3 and SHAKE function codes of KIMD/KLMD (MSA-6) are implemented
 * by no emulator available to the project and have not been executed:
 * they are used only after a one-time known-answer self-test per function
 * code has passed in the process (see zc_cpacf_selftest()); otherwise
 * SHA-3 runs in software.
 *
 * @code
 * uint8_t d[32];
 * int rc = zc_hash(ZC_SHA256, "abc", 3, d, sizeof d);
 * @endcode
 */
#ifndef ZCRYPT_HASH_H
#define ZCRYPT_HASH_H

#include <zcrypt/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Hash algorithms.
 *
 * The numbering is part of the ABI; later families are appended.
 */
enum zc_hash_alg {
    ZC_SHA1 = 0,     /**< SHA-1, 20-byte digest (legacy: collisions are known). */
    ZC_SHA224,       /**< SHA-224, 28 bytes. */
    ZC_SHA256,       /**< SHA-256, 32 bytes. */
    ZC_SHA384,       /**< SHA-384, 48 bytes. */
    ZC_SHA512,       /**< SHA-512, 64 bytes. */
    ZC_SHA512_224,   /**< SHA-512/224, 28 bytes. */
    ZC_SHA512_256,   /**< SHA-512/256, 32 bytes. */
    ZC_SHA3_224,     /**< SHA3-224, 28 bytes. */
    ZC_SHA3_256,     /**< SHA3-256, 32 bytes. */
    ZC_SHA3_384,     /**< SHA3-384, 48 bytes. */
    ZC_SHA3_512,     /**< SHA3-512, 64 bytes. */
    ZC_SHAKE128,     /**< SHAKE128 extendable-output function: any output length. */
    ZC_SHAKE256      /**< SHAKE256 extendable-output function: any output length. */
};

/** Largest digest size of any fixed-size algorithm, in bytes. */
#define ZC_HASH_MAX_SIZE 64

/** Largest block size (rate) of any algorithm, in bytes (SHAKE128). */
#define ZC_HASH_MAX_BLOCK 168

/**
 * @brief A streaming hash context. Caller-allocated; fields are private.
 *
 * Plain assignment copies a running context (to fork a hash). Wipe it with
 * zc_hash_wipe() when it has seen secret data.
 */
typedef struct zc_hash_ctx {
    /** @cond PRIVATE */
    union {
        uint64_t q[25];      /* SHA-512 state (q[0..7]); software Keccak lanes */
        uint32_t w[50];      /* SHA-1/256 state (w[0..7]) */
        uint8_t  b[200];     /* CPACF SHA-3: the Keccak state as KIMD keeps it */
    } zc_st;                 /* native words: on s390x also the KIMD parameter block */
    uint8_t  zc_buf[168];    /* pending partial block */
    uint64_t zc_len_lo;      /* bytes hashed so far, low 64 bits */
    uint64_t zc_len_hi;      /* ... high 64 bits (SHA-384/512 count 128 bits) */
    uint32_t zc_buf_len;     /* bytes pending in zc_buf */
    uint32_t zc_magic;       /* set by init, cleared by final and wipe */
    uint8_t  zc_alg;         /* enum zc_hash_alg */
    uint8_t  zc_backend;     /* enum zc_backend actually used */
    /** @endcond */
} zc_hash_ctx;

/**
 * @brief Digest size in bytes (20..64), or 0 for the XOFs (SHAKE) and
 *        unknown values.
 */
ZC_API size_t zc_hash_size(enum zc_hash_alg alg);

/**
 * @brief Block size in bytes (64 or 128; the rate, 72..168, for SHA-3 and
 *        SHAKE), or 0 for unknown algorithms.
 */
ZC_API size_t zc_hash_block_size(enum zc_hash_alg alg);

/**
 * @brief Name an algorithm ("SHA-256", ...); "unknown" for other values.
 */
ZC_API const char *zc_hash_name(enum zc_hash_alg alg);

/**
 * @brief Start a hash.
 * @param c       context to initialise (any previous contents are overwritten)
 * @param alg     the algorithm
 * @param backend ZC_BACKEND_AUTO, ZC_BACKEND_CPACF or ZC_BACKEND_SOFTWARE
 * @return ZC_OK; ZC_EINVAL for NULL @p c, an unknown @p alg or @p backend;
 *         ZC_ENOTSUP when @p backend is ZC_BACKEND_CPACF and this machine
 *         (after ZCRYPT_CAPS) lacks KIMD and KLMD for @p alg, and for a
 *         context that would run in software while the hardware-only
 *         policy is on (zcrypt/stats.h; update and final are refused the
 *         same way).
 */
ZC_API int zc_hash_init(zc_hash_ctx *c, enum zc_hash_alg alg, enum zc_backend backend);

/**
 * @brief Feed data.
 * @param c    an initialised context
 * @param data the bytes; may be NULL only when @p len is 0
 * @param len  any length
 * @return ZC_OK; ZC_EINVAL for NULL @p c or NULL @p data with len > 0;
 *         ZC_ESTATE when @p c is not initialised or already finished;
 *         ZC_EINVAL when the total length exceeds the algorithm's limit
 *         (fewer than 2^61 bytes for SHA-1/224/256).
 */
ZC_API int zc_hash_update(zc_hash_ctx *c, const void *data, size_t len);

/**
 * @brief Finish and write the digest; the context is wiped afterwards.
 * @param c       an initialised context
 * @param out     the digest
 * @param out_len must equal zc_hash_size() of the context's algorithm;
 *                any length for SHAKE, 0 included (@p out may then be NULL)
 * @return ZC_OK; ZC_EINVAL for NULL arguments or a wrong @p out_len
 *         (nothing written, the context stays usable); ZC_ESTATE when
 *         @p c is not initialised or already finished.
 */
ZC_API int zc_hash_final(zc_hash_ctx *c, uint8_t *out, size_t out_len);

/**
 * @brief Clear a context, including every byte of hashed data it holds.
 *        NULL is ignored.
 */
ZC_API void zc_hash_wipe(zc_hash_ctx *c);

/**
 * @brief The backend a context runs on (never ZC_BACKEND_AUTO once
 *        initialised: AUTO resolves to CPACF or SOFTWARE at init).
 *        Returns ZC_BACKEND_AUTO for NULL or an uninitialised context.
 */
ZC_API enum zc_backend zc_hash_backend(const zc_hash_ctx *c);

/**
 * @brief One-shot hash on the AUTO backend.
 * @return as zc_hash_init(), zc_hash_update() and zc_hash_final().
 */
ZC_API int zc_hash(enum zc_hash_alg alg, const void *data, size_t len, uint8_t *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_HASH_H */
