/**
 * @file zcrypt/rsa.h
 * @ingroup zcrypt_rsa
 * @brief RSA: keys (raw components, DER, generation), the raw operations,
 *        PKCS#1 v1.5 and PSS signatures, OAEP and PKCS#1 v1.5 encryption.
 *
 * Sizes: public keys of 512 to 8192 bits (any bit length in between), private
 * keys of 512 to 4096 bits with both primes at most 2048 bits; key
 * generation makes 1024 to 4096 bits. Below 1024 bits a key is weak and only
 * accepted on import (old test keys).
 *
 * The software backend is this library's own constant-time code (no
 * dependency): Montgomery multiplication on 64-bit limbs, a fixed-window
 * exponentiation that scans its whole table, CRT for the private operation,
 * base blinding with a fresh random factor from zc_random_bytes() per call,
 * and a check of every private result with the public exponent before it is
 * released, so that a computation fault cannot leak a prime factor.
 *
 * Length convention: `*sig_len`, `*out_len` and `*msg_len` hold the size of
 * the output buffer on entry and the number of bytes written on return. A
 * buffer that is too small gives ::ZC_ENOMEM with the length set to the size
 * needed (nothing is written). Decryption needs room for the longest
 * message the key can carry (see each function), checked before any
 * private computation, so the error cannot depend on the ciphertext.
 *
 * @code
 * zc_rsa_key k;
 * uint8_t digest[32], sig[512];
 * size_t sig_len = sizeof sig;
 *
 * if (zc_rsa_key_from_der(&k, der, der_len) == ZC_OK &&
 *     zc_hash(ZC_SHA256, msg, msg_len, digest, sizeof digest) == ZC_OK)
 *     rc = zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, digest, sig, &sig_len);
 * zc_rsa_key_wipe(&k);
 * @endcode
 */
#ifndef ZCRYPT_RSA_H
#define ZCRYPT_RSA_H

#include <zcrypt/common.h>
#include <zcrypt/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Largest public modulus, in bits. */
#define ZC_RSA_MAX_BITS 8192
/** Largest modulus of a key with a private part, in bits. */
#define ZC_RSA_MAX_PRIVATE_BITS 4096
/** Smallest modulus accepted on import, in bits. */
#define ZC_RSA_MIN_BITS 512

/** @brief Longest public exponent in bits: e is at most 2^64 - 1 (and odd, at least 3). */
#define ZC_RSA_MAX_E_BITS 64
/** Smallest and largest modulus zc_rsa_generate() makes, in bits. */
#define ZC_RSA_GEN_MIN_BITS 1024
/** @copydoc ZC_RSA_GEN_MIN_BITS */
#define ZC_RSA_GEN_MAX_BITS 4096

/**
 * @brief An RSA key (public, or public and private with its CRT parts).
 *
 * Caller-allocated (about 6 KiB); fields are private. A key may be shared
 * by threads through `const` pointers: no operation modifies it. Clear it
 * with zc_rsa_key_wipe().
 */
typedef struct zc_rsa_key {
    /** @cond PRIVATE */
    uint64_t zc_n[128];      /* modulus, 64-bit limbs, least significant first */
    uint64_t zc_e[128];      /* public exponent */
    uint64_t zc_nr2[128];    /* 2^(128 limbs) mod n, for Montgomery form */
    uint64_t zc_d[64];       /* private exponent (kept for export) */
    uint64_t zc_p[32];       /* CRT: primes, exponents, q^-1 mod p */
    uint64_t zc_q[32];
    uint64_t zc_dp[32];
    uint64_t zc_dq[32];
    uint64_t zc_qinv[32];
    uint64_t zc_pr2[32];     /* Montgomery factors of p and q */
    uint64_t zc_qr2[32];
    uint64_t zc_n0i, zc_p0i, zc_q0i;
    uint32_t zc_bits;        /* modulus bit length */
    uint32_t zc_pbits, zc_qbits;
    uint32_t zc_magic;       /* set when the key is complete */
    uint8_t  zc_private;     /* 1 when the CRT parts are present */
    uint8_t  zc_backend;     /* enum zc_backend requested */
    /** @endcond */
} zc_rsa_key;

