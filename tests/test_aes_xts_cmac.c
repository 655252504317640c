/*
 * test_aes_xts_cmac.c - XTS-AES and AES-CMAC through the public API:
 * published known answers (IEEE 1619 Vectors 1-19, SP 800-38B D.1-D.3)
 * on every backend in both directions, backend equality on random inputs
 * of every length (XTS 16..1040 in place and out of place; CMAC 0..600 in
 * random streaming pieces, every tag length), a textbook reference built
 * on ECB for both, the backend rules, and bad input (nothing written).
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/aes_kat.h"

static const enum zc_backend backends[] = { ZC_BACKEND_AUTO, ZC_BACKEND_CPACF, ZC_BACKEND_SOFTWARE };
static const size_t xts_key_lens[] = { 16, 32 };
static const size_t cmac_key_lens[] = { 16, 24, 32 };

typedef int (*xts_fn)(const zc_aes_key *, const zc_aes_key *, const uint8_t *,
                      const uint8_t *, uint8_t *, size_t);

/* ---- textbook references, built on the library's ECB ---------------- */

/* T * alpha, IEEE 1619 (little-endian bytes). */
static void ref_xts_double(uint8_t t[16])
{
    int carry = t[15] >> 7, i;

    for (i = 15; i > 0; i--)
        t[i] = (uint8_t)(t[i] << 1 | t[i - 1] >> 7);
    t[0] = (uint8_t)(t[0] << 1);
    if (carry)
        t[0] ^= 0x87;
}

/* One block with tweak t: out = E/D(in ^ t) ^ t. */
static void ref_xts_block(const zc_aes_key *k1, int enc, const uint8_t t[16],
                          const uint8_t in[16], uint8_t out[16])
{
    uint8_t b[16];
    int i;

    for (i = 0; i < 16; i++)
        b[i] = in[i] ^ t[i];
    ck_assert_int_eq((enc ? zc_aes_ecb_encrypt : zc_aes_ecb_decrypt)(k1, b, b, 16), ZC_OK);
    for (i = 0; i < 16; i++)
        out[i] = b[i] ^ t[i];
}

/* IEEE 1619 section 5.3 / 5.4, block by block; in and out distinct. */
static void ref_xts(const zc_aes_key *k1, const zc_aes_key *k2, int enc, const uint8_t tweak[16],
                    const uint8_t *in, uint8_t *out, size_t len)
{
    size_t m = len / 16, t = len % 16, j;
    uint8_t T[16], Tm[16], pp[16], cc[16];

    ck_assert_int_eq(zc_aes_ecb_encrypt(k2, tweak, T, 16), ZC_OK);
    for (j = 0; j + 1 < m; j++) {
        ref_xts_block(k1, enc, T, in + 16 * j, out + 16 * j);
        ref_xts_double(T);
    }
    if (t == 0) {
        ref_xts_block(k1, enc, T, in + 16 * j, out + 16 * j);
        return;
    }
    memcpy(Tm, T, 16);
    ref_xts_double(Tm);
    /* the last full block uses T_{m-1} (enc) or T_m (dec) */
    ref_xts_block(k1, enc, enc ? T : Tm, in + 16 * j, cc);
    memcpy(out + 16 * m, cc, t);
    memcpy(pp, in + 16 * m, t);
    memcpy(pp + t, cc + t, 16 - t);
    ref_xts_block(k1, enc, enc ? Tm : T, pp, out + 16 * j);
}

static void ref_cmac_double(uint8_t d[16], const uint8_t s[16])
{
    int msb = s[0] >> 7, i;

    for (i = 0; i < 15; i++)
        d[i] = (uint8_t)(s[i] << 1 | s[i + 1] >> 7);
    d[15] = (uint8_t)(s[15] << 1);
    if (msb)
        d[15] ^= 0x87;
}

/* SP 800-38B section 6.2, literally. */
static void ref_cmac(const zc_aes_key *k, const uint8_t *msg, size_t len, uint8_t mac[16])
{
    static const uint8_t zero[16];
    uint8_t L[16], K1[16], K2[16], c[16] = { 0 }, last[16] = { 0 };
    size_t n = len == 0 ? 1 : (len + 15) / 16, i, j, r;

    ck_assert_int_eq(zc_aes_ecb_encrypt(k, zero, L, 16), ZC_OK);
    ref_cmac_double(K1, L);
    ref_cmac_double(K2, K1);
    r = len - 16 * (n - 1);
    memcpy(last, msg + 16 * (n - 1), r);
    if (len && r == 16) {
        for (j = 0; j < 16; j++)
            last[j] ^= K1[j];
    } else {
        last[r] = 0x80;
        for (j = 0; j < 16; j++)
            last[j] ^= K2[j];
    }
    for (i = 0; i + 1 < n; i++) {
        for (j = 0; j < 16; j++)
            c[j] ^= msg[16 * i + j];
        ck_assert_int_eq(zc_aes_ecb_encrypt(k, c, c, 16), ZC_OK);
    }
    for (j = 0; j < 16; j++)
        c[j] ^= last[j];
    ck_assert_int_eq(zc_aes_ecb_encrypt(k, c, mac, 16), ZC_OK);
}

