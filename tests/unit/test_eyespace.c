/*
 * test_eyespace.c - eye spaces that make two eyes whoever moves first
 * (eyespace.c): each shape is shut in by one black string on an 11x11
 * board that White fills around it; and strings that cannot be taken
 * (es_uncapturable): sekis inside a ring, true eyes.
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

/* es_uncapturable, or es_three_string_seki when three_strings, on rows
 * ('X' 'O' '.') for the string on (x, y), with every other stone of its
 * colour marked alive when others_alive; -1 when it cannot run. */
static int proof_at(const char *const *rows, int h, int x, int y,
                    int others_alive, int three_strings)
{
    sgf_position *p = from_rows(rows, h);
    if (!p)
        return -1;
    const int s = sgf_position_width(p) + 1, pt = (y + 1) * s + x;
    pl_board b;
    void *cells = malloc(pl_bytes(p));
    unsigned char *alive = NULL;
    int r = -1;
    if (cells) {
        pl_load(&b, p, cells);
        alive = calloc((size_t)b.npoints, 1);
    }
    if (alive) {
        for (int q = 0; q < b.npoints; q++)
            alive[q] = others_alive && b.cell[q].color == b.cell[pt].color &&
                       b.cell[q].head != b.cell[pt].head;
        int partners[2];
        r = three_strings ? es_three_string_seki(&b, pt, alive, partners)
                          : es_uncapturable(&b, pt, alive);
    }
    free(alive);
    free(cells);
    sgf_position_free(p);
    return r;
}

#define UNCAPTURABLE(rows, want) \
    CHECK_INT(proof_at(rows, (int)(sizeof rows / sizeof *rows), 0, 0, 0, 0), want)
#define UNCAPTURABLE_AT(rows, x, y, others_alive, want) \
    CHECK_INT(proof_at(rows, (int)(sizeof rows / sizeof *rows), x, y, \
                       others_alive, 0), want)
