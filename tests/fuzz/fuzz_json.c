/*
 * fuzz_json.c - libFuzzer target for JSON trees read back to SGF (see
 * doc/fuzzing.md).
 *
 * 1. sgf_json_to_sgf on the raw bytes (one object, an array, JSON Lines,
 *    anything): it returns a number of games or an error with a message;
 *    when it succeeds, what it wrote reads back as exactly that many games,
 *    without a syntax error (values escaped, parens balanced).  Then
 *    again with a writer that fails part way (SGF_E_IO must come back,
 *    nothing written after it) and with a small error buffer.
 * 2. The same bytes read as SGF: every game with a tree goes SGF -> JSON
 *    -> SGF (sgf_json_write_game, doc/json.md); the JSON is one line, and
 *    the SGF read back, written canonically, is the canonical SGF of the
 *    game byte for byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_NAME "fuzz_json"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- 1: JSON in ---- */

/* What sgf_json_to_sgf writes is whole SGF: brackets, parens and
 * identifiers in their places, whatever the strings held. */
static void syntax_clean(sgf_game *g, void *ctx)
{
    static const char *const broken[] = {
        "no-game", "junk-before-game", "trailing-junk", "missing-open-paren",
        "missing-semicolon", "missing-close-paren", "extra-close-paren",
        "unterminated-value", "empty-variation", "value-without-id",
        "id-without-value", "illegal-char", "unescaped-bracket",
        "lowercase-id", "node-after-variation"
    };
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        for (size_t k = 0; k < sizeof broken / sizeof *broken; k++)
            if (strcmp(d->id, broken[k]) == 0) {
                show("sgf_json_to_sgf wrote", ctx);
                FAIL("sgf_json_to_sgf's output has %s at %lu:%lu: %s",
                     d->id, d->line, d->column, d->message);
            }
    }
}

static void ignore(sgf_game *g, void *ctx)
{
    (void)g;
    (void)ctx;
}

static void json_in(const uint8_t *data, size_t size)
{
    buf out = { 0 };
    char err[256];
    memset(err, 'x', sizeof err);
    int rc = sgf_json_to_sgf((const char *)data, size, buf_write, &out, err,
                            sizeof err);
    if (rc < 0) {
        if (rc != SGF_E_FORMAT)
            FAIL("sgf_json_to_sgf: %d", rc);
        if (!memchr(err, '\0', sizeof err) || !err[0])
            FAIL("SGF_E_FORMAT without a message");
    }
    /* on an error the tree being read was written in part: only a whole
     * read promises whole SGF */
    size_t games = out.len ? each_game(out.p, out.len,
                                       rc >= 0 ? syntax_clean : ignore, &out)
                           : 0;
    if (rc >= 0 && games != (size_t)rc)
        FAIL("sgf_json_to_sgf said %d games, wrote %zu", rc, games);

    /* a writer that fails part way: its value comes back */
    if (out.len > 0) {
        limited l = { (size ? data[size - 1] : 0) % out.len, 0 };
        int rc2 = sgf_json_to_sgf((const char *)data, size, limited_write, &l,
                                 NULL, 0);
        /* the write's error, unless the input was broken before the
         * output was flushed (then both are true; the input's is told) */
        if (l.failed && rc2 != SGF_E_IO &&
            !(rc == SGF_E_FORMAT && rc2 == SGF_E_FORMAT))
            FAIL("a failing write gave %d", rc2);
        if (!l.failed && rc2 != rc)
            FAIL("the second read gave %d, the first %d", rc2, rc);
    }
    /* a small error buffer is filled, terminated, never overrun */
    check_small_error(sgf_json_to_sgf, data, size, rc);
    free(out.p);
}

/* ---- 2: SGF -> JSON -> SGF ---- */

static void round_trip(sgf_game *g, void *ctx)
{
    (void)ctx;
    buf canon = { 0 }, js = { 0 }, back = { 0 };
    char err[256];
    if (sgf_write_game(g, buf_write, &canon) != 0)
        FAIL("sgf_write_game failed");
    int rc = sgf_json_write_game(g, buf_write, &js);
    if (rc != 0)
        FAIL("sgf_json_write_game: %s", sgf_strerror(rc));
    if (js.len == 0 || js.p[js.len - 1] != '\n' ||
        memchr(js.p, '\n', js.len) != js.p + js.len - 1) {
        show("JSON", &js);
        FAIL("the JSON of a game is not one line");
    }
    rc = sgf_json_to_sgf(js.p, js.len, buf_write, &back, err, sizeof err);
    if (rc != 1) {
        show("JSON", &js);
        FAIL("reading the JSON back gave %d: %s", rc,
             rc == SGF_E_FORMAT ? err : "");
    }
    sgf_game *b = parse_back(back.p, back.len);
    buf again = { 0 };
    if (sgf_write_game(b, buf_write, &again) != 0)
        FAIL("sgf_write_game failed");
    if (again.len != canon.len || memcmp(again.p, canon.p, canon.len)) {
        show("canonical", &canon);
        show("JSON", &js);
        show("read back", &back);
        FAIL("SGF -> JSON -> SGF is not the canonical SGF");
    }
    sgf_game_free(b);
    free(again.p);
    free(canon.p);
    free(js.p);
    free(back.p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_in(data, size);
    each_game((const char *)data, size, round_trip, NULL);
    return 0;
}
