/*
 * ec_field.c - Montgomery multiplication and squaring of fixed size, one
 * specialised copy per modulus shape: the field primes of P-256, P-384
 * and P-521 with their limbs as compile-time constants, and the group
 * orders (4, 6 or 9 limbs, the modulus read from the struct).
 *
 * Technique: separated operand scanning (Koc, Acar, Kaliski, "Analyzing
 * and comparing Montgomery multiplication algorithms", 1996): the full
 * 2n-limb product first (for a square, the off-diagonal products once,
 * doubled, plus the diagonal: n(n+1)/2 limb products instead of n^2),
 * then n word-by-word Montgomery reduction steps. One generic body per
 * step, always inlined with n and the modulus as constants, so that the
 * compiler unrolls every loop and keeps the limbs in registers; for the
 * sparse NIST primes the products by their 0 and 1 limbs fold away (the
 * idea of fiat-crypto's word-by-word Montgomery code for P-256/P-384,
 * Erbsen et al., "Simple high-level code for cryptographic arithmetic",
 * IEEE S&P 2019; no code taken); P-256's steps go further, shifts and
 * one product by a constant (redc_p256). P-521's reduction uses the Mersenne
 * form instead: m = 2^521 - 1, so 2^521 = 1 mod m; the product folds
 * onto 521 bits and R^-1 is a rotation (redc_p521), no multiplication.
 *
 * Carry bounds: a limb product plus two limbs is at most
 * (2^64-1)^2 + 2(2^64-1) = 2^128 - 1, so every (hi, lo) step fits in an
 * unsigned __int128. The doubled off-diagonal sum is below a^2 < 2^(128n)
 * before the diagonal is added, so the shift loses no bit. With a, b < m
 * the product is below m^2 and the reduction adds at most (R - 1) m, so
 * t < m^2 + R m < 2 R m: the result t / R is below 2m, held in n limbs
 * and one carry bit, and one masked subtraction of m reduces it.
 *
 * Every function computes into locals and writes r last, so r may alias
 * a or b. The limb temporaries are not wiped per product (the generic
 * loop did): like the point formulas' temporaries they are stack below
 * the callers that hold secrets (ec_mul.c, ec_ecdsa_sw.c), which wipe
 * their own state, and every later product overwrites the same slots.
 */
#include "ec_fe.h"

typedef zc_u128 u128;

#define INLINE ZC_EC_INLINE

/* The carry steps of ec_fe.h (gcc's builtins on x86-64). */
#define adc zc_ec_adc
#define sbb zc_ec_sbb

/*
 * x86-64: product scanning (Comba), column by column into a three-limb
 * accumulator (acc0, acc1, acc2): each limb product is one mul and one
 * add/adc/adc chain, where the operand scanning below needs two
 * additions of a limb with their carries per product (and gcc spilled
 * its rows). Bound: a column holds at most n <= 9 products, each below
 * 2^128 - 2^65 + 1, plus the carry limbs of the column below (< 2^128),
 * so its sum is below 10 2^128 < 2^192: three limbs, no carry lost. The
 * square sums the off-diagonal products a_i a_j, i < j, the same way
 * (n (n - 1) / 2 products instead of n^2; the sum is below a^2 / 2, so
 * 2n limbs hold it doubled), doubles the 2n limbs by one adc chain
 * and adds the diagonal a_i^2 by another (a^2 < 2^(128 n): neither
 * carries out).
 */
#if defined(__x86_64__)
INLINE void acc_add(uint64_t *acc, u128 p)
{
    uint64_t c;

    c = adc(&acc[0], acc[0], (uint64_t)p, 0);
    c = adc(&acc[1], acc[1], (uint64_t)(p >> 64), c);
    (void)adc(&acc[2], acc[2], 0, c);
}

INLINE void mul_wide(uint64_t *t, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t acc[3] = { 0, 0, 0 };
    unsigned i, k;

#pragma GCC unroll 17
    for (k = 0; k < 2 * n - 1; k++) {
        unsigned top = k < n ? k : n - 1;

#pragma GCC unroll 9
        for (i = k < n ? 0 : k - n + 1; i <= top; i++)
            acc_add(acc, (u128)a[i] * b[k - i]);
        t[k] = acc[0];
        acc[0] = acc[1];
        acc[1] = acc[2];
        acc[2] = 0;
    }
    t[2 * n - 1] = acc[0];
}

