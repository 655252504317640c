/*
 * stats.h - the counting hook every family calls once per operation, where
 * the operation has decided its backend (lib/core/stats.c keeps the counters).
 *
 * Off (the default), zc_stat_count() is one load and one branch that is
 * never taken; the row is worked out only when counting is on, and then
 * inline: the row folds to a few instructions for a constant algorithm,
 * and the add to this thread's stripe is two atomic adds, no call (the
 * shared mode and the first call, which reads ZCRYPT_STATS, take one).
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
 * elliptic curves P-256, P-384, P-521, X25519, X448, Ed25519, Ed448 (one
 * row each, in the order of enum zc_algo; the last four came after the
 * NIST curves, at the end). Each family
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
    ZC_STAT_EC_CURVES = 7,
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

/*
 * The counters themselves (core/stats.c): ZC_STAT_STRIPES copies, each on
 * lines of its own, a power of two bytes apart so that a stripe's offset
 * is one shift of the hashed stack address. Rows may be added freely: the
 * stripe grows to the next power of two.
 */
#define ZC_STAT_STRIPES 16
#define ZC_STAT_CELLS_BYTES (sizeof(struct zc_stat_cell) * ZC_STAT_ALGOS * ZC_STAT_BACKENDS * 2)
#define ZC_STAT_P2_(x) ((x) | (x) >> 1 | (x) >> 2 | (x) >> 4 | (x) >> 8 | (x) >> 16)
#define ZC_STAT_STRIPE_BYTES (ZC_STAT_P2_(ZC_STAT_CELLS_BYTES - 1) + 1)

struct zc_stat_stripe {
    struct zc_stat_cell cell[ZC_STAT_ALGOS * ZC_STAT_BACKENDS * 2];
} __attribute__((aligned(ZC_STAT_STRIPE_BYTES)));
_Static_assert(sizeof(struct zc_stat_stripe) == ZC_STAT_STRIPE_BYTES &&
               ZC_STAT_STRIPE_BYTES >= 256, "a stripe is a power of two, whole lines");

extern struct zc_stat_stripe zc_stat_stripes[ZC_STAT_STRIPES]
    __attribute__((visibility("hidden")));

/* The cells a row's (backend, direction) pairs occupy: the index of
 * (row, be, dir) in a stripe and in the shared segment alike. */
#define ZC_STAT_CELL(row, be, dir) (((unsigned)(row) * ZC_STAT_BACKENDS + (unsigned)(be)) * 2u + (dir))

/*
 * The row of (algo, key_len), as zc_stat_id() (core/stats.c) numbers it,
 * or a negative value for none: the hashes, AES and DES inline, so that
 * they fold to a few instructions where algo is a constant, the other
 * rows by the call.
 */
static inline __attribute__((always_inline)) int zc_stat_row(enum zc_algo algo, size_t key_len)
{
    unsigned a = (unsigned)algo;

    if (a <= ZC_ALGO_SHAKE256)
        return (int)a;
    if (a >= ZC_ALGO_AES_ECB && a < ZC_ALGO_AES_ECB + ZC_STAT_AES_MODES) {
        /* (key_len - 16) / 8 for 16, 24, 32; the rotation makes any
         * other length, a multiple of 8 or not, larger than 2. */
        size_t i = key_len - 16;

        i = i >> 3 | i << 61;
        if (i > 2)
            return ZC_EINVAL;
        return ZC_STAT_ROW_AES + (int)(a - ZC_ALGO_AES_ECB) * 3 + (int)i;
    }
    if (a >= ZC_ALGO_DES_ECB && a < ZC_ALGO_DES_ECB + ZC_STAT_DES_MODES) {
        if (key_len != 8 && key_len != 16 && key_len != 24)
            return ZC_EINVAL;
        return ZC_STAT_ROW_DES + (int)(a - ZC_ALGO_DES_ECB) * 3 + (int)(key_len / 8 - 1);
    }
    return zc_stat_id(algo, key_len);       /* the rest: stats.c's table */
}

