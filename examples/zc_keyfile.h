/*
 * zc_keyfile.h - what the key tools zc-rsa and zc-ec share (included by
 * both, after zc_why.h and zc_out.h; PROG names the program): their exit
 * codes and command line (COMMAND [OPTION...] [FILE]), their outputs, the
 * hash names of -a, reading a whole file, PEM (RFC 7468) to DER and back,
 * a minimal DER element reader for their messages, and hashing a file in
 * pieces with the library's hash API.
 *
 * The base64 coder is this file's own; it maps characters with masks
 * instead of a table or branches, as BearSSL's does, because it handles
 * private keys.
 */
#ifndef ZC_KEYFILE_H
#define ZC_KEYFILE_H

#include <zcrypt.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Exit codes, also listed in --help and the man pages (as zc-encrypt's). */
enum {
    EX_OK = 0,
    EX_AUTH = 1,    /* signature invalid, or decryption failed */
    EX_USAGE = 2,
    EX_IO = 3,      /* open, read, write */
    EX_KEY = 4,     /* key unreadable or malformed */
    EX_LIB = 5,     /* the library refused (message from zc_strerror) */
};

/* The long options both tools have; each table adds its own after them. */
#define KEYTOOL_LONGOPTS \
    { "key", required_argument, NULL, 'k' }, \
    { "output", required_argument, NULL, 'o' }, \
    { "no-clobber", no_argument, NULL, 'n' }, \
    { "signature", required_argument, NULL, 's' }, \
    { "hash", required_argument, NULL, 'a' }, \
    { "help", no_argument, NULL, 'h' }, \
    { "version", no_argument, NULL, 'V' }

/* What --help says about -o (zc_out.h's rules). */
#define KEYTOOL_HELP_OUTPUT \
    "An output FILE that is a regular file or does not exist is written to a\n" \
    "temporary file in its directory and renamed to FILE at the end (removed on\n" \
    "failure); an existing FILE is replaced by a new file unless -n is given.\n" \
    "A symbolic link is followed (its target replaced, the link kept; a dangling\n" \
    "link is refused); a device, FIFO or socket is written through, never\n" \
    "replaced or chmodded; a directory is refused. Outputs are checked before\n" \
    "any work is done.\n"

/* A word of the command line: the command first, then the input file;
 * EX_OK, or EX_USAGE after a message. */
static int take_word(const char *arg, const char **cmd, const char **in)
{
    if (*cmd == NULL) {
        *cmd = arg;
    } else if (*in == NULL) {
        *in = arg;
    } else {
        fprintf(stderr, PROG ": at most one input file\n");
        return EX_USAGE;
    }
    return EX_OK;
}

/* The index of word in cmds[0..n), or -1 after a message (list says
 * them in words). */
static int find_command(const char *word, const char *const *cmds, int n, const char *list)
{
    int i;

    for (i = 0; word != NULL && i < n; i++)
        if (strcmp(word, cmds[i]) == 0)
            return i;
    fprintf(stderr, PROG ": %s%s\nTry '" PROG " --help' for more information.\n",
            word ? "unknown command " : "say what to do: ", word ? word : list);
    return -1;
}

/* --format pem|der: 1 and *der set, or 0 after a message. */
static int parse_format(const char *arg, int *der)
{
    if (strcmp(arg, "pem") != 0 && strcmp(arg, "der") != 0) {
        fprintf(stderr, PROG ": --format is pem or der\n");
        return 0;
    }
    *der = arg[0] == 'd';
    return 1;
}

/* The status for -h, -V (answered on standard output) or a bad option. */
static int help_or_version(int ch, void (*usage)(FILE *))
{
    if (ch == 'h') {
        usage(stdout);
        return zc_stdout_status(PROG, EX_OK, EX_IO);
    }
    if (ch == 'V') {
        printf(PROG " (libzcrypt) %s\n", zc_version());
        return zc_stdout_status(PROG, EX_OK, EX_IO);
    }
    fprintf(stderr, "Try '" PROG " --help' for more information.\n");
    return EX_USAGE;
}

/* -o and genkey's --public-out (fd -1: not opened). */
static struct zc_out out_file = { .fd = -1 }, pub_file = { .fd = -1 };

/* Open them before any work: out with mode, pub (when not NULL) with
 * 0644, both before the umask; EX_OK, or EX_IO with neither left open. */
