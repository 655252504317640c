/*
 * ec_ed448.c - the Ed448 group (RFC 8032 section 5.2): edwards448,
 * x^2 + y^2 = 1 + d x^2 y^2 over p = 2^448 - 2^224 - 1, d = -39081
 * (a = 1, untwisted), base point B of prime order L.
 *
 * Field: ec_f448.h (X448's 8 x 56-bit limbs). Points: extended
 * coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, T = XY/Z, of Hisil, Wong,
 * Carter and Dawson ("Twisted Edwards curves revisited", 2008), with the
 * formulas the EFD lists for them with a = 1: add-2008-hwcd (9M, 8M when
 * the second point is affine; complete, since d is not a square) and
 * dbl-2008-hwcd (4M + 4S, 3M + 4S without T). As in ref10 (Bernstein,
 * Duif, Lange, Schwabe, Yang, "High-speed high-security signatures",
 * 2011), a sum or double is first left "completed", (E, F, G, H) with
 * X = EF, Y = GH, Z = FG, T = EH, and only the products needed next are
 * taken. d x y is kept as k = -d x y = 39081 x y, so the multiplication
 * by d is one by a small constant, and the sign goes into F and G.
 *
 * Base-point multiplication (public keys, nonces; constant-time): the
 * scalar reduced mod L (446 bits) in 112 signed 4-bit windows in
 * [-8, 8), ref10's fixed window: the odd windows are summed from a table
 * of (j + 1) 256^i B (j < 8, i < 56, ec_ed448_tab.h, affine x, y, k),
 * multiplied by 16 (4 doublings), and the even windows added. Each
 * lookup reads all eight entries of its row with masks and negates the
 * result with masks (core/ct.h).
 *
 * Verification (public data, variable time): decoding per RFC 8032
 * 5.2.3 refusing every non-canonical encoding, then [S]B + [k](-A) by a
 * double-scalar multiplication over width-7 (B, table of odd multiples)
 * and width-5 (-A, computed) NAFs, compared with R projectively (X = xR
 * Z, Y = yR Z: no inversion). Cofactorless, as ec_ed.h says.
 *
 * Written from RFC 8032 and the papers above; no code copied.
 *
 * Bounds (ec_f448.h): every fe below is either reduced (limbs < 2^57,
 * the output of mul, sq, mul_small, carry, or a canonical table value)
 * or one add / sub / neg of reduced ones (< 2^58), which mul accepts;
 * what goes into sub or add again is carried first.
 */
#include "ec_ed.h"
#include "ec_f448.h"
#include "ec_ed448_tab.h"

#define K448 39081u             /* -d */

/* Extended coordinates; T is only kept current where a sum needs it. */
struct pt {
    fe x, y, z, t;
};

/* A completed sum or double: X = EF, Y = GH, Z = FG, T = EH. */
struct p1p1 {
    fe e, f, g, h;
};

/* An affine point for the mixed sum: x, y, k = -d x y (reduced); the
 * layout of a table entry (24 words). */
struct aff {
    fe x, y, k;
};

/* A point ready for the full sum: X, Y, Z, k = -d T (reduced). */
struct cached {
    fe x, y, z, k;
};

_Static_assert(sizeof(struct aff) == sizeof ed448_comb[0][0], "table entry layout");

static void pt_neutral(struct pt *p)
{
    memset(p, 0, sizeof *p);
    p->y[0] = 1;
    p->z[0] = 1;
}

/* r from a completed point, without T (3M): what a doubling reads. */
static void to_p2(struct pt *r, const struct p1p1 *c)
{
    fe_mul(r->x, c->e, c->f);
    fe_mul(r->y, c->g, c->h);
    fe_mul(r->z, c->f, c->g);
}

/* r from a completed point with T (4M): what a sum reads. */
static void to_p3(struct pt *r, const struct p1p1 *c)
{
    to_p2(r, c);
    fe_mul(r->t, c->e, c->h);
}

