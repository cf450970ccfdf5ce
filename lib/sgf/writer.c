/*
 * writer.c - serialise a game tree as canonical FF[4] SGF in UTF-8.
 *
 * The canonical form is described in doc/writer.md; the short of it:
 * the root node starts with GM (when present), FF[4] and CA[UTF-8]; every
 * other property keeps its file order and is written with its normalised id;
 * text is written decoded and re-escaped; single-child chains are written as
 * one sequence, so OGS's "(;B[aa](;W[bb]))" comes out as ";B[aa];W[bb]".
 *
 * The walk is iterative (parent/child/next pointers, no stack): a game may be
 * a million nodes deep.  Output goes through common/output.h's buffer.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/output.h"
#include "common/textscan.h"
#include "sgf/game.h"
#include "sgf/charset.h"
#include "sgf/diag.h"
#include "sgf/gameinfo.h"
#include "sgf/reader.h"
#include "sgf/dialect.h"
#include "sgf/repair.h"
#include "sgf/validate.h"
#include "sgf/writer.h"

/* A new line is started before a node, property or value that would begin
 * past this column: about ten moves a line, so that a diff of two records
 * stays readable. */
#define LINE_WIDTH 72

typedef struct writer {
    sgf_game *g;
    out_sink out;          /* its err: write()'s first non-zero return, or
                            * SGF_E_NOMEM */
    size_t col;            /* bytes since the last newline written */
    bool break_due;        /* a new line before the next node or '(' */
    bool after_open;       /* the last byte written is a variation's '(' */
    bool node_open;        /* the last byte written is a node's ';' */
    bool raw_ok;           /* printable ASCII decodes to itself (raw_is_ok) */
    unsigned flags;        /* SGF_WRITE_* */
    int width, height;     /* board size, for passes */
    char strip[SGF_WRITE_STRIP_MAX][4];   /* ids left out, NUL-terminated */
    size_t nstrip;
    /* SGF_WRITE_REPAIR: what this round mends (may be NULL), and the node
     * being written, whose earlier properties an overlap is taken from */
    const repair_plan *plan;
    const sgf_node *node;
} writer;

static inline void put(writer *w, const char *s, size_t n)
{
    sink_put(&w->out, s, n);
}

static inline void put_c(writer *w, char c)
{
    sink_putc(&w->out, c);
}

/* Track the column after writing n bytes at s. */
static void advance_col(writer *w, const char *s, size_t n)
{
    size_t i = n;
    while (i > 0 && s[i - 1] != '\n')
        i--;
    w->col = i > 0 ? n - i : w->col + n;
}

static void newline(writer *w)
{
    w->break_due = false;
    if (w->col > 0) {
        put_c(w, '\n');
        w->col = 0;
    }
}

/* Long point lists (AB with a whole position) and nodes full of markup
 * continue on the next line: FF[4] allows whitespace between properties and
 * between values. */
static void wrap(writer *w)
{
    if (w->col >= LINE_WIDTH && !w->node_open)
        newline(w);
    w->node_open = false;
}

/* ---- values ------------------------------------------------------------ */

/* How the ':' of a value are written.  Text and SimpleText never escape
 * ':'; typed values (numbers, points, compose values) keep the first ':'
 * that was unescaped in the file as the compose separator and escape every
 * other one, as FF[4] requires for the text half of LB, AP and FG; unknown
 * properties keep each ':' as the file had it, since we cannot know which
 * one separates. */
typedef enum { COLON_PLAIN, COLON_SEPARATOR, COLON_AS_FILE } colon_mode;

/* Walks the ':' of a raw value in order, telling escaped ones apart. */
typedef struct raw_colons {
    const char *p, *end;
    bool dbcs;
} raw_colons;

/* 1 when the next ':' of the raw value is escaped, 0 when not, -1 when
 * there is none. */
