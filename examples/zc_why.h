/*
 * zc_why.h - a library error as the programs say it (included by zc-sum,
 * zc-encrypt, zc-rsa, zc-ec and zc-speed), and their exit status after a
 * write error on standard output. ZC_ENOTSUP is the code both for what
 * the machine lacks and for what the hardware-only policy refuses; the
 * backend query tells them apart (ZC_REASON_POLICY), so the message can
 * say which.
 */
#ifndef ZC_WHY_H
#define ZC_WHY_H

#include <zcrypt.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* zc_strerror(rc), or the policy's refusal when that is what happened. */
static const char *zc_why(int rc, enum zc_algo algo, size_t key_len)
{
    struct zc_backend_info bi;

    if (rc == ZC_ENOTSUP && zc_backend_query(algo, key_len, &bi) == ZC_OK &&
        bi.reason == ZC_REASON_POLICY)
        return "refused by ZCRYPT_POLICY=hw-only (it would run in software)";
    return zc_strerror(rc);
}

/*
 * The exit status once everything is printed: a write error on standard
 * output (a full disk, /dev/full) turns success into fail_rc, with a
 * message; an error status stays as it is.
 */
static int zc_stdout_status(const char *prog, int rc, int fail_rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: writing standard output: %s\n", prog, strerror(errno));
        return rc == 0 ? fail_rc : rc;
    }
    return rc;
}

#endif /* ZC_WHY_H */
