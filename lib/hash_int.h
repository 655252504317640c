/*
 * hash_int.h - what other parts of the library need to know about hashes
 * (the backend query now; HMAC later).
 */
#ifndef ZC_HASH_INT_H
#define ZC_HASH_INT_H

#include "caps.h"

struct zc_hash_desc {
    const char *name;
    uint8_t digest;             /* bytes */
    uint8_t block;              /* bytes */
    uint8_t fc;                 /* KIMD/KLMD function code */
    const uint32_t *iv32;       /* SHA-1/224/256 initial state, else NULL */
    const uint64_t *iv64;       /* SHA-384/512/... initial state, else NULL */
};

/* NULL for an unknown algorithm. */
const struct zc_hash_desc *zc_hash_desc(enum zc_hash_alg alg);

/* The instructions a hash needs on CPACF: KIMD and KLMD with its code. */
void zc_hash_cpacf_need(const struct zc_hash_desc *d, struct zc_cpacf_need need[2]);

#endif /* ZC_HASH_INT_H */
