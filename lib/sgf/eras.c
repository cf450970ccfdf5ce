/*
 * eras.c - reign and era names in dates (eras.h).  Chinese collections
 * date Ming and Qing games by the emperor's reign (乾隆五年), Japanese ones
 * Edo games by the era (宝暦四年) and later ones by Meiji to Reiwa; the
 * year then decides the komi (none before the 1930s).  The year N of an
 * era is its first western year + N - 1, as the usual tables convert it.
 */
#include <stddef.h>
#include <string.h>

#include "common/textscan.h"
#include "sgf/eras.h"

typedef struct era {
    const char *name;
    int first;      /* western year of its 元年 */
    int western;    /* first year of the western calendar under it */
} era;

/* The Gregorian calendar came to Japan in 1873 and to China in 1912:
 * Qing dates are lunar to the end, Meiji's first five years too. */
enum { JAPAN_WESTERN = 1873, CHINA_WESTERN = 1912 };
#define CHINA(name, first) { name, first, CHINA_WESTERN }
#define JAPAN(name, first) { name, first, JAPAN_WESTERN }

/* Each name as written in traditional characters, Japanese shinjitai and
 * simplified Chinese where they differ.  正德 is the Ming reign (1506);
 * Japan's 正徳 (1711) is written with 徳. */
static const era eras[] = {
    /* Ming */
    CHINA("洪武", 1368), CHINA("建文", 1399), CHINA("永乐", 1403),
    CHINA("永樂", 1403), CHINA("洪熙", 1425), CHINA("宣德", 1426),
    CHINA("正统", 1436), CHINA("正統", 1436), CHINA("景泰", 1450),
    CHINA("天顺", 1457), CHINA("天順", 1457), CHINA("成化", 1465),
    CHINA("弘治", 1488), CHINA("正德", 1506), CHINA("嘉靖", 1522),
    CHINA("隆庆", 1567), CHINA("隆慶", 1567), CHINA("万历", 1573),
    CHINA("萬曆", 1573), CHINA("萬歷", 1573), CHINA("泰昌", 1620),
    CHINA("天启", 1621), CHINA("天啟", 1621), CHINA("崇祯", 1628),
    CHINA("崇禎", 1628),
    /* Qing, and the Republic */
    CHINA("顺治", 1644), CHINA("順治", 1644), CHINA("康熙", 1662),
    CHINA("雍正", 1723), CHINA("乾隆", 1736), CHINA("嘉庆", 1796),
    CHINA("嘉慶", 1796), CHINA("道光", 1821), CHINA("咸丰", 1851),
    CHINA("咸豐", 1851), CHINA("同治", 1862), CHINA("光绪", 1875),
    CHINA("光緒", 1875), CHINA("宣统", 1909), CHINA("宣統", 1909),
    CHINA("民国", 1912), CHINA("民國", 1912),
    /* Japan, Edo */
    JAPAN("慶長", 1596), JAPAN("庆长", 1596), JAPAN("元和", 1615),
    JAPAN("寛永", 1624), JAPAN("宽永", 1624), JAPAN("正保", 1644),
    JAPAN("慶安", 1648), JAPAN("庆安", 1648), JAPAN("承応", 1652),
    JAPAN("承應", 1652), JAPAN("承应", 1652), JAPAN("明暦", 1655),
    JAPAN("明曆", 1655), JAPAN("明历", 1655), JAPAN("万治", 1658),
    JAPAN("萬治", 1658), JAPAN("寛文", 1661), JAPAN("宽文", 1661),
    JAPAN("延宝", 1673), JAPAN("延寶", 1673), JAPAN("天和", 1681),
    JAPAN("貞享", 1684), JAPAN("贞享", 1684), JAPAN("元禄", 1688),
    JAPAN("元祿", 1688), JAPAN("宝永", 1704), JAPAN("寶永", 1704),
    JAPAN("正徳", 1711), JAPAN("享保", 1716), JAPAN("元文", 1736),
    JAPAN("寛保", 1741), JAPAN("宽保", 1741), JAPAN("延享", 1744),
    JAPAN("寛延", 1748), JAPAN("宽延", 1748), JAPAN("宝暦", 1751),
    JAPAN("寶曆", 1751), JAPAN("宝历", 1751), JAPAN("明和", 1764),
    JAPAN("安永", 1772), JAPAN("天明", 1781), JAPAN("寛政", 1789),
    JAPAN("宽政", 1789), JAPAN("享和", 1801), JAPAN("文化", 1804),
    JAPAN("文政", 1818), JAPAN("天保", 1830), JAPAN("弘化", 1844),
    JAPAN("嘉永", 1848), JAPAN("安政", 1854), JAPAN("万延", 1860),
    JAPAN("萬延", 1860), JAPAN("文久", 1861), JAPAN("元治", 1864),
    JAPAN("慶応", 1865), JAPAN("慶應", 1865), JAPAN("庆应", 1865),
    /* Japan, since */
    JAPAN("明治", 1868), JAPAN("大正", 1912), JAPAN("昭和", 1926),
    JAPAN("平成", 1989), JAPAN("令和", 2019),
};

bool era_year(const char *s, int *year, const char **after, bool *lunar)
{
    for (size_t i = 0; i < sizeof eras / sizeof eras[0]; i++) {
        const char *p = strstr(s, eras[i].name);
        if (!p)
            continue;
        p = skip_space(p + strlen(eras[i].name));
        long n;
        const char *q = scan_whole(p, &n);
        if (!q) {
            if (!lit_at(p, "元"))
                continue;
            n = 1;
            q = p + strlen("元");
        }
        if (!lit_at(q, "年") || n < 1 || n > 100)
            continue;
        *year = eras[i].first + (int)n - 1;
        *after = q + strlen("年");
        *lunar = *year < eras[i].western;
        return true;
    }
    return false;
}
