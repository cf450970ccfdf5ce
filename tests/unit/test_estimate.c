/*
 * test_estimate.c - the dead-stone estimator (estimate.c, playout.c) on
 * hand-made positions whose dead stones are known, and over the KGS games
 * of the real corpus that the server counted (skipped when the corpus is
 * absent).  tests/bench/dead_eval prints the same figures with every
 * failing game.
 */
#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <strings.h>
/* the capture search's own board (internal); sgf/checks.h has a CHECK of
 * its own that the harness's replaces */
#include "score/estimate.h"
#include "score/playout.h"
#include "score/pat3.h"
#include "score/tactics.h"
#include "score/lifedeath.h"
#include "score/race.h"
#undef CHECK
#include "harness.h"
#include "sgfkit.h"
#include "rows.h"

/* Compares the dead stones of map with the stones of rows marked in want
 * ('x' or 'o' where the stone must be dead, anything else alive); prints
 * the first difference.  Returns 1 when they agree. */
static int dead_as(const sgf_position *p, const unsigned char *map,
                   const char *const *want)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int dead = (map[y * w + x] & SGF_MAP_DEAD) != 0;
            int expect = want[y][x] == 'x' || want[y][x] == 'o';
            if (dead != expect) {
                fprintf(stderr, "  (%d,%d): dead %d, expected %d\n", x, y, dead,
                        expect);
                return 0;
            }
        }
    return 1;
}

/* Estimates the position of rows (dead stones written x o, which the
 * position holds as X O) and checks the dead set. */
static void check_dead(const char *name, const char *const *rows, int h)
{
    char up[52][53];
    const char *r[52];
    for (int y = 0; y < h; y++) {
        size_t n = strlen(rows[y]);
        for (size_t i = 0; i <= n; i++)
            up[y][i] = (char)toupper((unsigned char)rows[y][i]);
        r[y] = up[y];
    }
    sgf_position *p = from_rows(r, h);
    unsigned char map[52 * 52];
    sgf_estimate_options o = { .seed = 7 };
    CHECK(p != NULL);
    if (!p)
        return;
    int rc = sgf_position_estimate_dead(p, &o, map);
    CHECK_INT(rc, 0);   /* nothing unsure in these positions */
    int ok = dead_as(p, map, rows);
    if (!ok)
        fprintf(stderr, "  in %s\n", name);
    CHECK(ok);
    sgf_position_free(p);
}

static void test_dead_stone_in_territory(void)
{
    /* a white stone in Black's area and a black one in White's, with a
     * column of dame between the walls */
    static const char *const rows[] = {
        "...X.O...",
        "...X.O...",
        ".o.X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O.x.",
        "...X.O...",
        "...X.O...",
        "...X.O...",
    };
    check_dead("dead stone in territory", rows, 9);
}

static void test_dead_group_one_eye(void)
{
    /* four white stones round one eye in Black's corner */
    static const char *const rows[] = {
        ".ooX.XO..",
        "ooXX.XO..",
        "XXX..XO..",
        ".....XO..",
        ".....XO..",
        ".....XO..",
        ".....XO..",
        ".....XO..",
        ".....XO..",
    };
    check_dead("dead group with one eye", rows, 9);
}

static void test_two_eyes_next_to_dead(void)
{
    /* Black's two-eyed corner touches a dead white pair */
    static const char *const rows[] = {
        ".X.XO....",
        "XXXXO....",
        ".ooXO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
    };
    check_dead("two eyes next to a dead group", rows, 9);
}

static void test_big_eye_alive(void)
{
    /* a white ring round nine empty points inside Black's wall lives */
    static const char *const rows[] = {
        "XXXXXXX..",
        "XOOOOOX..",
        "XO...OX..",
        "XO...OX..",
        "XO...OX..",
        "XOOOOOX..",
        "XXXXXXX..",
        ".........",
        ".........",
    };
    check_dead("big eye", rows, 9);
}

static void test_seki(void)
{
    /* the inner white column and the inner black pair of columns share
     * their only two liberties: seki; both walls have three eyes */
    static const char *const rows[] = {
        "XXOXXOO",
        ".XOXXO.",
        "XXOXXOO",
        "XXO.XOO",
        ".XOXXO.",
        "XXO.XOO",
        "XXOXXOO",
        ".XOXXO.",
        "XXOXXOO",
    };
    sgf_position *p = from_rows(rows, 9);
    unsigned char map[9 * 7];
    CHECK(p != NULL);
    if (!p)
        return;
    CHECK(sgf_position_estimate_dead(p, NULL, map) >= 0);
    int dead = 0, seki_ok = 1, walls_ok = 1;
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 7; x++) {
            int b = map[y * 7 + x];
            dead += (b & SGF_MAP_DEAD) != 0;
            if (x >= 2 && x <= 4 && rows[y][x] != '.' && !(b & SGF_MAP_SEKI))
                seki_ok = 0;
            if ((x < 2 || x > 4) && rows[y][x] != '.' && (b & SGF_MAP_SEKI))
                walls_ok = 0;
        }
    CHECK_INT(dead, 0);
    CHECK(seki_ok);
    CHECK(walls_ok);
    /* the walls are proved: Benson's bit */
    CHECK(map[0] & SGF_MAP_PASS_ALIVE);
    CHECK(map[6] & SGF_MAP_PASS_ALIVE);
    sgf_position_free(p);
}

