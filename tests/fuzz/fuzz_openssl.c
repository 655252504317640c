/*
 * fuzz_openssl.c - libFuzzer target: the software backend against OpenSSL's
 * libcrypto (a test-time oracle only, never a library dependency).
 *
 * Input: byte 0 picks the operation and its variant, then come the key,
 * the IV or tweak, and the data. Covered: AES-ECB/CBC/CTR/CFB-128/OFB/
 * CFB-8/XTS/GCM/CMAC at every key size, DES and two- and three-key TDES in
 * ECB, CBC, CFB-64, OFB, CTR (OpenSSL's side built from ECB) and CMAC
 * (single DES through OpenSSL's legacy provider), every SHA-1, SHA-2,
 * SHA-3 and SHAKE digest, and HMAC on every fixed-size hash. The chaining
 * modes run in two calls on our side (the IV or counter carried by the
 * library) against one call of OpenSSL's.
 */
#include <zcrypt.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <string.h>

#include "fuzz_util.h"

#define MAX_DATA 2048

static const char *const hash_names[13] = {
    "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA512-224", "SHA512-256",
    "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128", "SHAKE256"
};

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* Single DES lives in the legacy provider in OpenSSL 3. */
    FZ_CHECK(OSSL_PROVIDER_load(NULL, "legacy") != NULL);
    FZ_CHECK(OSSL_PROVIDER_load(NULL, "default") != NULL);
    return 0;
}

/* One OpenSSL cipher call, no padding; 0 when OpenSSL refuses the input. */
static int ossl_cipher(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                       const uint8_t *in, uint8_t *out, size_t len)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0, ok;

    FZ_CHECK(c != NULL && x != NULL);
    ok = EVP_CipherInit_ex2(x, c, key, iv, enc, NULL) &&
         EVP_CIPHER_CTX_set_padding(x, 0) &&
         EVP_CipherUpdate(x, out, &n1, in, (int)len) &&
         EVP_CipherFinal_ex(x, out + n1, &n2);
    FZ_CHECK(!ok || (size_t)(n1 + n2) == len);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return ok;
}

typedef int (*chain_fn)(const zc_aes_key *, uint8_t *, const uint8_t *, uint8_t *, size_t);

static void aes_modes(unsigned v, const uint8_t *key, size_t kl, const uint8_t *iv,
                      const uint8_t *in, size_t len)
{
    static const struct {
        const char *mode;
        chain_fn enc, dec;
        int block;          /* whole blocks only */
    } m[6] = {
        { "ECB", NULL, NULL, 1 },
        { "CBC", zc_aes_cbc_encrypt, zc_aes_cbc_decrypt, 1 },
        { "CTR", zc_aes_ctr_crypt, zc_aes_ctr_crypt, 0 },
        { "CFB", zc_aes_cfb_encrypt, zc_aes_cfb_decrypt, 0 },
        { "OFB", zc_aes_ofb_crypt, zc_aes_ofb_crypt, 0 },
        { "CFB8", zc_aes_cfb8_encrypt, zc_aes_cfb8_decrypt, 0 },
    };
    static uint8_t ours[MAX_DATA], theirs[MAX_DATA], back[MAX_DATA];
    unsigned i = v % 6;
    char name[32];
    uint8_t ivc[16];
    size_t first;
    zc_aes_key k;

    if (m[i].block)
        len -= len % 16;
    first = len / 2 - len / 2 % 16;         /* the first call ends on a block */
    snprintf(name, sizeof name, "AES-%u-%s", (unsigned)kl * 8, m[i].mode);
    FZ_CHECK(ossl_cipher(name, 1, key, iv, in, theirs, len));
    FZ_OK(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE));
    if (i == 0) {
        FZ_OK(zc_aes_ecb_encrypt(&k, in, ours, len));
        FZ_OK(zc_aes_ecb_decrypt(&k, ours, back, len));
    } else {
        memcpy(ivc, iv, 16);
        FZ_OK(m[i].enc(&k, ivc, in, ours, first));
        FZ_OK(m[i].enc(&k, ivc, in + first, ours + first, len - first));
        memcpy(ivc, iv, 16);
        FZ_OK(m[i].dec(&k, ivc, ours, back, len));
    }
    FZ_CHECK(len == 0 || memcmp(ours, theirs, len) == 0);
    FZ_CHECK(len == 0 || memcmp(back, in, len) == 0);
    zc_aes_key_wipe(&k);
}

