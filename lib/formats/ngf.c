/*
 * ngf.c - WBaduk's (formerly CyberOro's) NGF records as SGF
 * (doc/foreign.md, "NGF").  Twelve lines of header (title, board size,
 * White "name rank", Black, site, handicap, an unknown number, komi as a
 * whole number, date, time in minutes, result, number of moves), then one
 * "PMnnCxyyx" line per move: nn the move number in letters, C the colour,
 * x and y letters with 'B' for 0 (the point is written twice, the second
 * time reversed), "AAAA" a pass.  An older form puts "GI" before each
 * header line, in another order, and comments as "IDB[n] text[EndTxt]"
 * after the moves.  No specification exists; this follows Sensei's
 * Library, sgfutils' ngf2sgf, Sabaki and KaTrain, and the real files.
 */
#include <string.h>
#include "formats/convert.h"
#include "formats/ngf.h"

enum { HEADER_LINES = 12, GI_LINES = 11, MAX_COMMENTS = 64 };

/* The header fields, by meaning: where each is in the two forms. */
enum ngf_field { F_TITLE, F_SIZE, F_WHITE, F_BLACK, F_SITE, F_HANDICAP,
                 F_UNKNOWN, F_KOMI, F_DATE, F_MINUTES, F_RESULT, F_MOVES,
                 F_COUNT };
/* line (0-based) of each field; -1: the form has none */
static const int plain_line[F_COUNT] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                         11 };
static const int gi_line[F_COUNT] = { 0, 6, 1, 2, 3, 7, 8, 9, 5, -1, -1, 10 };

struct ngf {
    conv *c;
    bool gi;                    /* the older "GI" form */
    conv_span f[F_COUNT];       /* trimmed, without "GI" */
    bool has[F_COUNT];
    const char *header_end;     /* where the moves may begin */
    size_t moves_from;
    int size;
    long handicap;
    conv_third third;           /* where a third handicap stone is */
    long pm_lines;
    conv_comment comments[MAX_COMMENTS];    /* at: the move, 0 the game */
    int ncomments;
    const char *comments_dropped;
};

/* A move line PMnnCxyyx: 1 move, 0 pass, -1 not one (*why says). */
static int read_move(conv_span t, int size, long *num, char *color, int *x,
                     int *y, const char **why)
{
    const char *s = t.s;
    if (t.n != 9) {
        *why = "a move line is PM, two letters of number, B or W, four of "
               "point";
        return -1;
    }
    for (int i = 2; i < 9; i++)
        if (s[i] < 'A' || s[i] > 'Z') {
            *why = "a move line is made of capital letters";
            return -1;
        }
    if (s[4] != 'B' && s[4] != 'W') {
        *why = "the colour of a move is B or W";
        return -1;
    }
    if (s[5] != s[8] || s[6] != s[7]) {
        *why = "the point of a move is written twice, the second time "
               "reversed, and the two differ";
        return -1;
    }
    *num = (s[2] - 'A') * 26L + (s[3] - 'A');
    *color = s[4];
    *x = s[5] - 'B';
    *y = s[6] - 'B';
    if (*x == -1 && *y == -1)
        return 0;
    if (*x < 0 || *y < 0 || *x >= size || *y >= size) {
        *why = "the point is not on the board";
        return -1;
    }
    return 1;
}

bool ngf_sniff(const char *head, size_t n)
{
    conv c = { .src = head, .srclen = n };
    conv_span l[HEADER_LINES + 1];
    size_t pos = conv_bom(&c);
    int k = 0;
    bool pm = false;
    conv_span line;
    while (conv_next_line(&c, &pos, &line)) {
        conv_span t = conv_trim(line);
        if (k <= HEADER_LINES)
            l[k++] = t;
        if (conv_starts(t, "PM") && t.n == 9)
            pm = true;
        if (pm && k > HEADER_LINES)
            break;
    }
    if (k >= 1 && conv_starts(l[0], "GI"))
        return pm;
    long v;
    if (k < HEADER_LINES)
        return false;
    return conv_int(l[1], &v) && v >= 2 && v <= 52 && conv_int(l[5], &v) &&
           conv_int(l[11], &v) && (pm || k == HEADER_LINES);
}

/* "LQC         9DP", "アギラール  7段*": the name, then the rank after the
 * last run of spaces (none when the line has one word). */
