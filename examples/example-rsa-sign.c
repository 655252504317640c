/*
 * example-rsa-sign.c - RSA: a key from DER bytes, sign, verify.
 *
 * The key is the 1024-bit RSAPrivateKey "k1024" of tests/vectors/rsa_kat.h
 * (made by openssl genpkey). PKCS#1 v1.5 signatures are deterministic, so
 * the signature of SHA-256("abc") is checked against the one the openssl
 * command makes: printf abc | openssl dgst -sha256 -sign k1024.der.
 * Real keys are 2048 bits or more, and never in the source.
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

static const char key_hex[] =
    "3082025d02010002818100a78e55fac53cc6e1061b9f919ea7a4d3d57e862be56085448aa3ed4d1c"
    "fe35933a020fb199359eb7de857bf45018b34b2d1378d51a7327f76050dc95e676b9e58fe90ac40e"
    "00513d64415baaa52a9e0d614e7e79a7372bf9956fcb69f9befe1c2e1d759792b42a63ff1a7cd3c4"
    "6fa0f9e5ffc39540211c8f65ff77ee897399c702030100010281801af7b9b6e6cfe5628a4d1fdd9c"
    "1f7753f0e4b04b985b74979788d2c4ba89dfad9684866a1b329a1d15df7e17d05c695f0c1e3a3072"
    "555e755e372589aad229111ac06dfe7028c2b39e3ad0acd12e5dd5a932032d760b8f3c5fda443d08"
    "45c86dcb6b1b805b001a5929a65a2280e5718d9cd05f4bb5361cba2d563c70794cca41024100df64"
    "9a6d34c63e8a6151476e4a3623d6ac4351acace41abea7e37e14ce87bf1ad80cca226949015c8202"
    "8bfcd50ec59c4b1548f0a731c44435f0d63c24566819024100c0034de7405863c07ba5737aed463e"
    "1ed95c089a45bb1b224aae4722f74e873e35857bb513a95b1781c3dfed49784a72b60cd7bda1b99c"
    "d33e6a3b67e473ccdf024100811a5010fae5f330e00b2c1ff62d91cab7e573e73a47dd98ffc7fe8e"
    "a1c95bcd74bcf778a9a6326e3708a7c4679150ed018b7c8aefe5580b1fad5ef2850196c902400c70"
    "aa5d6f27cadeafa41a853e562cb426f4f581b93ed41536ad6fe26e0f6267bf63f48dd8c6422695bb"
    "b1085898388a920ce6f55c43004c17611e942e92ea15024100d9e383b2e79b2f448bbc6737ead968"
    "aab755b36fbe28416a66e0255f78e25af5d7550859ac640b1df22d676173b7518a6497298a41b20e"
    "ba2d69bb237ff921dc";
static const char sig_hex[] =
    "3f02d9fff05824480f6516f36a81ee15854692e4961ba284cbe7c6d4028e3cf46a8c2411a999ffa8"
    "efa4610a6dd5e52f5e59de8627c08f1d8e78be79f45926f2b0539b19c6737e51d76ec0f2987dc8e3"
    "e6c331df72036dd5d1839291fba5846fce0d68465b0aad19210f6b0769e24e717628e5f915a80067"
    "c9e2328762243422";

static size_t unhex(const char *s, uint8_t *out)
{
    size_t n = strlen(s) / 2;

    for (size_t i = 0; i < n; i++)
        sscanf(s + 2 * i, "%2hhx", &out[i]);
    return n;
}

int main(void)
{
    static zc_rsa_key k;                        /* about 6 KiB: not on the stack */
    uint8_t der[sizeof key_hex / 2], want[128], digest[32], sig[128];
    size_t sig_len = sizeof sig, der_len = unhex(key_hex, der);
    int rc = zc_rsa_key_from_der(&k, der, der_len);

    if (rc == ZC_OK)
        rc = zc_hash(ZC_SHA256, "abc", 3, digest, sizeof digest);
    if (rc == ZC_OK)
        rc = zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, digest, sig, &sig_len);
    if (rc == ZC_OK)                            /* anyone with the public key */
        rc = zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, digest, sig, sig_len);
    if (rc == ZC_OK) {
        digest[0] ^= 1;                         /* another message: must fail */
        if (zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, digest, sig, sig_len) != ZC_EAUTH)
            rc = ZC_EINVAL;
    }
    zc_rsa_key_wipe(&k);
    if (rc != ZC_OK) {
        fprintf(stderr, "example-rsa-sign: %s\n", zc_strerror(rc));
        return 1;
    }
    unhex(sig_hex, want);
    printf("%zu-bit key, %zu-byte signature: %s\n", 8 * sig_len, sig_len,
           memcmp(sig, want, sizeof want) == 0 ? "matches openssl's" : "MISMATCH");
    return memcmp(sig, want, sizeof want) != 0;
}
