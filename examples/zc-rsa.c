/*
 * zc-rsa - RSA keys, signatures and OAEP encryption from the command line,
 * in the formats the openssl command reads and writes.
 *
 *   zc-rsa genkey  [--bits N] [--format pem|der] [--pkcs1] [-o KEY] [--public-out PUB]
 *   zc-rsa pubkey  -k KEY [--format pem|der] [--pkcs1] [-o PUB]
 *   zc-rsa sign    -k KEY [-a HASH] [--pss [--salt-len N|digest|max]] [-o SIG] [FILE]
 *   zc-rsa verify  -k KEY -s SIG [-a HASH] [--pss [--salt-len N|auto]] [FILE]
 *   zc-rsa encrypt -k KEY [-a HASH] [--label TEXT] [-o OUT] [IN]
 *   zc-rsa decrypt -k KEY [-a HASH] [--label TEXT] [-o OUT] [IN]
 *
 * Keys are DER (PKCS#1, PKCS#8, SubjectPublicKeyInfo; the library parses
 * them) or PEM, which is that DER in base64 between "-----BEGIN label-----"
 * and "-----END label-----" lines (RFC 7468); zc_keyfile.h has the coder.
 * Files to sign are hashed in pieces with the library's hash API, so they
 * may be of any size; a signature is the raw zc_rsa_size() bytes, as
 * openssl writes.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700      /* realpath() in zc_out.h */

#include <zcrypt.h>
#include "zc_why.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PROG "zc-rsa"

#include "zc_out.h"
#include "zc_keyfile.h"

#define KEYFILE_MAX 32768       /* a PEM 4096-bit PKCS#8 key is about 3.3 KiB */
#define DER_MAX     8192
#define SIG_MAX     (ZC_RSA_MAX_BITS / 8)

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: " PROG " COMMAND [OPTION...] [FILE]\n"
        "RSA keys, signatures and OAEP encryption, interoperable with openssl.\n"
        "\n"
        "Commands:\n"
        "  genkey   make a key pair; write the private key (-o) and optionally\n"
        "           the public key (--public-out)\n"
        "  pubkey   write the public key of KEY\n"
        "  sign     sign FILE (default: standard input); the signature is raw bytes\n"
        "  verify   check the signature in SIG over FILE; prints \"Verified OK\"\n"
        "  encrypt  encrypt a short message with RSAES-OAEP\n"
        "  decrypt  decrypt an RSAES-OAEP message\n"
        "\n"
        "Options:\n"
        "  -k, --key FILE         the key: DER or PEM; PKCS#1, PKCS#8 or\n"
        "                         SubjectPublicKeyInfo (unencrypted)\n"
        "  -o, --output FILE      write to FILE (default: standard output); key\n"
        "                         files and plaintext are created with mode 0600\n"
        "  -n, --no-clobber       refuse to replace an existing output file\n"
        "  -s, --signature FILE   the signature to verify\n"
        "  -a, --hash ALG         sha1, sha224, sha256 (default), sha384, sha512,\n"
        "                         sha512-224, sha512-256, sha3-224, sha3-256,\n"
        "                         sha3-384 or sha3-512 (also OAEP's label hash and MGF1)\n"
        "      --pss              sign/verify with RSASSA-PSS, MGF1 with the same\n"
        "                         hash (default: PKCS#1 v1.5)\n"
        "      --salt-len N       PSS salt length in bytes, or auto, digest or max:\n"
        "                         verify defaults to auto (any salt length, read\n"
        "                         from the signature, as openssl); sign to digest\n"
        "                         (the hash size); max is the largest the key\n"
        "                         holds (openssl's signing default); auto when\n"
        "                         signing is max\n"
        "      --label TEXT       OAEP label (default: none)\n"
        "      --bits N           genkey: modulus size, %u..%u (default 3072)\n"
        "      --format pem|der   key output format (default pem)\n"
        "      --pkcs1            write PKCS#1 RSAPrivateKey / RSAPublicKey instead\n"
        "                         of PKCS#8 / SubjectPublicKeyInfo\n"
        "      --public-out FILE  genkey: also write the public key to FILE\n"
        "  -h, --help             show this help and exit\n"
        "  -V, --version          show the version and exit\n"
        "\n"
        "PEM labels: \"PRIVATE KEY\" (PKCS#8), \"RSA PRIVATE KEY\" (PKCS#1),\n"
        "\"PUBLIC KEY\" (SubjectPublicKeyInfo), \"RSA PUBLIC KEY\" (PKCS#1).\n"
        "The public exponent of new keys is 65537.\n"
        "\n"
        KEYTOOL_HELP_OUTPUT
        "\n"
        "Exit status: 0 success (signature valid); 1 signature invalid or\n"
        "decryption failed; 2 usage error; 3 input/output error; 4 the key could\n"
        "not be read; 5 the library failed.\n",
        ZC_RSA_GEN_MIN_BITS, ZC_RSA_GEN_MAX_BITS);
}

