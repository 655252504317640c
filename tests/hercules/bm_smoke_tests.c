/*
 * bm_smoke_tests.c - a stand-in bm_run_tests() that needs no library code.
 *
 * The real tests live in the library's bm_tests.c. This file lets the
 * harness be built, run and self-tested on its own: it checks the machine
 * (STFLE, a KIMD query), the harness's libc, the big buffer and the
 * console's line splitting.
 */
#include "bm.h"

#include <string.h>

static const char hexdig[] = "0123456789abcdef";

static void to_hex(char *out, const void *p, size_t n)
{
    const unsigned char *b = p;

    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hexdig[b[i] >> 4];
        out[2 * i + 1] = hexdig[b[i] & 15];
    }
    out[2 * n] = '\0';
}

static void test_stfle(void)
{
    uint64_t fac[4] = { 0 };
    register uint64_t r0 __asm__("0") = 3;     /* doublewords - 1 */
    char hex[65];
    int cc;

    __asm__ __volatile__(".insn s,0xb2b00000,%1\n"  /* STFLE */
                         "ipm %0\n"
                         "srl %0,28\n"
                         : "=d"(cc), "=Q"(fac), "+d"(r0)
                         :
                         : "cc");
    to_hex(hex, fac, sizeof(fac));
    bm_info("stfle", hex);
    /* cc 3 only says the list is longer than 4 doublewords */
    bm_result("smoke.stfle", (cc == 0 || cc == 3) && (fac[0] >> 46 & 1),
              "facility 17 (MSA) expected");
}

static void test_kimd_query(void)
{
    unsigned char mask[16] __attribute__((aligned(8))) = { 0 };
    register uint64_t r0 __asm__("0") = 0;     /* function code: query */
    register uintptr_t r1 __asm__("1") = (uintptr_t)mask;
    register uintptr_t r2 __asm__("2") = 0;
    register uintptr_t r3 __asm__("3") = 0;
    register uintptr_t r4 __asm__("4") = 0;
    register uintptr_t r5 __asm__("5") = 0;
    char hex[33];
    int cc;

    __asm__ __volatile__(".insn rre,0xb93e0000,2,4\n"  /* KIMD */
                         "ipm %0\n"
                         "srl %0,28\n"
                         : "=d"(cc), "+d"(r2), "+d"(r3), "+d"(r4), "+d"(r5)
                         : "d"(r0), "a"(r1)
                         : "cc", "memory");
    to_hex(hex, mask, sizeof(mask));
    bm_info("kimd.query", hex);
    /* bit 0: query itself, bit 2: SHA-256 */
    bm_result("smoke.kimd_query", cc == 0 && (mask[0] & 0xa0) == 0xa0, hex);
}

static void test_libc(void)
{
    static unsigned char a[600], b[600];
    int ok = 1;

    for (size_t i = 0; i < sizeof(a); i++)
        a[i] = (unsigned char)(i * 7 + 3);
    memcpy(b, a, sizeof(a));
    ok &= memcmp(a, b, sizeof(a)) == 0;
    b[599]++;
    ok &= memcmp(a, b, sizeof(a)) < 0 && memcmp(b, a, sizeof(a)) > 0;
    ok &= memcmp(a, b, 599) == 0 && memcmp(a, b, 0) == 0;

    memset(b + 1, 0x5c, 300);
    ok &= b[0] == a[0] && b[1] == 0x5c && b[300] == 0x5c && b[301] == a[301];

    /* memmove, both directions, small and large gaps */
    static const size_t gaps[] = { 1, 3, 15, 16, 17, 100, 255, 256, 257 };
    for (size_t g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
        size_t gap = gaps[g], n = 300;

        memcpy(b, a, sizeof(a));
        memmove(b + gap, b, n);
        for (size_t i = 0; i < n; i++)
            ok &= b[gap + i] == a[i];
        memcpy(b, a, sizeof(a));
        memmove(b, b + gap, n);
        for (size_t i = 0; i < n; i++)
            ok &= b[i] == a[gap + i];
    }
    bm_result("smoke.libc", ok, NULL);
}

static void test_bigbuf(void)
{
    size_t n = BM_BIGBUF_SIZE;
    int ok = n >= (2u << 20) && ((uintptr_t)bm_bigbuf & 7) == 0;

    memset(bm_bigbuf, 0x61, n);                 /* one million 'a' and more */
    ok &= bm_bigbuf[0] == 0x61 && bm_bigbuf[n - 1] == 0x61;
    bm_result("smoke.bigbuf", ok, NULL);
}

static void test_console(void)
{
    char line[700];
    size_t i;

    /* every printable ASCII character must survive the EBCDIC round trip */
    for (i = 0; i < 95; i++)
        line[i] = (char)(0x20 + i);
    line[i] = '\0';
    bm_info("smoke.ascii", line);

    /* a long line is split into several DIAG 8 commands and joined again */
    for (i = 0; i < sizeof(line) - 1; i++)
        line[i] = (char)('a' + i % 26);
    line[i] = '\0';
    bm_result("smoke.long_line", 1, line);

    /* blanks, also where the line is cut, must survive as well */
    line[0] = '<';
    for (i = 1; i < 400; i++)
        line[i] = i % 7 ? ' ' : 'x';
    line[i++] = '>';
    line[i] = '\0';
    bm_info("smoke.blanks", line);
}

void bm_run_tests(void)
{
    test_stfle();
    test_kimd_query();
    test_libc();
    test_bigbuf();
    test_console();
}
