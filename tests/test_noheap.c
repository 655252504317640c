/*
 * test_noheap.c - no operation of the library allocates from the heap.
 *
 * Linked with the static library and -Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc,--wrap=free,...: every allocator call made from the
 * library's objects (and this file) lands in the __wrap_ functions below,
 * which count it and pass it on. The test first proves the wrapping works
 * (one malloc of its own is counted), then runs one call of every family
 * on both backends - key set-up, one-shot and streaming hashes and MACs,
 * every AES and DES mode, RC4, random bytes, RSA generation, signing and
 * decryption, elliptic-curve keys, DER, ECDSA and ECDH on P-256, X25519
 * and X448, statistics - and fails if any allocator call was counted.
 * libc's own internal allocations (stdio, the loader) are not wrapped and
 * not counted: they are not the library's.
 * Prints "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zcrypt.h>

#include "unit/unit.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static unsigned long allocs;

void *__wrap_malloc(size_t n)
{
    allocs++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t m)
{
    allocs++;
    return __real_calloc(n, m);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocs++;
    return __real_realloc(p, n);
}

void __wrap_free(void *p)
{
    allocs++;
    __real_free(p);
}

static uint8_t in[1024], out[1024 + 16], back[1024 + 16];

/* One call of every family on backend b; returns the number of calls
 * that did not return ZC_OK (a backend this machine lacks is skipped by
 * the caller, so every call must succeed). */
static int run_all(enum zc_backend b)
{
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                     17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                                     30, 31, 32 };
    uint8_t iv[16] = { 0 }, tag[16], md[64];
    zc_aes_key k, k2;
    zc_des_key dk;
    zc_hash_ctx h;
    zc_hmac_ctx hm;
    zc_aes_gcm_ctx g;
    zc_aes_cmac_ctx cm;
    zc_aes_stream_ctx st;
    zc_des_stream_ctx dst;
    int bad = 0;

    bad += zc_aes_key_init(&k, key, 16, b) != ZC_OK;
    bad += zc_aes_key_init(&k2, key + 16, 16, b) != ZC_OK;
    bad += zc_aes_ecb_encrypt(&k, in, out, 1024) != ZC_OK;
    bad += zc_aes_cbc_encrypt(&k, iv, in, out, 1024) != ZC_OK;
    bad += zc_aes_cbc_decrypt(&k, iv, out, back, 1024) != ZC_OK;
    bad += zc_aes_ctr_crypt(&k, iv, in, out, 1000) != ZC_OK;
    bad += zc_aes_cfb_encrypt(&k, iv, in, out, 1000) != ZC_OK;
    bad += zc_aes_cfb8_encrypt(&k, iv, in, out, 100) != ZC_OK;
    bad += zc_aes_ofb_crypt(&k, iv, in, out, 1000) != ZC_OK;
    bad += zc_aes_xts_encrypt(&k, &k2, iv, in, out, 1000) != ZC_OK;
    bad += zc_aes_gcm_encrypt(&k, iv, 12, in, 20, in, out, 1000, tag, 16) != ZC_OK;
    bad += zc_aes_ccm_encrypt(&k, iv, 12, in, 20, in, out, 1000, tag, 16) != ZC_OK;
    bad += zc_aes_ccm_decrypt(&k, iv, 12, in, 20, out, back, 1000, tag, 16) != ZC_OK;
    bad += zc_aes_gcm_init(&g, &k, iv, 12, 0) != ZC_OK;
    bad += zc_aes_gcm_aad(&g, in, 20) != ZC_OK;
    bad += zc_aes_gcm_update(&g, in, out, 1000) != ZC_OK;
    bad += zc_aes_gcm_final(&g, tag, 16) != ZC_OK;
    bad += zc_aes_cmac(&k, in, 1000, tag, 16) != ZC_OK;
    bad += zc_aes_cmac_init(&cm, &k) != ZC_OK;
    bad += zc_aes_cmac_update(&cm, in, 1000) != ZC_OK;
    bad += zc_aes_cmac_final(&cm, tag, 16) != ZC_OK;
    bad += zc_aes_ctr_stream_init(&st, &k, iv) != ZC_OK;
    bad += zc_aes_stream_update(&st, in, out, 1000) != ZC_OK;
    zc_aes_stream_wipe(&st);
    zc_aes_key_wipe(&k);
    zc_aes_key_wipe(&k2);

    bad += zc_des_key_init(&dk, key, 24, b) != ZC_OK;
    bad += zc_des_ecb_encrypt(&dk, in, out, 1024) != ZC_OK;
    bad += zc_des_cbc_encrypt(&dk, iv, in, out, 1024) != ZC_OK;
    bad += zc_des_ctr_crypt(&dk, iv, in, out, 1000) != ZC_OK;
    bad += zc_des_cmac(&dk, in, 1000, tag, 8) != ZC_OK;
    bad += zc_des_ofb_stream_init(&dst, &dk, iv) != ZC_OK;
    bad += zc_des_stream_update(&dst, in, out, 1000) != ZC_OK;
    zc_des_stream_wipe(&dst);
    zc_des_key_wipe(&dk);

    bad += zc_hash_init(&h, ZC_SHA512, b) != ZC_OK;
    bad += zc_hash_update(&h, in, 1000) != ZC_OK;
    bad += zc_hash_final(&h, md, 64) != ZC_OK;
    bad += zc_hash(ZC_SHA256, in, 1000, md, 32) != ZC_OK;
    bad += zc_hash(ZC_SHA3_256, in, 1000, md, 32) != ZC_OK;
    bad += zc_hash(ZC_SHAKE128, in, 1000, out, 300) != ZC_OK;
    bad += zc_hmac_init(&hm, ZC_SHA256, key, 32, b) != ZC_OK;
    bad += zc_hmac_update(&hm, in, 1000) != ZC_OK;
    bad += zc_hmac_final(&hm, md, 32) != ZC_OK;
    bad += zc_hmac(ZC_SHA384, key, 32, in, 1000, md, 48) != ZC_OK;
    return bad;
}

