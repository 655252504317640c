/*
 * platform.h - what the freestanding core asks of its environment.
 *
 * The core (lib/ minus lib/linux/) uses no libc beyond memcpy/memset/memcmp.
 * Everything that depends on an operating system is behind these calls:
 * lib/linux/ (auxv.c, env.c, getrandom.c) implements them for Linux user
 * space, and the bare-metal test harness (tests/hercules/) implements them
 * for a supervisor-state program with no OS at all.
 */
#ifndef ZC_PLATFORM_H
#define ZC_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

/*
 * 1 when STFLE may be issued. On Linux: AT_HWCAP has HWCAP_S390_STFLE.
 * Bare metal: always 1. Never 1 on other architectures.
 */
int zc_plat_stfle_allowed(void);

/*
 * 1 when the code runs in supervisor state and may issue privileged
 * instructions (PCKMO). Linux user space: 0, always.
 */
int zc_plat_privileged(void);

/* The ZCRYPT_CAPS value, or NULL when unset. Read once by the core. */
const char *zc_plat_caps_env(void);

/*
 * The ZCRYPT_STATS and ZCRYPT_POLICY values, or NULL when unset (bare
 * metal: always NULL). Each is read once by the core.
 */
const char *zc_plat_stats_env(void);
const char *zc_plat_policy_env(void);

/*
 * Fill buf with len bytes from the kernel's random source (getrandom).
 * Returns ZC_OK, or a negative ZC_E* code (ZC_ENOTSUP where there is none).
 */
int zc_plat_getrandom(void *buf, size_t len);

/*
 * Protected AES keys: a key wrapped by the firmware's wrapping key, as the
 * encrypted-key CPACF functions (26-28, 58, 60) take it. prot receives the
 * wrapped key (16, 24 or 32 bytes) followed by its 32-byte verification
 * pattern; *prot_len is set to that total (48, 56 or 64).
 *
 * Linux: the kernel's pkey module (/dev/pkey, <asm/pkey.h>), in
 * lib/linux/pkey.c. Bare metal: PCKMO, for clear keys only. Results:
 * ZC_OK; ZC_ENOTSUP where the machine or kernel cannot make protected keys
 * (no /dev/pkey, ENOTTY, ENODEV from CLR2PROTK: no PCKMO); ZC_EKEY for a
 * blob the kernel rejects (EINVAL); ZC_EDEVICE when converting a blob found
 * no adapter that answered (ENODEV, EIO) or the device failed otherwise;
 * ZC_EINVAL for sizes the interface does not take. Nothing but prot and
 * *prot_len is written, and only on ZC_OK.
 */
#define ZC_PROTKEY_MAX 64

/* PKEY_CLR2PROTK: wrap a clear AES key of key_len 16, 24 or 32 bytes. */
int zc_plat_aes_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len);

/*
 * PKEY_KBLOB2PROTK (or PKEY_KBLOB2PROTK2/3 with the APQN list from
 * PKEY_APQNS4K): a protected key from a secure-key blob (CCA AES DATA or
 * CIPHER token, EP11 AES blob). *key_len receives the AES key length.
 */
int zc_plat_aes_protect_blob(const uint8_t *blob, size_t blob_len,
                             uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len,
                             size_t *key_len);

/* PKEY_GENPROTK: a random protected AES key of key_len bytes. */
int zc_plat_aes_generate_protected(size_t key_len, uint8_t prot[ZC_PROTKEY_MAX],
                                   size_t *prot_len);

/*
 * Protected HMAC keys (PKEY_KBLOB2PROTK3 with a clear-key token): k0 is
 * HMAC's K0, the key hashed or zero-padded to the block, of k0_len 64
 * (SHA-224/256: the kernel's HMAC-512 key type) or 128 (SHA-384/512:
 * HMAC-1024). prot receives the wrapped K0 followed by its 32-byte
 * verification pattern, *prot_len that total (96 or 160). Results: ZC_OK;
 * ZC_ENOTSUP where there is no pkey interface, the kernel does not know
 * the request (ENOTTY) or the key type (EINVAL), or the machine lacks the
 * PCKMO code (ENODEV); ZC_EINVAL for another k0_len; ZC_EDEVICE for any
 * other failure or a wrong answer. Nothing but prot and *prot_len is
 * written, and only on ZC_OK. Bare metal: ZC_ENOTSUP (pkey.c's end).
 */
