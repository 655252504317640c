/*
 * hmac.c - HMAC (FIPS 198-1) on top of the hash dispatch, or on KMAC.
 *
 * H((K0 ^ opad) || H((K0 ^ ipad) || m)): both pads are absorbed at init,
 * so the context holds two running hashes and the key itself is gone once
 * init returns. The hashes run on whatever backend the caller chose, so
 * on CPACF the block work is KIMD/KLMD. Block size is the hash's (the rate
 * for SHA-3, as FIPS 202 asks).
 *
 * HMAC-SHA-224/256/384/512 on a machine with MSA-11 run on KMAC's HMAC
 * function codes 112-115 instead: the parameter block (asm/cpacf_pb.h)
 * keeps K0 itself and the inner chaining value, and the machine does both
 * pads and the outer hash. The context then holds that block (in place of
 * the outer hash) and, in the inner hash's fields, the pending partial
 * block and the message length; whole blocks go out as intermediate
 * operations (IIMP), the rest with the length (imbl) as the final one.
 * GR0's IKP flag tells the machine whether it has absorbed K0 ^ ipad yet;
 * the machine sets it, and the context remembers it between calls. No
 * emulator runs these codes: they are used only after a known-answer
 * self-test (RFC 4231 test cases 2 and 7, one final-only and one with a
 * hashed key and intermediate blocks) has passed once in the process for
 * the function code; otherwise HMAC stays on KIMD/KLMD, as it was.
 * The key stays in the context until final (the machine needs K0 for the
 * outer hash); the wipe clears it. KMAC itself is issued by hash_cpacf.h.
 *
 * Protected keys (zcrypt/hmac_protected.h) run on the encrypted-key codes
 * 120-123 in the same way: the block holds the wrapped K0 and its pattern
 * (96 or 160 bytes) where the clear codes keep K0. The key object keeps K0
 * (to re-derive) and the wrapped field in a protected-key cell
 * (core/protkey.c); a context refers to its key and copies a snapshot of
 * the cell into its block before every issue, so that a field another
 * thread re-derived is picked up. After cc 1 the issuing helper re-derives
 * (hmac_derive_field: PKEY_KBLOB2PROTK3 through core/platform.h) and
 * continues with GR0 as the machine left it. They are used only after
 * their own self-test: the RFC 4231 keys wrapped through the same source,
 * with the same known answers as 112-115.
 */
#include "core/caps.h"
#include "asm/cpacf_pb.h"
#include "hash_cpacf.h"
#include "core/stats.h"
#include "core/util.h"
#include "asm/cpacf.h"
#include "core/platform.h"
#include <zcrypt/hmac.h>
#include <zcrypt/hmac_protected.h>

#define ZC_HMAC_MAGIC 0x7a636d68u   /* "zcmh" */
#define ZC_HMAC_KEY_MAGIC 0x7a636b68u   /* "zckh" */

/* The KMAC-HMAC function code of a hash, 0 where there is none. */
static unsigned kmac_fc(enum zc_hash_alg alg)
{
    switch (alg) {
    case ZC_SHA224: return ZC_FC_HMAC_SHA_224;
    case ZC_SHA256: return ZC_FC_HMAC_SHA_256;
    case ZC_SHA384: return ZC_FC_HMAC_SHA_384;
    case ZC_SHA512: return ZC_FC_HMAC_SHA_512;
    default:        return 0;
    }
}

/* The encrypted-key code of a hash, 0 where there is none. */
static unsigned pkmac_fc(enum zc_hash_alg alg)
{
    unsigned fc = kmac_fc(alg);

    return fc ? fc + (ZC_FC_ENC_HMAC_SHA_224 - ZC_FC_HMAC_SHA_224) : 0;
}

static int hmac_key_valid(const zc_hmac_key *k)
{
    return k != NULL && k->zc_magic == ZC_HMAC_KEY_MAGIC;
}

/* Block size; offsets of imbl and the key in the parameter block (the
 * same for the clear and the encrypted-key codes). */
static int kmac_small(unsigned fc)
{
    return fc <= ZC_FC_HMAC_SHA_256 ||
           (fc >= ZC_FC_ENC_HMAC_SHA_224 && fc <= ZC_FC_ENC_HMAC_SHA_256);
}

