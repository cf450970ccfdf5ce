/*
 * encoding.c - bytes of text in a charset: strict UTF-8, decoding with
 * iconv that keeps what does not decode, and how plausible a reading of
 * short text is (encoding.h).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include "common/encoding.h"

static const char hexdigit[] = "0123456789ABCDEF";

long encoding_utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2
                : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
    unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    size_t k = 1;
    while (k <= need && k < n) {
        unsigned d = s[k];
        if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF))
            break;
        k++;
    }
    return need && k > need ? (long)k : -(long)k;
}

long encoding_decode(iconv_t cd, size_t unit, const char *in, size_t n,
                     char *out, size_t cap, size_t *written)
{
    char scratch[1024];
    bool keep = out != NULL;
    char *o = keep ? out : scratch;
    size_t left = keep ? cap : sizeof scratch;
    char *ip = (char *)(uintptr_t)in;   /* iconv does not write its input */
    size_t il = n;
    long bad = 0;

    iconv(cd, NULL, NULL, NULL, NULL);
    for (;;) {
        char *ip0 = ip, *o0 = o;
        size_t r = il ? iconv(cd, &ip, &il, &o, &left) : 0;
        if (r != (size_t)-1)    /* input done: close a shift state */
            r = iconv(cd, NULL, NULL, &o, &left);
        if (r != (size_t)-1)
            break;
        if (errno == E2BIG && ip == ip0 && o - o0 >= 64) {
            /* glibc's SHIFT_JISX0213 (and its kin that hold back a
             * character to combine) can, after running out of room, fill
             * any buffer with output from no input, forever (a 12 KB file
             * hung the checker; found by fuzzing).  No character is 64
             * bytes: drop that output, reset the converter, and take the
             * byte here as undecodable. */
            left += (size_t)(o - o0);
            o = o0;
            iconv(cd, NULL, NULL, NULL, NULL);
            errno = EILSEQ;
        }
        if (errno == E2BIG || left < 4 * unit) {
            if (keep)
                return -1;
            o = scratch;
            left = sizeof scratch;
            continue;
        }
        /* EILSEQ, or EINVAL (a character cut by the value's end) */
        for (size_t k = 0; k < unit && il > 0; k++) {
            unsigned char c = (unsigned char)*ip++;
            il--;
            *o++ = '\\';
            *o++ = 'x';
            *o++ = hexdigit[c >> 4];
            *o++ = hexdigit[c & 15u];
            left -= 4;
            bad++;
        }
    }
    if (written)
        *written = keep ? (size_t)(o - out) : 0;
    return bad;
}

/* ---- how plausible a reading is --------------------------------------- */

/* Short text (two player names) is where detectors fail: uchardet calls
 * four bytes of GBK "TIS-620" and reads Shift-JIS names as nothing at all.
 * Every East Asian standard orders its characters so that the common ones
 * share a range (GB2312 level 1, Big5's frequent block, JIS level 1, the
 * KS X 1001 hangul rows, the kana rows); a reading that lands in those
 * ranges is more plausible than one that lands in extensions, user-defined
 * areas or half-width katakana.  GB2312 level 1 and the KS X 1001 hangul
 * rows overlap byte for byte, so Korean needs the frequency of the
 * syllables themselves: names, Go words (바둑, 흑, 백, 승, 집...) and the
 * most frequent syllables of Korean text. */


/* In the order of how often they occur in Go records without CA[]
 * (sgfutils lists GB, SJIS, Big5, EUC-KR): the order breaks ties. */
const encoding_reading encoding_readings[ENCODING_READINGS] = {
    { "GB18030", ENC_GB },
    { "CP932", ENC_SJIS },
    { "CP949", ENC_KR },
    { "CP950", ENC_BIG5 },
    { "EUC-JP", ENC_EUCJP },
    { "WINDOWS-1252", ENC_LATIN },
};

