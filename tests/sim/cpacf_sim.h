/*
 * cpacf_sim.h - a software stand-in for the CPACF instructions (test only).
 *
 * A library built with -DZC_CPACF_SIM issues every CPACF instruction (and
 * STFLE) through these functions instead of inline assembly, on any host.
 * The stand-in follows the machine's architecture: parameter blocks are
 * byte images with big-endian numeric fields, operands are register pairs
 * advanced in place, and an instruction may end early with cc 3 (partial
 * completion: the wrapper re-issues it) or cc 1 (an encrypted-key function
 * whose verification pattern no longer matches: the library re-derives the
 * key and resumes). Tests arm such a stop at a chosen byte to prove that
 * every issuing helper resumes at the exact byte.
 *
 * Protected keys: the encrypted-key AES function codes (26-28 of KM, KMC,
 * KMF, KMO, KMCTR, KMAC, PCC and KMA; XTS 58/60 of KM and PCC) take the
 * wrapped key followed by its 32-byte verification pattern (WKVP) where
 * the clear code takes the key; fields after the key move by 32 bytes.
 * Keys are wrapped by a simulated firmware wrapping key that a test can
 * change; a key wrapped before the change no longer verifies (cc 1).
 *
 * Elliptic curves, only in a build that found OpenSSL's libcrypto
 * (zc_cpacf_sim_has_ec() says): KDSA's ECDSA verify 1-3 and sign 9-11 and
 * PCC's scalar multiplication 64-66 on P-256, P-384 and P-521, KDSA's
 * EdDSA verify 32/36 and sign 40/44, the encrypted-key signs 17-19 and
 * 48/52 (zc_cpacf_sim_wrap_ec), PCC 72/73 (Ed25519/Ed448) and 80/81
 * (X25519/X448), computed with libcrypto (cpacf_sim_ec.c; the Edwards
 * multiplication in sim_edwards.c), never the library's code.
 * Their blocks sit at the start of a 4096-byte area whose rest must be zero;
 * values are right-aligned big-endian in 32/48/64/80-byte fields; a layout
 * violation (and, for X25519/X448, an input the caller did not prepare:
 * u's top bit, u >= p, an unclamped scalar) aborts as a specification
 * exception. A cc 3 stop ends them part-way with a continuation token in
 * that area, which the re-issue accepts. Without libcrypto neither MSA-9
 * (facility bit 155) nor PCC 64-81 is reported.
 *
 * Threads: any number of threads may issue instructions, wrap keys and
 * change the wrapping key at the same time; the wrapping key is one atomic
 * generation counter, and the execution counters are relaxed atomics, so
 * none of this is a data race (ThreadSanitizer clean). The stop, the
 * reset and the counters' values are for single-threaded tests: arming or
 * resetting while other threads issue instructions is race-free but says
 * nothing about which thread the stop fires in (exactly one does). The
 * elliptic-curve model is serialised by one mutex (its test state below
 * is shared), so threads may sign on it at the same time too.
 */
#ifndef ZC_TESTS_CPACF_SIM_H
#define ZC_TESTS_CPACF_SIM_H

#include <stddef.h>
#include <stdint.h>

/*
 * Execute one instruction. opcode is the 16-bit opcode (0xb92e for KM, ...);
 * gr[0] is the function code (with the modifier bit 0x80 and, for KMF, the
 * segment length in bits 24..31; for KMA the LPC/LAAD/HS flags), gr[1] the
 * parameter-block address, gr[2..7] the operand register pairs exactly as
 * the wrappers in asm/cpacf.h load them. Returns the condition code and
 * updates gr[] and memory as the machine would.
 */
int zc_cpacf_sim_insn(unsigned opcode, unsigned long gr[8]);

/* STFLE: store ndw doublewords of the stand-in's facility list; returns the
 * number of doublewords it has. */
unsigned zc_cpacf_sim_stfle(uint64_t *fac, unsigned ndw);

/*
 * Arm a one-shot stop: once `after` bytes of data (the source operand of
 * the cipher instructions, the message of KIMD/KLMD/KMAC, AAD then text of
 * KMA), counted from this call across instructions, have been processed,
 * the instruction in progress ends with condition code cc (1 or 3), its
 * registers advanced past what it processed. A parameter-block-only
 * instruction (PCC) that starts when the count has been reached ends with cc
 * without doing anything, except the elliptic-curve codes: with cc 3 they
 * end part-way (garbage in the output fields, a continuation token in the
 * reserved area) and the re-issue finishes. The stop then disarms itself.
 */
void zc_cpacf_sim_stop(unsigned long after, int cc);

/*
 * The same one-shot stop, armed to fire at the start of the next instruction
 * with this opcode (0xb93a for KDSA), whatever others run before it: the
 * ECDSA paths hash (KIMD/KLMD) before they sign.
 */
void zc_cpacf_sim_stop_in(unsigned opcode, int cc);

/* Disarm any stop, zero the byte count, the execution counters and the
 * elliptic-curve test state below. */
void zc_cpacf_sim_reset(void);

/* 1 when an armed stop has fired since it was armed. */
int zc_cpacf_sim_stopped(void);

/*
 * The opcode of the instruction the armed stop fired in (0 when none has
 * fired since it was armed). A cc 1 stop also spoils that instruction's
 * key field, as a changed wrapping key makes it useless: every byte of a
 * clear key is inverted (a re-issue gives wrong output), or every byte of
 * the WKVP of an encrypted-key function (a re-issue ends with cc 1 again).
 * The caller must write a fresh key field before it re-issues.
 */