static void test_determinism_and_empty(void)
{
    static const char *const rows[] = {
        "..XO.....",
        ".XO.O..X.",
        "..XOO.X..",
        "XX.XO.OX.",
        "..X.XO...",
        ".O.XO..O.",
        "..XXOO...",
        ".X..XO.X.",
        "...XO....",
    };
    sgf_position *p = from_rows(rows, 9);
    unsigned char a[81], b[81];
    sgf_estimate_options o = { .playouts = 40, .seed = 12345 };
    CHECK(p != NULL);
    if (!p)
        return;
    int ra = sgf_position_estimate_dead(p, &o, a);
    int rb = sgf_position_estimate_dead(p, &o, b);
    CHECK_INT(ra, rb);
    CHECK(memcmp(a, b, sizeof a) == 0);

    /* nothing on an empty board, whatever the size */
    CHECK(sgf_position_reset(p, 19, 19, NULL) == SGF_OK);
    unsigned char m[361];
    memset(m, 0xff, sizeof m);
    CHECK_INT(sgf_position_estimate_dead(p, NULL, m), 0);
    int any = 0;
    for (int i = 0; i < 361; i++)
        any |= m[i] & (SGF_MAP_DEAD | SGF_MAP_SEKI | SGF_MAP_UNSETTLED);
    CHECK_INT(any, 0);
    CHECK(sgf_position_reset(p, 1, 1, NULL) == SGF_OK);
    CHECK_INT(sgf_position_estimate_dead(p, NULL, m), 0);
    sgf_position_free(p);
}

/* Whoever moves first decides: a white group round a straight three on
 * the edge lives when White takes the middle and dies when Black does.
 * The playouts split on it and no search proves it dead (the owner,
 * moving first, makes two eyes): it is unsettled, whatever the verdict
 * (check_dead's clear positions have no unsettled string). */
static void test_unsure_group(void)
{
    static const char *const rows[] = {
        "...OX....",
        "OOOOX....",
        "XXXXX....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    };
    sgf_position *p = from_rows(rows, 9);
    unsigned char map[81];
    CHECK(p != NULL);
    if (!p)
        return;
    for (uint64_t seed = 0; seed < 4; seed++) {
        sgf_estimate_options o = { .seed = seed };
        int rc = sgf_position_estimate_dead(p, &o, map);
        CHECK(rc >= 1);
        CHECK(map[1 * 9 + 0] & SGF_MAP_UNSETTLED);
        CHECK(map[0 * 9 + 3] & SGF_MAP_UNSETTLED);
        if (map[1 * 9 + 0] & SGF_MAP_DEAD)   /* then Black's wall is unsure too */
            CHECK(map[2 * 9 + 0] & SGF_MAP_UNSETTLED);
        sgf_score s;
        CHECK(sgf_position_score(p, 0, 0, map, &s) == SGF_OK);
        CHECK(s.unsettled >= 1);
    }
    sgf_position_free(p);
}

/* Step 6a: Black's two stones on the top edge (F1, G1) are in atari
 * inside a dead white group; Black, to move, connects, so the capture
 * search leaves them alive, but the playouts take them now and then.
 * They are unsettled at every seed (at seed 0 nothing else says so), and
 * the flag moves no count. */
static void test_doubt_in_atari(void)
{
    static const char *const rows[] = {
        ".....XXO.",
        "....XOOOX",
        ".....XO.X",
        ".....X.O.",
        "......XO.",
        ".......XX",
        ".........",
        ".........",
        ".........",
    };
    sgf_position *p = from_rows(rows, 9);
    unsigned char map[81], plain[81];
    CHECK(p != NULL);
    if (!p)
        return;
    for (uint64_t seed = 0; seed < 4; seed++) {
        sgf_estimate_options o = { .seed = seed };
        int rc = sgf_position_estimate_dead(p, &o, map);
        CHECK(rc >= 1);
        CHECK(!(map[0 * 9 + 5] & SGF_MAP_DEAD));
        CHECK(map[0 * 9 + 5] & SGF_MAP_UNSETTLED);
        CHECK(map[0 * 9 + 6] & SGF_MAP_UNSETTLED);
        /* the same count without the flags */
        for (int i = 0; i < 81; i++)
            plain[i] = map[i] & (unsigned char)~SGF_MAP_UNSETTLED;
        sgf_score s, t;
        CHECK(sgf_position_score(p, 0, SGF_SCORE_MARKED_SEKI, map, &s) == SGF_OK);
        CHECK(sgf_position_score(p, 0, SGF_SCORE_MARKED_SEKI, plain, &t) == SGF_OK);
        CHECK(s.unsettled >= 1);
        CHECK_INT(t.unsettled, 0);
        CHECK(s.margin == t.margin);
    }
    sgf_position_free(p);
}

/* ---- the KGS games the server counted ---------------------------------- */

typedef struct kgs_eval {
    unsigned games, dead_ok, winner_ok, exact_ok;
    sgf_position *pos;
    unsigned char map[52 * 52], server[52 * 52];
} kgs_eval;

static int mentions(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; s && *s; s++)
        if (strncasecmp(s, word, n) == 0)
            return 1;
    return 0;
}

static void mark(const sgf_prop *pr, int w, int h, int colour,
                 unsigned char *server)
{
    for (uint32_t i = 0; pr && i < pr->nvalues; i++) {
        int x, y;
        if (sgf_point_decode(pr->values[i].raw, pr->values[i].len, w, h, &x, &y) == 1)
            server[y * w + x] = (unsigned char)colour;
    }
}

/* As tests/bench/dead_eval: KGS games with a points result and the
 * server's TB/TW on the last main-line node; the server's dead stones are
 * the white ones on TB and the black ones on TW. */
