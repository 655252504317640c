/*
 * rsa_sw.h - the software RSA backend on the bignum core (bn/): raw
 * operations and key precomputation (rsa_crt.c), key generation
 * (rsa_keygen.c), and the guards of a private operation that the adapter
 * path (rsa_cex.c) shares with it (rsa_blind.c). A header of its own,
 * not rsa_int.h, because the software cores include no dispatch header.
 *
 * Callers (rsa.c, rsa_cex.c) have checked the key object; these functions
 * trust its sizes (zc_bits, zc_pbits, zc_qbits, zc_private).
 */
#ifndef ZC_RSA_SW_H
#define ZC_RSA_SW_H

#include <zcrypt/rsa.h>

/* Montgomery constants of n (and of p, q for a private key). */
void zc_rsa_sw_precompute(zc_rsa_key *k);

/* out = in^e mod n; ZC_EINVAL when in >= n. */
int zc_rsa_sw_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/* out = in^d mod n: CRT, blinded, verified with e. ZC_EINVAL when in >= n,
 * ZC_EKEY when the check fails, or zc_random_bytes()'s error. */
int zc_rsa_sw_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/*
 * The guards of a private operation (rsa_blind.c), for the software and
 * the adapter path. The two draws return ZC_OK, ZC_EDEVICE when every
 * draw lacked an inverse, or zc_random_bytes()'s error.
 */
/* Software: rp < p, rq < q random and non-zero, rpinv = rp^-1 mod p, rqinv = rq^-1 mod q. */
int zc_rsa_blind_crt(const zc_rsa_key *k, uint64_t *rp, uint64_t *rq, uint64_t *rpinv,
                     uint64_t *rqinv);
/* Adapter: r < n random and invertible, rinv = r^-1 mod n (limbs of n). */
int zc_rsa_blind_modn(const zc_rsa_key *k, uint64_t *r, uint64_t *rinv);
/* x (len limbs) = `bits` random bits (at most ZC_RSA_MAX_BITS_ANY), the
 * rest zero: blinding factors and key generation's candidates. ZC_OK or
 * zc_random_bytes()'s error. */
#define ZC_RSA_MAX_BITS_ANY (ZC_RSA_MAX_PRIVATE_BITS > ZC_RSA_GEN_MAX_BITS ? \
                             ZC_RSA_MAX_PRIVATE_BITS : ZC_RSA_GEN_MAX_BITS)
int zc_rsa_random_bits(uint64_t *x, size_t len, size_t bits);
/* The blinded input t = x r^e mod n (r becomes r^e). In limbs of n. */
void zc_rsa_blind_apply(const zc_rsa_key *k, uint64_t *t, const uint64_t *x, uint64_t *r);

/*
 * Write y into out (len bytes) only if y^e == x mod n, so that a faulty
 * private result (software or adapter) never leaks a factor: 1 when
 * written. t is scratch of n's limbs.
 */
int zc_rsa_release(const zc_rsa_key *k, const uint64_t *x, const uint64_t *y, uint64_t *t,
                   uint8_t *out, size_t len);

/*
 * 1 when the private parts belong together and to e: e dP = 1 mod (p - 1),
 * e dQ = 1 mod (q - 1), qInv q = 1 mod p (e is at most 64 bits). Asked
 * only after a private result failed its check, to tell a key that does
 * not match (ZC_EKEY) from an adapter that answered wrong (ZC_EDEVICE).
 */
int zc_rsa_key_consistent(const zc_rsa_key *k);

/* A fresh key pair of the given size and odd exponent (sizes checked by the caller). */
int zc_rsa_sw_generate(zc_rsa_key *k, unsigned bits, uint32_t e);

#endif /* ZC_RSA_SW_H */
