/*
 * assume.c - what a record does not state, inferred from what it does:
 * the rules (from RE, EV, GN, PC, AP and KM), the komi (from RU, the
 * handicap, the result's margin and the date) and the handicap stones of
 * HA[N] written without AB.  Runs after gameinfo.c has read the game
 * information and fills the last fields of sgf_info; the replay and the
 * scorer read them.  doc/gameinfo.md, "What the record leaves unsaid",
 * gives every clue and why it means what it is taken to mean.
 *
 * Every clue is a piece of text the record holds; the messages and the
 * *_evidence fields quote it, so a reader can judge the inference.  Each
 * inference is a file of its own (assume_rules.c, assume_handicap.c,
 * assume_komi.c, in the order they run), over what they read of the
 * record (assume_clues.c).
 */
#include <string.h>

#include "sgf/game.h"
#include "go/assume_handicap.h"
#include "go/assume_komi.h"
#include "go/assume_rules.h"
#include "go/game_go.h"
#include "go/assume.h"

const char *sgf_source_name(sgf_source s)
{
    switch (s) {
    case SGF_SOURCE_RECORD: return "record";
    case SGF_SOURCE_INFERRED: return "inferred";
    case SGF_SOURCE_DEFAULT: return "default";
    case SGF_SOURCE_GIVEN: break;
    }
    return "given";
}

/* ------------------------------------------------------------------ */

void assume_game(sgf_game *g)
{
    game_go *go = g->root ? game_go_of(g) : g->attached;
    if (go) {
        go->rules_why = go->komi_why = NULL;
        go->rules_pos = 0;
        go->rules_from_names = false;
        go->placed_n = 0;
        memset(&go->summary, 0, sizeof go->summary);
    }
    if (!g->root)
        return;
    if (!go) {
        g->nomem = true;
        return;
    }
    assume_rules(g, go);
    assume_handicap(g, go);
    assume_komi(g, go);
}
