/*
 * example-x25519.c - an X25519 agreement (RFC 7748): two parties each
 * make a key pair, send each other their 32-byte public keys, and each
 * derives the shared secret from its own private key and the other's
 * public key. Both must get the same 32 bytes; a real protocol feeds them
 * to a KDF (HKDF, say) rather than using them as a key.
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

/* Clear the secrets; volatile so the stores are not optimised away. */
static void wipe(void *p, size_t len)
{
    volatile uint8_t *v = p;

    while (len--)
        *v++ = 0;
}

int main(void)
{
    zc_ec_key alice, bob, alice_pub, bob_pub;
    uint8_t pa[32], pb[32], s1[32], s2[32];
    size_t la = sizeof pa, lb = sizeof pb, l1 = sizeof s1, l2 = sizeof s2;
    int rc = zc_ec_key_generate(&alice, ZC_EC_X25519);

    if (rc == ZC_OK)
        rc = zc_ec_key_generate(&bob, ZC_EC_X25519);
    /* what goes over the wire: the u-coordinates, 32 bytes each */
    if (rc == ZC_OK)
        rc = zc_ec_key_public(&alice, pa, &la);
    if (rc == ZC_OK)
        rc = zc_ec_key_public(&bob, pb, &lb);
    /* each side makes a key of the other's public bytes */
    if (rc == ZC_OK)
        rc = zc_ec_key_from_public(&bob_pub, ZC_EC_X25519, pb, lb);
    if (rc == ZC_OK)
        rc = zc_ec_key_from_public(&alice_pub, ZC_EC_X25519, pa, la);
    /* ZC_EINVAL here would mean a low-order peer key (an all-zero secret) */
    if (rc == ZC_OK)
        rc = zc_ecdh(&alice, &bob_pub, s1, &l1);
    if (rc == ZC_OK)
        rc = zc_ecdh(&bob, &alice_pub, s2, &l2);
    if (rc == ZC_OK && (l1 != l2 || memcmp(s1, s2, l1) != 0))
        rc = ZC_EINVAL;
    zc_ec_key_wipe(&alice);
    zc_ec_key_wipe(&bob);
    zc_ec_key_wipe(&alice_pub);
    zc_ec_key_wipe(&bob_pub);
    wipe(s1, sizeof s1);
    wipe(s2, sizeof s2);
    if (rc != ZC_OK) {
        fprintf(stderr, "example-x25519: %s\n", zc_strerror(rc));
        return 1;
    }
    printf("X25519: %zu-byte public keys exchanged, the same %zu-byte secret on both sides\n",
           la, l1);
    return 0;
}
