/*
 * gameinfo.c - typed game information: gameinfo_read() fills g->info from
 * the main line's game-info node (and the root's FF, GM, SZ, AP) and
 * reports what it had to repair or read loosely.  The grammars of RE, KM
 * and DT are result.c, komi.c and date.c; SZ's, HA's and TM's few forms
 * are here.  Numbers are written by format_number (textscan.c), never with
 * printf("%g"), because a tool may call setlocale() and the library must
 * not start writing "6,5" in one locale and "6.5" in another.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/dialect.h"
#include "sgf/date.h"
#include "sgf/gameinfo.h"
#include "sgf/komi.h"
#include "sgf/result.h"
#include "sgf/text.h"
#include "common/textscan.h"

/* A whole number, white space around it allowed (validate.c reports the
 * value type). */
static bool int_value(const char *s, long *v)
{
    const char *e;
    s = trim_space(s, &e);
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
    const char *e, *s = trim_space(t, &e);
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
    komi_reading k;
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
                    format_number(a, sizeof a, k.komi / 2),
                    format_number(b, sizeof b, k.komi), why);
    else if (k.scale)
        game_report(c->g, SGF_C_KOMI_SCALED, p->pos, 0,
                    "%s[%s] read as komi %s points (%s: komi x100)",
                    p->id, text_quote(q, sizeof q, t),
                    format_number(a, sizeof a, k.komi), why);
    else if (k.quarter)
        game_report(c->g, SGF_C_KOMI_SCALED, p->pos, 0,
                    "%s[%s] read as komi %s stones = %s points (a komi in "
                    "quarters is in stones: 1 stone = 2 points)",
                    p->id, text_quote(q, sizeof q, t),
                    format_number(a, sizeof a, k.komi / 2),
                    format_number(b, sizeof b, k.komi));
    else if (k.stones)
        game_report(c->g, SGF_C_KOMI_FORMAT, p->pos, 0,
                    "%s[%s] is not a number; read as komi %s stones = %s "
                    "points", p->id, text_quote(q, sizeof q, t),
                    format_number(a, sizeof a, k.komi / 2),
                    format_number(b, sizeof b, k.komi));
    else
        game_report(c->g, SGF_C_KOMI_FORMAT, p->pos, 0,
                    "%s[%s] is not a number; read as komi %s",
                    p->id, text_quote(q, sizeof q, t),
                    format_number(a, sizeof a, k.komi));
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
    const char *e, *s = trim_space(t, &e);
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
    const char *e, *s = t ? trim_space(t, &e) : NULL;
    sgf_info *in = &c->g->info;
    if (!t)
        return;
    in->result_text = t;
    if (s == e)
        return;     /* RE[]: validate.c's empty-value */
    unsigned notes;
    int rc = result_read(t, &in->result, &notes);
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
    else if (notes & RESULT_PROBLEM)
        game_report(c->g, SGF_C_RESULT_FORMAT, p->pos, 0,
                    "RE[%s] is the answer to a problem (who plays first and "
                    "what happens), not a game result; result unknown",
                    text_quote(q, sizeof q, t));
    else {
        sgf_format_result(&in->result, f, sizeof f);
        game_report(c->g, SGF_C_RESULT_FORMAT, p->pos, 0,
                    "RE[%s] read as %s (%s)%s",
                    text_quote(q, sizeof q, t), f,
                    notes & RESULT_STONES
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
    const char *e, *s = t ? trim_space(t, &e) : NULL;
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
                    text_quote(q, sizeof q, t), date_format(f, sizeof f, &in->date));
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

/* A main time on a clock, [s, e): "5:00:00" (h:mm:ss), or "10:00" followed
 * by an overtime ("10:00(5x1:00)", "30:00+30:00/25"), as IGS and KGS
 * write them.  An overtime's periods last minutes, never hours, so the
 * clock beside it is m:ss too; "10:00" alone could be ten hours (a title
 * match's main time) or ten minutes, and is not read (*unsure).  The
 * seconds, or -1; *overtime is where the overtime starts (e: none). */
static double time_on_clock(const char *s, const char *e,
                            const char **overtime, bool *unsure)
{
    long part[3];
    int n = 0, digits;
    const char *r = s;
    *unsure = false;
    while (n < 3) {
        r = scan_digits(r, &part[n], &digits);
        if (digits == 0 || digits > 3 ||
            (n > 0 && (digits != 2 || part[n] >= 60)))
            return -1;
        if (++n == 3 || r >= e || *r != ':')
            break;
        r++;
    }
    if (n < 2 || (r < e && *r == ':'))
        return -1;
    r = skip_space(r);
    if (r > e)
        r = e;
    if (r < e && *r != '(' && *r != '+')
        return -1;
    *overtime = r;
    if (n == 3)
        return part[0] * 3600.0 + part[1] * 60 + part[2];
    if (r == e) {
        *unsure = true;
        return -1;
    }
    return part[0] * 60.0 + part[1];
}

static void read_time(info_ctx *c, const sgf_prop *p)
{
    char q[80], f[48];
    const char *t = prop_text(c->g, p);
    if (!t || !*t || !c->check)
        return;     /* TM[]: validate.c's empty-value */
    const char *e, *s = trim_space(t, &e);
    double v;
    bool strict;
    const char *r = scan_decimal(s + (*s == '+' || *s == '-'), SCAN_LOOSE,
                                 &v, &strict);
    if (r && r == e && strict && *s != '-')
        return;
    const char *overtime = e;
    bool unsure = false;
    double seconds = time_with_units(s, e);
    if (seconds < 0)
        seconds = time_on_clock(s, e, &overtime, &unsure);
    if (seconds >= 0 && overtime < e) {
        char o[80];
        format_number(f, sizeof f, seconds);
        game_report(c->g, SGF_C_BAD_TIME, p->pos, 0,
                    "TM[%s] is not a number of seconds; read as %s seconds "
                    "of main time; FF[4] writes the overtime, %s, in OT",
                    text_quote(q, sizeof q, t), f,
                    text_quote(o, sizeof o, overtime));
    } else if (seconds >= 0) {
        format_number(f, sizeof f, seconds);
        game_report(c->g, SGF_C_BAD_TIME, p->pos, 0,
                    "TM[%s] is not a number of seconds; read as %s seconds",
                    text_quote(q, sizeof q, t), f);
    } else if (unsure) {
        game_report(c->g, SGF_C_BAD_TIME, p->pos, 0,
                    "TM[%s] is not a number of seconds; not read, since "
                    "h:mm and m:ss look alike",
                    text_quote(q, sizeof q, t));
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
