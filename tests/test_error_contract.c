/*
 * test_error_contract.c - docs/error-contract.md against the library.
 *
 * The document is the machine-readable contract: one table row per public
 * function with the error codes it may return. This program reads it
 * (path in ZC_ERROR_CONTRACT, set by meson) and calls every function with
 * bad input: NULL pointers, zero, huge and address-space-wrapping
 * lengths, wrong sizes, partial overlap, zero-filled and wiped objects,
 * calls in the wrong order. Each probe states the code it expects; the
 * program checks
 *  - the returned code, and that it is in the function's row;
 *  - that nothing was written: every object the probes use lives in one
 *    workspace, rebuilt before each probe and compared byte for byte
 *    afterwards (a probe flagged WRITES is one whose contract says what
 *    it writes, e.g. GCM decryption zeroing its output on a wrong tag);
 *  - that every row has at least one probe, that functions without error
 *    codes are probed as such, and (where the code can be provoked on
 *    this machine: no CPACF) that every listed code is produced by some
 *    probe. A code marked with a dagger in the document is one this
 *    machine cannot provoke (explained in the document).
 * So the document and the library cannot drift apart silently.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv, for the shared-mode name probe */
#include <zcrypt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit/unit.h"
#include "verify_names.h"
#include "vectors/rsa_kat.h"

/* ---- the contract document ------------------------------------------- */

#define MAX_ROWS 256
#define MAX_CODES 8

static struct row {
    char fn[48];
    int codes[MAX_CODES];       /* the codes the row lists */
    int must[MAX_CODES];        /* 1: must be provoked here (no dagger) */
    int seen[MAX_CODES];
    unsigned ncodes;
    int no_codes;               /* the row says "—": no error codes */
    unsigned probes;
} rows[MAX_ROWS];
static unsigned nrows;

static const struct {
    const char *name;
    int code;
} code_names[] = {
    { "ZC_EINVAL", ZC_EINVAL }, { "ZC_ENOTSUP", ZC_ENOTSUP }, { "ZC_EAUTH", ZC_EAUTH },
    { "ZC_EKEY", ZC_EKEY }, { "ZC_EDEVICE", ZC_EDEVICE }, { "ZC_ENOMEM", ZC_ENOMEM },
    { "ZC_ESTATE", ZC_ESTATE },
};

/* Rows look like: | `zc_name` | `ZC_EINVAL`, `ZC_ENOTSUP`† | notes | */
static void parse_row(const char *line)
{
    struct row *r = &rows[nrows];
    const char *p = line + 3, *cell, *end;
    size_t n;
    unsigned i;

    end = strchr(p, '`');
    n = end ? (size_t)(end - p) : 0;
    if (n == 0 || n >= sizeof r->fn || nrows == MAX_ROWS) {
        check(0, "malformed contract row");
        return;
    }
    memset(r, 0, sizeof *r);
    memcpy(r->fn, p, n);
    cell = strchr(end, '|');
    end = cell ? strchr(cell + 1, '|') : NULL;
    if (end == NULL) {
        check(0, "contract row without a codes cell");
        return;
    }
    for (p = cell + 1; p < end; p++) {
        if (strncmp(p, "—", strlen("—")) == 0)
            r->no_codes = 1;
        for (i = 0; i < sizeof code_names / sizeof code_names[0]; i++) {
            size_t l = strlen(code_names[i].name);

            if (strncmp(p, code_names[i].name, l) == 0 && p[l] == '`' && r->ncodes < MAX_CODES) {
                r->codes[r->ncodes] = code_names[i].code;
                r->must[r->ncodes] = strncmp(p + l + 1, "†", strlen("†")) != 0;
                r->ncodes++;
                p += l;
                break;
            }
        }
    }
    check(r->no_codes != (r->ncodes > 0), r->fn);
    nrows++;
}

static void read_contract(const char *path)
{
    char line[1024];
    FILE *f = fopen(path, "r");

    if (f == NULL) {
        printf("cannot open %s\n", path);
        check(0, "contract document");
        return;
    }
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "| `zc_", 6) == 0)
            parse_row(line);
    fclose(f);
}

static struct row *find_row(const char *fn)
{
    unsigned i;

    for (i = 0; i < nrows; i++)
        if (strcmp(rows[i].fn, fn) == 0)
            return &rows[i];
    return NULL;
}

/* ---- the workspace ------------------------------------------------- */

static struct ws {
    uint8_t buf[512];           /* text in and out */
    uint8_t iv[16], tag[16], key[32], mask[16];
    zc_aes_key aes, aes24, aes32, aes_zero, aes_wiped, aes_new, aes_later_wiped;
    zc_des_key des, des_zero, des_wiped, des_new;
    zc_hash_ctx h, h_zero, h_done;
    zc_hmac_ctx m, m_zero, m_done;
    zc_hmac_key hk_zero, hk_new;
    zc_aes_cmac_ctx c, c_zero, c_done, c_key_wiped;
    zc_aes_gcm_ctx ge, gd, g_zero, g_done, g_text, g_key_wiped;
    zc_rc4_ctx r, r_zero, r_wiped;
    zc_aes_stream_ctx s, s_zero, s_wiped, s_key_wiped;
    zc_des_stream_ctx ds, ds_zero, ds_wiped, ds_key_wiped;
    zc_des_key des_later_wiped;
    uint8_t blob[ZC_AES_SECURE_BLOB_MAX + 1];
    zc_rsa_key rsa, rsa_pub, rsa_zero, rsa_wiped, rsa_bad, rsa_new;
    struct zc_rsa_components comp;
    zc_ec_key ec, ec_pub, ec_zero, ec_cpacf, ec_new;
    zc_ec_key x, x_pub, x_low, x_cpacf, x448;
    zc_ec_key ed, ed_pub, ed_cpacf;
    uint8_t ec_pub_bytes[65];   /* ec's public key, 04 || X || Y */
    uint8_t ff[128];            /* above every 1024-bit modulus */
    size_t len, small;
    struct zc_backend_info info;
    struct zc_algo_row arow;
    enum zc_insn insn;
    unsigned fc;
} W;
static struct ws before;

/* The 1024-bit KAT key, read once: its private and its public form. */
static zc_rsa_key rsa_ready, rsa_pub_ready;
static uint8_t rsa_der[1024];
static size_t rsa_der_len;

/* An EC key pair, from RFC 6979 A.2.5's private key; its public key; a
 * P-384 key (another curve); DER made from them: a SEC1 key carrying
 * another key's public key (G's), a PKCS#8 of version 2 without its
 * publicKey turned into version 3 (an unknown one). */
static zc_ec_key ec_ready, ec_pub_ready, ec384_ready;
static uint8_t ec_pub65[65], ec_sec1_other[160], ec_pkcs8_v3[200];
static size_t ec_sec1_other_len, ec_pkcs8_v3_len;

/* X25519 keys: RFC 7748 6.1's Alice (private) and Bob (public only),
 * u = 0 (low order: the secret is all zero), an X448 key; RFC 8410 DER
 * made from them: an SPKI with parameters (05 00) and a PKCS#8 v2 whose
 * publicKey is Bob's, not Alice's. */
static zc_ec_key x_ready, x_pub_ready, x_low_ready, x448_ready;
static uint8_t x_spki_params[64], x_pkcs8_other[96];
static size_t x_spki_params_len, x_pkcs8_other_len;

static void x_once(void)
{
    static const uint8_t a[32] = {
        0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
        0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a,
    };
    static const uint8_t b_pub[32] = {
        0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
        0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
    };
    static const uint8_t zero[56];
    uint8_t der[96];
    size_t len = sizeof der;

    check(zc_ec_key_from_private(&x_ready, ZC_EC_X25519, a, 32) == ZC_OK, "an X25519 key");
    check(zc_ec_key_from_public(&x_pub_ready, ZC_EC_X25519, b_pub, 32) == ZC_OK, "its peer");
    check(zc_ec_key_from_public(&x_low_ready, ZC_EC_X25519, zero, 32) == ZC_OK, "u = 0 imports");
    check(zc_ec_key_from_private(&x448_ready, ZC_EC_X448, zero, 56) == ZC_OK, "an X448 key");
    check(zc_ec_key_export_der(&x_pub_ready, ZC_EC_DER_PUBLIC_SPKI, der, &len) == ZC_OK &&
          len == 44, "X25519 SPKI export");
    /* 30 2c 30 07 06 03 2b 65 6e 05 00 03 21 00 u */
    x_spki_params[0] = 0x30;
    x_spki_params[1] = 0x2c;
    x_spki_params[2] = 0x30;
    x_spki_params[3] = 0x07;
    memcpy(x_spki_params + 4, der + 4, 5);
    x_spki_params[9] = 0x05;
    x_spki_params[10] = 0x00;
    memcpy(x_spki_params + 11, der + 9, 35);
    x_spki_params_len = 46;
    len = sizeof der;
    check(zc_ec_key_export_der(&x_ready, ZC_EC_DER_PRIVATE_PKCS8, der, &len) == ZC_OK &&
          len == 48, "X25519 PKCS#8 export");
    /* version 1 and [1] IMPLICIT BIT STRING of Bob's key */
    memcpy(x_pkcs8_other, der, 48);
    x_pkcs8_other[1] = 0x2e + 35;
    x_pkcs8_other[4] = 1;
    x_pkcs8_other[48] = 0x81;
    x_pkcs8_other[49] = 0x21;
    x_pkcs8_other[50] = 0x00;
    memcpy(x_pkcs8_other + 51, b_pub, 32);
    x_pkcs8_other_len = 83;
}

/* Ed25519: RFC 8032 7.1 TEST 1's key (private, and public only), a
 * PKCS#8 v2 of its seed carrying another public key (B's encoding, y =
 * 4/5, from RFC 8032 5.1), A's non-canonical twin y + p is not made: y = p
 * (ed_noncanon) and the neutral element (ed_neutral) are. */
static zc_ec_key ed_ready, ed_pub_ready;
static uint8_t ed_pkcs8_other[83], ed_noncanon[32], ed_neutral[32];

static void ed_once(void)
{
    static const uint8_t seed[32] = {
        0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
        0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
    };
    static const uint8_t base[32] = {
        0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
        0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    };
    uint8_t pub[32];
    size_t len = sizeof pub;

    check(zc_ec_key_from_private(&ed_ready, ZC_EC_ED25519, seed, 32) == ZC_OK, "an Ed25519 key");
    check(zc_ec_key_public(&ed_ready, pub, &len) == ZC_OK, "its public key");
    check(zc_ec_key_from_public(&ed_pub_ready, ZC_EC_ED25519, pub, 32) == ZC_OK, "and imports");
    len = sizeof ed_pkcs8_other;
    check(zc_ec_key_export_der(&ed_ready, ZC_EC_DER_PRIVATE_PKCS8, ed_pkcs8_other, &len) ==
          ZC_OK && len == 48, "Ed25519 PKCS#8 export");
    ed_pkcs8_other[1] = 0x2e + 35;      /* version 1 and [1] IMPLICIT BIT STRING of B */
    ed_pkcs8_other[4] = 1;
    ed_pkcs8_other[48] = 0x81;
    ed_pkcs8_other[49] = 0x21;
    ed_pkcs8_other[50] = 0x00;
    memcpy(ed_pkcs8_other + 51, base, 32);
    memset(ed_noncanon, 0xff, 32);      /* 2^255 - 19 */
    ed_noncanon[0] = 0xed;
    ed_noncanon[31] = 0x7f;
    ed_neutral[0] = 1;
}

static void ec_once(void)
{
    static const uint8_t d[32] = {
        0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16, 0x6b, 0x5c, 0x21, 0x57, 0x67, 0xb1, 0xd6, 0x93,
        0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12, 0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21,
    };
    uint8_t pub[65];
    size_t len = sizeof pub;

    uint8_t one[48] = { 0 };
    zc_ec_key g;

    check(zc_ec_key_from_private(&ec_ready, ZC_EC_P256, d, sizeof d) == ZC_OK, "the EC key imports");
    check(zc_ec_key_public(&ec_ready, pub, &len) == ZC_OK, "its public key");
    check(zc_ec_key_from_public(&ec_pub_ready, ZC_EC_P256, pub, len) == ZC_OK, "and imports");
    memcpy(ec_pub65, pub, sizeof ec_pub65);
    one[47] = 1;
    check(zc_ec_key_from_private(&ec384_ready, ZC_EC_P384, one, 48) == ZC_OK, "a P-384 key");
    check(zc_ec_key_from_private(&g, ZC_EC_P256, one + 16, 32) == ZC_OK, "d = 1: G");
    len = sizeof pub;
    check(zc_ec_key_public(&g, pub, &len) == ZC_OK, "G's encoding");
    ec_sec1_other_len = sizeof ec_sec1_other;
    check(zc_ec_key_export_der(&ec_ready, ZC_EC_DER_PRIVATE_SEC1, ec_sec1_other,
                               &ec_sec1_other_len) == ZC_OK, "SEC1 export");
    memcpy(ec_sec1_other + ec_sec1_other_len - 65, pub, 65);   /* the point ends it */
    ec_pkcs8_v3_len = sizeof ec_pkcs8_v3;
    check(zc_ec_key_export_der(&ec_ready, ZC_EC_DER_PRIVATE_PKCS8, ec_pkcs8_v3,
                               &ec_pkcs8_v3_len) == ZC_OK, "PKCS#8 export");
    check(ec_pkcs8_v3[1] == 0x81 && ec_pkcs8_v3[3] == 0x02 && ec_pkcs8_v3[5] == 0x00,
          "PKCS#8: SEQUENCE (long length), INTEGER 0");
    ec_pkcs8_v3[5] = 3;
    zc_ec_key_wipe(&g);
}

static void rsa_once(void)
{
    const char *hex = zc_rsa_kat_keys[0].der;
    uint8_t pub[512];
    size_t i, n = strlen(hex) / 2, pub_len = sizeof pub;

    for (i = 0; i < n && i < sizeof rsa_der; i++) {
        unsigned v;

        sscanf(hex + 2 * i, "%2x", &v);
        rsa_der[i] = (uint8_t)v;
    }
    rsa_der_len = n;
    check(zc_rsa_key_from_der(&rsa_ready, rsa_der, rsa_der_len) == ZC_OK, "the RSA KAT key imports");
    check(zc_rsa_key_export_der(&rsa_ready, ZC_RSA_DER_PUBLIC_PKCS1, pub, &pub_len) == ZC_OK,
          "the RSA KAT key exports");
    check(zc_rsa_key_from_der(&rsa_pub_ready, pub, pub_len) == ZC_OK, "its public part imports");
}

