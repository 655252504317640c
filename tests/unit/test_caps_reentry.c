/*
 * test_caps_reentry.c - first-time facility detection never waits.
 *
 * lib/core/caps.c is linked here with a fake platform whose ZCRYPT_CAPS hook
 * runs in the middle of the first detection, and from there
 *  - forks: the child calls the library while the detection it inherited
 *    can never finish (a waiting scheme would spin forever in the child);
 *  - calls the library again on the same thread, as a signal handler on
 *    the detecting thread would (a waiting scheme would deadlock).
 * Both must return at once with the full answer. Afterwards the whole
 * process must agree on one published copy. An alarm turns a hang into a
 * failure.
 */
#define _POSIX_C_SOURCE 200809L     /* fork, alarm, waitpid under -std=c11 */

#include <zcrypt.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/platform.h"
#include "unit.h"

#define SETTING "-KMC,bogus"

static int depth, child_ok = -1, nested_ok;
static const char *nested_setting;

int zc_plat_stfle_allowed(void)
{
    return 1;
}

int zc_plat_privileged(void)
{
    return 0;
}

int zc_plat_getrandom(void *buf, size_t len)
{
    (void)buf;
    (void)len;
    return ZC_ENOTSUP;
}

const char *zc_plat_caps_env(void)
{
    if (depth++ == 0) {
        pid_t pid = fork();
        int st;

        if (pid == 0) {
            const char *s = zc_caps_setting();

            _exit(s != NULL && strcmp(s, SETTING) == 0 && zc_caps_ignored_items() == 1 ? 0 : 1);
        }
        if (pid > 0 && waitpid(pid, &st, 0) == pid)
            child_ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
        /* the "signal handler" on the detecting thread */
        nested_setting = zc_caps_setting();
        nested_ok = nested_setting != NULL && strcmp(nested_setting, SETTING) == 0 &&
                    zc_caps_ignored_items() == 1;
    }
    return SETTING;
}

int main(void)
{
    const char *outer;

    alarm(30);
    outer = zc_caps_setting();
    check(child_ok == 1, "a fork() child inside the first detection gets its answer");
    check(nested_ok, "a nested call on the detecting thread gets its answer");
    check(outer != NULL && strcmp(outer, SETTING) == 0, "the first caller gets its answer");
    /* the nested call published first; the outer caller lost and uses that copy */
    check(outer == nested_setting, "the first published copy stands");
    check(zc_caps_setting() == outer && zc_caps_ignored_items() == 1, "one copy from now on");
    check(depth == 2, "the nested caller detected on its own (the child counts in its own copy)");
    return unit_done();
}