static int open_outputs(const char *out, mode_t mode, const char *pub, int no_clobber)
{
    if (zc_out_open(&out_file, out, mode, no_clobber) != 0)
        return EX_IO;
    if (pub != NULL && zc_out_open(&pub_file, pub, 0644, no_clobber) != 0) {
        zc_out_close(&out_file, 0);
        return EX_IO;
    }
    return EX_OK;
}

/* The fixed-size hashes, as -a spells them (openssl's names). */
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

/* -a NAME: 1 and *alg set, or 0 after a message. */
static int hash_by_name(const char *name, enum zc_hash_alg *alg)
{
    size_t i;

    for (i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        if (strcmp(name, hashes[i].name) == 0) {
            *alg = hashes[i].alg;
            return 1;
        }
    }
    fprintf(stderr, PROG ": unknown hash '%s'\n", name);
    return 0;
}

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

/* Write a whole buffer to an output opened by zc_out_open() and finish it. */
static int write_out(struct zc_out *out, const void *data, size_t len)
{
    int ok = zc_out_write(out, data, len) == 0;

    return zc_out_close(out, ok) == 0 && ok ? EX_OK : EX_IO;
}

/* Write DER as PEM with label to out and finish it (EX_OK or EX_IO).
 * The text is wiped: it may be a private key. */
static int write_pem(struct zc_out *out, const char *label, const uint8_t *der, size_t len)
{
    static char pem[16384];
    size_t n;
    int rc;

    /* base64, a newline per 48 bytes, two lines with the label (the
     * tools' keys are far shorter: this only keeps pem in bounds) */
    if (4 * ((len + 2) / 3) + (len + 47) / 48 + 2 * strlen(label) + 32 > sizeof pem) {
        fprintf(stderr, PROG ": %zu bytes are too long for PEM here\n", len);
        zc_out_close(out, 0);
        return EX_IO;
    }
    n = (size_t)snprintf(pem, sizeof pem, "-----BEGIN %s-----\n", label);
    n += b64_encode(der, len, pem + n);
    n += (size_t)snprintf(pem + n, sizeof pem - n, "-----END %s-----\n", label);
    rc = write_out(out, pem, n);
    wipe(pem, sizeof pem);
    return rc;
}

/* The PEM label of a file that holds none the program reads, for the message. */
static char pem_other[48];

/*
 * If text is PEM, replace it by its DER in place; labels[0..nlabels) are
 * the labels the program reads (a NULL entry is skipped). Blocks with
 * other labels before the first one read are skipped, as openssl's PEM
 * reader does (openssl ecparam -genkey writes "EC PARAMETERS" first). 0
 * on success (also for text that is not PEM: left as it is), -1 base64
 * that does not decode or a missing END line, and when no block has a
 * label read: -2 an encrypted PKCS#8 key, -3 another label (the first,
 * kept in pem_other); -4 an encrypted PEM key (openssl's traditional
 * form).
 */
static int pem_to_der(uint8_t *buf, size_t *len, const char *const *labels, size_t nlabels)
{
    static const char begin[] = "-----BEGIN ", dashes[] = "-----";
    static const char enc[] = "ENCRYPTED PRIVATE KEY";
    char *text = (char *)buf, *label, *body, *end, endline[64];
    size_t i, label_len;
    int other = 0;
    long n;

    text[*len] = '\0';         /* the buffer has one byte more */
    label = strstr(text, begin);    /* text may precede it (RFC 7468, 2) */
    if (label == NULL || text[0] == 0x30)
        return 0;               /* not PEM (DER starts with a SEQUENCE): as it is */
    for (;;) {
        label += sizeof begin - 1;
        body = strstr(label, dashes);
        if (body == NULL)
            return -1;
        label_len = (size_t)(body - label);
        for (i = 0; i < nlabels; i++)
            if (labels[i] != NULL && strlen(labels[i]) == label_len &&
                memcmp(labels[i], label, label_len) == 0)
                break;
        if (i < nlabels)
            break;
        if (other == 0 && label_len == sizeof enc - 1 && memcmp(label, enc, label_len) == 0) {
            other = -2;         /* encrypted PKCS#8 */
        } else if (other == 0) {
            snprintf(pem_other, sizeof pem_other, "%.*s",
                     (int)(label_len < 40 ? label_len : 40), label);
            other = -3;
        }
        label = strstr(body, begin);
        if (label == NULL)
            return other;
    }
    snprintf(endline, sizeof endline, "-----END %s-----", labels[i]);
    body += sizeof dashes - 1;
    end = strstr(body, endline);
    if (end == NULL)
        return -1;
    *end = '\0';                /* the headers of this block only */
    other = strstr(body, "Proc-Type: 4,ENCRYPTED") != NULL;
    *end = '-';
    if (other)
        return -4;              /* an encrypted PEM key (openssl's traditional form) */
    n = b64_decode(body, (size_t)(end - body), buf, *len);
    if (n <= 0)
        return -1;
    wipe(buf + n, *len - (size_t)n);    /* the rest of the text */
    *len = (size_t)n;
    return 0;
}

