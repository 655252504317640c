/**
 * @file zcrypt/ec.h
 * @ingroup zcrypt_ec
 * @brief Elliptic curves: keys on P-256, P-384 and P-521, ECDSA (FIPS
 *        186-5), ECDH, Ed25519 and Ed448 (RFC 8032), X25519 and X448 (RFC
 *        7748), and the DER forms of keys and signatures.
 *
 * Sizes: f, the bytes of a coordinate or a scalar, is 32, 48 and 66 for
 * P-256, P-384 and P-521. A private key is a big-endian scalar d of
 * exactly f bytes with 1 <= d < n; a public key is the SEC1 uncompressed
 * point `04 || X || Y` (2f + 1 bytes; import also takes the compressed
 * `02/03 || X`; output is always uncompressed). A signature is `r || s`,
 * each f bytes (IEEE P1363); zc_ecdsa_sig_to_der() and
 * zc_ecdsa_sig_from_der() convert to and from the DER SEQUENCE of two
 * INTEGERs. ECDH's secret is the x-coordinate of d Q, f bytes.
 *
 * X25519 and X448 (RFC 7748, f = 32 and 56): a private key is the RFC
 * 7748 scalar, stored as given and clamped at each use (zc_ec_key_generate()
 * makes clamped bytes); a public key is the little-endian u-coordinate,
 * any f bytes (X25519 ignores the top bit of the last byte, X448 uses
 * every bit; both take u mod p), and a public-only key re-exports exactly
 * the bytes it was given. zc_ec_key_public() of a private key gives
 * X25519(k, 9) / X448(k, 5); zc_ecdh() gives X25519(k, u) / X448(k, u) and
 * refuses an all-zero result (a low-order peer) with ::ZC_EINVAL, nothing
 * written. DER is RFC 8410 (SubjectPublicKeyInfo, PKCS#8); ECDSA, EdDSA
 * and SEC1 are ::ZC_EINVAL for these keys.
 *
 * Ed25519 and Ed448 (RFC 8032, b = 32 and 57): a private key is the RFC
 * 8032 seed of b bytes, stored as given (PKCS#8 exports it unchanged;
 * zc_ec_key_generate() makes b random bytes); its public key is A, the b
 * bytes of RFC 8032's encoding of [s]B, s the clamped first half of
 * H(seed). A public key must be a canonical encoding (y < p; x = 0 with
 * the sign bit set is not canonical) of a curve point other than the
 * neutral element: anything else is ::ZC_EINVAL at import (other points
 * of small order import). A public-only key re-exports exactly its bytes.
 * A signature is R || S, 2b bytes (64 or 114). zc_eddsa_sign() and
 * zc_eddsa_verify() are Ed25519 and Ed448 with no context;
 * zc_eddsa_sign_ex() and zc_eddsa_verify_ex() add Ed25519ctx, Ed25519ph,
 * Ed448 with a context and Ed448ph. Verification is cofactorless ([S]B =
 * R + [k]A) and refuses S >= L and non-canonical R or A. DER is RFC 8410
 * (id-Ed25519 1.3.101.112, id-Ed448 1.3.101.113); ECDSA, ECDH and SEC1
 * are ::ZC_EINVAL for these keys, and EdDSA is ::ZC_EINVAL for any other.
 *
 * Every private key object holds its public key, derived at import or
 * generation. A public-only key cannot sign, agree or export a private
 * form (::ZC_EINVAL).
 *
 * The software backend is this library's own constant-time code: field
 * and scalar arithmetic in Montgomery form on 64-bit limbs, the complete
 * projective formulas of Renes, Costello and Batina, a fixed-window
 * scalar multiplication with signed digits that reads its whole table,
 * inversion by Fermat's little theorem; for X25519 and X448 the
 * Montgomery ladder of RFC 7748 on 51-bit and 56-bit limbs (X448 with
 * Hamburg's golden-ratio multiplication) with masked conditional swaps,
 * inversion by a fixed addition chain; for Ed25519 and Ed448 extended
 * twisted Edwards coordinates on the same fields, a fixed-window
 * base-point multiplication over a precomputed table, the scalars mod L
 * in Montgomery form, and the hashes (SHA-512, SHAKE256) of zcrypt/hash.h
 * (KIMD/KLMD where installed). Operations on a private key are
 * constant-time in the key and the nonce; verification is variable-time
 * (public data only).
 *
 * Backends, decided per operation: on P-256, P-384 and P-521 an AUTO key
 * signs and verifies on KDSA (function codes 9-11 and 1-3) and runs ECDH
 * and the derivation of its public key on PCC's scalar multiplication
 * (64-66) wherever that function code is installed and has passed its
 * one-time known-answer self-test in the process, and in software
 * otherwise. A key set to ::ZC_BACKEND_CPACF uses only those codes: an
 * operation whose code is missing or failed its self-test answers
 * ::ZC_ENOTSUP (after its arguments are checked). Ed25519 and Ed448 sign
 * on KDSA 40/44 and verify on 32/36 (pure EdDSA: the plain calls, and
 * Ed448 through the _ex calls with no context and no prehash; Ed25519ctx,
 * Ed25519ph, Ed448ph and Ed448 with a context always run in software,
 * ::ZC_ENOTSUP on a CPACF key) and derive their public key on PCC 72/73;
 * X25519 and X448 run ECDH and their public key on PCC 80/81; each under
 * the same rule. Before a KDSA EdDSA verification software checks the
 * length, S < L, R and A canonical and Ed448's last byte.
 * On KDSA the hedged zc_ecdsa_sign() uses the machine's own nonce with f
 * fresh random bytes mixed in, and zc_ecdsa_sign_deterministic() passes
 * RFC 6979's candidates, so it gives the same bytes as software; before a
 * KDSA verification the library checks the length and 0 < r, s < n
 * itself. A point PCC returns is checked on the curve (::ZC_EDEVICE
 * otherwise). Under the hardware-only policy everything that would run
 * software is refused (::ZC_ENOTSUP): signing, verification, ECDH and key
 * generation there; import (which derives the public key, public work,
 * even where that takes a software hash, as Ed25519's and Ed448's H(seed)
 * does), export and zc_ec_key_public() are allowed.
 *
 * Length convention as for RSA: `*sig_len`, `*der_len`, `*secret_len` and
 * `*pub_len` hold the buffer size on entry and the length written on
 * return; a buffer that is too small is ::ZC_ENOMEM with the length set
 * to the size needed, nothing written (NULL with a length of 0 asks the
 * size that way). An output must not overlap any input: ::ZC_EINVAL,
 * nothing written.
 *
 * @code
 * zc_ec_key k;
 * uint8_t digest[32], sig[64];
 * size_t sig_len = sizeof sig;
 *
 * if (zc_ec_key_generate(&k, ZC_EC_P256) == ZC_OK &&
 *     zc_hash(ZC_SHA256, msg, msg_len, digest, sizeof digest) == ZC_OK)
 *     rc = zc_ecdsa_sign(&k, ZC_SHA256, digest, sig, &sig_len);
 * zc_ec_key_wipe(&k);
 * @endcode
 */
