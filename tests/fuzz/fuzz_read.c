/*
 * fuzz_read.c - libFuzzer target for the reader (see doc/fuzzing.md).
 *
 * Every input is read the ways a program can read it, and the ways must
 * agree:
 *   1. sgf_game_parse() on the whole input, with default options and with
 *      SGF_READ_SYNTAX_ONLY (the first game only);
 *   2. a memory member through sgf_reader_next() (every game, full checks);
 *   3. the same member through sgf_reader_next_raw() and sgf_game_read()
 *      into one reused game object (the path of the worker threads).
 * Paths 2 and 3 must give the same games (number, offset, tree size, moves,
 * diagnostic counts): frame mode exists so that they do. Every game of path
 * 2 goes through every public accessor, sgf_value_text() on every value, the
 * game info grammars, the JSON Lines and CSV summaries, sgfcheck's
 * reports, and the writer's round trip (tests/unit/treecmp.c): written,
 * re-read, same tree, same decoded values, same bytes when written again.
 * The last byte picks the reader's options (options_of): defaults, or a
 * fallback charset and SGF_READ_NO_DECODE (then the game is only written:
 * undecoded text promises no round trip); and the member's name
 * (name_of): .sgf, none (the first bytes decide, so GIB, NGF and UGF
 * records are converted), or a foreign format's, whatever the bytes.
 *
 * Sanitizers find the crashes, leaks and bad reads; a disagreement or a
 * failed round trip is reported and abort()s, so that libFuzzer keeps the
 * input.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgfkit.h"
#include "../unit/treecmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...) do { \
    fprintf(stderr, "fuzz_read: " __VA_ARGS__); \
    fputc('\n', stderr); \
    abort(); \
} while (0)

/* A sink the optimiser cannot remove: makes every byte we touch count. */
static volatile size_t sink;

static void touch(const char *s, size_t n)
{
    size_t h = 0;
    for (size_t i = 0; i < n; i++)
        h = h * 31 + (unsigned char)s[i];
    sink += h;
}

static void touch_str(const char *s)
{
    if (s)
        touch(s, strlen(s));
}

/* What must be equal between the two reader paths. */
typedef struct summary {
    int root;
    uint64_t offset;
    unsigned index;
    unsigned moves;
    size_t nodes, props, values;
    size_t diags, errors;
} summary;

static size_t count_tree(const sgf_node *root, size_t *props, size_t *values)
{
    size_t nodes = 0;
    *props = *values = 0;
    for (const sgf_node *n = root; n;) {
        nodes++;
        for (const sgf_prop *p = n->props; p; p = p->next) {
            (*props)++;
            *values += p->nvalues;
        }
        if (n->child) {
            n = n->child;
            continue;
        }
        while (n && n != root && !n->next)
            n = n->parent;
        if (!n || n == root)
            break;
        n = n->next;
    }
    return nodes;
}

static summary summarise(const sgf_game *g)
{
    summary s = { 0 };
    s.root = sgf_game_root(g) != NULL;
    s.offset = sgf_game_offset(g);
    s.index = sgf_game_index(g);
    s.moves = sgf_game_moves(g);
    s.nodes = count_tree(sgf_game_root(g), &s.props, &s.values);
    s.diags = sgf_game_diag_count(g);
    s.errors = sgf_game_count(g, SGF_ERROR);
    return s;
}