/*
 * c = 2p (dbl-2008-hwcd, a = 1), reading X, Y, Z (reduced):
 * A = X^2, B = Y^2, G = A + B, E = (X + Y)^2 - G, F = G - 2 Z^2, H = A - B.
 */
static void pt_dbl(struct p1p1 *c, const struct pt *p)
{
    fe a, b, zz;

    fe_sq(a, p->x);
    fe_sq(b, p->y);
    fe_sq(zz, p->z);
    fe_add(zz, zz, zz);                 /* 2 Z^2            < 2^58 */
    fe_carry(zz);                       /* reduced */
    fe_add(c->g, a, b);                 /* G                < 2^58 */
    fe_carry(c->g);                     /* reduced */
    fe_add(c->e, p->x, p->y);           /*                  < 2^58 */
    fe_sq(c->e, c->e);
    fe_sub(c->e, c->e, c->g);           /* E                < 2^58 */
    fe_sub(c->f, c->g, zz);             /* F                < 2^58 */
    fe_sub(c->h, a, b);                 /* H                < 2^58 */
}

/*
 * The common tail of the sums (add-2008-hwcd, a = 1): from A = X1 x2,
 * B = Y1 y2, M = (X1 + Y1)(x2 + y2), C' = T1 k2 = -C and D = Z1 Z2 (all
 * reduced): E = M - A - B, F = D - C, G = D + C, H = B - A.
 */
static void sum_tail(struct p1p1 *c, const fe a, const fe b, const fe m, const fe cc,
                     const fe d)
{
    fe ab;

    fe_add(ab, a, b);                   /*                  < 2^58 */
    fe_carry(ab);                       /* reduced */
    fe_sub(c->e, m, ab);                /* E                < 2^58 */
    fe_add(c->f, d, cc);                /* F = D + C'       < 2^58 */
    fe_sub(c->g, d, cc);                /* G = D - C'       < 2^58 */
    fe_sub(c->h, b, a);                 /* H                < 2^58 */
}

/* c = p + q, q affine (8M). p with T, all reduced; q's limbs reduced. */
static void pt_madd(struct p1p1 *c, const struct pt *p, const struct aff *q)
{
    fe a, b, m, cc, s;

    fe_mul(a, p->x, q->x);
    fe_mul(b, p->y, q->y);
    fe_mul(cc, p->t, q->k);
    fe_add(m, p->x, p->y);              /*                  < 2^58 */
    fe_add(s, q->x, q->y);              /*                  < 2^58 */
    fe_mul(m, m, s);
    sum_tail(c, a, b, m, cc, p->z);
}

/* c = p + q (9M). */
static void pt_add(struct p1p1 *c, const struct pt *p, const struct cached *q)
{
    fe a, b, m, cc, d, s;

    fe_mul(a, p->x, q->x);
    fe_mul(b, p->y, q->y);
    fe_mul(cc, p->t, q->k);
    fe_mul(d, p->z, q->z);
    fe_add(m, p->x, p->y);
    fe_add(s, q->x, q->y);
    fe_mul(m, m, s);
    sum_tail(c, a, b, m, cc, d);
}

/* f = -f, reduced in and out. */
static void fe_negate(fe f)
{
    fe_neg(f, f);                       /* < 2^58 */
    fe_carry(f);                        /* reduced */
}

/* The 57-byte encoding of p (RFC 8032 5.2.2): y, and x's low bit on top. */
static void pt_encode(uint8_t out[ZC_ED448_LEN], const struct pt *p)
{
    fe zi, x, y;

    fe_invert(zi, p->z);
    fe_mul(x, p->x, zi);
    fe_mul(y, p->y, zi);
    fe_tobytes(out, y);
    out[56] = (uint8_t)(fe_isodd(x) << 7);
    zc_wipe(zi, sizeof zi);
    zc_wipe(x, sizeof x);
    zc_wipe(y, sizeof y);
}

/*
 * t = e 256^i B, e in [-8, 8]: every entry of row i read, the one
 * wanted kept by mask, then negated by mask when e < 0.
 */
