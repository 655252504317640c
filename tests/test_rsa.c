/*
 * test_rsa.c - RSA through the public API: known answers cross-computed
 * with OpenSSL 3.0 (tests/vectors/rsa_kat.h), round trips of every
 * padding, DER import and export, key generation, and bad input.
 *
 * Runs natively and on s390x under QEMU (big-endian). QEMU is 10-30 times
 * slower, so there (ZC_TEST_EXPECT=qemu) the 3072- and 4096-bit round
 * trips and 2048-bit generation are left to the native run; the known
 * answers of every size still run.
 */
#include <zcrypt.h>
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/rsa_kat.h"
#include "vectors/rsa_shapes.h"

#define MAXB 512                /* 4096-bit blocks */

static int on_qemu(void)
{
    const char *s = getenv("ZC_TEST_EXPECT");

    return s != NULL && strcmp(s, "qemu") == 0;
}

static uint8_t der_buf[4096];

static void load_key(zc_rsa_key *k, unsigned idx)
{
    size_t len = tu_unhex(der_buf, sizeof der_buf, zc_rsa_kat_keys[idx].der);

    ck_assert_int_eq(zc_rsa_key_from_der(k, der_buf, len), ZC_OK);
    ck_assert_uint_eq(zc_rsa_bits(k), zc_rsa_kat_keys[idx].bits);
    ck_assert_int_eq(zc_rsa_key_has_private(k), 1);
}

/* The public half of a key, through SubjectPublicKeyInfo. */
static void public_half(zc_rsa_key *pub, const zc_rsa_key *k)
{
    uint8_t der[1200];
    size_t len = sizeof der;

    ck_assert_int_eq(zc_rsa_key_export_der(k, ZC_RSA_DER_PUBLIC_SPKI, der, &len), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_from_der(pub, der, len), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_has_private(pub), 0);
}

static size_t digest_of(enum zc_hash_alg alg, const char *msg_hex, uint8_t *d)
{
    static uint8_t msg[1200];
    size_t len = tu_unhex(msg, sizeof msg, msg_hex);

    ck_assert_int_eq(zc_hash(alg, msg, len, d, zc_hash_size(alg)), ZC_OK);
    return zc_hash_size(alg);
}

/* ---- known answers ---------------------------------------------------- */

START_TEST(kat_signatures)
{
    const struct zc_rsa_kat_sig *v = &zc_rsa_kat_sigs[_i];
    static zc_rsa_key k, pub;
    uint8_t want[MAXB], got[MAXB], d[64];
    size_t len, got_len = sizeof got;
    enum zc_hash_alg alg = (enum zc_hash_alg)v->alg;

    load_key(&k, v->key);
    public_half(&pub, &k);
    len = tu_unhex(want, sizeof want, v->sig);
    ck_assert_uint_eq(len, zc_rsa_size(&k));
    digest_of(alg, v->msg, d);
    if (v->salt_len < 0) {
        /* deterministic: our signature must be OpenSSL's, byte for byte */
        ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, alg, d, got, &got_len), ZC_OK);
        ck_assert_uint_eq(got_len, len);
        ck_assert_mem_eq(got, want, len);
        ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&pub, alg, d, want, len), ZC_OK);
        want[len / 2] ^= 0x10;
        ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&pub, alg, d, want, len), ZC_EAUTH);
    } else {
        size_t s = (size_t)v->salt_len;

        ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, s, want, len), ZC_OK);
        /* the salt length recovered from the encoding (openssl's "auto") */
        ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, ZC_RSA_PSS_SALT_ANY, want, len), ZC_OK);
        if (s > 0)
            ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, s - 1, want, len), ZC_EAUTH);
        d[0] ^= 1;
        ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, s, want, len), ZC_EAUTH);
        ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, ZC_RSA_PSS_SALT_ANY, want, len),
                         ZC_EAUTH);
        d[0] ^= 1;
        want[len - 1] ^= 0x01;
        ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, s, want, len), ZC_EAUTH);
    }
    zc_rsa_key_wipe(&k);
}
END_TEST

START_TEST(kat_decryption)
{
    const struct zc_rsa_kat_enc *v = &zc_rsa_kat_encs[_i];
    static zc_rsa_key k;
    uint8_t ct[MAXB], want[MAXB], got[MAXB], label[16];
    size_t ct_len = tu_unhex(ct, sizeof ct, v->ct);
    size_t want_len = tu_unhex(want, sizeof want, v->msg);
    size_t label_len = tu_unhex(label, sizeof label, v->label);
    size_t got_len = sizeof got;

    load_key(&k, v->key);
    ck_assert_uint_eq(ct_len, zc_rsa_size(&k));
    if (v->alg < 0)
        ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, ct_len, got, &got_len), ZC_OK);
    else
        ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, (enum zc_hash_alg)v->alg,
                                             label_len ? label : NULL, label_len,
                                             ct, ct_len, got, &got_len), ZC_OK);
    ck_assert_uint_eq(got_len, want_len);
    ck_assert_mem_eq(got, want, want_len);

    /* one flipped bit anywhere: ZC_EAUTH and a zeroed buffer */
    ct[ct_len / 3] ^= 0x04;
    got_len = sizeof got;
    memset(got, 0x55, sizeof got);
    if (v->alg < 0)
        ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, ct_len, got, &got_len), ZC_EAUTH);
    else
        ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, (enum zc_hash_alg)v->alg,
                                             label_len ? label : NULL, label_len,
                                             ct, ct_len, got, &got_len), ZC_EAUTH);
    ck_assert_uint_eq(got_len, 0);
    ck_assert_uint_eq(got[0], 0);
    zc_rsa_key_wipe(&k);
}
END_TEST

