/*
 * xmlwrite.c - a game tree as XML: the Go XML of Jago and GoGui (doc/go.dtd)
 * and sgfkit's raw form (doc/sgf-raw.dtd).  doc/xml.md gives both mappings.
 *
 * Both forms write the canonical tree of writer.c.  Rather than restate how
 * each value type is normalised and escaped, the game is written as
 * canonical SGF and read again (as json.c does): Text and SimpleText values
 * are then the decoded text, every other value is what the canonical SGF
 * holds between its brackets, and SGF -> XML -> SGF gives the canonical
 * tree by construction.
 *
 * Walks are iterative (parent/child/next links), as in writer.c: a tree may
 * be a million nodes deep.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/output.h"
#include "sgf/game.h"
#include "sgf/writer.h"
#include "sgf/points.h"
#include "export/xmlform.h"

/* ---- output ------------------------------------------------------------- */

/* True when s[0..n) can be XML 1.0 character data: valid UTF-8 (shortest
 * form, no surrogates) of characters the Char production allows.  Damaged
 * UTF-8 reaches here from files that say CA[UTF-8] and are not. */
static bool xml_carries(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        if (*p < 0x80) {
            if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
                return false;
            p++;
            continue;
        }
        size_t len = utf8_char_len(p, (size_t)(end - p));
        /* U+FFFE and U+FFFF are not XML characters */
        if (len == 0 || (len == 3 && p[0] == 0xEF && p[1] == 0xBF &&
                         p[2] >= 0xBE))
            return false;
        p += len;
    }
    return true;
}

static void xput_hex(out_sink *o, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        char d[2] = { hex[(unsigned char)s[i] >> 4],
                      hex[(unsigned char)s[i] & 15u] };
        sink_put(o, d, 2);
    }
}

/* ---- the canonical game --------------------------------------------------- */

static bool is_text_type(const sgf_prop *p)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    return pi && (pi->type == SGF_T_TEXT || pi->type == SGF_T_SIMPLETEXT);
}

/* What a value stands for in both forms: the decoded text of Text and
 * SimpleText, the canonical bytes between the brackets for the others.  In
 * the canonical game the CA of the root says UTF-8 in any case. */
static const char *value_of(sgf_game *c, const sgf_prop *p, uint32_t i,
                            size_t *len)
{
    if (is_text_type(p))
        return sgf_value_text(c, p, i, len);
    *len = p->values[i].len;
    return p->values[i].raw;
}

/* ---- the raw form ---------------------------------------------------------- */

static void raw_value(out_sink *o, sgf_game *c, const sgf_prop *p, uint32_t i,
                      bool root)
{
    size_t n;
    const char *s = root && p->kind == SGF_P_CA ? "UTF-8"
                    : value_of(c, p, i, &n);
    if (!s) {
        o->err = SGF_E_NOMEM;
        return;
    }
    if (root && p->kind == SGF_P_CA)
        n = 5;
    if (xml_carries(s, n)) {
        sink_puts(o, "<v>");
        sink_xml_text(o, s, n, false);
    } else {
        sink_puts(o, "<v enc=\"hex\">");
        xput_hex(o, s, n);
    }
    sink_puts(o, "</v>");
}

static void raw_node(out_sink *o, sgf_game *c, const sgf_node *n, bool root,
                     long parent)
{
    if (parent >= 0) {
        sink_puts(o, "<node parent=\"");
        sink_uint(o, (unsigned long)parent);
        sink_puts(o, "\">\n");
    } else {
        sink_puts(o, "<node>\n");
    }
    for (const sgf_prop *p = n->props; p && !o->err; p = p->next) {
        if (!p->id[0] || p->nvalues == 0)
            continue;
        sink_puts(o, "<prop id=\"");
        sink_puts(o, p->id);        /* uppercase letters: nothing to escape */
        sink_puts(o, "\">");
        for (uint32_t i = 0; i < p->nvalues && !o->err; i++)
            raw_value(o, c, p, i, root);
        sink_puts(o, "</prop>\n");
    }
    sink_puts(o, "</node>\n");
}

