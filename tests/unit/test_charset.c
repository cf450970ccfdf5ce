/*
 * test_charset.c - text values: FF[4] unescaping (lib/sgf/text.c) and the
 * charset decision and decoding (lib/sgf/charset.c, doc/charset.md), on small
 * games built in memory and, when ../shared/corpus is there, on the real
 * files of every encoding it keeps.
 */
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/arena.h"
#include "sgf/charset.h"
#include "sgf/text.h"
#include "harness.h"
#include "parse.h"

/* ---- helpers ---------------------------------------------------------- */

static arena A;

/* text_unescape of a C string, NUL-terminated result. */
static const char *unesc(const char *raw, sgf_value_type t, bool dbcs)
{
    size_t n;
    const char *s = text_unescape(&A, raw, strlen(raw), t, dbcs, &n);
    return s && strlen(s) == n ? s : "(length mismatch)";
}

static sgf_game *parse_len(const char *s, size_t len,
                           const sgf_read_options *opt, unsigned flags)
{
    sgf_raw_game raw = raw_text(s, len);
    raw.flags = flags;
    return sgf_game_parse(&raw, opt);
}

static sgf_game *parse(const char *s)
{
    return parse_len(s, strlen(s), NULL, 0);
}

static sgf_game *parse_opt(const char *s, const sgf_read_options *opt)
{
    return parse_len(s, strlen(s), opt, 0);
}

static size_t count_diag(const sgf_game *g, const char *id)
{
    size_t k = 0;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++)
        if (strcmp(sgf_game_diag(g, i)->id, id) == 0)
            k++;
    return k;
}

static const sgf_diag *find_diag(const sgf_game *g, const char *id)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++)
        if (strcmp(sgf_game_diag(g, i)->id, id) == 0)
            return sgf_game_diag(g, i);
    return NULL;
}

/* Diagnostics whose id starts with "charset-", but the BOM note. */
static size_t charset_diags(const sgf_game *g)
{
    size_t k = 0;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const char *id = sgf_game_diag(g, i)->id;
        if (strncmp(id, "charset-", 8) == 0 && strcmp(id, "charset-bom") != 0)
            k++;
    }
    return k;
}

/* Text of the first property with identifier id on the main line. */
static const char *text(sgf_game *g, const char *id)
{
    for (const sgf_node *n = sgf_game_root(g); n; n = n->child)
        for (const sgf_prop *p = n->props; p; p = p->next)
            if (strcmp(p->id, id) == 0)
                return sgf_value_text(g, p, 0, NULL);
    return "(absent)";
}

static const char *charset(const sgf_game *g)
{
    const char *c = sgf_game_info(g)->charset;
    return c ? c : "(null)";
}

/* ---- text_unescape ---------------------------------------------------- */

static void test_escapes(void)
{
    CHECK_STR(unesc("a\\]b", SGF_T_TEXT, false), "a]b");
    CHECK_STR(unesc("a\\\\b", SGF_T_TEXT, false), "a\\b");
    CHECK_STR(unesc("\\a\\b\\:", SGF_T_SIMPLETEXT, false), "ab:");
    CHECK_STR(unesc("\\\\\\]", SGF_T_SIMPLETEXT, false), "\\]");
    /* a lone backslash at the end escapes nothing */
    CHECK_STR(unesc("ab\\", SGF_T_TEXT, false), "ab");
    /* compose with text: the escaped ':' becomes a plain one */
    CHECK_STR(unesc("ab:x\\:y", SGF_T_POINT_TEXT, false), "ab:x:y");
    CHECK_STR(unesc("", SGF_T_TEXT, false), "");
}

static void test_soft_breaks(void)
{
    /* '\\' + newline is removed, whatever the newline is */
    CHECK_STR(unesc("ab\\\ncd", SGF_T_TEXT, false), "abcd");
    CHECK_STR(unesc("ab\\\r\ncd", SGF_T_TEXT, false), "abcd");
    CHECK_STR(unesc("ab\\\rcd", SGF_T_TEXT, false), "abcd");
    CHECK_STR(unesc("ab\\\n\rcd", SGF_T_TEXT, false), "abcd");
    CHECK_STR(unesc("ab\\\r\ncd", SGF_T_SIMPLETEXT, false), "abcd");
    /* only one newline goes with the backslash */
    CHECK_STR(unesc("ab\\\n\ncd", SGF_T_TEXT, false), "ab\ncd");
    CHECK_STR(unesc("ab\\\r\n\r\ncd", SGF_T_TEXT, false), "ab\ncd");
    /* not text: the backslash goes, the newline is data */
    CHECK_STR(unesc("1\\\n2", SGF_T_NUMBER, false), "1\n2");
}