/** @brief One big-endian unsigned integer (leading zero bytes allowed). */
struct zc_rsa_part {
    const uint8_t *data;     /**< the bytes, most significant first */
    size_t len;              /**< their number; 0 (with NULL data) for an absent part */
};

/**
 * @brief The components of an RSA key (RFC 8017, 3.1 and 3.2).
 *
 * A public key has @p n and @p e only (the other parts of length 0). A
 * private key has all eight: the CRT form (p, q, dP, dQ, qInv) is required,
 * and d is kept for export.
 */
struct zc_rsa_components {
    struct zc_rsa_part n;    /**< modulus */
    struct zc_rsa_part e;    /**< public exponent */
    struct zc_rsa_part d;    /**< private exponent */
    struct zc_rsa_part p;    /**< first prime factor */
    struct zc_rsa_part q;    /**< second prime factor */
    struct zc_rsa_part dp;   /**< d mod (p - 1) */
    struct zc_rsa_part dq;   /**< d mod (q - 1) */
    struct zc_rsa_part qinv; /**< q^-1 mod p */
};

/** @brief DER formats for zc_rsa_key_export_der(). */
enum zc_rsa_der_format {
    ZC_RSA_DER_PUBLIC_PKCS1 = 0, /**< RSAPublicKey (RFC 8017, A.1.1) */
    ZC_RSA_DER_PUBLIC_SPKI,      /**< SubjectPublicKeyInfo with rsaEncryption (RFC 5280, RFC 3279) */
    ZC_RSA_DER_PRIVATE_PKCS1,    /**< RSAPrivateKey, version 0 (RFC 8017, A.1.2) */
    ZC_RSA_DER_PRIVATE_PKCS8     /**< PrivateKeyInfo with rsaEncryption (RFC 5208) */
};

/**
 * @brief Make a key from its raw big-endian components.
 *
 * Checks: n odd, 512..8192 bits (4096 with a private part); e odd,
 * 3 <= e < n and e <= 2^64 - 1 (::ZC_RSA_MAX_E_BITS: a longer public
 * exponent would make every public operation as slow as a private one, a
 * lever for whoever supplies the key); for a private key p and q odd, at most 2048 bits each, p q = n,
 * dP < p, dQ < q, qInv < p, d < n. Whether the exponents match is checked
 * by every private operation (its result is verified with e). A key given
 * with p < q is kept with the larger prime first (p and q, dP and dQ
 * exchanged, qInv computed for that order, as adapters take it), and
 * zc_rsa_key_export_der() writes it so.
 * @param k the key to fill (on error it is left wiped)
 * @param c the components
 * @return ZC_OK; ZC_EINVAL for NULL pointers, a part with NULL data and a
 *         non-zero length, a private part missing while others are given,
 *         or a failed check above.
 */
ZC_API int zc_rsa_key_from_components(zc_rsa_key *k, const struct zc_rsa_components *c);

/**
 * @brief Read a key from DER.
 *
 * Accepts PKCS#1 RSAPublicKey and RSAPrivateKey (version 0, two primes),
 * SubjectPublicKeyInfo and PKCS#8 PrivateKeyInfo (version 0, optional
 * attributes) with the rsaEncryption OID and NULL parameters. The DER must
 * be strict: definite minimal lengths, minimal positive INTEGERs, nothing
 * after the outer structure. A key whose algorithm is id-RSASSA-PSS
 * (1.2.840.113549.1.1.10) is refused with ZC_EINVAL: its parameters would
 * restrict the key to PSS, which this key object cannot enforce. The
 * components then pass the checks of zc_rsa_key_from_components() (so a
 * public exponent above 2^64 - 1 is ZC_EINVAL).
 * @return ZC_OK; ZC_EINVAL for NULL, malformed or unsupported input, or
 *         components that fail those checks.
 */
