/*
 * test_gameinfo.c - the RE, KM and DT grammars on the forms found in real
 * records (../shared/corpus and the issue trackers named in
 * doc/gameinfo.md), and gameinfo_read() on small games parsed from memory.
 */
#include <stdio.h>
#include <string.h>
#include "sgfkit.h"
#include "harness.h"
#include "diags.h"
#include "parse.h"

#define NEAR(a, b) ((a) - (b) < 1e-9 && (b) - (a) < 1e-9)

/* ---- RE ---- */

typedef struct {
    const char *text;
    int rc;
    sgf_winner winner;
    sgf_win_reason reason;
    double margin;          /* checked when reason is SGF_BY_POINTS */
    const char *ff4;        /* sgf_format_result() of what was read */
} result_case;

#define B SGF_WIN_BLACK
#define W SGF_WIN_WHITE
#define DRAW SGF_WIN_DRAW
#define UNK SGF_WIN_UNKNOWN

static const result_case results[] = {
    /* FF[4] */
    { "B+R", 1, B, SGF_BY_RESIGN, 0, "B+R" },
    { "W+Resign", 1, W, SGF_BY_RESIGN, 0, "W+R" },
    { "W+Time", 1, W, SGF_BY_TIME, 0, "W+T" },
    { "B+T", 1, B, SGF_BY_TIME, 0, "B+T" },
    { "W+F", 1, W, SGF_BY_FORFEIT, 0, "W+F" },
    { "W+Forfeit", 1, W, SGF_BY_FORFEIT, 0, "W+F" },
    { "B+2.5", 1, B, SGF_BY_POINTS, 2.5, "B+2.5" },
    { "W+12.50", 1, W, SGF_BY_POINTS, 12.5, "W+12.5" },
    { "W+368.5", 1, W, SGF_BY_POINTS, 368.5, "W+368.5" },
    { "B+0.0", 1, B, SGF_BY_POINTS, 0, "B+0" },
    { "W+0.02", 1, W, SGF_BY_POINTS, 0.02, "W+0.02" },   /* Fox */
    { "B+0.03", 1, B, SGF_BY_POINTS, 0.03, "B+0.03" },
    { "B+", 1, B, SGF_BY_NONE, 0, "B+" },
    { "0", 1, DRAW, SGF_BY_NONE, 0, "0" },
    { "Draw", 1, DRAW, SGF_BY_NONE, 0, "0" },
    { "Void", 1, SGF_WIN_VOID, SGF_BY_NONE, 0, "Void" },
    { "?", 1, UNK, SGF_BY_NONE, 0, "?" },
    /* English and server variants */
    { "W+Resign.", 0, W, SGF_BY_RESIGN, 0, "W+R" },
    { "B+Resign ", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { " B+R", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "b+r", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "W+time", 0, W, SGF_BY_TIME, 0, "W+T" },
    { "W+Time Over", 0, W, SGF_BY_TIME, 0, "W+T" },
    { "B+1.5 ? W+timeout", 0, B, SGF_BY_POINTS, 1.5, "B+1.5" },
    { "B+ 3.5 points", 0, B, SGF_BY_POINTS, 3.5, "B+3.5" },
    { "W+6,5", 0, W, SGF_BY_POINTS, 6.5, "W+6.5" },
    { "W+J", 0, W, SGF_BY_OTHER, 0, "W+" },           /* UEC Cup */
    { "B+AW", 0, B, SGF_BY_OTHER, 0, "B+" },
    { "B+V", 0, B, SGF_BY_FORFEIT, 0, "B+F" },
    { "B+Illegal", 0, B, SGF_BY_FORFEIT, 0, "B+F" },   /* CGOS */
    { "W+Repetition", 0, W, SGF_BY_OTHER, 0, "W+" },
    { "D+J", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "B", 0, B, SGF_BY_NONE, 0, "B+" },
    { "W", 0, W, SGF_BY_NONE, 0, "W+" },
    { "draw", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "Jigo", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "void", 0, SGF_WIN_VOID, SGF_BY_NONE, 0, "Void" },
    { "No result", 0, SGF_WIN_VOID, SGF_BY_NONE, 0, "Void" },
    { "? (No further moves known)", 0, UNK, SGF_BY_NONE, 0, "?" },
    { "has adjourned.", 0, UNK, SGF_BY_NONE, 0, "?" },
    /* margins in quarters are stones (Fox's Chinese games, old records) */
    { "W+0.25", 0, W, SGF_BY_POINTS, 0.5, "W+0.5" },
    { "B+2.25", 0, B, SGF_BY_POINTS, 4.5, "B+4.5" },
    { "B+5.75", 0, B, SGF_BY_POINTS, 11.5, "B+11.5" },
    { "B+, human judge for communication error ", 0, B, SGF_BY_OTHER, 0,
      "B+" },
    { "White resigns.", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "Black resigns.", 0, W, SGF_BY_RESIGN, 0, "W+R" },
    { "Black resigns. W 25.5 B 17.0", 0, W, SGF_BY_RESIGN, 0, "W+R" },
    { "White resigns. W 6.5 B 157.0", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "Black wins by 3.5", 0, B, SGF_BY_POINTS, 3.5, "B+3.5" },
    { "White wins by resignation", 0, W, SGF_BY_RESIGN, 0, "W+R" },
    { "White wins, komi 6.5", 0, W, SGF_BY_NONE, 0, "W+" },
    { "W by 2.5", 0, W, SGF_BY_POINTS, 2.5, "W+2.5" },
    { "Black by resignation", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "B 3.5", -1, UNK, SGF_BY_NONE, 0, "?" },     /* a score or a margin? */
    { "흑 덤 6집반 1집반승", 0, B, SGF_BY_POINTS, 1.5, "B+1.5" },
    { "White won by 2.5 points", 0, W, SGF_BY_POINTS, 2.5, "W+2.5" },
    { "Black won on time", 0, B, SGF_BY_TIME, 0, "B+T" },
    { "black wins by 5 3/4 points", 0, B, SGF_BY_POINTS, 5.75, "B+5.75" },
    { "White wins", 0, W, SGF_BY_NONE, 0, "W+" },
    /* Chinese */
    { "黑胜", 0, B, SGF_BY_NONE, 0, "B+" },
    { "白胜", 0, W, SGF_BY_NONE, 0, "W+" },
    { "黑中盘胜", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "白中盘胜", 0, W, SGF_BY_RESIGN, 0, "W+R" },
    { "共185手 黑中盘胜", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "共200手后略 白胜13目", 0, W, SGF_BY_POINTS, 13, "W+13" },
    { "白胜43.5目", 0, W, SGF_BY_POINTS, 43.5, "W+43.5" },
    { "黑胜4目半", 0, B, SGF_BY_POINTS, 4.5, "B+4.5" },
    { "白胜四目半", 0, W, SGF_BY_POINTS, 4.5, "W+4.5" },
    { "黑胜半目", 0, B, SGF_BY_POINTS, 0.5, "B+0.5" },
    { "共249手 黑胜半目", 0, B, SGF_BY_POINTS, 0.5, "B+0.5" },
    { "黑胜二子半", 0, B, SGF_BY_POINTS, 5, "B+5" },
    { "黑胜九子半", 0, B, SGF_BY_POINTS, 19, "B+19" },
    { "白胜四子半", 0, W, SGF_BY_POINTS, 9, "W+9" },
    { "白胜六子半", 0, W, SGF_BY_POINTS, 13, "W+13" },
    { "白胜7子半", 0, W, SGF_BY_POINTS, 15, "W+15" },
    { "黑胜14子", 0, B, SGF_BY_POINTS, 28, "B+28" },
    { "白胜3又1/4子", 0, W, SGF_BY_POINTS, 6.5, "W+6.5" },
    { "黑胜1/4子", 0, B, SGF_BY_POINTS, 0.5, "B+0.5" },
    { "白胜四分之一子", 0, W, SGF_BY_POINTS, 0.5, "W+0.5" },
    /* finer than a quarter stone is no count: the winner only (as a
     * margin, "B+0.25" would read back as stones; fuzz_gameinfo) */
    { "黑胜1/8子", 0, B, SGF_BY_NONE, 0, "B+" },
    { "白胜3/8子", 0, W, SGF_BY_NONE, 0, "W+" },
    /* the komi stated before the margin is not the margin */
    { "黑贴3又3/4子胜1/4子", 0, B, SGF_BY_POINTS, 0.5, "B+0.5" },
    { "白胜2目 贴6目半", 0, W, SGF_BY_POINTS, 2, "W+2" },
    { "黑92目胜", 0, B, SGF_BY_POINTS, 92, "B+92" },
    { "黑124目胜", 0, B, SGF_BY_POINTS, 124, "B+124" },
    { "黑超时负", 0, W, SGF_BY_TIME, 0, "W+T" },
    { "共55手 黑不战胜", 0, B, SGF_BY_FORFEIT, 0, "B+F" },
    { "共113手打挂", 0, UNK, SGF_BY_NONE, 0, "?" },
    { "共266手 和棋", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "和棋", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "平局", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "共261手 和", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "白先黑死", 0, UNK, SGF_BY_OTHER, 0, "?" },     /* problems */
    { "黑先活", 0, UNK, SGF_BY_OTHER, 0, "?" },
    /* Japanese */
    { "257手完, 黒中押し勝ち", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "黒番中押し勝", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "白番5目半勝", 0, W, SGF_BY_POINTS, 5.5, "W+5.5" },
    { "白6目半勝ち", 0, W, SGF_BY_POINTS, 6.5, "W+6.5" },
    { "黒時間切れ勝ち", 0, B, SGF_BY_TIME, 0, "B+T" },
    { "持碁", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "コミ6目半 黒3目半勝", 0, B, SGF_BY_POINTS, 3.5, "B+3.5" },
    /* Korean */
    { "빅", 0, DRAW, SGF_BY_NONE, 0, "0" },
    { "흑 불계승", 0, B, SGF_BY_RESIGN, 0, "B+R" },
    { "백불계승", 0, W, SGF_BY_RESIGN, 0, "W+R" },
    { "백 5집반승", 0, W, SGF_BY_POINTS, 5.5, "W+5.5" },
    { "흑 반집승", 0, B, SGF_BY_POINTS, 0.5, "B+0.5" },
    { "백 시간승", 0, W, SGF_BY_TIME, 0, "W+T" },
    { "흑 반칙승", 0, B, SGF_BY_FORFEIT, 0, "B+F" },
    { "무승부", 0, DRAW, SGF_BY_NONE, 0, "0" },
    /* unreadable */
    { "john wins", -1, UNK, SGF_BY_NONE, 0, "?" },

    { "", -1, UNK, SGF_BY_NONE, 0, "?" },
    { "   ", -1, UNK, SGF_BY_NONE, 0, "?" },
    { "xyz", -1, UNK, SGF_BY_NONE, 0, "?" },
};

static void test_results(void)
{
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        const result_case *c = &results[i];
        sgf_result r;
        char buf[32];
        memset(&r, 0x5a, sizeof r);
        int rc = sgf_parse_result(c->text, &r);
        sgf_format_result(&r, buf, sizeof buf);
        if (rc != c->rc || r.winner != c->winner || r.reason != c->reason ||
            (c->reason == SGF_BY_POINTS &&
             (!r.has_margin || !NEAR(r.margin, c->margin))) ||
            (c->reason != SGF_BY_POINTS && r.has_margin) ||
            strcmp(buf, c->ff4) != 0)
            fprintf(stderr, "RE[%s]: rc %d winner %d reason %d margin %g "
                    "-> \"%s\"\n", c->text, rc, (int)r.winner,
                    (int)r.reason, r.margin, buf);
        CHECK_INT(rc, c->rc);
        CHECK_INT(r.winner, c->winner);
        CHECK_INT(r.reason, c->reason);
        if (c->reason == SGF_BY_POINTS)
            CHECK(r.has_margin && NEAR(r.margin, c->margin));
        else
            CHECK_INT(r.has_margin, 0);
        CHECK_STR(buf, c->ff4);
    }
    /* what was read formats to FF[4] that reads back the same; not the
     * reasons FF[4] has no word for, nor a margin in quarters of a point
     * (only "5 3/4 points" says so: "B+5.75" alone is read as stones) */
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        sgf_result r, r2;
        char buf[32];
        if (sgf_parse_result(results[i].text, &r) < 0 ||
            r.reason == SGF_BY_OTHER ||
            (r.has_margin && (long)(r.margin * 4) % 2 != 0))
            continue;
        sgf_format_result(&r, buf, sizeof buf);
        CHECK_INT(sgf_parse_result(buf, &r2), 1);
        CHECK_INT(r2.winner, r.winner);
        CHECK_INT(r2.reason, r.reason);
    }
    sgf_result none = { SGF_WIN_NONE, SGF_BY_NONE, 0, 0 };
    char buf[8] = "junk";
    sgf_format_result(&none, buf, sizeof buf);
    CHECK_STR(buf, "");
    sgf_result big = { SGF_WIN_WHITE, SGF_BY_POINTS, 123.5, 1 };
    sgf_format_result(&big, buf, 5);                /* cut, terminated */
    CHECK_STR(buf, "W+12");
    sgf_result r;
    CHECK_INT(sgf_parse_result(NULL, &r), -1);
    CHECK_INT(r.winner, SGF_WIN_UNKNOWN);
}

