/*
 * bm_tests_aes.c - AES on the bare-metal tier: every mode and key size
 * with ZC_BACKEND_CPACF keys through the public API (a CPACF key never
 * falls back to software, so a pass means the instruction computed it),
 * on the published vectors and on random inputs compared with the
 * software backend inside the same run.
 */
#include <zcrypt.h>

#include <string.h>

#include "bm.h"
#include "bm_tests.h"
#include "../testutil.h"
#include "../vectors/aes_kat.h"
#include "../vectors/ccm_kat.h"
#include "../modes.h"

static const char *const mode_names[] = { "", "ECB", "CBC", "CFB", "OFB", "CTR", "CFB8" };

static void test_aes_kats(void)
{
    size_t i;
    char name[80];

    for (i = 0; i < ZC_AES_KAT_COUNT; i++) {
        const struct zc_aes_kat *v = &zc_aes_kats[i];
        uint8_t key[32], iv0[16], iv[16], pt[64], ct[64], got[64];
        size_t kl = tu_unhex(key, sizeof key, v->key), n = tu_unhex(pt, sizeof pt, v->pt);
        zc_aes_key k;
        int rc, ok = 0;

        tu_unhex(ct, sizeof ct, v->ct);
        tu_unhex(iv0, sizeof iv0, v->iv);
        rc = zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF);
        if (rc == ZC_OK) {
            memcpy(iv, iv0, 16);
            rc = tu_aes_mode(v->mode, 1, &k, iv, pt, got, n);
            ok = rc == ZC_OK && memcmp(got, ct, n) == 0;
            memcpy(iv, iv0, 16);
            rc = rc ? rc : tu_aes_mode(v->mode, 0, &k, iv, ct, got, n);
            ok = ok && rc == ZC_OK && memcmp(got, pt, n) == 0;
            if (v->mode == ZC_KAT_CTR) {    /* one block a call: KMCTR's short call */
                size_t off;

                memcpy(iv, iv0, 16);
                for (off = 0; off < n && rc == ZC_OK; off += 16)
                    rc = zc_aes_ctr_crypt(&k, iv, pt + off, got + off, 16);
                ok = ok && rc == ZC_OK && memcmp(got, ct, n) == 0;
            }
            zc_aes_key_wipe(&k);
        }
        bm_result(bm_name(name, sizeof name, "aes-kat-cpacf", v->name), ok,
                  rc == ZC_OK ? NULL : zc_strerror(rc));
    }
}

/* Random keys, IVs and lengths of every class, in random whole-block
 * pieces: the CPACF key must give the software key's output and IV. */
static void test_aes_random(void)
{
    static uint8_t in[600], ref[600], got[600];
    static const size_t kls[] = { 16, 24, 32 };
    uint64_t seed = 0xae5u;
    int mode;
    unsigned ki;
    char name[80], sz[8];

    for (mode = ZC_KAT_ECB; mode <= ZC_KAT_CFB8; mode++) {
        for (ki = 0; ki < 3; ki++) {
            int ok = 1, round;

            /* CFB-8 in software is one block per byte: fewer rounds. */
            for (round = 0; round < (mode == ZC_KAT_CFB8 ? 6 : 24) && ok; round++) {
                uint8_t key[32], iv0[16], iv[16], ivr[16];
                size_t len = round < 8 ? (size_t)round * 7 : (size_t)(tu_rand(&seed) % sizeof in);
                size_t off = 0;
                zc_aes_key hw, sw;
                int enc = round & 1;

                if (mode <= ZC_KAT_CBC)
                    len &= ~(size_t)15;
                tu_fill(&seed, key, sizeof key);
                tu_fill(&seed, iv0, 16);
                tu_fill(&seed, in, len);
                if (zc_aes_key_init(&hw, key, kls[ki], ZC_BACKEND_CPACF) ||
                    zc_aes_key_init(&sw, key, kls[ki], ZC_BACKEND_SOFTWARE)) {
                    ok = 0;
                    break;
                }
                memcpy(ivr, iv0, 16);
                ok = tu_aes_mode(mode, enc, &sw, ivr, in, ref, len) == ZC_OK;
                memcpy(iv, iv0, 16);
                while (ok && off < len) {
                    size_t n = (size_t)(tu_rand(&seed) % 6) * 16;

                    if (n == 0 || n >= len - off || len - off - n < 16)
                        n = len - off;
                    ok = tu_aes_mode(mode, enc, &hw, iv, in + off, got + off, n) == ZC_OK;
                    off += n;
                }
                ok = ok && memcmp(got, ref, len) == 0 && (mode == ZC_KAT_ECB || memcmp(iv, ivr, 16) == 0);
                zc_aes_key_wipe(&hw);
                zc_aes_key_wipe(&sw);
            }
            sz[0] = (char)('0' + kls[ki] * 8 / 100);
            sz[1] = (char)('0' + kls[ki] * 8 / 10 % 10);
            sz[2] = (char)('0' + kls[ki] * 8 % 10);
            sz[3] = '\0';
            bm_result(bm_name3(name, sizeof name, "aes-random", mode_names[mode], sz), ok,
                      "cpacf equals software");
        }
    }
}

