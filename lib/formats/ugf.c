/*
 * ugf.c - PandaNet's UGF and UGI records as SGF (doc/foreign.md, "UGF").
 * Sections in brackets: [Header] of KEY=VALUE lines, [Data] of one
 * "XY,C1,N,S" line per stone (X, Y letters from 'A'; with
 * CoordinateType=IGS the rows count from the bottom; N the move number, 0
 * for stones set before the game; S the seconds it took; X 'Y' or 'Z' for
 * a pass), [Figure] with ".Text,N" comments, [ReviewComment] with
 * ".Comment,N" comments on node N (node 1 is the game's start), and
 * sections of pictures, chat and review nodes that SGF has no place for.
 * No specification is public; this follows sgfutils' ugi2sgf (and the
 * notes of J. van Leeuwen it cites), Sabaki, and the real files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/grow.h"
#include "formats/convert.h"
#include "formats/ugf.h"

/* The header keys; lost: SGF has nothing for it. */
#define UGF_KEYS(X) \
    X(Ver, 1) X(Lang, 0) X(Crypt, 0) X(Code, 1) X(Title, 0) X(Place, 0) \
    X(Date, 0) X(Rule, 0) X(Size, 0) X(Hdcp, 0) X(Ptime, 0) X(Winner, 0) \
    X(Moves, 1) X(Writer, 0) X(Copyright, 0) X(CoordinateType, 0) \
    X(Comment, 0) X(PlayerB, 0) X(PlayerW, 0) X(PlayerB2, 0) X(PlayerW2, 0) \
    X(BMemb1, 0) X(WMemb1, 0) X(BMemb2, 0) X(WMemb2, 0) X(Commentator, 0)
enum ugf_key { UGF_KEYS(CONV_KEY_ENUM) K_COUNT };
static const char *const key_names[K_COUNT] = { UGF_KEYS(CONV_KEY_NAME) };
static const unsigned char key_lost[K_COUNT] = { UGF_KEYS(CONV_KEY_LOST) };

enum section { S_NONE, S_HEADER, S_DATA, S_FIGURE, S_REVIEW_COMMENT,
               S_SKIPPED, S_UNKNOWN, S_END };

/* Sections SGF has no place for: left out with one note each. */
static const char *const skipped_sections[] = {
    "[Remote]", "[Files]", "[Comment]", "[MessageLine]", "[ReviewNode]",
    NULL
};

struct ugf {
    conv *c;
    conv_header_field f[K_COUNT]; /* v trimmed; at: its first byte */
    const char *header;          /* the [Header] line */
    size_t data_from;            /* offset of [Data]'s first line */
    bool has_data;
    int size;
    bool flip;                   /* rows counted from the bottom */
    long handicap;
    conv_third third;            /* where a third handicap stone is */
    long setup;                  /* stones numbered 0 */
    conv_comment *comments;      /* at: the node, 1 the game's start */
    size_t ncomments, comments_cap;
};

bool ugf_sniff(const char *head, size_t n)
{
    conv c = { .src = head, .srclen = n };
    size_t pos = conv_bom(&c);
    conv_span line;
    while (conv_next_line(&c, &pos, &line)) {
        conv_span t = conv_trim(line);
        if (t.n == 0 || t.s[0] == '#')
            continue;
        return conv_equals(t, "[Header]");
    }
    return false;
}

static void add_comment(struct ugf *u, long node, conv_span text)
{
    if (text.n == 0)
        return;
    if (u->ncomments == u->comments_cap) {
        conv_comment *k = grow(u->comments, &u->comments_cap, u->ncomments + 1,
                               sizeof *k);
        if (!k) {
            u->c->nomem = true;
            return;
        }
        u->comments = k;
    }
    u->comments[u->ncomments++] = (conv_comment){ node, text };
}

/* A [Data] line "XY,C1,N,S" as read. */
struct stone {
    char color;             /* 'B', 'W', or '?' (a pass that names none) */
    long num;               /* the move number, 0: set before the game */
    int x, y;               /* from the top left; -1 -1 for a pass */
    const char *why;        /* not a stone line: what is wrong */
};

/* Reads the line t into *st: 1 a stone, 0 a pass, -1 not one (st->why
 * says). */
