/*
 * bn_inv.c - constant-time modular inverse for an odd modulus.
 *
 * Technique: the binary extended GCD (Stein's algorithm, extended as in
 * Knuth, TAOCP vol. 2, 4.5.2), run for a fixed number of iterations with
 * every step done by masks. With a = x, b = m, u = 1, v = 0 it keeps
 * a = u x and b = v x (mod m). Each iteration: if a is odd, make a >= b
 * (swap a with b and u with v when a < b) and subtract (a -= b,
 * u -= v mod m); then halve a, and u modulo m (u + m is even when u is
 * odd, because m is odd). Every iteration shortens a or b by at least one
 * bit, so 2 * 64 n iterations reach a = 0, b = gcd(x, m), and v is the
 * inverse when that gcd is 1. The count depends on n only.
 */
#include "bn.h"
#include "core/ct.h"
#include "core/util.h"

uint64_t zc_bn_modinv(uint64_t *x, const uint64_t *m, size_t n)
{
    uint64_t a[ZC_BN_MAX_LIMBS], b[ZC_BN_MAX_LIMBS];
    uint64_t u[ZC_BN_MAX_LIMBS], v[ZC_BN_MAX_LIMBS];
    uint64_t ok;
    size_t i, j;

    memcpy(a, x, n * sizeof a[0]);
    memcpy(b, m, n * sizeof b[0]);
    zc_bn_zero(u, n);
    zc_bn_zero(v, n);
    u[0] = 1;
    for (i = 0; i < 128 * n; i++) {
        /* three passes per step: compare; swap, subtract and halve a; fix and halve u */
        uint64_t odd = a[0] & 1;
        uint64_t sm = zc_ct_mask(odd & zc_bn_lt(a, b, n)), om = zc_ct_mask(odd);
        uint64_t abr = 0, ubr = 0, prev = 0, k, c, lo, hi;

        for (j = 0; j < n; j++) {
            uint64_t ta = sm & (a[j] ^ b[j]), tu = sm & (u[j] ^ v[j]);
            uint64_t aj = a[j] ^ ta, bj = b[j] ^ ta, uj = u[j] ^ tu, vj = v[j] ^ tu;
            uint64_t s, t, br;

            b[j] = bj;
            v[j] = vj;
            /* a - b (when odd): a >= b now, so no borrow leaves the top */
            t = bj & om;
            s = aj - t;
            br = zc_ct_lt(aj, t);
            aj = s - abr;
            abr = br | (zc_ct_iszero(s) & abr);
            if (j > 0)
                a[j - 1] = prev >> 1 | aj << 63;
            prev = aj;
            /* u - v (when odd), borrow kept for the next pass */
            t = vj & om;
            s = uj - t;
            br = zc_ct_lt(uj, t);
            u[j] = s - ubr;
            ubr = br | (zc_ct_iszero(s) & ubr);
        }
        a[n - 1] = prev >> 1;
        /* u + k m with k = borrow + parity after it, in [0, 2m); then halve */
        lo = u[0] + (m[0] & zc_ct_mask(ubr));
        k = ubr + (lo & 1);
        c = 0;
        prev = 0;
        for (j = 0; j < n; j++) {
            c = zc_bn_mula(&lo, k, m[j], u[j], c);
            if (j > 0)
                u[j - 1] = prev >> 1 | lo << 63;
            prev = lo;
        }
        /*
         * When u - v borrowed, u held u - v + 2^(64 n) and the sum carries
         * that wrap back out: the true value's top bit is c - borrow.
         */
        hi = c - ubr;
        u[n - 1] = prev >> 1 | hi << 63;
    }
    /* b == 1 */
    b[0] ^= 1;
    ok = zc_bn_iszero(b, n);
    memcpy(x, v, n * sizeof x[0]);
    zc_wipe(a, n * sizeof a[0]);
    zc_wipe(b, n * sizeof b[0]);
    zc_wipe(u, n * sizeof u[0]);
    zc_wipe(v, n * sizeof v[0]);
    return ok;
}
