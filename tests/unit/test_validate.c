/*
 * test_validate.c - points (sgf_point_decode, compressed point lists, point
 * sets) and the property/value/placement checks of validate.c: one game per
 * check that must raise it, neighbours that must not, and FF[4]'s own
 * example file, which must come out without errors.
 */
#include <stdlib.h>
#include <string.h>

#include "sgf/checks.h"
#include "sgf/points.h"
#include "harness.h"

/* ---- helpers ---- */

static sgf_game *parse(const char *s)
{
    sgf_raw_game raw = { .bytes = s, .len = strlen(s), .origin = "test.sgf",
                         .index = 1, .line = 1, .column = 1, .at_eof = 1 };
    sgf_game *g = sgf_game_parse(&raw, NULL);
    if (!g) {
        fprintf(stderr, "out of memory parsing %s\n", s);
        exit(1);
    }
    return g;
}

static size_t count_id(const sgf_game *g, const char *id)
{
    size_t n = 0;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++)
        if (strcmp(sgf_game_diag(g, i)->id, id) == 0)
            n++;
    return n;
}

static const sgf_diag *find_id(const sgf_game *g, const char *id)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++)
        if (strcmp(sgf_game_diag(g, i)->id, id) == 0)
            return sgf_game_diag(g, i);
    return NULL;
}

/* Diagnostics of validate.c: the "properties and values" section of
 * checks.def plus non-ascii-value. */
static bool is_validate_check(int check)
{
    return (check >= SGF_C_UNKNOWN_PROPERTY && check <= SGF_C_SETUP_OVERLAP) ||
           (check >= SGF_C_KO_WITHOUT_MOVE && check <= SGF_C_ONE_POINT_LINE) ||
           check == SGF_C_NON_ASCII_VALUE;
}

static size_t count_validate(const sgf_game *g)
{
    size_t n = 0;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++)
        if (is_validate_check(sgf_game_diag(g, i)->check))
            n++;
    return n;
}

static void dump(const sgf_game *g)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        fprintf(stderr, "    %lu:%lu %s [%s] move %d: %s\n", d->line,
                d->column, sgf_severity_name(d->severity), d->id, d->move,
                d->message);
    }
}

/* sgf raises check id exactly want times, and nothing else of validate.c. */
static int expect(const char *sgf, const char *id, size_t want)
{
    sgf_game *g = parse(sgf);
    size_t got = id ? count_id(g, id) : 0;
    size_t all = count_validate(g);
    int ok = got == want && all == want;
    if (!ok) {
        fprintf(stderr, "  %s: want %zu x %s, got %zu (%zu from validate):\n",
                sgf, want, id ? id : "nothing", got, all);
        dump(g);
    }
    sgf_game_free(g);
    return ok;
}

#define EXPECT(sgf, id, n) CHECK(expect(sgf, id, n))
#define CLEAN(sgf) CHECK(expect(sgf, NULL, 0))

/* ---- sgf_point_decode ---- */

