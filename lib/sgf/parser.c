/*
 * parser.c - one SGF game tree out of a byte buffer.
 *
 * The parser is a single loop over the bytes with an explicit stack of open
 * '(' (never recursion: OGS files open a '(' before every move, so depth is
 * game length, and hostile files nest a million deep).  It needs the whole
 * game in one buffer: when the buffer ends inside a game and more input may
 * follow, it answers PARSE_NEED_MORE and the reader calls again from the
 * game's first byte with a larger buffer.  Restarting costs little because
 * the reader reads in large chunks and grows geometrically, and it keeps
 * this loop free of resumable state.
 *
 * The same loop runs in frame mode (g == NULL): it only finds where the game
 * ends, so that a reader thread can hand whole games to workers and the
 * boundaries always agree with a full parse.  Frame mode first tries a SIMD
 * scan that answers only for games where it proves the loop's answer
 * (frame_scan, "frame mode's scan" below).
 *
 * Recovery follows SGFC and FF[4]'s converting.html: junk before '(' is
 * skipped, a missing '(' or ';' is assumed, missing ')' are closed at the end
 * of input, '()' is dropped, values without an identifier and identifiers
 * without a value are dropped, and a ']' followed by something that cannot be
 * SGF is taken as part of the value (text written in a double-byte charset
 * or by a writer that does not escape).  Every repair is reported.
 */
#include <stdlib.h>
#include <string.h>
#include "common/arena.h"
#include "common/grow.h"
#include "common/hash.h"
#include "sgf/checks.h"
#include "sgf/properties.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/parser.h"

/* Frame mode's scan (below) is written for x86's SIMD. */
#if defined(__GNUC__) && defined(__SSE2__) && \
    (defined(__x86_64__) || defined(__i386__)) && !defined(SGF_NO_FRAME_SCAN)
#define HAVE_FRAME_SCAN 1
#include <immintrin.h>
#endif

/* Byte classes: one table load decides what a byte outside a value means. */
enum {
    K_OTHER = 0, K_SPACE, K_OPEN, K_CLOSE, K_SEMI, K_LBRACK, K_UPPER,
    K_LOWER
};

static const unsigned char byte_class[256] = {
    ['\t'] = K_SPACE, ['\n'] = K_SPACE, ['\v'] = K_SPACE, ['\f'] = K_SPACE,
    ['\r'] = K_SPACE, [' '] = K_SPACE,
    ['('] = K_OPEN, [')'] = K_CLOSE, [';'] = K_SEMI, ['['] = K_LBRACK,
#define U_(c) [c] = K_UPPER,
    U_('A') U_('B') U_('C') U_('D') U_('E') U_('F') U_('G') U_('H') U_('I')
    U_('J') U_('K') U_('L') U_('M') U_('N') U_('O') U_('P') U_('Q') U_('R')
    U_('S') U_('T') U_('U') U_('V') U_('W') U_('X') U_('Y') U_('Z')
#undef U_
#define L_(c) [c] = K_LOWER,
    L_('a') L_('b') L_('c') L_('d') L_('e') L_('f') L_('g') L_('h') L_('i')
    L_('j') L_('k') L_('l') L_('m') L_('n') L_('o') L_('p') L_('q') L_('r')
    L_('s') L_('t') L_('u') L_('v') L_('w') L_('x') L_('y') L_('z')
#undef L_
};

/* Largest run of non-SGF bytes held in memory while looking for a game. */
enum { JUNK_BLOCK = 1 << 20 };

/* One open '(' : the node the variation hangs from, its first node, and
 * the append state of the branch node to resume after ')' without walking
 * its properties (a node with many properties and many variations made
 * that quadratic). */
struct parse_frame {
    sgf_node *branch;
    sgf_node *first;
    sgf_prop *last_prop;
    uint32_t nprops;
    bool nodeless;      /* "((": already reported as a missing ';' */
};

/* Nodes with more properties than this find duplicates through a hash
 * table instead of walking the list (quadratic in hostile nodes holding
 * 100,000 properties). */
enum { BIG_NODE = 16 };

/* A slot of that table: a property of a big node. */
struct prop_slot {
    const sgf_node *node;
    sgf_prop *p;
};

typedef struct parser {
    sgf_game *g;             /* NULL in frame mode */
    sgf_game *memo;          /* the game object in both modes (find_start) */
    const unsigned char *index; /* property lookup (prop_index_key) */
    const unsigned char *s;  /* buffer */
    size_t len;
    bool eof;
    bool dbcs;
    size_t depth;            /* open '(' */
    sgf_node *cur;           /* node properties go to */
    sgf_node *tail;          /* last child of cur when known */
    sgf_prop *last_prop;     /* last property of cur */
    uint32_t nprops;         /* properties of cur */
    uint64_t seen[2];        /* known kinds maybe in cur (duplicates) */
    struct prop_slot *ph;    /* properties of big nodes (arena) */
    size_t ph_cap, ph_used;
    bool fresh_variation;    /* '(' seen, its first node not yet */
    bool nomem;
    /* a node was made, or in frame mode would have been: the game has a
     * tree (frame mode answers PARSE_NO_TREE without one) */
    bool tree;
} parser;