/* ---- KM ---- */

typedef struct {
    const char *text, *app;
    int rc;
    double komi;
    int scaled;
} komi_case;

static const komi_case komis[] = {
    { "6.5", NULL, 1, 6.5, 0 },
    { "7.5", NULL, 1, 7.5, 0 },
    { "0", NULL, 1, 0, 0 },
    { "0.50", "CGoban:3", 1, 0.5, 0 },
    { "7.500000", NULL, 1, 7.5, 0 },
    { "-59.5", "Primiview:3.1", 1, -59.5, 0 },
    { "+6.5", NULL, 1, 6.5, 0 },
    { "30.50", NULL, 1, 30.5, 0 },         /* KGS allows any komi */
    { "65.00", NULL, 1, 65, 0 },
    { "-100.00", NULL, 1, -100, 0 },
    { "44", NULL, 1, 44, 0 },
    { "50", NULL, 1, 50, 0 },              /* no Fox AP: as written */
    { "100", NULL, 1, 100, 0 },
    /* Fox: x100, and stones x100 under Chinese rules */
    { "375", "YuanYu", 0, 7.5, 1 },
    { "650", "YuanYu", 0, 6.5, 1 },
    { "750", "foxwq", 0, 7.5, 1 },
    { "550", "YuanYu", 0, 5.5, 1 },
    { "325", "foxwq", 0, 6.5, 1 },         /* KataGo's foxlike.sgf */
    { "275", "foxwq", 0, 5.5, 1 },
    { "350", "foxwq", 0, 7, 1 },
    { "700", "foxwq", 0, 7, 1 },
    { "50", "foxwq", 0, 0.5, 1 },          /* lizzieyzy-next #262 */
    { "50", "GNU Go:3.8", 1, 50, 0 },
    { "0", "foxwq", 1, 0, 0 },
    { "6.5", "YuanYu", 1, 6.5, 0 },        /* Wbaduk games re-saved */
    { "7.50", "YuanYu", 1, 7.5, 0 },
    /* no Fox AP, but no komi anyone plays */
    { "375", NULL, 0, 7.5, 1 },
    { "750", "SGFC:2.0", 0, 7.5, 1 },
    { "650", "CGoban:3", 0, 6.5, 1 },
    /* free text */
    { "5 1/2", NULL, 0, 5.5, 0 },          /* sgfutils */
    { "5½", NULL, 0, 5.5, 0 },
    { "6,5", NULL, 0, 6.5, 0 },
    { "6.5目", NULL, 0, 6.5, 0 },
    { "7目半", NULL, 0, 7.5, 0 },
    { "黑贴7目半", NULL, 0, 7.5, 0 },
    { "七目半", NULL, 0, 7.5, 0 },
    { "3又3/4子", NULL, 0, 7.5, 0 },
    /* quarters without a unit are stones, as KM[3.75] is */
    { "3¾", NULL, 0, 7.5, 0 },
    { "3 3/4", NULL, 0, 7.5, 0 },
    { "3¾目", NULL, 0, 3.75, 0 },
    { " 6.5 ", NULL, 0, 6.5, 0 },
    { ".5", NULL, 0, 0.5, 0 },
    { "6.", NULL, 0, 6, 0 },
    { "komi 6.5 points", NULL, 0, 6.5, 0 },
    { "-4.5 reverse", NULL, 0, -4.5, 0 },
    /* a komi in quarters is in stones (1990 Chinese Individual) */
    { "2.75", NULL, 0, 5.5, 1 },
    { "3.75", "CGoban:3", 0, 7.5, 1 },
    { "", NULL, -1, 0, 0 },
    { "abc", NULL, -1, 0, 0 },
    { "-", NULL, -1, 0, 0 },
};