static size_t kmac_bs(unsigned fc)
{
    return kmac_small(fc) ? 64 : 128;
}

#ifdef ZC_HAVE_CPACF
static int kmac_prot(unsigned fc)
{
    return fc >= ZC_FC_ENC_HMAC_SHA_224;
}

static uint8_t *kmac_pb(zc_hmac_ctx *c)
{
    return (uint8_t *)&c->zc_outer;
}

static size_t kmac_imbl_off(unsigned fc)
{
    return kmac_small(fc) ? offsetof(struct zc_pb_kmac_hmac256, imbl)
                          : offsetof(struct zc_pb_kmac_hmac512, imbl);
}

static size_t kmac_key_off(unsigned fc)
{
    return kmac_small(fc) ? offsetof(struct zc_pb_kmac_hmac256, key)
                          : offsetof(struct zc_pb_kmac_hmac512, key);
}

_Static_assert(sizeof(((zc_hmac_ctx *)0)->zc_outer.kmac) >= sizeof(struct zc_pb_kmac_hmac512),
               "the context holds a KMAC-HMAC parameter block");
_Static_assert(sizeof(((zc_hmac_ctx *)0)->zc_outer.prot.pb) >= sizeof(struct zc_pb_kmac_phmac512),
               "the context holds an encrypted KMAC-HMAC parameter block");
_Static_assert(offsetof(struct zc_pb_kmac_phmac256, key) == offsetof(struct zc_pb_kmac_hmac256, key) &&
               offsetof(struct zc_pb_kmac_phmac512, key) == offsetof(struct zc_pb_kmac_hmac512, key),
               "the key field sits where the clear codes keep K0");
_Static_assert(ZC_HMAC_PROTKEY_MAX <= ZC_PROTKEY_FIELD_MAX, "a cell holds an HMAC key field");
_Static_assert(sizeof(((zc_hash_ctx *)0)->zc_buf) >= 128, "a SHA-512 block fits zc_buf");

/* A KMAC context for fc from K0 (bs bytes). */
static void kmac_init(zc_hmac_ctx *c, enum zc_hash_alg alg, unsigned fc, const uint8_t *k0)
{
    memset(c, 0, sizeof(*c));
    memcpy(kmac_pb(c) + kmac_key_off(fc), k0, kmac_bs(fc));
    c->zc_inner.zc_alg = (uint8_t)alg;
    c->zc_inner.zc_backend = ZC_BACKEND_CPACF;
    c->zc_kmac_fc = (uint8_t)fc;
    c->zc_magic = ZC_HMAC_MAGIC;
}

/* A fresh key field for a protected key: K0 wrapped again. */
static int hmac_derive_field(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX],
                             size_t *len)
{
    const zc_hmac_key *k = owner;

    return zc_plat_hmac_protect_clear(k->zc_k0, kmac_bs(k->zc_fc), field, len);
}

/* KMAC 120-123 on a protected key's context: the cell's current field
 * into the block, then the issuing helper with its re-derivation. */
static int pkmac_issue(zc_hmac_ctx *c, unsigned long *gr0, const uint8_t *p, size_t n)
{
    const zc_hmac_key *k = c->zc_outer.prot.key;
    uint8_t *field = kmac_pb(c) + kmac_key_off(c->zc_kmac_fc);
    struct zc_protkey_src src;

    if (!hmac_key_valid(k) || k->zc_fc != c->zc_kmac_fc)
        return ZC_ESTATE;               /* the key was wiped under the stream */
    src.cell = &k->zc_pk;
    src.derive = hmac_derive_field;
    src.owner = k;
    zc_protkey_snapshot(&k->zc_pk, field);
    return zc_hash_cpacf_kmac_prot(gr0, kmac_pb(c), field, p, n, &src);
}

/* One KMAC: n bytes, intermediate (whole blocks) or final. A clear key
 * never stops short (no cc 1): if the machine does, fail closed. */
static int kmac_issue(zc_hmac_ctx *c, const uint8_t *p, size_t n, int final)
{
    unsigned long gr0 = c->zc_kmac_fc | (c->zc_kmac_ikp ? ZC_KMAC_HMAC_IKP : 0) |
                        (final ? 0 : ZC_KMAC_HMAC_IIMP);
    int rc = kmac_prot(c->zc_kmac_fc) ? pkmac_issue(c, &gr0, p, n)
                                      : zc_hash_cpacf_kmac(gr0, kmac_pb(c), p, n);

    if (rc == ZC_OK)
        c->zc_kmac_ikp = 1;
    return rc;
}

