/*
 * zc-encrypt - encrypt or decrypt a file or a stream with AES-256-GCM, in
 * chunks, so that files larger than memory stream through and every
 * released piece of plaintext has been authenticated.
 *
 *   zc-encrypt -e -k KEYFILE [-o OUT] [IN]
 *   zc-encrypt -d -k KEYFILE [-o OUT] [IN]
 *
 * The construction is the usual "online AEAD" one (the STREAM scheme of
 * Hoang, Reyhanitabar, Rogaway and Vizár; TLS 1.3 derives record nonces
 * the same way): one random 96-bit file nonce, chunk i sealed under the
 * nonce file_nonce XOR i, and the header plus a final-chunk flag as AAD.
 * A changed index (reordering), a chunk from another file (splicing), a
 * missing tail (truncation) or any flipped bit fails a tag. The format is
 * documented in docs/zc-encrypt-format.md and in --help.
 *
 * Output to a file goes to a temporary file in the target directory that
 * is renamed over the target only when everything has been authenticated,
 * and removed on any failure (and on SIGINT/SIGTERM/SIGHUP). Output to
 * stdout, a device, a FIFO or a socket is released one authenticated chunk
 * at a time; zc_out.h has the rules for the output path.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700      /* realpath() in zc_out.h */

#include <zcrypt.h>
#include "zc_why.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PROG "zc-encrypt"

#include "zc_out.h"

/* Exit codes, also listed in --help and the man page. */
enum {
    EX_OK = 0,
    EX_AUTH = 1,    /* not an authentic zc-encrypt file: tag, truncation, format */
    EX_USAGE = 2,
    EX_IO = 3,      /* open, read, write, rename */
    EX_KEY = 4,     /* key unreadable or malformed */
    EX_LIB = 5,     /* the library refused (message from zc_strerror) */
};

