/*
 * xmlread.c - XML of either form of xmlwrite.c back to SGF (doc/xml.md).
 *
 * libxml2's SAX2 parser drives a small tree builder: a <GoGame> or <game>
 * becomes a tree of nodes whose values are already SGF text (escaped), the
 * tree is written as SGF, and that SGF goes through the library's reader
 * and sgf_write_game, so what comes out is the canonical form whatever the
 * XML looked like.  A tree is needed because Jago's <Variation> comes
 * before the main line's continuation, where SGF puts it after.
 *
 * The input is not trusted: no network, no external subset, no entity
 * declarations at all (so no billion laughs and no external entities,
 * whatever libxml2's own limits are), elements at most MAX_DEPTH deep.
 * Nothing here recurses.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>

#include "common/arena.h"
#include "common/grow.h"
#include "sgf/game.h"
#include "sgf/points.h"
#include "sgf/reader.h"
#include "sgf/sourcemap.h"
#include "export/xmlform.h"

/* libxml2 stops at 256 without XML_PARSE_HUGE; this keeps our own stack
 * within bounds whatever the library version does. */
#define MAX_DEPTH 256
/* More points than the largest board has in one element is not a board. */
#define MAX_POINTS (SGF_MAX_BOARD * SGF_MAX_BOARD)
/* Input goes to libxml2 in pieces: xmlParseChunk takes an int. */
#define CHUNK (1u << 20)

typedef enum {
    E_NONE,
    /* the Go form */
    E_GO, E_GOGAME, E_INFORMATION, E_INFO, E_NODES, E_NODE, E_VARIATION,
    E_BLACK, E_WHITE, E_ADDBLACK, E_ADDWHITE, E_DELETE, E_MARK, E_AT,
    E_COMMENT, E_P, E_SGF, E_ARG, E_BLACKTOPLAY, E_WHITETOPLAY,
    /* the raw form */
    E_RSGF, E_RGAME, E_RNODE, E_RPROP, E_RV
} elem;

static const struct { const char *name; elem e; } elements[] = {
    { "Go", E_GO }, { "GoGame", E_GOGAME }, { "Information", E_INFORMATION },
    { "Nodes", E_NODES }, { "Node", E_NODE }, { "Variation", E_VARIATION },
    { "Black", E_BLACK }, { "White", E_WHITE }, { "AddBlack", E_ADDBLACK },
    { "AddWhite", E_ADDWHITE }, { "Delete", E_DELETE }, { "Mark", E_MARK },
    { "at", E_AT }, { "Comment", E_COMMENT }, { "P", E_P }, { "SGF", E_SGF },
    { "Arg", E_ARG }, { "BlackToPlay", E_BLACKTOPLAY },
    { "WhiteToPlay", E_WHITETOPLAY },
    { "sgf", E_RSGF }, { "game", E_RGAME }, { "node", E_RNODE },
    { "prop", E_RPROP }, { "v", E_RV }
};

/* ---- the tree being built ---- */

/* Where an element starts in the XML: what the diagnostics of the SGF
 * made from it point at (sgf_xml_to_sgf_mapped). */
typedef struct xpos {
    unsigned long line, column;
} xpos;

typedef struct xval {
    struct xval *next;
    xpos at;
    size_t len;
    char s[];              /* SGF bytes between the brackets, escaped */
} xval;

typedef struct xprop {
    struct xprop *next;
    xpos at;
    xval *first, *last;
    char id[];
} xprop;

typedef struct xnode {
    struct xnode *parent, *child, *last, *next;
    xprop *props, *lastp;
    xpos at;
} xnode;

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

typedef struct frame {
    elem e;
    int info;              /* E_INFO: index into xml_info_ids */
    xpos at;
} frame;

typedef struct xreader {
    xmlParserCtxtPtr ctxt;
    sgf_write_fn write;
    void *ctx;
    char *err;
    size_t errlen;
    int rc;                /* 0, SGF_E_FORMAT, SGF_E_NOMEM or write's value */
    int games;
    frame stack[MAX_DEPTH + 1];
    int depth;
    buf text;              /* character data of the innermost element */
    buf para;              /* the paragraphs of a Comment or Copyright */
    int paras;
    arena a;               /* the game being built; reset per game */
    xnode *root, *cur;
    xprop *info, *info_last;   /* <Information>, until the root exists */
    xnode **alt;           /* Go form: the nodes <Variation>s are */
    size_t nalt, altcap;   /* alternatives to */
    xnode **nodes;         /* raw form: nodes by number */
    size_t nnodes, nodecap;
    xprop *prop;           /* the open <SGF> or <prop> */
    bool hex;              /* its values are hex */
    bool as_sgf;           /* its values are SGF, escapes kept (":sgf") */
    bool v_hex;            /* the open <v> is hex */
    /* the open point element */
    int pt_kind;
    bool pass;
    char *label;
    size_t label_len;
    uint8_t px[MAX_POINTS], py[MAX_POINTS];
    size_t npoints;
    /* the board points refer to */
    char sz[16];
    bool has_sz, sz_bad, board_fixed;
    int w, h;
    buf sgf;               /* the game as SGF, before the canonical pass */
    /* sgf_xml_to_sgf_mapped: the element being read (what is made now
     * came from it), where each piece of sgf came from, the map of the
     * output and the bytes written so far */
    xpos here;
    sgf_source_map *inner, *map;
    uint64_t written;
    buf out;               /* the canonical copy, when mapping */
} xreader;

/* ---- errors ---- */

static void failv(xreader *r, const char *fmt, va_list ap)
{
    if (r->rc)
        return;
    r->rc = SGF_E_FORMAT;
    if (r->err && r->errlen) {
        int n = snprintf(r->err, r->errlen, "line %d: ",
                         r->ctxt ? xmlSAX2GetLineNumber(r->ctxt) : 0);
        if (n >= 0 && (size_t)n < r->errlen)
            vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    }
}