static int kmac_update(zc_hmac_ctx *c, const uint8_t *p, size_t len)
{
    zc_hash_ctx *h = &c->zc_inner;
    size_t bs = kmac_bs(c->zc_kmac_fc), n;
    int rc = ZC_OK;

    if (len == 0)
        return ZC_OK;                   /* p may be NULL: no memcpy from it */
    h->zc_len_lo += len;
    h->zc_len_hi += h->zc_len_lo < len;
    if (h->zc_buf_len) {
        n = bs - h->zc_buf_len < len ? bs - h->zc_buf_len : len;
        memcpy(h->zc_buf + h->zc_buf_len, p, n);
        h->zc_buf_len += (uint32_t)n;
        p += n;
        len -= n;
        if (h->zc_buf_len < bs)
            return ZC_OK;
        rc = kmac_issue(c, h->zc_buf, bs, 0);
        h->zc_buf_len = 0;
    }
    n = len - len % bs;
    if (rc == ZC_OK && n)
        rc = kmac_issue(c, p, n, 0);
    if (rc == ZC_OK && len > n) {
        memcpy(h->zc_buf, p + n, len - n);
        h->zc_buf_len = (uint32_t)(len - n);
    }
    return rc;
}

/* The final KMAC: the pending bytes and the message length in bits. */
static int kmac_final(zc_hmac_ctx *c, uint8_t mac[ZC_HASH_MAX_SIZE])
{
    zc_hash_ctx *h = &c->zc_inner;
    unsigned fc = c->zc_kmac_fc;
    uint8_t *imbl = kmac_pb(c) + kmac_imbl_off(fc);
    int rc;

    if (kmac_small(fc)) {
        zc_store_be64(imbl, h->zc_len_lo << 3);
    } else {
        zc_store_be64(imbl, h->zc_len_hi << 3 | h->zc_len_lo >> 61);
        zc_store_be64(imbl + 8, h->zc_len_lo << 3);
    }
    zc_stat_count((enum zc_algo)h->zc_alg, 0, zc_stat_be(ZC_BACKEND_CPACF, kmac_prot(fc)), 0,
                  h->zc_len_lo);
    rc = kmac_issue(c, h->zc_buf, h->zc_buf_len, 1);
    if (rc == ZC_OK)
        memcpy(mac, kmac_pb(c), zc_hash_size((enum zc_hash_alg)h->zc_alg));
    return rc;
}

/* The self-test's known answers: RFC 4231, Section 4, test cases 2 and 7
 * (HMAC-SHA-224, -256, -384, -512). */
static const uint8_t st_data7[152] =
    "This is a test using a larger than block-size key and a larger than block-size data. "
    "The key needs to be hashed before being used by the HMAC algorithm.";