static int next_raw_colon(raw_colons *rc)
{
    while (rc->p < rc->end) {
        unsigned char c = (unsigned char)*rc->p++;
        if (c == '\\') {
            if (rc->p < rc->end && *rc->p++ == ':')
                return 1;
        } else if (c == ':') {
            return 0;
        } else if (c >= 0x81 && rc->dbcs && rc->p < rc->end &&
                   (unsigned char)*rc->p >= 0x40) {
            /* a trail byte (>= 0x40, as in parser.c) may look like '\\' */
            rc->p++;
        }
    }
    return -1;
}

/* Ordinal of the first unescaped ':' among all ':' of the raw value, or -1. */
static long separator_ordinal(const sgf_value *v, bool dbcs)
{
    raw_colons rc = { v->raw, v->raw + v->len, dbcs };
    long k = 0;
    int e;
    while ((e = next_raw_colon(&rc)) >= 0) {
        if (e == 0)
            return k;
        k++;
    }
    return -1;
}

/* Write s[0..n) escaped: ']' and '\\' always, ':' as mode says.  sep is the
 * ordinal of the separator for COLON_SEPARATOR; rc walks the raw value for
 * COLON_AS_FILE. */
static void put_escaped(writer *w, const char *s, size_t n, colon_mode mode,
                        long sep, raw_colons *rc)
{
    const char *p = s, *end = s + n, *run = s;
    long colons = 0;
    for (; p < end; p++) {
        char c = *p;
        bool esc;
        if (c == ']' || c == '\\')
            esc = true;
        else if (c != ':' || mode == COLON_PLAIN)
            continue;
        else if (mode == COLON_SEPARATOR)
            esc = colons++ != sep;
        else
            esc = next_raw_colon(rc) != 0;
        if (esc) {
            put(w, run, (size_t)(p - run));
            advance_col(w, run, (size_t)(p - run));
            put_c(w, '\\');
            w->col++;
            run = p;
        }
    }
    /* the column counts the escapes too: the layout must depend only on
     * the bytes written, or writing the output again would wrap elsewhere */
    put(w, run, (size_t)(end - run));
    advance_col(w, run, (size_t)(end - run));
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* Value types whose edges cannot hold data: their leading and trailing
 * whitespace is dropped ("B[ aa ]" breaks gomill and others). */
static bool trims(sgf_value_type t)
{
    switch (t) {
    case SGF_T_NONE: case SGF_T_NUMBER: case SGF_T_REAL: case SGF_T_DOUBLE:
    case SGF_T_COLOR: case SGF_T_POINT: case SGF_T_MOVE: case SGF_T_STONE:
    case SGF_T_SIZE: case SGF_T_POINT_POINT: case SGF_T_NUMBER_NUMBER:
        return true;
    default:
        return false;
    }
}

/* An unknown property whose bytes are all ASCII is written as it was read,
 * escapes and line breaks included: we do not know its type, so its bytes
 * are its data.  Only what would end the value early is changed: an
 * unescaped ']' the parser kept is escaped, and a trailing lone '\\' (the
 * input ended inside the value) is dropped, as sgf_value_text() drops it:
 * escaped, it would read back as a backslash (found by fuzzing). */
static void put_raw_ascii(writer *w, const sgf_value *v)
{
    const char *s = v->raw, *end = v->raw + v->len, *run = s;
    while (s < end) {
        if (*s == '\\') {
            if (end - s >= 2) {
                s += 2;
                continue;
            }
            end = s;
            break;
        } else if (*s != ']') {
            s++;
            continue;
        }
        put(w, run, (size_t)(s - run));
        advance_col(w, run, (size_t)(s - run));
        put_c(w, '\\');
        w->col++;
        run = s++;
    }
    /* escapes count in the column (see put_escaped) */
    put(w, run, (size_t)(end - run));
    advance_col(w, run, (size_t)(end - run));
}

static bool is_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

static colon_mode colon_mode_of(sgf_value_type t)
{
    if (t == SGF_T_TEXT || t == SGF_T_SIMPLETEXT)
        return COLON_PLAIN;
    return t == SGF_T_UNKNOWN ? COLON_AS_FILE : COLON_SEPARATOR;
}

/* Copies a value that needs no conversion straight from the file: printable
 * ASCII without '\\' or ']', no more ':' than its type lets stand
 * unescaped, no edge space to trim.  Nearly every move, point and number
 * takes this path, which costs one pass and no allocation.  False when the
 * value needs its decoded text. */
static bool put_plain(writer *w, const sgf_value *v, sgf_value_type t,
                      colon_mode mode)
{
    const unsigned char *s = (const unsigned char *)v->raw;
    size_t n = v->len, colons = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if ((unsigned)(c - 0x20) >= 0x5fu || c == '\\' || c == ']')
            return false;
        colons += c == ':';
    }
    if ((mode == COLON_SEPARATOR && colons > 1) ||
        (n > 0 && trims(t) && (s[0] == ' ' || s[n - 1] == ' ')))
        return false;
    if (n + 2 <= SINK_SIZE - w->out.len) {
        char *o = w->out.buf + w->out.len;
        o[0] = '[';
        memcpy(o + 1, s, n);
        o[n + 1] = ']';
        w->out.len += n + 2;
    } else {
        put_c(w, '[');
        put(w, v->raw, n);
        put_c(w, ']');
    }
    w->col += n + 2;
    return true;
}

