/*
 * sim_platform.h - test knobs of the stand-in build's platform
 * (tests/sim/sim_platform.c), where protected keys are wrapped by the
 * CPACF stand-in's simulated firmware wrapping key.
 *
 * Secure-key blobs in this build are a test format of our own, not any
 * real token: the 8 bytes "SIMBLOB1", one byte with the key length (16, 24
 * or 32), then the clear AES key; exactly ZC_SIM_BLOB_LEN(key length)
 * bytes. zc_plat_aes_protect_blob() answers ZC_EKEY for anything else, as
 * the kernel's EINVAL for a blob it rejects.
 *
 * Threads: the knob and the counter are atomics; derivations may run in
 * several threads at once.
 */
#ifndef ZC_TESTS_SIM_PLATFORM_H
#define ZC_TESTS_SIM_PLATFORM_H

#define ZC_SIM_BLOB_MAGIC "SIMBLOB1"
#define ZC_SIM_BLOB_LEN(key_len) (8 + 1 + (key_len))

/*
 * ECC secure-key blobs, the same test format extended: the 8 bytes
 * "SIMBLOBE", one byte with the curve (an enum zc_plat_ec: 0-4 for P-256,
 * P-384, P-521, Ed25519, Ed448), one byte with the key length, the private
 * key exactly as the clear-key token takes it (32, 48, 80, 32, 64 bytes;
 * P-521's and Ed448's values right-aligned), zero bytes up to exactly
 * ZC_SIM_EC_BLOB_LEN (at least the kernel's MINKEYBLOBSIZE, 64).
 * zc_plat_ec_protect_blob() answers ZC_EKEY for anything else, or for a
 * blob of another curve than the one asked for.
 */
#define ZC_SIM_EC_BLOB_MAGIC "SIMBLOBE"
#define ZC_SIM_EC_BLOB_LEN 96

/*
 * Make derivations fail: after `after` more successful derivations (0:
 * the next one already fails), every derivation through the protected-key
 * calls of platform.h (AES, HMAC, EC) returns rc (ZC_EKEY, ZC_EDEVICE, ...)
 * and writes nothing, until this is called with rc 0. Calls rejected for
 * their arguments (ZC_EINVAL, or ZC_EKEY for a malformed blob) are not
 * derivations and neither count nor fail here.
 */
void zc_sim_platform_fail(int rc, int after);

/* Derivations attempted since the program started (those failed by
 * zc_sim_platform_fail() included, argument errors not). */
unsigned long zc_sim_platform_derivations(void);

/* While on, every XTS double key wrapped (zc_plat_xts_protect_clear) is
 * followed by a wrapping-key change, so that each derivation is useless:
 * the fresh field is stale before the instruction reads it. */
void zc_sim_platform_xts_churn(int on);

#endif /* ZC_TESTS_SIM_PLATFORM_H */
