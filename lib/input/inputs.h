/*
 * inputs.h - what the sgf layer tells the input iterator (inputs.c): a
 * game was read from one of its members, for the progress it reports
 * (sgf_inputs_get_progress).  Never installed.
 */
#ifndef SGFKIT_INPUT_INPUTS_H
#define SGFKIT_INPUT_INPUTS_H

#include "sgfkit.h"

/* One more game read from m: counted in the games_done of the iterator m
 * came from (or stands for: sgf_member_counts_for); nothing for a member
 * of no iterator, or NULL. */
void inputs_count_game(sgf_member *m);

#endif /* SGFKIT_INPUT_INPUTS_H */
