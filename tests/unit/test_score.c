/*
 * test_score.c - counting a position (sgf_position_score) and writing the
 * result (sgf_score_result):
 *  - goscorer's final-scoring boards, read from tests/rules/cases.txt
 *    (false eyes, stones marked dead, captures, komi);
 *  - handicap bonus 0 / N / N-1, Ing's tie, the ancient group tax, a seki
 *    under territory and area counting, the caller's seki marks, the map;
 *  - RE text and Chinese stone notation;
 *  - the identity of doc/scoring.md over random games: with the same dead
 *    stones, territory(W-B) = area(W-B) + (stones Black placed - stones
 *    White placed);
 *  - false eyes and Benson's map against naive implementations of their
 *    definitions (doc/scoring.md) on random positions; single stones
 *    marked dead and boards with stale strings.
 * The rules cases' score_if_ended and pass-alive maps are test_position's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "sgfkit.h"

enum { MAXP = 52 * 52 };

static int color_of(char ch)
{
    switch (ch) {
    case 'X': case 'x': case 'b': return SGF_BLACK;
    case 'O': case 'o': case 'w': return SGF_WHITE;
    default: return SGF_EMPTY;
    }
}

/* Sets up rows on a w x h board under r; map gets SGF_MAP_DEAD on the
 * stones written b and w. */
static void setup(sgf_position *p, int w, int h, const sgf_rules *r,
                  const char *const *rows, unsigned char *map)
{
    CHECK_INT(sgf_position_reset(p, w, h, r), SGF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            char ch = rows[y][x];
            sgf_position_setup(p, x, y, color_of(ch));
            map[y * w + x] = ch == 'b' || ch == 'w' ? SGF_MAP_DEAD : 0;
        }
    CHECK_INT(sgf_position_setup_done(p), 0);
}

static sgf_rules named(const char *name, double komi)
{
    sgf_rules r;
    CHECK_INT(sgf_rules_named(name, &r), 0);
    r.komi = komi;
    return r;
}

/* What every count must satisfy. */
static void check_sums(const sgf_position *p, const sgf_score *s)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    CHECK_INT(s->stones[1] + s->stones[2] + s->territory[1] + s->territory[2] +
              s->seki + s->dame, w * h);
    CHECK(s->margin == s->white - s->black);
    CHECK(s->winner == (s->margin > 0 ? SGF_WHITE : s->margin < 0 ? SGF_BLACK
                        : sgf_position_rules(p)->black_wins_ties ? SGF_BLACK
                        : SGF_EMPTY));
}

/* ------------------------------------------------------------------ */
/* goscorer's boards (cases.txt)                                       */

/* False-eye points a colour would own if they counted: the colour of the
 * living stones next to them. */
static void false_eyes(const sgf_position *p, const unsigned char *map,
                       int *fe)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    fe[1] = fe[2] = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int m = map[y * w + x], c = 0;
            if (!(m & SGF_MAP_FALSE_EYE) || (m & SGF_MAP_SEKI))
                continue;
            const int nx[4] = { x - 1, x + 1, x, x }, ny[4] = { y, y, y - 1, y + 1 };
            for (int i = 0; i < 4; i++) {
                int q = sgf_position_at(p, nx[i], ny[i]);
                if (q && nx[i] >= 0 && ny[i] >= 0 && nx[i] < w && ny[i] < h &&
                    !(map[ny[i] * w + nx[i]] & SGF_MAP_DEAD))
                    c = q;
            }
            CHECK(c != 0);
            fe[c]++;
        }
}

/* "expect territory, false eyes scored, komi 3.5, captures B 8 / W 6:
 * B 13, W 13.5" and "expect area, komi 0: B 21, W 22" on the board of the
 * case (goscorer: territory is Japanese counting, with seki). */
static int check_goscorer_line(sgf_position *p, int w, int h,
                               const char *const *rows, const char *l,
                               const char *name)
{
    static unsigned char map[MAXP];
    const char *colon = strrchr(l, ':'), *t;
    double komi = 0, want_b, want_w;
    int area = strncmp(l, "expect area", 11) == 0;
    int scored = strstr(l, "false eyes scored") != NULL, cap_b = 0, cap_w = 0;
    CHECK(colon && sscanf(colon, ": B %lf, W %lf", &want_b, &want_w) == 2);
    if (!colon)
        return 0;
    if ((t = strstr(l, "komi ")) != NULL && t < colon)
        komi = atof(t + 5);
    if ((t = strstr(l, "captures B ")) != NULL && t < colon)
        CHECK(sscanf(t, "captures B %d / W %d", &cap_b, &cap_w) == 2);
    sgf_rules r = named(area ? "chinese" : "japanese", komi);
    setup(p, w, h, &r, rows, map);
    sgf_score s;
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    double b = s.black + cap_b, wh = s.white + cap_w;
    if (scored) {
        int fe[3];
        false_eyes(p, map, fe);
        b += fe[1];
        wh += fe[2];
    }
    if (b != want_b || wh != want_w)
        fprintf(stderr, "%s: \"%s\": B %g, W %g\n", name, l, b, wh);
    CHECK(b == want_b && wh == want_w);
    return 1;
}