static void test_gcm(void)
{
    size_t i;
    char name[80];

    for (i = 0; i < ZC_GCM_KAT_COUNT; i++) {
        const struct zc_gcm_kat *v = &zc_gcm_kats[i];
        uint8_t key[32], iv[64], aad[64], pt[64], ct[64], tag[16], got[64], gtag[16];
        size_t kl = tu_unhex(key, sizeof key, v->key), ivl = tu_unhex(iv, sizeof iv, v->iv);
        size_t al = tu_unhex(aad, sizeof aad, v->aad), n = tu_unhex(pt, sizeof pt, v->pt);
        zc_aes_key k;
        int rc, ok = 0;

        tu_unhex(ct, sizeof ct, v->ct);
        tu_unhex(tag, sizeof tag, v->tag);
        rc = zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF);
        if (rc == ZC_OK) {
            ok = zc_aes_mode_backend(&k, ZC_AES_GCM) == ZC_BACKEND_CPACF;
            rc = zc_aes_gcm_encrypt(&k, iv, ivl, aad, al, pt, got, n, gtag, 16);
            ok = ok && rc == ZC_OK && memcmp(got, ct, n) == 0 && memcmp(gtag, tag, 16) == 0;
            rc = rc ? rc : zc_aes_gcm_decrypt(&k, iv, ivl, aad, al, ct, got, n, tag, 16);
            ok = ok && rc == ZC_OK && memcmp(got, pt, n) == 0;
            tag[0] ^= 1;
            ok = ok && zc_aes_gcm_decrypt(&k, iv, ivl, aad, al, ct, got, n, tag, 16) == ZC_EAUTH;
            zc_aes_key_wipe(&k);
        }
        bm_result(bm_name(name, sizeof name, "gcm-kat-cpacf", v->name), ok,
                  rc == ZC_OK ? NULL : zc_strerror(rc));
    }
}

/* Random GCM on CPACF keys against software: IV lengths 12 and others,
 * texts beyond the 1 KiB counter chunk, streamed in random pieces. */
