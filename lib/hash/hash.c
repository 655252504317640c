/*
 * hash.c - hash dispatch: streaming buffer, padding, backends.
 *
 * One context type serves every algorithm. The representation of the
 * chaining state follows the backend fixed at init. On CPACF it is the
 * KIMD/KLMD parameter block itself (big-endian words, stored as bytes), so
 * the instruction works on the context in place: whole blocks go to KIMD
 * as they arrive, and the last partial block goes to KLMD, which pads,
 * with the bit length written right after the state. In software it is
 * native words for the portable block functions (sha1.c, sha256.c,
 * sha512.c, keccak.c), and the code pads itself. (On s390x both are the
 * same bytes.)
 *
 * The instructions themselves are issued by hash_cpacf.c: KIMD from
 * hash_blocks(), KLMD from the finishes. KIMD/KLMD have no key field, so
 * nothing may stop them early; a short count fails closed (ZC_EDEVICE,
 * the context wiped).
 *
 * SHA-3 and SHAKE share the same buffer logic with the rate as block
 * size. On CPACF the context holds the 200-byte Keccak state as KIMD keeps
 * it; in software, 25 lanes for the portable permutation. No emulator
 * implements the SHA-3 function codes, so they are used only after a
 * one-time known-answer self-test per function code (zc_hash_sha3_selftest).
 * The backend is fixed at init.
 */
#include "core/caps.h"
#include "hash_cpacf.h"
#include "core/stats.h"
#include "core/hash_public.h"
#include "core/policy.h"
#include "core/util.h"
#include "hash_sw.h"
#include "asm/cpacf.h"
#include "asm/cpacf_pb.h"

#define ZC_HASH_MAGIC 0x7a636831u   /* "zch1" */

/* The context's state is the KIMD/KLMD parameter block in place: exactly
 * the SHA-3 block (never executed on an emulator, so pinned), and room
 * for the SHA-1/2 KLMD block with its bit length. */
_Static_assert(sizeof(((zc_hash_ctx *)0)->zc_st) == sizeof(struct zc_pb_kimd_sha3),
               "SHA-3 parameter block");
_Static_assert(sizeof(((zc_hash_ctx *)0)->zc_st) >= sizeof(union zc_pb_klmd_sha),
               "SHA-1/2 KLMD parameter block");
_Static_assert(sizeof(((zc_hash_ctx *)0)->zc_buf) >= 168, "largest rate (SHAKE128)");

