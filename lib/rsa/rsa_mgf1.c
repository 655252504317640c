/*
 * rsa_mgf1.c - MGF1 (RFC 8017, B.2.1), the mask generation function of
 * PSS and OAEP, and the hash rule shared by the RSA paddings.
 *
 * Technique: Hash(seed || counter) for counter = 0, 1, ... (4 bytes,
 * big-endian), XORed straight into the caller's buffer; the seed's hash
 * state is computed once and copied for each counter (a context may be
 * forked by assignment). The time depends on the lengths only.
 */
#include "rsa_int.h"
#include "core/util.h"

size_t zc_rsa_hash_len(enum zc_hash_alg alg)
{
    /* the XOFs have no fixed output and no DigestInfo: not for RSA */
    return (unsigned)alg <= ZC_SHA3_512 ? zc_hash_size(alg) : 0;
}

int zc_rsa_mgf1_xor(enum zc_hash_alg alg, const uint8_t *seed, size_t seed_len,
                    uint8_t *mask, size_t len)
{
    zc_hash_ctx base, c;
    uint8_t h[ZC_HASH_MAX_SIZE], ctr[4];
    size_t hlen = zc_rsa_hash_len(alg), done, i;
    uint32_t counter = 0;
    int rc;

    if (hlen == 0)
        return ZC_EINVAL;
    rc = zc_hash_init(&base, alg, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_hash_update(&base, seed, seed_len);
    for (done = 0; rc == ZC_OK && done < len; done += hlen, counter++) {
        c = base;
        zc_store_be32(ctr, counter);
        rc = zc_hash_update(&c, ctr, sizeof ctr);
        if (rc == ZC_OK)
            rc = zc_hash_final(&c, h, hlen);
        for (i = 0; rc == ZC_OK && i < hlen && done + i < len; i++)
            mask[done + i] ^= h[i];
    }
    zc_hash_wipe(&base);
    zc_hash_wipe(&c);
    zc_wipe(h, sizeof h);
    return rc;
}