static void split_player(conv_span s, conv_span *name, conv_span *rank)
{
    *name = s;
    rank->s = NULL;
    rank->n = 0;
    for (size_t i = s.n; i-- > 0;) {
        if (s.s[i] == ' ' || s.s[i] == '\t') {
            *rank = conv_from(s, i + 1);
            *name = conv_trim((conv_span){ s.s, i });
            return;
        }
    }
}

static bool contains_ci(conv_span s, const char *word, size_t *at)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= s.n; i++) {
        size_t k = 0;
        while (k < n) {
            char ch = s.s[i + k];
            if (ch >= 'A' && ch <= 'Z')
                ch = (char)(ch - 'A' + 'a');
            if (ch != word[k])
                break;
            k++;
        }
        if (k == n) {
            if (at)
                *at = i;
            return true;
        }
    }
    return false;
}

/* "Black wins by 0.5!", "White wins by  resign!", "White loses on time",
 * "Black wins by 16.5 points! >> White(66):Black(89)", "Progressing!";
 * other texts (Korean, Japanese, Chinese) go to RE as written. */
static void result(struct ngf *g)
{
    conv *c = g->c;
    conv_span r = g->f[F_RESULT];
    if (!g->has[F_RESULT] || r.n == 0)
        return;
    if (contains_ci(r, "progressing", NULL)) {
        conv_note(c, CONV_ASSUMED, r.s,
                  "the result says the game was in progress: no RE");
        return;
    }
    size_t b = 0, w = 0;   /* 0: GCC -O3 cannot tell that has_w guards w */
    bool has_b = contains_ci(r, "black", &b), has_w = contains_ci(r, "white", &w);
    if (!has_b && !has_w) {
        conv_prop(c, "RE", r.s, r.n);
        return;
    }
    char subject = has_b && (!has_w || b < w) ? 'B' : 'W';
    char other = subject == 'B' ? 'W' : 'B';
    char winner;
    if (contains_ci(r, "win", NULL))
        winner = subject;
    else if (contains_ci(r, "los", NULL))
        winner = other;
    else {
        conv_prop(c, "RE", r.s, r.n);
        return;
    }
    /* the score after ">>" is the count, not the margin */
    conv_span head = r;
    size_t gt;
    if (contains_ci(r, ">>", &gt))
        head.n = gt;
    if (contains_ci(head, "resi", NULL)) {
        conv_propf(c, "RE", r.s, "%c+R", winner);
        return;
    }
    if (contains_ci(head, "time", NULL)) {
        conv_propf(c, "RE", r.s, "%c+T", winner);
        return;
    }
    for (size_t i = 0; i < head.n; i++) {
        if (head.s[i] < '0' || head.s[i] > '9')
            continue;
        size_t j = i;
        while (j < head.n && ((head.s[j] >= '0' && head.s[j] <= '9') ||
                              head.s[j] == '.'))
            j++;
        long h;
        if (conv_hundredths((conv_span){ head.s + i, j - i }, &h) && h > 0) {
            char buf[32];
            conv_decimal(h, buf, sizeof buf);
            conv_propf(c, "RE", r.s, "%c+%s", winner, buf);
            return;
        }
        break;
    }
    conv_propf(c, "RE", r.s, "%c+", winner);
}


