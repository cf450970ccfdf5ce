/*
 * member_names.c - archive member names as origins: valid, printable
 * UTF-8 whatever charset the archive's writer used (member_names.h;
 * doc/inputs.md, "Member names").
 */
#include <stdlib.h>
#include <string.h>
#include "common/encoding.h"
#include "common/grow.h"
#include "input/member_names.h"

static const char hexdigit[] = "0123456789ABCDEF";

/* A name that is not UTF-8 is in the charset of the program that wrote the
 * archive: zip's default is code page 437 (APPNOTE 4.4.4, bit 11 unset),
 * but zippers write the system's code page (GBK in China, CP932 in Japan,
 * CP949 in Korea), and tar names have no charset at all.  A name is a few
 * characters, so the plausibility of each reading is summed over the names
 * of the archive so far (they share one charset), and a reading under
 * which a name does not decode is ruled out.  The readings are the ones charset
 * detection tries (encoding.h), scored the same way, and code page 437 for zip (which replaces
 * Windows-1252, tar's single-byte reading).  Both single-byte readings
 * decode (nearly) anything, so a name always gets one. */
enum { NAME_1252 = ENCODING_READINGS - 1, NAME_CP437 = ENCODING_READINGS };
_Static_assert(MEMBER_NAME_READINGS == ENCODING_READINGS + 1,
               "one reading per encoding_readings, and code page 437");

static const char *reading_name(int k)
{
    return k == NAME_CP437 ? "CP437" : encoding_readings[k].iconv;
}

static iconv_t reading_cd(member_names *mn, int k)
{
    if (!mn->cd_tried[k]) {
        mn->cd_tried[k] = true;
        iconv_t cd = iconv_open("UTF-8", reading_name(k));
        mn->cd[k] = cd == (iconv_t)-1 ? NULL : (void *)cd;
    }
    return mn->cd[k] ? (iconv_t)mn->cd[k] : (iconv_t)-1;
}

/* A name read in a single-byte charset is plausible with a few accented
 * letters among ASCII ones ("Müller.sgf"), not when they alternate: that
 * is Shift-JIS, whose trail bytes are often ASCII letters (山田 is
 * 8E 52 93 63, "ÄRôc" in code page 437).  The extension is no evidence. */
static long reading_score(int k, const unsigned char *s, size_t n)
{
    if (k != NAME_CP437 && encoding_readings[k].family != ENC_LATIN)
        return encoding_score(encoding_readings[k].family, s, n);
    size_t stem = n, high = 0, letters = 0;
    while (stem > 0 && s[stem - 1] != '.')
        stem--;
    if (stem == 0)
        stem = n;
    for (size_t i = 0; i < stem; i++) {
        high += s[i] >= 0x80;
        letters += encoding_ascii_letter(s[i]);
    }
    if (3 * high > 2 * letters)
        return -(long)high;
    return encoding_latin_score(s, n, k == NAME_CP437);
}

/* *buf with room for need bytes. */
static bool name_room(char **buf, size_t *cap, size_t need)
{
    char *q = grow(*buf, cap, need, 1);
    if (!q)
        return false;
    *buf = q;
    return true;
}

/* s[0..n) into mn->buf with control characters (C0, DEL and, in UTF-8,
 * C1) as \xNN: a name shown in a diagnostic must not end its line or
 * move the cursor.  raw: s is undecoded bytes; every byte >= 0x80 is
 * shown as \xNN too. */
static const char *name_printable(member_names *mn, const char *s, size_t n,
                                  bool raw)
{
    if (!name_room(&mn->buf, &mn->cap, 4 * n + 1))
        return NULL;
    char *o = mn->buf;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        bool c1 = !raw && c == 0xC2 && i + 1 < n &&
                  (unsigned char)s[i + 1] >= 0x80 &&
                  (unsigned char)s[i + 1] <= 0x9F;
        size_t k = c1 ? 2 : 1;
        if (c < 0x20 || c == 0x7F || c1 || (raw && c >= 0x80)) {
            for (size_t j = 0; j < k; j++) {
                unsigned char b = (unsigned char)s[i + j];
                *o++ = '\\';
                *o++ = 'x';
                *o++ = hexdigit[b >> 4];
                *o++ = hexdigit[b & 15u];
            }
            i += k - 1;
        } else {
            *o++ = (char)c;
        }
    }
    *o = '\0';
    return mn->buf;
}

