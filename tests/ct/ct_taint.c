/*
 * ct_taint.c - constant-time check of the software secret paths with
 * valgrind memcheck (scripts/hardening.sh, check "ct-taint").
 *
 * The technique (after Adam Langley's ctgrind): memcheck already reports
 * every conditional branch and every memory address that depends on
 * undefined bytes. Marking keys, plaintexts and other private values
 * undefined (VALGRIND_MAKE_MEM_UNDEFINED) turns that into a report of
 * every branch or table index that depends on a secret. Results that are
 * public by design are declassified explicitly: outputs here before they
 * are compared, and inside the library the one verdict of a constant-time
 * tag comparison (zc_ct_equal() in lib/core/util.h, in a build with
 * -Dct_taint=true).
 *
 *   ct_taint                  run every software secret path: memcheck
 *                             must report nothing
 *   ct_taint planted-index    a secret-indexed table lookup, and
 *   ct_taint planted-branch   a secret-dependent branch: memcheck must
 *                             report them (the check can see a leak)
 *
 * Outside valgrind the client requests do nothing and the program is a
 * plain round-trip test of the same paths.
 */
#include <zcrypt.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "../unit/unit.h"
#include "../verify_names.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define TEXT 100            /* not a multiple of 16: CTR/CFB/OFB/XTS tails */

static uint8_t key[64], pt[TEXT], ct[TEXT], back[TEXT];

/* A fresh secret key and plaintext for every path. */
static void secrets(void)
{
    fill(key, sizeof key);
    fill(pt, sizeof pt);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
}

/* Declassify a round trip's result and check it. */
static void round_trip(const char *what, size_t len)
{
    PUBLIC(pt, sizeof pt);
    PUBLIC(back, sizeof back);
    check(memcmp(pt, back, len) == 0, what);
}

typedef int (*aes_chain)(const zc_aes_key *, uint8_t *, const uint8_t *, uint8_t *, size_t);