unsigned zc_cpacf_sim_stop_opcode(void);

/* How often (opcode, function code without the modifier bit) was executed
 * since the last reset (queries excluded). */
unsigned long zc_cpacf_sim_executed(unsigned opcode, unsigned fc);

/*
 * Wrap a clear AES key (key_len 16, 24 or 32) under the current wrapping
 * key, as PCKMO or the kernel's PKEY_CLR2PROTK would: prot receives the
 * wrapped key (key_len bytes) followed by the 32-byte WKVP, *prot_len that
 * total (48, 56 or 64). Returns ZC_OK, or ZC_EINVAL for NULL pointers or
 * another length (nothing written). The model (XOR with a key derived from
 * the wrapping-key generation) is test-only and protects nothing.
 */
int zc_cpacf_sim_wrap(const uint8_t *key, size_t key_len, uint8_t prot[64], size_t *prot_len);

/*
 * Wrap HMAC's K0 (k0_len 64 or 128: the key hashed or zero-padded to the
 * block) for KMAC 120-123, as the kernel's PKEY_KBLOB2PROTK3 with a
 * clear-key token would: prot receives the wrapped K0 followed by the
 * 32-byte WKVP, *prot_len that total (96 or 160). ZC_OK, or ZC_EINVAL
 * (nothing written). Test-only, like zc_cpacf_sim_wrap().
 */
int zc_cpacf_sim_wrap_hmac(const uint8_t *k0, size_t k0_len, uint8_t prot[160],
                           size_t *prot_len);

/*
 * Wrap an EC signing key for KDSA's encrypted-key signs 17-19 (ECDSA
 * P-256/384/521) and 48/52 (EdDSA Ed25519/Ed448), as the kernel's
 * PKEY_KBLOB2PROTK3 with a clear-key token would. curve is an enum
 * zc_plat_ec (lib/core/platform.h: 0-4 for P-256, P-384, P-521, Ed25519,
 * Ed448); key exactly as the token takes it: key_len 32, 48, 80 (P-521's
 * 66 bytes right-aligned), 32, 64 (Ed448's 57-byte seed right-aligned,
 * not reversed). prot receives the wrapped key (key_len bytes) and the
 * 32-byte WKVP, *prot_len that total (64, 80, 112, 64, 96). ZC_OK, or
 * ZC_EINVAL (nothing written). Test-only, like zc_cpacf_sim_wrap(). The
 * sign unwraps the key (its field of the block, with the pattern after
 * the block's last field) and signs with the clear model; cc 1 when the
 * pattern is stale or the wrapping key changed while it signed.
 */
int zc_cpacf_sim_wrap_ec(int curve, const uint8_t *key, size_t key_len, uint8_t prot[112],
                         size_t *prot_len);

/*
 * Wrap an XTS double key K1 || K2 (key_len 32 or 64) for KM 90/92, as the
 * kernel's PKEY_KBLOB2PROTK3 with a clear-key token would: prot receives
 * the wrapped double key followed by the 32-byte WKVP, *prot_len that
 * total (64 or 96). ZC_OK, or ZC_EINVAL (nothing written). Test-only.
 */
int zc_cpacf_sim_wrap_xts(const uint8_t *key, size_t key_len, uint8_t prot[96],
                          size_t *prot_len);

/*
 * A wrapping-key change (as a re-IPL or live migration makes): every key
 * wrapped before no longer verifies, and an encrypted-key instruction
 * running in another thread ends with cc 1 before its next unit of data.
 * Wrapping the clear key again makes a key field that works.
 */
void zc_cpacf_sim_new_wrapping_key(void);

/* 1 when KDSA (ECDSA, EdDSA) and PCC 64-81 are modelled (the build found libcrypto). */
int zc_cpacf_sim_has_ec(void);

/*
 * Elliptic-curve test state (only where zc_cpacf_sim_has_ec(); for
 * single-threaded tests). The next n ECDSA signs answer cc 2 (the nonce is
 * not usable) with garbage in R and S, whatever their nonce.
 */
void zc_cpacf_sim_ec_refuse_nonce(unsigned n);

/* The nonce of the last ECDSA sign (the k field under 0x80, else the
 * stand-in's own), big-endian in the curve's 32/48/66 bytes, into k when cap
 * is enough; returns its length (0: no sign since the reset). */
size_t zc_cpacf_sim_ec_last_nonce(uint8_t *k, size_t cap);

/* ECDSA signs that reached the nonce since the reset; of them, those without
 * 0x80 (hedged); and the hedged ones whose random field equalled the previous
 * hedged sign's (a stale random field). */
unsigned long zc_cpacf_sim_ec_signs(void);
unsigned long zc_cpacf_sim_ec_hedged(void);
unsigned long zc_cpacf_sim_ec_random_repeats(void);

/* The next n encrypted-key signs (KDSA 17-19, 48, 52) that would end
 * with cc 0 do, with the last byte of S changed: a machine's wrong
 * answer, which the library's self-test must catch. */
void zc_cpacf_sim_ec_spoil_enc(unsigned n);

/* 1 (the default): a value not right-aligned in its field (or an X25519/X448
 * input not prepared) is a specification exception (abort). 0: it is read as
 * a machine would read it, the whole field as one number (out of range, a
 * wrong digest; KDSA EdDSA: the field's low-order bytes; X25519: u mod p with
 * its top bit counted), so that the library's self-test sees a wrong answer
 * instead. Kept across zc_cpacf_sim_reset(). */
void zc_cpacf_sim_ec_strict(int on);

#endif /* ZC_TESTS_CPACF_SIM_H */
