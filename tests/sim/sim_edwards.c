/*
 * sim_edwards.c - the CPACF stand-in's Edwards-curve arithmetic for PCC's
 * scalar multiplication 72 (Ed25519) and 73 (Ed448), test code only.
 *
 * OpenSSL does not expose a point multiplication on edwards25519 or
 * edwards448, so this is the textbook one, written from RFC 8032 5.1 and
 * 5.2 (the curves) and Bernstein-Lange, "Twisted Edwards curves" (2008),
 * the affine addition law
 *
 *   x3 = (x1 y2 + y1 x2) / (1 + d x1 x2 y1 y2)
 *   y3 = (y1 y2 - a x1 x2) / (1 - d x1 x2 y1 y2)
 *
 * which is complete on both curves (a a square, d not a square mod p), so
 * doubling and the neutral element (0, 1) need no special case. edwards25519:
 * p = 2^255 - 19, a = -1, d = -121665/121666; edwards448: p = 2^448 -
 * 2^224 - 1, a = 1, d = -39081. Plain left-to-right double-and-add over
 * OpenSSL BIGNUMs with one inversion per addition: slow and variable-time,
 * which is fine for a test stand-in and keeps it obviously independent of
 * the library's projective constant-time code (lib/ec).
 */
#include <stdio.h>
#include <stdlib.h>

#include "sim_edwards.h"

struct sim_ed {
    BIGNUM *p, *a, *d, *l;
};

static struct sim_ed sim_eds[2];

static void ed_fail(void)
{
    fprintf(stderr, "cpacf_sim: libcrypto failed in the Edwards arithmetic\n");
    abort();
}

/* The curve constants, made on first use and kept (still reachable). */
static const struct sim_ed *ed_curve(int ed448)
{
    struct sim_ed *c = &sim_eds[ed448 != 0];
    BN_CTX *ctx;
    BIGNUM *t;

    if (c->p != NULL)
        return c;
    ctx = BN_CTX_new();
    t = BN_new();
    c->a = BN_new();
    c->d = BN_new();
    if (ctx == NULL || t == NULL || c->a == NULL || c->d == NULL)
        ed_fail();
    if (!ed448) {
        /* p = 2^255 - 19, a = p - 1, d = -121665 * 121666^-1 mod p */
        if (!BN_hex2bn(&c->p, "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed") ||
            !BN_sub(c->a, c->p, BN_value_one()) || !BN_set_word(t, 121666) ||
            !BN_mod_inverse(t, t, c->p, ctx) || !BN_set_word(c->d, 121665) ||
            !BN_mod_mul(c->d, c->d, t, c->p, ctx) || !BN_sub(c->d, c->p, c->d) ||
            /* L = 2^252 + 27742317777372353535851937790883648493 */
            !BN_hex2bn(&c->l, "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed"))
            ed_fail();
    } else {
        /* p = 2^448 - 2^224 - 1, a = 1, d = p - 39081 */
        if (!BN_hex2bn(&c->p, "fffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
                              "ffffffffffffffffffffffffffffffffffffffffffffffffffffffff") ||
            !BN_one(c->a) || !BN_set_word(t, 39081) || !BN_sub(c->d, c->p, t) ||
            /* L = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885 */
            !BN_hex2bn(&c->l, "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9"
                              "c44edb49aed63690216cc2728dc58f552378c292ab5844f3"))
            ed_fail();
    }
    BN_free(t);
    BN_CTX_free(ctx);
    return c;
}

const BIGNUM *sim_ed_prime(int ed448)
{
    return ed_curve(ed448)->p;
}

const BIGNUM *sim_ed_order(int ed448)
{
    return ed_curve(ed448)->l;
}

