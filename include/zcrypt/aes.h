/**
 * @file zcrypt/aes.h
 * @ingroup zcrypt_aes
 * @brief AES-128/192/256 key objects and the block modes ECB, CBC, CTR,
 *        CFB-128 and OFB.
 *
 * A key object is prepared once by zc_aes_key_init() and then used by one
 * call per operation. Its backend is fixed at init: CPACF when KM has the
 * function code for the key size (and ZCRYPT_CAPS does not remove it),
 * else software for ZC_BACKEND_AUTO. Each mode call on a CPACF key uses
 * that mode's instruction (KM, KMC, KMCTR, KMF, KMO); when the mode's
 * instruction is missing, an AUTO key runs that one mode in software (the
 * key keeps both forms) while a key made with ZC_BACKEND_CPACF returns
 * ZC_ENOTSUP from the mode call. zc_backend_query() answers per mode and
 * key size.
 *
 * The software backend is a bitsliced, constant-time AES: no table
 * lookups, no branches on key or data.
 *
 * Streams: CBC/CFB/OFB update @c iv and CTR updates @c ctr so that
 * consecutive calls continue one stream. CTR, CFB and OFB take any length;
 * a call whose length is not a multiple of 16 ends the stream (the IV or
 * counter is then left as after the zero-padded last block, identically on
 * every backend, but continuing from it is not a meaningful stream).
 * Use these calls when the whole text is at hand or arrives in multiples
 * of 16 bytes; when it arrives in pieces of any size (a pipe, a socket),
 * use the contexts of zcrypt/aes_stream.h (::zc_aes_stream_ctx), which give
 * the output of one call over the whole text for any split.
 *
 * In-place operation (in == out) is allowed; partial overlap is ZC_EINVAL.
 * On any error the IV/counter is unchanged and nothing is written, with
 * two exceptions that can only be known after the output was started:
 * ZC_EDEVICE (the CPACF instruction answered what cannot happen for this
 * key) zeroes the output (in place: the input too); ZC_EKEY (a protected
 * key could not be re-derived after a wrapping-key change, see
 * zcrypt/aes_protected.h) leaves the output valid up to where the call got,
 * the rest unwritten.
 *
 * @code
 * zc_aes_key k;
 * uint8_t iv[16] = {0}, buf[64] = {0};
 * if (zc_aes_key_init(&k, key, 32, ZC_BACKEND_AUTO) == ZC_OK) {
 *     zc_aes_cbc_encrypt(&k, iv, buf, buf, sizeof buf);
 *     zc_aes_key_wipe(&k);
 * }
 * @endcode
 */
#ifndef ZCRYPT_AES_H
#define ZCRYPT_AES_H

#include <zcrypt/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** AES block size in bytes. */
#define ZC_AES_BLOCK 16

/**
 * @brief An AES key prepared for every mode. Caller-allocated; fields are
 *        private. Wipe it with zc_aes_key_wipe().
 *
 * A clear key (zc_aes_key_init()) or a protected key
 * (zcrypt/aes_protected.h): the same object serves every mode either way.
 * A protected key is internally synchronised: threads may share it through
 * a @c const pointer while a thread replaces its wrapped key after a
 * wrapping-key change. It must therefore not be defined @c const itself
 * (it may live in read-only memory only as a clear key), and must not be
 * copied while in use.
 */
typedef struct zc_aes_key {
    /** @cond PRIVATE */
    uint64_t zc_rk[120];        /* software: bitsliced round keys, both directions */
    struct zc_protkey_cell zc_pk;   /* protected: the current key field */
    uint8_t  zc_key[32];        /* clear key: the CPACF key field, or a protected key's source */
    uint8_t  zc_src[728];       /* protected key's source: a secure-key blob */
    uint32_t zc_src_len;
    uint32_t zc_magic;          /* set by init, cleared by wipe */
    uint16_t zc_cpacf_modes;    /* bit per mode: runs on CPACF */
    uint8_t  zc_key_len;        /* 16, 24 or 32 */
    uint8_t  zc_rounds;         /* 10, 12 or 14 */
    uint8_t  zc_backend;        /* enum zc_backend as initialised */
    uint8_t  zc_fc;             /* KM-family function code (encrypted-key code if protected) */
    uint8_t  zc_kind;           /* clear, or the protected key's source */
    uint8_t  zc_strict;         /* never falls back to software */
    /** @endcond */
} zc_aes_key;

/**
 * @brief Prepare a clear AES key.
 * @param k       the key object (overwritten)
 * @param key     16, 24 or 32 bytes
 * @param key_len the key length
 * @param backend ZC_BACKEND_AUTO, ZC_BACKEND_CPACF or ZC_BACKEND_SOFTWARE
 * @return ZC_OK; ZC_EINVAL for NULL arguments, a bad @p key_len or
 *         @p backend (nothing written); ZC_ENOTSUP for ZC_BACKEND_CPACF when
 *         KM lacks the function code for this key size, and for a key that
 *         would run in software while the hardware-only policy is on
 *         (zcrypt/stats.h; its mode calls are refused the same way).
 */
ZC_API int zc_aes_key_init(zc_aes_key *k, const uint8_t *key, size_t key_len,
                           enum zc_backend backend);

/** @brief Clear every byte of a key object. NULL is ignored. */
ZC_API void zc_aes_key_wipe(zc_aes_key *k);