static void check_diags(const sgf_game *g)
{
    size_t n = sgf_game_diag_count(g), by_sev[3] = { 0 };
    int more = 0;   /* past 1,000 a check is counted, not listed */
    for (size_t i = 0; i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        if (!d || (unsigned)d->severity > SGF_ERROR || !d->id || !d->message)
            FAIL("diagnostic %zu is incomplete", i);
        if (sgf_check_find(d->id) != d->check)
            FAIL("diagnostic %zu: id %s is not check %d", i, d->id, d->check);
        if (d->line == 0 || d->column == 0)
            FAIL("diagnostic %zu (%s) at line %lu column %lu", i, d->id,
                 d->line, d->column);
        if (i > 0 && d->offset < sgf_game_diag(g, i - 1)->offset)
            FAIL("diagnostics out of order at %zu", i);
        by_sev[d->severity]++;
        more |= strcmp(d->id, "more-diagnostics") == 0;
        touch_str(d->message);
        touch_str(d->origin);
        touch_str(sgf_severity_name(d->severity));
    }
    for (int s = 0; s < 3; s++)
        if (more ? by_sev[s] > sgf_game_count(g, (sgf_severity)s)
                 : by_sev[s] != sgf_game_count(g, (sgf_severity)s))
            FAIL("count of severity %d is %zu, diagnostics hold %zu", s,
                 sgf_game_count(g, (sgf_severity)s), by_sev[s]);
    if (sgf_game_diag(g, n) != NULL)
        FAIL("sgf_game_diag past the end is not NULL");
}

static void check_info(const sgf_game *g)
{
    const sgf_info *in = sgf_game_info(g);
    const char *const strs[] = {
        in->rules, in->black, in->white, in->black_rank, in->white_rank,
        in->event, in->round, in->place, in->date_text, in->result_text,
        in->application, in->charset
    };
    for (size_t i = 0; i < sizeof strs / sizeof *strs; i++)
        touch_str(strs[i]);
    char buf[64];
    sgf_format_result(&in->result, buf, sizeof buf);
    touch_str(buf);
    sink += (size_t)in->width + (size_t)in->height + (size_t)in->handicap;
}

/* The public grammars, beyond what gameinfo_read asks of them. */
static void check_grammars(const char *text)
{
    sgf_result r;
    sgf_date d;
    double komi;
    int scaled;
    char buf[64];
    if (sgf_parse_result(text, &r) >= -1) {
        sgf_format_result(&r, buf, sizeof buf);
        touch_str(buf);
    }
    sink += (size_t)sgf_parse_komi(text, NULL, &komi, &scaled);
    sink += (size_t)sgf_parse_komi(text, "Fox", &komi, &scaled);
    sink += (size_t)sgf_parse_date(text, &d);
}

/* Every node, property and value of g through the public interface. */
static void check_tree(sgf_game *g)
{
    const sgf_node *root = sgf_game_root(g);
    const sgf_info *in = sgf_game_info(g);
    for (const sgf_node *n = root; n;) {
        uint32_t kids = 0;
        for (const sgf_node *c = n->child; c; c = c->next) {
            if (c->parent != n)
                FAIL("a child's parent is not its node");
            kids++;
        }
        if (kids != n->nchildren)
            FAIL("nchildren %u, %u children linked", n->nchildren, kids);
        for (const sgf_prop *p = n->props; p; p = p->next) {
            const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
            if (p->kind != SGF_P_UNKNOWN && (!pi || strcmp(pi->id, p->id)))
                FAIL("property %s has kind %d", p->id, p->kind);
            if (sgf_node_find(n, p->kind) == NULL)
                FAIL("sgf_node_find misses %s", p->id);
            touch_str(p->id);
            touch(p->raw_id, p->id_len);
            for (uint32_t i = 0; i < p->nvalues; i++) {
                const sgf_value *v = &p->values[i];
                touch(v->raw, v->len);
                size_t len;
                const char *t = sgf_value_text(g, p, i, &len);
                if (!t)
                    FAIL("sgf_value_text failed");
                if (t[len] != '\0')
                    FAIL("sgf_value_text is not NUL-terminated");
                touch(t, len);
                int x, y;
                sink += (size_t)sgf_point_decode(v->raw, v->len, in->width,
                                                 in->height, &x, &y);
                if (p->kind == SGF_P_RE || p->kind == SGF_P_KM ||
                    p->kind == SGF_P_DT)
                    check_grammars(t);
            }
            if (sgf_value_text(g, p, p->nvalues, NULL) != NULL)
                FAIL("sgf_value_text past the last value is not NULL");
        }
        if (n->child) {
            n = n->child;
            continue;
        }
        while (n != root && !n->next)
            n = n->parent;
        if (n == root)
            break;
        n = n->next;
    }
}