ZC_API int zc_rsa_key_from_der(zc_rsa_key *k, const uint8_t *der, size_t der_len);

/**
 * @brief Write a key as DER.
 * @param k       the key
 * @param format  which structure; the private formats need a private key
 * @param der     output buffer (may be NULL with *der_len 0 to ask the size)
 * @param der_len in: size of @p der; out: bytes written, or bytes needed
 * @return ZC_OK; ZC_ENOMEM when the buffer is too small (*der_len is then
 *         the size needed); ZC_EINVAL for NULL, an unknown format, an invalid
 *         key, or a private format for a public key.
 */
ZC_API int zc_rsa_key_export_der(const zc_rsa_key *k, enum zc_rsa_der_format format,
                                 uint8_t *der, size_t *der_len);

/**
 * @brief Generate a key pair.
 *
 * Two primes of half the size each, drawn from zc_random_bytes() with their
 * top two bits set (so p, q > sqrt(2) 2^(bits/2 - 1) and n has exactly
 * @p bits bits), trial division by the odd primes below 2000, then
 * Miller-Rabin with random bases, as many rounds as FIPS 186-5 table B.1
 * gives for an error probability of 2^-112 or better (5 rounds for
 * 1024-bit primes, 4 for 1536 and 2048 bits; 8 below 1024 bits, where the
 * table has no row). gcd(e, p - 1) = gcd(e, q - 1) = 1,
 * |p - q| > 2^(bits/2 - 100) and d > 2^(bits/2) are enforced (drawing again
 * otherwise).
 *
 * Outside FIPS 186-5: sizes other than 2048, 3072 and 4096 bits (sizes
 * below 2048 bits are not approved), exponents outside 2^16 < e < 2^256,
 * and d, which is e^-1 mod (p-1)(q-1) rather than mod lcm(p-1, q-1)
 * (both give the same signatures; the CRT exponents are identical).
 * @param k    the key to fill
 * @param bits modulus size, 1024..4096
 * @param e    public exponent, odd and at least 3; 0 selects 65537
 * @return ZC_OK; ZC_EINVAL for NULL, a size or an exponent out of range;
 *         the error of zc_random_bytes() when it fails.
 */
ZC_API int zc_rsa_generate(zc_rsa_key *k, unsigned bits, uint32_t e);

/** @brief Clear all key material (the key is invalid afterwards). NULL is ignored. */
ZC_API void zc_rsa_key_wipe(zc_rsa_key *k);

/** @brief The modulus length in bytes; 0 for NULL or an invalid key. */
ZC_API size_t zc_rsa_size(const zc_rsa_key *k);

/** @brief The modulus length in bits; 0 for NULL or an invalid key. */
ZC_API unsigned zc_rsa_bits(const zc_rsa_key *k);

/** @brief 1 when the key has its private part, else 0. */
ZC_API int zc_rsa_key_has_private(const zc_rsa_key *k);

