/*
 * test_sw_x.c - unit test of the X25519 and X448 cores on their own
 * (lib/ec/ec_x25519.c, ec_x448.c, no key objects): RFC 7748 5.2's
 * vectors, the Diffie-Hellman identity X(a, X(b, B)) = X(b, X(a, B)) on
 * deterministic random scalars (it exercises every limb and carry of the
 * field code), u and u + p giving the same result (the reduction of a
 * non-canonical u), X25519 ignoring u's top bit, outputs below p, and the
 * all-zero flag for u = 0 (and u = 1, of order 4 on Curve25519).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ec/ec_x.h"

#include "unit.h"
#include "vectors/x_rfc7748.h"

typedef uint64_t (*x_fn)(uint8_t *, const uint8_t *, const uint8_t *);

int main(void)
{
    static const x_fn fns[2] = { zc_x25519, zc_x448 };
    static const size_t lens[2] = { ZC_X25519_LEN, ZC_X448_LEN };
    uint8_t k[56], u[56], want[56], out[56], out2[56];
    char what[96];
    unsigned c, i;

    for (i = 0; i < sizeof x_rfc7748_52 / sizeof x_rfc7748_52[0]; i++) {
        const struct x_rfc7748_kat *v = &x_rfc7748_52[i];
        c = v->curve == ZC_EC_X448;
        unhex(k, v->k);
        unhex(u, v->u);
        unhex(want, v->out);
        snprintf(what, sizeof what, "RFC 7748 5.2 vector %u", i);
        check(fns[c](out, k, u) == 0 && memcmp(out, want, lens[c]) == 0, what);
    }
    for (c = 0; c < 2; c++) {
        size_t f = lens[c];
        uint8_t base[56] = { 0 }, a[56], b[56], pa[56], pb[56];

        base[0] = c ? 5 : 9;
        for (i = 0; i < 64; i++) {
            fill(a, f);
            fill(b, f);
            fns[c](pa, a, base);
            fns[c](pb, b, base);
            fns[c](out, a, pb);
            fns[c](out2, b, pa);
            snprintf(what, sizeof what, "curve %u: DH identity, round %u", c, i);
            check(memcmp(out, out2, f) == 0, what);
            if (c == 0) {
                snprintf(what, sizeof what, "X25519: output below 2^255, round %u", i);
                check(!(out[31] & 0x80) && !(pa[31] & 0x80), what);
                memcpy(u, pb, f);
                u[31] |= 0x80;
                fns[c](out2, a, u);
                snprintf(what, sizeof what, "X25519: u's top bit ignored, round %u", i);
                check(memcmp(out, out2, f) == 0, what);
            }
        }
        /* u + p (below 2^255 / 2^448 for small u) is u */
        memset(u, 0xff, f);
        if (c == 0) {
            u[0] = 0xed + 9;                /* p = 2^255 - 19: p + 9 */
            u[31] = 0x7f;
        } else {
            memset(u, 0, 28);               /* p = 2^448 - 2^224 - 1: p + 5 */
            u[0] = 4;
        }
        fill(a, f);
        fns[c](out, a, base);
        fns[c](out2, a, u);
        snprintf(what, sizeof what, "curve %u: u + p = u", c);
        check(memcmp(out, out2, f) == 0, what);
        /* low order: all zero, flagged */
        memset(u, 0, f);
        memset(out, 0xa5, sizeof out);
        snprintf(what, sizeof what, "curve %u: u = 0 is all zero", c);
        check(fns[c](out, a, u) == 1 && memcmp(out, u, f) == 0, what);
        if (c == 0) {
            u[0] = 1;
            check(fns[c](out, a, u) == 1, "X25519: u = 1 is all zero");
        }
    }
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail != 0;
}
