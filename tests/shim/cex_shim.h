/*
 * cex_shim.h - the contract between the /dev/z90crypt stand-in
 * (cex_shim.c, preloaded) and tests/test_cex.c.
 *
 * The stand-in answers ICARSAMODEXPO and ICARSACRT by computing the
 * result itself from the fields it was sent (the bignum core of lib/bn,
 * Garner's formula for CRT), after checking every field against the
 * layout of <asm/zcrypt.h>. A request that breaks a rule is counted in
 * violations and fails with EBADMSG.
 */
#ifndef ZC_CEX_SHIM_H
#define ZC_CEX_SHIM_H

/*
 * What the device does, read at every open and request, so a test may
 * setenv() it before its call:
 *   unset or ""      an adapter online, correct answers
 *   "nodev"          no /dev/z90crypt (open: ENOENT)
 *   "open=ERRNO"     open fails with ERRNO (a name: EACCES, ...)
 *   "noadapter"      the status mask lists no card; requests: ENODEV
 *   "req=ERRNO"      ICARSAMODEXPO and ICARSACRT fail with ERRNO
 *   "eintr"          each request fails once with EINTR, then is answered
 *   "wrong"          the answer's last bit is flipped
 *   "big"            the answer is all 0xff bytes (not below the modulus)
 */
#define CEX_SHIM_ENV "ZC_CEX_SHIM"

/* What the stand-in saw; the test finds it with dlsym("zc_cex_shim"). */
struct cex_shim_state {
    unsigned status;        /* ZCRYPT_STATUS_MASK requests */
    unsigned modexpo;       /* ICARSAMODEXPO requests (failed ones included) */
    unsigned crt;           /* ICARSACRT requests */
    unsigned bad_flags;     /* opens without O_RDWR|O_CLOEXEC */
    unsigned last_len;      /* inputdatalength of the last request */
    unsigned violations;
    char violation[200];    /* the first one */
};

#endif /* ZC_CEX_SHIM_H */
