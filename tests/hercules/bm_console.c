/*
 * bm_console.c - console lines via DIAGNOSE X'008' and the test API.
 *
 * DIAG 8 hands Hercules a panel command in EBCDIC. With DIAG8CMD ENABLE
 * (run.sh writes the config), "msgnoh * BM: text" makes Hercules print
 * "BM: text" at the start of a line of its log, where run.sh finds it.
 * A logical line longer than BM_CONSOLE_CHUNK characters continues in
 * further commands whose text starts with "BM+ "; run.sh joins them.
 */
#include "bm.h"

/* Payload characters per DIAG 8 command; with the prefix this stays well
   below the 255-byte panel command limit of Hercules. */
#define BM_CONSOLE_CHUNK 200

#define PREFIX_LEN 13
static const char prefix_first[PREFIX_LEN + 1] = "msgnoh * BM: ";
static const char prefix_cont[PREFIX_LEN + 1]  = "msgnoh * BM+ ";

/* ASCII 0x20..0x7e -> EBCDIC code page 037, the code page Hercules uses
   to read the command back. */
static const unsigned char ascii_to_ebcdic[95] = {
    0x40, 0x5a, 0x7f, 0x7b, 0x5b, 0x6c, 0x50, 0x7d, 0x4d, 0x5d, 0x5c, 0x4e,
    0x6b, 0x60, 0x4b, 0x61, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
    0xf8, 0xf9, 0x7a, 0x5e, 0x4c, 0x7e, 0x6e, 0x6f, 0x7c, 0xc1, 0xc2, 0xc3,
    0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6,
    0xd7, 0xd8, 0xd9, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xba,
    0xe0, 0xbb, 0xb0, 0x6d, 0x79, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
    0x88, 0x89, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0xa2,
    0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xc0, 0x4f, 0xd0, 0xa1
};

static unsigned char cmd[PREFIX_LEN + BM_CONSOLE_CHUNK]
    __attribute__((aligned(8)));
static size_t cmd_len;          /* bytes in cmd, prefix included */
static int line_open;

static unsigned char to_ebcdic(char c)
{
    unsigned char u = (unsigned char)c;

    if (u < 0x20 || u > 0x7e)
        u = '.';
    return ascii_to_ebcdic[u - 0x20];
}

static void start_command(const char *prefix)
{
    for (cmd_len = 0; cmd_len < PREFIX_LEN; cmd_len++)
        cmd[cmd_len] = to_ebcdic(prefix[cmd_len]);
}

static void issue_command(void)
{
    /* R2: command address, R3: flags (0 = no response buffer) | length */
    register uintptr_t addr __asm__("2") = (uintptr_t)cmd;
    register uintptr_t len __asm__("3") = cmd_len;

    __asm__ __volatile__("diag %0,%1,8"
                         : "+d"(addr), "+d"(len)
                         :
                         : "cc", "memory");
    bm_results.nlines++;
}

static void put_char(char c)
{
    if (!line_open)
        bm_line_begin();
    if (cmd_len == sizeof(cmd)) {
        issue_command();
        start_command(prefix_cont);
    }
    cmd[cmd_len++] = to_ebcdic(c);
}

void bm_line_begin(void)
{
    if (line_open)              /* never lose a half-written line */
        bm_line_end();
    start_command(prefix_first);
    line_open = 1;
}

void bm_line_end(void)
{
    if (!line_open)
        bm_line_begin();
    issue_command();
    line_open = 0;
}

void bm_str(const char *s)
{
    if (!s)
        s = "(null)";
    while (*s)
        put_char(*s++);
}

void bm_dec(uint64_t v)
{
    char digits[20];            /* 2^64 - 1 has 20 decimal digits */
    int n = 0;

    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        put_char(digits[--n]);
}

void bm_hex(const void *p, size_t n)
{
    static const char hexdig[] = "0123456789abcdef";
    const unsigned char *b = p;

    for (size_t i = 0; i < n; i++) {
        put_char(hexdig[b[i] >> 4]);
        put_char(hexdig[b[i] & 15]);
    }
}

/* Names and keys are single words on the console; run.sh splits on blanks. */
static void put_word(const char *s)
{
    if (!s || !*s)
        s = "(unnamed)";
    for (; *s; s++)
        put_char(*s > ' ' && *s < 0x7f ? *s : '_');
}

void bm_result(const char *name, int ok, const char *detail)
{
    size_t i = 0;

    if (ok)
        bm_results.npass++;
    else
        bm_results.nfail++;

    /* Remember the name so a later crash can be placed after it. */
    if (name)
        for (; name[i] && i < sizeof(bm_results.last_test) - 1; i++)
            bm_results.last_test[i] = name[i];
    bm_results.last_test[i] = '\0';

    bm_line_begin();
    bm_str("TEST ");
    put_word(name);
    bm_str(ok ? " PASS" : " FAIL");
    if (detail && *detail) {
        bm_str(" ");
        bm_str(detail);
    }
    bm_line_end();
}

void bm_info(const char *key, const char *value)
{
    bm_line_begin();
    bm_str("INFO ");
    put_word(key);
    bm_str(" ");
    bm_str(value ? value : "");
    bm_line_end();
}
