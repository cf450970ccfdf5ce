/*
 * test_rules.c - rule sets (lib/go/ruleset.c): the named presets against
 * the table of doc/rules.md, RU[] spellings from real records, KataGo's
 * compact and JSON strings, Chinese komi text, the compact form written and read back,
 * and hostile input.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sgfkit.h"
#include "harness.h"

/* Every field of the record, so a test names what differs. */
static int same_rules(const sgf_rules *a, const sgf_rules *b, bool name,
                      bool has_komi)
{
    int ok = 1;
#define SAME(f) do { if (a->f != b->f) { ok = 0; \
        fprintf(stderr, "  field " #f " differs\n"); } } while (0)
    if (name && strcmp(a->name, b->name) != 0) {
        ok = 0;
        fprintf(stderr, "  name %s != %s\n", a->name, b->name);
    }
    SAME(ko); SAME(scoring); SAME(tax); SAME(suicide); SAME(komi);
    SAME(black_wins_ties); SAME(bonus); SAME(first); SAME(cycle);
    SAME(button); SAME(pass_stones); SAME(fill_in); SAME(zuozi);
    if (has_komi)
        SAME(has_komi);
#undef SAME
    return ok;
}

static sgf_rules named(const char *name)
{
    sgf_rules r;
    memset(&r, 0x5A, sizeof r);
    if (sgf_rules_named(name, &r) != 0)
        fprintf(stderr, "  no named set %s\n", name);
    return r;
}

/* ------------------------------------------------------------------ */

/* doc/rules.md, "The named sets", transcribed field by field. */
static const struct {
    const char *name;
    sgf_ko_rule ko;
    sgf_scoring_rule scoring;
    sgf_tax_rule tax;
    int suicide;
    double komi;
    int black_wins_ties;
    sgf_handicap_bonus bonus;
    int first;
    sgf_cycle_rule cycle;
    int pass_stones, fill_in, zuozi;
} table[] = {
    { "chinese", SGF_KO_POSITIONAL, SGF_SCORING_AREA, SGF_TAX_NONE, 0, 7.5,
      0, SGF_BONUS_N, SGF_BLACK, SGF_CYCLE_RULE_ILLEGAL, 0, 0, 0 },
    { "japanese", SGF_KO_SIMPLE, SGF_SCORING_TERRITORY, SGF_TAX_SEKI, 0, 6.5,
      0, SGF_BONUS_0, SGF_BLACK, SGF_CYCLE_RULE_NO_RESULT, 0, 0, 0 },
    { "korean", SGF_KO_SIMPLE, SGF_SCORING_TERRITORY, SGF_TAX_SEKI, 0, 6.5,
      0, SGF_BONUS_0, SGF_BLACK, SGF_CYCLE_RULE_NO_RESULT, 0, 0, 0 },
    { "aga", SGF_KO_SITUATIONAL, SGF_SCORING_AREA, SGF_TAX_NONE, 0, 7.5,
      0, SGF_BONUS_N_MINUS_1, SGF_BLACK, SGF_CYCLE_RULE_ILLEGAL, 1, 0, 0 },
    { "nz", SGF_KO_SITUATIONAL, SGF_SCORING_AREA, SGF_TAX_NONE, 1, 7,
      0, SGF_BONUS_0, SGF_BLACK, SGF_CYCLE_RULE_ILLEGAL, 0, 0, 0 },
    { "ing", SGF_KO_POSITIONAL, SGF_SCORING_AREA, SGF_TAX_NONE, 1, 8,
      1, SGF_BONUS_N, SGF_BLACK, SGF_CYCLE_RULE_ILLEGAL, 0, 1, 0 },
    { "tromp-taylor", SGF_KO_POSITIONAL, SGF_SCORING_AREA, SGF_TAX_NONE, 1,
      7.5, 0, SGF_BONUS_0, SGF_BLACK, SGF_CYCLE_RULE_ILLEGAL, 0, 0, 0 },
    { "ancient-chinese", SGF_KO_SIMPLE, SGF_SCORING_AREA, SGF_TAX_ALL, 0, 0,
      0, SGF_BONUS_0, SGF_WHITE, SGF_CYCLE_RULE_NO_RESULT, 0, 0, 1 },
};
enum { NSETS = sizeof table / sizeof table[0] };

static void test_named_sets(void)
{
    for (size_t i = 0; i < NSETS; i++) {
        CHECK_STR(sgf_rules_name(i), table[i].name);
        sgf_rules r;
        memset(&r, 0x5A, sizeof r);
        CHECK_INT(sgf_rules_named(table[i].name, &r), 0);
        CHECK_STR(r.name, table[i].name);
        CHECK_INT(r.ko, table[i].ko);
        CHECK_INT(r.scoring, table[i].scoring);
        CHECK_INT(r.tax, table[i].tax);
        CHECK_INT(r.suicide, table[i].suicide);
        CHECK(r.komi == table[i].komi);
        CHECK_INT(r.has_komi, 0);
        CHECK_INT(r.black_wins_ties, table[i].black_wins_ties);
        CHECK_INT(r.bonus, table[i].bonus);
        CHECK_INT(r.first, table[i].first);
        CHECK_INT(r.cycle, table[i].cycle);
        CHECK_INT(r.button, 0);
        CHECK_INT(r.pass_stones, table[i].pass_stones);
        CHECK_INT(r.fill_in, table[i].fill_in);
        CHECK_INT(r.zuozi, table[i].zuozi);
        /* the canonical name is also a spelling RU[] may hold */
        sgf_rules p;
        CHECK_INT(sgf_rules_parse(table[i].name, &p), 1);
        CHECK(same_rules(&p, &r, true, true));
    }
    CHECK(sgf_rules_name(NSETS) == NULL);
    CHECK(sgf_rules_name((size_t)-1) == NULL);

    /* sgf_rules_named: canonical names only, *out untouched otherwise */
    static const char *const not_canonical[] = {
        "Chinese", "CN", "tromp taylor", "TrompTaylor", "custom", "", " aga",
        "aga ", "ancient", "japanese rules",
    };
    for (size_t i = 0; i < sizeof not_canonical / sizeof *not_canonical; i++) {
        sgf_rules r, before;
        memset(&r, 0x33, sizeof r);
        before = r;
        CHECK_INT(sgf_rules_named(not_canonical[i], &r), -1);
        CHECK(memcmp(&r, &before, sizeof r) == 0);
    }
    sgf_rules r;
    CHECK_INT(sgf_rules_named(NULL, &r), -1);
    CHECK_INT(sgf_rules_named("chinese", NULL), -1);
}

/* ------------------------------------------------------------------ */

static const struct {
    const char *text, *set;
    int rc;
} spellings[] = {
    /* the spellings of doc/rules.md */
    { "Chinese", "chinese", 1 }, { "CN", "chinese", 1 },
    { "中国", "chinese", 1 },
    { "Japanese", "japanese", 1 }, { "JP", "japanese", 1 },
    { "日本", "japanese", 1 },
    { "Korean", "korean", 1 }, { "KR", "korean", 1 }, { "韩国", "korean", 1 },
    { "AGA", "aga", 1 }, { "BGA", "aga", 1 }, { "French", "aga", 1 },
    { "NZ", "nz", 1 }, { "New Zealand", "nz", 1 },
    { "GOE", "ing", 1 }, { "Ing", "ing", 1 }, { "SST", "ing", 1 },
    { "Tromp/Taylor", "tromp-taylor", 1 }, { "TT", "tromp-taylor", 1 },
    { "Old Chinese", "ancient-chinese", 1 }, { "古棋", "ancient-chinese", 1 },
    { "座子", "ancient-chinese", 1 },
    /* RU values of ../shared/corpus */
    { "chinese", "chinese", 1 }, { "japanese", "japanese", 1 },
    { "TT--", "tromp-taylor", 0 },
    { "Group tax?", "ancient-chinese", 0 },
    /* from the wild */
    { "Japanese 1989", "japanese", 1 }, { "Nihon Ki-in", "japanese", 1 },
    { "Chinese 2002", "chinese", 1 }, { "Ing SST", "ing", 1 },
    { "Ing Goe", "ing", 1 }, { "bga", "aga", 1 }, { "french", "aga", 1 },
    { "Korean 2016", "korean", 1 }, { "Tromp-Taylor", "tromp-taylor", 1 },
    { "tromp taylor", "tromp-taylor", 1 }, { "AGA 2004", "aga", 1 },
    { "中国规则", "chinese", 1 }, { "日本规则", "japanese", 1 },
    { "韩国规则", "korean", 1 }, { "应氏规则", "ing", 1 },
    { "數子", "chinese", 0 }, { "数子", "chinese", 0 },
    { "数目", "japanese", 0 },
    /* KataGo's names */
    { "chinese-ogs", "chinese", 1 }, { "chinese_kgs", "chinese", 1 },
    { "ChineseOGS", "chinese", 1 }, { "tromp-taylor", "tromp-taylor", 1 },
    { "TrompTaylor", "tromp-taylor", 1 }, { "NewZealand", "nz", 1 },
    /* the normal form: case, separators, "rules", white space */
    { "JAPANESE RULES", "japanese", 1 }, { "Chinese rule", "chinese", 1 },
    { "  AGA\t", "aga", 1 }, { "new_zealand", "nz", 1 },
    { "ancient.chinese", "ancient-chinese", 1 },
    { "\xE3\x80\x80日本\xE3\x80\x80", "japanese", 1 },   /* ideographic space */
    { "Japanese rules 1989", "japanese", 1 },
    { "-Japanese", "japanese", 0 }, { "Chinese?", "chinese", 0 },
    { "Chinese？", "chinese", 0 },
    /* free text that names one set among other words */
    { "Chinese (2002)", "chinese", 0 }, { "Chinese (area)", "chinese", 0 },
    { "Japanese (6.5)", "japanese", 0 }, { "KGS Japanese", "japanese", 0 },
    { "New Zealand rules, 7 komi", "nz", 0 },
    { "Ancient Chinese (group tax)", "ancient-chinese", 0 },
    { "Ing's SST", "ing", 0 }, { "中国规则 (Chinese)", "chinese", 0 },
};

static void test_spellings(void)
{
    for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
        sgf_rules r;
        memset(&r, 0x5A, sizeof r);
        int rc = sgf_rules_parse(spellings[i].text, &r);
        if (rc != spellings[i].rc)
            fprintf(stderr, "  text \"%s\"\n", spellings[i].text);
        CHECK_INT(rc, spellings[i].rc);
        sgf_rules want = named(spellings[i].set);
        if (!same_rules(&r, &want, true, true))
            fprintf(stderr, "  text \"%s\"\n", spellings[i].text);
        CHECK(same_rules(&r, &want, true, true));
    }
}

