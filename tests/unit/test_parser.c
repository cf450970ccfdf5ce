/*
 * test_parser.c - the lexer, the parser and its recovery, through the
 * public interface: sgf_game_parse on strings, and sgf_reader over members
 * that force the chunk/restart protocol.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include "sgf/game.h"
#include "harness.h"

static sgf_game *parse(const char *s)
{
    sgf_raw_game raw = { .bytes = s, .len = strlen(s), .origin = "t.sgf",
                         .index = 1, .line = 1, .column = 1, .at_eof = 1 };
    sgf_read_options opt = { .flags = SGF_READ_SYNTAX_ONLY };
    return sgf_game_parse(&raw, &opt);
}

/* Is there a diagnostic with this id (at line:col when line > 0)? */
static int has(const sgf_game *g, const char *id, unsigned long line,
               unsigned long col)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        if (strcmp(d->id, id) == 0 &&
            (line == 0 || (d->line == line && d->column == col)))
            return 1;
    }
    return 0;
}

static void print_diags(const sgf_game *g)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        fprintf(stderr, "  %lu:%lu: %s [%s]\n", d->line, d->column,
                d->message, d->id);
    }
}

static size_t errors(const sgf_game *g)
{
    return sgf_game_count(g, SGF_ERROR);
}

static const char *value(const sgf_prop *p, uint32_t i, char *buf)
{
    memcpy(buf, p->values[i].raw, p->values[i].len);
    buf[p->values[i].len] = '\0';
    return buf;
}

static void test_tree_shape(void)
{
    char b[64];
    sgf_game *g = parse("(;GM[1]FF[4]SZ[19]\n;B[pd];W[dp]\n(;B[pp];W[dd])(;B[dd]C[var 2])(;B[cc]))");
    const sgf_node *root = sgf_game_root(g);
    CHECK(root != NULL);
    CHECK_INT(errors(g), 0);
    CHECK_STR(root->props->id, "GM");
    CHECK_STR(root->props->next->id, "FF");
    CHECK_STR(root->props->next->next->id, "SZ");
    const sgf_node *w = root->child->child;
    CHECK_STR(sgf_node_find(w, SGF_P_W)->id, "W");
    CHECK_STR(value(sgf_node_find(w, SGF_P_W), 0, b), "dp");
    CHECK_INT(w->nchildren, 3);
    CHECK_STR(value(sgf_node_find(w->child, SGF_P_B), 0, b), "pp");
    CHECK_STR(value(sgf_node_find(w->child->next, SGF_P_B), 0, b), "dd");
    CHECK_STR(value(sgf_node_find(w->child->next->next, SGF_P_B), 0, b), "cc");
    CHECK(w->child->next->next->next == NULL);
    CHECK(w->child->child->parent == w->child);
    CHECK_INT(sgf_game_moves(g), 4);
    CHECK_INT(sgf_node_find(w->child->next, SGF_P_C)->kind, SGF_P_C);
    sgf_game_free(g);
}

static void test_values(void)
{
    char b[64];
    /* escaped ']' and '\\' stay raw; lists; spaces between values */
    sgf_game *g = parse("(;C[a\\]b\\\\]AB[aa] [bb]\n[cc]LB[dd:x\\:y];W[])");
    const sgf_node *r = sgf_game_root(g);
    CHECK_INT(errors(g), 0);
    CHECK_STR(value(sgf_node_find(r, SGF_P_C), 0, b), "a\\]b\\\\");
    const sgf_prop *ab = sgf_node_find(r, SGF_P_AB);
    CHECK_INT(ab->nvalues, 3);
    CHECK_STR(value(ab, 2, b), "cc");
    CHECK_STR(value(sgf_node_find(r, SGF_P_LB), 0, b), "dd:x\\:y");
    CHECK_INT(sgf_node_find(r->child, SGF_P_W)->values[0].len, 0);
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    /* private and FF[3] identifiers: normalised id, raw id kept */
    g = parse("(;CoPyright[x]MULTIGOGM[1]KGSDE[2])");
    r = sgf_game_root(g);
    CHECK(has(g, "lowercase-id", 1, 3));
    CHECK_STR(r->props->id, "CP");
    CHECK_INT(r->props->kind, SGF_P_CP);
    CHECK_INT(r->props->id_len, 9);
    CHECK_STR(r->props->next->id, "MULTIGOGM");
    CHECK_INT(r->props->next->kind, SGF_P_UNKNOWN);
    CHECK(has(g, "long-id", 1, 15));
    sgf_game_free(g);

    /* an FF[3] or private id is reported once per game, not per node */
    g = parse("(;Black[aa]KGSDE[1];White[bb]KGSDE[2];Black[cc]WhiteTime[3])");
    size_t lower = 0, longid = 0;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        lower += strcmp(sgf_game_diag(g, i)->id, "lowercase-id") == 0;
        longid += strcmp(sgf_game_diag(g, i)->id, "long-id") == 0;
    }
    CHECK_INT(lower, 3);  /* Black, White, WhiteTime (read as WT) */
    CHECK_INT(longid, 1);
    CHECK_INT(sgf_game_moves(g), 3);
    sgf_game_free(g);
}

