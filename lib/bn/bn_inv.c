/*
 * bn_inv.c - constant-time modular inverse for an odd modulus.
 *
 * Technique: the division steps of D. J. Bernstein and B.-Y. Yang, "Fast
 * constant-time gcd computation and modular inversion" (TCHES 2019,
 * issue 3; section 11), batched as P. Wuille's write-up of libsecp256k1's
 * modinv64 describes (doc/safegcd_implementation.md in that project):
 * 62 divsteps run on the low 64 bits of f and g alone and yield a 2x2
 * transition matrix, which is then applied once to the full numbers.
 * This code is written for libzcrypt from the paper and the write-up.
 *
 * A divstep maps (delta, f, g), f odd, to
 *   (1 - delta, g, (g - f) / 2)   when delta > 0 and g is odd,
 *   (1 + delta, f, (g + f) / 2)   when g is odd otherwise,
 *   (1 + delta, f, g / 2)         when g is even,
 * and keeps gcd(f, g) (halving never drops an odd factor). From
 * delta = 1, f = m, g = x, the paper's theorem 11.2 bounds the steps that
 * reach g = 0 (then f = +-gcd(m, x)): for f^2 + 4 g^2 <= 5 2^(2b) and
 * b >= 46, floor((49 b + 57) / 17) steps. Here 0 <= x < m < 2^b with
 * b = 64 n, the announced length, so the count is fixed by n alone:
 * 2954 steps (48 batches) for 16 limbs, where the binary GCD this
 * replaces needed 2048 iterations of three n-limb passes each.
 *
 * Alongside run d = 0, e = 1 with d x = f and e x = g (mod m): a batch's
 * matrix T gives 2^62 (f', g') = T (f, g), so (d', e') = T (d, e) / 2^62
 * mod m, the division exact after adding the multiple of m that clears
 * the low 62 bits (Montgomery's trick, with m^-1 mod 2^62). At the end
 * f = +-1 when gcd(m, x) = 1 and the inverse is +-d. Failure cannot pass
 * for success: 2^k f is an integer combination of m and x, so f = +-1
 * only when gcd(m, x) = 1 (m odd), whether or not g reached 0.
 *
 * Numbers are signed, in L = 64 n / 62 + 1 limbs of 62 bits (62 L > b:
 * room for the sign), least significant first: limbs 0 .. L-2 in
 * [0, 2^62), the top limb a signed 64-bit value. Bounds: |f|, |g| stay
 * below 2^b (a divstep never grows max(|f|, |g|)); the matrix entries
 * after k steps satisfy |u| + |v| <= 2^k, |q| + |r| <= 2^k, so 2^62 for
 * a batch, and every limb product sum fits a signed 128-bit value;
 * d and e are kept in [0, m).
 *
 * Constant time: the step count depends on n only; each divstep is masks
 * (swap, negate, add) on words; every pass runs over all L limbs.
 * zc_bn_modinv_vartime, for public values only, takes the same steps with
 * branches and shifts (divsteps62_vartime) and stops once g = 0, the
 * shape of libsecp256k1's modinv64_var (the same write-up, section 5).
 */
#include "bn.h"
#include "core/ct.h"
#include "core/util.h"

__extension__ typedef __int128 inv_i128;

#define BATCH 62
#define M62 (((uint64_t)1 << 62) - 1)
/* Limbs of 62 bits for ZC_BN_MAX_LIMBS limbs of 64, and the sign. */
#define L62_MAX (64 * ZC_BN_MAX_LIMBS / 62 + 1)

/* The transition matrix of one batch: 2^62 (f', g') = (u f + v g, q f + r g). */
struct trans {
    int64_t u, v, q, r;
};

/*
 * 62 divsteps on the low words of f and g (f odd); returns the new delta.
 * Only bit 0 of g decides a step, and step k needs bits 0..k of the
 * original words, so 64 bits carry 62 steps. The matrix tracks the rows:
 * f 2^k = u F + v G and g 2^k = q F + r G; halving g doubles u and v
 * instead. Unsigned arithmetic (mod 2^64): the true values fit int64.
 */
