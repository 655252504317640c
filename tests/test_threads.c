/*
 * test_threads.c - the library under threads (the ThreadSanitizer target
 * of scripts/hardening.sh, and a plain test on every tier).
 *
 * Phase 1 races the first-time facility detection: nothing calls the
 * library before THREADS threads leave a barrier together, and each one's
 * first call needs the capabilities. All of them must then see one
 * published answer (the same ZCRYPT_CAPS pointer and counts).
 *
 * Phase 2 shares key objects: one AES key and one TDES key, initialised
 * once, are used by every thread at once for every mode (each thread with
 * its own buffers and contexts), and every result must equal the one
 * computed before the threads started.
 */
#define _POSIX_C_SOURCE 200809L     /* pthread barriers under -std=c11 */

#include <zcrypt.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "unit/unit.h"

#define THREADS 12
#define ROUNDS 20
#define TEXT 300            /* not a multiple of 16: CTR/CFB/OFB/XTS tails */

static pthread_barrier_t start;

struct first_use {
    int index;
    const char *setting;
    unsigned ignored;
    int km_aes128;
    struct zc_backend_info gcm;
};

static void *race_detection(void *arg)
{
    struct first_use *r = arg;

    pthread_barrier_wait(&start);
    /* Half start with a key init, half with a plain query: both paths
       reach the detection first. */
    if (r->index & 1) {
        zc_aes_key k;
        static const uint8_t key[16] = { 7 };

        if (zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO) == ZC_OK)
            zc_aes_key_wipe(&k);
    }
    r->km_aes128 = zc_cpacf_has(ZC_INSN_KM, 18);
    r->setting = zc_caps_setting();
    r->ignored = zc_caps_ignored_items();
    zc_backend_query(ZC_ALGO_AES_GCM, 16, &r->gcm);
    return NULL;
}

/* Everything one thread computes with the shared keys. */
struct results {
    uint8_t ecb[TEXT / 16 * 16], cbc[TEXT / 16 * 16], ctr[TEXT], cfb[TEXT], ofb[TEXT];
    uint8_t xts[TEXT], gcm[TEXT], gcm_tag[16], gcm_stream[TEXT], gcm_stream_tag[16];
    uint8_t cmac[16], cmac_stream[16], des_ecb[TEXT / 8 * 8], des_cbc[TEXT / 8 * 8];
    uint8_t sha256[32], hmac[48];
    uint8_t ccm[TEXT], ccm_tag[16];
    int rc;                 /* first non-ZC_OK code, or ZC_OK */
};

static zc_aes_key aes, aes2;
static zc_des_key tdes;
static uint8_t text[TEXT];

#define TRY(call) do { int rc_ = (call); if (rc_ != ZC_OK && r->rc == ZC_OK) r->rc = rc_; } while (0)

