/*
 * test_width.c - display width of text for sgfstat's tables
 * (bin/cli/width.c): East Asian wide and fullwidth characters 2 columns,
 * combining marks 0, control characters as the \xNN cli_buf_text writes,
 * bytes of broken UTF-8 one column each; padding counts columns, not bytes.
 */
#include <string.h>
#include "cli/buf.h"
#include "harness.h"

static size_t width(const char *s)
{
    return cli_display_width(s, strlen(s));
}

int main(void)
{
    CHECK_INT(width(""), 0);
    CHECK_INT(width("Lee Sedol"), 9);
    CHECK_INT(width("李世石"), 6);                 /* CJK ideographs */
    CHECK_INT(width("柯洁 9p"), 7);
    CHECK_INT(width("이세돌"), 6);                 /* Hangul syllables */
    CHECK_INT(width("井山裕太"), 8);
    CHECK_INT(width("ｲﾉｳｴ"), 4);                  /* halfwidth katakana: 1 */
    CHECK_INT(width("ＡＢ"), 4);                   /* fullwidth Latin */
    CHECK_INT(width("e\xcc\x81"), 1);              /* e + combining acute */
    CHECK_INT(width("Café"), 4);
    CHECK_INT(width("\xff\xfe"), 2);               /* not UTF-8: a column each */
    CHECK_INT(width("\xe6\x9d"), 2);               /* a cut sequence: the same */
    CHECK_INT(width("a\tb"), 6);                   /* tab shown as \x09 */
    CHECK_INT(cli_char_width(0x4E00), 2);
    CHECK_INT(cli_char_width(0x9FFF), 2);
    CHECK_INT(cli_char_width(0x3099), 0);          /* kana voicing mark */
    CHECK_INT(cli_char_width(0x20000), 2);         /* CJK extension B */
    CHECK_INT(cli_char_width(0x0041), 1);

    /* padded to 12 columns: the same width whatever the script */
    const char *names[] = { "Lee Sedol", "李世石", "이세돌", "Cho\tU" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        struct cli_buf b = { 0 };
        cli_buf_text_padded(&b, names[i], 12);
        CHECK(!b.nomem);
        CHECK_INT(cli_display_width(b.data, b.len), 12);
        cli_buf_free(&b);
    }
    /* wider than the column: written whole, no padding */
    struct cli_buf b = { 0 };
    cli_buf_text_padded(&b, "李世石李世石李世石", 12);
    CHECK_INT(b.len, 27);
    cli_buf_free(&b);

    TEST_END();
}
