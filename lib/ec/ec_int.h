/*
 * ec_int.h - what the files of lib/ec/ share (private to the folder): the
 * key object's checks, the curve of a key, the backend rule.
 */
#ifndef ZC_EC_INT_H
#define ZC_EC_INT_H

#include <zcrypt/ec.h>

#include "ec_cpacf.h"
#include "ec_sw.h"
#include "ec_x.h"
#include "core/protkey.h"
#include "core/stats.h"

#define ZC_EC_MAGIC 0x45434b31u        /* "ECK1": a complete key */

/* The software curve of a NIST curve value, NULL for any other. */
const struct zc_ec_curve_sw *zc_ec_nist(enum zc_ec_curve curve);

/* ZC_OK for the seven curves (the NIST curves, X25519/X448, the Edwards
 * curves of ec_ed_key.c's table), ZC_EINVAL for anything else. */
int zc_ec_curve_check(enum zc_ec_curve curve);

/* 1 for X25519 and X448 (RFC 7748 keys: raw little-endian u and scalar). */
static inline int zc_ec_is_x(enum zc_ec_curve curve)
{
    return curve == ZC_EC_X25519 || curve == ZC_EC_X448;
}

/* 1 for Ed25519 and Ed448 (RFC 8032 keys: the seed and the encoded A). */
static inline int zc_ec_is_ed(enum zc_ec_curve curve)
{
    return curve == ZC_EC_ED25519 || curve == ZC_EC_ED448;
}

/* 1 for the curves of RFC 8410 (Ed and X): keys are f raw bytes each way. */
static inline int zc_ec_is_8410(enum zc_ec_curve curve)
{
    return zc_ec_is_x(curve) || zc_ec_is_ed(curve);
}

/* 1 for a complete key of any curve, 0 for NULL or an unset key. */
static inline int zc_ec_key_ok(const zc_ec_key *k)
{
    return k != NULL && k->zc_magic == ZC_EC_MAGIC;
}

/* The software curve of a complete NIST-curve key, NULL for NULL, an
 * unset key or an Ed or X key. */
const struct zc_ec_curve_sw *zc_ec_key_sw(const zc_ec_key *k);

/* out = X25519(k, u) or X448(k, u) on curve: on PCC 80/81 (hw, past
 * zc_ec_cpacf_ok()) or in software (ec_x.h). ZC_OK with *zero 1 when the
 * result is all zero (secret: the caller declassifies it), ZC_EDEVICE
 * when PCC fails (out wiped). */
int zc_ec_x(enum zc_ec_curve curve, int hw, uint8_t *out, const uint8_t *k, const uint8_t *u,
            uint64_t *zero);

/* The length of k's public key encoding: 2f + 1 (SEC1 uncompressed) for
 * the NIST curves, f (RFC 8032's A, RFC 7748's u) for Ed and X keys. */
static inline size_t zc_ec_pub_len(const zc_ec_key *k)
{
    return zc_ec_is_8410((enum zc_ec_curve)k->zc_curve) ? k->zc_flen
                                                        : 2 * (size_t)k->zc_flen + 1;
}

/* 1 when (px, py) (f bytes each, big-endian) is a point of the curve
 * with both coordinates below p; the answer is made public. */
int zc_ec_point_ok(const struct zc_ec_curve_sw *c, const uint8_t *px, const uint8_t *py);

/* The key's public point (validated at import), projective Montgomery form. */
void zc_ec_key_point(const zc_ec_key *k, struct zc_ec_pt *q);

/*
 * Where operation op on k runs, decided per operation (API.md, "Backend"):
 * 1 CPACF, 0 software, or ZC_ENOTSUP. A SOFTWARE key runs software; a
 * CPACF key runs op's function code when it is usable here and passed
 * its self-test (zc_ec_cpacf_ok()), else ZC_ENOTSUP; an AUTO key runs
 * CPACF where a CPACF key would, else software. Software is refused
 * under the hardware-only policy. Ed keys: sign KDSA 40/44, verify
 * 32/36 (pure EdDSA; ZC_EC_OP_NONE for ctx and ph, which no code has);
 * X keys: ECDH on PCC 80/81.
 */
int zc_ec_where(const zc_ec_key *k, enum zc_ec_op op);

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

/* Count one operation on a curve (core/stats.h) on be (ZC_STAT_CPACF or
 * ZC_STAT_SOFTWARE): dir 0 signing, ECDH, generation; 1 verification;
 * bytes its digest, message or f. curve is a checked one (a key's, or
 * past zc_ec_curve_check()). The row is worked out only when counting is
 * on. */
static inline void zc_ec_count_curve(enum zc_ec_curve curve, enum zc_stat_backend be,
                                     unsigned dir, uint64_t bytes)
{
    int s = zc_stat_state();

    if (__builtin_expect(s != 0, 0))
        zc_stat_count_on(s, zc_ec_algo(curve), 0, be, dir, bytes);   /* 0: any f */
}

/* Count one operation of the complete key k, as zc_ec_count_curve(); hw
 * is zc_ec_where()'s answer (1 CPACF, 0 software). */
static inline void zc_ec_count(const zc_ec_key *k, int hw, unsigned dir, uint64_t bytes)
{
    zc_ec_count_curve((enum zc_ec_curve)k->zc_curve, hw ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE,
                      dir, bytes);
}

/* The length convention: ZC_ENOMEM with *len = need when *len < need. */
int zc_ec_room(size_t *len, size_t need);

