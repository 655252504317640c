/*
 * ec_int.h - what the files of lib/ec/ share (private to the folder): the
 * key object's checks, the curve of a key, the backend rule.
 */
#ifndef ZC_EC_INT_H
#define ZC_EC_INT_H

#include <zcrypt/ec.h>

#include "ec_sw.h"
#include "ec_x.h"
#include "core/stats.h"

#define ZC_EC_MAGIC 0x45434b31u        /* "ECK1": a complete key */

/* The software curve of a NIST curve value, NULL for any other. */
const struct zc_ec_curve_sw *zc_ec_nist(enum zc_ec_curve curve);

/* ZC_OK for the three NIST curves and X25519/X448, ZC_ENOTSUP for the
 * Edwards curves (not built yet), ZC_EINVAL for anything else. */
int zc_ec_curve_check(enum zc_ec_curve curve);

/* 1 for X25519 and X448 (RFC 7748 keys: raw little-endian u and scalar). */
static inline int zc_ec_is_x(enum zc_ec_curve curve)
{
    return curve == ZC_EC_X25519 || curve == ZC_EC_X448;
}

/* 1 for a complete key of any curve, 0 for NULL or an unset key. */
static inline int zc_ec_key_ok(const zc_ec_key *k)
{
    return k != NULL && k->zc_magic == ZC_EC_MAGIC;
}

/* The software curve of a complete NIST-curve key, NULL for NULL, an
 * unset key or an X key. */
const struct zc_ec_curve_sw *zc_ec_key_sw(const zc_ec_key *k);

/* out = X25519(k, u) or X448(k, u) (ec_x.h) on the key's curve; 1 when the
 * result is all zero. */
uint64_t zc_ec_x(enum zc_ec_curve curve, uint8_t *out, const uint8_t *k, const uint8_t *u);

/* The length of k's public key encoding: 2f + 1 (SEC1 uncompressed) for
 * the NIST curves, f (RFC 7748 u) for X25519/X448. */
static inline size_t zc_ec_pub_len(const zc_ec_key *k)
{
    return zc_ec_is_x((enum zc_ec_curve)k->zc_curve) ? k->zc_flen : 2 * (size_t)k->zc_flen + 1;
}

/* The key's public point (validated at import), projective Montgomery form. */
void zc_ec_key_point(const zc_ec_key *k, struct zc_ec_pt *q);

/* Where an operation on k runs: ZC_OK for software; ZC_ENOTSUP on a
 * CPACF key (no CPACF EC code yet) and under the hardware-only policy. */
int zc_ec_runs_sw(const zc_ec_key *k);

/* The statistics' algorithm of a curve (enum zc_ec_curve's value as the
 * index), for every curve: core/stats.h numbers its row. */
static inline enum zc_algo zc_ec_algo(enum zc_ec_curve curve)
{
    static const enum zc_algo algo[] = {
        [ZC_EC_P256] = ZC_ALGO_EC_P256,       [ZC_EC_P384] = ZC_ALGO_EC_P384,
        [ZC_EC_P521] = ZC_ALGO_EC_P521,       [ZC_EC_ED25519] = ZC_ALGO_EC_ED25519,
        [ZC_EC_ED448] = ZC_ALGO_EC_ED448,     [ZC_EC_X25519] = ZC_ALGO_EC_X25519,
        [ZC_EC_X448] = ZC_ALGO_EC_X448,
    };
    _Static_assert(sizeof algo / sizeof algo[0] == ZC_EC_X448 + 1, "every curve has its row");

    return algo[curve];
}

/* Count one operation on a curve that runs in software (core/stats.h):
 * dir 0 signing, ECDH, generation; 1 verification; bytes its digest,
 * message or f. curve is a checked one (a key's, or past
 * zc_ec_curve_check()). The row is worked out only when counting is on. */
static inline void zc_ec_count_curve(enum zc_ec_curve curve, unsigned dir, uint64_t bytes)
{
    int s = zc_stat_state();

    if (__builtin_expect(s != 0, 0))
        zc_stat_count_on(s, zc_ec_algo(curve), 0, ZC_STAT_SOFTWARE, dir, bytes);   /* 0: any f */
}

/* Count one operation of the complete key k, as zc_ec_count_curve(). */
static inline void zc_ec_count(const zc_ec_key *k, unsigned dir, uint64_t bytes)
{
    zc_ec_count_curve((enum zc_ec_curve)k->zc_curve, dir, bytes);
}

/* The length convention: ZC_ENOMEM with *len = need when *len < need. */
int zc_ec_room(size_t *len, size_t need);

/* 1 when [out, out + out_len) meets [in, in + in_len). */
int zc_ec_overlap(const void *out, size_t out_len, const void *in, size_t in_len);

/* Fill a key from d (f bytes; NIST curves: checked 1 <= d < n): derives
 * the public key. */
int zc_ec_key_set_private(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *d);

/* ec_der_8410.c: RFC 8410 X25519/X448 keys. from_der answers 1 when der
 * is no RFC 8410 X key (ec_der.c then reads it), else ZC_OK or an error;
 * export writes format (SPKI or PKCS#8 v1, at most ZC_EC_8410_MAX bytes)
 * and returns its length, 0 for SEC1. */
#define ZC_EC_8410_MAX 80
int zc_ec_8410_from_der(zc_ec_key *k, const uint8_t *der, size_t der_len);
size_t zc_ec_8410_export(const zc_ec_key *k, enum zc_ec_der_format format, uint8_t *out);

#endif /* ZC_EC_INT_H */
