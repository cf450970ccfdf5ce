/*
 * result.c - RE's grammar: the FF[4] form ("B+3.5", "W+R", "0", "Void",
 * "?") and the free text real records write instead, in English, Chinese,
 * Japanese and Korean ("Black wins by 3.5", "白中盘胜", "黒3目半勝",
 * "흑 불계승").  Every accepted form comes from a record in the wild or from
 * the FF[4] text; doc/gameinfo.md lists them with their sources.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "sgf/result.h"
#include "common/textscan.h"

static const char *const w_resign[] = {
    "r", "res", "resign", "resigns", "resigned", "resignation", NULL
};
static const char *const w_time[] = {
    "t", "time", "timeout", "times", "timed", NULL
};
static const char *const w_forfeit[] = {
    "f", "forfeit", "forfeits", "forfeited", "default", "v", "violation",
    "illegal", "foul", NULL
};
static const char *const w_draw[] = {
    "draw", "drawn", "jigo", "tie", NULL
};
static const char *const w_void[] = {
    "void", "annulled", "suspended", NULL
};
static const char *const w_adjourned[] = {
    "adjourned", "adjourn", "unfinished", NULL
};
static const char *const w_win[] = { "wins", "win", "won", "winner", NULL };
static const char *const w_lose[] = {
    "resigns", "resigned", "loses", "lost", "lose", "forfeits", "forfeited",
    NULL
};

/* CJK result words: Chinese (simplified and traditional), Japanese,
 * Korean. */
static const char *const c_black[] = {
    "黑", "黒", "흑", NULL
};
static const char *const c_white[] = { "白", "백", NULL };
static const char *const c_win[] = { "胜", "勝", "승", NULL };
static const char *const c_lose[] = { "负", "負", "패", NULL };
static const char *const c_resign[] = {
    "中盘", "中盤", "中押", "불계", NULL
};
static const char *const c_time[] = {
    "超时", "超時", "時間切", "时间", "時間", "시간", NULL
};
static const char *const c_forfeit[] = {
    "反則", "反则", "犯规", "犯規", "반칙", "기권", "弃权", "棄権", "棄權",
    "不戦", "不战", "不戰", NULL
};
/* 打挂 (adjourned, simplified), 打掛 (traditional, Japanese 打ち掛け) */
static const char *const c_adjourned[] = {
    "打挂", "打掛", "打ち掛け", NULL
};
/* 빅 is Korean for seki, and also for a game counted even (비기다, to tie) */
static const char *const c_draw[] = {
    "和棋", "和局", "平局", "持碁", "무승부", "ジゴ", "빅", NULL
};
static const char *const c_void[] = {
    "无胜负", "無勝負", "무효", "無効", NULL
};
/* The komi, which a result may state before the margin: "黑贴3又3/4子胜1/4子"
 * (Black gives 3¾ stones, wins by ¼), "コミ6目半", "덤 6집반", "komi 6.5". */
static const char *const komi_words[] = {
    "贴", "貼", "コミ", "덤", "komi", NULL
};

/* 先 right after a colour: "白先黑死" = "White to play, Black dies" is a
 * life-and-death problem's answer, written in RE by problem collections. */
static const char *const c_first[] = { "先", NULL };

static void result_set(sgf_result *r, sgf_winner w, sgf_win_reason why)
{
    r->winner = w;
    r->reason = why;
    r->margin = 0;
    r->has_margin = 0;
}


static void result_margin(sgf_result *r, double m)
{
    r->reason = SGF_BY_POINTS;
    r->margin = m;
    r->has_margin = 1;
}

/* FF[4]: "0", "Draw", "Void", "?", or B+ / W+ followed by nothing, a
 * score, R, Resign, T, Time, F or Forfeit. */