static const struct zc_hash_desc descs[] = {
    [ZC_SHA1]       = { "SHA-1",       20,  64, ZC_FC_SHA_1,   ZC_HK_SHA2, zc_sha1_iv,   NULL },
    [ZC_SHA224]     = { "SHA-224",     28,  64, ZC_FC_SHA_256, ZC_HK_SHA2, zc_sha224_iv, NULL },
    [ZC_SHA256]     = { "SHA-256",     32,  64, ZC_FC_SHA_256, ZC_HK_SHA2, zc_sha256_iv, NULL },
    [ZC_SHA384]     = { "SHA-384",     48, 128, ZC_FC_SHA_512, ZC_HK_SHA2, NULL, zc_sha384_iv },
    [ZC_SHA512]     = { "SHA-512",     64, 128, ZC_FC_SHA_512, ZC_HK_SHA2, NULL, zc_sha512_iv },
    [ZC_SHA512_224] = { "SHA-512/224", 28, 128, ZC_FC_SHA_512, ZC_HK_SHA2, NULL, zc_sha512_224_iv },
    [ZC_SHA512_256] = { "SHA-512/256", 32, 128, ZC_FC_SHA_512, ZC_HK_SHA2, NULL, zc_sha512_256_iv },
    [ZC_SHA3_224]   = { "SHA3-224",    28, 144, ZC_FC_SHA3_224, ZC_HK_SHA3, NULL, NULL },
    [ZC_SHA3_256]   = { "SHA3-256",    32, 136, ZC_FC_SHA3_256, ZC_HK_SHA3, NULL, NULL },
    [ZC_SHA3_384]   = { "SHA3-384",    48, 104, ZC_FC_SHA3_384, ZC_HK_SHA3, NULL, NULL },
    [ZC_SHA3_512]   = { "SHA3-512",    64,  72, ZC_FC_SHA3_512, ZC_HK_SHA3, NULL, NULL },
    [ZC_SHAKE128]   = { "SHAKE128",     0, 168, ZC_FC_SHAKE_128, ZC_HK_SHAKE, NULL, NULL },
    [ZC_SHAKE256]   = { "SHAKE256",     0, 136, ZC_FC_SHAKE_256, ZC_HK_SHAKE, NULL, NULL },
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

void zc_hash_decide(const struct zc_hash_desc *d, struct zc_backend_info *info)
{
    struct zc_cpacf_need need[2];

    zc_hash_cpacf_need(d, need);
    zc_caps_decide(need, 2, info);
    if (info->backend == ZC_BACKEND_CPACF && d->kind != ZC_HK_SHA2 &&
        !zc_hash_sha3_selftest(d->fc)) {
        info->backend = ZC_BACKEND_SOFTWARE;
        info->reason = ZC_REASON_SELFTEST;
    }
}

/*
 * AUTO's backend for each algorithm, decided on first use and kept: the
 * capabilities (ZCRYPT_CAPS included) and the SHA-3 self-test are fixed
 * for the life of the process, so every later init and one-shot call costs
 * one byte load instead of a walk through the caps. 0: not decided yet,
 * else the backend + 1. Relaxed atomics: racing threads compute and store
 * the same value.
 */
static uint8_t auto_backend[sizeof(descs) / sizeof(descs[0])];

/* The first time: decide and keep (apart, so that the callers' fast path
 * sets up no frame for the decision's result). */
__attribute__((noinline))
static unsigned hash_auto_decide(enum zc_hash_alg alg)
{
    struct zc_backend_info info;
    unsigned v;

    zc_hash_decide(&descs[alg], &info);
    v = (unsigned)info.backend + 1;
    __atomic_store_n(&auto_backend[alg], (uint8_t)v, __ATOMIC_RELAXED);
    return v;
}

static inline enum zc_backend hash_auto(enum zc_hash_alg alg)
{
    unsigned v = __atomic_load_n(&auto_backend[alg], __ATOMIC_RELAXED);

    if (__builtin_expect(v == 0, 0))
        v = hash_auto_decide(alg);
    return (enum zc_backend)(v - 1);
}

#ifdef ZC_HAVE_CPACF   /* for the CPACF finishes only (clang warns of unused ones) */
/* Where the bit length sits in the SHA-1/2 KLMD parameter block: right
 * after the chaining value. */
static inline size_t sha2_mbl_off(const struct zc_hash_desc *d)
{
    return d->fc == ZC_FC_SHA_1 ? offsetof(struct zc_pb_klmd_sha1, mbl) :
           d->block == 64      ? offsetof(struct zc_pb_klmd_sha256, mbl) :
                                 offsetof(struct zc_pb_klmd_sha512, mbl);
}
#endif

/* The initial SHA-1/2 state as big-endian bytes (the CPACF layout). On a
 * big-endian host the IV words already are those bytes: one block copy. */
static inline void put_iv_be(uint8_t *b, const struct zc_hash_desc *d)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    if (d->iv64)
        memcpy(b, d->iv64, 64);
    else if (d->fc == ZC_FC_SHA_1)
        memcpy(b, d->iv32, 20);
    else
        memcpy(b, d->iv32, 32);
#else
    unsigned i;

    for (i = 0; d->iv64 && i < 8; i++)
        zc_store_be64(b + 8 * i, d->iv64[i]);
    for (i = 0; d->iv32 && i < (d->fc == ZC_FC_SHA_1 ? 5u : 8u); i++)
        zc_store_be32(b + 4 * i, d->iv32[i]);
#endif
}

