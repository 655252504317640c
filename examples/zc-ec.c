/*
 * zc-ec - elliptic-curve keys, ECDSA and EdDSA signatures and ECDH from the
 * command line, in the formats the openssl command reads and writes.
 *
 *   zc-ec genkey [-c CURVE] [--sec1] [--format pem|der] [-o KEY] [--public-out PUB]
 *   zc-ec pubkey -k KEY [--format pem|der] [--raw] [-o PUB]
 *   zc-ec sign   -k KEY [-a HASH] [--deterministic] [--raw] [-o SIG] [FILE]
 *   zc-ec verify -k KEY -s SIG [-a HASH] [--raw] [FILE]
 *   zc-ec derive -k KEY -p PEER [-o SECRET]
 *
 * Keys are DER (PKCS#8, SEC1 ECPrivateKey, SubjectPublicKeyInfo; the
 * library parses them) or PEM (zc_keyfile.h), told apart by their first
 * byte; a raw SEC1 point (X25519/X448: the raw 32/56 bytes) is a public
 * key too when --curve names its curve. Files to sign are hashed in
 * pieces with the library's hash API. A signature is DER (X9.62
 * Ecdsa-Sig-Value, what openssl dgst -sign writes) unless --raw asks for
 * r || s; derive writes the x-coordinate (X25519/X448: the RFC 7748
 * secret), as openssl pkeyutl -derive does. Ed25519 and Ed448 sign the
 * message itself (PureEdDSA, RFC 8032: read whole, no -a) and their
 * signatures are the raw 64/114 bytes, as openssl pkeyutl -sign -rawin
 * writes them.
 *
 * What each curve can do is a row of curves[]: X25519 and X448 are ECDH
 * only, Ed25519 and Ed448 EdDSA only.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700      /* realpath() in zc_out.h */

#include <zcrypt.h>
#include "zc_why.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define PROG "zc-ec"

#include "zc_out.h"
#include "zc_keyfile.h"

#define KEYFILE_MAX 16384       /* a PEM P-521 PKCS#8 key is about 400 bytes */
#define DER_MAX     1024
#define SIGFILE_MAX 256         /* a DER P-521 signature is at most 139 bytes */

/* What a curve's keys can do. */
enum { CAN_ECDSA = 1, CAN_ECDH = 2, CAN_EDDSA = 4 };

static const struct curve {
    const char *name;           /* as messages say it, and a -c spelling */
    const char *alias[3];       /* more -c spellings (openssl's first) */
    enum zc_ec_curve id;
    enum zc_algo algo;          /* for the backend's answer in a message */
    int x;                      /* RFC 8410 keys: no SEC1 form, a raw public key is
                                 * f bytes (RFC 7748's u, RFC 8032's encoding) */
    unsigned can;
    const char *only;           /* what else its keys do, for a refusal */
} curves[] = {
    { .name = "P-256", .alias = { "prime256v1", "secp256r1", "p256" }, .id = ZC_EC_P256,
      .algo = ZC_ALGO_EC_P256, .can = CAN_ECDSA | CAN_ECDH },
    { .name = "P-384", .alias = { "secp384r1", "p384" }, .id = ZC_EC_P384,
      .algo = ZC_ALGO_EC_P384, .can = CAN_ECDSA | CAN_ECDH },
    { .name = "P-521", .alias = { "secp521r1", "p521" }, .id = ZC_EC_P521,
      .algo = ZC_ALGO_EC_P521, .can = CAN_ECDSA | CAN_ECDH },
    { .name = "X25519", .id = ZC_EC_X25519, .algo = ZC_ALGO_EC_X25519, .x = 1, .can = CAN_ECDH,
      .only = "ECDH only: derive" },
    { .name = "X448", .id = ZC_EC_X448, .algo = ZC_ALGO_EC_X448, .x = 1, .can = CAN_ECDH,
      .only = "ECDH only: derive" },
    { .name = "Ed25519", .id = ZC_EC_ED25519, .algo = ZC_ALGO_EC_ED25519, .x = 1,
      .can = CAN_EDDSA, .only = "EdDSA only: sign, verify" },
    { .name = "Ed448", .id = ZC_EC_ED448, .algo = ZC_ALGO_EC_ED448, .x = 1, .can = CAN_EDDSA,
      .only = "EdDSA only: sign, verify" },
};
#define NCURVES (sizeof curves / sizeof curves[0])

