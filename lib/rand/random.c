/*
 * random.c - zc_random_bytes: the kernel's getrandom(), XORed with
 * PRNO-TRNG output where the machine has it (issued by rand_cpacf.c).
 *
 * XOR of two independent sources is at least as unpredictable as the
 * better one, so a weak or backdoored source alone cannot decide the
 * output. There is no user-space state to seed or to duplicate on fork.
 */
#include "core/caps.h"
#include "core/platform.h"
#include "core/stats.h"
#include "core/util.h"
#include "rand_int.h"
#include "asm/cpacf.h"

#ifdef ZC_HAVE_CPACF
/* XOR TRNG output into buf; 0 on success. */
static int mix_trng(uint8_t *buf, size_t len)
{
    uint8_t tmp[64] __attribute__((aligned(8)));
    int rc = 0;

    while (len) {
        size_t n = len < sizeof(tmp) ? len : sizeof(tmp);
        size_t i;

        if (zc_rand_cpacf_trng(tmp, n) != ZC_OK) {
            rc = -1;
            break;
        }
        for (i = 0; i < n; i++)
            buf[i] ^= tmp[i];
        buf += n;
        len -= n;
    }
    zc_wipe(tmp, sizeof(tmp));
    return rc;
}
#endif

int zc_random_bytes(void *buf, size_t len)
{
    int rc;

    if (zc_bad_ptr(buf, len))
        return ZC_EINVAL;
    if (len == 0)
        return ZC_OK;
    rc = zc_plat_getrandom(buf, len);
#ifdef ZC_HAVE_CPACF
    if (zc_caps_reason(ZC_INSN_PRNO, ZC_FC_PRNO_TRNG) == ZC_REASON_CPACF) {
        zc_stat_count(ZC_ALGO_RANDOM, 0, ZC_STAT_CPACF, 0, len);
        if (rc == ZC_OK && mix_trng(buf, len) != 0)
            rc = ZC_EDEVICE;
    } else
#endif
    {
        /* The kernel's source alone: counted as not CPACF. */
        zc_stat_count(ZC_ALGO_RANDOM, 0, ZC_STAT_SOFTWARE, 0, len);
    }
    if (rc != ZC_OK)
        zc_wipe(buf, len);
    return rc;
}
