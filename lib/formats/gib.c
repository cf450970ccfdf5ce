/*
 * gib.c - Tygem's GIB records as SGF (doc/foreign.md, "GIB").  A GIB file
 * is a header of \[KEY=VALUE\] lines between \HS and \HE, then the game
 * between \GS and \GE: two lines of counts, "INI 0 1 H &4" (H handicap
 * stones, which are not listed), and one "STO 0 N C X Y" line per stone
 * (C 1 Black, 2 White; X, Y from 0 at the top left) or "SKI 0 N" per pass.
 * There is no specification; the mapping follows what Tygem writes, as
 * Sabaki, KaTrain and sgfutils' gib2sgf read it, and the real files say.
 *
 * Two passes over the lines: the first reads the header and what the game
 * part says of the whole (handicap, counts, the end), the second writes
 * the moves.  Every line that is not read is reported where it is.
 */
#include <stdio.h>
#include <string.h>
#include "formats/convert.h"
#include "formats/gib.h"

enum { BOARD = 19, MAX_CONTINUATION = 8 };

/* The header fields Tygem writes.  lost: nothing in SGF holds it (listed
 * in one note); the others are read below. */
#define GIB_KEYS(X) \
    X(GIBOKIND, 1) X(TYPE, 1) X(SZAUDIO, 1) X(GAMECONDITION, 1) \
    X(GAMETIME, 1) X(GAMERESULT, 0) X(GAMEZIPSU, 0) X(GAMEDUM, 0) \
    X(GAMEGONGJE, 0) X(GAMETOTALNUM, 1) X(GAMENAME, 0) X(GAMEDATE, 0) \
    X(GAMEPLACE, 0) X(GAMELECNAME, 0) X(GAMEWHITENAME, 0) \
    X(GAMEWHITELEVEL, 1) X(GAMEWHITENICK, 0) X(GAMEWHITECOUNTRY, 1) \
    X(GAMEWAVATA, 1) X(GAMEWIMAGE, 1) X(GAMEBLACKNAME, 0) \
    X(GAMEBLACKLEVEL, 1) X(GAMEBLACKNICK, 0) X(GAMEBLACKCOUNTRY, 1) \
    X(GAMEBAVATA, 1) X(GAMEBIMAGE, 1) X(GAMECOMMENT, 0) X(GAMEINFOMAIN, 0) \
    X(GAMEINFOSUB, 0) X(WUSERINFO, 1) X(BUSERINFO, 1) X(GAMETAG, 0)
enum gib_key { GIB_KEYS(CONV_KEY_ENUM) K_COUNT };
static const char *const key_names[K_COUNT] = { GIB_KEYS(CONV_KEY_NAME) };
static const unsigned char key_lost[K_COUNT] = { GIB_KEYS(CONV_KEY_LOST) };

/* One line of the game part. */
enum game_line { GL_BLANK, GL_COUNTS, GL_INI, GL_STO, GL_SKI, GL_OTHER_KNOWN,
                 GL_BAD };

struct move {
    long n;                 /* the move number the line gives */
    int color;              /* 1 Black, 2 White */
    int x, y;
    const char *xat;        /* where the coordinates are */
    const char *why;        /* GL_BAD: what is wrong */
    long count;             /* GL_COUNTS: the first number */
    bool has_amp;           /* GL_COUNTS: "N 0 &4", the move count line */
    long handicap;          /* GL_INI */
    conv_span text;         /* GL_INI: what follows "&4" */
};

struct gib {
    conv *c;
    conv_header_field f[K_COUNT];    /* at: the field's line */
    const char *hs, *he, *gs, *ge;   /* the lines of the markers */
    size_t game_from;                /* offset of the line after \GS */
    const char *ini;
    long handicap;
    conv_span ini_text;
    long last_number;                /* the "N 0 &4" line's N */
    const char *count_line;
    conv_third third;                /* where a third handicap stone is */
};

bool gib_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && (unsigned char)head[0] == 0xEF &&
        (unsigned char)head[1] == 0xBB && (unsigned char)head[2] == 0xBF)
        i = 3;
    while (i < n && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' ||
                     head[i] == '\n'))
        i++;
    if (n - i >= 3 && memcmp(head + i, "\\HS", 3) == 0)
        return true;
    return n - i >= 3 && memcmp(head + i, "\\[", 2) == 0 &&
           n - i >= 11 && memcmp(head + i, "\\[GIBOKIND=", 11) == 0;
}