static void test_komi(void)
{
    for (size_t i = 0; i < sizeof komis / sizeof komis[0]; i++) {
        const komi_case *c = &komis[i];
        double k = -999;
        int scaled = -1;
        int rc = sgf_parse_komi(c->text, c->app, &k, &scaled);
        if (rc != c->rc || !NEAR(k, c->komi) || scaled != c->scaled)
            fprintf(stderr, "KM[%s] AP[%s]: rc %d komi %g scaled %d\n",
                    c->text, c->app ? c->app : "", rc, k, scaled);
        CHECK_INT(rc, c->rc);
        CHECK(NEAR(k, c->komi));
        CHECK_INT(scaled, c->scaled);
    }
    CHECK_INT(sgf_parse_komi(NULL, NULL, NULL, NULL), -1);
}

/* ---- DT ---- */

typedef struct {
    const char *text;
    int rc, y, m, d;
} date_case;

static const date_case dates[] = {
    /* FF[4] */
    { "2017-03-30", 1, 2017, 3, 30 },
    { "1739", 1, 1739, 0, 0 },
    { "1996-12", 1, 1996, 12, 0 },
    { "1996-05-06,07,08", 1, 1996, 5, 6 },
    { "1996-05,06", 1, 1996, 5, 0 },
    { "1996,1997", 1, 1996, 0, 0 },
    { "1996-12-27,28,1997-01-03,04", 1, 1996, 12, 27 },
    { "2019-02-28,2020-02-29,2021-01-10,11,12,02-03", 1, 2019, 2, 28 },
    { "2001-12-21,2002-03-26", 1, 2001, 12, 21 },
    { "1846-09-11,14,15", 1, 1846, 9, 11 },
    { "2020-02-29", 1, 2020, 2, 29 },
    { "0800", 1, 800, 0, 0 },
    /* shapes FF[4] forbids, read loosely */
    { "2021-02-29", 0, 2021, 2, 0 },        /* no such day */
    { "1996-13", 0, 1996, 0, 0 },
    { "1996,05", 0, 1996, 0, 0 },           /* MM needs a month before */
    { "2000-9-4", 0, 2000, 9, 4 },
    { "2025-12-5", 0, 2025, 12, 5 },
    { "2018.04.27", 0, 2018, 4, 27 },
    { "2017.08.10 00:57", 0, 2017, 8, 10 },
    { "1939.01.11-13", 0, 1939, 1, 11 },
    { "1929.07.29,30,31", 0, 1929, 7, 29 },
    { "1929.08.04,08.14", 0, 1929, 8, 4 },
    { "2017/03/30", 0, 2017, 3, 30 },
    { "2001/10/11 21:22:51 UT", 0, 2001, 10, 11 },
    { "2018-01-09 17:01:05", 0, 2018, 1, 9 },
    { "2004-10-27 16:01:54", 0, 2004, 10, 27 },
    { "2017-04-04T09:59:32.868979037+00:00", 0, 2017, 4, 4 },
    { "1984-09-12~13", 0, 1984, 9, 12 },
    { "30.03.2017", 0, 2017, 3, 30 },
    { "01.08.2001", 0, 2001, 8, 1 },
    { "19.11.2002", 0, 2002, 11, 19 },
    { "9-09-2000", 0, 2000, 9, 9 },
    { "03/30/2017", 0, 2017, 3, 30 },
    { "1978.0.09", 0, 1978, 0, 0 },
    { "[2001-01-01]", 0, 2001, 1, 1 },
    { "1739年", 0, 1739, 0, 0 },
    { "1981年7月23日", 0, 1981, 7, 23 },
    { "1978年10月7日", 0, 1978, 10, 7 },
    { "1973年3月7、8日", 0, 1973, 3, 7 },
    { "1929年(时事新报1月27日至2月7日连载)", 0, 1929, 0, 0 },
    { "1934.12.10、17、24、26、1935.01", 0, 1934, 12, 10 },
    { "２０１７年３月３０日", 0, 2017, 3, 30 },
    { "2017년 3월 30일", 0, 2017, 3, 30 },
    { "平成15年3月4日", 0, 2003, 3, 4 },
    { "昭和元年", 0, 1926, 0, 0 },
    { "乾隆五年", 0, 1740, 0, 0 },
    { "清嘉庆十年", 0, 1805, 0, 0 },
    { "光緒十四年", 0, 1888, 0, 0 },
    { "光绪十四年3月5日", 0, 1888, 0, 0 },      /* Qing: lunar to the end */
    { "宝暦四年三月十日", 0, 1754, 0, 0 },        /* lunar: the year alone */
    { "宝历四年", 0, 1754, 0, 0 },
    { "明治5年11月1日", 0, 1872, 0, 0 },
    { "明治6年1月1日", 0, 1873, 1, 1 },
    { "民国十年3月9日", 0, 1921, 3, 9 },
    { "乾隆年间", -1, 0, 0, 0 },   /* a reign with no year in it */
    { "20160309", 0, 2016, 3, 9 },
    { "20160230", -1, 0, 0, 0 },
    { "0800 approx. {Tang dynasty}", 0, 800, 0, 0 },
    { "August 1, 2001", 0, 2001, 8, 1 },
    { "1 August 2001", 0, 2001, 8, 1 },
    { "Sun Mar 16 16:12:48 GMT+09:00 2014", 0, 2014, 3, 16 },
    { "12th and 13th march 94", 0, 1994, 3, 12 },
    /* unreadable */
    { "a sunny afternoon last summer", -1, 0, 0, 0 },
    { "196", -1, 0, 0, 0 },
    { "", -1, 0, 0, 0 },
    { "?", -1, 0, 0, 0 },
};