static void test_recovery(void)
{
    sgf_game *g;

    g = parse("Tygem header text\n(;GM[1];B[aa])");
    CHECK(has(g, "junk-before-game", 1, 1));
    CHECK(sgf_game_root(g) != NULL);
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    g = parse(";GM[1];B[aa];W[bb])");
    CHECK(has(g, "missing-open-paren", 1, 1));
    CHECK_INT(sgf_game_moves(g), 2);
    sgf_game_free(g);

    g = parse("(GM[1]FF[4];B[aa])");
    CHECK(has(g, "missing-semicolon", 1, 2));
    CHECK_STR(sgf_game_root(g)->props->id, "GM");
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    g = parse("(;GM[1]\n;B[aa]\n;W[bb]");
    CHECK(has(g, "missing-close-paren", 3, 7));
    CHECK_INT(sgf_game_moves(g), 2);
    sgf_game_free(g);

    g = parse("(;GM[1];B[aa]C[never closed");
    CHECK(has(g, "unterminated-value", 1, 15));
    CHECK(has(g, "missing-close-paren", 0, 0));
    sgf_game_free(g);

    g = parse("(;GM[1];B[aa]()(;W[bb]))");
    CHECK(has(g, "empty-variation", 1, 15));
    CHECK_INT(sgf_game_root(g)->child->nchildren, 1);
    sgf_game_free(g);

    /* "((;": one missing node, one report */
    g = parse("(;GM[1]((;B[aa])(;B[bb])))");
    CHECK(has(g, "missing-semicolon", 1, 9));
    CHECK(!has(g, "empty-variation", 0, 0));
    CHECK_INT(sgf_game_root(g)->nchildren, 2);
    sgf_game_free(g);

    g = parse("(;GM[1];[5]B[aa])");
    CHECK(has(g, "value-without-id", 1, 9));
    CHECK_INT(sgf_game_root(g)->props->nvalues, 1);
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    g = parse("(;GM[1]XX ;B[aa])");
    CHECK(has(g, "id-without-value", 1, 8));
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    g = parse("(;GM[1]C[a]C[b];B[aa])");
    CHECK(has(g, "duplicate-property", 1, 12));
    CHECK_INT(sgf_node_find(sgf_game_root(g), SGF_P_C)->nvalues, 2);
    sgf_game_free(g);

    /* the structure proves the ']' belongs to the text */
    g = parse("(;GM[1]C[he said ]no way];B[aa])");
    CHECK(has(g, "unescaped-bracket", 1, 18));
    CHECK_INT(sgf_node_find(sgf_game_root(g), SGF_P_C)->values[0].len, 15);
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    /* a ']' closing a value that is not text always ends it */
    g = parse("(;GM[1]%%;B[aa])");
    CHECK(has(g, "illegal-char", 1, 8));
    CHECK_INT(sgf_game_moves(g), 1);
    sgf_game_free(g);

    g = parse("(;GM[1](;B[aa]);W[bb])");
    CHECK(has(g, "node-after-variation", 1, 16));
    CHECK_INT(sgf_game_root(g)->nchildren, 2);
    sgf_game_free(g);

    g = parse("garbage without any game");
    CHECK(sgf_game_root(g) == NULL);
    CHECK(has(g, "no-game", 1, 1));
    sgf_game_free(g);

    g = parse("\xEF\xBB\xBF(;GM[1])");
    CHECK(has(g, "charset-bom", 1, 1));
    CHECK_INT(errors(g), 0);
    sgf_game_free(g);
}

static void test_binary(void)
{
    static const char bin[] = "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0";
    sgf_raw_game raw = { .bytes = bin, .len = sizeof bin - 1, .origin = "a.out",
                         .index = 1, .line = 1, .column = 1, .at_eof = 1 };
    sgf_game *g = sgf_game_parse(&raw, NULL);
    CHECK(sgf_game_root(g) == NULL);
    CHECK(has(g, "binary-data", 0, 0));
    sgf_game_free(g);
}

/* A long string made of a head, n copies of a unit and a tail. */
static char *repeat(const char *head, const char *unit, size_t n,
                    const char *tail, size_t *len)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * n + tl + 1);
    if (!s)
        return NULL;
    memcpy(s, head, hl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + hl + i * ul, unit, ul);
    memcpy(s + hl + ul * n, tail, tl + 1);
    *len = hl + ul * n + tl;
    return s;
}

static void test_depth(void)
{
    /* OGS opens a '(' before every move; hostile files nest a million deep */
    size_t len;
    char *s = repeat("(;GM[1]", "(;B[aa]", 1000000, "", &len);
    char *close = malloc(len + 1000002);
    CHECK(s && close);
    if (!s || !close)
        return;
    memcpy(close, s, len);
    memset(close + len, ')', 1000001);
    close[len + 1000001] = '\0';
    sgf_game *g = parse(close);
    CHECK(sgf_game_root(g) != NULL);
    CHECK_INT(sgf_game_moves(g), 1000000);
    CHECK_INT(errors(g), 0);
    sgf_game_free(g);
    /* the same without its closing parens */
    g = parse(s);
    CHECK_INT(sgf_game_moves(g), 1000000);
    CHECK(has(g, "missing-close-paren", 0, 0));
    sgf_game_free(g);
    free(s);
    free(close);
}

