/*
 * des_key.c - DES/TDES key objects, and where each mode of a key runs.
 *
 * A key is prepared once: KM's DEA or TDEA function code for the key
 * length decides the backend, one bit per mode records whether that
 * mode's own instruction (KMC, KMF, KMO, KMCTR, KMAC + PCC) is usable
 * too, the clear key is kept for the CPACF parameter blocks, and the
 * constant-time software schedule is made unless the key is CPACF-only.
 * The mode files read these decisions through des_int.h; nothing on a
 * data path consults the caps again. DES keys are always clear: the kernel
 * wraps no DES keys, so there is no protected form and no re-derivation.
 *
 * zc_des_mode_need is also what the backend query answers for the
 * ZC_ALGO_DES_* rows (lib/core/backend.c).
 */
#include "des_int.h"
#include "des_ct.h"
#include "asm/cpacf.h"

/* The mode instruction beside KM, by mode (CMAC adds PCC). */
static const enum zc_insn mode_insn[ZC_DES_IM_COUNT] = {
    [ZC_DES_IM_ECB] = ZC_INSN_KM,    [ZC_DES_IM_CBC] = ZC_INSN_KMC,
    [ZC_DES_IM_CFB] = ZC_INSN_KMF,   [ZC_DES_IM_OFB] = ZC_INSN_KMO,
    [ZC_DES_IM_CTR] = ZC_INSN_KMCTR, [ZC_DES_IM_CMAC] = ZC_INSN_KMAC,
};

/* KM's function code for a key length; 0 for a length DES does not have. */
static unsigned des_fc(size_t key_len)
{
    switch (key_len) {
    case 8:  return ZC_FC_DEA;
    case 16: return ZC_FC_TDEA_128;
    case 24: return ZC_FC_TDEA_192;
    default: return 0;
    }
}

unsigned zc_des_mode_need(int mode, size_t key_len, struct zc_cpacf_need need[3])
{
    unsigned fc = des_fc(key_len), n = 1;

    if (fc == 0 || mode < 0 || mode >= ZC_DES_IM_COUNT)
        return 0;
    need[0].insn = ZC_INSN_KM;
    need[0].fc = fc;
    if (mode != ZC_DES_IM_ECB) {
        need[n].insn = mode_insn[mode];
        need[n++].fc = fc;
    }
    if (mode == ZC_DES_IM_CMAC) {
        need[n].insn = ZC_INSN_PCC;
        need[n++].fc = fc;
    }
    return n;
}

int zc_des_key_init(zc_des_key *k, const uint8_t *key, size_t key_len,
                    enum zc_backend backend)
{
    struct zc_cpacf_need need[3];
    struct zc_backend_info info;
    unsigned fc = des_fc(key_len), m, cpacf = 0, modes;
    int rc;

    if (k == NULL || key == NULL || fc == 0 || !zc_backend_sym_ok(backend))
        return ZC_EINVAL;
    if (backend != ZC_BACKEND_SOFTWARE) {
        for (m = 0; m < ZC_DES_IM_COUNT; m++) {
            zc_caps_decide(need, zc_des_mode_need((int)m, key_len, need), &info);
            if (info.backend == ZC_BACKEND_CPACF)
                cpacf |= 1u << m;
        }
    }
    rc = zc_symkey_modes(backend, cpacf, &modes);
    if (rc != ZC_OK)
        return rc;
    memset(k, 0, sizeof(*k));
    if (backend == ZC_BACKEND_CPACF)
        k->zc_passes = key_len == 8 ? 1 : 3;
    else
        k->zc_passes = (uint8_t)zc_des_sw_setkey(k->zc_sk, key, key_len);
    memcpy(k->zc_key, key, key_len);
    k->zc_key_len = (uint8_t)key_len;
    k->zc_fc = (uint8_t)fc;
    k->zc_cpacf_modes = (uint8_t)modes;
    k->zc_strict = backend == ZC_BACKEND_CPACF;
    k->zc_backend = zc_symkey_backend(backend, modes);
    k->zc_magic = ZC_DES_MAGIC;
    return ZC_OK;
}

void zc_des_key_wipe(zc_des_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof(*k));
}

enum zc_backend zc_des_key_backend(const zc_des_key *k)
{
    return zc_des_key_valid(k) ? (enum zc_backend)k->zc_backend : ZC_BACKEND_AUTO;
}