/* a x^2 + y^2 == 1 + d x^2 y^2 (mod p) */
static int ed_on_curve(const struct sim_ed *c, const BIGNUM *x, const BIGNUM *y, BN_CTX *ctx)
{
    BIGNUM *x2, *y2, *l, *r;
    int ok;

    BN_CTX_start(ctx);
    x2 = BN_CTX_get(ctx);
    y2 = BN_CTX_get(ctx);
    l = BN_CTX_get(ctx);
    r = BN_CTX_get(ctx);
    if (r == NULL || !BN_mod_sqr(x2, x, c->p, ctx) || !BN_mod_sqr(y2, y, c->p, ctx) ||
        !BN_mod_mul(l, c->a, x2, c->p, ctx) || !BN_mod_add(l, l, y2, c->p, ctx) ||
        !BN_mod_mul(r, x2, y2, c->p, ctx) || !BN_mod_mul(r, r, c->d, c->p, ctx) ||
        !BN_mod_add(r, r, BN_value_one(), c->p, ctx))
        ed_fail();
    ok = BN_cmp(l, r) == 0;
    BN_CTX_end(ctx);
    return ok;
}

/* (x1, y1) += (x2, y2); the inputs may alias each other. */
static void ed_add(const struct sim_ed *c, BIGNUM *x1, BIGNUM *y1, const BIGNUM *x2,
                   const BIGNUM *y2, BN_CTX *ctx)
{
    BIGNUM *t, *nx, *ny, *den, *u;

    BN_CTX_start(ctx);
    t = BN_CTX_get(ctx);
    nx = BN_CTX_get(ctx);
    ny = BN_CTX_get(ctx);
    den = BN_CTX_get(ctx);
    u = BN_CTX_get(ctx);
    if (u == NULL ||
        /* t = d x1 x2 y1 y2 */
        !BN_mod_mul(t, x1, x2, c->p, ctx) || !BN_mod_mul(u, y1, y2, c->p, ctx) ||
        !BN_mod_mul(den, t, u, c->p, ctx) || !BN_mod_mul(den, den, c->d, c->p, ctx) ||
        /* ny = y1 y2 - a x1 x2 */
        !BN_mod_mul(t, t, c->a, c->p, ctx) || !BN_mod_sub(ny, u, t, c->p, ctx) ||
        /* nx = x1 y2 + y1 x2 */
        !BN_mod_mul(nx, x1, y2, c->p, ctx) || !BN_mod_mul(u, y1, x2, c->p, ctx) ||
        !BN_mod_add(nx, nx, u, c->p, ctx) ||
        /* x3 = nx / (1 + den), y3 = ny / (1 - den) */
        !BN_mod_add(u, BN_value_one(), den, c->p, ctx) || !BN_mod_inverse(u, u, c->p, ctx) ||
        !BN_mod_mul(x1, nx, u, c->p, ctx) ||
        !BN_mod_sub(u, BN_value_one(), den, c->p, ctx) || !BN_mod_inverse(u, u, c->p, ctx) ||
        !BN_mod_mul(y1, ny, u, c->p, ctx))
        ed_fail();
    BN_CTX_end(ctx);
}

int sim_ed_mul(int ed448, const BIGNUM *x, const BIGNUM *y, const BIGNUM *k, BIGNUM *rx,
               BIGNUM *ry, BN_CTX *ctx)
{
    const struct sim_ed *c = ed_curve(ed448);
    BIGNUM *ax, *ay;
    int i;

    if (BN_cmp(x, c->p) >= 0 || BN_cmp(y, c->p) >= 0 || !ed_on_curve(c, x, y, ctx))
        return 0;
    BN_CTX_start(ctx);
    ax = BN_CTX_get(ctx);
    ay = BN_CTX_get(ctx);
    if (ay == NULL)
        ed_fail();
    BN_zero(ax);
    BN_one(ay);
    for (i = BN_num_bits(k) - 1; i >= 0; i--) {
        ed_add(c, ax, ay, ax, ay, ctx);
        if (BN_is_bit_set(k, i))
            ed_add(c, ax, ay, x, y, ctx);
    }
    if (!BN_copy(rx, ax) || !BN_copy(ry, ay))
        ed_fail();
    BN_CTX_end(ctx);
    return 1;
}
