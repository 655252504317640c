/*
 * test_sw_hash.c - known-answer tests for the portable hash primitives in
 * the hash software cores (SHA-1, SHA-2 block functions, Keccak-f[1600]) in lib/hash/.
 *
 * Standalone: no framework, no library beyond libc. Padding and the
 * Keccak sponge are not part of the primitives, so this file has its own
 * minimal one-shot versions of them. Expected values are the published
 * example digests (FIPS 180-4 / FIPS 202 example messages as given by
 * NIST's example files and the usual SHA test-vector tables).
 *
 * Build from the top of the tree, e.g.
 *   gcc -std=c11 -O2 tests/unit/test_sw_hash.c lib/hash/sha1.c \
 *       lib/hash/sha256.c lib/hash/sha512.c lib/hash/keccak.c
 * Prints "N passed, N failed" and exits non-zero when anything failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "hash/hash_sw.h"

#include "unit.h"

static void check_hex(const char *name, const uint8_t *got, size_t len, const char *hex)
{
    uint8_t want[128];
    size_t i, n = strlen(hex) / 2;
    int ok = n == len && n <= sizeof(want);

    for (i = 0; ok && i < n; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

        if (hi < 0 || lo < 0)
            ok = 0;
        else
            want[i] = (uint8_t)(hi << 4 | lo);
    }
    if (ok && memcmp(got, want, len) == 0) {
        n_pass++;
        return;
    }
    n_fail++;
    printf("FAIL %s\n  got  ", name);
    for (i = 0; i < len; i++)
        printf("%02x", got[i]);
    printf("\n  want %s\n", hex);
}

static void check_true(const char *name, int cond)
{
    check(cond, name);
}

/* ---- one-shot MD-style padding ---------------------------------------- */

enum alg { SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256 };

static const struct {
    const char *name;
    size_t outlen;
} algs[] = {
    [SHA1] = { "SHA-1", 20 },
    [SHA224] = { "SHA-224", 28 },
    [SHA256] = { "SHA-256", 32 },
    [SHA384] = { "SHA-384", 48 },
    [SHA512] = { "SHA-512", 64 },
    [SHA512_224] = { "SHA-512/224", 28 },
    [SHA512_256] = { "SHA-512/256", 32 },
};

/* Compress whole blocks with the right primitive. */
static void compress(enum alg alg, uint32_t *h32, uint64_t *h64, const uint8_t *p, size_t n)
{
    switch (alg) {
    case SHA1:
        zc_sha1_blocks(h32, p, n);
        break;
    case SHA224:
    case SHA256:
        zc_sha256_blocks(h32, p, n);
        break;
    default:
        zc_sha512_blocks(h64, p, n);
        break;
    }
}

/*
 * digest = ALG(msg). Whole blocks are passed straight from msg (in one
 * call, so nblocks > 1 and unaligned pointers get exercised), then the
 * tail is padded: 0x80, zeros, and the bit length big-endian in the last
 * 8 (SHA-1/256) or 16 (SHA-512) bytes.
 */
static void md_hash(enum alg alg, const uint8_t *msg, size_t len, uint8_t *digest)
{
    uint32_t h32[8] = { 0 };
    uint64_t h64[8] = { 0 };
    uint8_t tail[256], full[64];
    size_t bs = alg <= SHA256 ? 64 : 128, lenfield = alg <= SHA256 ? 8 : 16;
    size_t nfull = len / bs, rem = len % bs, tlen, i;

    switch (alg) {
    case SHA1: memcpy(h32, zc_sha1_iv, sizeof(zc_sha1_iv)); break;
    case SHA224: memcpy(h32, zc_sha224_iv, sizeof(zc_sha224_iv)); break;
    case SHA256: memcpy(h32, zc_sha256_iv, sizeof(zc_sha256_iv)); break;
    case SHA384: memcpy(h64, zc_sha384_iv, sizeof(zc_sha384_iv)); break;
    case SHA512: memcpy(h64, zc_sha512_iv, sizeof(zc_sha512_iv)); break;
    case SHA512_224: memcpy(h64, zc_sha512_224_iv, sizeof(zc_sha512_224_iv)); break;
    case SHA512_256: memcpy(h64, zc_sha512_256_iv, sizeof(zc_sha512_256_iv)); break;
    }

    compress(alg, h32, h64, msg, nfull);

    memset(tail, 0, sizeof(tail));
    memcpy(tail, msg + nfull * bs, rem);
    tail[rem] = 0x80;
    tlen = rem + 1 + lenfield <= bs ? bs : 2 * bs;
    /* Bit length; messages here are far below 2^61 bytes. */
    zc_store_be64(tail + tlen - 8, (uint64_t)len << 3);
    compress(alg, h32, h64, tail, tlen / bs);

    for (i = 0; i < 8; i++) {
        if (alg <= SHA256)
            zc_store_be32(full + 4 * i, h32[i]);
        else
            zc_store_be64(full + 8 * i, h64[i]);
    }
    memcpy(digest, full, algs[alg].outlen);
}

