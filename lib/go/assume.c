/*
 * assume.c - what a record does not state, inferred from what it does:
 * the rules (from RE, EV, GN, PC, AP and KM), the komi (from RU, the
 * handicap, the result's margin and the date) and the handicap stones of
 * HA[N] written without AB.  Runs after gameinfo.c has read the game
 * information and fills the last fields of sgf_info; the replay and the
 * scorer read them.  doc/gameinfo.md, "What the record leaves unsaid",
 * gives every clue and why it means what it is taken to mean.
 *
 * Every clue is a piece of text the record holds; the messages and the
 * *_evidence fields quote it, so a reader can judge the inference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/textscan.h"
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/points.h"
#include "sgf/text.h"
#include "go/assume.h"

const char *sgf_source_name(sgf_source s)
{
    switch (s) {
    case SGF_SOURCE_RECORD: return "record";
    case SGF_SOURCE_INFERRED: return "inferred";
    case SGF_SOURCE_DEFAULT: return "default";
    case SGF_SOURCE_GIVEN: break;
    }
    return "given";
}

/* ------------------------------------------------------------------ */
/* Text tests                                                          */

/* Whether hay holds needle: ASCII needles case-insensitively and as a
 * whole word ("Ing" is no clue inside "Beijing"), others as they are. */
static bool has_word(const char *hay, const char *needle)
{
    if (!hay)
        return false;
    if ((unsigned char)needle[0] >= 0x80)
        return strstr(hay, needle) != NULL;
    for (const char *p = hay; *p; p++) {
        if (lower(*p) != lower(needle[0]) || (p > hay && is_alpha(p[-1])))
            continue;
        size_t n = 0;
        while (needle[n] && lower(p[n]) == lower(needle[n]))
            n++;
        if (!needle[n] && !is_alpha(p[n]))
            return true;
    }
    return false;
}

/* What a text could hold, for skipping the clues it cannot: in first,
 * bit i set when a word starts with the letter 'a' + i (either case), and
 * bit 26 when it has a byte of a multibyte character; in pairs, a bit for
 * each word's first two letters (hashed).  The tables hold a few hundred
 * words, most texts a handful: one pass here, and a word is compared only
 * where the text has a word that starts as it does. */
typedef struct word_keys {
    uint32_t first;
    uint64_t pairs;
} word_keys;

static inline uint64_t pair_bit(char a, char b)
{
    return 1ull << (((unsigned)(lower(a) - 'a') * 31u +
                     (unsigned)(lower(b) - 'a')) & 63u);
}

static word_keys text_keys(const char *s)
{
    word_keys keys = { 0, 0 };
    for (const char *p = s; *p; p++) {
        if ((unsigned char)*p >= 0x80) {
            keys.first |= 1u << 26;
        } else if (is_alpha(*p) && (p == s || !is_alpha(p[-1]))) {
            keys.first |= 1u << (lower(*p) - 'a');
            if (is_alpha(p[1]))
                keys.pairs |= pair_bit(p[0], p[1]);
        }
    }
    return keys;
}

/* Whether a text with these keys can hold word. */
static bool may_hold(word_keys keys, const char *word)
{
    unsigned char c = (unsigned char)word[0];
    if (c >= 0x80)
        return (keys.first >> 26) & 1u;
    if (!is_alpha((char)c) || !((keys.first >> (lower((char)c) - 'a')) & 1u))
        return false;
    return !is_alpha(word[1]) || (keys.pairs & pair_bit(word[0], word[1]));
}

/* Code points in [lo, hi] of three bytes each: kana, hangul. */
static bool has_range(const char *s, unsigned lo, unsigned hi)
{
    for (; s && *s; s += u8len(s)) {
        const unsigned char *u = (const unsigned char *)s;
        if ((u[0] & 0xF0) != 0xE0 || u8len(s) != 3)
            continue;
        unsigned c = (u[0] & 0x0Fu) << 12 | (u[1] & 0x3Fu) << 6 |
                     (u[2] & 0x3Fu);
        if (c >= lo && c <= hi)
            return true;
    }
    return false;
}

/* Japanese writing: kana, or the Japanese forms 黒 (black) and 戦
 * (tournament), which Chinese writes 黑 and 战/戰. */
static bool japanese_text(const char *s)
{
    return has_range(s, 0x3040, 0x30FF) ||
           (s && (strstr(s, "黒") || strstr(s, "戦")));
}

static bool korean_text(const char *s)
{
    return has_range(s, 0xAC00, 0xD7A3);
}

/* ------------------------------------------------------------------ */
/* Clues to the rules                                                  */

/* How much a clue says, strongest first.  A clue of a stronger kind
 * decides; clues of one kind that disagree decide nothing. */
enum clue_level {
    LEVEL_NONE,
    LEVEL_COUNT,     /* RE[] with KM[]: a margin only a territory count
                      * gives (a seki could still give it by area) */
    LEVEL_SERVER,    /* a server named in PC or AP: its default rules,
                      * which its players often change (KGS: 17% of the
                      * games without RU[] would be wrong so) */
    LEVEL_DATE,      /* before 1920 and no 座子: a Japanese game */
    LEVEL_KOMI,      /* KM[]'s value: the usual komi of one rule set */
    LEVEL_WORDS,     /* a country named in EV or GN */
    LEVEL_PLACE,     /* PC[]: where the game was played (host's rules) */
    LEVEL_EVENT,     /* EV/GN name an event whose rules are known */
    LEVEL_RESULT,    /* RE[] itself: no result, a count in stones... */
    LEVEL_OPENING    /* the 座子 opening */
};

typedef struct clue {
    const char *word;
    const char *set;
} clue;

/* Events whose rules are known, whatever the city: the domestic titles
 * and the international cups under their sponsor's rules.  An EV or GN
 * that names two countries ("Japan-China Go Exchange") is a match whose
 * rules follow the host, so these are then not looked at. */
