/*
 * replay.h - a game replayed under its rules, and the legality checks
 * (replay.c).  Never installed.
 */
#ifndef SGFKIT_GO_REPLAY_H
#define SGFKIT_GO_REPLAY_H

#include "sgfkit.h"

/* The position g's replays use, made at the first call and kept with g
 * from game to game (its attachment, freed with it); NULL when out of
 * memory. */
sgf_position *replay_position(sgf_game *g);
/* The moves replayed and checked under the game's rules
 * (SGF_READ_LEGALITY). */
void replay_check(sgf_game *g);

#endif /* SGFKIT_GO_REPLAY_H */
