/*
 * assume_clues.h - what the inferences (assume_rules.c, assume_komi.c,
 * assume_handicap.c) read of a record beyond sgf_info, and how they quote
 * it (assume_clues.c).  Never installed.
 */
#ifndef SGFKIT_GO_ASSUME_CLUES_H
#define SGFKIT_GO_ASSUME_CLUES_H

#include "sgfkit.h"
#include "sgf/game.h"

/* The entries of a table (an array, not a pointer). */
#define COUNT(t) (sizeof (t) / sizeof (t)[0])

/* The game-info node's property of this kind, NULL when none. */
const sgf_prop *clue_info_prop(const sgf_game *g, int kind);
/* p's first value as text, NULL when p is NULL or has none. */
const char *clue_prop_text(sgf_game *g, const sgf_prop *p);
/* Colour of the first move of the main line, 0 when there is none. */
int clue_first_mover(const sgf_game *g);
/* Black stones set up before the first move of the main line; 0 when a
 * white stone is set up there too. */
int clue_black_setup(const sgf_game *g);
/* Those stones when White moves first: a handicap, whatever HA says (a
 * problem gives Black the move).  0 for none. */
int clue_handicap_setup(const sgf_game *g);
/* Handicap written as moves: HA[N] (N >= 2), no setup stones, and the
 * game opens with N Black moves in a row.  N, or 0 for none. */
int clue_handicap_moves(const sgf_game *g);
/* "PROP[value]" in g's arena (a long value cut, as the notes quote it),
 * for a report of what an inference rests on; NULL when out of memory. */
const char *clue_evidence(sgf_game *g, const char *prop, const char *value);
/* "PROP[value] and PROP2[value2]", the same way. */
const char *clue_evidence_pair(sgf_game *g, const char *prop,
                               const char *value, const char *prop2,
                               const char *value2);

#endif /* SGFKIT_GO_ASSUME_CLUES_H */
