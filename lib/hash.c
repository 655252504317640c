/*
 * hash.c - SHA-1/SHA-2 dispatch: streaming buffer, padding, backends.
 *
 * One context type serves every algorithm. The chaining state is kept as
 * native words, which on s390x is exactly the KIMD/KLMD parameter block,
 * so the CPACF path hands the context's state to the instruction with no
 * copy: whole blocks go to KIMD as they arrive, and the last partial block
 * goes to KLMD, which pads. The software path pads itself and calls the
 * portable block functions in lib/sw/. The backend is fixed at init.
 */
#include "caps.h"
#include "hash_int.h"
#include "util.h"
#include "sw/sw_hash.h"
#include "../asm/cpacf.h"

#define ZC_HASH_MAGIC 0x7a636831u   /* "zch1" */

static const struct zc_hash_desc descs[] = {
    [ZC_SHA1]       = { "SHA-1",       20,  64, ZC_FC_SHA_1,   zc_sha1_iv,   NULL },
    [ZC_SHA224]     = { "SHA-224",     28,  64, ZC_FC_SHA_256, zc_sha224_iv, NULL },
    [ZC_SHA256]     = { "SHA-256",     32,  64, ZC_FC_SHA_256, zc_sha256_iv, NULL },
    [ZC_SHA384]     = { "SHA-384",     48, 128, ZC_FC_SHA_512, NULL, zc_sha384_iv },
    [ZC_SHA512]     = { "SHA-512",     64, 128, ZC_FC_SHA_512, NULL, zc_sha512_iv },
    [ZC_SHA512_224] = { "SHA-512/224", 28, 128, ZC_FC_SHA_512, NULL, zc_sha512_224_iv },
    [ZC_SHA512_256] = { "SHA-512/256", 32, 128, ZC_FC_SHA_512, NULL, zc_sha512_256_iv },
};

const struct zc_hash_desc *zc_hash_desc(enum zc_hash_alg alg)
{
    if ((unsigned)alg >= sizeof(descs) / sizeof(descs[0]))
        return NULL;
    return &descs[alg];
}

size_t zc_hash_size(enum zc_hash_alg alg)
{
    const struct zc_hash_desc *d = zc_hash_desc(alg);

    return d ? d->digest : 0;
}

size_t zc_hash_block_size(enum zc_hash_alg alg)
{
    const struct zc_hash_desc *d = zc_hash_desc(alg);

    return d ? d->block : 0;
}

const char *zc_hash_name(enum zc_hash_alg alg)
{
    const struct zc_hash_desc *d = zc_hash_desc(alg);

    return d ? d->name : "unknown";
}

void zc_hash_cpacf_need(const struct zc_hash_desc *d, struct zc_cpacf_need need[2])
{
    need[0].insn = ZC_INSN_KIMD;
    need[0].fc = d->fc;
    need[1].insn = ZC_INSN_KLMD;
    need[1].fc = d->fc;
}

int zc_hash_init(zc_hash_ctx *c, enum zc_hash_alg alg, enum zc_backend backend)
{
    const struct zc_hash_desc *d = zc_hash_desc(alg);
    struct zc_cpacf_need need[2];
    struct zc_backend_info info;

    if (c == NULL || d == NULL || (unsigned)backend > ZC_BACKEND_SOFTWARE)
        return ZC_EINVAL;
    if (backend != ZC_BACKEND_SOFTWARE) {
        zc_hash_cpacf_need(d, need);
        zc_caps_decide(need, 2, &info);
        if (backend == ZC_BACKEND_CPACF && info.backend != ZC_BACKEND_CPACF)
            return ZC_ENOTSUP;
        backend = info.backend;
    }
    memset(c, 0, sizeof(*c));
    if (d->iv32)
        memcpy(c->zc_st.w, d->iv32, (d->fc == ZC_FC_SHA_1 ? 5 : 8) * sizeof(uint32_t));
    else
        memcpy(c->zc_st.q, d->iv64, 8 * sizeof(uint64_t));
    c->zc_alg = (uint8_t)alg;
    c->zc_backend = (uint8_t)backend;
    c->zc_magic = ZC_HASH_MAGIC;
    return ZC_OK;
}

/* Compress nblocks whole blocks into the state. */
static void hash_blocks(zc_hash_ctx *c, const struct zc_hash_desc *d,
                        const uint8_t *p, size_t nblocks)
{
#if defined(__s390x__)
    if (c->zc_backend == ZC_BACKEND_CPACF) {
        zc_kimd(d->fc, &c->zc_st, p, nblocks * d->block);
        return;
    }
#endif
    switch (d->fc) {
    case ZC_FC_SHA_1:   zc_sha1_blocks(c->zc_st.w, p, nblocks); break;
    case ZC_FC_SHA_256: zc_sha256_blocks(c->zc_st.w, p, nblocks); break;
    default:            zc_sha512_blocks(c->zc_st.q, p, nblocks); break;
    }
}