static void kgs_game(kgs_eval *e, sgf_game *g)
{
    const sgf_node *n = sgf_game_root(g);
    const sgf_info *info = sgf_game_info(g);
    if (!n || !info || info->result.reason != SGF_BY_POINTS ||
        !info->result.has_margin ||
        (info->result.winner != SGF_WIN_BLACK && info->result.winner != SGF_WIN_WHITE))
        return;
    if (!mentions(info->place, "KGS") && !mentions(info->application, "CGoban"))
        return;
    while (n->child)
        n = n->child;
    const sgf_prop *tb = sgf_node_find(n, SGF_P_TB), *tw = sgf_node_find(n, SGF_P_TW);
    if ((!tb && !tw) || sgf_game_replay(g, NULL, e->pos, NULL, NULL) != 0)
        return;
    int w = sgf_position_width(e->pos), h = sgf_position_height(e->pos);
    if (sgf_position_estimate_dead(e->pos, NULL, e->map) < 0)
        return;
    memset(e->server, 0, sizeof e->server);
    mark(tb, w, h, SGF_BLACK, e->server);
    mark(tw, w, h, SGF_WHITE, e->server);
    int same = 1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = sgf_position_at(e->pos, x, y);
            int sdead = c != SGF_EMPTY && e->server[y * w + x] == 3 - c;
            same &= sdead == ((e->map[y * w + x] & SGF_MAP_DEAD) != 0);
        }
    e->games++;
    e->dead_ok += same;
    sgf_score s;
    /* counted as sgfscore counts an estimate (its sekis are decided) */
    if (sgf_position_score(e->pos, info->handicap, SGF_SCORE_MARKED_SEKI, e->map,
                           &s) == 0) {
        double want = info->result.winner == SGF_WIN_WHITE ? info->result.margin
                                                           : -info->result.margin;
        e->winner_ok += (s.winner == SGF_WHITE) == (info->result.winner == SGF_WIN_WHITE) &&
                        s.winner != SGF_EMPTY;
        e->exact_ok += fabs(s.margin - want) < 1e-6;
    }
}

/* A board of rows with the capture search's memory, for the tests of
 * tactics.c and race.c. */
typedef struct {
    sgf_position *p;
    pl_board b;
    tac *t;
    void *mem, *tmem;
    unsigned char *map;
} tac_fixture;

static bool tac_fixture_open(tac_fixture *f, const char *const *rows, int h)
{
    f->p = from_rows(rows, h);
    CHECK(f->p != NULL);
    if (!f->p)
        return false;
    f->t = malloc(sizeof *f->t);
    f->mem = malloc(pl_bytes(f->p));
    f->tmem = malloc(tac_bytes(f->p));
    f->map = calloc((size_t)(sgf_position_width(f->p) * h), 1);
    CHECK(f->t && f->mem && f->tmem && f->map);
    if (!(f->t && f->mem && f->tmem && f->map))
        return false;
    pl_load(&f->b, f->p, f->mem);
    tac_init(f->t, f->p, f->tmem);
    return true;
}

static void tac_fixture_close(tac_fixture *f)
{
    free(f->t);
    free(f->mem);
    free(f->tmem);
    free(f->map);
    sgf_position_free(f->p);
}

/* Point (x, y) of a position laid out as board.h does. */
static int at(const sgf_position *p, int x, int y)
{
    return (y + 1) * (sgf_position_width(p) + 1) + x;
}

/* The capture search (tactics.c) on rows, for the string of the stone at
 * (x, y) with its owner to move. */
static int captured_at(const char *const *rows, int h, int x, int y)
{
    tac_fixture f = { 0 };
    int r = -1;
    if (tac_fixture_open(&f, rows, h))
        r = tac_captured(f.t, &f.b, at(f.p, x, y), 4000);
    tac_fixture_close(&f);
    return r;
}

static void test_capture_search(void)
{
    /* three black stones with two liberties (b1, c1... the corner) and
     * no eye, shut in by White: dead even with Black to move */
    static const char *const dead2[] = {
        ".XXO.....",
        "XXO......",
        "OOO......",
        ".........",
        ".........",
    };
    CHECK(captured_at(dead2, 5, 1, 0) == 1);
    /* the same stones with an eye and a liberty outside: White fills the
     * outside liberty, then the eye */
    static const char *const oneeye[] = {
        "XX.XO....",
        "XXXXO....",
        "OOO.O....",
        "...OO....",
        ".........",
    };
    CHECK(captured_at(oneeye, 5, 1, 0) == 1);
    /* two eyes: never captured */
    static const char *const twoeyes[] = {
        ".X.XO....",
        "XXXXO....",
        "OOOOO....",
        ".........",
        ".........",
    };
    CHECK(captured_at(twoeyes, 5, 1, 0) == 0);
    /* a ladder that works: the black stone in atari runs along the edge
     * and stays in atari */
    static const char *const ladder[] = {
        ".........",
        ".........",
        "...O.....",
        "..OXO....",
        ".........",
    };
    CHECK(captured_at(ladder, 5, 3, 3) == 1);
    /* a race: the white corner stone (a2) and Black's corner group share
     * their two liberties; Black filling one first is a self-atari that
     * White takes, so Black first captures the four dead white stones in
     * atari next to its group (a5), then fills (2017-03-03-33) */
    static const char *const race[] = {
        ".XXO.....",
        "O.XXO....",
        "XXXO.....",
        "OOOX.....",
        ".OXX.....",
        "XXX......",
        ".........",
    };
    CHECK(captured_at(race, 7, 0, 1) == 1);
    /* a race of four liberties against three: columns j-t and rows 13-1
     * of a Fox game of FineArt (RE[W+3.5]).  Black's eleven stones from
     * r9 have four liberties, the square s7-t6 on the edge; White's
     * thirteen from p7 have three (o5, p5, t1).  Black fills White's
     * liberties and takes them first; the search read only White's
     * fills of the square, and counted Black's group dead (W+64.5) */
    static const char *const four_three[] = {
        "XOXOOXO.X.X",
        "XXX.XXXXXXX",
        "OOXXXXXX.OO",
        "..OXOOXOOO.",
        "O.OOOOOOXOO",
        "XO.OXXXOXXX",
        ".OOXXXOXX..",
        "OXXXXOOOX..",
        "OX.....OXXX",
        "OXXXXXXOOXO",
        "OXOXOOXXOOO",
        "OOOOOXXXXOX",
        "O.O.OOX.XO.",
    };
    CHECK(captured_at(four_three, 13, 8, 4) == 0);
}

