/*
 * rsa_pss.c - RSASSA-PSS (RFC 8017, 8.1 and 9.1) with MGF1 over the same
 * hash as the message digest and an explicit salt length.
 *
 * EM has emBits = modBits - 1 bits, so its leading byte may be a zero
 * byte of the modulus-sized block (when modBits - 1 is a multiple of 8);
 * both functions work on the modulus-sized block and treat that case
 * explicitly. Verification handles public data only and may exit early;
 * with ZC_RSA_PSS_SALT_ANY it takes the salt length from where the 0x01
 * separator of DB is.
 */
#include <zcrypt/random.h>

#include "rsa_int.h"
#include "core/util.h"

/* H = Hash(0x00 x 8 || mHash || salt) */
static int pss_hash(enum zc_hash_alg alg, const uint8_t *mhash, size_t hlen,
                    const uint8_t *salt, size_t salt_len, uint8_t *h)
{
    static const uint8_t zeros[8];
    zc_hash_ctx c;
    int rc = zc_hash_init(&c, alg, ZC_BACKEND_AUTO);

    if (rc == ZC_OK)
        rc = zc_hash_update(&c, zeros, sizeof zeros);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c, mhash, hlen);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c, salt, salt_len);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, h, hlen);
    zc_hash_wipe(&c);
    return rc;
}

/* Sizes: n bytes of modulus, em_len bytes of EM, top_mask for EM's first byte. */
static int pss_sizes(const zc_rsa_key *k, enum zc_hash_alg alg, size_t salt_len,
                     size_t *em_len, uint8_t *top_mask)
{
    size_t hlen = zc_rsa_hash_len(alg), em_bits = zc_rsa_bits(k) - 1;

    *em_len = (em_bits + 7) / 8;
    *top_mask = (uint8_t)(0xff >> (8 * *em_len - em_bits));
    if (hlen == 0 || *em_len < hlen + 2 || salt_len > *em_len - hlen - 2)
        return ZC_EINVAL;
    return ZC_OK;
}

int zc_rsa_pss_sign(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                    size_t salt_len, uint8_t *sig, size_t *sig_len)
{
    uint8_t block[ZC_RSA_MAX_LEN], salt[ZC_RSA_MAX_LEN];
    size_t n = zc_rsa_size(k), hlen = zc_rsa_hash_len(alg), em_len, db_len;
    uint8_t top, *em;
    int rc;

    if (n == 0 || digest == NULL || sig == NULL || sig_len == NULL || !k->zc_private)
        return ZC_EINVAL;
    rc = pss_sizes(k, alg, salt_len, &em_len, &top);
    if (rc != ZC_OK)
        return rc;
    rc = zc_rsa_room(sig_len, n);
    if (rc != ZC_OK)
        return rc;
    /* block = [0x00 when em_len < n] || maskedDB || H || 0xbc */
    em = block + (n - em_len);
    db_len = em_len - hlen - 1;
    memset(block, 0, n);
    rc = zc_random_bytes(salt, salt_len);
    if (rc == ZC_OK)
        rc = pss_hash(alg, digest, hlen, salt, salt_len, em + db_len);
    if (rc == ZC_OK) {
        em[db_len - salt_len - 1] = 0x01;
        memcpy(em + db_len - salt_len, salt, salt_len);
        rc = zc_rsa_mgf1_xor(alg, em + db_len, hlen, em, db_len);
    }
    if (rc == ZC_OK) {
        em[0] &= top;
        em[em_len - 1] = 0xbc;
        rc = zc_rsa_private(k, block, sig);
    }
    if (rc == ZC_OK)
        *sig_len = n;
    zc_wipe(salt, sizeof salt);
    return rc;
}

int zc_rsa_pss_verify(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                      size_t salt_len, const uint8_t *sig, size_t sig_len)
{
    uint8_t block[ZC_RSA_MAX_LEN], h[ZC_HASH_MAX_SIZE];
    size_t n = zc_rsa_size(k), hlen = zc_rsa_hash_len(alg), em_len, db_len, i;
    uint8_t top, *em;
    int rc;

    if (n == 0 || digest == NULL || zc_bad_ptr(sig, sig_len))
        return ZC_EINVAL;
    rc = pss_sizes(k, alg, salt_len == ZC_RSA_PSS_SALT_ANY ? 0 : salt_len, &em_len, &top);
    if (rc != ZC_OK)
        return rc;
    if (sig_len != n)
        return ZC_EAUTH;
    rc = zc_rsa_verify_public(k, sig, block);
    if (rc != ZC_OK)
        return rc;
    em = block + (n - em_len);
    db_len = em_len - hlen - 1;
    if ((n > em_len && block[0] != 0) || em[em_len - 1] != 0xbc || (em[0] & ~top) != 0)
        return ZC_EAUTH;
    if (zc_rsa_mgf1_xor(alg, em + db_len, hlen, em, db_len) != ZC_OK)
        return ZC_EAUTH;
    em[0] &= top;
    if (salt_len == ZC_RSA_PSS_SALT_ANY) {  /* DB = 00 .. 00 || 01 || salt */
        for (i = 0; i < db_len && em[i] == 0; i++)
            ;
        if (i == db_len)
            return ZC_EAUTH;
        salt_len = db_len - i - 1;
    }
    for (i = 0; i < db_len - salt_len - 1; i++)
        if (em[i] != 0)
            return ZC_EAUTH;
    if (em[db_len - salt_len - 1] != 0x01)
        return ZC_EAUTH;
    if (pss_hash(alg, digest, hlen, em + db_len - salt_len, salt_len, h) != ZC_OK)
        return ZC_EAUTH;
    return zc_ct_equal(h, em + db_len, hlen) ? ZC_OK : ZC_EAUTH;
}
