/*
 * date.c - DT's grammar: FF[4]'s list of dates ("2024-05-01,03") and the
 * free text records write instead: other separators and orders, month
 * names, CJK dates, reigns and eras (eras.c).  doc/gameinfo.md lists the
 * forms and their sources.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "sgf/date.h"
#include "sgf/eras.h"
#include "common/textscan.h"

static int days_in_month(int y, int m)
{
    static const unsigned char days[12] = {
        31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
    };
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return days[m - 1];
}

static bool date_ok(int y, int m, int d)
{
    if (y < 1 || y > 9999 || m < 0 || m > 12 || d < 0)
        return false;
    if (m == 0)
        return d == 0;
    return d <= days_in_month(y, m);
}

/* Exactly n ASCII digits at p, not followed by another digit. */
static bool digits_n(const char *p, int n, int *v)
{
    int x = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(p[i]))
            return false;
        x = x * 10 + (p[i] - '0');
    }
    if (is_digit(p[n]))
        return false;
    *v = x;
    return true;
}

/* FF[4]: a comma list of YYYY, YYYY-MM, YYYY-MM-DD, and the shortcuts
 * "MM-DD" (after a date with a month), "MM" (after YYYY-MM or MM), "DD"
 * (after a date with a day).  Every element must be a real date. */
static bool date_strict(const char *s, sgf_date *first)
{
    enum { NONE, YEAR, MONTH, DAY } prec = NONE;
    int y = 0, m = 0, d = 0, a, b;
    bool have_first = false;
    for (;;) {
        if (digits_n(s, 4, &a)) {
            y = a;
            m = d = 0;
            prec = YEAR;
            s += 4;
            if (*s == '-' && digits_n(s + 1, 2, &m)) {
                prec = MONTH;
                s += 3;
                if (*s == '-' && digits_n(s + 1, 2, &d)) {
                    prec = DAY;
                    s += 3;
                }
            }
        } else if (digits_n(s, 2, &a)) {
            if (s[2] == '-' && digits_n(s + 3, 2, &b)) {
                if (prec < MONTH)
                    return false;
                m = a;
                d = b;
                prec = DAY;
                s += 5;
            } else if (prec == MONTH) {
                m = a;
                s += 2;
            } else if (prec == DAY) {
                d = a;
                s += 2;
            } else {
                return false;
            }
        } else {
            return false;
        }
        if (!date_ok(y, m, d) || (prec >= MONTH && m == 0) ||
            (prec == DAY && d == 0))
            return false;
        if (!have_first) {
            first->year = y;
            first->month = m;
            first->day = d;
            have_first = true;
        }
        if (*s == '\0')
            return true;
        if (*s != ',')
            return false;
        s++;
    }
}

/* Keep the parts of (y, m, d) that make a date: a month 0 or 13 drops the
 * month and day ("1978.0.09" -> 1978), a day past the month's end drops the
 * day. */
static bool date_store(sgf_date *out, int y, int m, int d)
{
    if (y < 1 || y > 9999)
        return false;
    if (m < 1 || m > 12)
        m = d = 0;
    else if (d < 1 || d > days_in_month(y, m))
        d = 0;
    out->year = y;
    out->month = m;
    out->day = d;
    return true;
}

static const char *const c_year[] = { "年", "년", NULL };
static const char *const c_month[] = { "月", "월", NULL };
static const char *const c_day[] = { "日", "일", NULL };
static const char *const c_day_list[] = {
    "、", ",", "，", "-", "~", "～", "至", NULL
};

/* After a year: "M月D日" / "M월 D일". */
static void cjk_month_day(const char *p, int *m, int *d)
{
    long v;
    int n;
    size_t k;
    *m = *d = 0;
    p = skip_space(p);
    const char *q = scan_digits(p, &v, &n);
    if (!n || !(k = any_at(q, c_month)))
        return;
    *m = (int)v;
    q = skip_space(q + k);
    const char *r = scan_digits(q, &v, &n);
    /* "7日", or the first of several days: "3月7、8日", "7至8日" */
    if (n && (any_at(r, c_day) || any_at(r, c_day_list)))
        *d = (int)v;
}

/* A year given by a reign or an era (eras.c): 乾隆五年, 宝暦四年, 昭和45年
 * 3月2日.  Before the western calendar the month and day are lunar, and
 * only the year is kept. */
static bool date_era(const char *s, sgf_date *out)
{
    int year, m = 0, d = 0;
    const char *after;
    bool lunar;
    if (!era_year(s, &year, &after, &lunar))
        return false;
    if (!lunar)
        cjk_month_day(after, &m, &d);
    return date_store(out, year, m, d);
}

static int month_name_at(const char *p)
{
    static const char *const names[12] = {
        "jan", "feb", "mar", "apr", "may", "jun",
        "jul", "aug", "sep", "oct", "nov", "dec"
    };
    static const char *const full[12] = {
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december"
    };
    for (int i = 0; i < 12; i++)
        if (word_at(p, names[i]) || word_at(p, full[i]) ||
            (i == 8 && word_at(p, "sept")))
            return i + 1;
    return 0;
}

/* A 1-2 digit number that is not part of a clock time. */
static bool day_number(const char *p, const char *start, long *v)
{
    int n;
    const char *r = scan_digits(p, v, &n);
    return (n == 1 || n == 2) && *r != ':' &&
           (p == start || (!is_digit(p[-1]) && p[-1] != ':'));
}

