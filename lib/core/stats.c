/*
 * stats.c - per-algorithm, per-backend call and byte counters
 * (zcrypt/stats.h).
 *
 * Technique: striped relaxed atomics. The counters exist ZC_STAT_STRIPES
 * times, each copy a power of two bytes long and aligned to it (whole
 * 256-byte lines: the s390x cache line, twice x86's) so that two stripes
 * never share a line, and a stripe's offset is a shift. A call adds to
 * the stripe its thread maps to (a hash of its stack address: threads have
 * disjoint stacks, and the freestanding core has no thread-local storage)
 * with a relaxed atomic add, and a snapshot sums the stripes. Two threads that
 * land on one stripe still count exactly (the add is atomic), they only
 * share a line. Nothing belongs to a thread, so the counts of threads that
 * have exited stay where they were added, and there is nothing to register
 * or to hand over at thread exit.
 *
 * Measured against per-thread counters (_Thread_local plain adds, which
 * would be summed on read through a registry of threads) with
 * tests/bench/stats_bench.c: wall time per counted call (a non-inlined
 * call doing the adds), median of 5, x86_64 with 2 cores under a load
 * average of 14 from other jobs, so the figures are noisy:
 *                                   1 thread    2 threads
 *   per-thread TLS plain add        13-15 ns    31-35 ns
 *   striped relaxed atomics         18-20 ns    45 ns
 *   one shared set, relaxed atomics 22-27 ns    39-56 ns
 * Per-thread counters are faster by a few ns a call, but they need
 * thread-local storage, which the freestanding core does not have, and a
 * registry with a locked hand-over at thread exit so that exited threads'
 * counts are not lost. A few ns is well under the cost of the cheapest
 * counted operation (a 16-byte AES call with its argument checks), so the
 * striped atomics are kept: one code path on Linux and bare metal, no lock,
 * no exit hook. The single shared set is not kept: its line moves between
 * cores on every call.
 *
 * The switch itself (zc_stats_state) is read with one relaxed load on every
 * call: off, that and a branch are all the cost (core/stats.h). On, the
 * row and the two adds are inline in the caller (core/stats.h), no call.
 * Guest instructions a call costs more with counting on than off
 * (tests/bench/insncount.sh, qemu-s390x): 16-byte AES-128 ECB on CPACF 91
 * with the row looked up by calls, 25 inline; zc_hash SHA-512 53 and 12.
 * What is left is the stripe (stack address, hash, shift: 4), the cell
 * from the key size and backend (about 8: both are the key's, worked out
 * per call, as the key object has no spare byte to keep them in), the two
 * atomic adds and the state's test for the shared mode. The rows'
 * names and the text and JSON forms are core/stats_format.c's.
 */
#include "platform.h"
#include "stats.h"

#include <string.h>

/* Each stripe on lines of its own (core/stats.h): 256 bytes is the s390x
 * cache line, twice x86's. */
struct zc_stat_stripe zc_stat_stripes[ZC_STAT_STRIPES];

int zc_stats_state = -1;

int zc_stats_env_value(const char *v)
{
    if (v == NULL || v[0] == '\0' || (v[0] == '0' && v[1] == '\0'))
        return 0;
    if (v[0] == '1' && v[1] == '\0')
        return 1;
    if (v[0] == 's' && v[1] == 'h' && v[2] == 'a' && v[3] == 'r' && v[4] == 'e' && v[5] == 'd' &&
        v[6] == '\0')
        return 2;
    return -1;
}

/* Anything but "1" or "shared" leaves counting off; zc_settings_ignored()
 * names it. */
static int env_on(void)
{
    int v = zc_stats_env_value(zc_plat_stats_env());

    return v < 0 ? 0 : v;
}

/* The user's segment's counters, published by core/stats_shm.c once it
 * has checked (or written) the header; NULL until then, and for good when
 * the segment is not trusted. fork() keeps the mapping. */
struct zc_stat_cell *zc_stats_shm_cells;

/* The state, reading ZCRYPT_STATS the first time; a call to
 * zc_stats_enable() meanwhile wins over the environment. */
static int state(void)
{
    int s = __atomic_load_n(&zc_stats_state, __ATOMIC_RELAXED);

    if (s < 0) {
        int expect = -1;

        s = env_on();
        if (!__atomic_compare_exchange_n(&zc_stats_state, &expect, s, 0, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED))
            s = expect;
    }
    return s;
}

