/*
 * test_threads.c - the CPACF stand-in and its platform under
 * ThreadSanitizer: several threads issue encrypted-key instructions while
 * another changes the wrapping key.
 *
 * Each worker takes a random key and random data, runs a case once with
 * the clear function code and once with the encrypted one (AES, and
 * KMAC-HMAC 112-115 against 120-123, full XTS 82/84 against 90/92). On
 * cc 1 it derives the key field again (zc_plat_aes_protect_clear,
 * zc_plat_hmac_protect_clear or zc_plat_xts_protect_clear, as the library
 * does) into the same place (for 90/92 both parts, around the tweak and
 * NAP), keeping the rest of the parameter block, and
 * re-issues from where the instruction stopped. Every result must equal
 * the clear code's. The changer calls zc_cpacf_sim_new_wrapping_key()
 * until the workers are done and have met enough cc 1 stops, so the
 * resume path really ran. Built with -fsanitize=thread and run with
 * halt_on_error=1: any data race in the stand-in fails the test.
 * Prints "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"
#include "core/platform.h"
#include "sim_platform.h"
#include "zcrypt/common.h"

#include "../unit/unit.h"

enum { OP_KMA = 0xb929, OP_PCC = 0xb92c, OP_KMCTR = 0xb92d, OP_KM = 0xb92e, OP_KMC = 0xb92f };

enum { WORKERS = 3, ITERS = 150, MAX_ITERS = 20000, MIN_CC1 = 30, LEN = 256 };

/* One instruction: parameter bytes before/after the key field, operand
 * lengths; the encrypted code is the clear AES-128/XTS-128 one + 8. */
static const struct tcase {
    const char *name;
    unsigned op;
    unsigned long fc;
    size_t pre, post, len, aad;
    int xts;
} tcases[] = {
    { .name = "KMC", .op = OP_KMC, .fc = ZC_FC_AES_128, .pre = 16, .len = LEN },
    { .name = "KMCTR", .op = OP_KMCTR, .fc = ZC_FC_AES_128, .len = LEN },
    { .name = "KM XTS decipher", .op = OP_KM, .fc = ZC_FC_XTS_AES_128 | ZC_CPACF_DECRYPT,
      .post = 16, .len = LEN, .xts = 1 },
    { .name = "KMA GCM", .op = OP_KMA,
      .fc = ZC_FC_KMA_GCM_AES_128 | ZC_KMA_LAAD | ZC_KMA_LPC, .pre = 80, .len = LEN - 7,
      .aad = 40 },
    { .name = "PCC CMAC", .op = OP_PCC, .fc = ZC_FC_AES_128, .pre = 40 },
};

#define NCASES (sizeof tcases / sizeof tcases[0])

static atomic_int workers_done;
static atomic_ulong total_cc1;

struct worker {
    pthread_t tid;
    uint64_t rng;
    unsigned long runs[NCASES], bad[NCASES], cc1, other;
    unsigned long hruns, hbad;  /* KMAC-HMAC 112-115 against 120-123 */
    unsigned long xruns, xbad;  /* full XTS 82/84 against 90/92 */
};

static void wfill(struct worker *w, uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        w->rng ^= w->rng << 13;
        w->rng ^= w->rng >> 7;
        w->rng ^= w->rng << 17;
        p[i] = (uint8_t)(w->rng >> 32);
    }
}

static void set_gr(unsigned long gr[8], unsigned long fc, void *param, void *out,
                   const void *in, size_t len, const void *r6, size_t r7)
{
    gr[0] = fc;
    gr[1] = (unsigned long)(uintptr_t)param;
    gr[2] = (unsigned long)(uintptr_t)out;
    gr[3] = 0;
    gr[4] = (unsigned long)(uintptr_t)in;
    gr[5] = len;
    gr[6] = (unsigned long)(uintptr_t)r6;
    gr[7] = r7;
}

