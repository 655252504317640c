/*
 * test_stats_shared.c - the shared statistics (zcrypt/stats.h, "Shared
 * statistics"): N processes x M threads count exactly into one segment,
 * a SIGKILL never tears a counter nor leaves bytes without their call,
 * corrupt or foreign segments are never counted into, reset and delete
 * while others count, and the reader's checks.
 *
 * Every test uses its own segment name (ZCRYPT_STATS_SHM_NAME, set before
 * the library attaches, in Check's forked child), so parallel tests and
 * the user's real segment are never touched; each removes its segment.
 */
#define _GNU_SOURCE
#include <zcrypt.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"

#define PROCS 4
#define THREADS 4
#define ITERS 3000           /* 300 under ZC_TEST_QUICK (memcheck's speed) */

static int iters = ITERS;

static char seg_name[128];

/* A fresh segment name for this test (and its children). */
static void use_name(const char *tag)
{
    snprintf(seg_name, sizeof seg_name, "/zct-%ld-%s", (long)getpid(), tag);
    shm_unlink(seg_name);
    setenv("ZCRYPT_STATS_SHM_NAME", seg_name, 1);
}

static void drop_name(void)
{
    shm_unlink(seg_name);
}

/* The segment as zc-stats reads it: pread, then the library's checks. */
static int read_seg(struct zc_stats *s, struct zc_stats_segment_info *info)
{
    static uint8_t buf[1 << 20];
    int fd = shm_open(seg_name, O_RDONLY, 0);
    ssize_t n;

    ck_assert_int_ge(fd, 0);
    n = pread(fd, buf, sizeof buf, 0);
    close(fd);
    ck_assert_int_gt(n, 0);
    return zc_stats_segment_read(buf, (size_t)n, info, s, sizeof *s);
}

static const uint8_t key16[16] = { 1, 2, 3 }, key32[32] = { 4, 5, 6 };

/* One round of the mix: AES-128-ECB 64 bytes, AES-256-CBC 32 bytes,
 * SHA-256 of 100 bytes. */
static void mix(const zc_aes_key *a, const zc_aes_key *b)
{
    uint8_t buf[100] = { 0 }, iv[16] = { 0 }, md[32];

    ck_assert_int_eq(zc_aes_ecb_encrypt(a, buf, buf, 64), ZC_OK);
    ck_assert_int_eq(zc_aes_cbc_encrypt(b, iv, buf, buf, 32), ZC_OK);
    ck_assert_int_eq(zc_hash(ZC_SHA256, buf, 100, md, 32), ZC_OK);
}

static zc_aes_key ka, kb;

static void *hammer(void *arg)
{
    int i;

    (void)arg;
    for (i = 0; i < iters; i++)
        mix(&ka, &kb);
    return NULL;
}

/* Sum a row over backends and directions. */
static void row_sum(const struct zc_stats *s, int row, uint64_t *calls, uint64_t *bytes)
{
    unsigned b, d;

    *calls = *bytes = 0;
    for (b = 0; b < ZC_STAT_BACKENDS; b++)
        for (d = 0; d < 2; d++) {
            *calls += s->cell[row][b][d].calls;
            *bytes += s->cell[row][b][d].bytes;
        }
}

static int wait_all(int n)
{
    int st, bad = 0;

    while (n-- > 0) {
        if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            bad++;
    }
    return bad;
}

