/*
 * test_sw_ec.c - unit test of lib/ec/'s software core on its own (the
 * sources of zc_ec_sw_sources, no key objects): the field and scalar
 * arithmetic against identities that must hold (a a^-1 = 1, (a + b) - b
 * = a, Montgomery form round trips, square roots), the complete formulas
 * against each other (P + P = 2P, P + O = P, P + (-P) = O), and the
 * scalar multiplication against known multiples: 1 G = G, 2 G = G + G,
 * (n - 1) G = -G, n G = O, and k G + l G = (k + l) G for random k, l.
 * The specialised multiplications (ec_field.c) against a reference made
 * of modular additions alone (shift and add), at random and at m - 1;
 * the mixed addition against the projective one; the fixed-base comb
 * (k G over the table) against the variable-base ladder given G. The
 * carry edges: every pair of a set of limb patterns near 0, near m and
 * with saturated limbs (edge_values) through the products, the squares
 * and ec_fe.h's inline additions and subtractions.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ec/ec_fe.h"
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

/* a as (x, y, 1), the form zc_ec_mul takes for P; 0 when a is infinity. */
static int pt_normal(const struct zc_ec_curve_sw *c, struct zc_ec_pt *a)
{
    uint64_t x[ZC_EC_LIMBS], y[ZC_EC_LIMBS];

    if (zc_ec_pt_affine(c, x, y, a))
        return 0;
    memcpy(a->x, x, sizeof a->x);
    memcpy(a->y, y, sizeof a->y);
    memcpy(a->z, c->p.one, sizeof a->z);
    return 1;
}

typedef zc_u128 u128;

/* r = a b R^-1 mod m by its definition, from additions only: r R = a b. */
static void ref_mont_mul(const struct zc_ec_mod *m, uint64_t *r, const uint64_t *a,
                         const uint64_t *b)
{
    uint64_t acc[ZC_EC_LIMBS] = { 0 };
    unsigned i;

    for (i = m->limbs * 64; i-- > 0;) {         /* acc = a b mod m */
        zc_ec_mod_add(m, acc, acc, acc);
        if ((b[i / 64] >> (i % 64)) & 1)
            zc_ec_mod_add(m, acc, acc, a);
    }
    /* a b R^-1: halve limbs * 64 times (m odd: x/2 or (x + m)/2) */
    for (i = 0; i < m->limbs * 64; i++) {
        uint64_t odd = acc[0] & 1, carry = 0, t[ZC_EC_LIMBS + 1];
        unsigned j;

        for (j = 0; j < m->limbs; j++) {
            u128 z = (u128)acc[j] + (odd ? m->m[j] : 0) + carry;

            t[j] = (uint64_t)z;
            carry = (uint64_t)(z >> 64);
        }
        t[m->limbs] = carry;
        for (j = 0; j < m->limbs; j++)
            acc[j] = t[j] >> 1 | t[j + 1] << 63;
    }
    memcpy(r, acc, sizeof acc);
}

#define NEDGE 16

/* Values below m whose limbs make the longest carry chains: 0, 1, 2,
 * m - 1, m - 2, m - 2^32, m - 2^64, (m - 1) / 2, (m + 1) / 2, limbs of
 * all ones below the top one (and its half), alternating all-ones and
 * zero limbs, a top limb alone, 2^(64 (limbs - 1)) - 1, and two of
 * random limbs each forced to 0 or all ones. */