static void setup(void)
{
    static const uint8_t k[32] = { 0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe,
                                   0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81 };
    uint8_t tmp[64];

    memset(&W, 0xa5, sizeof W);
    memcpy(W.key, k, sizeof k);
    zc_aes_key_init(&W.aes, k, 16, ZC_BACKEND_AUTO);
    zc_aes_key_init(&W.aes24, k, 24, ZC_BACKEND_AUTO);
    zc_aes_key_init(&W.aes32, k, 32, ZC_BACKEND_AUTO);
    memset(&W.aes_zero, 0, sizeof W.aes_zero);
    zc_aes_key_init(&W.aes_wiped, k, 16, ZC_BACKEND_AUTO);
    zc_aes_key_wipe(&W.aes_wiped);
    zc_aes_key_init(&W.aes_later_wiped, k, 16, ZC_BACKEND_AUTO);
    zc_des_key_init(&W.des, k, 24, ZC_BACKEND_AUTO);
    memset(&W.des_zero, 0, sizeof W.des_zero);
    zc_des_key_init(&W.des_wiped, k, 8, ZC_BACKEND_AUTO);
    zc_des_key_wipe(&W.des_wiped);

    zc_hash_init(&W.h, ZC_SHA256, ZC_BACKEND_AUTO);
    memset(&W.h_zero, 0, sizeof W.h_zero);
    zc_hash_init(&W.h_done, ZC_SHA256, ZC_BACKEND_AUTO);
    zc_hash_final(&W.h_done, tmp, 32);
    zc_hmac_init(&W.m, ZC_SHA256, k, 32, ZC_BACKEND_AUTO);
    memset(&W.m_zero, 0, sizeof W.m_zero);
    zc_hmac_init(&W.m_done, ZC_SHA256, k, 32, ZC_BACKEND_AUTO);
    zc_hmac_final(&W.m_done, tmp, 32);
    memset(&W.hk_zero, 0, sizeof W.hk_zero);

    zc_aes_cmac_init(&W.c, &W.aes);
    memset(&W.c_zero, 0, sizeof W.c_zero);
    zc_aes_cmac_init(&W.c_done, &W.aes);
    zc_aes_cmac_final(&W.c_done, tmp, 16);
    zc_aes_cmac_init(&W.c_key_wiped, &W.aes_later_wiped);

    zc_aes_gcm_init(&W.ge, &W.aes, k, 12, 0);
    zc_aes_gcm_init(&W.gd, &W.aes, k, 12, 1);
    memset(&W.g_zero, 0, sizeof W.g_zero);
    zc_aes_gcm_init(&W.g_done, &W.aes, k, 12, 0);
    zc_aes_gcm_final(&W.g_done, tmp, 16);
    zc_aes_gcm_init(&W.g_text, &W.aes, k, 12, 0);
    zc_aes_gcm_update(&W.g_text, k, tmp, 5);
    zc_aes_gcm_init(&W.g_key_wiped, &W.aes_later_wiped, k, 12, 0);
    zc_aes_ctr_stream_init(&W.s, &W.aes, k);
    memset(&W.s_zero, 0, sizeof W.s_zero);
    zc_aes_ofb_stream_init(&W.s_wiped, &W.aes, k);
    zc_aes_stream_wipe(&W.s_wiped);
    zc_aes_cfb_stream_init(&W.s_key_wiped, &W.aes_later_wiped, k, 0);
    zc_aes_key_wipe(&W.aes_later_wiped);
    zc_des_ctr_stream_init(&W.ds, &W.des, k);
    memset(&W.ds_zero, 0, sizeof W.ds_zero);
    zc_des_ofb_stream_init(&W.ds_wiped, &W.des, k);
    zc_des_stream_wipe(&W.ds_wiped);
    zc_des_key_init(&W.des_later_wiped, k, 16, ZC_BACKEND_AUTO);
    zc_des_cfb_stream_init(&W.ds_key_wiped, &W.des_later_wiped, k, 0);
    zc_des_key_wipe(&W.des_later_wiped);

    memcpy(&W.rsa, &rsa_ready, sizeof W.rsa);
    memcpy(&W.rsa_pub, &rsa_pub_ready, sizeof W.rsa_pub);
    memset(&W.rsa_zero, 0, sizeof W.rsa_zero);
    memcpy(&W.rsa_wiped, &rsa_ready, sizeof W.rsa_wiped);
    zc_rsa_key_wipe(&W.rsa_wiped);
    memcpy(&W.ec, &ec_ready, sizeof W.ec);
    memcpy(&W.ec_pub, &ec_pub_ready, sizeof W.ec_pub);
    memset(&W.ec_zero, 0, sizeof W.ec_zero);
    memcpy(&W.ec_cpacf, &ec_ready, sizeof W.ec_cpacf);
    zc_ec_key_set_backend(&W.ec_cpacf, ZC_BACKEND_CPACF);
    W.len = sizeof W.ec_pub_bytes;
    zc_ec_key_public(&ec_ready, W.ec_pub_bytes, &W.len);
    memcpy(&W.x, &x_ready, sizeof W.x);
    memcpy(&W.x_pub, &x_pub_ready, sizeof W.x_pub);
    memcpy(&W.x_low, &x_low_ready, sizeof W.x_low);
    memcpy(&W.x_cpacf, &x_ready, sizeof W.x_cpacf);
    zc_ec_key_set_backend(&W.x_cpacf, ZC_BACKEND_CPACF);
    memcpy(&W.x448, &x448_ready, sizeof W.x448);
    memcpy(&W.ed, &ed_ready, sizeof W.ed);
    memcpy(&W.ed_pub, &ed_pub_ready, sizeof W.ed_pub);
    memcpy(&W.ed_cpacf, &ed_ready, sizeof W.ed_cpacf);
    zc_ec_key_set_backend(&W.ed_cpacf, ZC_BACKEND_CPACF);
    memcpy(&W.rsa_bad, &rsa_ready, sizeof W.rsa_bad);
    W.rsa_bad.zc_dp[0] ^= 2;    /* the CRT result fails the check with e */
    memset(&W.comp, 0, sizeof W.comp);
    memset(W.ff, 0xff, sizeof W.ff);
    W.len = sizeof W.buf;
    W.small = 1;

    zc_rc4_init(&W.r, k, 16);
    memset(&W.r_zero, 0, sizeof W.r_zero);
    zc_rc4_init(&W.r_wiped, k, 16);
    zc_rc4_wipe(&W.r_wiped);
    memcpy(&before, &W, sizeof W);
}

/* ---- probes ---------------------------------------------------------- */

#define WRITES 1u               /* the contract says what it writes */
#define NO_CPACF 2u             /* the code needs a machine without CPACF */

static unsigned nprobes;

static struct row *probe_row(const char *fn, const char *what)
{
    struct row *r = find_row(fn);
    char msg[300];

    nprobes++;
    if (r == NULL) {
        snprintf(msg, sizeof msg, "%s is not in docs/error-contract.md (%s)", fn, what);
        check(0, msg);
        return NULL;
    }
    r->probes++;
    return r;
}

static void unchanged(const char *fn, const char *what, unsigned flags)
{
    char msg[300];

    if (flags & WRITES)
        return;
    snprintf(msg, sizeof msg, "%s wrote on bad input: %s", fn, what);
    check(memcmp(&W, &before, sizeof W) == 0, msg);
}

static void error_probe(const char *fn, int want, int got, unsigned flags, const char *what)
{
    struct row *r = probe_row(fn, what);
    char msg[300];
    unsigned i;
    int listed = 0;

    if ((flags & NO_CPACF) && zc_cpacf_present())
        return;
    snprintf(msg, sizeof msg, "%s%s: want %s, got %s", fn, what, zc_strerror(want),
             zc_strerror(got));
    check(got == want, msg);
    unchanged(fn, what, flags);
    if (r == NULL)
        return;
    for (i = 0; i < r->ncodes; i++)
        if (r->codes[i] == want) {
            r->seen[i] = 1;
            listed = 1;
        }
    snprintf(msg, sizeof msg, "%s: %s is not in its contract row", fn, zc_strerror(want));
    check(listed, msg);
}

static void value_probe(const char *fn, int ok, const char *what)
{
    struct row *r = probe_row(fn, what);
    char msg[300];

    snprintf(msg, sizeof msg, "%s%s", fn, what);
    check(ok, msg);
    unchanged(fn, what, 0);
    if (r != NULL) {
        snprintf(msg, sizeof msg, "%s has no error codes: its row must say so", fn);
        check(r->no_codes, msg);
    }
}

#define STR_(x) #x
#define STR(x) STR_(x)
/* E: an int function must return `want`; the workspace is rebuilt first. */
#define E(fn, want, flags, args) do {                                   \
        int got_;                                                       \
        setup();                                                        \
        got_ = fn args;                                                 \
        error_probe(STR(fn), want, got_, flags, #args);                 \
    } while (0)
/* V: a function without error codes; cond holds its result as `v`. */
#define V(fn, args, cond) do {                                          \
        setup();                                                        \
        {                                                               \
            __typeof__(fn args) v = fn args;                            \
            value_probe(STR(fn), (cond), #args " -> " #cond);           \
        }                                                               \
    } while (0)
/* VOID: a void function must accept the call and write nothing. */
#define VOID(fn, args) do {                                             \
        setup();                                                        \
        fn args;                                                        \
        value_probe(STR(fn), 1, #args);                                 \
    } while (0)

#define EI ZC_EINVAL
#define ES ZC_ESTATE
#define HUGE_LEN SIZE_MAX
#define WRAP_LEN (SIZE_MAX & ~(size_t)15)     /* from buf, reaches past the end of memory */

typedef int (*aes_chain)(const zc_aes_key *, uint8_t *, const uint8_t *, uint8_t *, size_t);
typedef int (*aes_plain)(const zc_aes_key *, const uint8_t *, uint8_t *, size_t);

static void aes_probes(void)
{
    size_t big = (size_t)1 << 36;           /* over ZC_GCM_MAX_TEXT */

    E(zc_aes_key_init, EI, 0, (NULL, W.key, 16, ZC_BACKEND_AUTO));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, NULL, 16, ZC_BACKEND_AUTO));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, W.key, 0, ZC_BACKEND_AUTO));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, W.key, 15, ZC_BACKEND_AUTO));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, W.key, 17, ZC_BACKEND_AUTO));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, W.key, 64, ZC_BACKEND_SOFTWARE));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, W.key, HUGE_LEN, ZC_BACKEND_AUTO));
    E(zc_aes_key_init, EI, 0, (&W.aes_new, W.key, 16, (enum zc_backend)7));
    E(zc_aes_key_init, ZC_ENOTSUP, NO_CPACF, (&W.aes_new, W.key, 16, ZC_BACKEND_CPACF));
    VOID(zc_aes_key_wipe, (NULL));
    V(zc_aes_key_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_aes_key_backend, (&W.aes_zero), v == ZC_BACKEND_AUTO);
    V(zc_aes_key_backend, (&W.aes_wiped), v == ZC_BACKEND_AUTO);
    V(zc_aes_mode_backend, (NULL, ZC_AES_ECB), v == ZC_BACKEND_AUTO);
    V(zc_aes_mode_backend, (&W.aes_zero, ZC_AES_CBC), v == ZC_BACKEND_AUTO);
    V(zc_aes_mode_backend, (&W.aes, (enum zc_aes_mode)99), v == ZC_BACKEND_AUTO);

    /* ECB both ways */
#define ECB(f)                                                          \
    E(f, EI, 0, (NULL, W.buf, W.buf, 16));                              \
    E(f, EI, 0, (&W.aes_zero, W.buf, W.buf, 16));                       \
    E(f, EI, 0, (&W.aes_wiped, W.buf, W.buf, 16));                      \
    E(f, EI, 0, (&W.aes, NULL, W.buf, 16));                             \
    E(f, EI, 0, (&W.aes, W.buf, NULL, 16));                             \
    E(f, EI, 0, (&W.aes, W.buf, W.buf, 15));                            \
    E(f, EI, 0, (&W.aes, W.buf, W.buf, 1));                             \
    E(f, EI, 0, (&W.aes, W.buf, W.buf, HUGE_LEN));                      \
    E(f, EI, 0, (&W.aes, W.buf, W.buf + 16, WRAP_LEN));                 \
    E(f, EI, 0, (&W.aes, W.buf, W.buf + 1, 32));                        \
    E(f, EI, 0, (&W.aes, W.buf + 16, W.buf, 32))
    ECB(zc_aes_ecb_encrypt);
    ECB(zc_aes_ecb_decrypt);
#undef ECB

    /* the chaining modes: CBC needs whole blocks, the others any length */
#define CHAIN(f, blocks)                                                \
    E(f, EI, 0, (NULL, W.iv, W.buf, W.buf, 16));                        \
    E(f, EI, 0, (&W.aes_zero, W.iv, W.buf, W.buf, 16));                 \
    E(f, EI, 0, (&W.aes_wiped, W.iv, W.buf, W.buf, 16));                \
    E(f, EI, 0, (&W.aes, NULL, W.buf, W.buf, 16));                      \
    E(f, EI, 0, (&W.aes, W.iv, NULL, W.buf, 5));                        \
    E(f, EI, 0, (&W.aes, W.iv, W.buf, NULL, 5));                        \
    E(f, EI, 0, (&W.aes, W.iv, W.buf, W.buf + 3, 20));                  \
    E(f, EI, 0, (&W.aes, W.iv, W.buf + 3, W.buf, 20));                  \
    E(f, EI, 0, (&W.aes, W.iv, W.buf, W.buf + 16, WRAP_LEN));           \
    if (blocks) {                                                       \
        E(f, EI, 0, (&W.aes, W.iv, W.buf, W.buf, 17));                  \
        E(f, EI, 0, (&W.aes, W.iv, W.buf, W.buf, HUGE_LEN));            \
    }
    CHAIN(zc_aes_cbc_encrypt, 1);
    CHAIN(zc_aes_cbc_decrypt, 1);
    CHAIN(zc_aes_ctr_crypt, 0);
    CHAIN(zc_aes_cfb_encrypt, 0);
    CHAIN(zc_aes_cfb_decrypt, 0);
    CHAIN(zc_aes_ofb_crypt, 0);
    CHAIN(zc_aes_cfb8_encrypt, 0);
    CHAIN(zc_aes_cfb8_decrypt, 0);
#undef CHAIN

    /* XTS */