static void test_whitespace(void)
{
    /* Text: hard line breaks kept and normalised to LF */
    CHECK_STR(unesc("a\r\nb", SGF_T_TEXT, false), "a\nb");
    CHECK_STR(unesc("a\rb", SGF_T_TEXT, false), "a\nb");
    CHECK_STR(unesc("a\n\rb", SGF_T_TEXT, false), "a\nb");
    CHECK_STR(unesc("a\n\nb", SGF_T_TEXT, false), "a\n\nb");
    CHECK_STR(unesc("a\r\n\r\nb", SGF_T_TEXT, false), "a\n\nb");
    CHECK_STR(unesc("a\r\rb", SGF_T_TEXT, false), "a\n\nb");
    /* other whitespace becomes a space, escaped or not */
    CHECK_STR(unesc("a\tb\vc\fd", SGF_T_TEXT, false), "a b c d");
    CHECK_STR(unesc("a\\\tb", SGF_T_TEXT, false), "a b");
    /* SimpleText: every newline is a space */
    CHECK_STR(unesc("a\nb\r\nc\rd\n\re", SGF_T_SIMPLETEXT, false), "a b c d e");
    CHECK_STR(unesc("a\tb", SGF_T_SIMPLETEXT, false), "a b");
    CHECK_STR(unesc("ab:x\ny", SGF_T_POINT_TEXT, false), "ab:x y");
    /* types without text rules keep their bytes */
    CHECK_STR(unesc("a\tb\r\n", SGF_T_UNKNOWN, false), "a\tb\r\n");
    CHECK_STR(unesc("x\\]y\n", SGF_T_UNKNOWN, false), "x]y\n");
}

static void test_dbcs_pairs(void)
{
    /* Shift-JIS "ソ" is 0x83 0x5C: in dbcs mode the 0x5C is its trail
     * byte, not an escape of the 'n' after it */
    CHECK_STR(unesc("\x83\\n", SGF_T_TEXT, true), "\x83\\n");
    CHECK_STR(unesc("\x83\\n", SGF_T_TEXT, false), "\x83n");
    /* Big5 "許" is 0xB3 0x5C; an escape after it still works */
    CHECK_STR(unesc("\xb3\\\\]x", SGF_T_SIMPLETEXT, true), "\xb3\\]x");
    /* no trail byte is below 0x40 (GBK, Big5, Shift-JIS): a lead byte
     * before a newline is a broken character, and the newline follows the
     * whitespace rules as written back (the writer's round trip depends on
     * it; found by fuzzing) */
    CHECK_STR(unesc("\x81\n", SGF_T_SIMPLETEXT, true), "\x81 ");
    CHECK_STR(unesc("\x81\n", SGF_T_SIMPLETEXT, false), "\x81 ");
    CHECK_STR(unesc("\x81\\]", SGF_T_SIMPLETEXT, true), "\x81\\]");
    /* a lead byte at the very end stays */
    CHECK_STR(unesc("a\x83", SGF_T_TEXT, true), "a\x83");
}

/* ---- charset decisions ------------------------------------------------ */