/* Reading a collection through the reader (chunks of 1 MB, games cut at
 * chunk boundaries) must give the same games as framing with
 * sgf_reader_next_raw and parsing each with sgf_game_parse. */
static void test_reader_consistency(void)
{
    size_t len;
    char *s = repeat("junk before\n",
                     "(;GM[1]FF[4]SZ[19]PB[black]PW[white]\n"
                     ";B[pd];W[dp];B[pp]C[a comment with \\] and ( ) ;]\n"
                     "(;W[dd];B[cc])(;W[cd]))\n",
                     30000, "(;GM[1];B[aa]", &len);
    CHECK(s != NULL);
    if (!s)
        return;
    sgf_member *m1 = sgf_member_from_memory(s, len, "mem.sgf");
    sgf_member *m2 = sgf_member_from_memory(s, len, "mem.sgf");
    sgf_read_options opt = { .flags = SGF_READ_SYNTAX_ONLY };
    sgf_reader *r1 = sgf_reader_new(&opt), *r2 = sgf_reader_new(&opt);
    sgf_reader_start(r1, m1);
    sgf_reader_start(r2, m2);
    unsigned games = 0, same = 0, moves = 0, disagree = 0;
    size_t diags1 = 0, diags2 = 0;
    sgf_game *g;
    sgf_raw_game raw;
    for (;;) {
        int a = sgf_reader_next(r1, &g);
        int b = sgf_reader_next_raw(r2, &raw);
        disagree += a != b;
        if (a <= 0 || b <= 0)
            break;
        sgf_game *h = sgf_game_parse(&raw, &opt);
        games++;
        moves += sgf_game_moves(g);
        diags1 += sgf_game_diag_count(g);
        diags2 += sgf_game_diag_count(h);
        if (sgf_game_moves(g) == sgf_game_moves(h) &&
            sgf_game_offset(g) == sgf_game_offset(h) &&
            sgf_game_index(g) == sgf_game_index(h))
            same++;
        sgf_game_free(h);
    }
    CHECK_INT(disagree, 0);
    CHECK_INT(games, 30001);
    CHECK_INT(same, games);
    CHECK_INT(moves, 30000 * 5 + 1);
    CHECK_INT(diags1, diags2);
    CHECK_INT(diags1, 2); /* the junk and the missing ')' at the end */
    CHECK_INT(sgf_reader_bytes(r1), len);
    sgf_reader_free(r1);
    sgf_reader_free(r2);
    sgf_member_free(m1);
    sgf_member_free(m2);
    free(s);
}

static void test_positions(void)
{
    const char *text = "(;GM[1])\n\n  (;GM[1]\n;B[aa]\n;W[zz]X[\n";
    sgf_member *m = sgf_member_from_memory(text, strlen(text), "pos.sgf");
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_reader_start(r, m);
    sgf_game *g;
    CHECK_INT(sgf_reader_next(r, &g), 1);
    CHECK_INT(sgf_game_index(g), 1);
    CHECK_INT(sgf_reader_next(r, &g), 1);
    CHECK_INT(sgf_game_index(g), 2);
    CHECK_INT(sgf_game_offset(g), 12); /* its '(' */
    CHECK(has(g, "unterminated-value", 5, 8));
    CHECK_STR(sgf_game_origin(g), "pos.sgf");
    const sgf_diag *d = NULL;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++)
        if (strcmp(sgf_game_diag(g, i)->id, "unterminated-value") == 0)
            d = sgf_game_diag(g, i);
    CHECK(d != NULL);
    if (d) {
        CHECK_INT(d->offset, strlen("(;GM[1])\n\n  (;GM[1]\n;B[aa]\n;W[zz]X"));
        CHECK_INT(d->game, 2);
    }
    CHECK_INT(sgf_reader_next(r, &g), 0);
    sgf_reader_free(r);
    sgf_member_free(m);

    /* an empty member gives one game with the empty-file warning */
    m = sgf_member_from_memory("", 0, "empty.sgf");
    r = sgf_reader_new(NULL);
    sgf_reader_start(r, m);
    CHECK_INT(sgf_reader_next(r, &g), 1);
    CHECK(sgf_game_root(g) == NULL);
    CHECK(has(g, "empty-file", 1, 1));
    CHECK_INT(sgf_reader_next(r, &g), 0);
    sgf_reader_free(r);
    sgf_member_free(m);
}

/* A gzip member cut in the middle: every game before the cut is read, the
 * cut game is reported as cut, and the read error comes last. */
