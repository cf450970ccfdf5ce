/*
 * test_eyespace.c - eye spaces that make two eyes whoever moves first
 * (eyespace.c): each shape is shut in by one black string on an 11x11
 * board that White fills around it.
 */
#include <stdlib.h>
#include "score/playout.h"
#include "score/eyespace.h"
#undef CHECK
#include "harness.h"
#include "sgfkit.h"
#include "rows.h"

enum { SIDE = 11 };

/* es_two_eyes for the eye space drawn in shape ('.' its points, top row
 * first) with its top left at (ox, oy): the points next to it, diagonals
 * included, are one black string, every other point White's but a few
 * liberties on the right.  -1 when it cannot run. */
static int two_eyes(const char *const *shape, int h, int ox, int oy,
                    const char *enemy)
{
    char grid[SIDE][SIDE + 1];
    const char *rows[SIDE];
    for (int y = 0; y < SIDE; y++) {
        memset(grid[y], 'O', SIDE);
        grid[y][SIDE] = '\0';
        rows[y] = grid[y];
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; shape[y][x]; x++)
            if (shape[y][x] == '.')
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int gx = ox + x + dx, gy = oy + y + dy;
                        if (gx >= 0 && gx < SIDE && gy >= 0 && gy < SIDE)
                            grid[gy][gx] = 'X';
                    }
    for (int y = 0; y < h; y++)
        for (int x = 0; shape[y][x]; x++)
            if (shape[y][x] == '.')
                grid[oy + y][ox + x] = '.';
    /* White's eyes, far from the shapes */
    for (int y = 0; y < SIDE; y += 2)
        grid[y][SIDE - 1] = '.';
    /* an enemy stone in the eye space, when asked */
    if (enemy)
        grid[oy + enemy[1] - '0'][ox + enemy[0] - '0'] = 'O';
    sgf_position *p = from_rows(rows, SIDE);
    if (!p)
        return -1;
    pl_board b;
    void *cells = malloc(pl_bytes(p));
    int r = -1;
    if (cells) {
        pl_load(&b, p, cells);
        /* board.h's points: one border row above, stride width + 1 */
        for (int q = SIDE + 1; q < b.npoints && r < 0; q++)
            if (b.cell[q].color == SGF_BLACK)
                r = es_two_eyes(&b, q);
    }
    free(cells);
    sgf_position_free(p);
    return r;
}

#define EYES(shape, x, y, want) \
    CHECK_INT(two_eyes(shape, (int)(sizeof shape / sizeof *shape), x, y, NULL), want)

int main(void)
{
    /* the rectangular six on the edge (FHoninbo/17/13's lower left): lives */
    static const char *const six[] = { "..", "..", ".." };
    EYES(six, 0, 3, 1);
    /* ... in the middle too, and not read in the corner (it depends on the
     * outside liberties there) */
    EYES(six, 4, 4, 1);
    EYES(six, 0, 0, 0);
    /* fours: straight, bent and zigzag live; the square and the pyramid die */
    static const char *const straight4[] = { "...." };
    static const char *const straight4v[] = { ".", ".", ".", "." };
    static const char *const bent4[] = { "...", "xx." };
    static const char *const zigzag4[] = { "..x", "x.." };
    static const char *const square4[] = { "..", ".." };
    static const char *const pyramid4[] = { "...", "x.x" };
    EYES(straight4v, 0, 3, 1);
    EYES(bent4, 3, 3, 1);
    EYES(zigzag4, 3, 3, 1);
    EYES(square4, 3, 3, 0);
    EYES(pyramid4, 3, 3, 0);
    /* fives: the bulky and the crossed five die, the bent five lives */
    static const char *const bulky5[] = { "..", "..", ".x" };
    static const char *const crossed5[] = { "x.x", "...", "x.x" };
    static const char *const bent5[] = { "...", "x.x", "x.x" };
    EYES(bulky5, 3, 3, 0);
    EYES(crossed5, 3, 3, 0);
    EYES(bent5, 3, 3, 1);
    /* sixes: the rabbity six dies */
    static const char *const rabbity6[] = { "x.x", "...", "x.." };
    EYES(rabbity6, 3, 3, 0);
    /* three points or fewer: one vital point */
    static const char *const three[] = { "..." };
    EYES(three, 3, 3, 0);
    /* seven points or more live anywhere, the corner included */
    static const char *const seven[] = { "...", "...", ".xx" };
    EYES(seven, 0, 0, 1);
    EYES(straight4, 3, 3, 1);
    /* an enemy stone inside: not an eye space of the string alone */
    CHECK_INT(two_eyes(six, 3, 0, 3, "11"), 0);
    TEST_END();
}
