/*
 * test_resume.c - every issuing helper resumes at the exact byte.
 *
 * Linked against the library built with the CPACF stand-in (ZC_CPACF_SIM),
 * so the CPACF paths run on this host. For every family and mode the test
 * runs one call uninterrupted and compares it with the software backend,
 * then arms a stop at every block boundary of the data the call issues:
 *  - cc 3 (partial completion): the wrapper re-issues; the output must be
 *    identical, in place and out of place;
 *  - cc 1 (verification pattern mismatch) on a protected key (wrapped by
 *    the stand-in's platform): the stand-in spoils the key field's pattern
 *    when it stops, so only a helper that derives a fresh key field, writes
 *    it at the right offset and keeps the rest of the parameter block
 *    (chaining value, counter, XTS parameter, KMA totals) gets the right
 *    output;
 *  - cc 1 on a clear key, or in an instruction without a key (KIMD, KLMD):
 *    the call must fail closed with ZC_EDEVICE and zeroed output.
 * Prints "N passed, N failed".
 */
#include "aes/aes_int.h"
#include "cpacf_sim.h"
#include "asm/cpacf.h"
#include "../unit/unit.h"

#include <stdio.h>
#include <string.h>
#include <zcrypt.h>

#define MAXLEN 1200

struct keys {
    zc_aes_key a, a2;           /* AES data key, XTS tweak key */
    zc_des_key d;
};

/* One operation: in -> out (out_len bytes), with every IV fixed inside. */
struct op {
    const char *name;
    size_t len;                 /* input bytes */
    size_t out_len;             /* output bytes to compare */
    int cipher;                 /* output is a transform of the input (zeroed on error) */
    int rederive;               /* its keys can be re-derived (AES; never DES) */
    int split;                  /* two calls, the second from this byte (chaining ops) */
    int (*run)(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len);
    unsigned insn, fc;          /* what must have run on the stand-in */
};

static const uint8_t iv0[16] = { 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff };

static int op_ecb_e(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_ecb_encrypt(&k->a, in, out, len);
}

static int op_ecb_d(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_ecb_decrypt(&k->a, in, out, len);
}

/* Chaining modes: two calls, so the IV carried out of the parameter block
 * of the first is checked by the second. */
#define CHAIN_OP(name, fn)                                                  \
static int name(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len) \
{                                                                           \
    uint8_t iv[16];                                                         \
    size_t h = (len / 2) & ~(size_t)15;                                     \
    int rc;                                                                 \
                                                                            \
    memcpy(iv, iv0, 16);                                                    \
    rc = fn(&k->a, iv, in, out, h);                                         \
    return rc ? rc : fn(&k->a, iv, in + h, out + h, len - h);               \
}
CHAIN_OP(op_cbc_e, zc_aes_cbc_encrypt)
CHAIN_OP(op_cbc_d, zc_aes_cbc_decrypt)
CHAIN_OP(op_cfb_e, zc_aes_cfb_encrypt)
CHAIN_OP(op_cfb_d, zc_aes_cfb_decrypt)
CHAIN_OP(op_ofb, zc_aes_ofb_crypt)
CHAIN_OP(op_cfb8_e, zc_aes_cfb8_encrypt)
CHAIN_OP(op_cfb8_d, zc_aes_cfb8_decrypt)
CHAIN_OP(op_ctr, zc_aes_ctr_crypt)

static int op_xts_e(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_xts_encrypt(&k->a, &k->a2, iv0, in, out, len);
}

static int op_xts_d(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_xts_decrypt(&k->a, &k->a2, iv0, in, out, len);
}

static int op_cmac(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_cmac(&k->a, in, len, out, 16);
}

