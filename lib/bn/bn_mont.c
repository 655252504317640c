/*
 * bn_mont.c - Montgomery multiplication, squaring and modular
 * exponentiation.
 *
 * Technique: Montgomery's REDC (P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44, 1985), 64-bit limbs, in the
 * separated operand-scanning form (SOS in Koc, Acar and Kaliski,
 * "Analyzing and comparing Montgomery multiplication algorithms", IEEE
 * Micro 1996): the 2n-limb product first, then n reduction rows, each a
 * multiply-accumulate row t += a * b of the same shape (the shape of
 * OpenSSL's bn_mul_add_words). The separation is what allows a dedicated
 * squaring: x^2 computes each cross product x[i] x[j] (i < j) once,
 * doubles their sum and adds the squares, n(n-1)/2 + n products instead
 * of n^2 (Menezes, van Oorschot and Vanstone, Handbook of Applied
 * Cryptography, algorithm 14.16), so a Montgomery squaring costs about
 * 3/4 of a multiplication. The final subtraction is always computed and
 * kept by mask, so the time does not tell whether it was needed (the
 * Schindler timing channel).
 *
 * The common sizes (16, 32 and 64 limbs: the primes of RSA-2048, 4096 and
 * 8192, and the moduli of RSA-1024, 2048 and 4096) get instances of their
 * own with the limb count a constant, which the compiler unrolls and
 * schedules; other sizes run the same code with n a variable. Which
 * instance runs depends on the announced length only. On x86-64 the 16-
 * and 32-limb instances scan products instead (column by column, Comba's
 * order, the reduction interleaved: the FIPS form in Koc, Acar and
 * Kaliski), fully unrolled; see ps_mul below.
 *
 * Secret exponents use a fixed 5-bit window (fixed windows as in OpenSSL's
 * BN_mod_exp_mont_consttime and BearSSL's i31/i62 modpow; this code is
 * written for libzcrypt): five squarings and one multiplication per
 * window, the multiplier read from a 32-entry table by a full scan,
 * so neither the sequence of operations nor the memory addresses depend
 * on the exponent's bits; only its announced bit length counts. Public
 * exponents use plain left-to-right square-and-multiply. Temporaries are
 * wiped once per exponentiation, not once per multiplication.
 */
#include "bn.h"
#include "core/ct.h"
#include "core/util.h"

#define ZC_BN_INLINE inline __attribute__((always_inline))

uint64_t zc_bn_m0i(uint64_t m0)
{
    /* Newton: y = m0^-1 mod 2^k doubles k each step; m0 * m0 = 1 mod 8 starts at 3 bits */
    uint64_t y = m0;
    int i;

    for (i = 0; i < 5; i++)
        y *= 2 - m0 * y;
    return (uint64_t)0 - y;
}

void zc_bn_r2(uint64_t *r2, const uint64_t *m, size_t n)
{
    uint64_t t[ZC_BN_MAX_LIMBS];
    size_t i, j;

    /* start at 1 and double 128 n times, modulo m */
    zc_bn_zero(r2, n);
    r2[0] = 1;
    for (i = 0; i < 128 * n; i++) {
        uint64_t top = r2[n - 1] >> 63, br;

        for (j = n - 1; j > 0; j--)
            r2[j] = r2[j] << 1 | r2[j - 1] >> 63;
        r2[0] <<= 1;
        br = zc_bn_sub(t, r2, m, n);
        zc_ct_copy64(top | (1 ^ br), r2, t, n);
    }
    zc_wipe(t, n * sizeof t[0]);
}

#if defined(__s390x__) && defined(__GNUC__)
/*
 * s390x: gcc keeps a 128-bit sum in a register pair badly (13 instructions
 * a limb); this row takes 7 and a half, two limbs per iteration with the
 * pairs r0:r1 and r2:r3 taking turns as product and carry. MLG multiplies
 * the odd register by the limb into the pair; ALCGR adds the carries.
 * Constant time: the trip count is the announced length. The outputs are
 * early-clobbered: gcc would otherwise give the carry and the zero one register.
 */
