/*
 * example-protected.c - AES-256-CBC with a protected key.
 *
 * A protected key is the AES key wrapped by the firmware: CPACF unwraps
 * it inside the machine, so the data path never holds the clear key (see
 * zcrypt/aes_protected.h and the "keys" page). It is made here from the
 * NIST SP 800-38A F.2.5 (CBC-AES256) key and must give the published
 * ciphertext, as the clear key does. Making one needs Linux on IBM Z with
 * the pkey module (/dev/pkey) and CPACF's encrypted-key functions; where
 * that is missing the program says why and exits 77 (a skipped test).
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

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
    zc_aes_key k;
    int rc = zc_aes_key_init_protected(&k, key, sizeof key);

    if (rc == ZC_ENOTSUP) {     /* not IBM Z, no /dev/pkey, or no PCKMO/KMC-EAES */
        printf("example-protected: this machine cannot make protected keys: %s\n",
               zc_strerror(rc));
        return 77;
    }
    if (rc == ZC_OK)
        rc = zc_aes_cbc_encrypt(&k, iv, buf, buf, sizeof buf);
    zc_aes_key_wipe(&k);        /* the wrapped key and the clear key it keeps */
    if (rc != ZC_OK) {
        fprintf(stderr, "example-protected: %s\n", zc_strerror(rc));
        return 1;
    }
    printf("%s\n", memcmp(buf, expect, sizeof buf) == 0 ? "matches SP 800-38A" : "MISMATCH");
    return memcmp(buf, expect, sizeof buf) != 0;
}