/* Nodes in preorder (the order of an SGF file); a node that is not the
 * first child of the node before it names its parent by number.  The
 * numbers of the branching ancestors of the current node are kept on a
 * heap stack, as deep as the tree branches. */
static int raw_game(out_sink *o, sgf_game *c)
{
    const sgf_node *root = c->root, *n = root;
    unsigned long index = 0, *stack = NULL;
    size_t depth = 0, cap = 0;

    sink_puts(o, "<game>\n");
    raw_node(o, c, n, true, -1);
    while (!o->err) {
        if (n->child) {
            if (n->child->next) {
                if (depth == cap) {
                    unsigned long *s = grow(stack, &cap, depth + 1, sizeof *s);
                    if (!s) {
                        o->err = SGF_E_NOMEM;
                        break;
                    }
                    stack = s;
                }
                stack[depth++] = index;
            }
            n = n->child;
            index++;
            raw_node(o, c, n, false, -1);
            continue;
        }
        while (n != root && !n->next) {
            n = n->parent;
            if (n->child->next)
                depth--;
        }
        if (n == root)
            break;
        n = n->next;
        index++;
        raw_node(o, c, n, false, (long)stack[depth - 1]);
    }
    free(stack);
    sink_puts(o, "</game>\n");
    return o->err;
}

/* ---- the Go form ------------------------------------------------------------ */

/* Variations nest one <Variation> deeper for each alternative of an
 * alternative; libxml2 refuses documents more than 256 elements deep, so
 * the writer refuses what its reader could not read back (doc/xml.md). */
#define GO_MAX_NESTING 240

/* A compressed point list value lists every point of its rectangle as an
 * element (GoGui then sees each stone) only up to this many points; a
 * larger one keeps its property an <SGF> element holding the value as it
 * is (<Arg>aa:ss</Arg>).  Point by point, AB[aa:ZZ] (7 bytes) would be
 * 2,704 elements, 38 KB: the output must stay proportionate to the input
 * (doc/SECURITY.md), and go.dtd has no element for a rectangle.  25 keeps
 * every rectangle of the real corpus (16 points at most), a 5x5 corner and
 * a whole line of any board GTP letters can name. */
#define GO_MAX_RECT_POINTS 25

typedef struct go_writer {
    out_sink *o;
    sgf_game *c;           /* the canonical game */
    const sgf_node *root;
    bool go;               /* GM[1]: known properties become elements */
    int w, h;              /* the board points refer to; 0 when unknown */
} go_writer;

static int info_index(const sgf_prop *p)
{
    for (int i = 0; xml_info_ids[i]; i++)
        if (strcmp(p->id, xml_info_ids[i]) == 0)
            return i;
    return -1;
}

static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

/* The decoded text of value i when the Go form can write it as text;
 * NULL when not (o->err is set when memory ran out). */
static const char *go_text(go_writer *gw, const sgf_prop *p, uint32_t i,
                           size_t *n)
{
    const char *s = sgf_value_text(gw->c, p, i, n);
    if (!s) {
        gw->o->err = SGF_E_NOMEM;
        return NULL;
    }
    return xml_carries(s, *n) ? s : NULL;
}

/* True when the decoded text of value i of p, which the Go form writes,
 * would not read back to the canonical value: a typed value whose first
 * ':' is escaped (AP[My\:App:1.0] is "My:App:1.0", which reads back split
 * at the first ':'), or a value of an unknown property with an escape
 * other than \] and \\ (its bytes are its data: writer.c keeps them).
 * Text and SimpleText have one escaping.  Such a property is written as
 * SGF ("ID:sgf"). */
static bool go_needs_sgf(const sgf_prop *p, uint32_t i)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    sgf_value_type t = pi ? pi->type : SGF_T_UNKNOWN;
    const char *s = p->values[i].raw;
    size_t n = p->values[i].len;
    if (t == SGF_T_TEXT || t == SGF_T_SIMPLETEXT)
        return false;
    for (size_t k = 0; k < n; k++) {
        if (s[k] == ':' && t != SGF_T_UNKNOWN)
            return false;          /* the separator comes first */
        if (s[k] == '\\' && ++k < n &&
            (t == SGF_T_UNKNOWN ? s[k] != ']' && s[k] != '\\'
                                : s[k] == ':'))
            return true;
    }
    return false;
}

