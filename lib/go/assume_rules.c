/*
 * assume_rules.c - the rules a record without RU[] was played by, from
 * the clues it holds: the result, the event, the sponsor, the place, the
 * application, the komi, the count's parity, the date and the 座子
 * opening (assume_rules.h).  doc/gameinfo.md, "The rules", gives every
 * clue and why it means what it is taken to mean; each clue is a piece
 * of the record's text, quoted by the notes and rules_evidence.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/textscan.h"
#include "sgf/game.h"
#include "sgf/points.h"
#include "go/assume_clues.h"
#include "go/assume_rules.h"
#include "go/hepburn.h"

/* ------------------------------------------------------------------ */
/* Text tests                                                          */

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

/* Hiragana or katakana: only Japanese writes them. */
static bool kana_text(const char *s)
{
    return has_range(s, 0x3040, 0x30FF);
}

/* Japanese writing: kana, or the Japanese forms 黒 (black) and 戦
 * (tournament), which Chinese writes 黑 and 战/戰. */
static bool japanese_text(const char *s)
{
    return kana_text(s) ||
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
    LEVEL_NAMES,     /* PB[] and PW[] both Japanese names: players of
                      * Japan play under its rules, save abroad and in
                      * international events, which other clues name */
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
    /* the Nongshim Cup, China, Japan and Korea's team event: Korean rules
     * wherever the stage is played */
    { "Nongshim", "korean" }, { "Nong Shim", "korean" },
    { "农心", "korean" }, { "農心", "korean" },
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
    const char *prop2;        /* a second property it rests on, or NULL */
    const char *value2;
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
                        pos, NULL, NULL };
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
    const sgf_prop *p = clue_info_prop(g, kind);
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
    /* B+2.25: result.c read the quarters as stones */
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

bool rules_uchikomi_match(const sgf_game *g)
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

/* Whether PC or AP names a Go server. */
bool rules_server_named(const sgf_game *g)
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
    const sgf_prop *km = clue_info_prop(g, SGF_P_KM);
    const char *text = clue_prop_text(g, km);
    if (!text)
        return;
    uint32_t pos = km->pos;
    if (in->komi == 7.5)
        found(v, LEVEL_KOMI, "chinese", km->id, text, "7.5 (3¾ stones) is "
              "the komi of Chinese rules", pos);
    else if (in->komi == 8)
        found(v, LEVEL_KOMI, "ing", km->id, text, "8 is the komi of Ing's "
              "rules", pos);
    else if (in->komi == 6.5)
        found(v, LEVEL_KOMI, "japanese", km->id, text, "6.5 is the komi of "
              "Japanese and Korean rules", pos);
    else if (in->komi == 4.5)
        found(v, LEVEL_KOMI, "japanese", km->id, text, "4.5 is the komi of "
              "Japanese rules from the 1940s to 1974", pos);
}

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
    if (!count || !in->has_komi || in->handicap >= 2 || clue_handicap_setup(g))
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

/* A player's name written as a Japanese one: in kana, or romanized in
 * Hepburn with four morae or more (two-syllable pinyin such as "Ke Jie"
 * has three). */
static bool japanese_name(const char *s)
{
    return s && (kana_text(s) || hepburn_name_morae(s) >= 4);
}

/* PB[] and PW[]: both players' names are Japanese ones. */
static void name_clues(const sgf_game *g, verdict *v)
{
    const sgf_info *in = &g->info;
    if (!japanese_name(in->black) || !japanese_name(in->white))
        return;
    found(v, LEVEL_NAMES, "japanese", "PB", in->black, "both players' names "
          "are Japanese, and players of Japan play under its rules",
          prop_pos(g, SGF_P_PB));
    if (v->level == LEVEL_NAMES) {
        v->prop2 = "PW";
        v->value2 = in->white;
    }
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

bool game_ancient_opening(const sgf_game *g)
{
    return zuozi_setup(g->root, g->info.width, g->info.height) &&
           clue_first_mover(g) == SGF_WHITE;
}

/* ------------------------------------------------------------------ */
/* The rules                                                           */

void assume_rules(sgf_game *g, game_go *go)
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
    verdict v = { "", LEVEL_NONE, false, false, NULL, NULL, NULL, 0, NULL,
                  NULL };
    result_clues(g, &v);
    match_clues_of(g, &v);
    event_clues_of("EV", in->event, prop_pos(g, SGF_P_EV), &v);
    const sgf_prop *gn = clue_info_prop(g, SGF_P_GN);
    event_clues_of("GN", clue_prop_text(g, gn), gn ? gn->pos : 0, &v);
    const sgf_prop *evx = event_extra(g);
    event_clues_of("EVX", clue_prop_text(g, evx), evx ? evx->pos : 0, &v);
    place_clues_of(g, &v);
    application_clues(g, &v);
    komi_clues(g, &v);
    count_parity_clues(g, &v);
    if (v.level == LEVEL_NONE)
        name_clues(g, &v);      /* the weakest: it can only decide alone */
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
    in->rules_evidence = v.prop2 ? clue_evidence_pair(g, v.prop, v.value,
                                                      v.prop2, v.value2)
                                 : clue_evidence(g, v.prop, v.value);
    go->rules_why = v.why;
    go->rules_pos = v.pos;
    go->rules_from_names = v.level == LEVEL_NAMES;
}