int zc_hash_update(zc_hash_ctx *c, const void *data, size_t len)
{
    const struct zc_hash_desc *d;
    const uint8_t *p = data;
    size_t n;
    uint64_t lo;

    if (c == NULL || zc_bad_ptr(data, len))
        return ZC_EINVAL;
    if (c->zc_magic != ZC_HASH_MAGIC)
        return ZC_ESTATE;
    d = zc_hash_desc((enum zc_hash_alg)c->zc_alg);
    /* Message length limits: 2^64 bits for 64-byte-block hashes, i.e.
     * fewer than 2^61 bytes; the 128-bit counter of SHA-512 cannot fill. */
    lo = c->zc_len_lo + (uint64_t)len;
    if (d->block == 64 && (lo < c->zc_len_lo || c->zc_len_hi || (lo >> 61)))
        return ZC_EINVAL;
    c->zc_len_hi += lo < c->zc_len_lo;
    c->zc_len_lo = lo;

    if (c->zc_buf_len) {
        n = d->block - c->zc_buf_len;
        if (n > len)
            n = len;
        memcpy(c->zc_buf + c->zc_buf_len, p, n);
        c->zc_buf_len += (uint32_t)n;
        p += n;
        len -= n;
        if (c->zc_buf_len < d->block)
            return ZC_OK;
        hash_blocks(c, d, c->zc_buf, 1);
        c->zc_buf_len = 0;
    }
    n = len / d->block;
    if (n) {
        hash_blocks(c, d, p, n);
        p += n * d->block;
        len -= n * d->block;
    }
    if (len) {
        memcpy(c->zc_buf, p, len);
        c->zc_buf_len = (uint32_t)len;
    }
    return ZC_OK;
}

#if defined(__s390x__)
/* KLMD pads; its parameter block is the state followed by the bit length. */
static void final_cpacf(zc_hash_ctx *c, const struct zc_hash_desc *d, uint8_t *out)
{
    uint64_t pb[10];           /* 64-byte state + 128-bit length, at most */
    size_t sw = d->fc == ZC_FC_SHA_1 ? 20 : d->block == 64 ? 32 : 64;
    uint8_t *b = (uint8_t *)pb;

    memcpy(b, &c->zc_st, sw);
    if (d->block == 128) {
        zc_store_be64(b + sw, c->zc_len_hi << 3 | c->zc_len_lo >> 61);
        zc_store_be64(b + sw + 8, c->zc_len_lo << 3);
    } else {
        zc_store_be64(b + sw, c->zc_len_lo << 3);
    }
    zc_klmd(d->fc, pb, c->zc_buf, c->zc_buf_len, NULL, 0);
    memcpy(out, b, d->digest);
    zc_wipe(pb, sizeof(pb));
}
#endif

static void final_software(zc_hash_ctx *c, const struct zc_hash_desc *d, uint8_t *out)
{
    size_t lenpos = d->block - (d->block == 128 ? 16 : 8);
    size_t i;

    c->zc_buf[c->zc_buf_len++] = 0x80;
    if (c->zc_buf_len > lenpos) {
        memset(c->zc_buf + c->zc_buf_len, 0, d->block - c->zc_buf_len);
        hash_blocks(c, d, c->zc_buf, 1);
        c->zc_buf_len = 0;
    }
    memset(c->zc_buf + c->zc_buf_len, 0, lenpos - c->zc_buf_len);
    if (d->block == 128)
        zc_store_be64(c->zc_buf + lenpos, c->zc_len_hi << 3 | c->zc_len_lo >> 61);
    zc_store_be64(c->zc_buf + d->block - 8, c->zc_len_lo << 3);
    hash_blocks(c, d, c->zc_buf, 1);

    /* The digest is the big-endian state, truncated (SHA-224, -384, ...). */
    for (i = 0; i < d->digest; i++) {
        if (d->block == 64)
            out[i] = (uint8_t)(c->zc_st.w[i / 4] >> (24 - 8 * (i % 4)));
        else
            out[i] = (uint8_t)(c->zc_st.q[i / 8] >> (56 - 8 * (i % 8)));
    }
}

int zc_hash_final(zc_hash_ctx *c, uint8_t *out, size_t out_len)
{
    const struct zc_hash_desc *d;

    if (c == NULL || out == NULL)
        return ZC_EINVAL;
    if (c->zc_magic != ZC_HASH_MAGIC)
        return ZC_ESTATE;
    d = zc_hash_desc((enum zc_hash_alg)c->zc_alg);
    if (out_len != d->digest)
        return ZC_EINVAL;
#if defined(__s390x__)
    if (c->zc_backend == ZC_BACKEND_CPACF)
        final_cpacf(c, d, out);
    else
#endif
        final_software(c, d, out);
    zc_hash_wipe(c);
    return ZC_OK;
}

void zc_hash_wipe(zc_hash_ctx *c)
{
    if (c != NULL)
        zc_wipe(c, sizeof(*c));
}

enum zc_backend zc_hash_backend(const zc_hash_ctx *c)
{
    if (c == NULL || c->zc_magic != ZC_HASH_MAGIC)
        return ZC_BACKEND_AUTO;
    return (enum zc_backend)c->zc_backend;
}

int zc_hash(enum zc_hash_alg alg, const void *data, size_t len, uint8_t *out, size_t out_len)
{
    zc_hash_ctx c;
    int rc;

    if (zc_bad_ptr(data, len) || out == NULL || out_len != zc_hash_size(alg))
        return ZC_EINVAL;
    rc = zc_hash_init(&c, alg, ZC_BACKEND_AUTO);
    if (rc == ZC_OK)
        rc = zc_hash_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, out, out_len);
    zc_hash_wipe(&c);
    return rc;
}