static void put_value(writer *w, const sgf_prop *p, uint32_t i,
                      sgf_value_type t)
{
    const sgf_value *v = &p->values[i];
    colon_mode mode = colon_mode_of(t);
    raw_colons rc;
    const char *s;
    size_t n;
    long sep = -1;

    if (w->raw_ok && put_plain(w, v, t, mode))
        return;
    if (w->raw_ok && t == SGF_T_UNKNOWN && is_ascii(v->raw, v->len)) {
        put_c(w, '[');
        put_raw_ascii(w, v);
        put_c(w, ']');
        w->col += 2;
        return;
    }
    s = sgf_value_text(w->g, p, i, &n);
    if (!s) {
        w->out.err = SGF_E_NOMEM;
        return;
    }
    if (trims(t)) {
        while (n > 0 && is_space(*s))
            s++, n--;
        while (n > 0 && is_space(s[n - 1]))
            n--;
    }
    if (mode == COLON_SEPARATOR && memchr(s, ':', n))
        sep = separator_ordinal(v, w->g->dbcs);
    rc = (raw_colons){ v->raw, v->raw + v->len, w->g->dbcs };
    put_c(w, '[');
    put_escaped(w, s, n, mode, sep, &rc);
    put_c(w, ']');
    w->col += 2;
}

/* ---- properties and nodes ---------------------------------------------- */

static sgf_value_type prop_type(const sgf_prop *p)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    return pi ? pi->type : SGF_T_UNKNOWN;
}

static bool stripped(const writer *w, const sgf_prop *p)
{
    for (size_t i = 0; i < w->nstrip; i++)
        if (strcmp(w->strip[i], p->id) == 0)
            return true;
    return false;
}

/* A move that passes, to be written in the form asked for: "" always, "tt"
 * only where it cannot be a point (boards up to 19x19). */
static bool is_pass(const writer *w, const sgf_prop *p)
{
    if (!(w->flags & (SGF_WRITE_PASS_EMPTY | SGF_WRITE_PASS_TT)) ||
        (p->kind != SGF_P_B && p->kind != SGF_P_W) || p->nvalues != 1)
        return false;
    const sgf_value *v = &p->values[0];
    int x, y;
    return sgf_point_decode(v->raw, v->len, w->width, w->height, &x, &y) == 0;
}

static void put_literal(writer *w, const char *s);
static void put_prop_repaired(writer *w, const sgf_prop *p, size_t n,
                              bool moved_here);

