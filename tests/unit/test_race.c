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
 * does x's colour take y with y's owner first?  -1 when it cannot run. */
static int takes(const char *const *rows, int h, int xx, int xy, int yx, int yy)
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
        /* board.h's points: one border row above, stride width + 1 */
        r = race_captures(t, &b, (xy + 1) * s + xx, (yy + 1) * s + yx, 20000);
    }
    free(t);
    free(cells);
    free(mem);
    sgf_position_free(p);
    return r;
}

/* The estimate of rows: is the stone on (x, y) dead, with seed? */
static int dead_at(const char *const *rows, int h, int x, int y, uint64_t seed)
{
    sgf_position *p = from_rows(rows, h);
    if (!p)
        return -1;
    int w = sgf_position_width(p);
    unsigned char *map = malloc((size_t)(w * h));
    sgf_estimate_options o = { 0, seed };
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
