/*
 * ec_ed_key.c - the table of the two Edwards curves (RFC 8032 5.1 and
 * 5.2: sizes, hash, dom prefix, clamp, the cores of ec_ed.h) and the
 * expansion of a seed (5.1.5 / 5.2.5 steps 1-2), which key import and
 * signing share. A file of its own so that ec_key.c (import) and
 * ec_eddsa.c (the calls) both read it without calling each other.
 */
#include "ec_ed.h"
#include "ec_int.h"
#include "core/hash_public.h"
#include "core/util.h"

static const struct zc_ed_curve eds[] = {
    {
        .curve = ZC_EC_ED25519, .b = ZC_ED25519_LEN, .hash = ZC_SHA512,
        .dom = "SigEd25519 no Ed25519 collisions", .dom_len = 32, .plain_dom = 0,
        /* clear the low 3 bits and bit 255, set bit 254 */
        .low_clear = 7, .last_and = 0x7f, .top = 31, .top_bit = 0x40,
        .pub = zc_ed25519_public, .nonce = zc_ed25519_nonce, .sign = zc_ed25519_s,
        .pub_ok = zc_ed25519_pub_ok, .verify = zc_ed25519_verify,
    },
    {
        .curve = ZC_EC_ED448, .b = ZC_ED448_LEN, .hash = ZC_SHAKE256,
        .dom = "SigEd448", .dom_len = 8, .plain_dom = 1,
        /* clear the low 2 bits, the last byte 0, set bit 447 */
        .low_clear = 3, .last_and = 0x00, .top = 55, .top_bit = 0x80,
        .pub = zc_ed448_public, .nonce = zc_ed448_nonce, .sign = zc_ed448_s,
        .pub_ok = zc_ed448_pub_ok, .verify = zc_ed448_verify,
    },
};

const struct zc_ed_curve *zc_ec_ed(enum zc_ec_curve curve)
{
    size_t i;

    for (i = 0; i < sizeof eds / sizeof eds[0]; i++)
        if (eds[i].curve == curve)
            return &eds[i];
    return NULL;
}

int zc_ec_ed_expand(const struct zc_ed_curve *c, const uint8_t *seed, uint8_t *h,
                    enum zc_backend be, int exempt)
{
    size_t hl = 2 * c->b;
    zc_hash_ctx ctx;
    int rc;

    if (exempt) {
        rc = zc_hash_public(c->hash, seed, c->b, h, hl);
    } else {
        rc = zc_hash_init(&ctx, c->hash, be);
        if (rc == ZC_OK)
            rc = zc_hash_update(&ctx, seed, c->b);
        if (rc == ZC_OK)
            rc = zc_hash_final(&ctx, h, hl);
        zc_hash_wipe(&ctx);             /* it held the seed */
    }
    if (rc != ZC_OK) {
        zc_wipe(h, hl);
        return rc;
    }
    h[0] &= (uint8_t)~c->low_clear;
    h[c->b - 1] &= c->last_and;
    h[c->top] |= c->top_bit;
    return ZC_OK;
}