static const clue event_clues[] = {
    /* Japanese titles and tournaments, and international events held
     * under the Nihon Ki-in's rules */
    { "Honinbo", "japanese" }, { "Ryusei", "japanese" },
    { "Agon", "japanese" }, { "Kakusei", "japanese" },
    { "Oteai", "japanese" }, { "Shinjin-O", "japanese" },
    { "NHK", "japanese" }, { "Fujitsu", "japanese" },
    { "Globis", "japanese" }, { "Hayago", "japanese" },
    { "Saikyo", "japanese" }, { "ACOM", "japanese" },
    { "Okage", "japanese" }, { "Chikurin", "japanese" },
    { "本因坊", "japanese" }, { "十段", "japanese" },
    { "碁聖", "japanese" }, { "碁圣", "japanese" }, { "富士通", "japanese" },
    /* sponsors' cups and the magazines and clubs that held games */
    { "JT Cup", "japanese" }, { "Daiwa", "japanese" },
    { "Shin'ei", "japanese" }, { "Shinei", "japanese" },
    { "Best Ten", "japanese" }, { "Kido", "japanese" },
    { "Densei", "japanese" }, { "Kintetsu", "japanese" },
    { "Sanyo", "japanese" }, { "Igo", "japanese" },
    { "《棋道》", "japanese" },
    /* the Japanese newspapers and societies that sponsored games from the
     * Meiji era on, in romaji and in Chinese */
    { "Yomiuri", "japanese" }, { "Asahi", "japanese" },
    { "Mainichi", "japanese" }, { "Jiji", "japanese" },
    { "Hochi", "japanese" }, { "Hoensha", "japanese" },
    { "Shinbun", "japanese" }, { "Shimbun", "japanese" },
    { "Shinpo", "japanese" }, { "Shimpo", "japanese" },
    { "读卖", "japanese" }, { "讀賣", "japanese" }, { "読売", "japanese" },
    { "朝日新", "japanese" },
    { "每日新闻", "japanese" }, { "毎日新聞", "japanese" },
    { "時事新報", "japanese" }, { "时事新报", "japanese" },
    { "报知新闻", "japanese" }, { "報知新聞", "japanese" },
    /* Korean titles and the Korean sponsors' cups */
    { "Kuksu", "korean" }, { "Myeongin", "korean" },
    { "Myungin", "korean" }, { "Wangwi", "korean" },
    { "Kiwang", "korean" }, { "Paewang", "korean" },
    { "Chaegowi", "korean" }, { "Kiseong", "korean" },
    { "Kisung", "korean" }, { "Chunwon", "korean" },
    { "Siptan", "korean" }, { "Baduk", "korean" },
    { "LG", "korean" }, { "BC Card", "korean" },
    { "GS Caltex", "korean" }, { "KBS", "korean" },
    { "国手", "korean" }, { "國手", "korean" },
    /* Chinese titles and cups */
    { "Tianyuan", "chinese" }, { "Mingren", "chinese" },
    { "Qisheng", "chinese" }, { "Chunlan", "chinese" },
    { "Bailing", "chinese" }, { "Mlily", "chinese" },
    { "Changqi", "chinese" }, { "Liguang", "chinese" },
    { "Weiqi", "chinese" }, { "Go Seigen Cup", "chinese" },
    { "春兰", "chinese" }, { "春蘭", "chinese" }, { "百灵", "chinese" },
    { "百靈", "chinese" },
    { "围甲", "chinese" }, { "圍甲", "chinese" },
    /* the Ing Cup and the Ing Foundation's events */
    { "Ing", "ing" }, { "应氏", "ing" }, { "應氏", "ing" },
};

/* The Japanese names of titles that China, Korea and Taiwan hold too
 * ("Chinese Meijin", "Korean Kisei"): Japanese unless the text names
 * another country. */
static const clue title_clues[] = {
    { "Meijin", "japanese" }, { "Kisei", "japanese" },
    { "Judan", "japanese" }, { "Tengen", "japanese" },
    { "Oza", "japanese" }, { "Gosei", "japanese" },
};

/* Japanese sponsors whose cups China held too: Japanese unless the text
 * names another country or the place says otherwise (a clue of the
 * strength of a country's name). */
static const clue sponsor_clues[] = {
    { "NEC", "japanese" }, { "Ricoh", "japanese" },
};

