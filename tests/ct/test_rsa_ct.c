/*
 * test_rsa_ct.c - secret-taint test of the RSA private paths under
 * valgrind's memcheck (native tier, where valgrind is installed).
 *
 * Method (A. Langley's ctgrind idea, as memcheck does it today): the
 * secret key words and every byte zc_random_bytes hands out are marked
 * undefined with VALGRIND_MAKE_MEM_UNDEFINED. Memcheck then reports any
 * conditional branch, conditional move or memory address computed from
 * them. What the code deliberately makes public (a success flag, an
 * output length, a rejected prime candidate) is marked defined in the
 * library through zc_ct_declassify(), which exists only in this build
 * (ZC_CT_VALGRIND). Covered: the raw private operation with its blinding,
 * PKCS#1 v1.5 and PSS signing, PKCS#1 v1.5 and OAEP decryption with valid
 * and invalid blocks, and key generation. Run with --error-exitcode; this
 * program itself checks that the results are right.
 */
#include <zcrypt.h>
#include <valgrind/memcheck.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/platform.h"
#include "../testutil.h"
#include "../vectors/rsa_kat.h"

/* The library's random source, with its output marked secret. */
int zc_random_bytes(void *buf, size_t len)
{
    int rc;

    if (buf == NULL && len != 0)
        return ZC_EINVAL;
    rc = zc_plat_getrandom(buf, len);
    VALGRIND_MAKE_MEM_UNDEFINED(buf, len);
    return rc;
}

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

/* Results are public once computed: mark them defined before looking. */
static void public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

static void taint_key(zc_rsa_key *k)
{
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_d, sizeof k->zc_d);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_p, sizeof k->zc_p);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_q, sizeof k->zc_q);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_dp, sizeof k->zc_dp);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_dq, sizeof k->zc_dq);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_qinv, sizeof k->zc_qinv);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_pr2, sizeof k->zc_pr2);
    VALGRIND_MAKE_MEM_UNDEFINED(k->zc_qr2, sizeof k->zc_qr2);
    VALGRIND_MAKE_MEM_UNDEFINED(&k->zc_p0i, sizeof k->zc_p0i);
    VALGRIND_MAKE_MEM_UNDEFINED(&k->zc_q0i, sizeof k->zc_q0i);
}

static void private_paths(unsigned idx)
{
    static uint8_t der[2600], x[512], y[512], z[512], msg[512];
    static zc_rsa_key k;
    size_t len = tu_unhex(der, sizeof der, zc_rsa_kat_keys[idx].der), n, mlen, i;
    uint8_t d[32] = { 1, 2, 3, 4 };
    uint64_t seed = 99;
    int rc;

    check(zc_rsa_key_from_der(&k, der, len) == ZC_OK, "key");
    n = zc_rsa_size(&k);
    taint_key(&k);

    /* raw private operation */
    tu_fill(&seed, x, n);
    x[0] = 0;
    rc = zc_rsa_private(&k, x, y);
    public(y, n);
    check(rc == ZC_OK && zc_rsa_public(&k, y, z) == ZC_OK && memcmp(x, z, n) == 0, "raw");

    /* signatures */
    len = sizeof y;
    rc = zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, d, y, &len);
    public(y, n);
    check(rc == ZC_OK && zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, d, y, len) == ZC_OK, "v1.5 sign");
    len = sizeof y;
    rc = zc_rsa_pss_sign(&k, ZC_SHA256, d, 32, y, &len);
    public(y, n);
    check(rc == ZC_OK && zc_rsa_pss_verify(&k, ZC_SHA256, d, 32, y, len) == ZC_OK, "PSS sign");

    /* PKCS#1 v1.5 decryption: a valid block, then one defect at a time */
    for (i = 0; i < 5; i++) {
        memset(x, 0x5a, n);
        x[0] = 0;
        x[1] = 2;
        x[n - 17] = 0;                  /* a 16-byte message */
        if (i == 1)
            x[1] = 1;
        else if (i == 2)
            x[0] = 1;
        else if (i == 3)
            x[6] = 0;                   /* padding shorter than 8 bytes */
        else if (i == 4)
            x[n - 17] = 0x5a;           /* no separator */
        if (zc_rsa_public(&k, x, y) != ZC_OK) {
            check(i == 2, "encoding");  /* 0x01... may exceed n */
            continue;
        }
        mlen = n - 11;
        rc = zc_rsa_pkcs1v15_decrypt(&k, y, n, msg, &mlen);
        public(msg, n - 11);
        check(i == 0 ? rc == ZC_OK && mlen == 16 && memcmp(msg, x + n - 16, 16) == 0
                     : rc == ZC_EAUTH && mlen == 0, "v1.5 decrypt");
    }

    /* OAEP decryption: valid, wrong label, corrupted */
    len = n;
    check(zc_rsa_oaep_encrypt(&k, ZC_SHA256, (const uint8_t *)"L", 1, d, 20, y, &len) == ZC_OK,
          "OAEP encrypt");
    for (i = 0; i < 3; i++) {
        const uint8_t *label = i == 1 ? (const uint8_t *)"M" : (const uint8_t *)"L";

        memcpy(z, y, n);
        if (i == 2)
            z[n - 1] ^= 0x80;
        mlen = n - 66;
        rc = zc_rsa_oaep_decrypt(&k, ZC_SHA256, label, 1, z, n, msg, &mlen);
        public(msg, n - 66);
        check(i == 0 ? rc == ZC_OK && mlen == 20 && memcmp(msg, d, 20) == 0
                     : rc == ZC_EAUTH && mlen == 0, "OAEP decrypt");
    }
    zc_rsa_key_wipe(&k);
}

int main(void)
{
    static zc_rsa_key k;
    uint8_t d[32] = { 9 }, sig[256];
    size_t len = sizeof sig;
    int rc;

    private_paths(0);           /* 1024 bits */
    private_paths(2);           /* 2048 bits */

    /* generation: every candidate is secret from the start */
    rc = zc_rsa_generate(&k, 1024, 0);
    check(rc == ZC_OK, "generate");
    rc = zc_rsa_pkcs1v15_sign(&k, ZC_SHA256, d, sig, &len);
    public(sig, sizeof sig);
    check(rc == ZC_OK && zc_rsa_pkcs1v15_verify(&k, ZC_SHA256, d, sig, len) == ZC_OK,
          "generated key");
    zc_rsa_key_wipe(&k);

    if (failures)
        return 1;
    printf("RSA secret-taint run: private operation, signing, decryption, generation\n");
    return 0;
}