#ifndef ZCRYPT_EC_H
#define ZCRYPT_EC_H

#include <zcrypt/common.h>
#include <zcrypt/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The curves. */
enum zc_ec_curve {
    ZC_EC_P256 = 0,     /**< NIST P-256 (secp256r1), f = 32 */
    ZC_EC_P384,         /**< NIST P-384 (secp384r1), f = 48 */
    ZC_EC_P521,         /**< NIST P-521 (secp521r1), f = 66 */
    ZC_EC_ED25519,      /**< Ed25519 (RFC 8032), b = 32: EdDSA only */
    ZC_EC_ED448,        /**< Ed448 (RFC 8032), b = 57: EdDSA only */
    ZC_EC_X25519,       /**< X25519 (RFC 7748), f = 32: ECDH only */
    ZC_EC_X448          /**< X448 (RFC 7748), f = 56: ECDH only */
};

/** @brief The DER forms of zc_ec_key_export_der(). */
enum zc_ec_der_format {
    ZC_EC_DER_PUBLIC_SPKI = 0,  /**< SubjectPublicKeyInfo (RFC 5480; RFC 8410 for Ed25519/Ed448/X25519/X448) */
    ZC_EC_DER_PRIVATE_PKCS8,    /**< PKCS#8 v1 PrivateKeyInfo with an ECPrivateKey (RFC 5208, 5915); RFC 8410's CurvePrivateKey for Ed25519/Ed448/X25519/X448 */
    ZC_EC_DER_PRIVATE_SEC1      /**< SEC1 ECPrivateKey (RFC 5915) with parameters and public key (NIST curves only) */
};

