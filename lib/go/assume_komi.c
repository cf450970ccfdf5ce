/*
 * assume_komi.c - the komi of a record without KM[] (or whose KM[0] its
 * result contradicts), from RU[], the handicap, the result's margin, the
 * rules and the date (assume_komi.h; doc/gameinfo.md, "The komi").
 */
#include <stdio.h>
#include <string.h>

#include "common/arena.h"
#include "sgf/game.h"
#include "sgf/text.h"
#include "go/assume_clues.h"
#include "go/assume_rules.h"
#include "go/assume_komi.h"

/* The usual komi of a rule set's country by year (from 1930: before,
 * there was none), from the history of komi (doc/gameinfo.md gives the
 * sources and the counts behind each boundary): in Japan mixed values in
 * the 1930s, 4.5 from 1939, 5.5 from 1974 (with 5, White winning ties,
 * in the 1970s), 6.5 from 2003 (the Nihon Ki-in's change of September
 * 2002); Korea 6.5 from 1999; China no komi before the 1960s, then 5 or
 * 5.5 (2¾ stones) and 7.5 (3¾ stones) from 2002.  Each era says which
 * komi goes with a result in half points, in whole points, or without a
 * count. */
typedef struct komi_era {
    int until;          /* last year of the era */
    double plain;       /* when the result gives no count */
    double half;        /* when its margin has a half point */
    double whole;       /* when it has none (or is a draw) */
} komi_era;

static const komi_era japanese_eras[] = {
    { 1938, 0, 4.5, 0 }, { 1973, 4.5, 4.5, 0 }, { 1979, 5.5, 5.5, 5 },
    { 2002, 5.5, 5.5, 0 }, { 99999, 6.5, 6.5, 0 },
};
static const komi_era korean_eras[] = {
    { 1938, 0, 4.5, 0 }, { 1973, 4.5, 4.5, 0 }, { 1998, 5.5, 5.5, 0 },
    { 99999, 6.5, 6.5, 0 },
};
static const komi_era chinese_eras[] = {
    { 1960, 0, 5.5, 0 }, { 1979, 5, 5.5, 5 }, { 2001, 5.5, 5.5, 5 },
    { 99999, 7.5, 7.5, 0 },
};
static const komi_era aga_eras[] = {
    { 2003, 5.5, 5.5, 0 }, { 99999, 7.5, 7.5, 0 },
};
static const komi_era ing_eras[] = { { 99999, 8, 7.5, 8 } };

static const komi_era *era_of(const char *set, int year)
{
    static const struct { const char *set; const komi_era *e; size_t n; }
    tables[] = {
        { "japanese", japanese_eras, COUNT(japanese_eras) },
        { "korean", korean_eras, COUNT(korean_eras) },
        { "chinese", chinese_eras, COUNT(chinese_eras) },
        { "aga", aga_eras, COUNT(aga_eras) },
        { "ing", ing_eras, COUNT(ing_eras) },
    };
    const komi_era *e = NULL;
    size_t n = 0;
    for (size_t i = 0; i < COUNT(tables); i++)
        if (!strcmp(set, tables[i].set)) {
            e = tables[i].e;
            n = tables[i].n;
        }
    for (size_t i = 0; i < n; i++)
        if (year <= e[i].until)
            return &e[i];
    return NULL;
}

static bool half_point(double v)
{
    double t = v * 2;
    long n = (long)(t < 0 ? t - 0.5 : t + 0.5);
    return (double)n - t < 1e-9 && t - (double)n < 1e-9 && n % 2 != 0;
}

/* An amateur rank as a number of stones: "3k" and "3 kyu" are -2, "1k" 0,
 * "1d" 1, "5d?" 5 (a server's unsure rank).  false for a professional
 * rank or any other text. */
static bool amateur_rank(const char *s, int *stones)
{
    if (!s)
        return false;
    while (*s == ' ')
        s++;
    int n = 0;
    const char *digits = s;
    while (*s >= '0' && *s <= '9' && s - digits < 2)
        n = n * 10 + (*s++ - '0');
    if (s == digits || n < 1 || n > 30)
        return false;
    while (*s == ' ')
        s++;
    bool kyu;
    if (*s == 'k' || *s == 'K')
        kyu = true;
    else if (*s == 'd' || *s == 'D')
        kyu = false;
    else
        return false;
    s++;
    if (!strncmp(s, kyu ? "yu" : "an", 2))
        s += 2;
    while (*s == '?' || *s == '*' || *s == ' ')
        s++;
    if (*s)
        return false;
    *stones = kyu ? 1 - n : n;
    return true;
}