/* Make an XTS key pair on a backend; 0 when that backend is not here. */
static int xts_keys(zc_aes_key *k1, zc_aes_key *k2, const uint8_t *key1, const uint8_t *key2,
                    size_t kl, enum zc_backend b)
{
    if (zc_aes_key_init(k1, key1, kl, b) == ZC_ENOTSUP)
        return 0;
    ck_assert_int_eq(zc_aes_key_init(k2, key2, kl, b), ZC_OK);
    return 1;
}

/* ---- known answers ------------------------------------------------- */

START_TEST(xts_kat)
{
    static uint8_t pt[512], ct[512], got[512 + 1];
    size_t i, b, runs = 0, refused = 0;

    for (i = 0; i < sizeof zc_xts_kats / sizeof zc_xts_kats[0]; i++) {
        const struct zc_xts_kat *v = &zc_xts_kats[i];
        uint8_t key1[32], key2[32], tweak[16], tw0[16];
        size_t kl = tu_unhex(key1, sizeof key1, v->key1);
        size_t n = tu_unhex(pt, sizeof pt, v->pt);

        ck_assert_uint_eq(tu_unhex(key2, sizeof key2, v->key2), kl);
        ck_assert_uint_eq(tu_unhex(tweak, sizeof tweak, v->tweak), 16);
        ck_assert_uint_eq(tu_unhex(ct, sizeof ct, v->ct), n);
        memcpy(tw0, tweak, 16);
        for (b = 0; b < 3; b++) {
            zc_aes_key k1, k2;
            int dir;

            if (!xts_keys(&k1, &k2, key1, key2, kl, backends[b]))
                continue;
            for (dir = 0; dir < 2; dir++) {
                xts_fn f = dir ? zc_aes_xts_encrypt : zc_aes_xts_decrypt;
                const uint8_t *src = dir ? pt : ct, *want = dir ? ct : pt;
                int rc;

                memset(got, 0xa5, sizeof got);
                rc = f(&k1, &k2, tweak, src, got, n);
                if (dir && memcmp(key1, key2, kl) == 0) {
                    /* Vector 1, key1 == key2: a decryption known answer
                     * only; encryption is refused (FIPS 140-3 IG C.I) */
                    size_t j;

                    ck_assert_int_eq(rc, ZC_EINVAL);
                    for (j = 0; j <= n; j++)        /* nothing written */
                        ck_assert_uint_eq(got[j], 0xa5);
                    ck_assert_int_eq(f(&k1, &k1, tweak, src, got, n), ZC_EINVAL);
                    refused++;
                    continue;
                }
                if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                    continue;       /* KM but not KM-XTS/PCC */
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert_msg(memcmp(got, want, n) == 0, "%s dir %d backend %s",
                              v->name, dir, zc_backend_name(backends[b]));
                ck_assert_uint_eq(got[n], 0xa5);                /* no overrun */
                memcpy(got, src, n);                            /* in place */
                ck_assert_int_eq(f(&k1, &k2, tweak, got, got, n), ZC_OK);
                ck_assert_msg(memcmp(got, want, n) == 0, "%s in place", v->name);
                ck_assert(memcmp(tweak, tw0, 16) == 0);         /* tweak is input only */
                runs++;
            }
            zc_aes_key_wipe(&k1);
            zc_aes_key_wipe(&k2);
        }
    }
    ck_assert_uint_ge(runs, 2 * 19 * 2 - 2);   /* at least AUTO and SOFTWARE, both ways */
    ck_assert_uint_ge(refused, 2);              /* Vector 1 on AUTO and SOFTWARE */
}
END_TEST

/* Equal keys in two objects, or one object twice: encryption refused with
 * nothing written, decryption allowed; one differing bit is accepted. */
