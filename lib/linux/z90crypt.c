/*
 * z90crypt.c - RSA on Crypto Express adapters through the kernel's zcrypt
 * driver (/dev/z90crypt, <asm/zcrypt.h>, which exists for s390x only).
 * Where there is no zcrypt interface, the end of this file gives the one
 * "not here" answer (ZC_ENOTSUP, ZC_CEX_NO_INTERFACE): Linux on other
 * architectures, and the bare-metal tier (ZC_FREESTANDING, no kernel at
 * all), which links this file for it (tests/hercules/meson.build).
 *
 *   public key     ICARSAMODEXPO  struct ica_rsa_modexpo
 *   private key    ICARSACRT      struct ica_rsa_modexpo_crt
 *   adapter state  ZCRYPT_DEVICE_STATUS: one entry per queue (card and
 *                  domain), online or not, and the card's function bits;
 *                  an adapter is one that is online with the CCA
 *                  coprocessor (d) or accelerator (e) bit: EP11 cards
 *                  never take RSA requests, disabled ones are offline.
 *                  On kernels without it, ZCRYPT_STATUS_MASK (then
 *                  Z90STAT_STATUS_MASK): one byte per card, its type, 0 =
 *                  none, 0x0d = disabled; it cannot tell an EP11 card.
 *
 * The caller (lib/rsa/rsa_cex.c) hands over the fields already in the layout
 * the header describes; this file only checks their lengths, fills the
 * request, and maps the errno. As in pkey.c, every request struct is
 * zeroed before it is filled, the device is opened O_RDWR|O_CLOEXEC for
 * each request and closed after it, and open() and ioctl() are retried on
 * EINTR. The answer lands in a local buffer first, so out is written only
 * on success; that buffer and the CRT request (pointers to the private
 * fields) are wiped.
 *
 * errno mapping (platform.h lists the results), as libica reads it:
 *   open: ENOENT, ENODEV, ENXIO (no device node or driver)  -> ZC_ENOTSUP
 *   open: EACCES, EPERM (the node may not be opened here)    -> ZC_PLAT_CEX_DENIED
 *         (the request's caller decides: software for AUTO keys)
 *   ioctl: ENODEV (no adapter online), EBADF, ENOTTY        -> ZC_ENOTSUP
 *   open or ioctl: anything else (EIO, EINVAL, ...)          -> ZC_EDEVICE
 */
#define _GNU_SOURCE
#include "core/platform.h"
#include "core/util.h"

#include <zcrypt/common.h>

#if defined(__s390x__) && !defined(ZC_FREESTANDING)

#include <asm/zcrypt.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

/* Open /dev/z90crypt into *fd: 0, or the errno. */
static int cex_open(int *fd)
{
    int f;

    do
        f = open("/dev/z90crypt", O_RDWR | O_CLOEXEC);
    while (f < 0 && errno == EINTR);
    if (f < 0)
        return errno;
    *fd = f;
    return 0;
}

/* One request, retried on EINTR: 0 or the errno. */
static int cex_ioctl(int fd, unsigned long req, void *arg)
{
    int r;

    do
        r = ioctl(fd, req, arg);
    while (r < 0 && errno == EINTR);
    return r < 0 ? errno : 0;
}

static int cex_open_err(int err)
{
    if (err == EACCES || err == EPERM)
        return ZC_PLAT_CEX_DENIED;
    return err == ENOENT || err == ENODEV || err == ENXIO ? ZC_ENOTSUP : ZC_EDEVICE;
}

static int cex_ioctl_err(int err)
{
    return err == ENODEV || err == EBADF || err == ENOTTY ? ZC_ENOTSUP : ZC_EDEVICE;
}

/* Open, issue req with arg, close: ZC_OK or the mapped error. */
static int cex_request(unsigned long req, void *arg)
{
    int fd = -1, err = cex_open(&fd);

    if (err)
        return cex_open_err(err);
    err = cex_ioctl(fd, req, arg);
    close(fd);
    return err ? cex_ioctl_err(err) : ZC_OK;
}

int zc_plat_cex_modexpo(const uint8_t *in, const uint8_t *e, const uint8_t *n,
                        uint8_t *out, size_t len)
{
    struct ica_rsa_modexpo req;
    uint8_t res[ZC_CEX_MAX_LEN];
    int rc;

    if (!in || !e || !n || !out || len == 0 || len > ZC_CEX_MAX_LEN)
        return ZC_EINVAL;
    memset(&req, 0, sizeof(req));
    memset(res, 0, len);
    /* the kernel only reads the input fields */
    req.inputdata = (__u8 *)(uintptr_t)in;
    req.inputdatalength = (__u32)len;
    req.outputdata = res;
    req.outputdatalength = (__u32)len;
    req.b_key = (__u8 *)(uintptr_t)e;
    req.n_modulus = (__u8 *)(uintptr_t)n;
    rc = cex_request(ICARSAMODEXPO, &req);
    if (rc == ZC_OK)
        memcpy(out, res, len);
    zc_wipe(res, len);      /* a blinded private value may pass here too */
    return rc;
}

