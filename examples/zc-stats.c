/*
 * zc-stats - the system-wide statistics of libzcrypt's shared mode
 * (ZCRYPT_STATS=shared, zcrypt/stats.h): per algorithm, key size, backend
 * and direction, the calls and bytes that every process of the user
 * counted, and the one line that answers "did it run on the hardware?".
 *
 * Segments are read with pread(), never mapped: a segment truncated under
 * a mapping would raise SIGBUS here. Before the read, fstat() checks that
 * it is a regular file of the expected owner with mode 0600 and a size
 * that a segment can have; zc_stats_segment_read() then checks the
 * header and matches the rows by name, so this program reads a newer
 * library's segment (its unknown rows summed) or says why not.
 */
#define _GNU_SOURCE
#include <zcrypt.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PROG "zc-stats"
#define SHM_DIR "/dev/shm"
#define MAX_SEGMENT (16u << 20)   /* far above any layout (65536 rows) */

static struct {
    int json, all, reset, del;
    long watch, count;
} opt = { .count = -1 };

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: " PROG " [OPTION]...\n"
        "Show the calls and bytes that the processes of this user counted in\n"
        "libzcrypt's shared statistics (run them with ZCRYPT_STATS=shared):\n"
        "per algorithm, key size, backend (cpacf, protected, cex, software)\n"
        "and direction, and the share of the calls that ran on hardware.\n"
        "\n"
        "  -j, --json           one JSON object instead of the table\n"
        "  -a, --all            every user's segment and their sum (root only)\n"
        "  -w, --watch=SECONDS  every SECONDS, what was counted meanwhile\n"
        "  -n, --count=N        with --watch: stop after N intervals\n"
        "  -r, --reset          set this user's counters to zero\n"
        "  -d, --delete         remove this user's segment\n"
        "  -h, --help           show this help and exit\n"
        "  -V, --version        show the version and exit\n"
        "\n"
        "The segment is " ZC_STATS_SHM_PREFIX "UID (ZCRYPT_STATS_SHM_NAME replaces\n"
        "the name). A segment that is not trusted (owner, mode, size, magic,\n"
        "version, layout) is not read, and the reason is printed.\n"
        "\n"
        "Exit status: 0 shown (or reset, deleted); 1 no segment, or one that is\n"
        "not trusted; 2 usage error.\n");
}

/* One segment as read: where from, what was found, the counts. */
struct seg {
    char name[300];
    long uid;                   /* from the name, -1 unknown */
    const char *problem;        /* NULL: read and trusted */
    struct zc_stats_segment_info info;
    struct zc_stats s;
};

/* Read path (opened O_NOFOLLOW) into g, checking owner uid (-1: the
 * effective uid), mode and size before reading. */