START_TEST(xts_equal_keys)
{
    static uint8_t in[100], out[100], ref[100];
    uint64_t seed = 0x1619;
    size_t b, kl, j;

    for (kl = 16; kl <= 32; kl += 16) {
        for (b = 0; b < 3; b++) {
            uint8_t key[32], tweak[16];
            zc_aes_key k1, k2, k3;
            int rc;

            tu_fill(&seed, key, kl);
            tu_fill(&seed, tweak, 16);
            tu_fill(&seed, in, sizeof in);
            if (!xts_keys(&k1, &k2, key, key, kl, backends[b]))
                continue;
            memset(out, 0xa5, sizeof out);
            rc = zc_aes_xts_encrypt(&k1, &k2, tweak, in, out, sizeof in);
            if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF)
                goto next;
            ck_assert_int_eq(rc, ZC_EINVAL);
            ck_assert_int_eq(zc_aes_xts_encrypt(&k1, &k1, tweak, in, out, sizeof in),
                             ZC_EINVAL);
            for (j = 0; j < sizeof out; j++)
                ck_assert_uint_eq(out[j], 0xa5);
            ck_assert_int_eq(zc_aes_xts_decrypt(&k1, &k2, tweak, in, out, sizeof in), ZC_OK);
            ck_assert_int_eq(zc_aes_xts_decrypt(&k1, &k1, tweak, in, ref, sizeof in), ZC_OK);
            ck_assert(memcmp(out, ref, sizeof out) == 0);
            key[kl - 1] ^= 1;       /* the last byte differs: fine */
            ck_assert_int_eq(zc_aes_key_init(&k3, key, kl, backends[b]), ZC_OK);
            ck_assert_int_eq(zc_aes_xts_encrypt(&k1, &k3, tweak, in, out, sizeof in), ZC_OK);
            zc_aes_key_wipe(&k3);
next:
            zc_aes_key_wipe(&k1);
            zc_aes_key_wipe(&k2);
        }
    }
}
END_TEST

START_TEST(cmac_kat)
{
    size_t i, b, t, runs = 0;

    for (i = 0; i < sizeof zc_cmac_kats / sizeof zc_cmac_kats[0]; i++) {
        const struct zc_cmac_kat *v = &zc_cmac_kats[i];
        uint8_t key[32], msg[64], want[16], got[17];
        size_t kl = tu_unhex(key, sizeof key, v->key);
        size_t n = tu_unhex(msg, sizeof msg, v->msg);

        ck_assert_uint_eq(tu_unhex(want, sizeof want, v->tag), 16);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;
            zc_aes_cmac_ctx c;
            size_t off;
            int rc;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            memset(got, 0xa5, sizeof got);
            rc = zc_aes_cmac(&k, n ? msg : NULL, n, got, 16);
            if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF) {
                zc_aes_key_wipe(&k);
                continue;           /* KM but not KMAC/PCC */
            }
            ck_assert_int_eq(rc, ZC_OK);
            ck_assert_msg(memcmp(got, want, 16) == 0, "%s backend %s", v->name,
                          zc_backend_name(backends[b]));
            ck_assert_uint_eq(got[16], 0xa5);
            /* byte by byte through the streaming interface */
            ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
            for (off = 0; off < n; off++)
                ck_assert_int_eq(zc_aes_cmac_update(&c, msg + off, 1), ZC_OK);
            ck_assert_int_eq(zc_aes_cmac_final(&c, got, 16), ZC_OK);
            ck_assert_msg(memcmp(got, want, 16) == 0, "%s bytewise", v->name);
            /* every truncation is a prefix; verify accepts it from 8 bytes on */
            for (t = 1; t <= 16; t++) {
                int vrc = t < ZC_MAC_VERIFY_MIN ? ZC_EINVAL : ZC_OK;

                memset(got, 0xa5, sizeof got);
                ck_assert_int_eq(zc_aes_cmac(&k, msg, n, got, t), ZC_OK);
                ck_assert(memcmp(got, want, t) == 0);
                ck_assert_uint_eq(got[t], 0xa5);
                ck_assert_int_eq(zc_aes_cmac_verify(&k, n ? msg : NULL, n, want, t), vrc);
                ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
                ck_assert_int_eq(zc_aes_cmac_update(&c, msg, n), ZC_OK);
                ck_assert_int_eq(zc_aes_cmac_final_verify(&c, want, t), vrc);
                zc_aes_cmac_wipe(&c);
            }
            /* the textbook reference agrees */
            ref_cmac(&k, msg, n, got);
            ck_assert(memcmp(got, want, 16) == 0);
            zc_aes_key_wipe(&k);
            runs++;
        }
    }
    ck_assert_uint_ge(runs, 2 * 12);
}
END_TEST