/* The curves on the software backend: generation, PKCS#8 out and back in,
 * ECDSA (P-256), EdDSA and ECDH; returns the number of calls that failed. */
static int run_ec(void)
{
    static const enum zc_ec_curve curves[] = { ZC_EC_P256, ZC_EC_X25519, ZC_EC_X448,
                                               ZC_EC_ED25519, ZC_EC_ED448 };
    uint8_t der[256], sec[ZC_EC_MAX_FIELD], sig[ZC_EC_MAX_SIG], md[32] = { 7 };
    zc_ec_key a, b;
    size_t i, len;
    int bad = 0;

    for (i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        bad += zc_ec_key_generate(&a, curves[i]) != ZC_OK;
        bad += zc_ec_key_set_backend(&a, ZC_BACKEND_SOFTWARE) != ZC_OK;
        len = sizeof der;
        bad += zc_ec_key_export_der(&a, ZC_EC_DER_PRIVATE_PKCS8, der, &len) != ZC_OK;
        bad += zc_ec_key_from_der(&b, der, len) != ZC_OK;
        if (curves[i] == ZC_EC_ED25519 || curves[i] == ZC_EC_ED448) {
            len = sizeof sig;
            bad += zc_eddsa_sign(&a, in, 100, sig, &len) != ZC_OK;
            bad += zc_eddsa_verify(&b, in, 100, sig, len) != ZC_OK;
        } else {
            len = sizeof sec;
            bad += zc_ecdh(&a, &b, sec, &len) != ZC_OK;
        }
        if (curves[i] == ZC_EC_P256) {
            len = sizeof sig;
            bad += zc_ecdsa_sign(&a, ZC_SHA256, md, sig, &len) != ZC_OK;
            bad += zc_ecdsa_verify(&b, ZC_SHA256, md, sig, len) != ZC_OK;
        }
        zc_ec_key_wipe(&a);
        zc_ec_key_wipe(&b);
    }
    return bad;
}

int main(void)
{
    struct zc_stats s;
    char text[4096];
    uint8_t key[16] = { 0 }, md[32], sig[128], ct[128], pt[128];
    size_t sig_len = sizeof(sig), ct_len = sizeof(ct), pt_len = sizeof(pt);
    zc_rc4_ctx rc4;
    zc_rsa_key rsa;
    void *p;
    unsigned long before;

    memset(in, 0x5a, sizeof(in));
    before = allocs;
    p = malloc(16);
    __asm__ __volatile__("" : : "r"(p) : "memory");  /* the pair must not fold away */
    free(p);
    check(allocs == before + 2, "the allocator wrap counts this file's malloc and free");

    /* Detection, environment and the statistics switch happen on first
     * use: inside the counted window too. */
    allocs = 0;
    check(zc_stats_enable(1) == ZC_OK, "statistics on");
    check(run_all(ZC_BACKEND_SOFTWARE) == 0, "every call on the software backend");
    /* AUTO: CPACF wherever this machine (or QEMU) has the function. */
    check(run_all(ZC_BACKEND_AUTO) == 0, "every call on AUTO");
    check(zc_rc4_init(&rc4, key, 16) == ZC_OK && zc_rc4_crypt(&rc4, in, out, 1000) == ZC_OK,
          "RC4");
    zc_rc4_wipe(&rc4);
    check(zc_random_bytes(out, 1000) == ZC_OK, "random bytes");
    check(zc_rsa_generate(&rsa, 1024, 65537) == ZC_OK, "RSA-1024 generated");
    check(zc_hash(ZC_SHA256, in, 100, md, 32) == ZC_OK &&
          zc_rsa_pss_sign(&rsa, ZC_SHA256, md, 32, sig, &sig_len) == ZC_OK &&
          zc_rsa_pss_verify(&rsa, ZC_SHA256, md, 32, sig, sig_len) == ZC_OK, "RSA-PSS");
    check(zc_rsa_pkcs1v15_encrypt(&rsa, in, 50, ct, &ct_len) == ZC_OK &&
          zc_rsa_pkcs1v15_decrypt(&rsa, ct, ct_len, pt, &pt_len) == ZC_OK && pt_len == 50 &&
          memcmp(pt, in, 50) == 0,
          "RSA PKCS#1 v1.5 encryption");
    zc_rsa_key_wipe(&rsa);
    check(run_ec() == 0,
          "EC keys, DER, ECDSA, EdDSA and ECDH (P-256, X25519, X448, Ed25519, Ed448)");
    check(zc_stats_snapshot(&s) == ZC_OK && zc_stats_format(&s, ZC_STATS_JSON, text,
                                                            sizeof(text)) > 0,
          "statistics snapshot and format");
    printf("allocator calls from the library: %lu\n", allocs);
    check(allocs == 0, "no heap allocation in any operation");
    return unit_done();
}