/* ---- one-shot Keccak sponge ------------------------------------------- */

/*
 * out = sponge(msg) with the given rate, domain-separation byte (0x06 for
 * SHA-3, 0x1f for SHAKE: the suffix bits plus the first pad10*1 bit) and
 * output length (may exceed the rate).
 */
static void sponge(size_t rate, uint8_t dom, const uint8_t *msg, size_t len,
                   uint8_t *out, size_t outlen)
{
    uint64_t a[25] = { 0 };
    uint8_t pad[200];
    size_t n;

    while (len >= rate) {
        zc_keccak_xor_bytes(a, msg, rate);
        zc_keccak_f1600(a);
        msg += rate;
        len -= rate;
    }
    memset(pad, 0, rate);
    memcpy(pad, msg, len);
    pad[len] ^= dom;
    pad[rate - 1] ^= 0x80;
    zc_keccak_xor_bytes(a, pad, rate);
    zc_keccak_f1600(a);

    for (;;) {
        n = outlen < rate ? outlen : rate;
        zc_keccak_extract(a, out, n);
        out += n;
        outlen -= n;
        if (outlen == 0)
            break;
        zc_keccak_f1600(a);
    }
}

/* ---- tests ------------------------------------------------------------ */

static uint8_t million[1000000 + 1];

