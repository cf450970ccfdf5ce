/*
 * textscan.c - the number readers of textscan.h: digit runs, decimals,
 * Chinese numerals, fractions, and amounts of points or stones.  One
 * grammar for KM, RE's margins and RU[]'s Chinese komi: every form listed
 * in doc/gameinfo.md and doc/rules.md is read the same way in each.
 */
#include <stdio.h>
#include "common/textscan.h"

/* A digit: ASCII, or when loose also full-width.  Returns its byte
 * length, 0 when p holds no digit. */
static size_t digit_at(const char *p, bool loose, int *d)
{
    const unsigned char *u = (const unsigned char *)p;
    if (is_digit(*p)) {
        *d = *p - '0';
        return 1;
    }
    if (loose && u[0] == 0xEF && u[1] == 0xBC && u[2] >= 0x90 &&
        u[2] <= 0x99) {
        *d = u[2] - 0x90;
        return 3;
    }
    return 0;
}

const char *scan_digits(const char *p, long *val, int *ndig)
{
    long v = 0;
    int n = 0, d;
    size_t k;
    while ((k = digit_at(p, true, &d)) != 0) {
        if (v < 100000000L)
            v = v * 10 + d;
        n++;
        p += k;
    }
    *val = v;
    *ndig = n;
    return p;
}

const char *scan_decimal(const char *p, scan_form form, double *v,
                         bool *ff4)
{
    bool loose = form == SCAN_LOOSE, ascii = true;
    double ip = 0, mant = 0, scale = 1;
    int ni = 0, nf = 0, d;
    size_t k;
    for (; (k = digit_at(p, loose, &d)) != 0; p += k, ni++) {
        if (ip < 1e15)
            ip = ip * 10 + d;
        ascii = ascii && k == 1;
    }
    size_t sep = *p == '.' ? 1
               : !loose ? 0
               : *p == ',' ? 1 : lit_at(p, "\xEF\xBC\x8E");   /* ． */
    if (sep && digit_at(p + sep, loose, &d)) {
        ascii = ascii && *p == '.';
        for (p += sep; (k = digit_at(p, loose, &d)) != 0; p += k, nf++) {
            if (nf < 15) {
                mant = mant * 10 + d;
                scale *= 10;
            }
            ascii = ascii && k == 1;
        }
    }
    if (ni == 0 && nf == 0)
        return NULL;
    *v = ip + mant / scale;
    if (ff4)
        *ff4 = ascii && ni > 0;
    return p;
}

/* Chinese numerals, in both the counting form (二十三, 一百二十四) and the
 * digit-by-digit form (一九八一). */
static const struct { const char *s; int v; } cjk_num[] = {
    { "\xE3\x80\x87", 0 },   /* 〇 */
    { "零", 0 }, { "一", 1 }, { "二", 2 }, { "两", 2 }, { "兩", 2 },
    { "三", 3 }, { "四", 4 }, { "五", 5 }, { "六", 6 }, { "七", 7 },
    { "八", 8 }, { "九", 9 }, { "十", 10 }, { "百", 100 },
};

static size_t cjk_num_at(const char *p, int *v)
{
    for (size_t i = 0; i < sizeof cjk_num / sizeof cjk_num[0]; i++) {
        size_t n = lit_at(p, cjk_num[i].s);
        if (n) {
            *v = cjk_num[i].v;
            return n;
        }
    }
    return 0;
}

static const char *scan_cjk_number(const char *p, long *out)
{
    long total = 0, positional = 0;
    int pending = -1, v;
    bool counting = false;
    size_t k;
    const char *start = p;
    while ((k = cjk_num_at(p, &v)) != 0) {
        if (v >= 10) {
            /* saturates like scan_digits: 百百百... cannot overflow */
            if (total < 100000000L)
                total += (pending < 0 ? 1 : pending) * v;
            pending = -1;
            counting = true;
        } else {
            pending = v;
            if (positional < 100000000L)
                positional = positional * 10 + v;
        }
        p += k;
    }
    if (p == start)
        return NULL;
    *out = counting ? total + (pending < 0 ? 0 : pending) : positional;
    return p;
}

const char *scan_whole(const char *p, long *v)
{
    int nd;
    const char *q = scan_cjk_number(p, v);
    if (q)
        return q;
    q = scan_digits(p, v, &nd);
    return nd ? q : NULL;
}

/* An unsigned number: a decimal or a Chinese numeral. */
static const char *scan_number(const char *p, double *v)
{
    const char *q = scan_decimal(p, SCAN_LOOSE, v, NULL);
    long n;
    if (q)
        return q;
    q = scan_cjk_number(p, &n);
    if (q)
        *v = (double)n;
    return q;
}

/* A fraction: ½ ¼ ¾, "n/m" (n may be a Chinese numeral), or Chinese
 * "m分之n" = n/m (either in digits or numerals). */
