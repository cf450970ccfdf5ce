/*
 * jsonread.c - JSON game trees (as json.c writes them) back to SGF text.
 *
 * One pass, no tree in memory: the JSON tokenizer (common/jsonlex.h) feeds a
 * reader that knows the shape of the tree form and writes SGF as it goes,
 * so memory follows the nesting, not the size of the input.  Nesting is
 * held on an explicit stack of one byte per level, never by recursion: a
 * tree of variations a hundred thousand deep is two hundred thousand JSON
 * levels, and hostile input may open ten million; past SGF_JSON_MAX_DEPTH
 * the input is refused.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/jsonlex.h"
#include "common/output.h"
#include "sgf/sourcemap.h"

/* What a level of the stack holds (low four bits) and what it has seen. */
enum {
    K_LIST,        /* a top-level array of games */
    K_TREE,        /* {"nodes":..., "variations":...}, a game or a variation */
    K_NODES,       /* "nodes": [NODE, ...] */
    K_NODE,        /* [PROP, ...] */
    K_PROP,        /* ["ID", [VALUE, ...]] */
    K_VALUES,      /* ["value", ...] */
    K_VARS,        /* "variations": [TREE, ...] */
    K_SKIP,        /* under a member we do not read */
    K_MASK = 15,
    F_OBJECT = 16, /* the JSON container is an object (else an array) */
    F_A = 32,      /* K_TREE: "nodes" seen; K_NODES, K_VALUES: an item;
                    * K_PROP: the id seen */
    F_B = 64,      /* K_TREE: "variations" seen; K_PROP: the values seen */
    F_TOP = 128    /* K_TREE: a game, not a variation */
};

/* What the tokenizer expects next. */
typedef enum {
    X_VALUE,             /* a value (top level, after ',' in an array, ':') */
    X_VALUE_OR_CLOSE,    /* after '[' */
    X_KEY_OR_CLOSE,      /* after '{' */
    X_KEY,               /* after ',' in an object */
    X_COLON,             /* after a key */
    X_COMMA_OR_CLOSE     /* after a value inside a container */
} expect;

/* Member of a K_TREE the next value belongs to. */
typedef enum { M_OTHER, M_NODES, M_VARIATIONS } member;

/* Output lines are broken before a node or a variation past this column,
 * as writer.c does: only between tokens, where SGF allows white space. */
#define LINE_WIDTH 72

typedef struct jreader {
    json_lex lx;             /* the input, and the string just read */
    /* the stack */
    unsigned char *stack;
    size_t depth, cap;
    expect x;
    member m;                /* for the next value of a K_TREE */
    bool text;               /* the property being read is Text or SimpleText */
    /* SGF out */
    out_sink out;
    size_t col;
    /* where each node, property and value came from (may be NULL), and
     * the bytes the sink has passed on */
    sgf_source_map *map;
    uint64_t written;
    sgf_write_fn write;
    void *ctx;
    long games;
    /* the error */
    int rc;
    char *err;
    size_t errlen;
} jreader;

static int fail(jreader *r, const unsigned char *at, const char *what)
{
    if (r->rc)
        return r->rc;
    r->rc = SGF_E_FORMAT;
    if (r->err && r->errlen)
        snprintf(r->err, r->errlen, "line %lu column %lu: %s", r->lx.line,
                 (unsigned long)(at - r->lx.line_start) + 1, what);
    return r->rc;
}

static int nomem(jreader *r)
{
    if (!r->rc) {
        r->rc = SGF_E_NOMEM;
        if (r->err && r->errlen)
            snprintf(r->err, r->errlen, "out of memory");
    }
    return r->rc;
}

/* ---- SGF out ------------------------------------------------------------ */

static int counted_write(void *ctx, const void *data, size_t len)
{
    struct jreader *r = ctx;
    r->written += len;
    return r->write(r->ctx, data, len);
}

/* What is written next came from at. */
static void mark(jreader *r, const unsigned char *at)
{
    if (r->map &&
        sourcemap_add(r->map, r->written + r->out.len, r->lx.line,
                      (unsigned long)(at - r->lx.line_start) + 1) != SGF_OK)
        nomem(r);
}