static bool result_strict(const char *s, sgf_result *r)
{
    if (!strcmp(s, "0") || !strcmp(s, "Draw")) {
        result_set(r, SGF_WIN_DRAW, SGF_BY_NONE);
        return true;
    }
    if (!strcmp(s, "Void")) {
        result_set(r, SGF_WIN_VOID, SGF_BY_NONE);
        return true;
    }
    if (!strcmp(s, "?")) {
        result_set(r, SGF_WIN_UNKNOWN, SGF_BY_NONE);
        return true;
    }
    if ((s[0] != 'B' && s[0] != 'W') || s[1] != '+')
        return false;
    sgf_winner w = s[0] == 'B' ? SGF_WIN_BLACK : SGF_WIN_WHITE;
    const char *t = s + 2;
    static const struct { const char *s; sgf_win_reason why; } reasons[] = {
        { "", SGF_BY_NONE }, { "R", SGF_BY_RESIGN },
        { "Resign", SGF_BY_RESIGN }, { "T", SGF_BY_TIME },
        { "Time", SGF_BY_TIME }, { "F", SGF_BY_FORFEIT },
        { "Forfeit", SGF_BY_FORFEIT },
    };
    for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
        if (!strcmp(t, reasons[i].s)) {
            result_set(r, w, reasons[i].why);
            return true;
        }
    double m;
    bool strict;
    const char *e = scan_decimal(t, SCAN_LOOSE, &m, &strict);
    if (!e || *e || !strict)
        return false;
    result_set(r, w, SGF_BY_NONE);
    result_margin(r, m);
    return true;
}

/* Reason written after "B+": "R", "Resign.", "Time Over", "J" (referee's
 * judgment, UEC Cup), "AW" (the programs agreed on the winner), "Illegal"
 * (CGOS), a score with junk after it, or any other text. */
/* A margin as scan_amount read it.  Counts come in half points (quarter
 * stones: 3/4子 = 1.5).  A finer margin in stones ("3/24子" = 0.25 points)
 * is no count, and as a margin it would read back as stones (see quarter):
 * the winner is all it says. */
static void amount_margin(sgf_result *r, const amount *a, unsigned *notes)
{
    double m = amount_points(a);
    if (a->unit == UNIT_STONES && is_odd_quarter(m))
        return;
    result_margin(r, m);
    if (a->unit != UNIT_NONE)
        *notes |= RESULT_UNIT;
}

/* After "B+": a margin ("3.5", "3½", "3 1/2", "3.5 points", "2子"), else a
 * reason word. */
static void result_after_plus(const char *p, const char *e, sgf_result *r,
                              unsigned *notes)
{
    p = skip_space(p);
    if (p >= e)
        return;
    amount a;
    const char *q = scan_amount(p, &a);
    if (q && q <= e) {
        amount_margin(r, &a, notes);
        return;
    }
    if (any_word_at(p, w_resign))
        r->reason = SGF_BY_RESIGN;
    else if (any_word_at(p, w_time))
        r->reason = SGF_BY_TIME;
    else if (any_word_at(p, w_forfeit))
        r->reason = SGF_BY_FORFEIT;
    else
        r->reason = SGF_BY_OTHER;
}

/* Whether one of words ends right before s, blanks and colons between
 * them ("komi: 6.5"), and after start. */
static bool follows_word(const char *start, const char *s,
                         const char *const *words)
{
    while (s > start && (s[-1] == ' ' || s[-1] == ':'))
        s--;
    for (const char *const *w = words; *w; w++)
        if (ends_with_ci(start, (size_t)(s - start), *w))
            return true;
    return false;
}

/* The reason in an English or CJK sentence: keywords first, then the first
 * margin after the colour word. */
static void result_reason(const char *p, const char *e, sgf_result *r,
                          bool cjk, unsigned *notes)
{
    if (cjk ? any_in(p, e, c_resign) : find_word(p, e, w_resign) != NULL) {
        r->reason = SGF_BY_RESIGN;
        return;
    }
    if (cjk ? any_in(p, e, c_time) : find_word(p, e, w_time) != NULL) {
        r->reason = SGF_BY_TIME;
        return;
    }
    if (cjk ? any_in(p, e, c_forfeit) : find_word(p, e, w_forfeit) != NULL) {
        r->reason = SGF_BY_FORFEIT;
        return;
    }
    for (const char *s = p; s < e; s += u8len(s)) {
        amount a;
        const char *q = scan_amount(s, &a);
        /* CJK margins need their unit: a bare number there is a move
         * count or a date, not a margin.  The komi is none either. */
        if (q && q <= e && (!cjk || a.unit != UNIT_NONE) &&
            !follows_word(p, s, komi_words)) {
            amount_margin(r, &a, notes);
            return;
        }
        if (q)
            s = q - 1;      /* past the whole number */
    }
}