static void test_goscorer(void)
{
    char path[1024];
    const char *src = getenv("srcdir");
    snprintf(path, sizeof path, "%s/tests/rules/cases.txt",
             src && *src ? src : ".");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    static char lines[1024][256];
    int n = 0;
    while (n < 1024 && fgets(lines[n], sizeof lines[n], f)) {
        lines[n][strcspn(lines[n], "\r\n")] = 0;
        n++;
    }
    fclose(f);
    sgf_position *p = sgf_position_new();
    CHECK(p != NULL);
    if (!p)
        return;
    char name[64] = "";
    const char *rows[64];
    int w = 0, h = 0, have_board = 0, checked = 0, boards = 0;
    for (int i = 0; i < n; i++) {
        const char *l = lines[i];
        if (!strncmp(l, "=== ", 4)) {
            snprintf(name, sizeof name, "%s", l + 4);
            have_board = 0;
        } else if (!strncmp(l, "size:", 5)) {
            CHECK(sscanf(l + 5, "%dx%d", &w, &h) == 2);
        } else if (!strncmp(l, "board:", 6) && h > 0 && h <= 64 && i + h < n) {
            for (int y = 0; y < h; y++)
                rows[y] = lines[i + 1 + y];
            i += h;
            have_board = 1;
        } else if (!strncmp(l, "expect territory", 16) ||
                   !strncmp(l, "expect area", 11)) {
            CHECK(have_board);
            if (have_board) {
                checked += check_goscorer_line(p, w, h, rows, l, name);
                boards += strncmp(name, "goscorer", 8) == 0;
            }
        }
    }
    sgf_position_free(p);
    CHECK_INT(checked, 12);
    printf("goscorer boards: %d territory/area counts checked\n", checked);
}

/* ------------------------------------------------------------------ */
/* rules details                                                       */