#define XTS(f)                                                          \
    E(f, EI, 0, (NULL, &W.aes, W.iv, W.buf, W.buf, 32));                \
    E(f, EI, 0, (&W.aes, NULL, W.iv, W.buf, W.buf, 32));                \
    E(f, EI, 0, (&W.aes_zero, &W.aes, W.iv, W.buf, W.buf, 32));         \
    E(f, EI, 0, (&W.aes, &W.aes_wiped, W.iv, W.buf, W.buf, 32));        \
    E(f, EI, 0, (&W.aes, &W.aes, NULL, W.buf, W.buf, 32));              \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, NULL, W.buf, 32));               \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, NULL, 32));               \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, W.buf, 0));               \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, W.buf, 15));              \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, W.buf, ((size_t)1 << 24) + 1)); \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, W.buf, HUGE_LEN));        \
    E(f, EI, 0, (&W.aes24, &W.aes24, W.iv, W.buf, W.buf, 32));          \
    E(f, EI, 0, (&W.aes, &W.aes32, W.iv, W.buf, W.buf, 32));            \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, W.buf + 1, 32));          \
    E(f, EI, 0, (&W.aes, &W.aes, W.iv, W.buf, W.buf + 16, WRAP_LEN))
    XTS(zc_aes_xts_encrypt);
    XTS(zc_aes_xts_decrypt);
#undef XTS

    /* GCM one-shot */
#define GCM(f, tag)                                                     \
    E(f, EI, 0, (NULL, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 16));  \
    E(f, EI, 0, (&W.aes_zero, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes_wiped, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, NULL, 12, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 0, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, HUGE_LEN, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 1, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, W.buf, HUGE_LEN, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, NULL, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, NULL, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf + 1, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf + 16, WRAP_LEN, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, big, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, NULL, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 0)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 5)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 11)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 17)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, HUGE_LEN))
    GCM(zc_aes_gcm_encrypt, W.tag);
    GCM(zc_aes_gcm_decrypt, W.tag);
#undef GCM
    /* a wrong tag: ZC_EAUTH, and the output is all zero */
    E(zc_aes_gcm_decrypt, ZC_EAUTH, WRITES, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 64, W.tag, 16));
    {
        uint8_t d = 0;
        size_t i;

        for (i = 0; i < 64; i++)
            d |= W.buf[i];
        check(d == 0 && W.buf[64] == 0xa5, "zc_aes_gcm_decrypt zeroes exactly the output on ZC_EAUTH");
    }

    /* GCM streaming */
    E(zc_aes_gcm_init, EI, 0, (NULL, &W.aes, W.iv, 12, 0));
    E(zc_aes_gcm_init, EI, 0, (&W.g_zero, NULL, W.iv, 12, 0));
    E(zc_aes_gcm_init, EI, 0, (&W.g_zero, &W.aes_zero, W.iv, 12, 0));
    E(zc_aes_gcm_init, EI, 0, (&W.g_zero, &W.aes_wiped, W.iv, 12, 0));
    E(zc_aes_gcm_init, EI, 0, (&W.g_zero, &W.aes, NULL, 12, 0));
    E(zc_aes_gcm_init, EI, 0, (&W.g_zero, &W.aes, W.iv, 0, 0));
    E(zc_aes_gcm_init, EI, 0, (&W.g_zero, &W.aes, W.iv, HUGE_LEN, 1));
    E(zc_aes_gcm_aad, EI, 0, (NULL, W.buf, 1));
    E(zc_aes_gcm_aad, EI, 0, (&W.ge, NULL, 1));
    E(zc_aes_gcm_aad, EI, 0, (&W.ge, W.buf, HUGE_LEN));
    E(zc_aes_gcm_aad, ES, 0, (&W.g_zero, W.buf, 1));
    E(zc_aes_gcm_aad, ES, 0, (&W.g_done, W.buf, 1));
    E(zc_aes_gcm_aad, ES, 0, (&W.g_text, W.buf, 1));         /* AAD after text */
    E(zc_aes_gcm_aad, ES, 0, (&W.g_key_wiped, W.buf, 1));
    E(zc_aes_gcm_update, EI, 0, (NULL, W.buf, W.buf, 1));
    E(zc_aes_gcm_update, EI, 0, (&W.ge, NULL, W.buf, 1));
    E(zc_aes_gcm_update, EI, 0, (&W.ge, W.buf, NULL, 1));
    E(zc_aes_gcm_update, EI, 0, (&W.ge, W.buf, W.buf + 1, 16));
    E(zc_aes_gcm_update, EI, 0, (&W.ge, W.buf, W.buf + 16, WRAP_LEN));
    E(zc_aes_gcm_update, EI, 0, (&W.ge, W.buf, W.buf, big));
    E(zc_aes_gcm_update, ES, 0, (&W.g_zero, W.buf, W.buf, 1));
    E(zc_aes_gcm_update, ES, 0, (&W.g_done, W.buf, W.buf, 1));
    E(zc_aes_gcm_update, ES, 0, (&W.g_key_wiped, W.buf, W.buf, 1));
    E(zc_aes_gcm_final, EI, 0, (NULL, W.tag, 16));
    E(zc_aes_gcm_final, EI, 0, (&W.ge, NULL, 16));
    E(zc_aes_gcm_final, EI, 0, (&W.ge, W.tag, 3));
    E(zc_aes_gcm_final, EI, 0, (&W.ge, W.tag, 17));
    E(zc_aes_gcm_final, ES, 0, (&W.gd, W.tag, 16));          /* decrypting */
    E(zc_aes_gcm_final, ES, 0, (&W.g_zero, W.tag, 16));
    E(zc_aes_gcm_final, ES, 0, (&W.g_done, W.tag, 16));
    E(zc_aes_gcm_final, ES, 0, (&W.g_key_wiped, W.tag, 16));
    E(zc_aes_gcm_final_verify, EI, 0, (NULL, W.tag, 16));
    E(zc_aes_gcm_final_verify, EI, 0, (&W.gd, NULL, 16));
    E(zc_aes_gcm_final_verify, EI, 0, (&W.gd, W.tag, 0));
    E(zc_aes_gcm_final_verify, EI, 0, (&W.gd, W.tag, HUGE_LEN));
    E(zc_aes_gcm_final_verify, ES, 0, (&W.ge, W.tag, 16));   /* encrypting */
    E(zc_aes_gcm_final_verify, ES, 0, (&W.g_zero, W.tag, 16));
    E(zc_aes_gcm_final_verify, ES, 0, (&W.g_done, W.tag, 16));
    E(zc_aes_gcm_final_verify, ZC_EAUTH, WRITES, (&W.gd, W.tag, 16));   /* wipes the context */
    VOID(zc_aes_gcm_wipe, (NULL));
    V(zc_aes_gcm_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_aes_gcm_backend, (&W.g_zero), v == ZC_BACKEND_AUTO);
    V(zc_aes_gcm_backend, (&W.g_done), v == ZC_BACKEND_AUTO);

    /* CMAC */
    E(zc_aes_cmac, EI, 0, (NULL, W.buf, 16, W.tag, 16));
    E(zc_aes_cmac, EI, 0, (&W.aes_zero, W.buf, 16, W.tag, 16));
    E(zc_aes_cmac, EI, 0, (&W.aes_wiped, W.buf, 16, W.tag, 16));
    E(zc_aes_cmac, EI, 0, (&W.aes, NULL, 1, W.tag, 16));
    E(zc_aes_cmac, EI, 0, (&W.aes, W.buf, 16, NULL, 16));
    E(zc_aes_cmac, EI, 0, (&W.aes, W.buf, 16, W.tag, 0));
    E(zc_aes_cmac, EI, 0, (&W.aes, W.buf, 16, W.tag, 17));
    E(zc_aes_cmac, EI, 0, (&W.aes, W.buf, 16, W.tag, HUGE_LEN));
    E(zc_aes_cmac_init, EI, 0, (NULL, &W.aes));
    E(zc_aes_cmac_init, EI, 0, (&W.c_zero, NULL));
    E(zc_aes_cmac_init, EI, 0, (&W.c_zero, &W.aes_zero));
    E(zc_aes_cmac_init, EI, 0, (&W.c_zero, &W.aes_wiped));
    E(zc_aes_cmac_update, EI, 0, (NULL, W.buf, 1));
    E(zc_aes_cmac_update, EI, 0, (&W.c, NULL, 1));
    E(zc_aes_cmac_update, ES, 0, (&W.c_zero, W.buf, 1));
    E(zc_aes_cmac_update, ES, 0, (&W.c_done, W.buf, 1));
    E(zc_aes_cmac_update, ES, 0, (&W.c_key_wiped, W.buf, 1));
#define CMAC_END(f)                                                     \
    E(f, EI, 0, (NULL, W.tag, 16));                                     \
    E(f, EI, 0, (&W.c, NULL, 16));                                      \
    E(f, EI, 0, (&W.c, W.tag, 0));                                      \
    E(f, EI, 0, (&W.c, W.tag, 17));                                     \
    E(f, EI, 0, (&W.c, W.tag, HUGE_LEN));                               \
    E(f, ES, 0, (&W.c_zero, W.tag, 16));                                \
    E(f, ES, 0, (&W.c_done, W.tag, 16));                                \
    E(f, ES, 0, (&W.c_key_wiped, W.tag, 16))
    CMAC_END(zc_aes_cmac_final);
    CMAC_END(TV_CMAC_STREAM_VERIFY);
#undef CMAC_END
    E(TV_CMAC_STREAM_VERIFY, EI, 0, (&W.c, W.tag, 7));           /* under ZC_MAC_VERIFY_MIN */
    E(TV_CMAC_STREAM_VERIFY, EI, 0, (&W.c, W.tag, 1));
    E(TV_CMAC_STREAM_VERIFY, ZC_EAUTH, WRITES, (&W.c, W.tag, 16));
    E(zc_aes_cmac_verify, EI, 0, (NULL, W.buf, 16, W.tag, 16));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes_zero, W.buf, 16, W.tag, 16));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes_wiped, W.buf, 16, W.tag, 16));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes, NULL, 1, W.tag, 16));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes, W.buf, 16, NULL, 16));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes, W.buf, 16, W.tag, 0));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes, W.buf, 16, W.tag, 7));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes, W.buf, 16, W.tag, 17));
    E(zc_aes_cmac_verify, EI, 0, (&W.aes, W.buf, 16, W.tag, HUGE_LEN));
    E(zc_aes_cmac_verify, ZC_EAUTH, 0, (&W.aes, W.buf, 16, W.tag, 16));
    VOID(zc_aes_cmac_wipe, (NULL));
    V(zc_aes_cmac_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_aes_cmac_backend, (&W.c_zero), v == ZC_BACKEND_AUTO);
    V(zc_aes_cmac_backend, (&W.c_done), v == ZC_BACKEND_AUTO);

    /* CCM one-shot */
#define CCM(f, tag)                                                     \
    E(f, EI, 0, (NULL, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 16));  \
    E(f, EI, 0, (&W.aes_zero, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes_wiped, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, NULL, 12, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 0, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 6, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 14, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, HUGE_LEN, NULL, 0, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 1, W.buf, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, NULL, W.buf, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, NULL, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf + 1, 16, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf + 16, WRAP_LEN, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 13, NULL, 0, W.buf, W.buf, 65536, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, (size_t)1 << 24, tag, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, NULL, 16)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 0)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 2)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 5)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 15)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, 18)); \
    E(f, EI, 0, (&W.aes, W.iv, 12, NULL, 0, W.buf, W.buf, 16, tag, HUGE_LEN))
    CCM(zc_aes_ccm_encrypt, W.tag);
    CCM(zc_aes_ccm_decrypt, W.tag);
#undef CCM
    /* a wrong tag: ZC_EAUTH, and the output is all zero */
    E(zc_aes_ccm_decrypt, ZC_EAUTH, WRITES, (&W.aes, W.iv, 13, NULL, 0, W.buf, W.buf, 64, W.tag, 16));
    {
        uint8_t d = 0;
        size_t i;

        for (i = 0; i < 64; i++)
            d |= W.buf[i];
        check(d == 0 && W.buf[64] == 0xa5, "zc_aes_ccm_decrypt zeroes exactly the output on ZC_EAUTH");
    }
}

static void protected_probes(void)
{
    /* no /dev/pkey on this machine: ZC_ENOTSUP, the key object untouched */
    E(zc_aes_key_init_protected, EI, 0, (NULL, W.key, 16));
    E(zc_aes_key_init_protected, EI, 0, (&W.aes_new, NULL, 16));
    E(zc_aes_key_init_protected, EI, 0, (&W.aes_new, W.key, 0));
    E(zc_aes_key_init_protected, EI, 0, (&W.aes_new, W.key, 17));
    E(zc_aes_key_init_protected, EI, 0, (&W.aes_new, W.key, HUGE_LEN));
    E(zc_aes_key_init_protected, ZC_ENOTSUP, NO_CPACF, (&W.aes_new, W.key, 16));
    E(zc_aes_key_init_secure, EI, 0, (NULL, W.blob, 64));
    E(zc_aes_key_init_secure, EI, 0, (&W.aes_new, NULL, 64));
    E(zc_aes_key_init_secure, EI, 0, (&W.aes_new, W.blob, 0));
    E(zc_aes_key_init_secure, EI, 0, (&W.aes_new, W.blob, ZC_AES_SECURE_BLOB_MAX + 1));
    E(zc_aes_key_init_secure, EI, 0, (&W.aes_new, W.blob, HUGE_LEN));
    E(zc_aes_key_init_secure, ZC_ENOTSUP, NO_CPACF, (&W.aes_new, W.blob, 64));
    E(zc_aes_key_generate_protected, EI, 0, (NULL, 16));
    E(zc_aes_key_generate_protected, EI, 0, (&W.aes_new, 0));
    E(zc_aes_key_generate_protected, EI, 0, (&W.aes_new, 20));
    E(zc_aes_key_generate_protected, EI, 0, (&W.aes_new, HUGE_LEN));
    E(zc_aes_key_generate_protected, ZC_ENOTSUP, NO_CPACF, (&W.aes_new, 32));
    {
        /* a double key with different halves, and one with equal halves */
        static const uint8_t dk[64] = { 0x78, 0x74, 0x73 }, same[64];

        E(zc_aes_xts_key_init_protected, EI, 0, (NULL, dk, 32));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, NULL, 32));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, dk, 0));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, dk, 16));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, dk, 48));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, dk, HUGE_LEN));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, same, 32));
        E(zc_aes_xts_key_init_protected, EI, 0, (&W.aes_new, same, 64));
        E(zc_aes_xts_key_init_protected, ZC_ENOTSUP, NO_CPACF, (&W.aes_new, dk, 32));
        E(zc_aes_xts_key_init_protected, ZC_ENOTSUP, NO_CPACF, (&W.aes_new, dk, 64));
    }
    E(zc_aes_protected_query, EI, 0, (ZC_AES_CBC, 16, NULL));
    E(zc_aes_protected_query, EI, 0, ((enum zc_aes_mode)99, 16, &W.info));
    E(zc_aes_protected_query, EI, 0, (ZC_AES_CBC, 17, &W.info));
    E(zc_aes_protected_query, EI, 0, (ZC_AES_XTS, 24, &W.info));
    V(zc_aes_key_kind, (NULL), v == ZC_AES_KEY_NONE);
    V(zc_aes_key_kind, (&W.aes_zero), v == ZC_AES_KEY_NONE);
    V(zc_aes_key_kind, (&W.aes_wiped), v == ZC_AES_KEY_NONE);
    V(zc_aes_key_kind, (&W.aes), v == ZC_AES_KEY_CLEAR);
}

