/*
 * rsa.c - the RSA key object and the dispatch of the raw operations.
 *
 * A key is built from raw components (this file), from DER (rsa_der.c)
 * or by generation (rsa_keygen.c), and always ends here: checked,
 * Montgomery constants computed, marked valid. The paddings (rsa_pkcs1.c,
 * rsa_pss.c, rsa_oaep.c) call only zc_rsa_public() and zc_rsa_private(),
 * so the backend is chosen in one place: a Crypto Express adapter
 * (rsa_cex.c) is tried first for an AUTO or CEX key, per call, so that an
 * adapter that goes away (or comes) is noticed; when none answers, an AUTO
 * key runs in software and a CEX key fails with ZC_ENOTSUP.
 */
#include "rsa_int.h"
#include "rsa_cex.h"
#include "core/platform.h"
#include "core/util.h"
#include "rsa_sw.h"
#include "bn/bn.h"

/*
 * Limb counts of the key's fields, from include/zcrypt/rsa.h's struct (the
 * one place that sizes them): the modulus and exponent, the private
 * exponent, a prime and its CRT values.
 */
#define LIMBS(field) (sizeof ((zc_rsa_key *)0)->field / sizeof(uint64_t))
#define N_LIMBS LIMBS(zc_n)
#define D_LIMBS LIMBS(zc_d)
#define P_LIMBS LIMBS(zc_p)

_Static_assert(N_LIMBS * 64 == ZC_RSA_MAX_BITS && N_LIMBS <= ZC_BN_MAX_LIMBS &&
               LIMBS(zc_e) == N_LIMBS && LIMBS(zc_nr2) == N_LIMBS,
               "n, e and n's Montgomery factor hold the largest modulus");
_Static_assert(D_LIMBS * 64 == ZC_RSA_MAX_PRIVATE_BITS && 2 * P_LIMBS == D_LIMBS,
               "d and the primes hold the largest private key");
_Static_assert(LIMBS(zc_q) == P_LIMBS && LIMBS(zc_dp) == P_LIMBS &&
               LIMBS(zc_dq) == P_LIMBS && LIMBS(zc_qinv) == P_LIMBS,
               "the CRT values are sized as the primes");
/* check_components() puts the product p q into zc_nr2 */
_Static_assert(2 * P_LIMBS <= LIMBS(zc_nr2), "p q fits zc_nr2");

/* x (n limbs) = part, which must fit; *present says whether it was given. */
static int get_part(uint64_t *x, size_t n, const struct zc_rsa_part *pt, int *present)
{
    if (zc_bad_ptr(pt->data, pt->len))
        return ZC_EINVAL;
    *present = pt->len != 0;
    return zc_bn_decode(x, n, pt->data, pt->len) ? ZC_OK : ZC_EINVAL;
}

/* Exchange two limb arrays of n limbs. */
static void swap_limbs(uint64_t *a, uint64_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        uint64_t t = a[i];

        a[i] = b[i];
        b[i] = t;
    }
}

/*
 * A key given with p < q is kept with the larger prime first, as adapters
 * take it (and libica requires): p and q, dP and dQ trade places and qInv
 * = q^-1 mod p is computed once here for the new order, not per
 * operation. Which prime is larger is a fixed property of the key.
 * ZC_EINVAL when the primes share a factor.
 */
static int order_primes(zc_rsa_key *k)
{
    uint64_t swap = zc_bn_lt(k->zc_p, k->zc_q, P_LIMBS);
    uint32_t bits;

    zc_ct_declassify(&swap, sizeof swap);
    if (!swap)
        return ZC_OK;
    swap_limbs(k->zc_p, k->zc_q, P_LIMBS);
    swap_limbs(k->zc_dp, k->zc_dq, P_LIMBS);
    bits = k->zc_pbits;
    k->zc_pbits = k->zc_qbits;
    k->zc_qbits = bits;
    /* q < p now: q itself is q mod p */
    memcpy(k->zc_qinv, k->zc_q, sizeof k->zc_qinv);
    return zc_bn_modinv(k->zc_qinv, k->zc_p, zc_bn_limbs(k->zc_pbits)) ? ZC_OK : ZC_EINVAL;
}