INLINE void sqr_wide(uint64_t *t, const uint64_t *a, unsigned n)
{
    uint64_t acc[3] = { 0, 0, 0 }, c;
    unsigned i, k;

#pragma GCC unroll 17
    for (k = 1; k < 2 * n - 2; k++) {           /* sum of a_i a_j, i < j */
#pragma GCC unroll 9
        for (i = k < n ? 0 : k - n + 1; 2 * i < k; i++)
            acc_add(acc, (u128)a[i] * a[k - i]);
        t[k] = acc[0];
        acc[0] = acc[1];
        acc[1] = acc[2];
        acc[2] = 0;
    }
    t[0] = 0;
    t[2 * n - 2] = acc[0];
    t[2 * n - 1] = acc[1];                      /* the sum is below a^2 / 2 */
    c = 0;
#pragma GCC unroll 18
    for (i = 0; i < 2 * n; i++)                 /* doubled: below a^2, no carry out */
        c = adc(&t[i], t[i], t[i], c);
    c = 0;
#pragma GCC unroll 9
    for (i = 0; i < n; i++) {                   /* + the diagonal: a^2, no carry out */
        u128 d = (u128)a[i] * a[i];

        c = adc(&t[2 * i], t[2 * i], (uint64_t)d, c);
        c = adc(&t[2 * i + 1], t[2 * i + 1], (uint64_t)(d >> 64), c);
    }
}

#else /* elsewhere (s390x: fewer guest instructions) operand scanning */
/* t[0 .. 2n-1] = a b */
INLINE void mul_wide(uint64_t *t, const uint64_t *a, const uint64_t *b, unsigned n)
{
    unsigned i, j;

#pragma GCC unroll 9
    for (i = 0; i < 2 * n; i++)
        t[i] = 0;
#pragma GCC unroll 9
    for (i = 0; i < n; i++) {
        uint64_t c = 0;

#pragma GCC unroll 9
        for (j = 0; j < n; j++) {
            u128 z = (u128)a[i] * b[j] + t[i + j] + c;

            t[i + j] = (uint64_t)z;
            c = (uint64_t)(z >> 64);
        }
        t[i + n] = c;
    }
}

/* t[0 .. 2n-1] = a^2 */
INLINE void sqr_wide(uint64_t *t, const uint64_t *a, unsigned n)
{
    uint64_t c;
    unsigned i, j;

#pragma GCC unroll 9
    for (i = 0; i < 2 * n; i++)
        t[i] = 0;
#pragma GCC unroll 9
    for (i = 0; i < n - 1; i++) {               /* sum of a_i a_j, i < j */
        c = 0;
#pragma GCC unroll 9
        for (j = i + 1; j < n; j++) {
            u128 z = (u128)a[i] * a[j] + t[i + j] + c;

            t[i + j] = (uint64_t)z;
            c = (uint64_t)(z >> 64);
        }
        t[i + n] = c;
    }
    t[2 * n - 1] = t[2 * n - 2] >> 63;          /* doubled: below a^2 */
#pragma GCC unroll 18
    for (i = 2 * n - 2; i > 0; i--)
        t[i] = t[i] << 1 | t[i - 1] >> 63;
    t[0] <<= 1;
    c = 0;
#pragma GCC unroll 9
    for (i = 0; i < n; i++) {                   /* + the diagonal a_i^2 */
        u128 d = (u128)a[i] * a[i];
        u128 z = (u128)t[2 * i] + (uint64_t)d + c;

        t[2 * i] = (uint64_t)z;
        z = (u128)t[2 * i + 1] + (uint64_t)(d >> 64) + (uint64_t)(z >> 64);
        t[2 * i + 1] = (uint64_t)z;
        c = (uint64_t)(z >> 64);
    }
}

#endif

/* r = t - m if t + hi 2^(64n) >= m (the value below 2m), else t. */
INLINE void final_sub(uint64_t *r, const uint64_t *t, uint64_t hi, const uint64_t *m,
                      unsigned n)
{
    uint64_t u[ZC_EC_LIMBS], borrow = 0, use;
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        borrow = sbb(&u[i], t[i], m[i], borrow);
    use = zc_ct_mask(hi | (borrow ^ 1));
#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        r[i] = (u[i] & use) | (t[i] & ~use);
}

