/*
 * stats_shm.c - the layout of the shared statistics segment
 * (zcrypt/stats.h, "Shared statistics"): written by core/stats.c into the
 * user's mapping, read back from a copy by zc_stats_segment_read().
 *
 * Layout, version 1, in the byte order of the machine that wrote it (the
 * segment never leaves it):
 *
 *   0   magic     8 bytes "zcstats\0", stored last by the creator
 *   8   version   u32, ZC_STATS_SHM_VERSION
 *   12  hdr_size  u32, bytes before the counters: 64 + rows * 32 rounded
 *                 up to 256 (the counters start on their own line)
 *   16  size      u64, hdr_size + rows * backends * dirs * 16
 *   24  rows, backends, dirs, name_len   u32 each (name_len 32)
 *   40  epoch     u64, boot time in seconds since 1970 (0 unknown)
 *   48  reserved  16 bytes of zeros
 *   64  names     rows x 32 bytes, NUL-terminated row names ("" free slot)
 *   hdr_size      counters [row][backend][dir] {calls, bytes}, u64 each
 *
 * The names make a segment self-describing: a reader matches rows by
 * name, so rows a newer library adds at the end (or anywhere) are read
 * or counted as unknown, never misattributed. The library counts only
 * into a segment of exactly its own layout (zc_shm_check()).
 */
#include "platform.h"
#include "stats.h"

#include <string.h>

#define MAGIC "zcstats"            /* 8 bytes with its NUL */
#define NAME_LEN 32u
#define HDR_FIXED 64u
#define MAX_ROWS 65536u            /* far above any layout; bounds the sizes */
#define CELL_BYTES 16u

struct shm_hdr {
    uint64_t magic;
    uint32_t version, hdr_size;
    uint64_t size;
    uint32_t rows, backends, dirs, name_len;
    uint64_t epoch;
    uint8_t reserved[16];
};
_Static_assert(sizeof(struct shm_hdr) == HDR_FIXED, "the fixed header is 64 bytes");

static uint64_t magic_word(void)
{
    uint64_t m;

    memcpy(&m, MAGIC, 8);
    return m;
}

static uint64_t hdr_size_of(uint64_t rows)
{
    return (HDR_FIXED + rows * NAME_LEN + 255u) & ~(uint64_t)255u;
}

static uint64_t size_of(uint64_t rows)
{
    return hdr_size_of(rows) + rows * ZC_STAT_BACKENDS * 2u * CELL_BYTES;
}

size_t zc_shm_size(void)
{
    return (size_t)size_of(ZC_STAT_ROWS);
}

size_t zc_shm_cells_offset(void)
{
    return (size_t)hdr_size_of(ZC_STAT_ROWS);
}

/* A row's name as the segment holds it: NAME_LEN bytes, NUL-padded. */
static void row_name(int r, char out[NAME_LEN])
{
    const char *n = zc_stat_name(r);
    size_t i;

    memset(out, 0, NAME_LEN);
    for (i = 0; n != NULL && n[i] != '\0' && i < NAME_LEN - 1; i++)
        out[i] = n[i];
}

void zc_shm_init(void *base, uint64_t epoch)
{
    struct shm_hdr h = {
        .version = ZC_STATS_SHM_VERSION,
        .hdr_size = (uint32_t)hdr_size_of(ZC_STAT_ROWS),
        .size = size_of(ZC_STAT_ROWS),
        .rows = ZC_STAT_ROWS,
        .backends = ZC_STAT_BACKENDS,
        .dirs = 2,
        .name_len = NAME_LEN,
        .epoch = epoch,
    };
    uint8_t *p = base;
    int r;

    memcpy(p + 8, (const uint8_t *)&h + 8, sizeof h - 8);
    for (r = 0; r < ZC_STAT_ROWS; r++)
        row_name(r, (char *)p + HDR_FIXED + (size_t)r * NAME_LEN);
    /* Last: a process that opened the segment waits for this word. */
    __atomic_store_n((uint64_t *)base, magic_word(), __ATOMIC_RELEASE);
}