/* One case, clear then encrypted; 1 when both ended alike. */
static int one_case(struct worker *w, const struct tcase *tc, size_t klen)
{
    unsigned long fc = tc->fc + (tc->xts ? (klen == 32 ? 2 : 0) : (klen - 16) / 8);
    uint8_t key[32], pre[80], post[16], in[LEN], r6[LEN];
    uint8_t pc[80 + 32 + 16], pe[80 + 64 + 16], oc[LEN], oe[LEN];
    unsigned long gc[8], ge[8];
    size_t kflen;
    unsigned tries = 0;
    int cc;

    wfill(w, key, klen);
    wfill(w, pre, sizeof pre);
    wfill(w, post, sizeof post);
    wfill(w, in, sizeof in);
    wfill(w, r6, sizeof r6);
    if (tc->op == OP_PCC)
        pre[0] = 8 * 16;                /* CMAC: ML, a whole block */

    memcpy(pc, pre, tc->pre);
    memcpy(pc + tc->pre, key, klen);
    memcpy(pc + tc->pre + klen, post, tc->post);
    memset(oc, 0, sizeof oc);
    set_gr(gc, fc, pc, oc, in, tc->len, r6, tc->aad);
    do
        cc = zc_cpacf_sim_insn(tc->op, gc);
    while (cc == 3);
    if (cc != 0)
        return 0;

    if (zc_plat_aes_protect_clear(key, klen, pe + tc->pre, &kflen) != ZC_OK)
        return 0;
    memcpy(pe, pre, tc->pre);
    memcpy(pe + tc->pre + kflen, post, tc->post);
    memset(oe, 0, sizeof oe);
    set_gr(ge, fc + 8, pe, oe, in, tc->len, r6, tc->aad);
    for (;;) {
        cc = zc_cpacf_sim_insn(tc->op, ge);
        if (cc == 3)
            continue;
        if (cc != 1)
            break;
        /* The wrapping key changed: derive again, in place, and resume. */
        w->cc1++;
        atomic_fetch_add_explicit(&total_cc1, 1, memory_order_relaxed);
        if (++tries > 100000 ||
            zc_plat_aes_protect_clear(key, klen, pe + tc->pre, &kflen) != ZC_OK)
            return 0;
    }
    return cc == 0 && !memcmp(oc, oe, sizeof oc) && !memcmp(pc, pe, tc->pre) &&
           !memcmp(pc + tc->pre + klen, pe + tc->pre + kflen, tc->post) &&
           gc[2] - (unsigned long)(uintptr_t)oc == ge[2] - (unsigned long)(uintptr_t)oe &&
           !memcmp(gc + 3, ge + 3, 5 * sizeof gc[0]);
}

/*
 * KMAC-HMAC, clear (112-115) then encrypted (120-123): K0 of the block's
 * length, a final operation over the whole message; on cc 1 K0 is wrapped
 * again into the key field and the instruction re-issued with GR0 as it
 * left it (its IKP flag). 1 when both MACs are equal.
 */
static int hmac_case(struct worker *w, unsigned fc)
{
    int big = fc >= ZC_FC_HMAC_SHA_384;
    size_t bs = big ? 128 : 64, koff = big ? 80 : 40, kflen;
    uint8_t k0[128], in[LEN], pc[80 + 128], pe[80 + 160];
    unsigned long gc[8], ge[8];
    unsigned tries = 0;
    int cc;

    wfill(w, k0, bs);
    wfill(w, in, sizeof in);
    memset(pc, 0, sizeof pc);
    pc[koff - 2] = (uint8_t)((LEN - 5) * 8 >> 8);  /* imbl, big-endian */
    pc[koff - 1] = (uint8_t)((LEN - 5) * 8);
    memcpy(pc + koff, k0, bs);
    set_gr(gc, fc, pc, NULL, in, LEN - 5, NULL, 0);
    do
        cc = zc_cpacf_sim_insn(0xb91e, gc);
    while (cc == 3);
    if (cc != 0)
        return 0;
    memcpy(pe, pc, koff);
    if (zc_plat_hmac_protect_clear(k0, bs, pe + koff, &kflen) != ZC_OK || kflen != bs + 32)
        return 0;
    set_gr(ge, fc + 8, pe, NULL, in, LEN - 5, NULL, 0);
    for (;;) {
        cc = zc_cpacf_sim_insn(0xb91e, ge);
        if (cc == 3)
            continue;
        if (cc != 1)
            break;
        w->cc1++;
        atomic_fetch_add_explicit(&total_cc1, 1, memory_order_relaxed);
        if (++tries > 100000 || zc_plat_hmac_protect_clear(k0, bs, pe + koff, &kflen) != ZC_OK)
            return 0;
    }
    return cc == 0 && ge[5] == 0 && !memcmp(pc, pe, big ? 64 : 32);
}

