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
 * zeroed before it is filled, and open() and ioctl() are retried on EINTR.
 *
 * One descriptor per process: /dev/z90crypt is opened O_RDWR|O_CLOEXEC on
 * first use and kept, published with a compare-and-swap (no lock, no
 * pthread). It records the pid that opened it: a child of fork() opens its
 * own on its first request and closes the inherited one if that still is
 * the node. A failed open is not kept (the next call tries again); a
 * descriptor that answers EBADF because it was closed under the library is
 * forgotten and opened anew. The adapter state is kept for CEX_STATE_MS
 * (one second, CLOCK_MONOTONIC), so a burst of private operations pays the
 * status ioctl once a second, not once per operation; a failed request
 * drops it. zc_plat_cex_reset() (for the tests only) closes and drops both. The answer lands in a local buffer first, so out is written only
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
#include <sys/stat.h>
#include <time.h>
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

/*
 * The process's descriptor: (pid << 32) | fd, 0 for none, published with
 * one compare-and-swap so threads need no lock. The pid is the process
 * that opened it: a child of fork() sees another pid and opens its own.
 * cex_ino and cex_rdev name the node that descriptor is, so a child closes
 * the one it inherited only if it still is that node (a daemon that
 * closed every descriptor after fork may have reused the number).
 */
static uint64_t cex_dev;
static uint64_t cex_ino, cex_rdev;

static uint64_t cex_pack(pid_t pid, int fd)
{
    return ((uint64_t)(uint32_t)pid << 32) | (uint32_t)fd;
}

/* This process's descriptor into *fd, opened on first use: 0 or the errno. */
static int cex_fd(int *fd)
{
    const pid_t pid = getpid();
    uint64_t v = __atomic_load_n(&cex_dev, __ATOMIC_ACQUIRE), ino = 0, rdev = 0;
    struct stat st;
    int f = -1, err;

    for (;;) {
        if (v && (pid_t)(v >> 32) == pid) {
            *fd = (int)(uint32_t)v;
            return 0;
        }
        err = cex_open(&f);
        if (err)
            return err;
        if (fstat(f, &st) == 0) {
            ino = (uint64_t)st.st_ino;
            rdev = (uint64_t)st.st_rdev;
        }
        if (__atomic_compare_exchange_n(&cex_dev, &v, cex_pack(pid, f), 0, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE))
            break;
        close(f);       /* another thread published first: take its descriptor */
    }
    /* v: the parent's descriptor, inherited across fork(), or none */
    if (v && fstat((int)(uint32_t)v, &st) == 0 &&
        (uint64_t)st.st_ino == __atomic_load_n(&cex_ino, __ATOMIC_RELAXED) &&
        (uint64_t)st.st_rdev == __atomic_load_n(&cex_rdev, __ATOMIC_RELAXED))
        close((int)(uint32_t)v);
    __atomic_store_n(&cex_ino, ino, __ATOMIC_RELAXED);
    __atomic_store_n(&cex_rdev, rdev, __ATOMIC_RELAXED);
    *fd = f;
    return 0;
}

/*
 * EBADF: if the descriptor is closed indeed (the application closed it
 * under the library), forget it unclosed and open anew next time; an open
 * one answered EBADF itself and is kept.
 */
static void cex_fd_lost(int fd)
{
    uint64_t v = cex_pack(getpid(), fd);

    if (fcntl(fd, F_GETFD) < 0 && errno == EBADF)
        __atomic_compare_exchange_n(&cex_dev, &v, 0, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

/*
 * The adapter state, kept for CEX_STATE_MS: (expiry in ms of
 * CLOCK_MONOTONIC << 8) | (state + 1), 0 for none. A burst of private
 * operations pays ZCRYPT_DEVICE_STATUS (a 256 KiB table) once; a request
 * that fails drops it, so the next operation asks again.
 */
#define CEX_STATE_MS 1000
static uint64_t cex_cache;

static int cex_now_ms(uint64_t *ms)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
    *ms = (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
    return 1;
}

static void cex_forget(void)
{
    __atomic_store_n(&cex_cache, 0, __ATOMIC_RELAXED);
}

void zc_plat_cex_reset(void)
{
    uint64_t v = __atomic_exchange_n(&cex_dev, 0, __ATOMIC_ACQ_REL);

    if (v && (pid_t)(v >> 32) == getpid())
        close((int)(uint32_t)v);
    cex_forget();
}

/* One request, retried on EINTR: 0 or the errno. */
static int cex_ioctl(int fd, unsigned long req, void *arg)
{
    int r, err;

    do
        r = ioctl(fd, req, arg);
    while (r < 0 && errno == EINTR);
    if (r >= 0)
        return 0;
    err = errno;
    if (err == EBADF)
        cex_fd_lost(fd);
    return err;
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

/* Issue req with arg on the process's descriptor: ZC_OK or the mapped error;
 * any failure drops the cached adapter state. */
static int cex_request(unsigned long req, void *arg)
{
    int fd = -1, err = cex_fd(&fd);

    if (err) {
        cex_forget();
        return cex_open_err(err);
    }
    err = cex_ioctl(fd, req, arg);
    if (err)
        cex_forget();
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

static enum zc_cex_state cex_probe(void)
{
    int fd = -1, online = 0, err = cex_fd(&fd);

    if (err)
        return cex_open_err(err) == ZC_ENOTSUP ? ZC_CEX_NO_DEVICE : ZC_CEX_FAILED;
    err = cex_device_status(fd, &online);
    if (err == ENOTTY || err == ENOMEM)
        err = cex_status_mask(fd, &online);
    if (err)
        return cex_ioctl_err(err) == ZC_ENOTSUP ? ZC_CEX_NO_ADAPTER : ZC_CEX_FAILED;
    return online ? ZC_CEX_ONLINE : ZC_CEX_NO_ADAPTER;
}

enum zc_cex_state zc_plat_cex_state(void)
{
    uint64_t now, c = __atomic_load_n(&cex_cache, __ATOMIC_RELAXED);
    enum zc_cex_state st;
    int timed = cex_now_ms(&now);

    if (timed && c && (c >> 8) > now)
        return (enum zc_cex_state)((c & 0xff) - 1);
    st = cex_probe();
    if (timed)
        __atomic_store_n(&cex_cache, ((now + CEX_STATE_MS) << 8) | ((uint64_t)st + 1),
                         __ATOMIC_RELAXED);
    return st;
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

void zc_plat_cex_reset(void)
{
}

#endif