/* Countries and cities (PC, and words in EV and GN). */
static const clue place_clues[] = {
    { "Japan", "japanese" }, { "Japanese", "japanese" },
    { "Nihon", "japanese" }, { "Ki-in", "japanese" },
    { "Tokyo", "japanese" }, { "Osaka", "japanese" },
    { "Nagoya", "japanese" }, { "Kyoto", "japanese" },
    { "Edo", "japanese" }, { "Kansai", "japanese" },
    { "Fukuoka", "japanese" }, { "Sapporo", "japanese" },
    { "Hiroshima", "japanese" }, { "Kobe", "japanese" },
    { "Yokohama", "japanese" }, { "Kanagawa", "japanese" },
    { "Pref", "japanese" },       /* "Yamanashi Pref.": a prefecture */
    { "日本", "japanese" }, { "東京", "japanese" }, { "东京", "japanese" },
    { "大阪", "japanese" }, { "神奈川", "japanese" }, { "札幌", "japanese" },
    { "名古屋", "japanese" }, { "京都", "japanese" }, { "横浜", "japanese" },
    { "横滨", "japanese" }, { "神戸", "japanese" }, { "神户", "japanese" },
    { "福岡", "japanese" }, { "福冈", "japanese" }, { "広島", "japanese" },
    { "广岛", "japanese" }, { "熱海", "japanese" }, { "热海", "japanese" },
    { "箱根", "japanese" }, { "Atami", "japanese" }, { "Hakone", "japanese" },
    /* the prefectures, and more cities (not Saga and Mie: English and
     * Chinese words) */
    { "Hokkaido", "japanese" }, { "Aomori", "japanese" },
    { "Iwate", "japanese" }, { "Miyagi", "japanese" },
    { "Akita", "japanese" }, { "Yamagata", "japanese" },
    { "Fukushima", "japanese" }, { "Ibaraki", "japanese" },
    { "Tochigi", "japanese" }, { "Gunma", "japanese" },
    { "Saitama", "japanese" }, { "Chiba", "japanese" },
    { "Niigata", "japanese" }, { "Toyama", "japanese" },
    { "Ishikawa", "japanese" }, { "Fukui", "japanese" },
    { "Yamanashi", "japanese" }, { "Nagano", "japanese" },
    { "Gifu", "japanese" }, { "Shizuoka", "japanese" },
    { "Aichi", "japanese" }, { "Shiga", "japanese" }, { "Hyogo", "japanese" },
    { "Nara", "japanese" }, { "Wakayama", "japanese" },
    { "Tottori", "japanese" }, { "Shimane", "japanese" },
    { "Okayama", "japanese" }, { "Yamaguchi", "japanese" },
    { "Tokushima", "japanese" }, { "Kagawa", "japanese" },
    { "Ehime", "japanese" }, { "Kochi", "japanese" },
    { "Nagasaki", "japanese" }, { "Kumamoto", "japanese" },
    { "Oita", "japanese" }, { "Miyazaki", "japanese" },
    { "Kagoshima", "japanese" }, { "Okinawa", "japanese" },
    { "Sendai", "japanese" }, { "Kanazawa", "japanese" },
    { "Izu", "japanese" },
    { "北海道", "japanese" }, { "青森", "japanese" }, { "岩手", "japanese" },
    { "宮城", "japanese" }, { "宫城", "japanese" }, { "秋田", "japanese" },
    { "福島", "japanese" }, { "福岛", "japanese" }, { "茨城", "japanese" },
    { "栃木", "japanese" }, { "群馬", "japanese" }, { "群马", "japanese" },
    { "埼玉", "japanese" }, { "千葉", "japanese" }, { "千叶", "japanese" },
    { "新潟", "japanese" }, { "福井", "japanese" }, { "山梨", "japanese" },
    { "長野", "japanese" }, { "长野", "japanese" }, { "岐阜", "japanese" },
    { "静岡", "japanese" }, { "静冈", "japanese" }, { "愛知", "japanese" },
    { "爱知", "japanese" }, { "滋賀", "japanese" }, { "滋贺", "japanese" },
    { "兵庫", "japanese" }, { "兵库", "japanese" }, { "奈良", "japanese" },
    { "和歌山", "japanese" }, { "鳥取", "japanese" }, { "鸟取", "japanese" },
    { "島根", "japanese" }, { "岛根", "japanese" }, { "岡山", "japanese" },
    { "冈山", "japanese" }, { "徳島", "japanese" }, { "德岛", "japanese" },
    { "愛媛", "japanese" }, { "爱媛", "japanese" }, { "長崎", "japanese" },
    { "长崎", "japanese" }, { "熊本", "japanese" }, { "鹿児島", "japanese" },
    { "鹿儿岛", "japanese" }, { "沖縄", "japanese" }, { "冲绳", "japanese" },
    { "仙台", "japanese" }, { "金沢", "japanese" }, { "金泽", "japanese" },
    { "Korea", "korean" }, { "Korean", "korean" },
    { "Seoul", "korean" }, { "Busan", "korean" },
    { "Kiwon", "korean" }, { "Hanguk", "korean" },
    { "Cheju", "korean" }, { "Jeju", "korean" }, { "Incheon", "korean" },
    { "Daegu", "korean" },
    /* provinces and more cities */
    { "Gwangju", "korean" }, { "Daejeon", "korean" }, { "Ulsan", "korean" },
    { "Suwon", "korean" }, { "Jeonju", "korean" }, { "Changwon", "korean" },
    { "Pohang", "korean" }, { "Gyeongju", "korean" }, { "Gangwon", "korean" },
    { "Gyeonggi", "korean" }, { "Chungcheong", "korean" },
    { "Jeolla", "korean" }, { "Gyeongsang", "korean" }, { "首尔", "korean" },
    { "首爾", "korean" }, { "汉城", "korean" }, { "漢城", "korean" },
    { "釜山", "korean" }, { "济州", "korean" }, { "濟州", "korean" },
    { "仁川", "korean" }, { "大邱", "korean" },
    { "韩国", "korean" }, { "韓国", "korean" }, { "韓國", "korean" },
    { "China", "chinese" }, { "Chinese", "chinese" },
    { "Zhongguo", "chinese" }, { "Beijing", "chinese" },
    { "Shanghai", "chinese" }, { "Hangzhou", "chinese" },
    { "Guangzhou", "chinese" }, { "Chengdu", "chinese" },
    { "Chongqing", "chinese" }, { "Shenzhen", "chinese" },
    { "Nanjing", "chinese" }, { "Tianjin", "chinese" },
    { "Wuhan", "chinese" }, { "Wuxi", "chinese" },
    { "Yangzhou", "chinese" }, { "Zhengzhou", "chinese" },
    { "Guilin", "chinese" }, { "Shenyang", "chinese" },
    { "Fuzhou", "chinese" }, { "Xiamen", "chinese" },
    { "Qingdao", "chinese" }, { "Dalian", "chinese" },
    { "Suzhou", "chinese" }, { "Kunming", "chinese" },
    { "中国", "chinese" }, { "中國", "chinese" }, { "北京", "chinese" },
    { "上海", "chinese" }, { "广州", "chinese" }, { "天津", "chinese" },
    { "杭州", "chinese" }, { "成都", "chinese" }, { "重庆", "chinese" },
    /* the provinces */
    { "Hebei", "chinese" }, { "Shanxi", "chinese" },
    { "Liaoning", "chinese" }, { "Jilin", "chinese" },
    { "Heilongjiang", "chinese" }, { "Jiangsu", "chinese" },
    { "Zhejiang", "chinese" }, { "Anhui", "chinese" },
    { "Fujian", "chinese" }, { "Jiangxi", "chinese" },
    { "Shandong", "chinese" }, { "Henan", "chinese" }, { "Hubei", "chinese" },
    { "Hunan", "chinese" }, { "Guangdong", "chinese" },
    { "Hainan", "chinese" }, { "Sichuan", "chinese" },
    { "Guizhou", "chinese" }, { "Yunnan", "chinese" },
    { "Shaanxi", "chinese" }, { "Gansu", "chinese" },
    { "Qinghai", "chinese" }, { "Guangxi", "chinese" },
    { "Ningxia", "chinese" }, { "Xinjiang", "chinese" },
    { "河北", "chinese" }, { "山西", "chinese" }, { "辽宁", "chinese" },
    { "遼寧", "chinese" }, { "吉林", "chinese" }, { "黑龙江", "chinese" },
    { "黑龍江", "chinese" }, { "江苏", "chinese" }, { "江蘇", "chinese" },
    { "浙江", "chinese" }, { "安徽", "chinese" }, { "福建", "chinese" },
    { "江西", "chinese" }, { "山东", "chinese" }, { "山東", "chinese" },
    { "河南", "chinese" }, { "湖北", "chinese" }, { "湖南", "chinese" },
    { "广东", "chinese" }, { "廣東", "chinese" }, { "海南", "chinese" },
    { "四川", "chinese" }, { "贵州", "chinese" }, { "貴州", "chinese" },
    { "云南", "chinese" }, { "雲南", "chinese" }, { "陕西", "chinese" },
    { "陝西", "chinese" }, { "甘肃", "chinese" }, { "甘肅", "chinese" },
    { "青海", "chinese" }, { "广西", "chinese" }, { "廣西", "chinese" },
    { "宁夏", "chinese" }, { "寧夏", "chinese" }, { "新疆", "chinese" },
};

/* Go servers, named in PC or AP, and the rules their games are played
 * under when the record does not say (each server's default). */
static const clue server_clues[] = {
    { "IGS", "japanese" }, { "Pandanet", "japanese" },
    { "NNGS", "japanese" }, { "KGS", "japanese" },
    { "Tygem", "korean" }, { "타이젬", "korean" },
    { "WBaduk", "korean" }, { "Cyberoro", "korean" },
    { "CGOS", "chinese" },
};

/* The rule sets that agree on everything a record's checks and count
 * depend on: Japanese and Korean rules differ only in name. */
static bool same_family(const char *a, const char *b)
{
    bool ta = !strcmp(a, "japanese") || !strcmp(a, "korean");
    bool tb = !strcmp(b, "japanese") || !strcmp(b, "korean");
    return ta ? tb : !strcmp(a, b);
}

/* The strongest decision so far and the clues that disagree with it. */
typedef struct verdict {
    const char *set;
    enum clue_level level;
    bool conflict;            /* at this level, clues disagree */
    bool korean_seen;         /* a Korean clue at any level */
    const char *prop;         /* the clue: PROP[value] */
    const char *value;
    const char *why;          /* what the clue means, for the note */
    uint32_t pos;
} verdict;

