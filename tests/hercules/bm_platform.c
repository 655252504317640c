/*
 * bm_platform.c - the library's platform interface (lib/platform.h) for a
 * supervisor-state program with no operating system.
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
 * next one on (re-derivation tests); there are no secure-key blobs and no
 * kernel to generate keys.
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

int zc_plat_aes_protect_blob(const uint8_t *blob, size_t blob_len,
                             uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len,
                             size_t *key_len)
{
    (void)blob;
    (void)blob_len;
    (void)prot;
    (void)prot_len;
    (void)key_len;
    return ZC_ENOTSUP;
}

int zc_plat_aes_generate_protected(size_t key_len, uint8_t prot[ZC_PROTKEY_MAX],
                                   size_t *prot_len)
{
    (void)key_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}

/* No kernel, so no zcrypt driver: RSA runs in software. */
int zc_plat_cex_modexpo(const uint8_t *in, const uint8_t *e, const uint8_t *n,
                        uint8_t *out, size_t len)
{
    (void)in;
    (void)e;
    (void)n;
    (void)out;
    (void)len;
    return ZC_ENOTSUP;
}

int zc_plat_cex_crt(const uint8_t *in, size_t len, const uint8_t *bp, const uint8_t *bq,
                    const uint8_t *np, const uint8_t *nq, const uint8_t *u, uint8_t *out)
{
    (void)in;
    (void)len;
    (void)bp;
    (void)bq;
    (void)np;
    (void)nq;
    (void)u;
    (void)out;
    return ZC_ENOTSUP;
}

enum zc_cex_state zc_plat_cex_state(void)
{
    return ZC_CEX_NO_INTERFACE;
}