static void stream_probes(void)
{
    E(zc_aes_ctr_stream_init, EI, 0, (NULL, &W.aes, W.iv));
    E(zc_aes_ctr_stream_init, EI, 0, (&W.s_zero, NULL, W.iv));
    E(zc_aes_ctr_stream_init, EI, 0, (&W.s_zero, &W.aes_zero, W.iv));
    E(zc_aes_ctr_stream_init, EI, 0, (&W.s_zero, &W.aes_wiped, W.iv));
    E(zc_aes_ctr_stream_init, EI, 0, (&W.s_zero, &W.aes, NULL));
    E(zc_aes_ofb_stream_init, EI, 0, (NULL, &W.aes, W.iv));
    E(zc_aes_ofb_stream_init, EI, 0, (&W.s_zero, NULL, W.iv));
    E(zc_aes_ofb_stream_init, EI, 0, (&W.s_zero, &W.aes_zero, W.iv));
    E(zc_aes_ofb_stream_init, EI, 0, (&W.s_zero, &W.aes_wiped, W.iv));
    E(zc_aes_ofb_stream_init, EI, 0, (&W.s_zero, &W.aes, NULL));
    E(zc_aes_cfb_stream_init, EI, 0, (NULL, &W.aes, W.iv, 0));
    E(zc_aes_cfb_stream_init, EI, 0, (&W.s_zero, NULL, W.iv, 0));
    E(zc_aes_cfb_stream_init, EI, 0, (&W.s_zero, &W.aes_zero, W.iv, 1));
    E(zc_aes_cfb_stream_init, EI, 0, (&W.s_zero, &W.aes_wiped, W.iv, 0));
    E(zc_aes_cfb_stream_init, EI, 0, (&W.s_zero, &W.aes, NULL, 0));
    E(zc_aes_cfb_stream_init, EI, 0, (&W.s_zero, &W.aes, W.iv, 2));
    E(zc_aes_cfb_stream_init, EI, 0, (&W.s_zero, &W.aes, W.iv, -1));
    E(zc_aes_stream_update, EI, 0, (NULL, W.buf, W.buf, 1));
    E(zc_aes_stream_update, EI, 0, (&W.s, NULL, W.buf, 1));
    E(zc_aes_stream_update, EI, 0, (&W.s, W.buf, NULL, 1));
    E(zc_aes_stream_update, EI, 0, (&W.s, W.buf, W.buf + 1, 16));
    E(zc_aes_stream_update, EI, 0, (&W.s, W.buf + 3, W.buf, 20));
    E(zc_aes_stream_update, EI, 0, (&W.s, W.buf, W.buf + 16, WRAP_LEN));
    E(zc_aes_stream_update, ES, 0, (&W.s_zero, W.buf, W.buf, 1));
    E(zc_aes_stream_update, ES, 0, (&W.s_wiped, W.buf, W.buf, 1));
    E(zc_aes_stream_update, ES, 0, (&W.s_key_wiped, W.buf, W.buf, 1));
    VOID(zc_aes_stream_wipe, (NULL));
    V(zc_aes_stream_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_aes_stream_backend, (&W.s_zero), v == ZC_BACKEND_AUTO);
    V(zc_aes_stream_backend, (&W.s_wiped), v == ZC_BACKEND_AUTO);
}

static void des_probes(void)
{
    E(zc_des_key_init, EI, 0, (NULL, W.key, 8, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, NULL, 8, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, W.key, 0, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, W.key, 7, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, W.key, 9, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, W.key, 32, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, W.key, HUGE_LEN, ZC_BACKEND_AUTO));
    E(zc_des_key_init, EI, 0, (&W.des_new, W.key, 8, (enum zc_backend)9));
    E(zc_des_key_init, ZC_ENOTSUP, NO_CPACF, (&W.des_new, W.key, 24, ZC_BACKEND_CPACF));
    VOID(zc_des_key_wipe, (NULL));
    V(zc_des_key_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_des_key_backend, (&W.des_zero), v == ZC_BACKEND_AUTO);
    V(zc_des_key_backend, (&W.des_wiped), v == ZC_BACKEND_AUTO);
#define DES_ECB(f)                                                      \
    E(f, EI, 0, (NULL, W.buf, W.buf, 8));                               \
    E(f, EI, 0, (&W.des_zero, W.buf, W.buf, 8));                        \
    E(f, EI, 0, (&W.des_wiped, W.buf, W.buf, 8));                       \
    E(f, EI, 0, (&W.des, NULL, W.buf, 8));                              \
    E(f, EI, 0, (&W.des, W.buf, NULL, 8));                              \
    E(f, EI, 0, (&W.des, W.buf, W.buf, 7));                             \
    E(f, EI, 0, (&W.des, W.buf, W.buf, HUGE_LEN));                      \
    E(f, EI, 0, (&W.des, W.buf, W.buf + 8, WRAP_LEN));                  \
    E(f, EI, 0, (&W.des, W.buf, W.buf + 4, 16))
    DES_ECB(zc_des_ecb_encrypt);
    DES_ECB(zc_des_ecb_decrypt);
#undef DES_ECB
#define DES_CBC(f)                                                      \
    E(f, EI, 0, (NULL, W.iv, W.buf, W.buf, 8));                         \
    E(f, EI, 0, (&W.des_zero, W.iv, W.buf, W.buf, 8));                  \
    E(f, EI, 0, (&W.des_wiped, W.iv, W.buf, W.buf, 8));                 \
    E(f, EI, 0, (&W.des, NULL, W.buf, W.buf, 8));                       \
    E(f, EI, 0, (&W.des, W.iv, NULL, W.buf, 8));                        \
    E(f, EI, 0, (&W.des, W.iv, W.buf, NULL, 8));                        \
    E(f, EI, 0, (&W.des, W.iv, W.buf, W.buf, 9));                       \
    E(f, EI, 0, (&W.des, W.iv, W.buf, W.buf + 8, WRAP_LEN));            \
    E(f, EI, 0, (&W.des, W.iv, W.buf + 8, W.buf, 16))
    DES_CBC(zc_des_cbc_encrypt);
    DES_CBC(zc_des_cbc_decrypt);
#undef DES_CBC
#define DES_STREAM(f)                                                   \
    E(f, EI, 0, (NULL, W.iv, W.buf, W.buf, 8));                         \
    E(f, EI, 0, (&W.des_zero, W.iv, W.buf, W.buf, 5));                  \
    E(f, EI, 0, (&W.des_wiped, W.iv, W.buf, W.buf, 5));                 \
    E(f, EI, 0, (&W.des, NULL, W.buf, W.buf, 8));                       \
    E(f, EI, 0, (&W.des, W.iv, NULL, W.buf, 5));                        \
    E(f, EI, 0, (&W.des, W.iv, W.buf, NULL, 5));                        \
    E(f, EI, 0, (&W.des, W.iv, W.buf, W.buf + 3, 20));                  \
    E(f, EI, 0, (&W.des, W.iv, W.buf + 3, W.buf, 20));                  \
    E(f, EI, 0, (&W.des, W.iv, W.buf, W.buf + 8, WRAP_LEN))
    DES_STREAM(zc_des_cfb_encrypt);
    DES_STREAM(zc_des_cfb_decrypt);
    DES_STREAM(zc_des_ofb_crypt);
    DES_STREAM(zc_des_ctr_crypt);
#undef DES_STREAM
    E(zc_des_cmac, EI, 0, (NULL, W.buf, 16, W.tag, 8));
    E(zc_des_cmac, EI, 0, (&W.des_zero, W.buf, 16, W.tag, 8));
    E(zc_des_cmac, EI, 0, (&W.des_wiped, W.buf, 16, W.tag, 8));
    E(zc_des_cmac, EI, 0, (&W.des, NULL, 1, W.tag, 8));
    E(zc_des_cmac, EI, 0, (&W.des, W.buf, 16, NULL, 8));
    E(zc_des_cmac, EI, 0, (&W.des, W.buf, 16, W.tag, 0));
    E(zc_des_cmac, EI, 0, (&W.des, W.buf, 16, W.tag, 9));
    E(zc_des_cmac, EI, 0, (&W.des, W.buf, 16, W.tag, HUGE_LEN));
}

static void des_stream_probes(void)
{
    E(zc_des_ctr_stream_init, EI, 0, (NULL, &W.des, W.iv));
    E(zc_des_ctr_stream_init, EI, 0, (&W.ds_zero, NULL, W.iv));
    E(zc_des_ctr_stream_init, EI, 0, (&W.ds_zero, &W.des_zero, W.iv));
    E(zc_des_ctr_stream_init, EI, 0, (&W.ds_zero, &W.des_wiped, W.iv));
    E(zc_des_ctr_stream_init, EI, 0, (&W.ds_zero, &W.des, NULL));
    E(zc_des_ofb_stream_init, EI, 0, (NULL, &W.des, W.iv));
    E(zc_des_ofb_stream_init, EI, 0, (&W.ds_zero, NULL, W.iv));
    E(zc_des_ofb_stream_init, EI, 0, (&W.ds_zero, &W.des_zero, W.iv));
    E(zc_des_ofb_stream_init, EI, 0, (&W.ds_zero, &W.des_wiped, W.iv));
    E(zc_des_ofb_stream_init, EI, 0, (&W.ds_zero, &W.des, NULL));
    E(zc_des_cfb_stream_init, EI, 0, (NULL, &W.des, W.iv, 0));
    E(zc_des_cfb_stream_init, EI, 0, (&W.ds_zero, NULL, W.iv, 0));
    E(zc_des_cfb_stream_init, EI, 0, (&W.ds_zero, &W.des_zero, W.iv, 0));
    E(zc_des_cfb_stream_init, EI, 0, (&W.ds_zero, &W.des_wiped, W.iv, 0));
    E(zc_des_cfb_stream_init, EI, 0, (&W.ds_zero, &W.des, NULL, 0));
    E(zc_des_cfb_stream_init, EI, 0, (&W.ds_zero, &W.des, W.iv, 2));
    E(zc_des_cfb_stream_init, EI, 0, (&W.ds_zero, &W.des, W.iv, -1));
    E(zc_des_stream_update, EI, 0, (NULL, W.buf, W.buf, 1));
    E(zc_des_stream_update, EI, 0, (&W.ds, NULL, W.buf, 1));
    E(zc_des_stream_update, EI, 0, (&W.ds, W.buf, NULL, 1));
    E(zc_des_stream_update, EI, 0, (&W.ds, W.buf, W.buf + 1, 16));
    E(zc_des_stream_update, EI, 0, (&W.ds, W.buf + 3, W.buf, 20));
    E(zc_des_stream_update, EI, 0, (&W.ds, W.buf, W.buf + 8, WRAP_LEN));
    E(zc_des_stream_update, ES, 0, (&W.ds_zero, W.buf, W.buf, 1));
    E(zc_des_stream_update, ES, 0, (&W.ds_wiped, W.buf, W.buf, 1));
    E(zc_des_stream_update, ES, 0, (&W.ds_key_wiped, W.buf, W.buf, 1));
    VOID(zc_des_stream_wipe, (NULL));
    V(zc_des_stream_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_des_stream_backend, (&W.ds_zero), v == ZC_BACKEND_AUTO);
    V(zc_des_stream_backend, (&W.ds_wiped), v == ZC_BACKEND_AUTO);
}