static void found(verdict *v, enum clue_level level, const char *set,
                  const char *prop, const char *value, const char *why,
                  uint32_t pos)
{
    if (!strcmp(set, "korean"))
        v->korean_seen = true;
    if (level < v->level)
        return;
    if (level > v->level) {
        *v = (verdict){ set, level, false, v->korean_seen, prop, value, why,
                        pos };
        return;
    }
    if (!same_family(set, v->set))
        v->conflict = true;
    else if (!strcmp(set, "korean"))
        v->set = set;
}

/* The clues of table (n entries) in text (whose text_keys are keys): the
 * set they agree on, NULL when none or when they disagree. */
static const char *clue_in(const char *text, word_keys keys,
                           const clue *table, size_t n, int *count)
{
    const char *set = NULL;
    *count = 0;
    for (size_t i = 0; i < n; i++)
        if (may_hold(keys, table[i].word) && has_word(text, table[i].word)) {
            if (set && !same_family(set, table[i].set)) {
                (*count)++;
                return NULL;
            }
            if (!set || !strcmp(table[i].set, "korean"))
                set = table[i].set;
            (*count)++;
        }
    return set;
}

#define COUNT(t) (sizeof (t) / sizeof (t)[0])

static const sgf_prop *info_prop(const sgf_game *g, int kind)
{
    return g->gameinfo_node ? sgf_node_find(g->gameinfo_node, kind) : NULL;
}

/* EVX[]: GoGoD's addition to EV, most often the sponsor ("Sponsored by
 * Yomiuri Shinbun"); not an FF[4] property, so found by its id. */
static const sgf_prop *event_extra(const sgf_game *g)
{
    if (!g->gameinfo_node)
        return NULL;
    for (const sgf_prop *p = g->gameinfo_node->props; p; p = p->next)
        if (p->kind == SGF_P_UNKNOWN && !strcmp(p->id, "EVX"))
            return p;
    return NULL;
}

static uint32_t prop_pos(const sgf_game *g, int kind)
{
    const sgf_prop *p = info_prop(g, kind);
    return p ? p->pos : g->root->pos;
}

/* 2.25, 5.75: a margin or komi in quarters, which only stones give. */
static bool quarter_point(double v)
{
    double q = v * 4;
    long n = (long)(q + 0.5);
    return q - (double)n < 1e-9 && (double)n - q < 1e-9 && n % 2 != 0;
}

/* RE[]: a result only some rules give, a margin counted one way, or
 * words of one language. */
static void result_clues(const sgf_game *g, verdict *v)
{
    const char *re = g->info.result_text;
    uint32_t pos = prop_pos(g, SGF_P_RE);
    if (!re || !*re)
        return;
    if (g->info.result.winner == SGF_WIN_VOID) {
        found(v, LEVEL_RESULT, "japanese", "RE", re, "a game without "
              "result exists only under Japanese and Korean rules (a cycle "
              "nobody leaves)", pos);
        return;
    }
    if (korean_text(re)) {
        found(v, LEVEL_RESULT, "korean", "RE", re, "the result is written "
              "in Korean", pos);
        return;
    }
    if (japanese_text(re) || has_word(re, "jigo")) {
        found(v, LEVEL_RESULT, "japanese", "RE", re, "the result is written "
              "in Japanese", pos);
        return;
    }
    /* a margin in stones is an area count: 子 written, or quarters
     * (B+2.25), which only stones give */
    bool stones = false;
    for (const char *p = strstr(re, "子") ? re : ""; *p && !stones;
         p += u8len(p)) {
        amount a;
        const char *e = scan_amount(p, &a);
        if (e && a.unit == UNIT_STONES)
            stones = true;
    }
    /* B+2.25: gameinfo.c read the quarters as stones */
    const char *plus = strchr(re, '+');
    double m;
    if (plus && scan_decimal(plus + 1, SCAN_LOOSE, &m, NULL) &&
        quarter_point(m))
        stones = true;
    if (stones)
        found(v, LEVEL_RESULT, "chinese", "RE", re, "a margin in stones is "
              "counted by area, as Chinese rules count", pos);
}

/* 第N期 in the name of a contest (战, 戦, 杯...): the edition as Japanese
 * and Korean events count it, where Chinese ones write 第N届.  A
 * magazine's issue (2005年第5期) is no edition. */
static bool japanese_edition(const char *s)
{
    static const char *const contest[] = { "战", "戦", "戰", "赛", "賽",
                                           "杯" };
    bool named = false;
    for (size_t i = 0; i < COUNT(contest) && !named; i++)
        named = strstr(s, contest[i]) != NULL;
    if (!named)
        return false;
    static const char numerals[] = "0123456789０１２３４５６７８９"
                                    "一二三四五六七八九十百〇零";
    const size_t year = strlen("年");
    for (const char *p = strstr(s, "第"); p; p = strstr(p + 1, "第")) {
        if ((size_t)(p - s) >= year && !strncmp(p - year, "年", year))
            continue;
        const char *q = p + strlen("第");
        const char *digits = q;
        while (*q) {
            size_t n = u8len(q);
            char c[5] = { 0 };
            memcpy(c, q, n < 4 ? n : 4);
            if (!strstr(numerals, c))
                break;
            q += n;
        }
        if (q > digits && !strncmp(q, "期", strlen("期")))
            return true;
    }
    return false;
}

static void event_clues_of(const char *prop, const char *text, uint32_t pos,
                           verdict *v)
{
    if (!text || !*text)
        return;
    int places, events;
    word_keys keys = text_keys(text);
    const char *country = clue_in(text, keys, place_clues, COUNT(place_clues),
                                  &places);
    /* "Japan-China ...", "CJK Veterans": a match between countries */
    static const clue between_clues[] = {
        { "CJK", "" }, { "Japan-China", "" }, { "China-Japan", "" },
        { "Korea-Japan", "" }, { "Japan-Korea", "" }, { "China-Korea", "" },
        { "Korea-China", "" },
    };
    int between_words;
    clue_in(text, keys, between_clues, COUNT(between_clues), &between_words);
    bool between = (places > 1 && !country) || between_words > 0;
    if (!between) {
        const char *ev = clue_in(text, keys, event_clues, COUNT(event_clues),
                                 &events);
        /* "Chinese Meijin": a title of that country */
        if (!ev && !events) {
            ev = clue_in(text, keys, title_clues, COUNT(title_clues), &events);
            if (ev && country && !same_family(ev, country))
                ev = country;
        }
        if (ev)
            found(v, LEVEL_EVENT, ev, prop, text, "the event is held under "
                  "these rules", pos);
        int sponsors;
        const char *sponsor = clue_in(text, keys, sponsor_clues,
                                      COUNT(sponsor_clues), &sponsors);
        if (sponsor && !country)
            found(v, LEVEL_WORDS, sponsor, prop, text, "the sponsor's cup is "
                  "a Japanese one unless the record names another country",
                  pos);
        if (country)
            found(v, LEVEL_WORDS, country, prop, text, "the event is named "
                  "after a country", pos);
    }
    if (!between && japanese_edition(text))
        found(v, LEVEL_WORDS, "japanese", prop, text, "Japanese and Korean "
              "events count their editions in 期 (第N期), Chinese ones in "
              "届", pos);
    if (japanese_text(text))
        found(v, LEVEL_WORDS, "japanese", prop, text, "it is written in "
              "Japanese", pos);
    else if (korean_text(text))
        found(v, LEVEL_WORDS, "korean", prop, text, "it is written in "
              "Korean", pos);
}