#define ZC_HMAC_PROTKEY_MAX 160

int zc_plat_hmac_protect_clear(const uint8_t *k0, size_t k0_len,
                               uint8_t prot[ZC_HMAC_PROTKEY_MAX], size_t *prot_len);

/*
 * Protected EC signing keys (the encrypted-key KDSA codes 17-19, 48, 52):
 * the private key wrapped by the firmware's wrapping key. prot receives
 * the wrapped key (w = 32, 48, 80 bytes for P-256/384/521; 32 for
 * Ed25519, 64 for Ed448) followed by its 32-byte verification pattern;
 * *prot_len that total (64, 80, 112, 64, 96).
 *
 * zc_plat_ec_protect_clear: PKEY_KBLOB2PROTK3 with a clear-key token of
 * the curve's key type (5-9); key exactly as the token takes it: 32, 48,
 * 80 (P-521's 66 bytes right-aligned), 32, 64 (Ed448's 57-byte seed
 * right-aligned, not reversed) bytes; the caller pads. Results as
 * zc_plat_hmac_protect_clear(): ZC_OK; ZC_ENOTSUP where there is no pkey
 * interface or the kernel lacks the request (ENOTTY), the key type
 * (EINVAL) or the PCKMO code (ENODEV); ZC_EINVAL for a curve or length it
 * does not take; ZC_EDEVICE otherwise or for a wrong answer.
 *
 * zc_plat_ec_protect_blob: an ECC secure-key blob (CCA or EP11) through
 * PKEY_APQNS4K's adapter list and PKEY_KBLOB2PROTK3; the answer must be
 * of the curve's key type (or ECC 4) and the curve's protected size.
 * Results as zc_plat_aes_protect_blob()'s second way: ZC_OK; ZC_ENOTSUP
 * (no pkey interface, ENOTTY); ZC_EKEY for a blob the kernel rejects;
 * ZC_EDEVICE when no adapter answered or the answer is wrong; ZC_EINVAL
 * for a blob shorter than MINKEYBLOBSIZE (64) or longer than
 * ZC_EC_BLOB_MAX. Bare metal: ZC_ENOTSUP for both (pkey.c's end).
 * Nothing but prot and *prot_len is written, and only on ZC_OK.
 */
enum zc_plat_ec {
    ZC_PLAT_EC_P256,
    ZC_PLAT_EC_P384,
    ZC_PLAT_EC_P521,
    ZC_PLAT_EC_ED25519,
    ZC_PLAT_EC_ED448
};
#define ZC_EC_PROTKEY_MAX 112
#define ZC_EC_BLOB_MAX 8192     /* the kernel's KEYBLOBBUFSIZE */

int zc_plat_ec_protect_clear(enum zc_plat_ec curve, const uint8_t *key, size_t key_len,
                             uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len);
int zc_plat_ec_protect_blob(enum zc_plat_ec curve, const uint8_t *blob, size_t blob_len,
                            uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len);

/*
 * Protected AES-XTS double keys for full XTS (PKEY_KBLOB2PROTK3 with a
 * clear-key token): key is K1 || K2, key_len 32 (the AES-XTS-128 key
 * type) or 64 (AES-XTS-256). prot receives the wrapped double key and its
 * 32-byte verification pattern, *prot_len that total (64 or 96). Results
 * and what is written as for zc_plat_hmac_protect_clear; ZC_EINVAL for
 * another key_len. Bare metal: ZC_ENOTSUP (Hercules has no MSA-10).
 */
#define ZC_XTS_PROTKEY_MAX 96

int zc_plat_xts_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_XTS_PROTKEY_MAX], size_t *prot_len);

/*
 * Crypto Express adapters: RSA offload through the kernel's zcrypt driver
 * (/dev/z90crypt, <asm/zcrypt.h>), in lib/linux/z90crypt.c; s390x only.
 * The caller formats the operands: big-endian, right-justified in fields
 * of the lengths the ioctls take. Results of the two operations: ZC_OK;
 * ZC_ENOTSUP when no adapter answers (no device, or the request fails with
 * ENODEV, EBADF or ENOTTY; always on other architectures and bare metal);
 * ZC_EINVAL for lengths the interface does not take; ZC_PLAT_CEX_DENIED
 * when /dev/z90crypt exists but this process may not open it (EACCES,
 * EPERM: a 0600 node, a container's device rules); ZC_EDEVICE for any
 * other failure. out is written only on ZC_OK.
 */
