/*
 * stat-print.c - sgfstat's reports (sgfstat(1)): text with bars for
 * people, one JSON object or CSV rows for programs, a self-contained HTML
 * page with SVG charts.  Everything printed is a function of the merged
 * state alone, so a --merge of partial files prints what one run does.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

/* The tables in print order, with their headings. */
static const struct section {
    enum stat_table_id t;
    const char *title;
    int limited;             /* only the --top most frequent rows */
} sections[] = {
    { T_SIZE, "board size", 0 },
    { T_RULES, "rules", 0 },
    { T_RULES_ASSUMED, "rules where RU[] names none (assumed, and from what)",
      0 },
    { T_KOMI, "komi", 0 },
    { T_KOMI_ASSUMED, "komi where KM[] gives none (assumed, and from what)",
      0 },
    { T_HANDICAP, "handicap", 0 },
    { T_RESULT, "results", 0 },
    { T_MOVES, "game length (moves)", 0 },
    { T_PASSES, "passes per game", 0 },
    { T_YEAR, "year", 0 },
    { T_PLAYER, "players", 1 },
    { T_RANK, "ranks", 1 },
    { T_FIRST, "first move (lines from the edges)", 1 },
    { T_OPENING, "openings (first 4 moves, normalised)", 1 },
    { T_CHARSET, "charset", 1 },
    { T_APPLICATION, "application (AP)", 1 },
    { T_STATUS, "check status", 0 },
    { T_CHECK, "diagnostics by check", 1 },
};
#define NSECTIONS (sizeof sections / sizeof sections[0])

/* Text buckets of game lengths. */
enum { MOVES_BUCKET = 50 };

static uint64_t total(const struct stat_group *g, const char *key)
{
    return stat_get(&g->t[T_TOTAL], key);
}

static uint64_t table_sum(const struct stat_table *t)
{
    uint64_t n = 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i].key)
            n += t->slot[i].count;
    return n;
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

/* Results by winner: keys "B+R", "W+points", "draw", ... */
struct results {
    uint64_t black, white, draw, other;
    uint64_t by[2][4];       /* [B, W][resign, time, points, other] */
};

static void read_results(const struct stat_group *g, struct results *r)
{
    memset(r, 0, sizeof *r);
    const struct stat_table *t = &g->t[T_RESULT];
    for (size_t i = 0; i < t->cap; i++) {
        const struct stat_item *it = &t->slot[i];
        if (!it->key)
            continue;
        int side = it->key[0] == 'B' && it->key[1] == '+' ? 0
                   : it->key[0] == 'W' && it->key[1] == '+' ? 1 : -1;
        if (side < 0) {
            if (strcmp(it->key, "draw") == 0)
                r->draw += it->count;
            else
                r->other += it->count;
            continue;
        }
        *(side ? &r->white : &r->black) += it->count;
        const char *why = it->key + 2;
        int k = strcmp(why, "R") == 0 ? 0 : strcmp(why, "T") == 0 ? 1
                : strcmp(why, "points") == 0 ? 2 : 3;
        r->by[side][k] += it->count;
    }
}

struct lengths {
    uint64_t games, sum, min, max, median;
};

static void read_lengths(const struct stat_group *g, struct lengths *l)
{
    memset(l, 0, sizeof *l);
    struct stat_item **v = stat_sorted(&g->t[T_MOVES], 1, 0);
    size_t n = g->t[T_MOVES].n;
    if (!v)
        return;
    for (size_t i = 0; i < n; i++) {
        uint64_t m = strtoull(v[i]->key, NULL, 10);
        l->games += v[i]->count;
        l->sum += m * v[i]->count;
    }
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t m = strtoull(v[i]->key, NULL, 10);
        if (i == 0)
            l->min = m;
        l->max = m;
        if (seen < (l->games + 1) / 2 && seen + v[i]->count >= (l->games + 1) / 2)
            l->median = m;
        seen += v[i]->count;
    }
    free(v);
}

/* What every report of a group opens with. */
static void read_summary(const struct stat_group *g, struct results *r,
                         struct lengths *l)
{
    read_results(g, r);
    read_lengths(g, l);
}

/* ---- rows a section prints (text and HTML share them) ---- */

