/*
 * peers_time.h - the timing of the peer benchmarks (sw_peers.c, ec_peers.c):
 * thread CPU time, rounds of about ROUND_NS of work each, and the sort for
 * their medians. One copy, so that both benchmarks measure the same way.
 */
#ifndef ZC_PEERS_TIME_H
#define ZC_PEERS_TIME_H

#include <time.h>

#define ROUND_NS 20000000.0 /* aim for about 20 ms of work per round */
#define MAX_ROUNDS 63

/*
 * The thread's CPU time, not the wall clock: with several engineers on two
 * cores, time spent descheduled would otherwise land on whoever ran then.
 */
static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Calls per round: about ROUND_NS of work, from a short calibration. */
static long calibrate(void (*fn)(void))
{
    long n = 1;
    double t;

    for (;;) {
        double t0 = now_ns();
        long i;

        for (i = 0; i < n; i++)
            fn();
        t = now_ns() - t0;
        if (t > ROUND_NS / 8 || n > (1L << 24))
            break;
        n *= 2;
    }
    n = (long)((double)n * ROUND_NS / (t > 1 ? t : 1));
    return n < 1 ? 1 : n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

#endif /* ZC_PEERS_TIME_H */