/* The header's checks both readers share; *h receives it. */
static enum zc_stats_shared_state check_hdr(const uint8_t *seg, size_t len, struct shm_hdr *h)
{
    memset(h, 0, sizeof *h);
    if (len < 8)
        return ZC_STATS_SHARED_BAD_SIZE;
    memcpy(&h->magic, seg, 8);
    if (h->magic != magic_word())
        return ZC_STATS_SHARED_BAD_MAGIC;
    if (len < HDR_FIXED)
        return ZC_STATS_SHARED_BAD_SIZE;
    memcpy(h, seg, sizeof *h);
    if (h->version != ZC_STATS_SHM_VERSION)
        return ZC_STATS_SHARED_BAD_VERSION;
    if (h->backends != ZC_STAT_BACKENDS || h->dirs != 2 || h->name_len != NAME_LEN ||
        h->rows == 0 || h->rows > MAX_ROWS || h->hdr_size != hdr_size_of(h->rows) ||
        h->size != size_of(h->rows))
        return ZC_STATS_SHARED_BAD_LAYOUT;
    if ((uint64_t)len != h->size)
        return ZC_STATS_SHARED_BAD_SIZE;
    return ZC_STATS_SHARED_ACTIVE;
}

enum zc_stats_shared_state zc_shm_check(const void *base, size_t len)
{
    const uint8_t *seg = base;
    struct shm_hdr h;
    char want[NAME_LEN];
    enum zc_stats_shared_state st = check_hdr(seg, len, &h);
    int r;

    if (st != ZC_STATS_SHARED_ACTIVE)
        return st;
    if (h.rows != ZC_STAT_ROWS)
        return ZC_STATS_SHARED_BAD_LAYOUT;
    for (r = 0; r < ZC_STAT_ROWS; r++) {
        row_name(r, want);
        if (memcmp(seg + HDR_FIXED + (size_t)r * NAME_LEN, want, NAME_LEN) != 0)
            return ZC_STATS_SHARED_BAD_LAYOUT;
    }
    return ZC_STATS_SHARED_ACTIVE;
}

/* This library's row named n (NUL-terminated within NAME_LEN), or -1. */
static int row_by_name(const char *n)
{
    int r;

    if (n[0] == '\0')
        return -1;
    for (r = 0; r < ZC_STAT_ROWS; r++) {
        const char *m = zc_stat_name(r);
        size_t i = 0;

        if (m == NULL)
            continue;
        while (m[i] != '\0' && m[i] == n[i])
            i++;
        if (m[i] == n[i])
            return r;
    }
    return -1;
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t v;

    memcpy(&v, p, 8);
    return v;
}

int zc_stats_segment_read(const void *seg, size_t len, struct zc_stats_segment_info *info,
                          struct zc_stats *s, size_t size)
{
    const uint8_t *p = seg;
    uint8_t seen[ZC_STAT_ROWS];
    size_t rows = zc_stats_rows(size);
    struct shm_hdr h;
    uint32_t i;