START_TEST(kat_raw)
{
    const struct zc_rsa_kat_raw *v = &zc_rsa_kat_raws[_i];
    static zc_rsa_key k;
    uint8_t in[MAXB], want[MAXB], got[MAXB];
    size_t len = tu_unhex(in, sizeof in, v->in);

    tu_unhex(want, sizeof want, v->out);
    load_key(&k, v->key);
    ck_assert_uint_eq(len, zc_rsa_size(&k));
    ck_assert_int_eq(zc_rsa_public(&k, in, got), ZC_OK);
    ck_assert_mem_eq(got, want, len);
    ck_assert_int_eq(zc_rsa_private(&k, want, got), ZC_OK);
    ck_assert_mem_eq(got, in, len);
    /* in place */
    ck_assert_int_eq(zc_rsa_private(&k, want, want), ZC_OK);
    ck_assert_mem_eq(want, in, len);
    zc_rsa_key_wipe(&k);
}
END_TEST

/* ---- round trips ------------------------------------------------------ */

static void round_trips(const zc_rsa_key *k, uint64_t seed)
{
    static const enum zc_hash_alg algs[] = { ZC_SHA1, ZC_SHA256, ZC_SHA384, ZC_SHA512,
                                             ZC_SHA3_256, ZC_SHA512_256 };
    static zc_rsa_key pub;
    size_t n = zc_rsa_size(k), a;
    uint8_t d[64], sig[MAXB], msg[MAXB], ct[MAXB], out[MAXB];

    public_half(&pub, k);
    for (a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        enum zc_hash_alg alg = algs[a];
        size_t h = zc_hash_size(alg), len, salts[3], s, mlen, max;

        tu_fill(&seed, d, h);
        /* PKCS#1 v1.5 signature (the 1025-bit key holds every DigestInfo) */
        len = sizeof sig;
        ck_assert_int_eq(zc_rsa_pkcs1v15_sign(k, alg, d, sig, &len), ZC_OK);
        ck_assert_uint_eq(len, n);
        ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&pub, alg, d, sig, len), ZC_OK);
        ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&pub, alg, d, sig, len - 1), ZC_EAUTH);

        /* PSS: no salt, hash-sized salt, the largest salt */
        salts[0] = 0;
        salts[2] = (zc_rsa_bits(k) - 1 + 7) / 8 - h - 2;
        salts[1] = h < salts[2] ? h : salts[2] - 1;
        for (s = 0; s < 3; s++) {
            len = sizeof sig;
            ck_assert_int_eq(zc_rsa_pss_sign(k, alg, d, salts[s], sig, &len), ZC_OK);
            ck_assert_uint_eq(len, n);
            ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, salts[s], sig, len), ZC_OK);
            ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, ZC_RSA_PSS_SALT_ANY, sig, len),
                             ZC_OK);
            if (salts[s] > 0)       /* any: any length, not a wrong one */
                ck_assert_int_eq(zc_rsa_pss_verify(&pub, alg, d, salts[s] - 1, sig, len),
                                 ZC_EAUTH);
            sig[0] ^= 0x01;
            ck_assert_int_ne(zc_rsa_pss_verify(&pub, alg, d, salts[s], sig, len), ZC_OK);
            ck_assert_int_ne(zc_rsa_pss_verify(&pub, alg, d, ZC_RSA_PSS_SALT_ANY, sig, len),
                             ZC_OK);
        }
        ck_assert_int_eq(zc_rsa_pss_sign(k, alg, d, salts[2] + 1, sig, &len), ZC_EINVAL);
        ck_assert_int_eq(zc_rsa_pss_sign(k, alg, d, ZC_RSA_PSS_SALT_ANY, sig, &len), ZC_EINVAL);

        /* OAEP with and without a label, the longest message and an empty one */
        if (n < 2 * h + 2)
            continue;
        max = n - 2 * h - 2;
        for (mlen = 0; mlen <= max; mlen += max ? max : 1) {
            tu_fill(&seed, msg, mlen);
            len = sizeof ct;
            ck_assert_int_eq(zc_rsa_oaep_encrypt(&pub, alg, (const uint8_t *)"L", 1,
                                                 mlen ? msg : NULL, mlen, ct, &len), ZC_OK);
            ck_assert_uint_eq(len, n);
            len = max;
            ck_assert_int_eq(zc_rsa_oaep_decrypt(k, alg, (const uint8_t *)"L", 1, ct, n,
                                                 out, &len), ZC_OK);
            ck_assert_uint_eq(len, mlen);
            ck_assert_mem_eq(out, msg, mlen);
            len = max;
            ck_assert_int_eq(zc_rsa_oaep_decrypt(k, alg, NULL, 0, ct, n, out, &len), ZC_EAUTH);
            if (max == 0)
                break;
        }
        ck_assert_int_eq(zc_rsa_oaep_encrypt(&pub, alg, NULL, 0, msg, max + 1, ct, &len),
                         ZC_EINVAL);
    }
    /* PKCS#1 v1.5 encryption: every message length from the ends */
    {
        size_t lens[4] = { 0, 1, n - 12, n - 11 }, i, len;

        for (i = 0; i < 4; i++) {
            tu_fill(&seed, msg, lens[i]);
            len = n;
            ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&pub, lens[i] ? msg : NULL, lens[i],
                                                     ct, &len), ZC_OK);
            len = n - 11;
            ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(k, ct, n, out, &len), ZC_OK);
            ck_assert_uint_eq(len, lens[i]);
            ck_assert_mem_eq(out, msg, lens[i]);
        }
        ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&pub, msg, n - 10, ct, &len), ZC_EINVAL);
    }
    /* raw identity */
    tu_fill(&seed, msg, n);
    msg[0] = 0;
    ck_assert_int_eq(zc_rsa_private(k, msg, sig), ZC_OK);
    ck_assert_int_eq(zc_rsa_public(&pub, sig, out), ZC_OK);
    ck_assert_mem_eq(out, msg, n);
}

