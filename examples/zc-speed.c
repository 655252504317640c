/*
 * zc-speed - how fast each algorithm runs on each backend, with proof of
 * which backend ran.
 *
 *   zc-speed [-a ALGS] [-b BACKENDS] [-s SIZES] [-t THREADS] [-T SECONDS]
 *            [-r REPEATS] [--format table|capacity|csv|json] [--svg FILE]
 *   zc-speed --raw [-s SIZES] [-T SECONDS] [-r ROUNDS]
 *
 * --raw: the bare instruction loop (the library's asm/ wrappers called
 * directly: KM and KMC AES-128, KLMD SHA-512) against the public API on
 * the same data and key, alternating rounds, and the API's throughput as a
 * percentage of the raw loop's. Where the machine lacks the function it
 * says so and prints no figure.
 *
 * Backends side by side: cpacf (clear keys), protected (AES keys wrapped
 * through /dev/pkey; the -pxts rows: XTS with one protected double key,
 * this column only), cex (Crypto Express, RSA), software (this library's
 * portable code) and openssl (libcrypto EVP, when found at build time;
 * the library itself never links it).
 *
 * RSA and the elliptic curves (ECDSA sign and verify, ECDH on P-256,
 * P-384, P-521; X25519 and X448; Ed25519 and Ed448 sign and verify of a
 * 32-byte message) are measured in operations per second, one "size"
 * (the modulus or f bytes). The EC keys are imported from fixed scalars
 * and seeds, not generated: import is allowed under the hardware-only
 * policy, so the cpacf column shows what a CPACF key answers (KDSA and
 * PCC where their codes are installed and self-tested, else ZC_ENOTSUP
 * with the backend query's reason) rather than the policy's refusal of
 * generation.
 *
 * Honesty: the library's statistics are read before and after each cell,
 * and a number is printed only when the requested backend executed every
 * call of the cell. A backend this machine lacks is printed as
 * "n/a: <reason>"; a cell where a call ran elsewhere fails loudly (and the
 * exit status is 1). The header names the machine's facilities.
 */
#include <zcrypt.h>
#include "zc_why.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The raw side of --raw: the instruction wrappers themselves (asm/). */
#include "asm/cpacf.h"

#ifdef ZC_SPEED_OPENSSL
#include <openssl/evp.h>
#include <openssl/rand.h>
#endif

enum kind { K_AES, K_DES, K_RC4, K_HASH, K_HMAC, K_RSA_SIGN, K_RSA_VERIFY, K_RANDOM,
            K_ECDSA_SIGN, K_ECDSA_VERIFY, K_ECDH, K_EDDSA_SIGN, K_EDDSA_VERIFY };

struct alg {
    const char *name;
    const char *family;         /* what -a takes for the group, as openssl speed does */
    enum kind kind;
    enum zc_algo algo;          /* as the backend query and the statistics name it */
    unsigned key_len;           /* AES/DES key bytes; RSA modulus bytes; EC f */
    int mode;                   /* enum zc_aes_mode; enum zc_hash_alg for hashes and HMAC;
                                   enum zc_ec_curve for EC */
    int dbl;                    /* XTS with one protected double key (full XTS, KM 90/92):
                                   the protected column only */
};

