/*
 * rsa_int.h - what the RSA dispatch and padding files of rsa/ share: the
 * key's validity, the hardware-only refusal, the output-length rule, MGF1
 * and the constant-time end of a decryption. Private to rsa/; the
 * software cores (rsa_crt.c, rsa_keygen.c) and rsa_blind.c use rsa_sw.h.
 */
#ifndef ZC_RSA_INT_H
#define ZC_RSA_INT_H

#include <zcrypt/rsa.h>

#include "core/ct.h"
#include "core/stats.h"
#include "core/policy.h"

#define ZC_RSA_MAGIC 0x52534131u   /* "RSA1" */

/*
 * 1 when the software backend must return ZC_ENOTSUP: the hardware-only
 * policy is on. It is asked only where software would really run: rsa.c
 * asks before falling back from an adapter (so every call an adapter
 * serves runs under it, verify and decrypt included, and their
 * ZC_ENOTSUP passes through them); key generation always runs in software.
 */
static inline int zc_rsa_refused(void)
{
    return zc_policy_hw_only();
}

/*
 * The public operation of a verification (rsa.c): ZC_OK; ZC_EAUTH when the
 * signature is no value below n; any other error of zc_rsa_public()
 * (ZC_EDEVICE, ZC_ENOTSUP) as it is: a failed device is no forgery.
 */
int zc_rsa_verify_public(const zc_rsa_key *k, const uint8_t *sig, uint8_t *out);

/*
 * The private operation of a decryption (rsa.c): ZC_OK; ZC_ENOTSUP when
 * it cannot run here (the hardware-only policy, or a CEX key with no
 * adapter: a property of the key and the machine, not of the ciphertext);
 * every other failure (in >= n, the check with e, a device or the random
 * source failing) is ZC_EAUTH, so that the ciphertext can tell nothing.
 */
int zc_rsa_decrypt_private(const zc_rsa_key *k, const uint8_t *in, uint8_t *out);

static inline int zc_rsa_key_ok(const zc_rsa_key *k)
{
    return k != NULL && k->zc_magic == ZC_RSA_MAGIC;
}

/* The hash's digest size when RSA paddings may use it (not SHAKE), else 0. */
size_t zc_rsa_hash_len(enum zc_hash_alg alg);

/* mask (len bytes) ^= MGF1(seed) with hash alg (RFC 8017, B.2.1). */
int zc_rsa_mgf1_xor(enum zc_hash_alg alg, const uint8_t *seed, size_t seed_len,
                    uint8_t *mask, size_t len);

/*
 * The output-length rule of the RSA calls (docs/error-contract.md): when
 * the caller's *len is below need, say how much is needed, ZC_ENOMEM.
 */
static inline int zc_rsa_room(size_t *len, size_t need)
{
    if (*len < need) {
        *len = need;
        return ZC_ENOMEM;
    }
    return ZC_OK;
}

/* Largest modulus in bytes: the size of the encoding buffers. */
#define ZC_RSA_MAX_LEN (ZC_RSA_MAX_BITS / 8)

/*
 * The end of a decryption, constant-time: buf (len bytes) holds a message
 * that starts at offset off (secret, 0..len); move it to the front with
 * shifts by 1, 2, 4, ... positions, each applied by mask according to
 * one bit of off, so the memory pattern depends on len only; then copy
 * len bytes to out when ok is 1, or zeros when ok is 0. The bytes after
 * the message come out as zero.
 */
static inline void zc_rsa_ct_extract(uint8_t *out, uint8_t *buf, size_t len, size_t off,
                                     uint64_t ok)
{
    size_t shift, i;

    for (shift = 1; shift < len + 1; shift <<= 1) {
        uint8_t m = (uint8_t)zc_ct_mask(zc_ct_nonzero(off & shift));

        for (i = 0; i < len; i++) {
            uint8_t next = i + shift < len ? buf[i + shift] : 0;

            buf[i] ^= m & (buf[i] ^ next);
        }
    }
    {
        uint8_t m = (uint8_t)zc_ct_mask(ok);

        for (i = 0; i < len; i++)
            out[i] = m & buf[i];
    }
}

#endif /* ZC_RSA_INT_H */
