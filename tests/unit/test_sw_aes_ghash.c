/*
 * test_sw_aes_ghash.c - known-answer and consistency tests for the portable
 * constant-time AES (lib/aes/aes_ct64.c) and GHASH (lib/aes/ghash_ct.c).
 *
 * Standalone: build with -I lib -I . together with the two sources; prints
 * "N passed, N failed" and exits non-zero on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes/aes_ct64.h"
#include "aes/ghash_ct.h"

#include "unit.h"

/* ------------------------------------------------------------------ */
/* AES                                                                  */
/* ------------------------------------------------------------------ */

static void aes_kat(const char *name, const char *key_hex, const char *pt_hex,
                    const char *ct_hex, unsigned want_rounds)
{
    uint64_t rk[ZC_AES_SW_RK_WORDS];
    uint8_t key[32], pt[16], ct[16], buf[16];
    size_t klen = unhex(key, key_hex);
    unsigned rounds;
    char what[128];

    unhex(pt, pt_hex);
    unhex(ct, ct_hex);
    rounds = zc_aes_sw_setkey(rk, key, klen);
    snprintf(what, sizeof what, "%s: rounds", name);
    check(rounds == want_rounds, what);

    zc_aes_sw_encrypt(rk, rounds, pt, buf, 1);
    snprintf(what, sizeof what, "%s: encrypt", name);
    check(memcmp(buf, ct, 16) == 0, what);

    zc_aes_sw_decrypt(rk, rounds, ct, buf, 1);
    snprintf(what, sizeof what, "%s: decrypt", name);
    check(memcmp(buf, pt, 16) == 0, what);

    memcpy(buf, pt, 16);
    zc_aes_sw_encrypt(rk, rounds, buf, buf, 1);
    snprintf(what, sizeof what, "%s: encrypt in place", name);
    check(memcmp(buf, ct, 16) == 0, what);
    zc_aes_sw_decrypt(rk, rounds, buf, buf, 1);
    snprintf(what, sizeof what, "%s: decrypt in place", name);
    check(memcmp(buf, pt, 16) == 0, what);
}

static void aes_bad_keylen(void)
{
    uint64_t rk[ZC_AES_SW_RK_WORDS], ref[ZC_AES_SW_RK_WORDS];
    uint8_t key[40];
    static const size_t bad[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40 };
    size_t i;
    int ok = 1;

    memset(key, 0x5A, sizeof key);
    memset(ref, 0xA5, sizeof ref);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy(rk, ref, sizeof rk);
        if (zc_aes_sw_setkey(rk, key, bad[i]) != 0 || memcmp(rk, ref, sizeof rk) != 0)
            ok = 0;
    }
    check(ok, "setkey rejects bad key lengths and leaves rk untouched");
}

/* n blocks at once (out of place and in place) against one block at a time. */
static void aes_multiblock(size_t klen)
{
    enum { MAXB = 37 };
    uint64_t rk[ZC_AES_SW_RK_WORDS];
    uint8_t key[32], pt[16 * MAXB], ref[16 * MAXB], buf[16 * MAXB];
    static const size_t counts[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, MAXB };
    unsigned rounds;
    size_t c, n, i;
    char what[128];

    fill(key, klen);
    rounds = zc_aes_sw_setkey(rk, key, klen);
    fill(pt, sizeof pt);
    for (i = 0; i < MAXB; i++)
        zc_aes_sw_encrypt(rk, rounds, pt + 16 * i, ref + 16 * i, 1);

    for (c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        n = counts[c];

        memset(buf, 0xEE, sizeof buf);
        zc_aes_sw_encrypt(rk, rounds, pt, buf, n);
        snprintf(what, sizeof what, "AES-%u x%zu blocks: encrypt", (unsigned)(klen * 8), n);
        check(memcmp(buf, ref, 16 * n) == 0 && (n == MAXB || buf[16 * n] == 0xEE), what);

        zc_aes_sw_decrypt(rk, rounds, ref, buf, n);
        snprintf(what, sizeof what, "AES-%u x%zu blocks: decrypt", (unsigned)(klen * 8), n);
        check(memcmp(buf, pt, 16 * n) == 0 && (n == MAXB || buf[16 * n] == 0xEE), what);

        memcpy(buf, pt, 16 * n);
        zc_aes_sw_encrypt(rk, rounds, buf, buf, n);
        snprintf(what, sizeof what, "AES-%u x%zu blocks: encrypt in place", (unsigned)(klen * 8), n);
        check(memcmp(buf, ref, 16 * n) == 0, what);
        zc_aes_sw_decrypt(rk, rounds, buf, buf, n);
        snprintf(what, sizeof what, "AES-%u x%zu blocks: decrypt in place", (unsigned)(klen * 8), n);
        check(memcmp(buf, pt, 16 * n) == 0, what);
    }

    /* nblocks == 0 touches nothing. */
    memset(buf, 0xEE, 16);
    zc_aes_sw_encrypt(rk, rounds, pt, buf, 0);
    zc_aes_sw_decrypt(rk, rounds, pt, buf, 0);
    snprintf(what, sizeof what, "AES-%u: zero blocks is a no-op", (unsigned)(klen * 8));
    check(buf[0] == 0xEE && buf[15] == 0xEE, what);
}