/* A root property that goes to <Information>: a known one, one value,
 * text XML carries and reads back as it was; BoardSize and Handicap as
 * GoGui reads them (a number). */
static bool go_info(go_writer *gw, const sgf_prop *p)
{
    size_t n;
    const char *s;
    int k = info_index(p);
    if (!gw->go || k < 0 || p->nvalues != 1 || go_needs_sgf(p, 0))
        return false;
    s = go_text(gw, p, 0, &n);
    if (!s)
        return false;
    if (p->kind == SGF_P_SZ || p->kind == SGF_P_HA)
        return all_digits(s, n);
    return true;
}

static void go_point(go_writer *gw, int x, int y)
{
    char buf[16];
    if (gw->w <= (int)sizeof xml_columns - 1)
        snprintf(buf, sizeof buf, "%c%d", xml_columns[x], gw->h - y);
    else
        snprintf(buf, sizeof buf, "%d,%d", x + 1, gw->h - y);
    sink_puts(gw->o, buf);
}

/* v as a point of the board, or (rect_ok) a rectangle small enough to
 * be listed point by point, when it is one. */
static bool go_rect(go_writer *gw, const sgf_value *v, bool rect_ok,
                    point_rect *r)
{
    point_value_status st;
    if (gw->w == 0)
        return false;
    st = point_value_parse(v->raw, v->len, gw->w, gw->h, r);
    return st == PV_POINT ||
           (rect_ok && st == PV_RECT &&
            (r->x1 - r->x0 + 1) * (r->y1 - r->y0 + 1) <= GO_MAX_RECT_POINTS);
}

/* <Mark> and the setup elements: one element per value; a rectangle
 * lists every point as <at> (so GoGui sees every stone) and reads back as
 * the rectangle. */
static void go_points(go_writer *gw, const char *el, const char *attrs,
                      const point_rect *r)
{
    out_sink *o = gw->o;
    sink_puts(o, "<");
    sink_puts(o, el);
    if (r->x0 == r->x1 && r->y0 == r->y1) {
        sink_puts(o, " at=\"");     /* GoGui's order of attributes */
        go_point(gw, r->x0, r->y0);
        sink_puts(o, "\"");
        sink_puts(o, attrs);
        sink_puts(o, "/>\n");
        return;
    }
    sink_puts(o, attrs);
    sink_puts(o, ">");
    for (int y = r->y0; y <= r->y1; y++)
        for (int x = r->x0; x <= r->x1; x++) {
            sink_puts(o, "<at>");
            go_point(gw, x, y);
            sink_puts(o, "</at>");
        }
    sink_puts(o, "</");
    sink_puts(o, el);
    sink_puts(o, ">\n");
}

static const char *mark_attrs(int kind)
{
    switch (kind) {
    case SGF_P_MA: return "";
    case SGF_P_CR: return " type=\"circle\"";
    case SGF_P_SQ: return " type=\"square\"";
    case SGF_P_TR: return " type=\"triangle\"";
    case SGF_P_TB: return " territory=\"black\"";
    case SGF_P_TW: return " territory=\"white\"";
    default: return NULL;
    }
}

static const char *setup_element(int kind)
{
    switch (kind) {
    case SGF_P_AB: return "AddBlack";
    case SGF_P_AW: return "AddWhite";
    case SGF_P_AE: return "Delete";
    default: return NULL;
    }
}

/* <P> per line: lines are split at LF only, an empty line is an empty
 * <P>, so joining the paragraphs with LF gives the text back exactly. */
static void go_paragraphs(out_sink *o, const char *s, size_t n)
{
    const char *end = s + n;
    for (;;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        sink_puts(o, "<P>");
        sink_xml_text(o, s, (size_t)(e - s), false);
        sink_puts(o, "</P>");
        if (!nl)
            break;
        s = nl + 1;
    }
}