static void test_point_decode(void)
{
    static const struct {
        const char *v;
        int w, h, ret, x, y;
    } cases[] = {
        { "aa", 19, 19, 1, 0, 0 },
        { "sa", 19, 19, 1, 18, 0 },
        { "as", 19, 19, 1, 0, 18 },
        { "ss", 19, 19, 1, 18, 18 },
        { "", 19, 19, 0, -1, -1 },
        { "tt", 19, 19, 0, -1, -1 },      /* FF[3] pass */
        { "tt", 9, 9, 0, -1, -1 },
        { "tt", 19, 13, 0, -1, -1 },
        { "tt", 20, 20, 1, 19, 19 },      /* a real point on 20x20 */
        { "tt", 25, 15, -1, -1, -1 },     /* neither point nor pass */
        { "tt", 19, 21, -1, -1, -1 },
        { "st", 19, 19, -1, -1, -1 },
        { "ts", 19, 19, -1, -1, -1 },
        { "jj", 9, 9, -1, -1, -1 },
        { "ii", 9, 9, 1, 8, 8 },
        { "zz", 19, 19, -1, -1, -1 },
        { "zz", 26, 26, 1, 25, 25 },
        { "Aa", 27, 27, 1, 26, 0 },
        { "Aa", 26, 26, -1, -1, -1 },
        { "ZZ", 52, 52, 1, 51, 51 },
        { "ZZ", 51, 52, -1, -1, -1 },
        { "cb", 5, 3, 1, 2, 1 },          /* rectangular: columns x rows */
        { "bd", 5, 3, -1, -1, -1 },
        { "a", 19, 19, -1, -1, -1 },
        { "abc", 19, 19, -1, -1, -1 },
        { "a1", 19, 19, -1, -1, -1 },
        { "``", 19, 19, -1, -1, -1 },
        { "  ", 19, 19, -1, -1, -1 },
        { "\xc3\xa9", 19, 19, -1, -1, -1 },
        { "@a", 52, 52, -1, -1, -1 },
        { "[a", 52, 52, -1, -1, -1 },
        { "{a", 52, 52, -1, -1, -1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int x = 99, y = 99;
        int r = sgf_point_decode(cases[i].v, strlen(cases[i].v), cases[i].w,
                                 cases[i].h, &x, &y);
        if (r != cases[i].ret || x != cases[i].x || y != cases[i].y)
            fprintf(stderr, "  decode(\"%s\", %dx%d) = %d (%d,%d)\n",
                    cases[i].v, cases[i].w, cases[i].h, r, x, y);
        CHECK_INT(r, cases[i].ret);
        CHECK_INT(x, cases[i].x);
        CHECK_INT(y, cases[i].y);
    }

    /* Every point of the largest board decodes back to itself. */
    int bad = 0;
    for (int y = 0; y < 52; y++)
        for (int x = 0; x < 52; x++) {
            char s[2] = { (char)(x < 26 ? 'a' + x : 'A' + x - 26),
                          (char)(y < 26 ? 'a' + y : 'A' + y - 26) };
            int dx, dy;
            if (sgf_point_decode(s, 2, 52, 52, &dx, &dy) != 1 || dx != x ||
                dy != y)
                bad++;
        }
    CHECK_INT(bad, 0);
    /* NULL outputs are allowed */
    CHECK_INT(sgf_point_decode("cc", 2, 19, 19, NULL, NULL), 1);
}

/* ---- compressed point lists ---- */

static void test_point_lists(void)
{
    point_rect r;
    point_set s, t;
    int fx, fy;

    CHECK_INT(point_value_parse("aa:cc", 5, 19, 19, &r), PV_RECT);
    CHECK(r.x0 == 0 && r.y0 == 0 && r.x1 == 2 && r.y1 == 2);
    CHECK_INT(point_value_parse("ab:ca", 5, 19, 19, &r), PV_RECT_ORDER);
    CHECK(r.x0 == 0 && r.y0 == 0 && r.x1 == 2 && r.y1 == 1);
    CHECK_INT(point_value_parse("cc:aa", 5, 19, 19, &r), PV_RECT_ORDER);
    CHECK(r.x0 == 0 && r.y0 == 0 && r.x1 == 2 && r.y1 == 2);
    CHECK_INT(point_value_parse("bb:bb", 5, 19, 19, &r), PV_RECT_1X1);
    CHECK(r.x0 == 1 && r.y0 == 1 && r.x1 == 1 && r.y1 == 1);
    CHECK_INT(point_value_parse("dc", 2, 19, 19, &r), PV_POINT);
    CHECK(r.x0 == 3 && r.x1 == 3 && r.y0 == 2 && r.y1 == 2);
    CHECK_INT(point_value_parse("", 0, 19, 19, &r), PV_EMPTY);
    CHECK_INT(point_value_parse("aa:zz", 5, 19, 19, &r), PV_OUTSIDE);
    CHECK_INT(point_value_parse("tt", 2, 19, 19, &r), PV_OUTSIDE);
    CHECK_INT(point_value_parse("aa:bb", 5, 1, 1, &r), PV_OUTSIDE);
    CHECK_INT(point_value_parse("aabb", 4, 19, 19, &r), PV_SYNTAX);
    CHECK_INT(point_value_parse("aa-bb", 5, 19, 19, &r), PV_SYNTAX);
    CHECK_INT(point_value_parse("a1:bb", 5, 19, 19, &r), PV_SYNTAX);
    CHECK_INT(point_value_parse("a", 1, 19, 19, &r), PV_SYNTAX);

    point_set_clear(&s);
    CHECK_INT(point_set_count(&s), 0);
    point_value_parse("aa:cc", 5, 19, 19, &r);
    CHECK_INT(point_set_add(&s, &r), 0);
    CHECK_INT(point_set_count(&s), 9);
    CHECK(point_set_has(&s, 2, 2));
    CHECK(!point_set_has(&s, 3, 2));
    CHECK(!point_set_has(&s, 2, 3));
    point_value_parse("bb", 2, 19, 19, &r);
    CHECK_INT(point_set_add(&s, &r), 1);
    point_value_parse("bb:dd", 5, 19, 19, &r);
    CHECK_INT(point_set_add(&s, &r), 4);        /* bb bc cb cc */
    CHECK_INT(point_set_count(&s), 9 + 5);

    /* The whole 52x52 board crosses every word boundary of the set. */
    point_set_clear(&t);
    CHECK_INT(point_value_parse("aa:ZZ", 5, 52, 52, &r), PV_RECT);
    CHECK_INT(point_set_add(&t, &r), 0);
    CHECK_INT(point_set_count(&t), 52 * 52);
    CHECK_INT(point_value_parse("AA:ZZ", 5, 52, 52, &r), PV_RECT);
    CHECK_INT(point_set_add(&t, &r), 26 * 26);
    CHECK_INT(point_set_common(&s, &t, &fx, &fy), 14);
    CHECK(fx == 0 && fy == 0);

    /* A run inside one row that straddles a 64-bit word (bits 52..63, 64..). */
    point_set_clear(&t);
    CHECK_INT(point_value_parse("ab:Zb", 5, 52, 52, &r), PV_RECT);
    CHECK_INT(point_set_add(&t, &r), 0);
    CHECK_INT(point_set_count(&t), 52);
    CHECK(point_set_has(&t, 11, 1) && point_set_has(&t, 12, 1) &&
          point_set_has(&t, 51, 1) && !point_set_has(&t, 51, 0));
    point_set_clear(&s);
    CHECK_INT(point_set_common(&s, &t, &fx, &fy), 0);
    CHECK(fx == -1 && fy == -1);
    point_value_parse("mb", 2, 52, 52, &r);
    point_set_add(&s, &r);
    CHECK_INT(point_set_common(&s, &t, &fx, &fy), 1);
    CHECK(fx == 12 && fy == 1);

    /* point_list_collect over a property: AB[aa][bb][aa:bb][zz][] */
    sgf_value vals[] = {
        { "aa", 2, 0 }, { "bb", 2, 0 }, { "aa:bb", 5, 0 }, { "zz", 2, 0 },
        { "", 0, 0 },
    };
    sgf_prop p = { .id = "AB", .kind = SGF_P_AB, .nvalues = 5, .values = vals };
    point_set_clear(&s);
    CHECK_INT(point_list_collect(&p, 19, 19, &s), 4);
    CHECK_INT(point_set_count(&s), 4);
    CHECK(point_set_has(&s, 1, 0) && point_set_has(&s, 0, 1));
}

/* ---- one case per check ---- */

#define HEAD "(;FF[4]GM[1]SZ[19]CA[UTF-8]"

static void test_clean(void)
{
    CLEAN(HEAD "PB[Black]PW[White]KM[6.5]RE[B+R];B[pd];W[dp];B[];W[tt])");
    CLEAN(HEAD "AB[dd][pp]AW[dp]PL[W];W[pd]C[x]BM[1];B[qq]TE[2]LB[aa:A][bb:B]"
          "AR[aa:bb][bb:aa]LN[cc:dd]CR[ee]TR[ff]SQ[gg]MA[hh]SL[ii];W[]TB[aa:cc]"
          "TW[dd:ff][gg]DD[]VW[aa:ss];B[jj]DD[ab]MN[5]BL[10.5]OB[3]PM[2]FG[])");
    CLEAN("(;FF[4]GM[1]SZ[7:5]CA[UTF-8];B[gd];W[ae])");
    CLEAN("(;FF[4]GM[1]SZ[52]CA[UTF-8];B[ZZ];W[AA];B[zz])");
    CLEAN(HEAD ";B[aa](;W[bb]PB[x]PW[y])(;W[cc]PB[z]))");
}

static void test_property_checks(void)
{
    EXPECT(HEAD "XX[1];B[aa]XX[2];W[bb]YY[])", "unknown-property", 2);
    EXPECT("(;FF[3]GM[1]SZ[19]CA[UTF-8];B[aa]L[bb];W[cc]L[dd]KI[11])",
           "obsolete-property", 2);

    EXPECT(HEAD ";B[aa]BM[3])", "value-type", 1);
    EXPECT(HEAD ";B[aa]TE[1.0])", "value-type", 1);
    EXPECT(HEAD "PL[X])", "value-type", 1);
    EXPECT(HEAD "PL[b])", "value-type", 1);
    EXPECT(HEAD ";B[aa]MN[x])", "value-type", 1);
    EXPECT(HEAD ";B[aa]MN[ 3])", "value-type", 1);
    EXPECT(HEAD ";B[aa]BL[12.])", "value-type", 1);
    EXPECT(HEAD ";B[aa]BL[.5])", "value-type", 1);
    EXPECT(HEAD ";B[aa]V[-3.5]BL[+7]OB[-1])", NULL, 0);
    EXPECT(HEAD ";B[aa]DO[1])", "value-type", 1);
    EXPECT(HEAD ";B[aa]KO[x])", "value-type", 1);
    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[Sabaki])", "application-format", 1);
    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[Sabaki\\:0.5])", "application-format", 1);
    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[Sabaki:0.5])", NULL, 0);
    /* AP is text: other bytes are fine, only the ':' is missing */
    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[\xe9\xa3\x9e])", "application-format", 1);
    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[\xe9\xa3\x9e:1])", NULL, 0);
    EXPECT(HEAD ";B[aa]KO[7.5])", "value-type", 1);
    EXPECT(HEAD "ST[4])", "value-type", 1);
    EXPECT(HEAD "ST[2])", NULL, 0);
    EXPECT(HEAD ";PM[3]B[aa])", "value-type", 1);
    EXPECT(HEAD ";FG[257:Figure 1]B[aa])", NULL, 0);
    EXPECT(HEAD ";FG[Figure]B[aa])", "value-type", 1);
    EXPECT(HEAD ";B[a1])", "value-type", 1);
    EXPECT(HEAD ";B[abc])", "value-type", 1);
    EXPECT(HEAD ";B[pd ])", "value-type", 1);
    EXPECT(HEAD "AB[a])", "value-type", 1);
    EXPECT(HEAD "AB[aa:b])", "value-type", 1);
    EXPECT(HEAD ";B[aa]LB[a:x])", "value-type", 1);
    EXPECT(HEAD ";B[aa]AR[aabb])", "value-type", 1);

    EXPECT(HEAD "KM[])", "empty-value", 1);
    EXPECT(HEAD "AB[])", "empty-value", 1);
    EXPECT(HEAD "AB[aa][])", "empty-value", 1);
    EXPECT(HEAD ";B[aa]TE[])", "empty-value", 1);
    EXPECT(HEAD ";B[aa]MN[])", "empty-value", 1);
    EXPECT("(;FF[4]GM[1]CA[UTF-8]SZ[])", "empty-value", 1);
    EXPECT(HEAD ";B[])", NULL, 0);
    EXPECT(HEAD ";W[]DD[]VW[])", NULL, 0);
    EXPECT(HEAD ";W[]TB[]TW[])", NULL, 0);
    EXPECT(HEAD ";W[]TB[][aa])", "empty-value", 1);
    EXPECT(HEAD ";B[aa]C[]N[])", NULL, 0);
    EXPECT(HEAD "RE[])", "empty-value", 1);
    EXPECT(HEAD "DT[])", "empty-value", 1);
    EXPECT(HEAD "PB[]PW[]GN[])", NULL, 0);

    EXPECT(HEAD "KM[6.5][7.5])", "too-many-values", 1);
    EXPECT(HEAD ";B[aa][bb])", "too-many-values", 1);
    EXPECT(HEAD ";B[aa]C[a][b])", "too-many-values", 1);
    /* a repeated identifier is the parser's duplicate-property, not ours */
    EXPECT(HEAD ";B[aa]C[a]C[b])", NULL, 0);
    EXPECT(HEAD ";B[aa]C[a]N[x]C[b] [c])", "too-many-values", 1);
    EXPECT(HEAD ";B[aa];W[bb]W[cc])", NULL, 0);

    EXPECT(HEAD ";B[aa]MN[\xef\xbc\x91])", "non-ascii-value", 1);
    EXPECT(HEAD ";B[\xc3\xa9])", "non-ascii-value", 1);
    EXPECT(HEAD ";B[aa]LB[\xc3\xa9:x])", "non-ascii-value", 1);
    EXPECT(HEAD ";B[aa]LB[aa:\xc3\xa9])", NULL, 0);
    EXPECT(HEAD ";B[aa]C[\xc3\xa9])", NULL, 0);

    EXPECT("(;FF[4]GM[1]SZ[9]CA[UTF-8];B[jj])", "point-outside-board", 1);
    EXPECT(HEAD ";B[zz])", "point-outside-board", 1);
    EXPECT(HEAD "AB[zz])", "point-outside-board", 1);
    EXPECT(HEAD "AB[aa:zz])", "point-outside-board", 1);
    EXPECT(HEAD "AB[tt])", "point-outside-board", 1);
    EXPECT("(;FF[4]GM[1]SZ[7:5]CA[UTF-8];B[ef])", "point-outside-board", 1);
    EXPECT(HEAD ";B[aa]LB[zz:x])", "point-outside-board", 1);
    EXPECT(HEAD ";B[aa]AR[aa:zz])", "point-outside-board", 1);

    EXPECT(HEAD "AB[aa][aa])", "duplicate-point", 1);
    EXPECT(HEAD "AB[aa:cc][bb])", "duplicate-point", 1);
    EXPECT(HEAD "AB[bb][aa:cc])", "duplicate-point", 1);
    EXPECT(HEAD ";B[aa]CR[aa][aa])", "duplicate-point", 1);
    EXPECT(HEAD ";B[aa]LB[aa:1][aa:2])", "duplicate-point", 1);
    EXPECT(HEAD ";B[aa]DD[aa:bb][bb])", "duplicate-point", 1);

    EXPECT(HEAD "AB[aa:aa])", "bad-rectangle", 1);
    EXPECT(HEAD "AB[cc:aa])", "bad-rectangle", 1);
    EXPECT(HEAD "AB[ca:ac])", "bad-rectangle", 1);
    /* a reversed rectangle still counts its points */
    EXPECT(HEAD "AB[cc:aa][dd])", "bad-rectangle", 1);
}

