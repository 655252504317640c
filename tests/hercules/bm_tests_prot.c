/*
 * bm_tests_prot.c - protected AES keys on the bare-metal tier.
 *
 * Hercules runs PCKMO (AES-128/192/256) and the encrypted-key function
 * codes KM/KMC/KMCTR/KMF/KMO/KMAC 26-28, KM and PCC 58/60 and PCC 26-28, so
 * here the library's protected-key paths run on an emulated machine:
 *  - every mode and key size through the public API with a key wrapped by
 *    PCKMO (zc_aes_key_init_protected) equals the clear software key;
 *  - re-derivation: the stored verification pattern is spoiled before a
 *    call (the machine then answers cc 1 in whichever instruction comes
 *    first: KM, KMC, ..., PCC), or, through the test-only chunking hook,
 *    in the middle of one long call after some bytes were processed; the
 *    call re-derives with PCKMO, resumes, and the whole output is right.
 *    (Hercules renews its real wrapping key only at a clear reset, so the
 *    pattern is what the test can change.)
 *  - a derivation that fails (bm_pckmo_fail) gives ZC_EKEY with the
 *    documented output: the processed prefix kept and the IV unchanged for
 *    the cipher modes, zeroed output for GCM decryption, no tag for CMAC.
 */
#include <zcrypt.h>

#include <string.h>

#include "bm.h"
#include "bm_tests.h"
#include "aes/aes_int.h"
#include "../testutil.h"
#include "../vectors/aes_kat.h"
#include "../modes.h"

extern int bm_pckmo_fail;
extern size_t zc_cpacf_test_chunk;
extern void (*zc_cpacf_test_between)(uint8_t *key_field);

static const char *const mode_names[] = { "", "ECB", "CBC", "CFB", "OFB", "CTR", "CFB8" };
static const size_t kls[] = { 16, 24, 32 };

static const char *size_name(size_t kl)
{
    return kl == 16 ? "128" : kl == 24 ? "192" : "256";
}

/* Spoil the verification pattern of the key's current wrapped key. */
static void spoil_stored(zc_aes_key *k)
{
    uint8_t *p = (uint8_t *)k->zc_pk.zc_slot[k->zc_pk.zc_gen & 1];

    p[k->zc_key_len] ^= 0x5a;
}

/* The hook between two issues of one call: spoil the pattern once. */
static size_t spoil_key_len;
static int spoil_pending;

static void spoil_between(uint8_t *key_field)
{
    if (spoil_pending) {
        key_field[spoil_key_len] ^= 0xa5;
        spoil_pending = 0;
    }
}

/* 0 none, 1 stored pattern before the call, 2 mid-call (after 32 bytes). */
static void arm(zc_aes_key *k, int how)
{
    if (how == 1)
        spoil_stored(k);
    if (how == 2) {
        spoil_key_len = k->zc_key_len;
        spoil_pending = 1;
        zc_cpacf_test_chunk = 32;
        zc_cpacf_test_between = spoil_between;
    }
}

static void disarm(void)
{
    zc_cpacf_test_chunk = 0;
    zc_cpacf_test_between = NULL;
    spoil_pending = 0;
}

static const char *const how_names[] = { "plain", "re-derivation-before", "re-derivation-mid" };