#ifdef ZC_HAVE_CPACF
/* The digest out of a big-endian state, with a constant length per case
 * so that the compiler copies inline. */
static inline void copy_digest(uint8_t *out, const uint8_t *b, size_t n)
{
    switch (n) {
    case 20: memcpy(out, b, 20); break;
    case 28: memcpy(out, b, 28); break;
    case 32: memcpy(out, b, 32); break;
    case 48: memcpy(out, b, 48); break;
    default: memcpy(out, b, 64); break;
    }
}
#endif

/*
 * The backend byte of a software context that the hardware-only policy
 * lets through (zc_hash_public(), core/hash_public.h): no value of enum
 * zc_backend, so the three policy checks, which ask for
 * ZC_BACKEND_SOFTWARE, pass it by, and every other test, which asks for
 * ZC_BACKEND_CPACF, runs it in software. Such a context never leaves
 * this file.
 */
#define HASH_SW_EXEMPT 0x80

static int hash_init(zc_hash_ctx *c, enum zc_hash_alg alg, enum zc_backend backend,
                     int exempt)
{
    const struct zc_hash_desc *d = zc_hash_desc(alg);
    unsigned i;

    if (c == NULL || d == NULL || !zc_backend_sym_ok(backend))
        return ZC_EINVAL;
    if (backend != ZC_BACKEND_SOFTWARE) {
        enum zc_backend b = hash_auto(alg);

        if (backend == ZC_BACKEND_CPACF && b != ZC_BACKEND_CPACF)
            return ZC_ENOTSUP;
        backend = b;
    }
    if (backend == ZC_BACKEND_SOFTWARE && !exempt && zc_policy_hw_only())
        return ZC_ENOTSUP;
    /* Only what the hash reads is set: the state (SHA-3 starts from all
     * zeros in either representation) and the counters. The buffer is
     * written before it is read. */
    if (d->kind != ZC_HK_SHA2)
        memset(&c->zc_st, 0, sizeof(c->zc_st));
    else if (backend == ZC_BACKEND_CPACF)
        put_iv_be(c->zc_st.b, d);
    else {
        for (i = 0; d->iv32 && i < (d->fc == ZC_FC_SHA_1 ? 5u : 8u); i++)
            c->zc_st.w[i] = d->iv32[i];
        for (i = 0; d->iv64 && i < 8; i++)
            c->zc_st.q[i] = d->iv64[i];
    }
    c->zc_len_lo = 0;
    c->zc_len_hi = 0;
    c->zc_buf_len = 0;
    c->zc_alg = (uint8_t)alg;
    c->zc_backend = (uint8_t)(backend == ZC_BACKEND_SOFTWARE && exempt ? HASH_SW_EXEMPT
                                                                        : backend);
    c->zc_magic = ZC_HASH_MAGIC;
    return ZC_OK;
}

int zc_hash_init(zc_hash_ctx *c, enum zc_hash_alg alg, enum zc_backend backend)
{
    return hash_init(c, alg, backend, 0);
}

/* Compress (or absorb) nblocks whole blocks into the state. */
static int hash_blocks(zc_hash_ctx *c, const struct zc_hash_desc *d,
                       const uint8_t *p, size_t nblocks)
{
#ifdef ZC_HAVE_CPACF
    if (c->zc_backend == ZC_BACKEND_CPACF)
        return zc_hash_cpacf_kimd(d->fc, c->zc_st.b, p, nblocks * d->block);
#endif
    if (d->kind != ZC_HK_SHA2) {
        for (; nblocks; nblocks--, p += d->block) {
            zc_keccak_xor_bytes(c->zc_st.q, p, d->block);
            zc_keccak_f1600(c->zc_st.q);
        }
        return ZC_OK;
    }
    switch (d->fc) {
    case ZC_FC_SHA_1:   zc_sha1_blocks(c->zc_st.w, p, nblocks); break;
    case ZC_FC_SHA_256: zc_sha256_blocks(c->zc_st.w, p, nblocks); break;
    default:            zc_sha512_blocks(c->zc_st.q, p, nblocks); break;
    }
    return ZC_OK;
}

