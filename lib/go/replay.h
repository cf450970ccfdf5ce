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
/* The rules and komi g is checked or scored under (given and override as
 * sgf_game_rules takes them; komi, when not NULL, replaces the komi:
 * --komi) and where each comes from: the caller, the record, or what
 * assume.c inferred (the clue kept) or took by default. */
typedef struct game_terms {
    sgf_rules rules;              /* komi included */
    sgf_source rules_source, komi_source;
    const char *rules_evidence;   /* SGF_SOURCE_INFERRED: "RE[Void]" */
    const char *komi_evidence;    /* SGF_SOURCE_INFERRED: "DT[1933]" */
} game_terms;
void replay_terms(sgf_game *g, const sgf_rules *given, int override,
                  const double *komi, game_terms *t);

/* Where the rules or the komi come from, as every report says it:
 * "record", "given", "default", or "inferred from RE[Void]" (the clue
 * assume.c found; doc/gameinfo.md, "What the record leaves unsaid"). */
typedef struct source_text { char s[160]; } source_text;
const char *source_words(source_text *t, sgf_source src, const char *evidence);

#endif /* SGFKIT_GO_REPLAY_H */
