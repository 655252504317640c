/*
 * zc-info - what this machine offers libzcrypt, and where each algorithm runs.
 *
 *   zc-info            human-readable report
 *   zc-info --json     the same facts for machines
 *   zc-info --sizes    the size of every public key object and context
 *   zc-info --version  the library version
 *   zc-info --help     usage
 *
 * Everything shown comes from the library's public calls: facility bits,
 * each instruction's query mask (as the machine answered and after
 * ZCRYPT_CAPS), zc_backend_query() per algorithm, the hardware-only policy
 * and whether statistics are counted.
 */
#include <zcrypt.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const struct { unsigned bit; const char *name; } facilities[] = {
    { 17, "MSA" }, { 76, "MSA-3" }, { 77, "MSA-4" }, { 57, "MSA-5" },
    { 146, "MSA-8" }, { 155, "MSA-9" }, { 86, "MSA-12" },
    { 129, "vector" }, { 135, "vector-enhancements-1" },
};
#define NFAC (sizeof(facilities) / sizeof(facilities[0]))

/* CPACF functions used only after a known-answer self-test, and one row
 * per algorithm and key size: the library's own lists (load_lists). */
static struct { enum zc_insn insn; unsigned fc; } selftested[64];
static size_t nselftested;
static struct zc_algo_row rows[256];
static size_t nrows;

static void load_lists(void)
{
    while (nrows < sizeof rows / sizeof rows[0] && zc_algo_row(nrows, &rows[nrows]) == ZC_OK)
        nrows++;
    while (nselftested < sizeof selftested / sizeof selftested[0] &&
           zc_selftest_row(nselftested, &selftested[nselftested].insn,
                           &selftested[nselftested].fc) == ZC_OK)
        nselftested++;
}

/* "AES-CBC-256", "TDES-CBC-3key", "SHA-256", "random" */
static const char *row_name(const struct zc_algo_row *r, char *buf, size_t size)
{
    if (r->key_len == 0)
        return zc_algo_name(r->algo);
    if (r->algo >= ZC_ALGO_DES_ECB && r->algo <= ZC_ALGO_DES_CMAC)
        snprintf(buf, size, "%s-%s%s", r->key_len == 8 ? "DES" : "TDES",
                 zc_algo_name(r->algo) + 4,     /* after "DES-" */
                 r->key_len == 8 ? "" : r->key_len == 16 ? "-2key" : "-3key");
    else
        snprintf(buf, size, "%s-%zu", zc_algo_name(r->algo), r->key_len * 8);
    return buf;
}

static int mask_bit(const uint8_t m[16], unsigned fc)
{
    return (m[fc / 8] >> (7 - fc % 8)) & 1;
}

/* Print a JSON string (our strings are plain ASCII; escape what JSON needs). */
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putchar('\\');
        if ((unsigned char)*s >= 0x20)
            putchar(*s);
    }
    putchar('"');
}

static void print_fc(enum zc_insn insn, unsigned fc)
{
    const char *name = zc_cpacf_fc_name(insn, fc);

    if (name)
        printf(" %s(%u)", name, fc);
    else
        printf(" fc%u", fc);
}

/* The one-line summary at the top: what answers, what is usable, what
 * ZCRYPT_CAPS took away. */
static void cpacf_summary(const char *setting)
{
    unsigned i, fc, queried = 0, usable = 0, removed = 0;

    for (i = 0; i < ZC_INSN_COUNT; i++) {
        uint8_t raw[16], eff[16];

        if (zc_cpacf_query((enum zc_insn)i, 0, raw) != ZC_OK)
            continue;
        zc_cpacf_query((enum zc_insn)i, 1, eff);
        queried++;
        for (fc = 1; fc < 128; fc++) {
            usable += mask_bit(eff, fc);
            removed += mask_bit(raw, fc) && !mask_bit(eff, fc);
        }
    }
    printf("CPACF: %u of %u instructions answer their query, %u function code%s usable", queried,
           (unsigned)ZC_INSN_COUNT, usable, usable == 1 ? "" : "s");
    if (removed)
        printf(", %u removed by ZCRYPT_CAPS", removed);
    printf(".\n");
    if (setting && usable == 0 && removed)
        printf("ZCRYPT_CAPS removes every function code this machine has: the instructions\n"
               "are installed, but this process runs everything in software.\n");
}

