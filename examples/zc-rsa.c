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
 * and "-----END label-----" lines (RFC 7468). The base64 coder here is
 * this program's own; it maps characters with masks instead of a table or
 * branches, as BearSSL's does, because it handles private keys. Files to
 * sign are hashed in pieces with the library's hash API, so they may be of
 * any size; a signature is the raw zc_rsa_size() bytes, as openssl writes.
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

/* Exit codes, also listed in --help and the man page (as zc-encrypt's). */
enum {
    EX_OK = 0,
    EX_AUTH = 1,    /* signature invalid, or decryption failed */
    EX_USAGE = 2,
    EX_IO = 3,      /* open, read, write */
    EX_KEY = 4,     /* key unreadable or malformed */
    EX_LIB = 5,     /* the library refused (message from zc_strerror) */
};

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
        "An output FILE that is a regular file or does not exist is written to a\n"
        "temporary file in its directory and renamed to FILE at the end (removed on\n"
        "failure); an existing FILE is replaced by a new file unless -n is given.\n"
        "A symbolic link is followed (its target replaced, the link kept; a dangling\n"
        "link is refused); a device, FIFO or socket is written through, never\n"
        "replaced or chmodded; a directory is refused. Outputs are checked before\n"
        "any work is done.\n"
        "\n"
        "Exit status: 0 success (signature valid); 1 signature invalid or\n"
        "decryption failed; 2 usage error; 3 input/output error; 4 the key could\n"
        "not be read; 5 the library failed.\n",
        ZC_RSA_GEN_MIN_BITS, ZC_RSA_GEN_MAX_BITS);
}

static const struct hash_name {
    const char *name;
    enum zc_hash_alg alg;
} hashes[] = {
    { .name = "sha1",       .alg = ZC_SHA1 },
    { .name = "sha224",     .alg = ZC_SHA224 },
    { .name = "sha256",     .alg = ZC_SHA256 },
    { .name = "sha384",     .alg = ZC_SHA384 },
    { .name = "sha512",     .alg = ZC_SHA512 },
    { .name = "sha512-224", .alg = ZC_SHA512_224 },
    { .name = "sha512-256", .alg = ZC_SHA512_256 },
    { .name = "sha3-224",   .alg = ZC_SHA3_224 },
    { .name = "sha3-256",   .alg = ZC_SHA3_256 },
    { .name = "sha3-384",   .alg = ZC_SHA3_384 },
    { .name = "sha3-512",   .alg = ZC_SHA3_512 },
};