static void fail(xreader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void fail(xreader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    failv(r, fmt, ap);
    va_end(ap);
}

static void nomem(xreader *r)
{
    if (!r->rc) {
        r->rc = SGF_E_NOMEM;
        if (r->err && r->errlen)
            snprintf(r->err, r->errlen, "out of memory");
    }
}

/* A failure is recorded at once, but libxml2 is stopped only when the
 * callback returns: xmlStopParser frees the input, and with it the
 * attribute values the callback still holds (doc/fuzzing.md, 22). */
static void stop_if_failed(xreader *r)
{
    if (r->rc && r->ctxt)
        xmlStopParser(r->ctxt);
}

static void on_xml_error(void *ctx, xmlErrorPtr e)
{
    xreader *r = ctx;
    size_t n;
    if (!e || e->level < XML_ERR_ERROR || r->rc)
        return;
    r->rc = SGF_E_FORMAT;
    if (r->err && r->errlen) {
        snprintf(r->err, r->errlen, "line %d: %s", e->line,
                 e->message ? e->message : "not well-formed XML");
        n = strlen(r->err);
        while (n > 0 && (r->err[n - 1] == '\n' || r->err[n - 1] == ' '))
            r->err[--n] = '\0';
    }
}

/* ---- buffers ---- */

static bool buf_add(xreader *r, buf *b, const char *s, size_t n)
{
    if (grow_bytes(&b->p, &b->len, &b->cap, s, n))
        return true;
    nomem(r);
    return false;
}

/* Room in *arr for its element n. */
static bool room(xreader *r, void **arr, size_t *cap, size_t n, size_t size)
{
    void *p = grow(*arr, cap, n + 1, size);
    if (!p) {
        nomem(r);
        return false;
    }
    *arr = p;
    return true;
}

/* ---- values: decoded text to SGF ---- */

typedef enum { ESC_TEXT, ESC_COMPOSE, ESC_AS_IS } esc_mode;

/* How a value of property id is written: Text and most types need '\\' and
 * ']' escaped; compose types also every ':' after the first, which is
 * taken as the separator; the non-text values of the raw form and of the
 * Go form's "ID:sgf" elements are already SGF. */
static esc_mode escape_of(const char *id, bool raw_form)
{
    const sgf_prop_info *pi = sgf_prop_info_get(sgf_prop_lookup(id,
                                                                strlen(id)));
    sgf_value_type t = pi ? pi->type : SGF_T_UNKNOWN;
    if (t == SGF_T_TEXT || t == SGF_T_SIMPLETEXT)
        return ESC_TEXT;
    if (raw_form)
        return ESC_AS_IS;
    switch (t) {
    case SGF_T_SIZE: case SGF_T_POINT_POINT: case SGF_T_POINT_TEXT:
    case SGF_T_NUMBER_NUMBER: case SGF_T_SIMPLE_SIMPLE: case SGF_T_FIGURE:
        return ESC_COMPOSE;
    default:
        return ESC_TEXT;
    }
}

static xval *new_value(xreader *r, const char *s, size_t n, esc_mode m)
{
    /* escaping at most doubles the text */
    xval *v = n < SIZE_MAX / 2 - sizeof *v ?
              arena_alloc(&r->a, sizeof *v + 2 * n + 1) : NULL;
    char *o;
    bool colon = false;
    if (!v) {
        nomem(r);
        return NULL;
    }
    o = v->s;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (m == ESC_AS_IS) {
            /* already SGF: keep its escapes, but a lone ']' would end the
             * value and a trailing '\\' would escape the bracket, so that
             * XML could change the tree's structure */
            if (c == '\\') {
                if (i + 1 == n)
                    break;
                *o++ = c;
                *o++ = s[++i];
                continue;
            }
            if (c == ']')
                *o++ = '\\';
        } else if (c == '\\' || c == ']' ||
                   (c == ':' && m == ESC_COMPOSE && colon)) {
            *o++ = '\\';
        } else if (c == ':') {
            colon = true;
        }
        *o++ = c;
    }
    v->next = NULL;
    v->at = r->here;
    v->len = (size_t)(o - v->s);
    return v;
}

/* Uppercase letters, as FF[4] normalises ids; long ones exist (SGFC's
 * test file), the bound only keeps messages and hostile input small. */
static bool valid_id(const char *s, size_t n)
{
    if (n == 0 || n > 4096)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < 'A' || s[i] > 'Z')
            return false;
    return true;
}

static xprop *new_prop(xreader *r, const char *id, size_t n)
{
    xprop *p = arena_alloc(&r->a, sizeof *p + n + 1);
    if (!p) {
        nomem(r);
        return NULL;
    }
    p->next = NULL;
    p->at = r->here;
    p->first = p->last = NULL;
    memcpy(p->id, id, n);
    p->id[n] = '\0';
    return p;
}

/* The property id of node n, made when absent (values of one id gather in
 * one property, as SGF has one per node). */
static xprop *node_prop(xreader *r, xnode *n, const char *id, size_t len)
{
    for (xprop *p = n->props; p; p = p->next)
        if (strlen(p->id) == len && memcmp(p->id, id, len) == 0)
            return p;
    xprop *p = new_prop(r, id, len);
    if (!p)
        return NULL;
    if (n->lastp)
        n->lastp->next = p;
    else
        n->props = p;
    n->lastp = p;
    return p;
}

static void add_value(xprop *p, xval *v)
{
    if (p->last)
        p->last->next = v;
    else
        p->first = v;
    p->last = v;
}