static void test_patterns(void)
{
    /* a hane under a white stone between two black ones: the enclosing
     * hane for either side to move */
    static const char *const hane[] = {
        ".....",
        ".XOX.",
        ".....",
        ".....",
    };
    /* the thin hane (X O O over the point) is a pattern for Black to
     * move only */
    static const char *const thin[] = {
        ".....",
        ".XOO.",
        ".....",
        ".....",
    };
    /* on the first line: White's stone between Black's, a block of the
     * side connection (?X? x.O ###) turned on its side */
    static const char *const edge[] = {
        ".....",
        ".....",
        "..X..",
        "...O.",
    };
    pat3_table *t = malloc(sizeof *t);
    sgf_position *p1 = from_rows(hane, 4), *p2 = from_rows(thin, 4),
                 *p3 = from_rows(edge, 4);
    void *mem = malloc(3 * 4096);
    CHECK(t && p1 && p2 && p3 && mem);
    if (t && p1 && p2 && p3 && mem) {
        pat3_build(t);
        pl_board b;
        pl_load(&b, p1, mem);
        CHECK(pat3_match(t, pl_code3(&b, at(p1, 2, 2), SGF_BLACK)));
        CHECK(pat3_match(t, pl_code3(&b, at(p1, 2, 2), SGF_WHITE)));
        /* open space: no shape */
        CHECK(!pat3_match(t, pl_code3(&b, at(p1, 2, 3), SGF_BLACK)));
        CHECK(!pat3_match(t, pl_code3(&b, at(p1, 0, 3), SGF_WHITE)));
        pl_load(&b, p2, mem);
        CHECK(pat3_match(t, pl_code3(&b, at(p2, 2, 2), SGF_BLACK)));
        CHECK(!pat3_match(t, pl_code3(&b, at(p2, 2, 2), SGF_WHITE)));
        pl_load(&b, p3, mem);
        CHECK(pat3_match(t, pl_code3(&b, at(p3, 2, 3), SGF_BLACK)));
        CHECK(pat3_match(t, pl_code3(&b, at(p3, 2, 3), SGF_WHITE)));
        /* swapping the colours twice is the identity */
        unsigned code = pl_code3(&b, at(p3, 2, 3), SGF_BLACK);
        CHECK(pat3_swap(pat3_swap(code)) == code);
        CHECK(pat3_swap(code) == pl_code3(&b, at(p3, 2, 3), SGF_WHITE));
    }
    free(mem);
    free(t);
    sgf_position_free(p1);
    sgf_position_free(p2);
    sgf_position_free(p3);
}

/* White groups shut in by a black wall, round eye spaces of three in a
 * row, four in a row and a bulky five. */
static const char *const straight3[] = {
    ".........",
    ".XXXXXXX.",
    ".XOOOOOX.",
    ".XO...OX.",
    ".XOOOOOX.",
    ".XXXXXXX.",
    ".........",
};
static const char *const straight4[] = {
    "..........",
    ".XXXXXXXX.",
    ".XOOOOOOX.",
    ".XO....OX.",
    ".XOOOOOOX.",
    ".XXXXXXXX.",
    "..........",
};
static const char *const bulky5[] = {
    ".........",
    ".XXXXXXX.",
    ".XOOOOOX.",
    ".XO...OX.",
    ".XO..OOX.",
    ".XOOOOOX.",
    ".XXXXXXX.",
    ".........",
};

/* The life-and-death search on the white group at (2, 2) of rows, with
 * the black stones settled (the wall) and first to move.  -1 on error. */
static int ld_dead_at(const char *const *rows, int h, int first)
{
    sgf_position *p = from_rows(rows, h);
    CHECK(p != NULL);
    if (!p)
        return -1;
    int np = (h + 2) * (sgf_position_width(p) + 1);
    ld *t = malloc(sizeof *t);
    void *mem = malloc(pl_bytes(p));
    void *lmem = malloc(ld_bytes(p));
    uint8_t *settled = calloc((size_t)np, 1);
    int r = -1;
    CHECK(t && mem && lmem && settled);
    if (t && mem && lmem && settled) {
        for (int y = 0; y < h; y++)
            for (int x = 0; rows[y][x]; x++)
                settled[at(p, x, y)] = rows[y][x] == 'X';
        pl_board b;
        pl_load(&b, p, mem);
        ld_init(t, p, lmem);
        r = ld_dead(t, &b, at(p, 2, 2), settled, first, 200000);
    }
    free(t);
    free(mem);
    free(lmem);
    free(settled);
    sgf_position_free(p);
    return r;
}