/* Can this process make protected keys? Wraps a fixed test key once. */
static int protected_probe(void)
{
    static const uint8_t test_key[16] = { 0x7a, 0x63 };
    zc_aes_key k;
    int rc = zc_aes_key_init_protected(&k, test_key, sizeof test_key);

    zc_aes_key_wipe(&k);
    return rc;
}

/* Can this process make protected HMAC keys (HMAC-SHA-256)? */
static int protected_hmac_probe(void)
{
    static const uint8_t test_key[16] = { 0x7a, 0x63 };
    zc_hmac_key k;
    int rc = zc_hmac_key_init_protected(&k, ZC_SHA256, test_key, sizeof test_key);

    zc_hmac_key_wipe(&k);
    return rc;
}

/* Can this process make protected XTS double keys (full XTS, KM 90/92)?
 * Wraps a fixed XTS-128 test double key (its halves differ) once. */
static int protected_xts_probe(void)
{
    static const uint8_t test_key[32] = { 0x7a, 0x63, [16] = 0x78, 0x74 };
    zc_aes_key k;
    int rc = zc_aes_xts_key_init_protected(&k, test_key, sizeof test_key);

    zc_aes_key_wipe(&k);
    return rc;
}

/* The hashes a protected HMAC key takes (KMAC 120-123). */
static const enum zc_hash_alg prot_hmac_algs[] = { ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512 };
#define NPHMAC (sizeof(prot_hmac_algs) / sizeof(prot_hmac_algs[0]))

/* The curves a protected EC key signs on (KDSA's encrypted-key sign
 * codes, zcrypt/ec_protected.h), one row each. */
static const struct {
    enum zc_ec_curve curve;
    const char *name;
    unsigned fc;                /* KDSA 17-19, 48, 52 */
} prot_ec[] = {
    { ZC_EC_P256, "P-256", 17 },     { ZC_EC_P384, "P-384", 18 },
    { ZC_EC_P521, "P-521", 19 },     { ZC_EC_ED25519, "Ed25519", 48 },
    { ZC_EC_ED448, "Ed448", 52 },
};
#define NPEC (sizeof(prot_ec) / sizeof(prot_ec[0]))

static const char *const aes_mode_names[] = {
    [ZC_AES_ECB] = "ECB", [ZC_AES_CBC] = "CBC", [ZC_AES_CTR] = "CTR", [ZC_AES_CFB] = "CFB",
    [ZC_AES_OFB] = "OFB", [ZC_AES_XTS] = "XTS", [ZC_AES_GCM] = "GCM", [ZC_AES_CMAC] = "CMAC",
    [ZC_AES_CCM] = "CCM",
};
#define NMODES (sizeof(aes_mode_names) / sizeof(aes_mode_names[0]))