static int read_stone(const struct ugf *u, conv_span t, struct stone *st)
{
    st->x = st->y = -1;
    st->why = NULL;
    conv_span rest;
    conv_span xy = conv_field(t, ',', &rest);
    conv_span who = conv_field(rest, ',', &rest);
    conv_span n = conv_field(rest, ',', &rest);
    if (xy.n != 2 || who.n < 1 || !rest.s || !conv_int(n, &st->num) ||
        st->num < 0) {
        st->why = "a stone line is XY,C1,N,S";
        return -1;
    }
    /* "YZ,MK,..." once: a pass whose colour is the turn's */
    st->color = who.s[0] == 'B' || who.s[0] == 'W' ? who.s[0] : '?';
    if (st->color == '?' && !conv_equals(who, "MK")) {
        st->why = "the colour of a stone is B or W";
        return -1;
    }
    if (xy.s[0] == 'Y' || xy.s[0] == 'Z')
        return 0;
    if (st->color == '?') {
        st->why = "the colour of a stone is B or W";
        return -1;
    }
    int cx = xy.s[0] - 'A', cy = xy.s[1] - 'A';
    if (cx < 0 || cy < 0 || cx >= u->size || cy >= u->size) {
        st->why = "the point is not on the board";
        return -1;
    }
    st->x = cx;
    st->y = u->flip ? u->size - 1 - cy : cy;
    return 1;
}

/* The next line of the [Data] section from *pos, trimmed; false at the
 * section's end. */
static bool next_data_line(const struct ugf *u, size_t *pos, conv_span *t)
{
    conv_span line;
    if (!conv_next_line(u->c, pos, &line))
        return false;
    *t = conv_trim(line);
    return !(t->n && t->s[0] == '[');
}

/* ".Comment,N" or ".Text,N[,...]": N, or -1. */
static long comment_node(conv_span t, const char *lead)
{
    if (!conv_starts(t, lead))
        return -1;
    conv_span rest;
    long n;
    conv_span num = conv_field(conv_from(t, strlen(lead)), ',', &rest);
    return conv_int(num, &n) && n >= 0 ? n : -1;
}

static void header_line(struct ugf *u, conv_span t)
{
    conv_span value;
    conv_span key = conv_field(t, '=', &value);
    if (!value.s) {
        conv_note(u->c, CONV_BAD_LINE, t.s,
                  "a UGF header line is KEY=VALUE; skipped");
        return;
    }
    int k = conv_key_index(conv_trim(key), key_names, K_COUNT);
    if (k < 0) {
        conv_note(u->c, CONV_UNKNOWN_FIELD, t.s,
                  "UGF header field %.*s is not known; left out",
                  (int)(key.n > 40 ? 40 : key.n), key.s);
        return;
    }
    if (!u->f[k].set) {
        conv_span v = conv_trim(value);
        u->f[k] = (conv_header_field){ v, v.s, true };
    }
}

/* A section's line: "[Name]" of letters; inside a comment's text only the
 * names UGF has (a comment may hold a line in brackets). */
static bool is_section(conv_span t, bool in_text)
{
    static const char *const known[] = {
        "[Header]", "[Data]", "[Figure]", "[ReviewComment]", "[End]", NULL
    };
    if (t.n < 3 || t.s[0] != '[' || t.s[t.n - 1] != ']')
        return false;
    for (const char *const *k = known; *k; k++)
        if (conv_equals(t, *k))
            return true;
    for (const char *const *k = skipped_sections; *k; k++)
        if (conv_equals(t, *k))
            return true;
    if (in_text)
        return false;
    for (size_t i = 1; i + 1 < t.n; i++)
        if (!((t.s[i] >= 'A' && t.s[i] <= 'Z') || (t.s[i] >= 'a' && t.s[i] <= 'z')))
            return false;
    return true;
}

/* The first pass: the header, where the data is, the comments, and what
 * the moves say of the handicap stones. */
