/**
 * @file zcrypt/stats.h
 * @ingroup zcrypt_core
 * @brief Usage statistics (which backend ran what) and the hardware-only policy.
 *
 * The statistics count, per algorithm (with its key size where it matters)
 * and per backend, the calls and the bytes of every operation, apart for the
 * two directions (encrypt/decrypt; for RSA the private-key and the
 * public-key operation; hashes, MACs and random use the first only). They
 * are off by default and switched on by `ZCRYPT_STATS=1` in the environment
 * (read once, at the first counted call; a value other than 0 or 1 leaves
 * them off and is listed by zc_settings_ignored()) or by
 * zc_stats_enable(). Off, an
 * operation pays one predictable branch; on, a relaxed atomic add on a
 * cache line shared by few threads (see lib/core/stats.c). Counting never fails
 * and never changes an operation's result.
 *
 * The hardware-only policy (`ZCRYPT_POLICY=hw-only`, or zc_policy_set();
 * an unknown ZCRYPT_POLICY value counts as hw-only, see zc_policy_get())
 * makes every operation that would run this library's software
 * implementation return ZC_ENOTSUP instead: AUTO keys and contexts that
 * fell back, keys and contexts made with ZC_BACKEND_SOFTWARE, RC4, RSA, and
 * hashes whose KIMD/KLMD function code is missing. It is checked when a key
 * or context is initialised and again at each mode call. zc_random_bytes()
 * is unaffected (its source is the kernel, plus PRNO where installed).
 */
#ifndef ZCRYPT_STATS_H
#define ZCRYPT_STATS_H

#include <zcrypt/common.h>
#include <zcrypt/caps.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Where a counted call ran. */
enum zc_stat_backend {
    ZC_STAT_CPACF = 0,     /**< CPACF with a clear key */
    ZC_STAT_PROTECTED,     /**< CPACF with a protected (encrypted) key */
    ZC_STAT_CEX,           /**< a Crypto Express adapter */
    ZC_STAT_SOFTWARE,      /**< this library's software implementation (or, for random, the kernel alone) */
    ZC_STAT_BACKENDS       /**< number of backends */
};

/** Number of counter rows (algorithm and key size); zc_stat_id() numbers them. */
#define ZC_STAT_ALGOS 95

/** One counter pair. */
struct zc_stat_cell {
    uint64_t calls;        /**< completed and failed calls that reached their backend */
    uint64_t bytes;        /**< input bytes of those calls */
};

/** A snapshot of all counters: [row][backend][direction]. */
struct zc_stats {
    /** Direction 0: encrypt, sign/decrypt with the private key (RSA),
     *  hash, MAC, generate; direction 1: decrypt, public-key operation (RSA). */
    struct zc_stat_cell cell[ZC_STAT_ALGOS][ZC_STAT_BACKENDS][2];
};

/** Output formats of zc_stats_format(). */
enum zc_stats_format {
    ZC_STATS_TEXT = 0,     /**< one line per non-zero counter pair */
    ZC_STATS_JSON          /**< one JSON object */
};

/**
 * @brief Switch counting on (1) or off (0) for the whole process.
 * @return ZC_OK; ZC_EINVAL for another value.
 */
ZC_API int zc_stats_enable(int on);

/**
 * @brief 1 when counting is on (after `ZCRYPT_STATS=1` or zc_stats_enable(1)), else 0.
 */
ZC_API int zc_stats_enabled(void);

/**
 * @brief Copy all counters into s (the size-safe form of
 * zc_stats_snapshot(), which passes sizeof *s). Counts of threads that
 * have exited are included. Concurrent calls may or may not be in it (each
 * counter is read atomically, the whole is not one instant).
 *
 * A library with more rows than the caller's struct zc_stats (an
 * application built against an older header) fills only the rows that fit;
 * one with fewer zeroes the rest: rows keep their numbers across versions,
 * new rows are added at the end.
 * @param s    the snapshot
 * @param size its size in bytes: a whole number of rows (sizeof s->cell[0])
 * @return ZC_OK; ZC_EINVAL when s is NULL or size is 0 or not a whole
 *         number of rows (nothing written).
 */
ZC_API int zc_stats_snapshot_sized(struct zc_stats *s, size_t size);

/**
 * @brief Copy all counters into @p s, a struct zc_stats: zc_stats_snapshot_sized()
 * with the size of the caller's struct, so that rows a later library adds
 * never overrun it.
 */
#define zc_stats_snapshot(s) zc_stats_snapshot_sized((s), sizeof *(s))

/** @brief Set every counter to zero. */
ZC_API void zc_stats_reset(void);

