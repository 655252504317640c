/*
 * sw_peers.c - the software backend side by side with its peers, in one
 * process (issue 15, "Software on x86_64").
 *
 * For each row of the table the same 8 KiB message is processed by
 * libzcrypt (ZC_BACKEND_SOFTWARE forced), by OpenSSL's libcrypto with its
 * AES-NI, PCLMULQDQ, VAES/VPCLMULQDQ and SHA-extension paths masked through
 * OPENSSL_ia32cap, and by BearSSL's portable constant-time code (aes_ct64,
 * ghash_ctmul64, des_ct, sha1/256/512, rsa_i62 or i31). The machines are
 * shared and noisy, so the implementations alternate round by round (the
 * order rotates every round) and each figure is the median of the rounds,
 * timed in thread CPU time.
 * RSA-2048 rows are in operations per second on one key in all three
 * (ZC_BENCH_RSA_BITS=4096 makes them RSA-4096 rows).
 *
 * OPENSSL_ia32cap is read once, when libcrypto initialises; if it is not
 * set, the program sets the mask and re-executes itself, so the figures
 * never come from an unmasked libcrypto by accident. The cap string used
 * is printed.
 *
 * Not a test: it prints a table and ratios against the targets
 * and always exits 0 unless something fails to run. Run it with
 * `sh scripts/perf-sw.sh` (or build/native/tests/sw_peers [rounds [row]],
 * where row picks the rows whose name contains it, e.g. AES or SHA).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "peers_time.h"

#include <zcrypt/aes.h>
#include <zcrypt/aes_gcm.h>
#include <zcrypt/des.h>
#include <zcrypt/hash.h>
#include <zcrypt/rsa.h>

#ifdef ZC_BENCH_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#endif
#ifdef ZC_BENCH_BEARSSL
#include <bearssl.h>
#endif

/*
 * OpenSSL x86 capability mask: word 1 (CPUID.1 EDX:ECX) without AES-NI
 * (bit 57) and PCLMULQDQ (bit 33); word 2 (CPUID.7 EBX, ECX) without SHA
 * (bit 29), VAES (bit 41) and VPCLMULQDQ (bit 42).
 */
#define IA32CAP_MASK "~0x200000200000000:~0x60020000000"

#define MSG 8192

enum impl { OURS, OSSL, BSSL, NIMPL };
static const char *const impl_name[NIMPL] = { "ours", "OpenSSL", "BearSSL" };

static uint8_t msg[MSG], out[MSG + 64];
static const uint8_t key16[16] = { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                   0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };
static const uint8_t key24[24] = { 1, 35, 69, 103, 137, 171, 205, 239, 35, 69, 103, 137,
                                   171, 205, 239, 1, 69, 103, 137, 171, 205, 239, 1, 35 };
static uint8_t iv16[16], iv8[8];
static volatile uint32_t sink;

static zc_aes_key zaes;
static zc_des_key zdes;
static zc_rsa_key zrsa;
static uint8_t rsa_in[512], rsa_out[512];
static size_t rsa_len = 256;           /* ZC_BENCH_RSA_BITS / 8 */
static char rsa_priv_name[24] = "RSA-2048 private", rsa_pub_name[24] = "RSA-2048 public";

#ifdef ZC_BENCH_OPENSSL
static EVP_CIPHER_CTX *o_ecb, *o_ctr, *o_cbce, *o_cbcd, *o_gcm, *o_tdes;
static EVP_MD_CTX *o_md;
static EVP_MD *o_sha1, *o_sha256, *o_sha512, *o_sha3;
static EVP_PKEY_CTX *o_rsa_priv, *o_rsa_pub;
#endif
#ifdef ZC_BENCH_BEARSSL
static br_aes_ct64_ctr_keys b_ctr;
static br_aes_ct64_cbcenc_keys b_cbce;
static br_aes_ct64_cbcdec_keys b_cbcd;
static br_gcm_context b_gcm;
static br_des_ct_cbcenc_keys b_tdes;
static br_rsa_private b_priv;
static br_rsa_public b_pub;
static br_skey_decoder_context b_skey;
static const br_rsa_private_key *b_sk;
static br_rsa_public_key b_pk;
static uint8_t b_n[512], b_e[4];
static const char *b_rsa_name = "i31";
#endif