static void compute(struct results *r)
{
    static const uint8_t iv0[16] = { 0xa0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
    uint8_t iv[16], back[TEXT];
    zc_aes_gcm_ctx g;
    zc_aes_cmac_ctx c;
    zc_hash_ctx h;

    memset(r, 0, sizeof *r);
    r->rc = ZC_OK;
    TRY(zc_aes_ecb_encrypt(&aes, text, r->ecb, sizeof r->ecb));
    memcpy(iv, iv0, 16);
    TRY(zc_aes_cbc_encrypt(&aes, iv, text, r->cbc, sizeof r->cbc));
    memcpy(iv, iv0, 16);
    TRY(zc_aes_ctr_crypt(&aes, iv, text, r->ctr, TEXT));
    memcpy(iv, iv0, 16);
    TRY(zc_aes_cfb_encrypt(&aes, iv, text, r->cfb, TEXT));
    memcpy(iv, iv0, 16);
    TRY(zc_aes_ofb_crypt(&aes, iv, text, r->ofb, TEXT));
    TRY(zc_aes_xts_encrypt(&aes, &aes2, iv0, text, r->xts, TEXT));
    TRY(zc_aes_xts_decrypt(&aes, &aes2, iv0, r->xts, back, TEXT));
    if (memcmp(back, text, TEXT) != 0 && r->rc == ZC_OK)
        r->rc = ZC_EAUTH;
    TRY(zc_aes_gcm_encrypt(&aes, iv0, 12, text, 20, text, r->gcm, TEXT, r->gcm_tag, 16));
    TRY(zc_aes_gcm_decrypt(&aes, iv0, 12, text, 20, r->gcm, back, TEXT, r->gcm_tag, 16));
    if (memcmp(back, text, TEXT) != 0 && r->rc == ZC_OK)
        r->rc = ZC_EAUTH;
    TRY(zc_aes_gcm_init(&g, &aes, iv0, 16, 0));
    TRY(zc_aes_gcm_aad(&g, text, 33));
    TRY(zc_aes_gcm_update(&g, text, r->gcm_stream, 100));
    TRY(zc_aes_gcm_update(&g, text + 100, r->gcm_stream + 100, TEXT - 100));
    TRY(zc_aes_gcm_final(&g, r->gcm_stream_tag, 16));
    TRY(zc_aes_cmac(&aes, text, TEXT, r->cmac, 16));
    TRY(zc_aes_cmac_init(&c, &aes));
    TRY(zc_aes_cmac_update(&c, text, 17));
    TRY(zc_aes_cmac_update(&c, text + 17, TEXT - 17));
    TRY(zc_aes_cmac_final(&c, r->cmac_stream, 16));
    TRY(zc_des_ecb_encrypt(&tdes, text, r->des_ecb, sizeof r->des_ecb));
    memcpy(iv, iv0, 8);
    TRY(zc_des_cbc_encrypt(&tdes, iv, text, r->des_cbc, sizeof r->des_cbc));
    TRY(zc_hash_init(&h, ZC_SHA256, ZC_BACKEND_AUTO));
    TRY(zc_hash_update(&h, text, TEXT));
    TRY(zc_hash_final(&h, r->sha256, 32));
    TRY(zc_hmac(ZC_SHA384, text, 40, text, TEXT, r->hmac, 48));
    TRY(zc_aes_ccm_encrypt(&aes, iv0, 12, text, 20, text, r->ccm, TEXT, r->ccm_tag, 16));
    TRY(zc_aes_ccm_decrypt(&aes, iv0, 12, text, 20, r->ccm, back, TEXT, r->ccm_tag, 16));
    if (memcmp(back, text, TEXT) != 0 && r->rc == ZC_OK)
        r->rc = ZC_EAUTH;
}

static struct results expect;

static void *share_keys(void *arg)
{
    int *mismatches = arg, i;
    struct results r;

    pthread_barrier_wait(&start);
    for (i = 0; i < ROUNDS; i++) {
        compute(&r);
        if (r.rc != ZC_OK || memcmp(&r, &expect, sizeof r) != 0)
            (*mismatches)++;
    }
    return NULL;
}

int main(void)
{
    static const uint8_t key[32] = { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                     0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
                                     0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe };
    struct first_use first[THREADS];
    pthread_t tid[THREADS];
    int mismatches[THREADS] = { 0 }, i, same = 1, total = 0;

    /* Phase 1: no library call before this point. */
    memset(first, 0, sizeof first);
    for (i = 0; i < THREADS; i++)
        first[i].index = i;
    pthread_barrier_init(&start, NULL, THREADS);
    for (i = 0; i < THREADS; i++)
        pthread_create(&tid[i], NULL, race_detection, &first[i]);
    for (i = 0; i < THREADS; i++)
        pthread_join(tid[i], NULL);
    for (i = 1; i < THREADS; i++)
        same &= first[i].setting == first[0].setting &&
                first[i].ignored == first[0].ignored &&
                first[i].km_aes128 == first[0].km_aes128 &&
                memcmp(&first[i].gcm, &first[0].gcm, sizeof first[0].gcm) == 0;
    check(same, "every racing thread sees the one published detection");
    check(first[0].setting == zc_caps_setting(), "the published copy stays");

    /* Phase 2 */
    fill(text, sizeof text);
    check(zc_aes_key_init(&aes, key, 16, ZC_BACKEND_AUTO) == ZC_OK, "AES key");
    check(zc_aes_key_init(&aes2, key + 16, 16, ZC_BACKEND_AUTO) == ZC_OK, "AES tweak key");
    check(zc_des_key_init(&tdes, key, 24, ZC_BACKEND_AUTO) == ZC_OK, "TDES key");
    memset(&expect, 0, sizeof expect);
    compute(&expect);
    check(expect.rc == ZC_OK, "single-threaded reference");
    for (i = 0; i < THREADS; i++)
        pthread_create(&tid[i], NULL, share_keys, &mismatches[i]);
    for (i = 0; i < THREADS; i++) {
        pthread_join(tid[i], NULL);
        total += mismatches[i];
    }
    check(total == 0, "shared keys give the single-threaded results in every thread");
    printf("%d threads x %d rounds on shared keys, %d mismatches\n", THREADS, ROUNDS, total);
    zc_aes_key_wipe(&aes);
    zc_aes_key_wipe(&aes2);
    zc_des_key_wipe(&tdes);
    pthread_barrier_destroy(&start);
    return unit_done();
}
