/*
 * test_race.c - the race search of the dead-stone estimator (race.c,
 * step 3f) on hand-made races: who takes whom with the defender first.
 */
#include <stdlib.h>
#include "score/playout.h"
#include "score/tactics.h"
#include "score/race.h"
#undef CHECK
#include "harness.h"
#include "sgfkit.h"
#include "rows.h"

/* race_captures on rows for the strings on (xx, xy) and (yx, yy):
 * does x's colour take y with y's owner first?  -1 when it cannot run.
 * approach: step 3g's search, where x may approach a liberty. */
static int takes_with(const char *const *rows, int h, int xx, int xy, int yx,
                      int yy, int approach)
{
    sgf_position *p = from_rows(rows, h);
    if (!p)
        return -1;
    int s = sgf_position_width(p) + 1;
    pl_board b;
    tac *t = malloc(sizeof *t);
    void *cells = malloc(pl_bytes(p)), *mem = malloc(tac_bytes(p));
    int r = -1;
    if (t && cells && mem) {
        pl_load(&b, p, cells);
        tac_init(t, p, mem);
        t->approach = approach;
        /* board.h's points: one border row above, stride width + 1 */
        r = race_captures(t, &b, (xy + 1) * s + xx, (yy + 1) * s + yx, 20000);
    }
    free(t);
    free(cells);
    free(mem);
    sgf_position_free(p);
    return r;
}

static int takes(const char *const *rows, int h, int xx, int xy, int yx, int yy)
{
    return takes_with(rows, h, xx, xy, yx, yy, 0);
}

/* The estimate of rows: is the stone on (x, y) dead, with seed? */
static int dead_at(const char *const *rows, int h, int x, int y, uint64_t seed)
{
    sgf_position *p = from_rows(rows, h);
    if (!p)
        return -1;
    int w = sgf_position_width(p);
    unsigned char *map = malloc((size_t)(w * h));
    sgf_estimate_options o = { .seed = seed };
    int r = -1;
    if (map && sgf_position_estimate_dead(p, &o, map) >= 0)
        r = (map[y * w + x] & SGF_MAP_DEAD) != 0;
    free(map);
    sgf_position_free(p);
    return r;
}

int main(void)
{
    /* Black's 6 stones (row 2-3) have four liberties, White's 7 (rows
     * 4-5) three, none shared: Black wins even with White first. */
    static const char *const four_three[] = {
        ".......",
        "OOOOOOO",
        "O....XO",
        "OXXXXXO",
        "XOOOOOX",
        "X...OOX",
        "XXXXXXX",
        ".......",
    };
    CHECK_INT(takes(four_three, 8, 1, 3, 1, 4), 1);
    /* and White never takes Black, whoever starts */
    CHECK_INT(takes(four_three, 8, 1, 4, 1, 3), 0);

    /* three liberties each: the side to move wins, so White first saves
     * its string (a search whose defender only shortens strings of two
     * liberties or fewer, tactics.c's, proves the capture) */
    static const char *const three_three[] = {
        ".......",
        "OOOOOOO",
        "O...XXO",
        "OXXXXXO",
        "XOOOOOX",
        "X...OOX",
        "XXXXXXX",
        ".......",
    };
    CHECK_INT(takes(three_three, 8, 1, 3, 1, 4), 0);
    CHECK_INT(takes(three_three, 8, 1, 4, 1, 3), 0);

    /* Step 3g's approach (the top seven rows of KGS 2015-05-01-1):
     * White's 11 stones on l18 have three liberties, l19, m19 and m17,
     * next to Black's n19 in atari.  White first takes n19 at m19, and
     * Black's l19 is then a self-atari that White answers at k19.  Black
     * plays k19 first, joined to its string on d18 at no cost of a
     * liberty, and wins the race even with White first; the search
     * without the approach finds no win. */
    static const char *const approach[] = {
        "..OX........XOOXXO.",
        "..OXXXXXXXOOOOXX.XO",
        "..OOOOOOOXO.OXXX.XX",
        "..OXO.OXOOXXOOXXXXO",
        "..OXOOXXXOXXOXXOOXO",
        "..OXX.XX.X..XOOOOOO",
        ".OOOXX.XXXXXXXO...O",
    };
    CHECK_INT(takes_with(approach, 7, 3, 1, 10, 1, 1), 1);
    CHECK_INT(takes_with(approach, 7, 3, 1, 10, 1, 0), 0);
    /* and White never takes Black's string, approach or not */
    CHECK_INT(takes_with(approach, 7, 10, 1, 3, 1, 1), 0);

    /* The estimate: the playouts kill both strings of the first race and
     * step 4 kept the White one, the surer of the two; step 3f reads
     * that Black wins even with White first (whatever the seed). */
    static const char *const race9[] = {
        ".........",
        ".OOOOOOO.",
        ".O....XO.",
        ".OXXXXXO.",
        ".XOOOOOX.",
        ".X...OOX.",
        ".XXXXXXX.",
        ".........",
        ".........",
    };
    for (uint64_t seed = 0; seed < 4; seed++) {
        CHECK_INT(dead_at(race9, 9, 2, 3, seed), 0);
        CHECK_INT(dead_at(race9, 9, 2, 4, seed), 1);
    }

    TEST_END();
}