/** Largest f (P-521), in bytes. */
#define ZC_EC_MAX_FIELD 66
/** Largest public key (P-521 uncompressed), in bytes. */
#define ZC_EC_MAX_PUBLIC (2 * ZC_EC_MAX_FIELD + 1)
/** Largest signature r || s (P-521), in bytes. */
#define ZC_EC_MAX_SIG (2 * ZC_EC_MAX_FIELD)

/**
 * @brief An elliptic-curve key (public, or private with its public key).
 *
 * Caller-allocated (640 bytes, fixed for 0.x); fields are private. A key
 * may be shared by threads through `const` pointers: no operation
 * modifies it. Clear it with zc_ec_key_wipe().
 */
typedef struct zc_ec_key {
    /** @cond PRIVATE */
    uint8_t  zc_priv[72];       /* d, f bytes big-endian */
    uint8_t  zc_pub[136];       /* 04 || X || Y */
    struct zc_protkey_cell zc_cell;   /* protected key (zcrypt/ec_protected.h) */
    uint32_t zc_magic;          /* set when the key is complete */
    uint8_t  zc_curve;          /* enum zc_ec_curve */
    uint8_t  zc_backend;        /* enum zc_backend requested */
    uint8_t  zc_private;        /* 1 when zc_priv holds d */
    uint8_t  zc_flen;           /* f */
    uint8_t  zc_reserved[88];
    /** @endcond */
} zc_ec_key;

/**
 * @brief f, the bytes of a coordinate or scalar of @p curve (32, 48, 66
 *        for the NIST curves; 32, 57, 32, 56 for Ed25519, Ed448, X25519,
 *        X448), or 0 for an unknown value.
 */
ZC_API size_t zc_ec_field_size(enum zc_ec_curve curve);

/**
 * @brief Make a new key pair: d by rejection sampling (FIPS 186-5 A.2.2)
 *        from zc_random_bytes(), Q = d G; for X25519/X448, f random bytes
 *        clamped as RFC 7748 section 5 says, and the public key X(k, base);
 *        for Ed25519/Ed448, b random bytes as the seed, and A.
 * @return ZC_OK; ZC_EINVAL for NULL @p k or an unknown @p curve;
 *         ZC_ENOTSUP under the hardware-only policy where the public key
 *         would be derived in software (where PCC's scalar multiplication
 *         for the curve is not usable);
 *         ZC_EDEVICE when no random bytes can be had or PCC fails. On an
 *         error @p k is left wiped.
 */
ZC_API int zc_ec_key_generate(zc_ec_key *k, enum zc_ec_curve curve);

/**
 * @brief A private key from its scalar d (exactly f big-endian bytes,
 *        1 <= d < n; for X25519/X448 any f bytes, RFC 7748's scalar, kept
 *        as given and clamped at use; for Ed25519/Ed448 the RFC 8032 seed,
 *        any b bytes, kept as given); the public key is derived (also
 *        under the hardware-only policy: it is public data).
 * @return ZC_OK; ZC_EINVAL for NULL pointers, an unknown curve, a length
 *         other than f, d = 0 or d >= n (NIST curves), @p priv
 *         overlapping @p k; ZC_EDEVICE when the hash of an Ed seed fails
 *         on KIMD/KLMD, or PCC's scalar multiplication fails or returns a
 *         point off the curve (Ed: no canonical point; X: all zero). On
 *         an error @p k is left wiped.
 */