static int read_fd(int fd, long uid, struct seg *g)
{
    struct stat st;
    uint8_t *buf;
    ssize_t n;
    size_t got = 0;

    if (fstat(fd, &st) != 0) {
        g->problem = strerror(errno);
        return 1;
    }
    if (!S_ISREG(st.st_mode) || st.st_uid != (uid_t)(uid < 0 ? (long)geteuid() : uid)) {
        g->problem = zc_stats_shared_reason(ZC_STATS_SHARED_BAD_OWNER);
        return 1;
    }
    if ((st.st_mode & 07777) != 0600) {
        g->problem = zc_stats_shared_reason(ZC_STATS_SHARED_BAD_MODE);
        return 1;
    }
    if (st.st_size <= 0 || (uint64_t)st.st_size > MAX_SEGMENT) {
        g->problem = zc_stats_shared_reason(ZC_STATS_SHARED_BAD_SIZE);
        return 1;
    }
    buf = malloc((size_t)st.st_size);
    if (buf == NULL) {
        g->problem = "out of memory";
        return 1;
    }
    while (got < (size_t)st.st_size) {
        n = pread(fd, buf + got, (size_t)st.st_size - got, (off_t)got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    /* A short read (truncated meanwhile) is a wrong size for the header. */
    if (zc_stats_segment_read(buf, got, &g->info, &g->s, sizeof g->s) != ZC_OK)
        g->problem = zc_stats_shared_reason(g->info.state);
    free(buf);
    return g->problem != NULL;
}

/* This user's segment; 1 with g->problem set when it is missing or bad. */
static int read_own(struct seg *g)
{
    int fd, rc;

    memset(g, 0, sizeof *g);
    g->uid = (long)geteuid();
    if (zc_stats_shared_name(g->name, sizeof g->name) != ZC_OK) {
        g->problem = zc_stats_shared_reason(ZC_STATS_SHARED_BAD_NAME);
        return 1;
    }
    fd = shm_open(g->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
    if (fd < 0) {
        g->problem = errno == ENOENT ? "no segment yet (no process counted with "
                                       "ZCRYPT_STATS=shared)"
                                     : strerror(errno);
        return 1;
    }
    rc = read_fd(fd, -1, g);
    close(fd);
    return rc;
}

/* ---- output ---------------------------------------------------------------- */

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", (unsigned char)*s);
        else
            putchar(*s);
    }
    putchar('"');
}

static int is_hw(unsigned b)
{
    return b == ZC_STAT_CPACF || b == ZC_STAT_PROTECTED || b == ZC_STAT_CEX;
}

static void totals(const struct zc_stats *s, uint64_t *hw, uint64_t *sw)
{
    unsigned r, b, d;

    *hw = *sw = 0;
    for (r = 0; r < ZC_STAT_ALGOS; r++)
        for (b = 0; b < ZC_STAT_BACKENDS; b++)
            for (d = 0; d < 2; d++)
                *(is_hw(b) ? hw : sw) += s->cell[r][b][d].calls;
}

static double pct(uint64_t part, uint64_t all)
{
    return all ? 100.0 * (double)part / (double)all : 0.0;
}

static void summary(const struct zc_stats *s)
{
    uint64_t hw, sw;

    totals(s, &hw, &sw);
    if (hw + sw == 0)
        printf("no calls counted\n");
    else
        printf("hardware %.1f %%, software %.1f %% (of %llu calls)\n", pct(hw, hw + sw),
               pct(sw, hw + sw), (unsigned long long)(hw + sw));
}

/* The library's text form ("NAME BACKEND OP calls=N bytes=N" lines) as
 * aligned columns. */
static void table(const struct zc_stats *s)
{
    static char buf[1 << 16];
    char *line, *save = NULL;

    if (zc_stats_format(s, ZC_STATS_TEXT, buf, sizeof buf) < 0) {
        printf("(too many rows to show)\n");
        return;
    }
    printf("%-16s %-9s %-8s %14s %20s\n", "algorithm", "backend", "op", "calls", "bytes");
    for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[64], be[16], op[16];
        unsigned long long calls, bytes;

        if (sscanf(line, "%63s %15s %15s calls=%llu bytes=%llu", name, be, op, &calls,
                   &bytes) == 5)
            printf("%-16s %-9s %-8s %14llu %20llu\n", name, be, op, calls, bytes);
    }
}

static void show_text(const struct seg *g)
{
    printf("segment %s", g->name);
    if (g->uid >= 0)
        printf(" (uid %ld)", g->uid);
    if (g->problem != NULL) {
        printf(": not read: %s\n", g->problem);
        return;
    }
    if (g->info.epoch) {
        time_t t = (time_t)g->info.epoch;
        char when[64];

        strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", gmtime(&t));
        printf(", counting since the boot of %s", when);
    }
    printf("\n");
    if (g->info.unknown_rows)
        printf("  %u row(s) of a newer library not known here: %llu calls, %llu bytes\n",
               g->info.unknown_rows, (unsigned long long)g->info.unknown_calls,
               (unsigned long long)g->info.unknown_bytes);
    table(&g->s);
    summary(&g->s);
}