/* ------------------------------------------------------------------ */
/* GHASH                                                                */
/* ------------------------------------------------------------------ */

/* GHASH(H, A, C) as GCM computes it, with the length block. */
static void ghash_full(uint8_t out[16], const uint8_t h[16], const uint8_t *a, size_t alen,
                       const uint8_t *c, size_t clen)
{
    uint8_t lens[16];
    uint64_t abits = (uint64_t)alen * 8, cbits = (uint64_t)clen * 8;
    int i;

    for (i = 0; i < 8; i++) {
        lens[i] = (uint8_t)(abits >> (56 - 8 * i));
        lens[8 + i] = (uint8_t)(cbits >> (56 - 8 * i));
    }
    memset(out, 0, 16);
    zc_ghash_sw(out, h, a, alen);
    zc_ghash_sw(out, h, c, clen);
    zc_ghash_sw(out, h, lens, 16);
}

static void ghash_kat(const char *name, const char *h_hex, const char *a_hex,
                      const char *c_hex, const char *want_hex)
{
    uint8_t h[16], a[64], c[64], want[16], got[16];
    size_t alen, clen;

    unhex(h, h_hex);
    alen = unhex(a, a_hex);
    clen = unhex(c, c_hex);
    unhex(want, want_hex);
    ghash_full(got, h, a, alen, c, clen);
    check(memcmp(got, want, 16) == 0, name);
}

static void ghash_consistency(void)
{
    uint8_t h[16], data[200], padded[208], y0[16], y1[16], y2[16];
    size_t len, split;
    int ok;

    fill(h, 16);
    fill(data, sizeof data);

    /* len == 0 leaves y alone (NULL data is allowed then). */
    fill(y0, 16);
    memcpy(y1, y0, 16);
    zc_ghash_sw(y1, h, NULL, 0);
    check(memcmp(y0, y1, 16) == 0, "GHASH: len 0 leaves y unchanged");

    /* A partial final block equals the same data explicitly zero-padded. */
    ok = 1;
    for (len = 1; len <= sizeof data; len++) {
        size_t plen = (len + 15) & ~(size_t)15;

        memset(padded, 0, sizeof padded);
        memcpy(padded, data, len);
        fill(y0, 16);
        memcpy(y1, y0, 16);
        zc_ghash_sw(y0, h, data, len);
        zc_ghash_sw(y1, h, padded, plen);
        if (memcmp(y0, y1, 16) != 0)
            ok = 0;
    }
    check(ok, "GHASH: partial block == explicit zero padding (len 1..200)");

    /* Splitting the input at block boundaries does not change the result. */
    ok = 1;
    for (split = 0; split <= 192; split += 16) {
        memset(y0, 0, 16);
        memset(y1, 0, 16);
        zc_ghash_sw(y0, h, data, 200);
        zc_ghash_sw(y1, h, data, split);
        zc_ghash_sw(y1, h, data + split, 200 - split);
        if (memcmp(y0, y1, 16) != 0)
            ok = 0;
    }
    check(ok, "GHASH: split at block boundaries == one call");

    /* Multiplication by H = 1 (0x80 00..00 in GCM's reflected encoding). */
    memset(h, 0, 16);
    h[0] = 0x80;
    memset(y0, 0, 16);
    zc_ghash_sw(y0, h, data, 16);
    check(memcmp(y0, data, 16) == 0, "GHASH: H = 1 is the identity");

    /* Linearity in the data: G(a ^ b) == G(a) ^ G(b) from y = 0. */
    fill(h, 16);
    memset(y0, 0, 16);
    memset(y1, 0, 16);
    memset(y2, 0, 16);
    {
        uint8_t a[48], b[48], ab[48];
        int i;

        fill(a, sizeof a);
        fill(b, sizeof b);
        for (i = 0; i < 48; i++)
            ab[i] = (uint8_t)(a[i] ^ b[i]);
        zc_ghash_sw(y0, h, a, 48);
        zc_ghash_sw(y1, h, b, 48);
        zc_ghash_sw(y2, h, ab, 48);
        for (i = 0; i < 16; i++)
            y0[i] = (uint8_t)(y0[i] ^ y1[i]);
        check(memcmp(y0, y2, 16) == 0, "GHASH: linear in the data");
    }
}

