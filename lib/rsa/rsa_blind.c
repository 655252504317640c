/*
 * rsa_blind.c - what guards an RSA private operation on both paths, the
 * software CRT (rsa_crt.c) and the Crypto Express adapter (rsa_cex.c):
 * the base blinding, and the check with e before a result is released.
 *
 * Blinding (Kocher 1996; as in most libraries): a fresh random r per
 * call, and the exponentiation gets x r^e mod n, a value unrelated to the
 * caller's x, so neither its timing nor an adapter (and the path to it)
 * sees x; the result (x r^e)^d = x^d r is unblinded with r^-1. The two
 * paths draw r where they can take its inverse back out:
 *   - software: r as its two residues rp < p and rq < q (random, both
 *     non-zero, each drawn with its own prime's length less one bit), so
 *     that each CRT half is unblinded modulo its own prime
 *     and only half-size inverses are needed (rsa_crt.c assembles r);
 *   - adapter: the answer comes back whole, modulo n, so r < n is drawn
 *     at once and inverted modulo n.
 * Both draw through zc_rsa_random_bits() and retry the same way: a draw without
 * an inverse (zero, or sharing a factor with the modulus) is drawn again,
 * BLIND_TRIES times at most, then ZC_EDEVICE (a random source that keeps
 * giving such values is broken).
 *
 * Release: y^e mod n must give back x before y leaves, so that a fault in
 * one CRT half, in software or on an adapter, never hands out a value
 * that reveals a prime (Boneh, DeMillo and Lipton 1997; Lenstra's gcd).
 */
#include <zcrypt/random.h>

#include "rsa_sw.h"
#include "bn/bn.h"
#include "core/ct.h"
#include "core/util.h"

/* How often a blinding factor without an inverse is drawn again. */
#define BLIND_TRIES 8

/*
 * x (len limbs) = random value of `bits` bits (len limbs hold it): one
 * zc_random_bytes() call of (bits + 7) / 8 bytes, read big-endian, the
 * bits above `bits` cleared (zc_bn_decode() zeroes the limbs above).
 * Blinding factors and key generation's candidates both draw here.
 */
int zc_rsa_random_bits(uint64_t *x, size_t len, size_t bits)
{
    uint8_t buf[ZC_RSA_MAX_BITS_ANY / 8];
    size_t nbytes = (bits + 7) / 8;
    int rc = zc_random_bytes(buf, nbytes);

    zc_bn_decode(x, len, buf, nbytes);
    if (bits % 64)
        x[bits / 64] &= ((uint64_t)1 << (bits % 64)) - 1;
    zc_wipe(buf, sizeof buf);
    return rc;
}

/* One residue of a blinding factor: x of `bits` random bits, below m, and x^-1 mod m. */
struct blind_part {
    uint64_t *x, *inv;
    const uint64_t *m;
    size_t limbs, bits;
};

/*
 * The one retry loop: draw every part (in order), then invert each modulo
 * its m; again while any inverse is missing. ZC_OK, ZC_EDEVICE after
 * BLIND_TRIES failed draws, or zc_random_bytes()'s error.
 */
static int blind_draw(const struct blind_part *part, size_t nparts)
{
    uint64_t ok;
    size_t j;
    int i, rc;

    for (i = 0; i < BLIND_TRIES; i++) {
        for (j = 0; j < nparts; j++) {
            rc = zc_rsa_random_bits(part[j].x, part[j].limbs, part[j].bits);
            if (rc != ZC_OK)
                return rc;
        }
        ok = 1;
        for (j = 0; j < nparts; j++) {
            memcpy(part[j].inv, part[j].x, part[j].limbs * sizeof part[j].x[0]);
            /* fails only for a zero draw or one sharing a factor with m */
            ok &= zc_bn_modinv(part[j].inv, part[j].m, part[j].limbs);
        }
        zc_ct_declassify(&ok, sizeof ok);     /* a rejected draw is thrown away */
        if (ok)
            return ZC_OK;
    }
    return ZC_EDEVICE;
}