/* KataGo's names for sets that are none of ours come out "custom" with
 * KataGo's parameters (rules.cpp, parseRulesHelper). */
static void test_katago_names(void)
{
    sgf_rules r;
    CHECK_INT(sgf_rules_parse("aga-button", &r), 1);
    CHECK_STR(r.name, "custom");
    CHECK_INT(r.ko, SGF_KO_SITUATIONAL);
    CHECK_INT(r.scoring, SGF_SCORING_AREA);
    CHECK_INT(r.button, 1);
    CHECK_INT(r.bonus, SGF_BONUS_N_MINUS_1);
    CHECK(r.komi == 7);
    CHECK_INT(r.first, SGF_BLACK);

    /* stone-scoring: the group tax with komi 7.5 and Black first, which is
     * not the ancient game (White first, 座子, no komi) */
    const char *stone[] = { "stone-scoring", "StoneScoring", "ancient_area" };
    for (size_t i = 0; i < 3; i++) {
        CHECK_INT(sgf_rules_parse(stone[i], &r), 1);
        CHECK_STR(r.name, "custom");
        CHECK_INT(r.ko, SGF_KO_SIMPLE);
        CHECK_INT(r.scoring, SGF_SCORING_AREA);
        CHECK_INT(r.tax, SGF_TAX_ALL);
        CHECK_INT(r.suicide, 0);
        CHECK(r.komi == 7.5);
        CHECK_INT(r.first, SGF_BLACK);
        CHECK_INT(r.zuozi, 0);
        CHECK_INT(r.cycle, SGF_CYCLE_RULE_NO_RESULT);
    }
    CHECK_INT(sgf_rules_parse("ancient-territory", &r), 1);
    CHECK_STR(r.name, "custom");
    CHECK_INT(r.scoring, SGF_SCORING_TERRITORY);
    CHECK_INT(r.tax, SGF_TAX_ALL);
    CHECK(r.komi == 6.5);
}

