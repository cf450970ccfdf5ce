/*
 * test_writer.c - the canonical FF[4] writer (lib/sgf/writer.c, doc/writer.md):
 * escaping, line breaks, FF[3] ids, the root's order, chains and
 * variations, and trees too deep for recursion.  Every record is also put
 * through the round-trip check of treecmp.h.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sgfkit.h"
#include "harness.h"
#include "parse.h"
#include "treecmp.h"

static treecmp *tc;

static sgf_game *parse_opt(const char *s, size_t len,
                           const sgf_read_options *opt)
{
    sgf_raw_game raw = raw_text(s, len);
    return sgf_game_parse(&raw, opt);
}

static sgf_game *parse(const char *s)
{
    return parse_opt(s, strlen(s), NULL);
}

/* The canonical text of the game in s, checked to round-trip; a static
 * buffer's worth (tests compare short records). */
static const char *canon(const char *s)
{
    static char out[8192];
    char msg[700];
    size_t n;
    sgf_game *g = parse(s);
    out[0] = '\0';
    if (!g)
        return "(out of memory)";
    int same = treecmp_game(tc, g, msg, sizeof msg);
    CHECK(same);
    if (!same)
        fprintf(stderr, "%s: %s\n", s, msg);
    else {
        const char *w = treecmp_output(tc, &n);
        if (n >= sizeof out)
            n = sizeof out - 1;
        memcpy(out, w, n);
        out[n] = '\0';
    }
    sgf_game_free(g);
    return out;
}

