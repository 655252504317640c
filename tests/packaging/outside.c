/*
 * outside.c - a program that lives outside the source tree and uses
 * libzcrypt only as a user would: through <zcrypt.h> and whatever
 * pkg-config (installed tree) or the meson dependency (subproject) gives.
 *
 * usage: outside VERSION   (the version the library must report)
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    /* FIPS 180-2 Appendix B.1: SHA-256("abc") */
    static const uint8_t sha_abc[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
    };
    /* FIPS 197 Appendix C.1: AES-128, key 000102..0f, plaintext 00112233..ff */
    static const uint8_t aes_ct[16] = {
        0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a,
    };
    uint8_t key[16], block[16], digest[32];
    zc_aes_key k;
    int i, rc;

    if (argc != 2 || strcmp(zc_version(), argv[1]) != 0) {
        fprintf(stderr, "outside: library version %s, expected %s\n", zc_version(),
                argc == 2 ? argv[1] : "(none given)");
        return 1;
    }
    rc = zc_hash(ZC_SHA256, "abc", 3, digest, sizeof digest);
    if (rc != ZC_OK || memcmp(digest, sha_abc, 32) != 0) {
        fprintf(stderr, "outside: SHA-256 wrong (%s)\n", zc_strerror(rc));
        return 1;
    }
    for (i = 0; i < 16; i++) {
        key[i] = (uint8_t)i;
        block[i] = (uint8_t)(i * 0x11);
    }
    rc = zc_aes_key_init(&k, key, sizeof key, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_aes_ecb_encrypt(&k, block, block, sizeof block);
    zc_aes_key_wipe(&k);
    if (rc != ZC_OK || memcmp(block, aes_ct, 16) != 0) {
        fprintf(stderr, "outside: AES-128 wrong (%s)\n", zc_strerror(rc));
        return 1;
    }
    printf("outside: libzcrypt %s, SHA-256 and AES-128 known answers match\n", zc_version());
    return 0;
}
