/*
 * ruleset.c - rule sets as data (doc/rules.md, "Rule sets"): the named
 * presets, reading RU[] in the spellings real records use, KataGo's
 * compact and JSON rule strings, Chinese free text that gives a komi, and
 * the compact text sgf_rules_format writes.
 *
 * RU[] is untrusted text: everything here works on a fixed local copy (no
 * allocation, no reads past its end) and numbers are read (textscan.c,
 * which KM and RE use too) and written by hand so that a caller's
 * setlocale() cannot change what "7.5" means.
 * doc/rules.md lists every spelling and where it was seen.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "sgfkit.h"
#include "common/jsonlex.h"
#include "common/textscan.h"

/* Longest RU[] text read.  The longest real form is KataGo's JSON (about
 * 160 bytes with every field); a longer value is prose, not a rule set. */
enum { RULES_TEXT_MAX = 512 };

/* ------------------------------------------------------------------ */
/* Named sets                                                          */

/* The defaults of doc/rules.md's table.  cycle follows the ko rule: under a
 * superko the repeating move is itself illegal, under simple ko a cycle
 * nobody leaves ends the game without result (Japanese 1989, article 12;
 * Korean; the ancient practice). */
static const sgf_rules named_sets[] = {
    { .name = "chinese", .ko = SGF_KO_POSITIONAL, .scoring = SGF_SCORING_AREA,
      .tax = SGF_TAX_NONE, .suicide = 0, .komi = 7.5, .bonus = SGF_BONUS_N,
      .first = SGF_BLACK, .cycle = SGF_CYCLE_RULE_ILLEGAL },
    { .name = "japanese", .ko = SGF_KO_SIMPLE,
      .scoring = SGF_SCORING_TERRITORY, .tax = SGF_TAX_SEKI, .suicide = 0,
      .komi = 6.5, .bonus = SGF_BONUS_0, .first = SGF_BLACK,
      .cycle = SGF_CYCLE_RULE_NO_RESULT },
    { .name = "korean", .ko = SGF_KO_SIMPLE,
      .scoring = SGF_SCORING_TERRITORY, .tax = SGF_TAX_SEKI, .suicide = 0,
      .komi = 6.5, .bonus = SGF_BONUS_0, .first = SGF_BLACK,
      .cycle = SGF_CYCLE_RULE_NO_RESULT },
    /* Pass stones make the AGA's area count equal its territory count. */
    { .name = "aga", .ko = SGF_KO_SITUATIONAL, .scoring = SGF_SCORING_AREA,
      .tax = SGF_TAX_NONE, .suicide = 0, .komi = 7.5,
      .bonus = SGF_BONUS_N_MINUS_1, .first = SGF_BLACK,
      .cycle = SGF_CYCLE_RULE_ILLEGAL, .pass_stones = 1 },
    { .name = "nz", .ko = SGF_KO_SITUATIONAL, .scoring = SGF_SCORING_AREA,
      .tax = SGF_TAX_NONE, .suicide = 1, .komi = 7, .bonus = SGF_BONUS_0,
      .first = SGF_BLACK, .cycle = SGF_CYCLE_RULE_ILLEGAL },
    /* Positional superko approximates the SST ko rule (doc/rules.md). */
    { .name = "ing", .ko = SGF_KO_POSITIONAL, .scoring = SGF_SCORING_AREA,
      .tax = SGF_TAX_NONE, .suicide = 1, .komi = 8, .black_wins_ties = 1,
      .bonus = SGF_BONUS_N, .first = SGF_BLACK,
      .cycle = SGF_CYCLE_RULE_ILLEGAL, .fill_in = 1 },
    { .name = "tromp-taylor", .ko = SGF_KO_POSITIONAL,
      .scoring = SGF_SCORING_AREA, .tax = SGF_TAX_NONE, .suicide = 1,
      .komi = 7.5, .bonus = SGF_BONUS_0, .first = SGF_BLACK,
      .cycle = SGF_CYCLE_RULE_ILLEGAL },
    /* No komi: the group tax did its work.  White moved first, after the
     * four 座子 stones. */
    { .name = "ancient-chinese", .ko = SGF_KO_SIMPLE,
      .scoring = SGF_SCORING_AREA, .tax = SGF_TAX_ALL, .suicide = 0,
      .komi = 0, .bonus = SGF_BONUS_0, .first = SGF_WHITE,
      .cycle = SGF_CYCLE_RULE_NO_RESULT, .zuozi = 1 },
};