/* Anything else: <SGF type="ID"><Arg>decoded value</Arg>...</SGF>.  When
 * a value's decoded text would not read back as it was (go_needs_sgf),
 * every value is written as the canonical SGF has it, escapes kept, and
 * the type gets ":sgf"; when a
 * value holds what XML cannot carry (damaged UTF-8, control characters)
 * every value is written in hex and the type gets ":hex". */
static void go_sgf(go_writer *gw, const sgf_prop *p)
{
    out_sink *o = gw->o;
    bool hex = false, as_sgf = false;
    for (uint32_t i = 0; i < p->nvalues; i++)
        as_sgf |= go_needs_sgf(p, i);
    for (uint32_t i = 0; i < p->nvalues && !hex; i++) {
        size_t n;
        if (as_sgf ? !xml_carries(p->values[i].raw, p->values[i].len)
                   : !go_text(gw, p, i, &n)) {
            if (o->err)
                return;
            hex = true;
        }
    }
    sink_puts(o, "<SGF type=\"");
    sink_puts(o, p->id);
    sink_puts(o, as_sgf ? ":sgf" : "");
    sink_puts(o, hex ? ":hex\">" : "\">");
    for (uint32_t i = 0; i < p->nvalues && !o->err; i++) {
        size_t n = p->values[i].len;
        const char *s = as_sgf ? p->values[i].raw
                               : sgf_value_text(gw->c, p, i, &n);
        if (!s) {
            o->err = SGF_E_NOMEM;
            return;
        }
        sink_puts(o, "<Arg>");
        if (hex)
            xput_hex(o, s, n);
        else
            sink_xml_text(o, s, n, false);
        sink_puts(o, "</Arg>");
    }
    sink_puts(o, "</SGF>\n");
}

/* A move as an element: one value, a point of the board or "" (a pass;
 * "tt" stays an SGF element, so that it reads back as "tt"). */
static bool go_move_ok(go_writer *gw, const sgf_prop *p, point_rect *r)
{
    if ((p->kind != SGF_P_B && p->kind != SGF_P_W) || !gw->go ||
        p->nvalues != 1 || gw->w == 0)
        return false;
    if (p->values[0].len == 0) {
        r->x0 = UINT8_MAX;
        return true;
    }
    return go_rect(gw, &p->values[0], false, r);
}

static void go_move(go_writer *gw, const sgf_prop *p, const point_rect *r)
{
    sink_puts(gw->o, p->kind == SGF_P_B ? "<Black at=\"" : "<White at=\"");
    if (r->x0 != UINT8_MAX)
        go_point(gw, r->x0, r->y0);
    sink_puts(gw->o, "\"/>\n");
}

static void go_prop(go_writer *gw, const sgf_prop *p)
{
    out_sink *o = gw->o;
    point_rect r;
    const char *el = setup_element(p->kind), *attrs = mark_attrs(p->kind);
    size_t n;
    const char *s;
    uint32_t i;

    if (!gw->go)
        goto sgf;
    if (go_move_ok(gw, p, &r)) {
        go_move(gw, p, &r);
        return;
    }
    if (el || attrs) {
        for (i = 0; i < p->nvalues; i++)
            if (!go_rect(gw, &p->values[i], true, &r))
                goto sgf;
        for (i = 0; i < p->nvalues && !o->err; i++) {
            go_rect(gw, &p->values[i], true, &r);
            go_points(gw, el ? el : "Mark", el ? "" : attrs, &r);
        }
        return;
    }
    if (p->kind == SGF_P_LB) {
        /* the canonical value is "xy:label", label escaped; its decoded
         * text is "xy:" and the decoded label */
        for (i = 0; i < p->nvalues; i++) {
            const sgf_value *v = &p->values[i];
            sgf_value pt = { v->raw, 2, v->pos };
            if (v->len < 3 || v->raw[2] != ':' || !go_rect(gw, &pt, false, &r))
                goto sgf;
            if (!go_text(gw, p, i, &n))
                goto sgf;
        }
        for (i = 0; i < p->nvalues && !o->err; i++) {
            sgf_value pt = { p->values[i].raw, 2, p->values[i].pos };
            go_rect(gw, &pt, false, &r);
            s = sgf_value_text(gw->c, p, i, &n);
            if (!s || n < 3) {
                o->err = SGF_E_NOMEM;
                return;
            }
            sink_puts(o, "<Mark at=\"");
            go_point(gw, r.x0, r.y0);
            sink_puts(o, "\" label=\"");
            sink_xml_text(o, s + 3, n - 3, true);
            sink_puts(o, "\"/>\n");
        }
        return;
    }
    if (p->kind == SGF_P_C && p->nvalues == 1 && (s = go_text(gw, p, 0, &n))) {
        sink_puts(o, "<Comment>");
        go_paragraphs(o, s, n);
        sink_puts(o, "</Comment>\n");
        return;
    }
sgf:
    if (!o->err)
        go_sgf(gw, p);
}