static void out_newline_if(jreader *r, size_t col)
{
    if (r->col > col) {
        sink_putc(&r->out, '\n');
        r->col = 0;
    }
}

static void out_byte(jreader *r, char c)
{
    sink_putc(&r->out, c);
    r->col++;
}

static void out_id(jreader *r)
{
    sink_put(&r->out, r->lx.str, r->lx.len);
    r->col += r->lx.len;
}

/* Text is written with ']' and '\\' escaped (':' needs none in Text).  Other
 * values hold SGF escapes already (json.c writes them as the canonical
 * writer does): kept, except what would end the value early, an unescaped
 * ']' and a lone '\\' at the end. */
static void out_value(jreader *r)
{
    const char *s = r->lx.str, *end = s + r->lx.len, *run = s;
    out_byte(r, '[');
    while (s < end) {
        if (*s == '\\' && !r->text) {
            if (end - s >= 2) {
                s += 2;
                continue;
            }
            sink_put(&r->out, run, (size_t)(s - run));
            run = ++s;       /* dropped */
            continue;
        }
        if (*s != ']' && *s != '\\') {
            s++;
            continue;
        }
        sink_put(&r->out, run, (size_t)(s - run));
        sink_putc(&r->out, '\\');
        run = s++;
    }
    sink_put(&r->out, run, (size_t)(end - run));
    /* the column from the last line break of the value */
    for (s = end; s > r->lx.str && s[-1] != '\n'; s--)
        ;
    r->col = s > r->lx.str ? (size_t)(end - s) : r->col + r->lx.len;
    out_byte(r, ']');
}

/* ---- the stack ---------------------------------------------------------- */

static int push(jreader *r, const unsigned char *at, unsigned char level)
{
    if (r->depth == SGF_JSON_MAX_DEPTH)
        return fail(r, at, "nested deeper than SGF_JSON_MAX_DEPTH (1000000) "
                    "levels");
    if (r->depth == r->cap) {
        unsigned char *s = grow(r->stack, &r->cap, r->depth + 1, 1);
        if (!s)
            return nomem(r);
        r->stack = s;
    }
    r->stack[r->depth++] = level;
    return 0;
}

static unsigned char *top(jreader *r)
{
    return r->depth ? &r->stack[r->depth - 1] : NULL;
}

/* ---- what the values mean ----------------------------------------------- */

typedef enum { V_OBJECT, V_ARRAY, V_STRING, V_OTHER } vtype;

static bool valid_id(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < 'A' || s[i] > 'Z')
            return false;
    return true;
}

static int open_tree(jreader *r, const unsigned char *at, unsigned char flags)
{
    if (push(r, at, (unsigned char)(K_TREE | F_OBJECT | flags)))
        return r->rc;
    r->m = M_OTHER;
    out_newline_if(r, 0);
    out_byte(r, '(');
    return 0;
}

/* A value starts at at: for a container, push its level (and write what
 * it opens); a string is used where one is expected. */