/* The PEM labels of the three DER structures (RFC 7468 10 and 11, RFC 5915 4). */
static const char *const labels[] = {
    [ZC_EC_DER_PUBLIC_SPKI]   = "PUBLIC KEY",
    [ZC_EC_DER_PRIVATE_PKCS8] = "PRIVATE KEY",
    [ZC_EC_DER_PRIVATE_SEC1]  = "EC PRIVATE KEY",
};

enum { GENKEY, PUBKEY, SIGN, VERIFY, DERIVE, NCMDS };
static const char *const cmds[NCMDS] = {
    [GENKEY] = "genkey", [PUBKEY] = "pubkey", [SIGN] = "sign", [VERIFY] = "verify",
    [DERIVE] = "derive",
};

struct opts {
    const char *key, *peer, *out, *sig, *pub_out, *in;
    const struct curve *curve;  /* -c, NULL when not given */
    enum zc_hash_alg hash;
    int hash_set;               /* -a given (EdDSA takes none) */
    int der, sec1, raw, deterministic, no_clobber;
};

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: " PROG " COMMAND [OPTION...] [FILE]\n"
        "Elliptic-curve keys, ECDSA and EdDSA signatures and ECDH, interoperable\n"
        "with openssl.\n"
        "\n"
        "Commands:\n"
        "  genkey   make a key pair; write the private key (-o) and optionally\n"
        "           the public key (--public-out)\n"
        "  pubkey   write the public key of KEY\n"
        "  sign     sign FILE (default: standard input); the signature is DER\n"
        "           (Ed25519/Ed448: the raw 64/114 bytes, as openssl pkeyutl\n"
        "           -sign -rawin)\n"
        "  verify   check the signature in SIG over FILE; prints \"Verified OK\"\n"
        "           or \"Verification failure\"\n"
        "  derive   write the ECDH shared secret of KEY and PEER (the\n"
        "           x-coordinate; X25519/X448: the RFC 7748 secret; as openssl\n"
        "           pkeyutl -derive)\n"
        "\n"
        "Options:\n"
        "  -k, --key FILE         the key: DER or PEM; PKCS#8, SEC1 ECPrivateKey or\n"
        "                         SubjectPublicKeyInfo (unencrypted), or a raw\n"
        "                         SEC1 point (X25519/X448, Ed25519/Ed448: the raw\n"
        "                         32/56, 32/57 bytes) with --curve\n"
        "  -p, --peer FILE        derive: the other party's key (public or private)\n"
        "  -c, --curve NAME       genkey: the curve, p256 (default), p384, p521,\n"
        "                         x25519, x448, ed25519 or ed448 (also P-256,\n"
        "                         prime256v1, secp256r1, secp384r1, secp521r1);\n"
        "                         other commands: the curve the keys must be on,\n"
        "                         and that of a raw point; X25519 and X448 keys do\n"
        "                         ECDH only, Ed25519 and Ed448 keys EdDSA only\n"
        "  -o, --output FILE      write to FILE (default: standard output); private\n"
        "                         keys and shared secrets are created with mode 0600\n"
        "  -n, --no-clobber       refuse to replace an existing output file\n"
        "  -s, --signature FILE   the signature to verify\n"
        "  -a, --hash ALG         ECDSA: sha1, sha224, sha256 (default), sha384,\n"
        "                         sha512, sha512-224, sha512-256, sha3-224,\n"
        "                         sha3-256, sha3-384 or sha3-512 (EdDSA takes none:\n"
        "                         it signs the message itself)\n"
        "      --deterministic    sign with the RFC 6979 nonce (default: RFC 6979\n"
        "                         hedged with fresh random bytes)\n"
        "      --raw              sign/verify: the signature is r || s (IEEE P1363)\n"
        "                         instead of DER; pubkey and --public-out: write\n"
        "                         the SEC1 point 04 || X || Y (X25519/X448: the\n"
        "                         32/56 bytes of u) instead of SubjectPublicKeyInfo\n"
        "      --format pem|der   key output format (default pem)\n"
        "      --der              the same as --format der\n"
        "      --sec1             genkey: write the SEC1 ECPrivateKey (\"EC PRIVATE\n"
        "                         KEY\") instead of PKCS#8 (P-curves only)\n"
        "      --public-out FILE  genkey: also write the public key to FILE\n"
        "  -h, --help             show this help and exit\n"
        "  -V, --version          show the version and exit\n"
        "\n"
        "PEM labels: \"PRIVATE KEY\" (PKCS#8), \"EC PRIVATE KEY\" (SEC1),\n"
        "\"PUBLIC KEY\" (SubjectPublicKeyInfo); other blocks before the key, such\n"
        "as openssl ecparam's \"EC PARAMETERS\", are skipped. Keys are on named\n"
        "curves; output public points are uncompressed, input ones may be\n"
        "compressed.\n"
        "\n"
        KEYTOOL_HELP_OUTPUT
        "\n"
        "Exit status: 0 success (signature valid); 1 signature invalid; 2 usage\n"
        "error; 3 input/output error; 4 a key could not be read or does not fit\n"
        "the command; 5 the library failed.\n");
}