static uint64_t divsteps62(uint64_t delta, uint64_t f, uint64_t g, struct trans *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, c1, c2, x;
    int i;

    for (i = 0; i < BATCH; i++) {
        c2 = zc_ct_mask(g & 1);
        /* swap when delta > 0 (as a signed value) and g odd */
        c1 = c2 & zc_ct_mask(((uint64_t)0 - delta) >> 63);
        /* (f, g) = (g, -f) and the rows alike; delta = -delta */
        x = c1 & (f ^ g);
        f ^= x;
        g ^= x;
        g = (g ^ c1) - c1;
        x = c1 & (u ^ q);
        u ^= x;
        q ^= x;
        q = (q ^ c1) - c1;
        x = c1 & (v ^ r);
        v ^= x;
        r ^= x;
        r = (r ^ c1) - c1;
        delta = ((delta ^ c1) - c1) + 1;
        /* g odd: g += f; then g / 2 */
        g += f & c2;
        q += u & c2;
        r += v & c2;
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return delta;
}

/*
 * The same 62 divsteps and matrix as divsteps62, in variable time for
 * public inputs: a run of z steps on even g is one shift (g >> z, u and
 * v << z, delta + z), found by counting g's trailing zeros, and only a
 * step on odd g branches on delta. About half the steps meet an even g,
 * so this does half the iterations with a third of the work each.
 */
static uint64_t divsteps62_vartime(uint64_t delta, uint64_t f, uint64_t g,
                                   struct trans *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, x;
    unsigned i = BATCH, z;

    while (i > 0) {
        z = (unsigned)__builtin_ctzll(g | (uint64_t)1 << i);       /* at most i */
        g >>= z;
        u <<= z;
        v <<= z;
        delta += z;
        i -= z;
        if (i == 0)
            break;
        if ((int64_t)delta > 0) {       /* (f, g) = (g, -f), the rows alike */
            x = f;
            f = g;
            g = 0 - x;
            x = u;
            u = q;
            q = 0 - x;
            x = v;
            v = r;
            r = 0 - x;
            delta = 0 - delta;
        }
        g += f;                         /* g odd: (g + f) / 2 */
        q += u;
        r += v;
        g >>= 1;
        u <<= 1;
        v <<= 1;
        delta++;
        i--;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return delta;
}

/* (f, g) = T (f, g) / 2^62, exactly (the low 62 bits of both sums are zero). */
static void update_fg(uint64_t *f, uint64_t *g, size_t l, const struct trans *t)
{
    inv_i128 cf, cg;
    size_t i;

    cf = (inv_i128)t->u * (int64_t)f[0] + (inv_i128)t->v * (int64_t)g[0];
    cg = (inv_i128)t->q * (int64_t)f[0] + (inv_i128)t->r * (int64_t)g[0];
    cf >>= 62;
    cg >>= 62;
    for (i = 1; i < l; i++) {
        cf += (inv_i128)t->u * (int64_t)f[i] + (inv_i128)t->v * (int64_t)g[i];
        cg += (inv_i128)t->q * (int64_t)f[i] + (inv_i128)t->r * (int64_t)g[i];
        f[i - 1] = (uint64_t)cf & M62;
        g[i - 1] = (uint64_t)cg & M62;
        cf >>= 62;
        cg >>= 62;
    }
    /* |f'|, |g'| < 2^b: the top limb holds the rest, sign included */
    f[l - 1] = (uint64_t)cf;
    g[l - 1] = (uint64_t)cg;
}

/* a += m when ctl is 1 (a signed, m non-negative, both in 62-bit limbs). */
static void cadd62(uint64_t ctl, uint64_t *a, const uint64_t *m, size_t l)
{
    uint64_t mask = zc_ct_mask(ctl), c = 0;
    size_t i;

    for (i = 0; i + 1 < l; i++) {
        c += a[i] + (m[i] & mask);          /* < 2^63: limbs below 2^62, carry 0 or 1 */
        a[i] = c & M62;
        c >>= 62;
    }
    a[l - 1] += (m[l - 1] & mask) + c;
}

/* a -= m (62-bit limbs; a borrow of the low limbs goes into the signed top). */
static void sub62(uint64_t *a, const uint64_t *m, size_t l)
{
    uint64_t c = 0;
    size_t i;

    for (i = 0; i + 1 < l; i++) {
        c = a[i] - m[i] + c;               /* in (-2^62, 2^62) as a signed value */
        a[i] = c & M62;
        c = (uint64_t)((int64_t)c >> 62);  /* -1 or 0 */
    }
    a[l - 1] = a[l - 1] - m[l - 1] + c;
}

/* 1 when a (62-bit limbs) is negative: the top limb's sign. */
static uint64_t neg62(const uint64_t *a, size_t l)
{
    return a[l - 1] >> 63;
}

/* a in (-m, 2m) into [0, m). */
static void normalize(uint64_t *a, const uint64_t *m, size_t l)
{
    cadd62(neg62(a, l), a, m, l);
    sub62(a, m, l);
    cadd62(neg62(a, l), a, m, l);
}

/*
 * (d, e) = T (d, e) / 2^62 mod m, from and into [0, m). With |u| + |v| <= 2^62
 * the sum u d + v e lies in (-2^62 m, 2^62 m); adding k m with
 * k = -(sum) m^-1 mod 2^62 (so below 2^62) clears the low 62 bits, and the
 * quotient by 2^62 lies in (-m, 2m) for normalize(). mi = -m^-1 mod 2^64.
 */
static void update_de(uint64_t *d, uint64_t *e, const uint64_t *m, size_t l, uint64_t mi,
                      const struct trans *t)
{
    inv_i128 cd, ce;
    uint64_t kd, ke;
    size_t i;

    cd = (inv_i128)t->u * (int64_t)d[0] + (inv_i128)t->v * (int64_t)e[0];
    ce = (inv_i128)t->q * (int64_t)d[0] + (inv_i128)t->r * (int64_t)e[0];
    kd = ((uint64_t)cd * mi) & M62;
    ke = ((uint64_t)ce * mi) & M62;
    cd += (inv_i128)kd * (int64_t)m[0];
    ce += (inv_i128)ke * (int64_t)m[0];
    cd >>= 62;
    ce >>= 62;
    for (i = 1; i < l; i++) {
        cd += (inv_i128)t->u * (int64_t)d[i] + (inv_i128)t->v * (int64_t)e[i] +
              (inv_i128)kd * (int64_t)m[i];
        ce += (inv_i128)t->q * (int64_t)d[i] + (inv_i128)t->r * (int64_t)e[i] +
              (inv_i128)ke * (int64_t)m[i];
        d[i - 1] = (uint64_t)cd & M62;
        e[i - 1] = (uint64_t)ce & M62;
        cd >>= 62;
        ce >>= 62;
    }
    d[l - 1] = (uint64_t)cd;
    e[l - 1] = (uint64_t)ce;
    normalize(d, m, l);
    normalize(e, m, l);
}

/* n limbs of 64 bits (a non-negative value) into l limbs of 62. */
static void to62(uint64_t *a, size_t l, const uint64_t *x, size_t n)
{
    zc_bn_u128 acc = 0;
    size_t have = 0, i = 0, j;

    for (j = 0; j < l; j++) {
        if (have < 62 && i < n) {       /* public: positions only */
            acc |= (zc_bn_u128)x[i++] << have;
            have += 64;
        }
        a[j] = (uint64_t)acc & M62;
        acc >>= 62;
        have = have > 62 ? have - 62 : 0;
    }
}

/* l limbs of 62 bits (a value in [0, 2^(64 n))) into n limbs of 64. */
static void from62(uint64_t *x, size_t n, const uint64_t *a, size_t l)
{
    zc_bn_u128 acc = 0;
    size_t have = 0, i = 0, j;

    for (j = 0; j < l && i < n; j++) {
        acc |= (zc_bn_u128)(a[j] & M62) << have;    /* have < 64: the shift fits */
        have += 62;
        if (have >= 64) {
            x[i++] = (uint64_t)acc;
            acc >>= 64;
            have -= 64;
        }
    }
    while (i < n) {
        x[i++] = (uint64_t)acc;
        acc >>= 64;
    }
}

/* zc_bn_modinv's body, inlined into both callers so that the constant
 * vartime folds away (as a runtime flag it slowed the constant-time loop
 * by a fifth, perf); vartime: variable-time divsteps and a stop as soon
 * as g = 0 (the steps after it leave f and d as they are: g stays 0 and
 * the matrix is diag(2^62, 1)). */
static inline __attribute__((always_inline))
uint64_t modinv(uint64_t *x, const uint64_t *m, size_t n, int vartime)
{
    uint64_t f[L62_MAX], g[L62_MAX], d[L62_MAX], e[L62_MAX], m62[L62_MAX];
    const size_t l = 64 * n / 62 + 1;
    /* theorem 11.2 for b = 64 n >= 64 bits, in whole batches */
    const size_t steps = (49 * 64 * n + 57) / 17, batches = (steps + BATCH - 1) / BATCH;
    uint64_t mi = zc_bn_m0i(m[0]), delta = 1, acc1 = 0, accm1 = 0, ok, sign;
    struct trans t;
    size_t i;

    to62(m62, l, m, n);
    memcpy(f, m62, l * sizeof f[0]);
    to62(g, l, x, n);
    zc_bn_zero(d, l);
    zc_bn_zero(e, l);
    e[0] = 1;
    for (i = 0; i < batches; i++) {
        if (!vartime) {
            delta = divsteps62(delta, f[0] | f[1] << 62, g[0] | g[1] << 62, &t);
        } else {
            if (zc_bn_iszero(g, l))
                break;                  /* g = 0 */
            delta = divsteps62_vartime(delta, f[0] | f[1] << 62, g[0] | g[1] << 62, &t);
        }
        update_fg(f, g, l, &t);
        update_de(d, e, m62, l, mi, &t);
    }
    /* f = 1 or f = -1 (all limbs at their maximum, the top -1) */
    acc1 = f[0] ^ 1;
    accm1 = f[0] ^ M62;
    for (i = 1; i + 1 < l; i++) {
        acc1 |= f[i];
        accm1 |= f[i] ^ M62;
    }
    acc1 |= f[l - 1];
    accm1 |= ~f[l - 1];
    ok = zc_ct_iszero(acc1) | zc_ct_iszero(accm1);
    /* f = -1: the inverse is -d, m - d in [0, m) (d is not 0: d x = -1) */
    sign = neg62(f, l);
    {
        uint64_t mask = zc_ct_mask(sign), c = 0;

        /* d = (d xor mask) - mask limb by limb, as a signed 62-bit number */
        for (i = 0; i + 1 < l; i++) {
            c = ((d[i] ^ mask) & M62) + c + (sign & (i == 0));
            d[i] = c & M62;
            c >>= 62;
        }
        d[l - 1] = (d[l - 1] ^ mask) + c;
    }
    cadd62(neg62(d, l), d, m62, l);
    from62(x, n, d, l);
    zc_wipe(f, sizeof f);
    zc_wipe(g, sizeof g);
    zc_wipe(d, sizeof d);
    zc_wipe(e, sizeof e);
    zc_wipe(m62, sizeof m62);           /* m may be secret: an RSA prime */
    zc_wipe(&t, sizeof t);
    return ok;
}

uint64_t zc_bn_modinv(uint64_t *x, const uint64_t *m, size_t n)
{
    return modinv(x, m, n, 0);
}

uint64_t zc_bn_modinv_vartime(uint64_t *x, const uint64_t *m, size_t n)
{
    return modinv(x, m, n, 1);
}