START_TEST(procs_threads_exact_sum)
{
    struct zc_stats s;
    struct zc_stats_segment_info info;
    uint64_t calls, bytes;
    const uint64_t n = (uint64_t)PROCS * THREADS * (uint64_t)iters;
    int p;

    use_name("sum");
    ck_assert_int_eq(zc_stats_enable_shared(), ZC_OK);
    ck_assert_int_eq(zc_stats_shared_status(), ZC_STATS_SHARED_ACTIVE);
    ck_assert_int_eq(zc_aes_key_init(&ka, key16, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&kb, key32, 32, ZC_BACKEND_AUTO), ZC_OK);
    /* The children count through the mapping they inherit (fork). */
    for (p = 0; p < PROCS; p++) {
        pid_t pid = fork();

        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            pthread_t t[THREADS];
            int i;

            for (i = 0; i < THREADS; i++)
                if (pthread_create(&t[i], NULL, hammer, NULL) != 0)
                    _exit(1);
            for (i = 0; i < THREADS; i++)
                pthread_join(t[i], NULL);
            _exit(0);
        }
    }
    ck_assert_int_eq(wait_all(PROCS), 0);
    ck_assert_int_eq(read_seg(&s, &info), ZC_OK);
    ck_assert_int_eq(info.state, ZC_STATS_SHARED_ACTIVE);
    ck_assert_uint_eq(info.version, ZC_STATS_SHM_VERSION);
    ck_assert_uint_eq(info.rows, ZC_STAT_ALGOS);
    ck_assert_uint_eq(info.unknown_rows, 0);
    row_sum(&s, zc_stat_id(ZC_ALGO_AES_ECB, 16), &calls, &bytes);
    ck_assert_uint_eq(calls, n);
    ck_assert_uint_eq(bytes, n * 64);
    row_sum(&s, zc_stat_id(ZC_ALGO_AES_CBC, 32), &calls, &bytes);
    ck_assert_uint_eq(calls, n);
    ck_assert_uint_eq(bytes, n * 32);
    row_sum(&s, zc_stat_id(ZC_ALGO_SHA256, 0), &calls, &bytes);
    ck_assert_uint_eq(calls, n);
    ck_assert_uint_eq(bytes, n * 100);
    /* The parent counted nothing itself: its in-process counters are 0,
     * the children's were their own. */
    zc_stats_snapshot(&s);
    row_sum(&s, zc_stat_id(ZC_ALGO_SHA256, 0), &calls, &bytes);
    ck_assert_uint_eq(calls, 0);
    drop_name();
}
END_TEST

static const char *self;   /* argv[0] */

/* This program again, by exec (the library's constructor reads the
 * environment): child_main() does what mode says. 77 when exec fails
 * (under qemu-user without binfmt_misc an s390x binary cannot exec
 * another). */
static void run_child(const char *mode)
{
    setenv("ZC_TEST_SHARED_CHILD", mode, 1);
    execl(self, self, (char *)NULL);
    _exit(77);
}

/* In a forked child of a process that has not attached: attach (the
 * segment is created), exit 0 on ZC_OK. */
static int fresh_child(void)
{
    pid_t pid = fork();
    int st;

    ck_assert_int_ge(pid, 0);
    if (pid == 0)
        _exit(zc_stats_shared_status() == ZC_STATS_SHARED_OFF &&
              zc_stats_enable_shared() == ZC_OK ? 0 : 1);
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 100;
}

/* ZCRYPT_STATS=shared in the environment of a program started by exec:
 * the library attaches when it is loaded. */
START_TEST(env_shared_in_exec)
{
    struct zc_stats s;
    struct zc_stats_segment_info info;
    uint64_t calls, bytes;
    pid_t pid;
    int st;

    use_name("env");
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        setenv("ZCRYPT_STATS", "shared", 1);
        run_child("count");
    }
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st));
    if (WEXITSTATUS(st) == 77) {
        fprintf(stderr, "env_shared_in_exec: skipped, this program cannot exec itself here\n");
        return;
    }
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    ck_assert_int_eq(read_seg(&s, &info), ZC_OK);
    row_sum(&s, zc_stat_id(ZC_ALGO_AES_ECB, 16), &calls, &bytes);
    ck_assert_uint_eq(calls, 10);
    ck_assert_uint_eq(bytes, 640);
    drop_name();
}
END_TEST

/* The exec'd child of env_shared_in_exec ("count"). */
static int child_main(const char *mode)
{
    uint8_t buf[64] = { 0 };
    zc_aes_key k;
    int i;

    if (strcmp(mode, "count") != 0)
        return 9;
    if (zc_stats_shared_status() != ZC_STATS_SHARED_ACTIVE || !zc_stats_enabled())
        return 2;
    if (zc_aes_key_init(&k, key16, 16, ZC_BACKEND_AUTO) != ZC_OK)
        return 3;
    for (i = 0; i < 10; i++)
        if (zc_aes_ecb_encrypt(&k, buf, buf, 64) != ZC_OK)
            return 4;
    return 0;
}