/* "name (rank)" or "name(rank)": the name and the rank; the whole as the
 * name when there is no rank in brackets at the end. */
static void split_player(conv_span s, conv_span *name, conv_span *rank)
{
    s = conv_trim(s);
    *name = s;
    rank->s = NULL;
    rank->n = 0;
    if (s.n < 3 || s.s[s.n - 1] != ')')
        return;
    for (size_t i = s.n - 1; i-- > 0;) {
        if (s.s[i] == '(') {
            conv_span nm = conv_trim((conv_span){ s.s, i });
            if (nm.n == 0)
                return;
            *name = nm;
            *rank = conv_trim((conv_span){ s.s + i + 1, s.n - i - 2 });
            return;
        }
        if (s.s[i] == ')')
            return;
    }
}

/* In "GRLT:7,ZIPSU:0,..." the value of KEY. */
static bool sub_field(conv_span v, const char *key, conv_span *out)
{
    size_t k = strlen(key);
    conv_span rest = v;
    while (rest.s) {
        conv_span item = conv_trim(conv_field(rest, ',', &rest));
        if (item.n > k && memcmp(item.s, key, k) == 0 && item.s[k] == ':') {
            *out = conv_from(item, k + 1);
            return true;
        }
    }
    return false;
}

/* In GAMETAG's "S0,R0,D0,G65,W7,Z0,T30-3-1200,C2015:08:29:22:56,I:x,..."
 * the value after the letter (items whose second byte is a digit). */
static bool tag_field(conv_span v, char letter, conv_span *out)
{
    conv_span rest = v;
    while (rest.s) {
        conv_span item = conv_trim(conv_field(rest, ',', &rest));
        if (item.n >= 2 && item.s[0] == letter && item.s[1] >= '0' &&
            item.s[1] <= '9') {
            *out = conv_from(item, 1);
            return true;
        }
    }
    return false;
}

static enum game_line read_game_line(conv_span line, struct move *m)
{
    conv_span w[8];
    int n = conv_words(line, w, 7);
    memset(m, 0, sizeof *m);
    if (n == 0)
        return GL_BLANK;
    if (conv_equals(w[0], "STO")) {
        long z, num, color, x, y;
        if (n != 6 || !conv_int(w[1], &z) || !conv_int(w[2], &num) ||
            !conv_int(w[3], &color) || !conv_int(w[4], &x) ||
            !conv_int(w[5], &y)) {
            m->why = "a stone line is \"STO 0 N C X Y\"";
            return GL_BAD;
        }
        if (color != 1 && color != 2) {
            m->why = "the player of a stone is 1 (Black) or 2 (White)";
            return GL_BAD;
        }
        if (x < 0 || y < 0 || x >= BOARD || y >= BOARD) {
            m->why = "the point is not on the 19x19 board";
            return GL_BAD;
        }
        m->n = num;
        m->color = (int)color;
        m->x = (int)x;
        m->y = (int)y;
        m->xat = w[4].s;
        return GL_STO;
    }
    if (conv_equals(w[0], "SKI")) {
        long z, num;
        if (n != 3 || !conv_int(w[1], &z) || !conv_int(w[2], &num)) {
            m->why = "a pass line is \"SKI 0 N\"";
            return GL_BAD;
        }
        m->n = num;
        m->xat = w[2].s;
        return GL_SKI;
    }
    if (conv_equals(w[0], "INI")) {
        long a, b, h;
        if (n < 5 || !conv_int(w[1], &a) || !conv_int(w[2], &b) ||
            !conv_int(w[3], &h) || !conv_starts(w[4], "&4")) {
            m->why = "the start line is \"INI 0 1 H &4\"";
            return GL_BAD;
        }
        m->handicap = h;
        m->xat = w[3].s;
        /* what follows "&4" is a message of the server's */
        const char *amp = w[4].s + 2;
        m->text = conv_trim((conv_span){ amp, (size_t)(line.s + line.n - amp) });
        return GL_INI;
    }
    if (conv_equals(w[0], "IDX") || conv_equals(w[0], "REM"))
        return GL_OTHER_KNOWN;
    /* "2 1 0" and "N 0 &4": numbers before the start line */
    bool all = true, amp = false;
    for (int i = 0; i < n && i < 7 && all; i++) {
        long v;
        if (conv_equals(w[i], "&4"))
            amp = true;
        else if (!conv_int(w[i], &v))
            all = false;
    }
    if (all && n <= 7 && conv_int(w[0], &m->count)) {
        m->has_amp = amp;
        return GL_COUNTS;
    }
    m->why = "not a line of a GIB game";
    return GL_BAD;
}