/* 1 when [out, out + out_len) meets [in, in + in_len). */
int zc_ec_overlap(const void *out, size_t out_len, const void *in, size_t in_len);

/* Fill a key from d (f bytes; NIST curves: checked 1 <= d < n; Ed: the
 * seed): derives the public key. */
int zc_ec_key_set_private(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *d);

/* ---- ec_protected.c: protected and secure keys (zcrypt/ec_protected.h) --- */

/*
 * Where a key object keeps what a protected key adds, in zc_reserved:
 * byte 0 the kind (enum zc_ec_key_kind; 0 for every clear key, which
 * zc_ec_key_kind() answers as ZC_EC_KEY_CLEAR), bytes 8-15 the secure
 * blob's address and 16-23 its length (a reference: the caller keeps the
 * blob). The protected key itself is in zc_cell; a protected key from a
 * clear key keeps that key in zc_priv (f bytes), to re-derive.
 */
#define ZC_EC_RES_KIND 0
#define ZC_EC_RES_BLOB 8
#define ZC_EC_RES_BLOB_LEN 16
_Static_assert(ZC_EC_RES_BLOB_LEN + sizeof(size_t) <= sizeof(((zc_ec_key *)0)->zc_reserved),
               "the blob reference fits the reserved bytes");

/* 1 for a protected or secure key (signing on KDSA 17-19, 48, 52 only). */
static inline int zc_ec_key_prot(const zc_ec_key *k)
{
    return k->zc_reserved[ZC_EC_RES_KIND] != 0;
}

/* A protected key from a clear private key (as zc_ec_key_from_private()
 * takes it), without the self-test, which makes its own keys through
 * here. ZC_OK or an error of zc_ec_key_init_protected(); k wiped on one. */
int zc_ec_prot_make(zc_ec_key *k, enum zc_ec_curve curve, const uint8_t *priv, size_t priv_len);

/* 1 when protected keys of curve can sign here: KDSA's encrypted-key
 * code for it is usable and its self-test passed (run now if it has not
 * run). zc_ec_prot_selftest: that self-test by function code, once per
 * process (1 passed; 0 failed, or not such a code), for the registry. */
int zc_ec_prot_ok(enum zc_ec_curve curve);
int zc_ec_prot_selftest(unsigned fc);

/* The source (cell, derive, owner) of protected key k, for ec_cpacf.c. */
void zc_ec_prot_src(const zc_ec_key *k, struct zc_protkey_src *src);

/* struct zc_protkey_src's derive for an EC key (owner): the key's source
 * wrapped again, a field of the curve's protected size. */
int zc_ec_prot_derive(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX], size_t *len);

/* ---- ec_ed_key.c: the two Edwards curves ---------------------------------- */

/* What differs between Ed25519 and Ed448 (RFC 8032 5.1 / 5.2), one row
 * per curve; the core functions are ec_ed.h's. */
struct zc_ed_curve {
    enum zc_ec_curve curve;
    size_t b;                           /* bytes of A, of a scalar, of half a signature */
    enum zc_hash_alg hash;              /* H: SHA-512, SHAKE256 (2b bytes of output) */
    const char *dom;                    /* dom2's / dom4's prefix */
    size_t dom_len;
    int plain_dom;                      /* 1: the plain call has dom(0, "") (Ed448) */
    uint8_t low_clear;                  /* clamp: bits cleared in s[0] */
    uint8_t last_and;                   /* ... kept of s[b - 1] */
    size_t top;                         /* ... the byte of the bit set (2^(n)) */
    uint8_t top_bit;
    void (*pub)(uint8_t *pub, const uint8_t *s);
    void (*nonce)(uint8_t *r, uint8_t *big_r, const uint8_t *h);
    void (*sign)(uint8_t *big_s, const uint8_t *r, const uint8_t *k, const uint8_t *s);
    int (*pub_ok)(const uint8_t *pub);
    int (*verify)(const uint8_t *pub, const uint8_t *sig, const uint8_t *k);
};

/* The row of an Edwards curve, NULL for any other curve. */
const struct zc_ed_curve *zc_ec_ed(enum zc_ec_curve curve);

/* RFC 8032 5.1.5 / 5.2.5 steps 1-2: h = H(seed) (2b bytes) on backend be
 * (AUTO or SOFTWARE), its first half clamped in place (s), the second
 * half left as it is (the prefix). exempt: the hash of an import, which
 * the hardware-only policy lets run in software (its result only becomes
 * the public key, core/hash_public.h). Wipes h on an error. */
int zc_ec_ed_expand(const struct zc_ed_curve *c, const uint8_t *seed, uint8_t *h,
                    enum zc_backend be, int exempt);

/* ec_der_8410.c: RFC 8410 Ed25519/Ed448 and X25519/X448 keys. from_der
 * answers 1 when der is no RFC 8410 key (ec_der.c then reads it), else
 * ZC_OK or an error;
 * export writes format (SPKI or PKCS#8 v1, at most ZC_EC_8410_MAX bytes)
 * and returns its length, 0 for SEC1. */
#define ZC_EC_8410_MAX 80
int zc_ec_8410_from_der(zc_ec_key *k, const uint8_t *der, size_t der_len);
size_t zc_ec_8410_export(const zc_ec_key *k, enum zc_ec_der_format format, uint8_t *out);

#endif /* ZC_EC_INT_H */