static void aes_xts(const uint8_t *key, size_t kl, const uint8_t *tweak,
                    const uint8_t *in, size_t len)
{
    static uint8_t ours[MAX_DATA], theirs[MAX_DATA], back[MAX_DATA];
    char name[32];
    zc_aes_key k1, k2;

    if (len < 16 || memcmp(key, key + kl, kl) == 0)   /* OpenSSL refuses k1 == k2 */
        return;
    snprintf(name, sizeof name, "AES-%u-XTS", (unsigned)kl * 8);
    FZ_CHECK(ossl_cipher(name, 1, key, tweak, in, theirs, len));
    FZ_OK(zc_aes_key_init(&k1, key, kl, ZC_BACKEND_SOFTWARE));
    FZ_OK(zc_aes_key_init(&k2, key + kl, kl, ZC_BACKEND_SOFTWARE));
    FZ_OK(zc_aes_xts_encrypt(&k1, &k2, tweak, in, ours, len));
    FZ_CHECK(memcmp(ours, theirs, len) == 0);
    FZ_OK(zc_aes_xts_decrypt(&k1, &k2, tweak, ours, back, len));
    FZ_CHECK(memcmp(back, in, len) == 0);
    zc_aes_key_wipe(&k1);
    zc_aes_key_wipe(&k2);
}

static void aes_gcm(const uint8_t *key, size_t kl, const uint8_t *iv, size_t iv_len,
                    const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    static uint8_t ours[MAX_DATA], theirs[MAX_DATA];
    uint8_t tag[16], otag[16];
    char name[32];
    EVP_CIPHER *c;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    OSSL_PARAM p[2];
    size_t ivl = iv_len;
    int n = 0, m = 0;
    zc_aes_key k;

    snprintf(name, sizeof name, "AES-%u-GCM", (unsigned)kl * 8);
    c = EVP_CIPHER_fetch(NULL, name, NULL);
    FZ_CHECK(c != NULL && x != NULL);
    p[0] = OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivl);
    p[1] = OSSL_PARAM_construct_end();
    FZ_CHECK(EVP_EncryptInit_ex2(x, c, NULL, NULL, p) &&
             EVP_EncryptInit_ex2(x, NULL, key, iv, NULL));
    FZ_CHECK(aad_len == 0 || EVP_EncryptUpdate(x, NULL, &n, aad, (int)aad_len));
    FZ_CHECK(EVP_EncryptUpdate(x, theirs, &n, in, (int)len) &&
             EVP_EncryptFinal_ex(x, theirs + n, &m));
    FZ_CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, otag));
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    FZ_OK(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE));
    FZ_OK(zc_aes_gcm_encrypt(&k, iv, iv_len, aad, aad_len, in, ours, len, tag, 16));
    FZ_CHECK(len == 0 || memcmp(ours, theirs, len) == 0);
    FZ_CHECK(memcmp(tag, otag, 16) == 0);
    zc_aes_key_wipe(&k);
}

static void aes_cmac(const uint8_t *key, size_t kl, const uint8_t *in, size_t len)
{
    static const char *const ciphers[3] = { "AES-128-CBC", "AES-192-CBC", "AES-256-CBC" };
    uint8_t ours[16], theirs[16];
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *x = EVP_MAC_CTX_new(mac);
    OSSL_PARAM p[2];
    size_t out_len = 0;
    zc_aes_key k;

    FZ_CHECK(mac != NULL && x != NULL);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                            (char *)(uintptr_t)ciphers[kl / 8 - 2], 0);
    p[1] = OSSL_PARAM_construct_end();
    FZ_CHECK(EVP_MAC_init(x, key, kl, p) && EVP_MAC_update(x, in, len) &&
             EVP_MAC_final(x, theirs, &out_len, sizeof theirs) && out_len == 16);
    EVP_MAC_CTX_free(x);
    EVP_MAC_free(mac);
    FZ_OK(zc_aes_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE));
    FZ_OK(zc_aes_cmac(&k, in, len, ours, 16));
    FZ_CHECK(memcmp(ours, theirs, 16) == 0);
    zc_aes_key_wipe(&k);
}

typedef int (*des_fn)(const zc_des_key *, uint8_t *, const uint8_t *, uint8_t *, size_t);

/* OpenSSL has no DES-CTR: its keystream is ECB over the counter blocks
   (a 64-bit big-endian counter, SP 800-38A's construction). */
