/**
 * @file zcrypt/hmac_protected.h
 * @ingroup zcrypt_hash
 * @brief Protected HMAC keys: HMAC-SHA-224/256/384/512 keys wrapped by the
 *        firmware, used by KMAC's encrypted-key HMAC function codes
 *        (120-123, MSA-11).
 *
 * HMAC's K0 (the key zero-padded to the hash's block, or hashed first when
 * it is longer than the block, as FIPS 198-1 says) is wrapped by the
 * kernel's pkey module (`/dev/pkey`, PKEY_KBLOB2PROTK3 with a clear-key
 * token of the HMAC-512 key type for SHA-224/256 and HMAC-1024 for
 * SHA-384/512) into a protected key: the wrapped K0 followed by a 32-byte
 * verification pattern (96 or 160 bytes). KMAC 120-123 unwrap it inside
 * the machine, so neither the key nor K0 nor the pads are in a parameter
 * block or a context while MACs are computed. The key object keeps K0 to
 * re-derive the protected key after a wrapping-key change, so this
 * protects against a dump of the contexts and parameter blocks, not of
 * the key object itself (as zc_aes_key_init_protected()).
 *
 * The firmware's wrapping key can change while the process runs (re-IPL,
 * live migration). KMAC then ends with cc 1; the call derives a fresh
 * protected key from K0, resumes where the machine stopped, and offers the
 * fresh key to the key object for other callers. Several threads may share
 * one key object through a const pointer: readers never wait and never use
 * a torn copy, re-derivation never spins. After two derivations in a row
 * that do not help, the call returns ZC_EKEY. A call that fails in the
 * middle (ZC_EKEY, ZC_EDEVICE) writes no MAC and wipes its stream context:
 * the stream cannot go on, start it again.
 *
 * A protected key never runs in software: without the KMAC function code
 * (or when its known-answer self-test fails: RFC 4231 test cases 2 and 7,
 * wrapped through the same `/dev/pkey` before first use) the calls return
 * ZC_ENOTSUP. No emulator executes KMAC 120-123: the library's own tests
 * run them on a stand-in only (docs/cpacf-coverage.md).
 *
 * A stream context made by zc_hmac_init_protected() refers to its key
 * object: keep the key alive and unwiped until the context is finished or
 * wiped (a context whose key was wiped answers ZC_ESTATE). Do not define
 * key objects const, and do not copy them while they are in use; the
 * library does not mlock() them.
 *
 * Errors of zc_hmac_key_init_protected(): ZC_EINVAL for NULL, NULL @p key
 * with a length, or a hash other than SHA-224/256/384/512; ZC_ENOTSUP
 * where there is no `/dev/pkey` (not IBM Z, or the pkey module is not
 * loaded), the kernel does not know the request or the HMAC key types
 * (ENOTTY, EINVAL), the machine has no PCKMO HMAC code (ENODEV), KMAC
 * lacks the encrypted-key function code, or its self-test failed;
 * ZC_EDEVICE when the device cannot be opened (permissions) or fails a
 * request otherwise. On error the key object is left uninitialised.
 */
#ifndef ZCRYPT_HMAC_PROTECTED_H
#define ZCRYPT_HMAC_PROTECTED_H

#include <zcrypt/hmac.h>
#include <zcrypt/caps.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief What an HMAC key object holds, for zc_hmac_key_kind(). */
enum zc_hmac_key_kind {
    ZC_HMAC_KEY_NONE = 0,       /**< not an initialised key */
    ZC_HMAC_KEY_PROTECTED       /**< protected, from a clear key whose K0 it keeps to re-derive */
};

/**
 * @brief A protected HMAC key. Caller-allocated; fields are private.
 *        Holds K0: wipe it with zc_hmac_key_wipe().
 */
typedef struct zc_hmac_key {
    /** @cond PRIVATE */
    struct zc_protkey_cell zc_pk;   /* wrapped K0 + verification pattern */
    uint8_t  zc_k0[128];            /* the source, to re-derive */
    uint32_t zc_magic;
    uint8_t  zc_alg;                /* enum zc_hash_alg */
    uint8_t  zc_kind;               /* enum zc_hmac_key_kind */
    uint8_t  zc_fc;                 /* KMAC 120-123 */
    uint8_t  zc_pad;
    /** @endcond */
} zc_hmac_key;