static int begin_value(jreader *r, const unsigned char *at, vtype t)
{
    unsigned char *up = top(r);
    unsigned char kind = up ? (unsigned char)(*up & K_MASK) : K_LIST;
    unsigned char obj = t == V_OBJECT ? F_OBJECT : 0;

    if (!up) {
        if (t == V_OBJECT)
            return open_tree(r, at, F_TOP);
        if (t == V_ARRAY)
            return push(r, at, K_LIST);
        return fail(r, at, "expected a game tree (an object) or a list of "
                    "them");
    }
    switch (kind) {
    case K_LIST:
    case K_VARS:
        if (t != V_OBJECT)
            return fail(r, at, kind == K_LIST ? "a game tree must be an object"
                        : "a variation must be a tree (an object)");
        return open_tree(r, at, kind == K_LIST ? F_TOP : 0);
    case K_TREE:
        if (r->m == M_OTHER)
            return t == V_OBJECT || t == V_ARRAY ? push(r, at, K_SKIP | obj) : 0;
        if (t != V_ARRAY)
            return fail(r, at, r->m == M_NODES ? "\"nodes\" must be a list"
                        : "\"variations\" must be a list");
        if (r->m == M_NODES) {
            *up |= F_A;
            return push(r, at, K_NODES);
        }
        *up |= F_B;
        return push(r, at, K_VARS);
    case K_NODES:
        if (t != V_ARRAY)
            return fail(r, at, "a node must be a list of properties");
        *up |= F_A;
        if (r->col >= LINE_WIDTH)
            out_newline_if(r, 0);
        mark(r, at);
        out_byte(r, ';');
        return push(r, at, K_NODE);
    case K_NODE:
        if (t != V_ARRAY)
            return fail(r, at, "a property must be [\"ID\", [values]]");
        return push(r, at, K_PROP);
    case K_PROP:
        if (!(*up & F_A)) {
            if (t != V_STRING || !valid_id(r->lx.str, r->lx.len))
                return fail(r, at, "a property id must be a string of "
                            "uppercase letters");
            const sgf_prop_info *pi =
                sgf_prop_info_get(sgf_prop_lookup(r->lx.str, r->lx.len));
            r->text = pi && (pi->type == SGF_T_TEXT ||
                             pi->type == SGF_T_SIMPLETEXT);
            *up |= F_A;
            mark(r, at);
            out_id(r);
            return 0;
        }
        if (*up & F_B)
            return fail(r, at, "a property must be [\"ID\", [values]]: "
                        "more members");
        if (t != V_ARRAY)
            return fail(r, at, "the values of a property must be a list");
        *up |= F_B;
        return push(r, at, K_VALUES);
    case K_VALUES:
        if (t != V_STRING)
            return fail(r, at, "a property value must be a string");
        *up |= F_A;
        mark(r, at);
        out_value(r);
        return 0;
    default:   /* K_SKIP */
        return t == V_OBJECT || t == V_ARRAY ? push(r, at, K_SKIP | obj) : 0;
    }
}

/* The container on top ends at at. */
static int end_container(jreader *r, const unsigned char *at)
{
    unsigned char level = r->stack[r->depth - 1];
    switch (level & K_MASK) {
    case K_TREE:
        if (!(level & F_A))
            return fail(r, at, "a tree without \"nodes\"");
        out_byte(r, ')');
        if (level & F_TOP) {
            sink_putc(&r->out, '\n');
            r->col = 0;
            r->games++;
        }
        break;
    case K_NODES:
        if (!(level & F_A))
            return fail(r, at, "\"nodes\" is empty: a tree has a node at "
                        "least");
        break;
    case K_PROP:
        if (!(level & F_B))
            return fail(r, at, "a property must be [\"ID\", [values]]");
        break;
    case K_VALUES:
        if (!(level & F_A))
            return fail(r, at, "a property without a value");
        break;
    default:
        break;
    }
    r->depth--;
    r->x = r->depth ? X_COMMA_OR_CLOSE : X_VALUE;
    return 0;
}

/* A key of the object on top. */
static int key(jreader *r, const unsigned char *at)
{
    unsigned char *up = top(r);
    r->m = M_OTHER;
    if ((*up & K_MASK) != K_TREE)
        return 0;
    if (r->lx.len == 5 && memcmp(r->lx.str, "nodes", 5) == 0) {
        if (*up & (F_A | F_B))
            return fail(r, at, *up & F_A ? "\"nodes\" twice"
                        : "\"nodes\" after \"variations\": nodes come first");
        r->m = M_NODES;
    } else if (r->lx.len == 10 && memcmp(r->lx.str, "variations", 10) == 0) {
        if (*up & F_B)
            return fail(r, at, "\"variations\" twice");
        if (!(*up & F_A))
            return fail(r, at, "\"variations\" before \"nodes\": nodes come "
                        "first");
        r->m = M_VARIATIONS;
    }
    return 0;
}

/* ---- tokens (common/jsonlex.h) ----------------------------------------- */

/* The failure of the tokenizer as the reader reports it. */
static int lex_failed(jreader *r)
{
    return r->lx.err ? fail(r, r->lx.err_at, r->lx.err) : nomem(r);
}

static int string(jreader *r)
{
    return json_lex_string(&r->lx) ? lex_failed(r) : 0;
}

/* A number, checked against the grammar and not converted: nothing in the
 * tree form is a number, so any size passes. */
static int number(jreader *r)
{
    return json_lex_number(&r->lx) ? lex_failed(r) : 0;
}

