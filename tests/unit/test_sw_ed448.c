/*
 * test_sw_ed448.c - unit test of the Ed448 core on its own
 * (lib/ec/ec_ed448.c with ec_ed_scalar.c, no key objects): every vector
 * of RFC 8032 7.4 and 7.5 signed and verified through the core, the
 * SHAKE256 digests of RFC 8032 5.2.6 (dom4(f, ctx) || prefix || M and
 * dom4 || R || A || M) done here over the library's software Keccak;
 * then properties: [L - 1]B = -B (so [L]B is the neutral element), sign
 * and verify round trips on deterministic random seeds and messages,
 * verification refusing a flipped bit in R, S, A or the challenge,
 * non-canonical encodings (y = p, y = p + 1, x = 0 with the sign bit,
 * stray bits in the last byte, a y with no x) refused by pub_ok and by
 * verify, and S + L, S = L refused.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ec/ec_ed.h"
#include "hash/hash_sw.h"

#include "unit.h"
#include "vectors/ed448_rfc8032.h"

#define B57 ZC_ED448_LEN

/* L = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885
 * (RFC 8032 5.2), little-endian. */
static const uint8_t ell[B57] = {
    0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d,
    0x72, 0xc2, 0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4,
    0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f, 0x00,
};

/* SHAKE256 (FIPS 202) of up to four parts, 114 bytes out: the sponge
 * over zc_keccak_f1600, rate 136, padding 1F .. 80. */
struct part {
    const uint8_t *p;
    size_t n;
};

static void shake256(uint8_t *out, size_t olen, const struct part *parts, unsigned np)
{
    uint64_t a[25] = { 0 };
    uint8_t blk[136];
    size_t fill_n = 0, i, take;
    unsigned j;

    for (j = 0; j < np; j++) {
        const uint8_t *p = parts[j].p;
        size_t n = parts[j].n;

        while (n) {
            take = 136 - fill_n < n ? 136 - fill_n : n;
            memcpy(blk + fill_n, p, take);
            fill_n += take, p += take, n -= take;
            if (fill_n == 136) {
                zc_keccak_xor_bytes(a, blk, 136);
                zc_keccak_f1600(a);
                fill_n = 0;
            }
        }
    }
    memset(blk + fill_n, 0, 136 - fill_n);
    blk[fill_n] ^= 0x1f;
    blk[135] ^= 0x80;
    zc_keccak_xor_bytes(a, blk, 136);
    zc_keccak_f1600(a);
    while (olen) {
        take = olen < 136 ? olen : 136;
        zc_keccak_extract(a, out, take);
        out += take, olen -= take;
        if (olen)
            zc_keccak_f1600(a);
    }
    for (i = 0; i < 25; i++)
        a[i] = 0;
}

struct signer {
    uint8_t s[B57], prefix[B57], pub[B57];
};

static void keygen(struct signer *k, const uint8_t seed[B57])
{
    uint8_t h[2 * B57];
    struct part pt = { seed, B57 };

    shake256(h, sizeof h, &pt, 1);
    memcpy(k->s, h, B57);                       /* RFC 8032 5.2.5 */
    k->s[0] &= 0xfc;
    k->s[55] |= 0x80;
    k->s[56] = 0;
    memcpy(k->prefix, h + B57, B57);
    zc_ed448_public(k->pub, k->s);
}

/* dom4(f, ctx) of RFC 8032 5.2: "SigEd448" || f || len(ctx) || ctx. */
static size_t dom4(uint8_t *d, int ph, const uint8_t *ctx, size_t clen)
{
    memcpy(d, "SigEd448", 8);
    d[8] = (uint8_t)ph;
    d[9] = (uint8_t)clen;
    if (clen != 0)                  /* ctx may be NULL when empty */
        memcpy(d + 10, ctx, clen);
    return 10 + clen;
}

/* The challenge digest k of RFC 8032 5.2.6 step 4 (M already hashed for ph). */
static void challenge(uint8_t k[2 * B57], const uint8_t *dom, size_t dlen,
                      const uint8_t *rr, const uint8_t *a, const uint8_t *m, size_t mlen)
{
    struct part parts[4] = { { dom, dlen }, { rr, B57 }, { a, B57 }, { m, mlen } };

    shake256(k, 2 * B57, parts, 4);
}

static void sign(uint8_t sig[2 * B57], const struct signer *k, const uint8_t *dom,
                 size_t dlen, const uint8_t *m, size_t mlen)
{
    uint8_t h[2 * B57], r[B57], kk[2 * B57];
    struct part parts[3] = { { dom, dlen }, { k->prefix, B57 }, { m, mlen } };

    shake256(h, sizeof h, parts, 3);
    zc_ed448_nonce(r, sig, h);
    challenge(kk, dom, dlen, sig, k->pub, m, mlen);
    zc_ed448_s(sig + B57, r, kk, k->s);
}

