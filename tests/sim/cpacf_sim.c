/*
 * cpacf_sim.c - a software stand-in for the CPACF instructions (test only).
 *
 * An independent model of the architecture of KM, KMC, KMF, KMO, KMCTR,
 * KMAC, PCC, KIMD, KLMD, KMA, PRNO and, built with OpenSSL's libcrypto
 * (ZC_SIM_EC), KDSA's ECDSA codes and PCC's scalar multiplication on the
 * NIST curves (and STFLE) as the z/Architecture
 * Principles of Operation describes them (summary in the project's
 * CPACF facts sheet). The block functions are the library's own portable
 * primitives (the families' software cores); everything around them, the chaining modes, the
 * parameter-block layouts with their big-endian fields, the register
 * pairs advanced in place, the padding of KLMD, the GCM bookkeeping of KMA
 * and the XTS and CMAC arithmetic of KM and PCC, is written here from the
 * architecture and not shared with the library's software paths, so that
 * a library bug in how it drives the instructions shows up as a mismatch.
 *
 * Every parameter block is handled as a byte image: numeric fields are
 * read and written big-endian explicitly (the host may be little-endian).
 *
 * Partial completion is modelled with a one-shot stop (zc_cpacf_sim_stop):
 * data is processed in units (a cipher block or KMF segment, a hash or
 * GHASH block, a KMA block, the final partial block of KLMD/KMA) and, when
 * the armed byte count has been reached and data remains, the instruction
 * ends before the next unit with the armed condition code and its
 * registers advanced past what it did, as the machine leaves them. A cc 1
 * stop (verification pattern mismatch) also spoils the key field (a clear
 * key, or the WKVP of a wrapped one), so that only a caller that
 * re-derives the key field resumes correctly.
 *
 * What the machine would answer with a specification or operation
 * exception (an unknown opcode or function code, a length that is not a
 * multiple of the granule) prints one line to stderr and aborts: a test
 * that gets there has a bug in the code under test.
 *
 * Protected keys: the encrypted-key function codes (AES 26-28 of KM, KMC,
 * KMF, KMO, KMCTR, KMAC, PCC and KMA; XTS 58/60 of KM and PCC) take a key
 * field of the wrapped key followed by its 32-byte verification pattern
 * (WKVP), so that fields after the key (the XTS parameter, PCC's tweak)
 * move by 32 bytes. A simulated firmware wrapping key, numbered by an
 * atomic generation counter (the model is described at zc_sim_wk_material()),
 * wraps keys (zc_cpacf_sim_wrap) and is changed by
 * zc_cpacf_sim_new_wrapping_key(). When the WKVP does not match the
 * current wrapping key the instruction ends with cc 1 before it processes
 * anything; when the wrapping key changes while it runs, it ends with cc 1
 * before its next unit of data, registers past what it did. Otherwise it
 * works exactly like the clear-key code.
 *
 * Threads may issue instructions at the same time, and change the wrapping
 * key while others run; the counters and the stop are atomics, so there is
 * no data race while no stop is armed (the rule is in cpacf_sim.h).
 *
 * Full XTS (KM 82/84, MSA-10) is modelled from the architecture as we read
 * it: the block K1 | K2 | tweak | NAP, the XTS value of block j being
 * E_K2(tweak) times NAP in GF(2^128), NAP multiplied by alpha per block
 * and the tweak field left as it is. This is our own model, not hardware:
 * no emulator runs these codes, so the library's self-test of them is
 * what checks the reading on a real machine. The encrypted-key codes
 * 90/92 take K1 || K2 wrapped as one (the wrapping model below, with
 * material of the double key's length) and its WKVP after the tweak and
 * NAP: wrapped key | tweak | NAP | WKVP; cc 1 for a stale pattern or a
 * wrapping-key change, as the AES codes. The arithmetic is the same model
 * as 82/84 (the sim's own AES and GF(2^128)), not the library's code.
 *
 * KMAC-HMAC (112-115, MSA-11), likewise our own model: the block holds
 * the chaining value, the message bit length (imbl, without the key
 * block) and the key K0; with GR0's IKP bit clear the instruction first
 * absorbs K0 ^ ipad from the hash's initial value and sets IKP; with IIMP
 * set it takes whole blocks only; with IIMP clear it pads the inner hash
 * (imbl plus the key block), hashes K0 ^ opad and the inner digest, and
 * leaves the MAC at the start of the chaining value. The encrypted-key
 * codes 120-123 hold the wrapped K0 and its WKVP in the key field (the
 * wrapping model below, with wrapping material of the block's length),
 * with cc 1 for a stale pattern or a wrapping-key change, as the AES codes.
 *
 * ECDSA, EdDSA and scalar multiplication (KDSA 1-3, 9-11, 32, 36, 40, 44,
 * the encrypted-key signs 17-19, 48, 52 with keys wrapped by the model
 * below (zc_cpacf_sim_wrap_ec), PCC 64-66, 72, 73, 80, 81, facility bit
 * 155 for MSA-9): cpacf_sim_ec.c
 * (with sim_edwards.c for PCC 72/73), only when the build found libcrypto
 * (ZC_SIM_EC); its curve arithmetic is libcrypto's, not the library's, and
 * its top comment gives the layouts, condition codes and the partial
 * completion of these parameter-block-only instructions. Without it
 * neither the facility bit nor the codes are reported, so the library
 * falls back to software.
 *
 * Not implemented: the encrypted DEA/TDEA codes 9-11 (the kernel wraps AES
 * only), encrypted full XTS (90/92), PRNO SHA-512-DRNG and TRNG
 * query ratio, PCKMO (all of KDSA and PCC 64-81 without libcrypto), and KLMD's SHAKE continuation (the
 * padding-state flag). PCC's XTS-parameter computation requires a zero
 * intermediate bit index and a block sequence number below 2^20. A stop
 * never fires in an instruction that has no data left (KLMD or KMA with
 * empty operands still pads and finishes).
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/cpacf.h"
#include "cpacf_sim.h"
#include "sim_wrap.h"
#include "aes/aes_ct64.h"
#include "des/des_ct.h"
#include "aes/ghash_ct.h"
#include "hash/hash_sw.h"
#include "core/util.h"
#include "zcrypt/common.h"

/* ------------------------------------------------------------------ */
/* Stop, counters                                                       */
/* ------------------------------------------------------------------ */

/* The opcodes modelled, in one table: index for the execution counters. */
enum sim_op {
    SIM_KM, SIM_KMC, SIM_KMF, SIM_KMO, SIM_KMCTR, SIM_KMAC, SIM_PCC,
    SIM_KIMD, SIM_KLMD, SIM_KMA, SIM_PRNO,
#ifdef ZC_SIM_EC
    SIM_KDSA,
#endif
    SIM_NOPS
};

#ifdef ZC_SIM_EC
/* cpacf_sim_ec.c: stop is the armed stop's condition code (0: none). */
int zc_sim_ec_kdsa(unsigned long gr[8], int stop);
int zc_sim_ec_pcc(unsigned long gr[8], int stop);
void zc_sim_ec_reset(void);
#endif

/* PCC's scalar-multiplication codes of MSA-9 (asm/cpacf.h does not name them). */
enum { SIM_FC_PCC_P256 = 64, SIM_FC_PCC_P384 = 65, SIM_FC_PCC_P521 = 66 };

/*
 * Shared between threads (see the rule in cpacf_sim.h): every field is an
 * atomic, read and written relaxed except `armed`, which publishes the
 * other stop fields (release when arming, acquire when testing). The byte
 * count only runs while a stop is armed, so unarmed threads never write it.
 */
static struct {
    atomic_ulong count;         /* data bytes processed since arming */
    atomic_ulong after;         /* armed stop: fire once count >= after */
    atomic_int armed, cc, fired;
    atomic_uint stop_opcode;    /* the one the stop fired in */
    atomic_uint only;           /* armed by zc_cpacf_sim_stop_in: its opcode */
    atomic_ulong executed[SIM_NOPS][128];
} sim;

/* The instruction this thread is executing. */
static _Thread_local unsigned sim_opcode;

