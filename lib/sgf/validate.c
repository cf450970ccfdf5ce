/*
 * validate.c - the property, value and placement checks of FF[4]
 * (properties.html, go.html, sgf4.html) over a parsed game tree.
 *
 * It runs on every game of multi-gigabyte databases, so: one iterative
 * pre-order walk (trees can be a million nodes deep), dispatch on the
 * property kind through const tables generated from the catalogue, and a
 * move B[xx] - most of all values - costs two table loads and two compares.
 * Everything rarer (point lists, compose values, placement rules) takes a
 * slower path that is allowed to look twice.  Text values are never decoded
 * here; charset.c and gameinfo.c own their contents.
 */
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "sgf/checks.h"
#include "sgf/dialect.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/gameinfo.h"
#include "sgf/validate.h"
#include "sgf/points.h"

/* ---- catalogue facts by kind (index SGF_P_UNKNOWN for unknown ids) ---- */

static const unsigned char kind_type[SGF_P_COUNT + 1] = {
#define X_(id, type, list, cls, name) SGF_T_##type,
    SGF_PROPERTY_LIST(X_)
#undef X_
    SGF_T_UNKNOWN
};

static const unsigned char kind_list[SGF_P_COUNT + 1] = {
#define X_(id, type, list, cls, name) SGF_L_##list,
    SGF_PROPERTY_LIST(X_)
#undef X_
    SGF_L_LIST
};

static const unsigned char kind_class[SGF_P_COUNT + 1] = {
#define X_(id, type, list, cls, name) SGF_CL_##cls,
    SGF_PROPERTY_LIST(X_)
#undef X_
    SGF_CL_NONE
};

static const char *const kind_name[SGF_P_COUNT + 1] = {
#define X_(id, type, list, cls, name) name,
    SGF_PROPERTY_LIST(X_)
#undef X_
    "unknown"
};

/* Node flags: what a node holds, gathered in one pass over its properties
 * so that the placement rules are a few bit tests. */
enum {
    F_B = 1u << 0,
    F_W = 1u << 1,
    F_MOVE = 1u << 2,      /* any move-class property (B W KO MN BL WL OB OW) */
    F_SETUP = 1u << 3,
    F_ROOT = 1u << 4,
    F_GAMEINFO = 1u << 5,
    F_BM = 1u << 6,
    F_DO = 1u << 7,
    F_IT = 1u << 8,
    F_TE = 1u << 9,
    F_DM = 1u << 10,
    F_GB = 1u << 11,
    F_GW = 1u << 12,
    F_UC = 1u << 13,
    F_KO = 1u << 14,
    F_ANNOTATION = F_BM | F_DO | F_IT | F_TE,
    F_NODE_ANNOTATION = F_DM | F_GB | F_GW | F_UC,
    F_BW = F_B | F_W
};
/* a node with anything but a move needs the placement checks */
#define F_NEEDS_NODE_CHECKS (~(unsigned)(F_B | F_W | F_MOVE))

static const unsigned short class_flags[SGF_CL_OBSOLETE + 1] = {
    [SGF_CL_ROOT] = F_ROOT,
    [SGF_CL_GAMEINFO] = F_GAMEINFO,
    [SGF_CL_MOVE] = F_MOVE,
    [SGF_CL_SETUP] = F_SETUP,
};

/* Flags that depend on the property itself rather than on its class. */
static const unsigned short kind_extra_flags[SGF_P_COUNT + 1] = {
    [SGF_P_B] = F_B, [SGF_P_W] = F_W, [SGF_P_KO] = F_KO,
    [SGF_P_BM] = F_BM, [SGF_P_DO] = F_DO, [SGF_P_IT] = F_IT, [SGF_P_TE] = F_TE,
    [SGF_P_DM] = F_DM, [SGF_P_GB] = F_GB, [SGF_P_GW] = F_GW, [SGF_P_UC] = F_UC,
};

/* Point-list properties whose points must not meet those of their group in
 * one node: each gets its own bitmap; DD, VW and LB share a scratch one. */
enum {
    S_NONE, S_AB, S_AW, S_AE, S_TB, S_TW, S_CR, S_MA, S_SL, S_SQ, S_TR,
    S_SCRATCH, S_COUNT
};

static const unsigned char kind_slot[SGF_P_COUNT + 1] = {
    [SGF_P_AB] = S_AB, [SGF_P_AW] = S_AW, [SGF_P_AE] = S_AE,
    [SGF_P_TB] = S_TB, [SGF_P_TW] = S_TW,
    [SGF_P_CR] = S_CR, [SGF_P_MA] = S_MA, [SGF_P_SL] = S_SL,
    [SGF_P_SQ] = S_SQ, [SGF_P_TR] = S_TR,
    [SGF_P_DD] = S_SCRATCH, [SGF_P_VW] = S_SCRATCH, [SGF_P_LB] = S_SCRATCH,
};

static const char *const slot_id[S_COUNT] = {
    "", "AB", "AW", "AE", "TB", "TW", "CR", "MA", "SL", "SQ", "TR", ""
};

#define SLOT_BIT(s) (1u << (s))
#define GROUP_SETUP (SLOT_BIT(S_AB) | SLOT_BIT(S_AW) | SLOT_BIT(S_AE))
#define GROUP_TERRITORY (SLOT_BIT(S_TB) | SLOT_BIT(S_TW))
#define GROUP_MARKUP (SLOT_BIT(S_CR) | SLOT_BIT(S_MA) | SLOT_BIT(S_SL) | \
                      SLOT_BIT(S_SQ) | SLOT_BIT(S_TR))

