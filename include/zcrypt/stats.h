/**
 * @file zcrypt/stats.h
 * @ingroup zcrypt_core
 * @brief Usage statistics (which backend ran what) and the hardware-only policy.
 *
 * The statistics count, per algorithm (with its key size where it matters)
 * and per backend, the calls and the bytes of every operation, apart for the
 * two directions (encrypt/decrypt; for RSA and the elliptic curves the
 * private-key and the public-key operation; hashes, MACs and random use
 * the first only). They
 * are off by default and switched on by `ZCRYPT_STATS=1` in the environment
 * (read once, at the first counted call; a value other than 0 or 1 leaves
 * them off and is listed by zc_settings_ignored()) or by
 * zc_stats_enable(); `ZCRYPT_STATS=shared` also counts system-wide, see
 * zc_stats_enable_shared(). Off, an
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
 * is unaffected (its source is the kernel, plus PRNO where installed), and
 * so is the derivation of a public key when an EC key is imported (public
 * data; for Ed25519/Ed448 it includes the hash of the seed, which is not
 * counted, as no import is).
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
#define ZC_STAT_ALGOS 98

/** One counter pair. */
struct zc_stat_cell {
    uint64_t calls;        /**< completed and failed calls that reached their backend */
    uint64_t bytes;        /**< input bytes of those calls */
};

/** A snapshot of all counters: [row][backend][direction]. */
struct zc_stats {
    /** Direction 0: encrypt, sign/decrypt with the private key (RSA),
     *  sign, ECDH and key generation (EC), hash, MAC, generate; direction 1:
     *  decrypt, public-key operation (RSA), verify (EC). */
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
 * @brief 1 when counting is on (after `ZCRYPT_STATS=1`, `ZCRYPT_STATS=shared`,
 *        zc_stats_enable(1) or zc_stats_enable_shared()), else 0.
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
 *        one), EC 0 or f (32, 48, 66); ignored for hashes, RC4 and random
 * @return 0..ZC_STAT_ALGOS-1; ZC_EINVAL for an unknown algorithm or key size.
 */
ZC_API int zc_stat_id(enum zc_algo algo, size_t key_len);

/**
 * @brief Name a counter row, e.g. "AES-128-CBC", "TDES-192-ECB", "RSA-2048",
 * "SHA-512", "P-256"; NULL for a number that is not a row.
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

/**
 * @name Shared (system-wide) statistics
 *
 * In the shared mode (`ZCRYPT_STATS=shared`, or zc_stats_enable_shared())
 * the library adds every count to the in-process counters above and also
 * to a per-user POSIX shared-memory segment, so that `zc-stats(1)` can show
 * afterwards, from outside, what every process of the user ran on which
 * backend. The in-process counters behave exactly as with
 * `ZCRYPT_STATS=1`.
 *
 * - The segment is named ::ZC_STATS_SHM_PREFIX followed by the effective
 *   uid in decimal ("/zcrypt-stats-1000"; zc_stats_shared_name()), created
 *   on first use with O_CREAT|O_EXCL and mode 0600 (a process that loses
 *   the creation race opens the winner's segment and waits briefly for its
 *   header). `ZCRYPT_STATS_SHM_NAME` (a name "/NAME" of up to 200
 *   characters without another '/') replaces the name, for tests that must
 *   not touch the user's real segment; it is ignored under AT_SECURE.
 * - The library maps a segment only after checking that it is a regular
 *   file owned by the effective uid, of mode 0600 exactly, of the size its
 *   header must have, and that the header (magic, layout version, rows,
 *   row names) is exactly this library's. Anything else is never
 *   trusted: the process counts in-process only, and
 *   zc_stats_shared_status() says why (so does zc-info).
 * - Counting: two relaxed atomic adds per counted call, the calls first,
 *   then the bytes. A process killed at any instant thus leaves no torn
 *   counter, and at most one call counted without its bytes per thread;
 *   bytes are never counted without their call.
 * - Failure to create, check or map the segment never fails a crypto call.
 * - With `ZCRYPT_STATS=shared` the library attaches when it is loaded (a
 *   constructor), before the program's threads count. A static link keeps
 *   that constructor through `-Wl,-u,zc_stats_enable_shared`, which
 *   `pkg-config --static zcrypt` adds (a link made by hand needs it too).
 * - A child made by fork() keeps counting into the same mapping; a program
 *   started by exec() attaches again from its environment.
 * - Under AT_SECURE (set-uid and set-gid programs) the shared mode is off:
 *   `ZCRYPT_STATS=shared` counts in-process only and
 *   zc_stats_enable_shared() returns ZC_ENOTSUP, so that a privileged
 *   program never creates or writes a segment chosen by its caller's
 *   environment.
 * - The segment holds counts only, nothing secret; another user can
 *   neither read nor write it (0600).
 * @{
 */

