/*
 * gameinfo.c - typed game information: the RE, KM, DT grammars (strict
 * FF[4] and the free-text forms real records carry), and gameinfo_read(),
 * which fills g->info from the main line's game-info node and reports what
 * it had to repair.
 *
 * Every accepted form comes from a record in the wild or from the FF[4]
 * text; doc/gameinfo.md lists them with their sources.  The numbers and
 * amounts in them are read by textscan.c, which RU[]'s komi text shares.
 * Numbers are written by hand, never with printf("%g"), because a tool may
 * call setlocale() and the library must not start writing "6,5" in one
 * locale and "6.5" in another.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/dialect.h"
#include "sgf/eras.h"
#include "sgf/gameinfo.h"
#include "sgf/text.h"
#include "common/textscan.h"

/* ------------------------------------------------------------------ */
/* Text                                                                */

/* Whether any of lits occurs in [s, e). */
static bool any_in(const char *s, const char *e, const char *const *lits)
{
    for (; s < e; s++)
        if (any_at(s, lits))
            return true;
    return false;
}

/* [start, *end) without surrounding white space. */
static const char *trim(const char *s, const char **end)
{
    s = skip_space(s);
    const char *e = s + strlen(s), *last = s;
    for (const char *p = s; p < e; ) {
        size_t k = space_at(p);
        if (k) {
            p += k;
        } else {
            p += u8len(p);
            last = p;
        }
    }
    *end = last;
    return s;
}

