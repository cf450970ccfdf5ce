/*
 * stat-file.c - the partial file of --partial, read back by --merge
 * (doc/sgfstat.md, "The partial file"): UTF-8 text, one record a line,
 * fields separated by tabs, so that it passes through Hadoop Streaming,
 * Spark's pipe and a text editor alike.  Counts are exact integers and
 * signatures are written whole, so a merge loses nothing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

void stat_tsv_field(struct cli_buf *b, const char *s, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        const char *e = s[i] == '\t' ? "\\t" : s[i] == '\n' ? "\\n"
                        : s[i] == '\r' ? "\\r" : s[i] == '\\' ? "\\\\" : NULL;
        if (!e)
            continue;
        cli_buf_put(b, s + start, i - start);
        cli_buf_puts(b, e);
        start = i + 1;
    }
    cli_buf_put(b, s + start, n - start);
}

void stat_write_partial(const struct stat_state *s, const char *by,
                        struct cli_buf *b)
{
    size_t lines = 0;
    cli_buf_printf(b, "%s\t%d\n", STAT_PARTIAL_MAGIC, STAT_PARTIAL_VERSION);
    if (by) {
        cli_buf_puts(b, "by\t");
        stat_tsv_field(b, by, strlen(by));
        cli_buf_puts(b, "\n");
    } else {
        cli_buf_puts(b, "by\n");
    }
    cli_buf_printf(b, "read\t%" PRIu64 "\ndups\t%d\n", s->read, s->dups);
    lines += 3;            /* by, read, dups: the magic line is not counted */
    for (size_t i = 0; i < s->ngroups; i++) {
        const struct stat_group *g = s->groups[i];
        cli_buf_puts(b, "group\t");
        stat_tsv_field(b, g->key, g->len);
        cli_buf_puts(b, "\n");
        lines++;
        for (int t = 0; t < STAT_NTABLES; t++)
            for (size_t j = 0; j < g->t[t].cap; j++) {
                const struct stat_item *it = &g->t[t].slot[j];
                if (!it->key)
                    continue;
                cli_buf_printf(b, "count\t%s\t%" PRIu64 "\t",
                               stat_table_names[t], it->count);
                stat_tsv_field(b, it->key, it->len);
                cli_buf_puts(b, "\n");
                lines++;
            }
    }
    for (size_t i = 0; i < s->norigins; i++) {
        cli_buf_puts(b, "origin\t");
        stat_tsv_field(b, s->origins[i], strlen(s->origins[i]));
        cli_buf_puts(b, "\n");
        lines++;
    }
    for (size_t i = 0; i < s->ndups; i++) {
        const struct dup_entry *e = stat_dup_at(s, i);
        char dyer[13];
        dyer_unpack(dyer, e->dyer);
        cli_buf_printf(b, "sig\t%" PRIu32 "\t%" PRIu32 "\t%u\t%u\t%016" PRIx64,
                       e->origin, e->game, (unsigned)e->moves,
                       (unsigned)e->form, e->hash);
        for (int k = 0; k < SGF_SIG_LEVELS; k++)
            cli_buf_printf(b, "\t%08" PRIx32, e->prefix[k]);
        cli_buf_printf(b, "\t%s\t%u\t%u\t%u\t%u", dyer, (unsigned)e->year,
                       (unsigned)e->month, (unsigned)e->day,
                       DUP_FIELDS(e));
        /* PB, PW, DT, RE: the info text's tabs are the separators */
        const char *info = e->info ? e->info : "\t\t\t";
        for (const char *p = info;; p++) {
            size_t n = strcspn(p, "\t");
            cli_buf_puts(b, "\t");
            stat_tsv_field(b, p, n);
            p += n;
            if (!*p)
                break;
        }
        cli_buf_puts(b, "\n");
        lines++;
    }
    cli_buf_printf(b, "end\t%zu\n", lines);
}

/* ---- reading ---- */

struct reader {
    const char *p, *end;
    size_t line;
    char *err;
    size_t errlen;
    char *field;             /* the current field, unescaped */
    size_t field_cap;
    char **origins;          /* the file's origin lines, in order */
    size_t norigins, origins_cap;
};