/* The PEM labels of the four DER structures (RFC 7468, 10-13; PKCS#1 by use). */
static const struct pem_label {
    const char *label;
    enum zc_rsa_der_format format;
} labels[] = {
    { .label = "RSA PUBLIC KEY",  .format = ZC_RSA_DER_PUBLIC_PKCS1 },
    { .label = "PUBLIC KEY",      .format = ZC_RSA_DER_PUBLIC_SPKI },
    { .label = "RSA PRIVATE KEY", .format = ZC_RSA_DER_PRIVATE_PKCS1 },
    { .label = "PRIVATE KEY",     .format = ZC_RSA_DER_PRIVATE_PKCS8 },
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

/* Clear key material; volatile so the stores are not optimised away. */
static void wipe(void *p, size_t len)
{
    volatile uint8_t *v = p;

    while (len--)
        *v++ = 0;
}

/*
 * Base64 (RFC 4648, 4) without tables or branches on the data: each
 * character range is selected by a mask made from the sign of two
 * differences (arithmetic right shift of a negative int gives all ones).
 */
static char b64_char(unsigned v)
{
    int x = (int)v, c = 'A' + x;

    c += ((25 - x) >> 8) & ('a' - 'A' - 26);    /* 26..51: a..z */
    c += ((51 - x) >> 8) & ('0' - 'a' - 26);    /* 52..61: 0..9 */
    c += ((61 - x) >> 8) & ('+' - '0' - 10);    /* 62: + */
    c += ((62 - x) >> 8) & ('/' - '+' - 1);     /* 63: / */
    return (char)c;
}

/* The value of one base64 character, or -1. */
static int b64_value(int c)
{
    int v = -1;

    v += ((('A' - 1 - c) & (c - 'Z' - 1)) >> 8) & (c - 'A' + 1);
    v += ((('a' - 1 - c) & (c - 'z' - 1)) >> 8) & (c - 'a' + 27);
    v += ((('0' - 1 - c) & (c - '9' - 1)) >> 8) & (c - '0' + 53);
    v += ((('+' - 1 - c) & (c - '+' - 1)) >> 8) & 63;
    v += ((('/' - 1 - c) & (c - '/' - 1)) >> 8) & 64;
    return v;
}

/* Encode with 64-character lines; returns the text length. out needs
 * 4 ceil(len / 3) + that / 64 + 1 bytes. */
static size_t b64_encode(const uint8_t *in, size_t len, char *out)
{
    size_t i, o = 0, col = 0;

    for (i = 0; i < len; i += 3) {
        uint32_t w = (uint32_t)in[i] << 16;
        size_t n = len - i < 3 ? len - i : 3;

        if (n > 1)
            w |= (uint32_t)in[i + 1] << 8;
        if (n > 2)
            w |= in[i + 2];
        out[o++] = b64_char(w >> 18);
        out[o++] = b64_char(w >> 12 & 63);
        out[o++] = n > 1 ? b64_char(w >> 6 & 63) : '=';
        out[o++] = n > 2 ? b64_char(w & 63) : '=';
        col += 4;
        if (col == 64 || i + 3 >= len) {
            out[o++] = '\n';
            col = 0;
        }
    }
    return o;
}

/* Decode, skipping line breaks and blanks; strict padding. Returns the
 * byte count, or -1 for anything that is not base64. */
static long b64_decode(const char *in, size_t len, uint8_t *out, size_t cap)
{
    size_t i, o = 0;
    uint32_t w = 0;
    int n = 0, pad = 0, bad = 0;

    for (i = 0; i < len; i++) {
        int c = (unsigned char)in[i], v;

        if (c == '\n' || c == '\r' || c == ' ' || c == '\t')
            continue;
        if (c == '=') {
            pad++;
            continue;
        }
        if (pad != 0)           /* data after padding */
            return -1;
        v = b64_value(c);
        bad |= v;               /* negative once any character was invalid */
        w = w << 6 | (uint32_t)(v & 63);
        if (++n == 4) {
            if (o + 3 > cap)
                return -1;
            out[o++] = (uint8_t)(w >> 16);
            out[o++] = (uint8_t)(w >> 8);
            out[o++] = (uint8_t)w;
            n = 0;
            w = 0;
        }
    }
    if (bad < 0 || pad > 2 || (n != 0 && n + pad != 4) || (n == 0 && pad != 0) || n == 1)
        return -1;
    if (n > 0) {
        w <<= 6 * (4 - n);
        if (o + (size_t)n - 1 > cap)
            return -1;
        out[o++] = (uint8_t)(w >> 16);
        if (n == 3)
            out[o++] = (uint8_t)(w >> 8);
    }
    wipe(&w, sizeof w);
    return (long)o;
}

/* Read a whole file (or standard input for NULL or "-") of at most cap
 * bytes; returns the length, -1 on error (reported), -2 when too long. */
static long read_file(const char *path, uint8_t *buf, size_t cap)
{
    int fd = STDIN_FILENO;
    size_t got = 0;

    if (path != NULL && strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
            return -1;
        }
    }
    for (;;) {
        uint8_t extra;
        ssize_t n = got < cap ? read(fd, buf + got, cap - got) : read(fd, &extra, 1);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            fprintf(stderr, PROG ": %s: %s\n", path ? path : "standard input", strerror(errno));
            got = (size_t)-1;
            break;
        }
        if (n == 0)
            break;
        if (got == cap) {
            got = (size_t)-2;
            break;
        }
        got += (size_t)n;
    }
    if (fd != STDIN_FILENO)
        close(fd);
    return (long)got;
}

/* -o and --public-out, opened before any work (fd -1: not opened). */
static struct zc_out out_file = { .fd = -1 }, pub_file = { .fd = -1 };

/* Write a whole buffer to an output opened by zc_out_open() and finish it. */
static int write_out(struct zc_out *out, const void *data, size_t len)
{
    int ok = zc_out_write(out, data, len) == 0;

    return zc_out_close(out, ok) == 0 && ok ? EX_OK : EX_IO;
}

/* The PEM label of a file that is no RSA key, for the message. */
static char pem_other[48];

/* If text is PEM, replace it by its DER in place; 0 on success, -1 not
 * PEM or base64 that does not decode, -2 an encrypted PKCS#8 key, -3
 * another label (kept in pem_other), -4 an encrypted PKCS#1 key. */
