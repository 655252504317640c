/*
 * des.c - DES / Triple-DES key objects with ECB and CBC.
 *
 * The same shape as lib/aes.c, smaller: the backend from KM's DEA/TDEA
 * function code for the key length, a bit for KMC, the clear key for
 * CPACF parameter blocks, and the constant-time software schedule unless
 * the key is CPACF-only. One issuing helper (des_cpacf) builds the
 * parameter block on the stack, issues KM or KMC, checks the result and
 * wipes the block. DES keys are always clear (the kernel wraps no DES
 * keys), so nothing may stop these instructions early: a short count fails
 * the call closed with ZC_EDEVICE, the output zeroed.
 */
#include "caps.h"
#include "cpacf_pb.h"
#include "stats.h"
#include "util.h"
#include "sw/des_ct.h"
#include "../asm/cpacf.h"
#include <zcrypt/des.h>

#define ZC_DES_MAGIC 0x7a636b64u   /* "zckd" */
#define M_ECB 1u
#define M_CBC 2u

static unsigned des_fc(size_t key_len)
{
    switch (key_len) {
    case 8:  return ZC_FC_DEA;
    case 16: return ZC_FC_TDEA_128;
    case 24: return ZC_FC_TDEA_192;
    default: return 0;
    }
}

unsigned zc_des_mode_need(int cbc, size_t key_len, struct zc_cpacf_need need[2])
{
    unsigned fc = des_fc(key_len);

    if (fc == 0)
        return 0;
    need[0].insn = ZC_INSN_KM;
    need[0].fc = fc;
    if (!cbc)
        return 1;
    need[1].insn = ZC_INSN_KMC;
    need[1].fc = fc;
    return 2;
}

static int key_ok(const zc_des_key *k)
{
    return k != NULL && k->zc_magic == ZC_DES_MAGIC;
}

int zc_des_key_init(zc_des_key *k, const uint8_t *key, size_t key_len,
                    enum zc_backend backend)
{
    struct zc_cpacf_need need[2];
    struct zc_backend_info info;
    unsigned fc = des_fc(key_len), m;
    uint8_t modes = 0;

    if (k == NULL || key == NULL || fc == 0 || !zc_backend_sym_ok(backend))
        return ZC_EINVAL;
    if (backend != ZC_BACKEND_SOFTWARE) {
        for (m = 0; m < 2; m++) {
            zc_caps_decide(need, zc_des_mode_need((int)m, key_len, need), &info);
            if (info.backend == ZC_BACKEND_CPACF)
                modes |= (uint8_t)(1u << m);
        }
        if (!(modes & M_ECB)) {
            if (backend == ZC_BACKEND_CPACF)
                return ZC_ENOTSUP;
            modes = 0;
        }
    }
    if (modes == 0 && zc_policy_hw_only())        /* it would run in software */
        return ZC_ENOTSUP;
    memset(k, 0, sizeof(*k));
    if (backend == ZC_BACKEND_CPACF)
        k->zc_passes = key_len == 8 ? 1 : 3;
    else
        k->zc_passes = (uint8_t)zc_des_sw_setkey(k->zc_sk, key, key_len);
    memcpy(k->zc_key, key, key_len);
    k->zc_key_len = (uint8_t)key_len;
    k->zc_fc = (uint8_t)fc;
    k->zc_cpacf_modes = modes;
    k->zc_strict = backend == ZC_BACKEND_CPACF;
    k->zc_backend = (uint8_t)(backend == ZC_BACKEND_AUTO
                              ? (modes ? ZC_BACKEND_CPACF : ZC_BACKEND_SOFTWARE)
                              : backend);
    k->zc_magic = ZC_DES_MAGIC;
    return ZC_OK;
}

void zc_des_key_wipe(zc_des_key *k)
{
    if (k != NULL)
        zc_wipe(k, sizeof(*k));
}

enum zc_backend zc_des_key_backend(const zc_des_key *k)
{
    return key_ok(k) ? (enum zc_backend)k->zc_backend : ZC_BACKEND_AUTO;
}

static int args(const zc_des_key *k, const uint8_t *in, const uint8_t *out, size_t len)
{
    if (!key_ok(k) || zc_bad_ptr(in, len) || zc_bad_ptr(out, len) ||
        zc_partial_overlap(in, out, len) || len % 8)
        return ZC_EINVAL;
    return ZC_OK;
}