static void test_truncated_member(void)
{
    /* varied games, so that the compressed file spans many reads */
    size_t len = 0, cap = 20000 * 80;
    char *s = malloc(cap);
    unsigned long x = 12345;
    for (int i = 0; s && i < 20000; i++) {
        char pt[4][3];
        for (int k = 0; k < 4; k++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            pt[k][0] = (char)('a' + (x >> 33) % 19);
            pt[k][1] = (char)('a' + (x >> 45) % 19);
            pt[k][2] = '\0';
        }
        len += (size_t)snprintf(s + len, cap - len,
                                "(;GM[1]GN[%d];B[%s];W[%s];B[%s]C[%lu];W[%s])\n",
                                i, pt[0], pt[1], pt[2], x % 100000, pt[3]);
    }
    char path[] = "/tmp/sgfkit-test-XXXXXX";
    int fd = mkstemp(path);
    CHECK(s && fd >= 0);
    if (!s || fd < 0)
        return;
    gzFile z = gzdopen(fd, "wb");
    CHECK(z && gzwrite(z, s, (unsigned)len) == (int)len);
    gzclose(z);
    FILE *f = fopen(path, "r+b");
    fseek(f, 0, SEEK_END);
    long full = ftell(f);
    CHECK(ftruncate(fileno(f), full / 2) == 0);
    fclose(f);

    const char *paths[] = { path };
    sgf_inputs *in = sgf_inputs_new(paths, 1, NULL, NULL);
    sgf_member *m;
    CHECK_INT(sgf_inputs_next(in, &m), 1);
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_reader_start(r, m);
    sgf_game *g;
    int rc;
    unsigned games = 0, cut = 0;
    while ((rc = sgf_reader_next(r, &g)) == 1) {
        games++;
        cut += has(g, "missing-close-paren", 0, 0) || has(g, "unterminated-value", 0, 0);
    }
    CHECK(rc < 0);                 /* the error is reported ... */
    CHECK(games > 20000 / 3);      /* ... after the games before the cut */
    CHECK(games < 20000);
    CHECK_INT(cut, 1);
    CHECK(sgf_member_error(m) != NULL);
    CHECK_INT(sgf_reader_next(r, &g), 0);
    sgf_reader_free(r);
    sgf_inputs_free(in);
    unlink(path);
    free(s);
}

/* Do sgf_reader_next() and sgf_reader_next_raw() + sgf_game_read() see
 * the same games in s (offsets, numbers, moves, diagnostics)?  *games gets
 * the count of games with a tree. */
static int paths_agree(const char *s, size_t len, unsigned *games)
{
    sgf_member *m1 = sgf_member_from_memory(s, len, "t.sgf");
    sgf_member *m2 = sgf_member_from_memory(s, len, "t.sgf");
    sgf_reader *r1 = sgf_reader_new(NULL), *r2 = sgf_reader_new(NULL);
    sgf_game *w = sgf_game_new(NULL), *g;
    sgf_raw_game raw;
    int agree = 1;
    *games = 0;
    sgf_reader_start(r1, m1);
    sgf_reader_start(r2, m2);
    for (;;) {
        while (sgf_reader_next(r1, &g) == 1 && !sgf_game_root(g))
            g = NULL;
        int b;
        while ((b = sgf_reader_next_raw(r2, &raw)) == 1 &&
               sgf_game_read(w, &raw) == SGF_OK && !sgf_game_root(w))
            ;
        if (!g || b != 1) {
            agree &= !g && b != 1;
            break;
        }
        (*games)++;
        agree &= sgf_game_offset(g) == sgf_game_offset(w) &&
                 sgf_game_index(g) == sgf_game_index(w) &&
                 sgf_game_moves(g) == sgf_game_moves(w) &&
                 sgf_game_diag_count(g) == sgf_game_diag_count(w);
        g = NULL;
    }
    sgf_game_free(w);
    sgf_reader_free(r1);
    sgf_reader_free(r2);
    sgf_member_free(m1);
    sgf_member_free(m2);
    return agree;
}

/* Inputs found by fuzzing (doc/fuzzing.md): each once broke an invariant
 * of the reader. */
