/*
 * ct.h - constant-time primitives: masks, selection, comparison,
 * conditional copy and swap.
 *
 * Internal to libzcrypt, freestanding. Every secret-dependent decision in
 * the library is made with these: a condition becomes a mask (all ones or
 * all zeros) and both outcomes are computed and blended, so neither the
 * branch predictor nor the memory system sees the secret. Conditions are
 * passed as 0/1 values ("ctl") and turned into masks here, once.
 *
 * The compiler may recognise a mask-and-blend and rewrite it as a branch;
 * zc_ct_hide() passes a value through an empty asm so that the optimiser
 * cannot know it is 0 or 1 and has nothing to branch on. The technique is
 * the usual one (BearSSL's inner.h, "Constant-Time Toolkit" by Thomas
 * Pornin); this file is written for libzcrypt.
 *
 * zc_ct_equal() (byte strings) lives in util.h and is not repeated here.
 */
#ifndef ZC_CT_H
#define ZC_CT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Secret-taint checking (tests/ct/): built with ZC_CT_VALGRIND, a value
 * that the code deliberately makes public (a success flag, an output
 * length, a rejected prime candidate) is marked defined for valgrind's
 * memcheck, which otherwise reports every branch, cmov or address that
 * depends on secret (undefined) data. In the library it costs nothing.
 */
#ifdef ZC_CT_VALGRIND
#include <valgrind/memcheck.h>
#define zc_ct_declassify(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define zc_ct_declassify(p, n) ((void)(p), (void)(n))
#endif

/* An optimisation barrier: the result equals x, but the compiler cannot see it. */
static inline uint64_t zc_ct_hide(uint64_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

/* ctl is 0 or 1: all-zero or all-one 64-bit mask. */
static inline uint64_t zc_ct_mask(uint64_t ctl)
{
    return (uint64_t)0 - zc_ct_hide(ctl);
}

/* 1 when x != 0, else 0. */
static inline uint64_t zc_ct_nonzero(uint64_t x)
{
    return (x | ((uint64_t)0 - x)) >> 63;
}

/* 1 when x == 0, else 0. */
static inline uint64_t zc_ct_iszero(uint64_t x)
{
    return 1 ^ zc_ct_nonzero(x);
}

/* 1 when x == y, else 0. */
static inline uint64_t zc_ct_eq(uint64_t x, uint64_t y)
{
    return zc_ct_iszero(x ^ y);
}

/* 1 when x < y (unsigned), else 0: the borrow of x - y. */
static inline uint64_t zc_ct_lt(uint64_t x, uint64_t y)
{
    return ((~x & y) | ((~x | y) & (x - y))) >> 63;
}

/* 1 when x >= y (unsigned), else 0. */
static inline uint64_t zc_ct_ge(uint64_t x, uint64_t y)
{
    return 1 ^ zc_ct_lt(x, y);
}

/* ctl ? a : b, for ctl 0 or 1. */
static inline uint64_t zc_ct_sel(uint64_t ctl, uint64_t a, uint64_t b)
{
    uint64_t m = zc_ct_mask(ctl);

    return b ^ (m & (a ^ b));
}

/* When ctl is 1, copy n bytes from src to dst; when 0, leave dst. Both read in full. */
static inline void zc_ct_copy_bytes(uint64_t ctl, void *dst, const void *src, size_t n)
{
    uint8_t m = (uint8_t)zc_ct_mask(ctl);
    uint8_t *d = dst;
    const uint8_t *s = src;
    size_t i;

    for (i = 0; i < n; i++)
        d[i] ^= m & (d[i] ^ s[i]);
}

/* When ctl is 1, copy n words from src to dst (the bignum limbs). */
static inline void zc_ct_copy64(uint64_t ctl, uint64_t *dst, const uint64_t *src, size_t n)
{
    uint64_t m = zc_ct_mask(ctl);
    size_t i;

    for (i = 0; i < n; i++)
        dst[i] ^= m & (dst[i] ^ src[i]);
}

/* When ctl is 1, exchange n words of a and b. */
static inline void zc_ct_swap64(uint64_t ctl, uint64_t *a, uint64_t *b, size_t n)
{
    uint64_t m = zc_ct_mask(ctl);
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t t = m & (a[i] ^ b[i]);

        a[i] ^= t;
        b[i] ^= t;
    }
}

/*
 * Copy table entry idx (of count entries of n words each) to dst, reading
 * every entry, so the address pattern does not depend on idx.
 */
static inline void zc_ct_lookup64(uint64_t *dst, const uint64_t *table, size_t count,
                                  size_t n, uint64_t idx)
{
    size_t i, j;

    for (j = 0; j < n; j++)
        dst[j] = 0;
    for (i = 0; i < count; i++) {
        uint64_t m = zc_ct_mask(zc_ct_eq(i, idx));

        for (j = 0; j < n; j++)
            dst[j] |= m & table[i * n + j];
    }
}

#endif /* ZC_CT_H */