static inline uint64_t row_muladd2(uint64_t *t, uint64_t a, const uint64_t *b, size_t pairs,
                                   uint64_t c)
{
    uint64_t j = 0;

    __asm__ volatile("   lgr   %%r2,%[c]\n"
                     "0: lgr   %%r1,%[a]\n"
                     "   mlg   %%r0,0(%[j],%[b])\n"
                     "   algr  %%r1,%%r2\n"
                     "   alcgr %%r0,%[z]\n"
                     "   alg   %%r1,0(%[j],%[t])\n"
                     "   alcgr %%r0,%[z]\n"
                     "   stg   %%r1,0(%[j],%[t])\n"
                     "   lgr   %%r3,%[a]\n"
                     "   mlg   %%r2,8(%[j],%[b])\n"
                     "   algr  %%r3,%%r0\n"
                     "   alcgr %%r2,%[z]\n"
                     "   alg   %%r3,8(%[j],%[t])\n"
                     "   alcgr %%r2,%[z]\n"
                     "   stg   %%r3,8(%[j],%[t])\n"
                     "   la    %[j],16(%[j])\n"
                     "   brctg %[k],0b\n"
                     "   lgr   %[c],%%r2\n"
                     : [c] "+&d"(c), [j] "+&a"(j), [k] "+&d"(pairs)
                     : [a] "d"(a), [b] "a"(b), [t] "a"(t), [z] "d"((uint64_t)0)
                     : "r0", "r1", "r2", "r3", "cc", "memory");
    return c;
}

/* t[0..n-1] += a * b[0..n-1]; returns the carry limb. */
static ZC_BN_INLINE uint64_t row_muladd(uint64_t *t, uint64_t a, const uint64_t *b, size_t n)
{
    uint64_t c = 0;

    if (n & 1) {                        /* public: the length */
        c = zc_bn_mula(&t[0], a, b[0], t[0], 0);
        t++;
        b++;
    }
    if (n >= 2)
        c = row_muladd2(t, a, b, n / 2, c);
    return c;
}
#else
/* t[0..n-1] += a * b[0..n-1]; returns the carry limb. */
static ZC_BN_INLINE uint64_t row_muladd(uint64_t *t, uint64_t a, const uint64_t *b, size_t n)
{
    uint64_t c = 0;
    size_t j;

#pragma GCC unroll 8
    for (j = 0; j < n; j++)
        c = zc_bn_mula(&t[j], a, b[j], t[j], c);
    return c;
}
#endif

/*
 * REDC of t (2n limbs, t < m 2^(64 n)) and the final subtraction:
 * d = t / 2^(64 n) mod m, below m. Row i adds u m 2^(64 i), u chosen so
 * that limb i vanishes; its carry goes into limb i + n with the earlier
 * rows' carry bit (top <= 1: every partial sum stays below 2 m 2^(64 n)).
 * d must not overlap t.
 */
static ZC_BN_INLINE void redc(uint64_t *d, uint64_t *t, const uint64_t *m, size_t n,
                              uint64_t m0i)
{
    uint64_t top = 0, br = 0, mask;
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t c = row_muladd(t + i, t[i] * m0i, m, n);
        zc_bn_u128 v = (zc_bn_u128)t[i + n] + c + top;

        t[i + n] = (uint64_t)v;
        top = (uint64_t)(v >> 64);
    }
    /* top:t[n..2n-1] < 2m: subtract m once when it is >= m (the low half is free) */
    for (i = 0; i < n; i++) {
        zc_bn_u128 v = (zc_bn_u128)t[i + n] - m[i] - br;

        t[i] = (uint64_t)v;
        br = (uint64_t)(v >> 64) & 1;
    }
    mask = zc_ct_mask(top | (1 ^ br));
    for (i = 0; i < n; i++)
        d[i] = t[i + n] ^ (mask & (t[i] ^ t[i + n]));
}