ZC_API int zc_ec_key_from_private(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *priv,
                                  size_t priv_len);

/**
 * @brief A public key from its SEC1 encoding: `04 || X || Y` (2f + 1
 *        bytes) or compressed `02/03 || X` (f + 1 bytes); for X25519/X448
 *        the RFC 7748 u-coordinate, any f bytes, kept as given; for
 *        Ed25519/Ed448 RFC 8032's encoding of A (b bytes), checked and
 *        kept as given.
 * @return ZC_OK; ZC_EINVAL for NULL pointers, an unknown curve, a wrong
 *         length or first byte (hybrid 06/07 included), coordinates not
 *         below p, a point not on the curve; for Ed25519/Ed448 an
 *         encoding that is not canonical (y >= p, or x = 0 with the sign
 *         bit set), not on the curve, or of the neutral element. On an
 *         error @p k is left wiped.
 */
ZC_API int zc_ec_key_from_public(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *pub,
                                 size_t pub_len);

/**
 * @brief A key from DER: SubjectPublicKeyInfo (id-ecPublicKey with a
 *        namedCurve), PKCS#8 v1 PrivateKeyInfo or v2 OneAsymmetricKey
 *        (RFC 5958, with or without its [1] publicKey) holding an
 *        ECPrivateKey, or a SEC1 ECPrivateKey (RFC 5915, with or without
 *        its optional parameters and public key); for Ed25519/Ed448 and
 *        X25519/X448 the RFC 8410 SubjectPublicKeyInfo and PKCS#8 v1 or v2
 *        (id-X25519 1.3.101.110, id-X448 1.3.101.111, id-Ed25519
 *        1.3.101.112, id-Ed448 1.3.101.113, parameters absent, key strings
 *        of exactly f bytes; v2's publicKey must be the derived one, byte
 *        for byte).
 *
 * Strict DER (definite minimal lengths, minimal INTEGERs, OIDs as X.690
 * 8.19 encodes them, nothing after the outer SEQUENCE). The private key
 * octet string may be shorter than f (it is left-padded); an embedded
 * public key (PKCS#8 v2's, the ECPrivateKey's) must equal the one derived
 * from d. A PKCS#8 v1 with a [1] publicKey, and any other version, is
 * malformed.
 * @return ZC_OK; ZC_EINVAL for NULL pointers, malformed DER, a bad key
 *         (as zc_ec_key_from_private() and zc_ec_key_from_public()), a
 *         curve named twice differently, an embedded public key that
 *         differs from the derived one; ZC_ENOTSUP for explicit curve
 *         parameters, unknown curves and algorithms in DER that is
 *         otherwise well-formed (malformed is ZC_EINVAL whatever it names).
 *         On an error @p k is left wiped.
 */
ZC_API int zc_ec_key_from_der(zc_ec_key *k, const uint8_t *der, size_t der_len);

/**
 * @brief The public key, `04 || X || Y` (2f + 1 bytes); for X25519/X448
 *        the u-coordinate (f bytes: X(k, base) for a private key, the
 *        imported bytes for a public-only one); for Ed25519/Ed448 A (b
 *        bytes: derived from the seed, or as imported).
 * @return ZC_OK; ZC_EINVAL for a NULL or unset key, NULL @p pub_len, NULL
 *         @p pub with a non-zero length, @p pub overlapping the key;
 *         ZC_ENOMEM when *@p pub_len is below the length (set to it,
 *         nothing written).
 */
ZC_API int zc_ec_key_public(const zc_ec_key *k, uint8_t *pub, size_t *pub_len);

/**
 * @brief Export a key in DER (::zc_ec_der_format): SPKI for any key;
 *        PKCS#8 and SEC1 (both with the namedCurve and the public key
 *        inside the ECPrivateKey) for a private key. Ed25519/Ed448 and
 *        X25519/X448: RFC 8410 SPKI and PKCS#8 v1 (the seed or scalar as
 *        stored), no SEC1.
 * @return ZC_OK; ZC_EINVAL for a NULL or unset key, NULL @p der_len, an
 *         unknown format, a private format for a public-only key, SEC1
 *         for an Ed25519/Ed448/X25519/X448 key;
 *         ZC_ENOMEM when the buffer is too small (*@p der_len set to the
 *         size needed, nothing written).
 */