#ifdef ZC_HAVE_CPACF
/* KM (cv NULL) or KMC over len bytes, a multiple of 8; cv updated on success. */
static int des_cpacf(const zc_des_key *k, int decrypt, uint8_t cv[8], const uint8_t *in,
                     uint8_t *out, size_t len)
{
    struct zc_pb_des_chain pb __attribute__((aligned(8)));
    unsigned long fc = k->zc_fc | (decrypt ? ZC_CPACF_DECRYPT : 0);
    long n;

    memcpy(pb.key, k->zc_key, k->zc_key_len);
    if (cv == NULL) {
        n = zc_km(fc, pb.key, out, in, len);
    } else {
        memcpy(pb.cv, cv, 8);
        n = zc_kmc(fc, &pb, out, in, len);
        if (n == (long)len)
            memcpy(cv, pb.cv, 8);
    }
    zc_wipe(&pb, sizeof(pb));
    if (n == (long)len)
        return ZC_OK;
    zc_wipe(out, len);
    return n < 0 ? ZC_EINVAL : ZC_EDEVICE;
}
#endif

static int ecb(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len, int decrypt)
{
    if (args(k, in, out, len))
        return ZC_EINVAL;
    if (!(k->zc_cpacf_modes & M_ECB) && zc_policy_hw_only())
        return ZC_ENOTSUP;
    zc_stat_count(ZC_ALGO_DES_ECB, k->zc_key_len,
                  k->zc_cpacf_modes & M_ECB ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE, decrypt != 0, len);
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (k->zc_cpacf_modes & M_ECB)
        return des_cpacf(k, decrypt, NULL, in, out, len);
#endif
    if (decrypt)
        zc_des_sw_decrypt(k->zc_sk, k->zc_passes, in, out, len / 8);
    else
        zc_des_sw_encrypt(k->zc_sk, k->zc_passes, in, out, len / 8);
    return ZC_OK;
}

int zc_des_ecb_encrypt(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, in, out, len, 0);
}

int zc_des_ecb_decrypt(const zc_des_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, in, out, len, 1);
}

static int cbc(const zc_des_key *k, uint8_t iv[8], const uint8_t *in, uint8_t *out,
               size_t len, int decrypt)
{
    uint8_t buf[256], c[256];
    size_t i, j;

    if (iv == NULL || args(k, in, out, len))
        return ZC_EINVAL;
    /* A CPACF-only key never falls back; an AUTO one runs CBC in software
     * unless the hardware-only policy is on. */
    if (!(k->zc_cpacf_modes & M_CBC) && (k->zc_strict || zc_policy_hw_only()))
        return ZC_ENOTSUP;
    zc_stat_count(ZC_ALGO_DES_CBC, k->zc_key_len,
                  k->zc_cpacf_modes & M_CBC ? ZC_STAT_CPACF : ZC_STAT_SOFTWARE, decrypt != 0, len);
    if (len == 0)
        return ZC_OK;
#ifdef ZC_HAVE_CPACF
    if (k->zc_cpacf_modes & M_CBC)
        return des_cpacf(k, decrypt, iv, in, out, len);
#endif
    if (!decrypt) {
        for (i = 0; i < len; i += 8) {
            for (j = 0; j < 8; j++)
                buf[j] = in[i + j] ^ iv[j];
            zc_des_sw_encrypt(k->zc_sk, k->zc_passes, buf, out + i, 1);
            memcpy(iv, out + i, 8);
        }
    } else {
        /* Decryption is parallel: decipher a chunk at once, then chain. */
        while (len) {
            size_t n = len < sizeof(c) ? len : sizeof(c);

            memcpy(c, in, n);               /* in may be out */
            zc_des_sw_decrypt(k->zc_sk, k->zc_passes, c, buf, n / 8);
            for (i = 0; i < n; i += 8) {
                for (j = 0; j < 8; j++)
                    out[i + j] = buf[i + j] ^ iv[j];
                memcpy(iv, c + i, 8);
            }
            in += n;
            out += n;
            len -= n;
        }
    }
    zc_wipe(buf, sizeof(buf));
    zc_wipe(c, sizeof(c));
    return ZC_OK;
}

int zc_des_cbc_encrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cbc(k, iv, in, out, len, 0);
}

int zc_des_cbc_decrypt(const zc_des_key *k, uint8_t iv[8], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    return cbc(k, iv, in, out, len, 1);
}