static void test_unknown(void)
{
    static const char *const texts[] = {
        "KGS", "OGS", "blah", "", "   ", "rules", "--", "?",
        "Japanese Chinese",
        "Chinese or Japanese", "koFOO", "koSIMPLEscore", "sui2", "komi", "komiX",
        "komi7.5,", "komi1e9", "komi200000", "koSIMPLE junk", "buttonx",
        "whbN-2", "Komi 6.5", "黑先", "黑贴目", "{", "{}}", "{\"ko\":1}",
        "{\"ko\":\"SIMPLE\",}", "{\"foo\":\"bar\"}", "{\"suicide\":\"true\"}",
        "{\"komi\":\"7.5\"}", "{\"komi\":7.5e9}", "{\"ko\":\"SIMPLE\"} x",
        "{\"ko\":{\"a\":1}}", "{\"k\\u006f\":\"SIMPLE\"}",
        "{\"ko\":\"SIMPLE\"",
        "{\"komi\":.5}", "{\"komi\":+7}", "{\"komi\":7.}", "{'ko':'SIMPLE'}",
        "{\"ko\":\"SIMPLEX\"}", "{\"suicide\":truex}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        sgf_rules r, before;
        memset(&r, 0x5A, sizeof r);
        before = r;
        int rc = sgf_rules_parse(texts[i], &r);
        if (rc != -1)
            fprintf(stderr, "  text \"%s\"\n", texts[i]);
        CHECK_INT(rc, -1);
        CHECK(memcmp(&r, &before, sizeof r) == 0);
    }
    sgf_rules r, before;
    memset(&r, 0x5A, sizeof r);
    before = r;
    CHECK_INT(sgf_rules_parse(NULL, &r), -1);
    CHECK(memcmp(&r, &before, sizeof r) == 0);
    /* out may be NULL: the answer alone */
    CHECK_INT(sgf_rules_parse("Japanese", NULL), 1);
    CHECK_INT(sgf_rules_parse("TT--", NULL), 0);
    CHECK_INT(sgf_rules_parse("KGS", NULL), -1);
}

