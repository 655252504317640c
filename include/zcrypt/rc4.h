/**
 * @file zcrypt/rc4.h
 * @ingroup zcrypt_legacy
 * @brief RC4: INSECURE, legacy only, software only.
 *
 * RC4 has practical attacks (biased keystream, RFC 7465 prohibits it in
 * TLS). It is provided for interoperability with old data and to reproduce
 * historic capacity tables in benchmarks, nothing else. By its nature it
 * is not constant-time (its state indexes memory): it is exempt from the
 * library's constant-time rule. No CPACF function exists for it.
 */
#ifndef ZCRYPT_RC4_H
#define ZCRYPT_RC4_H

#include <zcrypt/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief RC4 state. Caller-allocated; fields are private. */
typedef struct zc_rc4_ctx {
    /** @cond PRIVATE */
    uint8_t  zc_s[256];
    uint8_t  zc_i, zc_j;
    uint8_t  zc_pad[2];
    uint32_t zc_magic;
    /** @endcond */
} zc_rc4_ctx;

/**
 * @brief Key schedule.
 * @param c       the state (overwritten)
 * @param key     the key
 * @param key_len 1..256 bytes
 * @return ZC_OK; ZC_EINVAL for NULL arguments or a key length outside 1..256;
 *         ZC_ENOTSUP while the hardware-only policy is on (zcrypt/stats.h):
 *         RC4 exists in software only (zc_rc4_crypt() is refused the same way).
 */
ZC_API int zc_rc4_init(zc_rc4_ctx *c, const uint8_t *key, size_t key_len);

/**
 * @brief XOR the next @p len keystream bytes into @p in, giving @p out
 *        (in == out allowed).
 * @return ZC_OK; ZC_EINVAL for NULL arguments with len > 0 or partial
 *         overlap; ZC_ESTATE for an uninitialised or wiped context.
 */
ZC_API int zc_rc4_crypt(zc_rc4_ctx *c, const uint8_t *in, uint8_t *out, size_t len);

/** @brief Clear the state. NULL is ignored. */
ZC_API void zc_rc4_wipe(zc_rc4_ctx *c);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_RC4_H */
