/*
 * test_finish.c - the finish (lib/score/finish.c) on hand-made boards
 * whose dead stones are given, not estimated: what it may take.
 */
#include <stdlib.h>
#include <string.h>
#include "score/playout.h"
#include "score/finish.h"
#undef CHECK
#include "harness.h"
#include "sgfkit.h"
#include "rows.h"

/* Runs the finish on rows, Black first, every stone alive, under area
 * rules (from_rows' default); returns how many stones it took (SGF_MAP_DEAD
 * afterwards), -1 when it could not run. */
static int taken_by_finish(const char *const *rows, int h)
{
    sgf_position *p = from_rows(rows, h);
    if (!p)
        return -1;
    int w = sgf_position_width(p);
    pl_board b;
    void *cells = malloc(pl_bytes(p)), *mem = malloc(fin_bytes(p));
    unsigned char *map = calloc((size_t)(w * h), 1);
    int taken = -1;
    if (cells && mem && map) {
        pl_load(&b, p, cells);
        if (fin_finish(p, &b, mem, map, NULL, SGF_BLACK)) {
            taken = 0;
            for (int i = 0; i < w * h; i++)
                taken += (map[i] & SGF_MAP_DEAD) != 0;
        }
    }
    free(cells);
    free(mem);
    free(map);
    sgf_position_free(p);
    return taken;
}

/* White's string on a6-c6 (three stones) is in atari, its last liberty
 * a5 inside Black's area, Black to move.  The estimate called it alive:
 * the finish does not take it (KEEP_STONES). */
static const char *const three_in_atari[] = {
    "...XO....",
    "...XO....",
    "XXXXO....",
    "OOOXO....",
    ".XXXO....",
    "XX.XO....",
    "...XO....",
    "...XO....",
    "...XO....",
};

/* The same with two stones (a6-b6): the finish takes them. */
static const char *const two_in_atari[] = {
    "...XO....",
    "...XO....",
    "XXXXO....",
    "OOXXO....",
    ".XXXO....",
    "XX.XO....",
    "...XO....",
    "...XO....",
    "...XO....",
};

/* Black's a1-c2 (six stones) and White's a3-c3 (three) in atari, Black
 * to move.  Black's extension at d2 would have one liberty: the only
 * save is taking White's three stones at d3, which rescue refuses
 * (KEEP_STONES); White then connects at d3 and nobody takes anything. */
static const char *const mutual_atari[] = {
    "...XO....",
    "...XO....",
    "...XO....",
    "...XO....",
    "...XO....",
    "XXXXO....",
    "OOO.O....",
    "XXX.O....",
    "XXXOO....",
};

/* White's single stones d6 and d4, two liberties each, d5 the one they
 * share; Black to move, every empty point of columns d and e a dame.
 * Black's d5 ataris both: White saves one, Black takes the other.  The
 * finish's next answer is its save(), so d5 is no quiet move
 * (quiet_move), and nothing is taken.  It took one stone when each
 * atari was judged answerable apart. */
static const char *const double_atari[] = {
    "..X..O...",
    "..X..O...",
    "..XX.O...",
    "..XO.O...",
    "..X..O...",
    "..XO.O...",
    "..XX.O...",
    "..X..O...",
    "..X..O...",
};

/* Black's corner a9-c5 opens at a4 onto the lower left, an area open to
 * White through column e; White to move.  The playouts give Black the
 * corner and a4: the finish puts no White stone there (its boundary
 * move would be a stone that dies) and the corner stays Black's. */
static const char *const open_corner[] = {
    "...X.O...",
    "...X.O...",
    "...X.O...",
    "...X.O...",
    "...X.O...",
    ".XXX.O...",
    ".....O...",
    ".....O...",
    ".....O...",
};

/* A record that stops in the dame phase: e9, next to White's d9 and e8
 * and Black's f9, is the only open point.  Black's f9 has e9 and g9;
 * White's e9 would force Black's teire at g9, a point of Black's
 * territory.  The finish plays it even when the playouts gave e9 to
 * Black: in the dame phase the board decides where a forcing dame goes
 * (dame_phase). */
static const char *const forcing_dame[] = {
    "OOOO.X.X.",
    "OOOOOOXXX",
    "OOOOOOX.X",
    "OOOOOOXXX",
    "OOOOOOX.X",
    "OOOOOOXXX",
    ".....OX..",
    ".....OX..",
    ".....OX..",
};

/* Runs the finish on rows, White to move, with the points of columns
 * a-c above row y0 and a at y0 owned by Black; returns how many of
 * those points count for Black after it, -1 when it could not run. */