static void put_prop(writer *w, const sgf_prop *p)
{
    size_t n = 0;
    sgf_value_type t = prop_type(p);
    while (p->id[n])        /* one or two letters: cheaper than strlen() */
        n++;
    /* An id of lowercase letters only normalises to nothing, and a property
     * without a value is not SGF; the parser reports both. */
    if (n == 0 || p->nvalues == 0 || stripped(w, p))
        return;
    if ((w->flags & SGF_WRITE_REPAIR) && (w->plan || p->nvalues > 1)) {
        put_prop_repaired(w, p, n, false);
        return;
    }
    wrap(w);
    put(w, p->id, n);
    w->col += n;
    if (is_pass(w, p)) {
        bool tt = (w->flags & SGF_WRITE_PASS_TT) && w->width <= 19 &&
                  w->height <= 19;
        put_literal(w, tt ? "[tt]" : "[]");
        return;
    }
    for (uint32_t i = 0; i < p->nvalues && !w->out.err; i++) {
        if (i > 0)
            wrap(w);
        put_value(w, p, i, t);
    }
}

static void put_literal(writer *w, const char *s)
{
    size_t n = strlen(s);
    put(w, s, n);
    w->col += n;
}

/* ---- repairs (SGF_WRITE_REPAIR; repair.c plans them) --------------------- */

static void put_point(writer *w, int x, int y)
{
    char v[5] = { '[', (char)(x < 26 ? 'a' + x : 'A' + x - 26),
                  (char)(y < 26 ? 'a' + y : 'A' + y - 26), ']', 0 };
    put_literal(w, v);
}

/* The points of value i that no earlier property of p's group in the node
 * holds; false when there are none (the value goes). */
static bool overlap_left(const writer *w, const sgf_value *v,
                         const point_set *taken, point_rect *r, bool *whole)
{
    point_value_status st = point_value_parse(v->raw, v->len, w->width,
                                              w->height, r);
    *whole = true;
    if (st != PV_POINT && st != PV_RECT)
        return true;        /* not a point: its own checks say what it is */
    unsigned left = 0, all = 0;
    for (int y = r->y0; y <= r->y1; y++)
        for (int x = r->x0; x <= r->x1; x++, all++)
            left += !point_set_has(taken, x, y);
    *whole = left == all;
    return left > 0;
}

/* Several values of a single-valued Text or SimpleText property (C[a]C[b]
 * joined by the parser) become one: the texts in order, each once, on
 * lines of their own (Text) or separated by a space (SimpleText). */
static void put_joined_text(writer *w, const sgf_prop *p, const bool *keep,
                            bool text)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    const char *prev = NULL;
    size_t prev_len = 0;
    for (uint32_t i = 0; i < p->nvalues && !w->out.err; i++) {
        size_t n;
        const char *s = keep[i] ? sgf_value_text(w->g, p, i, &n) : "";
        if (!s) {
            w->out.err = SGF_E_NOMEM;
            break;
        }
        if (!keep[i] || n == 0 ||
            (prev && n == prev_len && memcmp(s, prev, n) == 0))
            continue;
        if (len + n + 1 > cap) {
            char *b = grow(buf, &cap, len + n + 1, 1);
            if (!b) {
                w->out.err = SGF_E_NOMEM;
                break;
            }
            buf = b;
        }
        if (len)
            buf[len++] = text ? '\n' : ' ';
        memcpy(buf + len, s, n);
        len += n;
        prev = s;
        prev_len = n;
    }
    put_c(w, '[');
    if (!w->out.err)
        put_escaped(w, buf ? buf : "", len, COLON_PLAIN, -1, NULL);
    put_c(w, ']');
    w->col += 2;
    free(buf);
}