struct row {
    char label[96];
    uint64_t count;
};

/* The rows of section sec of g: lengths in buckets for people, the top N
 * of long tables, "(N more)" for the rest.  Caller frees. */
static struct row *section_rows(const struct stat_group *g,
                                const struct section *sec, unsigned top,
                                int bucket, size_t *nrows, uint64_t *rest)
{
    const struct stat_table *t = &g->t[sec->t];
    int lengths = bucket && sec->t == T_MOVES;
    size_t limit = sec->limited && top && !lengths ? top : 0;
    size_t n = stat_first_n(t, limit);
    struct stat_item **v = stat_sorted(t, stat_table_numeric(sec->t), limit);
    struct row *rows = malloc((n ? n : 1) * sizeof *rows);
    *nrows = 0;
    *rest = t->n - n;
    if (!v || !rows) {
        free(v);
        free(rows);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const struct stat_item *it = v[i];
        if (lengths) {
            unsigned long long m = strtoull(it->key, NULL, 10) / MOVES_BUCKET;
            char label[96];
            snprintf(label, sizeof label, "%llu-%llu", m * MOVES_BUCKET,
                     m * MOVES_BUCKET + MOVES_BUCKET - 1);
            if (*nrows && strcmp(rows[*nrows - 1].label, label) == 0) {
                rows[*nrows - 1].count += it->count;
                continue;
            }
            snprintf(rows[*nrows].label, sizeof rows[0].label, "%s", label);
            rows[(*nrows)++].count = it->count;
            continue;
        }
        snprintf(rows[*nrows].label, sizeof rows[0].label, "%.*s",
                 (int)it->len, it->key);
        rows[(*nrows)++].count = it->count;
    }
    free(v);
    return rows;
}

/* The rows of a section drawn as bars (move counts in buckets) and the
 * largest count; NULL when there is none (or no memory). */
static struct row *chart_rows(const struct stat_group *g,
                              const struct section *sec, unsigned top,
                              size_t *nrows, uint64_t *rest, uint64_t *max)
{
    struct row *rows = section_rows(g, sec, top, 1, nrows, rest);
    if (!rows || !*nrows) {
        free(rows);
        return NULL;
    }
    *max = 0;
    for (size_t k = 0; k < *nrows; k++)
        if (rows[k].count > *max)
            *max = rows[k].count;
    return rows;
}

/* ---- text ---- */

static void bar(struct cli_buf *b, uint64_t n, uint64_t max)
{
    int w = max ? (int)((n * 40 + max - 1) / max) : 0;
    for (int i = 0; i < w; i++)
        cli_buf_put(b, "#", 1);
}

static void text_group(const struct stat_group *g,
                       const struct stat_print *o, struct cli_buf *b)
{
    uint64_t games = total(g, "games");
    struct results r;
    struct lengths l;
    read_summary(g, &r, &l);
    cli_buf_printf(b, "games      %" PRIu64 " in %" PRIu64 " file%s, %.1f MB "
                   "of records", games, total(g, "files"),
                   total(g, "files") == 1 ? "" : "s",
                   (double)total(g, "bytes") / 1e6);
    if (total(g, "no_tree"))
        cli_buf_printf(b, " (and %" PRIu64 " record%s without a game "
                       "tree)", total(g, "no_tree"),
                       total(g, "no_tree") == 1 ? "" : "s");
    cli_buf_puts(b, "\n");
    if (l.games)
        cli_buf_printf(b, "moves      mean %.1f, median %" PRIu64
                       ", shortest %" PRIu64 ", longest %" PRIu64 "\n",
                       (double)l.sum / (double)l.games, l.median, l.min,
                       l.max);
    uint64_t decided = r.black + r.white;
    cli_buf_printf(b, "results    Black %" PRIu64 " (%.1f%%), White %" PRIu64
                   " (%.1f%%) of %" PRIu64 " won; %" PRIu64 " drawn, %"
                   PRIu64 " other or none\n", r.black, pct(r.black, decided),
                   r.white, pct(r.white, decided), decided, r.draw, r.other);
    static const char *const why[4] = { "resignation", "time", "points",
                                        "other" };
    for (int s = 0; s < 2; s++) {
        uint64_t n = s ? r.white : r.black;
        if (!n)
            continue;
        cli_buf_printf(b, "  %s wins:", s ? "White" : "Black");
        for (int k = 0; k < 4; k++)
            cli_buf_printf(b, "%s %s %.1f%%", k ? "," : "", why[k],
                           pct(r.by[s][k], n));
        cli_buf_puts(b, "\n");
    }
    for (size_t i = 0; i < NSECTIONS; i++) {
        const struct section *sec = &sections[i];
        size_t n;
        uint64_t rest, max, sum = table_sum(&g->t[sec->t]);
        struct row *rows = chart_rows(g, sec, o->top, &n, &rest, &max);
        if (!rows)
            continue;
        cli_buf_printf(b, "\n%s\n", sec->title);
        for (size_t k = 0; k < n; k++) {
            cli_buf_puts(b, "  ");
            /* columns on the screen, not bytes: CJK names take 2 each */
            cli_buf_text_padded(b, rows[k].label, 24);
            cli_buf_printf(b, " %9" PRIu64 " %5.1f%% ", rows[k].count,
                           pct(rows[k].count, sum));
            bar(b, rows[k].count, max);
            cli_buf_puts(b, "\n");
        }
        if (rest)
            cli_buf_printf(b, "  (%" PRIu64 " more)\n", rest);
        free(rows);
    }
}

