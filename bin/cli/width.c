/*
 * width.c - how many terminal columns text takes, for tables that line up
 * with CJK names: East Asian wide and fullwidth characters take 2 columns,
 * combining marks 0, others 1.  Our own tables (after Unicode's
 * EastAsianWidth.txt, W and F), not wcwidth(): no locale, the same output
 * everywhere.
 */
#include <stddef.h>
#include <stdint.h>
#include "cli/buf.h"

struct range {
    uint32_t lo, hi;
};

/* Marks drawn on the character before: no column of their own. */
static const struct range zero_width[] = {
    { 0x0300, 0x036F }, { 0x0483, 0x0489 }, { 0x0591, 0x05BD },
    { 0x0610, 0x061A }, { 0x064B, 0x065F }, { 0x0E31, 0x0E31 },
    { 0x0E34, 0x0E3A }, { 0x0E47, 0x0E4E }, { 0x1160, 0x11FF },
    { 0x1AB0, 0x1AFF }, { 0x1DC0, 0x1DFF }, { 0x200B, 0x200F },
    { 0x2028, 0x202E }, { 0x2060, 0x2064 }, { 0x20D0, 0x20FF },
    { 0x302A, 0x302D }, { 0x3099, 0x309A }, { 0xFE00, 0xFE0F },
    { 0xFE20, 0xFE2F }, { 0xFEFF, 0xFEFF }, { 0xE0100, 0xE01EF },
};

/* East Asian Wide (W) and Fullwidth (F), merged into ranges. */
static const struct range wide[] = {
    { 0x1100, 0x115F }, { 0x231A, 0x231B }, { 0x2329, 0x232A },
    { 0x23E9, 0x23EC }, { 0x23F0, 0x23F0 }, { 0x23F3, 0x23F3 },
    { 0x25FD, 0x25FE }, { 0x2614, 0x2615 }, { 0x2648, 0x2653 },
    { 0x267F, 0x267F }, { 0x2693, 0x2693 }, { 0x26A1, 0x26A1 },
    { 0x26AA, 0x26AB }, { 0x26BD, 0x26BE }, { 0x26C4, 0x26C5 },
    { 0x26CE, 0x26CE }, { 0x26D4, 0x26D4 }, { 0x26EA, 0x26EA },
    { 0x26F2, 0x26F3 }, { 0x26F5, 0x26F5 }, { 0x26FA, 0x26FA },
    { 0x26FD, 0x26FD }, { 0x2705, 0x2705 }, { 0x270A, 0x270B },
    { 0x2728, 0x2728 }, { 0x274C, 0x274C }, { 0x274E, 0x274E },
    { 0x2753, 0x2755 }, { 0x2757, 0x2757 }, { 0x2795, 0x2797 },
    { 0x27B0, 0x27B0 }, { 0x27BF, 0x27BF }, { 0x2B1B, 0x2B1C },
    { 0x2B50, 0x2B50 }, { 0x2B55, 0x2B55 }, { 0x2E80, 0x303E },
    { 0x3041, 0x33FF }, { 0x3400, 0x4DBF }, { 0x4E00, 0x9FFF },
    { 0xA000, 0xA4CF }, { 0xA960, 0xA97F }, { 0xAC00, 0xD7A3 },
    { 0xF900, 0xFAFF }, { 0xFE10, 0xFE19 }, { 0xFE30, 0xFE6F },
    { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 }, { 0x16FE0, 0x16FE4 },
    { 0x17000, 0x18CFF }, { 0x1B000, 0x1B2FF }, { 0x1F004, 0x1F004 },
    { 0x1F0CF, 0x1F0CF }, { 0x1F18E, 0x1F18E }, { 0x1F191, 0x1F19A },
    { 0x1F200, 0x1F251 }, { 0x1F300, 0x1F320 }, { 0x1F32D, 0x1F335 },
    { 0x1F337, 0x1F37C }, { 0x1F37E, 0x1F393 }, { 0x1F3A0, 0x1F3CA },
    { 0x1F3CF, 0x1F3D3 }, { 0x1F3E0, 0x1F3F0 }, { 0x1F3F4, 0x1F3F4 },
    { 0x1F3F8, 0x1F43E }, { 0x1F440, 0x1F440 }, { 0x1F442, 0x1F4FC },
    { 0x1F4FF, 0x1F53D }, { 0x1F54B, 0x1F54E }, { 0x1F550, 0x1F567 },
    { 0x1F57A, 0x1F57A }, { 0x1F595, 0x1F596 }, { 0x1F5A4, 0x1F5A4 },
    { 0x1F5FB, 0x1F64F }, { 0x1F680, 0x1F6C5 }, { 0x1F6CC, 0x1F6CC },
    { 0x1F6D0, 0x1F6D2 }, { 0x1F6D5, 0x1F6D7 }, { 0x1F6EB, 0x1F6EC },
    { 0x1F6F4, 0x1F6FC }, { 0x1F7E0, 0x1F7EB }, { 0x1F90C, 0x1F93A },
    { 0x1F93C, 0x1F945 }, { 0x1F947, 0x1F9FF }, { 0x1FA70, 0x1FAFF },
    { 0x20000, 0x2FFFD }, { 0x30000, 0x3FFFD },
};

static int in_ranges(const struct range *r, size_t n, uint32_t c)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c < r[mid].lo)
            hi = mid;
        else if (c > r[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

int cli_char_width(uint32_t c)
{
    if (in_ranges(zero_width, sizeof zero_width / sizeof *zero_width, c))
        return 0;
    return in_ranges(wide, sizeof wide / sizeof *wide, c) ? 2 : 1;
}

/* The code point at *p (n bytes left), *len its bytes; a byte that starts
 * no valid sequence is one character of its own (a column, as the
 * terminal shows a replacement for it). */
static uint32_t next_char(const unsigned char *p, size_t n, size_t *len)
{
    unsigned char c = p[0];
    size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
               : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (k == 0 || k > n) {
        *len = 1;
        return 0xFFFD;
    }
    uint32_t v = k == 1 ? c : (uint32_t)(c & (0x7F >> k));
    for (size_t i = 1; i < k; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            *len = 1;
            return 0xFFFD;
        }
        v = v << 6 | (p[i] & 0x3F);
    }
    *len = k;
    return v;
}

size_t cli_display_width(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t w = 0;
    while (n) {
        size_t len;
        uint32_t c = next_char(p, n, &len);
        /* cli_buf_text writes control characters as \xNN */
        w += c < 0x20 || c == 0x7F ? 4 : (size_t)cli_char_width(c);
        p += len;
        n -= len;
    }
    return w;
}

void cli_buf_text_padded(struct cli_buf *b, const char *s, size_t width)
{
    size_t start = b->len;
    cli_buf_text(b, s);
    if (b->nomem)
        return;
    size_t w = cli_display_width(b->data + start, b->len - start);
    for (; w < width; w++)
        cli_buf_put(b, " ", 1);
}