static void test_gcm_random(void)
{
    static uint8_t in[2100], ref[2100], got[2100], aad[80];
    uint64_t seed = 0x6c3u;
    unsigned ki;
    char name[80];

    for (ki = 0; ki < 3; ki++) {
        size_t kl = 16 + 8 * ki;
        int ok = 1, round;

        for (round = 0; round < 16 && ok; round++) {
            uint8_t key[32], iv[40], rtag[16], tag[16];
            size_t len = (size_t)(tu_rand(&seed) % sizeof in), al = (size_t)(tu_rand(&seed) % sizeof aad);
            size_t ivl = round % 4 ? 12 : 1 + (size_t)(tu_rand(&seed) % sizeof iv), off = 0;
            zc_aes_key hw, sw;
            zc_aes_gcm_ctx c;

            tu_fill(&seed, key, kl);
            tu_fill(&seed, iv, ivl);
            tu_fill(&seed, aad, al);
            tu_fill(&seed, in, len);
            ok = zc_aes_key_init(&hw, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                 zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_aes_gcm_encrypt(&sw, iv, ivl, aad, al, in, ref, len, rtag, 16) == ZC_OK &&
                 zc_aes_gcm_encrypt(&hw, iv, ivl, aad, al, in, got, len, tag, 16) == ZC_OK &&
                 memcmp(got, ref, len) == 0 && memcmp(tag, rtag, 16) == 0;
            ok = ok && zc_aes_gcm_init(&c, &hw, iv, ivl, 1) == ZC_OK &&
                 zc_aes_gcm_aad(&c, aad, al) == ZC_OK;
            while (ok && off < len) {
                size_t n = (size_t)(tu_rand(&seed) % 3 ? tu_rand(&seed) % 50 : tu_rand(&seed) % 1300);

                n = n > len - off ? len - off : n;
                ok = zc_aes_gcm_update(&c, ref + off, got + off, n) == ZC_OK;
                off += n;
            }
            ok = ok && zc_aes_gcm_final_verify(&c, rtag, 16) == ZC_OK && memcmp(got, in, len) == 0;
        }
        bm_result(bm_name(name, sizeof name, "gcm-random", kl == 16 ? "128" : kl == 24 ? "192" : "256"),
                  ok, "cpacf equals software, one-shot and streamed");
    }
}

typedef int (*xts_fn)(const zc_aes_key *, const zc_aes_key *, const uint8_t *,
                      const uint8_t *, uint8_t *, size_t);

static void test_xts(void)
{
    static uint8_t pt[600], ct[600], got[600], ref[600];
    uint64_t seed = 0x757u;
    size_t i, kl;
    char name[80];

    for (i = 0; i < ZC_XTS_KAT_COUNT; i++) {
        const struct zc_xts_kat *v = &zc_xts_kats[i];
        uint8_t k1b[32], k2b[32], tw[16];
        size_t n;
        zc_aes_key k1, k2;
        int dir, ok;

        kl = tu_unhex(k1b, sizeof k1b, v->key1);
        tu_unhex(k2b, sizeof k2b, v->key2);
        tu_unhex(tw, sizeof tw, v->tweak);
        n = tu_unhex(pt, sizeof pt, v->pt);
        tu_unhex(ct, sizeof ct, v->ct);
        ok = zc_aes_key_init(&k1, k1b, kl, ZC_BACKEND_CPACF) == ZC_OK &&
             zc_aes_key_init(&k2, k2b, kl, ZC_BACKEND_CPACF) == ZC_OK &&
             zc_aes_mode_backend(&k1, ZC_AES_XTS) == ZC_BACKEND_CPACF;
        for (dir = 0; ok && dir < 2; dir++) {
            xts_fn f = dir ? zc_aes_xts_encrypt : zc_aes_xts_decrypt;

            if (dir && memcmp(k1b, k2b, kl) == 0) {
                /* key1 == key2 (Vector 1): a decryption known answer;
                 * encryption is refused, nothing written */
                memset(got, 0xa5, n);
                ok = f(&k1, &k2, tw, pt, got, n) == ZC_EINVAL && got[0] == 0xa5 &&
                     got[n - 1] == 0xa5;
                bm_result(bm_name(name, sizeof name, "xts-equal-keys-refused", v->name), ok,
                          NULL);
                break;
            }
            ok = f(&k1, &k2, tw, dir ? pt : ct, got, n) == ZC_OK &&
                 memcmp(got, dir ? ct : pt, n) == 0;
            memcpy(got, dir ? pt : ct, n);                 /* in place */
            ok = ok && f(&k1, &k2, tw, got, got, n) == ZC_OK && memcmp(got, dir ? ct : pt, n) == 0;
        }
        bm_result(bm_name(name, sizeof name, "xts-kat-cpacf", v->name), ok, NULL);
    }
    for (kl = 16; kl <= 32; kl += 16) {
        size_t len;
        int ok = 1;

        for (len = 16; len <= 400 && ok; len += (len < 70 ? 1 : 13)) {
            uint8_t k1b[32], k2b[32], tw[16];
            zc_aes_key h1, h2, s1, s2;
            int dir;

            tu_fill(&seed, k1b, kl);
            tu_fill(&seed, k2b, kl);
            tu_fill(&seed, tw, 16);
            tu_fill(&seed, pt, len);
            ok = zc_aes_key_init(&h1, k1b, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                 zc_aes_key_init(&h2, k2b, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                 zc_aes_key_init(&s1, k1b, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_aes_key_init(&s2, k2b, kl, ZC_BACKEND_SOFTWARE) == ZC_OK;
            for (dir = 0; ok && dir < 2; dir++) {
                xts_fn f = dir ? zc_aes_xts_encrypt : zc_aes_xts_decrypt;

                ok = f(&s1, &s2, tw, pt, ref, len) == ZC_OK && f(&h1, &h2, tw, pt, got, len) == ZC_OK &&
                     memcmp(ref, got, len) == 0;
            }
        }
        bm_result(bm_name(name, sizeof name, "xts-random", kl == 16 ? "128" : "256"), ok,
                  "cpacf equals software, lengths 16..400");
    }
}

static void test_cmac(void)
{
    static uint8_t msg[300];
    uint64_t seed = 0xc3ac;
    size_t i, kl;
    char name[80];

    for (i = 0; i < ZC_CMAC_KAT_COUNT; i++) {
        const struct zc_cmac_kat *v = &zc_cmac_kats[i];
        uint8_t key[32], want[16], tag[16];
        size_t n, off;
        zc_aes_key k;
        zc_aes_cmac_ctx c;
        int ok;

        kl = tu_unhex(key, sizeof key, v->key);
        n = tu_unhex(msg, sizeof msg, v->msg);
        tu_unhex(want, sizeof want, v->tag);
        ok = zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
             zc_aes_cmac_init(&c, &k) == ZC_OK && zc_aes_cmac_backend(&c) == ZC_BACKEND_CPACF;
        for (off = 0; ok && off < n; off++)                 /* byte by byte */
            ok = zc_aes_cmac_update(&c, msg + off, 1) == ZC_OK;
        ok = ok && zc_aes_cmac_final(&c, tag, 16) == ZC_OK && memcmp(tag, want, 16) == 0;
        ok = ok && zc_aes_cmac(&k, n ? msg : NULL, n, tag, 16) == ZC_OK && memcmp(tag, want, 16) == 0;
        bm_result(bm_name(name, sizeof name, "cmac-kat-cpacf", v->name), ok, NULL);
    }
    for (kl = 16; kl <= 32; kl += 8) {
        size_t len;
        int ok = 1;

        for (len = 0; len <= sizeof msg && ok; len += (len < 70 ? 1 : 11)) {
            uint8_t key[32], a[16], b[16];
            zc_aes_key h, sw;
            zc_aes_cmac_ctx c;
            size_t off = 0;

            tu_fill(&seed, key, kl);
            tu_fill(&seed, msg, len);
            ok = zc_aes_key_init(&h, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                 zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_aes_cmac(&sw, msg, len, a, 16) == ZC_OK && zc_aes_cmac_init(&c, &h) == ZC_OK;
            while (ok && off < len) {
                size_t n = (size_t)(tu_rand(&seed) % 40);

                n = n > len - off ? len - off : n;
                ok = zc_aes_cmac_update(&c, msg + off, n) == ZC_OK;
                off += n;
            }
            ok = ok && zc_aes_cmac_final(&c, b, 16) == ZC_OK && memcmp(a, b, 16) == 0;
        }
        bm_result(bm_name(name, sizeof name, "cmac-random",
                          kl == 16 ? "128" : kl == 24 ? "192" : "256"), ok,
                  "cpacf equals software, random splits");
    }
}

/* CCM on KMAC + KMCTR: the SP 800-38C and RFC 3610 answers, and a wrong
 * tag that must zero the output. */
static void test_ccm(void)
{
    static uint8_t aad[ZC_CCM_KAT_C4_AAD_LEN];
    size_t i, j;
    char name[80];

    for (i = 0; i < ZC_CCM_KAT_COUNT; i++) {
        const struct zc_ccm_kat *v = &zc_ccm_kats[i];
        uint8_t key[32], nonce[13], pt[64], ct[64], tag[16], got[64], gtag[16];
        size_t kl = tu_unhex(key, sizeof key, v->key), nl = tu_unhex(nonce, sizeof nonce, v->nonce);
        size_t n = tu_unhex(pt, sizeof pt, v->pt), tl = tu_unhex(tag, sizeof tag, v->tag), al;
        zc_aes_key k;
        int rc, ok = 0;

        tu_unhex(ct, sizeof ct, v->ct);
        if (v->aad_gen) {
            for (j = 0; j < v->aad_gen; j++)
                aad[j] = (uint8_t)j;
            al = v->aad_gen;
        } else {
            al = tu_unhex(aad, sizeof aad, v->aad);
        }
        rc = zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF);
        if (rc == ZC_OK) {
            ok = zc_aes_mode_backend(&k, ZC_AES_CCM) == ZC_BACKEND_CPACF;
            rc = zc_aes_ccm_encrypt(&k, nonce, nl, aad, al, pt, got, n, gtag, tl);
            ok = ok && rc == ZC_OK && memcmp(got, ct, n) == 0 && memcmp(gtag, tag, tl) == 0;
            memcpy(got, ct, n);                             /* in place */
            rc = rc ? rc : zc_aes_ccm_decrypt(&k, nonce, nl, aad, al, got, got, n, tag, tl);
            ok = ok && rc == ZC_OK && memcmp(got, pt, n) == 0;
            tag[tl - 1] ^= 1;
            ok = ok && zc_aes_ccm_decrypt(&k, nonce, nl, aad, al, ct, got, n, tag, tl) == ZC_EAUTH;
            for (j = 0; j < n && ok; j++)
                ok = got[j] == 0;
            zc_aes_key_wipe(&k);
        }
        bm_result(bm_name(name, sizeof name, "ccm-kat-cpacf", v->name), ok,
                  rc == ZC_OK ? NULL : zc_strerror(rc));
    }
}

/* Random CCM on CPACF keys against software: every nonce and tag length,
 * AAD and payloads beyond one 512-byte chunk. */
static void test_ccm_random(void)
{
    static uint8_t in[1200], ref[1200], got[1200], aad[300];
    uint64_t seed = 0xcc3u;
    unsigned ki;
    char name[80];

    for (ki = 0; ki < 3; ki++) {
        size_t kl = 16 + 8 * ki;
        int ok = 1, round;

        for (round = 0; round < 21 && ok; round++) {
            uint8_t key[32], nonce[13], rtag[16], tag[16];
            size_t len = (size_t)(tu_rand(&seed) % sizeof in), al = (size_t)(tu_rand(&seed) % sizeof aad);
            size_t nl = 7 + (size_t)round % 7, tl = 4 + 2 * ((size_t)(round + ki) % 7);
            zc_aes_key hw, sw;

            tu_fill(&seed, key, kl);
            tu_fill(&seed, nonce, nl);
            tu_fill(&seed, aad, al);
            tu_fill(&seed, in, len);
            ok = zc_aes_key_init(&hw, key, kl, ZC_BACKEND_CPACF) == ZC_OK &&
                 zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_aes_ccm_encrypt(&sw, nonce, nl, aad, al, in, ref, len, rtag, tl) == ZC_OK &&
                 zc_aes_ccm_encrypt(&hw, nonce, nl, aad, al, in, got, len, tag, tl) == ZC_OK &&
                 memcmp(got, ref, len) == 0 && memcmp(tag, rtag, tl) == 0 &&
                 zc_aes_ccm_decrypt(&hw, nonce, nl, aad, al, ref, got, len, rtag, tl) == ZC_OK &&
                 memcmp(got, in, len) == 0;
            zc_aes_key_wipe(&hw);
            zc_aes_key_wipe(&sw);
        }
        bm_result(bm_name(name, sizeof name, "ccm-random", kl == 16 ? "128" : kl == 24 ? "192" : "256"),
                  ok, "cpacf equals software, every nonce and tag length");
    }
}

void bm_tests_aes(void)
{
    test_aes_kats();
    test_aes_random();
    test_gcm();
    test_gcm_random();
    test_xts();
    test_cmac();
    test_ccm();
    test_ccm_random();
}
