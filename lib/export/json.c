/*
 * json.c - JSON out: a JSON string (through common/output.h), and the
 * lossless JSON form of a game tree (doc/json.md).
 *
 * The tree is the canonical one of writer.c.  Rather than restate how each
 * value type is normalised and escaped (the compose ':' that must stay
 * apart from escaped ones, the charsets whose '\\' is not a backslash), the
 * game is written as canonical SGF and read again: the values of that
 * re-read game are what the JSON holds, so SGF -> JSON -> SGF gives the
 * canonical tree by construction.  It costs one write and one parse per
 * game (cheaper than the first parse: UTF-8, no checks).
 */
#include <stdbool.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/output.h"
#include "sgf/game.h"
#include "sgf/writer.h"

int sgf_json_write_string(const char *s, size_t len, unsigned flags,
                          sgf_write_fn write, void *ctx)
{
    out_sink o;
    if (!write)
        return SGF_E_ARG;
    sink_init(&o, write, ctx);
    sink_json_string(&o, s, len, flags);
    return sink_flush(&o);
}

/* ---- the tree ----------------------------------------------------------- */

static bool is_text(const sgf_prop *p)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    return pi && (pi->type == SGF_T_TEXT || pi->type == SGF_T_SIMPLETEXT);
}

static void put_node(out_sink *s, sgf_game *g, const sgf_node *n, bool root)
{
    bool first = true;
    sink_putc(s, '[');
    for (const sgf_prop *p = n->props; p && !s->err; p = p->next) {
        if (!p->id[0] || p->nvalues == 0)
            continue;           /* not written by writer.c either */
        if (!first)
            sink_putc(s, ',');
        first = false;
        sink_putc(s, '[');
        sink_json_cstr(s, p->id);
        sink_puts(s, ",[");
        for (uint32_t i = 0; i < p->nvalues; i++) {
            const sgf_value *v = &p->values[i];
            if (i > 0)
                sink_putc(s, ',');
            if (root && p->kind == SGF_P_CA) {
                /* the JSON is UTF-8 whatever CA[] the canonical form
                 * named (a game read with SGF_READ_NO_DECODE) */
                sink_puts(s, "\"UTF-8\"");
            } else if (is_text(p)) {
                size_t len;
                const char *t = sgf_value_text(g, p, i, &len);
                if (!t) {
                    s->err = SGF_E_NOMEM;
                    return;
                }
                sink_json_string(s, t, len, SGF_JSON_KEEP_BYTES);
            } else {
                sink_json_string(s, v->raw, v->len, SGF_JSON_KEEP_BYTES);
            }
        }
        sink_puts(s, "]]");
    }
    sink_putc(s, ']');
}

/* A node starts a sequence when it is the root or one of several
 * children; a single child continues its parent's sequence. */
static bool starts_tree(const sgf_node *n, const sgf_node *root)
{
    return n == root || n->parent->child->next != NULL;
}

/* Iterative, like writer.c: a tree may be a million variations deep. */
static void put_tree(out_sink *s, sgf_game *g, const sgf_game *orig)
{
    const sgf_node *root = g->root, *n = root;
    sink_puts(s, "{\"origin\":");
    sink_json_string(s, orig->origin, orig->origin ? strlen(orig->origin) : 0,
                     0);
    sink_puts(s, ",\"game\":");
    sink_uint(s, orig->index);
    sink_puts(s, ",\"nodes\":[");
    for (;;) {
        put_node(s, g, n, n == root);
        if (s->err)
            return;
        if (n->child && !n->child->next) {
            n = n->child;
            sink_putc(s, ',');
            continue;
        }
        sink_puts(s, "],\"variations\":[");
        if (n->child) {
            n = n->child;
            sink_puts(s, "{\"nodes\":[");
            continue;
        }
        /* a leaf: close trees until one has a sibling left to write */
        for (;;) {
            while (!starts_tree(n, root))
                n = n->parent;
            sink_puts(s, "]}");
            if (n == root)
                return;
            if (n->next) {
                n = n->next;
                sink_puts(s, ",{\"nodes\":[");
                break;
            }
            n = n->parent;
        }
    }
}

int sgf_json_write_game(sgf_game *g, sgf_write_fn write, void *ctx)
{
    sgf_game *c = NULL;
    out_sink s;
    int rc;

    if (!g || !write)
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    rc = writer_canonical_copy(g, &c);
    if (rc == 0 && !c->root)
        rc = SGF_E_NOMEM;
    if (rc == 0) {
        sink_init(&s, write, ctx);
        put_tree(&s, c, g);
        sink_putc(&s, '\n');
        rc = sink_flush(&s);
    }
    sgf_game_free(c);
    return rc;
}