/* Protected keys: whether /dev/pkey answers, and each mode's encrypted-key codes. */
static void text_protected(void)
{
    static const unsigned sizes[] = { 16, 24, 32 };
    int rc = protected_probe();
    unsigned m, i;

    printf("\nProtected keys: ");
    if (rc == ZC_OK)
        printf("available (a test key was wrapped through /dev/pkey)\n");
    else
        printf("not available here: %s\n", zc_strerror(rc));
    rc = protected_hmac_probe();
    printf("Protected HMAC keys: %s\n",
           rc == ZC_OK ? "available (a test key was wrapped through /dev/pkey)" : zc_strerror(rc));
    printf("Protected EC keys can sign on:");
    for (i = 0, m = 0; i < NPEC; i++)
        if (zc_ec_protected_query(prot_ec[i].curve) == ZC_OK) {
            printf(" %s", prot_ec[i].name);
            m++;
        }
    printf("%s\n", m ? "" : " no curve here");
    rc = protected_xts_probe();
    printf("Protected XTS double keys (full XTS, KM 90/92): %s\n",
           rc == ZC_OK ? "available (a test key was wrapped through /dev/pkey)" : zc_strerror(rc));
    if (!zc_cpacf_present())
        return;
    printf("  encrypted-key function code per mode and key size (a protected key\n"
           "  never runs software: a missing code is ZC_ENOTSUP for that mode):\n");
    for (m = 0; m < NMODES; m++) {
        printf("  AES-%-5s", aes_mode_names[m]);
        for (i = 0; i < 3; i++) {
            struct zc_backend_info bi;

            if (zc_aes_protected_query((enum zc_aes_mode)m, sizes[i], &bi) != ZC_OK)
                continue;
            if (bi.backend == ZC_BACKEND_CPACF)
                printf("  %u: %s %s", sizes[i] * 8, zc_insn_name(bi.insn),
                       zc_cpacf_fc_name(bi.insn, bi.fc));
            else
                printf("  %u: no (%s %s: %s)", sizes[i] * 8, zc_insn_name(bi.insn),
                       zc_cpacf_fc_name(bi.insn, bi.fc), zc_reason_str(bi.reason));
        }
        printf("\n");
    }
    printf("  protected HMAC keys: the encrypted-key KMAC-HMAC code per hash:\n");
    for (i = 0; i < NPHMAC; i++) {
        struct zc_backend_info bi;

        if (zc_hmac_protected_query(prot_hmac_algs[i], &bi) != ZC_OK)
            continue;
        printf("  HMAC-%-8s", zc_hash_name(prot_hmac_algs[i]));
        if (bi.backend == ZC_BACKEND_CPACF)
            printf(" %s %s\n", zc_insn_name(bi.insn), zc_cpacf_fc_name(bi.insn, bi.fc));
        else
            printf(" no (%s %s: %s)\n", zc_insn_name(bi.insn), zc_cpacf_fc_name(bi.insn, bi.fc),
                   zc_reason_str(bi.reason));
    }
    printf("  protected EC keys: can they sign (the encrypted-key KDSA code per curve,\n"
           "  installed and self-tested with a test key wrapped through /dev/pkey)?\n");
    for (i = 0; i < NPEC; i++) {
        int erc = zc_ec_protected_query(prot_ec[i].curve);

        printf("  %-13s KDSA %s: %s\n", prot_ec[i].name,
               zc_cpacf_fc_name(ZC_INSN_KDSA, prot_ec[i].fc),
               erc == ZC_OK ? "yes" : zc_strerror(erc));
    }
}