/* The PEM labels of the four DER structures (RFC 7468, 10-13; PKCS#1 by use). */
static const char *const labels[] = {
    [ZC_RSA_DER_PUBLIC_PKCS1]  = "RSA PUBLIC KEY",
    [ZC_RSA_DER_PUBLIC_SPKI]   = "PUBLIC KEY",
    [ZC_RSA_DER_PRIVATE_PKCS1] = "RSA PRIVATE KEY",
    [ZC_RSA_DER_PRIVATE_PKCS8] = "PRIVATE KEY",
};

/* --salt-len words: verify defaults to auto (any length, as openssl);
 * sign to digest (the hash size); max is the largest the key holds. */
enum { SALT_AUTO = -1, SALT_DIGEST = -2, SALT_MAX = -3, SALT_DEFAULT = -4 };

struct opts {
    const char *key, *out, *sig, *pub_out, *label, *in;
    enum zc_hash_alg hash;
    int pss, der, pkcs1, no_clobber;
    long salt_len;              /* >= 0 a length; SALT_* below */
    unsigned bits;
};

/* The bits of a DER INTEGER's value (leading zero bytes skipped). */
static unsigned der_int_bits(const uint8_t *v, size_t len)
{
    unsigned bits;

    while (len > 0 && *v == 0) {
        v++;
        len--;
    }
    if (len == 0)
        return 0;
    for (bits = 8; bits > 0 && !(*v & (1u << (bits - 1))); bits--)
        ;
    return (unsigned)(len - 1) * 8 + bits;
}

/*
 * Why a key the library refused is refused, in words (why = "" when no
 * more can be said than "not an RSA key"): an encrypted PKCS#8 key, an
 * RSA-PSS key (id-RSASSA-PSS instead of rsaEncryption), or a key beyond
 * the sizes the library takes (private keys 4096 bits, public 8192).
 */
static void der_diagnose(const uint8_t *der, size_t len, char *why, size_t size)
{
    static const uint8_t oid_pss[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a };
    const uint8_t *p = der, *end = der + len, *c, *q, *e, *v;
    unsigned tag, bits = 0;
    size_t n, vn;
    int private = 0;

    why[0] = '\0';
    if (!der_next(&p, end, &tag, &c, &n) || tag != 0x30)
        return;
    q = c;
    e = c + n;
    if (!der_next(&q, e, &tag, &v, &vn))
        return;
    if (tag == 0x30) {          /* SPKI: AlgorithmIdentifier first; or encrypted PKCS#8 */
        const uint8_t *a = v, *oid;
        size_t on;

        if (der_next(&a, v + vn, &tag, &oid, &on) && tag == 0x06 && on == sizeof oid_pss &&
            memcmp(oid, oid_pss, on) == 0) {
            snprintf(why, size, "RSA-PSS keys (id-RSASSA-PSS) are not supported: use an "
                     "rsaEncryption key (PSS signatures work with it: --pss)");
            return;
        }
        if (der_next(&q, e, &tag, &v, &vn) && tag == 0x04) {
            snprintf(why, size, WHY_ENCRYPTED_PKCS8);
            return;
        }
        if (tag == 0x03 && vn > 1) {            /* SPKI's BIT STRING: RSAPublicKey */
            const uint8_t *r = v + 1, *rc_, *m;
            size_t rn, mn;

            if (der_next(&r, v + vn, &tag, &rc_, &rn) && tag == 0x30 &&
                der_next(&rc_, rc_ + rn, &tag, &m, &mn) && tag == 0x02)
                bits = der_int_bits(m, mn);
        }
    } else if (tag == 0x02) {   /* PKCS#1 (n, e) or (0, n, e, d, ...); PKCS#8 (0, alg, key) */
        const uint8_t *first = v;
        size_t first_len = vn;

        if (!der_next(&q, e, &tag, &v, &vn))
            return;
        if (tag == 0x02 && first_len == 1 && first[0] == 0 && q < e) {
            bits = der_int_bits(v, vn);         /* RSAPrivateKey: n after the version */
            private = 1;
        } else if (tag == 0x02) {
            bits = der_int_bits(first, first_len);      /* RSAPublicKey: n, e */
        } else if (tag == 0x30) {
            const uint8_t *a = v, *oid, *k, *m;
            size_t on, kn, mn;

            if (der_next(&a, v + vn, &tag, &oid, &on) && tag == 0x06 &&
                on == sizeof oid_pss && memcmp(oid, oid_pss, on) == 0) {
                snprintf(why, size, "RSA-PSS keys (id-RSASSA-PSS) are not supported: use an "
                         "rsaEncryption key (PSS signatures work with it: --pss)");
                return;
            }
            private = 1;
            if (der_next(&q, e, &tag, &k, &kn) && tag == 0x04 &&
                der_next(&k, k + kn, &tag, &c, &n) && tag == 0x30 &&
                der_next(&c, c + n, &tag, &m, &mn) && tag == 0x02 &&   /* version */
                der_next(&c, k + kn, &tag, &m, &mn) && tag == 0x02)   /* n */
                bits = der_int_bits(m, mn);
        }
    }
    if (private && bits > ZC_RSA_MAX_PRIVATE_BITS)
        snprintf(why, size, "private keys above %u bits are not supported (this one has %u)",
                 ZC_RSA_MAX_PRIVATE_BITS, bits);
    else if (bits > ZC_RSA_MAX_BITS)
        snprintf(why, size, "keys above %u bits are not supported (this one has %u)",
                 ZC_RSA_MAX_BITS, bits);
}