static const struct curve *curve_by_name(const char *name)
{
    size_t i, j;

    for (i = 0; i < NCURVES; i++) {
        if (strcasecmp(name, curves[i].name) == 0)
            return &curves[i];
        for (j = 0; j < sizeof curves[i].alias / sizeof curves[i].alias[0]; j++)
            if (curves[i].alias[j] != NULL && strcasecmp(name, curves[i].alias[j]) == 0)
                return &curves[i];
    }
    return NULL;
}

/* The article before a curve's name in a message: "an X25519 key". */
static const char *article(const struct curve *c)
{
    return c->x ? "an" : "a";
}

/* zc_why() for curve c: every curve has its ZC_ALGO row to ask. */
static const char *curve_why(int rc, const struct curve *c)
{
    return zc_why(rc, c->algo, zc_ec_field_size(c->id));
}

/* The row of a key's curve; the library makes no key zc-ec has no row for
 * today, but a later library may (then NULL, after a message). */
static const struct curve *curve_of(const zc_ec_key *k, const char *path)
{
    size_t i;

    for (i = 0; i < NCURVES; i++)
        if (curves[i].id == zc_ec_key_curve(k))
            return &curves[i];
    fprintf(stderr, PROG ": %s: a key on a curve this program does not know\n", path);
    return NULL;
}

/* Whether k holds a private key: only then can a private form be sized. */
static int has_private(const zc_ec_key *k)
{
    size_t n = 0;

    return zc_ec_key_export_der(k, ZC_EC_DER_PRIVATE_PKCS8, NULL, &n) == ZC_ENOMEM;
}

/* DER object identifiers (contents only) the messages below name. */
static const uint8_t oid_ec[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };

/* Why an AlgorithmIdentifier (or SEC1's [0] parameters) was refused, in
 * words; "" when nothing more can be said. */