int zc_stat_id(enum zc_algo algo, size_t key_len)
{
    unsigned a = (unsigned)algo;

    if (a <= ZC_ALGO_SHAKE256)
        return (int)a;
    if (a >= ZC_ALGO_AES_ECB && a < ZC_ALGO_AES_ECB + ZC_STAT_AES_MODES) {
        if (key_len != 16 && key_len != 24 && key_len != 32)
            return ZC_EINVAL;
        return ZC_STAT_ROW_AES + (int)(a - ZC_ALGO_AES_ECB) * 3 + (int)(key_len - 16) / 8;
    }
    if (a >= ZC_ALGO_DES_ECB && a < ZC_ALGO_DES_ECB + ZC_STAT_DES_MODES) {
        if (key_len != 8 && key_len != 16 && key_len != 24)
            return ZC_EINVAL;
        return ZC_STAT_ROW_DES + (int)(a - ZC_ALGO_DES_ECB) * 3 + (int)(key_len / 8 - 1);
    }
    if (algo == ZC_ALGO_RC4)
        return ZC_STAT_ROW_RC4;
    if (algo == ZC_ALGO_RANDOM)
        return ZC_STAT_ROW_RANDOM;
    if (algo == ZC_ALGO_RSA) {
        switch (key_len) {
        case 128: return ZC_STAT_ROW_RSA;
        case 256: return ZC_STAT_ROW_RSA + 1;
        case 384: return ZC_STAT_ROW_RSA + 2;
        case 512: return ZC_STAT_ROW_RSA + 3;
        default:  return ZC_STAT_ROW_RSA + 4;
        }
    }
    if (a >= ZC_ALGO_EC_P256 && a <= ZC_ALGO_EC_ED448) {
        /* f: P-256, P-384, P-521, X25519, X448, Ed25519, Ed448 */
        static const uint8_t f[ZC_STAT_EC_CURVES] = { 32, 48, 66, 32, 56, 32, 57 };

        if (key_len != 0 && key_len != f[a - ZC_ALGO_EC_P256])
            return ZC_EINVAL;
        return ZC_STAT_ROW_EC + (int)(a - ZC_ALGO_EC_P256);
    }
    return ZC_EINVAL;
}

/* The first call (ZCRYPT_STATS not read yet) and the shared mode. */
void zc_stat_add_cell(unsigned cell, uint64_t bytes)
{
    int s = state();

    if (s == 0)
        return;
    zc_stat_add_inline(1, cell, bytes);
    if (s == 2) {
        struct zc_stat_cell *sh = __atomic_load_n(&zc_stats_shm_cells, __ATOMIC_ACQUIRE);

        if (sh != NULL) {
            /* Calls first, then bytes, here and in the stripe. */
            __atomic_fetch_add(&sh[cell].calls, 1, __ATOMIC_RELAXED);
            __atomic_fetch_add(&sh[cell].bytes, bytes, __ATOMIC_RELAXED);
        }
    }
}

void zc_stat_add(enum zc_algo algo, size_t key_len, enum zc_stat_backend be,
                 unsigned dir, uint64_t bytes)
{
    int s = zc_stat_state();

    if (s != 0)
        zc_stat_count_on(s, algo, key_len, be, dir, bytes);
}

int zc_stats_enable(int on)
{
    if (on != 0 && on != 1)
        return ZC_EINVAL;
    __atomic_store_n(&zc_stats_state, on, __ATOMIC_RELAXED);
    return ZC_OK;
}

int zc_stats_enabled(void)
{
    return state() != 0;
}

/* Bytes of one row of struct zc_stats: every backend, both directions. */
#define ROW_BYTES sizeof(((struct zc_stats *)0)->cell[0])

int zc_stats_snapshot_sized(struct zc_stats *s, size_t size)
{
    size_t rows = zc_stats_rows(size);
    unsigned i, r, b, d;

    if (s == NULL || rows == 0)
        return ZC_EINVAL;
    memset(s, 0, size);
    if (rows > ZC_STAT_ROWS)
        rows = ZC_STAT_ROWS;
    for (i = 0; i < ZC_STAT_STRIPES; i++)
        for (r = 0; r < rows; r++)
            for (b = 0; b < ZC_STAT_BACKENDS; b++)
                for (d = 0; d < 2; d++) {
                    const struct zc_stat_cell *c =
                        &zc_stat_stripes[i].cell[ZC_STAT_CELL(r, b, d)];

                    s->cell[r][b][d].calls += __atomic_load_n(&c->calls, __ATOMIC_RELAXED);
                    s->cell[r][b][d].bytes += __atomic_load_n(&c->bytes, __ATOMIC_RELAXED);
                }
    return ZC_OK;
}

int (zc_stats_snapshot)(struct zc_stats *s)
{
    return zc_stats_snapshot_sized(s, ZC_STAT_ROWS_0_1 * ROW_BYTES);
}

void zc_stats_reset(void)
{
    unsigned i, r, b, d;

    for (i = 0; i < ZC_STAT_STRIPES; i++)
        for (r = 0; r < ZC_STAT_ALGOS; r++)
            for (b = 0; b < ZC_STAT_BACKENDS; b++)
                for (d = 0; d < 2; d++) {
                    struct zc_stat_cell *c =
                        &zc_stat_stripes[i].cell[ZC_STAT_CELL(r, b, d)];

                    __atomic_store_n(&c->calls, 0, __ATOMIC_RELAXED);
                    __atomic_store_n(&c->bytes, 0, __ATOMIC_RELAXED);
                }
}
