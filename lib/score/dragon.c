/*
 * dragon.c - the life of a group of several strings read as a whole
 * (dragon.h).
 *
 * Each node rebuilds the dragon from the string read: captures and new
 * stones change which strings it holds.  Its eye spaces are the closed
 * areas next to it (empty points and attacker stones, no stone of another
 * string of its colour) of at most EYE_MAX points.  The search is an
 * AND/OR search with three answers (alive, dead, cut): a line cut by
 * depth or budget decides nothing, so that an answer is read out to the
 * dragon's eyes or its capture on every line that decides it.
 */
#include <string.h>
#include "score/dragon.h"

/* Eye spaces larger than this are open (the dragon's outside). */
enum { EYE_MAX = 10 };
/* A defender that takes this many of the attacker's stones that were on
 * the board at the start has broken out: the attacker's sacrifices
 * inside an eye space are stones the search played.  Unless one of them
 * was settled: the playouts keep it alive, so the attacker had a defence
 * that the search does not generate, and the line decides nothing. */
enum { BREAK_STONES = 6 };
/* Set in seen on the points of an open eye space (seen's other marks are
 * below it). */
#define OPEN_MARK 0x80000000u
/* Moves a node reads, best first. */
enum { MOVES_PER_NODE = 16 };
/* Attacker strings next to a dragon whose liberties both sides play on
 * (races), at most this many liberties each. */
enum { RACE_LIBS = 3 };

size_t dr_bytes(const sgf_position *p)
{
    return (DR_DEPTH + 1) * pl_bytes(p) + 2 * (size_t)p->b.npoints * sizeof(uint32_t);
}

void dr_init(dr *g, const sgf_position *p, void *mem)
{
    size_t n = pl_bytes(p);
    for (int i = 0; i <= DR_DEPTH; i++)
        pl_attach(&g->stack[i], p, (char *)mem + (size_t)i * n);
    g->stamp = (uint32_t *)(void *)((char *)mem + (size_t)(DR_DEPTH + 1) * n);
    g->seen = g->stamp + p->b.npoints;
    g->npoints = p->b.npoints;
    memset(g->stamp, 0, 2 * (size_t)p->b.npoints * sizeof(uint32_t));
    g->gen = 0;
    g->nodes = g->budget = 0;
}

/* A new mark for stamp and seen (both cleared when it wraps). */
static uint32_t fresh(dr *g)
{
    if (++g->gen >= OPEN_MARK) {
        memset(g->stamp, 0, 2 * (size_t)g->npoints * sizeof(uint32_t));
        g->gen = 1;
    }
    return g->gen;
}

/* Are all four neighbours of the empty q of colour c or off the board? */
static int eye_like(const pl_board *b, int q, int c)
{
    const int s = b->stride;
    const int nb[4] = { q - s, q - 1, q + 1, q + s };
    for (int k = 0; k < 4; k++)
        if (b->cell[nb[k]].color != c && b->cell[nb[k]].color != BOARD_BORDER)
            return 0;
    return 1;
}

/* Builds the dragon of the string on pt into g (heads, liberties, the
 * attacker strings next to it); stamp marks its heads and liberties with
 * the returned mark.  *joined: it joins a settled string (or grows past
 * DR_STRINGS), which ends the reading. */