static void test_pass_format(void)
{
    EXPECT(HEAD ";B[``])", "pass-format", 1);
    EXPECT(HEAD ";B[  ])", "pass-format", 1);
    EXPECT(HEAD ";B[\n])", "pass-format", 1);
    EXPECT(HEAD ";B[tt];W[tt])", NULL, 0);
    /* tt is a real point on 21x21; suspicious at the end, fine mid-game */
    EXPECT("(;FF[4]GM[1]SZ[21]CA[UTF-8];B[aa];W[tt])", "pass-format", 1);
    EXPECT("(;FF[4]GM[1]SZ[21]CA[UTF-8];B[aa];W[tt];B[])", "pass-format", 1);
    EXPECT("(;FF[4]GM[1]SZ[21]CA[UTF-8];B[aa];W[tt];B[bb])", NULL, 0);
    /* on 25x15 tt is no point at all, and no pass either */
    EXPECT("(;FF[4]GM[1]SZ[25:15]CA[UTF-8];B[aa];W[tt];B[bb])", "pass-format", 1);
    /* ss on 18x18: outside, with a hint */
    sgf_game *g = parse("(;FF[4]GM[1]SZ[18]CA[UTF-8];B[aa];W[ss])");
    const sgf_diag *d = find_id(g, "point-outside-board");
    CHECK(d && strstr(d->message, "pass"));
    CHECK(d && d->move == 2);
    sgf_game_free(g);
}

