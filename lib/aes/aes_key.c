/*
 * aes_key.c - AES key objects: clear and protected keys, and where each
 * mode of a key runs.
 *
 * A key is prepared once: the backend from KM's function code for its
 * size, a bit per mode saying whether that mode's own instructions (KMC,
 * KMCTR, KMF, KMO, KM-XTS + PCC, KMAC + PCC, KMCTR + KIMD-GHASH, KMA,
 * KMAC + KMCTR) are usable, the CPACF key field, and (unless the key is
 * CPACF-only) the bitsliced software schedule. The mode files read these
 * decisions; nothing on a data path consults the caps again.
 *
 * Protected keys (zcrypt/aes_protected.h) use the encrypted-key function
 * codes and never software. Their key field, wrapped key + verification
 * pattern, lives in a protected-key cell (core/protkey.c), which other
 * threads may refresh while the key is in use; this file says how a fresh
 * field is derived from the key's source (zc_aes_derive_field).
 */
#include "aes_int.h"
#include "core/platform.h"
#include "asm/cpacf.h"

/* The instruction of each mode that has one of its own. */
static const enum zc_insn mode_insn[ZC_AES_IM_XTS] = {
    [ZC_AES_IM_ECB] = ZC_INSN_KM,
    [ZC_AES_IM_CBC] = ZC_INSN_KMC,
    [ZC_AES_IM_CTR] = ZC_INSN_KMCTR,
    [ZC_AES_IM_CFB] = ZC_INSN_KMF,
    [ZC_AES_IM_OFB] = ZC_INSN_KMO,
};

/* Every function code of each key size, by name. */
static const struct zc_aes_fcs size_fcs[] = {
    { 16, ZC_FC_AES_128, ZC_FC_ENC_AES_128, ZC_FC_XTS_AES_128, ZC_FC_ENC_XTS_AES_128,
      ZC_FC_KMA_GCM_AES_128, ZC_FC_KMA_GCM_ENC_AES_128 },
    { 24, ZC_FC_AES_192, ZC_FC_ENC_AES_192, 0, 0,
      ZC_FC_KMA_GCM_AES_192, ZC_FC_KMA_GCM_ENC_AES_192 },
    { 32, ZC_FC_AES_256, ZC_FC_ENC_AES_256, ZC_FC_XTS_AES_256, ZC_FC_ENC_XTS_AES_256,
      ZC_FC_KMA_GCM_AES_256, ZC_FC_KMA_GCM_ENC_AES_256 },
};

const struct zc_aes_fcs *zc_aes_fcs_of(size_t key_len)
{
    size_t i;

    for (i = 0; i < sizeof(size_fcs) / sizeof(size_fcs[0]); i++)
        if (size_fcs[i].key_len == key_len)
            return &size_fcs[i];
    return NULL;
}

unsigned zc_aes_mode_need(enum zc_aes_imode mode, size_t key_len, int prot,
                          struct zc_cpacf_need need[3])
{
    const struct zc_aes_fcs *f = zc_aes_fcs_of(key_len);
    unsigned fc;

    if (f == NULL || (unsigned)mode >= ZC_AES_IM_COUNT)
        return 0;
    fc = prot ? f->enc : f->fc;
    need[0].insn = ZC_INSN_KM;        /* the key's own backend */
    need[0].fc = fc;
    switch (mode) {
    case ZC_AES_IM_ECB:
        return 1;
    case ZC_AES_IM_XTS:               /* KM-XTS with the XTS parameter from PCC */
        if (f->xts == 0)
            return 0;
        need[1].insn = ZC_INSN_KM;
        need[1].fc = prot ? f->enc_xts : f->xts;
        need[2].insn = ZC_INSN_PCC;
        need[2].fc = need[1].fc;
        return 3;
    case ZC_AES_IM_GCM:               /* H from KM, then KMCTR + KIMD-GHASH */
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
    case ZC_AES_IM_CCM:               /* KMAC for the CBC-MAC, KMCTR for the stream */
        need[1].insn = ZC_INSN_KMAC;
        need[1].fc = fc;
        need[2].insn = ZC_INSN_KMCTR;
        need[2].fc = fc;
        return 3;
    case ZC_AES_IM_GCM_KMA:
        need[0].insn = ZC_INSN_KMA;
        need[0].fc = prot ? f->enc_kma : f->kma;
        return 1;
    default:
        need[1].insn = mode_insn[mode];
        need[1].fc = fc;
        return 2;
    }
}

/* The bit set of modes that run on CPACF for a key size and form. */
static uint16_t cpacf_modes(size_t key_len, int prot)
{
    struct zc_cpacf_need need[3];
    struct zc_backend_info info;
    uint16_t modes = 0;
    unsigned m, n;

    for (m = 0; m < ZC_AES_IM_COUNT; m++) {
        n = zc_aes_mode_need((enum zc_aes_imode)m, key_len, prot, need);
        if (n == 0)
            continue;
        zc_caps_decide(need, n, &info);
        if (info.backend == ZC_BACKEND_CPACF)
            modes |= (uint16_t)(1u << m);
    }
    /* KMA's self-test is the GCM code's decision, per call. */
    return modes;
}

