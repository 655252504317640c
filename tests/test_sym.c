/*
 * test_sym.c - the rest of the symmetric set through the public API:
 * SHA-3/SHAKE (FIPS 202), HMAC (RFC 2202, RFC 4231), DES/TDES (FIPS 81,
 * SP 800-17, SP 800-67 and CAVP examples) and RC4 (RFC 6229): known
 * answers on every backend, backend equality with random streaming
 * splits, and bad input.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/des_kat.h"
#include "vectors/hmac_kat.h"
#include "vectors/rc4_kat.h"
#include "vectors/sha3_kat.h"
#include "modes.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };
static const enum zc_hash_alg sha3_algs[] = {
    ZC_SHA3_224, ZC_SHA3_256, ZC_SHA3_384, ZC_SHA3_512, ZC_SHAKE128, ZC_SHAKE256
};

START_TEST(sha3_kat)
{
    static uint8_t msg[256], want[600], got[600];
    size_t i, b;

    for (i = 0; i < ZC_SHA3_KAT_COUNT; i++) {
        const struct zc_sha3_kat *v = &zc_sha3_kats[i];
        enum zc_hash_alg alg = sha3_algs[v->alg];
        size_t mlen = tu_unhex(msg, sizeof msg, v->msg_hex);
        size_t olen = tu_unhex(want, sizeof want, v->out);

        if (zc_hash_size(alg))
            ck_assert_uint_eq(olen, zc_hash_size(alg));
        for (b = 0; b < 3; b++) {
            zc_hash_ctx c;
            unsigned long r;

            if (zc_hash_init(&c, alg, backends[b]) == ZC_ENOTSUP)
                continue;
            if (v->repeat > 1000 && mlen == 1) {      /* one million 'a', in chunks */
                uint8_t chunk[1000];

                memset(chunk, msg[0], sizeof chunk);
                for (r = 0; r < v->repeat / sizeof chunk; r++)
                    ck_assert_int_eq(zc_hash_update(&c, chunk, sizeof chunk), ZC_OK);
            } else {
                for (r = 0; r < v->repeat; r++)
                    ck_assert_int_eq(zc_hash_update(&c, msg, mlen), ZC_OK);
            }
            memset(got, 0, sizeof got);
            ck_assert_int_eq(zc_hash_final(&c, olen ? got : NULL, olen), ZC_OK);
            ck_assert_msg(memcmp(got, want, olen) == 0, "%s backend %s", v->name,
                          zc_backend_name(backends[b]));
        }
    }
}
END_TEST

/* SHAKE: a longer output starts with the shorter one, at every length. */
START_TEST(shake_prefix)
{
    static uint8_t longer[700], shorter[700];
    enum zc_hash_alg alg = _i ? ZC_SHAKE256 : ZC_SHAKE128;
    size_t n;

    ck_assert_int_eq(zc_hash(alg, "abc", 3, longer, sizeof longer), ZC_OK);
    for (n = 0; n <= sizeof shorter; n += (n < 200 ? 1 : 37)) {
        ck_assert_int_eq(zc_hash(alg, "abc", 3, n ? shorter : NULL, n), ZC_OK);
        ck_assert(memcmp(shorter, longer, n) == 0);
    }
}
END_TEST