static void test_dates(void)
{
    for (size_t i = 0; i < sizeof dates / sizeof dates[0]; i++) {
        const date_case *c = &dates[i];
        sgf_date d = { -1, -1, -1 };
        int rc = sgf_parse_date(c->text, &d);
        if (rc != c->rc || d.year != c->y || d.month != c->m || d.day != c->d)
            fprintf(stderr, "DT[%s]: rc %d %d-%d-%d\n", c->text, rc, d.year,
                    d.month, d.day);
        CHECK_INT(rc, c->rc);
        CHECK_INT(d.year, c->y);
        CHECK_INT(d.month, c->m);
        CHECK_INT(d.day, c->d);
    }
    CHECK_INT(sgf_parse_date(NULL, NULL), -1);
}

/* ---- gameinfo_read() through the parser ---- */

static sgf_game *parse(const char *sgf)
{
    sgf_game *g = parse_text(sgf, NULL);
    CHECK(g != NULL);
    return g;
}

static void test_read_fox(void)
{
    /* Fox's own header, AP written twice (KataGo tests/data/foxlike.sgf
     * and SabakiHQ/sgf#11) */
    sgf_game *g = parse(
        "(;GM[1]FF[4]SZ[19]GN[]DT[2025-09-26]PB[deje]PW[豆泥w]BR[2段]"
        "WR[2段]KM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]RN[3]RE[W+R]TM[300]"
        "TC[3]TT[30]AP[foxwq]RL[0];B[pp];W[dq])");
    if (!g)
        return;
    const sgf_info *in = sgf_game_info(g);
    const char *msg = NULL;
    CHECK_INT(in->width, 19);
    CHECK_INT(in->height, 19);
    CHECK_INT(in->ff, 4);
    CHECK(in->has_komi && NEAR(in->komi, 7.5));
    CHECK_INT(in->komi_scaled, 1);
    CHECK_INT(in->handicap, 0);
    CHECK_INT(in->result.winner, SGF_WIN_WHITE);
    CHECK_INT(in->result.reason, SGF_BY_RESIGN);
    CHECK_INT(in->date.year, 2025);
    CHECK_INT(in->date.day, 26);
    CHECK_STR(in->rules, "Chinese");
    CHECK_STR(in->black, "deje");
    CHECK_STR(in->white, "豆泥w");
    CHECK_STR(in->black_rank, "2段");
    CHECK_STR(in->application, "GNU Go:3.8");
    CHECK_INT(diags(g, "komi-scaled", &msg), 1);
    CHECK_STR(msg, "KM[375] read as komi 3.75 stones = 7.5 points "
                   "(Fox convention)");
    CHECK_INT(diags(g, "bad-handicap", NULL), 0);
    CHECK_INT(diags(g, "handicap-none", &msg), 1);
    CHECK(msg && strstr(msg, "HA[0]") != NULL);
    CHECK_INT(diags(g, "bad-komi", NULL), 0);
    CHECK_INT(diags(g, "bad-time", NULL), 0);
    sgf_game_free(g);

    g = parse("(;GM[1]FF[4]SZ[19]KM[0]HA[1]RU[Japanese]AP[GNU Go:3.8]"
              "RE[W+R]AP[foxwq];B[pd])");
    if (!g)
        return;
    in = sgf_game_info(g);
    CHECK(in->has_komi && NEAR(in->komi, 0));
    CHECK_INT(in->komi_scaled, 0);
    CHECK_INT(in->handicap, 1);
    CHECK_INT(diags(g, "handicap-none", &msg), 1);
    CHECK(msg && strstr(msg, "Fox convention") != NULL);
    CHECK_INT(diags(g, "komi-scaled", NULL), 0);
    sgf_game_free(g);

    g = parse("(;FF[4]AP[YuanYu]KM[650]HA[0]RE[B+0.02];B[pd])");
    if (!g)
        return;
    CHECK(NEAR(sgf_game_info(g)->komi, 6.5));
    CHECK_INT(diags(g, "komi-scaled", &msg), 1);
    CHECK_STR(msg, "KM[650] read as komi 6.5 points (Fox convention: "
                   "komi x100)");
    CHECK_INT(diags(g, "result-format", NULL), 0);   /* FF[4] in form */
    sgf_game_free(g);

    /* Fox's Chinese-rules margins are in stones */
    g = parse("(;FF[4]AP[YuanYu]KM[0]RU[Chinese]RE[B+2.25];B[pd])");
    if (!g)
        return;
    CHECK(NEAR(sgf_game_info(g)->result.margin, 4.5));
    CHECK_INT(diags(g, "result-format", &msg), 1);
    CHECK_STR(msg, "RE[B+2.25] read as B+4.5 (a margin in quarters is in "
                   "stones: 1 stone = 2 points)");
    sgf_game_free(g);

    g = parse("(;FF[4]RU[Chinese]KM[2.75]RE[W+0.25];B[pd])");
    if (!g)
        return;
    CHECK(NEAR(sgf_game_info(g)->komi, 5.5));
    CHECK_INT(sgf_game_info(g)->komi_scaled, 1);
    CHECK_INT(diags(g, "komi-scaled", &msg), 1);
    CHECK_STR(msg, "KM[2.75] read as komi 2.75 stones = 5.5 points (a komi "
                   "in quarters is in stones: 1 stone = 2 points)");
    sgf_game_free(g);
}

