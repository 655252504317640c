/*
 * example-ecdsa.c - elliptic curves: a P-256 key pair, its public key as
 * SubjectPublicKeyInfo DER (what a certificate carries), an ECDSA
 * signature in DER (what TLS and X.509 carry) checked by a key read back
 * from that DER, and an ECDH agreement between two parties.
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

int main(void)
{
    zc_ec_key alice, bob, alice_pub;
    uint8_t spki[128], digest[32], sig[64], der[80], back[64], s1[32], s2[32];
    size_t spki_len = sizeof spki, sig_len = sizeof sig, der_len = sizeof der;
    size_t back_len = sizeof back, l1 = sizeof s1, l2 = sizeof s2;
    int rc = zc_ec_key_generate(&alice, ZC_EC_P256);

    if (rc == ZC_OK)
        rc = zc_ec_key_generate(&bob, ZC_EC_P256);
    if (rc == ZC_OK)
        rc = zc_ec_key_export_der(&alice, ZC_EC_DER_PUBLIC_SPKI, spki, &spki_len);
    if (rc == ZC_OK)
        rc = zc_hash(ZC_SHA256, "abc", 3, digest, sizeof digest);
    if (rc == ZC_OK)                            /* hedged RFC 6979 nonce */
        rc = zc_ecdsa_sign(&alice, ZC_SHA256, digest, sig, &sig_len);
    if (rc == ZC_OK)
        rc = zc_ecdsa_sig_to_der(ZC_EC_P256, sig, sig_len, der, &der_len);
    /* the verifier has only the SPKI and the DER signature */
    if (rc == ZC_OK)
        rc = zc_ec_key_from_der(&alice_pub, spki, spki_len);
    if (rc == ZC_OK)
        rc = zc_ecdsa_sig_from_der(ZC_EC_P256, der, der_len, back, &back_len);
    if (rc == ZC_OK)
        rc = zc_ecdsa_verify(&alice_pub, ZC_SHA256, digest, back, back_len);
    if (rc == ZC_OK) {
        digest[0] ^= 1;                         /* another message: must fail */
        if (zc_ecdsa_verify(&alice_pub, ZC_SHA256, digest, back, back_len) != ZC_EAUTH)
            rc = ZC_EINVAL;
    }
    /* ECDH: each side with its private key and the other's public key */
    if (rc == ZC_OK)
        rc = zc_ecdh(&alice, &bob, s1, &l1);
    if (rc == ZC_OK)
        rc = zc_ecdh(&bob, &alice_pub, s2, &l2);
    if (rc == ZC_OK && (l1 != l2 || memcmp(s1, s2, l1) != 0))
        rc = ZC_EINVAL;
    zc_ec_key_wipe(&alice);
    zc_ec_key_wipe(&bob);
    zc_ec_key_wipe(&alice_pub);
    if (rc != ZC_OK) {
        fprintf(stderr, "example-ecdsa: %s\n", zc_strerror(rc));
        return 1;
    }
    printf("P-256: %zu-byte SPKI, %zu-byte DER signature verified, %zu-byte shared secret\n",
           spki_len, der_len, l1);
    return 0;
}