static void alg_diagnose(const uint8_t *a, size_t an, int params_only, char *why, size_t size)
{
    const uint8_t *p = a, *end = a + an, *oid;
    unsigned tag;
    size_t on;

    if (!params_only) {
        if (!der_next(&p, end, &tag, &oid, &on) || tag != 0x06)
            return;
        if (on == sizeof oid_rsa && memcmp(oid, oid_rsa, on) == 0) {
            snprintf(why, size, "an RSA key: use zc-rsa");
            return;
        }
        if (on != sizeof oid_ec || memcmp(oid, oid_ec, on) != 0) {
            snprintf(why, size, "not an elliptic-curve key (another algorithm)");
            return;
        }
    }
    if (!der_next(&p, end, &tag, &oid, &on))
        return;
    if (tag == 0x30)
        snprintf(why, size, "explicit curve parameters are not supported: write the key "
                 "with a named curve (openssl pkey -ec_param_enc named_curve)");
    else if (tag == 0x06)
        snprintf(why, size, "the curve is not supported (P-256, P-384 and P-521 are, and "
                 "X25519, X448, Ed25519 and Ed448 as RFC 8410 keys)");
}

/*
 * Why a key the library refused is refused (rc its answer), in words: an
 * encrypted key, another algorithm, explicit parameters or an unknown
 * curve (ZC_ENOTSUP), DER cut short or with bytes after it, or a key the
 * library found invalid.
 */
static void der_diagnose(const uint8_t *der, size_t len, int rc, char *why, size_t size)
{
    const uint8_t *p = der, *end = der + len, *c, *q, *v, *e;
    unsigned tag;
    size_t n, vn;

    why[0] = '\0';
    if (len > 0 && der[0] != 0x30) {
        snprintf(why, size, "not a key: neither DER nor PEM");
        return;
    }
    if (!der_next(&p, end, &tag, &c, &n) || tag != 0x30) {
        snprintf(why, size, "truncated or malformed DER");
        return;
    }
    if (p != end) {
        snprintf(why, size, "malformed DER: bytes after the key (%zu)", (size_t)(end - p));
        return;
    }
    q = c;
    e = c + n;
    if (der_next(&q, e, &tag, &v, &vn) && tag == 0x30) {
        /* SPKI (AlgId, BIT STRING), or encrypted PKCS#8 (AlgId, OCTET STRING) */
        const uint8_t *r = q, *x;
        size_t xn;

        if (der_next(&r, e, &tag, &x, &xn) && tag == 0x04)
            snprintf(why, size, WHY_ENCRYPTED_PKCS8);
        else if (rc == ZC_ENOTSUP)
            alg_diagnose(v, vn, 0, why, size);
    } else if (rc == ZC_ENOTSUP && tag == 0x02 && vn == 1 && v[0] == 0 &&
               der_next(&q, e, &tag, &v, &vn) && tag == 0x30) {
        alg_diagnose(v, vn, 0, why, size);              /* PKCS#8 */
    } else if (rc == ZC_ENOTSUP && tag == 0x02 && vn == 1 && v[0] == 1) {
        while (der_next(&q, e, &tag, &v, &vn))          /* SEC1: the [0] parameters */
            if (tag == 0xa0)
                alg_diagnose(v, vn, 1, why, size);
    }
    if (why[0] != '\0')
        return;
    if (rc == ZC_ENOTSUP)
        snprintf(why, size, "not supported: %s", zc_strerror(rc));
    else
        snprintf(why, size, "malformed DER or an invalid key (a point off the curve, a "
                 "private key out of range or not matching its public key, or DER that is "
                 "not strict)");
}

/*
 * Load a key file: DER, PEM, or a raw SEC1 point when -c names the curve;
 * *c is set to its curve's row. opt is the option that names the file.
 */
