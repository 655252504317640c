/*
 * caps.c - facility detection, ZCRYPT_CAPS, and backend answers.
 *
 * Detection happens on first use, without a constructor, pthreads or malloc
 * (the core must run freestanding), and nothing ever waits for it: a caller
 * that finds no published answer claims one of a few static slots, detects
 * into it, and offers it with one compare-and-swap of the published
 * pointer. The first offer wins and stands for the life of the process; a
 * loser uses the winner's copy instead of its own, which is complete by the
 * time the pointer can be seen. A waiting scheme would hang a fork() child
 * (the detecting thread is gone) or a signal handler that interrupted the
 * detecting thread; this one only costs a duplicate detection when
 * callers race. Readers reach every field through the one pointer, so they
 * always see one consistent copy. Should every slot be taken (more callers
 * racing than there are slots), the caller detects into a copy on its own
 * stack and answers from that for the one call.
 *
 * Query masks are kept twice: as the machine answered ("raw") and after
 * ZCRYPT_CAPS ("effective"). ZCRYPT_CAPS can only clear bits of the
 * effective masks, so it never adds anything the machine lacks.
 */
#include "caps.h"
#include "platform.h"
#include "asm/facility.h"
#include "asm/cpacf.h"

#include <string.h>

#define ZC_CAPS_SETTING_MAX 256

/* Stands in the ignored list for the part of a setting beyond 255
 * characters (and the item cut in two there), which is not kept. */
#define ZC_CAPS_CUT_MARK "(beyond 255 characters)"

struct caps_snap {
    uint64_t fac[ZC_STFLE_DWORDS];
    uint8_t raw[ZC_INSN_COUNT][16];
    uint8_t eff[ZC_INSN_COUNT][16];
    unsigned queried;              /* bit i: instruction i was queried */
    int present;                   /* s390x and STFLE allowed */
    int has_setting;
    unsigned ignored;
    char setting[ZC_CAPS_SETTING_MAX];
    char ignored_list[ZC_CAPS_IGNORED_MAX];    /* the ignored items, comma-separated */
    size_t ignored_len;            /* its length (no strlen in the freestanding core) */
};

#define CAPS_SLOTS 8
static struct caps_snap caps_slots[CAPS_SLOTS];
static int caps_slot_taken[CAPS_SLOTS];
static struct caps_snap *caps_pub;  /* the winning copy; NULL until published */

/* Per instruction: its name, the facility that installs it, its opcode. */
static const struct insn_desc {
    const char *name;
    unsigned char fac;
    unsigned short opcode;
} insns[ZC_INSN_COUNT] = {
    [ZC_INSN_KM]    = { "KM",    ZC_FAC_MSA,  ZC_OP_KM },
    [ZC_INSN_KMC]   = { "KMC",   ZC_FAC_MSA,  ZC_OP_KMC },
    [ZC_INSN_KMCTR] = { "KMCTR", ZC_FAC_MSA4, ZC_OP_KMCTR },
    [ZC_INSN_KMF]   = { "KMF",   ZC_FAC_MSA4, ZC_OP_KMF },
    [ZC_INSN_KMO]   = { "KMO",   ZC_FAC_MSA4, ZC_OP_KMO },
    [ZC_INSN_KMAC]  = { "KMAC",  ZC_FAC_MSA,  ZC_OP_KMAC },
    [ZC_INSN_KIMD]  = { "KIMD",  ZC_FAC_MSA,  ZC_OP_KIMD },
    [ZC_INSN_KLMD]  = { "KLMD",  ZC_FAC_MSA,  ZC_OP_KLMD },
    [ZC_INSN_PCC]   = { "PCC",   ZC_FAC_MSA4, ZC_OP_PCC },
    [ZC_INSN_PCKMO] = { "PCKMO", ZC_FAC_MSA3, ZC_OP_PCKMO },
    [ZC_INSN_PRNO]  = { "PRNO",  ZC_FAC_MSA5, ZC_OP_PRNO },
    [ZC_INSN_KMA]   = { "KMA",   ZC_FAC_MSA8, ZC_OP_KMA },
    [ZC_INSN_KDSA]  = { "KDSA",  ZC_FAC_MSA9, ZC_OP_KDSA },
};