/* The values of p that keep marks (kept of them), after its id. */
static void put_kept(writer *w, const sgf_prop *p, size_t n, repair_action pa,
                     const point_set *taken, const bool *keep, uint32_t kept)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    sgf_value_type t = prop_type(p);
    const char *id = p->id;
    int kind = dialect_kind(w->node, p);
    if (kind != p->kind) {
        pi = sgf_prop_info_get(kind);
        t = pi->type;
        id = pi->id;
        n = strlen(id);
    }
    bool single = pi && pi->list == SGF_L_ONE;
    wrap(w);
    put(w, id, n);
    w->col += n;
    if (repair_has(w->plan, p, REPAIR_SIZE) && keep[0]) {
        /* the size gameinfo.c read, in FF[4]'s form */
        size_t len;
        const char *text = sgf_value_text(w->g, p, 0, &len);
        int cols, rows;
        bool ff4;
        char num[32];
        if (text && gameinfo_parse_size(text, &cols, &rows, &ff4)) {
            if (cols == rows)
                snprintf(num, sizeof num, "[%d]", cols);
            else
                snprintf(num, sizeof num, "[%d:%d]", cols, rows);
            put_literal(w, num);
            return;
        }
    }
    if (repair_has(w->plan, p, REPAIR_KOMI) && keep[0]) {
        /* the komi komi.c read in the words, as FF[4]'s number */
        size_t len;
        const char *text = sgf_value_text(w->g, p, 0, &len);
        double komi;
        int scaled;
        char num[48];
        if (text && sgf_parse_komi(text, NULL, &komi, &scaled) >= 0) {
            put_literal(w, "[");
            put_literal(w, format_number(num, sizeof num, komi));
            put_literal(w, "]");
            return;
        }
    }
    if (single && kept > 1 && (t == SGF_T_TEXT || t == SGF_T_SIMPLETEXT)) {
        put_joined_text(w, p, keep, t == SGF_T_TEXT);
        return;
    }
    if (is_pass(w, p) && keep[0]) {
        bool tt = (w->flags & SGF_WRITE_PASS_TT) && w->width <= 19 &&
                  w->height <= 19;
        put_literal(w, tt ? "[tt]" : "[]");
        return;
    }
    bool first = true;
    for (uint32_t i = 0; i < p->nvalues && !w->out.err; i++) {
        point_rect r;
        bool whole = true;
        if (!keep[i])
            continue;
        if (!first) {
            if (single)
                break;      /* the first value stands; doc/repair.md */
            wrap(w);
        }
        first = false;
        if (repair_value(w->plan, &p->values[i]) == REPAIR_EMPTY)
            put_literal(w, "[]");
        else if (pa == REPAIR_OVERLAP &&
                 (overlap_left(w, &p->values[i], taken, &r, &whole),
                  !whole)) {
            /* a rectangle partly taken: its other points one by one */
            for (int y = r.y0; y <= r.y1; y++)
                for (int x = r.x0; x <= r.x1; x++)
                    if (!point_set_has(taken, x, y))
                        put_point(w, x, y);
        } else {
            put_value(w, p, i, t);
        }
    }
}

/* p as the plan and FF[4] want it: values the checks found wrong left out
 * (or emptied), a single-valued property with one value, a point list
 * without the points an earlier property of its group holds. */
static void put_prop_repaired(writer *w, const sgf_prop *p, size_t n,
                              bool moved_here)
{
    repair_action pa = repair_prop(w->plan, p);
    if (pa == REPAIR_DROP || (pa == REPAIR_MOVED && !moved_here))
        return;
    point_set taken;
    if (pa == REPAIR_OVERLAP) {
        point_set_clear(&taken);
        for (const sgf_prop *q = w->node->props; q && q != p; q = q->next)
            if (repair_same_group(p, q) && repair_prop(w->plan, q) !=
                                           REPAIR_DROP)
                point_list_collect(q, w->width, w->height, &taken);
    }
    bool few[64];
    bool *keep = p->nvalues <= 64 ? few : malloc(p->nvalues * sizeof *keep);
    if (!keep) {
        w->out.err = SGF_E_NOMEM;
        return;
    }
    uint32_t kept = 0;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        point_rect r;
        bool whole;
        keep[i] = repair_value(w->plan, &p->values[i]) != REPAIR_DROP &&
                  (pa != REPAIR_OVERLAP ||
                   overlap_left(w, &p->values[i], &taken, &r, &whole));
        kept += keep[i];
    }
    if (kept)
        put_kept(w, p, n, pa, &taken, keep, kept);
    if (keep != few)
        free(keep);
}

/* The charset named by CA[]: what the text values are written in. */
static const char *output_charset(const sgf_game *g)
{
    if (!(g->opt.flags & SGF_READ_NO_DECODE))
        return "UTF-8";
    return g->charset;     /* kept undecoded: name what it is, if known */
}