static int fail(struct reader *r, const char *what)
{
    snprintf(r->err, r->errlen, "line %zu: %s", r->line, what);
    return -1;
}

/* The next field of the line into r->field (NUL-terminated); *len its
 * length.  Returns 1, 0 at the end of the line, -1 on no memory. */
static int next_field(struct reader *r, size_t *len, int *more)
{
    size_t n = 0;
    while (r->p < r->end && *r->p != '\t' && *r->p != '\n') {
        char c = *r->p++;
        if (c == '\\' && r->p < r->end) {
            char e = *r->p++;
            c = e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e;
        }
        if (n + 1 >= r->field_cap) {
            char *f = cli_grow(r->field, &r->field_cap, n + 2, 1);
            if (!f)
                return -1;
            r->field = f;
        }
        r->field[n++] = c;
    }
    if (!r->field) {
        r->field = malloc(16);
        if (!r->field)
            return -1;
        r->field_cap = 16;
    }
    r->field[n] = '\0';
    *len = n;
    *more = r->p < r->end && *r->p == '\t';
    if (*more)
        r->p++;
    return 1;
}

static int end_line(struct reader *r)
{
    if (r->p >= r->end || *r->p != '\n')
        return fail(r, "a line is cut short or has extra fields");
    r->p++;
    r->line++;
    return 0;
}

static int number(struct reader *r, uint64_t *v, int base)
{
    size_t len;
    int more;
    if (next_field(r, &len, &more) < 0)
        return fail(r, "out of memory");
    char *end;
    if (!len)
        return fail(r, "a number is missing");
    *v = strtoull(r->field, &end, base);
    if (*end || r->field[0] == '-')
        return fail(r, "not a number");
    return more ? 1 : 0;
}

static int table_id(const char *name)
{
    for (int t = 0; t < STAT_NTABLES; t++)
        if (strcmp(name, stat_table_names[t]) == 0)
            return t;
    return -1;
}

static int read_sig(struct reader *r, struct stat_state *s)
{
    uint64_t v[5 + SGF_SIG_LEVELS];
    for (int i = 0; i < 5 + SGF_SIG_LEVELS; i++) {
        int rc = number(r, &v[i], i >= 4 ? 16 : 10);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return fail(r, "a signature is cut short");
    }
    size_t len;
    int more;
    if (next_field(r, &len, &more) < 0)
        return fail(r, "out of memory");
    if (len != 12 || !more)
        return fail(r, len != 12 ? "a Dyer signature is not 12 characters"
                    : "a signature is cut short");
    char dyer[13];
    memcpy(dyer, r->field, 13);
    uint64_t d[4];
    for (int i = 0; i < 4; i++)
        if (number(r, &d[i], 10) != 1)
            return fail(r, "a signature's date or fields are missing");
    if (d[0] > 65535 || d[1] > 255 || d[2] > 255 || d[3] > 255)
        return fail(r, "a signature's date or fields are out of range");
    struct dup_info info = { { NULL }, (int)d[0], (int)d[1], (int)d[2],
                             (unsigned)d[3] };
    char *text[4] = { NULL };
    int rc = 0;
    for (int k = 0; k < 4 && rc == 0; k++) {
        if (next_field(r, &len, &more) < 0 || !(text[k] = strdup(r->field)))
            rc = fail(r, "out of memory");
        else if (more != (k < 3))
            rc = fail(r, more ? "a signature has extra fields"
                      : "a signature is cut short");
        info.text[k] = text[k];
    }
    if (rc == 0 && v[0] >= r->norigins)
        rc = fail(r, "a signature names an origin not given before");
    if (rc < 0) {
        for (int k = 0; k < 4; k++)
            free(text[k]);
        return rc;
    }
    sgf_game_sig sig = { 0 };
    sig.hash = v[4];
    for (int i = 0; i < SGF_SIG_LEVELS; i++)
        sig.prefix[i] = (uint32_t)v[5 + i];
    sig.moves = (unsigned)v[2];
    sig.transform = (int)(v[3] & 7);
    sig.first_color = (v[3] & 8) ? SGF_WHITE : SGF_BLACK;
    memcpy(sig.dyer, dyer, 13);
    stat_dup_add(s, r->origins[v[0]], (unsigned)v[1], &sig, &info);
    for (int k = 0; k < 4; k++)
        free(text[k]);
    return end_line(r);
}