static void stop_arm(unsigned long after, int cc, unsigned only)
{
    atomic_store_explicit(&sim.count, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.after, after, memory_order_relaxed);
    atomic_store_explicit(&sim.cc, cc, memory_order_relaxed);
    atomic_store_explicit(&sim.fired, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.stop_opcode, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.only, only, memory_order_relaxed);
    atomic_store_explicit(&sim.armed, 1, memory_order_release);
}

void zc_cpacf_sim_stop(unsigned long after, int cc)
{
    stop_arm(after, cc, 0);
}

void zc_cpacf_sim_stop_in(unsigned opcode, int cc)
{
    stop_arm(0, cc, opcode);
}

void zc_cpacf_sim_reset(void)
{
    unsigned i, j;

    atomic_store_explicit(&sim.armed, 0, memory_order_release);
    atomic_store_explicit(&sim.count, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.after, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.cc, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.fired, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.stop_opcode, 0, memory_order_relaxed);
    atomic_store_explicit(&sim.only, 0, memory_order_relaxed);
#ifdef ZC_SIM_EC
    zc_sim_ec_reset();
#endif
    for (i = 0; i < SIM_NOPS; i++)
        for (j = 0; j < 128; j++)
            atomic_store_explicit(&sim.executed[i][j], 0, memory_order_relaxed);
}

int zc_cpacf_sim_stopped(void)
{
    return atomic_load_explicit(&sim.fired, memory_order_relaxed);
}

unsigned zc_cpacf_sim_stop_opcode(void)
{
    return atomic_load_explicit(&sim.stop_opcode, memory_order_relaxed);
}

static void sim_spoil_key_field(uint8_t *field, unsigned fc);

/* Is the armed stop due before the next unit of data (in this opcode,
 * when it was armed for one)? */
static int stop_due(void)
{
    unsigned only;

    if (!atomic_load_explicit(&sim.armed, memory_order_acquire))
        return 0;
    only = atomic_load_explicit(&sim.only, memory_order_relaxed);
    return (only == 0 || only == sim_opcode) &&
           atomic_load_explicit(&sim.count, memory_order_relaxed) >=
           atomic_load_explicit(&sim.after, memory_order_relaxed);
}

/*
 * The armed stop, before a unit of data: 0 to go on, or end the
 * instruction here: disarm and return the armed condition code (the
 * exchange lets only one thread take a one-shot stop). cc 1 says the
 * key field's verification pattern no longer matches, so the key field
 * (NULL for KIMD/KLMD) is spoiled: every byte of a clear key, or of the
 * WKVP of an encrypted-key function, is inverted. Only a caller that
 * writes a fresh key field before re-issuing gets on: a clear key would
 * give wrong output, a wrapped key cc 1 again.
 */
static int stop_fire(uint8_t *field, unsigned fc)
{
    int cc;

    if (!stop_due() || !atomic_exchange_explicit(&sim.armed, 0, memory_order_acq_rel))
        return 0;
    cc = atomic_load_explicit(&sim.cc, memory_order_relaxed);
    atomic_store_explicit(&sim.fired, 1, memory_order_relaxed);
    atomic_store_explicit(&sim.stop_opcode, sim_opcode, memory_order_relaxed);
    if (cc == 1 && field != NULL)
        sim_spoil_key_field(field, fc);
    return cc;
}

static void consumed(unsigned long n)
{
    if (atomic_load_explicit(&sim.armed, memory_order_relaxed))
        atomic_fetch_add_explicit(&sim.count, n, memory_order_relaxed);
}

/* The machine's specification exception: a caller bug, never reached by a
 * correct test. */
static void sim_exception(const char *insn, unsigned long gr0, const char *why)
{
    fprintf(stderr, "cpacf_sim: %s fc 0x%lx: specification exception: %s\n", insn, gr0, why);
    abort();
}

/* Operand register pairs: addresses and lengths advance in place. */
static uint8_t *reg_ptr(const unsigned long gr[8], int r)
{
    return (uint8_t *)(uintptr_t)gr[r];
}

static void advance(unsigned long gr[8], int r, unsigned long n)
{
    gr[r] += n;
}

/* ------------------------------------------------------------------ */
/* Protected keys: the simulated firmware wrapping key                  */
/* ------------------------------------------------------------------ */

/* The model itself (the wrapping key of each generation, its pattern and
 * the material of longer keys) is sim_wrap.c's. */

int zc_cpacf_sim_wrap(const uint8_t *key, size_t key_len, uint8_t prot[64], size_t *prot_len)
{
    uint8_t wk[32], wkvp[SIM_WKVP_LEN];
    size_t i;

    if (key == NULL || prot == NULL || prot_len == NULL ||
        (key_len != 16 && key_len != 24 && key_len != 32))
        return ZC_EINVAL;
    zc_sim_wk_material(zc_sim_wk_current(), wk, wkvp);
    for (i = 0; i < key_len; i++)
        prot[i] = key[i] ^ wk[i];
    memcpy(prot + key_len, wkvp, SIM_WKVP_LEN);
    *prot_len = key_len + SIM_WKVP_LEN;
    zc_wipe(wk, sizeof wk);
    return ZC_OK;
}

/*
 * Unwrap a key field of an encrypted-key function (klen wrapped bytes,
 * then the WKVP) under the current generation: 1 with the clear key and
 * the generation it verified under, 0 when the WKVP does not match.
 */
static int sim_unwrap(const uint8_t *field, size_t klen, uint8_t clear[32], unsigned long *gen)
{
    uint8_t wk[32], wkvp[SIM_WKVP_LEN], diff = 0;
    size_t i;

    *gen = zc_sim_wk_current();
    zc_sim_wk_material(*gen, wk, wkvp);
    for (i = 0; i < SIM_WKVP_LEN; i++)
        diff |= (uint8_t)(field[klen + i] ^ wkvp[i]);
    for (i = 0; i < klen; i++)
        clear[i] = field[i] ^ wk[i];
    zc_wipe(wk, sizeof wk);
    return diff == 0;
}

/* ------------------------------------------------------------------ */
/* Block ciphers behind the cipher function codes                      */
/* ------------------------------------------------------------------ */

/* A cipher function code: block size, clear-key length, which cipher,
 * XTS, and whether the key field holds a wrapped key and its WKVP. */
struct sim_fn {
    uint8_t bs, klen, aes, xts, wrapped;
    uint8_t full;               /* full XTS: K1 | K2 | tweak | NAP */
};

/* KMA's GCM codes 18-20 and 26-28 have the same numbers as KM's AES. */
static const struct sim_fn sim_cipher_fns[128] = {
    [ZC_FC_DEA]             = { .bs = 8,  .klen = 8,  .aes = 0 },
    [ZC_FC_TDEA_128]        = { .bs = 8,  .klen = 16, .aes = 0 },
    [ZC_FC_TDEA_192]        = { .bs = 8,  .klen = 24, .aes = 0 },
    [ZC_FC_AES_128]         = { .bs = 16, .klen = 16, .aes = 1 },
    [ZC_FC_AES_192]         = { .bs = 16, .klen = 24, .aes = 1 },
    [ZC_FC_AES_256]         = { .bs = 16, .klen = 32, .aes = 1 },
    [ZC_FC_ENC_AES_128]     = { .bs = 16, .klen = 16, .aes = 1, .wrapped = 1 },
    [ZC_FC_ENC_AES_192]     = { .bs = 16, .klen = 24, .aes = 1, .wrapped = 1 },
    [ZC_FC_ENC_AES_256]     = { .bs = 16, .klen = 32, .aes = 1, .wrapped = 1 },
    [ZC_FC_XTS_AES_128]     = { .bs = 16, .klen = 16, .aes = 1, .xts = 1 },
    [ZC_FC_XTS_AES_256]     = { .bs = 16, .klen = 32, .aes = 1, .xts = 1 },
    [ZC_FC_ENC_XTS_AES_128] = { .bs = 16, .klen = 16, .aes = 1, .xts = 1, .wrapped = 1 },
    [ZC_FC_ENC_XTS_AES_256] = { .bs = 16, .klen = 32, .aes = 1, .xts = 1, .wrapped = 1 },
    [ZC_FC_FXTS_AES_128]    = { .bs = 16, .klen = 16, .aes = 1, .xts = 1, .full = 1 },
    [ZC_FC_FXTS_AES_256]    = { .bs = 16, .klen = 32, .aes = 1, .xts = 1, .full = 1 },
};