/**
 * @brief Make a protected HMAC key from a clear key (kernel
 *        PKEY_KBLOB2PROTK3 with a clear-key token).
 * @param k       the key object (overwritten)
 * @param alg     ::ZC_SHA224, ::ZC_SHA256 (HMAC-512 key type), ::ZC_SHA384
 *                or ::ZC_SHA512 (HMAC-1024)
 * @param key     the key; NULL only when @p key_len is 0
 * @param key_len any length (longer than the block: hashed first)
 * @return ZC_OK, or an error as listed in zcrypt/hmac_protected.h.
 */
ZC_API int zc_hmac_key_init_protected(zc_hmac_key *k, enum zc_hash_alg alg,
                                      const uint8_t *key, size_t key_len);

/** @brief Clear a key object (K0 and the protected key). NULL is ignored. */
ZC_API void zc_hmac_key_wipe(zc_hmac_key *k);

/** @brief What @p k holds; ZC_HMAC_KEY_NONE for NULL or an uninitialised key. */
ZC_API enum zc_hmac_key_kind zc_hmac_key_kind(const zc_hmac_key *k);

/**
 * @brief Where @p k runs: ZC_BACKEND_CPACF for a protected key (it never
 *        runs in software), ZC_BACKEND_AUTO for NULL or an uninitialised key.
 */
ZC_API enum zc_backend zc_hmac_key_backend(const zc_hmac_key *k);

/**
 * @brief Start a stream on a protected key; go on with zc_hmac_update(),
 *        zc_hmac_final() or zc_hmac_final_verify(), zc_hmac_wipe().
 * @param c the context (overwritten); it refers to @p k until finished
 * @param k an initialised protected key, alive and unwiped while @p c is used
 * @return ZC_OK; ZC_EINVAL for NULL; ZC_ESTATE for an uninitialised key.
 */
ZC_API int zc_hmac_init_protected(zc_hmac_ctx *c, const zc_hmac_key *k);

/**
 * @brief One-shot HMAC on a protected key: the first @p out_len bytes of
 *        the MAC of @p data.
 * @param k       an initialised protected key
 * @param data    the message; NULL only when @p len is 0
 * @param len     its length
 * @param out     receives the MAC
 * @param out_len 1..digest size
 * @return ZC_OK; ZC_EINVAL for NULL arguments or @p out_len outside
 *         1..digest size; ZC_ESTATE for an uninitialised key; ZC_EKEY when
 *         the protected key cannot be re-derived; ZC_EDEVICE should KMAC
 *         fail otherwise. On error nothing is written to @p out.
 */
ZC_API int zc_hmac_protected(const zc_hmac_key *k, const void *data, size_t len,
                             uint8_t *out, size_t out_len);

/**
 * @brief One-shot verification on a protected key, constant-time: ZC_OK
 *        when @p tag is the first @p tag_len bytes of the MAC of @p data.
 * @param k       an initialised protected key
 * @param data    the message; NULL only when @p len is 0
 * @param len     its length
 * @param tag     the expected tag
 * @param tag_len ::ZC_MAC_VERIFY_MIN (8) .. digest size
 * @return ZC_OK; ZC_EAUTH; ZC_EINVAL for NULL arguments or @p tag_len
 *         outside 8..digest size; ZC_ESTATE, ZC_EKEY and ZC_EDEVICE as
 *         zc_hmac_protected().
 */
ZC_API int zc_hmac_protected_verify(const zc_hmac_key *k, const void *data, size_t len,
                                    const uint8_t *tag, size_t tag_len);

/**
 * @brief Where a protected HMAC key of @p alg runs: ZC_BACKEND_CPACF with
 *        KMAC and its encrypted-key function code (120-123) when installed
 *        and self-tested; otherwise the reason (::ZC_REASON_SELFTEST when
 *        its self-test failed, which includes a process that cannot wrap
 *        the test key), and the key's calls return ZC_ENOTSUP (never
 *        software). Running the query may run the self-test.
 * @return ZC_OK; ZC_EINVAL for NULL @p info or a hash other than
 *         SHA-224/256/384/512.
 */
ZC_API int zc_hmac_protected_query(enum zc_hash_alg alg, struct zc_backend_info *info);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_HMAC_PROTECTED_H */
