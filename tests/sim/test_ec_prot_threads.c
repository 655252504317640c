/*
 * test_ec_prot_threads.c - protected EC signing keys shared between
 * threads while the wrapping key changes, through the public API
 * (zcrypt/ec_protected.h), on the CPACF stand-in's KDSA 17-19, 48, 52.
 *
 * One protected key per curve (P-256, P-384, P-521, Ed25519, Ed448, from
 * RFC 6979 A.2.5-A.2.7's and RFC 8032 7.1 TEST 1's / 7.4 "-----blank"'s
 * private keys) and one secure key (the stand-in's test blob) for P-256
 * and Ed25519 are shared by worker threads through const pointers. Each
 * worker signs in turn with every key: ECDSA signatures must verify under
 * the clear public key in software, EdDSA signatures must be RFC 8032's
 * bytes. A changer thread replaces the wrapping key again and again, so
 * calls meet stale keys (cc 1), derive afresh and offer the fresh key to
 * the shared object. After each change it waits until every worker has
 * finished the call it was in (and 5 ms), so that no call meets two
 * changes, however slow the machine: the test then requires no ZC_EKEY at
 * all, no wrong signature, and re-derivations.
 * Built with ThreadSanitizer: any data race fails the test.
 *
 * Prints the counts, then "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <zcrypt.h>
#include <zcrypt/ec_protected.h>

#include "cpacf_sim.h"
#include "sim_platform.h"

#include "../unit/unit.h"
#include "../vectors/ec_rfc6979.h"
#include "../vectors/ed25519_rfc8032.h"
#include "../vectors/ed448_rfc8032.h"

enum { NCURVES = 5, NKEYS = 7, WORKERS = 3, ROUNDS = 30 };

static const enum zc_ec_curve curves[NCURVES] = { ZC_EC_P256, ZC_EC_P384, ZC_EC_P521,
                                                  ZC_EC_ED25519, ZC_EC_ED448 };
static const size_t fl[NCURVES] = { 32, 48, 66, 32, 57 }, wl[NCURVES] = { 32, 48, 80, 32, 64 };
static const enum zc_hash_alg algs[NCURVES] = { ZC_SHA256, ZC_SHA384, ZC_SHA512, 0, 0 };

static uint8_t priv[NCURVES][66], pub[NCURVES][133], rfc_sig[NCURVES][114];
static size_t pub_len[NCURVES], sig_len[NCURVES];
static uint8_t blobs[NKEYS][ZC_SIM_EC_BLOB_LEN];
static zc_ec_key keys[NKEYS], verifiers[NCURVES];
static unsigned key_curve[NKEYS];

static atomic_int workers_left = WORKERS;
static atomic_ulong done_calls[WORKERS];
static atomic_int finished[WORKERS];
static atomic_ulong wrong, ekeys, signs, changes;

static void material(void)
{
    unsigned ci;

    for (ci = 0; ci < NCURVES; ci++) {
        if (ci < 3) {
            unhex(priv[ci], ec_rfc6979_keys[ci].x);
            pub[ci][0] = 0x04;
            unhex(pub[ci] + 1, ec_rfc6979_keys[ci].ux);
            unhex(pub[ci] + 1 + fl[ci], ec_rfc6979_keys[ci].uy);
            pub_len[ci] = 2 * fl[ci] + 1;
        } else {
            const struct ed_kat *k = ci == 3 ? &ed25519_rfc8032[0] : &ed448_rfc8032[0];

            unhex(priv[ci], k->seed);
            pub_len[ci] = unhex(pub[ci], k->pub);
            sig_len[ci] = unhex(rfc_sig[ci], k->sig);
        }
    }
}

/* A test blob (sim_platform.h) of curve ci into blobs[slot]. */
static const uint8_t *blob_for(unsigned slot, unsigned ci)
{
    uint8_t *b = blobs[slot];

    memset(b, 0, ZC_SIM_EC_BLOB_LEN);
    memcpy(b, ZC_SIM_EC_BLOB_MAGIC, 8);
    b[8] = (uint8_t)ci;
    b[9] = (uint8_t)wl[ci];
    memcpy(b + 10 + wl[ci] - fl[ci], priv[ci], fl[ci]);
    return b;
}

/* One signature with the shared key; 1 when right. */
static int sign_once(const zc_ec_key *k, unsigned ci, uint64_t *seed)
{
    uint8_t dg[64], sig[160];
    size_t sl = sizeof sig, i;
    int rc;

    if (ci >= 3) {
        rc = zc_eddsa_sign(k, NULL, 0, sig, &sl);
        if (rc == ZC_EKEY)
            atomic_fetch_add(&ekeys, 1);
        return rc == ZC_OK && sl == sig_len[ci] && !memcmp(sig, rfc_sig[ci], sl);
    }
    for (i = 0; i < sizeof dg; i++) {
        *seed = *seed * 6364136223846793005u + 1442695040888963407u;
        dg[i] = (uint8_t)(*seed >> 56);
    }
    rc = zc_ecdsa_sign(k, algs[ci], dg, sig, &sl);
    if (rc == ZC_EKEY)
        atomic_fetch_add(&ekeys, 1);
    return rc == ZC_OK && sl == 2 * fl[ci] &&
           zc_ecdsa_verify(&verifiers[ci], algs[ci], dg, sig, sl) == ZC_OK;
}