int zc_hash_update(zc_hash_ctx *c, const void *data, size_t len)
{
    const struct zc_hash_desc *d;
    const uint8_t *p = data;
    size_t n;
    uint64_t lo;
    int rc;

    if (c == NULL || zc_bad_ptr(data, len))
        return ZC_EINVAL;
    if (c->zc_magic != ZC_HASH_MAGIC)
        return ZC_ESTATE;
    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    d = zc_hash_desc((enum zc_hash_alg)c->zc_alg);
    /* Message length limits: 2^64 bits for 64-byte-block hashes, i.e.
     * fewer than 2^61 bytes; the 128-bit counter of SHA-512 cannot fill,
     * and SHA-3 has no limit (the count is kept, but not used). */
    lo = c->zc_len_lo + (uint64_t)len;
    if (d->block == 64 && (lo < c->zc_len_lo || c->zc_len_hi || (lo >> 61)))
        return ZC_EINVAL;
    c->zc_len_hi += lo < c->zc_len_lo;
    c->zc_len_lo = lo;
    if (len == 0)           /* data may be NULL: no memcpy from it */
        return ZC_OK;

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
        c->zc_buf_len = 0;
        if ((rc = hash_blocks(c, d, c->zc_buf, 1)) != ZC_OK)
            goto fail;
    }
    n = len / d->block;
    if (n) {
        if ((rc = hash_blocks(c, d, p, n)) != ZC_OK)
            goto fail;
        p += n * d->block;
        len -= n * d->block;
    }
    if (len) {
        memcpy(c->zc_buf, p, len);
        c->zc_buf_len = (uint32_t)len;
    }
    return ZC_OK;
fail:                                   /* the context is dead: ZC_ESTATE from now on */
    zc_hash_wipe(c);
    return rc;
}

#ifdef ZC_HAVE_CPACF
/*
 * KLMD pads. SHA-3: the parameter block is the 200-byte state in the
 * context, the digest lands in its first bytes. SHAKE: the output goes
 * through the first operand. (SHA-1/2 finish in final_sha2_cpacf.)
 */
static int final_sha3_cpacf(zc_hash_ctx *c, const struct zc_hash_desc *d, uint8_t *out,
                            size_t out_len)
{
    int rc;

    if (d->kind == ZC_HK_SHAKE)
        return out_len == 0 ? ZC_OK :
               zc_hash_cpacf_shake(d->fc, c->zc_st.b, c->zc_buf, c->zc_buf_len, out,
                                   out_len);
    rc = zc_hash_cpacf_klmd(d->fc, c->zc_st.b, c->zc_buf, c->zc_buf_len);
    if (rc == ZC_OK)
        copy_digest(out, c->zc_st.b, d->digest);
    return rc;
}

/*
 * The one SHA-1/2 KLMD finish, for the one-shot and for a context: the
 * message bit length (bits_hi:bits_lo, 128 bits for SHA-384/512, else
 * bits_lo alone) after the chaining value in pb, then one KLMD on the
 * last len bytes, which pads; the digest out of the block, or out wiped
 * on failure. Inlined per algorithm, so that the sizes fold.
 */
