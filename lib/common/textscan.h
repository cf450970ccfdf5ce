/*
 * textscan.h - reading numbers out of the free text game records carry:
 * the KM and RE grammars (komi.c, result.c) and RU[]'s Chinese komi and KataGo
 * strings (ruleset.c) write the same "6.5", "６，５", "3又3/4子",
 * "四分之三", "五目半", so one reader serves both.  The character, literal
 * and white-space tests they are built from are inline here (with the
 * one test of a file name's suffix); the number, fraction and amount
 * readers are in textscan.c, with the few words-in-text helpers the
 * grammars share and the one writer of numbers.  Never installed.
 *
 * Every function reads a NUL-terminated UTF-8 string from a position and
 * never past its end (a literal compare stops at the first byte that
 * differs, so at the NUL).  Numbers are read by hand, never with strtod,
 * because a tool may call setlocale() and "6,5" must not mean 6.5 in one
 * locale and 6 in another.
 */
#ifndef SGFKIT_TEXTSCAN_H
#define SGFKIT_TEXTSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* ---- characters: ASCII only, whatever the locale (not <ctype.h>) ---- */

static inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* ---- literals and words ---- */

/* Whether s[0..len) ends with suffix (lower case), ASCII letter case
 * ignored: file names' suffixes (".SGF", ".Gib.gz"). */
static inline bool ends_with_ci(const char *s, size_t len, const char *suffix)
{
    size_t n = strlen(suffix);
    if (len < n)
        return false;
    s += len - n;
    for (size_t i = 0; i < n; i++)
        if (lower(s[i]) != suffix[i])
            return false;
    return true;
}

/* Byte length of lit when s starts with it, else 0. */
static inline size_t lit_at(const char *s, const char *lit)
{
    size_t n = strlen(lit);
    return strncmp(s, lit, n) == 0 ? n : 0;
}

/* Byte length of the first of a NULL-terminated list s starts with. */
static inline size_t any_at(const char *s, const char *const *lits)
{
    for (; *lits; lits++) {
        size_t n = lit_at(s, *lits);
        if (n)
            return n;
    }
    return 0;
}

/* Case-insensitive ASCII word at s (w in lower case), not followed by a
 * letter: "pts" is not the start of "ptsx". */
static inline size_t word_at(const char *s, const char *w)
{
    size_t n = 0;
    for (; w[n]; n++)
        if (lower(s[n]) != w[n])
            return 0;
    return is_alpha(s[n]) ? 0 : n;
}

static inline size_t any_word_at(const char *s, const char *const *words)
{
    for (; *words; words++) {
        size_t n = word_at(s, *words);
        if (n)
            return n;
    }
    return 0;
}

/* Whether hay holds needle: ASCII needles case-insensitively and as a
 * whole word ("Ing" is no clue inside "Beijing"), others as they are.
 * false when hay is NULL. */
bool has_word(const char *hay, const char *needle);

/* Whether any of lits occurs in [s, e). */
static inline bool any_in(const char *s, const char *e,
                          const char *const *lits)
{
    for (; s < e; s++)
        if (any_at(s, lits))
            return true;
    return false;
}

/* s without the white space around it: the start, and *end. */
const char *trim_space(const char *s, const char **end);

/* First position in [s, e) where one of words starts a word, or NULL. */
const char *find_word(const char *s, const char *e, const char *const *words);

/* Length of the UTF-8 character at p; 1 for a byte that does not start a
 * well-formed one, so scanning always advances. */
static inline size_t u8len(const char *p)
{
    unsigned char c = (unsigned char)*p;
    size_t n = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    for (size_t i = 1; i < n; i++)
        if (((unsigned char)p[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

/* ---- white space ---- */

/* ASCII white space, the no-break space and the ideographic space that CJK
 * editors type between words.  Byte length, 0 for none. */
static inline size_t space_at(const char *s)
{
    if (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        return 1;
    if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0)
        return 2;
    if ((unsigned char)s[0] == 0xE3 && (unsigned char)s[1] == 0x80 &&
        (unsigned char)s[2] == 0x80)
        return 3;
    return 0;
}

static inline const char *skip_space(const char *s)
{
    size_t k;
    while ((k = space_at(s)) != 0)
        s += k;
    return s;
}

/* ---- numbers (textscan.c) ---- */

/* A run of digits, ASCII or full-width (U+FF10-FF19, typed by CJK input
 * methods), as a whole number: *ndig digits were read (0: none, and p is
 * returned).  The value saturates near 10^9, so long junk cannot overflow
 * a 32-bit long; callers that care about the size test *ndig. */
const char *scan_digits(const char *p, long *val, int *ndig);

/* A whole number in digits or Chinese numerals ("14", "十四", "一九八一").
 * Returns the end, NULL when p starts none. */
const char *scan_whole(const char *p, long *v);

/* The spellings of a decimal number scan_decimal accepts. */
typedef enum scan_form {
    /* digits ['.' digits] or '.' digits, ASCII only: FF[4]'s Real and
     * KataGo's numbers */
    SCAN_ASCII,
    /* also full-width digits, and ',' (Europe's "6,5") or the full-width
     * '．' as the decimal separator */
    SCAN_LOOSE
} scan_form;

/* An unsigned decimal number.  Exact to 15 digits on either side of the
 * point; more are read but saturate (no overflow on long junk).  Returns
 * the end, NULL (and *v untouched) when p starts none.
 * *ff4, when not NULL, tells whether the text was FF[4]'s Real: ASCII
 * digits, at least one before the point, '.' as the separator. */
const char *scan_decimal(const char *p, scan_form form, double *v,
                         bool *ff4);

/* Units of a margin or a komi: points (目 Chinese and Japanese, 点, 집
 * Korean, "points") or stones (子).  Counting by stones is the Chinese area
 * count: the two players share the board's points, so one stone more for
 * one side is two points of difference and 1 子 = 2 points (3¾ 子 komi =
 * 7.5 points). */
typedef enum amount_unit { UNIT_NONE, UNIT_POINTS, UNIT_STONES } amount_unit;

typedef struct amount {
    double v;           /* as written, in unit */
    amount_unit unit;
} amount;

/* A margin or a komi written as free text: "6.5", "6,5 points", "5 1/2",
 * "5½", "4目半", "五目半", "半目", "3又1/4子", "3¾子", "二子半",
 * "四分之三子", "5집반", "반집".  No sign.  Returns the end, NULL when p
 * does not start one (a bare 半 is none). */
const char *scan_amount(const char *p, amount *a);

static inline double amount_points(const amount *a)
{
    return a->unit == UNIT_STONES ? 2 * a->v : a->v;
}

/* Whether v is an odd number of quarters (0.25, 2.75): a count in points
 * ends in .0 or .5, so such a komi or margin can only be in stones. */
bool is_odd_quarter(double v);

/* ---- writing numbers ---- */

/* v in buf (n bytes, at least 24): at most six decimals, no trailing
 * zeros, always '.' whatever the locale; NaN as 0.  Returns buf. */
const char *format_number(char *buf, size_t n, double v);

#endif