static const uint8_t st_mac[4][2][64] = {
    {   /* HMAC-SHA-224: test cases 2 and 7 */
        {
            0xa3, 0x0e, 0x01, 0x09, 0x8b, 0xc6, 0xdb, 0xbf, 0x45, 0x69, 0x0f, 0x3a,
            0x7e, 0x9e, 0x6d, 0x0f, 0x8b, 0xbe, 0xa2, 0xa3, 0x9e, 0x61, 0x48, 0x00,
            0x8f, 0xd0, 0x5e, 0x44,
        },
        {
            0x3a, 0x85, 0x41, 0x66, 0xac, 0x5d, 0x9f, 0x02, 0x3f, 0x54, 0xd5, 0x17,
            0xd0, 0xb3, 0x9d, 0xbd, 0x94, 0x67, 0x70, 0xdb, 0x9c, 0x2b, 0x95, 0xc9,
            0xf6, 0xf5, 0x65, 0xd1,
        },
    },
    {   /* HMAC-SHA-256: test cases 2 and 7 */
        {
            0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e, 0x6a, 0x04, 0x24, 0x26,
            0x08, 0x95, 0x75, 0xc7, 0x5a, 0x00, 0x3f, 0x08, 0x9d, 0x27, 0x39, 0x83,
            0x9d, 0xec, 0x58, 0xb9, 0x64, 0xec, 0x38, 0x43,
        },
        {
            0x9b, 0x09, 0xff, 0xa7, 0x1b, 0x94, 0x2f, 0xcb, 0x27, 0x63, 0x5f, 0xbc,
            0xd5, 0xb0, 0xe9, 0x44, 0xbf, 0xdc, 0x63, 0x64, 0x4f, 0x07, 0x13, 0x93,
            0x8a, 0x7f, 0x51, 0x53, 0x5c, 0x3a, 0x35, 0xe2,
        },
    },
    {   /* HMAC-SHA-384: test cases 2 and 7 */
        {
            0xaf, 0x45, 0xd2, 0xe3, 0x76, 0x48, 0x40, 0x31, 0x61, 0x7f, 0x78, 0xd2,
            0xb5, 0x8a, 0x6b, 0x1b, 0x9c, 0x7e, 0xf4, 0x64, 0xf5, 0xa0, 0x1b, 0x47,
            0xe4, 0x2e, 0xc3, 0x73, 0x63, 0x22, 0x44, 0x5e, 0x8e, 0x22, 0x40, 0xca,
            0x5e, 0x69, 0xe2, 0xc7, 0x8b, 0x32, 0x39, 0xec, 0xfa, 0xb2, 0x16, 0x49,
        },
        {
            0x66, 0x17, 0x17, 0x8e, 0x94, 0x1f, 0x02, 0x0d, 0x35, 0x1e, 0x2f, 0x25,
            0x4e, 0x8f, 0xd3, 0x2c, 0x60, 0x24, 0x20, 0xfe, 0xb0, 0xb8, 0xfb, 0x9a,
            0xdc, 0xce, 0xbb, 0x82, 0x46, 0x1e, 0x99, 0xc5, 0xa6, 0x78, 0xcc, 0x31,
            0xe7, 0x99, 0x17, 0x6d, 0x38, 0x60, 0xe6, 0x11, 0x0c, 0x46, 0x52, 0x3e,
        },
    },
    {   /* HMAC-SHA-512: test cases 2 and 7 */
        {
            0x16, 0x4b, 0x7a, 0x7b, 0xfc, 0xf8, 0x19, 0xe2, 0xe3, 0x95, 0xfb, 0xe7,
            0x3b, 0x56, 0xe0, 0xa3, 0x87, 0xbd, 0x64, 0x22, 0x2e, 0x83, 0x1f, 0xd6,
            0x10, 0x27, 0x0c, 0xd7, 0xea, 0x25, 0x05, 0x54, 0x97, 0x58, 0xbf, 0x75,
            0xc0, 0x5a, 0x99, 0x4a, 0x6d, 0x03, 0x4f, 0x65, 0xf8, 0xf0, 0xe6, 0xfd,
            0xca, 0xea, 0xb1, 0xa3, 0x4d, 0x4a, 0x6b, 0x4b, 0x63, 0x6e, 0x07, 0x0a,
            0x38, 0xbc, 0xe7, 0x37,
        },
        {
            0xe3, 0x7b, 0x6a, 0x77, 0x5d, 0xc8, 0x7d, 0xba, 0xa4, 0xdf, 0xa9, 0xf9,
            0x6e, 0x5e, 0x3f, 0xfd, 0xde, 0xbd, 0x71, 0xf8, 0x86, 0x72, 0x89, 0x86,
            0x5d, 0xf5, 0xa3, 0x2d, 0x20, 0xcd, 0xc9, 0x44, 0xb6, 0x02, 0x2c, 0xac,
            0x3c, 0x49, 0x82, 0xb1, 0x0d, 0x5e, 0xeb, 0x55, 0xc3, 0xe4, 0xde, 0x15,
            0x13, 0x46, 0x76, 0xfb, 0x6d, 0xe0, 0x44, 0x60, 0x65, 0xc9, 0x74, 0x40,
            0xfa, 0x8c, 0x6a, 0x58,
        },
    },
};

/* 0 untested, 1 passed, 2 failed; per function code 112-115, 120-123. */
static int kmac_state[4];
static int pkmac_state[4];