static void die(const char *what)
{
    fprintf(stderr, "sw_peers: %s failed\n", what);
    exit(1);
}

/* ---- ours ---- */

static void z_ctr(void) { memset(iv16, 0, 16); if (zc_aes_ctr_crypt(&zaes, iv16, msg, out, MSG)) die("zc ctr"); }
static void z_ecb(void) { if (zc_aes_ecb_encrypt(&zaes, msg, out, MSG)) die("zc ecb"); }
static void z_cbcd(void) { memset(iv16, 0, 16); if (zc_aes_cbc_decrypt(&zaes, iv16, msg, out, MSG)) die("zc cbc dec"); }
static void z_cbce(void) { memset(iv16, 0, 16); if (zc_aes_cbc_encrypt(&zaes, iv16, msg, out, MSG)) die("zc cbc enc"); }
static void z_gcm(void)
{
    if (zc_aes_gcm_encrypt(&zaes, iv16, 12, NULL, 0, msg, out, MSG, out + MSG, 16))
        die("zc gcm");
}
static void z_tdes(void) { memset(iv8, 0, 8); if (zc_des_cbc_encrypt(&zdes, iv8, msg, out, MSG)) die("zc tdes"); }
static void z_hash(enum zc_hash_alg alg)
{
    zc_hash_ctx c;

    if (zc_hash_init(&c, alg, ZC_BACKEND_SOFTWARE) || zc_hash_update(&c, msg, MSG) ||
        zc_hash_final(&c, out, zc_hash_size(alg)))
        die("zc hash");
}
static void z_sha1(void) { z_hash(ZC_SHA1); }
static void z_sha256(void) { z_hash(ZC_SHA256); }
static void z_sha512(void) { z_hash(ZC_SHA512); }
static void z_sha3(void) { z_hash(ZC_SHA3_256); }
static void z_priv(void) { if (zc_rsa_private(&zrsa, rsa_in, rsa_out)) die("zc rsa private"); }
static void z_pub(void) { if (zc_rsa_public(&zrsa, rsa_in, rsa_out)) die("zc rsa public"); }

/* ---- OpenSSL ---- */

#ifdef ZC_BENCH_OPENSSL
static void o_cipher(EVP_CIPHER_CTX *c, const uint8_t *iv)
{
    int n;

    if (!EVP_CipherInit_ex(c, NULL, NULL, NULL, iv, -1) || !EVP_CipherUpdate(c, out, &n, msg, MSG))
        die("openssl cipher");
}
static void o_ctr_f(void) { memset(iv16, 0, 16); o_cipher(o_ctr, iv16); }
static void o_ecb_f(void) { o_cipher(o_ecb, NULL); }
static void o_cbcd_f(void) { memset(iv16, 0, 16); o_cipher(o_cbcd, iv16); }
static void o_cbce_f(void) { memset(iv16, 0, 16); o_cipher(o_cbce, iv16); }
static void o_tdes_f(void) { memset(iv8, 0, 8); o_cipher(o_tdes, iv8); }
static void o_gcm_f(void)
{
    int n;

    if (!EVP_EncryptInit_ex(o_gcm, NULL, NULL, NULL, iv16) ||
        !EVP_EncryptUpdate(o_gcm, out, &n, msg, MSG) || !EVP_EncryptFinal_ex(o_gcm, out + n, &n) ||
        !EVP_CIPHER_CTX_ctrl(o_gcm, EVP_CTRL_GCM_GET_TAG, 16, out + MSG))
        die("openssl gcm");
}
static void o_hash(const EVP_MD *md)
{
    unsigned n;

    if (!EVP_DigestInit_ex(o_md, md, NULL) || !EVP_DigestUpdate(o_md, msg, MSG) ||
        !EVP_DigestFinal_ex(o_md, out, &n))
        die("openssl digest");
}
static void o_sha1_f(void) { o_hash(o_sha1); }
static void o_sha256_f(void) { o_hash(o_sha256); }
static void o_sha512_f(void) { o_hash(o_sha512); }
static void o_sha3_f(void) { o_hash(o_sha3); }
static void o_priv_f(void)
{
    size_t n = sizeof(rsa_out);

    if (EVP_PKEY_decrypt(o_rsa_priv, rsa_out, &n, rsa_in, rsa_len) <= 0)
        die("openssl rsa private");
}
static void o_pub_f(void)
{
    size_t n = sizeof(rsa_out);

    if (EVP_PKEY_encrypt(o_rsa_pub, rsa_out, &n, rsa_in, rsa_len) <= 0)
        die("openssl rsa public");
}