static void test_root_checks(void)
{
    EXPECT("(;FF[4]GM[1]SZ[19:19]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[53]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[60:19]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[0]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[-9]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[nineteen]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[19:]CA[UTF-8])", "bad-size", 1);
    EXPECT("(;FF[4]GM[1]SZ[19:13]CA[UTF-8])", NULL, 0);

    sgf_game *g = parse("(;FF[4]GM[1]SZ[19:19]CA[UTF-8])");
    const sgf_diag *d = find_id(g, "bad-size");
    CHECK(d && strstr(d->message, "SZ[19:19]") && strstr(d->message, "SZ[19]"));
    sgf_game_free(g);

    /* not Go: no Go point checks */
    EXPECT("(;FF[4]GM[2]SZ[8]CA[UTF-8];B[zz];W[aa:bb];AB[12])", "not-go", 1);
    EXPECT("(;FF[4]GM[x]SZ[19]CA[UTF-8])", "value-type", 1);
    EXPECT("(;FF[4]GM[0]SZ[19]CA[UTF-8])", "value-type", 1);

    EXPECT("(;FF[5]GM[1]SZ[19]CA[UTF-8])", "bad-ff", 1);
    EXPECT("(;FF[0]GM[1]SZ[19]CA[UTF-8])", "bad-ff", 1);
    EXPECT("(;FF[four]GM[1]SZ[19]CA[UTF-8])", "bad-ff", 1);
    EXPECT("(;FF[1]GM[1]SZ[19]CA[UTF-8])", NULL, 0);
}