static void test_handicap(sgf_position *p)
{
    /* four handicap stones, nothing else: every point is Black's */
    static const char *const rows[] = {
        ".........", ".........", "..X...X..", ".........", ".........",
        ".........", "..X...X..", ".........", ".........",
    };
    static unsigned char map[MAXP];
    static const struct {
        const char *rules;
        int handicap;
        double bonus;
    } t[] = {
        { "chinese", 4, 4 }, { "aga", 4, 3 }, { "nz", 4, 0 }, { "ing", 4, 4 },
        { "tromp-taylor", 4, 0 }, { "japanese", 4, 0 },
        { "chinese", 1, 0 }, { "aga", 1, 0 }, { "aga", 2, 1 },
        { "chinese", 0, 0 }, { "aga", 0, 0 }, { "chinese", 9, 9 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        sgf_rules r = named(t[i].rules, 0.5);
        sgf_score s;
        setup(p, 9, 9, &r, rows, map);
        CHECK_INT(sgf_position_score(p, t[i].handicap, 0, map, &s), SGF_OK);
        check_sums(p, &s);
        CHECK_INT(s.handicap, t[i].handicap >= 2 ? t[i].handicap : 0);
        CHECK(s.bonus == t[i].bonus);
        CHECK(s.komi == 0.5);
        /* tests/rules/cases.txt: HA[4], komi 0.5: W gets 4.5 (N), 3.5 (N-1),
         * 0.5 (0) */
        CHECK(s.white == t[i].bonus + 0.5);
        if (r.scoring == SGF_SCORING_AREA)
            CHECK(s.black == 81);
        else
            CHECK(s.black == 77);
    }
}

/* Black's area and White's are equal: a draw unless Black wins ties. */
static void test_ties(sgf_position *p)
{
    static const char *const rows[] = {
        ".......", ".......", "OOOOOOO", "XXXXXXX", ".......", ".......",
    };
    static unsigned char map[MAXP];
    char buf[64];
    sgf_score s;
    sgf_rules r = named("chinese", 0);
    setup(p, 7, 6, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK(s.black == 21 && s.white == 21);
    CHECK_INT(s.winner, SGF_EMPTY);
    sgf_score_result(&s, 0, buf, sizeof buf);
    CHECK_STR(buf, "0");
    sgf_score_result(&s, 1, buf, sizeof buf);
    CHECK_STR(buf, "和棋");

    r = named("ing", 0);   /* Ing: Black wins a tie */
    CHECK(r.black_wins_ties);
    setup(p, 7, 6, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK(s.margin == 0);
    CHECK_INT(s.winner, SGF_BLACK);
    sgf_score_result(&s, 0, buf, sizeof buf);
    CHECK_STR(buf, "B+0");
    sgf_score_result(&s, 1, buf, sizeof buf);
    CHECK_STR(buf, "黑胜");

    r = named("ing", 8);   /* Ing's komi: 8 points, 4 stones */
    setup(p, 7, 6, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    CHECK_INT(s.winner, SGF_WHITE);
    sgf_score_result(&s, 0, buf, sizeof buf);
    CHECK_STR(buf, "W+8");
    sgf_score_result(&s, 1, buf, sizeof buf);
    CHECK_STR(buf, "白胜4子");
}

/* Three living groups, each with two eyes: the ancient group tax charges
 * Black twice and White once. */
static void test_group_tax(sgf_position *p)
{
    static const char *const rows[] = {
        ".XXO.OX..",
        "XXXOOOXXX",
        ".XXO.OX..",
    };
    static unsigned char map[MAXP];
    char buf[64];
    sgf_score s;
    sgf_rules r = named("ancient-chinese", 0);
    CHECK_INT(r.tax, SGF_TAX_ALL);
    setup(p, 9, 3, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK_INT(s.groups[SGF_BLACK], 2);
    CHECK_INT(s.groups[SGF_WHITE], 1);
    CHECK_INT(s.seki, 0);
    CHECK(s.black == 18 - 4 && s.white == 9 - 2);
    sgf_score_result(&s, 0, buf, sizeof buf);
    CHECK_STR(buf, "B+7");
    sgf_score_result(&s, 1, buf, sizeof buf);
    CHECK_STR(buf, "黑胜3子半");

    r = named("chinese", 7.5);   /* no tax: 18 to 9 + 7.5 */
    setup(p, 9, 3, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    CHECK(s.margin == -1.5);
    CHECK_INT(s.groups[SGF_BLACK], 2);   /* counted, not charged */
    sgf_score_result(&s, 1, buf, sizeof buf);
    CHECK_STR(buf, "黑胜3/4子");
}

/* A seki in the corner: the black corner stones (eye a1... top left) and
 * the white group share the liberty b2; each has one eye. */
static void test_seki(sgf_position *p)
{
    static const char *const rows[] = {
        ".XO.O",
        "X.OOO",
        "OOOXX",
        "XXXX.",
        "...X.",
    };
    static unsigned char map[MAXP];
    sgf_score s;
    /* territory counting, tax SEKI: the eyes of the seki count nothing */
    sgf_rules r = named("japanese", 0);
    setup(p, 5, 5, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK_INT(s.seki, 2);
    CHECK_INT(s.dame, 1);
    CHECK_INT(s.territory[SGF_BLACK], 5);
    CHECK_INT(s.territory[SGF_WHITE], 0);
    CHECK(s.margin == -5);
    CHECK((map[0] & SGF_MAP_SEKI) && (map[3] & SGF_MAP_SEKI));
    CHECK_INT(map[0] & SGF_MAP_OWNER, SGF_EMPTY);
    CHECK((map[1] & SGF_MAP_SEKI) && (map[2] & SGF_MAP_SEKI));   /* stones */
    CHECK(!(map[4 * 5] & SGF_MAP_SEKI));
    CHECK_INT(map[4 * 5] & SGF_MAP_OWNER, SGF_BLACK);
    CHECK_INT(map[1] & SGF_MAP_OWNER, SGF_EMPTY);   /* a stone: territory rules */
    CHECK_INT(map[6] & SGF_MAP_OWNER, SGF_EMPTY);   /* the shared liberty */
    CHECK_INT(s.groups[SGF_BLACK], 1);
    CHECK_INT(s.groups[SGF_WHITE], 0);

    /* area counting: seki eyes are points like any other */
    r = named("chinese", 0);
    setup(p, 5, 5, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK_INT(s.seki, 0);
    CHECK(s.black == 9 + 6 && s.white == 8 + 1);
    CHECK(map[0] & SGF_MAP_SEKI);   /* still marked */
    CHECK_INT(map[0] & SGF_MAP_OWNER, SGF_BLACK);
    CHECK_INT(map[1] & SGF_MAP_OWNER, SGF_BLACK);

    /* area counting with tax SEKI: no points for the seki eyes */
    r.tax = SGF_TAX_SEKI;
    setup(p, 5, 5, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    CHECK(s.black == 9 + 5 && s.white == 8);

    /* the caller's seki marks: the lower group marked seki loses its
     * territory too */
    r = named("japanese", 0);
    setup(p, 5, 5, &r, rows, map);
    map[3 * 5 + 3] |= SGF_MAP_SEKI | SGF_MAP_UNSETTLED;
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    CHECK_INT(s.territory[SGF_BLACK], 0);
    CHECK_INT(s.seki, 7);
    CHECK_INT(s.unsettled, 1);
    CHECK(map[3 * 5 + 3] & SGF_MAP_UNSETTLED);   /* other bits are kept */
    CHECK(map[4 * 5] & SGF_MAP_SEKI);
    /* a mark on one of its empty points does the same */
    setup(p, 5, 5, &r, rows, map);
    map[4 * 5 + 1] |= SGF_MAP_SEKI;
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    CHECK_INT(s.territory[SGF_BLACK], 0);
    CHECK_INT(s.seki, 7);
    CHECK_INT(s.unsettled, 0);
    CHECK(map[3 * 5 + 3] & SGF_MAP_SEKI);
}

/* A string in atari makes its region seki (tests/rules/cases.txt) though the
 * group has eyes: the black a1 stone has one liberty, a2. */
static void test_atari(sgf_position *p)
{
    static const char *const rows[] = {
        "XOOOOO",
        ".XXXXO",
        ".X.XXO",
        "XXXXOO",
        "...XO.",
    };
    static const char *const joined[] = {
        "XXOOOO",
        ".XXXXO",
        ".X.XXO",
        "XXXXOO",
        "...XO.",
    };
    static unsigned char map[MAXP];
    sgf_score s;
    sgf_rules r = named("japanese", 0);
    setup(p, 6, 5, &r, rows, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK(map[0] & SGF_MAP_SEKI);
    CHECK(map[2 * 6 + 2] & SGF_MAP_SEKI);
    CHECK_INT(s.territory[SGF_BLACK], 0);
    CHECK_INT(s.groups[SGF_BLACK], 0);
    /* a2 can only save a1 by being filled: a false eye */
    CHECK(map[1 * 6] & SGF_MAP_FALSE_EYE);
    CHECK(!(map[2 * 6] & SGF_MAP_FALSE_EYE));
    /* one string, no atari: three eyes, six points */
    setup(p, 6, 5, &r, joined, map);
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK_INT(s.territory[SGF_BLACK], 6);
    CHECK_INT(s.groups[SGF_BLACK], 1);
    CHECK(!(map[2 * 6 + 2] & SGF_MAP_SEKI));
    CHECK(!(map[1 * 6] & SGF_MAP_FALSE_EYE));
    /* White's group has one eye, f5: seki, no territory */
    CHECK(map[4 * 6 + 5] & SGF_MAP_SEKI);
    CHECK_INT(s.territory[SGF_WHITE], 0);
}

/* The count of an empty board is the komi. */
static void test_empty(sgf_position *p)
{
    static unsigned char map[MAXP];
    char buf[64];
    sgf_score s;
    sgf_rules r = named("chinese", 7.5);
    CHECK_INT(sgf_position_reset(p, 19, 19, &r), SGF_OK);
    memset(map, 0xff & ~SGF_MAP_DEAD, 361);   /* stale bits are replaced */
    CHECK_INT(sgf_position_score(p, 0, 0, map, &s), SGF_OK);
    check_sums(p, &s);
    CHECK_INT(s.dame, 361);
    CHECK(s.margin == 7.5);
    CHECK_INT(map[100] & (SGF_MAP_OWNER | SGF_MAP_SEKI | SGF_MAP_FALSE_EYE), 0);
    CHECK(map[100] & SGF_MAP_PASS_ALIVE);
    sgf_score_result(&s, 0, buf, sizeof buf);
    CHECK_STR(buf, "W+7.5");
    sgf_score_result(&s, 1, buf, sizeof buf);
    CHECK_STR(buf, "白胜3又3/4子");
}

static void test_notation(void)
{
    static const struct {
        double margin;
        int winner;
        const char *re, *zh;
    } t[] = {
        { -3.5, SGF_BLACK, "B+3.5", "黑胜1又3/4子" },
        { 0.5, SGF_WHITE, "W+0.5", "白胜1/4子" },
        { -7.5, SGF_BLACK, "B+7.5", "黑胜3又3/4子" },
        { 1.5, SGF_WHITE, "W+1.5", "白胜3/4子" },
        { -1, SGF_BLACK, "B+1", "黑胜半子" },
        { 5, SGF_WHITE, "W+5", "白胜2子半" },
        { -28, SGF_BLACK, "B+28", "黑胜14子" },
        { 2.5, SGF_WHITE, "W+2.5", "白胜1又1/4子" },
        { 0, SGF_EMPTY, "0", "和棋" },
        { -0.4, SGF_BLACK, "B+0.4", "黑胜0.2子" },
        { 120, SGF_WHITE, "W+120", "白胜60子" },
    };
    char buf[64];
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        sgf_score s;
        memset(&s, 0, sizeof s);
        s.margin = t[i].margin;
        s.winner = t[i].winner;
        sgf_score_result(&s, 0, buf, sizeof buf);
        CHECK_STR(buf, t[i].re);
        sgf_score_result(&s, 1, buf, sizeof buf);
        CHECK_STR(buf, t[i].zh);
    }
    /* cut short, never inside a character */
    sgf_score s;
    memset(&s, 0, sizeof s);
    s.margin = -7.5;
    s.winner = SGF_BLACK;
    sgf_score_result(&s, 1, buf, 5);
    CHECK_STR(buf, "黑");
    sgf_score_result(&s, 1, buf, 1);
    CHECK_STR(buf, "");
    sgf_score_result(&s, 0, buf, 3);
    CHECK_STR(buf, "B+");
    buf[0] = 'x';
    sgf_score_result(&s, 0, buf, 0);   /* nothing written */
    CHECK(buf[0] == 'x');
}

/* ------------------------------------------------------------------ */
/* the identity over random games                                      */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* Marks whole strings dead at random (about one in four). */
static void random_dead(const sgf_position *p, unsigned char *map)
{
    static int seen[MAXP], list[MAXP];
    int w = sgf_position_width(p), h = sgf_position_height(p);
    for (int i = 0; i < w * h; i++) {
        map[i] = 0;
        seen[i] = 0;
    }
    for (int i = 0; i < w * h; i++) {
        int c = sgf_position_at(p, i % w, i / w);
        if (!c || seen[i])
            continue;
        int n = 0, dead = rnd(4) == 0;
        seen[i] = 1;
        list[n++] = i;
        for (int k = 0; k < n; k++) {
            int j = list[k], x = j % w, y = j / w;
            const int nx[4] = { x - 1, x + 1, x, x }, ny[4] = { y, y, y - 1, y + 1 };
            for (int d = 0; d < 4; d++) {
                int q = ny[d] * w + nx[d];
                if (nx[d] >= 0 && ny[d] >= 0 && nx[d] < w && ny[d] < h &&
                    !seen[q] && sgf_position_at(p, nx[d], ny[d]) == c) {
                    seen[q] = 1;
                    list[n++] = q;
                }
            }
        }
        if (dead)
            for (int k = 0; k < n; k++)
                map[list[k]] = SGF_MAP_DEAD;
    }
}

/* One random game; returns the number of broken identities. */
static int identity_game(sgf_position *area, sgf_position *terr, int w, int h,
                         int suicide, int plies)
{
    static unsigned char map[MAXP], map2[MAXP];
    sgf_rules ra = named("chinese", 7.5), rt = named("japanese", 7.5);
    int placed[3] = { 0, 0, 0 }, bad = 0;
    ra.tax = rt.tax = SGF_TAX_NONE;
    ra.suicide = rt.suicide = suicide;
    sgf_position_reset(area, w, h, &ra);
    sgf_position_reset(terr, w, h, &rt);
    /* a few setup stones, as a handicap or a problem would have */
    for (int k = (int)rnd(5); k > 0; k--) {
        int x = (int)rnd((unsigned)w), y = (int)rnd((unsigned)h);
        int c = 1 + (int)rnd(2);
        if (sgf_position_at(area, x, y))
            continue;
        sgf_position_setup(area, x, y, c);
        sgf_position_setup(terr, x, y, c);
        placed[c]++;
    }
    if (sgf_position_setup_done(area) || sgf_position_setup_done(terr))
        return 0;   /* setup took a string's last liberty: not a game */
    for (int k = 0; k < plies; k++) {
        int c = sgf_position_to_move(area);
        int x = -1, y = -1;
        for (int t = 0; t < 20; t++) {
            int tx = (int)rnd((unsigned)w), ty = (int)rnd((unsigned)h);
            if (sgf_position_legal(area, c, tx, ty) == SGF_LEGAL) {
                x = tx;
                y = ty;
                break;
            }
        }
        sgf_play_info in;
        sgf_position_play(area, c, x, y, &in);
        sgf_position_play(terr, c, x, y, NULL);
        if (x >= 0)
            placed[c]++;
        if (sgf_position_game_over(area))
            break;
    }
    for (int round = 0; round < 2; round++) {
        sgf_score sa, st;
        if (round)
            random_dead(area, map);
        else
            memset(map, 0, (size_t)(w * h));
        memcpy(map2, map, (size_t)(w * h));
        bad += sgf_position_score(area, 0, 0, map, &sa) != SGF_OK;
        bad += sgf_position_score(terr, 0, 0, map2, &st) != SGF_OK;
        check_sums(area, &sa);
        check_sums(terr, &st);
        double want = sa.margin + (placed[SGF_BLACK] - placed[SGF_WHITE]);
        if (st.margin != want) {
            fprintf(stderr, "identity: %dx%d suicide %d round %d: territory %g, area %g + placed %d - %d\n"
                    "  area: stones %d %d territory %d %d dead %d %d; territory: territory %d %d dead %d %d prisoners %d %d\n",
                    w, h, suicide, round, st.margin, sa.margin,
                    placed[SGF_BLACK], placed[SGF_WHITE], sa.stones[1], sa.stones[2],
                    sa.territory[1], sa.territory[2], sa.dead[1], sa.dead[2],
                    st.territory[1], st.territory[2], st.dead[1], st.dead[2],
                    st.prisoners[1], st.prisoners[2]);
            bad++;
        }
        /* both see the same board: the same territory, seki and dame */
        bad += sa.territory[1] != st.territory[1] ||
               sa.territory[2] != st.territory[2] || sa.dame != st.dame;
        bad += st.prisoners[1] != sgf_position_prisoners(terr, SGF_BLACK);
    }
    return bad;
}

static void test_identity(void)
{
    sgf_position *a = sgf_position_new(), *t = sgf_position_new();
    CHECK(a && t);
    if (a && t) {
        static const int sizes[][2] = {
            { 19, 19 }, { 9, 9 }, { 13, 7 }, { 5, 5 }, { 3, 11 }, { 2, 2 },
            { 1, 6 }, { 25, 19 },
        };
        int games = 0, bad = 0;
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int g = 0; g < 40; g++, games++) {
                int w = sizes[z][0], h = sizes[z][1];
                bad += identity_game(a, t, w, h, g % 2,
                                     (int)rnd((unsigned)(w * h * 3)) + 1);
            }
        CHECK_INT(bad, 0);
        printf("identity: %d random games, each scored with no dead stones "
               "and with random dead strings\n", games);
    }
    sgf_position_free(a);
    sgf_position_free(t);
}

/* ------------------------------------------------------------------ */
/* false eyes against a naive reference                                */

/* The definition of doc/scoring.md, computed the slow way: remove the
 * point and search the board again. */
struct ref {
    int w, h;
    int live[MAXP];     /* living stone colour, 0 */
    int area[MAXP];     /* area of a point without a living stone, -1 */
    int aown[MAXP];     /* owner of each area, 0 dame */
    int falsep[MAXP], unscored[MAXP], value[MAXP];
};

static int ref_nb(const struct ref *r, int i, int k)
{
    int x = i % r->w, y = i / r->w;
    switch (k) {
    case 0: return x > 0 ? i - 1 : -1;
    case 1: return x < r->w - 1 ? i + 1 : -1;
    case 2: return y > 0 ? i - r->w : -1;
    default: return y < r->h - 1 ? i + r->w : -1;
    }
}

/* In the graph of colour c: c's living stones, c's areas, dame. */
static int ref_in(const struct ref *r, int i, int c)
{
    if (r->live[i])
        return r->live[i] == c;
    return r->aown[r->area[i]] == c || r->aown[r->area[i]] == 0;
}

/* Marks in seen what c's graph without the point cut reaches from i. */
static void ref_reach(const struct ref *r, int c, int from, int cut, int *seen)
{
    static int list[MAXP];
    int n = 0;
    for (int i = 0; i < r->w * r->h; i++)
        seen[i] = 0;
    seen[from] = 1;
    list[n++] = from;
    for (int k = 0; k < n; k++)
        for (int d = 0; d < 4; d++) {
            int q = ref_nb(r, list[k], d);
            if (q >= 0 && q != cut && !seen[q] && ref_in(r, q, c)) {
                seen[q] = 1;
                list[n++] = q;
            }
        }
}

static int ref_area_nbs(const struct ref *r, int i)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        int q = ref_nb(r, i, d);
        n += q >= 0 && !r->live[q];
    }
    return n;
}

static int ref_value(const struct ref *r, const sgf_position *p, int a)
{
    int pts[MAXP], real = 0, weak = 0;
    for (int i = 0; i < r->w * r->h; i++) {
        if (r->live[i] || r->area[i] != a || r->falsep[i])
            continue;
        int nearfalse = 0;
        for (int d = 0; d < 4; d++) {
            int q = ref_nb(r, i, d);
            nearfalse |= q >= 0 && !r->live[q] && r->falsep[q];
        }
        weak += nearfalse;
        pts[real++] = i;
    }
    if (!real)
        return 0;
    if (real - weak >= 6 || real > 16)
        return 2;
    if (real < 3)
        return 1;
    for (int k = 0; k < real; k++) {
        if (sgf_position_at(p, pts[k] % r->w, pts[k] / r->w) != SGF_EMPTY)
            continue;
        /* pieces of the real points without pts[k] */
        int seen[16] = { 0 }, pieces = 0;
        seen[k] = 1;
        for (int j = 0; j < real; j++) {
            if (seen[j])
                continue;
            pieces++;
            seen[j] = 1;
            for (int grew = 1; grew;) {
                grew = 0;
                for (int m = 0; m < real; m++)
                    for (int t = 0; t < real && !seen[m]; t++) {
                        int dx = pts[m] % r->w - pts[t] % r->w;
                        int dy = pts[m] / r->w - pts[t] / r->w;
                        if (t != k && seen[t] && dx * dx + dy * dy == 1) {
                            seen[m] = 1;
                            grew = 1;
                        }
                    }
            }
        }
        if (pieces >= 2)
            return 2;
    }
    return 1;
}

static void ref_false_eyes(const sgf_position *p, const unsigned char *map,
                           struct ref *r)
{
    static int seen[MAXP], list[MAXP];
    int w = sgf_position_width(p), h = sgf_position_height(p), na = 0;
    r->w = w;
    r->h = h;
    for (int i = 0; i < w * h; i++) {
        int c = sgf_position_at(p, i % w, i / w);
        r->live[i] = (map[i] & SGF_MAP_DEAD) ? 0 : c;
        r->area[i] = -1;
        r->falsep[i] = r->unscored[i] = 0;
    }
    for (int i = 0; i < w * h; i++) {
        if (r->live[i] || r->area[i] >= 0)
            continue;
        int n = 0, touch = 0;
        r->area[i] = na;
        list[n++] = i;
        for (int k = 0; k < n; k++)
            for (int d = 0; d < 4; d++) {
                int q = ref_nb(r, list[k], d);
                if (q < 0)
                    continue;
                if (r->live[q])
                    touch |= r->live[q];
                else if (r->area[q] < 0) {
                    r->area[q] = na;
                    list[n++] = q;
                }
            }
        r->aown[na++] = touch == 3 ? 0 : touch;
    }
    for (int c = 1; c <= 2; c++) {
        /* false for life and death: a cut vertex with at most one
         * neighbour in its area */
        for (int i = 0; i < w * h; i++) {
            if (r->live[i] || r->aown[r->area[i]] != c || ref_area_nbs(r, i) > 1)
                continue;
            int first = -1, cut = 0;
            for (int d = 0; d < 4; d++) {
                int q = ref_nb(r, i, d);
                if (q < 0 || !ref_in(r, q, c))
                    continue;
                if (first < 0) {
                    first = q;
                    ref_reach(r, c, q, i, seen);
                } else if (!seen[q]) {
                    cut = 1;
                }
            }
            r->falsep[i] = cut;
        }
        for (int a = 0; a < na; a++)
            if (r->aown[a] == c)
                r->value[a] = ref_value(r, p, a);
        /* must be filled: a stone next to it reaches no real point of an
         * eye worth something */
        for (int i = 0; i < w * h; i++) {
            if (!r->falsep[i] || r->live[i] || r->aown[r->area[i]] != c)
                continue;
            for (int d = 0; d < 4 && !r->unscored[i]; d++) {
                int q = ref_nb(r, i, d), positive = 0;
                if (q < 0 || r->live[q] != c)
                    continue;
                ref_reach(r, c, q, i, seen);
                for (int j = 0; j < w * h && !positive; j++)
                    positive = seen[j] && !r->live[j] && !r->falsep[j] &&
                               r->aown[r->area[j]] == c &&
                               r->value[r->area[j]] > 0;
                r->unscored[i] = !positive;
            }
        }
    }
    /* a dead stone on such a point spoils its neighbours */
    for (int i = 0; i < w * h; i++)
        if (r->unscored[i] == 1 &&
            sgf_position_at(p, i % w, i / w) != SGF_EMPTY)
            for (int d = 0; d < 4; d++) {
                int q = ref_nb(r, i, d);
                if (q >= 0 && !r->live[q] && !r->unscored[q])
                    r->unscored[q] = 2;
            }
}

static void test_false_eyes_random(void)
{
    static struct ref r;
    static unsigned char map[MAXP];
    sgf_position *a = sgf_position_new(), *t = sgf_position_new();
    CHECK(a && t);
    if (!a || !t) {
        sgf_position_free(a);
        sgf_position_free(t);
        return;
    }
    static const int sizes[][2] = { { 19, 19 }, { 9, 9 }, { 13, 7 }, { 5, 5 },
                                    { 7, 3 } };
    int positions = 0, points = 0, bad = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int g = 0; g < 30; g++) {
            int w = sizes[z][0], h = sizes[z][1];
            identity_game(a, t, w, h, g % 2, w * h * 2);
            for (int round = 0; round < 2; round++) {
                sgf_score s;
                if (round)
                    random_dead(a, map);
                else
                    memset(map, 0, (size_t)(w * h));
                ref_false_eyes(a, map, &r);
                CHECK_INT(sgf_position_score(a, 0, 0, map, &s), SGF_OK);
                for (int i = 0; i < w * h; i++) {
                    int want = r.unscored[i] != 0 && !r.live[i];
                    int got = (map[i] & SGF_MAP_FALSE_EYE) != 0;
                    points += want;
                    if (want != got && bad++ < 5)
                        fprintf(stderr, "false eyes: %dx%d game %d round %d: %c%c is %d, expected %d\n",
                                w, h, g, round, 'a' + i % w, 'a' + i / w, got, want);
                }
                positions++;
            }
        }
    CHECK_INT(bad, 0);
    CHECK(points > 50);
    printf("false eyes: %d random positions, %d points that must be filled, "
           "as the naive search finds them\n", positions, points);
    sgf_position_free(a);
    sgf_position_free(t);
}

/* ------------------------------------------------------------------ */
/* Benson against a naive reference                                    */

/* Pass-alive map of colour c the slow way (tests/rules/cases.txt, KataGo's
 * definition): regions are the connected sets of points without c;
 * a region is vital to a string when each of its empty points (each of
 * its points when suicide is legal) is next to the string; strings with
 * fewer than two vital regions untouched by dropped strings are dropped
 * until none is; territory: untouched regions with at most one point away
 * from c's stones. */
static void ref_benson(const sgf_position *p, int c, int suicide,
                       unsigned char *out)
{
    static int reg[MAXP], str[MAXP], list[MAXP], alive[MAXP], bad[MAXP];
    static int vital[MAXP][8], nvital[MAXP], internal[MAXP];
    int w = sgf_position_width(p), h = sgf_position_height(p), n = w * h;
    int nr = 0, ns = 0, any = 0;
    struct ref geo;
    geo.w = w;
    geo.h = h;
    for (int i = 0; i < n; i++) {
        reg[i] = str[i] = -1;
        any |= sgf_position_at(p, i % w, i / w) == c;
    }
    if (!any)
        return;
    /* strings of c */
    for (int i = 0; i < n; i++) {
        if (sgf_position_at(p, i % w, i / w) != c || str[i] >= 0)
            continue;
        int m = 0;
        str[i] = ns;
        list[m++] = i;
        for (int k = 0; k < m; k++)
            for (int d = 0; d < 4; d++) {
                int q = ref_nb(&geo, list[k], d);
                if (q >= 0 && str[q] < 0 && sgf_position_at(p, q % w, q / w) == c) {
                    str[q] = ns;
                    list[m++] = q;
                }
            }
        alive[ns++] = 1;
    }
    /* regions, started from empty points first */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            int col = sgf_position_at(p, i % w, i / w);
            if (reg[i] >= 0 || col == c || (!pass && col != SGF_EMPTY))
                continue;
            int m = 0, relevant = 0;
            reg[i] = nr;
            list[m++] = i;
            for (int k = 0; k < m; k++)
                for (int d = 0; d < 4; d++) {
                    int q = ref_nb(&geo, list[k], d);
                    if (q >= 0 && reg[q] < 0 &&
                        sgf_position_at(p, q % w, q / w) != c) {
                        reg[q] = nr;
                        list[m++] = q;
                    }
                }
            internal[nr] = 0;
            nvital[nr] = 0;
            for (int k = 0; k < m; k++) {
                int adj = 0;
                for (int d = 0; d < 4; d++) {
                    int q = ref_nb(&geo, list[k], d);
                    adj |= q >= 0 && str[q] >= 0;
                }
                internal[nr] += !adj;
                relevant += suicide ||
                            sgf_position_at(p, list[k] % w, list[k] / w) == SGF_EMPTY;
            }
            /* vital to the strings next to every relevant point */
            for (int s = 0; s < ns && relevant && pass == 0; s++) {
                int all = 1;
                for (int k = 0; k < m && all; k++) {
                    int q0 = list[k], next = 0;
                    if (!suicide && sgf_position_at(p, q0 % w, q0 / w) != SGF_EMPTY)
                        continue;
                    for (int d = 0; d < 4; d++) {
                        int q = ref_nb(&geo, q0, d);
                        next |= q >= 0 && str[q] == s;
                    }
                    all = next;
                }
                if (all && nvital[nr] < 8)
                    vital[nr][nvital[nr]++] = s;
            }
            bad[nr] = 0;
            nr++;
        }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int r = 0; r < nr; r++)
            bad[r] = 0;
        for (int i = 0; i < n; i++)
            if (reg[i] >= 0)
                for (int d = 0; d < 4; d++) {
                    int q = ref_nb(&geo, i, d);
                    if (q >= 0 && str[q] >= 0 && !alive[str[q]])
                        bad[reg[i]] = 1;
                }
        for (int s = 0; s < ns; s++) {
            if (!alive[s])
                continue;
            int count = 0;
            for (int r = 0; r < nr; r++)
                for (int k = 0; k < nvital[r]; k++)
                    count += !bad[r] && vital[r][k] == s;
            if (count < 2) {
                alive[s] = 0;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        if (str[i] >= 0 && alive[str[i]])
            out[i] = (unsigned char)c;
        if (reg[i] >= 0 && !bad[reg[i]] && internal[reg[i]] <= 1)
            out[i] = (unsigned char)c;
    }
}

static void test_benson_random(void)
{
    static unsigned char want[MAXP], got[MAXP];
    sgf_position *a = sgf_position_new(), *t = sgf_position_new();
    CHECK(a && t);
    if (!a || !t) {
        sgf_position_free(a);
        sgf_position_free(t);
        return;
    }
    static const int sizes[][2] = { { 19, 19 }, { 9, 9 }, { 13, 7 }, { 5, 5 },
                                    { 7, 3 }, { 2, 2 }, { 1, 5 } };
    int positions = 0, alive = 0, bad = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int g = 0; g < 40; g++) {
            int w = sizes[z][0], h = sizes[z][1];
            /* short games too: pass-alive groups are rarer, regions
             * bigger */
            identity_game(a, t, w, h, g % 2, g % 3 ? w * h * 2 : w * h / 2 + 1);
            for (int suicide = 0; suicide < 2; suicide++) {
                memset(want, 0, (size_t)(w * h));
                ref_benson(a, SGF_BLACK, suicide, want);
                ref_benson(a, SGF_WHITE, suicide, want);
                CHECK_INT(sgf_position_pass_alive(a, suicide, got), SGF_OK);
                for (int i = 0; i < w * h; i++) {
                    alive += want[i] != 0;
                    if (want[i] != got[i] && bad++ < 5)
                        fprintf(stderr, "benson: %dx%d game %d suicide %d: %c%c is %d, expected %d\n",
                                w, h, g, suicide, 'a' + i % w, 'a' + i / w,
                                got[i], want[i]);
                }
                positions++;
            }
        }
    CHECK_INT(bad, 0);
    CHECK(alive > 1000);
    printf("benson: %d random positions, %d pass-alive points, as the naive "
           "fixpoint finds them\n", positions, alive);
    sgf_position_free(a);
    sgf_position_free(t);
}

/* Stones marked dead one by one (strings cut by the marks) count as if
 * they were off the board (tax NONE: with seki and false eyes, a dead
 * stone in an eye is not a point its owner can play, so the eye may be
 * worth less than the empty one); and a board whose setup is not
 * completed (its strings stale) counts as the completed one. */
static void test_partial_dead(void)
{
    static unsigned char map[MAXP], map2[MAXP], pa[MAXP], pa2[MAXP];
    sgf_position *a = sgf_position_new(), *t = sgf_position_new();
    sgf_position *q = sgf_position_new();
    CHECK(a && t && q);
    if (!a || !t || !q) {
        sgf_position_free(a);
        sgf_position_free(t);
        sgf_position_free(q);
        return;
    }
    int bad = 0, games = 0;
    for (int g = 0; g < 60; g++, games++) {
        int w = g % 2 ? 9 : 13, h = g % 3 ? 9 : 7;
        identity_game(a, t, w, h, 0, w * h);
        sgf_rules r = *sgf_position_rules(a);
        r.tax = SGF_TAX_NONE;
        r.scoring = g % 2 ? SGF_SCORING_AREA : SGF_SCORING_TERRITORY;
        sgf_position_reset(q, w, h, &r);
        for (int i = 0; i < w * h; i++) {
            int c = sgf_position_at(a, i % w, i / w);
            map[i] = c && rnd(6) == 0 ? SGF_MAP_DEAD : 0;
            map2[i] = 0;
            sgf_position_setup(q, i % w, i / w, map[i] ? SGF_EMPTY : c);
        }
        /* q's strings are stale: the setup is not completed */
        sgf_score sa, sq;
        CHECK_INT(sgf_position_pass_alive(q, 0, pa), SGF_OK);
        CHECK_INT(sgf_position_score(q, 0, 0, map2, &sq), SGF_OK);
        /* the same rules on a's board */
        sgf_position *b = t;
        sgf_position_reset(b, w, h, &r);
        for (int i = 0; i < w * h; i++)
            sgf_position_setup(b, i % w, i / w, sgf_position_at(a, i % w, i / w));
        CHECK_INT(sgf_position_setup_done(b), 0);
        CHECK_INT(sgf_position_score(b, 0, 0, map, &sa), SGF_OK);
        for (int i = 0; i < w * h; i++)
            bad += (map[i] & SGF_MAP_OWNER) != (map2[i] & SGF_MAP_OWNER);
        bad += sa.territory[1] != sq.territory[1] ||
               sa.territory[2] != sq.territory[2] || sa.seki != sq.seki ||
               sa.dame != sq.dame || sa.stones[1] != sq.stones[1] ||
               sa.stones[2] != sq.stones[2];
        if (r.scoring == SGF_SCORING_AREA)
            bad += sa.margin != sq.margin;
        else   /* each dead stone is a point for the opponent */
            bad += sa.margin != sq.margin + sa.dead[SGF_BLACK] - sa.dead[SGF_WHITE];
        CHECK_INT(sgf_position_setup_done(q), 0);
        CHECK_INT(sgf_position_pass_alive(q, 0, pa2), SGF_OK);
        bad += memcmp(pa, pa2, (size_t)(w * h)) != 0;
    }
    CHECK_INT(bad, 0);
    printf("partial dead: %d games scored with single stones marked dead\n",
           games);
    sgf_position_free(a);
    sgf_position_free(t);
    sgf_position_free(q);
}

int main(void)
{
    sgf_position *p = sgf_position_new();
    CHECK(p != NULL);
    if (!p)
        TEST_END();
    test_goscorer();
    test_handicap(p);
    test_ties(p);
    test_group_tax(p);
    test_seki(p);
    test_atari(p);
    test_empty(p);
    test_notation();
    test_identity();
    test_false_eyes_random();
    test_benson_random();
    test_partial_dead();
    sgf_position_free(p);
    TEST_END();
}
