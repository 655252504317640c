/**
 * @file zcrypt/aes_protected.h
 * @ingroup zcrypt_aes
 * @brief Protected AES keys: keys wrapped by the firmware, used by CPACF's
 *        encrypted-key functions, through the same zc_aes_key and every AES
 *        call.
 *
 * A protected key is an AES key encrypted ("wrapped") under a wrapping key
 * that only the firmware knows, followed by a 32-byte verification pattern
 * that names that wrapping key. CPACF's encrypted-key function codes
 * (KM/KMC/KMCTR/KMF/KMO/KMAC 26-28, KM and PCC 58/60 for XTS, PCC 26-28
 * for CMAC, KMA 26-28 for GCM) unwrap it inside the machine, so the clear
 * key is never in the process's memory while the key is used: a memory
 * dump of the application does not reveal it. The speed stays close to
 * clear-key CPACF.
 *
 * Three sources, through the kernel's pkey module (`/dev/pkey`):
 *  - zc_aes_key_init_protected(): from a clear key. The key object keeps
 *    the clear key to re-derive the protected key after a wrapping-key
 *    change, so this protects against a dump of the parameter blocks and
 *    the key schedule, not against one of the key object itself. Use it
 *    when the clear key exists anyway and the data path should not hold it.
 *  - zc_aes_key_init_secure(): from a secure-key blob of a Crypto Express
 *    adapter (CCA AES DATA or CIPHER token, EP11 AES blob). The clear key
 *    never exists in the process; the object keeps the blob to re-derive.
 *  - zc_aes_key_generate_protected(): a random key made by the firmware.
 *    The clear key never exists anywhere; it cannot be re-derived, so
 *    after a wrapping-key change (re-IPL, live migration) its calls return
 *    ZC_EKEY. Use it for short-lived session keys.
 *
 * The firmware's wrapping key can change while the process runs. An
 * instruction then stops early (cc 1); the call derives a fresh protected
 * key from the key's source, resumes at the exact byte, and offers the
 * fresh key to the key object for other callers. Several threads may
 * share one key object: readers never wait and never use a torn copy, and
 * re-derivation never spins, so a signal handler or a child after fork()
 * cannot hang on it. After two derivations in a row that do not help,
 * the call returns ZC_EKEY. A derivation that fails in the middle of a
 * call leaves the output of ECB, CBC, CTR, CFB, OFB and XTS valid up to
 * the point reached and the IV or counter as it was before the call; GCM
 * and CCM zero their output, CMAC writes no tag.
 *
 * A protected key never runs in software: a mode whose encrypted-key
 * function code is missing returns ZC_ENOTSUP, and zc_aes_key_backend()
 * answers ZC_BACKEND_CPACF. Both keys of XTS must be protected, or both
 * clear (ZC_EINVAL otherwise); protected XTS uses KM-XTS and PCC 58/60.
 *
 * A protected XTS double key (zc_aes_xts_key_init_protected(), kind
 * ZC_AES_KEY_XTS_PROTECTED) holds K1 || K2 wrapped as one key for full XTS
 * on KM 90/92 (MSA-10): it is the k1 of zc_aes_xts_encrypt() and
 * zc_aes_xts_decrypt() with k2 NULL, and every other mode on it returns
 * ZC_ENOTSUP. It keeps the clear double key to re-derive, as a protected
 * key from a clear key does, and re-derives the same way.
 *
 * The library does not mlock() key objects (page locks do not nest and are
 * lost on fork): place them in locked memory yourself where swap matters.
 * DES and TDES protected keys are not offered: the kernel wraps AES (and
 * ECC) keys only.
 *
 * Errors of the three calls: ZC_EINVAL for bad sizes or NULL; ZC_ENOTSUP
 * where there is no `/dev/pkey`, the kernel lacks the request, the machine
 * has no PCKMO, or KM lacks the encrypted-key function code; ZC_EKEY for a
 * blob the kernel rejects; ZC_EDEVICE when no adapter could convert a blob
 * or the device failed. On error the key object is left uninitialised.
 */
#ifndef ZCRYPT_AES_PROTECTED_H
#define ZCRYPT_AES_PROTECTED_H

#include <zcrypt/aes.h>
#include <zcrypt/caps.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The largest secure-key blob zc_aes_key_init_secure() takes: a CCA AES
 *  CIPHER token of the largest size. */
#define ZC_AES_SECURE_BLOB_MAX 725

