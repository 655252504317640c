/**
 * @file zcrypt/hmac.h
 * @ingroup zcrypt_hash
 * @brief HMAC (FIPS 198-1) over every fixed-size hash of zcrypt/hash.h.
 *
 * HMAC runs on the hash backend: on CPACF its inner and outer hashes are
 * KIMD/KLMD; HMAC-SHA-224/256/384/512 run on KMAC's HMAC function codes
 * (112-115, MSA-11) instead where the machine has them and their
 * known-answer self-test has passed (zc_cpacf_selftest()). Keys of any length (longer than the block are hashed first);
 * output truncated to 1..digest size bytes. HMAC over SHAKE is ZC_EINVAL.
 * Verification (zc_hmac_verify(), zc_hmac_final_verify()) compares in
 * constant time and takes tags of ::ZC_MAC_VERIFY_MIN (8) bytes or more.
 * Protected HMAC keys (KMAC 120-123): zcrypt/hmac_protected.h; their
 * streams use the same context and the calls below after
 * zc_hmac_init_protected().
 */
#ifndef ZCRYPT_HMAC_H
#define ZCRYPT_HMAC_H

#include <zcrypt/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A streaming HMAC. Caller-allocated; fields are private. Plain
 *        assignment copies a running computation. Holds key-derived
 *        state: wipe it with zc_hmac_wipe() (zc_hmac_final() and
 *        zc_hmac_final_verify() do).
 */
/** @cond PRIVATE */
struct zc_hmac_key;             /* zcrypt/hmac_protected.h */
/** @endcond */

typedef struct zc_hmac_ctx {
    /** @cond PRIVATE */
    zc_hash_ctx zc_inner;       /* H(K0 ^ ipad || ...); KMAC: pending block, length */
    union {
        zc_hash_ctx h;          /* H(K0 ^ opad || ...), finished by final */
        uint64_t kmac[26];      /* KMAC-HMAC: parameter block (cv, imbl, key) */
        struct {
            uint64_t pb[30];    /* KMAC 120-123: cv, imbl, wrapped K0 + pattern */
            const struct zc_hmac_key *key;  /* its protected key, to re-derive */
        } prot;
    } zc_outer;
    uint32_t    zc_magic;
    uint8_t     zc_kmac_fc;     /* KMAC-HMAC function code (112-115, 120-123), 0: two hashes */
    uint8_t     zc_kmac_ikp;    /* the key block is in the chaining value */
    uint8_t     zc_pad[2];
    /** @endcond */
} zc_hmac_ctx;

/**
 * @brief Start an HMAC.
 * @param c       context (overwritten)
 * @param alg     a fixed-size hash (not SHAKE)
 * @param key     the key; NULL only when @p key_len is 0
 * @param key_len any length
 * @param backend as for zc_hash_init()
 * @return ZC_OK; ZC_EINVAL for NULL @p c, NULL @p key with key_len > 0, an
 *         XOF or unknown @p alg, a bad @p backend; ZC_ENOTSUP as
 *         zc_hash_init().
 */
ZC_API int zc_hmac_init(zc_hmac_ctx *c, enum zc_hash_alg alg, const uint8_t *key,
                        size_t key_len, enum zc_backend backend);

/**
 * @brief Feed data.
 * @return ZC_OK; ZC_EINVAL for NULL with a non-zero length; ZC_ESTATE for
 *         an unusable context (also a protected key's context whose key
 *         was wiped meanwhile); ZC_EDEVICE should KMAC-HMAC fail; ZC_EKEY
 *         when a protected key cannot be re-derived (zcrypt/hmac_protected.h).
 *         On ZC_EDEVICE and ZC_EKEY the context is wiped (the position is
 *         lost: the stream cannot go on).
 */
ZC_API int zc_hmac_update(zc_hmac_ctx *c, const void *data, size_t len);

/**
 * @brief Finish: write the first @p out_len bytes of the MAC; the context
 *        is wiped.
 * @return ZC_OK; ZC_EINVAL for NULL @p out or @p out_len outside
 *         1..digest size (nothing written, context kept); ZC_ESTATE;
 *         ZC_EDEVICE should KMAC-HMAC fail, ZC_EKEY when a protected key
 *         cannot be re-derived (nothing written, context wiped).
 */
ZC_API int zc_hmac_final(zc_hmac_ctx *c, uint8_t *out, size_t out_len);

/**
 * @brief Finish and compare the MAC with an expected tag in constant time;
 *        the context is wiped.
 * @param c       an initialised context
 * @param tag     the expected tag: the first @p tag_len bytes of the MAC
 * @param tag_len ::ZC_MAC_VERIFY_MIN (8) .. digest size
 * @return ZC_OK on a match; ZC_EAUTH otherwise; ZC_EINVAL for NULL
 *         arguments or @p tag_len outside 8..digest size (context kept);
 *         ZC_ESTATE, ZC_EDEVICE and ZC_EKEY as zc_hmac_final().
 */
ZC_API int zc_hmac_final_verify(zc_hmac_ctx *c, const uint8_t *tag, size_t tag_len);

/** @brief Clear a context. NULL is ignored. */
ZC_API void zc_hmac_wipe(zc_hmac_ctx *c);

/** @brief The hash backend the context runs on (ZC_BACKEND_AUTO when unusable). */
ZC_API enum zc_backend zc_hmac_backend(const zc_hmac_ctx *c);

/**
 * @brief One-shot HMAC on the AUTO backend.
 * @return as zc_hmac_init(), zc_hmac_update() and zc_hmac_final().
 */
ZC_API int zc_hmac(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                   const void *data, size_t len, uint8_t *out, size_t out_len);

/**
 * @brief One-shot verification on the AUTO backend: ZC_OK when @p tag is
 *        the first @p tag_len bytes of the HMAC of @p data, ZC_EAUTH when
 *        not. The comparison is constant-time.
 * @param alg     a fixed-size hash (not SHAKE)
 * @param key     the key; NULL only when @p key_len is 0
 * @param key_len any length
 * @param data    the message; NULL only when @p len is 0
 * @param len     its length
 * @param tag     the expected tag
 * @param tag_len ::ZC_MAC_VERIFY_MIN (8) .. digest size: a shorter tag
 *                is forgeable by guessing, whatever the protocol says
 * @return ZC_OK; ZC_EAUTH; ZC_EINVAL for NULL arguments, an XOF or
 *         unknown @p alg, or @p tag_len outside 8..digest size;
 *         ZC_ENOTSUP as zc_hash_init().
 */
ZC_API int zc_hmac_verify(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                          const void *data, size_t len, const uint8_t *tag, size_t tag_len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_HMAC_H */
