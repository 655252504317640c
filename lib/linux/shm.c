/*
 * shm.c - the per-user POSIX shared-memory segment of the shared
 * statistics (core/platform.h, zcrypt/stats.h), and AT_SECURE.
 *
 * Create or open: shm_open(O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW, 0600) first;
 * on EEXIST the existing segment is opened O_RDWR|O_NOFOLLOW and checked
 * with fstat() before anything is mapped: a regular file, owned by the
 * effective uid, mode 0600 exactly (fchmod is not used to "repair" it),
 * and exactly the expected size. A segment still of size 0 (its creator
 * between shm_open and ftruncate) is waited for, as is one whose first
 * 8 bytes (the magic, written last by the creator) are still zero, up to
 * about 200 ms; after that the core finds it untrusted. The creator sets
 * the size with ftruncate (zero-filled) and the core writes the header.
 *
 * Nothing here fails a crypto call: every problem is a state the core
 * keeps, and counting stays in-process.
 */
#define _GNU_SOURCE
#include "core/platform.h"

#include <zcrypt/common.h>
#include <zcrypt/stats.h>

#if !defined(ZC_FREESTANDING)

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int zc_plat_secure(void)
{
    return getauxval(AT_SECURE) != 0;
}

/* "/NAME": 1..200 characters after the slash, no other slash. */
static int name_ok(const char *n)
{
    size_t l = strlen(n);

    return n[0] == '/' && l >= 2 && l <= 201 && strchr(n + 1, '/') == NULL;
}

int zc_plat_stats_shm_name(char *buf, size_t len)
{
    const char *o = zc_plat_secure() ? NULL : getenv("ZCRYPT_STATS_SHM_NAME");
    int n;

    if (buf == NULL)
        return ZC_EINVAL;
    if (o != NULL && !name_ok(o)) {
        if (len)
            buf[0] = '\0';
        return ZC_EINVAL;
    }
    if (o != NULL)
        n = snprintf(buf, len, "%s", o);
    else
        n = snprintf(buf, len, ZC_STATS_SHM_PREFIX "%lu", (unsigned long)geteuid());
    if (n < 0 || (size_t)n >= len) {
        if (len)
            buf[0] = '\0';
        return ZC_ENOMEM;
    }
    return ZC_OK;
}

static void pause_ms(long ms)
{
    struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * 1000000L };

    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int zc_plat_stats_shm_map(size_t size, void **base, int *created)
{
    char name[256];
    struct stat st;
    void *p;
    int fd, tries;

    *base = NULL;
    *created = 0;
    if (zc_plat_stats_shm_name(name, sizeof name) != ZC_OK)
        return ZC_STATS_SHARED_BAD_NAME;
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) {
        /* The umask may have narrowed nothing below 0600, but say it. */
        if (fchmod(fd, 0600) != 0 || ftruncate(fd, (off_t)size) != 0) {
            close(fd);
            shm_unlink(name);
            return ZC_STATS_SHARED_OPEN_FAILED;
        }
        *created = 1;
    } else {
        if (errno != EEXIST)
            return ZC_STATS_SHARED_OPEN_FAILED;
        fd = shm_open(name, O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0);
        if (fd < 0)
            return errno == EACCES ? ZC_STATS_SHARED_BAD_OWNER : ZC_STATS_SHARED_OPEN_FAILED;
        for (tries = 0;; tries++) {
            if (fstat(fd, &st) != 0) {
                close(fd);
                return ZC_STATS_SHARED_OPEN_FAILED;
            }
            if (!S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
                close(fd);
                return ZC_STATS_SHARED_BAD_OWNER;
            }
            if ((st.st_mode & 07777) != 0600) {
                close(fd);
                return ZC_STATS_SHARED_BAD_MODE;
            }
            if (st.st_size != 0 || tries >= 200)
                break;
            pause_ms(1);   /* its creator between shm_open and ftruncate */
        }
        if ((uint64_t)st.st_size != (uint64_t)size) {
            close(fd);
            return ZC_STATS_SHARED_BAD_SIZE;
        }
    }
    p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) {
        if (*created)
            shm_unlink(name);
        *created = 0;
        return ZC_STATS_SHARED_MAP_FAILED;
    }
    if (!*created)
        for (tries = 0; tries < 200 && __atomic_load_n((uint64_t *)p, __ATOMIC_ACQUIRE) == 0;
             tries++)
            pause_ms(1);   /* its creator writing the header */
    *base = p;
    return ZC_STATS_SHARED_ACTIVE;
}

void zc_plat_stats_shm_unmap(void *base, size_t size)
{
    munmap(base, size);
}

int zc_plat_stats_shm_unlink(void)
{
    char name[256];
    int rc = zc_plat_stats_shm_name(name, sizeof name);

    if (rc != ZC_OK)
        return rc == ZC_ENOMEM ? ZC_EINVAL : rc;
    return shm_unlink(name) == 0 ? ZC_OK : ZC_EDEVICE;
}

uint64_t zc_plat_boot_time(void)
{
    char line[128];
    unsigned long long bt = 0;
    FILE *f = fopen("/proc/stat", "re");

    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL)
            if (sscanf(line, "btime %llu", &bt) == 1)
                break;
        fclose(f);
    }
    if (bt == 0) {
        struct timespec rt, up;

        /* CLOCK_REALTIME - CLOCK_BOOTTIME: the boot time, to a second. */
        if (clock_gettime(CLOCK_REALTIME, &rt) == 0 && clock_gettime(CLOCK_BOOTTIME, &up) == 0 &&
            rt.tv_sec > up.tv_sec)
            bt = (unsigned long long)(rt.tv_sec - up.tv_sec);
    }
    return bt;
}

#else /* no operating system: no shared memory */

int zc_plat_secure(void)
{
    return 0;
}

int zc_plat_stats_shm_name(char *buf, size_t len)
{
    if (buf != NULL && len > 0)
        buf[0] = '\0';
    return buf == NULL ? ZC_EINVAL : ZC_ENOTSUP;
}

int zc_plat_stats_shm_map(size_t size, void **base, int *created)
{
    (void)size;
    *base = NULL;
    *created = 0;
    return ZC_STATS_SHARED_UNSUPPORTED;
}

void zc_plat_stats_shm_unmap(void *base, size_t size)
{
    (void)base;
    (void)size;
}

int zc_plat_stats_shm_unlink(void)
{
    return ZC_ENOTSUP;
}

uint64_t zc_plat_boot_time(void)
{
    return 0;
}

#endif