int zc_plat_cex_crt(const uint8_t *in, size_t len, const uint8_t *bp, const uint8_t *bq,
                    const uint8_t *np, const uint8_t *nq, const uint8_t *u, uint8_t *out)
{
    struct ica_rsa_modexpo_crt req;
    uint8_t res[ZC_CEX_MAX_LEN];
    int rc;

    if (!in || !bp || !bq || !np || !nq || !u || !out || len < 2 || len > ZC_CEX_MAX_LEN ||
        len % 2)
        return ZC_EINVAL;
    memset(&req, 0, sizeof(req));
    memset(res, 0, len);
    req.inputdata = (__u8 *)(uintptr_t)in;
    req.inputdatalength = (__u32)len;
    req.outputdata = res;
    req.outputdatalength = (__u32)len;
    req.bp_key = (__u8 *)(uintptr_t)bp;
    req.bq_key = (__u8 *)(uintptr_t)bq;
    req.np_prime = (__u8 *)(uintptr_t)np;
    req.nq_prime = (__u8 *)(uintptr_t)nq;
    req.u_mult_inv = (__u8 *)(uintptr_t)u;
    rc = cex_request(ICARSACRT, &req);
    if (rc == ZC_OK)
        memcpy(out, res, len);
    zc_wipe(res, len);
    zc_wipe(&req, sizeof(req));
    return rc;
}

/* The function bits of zcrypt_device_status_ext ('abcdef'): d CCA coprocessor,
 * e accelerator (f, EP11, takes no RSA request). */
#define CEX_FN_CCA   0x04
#define CEX_FN_ACCEL 0x02
#define CEX_DISABLED 0x0d       /* ZCRYPT_STATUS_MASK: the card is disabled */

/*
 * ZCRYPT_DEVICE_STATUS: *online = 1 when a queue is online on a card that
 * takes RSA requests. The kernel writes the whole matrix (256 KiB, too
 * large for a stack), so it goes to an anonymous mapping of its own,
 * unmapped at once. 0 or the errno (ENOMEM when there is no mapping).
 */
static int cex_device_status(int fd, int *online)
{
    const size_t size = sizeof(struct zcrypt_device_matrix_ext);
    struct zcrypt_device_matrix_ext *m;
    size_t i;
    int err;

    m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return ENOMEM;
    err = cex_ioctl(fd, ZCRYPT_DEVICE_STATUS, m);
    *online = 0;
    for (i = 0; !err && i < MAX_ZDEV_ENTRIES_EXT; i++) {
        const struct zcrypt_device_status_ext *d = &m->device[i];

        if (d->online && (d->functions & (CEX_FN_CCA | CEX_FN_ACCEL))) {
            *online = 1;
            break;
        }
    }
    munmap(m, size);
    return err;
}

/* The status mask of kernels without DEVICE_STATUS: a card that is not disabled. */
static int cex_status_mask(int fd, int *online)
{
    char mask[MAX_ZDEV_CARDIDS_EXT];
    size_t i, n = sizeof(mask);
    int err;

    memset(mask, 0, sizeof(mask));
    err = cex_ioctl(fd, ZCRYPT_STATUS_MASK, mask);
    if (err == ENOTTY) {
        /* kernels before the 256-card interface */
        n = 64;
        err = cex_ioctl(fd, Z90STAT_STATUS_MASK, mask);
    }
    *online = 0;
    for (i = 0; !err && i < n; i++) {
        if (mask[i] && mask[i] != CEX_DISABLED) {
            *online = 1;
            break;
        }
    }
    return err;
}

enum zc_cex_state zc_plat_cex_state(void)
{
    int fd = -1, online = 0, err = cex_open(&fd);

    if (err)
        return cex_open_err(err) == ZC_ENOTSUP ? ZC_CEX_NO_DEVICE : ZC_CEX_FAILED;
    err = cex_device_status(fd, &online);
    if (err == ENOTTY || err == ENOMEM)
        err = cex_status_mask(fd, &online);
    close(fd);
    if (err)
        return cex_ioctl_err(err) == ZC_ENOTSUP ? ZC_CEX_NO_ADAPTER : ZC_CEX_FAILED;
    return online ? ZC_CEX_ONLINE : ZC_CEX_NO_ADAPTER;
}

#else /* no zcrypt interface: not s390x Linux, or no kernel at all */

int zc_plat_cex_modexpo(const uint8_t *in, const uint8_t *e, const uint8_t *n,
                        uint8_t *out, size_t len)
{
    (void)in;
    (void)e;
    (void)n;
    (void)out;
    (void)len;
    return ZC_ENOTSUP;
}

int zc_plat_cex_crt(const uint8_t *in, size_t len, const uint8_t *bp, const uint8_t *bq,
                    const uint8_t *np, const uint8_t *nq, const uint8_t *u, uint8_t *out)
{
    (void)in;
    (void)len;
    (void)bp;
    (void)bq;
    (void)np;
    (void)nq;
    (void)u;
    (void)out;
    return ZC_ENOTSUP;
}

enum zc_cex_state zc_plat_cex_state(void)
{
    return ZC_CEX_NO_INTERFACE;
}

#endif