static int literal(jreader *r)
{
    return json_lex_literal(&r->lx) < 0 ? lex_failed(r) : 0;
}

/* A value starting at r->lx.p, as the tokenizer expects one. */
static int value(jreader *r)
{
    const unsigned char *at = r->lx.p;
    unsigned char c = *at;
    if (c == '{' || c == '[') {
        if (begin_value(r, at, c == '{' ? V_OBJECT : V_ARRAY))
            return r->rc;
        r->lx.p++;
        r->x = c == '{' ? X_KEY_OR_CLOSE : X_VALUE_OR_CLOSE;
        return 0;
    }
    if (c == '"') {
        if (string(r) || begin_value(r, at, V_STRING))
            return r->rc;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        if (number(r) || begin_value(r, at, V_OTHER))
            return r->rc;
    } else if (literal(r) || begin_value(r, at, V_OTHER)) {
        return r->rc;
    }
    r->x = r->depth ? X_COMMA_OR_CLOSE : X_VALUE;
    return 0;
}

static int step(jreader *r)
{
    const unsigned char *at = r->lx.p;
    unsigned char c = *at;
    unsigned char *up = top(r);
    bool in_object = up && (*up & F_OBJECT);

    switch (r->x) {
    case X_VALUE_OR_CLOSE:
        if (c == ']') {
            r->lx.p++;
            return end_container(r, at);
        }
        /* fall through */
    case X_VALUE:
        return value(r);
    case X_KEY_OR_CLOSE:
        if (c == '}') {
            r->lx.p++;
            return end_container(r, at);
        }
        /* fall through */
    case X_KEY:
        if (c != '"')
            return fail(r, at, "expected a member name (a string)");
        if (string(r) || key(r, at))
            return r->rc;
        r->x = X_COLON;
        return 0;
    case X_COLON:
        if (c != ':')
            return fail(r, at, "expected ':' after a member name");
        r->lx.p++;
        r->x = X_VALUE;
        return 0;
    case X_COMMA_OR_CLOSE:
        r->lx.p++;
        if (c == ',') {
            r->x = in_object ? X_KEY : X_VALUE;
            return 0;
        }
        if (c == (in_object ? '}' : ']'))
            return end_container(r, at);
        return fail(r, at, in_object ? "expected ',' or '}'"
                    : "expected ',' or ']'");
    }
    return 0;
}

int sgf_json_to_sgf(const char *bytes, size_t len, sgf_write_fn write,
                    void *ctx, char *err, size_t errlen)
{
    return sgf_json_to_sgf_mapped(bytes, len, write, ctx, err, errlen, NULL);
}

int sgf_json_to_sgf_mapped(const char *bytes, size_t len, sgf_write_fn write,
                           void *ctx, char *err, size_t errlen,
                           sgf_source_map *map)
{
    jreader r;
    int rc;

    if (err && errlen)
        err[0] = '\0';
    if ((!bytes && len) || !write)
        return SGF_E_ARG;
    memset(&r, 0, sizeof r);
    json_lex_init(&r.lx, bytes ? bytes : "", len, NULL, 0);
    r.x = X_VALUE;
    r.err = err;
    r.errlen = errlen;
    r.map = map;
    r.write = write;
    r.ctx = ctx;
    sink_init(&r.out, map ? counted_write : write, map ? (void *)&r : ctx);
    /* a byte order mark, which RFC 8259 lets a reader ignore */
    if (len >= 3 && memcmp(r.lx.p, "\xEF\xBB\xBF", 3) == 0)
        r.lx.p += 3, r.lx.line_start = r.lx.p;
    while (!r.rc && !r.out.err && json_lex_space(&r.lx))
        step(&r);
    /* a write that failed stopped the reading: that is the error, not
     * the tree it left open */
    if (!r.rc && !r.out.err && r.depth)
        fail(&r, r.lx.p, "the input ends inside a game tree");
    sink_flush(&r.out);
    rc = r.rc ? r.rc : r.out.err ? r.out.err : (int)r.games;
    if (!r.rc && r.out.err > 0)
        rc = SGF_E_IO;
    free(r.stack);
    json_lex_free(&r.lx);
    return rc;
}