static void hash_probes(void)
{
    uint8_t out[64];

    V(zc_hash_size, ((enum zc_hash_alg)99), v == 0);
    V(zc_hash_size, (ZC_SHAKE128), v == 0);
    V(zc_hash_block_size, ((enum zc_hash_alg)99), v == 0);
    V(zc_hash_name, ((enum zc_hash_alg)99), strcmp(v, "unknown") == 0);
    E(zc_hash_init, EI, 0, (NULL, ZC_SHA256, ZC_BACKEND_AUTO));
    E(zc_hash_init, EI, 0, (&W.h_zero, (enum zc_hash_alg)99, ZC_BACKEND_AUTO));
    E(zc_hash_init, EI, 0, (&W.h_zero, ZC_SHA256, (enum zc_backend)9));
    E(zc_hash_init, ZC_ENOTSUP, NO_CPACF, (&W.h_zero, ZC_SHA256, ZC_BACKEND_CPACF));
    E(zc_hash_update, EI, 0, (NULL, W.buf, 1));
    E(zc_hash_update, EI, 0, (&W.h, NULL, 1));
    E(zc_hash_update, EI, 0, (&W.h, W.buf, HUGE_LEN));       /* over 2^61 bytes */
    E(zc_hash_update, ES, 0, (&W.h_zero, W.buf, 1));
    E(zc_hash_update, ES, 0, (&W.h_done, W.buf, 1));
    E(zc_hash_final, EI, 0, (NULL, W.tag, 32));
    E(zc_hash_final, EI, 0, (&W.h, NULL, 32));
    E(zc_hash_final, EI, 0, (&W.h, W.buf, 0));
    E(zc_hash_final, EI, 0, (&W.h, W.buf, 31));
    E(zc_hash_final, EI, 0, (&W.h, W.buf, 33));
    E(zc_hash_final, EI, 0, (&W.h, W.buf, HUGE_LEN));
    E(zc_hash_final, ES, 0, (&W.h_zero, W.buf, 32));
    E(zc_hash_final, ES, 0, (&W.h_done, W.buf, 32));
    VOID(zc_hash_wipe, (NULL));
    V(zc_hash_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_hash_backend, (&W.h_zero), v == ZC_BACKEND_AUTO);
    V(zc_hash_backend, (&W.h_done), v == ZC_BACKEND_AUTO);
    E(zc_hash, EI, 0, ((enum zc_hash_alg)99, W.buf, 1, W.buf, 32));
    E(zc_hash, EI, 0, (ZC_SHA256, NULL, 1, W.buf, 32));
    E(zc_hash, EI, 0, (ZC_SHA256, W.buf, 1, NULL, 32));
    E(zc_hash, EI, 0, (ZC_SHA256, W.buf, 1, W.buf, 20));
    E(zc_hash, EI, 0, (ZC_SHA1, W.buf, HUGE_LEN, out, 20));

    E(zc_hmac_init, EI, 0, (NULL, ZC_SHA256, W.key, 16, ZC_BACKEND_AUTO));
    E(zc_hmac_init, EI, 0, (&W.m_zero, ZC_SHA256, NULL, 16, ZC_BACKEND_AUTO));
    E(zc_hmac_init, EI, 0, (&W.m_zero, ZC_SHAKE128, W.key, 16, ZC_BACKEND_AUTO));
    E(zc_hmac_init, EI, 0, (&W.m_zero, (enum zc_hash_alg)99, W.key, 16, ZC_BACKEND_AUTO));
    E(zc_hmac_init, EI, 0, (&W.m_zero, ZC_SHA256, W.key, 16, (enum zc_backend)9));
    E(zc_hmac_init, ZC_ENOTSUP, NO_CPACF, (&W.m_zero, ZC_SHA256, W.key, 16, ZC_BACKEND_CPACF));
    E(zc_hmac_update, EI, 0, (NULL, W.buf, 1));
    E(zc_hmac_update, EI, 0, (&W.m, NULL, 1));
    E(zc_hmac_update, ES, 0, (&W.m_zero, W.buf, 1));
    E(zc_hmac_update, ES, 0, (&W.m_done, W.buf, 1));
#define HMAC_END(f)                                                     \
    E(f, EI, 0, (NULL, W.tag, 16));                                     \
    E(f, EI, 0, (&W.m, NULL, 16));                                      \
    E(f, EI, 0, (&W.m, W.buf, 0));                                      \
    E(f, EI, 0, (&W.m, W.buf, 33));                                     \
    E(f, EI, 0, (&W.m, W.buf, HUGE_LEN));                               \
    E(f, ES, 0, (&W.m_zero, W.buf, 32));                                \
    E(f, ES, 0, (&W.m_done, W.buf, 32))
    HMAC_END(zc_hmac_final);
    HMAC_END(TV_HMAC_STREAM_VERIFY);
#undef HMAC_END
    E(TV_HMAC_STREAM_VERIFY, EI, 0, (&W.m, W.buf, 7));        /* under ZC_MAC_VERIFY_MIN */
    E(TV_HMAC_STREAM_VERIFY, EI, 0, (&W.m, W.buf, 1));
    E(TV_HMAC_STREAM_VERIFY, ZC_EAUTH, WRITES, (&W.m, W.buf, 32));
    VOID(zc_hmac_wipe, (NULL));
    V(zc_hmac_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_hmac_backend, (&W.m_zero), v == ZC_BACKEND_AUTO);
    V(zc_hmac_backend, (&W.m_done), v == ZC_BACKEND_AUTO);
#define HMAC1(f)                                                        \
    E(f, EI, 0, (ZC_SHAKE256, W.key, 16, W.buf, 16, W.tag, 16));        \
    E(f, EI, 0, ((enum zc_hash_alg)99, W.key, 16, W.buf, 16, W.tag, 16)); \
    E(f, EI, 0, (ZC_SHA256, NULL, 16, W.buf, 16, W.tag, 16));           \
    E(f, EI, 0, (ZC_SHA256, W.key, 16, NULL, 16, W.tag, 16));           \
    E(f, EI, 0, (ZC_SHA256, W.key, 16, W.buf, 16, NULL, 16));           \
    E(f, EI, 0, (ZC_SHA256, W.key, 16, W.buf, 16, W.tag, 0));           \
    E(f, EI, 0, (ZC_SHA256, W.key, 16, W.buf, 16, W.buf, 33));          \
    E(f, EI, 0, (ZC_SHA256, W.key, 16, W.buf, HUGE_LEN, W.tag, 16))
    HMAC1(zc_hmac);
    HMAC1(TV_HMAC_ONESHOT_VERIFY);
#undef HMAC1
    E(TV_HMAC_ONESHOT_VERIFY, EI, 0, (ZC_SHA256, W.key, 16, W.buf, 16, W.tag, 7));
    E(TV_HMAC_ONESHOT_VERIFY, EI, 0, (ZC_SHA256, W.key, 16, W.buf, 16, W.tag, 1));
    E(TV_HMAC_ONESHOT_VERIFY, ZC_EAUTH, 0, (ZC_SHA256, W.key, 16, W.buf, 16, W.tag, 16));

    /* protected HMAC keys: no /dev/pkey and no KMAC 120-123 here */
    E(zc_hmac_key_init_protected, EI, 0, (NULL, ZC_SHA256, W.key, 16));
    E(zc_hmac_key_init_protected, EI, 0, (&W.hk_new, ZC_SHA256, NULL, 16));
    E(zc_hmac_key_init_protected, EI, 0, (&W.hk_new, ZC_SHA1, W.key, 16));
    E(zc_hmac_key_init_protected, EI, 0, (&W.hk_new, ZC_SHA3_256, W.key, 16));
    E(zc_hmac_key_init_protected, EI, 0, (&W.hk_new, ZC_SHAKE128, W.key, 16));
    E(zc_hmac_key_init_protected, EI, 0, (&W.hk_new, (enum zc_hash_alg)99, W.key, 16));
    E(zc_hmac_key_init_protected, ZC_ENOTSUP, NO_CPACF, (&W.hk_new, ZC_SHA256, W.key, 16));
    E(zc_hmac_key_init_protected, ZC_ENOTSUP, NO_CPACF, (&W.hk_new, ZC_SHA512, NULL, 0));
    VOID(zc_hmac_key_wipe, (NULL));
    V(zc_hmac_key_kind, (NULL), v == ZC_HMAC_KEY_NONE);
    V(zc_hmac_key_kind, (&W.hk_zero), v == ZC_HMAC_KEY_NONE);
    V(zc_hmac_key_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_hmac_key_backend, (&W.hk_zero), v == ZC_BACKEND_AUTO);
    E(zc_hmac_init_protected, EI, 0, (NULL, &W.hk_zero));
    E(zc_hmac_init_protected, EI, 0, (&W.m_zero, NULL));
    E(zc_hmac_init_protected, ES, 0, (&W.m_zero, &W.hk_zero));
    E(zc_hmac_protected, EI, 0, (NULL, W.buf, 16, W.tag, 16));
    E(zc_hmac_protected, EI, 0, (&W.hk_zero, NULL, 16, W.tag, 16));
    E(zc_hmac_protected, EI, 0, (&W.hk_zero, W.buf, 16, NULL, 16));
    E(zc_hmac_protected, EI, 0, (&W.hk_zero, W.buf, 16, W.tag, 0));
    E(zc_hmac_protected, ES, 0, (&W.hk_zero, W.buf, 16, W.tag, 16));
    E(zc_hmac_protected_verify, EI, 0, (NULL, W.buf, 16, W.tag, 16));
    E(zc_hmac_protected_verify, EI, 0, (&W.hk_zero, NULL, 16, W.tag, 16));
    E(zc_hmac_protected_verify, EI, 0, (&W.hk_zero, W.buf, 16, NULL, 16));
    E(zc_hmac_protected_verify, EI, 0, (&W.hk_zero, W.buf, 16, W.tag, 7));
    E(zc_hmac_protected_verify, ES, 0, (&W.hk_zero, W.buf, 16, W.tag, 16));
    E(zc_hmac_protected_query, EI, 0, (ZC_SHA256, NULL));
    E(zc_hmac_protected_query, EI, 0, (ZC_SHA1, &W.info));
    E(zc_hmac_protected_query, EI, 0, ((enum zc_hash_alg)99, &W.info));

    /* protected EC keys: no /dev/pkey and no KDSA 17-19, 48, 52 here */
    E(zc_ec_key_init_protected, EI, 0, (NULL, ZC_EC_P256, W.key, 32));
    E(zc_ec_key_init_protected, EI, WRITES, (&W.ec_new, ZC_EC_P256, NULL, 32));
    E(zc_ec_key_init_protected, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.key, 31));
    E(zc_ec_key_init_protected, EI, WRITES, (&W.ec_new, (enum zc_ec_curve)99, W.key, 32));
    E(zc_ec_key_init_protected, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_X25519, W.key, 32));
    E(zc_ec_key_init_protected, ZC_ENOTSUP, NO_CPACF | WRITES, (&W.ec_new, ZC_EC_P256, W.key, 32));
    E(zc_ec_key_init_protected, ZC_ENOTSUP, NO_CPACF | WRITES, (&W.ec_new, ZC_EC_ED25519, W.key, 32));
    E(zc_ec_key_init_secure, EI, 0, (NULL, ZC_EC_P256, W.buf, 64, W.ec_pub_bytes, 65));
    E(zc_ec_key_init_secure, EI, WRITES, (&W.ec_new, ZC_EC_P256, NULL, 64, W.ec_pub_bytes, 65));
    E(zc_ec_key_init_secure, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.buf, 63, W.ec_pub_bytes, 65));
    E(zc_ec_key_init_secure, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.buf, 64, NULL, 65));
    E(zc_ec_key_init_secure, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.buf, 64, W.ec_pub_bytes, 33));
    E(zc_ec_key_init_secure, EI, WRITES, (&W.ec_new, (enum zc_ec_curve)99, W.buf, 64, W.ec_pub_bytes, 65));
    E(zc_ec_key_init_secure, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_X448, W.buf, 64, W.key, 56));
    E(zc_ec_key_init_secure, ZC_ENOTSUP, NO_CPACF | WRITES, (&W.ec_new, ZC_EC_P256, W.buf, 64, W.ec_pub_bytes, 65));
    V(zc_ec_key_kind, (NULL), v == ZC_EC_KEY_NONE);
    V(zc_ec_key_kind, (&W.ec_zero), v == ZC_EC_KEY_NONE);
    V(zc_ec_key_kind, (&W.ec), v == ZC_EC_KEY_CLEAR);
    E(zc_ec_protected_query, EI, 0, (ZC_EC_X25519));
    E(zc_ec_protected_query, EI, 0, ((enum zc_ec_curve)99));
    E(zc_ec_protected_query, ZC_ENOTSUP, NO_CPACF, (ZC_EC_P256));
    E(zc_ec_protected_query, ZC_ENOTSUP, NO_CPACF, (ZC_EC_ED448));
}

static void misc_probes(void)
{
    const char *env = getenv("ZCRYPT_CAPS");

    V(zc_strerror, (1), strcmp(v, "unknown error") == 0);
    V(zc_strerror, (-99), strcmp(v, "unknown error") == 0);
    V(zc_strerror, (INT32_MIN), strcmp(v, "unknown error") == 0);
    V(zc_version, (), v != NULL && strcmp(v, ZC_VERSION_STRING) == 0);
    V(zc_backend_name, ((enum zc_backend)9), strcmp(v, "unknown") == 0);
    V(zc_insn_name, ((enum zc_insn)99), strcmp(v, "unknown") == 0);
    V(zc_insn_name, (ZC_INSN_COUNT), strcmp(v, "unknown") == 0);
    V(zc_insn_facility, ((enum zc_insn)99), v == -1);
    V(zc_cpacf_present, (), v == 0 || v == 1);
    V(zc_facility, (256), v == 0);
    V(zc_facility, (UINT32_MAX), v == 0);
    E(zc_cpacf_query, EI, 0, ((enum zc_insn)99, 0, W.mask));
    E(zc_cpacf_query, EI, 0, (ZC_INSN_KM, 1, NULL));
    /* not queried here: ZC_ENOTSUP, and the mask is zeroed (as documented) */
    E(zc_cpacf_query, ZC_ENOTSUP, WRITES | NO_CPACF, (ZC_INSN_KM, 0, W.mask));
    E(zc_cpacf_query, ZC_ENOTSUP, WRITES, (ZC_INSN_PCKMO, 0, W.mask));
    V(zc_cpacf_has, ((enum zc_insn)99, 18), v == 0);
    V(zc_cpacf_has, (ZC_INSN_KM, 0), v == 0);
    V(zc_cpacf_has, (ZC_INSN_KM, 128), v == 0);
    V(zc_cpacf_has, (ZC_INSN_KM, UINT32_MAX), v == 0);
    V(zc_cpacf_fc_name, ((enum zc_insn)99, 18), v == NULL);
    V(zc_cpacf_fc_name, (ZC_INSN_KM, 126), v == NULL);
    V(zc_caps_setting, (), env == NULL ? v == NULL : v != NULL);
    V(zc_caps_ignored_items, (), env != NULL || v == 0);
    E(zc_backend_query, EI, 0, (ZC_ALGO_SHA256, 0, NULL));
    E(zc_backend_query, EI, 0, ((enum zc_algo)999, 0, &W.info));
    E(zc_backend_query, EI, 0, ((enum zc_algo)-1, 0, &W.info));
    E(zc_backend_query, EI, 0, (ZC_ALGO_AES_ECB, 17, &W.info));
    E(zc_backend_query, EI, 0, (ZC_ALGO_AES_XTS, 24, &W.info));
    E(zc_backend_query, EI, 0, (ZC_ALGO_AES_GCM, HUGE_LEN, &W.info));
    E(zc_backend_query, EI, 0, (ZC_ALGO_DES_CBC, 9, &W.info));
    V(zc_cpacf_selftest, ((enum zc_insn)99, 18), v == -1);
    V(zc_cpacf_selftest, (ZC_INSN_KM, 18), v == -1);        /* no self-test for KM */
    V(zc_algo_name, ((enum zc_algo)999), strcmp(v, "unknown") == 0);
    E(zc_algo_row, EI, 0, (0, NULL));
    E(zc_algo_row, EI, 0, (SIZE_MAX, &W.arow));
    E(zc_selftest_row, EI, 0, (0, NULL, &W.fc));
    E(zc_selftest_row, EI, 0, (0, &W.insn, NULL));
    E(zc_selftest_row, EI, 0, (SIZE_MAX, &W.insn, &W.fc));
    V(zc_reason_str, ((enum zc_reason)99), strcmp(v, "unknown") == 0);

    E(zc_caps_ignored_list, EI, 0, (NULL, 16));
    E(zc_caps_ignored_list, EI, 0, ((char *)W.buf, 0));

    E(zc_random_bytes, EI, 0, (NULL, 1));
    E(zc_random_bytes, EI, 0, (NULL, HUGE_LEN));

    E(zc_rc4_init, EI, 0, (NULL, W.key, 16));
    E(zc_rc4_init, EI, 0, (&W.r_zero, NULL, 16));
    E(zc_rc4_init, EI, 0, (&W.r_zero, W.key, 0));
    E(zc_rc4_init, EI, 0, (&W.r_zero, W.buf, 257));
    E(zc_rc4_init, EI, 0, (&W.r_zero, W.buf, HUGE_LEN));
    E(zc_rc4_crypt, EI, 0, (NULL, W.buf, W.buf, 1));
    E(zc_rc4_crypt, EI, 0, (&W.r, NULL, W.buf, 1));
    E(zc_rc4_crypt, EI, 0, (&W.r, W.buf, NULL, 1));
    E(zc_rc4_crypt, EI, 0, (&W.r, W.buf, W.buf + 1, 2));
    E(zc_rc4_crypt, EI, 0, (&W.r, W.buf, W.buf + 16, WRAP_LEN));
    E(zc_rc4_crypt, ES, 0, (&W.r_zero, W.buf, W.buf, 1));
    E(zc_rc4_crypt, ES, 0, (&W.r_wiped, W.buf, W.buf, 1));
    VOID(zc_rc4_wipe, (NULL));
}