static int op_gcm_stream(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    zc_aes_gcm_ctx c;
    int rc = zc_aes_gcm_init(&c, &k->a, iv0, 16, 0);   /* 16-byte IV: not KMA */

    if (rc == ZC_OK)
        rc = zc_aes_gcm_aad(&c, in, 40);
    if (rc == ZC_OK)
        rc = zc_aes_gcm_update(&c, in, out, len);
    if (rc == ZC_OK)
        rc = zc_aes_gcm_final(&c, out + len, 16);
    zc_aes_gcm_wipe(&c);
    return rc;
}

static int op_gcm_kma(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_gcm_encrypt(&k->a, iv0, 12, in + 1, 33, in, out, len, out + len, 16);
}

static int op_gcm_kma_d(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t tag[16];
    int rc = zc_aes_gcm_encrypt(&k->a, iv0, 12, NULL, 0, in, out, len, tag, 16);

    /* Decrypt what was just encrypted, in place, under the armed stop. */
    return rc ? rc : zc_aes_gcm_decrypt(&k->a, iv0, 12, NULL, 0, out, out, len, tag, 16);
}

/* CCM: a 40-byte AAD goes through the MAC's staging buffer, the payload
 * to KMAC straight from the caller's memory; the tag follows the output. */
static const uint8_t ccm_aad[40] = { 0xaa, 0x01, 0x02 };

static int op_ccm_e(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_aes_ccm_encrypt(&k->a, iv0, 12, ccm_aad, sizeof ccm_aad, in, out, len,
                              out + len, 16);
}

static int op_ccm_d(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t tag[16];
    int rc = zc_aes_ccm_encrypt(&k->a, iv0, 13, ccm_aad, 3, in, out, len, tag, 10);

    /* Decrypt what was just encrypted, in place, under the armed stop. */
    return rc ? rc : zc_aes_ccm_decrypt(&k->a, iv0, 13, ccm_aad, 3, out, out, len, tag, 10);
}

static int op_des_ecb(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_des_ecb_encrypt(&k->d, in, out, len);
}

static int op_des_cbc(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t iv[8];

    memcpy(iv, iv0, 8);
    return zc_des_cbc_decrypt(&k->d, iv, in, out, len);
}

/* DES stream modes: two calls, the IV carried across. */
#define DES_OP(name, fn)                                                    \
static int name(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len) \
{                                                                           \
    uint8_t iv[8];                                                          \
    size_t h = (len / 2) & ~(size_t)7;                                      \
    int rc;                                                                 \
                                                                            \
    memcpy(iv, iv0, 8);                                                     \
    rc = fn(&k->d, iv, in, out, h);                                         \
    return rc ? rc : fn(&k->d, iv, in + h, out + h, len - h);               \
}
DES_OP(op_des_cfb_e, zc_des_cfb_encrypt)
DES_OP(op_des_cfb_d, zc_des_cfb_decrypt)
DES_OP(op_des_ofb, zc_des_ofb_crypt)
DES_OP(op_des_ctr, zc_des_ctr_crypt)

static int op_des_cmac(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return zc_des_cmac(&k->d, in, len, out, 8);
}

#define HASH_OP(name, alg)                                                  \
static int name(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len) \
{                                                                           \
    (void)k;                                                                \
    return zc_hash(alg, in, len, out, zc_hash_size(alg));                   \
}
HASH_OP(op_sha1, ZC_SHA1)
HASH_OP(op_sha256, ZC_SHA256)
HASH_OP(op_sha512, ZC_SHA512)
HASH_OP(op_sha3, ZC_SHA3_256)

/* Streaming: whole blocks go to KIMD, the rest to KLMD (the one-shot
 * zc_hash gives the whole message to one KLMD). */
static int op_sha512_stream(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len)
{
    zc_hash_ctx c;
    int rc = zc_hash_init(&c, ZC_SHA512, ZC_BACKEND_AUTO);

    (void)k;
    if (rc == ZC_OK)
        rc = zc_hash_update(&c, in, len);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, out, 64);
    zc_hash_wipe(&c);
    return rc;
}
/* HMAC on KMAC 113/115 (software for the reference keys): in one update,
 * or in two that leave a partial block pending across the split. */