enum {
    NAMED_COUNT = sizeof named_sets / sizeof named_sets[0],
    SET_CHINESE = 0, SET_JAPANESE = 1, SET_KOREAN = 2, SET_AGA = 3,
    SET_NZ = 4, SET_ING = 5, SET_TT = 6, SET_ANCIENT = 7
};

const char *sgf_rules_name(size_t i)
{
    return i < NAMED_COUNT ? named_sets[i].name : NULL;
}

int sgf_rules_named(const char *name, sgf_rules *out)
{
    if (!name || !out)
        return -1;
    for (size_t i = 0; i < NAMED_COUNT; i++)
        if (strcmp(name, named_sets[i].name) == 0) {
            *out = named_sets[i];
            return 0;
        }
    return -1;
}

/* ------------------------------------------------------------------ */
/* KataGo's words, in either case                                      */

/* Like lit_at (textscan.h), ignoring ASCII case; *folded is set when the case differed
 * (KataGo writes its keys and values in one case only). */
static size_t lit_at_ci(const char *s, const char *lit, bool *folded)
{
    size_t n = 0;
    bool diff = false;
    for (; lit[n]; n++) {
        if (lower(s[n]) != lower(lit[n]))
            return 0;
        diff = diff || s[n] != lit[n];
    }
    if (diff)
        *folded = true;
    return n;
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */

/* KataGo's numbers: [-+]digits[.digits], ASCII only.  Returns the end,
 * NULL when p holds no number. */
static const char *read_real(const char *p, double *v)
{
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    p = scan_decimal(p, SCAN_ASCII, v, NULL);
    if (p && neg)
        *v = -*v;
    return p;
}

/* KataGo refuses a komi beyond this; so does sgfkit. */
static bool komi_ok(double k)
{
    return k >= -1e5 && k <= 1e5;
}

/* ------------------------------------------------------------------ */
/* KataGo's parameters and what they name                              */

/* The fields KataGo's rule strings carry; friendlyPassOk is read and
 * dropped (it only tells KataGo's own cleanup phase whether a pass is
 * polite). */
typedef struct kg_rules {
    sgf_ko_rule ko;
    sgf_scoring_rule scoring;
    sgf_tax_rule tax;
    bool tax_set;
    int suicide, button;
    sgf_handicap_bonus bonus;
    double komi;
    bool komi_set;
} kg_rules;

/* KataGo's parser starts from its Tromp-Taylor-like defaults. */
static void kg_defaults(kg_rules *k)
{
    memset(k, 0, sizeof *k);
    k->ko = SGF_KO_POSITIONAL;
    k->scoring = SGF_SCORING_AREA;
    k->tax = SGF_TAX_NONE;
    k->suicide = 1;
    k->bonus = SGF_BONUS_0;
    k->komi = 7.5;
}

/* KataGo's defaults for what was left out: seki tax under territory
 * scoring; komi 6.5 under territory scoring, 7 with a button. */
static void kg_finish(kg_rules *k)
{
    if (!k->tax_set)
        k->tax = k->scoring == SGF_SCORING_TERRITORY ? SGF_TAX_SEKI
                                                     : SGF_TAX_NONE;
    if (!k->komi_set)
        k->komi = k->scoring == SGF_SCORING_TERRITORY ? 6.5
                : k->button ? 7 : 7.5;
}

/* The record for KataGo's parameters: the named set they equal (komi
 * aside: a set keeps its name under another komi), with what KataGo cannot
 * say (first player, pass stones, fill-in, 座子, ties) taken from it; else
 * "custom".  ancient-chinese also needs komi 0: KataGo's stone-scoring has
 * its parameters with komi 7.5, and its games start with Black on an empty
 * board.  japanese and korean share every parameter: japanese comes first. */
static void kg_to_rules(const kg_rules *k, sgf_rules *out)
{
    for (size_t i = 0; i < NAMED_COUNT; i++) {
        const sgf_rules *s = &named_sets[i];
        if (s->ko == k->ko && s->scoring == k->scoring && s->tax == k->tax &&
            s->suicide == k->suicide && s->button == k->button &&
            s->bonus == k->bonus && (i != SET_ANCIENT || k->komi == 0)) {
            *out = *s;
            out->komi = k->komi;
            out->has_komi = k->komi_set;
            return;
        }
    }
    memset(out, 0, sizeof *out);
    strcpy(out->name, "custom");
    out->ko = k->ko;
    out->scoring = k->scoring;
    out->tax = k->tax;
    out->suicide = k->suicide;
    out->komi = k->komi;
    out->has_komi = k->komi_set;
    out->bonus = k->bonus;
    out->first = SGF_BLACK;
    out->cycle = k->ko == SGF_KO_SIMPLE ? SGF_CYCLE_RULE_NO_RESULT
                                        : SGF_CYCLE_RULE_ILLEGAL;
    out->button = k->button;
}

static const char *const ko_words[] = {
    [SGF_KO_SIMPLE] = "SIMPLE", [SGF_KO_POSITIONAL] = "POSITIONAL",
    [SGF_KO_SITUATIONAL] = "SITUATIONAL", [SGF_KO_SPIGHT] = "SPIGHT",
};
static const char *const scoring_words[] = {
    [SGF_SCORING_AREA] = "AREA", [SGF_SCORING_TERRITORY] = "TERRITORY",
};
static const char *const tax_words[] = {
    [SGF_TAX_NONE] = "NONE", [SGF_TAX_SEKI] = "SEKI", [SGF_TAX_ALL] = "ALL",
};
static const char *const bonus_words[] = {
    [SGF_BONUS_0] = "0", [SGF_BONUS_N] = "N", [SGF_BONUS_N_MINUS_1] = "N-1",
};

/* Which of words[0..n) p starts with, the longest when several do ("N-1"
 * and "N"); -1 for none. */
static int word_of(const char *p, const char *const *words, size_t n,
                   size_t *len, bool *folded)
{
    int best = -1;
    bool f = false;
    *len = 0;
    for (size_t i = 0; i < n; i++) {
        bool fi = false;
        size_t k = lit_at_ci(p, words[i], &fi);
        if (k > *len) {
            *len = k;
            best = (int)i;
            f = fi;
        }
    }
    if (f)
        *folded = true;
    return best;
}

#define WORDS(w) (w), sizeof (w) / sizeof (w)[0]

/* ------------------------------------------------------------------ */
/* KataGo's compact string: "koPOSITIONALscoreAREAtaxNONEsui1komi7.5"   */

/* Keys and values follow KataGo's parser (cpp/game/rules.cpp,
 * parseRulesHelper): "komi" is tried before "ko" and "scoring" before
 * "score"; white space may separate keys and values; a key may repeat (the
 * last wins).  Returns 1, 0 when only the letter case differed, -1.
 * Text in another case that holds only a komi ("Komi 6.5") is prose about
 * the komi, not a rule set. */
static int parse_compact(const char *s, kg_rules *k)
{
    bool folded = false, rules_item = false;
    size_t n;
    int v;
    kg_defaults(k);
    s = skip_space(s);
    if (!*s)
        return -1;
    while (*(s = skip_space(s))) {
        if ((n = lit_at_ci(s, "komi", &folded)) != 0) {
            double km;
            const char *e = read_real(skip_space(s + n), &km);
            /* KataGo's number runs to the next letter or space */
            if (!e || (*e && !is_alpha(*e) && !space_at(e)) || !komi_ok(km))
                return -1;
            k->komi = km;
            k->komi_set = true;
            s = e;
            continue;
        }
        rules_item = true;
        if ((n = lit_at_ci(s, "ko", &folded)) != 0) {
            s = skip_space(s + n);
            if ((v = word_of(s, WORDS(ko_words), &n, &folded)) < 0)
                return -1;
            k->ko = (sgf_ko_rule)v;
            s += n;
        } else if ((n = lit_at_ci(s, "scoring", &folded)) != 0 ||
                   (n = lit_at_ci(s, "score", &folded)) != 0) {
            s = skip_space(s + n);
            if ((v = word_of(s, WORDS(scoring_words), &n, &folded)) < 0)
                return -1;
            k->scoring = (sgf_scoring_rule)v;
            s += n;
        } else if ((n = lit_at_ci(s, "tax", &folded)) != 0) {
            s = skip_space(s + n);
            if ((v = word_of(s, WORDS(tax_words), &n, &folded)) < 0)
                return -1;
            k->tax = (sgf_tax_rule)v;
            k->tax_set = true;
            s += n;
        } else if ((n = lit_at_ci(s, "whb", &folded)) != 0) {
            s = skip_space(s + n);
            if ((v = word_of(s, WORDS(bonus_words), &n, &folded)) < 0)
                return -1;
            k->bonus = (sgf_handicap_bonus)v;
            s += n;
        } else {
            int *flag = NULL, ignored;
            if ((n = lit_at_ci(s, "sui", &folded)) != 0)
                flag = &k->suicide;
            else if ((n = lit_at_ci(s, "button", &folded)) != 0)
                flag = &k->button;
            else if ((n = lit_at_ci(s, "fpok", &folded)) != 0)
                flag = &ignored;
            if (!flag)
                return -1;
            s = skip_space(s + n);
            if (*s != '0' && *s != '1')
                return -1;
            *flag = *s++ == '1';
        }
    }
    if (folded && !rules_item)
        return -1;
    kg_finish(k);
    return folded ? 0 : 1;
}

/* ------------------------------------------------------------------ */
/* KataGo's JSON: {"ko":"POSITIONAL","scoring":"AREA",...,"komi":7.5}   */

/* A flat object of known keys is all KataGo writes, so that is all that
 * is read (tokens by common/jsonlex.h); anything else (nesting, \u
 * escapes, unknown keys, a value of the wrong type) is refused. */

/* The string at l->p, without a \u escape (KataGo writes none). */
static bool json_plain_string(json_lex *l)
{
    const unsigned char *start = l->p;
    if (*l->p != '"' || json_lex_string(l) != 0 || strlen(l->str) != l->len)
        return false;
    for (const unsigned char *q = start + 1; q + 1 < l->p; q++)
        if (*q == '\\' && *++q == 'u')
            return false;
    return true;
}

/* The JSON number just read, s[0..n), as a komi. */
static bool json_komi(const char *s, size_t n, double *v)
{
    char buf[64];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    const char *e = read_real(buf, v);
    if (*e != 'e' && *e != 'E')
        return true;
    const char *p = e + 1;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    int x = 0;
    for (; is_digit(*p); p++)
        if (x < 100)
            x = x * 10 + (*p - '0');
    /* Past 10^20 every komi but 0 is out of range; stop scaling there. */
    for (int i = 0; i < x && i < 21; i++)
        *v = neg ? *v / 10 : *v * 10;
    return true;
}

/* A value that is one of words, written as a JSON string. */
static bool json_word(json_lex *l, const char *const *words, size_t n,
                      int *v, bool *folded)
{
    size_t len;
    if (!json_plain_string(l))
        return false;
    *v = word_of(l->str, words, n, &len, folded);
    return *v >= 0 && !l->str[len];
}

static bool json_bool(json_lex *l, int *v)
{
    int b = json_lex_literal(l);
    if (b < 0 || b > 1)
        return false;
    *v = b;
    return true;
}

static int parse_json(const char *s, kg_rules *k)
{
    bool folded = false, ok;
    int v;
    char str[24];          /* no key or value KataGo knows is longer */
    json_lex l;
    json_lex_init(&l, s, strlen(s), str, sizeof str);
    kg_defaults(k);
    if (!json_lex_space(&l) || *l.p++ != '{' || !json_lex_space(&l))
        return -1;
    if (*l.p == '}') {
        l.p++;
    } else {
        for (;;) {
            char key[sizeof str];
            if (!json_lex_space(&l) || !json_plain_string(&l))
                return -1;
            memcpy(key, l.str, l.len + 1);
            if (!json_lex_space(&l) || *l.p++ != ':' || !json_lex_space(&l))
                return -1;
            if (strcmp(key, "ko") == 0) {
                ok = json_word(&l, WORDS(ko_words), &v, &folded);
                k->ko = (sgf_ko_rule)v;
            } else if (strcmp(key, "scoring") == 0 ||
                       strcmp(key, "score") == 0) {
                ok = json_word(&l, WORDS(scoring_words), &v, &folded);
                k->scoring = (sgf_scoring_rule)v;
            } else if (strcmp(key, "tax") == 0) {
                ok = json_word(&l, WORDS(tax_words), &v, &folded);
                k->tax = (sgf_tax_rule)v;
                k->tax_set = true;
            } else if (strcmp(key, "whiteHandicapBonus") == 0) {
                ok = json_word(&l, WORDS(bonus_words), &v, &folded);
                k->bonus = (sgf_handicap_bonus)v;
            } else if (strcmp(key, "suicide") == 0) {
                ok = json_bool(&l, &k->suicide);
            } else if (strcmp(key, "hasButton") == 0) {
                ok = json_bool(&l, &k->button);
            } else if (strcmp(key, "friendlyPassOk") == 0) {
                ok = json_bool(&l, &v);
            } else if (strcmp(key, "komi") == 0) {
                const unsigned char *at = l.p;
                ok = json_lex_number(&l) == 0 &&
                     json_komi((const char *)at, (size_t)(l.p - at),
                               &k->komi);
                if (ok && !komi_ok(k->komi))
                    return -1;
                k->komi_set = true;
            } else {
                return -1;
            }
            if (!ok || !json_lex_space(&l))
                return -1;
            if (*l.p == '}') {
                l.p++;
                break;
            }
            if (*l.p++ != ',')
                return -1;
        }
    }
    if (json_lex_space(&l))
        return -1;
    kg_finish(k);
    return folded ? 0 : 1;
}

/* ------------------------------------------------------------------ */
/* Names                                                               */

/* A set's spellings after normalising (lower case, without spaces, '-',
 * '_', '.', '/', a trailing "rules", 规则... and an edition year).  loose
 * marks words that say how to count or what was paid, not which rules:
 * they imply a set without naming it.  kg >= 0 names one of KataGo's sets
 * that is none of ours (kg_named below). */
typedef struct spelling {
    const char *key;
    signed char set;      /* named_sets index, or -1 with kg */
    signed char kg;
    bool loose;
} spelling;

static const spelling spellings[] = {
    { "chinese", SET_CHINESE, -1, false },
    { "cn", SET_CHINESE, -1, false },
    { "chn", SET_CHINESE, -1, false },
    { "china", SET_CHINESE, -1, false },
    { "chineseogs", SET_CHINESE, -1, false },   /* KataGo */
    { "chinesekgs", SET_CHINESE, -1, false },   /* KataGo */
    { "中国", SET_CHINESE, -1, false },
    { "中國", SET_CHINESE, -1, false },
    { "数子", SET_CHINESE, -1, true },          /* area counting */
    { "數子", SET_CHINESE, -1, true },
    { "japanese", SET_JAPANESE, -1, false },
    { "jp", SET_JAPANESE, -1, false },
    { "jpn", SET_JAPANESE, -1, false },         /* ISO 3166 codes */
    { "japan", SET_JAPANESE, -1, false },
    { "nihonkiin", SET_JAPANESE, -1, false },
    { "日本", SET_JAPANESE, -1, false },
    { "日本棋院", SET_JAPANESE, -1, false },
    { "数目", SET_JAPANESE, -1, true },         /* territory counting */
    { "數目", SET_JAPANESE, -1, true },
    { "korean", SET_KOREAN, -1, false },
    { "kr", SET_KOREAN, -1, false },
    { "kor", SET_KOREAN, -1, false },
    { "korea", SET_KOREAN, -1, false },
    { "韩国", SET_KOREAN, -1, false },
    { "韓国", SET_KOREAN, -1, false },
    { "韓國", SET_KOREAN, -1, false },
    { "한국", SET_KOREAN, -1, false },
    { "aga", SET_AGA, -1, false },
    { "bga", SET_AGA, -1, false },
    { "french", SET_AGA, -1, false },
    { "nz", SET_NZ, -1, false },
    { "newzealand", SET_NZ, -1, false },
    { "ing", SET_ING, -1, false },
    { "goe", SET_ING, -1, false },
    { "sst", SET_ING, -1, false },
    { "ingsst", SET_ING, -1, false },
    { "inggoe", SET_ING, -1, false },
    { "应氏", SET_ING, -1, false },
    { "應氏", SET_ING, -1, false },
    { "tromptaylor", SET_TT, -1, false },
    { "tt", SET_TT, -1, false },
    { "ancientchinese", SET_ANCIENT, -1, false },
    { "oldchinese", SET_ANCIENT, -1, false },
    { "古棋", SET_ANCIENT, -1, false },
    { "座子", SET_ANCIENT, -1, false },
    { "grouptax", SET_ANCIENT, -1, true },      /* GoGoD: RU[Group tax?] */
    { "还棋头", SET_ANCIENT, -1, true },
    { "還棋頭", SET_ANCIENT, -1, true },
    { "agabutton", -1, 0, false },              /* KataGo's own sets */
    { "stonescoring", -1, 1, false },
    { "ancientarea", -1, 1, false },
    { "ancientterritory", -1, 2, false },
};

/* KataGo's named sets that are none of ours (parseRulesHelper): aga-button,
 * stone-scoring (= ancient-area), ancient-territory. */
static const kg_rules kg_named[] = {
    { .ko = SGF_KO_SITUATIONAL, .scoring = SGF_SCORING_AREA,
      .tax = SGF_TAX_NONE, .tax_set = true, .suicide = 0, .button = 1,
      .bonus = SGF_BONUS_N_MINUS_1, .komi = 7 },
    { .ko = SGF_KO_SIMPLE, .scoring = SGF_SCORING_AREA,
      .tax = SGF_TAX_ALL, .tax_set = true, .suicide = 0, .button = 0,
      .bonus = SGF_BONUS_0, .komi = 7.5 },
    { .ko = SGF_KO_SIMPLE, .scoring = SGF_SCORING_TERRITORY,
      .tax = SGF_TAX_ALL, .tax_set = true, .suicide = 0, .button = 0,
      .bonus = SGF_BONUS_0, .komi = 6.5 },
};

static bool name_separator(char c)
{
    return c == '-' || c == '_' || c == '.' || c == '/';
}

/* Drops suffix from the end of buf[0..*len) when it is there and leaves
 * something before it. */
static bool drop_suffix(char *buf, size_t *len, const char *suffix)
{
    size_t n = strlen(suffix);
    if (*len > n && memcmp(buf + *len - n, suffix, n) == 0) {
        *len -= n;
        buf[*len] = '\0';
        return true;
    }
    return false;
}

/* "1989", "2002": an edition of a set is still that set. */
static bool drop_year(char *buf, size_t *len)
{
    if (*len > 4 && is_digit(buf[*len - 1]) && is_digit(buf[*len - 2]) &&
        ((buf[*len - 4] == '1' && buf[*len - 3] == '9') ||
         (buf[*len - 4] == '2' && buf[*len - 3] == '0')) &&
        !is_digit(buf[*len - 5])) {
        *len -= 4;
        buf[*len] = '\0';
        return true;
    }
    return false;
}

/* The normal form of text in out (at least as long as text); *junk is set
 * when the text starts or ends with a separator or ends with a question
 * mark: "TT--" (a truncated Tromp-Taylor), "Group tax?". */
static void normalize(const char *text, char *out, bool *junk)
{
    static const char *const suffixes[] = {
        "rules", "rule", "规则", "規則", "ルール", "규칙", "룰",
    };
    size_t len = 0;
    const char *s = skip_space(text);
    *junk = name_separator(*s);
    for (size_t k; *s; ) {
        if ((k = space_at(s)) != 0) {
            s += k;
        } else {
            if (!name_separator(*s))
                out[len++] = lower(*s);
            s++;
        }
    }
    out[len] = '\0';
    /* the last character that is no space */
    const char *e = text + strlen(text);
    while (e > text && (e[-1] == ' ' || (e[-1] >= '\t' && e[-1] <= '\r')))
        e--;
    if (e > text && name_separator(e[-1]))
        *junk = true;
    for (bool again = true; again; ) {
        again = false;
        if (len && out[len - 1] == '?') {
            out[--len] = '\0';
            *junk = again = true;
        } else if (drop_suffix(out, &len, "\xEF\xBC\x9F")) {   /* ？ */
            *junk = again = true;
        }
        for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
            again = drop_suffix(out, &len, suffixes[i]) || again;
        again = drop_year(out, &len) || again;
    }
}

static const spelling *find_spelling(const char *key)
{
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
        if (strcmp(key, spellings[i].key) == 0)
            return &spellings[i];
    return NULL;
}

static void spelling_rules(const spelling *sp, sgf_rules *out)
{
    if (sp->set >= 0) {
        *out = named_sets[sp->set];
    } else {
        kg_rules k = kg_named[sp->kg];
        kg_to_rules(&k, out);
    }
}

/* ------------------------------------------------------------------ */
/* Chinese free text with a komi: "黑先贴4目半", "黑出五目半", "黑先不贴目" */

/* 贴 (traditional 貼) is what Black pays; "黑出" (Black puts out) says
 * the same.  A colour just before the word says who pays: White paying is
 * a reverse komi. */
static const char *const komi_words[] = { "贴", "貼", "黑出", "白出" };
static const char *const no_komi_words[] = {
    "不贴", "不貼", "无贴", "無貼", "不出"
};

/* Whether text contains the spelling key of a set written in CJK (the
 * ASCII ones are too short to find inside other words). */
static int cjk_set_in(const char *text)
{
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        const spelling *sp = &spellings[i];
        if ((unsigned char)sp->key[0] >= 0x80 && sp->set >= 0 &&
            strstr(text, sp->key))
            return sp->set;
    }
    return -1;
}