/** The segment name's prefix; the effective uid in decimal follows. */
#define ZC_STATS_SHM_PREFIX "/zcrypt-stats-"

/** The layout version of the segments this library writes and reads. */
#define ZC_STATS_SHM_VERSION 1

/** The state of the shared mode (zc_stats_shared_status()), and why a
 *  segment is not trusted (zc_stats_segment_read()). */
enum zc_stats_shared_state {
    ZC_STATS_SHARED_OFF = 0,      /**< not asked for */
    ZC_STATS_SHARED_ACTIVE,       /**< counting into the segment (a segment: trusted) */
    ZC_STATS_SHARED_SECURE,       /**< AT_SECURE: shared mode off in set-uid/set-gid programs */
    ZC_STATS_SHARED_UNSUPPORTED,  /**< no POSIX shared memory here (bare metal) */
    ZC_STATS_SHARED_BAD_NAME,     /**< ZCRYPT_STATS_SHM_NAME is not a usable name */
    ZC_STATS_SHARED_OPEN_FAILED,  /**< shm_open(), fstat() or ftruncate() failed */
    ZC_STATS_SHARED_MAP_FAILED,   /**< mmap() failed */
    ZC_STATS_SHARED_BAD_OWNER,    /**< not owned by the effective uid, or not a regular file */
    ZC_STATS_SHARED_BAD_MODE,     /**< permissions other than 0600 */
    ZC_STATS_SHARED_BAD_SIZE,     /**< size not the one its header says (e.g. truncated) */
    ZC_STATS_SHARED_BAD_MAGIC,    /**< not a libzcrypt statistics segment, or never initialised */
    ZC_STATS_SHARED_BAD_VERSION,  /**< a layout version this library does not know */
    ZC_STATS_SHARED_BAD_LAYOUT,   /**< header fields or row names inconsistent, or (for
                                       counting) rows other than this library's */
    ZC_STATS_SHARED_STATES        /**< number of states */
};

/**
 * @brief Switch counting on in the shared mode (in-process counters plus
 *        the user's segment), creating the segment if it does not exist.
 *
 * Counting in-process is on whatever the result; a later
 * zc_stats_enable() (1 or 0) leaves the shared mode. The segment is
 * attached once per process: a failure is not retried.
 * @return ZC_OK when counting into the segment; ZC_ENOTSUP under
 *         AT_SECURE or where there is no shared memory; ZC_EDEVICE when
 *         the segment could not be created or mapped or is not trusted
 *         (zc_stats_shared_status() says why).
 */
ZC_API int zc_stats_enable_shared(void);

/**
 * @brief The shared mode's state: ZC_STATS_SHARED_OFF before it is asked
 *        for (by `ZCRYPT_STATS=shared` at the first counted call, or by
 *        zc_stats_enable_shared()), ZC_STATS_SHARED_ACTIVE when counting
 *        into the segment, otherwise why not.
 */
ZC_API enum zc_stats_shared_state zc_stats_shared_status(void);