static void *worker(void *arg)
{
    uint64_t seed = (uint64_t)(uintptr_t)arg * 0x9e3779b97f4a7c15u + 1;
    unsigned r, j;

    for (r = 0; r < ROUNDS; r++) {
        for (j = 0; j < NKEYS; j++) {
            unsigned kj = (j + (unsigned)(uintptr_t)arg) % NKEYS;

            if (zc_ec_key_kind(&keys[kj]) == ZC_EC_KEY_NONE)
                continue;               /* not made: failed above */
            if (!sign_once(&keys[kj], key_curve[kj], &seed))
                atomic_fetch_add(&wrong, 1);
            atomic_fetch_add(&signs, 1);
            atomic_fetch_add(&done_calls[(uintptr_t)arg], 1);
        }
    }
    atomic_store(&finished[(uintptr_t)arg], 1);
    atomic_fetch_sub(&workers_left, 1);
    return NULL;
}

/* Has every worker that still runs finished a call since snap? */
static int all_moved(const unsigned long snap[WORKERS])
{
    unsigned i;

    for (i = 0; i < WORKERS; i++)
        if (!atomic_load(&finished[i]) && atomic_load(&done_calls[i]) <= snap[i])
            return 0;
    return 1;
}

static void *changer(void *arg)
{
    struct timespec pause = { 0, 5 * 1000 * 1000 }, poll = { 0, 200 * 1000 };
    unsigned long snap[WORKERS];
    unsigned i;

    (void)arg;
    while (atomic_load(&workers_left) > 0) {
        zc_cpacf_sim_new_wrapping_key();
        atomic_fetch_add(&changes, 1);
        for (i = 0; i < WORKERS; i++)
            snap[i] = atomic_load(&done_calls[i]);
        while (!all_moved(snap))
            nanosleep(&poll, NULL);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

int main(void)
{
    pthread_t w[WORKERS], ch;
    unsigned long d0, derived;
    unsigned i, ci, made = 0;
    int ok = 1;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!zc_cpacf_sim_has_ec()) {
        printf("skipped: the stand-in was built without libcrypto: no KDSA model\n");
        return 77;
    }
    material();
    for (ci = 0; ci < NCURVES; ci++) {
        key_curve[ci] = ci;
        ok = zc_ec_key_from_public(&verifiers[ci], curves[ci], pub[ci], pub_len[ci]) == ZC_OK &&
             zc_ec_key_set_backend(&verifiers[ci], ZC_BACKEND_SOFTWARE) == ZC_OK;
        CHECK(ok, "public key %u", ci);
    }
    key_curve[5] = 0;
    key_curve[6] = 3;
    /* a key that cannot be made fails the test; the others still run */
    for (i = 0; i < NKEYS; i++) {
        unsigned kc = key_curve[i];
        int rc = i < NCURVES ? zc_ec_key_init_protected(&keys[i], curves[kc], priv[kc], fl[kc])
                             : zc_ec_key_init_secure(&keys[i], curves[kc], blob_for(i, kc),
                                                     ZC_SIM_EC_BLOB_LEN, pub[kc], pub_len[kc]);

        CHECK(rc == ZC_OK, "%s key %u (curve %u) made (rc %d)",
              i < NCURVES ? "protected" : "secure", i, kc, rc);
        made += rc == ZC_OK;
    }
    if (made == 0)
        return unit_done();

    d0 = zc_sim_platform_derivations();
    pthread_create(&ch, NULL, changer, NULL);
    for (i = 0; i < WORKERS; i++)
        pthread_create(&w[i], NULL, worker, (void *)(uintptr_t)i);
    for (i = 0; i < WORKERS; i++)
        pthread_join(w[i], NULL);
    pthread_join(ch, NULL);
    derived = zc_sim_platform_derivations() - d0;

    printf("%lu signs, %lu wrapping-key changes, %lu re-derivations, %lu ZC_EKEY, %lu wrong\n",
           atomic_load(&signs), atomic_load(&changes), derived, atomic_load(&ekeys),
           atomic_load(&wrong));
    CHECK(atomic_load(&signs) == (unsigned long)WORKERS * ROUNDS * made,
          "every worker signed with every key (%lu)", atomic_load(&signs));
    CHECK(atomic_load(&wrong) == 0, "no signature wrong or refused (%lu)", atomic_load(&wrong));
    CHECK(atomic_load(&ekeys) == 0, "no ZC_EKEY (%lu)", atomic_load(&ekeys));
    CHECK(atomic_load(&changes) > 1, "the wrapping key changed (%lu)", atomic_load(&changes));
    CHECK(derived > 0, "keys were re-derived (%lu)", derived);
    /* after the changes stop, the shared keys still sign */
    for (i = 0; i < NKEYS; i++) {
        uint64_t seed = 7;

        if (zc_ec_key_kind(&keys[i]) != ZC_EC_KEY_NONE)
            CHECK(sign_once(&keys[i], key_curve[i], &seed), "key %u signs after the run", i);
    }
    for (i = 0; i < NKEYS; i++)
        zc_ec_key_wipe(&keys[i]);
    for (ci = 0; ci < NCURVES; ci++)
        zc_ec_key_wipe(&verifiers[ci]);
    return unit_done();
}