/* A header line \[KEY=VALUE\], which may go on over the next lines;
 * *pos is moved past what it took.  false when the line is no such. */
static bool read_header_line(struct gib *g, conv_span line, size_t *pos)
{
    conv *c = g->c;
    conv_span t = conv_trim(line);
    if (!conv_starts(t, "\\["))
        return false;
    const char *start = t.s + 2;
    const char *end = t.s + t.n;
    size_t p = *pos;
    for (int k = 0; !(end - start >= 2 && end[-2] == '\\' && end[-1] == ']');
         k++) {
        conv_span next;
        size_t q = p;
        if (k == MAX_CONTINUATION || !conv_next_line(c, &q, &next) ||
            conv_starts(conv_trim(next), "\\[") ||
            conv_starts(conv_trim(next), "\\HE"))
            return false;
        p = q;
        next = conv_trim(next);
        end = next.s + next.n;
    }
    *pos = p;
    conv_span body = { start, (size_t)(end - 2 - start) };
    conv_span value;
    conv_span key = conv_field(body, '=', &value);
    if (!value.s) {
        conv_note(c, CONV_BAD_LINE, t.s,
                  "a GIB header line is \\[KEY=VALUE\\]; skipped");
        return true;
    }
    int k = conv_key_index(key, key_names, K_COUNT);
    if (k < 0) {
        conv_note(c, CONV_UNKNOWN_FIELD, t.s,
                  "GIB header field %.*s is not one Tygem is known to write; "
                  "left out", (int)(key.n > 40 ? 40 : key.n), key.s);
        return true;
    }
    if (!g->f[k].set) {
        g->f[k].v = value;
        g->f[k].at = t.s;
        g->f[k].set = true;
    }
    return true;
}

/* The first pass: header fields, the markers, the start line, the counts,
 * and the first moves on the two points where a third handicap stone may
 * stand. */
static void scan(struct gib *g)
{
    conv *c = g->c;
    enum { BEFORE, HEADER, BETWEEN, GAME, AFTER } state = BEFORE;
    size_t pos = conv_bom(c);
    conv_span line;
    bool junk_before = false, junk_between = false;
    conv_third_start(&g->third, BOARD);
    g->handicap = -1;
    while (conv_next_line(c, &pos, &line)) {
        conv_span t = conv_trim(line);
        if (state == BEFORE) {
            if (conv_equals(t, "\\HS")) {
                g->hs = t.s;
                state = HEADER;
            } else if (t.n && !junk_before) {
                junk_before = true;
                conv_note(c, CONV_BAD_LINE, t.s,
                          "text before GIB's \\HS; skipped");
            }
        } else if (state == HEADER) {
            if (conv_equals(t, "\\HE")) {
                g->he = t.s;
                state = BETWEEN;
            } else if (conv_equals(t, "\\GS")) {     /* \HE left out */
                g->gs = t.s;
                g->game_from = pos;
                state = GAME;
            } else if (t.n && !read_header_line(g, line, &pos)) {
                conv_note(c, CONV_BAD_LINE, t.s,
                          "a GIB header line is \\[KEY=VALUE\\]; skipped");
            }
        } else if (state == BETWEEN) {
            if (conv_equals(t, "\\GS")) {
                g->gs = t.s;
                g->game_from = pos;
                state = GAME;
            } else if (t.n && !junk_between) {
                junk_between = true;
                conv_note(c, CONV_BAD_LINE, t.s,
                          "text between GIB's \\HE and \\GS; skipped");
            }
        } else if (state == GAME) {
            struct move m;
            if (conv_equals(t, "\\GE")) {
                g->ge = t.s;
                state = AFTER;
                continue;
            }
            switch (read_game_line(t, &m)) {
            case GL_INI:
                if (!g->ini) {
                    g->ini = m.xat;
                    g->handicap = m.handicap;
                    g->ini_text = m.text;
                }
                break;
            case GL_COUNTS:
                if (m.has_amp && !g->count_line) {
                    g->count_line = t.s;
                    g->last_number = m.count;
                }
                break;
            case GL_STO:
                conv_third_stone(&g->third, m.x, m.y);
                break;
            default:
                break;
            }
        } else if (t.n) {
            conv_note(c, CONV_BAD_LINE, t.s, "text after GIB's \\GE; skipped");
            break;
        }
    }
}