START_TEST(hmac_kat)
{
    size_t i, b;

    for (i = 0; i < ZC_HMAC_KAT_COUNT; i++) {
        const struct zc_hmac_kat *v = &zc_hmac_kats[i];
        uint8_t key[200], data[200], want[64], got[64];
        size_t kl = tu_unhex(key, sizeof key, v->key), dl = tu_unhex(data, sizeof data, v->data);
        size_t ml = tu_unhex(want, sizeof want, v->mac);
        enum zc_hash_alg alg = (enum zc_hash_alg)v->alg;

        ck_assert_int_eq(zc_hmac(alg, key, kl, data, dl, got, ml), ZC_OK);
        ck_assert_msg(memcmp(got, want, ml) == 0, "%s", v->name);
        ck_assert_int_eq(zc_hmac_verify(alg, key, kl, data, dl, want, ml), ZC_OK);
        want[ml - 1] ^= 1;
        ck_assert_int_eq(zc_hmac_verify(alg, key, kl, data, dl, want, ml), ZC_EAUTH);
        want[ml - 1] ^= 1;
        for (b = 0; b < 3; b++) {
            zc_hmac_ctx c;
            size_t off;

            if (zc_hmac_init(&c, alg, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (off = 0; off < dl; off += 7)
                ck_assert_int_eq(zc_hmac_update(&c, data + off, dl - off < 7 ? dl - off : 7), ZC_OK);
            ck_assert_int_eq(zc_hmac_final_verify(&c, want, ml), ZC_OK);
        }
    }
}
END_TEST

/* Every fixed-size hash, keys around the block size, random splits. */
START_TEST(hmac_equality)
{
    static const enum zc_hash_alg algs[] = {
        ZC_SHA1, ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512, ZC_SHA512_224, ZC_SHA512_256,
        ZC_SHA3_224, ZC_SHA3_256, ZC_SHA3_384, ZC_SHA3_512
    };
    enum zc_hash_alg alg = algs[_i];
    size_t bs = zc_hash_block_size(alg), ds = zc_hash_size(alg);
    uint64_t seed = 0x4ac0u + (uint64_t)_i;
    size_t kl;

    for (kl = 0; kl <= bs + 2; kl += (kl + 2 < bs ? 23 : 1)) {
        uint8_t key[200], data[300], ref[64], got[64];
        size_t dl = (size_t)(tu_rand(&seed) % sizeof data), b;
        zc_hmac_ctx c, fork;

        tu_fill(&seed, key, kl);
        tu_fill(&seed, data, dl);
        ck_assert_int_eq(zc_hmac_init(&c, alg, kl ? key : NULL, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_hmac_update(&c, data, dl), ZC_OK);
        ck_assert_int_eq(zc_hmac_final(&c, ref, ds), ZC_OK);
        for (b = 0; b < 3; b++) {
            size_t off = 0;

            if (zc_hmac_init(&c, alg, kl ? key : NULL, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            while (off < dl) {
                size_t n = (size_t)(tu_rand(&seed) % 90);

                n = n > dl - off ? dl - off : n;
                ck_assert_int_eq(zc_hmac_update(&c, data + off, n), ZC_OK);
                off += n;
            }
            fork = c;
            ck_assert_int_eq(zc_hmac_final(&c, got, ds), ZC_OK);
            ck_assert_msg(memcmp(got, ref, ds) == 0, "%s key %zu backend %s", zc_hash_name(alg), kl,
                          zc_backend_name(backends[b]));
            ck_assert_int_eq(zc_hmac_final(&fork, got, ds / 2), ZC_OK);   /* truncation: prefix */
            ck_assert(memcmp(got, ref, ds / 2) == 0);
        }
    }
}
END_TEST

START_TEST(hmac_bad_input)
{
    uint8_t out[64];
    zc_hmac_ctx c;

    ck_assert_int_eq(zc_hmac(ZC_SHAKE128, (const uint8_t *)"k", 1, "d", 1, out, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac_init(&c, ZC_SHAKE256, (const uint8_t *)"k", 1, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac(ZC_SHA256, NULL, 5, "d", 1, out, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac(ZC_SHA256, NULL, 0, "d", 1, out, 32), ZC_OK);
    ck_assert_int_eq(zc_hmac(ZC_SHA256, (const uint8_t *)"k", 1, NULL, 1, out, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac(ZC_SHA256, (const uint8_t *)"k", 1, "d", 1, out, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac(ZC_SHA256, (const uint8_t *)"k", 1, "d", 1, out, 33), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac(ZC_SHA256, (const uint8_t *)"k", 1, "d", 1, NULL, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac((enum zc_hash_alg)77, (const uint8_t *)"k", 1, "d", 1, out, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac_init(NULL, ZC_SHA256, NULL, 0, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac_verify(ZC_SHA256, NULL, 0, "d", 1, NULL, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac_verify(ZC_SHA256, NULL, 0, NULL, 1, out, 32), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac_verify(ZC_SHAKE128, NULL, 0, "d", 1, out, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_hmac_verify(ZC_SHA256, NULL, 0, "d", 1, out, 33), ZC_EINVAL);
    memset(&c, 0, sizeof c);
    ck_assert_int_eq(zc_hmac_update(&c, "d", 1), ZC_ESTATE);
    ck_assert_int_eq(zc_hmac_final(&c, out, 32), ZC_ESTATE);
    ck_assert_int_eq(zc_hmac_init(&c, ZC_SHA256, NULL, 0, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_hmac_final(&c, out, 40), ZC_EINVAL);     /* context kept */
    ck_assert_int_eq(zc_hmac_final(&c, out, 32), ZC_OK);
    ck_assert_int_eq(zc_hmac_update(&c, "d", 1), ZC_ESTATE);      /* wiped by final */
    ck_assert_int_eq(zc_hmac_backend(&c), ZC_BACKEND_AUTO);
    ck_assert_int_eq(zc_hmac_final_verify(&c, out, 32), ZC_ESTATE);
    ck_assert_int_eq(zc_hmac_final_verify(NULL, out, 32), ZC_EINVAL);
    zc_hmac_wipe(NULL);
}
END_TEST

/*
 * Verification takes tags of 8 bytes or more (a shorter one is forgeable
 * by guessing); computing a truncated MAC still takes 1..digest size.
 */
START_TEST(hmac_verify_min_tag)
{
    static const uint8_t key[] = "key";
    uint8_t mac[32], bad[32];
    size_t t;
    zc_hmac_ctx c;

    ck_assert_int_eq(zc_hmac(ZC_SHA256, key, 3, "data", 4, mac, 32), ZC_OK);
    for (t = 1; t <= 32; t++) {
        uint8_t got[32];
        int want = t < ZC_MAC_VERIFY_MIN ? ZC_EINVAL : ZC_OK;

        ck_assert_int_eq(zc_hmac(ZC_SHA256, key, 3, "data", 4, got, t), ZC_OK);
        ck_assert(memcmp(got, mac, t) == 0);
        ck_assert_int_eq(zc_hmac_verify(ZC_SHA256, key, 3, "data", 4, mac, t), want);
        ck_assert_int_eq(zc_hmac_init(&c, ZC_SHA256, key, 3, ZC_BACKEND_AUTO), ZC_OK);
        ck_assert_int_eq(zc_hmac_update(&c, "data", 4), ZC_OK);
        ck_assert_int_eq(zc_hmac_final_verify(&c, mac, t), want);
        if (want != ZC_OK)      /* refused before finishing: the context is kept */
            ck_assert_int_eq(zc_hmac_final_verify(&c, mac, 32), ZC_OK);
        ck_assert_int_eq(zc_hmac_update(&c, "d", 1), ZC_ESTATE);
    }
    /* a wrong byte anywhere in the compared prefix is caught; beyond it, not */
    for (t = 0; t < 32; t++) {
        memcpy(bad, mac, 32);
        bad[t] ^= 0x80;
        ck_assert_int_eq(zc_hmac_verify(ZC_SHA256, key, 3, "data", 4, bad, 32), ZC_EAUTH);
        if (t >= ZC_MAC_VERIFY_MIN)
            ck_assert_int_eq(zc_hmac_verify(ZC_SHA256, key, 3, "data", 4, bad, t), ZC_OK);
    }
}
END_TEST

START_TEST(des_kat)
{
    size_t i, b;

    for (i = 0; i < ZC_DES_KAT_COUNT; i++) {
        const struct zc_des_kat *v = &zc_des_kats[i];
        uint8_t key[24], iv0[8], iv[8], pt[64], ct[64], got[64];
        size_t kl = tu_unhex(key, sizeof key, v->key), n = tu_unhex(pt, sizeof pt, v->pt);

        tu_unhex(iv0, sizeof iv0, v->iv);
        ck_assert_uint_eq(tu_unhex(ct, sizeof ct, v->ct), n);
        for (b = 0; b < 3; b++) {
            zc_des_key k;
            int enc;

            if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            for (enc = 0; enc < 2; enc++) {
                int rc;

                memcpy(iv, iv0, 8);
                rc = tu_des_mode(v->mode, enc, &k, iv, enc ? pt : ct, got, n);
                if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                    continue;
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert_msg(memcmp(got, enc ? ct : pt, n) == 0, "%s enc %d backend %s", v->name,
                              enc, zc_backend_name(backends[b]));
            }
            zc_des_key_wipe(&k);
        }
    }
}
END_TEST

START_TEST(des_equality)
{
    static uint8_t in[400], ref[400], got[400];
    static const size_t kls[] = { 8, 16, 24 };
    size_t kl = kls[_i % 3], len, b;
    int mode = _i / 3 + 1;
    uint64_t seed = 0xde5u + (uint64_t)_i;

    /* stream modes: every length up to 40, then steps of 7 */
    for (len = 0; len <= sizeof in;
         len += mode >= ZC_DES_KAT_CFB ? (len < 40 ? 1 : 7) : 8) {
        uint8_t key[24], iv0[8], iv[8], ivr[8];
        zc_des_key sw;
        int enc;

        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, iv0, 8);
        tu_fill(&seed, in, len);
        ck_assert_int_eq(zc_des_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        for (enc = 0; enc < 2; enc++) {
            memcpy(ivr, iv0, 8);
            ck_assert_int_eq(tu_des_mode(mode, enc, &sw, ivr, in, ref, len), ZC_OK);
            for (b = 0; b < 2; b++) {
                zc_des_key k;
                size_t off = 0;
                int rc = ZC_OK;

                if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                    continue;
                memcpy(iv, iv0, 8);
                memcpy(got, in, len);
                while (rc == ZC_OK && off < len) {      /* in place, random pieces */
                    size_t n = (size_t)(tu_rand(&seed) % 6) * 8;

                    n = (n == 0 || n > len - off) ? len - off : n;
                    rc = tu_des_mode(mode, enc, &k, iv, got + off, got + off, n);
                    off += n;
                }
                if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                    continue;
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert(memcmp(got, ref, len) == 0);
                if (mode != ZC_DES_KAT_ECB)
                    ck_assert(memcmp(iv, ivr, 8) == 0);
            }
        }
        zc_des_key_wipe(&sw);
    }
}
END_TEST

/* CMAC: published (and legacy single-DES) answers on every backend,
 * truncated tags, backend equality on random lengths, bad input. */
START_TEST(des_cmac)
{
    static uint8_t msg[300];
    uint64_t seed = 0xc3ac;
    size_t i, b, len;

    for (i = 0; i < ZC_DES_CMAC_KAT_COUNT; i++) {
        const struct zc_des_cmac_kat *v = &zc_des_cmac_kats[i];
        uint8_t key[24], m[32], tag[8], got[8];
        size_t kl = tu_unhex(key, sizeof key, v->key), n = tu_unhex(m, sizeof m, v->msg);

        tu_unhex(tag, sizeof tag, v->tag);
        for (b = 0; b < 3; b++) {
            zc_des_key k;
            int rc;

            if (zc_des_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            rc = zc_des_cmac(&k, n ? m : NULL, n, got, 8);
            if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                continue;
            ck_assert_int_eq(rc, ZC_OK);
            ck_assert_msg(memcmp(got, tag, 8) == 0, "%s backend %s", v->name,
                          zc_backend_name(backends[b]));
            memset(got, 0, sizeof got);
            ck_assert_int_eq(zc_des_cmac(&k, m, n, got, 3), ZC_OK);
            ck_assert(memcmp(got, tag, 3) == 0 && got[3] == 0);
            zc_des_key_wipe(&k);
        }
    }
    for (len = 0; len <= sizeof msg; len += len < 40 ? 1 : 13) {
        uint8_t key[24], ref[8], got[8];
        size_t kl = 8 * (1 + len % 3);
        zc_des_key sw, k;

        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, msg, len);
        ck_assert_int_eq(zc_des_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        ck_assert_int_eq(zc_des_cmac(&sw, msg, len, ref, 8), ZC_OK);
        if (zc_des_key_init(&k, key, kl, ZC_BACKEND_CPACF) == ZC_OK) {
            int rc = zc_des_cmac(&k, msg, len, got, 8);

            if (rc != ZC_ENOTSUP) {
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert_msg(memcmp(got, ref, 8) == 0, "CMAC len %zu key %zu", len, kl);
            }
        }
        ck_assert_int_eq(zc_des_key_init(&k, key, kl, ZC_BACKEND_AUTO), ZC_OK);
        ck_assert_int_eq(zc_des_cmac(&k, msg, len, got, 8), ZC_OK);
        ck_assert(memcmp(got, ref, 8) == 0);
        /* bad input: nothing written */
        memset(got, 0x5a, sizeof got);
        ck_assert_int_eq(zc_des_cmac(&k, msg, len, got, 0), ZC_EINVAL);
        ck_assert_int_eq(zc_des_cmac(&k, msg, len, got, 9), ZC_EINVAL);
        ck_assert_int_eq(zc_des_cmac(&k, msg, len, NULL, 8), ZC_EINVAL);
        ck_assert_int_eq(zc_des_cmac(NULL, msg, len, got, 8), ZC_EINVAL);
        ck_assert_int_eq(zc_des_cmac(&k, NULL, 1, got, 8), ZC_EINVAL);
        for (i = 0; i < 8; i++)
            ck_assert_uint_eq(got[i], 0x5a);
        zc_des_key_wipe(&sw);
        zc_des_key_wipe(&k);
    }
}
END_TEST

/* Two-key TDES is three-key with K3 = K1; K1 = K2 = K3 is single DES. */
START_TEST(des_key_forms)
{
    uint8_t k24[24], blk[32], a[32], b[32];
    uint64_t seed = 77;
    zc_des_key k1, k2;

    tu_fill(&seed, k24, 16);
    memcpy(k24 + 16, k24, 8);
    tu_fill(&seed, blk, sizeof blk);
    ck_assert_int_eq(zc_des_key_init(&k1, k24, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_des_key_init(&k2, k24, 24, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k1, blk, a, 32), ZC_OK);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k2, blk, b, 32), ZC_OK);
    ck_assert(memcmp(a, b, 32) == 0);
    memcpy(k24 + 8, k24, 8);
    memcpy(k24 + 16, k24, 8);
    ck_assert_int_eq(zc_des_key_init(&k1, k24, 8, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_des_key_init(&k2, k24, 24, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k1, blk, a, 32), ZC_OK);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k2, blk, b, 32), ZC_OK);
    ck_assert(memcmp(a, b, 32) == 0);
    zc_des_key_wipe(&k1);
    zc_des_key_wipe(&k2);
}
END_TEST

START_TEST(des_bad_input)
{
    static const uint8_t key[24];
    uint8_t iv[8] = { 0 }, buf[32], sentinel[32];
    zc_des_key k;
    const uint8_t *p = (const uint8_t *)&k;
    size_t i;

    memset(buf, 0x5a, sizeof buf);
    memcpy(sentinel, buf, sizeof buf);
    ck_assert_int_eq(zc_des_key_init(&k, key, 7, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(&k, key, 12, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(&k, key, 32, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(&k, NULL, 8, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(NULL, key, 8, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(&k, key, 8, (enum zc_backend)9), ZC_EINVAL);
    memset(&k, 0, sizeof k);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k, buf, buf, 8), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(&k, key, 24, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k, buf, buf, 7), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ecb_decrypt(&k, buf, buf, 9), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cbc_encrypt(&k, iv, buf, buf, 12), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cbc_decrypt(&k, NULL, buf, buf, 8), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cfb_encrypt(&k, NULL, buf, buf, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ofb_crypt(&k, iv, NULL, buf, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ctr_crypt(&k, iv, buf, NULL, 3), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cfb_decrypt(&k, iv, buf + 1, buf, 9), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ctr_crypt(NULL, iv, buf, buf, 8), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k, NULL, buf, 8), ZC_EINVAL);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k, buf, buf + 8, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_des_cbc_encrypt(&k, iv, buf + 4, buf, 16), ZC_EINVAL);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
    for (i = 0; i < 8; i++)
        ck_assert_uint_eq(iv[i], 0);
    ck_assert_int_eq(zc_des_ecb_encrypt(&k, NULL, NULL, 0), ZC_OK);
    zc_des_key_wipe(&k);
    for (i = 0; i < sizeof k; i++)
        ck_assert_uint_eq(p[i], 0);
    ck_assert_int_eq(zc_des_key_backend(&k), ZC_BACKEND_AUTO);
    zc_des_key_wipe(NULL);
}
END_TEST

START_TEST(rc4_kat)
{
    static uint8_t zero[4112], ks[4112];
    size_t i;

    for (i = 0; i < ZC_RC4_KAT_COUNT; i++) {
        const struct zc_rc4_kat *v = &zc_rc4_kats[i];
        uint8_t key[64], want[16];
        size_t kl = tu_unhex(key, sizeof key, v->key), n = tu_unhex(want, sizeof want, v->keystream);
        zc_rc4_ctx c;

        ck_assert_uint_le(v->offset + n, sizeof ks);
        ck_assert_int_eq(zc_rc4_init(&c, key, kl), ZC_OK);
        /* the stream in two pieces split at the offset */
        ck_assert_int_eq(zc_rc4_crypt(&c, zero, ks, v->offset), ZC_OK);
        ck_assert_int_eq(zc_rc4_crypt(&c, zero, ks + v->offset, n), ZC_OK);
        ck_assert_msg(memcmp(ks + v->offset, want, n) == 0, "%s", v->name);
        zc_rc4_wipe(&c);
    }
}
END_TEST

START_TEST(rc4_bad_input)
{
    static const uint8_t key[257];
    uint8_t buf[16];
    zc_rc4_ctx c;

    ck_assert_int_eq(zc_rc4_init(&c, key, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_rc4_init(&c, key, 257), ZC_EINVAL);
    ck_assert_int_eq(zc_rc4_init(&c, NULL, 5), ZC_EINVAL);
    ck_assert_int_eq(zc_rc4_init(NULL, key, 5), ZC_EINVAL);
    memset(&c, 0, sizeof c);
    ck_assert_int_eq(zc_rc4_crypt(&c, buf, buf, 4), ZC_ESTATE);
    ck_assert_int_eq(zc_rc4_init(&c, key, 256), ZC_OK);
    ck_assert_int_eq(zc_rc4_init(&c, key, 1), ZC_OK);
    ck_assert_int_eq(zc_rc4_crypt(&c, NULL, buf, 4), ZC_EINVAL);
    ck_assert_int_eq(zc_rc4_crypt(&c, buf, buf + 1, 4), ZC_EINVAL);
    ck_assert_int_eq(zc_rc4_crypt(&c, NULL, NULL, 0), ZC_OK);
    zc_rc4_wipe(&c);
    ck_assert_int_eq(zc_rc4_crypt(&c, buf, buf, 4), ZC_ESTATE);
    zc_rc4_wipe(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("symmetric");
    TCase *tc = tcase_create("sha3-hmac-des-rc4");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, sha3_kat);
    tcase_add_loop_test(tc, shake_prefix, 0, 2);
    tcase_add_test(tc, hmac_kat);
    tcase_add_loop_test(tc, hmac_equality, 0, 11);
    tcase_add_test(tc, hmac_bad_input);
    tcase_add_test(tc, hmac_verify_min_tag);
    tcase_add_test(tc, des_kat);
    tcase_add_loop_test(tc, des_equality, 0, 15);
    tcase_add_test(tc, des_cmac);
    tcase_add_test(tc, des_key_forms);
    tcase_add_test(tc, des_bad_input);
    tcase_add_test(tc, rc4_kat);
    tcase_add_test(tc, rc4_bad_input);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