/* d = x y / 2^(64 n) mod m; t is a scratch of 2n limbs, d may alias x or y. */
static ZC_BN_INLINE void mont_mul(uint64_t *d, const uint64_t *x, const uint64_t *y,
                                  const uint64_t *m, size_t n, uint64_t m0i, uint64_t *t)
{
    size_t i;

    for (i = 0; i < n; i++)
        t[i] = 0;
    for (i = 0; i < n; i++)
        t[i + n] = row_muladd(t + i, x[i], y, n);
    redc(d, t, m, n, m0i);
}

/* d = x^2 / 2^(64 n) mod m; t is a scratch of 2n limbs, d may alias x. */
static ZC_BN_INLINE void mont_sqr(uint64_t *d, const uint64_t *x, const uint64_t *m,
                                  size_t n, uint64_t m0i, uint64_t *t)
{
    uint64_t c, hi;
    size_t i;

    /* the cross products x[i] x[j], i < j: row i spans limbs 2i+1 .. i+n */
    for (i = 0; i < 2 * n; i++)
        t[i] = 0;
    for (i = 0; i + 1 < n; i++)
        t[i + n] = row_muladd(t + 2 * i + 1, x[i], x + i + 1, n - 1 - i);
    /* doubled: their sum is below 2^(128 n - 1) */
    hi = 0;
    for (i = 0; i < 2 * n; i++) {
        uint64_t w = t[i];

        t[i] = w << 1 | hi;
        hi = w >> 63;
    }
    /* plus the squares, x[i]^2 at limb 2i (the total is x^2 < 2^(128 n): no carry out) */
    c = 0;
    for (i = 0; i < n; i++) {
        zc_bn_u128 v;

        hi = zc_bn_mula(&t[2 * i], x[i], x[i], t[2 * i], c);
        v = (zc_bn_u128)t[2 * i + 1] + hi;
        t[2 * i + 1] = (uint64_t)v;
        c = (uint64_t)(v >> 64);
    }
    redc(d, t, m, n, m0i);
}

#if defined(__x86_64__)
/*
 * Product scanning (x86-64, the 16- and 32-limb instances): the FIPS form
 * of Koc, Acar and Kaliski (finely integrated product scanning) on
 * Comba's column order (P. G. Comba, "Exponentiation cryptosystems on the
 * IBM PC", IBM Systems Journal 29, 1990). Column i of x y + u m is summed
 * in a three-word accumulator c2:acc: the products x[j] y[i-j] and
 * u[j] m[i-j]; for i < n the column's low word then fixes u[i], for i >= n
 * it is output limb i - n. Each column holds at most 2n products below
 * 2^128, so 2n 2^128 < 2^192 for any n here. The result (x y + u m) / R is
 * below 2m (x, y < m): one masked subtraction. With n a constant the
 * compiler unrolls it all and keeps the accumulator in registers: half
 * the time of the SOS rows above, which load and store every partial
 * limb (16 limbs: 390 against 820 ns a multiplication, 330 against 730 a
 * squaring, measured on this x86-64 in one run), for about 10 KB of code
 * per 16-limb function and 40 KB per 32-limb one. Branch-free: every
 * condition (i < n, i even) is a position.
 */
/* c2:acc += a b (the carry out of acc into c2: an add-with-carry, no branch) */
#define PS_ACC(acc, c2, a, b)                                     \
    do {                                                          \
        zc_bn_u128 p_ = (zc_bn_u128)(a) * (b);                    \
        acc += p_;                                                \
        c2 += acc < p_;                                           \
    } while (0)
/* the next column: c2:acc shifted down one word */
#define PS_SHIFT()                                                \
    do {                                                          \
        acc = acc >> 64 | (zc_bn_u128)c2 << 64;                   \
        c2 = 0;                                                   \
    } while (0)