    if (info != NULL)
        memset(info, 0, sizeof *info);
    if (info == NULL || s == NULL || rows == 0 || (seg == NULL && len != 0))
        return ZC_EINVAL;
    memset(s, 0, size);
    if (rows > ZC_STAT_ROWS)
        rows = ZC_STAT_ROWS;
    info->state = check_hdr(p, len, &h);
    info->version = h.version;
    if (info->state == ZC_STATS_SHARED_BAD_MAGIC)
        info->version = 0;
    info->rows = h.rows;
    info->size = h.size;
    info->epoch = h.epoch;
    if (info->state != ZC_STATS_SHARED_ACTIVE)
        return ZC_EINVAL;
    /* The names first, all of them, so that a bad one leaves s zeroed. */
    for (i = 0; i < h.rows; i++) {
        const uint8_t *n = p + HDR_FIXED + (size_t)i * NAME_LEN;
        unsigned k = 0;

        while (k < NAME_LEN && n[k] != '\0')   /* no memchr: freestanding */
            k++;
        if (k == NAME_LEN) {
            info->state = ZC_STATS_SHARED_BAD_LAYOUT;
            return ZC_EINVAL;
        }
    }
    memset(seen, 0, sizeof seen);
    for (i = 0; i < h.rows; i++) {
        const uint8_t *c = p + h.hdr_size + (size_t)i * ZC_STAT_BACKENDS * 2u * CELL_BYTES;
        int r = row_by_name((const char *)p + HDR_FIXED + (size_t)i * NAME_LEN);
        unsigned b, d;

        if (r >= 0 && seen[r]) {   /* one name twice: which is it? */
            memset(s, 0, size);
            info->state = ZC_STATS_SHARED_BAD_LAYOUT;
            info->unknown_rows = 0;
            info->unknown_calls = info->unknown_bytes = 0;
            return ZC_EINVAL;
        }
        if (r >= 0)
            seen[r] = 1;
        else if (p[HDR_FIXED + (size_t)i * NAME_LEN] != '\0')
            info->unknown_rows++;      /* "" is a free slot, not unknown */
        for (b = 0; b < ZC_STAT_BACKENDS; b++)
            for (d = 0; d < 2; d++, c += CELL_BYTES) {
                if (r < 0) {
                    info->unknown_calls += load64(c);
                    info->unknown_bytes += load64(c + 8);
                } else if ((size_t)r < rows) {
                    s->cell[r][b][d].calls = load64(c);
                    s->cell[r][b][d].bytes = load64(c + 8);
                }
            }
    }
    return ZC_OK;
}

/* ---- the shared segment ------------------------------------------------------
 *
 * Attached once per process (shm_once: 0 not tried, 1 attaching, 2 done)
 * by zc_stats_enable_shared(): from the library's constructor when
 * ZCRYPT_STATS=shared (so before any thread of the program counts), or
 * by the program. The counting itself is core/stats.c's: it only loads
 * zc_stats_shm_cells, published here with release after the header is
 * checked (or written), and calls nothing of this file (a call would
 * close a loop through the family table, whose names the header holds).
 * fork() keeps the mapping, so a child counts into the same segment. */
static int shm_once;
static int shm_status = ZC_STATS_SHARED_OFF;

static enum zc_stats_shared_state shm_map(void)
{
    size_t size = zc_shm_size();
    void *base;
    int created, st;

    if (zc_plat_secure())
        return ZC_STATS_SHARED_SECURE;
    st = zc_plat_stats_shm_map(size, &base, &created);
    if (st != ZC_STATS_SHARED_ACTIVE)
        return (enum zc_stats_shared_state)st;
    if (created)
        zc_shm_init(base, zc_plat_boot_time());
    st = zc_shm_check(base, size);
    if (st != ZC_STATS_SHARED_ACTIVE) {
        zc_plat_stats_shm_unmap(base, size);
        return (enum zc_stats_shared_state)st;
    }
    __atomic_store_n(&zc_stats_shm_cells, (struct zc_stat_cell *)((uint8_t *)base + zc_shm_cells_offset()),
                     __ATOMIC_RELEASE);
    return ZC_STATS_SHARED_ACTIVE;
}

static struct zc_stat_cell *shm_attach(void)
{
    int expect = 0;

    if (__atomic_compare_exchange_n(&shm_once, &expect, 1, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED)) {
        __atomic_store_n(&shm_status, shm_map(), __ATOMIC_RELAXED);
        __atomic_store_n(&shm_once, 2, __ATOMIC_RELEASE);
    } else {
        while (__atomic_load_n(&shm_once, __ATOMIC_ACQUIRE) != 2)
            ;   /* bounded: the attaching thread waits at most ~400 ms */
    }
    return __atomic_load_n(&zc_stats_shm_cells, __ATOMIC_ACQUIRE);
}