static int load_key(const char *path, const char *opt, const struct opts *o, zc_ec_key *k,
                    const struct curve **c)
{
    static uint8_t buf[KEYFILE_MAX + 1];
    char why[200];
    size_t len;
    int rc = read_key_file(path, opt, buf, KEYFILE_MAX, labels,
                           sizeof labels / sizeof labels[0], "an EC key", &len);

    if (rc != EX_OK)
        return rc;
    why[0] = '\0';
    if (len == 0) {
        snprintf(why, sizeof why, "empty file");
    } else if (o->curve != NULL && o->curve->x && len == zc_ec_field_size(o->curve->id)) {
        /* the raw u-coordinate: any f bytes, so no first byte tells it from DER;
         * its length does (an RFC 8410 key is longer) */
        if ((rc = zc_ec_key_from_public(k, o->curve->id, buf, len)) != ZC_OK)
            snprintf(why, sizeof why, "not %s %s public key (%s)", article(o->curve),
                     o->curve->name, zc_strerror(rc));
    } else if (buf[0] == 0x02 || buf[0] == 0x03 || buf[0] == 0x04) {
        /* not DER (a SEQUENCE), and a SEC1 point's first byte */
        if (o->curve == NULL)
            snprintf(why, sizeof why, "a raw public key (SEC1 point) needs --curve");
        else if ((rc = zc_ec_key_from_public(k, o->curve->id, buf, len)) != ZC_OK)
            snprintf(why, sizeof why, "not %s %s public key (%s: a wrong length, or a point "
                     "off the curve)", article(o->curve), o->curve->name, zc_strerror(rc));
    } else if ((rc = zc_ec_key_from_der(k, buf, len)) != ZC_OK) {
        der_diagnose(buf, len, rc, why, sizeof why);
    }
    wipe(buf, sizeof buf);
    if (why[0] != '\0') {
        fprintf(stderr, PROG ": %s: %s\n", path, why);
        zc_ec_key_wipe(k);
        return EX_KEY;
    }
    *c = curve_of(k, path);
    if (*c == NULL)
        return EX_KEY;
    if (o->curve != NULL && *c != o->curve) {
        fprintf(stderr, PROG ": %s: %s %s key, not %s (--curve)\n", path, article(*c), (*c)->name,
                o->curve->name);
        return EX_KEY;
    }
    return EX_OK;
}

/* Write a key in the format chosen by the options, and finish out. */
static int save_key(const zc_ec_key *k, const struct opts *o, int private, struct zc_out *out)
{
    static uint8_t der[DER_MAX];
    enum zc_ec_der_format f = private ? (o->sec1 ? ZC_EC_DER_PRIVATE_SEC1
                                                 : ZC_EC_DER_PRIVATE_PKCS8)
                                      : ZC_EC_DER_PUBLIC_SPKI;
    size_t der_len = sizeof der;
    int rc;

    if (!private && o->raw)
        rc = zc_ec_key_public(k, der, &der_len);
    else
        rc = zc_ec_key_export_der(k, f, der, &der_len);
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": exporting the key: %s\n", zc_strerror(rc));
        zc_out_close(out, 0);
        return EX_LIB;
    }
    if (o->der || (!private && o->raw))
        rc = write_out(out, der, der_len);
    else
        rc = write_pem(out, labels[f], der, der_len);
    wipe(der, sizeof der);
    return rc;
}

static int cmd_genkey(const struct opts *o, zc_ec_key *k)
{
    const struct curve *c = o->curve != NULL ? o->curve : &curves[0];
    int rc = zc_ec_key_generate(k, c->id);

    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": generating %s %s key: %s\n", article(c), c->name, curve_why(rc, c));
        return EX_LIB;
    }
    rc = save_key(k, o, 1, &out_file);
    if (rc == EX_OK && o->pub_out != NULL)
        rc = save_key(k, o, 0, &pub_file);
    return rc;
}

/* A verdict on standard output, as openssl dgst prints it. */
static int verdict(int valid)
{
    printf(valid ? "Verified OK\n" : "Verification failure\n");
    return zc_stdout_status(PROG, valid ? EX_OK : EX_AUTH, EX_IO);
}