/* The decoded text of SZ, when it is the root's: points need it. */
static void note_size(xreader *r, const char *id, const char *s, size_t n)
{
    if (strcmp(id, "SZ") != 0 || r->has_sz)
        return;
    r->has_sz = true;
    r->sz_bad = n >= sizeof r->sz;
    if (!r->sz_bad) {
        memcpy(r->sz, s, n);
        r->sz[n] = '\0';
    }
}

/* ---- nodes ---- */

static xnode *new_node(xreader *r, xnode *parent)
{
    xnode *n = arena_alloc(&r->a, sizeof *n);
    if (!n) {
        nomem(r);
        return NULL;
    }
    memset(n, 0, sizeof *n);
    n->at = r->here;
    n->parent = parent;
    if (parent) {
        if (parent->last)
            parent->last->next = n;
        else
            parent->child = n;
        parent->last = n;
    } else {
        r->root = n;
        /* the game information comes first in the root */
        n->props = r->info;
        n->lastp = r->info_last;
    }
    return n;
}

/* Go form: a node continues the current sequence, or starts the
 * alternative a <Variation> opened. */
static xnode *go_new_node(xreader *r)
{
    xnode *parent;
    if (r->cur)
        parent = r->cur;
    else if (r->nalt)
        parent = r->alt[r->nalt - 1]->parent;
    else if (r->root) {
        fail(r, "a second root node");
        return NULL;
    } else
        parent = NULL;
    r->cur = new_node(r, parent);
    return r->cur;
}

/* ---- points ---- */

static bool fix_board(xreader *r)
{
    if (r->board_fixed)
        return true;
    if (!r->has_sz) {
        r->w = r->h = 19;
    } else if (r->sz_bad || !xml_board_size(r->sz, strlen(r->sz), &r->w,
                                            &r->h)) {
        fail(r, "points on a board of unknown size (SZ is not N or N:M)");
        return false;
    }
    r->board_fixed = true;
    return true;
}

static int column_of(char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    const char *p = c ? strchr(xml_columns, c) : NULL;
    return p ? (int)(p - xml_columns) : -1;
}

/* "D4" or, on boards wider than 25, "4,4": one point of the board. */
static bool parse_point(xreader *r, const char *s, size_t n, int *x, int *y)
{
    long a = 0, b = 0;
    size_t i = 0, digits = 0;
    if (!s)
        s = "";             /* <at/>: no text at all */
    while (n > 0 && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++, n--;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
                     s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    if (!fix_board(r))
        return false;
    if (n > 0 && column_of(s[0]) >= 0) {
        a = column_of(s[0]) + 1;
        i = 1;
    } else {
        for (; i < n && s[i] >= '0' && s[i] <= '9' && digits < 4; i++, digits++)
            a = a * 10 + (s[i] - '0');
        if (digits == 0 || i == n || s[i] != ',')
            goto bad;
        i++;
    }
    for (digits = 0; i < n && s[i] >= '0' && s[i] <= '9' && digits < 4;
         i++, digits++)
        b = b * 10 + (s[i] - '0');
    if (digits == 0 || i != n || a < 1 || a > r->w || b < 1 || b > r->h)
        goto bad;
    *x = (int)a - 1;
    *y = r->h - (int)b;
    return true;
bad:
    fail(r, "'%.*s' is not a point of the %dx%d board", (int)(n < 20 ? n : 20),
         s, r->w, r->h);
    return false;
}

static void add_point(xreader *r, const char *s, size_t n)
{
    int x, y;
    if (!parse_point(r, s, n, &x, &y))
        return;
    if (r->npoints == MAX_POINTS) {
        fail(r, "more points in one element than a board has");
        return;
    }
    r->px[r->npoints] = (uint8_t)x;
    r->py[r->npoints++] = (uint8_t)y;
}

static void sgf_point(char *o, int x, int y)
{
    o[0] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
    o[1] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
}

static bool blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
            return false;
    return true;
}

/* The points of a setup or markup element as SGF values: one rectangle
 * when they are exactly one (as xmlwrite.c lists a compressed value),
 * else one value each. */
static void end_points(xreader *r, const char *id)
{
    xprop *p;
    point_set seen;
    point_rect box = { UINT8_MAX, UINT8_MAX, 0, 0 };
    size_t i;
    bool rect;

    if (r->npoints == 0) {
        fail(r, "an element without a point");
        return;
    }
    if (!(p = node_prop(r, r->cur, id, strlen(id))))
        return;
    point_set_clear(&seen);
    for (i = 0; i < r->npoints; i++) {
        point_rect pt = { r->px[i], r->py[i], r->px[i], r->py[i] };
        point_set_add(&seen, &pt);
        if (pt.x0 < box.x0) box.x0 = pt.x0;
        if (pt.y0 < box.y0) box.y0 = pt.y0;
        if (pt.x0 > box.x1) box.x1 = pt.x0;
        if (pt.y0 > box.y1) box.y1 = pt.y0;
    }
    rect = r->npoints > 1 && !r->label &&
           point_set_count(&seen) == r->npoints &&
           (size_t)(box.x1 - box.x0 + 1) * (size_t)(box.y1 - box.y0 + 1) ==
               r->npoints;
    for (i = 0; i < (rect ? 1 : r->npoints) && !r->rc; i++) {
        char s[5];
        xval *v;
        size_t n = 2;
        if (rect) {
            sgf_point(s, box.x0, box.y0);
            s[2] = ':';
            sgf_point(s + 3, box.x1, box.y1);
            n = 5;
        } else {
            sgf_point(s, r->px[i], r->py[i]);
        }
        if (r->label) {
            /* LB: "xy:" and the label, its ':' escaped */
            xval *l = new_value(r, r->label, r->label_len, ESC_COMPOSE);
            v = l ? arena_alloc(&r->a, sizeof *v + l->len + 4) : NULL;
            if (!v) {
                nomem(r);
                return;
            }
            memcpy(v->s, s, 2);
            v->s[2] = ':';
            memcpy(v->s + 3, l->s, l->len);
            v->len = l->len + 3;
            v->next = NULL;
        } else {
            v = new_value(r, s, n, ESC_TEXT);
        }
        if (v)
            add_value(p, v);
    }
}

