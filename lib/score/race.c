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
    int heads[RACE_JOINED * 4], n = 0, q = pt;
    do {
        n = pl_add_neighbour_strings(b, q, 3 - c, heads, n, RACE_JOINED * 4);
        q = b->cell[q].next;
    } while (q != pt);
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