static const char *const symmetry_names[8] = {
    NULL, "mirrored left-right", "mirrored top-bottom", "rotated 180",
    "mirrored on a diagonal", "rotated 90", "rotated 270",
    "mirrored on the other diagonal"
};

/* How record a is placed against record f of its set: the composition of
 * a's canonical transform with the inverse of f's, found by the image of
 * two points (square boards; elsewhere only 4 transforms occur). */
static const char *relation(const struct dup_entry *f,
                            const struct dup_entry *a)
{
    const int n = 19;
    int want[2][2];
    for (int k = 0; k < 2; k++) {
        int x = 1 + k, y = 3 + 2 * k;
        sgf_sig_transform(a->form & 7, n, n, &x, &y);
        /* undo f's transform: find u with T_f(u(p)) == T_a(p) */
        want[k][0] = x;
        want[k][1] = y;
    }
    for (int u = 0; u < 8; u++) {
        int ok = 1;
        for (int k = 0; k < 2 && ok; k++) {
            int x = 1 + k, y = 3 + 2 * k;
            sgf_sig_transform(u, n, n, &x, &y);
            sgf_sig_transform(f->form & 7, n, n, &x, &y);
            ok = x == want[k][0] && y == want[k][1];
        }
        if (ok)
            return symmetry_names[u];
    }
    return NULL;
}

static void html_text(struct cli_buf *b, const char *s);

/* The kind of match of record e against its set's kept record f. */
enum dup_match { M_KEPT, M_IDENTICAL, M_SAME_MOVES, M_PREFIX, M_VARIANT };
static const char *const match_names[] = { "kept", "identical", "same_moves",
                                           "prefix", "variant" };
static const char *const match_words[] = {
    "kept", "identical record", "same moves, other info", "prefix",
    "variant"
};
static const char *const info_names[] = { "same", "agree", "other",
                                          "conflict" };
static const char *const info_tags[4] = { "PB", "PW", "DT", "RE" };

/* The moves e is known to share with its set's kept record f: all of them
 * for the same sequence, else its last prefix length. */
static unsigned shared_moves(const struct dup_entry *f,
                             const struct dup_entry *e)
{
    if (e->hash == f->hash)
        return e->moves;
    int l = stat_dup_top_level(e);
    return l < 0 ? 0 : sgf_sig_level((size_t)l);
}

static enum dup_match match_of(const struct dup_entry *f,
                               const struct dup_entry *e, int info)
{
    if (f == e)
        return M_KEPT;
    if (e->hash != f->hash)
        return e->moves < f->moves ? M_PREFIX : M_VARIANT;
    int placed = (f->form & 15) == (e->form & 15);
    return info == DUP_INFO_SAME && placed ? M_IDENTICAL : M_SAME_MOVES;
}