/* SIGKILL at random instants of a loop of 64-byte calls: every counter
 * whole, bytes a multiple of 64 and never more than the calls counted,
 * at most one call per kill without its bytes. */
START_TEST(sigkill_never_tears)
{
    struct zc_stats s;
    struct zc_stats_segment_info info;
    uint64_t calls, bytes;
    const int kills = 25;
    int i;

    use_name("kill");
    ck_assert_int_eq(zc_stats_enable_shared(), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&ka, key16, 16, ZC_BACKEND_AUTO), ZC_OK);
    srand((unsigned)getpid());
    for (i = 0; i < kills; i++) {
        struct timespec ts = { 0, 200000L + (rand() % 3000) * 1000L };
        int up[2];
        char c;
        pid_t pid;

        ck_assert_int_eq(pipe(up), 0);
        pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            uint8_t buf[64] = { 0 };

            /* Say when counting has begun (slow under memcheck). */
            zc_aes_ecb_encrypt(&ka, buf, buf, 64);
            if (write(up[1], "u", 1) != 1)
                _exit(1);
            for (;;)
                zc_aes_ecb_encrypt(&ka, buf, buf, 64);
        }
        close(up[1]);
        ck_assert_int_eq(read(up[0], &c, 1), 1);
        close(up[0]);
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
    ck_assert_int_eq(read_seg(&s, &info), ZC_OK);
    row_sum(&s, zc_stat_id(ZC_ALGO_AES_ECB, 16), &calls, &bytes);
    ck_assert_uint_gt(calls, 0);
    ck_assert_uint_eq(bytes % 64, 0);
    ck_assert_uint_le(bytes, calls * 64);
    ck_assert_uint_le(calls - bytes / 64, (uint64_t)kills);
    drop_name();
}
END_TEST

/* A segment file of these bytes and this mode under seg_name. */
static void plant(const uint8_t *bytes, size_t len, mode_t mode)
{
    int fd = shm_open(seg_name, O_RDWR | O_CREAT | O_EXCL, 0600);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, bytes, len), (ssize_t)len);
    ck_assert_int_eq(fchmod(fd, mode), 0);
    close(fd);
}

/* A good segment's bytes, as this library writes them. */
static size_t good_bytes(uint8_t *buf, size_t size)
{
    int fd;
    ssize_t n;

    use_name("good");
    ck_assert_int_eq(fresh_child(), 0);
    fd = shm_open(seg_name, O_RDONLY, 0);
    ck_assert_int_ge(fd, 0);
    n = pread(fd, buf, size, 0);
    close(fd);
    drop_name();
    ck_assert_int_gt(n, 64);
    return (size_t)n;
}

enum corruption { TRUNCATED, MAGIC, VERSION, GROUP_WRITABLE, ROWS, NAME, FOREIGN };

static const struct {
    enum corruption how;
    enum zc_stats_shared_state want;
} corruptions[] = {
    { TRUNCATED,      ZC_STATS_SHARED_BAD_SIZE },
    { MAGIC,          ZC_STATS_SHARED_BAD_MAGIC },
    { VERSION,        ZC_STATS_SHARED_BAD_VERSION },
    { GROUP_WRITABLE, ZC_STATS_SHARED_BAD_MODE },
    { ROWS,           ZC_STATS_SHARED_BAD_LAYOUT },
    { NAME,           ZC_STATS_SHARED_BAD_LAYOUT },
    { FOREIGN,        ZC_STATS_SHARED_BAD_OWNER },
};

/* Each corruption in a child (the library attaches once per process):
 * never counted into, the reason told, the crypto call unharmed, and the
 * reader says the same from the bytes. */
