/*
 * jsonread.c - JSON game trees (as json.c writes them) back to SGF text.
 *
 * One pass, no tree in memory: a strict JSON tokenizer (RFC 8259) feeds a
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
    const unsigned char *p, *end;
    unsigned long line;
    const unsigned char *line_start;
    /* the stack */
    unsigned char *stack;
    size_t depth, cap;
    expect x;
    member m;                /* for the next value of a K_TREE */
    /* the string just read, escapes decoded (bytes: \udcXX gives one) */
    char *str;
    size_t len, str_cap;
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
        snprintf(r->err, r->errlen, "line %lu column %lu: %s", r->line,
                 (unsigned long)(at - r->line_start) + 1, what);
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
        sourcemap_add(r->map, r->written + r->out.len, r->line,
                      (unsigned long)(at - r->line_start) + 1) != SGF_OK)
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
    sink_put(&r->out, r->str, r->len);
    r->col += r->len;
}

/* Text is written with ']' and '\\' escaped (':' needs none in Text).  Other
 * values hold SGF escapes already (json.c writes them as the canonical
 * writer does): kept, except what would end the value early, an unescaped
 * ']' and a lone '\\' at the end. */
static void out_value(jreader *r)
{
    const char *s = r->str, *end = s + r->len, *run = s;
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
    for (s = end; s > r->str && s[-1] != '\n'; s--)
        ;
    r->col = s > r->str ? (size_t)(end - s) : r->col + r->len;
    out_byte(r, ']');
}

/* ---- the stack ---------------------------------------------------------- */

static int push(jreader *r, const unsigned char *at, unsigned char level)
{
    if (r->depth == SGF_JSON_MAX_DEPTH)
        return fail(r, at, "nested deeper than SGF_JSON_MAX_DEPTH (1000000) "
                    "levels");
    if (r->depth == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        if (cap > SGF_JSON_MAX_DEPTH)
            cap = SGF_JSON_MAX_DEPTH;
        unsigned char *s = realloc(r->stack, cap);
        if (!s)
            return nomem(r);
        r->stack = s;
        r->cap = cap;
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
            if (t != V_STRING || !valid_id(r->str, r->len))
                return fail(r, at, "a property id must be a string of "
                            "uppercase letters");
            const sgf_prop_info *pi =
                sgf_prop_info_get(sgf_prop_lookup(r->str, r->len));
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
    if (r->len == 5 && memcmp(r->str, "nodes", 5) == 0) {
        if (*up & (F_A | F_B))
            return fail(r, at, *up & F_A ? "\"nodes\" twice"
                        : "\"nodes\" after \"variations\": nodes come first");
        r->m = M_NODES;
    } else if (r->len == 10 && memcmp(r->str, "variations", 10) == 0) {
        if (*up & F_B)
            return fail(r, at, "\"variations\" twice");
        if (!(*up & F_A))
            return fail(r, at, "\"variations\" before \"nodes\": nodes come "
                        "first");
        r->m = M_VARIATIONS;
    }
    return 0;
}

/* ---- tokens ------------------------------------------------------------- */

static bool str_reserve(jreader *r, size_t more)
{
    if (more <= r->str_cap - r->len)
        return true;
    size_t cap = r->str_cap ? r->str_cap : 256;
    while (cap - r->len < more) {
        if (cap > SIZE_MAX / 2)
            return false;
        cap *= 2;
    }
    char *s = realloc(r->str, cap);
    if (!s)
        return false;
    r->str = s;
    r->str_cap = cap;
    return true;
}

static int hex4(const unsigned char *p, const unsigned char *end)
{
    int v = 0;
    if (end - p < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        int c = p[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        v = v * 16 + d;
    }
    return v;
}

static void put_utf8(jreader *r, unsigned u)
{
    char *o = r->str + r->len;
    if (u < 0x80) {
        o[0] = (char)u;
        r->len += 1;
    } else if (u < 0x800) {
        o[0] = (char)(0xC0 | (u >> 6));
        o[1] = (char)(0x80 | (u & 63));
        r->len += 2;
    } else if (u < 0x10000) {
        o[0] = (char)(0xE0 | (u >> 12));
        o[1] = (char)(0x80 | ((u >> 6) & 63));
        o[2] = (char)(0x80 | (u & 63));
        r->len += 3;
    } else {
        o[0] = (char)(0xF0 | (u >> 18));
        o[1] = (char)(0x80 | ((u >> 12) & 63));
        o[2] = (char)(0x80 | ((u >> 6) & 63));
        o[3] = (char)(0x80 | (u & 63));
        r->len += 4;
    }
}

/* A \u escape at p (the backslash).  Returns the bytes it took, 0 on error. */
static size_t u_escape(jreader *r, const unsigned char *p)
{
    int u = hex4(p + 2, r->end), lo;
    if (u < 0)
        return fail(r, p, "a \\u escape needs four hex digits"), 0;
    if (u >= 0xD800 && u <= 0xDBFF) {
        if (r->end - p >= 12 && p[6] == '\\' && p[7] == 'u' &&
            (lo = hex4(p + 8, r->end)) >= 0xDC00 && lo <= 0xDFFF) {
            put_utf8(r, 0x10000u + (((unsigned)u - 0xD800u) << 10) +
                        ((unsigned)lo - 0xDC00u));
            return 12;
        }
        return fail(r, p, "a high surrogate without its low half"), 0;
    }
    if (u >= 0xDC80 && u <= 0xDCFF) {
        /* a byte of invalid UTF-8 kept by SGF_JSON_KEEP_BYTES */
        r->str[r->len++] = (char)(u & 0xFF);
        return 6;
    }
    if (u >= 0xDC00 && u <= 0xDFFF)
        return fail(r, p, "a low surrogate alone (only \\udc80-\\udcff "
                    "stand for bytes)"), 0;
    put_utf8(r, (unsigned)u);
    return 6;
}

/* The string at r->p (its '"'), decoded into r->str. */
static int string(jreader *r)
{
    const unsigned char *p = r->p + 1, *end = r->end;
    r->len = 0;
    for (;;) {
        const unsigned char *run = p;
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            p++;
        if (!str_reserve(r, (size_t)(p - run) + 4))
            return nomem(r);
        memcpy(r->str + r->len, run, (size_t)(p - run));
        r->len += (size_t)(p - run);
        if (p == end)
            return fail(r, r->p, "the input ends inside a string");
        if (*p == '"')
            break;
        if (*p < 0x20)
            return fail(r, p, "a control character in a string (must be "
                        "escaped)");
        if (*p >= 0x80) {
            size_t k = utf8_char_len(p, (size_t)(end - p));
            if (k == 0)
                return fail(r, p, "invalid UTF-8");
            memcpy(r->str + r->len, p, k);
            r->len += k;
            p += k;
            continue;
        }
        /* a backslash */
        if (end - p < 2)
            return fail(r, r->p, "the input ends inside a string");
        char c = (char)p[1];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = c ? strchr(from, c) : NULL;
        if (k) {
            r->str[r->len++] = to[k - from];
            p += 2;
        } else if (c == 'u') {
            size_t used = u_escape(r, p);
            if (!used)
                return r->rc;
            p += used;
        } else {
            return fail(r, p, "an unknown escape in a string");
        }
    }
    r->p = p + 1;
    return 0;
}

static bool digit(const unsigned char *p, const unsigned char *end)
{
    return p < end && *p >= '0' && *p <= '9';
}

/* A number, checked against the grammar and not converted: nothing in the
 * tree form is a number, so any size passes. */
static int number(jreader *r)
{
    const unsigned char *p = r->p, *end = r->end;
    if (*p == '-')
        p++;
    if (!digit(p, end))
        return fail(r, r->p, "a number without digits");
    if (*p == '0')
        p++;
    else
        while (digit(p, end))
            p++;
    if (p < end && *p == '.') {
        if (!digit(++p, end))
            return fail(r, p, "a number without digits after '.'");
        while (digit(p, end))
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        if (!digit(p, end))
            return fail(r, p, "a number without digits in its exponent");
        while (digit(p, end))
            p++;
    }
    r->p = p;
    return 0;
}

static int literal(jreader *r)
{
    static const char *const words[] = { "true", "false", "null" };
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(r->end - r->p) >= n && memcmp(r->p, words[i], n) == 0) {
            r->p += n;
            return 0;
        }
    }
    return fail(r, r->p, "not JSON here");
}