static int cmd_sign_verify(const struct opts *o, const zc_ec_key *k, const struct curve *c,
                           int verify)
{
    uint8_t digest[ZC_HASH_MAX_SIZE], sig[SIGFILE_MAX], rs[ZC_EC_MAX_SIG];
    size_t f = zc_ec_field_size(c->id), rs_len = sizeof rs, sig_len = sizeof sig;
    long n;
    int rc;

    if (verify && o->sig == NULL) {
        fprintf(stderr, PROG ": verify needs the signature (-s FILE)\n");
        return EX_USAGE;
    }
    rc = hash_input(o->in, o->hash, digest);
    if (rc != EX_OK)
        return rc;
    if (!verify) {
        rc = o->deterministic ? zc_ecdsa_sign_deterministic(k, o->hash, digest, rs, &rs_len)
                              : zc_ecdsa_sign(k, o->hash, digest, rs, &rs_len);
        if (rc == ZC_OK && !o->raw)
            rc = zc_ecdsa_sig_to_der(c->id, rs, rs_len, sig, &sig_len);
        if (rc != ZC_OK) {
            fprintf(stderr, PROG ": signing: %s\n", curve_why(rc, c));
            return EX_LIB;
        }
        return o->raw ? write_out(&out_file, rs, rs_len) : write_out(&out_file, sig, sig_len);
    }
    n = read_file(o->sig, sig, SIGFILE_MAX);
    if (n == -1)
        return EX_IO;
    if (n == -2) {              /* longer than any signature: invalid whatever it holds */
        fprintf(stderr, PROG ": %s: longer than any signature\n", o->sig);
        return verdict(0);
    }
    sig_len = (size_t)n;
    if (o->raw && sig_len != 2 * f && sig_len > 0 && sig[0] == 0x30)
        fprintf(stderr, PROG ": %s: not %zu bytes of r || s (a DER signature needs no "
                "--raw)\n", o->sig, 2 * f);
    if (!o->raw && zc_ecdsa_sig_from_der(c->id, sig, sig_len, rs, &rs_len) != ZC_OK) {
        if (sig_len == 2 * f)
            fprintf(stderr, PROG ": %s: not a DER signature (r || s needs --raw)\n", o->sig);
        return verdict(0);
    }
    /* --raw: the file as it is (a wrong length is an invalid signature) */
    rc = o->raw ? zc_ecdsa_verify(k, o->hash, digest, sig, sig_len)
                : zc_ecdsa_verify(k, o->hash, digest, rs, rs_len);
    if (rc == ZC_OK || rc == ZC_EAUTH)
        return verdict(rc == ZC_OK);
    fprintf(stderr, PROG ": verifying: %s\n", curve_why(rc, c));
    return EX_LIB;
}

/* The whole of a file (or standard input) in a buffer of the heap, which
 * PureEdDSA needs (it hashes the message twice): EX_OK, or EX_IO after a
 * message. */
static int read_message(const char *path, uint8_t **msg, size_t *len)
{
    size_t cap = 65536;
    uint8_t *buf;
    int fd = open_input(path);

    *len = 0;
    if (fd < 0)
        return EX_IO;
    if ((buf = malloc(cap)) == NULL) {
        errno = ENOMEM;
        return input_failed(path, fd);
    }
    for (;;) {
        ssize_t n = 0;

        if (*len == cap) {
            uint8_t *more = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);

            if (more == NULL) {
                errno = ENOMEM;
                n = -1;
            } else {
                buf = more;
                cap *= 2;
            }
        }
        if (n == 0)
            n = read(fd, buf + *len, cap - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            free(buf);
            return input_failed(path, fd);
        }
        if (n == 0)
            break;
        *len += (size_t)n;
    }
    if (fd != STDIN_FILENO)
        close(fd);
    *msg = buf;
    return EX_OK;
}

/* Ed25519/Ed448 (RFC 8032, no context): the message itself is signed, and
 * the signature is its raw 2f bytes. */