#define AES3(m, M)                                                                            \
    { .name = "aes-128-" m, .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_##M, .key_len = 16,           \
      .mode = ZC_AES_##M },                                                                   \
    { .name = "aes-192-" m, .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_##M, .key_len = 24,           \
      .mode = ZC_AES_##M },                                                                   \
    { .name = "aes-256-" m, .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_##M, .key_len = 32,           \
      .mode = ZC_AES_##M }
#define HASH(n, f, a, A) { .name = n, .family = f, .kind = K_HASH, .algo = ZC_ALGO_##A, .mode = a }
#define RSA(bits)                                                                             \
    { .name = "rsa-" #bits "-sign", .family = "rsa", .kind = K_RSA_SIGN, .algo = ZC_ALGO_RSA,                 \
      .key_len = bits / 8 },                                                                  \
    { .name = "rsa-" #bits "-verify", .family = "rsa", .kind = K_RSA_VERIFY, .algo = ZC_ALGO_RSA,             \
      .key_len = bits / 8 }

/* ECDSA on SHA-256, SHA-384, SHA-512 digests (the curves' usual pairing). */
#define ECC(c, C, f)                                                                          \
    { .name = "ecdsa-" c "-sign", .family = "ecc", .kind = K_ECDSA_SIGN,                      \
      .algo = ZC_ALGO_EC_##C, .key_len = f, .mode = ZC_EC_##C },                              \
    { .name = "ecdsa-" c "-verify", .family = "ecc", .kind = K_ECDSA_VERIFY,                  \
      .algo = ZC_ALGO_EC_##C, .key_len = f, .mode = ZC_EC_##C },                              \
    { .name = "ecdh-" c, .family = "ecc", .kind = K_ECDH, .algo = ZC_ALGO_EC_##C,             \
      .key_len = f, .mode = ZC_EC_##C }
/* X25519 and X448 agreements (RFC 7748). */
#define XDH(c, C, f)                                                                          \
    { .name = c, .family = "ecc", .kind = K_ECDH, .algo = ZC_ALGO_EC_##C, .key_len = f,       \
      .mode = ZC_EC_##C }
/* Ed25519 and Ed448 (RFC 8032, no context) over a 32-byte message. */
#define EDDSA(c, C, f)                                                                        \
    { .name = c "-sign", .family = "ecc", .kind = K_EDDSA_SIGN, .algo = ZC_ALGO_EC_##C,       \
      .key_len = f, .mode = ZC_EC_##C },                                                      \
    { .name = c "-verify", .family = "ecc", .kind = K_EDDSA_VERIFY, .algo = ZC_ALGO_EC_##C,   \
      .key_len = f, .mode = ZC_EC_##C }

static const struct alg algs[] = {
    { .name = "des-cbc", .family = "des", .kind = K_DES, .algo = ZC_ALGO_DES_CBC, .key_len = 8 },
    { .name = "tdes-128-cbc", .family = "tdes", .kind = K_DES, .algo = ZC_ALGO_DES_CBC, .key_len = 16 },
    { .name = "tdes-192-cbc", .family = "tdes", .kind = K_DES, .algo = ZC_ALGO_DES_CBC, .key_len = 24 },
    AES3("ecb", ECB), AES3("cbc", CBC), AES3("ctr", CTR),
    { .name = "aes-128-xts", .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_XTS, .key_len = 16,
      .mode = ZC_AES_XTS },
    { .name = "aes-256-xts", .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_XTS, .key_len = 32,
      .mode = ZC_AES_XTS },
    { .name = "aes-128-pxts", .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_XTS,
      .key_len = 16, .mode = ZC_AES_XTS, .dbl = 1 },
    { .name = "aes-256-pxts", .family = "aes", .kind = K_AES, .algo = ZC_ALGO_AES_XTS,
      .key_len = 32, .mode = ZC_AES_XTS, .dbl = 1 },
    AES3("gcm", GCM), AES3("cmac", CMAC), AES3("ccm", CCM),
    { .name = "rc4", .family = "rc4", .kind = K_RC4, .algo = ZC_ALGO_RC4, .key_len = 16 },
    HASH("sha1", "sha", ZC_SHA1, SHA1), HASH("sha224", "sha", ZC_SHA224, SHA224),
    HASH("sha256", "sha", ZC_SHA256, SHA256), HASH("sha384", "sha", ZC_SHA384, SHA384),
    HASH("sha512", "sha", ZC_SHA512, SHA512), HASH("sha3-256", "sha3", ZC_SHA3_256, SHA3_256),
    HASH("sha3-512", "sha3", ZC_SHA3_512, SHA3_512),
    { .name = "hmac-sha256", .family = "hmac", .kind = K_HMAC, .algo = ZC_ALGO_SHA256, .mode = ZC_SHA256 },
    { .name = "hmac-sha512", .family = "hmac", .kind = K_HMAC, .algo = ZC_ALGO_SHA512, .mode = ZC_SHA512 },
    RSA(1024), RSA(2048), RSA(3072), RSA(4096),
    ECC("p256", P256, 32), ECC("p384", P384, 48), ECC("p521", P521, 66),
    XDH("x25519", X25519, 32), XDH("x448", X448, 56),
    EDDSA("ed25519", ED25519, 32), EDDSA("ed448", ED448, 57),
    { .name = "random", .family = "random", .kind = K_RANDOM, .algo = ZC_ALGO_RANDOM },
};
#define NALGS (sizeof(algs) / sizeof(algs[0]))

/* Without -a: one or two of each family, the ones IBM Z users ask about,
 * so that the default run takes a minute or two, not twenty. */
static const char default_algs[] = "aes-128-cbc,aes-256-cbc,aes-128-ctr,aes-256-gcm,"
                                   "aes-256-xts,aes-128-cmac,tdes-192-cbc,sha1,sha256,"
                                   "sha512,sha3-256,hmac-sha256,rsa-2048,ecdsa-p256,"
                                   "ecdh-p256,random";

static int is_rsa(const struct alg *a)
{
    return a->kind == K_RSA_SIGN || a->kind == K_RSA_VERIFY;
}

static int is_ec(const struct alg *a)
{
    return a->kind == K_ECDSA_SIGN || a->kind == K_ECDSA_VERIFY || a->kind == K_ECDH ||
           a->kind == K_EDDSA_SIGN || a->kind == K_EDDSA_VERIFY;
}

/* A row whose operation is a verification: the public side's counters. */
static int is_verify(const struct alg *a)
{
    return a->kind == K_RSA_VERIFY || a->kind == K_ECDSA_VERIFY || a->kind == K_EDDSA_VERIFY;
}

/* A public-key row: one size (the key's), operations per second. */
static int is_pk(const struct alg *a)
{
    return is_rsa(a) || is_ec(a);
}

/* The key size as people name it: P-521's f is 66 bytes, Ed448's 57. */
static unsigned key_bits(const struct alg *a)
{
    if (is_ec(a) && (a->key_len == 66 || a->key_len == 57))
        return a->key_len == 66 ? 521 : 448;
    return a->key_len * 8;
}

/* The message an EdDSA row signs: 32 bytes (of key64). */
#define ED_MSG_LEN 32

/* The digest an ECDSA row signs: SHA-256, -384, -512 by curve. */
static enum zc_hash_alg ec_hash(const struct alg *a)
{
    return a->key_len == 32 ? ZC_SHA256 : a->key_len == 48 ? ZC_SHA384 : ZC_SHA512;
}

enum be { B_CPACF, B_PROT, B_CEX, B_SW, B_OSSL, NBE };
static const char *const be_names[NBE] = { "cpacf", "protected", "cex", "software", "openssl" };
/* The statistics' backend that must count a cell of each of ours. */
static const enum zc_stat_backend be_stat[NBE] = {
    [B_CPACF] = ZC_STAT_CPACF, [B_PROT] = ZC_STAT_PROTECTED, [B_CEX] = ZC_STAT_CEX,
    [B_SW] = ZC_STAT_SOFTWARE, [B_OSSL] = ZC_STAT_SOFTWARE,
};

enum status { ST_OK, ST_NA, ST_FAIL };

struct cell {
    unsigned alg, be, threads;
    size_t size;                /* bytes per call; RSA: the modulus */
    enum status st;
    char reason[200];
    double ops, bytes;          /* per second, median of the repeats */
    double ops_min, ops_max;    /* the spread: the slowest and the fastest repeat */
    int hidden;                 /* in a row n/a in every column, not printed by default */
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

static const uint8_t key64[64] = {
    0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
    0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4,
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01,
    0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x23, 0x13, 0x57, 0x9b, 0xdf, 0x02, 0x46, 0x8a, 0xce,
};

static zc_rsa_key rsa_keys[4];          /* 1024, 2048, 3072, 4096 bits, made when needed */
static int rsa_made[4];

/* ---- one thread's context for one cell ----------------------------------- */

struct ctx {
    const struct alg *a;
    unsigned be;
    zc_aes_key k, k2;
    zc_des_key dk;
    zc_rc4_ctx rc4;
    zc_rsa_key *rsa;
    zc_ec_key eck, eck_peer;
    uint8_t sig[512];
    size_t sig_len;
#ifdef ZC_SPEED_OPENSSL
    EVP_CIPHER_CTX *ec;
    EVP_CIPHER *cipher;
    const EVP_MD *md;
#endif
};

static int rsa_index(unsigned key_len)
{
    switch (key_len * 8) {
    case 1024: return 0;
    case 2048: return 1;
    case 3072: return 2;
    default:   return 3;
    }
}

__attribute__((format(printf, 3, 4)))
static void na(char *reason, size_t n, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(reason, n, fmt, ap);
    va_end(ap);
}

/* The backend query's reason why AUTO does not run the algorithm on CPACF. */
static void query_reason(const struct alg *a, char *reason, size_t n)
{
    struct zc_backend_info bi;

    if (zc_backend_query(a->algo, a->key_len, &bi) != ZC_OK)
        na(reason, n, "the backend query does not know %s", a->name);
    else if (a->algo == ZC_ALGO_RSA)
        na(reason, n, "CPACF has no RSA: it runs on a Crypto Express adapter (-b cex) "
           "or in software");
    else if (bi.reason == ZC_REASON_SOFTWARE_ONLY || bi.reason == ZC_REASON_NOT_S390X ||
             bi.reason == ZC_REASON_NO_STFLE || bi.insn == ZC_INSN_COUNT)
        na(reason, n, "%s", zc_reason_str(bi.reason));
    else
        na(reason, n, "%s (%s %s)", zc_reason_str(bi.reason), zc_insn_name(bi.insn),
           zc_cpacf_fc_name(bi.insn, bi.fc) ? zc_cpacf_fc_name(bi.insn, bi.fc) : "?");
}

#ifdef ZC_SPEED_OPENSSL
static EVP_CIPHER *ossl_cipher(const struct alg *a)
{
    static const char *const modes[] = { [ZC_AES_ECB] = "ECB", [ZC_AES_CBC] = "CBC",
                                         [ZC_AES_CTR] = "CTR", [ZC_AES_XTS] = "XTS",
                                         [ZC_AES_GCM] = "GCM" };
    char name[32];

    if (a->kind == K_DES)
        return EVP_CIPHER_fetch(NULL, a->key_len == 8 ? "DES-CBC" : a->key_len == 16
                                ? "DES-EDE-CBC" : "DES-EDE3-CBC", NULL);
    if (a->kind == K_RC4)
        return EVP_CIPHER_fetch(NULL, "RC4", NULL);
    if (a->kind != K_AES || a->mode == ZC_AES_CMAC || a->mode == ZC_AES_CCM)
        return NULL;
    snprintf(name, sizeof name, "AES-%u-%s", a->key_len * 8, modes[a->mode]);
    return EVP_CIPHER_fetch(NULL, name, NULL);
}
#endif

static int run_op(struct ctx *c, uint8_t *buf, size_t size);

/* Prepare c for a cell; ZC_OK, or a reason for n/a. */
static int ctx_init(struct ctx *c, const struct alg *a, unsigned be, char *reason, size_t n)
{
    enum zc_backend zb = be == B_SW ? ZC_BACKEND_SOFTWARE : ZC_BACKEND_CPACF;
    int rc = ZC_OK;

    memset(c, 0, sizeof(*c));
    c->a = a;
    c->be = be;
    if (a->dbl && be != B_PROT) {
        na(reason, n, "a protected XTS double key exists in the protected column only");
        return ZC_ENOTSUP;
    }
    if (be == B_OSSL) {
#ifdef ZC_SPEED_OPENSSL
        if (a->kind == K_AES && a->mode == ZC_AES_CMAC) {
            na(reason, n, "CMAC is not measured through OpenSSL by this version");
            return ZC_ENOTSUP;
        }
        if (a->kind == K_AES && a->mode == ZC_AES_CCM) {
            na(reason, n, "CCM is not measured through OpenSSL by this version");
            return ZC_ENOTSUP;
        }
        if (a->kind == K_RSA_SIGN || a->kind == K_RSA_VERIFY) {
            na(reason, n, "RSA is not measured through OpenSSL by this version");
            return ZC_ENOTSUP;
        }
        if (is_ec(a)) {
            na(reason, n, "ECDSA, ECDH and EdDSA are not measured through OpenSSL by this "
               "version");
            return ZC_ENOTSUP;
        }
        if (a->kind == K_HASH || a->kind == K_HMAC) {
            c->md = EVP_get_digestbyname(a->mode == ZC_SHA1 ? "SHA1" : a->mode == ZC_SHA224
                                         ? "SHA224" : a->mode == ZC_SHA256 ? "SHA256"
                                         : a->mode == ZC_SHA384 ? "SHA384" : a->mode == ZC_SHA512
                                         ? "SHA512" : a->mode == ZC_SHA3_256 ? "SHA3-256"
                                         : "SHA3-512");
            return c->md ? ZC_OK : (na(reason, n, "libcrypto has no %s", a->name), ZC_ENOTSUP);
        }
        if (a->kind == K_RANDOM)
            return ZC_OK;
        c->cipher = ossl_cipher(a);
        c->ec = EVP_CIPHER_CTX_new();
        if (c->cipher == NULL || c->ec == NULL ||
            !EVP_EncryptInit_ex(c->ec, c->cipher, NULL, key64, key64 + 32)) {
            na(reason, n, "libcrypto has no %s here (legacy provider not loaded?)", a->name);
            return ZC_ENOTSUP;
        }
        return ZC_OK;
#else
        na(reason, n, "zc-speed was built without OpenSSL libcrypto");
        return ZC_ENOTSUP;
#endif
    }
    if (be == B_CEX) {
        if (a->kind != K_RSA_SIGN && a->kind != K_RSA_VERIFY) {
            na(reason, n, "Crypto Express is used for RSA only");
            return ZC_ENOTSUP;
        }
        if (!rsa_made[rsa_index(a->key_len)]) {
            na(reason, n, "no RSA key");
            return ZC_ENOTSUP;
        }
        {
            zc_rsa_key *k = &rsa_keys[rsa_index(a->key_len)];
            char q[120];

            rc = zc_rsa_key_set_backend(k, ZC_BACKEND_CEX);
            if (rc == ZC_OK) {
                c->rsa = k;
                return ZC_OK;
            }
            query_reason(a, q, sizeof q);
            na(reason, n, "no Crypto Express adapter takes RSA keys here: %s; %s",
               zc_strerror(rc), q);
            return rc;
        }
    }
    if (be == B_PROT && a->kind != K_AES) {
        na(reason, n, "protected keys are AES keys");
        return ZC_ENOTSUP;
    }
    switch (a->kind) {
    case K_AES:
        if (be == B_PROT && a->dbl) {
            rc = zc_aes_xts_key_init_protected(&c->k, key64, 2 * (size_t)a->key_len);
            if (rc != ZC_OK) {
                na(reason, n, "no protected XTS double key (KM 90/92, /dev/pkey): %s",
                   zc_strerror(rc));
                return rc;
            }
        } else if (be == B_PROT) {
            rc = zc_aes_key_init_protected(&c->k, key64, a->key_len);
            if (rc == ZC_OK && a->mode == ZC_AES_XTS)
                rc = zc_aes_key_init_protected(&c->k2, key64 + 32, a->key_len);
            if (rc != ZC_OK) {
                na(reason, n, "the kernel wraps no protected key (/dev/pkey): %s",
                   zc_strerror(rc));
                return rc;
            }
        } else {
            rc = zc_aes_key_init(&c->k, key64, a->key_len, zb);
            if (rc == ZC_OK && a->mode == ZC_AES_XTS)
                rc = zc_aes_key_init(&c->k2, key64 + 32, a->key_len, zb);
        }
        if (rc == ZC_OK && be != B_SW &&
            zc_aes_mode_backend(&c->k, (enum zc_aes_mode)a->mode) != ZC_BACKEND_CPACF)
            rc = ZC_ENOTSUP;
        break;
    case K_DES:
        rc = zc_des_key_init(&c->dk, key64, a->key_len, zb);
        if (rc == ZC_OK && be == B_CPACF) {
            struct zc_backend_info bi;

            zc_backend_query(ZC_ALGO_DES_CBC, a->key_len, &bi);
            rc = bi.backend == ZC_BACKEND_CPACF ? ZC_OK : ZC_ENOTSUP;
        }
        break;
    case K_RC4:
        rc = be == B_SW ? zc_rc4_init(&c->rc4, key64, a->key_len) : ZC_ENOTSUP;
        break;
    case K_HASH:
    case K_HMAC: {
        zc_hash_ctx h;

        rc = zc_hash_init(&h, (enum zc_hash_alg)a->mode, zb);
        zc_hash_wipe(&h);
        break;
    }
    case K_RSA_SIGN:
    case K_RSA_VERIFY:
        if (be != B_SW) {
            rc = ZC_ENOTSUP;
            break;
        }
        c->rsa = &rsa_keys[rsa_index(a->key_len)];
        if (!rsa_made[rsa_index(a->key_len)] ||
            zc_rsa_key_set_backend(c->rsa, ZC_BACKEND_SOFTWARE) != ZC_OK) {
            na(reason, n, "no RSA key");
            return ZC_ENOTSUP;
        }
        c->sig_len = sizeof c->sig;
        rc = zc_rsa_pkcs1v15_sign(c->rsa, ZC_SHA256, key64, c->sig, &c->sig_len);
        break;
    case K_ECDSA_SIGN:
    case K_ECDSA_VERIFY:
    case K_ECDH:
    case K_EDDSA_SIGN:
    case K_EDDSA_VERIFY: {
        /* Fixed scalars and seeds (below n on every NIST curve: the top
         * byte is 0), the signature made on a software key, then the
         * column's backend and one call: a CPACF key answers ZC_ENOTSUP
         * where its function code is missing. */
        uint8_t d[66];
        size_t i, len = sizeof c->sig;

        for (i = 0; i < a->key_len; i++)
            d[i] = key64[i % 64];
        d[0] = 0;
        rc = zc_ec_key_from_private(&c->eck, (enum zc_ec_curve)a->mode, d, a->key_len);
        if (rc != ZC_OK) {
            /* the library's own answer for a curve it makes no keys of */
            na(reason, n, "the library makes no %s key: %s", zc_algo_name(a->algo),
               zc_strerror(rc));
            return rc;
        }
        d[1] ^= 0xff;
        if (a->kind == K_ECDH)
            rc = zc_ec_key_from_private(&c->eck_peer, (enum zc_ec_curve)a->mode, d, a->key_len);
        if (rc == ZC_OK)
            rc = zc_ec_key_set_backend(&c->eck, ZC_BACKEND_SOFTWARE);
        if (rc == ZC_OK && a->kind == K_ECDSA_VERIFY)
            rc = zc_ecdsa_sign_deterministic(&c->eck, ec_hash(a), key64, c->sig, &len);
        if (rc == ZC_OK && a->kind == K_EDDSA_VERIFY)
            rc = zc_eddsa_sign(&c->eck, key64, ED_MSG_LEN, c->sig, &len);
        c->sig_len = len;
        if (rc == ZC_OK)
            rc = zc_ec_key_set_backend(&c->eck, zb);
        if (rc == ZC_OK) {
            uint8_t out[1];

            rc = run_op(c, out, 0);
        }
        break;                  /* a refusal: the query's reason, below */
    }
    case K_RANDOM: {
        /* zc_random_bytes() has no backend choice: one column measures it. */
        struct zc_backend_info bi;

        zc_backend_query(ZC_ALGO_RANDOM, 0, &bi);
        if ((bi.backend == ZC_BACKEND_CPACF) != (be == B_CPACF)) {
            na(reason, n, "the library's random bytes are getrandom()%s here, with no "
               "backend to choose", bi.backend == ZC_BACKEND_CPACF ? " XOR PRNO-TRNG" : " only");
            return ZC_ENOTSUP;
        }
        break;
    }
    }
    if (rc == ZC_ENOTSUP && be == B_CPACF)
        query_reason(a, reason, n);
    else if (rc != ZC_OK)
        na(reason, n, "%s", zc_why(rc, a->algo, a->key_len));
    return rc;
}

/* 1 and a reason when the mode cannot take size bytes per call. */
static int size_reason(const struct alg *a, size_t size, char *reason, size_t n)
{
    if (a->kind == K_AES && a->mode == ZC_AES_XTS && size < 16) {
        /* XTS steals ciphertext for a partial last block, but needs a full one */
        na(reason, n, "XTS takes at least 16 bytes, not %zu", size);
        return 1;
    }
    if ((a->kind == K_AES && (a->mode == ZC_AES_ECB || a->mode == ZC_AES_CBC) && size % 16) ||
        (a->kind == K_DES && size % 8)) {
        na(reason, n, "%zu bytes is not whole %u-byte blocks", size, a->kind == K_DES ? 8 : 16);
        return 1;
    }
    return 0;
}

static void ctx_wipe(struct ctx *c);

/* Before anything is measured: can this backend run this algorithm here?
 * ZC_OK, or a reason for n/a. RSA keys are made only when measured, so the
 * RSA rows ask the backend query instead of a key. */
static int probe(const struct alg *a, unsigned be, char *reason, size_t n)
{
    struct ctx c;
    int rc;

    if (is_rsa(a) && be == B_SW)
        return ZC_OK;
    if (is_rsa(a) && be == B_CPACF) {
        na(reason, n, "CPACF has no RSA function; RSA runs in software or on Crypto Express");
        return ZC_ENOTSUP;
    }
    if (is_rsa(a) && be == B_CEX) {
        struct zc_backend_info bi;

        if (zc_backend_query(a->algo, a->key_len, &bi) == ZC_OK &&
            bi.backend == ZC_BACKEND_CEX)
            return ZC_OK;
        na(reason, n, "no Crypto Express adapter takes RSA keys here: %s",
           zc_reason_str(bi.reason));
        return ZC_ENOTSUP;
    }
    rc = ctx_init(&c, a, be, reason, n);
    ctx_wipe(&c);
    return rc;
}

static void ctx_wipe(struct ctx *c)
{
    zc_aes_key_wipe(&c->k);
    zc_aes_key_wipe(&c->k2);
    zc_des_key_wipe(&c->dk);
    zc_rc4_wipe(&c->rc4);
    zc_ec_key_wipe(&c->eck);
    zc_ec_key_wipe(&c->eck_peer);
#ifdef ZC_SPEED_OPENSSL
    EVP_CIPHER_CTX_free(c->ec);
    if (c->cipher)
        EVP_CIPHER_free(c->cipher);
#endif
}

/* One call of the cell's operation over size bytes of buf. */
static int run_op(struct ctx *c, uint8_t *buf, size_t size)
{
    const struct alg *a = c->a;
    enum zc_backend zb = c->be == B_SW ? ZC_BACKEND_SOFTWARE : ZC_BACKEND_CPACF;
    uint8_t iv[16] = { 0 }, tag[64];

#ifdef ZC_SPEED_OPENSSL
    if (c->be == B_OSSL) {
        int outl;
        unsigned int mdl;

        if (a->kind == K_HASH)
            return EVP_Digest(buf, size, tag, &mdl, c->md, NULL) ? ZC_OK : ZC_EDEVICE;
        if (a->kind == K_HMAC) {
            size_t ml;

            return EVP_Q_mac(NULL, "HMAC", NULL, EVP_MD_get0_name(c->md), NULL, key64, 32,
                             buf, size, tag, sizeof tag, &ml) ? ZC_OK : ZC_EDEVICE;
        }
        if (a->kind == K_RANDOM)
            return RAND_bytes(buf, (int)size) == 1 ? ZC_OK : ZC_EDEVICE;
        if (!EVP_EncryptInit_ex(c->ec, NULL, NULL, NULL, key64 + 32) ||
            !EVP_EncryptUpdate(c->ec, buf, &outl, buf, (int)size))
            return ZC_EDEVICE;
        if (a->kind == K_AES && a->mode == ZC_AES_GCM &&
            (!EVP_EncryptFinal_ex(c->ec, tag, &outl) ||
             !EVP_CIPHER_CTX_ctrl(c->ec, EVP_CTRL_GCM_GET_TAG, 16, tag)))
            return ZC_EDEVICE;
        return ZC_OK;
    }
#endif
    switch (a->kind) {
    case K_AES:
        switch (a->mode) {
        case ZC_AES_ECB:  return zc_aes_ecb_encrypt(&c->k, buf, buf, size);
        case ZC_AES_CBC:  return zc_aes_cbc_encrypt(&c->k, iv, buf, buf, size);
        case ZC_AES_CTR:  return zc_aes_ctr_crypt(&c->k, iv, buf, buf, size);
        case ZC_AES_XTS:  /* a protected double key is both keys */
            return zc_aes_xts_encrypt(&c->k, c->a->dbl ? NULL : &c->k2, iv, buf, buf, size);
        case ZC_AES_GCM:
            return zc_aes_gcm_encrypt(&c->k, iv, 12, NULL, 0, buf, buf, size, tag, 16);
        case ZC_AES_CCM:  /* an 11-byte nonce: payloads up to 4 GiB */
            return zc_aes_ccm_encrypt(&c->k, iv, 11, NULL, 0, buf, buf, size, tag, 16);
        default:          return zc_aes_cmac(&c->k, buf, size, tag, 16);
        }
    case K_DES:
        return zc_des_cbc_encrypt(&c->dk, iv, buf, buf, size);
    case K_RC4:
        return zc_rc4_crypt(&c->rc4, buf, buf, size);
    case K_HASH: {
        zc_hash_ctx h;
        int rc = zc_hash_init(&h, (enum zc_hash_alg)a->mode, zb);

        if (rc == ZC_OK)
            rc = zc_hash_update(&h, buf, size);
        return rc == ZC_OK ? zc_hash_final(&h, tag, zc_hash_size((enum zc_hash_alg)a->mode))
                           : rc;
    }
    case K_HMAC: {
        zc_hmac_ctx h;
        int rc = zc_hmac_init(&h, (enum zc_hash_alg)a->mode, key64, 32, zb);

        if (rc == ZC_OK)
            rc = zc_hmac_update(&h, buf, size);
        return rc == ZC_OK ? zc_hmac_final(&h, tag, zc_hash_size((enum zc_hash_alg)a->mode))
                           : rc;
    }
    case K_RSA_SIGN: {
        size_t len = sizeof c->sig;

        return zc_rsa_pkcs1v15_sign(c->rsa, ZC_SHA256, key64, c->sig, &len);
    }
    case K_RSA_VERIFY:
        return zc_rsa_pkcs1v15_verify(c->rsa, ZC_SHA256, key64, c->sig, c->sig_len);
    case K_RANDOM:
        return zc_random_bytes(buf, size);
    case K_ECDSA_SIGN: {
        size_t len = sizeof c->sig;

        return zc_ecdsa_sign(&c->eck, ec_hash(a), key64, c->sig, &len);
    }
    case K_ECDSA_VERIFY:
        return zc_ecdsa_verify(&c->eck, ec_hash(a), key64, c->sig, c->sig_len);
    case K_ECDH: {
        uint8_t z[ZC_EC_MAX_FIELD];
        size_t len = sizeof z;

        return zc_ecdh(&c->eck, &c->eck_peer, z, &len);
    }
    case K_EDDSA_SIGN: {
        size_t len = sizeof c->sig;

        return zc_eddsa_sign(&c->eck, key64, ED_MSG_LEN, c->sig, &len);
    }
    case K_EDDSA_VERIFY:
        return zc_eddsa_verify(&c->eck, key64, ED_MSG_LEN, c->sig, c->sig_len);
    }
    return ZC_EINVAL;
}

/* ---- timing -------------------------------------------------------------- */

struct worker {
    pthread_t t;
    struct ctx c;
    size_t size;
    volatile int *stop;
    uint64_t ops;
    int rc;
};

static void *work(void *arg)
{
    struct worker *w = arg;
    uint8_t *buf = calloc(1, w->size ? w->size : 1);

    if (buf == NULL) {
        w->rc = ZC_ENOMEM;
        return NULL;
    }
    /* At least one operation per round: on a loaded machine a thread may
       start only after a short round has ended, and a rate of 0 is a
       measurement of the scheduler, not of the operation. */
    do {
        w->rc = run_op(&w->c, buf, w->size);
        if (w->rc != ZC_OK)
            break;
        w->ops++;
    } while (!*w->stop && !interrupted);
    free(buf);
    return NULL;
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_for(double s)
{
    struct timespec ts = { .tv_sec = (time_t)s, .tv_nsec = (long)((s - (time_t)s) * 1e9) };

    while (nanosleep(&ts, &ts) != 0 && errno == EINTR && !interrupted)
        ;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return a < b ? -1 : a > b;
}

/* Calls the statistics must show per operation of a cell (0: not ours). */
static unsigned stat_calls_per_op(const struct alg *a, unsigned be)
{
    if (be == B_OSSL)
        return 0;
    return a->kind == K_HMAC ? 2 : 1;   /* HMAC: the inner and the outer hash */
}

static int stat_row(const struct alg *a)
{
    return zc_stat_id(a->algo, a->key_len);
}

static void measure(struct cell *cl, unsigned threads, double secs, unsigned repeats)
{
    const struct alg *a = &algs[cl->alg];
    struct worker *w = calloc(threads, sizeof(*w));
    static struct zc_stats before, after;
    double rates[32];
    unsigned i, r, got = 0, per_op = stat_calls_per_op(a, cl->be);
    unsigned dir = is_verify(a);
    int row = stat_row(a);

    if (w == NULL) {
        cl->st = ST_FAIL;
        na(cl->reason, sizeof cl->reason, "out of memory");
        return;
    }
    for (i = 0; i < threads; i++) {
        if (ctx_init(&w[i].c, a, cl->be, cl->reason, sizeof cl->reason) != ZC_OK) {
            unsigned j;

            cl->st = ST_NA;
            for (j = 0; j <= i; j++)
                ctx_wipe(&w[j].c);
            free(w);
            return;
        }
        w[i].size = cl->size;
    }
    for (r = 0; r <= repeats && !interrupted; r++) {   /* round 0: the warm-up */
        volatile int stop = 0;
        double t0, t1, dur = r == 0 ? secs / 4 : secs;
        uint64_t ops = 0;

        zc_stats_snapshot(&before);
        t0 = now();
        for (i = 0; i < threads; i++) {
            w[i].stop = &stop;
            w[i].ops = 0;
            w[i].rc = ZC_OK;
            pthread_create(&w[i].t, NULL, work, &w[i]);
        }
        sleep_for(dur);
        stop = 1;
        for (i = 0; i < threads; i++) {
            pthread_join(w[i].t, NULL);
            ops += w[i].ops;
            if (w[i].rc != ZC_OK && cl->st == ST_OK) {
                cl->st = ST_FAIL;
                na(cl->reason, sizeof cl->reason, "a call failed: %s",
                   zc_why(w[i].rc, a->algo, a->key_len));
            }
        }
        t1 = now();
        zc_stats_snapshot(&after);
        if (cl->st != ST_OK)
            break;
        if (per_op && row >= 0) {
            /* Every call on the requested backend, none anywhere else. */
            const struct zc_stat_cell *b0 = before.cell[row][be_stat[cl->be]];
            const struct zc_stat_cell *a0 = after.cell[row][be_stat[cl->be]];
            uint64_t mine = a0[dir].calls - b0[dir].calls, other = 0;
            unsigned b;

            for (b = 0; b < ZC_STAT_BACKENDS; b++)
                if (b != be_stat[cl->be])
                    other += after.cell[row][b][dir].calls - before.cell[row][b][dir].calls;
            if (mine != ops * per_op || other != 0) {
                cl->st = ST_FAIL;
                na(cl->reason, sizeof cl->reason,
                   "FELL BACK: %llu of %llu calls counted on %s, %llu elsewhere",
                   (unsigned long long)mine, (unsigned long long)(ops * per_op),
                   zc_stat_backend_name(be_stat[cl->be]), (unsigned long long)other);
                break;
            }
        }
        if (r > 0 && got < 32 && t1 > t0)
            rates[got++] = ops / (t1 - t0);
    }
    for (i = 0; i < threads; i++)
        ctx_wipe(&w[i].c);
    free(w);
    if (cl->st != ST_OK)
        return;
    if (got == 0) {
        cl->st = ST_NA;
        na(cl->reason, sizeof cl->reason, "interrupted before it was measured");
        return;
    }
    qsort(rates, got, sizeof(rates[0]), cmp_double);
    cl->ops = rates[got / 2];
    cl->bytes = cl->ops * (double)cl->size;
    cl->ops_min = rates[0];
    cl->ops_max = rates[got - 1];
}

/* ---- output -------------------------------------------------------------- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    }
    fputc('"', f);
}

static const char *const fac_names[][2] = {
    { "17", "MSA" }, { "76", "MSA-3" }, { "77", "MSA-4" }, { "57", "MSA-5" },
    { "146", "MSA-8" }, { "155", "MSA-9" }, { "86", "MSA-12" },
};
#define NFAC (sizeof(fac_names) / sizeof(fac_names[0]))

static void header(FILE *f)
{
    unsigned i;

    fprintf(f, "zc-speed (libzcrypt %s)\n", zc_version());
    if (!zc_cpacf_present()) {
        fprintf(f, "machine: no CPACF (%s): the cpacf and protected columns are n/a\n",
#if defined(__s390x__)
                "the kernel offers no STFLE"
#else
                "not an IBM Z machine"
#endif
        );
    } else {
        fprintf(f, "machine: CPACF facilities:");
        for (i = 0; i < NFAC; i++)
            fprintf(f, " %s=%s", fac_names[i][1],
                    zc_facility((unsigned)atoi(fac_names[i][0])) ? "yes" : "no");
        fprintf(f, "\n");
    }
    fprintf(f, "ZCRYPT_CAPS: %s; policy: %s\n",
            zc_caps_setting() ? zc_caps_setting() : "(unset)",
            zc_policy_get() == ZC_POLICY_HW_ONLY ? "hw-only" : "any");
    fprintf(f, "Every number is backed by the library's statistics: the requested backend ran "
               "every call.\n");
}

static int same_row(const struct cell *x, const struct cell *y)
{
    return x->alg == y->alg && x->be == y->be && x->threads == y->threads;
}

/* Marks the rows n/a in every column as hidden and writes one line that
 * says how many there are per backend and the most common reason; returns
 * how many. */
static unsigned hide_na_rows(struct cell *cl, size_t n, char *line, size_t len)
{
    unsigned total = 0, b, first = 1;
    size_t i, j, used;

    for (i = 0; i < n; i = j) {
        int all = 1;

        for (j = i; j < n && same_row(&cl[j], &cl[i]); j++)
            all &= cl[j].st == ST_NA;
        if (!all)
            continue;
        for (j = i; j < n && same_row(&cl[j], &cl[i]); j++)
            cl[j].hidden = 1;
        total++;
    }
    used = (size_t)snprintf(line, len, "not shown: %u row%s n/a here (--show-na lists them):",
                            total, total == 1 ? "" : "s");
    for (b = 0; b < NBE && used < len; b++) {
        const char *why = NULL;
        unsigned rows = 0, best = 0, distinct = 0;

        for (i = 0; i < n; i++) {       /* the first cell of each hidden row of b */
            unsigned same = 0;

            if (cl[i].be != b || !cl[i].hidden || (i > 0 && same_row(&cl[i - 1], &cl[i])))
                continue;
            rows++;
            for (j = 0; j < n; j++)
                if (cl[j].be == b && cl[j].hidden && !(j > 0 && same_row(&cl[j - 1], &cl[j])) &&
                    strcmp(cl[j].reason, cl[i].reason) == 0) {
                    if (j < i)
                        break;          /* counted at its first row */
                    same++;
                }
            if (j < n)
                continue;
            distinct++;
            if (same > best) {
                best = same;
                why = cl[i].reason;
            }
        }
        if (rows == 0)
            continue;
        used += (size_t)snprintf(line + used, len - used, "%s %s %u (%s%s)", first ? "" : ";",
                                 be_names[b], rows, why,
                                 distinct > 1 ? ", and other reasons" : "");
        first = 0;
    }
    return total;
}

/* The reasons of the n/a cells of a table, numbered in the order seen. */
struct notes {
    const char *reason[64];
    unsigned n;
};

static unsigned note_of(struct notes *nt, const char *reason)
{
    unsigned i;

    for (i = 0; i < nt->n; i++)
        if (strcmp(nt->reason[i], reason) == 0)
            return i + 1;
    if (nt->n == 64)
        return 0;
    nt->reason[nt->n++] = reason;
    return nt->n;
}

static void print_table(const struct cell *cl, size_t n, const unsigned *thr, unsigned nthr,
                        const size_t *sizes, unsigned nsizes)
{
    unsigned t, s;
    size_t i, j;

    header(stdout);
    for (t = 0; t < nthr; t++) {
        struct notes nt = { .n = 0 };

        printf("\n%u thread%s. The numbers are in 1000s of bytes per second processed "
               "(RSA and EC: operations per second),\nthe median (the slowest-the fastest) of the "
               "measurements.\n%-26s", thr[t], thr[t] > 1 ? "s" : "", "type");
        for (s = 0; s < nsizes; s++)
            printf(" %23zu bytes", sizes[s]);
        printf("\n");
        for (i = 0; i < n; i++) {
            char label[64];
            int all_na = 1;

            if (cl[i].threads != thr[t] || (i > 0 && same_row(&cl[i - 1], &cl[i])) ||
                cl[i].hidden)
                continue;
            snprintf(label, sizeof label, "%s/%s", algs[cl[i].alg].name, be_names[cl[i].be]);
            printf("%-26s", label);
            /* one reason for the whole row only when every column has it */
            for (j = i; j < n && same_row(&cl[j], &cl[i]); j++)
                all_na &= cl[j].st != ST_OK && strcmp(cl[j].reason, cl[i].reason) == 0 &&
                          cl[j].st == cl[i].st;
            if (all_na) {
                printf(" %s: %s\n", cl[i].st == ST_NA ? "n/a" : "FAILED", cl[i].reason);
                continue;
            }
            for (j = i; j < n && same_row(&cl[j], &cl[i]); j++) {
                char v[64];

                if (cl[j].st != ST_OK)
                    snprintf(v, sizeof v, "%s[%u]", cl[j].st == ST_NA ? "n/a" : "FAILED",
                             note_of(&nt, cl[j].reason));
                else if (is_pk(&algs[cl[j].alg]))
                    snprintf(v, sizeof v, "%.1f/s (%.1f-%.1f)", cl[j].ops, cl[j].ops_min,
                             cl[j].ops_max);
                else
                    snprintf(v, sizeof v, "%.2fk (%.0f-%.0f)", cl[j].bytes / 1000,
                             cl[j].ops_min * (double)cl[j].size / 1000,
                             cl[j].ops_max * (double)cl[j].size / 1000);
                printf(" %29s", v);
            }
            printf("\n");
        }
        for (s = 0; s < nt.n; s++)
            printf("[%u] %s\n", s + 1, nt.reason[s]);
    }
}

static void print_rows(const struct cell *cl, size_t n, int csv)
{
    size_t i;

    if (!csv)
        header(stdout);
    printf(csv ? "algorithm,backend,threads,key_bits,transaction_bytes,transactions_per_s,"
                 "bytes_per_s,transactions_per_s_min,transactions_per_s_max,status\n"
               : "\n%-18s %-9s %7s %8s %11s %16s %18s  %s\n",
           "algorithm", "backend", "threads", "key bits", "transaction", "transactions/s",
           "bytes/s", "transactions/s min-max");
    for (i = 0; i < n; i++) {
        const struct alg *a = &algs[cl[i].alg];
        unsigned bits = key_bits(a);

        if (!csv && cl[i].hidden)
            continue;
        if (csv) {
            printf("%s,%s,%u,%u,%zu,", a->name, be_names[cl[i].be], cl[i].threads, bits,
                   cl[i].size);
            if (cl[i].st == ST_OK)
                printf("%.1f,%.1f,%.1f,%.1f,ok\n", cl[i].ops, cl[i].bytes, cl[i].ops_min,
                       cl[i].ops_max);
            else
                printf(",,,,\"%s: %s\"\n", cl[i].st == ST_NA ? "n/a" : "FAILED",
                       cl[i].reason);
        } else if (cl[i].st == ST_OK) {
            printf("%-18s %-9s %7u %8u %11zu %16.1f %18.1f  %.1f-%.1f\n", a->name,
                   be_names[cl[i].be], cl[i].threads, bits, cl[i].size, cl[i].ops, cl[i].bytes,
                   cl[i].ops_min, cl[i].ops_max);
        } else {
            printf("%-18s %-9s %7u %8u %11zu %s: %s\n", a->name, be_names[cl[i].be],
                   cl[i].threads, bits, cl[i].size, cl[i].st == ST_NA ? "n/a" : "FAILED",
                   cl[i].reason);
        }
    }
}

static void print_json(const struct cell *cl, size_t n, int partial)
{
    size_t i;
    unsigned f;

    printf("{\n  \"version\": ");
    json_string(stdout, zc_version());
    printf(",\n  \"cpacf\": %s,\n  \"facilities\": {", zc_cpacf_present() ? "true" : "false");
    for (f = 0; f < NFAC; f++)
        printf("%s\"%s\": %s", f ? ", " : "", fac_names[f][1],
               zc_facility((unsigned)atoi(fac_names[f][0])) ? "true" : "false");
    printf("},\n  \"policy\": \"%s\",\n  \"interrupted\": %s,\n  \"cells\": [\n",
           zc_policy_get() == ZC_POLICY_HW_ONLY ? "hw-only" : "any", partial ? "true" : "false");
    for (i = 0; i < n; i++) {
        const struct alg *a = &algs[cl[i].alg];

        printf("    {\"algorithm\": \"%s\", \"backend\": \"%s\", \"threads\": %u, "
               "\"key_bits\": %u, \"size\": %zu, \"status\": \"%s\"", a->name,
               be_names[cl[i].be], cl[i].threads, key_bits(a), cl[i].size,
               cl[i].st == ST_OK ? "ok" : cl[i].st == ST_NA ? "n/a" : "failed");
        if (cl[i].st == ST_OK)
            printf(", \"ops_per_s\": %.3f, \"bytes_per_s\": %.3f, \"ops_per_s_min\": %.3f, "
                   "\"ops_per_s_max\": %.3f}", cl[i].ops, cl[i].bytes, cl[i].ops_min,
                   cl[i].ops_max);
        else {
            printf(", \"reason\": ");
            json_string(stdout, cl[i].reason);
            printf("}");
        }
        printf("%s\n", i + 1 < n ? "," : "");
    }
    printf("  ]\n}\n");
}

/* ---- the SVG chart ------------------------------------------------------- */

/* Layout: the label column, the plot (one log axis per unit, shared by all
 * its rows), room for the value labels after the longest bar. */
enum { SVG_W = 960, SVG_X0 = 150, SVG_PW = 700, SVG_BAR = 8, SVG_GAP = 2 };

static const char *const svg_colors[NBE] = { "#1f77b4", "#9467bd", "#8c564b", "#ff7f0e",
                                             "#2ca02c" };

static double svg_value(const struct cell *c, double ops)
{
    return is_pk(&algs[c->alg]) ? ops : ops * (double)c->size / 1e6;
}

static void svg_text(FILE *f, const char *s, size_t max)
{
    size_t i;

    for (i = 0; s[i] && i < max; i++) {
        if (s[i] == '<')
            fputs("&lt;", f);
        else if (s[i] == '>')
            fputs("&gt;", f);
        else if (s[i] == '&')
            fputs("&amp;", f);
        else if (s[i] == '"')
            fputs("&quot;", f);
        else
            fputc(s[i], f);
    }
    if (s[i])
        fputs("...", f);
}

/* log10 and powers of ten without libm, which the build does not link:
 * only for placing bars, so a few digits suffice. */
static double lg10(double v)
{
    double e = 0, z, z2, sum = 0, term;
    int i;

    if (!(v > 0))
        return 0;
    while (v >= 10)
        v /= 10, e++;
    while (v < 1)
        v *= 10, e--;
    z = (v - 1) / (v + 1);              /* ln v = 2 atanh z, |z| < 0.82 */
    z2 = z * z;
    term = z;
    for (i = 1; i < 200; i += 2) {
        sum += term / i;
        term *= z2;
    }
    return e + 2 * sum / 2.302585092994046;
}

static double pow10_floor(double v)     /* the power of ten at or below v */
{
    double p = 1;

    while (p > v)
        p /= 10;
    while (p * 10 <= v)
        p *= 10;
    return p;
}

static double svg_x(double v, double lo, double decades)
{
    double x = SVG_X0 + SVG_PW * lg10(v / lo) / decades;

    return x < SVG_X0 + 1 ? SVG_X0 + 1 : x;
}

static const char *tick_label(double v, char *buf, size_t n)
{
    if (v >= 1e6)
        snprintf(buf, n, "%gM", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, n, "%gk", v / 1e3);
    else
        snprintf(buf, n, "%g", v);
    return buf;
}

/* One panel: the rows of one unit (rsa: RSA and EC, ops/s, else MB/s), each algorithm
 * with every size measured and one bar per backend; returns the new y. */
static double svg_panel(FILE *out, const struct cell *cl, size_t n, int rsa, double y,
                        unsigned nthr)
{
    FILE *f = tmpfile();                /* the rows, drawn over the grid they size */
    char buf[4096];
    size_t len;
    double lo = 0, hi = 0, decades, v;
    size_t i, j, k;
    char tb[32];
    int any = 0;

    for (i = 0; i < n; i++) {
        if (cl[i].hidden || is_pk(&algs[cl[i].alg]) != rsa)
            continue;
        any = 1;
        if (cl[i].st != ST_OK)
            continue;
        if (lo == 0 || svg_value(&cl[i], cl[i].ops_min) < lo)
            lo = svg_value(&cl[i], cl[i].ops_min);
        if (svg_value(&cl[i], cl[i].ops_max) > hi)
            hi = svg_value(&cl[i], cl[i].ops_max);
    }
    if (!any || f == NULL) {
        if (f)
            fclose(f);
        return y;
    }
    if (lo == 0)
        lo = hi = 1;
    /* from a power of ten well below the slowest to one above the fastest */
    /* the slowest well clear of the axis, so that every bar shows */
    lo = pow10_floor(lo / 1.5);
    hi = pow10_floor(hi) * 10;
    decades = lg10(hi / lo) + 0.5;
    decades = (double)(long)decades;
    if (decades < 1)
        decades = 1, hi = lo * 10;
    fprintf(out, "<text x=\"10\" y=\"%.0f\" font-size=\"14\" font-weight=\"bold\">%s</text>\n",
            y + 14, rsa ? "RSA and EC: operations per second" : "Throughput: MB per second");
    y += 24;
    {
        double top = y + 16, bottom = top;

        /* the rows first, to know where the axis ends */
        fprintf(f, "<g>\n");
        for (i = 0; i < n; i = j) {
            for (j = i; j < n && cl[j].alg == cl[i].alg; j++)
                ;
            if (is_pk(&algs[cl[i].alg]) != rsa)
                continue;
            for (k = i; k < j && cl[k].hidden; k++)
                ;
            if (k == j)
                continue;
            fprintf(f, "<text x=\"10\" y=\"%.0f\" font-weight=\"bold\">%s</text>\n",
                    bottom + 10, algs[cl[i].alg].name);
            for (k = i; k < j; k++) {
                size_t m, seen;
                const struct cell *c;

                if (cl[k].hidden)
                    continue;
                for (m = i, seen = 0; m < k; m++)       /* each size once, in order */
                    seen |= !cl[m].hidden && cl[m].size == cl[k].size;
                if (seen)
                    continue;
                if (!rsa)
                    fprintf(f, "<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\" "
                               "font-size=\"10\">%zu B</text>\n",
                            SVG_X0 - 6, bottom + 8, cl[k].size);
                for (m = k; m < j; m++) {
                    c = &cl[m];
                    if (c->hidden || c->size != cl[k].size)
                        continue;
                    if (c->st == ST_OK) {
                        double x = svg_x(svg_value(c, c->ops), lo, decades);

                        fprintf(f, "<rect x=\"%d\" y=\"%.0f\" width=\"%.0f\" height=\"%d\" "
                                   "fill=\"%s\"><title>%s on %s, %zu bytes: %.1f %s "
                                   "(%.1f-%.1f)</title></rect>\n",
                                SVG_X0, bottom, x - SVG_X0, SVG_BAR, svg_colors[c->be],
                                algs[c->alg].name, be_names[c->be], c->size,
                                svg_value(c, c->ops), rsa ? "ops/s" : "MB/s",
                                svg_value(c, c->ops_min), svg_value(c, c->ops_max));
                        /* the spread: the slowest to the fastest measurement */
                        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                                   "stroke=\"#222\"/>\n",
                                svg_x(svg_value(c, c->ops_min), lo, decades),
                                svg_x(svg_value(c, c->ops_max), lo, decades),
                                bottom + SVG_BAR / 2.0, bottom + SVG_BAR / 2.0);
                        v = svg_value(c, c->ops);
                        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"9\">%.*f",
                                svg_x(svg_value(c, c->ops_max), lo, decades) + 4,
                                bottom + SVG_BAR, v < 10 ? 2 : v < 1000 ? 1 : 0, v);
                        if (nthr > 1)
                            fprintf(f, ", %u thr", c->threads);
                        fprintf(f, "</text>\n");
                    } else {
                        fprintf(f, "<text x=\"%d\" y=\"%.0f\" font-size=\"9\" fill=\"%s\">"
                                   "<title>", SVG_X0 + 4, bottom + SVG_BAR,
                                svg_colors[c->be]);
                        svg_text(f, c->reason, sizeof c->reason);
                        fprintf(f, "</title>%s %s: ", be_names[c->be],
                                c->st == ST_NA ? "n/a" : "FAILED");
                        svg_text(f, c->reason, 100);
                        fprintf(f, "</text>\n");
                    }
                    bottom += SVG_BAR + SVG_GAP;
                }
                bottom += 3;
            }
            bottom += 6;
        }
        fprintf(f, "</g>\n");
        /* the axis: grid lines and labels at each power of ten, at top and bottom */
        for (v = lo; v <= hi * 1.0001; v *= 10) {
            double x = SVG_X0 + SVG_PW * lg10(v / lo) / decades;

            fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.0f\" y2=\"%.0f\" stroke=\"#ccc\"/>\n"
                       "<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\" text-anchor=\"middle\">%s"
                       "</text>\n<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\" "
                       "text-anchor=\"middle\">%s</text>\n",
                    x, x, top - 4, bottom, x, top - 6, tick_label(v, tb, sizeof tb), x,
                    bottom + 12, tb);
        }
        fprintf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"%.0f\" y2=\"%.0f\" stroke=\"#000\"/>\n"
                   "<text x=\"%d\" y=\"%.0f\" text-anchor=\"middle\">%s (log scale)</text>\n",
                SVG_X0, SVG_X0, top - 4, bottom, SVG_X0 + SVG_PW / 2, bottom + 28,
                rsa ? "operations per second" : "MB per second");
        rewind(f);
        while ((len = fread(buf, 1, sizeof buf, f)) > 0)
            fwrite(buf, 1, len, out);
        fclose(f);
        return bottom + 40;
    }
}

/* Horizontal bars on one log axis per unit, every size, a legend of the
 * backends; n/a cells as notes; as tall as what is drawn. */
static int write_svg(const char *path, const struct cell *cl, size_t n, unsigned nthr,
                     unsigned repeats, const char *hidden_line)
{
    char buf[4096];
    size_t len, i;
    FILE *m = tmpfile(), *f;                    /* the body: the height is known after it */
    double y = 36, x = 10;
    unsigned b, used = 0, first_rsa = 0, p;

    if (m == NULL)
        return -1;
    fprintf(m, "<text x=\"10\" y=\"22\" font-size=\"16\">zc-speed (libzcrypt %s): each bar "
               "the median of %u measurements, its line the slowest to the fastest</text>\n",
            zc_version(), repeats);
    for (i = 0; i < n; i++)
        if (!cl[i].hidden)
            used |= 1u << cl[i].be;
    for (b = 0; b < NBE; b++) {                 /* the legend: the backends drawn */
        if (!(used & 1u << b))
            continue;
        fprintf(m, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                   "<text x=\"%.0f\" y=\"%.0f\">%s</text>\n",
                x, y, svg_colors[b], x + 16, y + 10, be_names[b]);
        x += 30 + 7 * strlen(be_names[b]);
    }
    y += 24;
    for (i = 0; i < n && cl[i].hidden; i++)
        ;
    first_rsa = i < n && is_pk(&algs[cl[i].alg]);  /* the panels in the order of -a */
    for (p = 0; p < 2; p++)
        y = svg_panel(m, cl, n, (int)(p ^ first_rsa), y, nthr);
    if (hidden_line && hidden_line[0]) {        /* what was left out, wrapped */
        const char *s = hidden_line;

        while (*s) {
            size_t l = strlen(s), cut = l;

            if (l > 140)
                for (cut = 140; cut > 0 && s[cut] != ' '; cut--)
                    ;
            if (cut == 0)
                cut = l > 140 ? 140 : l;
            fprintf(m, "<text x=\"10\" y=\"%.0f\" font-size=\"11\" fill=\"#555\">", y + 12);
            fprintf(m, "%.*s", (int)cut, s);
            fprintf(m, "</text>\n");
            y += 15;
            s += cut;
            while (*s == ' ')
                s++;
        }
    }
    f = fopen(path, "w");
    if (f == NULL || ferror(m) || fflush(m) != 0) {
        fclose(m);
        if (f)
            fclose(f);
        return -1;
    }
    rewind(m);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%.0f\" "
               "viewBox=\"0 0 %d %.0f\" font-family=\"sans-serif\" font-size=\"12\" "
               "shape-rendering=\"crispEdges\">\n<title>zc-speed: libzcrypt %s</title>\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
            SVG_W, y + 10, SVG_W, y + 10, zc_version());
    while ((len = fread(buf, 1, sizeof buf, m)) > 0)
        fwrite(buf, 1, len, f);
    fclose(m);
    fprintf(f, "</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

/* ---- command line -------------------------------------------------------- */

/* ---- --raw: the bare instruction loop against the API ---------------------- */

enum raw_op { RAW_KM, RAW_KMC, RAW_KLMD };

static const struct {
    const char *name;
    enum raw_op op;
    enum zc_insn insn;
    unsigned fc;
} raw_ops[] = {
    { "aes-128-ecb", RAW_KM, ZC_INSN_KM, 18 },      /* KM-AES-128 */
    { "aes-128-cbc", RAW_KMC, ZC_INSN_KMC, 18 },    /* KMC-AES-128 */
    { "sha512", RAW_KLMD, ZC_INSN_KLMD, 3 },        /* KLMD-SHA-512 */
};

#ifdef ZC_HAVE_CPACF
/* SHA-512 initial hash value (FIPS 180-4, 5.3.5). */
static const uint64_t sha512_h0[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
    0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

/* One raw call: what the API call does, minus the library. The parameter
 * blocks are set up per call, as the API must. */
static int raw_call(enum raw_op op, uint8_t *buf, size_t size, uint8_t *md)
{
    switch (op) {
    case RAW_KM: {
        uint8_t pb[16];

        memcpy(pb, key64, 16);
        return zc_km(ZC_FC_AES_128, pb, buf, buf, size) == (long)size ? 0 : -1;
    }
    case RAW_KMC: {
        uint8_t pb[32] = { 0 };                     /* chaining value 0, key */

        memcpy(pb + 16, key64, 16);
        return zc_kmc(ZC_FC_AES_128, pb, buf, buf, size) == (long)size ? 0 : -1;
    }
    default: {
        uint64_t pb[10];

        memcpy(pb, sha512_h0, 64);                  /* s390x: big-endian words */
        pb[8] = 0;
        pb[9] = (uint64_t)size << 3;
        if (zc_klmd(ZC_FC_SHA_512, pb, buf, size, NULL, 0) != (long)size)
            return -1;
        memcpy(md, pb, 64);
        return 0;
    }
    }
}
#endif

/* The same operation through the public API. */
static int api_call(enum raw_op op, const zc_aes_key *k, uint8_t *buf, size_t size, uint8_t *md)
{
    uint8_t iv[16] = { 0 };

    switch (op) {
    case RAW_KM:  return zc_aes_ecb_encrypt(k, buf, buf, size);
    case RAW_KMC: return zc_aes_cbc_encrypt(k, iv, buf, buf, size);
    default:      return zc_hash(ZC_SHA512, buf, size, md, 64);
    }
}

/* Calls per second of one side for about secs seconds; -1 on a failed call. */
static double raw_rate(int raw, enum raw_op op, const zc_aes_key *k, uint8_t *buf, size_t size,
                       double secs)
{
    uint8_t md[64];
    uint64_t n = 0;
    double t0 = now(), t;
    unsigned i;

    do {
        for (i = 0; i < 64; i++) {
#ifdef ZC_HAVE_CPACF
            if ((raw ? raw_call(op, buf, size, md) : api_call(op, k, buf, size, md)) != 0)
                return -1;
#else
            (void)raw;
            if (api_call(op, k, buf, size, md) != 0)
                return -1;
#endif
        }
        n += 64;
        t = now() - t0;
    } while (t < secs && !interrupted);
    return (double)n / t;
}

/* zc-speed --raw: 0, or 1 when a call failed. */
static int raw_report(const size_t *sizes, unsigned nsizes, double secs, unsigned rounds)
{
    unsigned o, s, r;
    int failed = 0;
    uint8_t *buf = calloc(1, 16384);

    if (buf == NULL)
        return 1;
    printf("raw instruction loop (asm/ wrappers) vs the public API, same data and key,\n"
           "%u alternating rounds of %.2f s per side, 1 thread, statistics %s\n",
           rounds, secs / rounds / 2, zc_stats_enabled() ? "on" : "off");
    printf("%-12s %7s %14s %14s %9s %9s\n", "operation", "bytes", "raw MB/s", "API MB/s",
           "API/raw", "best");
    for (o = 0; o < sizeof(raw_ops) / sizeof(raw_ops[0]); o++) {
        zc_aes_key k;

#ifdef ZC_HAVE_CPACF
        if (!zc_cpacf_has(raw_ops[o].insn, raw_ops[o].fc)) {
#endif
            const char *fn = zc_cpacf_fc_name(raw_ops[o].insn, raw_ops[o].fc);

            uint8_t m[16];
            unsigned fc = raw_ops[o].fc;
            int installed = zc_cpacf_query(raw_ops[o].insn, 0, m) == ZC_OK &&
                            (m[fc / 8] & (0x80 >> fc % 8));

            printf("%-12s not on this machine: %s %s %s\n", raw_ops[o].name,
                   zc_insn_name(raw_ops[o].insn), fn ? fn : "?",
                   !zc_cpacf_present() ? "(no CPACF here)" :
                   installed ? "is removed by ZCRYPT_CAPS" : "is not installed");
            continue;
#ifdef ZC_HAVE_CPACF
        }
#endif
        if (raw_ops[o].op != RAW_KLMD &&
            (zc_aes_key_init(&k, key64, 16, ZC_BACKEND_CPACF) != ZC_OK ||
             zc_aes_mode_backend(&k, raw_ops[o].op == RAW_KM ? ZC_AES_ECB : ZC_AES_CBC) !=
                 ZC_BACKEND_CPACF)) {
            printf("%-12s not on this machine: the API does not run it on CPACF\n",
                   raw_ops[o].name);
            continue;
        }
        for (s = 0; s < nsizes; s++) {
            double rr[32], ra[32], ratio[32], raw_sum = 0, api_sum = 0;
            size_t size = sizes[s] > 16384 ? 16384 : sizes[s];

            if (raw_ops[o].op != RAW_KLMD && size % 16)
                continue;
            for (r = 0; r < rounds && !interrupted; r++) {
                /* alternate which side goes first, so drift hits both */
                if (r % 2 == 0) {
                    rr[r] = raw_rate(1, raw_ops[o].op, &k, buf, size, secs / rounds / 2);
                    ra[r] = raw_rate(0, raw_ops[o].op, &k, buf, size, secs / rounds / 2);
                } else {
                    ra[r] = raw_rate(0, raw_ops[o].op, &k, buf, size, secs / rounds / 2);
                    rr[r] = raw_rate(1, raw_ops[o].op, &k, buf, size, secs / rounds / 2);
                }
                if (rr[r] <= 0 || ra[r] <= 0) {
                    printf("%-12s %7zu a call failed\n", raw_ops[o].name, size);
                    failed = 1;
                    break;
                }
                raw_sum += rr[r];
                api_sum += ra[r];
                ratio[r] = ra[r] / rr[r];
            }
            if (failed || r == 0)
                break;
            qsort(ratio, r, sizeof(ratio[0]), cmp_double);
            printf("%-12s %7zu %14.1f %14.1f %8.1f%% %8.1f%%\n", raw_ops[o].name, size,
                   raw_sum / r * size / 1e6, api_sum / r * size / 1e6, ratio[r / 2] * 100,
                   ratio[r - 1] * 100);
        }
        if (raw_ops[o].op != RAW_KLMD)
            zc_aes_key_wipe(&k);
    }
    printf("(API/raw: median of the rounds' ratios; best: the highest round)\n");
    free(buf);
    return failed;
}

static void usage(FILE *f, const char *prog)
{
    unsigned i, col;

    fprintf(f, "usage: %s [-a ALGS] [-b BACKENDS] [-s SIZES] [-t THREADS] [-T SECONDS]\n"
               "       [-r REPEATS] [--format table|capacity|csv|json] [--svg FILE]\n"
               "       [--show-na] [--plan] [--version | --help]\n"
               "       %s --raw [-s SIZES] [-T SECONDS] [-r ROUNDS]\n"
               "Measure each algorithm on each backend; a number is printed only when the\n"
               "library's statistics show that the requested backend ran every call.\n"
               "  -a ALGS      comma-separated algorithms, in the order to print them: names,\n"
               "               families (all, aes, des, tdes, sha, sha3, hmac, rsa, ecc, rc4,\n"
               "               random) or prefixes (aes-128, rsa-2048, ecdsa-p256); default:\n"
               "               those listed last, about a minute\n"
               "  -b BACKENDS  cpacf,protected,cex,software,openssl (default: all)\n"
               "  -s SIZES     bytes per call (default 16,1024,16384;\n"
               "               with --format capacity 1024,65536)\n"
               "  -t THREADS   thread counts, e.g. 1,10 (default 1)\n"
               "  -T SECONDS   time per measurement (default 0.25; a quarter of it warms up)\n"
               "  -r REPEATS   measurements per cell, the median is printed with the\n"
               "               slowest and the fastest (default 3)\n"
               "  --format F   table (1000s of bytes/s per size), capacity, csv or json\n"
               "  --svg FILE   also write a bar chart: per unit one log axis, every size\n"
               "  --show-na    also print the rows n/a in every column (csv, json: always)\n"
               "  --plan       print the cells to measure and the time they take, and stop\n"
               "  --raw        the bare KM/KMC AES-128 and KLMD SHA-512 loop against the API\n"
               "               on the same data, alternating rounds (default -s 16,1024,16384,\n"
               "               -r 8); the API's throughput as a percentage of the raw loop's\n"
               "Exit status: 0; 1 when a cell failed (a call fell back or failed) or the\n"
               "output could not be written; 2 usage;\n"
               "130 when interrupted (what was measured is printed).\nAlgorithms:",
            prog, prog);
    for (i = 0; i < NALGS; i++)
        fprintf(f, "%s%s", i % 8 ? " " : "\n  ", algs[i].name);
    fprintf(f, "\nWithout -a:\n  ");
    for (i = 0, col = 2; default_algs[i]; i++, col++) {    /* wrapped after commas */
        if (default_algs[i] != ',') {
            fputc(default_algs[i], f);
        } else if (col > 64) {
            fputs("\n  ", f);
            col = 1;
        } else {
            fputc(' ', f);
        }
    }
    fprintf(f, "\n");
}

/* Parse a comma list of positive numbers, each at most max_v (whole numbers
 * when whole); returns the count, 0 on error. */
static unsigned parse_list(const char *s, double *out, unsigned max, double max_v, int whole)
{
    unsigned n = 0;

    while (*s && n < max) {
        char *end;
        double v;

        if (whole && (*s < '0' || *s > '9'))    /* no sign, no space, no "0x" */
            return 0;
        v = whole ? (double)strtoull(s, &end, 10) : strtod(s, &end);
        if (end == s || !(v > 0) || v > max_v || (*end && *end != ','))
            return 0;
        out[n++] = v;
        s = *end ? end + 1 : end;
    }
    return *s ? 0 : n;
}

/* A bad argument names itself: the option, the value and what was expected. */
static int bad_arg(const char *opt, const char *val, const char *what)
{
    if (val)
        fprintf(stderr, "zc-speed: %s %s: %s\n", opt, val, what);
    else
        fprintf(stderr, "zc-speed: %s: %s\n", opt, what);
    return 2;
}

/* -a takes a name (aes-128-cbc), a family (aes, sha, sha3) or a prefix
 * ending where the name has a dash (aes-128, rsa-2048), or all. */
static int alg_matches(const struct alg *a, const char *tok, size_t len)
{
    size_t n = strlen(a->name);

    if ((len == 3 && strncmp(tok, "all", 3) == 0) ||
        (strlen(a->family) == len && strncmp(a->family, tok, len) == 0))
        return 1;
    return len <= n && strncmp(a->name, tok, len) == 0 && (n == len || a->name[len] == '-');
}

static int in_list(const char *list, const char *name)
{
    size_t len = strlen(name);
    const char *p = list;

    if (list == NULL)
        return 1;
    while ((p = strstr(p, name)) != NULL) {
        if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0'))
            return 1;
        p += len;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *alist = NULL, *blist = NULL, *format = "table", *svg = NULL;
    double sizes_d[32], thr_d[32], secs = 0.25, est, per_cell;
    size_t sizes[32], ncells = 0, i;
    unsigned thr[32], nsizes = 0, nthr = 1, repeats = 3, a, b, s, t, done = 0, total;
    unsigned order[NALGS], nsel = 0, k;         /* the algorithms, in the order of -a */
    struct cell *cells;
    int argi, failed = 0, raw = 0, rounds_set = 0, secs_set = 0, show_na = 0, plan_only = 0;
    int progress = isatty(STDERR_FILENO);      /* a person is watching */
    unsigned measurable = 0, measured = 0;
    char hidden_line[1024];
    double start;

    thr[0] = 1;
    for (argi = 1; argi < argc; argi++) {
        const char *o = argv[argi], *v = argi + 1 < argc ? argv[argi + 1] : NULL;

        if (strcmp(o, "--help") == 0 || strcmp(o, "-h") == 0) {
            usage(stdout, argv[0]);
            return zc_stdout_status("zc-speed", 0, 1);
        }
        if (strcmp(o, "--version") == 0) {
            printf("zc-speed (libzcrypt) %s\n", zc_version());
            return zc_stdout_status("zc-speed", 0, 1);
        }
        if (strcmp(o, "--raw") == 0) {
            raw = 1;
            continue;
        }
        if (strcmp(o, "--show-na") == 0) {
            show_na = 1;
            continue;
        }
        if (strcmp(o, "--plan") == 0) {
            plan_only = 1;
            continue;
        }
        if (strncmp(o, "-", 1) != 0 ||
            (strcmp(o, "-a") && strcmp(o, "-b") && strcmp(o, "-s") && strcmp(o, "-t") &&
             strcmp(o, "-T") && strcmp(o, "-r") && strcmp(o, "--format") &&
             strcmp(o, "--svg")))
            return bad_arg(o, NULL, "unknown option (see --help)");
        if (v == NULL)
            return bad_arg(o, NULL, "needs a value");
        argi++;
        if (strcmp(o, "-a") == 0) {
            alist = v;
        } else if (strcmp(o, "-b") == 0) {
            blist = v;
        } else if (strcmp(o, "-s") == 0) {
            /* the workers allocate the size: 64 MiB per call is plenty */
            if ((nsizes = parse_list(v, sizes_d, 32, 64.0 * 1024 * 1024, 1)) == 0)
                return bad_arg(o, v, "not a number of bytes (whole numbers from 1 to "
                                     "67108864, comma-separated)");
            for (s = 0; s < nsizes; s++)
                sizes[s] = (size_t)sizes_d[s];
        } else if (strcmp(o, "-t") == 0) {
            if ((nthr = parse_list(v, thr_d, 32, 256, 1)) == 0)
                return bad_arg(o, v, "not a thread count (1 to 256, comma-separated)");
            for (t = 0; t < nthr; t++)
                thr[t] = (unsigned)thr_d[t];
        } else if (strcmp(o, "-T") == 0) {
            if (parse_list(v, &secs, 1, 3600, 0) != 1)
                return bad_arg(o, v, "not a number of seconds (above 0, up to 3600)");
            secs_set = 1;
        } else if (strcmp(o, "-r") == 0) {
            double r;

            if (parse_list(v, &r, 1, 31, 1) != 1)
                return bad_arg(o, v, "not a repeat count (1 to 31)");
            repeats = (unsigned)r;
            rounds_set = 1;
        } else if (strcmp(o, "--format") == 0) {
            if (strcmp(v, "table") && strcmp(v, "capacity") && strcmp(v, "csv") &&
                strcmp(v, "json"))
                return bad_arg(o, v, "not one of table, capacity, csv, json");
            format = v;
        } else {
            svg = v;
        }
    }
    if (raw) {
        static const size_t def[] = { 16, 1024, 16384 };

        if (alist || blist || nthr > 1 || strcmp(format, "table") || svg || show_na ||
            plan_only)
            return bad_arg("--raw", NULL, "takes only -s, -T and -r");
        if (!secs_set)                          /* --raw's -T is the whole operation's */
            secs = 1;
        if (nsizes == 0) {
            nsizes = 3;
            memcpy(sizes, def, sizeof(def));
        }
        signal(SIGINT, on_sigint);
        failed = raw_report(sizes, nsizes, secs, repeats == 3 && !rounds_set ? 8 : repeats);
        return zc_stdout_status("zc-speed", interrupted ? 130 : failed, 1);
    }
    if (nsizes == 0) {
        static const size_t def[] = { 16, 1024, 16384 }, cap[] = { 1024, 65536 };
        int c = strcmp(format, "capacity") == 0;

        nsizes = c ? 2 : 3;
        memcpy(sizes, c ? cap : def, nsizes * sizeof(sizes[0]));
    }
    {                               /* every name must select something, in its order */
        const char *p = alist ? alist : default_algs;

        if (*p == '\0')
            return bad_arg("-a", "''", "names no algorithm");
        while (*p) {
            const char *end = strchr(p, ',');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            unsigned found = 0;

            for (a = 0; a < NALGS; a++) {
                if (!alg_matches(&algs[a], p, len))
                    continue;
                found++;
                for (k = 0; k < nsel && order[k] != a; k++)
                    ;
                if (k == nsel)
                    order[nsel++] = a;
            }
            if (!found) {
                fprintf(stderr, "zc-speed: -a %s: unknown algorithm '%.*s' (see --help)\n",
                        alist, (int)len, p);
                return 2;
            }
            p += len + (end != NULL);
        }
    }
    if (blist) {
        const char *p = blist;

        while (*p) {
            const char *end = strchr(p, ',');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            int found = 0;

            for (b = 0; b < NBE; b++)
                found |= strlen(be_names[b]) == len && strncmp(be_names[b], p, len) == 0;
            if (!found) {
                fprintf(stderr, "zc-speed: -b %s: unknown backend '%.*s' (see --help)\n",
                        blist, (int)len, p);
                return 2;
            }
            p += len + (end != NULL);
        }
    }

    cells = calloc(NALGS * NBE * 32 * 32, sizeof(*cells));
    if (cells == NULL)
        return 1;
    for (k = 0; k < nsel; k++) {
        a = order[k];
        for (b = 0; b < NBE; b++) {
            char why[200];
            int row_ok;

            if (!in_list(blist, be_names[b]))
                continue;
            row_ok = probe(&algs[a], b, why, sizeof why) == ZC_OK;
            for (t = 0; t < nthr; t++)
                for (s = 0; s < (is_pk(&algs[a]) ? 1u : nsizes); s++) {
                    struct cell *c = &cells[ncells++];

                    c->alg = a;
                    c->be = b;
                    c->threads = thr[t];
                    c->size = is_pk(&algs[a]) ? algs[a].key_len : sizes[s];
                    if (!row_ok) {              /* the backend's reason, for the row */
                        c->st = ST_NA;
                        memcpy(c->reason, why, sizeof why);
                    } else if (size_reason(&algs[a], c->size, c->reason, sizeof c->reason)) {
                        c->st = ST_NA;          /* a size the mode cannot take: that column */
                    }
                    measurable += c->st == ST_OK;
                }
        }
    }
    /* The plan: a warm-up of a quarter and the repeats per cell measured. */
    per_cell = secs * (repeats + 0.25);
    est = measurable * per_cell;
    if (plan_only || progress) {
        FILE *f = plan_only ? stdout : stderr;

        fprintf(f, "plan: %u cells to measure of %zu, %.2f s each (-T %g x %u repeats and a "
                   "warm-up), about %.0f s\n", measurable, ncells, per_cell, secs, repeats, est);
    }
    if (plan_only) {
        if (hide_na_rows(cells, ncells, hidden_line, sizeof hidden_line) && !show_na)
            printf("%s\n", hidden_line);
        free(cells);
        return 0;
    }
    zc_stats_enable(1);
    signal(SIGINT, on_sigint);
    total = (unsigned)ncells;
    start = now();
    for (i = 0; i < ncells && !interrupted; i++) {
        struct cell *c = &cells[i];
        const struct alg *al = &algs[c->alg];

        if (is_rsa(al) && !rsa_made[rsa_index(al->key_len)] && c->be != B_OSSL) {
            fprintf(stderr, "zc-speed: generating an RSA-%u key...\n", al->key_len * 8);
            if (zc_rsa_generate(&rsa_keys[rsa_index(al->key_len)], al->key_len * 8, 0) == ZC_OK)
                rsa_made[rsa_index(al->key_len)] = 1;
        }
        if (c->st == ST_OK) {
            if (progress) {
                /* the plan at first, then what the cells so far really took */
                double left = (measurable - measured) *
                              (measured ? (now() - start) / measured : per_cell);

                fprintf(stderr, "\r[%u/%u] %s/%s, %zu bytes, %u thr; about %.0f s left\033[K",
                        measured + 1, measurable, al->name, be_names[c->be], c->size,
                        c->threads, left);
            }
            measure(c, c->threads, secs, repeats);
            measured++;
        }
        if (c->st == ST_FAIL) {
            failed = 1;
            fprintf(stderr, "zc-speed: %s on %s, %zu bytes, %u thread(s): %s\n", al->name,
                    be_names[c->be], c->size, c->threads, c->reason);
        }
        done++;
    }
    if (progress)
        fprintf(stderr, "\r\033[K");
    if (interrupted) {
        fprintf(stderr, "zc-speed: interrupted: printing the %u of %u cells measured\n", done,
                total);
        ncells = done;
    }
    if (hide_na_rows(cells, ncells, hidden_line, sizeof hidden_line) == 0 || show_na) {
        for (i = 0; i < ncells; i++)
            cells[i].hidden = 0;
        hidden_line[0] = '\0';
    }
    if (strcmp(format, "json") == 0)
        print_json(cells, ncells, interrupted);
    else if (strcmp(format, "csv") == 0)
        print_rows(cells, ncells, 1);
    else if (strcmp(format, "capacity") == 0)
        print_rows(cells, ncells, 0);
    else
        print_table(cells, ncells, thr, nthr, sizes, nsizes);
    if (hidden_line[0] && (strcmp(format, "table") == 0 || strcmp(format, "capacity") == 0))
        printf("%s\n", hidden_line);
    if (svg && write_svg(svg, cells, ncells, nthr, repeats, show_na ? NULL : hidden_line) != 0) {
        fprintf(stderr, "zc-speed: --svg %s: cannot write it: %s\n", svg, strerror(errno));
        failed = 1;
    }
    for (i = 0; i < 4; i++)
        if (rsa_made[i])
            zc_rsa_key_wipe(&rsa_keys[i]);
    free(cells);
    return zc_stdout_status("zc-speed", interrupted ? 130 : failed, 1);
}