_Static_assert(SGF_P_COUNT < 255, "kinds fit the byte tables");
_Static_assert(F_KO < (1u << 16), "node flags fit the short tables");

/* ---- walk state ---- */

/* What a node passes down its path. */
typedef struct path_state {
    const sgf_prop *gameinfo; /* first game-info property above, or NULL */
    int moves;                /* B/W nodes on the path so far */
} path_state;

/* A variation still to visit and the state of its parent. */
typedef struct pending {
    const sgf_node *node;
    path_state st;
} pending;

#define UNKNOWN_SEEN_MAX 32

typedef struct vctx {
    sgf_game *g;
    int w, h;              /* board size clamped to 1..52 */
    bool go;               /* GM[1]: points are Go points */
    bool big;              /* a side > 19: "tt" is a point, not a pass */
    unsigned slots_used;   /* bitmaps filled in the current node */
    uint64_t obsolete_seen[(SGF_P_COUNT + 63) / 64];
    const char *unknown_seen[UNKNOWN_SEEN_MAX];
    unsigned nunknown;
    pending *stack;
    size_t depth, cap;
    pending local[64];
    point_set sets[S_COUNT];
} vctx;

/* ---- small helpers ---- */

/* A value as it may appear in a one-line UTF-8 message: short, control
 * bytes as \xNN, and non-ASCII bytes as \xNN too unless the game's text is
 * UTF-8 and they form whole UTF-8 characters. */
typedef struct shown { char s[72]; } shown;

/* Length of the valid UTF-8 character at s[0..n), 0 if none. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
               : s[0] >= 0xE0 ? 3
               : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return len;
}

static const char *show(shown *b, const char *raw, size_t len, bool utf8)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)raw;
    size_t i = 0, o = 0;

    while (i < len && o + 8 < sizeof b->s) {
        unsigned char ch = s[i];
        size_t n = utf8 && ch >= 0x80 ? utf8_char(s + i, len - i) : 0;
        if (n) {
            memcpy(b->s + o, s + i, n);
            o += n;
            i += n;
        } else if (ch < 0x20 || ch >= 0x7f) {
            b->s[o++] = '\\';
            b->s[o++] = 'x';
            b->s[o++] = hex[ch >> 4];
            b->s[o++] = hex[ch & 15u];
            i++;
        } else {
            b->s[o++] = (char)ch;
            i++;
        }
    }
    if (i < len) {
        b->s[o++] = '.';
        b->s[o++] = '.';
        b->s[o++] = '.';
    }
    b->s[o] = '\0';
    return b->s;
}

static const char *show_value(shown *b, const sgf_game *g, const sgf_value *v)
{
    return show(b, v->raw, v->len, g->cs_kind == CS_UTF8);
}

static void point_name(char out[3], int x, int y)
{
    out[0] = (char)(x < 26 ? 'a' + x : 'A' + (x - 26));
    out[1] = (char)(y < 26 ? 'a' + y : 'A' + (y - 26));
    out[2] = '\0';
}

static bool has_non_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return true;
    return false;
}

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* White space before or after the value: readers that trim accept it, the
 * grammar does not (converting.html lists it among the common faults). */
static bool padded(const char *s, size_t n)
{
    return n > 0 && (is_space(s[0]) || is_space(s[n - 1]));
}

static bool all_space(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_space(s[i]))
            return false;
    return n > 0;
}

/* FF[4] Number: [+-]digits.  *out is clamped, it only feeds range checks. */
static bool parse_number(const char *s, size_t n, long *out)
{
    size_t i = 0;
    long v = 0;
    bool neg = false;

    if (n > 0 && (s[0] == '+' || s[0] == '-')) {
        neg = s[0] == '-';
        i = 1;
    }
    if (i == n)
        return false;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        if (v < 100000000L)
            v = v * 10 + (s[i] - '0');
    }
    if (out)
        *out = neg ? -v : v;
    return true;
}

/* FF[4] Real: Number ["." Digit {Digit}].  One pass: BL/WL on every move
 * of timed server games make this the second most frequent value. */
static bool is_real(const char *s, size_t n)
{
    size_t i = n > 0 && (s[0] == '+' || s[0] == '-'), start = i;

    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == start)
        return false;
    if (i == n)
        return true;
    if (s[i] != '.')
        return false;
    start = ++i;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    return i == n && i > start;
}

/* Offset of the first ':' not escaped by '\\', or -1. */
static long compose_colon(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\')
            i++;
        else if (s[i] == ':')
            return (long)i;
    }
    return -1;
}

static unsigned prop_flags(int kind)
{
    unsigned k = (unsigned)kind;
    if (k > SGF_P_UNKNOWN)
        k = SGF_P_UNKNOWN;
    return class_flags[kind_class[k]] | kind_extra_flags[k];
}

static const sgf_prop *first_with(const sgf_node *n, unsigned flags)
{
    for (const sgf_prop *p = n->props; p; p = p->next)
        if (prop_flags(p->kind) & flags)
            return p;
    return NULL;
}

/* A value that breaks its property's grammar: non-ASCII bytes among the
 * first ascii_len bytes (the part that must be US-ASCII) are the more telling
 * diagnosis (a text in the wrong place, a charset accident); anything else is
 * a type error described by what. */