/* "same moves, other info; rotated 90; colours swapped; players or date
 * differ" */
static void dup_notes(const struct stat_state *s, const struct dup_entry *f,
                      const struct dup_entry *e, struct cli_buf *b)
{
    int info = stat_dup_info_cmp(s, f, e);
    enum dup_match m = match_of(f, e, info);
    if (m == M_KEPT)
        return;
    if (m == M_PREFIX)
        cli_buf_printf(b, "prefix: truncated at %u of %u moves, the first "
                       "%u compared", (unsigned)e->moves, (unsigned)f->moves,
                       shared_moves(f, e));
    else if (m == M_VARIANT)
        cli_buf_printf(b, "variant: the same first %u moves, then others",
                       shared_moves(f, e));
    else
        cli_buf_puts(b, match_words[m]);
    const char *rel = relation(f, e);
    if (rel)
        cli_buf_printf(b, "; %s", rel);
    if ((f->form ^ e->form) & 8)
        cli_buf_puts(b, "; colours swapped");
    if (info == DUP_INFO_CONFLICT)
        cli_buf_puts(b, "; players or date differ");
}

/* " PB name  PW name..." of the fields e has, each after sep, its value
 * written by put (escaped for text or HTML). */
static void info_fields(const struct stat_state *s, const struct dup_entry *e,
                        const char *sep,
                        void (*put)(struct cli_buf *, const char *),
                        struct cli_buf *b)
{
    for (int k = 0; k < 4; k++) {
        char v[256];
        stat_dup_field(s, e, k, v, sizeof v);
        if (!v[0])
            continue;
        cli_buf_printf(b, "%s%s ", sep, info_tags[k]);
        put(b, v);
    }
}

static void text_dups(const struct stat_state *s, const struct dup_report *d,
                      struct cli_buf *b)
{
    cli_buf_printf(b, "\nduplicates: %zu record%s in %zu set%s (moves are "
                   "evidence from %u on)\n", d->nrecords,
                   d->nrecords == 1 ? "" : "s", d->nsets,
                   d->nsets == 1 ? "" : "s", d->depth_moves);
    for (size_t i = 0; i < d->nsets; i++) {
        const struct dup_set *set = &d->set[i];
        const struct dup_entry *f = stat_dup_at(s, set->member[0]);
        cli_buf_printf(b, "  set %zu: %zu records, %u moves\n", i + 1, set->n,
                       (unsigned)f->moves);
        for (size_t j = 0; j < set->n; j++) {
            const struct dup_entry *e = stat_dup_at(s, set->member[j]);
            char dyer[13];
            dyer_unpack(dyer, e->dyer);
            cli_buf_puts(b, j ? "    drop " : "    keep ");
            cli_buf_text(b, s->origins[e->origin]);
            cli_buf_printf(b, "#%" PRIu32 "  %u moves  dyer %s", e->game,
                           (unsigned)e->moves, dyer);
            info_fields(s, e, "  ", cli_buf_text, b);
            struct cli_buf notes = { 0 };
            dup_notes(s, f, e, &notes);
            if (notes.len)
                cli_buf_printf(b, "  (%.*s)", (int)notes.len, notes.data);
            cli_buf_free(&notes);
            cli_buf_puts(b, "\n");
        }
    }
}

void stat_print_text(const struct stat_state *s,
                     const struct stat_print *o, const struct dup_report *d,
                     struct cli_buf *b)
{
    struct stat_group *const *v = o->groups;
    if (!s->ngroups)
        cli_buf_printf(b, "no games (%" PRIu64 " read)\n", s->read);
    for (size_t i = 0; i < s->ngroups; i++) {
        if (o->by) {
            cli_buf_printf(b, "%s== %s = ", i ? "\n" : "", o->by);
            cli_buf_text(b, v[i]->key);
            cli_buf_puts(b, "\n");
        }
        text_group(v[i], o, b);
    }
    if (o->dups)
        text_dups(s, d, b);
}

/* A member whose value is a count. */
static void key_uint(sgf_emitter *e, const char *key, unsigned long long v)
{
    sgf_emit_key(e, key);
    sgf_emit_uint(e, v);
}

/* ---- JSON ---- */