/* Skips white space; false at the end of the input. */
static bool skip_space(jreader *r)
{
    while (r->p < r->end) {
        unsigned char c = *r->p;
        if (c == '\n') {
            r->line++;
            r->line_start = ++r->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            r->p++;
        } else {
            return true;
        }
    }
    return false;
}

/* A value starting at r->p, as the tokenizer expects one. */
static int value(jreader *r)
{
    const unsigned char *at = r->p;
    unsigned char c = *at;
    if (c == '{' || c == '[') {
        if (begin_value(r, at, c == '{' ? V_OBJECT : V_ARRAY))
            return r->rc;
        r->p++;
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
    const unsigned char *at = r->p;
    unsigned char c = *at;
    unsigned char *up = top(r);
    bool in_object = up && (*up & F_OBJECT);

    switch (r->x) {
    case X_VALUE_OR_CLOSE:
        if (c == ']') {
            r->p++;
            return end_container(r, at);
        }
        /* fall through */
    case X_VALUE:
        return value(r);
    case X_KEY_OR_CLOSE:
        if (c == '}') {
            r->p++;
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
        r->p++;
        r->x = X_VALUE;
        return 0;
    case X_COMMA_OR_CLOSE:
        r->p++;
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
    r.p = (const unsigned char *)(bytes ? bytes : "");
    r.end = r.p + len;
    r.line = 1;
    r.line_start = r.p;
    r.x = X_VALUE;
    r.err = err;
    r.errlen = errlen;
    r.map = map;
    r.write = write;
    r.ctx = ctx;
    sink_init(&r.out, map ? counted_write : write, map ? (void *)&r : ctx);
    /* a byte order mark, which RFC 8259 lets a reader ignore */
    if (len >= 3 && memcmp(r.p, "\xEF\xBB\xBF", 3) == 0)
        r.p += 3, r.line_start = r.p;
    while (!r.rc && !r.out.err && skip_space(&r))
        step(&r);
    /* a write that failed stopped the reading: that is the error, not
     * the tree it left open */
    if (!r.rc && !r.out.err && r.depth)
        fail(&r, r.p, "the input ends inside a game tree");
    sink_flush(&r.out);
    rc = r.rc ? r.rc : r.out.err ? r.out.err : (int)r.games;
    if (!r.rc && r.out.err > 0)
        rc = SGF_E_IO;
    free(r.stack);
    free(r.str);
    return rc;
}
