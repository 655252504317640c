/*
 * check_main.h - the one way the Check suites run: all tests, Check's
 * normal summary line ("N%: Checks: N, Failures: N, Errors: N"), and an
 * exit status meson understands.
 */
#ifndef ZC_CHECK_MAIN_H
#define ZC_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

static inline int tu_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif /* ZC_CHECK_MAIN_H */