static void edge_values(const struct zc_ec_mod *m, uint64_t v[NEDGE][ZC_EC_LIMBS])
{
    static const uint64_t one[ZC_EC_LIMBS] = { 1 }, two[ZC_EC_LIMBS] = { 2 };
    static const uint64_t w32[ZC_EC_LIMBS] = { (uint64_t)1 << 32 };
    static const uint64_t w64[ZC_EC_LIMBS] = { 0, 1 };
    unsigned n = m->limbs, k, j;
    uint8_t rb[8];

    memset(v, 0, NEDGE * sizeof v[0]);
    v[1][0] = 1;
    v[2][0] = 2;
    zc_ec_mod_sub(m, v[3], m->m, one);
    zc_ec_mod_sub(m, v[4], m->m, two);
    zc_ec_mod_sub(m, v[5], m->m, w32);
    zc_ec_mod_sub(m, v[6], m->m, w64);
    for (j = 0; j < n; j++)                     /* (m - 1) / 2, (m + 1) / 2 */
        v[7][j] = v[3][j] >> 1 | (j + 1 < n ? v[3][j + 1] << 63 : 0);
    zc_ec_mod_add(m, v[8], v[7], one);
    for (j = 0; j + 1 < n; j++) {
        v[9][j] = ~(uint64_t)0;
        v[10][j] = j % 2 ? 0 : ~(uint64_t)0;
        v[12][j] = ~(uint64_t)0;
    }
    v[9][n - 1] = m->m[n - 1] - 1;              /* below m's top limb */
    v[10][n - 1] = m->m[n - 1] >> 1;
    v[11][n - 1] = m->m[n - 1] - 1;
    for (j = 0; j < n; j++)
        v[13][j] = v[9][j] >> 1 | (j + 1 < n ? v[9][j + 1] << 63 : 0);
    for (k = 14; k < NEDGE; k++) {
        for (j = 0; j < n; j++) {
            fill(rb, 1);
            v[k][j] = rb[0] & 1 ? ~(uint64_t)0 : 0;
        }
        v[k][n - 1] = v[k][n - 1] ? m->m[n - 1] - 1 : 0;
    }
}

/* ec_fe.h's inline addition and subtraction for P-256, P-384, P-521. */
static void fe_add(unsigned ci, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    if (ci == 0)
        zc_ec_fe_add(r, a, b, zc_ec_p256_m, 4);
    else if (ci == 1)
        zc_ec_fe_add(r, a, b, zc_ec_p384_m, 6);
    else
        zc_ec_fe_add(r, a, b, zc_ec_p521_m, 9);
}

static void fe_sub(unsigned ci, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    if (ci == 0)
        zc_ec_fe_sub(r, a, b, zc_ec_p256_m, 4);
    else if (ci == 1)
        zc_ec_fe_sub(r, a, b, zc_ec_p384_m, 6);
    else
        zc_ec_fe_sub(r, a, b, zc_ec_p521_m, 9);
}

static void fe_half(unsigned ci, uint64_t *r, const uint64_t *a)
{
    if (ci == 0)
        zc_ec_fe_half(r, a, zc_ec_p256_m, 4);
    else if (ci == 1)
        zc_ec_fe_half(r, a, zc_ec_p384_m, 6);
    else
        zc_ec_fe_half(r, a, zc_ec_p521_m, 9);
}

/* Every pair of edge values through the products (against the
 * reference), and, for the field prime, ec_fe.h's additions,
 * subtractions and halving (against ec_mont.c's and each other). */
static void edges(unsigned ci, unsigned mi, const struct zc_ec_mod *m)
{
    uint64_t v[NEDGE][ZC_EC_LIMBS], t[ZC_EC_LIMBS], u[ZC_EC_LIMBS];
    unsigned i, j, bad = 0;
    char what[96];

    edge_values(m, v);
    for (i = 0; i < NEDGE; i++) {
        for (j = m->limbs; j-- > 0 && v[i][j] == m->m[j];)
            ;
        bad += j == (unsigned)-1 || v[i][j] > m->m[j];  /* every value below m */
        for (j = 0; j < NEDGE; j++) {
            ref_mont_mul(m, t, v[i], v[j]);
            zc_ec_mont_mul(m, u, v[i], v[j]);
            bad += !eq(m, u, t);
            if (mi != 0)
                continue;
            zc_ec_mod_add(m, t, v[i], v[j]);
            memset(u, 0, sizeof u);
            fe_add(ci, u, v[i], v[j]);
            bad += !eq(m, u, t);
            zc_ec_mod_sub(m, t, v[i], v[j]);
            memset(u, 0, sizeof u);
            fe_sub(ci, u, v[i], v[j]);
            bad += !eq(m, u, t);
            fe_add(ci, u, u, v[j]);
            bad += !eq(m, u, v[i]);
        }
        ref_mont_mul(m, t, v[i], v[i]);
        zc_ec_mont_sqr(m, u, v[i]);
        bad += !eq(m, u, t);
        if (mi != 0)
            continue;
        memcpy(u, v[i], sizeof u);
        fe_half(ci, u, u);                      /* in place, as the doubling calls it */
        for (j = m->limbs; j-- > 0 && u[j] == m->m[j];)
            ;
        bad += j == (unsigned)-1 || u[j] > m->m[j];     /* below m */
        zc_ec_mod_add(m, t, u, u);
        bad += !eq(m, t, v[i]);                 /* 2 (a / 2) = a */
    }
    snprintf(what, sizeof what, "curve %u mod %u: edge values' products, sums, halves", ci,
             mi);
    check(bad == 0, what);
}