/* How many ranks White stands above Black (BR, WR) in a game that gives
 * a stone per rank, 0 when not known.  Professional records write dan
 * ranks the same way, and professionals of different ranks gave no stone
 * for the rank once komi 5.5 came in (1974): a game between dan players
 * dated after that counts only on a server. */
static int rank_gap(const sgf_game *g)
{
    const sgf_info *in = &g->info;
    int b, w;
    if (!amateur_rank(in->black_rank, &b) || !amateur_rank(in->white_rank, &w))
        return 0;
    if (b >= 1 && w >= 1 && in->date.year >= 1974 && !rules_server_named(g))
        return 0;
    return w > b ? w - b : 0;
}

/* KM[0] with a count in half points: komi 0 cannot give the half point,
 * and 0 is what editors write for a komi they do not know (Fox's KM[0] on
 * games played with 6.5).  Such a KM[0] is read as no KM[]. */
static bool komi_zero_contradicted(const sgf_info *in)
{
    const sgf_result *re = &in->result;
    return in->has_komi && in->komi == 0 && !in->komi_scaled &&
           (re->winner == SGF_WIN_BLACK || re->winner == SGF_WIN_WHITE) &&
           re->reason == SGF_BY_POINTS && re->has_margin &&
           half_point(re->margin);
}

static void komi_unstated(sgf_game *g, game_go *go);

/* Sets the komi assumed, its source and evidence; the why of the note in
 * go->komi_why. */
void assume_komi(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    in->komi_evidence = NULL;
    go->komi_why = go->komi_clue = NULL;
    if (in->komi_set_aside || komi_zero_contradicted(in)) {
        in->has_komi = 0;
        in->komi_set_aside = 1;
        komi_unstated(g, go);
        if (half_point(in->komi)) {
            go->komi_clue = in->komi_evidence;
            char q[80], buf[192];
            snprintf(buf, sizeof buf, "%s; KM[0] set aside for RE[%s]",
                     in->komi_evidence ? in->komi_evidence : "RE",
                     text_quote(q, sizeof q, in->result_text));
            in->komi_evidence = arena_strndup(&g->a, buf, strlen(buf));
            if (!in->komi_evidence)
                g->nomem = true;
            return;
        }
        /* nothing gives a komi with a half point: KM[0] stands */
        in->has_komi = 1;
        in->komi_set_aside = 0;
        in->komi = 0;
        in->komi_evidence = NULL;
        go->komi_why = NULL;
    }
    if (in->has_komi) {
        in->komi_source = SGF_SOURCE_RECORD;
        return;
    }
    komi_unstated(g, go);
}