static void test_read_free_text(void)
{
    /* goreviewpartner#71: empty KM and a Chinese result */
    sgf_game *g = parse("(;SZ[19]EV[分先:黑贴7目半]DT[2018-05-02 20:46:58]"
                        "PW[徐嘉泽]WR[1k]PB[陈俊升]BR[1k]KM[]"
                        "RE[白胜43.5目];B[pc];W[pq])");
    if (!g)
        return;
    const sgf_info *in = sgf_game_info(g);
    const char *msg = NULL;
    CHECK_INT(in->has_komi, 0);
    CHECK_INT(diags(g, "bad-komi", NULL), 0);        /* empty: validate.c */
    CHECK_INT(in->result.winner, SGF_WIN_WHITE);
    CHECK(NEAR(in->result.margin, 43.5));
    CHECK_STR(in->result_text, "白胜43.5目");
    CHECK_INT(diags(g, "result-format", &msg), 1);
    CHECK_STR(msg, "RE[白胜43.5目] read as W+43.5 (free text)");
    CHECK_INT(diags(g, "date-format", &msg), 1);
    CHECK_STR(msg, "DT[2018-05-02 20:46:58] read as 2018-05-02 (FF[4] "
                   "wants YYYY-MM-DD)");
    CHECK_STR(in->date_text, "2018-05-02 20:46:58");
    CHECK_STR(in->event, "分先:黑贴7目半");
    CHECK_INT(in->ff, 1);                             /* default */
    sgf_game_free(g);

    g = parse("(;FF[4]SZ[19:13]KM[5 1/2]RE[john wins]DT[a sunny afternoon]"
              "TM[1:00(5x0:30)]HA[two];B[aa])");
    if (!g)
        return;
    in = sgf_game_info(g);
    CHECK_INT(in->width, 19);
    CHECK_INT(in->height, 13);
    CHECK(in->has_komi && NEAR(in->komi, 5.5));
    CHECK_INT(diags(g, "komi-format", &msg), 1);
    CHECK_STR(msg, "KM[5 1/2] is not a number; read as komi 5.5");
    CHECK_INT(diags(g, "bad-result", &msg), 1);
    CHECK_STR(msg, "RE[john wins] cannot be read as a result");
    CHECK_INT(in->result.winner, SGF_WIN_UNKNOWN);
    CHECK_INT(diags(g, "bad-date", NULL), 1);
    CHECK_INT(diags(g, "bad-time", &msg), 1);
    CHECK_STR(msg, "TM[1:00(5x0:30)] is not a number of seconds; read as 60 "
                   "seconds of main time; FF[4] writes the overtime, "
                   "(5x0:30), in OT");
    CHECK_INT(diags(g, "bad-handicap", &msg), 1);
    CHECK(msg && strstr(msg, "is not a number") != NULL);
    CHECK_INT(in->handicap, 0);
    sgf_game_free(g);

    /* a problem collection's answer is not a game result */
    g = parse("(;GM[1]FF[4]SZ[19]RE[白先黑死]AB[cc]AW[dd];W[ee])");
    if (!g)
        return;
    CHECK_INT(sgf_game_info(g)->result.winner, SGF_WIN_UNKNOWN);
    CHECK_INT(diags(g, "result-format", &msg), 1);
    CHECK(msg && strstr(msg, "problem") != NULL);
    CHECK_INT(diags(g, "bad-result", NULL), 0);
    sgf_game_free(g);
}