int stat_read_partial(struct stat_state *s, const char *data, size_t len,
                      char **by, char *err, size_t errlen)
{
    struct reader r = { data, data + len, 1, err, errlen, NULL, 0, NULL, 0, 0 };
    struct stat_group *g = NULL;
    size_t lines = 0, flen;
    int more, rc = -1, ended = 0;
    *by = NULL;
    char head[64];
    snprintf(head, sizeof head, "%s\t", STAT_PARTIAL_MAGIC);
    if (len < strlen(head) || memcmp(data, head, strlen(head)) != 0) {
        fail(&r, "not an sgfstat partial file");
        goto out;
    }
    r.p += strlen(head);
    uint64_t version;
    if (number(&r, &version, 10) != 0 || end_line(&r) < 0)
        goto out;
    if (version != STAT_PARTIAL_VERSION) {
        fail(&r, "a partial file of another version (this sgfstat reads "
             "version 2)");
        goto out;
    }
    while (r.p < r.end) {
        if (next_field(&r, &flen, &more) < 0) {
            fail(&r, "out of memory");
            goto out;
        }
        char kind[16];
        snprintf(kind, sizeof kind, "%s", r.field);
        if (strcmp(kind, "end") == 0) {
            uint64_t n;
            if (!more || number(&r, &n, 10) != 0 || end_line(&r) < 0)
                goto out;
            if (n != lines) {
                fail(&r, "the line count does not match: the file is "
                     "incomplete");
                goto out;
            }
            ended = 1;
            break;
        }
        lines++;
        if (strcmp(kind, "by") == 0) {
            if (more) {
                if (next_field(&r, &flen, &more) < 0 || more)
                    goto bad;
                free(*by);
                if (!(*by = strdup(r.field)))
                    goto bad;
            }
        } else if (strcmp(kind, "read") == 0 || strcmp(kind, "dups") == 0) {
            uint64_t n;
            if (!more || number(&r, &n, 10) != 0)
                goto bad;
            if (kind[0] == 'r')
                s->read += n;
            else
                s->dups |= n != 0;
        } else if (strcmp(kind, "group") == 0) {
            if (!more || next_field(&r, &flen, &more) < 0 || more)
                goto bad;
            if (!(g = stat_group(s, r.field, flen)))
                goto bad;
        } else if (strcmp(kind, "count") == 0) {
            uint64_t n;
            if (!more || !g || next_field(&r, &flen, &more) < 0 || !more)
                goto bad;
            int t = table_id(r.field);
            if (t < 0 || number(&r, &n, 10) != 1 ||
                next_field(&r, &flen, &more) < 0 || more)
                goto bad;
            stat_count(s, g, (enum stat_table_id)t, r.field, flen, n);
        } else if (strcmp(kind, "origin") == 0) {
            if (!more || next_field(&r, &flen, &more) < 0 || more)
                goto bad;
            /* the signatures number the origin lines in file order */
            char **v = cli_grow(r.origins, &r.origins_cap, r.norigins + 1,
                                sizeof *v);
            if (!v)
                goto bad;
            r.origins = v;
            if (!(r.origins[r.norigins] = strdup(r.field)))
                goto bad;
            r.norigins++;
        } else if (strcmp(kind, "sig") == 0) {
            if (!more || read_sig(&r, s) < 0)
                goto out;
            continue;
        } else {
            fail(&r, "unknown record");
            goto out;
        }
        if (end_line(&r) < 0)
            goto out;
        continue;
bad:
        fail(&r, s->nomem ? "out of memory" : "malformed record");
        goto out;
    }
    if (!ended) {
        fail(&r, "no end line: the file is incomplete");
        goto out;
    }
    rc = 0;
out:
    for (size_t i = 0; i < r.norigins; i++)
        free(r.origins[i]);
    free(r.origins);
    free(r.field);
    return rc;
}