/* The five stream modes, both directions, every key size, every way. */
static void test_modes(void)
{
    static uint8_t in[300], ref[300], got[300];
    uint64_t seed = 0x9e07u;
    char name[96], tail[32];
    int mode, how;
    unsigned ki;

    for (how = 0; how < 3; how++) {
        for (mode = ZC_KAT_ECB; mode <= ZC_KAT_CFB8; mode++) {
            for (ki = 0; ki < 3; ki++) {
                uint8_t key[32], iv0[16], iv[16], ivr[16];
                size_t len = mode <= ZC_KAT_CBC ? 256 : 263;
                zc_aes_key pk, sw;
                int ok = 1, enc, rc = ZC_OK;
                uint32_t gen0;

                tu_fill(&seed, key, sizeof key);
                tu_fill(&seed, iv0, 16);
                tu_fill(&seed, in, len);
                rc = zc_aes_key_init_protected(&pk, key, kls[ki]);
                ok = rc == ZC_OK && zc_aes_key_init(&sw, key, kls[ki], ZC_BACKEND_SOFTWARE) == ZC_OK &&
                     zc_aes_key_kind(&pk) == ZC_AES_KEY_PROTECTED &&
                     zc_aes_key_backend(&pk) == ZC_BACKEND_CPACF;
                for (enc = 1; enc >= 0 && ok; enc--) {
                    memcpy(ivr, iv0, 16);
                    memcpy(iv, iv0, 16);
                    ok = tu_aes_mode(mode, enc, &sw, ivr, in, ref, len) == ZC_OK;
                    gen0 = pk.zc_pk.zc_gen;
                    arm(&pk, how);
                    rc = tu_aes_mode(mode, enc, &pk, iv, in, got, len);
                    disarm();
                    ok = ok && rc == ZC_OK && memcmp(got, ref, len) == 0 &&
                         memcmp(iv, ivr, 16) == 0;
                    /* A re-derivation offers the fresh key to the object. */
                    if (how)
                        ok = ok && pk.zc_pk.zc_gen == gen0 + 1;
                }
                zc_aes_key_wipe(&pk);
                zc_aes_key_wipe(&sw);
                tail[0] = '\0';
                bm_name(tail, sizeof tail, mode_names[mode], size_name(kls[ki]));
                bm_result(bm_name(name, sizeof name, how == 0 ? "prot-aes" : how_names[how], tail),
                          ok, rc == ZC_OK ? NULL : zc_strerror(rc));
            }
        }
    }
}

/* XTS (both keys protected: KM and PCC 58/60), GCM (H and the tag block
 * from KM 26-28, KMCTR 26-28 + KIMD-GHASH), CMAC (KMAC + PCC 26-28), CCM
 * (KMAC + KMCTR 26-28). */