static const uint16_t hangul_common[] = {  /* EUC-KR codes, sorted */
    0xB0A1, 0xB0A3, 0xB0AD, 0xB0B3, 0xB0C5, 0xB0C7, 0xB0CD, 0xB0D4, 0xB0E1,
    0xB0E6, 0xB0E8, 0xB0ED, 0xB0F8, 0xB0FA, 0xB0FB, 0xB0FC, 0xB1A4, 0xB1B3,
    0xB1B8, 0xB1B9, 0xB1C7, 0xB1D4, 0xB1D7, 0xB1D9, 0xB1DD, 0xB1E2, 0xB1E6,
    0xB1E8, 0xB1EE, 0xB3AA, 0xB3AF, 0xB3B2, 0xB3BB, 0xB3EB, 0xB4C2, 0xB4D9,
    0xB4DC, 0xB4E7, 0xB4EB, 0xB4F6, 0xB4FD, 0xB5A5, 0xB5B5, 0xB5B9, 0xB5BF,
    0xB5CF, 0xB5E5, 0xB5E9, 0xB5EE, 0xB6A7, 0xB6F3, 0xB7AF, 0xB7C1, 0xB7CE,
    0xB7F9, 0xB8A3, 0xB8AE, 0xB8B6, 0xB8B8, 0xB8BB, 0xB8CD, 0xB8E9, 0xB8ED,
    0xB8F0, 0xB8F1, 0xB9AB, 0xB9AE, 0xB9B0, 0xB9CC, 0xB9CE, 0xB9D9, 0xB9DA,
    0xB9DD, 0xB9DF, 0xB9E6, 0xB9E8, 0xB9E9, 0xB9FC, 0xBAAF, 0xBAB8, 0xBABB,
    0xBAC0, 0xBACE, 0xBAD0, 0xBAD2, 0xBAF1, 0xBAF3, 0xBBE7, 0xBBF3, 0xBBFD,
    0xBCAD, 0xBCAE, 0xBCB1, 0xBCB3, 0xBCBA, 0xBCBC, 0xBCD2, 0xBCD5, 0xBCDB,
    0xBCF6, 0xBCF7, 0xBCF8, 0xBDBA, 0xBDC0, 0xBDC2, 0xBDC3, 0xBDC4, 0xBDC5,
    0xBDC7, 0xBDC9, 0xBEC6, 0xBEC8, 0xBED3, 0xBEDF, 0xBEE7, 0xBEEE, 0xBEF6,
    0xBEF8, 0xBFA1, 0xBFA9, 0xBFAC, 0xBFAD, 0xBFB0, 0xBFB5, 0xBFB9, 0xBFC0,
    0xBFC1, 0xBFD5, 0xBFE4, 0xBFEB, 0xBFEC, 0xBFEE, 0xBFF8, 0xC0A7, 0xC0AF,
    0xC0B0, 0xC0B1, 0xC0B2, 0xC0BA, 0xC0BB, 0xC0BD, 0xC0C7, 0xC0CC, 0xC0CE,
    0xC0CF, 0xC0D0, 0xC0D3, 0xC0DA, 0xC0DB, 0xC0E5, 0xC0E7, 0xC0FA, 0xC0FB,
    0xC0FC, 0xC1A4, 0xC1A6, 0xC1AA, 0xC1B6, 0xC1BE, 0xC1D6, 0xC1D8, 0xC1DF,
    0xC1F6, 0xC1F8, 0xC1FD, 0xC2F7, 0xC2F9, 0xC3A2, 0xC3A4, 0xC3B5, 0xC3B6,
    0xC3CA, 0xC3D6, 0xC3DF, 0xC4A1, 0xC4C5, 0xC5B8, 0xC5B9, 0xC5C2, 0xC5C3,
    0xC5CD, 0xC5EB, 0xC6AE, 0xC6C7, 0xC6D0, 0xC6ED, 0xC7A5, 0xC7C1, 0xC7CF,
    0xC7D1, 0xC7D4, 0xC7D5, 0xC7D8, 0xC7E0, 0xC7E3, 0xC7F5, 0xC7F6, 0xC7FC,
    0xC7FD, 0xC8A3, 0xC8AB, 0xC8AD, 0xC8AF, 0xC8B2, 0xC8B8, 0xC8BF, 0xC8C6,
    0xC8E6, 0xC8F1, 0xC8F7,
};

