/*
 * assume.h - what a record does not state, inferred from what it says
 * (assume.c): the rules, the komi and the handicap stones of HA without
 * AB, written into the last fields of sgf_info and the game's go-layer
 * attachment (game_go.h).  Never installed.
 */
#ifndef SGFKIT_GO_ASSUME_H
#define SGFKIT_GO_ASSUME_H

#include "sgfkit.h"

/* Fills the last fields of g->info (rules_source ... handicap_points) and
 * g's attachment; reports the handicap stones placed, or why none were
 * (unless SGF_READ_SYNTAX_ONLY).  Every game read goes through it. */
void assume_game(sgf_game *g);

#endif /* SGFKIT_GO_ASSUME_H */
