/*
 * rsa_oaep.c - RSAES-OAEP (RFC 8017, 7.1) with MGF1 over the label's hash.
 *
 * Decryption is constant-time: after the private operation, the leading
 * zero byte, the label hash, the zero padding and the 0x01 separator are
 * checked with masks over the whole data block, the message is moved
 * into place with zc_rsa_ct_extract(), and one code (ZC_EAUTH) covers
 * every failure, so Manger's attack (2001), which needs to tell the
 * leading-byte check from the others, has nothing to observe.
 */
#include <zcrypt/random.h>

#include "rsa_int.h"
#include "core/util.h"

/* Largest message for a modulus of n bytes; 0 when the hash does not fit. */
static size_t oaep_max(size_t n, size_t hlen)
{
    return hlen && n >= 2 * hlen + 2 ? n - 2 * hlen - 2 : 0;
}

int zc_rsa_oaep_encrypt(const zc_rsa_key *k, enum zc_hash_alg alg,
                        const uint8_t *label, size_t label_len,
                        const uint8_t *msg, size_t msg_len,
                        uint8_t *out, size_t *out_len)
{
    uint8_t em[ZC_RSA_MAX_LEN];
    size_t n = zc_rsa_size(k), hlen = zc_rsa_hash_len(alg), db_len;
    uint8_t *seed, *db;
    int rc;

    if (n == 0 || hlen == 0 || n < 2 * hlen + 2 || zc_bad_ptr(label, label_len) ||
        zc_bad_ptr(msg, msg_len) || out == NULL || out_len == NULL ||
        msg_len > oaep_max(n, hlen))
        return ZC_EINVAL;
    if (zc_rsa_room(out_len, n) != ZC_OK)
        return ZC_ENOMEM;
    /* EM = 0x00 || maskedSeed || maskedDB, DB = lHash || PS || 0x01 || M */
    seed = em + 1;
    db = em + 1 + hlen;
    db_len = n - hlen - 1;
    memset(em, 0, n);
    rc = zc_hash(alg, label, label_len, db, hlen);
    if (rc == ZC_OK) {
        db[db_len - msg_len - 1] = 0x01;
        if (msg_len)
            memcpy(db + db_len - msg_len, msg, msg_len);
        rc = zc_random_bytes(seed, hlen);
    }
    if (rc == ZC_OK)
        rc = zc_rsa_mgf1_xor(alg, seed, hlen, db, db_len);
    if (rc == ZC_OK)
        rc = zc_rsa_mgf1_xor(alg, db, db_len, seed, hlen);
    if (rc == ZC_OK)
        rc = zc_rsa_public(k, em, out);
    if (rc == ZC_OK)
        *out_len = n;
    zc_wipe(em, sizeof em);
    return rc;
}

int zc_rsa_oaep_decrypt(const zc_rsa_key *k, enum zc_hash_alg alg,
                        const uint8_t *label, size_t label_len,
                        const uint8_t *in, size_t in_len,
                        uint8_t *msg, size_t *msg_len)
{
    uint8_t em[ZC_RSA_MAX_LEN], lhash[ZC_HASH_MAX_SIZE];
    size_t n = zc_rsa_size(k), hlen = zc_rsa_hash_len(alg), db_len, max, i;
    uint64_t ok, found = 0, bad = 0, one_at = 0;
    uint8_t *db;
    int rc;

    if (n == 0 || !k->zc_private || hlen == 0 || n < 2 * hlen + 2 ||
        zc_bad_ptr(label, label_len) || in == NULL || in_len != n || msg == NULL ||
        msg_len == NULL)
        return ZC_EINVAL;
    max = oaep_max(n, hlen);
    if (zc_rsa_room(msg_len, max) != ZC_OK)
        return ZC_ENOMEM;
    /* the label's hash refused (hw-only without CPACF for it): ZC_ENOTSUP too */
    rc = zc_hash(alg, label, label_len, lhash, hlen);
    if (rc == ZC_OK)
        rc = zc_rsa_decrypt_private(k, in, em);
    else if (rc != ZC_ENOTSUP)
        rc = ZC_EAUTH;
    if (rc != ZC_OK) {
        memset(msg, 0, max);
        return rc;
    }
    db = em + 1 + hlen;
    db_len = n - hlen - 1;
    /* unmask the seed, then the data block; neither step looks at the values */
    if (zc_rsa_mgf1_xor(alg, db, db_len, em + 1, hlen) != ZC_OK ||
        zc_rsa_mgf1_xor(alg, em + 1, hlen, db, db_len) != ZC_OK) {
        zc_wipe(em, sizeof em);
        memset(msg, 0, max);
        return ZC_EAUTH;
    }
    ok = zc_ct_iszero(em[0]) & (uint64_t)zc_ct_equal(db, lhash, hlen);
    /* after lHash: zero bytes, then 0x01; the first non-zero byte decides */
    for (i = hlen; i < db_len; i++) {
        uint64_t nz = zc_ct_nonzero(db[i]);
        uint64_t first = nz & (1 ^ found);

        one_at = zc_ct_sel(first, i, one_at);
        bad |= first & (1 ^ zc_ct_eq(db[i], 1));
        found |= nz;
    }
    ok &= found & (1 ^ bad);
    one_at = zc_ct_sel(ok, one_at, hlen);
    /* the message: db[one_at + 1 ..], offset one_at - hlen in db[hlen + 1 ..] */
    zc_rsa_ct_extract(msg, db + hlen + 1, max, (size_t)(one_at - hlen), ok);
    *msg_len = (size_t)((db_len - 1 - one_at) & zc_ct_mask(ok));
    zc_wipe(em, sizeof em);
    /* the outcome and the length are the function's public result */
    zc_ct_declassify(msg_len, sizeof *msg_len);
    zc_ct_declassify(&ok, sizeof ok);
    return ok ? ZC_OK : ZC_EAUTH;
}