static uint32_t build(dr *g, const pl_board *b, int pt, int *adj, int *nadj,
                      int *joined)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, c = cl[pt].color, a = 3 - c;
    const uint32_t m = fresh(g);
    /* strings next to a liberty of the dragon, and how many of its
     * liberties each touches */
    int touch_head[64], touch_n[64], ntouch = 0;
    g->nstr = 0;
    g->nlibs = 0;
    *nadj = 0;
    *joined = 0;
    g->mark = m;
    g->heads[g->nstr++] = cl[pt].head;
    g->stamp[cl[pt].head] = m;
    int si = 0, li = 0;
    while (si < g->nstr || li < g->nlibs) {
        if (si < g->nstr) {
            int h = g->heads[si++], q = h;
            if (g->settled[h]) {
                *joined = 1;
                return m;
            }
            do {
                const int nb[4] = { q - s, q - 1, q + 1, q + s };
                for (int k = 0; k < 4; k++) {
                    int n = nb[k];
                    if (cl[n].color == SGF_EMPTY && g->stamp[n] != m) {
                        g->stamp[n] = m;
                        if (g->nlibs < DR_MOVES)
                            g->libs[g->nlibs++] = (uint16_t)n;
                    } else if (cl[n].color == a && *nadj < DR_STRINGS) {
                        int hh = cl[n].head, dup = 0;
                        for (int j = 0; j < *nadj && !dup; j++)
                            dup = adj[j] == hh;
                        if (!dup)
                            adj[(*nadj)++] = hh;
                    }
                }
                q = cl[q].next;
            } while (q != h);
            continue;
        }
        int q = g->libs[li++];
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        int eye = eye_like(b, q, c);
        for (int k = 0; k < 4; k++) {
            int n = nb[k];
            if (cl[n].color != c || g->stamp[cl[n].head] == m)
                continue;
            int hh = cl[n].head, j = 0;
            while (j < ntouch && touch_head[j] != hh)
                j++;
            if (j == ntouch) {
                if (ntouch == 64)
                    continue;
                touch_head[ntouch] = hh;
                touch_n[ntouch++] = 0;
            }
            /* two shared liberties, or an eye-like point: not to be cut */
            if (eye || ++touch_n[j] >= 2) {
                if (g->nstr == DR_STRINGS) {
                    *joined = 1;
                    return m;
                }
                g->stamp[hh] = m;
                g->heads[g->nstr++] = hh;
            }
        }
    }
    return m;
}

/* The eye value of a one-point eye space q of colour c, in half eyes: 2
 * a true eye, 1 one the attacker makes false with one move unanswered,
 * 0 a false eye.  On the edge one attacker diagonal makes it false, in
 * the middle two. */
static int point_eye(const pl_board *b, int q, int c)
{
    const int s = b->stride;
    const int diag[4] = { q - s - 1, q - s + 1, q + s - 1, q + s + 1 };
    int off = 0, enemy = 0, empty = 0;
    for (int k = 0; k < 4; k++) {
        int col = b->cell[diag[k]].color;
        off += col == BOARD_BORDER;
        enemy += col == 3 - c;
        empty += col == SGF_EMPTY;
    }
    int limit = off ? 1 : 2;
    if (enemy >= limit)
        return 0;
    return enemy + (empty > 0) < limit ? 2 : 1;
}

/* The eyes of the dragon built with mark m, the attacker to move when
 * attacker: each closed eye space's sure eyes, plus the half eyes the
 * defender keeps (every other one, the attacker spoiling first).  The
 * points of the eye spaces go to g->eye. */
static int count_eyes(dr *g, const pl_board *b, uint32_t m, int attacker)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, c = g->c, a = 3 - c;
    const uint32_t v = m;   /* seen's mark for this count */
    int sure = 0, halves = 0;
    g->neye = 0;
    for (int i = 0; i < g->nlibs; i++) {
        if (g->seen[g->libs[i]] == v || g->seen[g->libs[i]] == (v | OPEN_MARK))
            continue;
        int pts[EYE_MAX + 1], n = 0, open = 0, strong_enemy = 0, enemies = 0;
        pts[n++] = g->libs[i];
        g->seen[g->libs[i]] = v;
        for (int j = 0; j < n && !open; j++) {
            const int q = pts[j];
            if (cl[q].color == a) {
                enemies++;
                if (cl[q].head == q && !pl_atari(b, q))
                    strong_enemy = 1;
            }
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4 && !open; k++) {
                int x = nb[k], col = cl[x].color;
                if (col == BOARD_BORDER || g->seen[x] == v)
                    continue;
                if (g->seen[x] == (v | OPEN_MARK)) {
                    open = 1;   /* part of an open space read before */
                    break;
                }
                if (col == c) {
                    /* a stone of another string of the colour: shared */
                    if (g->stamp[cl[x].head] != m)
                        open = 1;
                    continue;
                }
                if (n > EYE_MAX) {
                    open = 1;
                    break;
                }
                g->seen[x] = v;
                pts[n++] = x;
            }
        }
        if (open || n > EYE_MAX) {
            for (int j = 0; j < n; j++)
                g->seen[pts[j]] = v | OPEN_MARK;
            continue;
        }
        for (int j = 0; j < n && g->neye < DR_MOVES; j++)
            if (cl[pts[j]].color == SGF_EMPTY)
                g->eye[g->neye++] = (uint16_t)pts[j];
        /* attacker stones inside: an eye once taken, which costs the
         * defender a move (a half eye); one that lives there, none */
        if (enemies) {
            halves += !strong_enemy || n >= 7;
            continue;
        }
        if (n == 1) {
            int e = point_eye(b, pts[0], c);
            sure += e == 2;
            halves += e == 1;
        } else if (n == 2) {
            sure += 1;
        } else if (n <= 6) {
            int vital;
            if (pl_killing_shape(pts, n, s, &vital)) {
                sure += 1;
                halves += 1;
            } else {
                sure += 2;
            }
        } else {
            sure += 2;
        }
    }
    return sure + (attacker ? halves / 2 : (halves + 1) / 2);
}

