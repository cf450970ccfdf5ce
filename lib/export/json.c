/*
 * json.c - JSON out: the output sink the exporters share, JSON strings, and
 * the lossless JSON form of a game tree (doc/json.md).
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

#include "export/export.h"
#include "sgf/game.h"
#include "sgf/writer.h"

/* ---- the sink ----------------------------------------------------------- */

void sink_init(out_sink *s, sgf_write_fn write, void *ctx)
{
    s->write = write;
    s->ctx = ctx;
    s->err = 0;
    s->len = 0;
}

int sink_flush(out_sink *s)
{
    if (s->len && !s->err)
        s->err = s->write(s->ctx, s->buf, s->len);
    s->len = 0;
    return s->err;
}

void sink_put(out_sink *s, const void *data, size_t n)
{
    if (n > SINK_SIZE - s->len) {
        sink_flush(s);
        if (n >= SINK_SIZE) {
            if (!s->err)
                s->err = s->write(s->ctx, data, n);
            return;
        }
    }
    memcpy(s->buf + s->len, data, n);
    s->len += n;
}

void sink_puts(out_sink *s, const char *str)
{
    sink_put(s, str, strlen(str));
}

void sink_uint(out_sink *s, unsigned long long v)
{
    char d[24];
    size_t n = sizeof d;
    do {
        d[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    sink_put(s, d + n, sizeof d - n);
}

/* Komi and margins are multiples of 0.25 in practice; six decimals keep
 * any fraction a record writes (KM[6.375]) and never show binary noise
 * (0.1 as 0.10000000000000001).  printf is not used: its '.' follows the
 * locale, and JSON's does not. */
void sink_number(out_sink *s, double v, const char *if_not_finite)
{
    if (!(v == v) || v > 1e300 || v < -1e300) {
        sink_puts(s, if_not_finite);
        return;
    }
    if (v < 0) {
        v = -v;
        if (v >= 5e-7)
            sink_putc(s, '-');
    }
    if (v >= 1e12) {
        /* no fraction left to show: the leading digits, then zeros */
        unsigned zeros = 0;
        while (v >= 1e12) {
            v /= 10;
            zeros++;
        }
        sink_uint(s, (unsigned long long)(v + 0.5));
        while (zeros--)
            sink_putc(s, '0');
        return;
    }
    unsigned long long t = (unsigned long long)(v * 1e6 + 0.5);
    unsigned long long ip = t / 1000000u, fp = t % 1000000u;
    sink_uint(s, ip);
    if (fp) {
        char f[7];
        int last = 5;
        for (int i = 5; i >= 0; i--, fp /= 10)
            f[i] = (char)('0' + fp % 10);
        while (f[last] == '0')
            last--;
        sink_putc(s, '.');
        sink_put(s, f, (size_t)last + 1);
    }
}

/* ---- JSON strings ------------------------------------------------------- */

size_t utf8_char_len(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;     /* range of the second byte */
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0) {
        len = 2;
    } else if (c < 0xF0) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;                 /* overlong */
        else if (c == 0xED)
            hi = 0x9F;                 /* surrogates */
    } else if (c < 0xF5) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;                 /* past U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

static const char hexdigits[] = "0123456789abcdef";

static void put_u_escape(out_sink *s, unsigned u)
{
    char e[6] = { '\\', 'u', hexdigits[(u >> 12) & 15], hexdigits[(u >> 8) & 15],
                  hexdigits[(u >> 4) & 15], hexdigits[u & 15] };
    sink_put(s, e, sizeof e);
}

void sink_json_chars(out_sink *s, const char *str, size_t n, unsigned flags)
{
    const unsigned char *p = (const unsigned char *)str, *end = p + n;
    while (p < end) {
        const unsigned char *run = p;
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            p++;
        sink_put(s, run, (size_t)(p - run));
        if (p == end)
            break;
        if (*p < 0x80) {
            char e[2] = { '\\', 0 };
            switch (*p) {
            case '"': e[1] = '"'; break;
            case '\\': e[1] = '\\'; break;
            case '\n': e[1] = 'n'; break;
            case '\r': e[1] = 'r'; break;
            case '\t': e[1] = 't'; break;
            case '\b': e[1] = 'b'; break;
            case '\f': e[1] = 'f'; break;
            default:
                put_u_escape(s, *p);
                p++;
                continue;
            }
            sink_put(s, e, 2);
            p++;
            continue;
        }
        size_t k = utf8_char_len(p, (size_t)(end - p));
        if (k == 0) {
            if (flags & SGF_JSON_KEEP_BYTES)
                put_u_escape(s, 0xDC00u | *p);
            else
                sink_puts(s, "\\ufffd");
            p++;
        } else if (k == 3 && p[0] == 0xE2 && p[1] == 0x80 &&
                   (p[2] == 0xA8 || p[2] == 0xA9)) {
            /* valid JSON, but JavaScript before ES2019 ends lines there */
            put_u_escape(s, 0x2000u | (p[2] == 0xA8 ? 0x28u : 0x29u));
            p += 3;
        } else {
            sink_put(s, p, k);
            p += k;
        }
    }
}

void sink_json_string(out_sink *s, const char *str, size_t n, unsigned flags)
{
    if (!str) {
        sink_puts(s, "null");
        return;
    }
    sink_putc(s, '"');
    sink_json_chars(s, str, n, flags);
    sink_putc(s, '"');
}

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