static int cmd_eddsa(const struct opts *o, const zc_ec_key *k, const struct curve *c,
                     int verify)
{
    uint8_t sig[SIGFILE_MAX], *msg = NULL;
    size_t sig_len = sizeof sig, len;
    long n;
    int rc;

    if (o->hash_set) {
        fprintf(stderr, PROG ": -a: %s signs the message itself (PureEdDSA): no hash to "
                "choose\n", c->name);
        return EX_USAGE;
    }
    if (verify && o->sig == NULL) {
        fprintf(stderr, PROG ": verify needs the signature (-s FILE)\n");
        return EX_USAGE;
    }
    if (verify) {
        n = read_file(o->sig, sig, SIGFILE_MAX);
        if (n == -1)
            return EX_IO;
        if (n == -2) {
            fprintf(stderr, PROG ": %s: longer than any signature\n", o->sig);
            return verdict(0);
        }
        sig_len = (size_t)n;
    }
    rc = read_message(o->in, &msg, &len);
    if (rc != EX_OK)
        return rc;
    if (verify) {
        /* a wrong length is an invalid signature, as any other */
        rc = zc_eddsa_verify(k, msg, len, sig, sig_len);
        free(msg);
        if (rc == ZC_OK || rc == ZC_EAUTH)
            return verdict(rc == ZC_OK);
        fprintf(stderr, PROG ": verifying: %s\n", curve_why(rc, c));
        return EX_LIB;
    }
    rc = zc_eddsa_sign(k, msg, len, sig, &sig_len);
    free(msg);
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": signing: %s\n", curve_why(rc, c));
        return EX_LIB;
    }
    return write_out(&out_file, sig, sig_len);
}

/* Whether c's keys can do cmd (after a message when not). */
static int can_do(int cmd, const struct curve *c)
{
    unsigned need = cmd == DERIVE ? CAN_ECDH : cmd == PUBKEY ? c->can : CAN_ECDSA | CAN_EDDSA;

    if (c->can & need)
        return 1;
    if (cmd == DERIVE)
        fprintf(stderr, PROG ": %s keys do no ECDH (%s)\n", c->name, c->only);
    else
        fprintf(stderr, PROG ": %s keys make no signatures (%s)\n", c->name, c->only);
    return 0;
}

static int cmd_derive(const struct opts *o, const zc_ec_key *k, const struct curve *c)
{
    static zc_ec_key peer;
    uint8_t secret[ZC_EC_MAX_FIELD];
    size_t len = sizeof secret;
    const struct curve *pc;
    int rc;

    rc = load_key(o->peer, "-p", o, &peer, &pc);
    if (rc == EX_OK && pc != c) {
        fprintf(stderr, PROG ": %s: %s %s key, but %s is %s: derive needs both on one curve\n",
                o->peer, article(pc), pc->name, o->key, c->name);
        rc = EX_KEY;
    }
    if (rc == EX_OK) {
        int lrc = zc_ecdh(k, &peer, secret, &len);

        if (lrc == ZC_OK) {
            rc = write_out(&out_file, secret, len);
        } else if (lrc == ZC_EINVAL && c->x) {
            /* the keys are checked above: what is left is RFC 7748 6.1's zero */
            fprintf(stderr, PROG ": deriving: %s: the secret is all zero (a peer key of "
                    "small order), refused\n", o->peer);
            rc = EX_LIB;
        } else {
            fprintf(stderr, PROG ": deriving: %s\n", curve_why(lrc, c));
            rc = EX_LIB;
        }
    }
    wipe(secret, sizeof secret);
    zc_ec_key_wipe(&peer);
    return rc;
}