/* ---- backend equality ---------------------------------------------- */

/*
 * Every length 16..1040 (every class: one block, block + tail, many
 * blocks + tail, more than one stack chunk), random keys and tweaks: the
 * SOFTWARE result equals the textbook reference, decrypts back, and every
 * other backend gives the same bytes in place and out of place.
 */
START_TEST(xts_equality)
{
    static uint8_t pt[1040], ref[1040], sw[1040], got[1040 + 16];
    size_t kl = xts_key_lens[_i], len, b, step = getenv("ZC_TEST_QUICK") ? 7 : 1;
    uint64_t seed = 0x5e7a0000u + (uint64_t)_i;

    for (len = 16; len <= sizeof pt; len += (len < 80 ? 1 : step)) {
        uint8_t key1[32], key2[32], tweak[16];
        zc_aes_key s1, s2;
        int dir;

        tu_fill(&seed, key1, kl);
        tu_fill(&seed, key2, kl);
        tu_fill(&seed, tweak, 16);
        tu_fill(&seed, pt, len);
        ck_assert(xts_keys(&s1, &s2, key1, key2, kl, ZC_BACKEND_SOFTWARE));
        for (dir = 0; dir < 2; dir++) {
            xts_fn f = dir ? zc_aes_xts_encrypt : zc_aes_xts_decrypt;

            ref_xts(&s1, &s2, dir, tweak, pt, ref, len);
            ck_assert_int_eq(f(&s1, &s2, tweak, pt, sw, len), ZC_OK);
            ck_assert_msg(memcmp(sw, ref, len) == 0, "software vs reference key %zu len %zu dir %d",
                          kl, len, dir);
            /* the other direction undoes it */
            ck_assert_int_eq((dir ? zc_aes_xts_decrypt : zc_aes_xts_encrypt)(&s1, &s2, tweak, sw,
                                                                             got, len), ZC_OK);
            ck_assert_msg(memcmp(got, pt, len) == 0, "round trip key %zu len %zu dir %d",
                          kl, len, dir);
            for (b = 0; b < 2; b++) {
                zc_aes_key k1, k2;
                int rc;

                if (!xts_keys(&k1, &k2, key1, key2, kl, backends[b]))
                    continue;
                got[len] = 0x3c;
                rc = f(&k1, &k2, tweak, pt, got, len);              /* out of place */
                if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF) {
                    zc_aes_key_wipe(&k1);
                    zc_aes_key_wipe(&k2);
                    continue;
                }
                ck_assert_int_eq(rc, ZC_OK);
                ck_assert_msg(memcmp(got, sw, len) == 0, "key %zu len %zu dir %d backend %s",
                              kl, len, dir, zc_backend_name(backends[b]));
                ck_assert_uint_eq(got[len], 0x3c);
                memcpy(got, pt, len);                               /* in place */
                ck_assert_int_eq(f(&k1, &k2, tweak, got, got, len), ZC_OK);
                ck_assert_msg(memcmp(got, sw, len) == 0, "in place key %zu len %zu dir %d backend %s",
                              kl, len, dir, zc_backend_name(backends[b]));
                zc_aes_key_wipe(&k1);
                zc_aes_key_wipe(&k2);
            }
        }
        zc_aes_key_wipe(&s1);
        zc_aes_key_wipe(&s2);
    }
}
END_TEST

/* The same key for both halves and a data unit of exactly one block:
 * encryption refused (FIPS 140-3 IG C.I), decryption of what the
 * reference encrypted with it still right. */
START_TEST(xts_same_key)
{
    static const uint8_t key[32] = { 7, 6, 5 };
    uint8_t tweak[16] = { 1 }, pt[16] = { 2 }, ct[16], ref[16], back[16];
    size_t b;
    zc_aes_key s;

    ck_assert_int_eq(zc_aes_key_init(&s, key, 32, ZC_BACKEND_SOFTWARE), ZC_OK);
    ref_xts(&s, &s, 1, tweak, pt, ref, 16);
    for (b = 0; b < 3; b++) {
        zc_aes_key k;

        if (zc_aes_key_init(&k, key, 32, backends[b]) == ZC_ENOTSUP)
            continue;
        memcpy(ct, ref, 16);
        ck_assert_int_eq(zc_aes_xts_encrypt(&k, &k, tweak, pt, ct, 16), ZC_EINVAL);
        ck_assert(memcmp(ct, ref, 16) == 0);            /* nothing written */
        if (zc_aes_xts_decrypt(&k, &k, tweak, ct, back, 16) == ZC_ENOTSUP) {
            ck_assert_int_eq(backends[b], ZC_BACKEND_CPACF);
            continue;
        }
        ck_assert(memcmp(back, pt, 16) == 0);
        zc_aes_key_wipe(&k);
    }
    zc_aes_key_wipe(&s);
}
END_TEST

