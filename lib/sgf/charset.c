/*
 * charset.c - which charset a game's text values are in, and decoding them
 * to UTF-8.  doc/charset.md gives the decision order and the reasons.
 *
 * The values keep the file's bytes; after parsing, charset_decide() looks at
 * the values that hold non-ASCII bytes (never at the skeleton, never at
 * moves: 'B[cc]' looks like anything to a detector, SabakiHQ/sgf#7) and
 * picks one charset for the game:
 *   1. all ASCII: nothing to decide (almost every game; one pass over the
 *      game's bytes, a word at a time);
 *   2. valid UTF-8: UTF-8, whatever CA says (non-ASCII text that happens to
 *      be valid UTF-8 is very rare), except that a CA naming a multi-byte
 *      charset wins when the UTF-8 evidence is a single two-byte sequence;
 *   3. CA names a charset iconv knows and every value decodes in it: CA;
 *   4. otherwise detection: uchardet on long text, a score of how plausible
 *      each East Asian reading is on short text, the caller's fallback
 *      charset when that is unsure.
 * Then every value is decoded once so that undecodable bytes are reported
 * where they are; they stay in the text as \xNN.  Last, when the charset is
 * a double-byte one whose trail bytes can be '\\' or ']' and a value shows
 * that the writer left such a trail byte unescaped, the reader is asked to
 * parse the game again with characters as units (SGFC's -E2 mode breaks on
 * exactly these files).
 */
#include <iconv.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "common/arena.h"
#include "common/encoding.h"
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/charset.h"
#include "sgf/decoders.h"

/* ---- names ------------------------------------------------------------ */

enum {
    CSF_UTF8 = 1u << 0,
    CSF_MULTI = 1u << 1,    /* characters of several bytes */
    CSF_DBCS = 1u << 2,     /* trail bytes may be '\\' (0x5C) or ']' (0x5D) */
    CSF_WESTERN = 1u << 3,  /* what writers put in CA[] without looking */
    CSF_WIDE = 1u << 4,     /* not ASCII-compatible: decode before unescaping */
    CSF_UTF16 = 1u << 5
};

/* CA[] spellings seen in real files and in the MIME/IANA registry, matched
 * after dropping case and punctuation.  Legacy names decode with the
 * superset that the files written under them really use: GB2312 files
 * hold GBK characters, Shift_JIS files are Windows code page 932 (which
 * also keeps 0x5C a backslash; glibc's SHIFT_JIS makes it a yen sign),
 * EUC-KR files hold UHC syllables, and ISO-8859-1 is read as Windows-1252
 * as the WHATWG Encoding Standard does ("alt" is tried when the first has
 * undecodable bytes). */
typedef struct cs_alias {
    const char *key;
    const char *iconv;
    const char *alt;
    unsigned flags;
} cs_alias;