/* ------------------------------------------------------------------ */

static void test_katago_compact(void)
{
    sgf_rules r;
    /* what KataGo's selfplay writes (3-ai/AlignmentResearch__go_attack
     * .sgfs): no komi, so has_komi stays 0 and the default is KataGo's */
    CHECK_INT(sgf_rules_parse("koPOSITIONALscoreAREAtaxNONEsui1", &r), 1);
    sgf_rules tt = named("tromp-taylor");
    CHECK(same_rules(&r, &tt, true, true));

    /* every field given */
    CHECK_INT(sgf_rules_parse(
        "koSPIGHTscoreTERRITORYtaxALLsui1button1whbN-1fpok1komi-3.5", &r), 1);
    CHECK_STR(r.name, "custom");
    CHECK_INT(r.ko, SGF_KO_SPIGHT);
    CHECK_INT(r.scoring, SGF_SCORING_TERRITORY);
    CHECK_INT(r.tax, SGF_TAX_ALL);
    CHECK_INT(r.suicide, 1);
    CHECK_INT(r.button, 1);
    CHECK_INT(r.bonus, SGF_BONUS_N_MINUS_1);
    CHECK(r.komi == -3.5);
    CHECK_INT(r.has_komi, 1);
    CHECK_INT(r.first, SGF_BLACK);
    CHECK_INT(r.cycle, SGF_CYCLE_RULE_ILLEGAL);

    /* missing fields take KataGo's defaults: positional, area, suicide
     * legal, no button, bonus 0; tax seki and komi 6.5 under territory */
    CHECK_INT(sgf_rules_parse("koSIMPLEscoreTERRITORY", &r), 1);
    CHECK_INT(r.tax, SGF_TAX_SEKI);
    CHECK(r.komi == 6.5);
    CHECK_INT(r.has_komi, 0);
    CHECK_INT(r.suicide, 1);            /* so not japanese */
    CHECK_STR(r.name, "custom");
    CHECK_INT(r.cycle, SGF_CYCLE_RULE_NO_RESULT);
    CHECK_INT(sgf_rules_parse("koSIMPLEscoreTERRITORYsui0", &r), 1);
    sgf_rules jp = named("japanese");
    CHECK(same_rules(&r, &jp, true, true));
    CHECK_INT(sgf_rules_parse("button1", &r), 1);
    CHECK(r.komi == 7);
    CHECK_INT(r.button, 1);
    CHECK_INT(sgf_rules_parse("scoreTERRITORYtaxNONE", &r), 1);
    CHECK_INT(r.tax, SGF_TAX_NONE);
    CHECK_INT(sgf_rules_parse("komi7.5", &r), 1);   /* KataGo: TT + komi */
    CHECK_STR(r.name, "tromp-taylor");
    CHECK_INT(r.has_komi, 1);

    /* a set keeps its name under another komi */
    CHECK_INT(sgf_rules_parse("koPOSITIONALscoreAREAtaxNONEsui0whbNkomi6", &r),
              1);
    CHECK_STR(r.name, "chinese");
    CHECK(r.komi == 6);
    CHECK_INT(r.has_komi, 1);
    /* ...except ancient-chinese, which needs komi 0 */
    CHECK_INT(sgf_rules_parse("koSIMPLEscoreAREAtaxALLsui0komi0", &r), 1);
    CHECK_STR(r.name, "ancient-chinese");
    CHECK_INT(r.first, SGF_WHITE);
    CHECK_INT(r.zuozi, 1);
    CHECK_INT(sgf_rules_parse("koSIMPLEscoreAREAtaxALLsui0komi0.5", &r), 1);
    CHECK_STR(r.name, "custom");
    CHECK_INT(r.first, SGF_BLACK);

    /* whb: N-1 is not N followed by junk */
    CHECK_INT(sgf_rules_parse("whbN-1sui0koSITUATIONAL", &r), 1);
    CHECK_STR(r.name, "aga");
    CHECK_INT(r.pass_stones, 1);
    CHECK_INT(sgf_rules_parse("whbNsui0", &r), 1);
    CHECK_STR(r.name, "chinese");
    /* "komi" is read before "ko"; a key may repeat; spaces between */
    CHECK_INT(sgf_rules_parse("komi7 koSITUATIONAL", &r), 1);
    CHECK_STR(r.name, "nz");
    CHECK(r.komi == 7);
    CHECK_INT(sgf_rules_parse(" ko SIMPLE koSITUATIONAL sui 1 komi 7 ", &r),
              1);
    CHECK_STR(r.name, "nz");
    CHECK_INT(sgf_rules_parse("scoringAREAkoPOSITIONALsui1whbN", &r), 1);
    CHECK_STR(r.name, "ing");
    CHECK(r.komi == 7.5);
    CHECK_INT(r.black_wins_ties, 1);
    /* another letter case: understood, but not KataGo's own text */
    CHECK_INT(sgf_rules_parse("KOSIMPLESCORETERRITORYSUI0", &r), 0);
    CHECK_STR(r.name, "japanese");
    CHECK_INT(sgf_rules_parse("koPositionalscoreAreasui0whbN", &r), 0);
    CHECK_STR(r.name, "chinese");
}

