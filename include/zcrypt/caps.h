/**
 * @file zcrypt/caps.h
 * @ingroup zcrypt_core
 * @brief What this machine offers, and where each algorithm runs.
 *
 * Facility detection runs lazily and thread-safely on first use: STFLE
 * (where the kernel allows it), then the query function of every CPACF
 * instruction whose facility is installed. Nothing ever waits for it:
 * callers that race the first use (threads, a fork() child, a signal
 * handler) each detect, and the first answer published stands for the
 * life of the process. The
 * `ZCRYPT_CAPS` environment variable, read at the same moment, can only
 * take capabilities away:
 *
 *  - `ZCRYPT_CAPS=none`: no CPACF at all; everything runs in software.
 *  - `ZCRYPT_CAPS=-KIMD`: remove one instruction (any name of ::zc_insn,
 *    case-insensitive).
 *  - `ZCRYPT_CAPS=-KIMD:3` or `-KIMD:SHA-512`: remove one function code of
 *    one instruction, by number or by the name zc_cpacf_fc_name() gives.
 *    Names are case-insensitive and each '-' in them is optional:
 *    `-KIMD:sha512` and `-KM:AES128` work as well.
 *  - Several items are separated by commas or spaces:
 *    `ZCRYPT_CAPS=-KIMD:SHA-512,-KLMD:SHA-512,-PRNO`.
 *
 * An item that does not parse (unknown name, number out of range, a `+`
 * that would add something) is ignored, counted (zc_caps_ignored_items())
 * and recorded (zc_caps_ignored_list()); the remaining items still apply,
 * nothing crashes, and nothing that the machine lacks is ever added.
 */
#ifndef ZCRYPT_CAPS_H
#define ZCRYPT_CAPS_H

#include <zcrypt/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The CPACF instructions. Numbering is part of the ABI. */
enum zc_insn {
    ZC_INSN_KM = 0,   /**< cipher message (MSA) */
    ZC_INSN_KMC,      /**< cipher message with chaining (MSA) */
    ZC_INSN_KMCTR,    /**< cipher message with counter (MSA-4) */
    ZC_INSN_KMF,      /**< cipher message with cipher feedback (MSA-4) */
    ZC_INSN_KMO,      /**< cipher message with output feedback (MSA-4) */
    ZC_INSN_KMAC,     /**< compute message authentication code (MSA) */
    ZC_INSN_KIMD,     /**< compute intermediate message digest (MSA) */
    ZC_INSN_KLMD,     /**< compute last message digest (MSA) */
    ZC_INSN_PCC,      /**< perform cryptographic computation (MSA-4) */
    ZC_INSN_PCKMO,    /**< perform cryptographic key management operation (MSA-3, privileged) */
    ZC_INSN_PRNO,     /**< perform random number operation (MSA-5) */
    ZC_INSN_KMA,      /**< cipher message with authentication (MSA-8) */
    ZC_INSN_KDSA,     /**< compute digital signature authentication (MSA-9) */
    ZC_INSN_COUNT     /**< number of instructions (not an instruction) */
};

/** @brief Mnemonic of an instruction ("KIMD"), or "unknown" (also for ::ZC_INSN_COUNT). */
ZC_API const char *zc_insn_name(enum zc_insn insn);

/**
 * @brief Facility bit number that makes an instruction available
 *        (17 for MSA, 77 for MSA-4, ...), or -1 for an unknown value.
 */
ZC_API int zc_insn_facility(enum zc_insn insn);

/**
 * @brief 1 when this is an s390x build running where STFLE may be issued
 *        (the facility list below is real), 0 otherwise.
 */
ZC_API int zc_cpacf_present(void);

/**
 * @brief One STFLE facility bit as the machine reports it (0 or 1; 0 on
 *        other architectures and for bits beyond 255). ZCRYPT_CAPS does
 *        not change facility bits; it changes the query masks.
 */
ZC_API int zc_facility(unsigned bit);

/**
 * @brief An instruction's query mask.
 * @param insn      the instruction
 * @param effective 0: as the machine answered; 1: after ZCRYPT_CAPS
 * @param mask      16 bytes; bit n (byte n/8, bit 0x80 >> n%8) set means
 *                  function code n is installed
 * @return ZC_OK; ZC_EINVAL for an unknown @p insn or NULL @p mask;
 *         ZC_ENOTSUP when the instruction was not queried here (facility
 *         not installed, no CPACF, or PCKMO, which is privileged and never
 *         issued in user space); @p mask is then all zero.
 */