static bool written(const sgf_prop *p, bool root)
{
    /* FF and CA of the root: the XML declaration says UTF-8, and the
     * reader writes FF[4]CA[UTF-8] as the canonical writer does */
    return p->id[0] && p->nvalues > 0 &&
           !(root && (p->kind == SGF_P_FF || p->kind == SGF_P_CA));
}

/* A node of one move and nothing else is a bare <Black>/<White>, as GoGui
 * writes it. */
static void go_node(go_writer *gw, const sgf_node *n)
{
    bool root = n == gw->root;
    const sgf_prop *sz = NULL;
    point_rect r;
    if (!root && n->props && !n->props->next && go_move_ok(gw, n->props, &r)) {
        go_move(gw, n->props, &r);
        return;
    }
    sink_puts(gw->o, "<Node>\n");
    if (root) {
        /* the board size comes before any point, as the reader needs it */
        sz = sgf_node_find(n, SGF_P_SZ);
        if (sz && written(sz, true) && !go_info(gw, sz))
            go_sgf(gw, sz);
    }
    for (const sgf_prop *p = n->props; p && !gw->o->err; p = p->next)
        if (written(p, root) && p != sz && !(root && go_info(gw, p)))
            go_prop(gw, p);
    sink_puts(gw->o, "</Node>\n");
}

static void go_information(go_writer *gw)
{
    out_sink *o = gw->o;
    sink_puts(o, "<Information>\n");
    for (const sgf_prop *p = gw->root->props; p && !o->err; p = p->next) {
        size_t n;
        const char *s, *el;
        if (!written(p, true) || !go_info(gw, p))
            continue;
        el = xml_info_elements[info_index(p)];
        s = sgf_value_text(gw->c, p, 0, &n);
        if (!s) {
            o->err = SGF_E_NOMEM;
            return;
        }
        sink_puts(o, "<");
        sink_puts(o, el);
        sink_puts(o, ">");
        if (p->kind == SGF_P_CP)
            go_paragraphs(o, s, n);      /* Copyright holds <P>s */
        else
            sink_xml_text(o, s, n, false);
        sink_puts(o, "</");
        sink_puts(o, el);
        sink_puts(o, ">\n");
    }
    sink_puts(o, "</Information>\n");
}

static bool first_child(const sgf_node *n)
{
    return n->parent && n->parent->child == n;
}

/* The deepest nesting of alternatives (non-first children) on any path. */
static unsigned long alternative_depth(const sgf_node *root)
{
    const sgf_node *n = root;
    unsigned long d = 0, max = 0;
    for (;;) {
        if (n->child) {
            n = n->child;
            continue;
        }
        while (n != root && !n->next) {
            if (!first_child(n))
                d--;
            n = n->parent;
        }
        if (n == root)
            return max;
        if (!first_child(n))
            d--;
        n = n->next;
        if (++d > max)
            max = d;
    }
}

/* Jago's order: a node, then its alternatives (the other children of its
 * parent) each in a <Variation>, then the node's own continuation.  A
 * <Variation> ends when the sequence it opened ends at a leaf. */