/*
 * Every message length 0..600 (above 80 every 7th with ZC_TEST_QUICK),
 * random keys, random streaming pieces
 * (empty pieces and NULL with 0 included), every tag length: every
 * backend gives the SOFTWARE tag, which equals the textbook reference.
 */
START_TEST(cmac_equality)
{
    static uint8_t msg[600];
    size_t kl = cmac_key_lens[_i], len, b, t, step = getenv("ZC_TEST_QUICK") ? 7 : 1;
    uint64_t seed = 0xc3ac0000u + (uint64_t)_i;

    for (len = 0; len <= sizeof msg; len += (len < 80 ? 1 : step)) {
        uint8_t key[32], ref[16], sw[16], got[17];
        zc_aes_key s;

        tu_fill(&seed, key, kl);
        tu_fill(&seed, msg, len);
        ck_assert_int_eq(zc_aes_key_init(&s, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
        ref_cmac(&s, msg, len, ref);
        ck_assert_int_eq(zc_aes_cmac(&s, len ? msg : NULL, len, sw, 16), ZC_OK);
        ck_assert_msg(memcmp(sw, ref, 16) == 0, "software vs reference key %zu len %zu", kl, len);
        for (b = 0; b < 3; b++) {
            zc_aes_key k;
            zc_aes_cmac_ctx c, fork;
            size_t off = 0;
            int rc;

            if (zc_aes_key_init(&k, key, kl, backends[b]) == ZC_ENOTSUP)
                continue;
            rc = zc_aes_cmac_init(&c, &k);
            if (rc == ZC_ENOTSUP && backends[b] == ZC_BACKEND_CPACF) {
                zc_aes_key_wipe(&k);
                continue;
            }
            ck_assert_int_eq(rc, ZC_OK);
            ck_assert_int_eq(zc_aes_cmac_backend(&c), zc_aes_mode_backend(&k, ZC_AES_CMAC));
            while (off < len) {
                size_t n = (size_t)(tu_rand(&seed) % 40);

                if (n > len - off)
                    n = len - off;
                ck_assert_int_eq(zc_aes_cmac_update(&c, n ? msg + off : NULL, n), ZC_OK);
                off += n;
                if (tu_rand(&seed) % 8 == 0)
                    ck_assert_int_eq(zc_aes_cmac_update(&c, NULL, 0), ZC_OK);
            }
            fork = c;                                   /* a copy finishes alike */
            ck_assert_int_eq(zc_aes_cmac_final(&c, got, 16), ZC_OK);
            ck_assert_msg(memcmp(got, sw, 16) == 0, "key %zu len %zu backend %s", kl, len,
                          zc_backend_name(backends[b]));
            t = ZC_MAC_VERIFY_MIN + (size_t)(tu_rand(&seed) % (17 - ZC_MAC_VERIFY_MIN));
            ck_assert_int_eq(zc_aes_cmac_final_verify(&fork, sw, t), ZC_OK);
            ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, len, sw, t), ZC_OK);
            for (t = 1; t <= 16; t++) {
                memset(got, 0x77, sizeof got);
                ck_assert_int_eq(zc_aes_cmac(&k, msg, len, got, t), ZC_OK);
                ck_assert_msg(memcmp(got, sw, t) == 0, "tag_len %zu len %zu", t, len);
                ck_assert_uint_eq(got[t], 0x77);
            }
            zc_aes_key_wipe(&k);
        }
        zc_aes_key_wipe(&s);
    }
}
END_TEST

/* ---- backend rules ------------------------------------------------- */