/* The length of the key field: the clear key, or wrapped key + WKVP.
 * Fields after it (the XTS parameter, PCC's tweak) start there. */
static size_t sim_key_field_len(unsigned fc)
{
    const struct sim_fn *f = &sim_cipher_fns[fc & 0x7f];

    if (f->full)
        return 2 * (size_t)f->klen;     /* K1 | K2 */
    return f->klen + (f->wrapped ? SIM_WKVP_LEN : 0);
}

/* cc 1: invert the clear key, or the WKVP of a wrapped one. */
static void sim_spoil_key_field(uint8_t *field, unsigned fc)
{
    const struct sim_fn *f = &sim_cipher_fns[fc & 0x7f];
    size_t i, from = f->wrapped ? f->klen : 0, to = sim_key_field_len(fc);

    for (i = from; i < to; i++)
        field[i] ^= 0xff;
}

struct sim_cipher {
    unsigned bs, klen, n;       /* n: AES rounds or DES passes */
    unsigned fc;                /* without the modifier bit */
    int aes, wrapped;
    unsigned long gen;          /* wrapped: the generation it verified under */
    uint8_t *key;               /* the key field in the parameter block */
    uint64_t rk[ZC_AES_SW_RK_WORDS];
    uint32_t sk[ZC_DES_SW_SK_WORDS];
};

/*
 * The key field of every cipher instruction goes through here: a clear
 * key of the function's length, or for an encrypted-key function the
 * wrapped key and its WKVP. Returns 0, or 1 when the WKVP does not match
 * the current wrapping key: the instruction then ends with cc 1 before
 * it does anything (c holds no key; sim_cipher_wipe() is still right).
 */
static int sim_cipher_key(struct sim_cipher *c, unsigned fc, uint8_t *key)
{
    const struct sim_fn *f = &sim_cipher_fns[fc & 0x7f];
    uint8_t clear[32];
    const uint8_t *k = key;
    int ok = 1;

    c->key = key;
    c->fc = fc & 0x7f;
    c->bs = f->bs;
    c->klen = f->klen;
    c->aes = f->aes;
    c->wrapped = f->wrapped;
    c->gen = 0;
    c->n = 0;
    if (c->wrapped) {
        ok = sim_unwrap(key, c->klen, clear, &c->gen);
        k = clear;
    }
    if (ok && c->aes)
        c->n = zc_aes_sw_setkey(c->rk, k, c->klen);
    else if (ok)
        c->n = zc_des_sw_setkey(c->sk, k, c->klen);
    zc_wipe(clear, sizeof clear);
    return ok ? 0 : 1;
}

static void sim_cipher_wipe(struct sim_cipher *c)
{
    zc_wipe(c, sizeof *c);
}

/*
 * Before each unit of data in an instruction with a key field: 0 to go
 * on, or the condition code to end with here, registers past what was
 * done: the armed stop, or cc 1 when the wrapping key changed since this
 * instruction unwrapped its key (the machine checks as it goes).
 */
static int unit_stop(const struct sim_cipher *c)
{
    int cc = stop_fire(c->key, c->fc);

    if (cc == 0 && c->wrapped && zc_sim_wk_current() != c->gen)
        cc = 1;
    return cc;
}

static void enc(const struct sim_cipher *c, const uint8_t *in, uint8_t *out)
{
    if (c->aes)
        zc_aes_sw_encrypt(c->rk, c->n, in, out, 1);
    else
        zc_des_sw_encrypt(c->sk, c->n, in, out, 1);
}

static void dec(const struct sim_cipher *c, const uint8_t *in, uint8_t *out)
{
    if (c->aes)
        zc_aes_sw_decrypt(c->rk, c->n, in, out, 1);
    else
        zc_des_sw_decrypt(c->sk, c->n, in, out, 1);
}

static void xor_into(uint8_t *d, const uint8_t *s, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        d[i] ^= s[i];
}

/* XTS: multiply by alpha, the block read as a little-endian 128-bit
 * polynomial reduced by x^128 + x^7 + x^2 + x + 1 (IEEE 1619, 5.2). */
static void xts_mul_alpha(uint8_t t[16])
{
    unsigned carry = t[15] >> 7, i;

    for (i = 15; i > 0; i--)
        t[i] = (uint8_t)(t[i] << 1 | t[i - 1] >> 7);
    t[0] = (uint8_t)(t[0] << 1);
    if (carry)
        t[0] ^= 0x87;
}

/* XTS: r = a * b in GF(2^128), both in XTS byte order: b = sum of b_i x^i
 * with b_i bit i % 8 of byte i / 8, so a*b = sum of b_i (a * alpha^i). */
static void xts_gf_mul(const uint8_t a[16], const uint8_t b[16], uint8_t r[16])
{
    uint8_t v[16], acc[16] = { 0 };
    unsigned i;

    memcpy(v, a, 16);
    for (i = 0; i < 128; i++) {
        if (b[i / 8] >> (i % 8) & 1)
            xor_into(acc, v, 16);
        xts_mul_alpha(v);
    }
    memcpy(r, acc, 16);
}

/* CMAC subkey doubling: big-endian bit order, R = 0x87 (128-bit blocks)
 * or 0x1b (64-bit blocks) (SP 800-38B, 6.1). */
static void cmac_double(uint8_t *b, unsigned bs)
{
    unsigned carry = b[0] >> 7, i;

    for (i = 0; i + 1 < bs; i++)
        b[i] = (uint8_t)(b[i] << 1 | b[i + 1] >> 7);
    b[bs - 1] = (uint8_t)(b[bs - 1] << 1);
    if (carry)
        b[bs - 1] ^= bs == 16 ? 0x87 : 0x1b;
}

/* ------------------------------------------------------------------ */
/* KM, KMC, KMF, KMO, KMCTR, KMAC                                       */
/* ------------------------------------------------------------------ */

/* Check the source length against the granule; return the granule. */
static size_t cipher_granule(const char *name, unsigned long gr[8], size_t g)
{
    if (gr[5] % g)
        sim_exception(name, gr[0], "length not a multiple of the block");
    return g;
}

/*
 * One block of full XTS at the registers: the XTS value E_K2(tweak) * NAP
 * (t0 = E_K2(tweak)) around the cipher c (K1), NAP times alpha, the
 * operands advanced. The clear (82/84) and encrypted-key (90/92) codes
 * differ only in their keys and stops.
 */
static void fxts_block(unsigned long gr[8], const struct sim_cipher *c, const uint8_t t0[16],
                       uint8_t nap[16], int decipher)
{
    uint8_t t[16], buf[16];

    xts_gf_mul(t0, nap, t);
    memcpy(buf, reg_ptr(gr, 4), 16);
    xor_into(buf, t, 16);
    if (decipher)
        dec(c, buf, buf);
    else
        enc(c, buf, buf);
    xor_into(buf, t, 16);
    xts_mul_alpha(nap);
    memcpy(reg_ptr(gr, 2), buf, 16);
    advance(gr, 2, 16);
    advance(gr, 4, 16);
    gr[5] -= 16;
    consumed(16);
    zc_wipe(t, sizeof t);
    zc_wipe(buf, sizeof buf);
}

/*
 * Full XTS (82/84): c holds K1 (the data key); K2 follows it. The XTS
 * value of the next block is E_K2(tweak) * NAP; NAP is multiplied by
 * alpha per block and is all a resumed instruction needs.
 */
static int sim_km_full(unsigned long gr[8], struct sim_cipher *c, int decipher)
{
    uint8_t *param = reg_ptr(gr, 1);
    uint8_t *tweak = param + 2 * c->klen, *nap = tweak + 16;
    uint8_t t0[16];
    struct sim_cipher c2;
    int cc = 0;

    sim_cipher_key(&c2, c->fc, param + c->klen);
    enc(&c2, tweak, t0);
    sim_cipher_wipe(&c2);
    cipher_granule("KM", gr, 16);
    while (gr[5] > 0) {
        if ((cc = unit_stop(c)) != 0)
            break;
        fxts_block(gr, c, t0, nap, decipher);
    }
    zc_wipe(t0, sizeof t0);
    sim_cipher_wipe(c);
    return cc;
}

/* KM 90/92, with the HMAC codes' wrapping material (below). */
static int sim_km_pfull(unsigned long gr[8], unsigned fc, int decipher);