/**
 * @brief Choose where the key's operations run.
 *
 * ::ZC_BACKEND_AUTO (the initial choice) runs each operation on a Crypto
 * Express adapter through /dev/z90crypt when one answers (s390x Linux,
 * moduli up to 4096 bits) and in software otherwise, decided per
 * operation, so an adapter that goes away falls back and one that comes
 * back is used again; zc_backend_query() with ::ZC_ALGO_RSA tells which
 * and why. ::ZC_BACKEND_SOFTWARE never uses the adapter.
 * ::ZC_BACKEND_CEX never falls back: it is refused here with ::ZC_ENOTSUP
 * when no adapter is online, and an operation on such a key returns
 * ::ZC_ENOTSUP when none answers then. ::ZC_BACKEND_CPACF is ::ZC_EINVAL
 * (CPACF has no RSA).
 *
 * On the adapter, private operations are blinded and their result is
 * checked with the public exponent as in software; a device that fails,
 * or answers wrongly, gives ::ZC_EDEVICE (for AUTO keys too: a faulty
 * adapter is not hidden by a fallback). An adapter is a card online in
 * the domain with the CCA coprocessor or accelerator function (disabled
 * and EP11 cards are none). A private key goes to an adapter only when
 * its larger prime fits half the modulus length (rounded up to even
 * bytes; libica's rule, since accelerator cards read no more of the CRT
 * values): a key with uneven primes (say 1032 and 1016 bits in a
 * 2048-bit modulus) runs its private operations in software for AUTO
 * keys, and they answer ::ZC_ENOTSUP for CEX keys. A /dev/z90crypt this
 * process may not open (EACCES, EPERM) is "no adapter" for AUTO keys
 * (software) and ::ZC_EDEVICE for CEX keys.
 * @return ZC_OK; ZC_EINVAL for an invalid key or backend; ZC_ENOTSUP.
 */
ZC_API int zc_rsa_key_set_backend(zc_rsa_key *k, enum zc_backend b);

/** @brief The backend set on the key (::ZC_BACKEND_AUTO for NULL or an invalid key). */
ZC_API enum zc_backend zc_rsa_key_backend(const zc_rsa_key *k);

/**
 * @brief Raw RSA public operation: out = in^e mod n.
 * @param k   the key
 * @param in  zc_rsa_size() bytes, big-endian, less than n
 * @param out zc_rsa_size() bytes (may equal @p in)
 * @return ZC_OK; ZC_EINVAL for NULL, an invalid key, or in >= n;
 *         ZC_ENOTSUP for a ::ZC_BACKEND_CEX key when no adapter answers,
 *         or under the hardware-only policy when no adapter answers;
 *         ZC_EDEVICE when the adapter fails or answers with a value not
 *         below n, or a CEX key's /dev/z90crypt may not be opened
 *         (nothing is written then).
 */
ZC_API int zc_rsa_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/**
 * @brief Raw RSA private operation: out = in^d mod n (CRT, blinded, checked).
 * @param k   a key with its private part
 * @param in  zc_rsa_size() bytes, big-endian, less than n
 * @param out zc_rsa_size() bytes (may equal @p in)
 * @return ZC_OK; ZC_EINVAL for NULL, an invalid or public-only key, or
 *         in >= n; ZC_EKEY when the result fails the check with the public
 *         exponent (private parts that do not match the public key, or a
 *         computation fault): nothing is written then; the error of
 *         zc_random_bytes() when it fails; ZC_ENOTSUP for a
 *         ::ZC_BACKEND_CEX key when no adapter answers or its primes are
 *         too uneven for one (see zc_rsa_key_set_backend()), or under the
 *         hardware-only policy when software would run; ZC_EDEVICE when
 *         the adapter fails, or its result fails the check while the key's
 *         private parts hold together (e dP = 1 mod p - 1, e dQ = 1 mod
 *         q - 1, qInv q = 1 mod p; parts that do not are ZC_EKEY on the
 *         adapter too), or a CEX key's /dev/z90crypt may not be opened
 *         (nothing is written then).
 */
ZC_API int zc_rsa_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/**
 * @brief PKCS#1 v1.5 signature (RFC 8017, 8.2.1, EMSA-PKCS1-v1_5).
 * @param k       a key with its private part
 * @param alg     SHA-1, SHA-2 (all seven) or SHA3-224..512 (not SHAKE)
 * @param digest  zc_hash_size(alg) bytes: the message's hash
 * @param sig     output, zc_rsa_size() bytes
 * @param sig_len in: size of @p sig; out: zc_rsa_size()
 * @return ZC_OK; ZC_ENOMEM when *sig_len is too small (set to the size
 *         needed); ZC_EINVAL for NULL, a public-only key, a hash without a
 *         DigestInfo, or a key too short for the encoding; the errors of
 *         zc_rsa_private().
 */