/* File format, version 1 (big-endian integers). */
#define HDR_LEN        32
#define HDR_MAGIC      "ZCENC\r\n\032"   /* \r\n and ^Z catch text-mode mangling */
#define FMT_VERSION    1
#define ALG_AES256_GCM 1
#define NONCE_LEN      12
#define TAG_LEN        16
#define CHUNK_DEFAULT  65536u
#define CHUNK_MIN      16u
#define CHUNK_MAX      (16u << 20)

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: " PROG " -e|-d KEY-OPTION [-o OUTPUT [-n]] [--chunk-size N] [INPUT]\n"
        "Encrypt (-e) or decrypt (-d) INPUT (default: standard input) with AES-256-GCM.\n"
        "\n"
        "  -e, --encrypt          encrypt\n"
        "  -d, --decrypt          decrypt and authenticate\n"
        "  -k, --key-file FILE    the 256-bit key: 32 raw bytes, or 64 hex digits\n"
        "                         (and an optional newline)\n"
        "  -K, --key-hex HEX      the key as 64 hex digits (visible to other users\n"
        "                         through the process list: prefer --key-file)\n"
        "      --secure-key FILE  a secure-key blob of a Crypto Express adapter (CCA\n"
        "                         AES DATA or CIPHER token, EP11 AES blob) holding an\n"
        "                         AES-256 key: the data is encrypted with a protected\n"
        "                         key made from it (IBM Z with /dev/pkey), so the clear\n"
        "                         key is never in this process. Ephemeral protected\n"
        "                         keys are not offered: they cannot decrypt after a\n"
        "                         re-IPL.\n"
        "  -o, --output FILE      write to FILE (default: standard output)\n"
        "  -n, --no-clobber       refuse to replace an existing FILE\n"
        "      --chunk-size N     encrypt in chunks of N bytes, %u..%u\n"
        "                         (default %u; decryption reads it from the header)\n"
        "  -h, --help             show this help and exit\n"
        "  -V, --version          show the version and exit\n"
        "\n"
        "With -o FILE, where FILE is a regular file or does not exist, the output is\n"
        "written to a temporary file in FILE's directory (mode 0600) and renamed to\n"
        "FILE only after the whole input has been processed (and, when decrypting,\n"
        "authenticated); on any failure it is removed, so plaintext that failed\n"
        "authentication is never left behind. An existing FILE is replaced by a new\n"
        "file (mode 0600) unless -n is given. A symbolic link is followed (the file\n"
        "it points to is replaced, the link kept; a dangling link is refused). A\n"
        "device, FIFO or socket is written through, never replaced or chmodded; a\n"
        "directory is refused. FILE is checked before any input is read. On\n"
        "standard output (and a device, FIFO or socket), plaintext is released one\n"
        "authenticated chunk at a time: a reader must still check the exit status,\n"
        "as a later chunk may fail.\n"
        "\n"
        "File format (version 1, integers big-endian):\n"
        "  header, 32 bytes:\n"
        "    0  8  magic \"ZCENC\\r\\n\\032\"\n"
        "    8  1  format version, 1\n"
        "    9  1  algorithm, 1 = AES-256-GCM with 16-byte tags\n"
        "   10  2  reserved, 0\n"
        "   12  4  chunk size C in bytes\n"
        "   16 12  file nonce, random (zc_random_bytes)\n"
        "   28  4  reserved, 0\n"
        "  then chunks i = 0, 1, ...: ciphertext || 16-byte tag, where every chunk\n"
        "  but the last holds exactly C bytes of plaintext and the last holds 0..C-1\n"
        "  (an empty last chunk when the plaintext is a multiple of C).\n"
        "  chunk nonce = file nonce XOR i (i as a 96-bit big-endian integer);\n"
        "  AAD = the 32-byte header || one byte: 1 for the last chunk, else 0.\n"
        "\n"
        "Exit status: 0 success; 1 the input is not an authentic zc-encrypt file\n"
        "(wrong key, modified, truncated, reordered or spliced); 2 usage error;\n"
        "3 input/output error; 4 the key could not be read (or the kernel refused\n"
        "the secure-key blob); 5 the library failed (e.g. no protected keys here).\n",
        CHUNK_MIN, CHUNK_MAX, CHUNK_DEFAULT);
}

/* Where the key comes from: one kind per option, one case in load_key(). */
enum key_kind { KEY_NONE, KEY_FILE, KEY_HEX, KEY_SECURE };

struct key_source {
    enum key_kind kind;
    const char *arg;
};