static EVP_CIPHER_CTX *o_new(const char *name, const uint8_t *key, int enc)
{
    EVP_CIPHER *ciph = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();

    if (!ciph || !c || !EVP_CipherInit_ex(c, ciph, NULL, key, NULL, enc))
        die(name);
    EVP_CIPHER_CTX_set_padding(c, 0);
    if (strcmp(name, "AES-128-GCM") == 0 &&
        !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, 12, NULL))
        die("gcm ivlen");
    EVP_CIPHER_free(ciph);
    return c;
}

static void o_setup(const uint8_t *der, size_t der_len)
{
    const uint8_t *p = der;
    EVP_PKEY *pk = d2i_AutoPrivateKey(NULL, &p, (long)der_len);

    o_ecb = o_new("AES-128-ECB", key16, 1);
    o_ctr = o_new("AES-128-CTR", key16, 1);
    o_cbce = o_new("AES-128-CBC", key16, 1);
    o_cbcd = o_new("AES-128-CBC", key16, 0);
    o_gcm = o_new("AES-128-GCM", key16, 1);
    o_tdes = o_new("DES-EDE3-CBC", key24, 1);
    o_md = EVP_MD_CTX_new();
    o_sha1 = EVP_MD_fetch(NULL, "SHA1", NULL);
    o_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    o_sha512 = EVP_MD_fetch(NULL, "SHA512", NULL);
    o_sha3 = EVP_MD_fetch(NULL, "SHA3-256", NULL);
    if (!o_md || !o_sha1 || !o_sha256 || !o_sha512 || !o_sha3 || !pk)
        die("openssl setup");
    o_rsa_priv = EVP_PKEY_CTX_new(pk, NULL);
    o_rsa_pub = EVP_PKEY_CTX_new(pk, NULL);
    if (!o_rsa_priv || !o_rsa_pub || EVP_PKEY_decrypt_init(o_rsa_priv) <= 0 ||
        EVP_PKEY_encrypt_init(o_rsa_pub) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(o_rsa_priv, RSA_NO_PADDING) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(o_rsa_pub, RSA_NO_PADDING) <= 0)
        die("openssl rsa setup");
    EVP_PKEY_free(pk);
}
#endif

/* ---- BearSSL ---- */

