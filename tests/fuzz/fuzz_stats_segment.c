/*
 * fuzz_stats_segment.c - libFuzzer target: zc_stats_segment_read(), the
 * reader zc-stats hands a shared statistics segment's bytes to (read with
 * pread from a file another process of the user may have written
 * anything into).
 *
 * Byte 0 chooses the input: even, the bytes themselves; odd, a valid
 * segment (as this library writes it, taken once from a segment of the
 * fuzzer's own) with the rest of the input XORed over its start, so the
 * mutations reach past the magic and the version into the layout fields,
 * the names and the counters. Checks: only ZC_OK or ZC_EINVAL; on
 * ZC_EINVAL a reason that is a state other than ACTIVE and a zeroed
 * snapshot; on ZC_OK the header's size equals the length, the rows are
 * within it, and decoding with a smaller snapshot gives the same rows.
 */
#define _GNU_SOURCE
#include <zcrypt.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_util.h"

static uint8_t good[1 << 16];
static size_t good_len;

static void make_good(void)
{
    char name[64];
    int fd;
    ssize_t n;

    snprintf(name, sizeof name, "/zct-fuzz-%ld", (long)getpid());
    setenv("ZCRYPT_STATS_SHM_NAME", name, 1);
    shm_unlink(name);
    if (zc_stats_enable_shared() != ZC_OK)
        return;
    fd = shm_open(name, O_RDONLY, 0);
    if (fd >= 0) {
        n = pread(fd, good, sizeof good, 0);
        good_len = n > 0 ? (size_t)n : 0;
        close(fd);
    }
    shm_unlink(name);
    zc_stats_enable(0);
}

static int zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;

    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct zc_stats s, part;
    static uint8_t buf[1 << 16];
    struct zc_stats_segment_info info, info2;
    const size_t part_size = 10 * sizeof s.cell[0];
    const uint8_t *seg = data + 1;
    size_t len = size ? size - 1 : 0, i;
    int rc;

    if (size == 0)
        return 0;
    if (data[0] & 1) {
        if (good_len == 0)
            make_good();
        if (good_len == 0)
            return 0;
        memcpy(buf, good, good_len);
        for (i = 0; i < len && i < good_len; i++)
            buf[i] ^= seg[i];
        seg = buf;
        len = good_len;
        if (data[0] & 2)         /* and cut short */
            len = good_len - (data[0] >> 2) % good_len;
    }
    rc = zc_stats_segment_read(seg, len, &info, &s, sizeof s);
    FZ_CHECK(rc == ZC_OK || rc == ZC_EINVAL);
    FZ_CHECK((unsigned)info.state < ZC_STATS_SHARED_STATES);
    FZ_CHECK(zc_stats_shared_reason(info.state) != NULL);
    if (rc != ZC_OK) {
        FZ_CHECK(info.state != ZC_STATS_SHARED_ACTIVE);
        FZ_CHECK(zero(&s, sizeof s));
        return 0;
    }
    FZ_CHECK(info.state == ZC_STATS_SHARED_ACTIVE);
    FZ_CHECK(info.size == len);
    FZ_CHECK(info.rows > 0 && (uint64_t)info.rows * 32 < len);
    FZ_CHECK(info.unknown_rows <= info.rows);
    rc = zc_stats_segment_read(seg, len, &info2, &part, part_size);
    FZ_CHECK(rc == ZC_OK);
    FZ_CHECK(memcmp(&info, &info2, sizeof info) == 0);
    FZ_CHECK(memcmp(&part, &s, part_size) == 0);
    return 0;
}