/**
 * @brief The counter row of an algorithm and key size.
 * @param algo the algorithm as the backend query names it
 * @param key_len key bytes: AES 16/24/32, DES 8/16/24, RSA the modulus
 *        bytes (1024, 2048, 3072 and 4096 bits have rows, other sizes share
 *        one); ignored for hashes, RC4 and random
 * @return 0..ZC_STAT_ALGOS-1; ZC_EINVAL for an unknown algorithm or key size.
 */
ZC_API int zc_stat_id(enum zc_algo algo, size_t key_len);

/**
 * @brief Name a counter row, e.g. "AES-128-CBC", "TDES-192-ECB", "RSA-2048",
 * "SHA-512"; NULL for a number that is not a row.
 */
ZC_API const char *zc_stat_name(int id);

/**
 * @brief Name a backend of the statistics: "cpacf", "protected", "cex",
 * "software"; NULL otherwise.
 */
ZC_API const char *zc_stat_backend_name(enum zc_stat_backend b);

/**
 * @brief Write s as text or JSON into buf (NUL-terminated), only the
 * non-zero counters (the size-safe form of zc_stats_format(), which passes
 * sizeof *s). No printing, no allocation.
 * @param s    a snapshot
 * @param size its size in bytes, as for zc_stats_snapshot_sized(): rows
 *             beyond it are not read, rows beyond this library's are ignored
 * @param fmt  ZC_STATS_TEXT or ZC_STATS_JSON
 * @param buf  the output
 * @param len  its size in bytes
 * @return the length written (without the NUL); ZC_ENOMEM when buf is too
 *         small (buf then holds an empty string when len > 0); ZC_EINVAL
 *         for a NULL s or buf, a size that is 0 or not a whole number of
 *         rows, or an unknown format.
 */
ZC_API int zc_stats_format_sized(const struct zc_stats *s, size_t size,
                                 enum zc_stats_format fmt, char *buf, size_t len);

/**
 * @brief Write the snapshot @p s as text or JSON: zc_stats_format_sized()
 * with the size of the caller's struct zc_stats.
 */
#define zc_stats_format(s, fmt, buf, len) \
    zc_stats_format_sized((s), sizeof *(s), (fmt), (buf), (len))

/** @cond PRIVATE */
/* The entry points of 0.1.0, for binaries built against its header: they
 * read and write exactly that header's 95 rows. */
ZC_API int (zc_stats_snapshot)(struct zc_stats *s);
ZC_API int (zc_stats_format)(const struct zc_stats *s, enum zc_stats_format fmt,
                             char *buf, size_t len);
/** @endcond */

/** The policies of zc_policy_set(). */
enum zc_policy {
    ZC_POLICY_ANY = 0,     /**< the default: software runs where the backend rules say so */
    ZC_POLICY_HW_ONLY      /**< anything that would run in software returns ZC_ENOTSUP */
};

/**
 * @brief Set the process-wide policy (overrides `ZCRYPT_POLICY`).
 * Keys and contexts made before keep their backend; their mode calls follow
 * the policy in force at each call.
 * @return ZC_OK; ZC_EINVAL for an unknown policy.
 */
ZC_API int zc_policy_set(enum zc_policy p);

/**
 * @brief The policy in force.
 *
 * Unless zc_policy_set() was called first, it is read once from
 * `ZCRYPT_POLICY`: unset, empty or `any` give ZC_POLICY_ANY, `hw-only`
 * gives ZC_POLICY_HW_ONLY (both in any letter case), and any other value
 * is not understood: it gives ZC_POLICY_HW_ONLY too (a mistyped
 * restriction must not lift it) and is listed by zc_settings_ignored().
 */
ZC_API enum zc_policy zc_policy_get(void);

/** Buffer size that always holds zc_settings_ignored()'s answer. */
#define ZC_SETTINGS_IGNORED_MAX 168

/**
 * @brief The `ZCRYPT_POLICY` and `ZCRYPT_STATS` values that are not
 *        understood, as "NAME=VALUE" items separated by commas (e.g.
 *        "ZCRYPT_POLICY=hw_only,ZCRYPT_STATS=yes"); "" when none.
 *
 * The counterpart of zc_caps_ignored_list(). `ZCRYPT_POLICY` takes unset,
 * empty, `any` or `hw-only` (any case); anything else is listed and taken
 * as hw-only (zc_policy_get()). `ZCRYPT_STATS` takes unset, empty, `0` or
 * `1`; anything else is listed and leaves counting off. The variables are
 * read at each call. Each value is shown with at most 63 characters (then
 * "..."), a comma or a non-printable character as '?'.
 * @param buf  receives the NUL-terminated list
 * @param size its size; ::ZC_SETTINGS_IGNORED_MAX always suffices
 * @return ZC_OK; ZC_EINVAL for NULL @p buf or @p size 0; ZC_ENOMEM when
 *         the list does not fit (@p buf then holds "").
 */
ZC_API int zc_settings_ignored(char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_STATS_H */