ZC_API int zc_ec_key_export_der(const zc_ec_key *k, enum zc_ec_der_format format,
                                uint8_t *der, size_t *der_len);

/** @brief Clear all of a key (NULL is allowed and does nothing). */
ZC_API void zc_ec_key_wipe(zc_ec_key *k);

/**
 * @brief The key's curve. For NULL or an unset key the answer is
 *        ::ZC_EC_P256 (check the key was made first).
 */
ZC_API enum zc_ec_curve zc_ec_key_curve(const zc_ec_key *k);

/**
 * @brief Choose where the key's operations run: ::ZC_BACKEND_AUTO (the
 *        default), ::ZC_BACKEND_CPACF (KDSA and PCC only: an operation
 *        whose function code is missing here or failed its self-test
 *        answers ::ZC_ENOTSUP, as every Ed and X operation does in this
 *        release) or ::ZC_BACKEND_SOFTWARE (EdDSA's hashes then run in
 *        software too). A protected or secure key (zcrypt/ec_protected.h)
 *        stays ::ZC_BACKEND_CPACF: AUTO and CPACF are accepted and change
 *        nothing, SOFTWARE is refused.
 * @return ZC_OK; ZC_EINVAL for a NULL or unset key, any other value, and
 *         ::ZC_BACKEND_SOFTWARE for a protected or secure key.
 */
ZC_API int zc_ec_key_set_backend(zc_ec_key *k, enum zc_backend b);

/** @brief The backend set (::ZC_BACKEND_AUTO unless changed; AUTO for NULL). */
ZC_API enum zc_backend zc_ec_key_backend(const zc_ec_key *k);

/**
 * @brief ECDSA signature with a hedged nonce: RFC 6979's HMAC-DRBG
 *        (section 3.6) fed f fresh random bytes as k' besides d and the
 *        digest, so that a broken random source still leaves a
 *        deterministic nonce and a faulty one cannot repeat.
 * @param k       a private P-curve key
 * @param alg     the digest's hash (not SHAKE); also HMAC-DRBG's hash
 * @param digest  zc_hash_size(@p alg) bytes; e is its leftmost
 *                min(8 hlen, N) bits (FIPS 186-5 6.4.1)
 * @param sig     receives r || s (2f bytes)
 * @param sig_len in: size of @p sig; out: 2f
 * @return ZC_OK; ZC_EINVAL for NULL pointers, a public-only key, a curve
 *         other than P-256/384/521, SHAKE or an unknown @p alg, @p sig
 *         overlapping @p digest or the key; ZC_ENOMEM when *@p sig_len is
 *         below 2f (set to 2f, nothing written); ZC_ENOTSUP on a CPACF
 *         key without KDSA's sign code (or its self-test) and, where it
 *         would run software, under the hardware-only policy; ZC_EDEVICE
 *         when no random bytes can be had or KDSA fails (a refused input,
 *         or no usable nonce in a bounded number of tries). A protected
 *         or secure key signs on KDSA 17-19 only (zcrypt/ec_protected.h):
 *         ZC_ENOTSUP without the code or its self-test, ZC_EKEY when it
 *         cannot be re-derived.
 */
ZC_API int zc_ecdsa_sign(const zc_ec_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                         uint8_t *sig, size_t *sig_len);

/**
 * @brief ECDSA signature with the deterministic nonce of RFC 6979 (its
 *        Appendix A vectors), on KDSA with each candidate nonce passed
 *        under the deterministic modifier. Arguments and errors as
 *        zc_ecdsa_sign(); ZC_EDEVICE only when KDSA fails; ZC_ENOTSUP
 *        for a protected or secure key (the encrypted-key codes take no
 *        caller nonce).
 */
