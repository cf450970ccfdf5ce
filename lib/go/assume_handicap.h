/*
 * assume_handicap.h - the handicap stones of HA[N] written without AB
 * (assume_handicap.c).  Never installed.
 */
#ifndef SGFKIT_GO_ASSUME_HANDICAP_H
#define SGFKIT_GO_ASSUME_HANDICAP_H

#include "sgfkit.h"
#include "go/game_go.h"

/* HA[N] (N >= 2), no AB or AW before the first move, and White moves
 * first: places the stones on the fixed points unless a move contradicts
 * them; reports the placement (handicap-placed) or why there is none
 * (bad-handicap), unless SGF_READ_SYNTAX_ONLY. */
void assume_handicap(sgf_game *g, game_go *go);

#endif /* SGFKIT_GO_ASSUME_HANDICAP_H */
