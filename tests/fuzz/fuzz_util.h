/*
 * fuzz_util.h - what the libFuzzer targets share: a cursor over the input,
 * split sizes drawn from a generator seeded by the input (so a crash
 * replays from its input file alone), and checks that abort, which
 * libFuzzer reports with the input that caused it.
 */
#ifndef ZC_FUZZ_UTIL_H
#define ZC_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../verify_names.h"

struct fz {
    const uint8_t *p;
    size_t n;
    uint64_t rng;
    unsigned zeros;
};

#define FZ_CHECK(cond) do {                                             \
        if (!(cond)) {                                                  \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                    \
        }                                                               \
    } while (0)
#define FZ_OK(call) FZ_CHECK((call) == ZC_OK)

static inline void fz_init(struct fz *f, const uint8_t *p, size_t n)
{
    size_t i;

    f->p = p;
    f->n = n;
    f->rng = 0x9e3779b97f4a7c15u ^ n;
    for (i = 0; i < n; i++)
        f->rng = (f->rng ^ p[i]) * 0x100000001b3u;
    f->rng |= 1;
    f->zeros = 0;
}

static inline uint64_t fz_rand(struct fz *f)
{
    f->rng ^= f->rng << 13;
    f->rng ^= f->rng >> 7;
    f->rng ^= f->rng << 17;
    return f->rng;
}

/* The next byte of input (0 once it is used up). */
static inline uint8_t fz_byte(struct fz *f)
{
    uint8_t b = 0;

    if (f->n > 0) {
        b = f->p[0];
        f->p++;
        f->n--;
    }
    return b;
}

/* Up to want bytes of input; *got says how many. */
static inline const uint8_t *fz_take(struct fz *f, size_t want, size_t *got)
{
    const uint8_t *p = f->p;

    *got = want < f->n ? want : f->n;
    f->p += *got;
    f->n -= *got;
    return p;
}

/* Whether n bytes are all zero (what a failed decryption leaves). */
static inline int fz_all_zero(const uint8_t *p, size_t n)
{
    uint8_t d = 0;
    size_t i;

    for (i = 0; i < n; i++)
        d |= p[i];
    return d == 0;
}

static inline const uint8_t *fz_rest(struct fz *f, size_t *got)
{
    return fz_take(f, f->n, got);
}

/* A piece size in 0..left: zero now and then, mostly short, never stuck. */
static inline size_t fz_split(struct fz *f, size_t left)
{
    uint64_t r = fz_rand(f);
    size_t cap = left < 300 ? left : 300;

    if (left == 0)
        return 0;
    if ((r & 3) == 0 && f->zeros < 3) {
        f->zeros++;
        return 0;
    }
    f->zeros = 0;
    return 1 + (size_t)(r >> 8) % cap;
}

#endif /* ZC_FUZZ_UTIL_H */