START_TEST(round_trip_all_paddings)
{
    static zc_rsa_key k;

    if (on_qemu() && zc_rsa_kat_keys[_i].bits > 2048)
        return;                 /* QEMU: 1024, 1025 and 2048 bits; natively all sizes */
    load_key(&k, (unsigned)_i);
    round_trips(&k, 0x5eed0000u + (uint64_t)_i);
    zc_rsa_key_wipe(&k);
}
END_TEST

/* ---- DER -------------------------------------------------------------- */

START_TEST(der_export_import)
{
    static zc_rsa_key k, k2;
    static uint8_t out[4096], again[4096];
    size_t in_len = tu_unhex(der_buf, sizeof der_buf, zc_rsa_kat_keys[_i].der), f;

    ck_assert_int_eq(zc_rsa_key_from_der(&k, der_buf, in_len), ZC_OK);
    for (f = ZC_RSA_DER_PUBLIC_PKCS1; f <= ZC_RSA_DER_PRIVATE_PKCS8; f++) {
        size_t len = 0, len2 = sizeof again;

        /* size query, then the real thing */
        ck_assert_int_eq(zc_rsa_key_export_der(&k, (enum zc_rsa_der_format)f, NULL, &len),
                         ZC_ENOMEM);
        ck_assert_uint_le(len, sizeof out);
        len -= 1;
        ck_assert_int_eq(zc_rsa_key_export_der(&k, (enum zc_rsa_der_format)f, out, &len),
                         ZC_ENOMEM);
        ck_assert_int_eq(zc_rsa_key_export_der(&k, (enum zc_rsa_der_format)f, out, &len), ZC_OK);
        if (f == ZC_RSA_DER_PRIVATE_PKCS1) {
            ck_assert_uint_eq(len, in_len);     /* OpenSSL's own encoding, byte for byte */
            ck_assert_mem_eq(out, der_buf, len);
        }
        ck_assert_int_eq(zc_rsa_key_from_der(&k2, out, len), ZC_OK);
        ck_assert_int_eq(zc_rsa_key_has_private(&k2), f >= ZC_RSA_DER_PRIVATE_PKCS1);
        ck_assert_int_eq(zc_rsa_key_export_der(&k2, (enum zc_rsa_der_format)f, again, &len2),
                         ZC_OK);
        ck_assert_uint_eq(len2, len);
        ck_assert_mem_eq(again, out, len);
        if (f < ZC_RSA_DER_PRIVATE_PKCS1) {
            len2 = sizeof again;
            ck_assert_int_eq(zc_rsa_key_export_der(&k2, ZC_RSA_DER_PRIVATE_PKCS1, again, &len2),
                             ZC_EINVAL);
        }
    }
    ck_assert_int_eq(zc_rsa_key_export_der(&k, (enum zc_rsa_der_format)9, out, &in_len),
                     ZC_EINVAL);
    zc_rsa_key_wipe(&k);
    zc_rsa_key_wipe(&k2);
}
END_TEST

/* The SPKI of the first (1024-bit) key, whose layout the mutations below rely on. */
static size_t spki_of_kat0(uint8_t *out, size_t cap)
{
    static zc_rsa_key k;
    size_t len = tu_unhex(der_buf, sizeof der_buf, zc_rsa_kat_keys[0].der);

    ck_assert_int_eq(zc_rsa_key_from_der(&k, der_buf, len), ZC_OK);
    len = cap;
    ck_assert_int_eq(zc_rsa_key_export_der(&k, ZC_RSA_DER_PUBLIC_SPKI, out, &len), ZC_OK);
    return len;
}

static void expect_bad(const uint8_t *der, size_t len, const char *what)
{
    static zc_rsa_key k;

    ck_assert_msg(zc_rsa_key_from_der(&k, der, len) == ZC_EINVAL, "accepted: %s", what);
    ck_assert_uint_eq(zc_rsa_size(&k), 0);
}

