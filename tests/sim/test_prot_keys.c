/*
 * test_prot_keys.c - protected keys shared between threads while the
 * wrapping key changes, through the library's public API.
 *
 * The library is built with the CPACF stand-in, whose simulated firmware
 * wraps keys (tests/sim/sim_platform.c). Worker threads share one
 * protected key object per size (const pointers) and run CBC, CTR, XTS,
 * CMAC and GCM (KMCTR + GHASH, and KMA) on random data, each result checked
 * against a clear software key; a changer thread replaces the wrapping key
 * every half millisecond (thousands of times per run). Every call that meets the change must derive a
 * fresh key, resume, and offer the key to the shared object, whose
 * readers never see a torn key (a torn one encrypts with a wrong key and
 * shows as a wrong result). Built with ThreadSanitizer where the compiler
 * has it: any data race fails the test.
 *
 * Prints "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <zcrypt.h>

#include "cpacf_sim.h"
#include "sim_platform.h"
#include "../unit/unit.h"
#include "../testutil.h"

enum { WORKERS = 3, ITERS = 120, LEN = 300, RETRIES = 50 };

static zc_aes_key prot[3], prot2[3], clear[3], clear2[3];
static const size_t kls[3] = { 16, 24, 32 };
static atomic_int workers_left = WORKERS;
static atomic_ulong wrong, calls, ekeys;

/*
 * A call on a protected key. The changer replaces the wrapping key every
 * half millisecond, far more often than a machine ever does, so a call
 * may meet two changes in a row while its thread is descheduled and
 * answer ZC_EKEY as documented: such a call leaves the stream position as
 * it was, and the worker simply calls again. Counted, and bounded below.
 */
#define PROT(call)                                                          \
    __extension__({                                                                     \
        int r_, n_ = 0;                                                     \
        while ((r_ = (call)) == ZC_EKEY && ++n_ < RETRIES)                  \
            atomic_fetch_add(&ekeys, 1);                                    \
        r_;                                                                 \
    })

/* One round of every mode on key size i; 0 when all results are right. */
static int round_once(unsigned i, uint64_t *seed)
{
    uint8_t in[LEN], a[LEN + 16], b[LEN + 16], iv[16], iv2[16], tw[16];
    size_t len = 16 + (size_t)(tu_rand(seed) % (LEN - 16));
    const zc_aes_key *p = &prot[i], *c = &clear[i];
    int bad = 0;

    tu_fill(seed, in, len);
    tu_fill(seed, iv, 16);
    tu_fill(seed, tw, 16);
    memcpy(iv2, iv, 16);
    len &= ~(size_t)15;
    bad |= zc_aes_cbc_encrypt(c, iv, in, a, len) != ZC_OK;
    bad |= PROT(zc_aes_cbc_encrypt(p, iv2, in, b, len)) != ZC_OK;
    bad |= memcmp(a, b, len) != 0 || memcmp(iv, iv2, 16) != 0;
    bad |= zc_aes_ctr_crypt(c, iv, in, a, len + 5) != ZC_OK;
    bad |= PROT(zc_aes_ctr_crypt(p, iv2, in, b, len + 5)) != ZC_OK;
    bad |= memcmp(a, b, len + 5) != 0;
    if (kls[i] != 24) {
        bad |= zc_aes_xts_encrypt(c, &clear2[i], tw, in, a, len + 3) != ZC_OK;
        bad |= PROT(zc_aes_xts_encrypt(p, &prot2[i], tw, in, b, len + 3)) != ZC_OK;
        bad |= memcmp(a, b, len + 3) != 0;
    }
    bad |= zc_aes_cmac(c, in, len + 7, a, 16) != ZC_OK;
    bad |= PROT(zc_aes_cmac(p, in, len + 7, b, 16)) != ZC_OK;
    bad |= memcmp(a, b, 16) != 0;
    /* 16-byte IV: KMCTR + GHASH; 12-byte IV: KMA. */
    bad |= zc_aes_gcm_encrypt(c, iv, 16, in, 13, in, a, len, a + len, 16) != ZC_OK;
    bad |= PROT(zc_aes_gcm_encrypt(p, iv, 16, in, 13, in, b, len, b + len, 16)) != ZC_OK;
    bad |= memcmp(a, b, len + 16) != 0;
    bad |= zc_aes_gcm_encrypt(c, iv, 12, in, 13, in, a, len, a + len, 16) != ZC_OK;
    bad |= PROT(zc_aes_gcm_encrypt(p, iv, 12, in, 13, in, b, len, b + len, 16)) != ZC_OK;
    bad |= memcmp(a, b, len + 16) != 0;
    atomic_fetch_add(&calls, 12);
    return bad;
}

static void *worker(void *arg)
{
    uint64_t seed = 0x70000u + (uintptr_t)arg;
    unsigned it;

    for (it = 0; it < ITERS; it++)
        if (round_once(it % 3, &seed))
            atomic_fetch_add(&wrong, 1);
    atomic_fetch_sub(&workers_left, 1);
    return NULL;
}

