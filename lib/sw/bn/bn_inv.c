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
#include "../../ct.h"
#include "../../util.h"

static void shr1(uint64_t *a, size_t n, uint64_t topbit)
{
    size_t i;

    for (i = 0; i + 1 < n; i++)
        a[i] = a[i] >> 1 | a[i + 1] << 63;
    a[n - 1] = a[n - 1] >> 1 | topbit << 63;
}

uint64_t zc_bn_modinv(uint64_t *x, const uint64_t *m, size_t n)
{
    uint64_t a[ZC_BN_MAX_LIMBS], b[ZC_BN_MAX_LIMBS];
    uint64_t u[ZC_BN_MAX_LIMBS], v[ZC_BN_MAX_LIMBS];
    uint64_t ok;
    size_t i;

    memcpy(a, x, n * sizeof a[0]);
    memcpy(b, m, n * sizeof b[0]);
    zc_bn_zero(u, n);
    zc_bn_zero(v, n);
    u[0] = 1;
    for (i = 0; i < 128 * n; i++) {
        uint64_t odd = a[0] & 1;
        uint64_t sw = odd & zc_bn_lt(a, b, n);
        uint64_t br, c;

        zc_ct_swap64(sw, a, b, n);
        zc_ct_swap64(sw, u, v, n);
        zc_bn_csub(odd, a, b, n);
        br = zc_bn_csub(odd, u, v, n);
        zc_bn_cadd(br, u, m, n);
        shr1(a, n, 0);
        c = zc_bn_cadd(u[0] & 1, u, m, n);
        shr1(u, n, c);
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
