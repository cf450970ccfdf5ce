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
 * mover, which makes a colour-swapped record the same sequence.
 */
#include <string.h>

#include "export.h"

/* Prefix lengths: about 1.5 times each other, so a truncated record of n
 * moves is compared over at least two thirds of them. */
/* The last move Dyer's signature reads (20, 40, 60, 31, 51, 71). */
#define DYER_LAST 71

static const unsigned levels[SGF_SIG_LEVELS] = {
    14, 20, 30, 45, 67, 100, 150, 225, 337, 505
};

unsigned sgf_sig_level(size_t i)
{
    return i < SGF_SIG_LEVELS ? levels[i] : 0;
}

void sgf_sig_transform(int t, int w, int h, int *x, int *y)
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

/* One move read from a node: 1 a point, 0 a pass, -1 a bad value. */
static int read_move(const sgf_prop *p, int w, int h, int *x, int *y)
{
    /* nearly every move is two lowercase letters on the board: that case
     * without the general decoder costs a third of the walk less */
    if (p->nvalues == 1 && p->values[0].len == 2) {
        const char *v = p->values[0].raw;
        int a = v[0] - 'a', b = v[1] - 'a';
        if (a >= 0 && a < w && a < 26 && b >= 0 && b < h && b < 26 &&
            !(a == 19 && b == 19 && w <= 19 && h <= 19)) {
            *x = a;
            *y = b;
            return 1;
        }
    }
    size_t len;
    const char *v = move_value(p, &len);
    return sgf_point_decode(v, len, w, h, x, y);
}

static int is_pass(const sgf_prop *p, int w, int h)
{
    if (p->nvalues == 1) {
        const char *v = p->values[0].raw;
        uint32_t len = p->values[0].len;
        if (len == 0)
            return 1;
        if (len == 2 && v[0] >= 'a' && v[0] <= 's' && v[1] >= 'a' &&
            v[1] <= 's')
            return 0;        /* a point of any board up to 19x19, not tt */
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
    sgf_sig_transform(t, w, h, &x, &y);
    return (unsigned)(y * SGF_MAX_BOARD + x);
}

static uint64_t mix(uint64_t z)
{
    /* splitmix64's finaliser: FNV's high bits alone mix poorly */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t fnv16(uint64_t h, unsigned v)
{
    h = (h ^ (v & 0xff)) * 0x100000001b3ull;
    return (h ^ (v >> 8)) * 0x100000001b3ull;
}

static bool is_move(const sgf_prop *p)
{
    return p->kind == SGF_P_B || p->kind == SGF_P_W;
}

/* The symmetries left after comparing the images of the moves one by
 * one: usually a single one after the first move or two. */
static int pick_transform(const sgf_game *g, int w, int h)
{
    unsigned alive = w == h ? 0xffu : 0x0fu;
    int first = 0;
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *p = n->props; p; p = p->next) {
            if (!is_move(p))
                continue;
            if ((alive & (alive - 1)) == 0)
                goto done;
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
done:
    for (int t = 0; t < 8; t++)
        if (alive & (1u << t))
            return t;
    return 0;
}

int sgf_game_signature(sgf_game *g, unsigned flags, sgf_game_sig *out)
{
    if (!g || !out)
        return SGF_E_ARG;
    memset(out, 0, sizeof *out);
    out->bytes = g->len;
    const sgf_info *in = sgf_game_info(g);
    int w = in->width, h = in->height;
    if (w < 1 || h < 1 || w > SGF_MAX_BOARD || h > SGF_MAX_BOARD)
        w = h = 19;

    int t = pick_transform(g, w, h);
    out->transform = t;
    uint64_t hash = 0xcbf29ce484222325ull;
    hash = fnv16(hash, (unsigned)w);
    hash = fnv16(hash, (unsigned)h);
    unsigned number = 0;
    size_t level = 0;
    sgf_node *dyer_end = NULL;   /* the node of move 71, Dyer's last */
    for (sgf_node *n = g->root; n; n = n->child) {
        if (number >= DYER_LAST && !dyer_end)
            dyer_end = n->parent;
        for (const sgf_prop *p = n->props; p; p = p->next) {
            if (!is_move(p))
                continue;
            if (number >= SGF_SIG_OPENING && !(flags & SGF_SIG_HASH)) {
                /* past the opening only passes are counted */
                number++;
                out->passes += is_pass(p, w, h);
                continue;
            }
            int color = p->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE;
            if (!out->first_color)
                out->first_color = color;
            int x = 0, y = 0, kind = read_move(p, w, h, &x, &y);
            unsigned code = move_code(kind, t, w, h, x, y);
            if (color != out->first_color)
                code |= SGF_SIG_OTHER;
            if (kind == 0)
                out->passes++;
            if (number < SGF_SIG_OPENING)
                out->opening[out->nopening++] = (uint16_t)code;
            number++;
            if (!(flags & SGF_SIG_HASH))
                continue;
            hash = fnv16(hash, code);
            if (level < SGF_SIG_LEVELS && number == levels[level]) {
                /* never 0: 0 means "shorter than this" */
                uint32_t v = (uint32_t)(mix(hash) >> 32);
                out->prefix[level++] = v ? v : 1;
            }
        }
    }
    out->moves = number;
    memcpy(out->dyer, "????????????", 13);
    if (flags & SGF_SIG_DYER) {
        /* Dyer's signature as JSON Lines and CSV print it (jsonl.c), from
         * the same function; it walks the whole main line, so the line is
         * cut after move 71 while it runs (the game is this thread's) */
        game_summary sum;
        sgf_node *rest = dyer_end ? dyer_end->child : NULL;
        if (dyer_end)
            dyer_end->child = NULL;
        game_summary_read(g, NULL, &sum);
        if (dyer_end)
            dyer_end->child = rest;
        memcpy(out->dyer, sum.dyer, sizeof out->dyer);
    }
    if (flags & SGF_SIG_HASH)
        out->hash = mix(hash ^ number);
    return SGF_OK;
}