START_TEST(der_malformed)
{
    static uint8_t good[1200], bad[1300], priv[1200];
    static zc_rsa_key k;
    size_t len = spki_of_kat0(good, sizeof good), plen, i;

    /* sanity: the original parses; SPKI of 1024 bits: 30 81 9f 30 0d 06 09 ... */
    ck_assert_int_eq(zc_rsa_key_from_der(&k, good, len), ZC_OK);
    ck_assert_uint_eq(good[0], 0x30);
    ck_assert_uint_eq(good[1], 0x81);

    /* every truncation */
    for (i = 0; i < len; i++)
        expect_bad(good, i, "truncated");
    /* a trailing byte */
    memcpy(bad, good, len);
    bad[len] = 0;
    expect_bad(bad, len + 1, "trailing byte");
    /* indefinite length on the outer SEQUENCE, with end-of-contents */
    bad[0] = 0x30;
    bad[1] = 0x80;
    memcpy(bad + 2, good + 3, len - 3);
    bad[len - 1] = 0;
    bad[len] = 0;
    expect_bad(bad, len + 1, "indefinite length");
    /* a non-minimal length: 82 00 9f instead of 81 9f */
    bad[0] = 0x30;
    bad[1] = 0x82;
    bad[2] = 0x00;
    memcpy(bad + 3, good + 2, len - 2);
    expect_bad(bad, len + 1, "length with a leading zero byte");
    /* long form for a short length: the AlgorithmIdentifier as 30 81 0d */
    memcpy(bad, good, 3);
    bad[3] = 0x30;
    bad[4] = 0x81;
    bad[5] = 0x0d;
    memcpy(bad + 6, good + 5, len - 5);
    bad[2] = (uint8_t)(good[2] + 1);
    expect_bad(bad, len + 1, "long form below 128");
    /* the PSS OID (1.2.840.113549.1.1.10): refused */
    memcpy(bad, good, len);
    ck_assert_uint_eq(bad[15], 0x01);
    bad[15] = 0x0a;
    expect_bad(bad, len, "id-RSASSA-PSS");
    /* parameters other than NULL */
    memcpy(bad, good, len);
    bad[16] = 0x04;
    expect_bad(bad, len, "non-NULL parameters");
    /* unused bits in the BIT STRING */
    memcpy(bad, good, len);
    ck_assert_uint_eq(bad[18], 0x03);
    bad[21] = 0x01;
    expect_bad(bad, len, "unused bits");

    /* RSAPrivateKey: version 1, a negative integer, a non-minimal integer */
    plen = tu_unhex(priv, sizeof priv, zc_rsa_kat_keys[0].der);
    ck_assert_int_eq(zc_rsa_key_from_der(&k, priv, plen), ZC_OK);
    /* 30 82 xx xx 02 01 00 02 81 81 00 <n> */
    ck_assert_uint_eq(priv[4], 0x02);
    memcpy(bad, priv, plen);
    bad[6] = 0x01;
    expect_bad(bad, plen, "version 1 (multi-prime)");
    ck_assert_uint_eq(priv[7], 0x02);
    ck_assert_uint_eq(priv[10], 0x00);
    memcpy(bad, priv, plen);
    bad[10] = 0xff;             /* the sign byte of n: negative */
    expect_bad(bad, plen, "negative modulus");
    memcpy(bad, priv, plen);
    bad[11] &= 0x7f;            /* 00 followed by a byte below 0x80: not minimal */
    expect_bad(bad, plen, "non-minimal integer");
    /* n no longer p q */
    memcpy(bad, priv, plen);
    bad[plen - 1] ^= 0x01;      /* last byte of qInv: still parses, but... */
    if (zc_rsa_key_from_der(&k, bad, plen) == ZC_OK) {
        /* ... a wrong qInv shows in the private operation's check */
        uint8_t x[MAXB] = { 0 }, y[MAXB];

        x[5] = 1;
        ck_assert_int_eq(zc_rsa_private(&k, x, y), ZC_EKEY);
    }
    memcpy(bad, priv, plen);
    bad[20] ^= 0x01;            /* inside n */
    expect_bad(bad, plen, "n != p q");
    /* a bare INTEGER, an empty SEQUENCE, garbage */
    expect_bad((const uint8_t *)"\x02\x01\x05", 3, "INTEGER");
    expect_bad((const uint8_t *)"\x30\x00", 2, "empty SEQUENCE");
    expect_bad((const uint8_t *)"\x30\x84\x00\x00\x00\x03\x02\x01\x00", 9, "4-byte length");
    ck_assert_int_eq(zc_rsa_key_from_der(&k, NULL, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_key_from_der(NULL, good, len), ZC_EINVAL);
    zc_rsa_key_wipe(&k);
}
END_TEST

/* ---- raw components --------------------------------------------------- */

START_TEST(components)
{
    static zc_rsa_key k;
    /* a 512-bit modulus: odd, top bit set; e = 3 */
    uint8_t n[64], e[1] = { 3 }, big[65];
    struct zc_rsa_components c;
    uint64_t seed = 77;

    tu_fill(&seed, n, sizeof n);
    n[0] |= 0x80;
    n[63] |= 1;
    memset(&c, 0, sizeof c);
    c.n.data = n;
    c.n.len = sizeof n;
    c.e.data = e;
    c.e.len = 1;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    ck_assert_uint_eq(zc_rsa_size(&k), 64);
    ck_assert_uint_eq(zc_rsa_bits(&k), 512);
    ck_assert_int_eq(zc_rsa_key_has_private(&k), 0);
    ck_assert_int_eq(zc_rsa_key_backend(&k), ZC_BACKEND_AUTO);

    /* a public-only key cannot run private operations */
    {
        uint8_t x[64] = { 0 }, y[64], d[32] = { 0 };
        size_t len = sizeof y;

        ck_assert_int_eq(zc_rsa_private(&k, x, y), ZC_EINVAL);
        ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, d, y, &len), ZC_EINVAL);
        ck_assert_int_eq(zc_rsa_pss_sign(&k, ZC_SHA256, d, 0, y, &len), ZC_EINVAL);
        ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, x, 64, y, &len), ZC_EINVAL);
        ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, ZC_SHA1, NULL, 0, x, 64, y, &len), ZC_EINVAL);
        /* the raw public operation: in must be below n */
        memset(x, 0xff, sizeof x);
        ck_assert_int_eq(zc_rsa_public(&k, x, y), ZC_EINVAL);
        memcpy(x, n, sizeof x);
        ck_assert_int_eq(zc_rsa_public(&k, x, y), ZC_EINVAL);
        x[63] ^= 1;             /* n - 1 */
        ck_assert_int_eq(zc_rsa_public(&k, x, y), ZC_OK);
        /* partial overlap */
        ck_assert_int_eq(zc_rsa_public(&k, x, x + 1), ZC_EINVAL);
    }

    /* bad components */
    e[0] = 4;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* even e */
    ck_assert_uint_eq(zc_rsa_size(&k), 0);
    e[0] = 1;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* e = 1 */
    e[0] = 3;
    n[63] ^= 1;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* even n */
    n[63] ^= 1;
    c.n.len = 63;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* 504 bits */
    c.n.len = 64;
    c.e.data = n;
    c.e.len = 64;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* e = n */
    c.e.data = e;
    c.e.len = 1;
    memset(big, 0, sizeof big);
    c.p.data = big;
    c.p.len = 1;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* partial private */
    c.p.data = NULL;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);   /* NULL, length 1 */
    c.p.len = 0;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    /* leading zero bytes are fine */
    memcpy(big + 1, n, 64);
    c.n.data = big;
    c.n.len = 65;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    ck_assert_uint_eq(zc_rsa_size(&k), 64);
    ck_assert_int_eq(zc_rsa_key_from_components(&k, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_key_from_components(NULL, &c), ZC_EINVAL);
    zc_rsa_key_wipe(&k);
    ck_assert_uint_eq(zc_rsa_size(&k), 0);
}
END_TEST

