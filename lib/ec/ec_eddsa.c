/*
 * ec_eddsa.c - EdDSA's calls (RFC 8032). Ed25519 and Ed448 are a later
 * issue: no Ed key can be made yet (the constructors answer ZC_ENOTSUP),
 * so every key these calls can be given is of another curve: ZC_EINVAL,
 * as API.md says for a wrong curve.
 */
#include "ec_int.h"

int zc_eddsa_sign(const zc_ec_key *k, const uint8_t *msg, size_t len, uint8_t *sig,
                  size_t *sig_len)
{
    (void)k, (void)msg, (void)len, (void)sig, (void)sig_len;
    return ZC_EINVAL;
}

int zc_eddsa_verify(const zc_ec_key *k, const uint8_t *msg, size_t len,
                    const uint8_t *sig, size_t sig_len)
{
    (void)k, (void)msg, (void)len, (void)sig, (void)sig_len;
    return ZC_EINVAL;
}

int zc_eddsa_sign_ex(const zc_ec_key *k, int prehash, const uint8_t *context,
                     size_t context_len, const uint8_t *msg, size_t len, uint8_t *sig,
                     size_t *sig_len)
{
    (void)k, (void)prehash, (void)context, (void)context_len;
    (void)msg, (void)len, (void)sig, (void)sig_len;
    return ZC_EINVAL;
}

int zc_eddsa_verify_ex(const zc_ec_key *k, int prehash, const uint8_t *context,
                       size_t context_len, const uint8_t *msg, size_t len,
                       const uint8_t *sig, size_t sig_len)
{
    (void)k, (void)prehash, (void)context, (void)context_len;
    (void)msg, (void)len, (void)sig, (void)sig_len;
    return ZC_EINVAL;
}