/* Why an encrypted key is refused: a PKCS#8 EncryptedPrivateKeyInfo, or
 * openssl's traditional PEM with a Proc-Type header. */
#define WHY_ENCRYPTED_PKCS8 "encrypted keys are not supported: decrypt with openssl " \
    "pkcs8 first (openssl pkcs8 -in KEY -out PLAIN)"
#define WHY_ENCRYPTED_PEM "encrypted keys are not supported: decrypt with openssl " \
    "first (openssl pkey -in KEY -out PLAIN)"

/*
 * Read the key file at path (NULL: say that the option opt is missing)
 * into buf, which holds cap + 1 bytes, PEM decoded as pem_to_der() does
 * with labels; EX_OK with *len, or EX_USAGE or EX_KEY after a message
 * naming the path (kind says what a key is: "an RSA key"), buf wiped.
 */
static int read_key_file(const char *path, const char *opt, uint8_t *buf, size_t cap,
                         const char *const *labels, size_t nlabels, const char *kind,
                         size_t *len)
{
    const char *why = NULL;
    long n;
    int pem;

    if (path == NULL) {
        fprintf(stderr, PROG ": no key given (%s FILE)\n", opt);
        return EX_USAGE;
    }
    n = read_file(path, buf, cap);
    if (n == -1)
        return EX_KEY;
    *len = n < 0 ? 0 : (size_t)n;
    pem = n < 0 ? 0 : pem_to_der(buf, len, labels, nlabels);
    if (n == -2)
        why = "too long for a key file";
    else if (pem == -1)
        why = "malformed PEM (no END line, or base64 that does not decode)";
    else if (pem == -2)
        why = WHY_ENCRYPTED_PKCS8;
    else if (pem == -4)
        why = WHY_ENCRYPTED_PEM;
    if (pem == -3)
        fprintf(stderr, PROG ": %s: PEM label \"%s\" is not %s\n", path, pem_other, kind);
    else if (why != NULL)
        fprintf(stderr, PROG ": %s: %s\n", path, why);
    if (pem != 0 || why != NULL) {
        wipe(buf, cap + 1);
        return EX_KEY;
    }
    return EX_OK;
}

/*
 * A minimal DER reader for the messages: the element at *p (tag,
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

/* The input to sign or verify, path or standard input for NULL or "-":
 * its descriptor, or -1 after a message. */
static int open_input(const char *path)
{
    int fd = STDIN_FILENO;

    if (path != NULL && strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY)) < 0)
        fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
    return fd;
}

/* A failed read of open_input()'s fd: the message (errno), fd closed;
 * EX_IO. */
static int input_failed(const char *path, int fd)
{
    fprintf(stderr, PROG ": %s: %s\n", path ? path : "standard input", strerror(errno));
    if (fd != STDIN_FILENO)
        close(fd);
    return EX_IO;
}

/* Hash a file (or standard input) in pieces: EX_OK, or EX_IO or EX_LIB
 * after a message. */
static int hash_input(const char *path, enum zc_hash_alg alg, uint8_t *digest)
{
    static uint8_t buf[65536];
    zc_hash_ctx c;
    int fd = open_input(path), rc;

    if (fd < 0)
        return EX_IO;
    rc = zc_hash_init(&c, alg, ZC_BACKEND_AUTO);
    for (;;) {
        ssize_t n;

        if (rc != ZC_OK)
            break;
        n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            zc_hash_wipe(&c);
            return input_failed(path, fd);
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

#endif /* ZC_KEYFILE_H */