/* The components of an rsa_shapes.h key (hex into buf, 8 parts of 600 bytes). */
static void shape_components(struct zc_rsa_components *c, uint8_t (*buf)[600], unsigned idx)
{
    const struct zc_rsa_shape *z = &zc_rsa_shapes[idx];
    const char *hex[8] = { z->n, z->e, z->d, z->p, z->q, z->dp, z->dq, z->qinv };
    struct zc_rsa_part *part[8] = { &c->n, &c->e, &c->d, &c->p, &c->q, &c->dp, &c->dq, &c->qinv };
    unsigned i;

    for (i = 0; i < 8; i++) {
        part[i]->data = buf[i];
        part[i]->len = tu_unhex(buf[i], sizeof buf[i], hex[i]);
    }
}

/*
 * Keys whose first prime is the smaller (p < q), balanced and uneven, from
 * rsa_shapes.h (qInv = q^-1 mod p computed there with Python's integers):
 * the raw known answer, round trips, and a qInv that does not belong to
 * the key caught by the result check (ZC_EKEY).
 */
START_TEST(smaller_first_prime)
{
    static const unsigned shapes[] = { 1, 5 };  /* balanced p < q; uneven p < q */
    static uint8_t buf[8][600], in[600], out[600], y[600], der[2400];
    static zc_rsa_key k, k2;
    const unsigned idx = shapes[_i];
    struct zc_rsa_components c;
    size_t len, dlen = sizeof der;

    ck_assert_uint_lt(zc_rsa_shapes[idx].pbits + 0u, zc_rsa_shapes[idx].qbits + 1u);
    memset(&c, 0, sizeof c);
    shape_components(&c, buf, idx);
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    len = zc_rsa_size(&k);
    ck_assert_uint_eq(tu_unhex(in, sizeof in, zc_rsa_shapes[idx].in), len);
    ck_assert_uint_eq(tu_unhex(out, sizeof out, zc_rsa_shapes[idx].out), len);
    ck_assert_int_eq(zc_rsa_private(&k, in, y), ZC_OK);
    ck_assert_mem_eq(y, out, len);
    round_trips(&k, 0x5a11u);
    /* kept larger prime first, qInv recomputed: the DER export has q, p */
    ck_assert_int_eq(zc_rsa_key_export_der(&k, ZC_RSA_DER_PRIVATE_PKCS1, der, &dlen), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_from_der(&k2, der, dlen), ZC_OK);
    ck_assert_int_eq(zc_rsa_private(&k2, in, y), ZC_OK);
    ck_assert_mem_eq(y, out, len);
    /* a dP that does not belong to the key: the result check catches it */
    buf[5][c.dp.len - 1] ^= 2;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    ck_assert_int_eq(zc_rsa_private(&k, in, y), ZC_EKEY);
    zc_rsa_key_wipe(&k);
    zc_rsa_key_wipe(&k2);
}
END_TEST

