/*
 * sw_insns.c - the s390x harness behind scripts/perf-sw.sh's instruction
 * counts (issue 15, "Software on s390x").
 *
 *   sw_insns IMPL ALG LEN N
 *     IMPL  ours | openssl
 *     ALG   sha256 | sha512 | sha3-256 | rsa-private | rsa-public
 *     LEN   message length in bytes for the hashes (ignored for RSA)
 *     N     number of calls (percall.sh's @N@)
 *
 * Built non-PIE and linked with the static libzcrypt, so that the counts
 * of the insncount tool (../shared/tools/insncount) are deterministic and
 * include no dynamic-linking stubs for our side. Ours runs with
 * ZC_BACKEND_SOFTWARE forced (hash contexts, RSA key); OpenSSL's CPACF
 * use is masked by the caller through OPENSSL_s390xcap. One call is a
 * one-shot hash of LEN bytes (zc_hash_init/update/final, EVP_Digest with
 * a pre-fetched EVP_MD) or one raw RSA-2048 operation (no padding) with
 * the 2048-bit key of tests/vectors/rsa_kat.h. Setup (key parsing,
 * fetching) happens before the loop, so the N = 0 run that percall.sh
 * subtracts contains it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zcrypt/hash.h>
#include <zcrypt/rsa.h>

#include "../vectors/rsa_kat.h"

#ifdef ZC_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#endif

static uint8_t msg[65536], out[512], der[4096];

static int fail(const char *what)
{
    fprintf(stderr, "sw_insns: %s failed\n", what);
    return 1;
}

static size_t unhex(uint8_t *dst, size_t cap, const char *hex)
{
    size_t n = 0;

    while (hex[0] && hex[1] && n < cap) {
        unsigned v;

        if (sscanf(hex, "%2x", &v) != 1)
            break;
        dst[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

static size_t der_2048(void)
{
    size_t i;

    for (i = 0; i < ZC_RSA_KAT_KEY_COUNT; i++)
        if (zc_rsa_kat_keys[i].bits == 2048)
            return unhex(der, sizeof der, zc_rsa_kat_keys[i].der);
    return 0;
}

static int ours(const char *alg, size_t len, long n)
{
    static const struct { const char *name; enum zc_hash_alg alg; } hashes[] = {
        { .name = "sha256", .alg = ZC_SHA256 },
        { .name = "sha512", .alg = ZC_SHA512 },
        { .name = "sha3-256", .alg = ZC_SHA3_256 },
    };
    size_t i;
    long c;

    for (i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        zc_hash_ctx ctx;

        if (strcmp(alg, hashes[i].name) != 0)
            continue;
        for (c = 0; c < n; c++)
            if (zc_hash_init(&ctx, hashes[i].alg, ZC_BACKEND_SOFTWARE) ||
                zc_hash_update(&ctx, msg, len) ||
                zc_hash_final(&ctx, out, zc_hash_size(hashes[i].alg)))
                return fail("zc_hash");
        return 0;
    }
    if (strncmp(alg, "rsa-", 4) == 0) {
        static zc_rsa_key k;
        int priv = strcmp(alg, "rsa-private") == 0;
        size_t dl = der_2048();

        if (zc_rsa_key_from_der(&k, der, dl) || zc_rsa_key_set_backend(&k, ZC_BACKEND_SOFTWARE))
            return fail("zc key");
        memcpy(out, msg, 256);
        out[0] = 0; /* below the modulus */
        for (c = 0; c < n; c++)
            if ((priv ? zc_rsa_private(&k, out, out + 256) : zc_rsa_public(&k, out, out + 256)))
                return fail("zc rsa");
        zc_rsa_key_wipe(&k);
        return 0;
    }
    return fail("algorithm name");
}

#ifdef ZC_BENCH_OPENSSL
static int openssl(const char *alg, size_t len, long n)
{
    static const struct { const char *name, *md; } hashes[] = {
        { .name = "sha256", .md = "SHA256" },
        { .name = "sha512", .md = "SHA512" },
        { .name = "sha3-256", .md = "SHA3-256" },
    };
    size_t i;
    long c;

    for (i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        EVP_MD *md;
        unsigned olen;

        if (strcmp(alg, hashes[i].name) != 0)
            continue;
        md = EVP_MD_fetch(NULL, hashes[i].md, NULL);
        if (!md)
            return fail("EVP_MD_fetch");
        for (c = 0; c < n; c++)
            if (!EVP_Digest(msg, len, out, &olen, md, NULL))
                return fail("EVP_Digest");
        EVP_MD_free(md);
        return 0;
    }
    if (strncmp(alg, "rsa-", 4) == 0) {
        int priv = strcmp(alg, "rsa-private") == 0;
        size_t dl = der_2048(), ol;
        const uint8_t *p = der;
        EVP_PKEY *pk = d2i_AutoPrivateKey(NULL, &p, (long)dl);
        EVP_PKEY_CTX *ctx = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;

        if (!ctx || (priv ? EVP_PKEY_decrypt_init(ctx) : EVP_PKEY_encrypt_init(ctx)) <= 0 ||
            EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) <= 0)
            return fail("openssl key");
        memcpy(out, msg, 256);
        out[0] = 0;
        for (c = 0; c < n; c++) {
            ol = 256;
            if ((priv ? EVP_PKEY_decrypt(ctx, out + 256, &ol, out, 256)
                      : EVP_PKEY_encrypt(ctx, out + 256, &ol, out, 256)) <= 0)
                return fail("openssl rsa");
        }
        EVP_PKEY_CTX_free(ctx);
        EVP_PKEY_free(pk);
        return 0;
    }
    return fail("algorithm name");
}
#endif

int main(int argc, char **argv)
{
    size_t len, i;
    long n;

    if (argc != 5) {
        fprintf(stderr, "usage: sw_insns ours|openssl ALG LEN N\n");
        return 2;
    }
    len = (size_t)strtoul(argv[3], NULL, 10);
    n = strtol(argv[4], NULL, 10);
    if (len > sizeof msg)
        return fail("LEN");
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 3);
    if (strcmp(argv[1], "ours") == 0)
        return ours(argv[2], len, n);
#ifdef ZC_BENCH_OPENSSL
    if (strcmp(argv[1], "openssl") == 0)
        return openssl(argv[2], len, n);
#endif
    return fail("implementation name");
}
