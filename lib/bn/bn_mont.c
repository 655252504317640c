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
 * instance runs depends on the announced length only.
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

typedef void mont_mul_fn(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                         size_t n, uint64_t m0i, uint64_t *t);
typedef void mont_sqr_fn(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n,
                         uint64_t m0i, uint64_t *t);

/* One instance per common size, n fixed; the any-size pair takes n as given. */
#define ZC_BN_MONT_SIZE(N)                                                                  \
    static void mul_##N(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m, \
                        size_t n, uint64_t m0i, uint64_t *t)                                \
    {                                                                                       \
        (void)n;                                                                            \
        mont_mul(d, x, y, m, N, m0i, t);                                                    \
    }                                                                                       \
    static void sqr_##N(uint64_t *d, const uint64_t *x, const uint64_t *m, size_t n,        \
                        uint64_t m0i, uint64_t *t)                                          \
    {                                                                                       \
        (void)n;                                                                            \
        mont_sqr(d, x, m, N, m0i, t);                                                       \
    }
ZC_BN_MONT_SIZE(16)
ZC_BN_MONT_SIZE(32)
ZC_BN_MONT_SIZE(64)

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
    /* out of Montgomery form: multiply by 1 */
    zc_bn_zero(mul, n);
    mul[0] = 1;
    op.mul(x, acc, mul, m, n, m0i, t);
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
    zc_bn_zero(base, n);
    base[0] = 1;
    op.mul(x, acc, base, m, n, m0i, t);
    zc_wipe(acc, n * sizeof acc[0]);
    zc_wipe(t, 2 * n * sizeof t[0]);
}