/* An RU[] that names no rule set may still name the match's form:
 * GoGoD writes RU[Uchikomi] for uchikomi-go, the Japanese match whose
 * handicap grade moves with the score, without komi (Go Seigen's
 * ten-game matches: all 17 such records of the corpus have KM[0]). */
static const clue match_clues[] = {
    { "Uchikomi", "japanese" }, { "打ち込み", "japanese" },
    { "打込", "japanese" },
};

static bool uchikomi_match(const sgf_game *g)
{
    const char *ru = g->info.rules;
    int n;
    return ru && clue_in(ru, text_keys(ru), match_clues, COUNT(match_clues),
                         &n);
}

/* A clue of level when text (prop's value) holds a word of table. */
static void word_clue(verdict *v, enum clue_level level, const clue *table,
                      size_t n, const char *prop, const char *text,
                      const char *why, uint32_t pos)
{
    int words;
    const char *set = text ? clue_in(text, text_keys(text), table, n, &words)
                           : NULL;
    if (set)
        found(v, level, set, prop, text, why, pos);
}

static void match_clues_of(const sgf_game *g, verdict *v)
{
    word_clue(v, LEVEL_EVENT, match_clues, COUNT(match_clues), "RU",
              g->info.rules, "the match's form is one of that country",
              prop_pos(g, SGF_P_RU));
}

static void place_clues_of(const sgf_game *g, verdict *v)
{
    const char *pc = g->info.place;
    uint32_t pos = prop_pos(g, SGF_P_PC);
    int n;
    if (!pc || !*pc)
        return;
    word_keys keys = text_keys(pc);
    const char *set = clue_in(pc, keys, server_clues, COUNT(server_clues),
                              &n);
    if (set)
        found(v, LEVEL_SERVER, set, "PC", pc, "the server's games are "
              "played under these rules unless they say otherwise", pos);
    else if ((set = clue_in(pc, keys, place_clues, COUNT(place_clues), &n)))
        found(v, LEVEL_PLACE, set, "PC", pc, "a game is played under the "
              "rules of the country it is played in", pos);
    else if (korean_text(pc))
        found(v, LEVEL_PLACE, "korean", "PC", pc, "the place is written in "
              "Korean", pos);
    else if (japanese_text(pc))
        found(v, LEVEL_PLACE, "japanese", "PC", pc, "the place is written "
              "in Japanese", pos);
}

static void application_clues(const sgf_game *g, verdict *v)
{
    word_clue(v, LEVEL_SERVER, server_clues, COUNT(server_clues), "AP",
              g->info.application, "the server's games are played under "
              "these rules unless they say otherwise", g->root->pos);
}

static const char *prop_text(sgf_game *g, const sgf_prop *p)
{
    return p && p->nvalues ? sgf_value_text(g, p, 0, NULL) : NULL;
}

/* Whether PC or AP names a Go server. */
static bool server_named(const sgf_game *g)
{
    int n;
    const char *pc = g->info.place, *ap = g->info.application;
    return (pc && clue_in(pc, text_keys(pc), server_clues,
                          COUNT(server_clues), &n)) ||
           (ap && clue_in(ap, text_keys(ap), server_clues,
                          COUNT(server_clues), &n));
}

/* KM[]: the usual komi of a rule set, when it is nobody else's. */
static void komi_clues(sgf_game *g, verdict *v)
{
    const sgf_info *in = &g->info;
    if (!in->has_komi || in->handicap >= 2)
        return;
    const sgf_prop *km = info_prop(g, SGF_P_KM);
    const char *text = prop_text(g, km);
    if (!text)
        return;
    uint32_t pos = km->pos;
    if (in->komi == 7.5)
        found(v, LEVEL_KOMI, "chinese", "KM", text, "7.5 (3¾ stones) is "
              "the komi of Chinese rules", pos);
    else if (in->komi == 8)
        found(v, LEVEL_KOMI, "ing", "KM", text, "8 is the komi of Ing's "
              "rules", pos);
    else if (in->komi == 6.5)
        found(v, LEVEL_KOMI, "japanese", "KM", text, "6.5 is the komi of "
              "Japanese and Korean rules", pos);
    else if (in->komi == 4.5)
        found(v, LEVEL_KOMI, "japanese", "KM", text, "4.5 is the komi of "
              "Japanese rules from the 1940s to 1974", pos);
}

static int handicap_setup(const sgf_game *g);

/* A count of black_minus_white points as RE text: B+3, W+2.5, 0. */
static void format_count(char *buf, size_t n, double black_minus_white)
{
    sgf_result r = { black_minus_white > 0 ? SGF_WIN_BLACK
                     : black_minus_white < 0 ? SGF_WIN_WHITE : SGF_WIN_DRAW,
                     SGF_BY_POINTS,
                     black_minus_white < 0 ? -black_minus_white
                                           : black_minus_white, 1 };
    sgf_format_result(&r, buf, n);
}

/* RE[] and KM[]: a count an area count cannot give.  Every point of the
 * board is someone's area at the end (a seki's shared points aside), so
 * Black's area minus White's has the parity of the number of points, and
 * the recorded margin plus the komi must too; a territory count has no
 * such bound.  Handicap games are left out: the rule sets owe White
 * different amounts for the stones. */
static void count_parity_clues(sgf_game *g, verdict *v)
{
    const sgf_info *in = &g->info;
    const sgf_result *re = &in->result;
    bool count = re->winner == SGF_WIN_DRAW ||
                 ((re->winner == SGF_WIN_BLACK ||
                   re->winner == SGF_WIN_WHITE) &&
                  re->reason == SGF_BY_POINTS && re->has_margin);
    if (!count || !in->has_komi || in->handicap >= 2 || handicap_setup(g))
        return;
    double margin = re->winner == SGF_WIN_DRAW ? 0
                    : re->winner == SGF_WIN_BLACK ? re->margin : -re->margin;
    double areas = margin + in->komi;     /* Black's area minus White's */
    long whole = (long)(areas < 0 ? areas - 0.5 : areas + 0.5);
    if (areas - (double)whole > 1e-9 || (double)whole - areas > 1e-9)
        return;
    long points = (long)in->width * in->height;
    if (labs(whole % 2) == points % 2)
        return;
    /* the two nearest margins an area count gives, the smaller first */
    double near = (double)(whole - 1) - in->komi;
    double far = (double)(whole + 1) - in->komi;
    if (far * far < near * near) {
        double t = near;
        near = far;
        far = t;
    }
    char below[32], above[32], why[256];
    format_count(below, sizeof below, near);
    format_count(above, sizeof above, far);
    snprintf(why, sizeof why, "with komi %g, an area count of the %ld "
             "points gives %s or %s, never %s%s, unless a seki leaves "
             "points to neither side; a territory count can", in->komi,
             points, below, above, re->winner == SGF_WIN_DRAW ? "a " : "",
             re->winner == SGF_WIN_DRAW ? "draw" : in->result_text);
    char *kept = arena_strndup(&g->a, why, strlen(why));
    if (!kept) {
        g->nomem = true;
        return;
    }
    found(v, LEVEL_COUNT, "japanese", "RE", in->result_text, kept,
          prop_pos(g, SGF_P_RE));
}