/* Load a key file (DER or PEM). */
static int load_key(const char *path, zc_rsa_key *k)
{
    static uint8_t buf[KEYFILE_MAX + 1];
    size_t len;
    int rc = read_key_file(path, "-k", buf, KEYFILE_MAX, labels,
                           sizeof labels / sizeof labels[0], "an RSA key", &len);

    if (rc != EX_OK)
        return rc;
    rc = zc_rsa_key_from_der(k, buf, len);
    if (rc != ZC_OK) {
        char why[160];

        der_diagnose(buf, len, why, sizeof why);
        fprintf(stderr, PROG ": %s: %s\n", path, why[0] ? why : "not an RSA key");
    }
    wipe(buf, sizeof buf);
    return rc == ZC_OK ? EX_OK : EX_KEY;
}

/* Write a key in the format chosen by the options. */
static int save_key(const zc_rsa_key *k, const struct opts *o, int private, struct zc_out *out)
{
    static uint8_t der[DER_MAX];
    enum zc_rsa_der_format f;
    size_t der_len = sizeof der;
    int rc;

    if (private)
        f = o->pkcs1 ? ZC_RSA_DER_PRIVATE_PKCS1 : ZC_RSA_DER_PRIVATE_PKCS8;
    else
        f = o->pkcs1 ? ZC_RSA_DER_PUBLIC_PKCS1 : ZC_RSA_DER_PUBLIC_SPKI;
    rc = zc_rsa_key_export_der(k, f, der, &der_len);
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": exporting the key: %s\n", zc_strerror(rc));
        zc_out_close(out, 0);
        return EX_LIB;
    }
    rc = o->der ? write_out(out, der, der_len) : write_pem(out, labels[f], der, der_len);
    wipe(der, sizeof der);
    return rc;
}

static int cmd_genkey(const struct opts *o, zc_rsa_key *k)
{
    int rc = zc_rsa_generate(k, o->bits, 0);

    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": generating a %u-bit key: %s\n", o->bits,
                zc_why(rc, ZC_ALGO_RSA, o->bits / 8));
        return rc == ZC_EINVAL ? EX_USAGE : EX_LIB;
    }
    rc = save_key(k, o, 1, &out_file);
    if (rc == EX_OK && o->pub_out != NULL)
        rc = save_key(k, o, 0, &pub_file);
    return rc;
}

