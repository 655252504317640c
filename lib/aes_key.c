/*
 * aes_key.c - AES key objects: where each mode of a key runs.
 *
 * A key is prepared once: the backend from KM's function code for its
 * size, a bit per mode saying whether that mode's own instructions (KMC,
 * KMCTR, KMF, KMO, KM-XTS + PCC, KMAC + PCC, KMCTR + KIMD-GHASH, KMA) are
 * usable, the clear key for CPACF parameter blocks, and (unless the key is
 * CPACF-only) the bitsliced software schedule. The mode files read these
 * decisions; nothing on a data path consults the caps again.
 */
#include "aes_int.h"
#include "../asm/cpacf.h"

/* The instruction of each mode that has one of its own. */
static const enum zc_insn mode_insn[ZC_AES_IM_XTS] = {
    [ZC_AES_IM_ECB] = ZC_INSN_KM,
    [ZC_AES_IM_CBC] = ZC_INSN_KMC,
    [ZC_AES_IM_CTR] = ZC_INSN_KMCTR,
    [ZC_AES_IM_CFB] = ZC_INSN_KMF,
    [ZC_AES_IM_OFB] = ZC_INSN_KMO,
};

static unsigned aes_fc(size_t key_len)
{
    switch (key_len) {
    case 16: return ZC_FC_AES_128;
    case 24: return ZC_FC_AES_192;
    case 32: return ZC_FC_AES_256;
    default: return 0;
    }
}

unsigned zc_aes_mode_need(enum zc_aes_imode mode, size_t key_len,
                          struct zc_cpacf_need need[3])
{
    unsigned fc = aes_fc(key_len);

    if (fc == 0 || (unsigned)mode >= ZC_AES_IM_COUNT)
        return 0;
    need[0].insn = ZC_INSN_KM;        /* the key's own backend */
    need[0].fc = fc;
    switch (mode) {
    case ZC_AES_IM_ECB:
        return 1;
    case ZC_AES_IM_XTS:               /* KM-XTS with the XTS parameter from PCC */
        if (key_len == 24)
            return 0;
        need[1].insn = ZC_INSN_KM;
        need[1].fc = key_len == 16 ? ZC_FC_XTS_AES_128 : ZC_FC_XTS_AES_256;
        need[2].insn = ZC_INSN_PCC;
        need[2].fc = need[1].fc;
        return 3;
    case ZC_AES_IM_GCM:
        need[1].insn = ZC_INSN_KMCTR;
        need[1].fc = fc;
        need[2].insn = ZC_INSN_KIMD;
        need[2].fc = ZC_FC_GHASH;
        return 3;
    case ZC_AES_IM_CMAC:              /* KMAC for the blocks, PCC for the last */
        need[1].insn = ZC_INSN_KMAC;
        need[1].fc = fc;
        need[2].insn = ZC_INSN_PCC;
        need[2].fc = fc;
        return 3;
    case ZC_AES_IM_GCM_KMA:
        need[0].insn = ZC_INSN_KMA;
        return 1;
    default:
        need[1].insn = mode_insn[mode];
        need[1].fc = fc;
        return 2;
    }
}

int zc_aes_key_init(zc_aes_key *k, const uint8_t *key, size_t key_len,
                    enum zc_backend backend)
{
    struct zc_cpacf_need need[3];
    struct zc_backend_info info;
    unsigned fc = aes_fc(key_len), m, n;
    uint16_t modes = 0;

    if (k == NULL || key == NULL || fc == 0 || !zc_backend_sym_ok(backend))
        return ZC_EINVAL;
    if (backend != ZC_BACKEND_SOFTWARE) {
        for (m = 0; m < ZC_AES_IM_COUNT; m++) {
            n = zc_aes_mode_need((enum zc_aes_imode)m, key_len, need);
            if (n == 0)
                continue;
            zc_caps_decide(need, n, &info);
            if (info.backend == ZC_BACKEND_CPACF)
                modes |= (uint16_t)(1u << m);
        }
        /* KMA's self-test is the GCM code's decision, per call. */
        if (!(modes & (1u << ZC_AES_IM_ECB))) {        /* no KM for this size */
            if (backend == ZC_BACKEND_CPACF)
                return ZC_ENOTSUP;
            modes = 0;
        }
    }
    memset(k, 0, sizeof(*k));
    /* A CPACF-only key never runs software, so it holds no schedule. */
    if (backend == ZC_BACKEND_CPACF)
        k->zc_rounds = (uint8_t)(6 + key_len / 4);
    else
        k->zc_rounds = (uint8_t)zc_aes_sw_setkey(k->zc_rk, key, key_len);
    memcpy(k->zc_key, key, key_len);
    k->zc_key_len = (uint8_t)key_len;
    k->zc_fc = (uint8_t)fc;
    k->zc_kind = ZC_AES_KIND_CLEAR;
    k->zc_cpacf_modes = modes;
    k->zc_strict = backend == ZC_BACKEND_CPACF;
    k->zc_backend = (uint8_t)(backend == ZC_BACKEND_AUTO
                              ? (modes ? ZC_BACKEND_CPACF : ZC_BACKEND_SOFTWARE)
                              : backend);
    k->zc_magic = ZC_AES_MAGIC;
    return ZC_OK;
}

void zc_aes_key_wipe(zc_aes_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof(*k));
}

enum zc_backend zc_aes_key_backend(const zc_aes_key *k)
{
    return zc_aes_key_valid(k) ? (enum zc_backend)k->zc_backend : ZC_BACKEND_AUTO;
}

enum zc_backend zc_aes_mode_backend(const zc_aes_key *k, enum zc_aes_mode mode)
{
    int b;

    if (!zc_aes_key_valid(k) || (unsigned)mode > ZC_AES_CMAC)
        return ZC_BACKEND_AUTO;
    b = zc_aes_mode_select(k, (enum zc_aes_imode)mode);
    return b < 0 ? ZC_BACKEND_AUTO : (enum zc_backend)b;
}