/* raw[0..n) decoded in reading k into mn->tmp (*len bytes): the number of
 * bytes that are not text in it (undecodable, or C1 controls: glibc's
 * EUC-JP passes 0x80-0x9F through as U+0080-U+009F), -1 when out of
 * memory. */
static long reading_decode(member_names *mn, int k, const char *raw,
                           size_t n, size_t *len)
{
    /* 4 bytes out per byte in covers "\xNN" and these charsets' widest
     * characters */
    size_t cap = 4 * n + 8;
    long bad;
    for (;;) {
        if (!name_room(&mn->tmp, &mn->tmp_cap, cap))
            return -1;
        bad = encoding_decode(reading_cd(mn, k), 1, raw, n, mn->tmp, cap, len);
        if (bad >= 0)
            break;
        cap *= 2;
    }
    for (size_t i = 0; i + 1 < *len; i++)
        if ((unsigned char)mn->tmp[i] == 0xC2 &&
            (unsigned char)mn->tmp[i + 1] <= 0x9F)
            bad++;
    return bad;
}

void member_names_start(member_names *mn)
{
    memset(mn->evidence, 0, sizeof mn->evidence);
    memset(mn->ruled_out, 0, sizeof mn->ruled_out);
}

const char *member_name_utf8(member_names *mn, const char *raw, size_t n,
                              bool zip)
{
    const unsigned char *s = (const unsigned char *)raw;
    size_t i = 0;
    bool u8_long = false;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        long k = encoding_utf8_sequence(s + i, n - i);
        if (k < 0)
            break;
        u8_long |= k >= 3;
        i += (size_t)k;
    }
    long bad[MEMBER_NAME_READINGS];
    size_t len;
    int single = zip ? NAME_CP437 : NAME_1252;
    if (i == n) {
        /* Valid UTF-8, which other text rarely is, except for short runs
         * of two-byte sequences: a GBK name (野雪 is D2B0 D1A9, "Ұѩ" in
         * UTF-8) in an archive whose other names were read as such is
         * read so too. */
        int k = -1;
        for (int j = 0; j < NAME_1252 && !u8_long; j++)
            if (!mn->ruled_out[j] && mn->evidence[j] > 0 &&
                (k < 0 || mn->evidence[j] > mn->evidence[k]))
                k = j;
        if (k < 0 || mn->evidence[k] <= mn->evidence[single] ||
            reading_decode(mn, k, raw, n, &len) != 0 ||
            reading_score(k, s, n) <= 0)
            return name_printable(mn, raw, n, false);
        return name_printable(mn, mn->tmp, len, false);
    }
    for (int k = 0; k < MEMBER_NAME_READINGS; k++) {
        bad[k] = -1;
        if ((k >= NAME_1252 && k != single) ||
            reading_cd(mn, k) == (iconv_t)-1)
            continue;
        bad[k] = reading_decode(mn, k, raw, n, &len);
        if (bad[k] < 0)
            return NULL;
        if (bad[k] == 0)
            mn->evidence[k] += reading_score(k, s, n);
        else
            mn->ruled_out[k] = true;
    }
    /* The best reading the archive's names allow, else the best for this
     * name alone; an East Asian one must beat the single-byte one (which
     * is looked at first), as in detect().  Else the single-byte one with
     * its undecodable bytes as \xNN. */
    int best = -1;
    for (int pass = 0; pass < 2 && best < 0; pass++)
        for (int j = 0; j < MEMBER_NAME_READINGS; j++) {
            int k = j == 0 ? single : j - 1;
            if (j > 0 && k == single)
                continue;
            if (bad[k] == 0 && (pass == 1 || !mn->ruled_out[k]) &&
                (best < 0 || mn->evidence[k] > mn->evidence[best]))
                best = k;
        }
    if (best < 0 && bad[single] > 0)
        best = single;
    if (best < 0)
        return name_printable(mn, raw, n, true);
    if (reading_decode(mn, best, raw, n, &len) < 0)
        return NULL;
    return name_printable(mn, mn->tmp, len, false);
}

void member_names_release(member_names *mn)
{
    for (int k = 0; k < MEMBER_NAME_READINGS; k++)
        if (mn->cd[k])
            iconv_close((iconv_t)mn->cd[k]);
    free(mn->buf);
    free(mn->tmp);
    memset(mn, 0, sizeof *mn);
}