/* "August 1, 2001", "1 August 2001", "Sun Mar 16 16:12:48 GMT+09:00 2014",
 * "12th and 13th march 94".  The day is the number right after the month
 * name, else the first one before it; the year is a four-digit number, or
 * failing that two digits after the month when a day came before it
 * (94 -> 1994, 05 -> 2005). */
static bool date_english(const char *s, sgf_date *out)
{
    const char *mp = NULL;
    int m = 0;
    for (const char *p = s; *p && !m; p++)
        if ((p == s || !is_alpha(p[-1])) && (m = month_name_at(p)) != 0)
            mp = p;
    if (!m)
        return false;
    const char *after = mp;
    while (is_alpha(*after))
        after++;
    after = skip_space(*after == '.' ? after + 1 : after);
    long v, d_after = 0, d_before = 0, y = 0;
    int n;
    if (day_number(after, s, &v))
        d_after = v;
    for (const char *p = s; p < mp && !d_before; p++)
        if (day_number(p, s, &v))
            d_before = v;
    for (const char *p = s; *p && !y; ) {
        const char *r = scan_digits(p, &v, &n);
        if (n == 4)
            y = v;
        p = n ? r : p + 1;
    }
    long d = d_after ? d_after : d_before;
    if (!y && d_after && d_before) {
        y = d_after < 50 ? 2000 + d_after : 1900 + d_after;
        d = d_before;
    }
    return y && date_store(out, (int)y, m, (int)d);
}

static bool is_date_sep(char c)
{
    return c == '-' || c == '.' || c == '/';
}

/* Free-text dates: a reign or an era (乾隆五年, 宝暦四年, 昭和45年: eras.c);
 * else the first digit run that starts one of
 * Y-M-D (any of - . / and one or two digits: "2000-9-4", "2017/03/30",
 * "2018.04.27 10:00", "1984-09-12~13"),
 * D.M.Y ("30.03.2017", "9-09-2000"; M/D/Y with '/' unless the first
 * number cannot be a month),
 * YYYYMMDD (a valid month and day),
 * Y年M月D日 ("1981年7月23日", "1929年(...)", Korean 년월일);
 * then English month names, a lone four-digit year. */
static bool date_loose(const char *s, sgf_date *out)
{
    if (date_era(s, out))
        return true;
    for (const char *p = s; *p; ) {
        long a, b, c;
        int na, nb, nc;
        const char *q = scan_digits(p, &a, &na);
        if (!na) {
            p += u8len(p);
            continue;
        }
        if (na == 4 && is_date_sep(*q)) {
            const char *r = scan_digits(q + 1, &b, &nb);
            if (nb == 1 || nb == 2) {
                c = 0;
                nc = 0;
                if (*r == *q)
                    scan_digits(r + 1, &c, &nc);
                if (nc != 1 && nc != 2)
                    c = 0;
                return date_store(out, (int)a, (int)b, (int)c);
            }
        }
        if ((na == 1 || na == 2) && is_date_sep(*q)) {
            const char *r = scan_digits(q + 1, &b, &nb);
            if ((nb == 1 || nb == 2) && *r == *q) {
                scan_digits(r + 1, &c, &nc);
                if (nc == 4) {
                    bool mdy = (*q == '/' && a <= 12) || b > 12;
                    return mdy ? date_store(out, (int)c, (int)a, (int)b)
                               : date_store(out, (int)c, (int)b, (int)a);
                }
            }
        }
        /* ISO 8601's basic form: "20190811" */
        if (na == 8 && a / 100 % 100 >= 1 && a / 100 % 100 <= 12 &&
            a % 100 >= 1 && a % 100 <= days_in_month((int)(a / 10000),
                                                     (int)(a / 100 % 100)))
            return date_store(out, (int)(a / 10000), (int)(a / 100 % 100),
                              (int)(a % 100));
        size_t k;
        if ((na == 4 || na == 3) && (k = any_at(skip_space(q), c_year))) {
            int m, d;
            cjk_month_day(skip_space(q) + k, &m, &d);
            return date_store(out, (int)a, m, d);
        }
        p = q;
    }
    if (date_english(s, out))
        return true;
    for (const char *p = s; *p; ) {
        long a;
        int na;
        const char *q = scan_digits(p, &a, &na);
        if (na == 4)
            return date_store(out, (int)a, 0, 0);
        p = na ? q : p + u8len(p);
    }
    return false;
}

int sgf_parse_date(const char *text, sgf_date *out)
{
    sgf_date d = { 0, 0, 0 };
    int rc = -1;
    if (text) {
        if (date_strict(text, &d))
            rc = 1;
        else if (date_loose(text, &d))
            rc = 0;
        else
            d.year = d.month = d.day = 0;
    }
    if (out)
        *out = d;
    return rc;
}

const char *date_format(char *buf, size_t n, const sgf_date *d)
{
    if (d->day)
        snprintf(buf, n, "%04d-%02d-%02d", d->year, d->month, d->day);
    else if (d->month)
        snprintf(buf, n, "%04d-%02d", d->year, d->month);
    else
        snprintf(buf, n, "%04d", d->year);
    return buf;
}