static void test_fuzz_found(void)
{
    unsigned games;
    /* An identifier of lowercase letters only is read as its uppercase
     * (l -> L, a point list): frame mode took it for an unknown, text,
     * property, kept the ']' before the non-SGF byte and ended the game
     * elsewhere than the full parse. */
    static const char lower[] = "(;l[]\xfe(;B[aa]))(;W[bb])";
    CHECK(paths_agree(lower, sizeof lower - 1, &games));
    CHECK_INT(games, 2);

    /* A GBK game that asks for dbcs mode (N holds 0x95 0x5D) where a lead
     * byte before a value's ']' (C[...\xfe]) would take the ']' and close
     * the game early: dbcs mode is refused, so the reader does not split
     * the game and a worker reads the same one. */
    static const char dbcs[] = "(;CA[GBK]C[\xd6\xd0\xce\xc4\xfe](;B[aa]);W[bb]"
                               "N[\x95]\xd6\xd0])";
    CHECK(paths_agree(dbcs, sizeof dbcs - 1, &games));
    CHECK_INT(games, 1);
    sgf_game *g = parse(dbcs);
    CHECK_INT(sgf_game_root(g)->nchildren, 2);
    sgf_game_free(g);

    /* A plain move followed by a space and another value: the values are
     * one property, as in the general path ("AB[aa] [bb]"), not a move and a
     * value without an identifier.  The writer breaks long value lists this
     * way, so its output did not read back. */
    g = parse("(;GM[1];B[aa] [bb];W[cc]\n[dd];B[ee])");
    CHECK(!has(g, "value-without-id", 0, 0));
    const sgf_node *n = sgf_game_root(g)->child;
    CHECK_INT(sgf_node_find(n, SGF_P_B)->nvalues, 2);
    CHECK_INT(sgf_node_find(n->child, SGF_P_W)->nvalues, 2);
    CHECK_INT(sgf_game_moves(g), 3);
    sgf_game_free(g);

    /* dbcs mode (a GBK game with a trail byte 0x5C) pairs a lead byte only
     * with a byte that can be a trail (>= 0x40): a lead byte before a
     * newline left the newline in SimpleText, which turns newlines into
     * spaces, so the value changed when the writer's output was read. */
    g = parse("(;CA[GBK]C[\xd6\xd0\xce\xc4\xd6\xd0\xce\xc4\x95\x5c]"
              "PB[\xd6\xd0\xc4\nb])");
    const sgf_prop *pb = sgf_node_find(sgf_game_root(g), SGF_P_PB);
    size_t tl;
    const char *text = pb ? sgf_value_text(g, pb, 0, &tl) : NULL;
    CHECK(text != NULL && strchr(text, '\n') == NULL);
    CHECK(text != NULL && tl > 2 && strcmp(text + tl - 2, " b") == 0);
    sgf_game_free(g);

    /* A member of nothing but white space or byte order marks (UTF-8,
     * UTF-16) said nothing at all, by either path; sgfkit.h promises a game
     * without a tree that carries the report.  After games, trailing white
     * space stays silent. */
    static const char *const blank[] = { "  \n\n", "\xef\xbb\xbf",
                                         "\xff\xfe", "\xef\xbb\xbf \r\n" };
    for (size_t i = 0; i < sizeof blank / sizeof *blank; i++) {
        size_t blen = strlen(blank[i]);
        sgf_member *m = sgf_member_from_memory(blank[i], blen, "b.sgf");
        sgf_reader *r = sgf_reader_new(NULL);
        sgf_game *w = sgf_game_new(NULL);
        sgf_raw_game raw;
        sgf_reader_start(r, m);
        CHECK_INT(sgf_reader_next(r, &g), 1);
        CHECK(sgf_game_root(g) == NULL && has(g, "no-game", 1, 1));
        CHECK_INT(sgf_reader_next(r, &g), 0);
        sgf_member_free(m);
        m = sgf_member_from_memory(blank[i], blen, "b.sgf");
        sgf_reader_start(r, m);
        CHECK_INT(sgf_reader_next_raw(r, &raw), 1);
        CHECK_INT(sgf_game_read(w, &raw), SGF_OK);
        CHECK(has(w, "no-game", 1, 1));
        CHECK_INT(sgf_reader_next_raw(r, &raw), 0);
        sgf_game_free(w);
        sgf_reader_free(r);
        sgf_member_free(m);
    }
    sgf_member *tm = sgf_member_from_memory("(;B[aa])\n\n  ", 12, "t.sgf");
    sgf_reader *tr = sgf_reader_new(NULL);
    sgf_reader_start(tr, tm);
    CHECK_INT(sgf_reader_next(tr, &g), 1);
    CHECK_INT(sgf_reader_next(tr, &g), 0);
    sgf_reader_free(tr);
    sgf_member_free(tm);

    /* Where a chunk ends must not decide where a game starts: a ';' before a
     * property is taken for a game with a missing '(' only when no "(;"
     * follows, so the reader must not settle for it while the rest of the
     * member is unread.  Here the "(;" lies past the first 1 MiB chunk. */
    size_t len, junk = (1u << 20) + 100;
    char *s = malloc(junk + 64);
    CHECK(s != NULL);
    if (!s)
        return;
    len = (size_t)sprintf(s, "  \n;B[aa])");
    memset(s + len, 'x', junk - len);
    len = junk + (size_t)sprintf(s + junk, "(;B[bb];W[cc])");
    sgf_raw_game raw = { .bytes = s, .len = len, .origin = "t.sgf",
                         .index = 1, .line = 1, .column = 1, .at_eof = 1 };
    sgf_game *whole = sgf_game_parse(&raw, NULL);
    sgf_member *m = sgf_member_from_memory(s, len, "t.sgf");
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_reader_start(r, m);
    CHECK_INT(sgf_reader_next(r, &g), 1);
    CHECK_INT(sgf_game_offset(g), junk);
    CHECK_INT(sgf_game_offset(g), sgf_game_offset(whole));
    CHECK_INT(sgf_game_moves(g), 2);
    CHECK(has(g, "junk-before-game", 2, 1));
    CHECK_INT(sgf_reader_next(r, &g), 0);
    sgf_reader_free(r);
    sgf_member_free(m);
    sgf_game_free(whole);
    free(s);
}