/** @brief What a key object holds, for zc_aes_key_kind(). */
enum zc_aes_key_kind {
    ZC_AES_KEY_NONE = 0,        /**< not an initialised key */
    ZC_AES_KEY_CLEAR,           /**< a clear key (zc_aes_key_init()) */
    ZC_AES_KEY_PROTECTED,       /**< protected, from a clear key it keeps to re-derive */
    ZC_AES_KEY_SECURE,          /**< protected, from a secure-key blob it keeps to re-derive */
    ZC_AES_KEY_EPHEMERAL,       /**< protected, random, cannot be re-derived */
    ZC_AES_KEY_XTS_PROTECTED    /**< a protected XTS double key for full XTS, from a
                                 *   clear K1 || K2 it keeps to re-derive */
};

/**
 * @brief Make a protected key from a clear AES key (kernel PKEY_CLR2PROTK).
 * @param k       the key object (overwritten)
 * @param key     16, 24 or 32 bytes
 * @param key_len the key length
 * @return ZC_OK, or an error as listed in zcrypt/aes_protected.h.
 */
ZC_API int zc_aes_key_init_protected(zc_aes_key *k, const uint8_t *key, size_t key_len);

/**
 * @brief Make a protected key from a secure-key blob (kernel
 *        PKEY_KBLOB2PROTK): a CCA AES DATA or CIPHER token or an EP11 AES
 *        key blob, with or without its token header.
 * @param k        the key object (overwritten)
 * @param blob     the blob
 * @param blob_len 1..ZC_AES_SECURE_BLOB_MAX bytes
 * @return ZC_OK, or an error as listed in zcrypt/aes_protected.h.
 */
ZC_API int zc_aes_key_init_secure(zc_aes_key *k, const uint8_t *blob, size_t blob_len);

/**
 * @brief Make a random protected key (kernel PKEY_GENPROTK). It cannot be
 *        re-derived: after a wrapping-key change its calls return ZC_EKEY.
 * @param k       the key object (overwritten)
 * @param key_len 16, 24 or 32
 * @return ZC_OK, or an error as listed in zcrypt/aes_protected.h.
 */
ZC_API int zc_aes_key_generate_protected(zc_aes_key *k, size_t key_len);

/**
 * @brief Make a protected XTS double key for full XTS (KM 90/92, MSA-10)
 *        from a clear K1 || K2 (kernel PKEY_KBLOB2PROTK3 with a clear-key
 *        token of the AES-XTS-128 or AES-XTS-256 key type).
 *
 * One key object holds both keys, wrapped together: pass it as @c k1 of
 * zc_aes_xts_encrypt() and zc_aes_xts_decrypt() with @c k2 NULL (a second
 * key with it is ZC_EINVAL, and so is k2 NULL with any other key). Every
 * other mode on such a key returns ZC_ENOTSUP, and zc_aes_mode_backend()
 * answers ZC_BACKEND_AUTO for them. The key object keeps the clear double
 * key to re-derive after a wrapping-key change, as
 * zc_aes_key_init_protected() does; zc_aes_key_wipe() wipes it. Before
 * the first key of a size is made, the function code runs a known-answer
 * self-test (IEEE 1619 vectors wrapped through the same source).
 * @param k       the key object (overwritten)
 * @param key     K1 (the data key) followed by K2 (the tweak key)
 * @param key_len 32 (XTS-AES-128) or 64 (XTS-AES-256)
 * @return ZC_OK; ZC_EINVAL for NULL, another length or K1 == K2 (refused
 *         as XTS encryption refuses equal keys); ZC_ENOTSUP where KM lacks
 *         function code 90/92, its self-test failed, or the kernel cannot
 *         wrap the key type; ZC_EDEVICE for another failure of /dev/pkey.
 *         On error the key object is left uninitialised.
 */
ZC_API int zc_aes_xts_key_init_protected(zc_aes_key *k, const uint8_t *key, size_t key_len);

/**
 * @brief Where a mode of a protected key of @p key_len bytes runs: the
 *        backend query of zcrypt/caps.h for the encrypted-key function codes.
 *
 * ZC_BACKEND_CPACF with the instruction and encrypted-key function code
 * used (for GCM: KMA when installed and self-tested, else KMCTR with
 * KIMD-GHASH); otherwise the first instruction or code that is missing,
 * and the mode's calls on a protected key return ZC_ENOTSUP (never
 * software). Whether this process can make protected keys at all (a
 * `/dev/pkey` that answers) is a separate question: zc-info tries it.
 * @return ZC_OK; ZC_EINVAL for NULL, an unknown mode or a key size the
 *         mode has no form for (XTS: 16 and 32 only).
 */
ZC_API int zc_aes_protected_query(enum zc_aes_mode mode, size_t key_len,
                                  struct zc_backend_info *info);

/** @brief What @p k holds; ZC_AES_KEY_NONE for NULL or an uninitialised key. */
ZC_API enum zc_aes_key_kind zc_aes_key_kind(const zc_aes_key *k);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_AES_PROTECTED_H */