static inline __attribute__((always_inline))
int sha2_finish_cpacf(const struct zc_hash_desc *d, uint8_t *pb, const uint8_t *p,
                      size_t len, uint64_t bits_hi, uint64_t bits_lo, uint8_t *out)
{
    uint8_t *mbl = pb + sha2_mbl_off(d);
    int rc;

    if (d->block == 128) {
        zc_store_be64(mbl, bits_hi);
        zc_store_be64(mbl + 8, bits_lo);
    } else {
        zc_store_be64(mbl, bits_lo);
    }
    rc = zc_hash_cpacf_klmd(d->fc, pb, p, len);
    if (rc == ZC_OK)
        copy_digest(out, pb, d->digest);
    else
        zc_wipe(out, d->digest);
    return rc;
}

/*
 * zc_hash() for SHA-1/2 on CPACF: the whole message goes to one KLMD,
 * which pads, with the parameter block on the stack (the chaining value,
 * then the message bit length); no context, no buffer. The block is wiped
 * afterwards: it holds the digest.
 */
static inline __attribute__((always_inline))
int oneshot_cpacf(enum zc_hash_alg alg, const uint8_t *p, size_t len, uint8_t *out)
{
    const struct zc_hash_desc *d = &descs[alg];
    union zc_pb_klmd_sha pb;
    uint8_t *b = (uint8_t *)&pb;
    int rc;

    zc_stat_count((enum zc_algo)alg, 0, ZC_STAT_CPACF, 0, len);
    put_iv_be(b, d);
    if (d->block == 64 && (uint64_t)len >> 61)     /* 2^64 bits at most */
        return ZC_EINVAL;
    rc = sha2_finish_cpacf(d, b, p != NULL ? p : b, len, (uint64_t)len >> 61,
                           (uint64_t)len << 3, out);
    zc_wipe(&pb, sizeof(pb));
    return rc;
}
#endif

/* SHA-3: domain bits and pad10*1, then squeeze as much as asked. (Not
 * inlined, nor final_software: they would crowd the CPACF final.) */
__attribute__((noinline))
static int final_keccak(zc_hash_ctx *c, const struct zc_hash_desc *d, uint8_t *out,
                        size_t out_len)
{
    memset(c->zc_buf + c->zc_buf_len, 0, d->block - c->zc_buf_len);
    c->zc_buf[c->zc_buf_len] = d->kind == ZC_HK_SHAKE ? 0x1f : 0x06;
    c->zc_buf[d->block - 1] |= 0x80;
    hash_blocks(c, d, c->zc_buf, 1);        /* software: cannot fail */
    if (d->kind == ZC_HK_SHA3)
        out_len = d->digest;
    while (out_len) {
        size_t n = out_len < d->block ? out_len : d->block;

        zc_keccak_extract(c->zc_st.q, out, n);
        out += n;
        out_len -= n;
        if (out_len)
            zc_keccak_f1600(c->zc_st.q);
    }
    return ZC_OK;
}

__attribute__((noinline))
static int final_software(zc_hash_ctx *c, const struct zc_hash_desc *d, uint8_t *out)
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
    return ZC_OK;
}

/*
 * After the digest: wipe what held message-derived data, the state (the
 * KLMD parameter block with the bit length for SHA-1/2, the whole Keccak
 * state for SHA-3), the buffer up to one block and the counters; the magic
 * goes with them, so the context is dead (ZC_ESTATE). zc_hash_wipe() is
 * the caller's full wipe.
 */
static void wipe_used(zc_hash_ctx *c, const struct zc_hash_desc *d)
{
    if (d->kind != ZC_HK_SHA2) {
        zc_wipe(&c->zc_st, sizeof(c->zc_st));
        zc_wipe(c->zc_buf, d->block);
    } else if (d->block == 128) {        /* constant sizes: one XC each on s390x */
        zc_wipe(&c->zc_st, sizeof(struct zc_pb_klmd_sha512));
        zc_wipe(c->zc_buf, 128);
    } else {                            /* SHA-1's block is shorter */
        zc_wipe(&c->zc_st, sizeof(struct zc_pb_klmd_sha256));
        zc_wipe(c->zc_buf, 64);
    }
    zc_wipe(&c->zc_len_lo, sizeof(*c) - offsetof(zc_hash_ctx, zc_len_lo));
}