#define GB_ (CSF_MULTI | CSF_DBCS)
static const cs_alias aliases[] = {
    { "UTF8", "UTF-8", NULL, CSF_UTF8 | CSF_MULTI },
    { "ASCII", "US-ASCII", NULL, CSF_WESTERN },
    { "USASCII", "US-ASCII", NULL, CSF_WESTERN },
    { "US", "US-ASCII", NULL, CSF_WESTERN },
    { "ANSIX341968", "US-ASCII", NULL, CSF_WESTERN },
    { "ISO646US", "US-ASCII", NULL, CSF_WESTERN },
    { "ISO88591", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "ISO885911987", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "LATIN1", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "L1", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "ISOLATIN1", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "CSISOLATIN1", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "ISOIR100", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "CP819", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "IBM819", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "WINDOWS1252", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "CP1252", "WINDOWS-1252", "ISO-8859-1", CSF_WESTERN },
    { "ISO885915", "ISO-8859-15", NULL, CSF_WESTERN },
    { "LATIN9", "ISO-8859-15", NULL, CSF_WESTERN },
    { "LATIN0", "ISO-8859-15", NULL, CSF_WESTERN },
    { "GB2312", "GB18030", NULL, GB_ },
    { "GB231280", "GB18030", NULL, GB_ },
    { "CSGB2312", "GB18030", NULL, GB_ },
    { "EUCCN", "GB18030", NULL, GB_ },
    { "XEUCCN", "GB18030", NULL, GB_ },
    { "GBK", "GB18030", NULL, GB_ },
    { "XGBK", "GB18030", NULL, GB_ },
    { "CP936", "GB18030", NULL, GB_ },
    { "MS936", "GB18030", NULL, GB_ },
    { "WINDOWS936", "GB18030", NULL, GB_ },
    { "GB18030", "GB18030", NULL, GB_ },
    { "CHINESE", "GB18030", NULL, GB_ },
    { "BIG5", "CP950", "BIG5-HKSCS", GB_ },
    { "CNBIG5", "CP950", "BIG5-HKSCS", GB_ },
    { "CSBIG5", "CP950", "BIG5-HKSCS", GB_ },
    { "XXBIG5", "CP950", "BIG5-HKSCS", GB_ },
    { "BIG5ETEN", "CP950", "BIG5-HKSCS", GB_ },
    { "CP950", "CP950", "BIG5-HKSCS", GB_ },
    { "MS950", "CP950", "BIG5-HKSCS", GB_ },
    { "WINDOWS950", "CP950", "BIG5-HKSCS", GB_ },
    { "BIG5HKSCS", "BIG5-HKSCS", "CP950", GB_ },
    { "SHIFTJIS", "CP932", "SHIFT_JISX0213", GB_ },
    { "SJIS", "CP932", "SHIFT_JISX0213", GB_ },
    { "XSJIS", "CP932", "SHIFT_JISX0213", GB_ },
    { "MSKANJI", "CP932", "SHIFT_JISX0213", GB_ },
    { "CSSHIFTJIS", "CP932", "SHIFT_JISX0213", GB_ },
    { "CP932", "CP932", "SHIFT_JISX0213", GB_ },
    { "MS932", "CP932", "SHIFT_JISX0213", GB_ },
    { "WINDOWS31J", "CP932", "SHIFT_JISX0213", GB_ },
    { "CSWINDOWS31J", "CP932", "SHIFT_JISX0213", GB_ },
    { "SHIFTJISX0213", "SHIFT_JISX0213", "CP932", GB_ },
    { "EUCJP", "EUC-JP", "EUC-JP-MS", CSF_MULTI },
    { "XEUCJP", "EUC-JP", "EUC-JP-MS", CSF_MULTI },
    { "UJIS", "EUC-JP", "EUC-JP-MS", CSF_MULTI },
    { "CSEUCPKDFMTJAPANESE", "EUC-JP", "EUC-JP-MS", CSF_MULTI },
    { "EUCJPMS", "EUC-JP-MS", "EUC-JP", CSF_MULTI },
    { "EUCKR", "CP949", NULL, CSF_MULTI },
    { "CSEUCKR", "CP949", NULL, CSF_MULTI },
    { "CP949", "CP949", NULL, CSF_MULTI },
    { "UHC", "CP949", NULL, CSF_MULTI },
    { "MSCP949", "CP949", NULL, CSF_MULTI },
    { "WINDOWS949", "CP949", NULL, CSF_MULTI },
    { "KSC5601", "CP949", NULL, CSF_MULTI },
    { "KSC56011987", "CP949", NULL, CSF_MULTI },
    { "KSC56011989", "CP949", NULL, CSF_MULTI },
    { "CSKSC56011987", "CP949", NULL, CSF_MULTI },
    { "KSX1001", "CP949", NULL, CSF_MULTI },
    { "KOREAN", "CP949", NULL, CSF_MULTI },
    { "ISO2022JP", "ISO-2022-JP", "ISO-2022-JP-2", CSF_MULTI | CSF_WIDE },
    { "CSISO2022JP", "ISO-2022-JP", "ISO-2022-JP-2", CSF_MULTI | CSF_WIDE },
    { "ISO2022JP2", "ISO-2022-JP-2", NULL, CSF_MULTI | CSF_WIDE },
    { "ISO2022KR", "ISO-2022-KR", NULL, CSF_MULTI | CSF_WIDE },
    { "ISO2022CN", "ISO-2022-CN", NULL, CSF_MULTI | CSF_WIDE },
    { "UTF16", "UTF-16", NULL, CSF_MULTI | CSF_WIDE | CSF_UTF16 },
    { "UTF16LE", "UTF-16LE", NULL, CSF_MULTI | CSF_WIDE | CSF_UTF16 },
    { "UTF16BE", "UTF-16BE", NULL, CSF_MULTI | CSF_WIDE | CSF_UTF16 },
    { "UCS2", "UTF-16", NULL, CSF_MULTI | CSF_WIDE | CSF_UTF16 },
    { "UNICODE", "UTF-16", NULL, CSF_MULTI | CSF_WIDE | CSF_UTF16 },
    { "UTF32", "UTF-32", NULL, CSF_MULTI | CSF_WIDE },
    { "UTF32LE", "UTF-32LE", NULL, CSF_MULTI | CSF_WIDE },
    { "UTF32BE", "UTF-32BE", NULL, CSF_MULTI | CSF_WIDE },
};
#undef GB_

enum { NAME_MAX_ = DECODER_NAME_MAX };

/* "Shift_JIS" -> "SHIFTJIS"; false when s is too long to be a name. */
static bool name_key(const char *s, size_t n, char key[NAME_MAX_])
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            if (k + 1 >= NAME_MAX_)
                return false;
            key[k++] = c;
        }
    }
    key[k] = '\0';
    return k > 0;
}

static const cs_alias *alias_find(const char *s, size_t n)
{
    char key[NAME_MAX_];
    if (!name_key(s, n, key))
        return NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(aliases[i].key, key) == 0)
            return &aliases[i];
    return NULL;
}

/* Flags of a charset that is not in the table, from its iconv name. */
static unsigned generic_flags(const char *name)
{
    static const char *const wide[] = { "UTF-16", "UTF-32", "UCS-", "UTF-7",
                                        "ISO-2022", "HZ" };
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
        if (strncmp(name, wide[i], strlen(wide[i])) == 0)
            return CSF_MULTI | CSF_WIDE;
    return 0;
}

static const char hexdigit[] = "0123456789ABCDEF";

/* Bytes to skip over an undecodable character: a whole code unit in
 * UTF-16 and UTF-32, so that what follows stays aligned. */
static size_t unit_of(const char *name)
{
    if (strncmp(name, "UTF-16", 6) == 0 || strncmp(name, "UCS-2", 5) == 0)
        return 2;
    if (strncmp(name, "UTF-32", 6) == 0 || strncmp(name, "UCS-4", 5) == 0)
        return 4;
    return 1;
}

/* glibc's UCS-4 family (UCS-4, UCS-4LE, WCHAR_T, ... any name CA[] gives)
 * passes code points up to 2^31 through as the 4- to 6-byte sequences of
 * old UTF-8, and some converters let surrogates through: neither is UTF-8,
 * and text must be (a writer's output did not read back; found by
 * fuzzing).  Each such sequence in s[0..n) becomes U+FFFD, in place (it
 * never grows); returns the new length and adds the count to *bad. */
