/*
 * insn_calls.c - s390x harness for per-call instruction counts under
 * qemu-s390x (tests/bench/insncount.sh drives it through the insncount
 * tool's percall.sh, which differences runs with N and 0 calls).
 *
 *   insn_calls OP LEN N
 *
 * OP   nop        an empty out-of-line call (the harness's own cost)
 *      raw512     one KLMD-SHA-512 through the asm/ wrapper, parameter block
 *                 on the stack: the floor any API can reach
 *      hash384    zc_hash(ZC_SHA384, ...)
 *      hash512    zc_hash(ZC_SHA512, ...)
 *      stream512  zc_hash_init / zc_hash_update / zc_hash_final, SHA-512
 * LEN  message length in bytes (at most 16384)
 * N    calls; pass N and 0 with the same number of digits so that argv and
 *      the stack layout are the same in both runs (percall.sh does)
 *
 * Two warm-up calls run first, so that one-time work (the capability
 * detection, the statistics switch) lands in the N = 0 run too. Every call's
 * return code is checked, and the digest (the same for every call) against
 * the raw KLMD one, or for SHA-384 the software backend's: a wrong answer
 * exits 1, so the harness cannot count a broken fast path.
 * Built non-PIE and linked with the static library (tests/bench/meson.build),
 * so that the addresses of its functions are fixed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zcrypt.h>

#include "asm/cpacf.h"

#define MAXLEN 16384

static uint8_t msg[MAXLEN] __attribute__((aligned(256)));
static uint8_t md[64], want[64];

/* SHA-512 initial hash value (FIPS 180-4, 5.3.5). */
static const uint64_t sha512_h0[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
    0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

typedef int (*call_fn)(const uint8_t *m, size_t n, uint8_t *out);

__attribute__((noinline)) static int call_nop(const uint8_t *m, size_t n, uint8_t *out)
{
    __asm__ __volatile__("" : : "r"(m), "r"(n), "r"(out) : "memory");
    return 0;
}

/* KLMD pads: the block is the state and the 128-bit message bit length. */
__attribute__((noinline)) static int call_raw512(const uint8_t *m, size_t n, uint8_t *out)
{
    struct {
        uint64_t h[8];
        uint64_t bits[2];
    } pb;

    memcpy(pb.h, sha512_h0, sizeof(pb.h));      /* big-endian: words = bytes */
    pb.bits[0] = 0;
    pb.bits[1] = (uint64_t)n * 8;
    if (zc_klmd(ZC_FC_SHA_512, &pb, m, n, NULL, 0) != (long)n)
        return -1;
    memcpy(out, pb.h, 64);
    return 0;
}

__attribute__((noinline)) static int call_hash384(const uint8_t *m, size_t n, uint8_t *out)
{
    return zc_hash(ZC_SHA384, m, n, out, 48);
}

__attribute__((noinline)) static int call_hash512(const uint8_t *m, size_t n, uint8_t *out)
{
    return zc_hash(ZC_SHA512, m, n, out, 64);
}

__attribute__((noinline)) static int call_stream512(const uint8_t *m, size_t n, uint8_t *out)
{
    zc_hash_ctx c;
    int rc = zc_hash_init(&c, ZC_SHA512, ZC_BACKEND_AUTO);

    if (rc == ZC_OK)
        rc = zc_hash_update(&c, m, n);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, out, 64);
    return rc;
}

static const struct {
    const char *name;
    call_fn fn;
    size_t out;
} ops[] = {
    { "nop", call_nop, 0 },
    { "raw512", call_raw512, 64 },
    { "hash384", call_hash384, 48 },
    { "hash512", call_hash512, 64 },
    { "stream512", call_stream512, 64 },
};

int main(int argc, char **argv)
{
    const char *op = argc > 1 ? argv[1] : "";
    size_t i, k = sizeof(ops) / sizeof(ops[0]), len;
    long n;

    for (i = 0; i < k && strcmp(op, ops[i].name) != 0; i++)
        ;
    if (argc != 4 || i == k) {
        fprintf(stderr, "usage: insn_calls nop|raw512|hash384|hash512|stream512 LEN N\n");
        return 2;
    }
    len = strtoul(argv[2], NULL, 10);
    n = strtol(argv[3], NULL, 10);
    if (len > MAXLEN || n < 0)
        return 2;
    for (size_t j = 0; j < len; j++)
        msg[j] = (uint8_t)(j * 131 + 7);

    /* The answer to check against: SHA-384 is SHA-512 with another IV, so
     * its own zc_hash result is compared with a software-backend run. */
    if (ops[i].out == 48) {
        zc_hash_ctx c;

        if (zc_hash_init(&c, ZC_SHA384, ZC_BACKEND_SOFTWARE) != ZC_OK ||
            zc_hash_update(&c, msg, len) != ZC_OK || zc_hash_final(&c, want, 48) != ZC_OK)
            return 1;
    } else if (call_raw512(msg, len, want) != 0) {
        fprintf(stderr, "insn_calls: KLMD SHA-512 failed\n");
        return 1;
    }

    for (long j = 0; j < n + 2; j++)
        if (ops[i].fn(msg, len, md) != 0) {
            fprintf(stderr, "insn_calls: %s failed\n", op);
            return 1;
        }
    /* Every call hashes the same message: the last answer stands for all. */
    if (memcmp(md, want, ops[i].out) != 0) {
        fprintf(stderr, "insn_calls: %s gave a wrong digest\n", op);
        return 1;
    }
    printf("%s len=%zu ok\n", op, len);
    return 0;
}