static sgf_winner other(sgf_winner w)
{
    return w == SGF_WIN_BLACK ? SGF_WIN_WHITE : SGF_WIN_BLACK;
}

/* English sentences: "Black wins by 3.5", "White resigns.", "Black
 * resigns. W 25.5 B 17.0", "White won on time". */
static bool result_english(const char *s, const char *e, sgf_result *r,
                           unsigned *notes)
{
    const char *b = find_word(s, e, (const char *const[]){ "black", NULL });
    const char *w = find_word(s, e, (const char *const[]){ "white", NULL });
    const char *c, *after;
    sgf_winner col;
    if (b || w) {
        c = !w || (b && b < w) ? b : w;
        col = c == b ? SGF_WIN_BLACK : SGF_WIN_WHITE;
        after = c + 5;
    } else if (word_at(s, "b") || word_at(s, "w")) {
        /* "B wins", "W wins by 2.5" */
        col = lower(*s) == 'b' ? SGF_WIN_BLACK : SGF_WIN_WHITE;
        after = s + 1;
    } else {
        return false;
    }
    /* "Black+Resign", "White + 2.5": the FF[4] form with the word */
    if (*skip_space(after) == '+') {
        result_set(r, col, SGF_BY_NONE);
        result_after_plus(skip_space(after) + 1, e, r, notes);
        return true;
    }
    const char *lose = find_word(after, e, w_lose);
    const char *win = find_word(after, e, w_win);
    /* "W by 2.5", "Black by resignation": the verb left out */
    if (!win && !lose && word_at(skip_space(after), "by"))
        win = skip_space(after);
    if (lose && (!win || lose < win)) {
        result_set(r, other(col), SGF_BY_NONE);
        /* the loser's score follows ("W 25.5 B 17.0"): no margin there */
        if (find_word(lose, e, w_resign))
            r->reason = SGF_BY_RESIGN;
        else if (find_word(lose, e, w_forfeit))
            r->reason = SGF_BY_FORFEIT;
        else if (find_word(lose, e, w_time))
            r->reason = SGF_BY_TIME;
        return true;
    }
    if (!win)
        return false;
    result_set(r, col, SGF_BY_NONE);
    result_reason(win, e, r, false, notes);
    return true;
}

/* Chinese, Japanese and Korean free text. */
static int result_cjk(const char *s, const char *e, sgf_result *r,
                      unsigned *notes)
{
    if (any_in(s, e, c_draw)) {
        result_set(r, SGF_WIN_DRAW, SGF_BY_NONE);
        return 0;
    }
    if (any_in(s, e, c_void)) {
        result_set(r, SGF_WIN_VOID, SGF_BY_NONE);
        return 0;
    }
    /* "和" (draw) alone or after a move count: "共266手 和" */
    if (e - s >= 3 && lit_at(e - 3, "和")) {
        result_set(r, SGF_WIN_DRAW, SGF_BY_NONE);
        return 0;
    }
    for (const char *p = s; p < e; p += u8len(p)) {
        size_t k = any_at(p, c_black);
        sgf_winner col = SGF_WIN_BLACK;
        if (!k) {
            k = any_at(p, c_white);
            col = SGF_WIN_WHITE;
        }
        if (!k)
            continue;
        const char *after = p + k;
        if (any_at(after, c_first)) {
            *notes |= RESULT_PROBLEM;
            result_set(r, SGF_WIN_UNKNOWN, SGF_BY_OTHER);
            return 0;
        }
        bool lose = false, win = false;
        for (const char *q = after; q < e; q += u8len(q)) {
            if (any_at(q, c_lose)) {
                lose = true;
                break;
            }
            if (any_at(q, c_win)) {
                win = true;
                break;
            }
        }
        result_set(r, lose ? other(col) : col, SGF_BY_NONE);
        result_reason(after, e, r, true, notes);
        if (!win && !lose && r->reason == SGF_BY_NONE)
            return -1;
        return 0;
    }
    return -1;
}

