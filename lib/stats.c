/*
 * stats.c - per-algorithm, per-backend call and byte counters
 * (zcrypt/stats.h).
 *
 * Technique: striped relaxed atomics. The counters exist STRIPES times,
 * each copy starting on its own 256-byte line (the s390x cache line; twice
 * x86's) so that two stripes never share a line. A call adds to the stripe
 * its thread maps to (a hash of its stack address: threads have disjoint
 * stacks, and the freestanding core has no thread-local storage) with a
 * relaxed atomic add, and a snapshot sums the stripes. Two threads that
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
 * call: off, that and a branch are all the cost (lib/stats.h).
 */
#include "platform.h"
#include "stats.h"

#include <string.h>
#include <zcrypt/aes.h>

#define STRIPES 16
#define LINE 256

/* Row layout (zc_stat_id): hashes by their zc_hash_alg number, then AES
 * with 16 mode slots x 3 key sizes, DES with 8 x 3, RC4, RSA, random. */
enum {
    ROW_AES = 16,
    AES_MODES = 16,
    ROW_DES = ROW_AES + AES_MODES * 3,
    DES_MODES = 8,
    ROW_RC4 = ROW_DES + DES_MODES * 3,
    ROW_RSA,
    ROW_RANDOM = ROW_RSA + 5,
    ROWS
};
_Static_assert(ROWS == ZC_STAT_ALGOS, "ZC_STAT_ALGOS counts the rows");

struct stripe {
    struct zc_stat_cell cell[ZC_STAT_ALGOS][ZC_STAT_BACKENDS][2];
} __attribute__((aligned(LINE)));

static struct stripe stripes[STRIPES];

int zc_stats_state = -1;

/* Which stripe this thread adds to: its stack address, above the bits
 * that vary within one thread's calls (64 KiB), hashed. */
static unsigned stripe_of(const void *sp)
{
    uint64_t a = (uint64_t)(uintptr_t)sp >> 16;

    return (unsigned)((a * 0x9e3779b97f4a7c15ull) >> 60) % STRIPES;
}

int zc_stats_env_value(const char *v)
{
    if (v == NULL || v[0] == '\0' || (v[0] == '0' && v[1] == '\0'))
        return 0;
    if (v[0] == '1' && v[1] == '\0')
        return 1;
    return -1;
}

/* Anything but "1" leaves counting off; zc_settings_ignored() names it. */
static int env_on(void)
{
    return zc_stats_env_value(zc_plat_stats_env()) == 1;
}

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
    if (a >= ZC_ALGO_AES_ECB && a < ZC_ALGO_AES_ECB + AES_MODES) {
        if (key_len != 16 && key_len != 24 && key_len != 32)
            return ZC_EINVAL;
        return ROW_AES + (int)(a - ZC_ALGO_AES_ECB) * 3 + (int)(key_len - 16) / 8;
    }
    if (a >= ZC_ALGO_DES_ECB && a < ZC_ALGO_DES_ECB + DES_MODES) {
        if (key_len != 8 && key_len != 16 && key_len != 24)
            return ZC_EINVAL;
        return ROW_DES + (int)(a - ZC_ALGO_DES_ECB) * 3 + (int)(key_len / 8 - 1);
    }
    if (algo == ZC_ALGO_RC4)
        return ROW_RC4;
    if (algo == ZC_ALGO_RANDOM)
        return ROW_RANDOM;
    if (algo == ZC_ALGO_RSA) {
        switch (key_len) {
        case 128: return ROW_RSA;
        case 256: return ROW_RSA + 1;
        case 384: return ROW_RSA + 2;
        case 512: return ROW_RSA + 3;
        default:  return ROW_RSA + 4;
        }
    }
    return ZC_EINVAL;
}

void zc_stat_add(enum zc_algo algo, size_t key_len, enum zc_stat_backend be,
                 unsigned dir, uint64_t bytes)
{
    struct zc_stat_cell *c;
    int id;

    if (state() != 1)
        return;
    /* Hashes are their own row: no call for the common case. */
    id = (unsigned)algo <= ZC_ALGO_SHAKE256 ? (int)algo : zc_stat_id(algo, key_len);
    if (id < 0 || (unsigned)be >= ZC_STAT_BACKENDS || dir > 1)
        return;
    /* The frame address, not a local's: a local whose address is taken
     * costs a stack slot and the stack protector's check on every call. */
    c = &stripes[stripe_of(__builtin_frame_address(0))].cell[id][be][dir];
    __atomic_fetch_add(&c->calls, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&c->bytes, bytes, __ATOMIC_RELAXED);
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
    return state() == 1;
}

