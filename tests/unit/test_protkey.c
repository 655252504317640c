/*
 * test_protkey.c - lib/core/protkey.c on its own: the two-slot cell
 * (set, snapshot, publish through a re-derivation) and every branch of the
 * one retry rule, with a derive function that counts its calls and can be
 * told to fail or to answer a wrong length. Single-threaded: the cell's
 * races are the ThreadSanitizer test's (tests/sim/test_prot_keys.c).
 */
#include "core/protkey.h"
#include "unit.h"

#include <string.h>

struct fake {
    int calls, rc;
    size_t len;
    uint8_t fill;
};

static int derive(const void *owner, uint8_t field[ZC_PROTKEY_FIELD_MAX], size_t *len)
{
    struct fake *f = (struct fake *)(uintptr_t)owner;

    f->calls++;
    memset(field, f->fill, ZC_PROTKEY_FIELD_MAX);
    *len = f->len;
    return f->rc;
}

int main(void)
{
    struct zc_protkey_cell cell;
    struct fake f = { .len = 48, .fill = 0x5a };
    const struct zc_protkey_src src = { .cell = &cell, .derive = derive, .owner = &f };
    const struct zc_protkey_src clear = { .cell = NULL, .derive = derive, .owner = &f };
    const struct zc_cc_rule kdsa_like = { .cc1 = ZC_CC_BAD_INPUT, .cc2 = ZC_CC_RETRY };
    uint8_t field[ZC_PROTKEY_FIELD_MAX], out[ZC_PROTKEY_FIELD_MAX], want[ZC_PROTKEY_FIELD_MAX];
    unsigned stalls, i;
    int rc;

    memset(&cell, 0, sizeof(cell));
    fill(field, 48);
    zc_protkey_set(&cell, field, 48);
    memset(out, 0, sizeof(out));
    zc_protkey_snapshot(&cell, out);
    check(memcmp(out, field, 48) == 0 && cell.zc_gen == 0, "snapshot of the first field");

    /* cc 1 on an encrypted-key code: a fresh field in place and published. */
    stalls = 0;
    memset(out, 0, sizeof(out));
    rc = zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 16, &stalls, &src, out);
    memset(want, 0x5a, 48);
    check(rc == ZC_OK && f.calls == 1 && memcmp(out, want, 48) == 0, "stale key re-derived");
    check(cell.zc_gen == 1 && cell.zc_pub == 0, "published into the other slot");
    zc_protkey_snapshot(&cell, out);
    check(memcmp(out, want, 48) == 0, "snapshot sees the published field");

    /* Stops without progress: ZC_PROTKEY_STALLS re-derivations, then ZC_EKEY. */
    stalls = 0;
    for (i = 0; i < ZC_PROTKEY_STALLS; i++)
        check(zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 0, &stalls, &src, out) == ZC_OK,
              "re-derive while stalls allow");
    check(zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 0, &stalls, &src, out) == ZC_EKEY,
          "no progress twice in a row: ZC_EKEY");
    /* Progress resets the count. */
    check(zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 32, &stalls, &src, out) == ZC_OK &&
          stalls == 0, "progress resets the stall count");

    /* A source that fails, or answers another length: ZC_EKEY, nothing published. */
    f.rc = ZC_EDEVICE;
    stalls = 0;
    check(zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 16, &stalls, &src, out) == ZC_EKEY,
          "failing source: ZC_EKEY");
    f.rc = ZC_OK;
    f.len = 56;
    {
        uint32_t gen = cell.zc_gen;

        check(zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 16, &stalls, &src, out) == ZC_EKEY &&
              cell.zc_gen == gen, "wrong length: ZC_EKEY, not published");
    }
    f.len = 48;

    /* A clear key meets no stale key: the machine answered what cannot be. */
    stalls = 0;
    f.calls = 0;
    check(zc_cpacf_stopped(&zc_cc_clear_key, 1, 16, &stalls, &clear, out) == ZC_EDEVICE &&
          f.calls == 0, "clear key, cc 1: ZC_EDEVICE");
    check(zc_cpacf_stopped(&zc_cc_encrypted_key, 1, 16, &stalls, &clear, out) == ZC_EDEVICE,
          "stale key without a cell: ZC_EDEVICE");
    check(zc_cpacf_stopped(&zc_cc_encrypted_key, 2, 0, &stalls, &src, out) == ZC_EDEVICE,
          "cc 2 where undefined: ZC_EDEVICE");
    check(zc_cpacf_stopped(&zc_cc_encrypted_key, 3, 0, &stalls, &src, out) == ZC_EDEVICE,
          "cc 3 never reaches the rule: ZC_EDEVICE");

    /* The largest field a cell holds (HMAC-1024's 160 bytes) round trips. */
    {
        struct zc_protkey_cell big;

        memset(&big, 0, sizeof(big));
        fill(field, ZC_PROTKEY_FIELD_MAX);
        zc_protkey_set(&big, field, ZC_PROTKEY_FIELD_MAX);
        memset(out, 0, sizeof(out));
        zc_protkey_snapshot(&big, out);
        check(memcmp(out, field, ZC_PROTKEY_FIELD_MAX) == 0, "a 160-byte field round trips");
        check(sizeof(big.zc_slot[0]) == ZC_PROTKEY_FIELD_MAX, "a slot holds the largest field");
    }

    /* A KDSA-like rule: cc 1 refused input, cc 2 retried a bounded number of times. */
    stalls = 0;
    check(zc_cpacf_stopped(&kdsa_like, 1, 0, &stalls, &clear, out) == ZC_EINVAL,
          "cc 1 as bad input: ZC_EINVAL");
    for (i = 0; i < 8; i++)
        check(zc_cpacf_stopped(&kdsa_like, 2, 0, &stalls, &clear, out) == ZC_OK,
              "cc 2 as retry");
    check(zc_cpacf_stopped(&kdsa_like, 2, 0, &stalls, &clear, out) == ZC_EDEVICE,
          "retries bounded: ZC_EDEVICE");

    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail != 0;
}