static void des_ctr_ossl(const char *ecb, const uint8_t *key, const uint8_t *iv,
                         const uint8_t *in, uint8_t *out, size_t len)
{
    static uint8_t ctrs[MAX_DATA + 8];
    uint64_t c = 0;
    size_t i, blocks = (len + 7) / 8;

    for (i = 0; i < 8; i++)
        c = c << 8 | iv[i];
    for (i = 0; i < blocks; i++, c++) {
        unsigned j;

        for (j = 0; j < 8; j++)
            ctrs[8 * i + j] = (uint8_t)(c >> (56 - 8 * j));
    }
    FZ_CHECK(ossl_cipher(ecb, 1, key, NULL, ctrs, ctrs, 8 * blocks));
    for (i = 0; i < len; i++)
        out[i] = in[i] ^ ctrs[i];
}

static void des_cmac(const char *cbc, const uint8_t *key, size_t kl, const uint8_t *in,
                     size_t len)
{
    uint8_t ours[8], theirs[8];
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *x = EVP_MAC_CTX_new(mac);
    OSSL_PARAM p[2];
    size_t out_len = 0;
    zc_des_key k;

    FZ_CHECK(mac != NULL && x != NULL);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)(uintptr_t)cbc, 0);
    p[1] = OSSL_PARAM_construct_end();
    FZ_CHECK(EVP_MAC_init(x, key, kl, p) && EVP_MAC_update(x, in, len) &&
             EVP_MAC_final(x, theirs, &out_len, sizeof theirs) && out_len == 8);
    EVP_MAC_CTX_free(x);
    EVP_MAC_free(mac);
    FZ_OK(zc_des_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE));
    FZ_OK(zc_des_cmac(&k, in, len, ours, 8));
    FZ_CHECK(memcmp(ours, theirs, 8) == 0);
    zc_des_key_wipe(&k);
}

/* mode: 0 ECB, 1 CBC, 2 CFB-64, 3 OFB, 4 CTR, 5 CMAC. */
static void des_modes(unsigned mode, const uint8_t *key, size_t kl, const uint8_t *iv,
                      const uint8_t *in, size_t len)
{
    static const struct {
        const char *name[3];    /* DES, two-key TDES, three-key TDES */
        des_fn enc, dec;
        int block;              /* whole blocks only */
    } m[5] = {
        { { "DES-ECB", "DES-EDE-ECB", "DES-EDE3-ECB" }, NULL, NULL, 1 },
        { { "DES-CBC", "DES-EDE-CBC", "DES-EDE3-CBC" }, zc_des_cbc_encrypt, zc_des_cbc_decrypt, 1 },
        { { "DES-CFB", "DES-EDE-CFB", "DES-EDE3-CFB" }, zc_des_cfb_encrypt, zc_des_cfb_decrypt, 0 },
        { { "DES-OFB", "DES-EDE-OFB", "DES-EDE3-OFB" }, zc_des_ofb_crypt, zc_des_ofb_crypt, 0 },
        { { "DES-ECB", "DES-EDE-ECB", "DES-EDE3-ECB" }, zc_des_ctr_crypt, zc_des_ctr_crypt, 0 },
    };
    static uint8_t ours[MAX_DATA], theirs[MAX_DATA], back[MAX_DATA];
    uint8_t ivc[8];
    size_t first;
    zc_des_key k;

    if (mode == 5) {
        des_cmac(m[1].name[kl / 8 - 1], key, kl, in, len);
        return;
    }
    if (m[mode].block)
        len -= len % 8;
    first = len / 2 - len / 2 % 8;          /* the first call ends on a block */
    if (mode == 4)
        des_ctr_ossl(m[mode].name[kl / 8 - 1], key, iv, in, theirs, len);
    else
        FZ_CHECK(ossl_cipher(m[mode].name[kl / 8 - 1], 1, key, iv, in, theirs, len));
    FZ_OK(zc_des_key_init(&k, key, kl, ZC_BACKEND_SOFTWARE));
    if (mode == 0) {
        FZ_OK(zc_des_ecb_encrypt(&k, in, ours, len));
        FZ_OK(zc_des_ecb_decrypt(&k, ours, back, len));
    } else {
        memcpy(ivc, iv, 8);
        FZ_OK(m[mode].enc(&k, ivc, in, ours, first));
        FZ_OK(m[mode].enc(&k, ivc, in + first, ours + first, len - first));
        memcpy(ivc, iv, 8);
        FZ_OK(m[mode].dec(&k, ivc, ours, back, len));
    }
    FZ_CHECK(len == 0 || memcmp(ours, theirs, len) == 0);
    FZ_CHECK(len == 0 || memcmp(back, in, len) == 0);
    zc_des_key_wipe(&k);
}