static int kmac_mac(enum zc_hash_alg alg, unsigned fc, const uint8_t *key, size_t key_len,
                    const uint8_t *msg, size_t len, uint8_t mac[ZC_HASH_MAX_SIZE]);
static int pkmac_mac(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                     const uint8_t *msg, size_t len, uint8_t mac[ZC_HASH_MAX_SIZE]);

/*
 * RFC 4231 test cases 2 and 7 on KMAC fc: a clear code (112-115), or an
 * encrypted-key one (enc, 120-123), whose test keys are wrapped once
 * through the source every protected HMAC key of this process uses.
 */
static int st_run(unsigned fc, int enc)
{
    static const enum zc_hash_alg algs[4] = { ZC_SHA224, ZC_SHA256, ZC_SHA384, ZC_SHA512 };
    static const uint8_t jefe[] = "Jefe", data2[] = "what do ya want for nothing?";
    unsigned i = fc - (enc ? ZC_FC_ENC_HMAC_SHA_224 : ZC_FC_HMAC_SHA_224), t;
    enum zc_hash_alg alg = algs[i];
    uint8_t key7[131], mac[ZC_HASH_MAX_SIZE];
    size_t ds = zc_hash_size(alg);
    int ok;

    if (zc_caps_reason(ZC_INSN_KMAC, fc) != ZC_REASON_CPACF)
        return 0;
    memset(key7, 0xaa, sizeof(key7));
    for (t = 0, ok = 1; t < 2 && ok; t++) {
        const uint8_t *key = t ? key7 : jefe, *msg = t ? st_data7 : data2;
        size_t kl = t ? sizeof(key7) : 4, ml = t ? sizeof(st_data7) : 28;

        ok = (enc ? pkmac_mac(alg, key, kl, msg, ml, mac)
                  : kmac_mac(alg, fc, key, kl, msg, ml, mac)) == ZC_OK &&
             memcmp(mac, st_mac[i][t], ds) == 0;
    }
    zc_wipe(mac, sizeof(mac));
    return ok;
}

static int kmac_selftest_run(unsigned fc)
{
    return st_run(fc, 0);
}

static int pkmac_selftest_run(unsigned fc)
{
    return st_run(fc, 1);
}
#endif

int zc_hmac_pkmac_selftest(unsigned fc)
{
#ifdef ZC_HAVE_CPACF
    if (fc < ZC_FC_ENC_HMAC_SHA_224 || fc > ZC_FC_ENC_HMAC_SHA_512)
        return 0;
    return zc_selftest_once(&pkmac_state[fc - ZC_FC_ENC_HMAC_SHA_224], pkmac_selftest_run, fc);
#else
    (void)fc;
    return 0;
#endif
}

int zc_hmac_kmac_selftest(unsigned fc)
{
#ifdef ZC_HAVE_CPACF
    if (fc < ZC_FC_HMAC_SHA_224 || fc > ZC_FC_HMAC_SHA_512)
        return 0;
    return zc_selftest_once(&kmac_state[fc - ZC_FC_HMAC_SHA_224], kmac_selftest_run, fc);
#else
    (void)fc;
    return 0;
#endif
}

/* K0: the key, zero-padded to the block, or its hash when longer. */
static int make_k0(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                   enum zc_backend backend, uint8_t k0[ZC_HASH_MAX_BLOCK])
{
    int rc = ZC_OK;

    memset(k0, 0, ZC_HASH_MAX_BLOCK);
    if (key_len > zc_hash_block_size(alg)) {
        zc_hash_ctx h;

        rc = zc_hash_init(&h, alg, backend);
        if (rc == ZC_OK)
            rc = zc_hash_update(&h, key, key_len);
        if (rc == ZC_OK)
            rc = zc_hash_final(&h, k0, zc_hash_size(alg));
        zc_hash_wipe(&h);
    } else if (key_len) {
        memcpy(k0, key, key_len);
    }
    return rc;
}

