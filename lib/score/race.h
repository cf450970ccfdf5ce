/*
 * race.h - capturing races the light playouts lose for the dead-stone
 * estimator (doc/dead-stones.md, step 3e): a large group the playouts kill
 * next to an enemy string in atari that cannot escape.  Its owner may take
 * that string whenever it likes; the playouts, which fill liberties at
 * random, seldom take it first and call the group dead.  The race is
 * replayed from the board after the capture.  And a large group that
 * holds an enemy string inside it, short of liberties and lost, lives by
 * taking it (race_takes_inside).  Step 3f reads a race of two strings
 * (race_captures) where the playouts call it by random filling.  Never
 * installed.
 */
#ifndef SGFKIT_RACE_H
#define SGFKIT_RACE_H

#include "score/playout.h"
#include "score/tactics.h"

/* The playouts of a replay: n from b after c plays on m (the liberty of
 * the string it takes), the opponent moving next, on the scratch board
 * work (pl_bytes).  Adds to own_b, own_w and neutral as pl_playout does;
 * *rng is the generator's state. */
void race_replay(const pl_board *b, pl_board *work, const pat3_table *pat,
                 int m, int c, unsigned n, uint64_t *rng,
                 uint16_t *own_b, uint16_t *own_w, uint16_t *neutral);

enum {
    RACE_INSIDE_STONES = 2,   /* an enemy string inside: stones, at least */
    RACE_JOINED = 16,         /* enemy strings joined through liberties */
    RACE_LIBS_MAX = 32        /* liberties counted, at most */
};

/* Does the large dead string on pt in b live by taking an enemy group
 * inside it?  The enemy strings joined to one next to it through their
 * liberties (RACE_JOINED strings at most): at least RACE_INSIDE_STONES
 * stones (a single stone is a throw-in), none pass-alive in map
 * (SGF_MAP_* per y * width + x), no eye, at least two liberties (in
 * atari they are step 3e's), every one of them a liberty of the string,
 * which has as many of its own; and their owner cannot save the one
 * next to it moving first (tac_captured, budget nodes, t laid over tmem
 * of tac_bytes here).  They must fill the string's own liberties before
 * the shared ones, the string only theirs: it takes them even moving
 * second, and keeps the eye. */
int race_takes_inside(const pl_board *b, const sgf_position *p,
                      const unsigned char *map, tac *t, void *tmem, int pt,
                      long budget);

/* Step 3f, the race search: does the colour of the string on x capture
 * the string on y (next to it, short of liberties) although y's owner
 * moves first?  An AND/OR search on t's boards (tac_init'ed) over the
 * moves of a race: the attacker fills y's liberties, takes a defender
 * string in atari next to x or extends x; the defender fills x's
 * liberties, takes an attacker string in atari next to y, extends y or
 * passes (seki); x's liberties are filled or extended only while x has
 * at most one more than y.  x captured, y with RACE_OUT_LIBS liberties,
 * TAC_DEPTH plies or budget nodes: not proved (0). */
int race_captures(tac *t, const pl_board *b, int x, int y, long budget);

enum {
    RACE_OUT_LIBS = 6,        /* a string this free is out of the race */
    RACE_SEARCH_STONES = 3,   /* a neighbour raced against: stones, at least */
    RACE_SEARCH_LIBS = 4      /* ... and liberties, at most */
};

/* The head of a string of the other colour next to the string on pt
 * that loses its race against it (race_captures, budget nodes, t laid
 * over tmem here): at least RACE_SEARCH_STONES stones, at most
 * RACE_SEARCH_LIBS liberties, not pass-alive in map (dead or not: step 4
 * would keep the surer of two dead strings); else 0.  With approach, the
 * attacker may also play next to a liberty it cannot fill without a
 * self-atari, joined to pt's string and without losing it a liberty (step
 * 3g: the defender has no answer to that move in the search, so only for
 * strings the playouts keep alive). */
int race_lost_neighbour(const pl_board *b, const sgf_position *p,
                        const unsigned char *map, tac *t, void *tmem, int pt,
                        long budget, int approach);

/* The playouts after the colour c takes the string on y (every liberty of
 * it filled), y's owner moving next: n of them from b on work, adding to
 * own_b, own_w and neutral as race_replay.  Returns 0 (and plays none)
 * when a filling move is illegal. */
int race_replay_taken(const pl_board *b, pl_board *work, const pat3_table *pat,
                      int y, int c, unsigned n, uint64_t *rng,
                      uint16_t *own_b, uint16_t *own_w, uint16_t *neutral);

#endif /* SGFKIT_RACE_H */