static bool hangul_is_common(unsigned code)
{
    size_t lo = 0, hi = sizeof hangul_common / sizeof hangul_common[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (hangul_common[mid] == code)
            return true;
        if (hangul_common[mid] < code)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* Score of one two-byte character c,d in a family's own code layout. */
static int pair_score(enum encoding_family f, unsigned c, unsigned d)
{
    unsigned code = c << 8 | d;
    switch (f) {
    case ENC_GB:
        if (d < 0xA1)
            return 0;                               /* GBK extensions */
        if (c >= 0xB0 && c <= 0xD7)
            return 2;                               /* GB2312 level 1 */
        if ((c >= 0xD8 && c <= 0xF7) || c == 0xA1 || c == 0xA3 ||
            c == 0xA4 || c == 0xA5)
            return 1;                  /* level 2, punctuation, kana rows */
        return (c >= 0xAA && c <= 0xAF) || c >= 0xF8 ? -1 : 0; /* user area */
    case ENC_SJIS:
        if (c == 0x82)
            return d >= 0x9F ? 2 : 1;               /* hiragana, full-width */
        if (c == 0x83)
            return d <= 0x96 ? 2 : 0;               /* katakana, Greek */
        if (c == 0x81)
            return 1;                               /* punctuation */
        if (c >= 0x88 && c <= 0x98)
            return 2;                               /* JIS level 1 */
        if ((c >= 0x99 && c <= 0x9F) || (c >= 0xE0 && c <= 0xEA))
            return 1;                               /* JIS level 2 */
        return c >= 0xF0 && c <= 0xF9 ? -1 : 0;     /* user area */
    case ENC_KR:
        if (d < 0xA1)
            return 0;                               /* UHC extensions */
        if (c >= 0xB0 && c <= 0xC8)
            return hangul_is_common(code) ? 4 : 1;  /* KS X 1001 hangul */
        return c == 0xA1 || (c >= 0xCA && c <= 0xFD) ? 1 : 0;
    case ENC_BIG5:
        if (code >= 0xA440 && code <= 0xC67E)
            return 2;                               /* frequent block */
        if ((code >= 0xC940 && code <= 0xF9D5) || c == 0xA1)
            return 1;                      /* less frequent, punctuation */
        return c < 0xA1 || c >= 0xFA ? -1 : 0;      /* user area */
    case ENC_EUCJP:
        /* its kanji rows are GB2312's hanzi rows byte for byte, and EUC-JP
         * is rare in Go records: only kana make it the better reading */
        if (c == 0xA4 || c == 0xA5)
            return 3;                               /* kana */
        return c == 0xA1 || (c >= 0xB0 && c <= 0xCF) ? 1 : 0;
    case ENC_LATIN:
        break;
    }
    return 0;
}

bool encoding_ascii_letter(unsigned c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/* A letter in Windows-1252, or with cp437 in code page 437 (zip's default
 * for names: accented letters at 0x80-0x9A and 0xA0-0xA5, and ß). */
static bool latin_letter(unsigned c, bool cp437)
{
    if (cp437)
        return (c >= 0x80 && c <= 0x9A) || (c >= 0xA0 && c <= 0xA5) ||
               c == 0xE1;
    return (c >= 0xC0 && c != 0xD7 && c != 0xF7) || c == 0x8A || c == 0x8C ||
           c == 0x8E || c == 0x9A || c == 0x9C || c == 0x9E || c == 0x9F;
}

long encoding_latin_score(const unsigned char *s, size_t n, bool cp437)
{
    long sc = 0;
    size_t i = 0;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && s[j] >= 0x80)
            j++;
        if (j - i >= 3) {
            sc -= (long)(j - i);
        } else {
            bool letters = false;
            for (size_t k = i; k < j; k++)
                if (latin_letter(s[k], cp437)) {
                    letters = true;
                    sc += (k > 0 && encoding_ascii_letter(s[k - 1])) +
                          (k + 1 < n && encoding_ascii_letter(s[k + 1]));
                }
            /* accented letters sit inside words ("créé", "Müller"); East
             * Asian characters sit between spaces or other characters */
            if (letters && ((i > 0 && encoding_ascii_letter(s[i - 1])) ||
                            (j < n && encoding_ascii_letter(s[j]))))
                sc++;
        }
        i = j;
    }
    return sc;
}

long encoding_score(enum encoding_family f, const unsigned char *s,
                    size_t n)
{
    long sc = 0;
    size_t i = 0;
    if (f == ENC_LATIN)
        return encoding_latin_score(s, n, false);
    while (i < n) {
        unsigned c = s[i], d = i + 1 < n ? s[i + 1] : 0;
        if (c < 0x80) {
            i++;
        } else if (f == ENC_GB && d >= 0x30 && d <= 0x39) {
            sc -= 1;                /* GB18030 four-byte: rare */
            i += 4;
        } else if (f == ENC_SJIS && c >= 0xA1 && c <= 0xDF) {
            sc -= 1;                /* half-width katakana */
            i++;
        } else if (f == ENC_EUCJP && c == 0x8F) {
            i += 3;                 /* JIS X 0212: rare */
        } else if (f == ENC_EUCJP && c == 0x8E) {
            sc -= 1;                /* half-width katakana */
            i += 2;
        } else {
            sc += pair_score(f, c, d);
            i += 2;
        }
    }
    return sc;
}