static int check_components(zc_rsa_key *k, const struct zc_rsa_components *c)
{
    const struct zc_rsa_part *priv[6] = { &c->d, &c->p, &c->q, &c->dp, &c->dq, &c->qinv };
    uint64_t *dst[6] = { k->zc_d, k->zc_p, k->zc_q, k->zc_dp, k->zc_dq, k->zc_qinv };
    const size_t lim[6] = { D_LIMBS, P_LIMBS, P_LIMBS, P_LIMBS, P_LIMBS, P_LIMBS };
    size_t bits, i;
    int present, count = 0;

    if (get_part(k->zc_n, N_LIMBS, &c->n, &present) || get_part(k->zc_e, N_LIMBS, &c->e, &present))
        return ZC_EINVAL;
    bits = zc_bn_bitlen(k->zc_n, N_LIMBS);
    /* 3 <= e <= 2^64 - 1, odd: a larger e makes each public operation a
     * full-size exponentiation (an 8192-bit e took 0.49 s), a lever for
     * anyone who hands over the key */
    if (bits < ZC_RSA_MIN_BITS || (k->zc_n[0] & 1) == 0 || (k->zc_e[0] & 1) == 0 ||
        zc_bn_bitlen(k->zc_e, N_LIMBS) < 2 || zc_bn_bitlen(k->zc_e, N_LIMBS) > ZC_RSA_MAX_E_BITS ||
        !zc_bn_lt(k->zc_e, k->zc_n, N_LIMBS))
        return ZC_EINVAL;
    k->zc_bits = (uint32_t)bits;
    for (i = 0; i < 6; i++) {
        /* a part too large for its field is refused here */
        if (get_part(dst[i], lim[i], priv[i], &present))
            return ZC_EINVAL;
        count += present;
    }
    if (count == 0)
        return ZC_OK;
    if (count != 6 || bits > ZC_RSA_MAX_PRIVATE_BITS)
        return ZC_EINVAL;
    k->zc_pbits = (uint32_t)zc_bn_bitlen(k->zc_p, P_LIMBS);
    k->zc_qbits = (uint32_t)zc_bn_bitlen(k->zc_q, P_LIMBS);
    if (k->zc_pbits < 2 || k->zc_qbits < 2 || (k->zc_p[0] & 1) == 0 || (k->zc_q[0] & 1) == 0)
        return ZC_EINVAL;
    /* p q == n; the product lands in zc_nr2, which key_finish() overwrites */
    zc_bn_mul(k->zc_nr2, k->zc_p, P_LIMBS, k->zc_q, P_LIMBS);
    if (!zc_bn_eq(k->zc_nr2, k->zc_n, 2 * P_LIMBS) ||
        !zc_bn_lt(k->zc_d, k->zc_n, D_LIMBS) ||
        !zc_bn_lt(k->zc_dp, k->zc_p, P_LIMBS) ||
        !zc_bn_lt(k->zc_dq, k->zc_q, P_LIMBS) ||
        !zc_bn_lt(k->zc_qinv, k->zc_p, P_LIMBS))
        return ZC_EINVAL;
    k->zc_private = 1;
    return order_primes(k);
}

/* Finish a key whose components are in place: constants, backend, magic. */
static void key_finish(zc_rsa_key *k)
{
    zc_rsa_sw_precompute(k);
    k->zc_backend = ZC_BACKEND_AUTO;
    k->zc_magic = ZC_RSA_MAGIC;
}

int zc_rsa_key_from_components(zc_rsa_key *k, const struct zc_rsa_components *c)
{
    int rc;

    if (k == NULL || c == NULL)
        return ZC_EINVAL;
    zc_wipe(k, sizeof *k);
    rc = check_components(k, c);
    if (rc != ZC_OK) {
        zc_wipe(k, sizeof *k);
        return rc;
    }
    key_finish(k);
    return ZC_OK;
}