static void text_report(void)
{
    unsigned i, fc;
    int any;
    const char *setting = zc_caps_setting();
    char ignored[ZC_CAPS_IGNORED_MAX > ZC_SETTINGS_IGNORED_MAX ? ZC_CAPS_IGNORED_MAX
                                                               : ZC_SETTINGS_IGNORED_MAX];

    printf("libzcrypt %s\n", zc_version());
    if (!zc_cpacf_present()) {
#if defined(__s390x__)
        printf("CPACF: not visible (the kernel offers no STFLE): everything runs in software.\n");
#else
        printf("CPACF: none. This is not an IBM Z machine: everything runs in the\n"
               "portable software implementation.\n");
#endif
    } else {
        cpacf_summary(setting);
        printf("\nFacilities:");
        for (i = 0; i < NFAC; i++)
            printf(" %s=%s", facilities[i].name, zc_facility(facilities[i].bit) ? "yes" : "no");
        printf("\n\nInstructions (installed function codes):\n");
        for (i = 0; i < ZC_INSN_COUNT; i++) {
            uint8_t raw[16], eff[16];
            int rc = zc_cpacf_query((enum zc_insn)i, 0, raw);

            zc_cpacf_query((enum zc_insn)i, 1, eff);
            printf("  %-6s", zc_insn_name((enum zc_insn)i));
            if (rc != ZC_OK) {
                if (i == ZC_INSN_PCKMO && zc_facility(76))
                    printf(" privileged, not queried in user space (protected keys come from /dev/pkey)\n");
                else
                    printf(" not installed (facility %d missing)\n",
                           zc_insn_facility((enum zc_insn)i));
                continue;
            }
            any = 0;
            for (fc = 1; fc < 128; fc++)
                if (mask_bit(eff, fc)) {
                    print_fc((enum zc_insn)i, fc);
                    any = 1;
                }
            for (fc = 1; fc < 128; fc++)
                if (mask_bit(raw, fc) && !mask_bit(eff, fc)) {
                    printf(" [removed:");
                    print_fc((enum zc_insn)i, fc);
                    printf("]");
                    any = 1;
                }
            printf("%s\n", any ? "" : " (installed, no function code besides query)");
        }
    }
    for (i = 0; i < nselftested; i++) {
        int st = zc_cpacf_selftest(selftested[i].insn, selftested[i].fc);

        if (st >= 0)
            printf("%s %s self-test (never executed on an emulator): %s\n",
                   zc_insn_name(selftested[i].insn),
                   zc_cpacf_fc_name(selftested[i].insn, selftested[i].fc),
                   st ? "passed, in use" : "FAILED, not used");
        else if (selftested[i].insn == ZC_INSN_KM || selftested[i].insn == ZC_INSN_KMAC)
            /* MSA-10/11: say where they are missing too, and what runs instead */
            printf("%s %s (%u): not installed (%s)\n", zc_insn_name(selftested[i].insn),
                   zc_cpacf_fc_name(selftested[i].insn, selftested[i].fc), selftested[i].fc,
                   selftested[i].insn == ZC_INSN_KM ? "XTS uses PCC + KM-XTS"
                                                    : "HMAC uses two hashes");
        else if (selftested[i].insn == ZC_INSN_KDSA || selftested[i].insn == ZC_INSN_PCC)
            /* MSA-9: the curve's operation runs in software */
            printf("%s %s (%u): not installed (runs in software)\n",
                   zc_insn_name(selftested[i].insn),
                   zc_cpacf_fc_name(selftested[i].insn, selftested[i].fc), selftested[i].fc);
    }
    printf("\nZCRYPT_CAPS: %s", setting ? setting : "(unset: nothing removed)");
    if (setting && zc_cpacf_present() && strcmp(setting, "none") == 0)
        printf(" (the instructions are installed, but removed for this process)");
    else if (setting && !zc_cpacf_present())
        printf(" (nothing to remove here)");
    if (zc_caps_ignored_items() && zc_caps_ignored_list(ignored, sizeof ignored) == ZC_OK)
        printf("\n  ignored, %u item(s) that do not parse: %s", zc_caps_ignored_items(), ignored);
    printf("\nZCRYPT_POLICY: %s\n", zc_policy_get() == ZC_POLICY_HW_ONLY
           ? "hw-only (anything that would run in software returns ZC_ENOTSUP)"
           : "any (software runs where CPACF cannot)");
    printf("ZCRYPT_STATS: %s", zc_stats_enabled() ? "on (calls and bytes counted per backend)"
                                                  : "off (ZCRYPT_STATS=1 counts per backend)");
    if (zc_stats_shared_status() != ZC_STATS_SHARED_OFF)
        printf("\n  shared: %s", zc_stats_shared_reason(zc_stats_shared_status()));
    if (zc_settings_ignored(ignored, sizeof ignored) == ZC_OK && ignored[0] != '\0')
        printf("\n  not understood (an unknown policy counts as hw-only, statistics stay\n"
               "  off): %s", ignored);
    printf("\n\nBackend used by ZC_BACKEND_AUTO:\n");
    for (i = 0; i < nrows; i++) {
        struct zc_backend_info bi;
        char name[32];

        zc_backend_query(rows[i].algo, rows[i].key_len, &bi);
        printf("  %-14s %-8s", row_name(&rows[i], name, sizeof name),
               bi.reason == ZC_REASON_POLICY ? "refused" : zc_backend_name(bi.backend));
        if (bi.reason == ZC_REASON_POLICY && rows[i].algo == ZC_ALGO_RC4)
            printf(" (%s: it runs in software only)\n", zc_reason_str(bi.reason));
        else if (rows[i].algo >= ZC_ALGO_EC_P256 && rows[i].algo <= ZC_ALGO_EC_ED448 &&
                 bi.reason == ZC_REASON_POLICY)
            printf(" (refused by the hw-only policy; key import is allowed)\n");
        else if (rows[i].algo >= ZC_ALGO_EC_P256 && rows[i].algo <= ZC_ALGO_EC_P521 &&
                 bi.backend == ZC_BACKEND_CPACF)
            /* three codes per curve: signing, verification, ECDH and keys */
            printf(" KDSA %s, %s; PCC %s\n", zc_cpacf_fc_name(ZC_INSN_KDSA, bi.fc),
                   zc_cpacf_fc_name(ZC_INSN_KDSA, bi.fc - 8),
                   zc_cpacf_fc_name(ZC_INSN_PCC, 64 + (bi.fc - 9)));
        else if ((rows[i].algo == ZC_ALGO_EC_ED25519 || rows[i].algo == ZC_ALGO_EC_ED448) &&
                 bi.backend == ZC_BACKEND_CPACF)
            /* pure EdDSA on KDSA 40/44 and 32/36, public keys on PCC 72/73;
             * the ctx and ph forms run in software */
            printf(" KDSA %s, %s; PCC %s\n", zc_cpacf_fc_name(ZC_INSN_KDSA, bi.fc),
                   zc_cpacf_fc_name(ZC_INSN_KDSA, bi.fc - 8),
                   zc_cpacf_fc_name(ZC_INSN_PCC, bi.fc == 40 ? 72 : 73));
        else if (rows[i].algo == ZC_ALGO_RANDOM)
            printf(" getrandom()%s\n", bi.backend == ZC_BACKEND_CPACF
                   ? " XOR PRNO TRNG" : " only (no PRNO TRNG to mix in)");
        else if (rows[i].algo == ZC_ALGO_RSA)
            printf(" (%s)\n", zc_reason_str(bi.reason));
        else if (bi.reason == ZC_REASON_SOFTWARE_ONLY)
            printf(" (%s)\n", zc_reason_str(bi.reason));
        else if (bi.backend == ZC_BACKEND_CPACF)
            printf(" %s %s\n", zc_insn_name(bi.insn), zc_cpacf_fc_name(bi.insn, bi.fc));
        else
            printf(" (%s: %s %s)\n", zc_reason_str(bi.reason), zc_insn_name(bi.insn),
                   zc_cpacf_fc_name(bi.insn, bi.fc));
    }
    printf("  HMAC runs on its hash's backend, as listed above.\n");
    {
        /* the adapter state, as AUTO RSA keys see it at each operation */
        struct zc_backend_info bi;

        zc_backend_query(ZC_ALGO_RSA, 256, &bi);
        printf("\nCrypto Express (/dev/z90crypt): %s\n", bi.reason == ZC_REASON_POLICY
               ? "no adapter online (and software RSA is refused by ZCRYPT_POLICY=hw-only)"
               : zc_reason_str(bi.reason));
        if (bi.reason == ZC_REASON_POLICY)
            ;
        else if (bi.reason == ZC_REASON_CEX_FAILED)
            printf("  RSA operations of ZC_BACKEND_AUTO keys fail with ZC_EDEVICE until it can\n"
                   "  be used (or the keys are set to ZC_BACKEND_SOFTWARE).\n");
        else
            printf("  RSA keys up to 4096 bits run %s under ZC_BACKEND_AUTO (CPACF has no RSA).\n",
                   bi.backend == ZC_BACKEND_CEX ? "on the adapter" : "in software");
    }
    text_protected();
}

