/*
 * rsa_cex.h - the raw RSA operations on a Crypto Express adapter
 * (rsa_cex.c), called by the dispatch in rsa.c for AUTO and CEX keys.
 *
 * Both trust the key object (checked by the caller) and return ZC_OK;
 * ZC_ENOTSUP when the operation cannot run on an adapter (none answers, the
 * key is too large for one, its larger prime does not fit half the modulus
 * length, or, for an AUTO key, /dev/z90crypt may not be opened): an AUTO
 * key then runs in software; a CEX key gets ZC_EDEVICE for that last case;
 * ZC_EINVAL when in >= n; ZC_EDEVICE when the device fails or its answer
 * is wrong (out of range, or the private result does not verify with e);
 * or zc_random_bytes()'s error. out is written only on ZC_OK.
 */
#ifndef ZC_RSA_CEX_H
#define ZC_RSA_CEX_H

#include <zcrypt/rsa.h>

/* out = in^e mod n (ICARSAMODEXPO). */
int zc_rsa_cex_public(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

/* out = in^d mod n (ICARSACRT), blinded and verified with e. */
int zc_rsa_cex_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

#endif /* ZC_RSA_CEX_H */
