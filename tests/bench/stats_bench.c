/*
 * stats_bench.c - the measurement behind lib/core/stats.c's choice: the cost of
 * one counted call with per-thread counters (thread-local plain adds)
 * against relaxed atomics on padded, striped lines and on one shared set.
 * Not a test: it prints ns per counted call for each layout.
 *
 * Build and run: cc -O2 -pthread -o stats_bench tests/bench/stats_bench.c
 *                ./stats_bench [threads] [millions of calls per thread]
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define LINE 256
#define STRIPES 16
#define ROWS 102            /* the library's statistics rows (ZC_STAT_ALGOS) */

struct cell { uint64_t calls, bytes; };
struct set { struct cell c[ROWS][4][2]; } __attribute__((aligned(LINE)));

static struct set shared_set;
static struct set striped[STRIPES];
static _Thread_local struct set tls_set;
static long iters;
static int layout;

static unsigned stripe_of(const void *sp)
{
    uint64_t a = (uint64_t)(uintptr_t)sp >> 16;

    return (unsigned)((a * 0x9e3779b97f4a7c15ull) >> 60) % STRIPES;
}

/* noinline: a counted call is a call into the library */
__attribute__((noinline)) static void count(int row, uint64_t bytes)
{
    struct cell *c;

    switch (layout) {
    case 0:
        c = &tls_set.c[row][0][0];
        c->calls++;
        c->bytes += bytes;
        break;
    case 1:
        c = &striped[stripe_of(&c)].c[row][0][0];
        __atomic_fetch_add(&c->calls, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&c->bytes, bytes, __ATOMIC_RELAXED);
        break;
    default:
        c = &shared_set.c[row][0][0];
        __atomic_fetch_add(&c->calls, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&c->bytes, bytes, __ATOMIC_RELAXED);
        break;
    }
}

static void *worker(void *arg)
{
    long i;

    (void)arg;
    for (i = 0; i < iters; i++)
        count(20, 16);
    __asm__ volatile("" ::: "memory");
    return NULL;
}

static double run(int nthreads)
{
    pthread_t t[64];
    struct timespec a, b;
    int i;

    clock_gettime(CLOCK_MONOTONIC, &a);
    for (i = 0; i < nthreads; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (i = 0; i < nthreads; i++)
        pthread_join(t[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &b);
    return ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / (double)iters;
}

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return a < b ? -1 : a > b;
}

int main(int argc, char **argv)
{
    static const char *const names[3] = {
        "per-thread TLS plain add", "striped relaxed atomics", "one shared set, atomics"
    };
    int nthreads = argc > 1 ? atoi(argv[1]) : 2, r;

    iters = (argc > 2 ? atol(argv[2]) : 20) * 1000000L;
    if (nthreads < 1 || nthreads > 64 || iters < 1)
        return 2;
    for (layout = 0; layout < 3; layout++) {
        double v[5];

        for (r = 0; r < 5; r++)
            v[r] = run(nthreads);
        qsort(v, 5, sizeof(v[0]), cmp);
        printf("%-28s %6.2f ns per call (%d threads, median of 5)\n", names[layout], v[2],
               nthreads);
    }
    return 0;
}