/* Whether p is written in part `part` of its node: -1 when the node is
 * not split (repair_split). */
static bool in_part(const sgf_node *n, const sgf_prop *p, int part)
{
    return part < 0 || repair_part(n, p) == part;
}

/* The properties the plan moves into n (a root property found lower down,
 * a second game-info node's), after n's own. */
static void put_moved(writer *w, const sgf_node *n)
{
    const sgf_prop *p;
    for (size_t i = 0; (p = repair_moved_into(w->plan, n, i)) && !w->out.err; i++) {
        size_t len = strlen(p->id);
        if (len && p->nvalues && !stripped(w, p))
            put_prop_repaired(w, p, len, true);
    }
}

static void put_root(writer *w, const sgf_node *n, int part)
{
    const sgf_prop *gm = sgf_node_find(n, SGF_P_GM);
    const char *cs = output_charset(w->g);
    if (gm && in_part(n, gm, part))
        put_prop(w, gm);
    put_literal(w, "FF[4]");
    if (cs) {
        put_literal(w, "CA[");
        /* charset names are ASCII letters, digits and '-', nothing to escape */
        put_literal(w, cs);
        put_literal(w, "]");
    }
    w->node_open = false;
    for (const sgf_prop *p = n->props; p && !w->out.err; p = p->next)
        if (p != gm && p->kind != SGF_P_FF && p->kind != SGF_P_CA &&
            in_part(n, p, part))
            put_prop(w, p);
}

static bool starts_variation(const sgf_node *n, const sgf_node *root);

/* SGF_WRITE_DROP_EMPTY: a node with nothing to write goes, unless its ';'
 * holds a variation together: the root, and the first node of a
 * variation that has no single child to take its place. */
static bool dropped(const writer *w, const sgf_node *n, bool root)
{
    if (!(w->flags & SGF_WRITE_DROP_EMPTY) || root)
        return false;
    for (const sgf_prop *p = n->props; p; p = p->next)
        if (p->id[0] && p->nvalues && !stripped(w, p))
            return false;
    if (w->flags & SGF_WRITE_MAIN_LINE)
        return true;        /* no variation is written at all */
    return !starts_variation(n, NULL) || (n->child && !n->child->next);
}

/* The root and game-info nodes stand on lines of their own; moves fill
 * lines up to LINE_WIDTH. */
static bool part_empty(const sgf_node *n, int part)
{
    for (const sgf_prop *p = n->props; p; p = p->next)
        if (in_part(n, p, part))
            return false;
    return true;
}

/* One node, or under SGF_WRITE_REPAIR the parts of a node that mixes a
 * move with setup or holds two moves: its setup, its first move, its
 * second, each a node of its own, in that order. */
static void put_node(writer *w, const sgf_node *n, bool root)
{
    if (dropped(w, n, root))
        return;
    bool split = w->plan && repair_split(w->plan, n);
    w->node = n;
    bool moved = false;
    for (int part = split ? 0 : -1; part < (split ? 3 : 0); part++) {
        if (split && part_empty(n, part) && !(root && part == 0))
            continue;
        bool own_line = (root && part <= 0) || gameinfo_in_node(n);
        if (!w->after_open &&
            (own_line || w->break_due || w->col >= LINE_WIDTH))
            newline(w);
        w->after_open = false;
        put_c(w, ';');
        w->col++;
        w->node_open = true;
        if (root && part <= 0)
            put_root(w, n, part);
        else
            for (const sgf_prop *p = n->props; p && !w->out.err; p = p->next)
                if (in_part(n, p, part))
                    put_prop(w, p);
        if (!moved && w->plan)
            put_moved(w, n);
        moved = true;
        w->break_due = own_line;
    }
}

static void open_variation(writer *w)
{
    newline(w);
    put_c(w, '(');
    w->col++;
    w->after_open = true;
}

static void close_variation(writer *w)
{
    put_c(w, ')');
    w->col++;
}

/* A node starts a variation (is written after a '(') when it is the root or
 * one of several children. */
