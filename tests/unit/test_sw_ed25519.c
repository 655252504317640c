/*
 * test_sw_ed25519.c - unit test of the Ed25519 core on its own
 * (lib/ec/ec_ed25519.c with ec_ed_scalar.c, no key objects, no
 * ec_eddsa.c): every Ed25519 vector of RFC 8032 section 7 (7.1 pure,
 * 7.2 ctx and 7.3 ph; the digests of dom2 || ... made here with the
 * library's software SHA-512 compression and the padding of FIPS 180-4
 * 5.1.2), then properties:
 *  - [L]B is the neutral element, [L - 1]B = -B, [L + 1]B = B;
 *  - [s]B agrees with X25519(s, 9) through the birational map
 *    u = (1 + y) / (1 - y) (RFC 7748 4.1) on deterministic random s;
 *  - sign / verify round trips on random scalars and digests, and verify
 *    refusing a flipped bit in R, S, A and k, and S + L;
 *  - non-canonical encodings (y = p, y = p + 1, x = 0 with the sign bit)
 *    and y without a square root refused by pub_ok and by verify, for A
 *    (an order-4 point, whose valid signatures are easy to make) and R.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "ec/ec_ed.h"
#include "ec/ec_f25519.h"
#include "ec/ec_x.h"
#include "hash/hash_sw.h"

#include "unit.h"
#include "vectors/ed25519_rfc8032.h"

/* The little-endian L = 2^252 + 27742317777372353535851937790883648493. */
static const uint8_t ell[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
    0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

/* SHA-512 of the concatenation of up to four pieces (FIPS 180-4). */
static void sha512(uint8_t out[64], const uint8_t *a, size_t na, const uint8_t *b,
                   size_t nb, const uint8_t *c, size_t nc, const uint8_t *d, size_t nd)
{
    static uint8_t buf[2048];
    uint64_t h[8];
    size_t n = 0, blocks, i;

    if (na) memcpy(buf + n, a, na), n += na;
    if (nb) memcpy(buf + n, b, nb), n += nb;
    if (nc) memcpy(buf + n, c, nc), n += nc;
    if (nd) memcpy(buf + n, d, nd), n += nd;
    blocks = (n + 17 + 127) / 128;
    memset(buf + n, 0, blocks * 128 - n);
    buf[n] = 0x80;
    zc_store_be64(buf + blocks * 128 - 8, (uint64_t)n * 8);
    memcpy(h, zc_sha512_iv, sizeof h);
    zc_sha512_blocks(h, buf, blocks);
    for (i = 0; i < 8; i++)
        zc_store_be64(out + 8 * i, h[i]);
}

static void clamp(uint8_t s[32])
{
    s[0] &= 248;
    s[31] &= 127;
    s[31] |= 64;
}

/* RFC 8032 5.1.6 around the core: sig of msg under the clamped s and its pub,
 * with the secret prefix and dom2 (dom may be empty). k receives the challenge
 * digest. */
static void sign(uint8_t sig[64], uint8_t k[64], const uint8_t s[32],
                 const uint8_t prefix[32], const uint8_t pub[32], const uint8_t *dom,
                 size_t ndom, const uint8_t *msg, size_t nmsg)
{
    uint8_t h[64], r[32];

    sha512(h, dom, ndom, prefix, 32, msg, nmsg, NULL, 0);
    zc_ed25519_nonce(r, sig, h);
    sha512(k, dom, ndom, sig, 32, pub, 32, msg, nmsg);
    zc_ed25519_s(sig + 32, r, k, s);
}

static void kats(void)
{
    static uint8_t msg[1024];
    uint8_t seed[32], want_pub[32], want_sig[64], ctx[255], h[64], s[32], pub[32], sig[64];
    uint8_t k[64], dom[32 + 2 + 255], ph[64];
    size_t i, nmsg, nctx, ndom;
    char what[96];

    for (i = 0; i < sizeof ed25519_rfc8032 / sizeof ed25519_rfc8032[0]; i++) {
        const struct ed_kat *v = &ed25519_rfc8032[i];
        const uint8_t *m = msg;

        unhex(seed, v->seed);
        unhex(want_pub, v->pub);
        unhex(want_sig, v->sig);
        nmsg = unhex(msg, v->msg);
        nctx = unhex(ctx, v->ctx);
        ndom = 0;
        if (v->variant) {       /* dom2(phflag, ctx) */
            memcpy(dom, "SigEd25519 no Ed25519 collisions", 32);
            dom[32] = v->variant == 2;
            dom[33] = (uint8_t)nctx;
            memcpy(dom + 34, ctx, nctx);
            ndom = 34 + nctx;
        }
        if (v->variant == 2) {  /* PH = SHA-512 */
            sha512(ph, msg, nmsg, NULL, 0, NULL, 0, NULL, 0);
            m = ph;
            nmsg = 64;
        }
        sha512(h, seed, 32, NULL, 0, NULL, 0, NULL, 0);
        memcpy(s, h, 32);
        clamp(s);
        zc_ed25519_public(pub, s);
        snprintf(what, sizeof what, "%s: public key", v->what);
        check(memcmp(pub, want_pub, 32) == 0, what);
        snprintf(what, sizeof what, "%s: pub_ok", v->what);
        check(zc_ed25519_pub_ok(pub) == 1, what);
        sign(sig, k, s, h + 32, pub, dom, ndom, m, nmsg);
        snprintf(what, sizeof what, "%s: signature", v->what);
        check(memcmp(sig, want_sig, 64) == 0, what);
        snprintf(what, sizeof what, "%s: verify", v->what);
        check(zc_ed25519_verify(want_pub, want_sig, k) == 1, what);
        want_sig[i % 64] ^= 0x10;
        snprintf(what, sizeof what, "%s: verify refuses a flipped bit", v->what);
        check(zc_ed25519_verify(want_pub, want_sig, k) == 0, what);
    }
}

/* u = (1 + y) / (1 - y) of an Ed25519 encoding, as X25519 bytes. */
static void ed_to_u(uint8_t u[32], const uint8_t pub[32])
{
    fe y, one, n, dd;

    fe_frombytes(y, pub);
    fe_small(one, 1);
    fe_add(n, one, y);
    fe_sub(dd, one, y);
    fe_invert(dd, dd);
    fe_mul(n, n, dd);
    fe_tobytes(u, n);
}

static void base_points(void)
{
    static const uint8_t neutral[32] = { 1 };
    uint8_t s[32], t[32], pub[32], b[32], u[32], x[32], nine[32] = { 9 };
    unsigned i, j, c;
    char what[96];

    memcpy(s, ell, 32);
    zc_ed25519_public(pub, s);
    check(memcmp(pub, neutral, 32) == 0, "[L]B is the neutral element");
    memset(s, 0, 32);
    s[0] = 1;
    zc_ed25519_public(b, s);
    memcpy(s, ell, 32);
    s[0]++;
    zc_ed25519_public(pub, s);
    check(memcmp(pub, b, 32) == 0, "[L + 1]B = B");
    s[0] -= 2;
    zc_ed25519_public(pub, s);
    b[31] ^= 0x80;
    check(memcmp(pub, b, 32) == 0, "[L - 1]B = -B");
    /* any 256-bit s: [s]B = [s + L]B (s + L below 2^256 when s < 2^255) */
    for (i = 0; i < 16; i++) {
        fill(s, 32);
        s[31] &= 0x7f;
        for (j = 0, c = 0; j < 32; j++) {
            c += (unsigned)s[j] + ell[j];
            t[j] = (uint8_t)c;
            c >>= 8;
        }
        zc_ed25519_public(pub, s);
        zc_ed25519_public(b, t);
        snprintf(what, sizeof what, "[s]B = [s + L]B, round %u", i);
        check(memcmp(pub, b, 32) == 0, what);
    }
    for (i = 0; i < 64; i++) {
        fill(s, 32);
        clamp(s);
        zc_ed25519_public(pub, s);
        ed_to_u(u, pub);
        zc_x25519(x, s, nine);
        snprintf(what, sizeof what, "[s]B and X25519(s, 9) agree, round %u", i);
        check(memcmp(u, x, 32) == 0, what);
    }
}

static void round_trips(void)
{
    uint8_t s[32], pub[32], h[64], k[64], r[32], sig[64], bad[64];
    unsigned i, j, c, bit;
    char what[96];

    for (i = 0; i < 64; i++) {
        fill(s, 32);
        clamp(s);
        fill(h, 64);
        fill(k, 64);
        zc_ed25519_public(pub, s);
        zc_ed25519_nonce(r, sig, h);
        zc_ed25519_s(sig + 32, r, k, s);
        snprintf(what, sizeof what, "round trip %u: verify", i);
        check(zc_ed25519_verify(pub, sig, k) == 1, what);
        bit = (unsigned)rnd64() % 256;
        memcpy(bad, sig, 64);
        bad[bit / 8] ^= (uint8_t)(1 << bit % 8);        /* R */
        snprintf(what, sizeof what, "round trip %u: flipped bit %u of R", i, bit);
        check(zc_ed25519_verify(pub, bad, k) == 0, what);
        memcpy(bad, sig, 64);
        bad[32 + bit / 8] ^= (uint8_t)(1 << bit % 8);   /* S */
        snprintf(what, sizeof what, "round trip %u: flipped bit %u of S", i, bit);
        check(zc_ed25519_verify(pub, bad, k) == 0, what);
        pub[bit / 8] ^= (uint8_t)(1 << bit % 8);        /* A */
        snprintf(what, sizeof what, "round trip %u: flipped bit %u of A", i, bit);
        check(zc_ed25519_verify(pub, sig, k) == 0, what);
        pub[bit / 8] ^= (uint8_t)(1 << bit % 8);
        bit = (unsigned)rnd64() % 512;
        k[bit / 8] ^= (uint8_t)(1 << bit % 8);          /* k */
        snprintf(what, sizeof what, "round trip %u: flipped bit %u of k", i, bit);
        check(zc_ed25519_verify(pub, sig, k) == 0, what);
        k[bit / 8] ^= (uint8_t)(1 << bit % 8);
        /* S + L (below 2^254): the same point equation, refused by S < L */
        memcpy(bad, sig, 64);
        for (j = 0, c = 0; j < 32; j++) {
            c += (unsigned)bad[32 + j] + ell[j];
            bad[32 + j] = (uint8_t)c;
            c >>= 8;
        }
        snprintf(what, sizeof what, "round trip %u: S + L", i);
        check(zc_ed25519_verify(pub, bad, k) == 0, what);
    }
}

/* y little-endian from a small value (below 2^32) or from p + v; sign in bit 255. */
static void enc_small(uint8_t e[32], uint32_t v, int plus_p, int sign)
{
    static const uint8_t p[32] = {
        0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    };
    unsigned i;
    uint64_t c = v;

    for (i = 0; i < 32; i++) {
        c += plus_p ? p[i] : 0;
        e[i] = (uint8_t)c;
        c >>= 8;
    }
    e[31] |= (uint8_t)(sign << 7);
}

static void encodings(void)
{
    uint8_t e[32], t4[32], s[32], h[64], k[64], r[32], sig[64], kr[32], pub[32];
    uint64_t kl[ZC_EC_LIMBS];
    unsigned i;
    /* pub_ok: canonical points other than (0, 1); A and R in verify */
    static const struct {
        uint32_t y;
        int plus_p, sign, ok;
        const char *what;
    } encs[] = {
        { 1, 0, 0, 0, "the neutral element (0, 1)" },
        { 1, 0, 1, 0, "x = 0 with the sign bit (y = 1)" },
        { 1, 1, 0, 0, "y = p + 1" },
        { 0, 1, 0, 0, "y = p" },
        { 0, 1, 1, 0, "y = p, sign bit set" },
        { 0, 0, 0, 1, "y = 0 (order 4)" },
        { 0, 0, 1, 1, "y = 0, the other x" },
        { 2, 0, 0, 0, "y = 2 (no square root)" },
        { 7, 0, 1, 0, "y = 7 (no square root)" },
        { 3, 0, 1, 1, "y = 3" },
    };
    char what[96];

    for (i = 0; i < sizeof encs / sizeof encs[0]; i++) {
        enc_small(e, encs[i].y, encs[i].plus_p, encs[i].sign);
        snprintf(what, sizeof what, "pub_ok %s %s", encs[i].ok ? "takes" : "refuses",
                 encs[i].what);
        check(zc_ed25519_pub_ok(e) == encs[i].ok, what);
    }
    memset(e, 0xff, 32);
    e[0] = 0xec;
    e[31] = 0x7f;
    check(zc_ed25519_pub_ok(e) == 1, "pub_ok takes (0, -1) (order 2)");
    e[31] = 0xff;
    check(zc_ed25519_pub_ok(e) == 0, "pub_ok refuses x = 0 with the sign bit (y = -1)");

    /*
     * A = T4 = (x, 0), of order 4: with R = [r]B and S = r, the equation
     * [S]B = R + [k]A holds exactly when k mod L is a multiple of 4. Such
     * a signature verifies under A's canonical encoding and under no other.
     */
    enc_small(t4, 0, 0, 0);
    fill(s, 32);
    fill(h, 64);
    zc_ed25519_nonce(r, sig, h);
    memcpy(sig + 32, r, 32);
    for (i = 0;; i++) {
        fill(k, 64);
        zc_ed_sc_reduce(&zc_ed25519_l, kl, k, 64);
        zc_ed_sc_to_bytes(kr, 32, kl);
        if ((kr[0] & 3) == 0)
            break;
    }
    check(zc_ed25519_verify(t4, sig, k) == 1, "verify: A of order 4, k = 0 mod 4");
    k[0] ^= 1;
    check(zc_ed25519_verify(t4, sig, k) == 0, "verify: A of order 4, another k");
    k[0] ^= 1;
    /* A's other encodings: the refused ones of the table, all but y = 0's two */
    for (i = 0; i < sizeof encs / sizeof encs[0]; i++) {
        if (encs[i].ok)
            continue;
        enc_small(e, encs[i].y, encs[i].plus_p, encs[i].sign);
        snprintf(what, sizeof what, "verify refuses A: %s", encs[i].what);
        check(zc_ed25519_verify(e, sig, k) == 0, what);
    }
    memcpy(e, t4, 32);          /* (-x, 0) = -T4: valid as well */
    e[31] |= 0x80;
    check(zc_ed25519_verify(e, sig, k) == 1, "verify: A = -T4, k = 0 mod 4");

    /* R = (0, 1): r = 0 (h = 0), S = k s; then R's other encodings */
    fill(s, 32);
    clamp(s);
    zc_ed25519_public(pub, s);
    memset(h, 0, 64);
    zc_ed25519_nonce(r, sig, h);
    enc_small(e, 1, 0, 0);
    check(memcmp(sig, e, 32) == 0, "nonce of h = 0 is R = (0, 1)");
    fill(k, 64);
    zc_ed25519_s(sig + 32, r, k, s);
    check(zc_ed25519_verify(pub, sig, k) == 1, "verify takes R = (0, 1)");
    /* R's other encodings, and y without a root: refused */
    for (i = 0; i < sizeof encs / sizeof encs[0]; i++) {
        if (encs[i].ok || (encs[i].y == 1 && !encs[i].plus_p && !encs[i].sign))
            continue;
        enc_small(sig, encs[i].y, encs[i].plus_p, encs[i].sign);
        snprintf(what, sizeof what, "verify refuses R: %s", encs[i].what);
        check(zc_ed25519_verify(pub, sig, k) == 0, what);
    }
}

int main(void)
{
    kats();
    base_points();
    round_trips();
    encodings();
    return unit_done();
}
