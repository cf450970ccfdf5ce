/*
 * scoregame.h - what scoregame.c gives the rest of the library besides
 * sgf_game_score (sgfkit.h).  Never installed.
 */
#ifndef SGFKIT_SCORE_SCOREGAME_H
#define SGFKIT_SCORE_SCOREGAME_H

#include "sgfkit.h"

/* The points of p in regions that touch both colours or none once the
 * dead stones a quick estimate finds are removed, or SGF_E_NOMEM: the
 * second test of replay_record_open, for sgfcheck's result-unsupported
 * (through read.c) and sgfscore's not-comparable alike. */
int score_neutral_points(const sgf_position *p);

#endif /* SGFKIT_SCORE_SCOREGAME_H */