ZC_API int zc_ecdsa_sign_deterministic(const zc_ec_key *k, enum zc_hash_alg alg,
                                       const uint8_t *digest, uint8_t *sig, size_t *sig_len);

/**
 * @brief Verify an ECDSA signature r || s.
 * @return ZC_OK valid; ZC_EAUTH for every invalid signature, a wrong
 *         length included, and r or s outside 1..n-1; ZC_EINVAL for NULL
 *         pointers (@p sig may be NULL with length 0: ZC_EAUTH), a curve
 *         other than P-256/384/521, SHAKE or an unknown @p alg;
 *         ZC_ENOTSUP on a CPACF key without KDSA's verify code (or its
 *         self-test) and, where it would run software, under the
 *         hardware-only policy.
 */
ZC_API int zc_ecdsa_verify(const zc_ec_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                           const uint8_t *sig, size_t sig_len);

/**
 * @brief r || s (2f bytes) to the DER SEQUENCE { INTEGER r, INTEGER s }.
 * @return ZC_OK; ZC_EINVAL for NULL pointers, a curve other than
 *         P-256/384/521, @p sig_len other than 2f, @p der overlapping
 *         @p sig; ZC_ENOMEM when the buffer is too small (*@p der_len set
 *         to the size needed, nothing written).
 */
ZC_API int zc_ecdsa_sig_to_der(enum zc_ec_curve curve, const uint8_t *sig, size_t sig_len,
                               uint8_t *der, size_t *der_len);

/**
 * @brief A strict DER signature to r || s (2f bytes). r and s must be
 *        non-negative minimal INTEGERs that fit in f bytes (range checks
 *        are zc_ecdsa_verify()'s: r = 0 converts).
 * @return ZC_OK; ZC_EINVAL for NULL pointers, a curve other than
 *         P-256/384/521, DER that is not exactly that SEQUENCE, a value
 *         that is negative or longer than f bytes, @p sig overlapping
 *         @p der; ZC_ENOMEM when *@p sig_len is below 2f (set to 2f).
 */
ZC_API int zc_ecdsa_sig_from_der(enum zc_ec_curve curve, const uint8_t *der, size_t der_len,
                                 uint8_t *sig, size_t *sig_len);

/**
 * @brief Ed25519 / Ed448 signature (RFC 8032 5.1.6 / 5.2.6): Ed25519 with
 *        no context, Ed448 with an empty context (dom4(0, "")).
 *        Deterministic: the same key and message give the same bytes.
 * @param k       a private Ed25519 or Ed448 key
 * @param msg     the message (NULL when @p len is 0)
 * @param len     its length
 * @param sig     receives R || S (2b bytes: 64 or 114)
 * @param sig_len in: size of @p sig; out: 2b
 * @return ZC_OK; ZC_EINVAL for NULL pointers (with a length), a
 *         public-only key, a key of another curve, @p sig overlapping
 *         @p msg or the key; ZC_ENOMEM when *@p sig_len is below 2b (set
 *         to 2b, nothing written); ZC_ENOTSUP on a CPACF key without
 *         KDSA's sign code for the curve (or its self-test) and, where it
 *         would run software, under the hardware-only policy; ZC_EDEVICE
 *         when a hash fails on KIMD/KLMD or KDSA fails. A protected or
 *         secure key signs on KDSA 48/52 only (zcrypt/ec_protected.h):
 *         ZC_ENOTSUP without the code or its self-test (and always from
 *         zc_eddsa_sign_ex()'s ctx and ph forms), ZC_EKEY when it cannot
 *         be re-derived.
 */
ZC_API int zc_eddsa_sign(const zc_ec_key *k, const uint8_t *msg, size_t len, uint8_t *sig,
                         size_t *sig_len);