static void json_report(void)
{
    unsigned i, fc;
    const char *setting = zc_caps_setting();
    char ignored[ZC_CAPS_IGNORED_MAX > ZC_SETTINGS_IGNORED_MAX ? ZC_CAPS_IGNORED_MAX
                                                               : ZC_SETTINGS_IGNORED_MAX];

    printf("{\n  \"version\": ");
    json_str(zc_version());
    printf(",\n  \"cpacf\": %s,\n  \"facilities\": {", zc_cpacf_present() ? "true" : "false");
    for (i = 0; i < NFAC; i++) {
        printf("%s", i ? ", " : "");
        json_str(facilities[i].name);
        printf(": %s", zc_facility(facilities[i].bit) ? "true" : "false");
    }
    printf("},\n  \"zcrypt_caps\": ");
    if (setting)
        json_str(setting);
    else
        printf("null");
    printf(",\n  \"policy\": \"%s\",\n  \"statistics\": %s",
           zc_policy_get() == ZC_POLICY_HW_ONLY ? "hw-only" : "any",
           zc_stats_enabled() ? "true" : "false");
    printf(",\n  \"statistics_shared\": ");
    json_str(zc_stats_shared_reason(zc_stats_shared_status()));
    printf(",\n  \"zcrypt_caps_ignored\": %u,\n  \"zcrypt_caps_ignored_items\": [",
           zc_caps_ignored_items());
    if (zc_caps_ignored_list(ignored, sizeof ignored) == ZC_OK) {
        char *item = ignored, *comma;

        while (*item) {                 /* items never contain a comma */
            comma = strchr(item, ',');
            if (comma)
                *comma = '\0';
            printf("%s", item == ignored ? "" : ", ");
            json_str(item);
            item = comma ? comma + 1 : item + strlen(item);
        }
    }
    printf("],\n  \"settings_ignored\": [");
    if (zc_settings_ignored(ignored, sizeof ignored) == ZC_OK) {
        char *item = ignored, *comma;

        while (*item) {                 /* values never contain a comma */
            comma = strchr(item, ',');
            if (comma)
                *comma = '\0';
            printf("%s", item == ignored ? "" : ", ");
            json_str(item);
            item = comma ? comma + 1 : item + strlen(item);
        }
    }
    printf("],\n  \"instructions\": {\n");
    for (i = 0; i < ZC_INSN_COUNT; i++) {
        uint8_t raw[16], eff[16];
        int rc = zc_cpacf_query((enum zc_insn)i, 0, raw), first = 1;

        zc_cpacf_query((enum zc_insn)i, 1, eff);
        printf("    ");
        json_str(zc_insn_name((enum zc_insn)i));
        printf(": {\"queried\": %s, \"mask\": \"", rc == ZC_OK ? "true" : "false");
        for (fc = 0; fc < 16; fc++)
            printf("%02x", raw[fc]);
        printf("\", \"functions\": [");
        for (fc = 1; fc < 128; fc++) {
            const char *name;

            if (!mask_bit(raw, fc))
                continue;
            name = zc_cpacf_fc_name((enum zc_insn)i, fc);
            printf("%s{\"fc\": %u, \"name\": ", first ? "" : ", ", fc);
            if (name)
                json_str(name);
            else
                printf("null");
            printf(", \"usable\": %s}", mask_bit(eff, fc) ? "true" : "false");
            first = 0;
        }
        printf("]}%s\n", i + 1 < ZC_INSN_COUNT ? "," : "");
    }
    printf("  },\n  \"algorithms\": {\n");
    for (i = 0; i < nrows; i++) {
        struct zc_backend_info bi;
        char name[32];

        zc_backend_query(rows[i].algo, rows[i].key_len, &bi);
        printf("    ");
        json_str(row_name(&rows[i], name, sizeof name));
        printf(": {\"backend\": ");
        json_str(zc_backend_name(bi.backend));
        printf(", \"reason\": ");
        json_str(zc_reason_str(bi.reason));
        if (bi.insn == ZC_INSN_COUNT) {     /* RC4, RSA: no CPACF instruction */
            printf(", \"instruction\": null, \"fc\": null}%s\n", i + 1 < nrows ? "," : "");
            continue;
        }
        printf(", \"instruction\": ");
        json_str(zc_insn_name(bi.insn));
        printf(", \"fc\": %u}%s\n", bi.fc, i + 1 < nrows ? "," : "");
    }
    printf("  },\n  \"selftests\": [\n");
    for (i = 0; i < nselftested; i++) {
        int st = zc_cpacf_selftest(selftested[i].insn, selftested[i].fc);

        printf("    {\"instruction\": ");
        json_str(zc_insn_name(selftested[i].insn));
        printf(", \"fc\": %u, \"name\": ", selftested[i].fc);
        json_str(zc_cpacf_fc_name(selftested[i].insn, selftested[i].fc));
        printf(", \"state\": \"%s\"}%s\n",
               st > 0 ? "passed" : st == 0 ? "failed" : "not installed",
               i + 1 < nselftested ? "," : "");
    }
    {
        struct zc_backend_info bi;

        zc_backend_query(ZC_ALGO_RSA, 256, &bi);
        printf("  ],\n  \"crypto_express\": {\"status\": ");
        json_str(zc_reason_str(bi.reason));
        printf(", \"online\": %s, \"rsa_backend\": ",
               bi.backend == ZC_BACKEND_CEX ? "true" : "false");
        json_str(bi.reason == ZC_REASON_POLICY ? "refused" : zc_backend_name(bi.backend));
        printf(", \"rsa_max_bits\": 4096},\n");
    }
    printf("  \"protected_keys\": {\"available\": %s, \"status\": ",
           protected_probe() == ZC_OK ? "true" : "false");
    json_str(zc_strerror(protected_probe()));
    printf(", \"modes\": {\n");
    for (i = 0; i < NMODES; i++) {
        static const unsigned sizes[] = { 16, 24, 32 };
        unsigned j, first = 1;

        printf("    \"AES-%s\": {", aes_mode_names[i]);
        for (j = 0; j < 3; j++) {
            struct zc_backend_info bi;

            if (zc_aes_protected_query((enum zc_aes_mode)i, sizes[j], &bi) != ZC_OK)
                continue;
            printf("%s\"%u\": {\"backend\": ", first ? "" : ", ", sizes[j] * 8);
            json_str(bi.backend == ZC_BACKEND_CPACF ? "cpacf" : "unavailable");
            printf(", \"reason\": ");
            json_str(zc_reason_str(bi.reason));
            printf(", \"instruction\": ");
            json_str(zc_insn_name(bi.insn));
            printf(", \"fc\": %u}", bi.fc);
            first = 0;
        }
        printf("}%s\n", i + 1 < NMODES ? "," : "");
    }
    printf("  }, \"hmac_available\": %s, \"hmac_status\": ",
           protected_hmac_probe() == ZC_OK ? "true" : "false");
    json_str(zc_strerror(protected_hmac_probe()));
    printf(", \"hmac\": {\n");
    for (i = 0; i < NPHMAC; i++) {
        struct zc_backend_info bi;

        if (zc_hmac_protected_query(prot_hmac_algs[i], &bi) != ZC_OK)
            continue;
        printf("    \"HMAC-%s\": {\"backend\": ", zc_hash_name(prot_hmac_algs[i]));
        json_str(bi.backend == ZC_BACKEND_CPACF ? "cpacf" : "unavailable");
        printf(", \"reason\": ");
        json_str(zc_reason_str(bi.reason));
        printf(", \"instruction\": ");
        json_str(zc_insn_name(bi.insn));
        printf(", \"fc\": %u}%s\n", bi.fc, i + 1 < NPHMAC ? "," : "");
    }
    printf("  }, \"ec\": {\n");
    for (i = 0; i < NPEC; i++) {
        int rc = zc_ec_protected_query(prot_ec[i].curve);

        printf("    \"%s\": {\"can_sign\": %s, \"status\": ", prot_ec[i].name,
               rc == ZC_OK ? "true" : "false");
        json_str(zc_strerror(rc));
        printf(", \"instruction\": \"KDSA\", \"fc\": %u}%s\n", prot_ec[i].fc,
               i + 1 < NPEC ? "," : "");
    }
    {
        int xrc = protected_xts_probe();

        printf("  }, \"xts_double_available\": %s, \"xts_double_status\": ",
               xrc == ZC_OK ? "true" : "false");
        json_str(zc_strerror(xrc));
    }
    printf("}\n}\n");
}