static void player(struct gib *g, int name_key, int nick_key, const char *pid,
                   const char *rid)
{
    conv_header_field *f = &g->f[name_key];
    conv_span name = { NULL, 0 }, rank = { NULL, 0 };
    if (f->set)
        split_player(f->v, &name, &rank);
    if (name.n == 0 && g->f[nick_key].set) {
        name = conv_trim(g->f[nick_key].v);
    }
    if (name.n)
        conv_prop(g->c, pid, name.s, name.n);
    if (rank.n)
        conv_prop(g->c, rid, rank.s, rank.n);
}

static void komi(struct gib *g)
{
    conv *c = g->c;
    conv_span v;
    const char *at = NULL;
    long tenths;
    if (g->f[K_GAMEGONGJE].set) {
        v = g->f[K_GAMEGONGJE].v;
        at = v.s;
    } else if (g->f[K_GAMEINFOMAIN].set &&
               sub_field(g->f[K_GAMEINFOMAIN].v, "GONGJE", &v)) {
        at = v.s;
    } else if (g->f[K_GAMETAG].set && tag_field(g->f[K_GAMETAG].v, 'G', &v)) {
        at = v.s;
    }
    if (at) {
        if (conv_int(v, &tenths) && tenths > -10000 && tenths < 10000) {
            char buf[32];
            conv_decimal(tenths * 10, buf, sizeof buf);
            conv_propf(c, "KM", at, "%s", buf);
        } else {
            conv_note(c, CONV_BAD_VALUE, at,
                      "the komi (GONGJE, in tenths of a point) is not a "
                      "number; no KM");
        }
    }
    long dum;
    conv_span d;
    const char *dat = NULL;
    if (g->f[K_GAMEDUM].set) {
        d = g->f[K_GAMEDUM].v;
        dat = d.s;
    } else if (g->f[K_GAMEINFOMAIN].set &&
               sub_field(g->f[K_GAMEINFOMAIN].v, "DUM", &d)) {
        dat = d.s;
    }
    if (dat && conv_int(d, &dum) && dum != 0)
        conv_note(c, CONV_ASSUMED, dat,
                  "DUM is %ld: what it counts is not known, so it is left "
                  "out; the komi is GONGJE's", dum);
}

static void result(struct gib *g)
{
    conv *c = g->c;
    conv_span code, margin;
    bool have_code = false, have_margin = false;
    const char *at = NULL;
    if (g->f[K_GAMEINFOMAIN].set &&
        sub_field(g->f[K_GAMEINFOMAIN].v, "GRLT", &code)) {
        have_code = true;
        at = g->f[K_GAMEINFOMAIN].at;
        have_margin = sub_field(g->f[K_GAMEINFOMAIN].v, "ZIPSU", &margin);
    } else if (g->f[K_GAMETAG].set && tag_field(g->f[K_GAMETAG].v, 'W', &code)) {
        have_code = true;
        at = g->f[K_GAMETAG].at;
        have_margin = tag_field(g->f[K_GAMETAG].v, 'Z', &margin);
    }
    if (!have_margin && g->f[K_GAMEZIPSU].set) {
        margin = g->f[K_GAMEZIPSU].v;
        have_margin = true;
    }
    conv_span text = conv_trim(g->f[K_GAMERESULT].v);
    long r, m = 0;
    if (have_code && conv_int(code, &r)) {
        static const char *const fixed[9] = {
            [3] = "B+R", [4] = "W+R", [7] = "B+T", [8] = "W+T"
        };
        if (r == 0 || r == 1) {
            const char *who = r == 0 ? "B" : "W";
            if (have_margin && conv_int(margin, &m) && m > 0 && m < 100000) {
                char buf[32];
                conv_decimal(m * 10, buf, sizeof buf);
                conv_propf(c, "RE", at, "%s+%s", who, buf);
            } else {
                conv_propf(c, "RE", at, "%s+", who);
            }
            return;
        }
        if (r >= 0 && r < 9 && fixed[r]) {
            conv_propf(c, "RE", at, "%s", fixed[r]);
            return;
        }
        if (text.n) {
            conv_prop(c, "RE", text.s, text.n);
            conv_note(c, CONV_ASSUMED, at,
                      "result code GRLT %ld is not known; RE is GAMERESULT's "
                      "text", r);
        } else {
            conv_note(c, CONV_ASSUMED, at,
                      "result code GRLT %ld with no result text: no RE (the "
                      "game may not have ended)", r);
        }
        return;
    }
    if (have_code)
        conv_note(c, CONV_BAD_VALUE, at, "the result code GRLT is not a number");
    if (text.n)
        conv_prop(c, "RE", text.s, text.n);
}

