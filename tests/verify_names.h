/*
 * verify_names.h - the one place the tests name the MAC verify calls.
 *
 * API.md renames them (one-shot zc_hmac_verify / zc_aes_cmac_verify,
 * streaming zc_hmac_final_verify / zc_aes_cmac_final_verify); until that
 * lands the library has zc_hmac_check (one-shot) and the streaming
 * zc_hmac_verify / zc_aes_cmac_verify. The hardening tests (fuzz, ct-taint,
 * error contract, threads) go through these macros so the rename is one
 * edit here.
 */
#ifndef ZC_TEST_VERIFY_NAMES_H
#define ZC_TEST_VERIFY_NAMES_H

#define TV_HMAC_ONESHOT_VERIFY zc_hmac_check
#define TV_HMAC_ONESHOT_VERIFY_NAME "zc_hmac_check"
#define TV_HMAC_STREAM_VERIFY zc_hmac_verify
#define TV_HMAC_STREAM_VERIFY_NAME "zc_hmac_verify"
#define TV_CMAC_STREAM_VERIFY zc_aes_cmac_verify
#define TV_CMAC_STREAM_VERIFY_NAME "zc_aes_cmac_verify"

#endif /* ZC_TEST_VERIFY_NAMES_H */
