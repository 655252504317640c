/*
 * fuzz_rsa.c - libFuzzer target: RSA key parsing, signature verification
 * and decryption of hostile input.
 *
 * Byte 0 picks the operation; the rest is the input:
 *   0  DER key import. A key that is accepted must export in every format
 *      it has and read back to the same exports (strict DER has one
 *      encoding), and its size must be within the documented limits.
 *   1  PKCS#1 v1.5 verification of the input as a signature over a digest
 *      taken from it, under a fixed 1024-bit key: ZC_OK only if signing
 *      that digest gives exactly those bytes (the scheme is deterministic),
 *      otherwise ZC_EAUTH.
 *   2  PSS verification, the same way: ZC_EAUTH (a valid PSS signature
 *      cannot be forged by a fuzzer), never another code for a signature of
 *      the right length.
 *   3  OAEP decryption of the input: ZC_EAUTH with the output zeroed (as
 *      far as the longest message reaches), or ZC_OK. Then the input's text is encrypted, decrypted back, and one
 *      byte of the ciphertext changed: that must be ZC_EAUTH.
 *   4  PKCS#1 v1.5 decryption of the input: ZC_EAUTH with the output
 *      zeroed, or ZC_OK with a length the padding allows; and the round trip.
 * Lengths other than the modulus size must give ZC_EINVAL or ZC_EAUTH as
 * documented. The key is the 1024-bit known-answer key (small: fast runs).
 */
#include <zcrypt.h>
#include <string.h>

#include "fuzz_util.h"
#include "../vectors/rsa_kat.h"

#define MAX_DER 4096
#define MOD 128 /* the key's size in bytes */

static zc_rsa_key key;
static int have_key;

static unsigned hexval(char c)
{
    return c <= '9' ? (unsigned)(c - '0') : (unsigned)(c - 'a' + 10);
}

/* The 1024-bit known-answer key, read once. */
static void load_key(void)
{
    static uint8_t der[MAX_DER];
    const char *h = zc_rsa_kat_keys[0].der;
    size_t n = 0;

    if (have_key)
        return;
    FZ_CHECK(zc_rsa_kat_keys[0].bits == 8 * MOD);
    for (; h[0] && h[1] && n < sizeof der; h += 2)
        der[n++] = (uint8_t)(hexval(h[0]) << 4 | hexval(h[1]));
    FZ_OK(zc_rsa_key_from_der(&key, der, n));
    FZ_CHECK(zc_rsa_size(&key) == MOD);
    have_key = 1;
}