/* ------------------------------------------------------------------ */
/* The 座子 opening                                                    */

/* Ancient Chinese games start with 座子: two black and two white stones on
 * the four 4-4 points, each colour on one diagonal, and White moves first
 * (DANGHU01.SGF: AW[dd][pp]AB[dp][pd]). */
static bool zuozi_setup(const sgf_node *root, int w, int h)
{
    if (!root || w != 19 || h != 19)
        return false;
    const sgf_prop *ab = sgf_node_find(root, SGF_P_AB);
    const sgf_prop *aw = sgf_node_find(root, SGF_P_AW);
    if (!ab || !aw || ab->nvalues != 2 || aw->nvalues != 2)
        return false;
    point_set b, wh;
    point_set_clear(&b);
    point_set_clear(&wh);
    if (point_list_collect(ab, w, h, &b) != 2 ||
        point_list_collect(aw, w, h, &wh) != 2)
        return false;
    /* dd-pp and dp-pd are the diagonals */
    bool b1 = point_set_has(&b, 3, 3) && point_set_has(&b, 15, 15);
    bool b2 = point_set_has(&b, 3, 15) && point_set_has(&b, 15, 3);
    bool w1 = point_set_has(&wh, 3, 3) && point_set_has(&wh, 15, 15);
    bool w2 = point_set_has(&wh, 3, 15) && point_set_has(&wh, 15, 3);
    return (b1 && w2) || (b2 && w1);
}

/* Colour of the first move of the main line, 0 when there is none. */
static int first_mover(const sgf_game *g)
{
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *q = n->props; q; q = q->next)
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return q->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE;
    return 0;
}

bool game_ancient_opening(const sgf_game *g)
{
    return zuozi_setup(g->root, g->info.width, g->info.height) &&
           first_mover(g) == SGF_WHITE;
}

/* ------------------------------------------------------------------ */
/* The rules                                                           */

const char *assume_evidence(sgf_game *g, const char *prop, const char *value)
{
    char q[80], buf[96];
    snprintf(buf, sizeof buf, "%s[%s]", prop, text_quote(q, sizeof q, value));
    char *e = arena_strndup(&g->a, buf, strlen(buf));
    if (!e)
        g->nomem = true;
    return e;
}

static void assume_rules(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    in->rules_source = SGF_SOURCE_DEFAULT;
    in->rules_assumed = "chinese";
    in->rules_evidence = NULL;
    if (in->rules && *in->rules && sgf_rules_parse(in->rules, NULL) >= 0) {
        in->rules_source = SGF_SOURCE_RECORD;
        in->rules_assumed = NULL;
        return;
    }
    if (game_ancient_opening(g)) {
        in->rules_source = SGF_SOURCE_INFERRED;
        in->rules_assumed = "ancient-chinese";
        in->rules_evidence = "the 座子 opening";
        go->rules_why = "four stones on the 4-4 points and White moving "
                       "first are the opening of ancient Chinese games";
        go->rules_pos = g->root->pos;
        return;
    }
    verdict v = { "", LEVEL_NONE, false, false, NULL, NULL, NULL, 0 };
    result_clues(g, &v);
    match_clues_of(g, &v);
    event_clues_of("EV", in->event, prop_pos(g, SGF_P_EV), &v);
    const sgf_prop *gn = info_prop(g, SGF_P_GN);
    event_clues_of("GN", prop_text(g, gn), gn ? gn->pos : 0, &v);
    const sgf_prop *evx = event_extra(g);
    event_clues_of("EVX", prop_text(g, evx), evx ? evx->pos : 0, &v);
    place_clues_of(g, &v);
    application_clues(g, &v);
    komi_clues(g, &v);
    count_parity_clues(g, &v);
    /* Chinese games began with the 座子 stones into the 1920s, and
     * Korean ones with sixteen (sunjang baduk): an older game without
     * them was played in Japan */
    if (in->date.year > 0 && in->date.year < 1920)
        found(&v, LEVEL_DATE, "japanese", "DT", in->date_text, "Chinese and "
              "Korean games began with set stones until the 1920s; a game "
              "of that time without them was played in Japan",
              prop_pos(g, SGF_P_DT));
    if (v.level == LEVEL_NONE || v.conflict)
        return;
    /* a generic clue to Japanese or Korean rules and a Korean one
     * anywhere: Korean (the two sets differ only in name) */
    const char *set = v.set;
    if (!strcmp(set, "japanese") && v.korean_seen &&
        (v.level == LEVEL_KOMI || (v.level == LEVEL_RESULT &&
                                   !japanese_text(in->result_text))))
        set = "korean";
    in->rules_source = SGF_SOURCE_INFERRED;
    in->rules_assumed = set;
    in->rules_evidence = assume_evidence(g, v.prop, v.value);
    go->rules_why = v.why;
    go->rules_pos = v.pos;
}

/* ------------------------------------------------------------------ */
/* The komi                                                            */

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

/* Black stones set up before the first move, no white one, and White
 * moves first: a handicap, whatever HA says (a problem gives Black the
 * move).  0 for none. */
static int handicap_setup(const sgf_game *g)
{
    if (first_mover(g) != SGF_WHITE)
        return 0;
    int black = 0;
    for (const sgf_node *n = g->root; n; n = n->child) {
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return black;
            if (q->kind == SGF_P_AW)
                return 0;
            if (q->kind == SGF_P_AB) {
                point_set s;
                point_set_clear(&s);
                black += (int)point_list_collect(q, g->info.width,
                                                 g->info.height, &s);
            }
        }
    }
    return black;
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
    if (b >= 1 && w >= 1 && in->date.year >= 1974 && !server_named(g))
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

static void infer_komi(sgf_game *g, game_go *go);

/* Sets the komi assumed, its source and evidence; the why of the note in
 * go->komi_why. */
