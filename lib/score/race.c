/*
 * race.c - the replay of a capturing race after a capture that cannot be
 * refused (race.h).
 */
#include "score/race.h"

void race_replay(const pl_board *b, pl_board *work, const pat3_table *pat,
                 int m, int c, unsigned n, uint64_t *rng,
                 uint16_t *own_b, uint16_t *own_w, uint16_t *neutral)
{
    for (unsigned k = 0; k < n; k++) {
        pl_copy(work, b);
        pl_play(work, m, c);
        pl_playout(work, pat, 3 - c, rng, own_b, own_w, neutral);
    }
}

/* The enemy strings joined through their liberties to the string on n:
 * their liberties, their stones, and whether one of those liberties is
 * an eye (every neighbour theirs) or one of the strings pass-alive. */
typedef struct race_group {
    int nheads, nlibs, stones, eye_or_safe;
    int heads[RACE_JOINED];
    int libs[RACE_LIBS_MAX];
} race_group;

static void add_lib(race_group *g, int l)
{
    for (int k = 0; k < g->nlibs; k++)
        if (g->libs[k] == l)
            return;
    g->libs[g->nlibs++] = l;
}

/* Returns 0 when the group is too large to count (RACE_JOINED strings or
 * RACE_LIBS_MAX liberties). */
static int joined_group(const pl_board *b, const sgf_position *p,
                        const unsigned char *map, int n, race_group *g)
{
    const int s = b->stride, c = b->cell[n].color;
    g->nheads = g->nlibs = g->stones = g->eye_or_safe = 0;
    g->heads[g->nheads++] = b->cell[n].head;
    for (int k = 0; k < g->nheads; k++) {
        int h = g->heads[k], libs[RACE_LIBS_MAX];
        int i = board_y(&p->b, h) * p->b.width + board_x(&p->b, h);
        g->eye_or_safe |= (map[i] & SGF_MAP_PASS_ALIVE) != 0;
        g->stones += b->cell[h].size;
        int nl = pl_libs(b, h, libs, RACE_LIBS_MAX - 1);
        if (nl >= RACE_LIBS_MAX)
            return 0;
        for (int l = 0; l < nl; l++) {
            if (g->nlibs >= RACE_LIBS_MAX - 1)
                return 0;
            add_lib(g, libs[l]);
            const int nb[4] = { libs[l] - s, libs[l] - 1, libs[l] + 1, libs[l] + s };
            int theirs = 0;
            for (int d = 0; d < 4; d++)
                theirs += b->cell[nb[d]].color == c || b->cell[nb[d]].color == BOARD_BORDER;
            g->eye_or_safe |= theirs == 4;
            g->nheads = pl_add_neighbour_strings(b, libs[l], c, g->heads,
                                                 g->nheads, RACE_JOINED);
        }
        if (g->nheads >= RACE_JOINED)
            return 0;
    }
    return 1;
}

int race_takes_inside(const pl_board *b, const sgf_position *p,
                      const unsigned char *map, tac *t, void *tmem, int pt,
                      long budget)
{
    const int c = b->cell[pt].color;
    int own[RACE_LIBS_MAX];
    int nown = pl_libs(b, pt, own, RACE_LIBS_MAX - 1);
    int listed = nown < RACE_LIBS_MAX ? nown : RACE_LIBS_MAX - 1;
    int heads[RACE_JOINED * 4];
    int n = pl_add_string_neighbours(b, pt, 3 - c, heads, 0, RACE_JOINED * 4);
    race_group g;
    for (int k = 0; k < n; k++) {
        if (!joined_group(b, p, map, heads[k], &g) || g.eye_or_safe ||
            g.stones < RACE_INSIDE_STONES)
            continue;
        int shared = 0;
        for (int l = 0; l < g.nlibs; l++)
            for (int m = 0; m < listed; m++)
                shared += g.libs[l] == own[m];
        /* every liberty of theirs is the string's: they fill its own
         * ones first (theirs would be self-atari), and with as many of
         * its own as they have, it takes them even moving second; in
         * atari they are step 3e's */
        if (g.nlibs < 2 || shared < g.nlibs || nown - shared < g.nlibs)
            continue;
        tac_init(t, p, tmem);
        if (tac_captured(t, b, heads[k], budget))
            return 1;
    }
    return 0;
}