/* d = r - m when top:r >= m, else r (r < 2m); s is scratch. */
static ZC_BN_INLINE void ps_finish(uint64_t *d, uint64_t *r, uint64_t *s, uint64_t top,
                                   const uint64_t *m, size_t n)
{
    uint64_t br = 0, mask;
    size_t i;

    for (i = 0; i < n; i++) {
        zc_bn_u128 v = (zc_bn_u128)r[i] - m[i] - br;

        s[i] = (uint64_t)v;
        br = (uint64_t)(v >> 64) & 1;
    }
    mask = zc_ct_mask(top | (1 ^ br));
    for (i = 0; i < n; i++)
        d[i] = r[i] ^ (mask & (r[i] ^ s[i]));
}

/* d = x y / R mod m; t is a scratch of 2n limbs (u, then the result); d may alias x or y. */
static ZC_BN_INLINE void ps_mul(uint64_t *d, const uint64_t *x, const uint64_t *y,
                                const uint64_t *m, size_t n, uint64_t m0i, uint64_t *t)
{
    uint64_t *u = t, *r = t + n, c2 = 0;
    zc_bn_u128 acc = 0;
    size_t i, j;

#pragma GCC unroll 64
    for (i = 0; i < n; i++) {
#pragma GCC unroll 64
        for (j = 0; j < i; j++) {
            PS_ACC(acc, c2, x[j], y[i - j]);
            PS_ACC(acc, c2, u[j], m[i - j]);
        }
        PS_ACC(acc, c2, x[i], y[0]);
        u[i] = (uint64_t)acc * m0i;
        PS_ACC(acc, c2, u[i], m[0]);
        PS_SHIFT();
    }
#pragma GCC unroll 64
    for (i = n; i < 2 * n - 1; i++) {
#pragma GCC unroll 64
        for (j = i - n + 1; j < n; j++) {
            PS_ACC(acc, c2, x[j], y[i - j]);
            PS_ACC(acc, c2, u[j], m[i - j]);
        }
        r[i - n] = (uint64_t)acc;
        PS_SHIFT();
    }
    r[n - 1] = (uint64_t)acc;
    ps_finish(d, r, u, (uint64_t)(acc >> 64), m, n);
}

/*
 * The squaring: per column the cross products x[j] x[i-j] (j < i - j)
 * once, in an accumulator of their own, doubled, then the square of
 * x[i/2] for even i and the u m products as in ps_mul.
 */
static ZC_BN_INLINE void ps_sqr(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n,
                                uint64_t m0i, uint64_t *t)
{
    uint64_t *u = t, *r = t + n, c2 = 0;
    zc_bn_u128 acc = 0;
    size_t i, j;

#pragma GCC unroll 128
    for (i = 0; i < 2 * n - 1; i++) {
        size_t lo = i < n ? 0 : i - n + 1;
        zc_bn_u128 xa = 0;
        uint64_t xc = 0;

#pragma GCC unroll 64
        for (j = lo; j < i - j; j++)
            PS_ACC(xa, xc, x[j], x[i - j]);
        /* doubled (at most n / 2 products: below 2^191 before) */
        xc = xc << 1 | (uint64_t)(xa >> 127);
        xa <<= 1;
        acc += xa;
        c2 += xc + (acc < xa);
        if (i % 2 == 0)
            PS_ACC(acc, c2, x[i / 2], x[i / 2]);
#pragma GCC unroll 64
        for (j = lo; j < (i < n ? i : n); j++)
            PS_ACC(acc, c2, u[j], m[i - j]);
        if (i < n) {
            u[i] = (uint64_t)acc * m0i;
            PS_ACC(acc, c2, u[i], m[0]);
        } else {
            r[i - n] = (uint64_t)acc;
        }
        PS_SHIFT();
    }
    r[n - 1] = (uint64_t)acc;
    ps_finish(d, r, u, (uint64_t)(acc >> 64), m, n);
}
#endif

typedef void mont_mul_fn(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                         size_t n, uint64_t m0i, uint64_t *t);
typedef void mont_sqr_fn(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n,
                         uint64_t m0i, uint64_t *t);

