/*
 * aes_calls.c - s390x harness for counting the library's own instructions
 * around KM, KMC and KMCTR under qemu-s390x, which has no AES function
 * codes (tests/bench/insncount.sh drives it).
 *
 *   aes_calls OP LEN N        OP: ecb, cbc or ctr (AES-128, clear key)
 *   aes_calls_shared OP LEN N the same, with the shared statistics linked
 *
 * Two stand-ins make the CPACF path run where the emulator lacks it:
 *  - zc_caps_decide is wrapped (-Wl,--wrap): the library's own decision
 *    runs and is counted, then an AES KM/KMC/KMCTR answer is turned into
 *    CPACF, as on a machine that has the function;
 *  - the instruction then stops with a specification exception (SIGILL);
 *    the handler does what a completed instruction leaves behind: the
 *    operand registers advanced by the length, the length register zero,
 *    condition code 0, and the PSW after the instruction. It computes no
 *    ciphertext: the output is not checked, only the path is counted.
 * The script counts only instructions inside the library's code (one
 * address range, from the static library's symbols), so neither this file
 * nor the handler nor the emulator's signal delivery is counted. What is
 * counted is every instruction of the library from the call's entry to
 * its return, the CPACF instruction itself once.
 * Built non-PIE and linked with the static library (tests/bench/meson.build).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <zcrypt.h>

#include "core/caps.h"

void __real_zc_caps_decide(const struct zc_cpacf_need *need, unsigned n,
                           struct zc_backend_info *info);
void __wrap_zc_caps_decide(const struct zc_cpacf_need *need, unsigned n,
                           struct zc_backend_info *info);

static unsigned long emulated;

void __wrap_zc_caps_decide(const struct zc_cpacf_need *need, unsigned n,
                           struct zc_backend_info *info)
{
    unsigned i, aes = n > 0;

    __real_zc_caps_decide(need, n, info);
    for (i = 0; i < n; i++)
        aes &= (need[i].insn == ZC_INSN_KM || need[i].insn == ZC_INSN_KMC ||
                need[i].insn == ZC_INSN_KMCTR) && need[i].fc >= 18 && need[i].fc <= 20;
    if (aes) {
        info->backend = ZC_BACKEND_CPACF;
        info->reason = ZC_REASON_CPACF;
    }
}

/* KM, KMC (RRE: b9xx 00 R1R2) and KMCTR (RRF: b92d R3.0 R1R2). */
static void on_sigill(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    const unsigned char *p = si->si_addr;
    unsigned long *gr = uc->uc_mcontext.gregs;
    unsigned r1 = p[3] >> 4, r2 = p[3] & 15, len;

    (void)sig;
    if (p[0] != 0xb9 || (p[1] != 0x2e && p[1] != 0x2f && p[1] != 0x2d))
        abort();                                    /* not ours: a real fault */
    len = gr[r2 + 1];
    gr[r1] += len;
    gr[r2] += len;
    if (p[1] == 0x2d)
        gr[p[2] >> 4] += len;                       /* KMCTR's counter operand */
    gr[r2 + 1] = 0;
    uc->uc_mcontext.psw.mask &= ~(3ul << 44);        /* cc 0 */
    uc->uc_mcontext.psw.addr = (unsigned long)si->si_addr + 4;
    emulated++;
}

static uint8_t buf[16384] __attribute__((aligned(256)));

int main(int argc, char **argv)
{
    static const uint8_t key[16] = { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                     0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };
    struct sigaction sa;
    uint8_t iv[16] = { 0 };
    zc_aes_key k;
    const char *op = argc > 1 ? argv[1] : "";
    size_t len;
    long n, i;
    int rc = ZC_OK;

    if (argc != 4 || (strcmp(op, "ecb") && strcmp(op, "cbc") && strcmp(op, "ctr"))) {
        fprintf(stderr, "usage: aes_calls ecb|cbc|ctr LEN N\n");
        return 2;
    }
    len = strtoul(argv[2], NULL, 10);
    n = strtol(argv[3], NULL, 10);
    if (len > sizeof(buf) || n < 0)
        return 2;
#ifdef ZC_BENCH_SHARED
    /* aes_calls_shared: a static binary links the shared mode's object
     * (and with it the constructor that attaches) only through a call of
     * it; the run must count into the segment, and say so. */
    if (getenv("ZCRYPT_STATS") != NULL && strcmp(getenv("ZCRYPT_STATS"), "shared") == 0 &&
        zc_stats_shared_status() != ZC_STATS_SHARED_ACTIVE) {
        fprintf(stderr, "aes_calls: shared statistics not active: %s\n",
                zc_stats_shared_reason(zc_stats_shared_status()));
        return 1;
    }
#endif
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_sigill;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGILL, &sa, NULL);
    if (zc_aes_key_init(&k, key, 16, ZC_BACKEND_CPACF) != ZC_OK) {
        fprintf(stderr, "aes_calls: no CPACF key\n");
        return 1;
    }
    for (i = 0; i < n + 2 && rc == ZC_OK; i++) {
        if (strcmp(op, "ecb") == 0)
            rc = zc_aes_ecb_encrypt(&k, buf, buf, len);
        else if (strcmp(op, "cbc") == 0)
            rc = zc_aes_cbc_encrypt(&k, iv, buf, buf, len);
        else
            rc = zc_aes_ctr_crypt(&k, iv, buf, buf, len);
    }
    if (rc != ZC_OK || emulated == 0) {
        fprintf(stderr, "aes_calls: %s failed (%s), %lu instructions emulated\n", op,
                zc_strerror(rc), emulated);
        return 1;
    }
    printf("%s len=%zu ok (%lu CPACF instructions)\n", op, len, emulated);
    return 0;
}