/* Every format a key has exports, reads back and exports the same bytes. */
static void der_round_trip(const zc_rsa_key *k)
{
    static uint8_t a[MAX_DER], b[MAX_DER];
    enum zc_rsa_der_format f;
    zc_rsa_key k2;
    size_t la, lb;

    for (f = ZC_RSA_DER_PUBLIC_PKCS1; f <= ZC_RSA_DER_PRIVATE_PKCS8; f++) {
        int priv = f >= ZC_RSA_DER_PRIVATE_PKCS1;

        la = sizeof a;
        if (priv && !zc_rsa_key_has_private(k)) {
            FZ_CHECK(zc_rsa_key_export_der(k, f, a, &la) == ZC_EINVAL);
            continue;
        }
        FZ_OK(zc_rsa_key_export_der(k, f, a, &la));
        FZ_OK(zc_rsa_key_from_der(&k2, a, la));
        lb = sizeof b;
        FZ_OK(zc_rsa_key_export_der(&k2, f, b, &lb));
        FZ_CHECK(la == lb && memcmp(a, b, la) == 0);
        zc_rsa_key_wipe(&k2);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t buf[MAX_DER], out[MOD], msg[MOD];
    uint8_t digest[64];
    size_t len, out_len, msg_len, max;
    const uint8_t *in;
    struct fz f;
    int rc;

    if (size < 1)
        return 0;
    fz_init(&f, data + 1, size - 1);
    in = fz_rest(&f, &len);
    if (data[0] % 5 == 0) {
        zc_rsa_key k;

        rc = zc_rsa_key_from_der(&k, in, len);
        FZ_CHECK(rc == ZC_OK || rc == ZC_EINVAL);
        if (rc == ZC_OK) {
            FZ_CHECK(zc_rsa_bits(&k) >= ZC_RSA_MIN_BITS && zc_rsa_bits(&k) <= ZC_RSA_MAX_BITS);
            der_round_trip(&k);
            zc_rsa_key_wipe(&k);
        }
        return 0;
    }

    load_key();
    /* the digest is the input's first 32 bytes (zero-padded), SHA-256 */
    memset(digest, 0, sizeof digest);
    memcpy(digest, in, len < 32 ? len : 32);
    switch (data[0] % 5) {
    case 1:
        rc = zc_rsa_pkcs1v15_verify(&key, ZC_SHA256, digest, in, len);
        if (len != MOD) {
            FZ_CHECK(rc == ZC_EAUTH);
        } else if (rc != ZC_EAUTH) {
            FZ_OK(rc);
            out_len = sizeof out;
            FZ_OK(zc_rsa_pkcs1v15_sign(&key, ZC_SHA256, digest, out, &out_len));
            FZ_CHECK(memcmp(out, in, MOD) == 0);
        }
        break;
    case 2:
        rc = zc_rsa_pss_verify(&key, ZC_SHA256, digest, 32, in, len);
        FZ_CHECK(rc == ZC_EAUTH);
        break;
    case 3:
    case 4:
        msg_len = sizeof msg;
        memset(msg, 0xa5, sizeof msg);
        rc = data[0] % 5 == 3
            ? zc_rsa_oaep_decrypt(&key, ZC_SHA256, NULL, 0, in, len, msg, &msg_len)
            : zc_rsa_pkcs1v15_decrypt(&key, in, len, msg, &msg_len);
        if (len != MOD) {
            FZ_CHECK(rc == ZC_EINVAL);
            break;
        }
        FZ_CHECK(rc == ZC_OK || rc == ZC_EAUTH);
        /* the longest message the padding allows is what may be written */
        max = data[0] % 5 == 3 ? MOD - 2 * 32 - 2 : MOD - 11;
        if (rc == ZC_EAUTH)
            FZ_CHECK(fz_all_zero(msg, max));
        else
            FZ_CHECK(msg_len <= max);

        /* the round trip, then one changed byte */
        len = len < MOD - 2 * 32 - 2 ? len : MOD - 2 * 32 - 2;
        memcpy(buf, in, len);
        out_len = sizeof out;
        if (data[0] % 5 == 3) {
            FZ_OK(zc_rsa_oaep_encrypt(&key, ZC_SHA256, NULL, 0, buf, len, out, &out_len));
            msg_len = sizeof msg;
            FZ_OK(zc_rsa_oaep_decrypt(&key, ZC_SHA256, NULL, 0, out, MOD, msg, &msg_len));
            FZ_CHECK(msg_len == len && memcmp(msg, buf, len) == 0);
            out[(size_t)data[size - 1] % MOD] ^= 0x01;
            msg_len = sizeof msg;
            FZ_CHECK(zc_rsa_oaep_decrypt(&key, ZC_SHA256, NULL, 0, out, MOD, msg,
                                         &msg_len) == ZC_EAUTH);
            FZ_CHECK(fz_all_zero(msg, max));
        } else {
            FZ_OK(zc_rsa_pkcs1v15_encrypt(&key, buf, len, out, &out_len));
            msg_len = sizeof msg;
            FZ_OK(zc_rsa_pkcs1v15_decrypt(&key, out, MOD, msg, &msg_len));
            FZ_CHECK(msg_len == len && memcmp(msg, buf, len) == 0);
        }
        break;
    }
    return 0;
}
