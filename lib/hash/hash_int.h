/*
 * hash_int.h - the hash family's private interface: the algorithm table
 * and backend decision that hmac.c and the backend query read, the
 * one-time self-tests of the CPACF codes no emulator runs, and the
 * issuing helpers of hash_cpacf.c, through which alone hash.c and hmac.c
 * reach the instructions.
 */
#ifndef ZC_HASH_INT_H
#define ZC_HASH_INT_H

#include "core/caps.h"

enum { ZC_HK_SHA2 = 0, ZC_HK_SHA3, ZC_HK_SHAKE };   /* SHA-1 counts as SHA2 here */

struct zc_hash_desc {
    const char *name;
    uint8_t digest;             /* bytes; 0 for SHAKE */
    uint8_t block;              /* bytes (the rate for SHA-3) */
    uint8_t fc;                 /* KIMD/KLMD function code */
    uint8_t kind;               /* ZC_HK_* */
    const uint32_t *iv32;       /* SHA-1/224/256 initial state, else NULL */
    const uint64_t *iv64;       /* SHA-384/512/... initial state, else NULL */
};

/* NULL for an unknown algorithm. */
const struct zc_hash_desc *zc_hash_desc(enum zc_hash_alg alg);

/* The instructions a hash needs on CPACF: KIMD and KLMD with its code. */
void zc_hash_cpacf_need(const struct zc_hash_desc *d, struct zc_cpacf_need need[2]);

/* Where AUTO runs a hash: the caps, and for SHA-3 also its self-test. */
void zc_hash_decide(const struct zc_hash_desc *d, struct zc_backend_info *info);

/* One-time known-answer self-test of KIMD/KLMD SHA-3 function code fc
 * (32..37): 1 when it passed in this process. */
int zc_hash_sha3_selftest(unsigned fc);

/* One-time known-answer self-test of KMAC-HMAC function code fc
 * (112..115): 1 when it is installed and passed in this process. Lives
 * with the HMAC code (hmac.c). */
int zc_hmac_kmac_selftest(unsigned fc);

/* The same for KMAC's encrypted-key HMAC codes (120..123): the RFC 4231
 * keys wrapped through the platform's source of protected keys (hmac.c). */
int zc_hmac_pkmac_selftest(unsigned fc);

#endif /* ZC_HASH_INT_H */
