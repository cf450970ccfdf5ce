/*
 * test_parser.c - the lexer, the parser and its recovery, through the
 * public interface: sgf_game_parse on strings, and sgf_reader over members
 * that force the chunk/restart protocol.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "sgfkit.h"
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
    (void)print_diags;
    TEST_END();
}