static void *changer(void *arg)
{
    struct timespec ts = { 0, 500000 };
    unsigned long *changes = arg;

    while (atomic_load(&workers_left) > 0) {
        zc_cpacf_sim_new_wrapping_key();
        ++*changes;
        nanosleep(&ts, NULL);
    }
    return NULL;
}

int main(void)
{
    pthread_t w[WORKERS], ch;
    unsigned long changes = 0, derived0, derived;
    uint8_t key[32], key2[32];
    uint64_t seed = 0x5eed;
    uint32_t gens = 0;
    unsigned i;
    int ok = 1;

    for (i = 0; i < 3; i++) {
        tu_fill(&seed, key, sizeof key);
        tu_fill(&seed, key2, sizeof key2);
        ok &= zc_aes_key_init_protected(&prot[i], key, kls[i]) == ZC_OK &&
              zc_aes_key_init_protected(&prot2[i], key2, kls[i]) == ZC_OK &&
              zc_aes_key_init(&clear[i], key, kls[i], ZC_BACKEND_SOFTWARE) == ZC_OK &&
              zc_aes_key_init(&clear2[i], key2, kls[i], ZC_BACKEND_SOFTWARE) == ZC_OK &&
              zc_aes_key_kind(&prot[i]) == ZC_AES_KEY_PROTECTED;
    }
    check(ok, "protected and clear keys");
    {
        /* XTS: two protected keys from one clear key are equal keys */
        static const uint8_t pt[32];
        uint8_t ct[32];
        zc_aes_key p1, p2;

        memset(ct, 0xa5, sizeof ct);
        check(zc_aes_key_init_protected(&p1, key, 32) == ZC_OK &&
              zc_aes_key_init_protected(&p2, key, 32) == ZC_OK &&
              zc_aes_xts_encrypt(&p1, &p2, pt, pt, ct, 32) == ZC_EINVAL && ct[0] == 0xa5 &&
              ct[31] == 0xa5 && zc_aes_xts_decrypt(&p1, &p2, pt, pt, ct, 32) == ZC_OK &&
              zc_aes_xts_encrypt(&p1, &prot2[2], pt, pt, ct, 32) == ZC_OK,
              "XTS refuses equal protected keys for encryption only");
        zc_aes_key_wipe(&p1);
        zc_aes_key_wipe(&p2);
    }
    {
        struct zc_backend_info bi;

        check(zc_aes_protected_query(ZC_AES_CBC, 24, &bi) == ZC_OK &&
              bi.backend == ZC_BACKEND_CPACF && bi.fc == 27, "protected query: CBC on KM/KMC 27");
        check(zc_aes_protected_query(ZC_AES_XTS, 32, &bi) == ZC_OK &&
              bi.backend == ZC_BACKEND_CPACF && bi.fc == 28, "protected query: XTS-256 on 28/60");
        check(zc_aes_protected_query(ZC_AES_XTS, 24, &bi) == ZC_EINVAL &&
              zc_aes_protected_query(ZC_AES_CMAC, 20, &bi) == ZC_EINVAL &&
              zc_aes_protected_query(ZC_AES_ECB, 16, NULL) == ZC_EINVAL,
              "protected query: bad sizes and NULL");
        check(zc_aes_key_kind(&clear[0]) == ZC_AES_KEY_CLEAR && zc_aes_key_kind(NULL) == ZC_AES_KEY_NONE,
              "key kinds");
    }
    derived0 = zc_sim_platform_derivations();
    pthread_create(&ch, NULL, changer, &changes);
    for (i = 0; i < WORKERS; i++)
        pthread_create(&w[i], NULL, worker, (void *)(uintptr_t)i);
    for (i = 0; i < WORKERS; i++)
        pthread_join(w[i], NULL);
    pthread_join(ch, NULL);
    derived = zc_sim_platform_derivations() - derived0;
    for (i = 0; i < 3; i++)
        gens += __atomic_load_n(&prot[i].zc_pk.zc_gen, __ATOMIC_RELAXED) +
                __atomic_load_n(&prot2[i].zc_pk.zc_gen, __ATOMIC_RELAXED);
    printf("calls %lu, wrapping-key changes %lu, derivations %lu, publications %u, "
           "ZC_EKEY retried %lu\n", (unsigned long)atomic_load(&calls), changes, derived,
           (unsigned)gens, (unsigned long)atomic_load(&ekeys));
    check(atomic_load(&wrong) == 0, "every result equals the clear software key's");
    check(changes > 10, "the wrapping key changed while the workers ran");
    check(derived > 10, "calls re-derived keys");
    check(gens > 0, "fresh keys were published to the shared objects");
    check(atomic_load(&ekeys) * 10 < atomic_load(&calls), "ZC_EKEY stays rare under the churn");
    for (i = 0; i < 3; i++) {
        zc_aes_key_wipe(&prot[i]);
        zc_aes_key_wipe(&prot2[i]);
    }
    return unit_done();
}