static void end_move(xreader *r, const char *id)
{
    char s[2];
    xprop *p;
    xval *v;
    if (r->npoints + (r->pass ? 1 : 0) != 1) {
        fail(r, "a move names %zu points", r->npoints + (r->pass ? 1 : 0));
        return;
    }
    if (r->npoints)
        sgf_point(s, r->px[0], r->py[0]);
    if ((p = node_prop(r, r->cur, id, 1)) &&
        (v = new_value(r, s, r->npoints ? 2 : 0, ESC_TEXT)))
        add_value(p, v);
}

/* ---- SGF out ---- */

static bool starts_variation(const xnode *n, const xnode *root)
{
    return n == root || n->parent->child->next != NULL;
}

/* What goes into r->sgf next came from at. */
static void mark_inner(xreader *r, xpos at)
{
    if (r->inner && sourcemap_add(r->inner, r->sgf.len, at.line, at.column))
        nomem(r);
}

static void put_node(xreader *r, const xnode *n)
{
    bool root = n == r->root;
    mark_inner(r, n->at);
    buf_add(r, &r->sgf, ";", 1);
    /* What XML carries is Unicode, so the root says CA[UTF-8] whatever
     * CA the XML names (the Go form names none): the reader must take the
     * text as UTF-8, as it takes the canonical SGF, not guess a charset.
     * Without a CA, a value holding ESC $ B was read as ISO-2022-JP and
     * lost its escape (doc/fuzzing.md, 20). */
    if (root)
        buf_add(r, &r->sgf, "CA[UTF-8]\n", 10);
    for (const xprop *p = n->props; p && !r->rc; p = p->next) {
        /* a property needs a value; the root's CA is the one above */
        if (!p->first || (root && strcmp(p->id, "CA") == 0))
            continue;
        mark_inner(r, p->at);
        buf_add(r, &r->sgf, p->id, strlen(p->id));
        for (const xval *v = p->first; v && !r->rc; v = v->next) {
            mark_inner(r, v->at);
            buf_add(r, &r->sgf, "[", 1);
            buf_add(r, &r->sgf, v->s, v->len);
            buf_add(r, &r->sgf, "]\n", 2);
        }
    }
}

/* As writer.c walks: iterative, '(' only where a node has siblings. */
static void put_tree(xreader *r)
{
    const xnode *root = r->root, *n = root;
    buf_add(r, &r->sgf, "(", 1);
    for (;;) {
        put_node(r, n);
        if (r->rc)
            return;
        if (n->child) {
            n = n->child;
            if (n->next)
                buf_add(r, &r->sgf, "(", 1);
            continue;
        }
        for (;;) {
            while (!starts_variation(n, root))
                n = n->parent;
            buf_add(r, &r->sgf, ")", 1);
            if (n == root)
                return;
            if (n->next) {
                n = n->next;
                buf_add(r, &r->sgf, "(", 1);
                break;
            }
            n = n->parent;
        }
    }
}

static void start_game(xreader *r)
{
    arena_reset(&r->a);
    r->root = r->cur = NULL;
    r->info = r->info_last = NULL;
    r->nalt = r->nnodes = 0;
    r->prop = NULL;
    r->has_sz = r->sz_bad = r->board_fixed = false;
}

static int grow_write(void *ctx, const void *data, size_t len)
{
    xreader *r = ctx;
    return buf_add(r, &r->out, (const char *)data, len) ? 0 : SGF_E_NOMEM;
}

/* A mark in the output map for what lies at pos in the canonical copy,
 * from where the same piece lay at from in r->sgf. */
static void mark_out(xreader *r, uint32_t pos, uint32_t from)
{
    unsigned long line, column;
    if (sourcemap_find(r->inner, from, &line, &column) &&
        sourcemap_add(r->map, r->written + pos, line, column))
        nomem(r);
}

static const sgf_prop *prop_like(const sgf_node *n, const sgf_prop *p)
{
    for (const sgf_prop *q = n->props; q; q = q->next)
        if (strcmp(q->id, p->id) == 0)
            return q;
    return NULL;
}

/* g written canonically, with the marks of the output map: the canonical
 * copy read back has g's tree node for node (doc/writer.md), so its nodes,
 * properties (by id: one of each per node) and values are paired with
 * g's, whose offsets in r->sgf the inner map knows. */
static int write_mapped(xreader *r, sgf_game *g)
{
    sgf_read_options opt = { 0 };
    sgf_raw_game raw = { 0 };
    r->out.len = 0;
    int rc = sgf_write_game(g, grow_write, r);
    if (rc)
        return rc;
    opt.flags = SGF_READ_SYNTAX_ONLY;
    raw.bytes = r->out.p ? r->out.p : "";
    raw.len = r->out.len;
    raw.origin = "xml";
    raw.line = raw.column = 1;
    raw.at_eof = 1;
    sgf_game *c = reader_parse_new(&raw, &opt, reader_finish_syntax);
    if (!c || c->nomem) {
        sgf_game_free(c);
        return SGF_E_NOMEM;
    }
    /* both trees in pre-order, without a stack */
    const sgf_node *a = c->root, *b = g->root;
    while (a && b && !r->rc) {
        mark_out(r, a->pos, b->pos);
        for (const sgf_prop *p = a->props; p; p = p->next) {
            const sgf_prop *q = prop_like(b, p);
            if (!q)
                continue;   /* FF[4] and CA[UTF-8]: the writer's own */
            mark_out(r, p->pos, q->pos);
            for (uint32_t i = 0; i < p->nvalues && i < q->nvalues; i++)
                mark_out(r, p->values[i].pos, q->values[i].pos);
        }
        if (a->child && b->child) {
            a = a->child, b = b->child;
            continue;
        }
        while (a && b && !a->next)
            a = a->parent, b = b->parent;
        if (a && b)
            a = a->next, b = b->next;
    }
    sgf_game_free(c);
    if (r->rc)
        return r->rc;
    r->written += r->out.len;
    return r->write(r->ctx, r->out.p ? r->out.p : "", r->out.len);
}