static void scan(struct ugf *u)
{
    conv *c = u->c;
    enum section sec = S_NONE;
    size_t pos = conv_bom(c);
    conv_span line;
    long text_node = -1;             /* inside a figure's .Text */
    long comment_at = -1;            /* inside a review comment */
    conv_span comment = { NULL, 0 };
    bool fig_noted = false, label_noted = false;
    for (;;) {
        if (!conv_next_line(c, &pos, &line))
            break;
        conv_span t = conv_trim(line);
        if (is_section(t, comment_at >= 0 || text_node >= 0)) {
            if (comment_at >= 0)
                add_comment(u, comment_at, comment);
            comment_at = text_node = -1;
            if (conv_equals(t, "[Header]")) {
                sec = S_HEADER;
                if (!u->header)
                    u->header = t.s;
            } else if (conv_equals(t, "[Data]")) {
                sec = S_DATA;
                if (!u->has_data) {
                    u->has_data = true;
                    u->data_from = pos;
                }
            } else if (conv_equals(t, "[Figure]")) {
                sec = S_FIGURE;
            } else if (conv_equals(t, "[ReviewComment]")) {
                sec = S_REVIEW_COMMENT;
            } else if (conv_equals(t, "[End]")) {
                sec = S_END;
            } else {
                bool known = false;
                for (const char *const *s = skipped_sections; *s; s++)
                    known |= conv_equals(t, *s);
                sec = known ? S_SKIPPED : S_UNKNOWN;
                if (known)
                    conv_note(c, CONV_LEFT_OUT, t.s,
                              "UGF section %.*s has no place in SGF; left "
                              "out", (int)t.n, t.s);
                else
                    conv_note(c, CONV_UNKNOWN_FIELD, t.s,
                              "UGF section %.*s is not known; left out",
                              (int)(t.n > 40 ? 40 : t.n), t.s);
            }
            continue;
        }
        switch (sec) {
        case S_NONE:
            if (t.n && t.s[0] != '#')
                conv_note(c, CONV_BAD_LINE, t.s,
                          "text before UGF's first section; skipped");
            break;
        case S_HEADER:
            if (t.n)
                header_line(u, t);
            break;
        case S_REVIEW_COMMENT: {
            long n = comment_node(t, ".Comment,");
            if (n >= 0) {
                if (comment_at >= 0)
                    add_comment(u, comment_at, comment);
                comment_at = n;
                comment = (conv_span){ NULL, 0 };
            } else if (comment_at >= 0 && line.n) {
                if (!comment.s)
                    comment.s = line.s;
                comment.n = (size_t)(line.s + line.n - comment.s);
            } else if (t.n) {
                conv_note(c, CONV_BAD_LINE, t.s,
                          "a review comment starts with .Comment,N; "
                          "skipped");
            }
            break;
        }
        case S_FIGURE: {
            long n = comment_node(t, ".Text,");
            if (text_node >= 0) {
                if (conv_starts(t, ".EndText")) {
                    add_comment(u, text_node + 1, comment);
                    text_node = -1;
                } else if (conv_starts(t, ".#,")) {
                    if (!label_noted)
                        conv_note(c, CONV_LEFT_OUT, t.s,
                                  "UGF's labels (.#) are left out");
                    label_noted = true;
                } else if (line.n) {
                    if (!comment.s)
                        comment.s = line.s;
                    comment.n = (size_t)(line.s + line.n - comment.s);
                }
            } else if (n >= 0) {
                text_node = n;
                comment = (conv_span){ NULL, 0 };
            } else if (conv_starts(t, ".Fig")) {
                if (!fig_noted)
                    conv_note(c, CONV_LEFT_OUT, t.s,
                              "UGF's figures (.Fig: diagrams of variations) "
                              "are left out");
                fig_noted = true;
            }
            break;
        }
        default:
            break;
        }
    }
    if (comment_at >= 0)
        add_comment(u, comment_at, comment);
    if (text_node >= 0)
        add_comment(u, text_node + 1, comment);
}

/* What the header says of the board, the coordinates and the handicap,
 * and what the stones say of the handicap's third point. */
static void board(struct ugf *u)
{
    conv *c = u->c;
    long v;
    u->size = 19;
    if (u->f[K_Size].set) {
        if (conv_int(u->f[K_Size].v, &v) && v >= 2 && v <= 52)
            u->size = (int)v;
        else
            conv_note(c, CONV_BAD_VALUE, u->f[K_Size].v.s,
                      "the board size is not a number from 2 to 52; 19 "
                      "assumed");
    }
    conv_span ct = u->f[K_CoordinateType].v;
    u->flip = u->f[K_CoordinateType].set && conv_equals(ct, "IGS");
    if (u->f[K_CoordinateType].set && !u->flip && !conv_equals(ct, "JPN"))
        conv_note(c, CONV_BAD_VALUE, ct.s,
                  "CoordinateType %.*s is neither IGS nor JPN: rows read "
                  "from the top", (int)(ct.n > 20 ? 20 : ct.n), ct.s);
    u->handicap = 0;
    if (u->f[K_Hdcp].set && !conv_int(conv_field(u->f[K_Hdcp].v, ',', NULL),
                                      &u->handicap))
        u->handicap = -1;
    conv_third_start(&u->third, u->size);
    if (!u->has_data)
        return;
    size_t pos = u->data_from;
    conv_span t;
    while (next_data_line(u, &pos, &t)) {
        struct stone st;
        if (read_stone(u, t, &st) != 1)
            continue;
        if (st.num == 0)
            u->setup++;
        else
            conv_third_stone(&u->third, st.x, st.y);
    }
}