static void test_other_modes(void)
{
    static uint8_t in[300], ref[316], got[316];
    uint64_t seed = 0x9e08u;
    char name[96];
    int how;
    unsigned ki;

    for (how = 0; how < 3; how++) {
        for (ki = 0; ki < 3; ki++) {
            uint8_t key[32], key2[32], tw[16], iv[16];
            size_t kl = kls[ki], len = 263;
            zc_aes_key pk, pk2, sw, sw2, ck;
            int ok, rc;

            tu_fill(&seed, key, sizeof key);
            tu_fill(&seed, key2, sizeof key2);
            tu_fill(&seed, tw, 16);
            tu_fill(&seed, iv, 16);
            tu_fill(&seed, in, len);
            ok = zc_aes_key_init_protected(&pk, key, kl) == ZC_OK &&
                 zc_aes_key_init_protected(&pk2, key2, kl) == ZC_OK &&
                 zc_aes_key_init(&sw, key, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_aes_key_init(&sw2, key2, kl, ZC_BACKEND_SOFTWARE) == ZC_OK &&
                 zc_aes_key_init(&ck, key2, kl, ZC_BACKEND_CPACF) == ZC_OK;
            /* XTS: AES-128 and -256 only; a protected and a clear key do not mix. */
            if (ok && kl != 24) {
                int dir;

                for (dir = 1; dir >= 0 && ok; dir--) {
                    ok = (dir ? zc_aes_xts_encrypt : zc_aes_xts_decrypt)(&sw, &sw2, tw, in, ref, len) == ZC_OK;
                    arm(&pk2, how == 1 ? 1 : 0);        /* PCC's key: the tweak key */
                    arm(&pk, how == 1 ? 0 : how);       /* KM-XTS's key, mid-call */
                    rc = (dir ? zc_aes_xts_encrypt : zc_aes_xts_decrypt)(&pk, &pk2, tw, in, got, len);
                    disarm();
                    ok = ok && rc == ZC_OK && memcmp(got, ref, len) == 0;
                }
                ok = ok && zc_aes_xts_encrypt(&pk, &ck, tw, in, got, len) == ZC_EINVAL;
                bm_result(bm_name3(name, sizeof name, how == 0 ? "prot-aes" : how_names[how],
                                   "XTS", size_name(kl)), ok, NULL);
            }
            /* GCM: a 16-byte IV, so that KMCTR + GHASH runs (no KMA here). */
            ok = zc_aes_gcm_encrypt(&sw, iv, 16, in, 20, in, ref, len, ref + len, 16) == ZC_OK;
            arm(&pk, how);
            rc = zc_aes_gcm_encrypt(&pk, iv, 16, in, 20, in, got, len, got + len, 16);
            disarm();
            ok = ok && rc == ZC_OK && memcmp(got, ref, len + 16) == 0;
            arm(&pk, how);
            rc = zc_aes_gcm_decrypt(&pk, iv, 16, in, 20, ref, got, len, ref + len, 16);
            disarm();
            ok = ok && rc == ZC_OK && memcmp(got, in, len) == 0;
            bm_result(bm_name3(name, sizeof name, how == 0 ? "prot-aes" : how_names[how], "GCM",
                               size_name(kl)), ok, NULL);
            /* CMAC */
            ok = zc_aes_cmac(&sw, in, len, ref, 16) == ZC_OK;
            arm(&pk, how);
            rc = zc_aes_cmac(&pk, in, len, got, 16);
            disarm();
            ok = ok && rc == ZC_OK && memcmp(got, ref, 16) == 0;
            bm_result(bm_name3(name, sizeof name, how == 0 ? "prot-aes" : how_names[how], "CMAC",
                               size_name(kl)), ok, NULL);
            /* CCM: the tag after the ciphertext; decrypt in place */
            ok = zc_aes_ccm_encrypt(&sw, iv, 11, in, 20, in, ref, len, ref + len, 14) == ZC_OK;
            arm(&pk, how);
            rc = zc_aes_ccm_encrypt(&pk, iv, 11, in, 20, in, got, len, got + len, 14);
            disarm();
            ok = ok && rc == ZC_OK && memcmp(got, ref, len + 14) == 0;
            arm(&pk, how);
            rc = zc_aes_ccm_decrypt(&pk, iv, 11, in, 20, got, got, len, ref + len, 14);
            disarm();
            ok = ok && rc == ZC_OK && memcmp(got, in, len) == 0;
            bm_result(bm_name3(name, sizeof name, how == 0 ? "prot-aes" : how_names[how], "CCM",
                               size_name(kl)), ok, NULL);
            zc_aes_key_wipe(&pk);
            zc_aes_key_wipe(&pk2);
            zc_aes_key_wipe(&sw);
            zc_aes_key_wipe(&sw2);
            zc_aes_key_wipe(&ck);
        }
    }
}

/* A derivation that fails: ZC_EKEY and the documented output state. */
static void test_derivation_fails(void)
{
    static uint8_t in[256], ref[272], got[272], cbc_ref[256];
    uint64_t seed = 0x9e09u;
    uint8_t key[32], iv0[16], iv[16];
    zc_aes_key pk, sw;
    size_t i;
    int ok, rc;

    tu_fill(&seed, key, sizeof key);
    tu_fill(&seed, iv0, 16);
    tu_fill(&seed, in, sizeof in);
    ok = zc_aes_key_init_protected(&pk, key, 32) == ZC_OK &&
         zc_aes_key_init(&sw, key, 32, ZC_BACKEND_SOFTWARE) == ZC_OK;
    /* CBC, mid-call: the first 32 bytes are out, the IV is as before. */
    memcpy(iv, iv0, 16);
    ok = ok && zc_aes_cbc_encrypt(&sw, iv, in, cbc_ref, sizeof in) == ZC_OK;
    memcpy(iv, iv0, 16);
    memset(got, 0xee, sizeof got);
    bm_pckmo_fail = 1;
    arm(&pk, 2);
    rc = zc_aes_cbc_encrypt(&pk, iv, in, got, sizeof in);
    disarm();
    ok = ok && rc == ZC_EKEY && memcmp(got, cbc_ref, 32) == 0 && memcmp(iv, iv0, 16) == 0;
    bm_result("prot-derivation-fails.CBC-prefix-kept", ok, rc == ZC_EKEY ? NULL : zc_strerror(rc));
    /* GCM decryption: the output zeroed. */
    ok = zc_aes_gcm_encrypt(&sw, iv0, 16, NULL, 0, in, ref, sizeof in, ref + sizeof in, 16) == ZC_OK;
    memset(got, 0xee, sizeof got);
    arm(&pk, 2);
    rc = zc_aes_gcm_decrypt(&pk, iv0, 16, NULL, 0, ref, got, sizeof in, ref + sizeof in, 16);
    disarm();
    for (i = 0; i < sizeof in && ok; i++)
        ok = got[i] == 0;
    bm_result("prot-derivation-fails.GCM-zeroed", ok && rc == ZC_EKEY, zc_strerror(rc));
    /* CCM decryption: the output zeroed. */
    ok = zc_aes_ccm_encrypt(&sw, iv0, 12, NULL, 0, in, ref, sizeof in, ref + sizeof in, 16) == ZC_OK;
    memset(got, 0xee, sizeof got);
    arm(&pk, 2);
    rc = zc_aes_ccm_decrypt(&pk, iv0, 12, NULL, 0, ref, got, sizeof in, ref + sizeof in, 16);
    disarm();
    for (i = 0; i < sizeof in && ok; i++)
        ok = got[i] == 0;
    bm_result("prot-derivation-fails.CCM-zeroed", ok && rc == ZC_EKEY, zc_strerror(rc));
    /* CMAC: no tag. */
    memset(got, 0xee, 16);
    arm(&pk, 1);
    rc = zc_aes_cmac(&pk, in, sizeof in, got, 16);
    ok = rc == ZC_EKEY;
    for (i = 0; i < 16 && ok; i++)
        ok = got[i] == 0xee;
    bm_result("prot-derivation-fails.CMAC-no-tag", ok, zc_strerror(rc));
    bm_pckmo_fail = 0;
    /* And the key works again once derivation does. */
    memcpy(iv, iv0, 16);
    rc = zc_aes_cbc_encrypt(&pk, iv, in, got, sizeof in);
    bm_result("prot-derivation-fails.recovers", rc == ZC_OK && memcmp(got, cbc_ref, sizeof in) == 0,
              rc == ZC_OK ? NULL : zc_strerror(rc));
    zc_aes_key_wipe(&pk);
    zc_aes_key_wipe(&sw);
}

/* Key kinds, and what this machine cannot make. */
static void test_kinds(void)
{
    uint8_t key[16] = { 1 };
    zc_aes_key k;
    int ok;

    ok = zc_aes_key_init(&k, key, 16, ZC_BACKEND_CPACF) == ZC_OK &&
         zc_aes_key_kind(&k) == ZC_AES_KEY_CLEAR;
    zc_aes_key_wipe(&k);
    ok = ok && zc_aes_key_kind(&k) == ZC_AES_KEY_NONE;
    ok = ok && zc_aes_key_generate_protected(&k, 16) == ZC_ENOTSUP;   /* no kernel */
    ok = ok && zc_aes_key_init_secure(&k, key, 16) == ZC_ENOTSUP;     /* no adapter */
    ok = ok && zc_aes_key_init_protected(&k, key, 17) == ZC_EINVAL;
    bm_result("prot-kinds", ok, NULL);

}

void bm_tests_prot(void)
{
    test_kinds();
    test_modes();
    test_other_modes();
    test_derivation_fails();
}