static size_t utf8_clamp(char *s, size_t n, long *bad)
{
    unsigned char *p = (unsigned char *)s, *o = p, *end = p + n;
    while (p < end) {
        unsigned c = *p;
        size_t len = c >= 0xFC ? 6 : c >= 0xF8 ? 5 : c >= 0xF0 ? 4 : 3;
        bool wrong = c > 0xF4 ||
                     (c == 0xF4 && end - p > 1 && p[1] >= 0x90) ||
                     (c == 0xED && end - p > 1 && p[1] >= 0xA0);
        if (wrong && (size_t)(end - p) >= len) {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
            p += len;
            (*bad)++;
        } else {
            *o++ = *p++;
        }
    }
    return (size_t)(o - (unsigned char *)s);
}

/* ---- UTF-16 members --------------------------------------------------- */

int charset_utf16_sniff(const unsigned char *p, size_t n)
{
    if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE)
        return 1;
    if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF)
        return 2;
    /* No BOM: ASCII characters each with a NUL byte beside it: '(' then
     * ';' or a property letter, or (text before the game) a run of 8 such
     * characters, which no 8-bit SGF file has. */
    size_t units = (n < 512 ? n : 512) / 2;
    for (int endian = 1; endian <= 2; endian++) {
        int paren = 0;          /* 1: '(' seen, 2: and then ';' or a letter */
        size_t i;
        for (i = 0; i < units && paren < 2; i++) {
            unsigned char lo = p[2 * i + (endian == 1 ? 0 : 1)];
            unsigned char hi = p[2 * i + (endian == 1 ? 1 : 0)];
            bool blank = lo == ' ' || lo == '\t' || lo == '\r' || lo == '\n';
            if (hi != 0 || lo == 0 || lo >= 0x7F || (lo < 0x20 && !blank))
                break;
            if (paren == 1 && !blank)
                paren = lo == ';' || (lo >= 'A' && lo <= 'Z') ? 2 : 0;
            if (lo == '(')
                paren = 1;
        }
        if (paren == 2 || i >= 8)
            return endian;
    }
    return 0;
}

int charset_utf16_to_utf8(const char *in, size_t n, int endian, char **out,
                          size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    if (endian != 1 && endian != 2)
        return SGF_E_ARG;
    const unsigned char *u = (const unsigned char *)in;
    if (n >= 2 && ((endian == 1 && u[0] == 0xFF && u[1] == 0xFE) ||
                   (endian == 2 && u[0] == 0xFE && u[1] == 0xFF))) {
        in += 2;
        n -= 2;
    }
    iconv_t cd = iconv_open("UTF-8", endian == 1 ? "UTF-16LE" : "UTF-16BE");
    if (cd == (iconv_t)-1)
        return SGF_E_FORMAT;
    /* UTF-16 to UTF-8 is at most 3 bytes per 2; "\xNN" is 4 per bad byte */
    size_t cap = n / 2 * 3 + 64;
    int rc = SGF_OK;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf) {
            rc = SGF_E_NOMEM;
            break;
        }
        size_t len;
        long bad = encoding_decode(cd, 2, in, n, buf, cap, &len);
        if (bad < 0) {          /* too many bad bytes for the estimate */
            free(buf);
            cap *= 2;
            continue;
        }
        if ((size_t)bad > n / 8) {   /* not UTF-16 after all */
            free(buf);
            rc = SGF_E_FORMAT;
            break;
        }
        *out = buf;
        *out_len = len;
        break;
    }
    iconv_close(cd);
    return rc;
}

/* ---- the values to look at -------------------------------------------- */

typedef struct text_ref {
    const sgf_prop *p;
    const sgf_value *v;
} text_ref;

typedef struct texts {
    text_ref *r;             /* values holding a byte >= 0x80 */
    size_t n;
    size_t high;             /* bytes >= 0x80 in them */
    size_t u8_ok, u8_bad;    /* valid multi-byte UTF-8 sequences, invalid parts */
    bool u8_long;            /* a valid sequence of three or four bytes */
} texts;

/* Any byte >= 0x80 or ESC in s[0..n)?  (ESC starts the shifts of 7-bit
 * ISO-2022-JP text.)  A word at a time: this is all the work an ASCII game
 * costs. */
static inline uint64_t special_bytes(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t x = w ^ (ones * 0x1B);     /* a zero byte where w has ESC */
    return (w | ((x - ones) & ~x)) & high;
}

static bool has_special(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i + 32 <= n) {
        uint64_t a, b, c, d;
        memcpy(&a, s + i, 8);
        memcpy(&b, s + i + 8, 8);
        memcpy(&c, s + i + 16, 8);
        memcpy(&d, s + i + 24, 8);
        if (special_bytes(a) | special_bytes(b) | special_bytes(c) |
            special_bytes(d))
            return true;
        i += 32;
    }
    for (; i < n; i++)
        if (s[i] >= 0x80 || s[i] == 0x1B)
            return true;
    return false;
}

/* Depth-first successor without recursion. */
static const sgf_node *next_node(const sgf_node *n)
{
    if (n->child)
        return n->child;
    for (; n; n = n->parent)
        if (n->next)
            return n->next;
    return NULL;
}

/* Count the valid multi-byte sequences of strict UTF-8 and the invalid
 * parts between them. */
static void utf8_scan(const unsigned char *s, size_t n, texts *t)
{
    size_t i = 0;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        long k = encoding_utf8_sequence(s + i, n - i);
        if (k > 0) {
            t->u8_ok++;
            t->u8_long |= k >= 3;
            i += (size_t)k;
        } else {
            t->u8_bad++;
            i += (size_t)-k;
        }
    }
}

