/*
 * sim_edwards.h - textbook twisted-Edwards scalar multiplication for the
 * CPACF stand-in's PCC 72/73 (test code only; see sim_edwards.c).
 */
#ifndef SIM_EDWARDS_H
#define SIM_EDWARDS_H

#include <openssl/bn.h>

/* The field prime of edwards25519 (ed448 0) or edwards448 (1). */
const BIGNUM *sim_ed_prime(int ed448);

/* The group order L of the curve (RFC 8032 5.1 / 5.2). */
const BIGNUM *sim_ed_order(int ed448);

/*
 * (rx, ry) = k (x, y) on the curve. Returns 1, or 0 when x or y is not
 * below p or (x, y) is not on the curve (rx, ry untouched). Any k >= 0.
 */
int sim_ed_mul(int ed448, const BIGNUM *x, const BIGNUM *y, const BIGNUM *k, BIGNUM *rx,
               BIGNUM *ry, BN_CTX *ctx);

#endif /* SIM_EDWARDS_H */
