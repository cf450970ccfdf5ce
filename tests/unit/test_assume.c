/*
 * test_assume.c - what a record does not state (lib/go/assume*.c): the rules
 * and komi inferred and where from, the handicap stones of HA without AB,
 * and what the replay, the checks and the scorer make of them
 * (doc/gameinfo.md, "What the record leaves unsaid").
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "diags.h"
#include "parse.h"
#include "sgfkit.h"

static int near(double a, double b)
{
    return a - b < 1e-9 && b - a < 1e-9;
}

static sgf_game *parse_with(const char *sgf, unsigned flags)
{
    sgf_read_options opt = { .flags = flags };
    sgf_game *g = parse_text(sgf, &opt);
    CHECK(g != NULL);
    return g;
}

static sgf_game *parse(const char *sgf)
{
    return parse_with(sgf, 0);
}

/* ---- the rules ---- */

typedef struct rules_case {
    const char *sgf;
    sgf_source source;
    const char *set;        /* rules_assumed; NULL when RU[] decides */
    const char *evidence;   /* rules_evidence */
} rules_case;

static const rules_case rules_cases[] = {
    /* RU[] read: nothing assumed */
    { "(;RU[Japanese];B[aa])", SGF_SOURCE_RECORD, NULL, NULL },
    { "(;RU[JPN];B[aa])", SGF_SOURCE_RECORD, NULL, NULL },
    { "(;RU[黑先贴4目半];B[aa])", SGF_SOURCE_RECORD, NULL, NULL },
    /* nothing said: the default */
    { "(;B[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    { "(;RU[Klingon];B[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    /* the result */
    { "(;RE[Void];B[aa])", SGF_SOURCE_INFERRED, "japanese", "RE[Void]" },
    { "(;RE[Void]PC[Hanguk Kiwon];B[aa])", SGF_SOURCE_INFERRED, "korean",
      "RE[Void]" },
    { "(;RE[黒中押し勝ち];B[aa])", SGF_SOURCE_INFERRED, "japanese",
      "RE[黒中押し勝ち]" },
    { "(;RE[백 불계승];B[aa])", SGF_SOURCE_INFERRED, "korean",
      "RE[백 불계승]" },
    { "(;RE[黑胜1/4子];B[aa])", SGF_SOURCE_INFERRED, "chinese",
      "RE[黑胜1/4子]" },
    { "(;RE[B+2.25];B[aa])", SGF_SOURCE_INFERRED, "chinese", "RE[B+2.25]" },
    /* a half point is no quarter */
    { "(;RE[B+2.5];B[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    /* the result outranks the event, the event the place */
    { "(;RE[Void]EV[Chunlan Cup];B[aa])", SGF_SOURCE_INFERRED, "japanese",
      "RE[Void]" },
    { "(;EV[3rd LG Cup]PC[Tokyo];B[aa])", SGF_SOURCE_INFERRED, "korean",
      "EV[3rd LG Cup]" },
    { "(;EV[6th Nongshim Cup]PC[Shanghai];B[aa])", SGF_SOURCE_INFERRED,
      "korean", "EV[6th Nongshim Cup]" },
    { "(;EV[25th Honinbo];B[aa])", SGF_SOURCE_INFERRED, "japanese",
      "EV[25th Honinbo]" },
    { "(;EV[5th Chinese Meijin];B[aa])", SGF_SOURCE_INFERRED, "chinese",
      "EV[5th Chinese Meijin]" },
    { "(;EV[2nd Ing Cup];B[aa])", SGF_SOURCE_INFERRED, "ing",
      "EV[2nd Ing Cup]" },
    /* "Ing" only as a word: Beijing is a place */
    { "(;EV[Beijing Open];B[aa])", SGF_SOURCE_INFERRED, "chinese",
      "EV[Beijing Open]" },
    /* a match between countries: the host's place, or nothing */
    { "(;EV[Japan-China Go Exchange]PC[Beijing];B[aa])", SGF_SOURCE_INFERRED,
      "chinese", "PC[Beijing]" },
    { "(;EV[Japan-China Go Exchange];B[aa])", SGF_SOURCE_DEFAULT, "chinese",
      NULL },
    /* clues of one strength that disagree decide nothing */
    { "(;EV[Honinbo Chunlan];B[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    { "(;GN[本因坊戦];B[aa])", SGF_SOURCE_INFERRED, "japanese", "GN[本因坊戦]" },
    /* place and servers; the komi outranks a server's default */
    { "(;PC[Nihon Ki-in];B[aa])", SGF_SOURCE_INFERRED, "japanese",
      "PC[Nihon Ki-in]" },
    { "(;PC[NNGS];B[aa])", SGF_SOURCE_INFERRED, "japanese", "PC[NNGS]" },
    { "(;PC[IGS]KM[7.5];B[aa])", SGF_SOURCE_INFERRED, "chinese", "KM[7.5]" },
    { "(;KM[6.5];B[aa])", SGF_SOURCE_INFERRED, "japanese", "KM[6.5]" },
    { "(;KM[6.5]PC[타이젬];B[aa])", SGF_SOURCE_INFERRED, "korean", "KM[6.5]" },
    { "(;KM[8];B[aa])", SGF_SOURCE_INFERRED, "ing", "KM[8]" },
    /* 5.5 was everybody's komi; a handicap's komi says nothing */
    { "(;KM[5.5];B[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    { "(;KM[7.5]HA[2]AB[dd][pp];W[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    /* before 1920 without 座子: Japan */
    { "(;DT[1835-08-20];B[aa])", SGF_SOURCE_INFERRED, "japanese",
      "DT[1835-08-20]" },
    /* the 座子 opening */
    { "(;AW[dd][pp]AB[dp][pd];W[qf])", SGF_SOURCE_INFERRED, "ancient-chinese",
      "the 座子 opening" },
    /* both players' names Japanese: the weakest clue */
    { "(;PB[Osawa Tokutaro]PW[Go Seigen]HA[4]AB[dd][dp][pd][pp];W[qf])",
      SGF_SOURCE_INFERRED, "japanese",
      "PB[Osawa Tokutaro] and PW[Go Seigen]" },
    { "(;PB[Hon'inbo Shūsaku]PW[Ōta Yūzō];B[aa])", SGF_SOURCE_INFERRED,
      "japanese", "PB[Hon'inbo Shūsaku] and PW[Ōta Yūzō]" },
    { "(;PB[Kohno Rin]PW[Hattori Atsushi];B[aa])", SGF_SOURCE_INFERRED,
      "japanese", "PB[Kohno Rin] and PW[Hattori Atsushi]" },
    { "(;PB[Kohno Rin]PW[Hattori Atsushi]KM[8];B[aa])", SGF_SOURCE_INFERRED,
      "ing", "KM[8]" },
    { "(;PB[Cho Chikun]PW[Kang Dongyun];B[aa])", SGF_SOURCE_DEFAULT,
      "chinese", NULL },
    { "(;PB[Shi Yue]PW[Iyama Yuta];B[aa])", SGF_SOURCE_DEFAULT, "chinese",
      NULL },
    { "(;PB[Kato]PW[Iyama Yuta];B[aa])", SGF_SOURCE_DEFAULT, "chinese",
      NULL },
    { "(;PB[Go Seigen (Wu Qingyuan)]PW[Iyama Yuta];B[aa])",
      SGF_SOURCE_DEFAULT, "chinese", NULL },
    { "(;PW[Iyama Yuta];B[aa])", SGF_SOURCE_DEFAULT, "chinese", NULL },
    { "(;PB[Sui Shinji]PW[Fu Tsuyoshi];B[aa])", SGF_SOURCE_INFERRED,
      "japanese", "PB[Sui Shinji] and PW[Fu Tsuyoshi]" },
    { "(;PB[Si Tsuyoshi]PW[Iyama Yuta];B[aa])", SGF_SOURCE_DEFAULT,
      "chinese", NULL },
};

static void test_rules(void)
{
    for (size_t i = 0; i < sizeof rules_cases / sizeof rules_cases[0]; i++) {
        const rules_case *c = &rules_cases[i];
        sgf_game *g = parse(c->sgf);
        if (!g)
            continue;
        const sgf_info *in = sgf_game_info(g);
        if (in->rules_source != c->source || (c->set && (!in->rules_assumed ||
            strcmp(in->rules_assumed, c->set))))
            fprintf(stderr, "rules case %zu: %s\n", i, c->sgf);
        CHECK_INT(in->rules_source, c->source);
        if (c->set)
            CHECK_STR(in->rules_assumed, c->set);
        CHECK_STR(in->rules_evidence, c->evidence);
        /* the replay's rules are the ones assumed */
        sgf_rules r;
        sgf_game_rules(g, NULL, 0, &r);
        if (c->set)
            CHECK_STR(r.name, c->set);
        sgf_game_free(g);
    }
    CHECK_STR(sgf_source_name(SGF_SOURCE_RECORD), "record");
    CHECK_STR(sgf_source_name(SGF_SOURCE_INFERRED), "inferred");
    CHECK_STR(sgf_source_name(SGF_SOURCE_DEFAULT), "default");
    CHECK_STR(sgf_source_name(SGF_SOURCE_GIVEN), "given");
}

/* ---- the komi ---- */

typedef struct komi_case {
    const char *sgf;
    double komi;
    sgf_source source;
    const char *evidence;
} komi_case;

static const komi_case komi_cases[] = {
    { "(;KM[6.5];B[aa])", 6.5, SGF_SOURCE_RECORD, NULL },
    { "(;RU[黑先贴4目半];B[aa])", 4.5, SGF_SOURCE_RECORD, "RU[黑先贴4目半]" },
    { "(;B[aa])", 0, SGF_SOURCE_DEFAULT, NULL },
    /* the players' names say where, not when: no komi of today (an Edo
     * game without DT), the era's with a date */
    { "(;PB[Inoue Shutetsu]PW[Honinbo Shuwa];B[aa])", 0, SGF_SOURCE_DEFAULT,
      NULL },
    { "(;PB[Sakata Eio]PW[Otake Hideo]DT[1965];B[aa])", 4.5,
      SGF_SOURCE_INFERRED, "DT[1965]" },
    { "(;PC[Tokyo];B[aa])", 6.5, SGF_SOURCE_INFERRED, "PC[Tokyo]" },
    /* the 1930s game of issue 16: 白胜5目 */
    { "(;DT[1933]RE[白胜5目];B[aa])", 0, SGF_SOURCE_INFERRED, "DT[1933]" },
    { "(;DT[1935]RE[W+0.5];B[aa])", 4.5, SGF_SOURCE_INFERRED, "DT[1935]" },
    { "(;DT[1820]RE[W+0.5];B[aa])", 0, SGF_SOURCE_INFERRED, "DT[1820]" },
    { "(;PC[Tokyo]DT[1965];B[aa])", 4.5, SGF_SOURCE_INFERRED, "DT[1965]" },
    { "(;PC[Tokyo]DT[1985]RE[W+0.5];B[aa])", 5.5, SGF_SOURCE_INFERRED,
      "DT[1985]" },
    { "(;PC[Tokyo]DT[1976]RE[B+3];B[aa])", 5, SGF_SOURCE_INFERRED,
      "DT[1976]" },
    { "(;PC[Tokyo]DT[2010];B[aa])", 6.5, SGF_SOURCE_INFERRED, "DT[2010]" },
    { "(;PC[Seoul]DT[2000];B[aa])", 6.5, SGF_SOURCE_INFERRED, "DT[2000]" },
    { "(;PC[Beijing]DT[1990];B[aa])", 5.5, SGF_SOURCE_INFERRED, "DT[1990]" },
    { "(;PC[Beijing]DT[2010];B[aa])", 7.5, SGF_SOURCE_INFERRED, "DT[2010]" },
    { "(;EV[Ing Cup]DT[2010];B[aa])", 8, SGF_SOURCE_INFERRED, "DT[2010]" },
    /* a handicap: none, or 0.5 on a server or by the margin */
    { "(;HA[3]AB[dd][pp][dp];W[aa])", 0, SGF_SOURCE_INFERRED, "HA[3]" },
    { "(;HA[3]AB[dd][pp][dp]PC[KGS];W[aa])", 0.5, SGF_SOURCE_INFERRED,
      "HA[3]" },
    { "(;HA[3]AB[dd][pp][dp]RE[W+2.5];W[aa])", 0.5, SGF_SOURCE_INFERRED,
      "HA[3]" },
    { "(;AB[dd][pp][dp]RE[W+R];W[aa])", 0, SGF_SOURCE_INFERRED,
      "the handicap stones" },
    /* an uchikomi match (RU[Uchikomi], GoGoD's Go Seigen matches): none,
     * whatever the date */
    { "(;DT[1955]RU[Uchikomi]RE[B+R];B[aa])", 0, SGF_SOURCE_INFERRED,
      "RU[Uchikomi]" },
    /* a handicap grade in HA says nothing of komi (1930s newspapers gave
     * one at 先相先): the date decides */
    { "(;DT[1940]HA[吴先相先]RE[B+R];B[aa])", 4.5, SGF_SOURCE_INFERRED,
      "DT[1940]" },
    /* black stones and Black to play: a problem, no handicap */
    { "(;AB[dd][pp][dp];B[aa])", 0, SGF_SOURCE_DEFAULT, NULL },
    /* the result's half point without a date: the rules' komi, else 6.5 */
    { "(;RE[W+3.5];B[aa])", 6.5, SGF_SOURCE_INFERRED, "RE[W+3.5]" },
    { "(;RU[Chinese]RE[W+3.5];B[aa])", 7.5, SGF_SOURCE_INFERRED,
      "RE[W+3.5]" },
    { "(;RE[0];B[aa])", 0, SGF_SOURCE_INFERRED, "RE[0]" },
    /* Fox's odd margins are no count */
    { "(;RE[W+0.02];B[aa])", 0, SGF_SOURCE_DEFAULT, NULL },
    /* the rules named: their komi */
    { "(;RU[Japanese];B[aa])", 6.5, SGF_SOURCE_INFERRED, "RU[Japanese]" },
    { "(;RE[Void];B[aa])", 6.5, SGF_SOURCE_INFERRED, "RE[Void]" },
    { "(;AW[dd][pp]AB[dp][pd];W[qf])", 0, SGF_SOURCE_INFERRED,
      "the 座子 opening" },
    /* KM[0] with a half-point margin: set aside, the komi inferred */
    { "(;KM[0]RU[Japanese]DT[2017-11-11]RE[B+0.5];B[aa])", 6.5,
      SGF_SOURCE_INFERRED, "DT[2017-11-11]; KM[0] set aside for RE[B+0.5]" },
    { "(;KM[0]RE[W+3.5];B[aa])", 6.5, SGF_SOURCE_INFERRED,
      "RE[W+3.5]; KM[0] set aside for RE[W+3.5]" },
    { "(;KM[0]HA[2]AB[dd][pp]RE[W+0.5];W[aa])", 0.5, SGF_SOURCE_INFERRED,
      "HA[2]; KM[0] set aside for RE[W+0.5]" },
    /* KM[0] that a count can give, or that nothing replaces, stands */
    { "(;KM[0]RE[W+3];B[aa])", 0, SGF_SOURCE_RECORD, NULL },
    { "(;KM[0]RE[W+R];B[aa])", 0, SGF_SOURCE_RECORD, NULL },
    { "(;KM[0]DT[1920]RE[W+0.5];B[aa])", 0, SGF_SOURCE_RECORD, NULL },
    { "(;KM[6]RE[W+0.5];B[aa])", 6, SGF_SOURCE_RECORD, NULL },
};

static void test_komi(void)
{
    for (size_t i = 0; i < sizeof komi_cases / sizeof komi_cases[0]; i++) {
        const komi_case *c = &komi_cases[i];
        sgf_game *g = parse(c->sgf);
        if (!g)
            continue;
        const sgf_info *in = sgf_game_info(g);
        if (!near(in->komi, c->komi) || in->komi_source != c->source)
            fprintf(stderr, "komi case %zu: %s gives %g\n", i, c->sgf,
                    in->komi);
        CHECK(near(in->komi, c->komi));
        CHECK_INT(in->komi_source, c->source);
        CHECK_STR(in->komi_evidence, c->evidence);
        /* KM[] given is KM[] kept, or KM[0] set aside */
        int km = strstr(c->sgf, "KM[") != NULL;
        CHECK_INT(in->has_komi || in->komi_set_aside, km);
        CHECK_INT(in->komi_set_aside,
                  km && c->source == SGF_SOURCE_INFERRED);
        sgf_rules r;
        sgf_game_rules(g, NULL, 0, &r);
        CHECK(near(r.komi, c->komi));
        sgf_game_free(g);
    }

    /* rules the caller names bring their komi when the record gives none,
     * and the record's komi otherwise */
    sgf_rules ing;
    sgf_rules_named("ing", &ing);
    sgf_game *g = parse("(;B[aa])");
    if (g) {
        sgf_rules r;
        sgf_game_rules(g, &ing, 1, &r);
        CHECK(near(r.komi, 8));
        sgf_game_free(g);
    }
    g = parse("(;DT[1933]RE[W+5];B[aa])");
    if (g) {
        sgf_rules r;
        sgf_game_rules(g, &ing, 1, &r);
        CHECK(near(r.komi, 0));
        sgf_game_free(g);
    }
}

/* ---- the handicap stones of HA without AB ---- */

typedef struct handicap_case {
    const char *sgf;
    int placed;
    const char *points;
} handicap_case;

static const handicap_case handicap_cases[] = {
    { "(;SZ[19]HA[2];W[dd])", 2, "D4 Q16" },
    { "(;SZ[19]HA[3];W[dc])", 3, "D4 Q16 Q4" },
    /* White on Q4: the Japanese placement has a stone there */
    { "(;SZ[19]HA[3];W[pp])", 3, "D4 Q16 D16" },
    /* GNU Go and Tygem lay three stones as GTP does */
    { "(;SZ[19]HA[3]AP[GNU Go:3.8];W[qf])", 3, "D4 Q16 D16" },
    { "(;SZ[19]HA[4];W[jj])", 4, "D4 Q16 Q4 D16" },
    { "(;SZ[19]HA[5];W[cc])", 5, "D4 Q16 Q4 D16 K10" },
    { "(;SZ[19]HA[6];W[cc])", 6, "D4 Q16 Q4 D16 D10 Q10" },
    { "(;SZ[19]HA[7];W[cc])", 7, "D4 Q16 Q4 D16 D10 Q10 K10" },
    { "(;SZ[19]HA[8];W[cc])", 8, "D4 Q16 Q4 D16 D10 Q10 K16 K4" },
    { "(;SZ[19]HA[9];W[cc])", 9, "D4 Q16 Q4 D16 D10 Q10 K16 K4 K10" },
    { "(;SZ[13]HA[5];W[aa])", 5, "D4 K10 K4 D10 G7" },
    { "(;SZ[9]HA[2];W[aa])", 2, "C3 G7" },
    { "(;SZ[8]HA[4];W[aa])", 4, "C3 F6 F3 C6" },
    /* none: more than an even board's four, no fixed points on 5x5, a
     * rectangle, Black first, AB present, a move on each placement */
    { "(;SZ[8]HA[5];W[aa])", 0, NULL },
    { "(;SZ[5]HA[2];W[aa])", 0, NULL },
    { "(;SZ[19:13]HA[2];W[aa])", 0, NULL },
    { "(;SZ[19]HA[2];B[pd];W[dd])", 0, NULL },
    { "(;SZ[19]HA[2]AB[dp][pd];W[dd])", 0, NULL },
    { "(;SZ[19]HA[3];W[pp];B[qf];W[dd])", 0, NULL },
    /* a stone captured before its point is played again: it fits */
    { "(;SZ[9]HA[2];W[cf];B[aa];W[bg];B[ab];W[dg];B[ac];W[ch];B[ad];W[cg])",
      2, "C3 G7" },
};

static void test_handicap(void)
{
    for (size_t i = 0; i < sizeof handicap_cases / sizeof handicap_cases[0];
         i++) {
        const handicap_case *c = &handicap_cases[i];
        sgf_game *g = parse(c->sgf);
        if (!g)
            continue;
        const sgf_info *in = sgf_game_info(g);
        if (in->handicap_placed != c->placed)
            fprintf(stderr, "handicap case %zu: %s\n", i, c->sgf);
        CHECK_INT(in->handicap_placed, c->placed);
        CHECK_STR(in->handicap_points, c->points);
        CHECK_INT(diags(g, "handicap-placed", NULL), c->placed ? 1 : 0);
        sgf_game_free(g);
    }

    /* the replay starts from the stones: a White move beside two of them
     * captures nothing, and the board holds them */
    sgf_game *g = parse("(;SZ[9]HA[2];W[cf])");
    sgf_position *p = sgf_position_new();
    if (g && p) {
        CHECK_INT(sgf_game_replay(g, NULL, p, NULL, NULL), 0);
        CHECK_INT(sgf_position_at(p, 2, 6), SGF_BLACK);
        CHECK_INT(sgf_position_at(p, 6, 2), SGF_BLACK);
        CHECK_INT(sgf_position_at(p, 2, 5), SGF_WHITE);
        CHECK_INT(sgf_position_to_move(p), SGF_BLACK);
    }
    sgf_position_free(p);
    sgf_game_free(g);

    /* why none was placed */
    const char *msg = NULL;
    g = parse("(;SZ[19]HA[3];W[pp];B[qf];W[dd])");
    if (g) {
        CHECK_INT(diags(g, "bad-handicap", &msg), 1);
        CHECK(msg && strstr(msg, "move 1 (W Q4)") && strstr(msg, "move 3 (W D16)"));
        sgf_game_free(g);
    }
    g = parse("(;SZ[8]HA[5];W[aa])");
    if (g) {
        CHECK_INT(diags(g, "bad-handicap", &msg), 1);
        CHECK(msg && strstr(msg, "no fixed points for 5 stones"));
        sgf_game_free(g);
    }
    /* nothing placed, and the warning says why: white stones and no
     * black ones (SGFC's strict.sgf); no move at all */
    static const struct { const char *sgf, *why; } unplaced[] = {
        { "(;GM[1]HA[2]AW[aa][ab];W[dd])", "white stones are set up (AW)" },
        { "(;SZ[19]HA[2])", "no move says who starts" },
    };
    for (size_t k = 0; k < sizeof unplaced / sizeof unplaced[0]; k++) {
        char want[160];
        snprintf(want, sizeof want, "HA[2] but no handicap stones (AB) are "
                 "set up; %s, so none were placed", unplaced[k].why);
        g = parse(unplaced[k].sgf);
        if (g) {
            CHECK_INT(diags(g, "bad-handicap", &msg), 1);
            CHECK_STR(msg, want);
            CHECK_INT(sgf_game_info(g)->handicap_placed, 0);
            sgf_game_free(g);
        }
    }
    /* syntax only: the stones are placed, nothing is said */
    g = parse_with("(;SZ[19]HA[2];W[dd])", SGF_READ_SYNTAX_ONLY);
    if (g) {
        CHECK_INT(sgf_game_info(g)->handicap_placed, 2);
        CHECK_INT(sgf_game_diag_count(g), 0);
        sgf_game_free(g);
    }
}

/* ---- the checks on the rules assumed ---- */

#define TRIPLE_KO "AB[bb][ac][cc][ec][gc][ad:gd]" \
    "AW[aa:ga][ab][cb][eb][gb][dc][fc][ae:ge]" \
    ";B[db];W[bc];B[fb];W[dc];B[bb];W[fc]"
#define TRIPLE_KO_AGAIN ";B[db];W[bc];B[fb];W[dc];B[bb];W[fc]"

static void test_checks(void)
{
    const unsigned legal = SGF_READ_LEGALITY;
    /* stated rules: an error */
    sgf_game *g = parse_with("(;SZ[7]RU[Chinese]" TRIPLE_KO ")", legal);
    if (g) {
        CHECK_INT(diags(g, "positional-superko", NULL), 1);
        CHECK_INT(diags(g, "repetition", NULL), 0);
        CHECK_INT(sgf_game_replay_summary(g)->illegal, 1);
        CHECK_INT(sgf_game_replay_summary(g)->first_illegal, 6);
        CHECK_INT(sgf_game_replay_summary(g)->first_illegal_kind,
                  SGF_ILLEGAL_POSITIONAL_SUPERKO);
        sgf_game_free(g);
    }
    /* assumed rules: a warning */
    const char *msg = NULL;
    g = parse_with("(;SZ[7]KM[7.5]" TRIPLE_KO ")", legal);
    if (g) {
        CHECK_INT(diags(g, "positional-superko", NULL), 0);
        CHECK_INT(diags(g, "repetition", &msg), 1);
        CHECK(msg && strstr(msg, "inferred from KM[7.5]") &&
              strstr(msg, "legal under Japanese and Korean rules"));
        CHECK_INT(diags(g, "rules-inferred", NULL), 1);
        CHECK_INT(sgf_game_count(g, SGF_ERROR), 0);
        sgf_game_free(g);
    }
    /* RE[Void]: Japanese rules, the captures legal; the repetition they
     * allow is said once, as other rules forbid it */
    g = parse_with("(;SZ[7]RE[Void]" TRIPLE_KO TRIPLE_KO_AGAIN ")", legal);
    if (g) {
        CHECK_INT(diags(g, "repetition", &msg), 1);
        CHECK(msg && strstr(msg, "move 6 (W F5 = fc)") &&
              strstr(msg, "legal under japanese rules (inferred from "
                          "RE[Void])"));
        CHECK_INT(diags(g, "cycle", NULL), 1);
        CHECK_INT(sgf_game_count(g, SGF_ERROR), 0);
        CHECK_INT(sgf_game_replay_summary(g)->illegal, 0);
        CHECK_INT(sgf_game_replay_summary(g)->moves, 12);
        sgf_game_free(g);
    }
    /* the caller's rules are stated rules */
    sgf_rules aga;
    sgf_rules_named("aga", &aga);
    sgf_read_options opt = { .flags = legal, .rules = &aga };
    g = parse_text("(;SZ[7]" TRIPLE_KO ")", &opt);
    if (g) {
        CHECK_INT(diags(g, "situational-superko", NULL), 1);
        sgf_game_free(g);
    }
    /* a KO[]-marked move is no illegal move */
    g = parse_with("(;SZ[7]RU[Chinese]AB[bb][ac][cc][ec][gc][ad:gd]"
                   "AW[aa:ga][ab][cb][eb][gb][dc][fc][ae:ge]"
                   ";B[db];W[bc];B[fb];W[dc];B[bb];W[fc]KO[])", legal);
    if (g) {
        CHECK_INT(diags(g, "ko-marked", NULL), 1);
        CHECK_INT(sgf_game_replay_summary(g)->illegal, 0);
        sgf_game_free(g);
    }
    /* black setup without HA and Black to play: no false alarm */
    g = parse_with("(;AB[aq][bq][cq];B[br])", legal);
    if (g) {
        CHECK_INT(diags(g, "wrong-player", NULL), 0);
        sgf_game_free(g);
    }
    g = parse_with("(;HA[2]AB[dp][pd];B[pp])", legal);
    if (g) {
        CHECK_INT(diags(g, "wrong-player", NULL), 1);
        sgf_game_free(g);
    }
}

/* ---- the scorer ---- */

static void test_score(void)
{
    const char *dame = "AB[da][db][dc][dd][de][df][dg][dh][di]"
                       "AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]";
    char sgf[256];
    sgf_position *p = sgf_position_new();
    unsigned char *map = malloc(SGF_MAP_SIZE);
    if (!p || !map)
        goto done;
    sgf_score_options o = { 0 };
    sgf_scored_game s;

    /* RE the opposite of the count, by the same margin */
    snprintf(sgf, sizeof sgf, "(;SZ[9]KM[6.5]RU[Japanese]RE[B+6.5]%s;B[];W[])",
             dame);
    sgf_game *g = parse(sgf);
    if (g) {
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(s.agreement, SGF_AGREE_REVERSED);
        CHECK_STR(sgf_agreement_name(s.agreement), "reversed");
        sgf_game_free(g);
    }
    /* a mirror of half a point: reversed only when the count is exact (no
     * stone estimated dead), else a count a point off is as likely */
    snprintf(sgf, sizeof sgf, "(;SZ[9]KM[0.5]RU[Japanese]RE[B+0.5]%s;B[];W[])",
             dame);
    g = parse(sgf);
    if (g) {
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_STR(s.result, "W+0.5");
        CHECK_INT(s.agreement, SGF_AGREE_MISMATCH);
        o.dead = SGF_DEAD_NONE;
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(s.agreement, SGF_AGREE_REVERSED);
        o.dead = SGF_DEAD_AUTO;
        sgf_game_free(g);
    }
    /* RE[] against the count of the dame board, W+6.5 */
    static const struct {
        const char *re, *moves;
        sgf_agreement want;
    } agree[] = {
        { "B+2.5", ";B[];W[]", SGF_AGREE_MISMATCH },
        /* no margin: compared on a finished game, not on a record that
         * stops before the end (it may be a resignation) */
        { "W+", ";B[];W[]", SGF_AGREE_WINNER_ONLY },
        { "B+", ";B[ee]", SGF_AGREE_NOT_COMPARABLE },
        /* Fox's win "by 0", and its odd W+0.02, are no margin either */
        { "B+0.0", ";B[ee]", SGF_AGREE_NOT_COMPARABLE },
        { "W+0.02", ";B[ee]", SGF_AGREE_NOT_COMPARABLE },
        /* a margin on a record that stops with its board decided is
         * compared */
        { "B+2.5", ";B[ee]", SGF_AGREE_MISMATCH },
    };
    for (size_t k = 0; k < sizeof agree / sizeof agree[0]; k++) {
        snprintf(sgf, sizeof sgf, "(;SZ[9]KM[6.5]RU[Japanese]RE[%s]%s%s)",
                 agree[k].re, dame, agree[k].moves);
        g = parse(sgf);
        if (g) {
            CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
            CHECK_INT(s.agreement, agree[k].want);
            sgf_game_free(g);
        }
    }
    /* a record that stops before its end with one point left to play for
     * (corpus/score/other-order): White to move counts W+0.5, Black first
     * B+0.5; RE[] either way is no disagreement, unless the caller named
     * who moves first */
    static const char unfinished[] =
        "AB[ad][bd][cd][dd][fd][gd][hd][id]"
        "AW[af][bf][cf][df][ef][ff][gf][hf][if][fe];B[ee])";
    static const struct {
        const char *re;
        int first;
        const char *result;
        sgf_agreement want;
    } order[] = {
        { "W+0.5", 0, "W+0.5", SGF_AGREE_MATCH },
        { "B+0.5", 0, "W+0.5", SGF_AGREE_OTHER_ORDER },
        { "B+1.5", 0, "W+0.5", SGF_AGREE_MISMATCH },
        { "B+0.5", SGF_WHITE, "W+0.5", SGF_AGREE_MISMATCH },
        { "B+0.5", SGF_BLACK, "B+0.5", SGF_AGREE_MATCH },
    };
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        snprintf(sgf, sizeof sgf, "(;SZ[9]KM[0.5]RU[Japanese]RE[%s]%s",
                 order[k].re, unfinished);
        g = parse(sgf);
        if (g) {
            o.estimate.finish_first = order[k].first;
            CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
            CHECK_STR(s.result, order[k].result);
            CHECK_INT(s.agreement, order[k].want);
            CHECK_INT(sgf_score_disagrees(&s),
                      order[k].want == SGF_AGREE_MISMATCH);
            o.estimate.finish_first = 0;
            sgf_game_free(g);
        }
    }
    CHECK_STR(sgf_agreement_name(SGF_AGREE_OTHER_ORDER), "other-order");
    /* a record with no stone: komi alone, no count of a game */
    g = parse("(;SZ[9]KM[6.5]RU[Japanese]RE[B+2.5])");
    if (g) {
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_STR(s.result, "W+6.5");
        CHECK_INT(s.agreement, SGF_AGREE_NOT_COMPARABLE);
        sgf_game_free(g);
    }
    /* records that stop before the end: too open for a count (sgfcheck's
     * result-unsupported warning, sgfscore's not-comparable), or not */
    static const struct {
        const char *sgf;
        bool open;
        sgf_agreement want;
    } stop[] = {
        /* two stones: even a margin that matches is no count */
        { "(;SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]AB[cc]AW[gg];B[ee])", true,
          SGF_AGREE_NOT_COMPARABLE },
        { "(;SZ[9]KM[6.5]RE[B+3.5];B[ee];W[cc])", true,
          SGF_AGREE_NOT_COMPARABLE },
        /* closed: only the passes are missing */
        { "(;SZ[5]KM[0]RE[B+5]AB[ca][cb][cc][cd]AW[da][db][dc][dd][de]"
          ";B[ce])", false, SGF_AGREE_MATCH },
        /* a dead stone inside each territory: open on the board alone,
         * decided once the estimate takes them off (corpus/score's
         * not-ended-dead-inside, counted by hand there) */
        { "(;SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]AB[da:di][hh]AW[fa:fi][bb]"
          ";B[ee];W[ec])", false, SGF_AGREE_MATCH },
        /* a lattice of both colours on more than a quarter of the board,
         * walling nothing in: the estimate is asked, and finds it open */
        { NULL, true, SGF_AGREE_NOT_COMPARABLE },
    };
    char lattice[1024];
    int at = snprintf(lattice, sizeof lattice,
                      "(;SZ[19]KM[6.5]RU[Japanese]RE[B+3.5]AB");
    for (int x = 0; x < 19; x += 2)
        for (int y = 0; y < 19; y += 4)
            at += snprintf(lattice + at, sizeof lattice - (size_t)at,
                           "[%c%c]", 'a' + x, 'a' + y);
    at += snprintf(lattice + at, sizeof lattice - (size_t)at, "AW");
    for (int x = 1; x < 19; x += 2)
        for (int y = 2; y < 19; y += 4)
            at += snprintf(lattice + at, sizeof lattice - (size_t)at,
                           "[%c%c]", 'a' + x, 'a' + y);
    snprintf(lattice + at, sizeof lattice - (size_t)at, ";B[jj];W[kj])");
    for (size_t i = 0; i < sizeof stop / sizeof stop[0]; i++) {
        g = parse_with(stop[i].sgf ? stop[i].sgf : lattice, SGF_READ_LEGALITY);
        if (!g)
            continue;
        CHECK_INT(diags(g, "result-unsupported", NULL), stop[i].open);
        CHECK_INT(diags(g, "result-without-end", NULL), !stop[i].open);
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(s.agreement, stop[i].want);
        sgf_game_free(g);
    }
    /* markup asked for and absent: said, nothing estimated */
    snprintf(sgf, sizeof sgf, "(;SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]%s;B[];W[])",
             dame);
    g = parse(sgf);
    if (g) {
        o.dead = SGF_DEAD_MARKUP;
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(s.dead, SGF_DEAD_NO_MARKUP);
        CHECK_STR(sgf_dead_mode_name(s.dead), "no-markup");
        CHECK_INT(s.agreement, SGF_AGREE_MATCH);
        o.dead = SGF_DEAD_AUTO;
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(s.dead, SGF_DEAD_ESTIMATE);
        sgf_game_free(g);
    }
    /* an illegal move: played on, counted, and counted in the summary */
    snprintf(sgf, sizeof sgf, "(;SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]%s;B[da];"
             "W[];B[];W[])", dame);
    g = parse(sgf);
    if (g) {
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(sgf_game_replay_summary(g)->illegal, 1);
        CHECK_INT(sgf_game_replay_summary(g)->first_illegal, 1);
        CHECK_INT(sgf_game_replay_summary(g)->first_illegal_kind,
                  SGF_ILLEGAL_OCCUPIED);
        CHECK_STR(s.result, "W+6.5");
        sgf_game_free(g);
    }
    /* the stones placed for HA without AB are the handicap counted */
    g = parse("(;SZ[9]HA[2]KM[0.5];W[ha];B[ga];W[hb];B[gb];W[hc];B[gd];"
              "W[hd];B[ge];W[he];B[gf];W[hf];B[gg];W[hg];B[gh];W[hh];B[gi];"
              "W[hi];B[];W[])");
    if (g) {
        sgf_rules chinese;
        sgf_rules_named("chinese", &chinese);
        o.rules = &chinese;
        CHECK_INT(sgf_game_score(g, &o, p, map, &s), 0);
        CHECK_INT(s.score.handicap, 2);
        CHECK_STR(s.result, "B+42.5");
        o.rules = NULL;
        sgf_game_free(g);
    }
done:
    free(map);
    sgf_position_free(p);
}

int main(void)
{
    test_rules();
    test_komi();
    test_handicap();
    test_checks();
    test_score();
    TEST_END();
}
