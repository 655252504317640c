/*
 * ec_x.h - the software core of X25519 and X448 (RFC 7748): the
 * Montgomery ladder on the u-coordinate, one file per curve
 * (ec_x25519.c, ec_x448.c), each with its own field arithmetic.
 *
 * Private to lib/ec/. Inputs and outputs are RFC 7748's byte strings
 * (little-endian). Constant-time in the scalar and in u.
 */
#ifndef ZC_EC_X_H
#define ZC_EC_X_H

#include <stdint.h>

#define ZC_X25519_LEN 32
#define ZC_X448_LEN 56

/* out = X25519(k, u), RFC 7748 section 5: k is clamped here (the caller's
 * bytes are not changed), u's top bit is ignored and u is taken mod p.
 * out may alias neither k nor u. Returns 1 when out is all zero (u of
 * small order), computed without a branch; out is written either way. */
uint64_t zc_x25519(uint8_t out[ZC_X25519_LEN], const uint8_t k[ZC_X25519_LEN],
                   const uint8_t u[ZC_X25519_LEN]);

/* out = X448(k, u), as zc_x25519: k clamped here, every bit of u used,
 * u taken mod p. */
uint64_t zc_x448(uint8_t out[ZC_X448_LEN], const uint8_t k[ZC_X448_LEN],
                 const uint8_t u[ZC_X448_LEN]);

#endif /* ZC_EC_X_H */