#define ZC_CEX_MAX_LEN 512      /* 4096-bit moduli: the largest CEX takes */

/*
 * The device node is there but may not be opened: an AUTO key takes it as
 * "no adapter answers" (software), a CEX key as ZC_EDEVICE (lib/rsa/rsa_cex.c
 * decides). Never returned by a public call.
 */
#define ZC_PLAT_CEX_DENIED (-64)

/* ICARSAMODEXPO: out = in^e mod n; in, e, n and out are len bytes (1..512). */
int zc_plat_cex_modexpo(const uint8_t *in, const uint8_t *e, const uint8_t *n,
                        uint8_t *out, size_t len);

/*
 * ICARSACRT: out = in^d mod pq from the CRT parameters, p > q. len is even
 * (2..512); in and out are len bytes; bp = d mod (p-1), np = p and
 * u = q^-1 mod p are len/2 + 8 bytes; bq = d mod (q-1) and nq = q are
 * len/2 bytes.
 */
int zc_plat_cex_crt(const uint8_t *in, size_t len, const uint8_t *bp, const uint8_t *bq,
                    const uint8_t *np, const uint8_t *nq, const uint8_t *u, uint8_t *out);

/* State of the adapters, for the backend query and zc-info. */
enum zc_cex_state {
    ZC_CEX_ONLINE = 0,      /* an adapter is online in this domain */
    ZC_CEX_NO_INTERFACE,    /* no zcrypt interface on this platform (not s390x Linux) */
    ZC_CEX_NO_DEVICE,       /* no /dev/z90crypt (the zcrypt module is not loaded) */
    ZC_CEX_NO_ADAPTER,      /* the device answers but lists no adapter online */
    ZC_CEX_FAILED           /* the device cannot be opened or asked (e.g. EACCES) */
};

/*
 * Ask the device which adapters are online (ZCRYPT_DEVICE_STATUS, else
 * ZCRYPT_STATUS_MASK). The answer is kept for a second (CLOCK_MONOTONIC);
 * a failed request drops it.
 */
enum zc_cex_state zc_plat_cex_state(void);

/*
 * For the tests only (tests/test_cex.c, linked with the static library; not
 * exported): close the process's /dev/z90crypt descriptor and drop the
 * kept adapter state, so the next call opens and asks again. Not safe
 * against a concurrent request.
 */
void zc_plat_cex_reset(void);

/*
 * The shared statistics segment (core/stats.c, zcrypt/stats.h). Linux:
 * POSIX shared memory in lib/linux/shm.c; its ZC_FREESTANDING end is the
 * "not here" answer the bare-metal tier links.
 *
 * zc_plat_secure: 1 when the process runs with AT_SECURE (set-uid or
 * set-gid), where the shared mode is off.
 * zc_plat_stats_shm_name: the segment's name into buf (ZC_OK, ZC_ENOMEM,
 * ZC_EINVAL for a bad ZCRYPT_STATS_SHM_NAME, ZC_ENOTSUP).
 * zc_plat_stats_shm_map: create the segment (O_CREAT|O_EXCL, 0600,
 * size bytes of zeros: *created = 1, the caller writes the header, its
 * first 8 bytes last) or open the existing one, check that it is a
 * regular file of the effective uid, mode 0600 and exactly size bytes,
 * wait up to about 200 ms for its creator's first 8 bytes, and map it
 * shared, read-write. Returns an enum zc_stats_shared_state:
 * ZC_STATS_SHARED_ACTIVE with *base set, or why not (nothing mapped).
 * zc_plat_stats_shm_unmap: undo a map (a segment the core did not trust).
 * zc_plat_stats_shm_unlink: shm_unlink() the name (ZC_OK, ZC_EDEVICE,
 * ZC_EINVAL, ZC_ENOTSUP).
 * zc_plat_boot_time: the boot time in seconds since 1970 (/proc/stat's
 * btime), 0 when unknown.
 */
int zc_plat_secure(void);
int zc_plat_stats_shm_name(char *buf, size_t len);
int zc_plat_stats_shm_map(size_t size, void **base, int *created);
void zc_plat_stats_shm_unmap(void *base, size_t size);
int zc_plat_stats_shm_unlink(void);
uint64_t zc_plat_boot_time(void);

#endif /* ZC_PLATFORM_H */
