/*
 * rsa_sw.h - the software RSA backend: raw operations, key precomputation
 * and key generation on the bignum core (lib/sw/bn/).
 *
 * Callers (lib/rsa.c) have checked the key object; these functions trust
 * its sizes (zc_bits, zc_pbits, zc_qbits, zc_private).
 */
#ifndef ZC_SW_RSA_SW_H
#define ZC_SW_RSA_SW_H

#include <zcrypt/rsa.h>

/* Montgomery constants of n (and of p, q for a private key). */
void zc_rsa_sw_precompute(zc_rsa_key *k);

/* out = in^e mod n; ZC_EINVAL when in >= n. */
int zc_rsa_sw_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/* out = in^d mod n: CRT, blinded, verified with e. ZC_EINVAL when in >= n,
 * ZC_EKEY when the check fails, or zc_random_bytes()'s error. */
int zc_rsa_sw_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/* A fresh key pair of the given size and odd exponent (sizes checked by the caller). */
int zc_rsa_sw_generate(zc_rsa_key *k, unsigned bits, uint32_t e);

#endif /* ZC_SW_RSA_SW_H */
