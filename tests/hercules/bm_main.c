/*
 * bm_main.c - C entry of the bare-metal test image, called by start.S.
 *
 * Console protocol (one logical line each, see bm_console.c):
 *   START ...                     first line
 *   INFO <key> <value>            any number, from the harness and tests
 *   TEST <name> PASS|FAIL [...]   one per bm_result()
 *   ERROR <text>                  harness-detected problem
 *   SUMMARY pass=N fail=N
 *   END                           last line; nothing is printed after it
 * The return value becomes the final wait code (BM_WAIT_* in bm.h).
 *
 * Harness self-tests (build with one of these defined, see README.md):
 *   BM_SELFTEST_FAIL   one extra failing test          -> run.sh exit 1
 *   BM_SELFTEST_CRASH  operation exception after tests -> run.sh exit 2
 *   BM_SELFTEST_HANG   loop forever after tests        -> run.sh exit 2
 *   BM_SELFTEST_EMPTY  do not call bm_run_tests()      -> run.sh exit 2
 */
#include "bm.h"

#include <string.h>

_Static_assert(sizeof(struct bm_results) == BM_RESULTS_SIZE,
               "struct bm_results must match bm.ld and run.sh");

/* The result block; bm.ld puts section .bm_results at BM_RESULTS_ADDR. */
struct bm_results bm_results __attribute__((section(".bm_results"), aligned(256)));

extern char __bss_start[], __bss_end[];

uint64_t bm_main(void);

/* Stack bytes below the current frame are painted with this at start; the
   lowest overwritten byte afterwards gives the high-water mark. */
#define STACK_PAINT 0xa5
/* Not painted: room for bm_main's own frame and the memset call. */
#define STACK_PAINT_MARGIN 4096

static uint64_t tod_clock(void)
{
    uint64_t t;

    __asm__ __volatile__("stck %0" : "=Q"(t) : : "cc");
    return t;
}

static uintptr_t stack_pointer(void)
{
    uintptr_t sp;

    __asm__ __volatile__("lgr %0,%%r15" : "=d"(sp));
    return sp;
}

static void stack_paint(void)
{
    uintptr_t end = (stack_pointer() - STACK_PAINT_MARGIN) & ~(uintptr_t)7;
    memset(bm_stack_bottom, STACK_PAINT, end - (uintptr_t)bm_stack_bottom);
}

/* Returns the bytes used at most; the full size means the guard is gone. */
static uint64_t stack_high_water(void)
{
    const unsigned char *p = bm_stack_bottom;

    while (p < bm_stack_top && *p == STACK_PAINT)
        p++;
    return (uint64_t)(bm_stack_top - p);
}

static void info_dec(const char *key, uint64_t v)
{
    bm_line_begin();
    bm_str("INFO ");
    bm_str(key);
    bm_str(" ");
    bm_dec(v);
    bm_line_end();
}

uint64_t bm_main(void)
{
    uint64_t t0, t1, code;
    uint32_t nfail;

    /* .bss is not in the loaded image; Hercules zeroes storage, but a
       re-IPL would not, and nothing should depend on that. */
    memset(__bss_start, 0, (size_t)(__bss_end - __bss_start));
    memset(&bm_results, 0, sizeof(bm_results));
    memcpy(bm_results.magic, BM_RESULTS_MAGIC, sizeof(bm_results.magic));
    bm_results.state = BM_STATE_STARTED;
    stack_paint();

    bm_line_begin();
    bm_str("START libzcrypt bare-metal tests");
    bm_line_end();
#ifdef BM_VARIANT
    bm_info("bm.variant", BM_VARIANT);
#endif
#ifdef BM_CAPS
    bm_info("bm.caps", BM_CAPS);
#endif
    info_dec("bm.stack_size", (uint64_t)(bm_stack_top - bm_stack_bottom));
    info_dec("bm.bigbuf_size", BM_BIGBUF_SIZE);

    t0 = tod_clock();
#ifndef BM_SELFTEST_EMPTY
    bm_run_tests();
#endif
    t1 = tod_clock();

#ifdef BM_SELFTEST_FAIL
    bm_result("bm.selftest_fail", 0, "deliberate failure (BM_SELFTEST_FAIL)");
#endif
#ifdef BM_SELFTEST_CRASH
    __asm__ __volatile__(".insn rr,0x0000,0,0");  /* opcode 00: invalid */
#endif
#ifdef BM_SELFTEST_HANG
    for (;;)
        __asm__ __volatile__("" ::: "memory");
#endif

    /* TOD clock bit 51 ticks once a microsecond. */
    info_dec("bm.guest_usec", (t1 - t0) >> 12);
    bm_results.stack_used = stack_high_water();
    info_dec("bm.stack_used", bm_results.stack_used);

    nfail = bm_results.nfail;
    if (bm_results.stack_used >= (uint64_t)(bm_stack_top - bm_stack_bottom)) {
        bm_line_begin();
        bm_str("ERROR stack overflow: the lowest stack byte was written");
        bm_line_end();
        code = BM_WAIT_STACK;
    } else if (bm_results.npass + nfail == 0) {
        bm_line_begin();
        bm_str("ERROR no test reported a result");
        bm_line_end();
        code = BM_WAIT_NOTESTS;
    } else if (nfail) {
        code = BM_WAIT_FAIL + 2 * (uint64_t)(nfail < 0x7fff ? nfail : 0x7fff);
    } else {
        code = BM_WAIT_OK;
    }

    bm_line_begin();
    bm_str("SUMMARY pass=");
    bm_dec(bm_results.npass);
    bm_str(" fail=");
    bm_dec(nfail);
    bm_line_end();

    bm_results.wait_code = code;
    bm_results.state = BM_STATE_DONE;
    bm_line_begin();
    bm_str("END");
    bm_line_end();
    return code;
}
