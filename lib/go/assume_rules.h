/*
 * assume_rules.h - the rules a record without RU[] was played by, from
 * the clues it holds (assume_rules.c).  Never installed.
 */
#ifndef SGFKIT_GO_ASSUME_RULES_H
#define SGFKIT_GO_ASSUME_RULES_H

#include <stdbool.h>
#include "sgfkit.h"
#include "go/game_go.h"

/* Sets g->info's rules_source, rules_assumed and rules_evidence, and
 * go's rules_why and rules_pos. */
void assume_rules(sgf_game *g, game_go *go);
/* Four stones on the 4-4 points (座子) and White first. */
bool game_ancient_opening(const sgf_game *g);
/* Whether PC or AP names a Go server. */
bool rules_server_named(const sgf_game *g);
/* Whether RU[] names a Japanese match form (uchikomi-go) rather than a
 * rule set. */
bool rules_uchikomi_match(const sgf_game *g);

#endif /* SGFKIT_GO_ASSUME_RULES_H */