#ifdef ZC_BENCH_BEARSSL
static void b_ctr_f(void) { sink += br_aes_ct64_ctr_run(&b_ctr, iv16, 1, out, MSG); }
static void b_cbce_f(void) { memset(iv16, 0, 16); br_aes_ct64_cbcenc_run(&b_cbce, iv16, out, MSG); }
static void b_cbcd_f(void) { memset(iv16, 0, 16); br_aes_ct64_cbcdec_run(&b_cbcd, iv16, out, MSG); }
static void b_gcm_f(void)
{
    br_gcm_reset(&b_gcm, iv16, 12);
    br_gcm_flip(&b_gcm);
    br_gcm_run(&b_gcm, 1, out, MSG);
    br_gcm_get_tag(&b_gcm, out + MSG);
}
static void b_tdes_f(void) { memset(iv8, 0, 8); br_des_ct_cbcenc_run(&b_tdes, iv8, out, MSG); }
static void b_sha1_f(void)
{
    br_sha1_context c;

    br_sha1_init(&c);
    br_sha1_update(&c, msg, MSG);
    br_sha1_out(&c, out);
}
static void b_sha256_f(void)
{
    br_sha256_context c;

    br_sha256_init(&c);
    br_sha256_update(&c, msg, MSG);
    br_sha256_out(&c, out);
}
static void b_sha512_f(void)
{
    br_sha512_context c;

    br_sha512_init(&c);
    br_sha512_update(&c, msg, MSG);
    br_sha512_out(&c, out);
}
/* BearSSL's RSA works in place: copy the input first (also done for ours' sake of fairness: a 256-byte copy). */
static void b_priv_f(void)
{
    memcpy(rsa_out, rsa_in, rsa_len);
    if (!b_priv(rsa_out, b_sk))
        die("bearssl rsa private");
}
static void b_pub_f(void)
{
    memcpy(rsa_out, rsa_in, rsa_len);
    if (!b_pub(rsa_out, rsa_len, &b_pk))
        die("bearssl rsa public");
}

/* DER length at *p (short or long form); advances p. */
static size_t der_len_at(const uint8_t **p)
{
    size_t n = *(*p)++, len = 0;

    if (n < 0x80)
        return n;
    for (n &= 0x7f; n > 0; n--)
        len = len << 8 | *(*p)++;
    return len;
}

/* The modulus of an RSAPrivateKey (SEQUENCE { version, n, ... }) into dst; its length. */
static size_t der_modulus(uint8_t *dst, const uint8_t *der, size_t der_len)
{
    const uint8_t *p = der;
    size_t len;

    (void)der_len;
    p++;                        /* SEQUENCE */
    der_len_at(&p);
    p++;                        /* INTEGER version */
    p += der_len_at(&p);
    p++;                        /* INTEGER n */
    len = der_len_at(&p);
    while (len > 0 && *p == 0) {
        p++;
        len--;
    }
    memcpy(dst, p, len);
    return len;
}

static void b_setup(const uint8_t *der, size_t der_len)
{
    uint32_t e;
    int i;

    br_aes_ct64_ctr_init(&b_ctr, key16, 16);
    br_aes_ct64_cbcenc_init(&b_cbce, key16, 16);
    br_aes_ct64_cbcdec_init(&b_cbcd, key16, 16);
    br_gcm_init(&b_gcm, &b_ctr.vtable, br_ghash_ctmul64);
    br_des_ct_cbcenc_init(&b_tdes, key24, 24);

    br_skey_decoder_init(&b_skey);
    br_skey_decoder_push(&b_skey, der, der_len);
    if (br_skey_decoder_last_error(&b_skey) != 0 || !(b_sk = br_skey_decoder_get_rsa(&b_skey)))
        die("bearssl key decode");
    b_priv = br_rsa_i31_private;
    b_pub = br_rsa_i31_public;
    if (br_rsa_i62_private_get() && br_rsa_i62_public_get()) {
        b_priv = br_rsa_i62_private;
        b_pub = br_rsa_i62_public;
        b_rsa_name = "i62";
    }
    /* n from the DER (br_rsa_i31_compute_modulus stops short of 4096 bits) */
    if (der_modulus(b_n, der, der_len) != rsa_len)
        die("bearssl modulus");
    e = br_rsa_i31_compute_pubexp(b_sk);
    for (i = 0; i < 4; i++)
        b_e[i] = (uint8_t)(e >> (24 - 8 * i));
    b_pk.n = b_n;
    b_pk.nlen = rsa_len;
    b_pk.e = b_e;
    b_pk.elen = 4;
}
#endif

/* ---- the table ---- */

struct row {
    const char *name;
    void (*fn[NIMPL])(void);
    double vs_ossl, vs_bssl; /* targets, 0 = none */
    int ops;                 /* 1: operations per second, not MB/s */
};

