/*
 * hash_public.h - a hash the hardware-only policy lets run in software,
 * for the one case API.md allows: deriving a public key at import (it
 * is public data). Ed25519 and Ed448 derive A from H(seed), so their key
 * import needs a hash even where KIMD/KLMD lack SHA-512 or SHAKE256 and
 * the policy refuses every software hash (zcrypt/hash.h). Implemented
 * by lib/hash/hash.c; only an import's derivation calls it.
 */
#ifndef ZC_CORE_HASH_PUBLIC_H
#define ZC_CORE_HASH_PUBLIC_H

#include <zcrypt/hash.h>

/* zc_hash(alg, data, len, out, out_len) on the AUTO backend (KIMD/KLMD
 * where installed), whose software path does not ask the policy.
 * Arguments and answers as zc_hash(). */
int zc_hash_public(enum zc_hash_alg alg, const void *data, size_t len, uint8_t *out,
                   size_t out_len);

#endif /* ZC_CORE_HASH_PUBLIC_H */