static void players(struct ugf *u, int first, int second, int memb1,
                    const char *pid, const char *rid)
{
    conv *c = u->c;
    int a = u->f[first].set ? first : u->f[memb1].set ? memb1 : -1;
    if (a < 0)
        return;
    conv_span rank;
    conv_span name = conv_trim(conv_field(u->f[a].v, ',', &rank));
    rank = conv_trim(conv_field(rank, ',', NULL));
    if (!u->f[second].set) {
        if (name.n)
            conv_prop(c, pid, name.s, name.n);
        if (rank.n)
            conv_prop(c, rid, rank.s, rank.n);
        return;
    }
    /* a pair: both names, with their ranks, in one value */
    conv_span rank2;
    conv_span name2 = conv_trim(conv_field(u->f[second].v, ',', &rank2));
    rank2 = conv_trim(conv_field(rank2, ',', NULL));
    conv_open(c, pid, name.s);
    conv_bytes(c, name.s, name.n);
    if (rank.n) {
        conv_sep(c, " ");
        conv_bytes(c, rank.s, rank.n);
    }
    conv_sep(c, " & ");
    conv_bytes(c, name2.s, name2.n);
    if (rank2.n) {
        conv_sep(c, " ");
        conv_bytes(c, rank2.s, rank2.n);
    }
    conv_close(c);
}

/* Title=2019,PANDA-NET, : the fields that are there, joined. */
static void event(struct ugf *u)
{
    conv *c = u->c;
    if (!u->f[K_Title].set)
        return;
    conv_span rest = u->f[K_Title].v;
    bool open = false;
    while (rest.s) {
        conv_span item = conv_trim(conv_field(rest, ',', &rest));
        if (!item.n)
            continue;
        if (open)
            conv_sep(c, ", ");
        else
            conv_open(c, "EV", item.s);
        open = true;
        conv_bytes(c, item.s, item.n);
    }
    if (open)
        conv_close(c);
}

/* Date=2019/03/08,22:09:00,2019/03/09,07:16:59: the first day, and the
 * last when another. */
static void date(struct ugf *u)
{
    conv *c = u->c;
    if (!u->f[K_Date].set)
        return;
    conv_span rest;
    conv_span d1 = conv_field(u->f[K_Date].v, ',', &rest);
    conv_field(rest, ',', &rest);
    conv_span d2 = conv_field(rest, ',', NULL);
    int y1, m1, a1, y2, m2, a2;
    bool one = conv_date(d1, &y1, &m1, &a1);
    bool two = rest.s && conv_date(d2, &y2, &m2, &a2);
    if (!one && !two) {
        conv_span v = conv_trim(u->f[K_Date].v);
        if (v.n && !conv_starts(v, "//"))
            conv_note(c, CONV_BAD_VALUE, v.s,
                      "the date is not YYYY/MM/DD; no DT");
        return;
    }
    if (!one)
        conv_propf(c, "DT", d2.s, "%04d-%02d-%02d", y2, m2, a2);
    else if (!two || (y1 == y2 && m1 == m2 && a1 == a2))
        conv_propf(c, "DT", d1.s, "%04d-%02d-%02d", y1, m1, a1);
    else if (y1 != y2)
        conv_propf(c, "DT", d1.s, "%04d-%02d-%02d,%04d-%02d-%02d", y1, m1,
                   a1, y2, m2, a2);
    else if (m1 != m2)
        conv_propf(c, "DT", d1.s, "%04d-%02d-%02d,%02d-%02d", y1, m1, a1, m2,
                   a2);
    else
        conv_propf(c, "DT", d1.s, "%04d-%02d-%02d,%02d", y1, m1, a1, a2);
}

static void rules(struct ugf *u)
{
    conv_span v = u->f[K_Rule].v;
    if (!u->f[K_Rule].set || !v.n)
        return;
    if (conv_equals(v, "JPN"))
        conv_propf(u->c, "RU", v.s, "Japanese");
    else if (conv_equals(v, "CHN") || conv_equals(v, "CH"))
        conv_propf(u->c, "RU", v.s, "Chinese");
    else
        conv_prop(u->c, "RU", v.s, v.n);
}