/*
 * The counting in a state other than plain on (1): ZCRYPT_STATS not read
 * yet (-1), or shared (2). cell: ZC_STAT_CELL(), in bounds.
 */
void zc_stat_add_cell(unsigned cell, uint64_t bytes);

/* The counting itself: the row from (algo, key_len), then the add. */
void zc_stat_add(enum zc_algo algo, size_t key_len, enum zc_stat_backend be,
                 unsigned dir, uint64_t bytes);

/*
 * Which stripe the calling thread adds to: its stack address, above the
 * bits that vary within one thread's calls (64 KiB), hashed
 * (multiplicative, the golden ratio's 32 bits), as a byte offset.
 */
static inline __attribute__((always_inline)) size_t zc_stat_stripe_off(void)
{
    /* The frame address, not a local's: a local whose address is taken
     * costs a stack slot and the stack protector's check on every call. */
    uint32_t a = (uint32_t)((uintptr_t)__builtin_frame_address(0) >> 16);

    return (size_t)((a * 0x9e3779b1u) >> 28) * ZC_STAT_STRIPE_BYTES;
}

/*
 * Counting on (1): the cell's two relaxed atomic adds inline, calls first
 * (zcrypt/stats.h); every other state takes the call. The caller checked
 * that counting is not off and that cell is in bounds.
 */
static inline __attribute__((always_inline)) void zc_stat_add_inline(int s, unsigned cell,
                                                                      uint64_t bytes)
{
    if (__builtin_expect(s == 1, 1)) {
        struct zc_stat_cell *c = (struct zc_stat_cell *)((char *)zc_stat_stripes +
                                                         zc_stat_stripe_off()) + cell;

        __atomic_fetch_add(&c->calls, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&c->bytes, bytes, __ATOMIC_RELAXED);
    } else {
        zc_stat_add_cell(cell, bytes);
    }
}

/* The switch, one relaxed load: 0 off, anything else counts. */
static inline __attribute__((always_inline)) int zc_stat_state(void)
{
    return __atomic_load_n(&zc_stats_state, __ATOMIC_RELAXED);
}

/*
 * Count one operation with counting not off (s = zc_stat_state(), not 0):
 * the row (folded where algo is a constant), the bounds check and the
 * stripe's adds, inline. Callers whose arguments cost work (a backend to
 * work out) test the state first and compute them only then.
 */
static inline __attribute__((always_inline))
void zc_stat_count_on(int s, enum zc_algo algo, size_t key_len, enum zc_stat_backend be,
                      unsigned dir, uint64_t bytes)
{
    int row = zc_stat_row(algo, key_len);

    if (row >= 0 && row < ZC_STAT_ROWS && (unsigned)be < ZC_STAT_BACKENDS && dir <= 1)
        zc_stat_add_inline(s, ZC_STAT_CELL(row, be, dir), bytes);
}

/*
 * Count one operation. Off (the default): one load and one branch that
 * is never taken. On, inline; where the algorithm is known only at run
 * time (a hash context's), only a hash's row is inline and any other
 * takes the call: the whole of zc_stat_row() inline there cost the
 * caller's off path 5 instructions (zc_hash_final, register pressure).
 */
static inline __attribute__((always_inline))
void zc_stat_count(enum zc_algo algo, size_t key_len, enum zc_stat_backend be, unsigned dir,
                   uint64_t bytes)
{
    int s = zc_stat_state();

    if (__builtin_expect(s != 0, 0)) {
        if (__builtin_constant_p(algo))
            zc_stat_count_on(s, algo, key_len, be, dir, bytes);
        else if ((unsigned)algo <= ZC_ALGO_SHAKE256 && (unsigned)be < ZC_STAT_BACKENDS &&
                 dir <= 1)
            zc_stat_add_inline(s, ZC_STAT_CELL(algo, be, dir), bytes);
        else
            zc_stat_add(algo, key_len, be, dir, bytes);
    }
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