static void test_katago_json(void)
{
    sgf_rules r;
    const char *brief = "{\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\","
        "\"tax\":\"NONE\",\"suicide\":true,\"hasButton\":false,"
        "\"whiteHandicapBonus\":\"N\",\"friendlyPassOk\":false,\"komi\":7.5}";
    CHECK_INT(sgf_rules_parse(brief, &r), 1);
    /* positional, area, suicide, bonus N: ing's parameters */
    CHECK_STR(r.name, "ing");
    CHECK(r.komi == 7.5);
    CHECK_INT(r.has_komi, 1);

    const char *chinese = "{\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\","
        "\"tax\":\"NONE\",\"suicide\":false,\"hasButton\":false,"
        "\"whiteHandicapBonus\":\"N\",\"friendlyPassOk\":true,\"komi\":7.5}";
    CHECK_INT(sgf_rules_parse(chinese, &r), 1);
    sgf_rules cn = named("chinese");
    CHECK(same_rules(&r, &cn, true, false));

    /* white space, "score", missing fields with KataGo's defaults */
    CHECK_INT(sgf_rules_parse(" {\n  \"ko\" : \"SIMPLE\",\n  \"score\" :"
                              " \"TERRITORY\",\n  \"suicide\" : false\n}\n",
                              &r), 1);
    sgf_rules jp = named("japanese");
    CHECK(same_rules(&r, &jp, true, true));
    CHECK_INT(sgf_rules_parse("{}", &r), 1);
    sgf_rules tt = named("tromp-taylor");
    CHECK(same_rules(&r, &tt, true, true));
    CHECK_INT(sgf_rules_parse("{\"hasButton\":true}", &r), 1);
    CHECK(r.komi == 7);
    CHECK_INT(r.has_komi, 0);

    /* numbers: sign, exponent; escapes */
    CHECK_INT(sgf_rules_parse("{\"komi\":-0.5}", &r), 1);
    CHECK(r.komi == -0.5);
    CHECK_INT(sgf_rules_parse("{\"komi\":75e-1}", &r), 1);
    CHECK(fabs(r.komi - 7.5) < 1e-12);
    CHECK_INT(sgf_rules_parse("{\"komi\":0.065E2}", &r), 1);
    CHECK(fabs(r.komi - 6.5) < 1e-12);
    CHECK_INT(sgf_rules_parse("{\"k\\o\":\"SIMPLE\"}", &r), -1);
    CHECK_INT(sgf_rules_parse("{\"\\u006bo\":\"SIMPLE\"}", &r), -1);
    CHECK_INT(sgf_rules_parse("{\"tax\":\"ALL\",\"ko\":\"SIMPLE\","
                              "\"suicide\":false,\"komi\":0}", &r), 1);
    CHECK_STR(r.name, "ancient-chinese");
    /* values in another case: read, loosely */
    CHECK_INT(sgf_rules_parse("{\"ko\":\"simple\",\"scoring\":\"territory\","
                              "\"suicide\":false}", &r), 0);
    CHECK_STR(r.name, "japanese");
}

