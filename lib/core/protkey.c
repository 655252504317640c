/*
 * protkey.c - the protected-key cell (zcrypt/common.h) and the one retry
 * rule for CPACF instructions that stop before their end.
 *
 * A protected key's key field, wrapped key + verification pattern, may be
 * replaced while other threads use the key, after a wrapping-key change.
 * The cell keeps it in two slots and a generation counter whose low bit
 * names the current slot:
 *  - a reader (zc_protkey_snapshot) loads the generation (acquire), copies
 *    the current slot as atomic 8-byte words (acquire loads, so the second
 *    load of the generation cannot move before them), and loads the
 *    generation again; if it moved, the copy may be torn (a new pattern
 *    with an old key would pass the machine's check and encrypt under a
 *    wrong key), so it copies again. A publisher only ever writes the
 *    other slot, so a reader never waits for one to finish.
 *  - a publisher (after deriving a fresh field for its own call) claims
 *    the cell with one CAS on zc_pub; a loser simply does not publish (its
 *    call goes on with its private copy). The winner writes the other slot
 *    with release stores (a reader that sees one of them also sees the
 *    generation that made its slot stale) and advances the generation
 *    with a release store. On s390x and x86 these orderings cost no
 *    instruction; there are no fences, which ThreadSanitizer cannot model.
 *    Nothing spins, so neither a signal handler nor a child after fork()
 *    (where a claim may be left set forever: the child then keeps
 *    re-deriving privately) can hang.
 * This is the sequence-lock pattern (Lameter; Boehm, "Can seqlocks get
 * along with programming language memory models?", 2012) with two slots.
 *
 * The retry rule (zc_cpacf_stopped) is the same for every family: what
 * differs is only what cc 1 and cc 2 mean for a function code (struct
 * zc_cc_rule) and how a fresh key field is derived (struct
 * zc_protkey_src). Re-deriving that makes no progress twice in a row
 * ends the call, so a key whose source no longer wraps to a usable field
 * cannot loop.
 */
#include "protkey.h"
#include "util.h"

const struct zc_cc_rule zc_cc_encrypted_key = { .cc1 = ZC_CC_STALE_KEY };
const struct zc_cc_rule zc_cc_clear_key = { .cc1 = ZC_CC_UNDEFINED };

/* Issues again in a row that an instruction may ask for (ZC_CC_RETRY)
 * before the call fails closed. */
#define RETRIES 8

void zc_protkey_set(struct zc_protkey_cell *c, const uint8_t *field, size_t len)
{
    c->zc_len = (uint8_t)len;
    memcpy(c->zc_slot[0], field, len);
}

void zc_protkey_snapshot(const struct zc_protkey_cell *c, uint8_t *dst)
{
    uint64_t w[ZC_PROTKEY_FIELD_MAX / 8];
    uint32_t g1, g2;
    unsigned i, n = c->zc_len / 8u;

    do {
        g1 = __atomic_load_n(&c->zc_gen, __ATOMIC_ACQUIRE);
        for (i = 0; i < n; i++)
            w[i] = __atomic_load_n(&c->zc_slot[g1 & 1][i], __ATOMIC_ACQUIRE);
        g2 = __atomic_load_n(&c->zc_gen, __ATOMIC_RELAXED);
    } while (g1 != g2);
    /* n >= 2: a key field is at least 16 bytes; cppcheck assumes n may be 0 */
    /* cppcheck-suppress uninitvar */
    memcpy(dst, w, n * 8u);
    zc_wipe(w, sizeof(w));
}

/* Offer a fresh key field to the cell, best effort (see the top). Key
 * objects are shared through const pointers: the cell is internally
 * synchronised, and its owner is never defined const (the public headers
 * say so). */
static void publish(const struct zc_protkey_cell *cc, const uint8_t *field)
{
    struct zc_protkey_cell *c = (struct zc_protkey_cell *)(uintptr_t)cc;
    uint32_t idle = 0, g;
    unsigned i, n = c->zc_len / 8u;
    uint64_t w;

    if (!__atomic_compare_exchange_n(&c->zc_pub, &idle, 1, 0, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED))
        return;                         /* someone else publishes: ours is no better */
    g = __atomic_load_n(&c->zc_gen, __ATOMIC_RELAXED);
    for (i = 0; i < n; i++) {
        memcpy(&w, field + 8 * i, 8);
        __atomic_store_n(&c->zc_slot[(g + 1) & 1][i], w, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&c->zc_gen, g + 1, __ATOMIC_RELEASE);
    __atomic_store_n(&c->zc_pub, 0, __ATOMIC_RELEASE);
    zc_wipe(&w, sizeof(w));
}

/* A fresh key field into dst, offered to the cell. ZC_EDEVICE for a clear
 * key (it cannot meet a stale key field: the machine answered what cannot
 * happen), ZC_EKEY when the source does not derive one of the cell's size. */
static int rederive(const struct zc_protkey_src *src, uint8_t *dst)
{
    uint8_t field[ZC_PROTKEY_FIELD_MAX];
    size_t len = 0;
    int rc;

    if (src == NULL || src->cell == NULL)
        return ZC_EDEVICE;              /* no key to renew: the rule's caller passed none */
    rc = src->derive(src->owner, field, &len);
    rc = rc == ZC_OK && len == src->cell->zc_len ? ZC_OK : ZC_EKEY;
    if (rc == ZC_OK) {
        memcpy(dst, field, len);
        publish(src->cell, field);
    }
    zc_wipe(field, sizeof(field));
    return rc;
}

int zc_cpacf_stopped(const struct zc_cc_rule *rule, int cc, long progress,
                     unsigned *stalls, const struct zc_protkey_src *src, uint8_t *key_field)
{
    unsigned means = cc == 1 ? rule->cc1 : cc == 2 ? rule->cc2 : ZC_CC_UNDEFINED;

    switch (means) {
    case ZC_CC_STALE_KEY:
        if (progress > 0)
            *stalls = 0;
        else if (++*stalls > ZC_PROTKEY_STALLS)
            return ZC_EKEY;
        return rederive(src, key_field);
    case ZC_CC_RETRY:
        return ++*stalls > RETRIES ? ZC_EDEVICE : ZC_OK;
    case ZC_CC_BAD_INPUT:
        return ZC_EINVAL;
    default:
        return ZC_EDEVICE;
    }
}