static size_t high_count(const unsigned char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] >> 7;
    return k;
}

/* Every value of any type that holds a non-ASCII byte (or ESC): texts, but also
 * texts in the wrong place (Nihon Ki-in's KO[黒6目半], TM[1時間]), whose
 * bytes the parser had to get through all the same.  with_nul: values with
 * NUL bytes too (UTF-16 text inside values).  false when out of memory. */
static bool collect(sgf_game *g, texts *t, bool with_nul)
{
    memset(t, 0, sizeof *t);
    size_t cap = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (const sgf_node *n = g->root; n; n = next_node(n))
            for (const sgf_prop *p = n->props; p; p = p->next)
                for (uint32_t i = 0; i < p->nvalues; i++) {
                    const sgf_value *v = &p->values[i];
                    const unsigned char *s = (const unsigned char *)v->raw;
                    if (!has_special(s, v->len) &&
                        !(with_nul && memchr(s, 0, v->len)))
                        continue;
                    if (pass == 0) {
                        cap++;
                        continue;
                    }
                    t->r[t->n].p = p;
                    t->r[t->n++].v = v;
                    t->high += high_count(s, v->len);
                    utf8_scan(s, v->len, t);
                }
        if (pass == 0) {
            if (cap == 0)
                return true;
            t->r = arena_alloc(&g->a, cap * sizeof *t->r);
            if (!t->r)
                return false;
        }
    }
    return true;
}

/* When the only bytes of s[0..n) that are not UTF-8 (bad of them) are its
 * last, and they begin a character that the value ends inside, the length
 * of that character; else 0.  A writer cut the text at a byte limit: Fox's
 * PB[小心我捶\xE4\xBD]. */
static int utf8_cut_short(const unsigned char *s, size_t n, long bad)
{
    if (bad < 1 || bad > 3 || (size_t)bad > n)
        return 0;
    const unsigned char *t = s + n - bad;
    if (t[0] < 0xC2 || t[0] > 0xF4 ||
        encoding_utf8_sequence(t, (size_t)bad) != -bad)
        return 0;
    return t[0] >= 0xF0 ? 4 : t[0] >= 0xE0 ? 3 : 2;
}

/* Each value read as UTF-8 or GB18030 that holds U+FFFD (EF BF BD; read as
 * GBK, the pair of them is the famous 锟斤拷): an earlier converter met a
 * character it could not read and wrote that in its place.  The file is
 * not wrong any more, but what stood there is lost, and a cleaner wants
 * to know which names and comments say nothing. */
static void report_replacements(sgf_game *g, const char *name, const texts *t)
{
    if (strcmp(name, "UTF-8") != 0 && strncmp(name, "GB", 2) != 0)
        return;
    for (size_t i = 0; i < t->n; i++) {
        const sgf_value *v = t->r[i].v;
        long n = 0;
        for (const char *p = v->raw, *e = v->raw + v->len;
             (p = memchr(p, 0xEF, (size_t)(e - p))) != NULL && e - p >= 3; p++)
            if ((unsigned char)p[1] == 0xBF && (unsigned char)p[2] == 0xBD) {
                n++;
                p += 2;
            }
        if (n)
            game_report(g, SGF_C_REPLACEMENT_CHARACTER, v->pos, 0,
                        "%s holds %ld U+FFFD replacement character%s%s: a "
                        "converter could not read what stood there, and "
                        "it is lost", t->r[i].p->id, n, n == 1 ? "" : "s",
                        name[0] == 'G' ? " (锟斤拷 when read as GBK)" : "");
    }
}

/* Undecodable bytes of all values in charset name; -1 when iconv does not
 * know it.  With report, each value that has some is reported. */
static long count_errors(sgf_game *g, const char *name, const texts *t,
                         bool report)
{
    iconv_t cd = decoders_iconv(&g->decoders, name);
    if (cd == (iconv_t)-1)
        return -1;
    long total = 0;
    for (size_t i = 0; i < t->n; i++) {
        const sgf_value *v = t->r[i].v;
        long bad = encoding_decode(cd, unit_of(name), v->raw, v->len, NULL, 0,
                                   NULL);
        total += bad;
        int cut = bad && report && strcmp(name, "UTF-8") == 0
                      ? utf8_cut_short((const unsigned char *)v->raw, v->len,
                                       bad)
                      : 0;
        if (cut)
            game_report(g, SGF_C_CHARSET_UNDECODABLE, v->pos, 0,
                        "%s ends with %ld of the %d bytes of a UTF-8 "
                        "character: the text was cut short where it was "
                        "written; kept as \\xNN",
                        t->r[i].p->id, bad, cut);
        else if (bad && report)
            game_report(g, SGF_C_CHARSET_UNDECODABLE, v->pos, 0,
                        "%s holds %ld byte%s that %s not valid %s; kept as \\xNN",
                        t->r[i].p->id, bad, bad == 1 ? "" : "s",
                        bad == 1 ? "is" : "are", name);
    }
    return total;
}

/* ---- how plausible a reading is --------------------------------------- */

/* encoding_score over every value. */
static long family_score(enum encoding_family f, const texts *t)
{
    long sc = 0;
    for (size_t r = 0; r < t->n; r++)
        sc += encoding_score(f, (const unsigned char *)t->r[r].v->raw,
                             t->r[r].v->len);
    return sc;
}

/* ---- the decision ----------------------------------------------------- */

/* What CA[] says. */
typedef struct ca_info {
    const sgf_prop *prop;    /* NULL: no CA[] (or an empty one) */
    char shown[NAME_MAX_ * 4 + 4];  /* as written, for messages */
    const char *iconv;       /* NULL: iconv does not know it */
    const char *alt;
    unsigned flags;
} ca_info;

