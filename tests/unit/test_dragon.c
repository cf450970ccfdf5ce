/*
 * test_dragon.c - the dragon reader of the dead-stone estimator (dragon.c,
 * step 3h) on hand-made groups: two eyes, one eye, a seki of two groups
 * without eyes, the same seki once one side has a liberty more, and a
 * race of an eye against outside liberties.
 */
#include <ctype.h>
#include <stdlib.h>
#include "score/playout.h"
#include "score/dragon.h"
#undef CHECK
#include "harness.h"
#include "sgfkit.h"
#include "rows.h"

enum { MAX_ROWS = 9, MAX_COLS = 9 };

/* dr_read on rows ('X' 'O' stones; 'x' 'o' stones settled, alive for
 * sure) for the dragon of the stone on (x, y) with first to move and
 * budget nodes.  -1 when it cannot run. */
static int read_at(const char *const *rows, int h, int x, int y, int first,
                   long budget)
{
    char grid[MAX_ROWS][MAX_COLS + 1];
    const char *up[MAX_ROWS];
    for (int r = 0; r < h; r++) {
        size_t n = strlen(rows[r]);
        for (size_t i = 0; i <= n; i++)
            grid[r][i] = (char)toupper((unsigned char)rows[r][i]);
        up[r] = grid[r];
    }
    sgf_position *p = from_rows(up, h);
    if (!p)
        return -1;
    const int w = sgf_position_width(p), s = w + 1;
    pl_board b;
    dr *g = malloc(sizeof *g);
    void *cells = malloc(pl_bytes(p)), *mem = malloc(dr_bytes(p));
    uint8_t *settled = calloc((size_t)((h + 2) * s), 1);
    int r = -1;
    if (g && cells && mem && settled) {
        pl_load(&b, p, cells);
        dr_init(g, p, mem);
        /* board.h's points: one border row above, stride width + 1 */
        for (int yy = 0; yy < h; yy++)
            for (int xx = 0; xx < w; xx++)
                settled[(yy + 1) * s + xx] = rows[yy][xx] == 'x' || rows[yy][xx] == 'o';
        r = dr_read(g, &b, (y + 1) * s + x, settled, first, budget);
    }
    free(g);
    free(cells);
    free(mem);
    free(settled);
    sgf_position_free(p);
    return r;
}

int main(void)
{
    /* Black's ring around two one-point eyes inside White's wall: alive
     * before any move, whoever is first. */
    static const char *const two_eyes[] = {
        ".........",
        "ooooooo..",
        "oXXXXXo..",
        "oX.X.Xo..",
        "oXXXXXo..",
        "ooooooo..",
        ".........",
    };
    CHECK_INT(read_at(two_eyes, 7, 1, 2, SGF_WHITE, 2000), DR_ALIVE);
    CHECK_INT(read_at(two_eyes, 7, 1, 2, SGF_BLACK, 2000), DR_ALIVE);

    /* The same ring around one space of two points: one eye, dead even
     * with Black first. */
    static const char *const one_eye[] = {
        ".........",
        "ooooooo..",
        "oXXXXXo..",
        "oX..XXo..",
        "oXXXXXo..",
        "ooooooo..",
        ".........",
    };
    CHECK_INT(read_at(one_eye, 7, 1, 2, SGF_BLACK, 2000), DR_DEAD);
    CHECK_INT(read_at(one_eye, 7, 1, 2, SGF_WHITE, 2000), DR_DEAD);

    /* White's six stones and Black's four share their only two
     * liberties, each shut in by the other's settled wall (with liberties
     * enough not to be read): whoever fills one is taken, so both live (a
     * seki) whoever is first. */
    static const char *const seki[] = {
        "xOOXo....",
        "xO.Xo....",
        "xO.Xo....",
        "xOOXo....",
        "xxxoo....",
        "x...o....",
        "x...o....",
        ".........",
    };
    CHECK_INT(read_at(seki, 8, 1, 1, SGF_BLACK, 2000), DR_ALIVE);
    CHECK_INT(read_at(seki, 8, 3, 1, SGF_WHITE, 2000), DR_ALIVE);
    /* read with too small a budget, nothing is decided */
    CHECK_INT(read_at(seki, 8, 1, 1, SGF_BLACK, 1), DR_UNKNOWN);

    /* Black has a liberty more, outside: with Black first it fills a
     * shared one and takes White; with White first White takes that
     * outside liberty and the seki stands. */
    static const char *const longer[] = {
        "xOOXo....",
        "xO.Xo....",
        "xO.Xo....",
        "xOOXo....",
        "xxx.o....",
        "x...o....",
        "x...o....",
        ".........",
    };
    CHECK_INT(read_at(longer, 8, 1, 1, SGF_BLACK, 2000), DR_DEAD);
    CHECK_INT(read_at(longer, 8, 1, 1, SGF_WHITE, 2000), DR_ALIVE);

    /* White's ring has one eye of two points (two liberties), Black's
     * ring around it two outside liberties and no eye.  White first
     * takes an outside liberty and then Black's twelve stones; Black
     * first plays into the eye and takes White. */
    static const char *const race[] = {
        "ooo.oooo.",
        "oXXXXXXo.",
        "oXOOOOXo.",
        "oXO..OXo.",
        "oXOOOOXo.",
        "oXXXXXXo.",
        "ooo.oooo.",
        ".........",
    };
    CHECK_INT(read_at(race, 8, 2, 2, SGF_WHITE, 2000), DR_ALIVE);
    CHECK_INT(read_at(race, 8, 2, 2, SGF_BLACK, 2000), DR_DEAD);
    /* the same with Black's ring settled (the playouts keep it): taking
     * it proves nothing, Black had a defence the search does not see */
    static const char *const race_settled[] = {
        "ooo.oooo.",
        "oxxxxxxo.",
        "oxOOOOxo.",
        "oxO..Oxo.",
        "oxOOOOxo.",
        "oxxxxxxo.",
        "ooo.oooo.",
        ".........",
    };
    CHECK_INT(read_at(race_settled, 8, 2, 2, SGF_WHITE, 2000), DR_UNKNOWN);

    TEST_END();
}