static void show_json_body(const struct seg *g)
{
    static char buf[1 << 17];
    uint64_t hw, sw;

    printf("{\"segment\":");
    json_str(g->name);
    printf(",\"uid\":%ld,\"trusted\":%s", g->uid, g->problem ? "false" : "true");
    if (g->problem != NULL) {
        printf(",\"problem\":");
        json_str(g->problem);
        printf("}");
        return;
    }
    totals(&g->s, &hw, &sw);
    printf(",\"version\":%u,\"rows\":%u,\"epoch\":%llu,\"unknown_rows\":%u,"
           "\"unknown_calls\":%llu,\"unknown_bytes\":%llu,\"hardware_calls\":%llu,"
           "\"software_calls\":%llu,\"hardware_percent\":%.1f,\"statistics\":",
           g->info.version, g->info.rows, (unsigned long long)g->info.epoch,
           g->info.unknown_rows, (unsigned long long)g->info.unknown_calls,
           (unsigned long long)g->info.unknown_bytes, (unsigned long long)hw,
           (unsigned long long)sw, pct(hw, hw + sw));
    if (zc_stats_format(&g->s, ZC_STATS_JSON, buf, sizeof buf) >= 0)
        fputs(buf, stdout);
    else
        printf("null");
    printf("}");
}

/* ---- the modes --------------------------------------------------------------- */

static void add(struct zc_stats *sum, const struct zc_stats *s, int sign)
{
    unsigned r, b, d;

    for (r = 0; r < ZC_STAT_ALGOS; r++)
        for (b = 0; b < ZC_STAT_BACKENDS; b++)
            for (d = 0; d < 2; d++) {
                sum->cell[r][b][d].calls += (uint64_t)sign * s->cell[r][b][d].calls;
                sum->cell[r][b][d].bytes += (uint64_t)sign * s->cell[r][b][d].bytes;
            }
}