static int sim_km(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    int decipher = (gr[0] & ZC_CPACF_DECRYPT) != 0;
    int xts = sim_cipher_fns[fc].xts;
    uint8_t *param = reg_ptr(gr, 1);
    struct sim_cipher c;
    uint8_t buf[16];
    size_t bs;
    int cc = 0;

    if (fc == ZC_FC_ENC_FXTS_AES_128 || fc == ZC_FC_ENC_FXTS_AES_256)
        return sim_km_pfull(gr, fc, decipher);
    if (sim_cipher_key(&c, fc, param))
        return 1;                       /* WKVP mismatch: nothing done */
    if (sim_cipher_fns[fc].full)
        return sim_km_full(gr, &c, decipher);
    bs = cipher_granule("KM", gr, c.bs);
    while (gr[5] > 0) {
        uint8_t *t = param + sim_key_field_len(fc);     /* XTS parameter */

        if ((cc = unit_stop(&c)) != 0)
            break;
        memcpy(buf, reg_ptr(gr, 4), bs);
        if (xts)
            xor_into(buf, t, 16);
        if (decipher)
            dec(&c, buf, buf);
        else
            enc(&c, buf, buf);
        if (xts) {
            xor_into(buf, t, 16);
            xts_mul_alpha(t);
        }
        memcpy(reg_ptr(gr, 2), buf, bs);
        advance(gr, 2, bs);
        advance(gr, 4, bs);
        gr[5] -= bs;
        consumed(bs);
    }
    sim_cipher_wipe(&c);
    return cc;
}

static int sim_kmc(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    int decipher = (gr[0] & ZC_CPACF_DECRYPT) != 0;
    uint8_t *cv = reg_ptr(gr, 1);
    struct sim_cipher c;
    uint8_t in[16], buf[16];
    size_t bs;
    int cc = 0;

    if (sim_cipher_key(&c, fc, cv + sim_cipher_fns[fc].bs))
        return 1;                       /* WKVP mismatch: nothing done */
    bs = cipher_granule("KMC", gr, c.bs);
    while (gr[5] > 0) {
        if ((cc = unit_stop(&c)) != 0)
            break;
        memcpy(in, reg_ptr(gr, 4), bs);
        if (decipher) {
            dec(&c, in, buf);
            xor_into(buf, cv, bs);
            memcpy(cv, in, bs);
        } else {
            memcpy(buf, in, bs);
            xor_into(buf, cv, bs);
            enc(&c, buf, buf);
            memcpy(cv, buf, bs);
        }
        memcpy(reg_ptr(gr, 2), buf, bs);
        advance(gr, 2, bs);
        advance(gr, 4, bs);
        gr[5] -= bs;
        consumed(bs);
    }
    sim_cipher_wipe(&c);
    return cc;
}

static int sim_kmf(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    int decipher = (gr[0] & ZC_CPACF_DECRYPT) != 0;
    size_t s = (gr[0] >> 24) & 0xff;
    uint8_t *cv = reg_ptr(gr, 1);
    struct sim_cipher c;
    uint8_t in[16], ks[16], ct[16];
    size_t bs;
    int cc = 0;

    if (sim_cipher_key(&c, fc, cv + sim_cipher_fns[fc].bs))
        return 1;                       /* WKVP mismatch: nothing done */
    bs = c.bs;
    if (s == 0 || s > bs)
        sim_exception("KMF", gr[0], "segment length not 1..block size");
    cipher_granule("KMF", gr, s);
    while (gr[5] > 0) {
        if ((cc = unit_stop(&c)) != 0)
            break;
        memcpy(in, reg_ptr(gr, 4), s);
        enc(&c, cv, ks);
        memcpy(ct, decipher ? in : ks, s);
        if (!decipher)
            xor_into(ct, in, s);
        xor_into(in, ks, s);            /* in is now the output segment */
        memmove(cv, cv + s, bs - s);
        memcpy(cv + bs - s, ct, s);
        memcpy(reg_ptr(gr, 2), in, s);
        advance(gr, 2, s);
        advance(gr, 4, s);
        gr[5] -= s;
        consumed(s);
    }
    sim_cipher_wipe(&c);
    return cc;
}

static int sim_kmo(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    uint8_t *cv = reg_ptr(gr, 1);
    struct sim_cipher c;
    uint8_t buf[16];
    size_t bs;
    int cc = 0;

    if (sim_cipher_key(&c, fc, cv + sim_cipher_fns[fc].bs))
        return 1;                       /* WKVP mismatch: nothing done */
    bs = cipher_granule("KMO", gr, c.bs);
    while (gr[5] > 0) {
        if ((cc = unit_stop(&c)) != 0)
            break;
        enc(&c, cv, cv);
        memcpy(buf, reg_ptr(gr, 4), bs);
        xor_into(buf, cv, bs);
        memcpy(reg_ptr(gr, 2), buf, bs);
        advance(gr, 2, bs);
        advance(gr, 4, bs);
        gr[5] -= bs;
        consumed(bs);
    }
    sim_cipher_wipe(&c);
    return cc;
}

static int sim_kmctr(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    struct sim_cipher c;
    uint8_t buf[16], ks[16];
    size_t bs;
    int cc = 0;

    if (sim_cipher_key(&c, fc, reg_ptr(gr, 1)))
        return 1;                       /* WKVP mismatch: nothing done */
    bs = cipher_granule("KMCTR", gr, c.bs);
    while (gr[5] > 0) {
        if ((cc = unit_stop(&c)) != 0)
            break;
        enc(&c, reg_ptr(gr, 6), ks);
        memcpy(buf, reg_ptr(gr, 4), bs);
        xor_into(buf, ks, bs);
        memcpy(reg_ptr(gr, 2), buf, bs);
        advance(gr, 2, bs);
        advance(gr, 4, bs);
        advance(gr, 6, bs);
        gr[5] -= bs;
        consumed(bs);
    }
    sim_cipher_wipe(&c);
    return cc;
}

static int sim_kmac_hmac(unsigned long gr[8]);

static int sim_kmac(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    uint8_t *cv = reg_ptr(gr, 1);
    struct sim_cipher c;
    size_t bs;
    int cc = 0;

    if (fc >= ZC_FC_HMAC_SHA_224)
        return sim_kmac_hmac(gr);

    if (sim_cipher_key(&c, fc, cv + sim_cipher_fns[fc].bs))
        return 1;                       /* WKVP mismatch: nothing done */
    bs = cipher_granule("KMAC", gr, c.bs);
    while (gr[5] > 0) {
        if ((cc = unit_stop(&c)) != 0)
            break;
        xor_into(cv, reg_ptr(gr, 4), bs);
        enc(&c, cv, cv);
        advance(gr, 4, bs);
        gr[5] -= bs;
        consumed(bs);
    }
    sim_cipher_wipe(&c);
    return cc;
}

/* ------------------------------------------------------------------ */
/* PCC                                                                  */
/* ------------------------------------------------------------------ */

/* Compute-Last-Block-CMAC: ML (bits) + 7 reserved, message, ICV, key.
 * Returns the condition code. */
static int pcc_cmac(unsigned long gr0, uint8_t *param)
{
    unsigned fc = gr0 & 0x7f;
    struct sim_cipher c;
    unsigned bs = sim_cipher_fns[fc].bs, ml = param[0];
    uint8_t *msg = param + 8, *icv = param + 8 + bs;
    uint8_t k[16], m[16];

    if (ml > 8 * bs)
        sim_exception("PCC", gr0, "message length above the block size");
    if (sim_cipher_key(&c, fc, param + 8 + 2 * bs))
        return 1;                       /* WKVP mismatch: nothing done */
    memset(k, 0, sizeof k);
    enc(&c, k, k);                      /* L = E(0) */
    cmac_double(k, bs);                 /* K1 */
    memcpy(m, msg, bs);
    if (ml < 8 * bs) {
        /* Keep the ML message bits, then 1, then zeros (10* padding). */
        unsigned byte = ml / 8, bit = ml % 8;

        m[byte] = (uint8_t)((m[byte] & (0xff00 >> bit)) | (0x80 >> bit));
        memset(m + byte + 1, 0, bs - byte - 1);
        cmac_double(k, bs);             /* K2 */
    }
    xor_into(m, k, bs);
    xor_into(icv, m, bs);
    enc(&c, icv, icv);
    zc_wipe(k, sizeof k);
    zc_wipe(m, sizeof m);
    sim_cipher_wipe(&c);
    return 0;
}

