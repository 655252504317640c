/*
 * example-cbc.c - the README's example: AES-256-CBC with a clear key.
 *
 * Encrypts one block of the NIST SP 800-38A F.2.5 example (CBC-AES256)
 * in place and compares it with the published ciphertext. The key object
 * is prepared once (CPACF KMC where the machine has it, else software)
 * and wiped after use.
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

static int encrypt_in_place(const uint8_t key[32], uint8_t iv[16], uint8_t *buf, size_t len)
{
    zc_aes_key k;
    int rc = zc_aes_key_init(&k, key, 32, ZC_BACKEND_AUTO);   /* prepared once */

    if (rc == ZC_OK) {
        printf("backend: %s\n", zc_backend_name(zc_aes_key_backend(&k)));
        rc = zc_aes_cbc_encrypt(&k, iv, buf, buf, len);        /* one call */
    }
    zc_aes_key_wipe(&k);
    return rc;                                                 /* ZC_OK or < 0 */
}

int main(void)
{
    /* NIST SP 800-38A, F.2.5 CBC-AES256.Encrypt, block #1 */
    static const uint8_t key[32] = {
        0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0,
        0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7,
        0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4,
    };
    static const uint8_t expect[16] = {
        0xf5, 0x8c, 0x4c, 0x04, 0xd6, 0xe5, 0xf1, 0xba,
        0x77, 0x9e, 0xab, 0xfb, 0x5f, 0x7b, 0xfb, 0xd6,
    };
    uint8_t iv[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                       0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
    uint8_t buf[16] = { 0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                        0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a };
    int rc = encrypt_in_place(key, iv, buf, sizeof buf);

    if (rc != ZC_OK) {
        fprintf(stderr, "example-cbc: %s\n", zc_strerror(rc));
        return 1;
    }
    for (size_t i = 0; i < sizeof buf; i++)
        printf("%02x", buf[i]);
    printf("\n%s\n", memcmp(buf, expect, sizeof buf) == 0 ? "matches SP 800-38A" : "MISMATCH");
    return memcmp(buf, expect, sizeof buf) != 0;
}
