/*
 * shim_dev.h - the common part of the device stand-ins that the s390x
 * tier preloads into a test process (LD_PRELOAD; qemu-s390x-static is
 * static, so only the guest's loader reads it).
 *
 * shim_dev.c takes over open(), open64(), openat(), openat64() and
 * close(): every path but the device's goes to the C library. The device
 * file a stand-in models is opened as /dev/null, so descriptor numbers and
 * close() stay real; the stand-in supplies its path and decides each open
 * (shim_dev_path, shim_dev_open) and takes over ioctl() itself.
 */
#ifndef ZC_SHIM_DEV_H
#define ZC_SHIM_DEV_H

#include <stddef.h>

/* Exported from the preloaded module; everything else stays hidden. */
#define SHIM_EXPORT __attribute__((visibility("default")))

/* Supplied by the stand-in: the device path it models. */
extern const char *const shim_dev_path;

/*
 * Supplied by the stand-in: called for an open of shim_dev_path with its
 * flags; 0 to let it succeed, or the errno it fails with.
 */
int shim_dev_open(int flags);

/* The descriptor of the open device, or -1. */
int shim_dev_fd(void);

/* Opens that succeeded and closes of them, for the leak check (exported). */
unsigned shim_dev_opens(void);
unsigned shim_dev_closes(void);

/* The C library's function of that name (dlsym RTLD_NEXT). */
void *shim_dev_next(const char *name);

/* The errno of a name such as "ENODEV", or 0 for an unknown name. */
int shim_dev_errno(const char *name, size_t len);

#endif /* ZC_SHIM_DEV_H */