#ifdef ZC_BENCH_OPENSSL
#define O(f) f
#else
#define O(f) NULL
#endif
#ifdef ZC_BENCH_BEARSSL
#define B(f) f
#else
#define B(f) NULL
#endif

/* Targets from issue 15 ("Software on x86_64"). */
static const struct row rows[] = {
    { .name = "AES-128-CTR", .fn = { z_ctr, O(o_ctr_f), B(b_ctr_f) }, .vs_ossl = 0.35, .vs_bssl = 1.5 },
    { .name = "AES-128-ECB", .fn = { z_ecb, O(o_ecb_f), NULL }, .vs_ossl = 0.4 },
    { .name = "AES-128-CBC dec", .fn = { z_cbcd, O(o_cbcd_f), B(b_cbcd_f) }, .vs_ossl = 0.35, .vs_bssl = 1.5 },
    { .name = "AES-128-CBC enc", .fn = { z_cbce, O(o_cbce_f), B(b_cbce_f) }, .vs_ossl = 0.15, .vs_bssl = 1.5 },
    { .name = "AES-128-GCM", .fn = { z_gcm, O(o_gcm_f), B(b_gcm_f) }, .vs_ossl = 0.4, .vs_bssl = 1.5 },
    { .name = "TDES-CBC enc", .fn = { z_tdes, O(o_tdes_f), B(b_tdes_f) }, .vs_ossl = 0.5, .vs_bssl = 1.0 },
    { .name = "SHA-1", .fn = { z_sha1, O(o_sha1_f), B(b_sha1_f) }, .vs_ossl = 0.85, .vs_bssl = 1.2 },
    { .name = "SHA-256", .fn = { z_sha256, O(o_sha256_f), B(b_sha256_f) }, .vs_ossl = 0.6, .vs_bssl = 1.2 },
    { .name = "SHA-512", .fn = { z_sha512, O(o_sha512_f), B(b_sha512_f) }, .vs_ossl = 0.7, .vs_bssl = 1.2 },
    { .name = "SHA3-256", .fn = { z_sha3, O(o_sha3_f), NULL }, .vs_ossl = 0.8 },
    { .name = rsa_priv_name, .fn = { z_priv, O(o_priv_f), B(b_priv_f) }, .vs_bssl = 1.5, .ops = 1 },
    { .name = rsa_pub_name, .fn = { z_pub, O(o_pub_f), B(b_pub_f) }, .vs_bssl = 1.5, .ops = 1 },
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))