/* r = t R^-1 mod m, t < m R (2n limbs); word-by-word reduction. */
INLINE void redc(uint64_t *r, uint64_t *t, const uint64_t *m, uint64_t m0i, unsigned n)
{
    uint64_t hi = 0;
    unsigned i, j;

#pragma GCC unroll 9
    for (i = 0; i < n; i++) {
        uint64_t q = t[i] * m0i, c = 0;
        u128 z;

#pragma GCC unroll 9
        for (j = 0; j < n; j++) {               /* t += q m 2^(64i) */
            z = (u128)q * m[j] + t[i + j] + c;
            t[i + j] = (uint64_t)z;
            c = (uint64_t)(z >> 64);
        }
#if X86_CARRY_BUILTINS
        hi = adc(&t[i + n], t[i + n], c, hi);   /* the carry moves up one limb */
#else                                           /* the same sum (s390x: gcc's */
        z = (u128)t[i + n] + c + hi;            /* allocation of this form is */
        t[i + n] = (uint64_t)z;                 /* a few instructions shorter) */
        hi = (uint64_t)(z >> 64);
#endif
    }
    final_sub(r, t + n, hi, m, n);
}

/*
 * P-256: p = 2^256 - 2^224 + 2^192 + 2^96 - 1 and -p^-1 = 1 mod 2^64, so
 * a step's q is the limb t[i] itself, and adding q p 2^(64i) needs no
 * product by p's limbs: t[i] - q is 0 (no borrow), q 2^96 is q << 32
 * and q >> 32 at limbs i+1, i+2, and q (2^256 - 2^224 + 2^192) is
 * q (2^64 - 2^32 + 1) 2^192, one product by a constant at limbs i+3,
 * i+4 (the step of Gueron's and Krasnov's ecp_nistz256 reduction; this
 * is the same sum as redc's, done in fewer operations). Carry bounds:
 * each adc() adds two words and a carry bit, below 2^65, so its carry
 * out is a bit; at limb i+4 the sum t + hi(q K) + c + hi is at most
 * (2^64 - 1) + (2^64 - 2^32) + 2 < 2^65, so the two carries out of it
 * add to at most 1 and hi stays a bit, as in redc; the result bound is
 * redc's (below 2p).
 */
INLINE void redc_p256(uint64_t *r, uint64_t *t)
{
    uint64_t hi = 0;
    unsigned i;

#pragma GCC unroll 4
    for (i = 0; i < 4; i++) {
        uint64_t q = t[i], c;
        u128 k = (u128)q * 0xffffffff00000001u;     /* q (2^64 - 2^32 + 1) */

        c = adc(&t[i + 1], t[i + 1], q << 32, 0);
        c = adc(&t[i + 2], t[i + 2], q >> 32, c);
        c = adc(&t[i + 3], t[i + 3], (uint64_t)k, c);
        c = adc(&t[i + 4], t[i + 4], (uint64_t)(k >> 64), c);
        hi = adc(&t[i + 4], t[i + 4], hi, 0) + c;   /* a bit: see above */
    }
    final_sub(r, t + 4, hi, zc_ec_p256_m, 4);
}

/*
 * P-384: p = 2^384 - 2^128 - 2^96 + 2^32 - 1, -p^-1 = 2^32 + 1 mod 2^64.
 * The step's q p is q 2^384 - s with s = q (2^128 + 2^96 - 2^32 + 1):
 * t - s 2^(64i) over limbs i .. i+3, the borrow carried through limbs
 * i+4, i+5, and q added at limb i+6: the same sum as redc's. Limb i
 * becomes 0 without a borrow (s = t[i] mod 2^64 by the choice of q), so
 * that subtraction is left out. s's limbs from two products by
 * constants: 2^96 - 2^32 + 1 = (2^64 - 2^32 + 1) + (2^32 - 1) 2^64, so
 * s = m1 + m2 2^64 + q 2^128 with m1 = q (2^64 - 2^32 + 1), m2 = q (2^32
 * - 1) < 2^96 (the shift-and-borrow form of this step took more
 * instructions, its chains interleaved through setb). Carry bounds:
 * s < 2^128 q + 2^96 q + q < 2^193, so s3 (the carry out of limb 2) is
 * 0 or 1; every sbb() and adc() is two words and a bit. At limb i+6,
 * t + q + hi - b >= 0 (b is 1 only when q, hence s, is not 0, and
 * q >= 1) and below 2^65: hi stays a bit, as in redc, and the result
 * bound is redc's (below 2p).
 *
 * x86-64 only: there it saves about 10 % of a product (60.6 against
 * 64-67 ns); on s390x, where a 64x64 product is one instruction and the
 * borrow chains are not, redc's steps take fewer guest instructions
 * (a P-384 verification 7.9 M against 9.0 M with this step).
 */