/* --all: every "zcrypt-stats-UID" under /dev/shm, and the sum. */
static int show_all(void)
{
    static struct seg g, sum;
    DIR *dir;
    struct dirent *e;
    int first = 1, bad = 0, n = 0;
    const size_t plen = strlen(ZC_STATS_SHM_PREFIX) - 1;   /* without the '/' */

    if (geteuid() != 0) {
        fprintf(stderr, PROG ": --all reads every user's segment: root only\n");
        return 2;
    }
    dir = opendir(SHM_DIR);
    if (dir == NULL) {
        fprintf(stderr, PROG ": " SHM_DIR ": %s\n", strerror(errno));
        return 1;
    }
    memset(&sum, 0, sizeof sum);
    snprintf(sum.name, sizeof sum.name, "all users");
    sum.uid = -1;
    if (opt.json)
        printf("{\"segments\":[");
    while ((e = readdir(dir)) != NULL) {
        char *end;
        long uid;
        int fd;

        if (strncmp(e->d_name, &ZC_STATS_SHM_PREFIX[1], plen) != 0)
            continue;
        errno = 0;
        uid = strtol(e->d_name + plen, &end, 10);
        if (end == e->d_name + plen || *end != '\0' || uid < 0 || errno)
            continue;
        memset(&g, 0, sizeof g);
        snprintf(g.name, sizeof g.name, "/%s", e->d_name);
        g.uid = uid;
        fd = openat(dirfd(dir), e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            g.problem = strerror(errno);
        else {
            read_fd(fd, uid, &g);
            close(fd);
        }
        if (g.problem)
            bad = 1;
        else
            add(&sum.s, &g.s, 1);
        n++;
        if (opt.json) {
            printf(first ? "" : ",");
            show_json_body(&g);
        } else {
            show_text(&g);
            printf("\n");
        }
        first = 0;
    }
    closedir(dir);
    if (opt.json) {
        printf("],\"sum\":");
        show_json_body(&sum);
        printf("}\n");
    } else {
        printf("%d segment(s); ", n);
        summary(&sum.s);
    }
    return bad;
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

/* --watch: the deltas of each interval. */
static int watch(void)
{
    static struct seg g, prev, delta;
    long i;

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (read_own(&prev) != 0) {
        fprintf(stderr, PROG ": %s: %s\n", prev.name, prev.problem);
        return 1;
    }
    for (i = 0; !stop && (opt.count < 0 || i < opt.count); i++) {
        struct timespec ts = { .tv_sec = opt.watch };

        while (nanosleep(&ts, &ts) != 0 && errno == EINTR && !stop)
            ;
        if (read_own(&g) != 0) {
            fprintf(stderr, PROG ": %s: %s\n", g.name, g.problem);
            return 1;
        }
        delta = g;
        add(&delta.s, &prev.s, -1);
        if (opt.json) {
            show_json_body(&delta);
            printf("\n");
        } else {
            printf("--- the last %ld s ---\n", opt.watch);
            table(&delta.s);
            summary(&delta.s);
        }
        fflush(stdout);
        prev = g;
    }
    return 0;
}

static long number(const char *s, const char *what, long min)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno || v < min || v > 86400L * 365) {
        fprintf(stderr, PROG ": %s: not a number of at least %ld: '%s'\n", what, min, s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "json", no_argument, NULL, 'j' },
        { "all", no_argument, NULL, 'a' },
        { "watch", required_argument, NULL, 'w' },
        { "count", required_argument, NULL, 'n' },
        { "reset", no_argument, NULL, 'r' },
        { "delete", no_argument, NULL, 'd' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    static struct seg g;
    int c, rc;

    while ((c = getopt_long(argc, argv, "jaw:n:rdhV", longs, NULL)) != -1) {
        switch (c) {
        case 'j': opt.json = 1; break;
        case 'a': opt.all = 1; break;
        case 'w': opt.watch = number(optarg, "--watch", 1); break;
        case 'n': opt.count = number(optarg, "--count", 1); break;
        case 'r': opt.reset = 1; break;
        case 'd': opt.del = 1; break;
        case 'h':
            usage(stdout);
            return 0;
        case 'V':
            printf(PROG " (libzcrypt) %s\n", zc_version());
            return 0;
        default:
            fprintf(stderr, "Try '" PROG " --help' for more information.\n");
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, PROG ": unexpected argument '%s'\n"
                "Try '" PROG " --help' for more information.\n", argv[optind]);
        return 2;
    }
    if (opt.reset + opt.del + opt.all + (opt.watch > 0) > 1) {
        fprintf(stderr, PROG ": --reset, --delete, --all and --watch exclude each other\n");
        return 2;
    }
    if (opt.count >= 0 && opt.watch == 0) {
        fprintf(stderr, PROG ": --count needs --watch\n");
        return 2;
    }
    if (opt.all)
        return show_all();
    if (opt.watch)
        return watch();
    if (opt.reset || opt.del) {
        /* Whatever is wrong with the segment, say it before acting. */
        if (read_own(&g) != 0) {
            fprintf(stderr, PROG ": %s: %s\n", g.name, g.problem);
            return 1;
        }
        if (opt.del) {
            rc = zc_stats_shared_delete();
            if (rc != ZC_OK) {
                fprintf(stderr, PROG ": %s: not deleted: %s\n", g.name, zc_strerror(rc));
                return 1;
            }
            return 0;
        }
        rc = zc_stats_enable_shared();
        if (rc == ZC_OK)
            rc = zc_stats_shared_reset();
        if (rc != ZC_OK) {
            fprintf(stderr, PROG ": %s: not reset: %s\n", g.name,
                    zc_stats_shared_reason(zc_stats_shared_status()));
            return 1;
        }
        return 0;
    }
    rc = read_own(&g);
    if (opt.json) {
        show_json_body(&g);
        printf("\n");
    } else if (rc) {
        fprintf(stderr, PROG ": %s: %s\n", g.name, g.problem);
    } else {
        show_text(&g);
    }
    return rc;
}
