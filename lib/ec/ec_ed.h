/*
 * ec_ed.h - the software cores of Ed25519 and Ed448 (RFC 8032): the
 * group arithmetic a signature needs, one file per curve (ec_ed25519.c,
 * ec_ed448.c, each with its curve's field code), and the scalars mod L
 * both share (ec_ed_scalar.c, Montgomery arithmetic of ec_mont.c).
 *
 * The cores never hash: ec_eddsa.c computes SHA-512 / SHAKE256 of the
 * seed, of dom || prefix || M and of dom || R || A || M with the
 * library's hashes (KIMD/KLMD where installed) and hands the digests
 * here, so that a core compiles and tests on its own (unit tests, the
 * secret-taint test, the bare-metal tier).
 *
 * Private to lib/ec/. Byte strings are RFC 8032's: little-endian, b = 32
 * (Ed25519) or 57 (Ed448) bytes for a point encoding, a scalar and half
 * a signature; digests are 2b = 64 or 114 bytes. Constant-time in every
 * secret (the scalar s, the nonce r and their digests); what is named
 * verify or _ok runs on public data and may be variable-time.
 */
#ifndef ZC_EC_ED_H
#define ZC_EC_ED_H

#include <stddef.h>
#include <stdint.h>

#include "ec_sw.h"

#define ZC_ED25519_LEN 32
#define ZC_ED448_LEN 57

/* ---- ec_ed_scalar.c: integers mod L, the prime order of B ---------------- */

/* L of Ed25519 (2^252 + ...) and of Ed448 (2^446 - ...), as Montgomery
 * moduli (4 and 7 limbs). */
extern const struct zc_ec_mod zc_ed25519_l, zc_ed448_l;

/* r = h mod L, h little-endian of len bytes (any len: 64 or 114 for a
 * digest, b for a scalar); r plain limbs below L, ZC_EC_LIMBS of them
 * with those above L's zero (so zc_ed_sc_to_bytes may read them all). */
void zc_ed_sc_reduce(const struct zc_ec_mod *l, uint64_t *r, const uint8_t *h, size_t len);

/* s = a + b c mod L; a, b, c plain limbs below L; s (ZC_EC_LIMBS limbs,
 * those above L's zero, as zc_ed_sc_reduce) may alias any. */
void zc_ed_sc_muladd(const struct zc_ec_mod *l, uint64_t *s, const uint64_t *a,
                     const uint64_t *b, const uint64_t *c);

/* ZC_EC_LIMBS plain limbs (as zc_ed_sc_reduce and _muladd write them) to
 * len little-endian bytes, len <= 8 ZC_EC_LIMBS (b: 32 or 57). */
void zc_ed_sc_to_bytes(uint8_t *out, size_t len, const uint64_t *a);

/* 1 when the len little-endian bytes at s are below L (the S < L check of
 * verification, also the canonical check of a decoded scalar). Public
 * data: variable time allowed, though it is not. */
uint64_t zc_ed_sc_below_l(const struct zc_ec_mod *l, const uint8_t *s, size_t len);

/* ---- ec_ed25519.c / ec_ed448.c: the group, per curve ---------------------- */

/* pub = encode([s]B), s the clamped secret scalar (b little-endian bytes,
 * as RFC 8032 5.1.5 / 5.2.5 step 2 make it, any value below 2^(8b)).
 * Constant-time in s (fixed-window base-point multiplication over a
 * precomputed table). */
void zc_ed25519_public(uint8_t pub[ZC_ED25519_LEN], const uint8_t s[ZC_ED25519_LEN]);
void zc_ed448_public(uint8_t pub[ZC_ED448_LEN], const uint8_t s[ZC_ED448_LEN]);

/* The nonce of RFC 8032 5.1.6 / 5.2.6 steps 2-3: r = h mod L (h the 2b
 * bytes of the digest of dom || prefix || M), R = encode([r]B). r is
 * written as b little-endian bytes. Constant-time in h. */
void zc_ed25519_nonce(uint8_t r[ZC_ED25519_LEN], uint8_t big_r[ZC_ED25519_LEN],
                      const uint8_t h[2 * ZC_ED25519_LEN]);
void zc_ed448_nonce(uint8_t r[ZC_ED448_LEN], uint8_t big_r[ZC_ED448_LEN],
                    const uint8_t h[2 * ZC_ED448_LEN]);

/* Step 5: S = (r + k s) mod L, k the 2b-byte digest of dom || R || A || M
 * (reduced here), r as zc_*_nonce wrote it, s the clamped scalar. S is b
 * little-endian bytes. Constant-time in r and s. */
void zc_ed25519_s(uint8_t big_s[ZC_ED25519_LEN], const uint8_t r[ZC_ED25519_LEN],
                  const uint8_t k[2 * ZC_ED25519_LEN], const uint8_t s[ZC_ED25519_LEN]);
void zc_ed448_s(uint8_t big_s[ZC_ED448_LEN], const uint8_t r[ZC_ED448_LEN],
                const uint8_t k[2 * ZC_ED448_LEN], const uint8_t s[ZC_ED448_LEN]);

/* 1 when pub is a canonical encoding (y < p; x = 0 with the sign bit set
 * is not) of a curve point other than the neutral element (0, 1): what
 * a public key must be at import (API.md). Variable time. */
int zc_ed25519_pub_ok(const uint8_t pub[ZC_ED25519_LEN]);
int zc_ed448_pub_ok(const uint8_t pub[ZC_ED448_LEN]);

/* 1 when sig = R || S (2b bytes) is valid under pub for the challenge
 * digest k (2b bytes of dom || R || A || M): S < L, R and A canonical
 * points (A may not be the neutral element; R may be any point), Ed448's
 * last byte of S zero (S < L implies it), and [S]B = R + [k]A without the cofactor
 * (RFC 8032 5.1.7 / 5.2.7 step 3, the cofactorless equation). Variable
 * time (everything is public). */
int zc_ed25519_verify(const uint8_t pub[ZC_ED25519_LEN], const uint8_t sig[2 * ZC_ED25519_LEN],
                      const uint8_t k[2 * ZC_ED25519_LEN]);
int zc_ed448_verify(const uint8_t pub[ZC_ED448_LEN], const uint8_t sig[2 * ZC_ED448_LEN],
                    const uint8_t k[2 * ZC_ED448_LEN]);

#endif /* ZC_EC_ED_H */