/* A charset name resolved for iconv: the table's, else the name as
 * written (or with '_' as '-') if iconv opens it.  *flags as the table.
 * NULL when iconv does not know it. */
static const char *resolve(sgf_game *g, const char *s, size_t n,
                           const char **alt, unsigned *flags)
{
    *alt = NULL;
    *flags = 0;
    const cs_alias *a = alias_find(s, n);
    if (a) {
        *alt = a->alt;
        *flags = a->flags;
        return a->iconv;
    }
    char name[NAME_MAX_];
    if (n == 0 || n >= sizeof name)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        /* names are letters, digits and a little punctuation; '/' would
         * ask iconv for //TRANSLIT and friends */
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
              c == ':' || c == '+'))
            return NULL;
        name[i] = c;
    }
    name[n] = '\0';
    for (int attempt = 0; attempt < 2; attempt++) {
        if (decoders_iconv(&g->decoders, name) != (iconv_t)-1) {
            char *keep = arena_strndup(&g->a, name, n);
            if (!keep) {
                g->nomem = true;
                return NULL;
            }
            *flags = generic_flags(keep);
            return keep;
        }
        for (size_t i = 0; i < n; i++)
            if (name[i] == '_')
                name[i] = '-';
    }
    return NULL;
}

static void read_ca(sgf_game *g, ca_info *ca)
{
    memset(ca, 0, sizeof *ca);
    const sgf_prop *p = sgf_node_find(g->root, SGF_P_CA);
    if (!p || p->nvalues == 0)
        return;
    /* the name without escapes and surrounding blanks */
    char name[NAME_MAX_ * 2];
    size_t n = 0;
    const char *s = p->values[0].raw, *end = s + p->values[0].len;
    for (; s < end && n < sizeof name; s++) {
        if (*s == '\\' && s + 1 < end)
            s++;
        name[n++] = *s;
    }
    size_t b = 0;
    while (b < n && (unsigned char)name[b] <= ' ')
        b++;
    while (n > b && (unsigned char)name[n - 1] <= ' ')
        n--;
    if (n == b)
        return;                 /* CA[]: as if absent (validate reports it) */
    ca->prop = p;
    size_t o = 0;
    for (size_t i = b; i < n && o + 5 < sizeof ca->shown; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c >= 0x7F) {
            ca->shown[o++] = '\\';
            ca->shown[o++] = 'x';
            ca->shown[o++] = hexdigit[c >> 4];
            ca->shown[o++] = hexdigit[c & 15u];
        } else {
            ca->shown[o++] = (char)c;
        }
    }
    ca->shown[o] = '\0';
    ca->iconv = resolve(g, name + b, n - b, &ca->alt, &ca->flags);
}

typedef struct choice {
    const char *name;        /* iconv name */
    unsigned flags;
    bool from_ca;
    bool clean;              /* known to decode every value */
} choice;

/* Undecodable bytes in name, or in alt when that has fewer; *chosen is the
 * one taken.  -1 when iconv knows neither. */
static long errors_with_alt(sgf_game *g, const char *name, const char *alt,
                            const texts *t, const char **chosen)
{
    *chosen = name;
    long e = count_errors(g, name, t, false);
    if (e != 0 && alt) {
        long e2 = count_errors(g, alt, t, false);
        if (e2 >= 0 && (e < 0 || e2 < e)) {
            *chosen = alt;
            e = e2;
        }
    }
    return e;
}

/* What the readings detection tries (encoding.h) are to the decision:
 * GBK, Shift-JIS and Big5 trail bytes can be '\\' and ']'. */
static unsigned family_flags(enum encoding_family f)
{
    switch (f) {
    case ENC_GB:
    case ENC_SJIS:
    case ENC_BIG5:
        return CSF_MULTI | CSF_DBCS;
    case ENC_KR:
    case ENC_EUCJP:
        return CSF_MULTI;
    case ENC_LATIN:
        break;
    }
    return CSF_WESTERN;
}

/* Below this many non-ASCII bytes uchardet's answers are guesses (its
 * distribution analysers need a few dozen characters). */
enum { UCHARDET_MIN_BYTES = 64 };

/* Every builtin's undecodable bytes and, when clean, its score. */
typedef struct scores {
    long err[ENCODING_READINGS];
    long score[ENCODING_READINGS];
    int best, best_multi;    /* clean ones with the highest score, or -1 */
    long second;             /* second highest clean score */
} scores;

static void score_builtins(sgf_game *g, const texts *t, scores *sc)
{
    sc->best = sc->best_multi = -1;
    sc->second = LONG_MIN;
    for (int k = 0; k < ENCODING_READINGS; k++) {
        sc->err[k] = count_errors(g, encoding_readings[k].iconv, t, false);
        if (sc->err[k] != 0)
            continue;
        long s = sc->score[k] = family_score(encoding_readings[k].family, t);
        if (sc->best < 0 || s > sc->score[sc->best]) {
            if (sc->best >= 0)
                sc->second = sc->score[sc->best];
            sc->best = k;
        } else if (s > sc->second) {
            sc->second = s;
        }
        if (encoding_readings[k].family != ENC_LATIN &&
            (sc->best_multi < 0 || s > sc->score[sc->best_multi]))
            sc->best_multi = k;
    }
}

/* Does the text look East Asian rather than Western?  (For a Western CA[]
 * or answer: every byte decodes in Windows-1252, so only plausibility can
 * tell that CA[ISO-8859-1] was written by a program that did not look.) */
static bool looks_east_asian(const scores *sc, long latin)
{
    return latin < 0 && sc->best_multi >= 0 && sc->score[sc->best_multi] > 0;
}