/* Compute-XTS-Parameter: key field, tweak, block sequence number
 * (little-endian 128-bit, as the XTS arithmetic reads it), intermediate
 * bit index, XTS parameter (output) = E(tweak) * alpha^bsn. Returns the
 * condition code. */
static int pcc_xts(unsigned long gr0, uint8_t *param)
{
    unsigned fc = gr0 & 0x7f, i;
    size_t kf = sim_key_field_len(fc);
    const uint8_t *tweak = param + kf, *bsn = tweak + 16, *ibi = bsn + 16;
    uint8_t *xts = param + kf + 48;
    struct sim_cipher c;
    unsigned long j = 0;

    for (i = 0; i < 16; i++)
        if (ibi[i])
            sim_exception("PCC", gr0, "intermediate bit index not 0 (not modelled)");
    for (i = 2; i < 16; i++)
        if (bsn[i] > (i == 2 ? 0x0f : 0))
            sim_exception("PCC", gr0, "block sequence number >= 2^20 (not modelled)");
    j = (unsigned long)bsn[0] | (unsigned long)bsn[1] << 8 | (unsigned long)bsn[2] << 16;
    if (sim_cipher_key(&c, fc, param))
        return 1;                       /* WKVP mismatch: nothing done */
    enc(&c, tweak, xts);
    while (j--)
        xts_mul_alpha(xts);
    sim_cipher_wipe(&c);
    return 0;
}

static int sim_pcc(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    int xts = sim_cipher_fns[fc].xts;
    uint8_t *param = reg_ptr(gr, 1);
    int cc;

#ifdef ZC_SIM_EC
    /* 64-66 NIST curves, 72/73 Edwards, 80/81 Montgomery (installed: checked) */
    if (fc >= SIM_FC_PCC_P256 && fc <= ZC_FC_PCC_SCALAR_MUL_X448)
        return zc_sim_ec_pcc(gr, stop_fire(NULL, 0));
#endif
    cc = stop_fire(xts ? param : param + 8 + 2 * sim_cipher_fns[fc].bs, fc);
    if (cc != 0)
        return cc;
    return xts ? pcc_xts(gr[0], param) : pcc_cmac(gr[0], param);
}

/* ------------------------------------------------------------------ */
/* KIMD, KLMD                                                           */
/* ------------------------------------------------------------------ */

enum sim_hash_kind { H_SHA1 = 1, H_SHA256, H_SHA512, H_KECCAK, H_GHASH };

/* A digest function code: block (rate), state size in the parameter
 * block, KLMD's bit-length field size, SHA-3 digest size, padding byte. */
struct sim_hash {
    uint8_t kind, bs, state, mbl, pad;
};

static const struct sim_hash sim_hash_fns[128] = {
    [ZC_FC_SHA_1]      = { .kind = H_SHA1,   .bs = 64,  .state = 20,  .mbl = 8 },
    [ZC_FC_SHA_256]    = { .kind = H_SHA256, .bs = 64,  .state = 32,  .mbl = 8 },
    [ZC_FC_SHA_512]    = { .kind = H_SHA512, .bs = 128, .state = 64,  .mbl = 16 },
    [ZC_FC_SHA3_224]   = { .kind = H_KECCAK, .bs = 144, .state = 200, .pad = 0x06 },
    [ZC_FC_SHA3_256]   = { .kind = H_KECCAK, .bs = 136, .state = 200, .pad = 0x06 },
    [ZC_FC_SHA3_384]   = { .kind = H_KECCAK, .bs = 104, .state = 200, .pad = 0x06 },
    [ZC_FC_SHA3_512]   = { .kind = H_KECCAK, .bs = 72,  .state = 200, .pad = 0x06 },
    [ZC_FC_SHAKE_128]  = { .kind = H_KECCAK, .bs = 168, .state = 200, .pad = 0x1f },
    [ZC_FC_SHAKE_256]  = { .kind = H_KECCAK, .bs = 136, .state = 200, .pad = 0x1f },
    [ZC_FC_GHASH]      = { .kind = H_GHASH,  .bs = 16,  .state = 32 },
};

static void keccak_load(uint64_t a[25], const uint8_t *p)
{
    unsigned i;

    for (i = 0; i < 25; i++)
        a[i] = zc_load_le64(p + 8 * i);
}

static void keccak_store(uint8_t *p, const uint64_t a[25])
{
    unsigned i;

    for (i = 0; i < 25; i++)
        zc_store_le64(p + 8 * i, a[i]);
}

/* One block into the state held in the parameter block (big-endian words
 * for SHA, FIPS 202 state bytes for Keccak, Y then H for GHASH). */
static void hash_block(const struct sim_hash *h, uint8_t *param, const uint8_t *blk)
{
    uint32_t w[8];
    uint64_t d[25];
    unsigned i;

    switch (h->kind) {
    case H_SHA1:
        for (i = 0; i < 5; i++)
            w[i] = zc_load_be32(param + 4 * i);
        zc_sha1_blocks(w, blk, 1);
        for (i = 0; i < 5; i++)
            zc_store_be32(param + 4 * i, w[i]);
        break;
    case H_SHA256:
        for (i = 0; i < 8; i++)
            w[i] = zc_load_be32(param + 4 * i);
        zc_sha256_blocks(w, blk, 1);
        for (i = 0; i < 8; i++)
            zc_store_be32(param + 4 * i, w[i]);
        break;
    case H_SHA512:
        for (i = 0; i < 8; i++)
            d[i] = zc_load_be64(param + 8 * i);
        zc_sha512_blocks(d, blk, 1);
        for (i = 0; i < 8; i++)
            zc_store_be64(param + 8 * i, d[i]);
        break;
    case H_KECCAK:
        keccak_load(d, param);
        zc_keccak_xor_bytes(d, blk, h->bs);
        zc_keccak_f1600(d);
        keccak_store(param, d);
        break;
    default:
        zc_ghash_sw(param, param + 16, blk, 16);
        break;
    }
}

static const struct sim_hash *hash_fn(const char *name, unsigned long gr0)
{
    const struct sim_hash *h = &sim_hash_fns[gr0 & 0x7f];

    if (h->kind == 0)
        sim_exception(name, gr0, "function code not modelled");
    return h;
}

/* Whole blocks of the second operand; 1 when the stop ended it early. */
static int hash_whole_blocks(const struct sim_hash *h, unsigned long gr[8], int *cc)
{
    uint8_t *param = reg_ptr(gr, 1);

    while (gr[5] >= h->bs) {
        if ((*cc = stop_fire(NULL, 0)) != 0)
            return 1;
        hash_block(h, param, reg_ptr(gr, 4));
        advance(gr, 4, h->bs);
        gr[5] -= h->bs;
        consumed(h->bs);
    }
    return 0;
}

static int sim_kimd(unsigned long gr[8])
{
    const struct sim_hash *h = hash_fn("KIMD", gr[0]);
    int cc = 0;

    if (gr[5] % h->bs)
        sim_exception("KIMD", gr[0], "length not a multiple of the block");
    hash_whole_blocks(h, gr, &cc);
    return cc;
}

/* KLMD's last step for SHA-1/2: remainder, 0x80, zeros, the bit length
 * field exactly as the parameter block holds it (big-endian). */
static void klmd_sha_final(const struct sim_hash *h, uint8_t *param, const uint8_t *rem, size_t n)
{
    uint8_t blk[2 * 128];
    size_t total = n + 1 + h->mbl <= h->bs ? h->bs : 2 * h->bs;

    memset(blk, 0, sizeof blk);
    memcpy(blk, rem, n);
    blk[n] = 0x80;
    memcpy(blk + total - h->mbl, param + h->state, h->mbl);
    hash_block(h, param, blk);
    if (total > h->bs)
        hash_block(h, param, blk + h->bs);
    zc_wipe(blk, sizeof blk);
}

/* KLMD's last step for SHA-3/SHAKE: pad, permute; SHAKE squeezes the
 * first operand (gr[2]/gr[3]), advancing it. */
