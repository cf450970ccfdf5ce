/*
 * race.h - capturing races the light playouts lose for the dead-stone
 * estimator (doc/dead-stones.md, step 3e): a large group the playouts kill
 * next to an enemy string in atari that cannot escape.  Its owner may take
 * that string whenever it likes; the playouts, which fill liberties at
 * random, seldom take it first and call the group dead.  The race is
 * replayed from the board after the capture.  Never installed.
 */
#ifndef SGFKIT_RACE_H
#define SGFKIT_RACE_H

#include "score/playout.h"

/* The playouts of a replay: n from b after c plays on m (the liberty of
 * the string it takes), the opponent moving next, on the scratch board
 * work (pl_bytes).  Adds to own_b, own_w and neutral as pl_playout does;
 * *rng is the generator's state. */
void race_replay(const pl_board *b, pl_board *work, const pat3_table *pat,
                 int m, int c, unsigned n, uint64_t *rng,
                 uint16_t *own_b, uint16_t *own_w, uint16_t *neutral);

#endif /* SGFKIT_RACE_H */
