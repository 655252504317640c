/*
 * bm.h - interface of the bare-metal test harness (tests/hercules/).
 *
 * The harness boots a freestanding z/Architecture image under Hercules and
 * calls bm_run_tests(), which the library's tests provide in bm_tests.c.
 * Results reach the host through two channels:
 *   1. console lines issued with DIAG X'008' ("msgnoh * BM: ..."), written
 *      with the bm_line_*() and bm_result()/bm_info() calls below;
 *   2. the result block (struct bm_results) at absolute BM_RESULTS_ADDR,
 *      dumped by Hercules after the final disabled wait.
 * run.sh cross-checks both and turns them into results.txt/results.json.
 *
 * Environment seen by tests: 64-bit z/Architecture, supervisor state, DAT
 * off, all interrupts disabled, one CPU, no libc beyond memcpy, memmove,
 * memset and memcmp (bm_libc.c). There is no malloc; large data goes in
 * bm_bigbuf. An unexpected program check ends the run (no recovery).
 */
#ifndef BM_H
#define BM_H

#include <stddef.h>
#include <stdint.h>

/* ---- provided by the library's tests (bm_tests.c) ---------------------- */

/* Run every test; report each with bm_result(). */
void bm_run_tests(void);

/* ---- test reporting ------------------------------------------------------ */

/*
 * Report one test: prints "TEST <name> PASS|FAIL [detail]" and counts it.
 * Characters of name that would break parsing (blanks, non-printables) are
 * replaced by '_'; detail may be NULL and may be long (it is split over
 * several console lines and joined again by run.sh).
 */
void bm_result(const char *name, int ok, const char *detail);

/* Print "INFO <key> <value>" (facility bits, query masks, ...). */
void bm_info(const char *key, const char *value);

/* ---- formatted console output -------------------------------------------- */

/*
 * One logical line: bm_line_begin(), any number of bm_str/bm_dec/bm_hex,
 * bm_line_end(). Lines of any length are safe: output is cut into DIAG 8
 * commands of at most BM_CONSOLE_CHUNK characters. Characters outside
 * printable ASCII are shown as '.'. Lines starting "TEST ", "ERROR ",
 * "SUMMARY ", "START " or "END" are the harness's own: run.sh cross-checks
 * them with the result block, so a hand-made one fails the run. A hand-made
 * "INFO <one-word key> <value>" line is fine.
 */
void bm_line_begin(void);
void bm_str(const char *s);
void bm_dec(uint64_t v);
void bm_hex(const void *p, size_t n);   /* lower-case, two digits a byte */
void bm_line_end(void);

/* ---- memory -------------------------------------------------------------- */

/*
 * A large scratch buffer (BM_BIGBUF_SIZE bytes, 4 KiB aligned) for tests
 * that need more than the stack can give, e.g. hashing one million bytes.
 * Its contents are undefined at start (not cleared, not part of .bss).
 */
extern unsigned char bm_bigbuf[];
extern unsigned char bm_bigbuf_end[];
#define BM_BIGBUF_SIZE ((size_t)(bm_bigbuf_end - bm_bigbuf))

/* Stack: bm_stack_bottom .. bm_stack_top (see bm.ld), grows downwards. */
extern unsigned char bm_stack_bottom[];
extern unsigned char bm_stack_top[];

/* ---- the result block -------------------------------------------------- */

#define BM_RESULTS_ADDR   0x9000UL
#define BM_RESULTS_SIZE   0x100UL
#define BM_RESULTS_MAGIC  "ZCBMRES1"

/* state values */
#define BM_STATE_STARTED  1u    /* bm_main() entered, tests running */
#define BM_STATE_DONE     2u    /* SUMMARY and END printed */

/*
 * Layout is parsed by run.sh: keep offsets stable and the size at
 * BM_RESULTS_SIZE. Big-endian, like everything on this machine.
 */
struct bm_results {
    char     magic[8];          /* 0x00 BM_RESULTS_MAGIC */
    uint32_t state;             /* 0x08 BM_STATE_* */
    uint32_t npass;             /* 0x0c */
    uint32_t nfail;             /* 0x10 */
    uint32_t nlines;            /* 0x14 DIAG 8 commands issued */
    uint64_t wait_code;         /* 0x18 what bm_main() returned */
    uint32_t pgm_int;           /* 0x20 word at 0x8c: ILC and code; set by */
    uint32_t pgm_count;         /* 0x24   the program-check handler */
    uint64_t pgm_psw[2];        /* 0x28 program old PSW */
    uint64_t stack_used;        /* 0x38 high-water mark in bytes */
    char     last_test[64];     /* 0x40 name of the last reported test */
    uint64_t pgm_gprs[16];      /* 0x80 GRs at the program check */
};

/* Placed at BM_RESULTS_ADDR by bm.ld (section .bm_results). */
extern struct bm_results bm_results;

/* ---- wait codes (instruction address of the final disabled-wait PSW) ---- */

#define BM_WAIT_OK        0x00000000UL  /* all tests passed */
#define BM_WAIT_FAIL      0x0BAD0000UL  /* + 2*nfail (nfail capped at 0x7fff) */
#define BM_WAIT_PGM       0x0DEA0000UL  /* + 2*program interruption code */
#define BM_WAIT_NOTESTS   0x0E0E0000UL  /* bm_run_tests() reported nothing */
#define BM_WAIT_STACK     0x05AC0000UL  /* stack guard overwritten */
/* 0xE1A0 restart, 0xE1B0 external, 0xE1C0 SVC, 0xE1E0 machine check,
   0xE1F0 I/O: unexpected interruption (see start.S). */

#endif /* BM_H */
