/*
 * sim_platform.c - the platform of the test build with the CPACF stand-in:
 * STFLE "may be issued" (it goes to tests/sim/cpacf_sim.c), nothing is
 * privileged, and protected AES, HMAC, EC and XTS double keys are wrapped
 * by the stand-in's simulated firmware wrapping key (zc_cpacf_sim_wrap and
 * its HMAC, EC and XTS twins) where Linux asks
 * /dev/pkey. It replaces lib/linux/auxv.c and the pkey interface; the
 * environment and getrandom() are Linux's as usual.
 *
 * Secure-key blobs are a test format (sim_platform.h), and a test can make
 * derivations fail after a number of successful ones to exercise the
 * library's error paths (zc_sim_platform_fail).
 */
#include <stdatomic.h>
#include <string.h>

#include "cpacf_sim.h"
#include "core/platform.h"
#include "sim_platform.h"
#include "core/util.h"
#include "zcrypt/common.h"

int zc_plat_stfle_allowed(void)
{
    return 1;
}

int zc_plat_privileged(void)
{
    return 0;
}

/* The failure knob: rc to return once `left` successful derivations have
 * been used up; 0 when off. */
static atomic_int fail_rc;
static atomic_long fail_left;
static atomic_ulong derivations;

void zc_sim_platform_fail(int rc, int after)
{
    atomic_store(&fail_left, after < 0 ? 0 : after);
    atomic_store(&fail_rc, rc);
}

unsigned long zc_sim_platform_derivations(void)
{
    return atomic_load_explicit(&derivations, memory_order_relaxed);
}

/* One derivation begins: count it; ZC_OK to go on, or the injected
 * failure. */
static int derivation(void)
{
    int rc;
    long left;

    atomic_fetch_add_explicit(&derivations, 1, memory_order_relaxed);
    rc = atomic_load(&fail_rc);
    if (rc == 0)
        return ZC_OK;
    left = atomic_load(&fail_left);
    while (left > 0)
        if (atomic_compare_exchange_weak(&fail_left, &left, left - 1))
            return ZC_OK;
    return rc;
}

static int aes_key_len_ok(size_t key_len)
{
    return key_len == 16 || key_len == 24 || key_len == 32;
}

int zc_plat_aes_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len)
{
    int rc;

    if (key == NULL || prot == NULL || prot_len == NULL || !aes_key_len_ok(key_len))
        return ZC_EINVAL;
    rc = derivation();
    return rc != ZC_OK ? rc : zc_cpacf_sim_wrap(key, key_len, prot, prot_len);
}

int zc_plat_aes_protect_blob(const uint8_t *blob, size_t blob_len,
                             uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len,
                             size_t *key_len)
{
    size_t n;
    int rc;

    if (blob == NULL || prot == NULL || prot_len == NULL || key_len == NULL)
        return ZC_EINVAL;
    if (blob_len < ZC_SIM_BLOB_LEN(0) || memcmp(blob, ZC_SIM_BLOB_MAGIC, 8) != 0)
        return ZC_EKEY;
    n = blob[8];
    if (!aes_key_len_ok(n) || blob_len != ZC_SIM_BLOB_LEN(n))
        return ZC_EKEY;
    rc = derivation();
    if (rc == ZC_OK)
        rc = zc_cpacf_sim_wrap(blob + ZC_SIM_BLOB_LEN(0), n, prot, prot_len);
    if (rc == ZC_OK)
        *key_len = n;
    return rc;
}

int zc_plat_aes_generate_protected(size_t key_len, uint8_t prot[ZC_PROTKEY_MAX],
                                   size_t *prot_len)
{
    uint8_t key[32];
    int rc;

    if (prot == NULL || prot_len == NULL || !aes_key_len_ok(key_len))
        return ZC_EINVAL;
    rc = derivation();
    if (rc == ZC_OK)
        rc = zc_plat_getrandom(key, key_len);
    if (rc == ZC_OK)
        rc = zc_cpacf_sim_wrap(key, key_len, prot, prot_len);
    zc_wipe(key, sizeof key);
    return rc;
}

/* Protected HMAC keys: K0 wrapped by the stand-in, as the kernel's
 * PKEY_KBLOB2PROTK3 with a clear-key token would. */
int zc_plat_hmac_protect_clear(const uint8_t *k0, size_t k0_len,
                               uint8_t prot[ZC_HMAC_PROTKEY_MAX], size_t *prot_len)
{
    int rc;

    if (k0 == NULL || prot == NULL || prot_len == NULL || (k0_len != 64 && k0_len != 128))
        return ZC_EINVAL;
    rc = derivation();
    return rc != ZC_OK ? rc : zc_cpacf_sim_wrap_hmac(k0, k0_len, prot, prot_len);
}

/* Protected EC keys: the key as the clear-key token takes it, wrapped by
 * the stand-in (PKEY_KBLOB2PROTK3 with a clear-key token on Linux). */
static size_t ec_key_len(enum zc_plat_ec curve)
{
    switch (curve) {
    case ZC_PLAT_EC_P256:
    case ZC_PLAT_EC_ED25519:
        return 32;
    case ZC_PLAT_EC_P384:
        return 48;
    case ZC_PLAT_EC_P521:
        return 80;
    case ZC_PLAT_EC_ED448:
        return 64;
    }
    return 0;
}

int zc_plat_ec_protect_clear(enum zc_plat_ec curve, const uint8_t *key, size_t key_len,
                             uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len)
{
    int rc;

    if (key == NULL || prot == NULL || prot_len == NULL || ec_key_len(curve) == 0 ||
        key_len != ec_key_len(curve))
        return ZC_EINVAL;
    rc = derivation();
    return rc != ZC_OK ? rc : zc_cpacf_sim_wrap_ec((int)curve, key, key_len, prot, prot_len);
}

/* An ECC blob of the test format (sim_platform.h) for this curve. */
int zc_plat_ec_protect_blob(enum zc_plat_ec curve, const uint8_t *blob, size_t blob_len,
                            uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len)
{
    size_t n = ec_key_len(curve), i;
    int rc;

    if (blob == NULL || prot == NULL || prot_len == NULL || n == 0)
        return ZC_EINVAL;
    if (blob_len != ZC_SIM_EC_BLOB_LEN || memcmp(blob, ZC_SIM_EC_BLOB_MAGIC, 8) != 0 ||
        blob[8] != (uint8_t)curve || blob[9] != n)
        return ZC_EKEY;
    for (i = 10 + n; i < blob_len; i++)
        if (blob[i] != 0)
            return ZC_EKEY;
    rc = derivation();
    return rc != ZC_OK ? rc : zc_cpacf_sim_wrap_ec((int)curve, blob + 10, n, prot, prot_len);
}

static atomic_int xts_churn;

/* Protected XTS double keys: K1 || K2 wrapped by the stand-in, as the
 * kernel's PKEY_KBLOB2PROTK3 with a clear-key token would. */
int zc_plat_xts_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_XTS_PROTKEY_MAX], size_t *prot_len)
{
    int rc;

    if (key == NULL || prot == NULL || prot_len == NULL || (key_len != 32 && key_len != 64))
        return ZC_EINVAL;
    rc = derivation();
    if (rc == ZC_OK)
        rc = zc_cpacf_sim_wrap_xts(key, key_len, prot, prot_len);
    if (rc == ZC_OK && atomic_load(&xts_churn))
        zc_cpacf_sim_new_wrapping_key();        /* stale before it is used */
    return rc;
}

void zc_sim_platform_xts_churn(int on)
{
    atomic_store(&xts_churn, on);
}