static void klmd_keccak_final(const struct sim_hash *h, unsigned long gr[8], const uint8_t *rem,
                              size_t n)
{
    uint8_t *param = reg_ptr(gr, 1);
    uint8_t blk[200];
    uint64_t a[25];

    memset(blk, 0, sizeof blk);
    memcpy(blk, rem, n);
    blk[n] ^= h->pad;
    blk[h->bs - 1] ^= 0x80;
    keccak_load(a, param);
    zc_keccak_xor_bytes(a, blk, h->bs);
    zc_keccak_f1600(a);
    if (h->pad == 0x1f) {
        while (gr[3] > 0) {
            size_t k = gr[3] < h->bs ? gr[3] : h->bs;

            zc_keccak_extract(a, reg_ptr(gr, 2), k);
            advance(gr, 2, k);
            gr[3] -= k;
            if (gr[3] > 0)
                zc_keccak_f1600(a);
        }
    }
    keccak_store(param, a);
    zc_wipe(a, sizeof a);
    zc_wipe(blk, sizeof blk);
}

/* KMAC-HMAC: the SHA-2 initial value of function code fc, big-endian. */
static void hmac_iv(unsigned fc, uint8_t *cv)
{
    unsigned i;

    for (i = 0; i < 8; i++) {
        switch (fc) {
        case ZC_FC_HMAC_SHA_224: zc_store_be32(cv + 4 * i, zc_sha224_iv[i]); break;
        case ZC_FC_HMAC_SHA_256: zc_store_be32(cv + 4 * i, zc_sha256_iv[i]); break;
        case ZC_FC_HMAC_SHA_384: zc_store_be64(cv + 8 * i, zc_sha384_iv[i]); break;
        default:                 zc_store_be64(cv + 8 * i, zc_sha512_iv[i]); break;
        }
    }
}

/* Add n to a big-endian counter of len bytes. */
static void be_add(uint8_t *p, size_t len, unsigned long n)
{
    while (len-- > 0 && n) {
        n += p[len];
        p[len] = (uint8_t)n;
        n >>= 8;
    }
}

int zc_cpacf_sim_wrap_hmac(const uint8_t *k0, size_t k0_len, uint8_t prot[160],
                           size_t *prot_len)
{
    if (k0 == NULL || prot == NULL || prot_len == NULL || (k0_len != 64 && k0_len != 128))
        return ZC_EINVAL;
    zc_sim_wk_wrap(16, k0, k0_len, prot, prot_len);
    return ZC_OK;
}

int zc_cpacf_sim_wrap_xts(const uint8_t *key, size_t key_len, uint8_t prot[96],
                          size_t *prot_len)
{
    if (key == NULL || prot == NULL || prot_len == NULL || (key_len != 32 && key_len != 64))
        return ZC_EINVAL;
    zc_sim_wk_wrap(16, key, key_len, prot, prot_len);
    return ZC_OK;
}

/*
 * Protected full XTS (90/92): the block is wrapped K1 || K2 (dk bytes),
 * tweak, NAP, WKVP. Unwrapped under the current generation (cc 1 with
 * nothing done when the WKVP does not match), then the blocks as 82/84
 * do; before each block the armed stop (a cc 1 stop inverts the WKVP) or
 * cc 1 once the wrapping key changed since the unwrap.
 */
static int sim_km_pfull(unsigned long gr[8], unsigned fc, int decipher)
{
    uint8_t *param = reg_ptr(gr, 1);
    size_t kl = fc == ZC_FC_ENC_FXTS_AES_128 ? 16 : 32, dk = 2 * kl, i;
    uint8_t *tweak = param + dk, *nap = tweak + 16, *wkvp_f = nap + 16;
    uint8_t wk[64], wk2[32], wkvp[SIM_WKVP_LEN], clear[64], t0[16], diff = 0;
    unsigned long gen = zc_sim_wk_current();
    struct sim_cipher c1, c2;
    int cc = 0;

    zc_sim_wk_stream(gen, 16, wk, dk);
    zc_sim_wk_material(gen, wk2, wkvp);
    for (i = 0; i < SIM_WKVP_LEN; i++)
        diff |= (uint8_t)(wkvp_f[i] ^ wkvp[i]);
    zc_wipe(wk2, sizeof wk2);
    if (diff != 0) {
        zc_wipe(wk, sizeof wk);
        return 1;                       /* WKVP mismatch: nothing done */
    }
    for (i = 0; i < dk; i++)
        clear[i] = param[i] ^ wk[i];
    zc_wipe(wk, sizeof wk);
    /* the clear-key codes of the size: the key set-up only */
    sim_cipher_key(&c1, kl == 16 ? ZC_FC_AES_128 : ZC_FC_AES_256, clear);
    sim_cipher_key(&c2, kl == 16 ? ZC_FC_AES_128 : ZC_FC_AES_256, clear + kl);
    zc_wipe(clear, sizeof clear);
    enc(&c2, tweak, t0);
    sim_cipher_wipe(&c2);
    cipher_granule("KM", gr, 16);
    while (gr[5] > 0) {
        cc = stop_fire(NULL, 0);
        if (cc == 1)
            for (i = 0; i < SIM_WKVP_LEN; i++)
                wkvp_f[i] ^= 0xff;
        if (cc == 0 && zc_sim_wk_current() != gen)
            cc = 1;
        if (cc != 0)
            break;
        fxts_block(gr, &c1, t0, nap, decipher);
    }
    zc_wipe(t0, sizeof t0);
    sim_cipher_wipe(&c1);
    return cc;
}

/*
 * Before a unit of KMAC-HMAC data: the armed stop (a cc 1 stop inverts
 * the WKVP of an encrypted key field, as a changed wrapping key makes it
 * stale), or, for 120-123, cc 1 once the wrapping key has changed since
 * the instruction unwrapped its key.
 */
static int hmac_unit_stop(uint8_t *field, size_t bs, int wrapped, unsigned long gen)
{
    int cc = stop_fire(NULL, 0);
    size_t i;

    if (cc == 1 && wrapped)
        for (i = 0; i < SIM_WKVP_LEN; i++)
            field[bs + i] ^= 0xff;
    if (cc == 0 && wrapped && zc_sim_wk_current() != gen)
        cc = 1;
    return cc;
}

/*
 * KMAC 112-115, and the encrypted-key 120-123: the same HMAC with the key
 * field holding the wrapped K0 and its WKVP (the pattern checked first:
 * cc 1 with nothing done when it does not match the current wrapping key,
 * GR0's IKP unchanged). The block's chaining value and imbl sit where
 * KIMD/KLMD keep the state and the message bit length, so the KLMD
 * padding above serves both hashes; imbl counts the message only, the
 * inner hash's length adds the key block. A stop (armed, or a wrapping-key
 * change for 120-123) ends the instruction before a message block or
 * before the final step, after the key block if that was due.
 */