static int result_loose(const char *s, const char *e, sgf_result *r,
                        unsigned *notes)
{
    char c0 = (char)(s[0] & ~0x20);
    /* "B+...", "W+...", "B", "W", "b+r", "W +R" */
    const char *plus = skip_space(s + 1);
    size_t k = *plus == '+' ? 1 : lit_at(plus, "\xEF\xBC\x8B");
    if ((c0 == 'B' || c0 == 'W') && (s + 1 == e || k)) {
        result_set(r, c0 == 'B' ? SGF_WIN_BLACK : SGF_WIN_WHITE,
                   SGF_BY_NONE);
        if (s + 1 < e)
            result_after_plus(plus + k, e, r, notes);
        return 0;
    }
    /* "D+J": draw by the referee's judgment (UEC Cup) */
    if (c0 == 'D' && s[1] == '+') {
        result_set(r, SGF_WIN_DRAW, SGF_BY_NONE);
        return 0;
    }
    if ((s[0] == '0' && s + 1 == e) || any_word_at(s, w_draw)) {
        result_set(r, SGF_WIN_DRAW, SGF_BY_NONE);
        return 0;
    }
    if (any_word_at(s, w_void) || word_at(s, "no result") ||
        (word_at(s, "no") && word_at(skip_space(s + 2), "result"))) {
        result_set(r, SGF_WIN_VOID, SGF_BY_NONE);
        return 0;
    }
    if (s[0] == '?' || word_at(s, "unknown") ||
        find_word(s, e, w_adjourned) || any_in(s, e, c_adjourned)) {
        result_set(r, SGF_WIN_UNKNOWN, SGF_BY_NONE);
        return 0;
    }
    if (result_english(s, e, r, notes))
        return 0;
    return result_cjk(s, e, r, notes);
}

/* A margin in quarters (W+0.25, B+2.25, B+5.75) can only be in stones.  Fox
 * writes its Chinese-rules margins so (RE[B+2.25] with RU[Chinese]), as do
 * records of old Chinese games (KM[2.75] RE[W+0.25]: 1990 Chinese
 * Individual). */
int result_read(const char *text, sgf_result *r, unsigned *notes)
{
    int rc;
    *notes = 0;
    result_set(r, SGF_WIN_UNKNOWN, SGF_BY_NONE);
    if (!text)
        return -1;
    if (result_strict(text, r)) {
        rc = 1;
    } else {
        const char *e, *s = trim_space(text, &e);
        rc = s == e ? -1 : result_loose(s, e, r, notes);
        if (rc < 0) {
            result_set(r, SGF_WIN_UNKNOWN, SGF_BY_NONE);
            return -1;
        }
    }
    if (r->has_margin && !(*notes & RESULT_UNIT) && is_odd_quarter(r->margin)) {
        r->margin *= 2;
        *notes |= RESULT_STONES;
        rc = 0;
    }
    return rc;
}

int sgf_parse_result(const char *text, sgf_result *out)
{
    unsigned notes;
    return result_read(text, out, &notes);
}

void sgf_format_result(const sgf_result *r, char *buf, size_t n)
{
    char num[48];
    const char *tail = "";
    if (!n)
        return;
    switch (r->winner) {
    case SGF_WIN_NONE:
        buf[0] = '\0';
        return;
    case SGF_WIN_UNKNOWN:
        snprintf(buf, n, "?");
        return;
    case SGF_WIN_DRAW:
        snprintf(buf, n, "0");
        return;
    case SGF_WIN_VOID:
        snprintf(buf, n, "Void");
        return;
    case SGF_WIN_BLACK:
    case SGF_WIN_WHITE:
        break;
    }
    switch (r->reason) {
    case SGF_BY_POINTS:
        tail = r->has_margin ? format_number(num, sizeof num, r->margin) : "";
        break;
    case SGF_BY_RESIGN: tail = "R"; break;
    case SGF_BY_TIME: tail = "T"; break;
    case SGF_BY_FORFEIT: tail = "F"; break;
    case SGF_BY_NONE:
    case SGF_BY_OTHER:
        break;
    }
    snprintf(buf, n, "%c+%s", r->winner == SGF_WIN_BLACK ? 'B' : 'W', tail);
}