static long texts_latin_score(const texts *t)
{
    return family_score(ENC_LATIN, t);
}

/* The texts as uchardet is given them. */
static const char *text_piece(const void *ctx, size_t i, size_t *len)
{
    const texts *t = ctx;
    *len = t->r[i].v->len;
    return t->r[i].v->raw;
}

/* uchardet's answer as an iconv name, NULL when it has none we can use. */
static const char *ask_uchardet(sgf_game *g, const texts *t, unsigned *flags,
                                const char **alt)
{
    *alt = NULL;
    char r[DECODER_NAME_MAX];
    int rc = decoders_guess(text_piece, t, t->n, r);
    /* "ASCII" and "UTF-8" cannot be right here (the text is neither) */
    if (rc != 1 || strcmp(r, "ASCII") == 0 || strcmp(r, "UTF-8") == 0)
        return NULL;
    return resolve(g, r, strlen(r), alt, flags);
}

static void choose_builtin(choice *c, const scores *sc, int k)
{
    c->name = encoding_readings[k].iconv;
    c->flags = family_flags(encoding_readings[k].family);
    c->clean = sc->err[k] == 0;
}

/* No usable CA[]: detection. */
static void detect(sgf_game *g, const ca_info *ca, long ca_err,
                   const char *ca_name, const texts *t, choice *c)
{
    scores sc;
    score_builtins(g, t, &sc);
    bool long_text = t->high >= UCHARDET_MIN_BYTES;
    bool weak = sc.best < 0 || sc.score[sc.best] <= 0;

    const char *ud = NULL, *ud_alt;
    unsigned ud_flags = 0;
    long ud_err = -1;
    if (long_text || weak) {
        ud = ask_uchardet(g, t, &ud_flags, &ud_alt);
        if (ud)
            ud_err = errors_with_alt(g, ud, ud_alt, t, &ud);
    }
    /* On long text uchardet knows best, unless it gives a single-byte
     * charset to what reads well as East Asian text (it calls a hundred
     * bytes of Shift-JIS "TIS-620").  On short text it guesses (three
     * Latin-1 bytes come out as Greek): only an answer of a family we know
     * is taken, and only when no reading scored. */
    bool ud_trusted = long_text
        ? !(!(ud_flags & CSF_MULTI) &&
            looks_east_asian(&sc, texts_latin_score(t)))
        : weak && (ud_flags & (CSF_MULTI | CSF_WESTERN));
    if (ud_err == 0 && ud_trusted) {
        c->name = ud;
        c->flags = ud_flags;
        c->clean = true;
        return;
    }

    const char *fb = NULL, *fb_alt;
    unsigned fb_flags = 0;
    long fb_err = -1;
    if (g->opt.fallback_charset) {
        const char *f = g->opt.fallback_charset;
        fb = resolve(g, f, strlen(f), &fb_alt, &fb_flags);
        if (fb)
            fb_err = errors_with_alt(g, fb, fb_alt, t, &fb);
    }
    /* a margin under one character's worth; a single clean reading is sure */
    bool unsure = weak || (sc.second != LONG_MIN &&
                           sc.score[sc.best] - sc.second < 2);
    if (fb_err == 0 && unsure) {
        c->name = fb;
        c->flags = fb_flags;
        c->clean = true;
        return;
    }
    if (sc.best >= 0) {
        choose_builtin(c, &sc, sc.best);
        return;
    }

    /* Nothing decodes cleanly: the fewest bad bytes, CA first on ties. */
    long least = LONG_MAX;
    if (ca_err >= 0) {
        least = ca_err;
        c->name = ca_name;
        c->flags = ca->flags;
        c->from_ca = true;
    }
    if (fb_err >= 0 && fb_err < least) {
        least = fb_err;
        c->name = fb;
        c->flags = fb_flags;
        c->from_ca = false;
    }
    if (ud_err >= 0 && ud_err < least) {
        least = ud_err;
        c->name = ud;
        c->flags = ud_flags;
        c->from_ca = false;
    }
    for (int k = 0; k < ENCODING_READINGS; k++)
        if (sc.err[k] >= 0 && sc.err[k] < least) {
            least = sc.err[k];
            choose_builtin(c, &sc, k);
            c->from_ca = false;
        }
    if (!c->name) {             /* iconv knows none of them: keep bytes */
        c->name = "US-ASCII";
        c->flags = CSF_WESTERN;
    }
}