/*
 * Full XTS, clear (82/84: K1 | K2 | tweak | NAP) then encrypted (90/92:
 * wrapped K1 || K2 | tweak | NAP | WKVP); on cc 1 the double key is
 * wrapped again and placed in its two parts, the tweak and the NAP the
 * machine left kept. 1 when both ciphertexts are equal.
 */
static int fxts_case(struct worker *w, int big)
{
    size_t kl = big ? 32 : 16, dk = 2 * kl, plen;
    uint8_t key[64], in[LEN], oc[LEN], oe[LEN], pc[96], pe[128], prot[96];
    unsigned long gc[8], ge[8];
    unsigned tries = 0;
    int cc;

    wfill(w, key, dk);
    wfill(w, in, sizeof in);
    memset(pc, 0, sizeof pc);
    memcpy(pc, key, dk);
    wfill(w, pc + dk, 16);                      /* the tweak */
    pc[dk + 16] = 1;                            /* NAP = alpha^0 */
    set_gr(gc, big ? ZC_FC_FXTS_AES_256 : ZC_FC_FXTS_AES_128, pc, oc, in, LEN, NULL, 0);
    do
        cc = zc_cpacf_sim_insn(OP_KM, gc);
    while (cc == 3);
    if (cc != 0)
        return 0;
    memset(pe, 0, sizeof pe);
    memcpy(pe + dk, pc + dk, 16);               /* the same tweak, NAP = 1 */
    pe[dk + 16] = 1;
    if (zc_plat_xts_protect_clear(key, dk, prot, &plen) != ZC_OK || plen != dk + 32)
        return 0;
    memcpy(pe, prot, dk);
    memcpy(pe + dk + 32, prot + dk, 32);
    set_gr(ge, big ? ZC_FC_ENC_FXTS_AES_256 : ZC_FC_ENC_FXTS_AES_128, pe, oe, in, LEN, NULL, 0);
    for (;;) {
        cc = zc_cpacf_sim_insn(OP_KM, ge);
        if (cc == 3)
            continue;
        if (cc != 1)
            break;
        w->cc1++;
        atomic_fetch_add_explicit(&total_cc1, 1, memory_order_relaxed);
        if (++tries > 100000 || zc_plat_xts_protect_clear(key, dk, prot, &plen) != ZC_OK)
            return 0;
        memcpy(pe, prot, dk);
        memcpy(pe + dk + 32, prot + dk, 32);
    }
    return cc == 0 && ge[5] == 0 && !memcmp(oc, oe, LEN) && !memcmp(pc + dk, pe + dk, 32);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    static const size_t klens[] = { 16, 24, 32 };
    unsigned long i;

    for (i = 0; i < MAX_ITERS; i++) {
        const struct tcase *tc = &tcases[i % NCASES];
        size_t klen = klens[i / NCASES % 3];

        if (i >= ITERS && atomic_load(&total_cc1) >= MIN_CC1)
            break;
        if (tc->xts && klen == 24)
            klen = 32;
        w->runs[i % NCASES]++;
        if (!one_case(w, tc, klen))
            w->bad[i % NCASES]++;
        if (i % NCASES == 0) {
            w->hruns++;
            if (!hmac_case(w, ZC_FC_HMAC_SHA_224 + (unsigned)(i / NCASES % 4)))
                w->hbad++;
            w->xruns++;
            if (!fxts_case(w, (int)(i / NCASES % 2)))
                w->xbad++;
        }
    }
    atomic_fetch_add(&workers_done, 1);
    return NULL;
}