/**
 * @brief Ed25519 / Ed448 verification (RFC 8032 5.1.7 / 5.2.7), with no
 *        context (Ed448: dom4(0, "")); cofactorless, S < L, R and A
 *        canonical.
 * @return ZC_OK valid; ZC_EAUTH for every invalid signature, a length
 *         other than 2b included (@p sig may be NULL with length 0);
 *         ZC_EINVAL for NULL pointers with a length, a NULL or unset key,
 *         a key of another curve; ZC_ENOTSUP on a CPACF key without KDSA's
 *         verify code for the curve (or its self-test) and, where it would
 *         run software, under the hardware-only policy; ZC_EDEVICE when a
 *         hash fails on KIMD/KLMD.
 */
ZC_API int zc_eddsa_verify(const zc_ec_key *k, const uint8_t *msg, size_t len,
                           const uint8_t *sig, size_t sig_len);

/**
 * @brief The other instances of RFC 8032: Ed25519ctx (@p prehash 0, a
 *        context of 1..255 bytes), Ed25519ph (@p prehash 1, 0..255
 *        bytes), Ed448 with a context (@p prehash 0, 0..255 bytes; with an
 *        empty one it is zc_eddsa_sign()) and Ed448ph (@p prehash 1,
 *        0..255 bytes). For ph the call hashes @p msg itself (SHA-512 for
 *        Ed25519ph, 64 bytes of SHAKE256 for Ed448ph) and signs PH(M).
 * @param k           a private Ed25519 or Ed448 key
 * @param prehash     0 or 1
 * @param context     the context string (NULL when @p context_len is 0)
 * @param context_len 0..255 (1..255 for Ed25519ctx)
 * @param msg         the message (NULL when @p len is 0)
 * @param len         its length
 * @param sig         receives R || S (2b bytes)
 * @param sig_len     in: size of @p sig; out: 2b
 * @return As zc_eddsa_sign(); also ZC_EINVAL for @p prehash outside {0,
 *         1}, @p context_len above 255, Ed25519 with @p prehash 0 and no
 *         context, @p sig overlapping @p context. These instances run in
 *         software (KDSA has pure EdDSA only): ZC_ENOTSUP on a CPACF key,
 *         except Ed448 with @p prehash 0 and no context.
 */
ZC_API int zc_eddsa_sign_ex(const zc_ec_key *k, int prehash, const uint8_t *context,
                            size_t context_len, const uint8_t *msg, size_t len, uint8_t *sig,
                            size_t *sig_len);

/**
 * @brief Verification of zc_eddsa_sign_ex()'s instances. Arguments as
 *        there, answers as zc_eddsa_verify() (a bad @p prehash or context
 *        is ZC_EINVAL, not ZC_EAUTH).
 */
ZC_API int zc_eddsa_verify_ex(const zc_ec_key *k, int prehash, const uint8_t *context,
                              size_t context_len, const uint8_t *msg, size_t len,
                              const uint8_t *sig, size_t sig_len);

/**
 * @brief ECDH (SP 800-56A 5.7.1.2 without the KDF): the x-coordinate of
 *        d Q, f bytes. The peer key was validated at its import (on the
 *        curve, coordinates below p, not infinity). For X25519/X448 (RFC
 *        7748 section 6) the secret is X25519(k, u) / X448(k, u), f bytes.
 * @param priv       a private key
 * @param peer       the peer's key (public or private) on the same curve
 * @param secret     receives f bytes
 * @param secret_len in: size of @p secret; out: f
 * @return ZC_OK; ZC_EINVAL for NULL pointers, a public-only @p priv, keys
 *         on different curves, an Ed25519/Ed448 key, @p secret overlapping
 *         a key, an all-zero X25519/X448 result (a peer u of small order:
 *         nothing written); ZC_ENOMEM when
 *         *@p secret_len is below f (set to f, nothing written);
 *         ZC_ENOTSUP on a CPACF key without PCC's scalar multiplication
 *         for the curve (or its self-test; 80/81 for X25519/X448) and,
 *         where it would run software, under the hardware-only policy;
 *         ZC_EDEVICE when PCC fails or returns a point off the curve.
 */
ZC_API int zc_ecdh(const zc_ec_key *priv, const zc_ec_key *peer, uint8_t *secret,
                   size_t *secret_len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_EC_H */