static void go_tree(go_writer *gw)
{
    const sgf_node *root = gw->root, *n = root;
    out_sink *o = gw->o;
    for (;;) {
        go_node(gw, n);
        if (o->err)
            return;
        if (first_child(n) && n->next) {
            sink_puts(o, "<Variation>\n");
            n = n->next;
            continue;
        }
        if (n->child) {
            n = n->child;
            continue;
        }
        /* a leaf: close the variations that end here */
        for (;;) {
            while (n != root && first_child(n))
                n = n->parent;
            if (n == root)
                return;
            sink_puts(o, "</Variation>\n");
            if (n->next) {
                sink_puts(o, "<Variation>\n");
                n = n->next;
                break;
            }
            n = n->parent->child;   /* its alternatives are all written */
            if (n->child) {
                n = n->child;
                break;
            }
        }
    }
}

static int go_game(out_sink *o, sgf_game *c)
{
    go_writer gw = { o, c, c->root, true, 19, 19 };
    const sgf_prop *gm = sgf_node_find(c->root, SGF_P_GM);
    const sgf_prop *sz = sgf_node_find(c->root, SGF_P_SZ);

    if (alternative_depth(c->root) > GO_MAX_NESTING)
        return SGF_E_ARG;
    if (gm && !(gm->nvalues == 1 && gm->values[0].len == 1 &&
                gm->values[0].raw[0] == '1'))
        gw.go = false;   /* not Go: every property as an SGF element */
    if (sz) {
        size_t n;
        const char *s = sz->nvalues == 1 ? sgf_value_text(c, sz, 0, &n) : NULL;
        if (!s || !xml_board_size(s, n, &gw.w, &gw.h))
            gw.w = gw.h = 0;
    }
    sink_puts(o, "<GoGame>\n");
    go_information(&gw);
    sink_puts(o, "<Nodes>\n");
    go_tree(&gw);
    sink_puts(o, "</Nodes>\n</GoGame>\n");
    return o->err;
}

/* ---- public ------------------------------------------------------------------ */

int sgf_xml_begin(sgf_xml_form f, sgf_write_fn write, void *ctx)
{
    static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out_sink o;
    if (!write || (f != SGF_XML_GO && f != SGF_XML_RAW))
        return SGF_E_ARG;
    sink_init(&o, write, ctx);
    sink_puts(&o, decl);
    sink_puts(&o, f == SGF_XML_GO ? "<!DOCTYPE Go SYSTEM \"go.dtd\">\n<Go>\n"
                              : "<!DOCTYPE sgf SYSTEM \"sgf-raw.dtd\">\n"
                                "<sgf>\n");
    sink_flush(&o);
    return o.err;
}

int sgf_xml_end(sgf_xml_form f, sgf_write_fn write, void *ctx)
{
    if (!write || (f != SGF_XML_GO && f != SGF_XML_RAW))
        return SGF_E_ARG;
    return f == SGF_XML_GO ? write(ctx, "</Go>\n", 6)
                           : write(ctx, "</sgf>\n", 7);
}

int sgf_xml_write_game(sgf_game *g, sgf_xml_form f, sgf_write_fn write,
                       void *ctx)
{
    sgf_game *c;
    out_sink *o;
    int rc;

    if (!g || !write || (f != SGF_XML_GO && f != SGF_XML_RAW))
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    /* text decoded to UTF-8 also for a game read with SGF_READ_NO_DECODE:
     * XML is Unicode */
    rc = writer_canonical_copy(g, &c);
    if (rc != 0)
        return rc;
    if (!c->root) {
        sgf_game_free(c);
        return SGF_OK;
    }
    o = malloc(sizeof *o);
    if (!o) {
        sgf_game_free(c);
        return SGF_E_NOMEM;
    }
    sink_init(o, write, ctx);
    rc = f == SGF_XML_GO ? go_game(o, c) : raw_game(o, c);
    if (rc == 0)
        sink_flush(o);
    rc = rc ? rc : o->err;
    free(o);
    sgf_game_free(c);
    return rc;
}