static void json_table(const struct stat_group *g, enum stat_table_id t,
                       unsigned top, int limited, sgf_emitter *e,
                       struct cli_buf *b)
{
    size_t limit = limited ? top : 0, n = g->t[t].n;
    struct stat_item **v = stat_sorted(&g->t[t], stat_table_numeric(t), limit);
    if (!v) {
        b->nomem = 1;
        return;
    }
    sgf_emit_begin_object(e);
    key_uint(e, "distinct", n);
    key_uint(e, "total", table_sum(&g->t[t]));
    sgf_emit_key(e, "values");
    sgf_emit_begin_array(e);
    for (size_t i = 0; i < stat_first_n(&g->t[t], limit); i++) {
        sgf_emit_begin_object(e);
        sgf_emit_key(e, "value");
        sgf_emit_cstring(e, v[i]->key);
        key_uint(e, "count", v[i]->count);
        sgf_emit_end_object(e);
    }
    sgf_emit_end_array(e);
    sgf_emit_end_object(e);
    free(v);
}

/* One record of a set as a JSON object. */
static void json_dup_record(const struct stat_state *s,
                            const struct dup_entry *f,
                            const struct dup_entry *e, sgf_emitter *j)
{
    static const char *const keys[4] = { "black", "white", "date_text",
                                         "result_text" };
    char dyer[13];
    dyer_unpack(dyer, e->dyer);
    int info = stat_dup_info_cmp(s, f, e);
    const char *rel = relation(f, e);
    sgf_emit_begin_object(j);
    sgf_emit_key(j, "origin");
    sgf_emit_cstring(j, s->origins[e->origin]);
    key_uint(j, "game", e->game);
    key_uint(j, "moves", e->moves);
    sgf_emit_key(j, "dyer");
    sgf_emit_cstring(j, dyer);
    sgf_emit_key(j, "action");
    sgf_emit_cstring(j, f == e ? "keep" : "drop");
    sgf_emit_key(j, "match");
    sgf_emit_cstring(j, match_names[match_of(f, e, info)]);
    sgf_emit_key(j, "symmetry");
    sgf_emit_cstring(j, rel ? rel : "same");
    sgf_emit_key(j, "colors_swapped");
    sgf_emit_bool(j, (f->form ^ e->form) & 8);
    sgf_emit_key(j, "truncated");
    sgf_emit_bool(j, e->moves < f->moves);
    key_uint(j, "shared_moves", shared_moves(f, e));
    sgf_emit_key(j, "info");
    sgf_emit_cstring(j, info_names[info]);
    for (int k = 0; k < 4; k++) {
        char v[1024];
        stat_dup_field(s, e, k, v, sizeof v);
        sgf_emit_key(j, keys[k]);
        sgf_emit_cstring(j, v[0] ? v : NULL);
    }
    sgf_emit_end_object(j);
}

