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
} era;

/* Each name as written in traditional characters, Japanese shinjitai and
 * simplified Chinese where they differ.  正德 is the Ming reign (1506);
 * Japan's 正徳 (1711) is written with 徳. */
static const era eras[] = {
    /* Ming */
    { "洪武", 1368 }, { "建文", 1399 }, { "永乐", 1403 }, { "永樂", 1403 },
    { "洪熙", 1425 }, { "宣德", 1426 }, { "正统", 1436 }, { "正統", 1436 },
    { "景泰", 1450 }, { "天顺", 1457 }, { "天順", 1457 }, { "成化", 1465 },
    { "弘治", 1488 }, { "正德", 1506 }, { "嘉靖", 1522 }, { "隆庆", 1567 },
    { "隆慶", 1567 }, { "万历", 1573 }, { "萬曆", 1573 }, { "萬歷", 1573 },
    { "泰昌", 1620 }, { "天启", 1621 }, { "天啟", 1621 }, { "崇祯", 1628 },
    { "崇禎", 1628 },
    /* Qing, and the Republic */
    { "顺治", 1644 }, { "順治", 1644 }, { "康熙", 1662 }, { "雍正", 1723 },
    { "乾隆", 1736 }, { "嘉庆", 1796 }, { "嘉慶", 1796 }, { "道光", 1821 },
    { "咸丰", 1851 }, { "咸豐", 1851 }, { "同治", 1862 }, { "光绪", 1875 },
    { "光緒", 1875 }, { "宣统", 1909 }, { "宣統", 1909 }, { "民国", 1912 },
    { "民國", 1912 },
    /* Japan, Edo */
    { "慶長", 1596 }, { "庆长", 1596 }, { "元和", 1615 }, { "寛永", 1624 },
    { "宽永", 1624 }, { "正保", 1644 }, { "慶安", 1648 }, { "庆安", 1648 },
    { "承応", 1652 }, { "承應", 1652 }, { "承应", 1652 }, { "明暦", 1655 },
    { "明曆", 1655 }, { "明历", 1655 }, { "万治", 1658 }, { "萬治", 1658 },
    { "寛文", 1661 }, { "宽文", 1661 }, { "延宝", 1673 }, { "延寶", 1673 },
    { "天和", 1681 }, { "貞享", 1684 }, { "贞享", 1684 }, { "元禄", 1688 },
    { "元祿", 1688 }, { "宝永", 1704 }, { "寶永", 1704 }, { "正徳", 1711 },
    { "享保", 1716 }, { "元文", 1736 }, { "寛保", 1741 }, { "宽保", 1741 },
    { "延享", 1744 }, { "寛延", 1748 }, { "宽延", 1748 }, { "宝暦", 1751 },
    { "寶曆", 1751 }, { "宝历", 1751 }, { "明和", 1764 }, { "安永", 1772 },
    { "天明", 1781 }, { "寛政", 1789 }, { "宽政", 1789 }, { "享和", 1801 },
    { "文化", 1804 }, { "文政", 1818 }, { "天保", 1830 }, { "弘化", 1844 },
    { "嘉永", 1848 }, { "安政", 1854 }, { "万延", 1860 }, { "萬延", 1860 },
    { "文久", 1861 }, { "元治", 1864 }, { "慶応", 1865 }, { "慶應", 1865 },
    { "庆应", 1865 },
    /* Japan, since */
    { "明治", 1868 }, { "大正", 1912 }, { "昭和", 1926 }, { "平成", 1989 },
    { "令和", 2019 },
};

/* The Gregorian calendar came to Japan in 1873 and to China in 1912. */
enum { FIRST_WESTERN_YEAR = 1873 };

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
        *lunar = *year < FIRST_WESTERN_YEAR;
        return true;
    }
    return false;
}