#if defined(__x86_64__)
INLINE void redc_p384(uint64_t *r, uint64_t *t)
{
    uint64_t hi = 0;
    unsigned i;

#pragma GCC unroll 6
    for (i = 0; i < 6; i++) {
        uint64_t q = t[i] + (t[i] << 32);          /* t[i] (2^32 + 1) mod 2^64 */
        u128 m1 = (u128)q * 0xffffffff00000001u;    /* q (2^64 - 2^32 + 1) */
        u128 m2 = (u128)q * 0xffffffffu;            /* q (2^32 - 1), below 2^96 */
        uint64_t s1, s2, s3, b, c;

        c = adc(&s1, (uint64_t)(m1 >> 64), (uint64_t)m2, 0);   /* s = m1 + m2 2^64 */
        c = adc(&s2, (uint64_t)(m2 >> 64), q, c);               /*     + q 2^128 */
        s3 = c;
        b = sbb(&t[i + 1], t[i + 1], s1, 0);        /* t - s 2^(64i) from limb i+1 */
        b = sbb(&t[i + 2], t[i + 2], s2, b);
        b = sbb(&t[i + 3], t[i + 3], s3, b);
        b = sbb(&t[i + 4], t[i + 4], 0, b);
        b = sbb(&t[i + 5], t[i + 5], 0, b);
        c = adc(&t[i + 6], t[i + 6], q, hi);        /* + q 2^384 */
        hi = c - sbb(&t[i + 6], t[i + 6], 0, b);    /* the sum's bit 64 */
    }
    final_sub(r, t + 6, hi, zc_ec_p384_m, 6);
}
#else
INLINE void redc_p384(uint64_t *r, uint64_t *t)
{
    redc(r, t, zc_ec_p384_m, 0x100000001u, 6); /* -p^-1 = 2^32 + 1 mod 2^64 */
}
#endif

/*
 * P-521: R = 2^576, m = 2^521 - 1. Since 2^521 = 1 mod m, t R^-1 needs
 * no reduction steps: fold t < 2^1042 to s = t mod 2^521 + t >> 521
 * (below 2^522 - 1), fold bit 521 once more (then s <= 2^521 - 1 = m,
 * congruent to t), and multiply by R^-1 = 2^(1042 - 576) = 2^466 mod m,
 * which on 521 bits is a rotation: right by 55. The result is at most m;
 * the final subtraction takes m to 0. Shifts and one add chain per
 * fold, where the word-by-word steps carried up to 18 limbs each (about
 * 150 fewer instructions per product on x86_64).
 */
INLINE void redc_p521(uint64_t *r, const uint64_t *t)
{
    uint64_t s[9], v[9], c = 0, low;
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < 9; i++) {                   /* t mod 2^521 + t >> 521 */
        uint64_t lo = i < 8 ? t[i] : t[8] & 0x1ff;
        uint64_t hi = t[8 + i] >> 9 | (i < 8 ? t[9 + i] << 55 : 0);

        c = adc(&s[i], lo, hi, c);
    }
    c = s[8] >> 9;                              /* bit 521 (no carry out above) */
    s[8] &= 0x1ff;
#pragma GCC unroll 9
    for (i = 0; i < 9; i++)
        c = adc(&s[i], s[i], 0, c);
    low = s[0] & (((uint64_t)1 << 55) - 1);     /* bits 0..54 go to 466..520 */
#pragma GCC unroll 9
    for (i = 0; i < 9; i++)
        v[i] = s[i] >> 55 | (i < 8 ? s[i + 1] << 9 : 0);
    v[7] |= low << 18;
    v[8] |= low >> 46;
    final_sub(r, v, 0, zc_ec_p521_m, 9);
}

#if ZC_EC_ADX
/* 0: not asked yet, 1: no, 2: the CPU has BMI2 and ADX. Relaxed atomics:
 * threads that ask at once all store the same answer. */
static int adx_state;

static __attribute__((noinline, cold)) void ask_adx(void)
{
    __atomic_store_n(&adx_state, zc_ec_cpu_adx() ? 2 : 1, __ATOMIC_RELAXED);
}

/* In the dispatchers below: the ADX call when the CPU is known to have
 * BMI2 and ADX, else the portable function, which asks the CPU the first
 * time (that call is portable: same result). Both are tail calls, so a
 * dispatcher is a load, a test and a jump. (With the portable body, or
 * the question, inlined there, a frame and the stack guard were set up
 * before the test, for the ADX call too: 3 % of a P-384 ECDH on x86-64.)
 * Without an ADX path the dispatcher is the portable body itself. */
#define PORTABLE_FN __attribute__((noinline))
#define ASK_ADX()                                                                    \
    do {                                                                             \
        if (__builtin_expect(__atomic_load_n(&adx_state, __ATOMIC_RELAXED) == 0, 0)) \
            ask_adx();                                                               \
    } while (0)
