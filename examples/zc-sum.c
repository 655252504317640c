/*
 * zc-sum - print or check message digests, in the format of sha256sum and
 * the other coreutils *sum programs.
 *
 *   zc-sum [-a ALG] [-b|-t] [--tag] [-z] [FILE]...  print digests
 *   zc-sum [-a ALG] -c [--quiet|--status] [FILE]  check a list of digests
 *
 * For the algorithms coreutils has (sha1sum .. sha512sum) the output is
 * byte for byte the same, including the escaping of file names that hold
 * a backslash, a newline or a carriage return (the line then starts with
 * a backslash), and -c prints the same "FILE: OK" / "FILE: FAILED" lines
 * and WARNING summary. Hashing runs on ZC_BACKEND_AUTO: KIMD/KLMD where
 * CPACF has the function, the software reference elsewhere.
 */
#define _POSIX_C_SOURCE 200809L

#include <zcrypt.h>
#include "zc_why.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PROG "zc-sum"

/* Exit codes (coreutils uses 1 for failed checks and unreadable files). */
enum { EX_OK = 0, EX_FAIL = 1, EX_USAGE = 2, EX_LIB = 3 };

static const struct alg {
    const char *opt;            /* -a value */
    const char *tag;            /* BSD-style --tag name, as coreutils spells it */
    enum zc_hash_alg alg;
} algs[] = {
    { .opt = "sha1",       .tag = "SHA1",       .alg = ZC_SHA1 },
    { .opt = "sha224",     .tag = "SHA224",     .alg = ZC_SHA224 },
    { .opt = "sha256",     .tag = "SHA256",     .alg = ZC_SHA256 },
    { .opt = "sha384",     .tag = "SHA384",     .alg = ZC_SHA384 },
    { .opt = "sha512",     .tag = "SHA512",     .alg = ZC_SHA512 },
    { .opt = "sha512-224", .tag = "SHA512-224", .alg = ZC_SHA512_224 },
    { .opt = "sha512-256", .tag = "SHA512-256", .alg = ZC_SHA512_256 },
    { .opt = "sha3-224",   .tag = "SHA3-224",   .alg = ZC_SHA3_224 },
    { .opt = "sha3-256",   .tag = "SHA3-256",   .alg = ZC_SHA3_256 },
    { .opt = "sha3-384",   .tag = "SHA3-384",   .alg = ZC_SHA3_384 },
    { .opt = "sha3-512",   .tag = "SHA3-512",   .alg = ZC_SHA3_512 },
};
#define NALGS (sizeof(algs) / sizeof(algs[0]))

static struct {
    const struct alg *alg;
    int alg_given, binary, tag, quiet, status, strict, warn, ignore_missing, zero;
} opt;

static void usage(FILE *f)
{
    size_t i;

    fprintf(f,
        "Usage: " PROG " [OPTION]... [FILE]...\n"
        "Print or check message digests, in the format of sha256sum.\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "  -a, --algorithm=ALG  digest algorithm (default sha256; any letter case):\n"
        "                       ");
    for (i = 0; i < NALGS; i++)
        fprintf(f, "%s%s", algs[i].opt, i + 1 < NALGS ? (i == 5 ? ",\n                       " : ", ") : "\n");
    fprintf(f,
        "  -b, --binary         mark files as read in binary mode ('*' before the name)\n"
        "  -t, --text           mark files as read in text mode (default; same bytes)\n"
        "      --tag            BSD-style lines: ALG (FILE) = DIGEST\n"
        "  -z, --zero           end each output line with NUL, not newline, and\n"
        "                       do not escape file names\n"
        "  -c, --check          read digests from the FILEs and check them\n"
        "\n"
        "With --check:\n"
        "      --ignore-missing don't fail or report for missing files\n"
        "      --quiet          don't print OK for each verified file, nor the\n"
        "                       -w warning of each line\n"
        "      --status         print nothing; the exit status tells\n"
        "      --strict         exit non-zero for improperly formatted lines\n"
        "  -w, --warn           warn about improperly formatted lines\n"
        "\n"
        "  -h, --help           show this help and exit\n"
        "  -V, --version        show the version and exit\n"
        "\n"
        "A --check list may hold lines in either format; a --tag line names its\n"
        "algorithm, which then applies when -a is not given.\n"
        "\n"
        "Exit status: 0 all good; 1 a file could not be read, a digest did not\n"
        "match, or (with --strict) a line was improperly formatted; 2 usage error;\n"
        "3 the library refused to hash (message on stderr).\n");
}