static const char msg448[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char msg896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
    "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

/* Published digests: "abc", 448-bit, 896-bit, one million 'a'. */
static const char *const kat[7][4] = {
    [SHA1] = {
        "a9993e364706816aba3e25717850c26c9cd0d89d",
        "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
        "a49b2446a02c645bf419f995b67091253a04a259",
        "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
    },
    [SHA224] = {
        "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
        "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
        "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
        "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
    },
    [SHA256] = {
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    },
    [SHA384] = {
        "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
        "8086072ba1e7cc2358baeca134c825a7",
        "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
        "b0455a8520bc4e6f5fe95b1fe3c8452b",
        "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
        "fcc7c71a557e2db966c3e9fa91746039",
        "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
        "07b8b3dc38ecc4ebae97ddd87f3d8985",
    },
    [SHA512] = {
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
        "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
        "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
        "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
        "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
    },
    [SHA512_224] = {
        "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
        "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
        "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9",
        "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287",
    },
    [SHA512_256] = {
        "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
        "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
        "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a",
        "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21",
    },
};

static void test_md(void)
{
    static uint8_t buf[1 + sizeof(msg896)];
    const uint8_t *msgs[4];
    size_t lens[4];
    uint8_t d[64];
    char name[64];
    int a, m;

    memset(million, 'a', sizeof(million));
    msgs[0] = (const uint8_t *)"abc";
    lens[0] = 3;
    msgs[1] = (const uint8_t *)msg448;
    lens[1] = sizeof(msg448) - 1;
    msgs[2] = (const uint8_t *)msg896;
    lens[2] = sizeof(msg896) - 1;
    /* Start at an odd address to make sure no alignment is assumed. */
    msgs[3] = million + 1;
    lens[3] = 1000000;

    for (a = SHA1; a <= SHA512_256; a++) {
        for (m = 0; m < 4; m++) {
            snprintf(name, sizeof(name), "%s msg%d", algs[a].name, m);
            md_hash((enum alg)a, msgs[m], lens[m], d);
            check_hex(name, d, algs[a].outlen, kat[a][m]);
        }
        /* The 896-bit message again, from an unaligned copy. */
        memcpy(buf + 1, msg896, sizeof(msg896) - 1);
        snprintf(name, sizeof(name), "%s msg2 unaligned", algs[a].name);
        md_hash((enum alg)a, buf + 1, sizeof(msg896) - 1, d);
        check_hex(name, d, algs[a].outlen, kat[a][2]);
    }
}

/* nblocks == 0 is a no-op; n blocks in one call == n calls of one block. */
static void test_block_calls(void)
{
    uint32_t s1[8], s2[8];
    uint64_t t1[8], t2[8];
    size_t i;

    memcpy(s1, zc_sha256_iv, sizeof(s1));
    zc_sha256_blocks(s1, NULL, 0);
    check_true("sha256 nblocks=0", memcmp(s1, zc_sha256_iv, sizeof(s1)) == 0);
    memcpy(s1, zc_sha1_iv, sizeof(zc_sha1_iv));
    zc_sha1_blocks(s1, NULL, 0);
    check_true("sha1 nblocks=0", memcmp(s1, zc_sha1_iv, sizeof(zc_sha1_iv)) == 0);
    memcpy(t1, zc_sha512_iv, sizeof(t1));
    zc_sha512_blocks(t1, NULL, 0);
    check_true("sha512 nblocks=0", memcmp(t1, zc_sha512_iv, sizeof(t1)) == 0);

    for (i = 0; i < 1024; i++)
        million[i] = (uint8_t)(i * 131 + 7);

    memcpy(s1, zc_sha1_iv, sizeof(zc_sha1_iv));
    memcpy(s2, zc_sha1_iv, sizeof(zc_sha1_iv));
    zc_sha1_blocks(s1, million + 3, 16);
    for (i = 0; i < 16; i++)
        zc_sha1_blocks(s2, million + 3 + 64 * i, 1);
    check_true("sha1 16 blocks vs 16x1", memcmp(s1, s2, 5 * sizeof(uint32_t)) == 0);

    memcpy(s1, zc_sha256_iv, sizeof(s1));
    memcpy(s2, zc_sha256_iv, sizeof(s2));
    zc_sha256_blocks(s1, million + 5, 16);
    for (i = 0; i < 16; i++)
        zc_sha256_blocks(s2, million + 5 + 64 * i, 1);
    check_true("sha256 16 blocks vs 16x1", memcmp(s1, s2, sizeof(s1)) == 0);

    memcpy(t1, zc_sha512_iv, sizeof(t1));
    memcpy(t2, zc_sha512_iv, sizeof(t2));
    zc_sha512_blocks(t1, million + 7, 8);
    for (i = 0; i < 8; i++)
        zc_sha512_blocks(t2, million + 7 + 128 * i, 1);
    check_true("sha512 8 blocks vs 8x1", memcmp(t1, t2, sizeof(t1)) == 0);
}

static void test_keccak(void)
{
    uint8_t a3[200];
    uint64_t a[25];
    uint8_t out[200], in[200];
    size_t i, len;
    int ok;

    memset(a3, 0xa3, sizeof(a3));
    sponge(136, 0x06, (const uint8_t *)"", 0, out, 32);
    check_hex("SHA3-256(\"\")", out, 32,
          "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
    sponge(136, 0x06, (const uint8_t *)"abc", 3, out, 32);
    check_hex("SHA3-256(\"abc\")", out, 32,
          "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    sponge(168, 0x1f, (const uint8_t *)"", 0, out, 32);
    check_hex("SHAKE128(\"\", 32)", out, 32,
          "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
    /* Extra published values: another rate, and a multi-block message. */
    sponge(72, 0x06, (const uint8_t *)"abc", 3, out, 64);
    check_hex("SHA3-512(\"abc\")", out, 64,
          "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
          "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
    sponge(136, 0x06, a3, sizeof(a3), out, 32);
    check_hex("SHA3-256(200 x 0xa3)", out, 32,
          "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787");

    /* Keccak-f[1600] on the zero state (KeccakF-1600-IntermediateValues). */
    memset(a, 0, sizeof(a));
    zc_keccak_f1600(a);
    check_true("Keccak-f(0) lane 0", a[0] == 0xf1258f7940e1dde7u);
    zc_keccak_f1600(a);
    check_true("Keccak-f(Keccak-f(0)) lane 0", a[0] == 0x2d5c954df96ecb3cu);

    /* Lane layout: byte k lands in lane k/8 at bits 8*(k%8). */
    memset(a, 0, sizeof(a));
    memset(in, 0, sizeof(in));
    in[0] = 0x01;
    in[7] = 0x80;
    in[8] = 0x02;
    in[199] = 0xff;
    zc_keccak_xor_bytes(a, in, 200);
    check_true("xor_bytes lane layout",
               a[0] == 0x8000000000000001u && a[1] == 2 && a[24] == 0xff00000000000000u);

    /* Round trips for every length, including partial lanes. */
    ok = 1;
    for (len = 0; len <= 200; len++) {
        memset(a, 0, sizeof(a));
        for (i = 0; i < 200; i++)
            in[i] = (uint8_t)(i * 7 + len);
        zc_keccak_xor_bytes(a, in, len);
        memset(out, 0x5a, sizeof(out));
        zc_keccak_extract(a, out, len);
        if (memcmp(in, out, len) != 0 || (len < 200 && out[len] != 0x5a))
            ok = 0;
        /* Bytes past len must still be zero in the state. */
        zc_keccak_extract(a, out, 200);
        for (i = len; i < 200; i++)
            if (out[i] != 0)
                ok = 0;
        /* XOR is an XOR: doing it again clears the state. */
        zc_keccak_xor_bytes(a, in, len);
        for (i = 0; i < 25; i++)
            if (a[i] != 0)
                ok = 0;
    }
    check_true("xor_bytes/extract round trip, len 0..200", ok);
}

int main(void)
{
    test_md();
    test_block_calls();
    test_keccak();
    return unit_done();
}