static void root(struct ngf *g)
{
    conv *c = g->c;
    conv_span *f = g->f;
    conv_span name, rank;
    long v;
    conv_text(c, "(;", c->src + conv_bom(c));
    conv_text(c, "GM[1]FF[4]", c->src + conv_bom(c));
    conv_propf(c, "SZ", g->has[F_SIZE] ? f[F_SIZE].s : c->src, "%d", g->size);
    if (g->has[F_TITLE] && f[F_TITLE].n)
        conv_prop(c, "GN", f[F_TITLE].s, f[F_TITLE].n);
    if (g->has[F_BLACK] && f[F_BLACK].n) {
        split_player(f[F_BLACK], &name, &rank);
        conv_prop(c, "PB", name.s, name.n);
        if (rank.n)
            conv_prop(c, "BR", rank.s, rank.n);
    }
    if (g->has[F_WHITE] && f[F_WHITE].n) {
        split_player(f[F_WHITE], &name, &rank);
        conv_prop(c, "PW", name.s, name.n);
        if (rank.n)
            conv_prop(c, "WR", rank.s, rank.n);
    }
    if (g->has[F_SITE] && f[F_SITE].n)
        conv_prop(c, "PC", f[F_SITE].s, f[F_SITE].n);
    int y, m, d;
    if (g->has[F_DATE] && conv_date(f[F_DATE], &y, &m, &d))
        conv_propf(c, "DT", f[F_DATE].s, "%04d-%02d-%02d", y, m, d);
    else if (g->has[F_DATE] && f[F_DATE].n)
        conv_prop(c, "DT", f[F_DATE].s, f[F_DATE].n);
    if (g->has[F_MINUTES] && conv_int(f[F_MINUTES], &v) && v > 0 &&
        v < 100000)
        conv_propf(c, "TM", f[F_MINUTES].s, "%ld", v * 60);
    if (g->handicap >= 2 && g->handicap <= 9) {
        conv_propf(c, "HA", f[F_HANDICAP].s, "%ld", g->handicap);
        bool top_left = conv_third_top_left(&g->third, g->handicap, true);
        if (conv_handicap(c, (int)g->handicap, g->size, top_left,
                          f[F_HANDICAP].s))
            conv_note(c, CONV_ASSUMED, f[F_HANDICAP].s,
                      "the handicap stones are not listed: placed where "
                      "the Korean servers put them%s",
                      g->handicap != 3 ? ""
                      : top_left ? ", the third at the top left"
                                 : ", the third at the bottom right (a "
                                   "move is played at the top left)");
        else
            conv_note(c, CONV_BAD_VALUE, f[F_HANDICAP].s,
                      "%ld handicap stones have no standard places on a "
                      "%dx%d board; none placed", g->handicap, g->size,
                      g->size);
    } else if (g->has[F_HANDICAP] &&
               (g->handicap < 0 || g->handicap > 9)) {
        conv_note(c, CONV_BAD_VALUE, f[F_HANDICAP].s,
                  "the handicap is not a number from 0 to 9; none placed");
    }
    long komi;
    if (g->has[F_KOMI] && conv_hundredths(f[F_KOMI], &komi) &&
        komi > -100000 && komi < 100000) {
        char buf[32];
        if (g->handicap < 2 && komi % 100 == 0) {
            /* NGF writes 6 for 6.5: the half point of even games is
             * understood */
            komi += komi < 0 ? -50 : 50;
            conv_decimal(komi, buf, sizeof buf);
            conv_note(c, CONV_ASSUMED, f[F_KOMI].s,
                      "NGF writes the komi of an even game without its half "
                      "point: read as %s", buf);
        }
        conv_decimal(komi, buf, sizeof buf);
        conv_propf(c, "KM", f[F_KOMI].s, "%s", buf);
    } else if (g->has[F_KOMI]) {
        conv_note(c, CONV_BAD_VALUE, f[F_KOMI].s, "the komi is not a number");
    }
    result(g);
    if (g->has[F_UNKNOWN] && conv_int(f[F_UNKNOWN], &v) && v != 0)
        conv_note(c, CONV_LEFT_OUT, f[F_UNKNOWN].s,
                  "header line %d (%ld) has no known meaning; left out",
                  (g->gi ? gi_line : plain_line)[F_UNKNOWN] + 1, v);
    conv_comments(c, g->comments, (size_t)g->ncomments, 0);
}

/* "IDB[n] text[EndTxt]": a comment on move n. */
static bool read_comment(struct ngf *g, conv_span t)
{
    if (!conv_starts(t, "IDB["))
        return false;
    conv_span rest;
    conv_span num = conv_field(conv_from(t, 4), ']', &rest);
    long n;
    if (!rest.s || !conv_int(num, &n) || n < 0)
        return false;
    conv_span text = conv_trim(rest);
    if (text.n >= 8 && memcmp(text.s + text.n - 8, "[EndTxt]", 8) == 0)
        text.n -= 8;
    text = conv_trim(text);
    if (g->ncomments == MAX_COMMENTS) {
        if (!g->comments_dropped)
            g->comments_dropped = t.s;
        return true;
    }
    g->comments[g->ncomments++] = (conv_comment){ n, text };
    return true;
}