/* Hdcp=H,KOMI */
static void handicap_komi(struct ugf *u)
{
    conv *c = u->c;
    if (!u->f[K_Hdcp].set)
        return;
    conv_span komi;
    conv_span h = conv_field(u->f[K_Hdcp].v, ',', &komi);
    if (u->handicap < 0 || u->handicap > 9) {
        conv_note(c, CONV_BAD_VALUE, h.s,
                  "the handicap is not a number from 0 to 9");
    } else if (u->handicap >= 2) {
        conv_propf(c, "HA", h.s, "%ld", u->handicap);
        if (u->setup == 0) {
            /* Japanese custom puts a third stone at the bottom right; a
             * move played there says it is elsewhere */
            bool top_left = conv_third_top_left(&u->third, u->handicap,
                                                false);
            if (conv_handicap(c, (int)u->handicap, u->size, top_left, h.s))
                conv_note(c, CONV_ASSUMED, h.s,
                          "the handicap stones are not listed: placed at the "
                          "usual points%s", u->handicap != 3 ? ""
                          : top_left ? ", the third at the top left (a move "
                                       "is played at the bottom right)"
                                     : ", the third at the bottom right");
            else
                conv_note(c, CONV_BAD_VALUE, h.s,
                          "%ld handicap stones have no usual points on a "
                          "%dx%d board; none placed", u->handicap, u->size,
                          u->size);
        }
    }
    long k;
    if (komi.s && conv_hundredths(komi, &k) && k > -100000 && k < 100000) {
        char buf[32];
        conv_decimal(k, buf, sizeof buf);
        conv_propf(c, "KM", komi.s, "%s", buf);
    } else if (komi.s && conv_trim(komi).n) {
        conv_note(c, CONV_BAD_VALUE, komi.s, "the komi is not a number");
    }
}

/* Winner=B,7.50 / W,C (resignation) / B,F (forfeit) / D (draw) / N (no
 * result) / A, P (not over) / O (both lost) / E (unknown) */
static void result(struct ugf *u)
{
    conv *c = u->c;
    if (!u->f[K_Winner].set || !u->f[K_Winner].v.n)
        return;
    conv_span how;
    conv_span who = conv_trim(conv_field(u->f[K_Winner].v, ',', &how));
    how = conv_trim(how);
    const char *at = who.s;
    if (conv_equals(who, "B") || conv_equals(who, "W")) {
        long m;
        if (how.n && (how.s[0] == 'C' || how.s[0] == 'c'))
            conv_propf(c, "RE", at, "%c+R", who.s[0]);
        else if (how.n && how.s[0] == 'F')
            conv_propf(c, "RE", at, "%c+F", who.s[0]);
        else if (how.n && (how.s[0] == 'T' || how.s[0] == 't'))
            conv_propf(c, "RE", at, "%c+T", who.s[0]);
        else if (conv_hundredths(how, &m) && m > 0 && m < 10000000) {
            char buf[32];
            conv_decimal(m, buf, sizeof buf);
            conv_propf(c, "RE", at, "%c+%s", who.s[0], buf);
        } else {
            conv_propf(c, "RE", at, "%c+", who.s[0]);
        }
    } else if (conv_equals(who, "D")) {
        conv_propf(c, "RE", at, "0");
    } else if (conv_equals(who, "N")) {
        conv_propf(c, "RE", at, "Void");
    } else if (conv_equals(who, "E")) {
        conv_propf(c, "RE", at, "?");
    } else if (conv_equals(who, "A") || conv_equals(who, "P")) {
        conv_note(c, CONV_ASSUMED, at, "the result says the game was not "
                  "over: no RE");
    } else if (conv_equals(who, "O")) {
        conv_note(c, CONV_LEFT_OUT, at, "the result says both players lost, "
                  "which SGF cannot say: no RE");
    } else {
        conv_note(c, CONV_BAD_VALUE, at, "the result is not one UGF writes; "
                  "no RE");
    }
}

/* Ptime=N;M;...: M minutes of main time (sgfutils reads it so). */
static void timing(struct ugf *u)
{
    if (!u->f[K_Ptime].set)
        return;
    conv_span rest;
    conv_field(conv_field(u->f[K_Ptime].v, ',', NULL), ';', &rest);
    long m;
    if (rest.s && conv_int(conv_field(rest, ';', NULL), &m) && m > 0 &&
        m < 100000)
        conv_propf(u->c, "TM", rest.s, "%ld", m * 60);
}