/* A game as read: where, its number, what it holds. */
struct seen {
    unsigned index;
    uint64_t offset;
    unsigned moves;
    size_t diags;
    int tree;
};

/* Reads every game of s into out[] (up to max; returns the count), game i
 * through sgf_reader_next() when bit i % 8 of turns is set, else through
 * sgf_reader_next_raw() and sgf_game_read(): the two in turns on one
 * reader, as -j N's reader does (bin/cli/pool.c), across the reader's chunk
 * boundaries and restarts. */
static size_t read_in_turns(const char *s, size_t len, unsigned turns,
                            struct seen *out, size_t max)
{
    sgf_member *m = sgf_member_from_memory(s, len, "t.sgf");
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_game *w = sgf_game_new(NULL), *g;
    sgf_raw_game raw;
    size_t n = 0;
    sgf_reader_start(r, m);
    for (;; n++) {
        if (turns >> (n % 8) & 1) {
            if (sgf_reader_next(r, &g) != 1)
                break;
        } else {
            if (sgf_reader_next_raw(r, &raw) != 1 ||
                sgf_game_read(w, &raw) != SGF_OK)
                break;
            g = w;
        }
        if (n < max)
            out[n] = (struct seen){ sgf_game_index(g), sgf_game_offset(g),
                                    sgf_game_moves(g), sgf_game_diag_count(g),
                                    sgf_game_root(g) != NULL };
    }
    sgf_game_free(w);
    sgf_reader_free(r);
    sgf_member_free(m);
    return n;
}

/* Taking games in turns from sgf_reader_next() and sgf_reader_next_raw()
 * reads the same games, numbered alike, as sgf_reader_next() alone.  Frame
 * mode counted every frame as a game, where sgf_reader_next() counts only
 * games with a tree: after junk without one ("(B)", or a MiB of binary data
 * between games) the workers of -j N numbered games one higher than -j 1. */
static void test_reader_turns(void)
{
    static const char nodeless[] = "(B)\n(;GM[1];B[aa])\n(B)(;W[bb];B[cc])\n"
                                   "(;GM[1]C[x])(A )";
    size_t big = 5u << 19, klen;    /* 2.5 MiB: junk frames of a MiB */
    char *binary = malloc(big + 64);
    char *kgs = repeat("junk\n", "(;GM[1]SZ[19]PB[b]PW[w]\n;B[pd];W[dp]"
                       "C[a \\] ( ) ;]\n(;W[dd];B[cc])(;W[cd]))\n(B)",
                       3000, "(;GM[1];B[aa]", &klen);
    CHECK(binary && kgs);
    if (!binary || !kgs) {
        free(binary);
        free(kgs);
        return;
    }
    size_t blen = (size_t)sprintf(binary, "(;B[aa])");
    memset(binary + blen, 1, big - blen);
    blen = big + (size_t)sprintf(binary + big, "(;B[bb])(;W[cc])");
    /* games 0: more than the trees (the junk's frames: where the reader
     * cuts a MiB of junk is its own business) */
    const struct { const char *s; size_t len; unsigned games, trees; } in[] = {
        { nodeless, sizeof nodeless - 1, 6, 3 },
        { binary, blen, 0, 3 },
        { kgs, klen, 6001, 3001 },
    };
    static const unsigned turns[] = { 0x00, 0x55, 0xAA, 0x6D, 0x92 };
    enum { MAX = 7000 };
    struct seen *ref = malloc(MAX * sizeof *ref);
    struct seen *got = malloc(MAX * sizeof *got);
    CHECK(ref && got);
    for (size_t i = 0; ref && got && i < sizeof in / sizeof *in; i++) {
        size_t n = read_in_turns(in[i].s, in[i].len, 0xFF, ref, MAX);
        size_t trees = 0;
        for (size_t k = 0; k < n; k++)
            trees += (size_t)ref[k].tree;
        if (in[i].games)
            CHECK_INT(n, in[i].games);
        else
            CHECK(n > trees);
        CHECK_INT(trees, in[i].trees);
        /* numbered by trees: the last game with one has the count */
        for (size_t k = n; k-- > 0;)
            if (ref[k].tree) {
                CHECK_INT(ref[k].index, in[i].trees);
                break;
            }
        for (size_t t = 0; t < sizeof turns / sizeof *turns; t++) {
            size_t m = read_in_turns(in[i].s, in[i].len, turns[t], got, MAX);
            size_t differ = 0;
            for (size_t k = 0; k < m && k < n && k < MAX; k++)
                differ += got[k].index != ref[k].index ||
                          got[k].offset != ref[k].offset ||
                          got[k].moves != ref[k].moves ||
                          got[k].diags != ref[k].diags ||
                          got[k].tree != ref[k].tree;
            CHECK_INT(m, n);
            CHECK_INT(differ, 0);
        }
    }
    free(ref);
    free(got);
    free(binary);
    free(kgs);
}