static bool starts_variation(const sgf_node *n, const sgf_node *root)
{
    return n == root || !n->parent || n->parent->child->next != NULL;
}

static void put_tree(writer *w, const sgf_node *root)
{
    const sgf_node *n = root;
    open_variation(w);
    for (;;) {
        put_node(w, n, n == root);
        if (w->out.err)
            return;
        if (n->child) {
            n = n->child;
            if (n->next && !(w->flags & SGF_WRITE_MAIN_LINE))
                open_variation(w);
            continue;
        }
        if (w->flags & SGF_WRITE_MAIN_LINE) {
            close_variation(w);
            return;
        }
        /* A leaf: close variations until one has a sibling left to write. */
        for (;;) {
            while (!starts_variation(n, root))
                n = n->parent;
            close_variation(w);
            if (n == root)
                return;
            if (n->next) {
                n = n->next;
                open_variation(w);
                break;
            }
            n = n->parent;
        }
    }
}

/* Raw bytes may be copied only when printable ASCII stands for itself once
 * decoded: true for UTF-8 and nearly every charset, false for
 * Shift_JISX0213 (where '\\' is U+00A5 and '~' U+203E), HZ, ISO-2022-xx.
 * One probe per game answers for all its values. */
static bool raw_is_ok(sgf_game *g)
{
    char probe[95];
    const char *d;
    size_t n;
    if (g->cs_kind != CS_OTHER || (g->opt.flags & SGF_READ_NO_DECODE))
        return true;
    if (charset_decodes_first(g))
        return false;
    for (size_t i = 0; i < sizeof probe; i++)
        probe[i] = (char)(0x20 + i);
    d = charset_to_utf8(g, probe, sizeof probe, CHARSET_NO_REPORT, &n);
    return d && n == sizeof probe && memcmp(d, probe, n) == 0;
}

/* Reads "C,LB" into w->strip; false when an id is no SGF id. */
static bool read_strip(writer *w, const char *list)
{
    w->nstrip = 0;
    while (list && *list) {
        size_t n = strcspn(list, ",");
        if (n) {
            if (n > 3 || w->nstrip == SGF_WRITE_STRIP_MAX)
                return false;
            for (size_t i = 0; i < n; i++)
                if (list[i] < 'A' || list[i] > 'Z')
                    return false;
            memcpy(w->strip[w->nstrip], list, n);
            w->strip[w->nstrip++][n] = '\0';
        }
        list += n + (list[n] == ',');
    }
    return true;
}

int sgf_write_game(sgf_game *g, sgf_write_fn write, void *ctx)
{
    return sgf_write_game_opt(g, NULL, write, ctx);
}

static int write_tree(sgf_game *g, const sgf_write_options *o,
                      const repair_plan *plan, sgf_write_fn write, void *ctx);
static int write_repaired(sgf_game *g, const sgf_write_options *o,
                          sgf_write_fn write, void *ctx);

int sgf_write_game_opt(sgf_game *g, const sgf_write_options *o,
                       sgf_write_fn write, void *ctx)
{
    writer w;
    if (!g || !write)
        return SGF_E_ARG;
    if (!read_strip(&w, o ? o->strip : NULL))
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    if (o && (o->flags & SGF_WRITE_REPAIR))
        return write_repaired(g, o, write, ctx);
    return write_tree(g, o, NULL, write, ctx);
}

static int write_tree(sgf_game *g, const sgf_write_options *o,
                      const repair_plan *plan, sgf_write_fn write, void *ctx)
{
    writer w;
    w.flags = o ? o->flags : 0;
    read_strip(&w, o ? o->strip : NULL);
    w.width = g->info.width;
    w.height = g->info.height;
    w.plan = plan;
    w.node = NULL;
    w.g = g;
    sink_init(&w.out, write, ctx);
    w.col = 0;
    w.break_due = false;
    w.after_open = false;
    w.node_open = false;
    w.raw_ok = raw_is_ok(g);
    put_tree(&w, g->root);
    put_c(&w, '\n');
    return sink_flush(&w.out);
}

