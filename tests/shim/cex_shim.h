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

/*
 * The cards, as the kernel lists them, read at every request: a comma list
 * of kinds for slots 3, 4, ... (unset or "": one "cca"):
 *   "cca"       a CEX card in CCA coprocessor mode: status byte 0x0c,
 *               function bit d (0x04); it takes ICARSACRT as type 6
 *               messages do (zcrypt_msgtype6.c): every field whole
 *   "accel"     a CEX card in accelerator mode: 0x0c, bit e (0x02); it
 *               takes ICARSACRT as type 50 messages do (zcrypt_msgtype50.c):
 *               bp, np and u read at offset 8 for only (len + 1) / 2 bytes,
 *               the bytes before dropped, and computes with what it read
 *   "ep11"      a CEX card in EP11 mode: 0x0c, bit f (0x01); takes no RSA
 *   "disabled"  a card whose status byte is 0x0d, offline in DEVICE_STATUS
 *   "old"       (not a card) the kernel predates ZCRYPT_DEVICE_STATUS: ENOTTY
 * A request goes to the first online card that takes RSA; with none, ENODEV.
 */
#define CEX_SHIM_CARDS_ENV "ZC_CEX_SHIM_CARDS"

/* What the stand-in saw; the test finds it with dlsym("zc_cex_shim"). */
struct cex_shim_state {
    unsigned status;        /* ZCRYPT_STATUS_MASK requests */
    unsigned devstatus;     /* ZCRYPT_DEVICE_STATUS requests */
    unsigned modexpo;       /* ICARSAMODEXPO requests (failed ones included) */
    unsigned crt;           /* ICARSACRT requests */
    unsigned crt50;         /* of them, answered as an accelerator (type 50) card */
    unsigned bad_flags;     /* opens without O_RDWR|O_CLOEXEC */
    unsigned last_len;      /* inputdatalength of the last request */
    unsigned violations;
    char violation[200];    /* the first one */
};

#endif /* ZC_CEX_SHIM_H */
