/*
 * util.h - byte-order helpers, secret wiping and constant-time comparison.
 *
 * Internal to libzcrypt. Everything here is freestanding (no libc beyond
 * memcpy/memset/memcmp) and endian-neutral: loads and stores go through
 * bytes, so the same code is right on s390x (big-endian) and x86_64.
 */
#ifndef ZC_UTIL_H
#define ZC_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Declassify: say that a value derived from secrets is public by design.
 * Only the constant-time check (scripts/hardening.sh ct-taint, a build with
 * -Dct_taint=true) defines ZC_CT_TAINT; it marks secrets undefined for
 * valgrind memcheck, which then reports any branch or index on them.
 */
#if defined(ZC_CT_TAINT)
#include <valgrind/memcheck.h>
#define ZC_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define ZC_DECLASSIFY(p, n) ((void)0)
#endif

static inline uint32_t zc_load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void zc_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint64_t zc_load_be64(const uint8_t *p)
{
    return (uint64_t)zc_load_be32(p) << 32 | zc_load_be32(p + 4);
}

static inline void zc_store_be64(uint8_t *p, uint64_t v)
{
    zc_store_be32(p, (uint32_t)(v >> 32));
    zc_store_be32(p + 4, (uint32_t)v);
}

static inline uint32_t zc_load_le32(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static inline void zc_store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint64_t zc_load_le64(const uint8_t *p)
{
    return (uint64_t)zc_load_le32(p + 4) << 32 | zc_load_le32(p);
}

static inline void zc_store_le64(uint8_t *p, uint64_t v)
{
    zc_store_le32(p, (uint32_t)v);
    zc_store_le32(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t zc_rol32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> ((32 - n) & 31));
}

static inline uint32_t zc_ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << ((32 - n) & 31));
}

static inline uint64_t zc_rol64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> ((64 - n) & 63));
}

static inline uint64_t zc_ror64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << ((64 - n) & 63));
}

/*
 * Big-endian counter increments (CTR modes and their streams), without an
 * early exit: some protocols derive the initial counter and never send it
 * (SSH), so where the carry stops must not show in the timing. The carry
 * into the high half of 128 bits is (lo == 0), computed without a branch.
 */
static inline void zc_ctr_inc_be64(uint8_t c[8])
{
    zc_store_be64(c, zc_load_be64(c) + 1);
}

static inline void zc_ctr_inc_be128(uint8_t c[16])
{
    uint64_t lo = zc_load_be64(c + 8) + 1;
    uint64_t hi = zc_load_be64(c) + (((lo | (0 - lo)) >> 63) ^ 1);

    zc_store_be64(c, hi);
    zc_store_be64(c + 8, lo);
}

/*
 * Clear secret material. The compiler may not drop the memset because the
 * buffer is passed to an empty asm that claims to read memory.
 */
static inline void zc_wipe(void *p, size_t n)
{
    if (n == 0)
        return;
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* Constant-time equality: 1 when equal, 0 otherwise; time depends on n only. */
static inline int zc_ct_equal(const void *a, const void *b, size_t n)
{
    const volatile uint8_t *x = a, *y = b;
    uint32_t d = 0;
    size_t i;
    int eq;

    for (i = 0; i < n; i++)
        d |= (uint32_t)(x[i] ^ y[i]);
    eq = (int)(1 & ((d - 1) >> 8));
    ZC_DECLASSIFY(&eq, sizeof(eq));     /* the verdict is the public result */
    return eq;
}

/*
 * Argument rules shared by every call (docs/api-conventions.md): a NULL
 * pointer is allowed only with length 0, and in/out may be the same
 * buffer but may not overlap partially.
 */
static inline int zc_bad_ptr(const void *p, size_t len)
{
    return p == NULL && len != 0;
}

static inline int zc_partial_overlap(const void *in, const void *out, size_t len)
{
    uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;

    if (len == 0 || a == b)
        return 0;
    return a < b ? b - a < len : a - b < len;
}

#endif /* ZC_UTIL_H */