static void test_placement_checks(void)
{
    EXPECT(HEAD ";B[aa]AB[bb])", "move-and-setup", 1);
    EXPECT(HEAD ";W[aa]PL[B])", "move-and-setup", 1);
    EXPECT(HEAD ";AE[aa]BL[30])", "move-and-setup", 1);
    EXPECT(HEAD ";B[aa]W[bb])", "two-moves", 1);
    EXPECT(HEAD ";B[aa];SZ[19]W[bb])", "root-property-misplaced", 1);
    EXPECT(HEAD ";B[aa];FF[4]CA[UTF-8]W[bb])", "root-property-misplaced", 2);

    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[x];B[aa];PW[y]W[bb])",
           "gameinfo-twice", 1);
    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[x];B[aa];PW[y]W[bb];RE[B+R]B[cc])",
           "gameinfo-twice", 2);
    /* one game-info node per path: sibling variations may each have one */
    EXPECT(HEAD ";B[aa](;PB[x]PW[y]W[bb];B[cc])(;PB[z]W[cc]))", NULL, 0);
    EXPECT(HEAD ";B[aa](;PB[x]W[bb];RE[W+R]B[cc])(;PB[z]W[cc]))",
           "gameinfo-twice", 1);

    EXPECT("(;FF[4]GM[1]SZ[19]CA[UTF-8]B[aa];W[bb])", "move-in-root", 1);

    EXPECT(HEAD ";BM[1])", "annotation-without-move", 1);
    EXPECT(HEAD ";AB[aa]IT[])", "annotation-without-move", 1);
    EXPECT(HEAD ";B[aa]BM[1]TE[1])", "annotation-conflict", 1);
    EXPECT(HEAD ";B[aa]DO[]IT[])", "annotation-conflict", 1);
    EXPECT(HEAD ";B[aa]GB[1]GW[1])", "annotation-conflict", 1);
    EXPECT(HEAD ";B[aa]DM[1]UC[2])", "annotation-conflict", 1);
    EXPECT(HEAD ";B[aa]GB[1]BM[1]HO[1])", NULL, 0);

    EXPECT(HEAD ";W[]TB[aa:bb]TW[bb])", "territory-overlap", 1);
    EXPECT(HEAD ";W[]TB[aa]TW[bb])", NULL, 0);
    EXPECT(HEAD "AB[aa]AW[aa])", "setup-overlap", 1);
    EXPECT(HEAD "AB[aa:cc]AW[dd]AE[bb])", "setup-overlap", 1);
    EXPECT(HEAD "AB[aa:cc]AW[bb]AE[bb])", "setup-overlap", 3);
    /* different nodes do not overlap */
    EXPECT(HEAD "AB[aa];AW[aa])", NULL, 0);

    EXPECT(HEAD ";KO[])", "ko-without-move", 1);
    EXPECT(HEAD ";B[aa]KO[])", NULL, 0);
    EXPECT(HEAD ";B[aa]CR[bb]TR[bb])", "markup-overlap", 1);
    EXPECT(HEAD ";B[aa]CR[bb:cc]SQ[dd]MA[cc]SL[ee])", "markup-overlap", 1);
    EXPECT(HEAD ";B[aa]AR[aa:bb][aa:bb])", "duplicate-line", 1);
    EXPECT(HEAD ";B[aa]LN[aa:bb][bb:aa])", "duplicate-line", 1);
    EXPECT(HEAD ";B[aa]AR[aa:bb][bb:aa])", NULL, 0);
    EXPECT(HEAD ";B[aa]AR[cc:cc])", "one-point-line", 1);
    EXPECT(HEAD ";B[aa]LN[cc:cc])", "one-point-line", 1);
}