static int sink_write(void *ctx, const void *data, size_t len)
{
    (void)ctx;
    touch(data, len);
    return 0;
}

static void check_game(sgf_game *g, treecmp *tc, bool decoded)
{
    touch_str(sgf_game_origin(g));
    check_diags(g);
    check_info(g);
    check_tree(g);
    /* the summaries of a game: sgfconvert's JSON Lines line and CSV row,
     * and sgfcheck's report in each of its formats */
    if (sgf_jsonl_write_game(g, NULL, sink_write, NULL) != 0 ||
        sgf_csv_write_game_row(g, NULL, sink_write, NULL) != 0)
        FAIL("a summary of game %u failed", sgf_game_index(g));
    for (int f = SGF_REPORT_TEXT; f <= SGF_REPORT_CSV; f++) {
        sgf_report_options ro = { (sgf_report_format)f, NULL, 1, 0 };
        if (sgf_check_report(g, &ro, NULL, sink_write, NULL) != 0)
            FAIL("sgfcheck's report (format %d) of game %u failed", f,
                 sgf_game_index(g));
    }
    if (!decoded) {
        /* text kept in its charset: the round trip is not promised */
        if (sgf_write_game(g, sink_write, NULL) != 0)
            FAIL("sgf_write_game failed");
        return;
    }
    char msg[700];
    if (!treecmp_game(tc, g, msg, sizeof msg)) {
        size_t n;
        const char *out = treecmp_output(tc, &n);
        fprintf(stderr, "written:\n%.*s\n", (int)(n > 4000 ? 4000 : n), out);
        FAIL("game %u: %s", sgf_game_index(g), msg);
    }
}

static void parse_whole(const uint8_t *data, size_t size, unsigned flags)
{
    sgf_raw_game raw = { .bytes = (const char *)data, .len = size,
                         .origin = "fuzz", .index = 1, .line = 1,
                         .column = 1, .at_eof = 1,
                         .flags = size ? 0 : SGF_RAW_EMPTY_MEMBER };
    sgf_read_options opt = { .flags = flags };
    sgf_game *g = sgf_game_parse(&raw, &opt);
    if (!g)
        FAIL("sgf_game_parse: out of memory");
    check_diags(g);
    check_info(g);
    sgf_game_free(g);
}

/* Summaries of the games with a tree (games without one are how each path
 * reports junk, and may differ in number). */
typedef struct summaries {
    summary *v;
    size_t n, cap;
} summaries;

static void add_summary(summaries *s, const summary *x)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        if (!s->v)
            FAIL("out of memory");
    }
    s->v[s->n++] = *x;
}

static void compare(const summaries *a, const summaries *b)
{
    if (a->n != b->n)
        FAIL("sgf_reader_next read %zu games, sgf_reader_next_raw %zu",
             a->n, b->n);
    for (size_t i = 0; i < a->n; i++) {
        const summary *x = &a->v[i], *y = &b->v[i];
        if (x->offset != y->offset || x->nodes != y->nodes ||
            x->props != y->props || x->values != y->values ||
            x->moves != y->moves || x->diags != y->diags ||
            x->errors != y->errors || x->index != y->index)
            FAIL("game %zu differs: index %u/%u offset %llu/%llu nodes "
                 "%zu/%zu props %zu/%zu values %zu/%zu moves %u/%u diags "
                 "%zu/%zu errors %zu/%zu", i + 1, x->index, y->index,
                 (unsigned long long)x->offset,
                 (unsigned long long)y->offset, x->nodes, y->nodes, x->props,
                 y->props, x->values, y->values, x->moves, y->moves, x->diags,
                 y->diags, x->errors, y->errors);
    }
}