/* ------------------------------------------------------------------ */

static void test_format_roundtrip(void)
{
    char buf[128];
    sgf_rules cn = named("chinese");
    sgf_rules_format(&cn, buf, sizeof buf);
    /* KataGo's keys in KataGo's order, every field written */
    CHECK_STR(buf, "koPOSITIONALscoreAREAtaxNONEsui0button0whbNkomi7.5");

    for (size_t i = 0; i < NSETS; i++) {
        sgf_rules r = named(table[i].name), back;
        memset(&back, 0x5A, sizeof back);
        sgf_rules_format(&r, buf, sizeof buf);
        CHECK_INT(sgf_rules_parse(buf, &back), 1);
        /* the text holds the komi, so the komi now comes from the text */
        CHECK_INT(back.has_komi, 1);
        /* korean's parameters are japanese's: KataGo's text cannot tell
         * them apart */
        bool kr = strcmp(table[i].name, "korean") == 0;
        CHECK(same_rules(&back, &r, !kr, false));
        CHECK_STR(back.name, kr ? "japanese" : table[i].name);
    }

    /* custom sets, and komi values a format could get wrong */
    static const double komis[] = {
        0, 0.5, -0.5, 7, -7, 6.25, 3.75, 100000, -100000, 0.125, 1234.5,
    };
    for (size_t i = 0; i < sizeof komis / sizeof *komis; i++) {
        sgf_rules r = named("nz"), back;
        strcpy(r.name, "custom");
        r.ko = SGF_KO_SPIGHT;
        r.scoring = SGF_SCORING_TERRITORY;
        r.tax = SGF_TAX_ALL;
        r.button = 1;
        r.bonus = SGF_BONUS_N_MINUS_1;
        r.komi = komis[i];
        r.has_komi = 1;
        sgf_rules_format(&r, buf, sizeof buf);
        CHECK_INT(sgf_rules_parse(buf, &back), 1);
        CHECK(same_rules(&back, &r, true, true));
    }
    /* a custom that comes back named: the same parameters as a set */
    sgf_rules r = named("tromp-taylor"), back;
    strcpy(r.name, "custom");
    sgf_rules_format(&r, buf, sizeof buf);
    CHECK_INT(sgf_rules_parse(buf, &back), 1);
    CHECK_STR(back.name, "tromp-taylor");

    /* numbers are written without the locale and without junk digits */
    r = named("chinese");
    r.komi = -0.0;
    sgf_rules_format(&r, buf, sizeof buf);
    CHECK(strstr(buf, "komi0") && !strstr(buf, "komi-"));
    r.komi = 0.1 + 0.2;    /* 0.30000000000000004 */
    sgf_rules_format(&r, buf, sizeof buf);
    CHECK(strstr(buf, "komi0.3") && buf[strlen(buf) - 1] == '3');
    r.komi = NAN;
    sgf_rules_format(&r, buf, sizeof buf);
    CHECK(sgf_rules_parse(buf, &back) == 1 && back.komi == 0);
    r.komi = 1e300;
    sgf_rules_format(&r, buf, sizeof buf);
    CHECK(sgf_rules_parse(buf, &back) == 1 && back.komi == 100000);
    /* enum values out of range are written so they cannot be read back */
    r = named("chinese");
    r.ko = (sgf_ko_rule)17;
    sgf_rules_format(&r, buf, sizeof buf);
    CHECK(strstr(buf, "koUNKNOWN") != NULL);
    CHECK_INT(sgf_rules_parse(buf, &back), -1);

    /* truncation: always NUL-terminated within n */
    r = named("chinese");
    char full[128];
    sgf_rules_format(&r, full, sizeof full);
    for (size_t n = 1; n <= strlen(full) + 1; n++) {
        char small[128];
        memset(small, 'X', sizeof small);
        sgf_rules_format(&r, small, n);
        CHECK_INT(strlen(small), n - 1 < strlen(full) ? n - 1 : strlen(full));
        CHECK(strncmp(small, full, n - 1) == 0 && small[n] == 'X');
    }
    memset(buf, 'X', sizeof buf);
    sgf_rules_format(NULL, buf, sizeof buf);
    CHECK_STR(buf, "");
    sgf_rules_format(&r, NULL, 10);          /* nothing to write to */
    buf[0] = 'X';
    sgf_rules_format(&r, buf, 0);
    CHECK(buf[0] == 'X');
}