static void decide(sgf_game *g, const ca_info *ca, const texts *t,
                   choice *c)
{
    memset(c, 0, sizeof *c);
    bool ca_utf8 = ca->iconv && (ca->flags & CSF_UTF8);
    bool ca_multi = ca->iconv && !ca_utf8 && (ca->flags & CSF_MULTI);
    bool u8_clean = t->u8_bad == 0;
    /* one two-byte sequence is also one GBK or Big5 character */
    bool u8_weak = u8_clean && !t->u8_long && t->u8_ok < 2;
    /* damaged UTF-8 (a name cut in the middle of a character) still has
     * far more valid sequences than invalid ones; GBK text read as UTF-8
     * has almost none */
    bool u8_damaged = !u8_clean && t->u8_ok >= 3 && t->u8_ok >= 2 * t->u8_bad;
    const char *ca_name = NULL;
    long ca_err = -1;

    if (u8_clean || u8_damaged) {
        if (ca_multi && (u8_weak || u8_damaged) &&
            errors_with_alt(g, ca->iconv, ca->alt, t, &ca_name) == 0) {
            c->name = ca_name;
            c->flags = ca->flags;
            c->from_ca = true;
            c->clean = true;
        } else {
            c->name = "UTF-8";
            c->flags = CSF_UTF8 | CSF_MULTI;
            c->from_ca = ca_utf8;
            c->clean = u8_clean;
        }
        return;
    }
    if (ca->iconv && !ca_utf8)
        ca_err = errors_with_alt(g, ca->iconv, ca->alt, t, &ca_name);
    if (ca_err == 0) {
        c->name = ca_name;
        c->flags = ca->flags;
        c->from_ca = true;
        c->clean = true;
        if ((ca->flags & CSF_WESTERN) && texts_latin_score(t) < 0) {
            scores sc;
            score_builtins(g, t, &sc);
            if (looks_east_asian(&sc, -1)) {
                choose_builtin(c, &sc, sc.best_multi);
                c->from_ca = false;
            }
        }
        return;
    }
    if (ca_err > 0) {
        /* characters damaged (a name cut short by a server) in the charset
         * CA names: CA stays unless a clean reading is plausible */
        scores sc;
        score_builtins(g, t, &sc);
        if (sc.best < 0 || sc.score[sc.best] <= 0) {
            c->name = ca_name;
            c->flags = ca->flags;
            c->from_ca = true;
            return;
        }
    }
    detect(g, ca, ca_err, ca_name, t, c);
}

/* Text of 7-bit bytes with ESC or NUL: ISO-2022 or UTF-16 that CA[] names,
 * or ISO-2022-JP recognised by its designation of JIS X 0208 (ESC $ B or
 * ESC $ @).  false: it is ASCII after all. */
static bool decide_7bit(sgf_game *g, const ca_info *ca, const texts *t,
                        choice *c)
{
    memset(c, 0, sizeof *c);
    const char *name;
    if (ca->iconv && (ca->flags & CSF_WIDE) &&
        errors_with_alt(g, ca->iconv, ca->alt, t, &name) == 0) {
        c->name = name;
        c->flags = ca->flags;
        c->from_ca = true;
        c->clean = true;
        return true;
    }
    bool jis = false;
    for (size_t r = 0; r < t->n && !jis; r++) {
        const char *s = t->r[r].v->raw;
        size_t n = t->r[r].v->len;
        for (size_t i = 0; i + 2 < n && !jis; i++)
            jis = s[i] == 0x1B && s[i + 1] == '$' &&
                  (s[i + 2] == 'B' || s[i + 2] == '@');
    }
    /* only without a CA[] that decodes (doc/charset.md): a known 8-bit
     * CA[], UTF-8 above all, reads 7-bit text as it is, and the writer's
     * CA[UTF-8] output with an ESC $ B kept from the file must read back
     * the same (found by fuzzing) */
    if (jis && (!ca->iconv || (ca->flags & CSF_WIDE)) &&
        count_errors(g, "ISO-2022-JP", t, false) == 0) {
        c->name = "ISO-2022-JP";
        c->flags = CSF_MULTI | CSF_WIDE;
        c->clean = true;
        return true;
    }
    return false;
}

/* Does s[i..n) look like SGF going on after a value: blanks, then ';', '(',
 * ')' or a property identifier and its '['? */