static void root(struct ugf *u)
{
    conv *c = u->c;
    conv_text(c, "(;", u->header);
    conv_text(c, "GM[1]FF[4]", u->header);
    conv_propf(c, "SZ", u->f[K_Size].set ? u->f[K_Size].v.s : u->header, "%d",
               u->size);
    /* the header names its charset */
    conv_span lang = u->f[K_Lang].v;
    if (u->f[K_Lang].set && lang.n)
        conv_prop(c, "CA", lang.s, lang.n);
    players(u, K_PlayerB, K_PlayerB2, K_BMemb1, "PB", "BR");
    players(u, K_PlayerW, K_PlayerW2, K_WMemb1, "PW", "WR");
    date(u);
    event(u);
    conv_header_prop(c, &u->f[K_Place], "PC");
    rules(u);
    handicap_komi(u);
    result(u);
    timing(u);
    conv_header_prop(c, &u->f[K_Writer], "US");
    conv_header_prop(c, &u->f[K_Copyright], "CP");
    conv_header_prop(c, &u->f[K_Commentator], "AN");
    conv_header_prop(c, &u->f[K_Comment], "GC");
    conv_left_out(c, "UGF", u->f, key_names, key_lost, K_COUNT);
}

/* The stones: those numbered 0 as AB/AW of the root, then the moves. */
static void stones(struct ugf *u)
{
    conv *c = u->c;
    for (int pass = 0; pass < 2 && u->setup; pass++) {
        char want = pass == 0 ? 'B' : 'W';
        bool open = false;
        size_t pos = u->data_from;
        conv_span t;
        while (next_data_line(u, &pos, &t)) {
            struct stone st;
            if (read_stone(u, t, &st) != 1 || st.num != 0 || st.color != want)
                continue;
            conv_point(c, open ? NULL : want == 'B' ? "AB" : "AW", st.x, st.y,
                       t.s);
            open = true;
        }
    }
    conv_comments(c, u->comments, u->ncomments, 1);
    size_t pos = u->data_from;
    conv_span t;
    conv_moves mv = { .expect = 1 };
    char turn = u->handicap >= 2 || (u->setup && u->handicap > 0) ? 'W' : 'B';
    bool colour_noted = false;
    while (u->has_data && next_data_line(u, &pos, &t)) {
        if (t.n == 0)
            continue;
        struct stone st;
        if (read_stone(u, t, &st) < 0) {
            conv_note(c, CONV_BAD_LINE, t.s, "%s; skipped", st.why);
            continue;
        }
        if (st.num == 0)
            continue;
        if (st.color == '?') {
            st.color = turn;
            if (!colour_noted)
                conv_note(c, CONV_ASSUMED, t.s, "a pass without a colour: "
                          "given to the player whose turn it was");
            colour_noted = true;
        }
        conv_move(c, &mv, t.s, st.num, st.color, st.x, st.y, t.s);
        conv_comments(c, u->comments, u->ncomments, mv.count + 1);
        turn = st.color == 'B' ? 'W' : 'B';
    }
    for (size_t i = 0; i < u->ncomments; i++)
        if (u->comments[i].at > mv.count + 1 || u->comments[i].at < 1)
            conv_note(c, CONV_BAD_VALUE, u->comments[i].text.s,
                      "a comment on node %ld, which the game does not have; "
                      "left out", u->comments[i].at);
}

bool ugf_convert(conv *c)
{
    struct ugf u;
    memset(&u, 0, sizeof u);
    u.c = c;
    scan(&u);
    if (!u.header) {
        /* the one error: its lines were text before a section never met */
        c->nnotes = 0;
        conv_note(c, CONV_UNREADABLE, c->src,
                  "not a PandaNet UGF record: no [Header] section");
        free(u.comments);
        return !c->nomem;
    }
    long crypt;
    if (u.f[K_Crypt].set &&
        conv_int(conv_field(u.f[K_Crypt].v, ',', NULL), &crypt) && crypt != 0) {
        conv_note(c, CONV_UNREADABLE, u.f[K_Crypt].v.s,
                  "the UGF record is encrypted (Crypt=%ld); it cannot be read",
                  crypt);
        free(u.comments);
        return !c->nomem;
    }
    board(&u);
    root(&u);
    if (u.has_data)
        stones(&u);
    else
        conv_note(c, CONV_TRUNCATED, c->src + c->srclen,
                  "the file has no [Data] section: no moves");
    conv_text(c, ")\n", c->src + c->srclen);
    free(u.comments);
    return !c->nomem;
}