#ifdef ZC_HAVE_CPACF
/* A whole MAC on KMAC, for the self-test: the path the calls take. */
static int kmac_mac(enum zc_hash_alg alg, unsigned fc, const uint8_t *key, size_t key_len,
                    const uint8_t *msg, size_t len, uint8_t mac[ZC_HASH_MAX_SIZE])
{
    uint8_t k0[ZC_HASH_MAX_BLOCK];
    zc_hmac_ctx c;
    int rc = make_k0(alg, key, key_len, ZC_BACKEND_AUTO, k0);

    if (rc == ZC_OK) {
        kmac_init(&c, alg, fc, k0);
        rc = kmac_update(&c, msg, len);
        if (rc == ZC_OK)
            rc = kmac_final(&c, mac);
        zc_hmac_wipe(&c);
    }
    zc_wipe(k0, sizeof(k0));
    return rc;
}
#endif

int zc_hmac_init(zc_hmac_ctx *c, enum zc_hash_alg alg, const uint8_t *key,
                 size_t key_len, enum zc_backend backend)
{
    uint8_t k0[ZC_HASH_MAX_BLOCK];
    size_t bs = zc_hash_block_size(alg), i;
    int rc;

    if (c == NULL || zc_bad_ptr(key, key_len) || zc_hash_size(alg) == 0 ||
        !zc_backend_sym_ok(backend))
        return ZC_EINVAL;
    rc = make_k0(alg, key, key_len, backend, k0);
    if (rc != ZC_OK) {
        zc_wipe(k0, sizeof(k0));
        return rc;
    }
#ifdef ZC_HAVE_CPACF
    if (backend != ZC_BACKEND_SOFTWARE && kmac_fc(alg) && zc_hmac_kmac_selftest(kmac_fc(alg))) {
        kmac_init(c, alg, kmac_fc(alg), k0);
        zc_wipe(k0, sizeof(k0));
        return ZC_OK;
    }
#endif
    memset(c, 0, sizeof(*c));
    for (i = 0; i < bs; i++)
        k0[i] ^= 0x36;
    rc = zc_hash_init(&c->zc_inner, alg, backend);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c->zc_inner, k0, bs);
    for (i = 0; i < bs; i++)
        k0[i] ^= 0x36 ^ 0x5c;
    if (rc == ZC_OK)
        rc = zc_hash_init(&c->zc_outer.h, alg, backend);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c->zc_outer.h, k0, bs);
    zc_wipe(k0, sizeof(k0));
    if (rc != ZC_OK) {
        zc_hmac_wipe(c);
        return rc;
    }
    c->zc_magic = ZC_HMAC_MAGIC;
    return ZC_OK;
}

static int ctx_ok(const zc_hmac_ctx *c)
{
    return c->zc_magic == ZC_HMAC_MAGIC;
}

int zc_hmac_update(zc_hmac_ctx *c, const void *data, size_t len)
{
    if (c == NULL || zc_bad_ptr(data, len))
        return ZC_EINVAL;
    if (!ctx_ok(c))
        return ZC_ESTATE;
#ifdef ZC_HAVE_CPACF
    if (c->zc_kmac_fc) {
        int rc = kmac_update(c, data, len);

        if (rc != ZC_OK)
            zc_hmac_wipe(c);        /* the position is lost: fail closed */
        return rc;
    }
#endif
    return zc_hash_update(&c->zc_inner, data, len);
}

/* The full MAC into mac[]; returns its length, or a negative error. */
static int finish(zc_hmac_ctx *c, uint8_t mac[ZC_HASH_MAX_SIZE], size_t want)
{
    size_t n;
    int rc;

    if (c == NULL)
        return ZC_EINVAL;
    if (!ctx_ok(c))
        return ZC_ESTATE;
    n = zc_hash_size((enum zc_hash_alg)c->zc_inner.zc_alg);
    if (want == 0 || want > n)
        return ZC_EINVAL;
#ifdef ZC_HAVE_CPACF
    if (c->zc_kmac_fc) {
        rc = kmac_final(c, mac);
        zc_hmac_wipe(c);
        return rc;
    }
#endif
    rc = zc_hash_final(&c->zc_inner, mac, n);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c->zc_outer.h, mac, n);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c->zc_outer.h, mac, n);
    zc_hmac_wipe(c);
    return rc;
}

int zc_hmac_final(zc_hmac_ctx *c, uint8_t *out, size_t out_len)
{
    uint8_t mac[ZC_HASH_MAX_SIZE];
    int rc;

    if (out == NULL)
        return ZC_EINVAL;
    rc = finish(c, mac, out_len);
    if (rc == ZC_OK)
        memcpy(out, mac, out_len);
    zc_wipe(mac, sizeof(mac));
    return rc;
}

