/*
 * treecmp.c - write a game, read it back, compare (see treecmp.h).
 *
 * The comparison is written apart from the writer on purpose: it restates
 * the canonical form of doc/writer.md from the reading side, so a slip in
 * writer.c cannot hide itself.  Trees are walked in preorder with parent
 * pointers, never by recursion: test records are a million nodes deep.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "treecmp.h"

int treecmp_buf_write(void *ctx, const void *data, size_t len)
{
    treecmp_buf *b = ctx;
    if (len > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < len)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            return SGF_E_NOMEM;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, len);
    b->len += len;
    return 0;
}

/* One expected property: a property of the original tree, or one the writer
 * puts in the root with a fixed value. */
typedef struct eprop {
    const sgf_prop *p;
    const char *id, *fixed;
} eprop;

typedef struct plist {
    eprop *v;
    size_t n, cap;
} plist;

struct treecmp {
    sgf_read_options opt;
    treecmp_buf out, again;
    plist la, lb;
    /* the difference found, once */
    unsigned long node;
    char text[512];
};

treecmp *treecmp_new(const sgf_read_options *opt)
{
    treecmp *t = calloc(1, sizeof *t);
    if (t && opt)
        t->opt = *opt;
    return t;
}

void treecmp_free(treecmp *t)
{
    if (!t)
        return;
    free(t->out.p);
    free(t->again.p);
    free(t->la.v);
    free(t->lb.v);
    free(t);
}

const char *treecmp_output(const treecmp *t, size_t *len)
{
    *len = t->out.len;
    return t->out.p ? t->out.p : "";
}

/* Records a difference; returns 0 so that callers can return it. */
static int differ(treecmp *t, unsigned long node, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int differ(treecmp *t, unsigned long node, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->text, sizeof t->text, fmt, ap);
    va_end(ap);
    t->node = node;
    return 0;
}

/* ---- properties as the writer orders them ---- */

static bool plist_add(plist *l, const sgf_prop *p, const char *id,
                      const char *fixed)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        eprop *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return false;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = (eprop){ p, id, fixed };
    return true;
}

/* The writer drops what is not SGF: an id that normalised to nothing, a
 * property with no value. */
static bool written(const sgf_prop *p)
{
    return p->id[0] != '\0' && p->nvalues > 0;
}

/* The properties of n as the writer should emit them (canonical), or as
 * they are (the re-read tree). */
static bool node_props(const sgf_node *n, bool root, bool canonical,
                       plist *l)
{
    const sgf_prop *gm = NULL;
    l->n = 0;
    if (root && canonical) {
        gm = sgf_node_find(n, SGF_P_GM);
        if (gm && written(gm) && !plist_add(l, gm, gm->id, NULL))
            return false;
        if (!plist_add(l, NULL, "FF", "4") ||
            !plist_add(l, NULL, "CA", "UTF-8"))
            return false;
    }
    for (const sgf_prop *p = n->props; p; p = p->next) {
        if (canonical && (!written(p) || p == gm ||
                          (root && (p->kind == SGF_P_FF ||
                                    p->kind == SGF_P_CA))))
            continue;
        if (!plist_add(l, p, p->id, NULL))
            return false;
    }
    return true;
}

/* Types whose leading and trailing whitespace carries no data. */
static bool trimmed_type(int kind)
{
    const sgf_prop_info *pi = sgf_prop_info_get(kind);
    if (!pi)
        return false;
    switch (pi->type) {
    case SGF_T_NONE: case SGF_T_NUMBER: case SGF_T_REAL: case SGF_T_DOUBLE:
    case SGF_T_COLOR: case SGF_T_POINT: case SGF_T_MOVE: case SGF_T_STONE:
    case SGF_T_SIZE: case SGF_T_POINT_POINT: case SGF_T_NUMBER_NUMBER:
        return true;
    default:
        return false;
    }
}

static void trim(const char **s, size_t *n)
{
    while (*n > 0 && strchr(" \t\n\r\v\f", (*s)[0]))
        (*s)++, (*n)--;
    while (*n > 0 && strchr(" \t\n\r\v\f", (*s)[*n - 1]))
        (*n)--;
}

/* Printable excerpt of a value for messages. */
static const char *excerpt(const char *s, size_t n, char *buf, size_t size)
{
    size_t j = 0;
    for (size_t i = 0; i < n && j + 5 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f)
            j += (size_t)snprintf(buf + j, size - j, "\\x%02x", c);
        else
            buf[j++] = (char)c;
    }
    buf[j] = '\0';
    return buf;
}

/* -1 when out of memory, else whether the values agree. */
static int same_values(treecmp *t, sgf_game *ga, const eprop *e,
                       sgf_game *gb, const sgf_prop *pb, unsigned long node)
{
    char xa[80], xb[80];
    if (e->fixed) {
        size_t nb;
        const char *tb = pb->nvalues == 1 ? sgf_value_text(gb, pb, 0, &nb)
                                          : "";
        if (!tb)
            return -1;
        if (pb->nvalues != 1 || strcmp(tb, e->fixed) != 0)
            return differ(t, node, "%s should be [%s]", e->id, e->fixed);
        return 1;
    }
    if (e->p->nvalues != pb->nvalues)
        return differ(t, node, "%s has %u values, had %u", e->id,
                      (unsigned)pb->nvalues, (unsigned)e->p->nvalues);
    bool trimmed = trimmed_type(e->p->kind);
    for (uint32_t i = 0; i < pb->nvalues; i++) {
        size_t na, nb;
        const char *ta = sgf_value_text(ga, e->p, i, &na);
        const char *tb = sgf_value_text(gb, pb, i, &nb);
        if (!ta || !tb)
            return -1;
        if (trimmed) {
            trim(&ta, &na);
            trim(&tb, &nb);
        }
        if (na != nb || memcmp(ta, tb, na) != 0)
            return differ(t, node, "%s value %u is [%s], was [%s]", e->id,
                          (unsigned)i + 1, excerpt(tb, nb, xb, sizeof xb),
                          excerpt(ta, na, xa, sizeof xa));
    }
    return 1;
}