/* First position in [s, e) where one of words starts a word, or NULL. */
static const char *find_word(const char *s, const char *e,
                             const char *const *words)
{
    for (const char *p = s; p < e; p++)
        if ((p == s || !is_alpha(p[-1])) && any_word_at(p, words))
            return p;
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */

const char *gameinfo_format_number(char *buf, size_t n, double v)
{
    bool neg = v < 0;
    if (neg)
        v = -v;
    /* v * 10000 must fit the integer below: textscan reads numbers up to
     * 10^16 and sgf_format_result takes any margin.  Past 10^14 a double
     * has no decimals left to show, and "%.0f" writes no decimal point. */
    if (!(v < 1e14)) {
        snprintf(buf, n, "%s%.0f", neg ? "-" : "", v == v ? v : 0.0);
        return buf;
    }
    unsigned long long t = (unsigned long long)(v * 10000 + 0.5);
    unsigned long long ip = t / 10000, fp = t % 10000;
    int len = snprintf(buf, n, "%s%llu", neg && t ? "-" : "", ip);
    if (fp && len > 0 && (size_t)len + 6 <= n) {
        char digits[5];
        int nd = 4;
        for (int i = 3; i >= 0; i--, fp /= 10)
            digits[i] = (char)('0' + fp % 10);
        while (nd > 0 && digits[nd - 1] == '0')
            nd--;
        buf[len++] = '.';
        memcpy(buf + len, digits, (size_t)nd);
        buf[len + nd] = '\0';
    }
    return buf;
}

/* ------------------------------------------------------------------ */
/* RE                                                                  */

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
static const char *const c_draw[] = {
    "和棋", "和局", "平局", "持碁", "무승부", "ジゴ", NULL
};
static const char *const c_void[] = {
    "无胜负", "無勝負", "무효", "無効", NULL
};
/* The komi, which a result may state before the margin: "黑贴3又3/4子胜1/4子"
 * (Black gives 3¾ stones, wins by ¼), "コミ6目半", "덤 6집반", "komi 6.5". */
static const char *const komi_words[] = {
    "贴", "貼", "コミ", "덤", "komi", NULL
};
/* What result_parse() noticed besides the result. */
enum {
    RN_PROBLEM = 1u << 0,   /* a problem's answer, not a game's result */
    RN_STONES = 1u << 1,    /* the margin was in stones (x2) */
    RN_UNIT = 1u << 2       /* its unit was written: "5 3/4 points" */
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

static bool quarter(double v);

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
    if (a->unit == UNIT_STONES && quarter(m))
        return;
    result_margin(r, m);
    if (a->unit != UNIT_NONE)
        *notes |= RN_UNIT;
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

/* Whether one of words, and maybe blanks, ends right before s (not before
 * start). */
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
            *notes |= RN_PROBLEM;
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

/* A margin in quarters (W+0.25, B+2.25, B+5.75) can only be in stones: a
 * count in points ends in .0 or .5.  Fox writes its Chinese-rules margins
 * so (RE[B+2.25] with RU[Chinese]), as do records of old Chinese games
 * (KM[2.75] RE[W+0.25]: 1990 Chinese Individual). */
static bool quarter(double v)
{
    double q = v * 4;
    long n = (long)(q + (q < 0 ? -0.5 : 0.5));
    return q - (double)n < 1e-9 && (double)n - q < 1e-9 && n % 2 != 0;
}

static int result_parse(const char *text, sgf_result *r, unsigned *notes)
{
    int rc;
    *notes = 0;
    result_set(r, SGF_WIN_UNKNOWN, SGF_BY_NONE);
    if (!text)
        return -1;
    if (result_strict(text, r)) {
        rc = 1;
    } else {
        const char *e, *s = trim(text, &e);
        rc = s == e ? -1 : result_loose(s, e, r, notes);
        if (rc < 0) {
            result_set(r, SGF_WIN_UNKNOWN, SGF_BY_NONE);
            return -1;
        }
    }
    if (r->has_margin && !(*notes & RN_UNIT) && quarter(r->margin)) {
        r->margin *= 2;
        *notes |= RN_STONES;
        rc = 0;
    }
    return rc;
}

int sgf_parse_result(const char *text, sgf_result *out)
{
    unsigned notes;
    return result_parse(text, out, &notes);
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
        tail = r->has_margin ? gameinfo_format_number(num, sizeof num, r->margin) : "";
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

/* ------------------------------------------------------------------ */
/* KM                                                                  */

typedef struct komi_read {
    double komi;        /* points */
    double written;     /* the number as written */
    int scale;          /* 0, or 100: the text was komi x100 */
    bool stones;        /* written in stones (x2 for points) */
    bool guessed;       /* scaled without an AP[] that asks for it */
    bool quarter;       /* a Real in quarters: stones (KM[2.75]) */
} komi_read;

/* Applications whose files write komi x100.  foxwq: the Fox (野狐) client
 * (AP[GNU Go:3.8]...AP[foxwq]).  YuanYu: the AP of the Fox exports in
 * yenw/computer-go-dataset (KM[375], KM[650], KM[750]); the same AP is on
 * files it copied from other servers with KM[6.5], which the integer test
 * below leaves alone. */
static bool app_scales_komi(const char *app)
{
    static const char *const names[] = { "foxwq", "yuanyu", NULL };
    if (!app)
        return false;
    for (const char *p = app; *p; p++)
        for (const char *const *n = names; *n; n++) {
            size_t i = 0;
            while ((*n)[i] && lower(p[i]) == (*n)[i])
                i++;
            if (!(*n)[i])
                return true;
        }
    return false;
}

/* Fox writes komi x100: KM[650] = 6.5, KM[750] = 7.5, KM[50] = 0.5 (its
 * handicap games); under Chinese rules it writes the komi in stones x100:
 * KM[375] = 3¾ 子 = 7.5 points, KM[325] = 6.5 points.  A scaled value
 * between 2.5 and 4 can only be stones: no rule set gives a komi of 3 or 3.75
 * points, and these are exactly the stone komis 2¾, 3¼, 3½, 3¾ (KataGo's
 * table for foxwq: 275/550 -> 5.5, 325/650 -> 6.5, 350/700 -> 7,
 * 375/750 -> 7.5). */
static void komi_unscale(komi_read *k, double v)
{
    double x = v / 100, ax = x < 0 ? -x : x;
    k->scale = 100;
    k->stones = ax > 2.5 && ax <= 4;
    k->komi = k->stones ? 2 * x : x;
}

static int komi_parse(const char *text, const char *app, komi_read *k)
{
    memset(k, 0, sizeof *k);
    if (!text)
        return -1;
    const char *p = text;
    bool neg = false, strict;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    double v;
    const char *e = scan_decimal(p, SCAN_LOOSE, &v, &strict);
    if (e && !*e && strict) {
        v = neg ? -v : v;
        k->written = k->komi = v;
        bool integer = !strchr(p, '.');
        double av = v < 0 ? -v : v;
        if (integer && av >= 50 && app_scales_komi(app)) {
            komi_unscale(k, v);
            return 0;
        }
        /* Without such an AP[]: an integer of 200 or more in steps of 25
         * is no komi anyone plays (more than half a 19x19 board) but is
         * exactly what Fox writes; files re-saved by other editors
         * (gokifu's AP[SGFC:2.0], KataGo PR #1118) keep these values. */
        if (integer && av >= 200 && av <= 2000 && (long)av % 25 == 0) {
            komi_unscale(k, v);
            k->guessed = true;
            return 0;
        }
        if (quarter(v)) {
            k->stones = k->quarter = true;
            k->komi = 2 * v;
            return 0;
        }
        return 1;
    }
    /* Free text: "5 1/2", "6,5", "6.5目", "7目半", "3又3/4子", "komi 6.5". */
    const char *s = skip_space(text);
    for (; *s; s += u8len(s)) {
        amount a;
        if (*s == '-' || *s == '+') {
            neg = *s == '-';
            if (scan_amount(s + 1, &a))
                s++;
        }
        if (scan_amount(s, &a)) {
            k->written = neg ? -a.v : a.v;
            k->stones = a.unit == UNIT_STONES;
            k->komi = neg ? -amount_points(&a) : amount_points(&a);
            /* no unit and quarters ("3¾", "7 3/4"): stones, as KM[3.75] */
            if (a.unit == UNIT_NONE && quarter(k->komi)) {
                k->stones = true;
                k->komi *= 2;
            }
            return 0;
        }
        neg = false;
    }
    return -1;
}

int sgf_parse_komi(const char *text, const char *application, double *komi,
                   int *scaled)
{
    komi_read k;
    int rc = komi_parse(text, application, &k);
    if (komi)
        *komi = k.komi;
    if (scaled)
        *scaled = k.scale != 0 || k.quarter;
    return rc;
}

/* ------------------------------------------------------------------ */
/* DT                                                                  */

static int days_in_month(int y, int m)
{
    static const unsigned char days[12] = {
        31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
    };
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return days[m - 1];
}

static bool date_ok(int y, int m, int d)
{
    if (y < 1 || y > 9999 || m < 0 || m > 12 || d < 0)
        return false;
    if (m == 0)
        return d == 0;
    return d <= days_in_month(y, m);
}

/* Exactly n ASCII digits at p, not followed by another digit. */
static bool digits_n(const char *p, int n, int *v)
{
    int x = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(p[i]))
            return false;
        x = x * 10 + (p[i] - '0');
    }
    if (is_digit(p[n]))
        return false;
    *v = x;
    return true;
}

/* FF[4]: a comma list of YYYY, YYYY-MM, YYYY-MM-DD, and the shortcuts
 * "MM-DD" (after a date with a month), "MM" (after YYYY-MM or MM), "DD"
 * (after a date with a day).  Every element must be a real date. */
static bool date_strict(const char *s, sgf_date *first)
{
    enum { NONE, YEAR, MONTH, DAY } prec = NONE;
    int y = 0, m = 0, d = 0, a, b;
    bool have_first = false;
    for (;;) {
        if (digits_n(s, 4, &a)) {
            y = a;
            m = d = 0;
            prec = YEAR;
            s += 4;
            if (*s == '-' && digits_n(s + 1, 2, &m)) {
                prec = MONTH;
                s += 3;
                if (*s == '-' && digits_n(s + 1, 2, &d)) {
                    prec = DAY;
                    s += 3;
                }
            }
        } else if (digits_n(s, 2, &a)) {
            if (s[2] == '-' && digits_n(s + 3, 2, &b)) {
                if (prec < MONTH)
                    return false;
                m = a;
                d = b;
                prec = DAY;
                s += 5;
            } else if (prec == MONTH) {
                m = a;
                s += 2;
            } else if (prec == DAY) {
                d = a;
                s += 2;
            } else {
                return false;
            }
        } else {
            return false;
        }
        if (!date_ok(y, m, d) || (prec >= MONTH && m == 0) ||
            (prec == DAY && d == 0))
            return false;
        if (!have_first) {
            first->year = y;
            first->month = m;
            first->day = d;
            have_first = true;
        }
        if (*s == '\0')
            return true;
        if (*s != ',')
            return false;
        s++;
    }
}

/* Keep the parts of (y, m, d) that make a date: a month 0 or 13 drops the
 * month and day ("1978.0.09" -> 1978), a day past the month's end drops the
 * day. */
static bool date_store(sgf_date *out, int y, int m, int d)
{
    if (y < 1 || y > 9999)
        return false;
    if (m < 1 || m > 12)
        m = d = 0;
    else if (d < 1 || d > days_in_month(y, m))
        d = 0;
    out->year = y;
    out->month = m;
    out->day = d;
    return true;
}

static const char *const c_year[] = { "年", "년", NULL };
static const char *const c_month[] = { "月", "월", NULL };
static const char *const c_day[] = { "日", "일", NULL };
static const char *const c_day_list[] = {
    "、", ",", "，", "-", "~", "～", "至", NULL
};

/* After a year: "M月D日" / "M월 D일". */
static void cjk_month_day(const char *p, int *m, int *d)
{
    long v;
    int n;
    size_t k;
    *m = *d = 0;
    p = skip_space(p);
    const char *q = scan_digits(p, &v, &n);
    if (!n || !(k = any_at(q, c_month)))
        return;
    *m = (int)v;
    q = skip_space(q + k);
    const char *r = scan_digits(q, &v, &n);
    /* "7日", or the first of several days: "3月7、8日", "7至8日" */
    if (n && (any_at(r, c_day) || any_at(r, c_day_list)))
        *d = (int)v;
}

/* A year given by a reign or an era (eras.c): 乾隆五年, 宝暦四年, 昭和45年
 * 3月2日.  Before the western calendar the month and day are lunar, and
 * only the year is kept. */
static bool date_era(const char *s, sgf_date *out)
{
    int year, m = 0, d = 0;
    const char *after;
    bool lunar;
    if (!era_year(s, &year, &after, &lunar))
        return false;
    if (!lunar)
        cjk_month_day(after, &m, &d);
    return date_store(out, year, m, d);
}

static int month_name_at(const char *p)
{
    static const char *const names[12] = {
        "jan", "feb", "mar", "apr", "may", "jun",
        "jul", "aug", "sep", "oct", "nov", "dec"
    };
    static const char *const full[12] = {
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december"
    };
    for (int i = 0; i < 12; i++)
        if (word_at(p, names[i]) || word_at(p, full[i]) ||
            (i == 8 && word_at(p, "sept")))
            return i + 1;
    return 0;
}

/* A 1-2 digit number that is not part of a clock time. */
static bool day_number(const char *p, const char *start, long *v)
{
    int n;
    const char *r = scan_digits(p, v, &n);
    return (n == 1 || n == 2) && *r != ':' &&
           (p == start || (!is_digit(p[-1]) && p[-1] != ':'));
}

/* "August 1, 2001", "1 August 2001", "Sun Mar 16 16:12:48 GMT+09:00 2014",
 * "12th and 13th march 94".  The day is the number right after the month
 * name, else the first one before it; the year is a four-digit number, or
 * failing that two digits after the month when a day came before it
 * (94 -> 1994, 05 -> 2005). */
static bool date_english(const char *s, sgf_date *out)
{
    const char *mp = NULL;
    int m = 0;
    for (const char *p = s; *p && !m; p++)
        if ((p == s || !is_alpha(p[-1])) && (m = month_name_at(p)) != 0)
            mp = p;
    if (!m)
        return false;
    const char *after = mp;
    while (is_alpha(*after))
        after++;
    after = skip_space(*after == '.' ? after + 1 : after);
    long v, d_after = 0, d_before = 0, y = 0;
    int n;
    if (day_number(after, s, &v))
        d_after = v;
    for (const char *p = s; p < mp && !d_before; p++)
        if (day_number(p, s, &v))
            d_before = v;
    for (const char *p = s; *p && !y; ) {
        const char *r = scan_digits(p, &v, &n);
        if (n == 4)
            y = v;
        p = n ? r : p + 1;
    }
    long d = d_after ? d_after : d_before;
    if (!y && d_after && d_before) {
        y = d_after < 50 ? 2000 + d_after : 1900 + d_after;
        d = d_before;
    }
    return y && date_store(out, (int)y, m, (int)d);
}

static bool is_date_sep(char c)
{
    return c == '-' || c == '.' || c == '/';
}

/* Free-text dates: a reign or an era (乾隆五年, 宝暦四年, 昭和45年: eras.c);
 * else the first digit run that starts one of
 * Y-M-D (any of - . / and one or two digits: "2000-9-4", "2017/03/30",
 * "2018.04.27 10:00", "1984-09-12~13"),
 * D.M.Y ("30.03.2017", "9-09-2000"; M/D/Y with '/' unless the first
 * number cannot be a month),
 * YYYYMMDD (a valid month and day),
 * Y年M月D日 ("1981年7月23日", "1929年(...)", Korean 년월일);
 * then English month names, a lone four-digit year. */
static bool date_loose(const char *s, sgf_date *out)
{
    if (date_era(s, out))
        return true;
    for (const char *p = s; *p; ) {
        long a, b, c;
        int na, nb, nc;
        const char *q = scan_digits(p, &a, &na);
        if (!na) {
            p += u8len(p);
            continue;
        }
        if (na == 4 && is_date_sep(*q)) {
            const char *r = scan_digits(q + 1, &b, &nb);
            if (nb == 1 || nb == 2) {
                c = 0;
                nc = 0;
                if (*r == *q)
                    scan_digits(r + 1, &c, &nc);
                if (nc != 1 && nc != 2)
                    c = 0;
                return date_store(out, (int)a, (int)b, (int)c);
            }
        }
        if ((na == 1 || na == 2) && is_date_sep(*q)) {
            const char *r = scan_digits(q + 1, &b, &nb);
            if ((nb == 1 || nb == 2) && *r == *q) {
                scan_digits(r + 1, &c, &nc);
                if (nc == 4) {
                    bool mdy = (*q == '/' && a <= 12) || b > 12;
                    return mdy ? date_store(out, (int)c, (int)a, (int)b)
                               : date_store(out, (int)c, (int)b, (int)a);
                }
            }
        }
        /* ISO 8601's basic form: "20190811" */
        if (na == 8 && a / 100 % 100 >= 1 && a / 100 % 100 <= 12 &&
            a % 100 >= 1 && a % 100 <= days_in_month((int)(a / 10000),
                                                     (int)(a / 100 % 100)))
            return date_store(out, (int)(a / 10000), (int)(a / 100 % 100),
                              (int)(a % 100));
        size_t k;
        if ((na == 4 || na == 3) && (k = any_at(skip_space(q), c_year))) {
            int m, d;
            cjk_month_day(skip_space(q) + k, &m, &d);
            return date_store(out, (int)a, m, d);
        }
        p = q;
    }
    if (date_english(s, out))
        return true;
    for (const char *p = s; *p; ) {
        long a;
        int na;
        const char *q = scan_digits(p, &a, &na);
        if (na == 4)
            return date_store(out, (int)a, 0, 0);
        p = na ? q : p + u8len(p);
    }
    return false;
}

int sgf_parse_date(const char *text, sgf_date *out)
{
    sgf_date d = { 0, 0, 0 };
    int rc = -1;
    if (text) {
        if (date_strict(text, &d))
            rc = 1;
        else if (date_loose(text, &d))
            rc = 0;
        else
            d.year = d.month = d.day = 0;
    }
    if (out)
        *out = d;
    return rc;
}

static const char *fmt_date(char *buf, size_t n, const sgf_date *d)
{
    if (d->day)
        snprintf(buf, n, "%04d-%02d-%02d", d->year, d->month, d->day);
    else if (d->month)
        snprintf(buf, n, "%04d-%02d", d->year, d->month);
    else
        snprintf(buf, n, "%04d", d->year);
    return buf;
}

/* ------------------------------------------------------------------ */
/* Reading the tree                                                    */

/* A whole number, white space around it allowed (validate.c reports the
 * value type). */
static bool int_value(const char *s, long *v)
{
    const char *e;
    s = trim(s, &e);
    bool neg = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    int n;
    const char *q = scan_digits(s, v, &n);
    if (!n || q != e || n > 8)
        return false;
    if (neg)
        *v = -*v;
    return true;
}

static const char *prop_text(sgf_game *g, const sgf_prop *p)
{
    return p && p->nvalues ? sgf_value_text(g, p, 0, NULL) : NULL;
}

bool gameinfo_in_node(const sgf_node *n)
{
    for (const sgf_prop *p = n->props; p; p = p->next) {
        const sgf_prop_info *pi = sgf_prop_info_get(dialect_kind(n, p));
        if (pi && pi->cls == SGF_CL_GAMEINFO)
            return true;
    }
    return false;
}

/* SZ: "n" or "cols:rows", 1 to 52; anything else keeps 19x19 (validate.c
 * reports it). */
bool gameinfo_parse_size(const char *t, int *w, int *h, bool *ff4)
{
    static const char *const times[] = { ":", "x", "X", "*", "\xC3\x97",
                                         NULL };      /* × */
    long a, b;
    int na, nb;
    const char *e, *s = trim(t, &e);
    const char *q = scan_digits(s, &a, &na);
    if (!na || na > 8)
        return false;
    b = a;
    *ff4 = q == e;
    if (q != e) {
        const char *sep = skip_space(q);
        size_t k = any_at(sep, times);
        if (!k)
            return false;
        const char *r = skip_space(sep + k);
        const char *z = scan_digits(r, &b, &nb);
        if (!nb || nb > 8 || z != e)
            return false;
        *ff4 = *sep == ':' && sep == q && r == sep + 1 && a != b;
    }
    if (a < 1 || a > 52 || b < 1 || b > 52)
        return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

static void read_size(sgf_game *g, const sgf_prop *p)
{
    const char *t = prop_text(g, p);
    int w, h;
    bool ff4;
    if (t && gameinfo_parse_size(t, &w, &h, &ff4)) {
        g->info.width = w;
        g->info.height = h;
    }
}

/* Black stones an AB property places: single points and ul:lr
 * rectangles. */
static long count_stones(const sgf_game *g, const sgf_prop *ab)
{
    long n = 0;
    int w = g->info.width, h = g->info.height;
    for (uint32_t i = 0; ab && i < ab->nvalues; i++) {
        const sgf_value *v = &ab->values[i];
        const char *colon = memchr(v->raw, ':', v->len);
        int x1, y1, x2, y2;
        if (!colon) {
            n += sgf_point_decode(v->raw, v->len, w, h, &x1, &y1) == 1;
            continue;
        }
        size_t left = (size_t)(colon - v->raw);
        if (sgf_point_decode(v->raw, left, w, h, &x1, &y1) == 1 &&
            sgf_point_decode(colon + 1, v->len - left - 1, w, h, &x2,
                             &y2) == 1 && x2 >= x1 && y2 >= y1)
            n += (long)(x2 - x1 + 1) * (y2 - y1 + 1);
    }
    return n;
}

typedef struct info_ctx {
    sgf_game *g;
    bool check;             /* report (not SGF_READ_SYNTAX_ONLY) */
    const char *app;        /* AP text to decide komi scaling */
    bool fox;
    const sgf_node *node;   /* the game-info node */
} info_ctx;

static void read_komi(info_ctx *c, const sgf_prop *p)
{
    char q[80], a[48], b[48];
    const char *t = prop_text(c->g, p);
    if (!t || !*t)
        return;     /* KM[]: validate.c's empty-value; komi unknown */
    komi_read k;
    int rc = komi_parse(t, c->app, &k);
    sgf_info *in = &c->g->info;
    if (rc < 0) {
        if (c->check)
            game_report(c->g, SGF_C_BAD_KOMI, p->pos, 0,
                        "%s[%s] is not a number; komi unknown",
                        p->id, text_quote(q, sizeof q, t));
        return;
    }
    in->komi = k.komi;
    in->has_komi = 1;
    in->komi_scaled = k.scale != 0 || k.quarter;
    if (!c->check || rc == 1)
        return;
    const char *why = k.guessed ? "Fox convention, guessed from the value"
                                : "Fox convention";
    if (k.scale && k.stones)
        game_report(c->g, SGF_C_KOMI_SCALED, p->pos, 0,
                    "%s[%s] read as komi %s stones = %s points (%s)",
                    p->id, text_quote(q, sizeof q, t),
                    gameinfo_format_number(a, sizeof a, k.komi / 2),
                    gameinfo_format_number(b, sizeof b, k.komi), why);
    else if (k.scale)
        game_report(c->g, SGF_C_KOMI_SCALED, p->pos, 0,
                    "%s[%s] read as komi %s points (%s: komi x100)",
                    p->id, text_quote(q, sizeof q, t),
                    gameinfo_format_number(a, sizeof a, k.komi), why);
    else if (k.quarter)
        game_report(c->g, SGF_C_KOMI_SCALED, p->pos, 0,
                    "%s[%s] read as komi %s stones = %s points (a komi in "
                    "quarters is in stones: 1 stone = 2 points)",
                    p->id, text_quote(q, sizeof q, t),
                    gameinfo_format_number(a, sizeof a, k.komi / 2),
                    gameinfo_format_number(b, sizeof b, k.komi));
    else if (k.stones)
        game_report(c->g, SGF_C_KOMI_FORMAT, p->pos, 0,
                    "%s[%s] is not a number; read as komi %s stones = %s "
                    "points", p->id, text_quote(q, sizeof q, t),
                    gameinfo_format_number(a, sizeof a, k.komi / 2),
                    gameinfo_format_number(b, sizeof b, k.komi));
    else
        game_report(c->g, SGF_C_KOMI_FORMAT, p->pos, 0,
                    "%s[%s] is not a number; read as komi %s",
                    p->id, text_quote(q, sizeof q, t),
                    gameinfo_format_number(a, sizeof a, k.komi));
}

/* AB in a node after the game-info node but before the first move: the
 * handicap is set up, only in the wrong place. */
static bool ab_later(const sgf_node *n)
{
    for (n = n->child; n; n = n->child) {
        if (sgf_node_find(n, SGF_P_B) || sgf_node_find(n, SGF_P_W))
            return false;
        if (sgf_node_find(n, SGF_P_AB))
            return true;
    }
    return false;
}

/* The CJK numerals of a handicap of two to nine stones, in UTF-8. */
static bool stone_numeral(const char *s)
{
    static const char *const numerals[] = {
        "二", "三", "四", "五", "六", "七", "八", "九", NULL
    };
    for (int i = 0; numerals[i]; i++)
        if (!strncmp(s, numerals[i], strlen(numerals[i])))
            return true;
    return false;
}

/* Chinese collections of old Japanese games write the players' grade in
 * HA, often after a name and before this game's own terms: 先 (Black) in
 * 先相先, 定先, 受先, 让先, 先二先, and stones in 二子 or 二三二.三; 互先 is
 * the even grade, no handicap at all.  UTF-8 is self-synchronising, so a
 * byte-wise scan finds only whole characters. */
static bool handicap_grade(const char *t)
{
    static const char sen[] = "先", even[] = "互", stones[] = "子";
    const size_t n = sizeof sen - 1;
    if (!t)
        return false;
    for (const char *s = t; *s; s++) {
        if (!strncmp(s, sen, n) &&
            (s - t < (ptrdiff_t)n || strncmp(s - n, even, n)))
            return true;
        if (stone_numeral(s) &&
            (stone_numeral(s + n) || !strncmp(s + n, stones, n)))
            return true;
    }
    return false;
}

/* A number of stones with its unit or a zero fraction: "2子", "3 stones",
 * "2.0".  The number in *ha, or false. */
static bool handicap_with_unit(const char *t, long *ha)
{
    static const char *const units[] = { "子", "石", "点", "점", NULL };
    static const char *const words[] = { "stones", "stone", NULL };
    const char *e, *s = trim(t, &e);
    int n;
    const char *q = scan_digits(s, ha, &n);
    if (!n || n > 3)
        return false;
    if (*q == '.') {
        while (*++q == '0')
            ;
        return q == e;
    }
    q = skip_space(q);
    size_t k = any_at(q, units);
    if (!k)
        k = any_word_at(q, words);
    return k && q + k == e;
}

static void read_handicap(info_ctx *c, const sgf_prop *p)
{
    char q[80];
    const char *t = prop_text(c->g, p);
    long ha;
    if (!t || !*t)
        return;     /* HA[]: validate.c's empty-value */
    if (handicap_with_unit(t, &ha)) {
        if (c->check)
            game_report(c->g, SGF_C_BAD_HANDICAP, p->pos, 0,
                        "HA[%s] is not a number; read as %ld stone%s",
                        text_quote(q, sizeof q, t), ha, ha == 1 ? "" : "s");
    } else if (!int_value(t, &ha) || ha < 0) {
        if (c->check && handicap_grade(t))
            game_report(c->g, SGF_C_HANDICAP_GRADE, p->pos, 0,
                        "HA[%s] names a handicap grade, not a number of "
                        "stones: the stones, if any, are those AB sets up",
                        text_quote(q, sizeof q, t));
        else if (c->check)
            game_report(c->g, SGF_C_BAD_HANDICAP, p->pos, 0,
                        "HA[%s] is not a number of stones; read as no "
                        "handicap", text_quote(q, sizeof q, t));
        return;
    }
    c->g->info.handicap = (int)ha;
    if (!c->check)
        return;
    /* HA[0] and HA[1] break FF[4]'s "HA >= 2" but are what servers write
     * for even games (Fox's HA[1]: no komi); too common to be a warning. */
    if (ha == 0) {
        game_report(c->g, SGF_C_HANDICAP_NONE, p->pos, 0,
                    "HA[0]: no handicap stones (FF[4] wants HA only for 2 "
                    "stones or more)");
        return;
    }
    if (ha == 1) {
        game_report(c->g, SGF_C_HANDICAP_NONE, p->pos, 0,
                    c->fox ? "HA[1]: an even game without komi (Fox "
                             "convention)"
                           : "HA[1]: no handicap stones; usually an even "
                             "game without komi");
        return;
    }
    const sgf_node *root = c->g->root;
    long n = count_stones(c->g, sgf_node_find(c->node, SGF_P_AB));
    if (c->node != root)
        n += count_stones(c->g, sgf_node_find(root, SGF_P_AB));
    bool later = n == 0 && ab_later(c->node);
    /* no AB before the first move on the main line: assume_handicap.c
     * places the stones on the fixed points or says why it cannot */
    if (n == 0 && !later && c->node == c->g->gameinfo_node)
        return;
    if (n == 0)
        game_report(c->g, SGF_C_BAD_HANDICAP, p->pos, 0,
                    later ? "HA[%ld] but the handicap stones (AB) are in a "
                            "later node, not with HA"
                          : "HA[%ld] but no handicap stones (AB) are set up",
                    ha);
    else if (n != ha)
        game_report(c->g, SGF_C_BAD_HANDICAP, p->pos, 0,
                    "HA[%ld] but AB sets up %ld black stone%s", ha, n,
                    n == 1 ? "" : "s");
}

static void read_result(info_ctx *c, const sgf_prop *p)
{
    char q[80], f[48];
    const char *t = prop_text(c->g, p);
    const char *e, *s = t ? trim(t, &e) : NULL;
    sgf_info *in = &c->g->info;
    if (!t)
        return;
    in->result_text = t;
    if (s == e)
        return;     /* RE[]: validate.c's empty-value */
    unsigned notes;
    int rc = result_parse(t, &in->result, &notes);
    if (!c->check || rc == 1)
        return;
    const sgf_prop *named = rc < 0 ? dialect_result_player(c->node, t) : NULL;
    if (named) {
        char who[80];
        const char *name = prop_text(c->g, named);
        game_report(c->g, SGF_C_RESULT_FORMAT, p->pos, 0,
                    "RE[%s] says %s[%s] won, but PX and PY name the players "
                    "without their colours: winner's colour unknown",
                    text_quote(q, sizeof q, t), named->id,
                    text_quote(who, sizeof who, name ? name : ""));
    } else if (rc < 0)
        game_report(c->g, SGF_C_BAD_RESULT, p->pos, 0,
                    "RE[%s] cannot be read as a result",
                    text_quote(q, sizeof q, t));
    else if (notes & RN_PROBLEM)
        game_report(c->g, SGF_C_RESULT_FORMAT, p->pos, 0,
                    "RE[%s] is the answer to a problem (who plays first and "
                    "what happens), not a game result; result unknown",
                    text_quote(q, sizeof q, t));
    else {
        sgf_format_result(&in->result, f, sizeof f);
        game_report(c->g, SGF_C_RESULT_FORMAT, p->pos, 0,
                    "RE[%s] read as %s (%s)%s",
                    text_quote(q, sizeof q, t), f,
                    notes & RN_STONES
                        ? "a margin in quarters is in stones: 1 stone = "
                          "2 points"
                        : "free text",
                    in->result.reason == SGF_BY_OTHER
                        ? "; the reason is not one FF[4] names" : "");
    }
}

static void read_date(info_ctx *c, const sgf_prop *p)
{
    char q[80], f[32];
    const char *t = prop_text(c->g, p);
    const char *e, *s = t ? trim(t, &e) : NULL;
    sgf_info *in = &c->g->info;
    if (!t)
        return;
    in->date_text = t;
    if (s == e)
        return;
    int rc = sgf_parse_date(t, &in->date);
    if (!c->check || rc == 1)
        return;
    if (rc < 0)
        game_report(c->g, SGF_C_BAD_DATE, p->pos, 0,
                    "DT[%s] cannot be read as a date", text_quote(q, sizeof q, t));
    else
        game_report(c->g, SGF_C_DATE_FORMAT, p->pos, 0,
                    "DT[%s] read as %s (FF[4] wants YYYY-MM-DD)",
                    text_quote(q, sizeof q, t), fmt_date(f, sizeof f, &in->date));
}

/* A main time written with units, [s, e): "3h", "1.5h", "2h30m", "90 min",
 * "3 hours", "5時間", "限用时间各3小时" (each player 3 hours).  The seconds,
 * or -1 when the text is anything else (a byo-yomi, "1:00", "-"). */
static double time_with_units(const char *s, const char *e)
{
    static const char *const each[] = { "限用时间各", "限用時間各", "时限各",
                                        "時限各", "各", NULL };
    static const char *const hours[] = { "hours", "hour", "hrs", "hr", "h",
                                         NULL };
    static const char *const minutes[] = { "minutes", "minute", "mins", "min",
                                           "m", NULL };
    static const char *const seconds[] = { "seconds", "second", "secs", "sec",
                                           "s", NULL };
    static const struct { const char *const *words; double seconds; } unit[] = {
        { hours, 3600 }, { minutes, 60 }, { seconds, 1 },
    };
    static const struct { const char *lit; double seconds; } cjk[] = {
        { "小时", 3600 }, { "小時", 3600 }, { "時間", 3600 }, { "分钟", 60 },
        { "分鐘", 60 }, { "分", 60 }, { "秒", 1 },
    };
    double total = 0;
    int parts = 0;
    s += any_at(s, each);
    while (s < e) {
        double v;
        const char *r = scan_decimal(s, SCAN_ASCII, &v, NULL);
        if (!r)
            return -1;
        r = skip_space(r);
        size_t n = 0;
        double per = 0;
        for (size_t i = 0; !n && i < sizeof unit / sizeof unit[0]; i++)
            if ((n = any_word_at(r, unit[i].words)))
                per = unit[i].seconds;
        for (size_t i = 0; !n && i < sizeof cjk / sizeof cjk[0]; i++)
            if ((n = lit_at(r, cjk[i].lit)))
                per = cjk[i].seconds;
        if (!n || r + n > e)
            return -1;
        total += v * per;
        parts++;
        s = skip_space(r + n);
    }
    return parts ? total : -1;
}

static void read_time(info_ctx *c, const sgf_prop *p)
{
    char q[80], f[48];
    const char *t = prop_text(c->g, p);
    if (!t || !*t || !c->check)
        return;     /* TM[]: validate.c's empty-value */
    const char *e, *s = trim(t, &e);
    double v;
    bool strict;
    const char *r = scan_decimal(s + (*s == '+' || *s == '-'), SCAN_LOOSE,
                                 &v, &strict);
    if (r && r == e && strict && *s != '-')
        return;
    double seconds = time_with_units(s, e);
    if (seconds >= 0) {
        gameinfo_format_number(f, sizeof f, seconds);
        game_report(c->g, SGF_C_BAD_TIME, p->pos, 0,
                    "TM[%s] is not a number of seconds; read as %s seconds",
                    text_quote(q, sizeof q, t), f);
    } else {
        game_report(c->g, SGF_C_BAD_TIME, p->pos, 0,
                    "TM[%s] is not a number of seconds",
                    text_quote(q, sizeof q, t));
    }
}

/* The root's FF, GM, SZ and AP. */
static void read_root(info_ctx *c)
{
    sgf_game *g = c->g;
    const sgf_node *root = g->root;
    long v;
    const char *t;
    if ((t = prop_text(g, sgf_node_find(root, SGF_P_FF))) && int_value(t, &v)
        && v > 0)
        g->info.ff = (int)v;
    if ((t = prop_text(g, sgf_node_find(root, SGF_P_GM))) && int_value(t, &v)
        && v > 0)
        g->info.gm = (int)v;
    read_size(g, sgf_node_find(root, SGF_P_SZ));
    /* Fox writes AP twice (AP[GNU Go:3.8]...AP[foxwq]); the parser joins
     * the values, so every value is looked at. */
    const sgf_prop *ap = sgf_node_find(root, SGF_P_AP);
    for (uint32_t i = 0; ap && i < ap->nvalues; i++) {
        t = sgf_value_text(g, ap, i, NULL);
        if (i == 0)
            g->info.application = c->app = t;
        if (t && app_scales_komi(t)) {
            c->app = t;
            c->fox = true;
        }
    }
}

static void read_gameinfo_node(info_ctx *c, const sgf_node *n);

void gameinfo_read(sgf_game *g)
{
    sgf_info *in = &g->info;
    const char *charset = in->charset;
    int detected = in->charset_detected;
    memset(in, 0, sizeof *in);
    in->charset = charset;              /* charset.c's, kept */
    in->charset_detected = detected;
    in->ff = in->gm = 1;
    in->width = in->height = 19;
    /* until assume.c knows better */
    in->rules_source = in->komi_source = SGF_SOURCE_DEFAULT;
    in->rules_assumed = "chinese";
    if (!g->root)
        return;
    info_ctx c = { g, !(g->opt.flags & SGF_READ_SYNTAX_ONLY), NULL, false,
                   NULL };
    read_root(&c);
    const sgf_node *n = g->root;
    while (n && !gameinfo_in_node(n))
        n = n->child;
    g->gameinfo_node = n;
    if (n)
        read_gameinfo_node(&c, n);
}

/* Game-info nodes off the main line (FF[4] allows one per path) are checked
 * with the same grammars when validate.c's walk meets them; the typed info
 * stays the main line's. */
void gameinfo_check_node(sgf_game *g, const sgf_node *n)
{
    if (n == g->gameinfo_node)
        return;
    sgf_info saved = g->info;
    info_ctx c = { g, true, NULL, false, NULL };
    read_root(&c);
    read_gameinfo_node(&c, n);
    g->info = saved;
}

static void read_gameinfo_node(info_ctx *c, const sgf_node *n)
{
    sgf_game *g = c->g;
    sgf_info *in = &g->info;
    c->node = n;
    for (const sgf_prop *p = n->props; p; p = p->next) {
        switch (dialect_kind(n, p)) {
        case SGF_P_KM: read_komi(c, p); break;
        case SGF_P_HA: read_handicap(c, p); break;
        case SGF_P_RE: read_result(c, p); break;
        case SGF_P_DT: read_date(c, p); break;
        case SGF_P_TM: read_time(c, p); break;
        case SGF_P_RU: in->rules = prop_text(g, p); break;
        case SGF_P_PB: in->black = prop_text(g, p); break;
        case SGF_P_PW: in->white = prop_text(g, p); break;
        case SGF_P_BR: in->black_rank = prop_text(g, p); break;
        case SGF_P_WR: in->white_rank = prop_text(g, p); break;
        case SGF_P_EV: in->event = prop_text(g, p); break;
        case SGF_P_RO: in->round = prop_text(g, p); break;
        case SGF_P_PC: in->place = prop_text(g, p); break;
        default: break;
        }
    }
}
