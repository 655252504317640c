/*
 * error.c - names for error codes and backends, and the version string.
 */
#include <zcrypt.h>

/* The version comes from meson's project() only (meson.build passes it). */
#ifndef ZC_VERSION_STRING
#error "ZC_VERSION_STRING is not defined: build with meson"
#endif

const char *zc_strerror(int err)
{
    switch (err) {
    case ZC_OK:      return "success";
    case ZC_EINVAL:  return "invalid argument";
    case ZC_ENOTSUP: return "not supported on this machine";
    case ZC_EAUTH:   return "authentication failed";
    case ZC_EKEY:    return "protected or secure key unavailable";
    case ZC_EDEVICE: return "kernel device or interface failed";
    case ZC_ENOMEM:  return "out of memory or buffer space";
    case ZC_ESTATE:  return "call out of order: context not initialised, already finished, or its key wiped";
    }
    return "unknown error";
}

const char *zc_version(void)
{
    return ZC_VERSION_STRING;
}

const char *zc_backend_name(enum zc_backend backend)
{
    switch (backend) {
    case ZC_BACKEND_AUTO:     return "auto";
    case ZC_BACKEND_CPACF:    return "cpacf";
    case ZC_BACKEND_SOFTWARE: return "software";
    case ZC_BACKEND_CEX:      return "cex";
    }
    return "unknown";
}