/* Whether the character before p in text is lit. */
static bool preceded_by(const char *text, const char *p, const char *lit)
{
    size_t n = strlen(lit);
    return (size_t)(p - text) >= n && memcmp(p - n, lit, n) == 0;
}

/* Returns 0 and fills out when text gives a komi this way, else -1. */
static int parse_free_komi(const char *text, sgf_rules *out)
{
    const char *hit = NULL, *after = NULL;
    bool none = false;
    for (const char *p = text; *p && !hit; p++) {
        for (size_t i = 0; !hit && i < sizeof no_komi_words /
                                         sizeof no_komi_words[0]; i++)
            if (lit_at(p, no_komi_words[i])) {
                hit = p;
                none = true;
            }
        for (size_t i = 0; !hit && i < sizeof komi_words /
                                         sizeof komi_words[0]; i++) {
            size_t n = lit_at(p, komi_words[i]);
            if (n) {
                hit = p;
                after = p + n;
            }
        }
    }
    if (!hit)
        return -1;
    double komi = 0;
    if (!none) {
        /* "4目半" 4.5, "五目半" 5.5, "半目" 0.5, "6.5", "3又3/4子" and
         * "3¾子" 7.5 (子 = a stone = 2 points under area counting): KM's
         * free text, so textscan.c reads both */
        amount a;
        if (!scan_amount(skip_space(after), &a))
            return -1;
        komi = amount_points(&a);
        if (!komi_ok(komi))
            return -1;
        /* "白出", "白贴", "白先贴": White pays */
        const char *c = preceded_by(text, hit, "先") ? hit - strlen("先") : hit;
        if (lit_at(hit, "白出") || preceded_by(text, c, "白"))
            komi = -komi;
    }
    int set = cjk_set_in(text);
    *out = named_sets[set >= 0 ? set : SET_CHINESE];
    out->komi = komi;
    out->has_komi = 1;
    return 0;
}