/* Function-code names; .insns is a bit set of the instructions using the name. */
#define I(x) (1u << ZC_INSN_##x)
#define CIPHERS (I(KM) | I(KMC) | I(KMCTR) | I(KMF) | I(KMO) | I(KMAC))
#define HASHES (I(KIMD) | I(KLMD))
static const struct fc_name {
    unsigned insns;
    unsigned char fc;
    const char *name;
} fc_names[] = {
    { CIPHERS | I(PCKMO), ZC_FC_DEA, "DEA" },
    { CIPHERS | I(PCKMO), ZC_FC_TDEA_128, "TDEA-128" },
    { CIPHERS | I(PCKMO), ZC_FC_TDEA_192, "TDEA-192" },
    { CIPHERS, ZC_FC_ENC_DEA, "ENC-DEA" },
    { CIPHERS, ZC_FC_ENC_TDEA_128, "ENC-TDEA-128" },
    { CIPHERS, ZC_FC_ENC_TDEA_192, "ENC-TDEA-192" },
    { CIPHERS | I(PCKMO), ZC_FC_AES_128, "AES-128" },
    { CIPHERS | I(PCKMO), ZC_FC_AES_192, "AES-192" },
    { CIPHERS | I(PCKMO), ZC_FC_AES_256, "AES-256" },
    { CIPHERS, ZC_FC_ENC_AES_128, "ENC-AES-128" },
    { CIPHERS, ZC_FC_ENC_AES_192, "ENC-AES-192" },
    { CIPHERS, ZC_FC_ENC_AES_256, "ENC-AES-256" },
    { I(PCC), ZC_FC_DEA, "CMAC-DEA" },
    { I(PCC), ZC_FC_TDEA_128, "CMAC-TDEA-128" },
    { I(PCC), ZC_FC_TDEA_192, "CMAC-TDEA-192" },
    { I(PCC), ZC_FC_ENC_DEA, "CMAC-ENC-DEA" },
    { I(PCC), ZC_FC_ENC_TDEA_128, "CMAC-ENC-TDEA-128" },
    { I(PCC), ZC_FC_ENC_TDEA_192, "CMAC-ENC-TDEA-192" },
    { I(PCC), ZC_FC_AES_128, "CMAC-AES-128" },
    { I(PCC), ZC_FC_AES_192, "CMAC-AES-192" },
    { I(PCC), ZC_FC_AES_256, "CMAC-AES-256" },
    { I(PCC), ZC_FC_ENC_AES_128, "CMAC-ENC-AES-128" },
    { I(PCC), ZC_FC_ENC_AES_192, "CMAC-ENC-AES-192" },
    { I(PCC), ZC_FC_ENC_AES_256, "CMAC-ENC-AES-256" },
    { I(PCKMO), ZC_FC_PCKMO_AES_XTS_128, "AES-XTS-128" },
    { I(PCKMO), ZC_FC_PCKMO_AES_XTS_256, "AES-XTS-256" },
    { I(KM) | I(PCC), ZC_FC_XTS_AES_128, "XTS-AES-128" },
    { I(KM) | I(PCC), ZC_FC_XTS_AES_256, "XTS-AES-256" },
    { I(KM) | I(PCC), ZC_FC_ENC_XTS_AES_128, "ENC-XTS-AES-128" },
    { I(KM) | I(PCC), ZC_FC_ENC_XTS_AES_256, "ENC-XTS-AES-256" },
    { I(KM), ZC_FC_FXTS_AES_128, "FULL-XTS-AES-128" },
    { I(KM), ZC_FC_FXTS_AES_256, "FULL-XTS-AES-256" },
    { I(KM), ZC_FC_ENC_FXTS_AES_128, "ENC-FULL-XTS-AES-128" },
    { I(KM), ZC_FC_ENC_FXTS_AES_256, "ENC-FULL-XTS-AES-256" },
    { I(KMC), ZC_FC_KMC_PRNG, "PRNG" },
    { I(KMAC), ZC_FC_HMAC_SHA_224, "HMAC-SHA-224" },
    { I(KMAC), ZC_FC_HMAC_SHA_256, "HMAC-SHA-256" },
    { I(KMAC), ZC_FC_HMAC_SHA_384, "HMAC-SHA-384" },
    { I(KMAC), ZC_FC_HMAC_SHA_512, "HMAC-SHA-512" },
    { I(KMAC), ZC_FC_ENC_HMAC_SHA_224, "ENC-HMAC-SHA-224" },
    { I(KMAC), ZC_FC_ENC_HMAC_SHA_256, "ENC-HMAC-SHA-256" },
    { I(KMAC), ZC_FC_ENC_HMAC_SHA_384, "ENC-HMAC-SHA-384" },
    { I(KMAC), ZC_FC_ENC_HMAC_SHA_512, "ENC-HMAC-SHA-512" },
    { HASHES, ZC_FC_SHA_1, "SHA-1" },
    { HASHES, ZC_FC_SHA_256, "SHA-256" },
    { HASHES, ZC_FC_SHA_512, "SHA-512" },
    { HASHES, ZC_FC_SHA3_224, "SHA3-224" },
    { HASHES, ZC_FC_SHA3_256, "SHA3-256" },
    { HASHES, ZC_FC_SHA3_384, "SHA3-384" },
    { HASHES, ZC_FC_SHA3_512, "SHA3-512" },
    { HASHES, ZC_FC_SHAKE_128, "SHAKE-128" },
    { HASHES, ZC_FC_SHAKE_256, "SHAKE-256" },
    { I(KIMD), ZC_FC_GHASH, "GHASH" },
    { I(PRNO), ZC_FC_PRNO_SHA512_DRNG, "SHA-512-DRNG" },
    { I(PRNO), ZC_FC_PRNO_TRNG_QRTCR, "TRNG-QUERY-RAW-TO-COND-RATIO" },
    { I(PRNO), ZC_FC_PRNO_TRNG, "TRNG" },
    { I(KMA), ZC_FC_KMA_GCM_AES_128, "GCM-AES-128" },
    { I(KMA), ZC_FC_KMA_GCM_AES_192, "GCM-AES-192" },
    { I(KMA), ZC_FC_KMA_GCM_AES_256, "GCM-AES-256" },
    { I(KMA), ZC_FC_KMA_GCM_ENC_AES_128, "GCM-ENC-AES-128" },
    { I(KMA), ZC_FC_KMA_GCM_ENC_AES_192, "GCM-ENC-AES-192" },
    { I(KMA), ZC_FC_KMA_GCM_ENC_AES_256, "GCM-ENC-AES-256" },
    { I(KDSA), ZC_FC_KDSA_ECDSA_VERIFY_P256, "ECDSA-VERIFY-P256" },
    { I(KDSA), ZC_FC_KDSA_ECDSA_VERIFY_P384, "ECDSA-VERIFY-P384" },
    { I(KDSA), ZC_FC_KDSA_ECDSA_VERIFY_P521, "ECDSA-VERIFY-P521" },
    { I(KDSA), ZC_FC_KDSA_ECDSA_SIGN_P256, "ECDSA-SIGN-P256" },
    { I(KDSA), ZC_FC_KDSA_ECDSA_SIGN_P384, "ECDSA-SIGN-P384" },
    { I(KDSA), ZC_FC_KDSA_ECDSA_SIGN_P521, "ECDSA-SIGN-P521" },
    { I(KDSA), ZC_FC_KDSA_ENC_ECDSA_SIGN_P256, "ENC-ECDSA-SIGN-P256" },
    { I(KDSA), ZC_FC_KDSA_ENC_ECDSA_SIGN_P384, "ENC-ECDSA-SIGN-P384" },
    { I(KDSA), ZC_FC_KDSA_ENC_ECDSA_SIGN_P521, "ENC-ECDSA-SIGN-P521" },
    { I(KDSA), ZC_FC_KDSA_EDDSA_VERIFY_25519, "EDDSA-VERIFY-ED25519" },
    { I(KDSA), ZC_FC_KDSA_EDDSA_VERIFY_448, "EDDSA-VERIFY-ED448" },
    { I(KDSA), ZC_FC_KDSA_EDDSA_SIGN_25519, "EDDSA-SIGN-ED25519" },
    { I(KDSA), ZC_FC_KDSA_EDDSA_SIGN_448, "EDDSA-SIGN-ED448" },
    { I(KDSA), ZC_FC_KDSA_ENC_EDDSA_SIGN_25519, "ENC-EDDSA-SIGN-ED25519" },
    { I(KDSA), ZC_FC_KDSA_ENC_EDDSA_SIGN_448, "ENC-EDDSA-SIGN-ED448" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_P256, "SCALAR-MULTIPLY-P256" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_P384, "SCALAR-MULTIPLY-P384" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_P521, "SCALAR-MULTIPLY-P521" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_ED25519, "SCALAR-MULTIPLY-ED25519" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_ED448, "SCALAR-MULTIPLY-ED448" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_X25519, "SCALAR-MULTIPLY-X25519" },
    { I(PCC), ZC_FC_PCC_SCALAR_MUL_X448, "SCALAR-MULTIPLY-X448" },
};
#undef I