void stat_print_json(const struct stat_state *s,
                     const struct stat_print *o, const struct dup_report *d,
                     struct cli_buf *b)
{
    struct stat_group *const *v = o->groups;
    sgf_emitter *e = cli_json_open(b);
    sgf_emit_begin_object(e);
    key_uint(e, "sgfstat", 1);
    sgf_emit_key(e, "by");
    sgf_emit_cstring(e, o->by);
    key_uint(e, "read", s->read);
    sgf_emit_key(e, "groups");
    sgf_emit_begin_array(e);
    for (size_t i = 0; i < s->ngroups; i++) {
        const struct stat_group *g = v[i];
        struct results r;
        struct lengths l;
        read_summary(g, &r, &l);
        sgf_emit_begin_object(e);
        sgf_emit_key(e, "key");
        sgf_emit_cstring(e, o->by ? g->key : NULL);
        static const char *const totals[] = { "games", "files", "bytes",
                                              "no_tree" };
        for (size_t k = 0; k < sizeof totals / sizeof totals[0]; k++) {
            sgf_emit_key(e, totals[k]);
            sgf_emit_uint(e, total(g, totals[k]));
        }
        key_uint(e, "black_wins", r.black);
        key_uint(e, "white_wins", r.white);
        key_uint(e, "draws", r.draw);
        sgf_emit_key(e, "moves_mean");
        sgf_emit_number(e, l.games ? (double)l.sum / (double)l.games : 0.0, 3);
        key_uint(e, "moves_median", l.median);
        sgf_emit_key(e, "tables");
        sgf_emit_begin_object(e);
        for (size_t k = 0; k < NSECTIONS; k++) {
            sgf_emit_key(e, stat_table_names[sections[k].t]);
            json_table(g, sections[k].t, o->top, sections[k].limited, e, b);
        }
        sgf_emit_end_object(e);
        sgf_emit_end_object(e);
    }
    sgf_emit_end_array(e);
    if (o->dups) {
        sgf_emit_key(e, "duplicates");
        sgf_emit_begin_object(e);
        key_uint(e, "sets", d->nsets);
        key_uint(e, "records", d->nrecords);
        key_uint(e, "evidence_moves", d->depth_moves);
        sgf_emit_key(e, "openings");
        sgf_emit_begin_array(e);
        for (int l = 1; l + 1 < SGF_SIG_LEVELS; l++) {
            sgf_emit_begin_object(e);
            key_uint(e, "moves", sgf_sig_level((size_t)l));
            key_uint(e, "records", d->reaching[l]);
            key_uint(e, "branching", d->branching[l]);
            sgf_emit_end_object(e);
        }
        sgf_emit_end_array(e);
        sgf_emit_key(e, "groups");
        sgf_emit_begin_array(e);
        for (size_t i = 0; i < d->nsets; i++) {
            const struct dup_set *set = &d->set[i];
            const struct dup_entry *f = stat_dup_at(s, set->member[0]);
            sgf_emit_begin_object(e);
            key_uint(e, "moves", f->moves);
            sgf_emit_key(e, "records");
            sgf_emit_begin_array(e);
            for (size_t j = 0; j < set->n; j++)
                json_dup_record(s, f, stat_dup_at(s, set->member[j]), e);
            sgf_emit_end_array(e);
            sgf_emit_end_object(e);
        }
        sgf_emit_end_array(e);
        sgf_emit_end_object(e);
    }
    sgf_emit_end_object(e);
    sgf_emit_newline(e);
    cli_json_close(b, e);
}

/* ---- CSV: group,statistic,value,count ---- */

void stat_print_csv(const struct stat_state *s,
                    const struct stat_print *o, const struct dup_report *d,
                    struct cli_buf *b)
{
    struct stat_group *const *v = o->groups;
    /* with --duplicates, the columns of the duplicates' rows follow */
    const char *more = ",,,,,,,,,,,,";
    cli_buf_printf(b, "group,statistic,value,count%s\r\n", o->dups ?
                   ",game,dyer,action,match,shared_moves,symmetry,"
                   "colors_swapped,info,"
                   "PB,PW,DT,RE" : "");
    for (size_t i = 0; i < s->ngroups; i++) {
        const struct stat_group *g = v[i];
        for (int t = 0; t < STAT_NTABLES; t++) {
            int limited = 0;
            for (size_t k = 0; k < NSECTIONS; k++)
                if (sections[k].t == (enum stat_table_id)t)
                    limited = sections[k].limited;
            size_t limit = limited ? o->top : 0;
            struct stat_item **it = stat_sorted(&g->t[t],
                                                stat_table_numeric(t), limit);
            if (!it) {
                b->nomem = 1;
                break;
            }
            for (size_t k = 0; k < stat_first_n(&g->t[t], limit); k++) {
                cli_buf_csv_field(b, g->key);
                cli_buf_printf(b, ",%s,", stat_table_names[t]);
                cli_buf_csv_field(b, it[k]->key);
                cli_buf_printf(b, ",%" PRIu64 "%.*s\r\n", it[k]->count,
                               o->dups ? 12 : 0, more);
            }
            free(it);
        }
    }
    if (!o->dups)
        return;
    /* one row per record of a set: the set's number as the group, the
     * record's origin as the value, its moves as the count, and the
     * columns only these rows fill */
    for (size_t i = 0; i < d->nsets; i++) {
        const struct dup_entry *f = stat_dup_at(s, d->set[i].member[0]);
        for (size_t j = 0; j < d->set[i].n; j++) {
            const struct dup_entry *e = stat_dup_at(s, d->set[i].member[j]);
            int info = stat_dup_info_cmp(s, f, e);
            const char *rel = relation(f, e);
            char dyer[13];
            dyer_unpack(dyer, e->dyer);
            cli_buf_printf(b, "%zu,duplicate,", i + 1);
            cli_buf_csv_field(b, s->origins[e->origin]);
            cli_buf_printf(b, ",%u,%" PRIu32 ",%s,%s,%s,%u,",
                           (unsigned)e->moves, e->game, dyer,
                           j ? "drop" : "keep",
                           match_names[match_of(f, e, info)],
                           shared_moves(f, e));
            cli_buf_csv_field(b, rel ? rel : "same");
            cli_buf_printf(b, ",%s,%s", ((f->form ^ e->form) & 8) ? "true"
                           : "false", info_names[info]);
            for (int k = 0; k < 4; k++) {
                char val[1024];
                stat_dup_field(s, e, k, val, sizeof val);
                cli_buf_puts(b, ",");
                cli_buf_csv_field(b, val);
            }
            cli_buf_puts(b, "\r\n");
        }
    }
}