/* Free text that names one set among other words: "Chinese (area)",
 * "Japanese (6.5)", "KGS Japanese", "New Zealand rules, 7 komi".  Every
 * ASCII word, and every two words joined ("new"+"zealand", "ancient"+
 * "chinese", tried first), is looked up as a spelling; CJK names anywhere.
 * Returns 0 and fills out when the names found are of one set, else -1
 * (none, or "Chinese or Japanese"). */
static int parse_free_name(const char *text, sgf_rules *out)
{
    char words[16][24];
    int n = 0, found = cjk_set_in(text);
    for (const char *p = text; *p && n < 16; ) {
        size_t k = 0;
        while (k < sizeof words[0] - 1 && (is_alpha(p[k]) || is_digit(p[k])))
            k++;
        if (!k) {
            p++;
            continue;
        }
        if (!is_alpha(p[k]) && !is_digit(p[k])) {
            for (size_t i = 0; i < k; i++)
                words[n][i] = lower(p[i]);
            words[n++][k] = '\0';
        }
        while (is_alpha(*p) || is_digit(*p))
            p++;
    }
    for (int i = 0; i < n; i++) {
        char pair[48];
        const spelling *sp = NULL;
        if (i + 1 < n) {
            snprintf(pair, sizeof pair, "%s%s", words[i], words[i + 1]);
            if ((sp = find_spelling(pair)) != NULL && sp->set >= 0)
                i++;
            else
                sp = NULL;
        }
        if (!sp && (sp = find_spelling(words[i])) != NULL && sp->set < 0)
            sp = NULL;
        if (!sp || sp->loose)
            continue;
        if (found >= 0 && found != sp->set)
            return -1;
        found = sp->set;
    }
    if (found < 0)
        return -1;
    *out = named_sets[found];
    return 0;
}