ZC_API int zc_rsa_pkcs1v15_sign(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                                uint8_t *sig, size_t *sig_len);

/**
 * @brief Verify a PKCS#1 v1.5 signature: the whole encoding is rebuilt and
 *        compared (no parsing of the signature's contents).
 * @return ZC_OK for a valid signature; ZC_EAUTH for an invalid one (wrong
 *         length, a value not below n, or not the expected encoding);
 *         ZC_EINVAL for NULL, an invalid key or hash; the other errors of
 *         zc_rsa_public() as they are (ZC_ENOTSUP, ZC_EDEVICE): a device
 *         that fails says nothing about the signature.
 */
ZC_API int zc_rsa_pkcs1v15_verify(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                                  const uint8_t *sig, size_t sig_len);

/**
 * @brief RSASSA-PSS signature (RFC 8017, 8.1.1), MGF1 with @p alg.
 *
 * The salt comes from zc_random_bytes().
 * @param k        a key with its private part
 * @param alg      the hash of @p digest, also used by MGF1 (not SHAKE)
 * @param digest   zc_hash_size(alg) bytes: the message's hash
 * @param salt_len salt length in bytes (0 allowed; usually zc_hash_size(alg));
 *                 the key must be at least 8 (hLen + salt_len + 2) + 1 bits long
 * @param sig      output, zc_rsa_size() bytes
 * @param sig_len  in: size of @p sig; out: zc_rsa_size()
 * @return as zc_rsa_pkcs1v15_sign(); ZC_EINVAL also for SHAKE or a salt too
 *         long for the key (::ZC_RSA_PSS_SALT_ANY included: signing needs a
 *         length).
 */
ZC_API int zc_rsa_pss_sign(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                           size_t salt_len, uint8_t *sig, size_t *sig_len);

/**
 * @brief The @c salt_len of zc_rsa_pss_verify() that accepts any salt
 *        length: it is read from the encoding (where the 0x01 separator of
 *        DB is), as openssl's "auto" does. For verification only.
 */
#define ZC_RSA_PSS_SALT_ANY ((size_t)-1)

/**
 * @brief Verify an RSASSA-PSS signature with the given salt length, or any.
 *
 * With @p salt_len ::ZC_RSA_PSS_SALT_ANY the salt length is recovered from
 * the signature (RFC 8017, 9.1.2, steps 10-11, with the length the
 * leading zero bytes of DB leave): signatures made with any salt length,
 * 0 up to the maximum the key holds, are accepted.
 * @return ZC_OK; ZC_EAUTH for an invalid signature; ZC_EINVAL for NULL, an
 *         invalid key or hash, or a salt length the key cannot hold; the
 *         other errors of zc_rsa_public() as they are (ZC_ENOTSUP,
 *         ZC_EDEVICE), as for zc_rsa_pkcs1v15_verify().
 */
ZC_API int zc_rsa_pss_verify(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                             size_t salt_len, const uint8_t *sig, size_t sig_len);

/**
 * @brief RSAES-OAEP encryption (RFC 8017, 7.1.1), MGF1 with @p alg.
 * @param k         the key (public part used)
 * @param alg       the hash of the label and of MGF1 (not SHAKE)
 * @param label     optional label (NULL with length 0 for none)
 * @param label_len its length in bytes
 * @param msg       at most zc_rsa_size() - 2 zc_hash_size(alg) - 2 bytes
 * @param msg_len   its length in bytes
 * @param out       zc_rsa_size() bytes
 * @param out_len   in: size of @p out; out: zc_rsa_size()
 * @return ZC_OK; ZC_ENOMEM for a small @p out (*out_len set to the size
 *         needed); ZC_EINVAL for NULL, an invalid key or hash, a message too
 *         long; the error of zc_random_bytes().
 */