static void aes_paths(size_t kl)
{
    static const struct {
        const char *name;
        aes_chain enc, dec;
    } chain[5] = {
        { "AES-CBC", zc_aes_cbc_encrypt, zc_aes_cbc_decrypt },
        { "AES-CTR", zc_aes_ctr_crypt, zc_aes_ctr_crypt },
        { "AES-CFB", zc_aes_cfb_encrypt, zc_aes_cfb_decrypt },
        { "AES-OFB", zc_aes_ofb_crypt, zc_aes_ofb_crypt },
        { "AES-CFB8", zc_aes_cfb8_encrypt, zc_aes_cfb8_decrypt },
    };
    uint8_t iv[16], tweak[16], tag[16];
    zc_aes_key k, k2;
    zc_aes_gcm_ctx g;
    zc_aes_cmac_ctx c;
    unsigned i;
    int rc;

    secrets();
    check(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "AES key");
    check(zc_aes_ecb_encrypt(&k, pt, ct, 96) == ZC_OK, "AES-ECB");
    check(zc_aes_ecb_decrypt(&k, ct, back, 96) == ZC_OK, "AES-ECB decrypt");
    round_trip("AES-ECB round trip", 96);
    for (i = 0; i < 5; i++) {
        secrets();
        memset(iv, 0x11, 16);
        check(chain[i].enc(&k, iv, pt, ct, 96) == ZC_OK, chain[i].name);
        check(chain[i].enc(&k, iv, pt + 96, ct + 96, TEXT - 96) == ZC_OK || i == 0, chain[i].name);
        memset(iv, 0x11, 16);
        check(chain[i].dec(&k, iv, ct, back, i == 0 ? 96 : TEXT) == ZC_OK, chain[i].name);
        round_trip(chain[i].name, i == 0 ? 96 : TEXT);
    }

    /* XTS: both keys secret; the tweak (a sector number) is public */
    if (kl != 24) {
        secrets();
        memset(tweak, 3, sizeof tweak);
        check(zc_aes_key_init(&k2, key + 32, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "XTS key 2");
        check(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "XTS key 1");
        check(zc_aes_xts_encrypt(&k, &k2, tweak, pt, ct, TEXT) == ZC_OK, "AES-XTS");
        check(zc_aes_xts_decrypt(&k, &k2, tweak, ct, back, TEXT) == ZC_OK, "AES-XTS decrypt");
        round_trip("AES-XTS round trip", TEXT);
        zc_aes_key_wipe(&k2);
    }

    /* GCM (GHASH): one-shot and streaming, the tag check right and wrong */
    secrets();
    check(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "GCM key");
    memset(iv, 0x22, sizeof iv);
    check(zc_aes_gcm_encrypt(&k, iv, 12, iv, 16, pt, ct, TEXT, tag, 16) == ZC_OK, "GCM");
    PUBLIC(ct, sizeof ct);              /* what goes on the wire */
    PUBLIC(tag, sizeof tag);
    check(zc_aes_gcm_decrypt(&k, iv, 12, iv, 16, ct, back, TEXT, tag, 16) == ZC_OK, "GCM decrypt");
    round_trip("GCM round trip", TEXT);
    tag[5] ^= 4;
    rc = zc_aes_gcm_decrypt(&k, iv, 12, iv, 16, ct, back, TEXT, tag, 16);
    check(rc == ZC_EAUTH, "GCM wrong tag");
    tag[5] ^= 4;
    check(zc_aes_gcm_init(&g, &k, iv, 7, 1) == ZC_OK, "GCM stream");
    check(zc_aes_gcm_aad(&g, iv, 3) == ZC_OK, "GCM stream AAD");
    check(zc_aes_gcm_update(&g, ct, back, 33) == ZC_OK, "GCM stream update");
    check(zc_aes_gcm_final_verify(&g, tag, 16) == ZC_EAUTH, "GCM stream verify (other IV)");

    /* CCM (CBC-MAC + CTR): the AAD public, the tag check right and wrong */
    secrets();
    check(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "CCM key");
    memset(iv, 0x33, sizeof iv);
    check(zc_aes_ccm_encrypt(&k, iv, 11, iv, 16, pt, ct, TEXT, tag, 12) == ZC_OK, "CCM");
    PUBLIC(ct, sizeof ct);
    PUBLIC(tag, sizeof tag);
    check(zc_aes_ccm_decrypt(&k, iv, 11, iv, 16, ct, back, TEXT, tag, 12) == ZC_OK, "CCM decrypt");
    round_trip("CCM round trip", TEXT);
    tag[11] ^= 8;
    rc = zc_aes_ccm_decrypt(&k, iv, 11, iv, 16, ct, back, TEXT, tag, 12);
    check(rc == ZC_EAUTH, "CCM wrong tag");

    /* CMAC: secret key and message, the verify right and wrong */
    secrets();
    check(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "CMAC key");
    check(zc_aes_cmac(&k, pt, TEXT, tag, 16) == ZC_OK, "CMAC");
    PUBLIC(tag, sizeof tag);
    check(zc_aes_cmac_init(&c, &k) == ZC_OK && zc_aes_cmac_update(&c, pt, 40) == ZC_OK &&
          zc_aes_cmac_update(&c, pt + 40, TEXT - 40) == ZC_OK, "CMAC stream");
    check(TV_CMAC_STREAM_VERIFY(&c, tag, 16) == ZC_OK, "CMAC verify");
    tag[0] ^= 1;
    check(zc_aes_cmac_init(&c, &k) == ZC_OK && zc_aes_cmac_update(&c, pt, TEXT) == ZC_OK,
          "CMAC stream");
    check(TV_CMAC_STREAM_VERIFY(&c, tag, 16) == ZC_EAUTH, "CMAC verify wrong");
    zc_aes_key_wipe(&k);
}

typedef int (*des_chain)(const zc_des_key *, uint8_t *, const uint8_t *, uint8_t *, size_t);

static void des_paths(size_t kl)
{
    static const struct {
        const char *name;
        des_chain enc, dec;
    } chain[3] = {
        { "DES-CFB", zc_des_cfb_encrypt, zc_des_cfb_decrypt },
        { "DES-OFB", zc_des_ofb_crypt, zc_des_ofb_crypt },
        { "DES-CTR", zc_des_ctr_crypt, zc_des_ctr_crypt },
    };
    uint8_t iv[8], tag[8];
    zc_des_key k;
    unsigned i;

    secrets();
    check(zc_des_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK, "DES key");
    check(zc_des_ecb_encrypt(&k, pt, ct, 96) == ZC_OK, "DES-ECB");
    check(zc_des_ecb_decrypt(&k, ct, back, 96) == ZC_OK, "DES-ECB decrypt");
    round_trip("DES-ECB round trip", 96);
    secrets();
    memset(iv, 0x33, sizeof iv);
    check(zc_des_cbc_encrypt(&k, iv, pt, ct, 96) == ZC_OK, "DES-CBC");
    memset(iv, 0x33, sizeof iv);
    check(zc_des_cbc_decrypt(&k, iv, ct, back, 96) == ZC_OK, "DES-CBC decrypt");
    round_trip("DES-CBC round trip", 96);
    for (i = 0; i < 3; i++) {
        secrets();
        memset(iv, 0x44, sizeof iv);
        check(chain[i].enc(&k, iv, pt, ct, 56) == ZC_OK &&
              chain[i].enc(&k, iv, pt + 56, ct + 56, TEXT - 56) == ZC_OK, chain[i].name);
        memset(iv, 0x44, sizeof iv);
        check(chain[i].dec(&k, iv, ct, back, TEXT) == ZC_OK, chain[i].name);
        round_trip(chain[i].name, TEXT);
    }
    secrets();
    check(zc_des_cmac(&k, pt, TEXT, tag, 8) == ZC_OK, "DES-CMAC");
    zc_des_key_wipe(&k);
}

static void hash_paths(void)
{
    uint8_t mac[64], out[64];
    zc_hmac_ctx h;
    unsigned a;

    for (a = ZC_SHA1; a <= ZC_SHAKE256; a++) {
        size_t n = zc_hash_size((enum zc_hash_alg)a) ? zc_hash_size((enum zc_hash_alg)a) : 64;

        secrets();
        check(zc_hash((enum zc_hash_alg)a, pt, TEXT, out, n) == ZC_OK, "hash of a secret");
    }
    for (a = ZC_SHA1; a <= ZC_SHA3_512; a++) {
        size_t n = zc_hash_size((enum zc_hash_alg)a);
        size_t kl = a % 2 ? 20 : 64;   /* short and (for the 64-byte blocks) whole-block keys */

        secrets();
        check(zc_hmac((enum zc_hash_alg)a, key, kl, pt, TEXT, mac, n) == ZC_OK, "HMAC");
        PUBLIC(mac, sizeof mac);
        check(TV_HMAC_ONESHOT_VERIFY((enum zc_hash_alg)a, key, kl, pt, TEXT, mac, n) == ZC_OK,
              "HMAC one-shot verify");
        check(zc_hmac_init(&h, (enum zc_hash_alg)a, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
              zc_hmac_update(&h, pt, TEXT) == ZC_OK, "HMAC stream");
        mac[n - 1] ^= 0x80;
        check(TV_HMAC_STREAM_VERIFY(&h, mac, n) == ZC_EAUTH, "HMAC stream verify wrong");
    }
}

/* Test-only leaks that the check must catch. noinline + volatile keep the
   compiler from turning them into branch-free code. */
static volatile unsigned planted_sink;

__attribute__((noinline)) static unsigned planted_index(const uint8_t *s)
{
    static const uint8_t sbox[16] = { 12, 5, 6, 11, 9, 0, 10, 13, 3, 14, 15, 8, 4, 7, 1, 2 };
    const volatile uint8_t *t = sbox;

    return t[s[0] & 15];
}

__attribute__((noinline)) static void planted_branch(const uint8_t *s)
{
    if (s[0] & 1)
        planted_sink++;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        secrets();
        if (strcmp(argv[1], "planted-index") == 0)
            planted_sink = planted_index(key);
        else if (strcmp(argv[1], "planted-branch") == 0)
            planted_branch(key);
        else
            return 2;
        return 0;
    }
    aes_paths(16);
    aes_paths(24);
    aes_paths(32);
    des_paths(8);
    des_paths(16);
    des_paths(24);
    hash_paths();
    printf("under memcheck: %s\n", RUNNING_ON_VALGRIND ? "yes" : "no");
    return unit_done();
}