#define HMAC_OP(name, alg)                                                  \
static int name(const struct keys *k, const uint8_t *in, uint8_t *out, size_t len) \
{                                                                           \
    enum zc_backend b = zc_aes_key_backend(&k->a);                          \
    size_t h = len < 200 ? len : 70;                                        \
    zc_hmac_ctx c;                                                          \
    int rc;                                                                 \
                                                                            \
    rc = zc_hmac_init(&c, alg, iv0, 16, b == ZC_BACKEND_SOFTWARE ? b : ZC_BACKEND_AUTO); \
    rc = rc ? rc : zc_hmac_update(&c, in, h);                               \
    rc = rc ? rc : zc_hmac_update(&c, in + h, len - h);                     \
    rc = rc ? rc : zc_hmac_final(&c, out, zc_hash_size(alg));               \
    zc_hmac_wipe(&c);                                                       \
    return rc;                                                              \
}
HMAC_OP(op_hmac256, ZC_SHA256)
HMAC_OP(op_hmac512, ZC_SHA512)

static const struct op ops[] = {
    /* name, len, out_len, cipher, rederive, split, run, insn, fc */
    { "AES-ECB enc", 160, 160, 1, 1, 0, op_ecb_e, ZC_OP_KM, ZC_FC_AES_256 },
    { "AES-ECB dec", 160, 160, 1, 1, 0, op_ecb_d, ZC_OP_KM, ZC_FC_AES_256 },
    { "AES-CBC enc", 160, 160, 1, 1, 80, op_cbc_e, ZC_OP_KMC, ZC_FC_AES_256 },
    { "AES-CBC dec", 160, 160, 1, 1, 80, op_cbc_d, ZC_OP_KMC, ZC_FC_AES_256 },
    { "AES-CFB enc", 165, 165, 1, 1, 80, op_cfb_e, ZC_OP_KMF, ZC_FC_AES_256 },
    { "AES-CFB dec", 165, 165, 1, 1, 80, op_cfb_d, ZC_OP_KMF, ZC_FC_AES_256 },
    { "AES-OFB", 165, 165, 1, 1, 80, op_ofb, ZC_OP_KMO, ZC_FC_AES_256 },
    { "AES-CFB8 enc", 165, 165, 1, 1, 80, op_cfb8_e, ZC_OP_KMF, ZC_FC_AES_256 },
    { "AES-CFB8 dec", 165, 165, 1, 1, 80, op_cfb8_d, ZC_OP_KMF, ZC_FC_AES_256 },
    /* more than one 1 KiB counter chunk */
    { "AES-CTR", 1100, 1100, 1, 1, 544, op_ctr, ZC_OP_KMCTR, ZC_FC_AES_256 },
    /* clear keys: full XTS (KM 84); protected ones: PCC + KM-XTS 60 */
    { "AES-XTS enc", 165, 165, 1, 1, 0, op_xts_e, ZC_OP_KM, ZC_FC_FXTS_AES_256 },
    { "AES-XTS dec", 165, 165, 1, 1, 0, op_xts_d, ZC_OP_KM, ZC_FC_FXTS_AES_256 },
    { "AES-CMAC", 165, 16, 0, 1, 0, op_cmac, ZC_OP_KMAC, ZC_FC_AES_256 },
    { "AES-GCM stream", 165, 181, 0, 1, 0, op_gcm_stream, ZC_OP_KIMD, ZC_FC_GHASH },
    { "AES-GCM KMA", 165, 181, 0, 1, 0, op_gcm_kma, ZC_OP_KMA, ZC_FC_KMA_GCM_AES_256 },
    { "AES-GCM KMA dec", 165, 165, 1, 1, 0, op_gcm_kma_d, ZC_OP_KMA, ZC_FC_KMA_GCM_AES_256 },
    /* more than one 512-byte CCM chunk */
    { "AES-CCM enc", 1100, 1116, 1, 1, 0, op_ccm_e, ZC_OP_KMAC, ZC_FC_AES_256 },
    { "AES-CCM dec", 165, 165, 1, 1, 0, op_ccm_d, ZC_OP_KMCTR, ZC_FC_AES_256 },
    { "DES-ECB", 160, 160, 1, 0, 0, op_des_ecb, ZC_OP_KM, ZC_FC_TDEA_192 },
    { "TDES-CBC dec", 160, 160, 1, 0, 0, op_des_cbc, ZC_OP_KMC, ZC_FC_TDEA_192 },
    { "TDES-CFB enc", 165, 165, 1, 0, 80, op_des_cfb_e, ZC_OP_KMF, ZC_FC_TDEA_192 },
    { "TDES-CFB dec", 165, 165, 1, 0, 80, op_des_cfb_d, ZC_OP_KMF, ZC_FC_TDEA_192 },
    { "TDES-OFB", 165, 165, 1, 0, 80, op_des_ofb, ZC_OP_KMO, ZC_FC_TDEA_192 },
    /* more than one 256-byte counter chunk */
    { "TDES-CTR", 600, 600, 1, 0, 296, op_des_ctr, ZC_OP_KMCTR, ZC_FC_TDEA_192 },
    { "TDES-CMAC", 165, 8, 0, 0, 0, op_des_cmac, ZC_OP_PCC, ZC_FC_TDEA_192 },
    { "SHA-1", 300, 20, 0, 0, 0, op_sha1, ZC_OP_KLMD, ZC_FC_SHA_1 },
    { "SHA-256", 300, 32, 0, 0, 0, op_sha256, ZC_OP_KLMD, ZC_FC_SHA_256 },
    { "SHA-512", 300, 64, 0, 0, 0, op_sha512, ZC_OP_KLMD, ZC_FC_SHA_512 },
    { "SHA-512 stream", 300, 64, 0, 0, 0, op_sha512_stream, ZC_OP_KIMD, ZC_FC_SHA_512 },
    { "SHA3-256", 300, 32, 0, 0, 0, op_sha3, ZC_OP_KLMD, ZC_FC_SHA3_256 },
    { "HMAC-SHA-256 KMAC", 150, 32, 0, 0, 0, op_hmac256, ZC_OP_KMAC, ZC_FC_HMAC_SHA_256 },
    { "HMAC-SHA-256 KMAC split", 300, 32, 0, 0, 0, op_hmac256, ZC_OP_KMAC, ZC_FC_HMAC_SHA_256 },
    { "HMAC-SHA-512 KMAC", 190, 64, 0, 0, 0, op_hmac512, ZC_OP_KMAC, ZC_FC_HMAC_SHA_512 },
    { "HMAC-SHA-512 KMAC split", 400, 64, 0, 0, 0, op_hmac512, ZC_OP_KMAC, ZC_FC_HMAC_SHA_512 },
};