static const char *scan_fraction(const char *p, double *f)
{
    static const struct { const char *s; double v; } glyph[] = {
        { "\xC2\xBD", 0.5 }, { "\xC2\xBC", 0.25 }, { "\xC2\xBE", 0.75 },
    };
    for (size_t i = 0; i < sizeof glyph / sizeof glyph[0]; i++) {
        size_t n = lit_at(p, glyph[i].s);
        if (n) {
            *f = glyph[i].v;
            return p + n;
        }
    }
    long a, b;
    int nd;
    const char *q = scan_whole(p, &a);
    if (!q)
        return NULL;
    size_t k = *q == '/' ? 1 : lit_at(q, "\xEF\xBC\x8F");    /* ／ */
    if (k) {
        const char *r = scan_digits(q + k, &b, &nd);
        if (nd && b > 0) {
            *f = (double)a / (double)b;
            return r;
        }
        return NULL;
    }
    k = lit_at(q, "分之");
    if (k) {
        const char *r = scan_whole(q + k, &b);
        if (r && a > 0) {
            *f = (double)b / (double)a;
            return r;
        }
    }
    return NULL;
}

static const char *const unit_points[] = {
    "目", "집", "点", "點", "점", NULL
};
static const char *const unit_stones[] = { "子", NULL };
static const char *const word_points[] = {
    "points", "point", "pts", "pt", "moku", NULL
};
static const char *const unit_half[] = { "半", "반", NULL };

const char *scan_amount(const char *p, amount *a)
{
    double v = 0, f;
    size_t k;
    bool lead_half = false;
    const char *q;

    if ((k = any_at(p, unit_half)) != 0 &&
        (any_at(p + k, unit_points) || any_at(p + k, unit_stones))) {
        v = 0.5;
        lead_half = true;
        p += k;
    } else if ((q = scan_fraction(p, &f)) != NULL) {
        v = f;
        p = q;
    } else if ((q = scan_number(p, &v)) != NULL) {
        p = q;
        /* "3又1/4" (又 = and), "5 1/2", "3¾" */
        const char *r = (k = lit_at(p, "又")) != 0 ? p + k : skip_space(p);
        if ((r = scan_fraction(r, &f)) != NULL) {
            v += f;
            p = r;
        }
    } else {
        return NULL;
    }
    a->unit = UNIT_NONE;
    q = skip_space(p);
    if ((k = any_at(q, unit_points)) != 0) {
        a->unit = UNIT_POINTS;
        p = q + k;
    } else if ((k = any_at(q, unit_stones)) != 0) {
        a->unit = UNIT_STONES;
        p = q + k;
    } else if ((k = any_word_at(q, word_points)) != 0) {
        a->unit = UNIT_POINTS;
        p = q + k;
    }
    if (!lead_half && (k = any_at(p, unit_half)) != 0) {
        v += 0.5;
        p += k;
    }
    a->v = v;
    return p;
}

/* Whether hay holds needle: ASCII needles case-insensitively and as a
 * whole word ("Ing" is no clue inside "Beijing"), others as they are. */
bool has_word(const char *hay, const char *needle)
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

const char *trim_space(const char *s, const char **end)
{
    s = skip_space(s);
    const char *e = s + strlen(s), *last = s;
    for (const char *p = s; p < e; ) {
        size_t k = space_at(p);
        if (k) {
            p += k;
        } else {
            p += u8len(p);
            last = p;
        }
    }
    *end = last;
    return s;
}

const char *find_word(const char *s, const char *e, const char *const *words)
{
    for (const char *p = s; p < e; p++)
        if ((p == s || !is_alpha(p[-1])) && any_word_at(p, words))
            return p;
    return NULL;
}

bool is_odd_quarter(double v)
{
    double q = v * 4;
    long n = (long)(q + (q < 0 ? -0.5 : 0.5));
    return q - (double)n < 1e-9 && (double)n - q < 1e-9 && n % 2 != 0;
}

const char *format_number(char *buf, size_t n, double v)
{
    if (!(v == v))
        v = 0;
    bool neg = v < 0;
    if (neg)
        v = -v;
    /* v * 10^6 must fit the integer below; past 10^12 a double has few
     * decimals left to show, and "%.0f" writes no decimal point. */
    if (!(v < 1e12)) {
        snprintf(buf, n, "%s%.0f", neg ? "-" : "", v);
        return buf;
    }
    unsigned long long t = (unsigned long long)(v * 1e6 + 0.5);
    unsigned long long ip = t / 1000000u, fp = t % 1000000u;
    int len = snprintf(buf, n, "%s%llu", neg && t ? "-" : "", ip);
    if (fp && len > 0 && (size_t)len + 8 <= n) {
        char digits[6];
        int nd = 6;
        for (int i = 5; i >= 0; i--, fp /= 10)
            digits[i] = (char)('0' + fp % 10);
        while (nd > 0 && digits[nd - 1] == '0')
            nd--;
        buf[len++] = '.';
        memcpy(buf + len, digits, (size_t)nd);
        buf[len + nd] = '\0';
    }
    return buf;
}
