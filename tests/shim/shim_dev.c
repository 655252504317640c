/*
 * shim_dev.c - open/close takeover for the preloaded device stand-ins
 * (shim_dev.h says how they fit together).
 */
#define _GNU_SOURCE
/* open and open64 (openat, openat64) are taken over separately: none of
 * them may be renamed to another by the headers. */
#undef _FILE_OFFSET_BITS
#undef _FORTIFY_SOURCE
#include "shim_dev.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);
typedef int (*close_fn)(int);

static int dev_fd = -1;
static unsigned opens, closes;

void *shim_dev_next(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

int shim_dev_fd(void)
{
    return dev_fd;
}

SHIM_EXPORT unsigned shim_dev_opens(void)
{
    return opens;
}

SHIM_EXPORT unsigned shim_dev_closes(void)
{
    return closes;
}

int shim_dev_errno(const char *name, size_t len)
{
    static const struct {
        const char *name;
        int err;
    } errnos[] = {
        { "ENOENT", ENOENT }, { "ENODEV", ENODEV }, { "ENXIO", ENXIO },  { "EACCES", EACCES },
        { "EPERM", EPERM },   { "EBADF", EBADF },   { "ENOTTY", ENOTTY }, { "EINVAL", EINVAL },
        { "EIO", EIO },       { "EFAULT", EFAULT }, { "EBUSY", EBUSY },  { "EAGAIN", EAGAIN },
        { "EINTR", EINTR },
    };
    size_t i;

    for (i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++) {
        if (strlen(errnos[i].name) == len && strncmp(name, errnos[i].name, len) == 0)
            return errnos[i].err;
    }
    return 0;
}

/* The device: /dev/null under the stand-in's decision. */
static int dev_open(int flags)
{
    open_fn ropen;
    int err = shim_dev_open(flags), fd;

    if (err) {
        errno = err;
        return -1;
    }
    *(void **)&ropen = shim_dev_next("open");
    fd = ropen("/dev/null", O_RDWR | O_CLOEXEC);
    if (fd >= 0) {
        dev_fd = fd;
        opens++;
    }
    return fd;
}

static int mode_arg(int flags, va_list ap)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, int) : 0;
}

#define SHIM_OPEN(name)                                                        \
    SHIM_EXPORT int name(const char *path, int flags, ...)                     \
    {                                                                          \
        open_fn real;                                                          \
        va_list ap;                                                            \
        int mode;                                                              \
                                                                               \
        if (strcmp(path, shim_dev_path) == 0)                                  \
            return dev_open(flags);                                            \
        va_start(ap, flags);                                                   \
        mode = mode_arg(flags, ap);                                            \
        va_end(ap);                                                            \
        *(void **)&real = shim_dev_next(#name);                                \
        return real(path, flags, mode);                                        \
    }

#define SHIM_OPENAT(name)                                                      \
    SHIM_EXPORT int name(int dirfd, const char *path, int flags, ...)          \
    {                                                                          \
        openat_fn real;                                                        \
        va_list ap;                                                            \
        int mode;                                                              \
                                                                               \
        if (strcmp(path, shim_dev_path) == 0)                                  \
            return dev_open(flags);                                            \
        va_start(ap, flags);                                                   \
        mode = mode_arg(flags, ap);                                            \
        va_end(ap);                                                            \
        *(void **)&real = shim_dev_next(#name);                                \
        return real(dirfd, path, flags, mode);                                 \
    }

SHIM_OPEN(open)
SHIM_OPEN(open64)
SHIM_OPENAT(openat)
SHIM_OPENAT(openat64)

SHIM_EXPORT int close(int fd)
{
    close_fn real;

    if (fd >= 0 && fd == dev_fd) {
        dev_fd = -1;
        closes++;
    }
    *(void **)&real = shim_dev_next("close");
    return real(fd);
}
