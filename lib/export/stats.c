/*
 * stats.c - what sgfstat compares of a game to find the same game recorded
 * twice (doc/sgfstat.md, "Duplicate signatures"): the main line's moves
 * under the board symmetry that makes the sequence smallest, hashed whole
 * and at fixed prefix lengths, plus Dyer's signature as sgfconvert prints
 * it.
 *
 * Why the smallest image: if record A is a prefix of record B, the
 * symmetry that makes B smallest also makes A smallest (a smaller image of
 * A would give a smaller image of B), so a truncated record hashes to the
 * prefix hash of the full one.  Colours are taken relative to the first
 * mover, which makes a colour-swapped record the same sequence.  Setup
 * stones (AB, AW, AE of the main line) are part of the game: a problem's
 * answer on another position is another record, so they go into every hash.
 */
#include <stdbool.h>
#include <limits.h>
#include <string.h>

#include "common/hash.h"
#include "export/jsonl.h"
#include "sgf/game.h"
#include "sgf/points.h"

/* Prefix lengths: about 1.5 times each other, so a truncated record of n
 * moves is compared over at least two thirds of them. */
static const unsigned levels[SGF_SIG_LEVELS] = {
    14, 20, 30, 45, 67, 100, 150, 225, 337, 505
};

unsigned sgf_sig_level(size_t i)
{
    return i < SGF_SIG_LEVELS ? levels[i] : 0;
}

/* Also what code_map_of derives the walk's per-game map from. */
static void transform(int t, int w, int h, int *x, int *y)
{
    int a = *x, b = *y;
    if (t & 1)
        a = w - 1 - a;
    if (t & 2)
        b = h - 1 - b;
    if (t & 4) {            /* square boards only: swap the axes */
        int c = a;
        a = b;
        b = c;
    }
    *x = a;
    *y = b;
}

void sgf_sig_transform(int t, int w, int h, int *x, int *y)
{
    transform(t, w, h, x, y);
}

/* One move read from a node: 1 a point, 0 a pass, -1 a bad value. */
static inline int read_move(const sgf_prop *p, int w, int h, int *x, int *y)
{
    /* nearly every move is two lowercase letters on the board: that case
     * without the general decoder costs a third of the walk less ("tt",
     * a pass on boards up to 19x19, is off those boards: a < w fails) */
    if (p->nvalues == 1 && p->values[0].len == 2) {
        const char *v = p->values[0].raw;
        unsigned a = (unsigned)(v[0] - 'a'), b = (unsigned)(v[1] - 'a');
        if (a < (unsigned)w && a < 26 && b < (unsigned)h && b < 26) {
            *x = (int)a;
            *y = (int)b;
            return 1;
        }
    }
    size_t len;
    const char *v = move_value(p, &len);
    return sgf_point_decode(v, len, w, h, x, y);
}

static inline int is_pass(const sgf_prop *p, int w, int h)
{
    if (p->nvalues == 1) {
        const char *v = p->values[0].raw;
        uint32_t len = p->values[0].len;
        if (len == 0)
            return 1;
        /* two bytes, the first neither a blank (move_value would trim it)
         * nor 't': whatever they are, not "tt" nor empty, so not a pass
         * (nearly every move; read_move would say the same, slower) */
        if (len == 2 && v[0] != 't' && v[0] > ' ')
            return 0;
    }
    int x, y;
    return read_move(p, w, h, &x, &y) == 0;
}

static unsigned move_code(int kind, int t, int w, int h, int x, int y)
{
    if (kind == 0)
        return SGF_SIG_PASS;
    if (kind < 0)
        return SGF_SIG_BAD;
    transform(t, w, h, &x, &y);
    return (unsigned)(y * SGF_MAX_BOARD + x);
}