/* The game built, as SGF, through the reader and the canonical writer. */
static void end_game(xreader *r)
{
    sgf_read_options opt = { 0 };
    sgf_raw_game raw = { 0 };
    sgf_game *g;
    int rc;

    if (!r->root)
        return;             /* no tree, nothing to write (as writer.c) */
    r->sgf.len = 0;
    sourcemap_clear(r->inner);
    put_tree(r);
    buf_add(r, &r->sgf, "\n", 1);
    if (r->rc)
        return;
    opt.flags = SGF_READ_SYNTAX_ONLY;
    raw.bytes = r->sgf.p;
    raw.len = r->sgf.len;
    raw.origin = "xml";
    raw.index = (unsigned)r->games + 1;
    raw.line = 1;
    raw.column = 1;
    raw.at_eof = 1;
    g = reader_parse_new(&raw, &opt, reader_finish_syntax);
    if (!g || g->nomem) {
        sgf_game_free(g);
        nomem(r);
        return;
    }
    rc = r->map ? write_mapped(r, g) : sgf_write_game(g, r->write, r->ctx);
    sgf_game_free(g);
    if (rc) {
        r->rc = rc;
        return;
    }
    r->games++;
}

/* ---- SAX ---- */

static const xmlChar *attr(const xmlChar **attrs, int n, const char *name,
                           size_t *len)
{
    for (int i = 0; i < n; i++, attrs += 5)
        if (strcmp((const char *)attrs[0], name) == 0) {
            *len = (size_t)(attrs[4] - attrs[3]);
            return attrs[3];
        }
    return NULL;
}

static elem elem_of(const char *name, int *info)
{
    for (size_t i = 0; i < sizeof elements / sizeof *elements; i++)
        if (strcmp(elements[i].name, name) == 0)
            return elements[i].e;
    for (int i = 0; xml_info_elements[i]; i++)
        if (strcmp(xml_info_elements[i], name) == 0) {
            *info = i;
            return E_INFO;
        }
    return E_NONE;
}

static const char *elem_name(elem e, int info)
{
    if (e == E_INFO)
        return xml_info_elements[info];
    for (size_t i = 0; i < sizeof elements / sizeof *elements; i++)
        if (elements[i].e == e)
            return elements[i].name;
    return "?";
}

/* Where each element may stand (go.dtd, sgf-raw.dtd, and the places
 * GoGui also accepts: a move or a comment straight in <Nodes>). */
static bool parent_ok(elem e, elem parent)
{
    switch (e) {
    case E_GO: case E_RSGF: return parent == E_NONE;
    case E_GOGAME: return parent == E_GO;
    case E_INFORMATION: case E_NODES: return parent == E_GOGAME;
    case E_INFO: return parent == E_INFORMATION;
    case E_NODE: case E_VARIATION:
        return parent == E_NODES || parent == E_VARIATION;
    case E_BLACK: case E_WHITE: case E_COMMENT:
        return parent == E_NODE || parent == E_NODES || parent == E_VARIATION;
    case E_ADDBLACK: case E_ADDWHITE: case E_DELETE: case E_MARK: case E_SGF:
    case E_BLACKTOPLAY: case E_WHITETOPLAY:
        return parent == E_NODE;
    case E_AT:
        return parent == E_BLACK || parent == E_WHITE || parent == E_ADDBLACK ||
               parent == E_ADDWHITE || parent == E_DELETE || parent == E_MARK;
    case E_P: return parent == E_COMMENT || parent == E_INFO;
    case E_ARG: return parent == E_SGF;
    case E_RGAME: return parent == E_RSGF;
    case E_RNODE: return parent == E_RGAME;
    case E_RPROP: return parent == E_RNODE;
    case E_RV: return parent == E_RPROP;
    default: return false;
    }
}

static void start_points(xreader *r, const xmlChar **attrs, int nattrs,
                         elem e, elem parent)
{
    size_t n;
    const xmlChar *at = attr(attrs, nattrs, "at", &n);
    r->npoints = 0;
    r->pass = false;
    r->label = NULL;
    if ((e == E_BLACK || e == E_WHITE) && parent != E_NODE && !go_new_node(r))
        return;
    if (!r->cur) {
        fail(r, "a move or markup before any node");
        return;
    }
    if (e == E_MARK) {
        size_t tn = 0, rn = 0, ln = 0;
        const xmlChar *type = attr(attrs, nattrs, "type", &tn);
        const xmlChar *terr = attr(attrs, nattrs, "territory", &rn);
        const xmlChar *label = attr(attrs, nattrs, "label", &ln);
        r->pt_kind = SGF_P_MA;
        if (label) {
            r->pt_kind = SGF_P_LB;
            r->label = arena_strndup(&r->a, (const char *)label, ln);
            r->label_len = ln;
            if (!r->label) {
                nomem(r);
                return;
            }
        } else if (terr) {
            if (rn == 5 && memcmp(terr, "black", 5) == 0)
                r->pt_kind = SGF_P_TB;
            else if (rn == 5 && memcmp(terr, "white", 5) == 0)
                r->pt_kind = SGF_P_TW;
            else
                fail(r, "Mark territory is not black or white");
        } else if (type) {
            if (tn == 6 && memcmp(type, "circle", 6) == 0)
                r->pt_kind = SGF_P_CR;
            else if (tn == 6 && memcmp(type, "square", 6) == 0)
                r->pt_kind = SGF_P_SQ;
            else if (tn == 8 && memcmp(type, "triangle", 8) == 0)
                r->pt_kind = SGF_P_TR;
            else
                fail(r, "Mark type is not circle, square or triangle");
        }
    }
    if (at) {
        if ((e == E_BLACK || e == E_WHITE) && blank((const char *)at, n))
            r->pass = true;     /* GoGui's pass */
        else
            add_point(r, (const char *)at, n);
    }
}