/* Messages quote the property and value; move numbers count the moves of
 * the path (main line or variation). */
static void test_messages_and_moves(void)
{
    sgf_game *g = parse(HEAD ";B[aa];W[bb];B[zz])");
    const sgf_diag *d = find_id(g, "point-outside-board");
    CHECK(d != NULL);
    if (d) {
        CHECK_STR(d->message, "B[zz] is outside the 19x19 board");
        CHECK_INT(d->move, 3);
        CHECK_INT(d->line, 1);
        CHECK_INT(d->column, (long)strlen(HEAD ";B[aa];W[bb];B") + 1);
    }
    sgf_game_free(g);

    g = parse(HEAD ";B[aa](;W[zz])(;W[bb];B[zz]))");
    CHECK_INT(count_id(g, "point-outside-board"), 2);
    if (sgf_game_diag_count(g) >= 2) {
        CHECK_INT(sgf_game_diag(g, 0)->move, 2);
        CHECK_INT(sgf_game_diag(g, 1)->move, 3);
    }
    sgf_game_free(g);

    /* diagnostics of nodes without a move carry move 0 */
    g = parse(HEAD ";B[aa];AB[zz])");
    d = find_id(g, "point-outside-board");
    CHECK(d && d->move == 0);
    sgf_game_free(g);

    /* the value is shown safely: controls escaped, long values cut */
    g = parse(HEAD ";B[aa]MN[1\x01" "23456789012345678901234567890123456789012345678901234567890123456789012345678901234567890])");
    d = find_id(g, "value-type");
    CHECK(d && strstr(d->message, "\\x01") && strstr(d->message, "..."));
    CHECK(d && strlen(d->message) < 200);
    sgf_game_free(g);

    /* unknown properties: once per id and game */
    g = parse(HEAD "MULTIGOGM[1];B[aa]MULTIGOGM[2];W[bb]XY[1])");
    CHECK_INT(count_id(g, "unknown-property"), 2);
    sgf_game_free(g);
}