static void date(struct gib *g)
{
    int y, m, d;
    conv_span v;
    conv_header_field *f = &g->f[K_GAMEDATE];
    if (f->set && conv_date(f->v, &y, &m, &d)) {
        conv_propf(g->c, "DT", f->v.s, "%04d-%02d-%02d", y, m, d);
        return;
    }
    if (g->f[K_GAMEINFOSUB].set &&
        sub_field(g->f[K_GAMEINFOSUB].v, "GDATE", &v) &&
        conv_date(v, &y, &m, &d)) {
        conv_propf(g->c, "DT", v.s, "%04d-%02d-%02d", y, m, d);
        return;
    }
    if (g->f[K_GAMETAG].set && tag_field(g->f[K_GAMETAG].v, 'C', &v) &&
        conv_date(v, &y, &m, &d)) {
        conv_propf(g->c, "DT", v.s, "%04d-%02d-%02d", y, m, d);
        return;
    }
    v = conv_trim(f->v);
    if (f->set && v.n)     /* as written: the SGF checks say what is wrong */
        conv_prop(g->c, "DT", v.s, v.n);
}

/* GTIME:1200-30-3 is 1200 s of main time and 3 periods of 30 s. */
static void timing(struct gib *g)
{
    conv_span v, rest;
    long main_s, period, count;
    if (!g->f[K_GAMEINFOMAIN].set ||
        !sub_field(g->f[K_GAMEINFOMAIN].v, "GTIME", &v))
        return;
    conv_span a = conv_field(v, '-', &rest);
    conv_span b = conv_field(rest, '-', &rest);
    if (!conv_int(a, &main_s) || !conv_int(b, &period) ||
        !conv_int(rest, &count) || main_s < 0 || period < 0 || count < 0)
        return;
    conv_propf(g->c, "TM", v.s, "%ld", main_s);
    if (period > 0 && count > 0)
        conv_propf(g->c, "OT", v.s, "%ldx%ld byo-yomi", count, period);
}

static void handicap(struct gib *g)
{
    conv *c = g->c;
    if (!g->ini || g->handicap == 0 || g->handicap == 1)
        return;
    if (g->handicap < 0 || g->handicap > 9) {
        conv_note(c, CONV_BAD_VALUE, g->ini,
                  "handicap %ld is not one of 0 to 9; no handicap stones",
                  g->handicap);
        return;
    }
    int h = (int)g->handicap;
    conv_propf(c, "HA", g->ini, "%d", h);
    /* The stones are not listed: Tygem puts a third one at the top left,
     * where Japanese custom puts it at the bottom right; a move played on
     * one of the two points says the stone is on the other. */
    const conv_third *t = &g->third;
    bool top_left = conv_third_top_left(t, h, true);
    if (h == 3 && top_left && t->first_far >= 0) {
        conv_note(c, CONV_ASSUMED, g->ini,
                  "the handicap stones are not listed: placed where Tygem "
                  "puts them, the third at the top left (move %ld is played "
                  "at the bottom right)", t->first_far);
    } else if (h == 3 && !top_left) {
        conv_note(c, CONV_ASSUMED, g->ini,
                  "the handicap stones are not listed: the third placed at "
                  "the bottom right, since move %ld is played at the top "
                  "left", t->first_near);
    } else {
        conv_note(c, CONV_ASSUMED, g->ini,
                  "the handicap stones are not listed: placed where Tygem "
                  "puts them");
    }
    conv_handicap(c, h, BOARD, top_left, g->ini);
}