/* One instance per common size, n fixed; the any-size pair takes n as given. */
#define ZC_BN_MONT_SIZE(N, MUL, SQR)                                                        \
    static void mul_##N(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m, \
                        size_t n, uint64_t m0i, uint64_t *t)                                \
    {                                                                                       \
        (void)n;                                                                            \
        MUL(d, x, y, m, N, m0i, t);                                                         \
    }                                                                                       \
    static void sqr_##N(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n,        \
                        uint64_t m0i, uint64_t *t)                                          \
    {                                                                                       \
        (void)n;                                                                            \
        SQR(d, x, m, N, m0i, t);                                                            \
    }
#if defined(__x86_64__)
ZC_BN_MONT_SIZE(16, ps_mul, ps_sqr)
ZC_BN_MONT_SIZE(32, ps_mul, ps_sqr)
#else
ZC_BN_MONT_SIZE(16, mont_mul, mont_sqr)
ZC_BN_MONT_SIZE(32, mont_mul, mont_sqr)
#endif
ZC_BN_MONT_SIZE(64, mont_mul, mont_sqr)

static void mul_any(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                    size_t n, uint64_t m0i, uint64_t *t)
{
    mont_mul(d, x, y, m, n, m0i, t);
}

static void sqr_any(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n, uint64_t m0i,
                    uint64_t *t)
{
    mont_sqr(d, x, m, n, m0i, t);
}

struct mont_ops {
    mont_mul_fn *mul;
    mont_sqr_fn *sqr;
};

/* The instance for n limbs: chosen by the announced length, never by a value. */
static struct mont_ops mont_ops(size_t n)
{
    switch (n) {
    case 16: return (struct mont_ops){ .mul = mul_16, .sqr = sqr_16 };
    case 32: return (struct mont_ops){ .mul = mul_32, .sqr = sqr_32 };
    case 64: return (struct mont_ops){ .mul = mul_64, .sqr = sqr_64 };
    default: return (struct mont_ops){ .mul = mul_any, .sqr = sqr_any };
    }
}

void zc_bn_montmul(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                   size_t n, uint64_t m0i)
{
    uint64_t t[2 * ZC_BN_MAX_LIMBS];

    mont_ops(n).mul(d, x, y, m, n, m0i, t);
    zc_wipe(t, 2 * n * sizeof t[0]);
}

void zc_bn_mont_reduce(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *m, size_t n,
                       uint64_t m0i, const uint64_t *r2)
{
    uint64_t t[2 * ZC_BN_MAX_LIMBS];
    struct mont_ops op = mont_ops(n);
    size_t i;

    for (i = 0; i < 2 * n; i++)
        t[i] = i < an ? a[i] : 0;           /* public: positions only */
    /* REDC: a / R mod m (a < m R keeps it below 2m before the subtraction) */
    redc(r, t, m, n, m0i);
    /* times R^2 / R: a mod m */
    op.mul(r, r, r2, m, n, m0i, t);
    zc_wipe(t, 2 * n * sizeof t[0]);
}

/*
 * d = x / R mod m, out of Montgomery form: REDC of x alone (x < m, so
 * below m R), the reduction half of a multiplication by 1 without its
 * product half. t is a scratch of 2n limbs.
 */
static void from_mont(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n, uint64_t m0i,
                      uint64_t *t)
{
    size_t i;

    for (i = 0; i < n; i++) {
        t[i] = x[i];
        t[i + n] = 0;
    }
    redc(d, t, m, n, m0i);
}

#define WIN 5                   /* window bits */
#define WIN_ENTRIES (1u << WIN)

/*
 * dst = entry idx of the table (WIN_ENTRIES entries of n limbs), every
 * entry read, so the addresses do not depend on idx. The entry masks are
 * made once into sel (secret: the caller wipes it); then each limb is one
 * pass down the table with its sum in a register, where zc_ct_lookup64
 * keeps dst in memory (on s390x about 7 instructions per limb and entry
 * there, 4 here: 0.7 M of an RSA-2048 private operation's 15.7 M).
 */
