/*
 * hepburn.c - Japanese names romanized in Hepburn.  Pinyin and Korean
 * names rarely read as Hepburn: q, x, zh, l, "ng" and "eo" are none of
 * its syllables, nor are Kunrei's si, ti, tu, zi and hu.  The figures
 * behind the rule are in doc/gameinfo.md, "The rules".
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "go/hepburn.h"

enum { WORD_MAX = 32 };

static bool vowel(char c)
{
    return c && strchr("aeiou", c) != NULL;
}

/* The plain vowel of a Latin vowel with a macron or circumflex (UTF-8 at
 * p, two bytes), or 0. */
static char marked_vowel(const unsigned char *p)
{
    static const struct { unsigned char a, b; char v; } marks[] = {
        { 0xC4, 0x81, 'a' }, { 0xC4, 0x93, 'e' }, { 0xC4, 0xAB, 'i' },
        { 0xC5, 0x8D, 'o' }, { 0xC5, 0xAB, 'u' }, { 0xC4, 0x80, 'a' },
        { 0xC4, 0x92, 'e' }, { 0xC4, 0xAA, 'i' }, { 0xC5, 0x8C, 'o' },
        { 0xC5, 0xAA, 'u' }, { 0xC3, 0xA2, 'a' }, { 0xC3, 0xAA, 'e' },
        { 0xC3, 0xAE, 'i' }, { 0xC3, 0xB4, 'o' }, { 0xC3, 0xBB, 'u' },
        { 0xC3, 0x82, 'a' }, { 0xC3, 0x8A, 'e' }, { 0xC3, 0x8E, 'i' },
        { 0xC3, 0x94, 'o' }, { 0xC3, 0x9B, 'u' },
    };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (p[0] == marks[i].a && p[1] == marks[i].b)
            return marks[i].v;
    return 0;
}

/* The vowels a consonant (or a pair of letters) takes before it, or NULL
 * when it is no onset of Hepburn's. */
static const char *onset_vowels(const char *w, size_t *len)
{
    static const struct { const char *onset, *vowels; } onsets[] = {
        { "ky", "auo" }, { "gy", "auo" }, { "ny", "auo" }, { "hy", "auo" },
        { "by", "auo" }, { "py", "auo" }, { "my", "auo" }, { "ry", "auo" },
        { "sh", "aiuo" }, { "ch", "aiuo" }, { "ts", "u" },
        { "j", "aiuo" }, { "f", "u" }, { "w", "a" }, { "y", "auo" },
        { "s", "aueo" }, { "t", "aeo" }, { "z", "aueo" }, { "d", "aeo" },
        { "h", "aieo" }, { "k", "aiueo" }, { "g", "aiueo" }, { "n", "aiueo" },
        { "b", "aiueo" }, { "p", "aiueo" }, { "m", "aiueo" }, { "r", "aiueo" },
    };
    for (size_t i = 0; i < sizeof onsets / sizeof onsets[0]; i++) {
        size_t n = strlen(onsets[i].onset);
        if (w[0] == onsets[i].onset[0] && !strncmp(w, onsets[i].onset, n)) {
            *len = n;
            return onsets[i].vowels;
        }
    }
    return NULL;
}

/* The morae of one word (lower case, NUL-terminated), or -1. */
static int word_morae(const char *w)
{
    int morae = 0;
    for (size_t i = 0; w[i];) {
        char c = w[i], next = w[i + 1];
        size_t len;
        const char *vowels;
        if (vowel(c)) {
            i++;
        } else if (c == 'n' && !vowel(next) && next != 'y') {
            i += next == '\'' ? 2 : 1;              /* Shin'ichi */
        } else if (c == 'm' && next && strchr("bmp", next)) {
            i++;                                    /* Sampei */
        } else if (strchr("kstp", c) && (next == c ||
                   (c == 't' && next == 'c' && w[i + 2] == 'h'))) {
            i++;                                    /* Hattori, Itchi */
        } else if (c == 'h' && i > 0 && w[i - 1] == 'o' && !vowel(next) &&
                   next != 'y') {
            i++;                                    /* Ohno: a long o */
        } else if ((vowels = onset_vowels(w + i, &len)) && w[i + len] &&
                   strchr(vowels, w[i + len])) {
            i += len + 1;
        } else {
            return -1;
        }
        morae++;
    }
    return morae;
}

int hepburn_name_morae(const char *name)
{
    char word[WORD_MAX + 1];
    size_t n = 0;
    int words = 0, morae = 0;
    if (!name)
        return -1;
    for (const unsigned char *p = (const unsigned char *)name;; p++) {
        char c = (char)*p, v;
        if (c == ' ' || c == '-' || c == '&' || c == ',' || c == '\0') {
            if (n) {
                word[n] = '\0';
                int m = word_morae(word);
                if (m < 0)
                    return -1;
                morae += m;
                words++;
                n = 0;
            }
            if (c == '\0')
                break;
            continue;
        }
        if (n == WORD_MAX)
            return -1;
        if (c >= 'A' && c <= 'Z')
            word[n++] = (char)(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c == '\'' && n))
            word[n++] = c;
        else if ((v = marked_vowel(p)) != 0) {
            word[n++] = v;
            p++;
        } else
            return -1;
    }
    return words >= 2 ? morae : -1;
}