ZC_API int zc_cpacf_query(enum zc_insn insn, int effective, uint8_t mask[16]);

/**
 * @brief 1 when function code @p fc of @p insn is installed and not removed
 *        by ZCRYPT_CAPS; 0 otherwise.
 */
ZC_API int zc_cpacf_has(enum zc_insn insn, unsigned fc);

/**
 * @brief Name of a function code of an instruction ("AES-128", "SHA-512",
 *        "TRNG", ...), or NULL when libzcrypt does not know it.
 */
ZC_API const char *zc_cpacf_fc_name(enum zc_insn insn, unsigned fc);

/**
 * @brief The ZCRYPT_CAPS value in force (as read once), or NULL when unset.
 */
ZC_API const char *zc_caps_setting(void);

/** @brief Number of ZCRYPT_CAPS items that were ignored as malformed. */
ZC_API unsigned zc_caps_ignored_items(void);

/** Buffer size that always holds zc_caps_ignored_list()'s answer. */
#define ZC_CAPS_IGNORED_MAX 288

/**
 * @brief The ZCRYPT_CAPS items that were ignored, as written, in order,
 *        separated by commas (e.g. "bogus,+KM,-KM:200"); "" when none.
 *
 * When the setting is longer than 255 characters, the rest (including the
 * item cut in two there) is not kept and is listed as
 * "(beyond 255 characters)".
 * @param buf  receives the NUL-terminated list
 * @param size its size; ::ZC_CAPS_IGNORED_MAX always suffices
 * @return ZC_OK; ZC_EINVAL for NULL @p buf or @p size 0; ZC_ENOMEM when
 *         the list does not fit (@p buf then holds "").
 */
ZC_API int zc_caps_ignored_list(char *buf, size_t size);

/**
 * @brief Everything the library can tell a backend query about.
 *
 * The hash values equal those of ::zc_hash_alg; later families are
 * appended with numbers of their own.
 */