/* Depth and width: no recursion, move numbers along a million-node path. */
static void test_big_trees(void)
{
    const size_t n = 1000000;
    const char *head = HEAD;
    size_t hl = strlen(head);
    /* OGS style: a '(' before every move */
    char *s = malloc(hl + n * 7 + n + 16);
    CHECK(s != NULL);
    if (!s)
        return;
    size_t o = 0;
    memcpy(s, head, hl);
    o = hl;
    for (size_t i = 0; i < n; i++) {
        const char *mv = i + 1 == n ? "(;W[zz]" : (i % 2 ? "(;W[bb]" : "(;B[aa]");
        memcpy(s + o, mv, 7);
        o += 7;
    }
    memset(s + o, ')', n + 1);
    o += n + 1;
    s[o] = '\0';
    sgf_game *g = parse(s);
    const sgf_diag *d = find_id(g, "point-outside-board");
    CHECK(d && d->move == (int)n);
    CHECK_INT(count_validate(g), 1);
    sgf_game_free(g);

    /* wide: 20000 variations under the root, each with a bad move */
    const size_t w = 20000;
    o = hl;
    memcpy(s, head, hl);
    for (size_t i = 0; i < w; i++) {
        memcpy(s + o, "(;B[zz])", 8);
        o += 8;
    }
    s[o++] = ')';
    s[o] = '\0';
    g = parse(s);
    /* every one is found and counted; 1,000 are listed, then one note */
    CHECK_INT(count_id(g, "point-outside-board"), 1000);
    CHECK_INT(count_id(g, "more-diagnostics"), 1);
    CHECK_INT(sgf_game_count(g, SGF_ERROR), w);
    d = find_id(g, "point-outside-board");
    CHECK(d && d->move == 1);
    sgf_game_free(g);
    free(s);
}