#ifdef ZC_HAVE_CPACF
/* zc_hash_final for SHA-1/2 on CPACF, per algorithm like oneshot_cpacf:
 * KLMD on the pending bytes with the context's state as the block, then
 * the used parts wiped. */
static inline __attribute__((always_inline))
int final_sha2_cpacf(zc_hash_ctx *c, enum zc_hash_alg alg, uint8_t *out)
{
    const struct zc_hash_desc *d = &descs[alg];
    int rc = sha2_finish_cpacf(d, c->zc_st.b, c->zc_buf, c->zc_buf_len,
                               c->zc_len_hi << 3 | c->zc_len_lo >> 61, c->zc_len_lo << 3,
                               out);

    wipe_used(c, d);
    return rc;
}
#endif

int zc_hash_final(zc_hash_ctx *c, uint8_t *out, size_t out_len)
{
    const struct zc_hash_desc *d;
    int rc;

    if (c == NULL || zc_bad_ptr(out, out_len))
        return ZC_EINVAL;
    if (c->zc_magic != ZC_HASH_MAGIC)
        return ZC_ESTATE;
    d = zc_hash_desc((enum zc_hash_alg)c->zc_alg);
    if (d->kind != ZC_HK_SHAKE && out_len != d->digest)
        return ZC_EINVAL;
    if (c->zc_backend == ZC_BACKEND_SOFTWARE && zc_policy_hw_only())
        return ZC_ENOTSUP;
    /* One count per digest, with the whole message's length. */
    zc_stat_count((enum zc_algo)c->zc_alg, 0,
                  c->zc_backend == ZC_BACKEND_CPACF ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE, 0,
                  c->zc_len_lo);
#ifdef ZC_HAVE_CPACF
    /* SHA-1/2 one case per algorithm, as in zc_hash(); the rest is SHA-3. */
    if (c->zc_backend == ZC_BACKEND_CPACF) {
        switch ((enum zc_hash_alg)c->zc_alg) {
        case ZC_SHA1:       return final_sha2_cpacf(c, ZC_SHA1, out);
        case ZC_SHA224:     return final_sha2_cpacf(c, ZC_SHA224, out);
        case ZC_SHA256:     return final_sha2_cpacf(c, ZC_SHA256, out);
        case ZC_SHA384:     return final_sha2_cpacf(c, ZC_SHA384, out);
        case ZC_SHA512:     return final_sha2_cpacf(c, ZC_SHA512, out);
        case ZC_SHA512_224: return final_sha2_cpacf(c, ZC_SHA512_224, out);
        case ZC_SHA512_256: return final_sha2_cpacf(c, ZC_SHA512_256, out);
        default:            rc = final_sha3_cpacf(c, d, out, out_len); break;
        }
    } else
#endif
    if (d->kind != ZC_HK_SHA2)
        rc = final_keccak(c, d, out, out_len);
    else
        rc = final_software(c, d, out);
    if (rc != ZC_OK)
        zc_wipe(out, out_len);
    wipe_used(c, d);
    return rc;
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

/* zc_hash() through a context: every backend and algorithm. Apart, so
 * that the context's frame is not set up on the CPACF path. */
__attribute__((noinline))
static int oneshot_ctx(enum zc_hash_alg alg, const void *data, size_t len, uint8_t *out,
                       size_t out_len, int exempt)
{
    zc_hash_ctx c;
    int rc = hash_init(&c, alg, ZC_BACKEND_AUTO, exempt);

    if (rc == ZC_OK)
        rc = zc_hash_update(&c, data, len);
    if (rc == ZC_OK)
        rc = zc_hash_final(&c, out, out_len);
    if (rc != ZC_OK)            /* final wipes what it used when it gets that far */
        zc_hash_wipe(&c);
    return rc;
}

/* 1 when a one-shot's arguments are bad (ZC_EINVAL). */
static int oneshot_bad(const struct zc_hash_desc *d, const void *data, size_t len,
                       const uint8_t *out, size_t out_len)
{
    return d == NULL || zc_bad_ptr(data, len) || zc_bad_ptr(out, out_len) ||
           (d->kind != ZC_HK_SHAKE && (out == NULL || out_len != d->digest));
}

int zc_hash(enum zc_hash_alg alg, const void *data, size_t len, uint8_t *out, size_t out_len)
{
    const struct zc_hash_desc *d = zc_hash_desc(alg);

    if (oneshot_bad(d, data, len, out, out_len))
        return ZC_EINVAL;
#ifdef ZC_HAVE_CPACF
    /* One case per algorithm: with the algorithm constant, the sizes and
     * the function code fold into the code (inline copies, no lookups). */
    if (d->kind == ZC_HK_SHA2 && hash_auto(alg) == ZC_BACKEND_CPACF) {
        switch (alg) {
        case ZC_SHA1:       return oneshot_cpacf(ZC_SHA1, data, len, out);
        case ZC_SHA224:     return oneshot_cpacf(ZC_SHA224, data, len, out);
        case ZC_SHA256:     return oneshot_cpacf(ZC_SHA256, data, len, out);
        case ZC_SHA384:     return oneshot_cpacf(ZC_SHA384, data, len, out);
        case ZC_SHA512:     return oneshot_cpacf(ZC_SHA512, data, len, out);
        case ZC_SHA512_224: return oneshot_cpacf(ZC_SHA512_224, data, len, out);
        case ZC_SHA512_256: return oneshot_cpacf(ZC_SHA512_256, data, len, out);
        default:            break;
        }
    }
#endif
    return oneshot_ctx(alg, data, len, out, out_len, 0);
}

int zc_hash_public(enum zc_hash_alg alg, const void *data, size_t len, uint8_t *out,
                   size_t out_len)
{
    if (oneshot_bad(zc_hash_desc(alg), data, len, out, out_len))
        return ZC_EINVAL;
    return oneshot_ctx(alg, data, len, out, out_len, 1);
}

/* ---- the SHA-3 self-test (KIMD/KLMD function codes 32-37) ---------------- */

#ifdef ZC_HAVE_CPACF
/* FIPS 202 examples (NIST): the 1600-bit message of 200 bytes 0xa3. */
static const uint8_t sha3_selftest_out[6][64] = {
    /* SHA3-224 */
    {
        0x93, 0x76, 0x81, 0x6a, 0xba, 0x50, 0x3f, 0x72, 0xf9, 0x6c, 0xe7, 0xeb,
        0x65, 0xac, 0x09, 0x5d, 0xee, 0xe3, 0xbe, 0x4b, 0xf9, 0xbb, 0xc2, 0xa1,
        0xcb, 0x7e, 0x11, 0xe0,
    },
    /* SHA3-256 */
    {
        0x79, 0xf3, 0x8a, 0xde, 0xc5, 0xc2, 0x03, 0x07, 0xa9, 0x8e, 0xf7, 0x6e,
        0x83, 0x24, 0xaf, 0xbf, 0xd4, 0x6c, 0xfd, 0x81, 0xb2, 0x2e, 0x39, 0x73,
        0xc6, 0x5f, 0xa1, 0xbd, 0x9d, 0xe3, 0x17, 0x87,
    },
    /* SHA3-384 */
    {
        0x18, 0x81, 0xde, 0x2c, 0xa7, 0xe4, 0x1e, 0xf9, 0x5d, 0xc4, 0x73, 0x2b,
        0x8f, 0x5f, 0x00, 0x2b, 0x18, 0x9c, 0xc1, 0xe4, 0x2b, 0x74, 0x16, 0x8e,
        0xd1, 0x73, 0x26, 0x49, 0xce, 0x1d, 0xbc, 0xdd, 0x76, 0x19, 0x7a, 0x31,
        0xfd, 0x55, 0xee, 0x98, 0x9f, 0x2d, 0x70, 0x50, 0xdd, 0x47, 0x3e, 0x8f,
    },
    /* SHA3-512 */
    {
        0xe7, 0x6d, 0xfa, 0xd2, 0x20, 0x84, 0xa8, 0xb1, 0x46, 0x7f, 0xcf, 0x2f,
        0xfa, 0x58, 0x36, 0x1b, 0xec, 0x76, 0x28, 0xed, 0xf5, 0xf3, 0xfd, 0xc0,
        0xe4, 0x80, 0x5d, 0xc4, 0x8c, 0xae, 0xec, 0xa8, 0x1b, 0x7c, 0x13, 0xc3,
        0x0a, 0xdf, 0x52, 0xa3, 0x65, 0x95, 0x84, 0x73, 0x9a, 0x2d, 0xf4, 0x6b,
        0xe5, 0x89, 0xc5, 0x1c, 0xa1, 0xa4, 0xa8, 0x41, 0x6d, 0xf6, 0x54, 0x5a,
        0x1c, 0xe8, 0xba, 0x00,
    },
    /* SHAKE128 (32 bytes) */
    {
        0x13, 0x1a, 0xb8, 0xd2, 0xb5, 0x94, 0x94, 0x6b, 0x9c, 0x81, 0x33, 0x3f,
        0x9b, 0xb6, 0xe0, 0xce, 0x75, 0xc3, 0xb9, 0x31, 0x04, 0xfa, 0x34, 0x69,
        0xd3, 0x91, 0x74, 0x57, 0x38, 0x5d, 0xa0, 0x37,
    },
    /* SHAKE256 (32 bytes) */
    {
        0xcd, 0x8a, 0x92, 0x0e, 0xd1, 0x41, 0xaa, 0x04, 0x07, 0xa2, 0x2d, 0x59,
        0x28, 0x86, 0x52, 0xe9, 0xd9, 0xf1, 0xa7, 0xee, 0x0c, 0x1e, 0x7c, 0x1c,
        0xa6, 0x99, 0x42, 0x4d, 0xa8, 0x4a, 0x90, 0x4d,
    },
};

/* 0 untested, 1 passed, 2 failed; per function code 32..37. */
static int sha3_state[6];

/* The 200-byte message spans KIMD (one block) and KLMD (the rest). */
static int sha3_selftest_run(unsigned fc)
{
    static const enum zc_hash_alg algs[6] = {
        ZC_SHA3_224, ZC_SHA3_256, ZC_SHA3_384, ZC_SHA3_512, ZC_SHAKE128, ZC_SHAKE256
    };
    unsigned idx = fc - ZC_FC_SHA3_224;
    const struct zc_hash_desc *d = &descs[algs[idx]];
    size_t n = d->digest ? d->digest : 32;
    uint8_t msg[200], out[64];
    zc_hash_ctx c;

    memset(msg, 0xa3, sizeof(msg));
    memset(&c, 0, sizeof(c));
    c.zc_alg = (uint8_t)algs[idx];
    c.zc_backend = ZC_BACKEND_CPACF;
    c.zc_magic = ZC_HASH_MAGIC;
    return zc_hash_update(&c, msg, sizeof(msg)) == ZC_OK &&
           zc_hash_final(&c, out, n) == ZC_OK &&
           memcmp(out, sha3_selftest_out[idx], n) == 0;
}
#endif

int zc_hash_sha3_selftest(unsigned fc)
{
#ifdef ZC_HAVE_CPACF
    if (fc < ZC_FC_SHA3_224 || fc > ZC_FC_SHAKE_256)
        return 0;
    return zc_selftest_once(&sha3_state[fc - ZC_FC_SHA3_224], sha3_selftest_run, fc);
#else
    (void)fc;
    return 0;
#endif
}
