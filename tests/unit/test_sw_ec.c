/*
 * test_sw_ec.c - unit test of lib/ec/'s software core on its own (the
 * sources of zc_ec_sw_sources, no key objects): the field and scalar
 * arithmetic against identities that must hold (a a^-1 = 1, (a + b) - b
 * = a, Montgomery form round trips, square roots), the complete formulas
 * against each other (P + P = 2P, P + O = P, P + (-P) = O), and the
 * scalar multiplication against known multiples: 1 G = G, 2 G = G + G,
 * (n - 1) G = -G, n G = O, and k G + l G = (k + l) G for random k, l.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ec/ec_sw.h"

#include "unit.h"

static void rand_below(const struct zc_ec_mod *m, uint64_t *a, size_t f)
{
    uint8_t b[ZC_EC_MAX_F];

    do {
        fill(b, f);
    } while (!zc_ec_from_bytes(m, a, b, f));
}

static int eq(const struct zc_ec_mod *m, const uint64_t *a, const uint64_t *b)
{
    return memcmp(a, b, m->limbs * sizeof *a) == 0;
}

/* affine equality of two points (both not infinity), or both infinity */
static int pt_eq(const struct zc_ec_curve_sw *c, const struct zc_ec_pt *a, const struct zc_ec_pt *b)
{
    uint64_t ax[ZC_EC_LIMBS], ay[ZC_EC_LIMBS], bx[ZC_EC_LIMBS], by[ZC_EC_LIMBS];
    uint64_t ia = zc_ec_pt_affine(c, ax, ay, a), ib = zc_ec_pt_affine(c, bx, by, b);

    if (ia || ib)
        return ia == ib;
    return eq(&c->p, ax, bx) && eq(&c->p, ay, by);
}

int main(void)
{
    unsigned ci, i;

    for (ci = 0; ci < 3; ci++) {
        const struct zc_ec_curve_sw *c = zc_ec_sw_curve(ci);
        const struct zc_ec_mod *mods[2] = { &c->p, &c->n };
        size_t f = c->flen;
        unsigned mi;
        char what[80];

        for (mi = 0; mi < 2; mi++) {
            const struct zc_ec_mod *m = mods[mi];

            for (i = 0; i < 50; i++) {
                uint64_t a[ZC_EC_LIMBS], b[ZC_EC_LIMBS], t[ZC_EC_LIMBS], u[ZC_EC_LIMBS];

                rand_below(m, a, f);
                rand_below(m, b, f);
                zc_ec_to_mont(m, t, a);
                zc_ec_from_mont(m, u, t);
                snprintf(what, sizeof what, "curve %u mod %u: Montgomery round trip", ci, mi);
                check(eq(m, u, a), what);
                zc_ec_mont_inv(m, u, t);
                zc_ec_mont_mul(m, u, u, t);
                snprintf(what, sizeof what, "curve %u mod %u: a a^-1 = 1", ci, mi);
                check(eq(m, u, m->one), what);
                zc_ec_mod_add(m, u, a, b);
                zc_ec_mod_sub(m, u, u, b);
                snprintf(what, sizeof what, "curve %u mod %u: (a + b) - b = a", ci, mi);
                check(eq(m, u, a), what);
                zc_ec_mod_sub(m, u, a, b);
                zc_ec_mod_add(m, u, u, b);
                snprintf(what, sizeof what, "curve %u mod %u: (a - b) + b = a", ci, mi);
                check(eq(m, u, a), what);
            }
        }
        {
            struct zc_ec_pt g, g2, s, r, o, neg;
            uint8_t k[ZC_EC_MAX_F], l[ZC_EC_MAX_F], kl[ZC_EC_MAX_F];
            uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS], zero[ZC_EC_LIMBS] = { 0 };
            uint64_t a[ZC_EC_LIMBS], b[ZC_EC_LIMBS];

            memset(&g, 0, sizeof g);
            memcpy(g.x, c->gx, sizeof g.x);
            memcpy(g.y, c->gy, sizeof g.y);
            memcpy(g.z, c->p.one, sizeof g.z);
            check(zc_ec_on_curve(c, g.x, g.y) == 1, "G is on the curve");
            check(zc_ec_solve_y(c, y, g.x, 0) + zc_ec_solve_y(c, x, g.x, 1) == 2, "both roots");
            check(eq(&c->p, y, g.y) || eq(&c->p, x, g.y), "one of them is Gy");
            zc_ec_pt_double(c, &g2, &g);
            zc_ec_pt_add(c, &s, &g, &g);
            check(pt_eq(c, &g2, &s), "G + G = 2G");
            zc_ec_pt_infinity(c, &o);
            zc_ec_pt_add(c, &s, &g, &o);
            check(pt_eq(c, &s, &g), "G + O = G");
            neg = g;
            zc_ec_mod_sub(&c->p, neg.y, zero, g.y);
            zc_ec_pt_add(c, &s, &g, &neg);
            check(zc_ec_pt_affine(c, x, y, &s) == 1, "G + (-G) = O");
            zc_ec_pt_double(c, &s, &o);
            check(zc_ec_pt_affine(c, x, y, &s) == 1, "2 O = O");
            memset(k, 0, f);
            k[f - 1] = 1;
            zc_ec_mul(c, &r, k, NULL);
            check(pt_eq(c, &r, &g), "1 G = G");
            k[f - 1] = 2;
            zc_ec_mul(c, &r, k, NULL);
            check(pt_eq(c, &r, &g2), "2 G");
            zc_ec_to_bytes(k, f, c->n.m);
            zc_ec_mul(c, &r, k, NULL);
            check(zc_ec_pt_affine(c, x, y, &r) == 1, "n G = O");
            k[f - 1] -= 1;              /* n is odd: no borrow */
            zc_ec_mul(c, &r, k, NULL);
            check(pt_eq(c, &r, &neg), "(n - 1) G = -G");
            zc_ec_mul(c, &r, k, &g);
            check(pt_eq(c, &r, &neg), "(n - 1) P = -P, P = G given");
            for (i = 0; i < 10; i++) {
                rand_below(&c->n, a, f);
                rand_below(&c->n, b, f);
                zc_ec_to_bytes(k, f, a);
                zc_ec_to_bytes(l, f, b);
                zc_ec_mod_add(&c->n, a, a, b);
                zc_ec_to_bytes(kl, f, a);
                zc_ec_mul(c, &r, k, NULL);
                zc_ec_mul(c, &s, l, NULL);
                zc_ec_pt_add(c, &r, &r, &s);
                zc_ec_mul(c, &s, kl, NULL);
                check(pt_eq(c, &r, &s), "k G + l G = (k + l) G");
                zc_ec_mul2_vartime(c, &s, k, l, &g);
                check(pt_eq(c, &r, &s), "Straus: k G + l G");
                zc_ec_mul(c, &s, l, &r);            /* l (k+l) G, two ways */
                zc_ec_mul(c, &o, kl, NULL);
                zc_ec_mul(c, &o, l, &o);
                check(pt_eq(c, &s, &o), "scalar multiplication of a non-base point");
                zc_ec_pt_infinity(c, &o);
            }
        }
    }
    return unit_done();
}
