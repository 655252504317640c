/*
 * bm_tests.c - the library's tests for the bare-metal tier.
 *
 * Runs under Hercules with the library's own core sources compiled
 * freestanding. First it reports what the emulated machine offers (facility
 * bits and every query mask, PCKMO included: this is supervisor state),
 * then it runs the known answers through the public API with
 * ZC_BACKEND_CPACF, so a pass means KIMD/KLMD really computed the digest,
 * and compares CPACF with the software backend on random inputs.
 */
#include <zcrypt.h>

#include "bm.h"
#include "bm_tests.h"
#include "asm/cpacf.h"
#include "../testutil.h"
#include "../vectors/hash_kat.h"

static void info_facilities(void)
{
    static const struct { unsigned bit; const char *name; } fac[] = {
        { 17, "MSA" }, { 76, "MSA-3" }, { 77, "MSA-4" }, { 57, "MSA-5" },
        { 146, "MSA-8" }, { 155, "MSA-9" },
    };
    unsigned i;

    bm_line_begin();
    bm_str("INFO facilities");
    for (i = 0; i < sizeof(fac) / sizeof(fac[0]); i++) {
        bm_str(" ");
        bm_str(fac[i].name);
        bm_str(zc_facility(fac[i].bit) ? "=1" : "=0");
    }
    bm_line_end();
    for (i = 0; i < ZC_INSN_COUNT; i++) {
        uint8_t m[16];

        bm_line_begin();
        bm_str("INFO query ");
        bm_str(zc_insn_name((enum zc_insn)i));
        if (zc_cpacf_query((enum zc_insn)i, 0, m) == ZC_OK) {
            bm_str(" mask=");
            bm_hex(m, 16);
        } else {
            bm_str(" not-installed");
        }
        bm_line_end();
    }
}

/* Hash a KAT message on one backend; 0 when the digest matches. */
static int hash_kat(const struct zc_hash_kat *k, enum zc_backend b, int *rc_out)
{
    uint8_t want[64], got[64];
    size_t dlen = tu_unhex(want, sizeof want, k->digest), mlen = 0, i;
    const uint8_t *msg;
    zc_hash_ctx c;
    int rc;

    while (k->msg[mlen])
        mlen++;
    if (k->repeat > 1) {            /* one million 'a' from the big buffer */
        if (k->repeat > BM_BIGBUF_SIZE)
            return -1;
        for (i = 0; i < k->repeat; i++)
            bm_bigbuf[i] = (unsigned char)k->msg[0];
        msg = bm_bigbuf;
        mlen = k->repeat;
    } else {
        msg = (const uint8_t *)k->msg;
    }
    rc = zc_hash_init(&c, (enum zc_hash_alg)k->alg, b);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c, msg, mlen);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, got, dlen);
    *rc_out = rc;
    if (rc != ZC_OK)
        return -1;
    for (i = 0; i < dlen; i++)
        if (got[i] != want[i])
            return -1;
    return 0;
}

static const char *join(char *buf, size_t size, const char *const *parts, size_t nparts)
{
    size_t n = 0, i, j;

    for (i = 0; i < nparts; i++)
        for (j = 0; parts[i][j] && n + 1 < size; j++)
            buf[n++] = parts[i][j];
    buf[n] = '\0';
    return buf;
}

const char *bm_name(char *buf, size_t size, const char *prefix, const char *a)
{
    const char *parts[3] = { prefix, ".", a };

    return join(buf, size, parts, 3);
}

const char *bm_name3(char *buf, size_t size, const char *prefix, const char *a, const char *b)
{
    const char *parts[5] = { prefix, ".", a, ".", b };

    return join(buf, size, parts, 5);
}

/* Names of the KAT messages, in hash_kat.h's order per algorithm. */
static const char *const kat_msg_names[] = { "empty", "abc", "448bit", "896bit", "million-a" };