enum zc_algo {
    ZC_ALGO_SHA1 = 0,        /**< SHA-1 (KIMD/KLMD function code 1) */
    ZC_ALGO_SHA224,          /**< SHA-224 (on SHA-256's function code) */
    ZC_ALGO_SHA256,          /**< SHA-256 */
    ZC_ALGO_SHA384,          /**< SHA-384 (on SHA-512's function code) */
    ZC_ALGO_SHA512,          /**< SHA-512 */
    ZC_ALGO_SHA512_224,      /**< SHA-512/224 (on SHA-512's function code) */
    ZC_ALGO_SHA512_256,      /**< SHA-512/256 (on SHA-512's function code) */
    ZC_ALGO_SHA3_224,        /**< SHA3-224: KIMD/KLMD 32, after its self-test */
    ZC_ALGO_SHA3_256,        /**< SHA3-256: KIMD/KLMD 33, after its self-test */
    ZC_ALGO_SHA3_384,        /**< SHA3-384: KIMD/KLMD 34, after its self-test */
    ZC_ALGO_SHA3_512,        /**< SHA3-512: KIMD/KLMD 35, after its self-test */
    ZC_ALGO_SHAKE128,        /**< SHAKE128: KIMD/KLMD 36, after its self-test */
    ZC_ALGO_SHAKE256,        /**< SHAKE256: KIMD/KLMD 37, after its self-test */
    ZC_ALGO_AES_ECB = 32,    /**< AES-ECB: KM (key_len 16, 24 or 32) */
    ZC_ALGO_AES_CBC,         /**< AES-CBC: KM + KMC */
    ZC_ALGO_AES_CTR,         /**< AES-CTR: KM + KMCTR */
    ZC_ALGO_AES_CFB,         /**< AES-CFB-128: KM + KMF */
    ZC_ALGO_AES_OFB,         /**< AES-OFB: KM + KMO */
    ZC_ALGO_AES_XTS,         /**< AES-XTS: KM + KM-XTS + PCC-XTS (key_len 16 or 32, per key); clear keys use KM full XTS 82/84 after its self-test */
    ZC_ALGO_AES_GCM,         /**< AES-GCM: KMA (after its self-test), else KM + KMCTR + KIMD-GHASH */
    ZC_ALGO_AES_CMAC,        /**< AES-CMAC: KM + KMAC + PCC */
    ZC_ALGO_AES_CCM,         /**< AES-CCM: KM + KMAC + KMCTR */
    ZC_ALGO_DES_ECB = 48,    /**< DES/TDES-ECB: KM (key_len 8, 16 or 24) */
    ZC_ALGO_DES_CBC,         /**< DES/TDES-CBC: KM + KMC */
    ZC_ALGO_DES_CFB,         /**< DES/TDES-CFB-64: KM + KMF */
    ZC_ALGO_DES_OFB,         /**< DES/TDES-OFB: KM + KMO */
    ZC_ALGO_DES_CTR,         /**< DES/TDES-CTR: KM + KMCTR */
    ZC_ALGO_DES_CMAC,        /**< DES/TDES-CMAC: KM + KMAC + PCC */
    ZC_ALGO_RC4 = 56,        /**< RC4: software only, always */
    ZC_ALGO_RANDOM = 64,     /**< zc_random_bytes(): CPACF means PRNO-TRNG is mixed into getrandom() */
    ZC_ALGO_RSA = 72,        /**< RSA (key_len: modulus bytes, 64..1024): a Crypto Express adapter when one is online (asked at each query), else software; CPACF has no RSA */
    ZC_ALGO_EC_P256 = 80,    /**< ECDSA and ECDH on P-256 (key_len 0 or 32): CPACF when KDSA sign and verify and PCC's scalar multiplication for the curve are all installed and self-tested, else software with the first missing code (or ::ZC_REASON_SELFTEST) */
    ZC_ALGO_EC_P384,         /**< ECDSA and ECDH on P-384 (key_len 0 or 48): as P-256 */
    ZC_ALGO_EC_P521,         /**< ECDSA and ECDH on P-521 (key_len 0 or 66): as P-256 */
    ZC_ALGO_EC_X25519,       /**< X25519 ECDH (RFC 7748; key_len 0 or 32): CPACF when PCC's scalar multiplication 80 is installed and self-tested, else software naming it (or ::ZC_REASON_SELFTEST) */
    ZC_ALGO_EC_X448,         /**< X448 ECDH (RFC 7748; key_len 0 or 56): as X25519, with PCC 81 */
    ZC_ALGO_EC_ED25519,      /**< Ed25519 signatures (RFC 8032; key_len 0 or 32): CPACF when KDSA sign 40 and verify 32 and PCC 72 are all installed and self-tested, else software with the first missing code (or ::ZC_REASON_SELFTEST); the ctx and ph forms always in software */
    ZC_ALGO_EC_ED448         /**< Ed448 signatures (RFC 8032; key_len 0 or 57): as Ed25519, with KDSA 44 and 36 and PCC 73 */
};

/** @brief Why an algorithm runs where it runs. */
enum zc_reason {
    ZC_REASON_CPACF = 0,     /**< every instruction and function code it needs is installed */
    ZC_REASON_NOT_S390X,     /**< built for another architecture: no CPACF */
    ZC_REASON_NO_STFLE,      /**< the kernel does not offer STFLE, so no facility can be seen */
    ZC_REASON_NO_FACILITY,   /**< the instruction's facility (MSA level) is not installed */
    ZC_REASON_NO_FUNCTION,   /**< the instruction lacks the function code */
    ZC_REASON_MASKED,        /**< ZCRYPT_CAPS removed the instruction or function code */
    ZC_REASON_BAD_KEY_SIZE,  /**< no CPACF function exists for this key size */
    ZC_REASON_SELFTEST,      /**< installed, but its one-time known-answer self-test failed */
    ZC_REASON_SOFTWARE_ONLY, /**< no CPACF function exists for the algorithm (RC4) */
    ZC_REASON_CEX,           /**< RSA: a Crypto Express adapter is online (/dev/z90crypt) */
    ZC_REASON_CEX_NO_INTERFACE, /**< RSA: no Crypto Express interface here (not s390x Linux) */
    ZC_REASON_CEX_NO_DEVICE, /**< RSA: no /dev/z90crypt (the zcrypt module is not loaded) */
    ZC_REASON_CEX_NO_ADAPTER, /**< RSA: /dev/z90crypt lists no adapter online in this domain */
    ZC_REASON_CEX_FAILED,    /**< RSA: /dev/z90crypt cannot be opened or asked (e.g. permissions) */
    ZC_REASON_CEX_KEY_SIZE,  /**< RSA: adapters online, but none takes moduli beyond 4096 bits */
    ZC_REASON_POLICY         /**< it would run in software, which the hardware-only policy
                                  (`ZCRYPT_POLICY=hw-only`, zc_policy_set()) refuses: operations
                                  return ZC_ENOTSUP; @c insn and @c fc still name what is missing */
};