static bool report(parser *ps, int check, size_t pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static bool report(parser *ps, int check, size_t pos, const char *fmt, ...)
{
    if (!ps->g)
        return true;
    va_list ap;
    va_start(ap, fmt);
    int rc = game_vreport(ps->g, check, (uint32_t)pos, 0, fmt, ap);
    va_end(ap);
    if (rc < 0)
        ps->nomem = true;
    return rc >= 0;
}

static size_t skip_space(const parser *ps, size_t p)
{
    while (p < ps->len && byte_class[ps->s[p]] == K_SPACE)
        p++;
    return p;
}

/* ---- where a game starts ---- */

typedef enum { START_PAREN, START_SEMI, START_PROP, START_NONE } start_kind;

/* Does s[p..] look like a property: letters then (spaces) '['?  1 yes, 0
 * no, -1 when the buffer ends before it can tell. */
static int looks_like_property(const parser *ps, size_t p)
{
    size_t q = p;
    while (q < ps->len && (byte_class[ps->s[q]] == K_UPPER ||
                           byte_class[ps->s[q]] == K_LOWER))
        q++;
    if (q == p || q - p > 16)
        return 0;
    q = skip_space(ps, q);
    if (q >= ps->len)
        return ps->eof ? 0 : -1;
    return ps->s[q] == '[';
}

/* Find the start of the next game tree from p.  Preference follows SGFC's
 * heuristic: "(;" first, then "(" before a property (missing ';'), then ";"
 * before a property (missing '(').
 *
 * Only "(;" ends the search early, so junk without one is searched to the
 * end of the buffer for every game a ';' or '(' in it starts: quadratic.
 * What a search learnt is kept in the game object (nostart_*, in member
 * offsets) for the next game of the member: no "(;" in that span, and where
 * its first "(" before a property is; once a candidate is in hand the span
 * is skipped. */
static start_kind find_start(const parser *ps, size_t p, size_t *at)
{
    sgf_game *m = ps->memo;
    const uint64_t base = m->offset;
    /* the memo only describes bytes this buffer holds */
    bool memo = m->nostart_to > m->nostart_from &&
                m->nostart_to <= base + ps->len;
    size_t paren_prop = SIZE_MAX, semi_prop = SIZE_MAX;
    size_t sure = ps->len;  /* every check before this had its bytes */
    for (size_t q = p; q < ps->len; q++) {
        uint64_t here = base + q;
        if (memo && here >= m->nostart_from && here < m->nostart_to &&
            (paren_prop != SIZE_MAX || semi_prop != SIZE_MAX)) {
            /* with only a ';' in hand, the first "(" before a property
             * still matters: the memo knows it unless it lies before q */
            if (paren_prop == SIZE_MAX && m->nostart_paren != UINT64_MAX &&
                m->nostart_paren >= here)
                paren_prop = (size_t)(m->nostart_paren - base);
            if (paren_prop != SIZE_MAX || m->nostart_paren == UINT64_MAX) {
                q = (size_t)(m->nostart_to - base) - 1;
                continue;
            }
        }
        unsigned char c = ps->s[q];
        if (c == '(') {
            size_t r = skip_space(ps, q + 1);
            if (r < ps->len && ps->s[r] == ';') {
                *at = q;
                return START_PAREN;
            }
            if (r >= ps->len && !ps->eof && sure > q)
                sure = q;
            if (paren_prop == SIZE_MAX && r < ps->len &&
                byte_class[ps->s[r]] == K_UPPER) {
                int k = looks_like_property(ps, r);
                if (k > 0)
                    paren_prop = q;
                else if (k < 0 && sure > q)
                    sure = q;
            }
        } else if (c == ';' && semi_prop == SIZE_MAX && paren_prop == SIZE_MAX) {
            size_t r = skip_space(ps, q + 1);
            if (r < ps->len && byte_class[ps->s[r]] == K_UPPER &&
                looks_like_property(ps, r) > 0)
                semi_prop = q;
        }
    }
    if (sure > p) {
        m->nostart_from = base + p;
        m->nostart_to = base + sure;
        m->nostart_paren = paren_prop < sure ? base + paren_prop : UINT64_MAX;
    }
    if (paren_prop != SIZE_MAX) {
        *at = paren_prop;
        return START_PROP;
    }
    if (semi_prop != SIZE_MAX) {
        *at = semi_prop;
        return START_SEMI;
    }
    return START_NONE;
}

/* Junk without any game: what kind of junk, for the message. */
static int junk_check(const parser *ps, size_t from, size_t to, bool had_game)
{
    size_t ctrl = 0, closers = 0, other = 0;
    bool nul = false;
    for (size_t q = from; q < to; q++) {
        unsigned char c = ps->s[q];
        if (c == ')')
            closers++;
        else if (byte_class[c] == K_SPACE)
            continue;
        else if (c < 0x20 || c == 0x7f) {
            ctrl++;
            nul |= c == 0;
        } else
            other++;
    }
    if (closers && !ctrl && !other)
        return SGF_C_EXTRA_CLOSE_PAREN;
    /* Text in any charset SGF files use has no control characters besides
     * line breaks and tabs; random or compiled data has about one in nine. */
    if (nul || ctrl * 20 > (to - from))
        return SGF_C_BINARY_DATA;
    return had_game ? SGF_C_TRAILING_JUNK : SGF_C_NO_GAME;
}

/* ---- tree building ---- */

static sgf_node *new_node(parser *ps, size_t pos)
{
    sgf_game *g = ps->g;
    sgf_node *n = arena_alloc(&g->a, sizeof *n);
    if (!n) {
        ps->nomem = true;
        return NULL;
    }
    n->child = n->next = NULL;
    n->props = NULL;
    n->pos = (uint32_t)pos;
    n->nchildren = 0;
    sgf_node *parent = ps->cur;
    n->parent = parent;
    if (!parent) {
        g->root = n;
    } else {
        if (!parent->child) {
            parent->child = n;
        } else {
            sgf_node *last = ps->tail;
            if (!last || last->parent != parent) {
                last = parent->child;
                while (last->next)
                    last = last->next;
            }
            last->next = n;
        }
        parent->nchildren++;
    }
    ps->cur = n;
    ps->tail = NULL;
    ps->last_prop = NULL;
    ps->nprops = 0;
    ps->seen[0] = ps->seen[1] = 0;
    return n;
}

_Static_assert(SGF_P_COUNT <= 128, "seen[] holds a bit per known kind");

/* Properties may follow a closed variation (malformed but seen); make the
 * append state describe the node we are back in, as push_frame saved it.
 * Every kind counts as maybe seen: find_prop() answers. */
static void resume_node(parser *ps, const struct parse_frame *f)
{
    ps->last_prop = f->last_prop;
    ps->nprops = f->nprops;
    ps->seen[0] = ps->seen[1] = ~(uint64_t)0;
}

static bool push_frame(parser *ps)
{
    sgf_game *g = ps->g;
    if (ps->depth == g->stack_cap) {
        struct parse_frame *st = grow(g->stack, &g->stack_cap, ps->depth + 1,
                                      sizeof *st);
        if (!st) {
            ps->nomem = true;
            return false;
        }
        g->stack = st;
    }
    g->stack[ps->depth].branch = ps->cur;
    g->stack[ps->depth].first = NULL;
    g->stack[ps->depth].nodeless = false;
    g->stack[ps->depth].last_prop = ps->last_prop;
    g->stack[ps->depth].nprops = ps->nprops;
    return true;
}

/* Append a value slot.  Values of one property stay one contiguous array
 * without a scratch buffer: the array has room for the next power of two
 * of values (implied by nvalues: sgf_prop has no field for it), grows in
 * place when it ends at the arena's free pointer, else moves to twice its
 * size.  Moving by one slot each time was quadratic in time and arena
 * memory when anything was allocated between two values (a duplicate
 * property joined across others, a diagnostic between values). */
static sgf_value *add_value(parser *ps, sgf_prop *p)
{
    uint32_t n = p->nvalues;
    if (n & (n - 1))            /* not a power of two: room left */
        return &p->values[p->nvalues++];
    if (n == UINT32_MAX / 2 + 1) {
        ps->nomem = true;       /* 2^31 values: no bigger array */
        return NULL;
    }
    arena *a = &ps->g->a;
    const size_t sz = sizeof(sgf_value);
    size_t grow = n ? n : 1;    /* slots to add: full arrays double */
    if (n > 0 && (char *)(p->values + n) == a->cur &&
        (size_t)(a->end - a->cur) >= grow * sz) {
        a->cur += grow * sz;
        return &p->values[p->nvalues++];
    }
    sgf_value *v = arena_alloc(a, sz * (n + grow));
    if (!v) {
        ps->nomem = true;
        return NULL;
    }
    if (n)
        memcpy(v, p->values, sz * n);
    p->values = v;
    return &p->values[p->nvalues++];
}

/* ---- values ---- */

/* After a ']' at s[p]: does the structure show the value really ends here?
 * It does when what follows (after spaces) is ';', '(', ')', '[', the end,
 * or an identifier followed by one of those.  Returns 1 yes, 0 no, -1 when the
 * buffer ends before we can tell. */
static int bracket_ends_value(const parser *ps, size_t p)
{
    size_t q = p + 1;
    for (;;) {
        if (q >= ps->len)
            return ps->eof ? 1 : -1;
        switch (byte_class[ps->s[q]]) {
        case K_SPACE:
            q++;
            continue;
        case K_SEMI: case K_OPEN: case K_CLOSE: case K_LBRACK:
            return 1;
        case K_UPPER: case K_LOWER: {
            size_t r = q;
            while (r < ps->len && (byte_class[ps->s[r]] == K_UPPER ||
                                   byte_class[ps->s[r]] == K_LOWER))
                r++;
            while (r < ps->len && byte_class[ps->s[r]] == K_SPACE)
                r++;
            if (r >= ps->len)
                return ps->eof ? 1 : -1;
            /* an identifier, with or without its value */
            int k = byte_class[ps->s[r]];
            return k == K_LBRACK || k == K_SEMI || k == K_OPEN || k == K_CLOSE;
        }
        default:
            return 0;
        }
    }
}

typedef enum { VAL_OK, VAL_EOF, VAL_NEED_MORE } value_end;

/* Scan the value whose '[' is at s[p]; *end = index of its ']' (or len).
 * Only text may hold an unescaped ']' that the structure proves: in other
 * values the first ']' ends the value whatever follows. */
static value_end scan_value(parser *ps, size_t p, bool text, size_t *end)
{
    const unsigned char *s = ps->s;
    size_t len = ps->len;
    size_t q = p + 1;
    /* Fast path for the bulk of every record: a two-letter point followed
     * by ';' or another value, as in ";B[pd];W[dp]" or "AB[dd][pp]". */
    if (q + 3 < len && s[q + 2] == ']' && s[q] != '\\' && s[q + 1] != '\\' &&
        s[q] != ']' && s[q + 1] != ']' &&
        (s[q + 3] == ';' || s[q + 3] == '[' || s[q + 3] == ')' || s[q + 3] == '(')) {
        *end = q + 2;
        return VAL_OK;
    }
    for (;;) {
        if (ps->dbcs) {
            /* trail bytes of GBK, Big5 and Shift-JIS are >= 0x40: a lead
             * byte before a newline or a space is not half a character
             * (text.c and writer.c pair bytes by the same rule) */
            while (q < len && s[q] != ']') {
                if (s[q] == '\\' ||
                    (s[q] >= 0x81 && q + 1 < len && s[q + 1] >= 0x40))
                    q++;
                q++;
            }
        } else {
            while (q < len && s[q] != ']') {
                if (s[q] == '\\')
                    q++;
                q++;
            }
        }
        if (q >= len) {
            if (!ps->eof)
                return VAL_NEED_MORE;
            *end = len;
            return VAL_EOF;
        }
        int ends = text ? bracket_ends_value(ps, q) : 1;
        if (ends < 0)
            return VAL_NEED_MORE;
        if (ends) {
            *end = q;
            return VAL_OK;
        }
        report(ps, SGF_C_UNESCAPED_BRACKET, q,
               "']' is followed by text that cannot be SGF; kept as part of the value");
        q++;
    }
}

/* ---- properties ---- */

static bool same_prop(const sgf_prop *p, int kind, const char *id)
{
    return p->kind == kind && (kind != SGF_P_UNKNOWN || strcmp(p->id, id) == 0);
}

static size_t prop_hash(const sgf_node *n, int kind, const char *id)
{
    uint64_t h = ((uint64_t)(uintptr_t)n ^ (uint64_t)kind) *
                 0x9E3779B97F4A7C15u;
    if (kind == SGF_P_UNKNOWN)
        for (const char *c = id; *c; c++)
            h = fnv1a_byte(h, (unsigned char)*c);
    return (size_t)(h ^ (h >> 31));
}

/* The first property of kind (and id, for unknown kinds) in cur. */
static sgf_prop *find_prop(const parser *ps, int kind, const char *id)
{
    if (ps->nprops <= BIG_NODE) {
        for (sgf_prop *p = ps->cur->props; p; p = p->next)
            if (same_prop(p, kind, id))
                return p;
        return NULL;
    }
    size_t mask = ps->ph_cap - 1;
    for (size_t i = prop_hash(ps->cur, kind, id) & mask; ps->ph[i].p;
         i = (i + 1) & mask)
        if (ps->ph[i].node == ps->cur && same_prop(ps->ph[i].p, kind, id))
            return ps->ph[i].p;
    return NULL;
}

static bool ph_insert(parser *ps, const sgf_node *n, sgf_prop *p)
{
    if (2 * (ps->ph_used + 1) > ps->ph_cap) {
        /* double; the old table stays in the arena (geometric, so at most
         * as much again) */
        size_t cap = ps->ph_cap ? 2 * ps->ph_cap : 256;
        struct prop_slot *t = arena_alloc(&ps->g->a, cap * sizeof *t);
        if (!t) {
            ps->nomem = true;
            return false;
        }
        memset(t, 0, cap * sizeof *t);
        for (size_t i = 0; i < ps->ph_cap; i++) {
            if (!ps->ph[i].p)
                continue;
            size_t j = prop_hash(ps->ph[i].node, ps->ph[i].p->kind,
                                 ps->ph[i].p->id) & (cap - 1);
            while (t[j].p)
                j = (j + 1) & (cap - 1);
            t[j] = ps->ph[i];
        }
        ps->ph = t;
        ps->ph_cap = cap;
    }
    size_t j = prop_hash(n, p->kind, p->id) & (ps->ph_cap - 1);
    while (ps->ph[j].p)
        j = (j + 1) & (ps->ph_cap - 1);
    ps->ph[j].node = n;
    ps->ph[j].p = p;
    ps->ph_used++;
    return true;
}

/* Count a property appended to cur; a node that becomes big has all its
 * properties put in the table, later ones one by one. */
static bool count_prop(parser *ps, sgf_prop *p)
{
    ps->nprops++;
    if (ps->nprops < BIG_NODE + 1)
        return true;
    if (ps->nprops > BIG_NODE + 1)
        return ph_insert(ps, ps->cur, p);
    for (sgf_prop *q = ps->cur->props; q; q = q->next)
        if (!ph_insert(ps, ps->cur, q))
            return false;
    return true;
}

/* Build the normalised id (uppercase letters only) of s[from..to). */
static const char *normalise_id(parser *ps, size_t from, size_t to,
                                size_t *idlen, bool *lower)
{
    char buf[64];
    size_t n = 0;
    *lower = false;
    for (size_t q = from; q < to; q++) {
        unsigned char c = ps->s[q];
        if (byte_class[c] == K_UPPER) {
            if (n < sizeof buf)
                buf[n++] = (char)c;
        } else {
            *lower = true;
        }
    }
    if (n == 0) {
        /* all lowercase: keep it, uppercased, rather than lose it */
        for (size_t q = from; q < to && n < sizeof buf; q++)
            buf[n++] = (char)(ps->s[q] - 'a' + 'A');
    }
    *idlen = n;
    return arena_strndup(&ps->g->a, buf, n);
}

/* The ids noted so far this game (g->id_notes): a hash set in the arena,
 * doubled when half full (a list was quadratic on a node of 100,000
 * distinct long ids). */
struct id_notes {
    size_t cap, used;
    struct id_slot {
        const char *id;
        int check;
    } slot[];
};

static size_t note_slot(const struct id_notes *t, int check, const char *id)
{
    size_t mask = t->cap - 1;
    size_t i = prop_hash(NULL, SGF_P_UNKNOWN, id) ^ (size_t)check;
    for (i &= mask; t->slot[i].id; i = (i + 1) & mask)
        if (t->slot[i].check == check && strcmp(t->slot[i].id, id) == 0)
            break;
    return i;
}

/* First time this game that check fires for this id?  Files that use an
 * FF[3] or private id use it in every node; one report says it. */
static bool first_id_note(parser *ps, int check, const char *id)
{
    sgf_game *g = ps->g;
    struct id_notes *t = g->id_notes;
    if (t && t->slot[note_slot(t, check, id)].id)
        return false;
    if (!t || 2 * (t->used + 1) > t->cap) {
        size_t cap = t ? 2 * t->cap : 32;
        struct id_notes *n = arena_alloc(&g->a, sizeof *n +
                                         cap * sizeof n->slot[0]);
        if (!n) {
            ps->nomem = true;
            return false;
        }
        memset(n, 0, sizeof *n + cap * sizeof n->slot[0]);
        n->cap = cap;
        for (size_t i = 0; t && i < t->cap; i++)
            if (t->slot[i].id)
                n->slot[note_slot(n, t->slot[i].check, t->slot[i].id)] =
                    t->slot[i];
        n->used = t ? t->used : 0;
        g->id_notes = t = n;
    }
    t->slot[note_slot(t, check, id)] = (struct id_slot){ id, check };
    t->used++;
    return true;
}

static int lookup_kind(const parser *ps, const char *id, size_t n)
{
    if (n <= 2)
        return ps->index[prop_index_key(id, n)];
    return SGF_P_UNKNOWN;
}

/* Value types whose values are (or contain) free text. */
static inline bool kind_is_text(int kind)
{
    if (kind == SGF_P_UNKNOWN)
        return true;
    switch (sgf_prop_table_[kind].type) {
    case SGF_T_TEXT: case SGF_T_SIMPLETEXT: case SGF_T_POINT_TEXT:
    case SGF_T_SIMPLE_SIMPLE: case SGF_T_FIGURE: case SGF_T_UNKNOWN:
        return true;
    default:
        return false;
    }
}

/* Kind of the identifier s[from..to) as written (lowercase letters are
 * dropped, as FF[4] says for FF[1]-FF[3] ids), the same as normalise_id()
 * gives: frame mode must know as well as a full parse whether the values
 * are text. */
static int kind_of_raw(const parser *ps, size_t from, size_t to)
{
    char id[3];
    size_t n = 0;
    for (size_t q = from; q < to; q++) {
        if (byte_class[ps->s[q]] == K_UPPER) {
            if (n == 2)
                return SGF_P_UNKNOWN;
            id[n++] = (char)ps->s[q];
        }
    }
    if (n == 0 && to - from <= 2) {
        /* all lowercase: normalise_id keeps it, uppercased */
        for (size_t q = from; q < to; q++)
            id[n++] = (char)(ps->s[q] - 'a' + 'A');
    }
    return n ? lookup_kind(ps, id, n) : SGF_P_UNKNOWN;
}

/* Property at s[p] (first letter).  Returns the index after it, or SIZE_MAX
 * when the buffer ended and more is needed. */
static size_t parse_property(parser *ps, size_t p)
{
    const unsigned char *s = ps->s;
    size_t q = p;
    bool has_lower = false;
    while (q < ps->len) {
        int k = byte_class[s[q]];
        if (k == K_LOWER)
            has_lower = true;
        else if (k != K_UPPER)
            break;
        q++;
    }
    size_t id_end = q;
    q = skip_space(ps, q);
    if (q >= ps->len && !ps->eof)
        return SIZE_MAX;
    if (q >= ps->len || s[q] != '[') {
        report(ps, SGF_C_ID_WITHOUT_VALUE, p, "property %.*s has no value; dropped",
               (int)(id_end - p > 32 ? 32 : id_end - p), (const char *)s + p);
        return q;
    }

    sgf_prop *prop = NULL;
    ps->tree = true;         /* a value: its node exists or is made here */
    if (ps->g) {
        if (!ps->cur || ps->fresh_variation) {
            report(ps, SGF_C_MISSING_SEMICOLON, p,
                   "property %.*s outside a node; ';' assumed before it",
                   (int)(id_end - p > 32 ? 32 : id_end - p), (const char *)s + p);
            if (ps->fresh_variation)
                ps->cur = ps->g->stack[ps->depth - 1].branch;
            sgf_node *n = new_node(ps, p);
            if (!n)
                return ps->len;
            if (ps->fresh_variation) {
                ps->g->stack[ps->depth - 1].first = n;
                ps->fresh_variation = false;
            }
        }
        const char *id;
        size_t idlen = id_end - p;
        int kind;
        if (!has_lower && idlen <= 2) {
            kind = ps->index[prop_index_key((const char *)s + p, idlen)];
            id = kind != SGF_P_UNKNOWN ? sgf_prop_table_[kind].id
                                       : arena_strndup(&ps->g->a, (const char *)s + p, idlen);
        } else {
            bool lower;
            id = normalise_id(ps, p, id_end, &idlen, &lower);
            if (!id) {
                ps->nomem = true;
                return ps->len;
            }
            kind = lookup_kind(ps, id, idlen);
            if (kind != SGF_P_UNKNOWN)
                id = sgf_prop_table_[kind].id;
            if (lower && first_id_note(ps, SGF_C_LOWERCASE_ID, id))
                report(ps, SGF_C_LOWERCASE_ID, p,
                       "identifier %.*s has lowercase letters (FF[1]-FF[3]); read as %s",
                       (int)(id_end - p > 32 ? 32 : id_end - p), (const char *)s + p, id);
            if (idlen > 2 && kind == SGF_P_UNKNOWN &&
                first_id_note(ps, SGF_C_LONG_ID, id))
                report(ps, SGF_C_LONG_ID, p,
                       "identifier %s is longer than two letters", id);
        }
        if (!id) {
            ps->nomem = true;
            return ps->len;
        }
        if (kind != SGF_P_UNKNOWN) {
            uint64_t bit = (uint64_t)1 << (kind & 63);
            prop = ps->seen[kind >> 6] & bit ? find_prop(ps, kind, id) : NULL;
            ps->seen[kind >> 6] |= bit;
        } else {
            prop = find_prop(ps, kind, id);
        }
        if (prop) {
            report(ps, SGF_C_DUPLICATE_PROPERTY, p,
                   "%s occurs twice in this node; the values were joined", id);
        } else {
            prop = arena_alloc(&ps->g->a, sizeof *prop);
            if (!prop) {
                ps->nomem = true;
                return ps->len;
            }
            prop->next = NULL;
            prop->id = id;
            prop->kind = kind;
            prop->nvalues = 0;
            prop->values = NULL;
            prop->pos = (uint32_t)p;
            prop->id_len = (uint32_t)(id_end - p);
            prop->raw_id = (const char *)s + p;
            /* keep file order: append */
            if (ps->last_prop)
                ps->last_prop->next = prop;
            else
                ps->cur->props = prop;
            ps->last_prop = prop;
            if (!count_prop(ps, prop))
                return ps->len;
        }
    }

    /* values */
    bool text = kind_is_text(prop ? prop->kind : kind_of_raw(ps, p, id_end));
    while (q < ps->len && s[q] == '[') {
        size_t end;
        value_end ve = scan_value(ps, q, text, &end);
        if (ve == VAL_NEED_MORE)
            return SIZE_MAX;
        if (prop) {
            sgf_value *v = add_value(ps, prop);
            if (!v)
                return ps->len;
            v->raw = (const char *)s + q + 1;
            v->len = (uint32_t)(end - q - 1);
            v->pos = (uint32_t)q;
        }
        if (ve == VAL_EOF) {
            report(ps, SGF_C_UNTERMINATED_VALUE, q,
                   "the input ends inside this value; ']' assumed");
            return ps->len;
        }
        q = skip_space(ps, end + 1);
        if (q >= ps->len && !ps->eof)
            return SIZE_MAX;
    }
    return q;
}

/* The bulk of every record is nodes holding one move, ";B[pd]" followed by
 * the next node or the end of the variation.  Recognising that shape whole
 * skips the general property path for most of the input. */
static inline bool is_plain_move(const unsigned char *s, size_t p, size_t len)
{
    if (p + 5 >= len || (s[p] != 'B' && s[p] != 'W') || s[p + 1] != '[' ||
        s[p + 4] != ']')
        return false;
    int a = byte_class[s[p + 2]], b = byte_class[s[p + 3]];
    int next = byte_class[s[p + 5]];
    return (a == K_LOWER || a == K_UPPER) && (b == K_LOWER || b == K_UPPER) &&
           (next == K_SEMI || next == K_CLOSE || next == K_OPEN ||
            next == K_SPACE);
}

static bool add_plain_move(parser *ps, size_t p)
{
    struct { sgf_prop prop; sgf_value value; } *pv =
        arena_alloc(&ps->g->a, sizeof *pv);
    if (!pv) {
        ps->nomem = true;
        return false;
    }
    int kind = ps->s[p] == 'B' ? SGF_P_B : SGF_P_W;
    sgf_prop *prop = &pv->prop;
    prop->next = NULL;
    prop->id = sgf_prop_table_[kind].id;
    prop->kind = kind;
    prop->nvalues = 1;
    prop->values = &pv->value;
    prop->pos = (uint32_t)p;
    prop->id_len = 1;
    prop->raw_id = (const char *)ps->s + p;
    pv->value.raw = (const char *)ps->s + p + 2;
    pv->value.len = 2;
    pv->value.pos = (uint32_t)(p + 1);
    /* the node is new: this is its first property */
    ps->cur->props = prop;
    ps->last_prop = prop;
    ps->nprops = 1;
    ps->seen[kind >> 6] |= (uint64_t)1 << (kind & 63);
    return true;
}

/* ---- frame mode's scan ---- */

/* With -j N one thread frames the games workers parse, so framing is serial
 * work that caps the speedup.  frame_scan() finds the end of a well-formed
 * game 64 bytes at a time, and answers only when the loop is sure to end
 * the game at the same byte; on anything else it answers 0 and the loop
 * frames the game (doc/reader.md, "Frame mode's scan").
 *
 * From the game's '(' to the ')' that closes it, it proves that
 * - a '[' outside a value opens one, and the first ']' after it that no odd
 *   run of '\\' escapes closes it;
 * - every byte outside values is a letter, white space, ';', '(', ')' or
 *   '[' (the loop skips and reports anything else, and the scan does not
 *   guess how such a run ends);
 * - no letter outside values is followed by white space and a letter (an
 *   identifier without a value before another one).
 * Then every ']' that closes a value is followed (after white space) by
 * ';', '(', ')', '[' or letters and white space before one of '[', ';',
 * '(' or ')': the loop's unescaped-bracket rule ends the value there too,
 * text or not.  So both see the same values, the same parens outside them,
 * and the loop reads no byte past that ')' (it cannot ask for more input).
 *
 * x86 only: SSE2 is part of x86-64, AVX2 is used where the CPU has it.
 * Elsewhere, or built with SGF_NO_FRAME_SCAN (to compare both), the loop
 * frames every game. */
#ifdef HAVE_FRAME_SCAN

/* One bit per byte of a 64-byte block. */
struct scan_block {
    uint64_t lb, rb, bs;       /* '[', ']', '\\' */
    uint64_t open, close;      /* '(', ')' */
    uint64_t letter, space;    /* byte_class K_UPPER or K_LOWER, K_SPACE */
    uint64_t other;            /* not allowed between tokens: not a letter,
                                * white space, ';', '(', ')' nor '[' */
};

/* The bytes compared as signed: "lo <= c < lo + n" unsigned is
 * "c + (0x80 - lo) < n - 128".  Letters are one range once 0x20 is set;
 * white space is '\t'..'\r' and ' '. */
#define L_SHIFT ((char)(0x80 - 'a'))
#define L_LIM ((char)(26 - 128))
#define S_SHIFT ((char)(0x80 - '\t'))
#define S_LIM ((char)(5 - 128))

/* 16 bytes, into the bits sh.. of each field. */
static inline void classify_sse2(const unsigned char *p, unsigned sh,
                                 struct scan_block *b)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i lb = _mm_cmpeq_epi8(v, _mm_set1_epi8('['));
    __m128i open = _mm_cmpeq_epi8(v, _mm_set1_epi8('('));
    __m128i close = _mm_cmpeq_epi8(v, _mm_set1_epi8(')'));
    __m128i letter = _mm_cmplt_epi8(
        _mm_add_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)),
                     _mm_set1_epi8(L_SHIFT)), _mm_set1_epi8(L_LIM));
    __m128i space = _mm_or_si128(
        _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(S_SHIFT)),
                       _mm_set1_epi8(S_LIM)),
        _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
    __m128i ok = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(letter, space), _mm_or_si128(open, close)),
        _mm_or_si128(lb, _mm_cmpeq_epi8(v, _mm_set1_epi8(';'))));
