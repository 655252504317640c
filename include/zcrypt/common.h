/**
 * @file zcrypt/common.h
 * @ingroup zcrypt_core
 * @brief Error codes, backends and the library version.
 */
#ifndef ZCRYPT_COMMON_H
#define ZCRYPT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @cond INTERNAL */
/* Public symbols are the only ones the shared library exports. */
#if defined(ZC_BUILDING_LIBRARY) && defined(__GNUC__)
#define ZC_API __attribute__((visibility("default")))
#else
#define ZC_API
#endif
/** @endcond */

/** @name Error codes
 * Every fallible function returns ZC_OK (0) or one of these negative codes.
 * @{ */
#define ZC_OK        0   /**< Success. */
#define ZC_EINVAL   (-1) /**< Bad argument: NULL with a non-zero length, wrong length, wrong key size, unknown algorithm, partial overlap of input and output. */
#define ZC_ENOTSUP  (-2) /**< The requested backend or function is not available on this machine. */
#define ZC_EAUTH    (-3) /**< Authentication failed: tag, MAC or signature check. */
#define ZC_EKEY     (-4) /**< A protected or secure key could not be derived or re-derived. */
#define ZC_EDEVICE  (-5) /**< A kernel device or interface (/dev/pkey, /dev/z90crypt, getrandom) failed, or a CPACF instruction answered what cannot happen for the key (e.g. stopped early on a clear key): the call fails closed, its output zeroed. */
#define ZC_ENOMEM   (-6) /**< Not enough memory or buffer space (e.g. an output buffer too small). */
#define ZC_ESTATE   (-7) /**< Call out of order: the context is in the wrong state for this call (never initialised, already finished or wiped, GCM AAD after text, its key wiped meanwhile). */
/** @} */

/**
 * Shortest tag the MAC verification calls (zc_hmac_verify(),
 * zc_aes_cmac_verify() and their streaming forms) accept: a shorter tag
 * is forgeable by guessing (2^(8*len) tries), so a length taken from the
 * wire cannot shrink the check below 64 bits. Computing a truncated MAC
 * still allows 1 byte.
 */
#define ZC_MAC_VERIFY_MIN 8

/**
 * @brief Name an error code.
 * @param err a value returned by a libzcrypt function
 * @return a constant, human-readable string; "unknown error" for values
 *         that are not libzcrypt codes (never NULL).
 */
ZC_API const char *zc_strerror(int err);

/**
 * @brief The library version, e.g. "0.1.0". Never NULL.
 */
ZC_API const char *zc_version(void);

/**
 * @brief Where an operation runs.
 *
 * Chosen when a key or context is initialised and fixed from then on.
 */
enum zc_backend {
    /** CPACF where the facility and function code are installed (STFLE +
     *  query, minus what ZCRYPT_CAPS removes), else the software reference. */
    ZC_BACKEND_AUTO = 0,
    /** CPACF only: ZC_ENOTSUP when this machine lacks the function. Never
     *  falls back silently. */
    ZC_BACKEND_CPACF,
    /** The portable, constant-time software reference implementation. */
    ZC_BACKEND_SOFTWARE,
    /** A Crypto Express adapter (RSA keys only; see zc_rsa_key_set_backend()).
     *  Every other family's init rejects it with ZC_EINVAL. */
    ZC_BACKEND_CEX
};

/**
 * @brief Name a backend: "auto", "cpacf", "software" or "cex" ("unknown" otherwise).
 */
ZC_API const char *zc_backend_name(enum zc_backend backend);

/** @cond PRIVATE */
/* A protected key's key field (wrapped key + 32-byte verification
 * pattern) in two slots, and the generation whose low bit names the
 * current one; another thread may publish a fresh field into the other
 * slot while the key is in use (lib/core/protkey.c). Every key object
 * that can hold a protected key embeds one, so a slot holds the largest
 * field of any family: AES 48-64 bytes, EC 64-112 (P-521), HMAC 96-160
 * (SHA-384/512's 128-byte block). 336 bytes. */
struct zc_protkey_cell {
    uint64_t zc_slot[2][20];    /* two key fields of up to 160 bytes */
    uint32_t zc_gen;            /* publications so far; slot zc_gen & 1 is current */
    uint32_t zc_pub;            /* a thread is publishing a fresh key field */
    uint8_t  zc_len;            /* bytes of a key field */
};
/** @endcond */

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_COMMON_H */