static void stats_probes(void)
{
    static struct zc_stats zero;    /* all counters 0 */
    enum zc_policy pol = zc_policy_get();
    int on = zc_stats_enabled();

    E(zc_stats_enable, EI, 0, (2));
    E(zc_stats_enable, EI, 0, (-1));
    check(zc_stats_enabled() == on, "zc_stats_enable: a bad value keeps the setting");
    V(zc_stats_enabled, (), v == 0 || v == 1);
    E(zc_stats_snapshot, EI, 0, ((struct zc_stats *)NULL));
    E(zc_stats_snapshot_sized, EI, 0, (NULL, sizeof(struct zc_stats)));
    E(zc_stats_snapshot_sized, EI, 0, ((struct zc_stats *)(void *)W.buf, 0));
    E(zc_stats_snapshot_sized, EI, 0, ((struct zc_stats *)(void *)W.buf, 7));
    E(zc_stat_id, EI, 0, ((enum zc_algo)999, 16));
    E(zc_stat_id, EI, 0, (ZC_ALGO_AES_CBC, 17));
    E(zc_stat_id, EI, 0, (ZC_ALGO_DES_CBC, 32));
    V(zc_stat_name, (-1), v == NULL);
    V(zc_stat_name, (ZC_STAT_ALGOS), v == NULL);
    V(zc_stat_backend_name, (ZC_STAT_BACKENDS), v == NULL);
    V(zc_stat_backend_name, ((enum zc_stat_backend)99), v == NULL);
    E(zc_stats_format_sized, EI, 0, (NULL, sizeof zero, ZC_STATS_TEXT, (char *)W.buf, sizeof W.buf));
    E(zc_stats_format_sized, EI, 0, (&zero, 0, ZC_STATS_TEXT, (char *)W.buf, sizeof W.buf));
    E(zc_stats_format_sized, EI, 0, (&zero, sizeof zero - 1, ZC_STATS_TEXT, (char *)W.buf, sizeof W.buf));
    E(zc_stats_format, EI, 0, (&zero, ZC_STATS_TEXT, NULL, 16));
    E(zc_stats_format, EI, 0, (&zero, (enum zc_stats_format)7, (char *)W.buf, sizeof W.buf));
    E(zc_stats_format, ZC_ENOMEM, WRITES, (&zero, ZC_STATS_JSON, (char *)W.buf, 1));
    check(W.buf[0] == 0 && W.buf[1] == 0xa5, "zc_stats_format leaves \"\" on ZC_ENOMEM");
    E(zc_stats_format_sized, ZC_ENOMEM, WRITES, (&zero, sizeof zero, ZC_STATS_JSON, (char *)W.buf, 1));
    E(zc_policy_set, EI, 0, ((enum zc_policy)7));
    E(zc_policy_set, EI, 0, ((enum zc_policy)-1));
    check(zc_policy_get() == pol, "zc_policy_set: an unknown policy keeps the policy");
    V(zc_policy_get, (), v == ZC_POLICY_ANY || v == ZC_POLICY_HW_ONLY);
    E(zc_settings_ignored, EI, 0, (NULL, 16));
    E(zc_settings_ignored, EI, 0, ((char *)W.buf, 0));
    zc_policy_set(pol);             /* global state: as found */
    VOID(zc_stats_reset, ());
    /* The shared mode: the probes that change nothing outside (no
     * segment is created, attached or removed here). */
    {
        static struct zc_stats snap;
        struct zc_stats_segment_info info;
        static const uint8_t junk[64] = { 'n', 'o', 't' };

        E(zc_stats_segment_read, EI, 0, (NULL, 1, &info, &snap, sizeof snap));
        E(zc_stats_segment_read, EI, 0, (junk, sizeof junk, NULL, &snap, sizeof snap));
        E(zc_stats_segment_read, EI, 0, (junk, sizeof junk, &info, NULL, sizeof snap));
        E(zc_stats_segment_read, EI, 0, (junk, sizeof junk, &info, &snap, 3));
        E(zc_stats_segment_read, EI, 0, (junk, sizeof junk, &info, &snap, sizeof snap));
        check(info.state == ZC_STATS_SHARED_BAD_MAGIC, "zc_stats_segment_read: junk is a bad magic");
        E(zc_stats_shared_name, EI, 0, (NULL, 16));
        E(zc_stats_shared_name, ZC_ENOMEM, WRITES, ((char *)W.buf, 1));
        V(zc_stats_shared_reason, (ZC_STATS_SHARED_STATES), v == NULL);
        V(zc_stats_shared_reason, ((enum zc_stats_shared_state)-1), v == NULL);
        V(zc_stats_shared_status, (), (unsigned)v < ZC_STATS_SHARED_STATES);
        if (zc_stats_shared_status() != ZC_STATS_SHARED_ACTIVE)
            E(zc_stats_shared_reset, ZC_ENOTSUP, 0, ());
        /* A name that is none: nothing can be created or removed. */
        if (zc_stats_shared_status() == ZC_STATS_SHARED_OFF) {
            setenv("ZCRYPT_STATS_SHM_NAME", "not-a-name", 1);
            E(zc_stats_shared_delete, EI, 0, ());
            E(zc_stats_enable_shared, ZC_EDEVICE, 0, ());
            check(zc_stats_shared_status() == ZC_STATS_SHARED_BAD_NAME,
                  "zc_stats_enable_shared: a bad name is said");
            unsetenv("ZCRYPT_STATS_SHM_NAME");
            zc_stats_enable(on);    /* global state: as found */
        }
    }
}

static void rsa_probes(void)
{
    uint8_t *d = W.buf;                 /* a SHA-256 digest */
    uint8_t *o = W.buf + 256;           /* 256 bytes of output room */
    enum zc_policy pol = zc_policy_get();

    E(zc_rsa_key_from_components, EI, 0, (NULL, &W.comp));
    E(zc_rsa_key_from_components, EI, WRITES, (&W.rsa_new, NULL));
    E(zc_rsa_key_from_components, EI, WRITES, (&W.rsa_new, &W.comp));  /* no n, no e */
    E(zc_rsa_key_from_der, EI, 0, (NULL, rsa_der, rsa_der_len));
    E(zc_rsa_key_from_der, EI, 0, (&W.rsa_new, NULL, 16));
    E(zc_rsa_key_from_der, EI, WRITES, (&W.rsa_new, rsa_der, 0));
    E(zc_rsa_key_from_der, EI, WRITES, (&W.rsa_new, rsa_der, rsa_der_len - 1));
    E(zc_rsa_key_from_der, EI, WRITES, (&W.rsa_new, W.buf, 64));
    E(zc_rsa_key_export_der, EI, 0, (NULL, ZC_RSA_DER_PUBLIC_PKCS1, o, &W.len));
    E(zc_rsa_key_export_der, EI, 0, (&W.rsa_zero, ZC_RSA_DER_PUBLIC_PKCS1, o, &W.len));
    E(zc_rsa_key_export_der, EI, 0, (&W.rsa_wiped, ZC_RSA_DER_PUBLIC_SPKI, o, &W.len));
    E(zc_rsa_key_export_der, EI, 0, (&W.rsa, (enum zc_rsa_der_format)9, o, &W.len));
    E(zc_rsa_key_export_der, EI, 0, (&W.rsa, ZC_RSA_DER_PUBLIC_PKCS1, o, NULL));
    E(zc_rsa_key_export_der, EI, 0, (&W.rsa_pub, ZC_RSA_DER_PRIVATE_PKCS1, o, &W.len));
    E(zc_rsa_key_export_der, EI, 0, (&W.rsa_pub, ZC_RSA_DER_PRIVATE_PKCS8, o, &W.len));
    E(zc_rsa_key_export_der, ZC_ENOMEM, WRITES, (&W.rsa, ZC_RSA_DER_PUBLIC_PKCS1, o, &W.small));
    E(zc_rsa_generate, EI, 0, (NULL, 1024, 0));
    E(zc_rsa_generate, EI, 0, (&W.rsa_new, 1023, 0));
    E(zc_rsa_generate, EI, 0, (&W.rsa_new, 4097, 0));
    E(zc_rsa_generate, EI, 0, (&W.rsa_new, 0, 0));
    E(zc_rsa_generate, EI, 0, (&W.rsa_new, 1024, 1));
    E(zc_rsa_generate, EI, 0, (&W.rsa_new, 1024, 65536));
    if (zc_policy_set(ZC_POLICY_HW_ONLY) == ZC_OK) {  /* key generation is software */
        E(zc_rsa_generate, ZC_ENOTSUP, 0, (&W.rsa_new, 1024, 0));
        /* where software would run (no adapter here), the refusal passes
         * through verify and decrypt, not hidden as ZC_EAUTH */
        E(zc_rsa_pkcs1v15_verify, ZC_ENOTSUP, 0, (&W.rsa_pub, ZC_SHA256, d, W.buf, 128));
        E(zc_rsa_pss_verify, ZC_ENOTSUP, 0, (&W.rsa_pub, ZC_SHA256, d, 32, W.buf, 128));
        E(zc_rsa_pkcs1v15_decrypt, ZC_ENOTSUP, WRITES, (&W.rsa, W.buf, 128, o, &W.len));
        E(zc_rsa_oaep_decrypt, ZC_ENOTSUP, WRITES, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 128, o,
                                                    &W.len));
        zc_policy_set(pol);
    }
    check(zc_policy_get() == pol, "the policy is restored");
    VOID(zc_rsa_key_wipe, (NULL));
    V(zc_rsa_size, (NULL), v == 0);
    V(zc_rsa_size, (&W.rsa_zero), v == 0);
    V(zc_rsa_size, (&W.rsa_wiped), v == 0);
    V(zc_rsa_bits, (NULL), v == 0);
    V(zc_rsa_bits, (&W.rsa_zero), v == 0);
    V(zc_rsa_key_has_private, (NULL), v == 0);
    V(zc_rsa_key_has_private, (&W.rsa_wiped), v == 0);
    V(zc_rsa_key_has_private, (&W.rsa_pub), v == 0);
    E(zc_rsa_key_set_backend, EI, 0, (NULL, ZC_BACKEND_AUTO));
    E(zc_rsa_key_set_backend, EI, 0, (&W.rsa_zero, ZC_BACKEND_SOFTWARE));
    E(zc_rsa_key_set_backend, EI, 0, (&W.rsa, ZC_BACKEND_CPACF));
    E(zc_rsa_key_set_backend, EI, 0, (&W.rsa, (enum zc_backend)9));
    E(zc_rsa_key_set_backend, ZC_ENOTSUP, NO_CPACF, (&W.rsa, ZC_BACKEND_CEX));   /* no adapter */
    V(zc_rsa_key_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_rsa_key_backend, (&W.rsa_zero), v == ZC_BACKEND_AUTO);

    E(zc_rsa_public, EI, 0, (NULL, W.buf, o));
    E(zc_rsa_public, EI, 0, (&W.rsa_zero, W.buf, o));
    E(zc_rsa_public, EI, 0, (&W.rsa, NULL, o));
    E(zc_rsa_public, EI, 0, (&W.rsa, W.buf, NULL));
    E(zc_rsa_public, EI, 0, (&W.rsa, W.ff, o));         /* in >= n */
    E(zc_rsa_private, EI, 0, (NULL, W.buf, o));
    E(zc_rsa_private, EI, 0, (&W.rsa_wiped, W.buf, o));
    E(zc_rsa_private, EI, 0, (&W.rsa_pub, W.buf, o));
    E(zc_rsa_private, EI, 0, (&W.rsa, NULL, o));
    E(zc_rsa_private, EI, 0, (&W.rsa, W.buf, NULL));
    E(zc_rsa_private, EI, 0, (&W.rsa, W.ff, o));
    E(zc_rsa_private, ZC_EKEY, 0, (&W.rsa_bad, W.buf, o));

    E(zc_rsa_pkcs1v15_sign, EI, 0, (NULL, ZC_SHA256, d, o, &W.len));
    E(zc_rsa_pkcs1v15_sign, EI, 0, (&W.rsa_pub, ZC_SHA256, d, o, &W.len));
    E(zc_rsa_pkcs1v15_sign, EI, 0, (&W.rsa, ZC_SHAKE128, d, o, &W.len));
    E(zc_rsa_pkcs1v15_sign, EI, 0, (&W.rsa, (enum zc_hash_alg)99, d, o, &W.len));
    E(zc_rsa_pkcs1v15_sign, EI, 0, (&W.rsa, ZC_SHA256, NULL, o, &W.len));
    E(zc_rsa_pkcs1v15_sign, EI, 0, (&W.rsa, ZC_SHA256, d, o, NULL));
    E(zc_rsa_pkcs1v15_sign, ZC_ENOMEM, WRITES, (&W.rsa, ZC_SHA256, d, o, &W.small));
    E(zc_rsa_pkcs1v15_sign, ZC_EKEY, WRITES, (&W.rsa_bad, ZC_SHA256, d, o, &W.len));
    E(zc_rsa_pkcs1v15_verify, EI, 0, (NULL, ZC_SHA256, d, o, 128));
    E(zc_rsa_pkcs1v15_verify, EI, 0, (&W.rsa_zero, ZC_SHA256, d, o, 128));
    E(zc_rsa_pkcs1v15_verify, EI, 0, (&W.rsa, ZC_SHAKE256, d, o, 128));
    E(zc_rsa_pkcs1v15_verify, EI, 0, (&W.rsa, ZC_SHA256, NULL, o, 128));
    E(zc_rsa_pkcs1v15_verify, EI, 0, (&W.rsa, ZC_SHA256, d, NULL, 128));
    E(zc_rsa_pkcs1v15_verify, ZC_EAUTH, 0, (&W.rsa, ZC_SHA256, d, W.buf, 128));
    E(zc_rsa_pkcs1v15_verify, ZC_EAUTH, 0, (&W.rsa_pub, ZC_SHA256, d, W.buf, 127));
    E(zc_rsa_pss_sign, EI, 0, (NULL, ZC_SHA256, d, 32, o, &W.len));
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa_pub, ZC_SHA256, d, 32, o, &W.len));
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa, ZC_SHAKE128, d, 32, o, &W.len));
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa, ZC_SHA256, NULL, 32, o, &W.len));
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa, ZC_SHA256, d, 32, o, NULL));
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa, ZC_SHA256, d, 100, o, &W.len));   /* salt too long */
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa, ZC_SHA256, d, HUGE_LEN, o, &W.len));
    E(zc_rsa_pss_sign, EI, 0, (&W.rsa, ZC_SHA256, d, ZC_RSA_PSS_SALT_ANY, o, &W.len));
    E(zc_rsa_pss_sign, ZC_ENOMEM, WRITES, (&W.rsa, ZC_SHA256, d, 32, o, &W.small));
    E(zc_rsa_pss_sign, ZC_EKEY, WRITES, (&W.rsa_bad, ZC_SHA256, d, 32, o, &W.len));
    E(zc_rsa_pss_verify, EI, 0, (NULL, ZC_SHA256, d, 32, o, 128));
    E(zc_rsa_pss_verify, EI, 0, (&W.rsa_zero, ZC_SHA256, d, 32, o, 128));
    E(zc_rsa_pss_verify, EI, 0, (&W.rsa, ZC_SHAKE128, d, 32, o, 128));
    E(zc_rsa_pss_verify, EI, 0, (&W.rsa, ZC_SHA256, NULL, 32, o, 128));
    E(zc_rsa_pss_verify, EI, 0, (&W.rsa, ZC_SHA256, d, 32, NULL, 128));
    E(zc_rsa_pss_verify, EI, 0, (&W.rsa, ZC_SHA256, d, 100, o, 128));
    E(zc_rsa_pss_verify, ZC_EAUTH, 0, (&W.rsa_pub, ZC_SHA256, d, 32, W.buf, 128));

    E(zc_rsa_oaep_encrypt, EI, 0, (NULL, ZC_SHA256, NULL, 0, W.buf, 16, o, &W.len));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa_zero, ZC_SHA256, NULL, 0, W.buf, 16, o, &W.len));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa, ZC_SHAKE128, NULL, 0, W.buf, 16, o, &W.len));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 1, W.buf, 16, o, &W.len));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, NULL, 16, o, &W.len));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 16, NULL, &W.len));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 16, o, NULL));
    E(zc_rsa_oaep_encrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 63, o, &W.len));  /* > 128 - 66 */
    E(zc_rsa_oaep_encrypt, ZC_ENOMEM, WRITES, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 16, o, &W.small));
    E(zc_rsa_oaep_decrypt, EI, 0, (NULL, ZC_SHA256, NULL, 0, W.buf, 128, o, &W.len));
    E(zc_rsa_oaep_decrypt, EI, 0, (&W.rsa_pub, ZC_SHA256, NULL, 0, W.buf, 128, o, &W.len));
    E(zc_rsa_oaep_decrypt, EI, 0, (&W.rsa, ZC_SHAKE128, NULL, 0, W.buf, 128, o, &W.len));
    E(zc_rsa_oaep_decrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, NULL, 128, o, &W.len));
    E(zc_rsa_oaep_decrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 127, o, &W.len));
    E(zc_rsa_oaep_decrypt, EI, 0, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 128, o, NULL));
    E(zc_rsa_oaep_decrypt, ZC_ENOMEM, WRITES, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 128, o, &W.small));
    E(zc_rsa_oaep_decrypt, ZC_EAUTH, WRITES, (&W.rsa, ZC_SHA256, NULL, 0, W.buf, 128, o, &W.len));
    E(zc_rsa_pkcs1v15_encrypt, EI, 0, (NULL, W.buf, 16, o, &W.len));
    E(zc_rsa_pkcs1v15_encrypt, EI, 0, (&W.rsa_zero, W.buf, 16, o, &W.len));
    E(zc_rsa_pkcs1v15_encrypt, EI, 0, (&W.rsa, NULL, 16, o, &W.len));
    E(zc_rsa_pkcs1v15_encrypt, EI, 0, (&W.rsa, W.buf, 16, NULL, &W.len));
    E(zc_rsa_pkcs1v15_encrypt, EI, 0, (&W.rsa, W.buf, 16, o, NULL));
    E(zc_rsa_pkcs1v15_encrypt, EI, 0, (&W.rsa, W.buf, 118, o, &W.len));   /* > 128 - 11 */
    E(zc_rsa_pkcs1v15_encrypt, ZC_ENOMEM, WRITES, (&W.rsa, W.buf, 16, o, &W.small));
    E(zc_rsa_pkcs1v15_decrypt, EI, 0, (NULL, W.buf, 128, o, &W.len));
    E(zc_rsa_pkcs1v15_decrypt, EI, 0, (&W.rsa_pub, W.buf, 128, o, &W.len));
    E(zc_rsa_pkcs1v15_decrypt, EI, 0, (&W.rsa, NULL, 128, o, &W.len));
    E(zc_rsa_pkcs1v15_decrypt, EI, 0, (&W.rsa, W.buf, 127, o, &W.len));
    E(zc_rsa_pkcs1v15_decrypt, EI, 0, (&W.rsa, W.buf, 128, o, NULL));
    E(zc_rsa_pkcs1v15_decrypt, ZC_ENOMEM, WRITES, (&W.rsa, W.buf, 128, o, &W.small));
    E(zc_rsa_pkcs1v15_decrypt, ZC_EAUTH, WRITES, (&W.rsa, W.buf, 128, o, &W.len));
}