static int sim_kmac_hmac(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f, base = fc >= ZC_FC_ENC_HMAC_SHA_224 ? fc - 8 : fc;
    int big = base >= ZC_FC_HMAC_SHA_384, wrapped = fc != base;
    const struct sim_hash *h = &sim_hash_fns[big ? ZC_FC_SHA_512 : ZC_FC_SHA_256];
    size_t bs = h->bs, ds = base == ZC_FC_HMAC_SHA_224 ? 28 : base == ZC_FC_HMAC_SHA_256 ? 32
                                                       : base == ZC_FC_HMAC_SHA_384 ? 48 : 64;
    uint8_t *param = reg_ptr(gr, 1), *field = param + h->state + h->mbl;
    uint8_t blk[128], tmp[64 + 16], inner[64], key[128], wk[128], wk2[32], wkvp[SIM_WKVP_LEN];
    unsigned long gen = 0;
    size_t i, n;
    int cc = 0;

    if (wrapped) {
        uint8_t diff = 0;

        gen = zc_sim_wk_current();
        zc_sim_wk_material(gen, wk2, wkvp);
        for (i = 0; i < SIM_WKVP_LEN; i++)
            diff |= (uint8_t)(field[bs + i] ^ wkvp[i]);
        if (diff)
            return 1;                   /* WKVP mismatch: nothing done */
        zc_sim_wk_stream(gen, 16, wk, bs);
        for (i = 0; i < bs; i++)
            key[i] = field[i] ^ wk[i];
        zc_wipe(wk, sizeof wk);
        zc_wipe(wk2, sizeof wk2);
    } else {
        memcpy(key, field, bs);
    }
    if (gr[0] & ZC_KMAC_HMAC_IIMP && gr[5] % bs)
        sim_exception("KMAC", gr[0], "intermediate length not a multiple of the block");
    if (!(gr[0] & ZC_KMAC_HMAC_IKP)) {
        hmac_iv(base, param);
        for (i = 0; i < bs; i++)
            blk[i] = key[i] ^ 0x36;
        hash_block(h, param, blk);
        gr[0] |= ZC_KMAC_HMAC_IKP;
    }
    while (gr[5] >= bs) {
        if ((cc = hmac_unit_stop(field, bs, wrapped, gen)) != 0)
            goto out;
        hash_block(h, param, reg_ptr(gr, 4));
        advance(gr, 4, bs);
        gr[5] -= bs;
        consumed(bs);
    }
    if (gr[0] & ZC_KMAC_HMAC_IIMP)
        goto out;
    /* for 120-123 the last step is a unit too (the outer hash needs the
     * key), so a stop may come with no message left; the clear codes keep
     * the rule that a stop needs data left */
    if (wrapped && (cc = hmac_unit_stop(field, bs, wrapped, gen)) != 0)
        goto out;
    /* the inner hash's last blocks: message bits plus the key block's */
    n = gr[5];
    memcpy(tmp, param, h->state + h->mbl);
    be_add(tmp + h->state, h->mbl, (unsigned long)bs * 8);
    klmd_sha_final(h, tmp, reg_ptr(gr, 4), n);
    memcpy(inner, tmp, ds);
    advance(gr, 4, n);
    gr[5] = 0;
    consumed(n);
    /* the outer hash: K0 ^ opad, then the inner digest */
    hmac_iv(base, tmp);
    for (i = 0; i < bs; i++)
        blk[i] = key[i] ^ 0x5c;
    hash_block(h, tmp, blk);
    memset(tmp + h->state, 0, h->mbl);
    be_add(tmp + h->state, h->mbl, (unsigned long)(bs + ds) * 8);
    klmd_sha_final(h, tmp, inner, ds);
    memcpy(param, tmp, h->state);
out:
    zc_wipe(blk, sizeof blk);
    zc_wipe(tmp, sizeof tmp);
    zc_wipe(inner, sizeof inner);
    zc_wipe(key, sizeof key);
    return cc;
}

static int sim_klmd(unsigned long gr[8])
{
    const struct sim_hash *h = hash_fn("KLMD", gr[0]);
    size_t n;
    int cc = 0;

    if (h->kind == H_GHASH)
        sim_exception("KLMD", gr[0], "GHASH is KIMD only");
    if (hash_whole_blocks(h, gr, &cc))
        return cc;
    n = gr[5];
    if (n > 0 && (cc = stop_fire(NULL, 0)) != 0)
        return cc;
    if (h->kind == H_KECCAK)
        klmd_keccak_final(h, gr, reg_ptr(gr, 4), n);
    else
        klmd_sha_final(h, reg_ptr(gr, 1), reg_ptr(gr, 4), n);
    advance(gr, 4, n);
    gr[5] = 0;
    consumed(n);
    return 0;
}

/* ------------------------------------------------------------------ */
/* KMA (GCM)                                                            */
/* ------------------------------------------------------------------ */

/* Parameter block offsets. */
enum {
    KMA_CV = 12, KMA_T = 16, KMA_H = 32, KMA_TAADL = 48, KMA_TPCL = 56, KMA_J0 = 64,
    KMA_KEY = 80
};

static int sim_kma(unsigned long gr[8])
{
    unsigned fc = gr[0] & 0x7f;
    int decipher = (gr[0] & ZC_CPACF_DECRYPT) != 0;
    int lpc = (gr[0] & ZC_KMA_LPC) != 0, laad = (gr[0] & ZC_KMA_LAAD) != 0;
    uint8_t *p = reg_ptr(gr, 1);
    struct sim_cipher c;
    uint8_t ctr[16], ks[16], buf[16], ct[16];
    int cc = 0;

    if (!laad && gr[7] % 16)
        sim_exception("KMA", gr[0], "AAD length not a multiple of 16 without LAAD");
    if (!lpc && gr[5] % 16)
        sim_exception("KMA", gr[0], "text length not a multiple of 16 without LPC");
    if (sim_cipher_key(&c, fc, p + KMA_KEY))
        return 1;                       /* WKVP mismatch: nothing done */
    if (!(gr[0] & ZC_KMA_HS)) {
        memset(p + KMA_H, 0, 16);
        enc(&c, p + KMA_H, p + KMA_H);
    }
    while (gr[7] > 0) {
        size_t n = gr[7] < 16 ? gr[7] : 16;

        if ((cc = unit_stop(&c)) != 0)
            goto out;
        zc_ghash_sw(p + KMA_T, p + KMA_H, reg_ptr(gr, 6), n);
        advance(gr, 6, n);
        gr[7] -= n;
        consumed(n);
    }
    while (gr[5] > 0) {
        size_t n = gr[5] < 16 ? gr[5] : 16;

        if ((cc = unit_stop(&c)) != 0)
            goto out;
        zc_store_be32(p + KMA_CV, zc_load_be32(p + KMA_CV) + 1);
        memcpy(ctr, p + KMA_J0, 12);
        memcpy(ctr + 12, p + KMA_CV, 4);
        enc(&c, ctr, ks);
        memcpy(buf, reg_ptr(gr, 4), n);
        if (decipher)
            memcpy(ct, buf, n);
        xor_into(buf, ks, n);
        if (!decipher)
            memcpy(ct, buf, n);
        zc_ghash_sw(p + KMA_T, p + KMA_H, ct, n);
        memcpy(reg_ptr(gr, 2), buf, n);
        advance(gr, 2, n);
        advance(gr, 4, n);
        gr[5] -= n;
        consumed(n);
    }
    if (lpc) {
        zc_ghash_sw(p + KMA_T, p + KMA_H, p + KMA_TAADL, 16);
        enc(&c, p + KMA_J0, ks);
        xor_into(p + KMA_T, ks, 16);
    }
out:
    zc_wipe(ks, sizeof ks);
    sim_cipher_wipe(&c);
    return cc;
}

/* ------------------------------------------------------------------ */
/* PRNO                                                                 */
/* ------------------------------------------------------------------ */

/*
 * TRNG: NOT random. splitmix64, a fixed-seed non-cryptographic generator,
 * stands in for the entropy source so that test runs are reproducible;
 * only the operand handling is modelled.
 */
static _Atomic uint64_t prno_state = 0x6a09e667f3bcc908u;

static uint8_t prno_byte(void)
{
    uint64_t z = atomic_fetch_add_explicit(&prno_state, 0x9e3779b97f4a7c15u,
                                           memory_order_relaxed) + 0x9e3779b97f4a7c15u;

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (uint8_t)((z ^ (z >> 31)) >> 56);
}