static void assume_komi(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    in->komi_evidence = NULL;
    go->komi_why = go->komi_clue = NULL;
    if (in->komi_set_aside || komi_zero_contradicted(in)) {
        in->has_komi = 0;
        in->komi_set_aside = 1;
        infer_komi(g, go);
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
    infer_komi(g, go);
}

/* The komi of a record without KM[] (doc/gameinfo.md, "The komi"). */
static void infer_komi(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    sgf_rules r;
    const char *set = in->rules_assumed;
    if (in->rules_source == SGF_SOURCE_RECORD &&
        sgf_rules_parse(in->rules, &r) >= 0) {
        if (r.has_komi) {
            in->komi = r.komi;
            in->komi_source = SGF_SOURCE_RECORD;
            in->komi_evidence = assume_evidence(g, "RU", in->rules);
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
        ha = in->handicap_placed ? in->handicap_placed : handicap_setup(g);
    if (!strcmp(set, "ancient-chinese")) {
        in->komi_evidence = in->rules_source == SGF_SOURCE_RECORD
                                ? assume_evidence(g, "RU", in->rules)
                                : "the 座子 opening";
        go->komi_why = "ancient Chinese rules have no komi: the group tax "
                      "does its work";
    } else if (uchikomi_match(g)) {
        in->komi_evidence = assume_evidence(g, "RU", in->rules);
        go->komi_why = "an uchikomi match has no komi: the handicap grade "
                      "moves with the score instead";
    } else if (ha >= 2) {
        char n[16];
        snprintf(n, sizeof n, "%d", ha);
        /* servers give 0.5 to White in handicap games, so that there is
         * no draw; a professional handicap game has no komi */
        bool server = server_named(g);
        in->komi = half || server ? 0.5 : 0;
        in->komi_evidence = in->handicap >= 2 ? assume_evidence(g, "HA", n)
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
        bool server = server_named(g);
        in->komi = half || (server && !by_count) ? 0.5 : 0;
        in->komi_evidence = assume_evidence(g, "WR", in->white_rank);
        go->komi_why = half ? "White is ranked above Black and gives no "
                             "stones: Black without komi, and the result's "
                             "half point says 0.5"
                    : in->komi ? "White is ranked above Black and gives no "
                                 "stones: Black without komi, 0.5 on a "
                                 "server"
                               : "White is ranked above Black and gives no "
                                 "stones: Black without komi";
    } else if (in->date.year > 0 && in->date.year < 1930) {
        in->komi_evidence = assume_evidence(g, "DT", in->date_text);
        go->komi_why = "komi came into use in the 1930s";
    } else if (era) {
        in->komi = !by_count ? era->plain : half ? era->half : era->whole;
        in->komi_evidence = assume_evidence(g, "DT", in->date_text);
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
        in->komi_evidence = assume_evidence(g, "RE", re_text);
        go->komi_why = usual ? "a half-point margin needs a half-point komi: "
                              "the usual one of those rules"
                            : "a half-point margin needs a half-point komi; "
                              "6.5 is the most common one";
    } else if (by_count) {
        sgf_rules named;
        if (sgf_rules_named(set, &named) == 0 && !half_point(named.komi) &&
            named.komi != 0 && (!strcmp(set, "ing") || !strcmp(set, "nz")))
            in->komi = named.komi;
        in->komi_evidence = assume_evidence(g, "RE", re_text);
        go->komi_why = in->komi ? "a count in whole points: the rules' "
                                 "whole komi"
                               : "a count in whole points: no komi";
    } else if (known && sgf_rules_named(set, &r) == 0) {
        in->komi = r.komi;
        in->komi_evidence = in->rules_source == SGF_SOURCE_RECORD
                                ? assume_evidence(g, "RU", in->rules)
                                : in->rules_evidence;
        go->komi_why = in->rules_source == SGF_SOURCE_RECORD
                          ? "the usual komi of those rules today"
                          : "the usual komi today of the rules it implies";
    } else {
        in->komi_source = SGF_SOURCE_DEFAULT;
    }
}

/* ------------------------------------------------------------------ */
/* The handicap stones of HA[N] without AB                             */

/* The two fixed placements: they differ only for three stones, where
 * Japan (and KGS) put the third stone on Black's lower right and the GTP
 * specification (GNU Go) and Tygem on the upper left. */
enum { LAYOUT_JAPANESE, LAYOUT_GTP };

/* The fixed handicap points of n stones on a size x size board, as the
 * GTP specification lays them out (4-4 points from 13x13, 3-3 points
 * below; nine stones on odd boards from 9x9, four on the others from 7x7),
 * into x[], y[] (SGF coordinates: y from the top).  Returns n, or 0 when
 * the board has no such placement. */
static int fixed_points(int n, int size, int layout, uint8_t *x, uint8_t *y)
{
    int max = size < 7 ? 0 : size % 2 && size >= 9 ? 9 : 4;
    if (n < 2 || n > max)
        return 0;
    int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
    /* lower left, upper right (both placements), then the third corner,
     * the fourth, the sides and the centre */
    int pts[9][2] = {
        { lo, hi }, { hi, lo },
        { layout == LAYOUT_GTP ? lo : hi, layout == LAYOUT_GTP ? lo : hi },
        { layout == LAYOUT_GTP ? hi : lo, layout == LAYOUT_GTP ? hi : lo },
        { lo, mid }, { hi, mid }, { mid, lo }, { mid, hi },
    };
    int k = n >= 4 ? 4 : n, corners = k;
    for (int i = 0; i < corners; i++) {
        x[i] = (uint8_t)pts[i][0];
        y[i] = (uint8_t)pts[i][1];
    }
    /* 6 and 8: the sides; 5, 7 and 9: the centre too */
    int sides = n >= 8 ? 4 : n >= 6 ? 2 : 0;
    for (int i = 0; i < sides; i++, k++) {
        x[k] = (uint8_t)pts[4 + i][0];
        y[k] = (uint8_t)pts[4 + i][1];
    }
    if (n % 2 && n >= 5) {
        x[k] = y[k] = (uint8_t)mid;
        k++;
    }
    return k;
}

/* The first move of the main line played on a fixed point while the
 * placed stone would still stand there: its move number, 0 when the moves
 * fit the placement.  *at gets the point. */
static int placement_conflict(sgf_game *g, sgf_position *p, int n,
                              const uint8_t *x, const uint8_t *y, int *at,
                              int *color)
{
    int size = g->info.width;
    if (sgf_position_reset(p, size, size, NULL) != SGF_OK)
        return 0;
    bool standing[9];
    for (int i = 0; i < n; i++) {
        sgf_position_setup(p, x[i], y[i], SGF_BLACK);
        standing[i] = true;
    }
    sgf_position_setup_done(p);
    int move = 0, left = n;
    for (const sgf_node *node = g->root; node && left; node = node->child) {
        for (const sgf_prop *q = node->props; q; q = q->next) {
            /* setup after the first move is a diagram: the placement
             * cannot be judged past it */
            if (move && (q->kind == SGF_P_AB || q->kind == SGF_P_AW ||
                         q->kind == SGF_P_AE))
                return 0;
            if (q->kind != SGF_P_B && q->kind != SGF_P_W)
                continue;
            int mx, my;
            move++;
            if (!q->nvalues || sgf_point_decode(q->values[0].raw,
                                                q->values[0].len, size, size,
                                                &mx, &my) != 1)
                continue;
            for (int i = 0; i < n; i++)
                if (standing[i] && x[i] == mx && y[i] == my) {
                    *at = i;
                    *color = q->kind == SGF_P_B ? 'B' : 'W';
                    return move;
                }
            sgf_position_play(p, q->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE,
                              mx, my, NULL);
            for (int i = 0; i < n; i++)
                if (standing[i] && sgf_position_at(p, x[i], y[i]) !=
                                       SGF_BLACK) {
                    standing[i] = false;
                    left--;
                }
        }
    }
    return 0;
}

/* "D4 Q16 Q4" into buf. */
static void points_text(char *buf, size_t len, int n, const uint8_t *x,
                        const uint8_t *y, int size)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && o + 8 < len; i++) {
        char pt[8];
        gtp_point(pt, x[i], y[i], size);
        o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? " " : "", pt);
    }
}

