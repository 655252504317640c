/*
 * bm_tests.h - shared helpers of the library's bare-metal test files.
 */
#ifndef BM_TESTS_H
#define BM_TESTS_H

#include <stddef.h>

/* "prefix.a" / "prefix.a.b" into buf, for bm_result() names. */
const char *bm_name(char *buf, size_t size, const char *prefix, const char *a);
const char *bm_name3(char *buf, size_t size, const char *prefix, const char *a, const char *b);

void bm_tests_aes(void);
void bm_tests_sym(void);
void bm_tests_prot(void);
void bm_tests_stream(void);
void bm_tests_stats(void);
void bm_tests_ec(void);

#endif /* BM_TESTS_H */