/**
 * @brief A short English explanation of a state ("counting into the
 *        shared segment", "group or other may access it", ...); NULL for
 *        a value that is not a state.
 */
ZC_API const char *zc_stats_shared_reason(enum zc_stats_shared_state st);

/**
 * @brief The name of this process's segment (as shm_open() takes it).
 * @param buf receives the NUL-terminated name
 * @param len its size; 256 always suffices
 * @return ZC_OK; ZC_EINVAL for a NULL @p buf or a `ZCRYPT_STATS_SHM_NAME`
 *         that is not a usable name; ZC_ENOMEM when it does not fit
 *         (@p buf then holds "" when @p len > 0); ZC_ENOTSUP where there is
 *         no shared memory.
 */
ZC_API int zc_stats_shared_name(char *buf, size_t len);

/**
 * @brief Set the counters of the attached segment to zero, for every
 *        process counting into it.
 *
 * Each counter is decreased by the value read (an atomic subtraction), so
 * counts added meanwhile by other processes are kept. The two counters of
 * a cell are not one word: a call in flight during the reset (between its
 * two adds) may leave its call or its bytes behind, at most one call per
 * counting thread; outside a reset, bytes are never counted without their
 * call.
 * @return ZC_OK; ZC_ENOTSUP when this process is not counting into a
 *         segment (zc_stats_enable_shared() first).
 */
ZC_API int zc_stats_shared_reset(void);

/**
 * @brief Remove the user's segment name (shm_unlink()). Processes that
 *        have it mapped, this one included, keep counting into the
 *        removed segment until they exit; a process that attaches
 *        afterwards creates a new one.
 * @return ZC_OK; ZC_ENOTSUP under AT_SECURE or where there is no shared
 *         memory; ZC_EINVAL for a bad `ZCRYPT_STATS_SHM_NAME`; ZC_EDEVICE
 *         when shm_unlink() fails (no such segment included).
 */
ZC_API int zc_stats_shared_delete(void);

/** What zc_stats_segment_read() found in a segment's bytes. */
struct zc_stats_segment_info {
    enum zc_stats_shared_state state; /**< ZC_STATS_SHARED_ACTIVE: trusted; else why not */
    uint32_t version;        /**< its layout version (0 when the magic is wrong) */
    uint32_t rows;           /**< its rows */
    uint32_t unknown_rows;   /**< its rows whose names this library does not know */
    uint64_t size;           /**< its size in bytes, as its header says */
    uint64_t epoch;          /**< boot time (seconds since 1970) of the system that
                                  created it; 0 unknown */
    uint64_t unknown_calls;  /**< calls counted in the unknown rows */
    uint64_t unknown_bytes;  /**< bytes counted in the unknown rows */
};

/**
 * @brief Check and decode a copy of a statistics segment (read with
 *        pread(), never mapped), as zc-stats does.
 *
 * The header must be consistent (magic, a known version, backends,
 * directions, name size, row count, header size) and the segment exactly
 * as long as it says. Rows are matched by name to this library's rows
 * (zc_stat_name()), so a segment of a newer library with more rows is
 * read, its unknown rows summed in @p info. No printing, no allocation;
 * any bytes are safe to pass.
 * @param seg  the bytes
 * @param len  their number
 * @param info receives what was found (always written)
 * @param s    receives the counts by this library's row numbers
 * @param size its size, as for zc_stats_snapshot_sized()
 * @return ZC_OK for a trusted segment; ZC_EINVAL for NULL @p seg (with a
 *         non-zero @p len), @p info or @p s, a bad @p size, or a segment
 *         that is not trusted (then info->state says why and @p s is zeroed).
 */
ZC_API int zc_stats_segment_read(const void *seg, size_t len,
                                 struct zc_stats_segment_info *info,
                                 struct zc_stats *s, size_t size);

/** @} */

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
 * as hw-only (zc_policy_get()). `ZCRYPT_STATS` takes unset, empty, `0`,
 * `1` or `shared`; anything else is listed and leaves counting off. The variables are
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