static int cmd_sign_verify(const struct opts *o, const zc_rsa_key *k, int verify)
{
    uint8_t digest[ZC_HASH_MAX_SIZE], sig[SIG_MAX + 1];
    size_t hlen = zc_hash_size(o->hash), em_len = (zc_rsa_bits(k) - 1 + 7) / 8;
    size_t max = em_len > hlen + 2 ? em_len - hlen - 2 : 0, salt;
    size_t sig_len = sizeof sig;
    long n;
    int rc = hash_input(o->in, o->hash, digest);

    if (rc != EX_OK)
        return rc;
    switch (o->salt_len) {
    case SALT_DEFAULT:
        salt = verify ? ZC_RSA_PSS_SALT_ANY : hlen;
        break;
    case SALT_AUTO:             /* signing: as openssl, the largest */
        salt = verify ? ZC_RSA_PSS_SALT_ANY : max;
        break;
    case SALT_DIGEST:
        salt = hlen;
        break;
    case SALT_MAX:
        salt = max;
        break;
    default:
        salt = (size_t)o->salt_len;
        break;
    }
    if (!verify) {
        rc = o->pss ? zc_rsa_pss_sign(k, o->hash, digest, salt, sig, &sig_len)
                    : zc_rsa_pkcs1v15_sign(k, o->hash, digest, sig, &sig_len);
        if (rc != ZC_OK) {
            fprintf(stderr, PROG ": signing: %s\n", zc_why(rc, ZC_ALGO_RSA, zc_rsa_size(k)));
            return EX_LIB;
        }
        return write_out(&out_file, sig, sig_len);
    }
    if (o->sig == NULL) {
        fprintf(stderr, PROG ": verify needs the signature (-s FILE)\n");
        return EX_USAGE;
    }
    n = read_file(o->sig, sig, sizeof sig);
    if (n == -1)
        return EX_IO;
    sig_len = n < 0 ? sizeof sig : (size_t)n;   /* too long: a wrong length */
    rc = o->pss ? zc_rsa_pss_verify(k, o->hash, digest, salt, sig, sig_len)
                : zc_rsa_pkcs1v15_verify(k, o->hash, digest, sig, sig_len);
    if (rc == ZC_OK) {
        printf("Verified OK\n");
        return zc_stdout_status(PROG, EX_OK, EX_IO);
    }
    fprintf(stderr, PROG ": %s: %s%s\n", o->sig, rc == ZC_EAUTH ? "signature invalid: " : "",
            zc_why(rc, ZC_ALGO_RSA, zc_rsa_size(k)));
    return rc == ZC_EAUTH ? EX_AUTH : EX_LIB;
}

static int cmd_crypt(const struct opts *o, const zc_rsa_key *k, int decrypt)
{
    static uint8_t in[SIG_MAX + 1], out[SIG_MAX];
    const uint8_t *label = (const uint8_t *)o->label;
    size_t label_len = label ? strlen(o->label) : 0, out_len = sizeof out;
    size_t hlen = zc_hash_size(o->hash), size = zc_rsa_size(k);
    size_t max = decrypt ? size : (size > 2 * hlen + 2 ? size - 2 * hlen - 2 : 0);
    long n = read_file(o->in, in, max);
    int rc;

    if (n == -1)
        return EX_IO;
    if (n == -2) {
        fprintf(stderr, PROG ": %s: longer than the %zu bytes this key and hash %s\n",
                o->in ? o->in : "standard input", max,
                decrypt ? "make" : "can encrypt with OAEP");
        return decrypt ? EX_AUTH : EX_USAGE;
    }
    if (decrypt)
        rc = zc_rsa_oaep_decrypt(k, o->hash, label, label_len, in, (size_t)n, out, &out_len);
    else
        rc = zc_rsa_oaep_encrypt(k, o->hash, label, label_len, in, (size_t)n, out, &out_len);
    wipe(in, sizeof in);
    if (rc == ZC_OK)
        rc = write_out(&out_file, out, out_len);
    else if (decrypt && (rc == ZC_EAUTH || (rc == ZC_EINVAL && (size_t)n != size))) {
        fprintf(stderr, PROG ": decryption failed: %s\n", zc_strerror(ZC_EAUTH));
        rc = EX_AUTH;
    } else {
        fprintf(stderr, PROG ": %s: %s\n", decrypt ? "decrypting" : "encrypting",
                zc_why(rc, ZC_ALGO_RSA, size));
        rc = EX_LIB;
    }
    wipe(out, sizeof out);
    return rc;
}