static bool contains(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

static void test_escaping(void)
{
    /* ']' and '\\' always; ':' never in Text, the separator kept in LB and
     * AP and every other ':' of their text half escaped. */
    const char *o = canon("(;C[a \\] b \\\\ c \\: d : e]"
                          "LB[aa:x\\:y][bb:p:q][cc:\\]\\\\]"
                          "AP[My\\:App:1\\:2])");
    CHECK(contains(o, "C[a \\] b \\\\ c : d : e]"));
    CHECK(contains(o, "LB[aa:x\\:y][bb:p\\:q][cc:\\]\\\\]"));
    CHECK(contains(o, "AP[My\\:App:1\\:2]"));
    /* with escapes in the file, the separator is the first unescaped ':' */
    CHECK(contains(canon("(;LB[aa:x\\]y:z][bb\\:c:d])"),
                   "LB[aa:x\\]y\\:z][bb\\:c:d]"));
    /* the fast path (no escapes in the file) still escapes a second ':' */
    CHECK(contains(canon("(;AP[App:1:2])"), "AP[App:1\\:2]"));
    /* unneeded escapes in text are dropped */
    CHECK(contains(canon("(;C[\\a\\b])"), "C[ab]"));
}

static void test_unknown(void)
{
    /* unknown properties keep their bytes, escapes included */
    CHECK(contains(canon("(;XX[a\\b\\]c:d\\:e]YY[x\\\ny])"),
                   "XX[a\\b\\]c:d\\:e]YY[x\\\ny]"));
    /* non-ASCII: written decoded, each ':' escaped as it was in the file */
    CHECK(contains(canon("(;XX[\xc3\xa9:a\\:b])"), "XX[\xc3\xa9:a\\:b]"));
    /* a ']' the parser kept as text is escaped on the way out */
    CHECK(contains(canon("(;XX[a]b];B[aa])"), "XX[a\\]b]"));
    /* a lone '\\' where the input ends inside the value escapes nothing:
     * dropped as sgf_value_text() drops it, not written as a backslash
     * (found by fuzzing) */
    CHECK(contains(canon("(;XX[a\\"), "XX[a])"));
    CHECK(contains(canon("(;C[a]b];B[aa])"), "C[a\\]b]"));
}

static void test_line_breaks(void)
{
    /* soft breaks go, hard breaks become LF, SimpleText breaks spaces */
    const char *o = canon("(;C[one\\\ntwo\r\nthree\n\rfour\rfive]"
                          "N[a\r\nb]GC[x\\\r\ny])");
    CHECK(contains(o, "C[onetwo\nthree\nfour\nfive]"));
    CHECK(contains(o, "N[a b]"));
    CHECK(contains(o, "GC[xy]"));
    CHECK(strchr(o, '\r') == NULL);
}

static void test_root(void)
{
    /* GM, FF[4], CA[UTF-8] first; the rest in file order; FF and CA replaced */
    CHECK_STR(canon("(;SZ[9]CA[ISO-8859-1]FF[3]GM[1]AP[x:1];B[aa])"),
              "(;GM[1]FF[4]CA[UTF-8]SZ[9]AP[x:1]\n;B[aa])\n");
    CHECK_STR(canon("(;B[aa])"), "(;FF[4]CA[UTF-8]B[aa])\n");
    /* Latin-1 text comes out as UTF-8 */
    CHECK(contains(canon("(;CA[ISO-8859-1]PB[Jos\xe9])"),
                   "PB[Jos\xc3\xa9]"));
}

/* Where printable ASCII does not decode to itself (Shift_JISX0213: '~' is
 * U+203E), no value may be copied from the file as it is. */
static void test_ascii_not_itself(void)
{
    const char *o = canon("(;CA[Shift_JISX0213]C[\x82\xa0]PB[x~y];B[aa]"
                          "XX[q~])");
    CHECK(contains(o, "PB[x\xe2\x80\xbey]"));
    CHECK(contains(o, "XX[q\xe2\x80\xbe]"));
}

/* Text kept in its charset: CA[] must not claim UTF-8. */
static void test_no_decode(void)
{
    static const char rec[] = "(;CA[ISO-8859-1]PB[Jos\xe9])";
    sgf_read_options opt = { .flags = SGF_READ_NO_DECODE };
    treecmp_buf b = { 0 };
    sgf_game *g = parse_opt(rec, sizeof rec - 1, &opt);
    CHECK(g != NULL);
    if (g) {
        CHECK_INT(sgf_write_game(g, treecmp_buf_write, &b), 0);
        CHECK_INT(treecmp_buf_write(&b, "", 1), 0);
        CHECK(b.p && contains(b.p, "PB[Jos\xe9]"));
        CHECK(b.p && !contains(b.p, "CA[UTF-8]"));
    }
    sgf_game_free(g);
    free(b.p);
}

static void test_ff3(void)
{
    const char *o = canon("(;FF[3]GaMe[1]CoPyright[c]SiZe[19];Black[aa]"
                          ";White[bb]L[cc][dd])");
    CHECK_STR(o, "(;GM[1]FF[4]CA[UTF-8]CP[c]SZ[19]\n;B[aa];W[bb]L[cc][dd])\n");
}

static void test_shapes(void)
{
    /* OGS chains collapse into one sequence */
    CHECK_STR(canon("(;GM[1](;B[aa](;W[bb](;B[cc]))))"),
              "(;GM[1]FF[4]CA[UTF-8]\n;B[aa];W[bb];B[cc])\n");
    CHECK_STR(canon("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))"),
              "(;GM[1]FF[4]CA[UTF-8]\n;B[aa]\n(;W[bb];B[cc])\n"
              "(;W[dd]\n(;B[ee])\n(;B[ff])))\n");
    /* variations right below the root */
    CHECK_STR(canon("(;GM[1](;B[aa])(;B[bb]))"),
              "(;GM[1]FF[4]CA[UTF-8]\n(;B[aa])\n(;B[bb]))\n");
    /* empty values and passes are kept as written; edge spaces go */
    CHECK_STR(canon("(;GM[1];B[];W[tt];B[ ];W[ aa ]KM[ 6.5])"),
              "(;GM[1]FF[4]CA[UTF-8]\n;B[];W[tt];B[]\n;W[aa]KM[6.5])\n");
    /* a game-info node stands on its own line */
    CHECK_STR(canon("(;GM[1];B[aa];W[bb]PB[x];B[cc])"),
              "(;GM[1]FF[4]CA[UTF-8]\n;B[aa]\n;W[bb]PB[x]\n;B[cc])\n");
}

static void test_long_lines(void)
{
    char rec[4096];
    size_t n = 0, line = 0, longest = 0, lines = 1;
    n += (size_t)snprintf(rec + n, sizeof rec - n, "(;GM[1]");
    for (int i = 0; i < 200; i++)
        n += (size_t)snprintf(rec + n, sizeof rec - n, ";%c[%c%c]",
                              i % 2 ? 'W' : 'B', 'a' + i % 19, 'a' + i / 19);
    snprintf(rec + n, sizeof rec - n, ")");
    const char *o = canon(rec);
    for (const char *p = o; *p; p++) {
        if (*p == '\n') {
            longest = line > longest ? line : longest;
            line = 0;
            lines++;
        } else {
            line++;
        }
    }
    CHECK(longest <= 80);
    CHECK(lines >= 200 * 6 / 80);
}

/* The column counts the escapes the writer adds: a ']' the parser kept in an
 * unknown property is escaped by the first write and read back as written,
 * so unless both writes count it the lines after it break elsewhere and
 * the output is not a fixed point (found by fuzzing, doc/fuzzing.md). */
static void test_escapes_in_layout(void)
{
    char rec[1024];
    size_t n = (size_t)snprintf(rec, sizeof rec, "(;GM[1];XX[");
    for (int i = 0; i < 30; i++)
        n += (size_t)snprintf(rec + n, sizeof rec - n, "%c]", 'a' + i % 26);
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(rec + n, sizeof rec - n, ";%c[%c%c]",
                              i % 2 ? 'W' : 'B', 'a' + i % 19, 'c');
    snprintf(rec + n, sizeof rec - n, ")");
    CHECK(contains(canon(rec), "XX[a\\]b\\]"));
}

static void test_null_root_and_errors(void)
{
    treecmp_buf b = { 0 };
    sgf_game *g = parse("no game here");
    CHECK(g != NULL && sgf_game_root(g) == NULL);
    CHECK_INT(sgf_write_game(g, treecmp_buf_write, &b), 0);
    CHECK_INT(b.len, 0);
    sgf_game_free(g);

    g = parse("(;B[aa])");
    CHECK_INT(sgf_write_game(g, NULL, NULL), SGF_E_ARG);
    CHECK_INT(sgf_write_game(NULL, treecmp_buf_write, &b), SGF_E_ARG);
    sgf_game_free(g);
    free(b.p);
}

static int fail_write(void *ctx, const void *data, size_t len)
{
    (void)data;
    (void)len;
    ++*(int *)ctx;
    return 7;
}

/* Output larger than the writer's buffer reaches write() in several pieces;
 * a failing write() stops the writer at once. */
static void test_big_output(void)
{
    size_t n = 100000;
    char *rec = malloc(n + 32);
    treecmp_buf b = { 0 };
    int calls = 0;
    if (!rec) {
        CHECK(rec != NULL);
        return;
    }
    memcpy(rec, "(;C[", 4);
    /* every 1000th byte a '\\' escapes the next letter */
    for (size_t i = 0; i < n; i++)
        rec[4 + i] = i % 1000 == 998 ? '\\' : (char)('a' + i % 26);
    memcpy(rec + 4 + n, "];B[aa])", 9);
    sgf_game *g = parse(rec);
    char msg[700];
    CHECK(g && treecmp_game(tc, g, msg, sizeof msg));
    CHECK_INT(sgf_write_game(g, treecmp_buf_write, &b), 0);
    CHECK(b.len > n - n / 1000);
    CHECK_INT(sgf_write_game(g, fail_write, &calls), 7);
    CHECK_INT(calls, 1);
    FILE *f = tmpfile();
    if (f) {
        CHECK_INT(sgf_write_game_file(g, f), 0);
        CHECK_INT(ftell(f), (long)b.len);
        fclose(f);
    }
    sgf_game_free(g);
    free(b.p);
    free(rec);
}

/* A million nodes deep, OGS style, and a deep tree with a side variation at
 * every level: the writer and the check must not recurse. */
static void test_deep(void)
{
    const size_t depth = 1000000;
    size_t cap = depth * 10 + 64, n = 0;
    char *rec = malloc(cap);
    char msg[700];
    if (!rec) {
        CHECK(rec != NULL);
        return;
    }
    n += (size_t)snprintf(rec, cap, "(;GM[1]");
    for (size_t i = 0; i < depth; i++) {
        memcpy(rec + n, i % 2 ? "(;W[bb]" : "(;B[aa]", 7);
        n += 7;
    }
    memset(rec + n, ')', depth + 1);
    n += depth + 1;
    sgf_game *g = parse_opt(rec, n, NULL);
    CHECK(g && sgf_game_root(g));
    if (g && sgf_game_root(g)) {
        size_t len, opens = 0;
        CHECK(treecmp_game(tc, g, msg, sizeof msg));
        const char *o = treecmp_output(tc, &len);
        for (size_t i = 0; i < len; i++)
            opens += o[i] == '(';
        CHECK_INT(opens, 1);
    }
    sgf_game_free(g);

    /* (;GM[1](;B[aa](;W[bb]...)(;W[cc]))(;B[cc])) : two children per level */
    const size_t levels = 200000;
    n = (size_t)snprintf(rec, cap, "(;GM[1]");
    for (size_t i = 0; i < levels; i++) {
        memcpy(rec + n, "(;B[aa]", 7);
        n += 7;
    }
    for (size_t i = 0; i < levels; i++) {
        memcpy(rec + n, ")(;W[cc])", 9);
        n += 9;
    }
    rec[n++] = ')';
    g = parse_opt(rec, n, NULL);
    CHECK(g && sgf_game_root(g));
    if (g && sgf_game_root(g)) {
        size_t len, opens = 0;
        CHECK(treecmp_game(tc, g, msg, sizeof msg));
        const char *o = treecmp_output(tc, &len);
        for (size_t i = 0; i < len; i++)
            opens += o[i] == '(';
        CHECK_INT(opens, 2 * levels + 1);
    }
    sgf_game_free(g);
    free(rec);
}

/* The FF[4] specification's example collection, when the corpus is there. */
static void test_ff4_example(void)
{
    char file[4096];
    harness_corpus(file, sizeof file, "4-software-tests/julianandrews__sgf-parse"
                   "/resources/test/ff4_ex.sgf");
    FILE *f = fopen(file, "rb");
    if (!f) {
        printf("test_writer: ff4_ex.sgf not found, skipped\n");
        return;
    }
    sgf_member *m = sgf_member_from_file(f, file);
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_game *g;
    unsigned games = 0;
    char msg[700];
    if (!m || !r) {
        CHECK(m && r);
    } else {
        sgf_reader_start(r, m);
        while (sgf_reader_next(r, &g) == 1) {
            games++;
            int same = treecmp_game(tc, g, msg, sizeof msg);
            if (!same)
                fprintf(stderr, "%s:%u: %s\n", file, games, msg);
            CHECK(same);
        }
        CHECK_INT(games, 2);
    }
    sgf_reader_free(r);
    sgf_member_free(m);
    fclose(f);
}

/* ---- options (sgfconvert's --main-line, --strip, --drop-empty, passes) -- */

static int to_buf(void *ctx, const void *data, size_t len)
{
    char *b = ctx;
    size_t have = strlen(b);
    if (have + len >= 8192)
        return -1;
    memcpy(b + have, data, len);
    b[have + len] = '\0';
    return 0;
}

/* The text of the game in s written with flags and strip, without its line
 * breaks; it must parse back to a game. */
static const char *with(const char *s, unsigned flags, const char *strip)
{
    static char out[8192];
    sgf_write_options o = { flags, strip };
    out[0] = '\0';
    sgf_game *g = parse(s);
    if (!g)
        return "(out of memory)";
    int rc = sgf_write_game_opt(g, &o, to_buf, out);
    sgf_game_free(g);
    if (rc)
        return "(error)";
    sgf_game *back = parse(out);
    CHECK(back && sgf_game_root(back) != NULL);
    sgf_game_free(back);
    /* line breaks are layout: leave them out of the comparisons */
    size_t k = 0;
    for (size_t i = 0; out[i]; i++)
        if (out[i] != '\n')
            out[k++] = out[i];
    out[k] = '\0';
    return out;
}

static void test_options(void)
{
    const char *tree = "(;GM[1]SZ[9]C[root];B[aa]C[hi](;W[bb];B[tt])(;W[cc]LB[cc:x]))";
    const char *m = with(tree, SGF_WRITE_MAIN_LINE, NULL);
    CHECK(contains(m, "W[bb]"));
    CHECK(!contains(m, "W[cc]"));
    CHECK(!contains(m, "(;W"));
    m = with(tree, 0, "C,LB");
    CHECK(!contains(m, "C[") && !contains(m, "LB["));
    CHECK(contains(m, "W[cc]"));
    CHECK_STR(with(tree, 0, "C,bad"), "(error)");
    CHECK_STR(with(tree, 0, "TOOLONG"), "(error)");
    m = with(tree, SGF_WRITE_PASS_EMPTY, NULL);
    CHECK(contains(m, "B[]") && !contains(m, "B[tt]"));
    m = with("(;GM[1]SZ[9];B[];W[dd])", SGF_WRITE_PASS_TT, NULL);
    CHECK(contains(m, "B[tt]") && contains(m, "W[dd]"));
    /* on a board larger than 19x19 "tt" is a point: a pass stays [] */
    m = with("(;GM[1]SZ[25];B[];W[tt])", SGF_WRITE_PASS_TT, NULL);
    CHECK(contains(m, "B[]") && contains(m, "W[tt]"));

    /* empty nodes: dropped inside a sequence and where a single child can
     * take their place, kept where the ';' holds a variation */
    m = with("(;GM[1];;B[aa];;(;W[bb])(;W[cc];)(;))", SGF_WRITE_DROP_EMPTY,
             NULL);
    CHECK(contains(m, ";B[aa](;W[bb])(;W[cc])(;)"));
    m = with("(;GM[1];B[aa](;;W[bb])(;C[x];W[cc]))", SGF_WRITE_DROP_EMPTY,
             "C");
    CHECK(contains(m, "(;W[bb])(;W[cc])"));
    m = with("(;GM[1];B[aa](;;W[bb])(;W[cc]))",
             SGF_WRITE_DROP_EMPTY | SGF_WRITE_MAIN_LINE, NULL);
    CHECK(contains(m, ";B[aa];W[bb])"));
}


/* SGF_WRITE_REPAIR (doc/repair.md): what the checks found is mended, read
 * through the public API as sgfconvert reads and writes. */
static const char *repaired(const char *s, unsigned flags)
{
    static char out[4096];
    treecmp_buf b = { 0 };
    sgf_write_options o = { flags | SGF_WRITE_REPAIR, NULL };
    sgf_game *g = parse(s);
    out[0] = '\0';
    if (!g)
        return "(out of memory)";
    if (sgf_write_game_opt(g, &o, treecmp_buf_write, &b) == 0 &&
        treecmp_buf_write(&b, "", 1) == 0 && b.p)
        snprintf(out, sizeof out, "%s", b.p);
    free(b.p);
    sgf_game_free(g);
    return out;
}

/* Errors of the property, value and placement checks left in s. */
static int errors_left(const char *s)
{
    sgf_game *g = parse(s);
    int n = 0;
    for (size_t i = 0; g && i < sgf_game_diag_count(g); i++)
        n += sgf_game_diag(g, i)->severity == SGF_ERROR;
    sgf_game_free(g);
    return g ? n : -1;
}

static void test_repair(void)
{
    CHECK_STR(repaired("(;GM[1]GM[1]SZ[9];B[aa])", 0),
              "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;B[aa])\n");
    CHECK_STR(repaired("(;SZ[9]C[a]C[b]PW[x][x];B[aa][bb])", 0),
              "(;FF[4]CA[UTF-8]SZ[9]C[a\nb]PW[x]\n;B[aa])\n");
    CHECK_STR(repaired("(;SZ[9];B[zz]KO[x];W[aa]AB[bb])", 0),
              "(;FF[4]CA[UTF-8]SZ[9]\n;;AB[bb];W[aa])\n");
    /* the second move takes what follows it in the file */
    CHECK_STR(repaired("(;SZ[9];B[aa]W[bb]BM[1]TE[1])", 0),
              "(;FF[4]CA[UTF-8]SZ[9]\n;B[aa];W[bb]BM[1])\n");
    CHECK_STR(repaired("(;GN[g];B[aa]SZ[9]PB[p])", 0),
              "(;FF[4]CA[UTF-8]GN[g]SZ[9]PB[p]\n;B[aa])\n");
    CHECK_STR(repaired("(;SZ[9]AB[aa:bb]AW[ab:bc])", 0),
              "(;FF[4]CA[UTF-8]SZ[9]AB[aa:bb]AW[ac][bc])\n");
    /* a clean game is written as without the flag */
    CHECK_STR(repaired("(;SZ[9]AB[aa][bb];W[cc]C[x])", 0),
              canon("(;SZ[9]AB[aa][bb];W[cc]C[x])"));
    /* the options still apply */
    CHECK_STR(repaired("(;SZ[9]C[a]C[b];B[aa];W[bb](;B[cc])(;B[dd]))",
                       SGF_WRITE_MAIN_LINE),
              "(;FF[4]CA[UTF-8]SZ[9]C[a\nb]\n;B[aa];W[bb];B[cc])\n");
    CHECK_INT(errors_left(repaired("(;GM[1]GM[1]SZ[9]AP[a:1][b:2];B[aa][bb]"
                                   "W[cc]KO[xx];TE[1];AE[aa]B[bb]MA[cc]TR[cc]"
                                   ";SZ[19]FF[4];W[ZZ])", 0)), 0);
}

int main(void)
{
    tc = treecmp_new(NULL);
    if (!tc)
        return 1;
    test_escaping();
    test_unknown();
    test_line_breaks();
    test_root();
    test_ascii_not_itself();
    test_no_decode();
    test_ff3();
    test_shapes();
    test_long_lines();
    test_escapes_in_layout();
    test_null_root_and_errors();
    test_big_output();
    test_deep();
    test_ff4_example();
    test_options();
    test_repair();
    treecmp_free(tc);
    TEST_END();
}