int zc_rsa_generate(zc_rsa_key *k, unsigned bits, uint32_t e)
{
    int rc;

    if (k == NULL || bits < ZC_RSA_GEN_MIN_BITS || bits > ZC_RSA_GEN_MAX_BITS)
        return ZC_EINVAL;
    if (e == 0)
        e = 65537;
    if (e < 3 || (e & 1) == 0)
        return ZC_EINVAL;
    if (zc_rsa_refused())               /* key generation runs in software */
        return ZC_ENOTSUP;
    rc = zc_rsa_sw_generate(k, bits, e);
    if (rc != ZC_OK) {
        zc_wipe(k, sizeof *k);
        return rc;
    }
    key_finish(k);
    return ZC_OK;
}

void zc_rsa_key_wipe(zc_rsa_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof *k);
}

size_t zc_rsa_size(const zc_rsa_key *k)
{
    return zc_rsa_key_ok(k) ? (k->zc_bits + 7) / 8 : 0;
}

unsigned zc_rsa_bits(const zc_rsa_key *k)
{
    return zc_rsa_key_ok(k) ? k->zc_bits : 0;
}

int zc_rsa_key_has_private(const zc_rsa_key *k)
{
    return zc_rsa_key_ok(k) && k->zc_private;
}

int zc_rsa_key_set_backend(zc_rsa_key *k, enum zc_backend b)
{
    if (!zc_rsa_key_ok(k))
        return ZC_EINVAL;
    switch (b) {
    case ZC_BACKEND_AUTO:
    case ZC_BACKEND_SOFTWARE:
        k->zc_backend = (uint8_t)b;
        return ZC_OK;
    case ZC_BACKEND_CEX:
        if (zc_plat_cex_state() != ZC_CEX_ONLINE)
            return ZC_ENOTSUP;
        k->zc_backend = (uint8_t)b;
        return ZC_OK;
    case ZC_BACKEND_CPACF:      /* CPACF has no RSA */
    default:
        return ZC_EINVAL;
    }
}

enum zc_backend zc_rsa_key_backend(const zc_rsa_key *k)
{
    return zc_rsa_key_ok(k) ? (enum zc_backend)k->zc_backend : ZC_BACKEND_AUTO;
}

static int raw_args(const zc_rsa_key *k, const uint8_t *in, const uint8_t *out)
{
    return zc_rsa_key_ok(k) && in != NULL && out != NULL &&
           !zc_partial_overlap(in, out, zc_rsa_size(k));
}

/*
 * The one body of both raw operations (pub: the public one): an adapter
 * first for an AUTO or CEX key, software when none answered for an AUTO
 * key, or for a SOFTWARE key. Each is counted where it ran.
 */
static int raw_op(const zc_rsa_key *k, const uint8_t *in, uint8_t *out, unsigned pub)
{
    if (!raw_args(k, in, out) || (!pub && !k->zc_private))
        return ZC_EINVAL;
    if (k->zc_backend != ZC_BACKEND_SOFTWARE) {
        int rc = pub ? zc_rsa_cex_public(k, in, out) : zc_rsa_cex_private(k, in, out);

        if (rc == ZC_OK)
            zc_stat_count(ZC_ALGO_RSA, zc_rsa_size(k), ZC_STAT_CEX, pub, zc_rsa_size(k));
        if (rc != ZC_ENOTSUP || k->zc_backend == ZC_BACKEND_CEX)
            return rc;
    }
    /* No adapter answered (AUTO), or SOFTWARE: the software backend. */
    if (zc_rsa_refused())
        return ZC_ENOTSUP;
    zc_stat_count(ZC_ALGO_RSA, zc_rsa_size(k), ZC_STAT_SOFTWARE, pub, zc_rsa_size(k));
    return pub ? zc_rsa_sw_public(k, in, out) : zc_rsa_sw_private(k, in, out);
}

int zc_rsa_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    return raw_op(k, in, out, 1);
}

int zc_rsa_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    return raw_op(k, in, out, 0);
}

int zc_rsa_verify_public(const zc_rsa_key *k, const uint8_t *sig, uint8_t *out)
{
    int rc = raw_op(k, sig, out, 1);

    /* the caller checked the key and the pointers: ZC_EINVAL is sig >= n */
    return rc == ZC_EINVAL ? ZC_EAUTH : rc;
}

int zc_rsa_decrypt_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out)
{
    int rc = raw_op(k, in, out, 0);

    if (rc == ZC_OK || rc == ZC_ENOTSUP)
        return rc;
    return ZC_EAUTH;
}
