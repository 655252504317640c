/*
 * test_prot_keys.c - protected keys shared between threads while the
 * wrapping key changes, through the library's public API.
 *
 * The library is built with the CPACF stand-in, whose simulated firmware
 * wraps keys (tests/sim/sim_platform.c). Worker threads share one
 * protected key object per size (const pointers) and run CBC, CTR, XTS,
 * CMAC and GCM (KMCTR + GHASH, and KMA), full XTS on protected XTS double
 * keys (KM 90/92, whose key field is split around the tweak), and HMAC on
 * protected HMAC keys (KMAC 120-123, one-shot, streamed, verified) on
 * random data, each result checked
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
/* Protected XTS double keys (KM 90/92) of the 128- and 256-bit keys:
 * clear[i] || clear2[i], shared like the others. */
static zc_aes_key pxts[2];

/* Protected HMAC keys (KMAC 120-123), one per hash, shared like the AES
 * keys; their clear keys for the software reference. */
static const enum zc_hash_alg halgs[4] = { ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512 };
static zc_hmac_key hprot[4];
static uint8_t hkey[4][150];
static size_t hkey_len[4];
static const size_t kls[3] = { 16, 24, 32 };
static atomic_int workers_left = WORKERS;
static atomic_ulong wrong, calls, ekeys;
static atomic_ulong finished;   /* PROT calls ended, the changer's pace */

/*
 * A call on a protected key. The changer replaces the wrapping key every
 * half millisecond once the workers have got on, far more often than a
 * machine ever does, so a call may meet two changes in a row and
 * answer ZC_EKEY as documented: such a call leaves the stream position as
 * it was, and the worker simply calls again. Counted, and bounded below.
 */
#define PROT(call)                                                          \
    __extension__({                                                                     \
        int r_, n_ = 0;                                                     \
        while ((r_ = (call)) == ZC_EKEY && ++n_ < RETRIES)                  \
            atomic_fetch_add(&ekeys, 1);                                    \
        atomic_fetch_add(&finished, 1);                                     \
        r_;                                                                 \
    })