/* ------------------------------------------------------------------ */
/* Reading and writing                                                 */

int sgf_rules_parse(const char *text, sgf_rules *out)
{
    char buf[RULES_TEXT_MAX], norm[RULES_TEXT_MAX];
    size_t len = 0;
    if (!text)
        return -1;
    while (len < sizeof buf && text[len])
        len++;
    if (len == sizeof buf)
        return -1;
    memcpy(buf, text, len + 1);

    sgf_rules r;
    kg_rules k;
    int rc = -1;
    bool junk;
    normalize(buf, norm, &junk);
    const spelling *sp = norm[0] ? find_spelling(norm) : NULL;
    const char *s = skip_space(buf);
    if (sp) {
        spelling_rules(sp, &r);
        rc = junk || sp->loose ? 0 : 1;
    } else if (*s == '{') {
        if ((rc = parse_json(s, &k)) >= 0)
            kg_to_rules(&k, &r);
    } else if ((rc = parse_compact(s, &k)) >= 0) {
        kg_to_rules(&k, &r);
    } else if ((rc = parse_free_komi(s, &r)) < 0) {
        rc = parse_free_name(s, &r);
    }
    if (rc >= 0 && out)
        *out = r;
    return rc;
}

void sgf_rules_format(const sgf_rules *r, char *buf, size_t n)
{
    char tmp[128], num[32];
    size_t len = 0;
    if (!buf || n == 0)
        return;
    if (r) {
#define WORD(w, i) ((unsigned)(i) < sizeof (w) / sizeof (w)[0] ? (w)[i] \
                                                               : "UNKNOWN")
        const char *parts[] = {
            "ko", WORD(ko_words, r->ko),
            "score", WORD(scoring_words, r->scoring),
            "tax", WORD(tax_words, r->tax),
            "sui", r->suicide ? "1" : "0",
            "button", r->button ? "1" : "0",
            "whb", WORD(bonus_words, r->bonus),
            "komi", num,
        };
#undef WORD
        /* clamped as KataGo reads it, so that it reads back */
        format_number(num, sizeof num,
                      r->komi > 1e5 ? 1e5 : r->komi < -1e5 ? -1e5 : r->komi);
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            size_t k = strlen(parts[i]);
            memcpy(tmp + len, parts[i], k);
            len += k;
        }
    }
    tmp[len] = '\0';
    if (len >= n)
        len = n - 1;
    memcpy(buf, tmp, len);
    buf[len] = '\0';
}