static void comb_lookup(struct aff *t, unsigned i, int8_t e)
{
    uint64_t u = (uint64_t)(int64_t)e;
    uint64_t neg = u >> 63;
    uint64_t abs = (u ^ ((uint64_t)0 - neg)) + neg;
    fe nx, nk;
    unsigned j;

    memset(t, 0, sizeof *t);
    t->y[0] = 1;                        /* 0: the neutral element */
    for (j = 0; j < 8; j++)
        zc_ct_copy64(zc_ct_eq(abs, j + 1), t->x, ed448_comb[i][j], 24);
    fe_neg(nx, t->x);
    fe_carry(nx);
    fe_neg(nk, t->k);
    fe_carry(nk);
    zc_ct_copy64(neg, t->x, nx, 8);
    zc_ct_copy64(neg, t->k, nk, 8);
    zc_wipe(nx, sizeof nx);
    zc_wipe(nk, sizeof nk);
}

/* r = [s]B, s below L (57 little-endian bytes). Constant-time in s. */
static void base_mul(struct pt *r, const uint8_t s[ZC_ED448_LEN])
{
    struct {
        int8_t e[112];
        struct aff t;
        struct p1p1 c;
    } w;
    int carry;
    unsigned i;

    /* digits of 4 bits, then recoded to [-8, 8): s < 2^446, so the top
     * digit (< 4 plus a carry) keeps what comes out of the one below */
    for (i = 0; i < 56; i++) {
        w.e[2 * i] = (int8_t)(s[i] & 15);
        w.e[2 * i + 1] = (int8_t)(s[i] >> 4);
    }
    for (i = 0; i < 111; i++) {
        carry = (w.e[i] + 8) >> 4;      /* e in [0, 16]: no sign to shift */
        w.e[i] = (int8_t)(w.e[i] - (carry << 4));
        w.e[i + 1] = (int8_t)(w.e[i + 1] + carry);
    }
    pt_neutral(r);
    for (i = 1; i < 112; i += 2) {
        comb_lookup(&w.t, i / 2, w.e[i]);
        pt_madd(&w.c, r, &w.t);
        to_p3(r, &w.c);
    }
    pt_dbl(&w.c, r);
    to_p2(r, &w.c);
    pt_dbl(&w.c, r);
    to_p2(r, &w.c);
    pt_dbl(&w.c, r);
    to_p2(r, &w.c);
    pt_dbl(&w.c, r);
    to_p3(r, &w.c);
    for (i = 0; i < 112; i += 2) {
        comb_lookup(&w.t, i / 2, w.e[i]);
        pt_madd(&w.c, r, &w.t);
        to_p3(r, &w.c);
    }
    zc_wipe(&w, sizeof w);
}

/* out = encode([x mod L]B), x of len bytes (57 or 114); the reduced
 * scalar is left in sc (57 bytes). */
static void base_mul_encode(uint8_t out[ZC_ED448_LEN], uint8_t sc[ZC_ED448_LEN],
                            const uint8_t *x, size_t len)
{
    uint64_t l[ZC_EC_LIMBS];
    struct pt p;

    zc_ed_sc_reduce(&zc_ed448_l, l, x, len);
    zc_ed_sc_to_bytes(sc, ZC_ED448_LEN, l);
    base_mul(&p, sc);
    pt_encode(out, &p);
    zc_wipe(l, sizeof l);
    zc_wipe(&p, sizeof p);
}

void zc_ed448_public(uint8_t pub[ZC_ED448_LEN], const uint8_t s[ZC_ED448_LEN])
{
    uint8_t sc[ZC_ED448_LEN];

    base_mul_encode(pub, sc, s, ZC_ED448_LEN);
    zc_wipe(sc, sizeof sc);
}

void zc_ed448_nonce(uint8_t r[ZC_ED448_LEN], uint8_t big_r[ZC_ED448_LEN],
                    const uint8_t h[2 * ZC_ED448_LEN])
{
    base_mul_encode(big_r, r, h, 2 * ZC_ED448_LEN);
}