#define DISPATCH(adx, portable, body)                           \
    do {                                                        \
        if (__atomic_load_n(&adx_state, __ATOMIC_RELAXED) == 2) \
            adx;                                                \
        else                                                    \
            portable;                                           \
    } while (0)
#else
#define PORTABLE_FN
#define ASK_ADX()                     ((void)0)
#define DISPATCH(adx, portable, body) body
#endif

INLINE void mul_p256(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[8];

    mul_wide(t, a, b, 4);
    redc_p256(r, t);
}

INLINE void sqr_p256(uint64_t *r, const uint64_t *a)
{
    uint64_t t[8];

    sqr_wide(t, a, 4);
    redc_p256(r, t);
}

INLINE void mul_p384(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[12];

    mul_wide(t, a, b, 6);
    redc_p384(r, t);
}

INLINE void sqr_p384(uint64_t *r, const uint64_t *a)
{
    uint64_t t[12];

    sqr_wide(t, a, 6);
    redc_p384(r, t);
}

PORTABLE_FN void zc_ec_fmul_p256_portable(const struct zc_ec_mod *m, uint64_t *r,
                                          const uint64_t *a, const uint64_t *b)
{
    (void)m;
    ASK_ADX();
    mul_p256(r, a, b);
}

PORTABLE_FN void zc_ec_fsqr_p256_portable(const struct zc_ec_mod *m, uint64_t *r,
                                          const uint64_t *a)
{
    (void)m;
    ASK_ADX();
    sqr_p256(r, a);
}

PORTABLE_FN void zc_ec_fmul_p384_portable(const struct zc_ec_mod *m, uint64_t *r,
                                          const uint64_t *a, const uint64_t *b)
{
    (void)m;
    ASK_ADX();
    mul_p384(r, a, b);
}

PORTABLE_FN void zc_ec_fsqr_p384_portable(const struct zc_ec_mod *m, uint64_t *r,
                                          const uint64_t *a)
{
    (void)m;
    ASK_ADX();
    sqr_p384(r, a);
}

/* With BMI2 and ADX P-256's square is the product a a (15 ns against
 * the portable square's 17 ns: docs/performance.md); P-384's has its own
 * (21 limb products, not 36: 27 ns against the product's 31 ns in a
 * dependent chain). */
void zc_ec_fmul_p256(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                     const uint64_t *b)
{
    DISPATCH(zc_ec_fmul_p256_adx(r, a, b), zc_ec_fmul_p256_portable(m, r, a, b),
             ((void)m, mul_p256(r, a, b)));
}

void zc_ec_fsqr_p256(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    DISPATCH(zc_ec_fmul_p256_adx(r, a, a), zc_ec_fsqr_p256_portable(m, r, a),
             ((void)m, sqr_p256(r, a)));
}

void zc_ec_fmul_p384(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                     const uint64_t *b)
{
    DISPATCH(zc_ec_fmul_p384_adx(r, a, b), zc_ec_fmul_p384_portable(m, r, a, b),
             ((void)m, mul_p384(r, a, b)));
}

void zc_ec_fsqr_p384(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    DISPATCH(zc_ec_fsqr_p384_adx(r, a), zc_ec_fsqr_p384_portable(m, r, a),
             ((void)m, sqr_p384(r, a)));
}

void zc_ec_fmul_p521(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                     const uint64_t *b)
{
    uint64_t t[18];

    (void)m;
    mul_wide(t, a, b, 9);
    redc_p521(r, t);
}

void zc_ec_fsqr_p521(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a)
{
    uint64_t t[18];

    (void)m;
    sqr_wide(t, a, 9);
    redc_p521(r, t);
}

/* The group orders (and Ed448's L, 7 limbs): the modulus from the struct,
 * the size fixed. */
#define ORDER(n)                                                                    \
    void zc_ec_fmul_n##n(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a, \
                         const uint64_t *b)                                         \
    {                                                                               \
        uint64_t t[2 * (n)];                                                        \
                                                                                    \
        mul_wide(t, a, b, (n));                                                     \
        redc(r, t, m->m, m->m0i, (n));                                              \
    }                                                                               \
    void zc_ec_fsqr_n##n(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a) \
    {                                                                               \
        uint64_t t[2 * (n)];                                                        \
                                                                                    \
        sqr_wide(t, a, (n));                                                        \
        redc(r, t, m->m, m->m0i, (n));                                              \
    }
ORDER(4)
ORDER(6)
ORDER(7)
ORDER(9)
