/*
 * ec_ed_scalar.c - integers modulo L, the prime order of Ed25519's and
 * Ed448's base points (RFC 8032 5.1 and 5.2): the reduction of a digest,
 * S = r + k s, and the S < L check of verification.
 *
 * Technique: L is one more Montgomery modulus of ec_mont.c (struct
 * zc_ec_mod, the fixed-size product copies of ec_field.c: 4 limbs for
 * Ed25519, 7 for Ed448), so the scalars need no arithmetic of their own.
 * Values here are plain (not Montgomery) limbs below L; a product goes
 * through Montgomery form and back: mont(mont(b, c), R^2) = b c R^-1 R^-1
 * R^2 = b c. A digest wider than L is reduced by Horner's rule on chunks
 * of R = 2^(64 n) bits, top chunk first, in Montgomery form: A = A R +
 * c R, where both products are mont(x, R^2) = x R, and mont(c, R^2) is
 * exact for any chunk c < R (not only c < L) because c R^2 mod L < R L,
 * the bound Montgomery's reduction needs; the last step mont(A, 1) leaves
 * Montgomery form. ref10's sc_reduce does the same job with 21-bit limbs
 * and L's folding constant; the chunked form reuses what we have.
 *
 * Constant-time: every step is ec_mont.c's (no branch or index on the
 * value); the chunk count depends on the length only.
 */
#include "ec_ed.h"
#include "core/ct.h"
#include "core/util.h"

__extension__ typedef unsigned __int128 u128;

/* L = 2^252 + 27742317777372353535851937790883648493 */
const struct zc_ec_mod zc_ed25519_l = {
    .limbs = 4,
    .mul = zc_ec_fmul_n4,
    .sqr = zc_ec_fsqr_n4,
    .m = { 0x5812631a5cf5d3edu, 0x14def9dea2f79cd6u, 0x0000000000000000u, 0x1000000000000000u },
    .m0i = 0xd2b51da312547e1bu,
    .r2 = { 0xa40611e3449c0f01u, 0xd00e1ba768859347u, 0xceec73d217f5be65u, 0x0399411b7c309a3du },
    .one = { 0xd6ec31748d98951du, 0xc6ef5bf4737dcf70u, 0xfffffffffffffffeu, 0x0fffffffffffffffu },
    .inv_exp = { 0x5812631a5cf5d3ebu, 0x14def9dea2f79cd6u, 0x0000000000000000u,
                 0x1000000000000000u },
};

/* L = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885 */
const struct zc_ec_mod zc_ed448_l = {
    .limbs = 7,
    .mul = zc_ec_fmul_n7,
    .sqr = zc_ec_fsqr_n7,
    .m = { 0x2378c292ab5844f3u, 0x216cc2728dc58f55u, 0xc44edb49aed63690u, 0xffffffff7cca23e9u,
           0xffffffffffffffffu, 0xffffffffffffffffu, 0x3fffffffffffffffu },
    .m0i = 0x03bd440fae918bc5u,
    .r2 = { 0xe3539257049b9b60u, 0x7af32c4bc1b195d9u, 0x0d66de2388ea1859u, 0xae17cf725ee4d838u,
            0x1a9cc14ba3c47c44u, 0x2052bcb7e4d070afu, 0x3402a939f823b729u },
    .one = { 0x721cf5b5529eec34u, 0x7a4cf635c8e9c2abu, 0xeec492d944a725bfu, 0x000000020cd77058u,
             0, 0, 0 },
    .inv_exp = { 0x2378c292ab5844f1u, 0x216cc2728dc58f55u, 0xc44edb49aed63690u,
                 0xffffffff7cca23e9u, 0xffffffffffffffffu, 0xffffffffffffffffu,
                 0x3fffffffffffffffu },
};

/* r = the len little-endian bytes at p (len <= 8 ZC_EC_LIMBS), zero above. */
static void le_limbs(uint64_t *r, const uint8_t *p, size_t len)
{
    size_t i;

    memset(r, 0, ZC_EC_LIMBS * sizeof *r);
    for (i = 0; i < len; i++)
        r[i / 8] |= (uint64_t)p[i] << (8 * (i % 8));
}

void zc_ed_sc_reduce(const struct zc_ec_mod *l, uint64_t *r, const uint8_t *h, size_t len)
{
    uint64_t acc[ZC_EC_LIMBS] = { 0 }, c[ZC_EC_LIMBS];
    static const uint64_t one[ZC_EC_LIMBS] = { 1 };
    size_t cb = 8 * (size_t)l->limbs, top, off;

    /* the chunks: [off, off + cb) from the top; the first may be short */
    top = len % cb ? len % cb : (len ? cb : 0);
    off = len - top;
    le_limbs(c, h + off, top);
    zc_ec_mont_mul(l, acc, c, l->r2);                   /* c R, below L */
    while (off > 0) {
        off -= cb;
        zc_ec_mont_mul(l, acc, acc, l->r2);             /* A R */
        le_limbs(c, h + off, cb);
        zc_ec_mont_mul(l, c, c, l->r2);                 /* c R: exact for c < R */
        zc_ec_mod_add(l, acc, acc, c);
    }
    memset(r, 0, ZC_EC_LIMBS * sizeof *r);              /* the limbs above L's stay 0 */
    zc_ec_mont_mul(l, r, acc, one);                     /* out of Montgomery form */
    zc_wipe(acc, sizeof acc);
    zc_wipe(c, sizeof c);
}

void zc_ed_sc_muladd(const struct zc_ec_mod *l, uint64_t *s, const uint64_t *a,
                     const uint64_t *b, const uint64_t *c)
{
    uint64_t t[ZC_EC_LIMBS] = { 0 };

    zc_ec_mont_mul(l, t, b, c);                         /* b c R^-1 */
    zc_ec_mont_mul(l, t, t, l->r2);                     /* b c */
    zc_ec_mod_add(l, t, a, t);
    memcpy(s, t, ZC_EC_LIMBS * sizeof *s);              /* the limbs above L's: 0 */
    zc_wipe(t, sizeof t);
}

void zc_ed_sc_to_bytes(uint8_t *out, size_t len, const uint64_t *a)
{
    size_t i;

    for (i = 0; i < len; i++)
        out[i] = i < 8 * ZC_EC_LIMBS ? (uint8_t)(a[i / 8] >> (8 * (i % 8))) : 0;
}

uint64_t zc_ed_sc_below_l(const struct zc_ec_mod *l, const uint8_t *s, size_t len)
{
    uint64_t v[ZC_EC_LIMBS], borrow = 0, extra = 0;
    size_t cb = 8 * (size_t)l->limbs, i;

    le_limbs(v, s, len < cb ? len : cb);
    for (i = cb; i < len; i++)                          /* bytes above L's limbs */
        extra |= s[i];
    for (i = 0; i < l->limbs; i++) {                    /* v - L: borrows when v < L */
        u128 d = (u128)v[i] - l->m[i] - borrow;

        borrow = (uint64_t)(d >> 64) & 1;
    }
    return borrow & zc_ct_iszero(extra);
}