int zc_stats_enable_shared(void)
{
    __atomic_store_n(&zc_stats_state, 2, __ATOMIC_RELAXED);
    if (shm_attach() != NULL)
        return ZC_OK;
    switch (__atomic_load_n(&shm_status, __ATOMIC_RELAXED)) {
    case ZC_STATS_SHARED_SECURE:
    case ZC_STATS_SHARED_UNSUPPORTED: return ZC_ENOTSUP;
    default:                          return ZC_EDEVICE;
    }
}

enum zc_stats_shared_state zc_stats_shared_status(void)
{
    /* ZCRYPT_STATS=shared where the constructor did not run (a static
     * link without this object's other calls): asking attaches. */
    if (zc_stats_enabled() && __atomic_load_n(&zc_stats_state, __ATOMIC_RELAXED) == 2 &&
        __atomic_load_n(&shm_once, __ATOMIC_ACQUIRE) != 2)
        shm_attach();
    return (enum zc_stats_shared_state)__atomic_load_n(&shm_status, __ATOMIC_RELAXED);
}

const char *zc_stats_shared_reason(enum zc_stats_shared_state st)
{
    static const char *const why[ZC_STATS_SHARED_STATES] = {
        [ZC_STATS_SHARED_OFF] = "shared statistics not asked for",
        [ZC_STATS_SHARED_ACTIVE] = "counting into the shared segment",
        [ZC_STATS_SHARED_SECURE] = "off in set-uid/set-gid programs (AT_SECURE)",
        [ZC_STATS_SHARED_UNSUPPORTED] = "no shared memory on this platform",
        [ZC_STATS_SHARED_BAD_NAME] = "ZCRYPT_STATS_SHM_NAME is not a name \"/NAME\"",
        [ZC_STATS_SHARED_OPEN_FAILED] = "the segment could not be opened or created",
        [ZC_STATS_SHARED_MAP_FAILED] = "the segment could not be mapped",
        [ZC_STATS_SHARED_BAD_OWNER] = "the segment is not a file owned by this user",
        [ZC_STATS_SHARED_BAD_MODE] = "the segment's permissions are not 0600",
        [ZC_STATS_SHARED_BAD_SIZE] = "the segment's size is not what its header says (truncated?)",
        [ZC_STATS_SHARED_BAD_MAGIC] = "not a libzcrypt statistics segment (or never initialised)",
        [ZC_STATS_SHARED_BAD_VERSION] = "a segment layout version this library does not know",
        [ZC_STATS_SHARED_BAD_LAYOUT] = "the segment's header or row names differ from this library's",
    };

    return (unsigned)st < ZC_STATS_SHARED_STATES ? why[st] : NULL;
}

int zc_stats_shared_name(char *buf, size_t len)
{
    return zc_plat_stats_shm_name(buf, len);
}

int zc_stats_shared_reset(void)
{
    struct zc_stat_cell *sh = __atomic_load_n(&zc_stats_shm_cells, __ATOMIC_ACQUIRE);
    size_t i, n = (size_t)ZC_STAT_ROWS * ZC_STAT_BACKENDS * 2u;

    if (sh == NULL)
        return ZC_ENOTSUP;
    for (i = 0; i < n; i++) {
        uint64_t c = __atomic_load_n(&sh[i].calls, __ATOMIC_RELAXED);
        uint64_t b = __atomic_load_n(&sh[i].bytes, __ATOMIC_RELAXED);

        __atomic_fetch_sub(&sh[i].bytes, b, __ATOMIC_RELAXED);
        __atomic_fetch_sub(&sh[i].calls, c, __ATOMIC_RELAXED);
    }
    return ZC_OK;
}

int zc_stats_shared_delete(void)
{
    if (zc_plat_secure())
        return ZC_ENOTSUP;
    return zc_plat_stats_shm_unlink();
}


#if !defined(ZC_FREESTANDING)
/* ZCRYPT_STATS=shared: attach when the library is loaded, before the
 * program's threads count (bare metal has no environment to read). */
__attribute__((constructor)) static void shm_from_env(void)
{
    if (zc_stats_env_value(zc_plat_stats_env()) == 2)
        (void)zc_stats_enable_shared();
}
#endif