/* The komi of a record without KM[] (doc/gameinfo.md, "The komi"). */
static void komi_unstated(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    sgf_rules r;
    const char *set = in->rules_assumed;
    if (in->rules_source == SGF_SOURCE_RECORD &&
        sgf_rules_parse(in->rules, &r) >= 0) {
        if (r.has_komi) {
            in->komi = r.komi;
            in->komi_source = SGF_SOURCE_RECORD;
            in->komi_evidence = clue_evidence(g, "RU", in->rules);
            return;
        }
        set = r.name;
    }
    in->komi = 0;
    in->komi_source = SGF_SOURCE_INFERRED;
    /* a count in whole or half points (Fox's odd W+0.02 is neither) */
    const sgf_result *re = &in->result;
    bool win = (re->winner == SGF_WIN_BLACK || re->winner == SGF_WIN_WHITE)
               && re->has_margin;
    bool half = win && half_point(re->margin);
    bool by_count = re->winner == SGF_WIN_DRAW || half ||
                    (win && half_point(re->margin + 0.5));
    const char *re_text = in->result_text;
    /* the usual komi of an era needs the country; without it, Japan's
     * until 2002 (komi began there, and China's 5.5 matched it), after
     * which the countries part (6.5 and 7.5) */
    bool known = in->rules_source != SGF_SOURCE_DEFAULT;
    const komi_era *era = NULL;
    if (in->date.year > 0 && known)
        era = era_of(set, in->date.year);
    else if (in->date.year > 0 && in->date.year <= 2002)
        era = era_of("japanese", in->date.year);
    int ha = in->handicap >= 2 ? in->handicap : 0;
    if (!ha)
        ha = in->handicap_placed ? in->handicap_placed : clue_handicap_setup(g);
    if (!strcmp(set, "ancient-chinese")) {
        in->komi_evidence = in->rules_source == SGF_SOURCE_RECORD
                                ? clue_evidence(g, "RU", in->rules)
                                : "the 座子 opening";
        go->komi_why = "ancient Chinese rules have no komi: the group tax "
                      "does its work";
    } else if (rules_uchikomi_match(g)) {
        in->komi_evidence = clue_evidence(g, "RU", in->rules);
        go->komi_why = "an uchikomi match has no komi: the handicap grade "
                      "moves with the score instead";
    } else if (ha >= 2) {
        char n[16];
        snprintf(n, sizeof n, "%d", ha);
        /* servers give 0.5 to White in handicap games, so that there is
         * no draw; a professional handicap game has no komi */
        bool server = rules_server_named(g);
        in->komi = half || server ? 0.5 : 0;
        in->komi_evidence = in->handicap >= 2 ? clue_evidence(g, "HA", n)
                                              : "the handicap stones";
        go->komi_why = half ? "a handicap game, and the result's half point "
                             "says 0.5"
                    : server ? "a handicap game on a server, which gives "
                               "White 0.5"
                             : "a handicap game has no komi";
    } else if (rank_gap(g) >= 1) {
        /* a stone of handicap is Black without komi: the weaker player
         * takes Black, and servers give White 0.5 so that there is no
         * draw */
        bool server = rules_server_named(g);
        in->komi = half || (server && !by_count) ? 0.5 : 0;
        in->komi_evidence = clue_evidence(g, "WR", in->white_rank);
        go->komi_why = half ? "White is ranked above Black and gives no "
                             "stones: Black without komi, and the result's "
                             "half point says 0.5"
                    : in->komi ? "White is ranked above Black and gives no "
                                 "stones: Black without komi, 0.5 on a "
                                 "server"
                               : "White is ranked above Black and gives no "
                                 "stones: Black without komi";
    } else if (in->date.year > 0 && in->date.year < 1930) {
        in->komi_evidence = clue_evidence(g, "DT", in->date_text);
        go->komi_why = "komi came into use in the 1930s";
    } else if (era) {
        in->komi = !by_count ? era->plain : half ? era->half : era->whole;
        in->komi_evidence = clue_evidence(g, "DT", in->date_text);
        static const char *const why[2][3] = {
            { "the usual komi of the time", "the usual half-point komi of "
              "the time, as the result's half point wants", "the usual komi "
              "of the time for a count in whole points" },
            { "the usual komi of those rules that year", "the usual "
              "half-point komi of those rules that year, as the result's "
              "half point wants", "the usual komi of those rules that year "
              "for a count in whole points" },
        };
        go->komi_why = why[known][!by_count ? 0 : half ? 1 : 2];
    } else if (by_count && half) {
        sgf_rules named;
        bool usual = known && sgf_rules_named(set, &named) == 0 &&
                     half_point(named.komi);
        /* without the rules, the komi most games are played with */
        in->komi = usual ? named.komi : 6.5;
        in->komi_evidence = clue_evidence(g, "RE", re_text);
        go->komi_why = usual ? "a half-point margin needs a half-point komi: "
                              "the usual one of those rules"
                            : "a half-point margin needs a half-point komi; "
                              "6.5 is the most common one";
    } else if (by_count) {
        sgf_rules named;
        if (sgf_rules_named(set, &named) == 0 && !half_point(named.komi) &&
            named.komi != 0 && (!strcmp(set, "ing") || !strcmp(set, "nz")))
            in->komi = named.komi;
        in->komi_evidence = clue_evidence(g, "RE", re_text);
        go->komi_why = in->komi ? "a count in whole points: the rules' "
                                 "whole komi"
                               : "a count in whole points: no komi";
    } else if (known && !go->rules_from_names &&
               sgf_rules_named(set, &r) == 0) {
        in->komi = r.komi;
        in->komi_evidence = in->rules_source == SGF_SOURCE_RECORD
                                ? clue_evidence(g, "RU", in->rules)
                                : in->rules_evidence;
        go->komi_why = in->rules_source == SGF_SOURCE_RECORD
                          ? "the usual komi of those rules today"
                          : "the usual komi today of the rules it implies";
    } else {
        in->komi_source = SGF_SOURCE_DEFAULT;
    }
}