static void test_read_handicap(void)
{
    const char *msg = NULL;
    /* the stones match: nothing to say */
    sgf_game *g = parse("(;FF[4]SZ[19]HA[2]KM[0.5]AB[pd][dp];W[dd])");
    if (!g)
        return;
    CHECK_INT(sgf_game_info(g)->handicap, 2);
    CHECK_INT(diags(g, "bad-handicap", NULL), 0);
    sgf_game_free(g);

    /* a compressed rectangle counts its stones */
    g = parse("(;FF[4]SZ[19]HA[4]AB[aa:bb];W[dd])");
    if (!g)
        return;
    CHECK_INT(diags(g, "bad-handicap", NULL), 0);
    sgf_game_free(g);

    g = parse("(;FF[4]SZ[19]HA[3]AB[pd][dp];W[dd])");
    if (!g)
        return;
    CHECK_INT(diags(g, "bad-handicap", &msg), 1);
    CHECK_STR(msg, "HA[3] but AB sets up 2 black stones");
    sgf_game_free(g);

    g = parse("(;FF[4]SZ[19]HA[2];B[pd];W[dd])");
    if (!g)
        return;
    CHECK_INT(diags(g, "bad-handicap", &msg), 1);
    CHECK_STR(msg, "HA[2] but no handicap stones (AB) are set up; "
                   "Black moves first, so none were placed");
    sgf_game_free(g);

    /* KataGo's foxlike.sgf: AB in the node after the root */
    g = parse("(;GM[1]FF[4]SZ[19]KM[325]HA[2]RU[Chinese]AP[foxwq]"
              ";AB[pd][dp];W[dc])");
    if (!g)
        return;
    CHECK(NEAR(sgf_game_info(g)->komi, 6.5));
    CHECK_INT(diags(g, "bad-handicap", &msg), 1);
    CHECK(msg && strstr(msg, "later node") != NULL);
    sgf_game_free(g);

    /* game info in a node after the root; AB in the root */
    g = parse("(;FF[4]SZ[9]AB[cc][gg];HA[2]PB[x]KM[0.5];W[ee])");
    if (!g)
        return;
    CHECK_INT(sgf_game_info(g)->width, 9);
    CHECK_INT(sgf_game_info(g)->handicap, 2);
    CHECK_STR(sgf_game_info(g)->black, "x");
    CHECK_INT(diags(g, "bad-handicap", NULL), 0);
    sgf_game_free(g);

    /* a handicap grade in words: a note, no warning; 互先 (even) and a
     * name ending in 子 are no grade */
    static const struct { const char *ha; int grade; } grades[] = {
        { "先", 1 }, { "吴先相先.先", 1 }, { "受先", 1 }, { "让先", 1 },
        { "二子", 1 }, { "吴二三二.三", 1 }, { "先々先", 1 },
        { "互先", 0 }, { "杉内寿子", 0 }, { "two", 0 }, { "7.5", 0 },
    };
    for (size_t i = 0; i < sizeof grades / sizeof grades[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "(;FF[4]CA[UTF-8]SZ[9]HA[%s];B[ee])",
                 grades[i].ha);
        g = parse(text);
        if (!g)
            return;
        CHECK_INT(sgf_game_info(g)->handicap, 0);
        CHECK_INT(diags(g, "handicap-grade", NULL), grades[i].grade);
        CHECK_INT(diags(g, "bad-handicap", NULL), !grades[i].grade);
        sgf_game_free(g);
    }

    /* syntax-only reading fills the info but says nothing */
    sgf_read_options opt = { .flags = SGF_READ_SYNTAX_ONLY };
    g = parse_text("(;FF[4]KM[375]HA[1]RE[黑胜]DT[1739年];B[aa])", &opt);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(NEAR(sgf_game_info(g)->komi, 7.5));
    CHECK_INT(sgf_game_info(g)->result.winner, SGF_WIN_BLACK);
    CHECK_INT(sgf_game_info(g)->date.year, 1739);
    CHECK_INT(diags(g, "komi-scaled", NULL) + diags(g, "bad-handicap", NULL)
              + diags(g, "result-format", NULL)
              + diags(g, "date-format", NULL), 0);
    sgf_game_free(g);
}