int zc_aes_key_init(zc_aes_key *k, const uint8_t *key, size_t key_len,
                    enum zc_backend backend)
{
    const struct zc_aes_fcs *f = zc_aes_fcs_of(key_len);
    unsigned modes;
    int rc;

    if (k == NULL || key == NULL || f == NULL || !zc_backend_sym_ok(backend))
        return ZC_EINVAL;
    rc = zc_symkey_modes(backend, backend != ZC_BACKEND_SOFTWARE ? cpacf_modes(key_len, 0) : 0,
                         &modes);
    if (rc != ZC_OK)
        return rc;
    memset(k, 0, sizeof(*k));
    /* A CPACF-only key never runs software, so it holds no schedule. */
    if (backend == ZC_BACKEND_CPACF)
        k->zc_rounds = (uint8_t)(6 + key_len / 4);
    else
        k->zc_rounds = (uint8_t)zc_aes_sw_setkey(k->zc_rk, key, key_len);
    memcpy(k->zc_key, key, key_len);
    k->zc_key_len = (uint8_t)key_len;
    k->zc_fc = f->fc;
    k->zc_kind = ZC_AES_KIND_CLEAR;
    k->zc_cpacf_modes = (uint16_t)modes;
    k->zc_strict = backend == ZC_BACKEND_CPACF;
    k->zc_backend = zc_symkey_backend(backend, modes);
    k->zc_magic = ZC_AES_MAGIC;
    return ZC_OK;
}

/* ---- protected keys -------------------------------------------------------- */

/* Where a protected key of this size can run: ZC_OK or ZC_ENOTSUP. */
static int protected_modes(size_t key_len, uint16_t *modes)
{
    *modes = cpacf_modes(key_len, 1);
    return (*modes & (1u << ZC_AES_IM_ECB)) ? ZC_OK : ZC_ENOTSUP;
}

/* Fill k for a protected key whose first key field is prot (prot_len). */
static void protected_setup(zc_aes_key *k, unsigned kind, size_t key_len, uint16_t modes,
                            const uint8_t *prot, size_t prot_len)
{
    k->zc_key_len = (uint8_t)key_len;
    k->zc_rounds = (uint8_t)(6 + key_len / 4);
    k->zc_fc = zc_aes_fcs_of(key_len)->enc;
    k->zc_kind = (uint8_t)kind;
    k->zc_cpacf_modes = modes;
    k->zc_strict = 1;
    k->zc_backend = ZC_BACKEND_CPACF;
    zc_protkey_set(&k->zc_pk, prot, prot_len);
    k->zc_magic = ZC_AES_MAGIC;
}

/* A platform answer is usable: the key field of a key_len-byte AES key. */
static int prot_ok(size_t key_len, size_t prot_len)
{
    return prot_len == key_len + 32;
}

int zc_aes_key_init_protected(zc_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t prot[ZC_PROTKEY_MAX];
    size_t prot_len = 0;
    uint16_t modes;
    int rc;

    if (k == NULL || key == NULL || zc_aes_fcs_of(key_len) == NULL)
        return ZC_EINVAL;
    rc = protected_modes(key_len, &modes);
    if (rc == ZC_OK)
        rc = zc_plat_aes_protect_clear(key, key_len, prot, &prot_len);
    if (rc == ZC_OK && !prot_ok(key_len, prot_len))
        rc = ZC_EDEVICE;
    if (rc == ZC_OK) {
        memset(k, 0, sizeof(*k));
        memcpy(k->zc_key, key, key_len);        /* the source, to re-derive */
        protected_setup(k, ZC_AES_KIND_PROTECTED, key_len, modes, prot, prot_len);
    }
    zc_wipe(prot, sizeof(prot));
    return rc;
}

int zc_aes_key_init_secure(zc_aes_key *k, const uint8_t *blob, size_t blob_len)
{
    uint8_t prot[ZC_PROTKEY_MAX];
    size_t prot_len = 0, key_len = 0;
    uint16_t modes = 0;
    int rc;

    if (k == NULL || blob == NULL || blob_len == 0 || blob_len > ZC_AES_SECURE_BLOB_MAX)
        return ZC_EINVAL;
    rc = zc_plat_aes_protect_blob(blob, blob_len, prot, &prot_len, &key_len);
    if (rc == ZC_OK && (zc_aes_fcs_of(key_len) == NULL || !prot_ok(key_len, prot_len)))
        rc = ZC_EDEVICE;
    if (rc == ZC_OK)
        rc = protected_modes(key_len, &modes);
    if (rc == ZC_OK) {
        memset(k, 0, sizeof(*k));
        memcpy(k->zc_src, blob, blob_len);      /* the source, to re-derive */
        k->zc_src_len = (uint32_t)blob_len;
        protected_setup(k, ZC_AES_KIND_SECURE, key_len, modes, prot, prot_len);
    }
    zc_wipe(prot, sizeof(prot));
    return rc;
}