static void root(struct gib *g)
{
    conv *c = g->c;
    conv_text(c, "(;", g->hs);
    conv_text(c, "GM[1]FF[4]SZ[19]", g->hs);
    player(g, K_GAMEBLACKNAME, K_GAMEBLACKNICK, "PB", "BR");
    player(g, K_GAMEWHITENAME, K_GAMEWHITENICK, "PW", "WR");
    date(g);
    conv_header_prop(c, &g->f[K_GAMENAME], "GN");
    conv_header_prop(c, &g->f[K_GAMEPLACE], "PC");
    conv_header_prop(c, &g->f[K_GAMELECNAME], "AN");
    komi(g);
    handicap(g);
    result(g);
    timing(g);
    conv_header_prop(c, &g->f[K_GAMECOMMENT], "GC");
    if (g->ini_text.n)
        conv_prop(c, "C", g->ini_text.s, g->ini_text.n);
    conv_left_out(c, "GIB", g->f, key_names, key_lost, K_COUNT);
}

/* The second pass: the moves, and every line of the game part that is
 * not read. */
static void moves(struct gib *g)
{
    conv *c = g->c;
    size_t pos = g->game_from;
    conv_span line;
    conv_moves mv = { .expect = 2 };
    int turn = g->handicap >= 2 ? 2 : 1;
    bool passes_noted = false, other_noted = false;
    while (conv_next_line(c, &pos, &line)) {
        conv_span t = conv_trim(line);
        if (conv_equals(t, "\\GE"))
            break;
        struct move m;
        switch (read_game_line(t, &m)) {
        case GL_STO:
        case GL_SKI: {
            bool pass = m.color == 0;
            if (pass) {
                m.color = turn;
                if (!passes_noted) {
                    passes_noted = true;
                    conv_note(c, CONV_ASSUMED, t.s,
                              "a GIB pass names no player: each is given to "
                              "the player whose turn it was");
                }
            }
            conv_move(c, &mv, t.s, m.n, m.color == 1 ? 'B' : 'W',
                      pass ? -1 : m.x, pass ? -1 : m.y, m.xat);
            turn = m.color == 1 ? 2 : 1;
            break;
        }
        case GL_BAD:
            conv_note(c, CONV_BAD_LINE, t.s, "%s; skipped", m.why);
            break;
        case GL_OTHER_KNOWN:
            if (!other_noted) {
                other_noted = true;
                conv_note(c, CONV_LEFT_OUT, t.s,
                          "GIB's IDX and REM lines have no known meaning; "
                          "left out");
            }
            break;
        default:
            break;
        }
    }
    if (!g->ge) {
        conv_note(c, CONV_TRUNCATED, c->src + c->srclen,
                  "the file ends before GIB's \\GE: the game may be cut");
    } else if (g->count_line && g->last_number > mv.last &&
               g->last_number > 1) {
        conv_note(c, CONV_TRUNCATED, g->count_line,
                  "the game part says the last move is number %ld; the "
                  "file has %ld moves, the last numbered %ld",
                  g->last_number, mv.count, mv.last);
    }
}

bool gib_convert(conv *c)
{
    struct gib g;
    memset(&g, 0, sizeof g);
    g.c = c;
    scan(&g);
    if (!g.hs) {
        conv_note(c, CONV_UNREADABLE, c->src,
                  "not a Tygem GIB record: no \\HS line opens its header");
        return !c->nomem;
    }
    root(&g);
    if (g.gs) {
        moves(&g);
    } else {
        conv_note(c, CONV_TRUNCATED, c->src + c->srclen,
                  "the file ends before GIB's game part (\\GS): no moves");
    }
    conv_text(c, ")\n", c->src + c->srclen);
    return !c->nomem;
}