int main(int argc, char **argv)
{
    enum { O_DET = 256, O_RAW, O_FORMAT, O_DER, O_SEC1, O_PUBOUT };
    static const struct option longopts[] = {
        KEYTOOL_LONGOPTS,
        { "peer", required_argument, NULL, 'p' },
        { "curve", required_argument, NULL, 'c' },
        { "deterministic", no_argument, NULL, O_DET },
        { "raw", no_argument, NULL, O_RAW },
        { "format", required_argument, NULL, O_FORMAT },
        { "der", no_argument, NULL, O_DER },
        { "sec1", no_argument, NULL, O_SEC1 },
        { "public-out", required_argument, NULL, O_PUBOUT },
        { NULL, 0, NULL, 0 },
    };
    struct opts o = { .hash = ZC_SHA256 };
    static zc_ec_key key;
    const struct curve *c = NULL;
    const char *word = NULL;
    int cmd, ch, rc;

    while ((ch = getopt_long(argc, argv, "+k:p:c:o:s:a:nhV", longopts, NULL)) != -1 ||
           optind < argc) {
        if (ch == -1) {         /* a word: the command, then the input */
            if (take_word(argv[optind++], &word, &o.in) != EX_OK)
                return EX_USAGE;
            continue;
        }
        switch (ch) {
        case 'k': o.key = optarg; break;
        case 'p': o.peer = optarg; break;
        case 'o': o.out = optarg; break;
        case 'n': o.no_clobber = 1; break;
        case 's': o.sig = optarg; break;
        case O_DET: o.deterministic = 1; break;
        case O_RAW: o.raw = 1; break;
        case O_DER: o.der = 1; break;
        case O_SEC1: o.sec1 = 1; break;
        case O_PUBOUT: o.pub_out = optarg; break;
        case 'a':
            if (!hash_by_name(optarg, &o.hash))
                return EX_USAGE;
            o.hash_set = 1;
            break;
        case 'c':
            o.curve = curve_by_name(optarg);
            if (o.curve == NULL) {
                fprintf(stderr, PROG ": unknown curve '%s' (p256, p384, p521, x25519, x448, "
                        "ed25519 or ed448)\n", optarg);
                return EX_USAGE;
            }
            break;
        case O_FORMAT:
            if (!parse_format(optarg, &o.der))
                return EX_USAGE;
            break;
        default:                /* -h, -V or a bad option */
            return help_or_version(ch, usage);
        }
    }
    cmd = find_command(word, cmds, NCMDS, "genkey, pubkey, sign, verify or derive");
    if (cmd < 0)
        return EX_USAGE;
    if (cmd == DERIVE && o.peer == NULL) {
        fprintf(stderr, PROG ": derive needs the peer's key (-p FILE)\n");
        return EX_USAGE;
    }
    /* before the outputs are opened, so that nothing is created */
    if (cmd == GENKEY && o.sec1 && o.curve != NULL && o.curve->x) {
        fprintf(stderr, PROG ": --sec1: %s keys have no SEC1 form (write PKCS#8: no "
                "--sec1)\n", o.curve->name);
        return EX_USAGE;
    }
    /* the outputs are decided before any work: a private key or a shared
     * secret gets mode 0600, the rest 0644 (before the umask) */
    if (cmd != VERIFY && open_outputs(o.out, cmd == GENKEY || cmd == DERIVE ? 0600 : 0644,
                                      cmd == GENKEY ? o.pub_out : NULL, o.no_clobber) != EX_OK)
        return EX_IO;
    if (cmd == GENKEY) {
        rc = cmd_genkey(&o, &key);
    } else {
        rc = load_key(o.key, "-k", &o, &key, &c);
        if (rc == EX_OK && !can_do(cmd, c)) {
            rc = EX_KEY;
        } else if (rc == EX_OK && (cmd == SIGN || cmd == DERIVE) && !has_private(&key)) {
            fprintf(stderr, PROG ": %s: %s needs a private key\n", o.key, word);
            rc = EX_KEY;
        } else if (rc == EX_OK && cmd == PUBKEY) {
            rc = save_key(&key, &o, 0, &out_file);
        } else if (rc == EX_OK && cmd == DERIVE) {
            rc = cmd_derive(&o, &key, c);
        } else if (rc == EX_OK && (c->can & CAN_EDDSA)) {
            rc = cmd_eddsa(&o, &key, c, cmd == VERIFY);
        } else if (rc == EX_OK) {
            rc = cmd_sign_verify(&o, &key, c, cmd == VERIFY);
        }
    }
    zc_out_close(&out_file, 0);   /* what was not written is removed */
    zc_out_close(&pub_file, 0);
    zc_ec_key_wipe(&key);
    return rc;
}