static void test_life_and_death(void)
{
    /* three in a row: White to move lives in the middle; once White has
     * passed, Black takes the middle and White is dead */
    CHECK(ld_dead_at(straight3, 7, SGF_WHITE) == 0);
    CHECK(ld_dead_at(straight3, 7, SGF_BLACK) == 1);
    /* four in a row lives whoever moves first */
    CHECK(ld_dead_at(straight4, 7, SGF_BLACK) == 0);
    CHECK(ld_dead_at(straight4, 7, SGF_WHITE) == 0);
    /* the bulky five: whoever takes the vital point decides */
    CHECK(ld_dead_at(bulky5, 8, SGF_BLACK) == 1);
    CHECK(ld_dead_at(bulky5, 8, SGF_WHITE) == 0);

    /* the vital point the playouts take, on the same shapes */
    sgf_position *p = from_rows(bulky5, 8), *q = from_rows(straight4, 7);
    void *mem = malloc(4096);
    CHECK(p && q && mem);
    if (p && q && mem) {
        pl_board b;
        pl_load(&b, p, mem);
        CHECK(pl_vital_point(&b, at(p, 3, 4)) == at(p, 4, 3));
        CHECK(pl_vital_point(&b, at(p, 5, 3)) == at(p, 4, 3));
        pl_load(&b, q, mem);
        CHECK(pl_vital_point(&b, at(q, 3, 3)) == 0);
        /* the open board outside the wall is no eye space */
        CHECK(pl_vital_point(&b, at(q, 0, 0)) == 0);
    }
    free(mem);
    sgf_position_free(p);
    sgf_position_free(q);
}

static void test_square_four_dead(void)
{
    /* a white group round a square of four inside Black's area: Black
     * kills it by playing three stones into the square and letting them
     * be taken (a nakade the playouts must allow although it is a
     * self-atari of several stones) */
    static const char *const rows[] = {
        ".........",
        "..XXXXX..",
        ".XXooooX.",
        ".Xoo..oX.",
        ".Xoo..oX.",
        ".XXooooX.",
        "..XXXXX..",
        ".........",
        ".........",
    };
    check_dead("square four", rows, 9);
}

/* The corner of 20050408-janine-GNU, on a small board: Black's pair in
 * the corner and White's wall share the liberty at (1, 1); White's wall
 * has one eye, (3, 1), and Black's outer wall around it lives.  White
 * filling (1, 1) puts its wall in atari, Black filling it gives the pair
 * away: seki.  Playouts fill it all the same. */
static const char *const corner_seki[] = {
    ".XOOOX...",
    "X.O.OX...",
    "OOOOOX...",
    "XXXXXX...",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
};

/* The reading ld_read_at asks of a string. */
enum { READ_ALIVE, READ_SURVIVES, READ_DEAD };

/* ld_alive (READ_ALIVE), ld_survives (READ_SURVIVES) or ld_dead with the
 * owner first (READ_DEAD) on the string at (x, y) of rows: upper-case
 * stones settled, lower-case ones not.  -1 on error. */
static int ld_read_at(const char *const *rows, int h, int x, int y, int how)
{
    char up[19][20];
    const char *r[19];
    for (int yy = 0; yy < h && yy < 19; yy++) {
        size_t len = strlen(rows[yy]);
        for (size_t xx = 0; xx <= len && xx < 20; xx++)
            up[yy][xx] = (char)toupper((unsigned char)rows[yy][xx]);
        r[yy] = up[yy];
    }
    sgf_position *p = from_rows(r, h);
    CHECK(p != NULL);
    if (!p)
        return -1;
    int np = (h + 2) * (sgf_position_width(p) + 1);
    ld *t = malloc(sizeof *t);
    void *mem = malloc(pl_bytes(p));
    void *lmem = malloc(ld_bytes(p));
    uint8_t *settled = calloc((size_t)np, 1);
    int res = -1;
    CHECK(t && mem && lmem && settled);
    if (t && mem && lmem && settled) {
        for (int yy = 0; yy < h; yy++)
            for (int xx = 0; rows[yy][xx]; xx++)
                settled[at(p, xx, yy)] = rows[yy][xx] == 'X' || rows[yy][xx] == 'O';
        pl_board b;
        pl_load(&b, p, mem);
        ld_init(t, p, lmem);
        int pt = at(p, x, y);
        res = how == READ_SURVIVES ? ld_survives(t, &b, pt, settled, 5000)
              : how == READ_DEAD ? ld_dead(t, &b, pt, settled, b.cell[pt].color, 4000)
              : ld_alive(t, &b, pt, settled, 4000);
    }
    free(t);
    free(mem);
    free(lmem);
    free(settled);
    sgf_position_free(p);
    return res;
}

static int ld_alive_at(const char *const *rows, int h, int x, int y)
{
    return ld_read_at(rows, h, x, y, READ_ALIVE);
}

/* Step 3d's reading of large strings: a capturing race a nine-stone
 * string wins with the attacker first (ld_alive does not read strings of
 * more than six stones), and the same race lost when the enemy string
 * has one liberty more. */
static void test_large_race(void)
{
    static const char *const won[] = {
        "...xo.X..",
        "xxxxo.X..",
        "xxxxoXX..",
        "OOOOXX...",
        "...OX....",
        "...OX....",
        "OOOOX....",
        "XXXXX....",
        ".........",
    };
    /* x: 3 liberties (a9 b9 c9); o: 2 (f9 f8); White first fills one of
     * x's, Black one of o's (atari), White another, Black takes o */
    CHECK(ld_read_at(won, 9, 0, 1, READ_SURVIVES) == 1);
    CHECK(ld_read_at(won, 9, 0, 1, READ_ALIVE) == 0);
    static const char *const lost[] = {
        "...xo.X..",
        "xxxxo.X..",
        "xxxxo.X..",
        "OOOOXX...",
        "...OX....",
        "...OX....",
        "OOOOX....",
        "XXXXX....",
        ".........",
    };
    /* o now has 3 liberties too: White first wins the race */
    CHECK(ld_read_at(lost, 9, 0, 1, READ_SURVIVES) == 0);
}