static void bad_value_part(vctx *c, const sgf_prop *p, const sgf_value *v,
                           int move, size_t ascii_len, const char *what)
{
    shown b;
    bool all_ascii = ascii_len >= v->len;
    if (has_non_ascii(v->raw, all_ascii ? v->len : ascii_len))
        game_report(c->g, SGF_C_NON_ASCII_VALUE, v->pos, move,
                    all_ascii ? "%s[%s] holds bytes outside US-ASCII; %s values "
                                "must be ASCII"
                              : "%s[%s] holds bytes outside US-ASCII; the point "
                                "of %s values must be ASCII",
                    p->id, show_value(&b, c->g, v), p->id);
    else
        game_report(c->g, SGF_C_VALUE_TYPE, v->pos, move, "%s[%s] %s%s", p->id,
                    show_value(&b, c->g, v), what,
                    all_ascii && padded(v->raw, v->len)
                        ? " (no white space around non-text values)" : "");
}

static void bad_value(vctx *c, const sgf_prop *p, const sgf_value *v, int move,
                      const char *what)
{
    bad_value_part(c, p, v, move, v->len, what);
}

static void empty_value(vctx *c, const sgf_prop *p, const sgf_value *v,
                        int move, const char *needs)
{
    game_report(c->g, SGF_C_EMPTY_VALUE, v->pos, move,
                "%s[] is empty; %s (%s) needs %s", p->id, p->id,
                kind_name[p->kind], needs);
}

static void outside(vctx *c, const sgf_prop *p, const sgf_value *v, int move)
{
    shown b;
    game_report(c->g, SGF_C_POINT_OUTSIDE, v->pos, move,
                "%s[%s] is outside the %dx%d board", p->id, show_value(&b, c->g, v),
                c->w, c->h);
}

/* The first value after the first that was written in the same list:
 * values the parser joined from a repeated identifier (C[a]C[b], Fox's two
 * AP) are its duplicate-property, not a list.  NULL when there is none. */
static const sgf_value *extra_value(const vctx *c, const sgf_prop *p)
{
    const char *src = c->g->src;

    for (uint32_t i = 1; i < p->nvalues; i++) {
        const sgf_value *prev = &p->values[i - 1];
        size_t from = (size_t)prev->pos + prev->len + 2; /* after its ']' */
        size_t to = p->values[i].pos;
        bool listed = src && from <= to && to <= c->g->len;
        for (size_t j = from; listed && j < to; j++)
            listed = is_space(src[j]);
        if (listed)
            return &p->values[i];
    }
    return NULL;
}

static void too_many(vctx *c, const sgf_prop *p, int move, const char *why)
{
    const sgf_value *v = extra_value(c, p);
    if (v)
        game_report(c->g, SGF_C_TOO_MANY_VALUES, v->pos, move,
                    "%s has %u values; %s", p->id, (unsigned)p->nvalues, why);
}

/* ---- moves ---- */

/* The bulk of all values: one B/W value that is a point on the board or
 * an empty pass.  Everything else goes to check_move_slow. */
static inline bool plain_move(const vctx *c, const sgf_prop *p)
{
    const sgf_value *v = p->values;

    if (p->nvalues != 1 || !c->go)
        return false;
    if (v->len == 2) {
        int x = point_coord(v->raw[0]), y = point_coord(v->raw[1]);
        /* x, y < 0 wrap to huge and fail the same compare */
        return (unsigned)x < (unsigned)c->w && (unsigned)y < (unsigned)c->h &&
               !(c->big && x == 19 && y == 19);
    }
    return v->len == 0;
}

/* A pass or a "tt" move: used to guess what a "tt" on a big board meant. */
static bool pass_like(const sgf_node *n)
{
    if (!n)
        return false;
    for (const sgf_prop *p = n->props; p; p = p->next)
        if ((p->kind == SGF_P_B || p->kind == SGF_P_W) && p->nvalues > 0) {
            const sgf_value *v = &p->values[0];
            return v->len == 0 || (v->len == 2 && v->raw[0] == 't' &&
                                   v->raw[1] == 't');
        }
    return false;
}

/* Everything but a plain "xy" on the board; see check_prop for that. */
static void check_move_slow(vctx *c, const sgf_node *n, const sgf_prop *p,
                            const sgf_value *v, int move)
{
    shown b;
    int x, y;

    if (v->len == 0)
        return;
    if (all_space(v->raw, v->len)) {
        game_report(c->g, SGF_C_PASS_FORMAT, v->pos, move,
                    "%s[%s] is a pass written with white space; FF[4] writes %s[]",
                    p->id, show_value(&b, c->g, v), p->id);
        return;
    }
    if (v->len == 2 && v->raw[0] == '`' && v->raw[1] == '`') {
        /* web boards and gibo converters: '`' is the letter before 'a' */
        game_report(c->g, SGF_C_PASS_FORMAT, v->pos, move,
                    "%s[``] is a pass written as ``; FF[4] writes %s[]",
                    p->id, p->id);
        return;
    }
    if (v->len != 2 || point_coord(v->raw[0]) < 0 ||
        point_coord(v->raw[1]) < 0) {
        bad_value(c, p, v, move, "is not a move (two letters, or empty for a pass)");
        return;
    }
    x = point_coord(v->raw[0]);
    y = point_coord(v->raw[1]);
    if (x == 19 && y == 19) {
        if (!c->big)
            return; /* the FF[3] pass, still valid up to 19x19 */
        if (x >= c->w || y >= c->h) {
            game_report(c->g, SGF_C_PASS_FORMAT, v->pos, move,
                        "%s[tt] is not a point of the %dx%d board and means a "
                        "pass only up to 19x19; FF[4] writes %s[]",
                        p->id, c->w, c->h, p->id);
            return;
        }
        /* A real point here.  It is worth a word only where a pass is
         * likely: at the end of a line or next to another pass. */
        if (!n->child || pass_like(n->child) || pass_like(n->parent))
            game_report(c->g, SGF_C_PASS_FORMAT, v->pos, move,
                        "%s[tt] on a %dx%d board is the point tt, not a pass "
                        "(an FF[3] pass? FF[4] writes %s[])",
                        p->id, c->w, c->h, p->id);
        return;
    }
    if (x >= c->w || y >= c->h) {
        if (x == c->w && y == c->h && c->w == c->h)
            game_report(c->g, SGF_C_POINT_OUTSIDE, v->pos, move,
                        "%s[%s] is outside the %dx%d board (a pass written "
                        "like 'tt'? FF[4] writes %s[])",
                        p->id, show_value(&b, c->g, v), c->w, c->h, p->id);
        else
            outside(c, p, v, move);
    }
}