/* ---- hostile shapes must cost time and memory in proportion to size ----
 * Each shape once made the parser quadratic (doc/fuzzing.md).  A test reads
 * n and 4n units and checks that the time grows about 4 times, not 16:
 * a ratio, so that slow machines and sanitizer builds pass too. */

/* head, then unit(i) for i < n, then tail; malloc'd. */
static char *build(const char *head, void (*unit)(char *, size_t), size_t n,
                   const char *tail, size_t *len)
{
    size_t cap = strlen(head) + strlen(tail) + 32 * n + 1;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t k = (size_t)snprintf(s, cap, "%s", head);
    for (size_t i = 0; i < n; i++) {
        unit(s + k, i);
        k += strlen(s + k);
    }
    k += (size_t)snprintf(s + k, cap - k, "%s", tail);
    *len = k;
    return s;
}

/* CPU time, not wall time: the ratio below must not depend on what else
 * the machine is running (make check -j next to fuzzers failed it). */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Seconds to read every game of s[0..len) (best of five); *peak gets the
 * largest arena a game needed (sgf/game.h: the one look inside). */
static double read_time(const char *s, size_t len, size_t *peak)
{
    double best = 1e9;
    *peak = 0;
    for (int run = 0; run < 5; run++) {
        sgf_member *m = sgf_member_from_memory(s, len, "t.sgf");
        sgf_reader *r = sgf_reader_new(NULL);
        sgf_game *g;
        double t0 = now();
        sgf_reader_start(r, m);
        while (sgf_reader_next(r, &g) == 1)
            if (g->a.total > *peak)
                *peak = g->a.total;
        double t = now() - t0;
        best = t < best ? t : best;
        sgf_reader_free(r);
        sgf_member_free(m);
    }
    return best;
}

/* Does reading 4n units take less than 11 times as long as n (linear is 4,
 * quadratic 16; 8 failed at load 28 with cache contention), and, for
 * memory, an arena under 8 times as big?  SGFKIT_TEST_NO_TIMING (set by
 * make check-valgrind) keeps only the arena: memcheck slows memory-heavy
 * code more than the rest, and 4n took 9 times as long there. */
static int linear(const char *what, const char *head,
                  void (*unit)(char *, size_t), size_t n, const char *tail)
{
    size_t l1, l4, a1, a4;
    char *s1 = build(head, unit, n, tail, &l1);
    char *s4 = build(head, unit, 4 * n, tail, &l4);
    if (!s1 || !s4) {
        free(s1);
        free(s4);
        return 0;
    }
    double t1 = read_time(s1, l1, &a1), t4 = read_time(s4, l4, &a4);
    int ok = (getenv("SGFKIT_TEST_NO_TIMING") || t4 < 11 * t1 + 0.01) &&
             a4 < 8 * a1;
    if (!ok)
        fprintf(stderr, "%s: %zu bytes %.4fs %zu arena, %zu bytes %.4fs %zu "
                "arena\n", what, l1, t1, a1, l4, t4, a4);
    free(s1);
    free(s4);
    return ok;
}

static void distinct_unknown(char *o, size_t i)
{
    sprintf(o, "X%c%c%c[1]", (char)('A' + i % 26), (char)('A' + i / 26 % 26),
            (char)('A' + i / 676 % 26));
}

static void joined_across(char *o, size_t i)
{
    (void)i;
    strcpy(o, "C[1]XX[1]");     /* two duplicates, interleaved */
}

static void junk_game(char *o, size_t i)
{
    (void)i;
    strcpy(o, "(x;B[aa])");     /* ';' before a property: no "(;" ahead */
}

static void paren_game(char *o, size_t i)
{
    (void)i;
    strcpy(o, "(x(B[aa])");     /* '(' before a property */
}

static void prop_after_variation(char *o, size_t i)
{
    distinct_unknown(o, i);
    strcat(o, "(;B[aa])");
}

static void sibling_and_empty(char *o, size_t i)
{
    (void)i;
    strcpy(o, "(;B[aa])()");
}

static void test_linear(void)
{
    /* 100,000 properties in a node: duplicates were looked for in a list,
     * and long ids noted once per game in another */
    CHECK(linear("distinct ids", "(;GM[1]", distinct_unknown, 5000, ")"));
    /* values joined to a property across another one moved the array by
     * one slot each time: quadratic time and arena */
    CHECK(linear("joined values", "(;GM[1]", joined_across, 5000, ")"));
    /* games that start without "(;" made every game search to the end of
     * the buffer */
    CHECK(linear("junk games", "", junk_game, 5000, ""));
    CHECK(linear("paren games", "", paren_game, 5000, ""));
    /* each ')' walked the properties of the node it returned to */
    CHECK(linear("props after variations", "(;GM[1]", prop_after_variation,
                 5000, ")"));
    /* an empty variation made the next sibling walk all others */
    CHECK(linear("empty variations", "(;GM[1]", sibling_and_empty, 5000,
                 ")"));
}

/* Frame mode's scan (parser.c) must end games where the full parse does,
 * whatever the 64-byte block a tricky byte falls in: each piece goes inside
 * the first game at every offset of a block, and the second game must
 * still be found where sgf_reader_next finds it. */