/**
 * @brief The backend the key was prepared for: ZC_BACKEND_CPACF or
 *        ZC_BACKEND_SOFTWARE (ZC_BACKEND_AUTO for NULL or an uninitialised
 *        key). A CPACF key may still run a mode in software when it was made
 *        with ZC_BACKEND_AUTO and that mode's instruction is missing; see
 *        zc_aes_mode_backend().
 */
ZC_API enum zc_backend zc_aes_key_backend(const zc_aes_key *k);

/** @brief AES modes, for zc_aes_mode_backend(). */
enum zc_aes_mode {
    ZC_AES_ECB = 0,  /**< KM */
    ZC_AES_CBC,      /**< KMC */
    ZC_AES_CTR,      /**< KMCTR */
    ZC_AES_CFB,      /**< KMF, CFB-128 */
    ZC_AES_OFB,      /**< KMO */
    ZC_AES_XTS,      /**< KM-XTS + PCC (AES-128 and AES-256 only) */
    ZC_AES_GCM,      /**< KMA, or KMCTR + KIMD-GHASH */
    ZC_AES_CMAC,     /**< KMAC + PCC */
    ZC_AES_CCM       /**< KMAC + KMCTR (zcrypt/aes_ccm.h) */
};

/**
 * @brief Where a mode runs for this key: ZC_BACKEND_CPACF or
 *        ZC_BACKEND_SOFTWARE; ZC_BACKEND_AUTO when the key or mode is
 *        invalid, or when the key was made with ZC_BACKEND_CPACF and this
 *        mode cannot run at all (its calls return ZC_ENOTSUP).
 *
 * For GCM the answer is that of the streaming context and of IVs other
 * than 12 bytes (KMCTR + KIMD-GHASH); one-shot calls with a 12-byte IV use
 * KMA where it is installed and self-tested, which zc_backend_query()
 * reports for ZC_ALGO_AES_GCM.
 */
ZC_API enum zc_backend zc_aes_mode_backend(const zc_aes_key *k, enum zc_aes_mode mode);

/**
 * @brief ECB encryption.
 * @return ZC_OK; ZC_EINVAL for NULL arguments (with len > 0), @p len not a
 *         multiple of 16, partial overlap, an uninitialised key.
 */
ZC_API int zc_aes_ecb_encrypt(const zc_aes_key *k, const uint8_t *in, uint8_t *out, size_t len);
/** @brief ECB decryption. Errors as zc_aes_ecb_encrypt(). */
ZC_API int zc_aes_ecb_decrypt(const zc_aes_key *k, const uint8_t *in, uint8_t *out, size_t len);

/**
 * @brief CBC encryption; @p iv is updated to the last ciphertext block.
 * @return ZC_OK; ZC_EINVAL for NULL arguments (with len > 0; @p iv is always
 *         required), @p len not a multiple of 16, partial overlap;
 *         ZC_ENOTSUP for a ZC_BACKEND_CPACF key without KMC.
 */
ZC_API int zc_aes_cbc_encrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                              uint8_t *out, size_t len);
/** @brief CBC decryption. Errors as zc_aes_cbc_encrypt(). */
ZC_API int zc_aes_cbc_decrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                              uint8_t *out, size_t len);

/**
 * @brief CTR mode (encryption = decryption), any length. @p ctr is a
 *        128-bit big-endian counter, incremented once per block (carrying
 *        across all 128 bits).
 *
 * A call whose @p len is not a multiple of 16 ends the stream; for
 * chunks of any size use zc_aes_ctr_stream_init().
 * @return ZC_OK; ZC_EINVAL for NULL arguments or partial overlap;
 *         ZC_ENOTSUP for a ZC_BACKEND_CPACF key without KMCTR.
 */
ZC_API int zc_aes_ctr_crypt(const zc_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                            uint8_t *out, size_t len);

/**
 * @brief CFB-128 encryption, any length.
 *
 * A call whose @p len is not a multiple of 16 ends the stream; for
 * chunks of any size use zc_aes_cfb_stream_init().
 * @return as zc_aes_ctr_crypt() (KMF instead of KMCTR).
 */
ZC_API int zc_aes_cfb_encrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                              uint8_t *out, size_t len);
/** @brief CFB-128 decryption. Errors as zc_aes_cfb_encrypt(). */
ZC_API int zc_aes_cfb_decrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                              uint8_t *out, size_t len);

/**
 * @brief CFB-8 encryption (SP 800-38A, 8-bit segments), any length.
 *
 * @p iv is updated so that consecutive calls continue one stream. Runs on
 * KMF with a segment length of 1 where CFB-128 runs on KMF (the same
 * function codes; zc_aes_mode_backend() with ZC_AES_CFB answers for both),
 * in software otherwise; works with protected keys.
 * @return as zc_aes_ctr_crypt() (KMF instead of KMCTR).
 */
ZC_API int zc_aes_cfb8_encrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t len);
/** @brief CFB-8 decryption. Errors as zc_aes_cfb8_encrypt(). */
ZC_API int zc_aes_cfb8_decrypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t len);

/**
 * @brief OFB mode (encryption = decryption), any length.
 *
 * A call whose @p len is not a multiple of 16 ends the stream; for
 * chunks of any size use zc_aes_ofb_stream_init().
 * @return as zc_aes_ctr_crypt() (KMO instead of KMCTR).
 */
ZC_API int zc_aes_ofb_crypt(const zc_aes_key *k, uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_H */