enum { RACE_MOVES = 24 };

static void race_add(int *moves, int *n, int pt)
{
    tac_add_move(moves, n, RACE_MOVES, pt);
}

/* Adds the liberty of each string of colour col in atari next to the
 * string on pt: the captures that give that string liberties. */
static void race_captures_next_to(const pl_board *b, int pt, int col,
                                  int *moves, int *nm)
{
    int heads[RACE_MOVES];
    int n = pl_add_string_neighbours(b, b->cell[pt].head, col, heads, 0,
                                     RACE_MOVES);
    for (int i = 0; i < n; i++)
        if (pl_atari(b, heads[i]))
            race_add(moves, nm, atari_lib(b, heads[i]));
}

static int race_defend(tac *t, int d, int x, int y);

/* Does the empty point pt touch the string on x? */
static int next_to(const pl_board *b, int pt, int x)
{
    const int s = b->stride, h = b->cell[x].head;
    const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
    for (int k = 0; k < 4; k++)
        if (b->cell[nb[k]].color == b->cell[x].color && b->cell[nb[k]].head == h)
            return 1;
    return 0;
}

/* The attacker (x's colour) to move on ply d: does it take y? */
static int race_attack(tac *t, int d, int x, int y)
{
    const pl_board *b = &t->stack[d];
    const int a = b->cell[x].color;
    int libs[RACE_OUT_LIBS + 1], size, cap;
    int n = pl_libs(b, y, libs, RACE_OUT_LIBS);
    if (n == 1 && libs[0] != b->ko && pl_probe(b, libs[0], a, &size, &cap) > 0)
        return 1;
    /* n liberties take n attacker moves and n - 1 answers */
    if (n >= RACE_OUT_LIBS || d + 2 * n - 1 > TAC_DEPTH || ++t->nodes > t->budget)
        return 0;
    int moves[RACE_MOVES], nm = 0, xl[RACE_OUT_LIBS + 1];
    /* captures that free x, then y's liberties, then x's own (extensions) */
    race_captures_next_to(b, x, 3 - a, moves, &nm);
    for (int i = 0; i < n; i++)
        race_add(moves, &nm, libs[i]);
    /* a liberty x's colour fills only as a self-atari is approached from
     * x first (t->approach): a stone joined to x next to it */
    const int first_app = nm;
    for (int i = 0; i < n && t->approach; i++) {
        const int l = libs[i], s = b->stride;
        if (pl_probe(b, l, a, &size, &cap) != 1 || cap > 0)
            continue;
        const int nb[4] = { l - s, l - 1, l + 1, l + s };
        for (int k = 0; k < 4; k++)
            if (b->cell[nb[k]].color == SGF_EMPTY && next_to(b, nb[k], x) &&
                pl_probe(b, nb[k], a, &size, &cap) == 2)
                race_add(moves, &nm, nb[k]);
    }
    const int first_ext = nm;
    int nx = pl_libs(b, x, xl, RACE_OUT_LIBS);
    /* with more liberties than y and a move to spare, x need not extend */
    for (int i = 0; i < nx && nx <= n + 1; i++)
        race_add(moves, &nm, xl[i]);
    for (int i = 0; i < nm; i++) {
        int m = moves[i];
        if (m == b->ko)
            continue;
        int nl = pl_probe(b, m, a, &size, &cap);
        if (nl == 0)
            continue;
        pl_board *nb = &t->stack[d + 1];
        pl_copy_play(nb, b, m, a);
        if (nb->cell[y].color != 3 - a)
            return 1;
        /* an approach must not cost x a liberty */
        if (i >= first_app && i < first_ext && pl_libs(nb, x, xl, RACE_OUT_LIBS) < nx)
            continue;
        /* an extension must gain x a liberty */
        if (i >= first_ext && pl_libs(nb, x, xl, RACE_OUT_LIBS) <= nx)
            continue;
        if (race_defend(t, d + 1, x, y))
            return 1;
    }
    return 0;
}

