/*
 * unit.h - the little harness of the plain unit tests of the software cores: a pass
 * and fail count, hex decoding, deterministic filler, and the closing
 * "N passed, N failed" line that CI reads.
 */
#ifndef ZC_UNIT_H
#define ZC_UNIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static unsigned n_pass, n_fail;

static inline void check(int ok, const char *what)
{
    if (ok) {
        n_pass++;
    } else {
        n_fail++;
        printf("FAIL: %s\n", what);
    }
}

/* check() with a printf-style message. The condition is evaluated
 * first: the message may print what it computed. */
#define CHECK(ok, ...)                                                      \
    do {                                                                    \
        int ok_ = (ok);                                                     \
        char what_[200];                                                    \
                                                                            \
        snprintf(what_, sizeof what_, __VA_ARGS__);                         \
        check(ok_, what_);                                                  \
    } while (0)

static inline int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decode a hex string into out; returns the byte count. */
static inline size_t unhex(uint8_t *out, const char *hex)
{
    size_t n = 0;

    while (hex[0] != '\0' && hex[1] != '\0') {
        out[n++] = (uint8_t)(hexval(hex[0]) << 4 | hexval(hex[1]));
        hex += 2;
    }
    return n;
}

/* Deterministic filler (xorshift64), so runs are reproducible. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static inline void fill(uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        p[i] = (uint8_t)(rng_state >> 32);
    }
}

/* A deterministic 64-bit word from the filler, big-endian (the bignum tests' limbs). */
static inline uint64_t rnd64(void)
{
    uint8_t b[8];
    uint64_t w = 0;
    int i;

    fill(b, sizeof b);
    for (i = 0; i < 8; i++)
        w = w << 8 | b[i];
    return w;
}

/* The closing line and the exit status. */
static inline int unit_done(void)
{
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail == 0 ? 0 : 1;
}

#endif /* ZC_UNIT_H */