static int sim_prno(unsigned long gr[8])
{
    int r;

    for (r = 2; r <= 4; r += 2) {
        while (gr[r + 1] > 0) {
            *reg_ptr(gr, r) = prno_byte();
            advance(gr, r, 1);
            gr[r + 1]--;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* KDSA (ECDSA, EdDSA: cpacf_sim_ec.c)                                  */
/* ------------------------------------------------------------------ */

#ifdef ZC_SIM_EC
/* The stop's condition code goes in: the model ends part-way itself. */
static int sim_kdsa(unsigned long gr[8])
{
    return zc_sim_ec_kdsa(gr, stop_fire(NULL, 0));
}

int zc_cpacf_sim_has_ec(void);
#define SIM_PCC_EC_FCS , SIM_FC_PCC_P256, SIM_FC_PCC_P384, SIM_FC_PCC_P521, \
                       ZC_FC_PCC_SCALAR_MUL_ED25519, ZC_FC_PCC_SCALAR_MUL_ED448, \
                       ZC_FC_PCC_SCALAR_MUL_X25519, ZC_FC_PCC_SCALAR_MUL_X448
#else
int zc_cpacf_sim_has_ec(void)
{
    return 0;
}
#define SIM_PCC_EC_FCS
#endif

/* ------------------------------------------------------------------ */
/* Dispatch                                                             */
/* ------------------------------------------------------------------ */

#define SIM_CIPHER_FCS ZC_FC_DEA, ZC_FC_TDEA_128, ZC_FC_TDEA_192, \
                       ZC_FC_AES_128, ZC_FC_AES_192, ZC_FC_AES_256, \
                       ZC_FC_ENC_AES_128, ZC_FC_ENC_AES_192, ZC_FC_ENC_AES_256
#define SIM_XTS_FCS    ZC_FC_XTS_AES_128, ZC_FC_XTS_AES_256, \
                       ZC_FC_ENC_XTS_AES_128, ZC_FC_ENC_XTS_AES_256
#define SIM_FXTS_FCS   ZC_FC_FXTS_AES_128, ZC_FC_FXTS_AES_256, \
                       ZC_FC_ENC_FXTS_AES_128, ZC_FC_ENC_FXTS_AES_256
#define SIM_HMAC_FCS   ZC_FC_HMAC_SHA_224, ZC_FC_HMAC_SHA_256, \
                       ZC_FC_HMAC_SHA_384, ZC_FC_HMAC_SHA_512, \
                       ZC_FC_ENC_HMAC_SHA_224, ZC_FC_ENC_HMAC_SHA_256, \
                       ZC_FC_ENC_HMAC_SHA_384, ZC_FC_ENC_HMAC_SHA_512
#define SIM_SHA_FCS    ZC_FC_SHA_1, ZC_FC_SHA_256, ZC_FC_SHA_512, \
                       ZC_FC_SHA3_224, ZC_FC_SHA3_256, ZC_FC_SHA3_384, \
                       ZC_FC_SHA3_512, ZC_FC_SHAKE_128, ZC_FC_SHAKE_256

/* One row per modelled instruction: its opcode, name, implementation and
 * the function codes it answers (0-terminated; the query, 0, always). */
static const struct sim_insn {
    unsigned opcode;
    const char *name;
    int (*exec)(unsigned long gr[8]);
    uint8_t fcs[32];
} sim_insns[SIM_NOPS] = {
    [SIM_KM]    = { .opcode = 0xb92e, .name = "KM", .exec = sim_km,
                    .fcs = { SIM_CIPHER_FCS, SIM_XTS_FCS, SIM_FXTS_FCS } },
    [SIM_KMC]   = { .opcode = 0xb92f, .name = "KMC", .exec = sim_kmc, .fcs = { SIM_CIPHER_FCS } },
    [SIM_KMF]   = { .opcode = 0xb92a, .name = "KMF", .exec = sim_kmf, .fcs = { SIM_CIPHER_FCS } },
    [SIM_KMO]   = { .opcode = 0xb92b, .name = "KMO", .exec = sim_kmo, .fcs = { SIM_CIPHER_FCS } },
    [SIM_KMCTR] = { .opcode = 0xb92d, .name = "KMCTR", .exec = sim_kmctr,
                    .fcs = { SIM_CIPHER_FCS } },
    [SIM_KMAC]  = { .opcode = 0xb91e, .name = "KMAC", .exec = sim_kmac,
                    .fcs = { SIM_CIPHER_FCS, SIM_HMAC_FCS } },
    [SIM_PCC]   = { .opcode = 0xb92c, .name = "PCC", .exec = sim_pcc,
                    .fcs = { SIM_CIPHER_FCS, SIM_XTS_FCS SIM_PCC_EC_FCS } },
    [SIM_KIMD]  = { .opcode = 0xb93e, .name = "KIMD", .exec = sim_kimd,
                    .fcs = { SIM_SHA_FCS, ZC_FC_GHASH } },
    [SIM_KLMD]  = { .opcode = 0xb93f, .name = "KLMD", .exec = sim_klmd, .fcs = { SIM_SHA_FCS } },
    [SIM_KMA]   = { .opcode = 0xb929, .name = "KMA", .exec = sim_kma,
                    .fcs = { ZC_FC_KMA_GCM_AES_128, ZC_FC_KMA_GCM_AES_192,
                             ZC_FC_KMA_GCM_AES_256, ZC_FC_KMA_GCM_ENC_AES_128,
                             ZC_FC_KMA_GCM_ENC_AES_192, ZC_FC_KMA_GCM_ENC_AES_256 } },
    [SIM_PRNO]  = { .opcode = 0xb93c, .name = "PRNO", .exec = sim_prno,
                    .fcs = { ZC_FC_PRNO_TRNG } },
#ifdef ZC_SIM_EC
    [SIM_KDSA]  = { .opcode = ZC_OP_KDSA, .name = "KDSA", .exec = sim_kdsa,
                    .fcs = { ZC_FC_KDSA_ECDSA_VERIFY_P256, ZC_FC_KDSA_ECDSA_VERIFY_P384,
                             ZC_FC_KDSA_ECDSA_VERIFY_P521, ZC_FC_KDSA_ECDSA_SIGN_P256,
                             ZC_FC_KDSA_ECDSA_SIGN_P384, ZC_FC_KDSA_ECDSA_SIGN_P521,
                             ZC_FC_KDSA_EDDSA_VERIFY_25519, ZC_FC_KDSA_EDDSA_VERIFY_448,
                             ZC_FC_KDSA_EDDSA_SIGN_25519, ZC_FC_KDSA_EDDSA_SIGN_448,
                             ZC_FC_KDSA_ENC_ECDSA_SIGN_P256, ZC_FC_KDSA_ENC_ECDSA_SIGN_P384,
                             ZC_FC_KDSA_ENC_ECDSA_SIGN_P521, ZC_FC_KDSA_ENC_EDDSA_SIGN_25519,
                             ZC_FC_KDSA_ENC_EDDSA_SIGN_448 } },
#endif
};

static int sim_find(unsigned opcode)
{
    int i;

    for (i = 0; i < SIM_NOPS; i++)
        if (sim_insns[i].opcode == opcode)
            return i;
    return -1;
}

static int sim_has_fc(const struct sim_insn *in, unsigned fc)
{
    unsigned i;

    for (i = 0; i < sizeof in->fcs && in->fcs[i]; i++)
        if (in->fcs[i] == fc)
            return 1;
    return 0;
}

int zc_cpacf_sim_insn(unsigned opcode, unsigned long gr[8])
{
    int op = sim_find(opcode);
    const struct sim_insn *in;
    unsigned fc = gr[0] & 0x7f;

    if (op < 0) {
        fprintf(stderr, "cpacf_sim: opcode 0x%04x: operation exception (not modelled)\n", opcode);
        abort();
    }
    in = &sim_insns[op];
    if (fc == ZC_CPACF_QUERY) {
        uint8_t *mask = reg_ptr(gr, 1);
        unsigned i;

        memset(mask, 0, 16);
        mask[0] = 0x80;                 /* the query itself, as machines report */
        for (i = 0; i < sizeof in->fcs && in->fcs[i]; i++)
            mask[in->fcs[i] >> 3] |= (uint8_t)(0x80 >> (in->fcs[i] & 7));
        return 0;
    }
    if (!sim_has_fc(in, fc))
        sim_exception(in->name, gr[0], "function code not installed");
    atomic_fetch_add_explicit(&sim.executed[op][fc], 1, memory_order_relaxed);
    sim_opcode = opcode;
    return in->exec(gr);
}

unsigned long zc_cpacf_sim_executed(unsigned opcode, unsigned fc)
{
    int op = sim_find(opcode);

    return op < 0 ? 0 : atomic_load_explicit(&sim.executed[op][fc & 0x7f], memory_order_relaxed);
}

/* STFLE 7, MSA 17, MSA-5 57, MSA-3 76, MSA-4 77, MSA-8 146; MSA-9 155 where
 * KDSA is modelled. */
static const unsigned sim_facilities[] = {
    7, 17, 57, 76, 77, 146,
#ifdef ZC_SIM_EC
    155,
#endif
};
#define SIM_STFLE_DWORDS 3

unsigned zc_cpacf_sim_stfle(uint64_t *fac, unsigned ndw)
{
    unsigned i;

    for (i = 0; i < ndw; i++)
        fac[i] = 0;
    for (i = 0; i < sizeof sim_facilities / sizeof sim_facilities[0]; i++) {
        unsigned n = sim_facilities[i];

        if (n / 64 < ndw)
            fac[n / 64] |= (uint64_t)1 << (63 - n % 64);
    }
    return SIM_STFLE_DWORDS;
}