/* An -a name in any letter case ("SHA256" too); a --tag name as written. */
static const struct alg *find_alg(const char *name, int by_tag)
{
    size_t i;

    for (i = 0; i < NALGS; i++)
        if (by_tag ? strcmp(algs[i].tag, name) == 0 : strcasecmp(algs[i].opt, name) == 0)
            return &algs[i];
    return NULL;
}

/* "name" for messages, quoted as coreutils' quotef() does when needed. */
static void print_quoted(FILE *f, const char *s)
{
    const char *p;

    for (p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || strchr("._-+/,:@%^=", *p)))
            break;
    if (*p == '\0' && *s != '\0')
        fputs(s, f);
    else
        fprintf(f, "'%s'", s);
}

/* The name as coreutils prints it: \\, \n, \r escaped; *escaped when any was. */
static void print_name(const char *s)
{
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\\\", stdout);
        else if (*s == '\n')
            fputs("\\n", stdout);
        else if (*s == '\r')
            fputs("\\r", stdout);
        else
            putchar(*s);
    }
}

static int needs_escape(const char *s)
{
    return strpbrk(s, "\\\n\r") != NULL;
}

/*
 * Hash one file ("-" is stdin) into d. Returns EX_OK, EX_FAIL (message
 * printed, as coreutils does) or EX_LIB.
 */