/* ---- point lists ---- */

static void check_point_list(vctx *c, const sgf_prop *p, unsigned k, int move)
{
    unsigned slot = kind_slot[k] != S_NONE ? kind_slot[k] : S_SCRATCH;
    point_set *set = &c->sets[slot];
    shown b;

    point_set_clear(set);
    for (uint32_t i = 0; i < p->nvalues; i++) {
        const sgf_value *v = &p->values[i];
        point_rect r;
        char nm[3];
        unsigned had;

        switch (point_value_parse(v->raw, v->len, c->w, c->h, &r)) {
        case PV_EMPTY:
            if (kind_list[k] == SGF_L_ELIST && p->nvalues == 1)
                continue; /* DD[] VW[] TB[] TW[]: "clear" or "none" */
            if (p->nvalues == 1)
                empty_value(c, p, v, move, "at least one point");
            else
                game_report(c->g, SGF_C_EMPTY_VALUE, v->pos, move,
                            "%s has an empty value among its points", p->id);
            continue;
        case PV_SYNTAX:
            bad_value(c, p, v, move, "is not a point nor a rectangle ul:lr");
            continue;
        case PV_OUTSIDE:
            outside(c, p, v, move);
            continue;
        case PV_RECT_1X1:
            point_name(nm, r.x0, r.y0);
            game_report(c->g, SGF_C_BAD_RECTANGLE, v->pos, move,
                        "%s[%s]: a 1x1 rectangle must be written as the point [%s]",
                        p->id, show_value(&b, c->g, v), nm);
            break;
        case PV_RECT_ORDER:
            game_report(c->g, SGF_C_BAD_RECTANGLE, v->pos, move,
                        "%s[%s]: a rectangle must be written upper-left:lower-right",
                        p->id, show_value(&b, c->g, v));
            break;
        case PV_POINT:
        case PV_RECT:
            break;
        }
        had = point_set_add(set, &r);
        if (had == 0)
            continue;
        if (r.x0 == r.x1 && r.y0 == r.y1)
            game_report(c->g, SGF_C_DUPLICATE_POINT, v->pos, move,
                        "%s[%s] repeats a point already in %s", p->id,
                        show_value(&b, c->g, v), p->id);
        else
            game_report(c->g, SGF_C_DUPLICATE_POINT, v->pos, move,
                        "%s[%s] overlaps %u point%s already in %s", p->id,
                        show_value(&b, c->g, v), had, had == 1 ? "" : "s", p->id);
    }
    if (slot == S_SCRATCH)
        return;

    /* Overlaps with the other properties of the group seen in this node. */
    unsigned group = (SLOT_BIT(slot) & GROUP_SETUP) ? GROUP_SETUP
                   : (SLOT_BIT(slot) & GROUP_TERRITORY) ? GROUP_TERRITORY
                   : GROUP_MARKUP;
    int check = group == GROUP_SETUP ? SGF_C_SETUP_OVERLAP
              : group == GROUP_TERRITORY ? SGF_C_TERRITORY_OVERLAP
              : SGF_C_MARKUP_OVERLAP;
    unsigned others = c->slots_used & group;
    for (unsigned t = S_AB; others && t < S_SCRATCH; t++) {
        if (!(others & SLOT_BIT(t)))
            continue;
        others &= ~SLOT_BIT(t);
        int fx, fy;
        unsigned common = point_set_common(set, &c->sets[t], &fx, &fy);
        if (common) {
            char nm[3];
            point_name(nm, fx, fy);
            game_report(c->g, check, p->pos, move,
                        "%s and %s share %u point%s (first %s); a point may "
                        "appear in only one of them in a node",
                        slot_id[t], p->id, common, common == 1 ? "" : "s", nm);
        }
    }
    c->slots_used |= SLOT_BIT(slot);
}

