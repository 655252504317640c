/**
 * @file zcrypt/random.h
 * @ingroup zcrypt_rand
 * @brief Random bytes from the kernel, with CPACF TRNG output mixed in.
 */
#ifndef ZCRYPT_RANDOM_H
#define ZCRYPT_RANDOM_H

#include <zcrypt/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Fill @p buf with @p len random bytes.
 *
 * The bytes come from the kernel's getrandom(). Where PRNO-TRNG is
 * installed (and not removed by ZCRYPT_CAPS), an equal amount of TRNG
 * output is XORed in, so neither source alone decides the result. There is
 * no user-space generator state: nothing to seed, nothing to reseed, safe
 * across fork(). Any failure is an error, never predictable bytes; on
 * error the buffer is zeroed.
 *
 * @return ZC_OK; ZC_EINVAL for NULL @p buf with len > 0; ZC_EDEVICE when
 *         getrandom() fails; ZC_ENOTSUP where there is no kernel source
 *         (bare metal).
 */
ZC_API int zc_random_bytes(void *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* ZCRYPT_RANDOM_H */