START_TEST(backend_rules)
{
    static const uint8_t key[32];
    static const uint8_t buf[32];
    size_t kl = cmac_key_lens[_i];
    struct zc_backend_info xi, ci;
    zc_aes_cmac_ctx c;
    zc_aes_key k;
    uint8_t out[32], tag[16];

    ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_CMAC, kl, &ci), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_CMAC), ci.backend);
    ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_backend(&c), ci.backend);
    zc_aes_cmac_wipe(&c);
    if (kl != 24) {
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_XTS, kl, &xi), ZC_OK);
        ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_XTS), xi.backend);
    } else {
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_AES_XTS, kl, &xi), ZC_EINVAL);
    }
    /* A CPACF-only key either runs the mode on CPACF or says ZC_ENOTSUP. */
    if (zc_aes_key_init(&k, key, kl, ZC_BACKEND_CPACF) == ZC_OK) {
        int cm = zc_aes_mode_backend(&k, ZC_AES_CMAC) == ZC_BACKEND_CPACF;

        memset(&c, 0x5a, sizeof c);
        ck_assert_int_eq(zc_aes_cmac_init(&c, &k), cm ? ZC_OK : ZC_ENOTSUP);
        ck_assert_int_eq(zc_aes_cmac(&k, buf, 32, tag, 16), cm ? ZC_OK : ZC_ENOTSUP);
        if (cm)
            ck_assert_int_eq(zc_aes_cmac_backend(&c), ZC_BACKEND_CPACF);
        else
            ck_assert_uint_eq(((uint8_t *)&c)[0], 0x5a);       /* untouched */
        if (kl != 24) {
            int xm = zc_aes_mode_backend(&k, ZC_AES_XTS) == ZC_BACKEND_CPACF;

            ck_assert_int_eq(zc_aes_xts_decrypt(&k, &k, buf, buf, out, 32), xm ? ZC_OK : ZC_ENOTSUP);
        }
    }
    ck_assert_int_eq(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_backend(&c), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_CMAC), ZC_BACKEND_SOFTWARE);
    if (kl != 24)
        ck_assert_int_eq(zc_aes_mode_backend(&k, ZC_AES_XTS), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_aes_cmac_final(&c, tag, 16), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_backend(&c), ZC_BACKEND_AUTO);   /* finished */
    ck_assert_int_eq(zc_aes_cmac_backend(NULL), ZC_BACKEND_AUTO);
    zc_aes_key_wipe(&k);
}
END_TEST

/* ---- bad input ----------------------------------------------------- */

START_TEST(xts_bad_input)
{
    static const uint8_t key[32] = { 1 }, key2[32] = { 2 };
    uint8_t tweak[16] = { 0 }, buf[64], sentinel[64];
    zc_aes_key a16, b16, a24, b24, a32, sw16, unset;
    const xts_fn fns[2] = { zc_aes_xts_encrypt, zc_aes_xts_decrypt };
    int d;

    memset(buf, 0x5a, sizeof buf);
    memcpy(sentinel, buf, sizeof buf);
    memset(&unset, 0, sizeof unset);
    ck_assert_int_eq(zc_aes_key_init(&a16, key, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&b16, key2, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&a24, key, 24, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&b24, key2, 24, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&a32, key, 32, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&sw16, key2, 16, ZC_BACKEND_SOFTWARE), ZC_OK);
    for (d = 0; d < 2; d++) {
        xts_fn f = fns[d];

        /* lengths below one block */
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, buf, 15), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, buf, 1), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, buf, 0), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, NULL, NULL, 0), ZC_EINVAL);
        /* key sizes */
        ck_assert_int_eq(f(&a24, &b24, tweak, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &a32, tweak, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a32, &b16, tweak, buf, buf, 32), ZC_EINVAL);
        /* backends differ (only when AUTO is not software already) */
        if (zc_aes_key_backend(&a16) != ZC_BACKEND_SOFTWARE)
            ck_assert_int_eq(f(&a16, &sw16, tweak, buf, buf, 32), ZC_EINVAL);
        /* NULL pointers and uninitialised keys */
        ck_assert_int_eq(f(NULL, &b16, tweak, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, NULL, tweak, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&unset, &b16, tweak, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &unset, tweak, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, NULL, buf, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, NULL, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, NULL, 32), ZC_EINVAL);
        /* partial overlap, both directions, also with a tail */
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, buf + 16, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, buf + 16, buf, 32), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, buf + 1, 17), ZC_EINVAL);
        ck_assert_int_eq(f(&a16, &b16, tweak, buf + 5, buf, 40), ZC_EINVAL);
        /* nothing written, tweak untouched */
        ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
        ck_assert(memcmp(tweak, (const uint8_t[16]){ 0 }, 16) == 0);
        /* adjacent buffers are fine */
        ck_assert_int_eq(f(&a16, &b16, tweak, buf, buf + 32, 32), ZC_OK);
        memcpy(buf, sentinel, sizeof buf);
    }
    zc_aes_key_wipe(&a16);
    zc_aes_key_wipe(&b16);
    zc_aes_key_wipe(&a24);
    zc_aes_key_wipe(&b24);
    zc_aes_key_wipe(&a32);
    zc_aes_key_wipe(&sw16);
    /* a wiped key is an uninitialised key */
    ck_assert_int_eq(zc_aes_xts_encrypt(&a16, &a16, tweak, buf, buf, 16), ZC_EINVAL);
    ck_assert(memcmp(buf, sentinel, sizeof buf) == 0);
}
END_TEST