/* AES and GHASH together: GCM test cases 2 and 4 end to end (tag). */
static void gcm_tag_kat(const char *name, const char *k_hex, const char *iv_hex,
                        const char *a_hex, const char *c_hex, const char *tag_hex)
{
    uint64_t rk[ZC_AES_SW_RK_WORDS];
    uint8_t k[32], j0[16], a[64], c[64], tag[16], zero[16], h[16], s[16], ek[16];
    size_t klen, alen, clen;
    unsigned rounds;
    int i;

    klen = unhex(k, k_hex);
    memset(j0, 0, 16);
    unhex(j0, iv_hex);          /* 96-bit IV */
    j0[15] = 1;
    alen = unhex(a, a_hex);
    clen = unhex(c, c_hex);
    unhex(tag, tag_hex);

    rounds = zc_aes_sw_setkey(rk, k, klen);
    memset(zero, 0, 16);
    zc_aes_sw_encrypt(rk, rounds, zero, h, 1);
    ghash_full(s, h, a, alen, c, clen);
    zc_aes_sw_encrypt(rk, rounds, j0, ek, 1);
    for (i = 0; i < 16; i++)
        s[i] = (uint8_t)(s[i] ^ ek[i]);
    check(memcmp(s, tag, 16) == 0, name);
}

int main(void)
{
    /* FIPS 197 Appendix C. */
    aes_kat("FIPS-197 C.1 AES-128", "000102030405060708090a0b0c0d0e0f",
            "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a", 10);
    aes_kat("FIPS-197 C.2 AES-192", "000102030405060708090a0b0c0d0e0f1011121314151617",
            "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191", 12);
    aes_kat("FIPS-197 C.3 AES-256",
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
            "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089", 14);
    /* FIPS 197 Appendix B. */
    aes_kat("FIPS-197 B AES-128", "2b7e151628aed2a6abf7158809cf4f3c",
            "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32", 10);
    /* GCM spec test case 1/2: H = E_0(0). */
    aes_kat("AES-128 zero key, zero block", "00000000000000000000000000000000",
            "00000000000000000000000000000000", "66e94bd4ef8a2c3b884cfa59ca342b2e", 10);

    aes_bad_keylen();
    aes_multiblock(16);
    aes_multiblock(24);
    aes_multiblock(32);

    /* McGrew-Viega GCM spec, GHASH(H, A, C) values. */
    ghash_kat("GHASH GCM test case 2", "66e94bd4ef8a2c3b884cfa59ca342b2e", "",
              "0388dace60b6a392f328c2b971b2fe78", "f38cbb1ad69223dcc3457ae5b6b0f885");
    ghash_kat("GHASH GCM test case 3", "b83b533708bf535d0aa6e52980d53b78", "",
              "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
              "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
              "7f1b32b81b820d02614f8895ac1d4eac");
    ghash_kat("GHASH GCM test case 4 (partial A and C)", "b83b533708bf535d0aa6e52980d53b78",
              "feedfacedeadbeeffeedfacedeadbeefabaddad2",
              "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
              "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
              "698e57f70e6ecc7fd9463b7260a9ae5f");
    ghash_consistency();

    gcm_tag_kat("GCM test case 2 tag (AES + GHASH)", "00000000000000000000000000000000",
                "000000000000000000000000", "", "0388dace60b6a392f328c2b971b2fe78",
                "ab6e47d42cec13bdf53a67b21257bddf");
    gcm_tag_kat("GCM test case 4 tag (AES + GHASH)", "feffe9928665731c6d6a8f9467308308",
                "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
                "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
                "5bc94fbc3221a5db94fae95ae7121a47");

    return unit_done();
}