/* The defender (y's colour) to move on ply d: is y taken whatever it
 * does? */
static int race_defend(tac *t, int d, int x, int y)
{
    const pl_board *b = &t->stack[d];
    const int c = b->cell[y].color;
    if (b->cell[x].color != 3 - c)
        return 0;                    /* x was taken: the race is lost */
    int libs[RACE_OUT_LIBS + 1], xl[RACE_OUT_LIBS + 1];
    int n = pl_libs(b, y, libs, RACE_OUT_LIBS);
    if (n >= RACE_OUT_LIBS || d + 2 * n > TAC_DEPTH + 1 || ++t->nodes > t->budget)
        return 0;
    int moves[RACE_MOVES], nm = 0;
    /* captures that free y, x's liberties, then y's own */
    race_captures_next_to(b, y, 3 - c, moves, &nm);
    /* filling x's liberties wins only the race of a string as short as
     * y, or one liberty longer (y moves first) */
    int nx = pl_libs(b, x, xl, RACE_OUT_LIBS);
    for (int i = 0; i < nx && nx <= n + 1; i++)
        race_add(moves, &nm, xl[i]);
    for (int i = 0; i < n; i++)
        race_add(moves, &nm, libs[i]);
    for (int i = 0; i < nm; i++) {
        int m = moves[i];
        if (!tac_defence(b, m, c))
            continue;
        pl_board *nb = &t->stack[d + 1];
        pl_copy_play(nb, b, m, c);
        if (nb->cell[x].color != 3 - c)
            return 0;
        if (!race_attack(t, d + 1, x, y))
            return 0;
    }
    /* pass: in a seki, every move of one's own loses */
    pl_copy_play(&t->stack[d + 1], b, 0, c);
    return race_attack(t, d + 1, x, y);
}

int race_captures(tac *t, const pl_board *b, int x, int y, long budget)
{
    tac_start(t, b, budget);
    return race_defend(t, 0, x, y);
}

int race_lost_neighbour(const pl_board *b, const sgf_position *p,
                        const unsigned char *map, tac *t, void *tmem, int pt,
                        long budget, int approach)
{
    const int c = b->cell[pt].color;
    int heads[RACE_JOINED * 4], ready = 0;
    int n = pl_add_string_neighbours(b, pt, 3 - c, heads, 0, RACE_JOINED * 4);
    for (int k = 0; k < n; k++) {
        int h = heads[k], libs[RACE_SEARCH_LIBS + 1];
        int i = board_y(&p->b, h) * p->b.width + board_x(&p->b, h);
        if (b->cell[h].size < RACE_SEARCH_STONES ||
            (map[i] & SGF_MAP_PASS_ALIVE) ||
            pl_libs(b, h, libs, RACE_SEARCH_LIBS) > RACE_SEARCH_LIBS)
            continue;
        if (!ready) {
            tac_init(t, p, tmem);
            ready = 1;
        }
        t->approach = approach;
        if (race_captures(t, b, pt, h, budget))
            return h;
    }
    return 0;
}

int race_replay_taken(const pl_board *b, pl_board *work, const pat3_table *pat,
                      int y, int c, unsigned n, uint64_t *rng,
                      uint16_t *own_b, uint16_t *own_w, uint16_t *neutral)
{
    int libs[RACE_OUT_LIBS + 1], size, cap;
    int nl = pl_libs(b, y, libs, RACE_OUT_LIBS);
    if (nl > RACE_OUT_LIBS)
        return 0;
    pl_copy(work, b);
    for (int i = 0; i < nl; i++) {
        if (pl_probe(work, libs[i], c, &size, &cap) == 0)
            return 0;
        pl_play(work, libs[i], c);
    }
    if (work->cell[y].color == 3 - c)
        return 0;
    for (unsigned k = 0; k < n; k++) {
        if (k > 0) {
            pl_copy(work, b);
            for (int i = 0; i < nl; i++)
                pl_play(work, libs[i], c);
        }
        pl_playout(work, pat, 3 - c, rng, own_b, own_w, neutral);
    }
    return 1;
}