static void start_sgf(xreader *r, const xmlChar **attrs, int nattrs, bool go)
{
    size_t n;
    const char *id = (const char *)attr(attrs, nattrs, go ? "type" : "id", &n);
    r->hex = r->as_sgf = false;
    if (!id) {
        fail(r, "%s without %s", go ? "SGF" : "prop", go ? "type" : "id");
        return;
    }
    if (go && n > 4 && memcmp(id + n - 4, ":hex", 4) == 0) {
        r->hex = true;
        n -= 4;
    }
    if (go && n > 4 && memcmp(id + n - 4, ":sgf", 4) == 0) {
        r->as_sgf = true;
        n -= 4;
    }
    if (!valid_id(id, n)) {
        fail(r, "'%.*s' is not a property identifier", (int)(n < 32 ? n : 32),
             id);
        return;
    }
    r->prop = node_prop(r, r->cur, id, n);
}

/* The line and column (in bytes, from 1) of the '<' of the start tag the
 * parser has just read: libxml2 stands after its '>'. */
static xpos element_start(xreader *r)
{
    xmlParserInputPtr in = r->ctxt->input;
    xpos at = { (unsigned long)xmlSAX2GetLineNumber(r->ctxt),
                (unsigned long)(in->col > 0 ? in->col : 1) };
    const xmlChar *p = in->cur, *base = in->base;
    unsigned long back = 0, lines = 0;
    if (!p || !base)
        return at;
    while (p > base && *--p != '<') {
        back++;
        lines += *p == '\n';
    }
    if (*p != '<')
        return at;
    back++;
    if (!lines) {
        at.column = at.column > back ? at.column - back : 1;
        return at;
    }
    /* the tag spans lines: count the column from the line it starts on */
    const xmlChar *q = p;
    while (q > base && q[-1] != '\n')
        q--;
    at.line = at.line > lines ? at.line - lines : 1;
    at.column = (unsigned long)(p - q) + 1;
    return at;
}

static void start_element(xreader *r, const xmlChar *localname,
                          int nattrs, const xmlChar **attrs)
{
    int info = -1;
    elem e = elem_of((const char *)localname, &info);
    elem parent = r->depth ? r->stack[r->depth - 1].e : E_NONE;
    size_t n;
    const xmlChar *a;

    if (r->rc)
        return;
    if (r->depth == MAX_DEPTH) {
        fail(r, "elements nested deeper than %d", MAX_DEPTH);
        return;
    }
    if (e == E_NONE) {
        fail(r, "unknown element <%.40s>", (const char *)localname);
        return;
    }
    if (!parent_ok(e, parent) ||
        (e == E_P && parent == E_INFO &&
         strcmp(xml_info_ids[r->stack[r->depth - 1].info], "CP") != 0)) {
        if (parent == E_NONE)
            fail(r, "<%.40s> is not the root of a Go or sgf-raw document",
                 (const char *)localname);
        else
            fail(r, "<%.40s> cannot stand in <%s>", (const char *)localname,
                 elem_name(parent, r->stack[r->depth - 1].info));
        return;
    }
    r->stack[r->depth].e = e;
    r->stack[r->depth].at = r->here = element_start(r);
    r->stack[r->depth++].info = info;
    r->text.len = 0;
    switch (e) {
    case E_GOGAME: case E_RGAME:
        start_game(r);
        break;
    case E_INFORMATION:
        if (r->root)
            fail(r, "<Information> after the nodes");
        break;
    case E_INFO:
        r->para.len = 0;
        r->paras = 0;
        break;
    case E_NODE:
        go_new_node(r);
        break;
    case E_VARIATION:
        if (!r->cur || r->cur == r->root) {
            fail(r, "a <Variation> needs a node other than the root to be "
                 "an alternative to");
            break;
        }
        if (room(r, (void **)&r->alt, &r->altcap, r->nalt, sizeof *r->alt)) {
            r->alt[r->nalt++] = r->cur;
            r->cur = NULL;
        }
        break;
    case E_BLACK: case E_WHITE: case E_ADDBLACK: case E_ADDWHITE:
    case E_DELETE: case E_MARK:
        start_points(r, attrs, nattrs, e, parent);
        break;
    case E_COMMENT:
        if (!r->cur)
            fail(r, "a comment before any node");
        r->para.len = 0;
        r->paras = 0;
        break;
    case E_SGF:
        start_sgf(r, attrs, nattrs, true);
        break;
    case E_BLACKTOPLAY: case E_WHITETOPLAY: {
        xprop *p = node_prop(r, r->cur, "PL", 2);
        xval *v = p ? new_value(r, e == E_BLACKTOPLAY ? "B" : "W", 1,
                                ESC_TEXT) : NULL;
        if (v)
            add_value(p, v);
        break;
    }
    case E_RNODE: {
        xnode *parent_node = r->nnodes ? r->nodes[r->nnodes - 1] : NULL;
        a = attr(attrs, nattrs, "parent", &n);
        if (a) {
            unsigned long k = 0;
            size_t i;
            for (i = 0; i < n && a[i] >= '0' && a[i] <= '9' && k < r->nnodes;
                 i++)
                k = k * 10 + (unsigned long)(a[i] - '0');
            if (n == 0 || i != n || k >= r->nnodes) {
                fail(r, "parent=\"%.20s\" is not the number of a node before",
                     (const char *)a);
                break;
            }
            parent_node = r->nodes[k];
        }
        if (!room(r, (void **)&r->nodes, &r->nodecap, r->nnodes,
                  sizeof *r->nodes))
            break;
        if ((r->cur = new_node(r, parent_node)))
            r->nodes[r->nnodes++] = r->cur;
        break;
    }
    case E_RPROP:
        start_sgf(r, attrs, nattrs, false);
        break;
    case E_RV:
        a = attr(attrs, nattrs, "enc", &n);
        r->v_hex = a != NULL;
        if (a && !(n == 3 && memcmp(a, "hex", 3) == 0))
            fail(r, "enc=\"%.20s\" is not hex", (const char *)a);
        break;
    default:
        break;
    }
}