/* The reference: HMAC on the software backend with the clear key. */
static int ref_hmac(unsigned h, const uint8_t *msg, size_t len, uint8_t *mac)
{
    zc_hmac_ctx c;
    int rc = zc_hmac_init(&c, halgs[h], hkey[h], hkey_len[h], ZC_BACKEND_SOFTWARE);

    if (rc == ZC_OK)
        rc = zc_hmac_update(&c, msg, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final(&c, mac, zc_hash_size(halgs[h]));
    zc_hmac_wipe(&c);
    return rc;
}

/*
 * Single-threaded: protected HMAC against the software reference for key
 * lengths around the block (a longer key is hashed before wrapping), one-
 * shot and streamed; re-derivation before a call (a new wrapping key) and
 * in the middle of one (a cc 1 stop after some blocks, and at the final
 * step), one-shot and streaming; a derivation that fails mid-call.
 */
static void hmac_single(void)
{
    static const size_t msg_lens[] = { 0, 1, 63, 64, 65, 128, 129, 300 };
    uint8_t msg[300], key[150], a[64], b[64];
    uint64_t seed = 0x4d4143;
    unsigned h, i, j;
    char what[120];

    tu_fill(&seed, msg, sizeof msg);
    tu_fill(&seed, key, sizeof key);
    for (h = 0; h < 4; h++) {
        size_t bs = zc_hash_block_size(halgs[h]), ds = zc_hash_size(halgs[h]);
        const size_t klens[] = { 0, 20, bs - 1, bs, bs + 1, 150 };

        for (i = 0; i < sizeof klens / sizeof klens[0]; i++) {
            zc_hmac_key k;
            int ok = 1;

            memcpy(hkey[h], key, klens[i]);
            hkey_len[h] = klens[i];
            ok = zc_hmac_key_init_protected(&k, halgs[h], klens[i] ? key : NULL, klens[i]) ==
                     ZC_OK &&
                 zc_hmac_key_kind(&k) == ZC_HMAC_KEY_PROTECTED &&
                 zc_hmac_key_backend(&k) == ZC_BACKEND_CPACF;
            for (j = 0; ok && j < sizeof msg_lens / sizeof msg_lens[0]; j++) {
                zc_hmac_ctx c;
                size_t n = msg_lens[j], cut = n / 3;

                memset(b, 0, sizeof b);
                ok = ref_hmac(h, msg, n, a) == ZC_OK &&
                     zc_hmac_protected(&k, n ? msg : NULL, n, b, ds) == ZC_OK &&
                     memcmp(a, b, ds) == 0;
                memset(b, 0, sizeof b);
                ok = ok && zc_hmac_init_protected(&c, &k) == ZC_OK &&
                     zc_hmac_backend(&c) == ZC_BACKEND_CPACF &&
                     zc_hmac_update(&c, msg, cut) == ZC_OK &&
                     zc_hmac_update(&c, msg + cut, n - cut) == ZC_OK &&
                     zc_hmac_final(&c, b, ds) == ZC_OK && memcmp(a, b, ds) == 0;
                ok = ok && zc_hmac_protected_verify(&k, msg, n, a, ds) == ZC_OK;
                a[0] ^= 1;
                ok = ok && zc_hmac_protected_verify(&k, msg, n, a, ds) == ZC_EAUTH;
            }
            snprintf(what, sizeof what, "HMAC-%s, %zu-byte key: protected = software",
                     zc_hash_name(halgs[h]), klens[i]);
            check(ok, what);
            zc_hmac_key_wipe(&k);
        }
        /* the key the threads share: 150 bytes, hashed first */
        hkey_len[h] = 150;
        memcpy(hkey[h], key, 150);
        check(zc_hmac_key_init_protected(&hprot[h], halgs[h], key, 150) == ZC_OK,
              "shared protected HMAC key");

        {
            unsigned long d0;
            zc_hmac_ctx c;
            int ok;

            ref_hmac(h, msg, 300, a);
            /* before the call: the key field is stale from the start */
            zc_cpacf_sim_new_wrapping_key();
            d0 = zc_sim_platform_derivations();
            memset(b, 0, sizeof b);
            ok = zc_hmac_protected(&hprot[h], msg, 300, b, ds) == ZC_OK &&
                 memcmp(a, b, ds) == 0 && zc_sim_platform_derivations() > d0;
            snprintf(what, sizeof what, "HMAC-%s: re-derived before the call",
                     zc_hash_name(halgs[h]));
            check(ok, what);
            /* in the middle: a cc 1 stop after one block */
            zc_cpacf_sim_stop(bs, 1);
            memset(b, 0, sizeof b);
            ok = zc_hmac_protected(&hprot[h], msg, 300, b, ds) == ZC_OK &&
                 zc_cpacf_sim_stopped() && memcmp(a, b, ds) == 0;
            snprintf(what, sizeof what, "HMAC-%s: re-derived in the middle, one-shot",
                     zc_hash_name(halgs[h]));
            check(ok, what);
            /* streaming: the stop in the second update; then one at the
             * final step (nothing left but the pending bytes and the outer
             * hash), and one before the first block, after the key block */
            memset(b, 0, sizeof b);
            ok = zc_hmac_init_protected(&c, &hprot[h]) == ZC_OK &&
                 zc_hmac_update(&c, msg, 10) == ZC_OK;
            zc_cpacf_sim_stop(bs, 1);   /* before the second of two blocks */
            ok = ok && zc_hmac_update(&c, msg + 10, 2 * bs - 5) == ZC_OK &&
                 zc_cpacf_sim_stopped();
            zc_cpacf_sim_stop(0, 1);
            ok = ok && zc_hmac_update(&c, msg + 5 + 2 * bs, 295 - 2 * bs) == ZC_OK &&
                 zc_hmac_final(&c, b, ds) == ZC_OK && zc_cpacf_sim_stopped() &&
                 memcmp(a, b, ds) == 0;
            /* one-shot, less than a block: the stop comes at the final step,
             * after the key block, before anything of the message */
            zc_cpacf_sim_reset();
            ref_hmac(h, msg, 40, a);
            zc_cpacf_sim_stop(0, 1);
            memset(b, 0, sizeof b);
            ok = ok && zc_hmac_protected(&hprot[h], msg, 40, b, ds) == ZC_OK &&
                 zc_cpacf_sim_stopped() && memcmp(a, b, ds) == 0;
            /* a whole stream before its first block, after the key block */
            zc_cpacf_sim_stop(0, 1);
            ref_hmac(h, msg, 300, a);
            memset(b, 0, sizeof b);
            ok = ok && zc_hmac_protected(&hprot[h], msg, 300, b, ds) == ZC_OK &&
                 zc_cpacf_sim_stopped() && memcmp(a, b, ds) == 0;
            snprintf(what, sizeof what, "HMAC-%s: re-derived mid-stream and at the final step",
                     zc_hash_name(halgs[h]));
            check(ok, what);
            /* a derivation that fails: ZC_EKEY, no MAC, the stream wiped */
            zc_cpacf_sim_reset();
            memset(b, 0x5a, sizeof b);
            ok = zc_hmac_init_protected(&c, &hprot[h]) == ZC_OK &&
                 zc_hmac_update(&c, msg, 100) == ZC_OK;
            zc_sim_platform_fail(ZC_EDEVICE, 0);
            zc_cpacf_sim_new_wrapping_key();
            ok = ok && zc_hmac_update(&c, msg + 100, 200) == ZC_EKEY &&
                 zc_hmac_final(&c, b, ds) == ZC_ESTATE &&
                 zc_hmac_protected(&hprot[h], msg, 300, b, ds) == ZC_EKEY &&
                 zc_hmac_protected_verify(&hprot[h], msg, 300, a, ds) == ZC_EKEY &&
                 b[0] == 0x5a && b[ds - 1] == 0x5a;
            zc_sim_platform_fail(0, 0);
            ok = ok && zc_hmac_protected(&hprot[h], msg, 300, b, ds) == ZC_OK &&
                 memcmp(a, b, ds) == 0;
            snprintf(what, sizeof what, "HMAC-%s: a failed re-derivation is ZC_EKEY, no MAC",
                     zc_hash_name(halgs[h]));
            check(ok, what);
        }
    }
    {
        struct zc_backend_info bi;
        zc_hmac_key k;
        zc_hmac_ctx c;
        int ok = 1;

        for (h = 0; h < 4; h++)
            ok = ok && zc_hmac_protected_query(halgs[h], &bi) == ZC_OK &&
                 bi.backend == ZC_BACKEND_CPACF && bi.insn == ZC_INSN_KMAC &&
                 bi.fc == 120 + h && zc_cpacf_selftest(ZC_INSN_KMAC, 120 + h) == 1;
        check(ok, "protected HMAC query: KMAC 120-123, self-tests passed");
        check(zc_hmac_protected_query(ZC_SHA1, &bi) == ZC_EINVAL &&
              zc_hmac_protected_query(ZC_SHA256, NULL) == ZC_EINVAL &&
              zc_hmac_key_init_protected(&k, ZC_SHA1, key, 16) == ZC_EINVAL &&
              zc_hmac_key_init_protected(&k, ZC_SHA3_256, key, 16) == ZC_EINVAL &&
              zc_hmac_key_init_protected(&k, ZC_SHA256, NULL, 16) == ZC_EINVAL &&
              zc_hmac_key_kind(NULL) == ZC_HMAC_KEY_NONE &&
              zc_hmac_key_backend(NULL) == ZC_BACKEND_AUTO,
              "protected HMAC: bad arguments");
        ok = zc_hmac_key_init_protected(&k, ZC_SHA256, key, 16) == ZC_OK &&
             zc_hmac_init_protected(&c, &k) == ZC_OK;
        zc_hmac_key_wipe(&k);
        ok = ok && zc_hmac_key_kind(&k) == ZC_HMAC_KEY_NONE &&
             zc_hmac_update(&c, msg, 100) == ZC_ESTATE &&
             zc_hmac_init_protected(&c, &k) == ZC_ESTATE &&
             zc_hmac_protected(&k, msg, 1, b, 32) == ZC_ESTATE;
        check(ok, "protected HMAC: a wiped key is ZC_ESTATE for its stream");
    }
    {
        /* statistics: a protected key's MAC counts as protected */
        static struct zc_stats st;
        int id;

        zc_stats_enable(1);
        zc_stats_reset();
        zc_hmac_protected(&hprot[1], msg, 100, b, 32);
        zc_stats_snapshot(&st);
        zc_stats_enable(0);
        id = zc_stat_id(ZC_ALGO_SHA256, 0);
        check(id >= 0 && st.cell[id][ZC_STAT_PROTECTED][0].bytes == 100 &&
                  st.cell[id][ZC_STAT_CPACF][0].bytes == 0,
              "statistics: protected HMAC counted as protected");
    }
}

/* One round of every mode on key size i; 0 when all results are right. */
static int round_once(unsigned i, uint64_t *seed)
{
    uint8_t in[LEN], a[LEN + 16], b[LEN + 16], iv[16], iv2[16], tw[16];
    size_t len = 16 + (size_t)(tu_rand(seed) % (LEN - 16));
    const zc_aes_key *p = &prot[i], *c = &clear[i];
    int bad = 0;

    memset(in, 0, sizeof in);           /* CTR, XTS and CMAC read past len's fill */
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
        memset(b, 0, len + 3);
        bad |= PROT(zc_aes_xts_encrypt(&pxts[i / 2], NULL, tw, in, b, len + 3)) != ZC_OK;
        bad |= memcmp(a, b, len + 3) != 0;
        /* out of place: a call that answers ZC_EKEY is simply repeated */
        bad |= PROT(zc_aes_xts_decrypt(&pxts[i / 2], NULL, tw, b, a, len + 3)) != ZC_OK;
        bad |= memcmp(in, a, len + 3) != 0;
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
    {
        /* protected HMAC: one-shot, and a stream in two pieces */
        unsigned h = (unsigned)(tu_rand(seed) % 4);
        size_t cut = (size_t)(tu_rand(seed) % (len + 1)), ds = zc_hash_size(halgs[h]);
        zc_hmac_ctx hc;
        int r;

        bad |= ref_hmac(h, in, len, a) != ZC_OK;
        bad |= PROT(zc_hmac_protected(&hprot[h], in, len, b, ds)) != ZC_OK;
        bad |= memcmp(a, b, ds) != 0;
        r = zc_hmac_init_protected(&hc, &hprot[h]);
        if (r == ZC_OK)
            r = zc_hmac_update(&hc, in, cut);
        if (r == ZC_OK)
            r = zc_hmac_update(&hc, in + cut, len - cut);
        if (r == ZC_OK)
            r = zc_hmac_final(&hc, b, ds);
        if (r == ZC_EKEY) {             /* the stream is lost: once more, whole */
            atomic_fetch_add(&ekeys, 1);
            r = PROT(zc_hmac_protected(&hprot[h], in, len, b, ds));
        }
        bad |= r != ZC_OK || memcmp(a, b, ds) != 0;
        bad |= PROT(zc_hmac_protected_verify(&hprot[h], in, len, a, ds)) != ZC_OK;
    }
    atomic_fetch_add(&calls, kls[i] != 24 ? 17 : 15);
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
        unsigned long seen = atomic_load(&finished);

        zc_cpacf_sim_new_wrapping_key();
        ++*changes;
        nanosleep(&ts, NULL);
        /* The next change waits until the workers got on (WORKERS more
         * calls ended): on a loaded machine a descheduled worker would
         * otherwise meet change after change, each retry of its call two
         * in a row without progress, and run out of retries. */
        while (atomic_load(&finished) < seen + WORKERS && atomic_load(&workers_left) > 0)
            nanosleep(&ts, NULL);
    }
    return NULL;
}