static int lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/*
 * Case-insensitive compare of s[0..n) with the NUL-terminated name, in
 * which every '-' may be left out: users write SHA512 and AES128 as often
 * as SHA-512 and AES-128. s may not add a '-' the name lacks.
 */
static int name_eq(const char *s, size_t n, const char *name)
{
    size_t i = 0;

    for (; *name != '\0'; name++) {
        if (i < n && lower((unsigned char)s[i]) == lower((unsigned char)*name))
            i++;
        else if (*name != '-')
            return 0;
    }
    return i == n;
}

static int find_insn(const char *s, size_t n)
{
    int i;

    for (i = 0; i < ZC_INSN_COUNT; i++)
        if (name_eq(s, n, insns[i].name))
            return i;
    return -1;
}

/* Function code by decimal number (1..127) or by name; -1 if neither. */
static int find_fc(int insn, const char *s, size_t n)
{
    size_t i;
    unsigned v = 0;

    if (n == 0)
        return -1;
    for (i = 0; i < n && s[i] >= '0' && s[i] <= '9' && v < 1000; i++)
        v = v * 10 + (unsigned)(s[i] - '0');
    if (i == n)
        return (v >= 1 && v <= 127) ? (int)v : -1;
    for (i = 0; i < sizeof(fc_names) / sizeof(fc_names[0]); i++)
        if ((fc_names[i].insns >> insn & 1) && name_eq(s, n, fc_names[i].name))
            return fc_names[i].fc;
    return -1;
}