static void on_start(void *ctx, const xmlChar *localname,
                     const xmlChar *prefix, const xmlChar *uri,
                     int nb_namespaces, const xmlChar **namespaces,
                     int nattrs, int nb_defaulted, const xmlChar **attrs)
{
    (void)prefix, (void)uri, (void)nb_namespaces, (void)namespaces;
    (void)nb_defaulted;
    start_element(ctx, localname, nattrs, attrs);
    stop_if_failed(ctx);
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Hex text to its bytes, in place. */
static bool unhex(xreader *r, buf *b)
{
    size_t n = 0;
    if (b->len % 2)
        goto bad;
    for (size_t i = 0; i < b->len; i += 2) {
        int hi = hexval(b->p[i]), lo = hexval(b->p[i + 1]);
        if (hi < 0 || lo < 0)
            goto bad;
        b->p[n++] = (char)(hi << 4 | lo);
    }
    b->len = n;
    return true;
bad:
    fail(r, "a hex value that is not hex");
    return false;
}

/* The value of the open <Arg>, <v> or information element. */
static void end_value(xreader *r, xprop *p, bool hex, bool raw_form)
{
    xval *v;
    if (!p)
        return;
    if (hex && !unhex(r, &r->text))
        return;
    if (r->cur == r->root || !r->root)
        note_size(r, p->id, r->text.p ? r->text.p : "", r->text.len);
    v = new_value(r, r->text.p ? r->text.p : "", r->text.len,
                  escape_of(p->id, raw_form));
    if (v)
        add_value(p, v);
}

/* The paragraphs of a <Comment> or <Copyright> joined by LF (or the
 * comment's own text when it has no <P>, as Jago writes short ones). */
static buf *paragraphs(xreader *r)
{
    return r->paras ? &r->para : &r->text;
}

static void end_info(xreader *r, int info)
{
    const char *id = xml_info_ids[info];
    buf *t = strcmp(id, "CP") == 0 ? paragraphs(r) : &r->text;
    xprop *p;
    xval *v;
    for (p = r->info; p; p = p->next)
        if (strcmp(p->id, id) == 0) {
            fail(r, "<%s> twice", xml_info_elements[info]);
            return;
        }
    note_size(r, id, t->p ? t->p : "", t->len);
    p = new_prop(r, id, strlen(id));
    v = p ? new_value(r, t->p ? t->p : "", t->len, escape_of(id, false)) : NULL;
    if (!v)
        return;
    add_value(p, v);
    if (r->info_last)
        r->info_last->next = p;
    else
        r->info = p;
    r->info_last = p;
}

static void end_comment(xreader *r)
{
    buf *t = paragraphs(r);
    xprop *p = node_prop(r, r->cur, "C", 1);
    xval *v;
    if (!p)
        return;
    if (p->first) {
        /* a second comment in a node joins the first, as GoGui does */
        v = new_value(r, t->p ? t->p : "", t->len, ESC_TEXT);
        xval *j = v ? arena_alloc(&r->a, sizeof *j + p->first->len + 1 +
                                  v->len) : NULL;
        if (!j) {
            nomem(r);
            return;
        }
        memcpy(j->s, p->first->s, p->first->len);
        j->s[p->first->len] = '\n';
        memcpy(j->s + p->first->len + 1, v->s, v->len);
        j->len = p->first->len + 1 + v->len;
        j->next = NULL;
        p->first = p->last = j;
        return;
    }
    v = new_value(r, t->p ? t->p : "", t->len, ESC_TEXT);
    if (v)
        add_value(p, v);
}

static void end_element(xreader *r)
{
    frame f;
    if (r->rc || r->depth == 0)
        return;
    f = r->stack[--r->depth];
    r->here = f.at;
    switch (f.e) {
    case E_GOGAME: case E_RGAME:
        end_game(r);
        break;
    case E_INFO:
        end_info(r, f.info);
        break;
    case E_VARIATION:
        r->cur = r->alt[--r->nalt];
        break;
    case E_AT:
        add_point(r, r->text.p, r->text.len);
        break;
    case E_BLACK: case E_WHITE:
        if (!blank(r->text.p, r->text.len))
            add_point(r, r->text.p, r->text.len);
        if (!r->rc)
            end_move(r, f.e == E_BLACK ? "B" : "W");
        break;
    case E_ADDBLACK: case E_ADDWHITE: case E_DELETE: case E_MARK:
        if (!blank(r->text.p, r->text.len))
            add_point(r, r->text.p, r->text.len);
        if (!r->rc)
            end_points(r, f.e == E_ADDBLACK ? "AB" : f.e == E_ADDWHITE ? "AW"
                       : f.e == E_DELETE ? "AE"
                       : sgf_prop_info_get(r->pt_kind)->id);
        break;
    case E_P:
        if (r->paras++)
            buf_add(r, &r->para, "\n", 1);
        buf_add(r, &r->para, r->text.p ? r->text.p : "", r->text.len);
        break;
    case E_COMMENT:
        end_comment(r);
        break;
    case E_ARG:
        end_value(r, r->prop, r->hex, r->as_sgf);
        break;
    case E_RV:
        end_value(r, r->prop, r->v_hex, true);
        break;
    default:
        break;
    }
    r->text.len = 0;
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                   const xmlChar *uri)
{
    (void)localname, (void)prefix, (void)uri;
    end_element(ctx);
    stop_if_failed(ctx);
}

static void on_characters(void *ctx, const xmlChar *s, int len)
{
    xreader *r = ctx;
    if (!r->rc && len > 0)
        buf_add(r, &r->text, (const char *)s, (size_t)len);
    stop_if_failed(r);
}

/* Any entity declaration stops the parse: the forms have none, and
 * refusing them is what keeps entity expansion (billion laughs) and
 * external entities out, whatever the libxml2 version. */
static void on_entity_decl(void *ctx, const xmlChar *name, int type,
                           const xmlChar *public_id, const xmlChar *system_id,
                           xmlChar *content)
{
    (void)type, (void)public_id, (void)system_id, (void)content;
    fail(ctx, "entity declarations are refused (<!ENTITY %.40s>)",
         (const char *)name);
    stop_if_failed(ctx);
}

static void on_unparsed_entity(void *ctx, const xmlChar *name,
                               const xmlChar *public_id,
                               const xmlChar *system_id,
                               const xmlChar *notation)
{
    (void)public_id, (void)system_id, (void)notation;
    fail(ctx, "entity declarations are refused (<!ENTITY %.40s>)",
         (const char *)name);
    stop_if_failed(ctx);
}

static void on_reference(void *ctx, const xmlChar *name)
{
    fail(ctx, "entity references are refused (&%.40s;)", (const char *)name);
    stop_if_failed(ctx);
}

int sgf_xml_to_sgf(const char *bytes, size_t len, sgf_write_fn write,
                   void *ctx, char *err, size_t errlen)
{
    return sgf_xml_to_sgf_mapped(bytes, len, write, ctx, err, errlen, NULL);
}

int sgf_xml_to_sgf_mapped(const char *bytes, size_t len, sgf_write_fn write,
                          void *ctx, char *err, size_t errlen,
                          sgf_source_map *map)
{
    xmlSAXHandler sax;
    xreader *r;
    int rc;

    if (err && errlen)
        err[0] = '\0';
    if ((!bytes && len) || !write)
        return SGF_E_ARG;
    r = calloc(1, sizeof *r);
    if (!r)
        return SGF_E_NOMEM;
    r->write = write;
    r->ctx = ctx;
    r->err = err;
    r->errlen = errlen;
    r->map = map;
    if (map && !(r->inner = sgf_source_map_new())) {
        free(r);
        return SGF_E_NOMEM;
    }
    arena_init(&r->a);

    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.characters = on_characters;
    sax.ignorableWhitespace = on_characters;
    sax.cdataBlock = on_characters;
    sax.entityDecl = on_entity_decl;
    sax.unparsedEntityDecl = on_unparsed_entity;
    sax.reference = on_reference;
    sax.serror = on_xml_error;

    /* libxml2 keeps its own flag: after the first call this returns */
    xmlInitParser();
    r->ctxt = xmlCreatePushParserCtxt(&sax, r, NULL, 0, NULL);
    if (!r->ctxt) {
        sgf_source_map_free(r->inner);
        free(r);
        return SGF_E_NOMEM;
    }
    /* Without XML_PARSE_NOENT, SAX2 hands an attribute's '&' (&amp; or
     * &#38;) over as the text "&#38;", for a tree builder to decode again:
     * a label "a&b" came back "a&#38;b" (doc/fuzzing.md, 19).  NOENT only
     * has libxml2 substitute what it parsed: no entity can be declared
     * (on_entity_decl) and no DTD is loaded (no XML_PARSE_DTDLOAD). */
    xmlCtxtUseOptions(r->ctxt, XML_PARSE_NONET | XML_PARSE_NOENT);
    if (blank(bytes, len))  /* libxml2 would speak of "extra content" */
        fail(r, "no XML document (the input is empty)");
    for (size_t off = 0; !r->rc;) {
        size_t n = len - off < CHUNK ? len - off : CHUNK;
        int last = off + n == len;
        xmlParseChunk(r->ctxt, bytes ? bytes + off : "", (int)n, last);
        off += n;
        if (last)
            break;
    }
    if (!r->rc && !r->ctxt->wellFormed)
        fail(r, "not well-formed XML");
    rc = r->rc ? r->rc : r->games;
    /* libxml2 keeps a declared entity in a document of its own even under
     * SAX ("for expat compatibility"); the context does not free it */
    if (r->ctxt->myDoc)
        xmlFreeDoc(r->ctxt->myDoc);
    xmlFreeParserCtxt(r->ctxt);
    arena_free(&r->a);
    free(r->text.p);
    free(r->para.p);
    free(r->sgf.p);
    free(r->out.p);
    sgf_source_map_free(r->inner);
    free(r->alt);
    free(r->nodes);
    free(r);
    return rc;
}