/* ---- backends --------------------------------------------------------- */

START_TEST(backends)
{
    static zc_rsa_key k;
    uint8_t key[24] = { 0 };
    zc_aes_key a;
    zc_des_key d;
    zc_hash_ctx h;

    load_key(&k, 0);
    ck_assert_int_eq(zc_rsa_key_backend(&k), ZC_BACKEND_AUTO);
    ck_assert_int_eq(zc_rsa_key_set_backend(&k, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_backend(&k), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_rsa_key_set_backend(&k, ZC_BACKEND_CEX), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_key_set_backend(&k, ZC_BACKEND_CPACF), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_key_set_backend(&k, (enum zc_backend)17), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_key_backend(&k), ZC_BACKEND_SOFTWARE);
    ck_assert_int_eq(zc_rsa_key_set_backend(&k, ZC_BACKEND_AUTO), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_backend(&k), ZC_BACKEND_AUTO);
    ck_assert_str_eq(zc_backend_name(ZC_BACKEND_CEX), "cex");
    zc_rsa_key_wipe(&k);
    ck_assert_int_eq(zc_rsa_key_set_backend(&k, ZC_BACKEND_AUTO), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_key_set_backend(NULL, ZC_BACKEND_AUTO), ZC_EINVAL);

    /* the backend query: software, because no adapter answers here
     * (test_cex has the stand-in device) */
    {
        struct zc_backend_info bi;

        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RSA, 256, &bi), ZC_OK);
        ck_assert_int_eq(bi.backend, ZC_BACKEND_SOFTWARE);
#if defined(__s390x__)
        ck_assert_int_eq(bi.reason, ZC_REASON_CEX_NO_DEVICE);
#else
        ck_assert_int_eq(bi.reason, ZC_REASON_CEX_NO_INTERFACE);
#endif
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RSA, 63, &bi), ZC_EINVAL);
        ck_assert_int_eq(zc_backend_query(ZC_ALGO_RSA, 1025, &bi), ZC_EINVAL);
        ck_assert_str_eq(zc_algo_name(ZC_ALGO_RSA), "RSA");
    }

    /* CEX is for RSA only: the other families refuse it */
    ck_assert_int_eq(zc_aes_key_init(&a, key, 16, ZC_BACKEND_CEX), ZC_EINVAL);
    ck_assert_int_eq(zc_des_key_init(&d, key, 24, ZC_BACKEND_CEX), ZC_EINVAL);
    ck_assert_int_eq(zc_hash_init(&h, ZC_SHA256, ZC_BACKEND_CEX), ZC_EINVAL);
}
END_TEST

/* ---- bad arguments ---------------------------------------------------- */

