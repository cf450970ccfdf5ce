/*
 * read.c - the steps every game read goes through, composed in one place:
 * the parse (sgf/parser.c; a member's games framed by sgf/reader.c), the
 * charset of its text (sgf/charset.c, which may ask for a second parse),
 * the game info (sgf/gameinfo.c), what it does not state (go/assume.c),
 * the property checks (sgf/validate.c) and the replay under the game's
 * rules (go/replay.c, which asks score/ whether a record that stops early
 * holds a count), as the read options ask.  The public entry points that
 * read games are here.
 */
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/gameinfo.h"
#include "sgf/parser.h"
#include "sgf/reader.h"
#include "sgf/validate.h"
#include "go/assume.h"
#include "go/replay.h"
#include "score/scoregame.h"

/* The steps after a successful parse of the game in raw (raw->len is where
 * that parse ended it: the next game starts there whatever happens here).
 * Returns a parse status. */
static parse_status finish_game(sgf_game *g, const sgf_raw_game *raw)
{
    if (g->root) {
        if (reader_charset(g, raw) == PARSE_NOMEM)
            return PARSE_NOMEM;
        gameinfo_read(g);
        assume_game(g);
        if (!(g->opt.flags & SGF_READ_SYNTAX_ONLY)) {
            validate_game(g);
            if (g->opt.flags & SGF_READ_LEGALITY)
                replay_check(g, score_neutral_points);
        }
    }
    game_finish_diags(g);
    return g->nomem ? PARSE_NOMEM : PARSE_DONE;
}

int sgf_reader_next(sgf_reader *r, sgf_game **out)
{
    for (;;) {
        sgf_raw_game raw;
        int rc = reader_parse(r, &raw, out);
        if (rc != READER_PARSED)
            return rc;
        if (finish_game(*out, &raw) == PARSE_NOMEM)
            return SGF_E_NOMEM;
        if (reader_done(r, &raw))
            return 1;
    }
}

int sgf_game_read(sgf_game *g, const sgf_raw_game *raw)
{
    return reader_read(g, raw, true, finish_game);
}

int sgf_game_read_in_place(sgf_game *g, const sgf_raw_game *raw)
{
    return reader_read(g, raw, false, finish_game);
}

sgf_game *sgf_game_parse(const sgf_raw_game *raw, const sgf_read_options *opt)
{
    return reader_parse_new(raw, opt, finish_game);
}
