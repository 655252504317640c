/*
 * rsa_pkcs1.c - PKCS#1 v1.5: signatures (EMSA-PKCS1-v1_5, RFC 8017, 9.2)
 * and encryption (RSAES-PKCS1-v1_5, RFC 8017, 7.2).
 *
 * Verification rebuilds the expected encoding from the digest and
 * compares whole blocks (RFC 8017, 8.2.2 step 4), so there is no ASN.1
 * parser to trick (Bleichenbacher's 2006 e = 3 forgery).
 *
 * Decryption is constant-time to the end: the checks of the decoded
 * block (0x00 0x02, eight or more non-zero padding bytes, a zero
 * separator) are masks over every byte of the block, the message is
 * moved into place with zc_rsa_ct_extract(), and a single return code
 * decides at the very end. Bleichenbacher's 1998 attack and its timing
 * variants (the Marvin attack, Kario 2023) need any difference between
 * these failures; there is none in this code.
 */
#include <zcrypt/random.h>

#include "rsa_int.h"
#include "core/util.h"

/*
 * DigestInfo prefixes (RFC 8017, 9.2, note 1): DER of
 * SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING digest } up to the
 * digest. SHA-1 is 1.3.14.3.2.26; SHA-2 and SHA-3 are
 * 2.16.840.1.101.3.4.2.n (NIST CSOR).
 */
struct digest_oid {
    uint8_t len;
    uint8_t oid[9];
};

#define NIST_HASH(n) { 9, { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, (n) } }
static const struct digest_oid digest_oids[] = {
    [ZC_SHA1]       = { 5, { 0x2b, 0x0e, 0x03, 0x02, 0x1a } },
    [ZC_SHA224]     = NIST_HASH(4),
    [ZC_SHA256]     = NIST_HASH(1),
    [ZC_SHA384]     = NIST_HASH(2),
    [ZC_SHA512]     = NIST_HASH(3),
    [ZC_SHA512_224] = NIST_HASH(5),
    [ZC_SHA512_256] = NIST_HASH(6),
    [ZC_SHA3_224]   = NIST_HASH(7),
    [ZC_SHA3_256]   = NIST_HASH(8),
    [ZC_SHA3_384]   = NIST_HASH(9),
    [ZC_SHA3_512]   = NIST_HASH(10),
};

/* EM = 0x00 0x01 FF..FF 0x00 DigestInfo, k bytes; ZC_EINVAL when k is too short. */
static int emsa_pkcs1v15(uint8_t *em, size_t k, enum zc_hash_alg alg, const uint8_t *digest)
{
    size_t hlen = zc_rsa_hash_len(alg), olen, tlen;
    uint8_t *t;

    if (hlen == 0 || digest == NULL)
        return ZC_EINVAL;
    olen = digest_oids[alg].len;
    tlen = 2 + (2 + (2 + olen) + 2) + 2 + hlen;
    if (k < tlen + 11)
        return ZC_EINVAL;
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xff, k - tlen - 3);
    em[k - tlen - 1] = 0x00;
    t = em + k - tlen;
    t[0] = 0x30;
    t[1] = (uint8_t)(tlen - 2);
    t[2] = 0x30;
    t[3] = (uint8_t)(olen + 4);
    t[4] = 0x06;
    t[5] = (uint8_t)olen;
    memcpy(t + 6, digest_oids[alg].oid, olen);
    t[6 + olen] = 0x05;
    t[7 + olen] = 0x00;
    t[8 + olen] = 0x04;
    t[9 + olen] = (uint8_t)hlen;
    memcpy(t + 10 + olen, digest, hlen);
    return ZC_OK;
}

int zc_rsa_pkcs1v15_sign(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                         uint8_t *sig, size_t *sig_len)
{
    uint8_t em[ZC_RSA_MAX_LEN];
    size_t n = zc_rsa_size(k);
    int rc;

    if (n == 0 || sig == NULL || sig_len == NULL || !k->zc_private)
        return ZC_EINVAL;
    rc = emsa_pkcs1v15(em, n, alg, digest);
    if (rc == ZC_OK)
        rc = zc_rsa_room(sig_len, n);
    if (rc == ZC_OK)
        rc = zc_rsa_private(k, em, sig);
    if (rc == ZC_OK)
        *sig_len = n;
    return rc;
}