START_TEST(bad_arguments)
{
    static zc_rsa_key k;
    uint8_t d[64] = { 0 }, sig[MAXB], ct[MAXB], msg[MAXB] = { 0 };
    size_t n, len;

    load_key(&k, 2);            /* 2048 bits */
    n = zc_rsa_size(&k);
    ck_assert_uint_eq(n, 256);

    /* small output buffers: ZC_ENOMEM and the size needed */
    len = n - 1;
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, d, sig, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n);
    len = 0;
    ck_assert_int_eq(zc_rsa_pss_sign(&k, ZC_SHA256, d, 32, sig, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n);
    len = 10;
    ck_assert_int_eq(zc_rsa_oaep_encrypt(&k, ZC_SHA256, NULL, 0, msg, 5, ct, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n);
    len = 10;
    ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&k, msg, 5, ct, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n);

    len = n;
    ck_assert_int_eq(zc_rsa_oaep_encrypt(&k, ZC_SHA256, NULL, 0, msg, 5, ct, &len), ZC_OK);
    len = 5;                    /* holds this message, but not the longest one */
    ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, ZC_SHA256, NULL, 0, ct, n, msg, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n - 2 * 32 - 2);
    ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, ZC_SHA256, NULL, 0, ct, n - 1, msg, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, ZC_SHA256, NULL, 0, ct, n, msg, &len), ZC_OK);
    ck_assert_uint_eq(len, 5);
    len = n;
    ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&k, msg, 5, ct, &len), ZC_OK);
    len = n - 12;
    ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, n, msg, &len), ZC_ENOMEM);
    ck_assert_uint_eq(len, n - 11);

    /* ciphertexts: not below n, all zero, wrong length */
    memset(ct, 0xff, n);
    len = n;
    ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, n, msg, &len), ZC_EAUTH);
    memset(ct, 0, n);
    len = n;
    ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, n, msg, &len), ZC_EAUTH);
    len = n;
    ck_assert_int_eq(zc_rsa_oaep_decrypt(&k, ZC_SHA256, NULL, 0, ct, n, msg, &len), ZC_EAUTH);
    ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, n + 1, msg, &len), ZC_EINVAL);

    /* PKCS#1 v1.5 blocks with each padding defect, made with the raw operation */
    {
        static const struct { size_t at; uint8_t v; } defects[] = {
            { 0, 0x01 },            /* leading byte not zero */
            { 1, 0x01 },            /* block type 1 */
            { 1, 0x00 },
            { 5, 0x00 },            /* separator inside the first 8 padding bytes */
            { 9, 0x00 },
        };
        size_t i;

        for (i = 0; i < sizeof defects / sizeof defects[0] + 1; i++) {
            memset(msg, 0x11, n);
            msg[0] = 0x00;
            msg[1] = 0x02;
            msg[n - 6] = 0x00;
            if (i < sizeof defects / sizeof defects[0])
                msg[defects[i].at] = defects[i].v;
            else
                msg[n - 6] = 0x11;      /* no separator at all */
            ck_assert_int_eq(zc_rsa_public(&k, msg, ct), ZC_OK);
            len = n;
            ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, n, msg, &len), ZC_EAUTH);
            ck_assert_uint_eq(len, 0);
        }
        /* the boundary: exactly 8 padding bytes, then a separator: valid */
        memset(msg, 0x11, n);
        msg[0] = 0x00;
        msg[1] = 0x02;
        msg[10] = 0x00;
        ck_assert_int_eq(zc_rsa_public(&k, msg, ct), ZC_OK);
        len = n;
        ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&k, ct, n, msg, &len), ZC_OK);
        ck_assert_uint_eq(len, n - 11);
    }

    /* signatures: wrong length, not below n, SHAKE, digest NULL */
    len = n;
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, d, sig, &len), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, d, sig, n + 1), ZC_EAUTH);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, ZC_SHA384, d, sig, n), ZC_EAUTH);
    memset(sig, 0xff, n);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, d, sig, n), ZC_EAUTH);
    ck_assert_int_eq(zc_rsa_pss_verify(&k, ZC_SHA256, d, 32, sig, n), ZC_EAUTH);
    len = n;
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, ZC_SHAKE128, d, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_pss_sign(&k, ZC_SHAKE256, d, 0, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_pss_sign(&k, ZC_SHA256, NULL, 0, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_pss_sign(&k, ZC_SHA256, d, n, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_oaep_encrypt(&k, ZC_SHAKE128, NULL, 0, msg, 1, ct, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_oaep_encrypt(&k, ZC_SHA256, NULL, 3, msg, 1, ct, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&k, NULL, 1, ct, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(NULL, ZC_SHA256, d, sig, &len), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, d, sig, NULL), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_public(&k, NULL, sig), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_private(&k, sig, NULL), ZC_EINVAL);
    zc_rsa_key_wipe(&k);
    ck_assert_int_eq(zc_rsa_public(&k, d, sig), ZC_EINVAL);
    ck_assert_uint_eq(zc_rsa_size(NULL), 0);
}
END_TEST

/* ---- generation ------------------------------------------------------- */

static void check_generated(unsigned bits, uint32_t e)
{
    static zc_rsa_key k, k2;
    static uint8_t der[2600];
    size_t len = sizeof der;
    uint8_t d[32] = { 1, 2, 3 }, sig[MAXB];
    size_t slen = sizeof sig;

    ck_assert_int_eq(zc_rsa_generate(&k, bits, e), ZC_OK);
    ck_assert_uint_eq(zc_rsa_bits(&k), bits);
    ck_assert_int_eq(zc_rsa_key_has_private(&k), 1);
    /* what generation produced passes the import checks (n = p q, ranges) */
    ck_assert_int_eq(zc_rsa_key_export_der(&k, ZC_RSA_DER_PRIVATE_PKCS1, der, &len), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_from_der(&k2, der, len), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&k2, ZC_SHA256, d, sig, &slen), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, d, sig, slen), ZC_OK);
    zc_rsa_key_wipe(&k);
    zc_rsa_key_wipe(&k2);
}

/* A DER length (short or long form) at d; its header length into *hdr. */
static size_t der_len_at(const uint8_t *d, size_t *hdr)
{
    size_t len = d[0], i;

    *hdr = 1;
    if (len & 0x80) {
        *hdr += len & 0x7f;
        for (len = 0, i = 1; i < *hdr; i++)
            len = len << 8 | d[i];
    }
    return len;
}

/* DER of a length, into out: its size. */
static size_t der_put_len(uint8_t *out, size_t len)
{
    if (len < 128) {
        out[0] = (uint8_t)len;
        return 1;
    }
    if (len < 256) {
        out[0] = 0x81;
        out[1] = (uint8_t)len;
        return 2;
    }
    out[0] = 0x82;
    out[1] = (uint8_t)(len >> 8);
    out[2] = (uint8_t)len;
    return 3;
}