#define BITS(m) ((uint64_t)(unsigned)_mm_movemask_epi8(m) << sh)
    b->lb |= BITS(lb);
    b->rb |= BITS(_mm_cmpeq_epi8(v, _mm_set1_epi8(']')));
    b->bs |= BITS(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    b->open |= BITS(open);
    b->close |= BITS(close);
    b->letter |= BITS(letter);
    b->space |= BITS(space);
    b->other |= BITS(ok) ^ ((uint64_t)0xFFFF << sh);
#undef BITS
}

/* The same for 32 bytes. */
__attribute__((target("avx2")))
static inline void classify_avx2(const unsigned char *p, unsigned sh,
                                 struct scan_block *b)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i lb = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('['));
    __m256i open = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('('));
    __m256i close = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(')'));
    __m256i letter = _mm256_cmpgt_epi8(_mm256_set1_epi8(L_LIM),
        _mm256_add_epi8(_mm256_or_si256(v, _mm256_set1_epi8(0x20)),
                        _mm256_set1_epi8(L_SHIFT)));
    __m256i space = _mm256_or_si256(
        _mm256_cmpgt_epi8(_mm256_set1_epi8(S_LIM),
                          _mm256_add_epi8(v, _mm256_set1_epi8(S_SHIFT))),
        _mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')));
    __m256i ok = _mm256_or_si256(
        _mm256_or_si256(_mm256_or_si256(letter, space),
                        _mm256_or_si256(open, close)),
        _mm256_or_si256(lb, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(';'))));