static int verify(const uint8_t *pub, const uint8_t *sig, const uint8_t *dom, size_t dlen,
                  const uint8_t *m, size_t mlen)
{
    uint8_t kk[2 * B57];

    challenge(kk, dom, dlen, sig, pub, m, mlen);
    return zc_ed448_verify(pub, sig, kk);
}

/* a = a + b, 57 little-endian bytes. */
static void add57(uint8_t *a, const uint8_t *b)
{
    unsigned c = 0, i;

    for (i = 0; i < B57; i++) {
        c += (unsigned)a[i] + b[i];
        a[i] = (uint8_t)c;
        c >>= 8;
    }
}

static void rfc_vectors(void)
{
    static uint8_t msg[1024];
    uint8_t seed[B57], pub[B57], want[2 * B57], sig[2 * B57], ctx[256], dom[266];
    uint8_t ph[64], kk[2 * B57];
    struct signer k;
    char what[128];
    size_t i, mlen, clen, dlen;

    for (i = 0; i < sizeof ed448_rfc8032 / sizeof ed448_rfc8032[0]; i++) {
        const struct ed_kat *v = &ed448_rfc8032[i];
        const uint8_t *m = msg;

        unhex(seed, v->seed);
        unhex(pub, v->pub);
        unhex(want, v->sig);
        mlen = unhex(msg, v->msg);
        clen = unhex(ctx, v->ctx);
        if (v->variant == 2) {                  /* Ed448ph: PH(M) = SHAKE256(M, 64) */
            struct part pt = { msg, mlen };

            shake256(ph, sizeof ph, &pt, 1);
            m = ph, mlen = sizeof ph;
        }
        dlen = dom4(dom, v->variant == 2, ctx, clen);
        keygen(&k, seed);
        snprintf(what, sizeof what, "%s: public key", v->what);
        check(memcmp(k.pub, pub, B57) == 0, what);
        sign(sig, &k, dom, dlen, m, mlen);
        snprintf(what, sizeof what, "%s: signature", v->what);
        check(memcmp(sig, want, sizeof sig) == 0, what);
        snprintf(what, sizeof what, "%s: verifies", v->what);
        check(verify(pub, want, dom, dlen, m, mlen) == 1, what);
        snprintf(what, sizeof what, "%s: pub_ok", v->what);
        check(zc_ed448_pub_ok(pub) == 1, what);
        /* a flipped bit anywhere in R, S, A or the challenge */
        challenge(kk, dom, dlen, want, pub, m, mlen);
        {
            unsigned bit = (unsigned)(i * 37) % (8 * B57);

            memcpy(sig, want, sizeof sig);
            sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            snprintf(what, sizeof what, "%s: R bit %u flipped", v->what, bit);
            check(zc_ed448_verify(pub, sig, kk) == 0, what);
            memcpy(sig, want, sizeof sig);
            sig[B57 + bit / 8 % 56] ^= (uint8_t)(1u << (bit % 8));
            snprintf(what, sizeof what, "%s: S bit flipped", v->what);
            check(zc_ed448_verify(pub, sig, kk) == 0, what);
            pub[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            snprintf(what, sizeof what, "%s: A bit flipped", v->what);
            check(zc_ed448_verify(pub, want, kk) == 0, what);
            pub[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            kk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            snprintf(what, sizeof what, "%s: k bit flipped", v->what);
            check(zc_ed448_verify(pub, want, kk) == 0, what);
        }
    }
}

/* [L - 1]B is -B: B's encoding with the sign bit flipped; [L]B, [0]B
 * the neutral element (0, 1). */
static void group_order(void)
{
    uint8_t s[B57], b[B57], p[B57], one[B57] = { 1 }, neutral[B57] = { 1 };

    zc_ed448_public(b, one);
    memcpy(s, ell, B57);
    s[0] -= 1;
    zc_ed448_public(p, s);
    b[56] ^= 0x80;
    check(memcmp(p, b, B57) == 0, "[L - 1]B = -B");
    zc_ed448_public(p, ell);
    check(memcmp(p, neutral, B57) == 0, "[L]B = (0, 1)");
    memset(s, 0, sizeof s);
    zc_ed448_public(p, s);
    check(memcmp(p, neutral, B57) == 0, "[0]B = (0, 1)");
    check(zc_ed448_pub_ok(neutral) == 0, "pub_ok refuses the neutral element");
    b[56] ^= 0x80;
    check(zc_ed448_pub_ok(b) == 1, "pub_ok takes B");
}

static void round_trips(void)
{
    uint8_t seed[B57], msg[300], sig[2 * B57], dom[16], kk[2 * B57];
    struct signer k;
    size_t dlen = dom4(dom, 0, NULL, 0), mlen;
    unsigned i, bit, ok = 1, bad = 1;

    for (i = 0; i < 24; i++) {
        fill(seed, sizeof seed);
        mlen = i * 12;
        fill(msg, mlen);
        keygen(&k, seed);
        sign(sig, &k, dom, dlen, msg, mlen);
        ok &= verify(k.pub, sig, dom, dlen, msg, mlen) == 1;
        ok &= zc_ed448_pub_ok(k.pub) == 1;
        ok &= sig[2 * B57 - 1] == 0;
        challenge(kk, dom, dlen, sig, k.pub, msg, mlen);
        fill((uint8_t *)&bit, sizeof bit);
        bit %= 8 * 2 * B57;
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        bad &= zc_ed448_verify(k.pub, sig, kk) == 0;
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        if (mlen) {
            msg[0] ^= 1;
            bad &= verify(k.pub, sig, dom, dlen, msg, mlen) == 0;
        }
    }
    check(ok, "24 sign / verify round trips");
    check(bad, "24 tampered signatures and messages refused");
}

static void encodings(void)
{
    /* p = 2^448 - 2^224 - 1, little-endian in 57 bytes */
    uint8_t p[B57], e[B57], one[B57] = { 1 }, seed[B57] = { 7 };
    uint8_t sig[2 * B57], dom[16], kk[2 * B57];
    struct signer k;
    size_t dlen = dom4(dom, 0, NULL, 0);
    unsigned i;

    memset(p, 0xff, 56);
    p[28] = 0xfe;
    p[56] = 0;
    keygen(&k, seed);
    sign(sig, &k, dom, dlen, (const uint8_t *)"abc", 3);
    challenge(kk, dom, dlen, sig, k.pub, (const uint8_t *)"abc", 3);
    check(zc_ed448_verify(k.pub, sig, kk) == 1, "encodings: the reference signature");

    memcpy(e, p, B57);                          /* y = p */
    check(zc_ed448_pub_ok(e) == 0, "pub_ok refuses y = p");
    check(zc_ed448_verify(e, sig, kk) == 0, "verify refuses A with y = p");
    add57(e, one);                              /* y = p + 1, 1 mod p */
    check(zc_ed448_pub_ok(e) == 0, "pub_ok refuses y = p + 1");
    check(zc_ed448_verify(e, sig, kk) == 0, "verify refuses A with y = p + 1");
    memcpy(e, sig, B57);
    memcpy(sig, p, B57);
    check(zc_ed448_verify(k.pub, sig, kk) == 0, "verify refuses R with y = p");
    memcpy(sig, e, B57);

    memset(e, 0, sizeof e);                     /* (0, 1) with the sign bit */
    e[0] = 1;
    e[56] = 0x80;
    check(zc_ed448_pub_ok(e) == 0, "pub_ok refuses x = 0 with the sign bit (y = 1)");
    memcpy(e, p, B57);                          /* (0, -1): y = p - 1 */
    e[0] -= 1;
    check(zc_ed448_pub_ok(e) == 1, "pub_ok takes (0, -1)");
    e[56] = 0x80;
    check(zc_ed448_pub_ok(e) == 0, "pub_ok refuses (0, -1) with the sign bit");
    memcpy(e, sig, B57);
    memset(sig, 0, B57);
    sig[0] = 1;
    sig[56] = 0x80;
    check(zc_ed448_verify(k.pub, sig, kk) == 0,
          "verify refuses R = (0, 1) with the sign bit");
    memcpy(sig, e, B57);

    for (i = 0; i < 7; i++) {                   /* stray bits 448..454 */
        memcpy(e, k.pub, B57);
        e[56] |= (uint8_t)(1u << i);
        check(zc_ed448_pub_ok(e) == 0, "pub_ok refuses a stray bit in the last byte");
        check(zc_ed448_verify(e, sig, kk) == 0, "verify refuses A with a stray bit");
        sig[56] ^= (uint8_t)(1u << i);
        check(zc_ed448_verify(k.pub, sig, kk) == 0, "verify refuses R with a stray bit");
        sig[56] ^= (uint8_t)(1u << i);
    }
    /* y = 2: (y^2 - 1) / (d y^2 - 1) is not a square (Euler's criterion) */
    memset(e, 0, sizeof e);
    e[0] = 2;
    check(zc_ed448_pub_ok(e) == 0, "pub_ok refuses y = 2 (no x)");
    e[0] = 3;                                   /* y = 3 has an x */
    check(zc_ed448_pub_ok(e) == 1, "pub_ok takes y = 3");

    memcpy(e, sig + B57, B57);                  /* S + L, S = L */
    add57(sig + B57, ell);
    check(zc_ed448_verify(k.pub, sig, kk) == 0, "verify refuses S + L");
    memcpy(sig + B57, ell, B57);
    check(zc_ed448_verify(k.pub, sig, kk) == 0, "verify refuses S = L");
    memcpy(sig + B57, e, B57);
    sig[2 * B57 - 1] = 1;
    check(zc_ed448_verify(k.pub, sig, kk) == 0, "verify refuses a nonzero last byte of S");
    sig[2 * B57 - 1] = 0;
    check(zc_ed448_verify(k.pub, sig, kk) == 1, "encodings: the signature restored");
}

int main(void)
{
    rfc_vectors();
    group_order();
    round_trips();
    encodings();
    return unit_done();
}