static void ec_probes(void)
{
    uint8_t *d = W.buf;                 /* a SHA-256 digest */
    uint8_t *o = W.buf + 256;           /* 256 bytes of output room */
    uint8_t *sig = W.buf + 128;         /* a signature (zeros: r = s = 0) */
    enum zc_policy pol = zc_policy_get();

    V(zc_ec_field_size, ((enum zc_ec_curve)99), v == 0);
    E(zc_ec_key_generate, EI, WRITES, (NULL, ZC_EC_P256));
    E(zc_ec_key_generate, EI, WRITES, (&W.ec_new, (enum zc_ec_curve)99));
    static const uint8_t zero64[64];
    /* SPKI with id-ecPublicKey on secp256k1 (not built), and with rsaEncryption */
    static const uint8_t spki_k1[] = {
        0x30, 0x16, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a, 0x03, 0x02, 0x00, 0x04,
    };
    static const uint8_t spki_rsa[] = {
        0x30, 0x13, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01,
        0x01, 0x05, 0x00, 0x03, 0x02, 0x00, 0x04,
    };
    /* spki_k1 with secp256k1's OID one byte too long: malformed, not unknown */
    static const uint8_t spki_k1_long[] = {
        0x30, 0x16, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x06, 0x2b, 0x81, 0x04, 0x00, 0x0a, 0x03, 0x02, 0x00, 0x04,
    };
    uint8_t hybrid[65];

    memcpy(hybrid, ec_pub65, 65);
    hybrid[0] = 6;
    if (zc_policy_set(ZC_POLICY_HW_ONLY) == ZC_OK) {      /* software: refused */
        E(zc_ec_key_generate, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_P256));
        E(zc_ecdsa_verify, ZC_ENOTSUP, 0, (&W.ec, ZC_SHA256, d, sig, 64));
        E(zc_ecdsa_verify, ZC_ENOTSUP, 0, (&W.ec_pub, ZC_SHA256, d, sig, 63));
        E(zc_ecdsa_sign, ZC_ENOTSUP, 0, (&W.ec, ZC_SHA256, d, o, &W.len));
        E(zc_ecdsa_sign_deterministic, ZC_ENOTSUP, 0, (&W.ec, ZC_SHA256, d, o, &W.len));
        E(zc_ecdh, ZC_ENOTSUP, 0, (&W.ec, &W.ec_pub, o, &W.len));
        /* import derives the public key: allowed (public data) */
        check(zc_ec_key_from_private(&W.ec_new, ZC_EC_P256, W.key, 32) == ZC_OK,
              "hw-only: EC import is allowed");
        E(zc_ec_key_generate, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_X25519));
        E(zc_ec_key_generate, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_X448));
        E(zc_ecdh, ZC_ENOTSUP, 0, (&W.x, &W.x_pub, o, &W.len));
        check(zc_ec_key_from_private(&W.ec_new, ZC_EC_X25519, W.key, 32) == ZC_OK,
              "hw-only: X25519 import (X25519(k, 9) in software) is allowed");
        E(zc_ec_key_generate, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_ED25519));
        E(zc_ec_key_generate, ZC_ENOTSUP, WRITES, (&W.ec_new, ZC_EC_ED448));
        check(zc_ec_key_from_private(&W.ec_new, ZC_EC_ED448, W.ff, 57) == ZC_OK,
              "hw-only: Ed448 import (SHAKE256 of the seed in software here) is allowed");
        E(zc_eddsa_sign, ZC_ENOTSUP, 0, (&W.ed, d, 32, o, &W.len));
        E(zc_eddsa_verify, ZC_ENOTSUP, 0, (&W.ed_pub, d, 32, sig, 64));
        E(zc_eddsa_sign_ex, ZC_ENOTSUP, 0, (&W.ed, 1, NULL, 0, d, 32, o, &W.len));
        E(zc_eddsa_verify_ex, ZC_ENOTSUP, 0, (&W.ed_pub, 1, NULL, 0, d, 32, sig, 64));
        check(zc_ec_key_from_private(&W.ec_new, ZC_EC_ED25519, W.key, 32) == ZC_OK,
              "hw-only: Ed25519 import (H(seed) and [s]B in software) is allowed");
        zc_policy_set(pol);
    }
    check(zc_policy_get() == pol, "the policy is restored");
    E(zc_ec_key_from_private, EI, WRITES, (NULL, ZC_EC_P256, W.key, 32));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_P256, NULL, 32));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.key, 31));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.ff, 32));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_P256, zero64, 32));   /* d = 0 */
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, (enum zc_ec_curve)99, W.key, 32));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_P256, (uint8_t *)&W.ec_new + 8, 32));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_ED448, W.ff, 56));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_ED448, W.ff, 58));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, W.key, 31));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, NULL, 32));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, W.ff, 33));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, ed_noncanon, 32));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, ed_neutral, 32));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, W.ff, 32));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_ED25519, ed_neutral, 33));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, ed_pkcs8_other, sizeof ed_pkcs8_other));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_X25519, W.key, 31));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_X25519, W.key, 33));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_X448, W.ff, 57));
    E(zc_ec_key_from_private, EI, WRITES, (&W.ec_new, ZC_EC_X448, NULL, 56));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_X25519, W.ff, 33));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_X448, W.ff, 57));  /* Wycheproof's */
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_X448, NULL, 56));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_X25519, (uint8_t *)&W.ec_new + 8, 32));
    E(zc_ec_key_from_public, EI, WRITES, (NULL, ZC_EC_P256, W.ff, 65));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_P256, W.ff, 65));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_P256, NULL, 65));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_P256, ec_pub65, 64));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_P256, hybrid, 65));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_P256, zero64, 1));    /* infinity */
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_P384, ec_pub65, 65));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, (enum zc_ec_curve)99, ec_pub65, 65));
    E(zc_ec_key_from_public, EI, WRITES, (&W.ec_new, ZC_EC_ED448, W.ff, 57));  /* y >= p */
    E(zc_ec_key_from_der, EI, WRITES, (NULL, W.ff, 10));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, NULL, 10));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, W.ff, 10));
    {
        static const uint8_t explicit_params[] = {
            0x30, 0x10, 0x30, 0x0b, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
            0x30, 0x00, 0x03, 0x01, 0x00,
        };

        E(zc_ec_key_from_der, ZC_ENOTSUP, WRITES, (&W.ec_new, explicit_params, sizeof explicit_params));
    }
    E(zc_ec_key_from_der, ZC_ENOTSUP, WRITES, (&W.ec_new, spki_k1, sizeof spki_k1));
    E(zc_ec_key_from_der, ZC_ENOTSUP, WRITES, (&W.ec_new, spki_rsa, sizeof spki_rsa));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, spki_k1_long, sizeof spki_k1_long));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, ec_sec1_other, ec_sec1_other_len));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, ec_pkcs8_v3, ec_pkcs8_v3_len));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, ec_sec1_other, ec_sec1_other_len - 1));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, (uint8_t *)&W.ec_new, 64));   /* overlap */
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, x_spki_params, x_spki_params_len));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, x_pkcs8_other, x_pkcs8_other_len));
    E(zc_ec_key_from_der, EI, WRITES, (&W.ec_new, x_pkcs8_other, x_pkcs8_other_len - 1));
    E(zc_ec_key_export_der, EI, 0, (&W.x, ZC_EC_DER_PRIVATE_SEC1, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.x_pub, ZC_EC_DER_PRIVATE_PKCS8, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.x, (enum zc_ec_der_format)9, o, &W.len));
    E(zc_ec_key_export_der, ZC_ENOMEM, WRITES, (&W.x, ZC_EC_DER_PRIVATE_PKCS8, o, &W.small));
    E(zc_ec_key_export_der, EI, 0, (&W.x, ZC_EC_DER_PUBLIC_SPKI, (uint8_t *)&W.x, &W.len));
    E(zc_ec_key_public, ZC_ENOMEM, WRITES, (&W.x, o, &W.small));
    E(zc_ec_key_public, EI, 0, (&W.x, (uint8_t *)&W.x + 100, &W.len));         /* overlap */
    E(zc_ecdh, EI, 0, (&W.x, &W.x_low, o, &W.len));        /* all zero: nothing written */
    E(zc_ecdh, EI, 0, (&W.x, &W.ec_pub, o, &W.len));       /* another curve */
    E(zc_ecdh, EI, 0, (&W.ec, &W.x_pub, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.x, &W.x448, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.x_pub, &W.x, o, &W.len));        /* public only */
    E(zc_ecdh, EI, 0, (&W.x, &W.x_pub, (uint8_t *)&W.x_pub + 4, &W.len));     /* overlap */
    E(zc_ecdh, EI, 0, (&W.x, &W.x_pub, o, NULL));
    E(zc_ecdh, ZC_ENOMEM, WRITES, (&W.x, &W.x_pub, o, &W.small));
    E(zc_ecdh, ZC_ENOTSUP, 0, (&W.x_cpacf, &W.x_pub, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.x_cpacf, &W.x_pub, NULL, &W.len));  /* arguments first */
    E(zc_ecdsa_sign, EI, 0, (&W.x, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.x, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_verify, EI, 0, (&W.x_pub, ZC_SHA256, d, sig, 64));
    E(zc_eddsa_sign, EI, 0, (&W.x, d, 32, o, &W.len));
    E(zc_eddsa_verify, EI, 0, (&W.x_pub, d, 32, sig, 64));
    /* EdDSA on Ed25519 */
    E(zc_eddsa_sign, EI, 0, (NULL, d, 32, o, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ed_pub, d, 32, o, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ec, d, 32, o, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ec_zero, d, 32, o, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ed, NULL, 32, o, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ed, d, 32, o, NULL));
    E(zc_eddsa_sign, EI, 0, (&W.ed, d, 32, NULL, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ed, W.buf, 200, W.buf + 100, &W.len));        /* overlap */
    E(zc_eddsa_sign, EI, 0, (&W.ed, d, 32, (uint8_t *)&W.ed + 16, &W.len));    /* into the key */
    E(zc_eddsa_sign, ZC_ENOMEM, WRITES, (&W.ed, d, 32, o, &W.small));
    E(zc_eddsa_sign, ZC_ENOTSUP, 0, (&W.ed_cpacf, d, 32, o, &W.len));
    E(zc_eddsa_sign, EI, 0, (&W.ed_cpacf, d, 32, o, NULL));              /* arguments first */
    E(zc_eddsa_sign_ex, EI, 0, (NULL, 1, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed, 2, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed, -1, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed, 1, W.ff, 256, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed, 1, NULL, 5, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed, 0, NULL, 0, d, 32, o, &W.len));     /* Ed25519ctx */
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed, 1, W.buf + 300, 10, d, 32, o, &W.len));  /* overlap */
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed_pub, 1, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.x, 1, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, ZC_ENOMEM, WRITES, (&W.ed, 0, W.ff, 3, d, 32, o, &W.small));
    E(zc_eddsa_sign_ex, ZC_ENOTSUP, 0, (&W.ed_cpacf, 1, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ed_cpacf, 0, NULL, 0, d, 32, o, &W.len));
    E(zc_eddsa_verify, EI, 0, (NULL, d, 32, sig, 64));
    E(zc_eddsa_verify, EI, 0, (&W.ec_pub, d, 32, sig, 64));
    E(zc_eddsa_verify, EI, 0, (&W.ec_zero, d, 32, sig, 64));
    E(zc_eddsa_verify, EI, 0, (&W.ed_pub, NULL, 32, sig, 64));
    E(zc_eddsa_verify, EI, 0, (&W.ed_pub, d, 32, NULL, 64));
    E(zc_eddsa_verify, ZC_EAUTH, 0, (&W.ed_pub, d, 32, sig, 63));
    E(zc_eddsa_verify, ZC_EAUTH, 0, (&W.ed_pub, d, 32, NULL, 0));
    E(zc_eddsa_verify, ZC_EAUTH, 0, (&W.ed_pub, d, 32, sig, 64));       /* R = 0, S = 0 */
    E(zc_eddsa_verify, ZC_EAUTH, 0, (&W.ed, d, 32, W.ff, 64));          /* S >= L */
    E(zc_eddsa_verify, ZC_ENOTSUP, 0, (&W.ed_cpacf, d, 32, sig, 64));
    E(zc_eddsa_verify, EI, 0, (&W.ed_cpacf, d, 32, NULL, 64));           /* arguments first */
    E(zc_eddsa_verify_ex, EI, 0, (NULL, 1, NULL, 0, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, EI, 0, (&W.ed_pub, 2, NULL, 0, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, EI, 0, (&W.ed_pub, 1, W.ff, 256, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, EI, 0, (&W.ed_pub, 1, NULL, 1, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, EI, 0, (&W.ed_pub, 0, NULL, 0, d, 32, sig, 64));   /* Ed25519ctx */
    E(zc_eddsa_verify_ex, EI, 0, (&W.x_pub, 1, NULL, 0, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, ZC_EAUTH, 0, (&W.ed_pub, 0, W.ff, 1, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, ZC_EAUTH, 0, (&W.ed_pub, 1, NULL, 0, d, 32, sig, 65));
    E(zc_eddsa_verify_ex, ZC_ENOTSUP, 0, (&W.ed_cpacf, 1, NULL, 0, d, 32, sig, 64));
    E(zc_eddsa_verify_ex, EI, 0, (&W.ed_cpacf, 7, NULL, 0, d, 32, sig, 64));
    E(zc_ec_key_export_der, EI, 0, (&W.ed, ZC_EC_DER_PRIVATE_SEC1, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.ed_pub, ZC_EC_DER_PRIVATE_PKCS8, o, &W.len));
    E(zc_ec_key_export_der, ZC_ENOMEM, WRITES, (&W.ed, ZC_EC_DER_PUBLIC_SPKI, o, &W.small));
    E(zc_ec_key_public, ZC_ENOMEM, WRITES, (&W.ed, o, &W.small));
    E(zc_ec_key_public, EI, 0, (NULL, o, &W.len));
    E(zc_ec_key_public, EI, 0, (&W.ec_zero, o, &W.len));
    E(zc_ec_key_public, EI, 0, (&W.ec, o, NULL));
    E(zc_ec_key_public, ZC_ENOMEM, WRITES, (&W.ec, o, &W.small));
    E(zc_ec_key_public, EI, 0, (&W.ec, NULL, &W.len));
    E(zc_ec_key_public, EI, 0, (&W.ec, (uint8_t *)&W.ec, &W.len));              /* overlap */
    E(zc_ec_key_export_der, EI, 0, (NULL, ZC_EC_DER_PUBLIC_SPKI, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.ec, (enum zc_ec_der_format)9, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.ec_pub, ZC_EC_DER_PRIVATE_SEC1, o, &W.len));
    E(zc_ec_key_export_der, ZC_ENOMEM, WRITES, (&W.ec, ZC_EC_DER_PRIVATE_PKCS8, o, &W.small));
    E(zc_ec_key_export_der, EI, 0, (&W.ec_pub, ZC_EC_DER_PRIVATE_PKCS8, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.ec_zero, ZC_EC_DER_PUBLIC_SPKI, o, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.ec, ZC_EC_DER_PUBLIC_SPKI, o, NULL));
    E(zc_ec_key_export_der, EI, 0, (&W.ec, ZC_EC_DER_PUBLIC_SPKI, NULL, &W.len));
    E(zc_ec_key_export_der, EI, 0, (&W.ec, ZC_EC_DER_PRIVATE_SEC1, (uint8_t *)&W.ec, &W.len));
    VOID(zc_ec_key_wipe, (NULL));
    V(zc_ec_key_curve, (NULL), v == ZC_EC_P256);
    V(zc_ec_key_curve, (&W.ec_zero), v == ZC_EC_P256);
    E(zc_ec_key_set_backend, EI, 0, (NULL, ZC_BACKEND_AUTO));
    E(zc_ec_key_set_backend, EI, 0, (&W.ec_zero, ZC_BACKEND_AUTO));
    E(zc_ec_key_set_backend, EI, 0, (&W.ec, (enum zc_backend)9));
    E(zc_ec_key_set_backend, EI, 0, (&W.ec, ZC_BACKEND_CEX));
    V(zc_ec_key_backend, (NULL), v == ZC_BACKEND_AUTO);
    V(zc_ec_key_backend, (&W.ec_zero), v == ZC_BACKEND_AUTO);
    E(zc_ecdsa_sign, EI, 0, (NULL, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec_pub, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, ZC_SHAKE128, d, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, ZC_SHA256, NULL, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, ZC_SHA256, d, d + 8, &W.len));    /* overlap */
    E(zc_ecdsa_sign, ZC_ENOMEM, WRITES, (&W.ec, ZC_SHA256, d, o, &W.small));
    E(zc_ecdsa_sign, ZC_ENOTSUP, 0, (&W.ec_cpacf, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec_zero, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, (enum zc_hash_alg)99, d, o, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, ZC_SHA256, d, o, NULL));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, ZC_SHA256, d, NULL, &W.len));
    E(zc_ecdsa_sign, EI, 0, (&W.ec, ZC_SHA256, d, (uint8_t *)&W.ec + 16, &W.len)); /* into the key */
    E(zc_ecdsa_sign, EI, 0, (&W.ec_cpacf, ZC_SHAKE256, d, o, &W.len));   /* arguments first */
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec_zero, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec, (enum zc_hash_alg)99, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, ZC_ENOMEM, WRITES, (&W.ec, ZC_SHA256, d, o, &W.small));
    E(zc_ecdsa_sign_deterministic, ZC_ENOTSUP, 0, (&W.ec_cpacf, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (NULL, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec_pub, ZC_SHA256, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec, ZC_SHAKE256, d, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec, ZC_SHA256, NULL, o, &W.len));
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec, ZC_SHA512, d, d + 32, &W.len));  /* overlap */
    E(zc_ecdsa_sign_deterministic, EI, 0, (&W.ec, ZC_SHA256, d, o, NULL));
    E(zc_ecdsa_verify, EI, 0, (NULL, ZC_SHA256, d, sig, 64));
    E(zc_ecdsa_verify, EI, 0, (&W.ec, ZC_SHAKE256, d, sig, 64));
    E(zc_ecdsa_verify, EI, 0, (&W.ec, ZC_SHA256, d, NULL, 64));
    E(zc_ecdsa_verify, ZC_EAUTH, 0, (&W.ec, ZC_SHA256, d, sig, 63));
    E(zc_ecdsa_verify, ZC_EAUTH, 0, (&W.ec_pub, ZC_SHA256, d, W.ff, 64));
    E(zc_ecdsa_verify, ZC_ENOTSUP, 0, (&W.ec_cpacf, ZC_SHA256, d, sig, 64));
    E(zc_ecdsa_verify, EI, 0, (&W.ec_zero, ZC_SHA256, d, sig, 64));
    E(zc_ecdsa_verify, EI, 0, (&W.ec, (enum zc_hash_alg)99, d, sig, 64));
    E(zc_ecdsa_verify, EI, 0, (&W.ec, ZC_SHA256, NULL, sig, 64));
    E(zc_ecdsa_verify, ZC_EAUTH, 0, (&W.ec, ZC_SHA256, d, zero64, 64));      /* r = s = 0 */
    E(zc_ecdsa_verify, ZC_EAUTH, 0, (&W.ec, ZC_SHA256, d, NULL, 0));
    E(zc_ecdsa_verify, ZC_EAUTH, 0, (&W.ec, ZC_SHA256, d, sig, 64));         /* not valid */
    E(zc_ecdsa_sig_to_der, EI, 0, ((enum zc_ec_curve)99, sig, 64, o, &W.len));
    E(zc_ecdsa_sig_to_der, EI, 0, (ZC_EC_P256, sig, 63, o, &W.len));
    E(zc_ecdsa_sig_to_der, EI, 0, (ZC_EC_P256, NULL, 64, o, &W.len));
    E(zc_ecdsa_sig_to_der, EI, 0, (ZC_EC_P256, W.buf, 64, W.buf + 8, &W.len));
    E(zc_ecdsa_sig_to_der, ZC_ENOMEM, WRITES, (ZC_EC_P256, sig, 64, o, &W.small));
    E(zc_ecdsa_sig_to_der, EI, 0, (ZC_EC_X25519, sig, 64, o, &W.len));
    E(zc_ecdsa_sig_to_der, EI, 0, (ZC_EC_P256, sig, 64, o, NULL));
    E(zc_ecdsa_sig_to_der, EI, 0, (ZC_EC_P256, sig, 64, NULL, &W.len));
    {
        static const uint8_t der[] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01 };
        static const uint8_t ber[] = { 0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01 };
        static const uint8_t neg[] = { 0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x01 };
        static const uint8_t trail[] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x00 };
        static const uint8_t r33[] = {      /* r of 33 bytes, above 2^256 */
            0x30, 0x26, 0x02, 0x21, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
            17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 0x02, 0x01, 0x01,
        };

        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, ber, sizeof ber, o, &W.len));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_ED25519, der, sizeof der, o, &W.len));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, NULL, 8, o, &W.len));
        E(zc_ecdsa_sig_from_der, ZC_ENOMEM, WRITES, (ZC_EC_P256, der, sizeof der, o, &W.small));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, der, sizeof der, o, NULL));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, der, sizeof der - 1, o, &W.len));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, neg, sizeof neg, o, &W.len));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, trail, sizeof trail, o, &W.len));
        E(zc_ecdsa_sig_from_der, EI, 0, (ZC_EC_P256, r33, sizeof r33, o, &W.len));
        memcpy(W.buf, der, sizeof der);                 /* in the output's place */
        memcpy(&before, &W, sizeof W);
        {
            int got = zc_ecdsa_sig_from_der(ZC_EC_P256, W.buf, sizeof der, W.buf, &W.len);

            error_probe("zc_ecdsa_sig_from_der", EI, got, 0, "(der overlapping sig)");
        }
    }
    E(zc_eddsa_sign, EI, 0, (&W.ec, d, 32, o, &W.len));
    E(zc_eddsa_verify, EI, 0, (&W.ec, d, 32, sig, 64));
    E(zc_eddsa_sign_ex, EI, 0, (&W.ec, 0, d, 1, d, 32, o, &W.len));
    E(zc_eddsa_verify_ex, EI, 0, (&W.ec, 0, d, 1, d, 32, sig, 64));
    E(zc_ecdh, EI, 0, (NULL, &W.ec_pub, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec_pub, &W.ec, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec, &W.ec_zero, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec, &W.ec_pub, (uint8_t *)&W.ec_pub, &W.len));
    E(zc_ecdh, ZC_ENOMEM, WRITES, (&W.ec, &W.ec_pub, o, &W.small));
    E(zc_ecdh, ZC_ENOTSUP, 0, (&W.ec_cpacf, &W.ec_pub, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec, &ec384_ready, o, &W.len));             /* other curve */
    E(zc_ecdh, EI, 0, (&W.ec, NULL, o, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec, &W.ec_pub, o, NULL));
    E(zc_ecdh, EI, 0, (&W.ec, &W.ec_pub, NULL, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec, &W.ec_pub, (uint8_t *)&W.ec + 4, &W.len));
    E(zc_ecdh, EI, 0, (&W.ec_cpacf, &ec384_ready, o, &W.len));       /* arguments first */
}

int main(void)
{
    const char *path = getenv("ZC_ERROR_CONTRACT");
    char msg[200];
    unsigned i, j;

    read_contract(path ? path : "docs/error-contract.md");
    rsa_once();
    ec_once();
    x_once();
    ed_once();
    check(nrows > 0, "the contract has rows");
    aes_probes();
    protected_probes();
    stream_probes();
    des_probes();
    des_stream_probes();
    hash_probes();
    misc_probes();
    stats_probes();
    rsa_probes();
    ec_probes();

    for (i = 0; i < nrows; i++) {
        snprintf(msg, sizeof msg, "%.47s: no probe walks this row", rows[i].fn);
        check(rows[i].probes > 0, msg);
        if (zc_cpacf_present())     /* codes that need a machine without CPACF */
            continue;
        for (j = 0; j < rows[i].ncodes; j++) {
            snprintf(msg, sizeof msg, "%.47s: %s is listed but no probe provokes it", rows[i].fn,
                     zc_strerror(rows[i].codes[j]));
            check(!rows[i].must[j] || rows[i].seen[j], msg);
        }
    }
    printf("%u functions in the contract, %u probes\n", nrows, nprobes);
    return unit_done();
}