static int kept_by_owner(const char *const *rows, int h, int y0)
{
    sgf_position *p = from_rows(rows, h);
    if (!p)
        return -1;
    sgf_position_set_to_move(p, SGF_WHITE);
    int w = sgf_position_width(p);
    pl_board b;
    void *cells = malloc(pl_bytes(p)), *mem = malloc(fin_bytes(p));
    unsigned char *map = calloc((size_t)(w * h), 1), *owner = calloc((size_t)(w * h), 1);
    int kept = -1;
    if (cells && mem && map && owner) {
        for (int y = 0; y <= y0; y++)
            for (int x = 0; x < (y < y0 ? 3 : 1); x++)
                owner[y * w + x] = SGF_BLACK;
        pl_load(&b, p, cells);
        if (fin_finish(p, &b, mem, map, owner, SGF_WHITE)) {
            kept = 0;
            for (int i = 0; i < w * h; i++)
                kept += owner[i] && (map[i] & SGF_MAP_MARKED) &&
                        (map[i] & SGF_MAP_OWNER) == SGF_BLACK;
        }
    }
    free(cells);
    free(mem);
    free(map);
    free(owner);
    sgf_position_free(p);
    return kept;
}

/* White's e1 has two liberties, d1 and e2, in White's corner, next to
 * Black's dead c2-d2-d3.  Black's e2 would join them and put e1 in atari,
 * but White answers at c1 and Black's capture at d1 is a snapback: e1
 * needs no teire, and d1 and e2 stay White's territory. */
static const char *const approach_corner[] = {
    ".....OX..",
    ".....OX..",
    ".....OX..",
    ".....OX..",
    ".....OX..",
    "...O.OX..",
    "..OxOOX..",
    ".Oxx.OX..",
    "....OXX..",
};

/* White's g6-g5 keeps f6 and f5, White's d5-f4 keeps e5 and f5, every
 * other neighbour of both Black's.  Black's f5 would put both in atari
 * at once (double_atari): White must fill f5 or f6 before the count, a
 * point of the three e5, f5, f6 lost. */
static const char *const double_atari_at_home[] = {
    "......OX.",
    "OOOO.OOX.",
    "XXXO.OXX.",
    "XXXXO.OX.",
    "XXXO..OX.",
    "XXOOOOXX.",
    "XXXXXXXXX",
    ".........",
    ".........",
};

/* Black's d6 would put White's d7-e7 and c6 in atari at once, but
 * White's b6 answers both: it takes Black's dead b7-c7, in atari, which
 * gives both strings liberties.  The stone Black spends is a prisoner
 * that pays for White's b6, so no teire is due (capture_saves_both), and
 * b6, d6 and e6 stay White's. */
static const char *const capture_answers_double_atari[] = {
    "OOOX.X...",
    "OOOXXXXXX",
    "OxxOOXXXX",
    "O.O..OOOO",
    "Oxx......",
    "OOOOOOOOO",
    ".........",
    ".........",
    ".........",
};

/* White's d9-f7 keeps e8 and e7, every other neighbour Black's; e6
 * below is White's living group.  Black's e7 is in atari, but White's
 * capture at e8 leaves d9-f7 with e7 alone, and Black takes it all there:
 * the capture search, not the one-move answer, sees it.  White fills e7,
 * joining its group, and keeps e8 only. */
static const char *const recapture_at_home[] = {
    ".XXOOOXX.",
    ".XXO.OXX.",
    ".XXO.OXX.",
    ".XXXOXXX.",
    "XXXXOXXXX",
    "OOOOOOOOO",
    ".........",
    ".........",
    ".........",
};

/* Runs the finish on rows under Japanese rules, 'x' and 'o' dead stones,
 * with colour first and, when owned is not NULL, the point owned[0],
 * owned[1] given to Black by the playouts; returns how many of the points
 * (x, y) listed in at (n of them) count for colour col, -1 when it could
 * not run. */