static void *changer_main(void *arg)
{
    unsigned long *changes = arg;
    struct timespec ts = { 0, 20000 };

    while (atomic_load(&workers_done) < WORKERS) {
        zc_cpacf_sim_new_wrapping_key();
        ++*changes;
        nanosleep(&ts, NULL);
    }
    return NULL;
}

int main(void)
{
    static struct worker w[WORKERS];
    unsigned long changes = 0, cc1 = 0, before = zc_sim_platform_derivations(), enc = 0;
    pthread_t changer;
    char what_h[120];
    size_t i, j;
    int ok = 1;

    for (i = 0; i < WORKERS; i++) {
        w[i].rng = 0x9E3779B97F4A7C15u * (i + 1);
        ok = ok && pthread_create(&w[i].tid, NULL, worker_main, &w[i]) == 0;
    }
    ok = ok && pthread_create(&changer, NULL, changer_main, &changes) == 0;
    check(ok, "threads started");
    if (!ok)
        return unit_done();
    for (i = 0; i < WORKERS; i++)
        pthread_join(w[i].tid, NULL);
    pthread_join(changer, NULL);

    for (j = 0; j < NCASES; j++) {
        unsigned long runs = 0, bad = 0;
        char what[120];

        for (i = 0; i < WORKERS; i++) {
            runs += w[i].runs[j];
            bad += w[i].bad[j];
        }
        snprintf(what, sizeof what, "%s: %lu runs across %d threads, encrypted = clear",
                 tcases[j].name, runs, WORKERS);
        check(runs > 0 && bad == 0, what);
    }
    {
        unsigned long hruns = 0, hbad = 0;

        for (i = 0; i < WORKERS; i++) {
            hruns += w[i].hruns;
            hbad += w[i].hbad;
        }
        snprintf(what_h, sizeof what_h,
                 "KMAC-HMAC: %lu runs across %d threads, encrypted (120-123) = clear", hruns,
                 WORKERS);
        check(hruns > 0 && hbad == 0, what_h);
        hruns = hbad = 0;
        for (i = 0; i < WORKERS; i++) {
            hruns += w[i].xruns;
            hbad += w[i].xbad;
        }
        snprintf(what_h, sizeof what_h,
                 "full XTS: %lu runs across %d threads, encrypted (90/92) = clear (82/84)",
                 hruns, WORKERS);
        check(hruns > 0 && hbad == 0, what_h);
    }
    for (i = 0; i < WORKERS; i++)
        cc1 += w[i].cc1;
    for (j = 26; j <= 28; j++)
        enc += zc_cpacf_sim_executed(OP_KMC, (unsigned)j) + zc_cpacf_sim_executed(OP_KMA, (unsigned)j);
    printf("INFO %lu wrapping-key changes, %lu cc 1 stops resumed, %lu derivations\n",
           changes, cc1, zc_sim_platform_derivations() - before);
    check(cc1 >= MIN_CC1, "the workers met wrapping-key changes (cc 1) and resumed");
    check(zc_sim_platform_derivations() - before >= cc1, "every cc 1 made a derivation");
    check(enc > 0, "the execution counters counted the encrypted codes");
    for (j = 120, enc = 0; j <= 123; j++)
        enc += zc_cpacf_sim_executed(0xb91e, (unsigned)j);
    check(enc > 0, "the execution counters counted KMAC 120-123");
    enc = zc_cpacf_sim_executed(OP_KM, 90) + zc_cpacf_sim_executed(OP_KM, 92);
    check(enc > 0, "the execution counters counted KM 90/92");
    return unit_done();
}