/* The node's verdict before any move: DR_ALIVE, DR_DEAD or -1 (read on);
 * adj and nadj receive the attacker strings next to the dragon. */
static int evaluate(dr *g, const pl_board *b, int attacker, int *adj,
                    int *nadj)
{
    if (b->cell[g->tg].color != g->c)
        return DR_DEAD;
    int joined;
    uint32_t m = build(g, b, g->tg, adj, nadj, &joined);
    if (joined || count_eyes(g, b, m, attacker) >= 2)
        return DR_ALIVE;
    return -1;
}

/* Moves of colour col around the dragon evaluate() just built, best
 * first, at most MOVES_PER_NODE: its liberties and their empty
 * neighbours, its eye spaces, the liberties of the short attacker strings
 * next to it and of the short defender strings next to those.  Neither
 * side fills its own eye-like point unless that joins a short string,
 * nor takes a ko. */
static int gen_moves(dr *g, const pl_board *b, int col, const int *adj,
                     int nadj, int *moves)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    const uint32_t v = fresh(g);
    int cand[3 * DR_MOVES], nc = 0;
#define ADD(q) do { if (cl[(q)].color == SGF_EMPTY && g->seen[(q)] != v && \
                        nc < 3 * DR_MOVES) { g->seen[(q)] = v; cand[nc++] = (q); } } while (0)
    for (int i = 0; i < g->nlibs; i++)
        ADD(g->libs[i]);
    for (int i = 0; i < g->neye; i++)
        ADD(g->eye[i]);
    for (int j = 0; j < nadj; j++) {
        int libs[RACE_LIBS + 1];
        int n = pl_libs(b, adj[j], libs, RACE_LIBS);
        if (n > RACE_LIBS)
            continue;
        for (int k = 0; k < n; k++)
            ADD(libs[k]);
        /* a short attacker string gains liberties by taking a short
         * defender string next to it, in the dragon or not */
        int near[16];
        int m = pl_add_string_neighbours(b, adj[j], g->c, near, 0, 16);
        for (int i = 0; i < m; i++) {
            int l2[3];
            int k2 = pl_libs(b, near[i], l2, 2);
            for (int k = 0; k < k2 && k2 <= 2; k++)
                ADD(l2[k]);
        }
    }
    for (int i = 0; i < g->nlibs; i++) {
        const int q = g->libs[i];
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            ADD(nb[k]);
    }
#undef ADD
    int n = 0, rank[MOVES_PER_NODE];
    for (int i = 0; i < nc; i++) {
        int q = cand[i];
        if (q == b->ko)
            continue;
        int size, cap;
        int libs = pl_probe(b, q, col, &size, &cap);
        if (libs == 0 || (cap == 0 && eye_like(b, q, col) && !pl_joins_short(b, q, col)))
            continue;
        /* who wins a ko depends on threats elsewhere */
        if (cap == 1 && size == 1 && libs == 1)
            continue;
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        int next_to = 0;
        for (int k = 0; k < 4; k++)
            next_to |= cl[nb[k]].color == g->c && g->stamp[cl[nb[k]].head] == g->mark;
        int r = cap > 0 ? 0 : libs < 2 ? 4
                : pl_vital_point(b, q) == q ? 1 : next_to ? 2 : 3;
        n = ranked_insert(moves, rank, n, MOVES_PER_NODE, q, r);
    }
    return n;
}