/*
 * P-256's and P-384's two products each: zc_ec_mont_mul above runs the
 * one the CPU picks (ec_field_adx.c's mulx form with BMI2 and ADX, else
 * the portable C); here both, by name, against the reference on every
 * pair of edge values and at random, r aliasing an input as the point
 * formulas call them.
 */
struct field_paths {
    zc_ec_mul_fn *mul;
    zc_ec_sqr_fn *sqr;
#if ZC_EC_ADX
    void (*adx)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*adx_sqr)(uint64_t *r, const uint64_t *a);  /* NULL: the product */
#endif
};

static void field_paths(unsigned ci, const struct zc_ec_mod *m)
{
    static const struct field_paths paths[2] = {
#if ZC_EC_ADX
        { zc_ec_fmul_p256_portable, zc_ec_fsqr_p256_portable, zc_ec_fmul_p256_adx, NULL },
        { zc_ec_fmul_p384_portable, zc_ec_fsqr_p384_portable, zc_ec_fmul_p384_adx,
          zc_ec_fsqr_p384_adx },
#else
        { zc_ec_fmul_p256_portable, zc_ec_fsqr_p256_portable },
        { zc_ec_fmul_p384_portable, zc_ec_fsqr_p384_portable },
#endif
    };
    const struct field_paths *f = &paths[ci];
    uint64_t v[NEDGE][ZC_EC_LIMBS], t[ZC_EC_LIMBS], u[ZC_EC_LIMBS], a[ZC_EC_LIMBS];
    unsigned i, j, bad = 0, adx = 0;
    size_t flen = m->limbs * 8;

#if ZC_EC_ADX
    adx = (unsigned)zc_ec_cpu_adx();
#endif
    printf("INFO curve %u field product: %s\n", ci,
           adx ? "mulx/adcx/adox and portable C" : "portable C only");
    edge_values(m, v);
    for (i = 0; i < NEDGE + 200; i++) {
        for (j = 0; j < NEDGE; j++) {
            const uint64_t *x = v[j];

            if (i < NEDGE) {
                memcpy(a, v[i], sizeof a);
            } else {
                rand_below(m, a, flen);
                if (j % 2)
                    x = a;                      /* a square */
            }
            ref_mont_mul(m, t, a, x);
            f->mul(m, u, a, x);
            bad += !eq(m, u, t);
            if (x == a || i == j) {
                f->sqr(m, u, a);
                bad += !eq(m, u, t);
            }
#if ZC_EC_ADX
            if (adx) {
                memcpy(u, a, sizeof u);
                f->adx(u, u, x == a ? u : x);
                bad += !eq(m, u, t);
                if (f->adx_sqr && (x == a || i == j)) {
                    memcpy(u, a, sizeof u);
                    f->adx_sqr(u, u);
                    bad += !eq(m, u, t);
                }
            }
#endif
        }
    }
    CHECK(bad == 0, "curve %u: each field product path as the reference, edges and random", ci);
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

            edges(ci, mi, m);
            if (ci < 2 && mi == 0)
                field_paths(ci, m);

            for (i = 0; i < 50; i++) {
                uint64_t a[ZC_EC_LIMBS], b[ZC_EC_LIMBS], t[ZC_EC_LIMBS], u[ZC_EC_LIMBS];
                uint64_t v[ZC_EC_LIMBS];

                rand_below(m, a, f);
                rand_below(m, b, f);
                zc_ec_to_mont(m, t, a);
                zc_ec_from_mont(m, u, t);
                snprintf(what, sizeof what, "curve %u mod %u: Montgomery round trip", ci, mi);
                check(eq(m, u, a), what);
                zc_ec_mont_inv(m, u, t);
                zc_ec_mont_pow(m, v, t, m->inv_exp);
                snprintf(what, sizeof what, "curve %u mod %u: a^-1 as Fermat's a^(m-2)", ci, mi);
                check(eq(m, u, v), what);
                zc_ec_mont_mul(m, u, u, t);
                snprintf(what, sizeof what, "curve %u mod %u: a a^-1 = 1", ci, mi);
                check(eq(m, u, m->one), what);
                if (i == 0) {                   /* 0 has none: 0, as Fermat gave */
                    memset(t, 0, sizeof t);
                    memset(u, 0xa5, sizeof u);
                    zc_ec_mont_inv(m, u, t);
                    snprintf(what, sizeof what, "curve %u mod %u: 0^-1 = 0", ci, mi);
                    check(eq(m, u, t), what);
                }
                zc_ec_mod_add(m, u, a, b);
                zc_ec_mod_sub(m, u, u, b);
                snprintf(what, sizeof what, "curve %u mod %u: (a + b) - b = a", ci, mi);
                check(eq(m, u, a), what);
                zc_ec_mod_sub(m, u, a, b);
                zc_ec_mod_add(m, u, u, b);
                snprintf(what, sizeof what, "curve %u mod %u: (a - b) + b = a", ci, mi);
                check(eq(m, u, a), what);
                if (i == 0) {                   /* the largest limbs: m - 1 twice */
                    static const uint64_t one[ZC_EC_LIMBS] = { 1 };

                    zc_ec_mod_sub(m, a, m->m, one);
                    memcpy(b, a, sizeof b);
                }
                ref_mont_mul(m, t, a, b);
                zc_ec_mont_mul(m, u, a, b);
                snprintf(what, sizeof what, "curve %u mod %u: a b R^-1 as the reference", ci, mi);
                check(eq(m, u, t), what);
                ref_mont_mul(m, t, a, a);
                zc_ec_mont_sqr(m, u, a);
                snprintf(what, sizeof what, "curve %u mod %u: a^2 R^-1 as the reference", ci, mi);
                check(eq(m, u, t), what);
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
            zc_ec_pt_add(c, &s, &s, &g);
            check(pt_eq(c, &s, &g), "2 O + G = G: the doubled infinity is (0:Y:0), Y != 0");
            zc_ec_pt_double(c, &s, &g2);
            zc_ec_pt_add(c, &r, &g2, &g2);
            check(pt_eq(c, &s, &r), "2 (2G) = 2G + 2G");
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
            zc_ec_pt_add_affine(c, &s, &o, g.x, g.y);
            check(pt_eq(c, &s, &g), "O + (x, y) = G, mixed");
            zc_ec_pt_add_affine(c, &s, &g, g.x, g.y);
            check(pt_eq(c, &s, &g2), "G + (x, y) = 2G, mixed");
            zc_ec_pt_add_affine(c, &s, &neg, g.x, g.y);
            check(zc_ec_pt_affine(c, x, y, &s) == 1, "-G + (x, y) = O, mixed");
            zc_ec_pt_add_affine(c, &s, &g2, g.x, g.y);
            zc_ec_pt_add(c, &r, &g2, &g);
            check(pt_eq(c, &s, &r), "2G + (x, y) = 2G + G");
            zc_ec_pt_double(c, &s, &g2);        /* a Z other than 1 */
            zc_ec_pt_add_affine(c, &r, &s, g.x, g.y);
            zc_ec_pt_add(c, &s, &s, &g);
            check(pt_eq(c, &s, &r), "4G + (x, y) = 4G + G");
            memset(k, 0xff, f);                 /* every window's digit negative-carrying */
            zc_ec_mul(c, &r, k, NULL);
            zc_ec_mul(c, &s, k, &g);
            check(pt_eq(c, &r, &s), "comb: (2^8f - 1) G as the ladder");
            memset(k, 0, f);
            zc_ec_mul(c, &r, k, NULL);
            check(zc_ec_pt_affine(c, x, y, &r) == 1, "comb: 0 G = O");
            /* k = n + delta: the variable-base ladder's last addition meets
             * acc = +-sel (a doubling, or O) for some delta; the comb's
             * complete formulas are the reference. zc_ec_mul takes P
             * affine: 2G as (x, y, 1). */
            check(pt_normal(c, &g2), "2G is finite");
            for (i = 0; i <= 80; i++) {
                static const uint64_t one[ZC_EC_LIMBS] = { 1 };
                uint64_t kv[ZC_EC_LIMBS];

                memcpy(kv, c->n.m, sizeof kv);
                if (i < 40) {
                    for (unsigned j = 0; j < 40 - i; j++)
                        zc_ec_mod_sub(&c->n, kv, kv, one);  /* below n: stays exact */
                    zc_ec_to_bytes(k, f, kv);
                } else {
                    zc_ec_to_bytes(k, f, kv);
                    for (unsigned j = f, add = i - 40; j-- > 0 && add;) {
                        add += k[j];
                        k[j] = (uint8_t)add;
                        add >>= 8;
                    }
                }
                zc_ec_mul(c, &r, k, NULL);
                zc_ec_mul(c, &s, k, &g);
                snprintf(what, sizeof what, "ladder: (n %+d) G as the comb", (int)i - 40);
                check(pt_eq(c, &r, &s), what);
                zc_ec_mul(c, &s, k, &g2);
                zc_ec_pt_double(c, &r, &r);
                snprintf(what, sizeof what, "ladder: (n %+d) 2G as 2 (n %+d) G", (int)i - 40,
                         (int)i - 40);
                check(pt_eq(c, &r, &s), what);
            }
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
                zc_ec_mul(c, &o, kl, &g);
                check(pt_eq(c, &o, &s), "comb: k G as the ladder");
                zc_ec_mul2_vartime(c, &s, k, l, &g);
                check(pt_eq(c, &r, &s), "Straus: k G + l G");
                check(pt_normal(c, &r), "(k + l) G is finite");
                zc_ec_mul(c, &s, l, &r);            /* l (k+l) G, two ways */
                zc_ec_mul(c, &o, kl, NULL);
                check(pt_normal(c, &o), "(k + l) G is finite, again");
                zc_ec_mul(c, &o, l, &o);
                check(pt_eq(c, &s, &o), "scalar multiplication of a non-base point");
                zc_ec_pt_infinity(c, &o);
            }
            /* The Straus chain's branches: a G's entries meeting b Q's
             * partial sums (Q = G, 2G: doublings and O in the mixed
             * additions), zero and short scalars; the reference is two
             * constant-time multiplications and a complete addition. */
            for (i = 0; i < 8 * 8; i++) {
                static const uint64_t small[8] = { 0, 1, 2, 3, 17, 31, 1000, 65535 };
                uint64_t av[ZC_EC_LIMBS] = { 0 }, bv[ZC_EC_LIMBS] = { 0 };
                uint64_t nil[ZC_EC_LIMBS] = { 0 };
                const struct zc_ec_pt *q = (i & 1) ? &g2 : &g;

                av[0] = small[i % 8];
                bv[0] = small[i / 8];
                if (i & 2)                          /* a = n - a: a G + a G cancels */
                    zc_ec_mod_sub(&c->n, av, nil, av);
                if ((i & 4) && i / 8 % 2)           /* b = n - b */
                    zc_ec_mod_sub(&c->n, bv, nil, bv);
                zc_ec_to_bytes(k, f, av);
                zc_ec_to_bytes(l, f, bv);
                zc_ec_mul(c, &r, k, NULL);
                zc_ec_mul(c, &o, l, q);
                zc_ec_pt_add(c, &r, &r, &o);
                zc_ec_mul2_vartime(c, &s, k, l, q);
                snprintf(what, sizeof what, "Straus: case %u as the ladder", i);
                check(pt_eq(c, &r, &s), what);
            }
            zc_ec_pt_infinity(c, &o);
        }
    }
    return unit_done();
}