/* Read options for the reader paths, from the last byte: below 0x80 (most
 * SGF files end in ')' or a newline) the defaults; else a fallback charset
 * and SGF_READ_NO_DECODE by its low bits; the legality replay always. */
static sgf_read_options options_of(const uint8_t *data, size_t size)
{
    static const char *const fallback[] = {
        NULL, "GB18030", "Shift_JIS", "windows-1252", "UTF-16LE",
        "no-such-charset", "EUC-KR", "Big5"
    };
    /* the replay too, as sgfcheck runs it */
    sgf_read_options opt = { .flags = SGF_READ_LEGALITY };
    uint8_t b = size ? data[size - 1] : 0;
    if (b & 0x80) {
        opt.flags |= b & 1 ? SGF_READ_NO_DECODE : 0;
        opt.fallback_charset = fallback[(b >> 1) & 7];
    }
    return opt;
}

static const char *name_of(const uint8_t *data, size_t size)
{
    static const char *const names[] = {
        "fuzz.sgf", "fuzz", "fuzz.ngf", "fuzz.gib"
    };
    return names[size ? (data[size - 1] >> 5) & 3 : 0];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parse_whole(data, size, SGF_READ_LEGALITY | SGF_READ_VARIATIONS);
    parse_whole(data, size, SGF_READ_SYNTAX_ONLY);

    sgf_read_options opt = options_of(data, size);
    bool decoded = !(opt.flags & SGF_READ_NO_DECODE);
    const char *name = name_of(data, size);
    sgf_member *m = sgf_member_from_memory(data, size, name);
    sgf_reader *r = sgf_reader_new(&opt);
    sgf_game *w = sgf_game_new(&opt);
    treecmp *tc = treecmp_new(&opt);
    if (!m || !r || !w || !tc)
        FAIL("out of memory");
    summaries full = { 0 }, framed = { 0 };

    sgf_game *g;
    int rc;
    sgf_reader_start(r, m);
    while ((rc = sgf_reader_next(r, &g)) == 1) {
        check_game(g, tc, decoded);
        summary s = summarise(g);
        if (s.root)
            add_summary(&full, &s);
    }
    if (rc != 0)
        FAIL("sgf_reader_next: %s", sgf_strerror(rc));
    uint64_t consumed = sgf_reader_bytes(r);
    sgf_member_free(m);

    /* the same reader again, as programs reuse it member after member */
    m = sgf_member_from_memory(data, size, name);
    if (!m)
        FAIL("out of memory");
    sgf_reader_start(r, m);
    sgf_raw_game raw;
    unsigned raw_flags = 0;
    while ((rc = sgf_reader_next_raw(r, &raw)) == 1) {
        raw_flags |= raw.flags;
        if (sgf_game_read(w, &raw) != SGF_OK)
            FAIL("sgf_game_read: out of memory");
        check_diags(w);
        summary s = summarise(w);
        if (s.root)
            add_summary(&framed, &s);
    }
    if (rc != 0)
        FAIL("sgf_reader_next_raw: %s", sgf_strerror(rc));
    /* (a UTF-16 member is read, and counted, as the UTF-8 it became) */
    if (consumed != size && !(raw_flags & SGF_RAW_FROM_UTF16))
        FAIL("the reader consumed %llu bytes of %zu",
             (unsigned long long)consumed, size);
    if (sgf_reader_bytes(r) != consumed)
        FAIL("sgf_reader_next consumed %llu bytes, sgf_reader_next_raw %llu",
             (unsigned long long)consumed,
             (unsigned long long)sgf_reader_bytes(r));
    compare(&full, &framed);

    free(full.v);
    free(framed.v);
    treecmp_free(tc);
    sgf_game_free(w);
    sgf_reader_free(r);
    sgf_member_free(m);
    return 0;
}