/* LB: point ':' simpletext; one label per point. */
static void check_labels(vctx *c, const sgf_prop *p, int move)
{
    point_set *set = &c->sets[S_SCRATCH];
    shown b;

    point_set_clear(set);
    for (uint32_t i = 0; i < p->nvalues; i++) {
        const sgf_value *v = &p->values[i];
        point_rect r;

        if (v->len == 0) {
            empty_value(c, p, v, move, "point:text");
            continue;
        }
        if (v->len < 3 || v->raw[2] != ':') {
            bad_value_part(c, p, v, move, 2, "is not point:text");
            continue;
        }
        switch (point_value_parse(v->raw, 2, c->w, c->h, &r)) {
        case PV_POINT:
            break;
        case PV_OUTSIDE:
            outside(c, p, v, move);
            continue;
        default:
            bad_value_part(c, p, v, move, 2, "is not point:text");
            continue;
        }
        if (point_set_add(set, &r))
            game_report(c->g, SGF_C_DUPLICATE_POINT, v->pos, move,
                        "%s[%s] labels point %.2s a second time", p->id,
                        show_value(&b, c->g, v), v->raw);
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* AR, LN: point ':' point; no one-point lines, no line twice (LN[aa:bb]
 * and LN[bb:aa] are one line, AR[aa:bb] and AR[bb:aa] two arrows). */
static void check_lines(vctx *c, const sgf_prop *p, unsigned k, int move)
{
    uint64_t local[32], *keys = local;
    size_t nkeys = 0;
    shown b;

    if (p->nvalues > 32) {
        keys = arena_alloc(&c->g->a, p->nvalues * sizeof *keys);
        if (!keys) {
            c->g->nomem = true;
            return;
        }
    }
    for (uint32_t i = 0; i < p->nvalues; i++) {
        const sgf_value *v = &p->values[i];
        point_rect a, e;
        point_value_status sa, se;

        if (v->len == 0) {
            empty_value(c, p, v, move, "point:point");
            continue;
        }
        if (v->len != 5 || v->raw[2] != ':') {
            bad_value(c, p, v, move, "is not point:point");
            continue;
        }
        sa = point_value_parse(v->raw, 2, c->w, c->h, &a);
        se = point_value_parse(v->raw + 3, 2, c->w, c->h, &e);
        if (sa == PV_SYNTAX || se == PV_SYNTAX) {
            bad_value(c, p, v, move, "is not point:point");
            continue;
        }
        if (sa == PV_OUTSIDE || se == PV_OUTSIDE) {
            outside(c, p, v, move);
            continue;
        }
        uint32_t from = (uint32_t)a.y0 * SGF_MAX_BOARD + a.x0;
        uint32_t to = (uint32_t)e.y0 * SGF_MAX_BOARD + e.x0;
        if (from == to) {
            game_report(c->g, SGF_C_ONE_POINT_LINE, v->pos, move,
                        "%s[%s] starts and ends at the same point", p->id,
                        show_value(&b, c->g, v));
            continue;
        }
        if (k == SGF_P_LN && from > to) {
            uint32_t t = from;
            from = to;
            to = t;
        }
        keys[nkeys++] = ((uint64_t)(from * SGF_MAX_BOARD * SGF_MAX_BOARD + to) << 32) | i;
    }
    if (nkeys < 2)
        return;
    qsort(keys, nkeys, sizeof *keys, cmp_u64);
    for (size_t i = 1; i < nkeys; i++)
        if (keys[i] >> 32 == keys[i - 1] >> 32) {
            const sgf_value *v = &p->values[(uint32_t)keys[i]];
            game_report(c->g, SGF_C_DUPLICATE_LINE, v->pos, move,
                        "%s[%s] repeats %s already given in this node", p->id,
                        show_value(&b, c->g, v), k == SGF_P_AR ? "an arrow" : "a line");
        }
}

/* ---- root properties with their own checks ---- */

static void check_size(vctx *c, const sgf_prop *p, const sgf_value *v, int move)
{
    shown b;
    long cols = 0, rows = 0;   /* rows = cols reads cols when the parse fails */
    long colon = compose_colon(v->raw, v->len);
    bool ok;

    if (colon < 0) {
        ok = parse_number(v->raw, v->len, &cols);
        rows = cols;
    } else {
        ok = parse_number(v->raw, (size_t)colon, &cols) &&
             parse_number(v->raw + colon + 1, v->len - (size_t)colon - 1, &rows);
    }
    if (!ok) {
        const char *t = sgf_value_text(c->g, p, 0, NULL);
        int w, h;
        bool ff4;
        if (has_non_ascii(v->raw, v->len))
            bad_value(c, p, v, move, "");
        else if (v == p->values && t &&
                 gameinfo_parse_size(t, &w, &h, &ff4) &&
                 !padded(v->raw, v->len))
            game_report(c->g, SGF_C_BAD_SIZE, v->pos, move,
                        "SZ[%s] is not a board size (SZ[n] or "
                        "SZ[columns:rows]); read as %dx%d",
                        show_value(&b, c->g, v), w, h);
        else
            game_report(c->g, SGF_C_BAD_SIZE, v->pos, move,
                        "SZ[%s] is not a board size (SZ[n] or SZ[columns:rows])%s",
                        show_value(&b, c->g, v),
                        padded(v->raw, v->len)
                            ? "; no white space around the numbers" : "");
        return;
    }
    if (cols < 1 || rows < 1 || (c->go && (cols > SGF_MAX_BOARD || rows > SGF_MAX_BOARD)))
        game_report(c->g, SGF_C_BAD_SIZE, v->pos, move,
                    "SZ[%s] is not a board size from 1 to %d",
                    show_value(&b, c->g, v), SGF_MAX_BOARD);
    else if (colon >= 0 && cols == rows)
        game_report(c->g, SGF_C_BAD_SIZE, v->pos, move,
                    "SZ[%s]: a square board must be written SZ[%ld]",
                    show_value(&b, c->g, v), cols);
}

static void check_number_range(vctx *c, const sgf_prop *p, const sgf_value *v,
                               int move, long lo, long hi, int check,
                               const char *what)
{
    shown b;
    long n;

    if (!parse_number(v->raw, v->len, &n) || n < lo || n > hi) {
        if (has_non_ascii(v->raw, v->len))
            bad_value(c, p, v, move, "");
        else
            game_report(c->g, check, v->pos, move, "%s[%s] is not %s", p->id,
                        show_value(&b, c->g, v), what);
    }
}

static void check_game(vctx *c, const sgf_node *n, const sgf_prop *p,
                       const sgf_value *v, int move)
{
    shown b;
    long gm;

    if (!parse_number(v->raw, v->len, &gm) || gm < 1) {
        bad_value(c, p, v, move, "is not a game number (1 is Go)");
        return;
    }
    if (gm != 1 && !n->parent)
        game_report(c->g, SGF_C_NOT_GO, v->pos, move,
                    "GM[%s]: the game is not Go (GM[1]); Go-specific checks "
                    "were skipped", show_value(&b, c->g, v));
}

/* ---- one value of a single-valued property, by type ---- */

static void check_single(vctx *c, const sgf_node *n, const sgf_prop *p,
                         unsigned k, const sgf_value *v, int move)
{
    long colon;

    switch (k) {
    case SGF_P_SZ:
        if (v->len == 0)
            empty_value(c, p, v, move, "a board size");
        else
            check_size(c, p, v, move);
        return;
    case SGF_P_FF:
        if (v->len == 0)
            empty_value(c, p, v, move, "a number from 1 to 4");
        else
            check_number_range(c, p, v, move, 1, 4, SGF_C_BAD_FF,
                               "a file format from 1 to 4");
        return;
    case SGF_P_GM:
        if (v->len == 0)
            empty_value(c, p, v, move, "a number (1 for Go)");
        else
            check_game(c, n, p, v, move);
        return;
    case SGF_P_ST:
        if (v->len == 0)
            empty_value(c, p, v, move, "a number from 0 to 3");
        else
            check_number_range(c, p, v, move, 0, 3, SGF_C_VALUE_TYPE,
                               "a variation style from 0 to 3");
        return;
    case SGF_P_PM:
        if (v->len == 0)
            empty_value(c, p, v, move, "0, 1 or 2");
        else
            check_number_range(c, p, v, move, 0, 2, SGF_C_VALUE_TYPE,
                               "a print mode 0, 1 or 2");
        return;
    case SGF_P_KM:
    case SGF_P_TM:
    case SGF_P_HA:
        /* Their grammars, server scales included, belong to gameinfo.c and
         * komi.c (bad-komi, bad-time, bad-handicap); only the empty value is ours. */
        if (v->len == 0)
            empty_value(c, p, v, move, k == SGF_P_KM ? "a real number"
                                     : k == SGF_P_TM ? "a number of seconds"
                                     : "a number of stones");
        return;
    case SGF_P_RE:
    case SGF_P_DT:
        /* SimpleText, but with a format FF[4] calls mandatory: an empty
         * one says nothing (result.c and date.c read the others). */
        if (v->len == 0)
            empty_value(c, p, v, move, k == SGF_P_RE
                        ? "a result (B+R, W+3.5, 0, Void, or ? when unknown)"
                        : "a date (YYYY-MM-DD)");
        return;
    default:
        break;
    }

    switch (kind_type[k]) {
    case SGF_T_NONE:
        /* Some servers (seen in AlphaGo match records) write komi as KO. */
        if (v->len != 0)
            bad_value(c, p, v, move, k == SGF_P_KO && is_real(v->raw, v->len)
                                     ? "must be empty (komi? that is KM)"
                                     : "must be empty");
        return;
    case SGF_T_NUMBER:
        if (v->len == 0)
            empty_value(c, p, v, move, "a number");
        else if (!parse_number(v->raw, v->len, NULL))
            bad_value(c, p, v, move, "is not a number");
        return;
    case SGF_T_REAL:
        if (v->len == 0)
            empty_value(c, p, v, move, "a real number");
        else if (!is_real(v->raw, v->len))
            bad_value(c, p, v, move, "is not a real number");
        return;
    case SGF_T_DOUBLE:
        if (v->len == 0)
            empty_value(c, p, v, move, "1 or 2");
        else if (v->len != 1 || (v->raw[0] != '1' && v->raw[0] != '2'))
            bad_value(c, p, v, move, "must be 1 (normal) or 2 (emphasised)");
        return;
    case SGF_T_COLOR:
        if (v->len == 0)
            empty_value(c, p, v, move, "B or W");
        else if (v->len != 1 || (v->raw[0] != 'B' && v->raw[0] != 'W'))
            bad_value(c, p, v, move, "must be B or W");
        return;
    case SGF_T_SIMPLE_SIMPLE:
        if (v->len == 0)
            empty_value(c, p, v, move, "name:version");
        else if (compose_colon(v->raw, v->len) < 0) { /* text: any bytes */
            /* FF[4] wants "name:version", but servers (Fox's AP[YuanYu])
             * and engines write only the name: a style matter, no data is
             * lost or ambiguous. */
            shown b;
            game_report(c->g, SGF_C_AP_FORMAT, v->pos, move,
                        "%s[%s] has no version (FF[4] form is name:version)",
                        p->id, show_value(&b, c->g, v));
        }
        return;
    case SGF_T_FIGURE:
        if (v->len == 0)
            return;
        colon = compose_colon(v->raw, v->len);
        if (colon < 0 || !parse_number(v->raw, (size_t)colon, NULL))
            bad_value_part(c, p, v, move, colon < 0 ? 0 : (size_t)colon,
                           "is neither empty nor flags:name");
        return;
    case SGF_T_NUMBER_NUMBER:
        if (v->len == 0) {
            empty_value(c, p, v, move, "number:number");
            return;
        }
        colon = compose_colon(v->raw, v->len);
        if (colon < 0 || !parse_number(v->raw, (size_t)colon, NULL) ||
            !parse_number(v->raw + colon + 1, v->len - (size_t)colon - 1, NULL))
            bad_value(c, p, v, move, "is not number:number");
        return;
    default:
        /* Text, SimpleText and types we do not know: anything goes. */
        return;
    }
}

/* ---- properties ---- */

/* why: what the property is, " (...)", or "" when nothing is known. */
static void note_unknown(vctx *c, const sgf_prop *p, int move, const char *why)
{
    for (unsigned i = 0; i < c->nunknown; i++)
        if (strcmp(c->unknown_seen[i], p->id) == 0)
            return;
    if (c->nunknown < UNKNOWN_SEEN_MAX)
        c->unknown_seen[c->nunknown++] = p->id;
    game_report(c->g, SGF_C_UNKNOWN_PROPERTY, p->pos, move,
                "%.32s%s is not an FF[4] property; kept as it is", p->id, why);
}

static const char *obsolete_hint(unsigned k)
{
    switch (k) {
    case SGF_P_L: return "; FF[4] uses LB";
    case SGF_P_M: return "; FF[4] uses MA or TR";
    case SGF_P_KI: return "; FF[4] uses KM";
    case SGF_P_CH: return "; FF[4] uses TE or IT";
    default: return "";
    }
}

static void check_prop(vctx *c, const sgf_node *n, const sgf_prop *p, int move)
{
    unsigned k = (unsigned)p->kind;

    if (k > SGF_P_UNKNOWN)
        k = SGF_P_UNKNOWN;
    if (p->nvalues == 0)
        return;

    if (k == SGF_P_B || k == SGF_P_W) {
        const sgf_value *v = p->values;
        if (plain_move(c, p))
            return;
        if (p->nvalues > 1)
            too_many(c, p, move, "a node holds one move");
        if (c->go)
            check_move_slow(c, n, p, v, move);
        return;
    }

    int ff4 = dialect_kind(n, p);
    if (ff4 != p->kind) {
        game_report(c->g, SGF_C_DIALECT_PROPERTY, p->pos, move,
                    "%s is the %s in the Nihon Kiin's dialect of the "
                    "game-info node: read as %s", p->id,
                    ff4 == SGF_P_KM ? "komi" : ff4 == SGF_P_DT ? "date" : "title",
                    sgf_prop_info_get(ff4)->id);
        return;
    }
    const char *meaning = dialect_meaning(n, p);
    if (k == SGF_P_UNKNOWN || meaning) {
        note_unknown(c, p, move, meaning ? meaning : "");
        return;
    }
    if (kind_class[k] == SGF_CL_OBSOLETE) {
        uint64_t bit = (uint64_t)1 << (k & 63u);
        if (!(c->obsolete_seen[k >> 6] & bit)) {
            c->obsolete_seen[k >> 6] |= bit;
            game_report(c->g, SGF_C_OBSOLETE_PROPERTY, p->pos, move,
                        "%s (%s) is an FF[1]-FF[3] property that FF[4] "
                        "dropped%s; kept as it is", p->id, kind_name[k],
                        obsolete_hint(k));
        }
        return;
    }

    switch (kind_type[k]) {
    case SGF_T_POINT:
    case SGF_T_STONE:
        if (c->go)
            check_point_list(c, p, k, move);
        return;
    case SGF_T_POINT_TEXT:
        if (c->go)
            check_labels(c, p, move);
        return;
    case SGF_T_POINT_POINT:
        if (c->go)
            check_lines(c, p, k, move);
        return;
    default:
        break;
    }
    if (kind_list[k] == SGF_L_ONE) {
        if (p->nvalues > 1)
            too_many(c, p, move, "it takes one");
        check_single(c, n, p, k, &p->values[0], move);
    } else {
        for (uint32_t i = 0; i < p->nvalues; i++)
            check_single(c, n, p, k, &p->values[i], move);
    }
}

/* ---- nodes ---- */

static const char *annotation_pair(unsigned flags, unsigned group,
                                   const sgf_node *n, const sgf_prop **second)
{
    const char *first = NULL;
    *second = NULL;
    for (const sgf_prop *p = n->props; p; p = p->next)
        if (prop_flags(p->kind) & group & flags) {
            if (!first) {
                first = p->id;
            } else {
                *second = p;
                break;
            }
        }
    return first;
}

static unsigned bits(unsigned v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* The placement rules of FF[4]: which properties may share a node, which
 * belong to the root, one game-info node per path. */
static void check_placement(vctx *c, const sgf_node *n, unsigned flags,
                            int move, path_state *st)
{
    sgf_game *g = c->g;
    bool root = n->parent == NULL;
    const sgf_prop *p, *q;

    if ((flags & F_BW) == F_BW) {
        p = first_with(n, F_BW);
        q = p ? first_with(n, p->kind == SGF_P_B ? F_W : F_B) : NULL;
        if (q)
            game_report(g, SGF_C_TWO_MOVES, q->pos, move,
                        "B and W in one node; a node holds one move");
    }
    if ((flags & F_MOVE) && (flags & F_SETUP)) {
        p = first_with(n, F_MOVE);
        q = first_with(n, F_SETUP);
        if (p && q)
            game_report(g, SGF_C_MOVE_AND_SETUP, q->pos, move,
                        "%s and %s in one node; move and setup properties "
                        "must not be mixed", q->id, p->id);
    }
    if (root && (flags & F_BW)) {
        p = first_with(n, F_BW);
        if (p)
            game_report(g, SGF_C_MOVE_IN_ROOT, p->pos, move,
                        "%s in the root node; moves should start in the "
                        "second node", p->id);
    }
    if (!root && (flags & F_ROOT)) {
        for (p = n->props; p; p = p->next)
            if (prop_flags(p->kind) & F_ROOT)
                game_report(g, SGF_C_ROOT_NOT_IN_ROOT, p->pos, move,
                            "%s outside the root node; root properties "
                            "belong in the game's first node", p->id);
    }
    if (flags & F_GAMEINFO) {
        gameinfo_check_node(g, n);
        p = first_with(n, F_GAMEINFO);
        if (st->gameinfo && p)
            game_report(g, SGF_C_GAMEINFO_TWICE, p->pos, move,
                        "%s: a node above on this path already holds game "
                        "information (%s); FF[4] allows one game-info node "
                        "per path", p->id, st->gameinfo->id);
        else if (!st->gameinfo)
            st->gameinfo = p;
    }
    if ((flags & F_KO) && !(flags & F_BW)) {
        p = first_with(n, F_KO);
        if (p)
            game_report(g, SGF_C_KO_WITHOUT_MOVE, p->pos, move,
                        "KO in a node without B or W; KO marks a move");
    }
    if (flags & F_ANNOTATION) {
        if (!(flags & F_BW)) {
            p = first_with(n, F_ANNOTATION);
            if (p)
                game_report(g, SGF_C_ANNOTATION_NO_MOVE, p->pos, move,
                            "%s in a node without B or W; move annotations "
                            "need a move", p->id);
        }
        if (bits(flags & F_ANNOTATION) > 1) {
            const char *a = annotation_pair(flags, F_ANNOTATION, n, &q);
            if (a && q)
                game_report(g, SGF_C_ANNOTATION_CONFLICT, q->pos, move,
                            "%s and %s in one node; BM, DO, IT and TE are "
                            "mutually exclusive", a, q->id);
        }
    }
    if (bits(flags & F_NODE_ANNOTATION) > 1) {
        const char *a = annotation_pair(flags, F_NODE_ANNOTATION, n, &q);
        if (a && q)
            game_report(g, SGF_C_ANNOTATION_CONFLICT, q->pos, move,
                        "%s and %s in one node; DM, GB, GW and UC are "
                        "mutually exclusive", a, q->id);
    }
}

static void check_node(vctx *c, const sgf_node *n, path_state *st)
{
    unsigned flags = 0;
    int move = 0;
    const sgf_prop *p = n->props;

    /* A node that is one plain move and nothing else: nothing to check
     * beyond counting it. */
    if (p && !p->next && (p->kind == SGF_P_B || p->kind == SGF_P_W) &&
        n->parent && plain_move(c, p)) {
        st->moves++;
        return;
    }
    /* the dialect's KO and TE are game information, not marks of a move */
    for (; p; p = p->next)
        flags |= prop_flags(dialect_kind(n, p));
    if (flags & F_BW)
        move = ++st->moves;
    if ((flags & F_NEEDS_NODE_CHECKS) || (flags & F_BW) == F_BW || !n->parent)
        check_placement(c, n, flags, move, st);
    c->slots_used = 0;
    for (p = n->props; p; p = p->next)
        check_prop(c, n, p, move);
}

/* ---- the walk ---- */

static bool push(vctx *c, const sgf_node *n, const path_state *st)
{
    if (c->depth == c->cap) {
        pending *s = arena_double(&c->g->a, c->stack, &c->cap, sizeof *s);
        if (!s) {
            c->g->nomem = true;
            return false;
        }
        c->stack = s;
    }
    c->stack[c->depth].node = n;
    c->stack[c->depth].st = *st;
    c->depth++;
    return true;
}

static int clamp_side(int v)
{
    if (v < 1)
        return 19; /* bad-size is reported; check points against the default */
    return v > SGF_MAX_BOARD ? SGF_MAX_BOARD : v;
}

void validate_game(sgf_game *g)
{
    /* ~5 KB on the stack (point bitmaps); the bitmaps are cleared when
     * used, everything else is set here. */
    vctx c;
    path_state st = { NULL, 0 };
    const sgf_node *n = g->root;

    c.g = g;
    c.w = clamp_side(g->info.width ? g->info.width : 19);
    c.h = clamp_side(g->info.height ? g->info.height : 19);
    c.go = g->info.gm == 1 || g->info.gm == 0;
    c.big = c.w > 19 || c.h > 19;
    c.slots_used = 0;
    memset(c.obsolete_seen, 0, sizeof c.obsolete_seen);
    c.nunknown = 0;
    c.stack = c.local;
    c.depth = 0;
    c.cap = sizeof c.local / sizeof c.local[0];

    /* Pre-order, iteratively: go down first children; remember each
     * younger sibling with its parent's path state. */
    if (n && n->next && !push(&c, n->next, &st))
        return;
    while (n) {
        /* st becomes the state below n, in place: copying the struct right
         * after a 4-byte update stalls store forwarding on every node. */
        check_node(&c, n, &st);
        if (n->child) {
            if (n->child->next && !push(&c, n->child->next, &st))
                return;
            n = n->child;
            continue;
        }
        if (c.depth == 0)
            break;
        c.depth--;
        n = c.stack[c.depth].node;
        st = c.stack[c.depth].st;
        if (n->next && !push(&c, n->next, &st))
            return;
    }
}