static void verdict(double ratio, double target)
{
    if (ratio <= 0)
        printf(" %6s %-14s", "-", "");
    else if (target <= 0)
        printf(" %6.3f %-14s", ratio, "(report)");
    else
        printf(" %6.3f >=%-4.2f %-6s", ratio, target, ratio >= target ? "met" : "MISSED");
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    uint8_t der[8192];
    size_t der_len = sizeof(der);
    size_t r, i;

#ifdef ZC_BENCH_OPENSSL
    if (!getenv("OPENSSL_ia32cap")) {
        /* libcrypto reads the mask when it loads: set it and start again. */
        setenv("OPENSSL_ia32cap", IA32CAP_MASK, 1);
        execv("/proc/self/exe", argv);
        die("re-exec with OPENSSL_ia32cap");
    }
#endif
    if (rounds < 1 || rounds > MAX_ROUNDS)
        rounds = 9;
    for (i = 0; i < MSG; i++)
        msg[i] = (uint8_t)(i * 31 + 7);
    memcpy(out, msg, MSG);
    for (i = 0; i < 12; i++)
        iv16[i] = (uint8_t)(0xca + i);

    if (zc_aes_key_init(&zaes, key16, 16, ZC_BACKEND_SOFTWARE) ||
        zc_des_key_init(&zdes, key24, 24, ZC_BACKEND_SOFTWARE))
        die("zc key init");
    if (getenv("ZC_BENCH_RSA_BITS") && atoi(getenv("ZC_BENCH_RSA_BITS")) == 4096) {
        rsa_len = 512;
        strcpy(rsa_priv_name, "RSA-4096 private");
        strcpy(rsa_pub_name, "RSA-4096 public");
    }
    if (zc_rsa_generate(&zrsa, 8 * rsa_len, 65537) || zc_rsa_key_set_backend(&zrsa, ZC_BACKEND_SOFTWARE) ||
        zc_rsa_key_export_der(&zrsa, ZC_RSA_DER_PRIVATE_PKCS1, der, &der_len))
        die("zc rsa key");
    /* An input below the modulus (whose top byte is non-zero). */
    for (i = 0; i < rsa_len; i++)
        rsa_in[i] = (uint8_t)(i * 13 + 1);
    rsa_in[0] = 0;
#ifdef ZC_BENCH_OPENSSL
    o_setup(der, der_len);
    printf("OpenSSL: %s, OPENSSL_ia32cap=%s\n", OpenSSL_version(OPENSSL_VERSION),
           getenv("OPENSSL_ia32cap"));
#else
    printf("OpenSSL: not built in\n");
#endif
#ifdef ZC_BENCH_BEARSSL
    b_setup(der, der_len);
    printf("BearSSL: aes_ct64, ghash_ctmul64, des_ct, sha1/256/512, rsa_%s\n", b_rsa_name);
#else
    printf("BearSSL: not built in\n");
#endif
    printf("ours: libzcrypt, ZC_BACKEND_SOFTWARE\n");
    printf("%d KiB messages (RSA: op/s on one %zu-bit key), single thread, median of %d "
           "alternating rounds of ~%.0f ms CPU time each\n\n",
           MSG / 1024, 8 * rsa_len, rounds, ROUND_NS / 1e6);
    printf("%-17s %10s %10s %10s %6s %-14s %6s %-14s\n", "algorithm", "ours", "OpenSSL", "BearSSL",
           "/OSSL", "target", "/Bear", "target");

    for (r = 0; r < NROWS; r++) {
        const struct row *w = &rows[r];
        double res[NIMPL][MAX_ROUNDS], med[NIMPL] = { 0 };
        long calls[NIMPL] = { 0 };
        int k, j;

        if (argc > 2 && !strstr(w->name, argv[2]))
            continue;

        for (j = 0; j < NIMPL; j++)
            if (w->fn[j])
                calls[j] = calibrate(w->fn[j]);
        for (k = 0; k < rounds; k++)
            for (j = 0; j < NIMPL; j++) {
                int m = (j + k) % NIMPL; /* rotate who goes first */
                double t0;
                long c;

                if (!w->fn[m])
                    continue;
                t0 = now_ns();
                for (c = 0; c < calls[m]; c++)
                    w->fn[m]();
                res[m][k] = (double)calls[m] * (w->ops ? 1e9 : MSG * 1e3) / (now_ns() - t0);
            }
        for (j = 0; j < NIMPL; j++)
            if (w->fn[j]) {
                qsort(res[j], (size_t)rounds, sizeof(double), cmp_double);
                med[j] = res[j][rounds / 2];
            }
        printf("%-17s", w->name);
        for (j = 0; j < NIMPL; j++)
            if (w->fn[j])
                printf(" %10.1f", med[j]);
            else
                printf(" %10s", "-");
        verdict(med[OSSL] > 0 ? med[OURS] / med[OSSL] : 0, w->vs_ossl);
        verdict(med[BSSL] > 0 ? med[OURS] / med[BSSL] : 0, w->vs_bssl);
        printf("\n");
        fflush(stdout);
    }
    printf("\n(MB/s = 10^6 bytes per second; RSA rows in operations per second;\n"
           " ratios are ours / peer, higher is better for ours)\n");
    (void)impl_name;
    zc_rsa_key_wipe(&zrsa);
    zc_aes_key_wipe(&zaes);
    zc_des_key_wipe(&zdes);
    return 0;
}
