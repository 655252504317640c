/*
 * backend.c - the backend query, the algorithms' names, the rows a report
 * lists and the self-test registry: each is one loop over the family table
 * (core/family.h). A family answers for its own algorithms; caps.c says
 * whether the instructions they need are usable here and, if not, why.
 */
#include "caps.h"
#include "family.h"
#include "stats.h"
#include "policy.h"

int zc_backend_query(enum zc_algo algo, size_t key_len, struct zc_backend_info *info)
{
    const struct zc_family *f = zc_family_of(algo);
    int rc;

    if (info == NULL || f == NULL)
        return ZC_EINVAL;
    rc = f->query(algo, key_len, info);
    /* Under hw-only, what would run in software returns ZC_ENOTSUP;
     * zc_random_bytes() is unaffected. insn and fc still name what is
     * missing. */
    if (rc == ZC_OK && algo != ZC_ALGO_RANDOM && info->backend == ZC_BACKEND_SOFTWARE &&
        zc_policy_hw_only())
        info->reason = ZC_REASON_POLICY;
    return rc;
}

const char *zc_algo_name(enum zc_algo algo)
{
    const struct zc_family *f = zc_family_of(algo);
    const char *name = f == NULL ? NULL : f->algo_name != NULL ? f->algo_name(algo) : f->name;

    return name != NULL ? name : "unknown";
}

int zc_algo_row(size_t i, struct zc_algo_row *row)
{
    unsigned j;

    if (row == NULL)
        return ZC_EINVAL;
    for (j = 0; j < zc_n_families; j++) {
        const struct zc_family *f = zc_families[j];

        if (i < f->n_rows) {
            row->algo = f->rows[i].algo;
            row->key_len = f->rows[i].key_len;
            return ZC_OK;
        }
        i -= f->n_rows;
    }
    return ZC_EINVAL;
}

/* The i-th registered self-test of all families, or NULL past the last. */
static const struct zc_selftest_entry *selftest_at(size_t i)
{
    unsigned j;

    for (j = 0; j < zc_n_families; j++) {
        if (i < zc_families[j]->n_selftests)
            return &zc_families[j]->selftests[i];
        i -= zc_families[j]->n_selftests;
    }
    return NULL;
}

/* 1 when a comes before b in the listed order: by function code, then
 * instruction. */
static int listed_before(const struct zc_selftest_entry *a, const struct zc_selftest_entry *b)
{
    return a->fc < b->fc || (a->fc == b->fc && a->insn < b->insn);
}

int zc_selftest_row(size_t i, enum zc_insn *insn, unsigned *fc)
{
    const struct zc_selftest_entry *e, *o;
    size_t j, k, rank;

    if (insn == NULL || fc == NULL)
        return ZC_EINVAL;
    /* the entry with exactly i entries before it (a handful: a report's pace) */
    for (j = 0; (e = selftest_at(j)) != NULL; j++) {
        for (k = 0, rank = 0; (o = selftest_at(k)) != NULL; k++)
            rank += listed_before(o, e);
        if (rank == i) {
            *insn = e->insn;
            *fc = e->fc;
            return ZC_OK;
        }
    }
    return ZC_EINVAL;
}

int zc_cpacf_selftest(enum zc_insn insn, unsigned fc)
{
    const struct zc_selftest_entry *e;
    size_t i;

    for (i = 0; (e = selftest_at(i)) != NULL; i++) {
        if (e->fc != fc || (e->insn != insn && e->also_insn != insn))
            continue;
        if (zc_caps_reason(e->insn, fc) != ZC_REASON_CPACF ||
            zc_caps_reason(e->also_insn, fc) != ZC_REASON_CPACF)
            return -1;
        return e->run(fc);
    }
    return -1;
}