/* Apply one item of ZCRYPT_CAPS; 0 when it does not parse. */
static int apply_item(struct caps_snap *caps, const char *s, size_t n)
{
    size_t colon;
    int insn, fc;

    if (name_eq(s, n, "none")) {
        memset(caps->eff, 0, sizeof(caps->eff));
        return 1;
    }
    if (n < 2 || s[0] != '-')
        return 0;
    s++;
    n--;
    for (colon = 0; colon < n && s[colon] != ':'; colon++)
        ;
    insn = find_insn(s, colon);
    if (insn < 0)
        return 0;
    if (colon == n) {
        memset(caps->eff[insn], 0, 16);
        return 1;
    }
    fc = find_fc(insn, s + colon + 1, n - colon - 1);
    if (fc < 0)
        return 0;
    caps->eff[insn][fc >> 3] &= (uint8_t)~(0x80u >> (fc & 7));
    return 1;
}

static int is_sep(char c)
{
    return c == ',' || c == ' ' || c == '\t' || c == '\n';
}

/* Record an ignored item for zc_caps_ignored_list(); counts it too. */
static void ignore_item(struct caps_snap *caps, const char *s, size_t n)
{
    size_t at = caps->ignored_len;

    /* Fits: the items come from the 255-character setting with at least
     * one separator between them, plus the one fixed marker. */
    if (at + (at ? 1 : 0) + n < sizeof(caps->ignored_list)) {
        if (at)
            caps->ignored_list[at++] = ',';
        memcpy(caps->ignored_list + at, s, n);
        caps->ignored_list[at + n] = '\0';
        caps->ignored_len = at + n;
    }
    caps->ignored++;
}

static void apply_setting(struct caps_snap *caps, const char *env)
{
    size_t len, i, start;
    int cut = 0;

    if (env == NULL)
        return;
    caps->has_setting = 1;
    for (len = 0; len < ZC_CAPS_SETTING_MAX - 1 && env[len] != '\0'; len++)
        caps->setting[len] = env[len];
    if (env[len] != '\0') {
        /* Too long: drop the rest, and the item cut in two with it, so a
         * cut "-KM:18" cannot become a different valid "-KM:1". */
        if (!is_sep(env[len]))
            while (len > 0 && !is_sep(caps->setting[len - 1]))
                len--;
        cut = 1;
    }
    caps->setting[len] = '\0';
    for (i = 0; i <= len; i++) {
        if (i < len && is_sep(caps->setting[i]))
            continue;
        start = i;
        while (i < len && !is_sep(caps->setting[i]))
            i++;
        if (i > start && !apply_item(caps, caps->setting + start, i - start))
            ignore_item(caps, caps->setting + start, i - start);
    }
    if (cut)
        ignore_item(caps, ZC_CAPS_CUT_MARK, sizeof(ZC_CAPS_CUT_MARK) - 1);
}

