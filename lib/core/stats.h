/*
 * stats.h - the counting hook every family calls once per operation, where
 * the operation has decided its backend (lib/core/stats.c keeps the counters).
 *
 * Off (the default), zc_stat_count() is one load and one branch that is
 * never taken; the row is worked out only when counting is on.
 */
#ifndef ZC_STATS_INT_H
#define ZC_STATS_INT_H

#include <stddef.h>
#include <stdint.h>
#include <zcrypt/stats.h>

/*
 * The rows of the counters (zc_stat_id): hashes by their zc_hash_alg
 * number, then AES with 16 mode slots x 3 key sizes, DES with 8 x 3, RC4,
 * RSA by modulus size (1024, 2048, 3072, 4096, other), random, the
 * elliptic curves P-256, P-384, P-521 (one row each). Each family
 * names its rows in its descriptor (core/family.h). New rows go at the
 * end, so that a row keeps its number.
 */
enum {
    ZC_STAT_ROW_HASH = 0,
    ZC_STAT_ROW_AES = 16,
    ZC_STAT_AES_MODES = 16,
    ZC_STAT_ROW_DES = ZC_STAT_ROW_AES + ZC_STAT_AES_MODES * 3,
    ZC_STAT_DES_MODES = 8,
    ZC_STAT_ROW_RC4 = ZC_STAT_ROW_DES + ZC_STAT_DES_MODES * 3,
    ZC_STAT_ROW_RSA,
    ZC_STAT_RSA_SIZES = 5,
    ZC_STAT_ROW_RANDOM = ZC_STAT_ROW_RSA + ZC_STAT_RSA_SIZES,
    ZC_STAT_ROW_EC,
    ZC_STAT_EC_CURVES = 3,
    ZC_STAT_ROWS = ZC_STAT_ROW_EC + ZC_STAT_EC_CURVES
};
_Static_assert(ZC_STAT_ROWS == ZC_STAT_ALGOS, "ZC_STAT_ALGOS counts the rows");

/* The rows of 0.1.0's header, which the unsized entry points of
 * zcrypt/stats.h serve for binaries built against it. */
#define ZC_STAT_ROWS_0_1 95u

/* The rows a caller's struct zc_stats of size bytes holds: a whole
 * number of rows, or 0 for a size that is none. Inline, so that
 * stats_format.c and stats_shm.c need nothing of stats.c. */
static inline size_t zc_stats_rows(size_t size)
{
    size_t row = sizeof(((struct zc_stats *)0)->cell[0]);

    return size != 0 && size % row == 0 ? size / row : 0;
}

/* The shared segment's layout (core/stats_shm.c): its size, where the
 * counters start, the creator's header (magic last), and the check that
 * a segment is exactly this library's layout before it is counted into. */
size_t zc_shm_size(void);
size_t zc_shm_cells_offset(void);
void zc_shm_init(void *base, uint64_t epoch);
enum zc_stats_shared_state zc_shm_check(const void *base, size_t len);

/* -1: ZCRYPT_STATS not read yet, 0: off, 1: on, 2: on and shared. */
extern int zc_stats_state __attribute__((visibility("hidden")));   /* no GOT load */

/* The shared segment's counters (core/stats_shm.c publishes them), or NULL. */
extern struct zc_stat_cell *zc_stats_shm_cells __attribute__((visibility("hidden")));

/* The counting itself: the row from (algo, key_len), then the add. */
void zc_stat_add(enum zc_algo algo, size_t key_len, enum zc_stat_backend be,
                 unsigned dir, uint64_t bytes);

static inline void zc_stat_count(enum zc_algo algo, size_t key_len, enum zc_stat_backend be,
                                 unsigned dir, uint64_t bytes)
{
    if (__builtin_expect(__atomic_load_n(&zc_stats_state, __ATOMIC_RELAXED) != 0, 0))
        zc_stat_add(algo, key_len, be, dir, bytes);
}

/* A symmetric key's backend (ZC_BACKEND_CPACF or _SOFTWARE) as counted. */
static inline enum zc_stat_backend zc_stat_be(int backend, int prot)
{
    if (backend != ZC_BACKEND_CPACF)
        return ZC_STAT_SOFTWARE;
    return prot ? ZC_STAT_PROTECTED : ZC_STAT_CPACF;
}

/* A ZCRYPT_STATS value: 1 on ("1"), 2 shared ("shared"), 0 off (unset, ""
 * or "0"), -1 not understood. */
int zc_stats_env_value(const char *v);

#endif /* ZC_STATS_INT_H */