START_TEST(corrupt_segments_ignored)
{
    static uint8_t good[1 << 16], bad[1 << 16];
    size_t len = good_bytes(good, sizeof good);
    unsigned i = (unsigned)_i;
    struct zc_stats s;
    struct zc_stats_segment_info info;
    size_t blen = len;
    mode_t mode = 0600;
    uint8_t out[64] = { 0 };
    uint32_t v;
    pid_t pid;
    int st;

    memcpy(bad, good, len);
    switch (corruptions[i].how) {
    case TRUNCATED: blen = len - 16; break;
    case MAGIC: bad[0] ^= 1; break;
    case VERSION: v = 2; memcpy(bad + 8, &v, 4); break;
    case GROUP_WRITABLE: mode = 0660; break;
    case ROWS: v = ZC_STAT_ALGOS + 1; memcpy(bad + 24, &v, 4); break;
    case NAME: memset(bad + 64 + 32 * 20, 'x', 32); break;   /* no NUL */
    case FOREIGN: break;
    }
    if (corruptions[i].how == FOREIGN && geteuid() != 0)
        return;   /* only root can give a file to another user */
    use_name("bad");
    plant(bad, blen, mode);
    if (corruptions[i].how == FOREIGN) {
        char path[160];

        snprintf(path, sizeof path, "/dev/shm%s", seg_name);
        ck_assert_int_eq(chown(path, 65534, 65534), 0);
    }
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        zc_aes_key k;

        /* Check's child has not attached: the good segment was made by
         * an exec'd child. */
        if (zc_stats_enable_shared() != ZC_EDEVICE)
            _exit(1);
        if (zc_stats_shared_status() != corruptions[i].want)
            _exit(2);
        if (zc_stats_shared_reason(zc_stats_shared_status()) == NULL || !zc_stats_enabled())
            _exit(3);
        /* The crypto call works and counts in-process. */
        if (zc_aes_key_init(&k, key16, 16, ZC_BACKEND_AUTO) != ZC_OK ||
            zc_aes_ecb_encrypt(&k, out, out, 64) != ZC_OK)
            _exit(4);
        zc_stats_snapshot(&s);
        if (s.cell[zc_stat_id(ZC_ALGO_AES_ECB, 16)][zc_aes_key_backend(&k) ==
                ZC_BACKEND_CPACF ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE][0].calls != 1)
            _exit(5);
        if (zc_stats_shared_reset() != ZC_ENOTSUP)
            _exit(6);
        _exit(0);
    }
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child status %d", st);
    /* The segment's bytes are unchanged: nothing was counted into it. */
    {
        uint8_t now[1 << 16];
        int fd = shm_open(seg_name, O_RDONLY, 0);

        ck_assert_int_ge(fd, 0);
        ck_assert_int_eq(pread(fd, now, sizeof now, 0), (ssize_t)blen);
        close(fd);
        ck_assert_int_eq(memcmp(now, bad, blen), 0);
    }
    /* The reader: the same reason from the bytes (not for owner and mode,
     * which are the file's, checked by zc-stats before reading). */
    if (corruptions[i].how != GROUP_WRITABLE && corruptions[i].how != FOREIGN) {
        ck_assert_int_eq(zc_stats_segment_read(bad, blen, &info, &s, sizeof s), ZC_EINVAL);
        ck_assert_int_eq(info.state, corruptions[i].want);
    }
    drop_name();
}
END_TEST

/* Reset and delete while other processes count: nothing crashes, the
 * counters stay whole, counting continues into the orphaned mapping. */
START_TEST(reset_delete_while_counting)
{
    struct zc_stats s;
    struct zc_stats_segment_info info;
    uint64_t calls, bytes;
    pid_t pids[3], later;
    int p, r, go[2], st;
    char c;

    use_name("reset");
    /* A process that attaches after the delete: forked now, before this
     * one attaches, and woken through the pipe. */
    ck_assert_int_eq(pipe(go), 0);
    later = fork();
    ck_assert_int_ge(later, 0);
    if (later == 0) {
        close(go[1]);
        if (read(go[0], &c, 1) != 1)
            _exit(2);
        _exit(zc_stats_shared_status() == ZC_STATS_SHARED_OFF &&
              zc_stats_enable_shared() == ZC_OK ? 0 : 1);
    }
    close(go[0]);
    ck_assert_int_eq(zc_stats_enable_shared(), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&ka, key16, 16, ZC_BACKEND_AUTO), ZC_OK);
    for (p = 0; p < 3; p++) {
        pids[p] = fork();
        ck_assert_int_ge(pids[p], 0);
        if (pids[p] == 0) {
            uint8_t buf[64] = { 0 };
            int i;

            for (i = 0; i < 20000; i++)
                if (zc_aes_ecb_encrypt(&ka, buf, buf, 64) != ZC_OK)
                    _exit(1);
            _exit(0);
        }
    }
    for (r = 0; r < 50; r++) {
        struct timespec ts = { 0, 100000L };

        ck_assert_int_eq(zc_stats_shared_reset(), ZC_OK);
        nanosleep(&ts, NULL);
    }
    ck_assert_int_eq(read_seg(&s, &info), ZC_OK);
    row_sum(&s, zc_stat_id(ZC_ALGO_AES_ECB, 16), &calls, &bytes);
    ck_assert_uint_le(calls, 3u * 20000u);
    ck_assert_int_eq(zc_stats_shared_delete(), ZC_OK);
    ck_assert_int_eq(zc_stats_shared_delete(), ZC_EDEVICE);   /* gone */
    for (p = 0; p < 3; p++) {
        ck_assert_int_eq(waitpid(pids[p], &st, 0), pids[p]);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    /* A new process creates a new, empty segment. */
    ck_assert_int_eq(write(go[1], "g", 1), 1);
    close(go[1]);
    ck_assert_int_eq(waitpid(later, &st, 0), later);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    ck_assert_int_eq(read_seg(&s, &info), ZC_OK);
    row_sum(&s, zc_stat_id(ZC_ALGO_AES_ECB, 16), &calls, &bytes);
    ck_assert_uint_eq(calls, 0);
    drop_name();
}
END_TEST

