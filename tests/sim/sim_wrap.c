/*
 * sim_wrap.c - the CPACF stand-in's simulated firmware wrapping key (test
 * only), shared by cpacf_sim.c (the symmetric and KMAC codes) and
 * cpacf_sim_ec.c (KDSA's encrypted-key signs), which both call it and
 * never each other's model.
 *
 * The firmware's wrapping key is modelled by its generation number alone:
 * the wrapping key of generation g is WK(g) = E_M(g || 0) || E_M(g || 1)
 * and its verification pattern WKVP(g) = E_M(g || 2) || E_M(g || 3), with
 * AES-256 under the fixed "firmware" key M below and g as a big-endian
 * 64-bit number followed by the block index in the last byte. Wrapping is
 * XOR with WK(g) (a bijection, enough for a test model: it keeps the clear
 * key out of the key field, and a wrapped key unwrapped under another
 * generation gives a wrong key, as on the machine). A wrapped key is the
 * XORed key followed by WKVP(g); it verifies while g is the current
 * generation. NOT a protection of anything: M is public.
 *
 * Since everything follows from g, the one shared state is an atomic
 * counter: a wrapping-key change is one atomic increment and an
 * instruction reads g once when it unwraps (and again before each unit of
 * data, to end with cc 1 once the key has changed under it).
 */

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sim_wrap.h"
#include "cpacf_sim.h"
#include "aes/aes_ct64.h"
#include "core/util.h"
#include "zcrypt/common.h"

static const uint8_t sim_wk_master[32] = {
    0x7a, 0x63, 0x2d, 0x73, 0x69, 0x6d, 0x2d, 0x66, 0x69, 0x72, 0x6d, 0x77, 0x61, 0x72, 0x65,
    0x2d, 0x77, 0x72, 0x61, 0x70, 0x70, 0x69, 0x6e, 0x67, 0x2d, 0x6b, 0x65, 0x79, 0x2d, 0x76,
    0x30, 0x31
};

static atomic_ulong sim_wk_gen = 1;

void zc_cpacf_sim_new_wrapping_key(void)
{
    atomic_fetch_add_explicit(&sim_wk_gen, 1, memory_order_relaxed);
}

unsigned long zc_sim_wk_current(void)
{
    return atomic_load_explicit(&sim_wk_gen, memory_order_relaxed);
}

void zc_sim_wk_material(unsigned long gen, uint8_t wk[32], uint8_t wkvp[SIM_WKVP_LEN])
{
    uint64_t rk[ZC_AES_SW_RK_WORDS];
    uint8_t blk[64];
    unsigned rounds, i;

    rounds = zc_aes_sw_setkey(rk, sim_wk_master, sizeof sim_wk_master);
    memset(blk, 0, sizeof blk);
    for (i = 0; i < 4; i++) {
        zc_store_be64(blk + 16 * i, (uint64_t)gen);
        blk[16 * i + 15] = (uint8_t)i;
    }
    zc_aes_sw_encrypt(rk, rounds, blk, blk, 4);
    memcpy(wk, blk, 32);
    memcpy(wkvp, blk + 32, SIM_WKVP_LEN);
    zc_wipe(blk, sizeof blk);
    zc_wipe(rk, sizeof rk);
}


void zc_sim_wk_stream(unsigned long gen, unsigned base, uint8_t *wk, size_t len)
{
    uint64_t rk[ZC_AES_SW_RK_WORDS];
    unsigned rounds, i;

    rounds = zc_aes_sw_setkey(rk, sim_wk_master, sizeof sim_wk_master);
    memset(wk, 0, len);
    for (i = 0; i < len / 16; i++) {
        zc_store_be64(wk + 16 * i, (uint64_t)gen);
        wk[16 * i + 15] = (uint8_t)(base + i);
    }
    zc_aes_sw_encrypt(rk, rounds, wk, wk, (unsigned)(len / 16));
    zc_wipe(rk, sizeof rk);
}

void zc_sim_wk_wrap(unsigned base, const uint8_t *key, size_t len, uint8_t *prot,
                    size_t *prot_len)
{
    uint8_t wk[128], wk2[32], wkvp[SIM_WKVP_LEN];
    unsigned long gen = zc_sim_wk_current();
    size_t i;

    zc_sim_wk_stream(gen, base, wk, len);
    zc_sim_wk_material(gen, wk2, wkvp);
    for (i = 0; i < len; i++)
        prot[i] = key[i] ^ wk[i];
    memcpy(prot + len, wkvp, SIM_WKVP_LEN);
    *prot_len = len + SIM_WKVP_LEN;
    zc_wipe(wk, sizeof wk);
    zc_wipe(wk2, sizeof wk2);
}

/*
 * Protected EC signing keys (KDSA 17-19, 48, 52): the private key as the
 * clear-key token takes it (w = 32, 48, 80, 32, 64 bytes, P-521's and
 * Ed448's values right-aligned) XOR the material E_M(gen || 32 + i), then
 * WKVP(gen); the model of the HMAC keys with its own block indexes.
 */
static size_t sim_ec_wrapped_len(int curve)
{
    static const uint8_t w[5] = { 32, 48, 80, 32, 64 };

    return curve >= 0 && curve < 5 ? w[curve] : 0;
}

int zc_cpacf_sim_wrap_ec(int curve, const uint8_t *key, size_t key_len, uint8_t prot[112],
                         size_t *prot_len)
{
    size_t w = sim_ec_wrapped_len(curve);

    if (key == NULL || prot == NULL || prot_len == NULL || w == 0 || key_len != w)
        return ZC_EINVAL;
    zc_sim_wk_wrap(32, key, w, prot, prot_len);
    return ZC_OK;
}

/*
 * For cpacf_sim_ec.c's encrypted-key signs: unwrap the key field of a
 * KDSA sign (the wrapped key, w bytes, and its pattern, apart in the block) under the
 * current generation: 1 with the clear key in clear[w] and the generation
 * in *gen, 0 when the pattern does not match (clear untouched). And
 * whether the wrapping key is still generation gen.
 */
int zc_sim_ec_unwrap(int curve, const uint8_t *wrapped, const uint8_t *wkvp_field,
                     uint8_t clear[80], unsigned long *gen)
{
    uint8_t wk[80], wk2[32], wkvp[SIM_WKVP_LEN], diff = 0;
    size_t i, w = sim_ec_wrapped_len(curve);

    *gen = zc_sim_wk_current();
    zc_sim_wk_material(*gen, wk2, wkvp);
    for (i = 0; i < SIM_WKVP_LEN; i++)
        diff |= (uint8_t)(wkvp_field[i] ^ wkvp[i]);
    zc_wipe(wk2, sizeof wk2);
    if (diff != 0 || w == 0)
        return 0;
    zc_sim_wk_stream(*gen, 32, wk, w);
    for (i = 0; i < w; i++)
        clear[i] = wrapped[i] ^ wk[i];
    zc_wipe(wk, sizeof wk);
    return 1;
}

int zc_sim_ec_wk_current(unsigned long gen)
{
    return zc_sim_wk_current() == gen;
}

