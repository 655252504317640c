/*
 * verify_names.h - the one place the tests name the MAC verify calls.
 *
 * API.md's names: one-shot zc_hmac_verify, streaming zc_hmac_final_verify
 * and zc_aes_cmac_final_verify. The hardening tests (fuzz, ct-taint, error
 * contract, threads) go through these macros.
 */
#ifndef ZC_TEST_VERIFY_NAMES_H
#define ZC_TEST_VERIFY_NAMES_H

#define TV_HMAC_ONESHOT_VERIFY zc_hmac_verify
#define TV_HMAC_ONESHOT_VERIFY_NAME "zc_hmac_verify"
#define TV_HMAC_STREAM_VERIFY zc_hmac_final_verify
#define TV_HMAC_STREAM_VERIFY_NAME "zc_hmac_final_verify"
#define TV_CMAC_STREAM_VERIFY zc_aes_cmac_final_verify
#define TV_CMAC_STREAM_VERIFY_NAME "zc_aes_cmac_final_verify"

#endif /* ZC_TEST_VERIFY_NAMES_H */