static uint64_t mix(uint64_t z)
{
    /* splitmix64's finaliser: FNV's high bits alone mix poorly */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* v's two bytes, low first */
static uint64_t fnv16(uint64_t h, unsigned v)
{
    return fnv1a_byte(fnv1a_byte(h, (unsigned char)(v & 0xff)),
                      (unsigned char)(v >> 8));
}

static bool is_move(const sgf_prop *p)
{
    return p->kind == SGF_P_B || p->kind == SGF_P_W;
}

/* The main line's moves in order, one at a time: the phases of the walk
 * below each take the moves they need from where the one before stopped. */
typedef struct move_cursor {
    const sgf_node *n;
    const sgf_prop *p;       /* the next property of n to look at */
} move_cursor;

static bool is_setup(const sgf_prop *p)
{
    return p->kind == SGF_P_AB || p->kind == SGF_P_AW || p->kind == SGF_P_AE;
}

/* The next move, or with setup set the next move or setup property. */
static inline const sgf_prop *next_prop(move_cursor *c, bool setup)
{
    const sgf_node *n = c->n;
    const sgf_prop *p = c->p;
    for (;;) {
        for (; p; p = p->next)
            if (is_move(p) || (setup && is_setup(p))) {
                c->n = n;
                c->p = p->next;
                return p;
            }
        if (!n || !(n = n->child))
            break;
        p = n->props;
    }
    c->n = NULL;
    c->p = NULL;
    return NULL;
}

static inline const sgf_prop *next_move(move_cursor *c)
{
    return next_prop(c, false);
}

static move_cursor line_start(const sgf_game *g)
{
    move_cursor c = { g->root, g->root ? g->root->props : NULL };
    return c;
}

/* The code of the setup stones of property p under transform t: each
 * stone's (how many moves came before it, its kind relative to the first
 * mover, its point) mixed, and summed, so that their order in the record
 * does not matter. */
static uint64_t setup_codes(const sgf_prop *p, unsigned before, int t, int w,
                            int h, int first)
{
    uint64_t sum = 0;
    uint64_t kind = p->kind == SGF_P_AE ? 2
                    : (p->kind == SGF_P_AB) == (first == SGF_BLACK) ? 0 : 1;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        point_rect r;
        point_value_status st = point_value_parse(p->values[i].raw,
                                                  p->values[i].len, w, h, &r);
        if (st != PV_POINT && st != PV_RECT && st != PV_RECT_1X1 &&
            st != PV_RECT_ORDER)
            continue;
        for (int y = r.y0; y <= r.y1; y++)
            for (int x = r.x0; x <= r.x1; x++) {
                int a = x, b = y;
                transform(t, w, h, &a, &b);
                uint64_t code = (uint64_t)before << 16 | kind << 12 |
                                (uint64_t)(b * SGF_MAX_BOARD + a);
                sum += mix(code + 1);
            }
    }
    return sum;
}

/* Every setup stone of the main line under t: only to choose between
 * symmetries the moves leave (pick_transform).  0 without setup. */
static uint64_t setup_hash(const sgf_game *g, int t, int w, int h, int first)
{
    uint64_t sum = 0;
    unsigned before = 0;
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *p = n->props; p; p = p->next) {
            before += is_move(p);
            if (is_setup(p))
                sum += setup_codes(p, before, t, w, h, first);
        }
    return sum;
}

/* Setup read since the last move goes into the hash before the next move
 * (or at the end): root setup before every prefix, later setup from where
 * it stands. */
static uint64_t fold_setup(uint64_t hash, uint64_t *pending)
{
    for (int k = 0; *pending && k < 64; k += 16)
        hash = fnv16(hash, (unsigned)(*pending >> k) & 0xffffu);
    *pending = 0;
    return hash;
}

/* The symmetries left after comparing the images of the moves one by
 * one: usually a single one after the first move or two.  When the moves
 * leave several (none at all, or a symmetric sequence), the setup decides:
 * the symmetry of the smallest setup hash. */
static int pick_transform(const sgf_game *g, int w, int h)
{
    unsigned alive = w == h ? 0xffu : 0x0fu;
    int first = 0;
    move_cursor c = line_start(g);
    const sgf_prop *p;
    while ((alive & (alive - 1)) != 0 && (p = next_move(&c))) {
        int color = p->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE;
        if (!first)
            first = color;
        int x = 0, y = 0, kind = read_move(p, w, h, &x, &y);
        unsigned rel = color == first ? 0 : SGF_SIG_OTHER;
        unsigned best = ~0u, code[8];
        for (int t = 0; t < 8; t++)
            if (alive & (1u << t)) {
                code[t] = rel | move_code(kind, t, w, h, x, y);
                if (code[t] < best)
                    best = code[t];
            }
        for (int t = 0; t < 8; t++)
            if ((alive & (1u << t)) && code[t] != best)
                alive &= ~(1u << t);
    }
    int best = -1;
    uint64_t best_setup = 0;
    for (int t = 0; t < 8; t++) {
        if (!(alive & (1u << t)))
            continue;
        if (!(alive & (alive - 1)))
            return t;
        uint64_t v = setup_hash(g, t, w, h, first ? first : SGF_BLACK);
        if (best < 0 || v < best_setup) {
            best = t;
            best_setup = v;
        }
    }
    return best < 0 ? 0 : best;
}

/* The moves and passes of the rest of the main line from c: the loop most
 * moves of a game take without hashes, so it tests nothing else. */
static void count_rest(move_cursor c, int w, int h, unsigned *moves,
                       unsigned *passes)
{
    unsigned m = 0, k = 0;
    const sgf_prop *p;
    while ((p = next_move(&c))) {
        m++;
        k += (unsigned)is_pass(p, w, h);
    }
    *moves += m;
    *passes += k;
}

/* The code of a point under the game's transform, worked out once a game
 * rather than point by point: transform() is affine, so its images of
 * three points give c0 + cx * x + cy * y. */