/* Whether the record names a program or server that lays three stones
 * as the GTP specification does. */
static bool gtp_layout_first(const sgf_game *g)
{
    static const char *const gtp_users[] = { "GNU Go", "gnugo", "Tygem",
                                              "타이젬", "NNGS" };
    for (size_t i = 0; i < COUNT(gtp_users); i++)
        if (has_word(g->info.application, gtp_users[i]) ||
            has_word(g->info.place, gtp_users[i]))
            return true;
    return false;
}

/* Whether a property of this kind comes before the first move. */
static bool before_moves(const sgf_game *g, int kind)
{
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return false;
            if (q->kind == kind)
                return true;
        }
    return false;
}

/* HA[N] (N >= 2), no AB or AW before the first move, and White moves
 * first: the stones were placed by the server and not written.  They go
 * on the fixed points unless a move is played on one of them while it
 * would still stand.  Reports the placement (handicap-placed) or why
 * there is none (bad-handicap), unless SGF_READ_SYNTAX_ONLY. */
static void assume_handicap(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    int ha = in->handicap;
    in->handicap_placed = 0;
    in->handicap_points = NULL;
    go->placed_n = 0;
    const sgf_prop *hp = info_prop(g, SGF_P_HA);
    /* AB before the first move: gameinfo.c compared HA with it */
    if (ha < 2 || !hp || before_moves(g, SGF_P_AB))
        return;
    bool report = !(g->opt.flags & SGF_READ_SYNTAX_ONLY);
    int size = in->width;
    int first = first_mover(g);
    bool white_set_up = before_moves(g, SGF_P_AW);
    if (first != SGF_WHITE || white_set_up) {
        /* only White moving first over an empty board says where the
         * stones went; say which of those is missing */
        const char *why = white_set_up ? "white stones are set up (AW)"
                          : first == SGF_BLACK ? "Black moves first"
                          : "no move says who starts";
        if (report)
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[%d] but no handicap stones (AB) are set up; "
                        "%s, so none were placed", ha, why);
        return;
    }
    uint8_t x[2][9], y[2][9];
    int n = 0;
    if (in->width == in->height)
        n = fixed_points(ha, size, LAYOUT_JAPANESE, x[0], y[0]);
    if (!n) {
        if (report)
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[%d] but no handicap stones (AB) are set up; "
                        "White moves first, but a %dx%d board has no fixed "
                        "points for %d stones, so none were placed", ha,
                        in->width, in->height, ha);
        return;
    }
    /* three stones: the placement the record's program uses first */
    int order[2] = { LAYOUT_JAPANESE, LAYOUT_GTP };
    int layouts = ha == 3 ? 2 : 1;
    if (ha == 3 && gtp_layout_first(g)) {
        order[0] = LAYOUT_GTP;
        order[1] = LAYOUT_JAPANESE;
    }
    int conflict[2] = { 0, 0 }, at[2] = { 0, 0 }, color[2] = { 0, 0 };
    int chosen = -1;
    for (int i = 0; i < layouts && chosen < 0; i++) {
        fixed_points(ha, size, order[i], x[i], y[i]);
        conflict[i] = placement_conflict(g, go->pos, n, x[i], y[i], &at[i],
                                         &color[i]);
        if (!conflict[i])
            chosen = i;
    }
    char pts[96];
    if (chosen < 0) {
        if (!report)
            return;
        char a[8], b[8];
        gtp_point(a, x[0][at[0]], y[0][at[0]], size);
        if (layouts == 1) {
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[%d] but no handicap stones (AB) are set up; "
                        "White moves first, but move %d (%c %s) is played "
                        "on a fixed handicap point whose stone would still "
                        "stand, so none were placed", ha, conflict[0],
                        color[0], a);
        } else {
            gtp_point(b, x[1][at[1]], y[1][at[1]], size);
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[3] but no handicap stones (AB) are set up; "
                        "White moves first, but move %d (%c %s) and move %d "
                        "(%c %s) are played where the %s and the %s "
                        "placements would have a stone, so none were "
                        "placed", conflict[0], color[0], a, conflict[1],
                        color[1], b,
                        order[0] == LAYOUT_GTP ? "GTP" : "Japanese",
                        order[1] == LAYOUT_GTP ? "GTP" : "Japanese");
        }
        return;
    }
    go->placed_n = n;
    memcpy(go->placed_x, x[chosen], (size_t)n);
    memcpy(go->placed_y, y[chosen], (size_t)n);
    points_text(pts, sizeof pts, n, x[chosen], y[chosen], size);
    in->handicap_placed = n;
    in->handicap_points = arena_strndup(&g->a, pts, strlen(pts));
    if (!in->handicap_points)
        g->nomem = true;
    if (!report)
        return;
    if (ha == 3)
        game_report(g, SGF_C_HANDICAP_PLACED, hp->pos, 0,
                    "HA[3] without AB, and White moves first: the 3 "
                    "handicap stones were placed on %s (%s; %s)", pts,
                    order[chosen] == LAYOUT_GTP
                        ? "the GTP placement of GNU Go and Tygem"
                        : "the Japanese placement, as on KGS",
                    order[chosen] == LAYOUT_GTP
                        ? "Japan puts the third on the lower right"
                        : "GNU Go and Tygem put the third on the upper left");
    else
        game_report(g, SGF_C_HANDICAP_PLACED, hp->pos, 0,
                    "HA[%d] without AB, and White moves first: the %d "
                    "handicap stones were placed on the fixed points %s",
                    ha, n, pts);
}

/* ------------------------------------------------------------------ */
/* The attachment                                                      */

static void free_go(void *p)
{
    game_go *go = p;
    sgf_position_free(go->pos);
    free(go);
}

game_go *game_go_of(sgf_game *g)
{
    if (!g->attached) {
        game_go *go = calloc(1, sizeof *go);
        if (!go || !(go->pos = sgf_position_new())) {
            free(go);
            return NULL;
        }
        g->attached = go;
        g->attached_free = free_go;
    }
    return g->attached;
}

const game_go *game_go_get(const sgf_game *g)
{
    return g->attached;
}

/* ------------------------------------------------------------------ */

void assume_game(sgf_game *g)
{
    game_go *go = g->root ? game_go_of(g) : g->attached;
    if (go) {
        go->rules_why = go->komi_why = NULL;
        go->rules_pos = 0;
        go->placed_n = 0;
        memset(&go->summary, 0, sizeof go->summary);
    }
    if (!g->root)
        return;
    if (!go) {
        g->nomem = true;
        return;
    }
    assume_rules(g, go);
    assume_handicap(g, go);
    assume_komi(g, go);
}