#ifdef ZC_HAVE_CPACF
static void detect_cpacf(struct caps_snap *caps)
{
    int i;

    if (!zc_plat_stfle_allowed())
        return;
    caps->present = 1;
    zc_stfle(caps->fac);
    for (i = 0; i < ZC_INSN_COUNT; i++) {
        /* Issuing an instruction whose facility is absent is an operation
         * exception; PCKMO is privileged even when installed. */
        if (!zc_fac_test(caps->fac, insns[i].fac))
            continue;
        if (i == ZC_INSN_PCKMO && !zc_plat_privileged())
            continue;
        /* A query ends with cc 0; anything else and the mask is not
         * trusted: the instruction counts as absent. PCKMO alone sets no
         * condition code, so there is nothing of its to check. */
        if (zc_cpacf_query_insn(insns[i].opcode, caps->raw[i]) != 0 && i != ZC_INSN_PCKMO) {
            memset(caps->raw[i], 0, 16);
            continue;
        }
        caps->queried |= 1u << i;
    }
}
#endif

static void detect(struct caps_snap *caps)
{
    memset(caps, 0, sizeof(*caps));
#ifdef ZC_HAVE_CPACF
    detect_cpacf(caps);
#endif
    memcpy(caps->eff, caps->raw, sizeof(caps->eff));
    apply_setting(caps, zc_plat_caps_env());
}

/* The published copy, detecting first if there is none; see the top. */
static const struct caps_snap *caps_get(struct caps_snap *spare)
{
    struct caps_snap *p = __atomic_load_n(&caps_pub, __ATOMIC_ACQUIRE);
    struct caps_snap *mine = spare;
    unsigned i;

    if (p != NULL)
        return p;
    for (i = 0; i < CAPS_SLOTS; i++) {
        int free_slot = 0;

        if (__atomic_compare_exchange_n(&caps_slot_taken[i], &free_slot, 1, 0,
                                        __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            mine = &caps_slots[i];
            break;
        }
    }
    detect(mine);
    if (mine == spare) {    /* a stack copy is never published */
        p = __atomic_load_n(&caps_pub, __ATOMIC_ACQUIRE);
        return p != NULL ? p : spare;
    }
    if (__atomic_compare_exchange_n(&caps_pub, &p, mine, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return mine;
    return p;               /* lost: the winner's copy stands */
}

static int insn_ok(enum zc_insn insn)
{
    return (unsigned)insn < ZC_INSN_COUNT;
}

const char *zc_insn_name(enum zc_insn insn)
{
    return insn_ok(insn) ? insns[insn].name : "unknown";
}

int zc_insn_facility(enum zc_insn insn)
{
    return insn_ok(insn) ? insns[insn].fac : -1;
}

int zc_cpacf_present(void)
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    caps = caps_get(&spare);
    return caps->present;
}

int zc_facility(unsigned bit)
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    caps = caps_get(&spare);
    return zc_fac_test(caps->fac, bit);
}

int zc_cpacf_query(enum zc_insn insn, int effective, uint8_t mask[16])
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    if (!insn_ok(insn) || mask == NULL)
        return ZC_EINVAL;
    caps = caps_get(&spare);
    memcpy(mask, effective ? caps->eff[insn] : caps->raw[insn], 16);
    return (caps->queried >> insn & 1) ? ZC_OK : ZC_ENOTSUP;
}

int zc_cpacf_has(enum zc_insn insn, unsigned fc)
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    if (!insn_ok(insn) || fc == 0 || fc > 127)
        return 0;
    caps = caps_get(&spare);
    return zc_cpacf_mask_test(caps->eff[insn], fc);
}

const char *zc_cpacf_fc_name(enum zc_insn insn, unsigned fc)
{
    size_t i;

    if (!insn_ok(insn))
        return NULL;
    if (fc == ZC_CPACF_QUERY)
        return "QUERY";
    for (i = 0; i < sizeof(fc_names) / sizeof(fc_names[0]); i++)
        if ((fc_names[i].insns >> insn & 1) && fc_names[i].fc == fc)
            return fc_names[i].name;
    return NULL;
}

const char *zc_caps_setting(void)
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    caps = caps_get(&spare);
    if (!caps->has_setting)
        return NULL;
    /* Never hand out the stack copy: the variable itself outlives us. */
    return caps == &spare ? zc_plat_caps_env() : caps->setting;
}

unsigned zc_caps_ignored_items(void)
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    caps = caps_get(&spare);
    return caps->ignored;
}