/* ---- --keep-list, --drop-list ---- */

void stat_print_dup_list(const struct stat_state *s,
                         const struct dup_report *d, int keep,
                         struct cli_buf *b)
{
    cli_buf_puts(b, "set\taction\torigin\tgame\tmoves\tmatch\tshared_moves\t"
                 "symmetry\t"
                 "colors_swapped\tinfo\tkept_origin\tkept_game\tPB\tPW\tDT\t"
                 "RE\n");
    for (size_t i = 0; i < d->nsets; i++) {
        const struct dup_entry *f = stat_dup_at(s, d->set[i].member[0]);
        for (size_t j = keep ? 0 : 1; j < (keep ? 1 : d->set[i].n); j++) {
            const struct dup_entry *e = stat_dup_at(s, d->set[i].member[j]);
            int info = stat_dup_info_cmp(s, f, e);
            const char *rel = relation(f, e);
            const char *origin = s->origins[e->origin];
            const char *kept = s->origins[f->origin];
            cli_buf_printf(b, "%zu\t%s\t", i + 1, j ? "drop" : "keep");
            stat_tsv_field(b, origin, strlen(origin));
            cli_buf_printf(b, "\t%" PRIu32 "\t%u\t%s\t%u\t%s\t%s\t%s\t",
                           e->game, (unsigned)e->moves,
                           match_names[match_of(f, e, info)],
                           shared_moves(f, e),
                           rel ? rel : "same",
                           ((f->form ^ e->form) & 8) ? "true" : "false",
                           info_names[info]);
            stat_tsv_field(b, kept, strlen(kept));
            cli_buf_printf(b, "\t%" PRIu32, f->game);
            for (int k = 0; k < 4; k++) {
                char v[1024];
                stat_dup_field(s, e, k, v, sizeof v);
                cli_buf_puts(b, "\t");
                stat_tsv_field(b, v, strlen(v));
            }
            cli_buf_puts(b, "\n");
        }
    }
}

/* ---- HTML: one page, no scripts, no outside files ---- */

static void html_text(struct cli_buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': cli_buf_puts(b, "&lt;"); break;
        case '>': cli_buf_puts(b, "&gt;"); break;
        case '&': cli_buf_puts(b, "&amp;"); break;
        case '"': cli_buf_puts(b, "&quot;"); break;
        default:
            if ((unsigned char)*s < 0x20)
                cli_buf_puts(b, " ");
            else
                cli_buf_put(b, s, 1);
        }
    }
}