static int owned_after_finish(const char *const *rows, int h, int first,
                              const int *owned, int col, const int (*at)[2],
                              int n)
{
    int w = (int)strlen(rows[0]), count = -1;
    sgf_rules r;
    sgf_position *p = sgf_position_new();
    if (!p || sgf_rules_named("japanese", &r) != SGF_OK ||
        sgf_position_reset(p, w, h, &r) != SGF_OK) {
        sgf_position_free(p);
        return -1;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (strchr("XxOo", rows[y][x]))
                sgf_position_setup(p, x, y, strchr("Xx", rows[y][x]) ? SGF_BLACK : SGF_WHITE);
    sgf_position_setup_done(p);
    sgf_position_set_to_move(p, first);
    pl_board b;
    void *cells = malloc(pl_bytes(p)), *mem = malloc(fin_bytes(p));
    unsigned char *map = calloc((size_t)w * (size_t)h, 1);
    unsigned char *owner = calloc((size_t)w * (size_t)h, 1);
    if (cells && mem && map && owner) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (rows[y][x] == 'x' || rows[y][x] == 'o')
                    map[y * w + x] |= SGF_MAP_DEAD;
        if (owned)
            owner[owned[1] * w + owned[0]] = SGF_BLACK;
        pl_load(&b, p, cells);
        if (fin_finish(p, &b, mem, map, owned ? owner : NULL, first)) {
            count = 0;
            for (int k = 0; k < n; k++) {
                unsigned char m = map[at[k][1] * w + at[k][0]];
                count += (m & SGF_MAP_MARKED) && (m & SGF_MAP_OWNER) == col;
            }
        }
    }
    free(cells);
    free(mem);
    free(map);
    free(owner);
    sgf_position_free(p);
    return count;
}

/* The same without an owner map, for White. */
static int white_after_finish(const char *const *rows, int h, int first,
                              const int (*at)[2], int n)
{
    return owned_after_finish(rows, h, first, NULL, SGF_WHITE, at, n);
}

static void test_keeps_record_strings(void)
{
    CHECK_INT(taken_by_finish(three_in_atari, 9), 0);
    CHECK_INT(taken_by_finish(two_in_atari, 9), 2);
    CHECK_INT(taken_by_finish(mutual_atari, 9), 0);
}

static void test_no_double_atari(void)
{
    CHECK_INT(taken_by_finish(double_atari, 9), 0);
}

static void test_no_teire_against_a_snapback(void)
{
    static const int d1_e2[][2] = { { 3, 8 }, { 4, 7 } };
    CHECK_INT(white_after_finish(approach_corner, 9, SGF_WHITE, d1_e2, 2), 2);
    CHECK_INT(white_after_finish(approach_corner, 9, SGF_BLACK, d1_e2, 2), 2);
}

static void test_teire_against_a_recapture(void)
{
    static const int e8_e7[][2] = { { 4, 1 }, { 4, 2 } };
    CHECK_INT(white_after_finish(recapture_at_home, 9, SGF_WHITE, e8_e7, 2), 1);
    CHECK_INT(white_after_finish(recapture_at_home, 9, SGF_BLACK, e8_e7, 2), 1);
}

static void test_teire_against_a_double_atari(void)
{
    static const int e5_f5_f6[][2] = { { 4, 4 }, { 5, 4 }, { 5, 3 } };
    CHECK_INT(white_after_finish(double_atari_at_home, 9, SGF_WHITE, e5_f5_f6, 3), 2);
    CHECK_INT(white_after_finish(double_atari_at_home, 9, SGF_BLACK, e5_f5_f6, 3), 2);
}

static void test_no_teire_when_a_capture_answers_a_double_atari(void)
{
    static const int b6_d6_e6[][2] = { { 1, 3 }, { 3, 3 }, { 4, 3 } };
    CHECK_INT(white_after_finish(capture_answers_double_atari, 9, SGF_WHITE, b6_d6_e6, 3), 3);
    CHECK_INT(white_after_finish(capture_answers_double_atari, 9, SGF_BLACK, b6_d6_e6, 3), 3);
}

static void test_forcing_dame_in_the_dame_phase(void)
{
    static const int e9[2] = { 4, 0 }, g9[][2] = { { 6, 0 } }, j9[][2] = { { 8, 0 } };
    CHECK_INT(owned_after_finish(forcing_dame, 9, SGF_WHITE, NULL, SGF_BLACK, g9, 1), 0);
    CHECK_INT(owned_after_finish(forcing_dame, 9, SGF_WHITE, e9, SGF_BLACK, g9, 1), 0);
    CHECK_INT(owned_after_finish(forcing_dame, 9, SGF_BLACK, e9, SGF_BLACK, g9, 1), 0);
    CHECK_INT(owned_after_finish(forcing_dame, 9, SGF_WHITE, e9, SGF_BLACK, j9, 1), 1);
}

int main(void)
{
    test_keeps_record_strings();
    test_no_double_atari();
    test_no_teire_against_a_snapback();
    test_teire_against_a_double_atari();
    test_no_teire_when_a_capture_answers_a_double_atari();
    test_teire_against_a_recapture();
    CHECK_INT(kept_by_owner(open_corner, 9, 5), 16);
    test_forcing_dame_in_the_dame_phase();
    TEST_END();
}
