/*
 * hash_family.c - the hashes as the core sees them (core/family.h): where
 * ZC_BACKEND_AUTO runs each one, their names, the rows a report lists, the
 * self-tests of KIMD/KLMD SHA-3 and KMAC-HMAC (clear 112-115 and
 * encrypted-key 120-123), and the statistics rows.
 */
#include "hash_int.h"
#include "core/family.h"
#include "core/stats.h"
#include "asm/cpacf.h"

#include <zcrypt/hash.h>

static int query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    const struct zc_hash_desc *d = zc_hash_desc((enum zc_hash_alg)algo);

    (void)key_len;              /* a hash takes no key */
    if (d == NULL)
        return ZC_EINVAL;
    zc_hash_decide(d, info);
    return ZC_OK;
}

static const char *algo_name(enum zc_algo algo)
{
    return zc_hash_name((enum zc_hash_alg)algo);
}

static const struct zc_family_row rows[] = {
    { ZC_ALGO_SHA1, 0 }, { ZC_ALGO_SHA224, 0 }, { ZC_ALGO_SHA256, 0 },
    { ZC_ALGO_SHA384, 0 }, { ZC_ALGO_SHA512, 0 }, { ZC_ALGO_SHA512_224, 0 },
    { ZC_ALGO_SHA512_256, 0 },
    { ZC_ALGO_SHA3_224, 0 }, { ZC_ALGO_SHA3_256, 0 }, { ZC_ALGO_SHA3_384, 0 },
    { ZC_ALGO_SHA3_512, 0 }, { ZC_ALGO_SHAKE128, 0 }, { ZC_ALGO_SHAKE256, 0 },
};

/* SHA-3 and SHAKE need KIMD and KLMD alike; HMAC's code is KMAC's. */
#define SHA3(fc) { ZC_INSN_KIMD, ZC_INSN_KLMD, fc, zc_hash_sha3_selftest }
#define HMAC(fc) { ZC_INSN_KMAC, ZC_INSN_KMAC, fc, zc_hmac_kmac_selftest }
#define PHMAC(fc) { ZC_INSN_KMAC, ZC_INSN_KMAC, fc, zc_hmac_pkmac_selftest }
static const struct zc_selftest_entry selftests[] = {
    SHA3(ZC_FC_SHA3_224), SHA3(ZC_FC_SHA3_256), SHA3(ZC_FC_SHA3_384),
    SHA3(ZC_FC_SHA3_512), SHA3(ZC_FC_SHAKE_128), SHA3(ZC_FC_SHAKE_256),
    HMAC(ZC_FC_HMAC_SHA_224), HMAC(ZC_FC_HMAC_SHA_256), HMAC(ZC_FC_HMAC_SHA_384),
    HMAC(ZC_FC_HMAC_SHA_512),
    PHMAC(ZC_FC_ENC_HMAC_SHA_224), PHMAC(ZC_FC_ENC_HMAC_SHA_256),
    PHMAC(ZC_FC_ENC_HMAC_SHA_384), PHMAC(ZC_FC_ENC_HMAC_SHA_512),
};
#undef SHA3
#undef HMAC
#undef PHMAC

/* Statistics: a row per zc_hash_alg; the slots after SHAKE256 are free. */
static const char *stat_name(unsigned i)
{
    return i <= ZC_ALGO_SHAKE256 ? zc_hash_name((enum zc_hash_alg)i) : NULL;
}

static const char *stat_op(unsigned i, unsigned dir)
{
    (void)i;
    (void)dir;
    return "hash";
}

const struct zc_family zc_family_hash = {
    .name = "hash",
    .first = ZC_ALGO_SHA1,
    .last = ZC_ALGO_SHAKE256,
    .query = query,
    .algo_name = algo_name,
    .rows = rows,
    .n_rows = sizeof(rows) / sizeof(rows[0]),
    .selftests = selftests,
    .n_selftests = sizeof(selftests) / sizeof(selftests[0]),
    .stat_first = ZC_STAT_ROW_HASH,
    .stat_count = ZC_STAT_ROW_AES - ZC_STAT_ROW_HASH,
    .stat_name = stat_name,
    .stat_op = stat_op,
};
