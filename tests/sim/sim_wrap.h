/*
 * sim_wrap.h - the stand-in's simulated firmware wrapping key (sim_wrap.c),
 * for cpacf_sim.c and cpacf_sim_ec.c. Test only.
 */
#ifndef ZC_SIM_WRAP_H
#define ZC_SIM_WRAP_H

#include <stddef.h>
#include <stdint.h>

/* A verification pattern's length (the machine's WKVP). */
#define SIM_WKVP_LEN 32

/* The current generation of the wrapping key (it starts at 1; each
 * zc_cpacf_sim_new_wrapping_key() adds one). */
unsigned long zc_sim_wk_current(void);

/* WK(gen), the 32 bytes that wrap an AES key, and WKVP(gen). */
void zc_sim_wk_material(unsigned long gen, uint8_t wk[32], uint8_t wkvp[SIM_WKVP_LEN]);

/* len bytes (a multiple of 16) of wrapping material for a longer key:
 * E_M(gen || base + i) for block i; each key family takes its own base
 * (HMAC 16, EC 32), clear of WK's and WKVP's blocks 0-3. */
void zc_sim_wk_stream(unsigned long gen, unsigned base, uint8_t *wk, size_t len);

/* Wrap a longer key (len bytes, a multiple of 16, at most 128) under the
 * current generation with material base: the key XOR its material, then
 * WKVP, len + SIM_WKVP_LEN bytes into prot and *prot_len. */
void zc_sim_wk_wrap(unsigned base, const uint8_t *key, size_t len, uint8_t *prot,
                    size_t *prot_len);

/* cpacf_sim_ec.c's encrypted-key signs: unwrap an EC key field (w bytes,
 * its pattern apart in the block) under the current generation (1, the
 * clear key in clear[w] and the generation in *gen; 0 for a stale
 * pattern), and whether the wrapping key is still generation gen. */
int zc_sim_ec_unwrap(int curve, const uint8_t *wrapped, const uint8_t *wkvp_field,
                     uint8_t clear[80], unsigned long *gen);
int zc_sim_ec_wk_current(unsigned long gen);

#endif /* ZC_SIM_WRAP_H */