/* The header, and what the moves say of the handicap stones. */
static bool scan(struct ngf *g)
{
    conv *c = g->c;
    size_t pos = conv_bom(c);
    conv_span line, lines[HEADER_LINES];
    int k = 0;
    size_t after = pos;
    while (k < HEADER_LINES && conv_next_line(c, &pos, &line)) {
        lines[k++] = conv_trim(line);
        after = pos;
        if (k == 1 && conv_starts(lines[0], "GI"))
            g->gi = true;
        if (g->gi && k == GI_LINES)
            break;
    }
    int want = g->gi ? GI_LINES : HEADER_LINES;
    const int *where = g->gi ? gi_line : plain_line;
    for (int f = 0; f < F_COUNT; f++) {
        if (where[f] < 0 || where[f] >= k)
            continue;
        conv_span s = lines[where[f]];
        if (g->gi && conv_starts(s, "GI"))
            s = conv_trim(conv_from(s, 2));
        g->f[f] = s;
        g->has[f] = true;
    }
    if (k < want) {
        if (k < 2)
            return false;
        conv_note(c, CONV_TRUNCATED, c->src + c->srclen,
                  "the file ends inside NGF's header (%d of its %d lines)",
                  k, want);
    }
    g->moves_from = after;
    long v;
    g->size = 19;
    if (g->has[F_SIZE]) {
        if (conv_int(g->f[F_SIZE], &v) && v >= 2 && v <= 52)
            g->size = (int)v;
        else
            conv_note(c, CONV_BAD_VALUE, g->f[F_SIZE].s,
                      "the board size is not a number from 2 to 52; 19 "
                      "assumed");
    } else {
        return false;
    }
    g->handicap = 0;
    if (g->has[F_HANDICAP] && !conv_int(g->f[F_HANDICAP], &g->handicap))
        g->handicap = -1;
    conv_third_start(&g->third, g->size);
    while (conv_next_line(c, &pos, &line)) {
        conv_span t = conv_trim(line);
        long num;
        char color;
        int x, y;
        const char *why;
        if (conv_starts(t, "PM")) {
            g->pm_lines++;
            if (read_move(t, g->size, &num, &color, &x, &y, &why) == 1)
                conv_third_stone(&g->third, x, y);
        } else {
            read_comment(g, t);
        }
    }
    return true;
}

static void moves(struct ngf *g)
{
    conv *c = g->c;
    size_t pos = g->moves_from;
    conv_span line;
    conv_moves mv = { .expect = 1 };
    long bad = 0;
    while (conv_next_line(c, &pos, &line)) {
        conv_span t = conv_trim(line);
        long num;
        char color;
        int x, y;
        const char *why = NULL;
        if (t.n == 0 || (g->gi && conv_starts(t, "GI")))
            continue;
        if (!conv_starts(t, "PM")) {
            if (!conv_starts(t, "IDB["))
                conv_note(c, CONV_BAD_LINE, t.s,
                          "not an NGF move line (PM...); skipped");
            else if (t.s == g->comments_dropped)
                conv_note(c, CONV_LEFT_OUT, t.s,
                          "more than %d comments: this one and those after "
                          "it are left out", MAX_COMMENTS);
            continue;
        }
        int kind = read_move(t, g->size, &num, &color, &x, &y, &why);
        if (kind < 0) {
            /* still a move of the file's count and numbering */
            conv_note(c, CONV_BAD_LINE, t.s, "%s; skipped", why);
            bad++;
            mv.expect++;
            continue;
        }
        conv_move(c, &mv, t.s, num, color, kind ? x : -1, kind ? y : -1,
                  t.s + 5);
        conv_comments(c, g->comments, (size_t)g->ncomments, mv.count);
    }
    long said;
    if (g->has[F_MOVES] && conv_int(g->f[F_MOVES], &said) &&
        said > mv.count + bad)
        conv_note(c, CONV_TRUNCATED, g->f[F_MOVES].s,
                  "the header says %ld moves; the file has %ld", said,
                  mv.count);
    for (int i = 0; i < g->ncomments; i++)
        if (g->comments[i].at > mv.count)
            conv_note(c, CONV_BAD_VALUE, g->comments[i].text.s,
                      "a comment on move %ld, which the file does not have; "
                      "left out", g->comments[i].at);
}

bool ngf_convert(conv *c)
{
    struct ngf g;
    memset(&g, 0, sizeof g);
    g.c = c;
    if (!scan(&g)) {
        conv_note(c, CONV_UNREADABLE, c->src,
                  "not a WBaduk NGF record: its header has no board size");
        return !c->nomem;
    }
    if (g.gi)
        conv_note(c, CONV_ASSUMED, c->src,
                  "the older NGF form (GI lines): its header read as title, "
                  "White, Black, -, -, date, size, handicap, -, komi, moves");
    root(&g);
    moves(&g);
    conv_text(c, ")\n", c->src + c->srclen);
    return !c->nomem;
}