/* -1 when out of memory, else whether the nodes agree. */
static int same_node(treecmp *t, sgf_game *ga, const sgf_node *a,
                     sgf_game *gb, const sgf_node *b, bool root,
                     unsigned long node)
{
    plist *la = &t->la, *lb = &t->lb;
    if (!node_props(a, root, true, la) || !node_props(b, root, false, lb))
        return -1;
    for (size_t i = 0; i < la->n || i < lb->n; i++) {
        int same;
        if (i == la->n)
            return differ(t, node, "extra property %s", lb->v[i].id);
        if (i == lb->n)
            return differ(t, node, "property %s missing", la->v[i].id);
        if (strcmp(la->v[i].id, lb->v[i].id) != 0)
            return differ(t, node, "property %zu is %s, was %s", i + 1,
                          lb->v[i].id, la->v[i].id);
        same = same_values(t, ga, &la->v[i], gb, lb->v[i].p, node);
        if (same <= 0)
            return same;
    }
    return 1;
}

/* Walks both trees in preorder at once. */
static int same_tree(treecmp *t, sgf_game *ga, sgf_game *gb)
{
    const sgf_node *ra = sgf_game_root(ga), *rb = sgf_game_root(gb);
    const sgf_node *a = ra, *b = rb;
    unsigned long node = 0;

    if (!rb)
        return differ(t, 0, "the output holds no tree");
    for (;;) {
        int same = same_node(t, ga, a, gb, b, a == ra, node);
        if (same <= 0)
            return same;
        if (!a->child != !b->child)
            return differ(t, node, "%s children",
                          a->child ? "lost its" : "gained");
        node++;
        if (a->child) {
            a = a->child;
            b = b->child;
            continue;
        }
        while (a != ra && !a->next && !b->next) {
            a = a->parent;
            b = b->parent;
        }
        if (a == ra)
            return b == rb ? 1 : differ(t, node, "the output is deeper");
        if (!a->next != !b->next)
            return differ(t, node, "%s a variation",
                          a->next ? "lost" : "gained");
        a = a->next;
        b = b->next;
    }
}

/* Diagnostics the output must not cause: those about the writer's own
 * syntax and charset.  Diagnostics about content (moves, game info) come
 * back as they were. */
static const char *const syntax_checks[] = {
    "junk-before-game", "trailing-junk", "missing-open-paren",
    "missing-semicolon", "missing-close-paren", "extra-close-paren",
    "unterminated-value", "empty-variation", "value-without-id",
    "id-without-value", "illegal-char", "unescaped-bracket", "lowercase-id",
    "duplicate-property", "node-after-variation", "charset-bom",
    "charset-detected", "charset-unknown", "charset-wrong",
    "charset-undecodable", NULL
};

static const sgf_diag *syntax_diag(const sgf_game *g)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        for (const char *const *c = syntax_checks; *c; c++)
            if (d->id && strcmp(d->id, *c) == 0)
                return d;
    }
    return NULL;
}

static sgf_game *reparse(const treecmp *t, const sgf_game *a)
{
    sgf_raw_game raw = { 0 };
    raw.bytes = t->out.p ? t->out.p : "";
    raw.len = t->out.len;
    raw.origin = sgf_game_origin(a);
    raw.index = sgf_game_index(a);
    raw.line = 1;
    raw.at_eof = 1;
    return sgf_game_parse(&raw, &t->opt);
}

/* The output of writing b must be the bytes already in t->out. */
static int same_bytes(treecmp *t, sgf_game *b)
{
    int rc = sgf_write_game(b, treecmp_buf_write, &t->again);
    size_t i = 0;
    if (rc != 0)
        return differ(t, 0, "writing the re-read game failed: %s",
                      sgf_strerror(rc));
    if (t->again.len == t->out.len &&
        memcmp(t->again.p, t->out.p, t->out.len) == 0)
        return 1;
    while (i < t->out.len && i < t->again.len && t->out.p[i] == t->again.p[i])
        i++;
    return differ(t, 0, "writing the re-read game gives other bytes from "
                  "byte %zu on", i);
}

int treecmp_game(treecmp *t, sgf_game *g, char *msg, size_t size)
{
    sgf_game *b = NULL;
    const sgf_diag *d;
    int rc, same = 0;

    t->out.len = t->again.len = 0;
    rc = sgf_write_game(g, treecmp_buf_write, &t->out);
    if (rc != 0) {
        differ(t, 0, "writing failed: %s", sgf_strerror(rc));
    } else if (!sgf_game_root(g)) {
        same = t->out.len == 0 ? 1
               : differ(t, 0, "a game without a tree wrote %zu bytes",
                        t->out.len);
    } else if ((b = reparse(t, g)) == NULL) {
        differ(t, 0, "out of memory");
    } else if ((same = same_tree(t, g, b)) < 0) {
        same = differ(t, t->node, "out of memory");
    } else if (same > 0 && (d = syntax_diag(b)) != NULL) {
        same = differ(t, 0, "the output re-reads with %s at %lu:%lu: %s",
                      d->id, d->line, d->column, d->message);
    } else if (same > 0) {
        same = same_bytes(t, b);
    }
    if (!same)
        snprintf(msg, size, "round trip differs at node %lu: %s", t->node,
                 t->text);
    sgf_game_free(b);
    return same;
}