int zc_aes_key_generate_protected(zc_aes_key *k, size_t key_len)
{
    uint8_t prot[ZC_PROTKEY_MAX];
    size_t prot_len = 0;
    uint16_t modes;
    int rc;

    if (k == NULL || zc_aes_fcs_of(key_len) == NULL)
        return ZC_EINVAL;
    rc = protected_modes(key_len, &modes);
    if (rc == ZC_OK)
        rc = zc_plat_aes_generate_protected(key_len, prot, &prot_len);
    if (rc == ZC_OK && !prot_ok(key_len, prot_len))
        rc = ZC_EDEVICE;
    if (rc == ZC_OK) {
        memset(k, 0, sizeof(*k));
        protected_setup(k, ZC_AES_KIND_EPHEMERAL, key_len, modes, prot, prot_len);
    }
    zc_wipe(prot, sizeof(prot));
    return rc;
}

/*
 * Protected XTS double keys (full XTS, KM 90/92): both halves wrapped as
 * one key. The key's only mode is XTS; zc_key_len is one half's length,
 * so that the statistics and the key-size checks of XTS read it as any
 * XTS key, and the clear double key, the source, sits in zc_src. The
 * public call, which adds the self-test, is with the XTS code.
 */
int zc_aes_pxts_make(zc_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t prot[ZC_XTS_PROTKEY_MAX];
    size_t half = key_len / 2, prot_len = 0;
    unsigned fc = half == 16 ? ZC_FC_ENC_FXTS_AES_128 : ZC_FC_ENC_FXTS_AES_256;
    int rc;

    if (zc_caps_reason(ZC_INSN_KM, fc) != ZC_REASON_CPACF)
        return ZC_ENOTSUP;              /* never software */
    rc = zc_plat_xts_protect_clear(key, key_len, prot, &prot_len);
    if (rc == ZC_OK && prot_len != key_len + 32)
        rc = ZC_EDEVICE;
    if (rc == ZC_OK) {
        memset(k, 0, sizeof(*k));
        memcpy(k->zc_src, key, key_len);        /* the source, to re-derive */
        k->zc_src_len = (uint32_t)key_len;
        k->zc_key_len = (uint8_t)half;
        k->zc_rounds = (uint8_t)(6 + half / 4);
        k->zc_fc = (uint8_t)fc;
        k->zc_kind = ZC_AES_KIND_XTS_PROTECTED;
        k->zc_cpacf_modes = (uint16_t)(1u << ZC_AES_IM_XTS);
        k->zc_strict = 1;
        k->zc_backend = ZC_BACKEND_CPACF;
        zc_protkey_set(&k->zc_pk, prot, prot_len);
        k->zc_magic = ZC_AES_MAGIC;
    }
    zc_wipe(prot, sizeof(prot));
    return rc;
}

enum zc_aes_key_kind zc_aes_key_kind(const zc_aes_key *k)
{
    if (!zc_aes_key_valid(k))
        return ZC_AES_KEY_NONE;
    return (enum zc_aes_key_kind)k->zc_kind;
}

int zc_aes_derive_field(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX], size_t *len)
{
    const zc_aes_key *k = owner;
    size_t key_len = 0;
    int rc;

    switch (k->zc_kind) {
    case ZC_AES_KIND_PROTECTED:
        return zc_plat_aes_protect_clear(k->zc_key, k->zc_key_len, field, len);
    case ZC_AES_KIND_SECURE:
        rc = zc_plat_aes_protect_blob(k->zc_src, k->zc_src_len, field, len, &key_len);
        return rc == ZC_OK && key_len != k->zc_key_len ? ZC_EKEY : rc;
    case ZC_AES_KIND_XTS_PROTECTED:
        return zc_plat_xts_protect_clear(k->zc_src, k->zc_src_len, field, len);
    default:                            /* ephemeral: nothing to derive from */
        return ZC_EKEY;
    }
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

    if (!zc_aes_key_valid(k) || (unsigned)mode > ZC_AES_CCM)
        return ZC_BACKEND_AUTO;
    /* A mode this key size has no form of (XTS-192) cannot run at all. */
    if (mode == ZC_AES_XTS && zc_aes_fcs_of(k->zc_key_len)->xts == 0)
        return ZC_BACKEND_AUTO;
    b = zc_aes_mode_select(k, (enum zc_aes_imode)mode);
    return b < 0 ? ZC_BACKEND_AUTO : (enum zc_backend)b;
}