ZC_API int zc_rsa_oaep_encrypt(const zc_rsa_key *k, enum zc_hash_alg alg,
                               const uint8_t *label, size_t label_len,
                               const uint8_t *msg, size_t msg_len,
                               uint8_t *out, size_t *out_len);

/**
 * @brief RSAES-OAEP decryption (RFC 8017, 7.1.2), constant-time.
 *
 * Every check (leading zero byte, label hash, padding, separator) is done
 * on the whole block with masks; all failures give ZC_EAUTH after the same
 * work, and @p msg is then zeroed. That includes failures that are not the
 * ciphertext's (an adapter or the random source of the blinding failing,
 * private parts that do not match): an attacker who controls the
 * ciphertext learns nothing from the code, so the cause is not told.
 * Only ZC_ENOTSUP, which depends on the key and the machine alone, is
 * returned as itself.
 * @param k         a key with its private part
 * @param alg       the hash used at encryption (not SHAKE)
 * @param label     the label used at encryption (NULL with length 0 for none)
 * @param label_len its length in bytes
 * @param in        the ciphertext
 * @param in_len    its length: zc_rsa_size() bytes
 * @param msg       output; must hold zc_rsa_size() - 2 zc_hash_size(alg) - 2
 *                  bytes, the longest possible message
 * @param msg_len   in: size of @p msg; out: the message length
 * @return ZC_OK; ZC_EAUTH for any decryption failure (device and random
 *         source failures included); ZC_ENOMEM for a small @p msg
 *         (*msg_len set to the size needed, checked first); ZC_EINVAL for
 *         NULL, a public-only key, a hash the key is too short for, or
 *         @p in_len other than zc_rsa_size(); ZC_ENOTSUP where the private
 *         operation cannot run (a ::ZC_BACKEND_CEX key with no adapter or
 *         too uneven primes, the hardware-only policy with no adapter),
 *         @p msg zeroed.
 */
ZC_API int zc_rsa_oaep_decrypt(const zc_rsa_key *k, enum zc_hash_alg alg,
                               const uint8_t *label, size_t label_len,
                               const uint8_t *in, size_t in_len,
                               uint8_t *msg, size_t *msg_len);

/**
 * @brief RSAES-PKCS1-v1_5 encryption (RFC 8017, 7.2.1). Legacy: prefer OAEP.
 * @param k       the key (public part used)
 * @param msg     at most zc_rsa_size() - 11 bytes
 * @param msg_len its length in bytes
 * @param out     zc_rsa_size() bytes
 * @param out_len in: size of @p out; out: zc_rsa_size()
 * @return as zc_rsa_oaep_encrypt().
 */
ZC_API int zc_rsa_pkcs1v15_encrypt(const zc_rsa_key *k, const uint8_t *msg, size_t msg_len,
                                   uint8_t *out, size_t *out_len);

/**
 * @brief RSAES-PKCS1-v1_5 decryption (RFC 8017, 7.2.2), constant-time to
 *        the end.
 *
 * The padding checks (0x00 0x02, at least eight non-zero padding bytes, a
 * zero separator) are mask computations over the whole block, and the
 * message is moved into place by a shift whose memory pattern does not
 * depend on its length: no failure can be told from another, or from
 * success, by time (Bleichenbacher 1998; the Marvin attack, 2023), up to
 * the returned code and length themselves. On failure @p msg is zeroed.
 * Applications should still avoid this padding for new designs: the
 * returned code is an oracle if it reaches an attacker.
 * @param k       a key with its private part
 * @param in      the ciphertext
 * @param in_len  its length: zc_rsa_size() bytes
 * @param msg     output; must hold zc_rsa_size() - 11 bytes
 * @param msg_len in: size of @p msg; out: the message length
 * @return as zc_rsa_oaep_decrypt().
 */
ZC_API int zc_rsa_pkcs1v15_decrypt(const zc_rsa_key *k, const uint8_t *in, size_t in_len,
                                   uint8_t *msg, size_t *msg_len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_RSA_H */