int zc_hmac_final_verify(zc_hmac_ctx *c, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[ZC_HASH_MAX_SIZE];
    int rc;

    /* A short tag is forgeable by guessing: refuse it, context kept. */
    if (tag == NULL || tag_len < ZC_MAC_VERIFY_MIN)
        return ZC_EINVAL;
    rc = finish(c, full, tag_len);
    if (rc == ZC_OK && !zc_ct_equal(full, tag, tag_len))
        rc = ZC_EAUTH;
    zc_wipe(full, sizeof(full));
    return rc;
}

void zc_hmac_wipe(zc_hmac_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_hmac_backend(const zc_hmac_ctx *c)
{
    if (c == NULL || !ctx_ok(c))
        return ZC_BACKEND_AUTO;
    if (c->zc_kmac_fc)
        return ZC_BACKEND_CPACF;
    return zc_hash_backend(&c->zc_inner);
}

int zc_hmac(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
            const void *data, size_t len, uint8_t *out, size_t out_len)
{
    zc_hmac_ctx c;
    int rc;

    if (out == NULL || zc_bad_ptr(data, len) || out_len == 0 || out_len > zc_hash_size(alg))
        return ZC_EINVAL;
    rc = zc_hmac_init(&c, alg, key, key_len, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_hmac_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final(&c, out, out_len);
    zc_hmac_wipe(&c);
    return rc;
}

int zc_hmac_verify(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                   const void *data, size_t len, const uint8_t *tag, size_t tag_len)
{
    zc_hmac_ctx c;
    int rc;

    if (tag == NULL || zc_bad_ptr(data, len) || tag_len < ZC_MAC_VERIFY_MIN ||
        tag_len > zc_hash_size(alg))
        return ZC_EINVAL;
    rc = zc_hmac_init(&c, alg, key, key_len, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_hmac_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final_verify(&c, tag, tag_len);
    zc_hmac_wipe(&c);
    return rc;
}

/* ---- protected keys (zcrypt/hmac_protected.h) ------------------------------ */

/*
 * A protected key from a clear key, without the self-test (which makes its
 * own keys through here): K0 as HMAC makes it, wrapped by the platform
 * (PKEY_KBLOB2PROTK3 with a clear-key token of exactly the block).
 */
static int pkey_make(zc_hmac_key *k, enum zc_hash_alg alg, const uint8_t *key, size_t key_len)
{
    uint8_t k0[ZC_HASH_MAX_BLOCK], prot[ZC_HMAC_PROTKEY_MAX];
    unsigned fc = pkmac_fc(alg);
    size_t bs = kmac_bs(fc), prot_len = 0;
    int rc;

    if (zc_caps_reason(ZC_INSN_KMAC, fc) != ZC_REASON_CPACF)
        return ZC_ENOTSUP;              /* never software */
    rc = make_k0(alg, key, key_len, ZC_BACKEND_AUTO, k0);
    if (rc == ZC_OK)
        rc = zc_plat_hmac_protect_clear(k0, bs, prot, &prot_len);
    if (rc == ZC_OK && prot_len != bs + 32)
        rc = ZC_EDEVICE;
    if (rc == ZC_OK) {
        memset(k, 0, sizeof(*k));
        memcpy(k->zc_k0, k0, bs);       /* the source, to re-derive */
        zc_protkey_set(&k->zc_pk, prot, prot_len);
        k->zc_alg = (uint8_t)alg;
        k->zc_kind = ZC_HMAC_KEY_PROTECTED;
        k->zc_fc = (uint8_t)fc;
        k->zc_magic = ZC_HMAC_KEY_MAGIC;
    }
    zc_wipe(k0, sizeof(k0));
    zc_wipe(prot, sizeof(prot));
    return rc;
}

/* A protected key's stream context. */
static void pkmac_init(zc_hmac_ctx *c, const zc_hmac_key *k)
{
    memset(c, 0, sizeof(*c));
    c->zc_inner.zc_alg = k->zc_alg;
    c->zc_inner.zc_backend = ZC_BACKEND_CPACF;
    c->zc_kmac_fc = k->zc_fc;
    c->zc_outer.prot.key = k;
    c->zc_magic = ZC_HMAC_MAGIC;
}

#ifdef ZC_HAVE_CPACF
/* A whole MAC on KMAC 120-123, for the self-test: the path the calls take. */
static int pkmac_mac(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                     const uint8_t *msg, size_t len, uint8_t mac[ZC_HASH_MAX_SIZE])
{
    zc_hmac_key k;
    zc_hmac_ctx c;
    int rc = pkey_make(&k, alg, key, key_len);

    if (rc == ZC_OK) {
        pkmac_init(&c, &k);
        rc = kmac_update(&c, msg, len);
        if (rc == ZC_OK)
            rc = kmac_final(&c, mac);
        zc_hmac_wipe(&c);
    }
    zc_hmac_key_wipe(&k);
    return rc;
}
#endif

int zc_hmac_key_init_protected(zc_hmac_key *k, enum zc_hash_alg alg, const uint8_t *key,
                               size_t key_len)
{
    int rc;

    if (k == NULL || zc_bad_ptr(key, key_len) || pkmac_fc(alg) == 0)
        return ZC_EINVAL;
    rc = pkey_make(k, alg, key, key_len);
    if (rc == ZC_OK && !zc_hmac_pkmac_selftest(pkmac_fc(alg))) {
        zc_hmac_key_wipe(k);
        rc = ZC_ENOTSUP;                /* the code failed its known answers */
    }
    return rc;
}

void zc_hmac_key_wipe(zc_hmac_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof(*k));
}

enum zc_hmac_key_kind zc_hmac_key_kind(const zc_hmac_key *k)
{
    return hmac_key_valid(k) ? (enum zc_hmac_key_kind)k->zc_kind : ZC_HMAC_KEY_NONE;
}

enum zc_backend zc_hmac_key_backend(const zc_hmac_key *k)
{
    return hmac_key_valid(k) ? ZC_BACKEND_CPACF : ZC_BACKEND_AUTO;
}

int zc_hmac_init_protected(zc_hmac_ctx *c, const zc_hmac_key *k)
{
    if (c == NULL || k == NULL)
        return ZC_EINVAL;
    if (!hmac_key_valid(k))
        return ZC_ESTATE;
    pkmac_init(c, k);
    return ZC_OK;
}

int zc_hmac_protected(const zc_hmac_key *k, const void *data, size_t len, uint8_t *out,
                      size_t out_len)
{
    zc_hmac_ctx c;
    int rc;

    if (k == NULL || out == NULL || zc_bad_ptr(data, len) || out_len == 0)
        return ZC_EINVAL;
    if (!hmac_key_valid(k))
        return ZC_ESTATE;
    if (out_len > zc_hash_size((enum zc_hash_alg)k->zc_alg))
        return ZC_EINVAL;
    pkmac_init(&c, k);
    rc = zc_hmac_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final(&c, out, out_len);
    zc_hmac_wipe(&c);
    return rc;
}

int zc_hmac_protected_verify(const zc_hmac_key *k, const void *data, size_t len,
                             const uint8_t *tag, size_t tag_len)
{
    zc_hmac_ctx c;
    int rc;

    if (k == NULL || tag == NULL || zc_bad_ptr(data, len) || tag_len < ZC_MAC_VERIFY_MIN)
        return ZC_EINVAL;
    if (!hmac_key_valid(k))
        return ZC_ESTATE;
    if (tag_len > zc_hash_size((enum zc_hash_alg)k->zc_alg))
        return ZC_EINVAL;
    pkmac_init(&c, k);
    rc = zc_hmac_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hmac_final_verify(&c, tag, tag_len);
    zc_hmac_wipe(&c);
    return rc;
}

int zc_hmac_protected_query(enum zc_hash_alg alg, struct zc_backend_info *info)
{
    struct zc_cpacf_need need;

    if (info == NULL || pkmac_fc(alg) == 0)
        return ZC_EINVAL;
    need.insn = ZC_INSN_KMAC;
    need.fc = pkmac_fc(alg);
    zc_caps_decide(&need, 1, info);
    if (info->backend == ZC_BACKEND_CPACF && !zc_hmac_pkmac_selftest(need.fc)) {
        info->backend = ZC_BACKEND_SOFTWARE;
        info->reason = ZC_REASON_SELFTEST;
    }
    return ZC_OK;
}