static const uint8_t aes_key[40] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                     17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                                     30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40 };

static int init_keys(struct keys *k, enum zc_backend b)
{
    const uint8_t *key = aes_key;

    return zc_aes_key_init(&k->a, key, 32, b) | zc_aes_key_init(&k->a2, key + 8, 32, b) |
           zc_des_key_init(&k->d, key + 3, 24, b);
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t d = 0;

    while (n--)
        d |= *p++;
    return d == 0;
}

/* Does a cc 1 stop in this instruction resume (keyed) or fail closed? */
static int keyed(unsigned opcode)
{
    return opcode != ZC_OP_KIMD && opcode != ZC_OP_KLMD;
}

static void run_op(const struct op *o, struct keys *sw, struct keys *hw, struct keys *rd)
{
    uint8_t in[MAXLEN], ref[MAXLEN + 16], out[MAXLEN + 16];
    char what[160];
    unsigned long s;
    int cc, kind, inplace, rc, fired;
    unsigned stops = 0;

    fill(in, o->len);
    memset(ref, 0, sizeof(ref));
    zc_cpacf_sim_reset();
    rc = o->run(sw, in, ref, o->len);
    snprintf(what, sizeof(what), "%s: software reference", o->name);
    check(rc == ZC_OK, what);
    zc_cpacf_sim_reset();
    memset(out, 0, sizeof(out));
    rc = o->run(hw, in, out, o->len);
    snprintf(what, sizeof(what), "%s: CPACF uninterrupted equals software", o->name);
    check(rc == ZC_OK && memcmp(out, ref, o->out_len) == 0, what);
    snprintf(what, sizeof(what), "%s: ran on the stand-in", o->name);
    check(zc_cpacf_sim_executed(o->insn, o->fc) > 0, what);

    for (cc = 3; cc >= 1; cc -= 2) {
        for (kind = 0; kind < (cc == 1 ? 2 : 1); kind++) {
            struct keys *k = kind ? hw : rd;

            for (inplace = 0; inplace < (o->cipher ? 2 : 1); inplace++) {
                for (s = 0;; s += 8) {
                    uint8_t *dst = out;
                    const uint8_t *src = in;
                    int ok;

                    memset(out, 0xa5, sizeof(out));
                    if (inplace) {
                        memcpy(out, in, o->len);
                        src = out;
                    }
                    zc_cpacf_sim_reset();
                    zc_cpacf_sim_stop(s, cc);
                    rc = o->run(k, src, dst, o->len);
                    fired = zc_cpacf_sim_stopped();
                    if (!fired)
                        break;
                    stops++;
                    if (cc == 3 ||
                        (kind == 0 && o->rederive && keyed(zc_cpacf_sim_stop_opcode())))
                        ok = rc == ZC_OK && memcmp(dst, ref, o->out_len) == 0;
                    else  /* fail closed: the failing call's output zeroed */
                        ok = rc == ZC_EDEVICE &&
                             (!o->cipher || all_zero(dst, o->len) ||
                              (o->split && (all_zero(dst, o->split) ||
                                            all_zero(dst + o->split, o->len - o->split))));
                    snprintf(what, sizeof(what), "%s: cc %d at byte %lu (%s key, %s, in %04x)",
                             o->name, cc, s, kind ? "clear" : "protected",
                             inplace ? "in place" : "out of place",
                             zc_cpacf_sim_stop_opcode());
                    check(ok, what);
                }
            }
        }
    }
    zc_cpacf_sim_reset();
    snprintf(what, sizeof(what), "%s: stops were armed and fired (%u)", o->name, stops);
    check(stops > 0, what);
}