static void html_chart(const struct stat_group *g, const struct section *sec,
                       unsigned top, struct cli_buf *b)
{
    size_t n;
    uint64_t rest, max, sum = table_sum(&g->t[sec->t]);
    struct row *rows = chart_rows(g, sec, top ? top : 10, &n, &rest, &max);
    if (!rows)
        return;
    const int label_w = 220, bar_w = 360, row_h = 18;
    cli_buf_puts(b, "<h3>");
    html_text(b, sec->title);
    cli_buf_printf(b, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                   "width=\"%d\" height=\"%zu\" role=\"img\">\n",
                   label_w + bar_w + 140, n * (size_t)row_h + 4);
    for (size_t k = 0; k < n; k++) {
        int y = (int)k * row_h + 2;
        int w = max ? (int)((double)rows[k].count * bar_w / (double)max) : 0;
        cli_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">",
                       label_w - 6, y + 13);
        html_text(b, rows[k].label);
        cli_buf_printf(b, "</text><rect x=\"%d\" y=\"%d\" width=\"%d\" "
                       "height=\"%d\" fill=\"#4a7ab5\"/><text x=\"%d\" "
                       "y=\"%d\">%" PRIu64 " (%.1f%%)</text>\n", label_w, y,
                       w > 0 ? w : 1, row_h - 4, label_w + w + 6, y + 13,
                       rows[k].count, pct(rows[k].count, sum));
    }
    cli_buf_puts(b, "</svg>\n");
    if (rest)
        cli_buf_printf(b, "<p>(%" PRIu64 " more)</p>\n", rest);
    free(rows);
}

void stat_print_html(const struct stat_state *s,
                     const struct stat_print *o, const struct dup_report *d,
                     struct cli_buf *b)
{
    struct stat_group *const *v = o->groups;
    cli_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
                 "charset=\"utf-8\"><title>sgfstat report</title>\n<style>"
                 "body{font-family:sans-serif;max-width:60em;margin:auto}"
                 "svg text{font-size:12px}td{padding:0 1em}</style></head>"
                 "<body>\n<h1>sgfstat report</h1>\n");
    for (size_t i = 0; i < s->ngroups; i++) {
        const struct stat_group *g = v[i];
        struct results r;
        struct lengths l;
        read_summary(g, &r, &l);
        if (o->by) {
            cli_buf_puts(b, "<h2>");
            html_text(b, o->by);
            cli_buf_puts(b, " = ");
            html_text(b, g->key);
            cli_buf_puts(b, "</h2>\n");
        }
        cli_buf_printf(b, "<table><tr><td>games</td><td>%" PRIu64 "</td></tr>"
                       "<tr><td>files</td><td>%" PRIu64 "</td></tr><tr><td>"
                       "MB of records</td><td>%.1f</td></tr><tr><td>mean "
                       "moves</td><td>%.1f</td></tr><tr><td>Black wins</td>"
                       "<td>%.1f%%</td></tr></table>\n", total(g, "games"),
                       total(g, "files"), (double)total(g, "bytes") / 1e6,
                       l.games ? (double)l.sum / (double)l.games : 0.0,
                       pct(r.black, r.black + r.white));
        for (size_t k = 0; k < NSECTIONS; k++)
            html_chart(g, &sections[k], o->top, b);
    }
    if (o->dups) {
        cli_buf_printf(b, "<h2>Duplicates: %zu records in %zu sets</h2>\n"
                       "<ol>\n", d->nrecords, d->nsets);
        for (size_t i = 0; i < d->nsets; i++) {
            const struct dup_set *set = &d->set[i];
            const struct dup_entry *f = stat_dup_at(s, set->member[0]);
            cli_buf_puts(b, "<li><ul>");
            for (size_t j = 0; j < set->n; j++) {
                const struct dup_entry *e = stat_dup_at(s, set->member[j]);
                cli_buf_puts(b, j ? "<li>drop " : "<li>keep ");
                html_text(b, s->origins[e->origin]);
                cli_buf_printf(b, "#%" PRIu32 ", %u moves", e->game,
                               (unsigned)e->moves);
                info_fields(s, e, ", ", html_text, b);
                struct cli_buf notes = { 0 };
                dup_notes(s, f, e, &notes);
                cli_buf_put(&notes, "", 1);
                if (notes.len > 1) {
                    cli_buf_puts(b, " (");
                    html_text(b, notes.data);
                    cli_buf_puts(b, ")");
                }
                cli_buf_free(&notes);
                cli_buf_puts(b, "</li>");
            }
            cli_buf_puts(b, "</ul></li>\n");
        }
        cli_buf_puts(b, "</ol>\n");
    }
    cli_buf_puts(b, "</body></html>\n");
}