#define THREE_STRING_SEKI_AT(rows, x, y, others_alive, want) \
    CHECK_INT(proof_at(rows, (int)(sizeof rows / sizeof *rows), x, y, \
                       others_alive, 1), want)

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

    /* Black's ring (the string on the top left corner) holds White's three
     * stones in a space of five: White's stone on either end is a
     * self-atari whose capture leaves Black a straight four, so Black keeps
     * both inner liberties whatever White does outside. */
    static const char *const ring_five[] = {
        "XXXXXXX..", "X.OOO.X..", "XXXXXXX..", ".........",
    };
    UNCAPTURABLE(ring_five, 1);
    /* two White stones in a space of four: once taken they leave a
     * straight three, which White's stone on its middle kills */
    static const char *const ring_four[] = {
        "XXXXXX...", "X.OO.X...", "XXXXXX...", ".........",
    };
    UNCAPTURABLE(ring_four, 0);
    /* a true eye, and White's three stones in atari in the other space:
     * White's stone there takes nothing and is a suicide */
    static const char *const eye_and_atari[] = {
        "XXXXXXXX.", "X.X.OOOX.", "XXXXXXXX.", ".........",
    };
    UNCAPTURABLE(eye_and_atari, 1);
    /* the same White stones next to a lone Black stone outside, which
     * White may take to lengthen them: nothing is proved */
    static const char *const partner_free[] = {
        "XXXXXXX..", "X.X.OOOX.", "XXXXXXX..", ".........",
    };
    UNCAPTURABLE(partner_free, 0);
    /* White's three stones with a liberty outside the ring: White
     * extends there first, and its stone in the other space is safe */
    static const char *const partner_out[] = {
        "XXXXXXX..", "X.X.OOO..", "XXXXXXX..", ".........",
    };
    UNCAPTURABLE(partner_out, 0);
    /* two true eyes; one space of two points is not enough */
    static const char *const two_eyes_ring[] = {
        "XXXXX....", "X.X.X....", "XXXXX....", ".........",
    };
    static const char *const one_space[] = {
        "XXXX.....", "X..X.....", "XXXX.....", ".........",
    };
    UNCAPTURABLE(two_eyes_ring, 1);
    UNCAPTURABLE(one_space, 0);
    /* partner_free again, the lone Black stone known alive: White cannot
     * take it to lengthen its stones */
    UNCAPTURABLE_AT(partner_free, 0, 0, 1, 1);

    /* A seki of one eye each (Cho_Chikun/2008-02-25's upper left): Black's
     * four stones keep the eye a1 and share three liberties with White's
     * string, whose one liberty of its own is the eye d5.  Whoever fills
     * the last shared liberty is taken.  White also touches Black's walls,
     * which it could take to gain liberties unless they are known alive. */
    static const char *const eye_seki[] = {
        ".XOOX..", "XXXOX..", "...OX..", "OOOOX..",
        "XXO.OX.", ".XOOOX.", ".XXXXX.",
    };
    UNCAPTURABLE_AT(eye_seki, 1, 0, 1, 1);
    UNCAPTURABLE_AT(eye_seki, 1, 0, 0, 0);
    /* White with two eyes: it fills the shared liberties and stays out
     * of atari */
    static const char *const eye_seki_two[] = {
        ".XOOX..", "XXXOX..", "...OX..", "OOOOX..",
        "XXO.OX.", ".XOOOX.", ".XO.OX.",
    };
    UNCAPTURABLE_AT(eye_seki_two, 1, 0, 1, 0);
    /* White's stone on its own liberty joins another White stone with a
     * liberty outside: White gains it and fills the shared ones */
    static const char *const eye_seki_join[] = {
        ".XOOX..", "XXXOX..", "...OX..", "OOOOX..",
        "XXO.O.X", ".XOOXX.", ".XXXXX.",
    };
    UNCAPTURABLE_AT(eye_seki_join, 1, 0, 1, 0);

    /* A seki of three strings (IBM/2/13's lower right): Black's b1-b2-c2
     * has the liberties a1 and c1; White's a2 and White's seven stones
     * share a3.  White filling a1 or c1 is a self-atari Black takes at
     * a3, Black there is a suicide, and White's a3 leaves two shared
     * liberties.  Not proved by the first rules: a3 is a liberty of
     * White's, and taking a2 leaves Black only two points. */
    static const char *const three_seki[] = {
        ".X.OX..", "OXXOX..", ".OOOX..", "OOXXX..", "XX.....",
    };
    THREE_STRING_SEKI_AT(three_seki, 1, 0, 1, 1);
    UNCAPTURABLE_AT(three_seki, 1, 0, 1, 0);
    /* White could take Black's walls to gain liberties */
    THREE_STRING_SEKI_AT(three_seki, 1, 0, 0, 0);
    /* White's seven stones have a liberty outside */
    static const char *const three_seki_out[] = {
        ".X.OX..", "OXXOX..", ".OOO...", "OOXXX..", "XX.....",
    };
    THREE_STRING_SEKI_AT(three_seki_out, 1, 0, 1, 0);
    /* the shared point touches an empty point: Black plays there and
     * puts both White strings in atari */
    static const char *const three_seki_open[] = {
        ".X.OX..", "OXXOX..", ".OOOX..", ".XXXX..", ".......",
    };
    THREE_STRING_SEKI_AT(three_seki_open, 1, 0, 1, 0);
    /* the partners' other liberties differ: White's six stones keep an
     * eye of their own, and White's a2 the point a3 */
    static const char *const three_seki_eye[] = {
        ".X.O.OX", "OXXOOOX", ".OXOXXX", "XXOXX..", "XX.XX..",
    };
    THREE_STRING_SEKI_AT(three_seki_eye, 1, 0, 1, 0);
    static const char *const three_seki_eye_mirror[] = {
        "XO.O.X.", "XOOOXXO", "XXXOXO.", "..XXOXX", "..XX.XX",
    };
    THREE_STRING_SEKI_AT(three_seki_eye_mirror, 5, 0, 1, 0);
    TEST_END();
}