static uint64_t key_of(const pl_board *b, int attacker)
{
    uint64_t k = board_mix64((uint64_t)b->ko << 1 | (uint64_t)attacker);
    for (int q = 0; q < b->npoints; q++)
        if (b->cell[q].color == SGF_BLACK || b->cell[q].color == SGF_WHITE)
            k ^= board_mix64((uint64_t)q << 2 | b->cell[q].color);
    return k | 1;   /* 0 marks a free entry */
}

/* Stones that were on the board at the start among those the defender's
 * stone on q takes on ply d: the strings of the attacker next to q whose
 * last liberty it is.  *settled: one of them was settled at the start. */
static int taken_at_start(const dr *g, int d, int q, int *settled)
{
    const pl_board *b = &g->stack[d];
    const pl_cell *cl = b->cell, *start = g->stack[0].cell;
    int heads[4], n = 0;
    int m = pl_add_neighbour_strings(b, q, 3 - g->c, heads, 0, 4);
    *settled = 0;
    for (int k = 0; k < m; k++) {
        if (!pl_atari(b, heads[k]))
            continue;
        int h = heads[k], r = h;
        do {
            n += start[r].color == 3 - g->c;
            *settled |= start[r].color == 3 - g->c && g->settled[r];
            r = cl[r].next;
        } while (r != h);
    }
    return n;
}

static int node(dr *g, int d, int attacker);

/* The answer of one move: q (0: a pass) played on ply d by the attacker
 * (attacker) or the defender. */
static int child(dr *g, int d, int q, int attacker)
{
    int settled;
    if (!attacker && q && taken_at_start(g, d, q, &settled) >= BREAK_STONES)
        return settled ? DR_UNKNOWN : DR_ALIVE;
    pl_copy_play(&g->stack[d + 1], &g->stack[d], q, attacker ? 3 - g->c : g->c);
    return node(g, d + 1, !attacker);
}

/* The node on ply d, the attacker to move when attacker. */
static int node(dr *g, int d, int attacker)
{
    if (d >= DR_DEPTH || ++g->nodes > g->budget)
        return DR_UNKNOWN;
    const pl_board *b = &g->stack[d];
    int adj[DR_STRINGS], nadj;
    int result = evaluate(g, b, attacker, adj, &nadj);
    if (result >= 0)
        return result;
    uint64_t key = key_of(b, attacker);
    if (tt_get(g->tt, DR_TT, key, &result))
        return result;
    int moves[MOVES_PER_NODE];
    int n = gen_moves(g, b, attacker ? 3 - g->c : g->c, adj, nadj, moves);
    /* the attacker wins with one move that kills; the defender with one
     * that lives, or with a pass (a seki) */
    const int win = attacker ? DR_DEAD : DR_ALIVE;
    /* an attacker with no move here may have one outside what is read */
    int unknown = attacker && n == 0;
    result = attacker ? DR_ALIVE : DR_DEAD;
    for (int i = 0; i < n + !attacker; i++) {
        int r = child(g, d, i < n ? moves[i] : 0, attacker);
        if (r == win) {
            result = win;
            unknown = 0;
            break;
        }
        unknown |= r == DR_UNKNOWN;
    }
    if (unknown)
        result = DR_UNKNOWN;
    if (result != DR_UNKNOWN)   /* a cut line says nothing of the position */
        tt_put(g->tt, DR_TT, key, result);
    return result;
}

int dr_read(dr *g, const pl_board *b, int pt, const uint8_t *settled,
            int first, long budget)
{
    g->tg = pt;
    g->c = b->cell[pt].color;
    g->settled = settled;
    g->nodes = 0;
    g->budget = budget;
    memset(g->tt, 0, sizeof g->tt);
    pl_copy(&g->stack[0], b);
    g->stack[0].ko = 0;
    return node(g, 0, first != g->c);
}