static int pem_to_der(uint8_t *buf, size_t *len)
{
    static const char begin[] = "-----BEGIN ", dashes[] = "-----";
    char *text = (char *)buf, *label, *body, *end, endline[64];
    size_t i, label_len;
    long n;

    text[*len] = '\0';         /* the buffer has one byte more */
    label = strstr(text, begin);    /* text may precede it (RFC 7468, 2) */
    if (label == NULL || text[0] == 0x30)
        return 0;               /* not PEM (DER starts with a SEQUENCE): as it is */
    label += sizeof begin - 1;
    body = strstr(label, dashes);
    if (body == NULL)
        return -1;
    label_len = (size_t)(body - label);
    for (i = 0; i < sizeof labels / sizeof labels[0]; i++)
        if (strlen(labels[i].label) == label_len && memcmp(labels[i].label, label, label_len) == 0)
            break;
    if (i == sizeof labels / sizeof labels[0]) {
        static const char enc[] = "ENCRYPTED PRIVATE KEY";

        if (label_len == sizeof enc - 1 && memcmp(label, enc, label_len) == 0)
            return -2;          /* encrypted PKCS#8 */
        snprintf(pem_other, sizeof pem_other, "%.*s", (int)(label_len < 40 ? label_len : 40),
                 label);
        return -3;
    }
    if (strstr(body, "Proc-Type: 4,ENCRYPTED") != NULL)
        return -4;              /* an encrypted PKCS#1 PEM (openssl's traditional form) */
    snprintf(endline, sizeof endline, "-----END %s-----", labels[i].label);
    body += sizeof dashes - 1;
    end = strstr(body, endline);
    if (end == NULL)
        return -1;
    n = b64_decode(body, (size_t)(end - body), buf, *len);
    if (n <= 0)
        return -1;
    wipe(buf + n, *len - (size_t)n);    /* the rest of the text */
    *len = (size_t)n;
    return 0;
}

/*
 * A minimal DER reader for the messages below: the element at *p (tag,
 * content, length), *p moved past it; 0 when it does not fit.
 */
static int der_next(const uint8_t **p, const uint8_t *end, unsigned *tag,
                    const uint8_t **content, size_t *len)
{
    const uint8_t *q = *p;
    size_t n, i, k;

    if (end - q < 2)
        return 0;
    *tag = *q++;
    n = *q++;
    if (n & 0x80) {
        k = n & 0x7f;
        if (k == 0 || k > 3 || (size_t)(end - q) < k)
            return 0;
        for (n = 0, i = 0; i < k; i++)
            n = n << 8 | *q++;
    }
    if ((size_t)(end - q) < n)
        return 0;
    *content = q;
    *len = n;
    *p = q + n;
    return 1;
}

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
            snprintf(why, size, "encrypted keys are not supported: decrypt with openssl "
                     "pkcs8 first (openssl pkcs8 -in KEY -out PLAIN)");
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
    long n;
    size_t len;
    int rc, pem;

    if (path == NULL) {
        fprintf(stderr, PROG ": no key given (-k FILE)\n");
        return EX_USAGE;
    }
    n = read_file(path, buf, KEYFILE_MAX);
    if (n == -1)
        return EX_KEY;
    if (n == -2) {
        fprintf(stderr, PROG ": %s: too long for a key file\n", path);
        return EX_KEY;
    }
    len = (size_t)n;
    pem = pem_to_der(buf, &len);
    if (pem == -3) {
        fprintf(stderr, PROG ": %s: PEM label \"%s\" is not an RSA key\n", path, pem_other);
        wipe(buf, sizeof buf);
        return EX_KEY;
    }
    rc = pem == 0 ? zc_rsa_key_from_der(k, buf, len) : ZC_EINVAL;
    if (rc != ZC_OK) {
        char why[160];

        if (pem == -2)
            snprintf(why, sizeof why, "encrypted keys are not supported: decrypt with "
                     "openssl pkcs8 first (openssl pkcs8 -in KEY -out PLAIN)");
        else if (pem == -4)
            snprintf(why, sizeof why, "encrypted keys are not supported: decrypt with "
                     "openssl first (openssl pkey -in KEY -out PLAIN)");
        else
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
    static char pem[DER_MAX * 2];
    enum zc_rsa_der_format f;
    size_t der_len = sizeof der, len;
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
    if (o->der) {
        rc = write_out(out, der, der_len);
    } else {
        const char *label = labels[f].label;

        len = (size_t)snprintf(pem, sizeof pem, "-----BEGIN %s-----\n", label);
        len += b64_encode(der, der_len, pem + len);
        len += (size_t)snprintf(pem + len, sizeof pem - len, "-----END %s-----\n", label);
        rc = write_out(out, pem, len);
    }
    wipe(der, sizeof der);
    wipe(pem, sizeof pem);
    return rc;
}