static void test_ascii(void)
{
    sgf_game *g = parse("(;FF[4]PB[Lee Sedol]C[line one\r\nline two\\\r\nmore]N[a\nb];B[pd])");
    CHECK_STR(charset(g), "US-ASCII");
    CHECK_INT(charset_diags(g), 0);
    CHECK_STR(text(g, "PB"), "Lee Sedol");
    CHECK_STR(text(g, "C"), "line one\nline twomore");
    CHECK_STR(text(g, "N"), "a b");
    CHECK_STR(text(g, "B"), "pd");
    sgf_game_free(g);

    /* CA[] named in an ASCII game: honoured without any check */
    g = parse("(;CA[UTF-8]PB[x])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_INT(sgf_game_info(g)->charset_detected, 0);
    CHECK_INT(charset_diags(g), 0);
    sgf_game_free(g);

    /* an unknown name is worth a warning even when nothing is decoded */
    g = parse("(;CA[foo]PB[x])");
    CHECK_INT(count_diag(g, "charset-unknown"), 1);
    CHECK_STR(text(g, "PB"), "x");
    sgf_game_free(g);
}

static void test_utf8(void)
{
    sgf_game *g = parse("(;CA[UTF-8]PB[\xe5\x8f\xa4\xe5\x8a\x9b]C[a\\]b])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_INT(charset_diags(g), 0);
    CHECK_STR(text(g, "PB"), "古力");
    CHECK_STR(text(g, "C"), "a]b");
    sgf_game_free(g);

    /* no CA: UTF-8 is detected and said so */
    g = parse("(;PB[Jos\xc3\xa9 Garc\xc3\xad" "a])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_INT(count_diag(g, "charset-detected"), 1);
    CHECK_INT(sgf_game_info(g)->charset_detected, 1);
    CHECK_STR(text(g, "PB"), "José García");
    sgf_game_free(g);

    /* CA says Latin-1, the text is UTF-8: UTF-8 wins, CA is called wrong */
    g = parse("(;CA[ISO-8859-1]PB[Jos\xc3\xa9])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_INT(count_diag(g, "charset-wrong"), 1);
    CHECK_INT(sgf_game_info(g)->charset_detected, 1);
    CHECK_STR(text(g, "PB"), "José");
    sgf_game_free(g);

    /* damaged UTF-8 (a name cut inside a character by a server) stays
     * UTF-8, the cut bytes reported and kept */
    g = parse("(;CA[UTF-8]PB[\xe4\xb8\x9c\xe6\x96\xb9\xe6\x98\x8e\xe7\x8f]PW[\xe5\x8f\xa4])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_INT(count_diag(g, "charset-undecodable"), 1);
    CHECK_INT(count_diag(g, "charset-wrong"), 0);
    CHECK_STR(text(g, "PB"), "东方明\\xE7\\x8F");
    CHECK_STR(text(g, "PW"), "古");
    const sgf_diag *d = find_diag(g, "charset-undecodable");
    CHECK(d && strstr(d->message, "PB ends with 2 of the 3 bytes of a UTF-8 "
                      "character") != NULL);
    sgf_game_free(g);

    /* a bad byte that begins no character, or bad bytes before the end,
     * are no cut: the message says only what they are */
    static const char *const not_cut[] = {
        "(;CA[UTF-8]PB[\xe4\xb8\x9c\xe6\x96\xb9\xe6\x98\x8e\xff]"
        "PW[\xe5\x8f\xa4\xe5\x8a\x9b]C[\xe5\x8f\xa4\xe5\x8a\x9b])",
        "(;CA[UTF-8]PB[\xe4\xb8\x9c\xe6\x96\xb9\xe6\x98\x8e\xf8\x80]"
        "PW[\xe5\x8f\xa4\xe5\x8a\x9b]C[\xe5\x8f\xa4\xe5\x8a\x9b])",
        "(;CA[UTF-8]PB[\xe4\xb8\x9c\xe6\x96\xe6\x98\x8e]"
        "PW[\xe5\x8f\xa4\xe5\x8a\x9b]C[\xe5\x8f\xa4\xe5\x8a\x9b])",
    };
    for (size_t i = 0; i < sizeof not_cut / sizeof not_cut[0]; i++) {
        g = parse(not_cut[i]);
        d = find_diag(g, "charset-undecodable");
        CHECK(d && strstr(d->message, "cut short") == NULL &&
              strstr(d->message, "not valid UTF-8") != NULL);
        sgf_game_free(g);
    }

    /* U+FFFD: an earlier converter lost characters; the file is valid */
    g = parse("(;CA[UTF-8]PB[\xef\xbf\xbd\xef\xbf\xbd]PW[\xe5\x8f\xa4]"
              "C[a \xef\xbf\xbd b])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_INT(count_diag(g, "charset-undecodable"), 0);
    CHECK_INT(count_diag(g, "replacement-character"), 2);
    d = find_diag(g, "replacement-character");
    CHECK(d && d->severity == SGF_WARNING &&
          strncmp(d->message, "PB holds 2 U+FFFD replacement characters:",
                  41) == 0);
    sgf_game_free(g);
}

/* 古力 / 柯洁 / 围棋 in GBK, as SabakiHQ/sgf's chinese.sgf */
#define GBK_NAMES "PB[\xb9\xc5\xc1\xa6]PW[\xbf\xc2\xbd\xe0]C[\xce\xa7\xc6\xe5 is fun]"

static void test_ca_honoured(void)
{
    sgf_game *g = parse("(;CA[GB2312]" GBK_NAMES ")");
    CHECK_STR(charset(g), "GB18030");
    CHECK_INT(sgf_game_info(g)->charset_detected, 0);
    CHECK_INT(charset_diags(g), 0);
    CHECK_STR(text(g, "PB"), "古力");
    CHECK_STR(text(g, "PW"), "柯洁");
    CHECK_STR(text(g, "C"), "围棋 is fun");
    sgf_game_free(g);

    /* spelling does not matter */
    g = parse("(;CA[ shift_jis ]PB[\x88\xe4\x8eR \x97T\x91\xbe])");
    CHECK_STR(charset(g), "CP932");
    CHECK_INT(charset_diags(g), 0);
    CHECK_STR(text(g, "PB"), "井山 裕太");
    sgf_game_free(g);

    /* a name only iconv knows */
    g = parse("(;CA[Windows-1251]PB[\xc8\xe2\xe0\xed])");
    CHECK_STR(text(g, "PB"), "Иван");
    CHECK_INT(charset_diags(g), 0);
    sgf_game_free(g);
}

static void test_ca_wrong(void)
{
    /* CA[UTF-8] over GBK bytes: detected, and CA called wrong */
    sgf_game *g = parse("(;CA[UTF-8]" GBK_NAMES ")");
    CHECK_STR(charset(g), "GB18030");
    CHECK_INT(count_diag(g, "charset-wrong"), 1);
    CHECK_INT(sgf_game_info(g)->charset_detected, 1);
    CHECK_STR(text(g, "PW"), "柯洁");
    const sgf_diag *d = find_diag(g, "charset-wrong");
    CHECK(d && d->line == 1 && d->column == 3);    /* at CA */
    sgf_game_free(g);

    /* CA[ISO-8859-1] written without looking, over GBK text */
    g = parse("(;CA[ISO-8859-1]PB[\xce\xe2\xc8\xaa \xc1\xf9\xb6\xce]PW[\xc4\xbe\xb9\xc8\xca\xb5])");
    CHECK_STR(charset(g), "GB18030");
    CHECK_INT(count_diag(g, "charset-wrong"), 1);
    CHECK_STR(text(g, "PB"), "吴泉 六段");
    sgf_game_free(g);

    /* unknown CA over GBK text: warned, then detected */
    g = parse("(;CA[klingon]" GBK_NAMES ")");
    CHECK_INT(count_diag(g, "charset-unknown"), 1);
    CHECK_INT(count_diag(g, "charset-wrong"), 0);
    CHECK_STR(text(g, "PB"), "古力");
    sgf_game_free(g);
}

static void test_detection(void)
{
    sgf_game *g = parse("(;" GBK_NAMES ";B[pd])");
    CHECK_STR(charset(g), "GB18030");
    CHECK_INT(count_diag(g, "charset-detected"), 1);
    CHECK_INT(charset_diags(g), 1);
    CHECK_STR(text(g, "C"), "围棋 is fun");
    sgf_game_free(g);

    /* Tygem's PC[타이젬바둑] in EUC-KR: bytes that read as common Chinese
     * characters too; the syllables' frequency decides */
    g = parse("(;PB[legend88]PC[\xc5\xb8\xc0\xcc\xc1\xaa\xb9\xd9\xb5\xcf];B[pd])");
    CHECK_STR(charset(g), "CP949");
    CHECK_STR(text(g, "PC"), "타이젬바둑");
    sgf_game_free(g);

    /* Korean names */
    g = parse("(;PB[\xc0\xcc\xbc\xbc\xb5\xb9]PW[\xb9\xda\xc1\xa4\xc8\xaf])");
    CHECK_STR(text(g, "PB"), "이세돌");
    CHECK_STR(text(g, "PW"), "박정환");
    sgf_game_free(g);

    /* Shift-JIS names without CA (SabakiHQ PR#1047) */
    g = parse("(;PB[\x88\xe4\x8eR \x97T\x91\xbe]PW[\x8eR\x89\xba \x8c\x68\x8c\xe1])");
    CHECK_STR(charset(g), "CP932");
    CHECK_STR(text(g, "PW"), "山下 敬吾");
    sgf_game_free(g);

    /* Big5 */
    g = parse("(;C[\xb3\xf2\xb4\xd1\xac\x4f\xa4\x40\xba\xd8\xa5\x6a\xa6\xd1\xaa\xba\xb9\x43\xc0\xb8])");
    CHECK_STR(charset(g), "CP950");
    CHECK_STR(text(g, "C"), "圍棋是一種古老的遊戲");
    sgf_game_free(g);

    /* Latin-1 names (FF[4]'s default charset) */
    g = parse("(;PW[Jan Hrab\xe1nek]PB[M\xfcller]C[Fichier cr\xe9\xe9 par TurboGo])");
    CHECK_STR(charset(g), "WINDOWS-1252");
    CHECK_STR(text(g, "PW"), "Jan Hrabánek");
    CHECK_STR(text(g, "PB"), "Müller");
    CHECK_STR(text(g, "C"), "Fichier créé par TurboGo");
    sgf_game_free(g);

    /* ISO-2022-JP is 7-bit: found by its escape sequences */
    g = parse("(;C[Go\x1b$B$O8EBe\x1b(B])");
    CHECK_STR(charset(g), "ISO-2022-JP");
    CHECK_STR(text(g, "C"), "Goは古代");
    sgf_game_free(g);
    /* ...without CA[] only: a CA[UTF-8] that decodes the text is honoured,
     * as the writer's output, which keeps the bytes of an ESC $ B that was
     * not ISO-2022-JP, must read back the same (found by fuzzing) */
    g = parse("(;CA[UTF-8]C[Go\x1b$B$O8EBe\x1b(B])");
    CHECK_STR(charset(g), "UTF-8");
    CHECK_STR(text(g, "C"), "Go\x1b$B$O8EBe\x1b(B");
    CHECK_INT(count_diag(g, "charset-wrong"), 0);
    sgf_game_free(g);
}

static void test_fallback(void)
{
    /* C4 E3 is 你 in GBK and 斕 in Big5, equally plausible: unsure */
    sgf_game *g = parse("(;PB[\xc4\xe3])");
    CHECK_STR(charset(g), "GB18030");
    sgf_game_free(g);
    sgf_read_options opt = { .fallback_charset = "Big5" };
    g = parse_opt("(;PB[\xc4\xe3])", &opt);
    CHECK_STR(charset(g), "CP950");
    sgf_game_free(g);
    /* a sure detection is not overridden */
    g = parse_opt("(;" GBK_NAMES ")", &opt);
    CHECK_STR(charset(g), "GB18030");
    sgf_game_free(g);
}

static void test_dbcs_reparse(void)
{
    /* Nihon Ki-in's PB[申眞ソ] in Shift-JIS ends in 0x83 0x5C before ']':
     * read byte by byte, "\\]" would escape the closer */
    sgf_game *g = parse("(;PB[\x90\\\xe1\xc1\x83\\]BR[\x8b\xe3\x92i]C[\x83\\n])");
    CHECK_STR(charset(g), "CP932");
    CHECK_STR(text(g, "PB"), "申眞ソ");
    CHECK_STR(text(g, "BR"), "九段");
    CHECK_STR(text(g, "C"), "ソn");
    CHECK_INT(sgf_game_count(g, SGF_ERROR), 0);
    CHECK_INT(count_diag(g, "unescaped-bracket"), 0);
    sgf_game_free(g);

    /* Big5 許 is 0xB3 0x5C */
    g = parse("(;CA[Big5]PB[\xb3\\]PW[\xa4\xa4];B[pd])");
    CHECK_STR(text(g, "PB"), "許");
    CHECK_STR(text(g, "PW"), "中");
    CHECK_INT(sgf_game_count(g, SGF_ERROR), 0);
    sgf_game_free(g);

    /* a writer that escapes bytes, as FF[4] reads (SGFC's
     * mixed-encoding.sgf): 揮 is 0x93 0x5D, written 0x93 '\\' ']', and 運
     * 0xDF 0x5C written 0xDF '\\' '\\': byte by byte is right here */
    g = parse("(;CA[GB18030]C[\xd6\xb8\x93\\]\x99\xe0]N[\xdf\\\\\xdd\x94])");
    CHECK_STR(text(g, "C"), "指揮權");
    CHECK_STR(text(g, "N"), "運輸");
    CHECK_INT(count_diag(g, "unescaped-bracket"), 0);
    CHECK_INT(sgf_game_count(g, SGF_ERROR), 0);
    sgf_game_free(g);

    /* GBK with a trail ']' (0x81 0x5D), kept only by the parser's repair
     * when read byte by byte */
    g = parse("(;CA[GBK]C[\x81]\xb0\xa1];B[pd])");
    CHECK_STR(text(g, "C"), "乚啊");
    CHECK_INT(count_diag(g, "unescaped-bracket"), 0);
    sgf_game_free(g);
}

static void test_undecodable(void)
{
    /* the last character of PB is cut: reported at PB, kept as \xNN */
    sgf_game *g = parse("(;CA[GB18030]PB[\xb9\xc5\xc1]PW[\xbf\xc2\xbd\xe0])");
    CHECK_STR(charset(g), "GB18030");
    CHECK_INT(count_diag(g, "charset-undecodable"), 1);
    CHECK_INT(count_diag(g, "charset-wrong"), 0);
    const sgf_diag *d = find_diag(g, "charset-undecodable");
    CHECK(d && d->column == 16 && d->severity == SGF_ERROR);
    CHECK(d && strcmp(d->message, "PB holds 1 byte that is not valid GB18030; kept as \\xNN") == 0);
    CHECK_STR(text(g, "PB"), "古\\xC1");
    CHECK_STR(text(g, "PW"), "柯洁");
    sgf_game_free(g);

    /* charset_to_utf8 directly: one report per call when asked */
    g = parse("(;CA[GB18030]PB[\xb9\xc5\xc1])");
    size_t before = sgf_game_diag_count(g), n;
    char *s = charset_to_utf8(g, "\xff" "a\xb9\xc5", 4, 0, &n);
    CHECK_STR(s, "\\xFFa古");
    CHECK_INT(n, strlen("\\xFFa古"));
    CHECK_INT(sgf_game_diag_count(g), before + 1);
    s = charset_to_utf8(g, "\xff", 1, CHARSET_NO_REPORT, &n);
    CHECK_STR(s, "\\xFF");
    CHECK_INT(sgf_game_diag_count(g), before + 1);
    sgf_game_free(g);

    /* iconv's UCS-4 passes code points beyond U+10FFFF through as old
     * 6-byte UTF-8; the text must be UTF-8, so they become U+FFFD (found
     * by fuzzing: the writer's output did not read back) */
    static const char ucs4[] = "(;CA[UCS-4]PB[\0\0\0A\x43\xff\x55\x34\0\0\0B])";
    g = parse_len(ucs4, sizeof ucs4 - 1, NULL, 0);
    CHECK_STR(text(g, "PB"), "A\xef\xbf\xbd" "B");
    sgf_game_free(g);

    /* SGF_READ_NO_DECODE: the text keeps the file's bytes */
    sgf_read_options opt = { .flags = SGF_READ_NO_DECODE };
    g = parse_opt("(;CA[GB2312]PB[\xb9\xc5\\]\xc1\xa6])", &opt);
    CHECK_STR(text(g, "PB"), "\xb9\xc5]\xc1\xa6");
    CHECK_STR(charset(g), "GB18030");
    sgf_game_free(g);
}

static void test_utf16(void)
{
    const unsigned char le_bom[] = { 0xFF, 0xFE, '(', 0, ';', 0 };
    const unsigned char be[] = { 0, '(', 0, ';', 0, 'F', 0, 'F' };
    const unsigned char le_ws[] = { ' ', 0, '\n', 0, '(', 0, '\n', 0, ';', 0 };
    CHECK_INT(charset_utf16_sniff(le_bom, sizeof le_bom), 1);
    CHECK_INT(charset_utf16_sniff((const unsigned char *)"\xfe\xff\0(", 4), 2);
    CHECK_INT(charset_utf16_sniff(be, sizeof be), 2);
    CHECK_INT(charset_utf16_sniff(le_ws, sizeof le_ws), 1);
    CHECK_INT(charset_utf16_sniff((const unsigned char *)"(;FF[4]", 7), 0);
    CHECK_INT(charset_utf16_sniff((const unsigned char *)"(\0x\0", 4), 0);
    /* text before the game, as junk before "(;" in 8-bit files */
    CHECK_INT(charset_utf16_sniff((const unsigned char *)"G\0a\0m\0e\0 \0001\0:\0\n\0", 16), 1);
    CHECK_INT(charset_utf16_sniff((const unsigned char *)"Game 1:\n(;FF[4])", 17), 0);

    char *out;
    size_t n;
    /* "(;C[é囲])" in UTF-16LE with a BOM */
    const char in[] = "\xff\xfe(\0;\0C\0[\0\xe9\0\xf2\x56]\0)\0";
    CHECK_INT(charset_utf16_to_utf8(in, sizeof in - 1, 1, &out, &n), 0);
    CHECK(out && n == strlen("(;C[é囲])") && memcmp(out, "(;C[é囲])", n) == 0);
    free(out);
    /* a lone surrogate is kept as bytes, and the units after it stay
     * aligned */
    static const char lone[] = "a\0b\0c\0d\0e\0f\0g\0h\0\x00\xd8i\0";
    CHECK_INT(charset_utf16_to_utf8(lone, sizeof lone - 1, 1, &out, &n), 0);
    CHECK(out && n == 17 && memcmp(out, "abcdefgh\\x00\\xD8i", 17) == 0);
    free(out);
    /* mostly undecodable: not UTF-16 after all */
    static const char junk[] = "\x00\xd8\x00\xd8\x00\xd8(\0";
    CHECK_INT(charset_utf16_to_utf8(junk, sizeof junk - 1, 1, &out, &n),
              SGF_E_FORMAT);
    CHECK(out == NULL);

    /* what the reader hands on: CA[UTF-16] is not called wrong */
    static const char conv[] = "(;CA[UTF-16LE]PB[\xc3\xa9])";
    sgf_game *g = parse_len(conv, strlen(conv), NULL, SGF_RAW_FROM_UTF16);
    CHECK_INT(count_diag(g, "charset-utf16"), 1);
    CHECK_INT(count_diag(g, "charset-wrong"), 0);
    CHECK_STR(charset(g), "UTF-16");
    CHECK_INT(sgf_game_info(g)->charset_detected, 0);
    CHECK_STR(text(g, "PB"), "é");
    sgf_game_free(g);

    /* UTF-16 text inside the values of an 8-bit file (SGFC's
     * mixed-encoding test): decoded before unescaping */
    static const char mixed[] = "(;CA[UTF-16LE]C[h\0i\0\xf6\0]N[a\0\n\0b\0])";
    g = parse_len(mixed, sizeof mixed - 1, NULL, 0);
    CHECK_STR(charset(g), "UTF-16LE");
    CHECK_STR(text(g, "C"), "hiö");
    CHECK_STR(text(g, "N"), "a b");
    CHECK_INT(charset_diags(g), 0);
    sgf_game_free(g);
}

static void test_value_text(void)
{
    sgf_game *g = parse("(;CA[GBK]C[\xb9\xc5\r\n\\\n\xc1\xa6\t!]N[a\r\nb]LB[dd:\xb9\xc5\\:x]AP[a\\:b:1])");
    size_t n = 0;
    const sgf_prop *p = sgf_node_find(sgf_game_root(g), SGF_P_C);
    const char *s = p ? sgf_value_text(g, p, 0, &n) : NULL;
    CHECK_STR(s, "古\n力 !");
    CHECK_INT(n, strlen("古\n力 !"));
    CHECK(p && sgf_value_text(g, p, 1, &n) == NULL && n == 0);
    CHECK_STR(text(g, "N"), "a b");
    CHECK_STR(text(g, "LB"), "dd:古:x");
    CHECK_STR(text(g, "AP"), "a:b:1");
    sgf_game_free(g);
}


/* Read the member at dir/rel through a reader; the game numbered index. */
typedef struct real_game {
    char *buf;
    sgf_member *m;
    sgf_reader *r;
    sgf_game *g;
} real_game;

static bool open_real(real_game *rg, const char *dir, const char *rel,
                      unsigned index)
{
    char path[2048];
    memset(rg, 0, sizeof *rg);
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("  missing: %s\n", rel);
        return false;
    }
    rg->buf = malloc(1 << 20);
    size_t n = rg->buf ? fread(rg->buf, 1, 1 << 20, f) : 0;
    fclose(f);
    rg->m = sgf_member_from_memory(rg->buf, n, rel);
    rg->r = sgf_reader_new(NULL);
    if (!rg->m || !rg->r)
        return false;
    sgf_reader_start(rg->r, rg->m);
    for (unsigned i = 0; i < index; i++)
        if (sgf_reader_next(rg->r, &rg->g) != 1)
            return false;
    return true;
}

static void close_real(real_game *rg)
{
    sgf_reader_free(rg->r);
    sgf_member_free(rg->m);
    free(rg->buf);
}

/* Does any value of property id on the main line read as want? */
static bool has_text(sgf_game *g, const char *id, const char *want)
{
    for (const sgf_node *n = sgf_game_root(g); n; n = n->child)
        for (const sgf_prop *p = n->props; p; p = p->next)
            if (strcmp(p->id, id) == 0)
                for (uint32_t i = 0; i < p->nvalues; i++) {
                    const char *s = sgf_value_text(g, p, i, NULL);
                    if (s && strstr(s, want))
                        return true;
                }
    return false;
}

static const struct real_case {
    const char *file;
    unsigned game;
    const char *charset;    /* info.charset */
    const char *id, *want;  /* a value that must read so */
    const char *diag;       /* a charset diagnostic it must have, or NULL */
} real_cases[] = {
#define LIB "5-malformed-odd/herzbube__libsgfcplusplus/test/test-files/encoding-"
#define SAB "5-malformed-odd/SabakiHQ__sgf/tests/sgf/"
    { LIB "chinese-gb18030.sgf", 1, "GB18030", "C", "从被遗忘的中国起源", NULL },
    { LIB "chinese-gbk.sgf", 1, "GB18030", "C", "然后传到整个世界。", NULL },
    { LIB "simplifiedchinese-gb2312.sgf", 1, "GB18030", "C", "围棋是一种古老的游戏", NULL },
    { LIB "traditionalchinese-big5.sgf", 1, "CP950", "C", "圍棋是一種古老的遊戲", NULL },
    { LIB "japanese-shiftjis.sgf", 1, "CP932", "C", "Goは古代のゲームであり", NULL },
    { LIB "japanese-iso2022jp.sgf", 1, "ISO-2022-JP", "C", "東アジアの他の地域に広がり", NULL },
    { LIB "korean-macos.sgf", 1, "CP949", "C", "바둑은 중국에서 잊혀진 기원에서", NULL },
    { LIB "cyrillic-windows.sgf", 1, "Windows-1251", "C", "Го - древняя игра", NULL },
    { LIB "western-isolatin1.sgf", 1, "WINDOWS-1252", "C", "Ää Àà Ââ Åå Ææ Çç", NULL },
    { LIB "western-isolatin9.sgf", 1, "ISO-8859-15", "C", "Ÿ Œœ €", NULL },
    { LIB "western-windowslatin1.sgf", 1, "WINDOWS-1252", "C", "Šš Žž", NULL },
    { LIB "western-macosroman.sgf", 1, "macintosh", "C", "ƒ ‰ ™", NULL },
    { LIB "utf8-withbom.sgf", 1, "UTF-8", "C", "גו הוא משחק עתיק", NULL },
    { LIB "utf16-withbom.sgf", 1, "UTF-16", "C", "Το Go είναι ένα αρχαίο παιχνίδι", "charset-utf16" },
    { LIB "utf16-nobom.sgf", 1, "UTF-16", "C", "바둑은 중국에서", "charset-utf16" },
    { SAB "chinese.sgf", 1, "GB18030", "PW", "柯洁", NULL },
    { SAB "japanese.sgf", 1, "CP932", "PB", "井山 裕太", NULL },
    { SAB "korean.sgf", 1, "CP949", "PW", "박정환", NULL },
    { SAB "no-ca.sgf", 1, "GB18030", "C", "这是从压长星定式演变而来的形", "charset-detected" },
    { SAB "utf16le.sgf", 1, "UTF-16", "PW", "Go Seigen", "charset-utf16" },
    { SAB "encoding/nihon-kiin.sgf", 1, "CP932", "PB", "申眞ソ", "charset-detected" },
    { SAB "encoding/nihon-kiin.sgf", 1, "CP932", "TE", "第1回ソパルコサノル世界最高棋士決定戦第9戦", NULL },
    { "5-malformed-odd/missdeer__sgfc/test-files/mixed-encoding.sgf", 1,
      "UTF-16LE", "C", "hallö! DÜ! ßüper dich zu s€h€n-", NULL },
    { "5-malformed-odd/missdeer__sgfc/test-files/mixed-encoding.sgf", 2,
      "ISO-8859-15", "C", "hallö! DÜ! ßüper dich zu s€h€n-", NULL },
    { "5-malformed-odd/missdeer__sgfc/test-files/mixed-encoding.sgf", 4,
      "GB18030", "C", "交通運輸\n指揮權", NULL },
    { "1-pro/feitianyiren__m8weiqipu/test/WuQingYuan/wqy (39).sgf", 1,
      "GB18030", "PB", "吴", "charset-detected" },
    { "2-online/SThornewillvE__Pet-Project---Tygem-Fuseki-Web-Scraper-using-Python/"
      "legend88-games.tar.gz_extracted/legend88-games/legend88-kongm-2011-09-15-rematch.sgf",
      1, "CP949", "PC", "타이젬바둑", "charset-detected" },
#undef LIB
#undef SAB
};

static void test_corpus(void)
{
    char dir[1024];
    struct stat st;
    harness_corpus(dir, sizeof dir, "");
    if (stat(dir, &st) != 0) {
        printf("skipped: %s is absent\n", dir);
        return;
    }
    for (size_t i = 0; i < sizeof real_cases / sizeof real_cases[0]; i++) {
        const struct real_case *c = &real_cases[i];
        real_game rg;
        bool ok = open_real(&rg, dir, c->file, c->game);
        CHECK(ok);
        if (ok) {
            const char *cs = charset(rg.g);
            if (strcmp(cs, c->charset) != 0)
                fprintf(stderr, "%s: charset %s, expected %s\n", c->file, cs,
                        c->charset);
            CHECK(strcmp(cs, c->charset) == 0);
            bool found = has_text(rg.g, c->id, c->want);
            if (!found)
                fprintf(stderr, "%s: %s[] does not read \"%s\"\n", c->file,
                        c->id, c->want);
            CHECK(found);
            CHECK(!c->diag || count_diag(rg.g, c->diag) == 1);
            CHECK_INT(count_diag(rg.g, "charset-undecodable"), 0);
        }
        close_real(&rg);
    }
}

static void hung(int sig)
{
    static const char msg[] =
        "test_charset: decoding hung (glibc's SHIFT_JISX0213 runaway)\n"
        "0 passed, 1 failed\n";
    (void)sig;
    if (write(2, msg, sizeof msg - 1) < 0)
        _exit(1);
    _exit(1);
}

/* glibc's SHIFT_JISX0213, out of room with a character held back to combine
 * (か before a possible ゚), fills every buffer it is given without reading
 * on: detection, which decodes into a 1 KB scratch buffer, looped forever
 * on a 12 KB file (found by fuzzing).  CP932 fails on 0x82F5, so its
 * alternative SHIFT_JISX0213 is tried; 1,020 bytes of ASCII before it put
 * the end of the buffer there. */
static void test_runaway_converter(void)
{
    size_t len = 0;
    char *s = malloc(1100);
    if (!s)
        return;
    len += (size_t)sprintf(s, "(;CA[Shift_JIS]C[");
    memset(s + len, 'a', 1020);
    len += 1020;
    len += (size_t)sprintf(s + len, "\x82\xf5H])");
    signal(SIGALRM, hung);
    alarm(60);
    sgf_game *g = parse_len(s, len, NULL, 0);
    alarm(0);
    CHECK(g != NULL && sgf_game_root(g) != NULL);
    const char *t = g ? text(g, "C") : NULL;
    CHECK(t != NULL && strlen(t) < 1100);
    sgf_game_free(g);
    free(s);
}

int main(void)
{
    arena_init(&A);
    test_runaway_converter();
    test_escapes();
    test_soft_breaks();
    test_whitespace();
    test_dbcs_pairs();
    test_ascii();
    test_utf8();
    test_ca_honoured();
    test_ca_wrong();
    test_detection();
    test_fallback();
    test_dbcs_reparse();
    test_undecodable();
    test_utf16();
    test_value_text();
    test_corpus();
    arena_free(&A);
    TEST_END();
}