#define BITS(m) ((uint64_t)(uint32_t)_mm256_movemask_epi8(m) << sh)
    b->lb |= BITS(lb);
    b->rb |= BITS(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(']')));
    b->bs |= BITS(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')));
    b->open |= BITS(open);
    b->close |= BITS(close);
    b->letter |= BITS(letter);
    b->space |= BITS(space);
    b->other |= BITS(ok) ^ ((uint64_t)0xFFFFFFFFu << sh);
#undef BITS
}

/* Bit i set when an odd number of bits at or below i are set in x. */
static inline uint64_t prefix_xor(uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

/* The bytes of values in a block whose brackets do not alternate (a '['
 * inside a value, a ']' outside one), taken bracket by bracket.  *in:
 * inside a value at the block's start, then at its end.  A ']' outside a
 * value stays outside, where it is not allowed: the scan gives up if it
 * belongs to the game. */
static uint64_t values_in_order(uint64_t lb, uint64_t rb, bool *in)
{
    uint64_t v = 0, from = 1;      /* the open value's first byte */
    bool inside = *in;
    for (uint64_t e = lb | rb; e; e &= e - 1) {
        uint64_t bit = e & -e;
        if (!inside) {
            if (lb & bit) {
                inside = true;
                from = bit;
            }
        } else if (rb & bit) {
            inside = false;
            v |= (bit - from) | bit;
        }
    }
    if (inside)
        v |= -from;
    *in = inside;
    return v;
}

/* The end (index after the ')') of the game whose '(' is at s[start], or 0
 * when the scan cannot prove it.  Inlined into one function per
 * instruction set, avx2 being a constant there. */
static inline __attribute__((always_inline))
size_t scan_game(const unsigned char *s, size_t start, size_t len, bool avx2)
{
    unsigned char tail[64];
    bool in = false;            /* inside a value where the block starts */
    uint64_t bs_last = 0;       /* the previous block ended with '\\' */
    uint64_t letter_last = 0;   /* ... with a letter outside values */
    uint64_t gap_open = 0;      /* ... in white space after such a letter */
    size_t depth = 0;
    for (size_t base = start; base < len; base += 64) {
        const unsigned char *p = s + base;
        if (len - base < 64) {
            /* NUL bytes are not allowed outside values and hold no
             * bracket: nothing past len ends the game */
            memset(tail, 0, sizeof tail);
            memcpy(tail, p, len - base);
            p = tail;
        }
        struct scan_block b = { 0 };
        if (avx2) {
            classify_avx2(p, 0, &b);
            classify_avx2(p + 32, 32, &b);
        } else {
            for (unsigned i = 0; i < 64; i += 16)
                classify_sse2(p + i, i, &b);
        }

        /* A ']' after '\\' is escaped when the run of '\\' is odd.  Rare,
         * so runs are counted byte by byte: a run lies inside one value
         * (its '[' stops the count) or outside, where '\\' is not allowed. */
        uint64_t rb = b.rb;
        for (uint64_t e = rb & (b.bs << 1 | bs_last); e; e &= e - 1) {
            unsigned i = (unsigned)__builtin_ctzll(e);
            size_t q = base + i, k = 0;
            while (q - k > start && s[q - k - 1] == '\\')
                k++;
            if (k & 1)
                rb &= ~((uint64_t)1 << i);
        }
        bs_last = b.bs >> 63;

        /* Brackets alternate in nearly every block: then the bytes inside
         * values (from '[' to before ']') are a prefix xor of them. */
        uint64_t x = prefix_xor(b.lb | rb) ^ (in ? ~(uint64_t)0 : 0);
        uint64_t v;
        if ((b.lb & ~x) | (rb & x)) {
            v = values_in_order(b.lb, rb, &in);
        } else {
            v = x | rb;
            in = x >> 63;
        }
        uint64_t out = ~v;

        /* parens outside values, in order, until the game's ')' */
        uint64_t upto = ~(uint64_t)0;   /* the game's bytes in the block */
        size_t end = 0;
        uint64_t open = b.open & out;
        for (uint64_t e = (b.open | b.close) & out; e; e &= e - 1) {
            uint64_t bit = e & -e;
            if (open & bit) {
                depth++;
            } else if (--depth == 0) {
                end = base + (size_t)__builtin_ctzll(bit) + 1;
                upto = bit | (bit - 1);
                break;
            }
        }
        if (b.other & out & upto)
            return 0;

        /* A letter, white space, a letter: runs of white space that start
         * after a letter, carried to their end by an addition. */
        uint64_t letter = b.letter & out, space = b.space & out;
        uint64_t gap = ((letter << 1) | letter_last | gap_open) & space;
        uint64_t sum = gap + space;
        uint64_t after = (sum & ~space) | (gap_open & ~space);
        if (after & letter & upto)
            return 0;
        if (end)
            return end;
        letter_last = letter >> 63;
        gap_open = sum < space;
    }
    return 0;
}

static size_t scan_game_sse2(const unsigned char *s, size_t start, size_t len)
{
    return scan_game(s, start, len, false);
}

__attribute__((target("avx2")))
static size_t scan_game_avx2(const unsigned char *s, size_t start, size_t len)
{
    return scan_game(s, start, len, true);
}

static size_t frame_scan(const unsigned char *s, size_t start, size_t len)
{
    /* libgcc's CPU model, filled once before main */
    if (__builtin_cpu_supports("avx2"))
        return scan_game_avx2(s, start, len);
    return scan_game_sse2(s, start, len);
}
#endif

/* ---- the game ---- */

/* A game parsed to its end.  Frame mode says when it holds no node ("(B)"
 * and the like), so that sgf_reader_next_raw() numbers games as
 * sgf_reader_next() does, which counts only games with a root. */
static parse_status done(const parser *ps)
{
    return ps->g || ps->tree ? PARSE_DONE : PARSE_NO_TREE;
}

static void close_missing(parser *ps, size_t pos)
{
    if (ps->depth)
        report(ps, SGF_C_MISSING_CLOSE_PAREN, pos,
               "the input ends inside a game tree; %zu ')' assumed", ps->depth);
}

parse_status sgf_parse_one(sgf_game *game, bool build, const char *buf,
                           size_t len, bool eof, bool dbcs, size_t *consumed)
{
    sgf_game *g = build ? game : NULL;
    parser ps = { .g = g, .memo = game, .index = game->prop_index,
                  .s = (const unsigned char *)buf, .len = len,
                  .eof = eof, .dbcs = dbcs };
    const unsigned char *s = ps.s;

    size_t p = 0;
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        /* a UTF-8 byte order mark, written by Windows editors */
        if (g && g->offset == 0)
            report(&ps, SGF_C_CHARSET_BOM, 0, "UTF-8 byte order mark skipped");
        p = 3;
    }
    p = skip_space(&ps, p);
    if (p >= len) {
        if (!eof)
            return PARSE_NEED_MORE;
        *consumed = len;
        return PARSE_NOTHING;
    }

    size_t start;
    start_kind sk;
    bool searched = true;
    if (s[p] == '(' ) {
        size_t r = skip_space(&ps, p + 1);
        if (r >= len && !eof)
            return PARSE_NEED_MORE;
        sk = (r < len && s[r] == ';') ? START_PAREN
             : (r < len && byte_class[s[r]] == K_UPPER) ? START_PROP
             : START_NONE;
        start = p;
        if (sk == START_NONE)
            sk = find_start(&ps, p, &start);
        else
            searched = false;
    } else {
        sk = find_start(&ps, p, &start);
    }
    /* find_start takes a '(' or ';' before a property only when no "(;"
     * follows anywhere; before the end of the input one may still come, and
     * where a chunk ends must not decide which game is read.  So wait, as
     * for junk (and not forever either). */
    if (searched && (sk == START_PROP || sk == START_SEMI) && !eof &&
        len - p < JUNK_BLOCK)
        return PARSE_NEED_MORE;
    if (sk == START_NONE) {
        /* Without a game start in sight, wait for more input, but not
         * forever: a large binary file is skipped in blocks. */
        if (!eof && len - p < JUNK_BLOCK)
            return PARSE_NEED_MORE;
        size_t upto = eof ? len : len - 64;
        int check = junk_check(&ps, p, upto, g && g->index > 1);
        const char *what =
            check == SGF_C_EXTRA_CLOSE_PAREN ? "')' closes nothing; skipped"
            : check == SGF_C_BINARY_DATA ? "binary data, not SGF; skipped"
            : check == SGF_C_TRAILING_JUNK ? "text after the last game tree; skipped"
            : "no SGF game tree found";
        report(&ps, check, p, "%s (%zu bytes)", what, upto - p);
        *consumed = upto;
        return ps.nomem ? PARSE_NOMEM : done(&ps);
    }
    if (start > p) {
        int check = junk_check(&ps, p, start, true);
        if (check == SGF_C_TRAILING_JUNK || check == SGF_C_NO_GAME)
            check = SGF_C_JUNK_BEFORE_GAME;
        report(&ps, check, p, "%zu bytes before the game tree skipped",
               start - p);
    }

    p = start;
    if (g)
        g->tree_pos = (uint32_t)start;
#ifdef HAVE_FRAME_SCAN
    if (!g && sk == START_PAREN && !dbcs) {
        size_t end = frame_scan(s, start, len);
        if (end) {
            *consumed = end;
            return PARSE_DONE;
        }
    }
#endif
    if (sk == START_SEMI) {
        report(&ps, SGF_C_MISSING_OPEN_PAREN, p,
               "the game tree starts with ';' without '('; '(' assumed");
        if (g && !push_frame(&ps))
            return PARSE_NOMEM;
        ps.depth = 1;
        ps.fresh_variation = true;
    }

    while (p < len) {
        unsigned char c = s[p];
        switch (byte_class[c]) {
        case K_SPACE:
            p++;
            break;
        case K_SEMI:
            ps.tree = true;
            if (g) {
                if (ps.fresh_variation) {
                    /* ps.tail still names the branch's last child when the
                     * previous variation of the same branch just closed */
                    ps.cur = g->stack[ps.depth - 1].branch;
                } else if (ps.cur && ps.cur->child) {
                    /* a node after a closed variation (A(;B);C): keep it as
                     * another variation of the same branch point */
                    report(&ps, SGF_C_NODE_AFTER_VARIATION, p,
                           "a node follows a variation; read as another variation");
                }
                sgf_node *n = new_node(&ps, p);
                if (!n)
                    return PARSE_NOMEM;
                if (ps.fresh_variation)
                    g->stack[ps.depth - 1].first = n;
            }
            ps.fresh_variation = false;
            p++;
            /* A run of plain move nodes (";B[pd]\n;W[dp]...") stays in this
             * loop instead of going through the byte dispatch twice per move. */
            while (is_plain_move(s, p, len)) {
                size_t q = p + 5;
                while (q < len && byte_class[s[q]] == K_SPACE)
                    q++;
                /* "B[pd] [qq]" (or a writer's line break between values):
                 * more values, which the general path joins to the move */
                if (q < len && s[q] == '[')
                    break;
                if (g && !add_plain_move(&ps, p))
                    return PARSE_NOMEM;
                p = q;
                if (p >= len || s[p] != ';')
                    break;
                if (g && !new_node(&ps, p))
                    return PARSE_NOMEM;
                p++;
            }
            break;
        case K_OPEN:
            if (g && !push_frame(&ps))
                return PARSE_NOMEM;
            if (ps.fresh_variation && g) {
                /* "((;" : the outer variation has no node of its own; one
                 * report says so, not a second one at its ')' */
                report(&ps, SGF_C_MISSING_SEMICOLON, p,
                       "'(' directly inside '(' without a node");
                g->stack[ps.depth - 1].nodeless = true;
            }
            ps.depth++;
            ps.fresh_variation = true;
            p++;
            break;
        case K_CLOSE:
            if (ps.depth == 0) {
                /* cannot happen: depth >= 1 inside a game */
                p++;
                break;
            }
            ps.depth--;
            if (g) {
                struct parse_frame *f = &g->stack[ps.depth];
                if (!f->first && !f->nodeless)
                    report(&ps, SGF_C_EMPTY_VARIATION, p,
                           "'()' without a node; dropped");
                ps.cur = f->branch;
                /* an empty variation added no child: the last child
                 * stays what it was (walking the children instead made
                 * "(;B[aa])()" repeated quadratic) */
                if (f->first)
                    ps.tail = f->first;
                resume_node(&ps, f);
            }
            ps.fresh_variation = false;
            p++;
            if (ps.depth == 0) {
                *consumed = p;
                return ps.nomem ? PARSE_NOMEM : done(&ps);
            }
            break;
        case K_UPPER:
        case K_LOWER: {
            size_t q = parse_property(&ps, p);
            if (q == SIZE_MAX)
                return PARSE_NEED_MORE;
            if (ps.nomem)
                return PARSE_NOMEM;
            p = q;
            break;
        }
        case K_LBRACK: {
            size_t end;
            value_end ve = scan_value(&ps, p, false, &end);
            if (ve == VAL_NEED_MORE)
                return PARSE_NEED_MORE;
            report(&ps, SGF_C_VALUE_WITHOUT_ID, p,
                   "a value without a property identifier; dropped");
            p = ve == VAL_EOF ? len : end + 1;
            break;
        }
        default: {
            /* a run of bytes SGF does not allow between tokens */
            size_t q = p;
            bool nul = false;
            while (q < len && byte_class[s[q]] == K_OTHER) {
                nul |= s[q] == 0;
                q++;
            }
            if (q >= len && !eof)
                return PARSE_NEED_MORE;
            report(&ps, nul ? SGF_C_NUL_BYTE : SGF_C_ILLEGAL_CHAR, p,
                   "%zu unexpected byte%s outside a value skipped",
                   q - p, q - p == 1 ? "" : "s");
            p = q;
            break;
        }
        }
    }
    if (!eof)
        return PARSE_NEED_MORE;
    close_missing(&ps, len);
    *consumed = len;
    return ps.nomem ? PARSE_NOMEM : done(&ps);
}