static void test_hash_kats(void)
{
    unsigned i;
    char name[64];

    for (i = 0; i < ZC_HASH_KAT_COUNT; i++) {
        const struct zc_hash_kat *k = &zc_hash_kats[i];
        const char *alg = zc_hash_name((enum zc_hash_alg)k->alg);
        const char *msg = kat_msg_names[i % 5];
        int rc;

        bm_result(bm_name3(name, sizeof name, "hash-kat-cpacf", alg, msg),
                  hash_kat(k, ZC_BACKEND_CPACF, &rc) == 0,
                  rc == ZC_OK ? NULL : zc_strerror(rc));
        bm_result(bm_name3(name, sizeof name, "hash-kat-software", alg, msg),
                  hash_kat(k, ZC_BACKEND_SOFTWARE, &rc) == 0,
                  rc == ZC_OK ? NULL : zc_strerror(rc));
    }
}

/* CPACF and software agree on random messages of every length class,
 * fed in random pieces. */
static void test_hash_random(void)
{
    static const enum zc_hash_alg algs[] = {
        ZC_SHA1, ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512, ZC_SHA512_224, ZC_SHA512_256
    };
    static uint8_t msg[700];
    uint64_t seed = 0xb4e7a1u;
    unsigned a;
    char name[64];

    tu_fill(&seed, msg, sizeof msg);
    for (a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
        size_t dlen = zc_hash_size(algs[a]), len, i;
        int ok = 1;

        for (len = 0; len <= sizeof msg && ok; len += 1 + len / 8) {
            uint8_t d[2][64];
            int b;

            for (b = 0; b < 2; b++) {
                zc_hash_ctx c;
                size_t off = 0;

                if (zc_hash_init(&c, algs[a], b ? ZC_BACKEND_SOFTWARE : ZC_BACKEND_CPACF)) {
                    ok = 0;
                    break;
                }
                while (off < len) {
                    size_t n = (size_t)(tu_rand(&seed) % 300);

                    if (n > len - off)
                        n = len - off;
                    zc_hash_update(&c, msg + off, n);
                    off += n;
                }
                zc_hash_final(&c, d[b], dlen);
            }
            for (i = 0; ok && i < dlen; i++)
                ok = d[0][i] == d[1][i];
        }
        bm_result(bm_name3(name, sizeof name, "hash-random", zc_hash_name(algs[a]),
                            "cpacf-eq-software"), ok, NULL);
    }
}

/* Function codes issued per instruction (asm/cpacf.h's ZC_CPACF_TRACE). */
static const struct { unsigned opcode; const char *name; } traced[] = {
    { 0xb92e, "KM" }, { 0xb92f, "KMC" }, { 0xb92d, "KMCTR" }, { 0xb92a, "KMF" },
    { 0xb92b, "KMO" }, { 0xb91e, "KMAC" }, { 0xb93e, "KIMD" }, { 0xb93f, "KLMD" },
    { 0xb92c, "PCC" }, { 0xb928, "PCKMO" }, { 0xb93c, "PRNO" }, { 0xb929, "KMA" },
    { 0xb93a, "KDSA" },
};
#define NTRACED (sizeof(traced) / sizeof(traced[0]))
static uint8_t issued[NTRACED][128];

void zc_cpacf_trace(unsigned opcode, unsigned long fc)
{
    unsigned i;

    for (i = 0; i < NTRACED; i++)
        if (traced[i].opcode == opcode)
            issued[i][fc & 0x7f] = 1;   /* without the decipher bit */
}

static void info_issued(void)
{
    unsigned i, fc;

    for (i = 0; i < NTRACED; i++) {
        int any = 0;

        bm_line_begin();
        bm_str("INFO executed ");
        bm_str(traced[i].name);
        for (fc = 1; fc < 128; fc++) {
            const char *n = zc_cpacf_fc_name((enum zc_insn)i, fc);

            if (!issued[i][fc])
                continue;
            bm_str(any ? "," : " ");
            bm_dec(fc);
            if (n) {
                bm_str("=");
                bm_str(n);
            }
            any = 1;
        }
        if (!any)
            bm_str(" none");
        bm_line_end();
    }
}

void bm_run_tests(void)
{
    info_facilities();
    test_hash_kats();
    test_hash_random();
    bm_tests_aes();
    bm_tests_sym();
    bm_tests_prot();
    bm_tests_stream();
    bm_tests_stats();
    bm_tests_ec();
    info_issued();
}