/* SP 800-38E: at most 2^20 blocks (2^24 bytes) in one data unit. */
START_TEST(xts_unit_limit)
{
    static const uint8_t key[32] = { 1 }, key2[32] = { 2 };
    const size_t max = (size_t)1 << 24;
    uint8_t tweak[16] = { 0 }, *buf;
    zc_aes_key a, b;
    size_t i;
    int bad = 0;

    buf = calloc(max + 16, 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(zc_aes_key_init(&a, key, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_key_init(&b, key2, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_xts_encrypt(&a, &b, tweak, buf, buf, max + 1), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_xts_decrypt(&a, &b, tweak, buf, buf, max + 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_xts_encrypt(&a, &b, tweak, buf, buf, SIZE_MAX), ZC_EINVAL);
    for (i = 0; i < max + 16; i++)
        bad |= buf[i];
    ck_assert_int_eq(bad, 0);                       /* nothing written */
    /* the limit itself is one data unit: it round-trips */
    ck_assert_int_eq(zc_aes_xts_encrypt(&a, &b, tweak, buf, buf, max), ZC_OK);
    ck_assert(buf[max - 1] != 0 || buf[max - 2] != 0 || buf[max - 3] != 0);
    ck_assert_int_eq(zc_aes_xts_decrypt(&a, &b, tweak, buf, buf, max), ZC_OK);
    for (i = 0; i < max + 16; i++)
        bad |= buf[i];
    ck_assert_int_eq(bad, 0);
    zc_aes_key_wipe(&a);
    zc_aes_key_wipe(&b);
    free(buf);
}
END_TEST

START_TEST(cmac_bad_input)
{
    static const uint8_t key[16] = { 3 };
    uint8_t msg[40] = { 4 }, tag[17], sentinel[17], good[16], bad[16];
    zc_aes_cmac_ctx c, unset;
    zc_aes_key k, wiped, zero_key;
    size_t i;

    memset(tag, 0x5a, sizeof tag);
    memcpy(sentinel, tag, sizeof tag);
    memset(&zero_key, 0, sizeof zero_key);
    ck_assert_int_eq(zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO), ZC_OK);

    /* one-shot */
    ck_assert_int_eq(zc_aes_cmac(&k, msg, sizeof msg, tag, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac(&k, msg, sizeof msg, tag, 17), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac(&k, NULL, 1, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac(&k, msg, sizeof msg, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac(NULL, msg, sizeof msg, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac(&zero_key, msg, sizeof msg, tag, 16), ZC_EINVAL);
    ck_assert(memcmp(tag, sentinel, sizeof tag) == 0);
    ck_assert_int_eq(zc_aes_cmac(&k, NULL, 0, good, 16), ZC_OK);      /* empty message */

    /* init */
    ck_assert_int_eq(zc_aes_cmac_init(NULL, &k), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_init(&c, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_init(&c, &zero_key), ZC_EINVAL);

    /* never initialised */
    memset(&unset, 0, sizeof unset);
    ck_assert_int_eq(zc_aes_cmac_update(&unset, msg, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_final(&unset, tag, 16), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_final_verify(&unset, good, 16), ZC_ESTATE);
    memset(&unset, 0xee, sizeof unset);
    ck_assert_int_eq(zc_aes_cmac_update(&unset, msg, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_final(&unset, tag, 16), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_backend(&unset), ZC_BACKEND_AUTO);

    /* update and final arguments; a rejected final leaves the context usable */
    ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_update(NULL, msg, 1), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_update(&c, NULL, 1), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_update(&c, NULL, 0), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_final(&c, tag, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final(&c, tag, 17), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final(&c, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final(NULL, tag, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final_verify(&c, good, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final_verify(&c, good, 7), ZC_EINVAL);    /* below 8 bytes */
    ck_assert_int_eq(zc_aes_cmac_final_verify(&c, good, 17), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final_verify(&c, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_final_verify(NULL, good, 16), ZC_EINVAL);
    ck_assert(memcmp(tag, sentinel, sizeof tag) == 0);
    ck_assert_int_eq(zc_aes_cmac_final(&c, tag, 16), ZC_OK);            /* still usable */
    ck_assert(memcmp(tag, good, 16) == 0);

    /* use after final */
    ck_assert_int_eq(zc_aes_cmac_update(&c, msg, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_final(&c, tag, 16), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_final_verify(&c, good, 16), ZC_ESTATE);
    /* final wiped it */
    for (i = 0; i < sizeof c; i++)
        ck_assert_uint_eq(((uint8_t *)&c)[i], 0);

    /* verify: right tag, wrong tag (each byte, each bit position class), truncated */
    ck_assert_int_eq(zc_aes_cmac(&k, msg, sizeof msg, good, 16), ZC_OK);
    for (i = 0; i < 16; i++) {
        size_t in_len = i + 1 < ZC_MAC_VERIFY_MIN ? ZC_MAC_VERIFY_MIN : i + 1;

        memcpy(bad, good, 16);
        bad[i] ^= (uint8_t)(1u << (i % 8));
        ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
        ck_assert_int_eq(zc_aes_cmac_update(&c, msg, sizeof msg), ZC_OK);
        ck_assert_int_eq(zc_aes_cmac_final_verify(&c, bad, 16), ZC_EAUTH);
        ck_assert_int_eq(zc_aes_cmac_final_verify(&c, good, 16), ZC_ESTATE); /* verify finishes */
        ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, bad, 16), ZC_EAUTH);
        ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
        ck_assert_int_eq(zc_aes_cmac_update(&c, msg, sizeof msg), ZC_OK);
        ck_assert_int_eq(zc_aes_cmac_final_verify(&c, bad, in_len), ZC_EAUTH); /* the flipped byte is in */
        ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, bad, in_len), ZC_EAUTH);
        if (i >= ZC_MAC_VERIFY_MIN) {
            ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
            ck_assert_int_eq(zc_aes_cmac_update(&c, msg, sizeof msg), ZC_OK);
            ck_assert_int_eq(zc_aes_cmac_final_verify(&c, bad, i), ZC_OK);  /* ... and out */
            ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, bad, i), ZC_OK);
        }
    }
    ck_assert_int_eq(zc_aes_cmac_init(&c, &k), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_update(&c, msg, sizeof msg), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_final_verify(&c, good, 16), ZC_OK);
    for (i = 0; i < sizeof c; i++)
        ck_assert_uint_eq(((uint8_t *)&c)[i], 0);

    /* one-shot verify arguments */
    ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, good, 16), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, good, 7), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, good, 17), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_verify(&k, msg, sizeof msg, NULL, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_verify(&k, NULL, 1, good, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_verify(NULL, msg, sizeof msg, good, 16), ZC_EINVAL);
    ck_assert_int_eq(zc_aes_cmac_verify(&zero_key, msg, sizeof msg, good, 16), ZC_EINVAL);

    /* a key wiped under a running context */
    ck_assert_int_eq(zc_aes_key_init(&wiped, key, 16, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_init(&c, &wiped), ZC_OK);
    ck_assert_int_eq(zc_aes_cmac_update(&c, msg, 20), ZC_OK);
    zc_aes_key_wipe(&wiped);
    ck_assert_int_eq(zc_aes_cmac_update(&c, msg, 1), ZC_ESTATE);
    ck_assert_int_eq(zc_aes_cmac_final(&c, tag, 16), ZC_ESTATE);
    zc_aes_cmac_wipe(&c);
    for (i = 0; i < sizeof c; i++)
        ck_assert_uint_eq(((uint8_t *)&c)[i], 0);
    zc_aes_cmac_wipe(NULL);
    zc_aes_key_wipe(&k);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aes-xts-cmac");
    TCase *tc = tcase_create("xts-cmac");
    /* 16 MiB of XTS: tagged so that memcheck can leave it out
       (CK_EXCLUDE_TAGS=slow; scripts/hardening.sh) */
    TCase *slow = tcase_create("xts-limit");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, xts_kat);
    tcase_add_test(tc, xts_equal_keys);
    tcase_add_test(tc, cmac_kat);
    tcase_add_loop_test(tc, xts_equality, 0, 2);
    tcase_add_test(tc, xts_same_key);
    tcase_add_loop_test(tc, cmac_equality, 0, 3);
    tcase_add_loop_test(tc, backend_rules, 0, 3);
    tcase_add_test(tc, xts_bad_input);
    tcase_add_test(tc, cmac_bad_input);
    suite_add_tcase(s, tc);
    tcase_set_timeout(slow, 600);
    tcase_set_tags(slow, "slow");
    tcase_add_test(slow, xts_unit_limit);
    suite_add_tcase(s, slow);
    return tu_run_suite(s);
}
