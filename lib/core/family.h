/*
 * family.h - one descriptor per algorithm family, and the table of them.
 *
 * The backend query, the algorithms' names, the self-test registry, the
 * rows a report lists and the statistics' row names are each one loop over
 * zc_families[] (core/backend.c, core/stats_format.c) instead of a ladder
 * with a branch per family. A family fills its descriptor in
 * <fam>/<fam>_family.c and adds one line to the table (core/family.c);
 * nothing else in core/ names it.
 */
#ifndef ZC_CORE_FAMILY_H
#define ZC_CORE_FAMILY_H

#include <stddef.h>
#include <stdint.h>
#include <zcrypt/caps.h>

/*
 * A CPACF function code used only after a one-time known-answer self-test
 * (HACKING.md, "The self-test rule"). run(fc) is called only when insn,
 * and also_insn if it is not insn, have the code installed and not removed
 * by ZCRYPT_CAPS; it returns 1 (passed: the code is used) or 0 (failed:
 * treated as not installed), and runs its test at most once per process
 * (zc_selftest_once in core/caps.h).
 */
struct zc_selftest_entry {
    enum zc_insn insn;
    enum zc_insn also_insn;     /* one that must be installed too, or insn again */
    unsigned fc;
    int (*run)(unsigned fc);
};

/* One row of a report: an algorithm at a key size (0: it takes none). */
struct zc_family_row {
    enum zc_algo algo;
    uint16_t key_len;
};

struct zc_family {
    const char *name;                   /* "AES" */
    enum zc_algo first, last;           /* its values of enum zc_algo */
    /* The backend query for an algorithm of [first, last]: ZC_OK with
     * *info filled, or ZC_EINVAL (a key length the algorithm does not
     * take, or a value in the range that names no algorithm). */
    int (*query)(enum zc_algo algo, size_t key_len, struct zc_backend_info *info);
    /* The name of an algorithm of the range, NULL for a gap; a family of
     * one algorithm may leave it NULL: its name is the family's. */
    const char *(*algo_name)(enum zc_algo algo);
    const struct zc_family_row *rows;   /* what zc-info lists, in order */
    unsigned n_rows;
    const struct zc_selftest_entry *selftests;
    unsigned n_selftests;
    /* Its statistics rows (the layout is core/stats.h's ZC_STAT_ROW_*):
     * stat_name(i) names row stat_first + i (NULL: a slot kept free; a
     * family of one row may leave the function NULL: the row is named
     * as the family); stat_op names what direction dir (0 or 1) of row i
     * counts. */
    unsigned stat_first, stat_count;
    const char *(*stat_name)(unsigned i);
    const char *(*stat_op)(unsigned i, unsigned dir);
};

extern const struct zc_family zc_family_hash;
extern const struct zc_family zc_family_aes;
extern const struct zc_family zc_family_des;
extern const struct zc_family zc_family_rc4;
extern const struct zc_family zc_family_random;
extern const struct zc_family zc_family_rsa;
extern const struct zc_family zc_family_ec;

/* Every family, in the order reports list them. */
extern const struct zc_family *const zc_families[];
extern const unsigned zc_n_families;

/* stat_op for a cipher's rows: direction 0 encrypts, 1 decrypts. Inline:
 * in core/family.c, beside the table, it would close an object loop. */
static inline const char *zc_family_op_cipher(unsigned i, unsigned dir)
{
    (void)i;
    return dir ? "decrypt" : "encrypt";
}

/* The family whose range holds algo, or NULL. */
const struct zc_family *zc_family_of(enum zc_algo algo);

#endif /* ZC_CORE_FAMILY_H */