/* Clear key material; volatile so the stores are not optimised away. */
static void wipe(void *p, size_t len)
{
    volatile uint8_t *v = p;

    while (len--)
        *v++ = 0;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* 64 hex digits into 32 bytes; 0 on anything else. */
static int parse_hex_key(const char *s, size_t len, uint8_t key[32])
{
    size_t i;

    if (len != 64)
        return 0;
    for (i = 0; i < 32; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return 0;
        key[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

/* Read a key file: 32 raw bytes, or 64 hex digits with an optional newline. */
static int read_key_file(const char *path, uint8_t key[32])
{
    uint8_t buf[67];
    size_t n;
    FILE *f = fopen(path, "rb");
    int ok;

    if (f == NULL) {
        fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
        return 0;
    }
    n = fread(buf, 1, sizeof buf, f);
    ok = !ferror(f);
    fclose(f);
    if (!ok) {
        fprintf(stderr, PROG ": %s: read error\n", path);
        return 0;
    }
    if (n == 32) {
        memcpy(key, buf, 32);
        ok = 1;
    } else {
        if (n > 0 && buf[n - 1] == '\n')
            n--;
        if (n > 0 && buf[n - 1] == '\r')
            n--;
        ok = parse_hex_key((const char *)buf, n, key);
    }
    wipe(buf, sizeof buf);
    if (!ok)
        fprintf(stderr, PROG ": %s: a key file holds 32 bytes or 64 hex digits\n", path);
    return ok;
}

/*
 * A protected key from a secure-key blob. The blob is no secret outside
 * its adapter, but it is wiped like a key all the same.
 */
static int load_secure_key(const char *path, zc_aes_key *k)
{
    uint8_t blob[ZC_AES_SECURE_BLOB_MAX + 1];
    size_t n;
    FILE *f = fopen(path, "rb");
    int rc;

    if (f == NULL) {
        fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
        return EX_KEY;
    }
    n = fread(blob, 1, sizeof blob, f);
    rc = ferror(f);
    fclose(f);
    if (rc || n == 0 || n > ZC_AES_SECURE_BLOB_MAX) {
        fprintf(stderr, PROG ": %s: a secure-key blob holds 1..%u bytes\n", path,
                ZC_AES_SECURE_BLOB_MAX);
        wipe(blob, sizeof blob);
        return EX_KEY;
    }
    rc = zc_aes_key_init_secure(k, blob, n);
    wipe(blob, sizeof blob);
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": secure key %s: %s\n", path, zc_strerror(rc));
        return rc == ZC_EKEY ? EX_KEY : EX_LIB;     /* EKEY: the kernel refused the blob */
    }
    return EX_OK;
}

/* Prepare the AES key object from the chosen source. */
static int load_key(const struct key_source *src, zc_aes_key *k)
{
    uint8_t key[32];
    int rc;

    switch (src->kind) {
    case KEY_SECURE:
        return load_secure_key(src->arg, k);
    case KEY_FILE:
        if (!read_key_file(src->arg, key))
            return EX_KEY;
        break;
    case KEY_HEX:
        if (!parse_hex_key(src->arg, strlen(src->arg), key)) {
            fprintf(stderr, PROG ": --key-hex wants 64 hex digits\n");
            return EX_KEY;
        }
        break;
    case KEY_NONE:
    default:
        fprintf(stderr, PROG ": no key given (--key-file, --key-hex or --secure-key)\n");
        return EX_USAGE;
    }
    rc = zc_aes_key_init(k, key, sizeof key, ZC_BACKEND_AUTO);
    wipe(key, sizeof key);
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": key: %s\n", zc_why(rc, ZC_ALGO_AES_GCM, 32));
        return EX_LIB;
    }
    return EX_OK;
}