int main(void)
{
    pthread_t w[WORKERS], ch;
    unsigned long changes = 0, derived0, derived;
    uint8_t key[32], key2[32], dk[64];
    uint64_t seed = 0x5eed;
    uint32_t gens = 0, hgens = 0, xgens = 0;
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
        if (kls[i] != 24) {
            memcpy(dk, key, kls[i]);
            memcpy(dk + kls[i], key2, kls[i]);
            ok &= zc_aes_xts_key_init_protected(&pxts[i / 2], dk, 2 * kls[i]) == ZC_OK;
        }
    }
    memset(dk, 0, sizeof dk);
    check(ok, "protected and clear keys, protected XTS double keys");
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
    hmac_single();
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
    for (i = 0; i < 4; i++)
        hgens += __atomic_load_n(&hprot[i].zc_pk.zc_gen, __ATOMIC_RELAXED);
    for (i = 0; i < 2; i++)
        xgens += __atomic_load_n(&pxts[i].zc_pk.zc_gen, __ATOMIC_RELAXED);
    printf("calls %lu, wrapping-key changes %lu, derivations %lu, publications %u, "
           "ZC_EKEY retried %lu\n", (unsigned long)atomic_load(&calls), changes, derived,
           (unsigned)gens, (unsigned long)atomic_load(&ekeys));
    check(atomic_load(&wrong) == 0, "every result equals the clear software key's");
    check(changes > 10, "the wrapping key changed while the workers ran");
    check(derived > 10, "calls re-derived keys");
    check(gens > 0, "fresh keys were published to the shared objects");
    check(hgens > 0, "fresh HMAC key fields were published to the shared HMAC keys");
    check(xgens > 0, "fresh key fields were published to the shared XTS double keys");
    check(atomic_load(&ekeys) * 10 < atomic_load(&calls), "ZC_EKEY stays rare under the churn");
    for (i = 0; i < 3; i++) {
        zc_aes_key_wipe(&prot[i]);
        zc_aes_key_wipe(&prot2[i]);
    }
    for (i = 0; i < 4; i++)
        zc_hmac_key_wipe(&hprot[i]);
    for (i = 0; i < 2; i++)
        zc_aes_key_wipe(&pxts[i]);
    return unit_done();
}
