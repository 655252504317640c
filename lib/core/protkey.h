/*
 * protkey.h - the protected-key cell and the one rule for a CPACF
 * instruction that stopped before its end (lib/core/protkey.c).
 *
 * A family that has protected keys embeds a struct zc_protkey_cell
 * (zcrypt/common.h) in its key object, copies the key field into each
 * parameter block with zc_protkey_snapshot(), and after every stop asks
 * zc_cpacf_stopped() what to do: the cell, the family's way of deriving a
 * fresh key field (struct zc_protkey_src) and what the condition codes of
 * its function code mean (struct zc_cc_rule) are all that differ.
 */
#ifndef ZC_CORE_PROTKEY_H
#define ZC_CORE_PROTKEY_H

#include <stddef.h>
#include <stdint.h>
#include <zcrypt/common.h>

/* The largest key field a cell holds (zcrypt/common.h's slots). */
#define ZC_PROTKEY_FIELD_MAX 160

/* Re-derivations in a row that made no progress before a key counts as
 * unusable (ZC_EKEY). */
#define ZC_PROTKEY_STALLS 2

/* Set the first key field of a zeroed cell: len bytes, a multiple of 8,
 * at most ZC_PROTKEY_FIELD_MAX. */
void zc_protkey_set(struct zc_protkey_cell *c, const uint8_t *field, size_t len);

/* A consistent copy of the current key field into dst (c->zc_len bytes).
 * Lock-free: it never waits for a thread that publishes a fresh one. */
void zc_protkey_snapshot(const struct zc_protkey_cell *c, uint8_t *dst);

/* Where a key's fresh key field comes from. cell NULL: a clear key, which
 * has no key field to renew. derive writes a fresh field of *len bytes
 * from owner's source, or fails. */
struct zc_protkey_src {
    const struct zc_protkey_cell *cell;
    int (*derive)(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX], size_t *len);
    const void *owner;
};

/* What cc 1 and cc 2 mean for one function code, as its family declares
 * it. cc 0 is done; cc 3 (partial completion) the asm/ wrappers resume
 * themselves, always. */
enum zc_cc_means {
    ZC_CC_UNDEFINED = 0,    /* the function does not set it: fail closed (ZC_EDEVICE) */
    ZC_CC_STALE_KEY,        /* an encrypted-key function's verification pattern no
                             * longer matches the wrapping key: re-derive the field */
    ZC_CC_BAD_INPUT,        /* the function refuses the input (ZC_EINVAL) */
    ZC_CC_RETRY,            /* issue again as it is (a fresh nonce, say) */
};
struct zc_cc_rule {
    uint8_t cc1, cc2;       /* enum zc_cc_means */
};

/* The rules of the symmetric families: an encrypted-key function code
 * sets cc 1 for a stale key field; a clear-key one sets neither. */
extern const struct zc_cc_rule zc_cc_encrypted_key;
extern const struct zc_cc_rule zc_cc_clear_key;

/*
 * The one retry rule: an instruction ended with cc (1 or 2) after
 * progress bytes (or operand units) of progress. ZC_OK to issue again (a
 * stale key field renewed in key_field, and offered to the cell for other
 * callers); otherwise the error that ends the call: ZC_EDEVICE for a code
 * the function does not define, ZC_EINVAL for refused input, ZC_EKEY when
 * the field cannot be derived or ZC_PROTKEY_STALLS stops in a row came
 * without progress. *stalls starts at 0 for each call. src and key_field
 * may be NULL for an instruction without a protected key (KDSA's clear
 * codes): a stale key then ends the call with ZC_EDEVICE.
 */
int zc_cpacf_stopped(const struct zc_cc_rule *rule, int cc, long progress,
                     unsigned *stalls, const struct zc_protkey_src *src, uint8_t *key_field);

/*
 * The same rule where nothing can be renewed (a clear key, a hash, GHASH):
 * a wrapper's count of all len bytes is ZC_OK, -1 a length the
 * instruction refuses (ZC_EINVAL, nothing issued), and a short count a
 * stop that such a function code does not define (zc_cc_clear_key's cc 1):
 * the call fails closed with ZC_EDEVICE. Inline: it sits on every clear
 * call's path.
 */
static inline int zc_cpacf_done(long n, size_t len)
{
    return n == (long)len ? ZC_OK : n < 0 ? ZC_EINVAL : ZC_EDEVICE;
}

#endif /* ZC_CORE_PROTKEY_H */