static int parse_number(const char *s, const char *what, long lo, long hi, long *v)
{
    char *end;

    errno = 0;
    *v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || end == s || *v < lo || *v > hi) {
        fprintf(stderr, PROG ": %s must be %ld..%ld\n", what, lo, hi);
        return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    enum { O_PSS = 256, O_SALT, O_LABEL, O_BITS, O_FORMAT, O_PKCS1, O_PUBOUT };
    static const struct option longopts[] = {
        KEYTOOL_LONGOPTS,
        { "pss", no_argument, NULL, O_PSS },
        { "salt-len", required_argument, NULL, O_SALT },
        { "label", required_argument, NULL, O_LABEL },
        { "bits", required_argument, NULL, O_BITS },
        { "format", required_argument, NULL, O_FORMAT },
        { "pkcs1", no_argument, NULL, O_PKCS1 },
        { "public-out", required_argument, NULL, O_PUBOUT },
        { NULL, 0, NULL, 0 },
    };
    static const char *const cmds[] = { "genkey", "pubkey", "sign", "verify", "encrypt", "decrypt" };
    struct opts o = { .hash = ZC_SHA256, .salt_len = SALT_DEFAULT, .bits = 3072 };
    static zc_rsa_key key;
    const char *cmd = NULL;
    long v;
    int i, ch, rc;

    while ((ch = getopt_long(argc, argv, "+k:o:s:a:nhV", longopts, NULL)) != -1 || optind < argc) {
        if (ch == -1) {         /* a word: the command, then the input */
            if (take_word(argv[optind++], &cmd, &o.in) != EX_OK)
                return EX_USAGE;
            continue;
        }
        switch (ch) {
        case 'k': o.key = optarg; break;
        case 'o': o.out = optarg; break;
        case 'n': o.no_clobber = 1; break;
        case 's': o.sig = optarg; break;
        case O_PSS: o.pss = 1; break;
        case O_LABEL: o.label = optarg; break;
        case O_PKCS1: o.pkcs1 = 1; break;
        case O_PUBOUT: o.pub_out = optarg; break;
        case 'a':
            if (!hash_by_name(optarg, &o.hash))
                return EX_USAGE;
            break;
        case O_SALT:
            if (strcmp(optarg, "auto") == 0)
                o.salt_len = SALT_AUTO;
            else if (strcmp(optarg, "digest") == 0)
                o.salt_len = SALT_DIGEST;
            else if (strcmp(optarg, "max") == 0)
                o.salt_len = SALT_MAX;
            else if (!parse_number(optarg, "--salt-len (or auto, digest, max)", 0, SIG_MAX, &v))
                return EX_USAGE;
            else
                o.salt_len = v;
            break;
        case O_BITS:
            if (!parse_number(optarg, "--bits", ZC_RSA_GEN_MIN_BITS, ZC_RSA_GEN_MAX_BITS, &v))
                return EX_USAGE;
            o.bits = (unsigned)v;
            break;
        case O_FORMAT:
            if (!parse_format(optarg, &o.der))
                return EX_USAGE;
            break;
        default:                /* -h, -V or a bad option */
            return help_or_version(ch, usage);
        }
    }
    i = find_command(cmd, cmds, (int)(sizeof cmds / sizeof cmds[0]),
                     "genkey, pubkey, sign, verify, encrypt or decrypt");
    if (i < 0)
        return EX_USAGE;
    /* the outputs are decided before any work: a private key or plaintext
     * gets mode 0600, the rest 0644 (before the umask) */
    if (i != 3 && open_outputs(o.out, i == 0 || i == 5 ? 0600 : 0644,
                               i == 0 ? o.pub_out : NULL, o.no_clobber) != EX_OK)
        return EX_IO;
    if (i == 0) {
        rc = cmd_genkey(&o, &key);
    } else {
        rc = load_key(o.key, &key);
        if (rc == EX_OK && i == 1)
            rc = save_key(&key, &o, 0, &out_file);
        else if (rc == EX_OK && (i == 2 || i == 5) && !zc_rsa_key_has_private(&key)) {
            fprintf(stderr, PROG ": %s needs a private key\n", cmd);
            rc = EX_KEY;
        } else if (rc == EX_OK && i <= 3)
            rc = cmd_sign_verify(&o, &key, i == 3);
        else if (rc == EX_OK)
            rc = cmd_crypt(&o, &key, i == 5);
    }
    zc_out_close(&out_file, 0);   /* what was not written is removed */
    zc_out_close(&pub_file, 0);
    zc_rsa_key_wipe(&key);
    return rc;
}
