/*
 * bm_platform.c - the library's platform interface (lib/core/platform.h)
 * for a supervisor-state program with no operating system: what bare
 * metal answers differently from Linux. The kernel interfaces it lacks
 * (secure-key blobs and random protected keys through /dev/pkey, Crypto
 * Express through /dev/z90crypt) answer "not here" from the one place
 * that says so for every platform without them, the ZC_FREESTANDING end
 * of lib/linux/pkey.c and lib/linux/z90crypt.c (freestanding there: no
 * header beyond platform.h, util.h and zcrypt/common.h, no libc call),
 * which meson.build links in.
 */
#include <stddef.h>

#include <zcrypt.h>
#include "core/platform.h"
#include "asm/cpacf.h"

/* No OS in the way: STFLE is never intercepted. */
int zc_plat_stfle_allowed(void)
{
    return 1;
}

/* bm_main runs in supervisor state, so PCKMO may be issued. */
int zc_plat_privileged(void)
{
    return 1;
}

/*
 * There is no environment. A variant image may be built with
 * -DBM_CAPS="\"...\"" to test how the core applies a ZCRYPT_CAPS mask.
 */
const char *zc_plat_caps_env(void)
{
#ifdef BM_CAPS
    return BM_CAPS;
#else
    return NULL;
#endif
}

/* No environment: statistics and policy are set by calls only. */
const char *zc_plat_stats_env(void)
{
    return NULL;
}

const char *zc_plat_policy_env(void)
{
    return NULL;
}

/* No kernel, no entropy source. */
int zc_plat_getrandom(void *buf, size_t len)
{
    (void)buf;
    (void)len;
    return ZC_ENOTSUP;
}

/*
 * Protected keys in supervisor state: PCKMO wraps the clear key in place
 * under the machine's wrapping key (wrapped key, then the 32-byte
 * verification pattern). bm_pckmo_fail makes derivations fail from the
 * next one on (re-derivation tests). Blobs and random keys need a kernel:
 * lib/linux/pkey.c answers ZC_ENOTSUP for them.
 */
int bm_pckmo_fail;

int zc_plat_aes_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len)
{
    uint8_t pb[ZC_PROTKEY_MAX] __attribute__((aligned(8)));
    unsigned long fc;
    size_t i;

    switch (key_len) {
    case 16: fc = ZC_FC_PCKMO_AES_128; break;
    case 24: fc = ZC_FC_PCKMO_AES_192; break;
    case 32: fc = ZC_FC_PCKMO_AES_256; break;
    default: return ZC_EINVAL;
    }
    if (bm_pckmo_fail)
        return ZC_EDEVICE;
    if (!zc_cpacf_has(ZC_INSN_PCKMO, (unsigned)fc))
        return ZC_ENOTSUP;
    for (i = 0; i < sizeof(pb); i++)
        pb[i] = i < key_len ? key[i] : 0;
    zc_pckmo(fc, pb);
    for (i = 0; i < key_len + 32; i++)
        prot[i] = pb[i];
    for (i = 0; i < sizeof(pb); i++)
        ((volatile uint8_t *)pb)[i] = 0;
    *prot_len = key_len + 32;
    return ZC_OK;
}