/** @brief Answer of zc_backend_query(). */
struct zc_backend_info {
    enum zc_backend backend; /**< what ZC_BACKEND_AUTO runs: CPACF or SOFTWARE (CEX for RSA) */
    enum zc_reason reason;   /**< why */
    enum zc_insn insn;       /**< the instruction that decided: the one used, or the first one
                                  missing; ::ZC_INSN_COUNT when no CPACF instruction exists for
                                  the algorithm (RC4, RSA) */
    unsigned fc;             /**< its function code */
};

/**
 * @brief Where ZC_BACKEND_AUTO runs an algorithm, and why.
 * @param algo    the algorithm
 * @param key_len key length in bytes for keyed algorithms; ignored (pass 0)
 *                for hashes and random numbers
 * @param info    the answer
 * Under the hardware-only policy (zcrypt/stats.h), an algorithm that would
 * run in software has @c backend ZC_BACKEND_SOFTWARE and @c reason
 * ::ZC_REASON_POLICY: its operations return ZC_ENOTSUP (::ZC_ALGO_RANDOM
 * is unaffected).
 * @return ZC_OK; ZC_EINVAL for NULL @p info, an unknown @p algo, or a key
 *         length the algorithm does not take.
 */
ZC_API int zc_backend_query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info);

/**
 * @brief State of the one-time known-answer self-test that guards a CPACF
 *        function no emulator executes (today: KMA-GCM, function codes
 *        18-20; KIMD/KLMD SHA-3 and SHAKE, 32-37; KM full XTS, 82/84;
 *        KMAC HMAC-SHA-224..512, 112-115). Runs the test if it has not
 *        run yet.
 * @return 1 passed (the function is used); 0 failed (treated as not
 *         installed); -1 not applicable (not installed here, removed by
 *         ZCRYPT_CAPS, or a function without such a test).
 */
ZC_API int zc_cpacf_selftest(enum zc_insn insn, unsigned fc);

/** @brief Name an algorithm of ::zc_algo ("SHA-256", "random"), or "unknown". */
ZC_API const char *zc_algo_name(enum zc_algo algo);

/** @brief An algorithm at one key size: a row of zc_algo_row(). */
struct zc_algo_row {
    enum zc_algo algo;       /**< the algorithm */
    size_t key_len;          /**< its key length in bytes (RSA: the modulus), 0 for none */
};

/**
 * @brief The rows a report of this library lists: every algorithm at each
 *        key size it takes, family by family (the rows of `zc-info`).
 * @param i   0 for the first row, counting up
 * @param row the row, for zc_backend_query()
 * @return ZC_OK; ZC_EINVAL for @p row NULL or @p i past the last row
 *         (nothing written).
 */
ZC_API int zc_algo_row(size_t i, struct zc_algo_row *row);

/**
 * @brief The CPACF functions used only after a known-answer self-test
 *        (see zc_cpacf_selftest()), one per call, in ascending order of
 *        function code.
 * @param i    0 for the first, counting up
 * @param insn the instruction
 * @param fc   its function code
 * @return ZC_OK; ZC_EINVAL for a NULL pointer or @p i past the last
 *         (nothing written).
 */
ZC_API int zc_selftest_row(size_t i, enum zc_insn *insn, unsigned *fc);

/** @brief Describe a reason in a few words, or "unknown". */
ZC_API const char *zc_reason_str(enum zc_reason reason);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_CAPS_H */
