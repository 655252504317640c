/*
 * bn.h - fixed-size big integers (RSA now, elliptic curves next): the
 * contract.
 *
 * A number is an array of uint64_t limbs, least significant limb first,
 * in native word order (so the same code runs on s390x and x86_64: only
 * zc_bn_decode/zc_bn_encode see bytes, and they go through big-endian
 * byte strings). Every function takes the limb count explicitly. That
 * count is the "announced length": it comes from the public size of the
 * key (modulus or prime bit length), never from the value.
 *
 * Contract (as BearSSL states it for its i31/i62 code): the time taken
 * and the memory addresses touched depend only on the announced lengths
 * and on values documented as public here, never on the values of the
 * operands. Functions marked "variable time" are the exception and take
 * only public values (a public exponent, a candidate that is discarded).
 *
 * No heap: temporaries live on the stack, bounded by ZC_BN_MAX_LIMBS.
 * 64x64->128-bit products use unsigned __int128 where the compiler has it
 * and four 32x32->64 products otherwise.
 */
#ifndef ZC_BN_H
#define ZC_BN_H

#include <stddef.h>
#include <stdint.h>

/* 8192 bits: the largest public modulus. */
#define ZC_BN_MAX_LIMBS 128

/* hi:lo = a * b + c + d (cannot overflow 128 bits). */
#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 zc_bn_u128;

static inline uint64_t zc_bn_mula(uint64_t *lo, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    zc_bn_u128 t = (zc_bn_u128)a * b + c + d;

    *lo = (uint64_t)t;
    return (uint64_t)(t >> 64);
}
#else
static inline uint64_t zc_bn_mula(uint64_t *lo, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    uint64_t l = (mid << 32) | (uint32_t)ll;
    uint64_t h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);

    l += c;
    h += l < c;
    l += d;
    h += l < d;
    *lo = l;
    return h;
}
#endif

/* 4096 bits: the largest modulus of a secret exponentiation (an RSA prime). */
#define ZC_BN_MAX_SECRET_LIMBS 64

/* Limbs needed for a number of the given bit length. */
static inline size_t zc_bn_limbs(size_t bits)
{
    return (bits + 63) / 64;
}

/* Big-endian bytes into n limbs; 0 (and x zeroed) if the value needs more than n limbs. */
int zc_bn_decode(uint64_t *x, size_t n, const uint8_t *src, size_t len);
/* n limbs into len big-endian bytes (leading zeros; higher limbs beyond len are dropped). */
void zc_bn_encode(uint8_t *dst, size_t len, const uint64_t *x, size_t n);

void zc_bn_zero(uint64_t *x, size_t n);
/* Bit length of x (0 for zero), constant-time. */
size_t zc_bn_bitlen(const uint64_t *x, size_t n);
/* 1 when x == 0 / x == y / x < y, else 0; constant-time. */
uint64_t zc_bn_iszero(const uint64_t *x, size_t n);
uint64_t zc_bn_eq(const uint64_t *x, const uint64_t *y, size_t n);
uint64_t zc_bn_lt(const uint64_t *x, const uint64_t *y, size_t n);

/* d = a + b / a - b; returns the carry / borrow. d may be a or b. */
uint64_t zc_bn_add(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t n);
uint64_t zc_bn_sub(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t n);
/* When ctl is 1: a += b / a -= b; a is always read and written. Returns carry / borrow (0 when ctl is 0). */
uint64_t zc_bn_cadd(uint64_t ctl, uint64_t *a, const uint64_t *b, size_t n);
uint64_t zc_bn_csub(uint64_t ctl, uint64_t *a, const uint64_t *b, size_t n);
/* a += w (a one-limb value); returns the carry. */
uint64_t zc_bn_add_word(uint64_t *a, size_t n, uint64_t w);

/* d (an + bn limbs) = a * b; d distinct from a and b. */
void zc_bn_mul(uint64_t *d, const uint64_t *a, size_t an, const uint64_t *b, size_t bn);

/*
 * r (n limbs) = a (an limbs) mod m (n limbs, top limb non-zero, m odd or
 * even, m > 1). Bit by bit: time depends on an and n only.
 */
void zc_bn_reduce(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *m, size_t n);

/*
 * a mod d for 1 <= d < 2^32. Constant-time in a and d (no division
 * instruction): it runs on secret prime candidates.
 */
uint32_t zc_bn_mod_small(const uint64_t *a, size_t n, uint32_t d);

/* ---- Montgomery arithmetic, odd modulus m of n limbs (top limb non-zero) ---- */

/* -m^-1 mod 2^64 for odd m0. */
uint64_t zc_bn_m0i(uint64_t m0);
/* r2 = 2^(128 n) mod m: the factor that takes a number into Montgomery form. */
void zc_bn_r2(uint64_t *r2, const uint64_t *m, size_t n);
/* d = x * y / 2^(64 n) mod m, for x, y < m; d may alias x or y. */
void zc_bn_montmul(uint64_t *d, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                   size_t n, uint64_t m0i);

/*
 * r = a mod m for odd m by Montgomery reduction: a (an <= 2n limbs) must
 * be below m 2^(64 n) (the caller's sizes guarantee it: for an RSA prime p,
 * x < p q with q < 2^(64 n)); r2 = 2^(128 n) mod m. Two Montgomery passes
 * instead of zc_bn_reduce's 64 an; time depends on an and n only.
 */
void zc_bn_mont_reduce(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *m, size_t n,
                       uint64_t m0i, const uint64_t *r2);

/*
 * x = x^e mod m, x < m, n <= ZC_BN_MAX_SECRET_LIMBS. The exponent e (en limbs) is secret: a fixed
 * 4-bit window over its announced bit length ebits, every window
 * multiplies, and the table entry is chosen by scanning the whole table.
 */
void zc_bn_modexp(uint64_t *x, const uint64_t *e, size_t en, size_t ebits,
                  const uint64_t *m, size_t n, uint64_t m0i, const uint64_t *r2);

/* x = x^e mod m for a public exponent (variable time in e only), x < m. */
void zc_bn_modexp_pub(uint64_t *x, const uint64_t *e, size_t en,
                      const uint64_t *m, size_t n, uint64_t m0i, const uint64_t *r2);

/*
 * x = x^-1 mod m for odd m > 1, x < m. Returns 1 when the inverse exists
 * (gcd 1; x is then below m), else 0 (x is then meaningless, never taken
 * for an inverse). Constant-time: Bernstein-Yang divsteps, a count fixed
 * by n (floor((49 * 64 n + 57) / 17), in batches of 62).
 */
uint64_t zc_bn_modinv(uint64_t *x, const uint64_t *m, size_t n);

/* The same for public x and m (verification): variable-time divsteps,
 * stopping when the gcd is found; the same answers as zc_bn_modinv. */
uint64_t zc_bn_modinv_vartime(uint64_t *x, const uint64_t *m, size_t n);

#endif /* ZC_BN_H */
