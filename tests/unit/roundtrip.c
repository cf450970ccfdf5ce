/*
 * roundtrip.c - checks that the writer keeps every tree of the records
 * named (treecmp.h says what "keeps" means).
 *
 *   roundtrip [FILE|DIR|ARCHIVE]...
 *
 * Prints "ORIGIN:GAME: round trip differs at node N: ..." for each game that
 * fails and "roundtrip: N games, N differ" at the end; exit 1 when any
 * differs, 2 when an input could not be read.  Without arguments it runs
 * over built-in records and ends with the unit tests' "N passed, N failed".
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "treecmp.h"

typedef struct totals {
    unsigned long games, differ;
    bool read_error;
} totals;

static void check_member(sgf_reader *rd, sgf_member *m, treecmp *tc,
                         totals *t)
{
    sgf_game *g;
    int rc;
    char msg[700];
    sgf_reader_start(rd, m);
    while ((rc = sgf_reader_next(rd, &g)) == 1) {
        t->games++;
        if (!treecmp_game(tc, g, msg, sizeof msg)) {
            t->differ++;
            printf("%s:%u: %s\n", sgf_game_origin(g), sgf_game_index(g), msg);
        }
    }
    if (rc < 0) {
        fprintf(stderr, "roundtrip: %s: %s\n", sgf_member_origin(m),
                sgf_member_error(m) ? sgf_member_error(m) : sgf_strerror(rc));
        t->read_error = true;
    }
}

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)origin;
    fprintf(stderr, "roundtrip: %s\n", message);
    ((totals *)ctx)->read_error = true;
}

/* Records the writer must get right even when no corpus is at hand. */
static const char *const builtin[] = {
    "(;FF[4]GM[1]SZ[19]CA[UTF-8];B[pd];W[dd];B[];W[tt])",
    /* OGS: a '(' before every move */
    "(;GM[1]FF[4](;B[aa](;W[bb](;B[cc](;W[dd])))))",
    "(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd];W[ee]))(;B[ff]))",
    /* escapes in text, compose values and unknown properties */
    "(;C[a \\] b \\\\ c \\: d]LB[aa:x\\:y][bb:\\]\\\\]AP[My\\:App:1\\:2]"
    "XX[a\\]b:c\\:d]ZZ[\\\\])",
    /* soft and hard line breaks, CRLF, tabs */
    "(;C[one\\\r\ntwo\r\nthree\n\rfour\rfive\tsix]N[a\nb]GC[x\\\ny])",
    /* FF[3]: lowercase ids, obsolete properties */
    "(;FF[3]CoPyright[c]GaMe[1]SiZe[19];Black[aa]L[bb][cc]M[dd]"
    ";White[ee])",
    /* whitespace around non-text values */
    "(;SZ[ 19 ];B[ aa ]KM[6.5 ];W[  ])",
    /* Latin-1 text, decoded to UTF-8 */
    "(;CA[ISO-8859-1]PB[Jos\xe9]C[caf\xe9 \\] x])",
    /* a collection */
    "(;GM[1];B[aa])(;GM[1];W[bb](;B[cc])(;B[dd]))",
    /* unescaped ']' kept by the parser, duplicate properties joined */
    "(;C[a]b];C[x]C[y];B[aa])",
    NULL
};

static bool self_test(sgf_reader *rd, treecmp *tc, totals *t)
{
    for (size_t i = 0; builtin[i]; i++) {
        char origin[32];
        sgf_member *m;
        snprintf(origin, sizeof origin, "builtin-%zu", i + 1);
        m = sgf_member_from_memory(builtin[i], strlen(builtin[i]), origin);
        if (!m)
            return false;
        check_member(rd, m, tc, t);
        sgf_member_free(m);
    }
    return true;
}

static bool check_paths(char **paths, size_t n, sgf_reader *rd, treecmp *tc,
                        totals *t)
{
    sgf_inputs *in = sgf_inputs_new((const char *const *)paths, n,
                                    on_input_error, t);
    sgf_member *m;
    if (!in)
        return false;
    while (sgf_inputs_next(in, &m))
        check_member(rd, m, tc, t);
    sgf_inputs_free(in);
    return true;
}

int main(int argc, char **argv)
{
    sgf_read_options opt = { 0 };
    sgf_reader *rd = sgf_reader_new(&opt);
    treecmp *tc = treecmp_new(&opt);
    totals t = { 0 };
    bool ok;

    if (!rd || !tc) {
        fprintf(stderr, "roundtrip: out of memory\n");
        return 2;
    }
    ok = argc <= 1 ? self_test(rd, tc, &t)
                   : check_paths(argv + 1, (size_t)(argc - 1), rd, tc, &t);
    if (!ok)
        fprintf(stderr, "roundtrip: out of memory\n");
    printf("roundtrip: %lu games, %lu differ\n", t.games, t.differ);
    if (argc <= 1)
        printf("%lu passed, %lu failed\n", t.games - t.differ, t.differ);
    sgf_reader_free(rd);
    treecmp_free(tc);
    if (!ok || t.read_error)
        return 2;
    return t.differ ? 1 : 0;
}
