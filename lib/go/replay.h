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
/* The points of p that a count leaves to neither side once the dead
 * stones are removed, or < 0 on an error: the count is score/'s, above
 * this layer, so it is handed in. */
typedef int (*replay_neutral_fn)(const sgf_position *p);
/* The moves replayed and checked under the game's rules
 * (SGF_READ_LEGALITY); neutral decides whether a record that stops before
 * its end holds a count (result-unsupported). */
void replay_check(sgf_game *g, replay_neutral_fn neutral);
/* Does p, where a record stops before its end, hold no count?  It does
 * not when more than half of its points lie in regions that touch both
 * colours or none, on the board as it stands and again once neutral has
 * removed the dead stones (asked only when the board alone is so open,
 * since a dead stone inside a territory makes it touch both colours, and
 * stones cover a quarter of it at least).  *open gets the points counted
 * last.  Returns 1, 0, or neutral's error.  sgfcheck's result-unsupported
 * and sgfscore's not-comparable. */
int replay_record_open(const sgf_position *p, replay_neutral_fn neutral,
                       int *open);
/* Is p so bare that replay_record_open answers 1 without asking neutral:
 * more than half of it open, stones on less than a quarter of it? */
int replay_record_bare(const sgf_position *p);
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