/* ------------------------------------------------------------------ */

static void test_free_komi(void)
{
    static const struct {
        const char *text, *set;
        double komi;
    } cases[] = {
        /* ../shared/corpus, 1-pro/yywolf1983__blog (武宫17) */
        { "黑先贴4目半", "chinese", 4.5 },
        { "黑出五目半", "chinese", 5.5 },
        { "黑先不贴目", "chinese", 0 },
        /* the other forms records use: stones are 2 points each */
        { "黑贴3又3/4子", "chinese", 7.5 },
        { "贴3¾子", "chinese", 7.5 },
        { "黑贴7目半", "chinese", 7.5 },
        { "黑贴三又四分之三子", "chinese", 7.5 },
        { "黑贴二又四分之三子", "chinese", 5.5 },
        { "黑貼六目半", "chinese", 6.5 },
        { "黑贴 6.5", "chinese", 6.5 },
        { "黑贴半目", "chinese", 0.5 },
        { "黑贴十目", "chinese", 10 },
        { "黑贴十一目", "chinese", 11 },
        { "黑贴二十目", "chinese", 20 },
        { "黑不贴", "chinese", 0 },
        /* White pays: a reverse komi */
        { "白贴五目半", "chinese", -5.5 },
        { "白先贴2目", "chinese", -2 },
        { "白出1子", "chinese", -2 },
        /* the text names the rules */
        { "日本规则 黑贴6目半", "japanese", 6.5 },
        { "数目，黑贴5目半", "japanese", 5.5 },
        { "韩国规则，黑贴6目半", "korean", 6.5 },
        { "应氏规则 黑贴8点", "ing", 8 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sgf_rules r;
        memset(&r, 0x5A, sizeof r);
        int rc = sgf_rules_parse(cases[i].text, &r);
        if (rc != 0 || r.komi != cases[i].komi)
            fprintf(stderr, "  text \"%s\": %d %g\n", cases[i].text, rc,
                    rc >= 0 ? r.komi : 0.0);
        CHECK_INT(rc, 0);
        sgf_rules want = named(cases[i].set);
        want.komi = cases[i].komi;
        want.has_komi = 1;
        CHECK(same_rules(&r, &want, true, true));
    }
}

/* ------------------------------------------------------------------ */

/* Deterministic bytes: the test must fail the same way twice. */
static uint32_t rnd(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void test_hostile(void)
{
    /* longer than the local copy: unknown, whatever it starts with */
    size_t big = 1 << 20;
    char *s = malloc(big + 1);
    CHECK(s != NULL);
    if (!s)
        return;
    memset(s, 'a', big);
    s[big] = '\0';
    sgf_rules r;
    CHECK_INT(sgf_rules_parse(s, &r), -1);
    memcpy(s, "Japanese", 8);
    CHECK_INT(sgf_rules_parse(s, &r), -1);
    /* the boundary: 511 bytes are read, 512 are not */
    memset(s, ' ', 600);
    memcpy(s + 503, "Japanese", 8);
    s[511] = '\0';
    CHECK_INT(sgf_rules_parse(s, &r), 1);
    s[511] = ' ';
    s[512] = '\0';
    CHECK_INT(sgf_rules_parse(s, &r), -1);

    /* invalid and cut UTF-8 where multi-byte words are looked for */
    static const char *const bad[] = {
        "\xE8\xB4", "\xE8", "\xC2", "\xE3\x80", "黑\xE8\xB4", "贴\xE5",
        "贴3\xC2", "\xFF\xFE中国", "中国\xFF", "黑贴\xE5\x9B", "{\"ko\":\"\xFF\"}",
        "ko\xC2\xA0SIMPLE", "黑贴三又四分之", "黑贴3/", "黑贴3/0子",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc = sgf_rules_parse(bad[i], &r);
        CHECK(rc >= -1 && rc <= 1);
    }
    /* no spelling with the junk before it; free text that names a set */
    CHECK_INT(sgf_rules_parse("\xFF\xFE中国", &r), 0);
    CHECK_STR(r.name, "chinese");
    /* a no-break space between key and value */
    CHECK_INT(sgf_rules_parse("ko\xC2\xA0SIMPLE", &r), 1);

    /* random bytes and random pieces of real forms: any answer, but a
     * record that parsed is sound (the sanitizer build checks the reads) */
    static const char *const pieces[] = {
        "ko", "SIMPLE", "komi", "7.5", "score", "AREA", "tax", "sui", "1",
        "whb", "N-1", "{", "}", "\"", ":", ",", "贴", "目", "半", "子", "又",
        "3/4", "¾", "十", "Japanese", " ", "-", "?", "rules", "中国", "true",
        "e9", "\\", "黑", "白", "先", "不",
    };
    uint32_t seed = 12345;
    for (int round = 0; round < 20000; round++) {
        char t[96];
        size_t len = 0;
        int n = (int)(rnd(&seed) % 12);
        for (int k = 0; k < n; k++) {
            if (rnd(&seed) % 3 == 0) {
                if (len + 1 < sizeof t)
                    t[len++] = (char)(rnd(&seed) % 255 + 1);
            } else {
                const char *p = pieces[rnd(&seed) %
                                       (sizeof pieces / sizeof *pieces)];
                size_t m = strlen(p);
                if (len + m < sizeof t) {
                    memcpy(t + len, p, m);
                    len += m;
                }
            }
        }
        t[len] = '\0';
        memset(&r, 0x5A, sizeof r);
        int rc = sgf_rules_parse(t, &r);
        if (rc < 0)
            continue;
        bool named_ok = strcmp(r.name, "custom") == 0;
        for (size_t i = 0; sgf_rules_name(i); i++)
            named_ok = named_ok || strcmp(r.name, sgf_rules_name(i)) == 0;
        if (!named_ok || r.ko > SGF_KO_SPIGHT || r.tax > SGF_TAX_ALL ||
            r.bonus > SGF_BONUS_N_MINUS_1 ||
            !(r.komi >= -1e5 && r.komi <= 1e5)) {
            CHECK(!"sound record");
            fprintf(stderr, "  text \"%s\"\n", t);
        }
        /* what parsed formats and reads back to the same parameters; the
         * komi is written with six decimals, so exactly when it is a
         * multiple of 1/64 (every komi anyone plays) */
        char buf[128];
        sgf_rules back;
        sgf_rules_format(&r, buf, sizeof buf);
        bool exact = r.komi * 64 == floor(r.komi * 64);
        if (sgf_rules_parse(buf, &back) != 1 ||
            fabs(back.komi - r.komi) > 1e-6 ||
            (exact && !same_rules(&back, &r, false, false))) {
            CHECK(!"round trip");
            fprintf(stderr, "  text \"%s\" -> %s\n", t, buf);
        }
    }
    CHECK(1);   /* reached: nothing crashed */
    free(s);
}

int main(void)
{
    test_named_sets();
    test_spellings();
    test_katago_names();
    test_unknown();
    test_katago_compact();
    test_katago_json();
    test_format_roundtrip();
    test_free_komi();
    test_hostile();
    TEST_END();
}
