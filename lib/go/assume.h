/*
 * assume.h - what a record does not state, inferred from what it says
 * (assume.c): the rules, the komi and the handicap stones of HA without
 * AB, written into the last fields of sgf_info; and what the go layer
 * keeps with a game object.  Never installed.
 */
#ifndef SGFKIT_GO_ASSUME_H
#define SGFKIT_GO_ASSUME_H

#include <stdbool.h>
#include <stdint.h>
#include "sgfkit.h"

/* What the go layer attaches to a game object (sgf/game.h) and keeps from
 * game to game: the position its replays use, what assume.c inferred
 * beyond sgf_info, and the summary of the last replay of the main line. */
typedef struct game_go {
    sgf_position *pos;
    /* why the rules and the komi were inferred, for the notes, and where
     * the rules' clue stands */
    const char *rules_why, *komi_why;
    /* what the komi was inferred from when KM[0] was set aside (its
     * komi_evidence without the words on KM[0]) */
    const char *komi_clue;
    uint32_t rules_pos;
    /* the handicap stones placed for HA without AB */
    int placed_n;
    uint8_t placed_x[9], placed_y[9];
    sgf_replay_summary summary;
} game_go;

/* g's go-layer attachment, made at the first call with its position;
 * NULL when out of memory. */
game_go *game_go_of(sgf_game *g);
/* The attachment when there is one, else NULL. */
const game_go *game_go_get(const sgf_game *g);

/* Fills the last fields of g->info (rules_source ... handicap_points) and
 * g's attachment; reports the handicap stones placed, or why none were
 * (unless SGF_READ_SYNTAX_ONLY).  Every game read goes through it. */
void assume_game(sgf_game *g);
/* "PROP[value]" in g's arena (a long value cut, as the notes quote it),
 * for a report of what an inference rests on; NULL when out of memory. */
const char *assume_evidence(sgf_game *g, const char *prop, const char *value);
/* Four stones on the 4-4 points (座子) and White first. */
bool game_ancient_opening(const sgf_game *g);

#endif /* SGFKIT_GO_ASSUME_H */