int zc_rsa_pkcs1v15_verify(const zc_rsa_key *k, enum zc_hash_alg alg, const uint8_t *digest,
                           const uint8_t *sig, size_t sig_len)
{
    uint8_t em[ZC_RSA_MAX_LEN], got[ZC_RSA_MAX_LEN];
    size_t n = zc_rsa_size(k);
    int rc;

    if (n == 0 || zc_bad_ptr(sig, sig_len))
        return ZC_EINVAL;
    rc = emsa_pkcs1v15(em, n, alg, digest);
    if (rc != ZC_OK)
        return rc;
    if (sig_len != n)
        return ZC_EAUTH;
    rc = zc_rsa_verify_public(k, sig, got);
    if (rc != ZC_OK)
        return rc;
    return zc_ct_equal(em, got, n) ? ZC_OK : ZC_EAUTH;
}

int zc_rsa_pkcs1v15_encrypt(const zc_rsa_key *k, const uint8_t *msg, size_t msg_len,
                            uint8_t *out, size_t *out_len)
{
    uint8_t em[ZC_RSA_MAX_LEN];
    size_t n = zc_rsa_size(k), ps, i;
    int rc;

    if (n == 0 || zc_bad_ptr(msg, msg_len) || out == NULL || out_len == NULL ||
        n < 11 || msg_len > n - 11)
        return ZC_EINVAL;
    rc = zc_rsa_room(out_len, n);
    if (rc != ZC_OK)
        return rc;
    /* EM = 0x00 0x02 PS 0x00 M, PS: n - 3 - msg_len random non-zero bytes */
    ps = n - 3 - msg_len;
    em[0] = 0x00;
    em[1] = 0x02;
    rc = zc_random_bytes(em + 2, ps);
    for (i = 0; rc == ZC_OK && i < ps; i++)
        while (rc == ZC_OK && em[2 + i] == 0)
            rc = zc_random_bytes(em + 2 + i, 1);
    em[2 + ps] = 0x00;
    if (msg_len)
        memcpy(em + 3 + ps, msg, msg_len);
    if (rc == ZC_OK)
        rc = zc_rsa_public(k, em, out);
    if (rc == ZC_OK)
        *out_len = n;
    zc_wipe(em, sizeof em);
    return rc;
}

int zc_rsa_pkcs1v15_decrypt(const zc_rsa_key *k, const uint8_t *in, size_t in_len,
                            uint8_t *msg, size_t *msg_len)
{
    uint8_t em[ZC_RSA_MAX_LEN];
    size_t n = zc_rsa_size(k), i;
    uint64_t ok, found = 0, zero_at = 0, mlen;
    int rc;

    if (n == 0 || !k->zc_private || in == NULL || msg == NULL || msg_len == NULL ||
        in_len != n || n < 11)
        return ZC_EINVAL;
    /* room for the longest message, whatever in holds */
    if (zc_rsa_room(msg_len, n - 11) != ZC_OK)
        return ZC_ENOMEM;
    rc = zc_rsa_decrypt_private(k, in, em);
    if (rc != ZC_OK) {
        memset(msg, 0, n - 11);
        return rc;
    }
    ok = zc_ct_iszero(em[0]) & zc_ct_eq(em[1], 2);
    for (i = 2; i < n; i++) {
        uint64_t z = zc_ct_iszero(em[i]);

        zero_at = zc_ct_sel(z & (1 ^ found), i, zero_at);
        found |= z;
    }
    ok &= found & zc_ct_ge(zero_at, 10);        /* at least 8 padding bytes */
    /* the message: em[zero_at + 1 ..], i.e. offset zero_at - 10 in em[11 ..] */
    zero_at = zc_ct_sel(ok, zero_at, 10);
    mlen = n - 1 - zero_at;
    zc_rsa_ct_extract(msg, em + 11, n - 11, (size_t)(zero_at - 10), ok);
    *msg_len = (size_t)(mlen & zc_ct_mask(ok));
    zc_wipe(em, sizeof em);
    /* the outcome and the length are the function's public result */
    zc_ct_declassify(msg_len, sizeof *msg_len);
    zc_ct_declassify(&ok, sizeof ok);
    return ok ? ZC_OK : ZC_EAUTH;
}