/* ---- copies read back: the exporters' canonical copy, repair rounds --- */

typedef struct grow_buf {
    char *p;
    size_t len, cap;
} grow_buf;

static int grow_append(void *ctx, const void *data, size_t len)
{
    grow_buf *b = ctx;
    return grow_bytes(&b->p, &b->len, &b->cap, data, len) ? 0 : SGF_E_NOMEM;
}

/* A repair round's output read back with the property checks (the steps
 * of read.c without the replay: move legality is not mended). */
static parse_status finish_checked(sgf_game *g, const sgf_raw_game *raw)
{
    if (g->root) {
        if (reader_charset(g, raw) == PARSE_NOMEM)
            return PARSE_NOMEM;
        gameinfo_read(g);
        validate_game(g);
    }
    game_finish_diags(g);
    return g->nomem ? PARSE_NOMEM : PARSE_DONE;
}

/* Repairs can uncover others (a move left out leaves its KO[] alone): at
 * most this many rounds of write, read back, check. */
/* The SGF text in b read back as game g's (its origin and number), with
 * opt and finish. */
static sgf_game *read_back(const sgf_game *g, const grow_buf *b,
                           const sgf_read_options *opt,
                           reader_finish_fn finish)
{
    sgf_raw_game raw = { .bytes = b->p ? b->p : "", .len = b->len,
                         .origin = g->origin, .index = g->index, .line = 1,
                         .column = 1, .at_eof = 1 };
    return reader_parse_new(&raw, opt, finish);
}

enum { REPAIR_ROUNDS = 6 };

/* SGF_WRITE_REPAIR: rounds of repair planned from the diagnostics of what
 * the previous round wrote, until a round finds nothing to mend; a game
 * without such diagnostics costs nothing more than its write. */
static int write_repaired(sgf_game *g, const sgf_write_options *o,
                          sgf_write_fn write, void *ctx)
{
    sgf_game *cur = g;
    /* the checks must have run for their diagnostics to plan from */
    bool checked = !(g->opt.flags & SGF_READ_SYNTAX_ONLY);
    int rc = SGF_OK;
    for (int round = 0; ; round++) {
        repair_plan *plan = NULL;
        if (checked && (rc = repair_plan_new(cur, &plan)) != SGF_OK)
            break;
        if ((checked && !plan) || round == REPAIR_ROUNDS) {
            rc = write_tree(cur, o, plan, write, ctx);
            repair_plan_free(plan);
            break;
        }
        grow_buf b = { NULL, 0, 0 };
        rc = write_tree(cur, o, plan, grow_append, &b);
        repair_plan_free(plan);
        sgf_game *next = NULL;
        if (rc == SGF_OK) {
            sgf_read_options opt = g->opt;
            opt.flags &= SGF_READ_NO_DECODE;
            next = read_back(g, &b, &opt, finish_checked);
            if (!next || next->nomem || !next->root)
                rc = SGF_E_NOMEM;
        }
        free(b.p);
        if (cur != g)
            sgf_game_free(cur);
        cur = next;
        if (rc != SGF_OK)
            break;
        checked = true;
    }
    if (cur != g)
        sgf_game_free(cur);
    return rc;
}

int writer_canonical_copy(sgf_game *g, sgf_game **out)
{
    grow_buf b = { NULL, 0, 0 };
    int rc = sgf_write_game(g, grow_append, &b);
    *out = NULL;
    if (rc == 0) {
        /* a copy of the bytes, read syntax only */
        sgf_read_options opt = { .flags = SGF_READ_SYNTAX_ONLY };
        *out = read_back(g, &b, &opt, reader_finish_syntax);
        if (!*out || (*out)->nomem) {
            sgf_game_free(*out);
            *out = NULL;
            rc = SGF_E_NOMEM;
        }
    }
    free(b.p);
    return rc;
}

static int write_file(void *ctx, const void *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? 0 : SGF_E_IO;
}

int sgf_write_game_file(sgf_game *g, FILE *f)
{
    if (!f)
        return SGF_E_ARG;
    return sgf_write_game(g, write_file, f);
}
