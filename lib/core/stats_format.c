/*
 * stats_format.c - the statistics rows' names and their text and JSON
 * forms (zcrypt/stats.h). Each family names its own rows in its
 * descriptor (core/family.h); this file only loops over the table.
 */
#include "family.h"
#include "stats.h"

/* The family that owns statistics row id, or NULL. */
static const struct zc_family *family_of_row(int id)
{
    unsigned i;

    for (i = 0; i < zc_n_families; i++) {
        const struct zc_family *f = zc_families[i];

        if (id >= 0 && (unsigned)id >= f->stat_first && (unsigned)id < f->stat_first + f->stat_count)
            return f;
    }
    return NULL;
}

const char *zc_stat_name(int id)
{
    const struct zc_family *f = family_of_row(id);

    if (f == NULL)
        return NULL;
    return f->stat_name != NULL ? f->stat_name((unsigned)id - f->stat_first) : f->name;
}

const char *zc_stat_backend_name(enum zc_stat_backend b)
{
    static const char *const names[ZC_STAT_BACKENDS] = {
        [ZC_STAT_CPACF] = "cpacf", [ZC_STAT_PROTECTED] = "protected",
        [ZC_STAT_CEX] = "cex", [ZC_STAT_SOFTWARE] = "software",
    };

    return (unsigned)b < ZC_STAT_BACKENDS ? names[b] : NULL;
}

/* ---- formatting ------------------------------------------------------------ */

struct out {
    char *buf;
    size_t len, pos;
    int full;
};

static void emit(struct out *o, const char *s)
{
    while (*s) {
        if (o->pos + 1 >= o->len) {
            o->full = 1;
            return;
        }
        o->buf[o->pos++] = *s++;
    }
}

static void emit_u64(struct out *o, uint64_t v)
{
    char t[21];
    int i = 20;

    t[i] = '\0';
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    emit(o, t + i);
}

/* The operation a row's direction counts, as its family names it. */
static const char *op_name(int id, unsigned dir)
{
    const struct zc_family *f = family_of_row(id);

    return f != NULL ? f->stat_op((unsigned)id - f->stat_first, dir) : "?";
}

int zc_stats_format_sized(const struct zc_stats *s, size_t size, enum zc_stats_format fmt,
                          char *buf, size_t len)
{
    struct out o = { .buf = buf, .len = len };
    size_t rows = zc_stats_rows(size);
    int r, first = 1;
    unsigned b, d;

    if (s == NULL || buf == NULL || rows == 0 || (fmt != ZC_STATS_TEXT && fmt != ZC_STATS_JSON))
        return ZC_EINVAL;
    if (rows > ZC_STAT_ROWS)
        rows = ZC_STAT_ROWS;
    if (fmt == ZC_STATS_JSON)
        emit(&o, "{\"counters\":[");
    for (r = 0; (size_t)r < rows; r++)
        for (b = 0; b < ZC_STAT_BACKENDS; b++)
            for (d = 0; d < 2; d++) {
                const struct zc_stat_cell *c = &s->cell[r][b][d];

                if (c->calls == 0 && c->bytes == 0)
                    continue;
                if (fmt == ZC_STATS_JSON) {
                    emit(&o, first ? "{\"algo\":\"" : ",{\"algo\":\"");
                    emit(&o, zc_stat_name(r) ? zc_stat_name(r) : "?");
                    emit(&o, "\",\"backend\":\"");
                    emit(&o, zc_stat_backend_name((enum zc_stat_backend)b));
                    emit(&o, "\",\"op\":\"");
                    emit(&o, op_name(r, d));
                    emit(&o, "\",\"calls\":");
                    emit_u64(&o, c->calls);
                    emit(&o, ",\"bytes\":");
                    emit_u64(&o, c->bytes);
                    emit(&o, "}");
                } else {
                    emit(&o, zc_stat_name(r) ? zc_stat_name(r) : "?");
                    emit(&o, " ");
                    emit(&o, zc_stat_backend_name((enum zc_stat_backend)b));
                    emit(&o, " ");
                    emit(&o, op_name(r, d));
                    emit(&o, " calls=");
                    emit_u64(&o, c->calls);
                    emit(&o, " bytes=");
                    emit_u64(&o, c->bytes);
                    emit(&o, "\n");
                }
                first = 0;
            }
    if (fmt == ZC_STATS_JSON)
        emit(&o, "]}");
    if (o.full || len == 0) {
        if (len)
            buf[0] = '\0';
        return ZC_ENOMEM;
    }
    buf[o.pos] = '\0';
    return (int)o.pos;
}

int (zc_stats_format)(const struct zc_stats *s, enum zc_stats_format fmt, char *buf,
                      size_t len)
{
    return zc_stats_format_sized(s, ZC_STAT_ROWS_0_1 * sizeof(s->cell[0]), fmt, buf, len);
}