void zc_ed448_s(uint8_t big_s[ZC_ED448_LEN], const uint8_t r[ZC_ED448_LEN],
                const uint8_t k[2 * ZC_ED448_LEN], const uint8_t s[ZC_ED448_LEN])
{
    uint64_t lr[ZC_EC_LIMBS], lk[ZC_EC_LIMBS], ls[ZC_EC_LIMBS];

    zc_ed_sc_reduce(&zc_ed448_l, lr, r, ZC_ED448_LEN);
    zc_ed_sc_reduce(&zc_ed448_l, lk, k, 2 * ZC_ED448_LEN);
    zc_ed_sc_reduce(&zc_ed448_l, ls, s, ZC_ED448_LEN);
    zc_ed_sc_muladd(&zc_ed448_l, lr, lr, lk, ls);
    zc_ed_sc_to_bytes(big_s, ZC_ED448_LEN, lr);
    zc_wipe(lr, sizeof lr);
    zc_wipe(lk, sizeof lk);
    zc_wipe(ls, sizeof ls);
}

/* ---- verification: public data, variable time --------------------------- */

/*
 * RFC 8032 5.2.3: p from its 57 bytes, 0 for an encoding that is not
 * canonical (bits 448..454 set, y >= p, x = 0 with the sign bit) or
 * names no point (no square root). Sets Z = 1 and T.
 */
static int pt_decode(struct pt *p, const uint8_t in[ZC_ED448_LEN])
{
    fe u, v, yy;
    uint64_t sign = in[56] >> 7;

    if ((in[56] & 0x7f) != 0 || !fe_canonical(in))
        return 0;
    fe_frombytes(p->y, in);
    fe_sq(yy, p->y);
    memset(v, 0, sizeof v);
    v[0] = 1;
    fe_sub(u, yy, v);                   /* u = y^2 - 1      < 2^58 */
    fe_carry(u);
    fe_mul_small(v, yy, K448);
    v[0] += 1;                          /* -v = 39081 y^2 + 1, reduced */
    fe_negate(v);                       /* v = d y^2 - 1 */
    if (!fe_sqrt_ratio(p->x, u, v))
        return 0;
    if (fe_iszero(p->x) && sign)
        return 0;
    if (fe_isodd(p->x) != sign)
        fe_negate(p->x);
    memset(p->z, 0, sizeof p->z);
    p->z[0] = 1;
    fe_mul(p->t, p->x, p->y);
    return 1;
}

/* 1 when x is 0 and y is 1 (affine p, Z = 1): the neutral element. */
static int pt_is_neutral(const struct pt *p)
{
    static const fe one = { 1 };
    fe y1;

    fe_sub(y1, p->y, one);              /* < 2^58 */
    fe_carry(y1);
    return fe_iszero(p->x) && fe_iszero(y1);
}

int zc_ed448_pub_ok(const uint8_t pub[ZC_ED448_LEN])
{
    struct pt a;

    return pt_decode(&a, pub) && !pt_is_neutral(&a);
}

/*
 * The width-w NAF of the scalar k (57 bytes, below 2^448): naf[i] odd in
 * (-2^(w-1), 2^(w-1)) or 0, at most one nonzero in any w consecutive,
 * sum of naf[i] 2^i = k. 449 digits (a carry may pass bit 447).
 */
static void wnaf(int8_t naf[449], const uint8_t k[ZC_ED448_LEN], unsigned w)
{
    uint64_t v[8] = { 0 }, d, c;
    unsigned i, j;

    for (i = 0; i < ZC_ED448_LEN; i++)
        v[i / 8] |= (uint64_t)k[i] << (8 * (i % 8));
    for (i = 0; i < 449; i++) {
        int dv = 0;

        if (v[0] & 1) {
            dv = (int)(v[0] & (((uint64_t)1 << w) - 1));
            if (dv >= 1 << (w - 1))
                dv -= 1 << w;
            if (dv > 0) {               /* v -= dv: no borrow past v's low bits */
                v[0] -= (uint64_t)dv;
            } else {                    /* v += -dv, carried */
                d = (uint64_t)-dv;
                for (j = 0; j < 8 && d; j++) {
                    v[j] += d;
                    d = v[j] < d;
                }
            }
        }
        naf[i] = (int8_t)dv;
        for (j = 0; j < 8; j++) {       /* v >>= 1 */
            c = j < 7 ? v[j + 1] << 63 : 0;
            v[j] = (v[j] >> 1) | c;
        }
    }
}