/* Step 3d does not let a group live by taking a wall that would connect:
 * Black's X string f4-f7 has three liberties (e4, e7, g7), and e4, its
 * own eye-like point, joins it to Black's large group.  White's corner
 * (Honinbo/49/15's shape) dies to Black's vital point at h8; White can
 * take f4-f7 only while Black never plays e4. */
static void test_survives_wall_joins_safe(void)
{
    static const char *const corner[] = {
        "....XXXXX",
        "....XXX.X",
        "....XX.oX",
        "...XXooXX",
        "...X.XoXX",
        "...OXXooo",
        "...OOXo..",
        "...O.X...",
    };
    CHECK(ld_read_at(corner, 8, 5, 3, READ_SURVIVES) == 0);
}

/* Step 3d lets a short wall take an outside string in atari: columns f-o
 * and rows 18-8 of a Fox game between FineArt and a professional.
 * White's ten stones j15-j10 (with k11 and the eye j11) share their two
 * last liberties, l13 and k12, with Black's thirteen k15-n14-k10, which
 * take White's k16-l16 at l17 for an eye and win the race.  With the
 * walls fixed, White took Black's thirteen and lived. */
static void test_survives_wall_takes_outside(void)
{
    static const char *const race[] = {
        "X.....XOO",
        "XXXXX.XXO",
        "X..XooXO.",
        "..XoXXOOO",
        "X.XoXXXXO",
        "X.Xoo.XOx",
        "XXoo.XXO.",
        "Xoo.oXXO.",
        "X.ooXXOOx",
        ".X.XOOOXO",
        "XXXXO.OXO",
    };
    CHECK(ld_read_at(race, 11, 3, 3, READ_SURVIVES) == 0);
}

/* The life-and-death search lets a wall short of liberties connect
 * through its own false eyes, as the seki check does: White's four
 * stones in the corner share f9 with Black's wall d8-f8, whose other
 * liberty d9 joins it to c9 and, through b9, to Black's living group on
 * the left.  Black fills d9 and b9, then f9, and takes the corner at j9;
 * White can fill none of them.  With the eye-like points never filled,
 * Black's f9 was a self-atari and the corner read as a seki
 * (FineArt/2016.11.01 on Fox: W+9.5 for RE[B+2.5]). */
static void test_wall_joins_through_false_eyes(void)
{
    static const char *const rows[] = {
        "X.X.X.oo.",
        "XXOXXXoXX",
        ".XOOXXoX.",
        "XXO.OOXXX",
        ".XOOOOOOO",
        "XXXO.O.O.",
        ".XOOOOOOO",
        "XXO.O.O.O",
        ".XOOOOOOO",
    };
    CHECK(ld_read_at(rows, 9, 6, 0, READ_DEAD) == 1);
}

