/*
 * test_sw_ed_scalar.c - unit test of the scalars mod L of Ed25519 and
 * Ed448 (lib/ec/ec_ed_scalar.c) against a reference of the test's own:
 * bit-by-bit long division on byte strings (shift in one bit, subtract L
 * when the remainder reaches it), slow and obviously right, sharing no
 * code with the Montgomery path under test. Inputs are deterministic
 * random bytes of every length a caller uses (b, 2b) and some others,
 * plus the edges: 0, L - 1, L, L + 1, all ones, and the S < L check on
 * each side of L, with a stray top byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ec/ec_ed.h"

#include "unit.h"

#define MAXB 120

/* Little-endian byte-string arithmetic on n bytes: a >= b, a -= b. */
static int ge(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i = n;

    while (i-- > 0)
        if (a[i] != b[i])
            return a[i] > b[i];
    return 1;
}

static void sub(uint8_t *a, const uint8_t *b, size_t n)
{
    unsigned borrow = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        unsigned d = (unsigned)a[i] - b[i] - borrow;

        a[i] = (uint8_t)d;
        borrow = (d >> 8) & 1;
    }
}

/* r = x mod l (all little-endian; r and l of n bytes, x of len bytes). */
static void ref_mod(uint8_t *r, const uint8_t *x, size_t len, const uint8_t *l, size_t n)
{
    size_t i;
    int bit;

    memset(r, 0, n);
    for (i = len; i-- > 0;) {
        for (bit = 7; bit >= 0; bit--) {
            unsigned carry = (x[i] >> bit) & 1, c2;
            size_t j;

            for (j = 0; j < n; j++) {               /* r = 2 r + bit */
                c2 = r[j] >> 7;
                r[j] = (uint8_t)(r[j] << 1 | carry);
                carry = c2;
            }
            if (carry || ge(r, l, n))               /* 2 r + bit < 2 L */
                sub(r, l, n);
        }
    }
}

/* x = a b (little-endian bytes, a and b of n bytes, x of 2n). */
static void ref_mul(uint8_t *x, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i, j;

    memset(x, 0, 2 * n);
    for (i = 0; i < n; i++) {
        unsigned carry = 0;

        for (j = 0; j < n; j++) {
            unsigned t = x[i + j] + (unsigned)a[i] * b[j] + carry;

            x[i + j] = (uint8_t)t;
            carry = t >> 8;
        }
        for (j = i + n; carry && j < 2 * n; j++) {
            unsigned t = x[j] + carry;

            x[j] = (uint8_t)t;
            carry = t >> 8;
        }
    }
}

/* x = a + b (n bytes, carry into byte n). */
static void ref_add(uint8_t *x, const uint8_t *a, const uint8_t *b, size_t n)
{
    unsigned carry = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        unsigned t = (unsigned)a[i] + b[i] + carry;

        x[i] = (uint8_t)t;
        carry = t >> 8;
    }
    x[n] = (uint8_t)carry;
}

int main(void)
{
    static const struct { const struct zc_ec_mod *l; size_t b; const char *name; } curves[2] = {
        { &zc_ed25519_l, ZC_ED25519_LEN, "Ed25519" },
        { &zc_ed448_l, ZC_ED448_LEN, "Ed448" },
    };
    uint8_t x[MAXB], lb[MAXB], want[MAXB], got[MAXB], a[MAXB], bb[MAXB], c[MAXB], t[2 * MAXB];
    uint64_t r[ZC_EC_LIMBS], sa[ZC_EC_LIMBS], sb[ZC_EC_LIMBS], sc[ZC_EC_LIMBS];
    char what[128];
    unsigned ci, i;

    for (ci = 0; ci < 2; ci++) {
        const struct zc_ec_mod *l = curves[ci].l;
        size_t b = curves[ci].b, n = 8 * l->limbs;     /* n: bytes of L's limbs */
        const size_t lens[] = { 0, 1, b - 1, b, b + 1, 2 * b - 1, 2 * b, 114, 120 };

        memset(lb, 0, sizeof lb);
        zc_ed_sc_to_bytes(lb, b, l->m);                 /* L itself, b bytes */
        for (i = 0; i < 200; i++) {                     /* reduce, random inputs */
            size_t len = lens[i % (sizeof lens / sizeof lens[0])];

            fill(x, len);
            if (i % 7 == 3)
                memset(x, 0xff, len);
            ref_mod(want, x, len, lb, b);
            zc_ed_sc_reduce(l, r, x, len);
            zc_ed_sc_to_bytes(got, b, r);
            snprintf(what, sizeof what, "%s: reduce of %zu bytes (%u)", curves[ci].name, len, i);
            check(memcmp(got, want, b) == 0 && r[l->limbs] == 0, what);
        }
        for (i = 0; i < 3; i++) {                       /* L - 1, L, L + 1 */
            memcpy(x, lb, b);
            x[0] = (uint8_t)(x[0] + i - 1);             /* L's low byte is not 0 or ff */
            zc_ed_sc_reduce(l, r, x, b);
            zc_ed_sc_to_bytes(got, b, r);
            ref_mod(want, x, b, lb, b);
            snprintf(what, sizeof what, "%s: reduce of L%+d", curves[ci].name, (int)i - 1);
            check(memcmp(got, want, b) == 0, what);
            snprintf(what, sizeof what, "%s: L%+d below L", curves[ci].name, (int)i - 1);
            check(zc_ed_sc_below_l(l, x, b) == (i == 0), what);
        }
        memset(x, 0, b);
        check(zc_ed_sc_below_l(l, x, b) == 1, "0 is below L");
        x[b - 1] = 0x01;
        if (b > n) {                                    /* Ed448: the 57th byte */
            snprintf(what, sizeof what, "%s: a stray top byte is not below L", curves[ci].name);
            check(zc_ed_sc_below_l(l, x, b) == 0, what);
        }
        for (i = 0; i < 200; i++) {                     /* muladd against a + b c mod L */
            fill(a, b);
            fill(bb, b);
            fill(c, b);
            zc_ed_sc_reduce(l, sa, a, b);
            zc_ed_sc_reduce(l, sb, bb, b);
            zc_ed_sc_reduce(l, sc, c, b);
            zc_ed_sc_to_bytes(a, b, sa);                /* the reduced values, as bytes */
            zc_ed_sc_to_bytes(bb, b, sb);
            zc_ed_sc_to_bytes(c, b, sc);
            ref_mul(t, bb, c, b);
            memset(x, 0, sizeof x);
            memcpy(x, a, b);
            ref_add(t, t, x, 2 * b);                    /* a + b c < 2^(16 b) + 2^(8 b) */
            ref_mod(want, t, 2 * b + 1, lb, b);
            zc_ed_sc_muladd(l, r, sa, sb, sc);
            zc_ed_sc_to_bytes(got, b, r);
            snprintf(what, sizeof what, "%s: muladd (%u)", curves[ci].name, i);
            check(memcmp(got, want, b) == 0 && r[l->limbs] == 0, what);
            zc_ed_sc_muladd(l, sa, sa, sa, sa);         /* aliasing */
            zc_ed_sc_to_bytes(got, b, sa);
            ref_mul(t, a, a, b);
            ref_add(t, t, x, 2 * b);
            ref_mod(want, t, 2 * b + 1, lb, b);
            snprintf(what, sizeof what, "%s: muladd in place (%u)", curves[ci].name, i);
            check(memcmp(got, want, b) == 0, what);
        }
    }
    return unit_done();
}