START_TEST(bad_arguments)
{
    static uint8_t seg[64];
    struct zc_stats s;
    struct zc_stats_segment_info info;
    char name[8];

    ck_assert_int_eq(zc_stats_segment_read(NULL, 1, &info, &s, sizeof s), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_segment_read(seg, sizeof seg, NULL, &s, sizeof s), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_segment_read(seg, sizeof seg, &info, NULL, sizeof s), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_segment_read(seg, sizeof seg, &info, &s, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_segment_read(NULL, 0, &info, &s, sizeof s), ZC_EINVAL);
    ck_assert_int_eq(info.state, ZC_STATS_SHARED_BAD_SIZE);
    ck_assert_int_eq(zc_stats_segment_read(seg, sizeof seg, &info, &s, sizeof s), ZC_EINVAL);
    ck_assert_int_eq(info.state, ZC_STATS_SHARED_BAD_MAGIC);
    ck_assert_int_eq(zc_stats_shared_name(NULL, 8), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_shared_name(name, sizeof name), ZC_ENOMEM);
    ck_assert_str_eq(name, "");
    setenv("ZCRYPT_STATS_SHM_NAME", "no-slash", 1);
    ck_assert_int_eq(zc_stats_shared_name(name, sizeof name), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_shared_delete(), ZC_EINVAL);
    ck_assert_int_eq(zc_stats_enable_shared(), ZC_EDEVICE);
    ck_assert_int_eq(zc_stats_shared_status(), ZC_STATS_SHARED_BAD_NAME);
    ck_assert_ptr_null(zc_stats_shared_reason(ZC_STATS_SHARED_STATES));
    ck_assert_ptr_null(zc_stats_shared_reason((enum zc_stats_shared_state)-1));
    ck_assert_int_eq(zc_stats_shared_reset(), ZC_ENOTSUP);
}
END_TEST

int main(int argc, char **argv)
{
    Suite *s;
    TCase *tc;

    (void)argc;
    self = argv[0];
    if (getenv("ZC_TEST_QUICK") != NULL)
        iters = ITERS / 10;
    /* The library attaches once per process: every test needs its own
     * (memcheck's run sets CK_FORK=no for the other suites). */
    setenv("CK_FORK", "yes", 1);
    if (getenv("ZC_TEST_SHARED_CHILD") != NULL)
        return child_main(getenv("ZC_TEST_SHARED_CHILD"));
    s = suite_create("stats-shared");
    /* "threads" alone is the ThreadSanitizer run (CK_RUN_CASE=threads). */
    tc = tcase_create("threads");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, procs_threads_exact_sum);
    suite_add_tcase(s, tc);
    tc = tcase_create("shared");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, env_shared_in_exec);
    tcase_add_test(tc, sigkill_never_tears);
    tcase_add_loop_test(tc, corrupt_segments_ignored, 0,
                        (int)(sizeof corruptions / sizeof corruptions[0]));
    tcase_add_test(tc, reset_delete_while_counting);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
