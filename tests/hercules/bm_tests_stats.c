/*
 * bm_tests_stats.c - statistics and the hardware-only policy on the
 * bare-metal tier, where AES runs on CPACF (Hercules has KM/KMC-AES and
 * PCKMO): the counters move for CPACF, for a protected key as protected,
 * and never for software; under the policy a software key is refused while
 * CPACF keys keep working. There is no environment here: both are switched
 * by their calls.
 */
#include <zcrypt.h>

#include <string.h>

#include "bm.h"
#include "bm_tests.h"

static struct zc_stats snap;

/* The cell (row, backend, direction 0) holds calls/bytes, and the row's
 * other backends hold nothing. */
static int only(int row, enum zc_stat_backend be, uint64_t calls, uint64_t bytes)
{
    unsigned b;

    if (row < 0 || zc_stats_snapshot(&snap) != ZC_OK)
        return 0;
    for (b = 0; b < ZC_STAT_BACKENDS; b++) {
        const struct zc_stat_cell *c = &snap.cell[row][b][0];

        if (b == (unsigned)be ? (c->calls != calls || c->bytes != bytes) : c->calls != 0)
            return 0;
    }
    return 1;
}

static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };

void bm_tests_stats(void)
{
    uint8_t buf[64], iv[16], d[32];
    zc_aes_key k;
    int ok;

    memset(buf, 0, sizeof buf);
    memset(iv, 0, sizeof iv);
    bm_result("stats.off-by-default", zc_stats_enabled() == 0, "no environment: off");
    zc_stats_enable(1);

    zc_stats_reset();
    ok = zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO) == ZC_OK &&
         zc_aes_ecb_encrypt(&k, buf, buf, 32) == ZC_OK &&
         only(zc_stat_id(ZC_ALGO_AES_ECB, 16), ZC_STAT_CPACF, 1, 32);
    zc_aes_key_wipe(&k);
    bm_result("stats.aes-128-ecb-cpacf", ok, "one call, 32 bytes, on CPACF only");

    zc_stats_reset();
    ok = zc_aes_key_init_protected(&k, key, 32) == ZC_OK &&
         zc_aes_cbc_encrypt(&k, iv, buf, buf, 64) == ZC_OK &&
         only(zc_stat_id(ZC_ALGO_AES_CBC, 32), ZC_STAT_PROTECTED, 1, 64);
    zc_aes_key_wipe(&k);
    bm_result("stats.aes-256-cbc-protected", ok, "a PCKMO key counts as protected");

    zc_stats_reset();
    ok = zc_aes_key_init(&k, key, 24, ZC_BACKEND_SOFTWARE) == ZC_OK &&
         zc_aes_ecb_encrypt(&k, buf, buf, 16) == ZC_OK &&
         only(zc_stat_id(ZC_ALGO_AES_ECB, 24), ZC_STAT_SOFTWARE, 1, 16);
    zc_aes_key_wipe(&k);
    bm_result("stats.aes-192-ecb-software", ok, "a software key counts as software");

    zc_stats_reset();
    ok = zc_hash(ZC_SHA256, buf, 10, d, 32) == ZC_OK &&
         only(zc_stat_id(ZC_ALGO_SHA256, 0), ZC_STAT_CPACF, 1, 10);
    bm_result("stats.sha256-cpacf", ok, "KIMD/KLMD SHA-256");
    zc_stats_enable(0);

    /* the policy: software refused, CPACF unaffected */
    ok = zc_policy_set(ZC_POLICY_HW_ONLY) == ZC_OK &&
         zc_aes_key_init(&k, key, 16, ZC_BACKEND_SOFTWARE) == ZC_ENOTSUP &&
         zc_aes_key_init(&k, key, 16, ZC_BACKEND_AUTO) == ZC_OK &&
         zc_aes_cbc_encrypt(&k, iv, buf, buf, 32) == ZC_OK &&
         zc_hash(ZC_SHA256, buf, 10, d, 32) == ZC_OK;
    zc_aes_key_wipe(&k);
    ok = ok && zc_policy_set(ZC_POLICY_ANY) == ZC_OK &&
         zc_aes_key_init(&k, key, 16, ZC_BACKEND_SOFTWARE) == ZC_OK;
    zc_aes_key_wipe(&k);
    bm_result("stats.policy-hw-only", ok, "software key refused, CPACF keys run");
}