/* FF[4]'s example file (sgf-parse's copy) must give no error. */
static void test_ff4_example(void)
{
    char path[4096];
    harness_corpus(path, sizeof path, "4-software-tests/julianandrews__sgf-parse"
                   "/resources/test/ff4_ex.sgf");
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("test_validate: SKIP ff4_ex.sgf: not found at %s\n", path);
        return;
    }
    char *buf = malloc(1 << 20);
    size_t len = buf ? fread(buf, 1, 1 << 20, f) : 0;
    fclose(f);
    CHECK(buf && len > 0);
    if (!buf || !len) {
        free(buf);
        return;
    }
    sgf_member *m = sgf_member_from_memory(buf, len, "ff4_ex.sgf");
    sgf_reader *r = sgf_reader_new(NULL);
    CHECK(m && r);
    if (m && r) {
        sgf_game *g;
        int games = 0, rc;
        sgf_reader_start(r, m);
        while ((rc = sgf_reader_next(r, &g)) == 1) {
            games++;
            size_t errors = sgf_game_count(g, SGF_ERROR);
            size_t mine = count_validate(g);
            if (errors || mine) {
                fprintf(stderr, "  ff4_ex.sgf game %d:\n", games);
                dump(g);
            }
            CHECK_INT(errors, 0);
            CHECK_INT(mine, 0);
        }
        CHECK_INT(rc, 0);
        CHECK_INT(games, 2);
    }
    sgf_reader_free(r);
    sgf_member_free(m);
    free(buf);
}

int main(void)
{
    test_point_decode();
    test_point_lists();
    test_clean();
    test_property_checks();
    test_pass_format();
    test_root_checks();
    test_placement_checks();
    test_messages_and_moves();
    test_big_trees();
    test_ff4_example();
    TEST_END();
}
