/**
 * @file zcrypt/ec_protected.h
 * @ingroup zcrypt_ec
 * @brief Protected EC signing keys: P-256, P-384, P-521, Ed25519 and
 *        Ed448 private keys wrapped by the firmware, used by KDSA's
 *        encrypted-key sign function codes (ECDSA 17/18/19, EdDSA 48/52,
 *        MSA-9).
 *
 * The private key is wrapped by the kernel's pkey module (`/dev/pkey`,
 * PKEY_KBLOB2PROTK3) into a protected key: the wrapped key followed by a
 * 32-byte verification pattern (64, 80, 112, 64, 96 bytes for P-256,
 * P-384, P-521, Ed25519, Ed448). KDSA unwraps it inside the machine, so
 * the private key is in no parameter block while signatures are made.
 * Two sources:
 *  - zc_ec_key_init_protected(): a clear private key (a clear-key token of
 *    the curve's key type). The key object keeps the clear key to
 *    re-derive the protected key after a wrapping-key change, so this
 *    protects against a dump of the parameter blocks, not of the key
 *    object itself (as zc_hmac_key_init_protected()).
 *  - zc_ec_key_init_secure(): an ECC secure-key blob (CCA or EP11, as
 *    `/dev/pkey` accepts it), converted through the adapters that hold its
 *    master key. The clear key is never in the process. The key object
 *    keeps a reference to the caller's blob (it is larger than the key
 *    object) to re-derive: the blob must stay alive and unchanged while
 *    the key is used, until zc_ec_key_wipe().
 *
 * The firmware's wrapping key can change while the process runs (re-IPL,
 * live migration). KDSA then ends with cc 1; the call derives a fresh
 * protected key from its source, signs again, and offers the fresh key to
 * the key object for other callers. Several threads may share one key
 * object through a const pointer: readers never wait and never use a torn
 * copy. After two derivations in a row that do not help (the machine
 * answers cc 1 with the same stale pattern again), or 32 stale answers in
 * one call, the call returns ::ZC_EKEY. On any error nothing is written to
 * the signature.
 *
 * What a protected or secure key does (zcrypt/ec.h for the calls):
 *  - zc_ecdsa_sign() runs on KDSA 17-19 only (the machine makes the
 *    nonce, with fresh random bytes mixed in); zc_eddsa_sign() (pure
 *    Ed25519 / Ed448) on KDSA 48/52 only. A protected key never runs in
 *    software: without the function code, or when its known-answer
 *    self-test failed, the calls answer ::ZC_ENOTSUP.
 *  - zc_ecdsa_sign_deterministic(): ::ZC_ENOTSUP (the encrypted-key codes
 *    take no caller nonce); zc_eddsa_sign_ex() (Ed25519ctx, Ed25519ph,
 *    Ed448 with a context, Ed448ph): ::ZC_ENOTSUP (no code has them).
 *  - zc_ecdh(): ::ZC_ENOTSUP (no encrypted-key scalar multiplication);
 *    X25519 and X448 keys cannot be protected.
 *  - zc_ec_key_export_der() of a private format: ::ZC_ENOTSUP; the SPKI
 *    of the public key works as for any key.
 *  - Verification, zc_ec_key_public(), SPKI export use the public key as
 *    for a clear key (with AUTO's choice of KDSA or software).
 *  - zc_ec_key_backend() answers ::ZC_BACKEND_CPACF; zc_ec_key_set_backend()
 *    takes ::ZC_BACKEND_AUTO and ::ZC_BACKEND_CPACF (the key stays CPACF)
 *    and refuses ::ZC_BACKEND_SOFTWARE with ::ZC_EINVAL.
 *
 * Self-tests: before the first protected key of a curve is made, a
 * fixed published key (RFC 6979 A.2.5-A.2.7's d; RFC 8032 7.1 TEST 1's and
 * 7.4's seeds) is wrapped through the same `/dev/pkey` source and signs:
 * the ECDSA signature (randomised) must verify under the clear public key,
 * the EdDSA one must be RFC 8032's bytes. No emulator executes KDSA
 * 17-19, 48 or 52: the library's own tests run them on a stand-in only
 * (docs/cpacf-coverage.md).
 *
 * Do not define key objects const, and do not copy them while they are in
 * use; the library does not mlock() them.
 */
#ifndef ZCRYPT_EC_PROTECTED_H
#define ZCRYPT_EC_PROTECTED_H

#include <zcrypt/ec.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief What an EC key object holds, for zc_ec_key_kind(). */
enum zc_ec_key_kind {
    ZC_EC_KEY_NONE = 0,         /**< not an initialised key */
    ZC_EC_KEY_CLEAR,            /**< a clear key (public, or private in the key object) */
    ZC_EC_KEY_PROTECTED,        /**< protected, from a clear private key it keeps to re-derive */
    ZC_EC_KEY_SECURE            /**< protected, from a secure-key blob it refers to */
};