/* Every public key object and context the caller allocates (the library
 * allocates none): "name bytes" per line. tests/zc_info_sizes.sh checks
 * the list against the headers. */
#define ZC_SIZE(t) { #t, sizeof(t) }
static const struct { const char *name; size_t size; } sizes[] = {
    ZC_SIZE(zc_aes_key), ZC_SIZE(zc_aes_gcm_ctx), ZC_SIZE(zc_aes_cmac_ctx),
    ZC_SIZE(zc_aes_stream_ctx), ZC_SIZE(zc_des_key), ZC_SIZE(zc_des_stream_ctx),
    ZC_SIZE(zc_rc4_ctx),
    ZC_SIZE(zc_hash_ctx), ZC_SIZE(zc_hmac_ctx), ZC_SIZE(zc_hmac_key), ZC_SIZE(zc_rsa_key),
    ZC_SIZE(zc_ec_key),
    ZC_SIZE(struct zc_stats), ZC_SIZE(struct zc_backend_info),
};

static void sizes_report(void)
{
    size_t i;

    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
        printf("%-24s %6zu\n", sizes[i].name, sizes[i].size);
}

static void usage(FILE *f, const char *prog)
{
    fprintf(f, "usage: %s [--json | --sizes | --version | --help]\n"
               "Show what this machine's CPACF offers libzcrypt and where each algorithm runs.\n"
               "  --json     the same report as JSON\n"
               "  --sizes    print the size in bytes of each key object and context\n"
               "  --version  print the library version\n"
               "  --help     print this help\n"
               "The ZCRYPT_CAPS environment variable can remove capabilities (see README).\n",
            prog);
}

/* Every report ends here: a write error (a full disk, a closed pipe,
 * /dev/full) is an error, not a success. */
static int finish(int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "zc-info: writing standard output: %s\n", strerror(errno));
        return 1;
    }
    return rc;
}

int main(int argc, char **argv)
{
    load_lists();
    if (argc == 2 && strcmp(argv[1], "--json") == 0) {
        json_report();
        return finish(0);
    }
    if (argc == 2 && strcmp(argv[1], "--sizes") == 0) {
        sizes_report();
        return finish(0);
    }
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout, argv[0]);
        return finish(0);
    }
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("zc-info (libzcrypt) %s\n", zc_version());
        return finish(0);
    }
    if (argc != 1) {
        usage(stderr, argv[0]);
        return 2;
    }
    text_report();
    return finish(0);
}