static int hash_file(const char *name, const struct alg *a, uint8_t d[ZC_HASH_MAX_SIZE])
{
    static uint8_t buf[65536];
    zc_hash_ctx c;
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
    size_t n;
    int rc, err = 0;

    if (f == NULL) {
        fprintf(stderr, PROG ": ");
        print_quoted(stderr, name);
        fprintf(stderr, ": %s\n", strerror(errno));
        return EX_FAIL;
    }
    rc = zc_hash_init(&c, a->alg, ZC_BACKEND_AUTO);
    while (rc == ZC_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
        rc = zc_hash_update(&c, buf, n);
    if (ferror(f))
        err = errno;
    if (f == stdin)
        clearerr(stdin);
    else
        fclose(f);
    if (rc == ZC_OK && err == 0)
        rc = zc_hash_final(&c, d, zc_hash_size(a->alg));
    zc_hash_wipe(&c);
    if (err != 0) {
        fprintf(stderr, PROG ": ");
        print_quoted(stderr, name);
        fprintf(stderr, ": %s\n", strerror(err));
        return EX_FAIL;
    }
    if (rc != ZC_OK) {
        fprintf(stderr, PROG ": %s: %s\n", a->tag, zc_why(rc, (enum zc_algo)a->alg, 0));
        return EX_LIB;
    }
    return EX_OK;
}

static int print_sum(const char *name)
{
    uint8_t d[ZC_HASH_MAX_SIZE];
    size_t i, len = zc_hash_size(opt.alg->alg);
    int rc = hash_file(name, opt.alg, d);

    if (rc != EX_OK)
        return rc;
    /* -z: NUL-terminated lines, names as they are (no escaping) */
    if (!opt.zero && needs_escape(name))
        putchar('\\');
    if (opt.tag) {
        printf("%s (", opt.alg->tag);
        opt.zero ? (void)fputs(name, stdout) : print_name(name);
        fputs(") = ", stdout);
    }
    for (i = 0; i < len; i++)
        printf("%02x", d[i]);
    if (!opt.tag) {
        fputs(opt.binary ? " *" : "  ", stdout);
        opt.zero ? (void)fputs(name, stdout) : print_name(name);
    }
    putchar(opt.zero ? '\0' : '\n');
    return EX_OK;
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

/* Undo print_name() in place; 0 when the escapes are malformed. */
static int unescape(char *s)
{
    char *w = s;

    for (; *s; s++) {
        if (*s != '\\') {
            *w++ = *s;
            continue;
        }
        s++;
        if (*s == '\\')
            *w++ = '\\';
        else if (*s == 'n')
            *w++ = '\n';
        else if (*s == 'r')
            *w++ = '\r';
        else
            return 0;
    }
    *w = '\0';
    return 1;
}

/*
 * Split a check line into algorithm, expected hex digest and file name.
 * Both "HEX  NAME" / "HEX *NAME" and "ALG (NAME) = HEX" are accepted.
 * Returns 0 for an improperly formatted line.
 */
static int parse_line(char *line, const struct alg **a, char **hex, char **name)
{
    int escaped = 0;
    size_t n;
    char *p = line, *q;

    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\\') {
        escaped = 1;
        p++;
    }
    q = strstr(p, " (");
    if (q != NULL && q > p && memchr(p, ' ', (size_t)(q - p)) == NULL) {
        /* BSD tag: the last ") = " ends the name */
        char *end = NULL, *s;

        *q = '\0';
        *a = find_alg(p, 1);
        if (*a == NULL)
            return 0;
        for (s = q + 2; (s = strstr(s, ") = ")) != NULL; s++)
            end = s;
        if (end == NULL)
            return 0;
        *end = '\0';
        *name = q + 2;
        *hex = end + 4;
    } else {
        *a = opt.alg;
        *hex = p;
        n = strspn(p, "0123456789abcdefABCDEF");
        p += n;
        if (*p != ' ' && *p != '\t')
            return 0;
        *p++ = '\0';
        if (*p == ' ' || *p == '*')
            p++;
        *name = p;
    }
    if (strlen(*hex) != 2 * zc_hash_size((*a)->alg) ||
        strspn(*hex, "0123456789abcdefABCDEF") != strlen(*hex))
        return 0;
    if (**name == '\0' || (escaped && !unescape(*name)))
        return 0;
    return 1;
}

/*
 * A -c result line. coreutils escapes the name here only when it holds a
 * newline (a line must stay a line); a backslash alone is printed as is.
 */
static void print_checked(const char *name, const char *result)
{
    if (strchr(name, '\n') != NULL) {
        putchar('\\');
        print_name(name);
    } else {
        fputs(name, stdout);
    }
    fputs(result, stdout);
}

/* Check every line of one list; returns the exit status for it. */
static int check_list(const char *list)
{
    FILE *f = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
    const char *shown = f == stdin ? "standard input" : list;
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t got;
    unsigned long bad_lines = 0, unread = 0, mismatched = 0, good_lines = 0, verified = 0;
    int rc = EX_OK;

    if (f == NULL) {
        fprintf(stderr, PROG ": ");
        print_quoted(stderr, list);
        fprintf(stderr, ": %s\n", strerror(errno));
        return EX_FAIL;
    }
    while ((got = getline(&line, &cap, f)) > 0) {
        const struct alg *a;
        uint8_t d[ZC_HASH_MAX_SIZE];
        char *hex, *name;
        size_t i, len = (size_t)got;
        int ok, r;

        lineno++;
        if (line[0] == '#')
            continue;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        if (len > 0 && line[len - 1] == '\r')
            line[--len] = '\0';
        if (len == 0)
            continue;
        if (strlen(line) != len || !parse_line(line, &a, &hex, &name) ||
            (opt.alg_given && a != opt.alg)) {
            bad_lines++;
            if (opt.warn && !opt.quiet) {      /* --quiet silences them, as coreutils */
                fprintf(stderr, PROG ": ");
                print_quoted(stderr, shown);
                fprintf(stderr, ": %zu: improperly formatted %s checksum line\n",
                        lineno, opt.alg->tag);
            }
            continue;
        }
        good_lines++;
        if (opt.ignore_missing && strcmp(name, "-") != 0) {
            FILE *probe = fopen(name, "rb");

            if (probe == NULL && errno == ENOENT)
                continue;
            if (probe != NULL)
                fclose(probe);
        }
        r = hash_file(name, a, d);
        if (r == EX_LIB) {
            rc = EX_LIB;
            break;
        }
        if (r != EX_OK) {
            unread++;
            if (!opt.status)
                print_checked(name, ": FAILED open or read\n");
            continue;
        }
        verified++;
        ok = 1;
        for (i = 0; i < zc_hash_size(a->alg); i++)
            ok &= hexval(hex[2 * i]) == d[i] >> 4 && hexval(hex[2 * i + 1]) == (d[i] & 15);
        mismatched += !ok;
        if (!opt.status && (!ok || !opt.quiet))
            print_checked(name, ok ? ": OK\n" : ": FAILED\n");
    }
    free(line);
    if (ferror(f)) {
        fprintf(stderr, PROG ": ");
        print_quoted(stderr, shown);
        fprintf(stderr, ": %s\n", strerror(errno));
        rc = EX_FAIL;
    }
    if (f != stdin)
        fclose(f);
    if (rc != EX_OK)
        return rc;

    if (good_lines == 0) {
        fprintf(stderr, PROG ": ");
        print_quoted(stderr, shown);
        fprintf(stderr, ": no properly formatted checksum lines found\n");
        return EX_FAIL;
    }
    if (!opt.status) {
        if (bad_lines > 0)
            fprintf(stderr, PROG ": WARNING: %lu %s improperly formatted\n", bad_lines,
                    bad_lines == 1 ? "line is" : "lines are");
        if (unread > 0)
            fprintf(stderr, PROG ": WARNING: %lu listed %s could not be read\n", unread,
                    unread == 1 ? "file" : "files");
        if (mismatched > 0)
            fprintf(stderr, PROG ": WARNING: %lu computed %s did NOT match\n", mismatched,
                    mismatched == 1 ? "checksum" : "checksums");
        if (opt.ignore_missing && verified == 0 && unread == 0) {
            fprintf(stderr, PROG ": ");
            print_quoted(stderr, shown);
            fprintf(stderr, ": no file was verified\n");
        }
    }
    if (mismatched > 0 || unread > 0 || (opt.strict && bad_lines > 0) ||
        (opt.ignore_missing && verified == 0 && unread == 0))
        return EX_FAIL;
    return EX_OK;
}

int main(int argc, char **argv)
{
    enum { O_TAG = 256, O_QUIET, O_STATUS, O_STRICT, O_IGNORE_MISSING };
    static const struct option longopts[] = {
        { "algorithm", required_argument, NULL, 'a' },
        { "binary", no_argument, NULL, 'b' },
        { "text", no_argument, NULL, 't' },
        { "check", no_argument, NULL, 'c' },
        { "tag", no_argument, NULL, O_TAG },
        { "quiet", no_argument, NULL, O_QUIET },
        { "status", no_argument, NULL, O_STATUS },
        { "strict", no_argument, NULL, O_STRICT },
        { "warn", no_argument, NULL, 'w' },
        { "ignore-missing", no_argument, NULL, O_IGNORE_MISSING },
        { "zero", no_argument, NULL, 'z' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    int ch, check = 0, rc = EX_OK, i;

    opt.alg = find_alg("sha256", 0);
    while ((ch = getopt_long(argc, argv, "a:btcwzhV", longopts, NULL)) != -1) {
        switch (ch) {
        case 'a':
            opt.alg = find_alg(optarg, 0);
            opt.alg_given = 1;
            if (opt.alg == NULL) {
                fprintf(stderr, PROG ": unknown algorithm '%s' (see --help)\n", optarg);
                return EX_USAGE;
            }
            break;
        case 'b': opt.binary = 1; break;
        case 't': opt.binary = 0; break;
        case 'c': check = 1; break;
        case 'w': opt.warn = 1; break;
        case 'z': opt.zero = 1; break;
        case O_TAG: opt.tag = 1; break;
        case O_QUIET: opt.quiet = 1; break;
        case O_STATUS: opt.status = 1; break;
        case O_STRICT: opt.strict = 1; break;
        case O_IGNORE_MISSING: opt.ignore_missing = 1; break;
        case 'h':
            usage(stdout);
            return zc_stdout_status(PROG, EX_OK, EX_FAIL);
        case 'V':
            printf(PROG " (libzcrypt) %s\n", zc_version());
            return zc_stdout_status(PROG, EX_OK, EX_FAIL);
        default:
            fprintf(stderr, "Try '" PROG " --help' for more information.\n");
            return EX_USAGE;
        }
    }
    if (check && (opt.tag || opt.binary)) {
        fprintf(stderr, PROG ": --tag and --binary make no sense with --check\n");
        return EX_USAGE;
    }
    if (check && opt.zero) {
        fprintf(stderr, PROG ": the --zero option is not supported when verifying checksums\n");
        return EX_USAGE;
    }
    if (!check && (opt.quiet || opt.status || opt.strict || opt.warn || opt.ignore_missing)) {
        fprintf(stderr, PROG ": --quiet, --status, --strict, --warn and --ignore-missing "
                "apply only with --check\n");
        return EX_USAGE;
    }
    for (i = optind; i < argc || i == optind; i++) {
        const char *name = i < argc ? argv[i] : "-";
        int r = check ? check_list(name) : print_sum(name);

        if (r > rc)
            rc = r;
        if (rc == EX_LIB)
            break;
    }
    return zc_stdout_status(PROG, rc, EX_FAIL);
}