static void to_cached(struct cached *c, const struct pt *p)
{
    memcpy(c->x, p->x, sizeof c->x);
    memcpy(c->y, p->y, sizeof c->y);
    memcpy(c->z, p->z, sizeof c->z);
    fe_mul_small(c->k, p->t, K448);
}

int zc_ed448_verify(const uint8_t pub[ZC_ED448_LEN], const uint8_t sig[2 * ZC_ED448_LEN],
                    const uint8_t k[2 * ZC_ED448_LEN])
{
    struct pt a, r, acc;
    struct p1p1 c;
    struct cached am[8], an[8];         /* (2 j + 1)(-A) and its negation */
    struct aff t;
    uint64_t kl[ZC_EC_LIMBS];
    uint8_t kb[ZC_ED448_LEN];
    int8_t ns[449], nk[449];
    fe d;
    int i, top;
    unsigned j;

    if (!zc_ed_sc_below_l(&zc_ed448_l, sig + ZC_ED448_LEN, ZC_ED448_LEN))
        return 0;
    if (!pt_decode(&a, pub) || pt_is_neutral(&a) || !pt_decode(&r, sig))
        return 0;
    zc_ed_sc_reduce(&zc_ed448_l, kl, k, 2 * ZC_ED448_LEN);
    zc_ed_sc_to_bytes(kb, ZC_ED448_LEN, kl);
    wnaf(ns, sig + ZC_ED448_LEN, 7);
    wnaf(nk, kb, 5);

    /* -A, and its odd multiples up to 15 (-A) */
    fe_negate(a.x);
    fe_negate(a.t);
    to_cached(&am[0], &a);
    pt_dbl(&c, &a);
    to_p3(&acc, &c);                    /* -2A */
    to_cached(&an[0], &acc);            /* (an[] holds the negations below) */
    for (j = 1; j < 8; j++) {
        struct pt q;

        pt_add(&c, &a, &an[0]);
        to_p3(&q, &c);
        memcpy(&a, &q, sizeof a);       /* (2 j + 1)(-A) */
        to_cached(&am[j], &a);
    }
    for (j = 0; j < 8; j++) {
        an[j] = am[j];
        fe_negate(an[j].x);
        fe_negate(an[j].k);
    }

    for (top = 448; top >= 0 && !ns[top] && !nk[top]; top--)
        ;
    pt_neutral(&acc);
    for (i = top; i >= 0; i--) {
        pt_dbl(&c, &acc);
        if (ns[i]) {
            to_p3(&acc, &c);
            memcpy(&t, ed448_odd[(ns[i] < 0 ? -ns[i] : ns[i]) / 2], sizeof t);
            if (ns[i] < 0) {
                fe_negate(t.x);
                fe_negate(t.k);
            }
            pt_madd(&c, &acc, &t);
        }
        if (nk[i]) {
            to_p3(&acc, &c);
            pt_add(&c, &acc, nk[i] > 0 ? &am[nk[i] / 2] : &an[-nk[i] / 2]);
        }
        to_p2(&acc, &c);
    }

    /* acc = R projectively: X = xR Z and Y = yR Z */
    fe_mul(d, r.x, acc.z);
    fe_sub(d, acc.x, d);
    fe_carry(d);
    if (!fe_iszero(d))
        return 0;
    fe_mul(d, r.y, acc.z);
    fe_sub(d, acc.y, d);
    fe_carry(d);
    return (int)fe_iszero(d);
}