/* Read up to len bytes; short only at end of input. -1 on error. */
static long read_full(int fd, uint8_t *buf, size_t len)
{
    size_t got = 0;

    while (got < len) {
        ssize_t n = read(fd, buf + got, len - got);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (long)got;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* nonce = file nonce XOR the 96-bit big-endian chunk index */
static void chunk_nonce(const uint8_t hdr[HDR_LEN], uint64_t index, uint8_t nonce[NONCE_LEN])
{
    int i;

    memcpy(nonce, hdr + 16, NONCE_LEN);
    for (i = 0; i < 8; i++)
        nonce[NONCE_LEN - 1 - i] ^= (uint8_t)(index >> (8 * i));
}

struct job {
    const zc_aes_key *key;
    int in;
    struct zc_out *out;
    const char *in_name;
    uint8_t *buf;           /* chunk + tag */
    uint8_t aad[HDR_LEN + 1];
    uint32_t chunk;
};

static int io_error(const char *what, const char *name)
{
    fprintf(stderr, PROG ": %s %s: %s\n", what, name, strerror(errno));
    return EX_IO;
}

static int encrypt_stream(struct job *j)
{
    uint64_t index = 0;
    int rc, last;

    do {
        uint8_t nonce[NONCE_LEN];
        long n = read_full(j->in, j->buf, j->chunk);

        if (n < 0)
            return io_error("reading", j->in_name);
        last = (size_t)n < j->chunk;
        j->aad[HDR_LEN] = (uint8_t)last;
        chunk_nonce(j->aad, index, nonce);
        rc = zc_aes_gcm_encrypt(j->key, nonce, sizeof nonce, j->aad, sizeof j->aad,
                                j->buf, j->buf, (size_t)n, j->buf + n, TAG_LEN);
        if (rc != ZC_OK) {
            fprintf(stderr, PROG ": chunk %llu: %s\n", (unsigned long long)index,
                    zc_why(rc, ZC_ALGO_AES_GCM, 32));
            return EX_LIB;
        }
        if (zc_out_write(j->out, j->buf, (size_t)n + TAG_LEN) != 0)
            return EX_IO;
        index++;
    } while (!last);
    return EX_OK;
}

static int decrypt_stream(struct job *j)
{
    uint64_t index = 0;
    int rc, last;

    do {
        uint8_t nonce[NONCE_LEN];
        long n = read_full(j->in, j->buf, (size_t)j->chunk + TAG_LEN);

        if (n < 0)
            return io_error("reading", j->in_name);
        if (n < TAG_LEN) {
            fprintf(stderr, PROG ": %s: truncated at chunk %llu: %s\n", j->in_name,
                    (unsigned long long)index, zc_strerror(ZC_EAUTH));
            return EX_AUTH;
        }
        /* Only a full-size record can be followed by more. */
        last = (size_t)n < (size_t)j->chunk + TAG_LEN;
        n -= TAG_LEN;
        j->aad[HDR_LEN] = (uint8_t)last;
        chunk_nonce(j->aad, index, nonce);
        /* One-shot decryption zeroes the output when the tag is wrong. */
        rc = zc_aes_gcm_decrypt(j->key, nonce, sizeof nonce, j->aad, sizeof j->aad,
                                j->buf, j->buf, (size_t)n, j->buf + n, TAG_LEN);
        if (rc != ZC_OK) {
            fprintf(stderr, PROG ": %s: chunk %llu: %s\n", j->in_name,
                    (unsigned long long)index, zc_why(rc, ZC_ALGO_AES_GCM, 32));
            return rc == ZC_EAUTH ? EX_AUTH : EX_LIB;
        }
        if (zc_out_write(j->out, j->buf, (size_t)n) != 0)
            return EX_IO;
        index++;
    } while (!last);
    return EX_OK;
}

/* Build (encrypt) or read and validate (decrypt) the header into j->aad. */
static int do_header(struct job *j, int decrypt)
{
    uint8_t *h = j->aad;
    long n;
    int rc;

    if (!decrypt) {
        memset(h, 0, HDR_LEN);
        memcpy(h, HDR_MAGIC, 8);
        h[8] = FMT_VERSION;
        h[9] = ALG_AES256_GCM;
        put32(h + 12, j->chunk);
        rc = zc_random_bytes(h + 16, NONCE_LEN);
        if (rc != ZC_OK) {
            fprintf(stderr, PROG ": file nonce: %s\n", zc_strerror(rc));
            return EX_LIB;
        }
        return zc_out_write(j->out, h, HDR_LEN) == 0 ? EX_OK : EX_IO;
    }
    n = read_full(j->in, h, HDR_LEN);
    if (n < 0)
        return io_error("reading", j->in_name);
    if (n < HDR_LEN || memcmp(h, HDR_MAGIC, 8) != 0) {
        fprintf(stderr, PROG ": %s: not a zc-encrypt file\n", j->in_name);
        return EX_AUTH;
    }
    j->chunk = get32(h + 12);
    if (h[8] != FMT_VERSION || h[9] != ALG_AES256_GCM || h[10] != 0 || h[11] != 0 ||
        get32(h + 28) != 0 || j->chunk < CHUNK_MIN || j->chunk > CHUNK_MAX) {
        fprintf(stderr, PROG ": %s: unsupported version %u, algorithm %u or chunk size %lu\n",
                j->in_name, h[8], h[9], (unsigned long)j->chunk);
        return EX_AUTH;
    }
    return EX_OK;
}

int main(int argc, char **argv)
{
    enum { O_CHUNK = 256, O_SECURE };
    static const struct option longopts[] = {
        { "encrypt", no_argument, NULL, 'e' },
        { "decrypt", no_argument, NULL, 'd' },
        { "key-file", required_argument, NULL, 'k' },
        { "key-hex", required_argument, NULL, 'K' },
        { "output", required_argument, NULL, 'o' },
        { "no-clobber", no_argument, NULL, 'n' },
        { "secure-key", required_argument, NULL, O_SECURE },
        { "chunk-size", required_argument, NULL, O_CHUNK },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct key_source src = { .kind = KEY_NONE };
    struct job j = { .chunk = CHUNK_DEFAULT };
    const char *out_name = NULL;
    struct zc_out out;
    zc_aes_key key;
    int ch, mode = 0, no_clobber = 0, rc;

    while ((ch = getopt_long(argc, argv, "edk:K:o:nhV", longopts, NULL)) != -1) {
        switch (ch) {
        case 'e':
        case 'd':
            if (mode != 0 && mode != ch) {
                fprintf(stderr, PROG ": choose one of -e and -d\n");
                return EX_USAGE;
            }
            mode = ch;
            break;
        case 'k':
        case 'K':
        case O_SECURE:
            if (src.kind != KEY_NONE) {
                fprintf(stderr, PROG ": give one key option\n");
                return EX_USAGE;
            }
            src.kind = ch == 'k' ? KEY_FILE : ch == 'K' ? KEY_HEX : KEY_SECURE;
            src.arg = optarg;
            break;
        case 'o':
            out_name = optarg;
            break;
        case 'n':
            no_clobber = 1;
            break;
        case O_CHUNK: {
            char *end;
            unsigned long v;

            errno = 0;
            v = strtoul(optarg, &end, 10);
            if (errno != 0 || *end != '\0' || end == optarg || v < CHUNK_MIN || v > CHUNK_MAX) {
                fprintf(stderr, PROG ": --chunk-size must be %u..%u\n", CHUNK_MIN, CHUNK_MAX);
                return EX_USAGE;
            }
            j.chunk = (uint32_t)v;
            break;
        }
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
    if (mode == 0 || argc - optind > 1) {
        fprintf(stderr, PROG ": %s\nTry '" PROG " --help' for more information.\n",
                mode == 0 ? "say -e (encrypt) or -d (decrypt)" : "at most one INPUT");
        return EX_USAGE;
    }
    rc = load_key(&src, &key);
    if (rc != EX_OK)
        return rc;

    j.key = &key;
    j.in_name = optind < argc ? argv[optind] : "-";
    j.in = STDIN_FILENO;
    j.out = &out;
    if (strcmp(j.in_name, "-") != 0) {
        j.in = open(j.in_name, O_RDONLY);
        if (j.in < 0) {
            rc = io_error("opening", j.in_name);
            goto out_key;
        }
    } else {
        j.in_name = "standard input";
    }
    /* the output is decided before any input is read */
    if (zc_out_open(&out, out_name, 0600, no_clobber) != 0) {
        rc = EX_IO;
        goto out_in;
    }

    rc = do_header(&j, mode == 'd');
    if (rc == EX_OK) {
        j.buf = malloc((size_t)j.chunk + TAG_LEN);
        if (j.buf == NULL) {
            fprintf(stderr, PROG ": %s\n", zc_strerror(ZC_ENOMEM));
            rc = EX_LIB;
        }
    }
    if (rc == EX_OK)
        rc = mode == 'd' ? decrypt_stream(&j) : encrypt_stream(&j);
    if (j.buf != NULL) {
        wipe(j.buf, (size_t)j.chunk + TAG_LEN);
        free(j.buf);
    }

    if (zc_out_close(&out, rc == EX_OK) != 0 && rc == EX_OK)
        rc = EX_IO;
out_in:
    if (j.in != STDIN_FILENO)
        close(j.in);
out_key:
    zc_aes_key_wipe(&key);
    return rc;
}