static void hash(unsigned a, const uint8_t *in, size_t len, size_t xof_len)
{
    uint8_t ours[256], theirs[256];
    size_t out_len = zc_hash_size((enum zc_hash_alg)a);
    EVP_MD *md = EVP_MD_fetch(NULL, hash_names[a], NULL);
    EVP_MD_CTX *x = EVP_MD_CTX_new();
    unsigned n = 0;

    FZ_CHECK(md != NULL && x != NULL);
    FZ_CHECK(EVP_DigestInit_ex2(x, md, NULL) && EVP_DigestUpdate(x, in, len));
    if (out_len == 0) {
        out_len = xof_len;
        FZ_CHECK(EVP_DigestFinalXOF(x, theirs, out_len));
    } else {
        FZ_CHECK(EVP_DigestFinal_ex(x, theirs, &n) && n == out_len);
    }
    EVP_MD_CTX_free(x);
    EVP_MD_free(md);
    FZ_OK(zc_hash((enum zc_hash_alg)a, in, len, ours, out_len));
    FZ_CHECK(out_len == 0 || memcmp(ours, theirs, out_len) == 0);
}

static void hmac(unsigned a, const uint8_t *key, size_t kl, const uint8_t *in, size_t len)
{
    uint8_t ours[64], theirs[64];
    size_t out_len = zc_hash_size((enum zc_hash_alg)a);
    EVP_MD *md = EVP_MD_fetch(NULL, hash_names[a], NULL);
    unsigned n = 0;

    FZ_CHECK(md != NULL);
    FZ_CHECK(HMAC(md, kl ? key : (const uint8_t *)"", (int)kl, in, len, theirs, &n) != NULL &&
             n == out_len);
    EVP_MD_free(md);
    FZ_OK(zc_hmac((enum zc_hash_alg)a, key, kl, in, len, ours, out_len));
    FZ_CHECK(memcmp(ours, theirs, out_len) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t aes_kl[3] = { 16, 24, 32 };
    struct fz f;
    const uint8_t *key, *iv, *in, *aad;
    size_t got, len, kl, aad_len;
    unsigned op, v;

    if (size < 2)
        return 0;
    op = data[0] % 8;
    v = data[0] / 8;
    fz_init(&f, data + 2, size - 2);
    switch (op) {
    case 0:     /* AES ECB/CBC/CTR/CFB/OFB/CFB-8 */
        kl = aes_kl[v / 6 % 3];
        key = fz_take(&f, kl, &got);
        if (got != kl)
            return 0;
        iv = fz_take(&f, 16, &got);
        if (got != 16)
            return 0;
        in = fz_take(&f, MAX_DATA, &len);
        aes_modes(v, key, kl, iv, in, len);
        break;
    case 1:     /* XTS-AES-128/256 */
        kl = v & 1 ? 32 : 16;
        key = fz_take(&f, 2 * kl, &got);
        if (got != 2 * kl)
            return 0;
        iv = fz_take(&f, 16, &got);
        if (got != 16)
            return 0;
        in = fz_take(&f, MAX_DATA, &len);
        aes_xts(key, kl, iv, in, len);
        break;
    case 2:     /* GCM, IV of 1..64 bytes (12 half the time), any AAD */
        kl = aes_kl[v % 3];
        key = fz_take(&f, kl, &got);
        if (got != kl)
            return 0;
        len = v / 3 % 2 ? 12 : 1 + data[1] % 64;
        iv = fz_take(&f, len, &got);
        if (got != len)
            return 0;
        aad = fz_take(&f, data[1], &aad_len);
        in = fz_take(&f, MAX_DATA, &len);
        aes_gcm(key, kl, iv, got, aad, aad_len, in, len);
        break;
    case 3:     /* CMAC */
        kl = aes_kl[v % 3];
        key = fz_take(&f, kl, &got);
        if (got != kl)
            return 0;
        in = fz_take(&f, MAX_DATA, &len);
        aes_cmac(key, kl, in, len);
        break;
    case 4:     /* DES, TDES two- and three-key; ECB, CBC, CFB, OFB, CTR, CMAC */
        kl = 8 * (1 + v % 3);
        key = fz_take(&f, kl, &got);
        if (got != kl)
            return 0;
        iv = fz_take(&f, 8, &got);
        if (got != 8)
            return 0;
        in = fz_take(&f, MAX_DATA, &len);
        des_modes(v / 3 % 6, key, kl, iv, in, len);
        break;
    case 5:     /* digests; SHAKE to 0..255 bytes */
    case 6:
        in = fz_take(&f, MAX_DATA, &len);
        hash(v % 13, in, len, data[1]);
        break;
    default:    /* HMAC, key of 0..255 bytes */
        key = fz_take(&f, data[1], &kl);
        in = fz_take(&f, MAX_DATA, &len);
        hmac(v % 11, key, kl, in, len);
        break;
    }
    return 0;
}