static bool sgf_follows(const unsigned char *s, size_t i, size_t n)
{
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
        i++;
    if (i < n && (s[i] == ';' || s[i] == '(' || s[i] == ')'))
        return true;
    size_t letters = i;
    while (i < n && ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
        i++;
    if (i == letters)
        return false;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
        i++;
    return i < n && s[i] == '[';
}

/* Did the byte-by-byte parse break a double-byte character whose trail
 * byte is '\\' (0x5C) or ']' (0x5D)?  Writers do one of two things:
 *  - most East Asian programs write the characters as they are: a trail
 *    0x5C then escapes whatever follows, a trail 0x5D ends the value (or
 *    is kept by the parser's unescaped-bracket repair);
 *  - writers that escape bytes, as FF[4] reads (SGFC's own test file
 *    mixed-encoding.sgf: 揮 = 0x93 0x5D written 0x93 '\\' ']'), put a
 *    '\\' before every such trail byte, and reading byte by byte is right.
 * So a lead byte followed by 0x5D, or by 0x5C and then anything but '\\'
 * or ']', is the first kind; a lead byte, '\\', ']' is the first kind only
 * when SGF follows (PB[申眞ソ]BR[...]: the ']' closed the value).
 * (A value ending in a lead byte is more often text cut short than a
 * trail ']', which the parser's repair keeps in the value anyway.) */
static bool needs_dbcs_parse(const texts *t, const char *name)
{
    bool sjis = strcmp(name, "CP932") == 0 || strncmp(name, "SHIFT_JIS", 9) == 0;
    for (size_t r = 0; r < t->n; r++) {
        const unsigned char *s = (const unsigned char *)t->r[r].v->raw;
        size_t n = t->r[r].v->len;
        for (size_t i = 0; i + 1 < n; i++) {
            unsigned c = s[i];
            bool lead = sjis ? (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)
                             : c >= 0x81 && c <= 0xFE;
            if (!lead)
                continue;
            unsigned d = s[i + 1], e = i + 2 < n ? s[i + 2] : 0;
            if (d == ']')
                return true;
            if (d == '\\') {
                if (e != '\\' && e != ']')
                    return true;
                if (e == ']' && sgf_follows(s, i + 3, n))
                    return true;
                i++;            /* the escaped byte is the trail */
            }
            i++;
        }
    }
    return false;
}

static void set_result(sgf_game *g, enum charset_kind kind, const char *name,
                       bool detected)
{
    g->cs_kind = kind;
    g->charset = name;
    g->info.charset = name;
    g->info.charset_detected = detected;
}

static uint32_t root_pos(const sgf_game *g)
{
    return g->root ? g->root->pos : 0;
}

/* All text is ASCII: any ASCII-compatible charset reads it; CA[] is only
 * checked for being a name we know. */
static void decide_ascii(sgf_game *g, const ca_info *ca)
{
    if (ca->prop && !ca->iconv) {
        game_report(g, SGF_C_CHARSET_UNKNOWN, ca->prop->pos, 0,
                    "CA[%s] is not a charset this system knows (the text is ASCII)",
                    ca->shown);
        set_result(g, CS_ASCII, "US-ASCII", true);
    } else if (ca->prop) {
        set_result(g, CS_ASCII, ca->iconv, false);
    } else {
        set_result(g, CS_ASCII, "US-ASCII", true);
    }
}

bool charset_decide(sgf_game *g)
{
    ca_info ca;
    if (!g->root)
        return false;
    read_ca(g, &ca);

    if (g->from_utf16) {
        /* whatever CA says, the file was UTF-16 and is UTF-8 now */
        if (ca.prop)
            game_report(g, SGF_C_CHARSET_UTF16, root_pos(g), 0,
                        "the file is UTF-16 (CA[%s]); it was converted to UTF-8",
                        ca.shown);
        else
            game_report(g, SGF_C_CHARSET_UTF16, root_pos(g), 0,
                        "the file is UTF-16; it was converted to UTF-8");
        bool high = has_special((const unsigned char *)g->src, g->len);
        set_result(g, high ? CS_UTF8 : CS_ASCII, "UTF-16",
                   !(ca.iconv && (ca.flags & CSF_UTF16)));
        g->charset = "UTF-8";
        return false;
    }

    const unsigned char *src = (const unsigned char *)g->src;
    size_t len = g->len;
    if (len >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF) {
        src += 3;               /* the BOM the parser skipped */
        len -= 3;
    }
    /* UTF-16 or ISO-2022 inside values may be all 7-bit bytes */
    bool wide = ca.iconv && (ca.flags & CSF_WIDE);
    texts t;
    if (!wide && !has_special(src, len)) {
        decide_ascii(g, &ca);
        return false;
    }
    if (!collect(g, &t, wide)) {
        g->nomem = true;
        return false;
    }
    choice c;
    if (t.high > 0) {
        decide(g, &ca, &t, &c);
    } else if (!decide_7bit(g, &ca, &t, &c)) {
        decide_ascii(g, &ca);   /* nothing outside ASCII in the values */
        return false;
    }
    /* a converted foreign record escaped its bytes: read byte by byte */
    if (!g->dbcs && !g->dbcs_refused && !g->foreign && (c.flags & CSF_DBCS) &&
        needs_dbcs_parse(&t, c.name))
        return true;            /* reports come with the second parse */

    bool clean_utf8 = (c.flags & CSF_UTF8) && t.u8_bad == 0;
    set_result(g, clean_utf8 ? CS_UTF8 : CS_OTHER, c.name, !c.from_ca);
    if (!ca.prop)
        game_report(g, SGF_C_CHARSET_DETECTED, root_pos(g), 0,
                    "no CA[]: the text was read as %s", c.name);
    else if (!ca.iconv)
        game_report(g, SGF_C_CHARSET_UNKNOWN, ca.prop->pos, 0,
                    "CA[%s] is not a charset this system knows; the text was read as %s",
                    ca.shown, c.name);
    else if (!c.from_ca)
        game_report(g, SGF_C_CHARSET_WRONG, ca.prop->pos, 0,
                    "CA[%s] does not match the text, which was read as %s",
                    ca.shown, c.name);
    if (!c.clean)
        count_errors(g, c.name, &t, true);
    report_replacements(g, c.name, &t);
    return false;
}

/* ---- decoding --------------------------------------------------------- */

bool charset_decodes_first(const sgf_game *g)
{
    /* the table's wide charsets all have one of generic_flags' prefixes */
    return g->cs_kind == CS_OTHER && g->charset &&
           (generic_flags(g->charset) & CSF_WIDE);
}

char *charset_to_utf8(sgf_game *g, const char *in, size_t n, uint32_t pos,
                      size_t *out_len)
{
    iconv_t cd = (iconv_t)-1;
    if (g->cs_kind == CS_OTHER && g->charset &&
        !(g->opt.flags & SGF_READ_NO_DECODE))
        cd = decoders_iconv(&g->decoders, g->charset);
    if (cd == (iconv_t)-1) {
        char *s = arena_strndup(&g->a, in, n);
        if (!s)
            g->nomem = true;
        else if (out_len)
            *out_len = n;
        return s;
    }
    /* 4 bytes out per byte in covers "\xNN" and every charset's widest
     * character; the loop only matters for exotic ones */
    size_t cap = 4 * n + 8;
    for (;;) {
        char *out = arena_alloc(&g->a, cap + 1);
        if (!out) {
            g->nomem = true;
            return NULL;
        }
        size_t len;
        long bad = encoding_decode(cd, unit_of(g->charset), in, n, out, cap,
                                   &len);
        if (bad < 0) {
            cap *= 2;
            continue;
        }
        len = utf8_clamp(out, len, &bad);
        out[len] = '\0';
        if (bad && pos != CHARSET_NO_REPORT)
            game_report(g, SGF_C_CHARSET_UNDECODABLE, pos, 0,
                        "%ld byte%s that %s not valid %s; kept as \\xNN", bad,
                        bad == 1 ? "" : "s", bad == 1 ? "is" : "are",
                        g->charset);
        if (out_len)
            *out_len = len;
        return out;
    }
}