/* RSAPublicKey DER of the INTEGER contents n and e (e shorter than 128 bytes). */
static size_t pub_der(uint8_t *der, const uint8_t *n, size_t nlen, const uint8_t *e, size_t elen)
{
    uint8_t l[3];
    size_t o = 0, body = 1 + der_put_len(l, nlen) + nlen + 2 + elen;

    der[o++] = 0x30;
    o += der_put_len(der + o, body);
    der[o++] = 0x02;
    o += der_put_len(der + o, nlen);
    memcpy(der + o, n, nlen);
    o += nlen;
    der[o++] = 0x02;
    der[o++] = (uint8_t)elen;
    memcpy(der + o, e, elen);
    return o + elen;
}

/*
 * The public exponent is capped: odd, 3 <= e <= 2^64 - 1 (issue 24). A
 * 65-bit e and an 8192-bit e are ZC_EINVAL from components and from DER;
 * 2^64 - 1 and 3 are taken.
 */
START_TEST(exponent_cap)
{
    static zc_rsa_key k, kp;
    static uint8_t der[2200], pub[2200], n8k[1024], e8k[1024];
    static const uint8_t e65[9] = { 1, 0, 0, 0, 0, 0, 0, 0, 1 };
    static const uint8_t e64[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    static const uint8_t e3[1] = { 3 }, e1[1] = { 1 };
    struct zc_rsa_components c;
    const uint8_t *n;
    size_t len = tu_unhex(der, sizeof der, zc_rsa_kat_keys[0].der), plen = sizeof pub;
    size_t hdr, nlen, i;
    uint8_t msg[128], sig[128];

    ck_assert_int_eq(zc_rsa_key_from_der(&kp, der, len), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_export_der(&kp, ZC_RSA_DER_PUBLIC_PKCS1, pub, &plen), ZC_OK);
    /* RSAPublicKey: SEQUENCE { INTEGER n, INTEGER e } */
    ck_assert_uint_eq(pub[0], 0x30);
    der_len_at(pub + 1, &hdr);
    i = 1 + hdr;
    ck_assert_uint_eq(pub[i], 0x02);
    nlen = der_len_at(pub + i + 1, &hdr);
    n = pub + i + 1 + hdr;
    memset(&c, 0, sizeof c);
    c.n.data = n;
    c.n.len = nlen;
    c.e.data = e65;
    c.e.len = sizeof e65;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);
    c.e.data = e1;
    c.e.len = 1;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);
    c.e.data = e64;
    c.e.len = sizeof e64;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    c.e.data = e3;
    c.e.len = 1;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    memset(msg, 0x11, sizeof msg);
    ck_assert_int_eq(zc_rsa_public(&k, msg, sig), ZC_OK);

    /* the same n with the 65-bit e, as DER; with e = 3 the same writer's DER imports */
    ck_assert_int_eq(zc_rsa_key_from_der(&k, der, pub_der(der, n, nlen, e65, sizeof e65)),
                     ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_key_from_der(&k, der, pub_der(der, n, nlen, e3, 1)), ZC_OK);

    /* an 8192-bit modulus with an 8192-bit e (n - 2): components refuse it */
    memset(n8k, 0xff, sizeof n8k);
    memcpy(e8k, n8k, sizeof e8k);
    e8k[sizeof e8k - 1] = 0xfd;
    c.n.data = n8k;
    c.n.len = sizeof n8k;
    c.e.data = e8k;
    c.e.len = sizeof e8k;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_EINVAL);
    c.e.data = e64;
    c.e.len = sizeof e64;
    ck_assert_int_eq(zc_rsa_key_from_components(&k, &c), ZC_OK);
    zc_rsa_key_wipe(&k);
    zc_rsa_key_wipe(&kp);
}
END_TEST

START_TEST(generate)
{
    static zc_rsa_key k;

    check_generated(1024, 0);
    check_generated(1030, 3);
    if (!on_qemu())
        check_generated(2048, 65537);
    ck_assert_int_eq(zc_rsa_generate(&k, 1023, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_generate(&k, 4097, 0), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_generate(&k, 2048, 1), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_generate(&k, 2048, 65536), ZC_EINVAL);
    ck_assert_int_eq(zc_rsa_generate(NULL, 2048, 0), ZC_EINVAL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rsa");
    TCase *tc = tcase_create("rsa");

    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, kat_signatures, 0, sizeof zc_rsa_kat_sigs / sizeof zc_rsa_kat_sigs[0]);
    tcase_add_loop_test(tc, kat_decryption, 0, sizeof zc_rsa_kat_encs / sizeof zc_rsa_kat_encs[0]);
    tcase_add_loop_test(tc, kat_raw, 0, sizeof zc_rsa_kat_raws / sizeof zc_rsa_kat_raws[0]);
    tcase_add_loop_test(tc, round_trip_all_paddings, 0, ZC_RSA_KAT_KEY_COUNT);
    tcase_add_loop_test(tc, der_export_import, 0, ZC_RSA_KAT_KEY_COUNT);
    tcase_add_test(tc, der_malformed);
    tcase_add_test(tc, components);
    tcase_add_loop_test(tc, smaller_first_prime, 0, 2);
    tcase_add_test(tc, backends);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, generate);
    tcase_add_test(tc, exponent_cap);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