static void test_read_defaults(void)
{
    sgf_game *g = parse("(;C[no game info];B[aa])");
    if (!g)
        return;
    const sgf_info *in = sgf_game_info(g);
    CHECK_INT(in->ff, 1);
    CHECK_INT(in->gm, 1);
    CHECK_INT(in->width, 19);
    CHECK_INT(in->height, 19);
    CHECK_INT(in->has_komi, 0);
    CHECK_INT(in->result.winner, SGF_WIN_NONE);
    CHECK(in->black == NULL && in->result_text == NULL);
    sgf_game_free(g);

    /* out-of-range sizes keep the default (validate.c reports them) */
    g = parse("(;FF[3]GM[1]SZ[200];B[aa])");
    if (!g)
        return;
    CHECK_INT(sgf_game_info(g)->width, 19);
    CHECK_INT(sgf_game_info(g)->ff, 3);
    sgf_game_free(g);

    g = parse("(;FF[4]SZ[52]GM[2];B[aa])");
    if (!g)
        return;
    CHECK_INT(sgf_game_info(g)->width, 52);
    CHECK_INT(sgf_game_info(g)->gm, 2);
    sgf_game_free(g);
}

int main(void)
{
    test_results();
    test_komi();
    test_dates();
    test_read_fox();
    test_read_free_text();
    test_read_handicap();
    test_read_defaults();
    TEST_END();
}