int zc_stats_snapshot(struct zc_stats *s)
{
    unsigned i, r, b, d;

    if (s == NULL)
        return ZC_EINVAL;
    memset(s, 0, sizeof(*s));
    for (i = 0; i < STRIPES; i++)
        for (r = 0; r < ZC_STAT_ALGOS; r++)
            for (b = 0; b < ZC_STAT_BACKENDS; b++)
                for (d = 0; d < 2; d++) {
                    const struct zc_stat_cell *c = &stripes[i].cell[r][b][d];

                    s->cell[r][b][d].calls += __atomic_load_n(&c->calls, __ATOMIC_RELAXED);
                    s->cell[r][b][d].bytes += __atomic_load_n(&c->bytes, __ATOMIC_RELAXED);
                }
    return ZC_OK;
}

void zc_stats_reset(void)
{
    unsigned i, r, b, d;

    for (i = 0; i < STRIPES; i++)
        for (r = 0; r < ZC_STAT_ALGOS; r++)
            for (b = 0; b < ZC_STAT_BACKENDS; b++)
                for (d = 0; d < 2; d++) {
                    struct zc_stat_cell *c = &stripes[i].cell[r][b][d];

                    __atomic_store_n(&c->calls, 0, __ATOMIC_RELAXED);
                    __atomic_store_n(&c->bytes, 0, __ATOMIC_RELAXED);
                }
}

/* ---- names ---------------------------------------------------------------- */

static const char *const hash_names[ZC_ALGO_SHAKE256 + 1] = {
    [ZC_ALGO_SHA1] = "SHA-1", [ZC_ALGO_SHA224] = "SHA-224", [ZC_ALGO_SHA256] = "SHA-256",
    [ZC_ALGO_SHA384] = "SHA-384", [ZC_ALGO_SHA512] = "SHA-512",
    [ZC_ALGO_SHA512_224] = "SHA-512/224", [ZC_ALGO_SHA512_256] = "SHA-512/256",
    [ZC_ALGO_SHA3_224] = "SHA3-224", [ZC_ALGO_SHA3_256] = "SHA3-256",
    [ZC_ALGO_SHA3_384] = "SHA3-384", [ZC_ALGO_SHA3_512] = "SHA3-512",
    [ZC_ALGO_SHAKE128] = "SHAKE128", [ZC_ALGO_SHAKE256] = "SHAKE256",
};

/* Row names by key size; mode slots without a name yet (modes other
 * branches add) print as "M<n>". */
#define AES3(m) "AES-128-" m, "AES-192-" m, "AES-256-" m
#define DES3(m) "DES-" m, "TDES-128-" m, "TDES-192-" m
static const char *const aes_names[AES_MODES * 3] = {
    AES3("ECB"), AES3("CBC"), AES3("CTR"), AES3("CFB"), AES3("OFB"), AES3("XTS"),
    AES3("GCM"), AES3("CMAC"), AES3("CCM"), AES3("M9"), AES3("M10"), AES3("M11"),
    AES3("M12"), AES3("M13"), AES3("M14"), AES3("M15"),
};
static const char *const des_names[DES_MODES * 3] = {
    DES3("ECB"), DES3("CBC"), DES3("CFB"), DES3("OFB"), DES3("CTR"), DES3("CMAC"),
    DES3("M6"), DES3("M7"),
};
/* The names follow the ZC_ALGO_AES_* / ZC_ALGO_DES_* order. */
_Static_assert(ZC_ALGO_AES_CCM - ZC_ALGO_AES_ECB == 8, "aes_names: CCM is mode 8");
_Static_assert(ZC_ALGO_DES_CFB - ZC_ALGO_DES_ECB == 2 && ZC_ALGO_DES_OFB - ZC_ALGO_DES_ECB == 3 &&
               ZC_ALGO_DES_CTR - ZC_ALGO_DES_ECB == 4 && ZC_ALGO_DES_CMAC - ZC_ALGO_DES_ECB == 5,
               "des_names: CFB, OFB, CTR, CMAC are modes 2-5");
static const char *const rsa_names[5] = {
    "RSA-1024", "RSA-2048", "RSA-3072", "RSA-4096", "RSA-other"
};