int zc_caps_ignored_list(char *buf, size_t size)
{
    struct caps_snap spare;
    const struct caps_snap *caps;
    size_t n;

    if (buf == NULL || size == 0)
        return ZC_EINVAL;
    caps = caps_get(&spare);
    n = caps->ignored_len;
    if (n >= size) {
        buf[0] = '\0';
        return ZC_ENOMEM;
    }
    memcpy(buf, caps->ignored_list, n + 1);
    return ZC_OK;
}

enum zc_reason zc_caps_reason(enum zc_insn insn, unsigned fc)
{
#ifndef ZC_HAVE_CPACF
    (void)insn;
    (void)fc;
    return ZC_REASON_NOT_S390X;
#else
    struct caps_snap spare;
    const struct caps_snap *caps = caps_get(&spare);

    if (!caps->present)
        return ZC_REASON_NO_STFLE;
    if (!zc_fac_test(caps->fac, insns[insn].fac) || !(caps->queried >> insn & 1))
        return ZC_REASON_NO_FACILITY;
    if (!zc_cpacf_mask_test(caps->raw[insn], fc))
        return ZC_REASON_NO_FUNCTION;
    if (!zc_cpacf_mask_test(caps->eff[insn], fc))
        return ZC_REASON_MASKED;
    return ZC_REASON_CPACF;
#endif
}

int zc_selftest_once(int *state, int (*run)(unsigned), unsigned arg)
{
    int s = __atomic_load_n(state, __ATOMIC_ACQUIRE);

    if (s == 0) {
        s = run(arg) ? 1 : 2;
        __atomic_store_n(state, s, __ATOMIC_RELEASE);
    }
    return s == 1;
}

void zc_caps_decide(const struct zc_cpacf_need *need, unsigned n,
                    struct zc_backend_info *info)
{
    unsigned i;

    for (i = 0; i < n; i++) {
        enum zc_reason r = zc_caps_reason(need[i].insn, need[i].fc);

        info->insn = need[i].insn;
        info->fc = need[i].fc;
        info->reason = r;
        if (r != ZC_REASON_CPACF) {
            info->backend = ZC_BACKEND_SOFTWARE;
            return;
        }
    }
    info->backend = ZC_BACKEND_CPACF;
    if (n > 0) {            /* name the main instruction, not the last */
        info->insn = need[0].insn;
        info->fc = need[0].fc;
    }
}

void zc_caps_decide_mode(const struct zc_cpacf_need *need, unsigned n,
                         struct zc_backend_info *info)
{
    unsigned i;

    zc_caps_decide(need, n, info);
    if (info->backend == ZC_BACKEND_CPACF || info->insn != need[0].insn ||
        info->fc != need[0].fc)
        return;
    for (i = 1; i < n; i++) {
        enum zc_reason r = zc_caps_reason(need[i].insn, need[i].fc);

        if (r != ZC_REASON_CPACF) {
            info->insn = need[i].insn;
            info->fc = need[i].fc;
            info->reason = r;
            return;
        }
    }
}

const char *zc_reason_str(enum zc_reason reason)
{
    switch (reason) {
    case ZC_REASON_CPACF:        return "installed";
    case ZC_REASON_NOT_S390X:    return "not an IBM Z machine";
    case ZC_REASON_NO_STFLE:     return "kernel offers no STFLE";
    case ZC_REASON_NO_FACILITY:  return "facility not installed";
    case ZC_REASON_NO_FUNCTION:  return "function code not installed";
    case ZC_REASON_MASKED:       return "removed by ZCRYPT_CAPS";
    case ZC_REASON_BAD_KEY_SIZE: return "no CPACF function for this key size";
    case ZC_REASON_SELFTEST:     return "self-test failed";
    case ZC_REASON_SOFTWARE_ONLY: return "no CPACF function exists";
    case ZC_REASON_CEX:          return "Crypto Express adapter online";
    case ZC_REASON_CEX_NO_INTERFACE: return "no Crypto Express interface here";
    case ZC_REASON_CEX_NO_DEVICE: return "no /dev/z90crypt";
    case ZC_REASON_CEX_NO_ADAPTER: return "no Crypto Express adapter online";
    case ZC_REASON_CEX_FAILED:   return "/dev/z90crypt cannot be used";
    case ZC_REASON_CEX_KEY_SIZE: return "modulus too large for Crypto Express";
    case ZC_REASON_POLICY:       return "refused by the hw-only policy";
    }
    return "unknown";
}