/* Hash a file (or standard input) in pieces. */
static int hash_input(const char *path, enum zc_hash_alg alg, uint8_t *digest)
{
    static uint8_t buf[65536];
    zc_hash_ctx c;
    int fd = STDIN_FILENO, rc;

    if (path != NULL && strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
            return EX_IO;
        }
    }
    rc = zc_hash_init(&c, alg, ZC_BACKEND_AUTO);
    for (;;) {
        ssize_t n;

        if (rc != ZC_OK)
            break;
        n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            fprintf(stderr, PROG ": %s: %s\n", path ? path : "standard input", strerror(errno));
            if (fd != STDIN_FILENO)
                close(fd);
            zc_hash_wipe(&c);
            return EX_IO;
        }
        if (n == 0) {
            rc = zc_hash_final(&c, digest, zc_hash_size(alg));
            break;
        }
        rc = zc_hash_update(&c, buf, (size_t)n);
    }
    if (fd != STDIN_FILENO)
        close(fd);
    zc_hash_wipe(&c);
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": hashing: %s\n", zc_why(rc, (enum zc_algo)alg, 0));
        return EX_LIB;
    }
    return EX_OK;
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
        { "key", required_argument, NULL, 'k' },
        { "output", required_argument, NULL, 'o' },
        { "no-clobber", no_argument, NULL, 'n' },
        { "signature", required_argument, NULL, 's' },
        { "hash", required_argument, NULL, 'a' },
        { "pss", no_argument, NULL, O_PSS },
        { "salt-len", required_argument, NULL, O_SALT },
        { "label", required_argument, NULL, O_LABEL },
        { "bits", required_argument, NULL, O_BITS },
        { "format", required_argument, NULL, O_FORMAT },
        { "pkcs1", no_argument, NULL, O_PKCS1 },
        { "public-out", required_argument, NULL, O_PUBOUT },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    static const char *const cmds[] = { "genkey", "pubkey", "sign", "verify", "encrypt", "decrypt" };
    struct opts o = { .hash = ZC_SHA256, .salt_len = SALT_DEFAULT, .bits = 3072 };
    static zc_rsa_key key;
    const char *cmd = NULL;
    size_t i;
    long v;
    int ch, rc;

    while ((ch = getopt_long(argc, argv, "+k:o:s:a:nhV", longopts, NULL)) != -1 || optind < argc) {
        if (ch == -1) {         /* a word: the command, then the input */
            if (cmd == NULL)
                cmd = argv[optind];
            else if (o.in == NULL)
                o.in = argv[optind];
            else {
                fprintf(stderr, PROG ": at most one input file\n");
                return EX_USAGE;
            }
            optind++;
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
            for (i = 0; i < sizeof hashes / sizeof hashes[0]; i++)
                if (strcmp(optarg, hashes[i].name) == 0)
                    break;
            if (i == sizeof hashes / sizeof hashes[0]) {
                fprintf(stderr, PROG ": unknown hash '%s'\n", optarg);
                return EX_USAGE;
            }
            o.hash = hashes[i].alg;
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
            if (strcmp(optarg, "pem") != 0 && strcmp(optarg, "der") != 0) {
                fprintf(stderr, PROG ": --format is pem or der\n");
                return EX_USAGE;
            }
            o.der = optarg[0] == 'd';
            break;
        case 'h':
            usage(stdout);
            return zc_stdout_status(PROG, EX_OK, EX_IO);
        case 'V':
            printf(PROG " (libzcrypt) %s\n", zc_version());
            return zc_stdout_status(PROG, EX_OK, EX_IO);
        default:
            fprintf(stderr, "Try '" PROG " --help' for more information.\n");
            return EX_USAGE;
        }
    }
    for (i = 0; cmd != NULL && i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(cmd, cmds[i]) == 0)
            break;
    if (cmd == NULL || i == sizeof cmds / sizeof cmds[0]) {
        fprintf(stderr, PROG ": %s%s\nTry '" PROG " --help' for more information.\n",
                cmd ? "unknown command " : "say what to do: genkey, pubkey, sign, verify, "
                "encrypt or decrypt", cmd ? cmd : "");
        return EX_USAGE;
    }
    /* the outputs are decided before any work: a private key or plaintext
     * gets mode 0600, the rest 0644 (before the umask) */
    if (i != 3 && zc_out_open(&out_file, o.out, i == 0 || i == 5 ? 0600 : 0644,
                              o.no_clobber) != 0)
        return EX_IO;
    if (i == 0 && o.pub_out != NULL &&
        zc_out_open(&pub_file, o.pub_out, 0644, o.no_clobber) != 0) {
        zc_out_close(&out_file, 0);
        return EX_IO;
    }
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