static void test_small_seki(void)
{
    /* the search proves the corner pair alive with White first */
    static const char *const pair[] = {
        ".xOOOX...",
        "x.O.OX...",
        "OOOOOX...",
        "XXXXXX...",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    };
    CHECK(ld_alive_at(pair, 9, 1, 0) == 1);
    CHECK(ld_alive_at(pair, 9, 0, 1) == 1);
    /* with an outside liberty more White fills (1, 1) safely: dead */
    static const char *const no_seki[] = {
        ".xOOOX...",
        "x.O.OX...",
        "OOOOO....",
        "XXXXX....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    };
    CHECK(ld_alive_at(no_seki, 9, 1, 0) == 0);
    /* a lone stone deep in Black's area stays dead: its enclosure is the
     * whole area, too large to read, and the estimate kills it */
    static const char *const lone[] = {
        "...X.O...",
        "...X.O...",
        ".o.X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
    };
    CHECK(ld_alive_at(lone, 9, 1, 2) == 0);
    /* nor is a stone in a small closed area of Black's alive: Black takes it */
    static const char *const closed[] = {
        ".o.X.O...",
        "...X.O...",
        "XXXX.O...",
        "...X.O...",
        ".X.X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
    };
    CHECK(ld_alive_at(closed, 9, 1, 0) == 0);

    /* the whole estimate: nothing dead, the pair and the wall in seki */
    sgf_position *p = from_rows(corner_seki, 9);
    unsigned char map[81];
    sgf_estimate_options o = { .seed = 7 };
    CHECK(p != NULL);
    if (!p)
        return;
    CHECK(sgf_position_estimate_dead(p, &o, map) >= 0);
    int dead = 0;
    for (int i = 0; i < 81; i++)
        dead += (map[i] & SGF_MAP_DEAD) != 0;
    CHECK_INT(dead, 0);
    CHECK(map[1] & SGF_MAP_SEKI);         /* (1, 0): the pair */
    CHECK(map[9] & SGF_MAP_SEKI);         /* (0, 1) */
    CHECK(map[2] & SGF_MAP_SEKI);         /* (2, 0): the wall */
    CHECK(!(map[5] & SGF_MAP_SEKI));      /* (5, 0): Black's outer wall */
    sgf_position_free(p);
}

static void test_no_eye_seki(void)
{
    /* White's four stones on the edge and the black ring round them share
     * their only two liberties, (2, 3) and (4, 3); White's outer wall is
     * pass-alive.  White's fill at (4, 3) would put five stones in a Y in
     * atari, and Black, taking them, would have a Y-shaped space, which
     * lives (its widest point taken leaves three pieces): no nakade, the
     * playouts must not throw them in.  Seki, nothing dead */
    static const char *const rows[] = {
        ".O.O.O.O",
        "OOOOOOOO",
        "OXXXXXXO",
        "OX.X.XXO",
        "OXOOOOXO",
        "OXXXXXXO",
    };
    sgf_position *p = from_rows(rows, 6);
    unsigned char map[6 * 8];
    sgf_estimate_options o = { .seed = 7 };
    CHECK(p != NULL);
    if (!p)
        return;
    CHECK(sgf_position_estimate_dead(p, &o, map) >= 0);
    int dead = 0;
    for (int i = 0; i < 6 * 8; i++)
        dead += (map[i] & SGF_MAP_DEAD) != 0;
    CHECK_INT(dead, 0);
    CHECK(map[4 * 8 + 3] & SGF_MAP_SEKI);   /* (3, 4): White's four */
    CHECK(map[3 * 8 + 3] & SGF_MAP_SEKI);   /* (3, 3): the ring */
    CHECK(map[1 * 8 + 3] & SGF_MAP_PASS_ALIVE);
    /* and no vital point in such a space: the same Y, empty, in a black
     * wall */
    static const char *const y5[] = {
        "XXXXXXX",
        "XXX.XXX",
        "X....XX",
        "XXXXXXX",
    };
    sgf_position *q = from_rows(y5, 4);
    void *mem = q ? malloc(pl_bytes(q)) : NULL;
    CHECK(q && mem);
    if (q && mem) {
        pl_board b;
        pl_load(&b, q, mem);
        CHECK(pl_vital_point(&b, at(q, 1, 2)) == 0);
    }
    free(mem);
    sgf_position_free(q);
    sgf_position_free(p);
}

static void test_race(void)
{
    /* Black's six stones on the right (libs (8, 2), (8, 3)) against the
     * white stone at (8, 4) (libs (8, 3), (8, 5)), next to two white
     * stones in atari: Black takes them at (8, 5) whoever starts and wins
     * the race, though the light playouts kill Black about as often as
     * White.  The capture search proves (8, 4) lost with White first, and
     * Black, short of liberties and in no surer danger, lives: at most
     * seeds (the shares decide whether the search runs at all) */
    static const char *const rows[] = {
        ".O.OOOOOO",
        "OOOOOOXXX",
        "OOOOOOOX.",
        "OOOOOOOX.",
        "OOOOOOOXO",
        "XXXXXXXO.",
        "......XOX",
        "......XXX",
        ".........",
    };
    sgf_position *p = from_rows(rows, 9);
    unsigned char map[81];
    CHECK(p != NULL);
    if (!p)
        return;
    int right = 0;
    for (uint64_t seed = 0; seed < 6; seed++) {
        sgf_estimate_options o = { .seed = seed };
        CHECK(sgf_position_estimate_dead(p, &o, map) >= 0);
        right += (map[4 * 9 + 8] & SGF_MAP_DEAD) && !(map[3 * 9 + 7] & SGF_MAP_DEAD) &&
                 (map[5 * 9 + 7] & SGF_MAP_DEAD);
    }
    /* 5 of 6 measured; the shares alone: 1 */
    CHECK(right >= 4);
    sgf_position_free(p);
}

static void test_boundary_stone_connects(void)
{
    /* the white stone at (4, 2) touches Black's wall but joins White's
     * in one move: alive; the white stone at (1, 6) deep in Black's area
     * is dead */
    static const char *const rows[] = {
        "...X.O...",
        "...X.O...",
        "...XO....",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        ".o.X.O...",
        "...X.O...",
        "...X.O...",
    };
    check_dead("boundary stone that connects", rows, 9);
}

static void test_kgs_corpus(void)
{
    char dir[4096];
    harness_corpus(dir, sizeof dir, "2-online");
    FILE *probe = fopen(dir, "r");
    if (!probe) {
        printf("test_estimate: no real corpus at %s, KGS check skipped\n", dir);
        return;
    }
    fclose(probe);
    const char *paths[1] = { dir };
    sgf_read_options ro = { .flags = 0 };
    kgs_eval *e = calloc(1, sizeof *e);
    sgf_inputs *in = sgf_inputs_new(paths, 1, NULL, NULL);
    sgf_reader *rd = sgf_reader_new(&ro);
    sgf_game *g = sgf_game_new(&ro);
    CHECK(e && in && rd && g);
    if (!e || !in || !rd || !g)
        return;
    e->pos = sgf_position_new();
    sgf_member *m;
    while (e->pos && sgf_inputs_next(in, &m) == 1) {
        sgf_raw_game raw;
        sgf_reader_start(rd, m);
        while (sgf_reader_next_raw(rd, &raw) == 1) {
            if (!memmem(raw.bytes, raw.len, "TB[", 3) &&
                !memmem(raw.bytes, raw.len, "TW[", 3))
                continue;
            if (sgf_game_read(g, &raw) == SGF_OK)
                kgs_game(e, g);
        }
    }
    double n = e->games ? e->games : 1;
    printf("test_estimate: %u KGS counted games: dead sets %.1f%%, winner %.1f%%, "
           "exact %.1f%%\n", e->games, 100 * e->dead_ok / n,
           100 * e->winner_ok / n, 100 * e->exact_ok / n);
    /* the corpus holds about 450 such games */
    CHECK(e->games >= 400);
    /* floors at what issue 16 left (measured here, 2-online only, the
     * default seed: dead sets 439, winner 454, exact 439 of 456; on all counted KGS
     * games, seeds 0 to 3, doc/dead-stones.md has at least 95.9 %,
     * 99.3 % and 95.9 %) */
    CHECK(e->dead_ok >= 0.96 * e->games);
    CHECK(e->winner_ok >= 0.995 * e->games);
    CHECK(e->exact_ok >= 0.96 * e->games);
    sgf_position_free(e->pos);
    sgf_game_free(g);
    sgf_reader_free(rd);
    sgf_inputs_free(in);
    free(e);
}

/* race_takes_inside on the string at (x, y) of rows, nothing pass-alive. */
static int takes_inside_at(const char *const *rows, int h, int x, int y)
{
    tac_fixture f = { 0 };
    int r = -1;
    if (tac_fixture_open(&f, rows, h))
        r = race_takes_inside(&f.b, f.p, f.map, f.t, f.tmem,
                              at(f.p, x, y), 4000);
    tac_fixture_close(&f);
    return r;
}

static void test_takes_inside(void)
{
    /* White's c9-f9 lie inside Black's string: both their liberties (b9,
     * g9) are Black's, which has two of its own (a7, j9).  White must
     * fill those first, so Black takes the four stones even moving
     * second, and their points make a straight four */
    static const char *const inside[] = {
        "X.OOOO.X.",
        "XXXXXXXXO",
        ".OOOOOOOO",
        "OO.......",
    };
    CHECK(takes_inside_at(inside, 4, 0, 0) == 1);
    /* one liberty of its own (a7 White's): White, first, fills j9 and
     * Black's b9 puts both in atari with White to take them */
    static const char *const short1[] = {
        "X.OOOO.X.",
        "XXXXXXXXO",
        "OOOOOOOOO",
        ".O.......",
    };
    CHECK(takes_inside_at(short1, 4, 0, 0) == 0);
    /* a single stone inside is a throw-in, not a group to take */
    static const char *const single[] = {
        "X.O.XX.X.",
        "XXXXXXXXO",
        ".OOOOOOOO",
        "OO.......",
    };
    CHECK(takes_inside_at(single, 4, 0, 0) == 0);
    /* e8 open: Black's a9-d8 and f8-h9 are two strings, and g9, a
     * liberty of White's, is not one of a9's: White is not inside it */
    static const char *const open[] = {
        "X.OOOO.X.",
        "XXXX.XXXO",
        ".OOOOOOOO",
        "OO.......",
    };
    CHECK(takes_inside_at(open, 4, 0, 0) == 0);
}

/* The finish played again on the kept estimate (est_finish_other) counts
 * what a whole estimate with the other player first counts, the marks of
 * doubt aside.  corpus/score/other-order's position after Black's e5:
 * White first, Black must connect at e6 (a teire, no territory there);
 * Black first, e6 stays Black's. */
static void test_finish_other(void)
{
    static const char *const rows[] = {
        ".........", ".........", ".........",
        "XXXX.XXXX",
        ".....O...",
        "OOOOOOOOO",
        ".........", ".........", ".........",
    };
    const int e6 = 3 * 9 + 4;
    sgf_rules r;
    sgf_position *p = sgf_position_new();
    unsigned char *first = calloc(SGF_MAP_SIZE, 1), *again = calloc(SGF_MAP_SIZE, 1),
                  *whole = calloc(SGF_MAP_SIZE, 1);
    est_kept *k = NULL;
    if (!p || !first || !again || !whole ||
        sgf_rules_named("japanese", &r) != SGF_OK ||
        sgf_position_reset(p, 9, 9, &r) != SGF_OK) {
        CHECK(0);
        goto done;
    }
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++)
            if (rows[y][x] != '.')
                sgf_position_setup(p, x, y, rows[y][x] == 'X' ? SGF_BLACK : SGF_WHITE);
    sgf_position_setup_done(p);
    sgf_position_play(p, SGF_BLACK, 4, 4, NULL);
    CHECK(est_estimate_dead(p, NULL, first, &k) >= 0);
    CHECK(k != NULL);
    if (!k)
        goto done;
    est_finish_other(k, again);
    sgf_estimate_options black_first = { .finish_first = SGF_BLACK };
    CHECK(sgf_position_estimate_dead(p, &black_first, whole) >= 0);
    int same = 1;
    for (int i = 0; i < 81; i++)
        same &= (again[i] & ~SGF_MAP_UNSETTLED) == (whole[i] & ~SGF_MAP_UNSETTLED);
    CHECK(same);
    CHECK((first[e6] & SGF_MAP_OWNER) != SGF_BLACK);
    CHECK_INT(again[e6] & SGF_MAP_OWNER, SGF_BLACK);
    est_kept_free(k);
    /* a game over keeps nothing: there is no finish to play again */
    sgf_position_play(p, SGF_WHITE, -1, -1, NULL);
    sgf_position_play(p, SGF_BLACK, -1, -1, NULL);
    k = NULL;
    CHECK(est_estimate_dead(p, NULL, first, &k) >= 0);
    CHECK(k == NULL);
done:
    sgf_position_free(p);
    free(first);
    free(again);
    free(whole);
}

int main(void)
{
    test_dead_stone_in_territory();
    test_dead_group_one_eye();
    test_two_eyes_next_to_dead();
    test_big_eye_alive();
    test_seki();
    test_determinism_and_empty();
    test_capture_search();
    test_patterns();
    test_life_and_death();
    test_square_four_dead();
    test_small_seki();
    test_wall_joins_through_false_eyes();
    test_large_race();
    test_survives_wall_joins_safe();
    test_survives_wall_takes_outside();
    test_no_eye_seki();
    test_race();
    test_takes_inside();
    test_finish_other();
    test_boundary_stone_connects();
    test_unsure_group();
    test_doubt_in_atari();
    test_kgs_corpus();
    TEST_END();
}