typedef struct code_map {
    int c0, cx, cy;
} code_map;

static int code_at(int t, int w, int h, int x, int y)
{
    transform(t, w, h, &x, &y);
    return y * SGF_MAX_BOARD + x;
}

static code_map code_map_of(int t, int w, int h)
{
    code_map m;
    m.c0 = code_at(t, w, h, 0, 0);
    m.cx = code_at(t, w, h, 1, 0) - m.c0;
    m.cy = code_at(t, w, h, 0, 1) - m.c0;
    return m;
}

/* move_code(read_move(p)) for the game's transform; *kind as read_move
 * gives it. */
static inline unsigned code_of(const sgf_prop *p, const code_map *m, int w,
                               int h, int *kind)
{
    int x = 0, y = 0;
    *kind = read_move(p, w, h, &x, &y);
    if (*kind <= 0)
        return *kind == 0 ? SGF_SIG_PASS : SGF_SIG_BAD;
    return (unsigned)(m->c0 + m->cx * x + m->cy * y);
}

static inline void dyer_fill(sgf_game_sig *out, unsigned number,
                             const sgf_prop *p, const sgf_info *in)
{
    /* as JSON Lines and CSV print it (jsonl.c): the board as the game
     * gives it, not the one the codes fall back on */
    int slot = number <= DYER_LAST ? dyer_index((int)number) : -1;
    if (slot >= 0)
        dyer_slot(out->dyer, slot, p, in->width, in->height);
}

int sgf_game_signature(sgf_game *g, unsigned flags, sgf_game_sig *out)
{
    if (!g || !out)
        return SGF_E_ARG;
    memset(out, 0, sizeof *out);
    memcpy(out->dyer, "????????????", 13);
    out->bytes = g->len;
    const sgf_info *in = sgf_game_info(g);
    int w = in->width, h = in->height;
    if (w < 1 || h < 1 || w > SGF_MAX_BOARD || h > SGF_MAX_BOARD)
        w = h = 19;

    int t = pick_transform(g, w, h);
    out->transform = t;
    code_map m = code_map_of(t, w, h);
    bool hashed = flags & SGF_SIG_HASH, dyer = flags & SGF_SIG_DYER;
    uint64_t hash = FNV1A_BASIS;
    hash = fnv16(hash, (unsigned)w);
    hash = fnv16(hash, (unsigned)h);
    uint64_t pending = 0;    /* setup codes not yet in the hash */
    int first_color = 0;     /* of the first move, found when needed */
    unsigned number = 0, passes = 0, next_level = levels[0];
    unsigned coded = hashed ? UINT_MAX : SGF_SIG_OPENING;
    size_t level = 0;
    int first_kind = -1;     /* SGF_P_* of the first move (SGF_P_B is 0) */
    move_cursor c = line_start(g);
    const sgf_prop *p;
    /* the opening, and every move when hashes are wanted: coded */
    while (number < coded &&
           (p = next_prop(&c, hashed))) {
        if (is_setup(p)) {
            if (!first_color) {
                /* colours relative to the first mover: look ahead */
                move_cursor fc = c;
                const sgf_prop *fm = first_kind >= 0 ? NULL : next_move(&fc);
                first_color = first_kind >= 0 ? out->first_color
                              : fm && fm->kind == SGF_P_W ? SGF_WHITE
                              : SGF_BLACK;
            }
            uint64_t v = setup_codes(p, number, t, w, h, first_color);
            pending += v;
            out->setup += v;
            continue;
        }
        number++;
        if (first_kind < 0) {
            first_kind = p->kind;
            out->first_color = p->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE;
        }
        int kind;
        unsigned code = code_of(p, &m, w, h, &kind);
        if (p->kind != first_kind)
            code |= SGF_SIG_OTHER;
        passes += kind == 0;
        if (number <= SGF_SIG_OPENING)
            out->opening[out->nopening++] = (uint16_t)code;
        if (dyer)
            dyer_fill(out, number, p, in);
        if (!hashed)
            continue;
        hash = fold_setup(hash, &pending);
        hash = fnv16(hash, code);
        if (number == next_level) {
            /* never 0: 0 means "shorter than this" */
            uint32_t v = (uint32_t)(mix(hash) >> 32);
            out->prefix[level++] = v ? v : 1;
            next_level = level < SGF_SIG_LEVELS ? levels[level] : UINT_MAX;
        }
    }
    /* then Dyer's moves, and past them only passes are counted */
    while (dyer && number < DYER_LAST && (p = next_move(&c))) {
        number++;
        passes += (unsigned)is_pass(p, w, h);
        dyer_fill(out, number, p, in);
    }
    out->passes = passes;
    count_rest(c, w, h, &number, &out->passes);
    out->moves = number;
    if (hashed)
        out->hash = mix(fold_setup(hash, &pending) ^ number);
    return SGF_OK;
}
