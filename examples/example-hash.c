/*
 * example-hash.c - hashing: one call for a buffer, a context for a stream.
 *
 *   example-hash [STRING]   SHA-256 of STRING (default "abc", checked), both ways
 *
 * The one-shot zc_hash() and the streaming zc_hash_init/update/final give
 * the same digest however the data is split. SHA-256("abc") is the
 * FIPS 180-4 example: ba7816bf...f20015ad.
 */
#include <zcrypt.h>

#include <stdio.h>
#include <string.h>

static void print_hex(const char *label, const uint8_t *d, size_t len)
{
    printf("%-10s", label);
    for (size_t i = 0; i < len; i++)
        printf("%02x", d[i]);
    putchar('\n');
}

/* FIPS 180-4 example (NIST CSRC "SHA256.pdf"): SHA-256("abc") */
static const uint8_t abc_sha256[32] = {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde,
    0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
    0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
};

int main(int argc, char **argv)
{
    const char *msg = argc > 1 ? argv[1] : "abc";
    size_t len = strlen(msg);
    uint8_t one[32], streamed[32];
    zc_hash_ctx c;
    int rc;

    /* One call for data that is all in memory. */
    rc = zc_hash(ZC_SHA256, msg, len, one, sizeof one);

    /* A context for data that arrives in pieces: here one byte at a time. */
    if (rc == ZC_OK)
        rc = zc_hash_init(&c, ZC_SHA256, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        printf("backend:  %s\n", zc_backend_name(zc_hash_backend(&c)));
    for (size_t i = 0; rc == ZC_OK && i < len; i++)
        rc = zc_hash_update(&c, msg + i, 1);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, streamed, sizeof streamed);  /* wipes the context */
    if (rc != ZC_OK) {
        fprintf(stderr, "example-hash: %s\n", zc_strerror(rc));
        return 1;
    }
    print_hex("one-shot", one, sizeof one);
    print_hex("streamed", streamed, sizeof streamed);
    if (argc == 1 && memcmp(one, abc_sha256, sizeof one) != 0)
        return 1;                                   /* not the FIPS 180-4 answer */
    return memcmp(one, streamed, sizeof one) != 0;
}
