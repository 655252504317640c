/*
 * testutil.h - small helpers shared by the test programs (hosted and
 * bare metal): hex parsing and a deterministic generator for "random"
 * inputs, so that every failure can be replayed from its seed.
 */
#ifndef ZC_TESTUTIL_H
#define ZC_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

/* Parse hex into out (at most max bytes); returns the byte count. */
static inline size_t tu_unhex(uint8_t *out, size_t max, const char *hex)
{
    size_t n = 0;

    while (hex[0] && hex[1] && n < max) {
        int hi = hex[0] <= '9' ? hex[0] - '0' : (hex[0] | 0x20) - 'a' + 10;
        int lo = hex[1] <= '9' ? hex[1] - '0' : (hex[1] | 0x20) - 'a' + 10;

        out[n++] = (uint8_t)(hi << 4 | lo);
        hex += 2;
    }
    return n;
}

/* xorshift64*: deterministic test data, not for cryptographic use. */
static inline uint64_t tu_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

static inline void tu_fill(uint64_t *s, uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(tu_rand(s) >> 56);
}

#endif /* ZC_TESTUTIL_H */