const char *zc_stat_name(int id)
{
    if (id < 0 || id >= ROWS)
        return NULL;
    if (id <= ZC_ALGO_SHAKE256)
        return hash_names[id];
    if (id >= ROW_AES && id < ROW_DES)
        return aes_names[id - ROW_AES];
    if (id >= ROW_DES && id < ROW_RC4)
        return des_names[id - ROW_DES];
    if (id == ROW_RC4)
        return "RC4";
    if (id >= ROW_RSA && id < ROW_RANDOM)
        return rsa_names[id - ROW_RSA];
    if (id == ROW_RANDOM)
        return "random";
    return NULL;                /* rows 13..15: no hash there */
}

const char *zc_stat_backend_name(enum zc_stat_backend b)
{
    static const char *const names[ZC_STAT_BACKENDS] = {
        [ZC_STAT_CPACF] = "cpacf", [ZC_STAT_PROTECTED] = "protected",
        [ZC_STAT_CEX] = "cex", [ZC_STAT_SOFTWARE] = "software",
    };

    return (unsigned)b < ZC_STAT_BACKENDS ? names[b] : NULL;
}

/* ---- formatting ------------------------------------------------------------ */

struct out {
    char *buf;
    size_t len, pos;
    int full;
};

static void emit(struct out *o, const char *s)
{
    while (*s) {
        if (o->pos + 1 >= o->len) {
            o->full = 1;
            return;
        }
        o->buf[o->pos++] = *s++;
    }
}

static void emit_u64(struct out *o, uint64_t v)
{
    char t[21];
    int i = 20;

    t[i] = '\0';
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    emit(o, t + i);
}

/* The direction's name for a row: RSA's are the key's halves. */
static const char *dir_name(int id, unsigned dir)
{
    if (id >= ROW_RSA && id < ROW_RANDOM)
        return dir ? "public" : "private";
    if (id < ROW_AES)
        return "hash";
    if (id == ROW_RANDOM)
        return "generate";
    if (id >= ROW_AES + 3 * ZC_AES_CMAC && id < ROW_AES + 3 * ZC_AES_CMAC + 3)
        return "mac";
    return dir ? "decrypt" : "encrypt";
}

int zc_stats_format(const struct zc_stats *s, enum zc_stats_format fmt,
                    char *buf, size_t len)
{
    struct out o = { .buf = buf, .len = len };
    int r, first = 1;
    unsigned b, d;

    if (s == NULL || buf == NULL || (fmt != ZC_STATS_TEXT && fmt != ZC_STATS_JSON))
        return ZC_EINVAL;
    if (fmt == ZC_STATS_JSON)
        emit(&o, "{\"counters\":[");
    for (r = 0; r < ROWS; r++)
        for (b = 0; b < ZC_STAT_BACKENDS; b++)
            for (d = 0; d < 2; d++) {
                const struct zc_stat_cell *c = &s->cell[r][b][d];

                if (c->calls == 0 && c->bytes == 0)
                    continue;
                if (fmt == ZC_STATS_JSON) {
                    emit(&o, first ? "{\"algo\":\"" : ",{\"algo\":\"");
                    emit(&o, zc_stat_name(r) ? zc_stat_name(r) : "?");
                    emit(&o, "\",\"backend\":\"");
                    emit(&o, zc_stat_backend_name((enum zc_stat_backend)b));
                    emit(&o, "\",\"op\":\"");
                    emit(&o, dir_name(r, d));
                    emit(&o, "\",\"calls\":");
                    emit_u64(&o, c->calls);
                    emit(&o, ",\"bytes\":");
                    emit_u64(&o, c->bytes);
                    emit(&o, "}");
                } else {
                    emit(&o, zc_stat_name(r) ? zc_stat_name(r) : "?");
                    emit(&o, " ");
                    emit(&o, zc_stat_backend_name((enum zc_stat_backend)b));
                    emit(&o, " ");
                    emit(&o, dir_name(r, d));
                    emit(&o, " calls=");
                    emit_u64(&o, c->calls);
                    emit(&o, " bytes=");
                    emit_u64(&o, c->bytes);
                    emit(&o, "\n");
                }
                first = 0;
            }
    if (fmt == ZC_STATS_JSON)
        emit(&o, "]}");
    if (o.full || len == 0) {
        if (len)
            buf[0] = '\0';
        return ZC_ENOMEM;
    }
    buf[o.pos] = '\0';
    return (int)o.pos;
}
