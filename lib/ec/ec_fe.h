/*
 * ec_fe.h - the field primes of P-256, P-384 and P-521 as constants, and
 * modular addition, subtraction and halving of fixed size, always
 * inlined, for the specialised copies of the point formulas (ec_point.c)
 * and of the field multiplication (ec_field.c). Private to lib/ec/.
 *
 * Both compute the two candidates and select with a mask, as
 * fiat-crypto's generated code does: a + b < 2m in n limbs and a carry
 * bit, minus m when that does not borrow; a - b, plus m when it borrowed.
 */
#ifndef ZC_EC_FE_H
#define ZC_EC_FE_H

#include "ec_sw.h"
#include "core/ct.h"

__extension__ typedef unsigned __int128 zc_u128;

#define ZC_EC_INLINE static inline __attribute__((always_inline))

static const uint64_t zc_ec_p256_m[4] = {
    0xffffffffffffffffu, 0x00000000ffffffffu, 0x0000000000000000u, 0xffffffff00000001u,
};
static const uint64_t zc_ec_p384_m[6] = {
    0x00000000ffffffffu, 0xffffffff00000000u, 0xfffffffffffffffeu,
    0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu,
};
static const uint64_t zc_ec_p521_m[9] = {
    0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu,
    0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu,
    0xffffffffffffffffu, 0xffffffffffffffffu, 0x00000000000001ffu,
};

/* gcc's carry builtins on x86-64 (clang has no __builtin_ia32_sbb_u64,
 * and makes adc/sbb of the unsigned __int128 form by itself). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define X86_CARRY_BUILTINS 1
#else
#define X86_CARRY_BUILTINS 0
#endif

/* x86-64 with gcc or clang: P-256's and P-384's products and P-384's
 * square in mulx/adcx/adox (ec_field_adx.c), which ec_field.c calls
 * when the CPU has BMI2 and ADX. */
#if defined(__x86_64__) && defined(__GNUC__)
#define ZC_EC_ADX 1
/* 1 when the CPU has BMI2 and ADX (CPUID leaf 7), else 0. */
int zc_ec_cpu_adx(void);
/* r = a b R^-1 mod P-256's or P-384's p, a, b < p, r < p; r may alias
 * a or b. */
void zc_ec_fmul_p256_adx(uint64_t *r, const uint64_t *a, const uint64_t *b);
void zc_ec_fmul_p384_adx(uint64_t *r, const uint64_t *a, const uint64_t *b);
/* r = a a R^-1 mod P-384's p, a < p, r < p; r may alias a. */
void zc_ec_fsqr_p384_adx(uint64_t *r, const uint64_t *a);
#else
#define ZC_EC_ADX 0
#endif

/* r = a + b + c (c a carry bit); returns the carry out. On x86-64 gcc's
 * add-with-carry builtin: one adc, where gcc compiles the unsigned
 * __int128 sum to zeroed registers, two adds and two adcs (and spills). */
ZC_EC_INLINE uint64_t zc_ec_adc(uint64_t *r, uint64_t a, uint64_t b, uint64_t c)
{
#if X86_CARRY_BUILTINS
    unsigned long long s;

    c = __builtin_ia32_addcarryx_u64((unsigned char)c, a, b, &s);
    *r = s;
    return c;
#else
    zc_u128 z = (zc_u128)a + b + c;

    *r = (uint64_t)z;
    return (uint64_t)(z >> 64);
#endif
}

/* r = a - b - c (c a borrow bit); returns the borrow out. */
ZC_EC_INLINE uint64_t zc_ec_sbb(uint64_t *r, uint64_t a, uint64_t b, uint64_t c)
{
#if X86_CARRY_BUILTINS
    unsigned long long d;

    c = __builtin_ia32_sbb_u64((unsigned char)c, a, b, &d);
    *r = d;
    return c;
#else
    zc_u128 z = (zc_u128)a - b - c;

    *r = (uint64_t)z;
    return (uint64_t)(z >> 64) & 1;
#endif
}

/* r = a + b mod m, a, b < m. */
ZC_EC_INLINE void zc_ec_fe_add(uint64_t *r, const uint64_t *a, const uint64_t *b,
                               const uint64_t *m, unsigned n)
{
    uint64_t t[ZC_EC_LIMBS], u[ZC_EC_LIMBS], carry = 0, borrow = 0, keep;
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        carry = zc_ec_adc(&t[i], a[i], b[i], carry);
#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        borrow = zc_ec_sbb(&u[i], t[i], m[i], borrow);
    keep = zc_ct_mask(borrow & (carry ^ 1));             /* t < m: keep t */
#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        r[i] = (t[i] & keep) | (u[i] & ~keep);
}

/* r = a - b mod m, a, b < m. */
ZC_EC_INLINE void zc_ec_fe_sub(uint64_t *r, const uint64_t *a, const uint64_t *b,
                               const uint64_t *m, unsigned n)
{
    uint64_t t[ZC_EC_LIMBS], borrow = 0, mask, carry = 0;
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        borrow = zc_ec_sbb(&t[i], a[i], b[i], borrow);
    mask = zc_ct_mask(borrow);
#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        carry = zc_ec_adc(&r[i], t[i], m[i] & mask, carry);
}

/* r = a / 2 mod m, a < m, m odd: (a + m) / 2 for odd a, by a masked add
 * of m and a shift that takes the add's carry in at the top. */
ZC_EC_INLINE void zc_ec_fe_half(uint64_t *r, const uint64_t *a, const uint64_t *m, unsigned n)
{
    uint64_t t[ZC_EC_LIMBS], mask = zc_ct_mask(a[0] & 1), carry = 0;
    unsigned i;

#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        carry = zc_ec_adc(&t[i], a[i], m[i] & mask, carry);
#pragma GCC unroll 9
    for (i = 0; i < n; i++)
        r[i] = t[i] >> 1 | (i + 1 < n ? t[i + 1] : carry) << 63;
}

#endif /* ZC_EC_FE_H */