/**
 * @brief Make a protected signing key from a clear private key (kernel
 *        PKEY_KBLOB2PROTK3 with a clear-key token of the curve's key type).
 * @param k        the key object (overwritten)
 * @param curve    ::ZC_EC_P256, ::ZC_EC_P384, ::ZC_EC_P521, ::ZC_EC_ED25519
 *                 or ::ZC_EC_ED448
 * @param priv     as zc_ec_key_from_private() takes it: d, f big-endian
 *                 bytes with 1 <= d < n; for Ed25519/Ed448 the RFC 8032
 *                 seed (32 / 57 bytes)
 * @param priv_len f (32, 48, 66, 32, 57)
 *
 * The public key is derived as zc_ec_key_from_private() derives it.
 * @return ZC_OK; ZC_EINVAL for NULL, an unknown curve, a bad length or
 *         scalar (as zc_ec_key_from_private()); ZC_ENOTSUP for X25519 and
 *         X448 (no encrypted-key operation), where there is no `/dev/pkey`
 *         (not IBM Z, or the pkey module is not loaded), the kernel does
 *         not know the request or the curve's key type (ENOTTY, EINVAL),
 *         the machine has no PCKMO code for it (ENODEV), KDSA lacks the
 *         encrypted-key function code, or its self-test failed; ZC_EDEVICE
 *         when the device cannot be opened (permissions), fails otherwise,
 *         or the public key's derivation fails on PCC. On an error @p k is
 *         left wiped.
 */
ZC_API int zc_ec_key_init_protected(zc_ec_key *k, enum zc_ec_curve curve,
                                    const uint8_t *priv, size_t priv_len);

/**
 * @brief Make a protected signing key from an ECC secure-key blob (CCA or
 *        EP11, as `/dev/pkey` accepts it: PKEY_APQNS4K, then
 *        PKEY_KBLOB2PROTK3 through its adapter list).
 * @param k        the key object (overwritten); it refers to @p blob
 * @param curve    ::ZC_EC_P256, ::ZC_EC_P384, ::ZC_EC_P521, ::ZC_EC_ED25519
 *                 or ::ZC_EC_ED448: the blob's curve
 * @param blob     the secure-key blob; it must stay alive and unchanged
 *                 while @p k is used (the key re-derives from it after a
 *                 wrapping-key change), until zc_ec_key_wipe()
 * @param blob_len 64 (the kernel's MINKEYBLOBSIZE) .. 8192 bytes (its
 *                 KEYBLOBBUFSIZE)
 * @param pub      the blob's public key: `04 || X || Y` (2f + 1 bytes) for
 *                 the NIST curves, RFC 8032's A (32 / 57 bytes) for
 *                 Ed25519/Ed448, checked as zc_ec_key_from_public() checks it
 * @param pub_len  its length
 *
 * The library cannot check that @p pub belongs to @p blob: a signature
 * under a wrong public key fails verification.
 * @return ZC_OK; ZC_EINVAL for NULL, an unknown curve, a blob length
 *         outside 64..8192, @p blob or @p pub overlapping @p k, a public
 *         key that is not an uncompressed point on the curve (or not a
 *         valid A); ZC_ENOTSUP for X25519 and X448, where there is no
 *         `/dev/pkey` or the kernel lacks the requests (ENOTTY), KDSA
 *         lacks the encrypted-key function code, or its self-test failed;
 *         ZC_EKEY for a blob the kernel rejects (EINVAL); ZC_EDEVICE when
 *         no adapter holds the blob's master key or answered, or the
 *         device fails otherwise. On an error @p k is left wiped.
 */
ZC_API int zc_ec_key_init_secure(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *blob,
                                 size_t blob_len, const uint8_t *pub, size_t pub_len);

/**
 * @brief What @p k holds; ::ZC_EC_KEY_NONE for NULL or an uninitialised
 *        key, ::ZC_EC_KEY_CLEAR for every key made by zcrypt/ec.h's calls.
 */
ZC_API enum zc_ec_key_kind zc_ec_key_kind(const zc_ec_key *k);

/**
 * @brief Whether protected keys of @p curve can sign here: KDSA's
 *        encrypted-key sign code for the curve (17, 18, 19, 48, 52) is
 *        installed and its self-test passed (running the query may run
 *        the self-test, which wraps a test key through `/dev/pkey`).
 * @return ZC_OK when they can; ZC_ENOTSUP when they cannot; ZC_EINVAL for
 *         X25519, X448 (no signing) and unknown curves.
 */
ZC_API int zc_ec_protected_query(enum zc_ec_curve curve);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_EC_PROTECTED_H */
