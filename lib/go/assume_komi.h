/*
 * assume_komi.h - the komi of a record that does not state it
 * (assume_komi.c).  Never installed.
 */
#ifndef SGFKIT_GO_ASSUME_KOMI_H
#define SGFKIT_GO_ASSUME_KOMI_H

#include "sgfkit.h"
#include "go/game_go.h"

/* Sets the komi assumed, its source and evidence (after assume_rules and
 * assume_handicap); the why of the note in go->komi_why. */
void assume_komi(sgf_game *g, game_go *go);

#endif /* SGFKIT_GO_ASSUME_KOMI_H */
