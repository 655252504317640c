/*
 * ec_x448.c - X448 (RFC 7748 section 5): the Montgomery ladder on
 * Curve448's u-coordinate, over the field GF(p), p = 2^448 - 2^224 - 1.
 *
 * The field arithmetic (8 limbs of 56 bits, Hamburg's golden-ratio
 * reduction, Monocypher's carry discipline, the bounds each function
 * keeps) is ec_f448.h's, shared with Ed448. The ladder is RFC 7748's
 * pseudo-code, as ec_x25519.c's, with a masked conditional swap
 * (core/ct.h) and a24 = 39081; the inversion is Fermat's z^(p-2) by a
 * fixed addition chain (447 squarings, 13 multiplications). Written from
 * the RFC, no code copied.
 */
#include "ec_x.h"
#include "ec_f448.h"

uint64_t zc_x448(uint8_t out[ZC_X448_LEN], const uint8_t k[ZC_X448_LEN],
                 const uint8_t u[ZC_X448_LEN])
{
    struct {
        uint8_t e[56];
        fe x1, x2, z2, x3, z3, a, aa, b, bb, e_, c, d, da, cb;
    } w;
    uint64_t swap = 0, bit, acc = 0;
    int t;
    unsigned i;

    /* clamp (RFC 7748 decodeScalar448): a multiple of the cofactor 4, bit 447 set */
    memcpy(w.e, k, 56);
    w.e[0] &= 252;
    w.e[55] |= 128;
    fe_frombytes(w.x1, u);
    memset(w.x2, 0, sizeof w.x2);
    w.x2[0] = 1;
    memset(w.z2, 0, sizeof w.z2);
    memcpy(w.x3, w.x1, sizeof w.x3);
    memset(w.z3, 0, sizeof w.z3);
    w.z3[0] = 1;
    for (t = 447; t >= 0; t--) {
        bit = (uint64_t)(w.e[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        zc_ct_swap64(swap, w.x2, w.x3, 8);
        zc_ct_swap64(swap, w.z2, w.z3, 8);
        swap = bit;
        fe_add(w.a, w.x2, w.z2);        /* A = x2 + z2          < 2^58 */
        fe_sq(w.aa, w.a);               /* AA = A^2             < 2^57 */
        fe_sub(w.b, w.x2, w.z2);        /* B = x2 - z2          < 2^58 */
        fe_sq(w.bb, w.b);               /* BB = B^2 */
        fe_sub(w.e_, w.aa, w.bb);       /* E = AA - BB          < 2^58 */
        fe_add(w.c, w.x3, w.z3);        /* C = x3 + z3 */
        fe_sub(w.d, w.x3, w.z3);        /* D = x3 - z3 */
        fe_mul(w.da, w.d, w.a);         /* DA = D * A */
        fe_mul(w.cb, w.c, w.b);         /* CB = C * B */
        fe_add(w.x3, w.da, w.cb);
        fe_sq(w.x3, w.x3);              /* x3 = (DA + CB)^2 */
        fe_sub(w.z3, w.da, w.cb);
        fe_sq(w.z3, w.z3);
        fe_mul(w.z3, w.z3, w.x1);       /* z3 = x1 * (DA - CB)^2 */
        fe_mul(w.x2, w.aa, w.bb);       /* x2 = AA * BB */
        fe_mul_small(w.z2, w.e_, 39081);
        fe_add(w.z2, w.z2, w.aa);       /* AA + a24 * E         < 2^58 */
        fe_mul(w.z2, w.z2, w.e_);       /* z2 = E * (AA + a24 * E) */
    }
    zc_ct_swap64(swap, w.x2, w.x3, 8);
    zc_ct_swap64(swap, w.z2, w.z3, 8);
    fe_invert(w.z2, w.z2);              /* z2 = 0 (small-order u): 0, out = 0 */
    fe_mul(w.x2, w.x2, w.z2);
    fe_tobytes(out, w.x2);
    for (i = 0; i < 56; i++)
        acc |= out[i];
    zc_wipe(&w, sizeof w);
    return zc_ct_iszero(acc);
}