int zc_rsa_blind_crt(const zc_rsa_key *k, uint64_t *rp, uint64_t *rq, uint64_t *rpinv,
                     uint64_t *rqinv)
{
    /*
     * Each residue below its own prime, one bit shorter: every key holds
     * p > q (rsa.c orders them at import, generation makes them so), so rq
     * is below p too, as Garner's step takes it. Drawing rq below min(p, q)
     * instead narrowed it mod q for a key with p < q.
     */
    const struct blind_part part[2] = {
        { rp, rpinv, k->zc_p, zc_bn_limbs(k->zc_pbits), k->zc_pbits - 1 },
        { rq, rqinv, k->zc_q, zc_bn_limbs(k->zc_qbits), k->zc_qbits - 1 },
    };

    return blind_draw(part, 2);
}

int zc_rsa_blind_modn(const zc_rsa_key *k, uint64_t *r, uint64_t *rinv)
{
    const struct blind_part part = { r, rinv, k->zc_n, zc_bn_limbs(k->zc_bits), k->zc_bits - 1 };

    return blind_draw(&part, 1);
}

void zc_rsa_blind_apply(const zc_rsa_key *k, uint64_t *t, const uint64_t *x, uint64_t *r)
{
    const size_t nl = zc_bn_limbs(k->zc_bits);

    zc_bn_modexp_pub(r, k->zc_e, nl, k->zc_n, nl, k->zc_n0i, k->zc_nr2);
    zc_bn_montmul(t, x, k->zc_nr2, k->zc_n, nl, k->zc_n0i);
    zc_bn_montmul(t, t, r, k->zc_n, nl, k->zc_n0i);
}

int zc_rsa_release(const zc_rsa_key *k, const uint64_t *x, const uint64_t *y, uint64_t *t,
                   uint8_t *out, size_t len)
{
    const size_t nl = zc_bn_limbs(k->zc_bits);
    uint64_t ok;

    memcpy(t, y, nl * sizeof y[0]);
    zc_bn_modexp_pub(t, k->zc_e, nl, k->zc_n, nl, k->zc_n0i, k->zc_nr2);
    ok = zc_bn_eq(t, x, nl);
    zc_ct_declassify(&ok, sizeof ok);      /* whether the result is right is public */
    if (ok)
        zc_bn_encode(out, len, y, nl);
    return ok != 0;
}

/* (a * b) mod m == 1, with a of al limbs, b of bl, m of ml (top limb non-zero). */
static uint64_t mul_mod_is_one(const uint64_t *a, size_t al, const uint64_t *b, size_t bl,
                               const uint64_t *m, size_t ml)
{
    uint64_t t[ZC_BN_MAX_LIMBS / 2 + 1], r[ZC_BN_MAX_LIMBS / 4], one[ZC_BN_MAX_LIMBS / 4];
    uint64_t ok;

    zc_bn_mul(t, a, al, b, bl);
    zc_bn_reduce(r, t, al + bl, m, ml);
    zc_bn_zero(one, ml);
    one[0] = 1;
    ok = zc_bn_eq(r, one, ml);
    zc_wipe(t, sizeof t);
    zc_wipe(r, sizeof r);
    return ok;
}

int zc_rsa_key_consistent(const zc_rsa_key *k)
{
    const size_t pl = zc_bn_limbs(k->zc_pbits), ql = zc_bn_limbs(k->zc_qbits);
    uint64_t pm1[ZC_BN_MAX_LIMBS / 4], qm1[ZC_BN_MAX_LIMBS / 4], ok;

    /* p - 1 and q - 1: the primes are odd, so only bit 0 changes */
    memcpy(pm1, k->zc_p, pl * sizeof pm1[0]);
    memcpy(qm1, k->zc_q, ql * sizeof qm1[0]);
    pm1[0] &= ~(uint64_t)1;
    qm1[0] &= ~(uint64_t)1;
    ok = mul_mod_is_one(k->zc_e, 1, k->zc_dp, pl, pm1, pl);
    ok &= mul_mod_is_one(k->zc_e, 1, k->zc_dq, ql, qm1, ql);
    ok &= mul_mod_is_one(k->zc_qinv, pl, k->zc_q, ql, k->zc_p, pl);
    zc_wipe(pm1, sizeof pm1);
    zc_wipe(qm1, sizeof qm1);
    zc_ct_declassify(&ok, sizeof ok);       /* whether the key holds together is public */
    return ok != 0;
}