static void test_frame_scan_blocks(void)
{
    static const char *const piece[] = {
        "C[a\\]b]", "C[a\\\\]", "C[a\\\\\\]]", "C[x] y]", "C[x]]", "C[x] ]",
        "AB CD[aa]", "B[aa] \n W[bb]", "B[aa]\nC D[x]", "C[(]", "C[)]", "C[[]",
        "C[\xc3\xa9]", "\xc3\xa9", "1", "\x01", "]", "\\", "()", "((;B[aa]))",
        "C[x]\n\n  ;B[aa]", "AB[aa][bb]  [cc]", "N[x](;B[aa])(;W[bb])",
        "C[long text ] that looks (like) [SGF] ; but is not]",
    };
    static const char dots[] = "........................................"
                               "........................................";
    unsigned bad = 0;
    char buf[512];
    for (size_t i = 0; i < sizeof piece / sizeof *piece; i++)
        for (int k = 0; k < 70; k++) {
            int len = snprintf(buf, sizeof buf,
                               "(;GM[1]C[%.*s];%s;B[cc])\n(;W[dd])", k, dots,
                               piece[i]);
            unsigned games;
            if (!paths_agree(buf, (size_t)len, &games) || games != 2) {
                fprintf(stderr, "frame scan: piece %zu at %d: paths differ "
                        "or %u games\n", i, k, games);
                bad++;
            }
        }
    CHECK_INT(bad, 0);
}

/* sgf_game_read_in_place reads a frame where it lies: the same game, the
 * same diagnostics as sgf_game_read's copy, its values pointing into the
 * caller's bytes (and the copy's not). */
static void test_read_in_place(void)
{
    static const char text[] =
        "junk (;GM[1]FF[4]SZ[19]PB[Lee \\\\ \\] x]KM[6.5]\n"
        ";B[pd];W[dp];B[zz]C[off the board])\n"
        "(;GM[1]SZ[9];B[ee];W[ee]\n";
    sgf_member *m = sgf_member_from_memory(text, sizeof text - 1, "p.sgf");
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_game *copy = sgf_game_new(NULL), *here = sgf_game_new(NULL);
    CHECK(m && r && copy && here);
    if (!m || !r || !copy || !here)
        return;
    sgf_reader_start(r, m);
    sgf_raw_game raw;
    unsigned games = 0;
    while (sgf_reader_next_raw(r, &raw) == 1) {
        /* the frame in a buffer of the caller's, as the pool keeps it */
        char *mine = malloc(raw.len + 1);
        CHECK(mine != NULL);
        if (!mine)
            break;
        memcpy(mine, raw.bytes, raw.len);
        sgf_raw_game own = raw;
        own.bytes = mine;
        CHECK_INT(sgf_game_read(copy, &own), SGF_OK);
        CHECK_INT(sgf_game_read_in_place(here, &own), SGF_OK);
        games++;
        CHECK_INT(sgf_game_moves(here), sgf_game_moves(copy));
        CHECK_INT(sgf_game_index(here), sgf_game_index(copy));
        CHECK_INT(sgf_game_diag_count(here), sgf_game_diag_count(copy));
        CHECK(sgf_game_diag_count(here) > 0);
        for (size_t i = 0; i < sgf_game_diag_count(here) &&
                           i < sgf_game_diag_count(copy); i++) {
            const sgf_diag *a = sgf_game_diag(here, i);
            const sgf_diag *b = sgf_game_diag(copy, i);
            CHECK(strcmp(a->id, b->id) == 0);
            CHECK_INT(a->line, b->line);
            CHECK_INT(a->column, b->column);
        }
        const sgf_prop *sz = sgf_node_find(sgf_game_root(here), SGF_P_SZ);
        const sgf_prop *sc = sgf_node_find(sgf_game_root(copy), SGF_P_SZ);
        CHECK(sz && sc);
        if (sz && sc) {
            CHECK(sz->values[0].raw >= mine &&
                  sz->values[0].raw < mine + raw.len);
            CHECK(!(sc->values[0].raw >= mine &&
                    sc->values[0].raw < mine + raw.len));
        }
        const sgf_prop *pb = sgf_node_find(sgf_game_root(here), SGF_P_PB);
        if (games == 1) {
            size_t tl;
            const char *t = pb ? sgf_value_text(here, pb, 0, &tl) : NULL;
            CHECK(t != NULL && strcmp(t, "Lee \\ ] x") == 0);
        }
        free(mine);
    }
    CHECK_INT(games, 2);
    sgf_game_free(copy);
    sgf_game_free(here);
    sgf_reader_free(r);
    sgf_member_free(m);
}

int main(void)
{
    test_tree_shape();
    test_values();
    test_recovery();
    test_binary();
    test_depth();
    test_reader_consistency();
    test_positions();
    test_truncated_member();
    test_fuzz_found();
    test_reader_turns();
    test_linear();
    test_frame_scan_blocks();
    test_read_in_place();
    (void)print_diags;
    TEST_END();
}