int main(void)
{
    struct keys sw, hw, rd;
    size_t i;

    check(init_keys(&sw, ZC_BACKEND_SOFTWARE) == ZC_OK, "software keys");
    check(init_keys(&hw, ZC_BACKEND_CPACF) == ZC_OK, "CPACF keys on the stand-in");
    /* Re-derivable: protected keys, wrapped by the stand-in's platform. */
    check(init_keys(&rd, ZC_BACKEND_CPACF) == ZC_OK, "DES key for the re-derivable set");
    check(zc_aes_key_init_protected(&rd.a, aes_key, 32) == ZC_OK &&
          zc_aes_key_init_protected(&rd.a2, aes_key + 8, 32) == ZC_OK, "protected keys");
    check(zc_cpacf_selftest(ZC_INSN_KM, ZC_FC_FXTS_AES_128) == 1 &&
          zc_cpacf_selftest(ZC_INSN_KM, ZC_FC_FXTS_AES_256) == 1,
          "full XTS passes its self-test on the stand-in");
    for (i = ZC_FC_HMAC_SHA_224; i <= ZC_FC_HMAC_SHA_512; i++)
        check(zc_cpacf_selftest(ZC_INSN_KMAC, (unsigned)i) == 1,
              "KMAC-HMAC passes its self-test on the stand-in");
    for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        run_op(&ops[i], &sw, &hw, &rd);
    return unit_done();
}