static ZC_BN_INLINE void lookup(uint64_t *dst, const uint64_t *table, size_t n, uint64_t idx,
                                uint64_t *sel)
{
    size_t i, j;

    for (i = 0; i < WIN_ENTRIES; i++)
        sel[i] = zc_ct_mask(zc_ct_eq(i, idx));
    for (j = 0; j < n; j++) {
        uint64_t acc = 0;

#pragma GCC unroll 32
        for (i = 0; i < WIN_ENTRIES; i++)
            acc |= sel[i] & table[i * n + j];
        dst[j] = acc;
    }
}

void zc_bn_modexp(uint64_t *x, const uint64_t *e, size_t en, size_t ebits,
                  const uint64_t *m, size_t n, uint64_t m0i, const uint64_t *r2)
{
    uint64_t table[WIN_ENTRIES * ZC_BN_MAX_SECRET_LIMBS];
    uint64_t acc[ZC_BN_MAX_SECRET_LIMBS], mul[ZC_BN_MAX_SECRET_LIMBS];
    uint64_t t[2 * ZC_BN_MAX_SECRET_LIMBS], sel[WIN_ENTRIES];
    struct mont_ops op;
    size_t i, k, windows;

    if (n > ZC_BN_MAX_SECRET_LIMBS)
        return;             /* callers check sizes first; never reached */
    op = mont_ops(n);
    /* table[i] = x^i in Montgomery form; even entries by squaring */
    zc_bn_zero(acc, n);
    acc[0] = 1;
    op.mul(table, acc, r2, m, n, m0i, t);              /* 1 * R mod m */
    op.mul(table + n, x, r2, m, n, m0i, t);            /* x * R mod m */
    for (i = 2; i < WIN_ENTRIES; i++) {
        if (i % 2 == 0)
            op.sqr(table + i * n, table + (i / 2) * n, m, n, m0i, t);
        else
            op.mul(table + i * n, table + (i - 1) * n, table + n, m, n, m0i, t);
    }

    windows = (ebits + WIN - 1) / WIN;
    memcpy(acc, table, n * sizeof acc[0]);
    for (i = windows; i-- > 0;) {
        uint64_t w = 0;

        for (k = 0; k < WIN; k++) {
            size_t bit = WIN * i + k;

            op.sqr(acc, acc, m, n, m0i, t);
            if (bit < 64 * en)      /* public: bit positions, not values */
                w |= ((e[bit / 64] >> (bit % 64)) & 1) << k;
        }
        lookup(mul, table, n, w, sel);
        op.mul(acc, acc, mul, m, n, m0i, t);
    }
    from_mont(x, acc, m, n, m0i, t);
    zc_wipe(table, WIN_ENTRIES * n * sizeof table[0]);
    zc_wipe(acc, n * sizeof acc[0]);
    zc_wipe(mul, n * sizeof mul[0]);
    zc_wipe(t, 2 * n * sizeof t[0]);
    zc_wipe(sel, sizeof sel);
}

void zc_bn_modexp_pub(uint64_t *x, const uint64_t *e, size_t en,
                      const uint64_t *m, size_t n, uint64_t m0i, const uint64_t *r2)
{
    uint64_t base[ZC_BN_MAX_LIMBS], acc[ZC_BN_MAX_LIMBS], t[2 * ZC_BN_MAX_LIMBS];
    struct mont_ops op = mont_ops(n);
    size_t i, ebits = zc_bn_bitlen(e, en);

    op.mul(base, x, r2, m, n, m0i, t);
    memcpy(acc, base, n * sizeof acc[0]);
    if (ebits == 0) {
        zc_bn_zero(acc, n);
        acc[0] = 1;
        op.mul(acc, acc, r2, m, n, m0i, t);
    }
    /* the top bit is in acc already */
    for (i = ebits ? ebits - 1 : 0; i-- > 0;) {
        op.sqr(acc, acc, m, n, m0i, t);
        if ((e[i / 64] >> (i % 64)) & 1)          /* public exponent */
            op.mul(acc, acc, base, m, n, m0i, t);
    }
    from_mont(x, acc, m, n, m0i, t);
    zc_wipe(acc, n * sizeof acc[0]);
    zc_wipe(t, 2 * n * sizeof t[0]);
}
