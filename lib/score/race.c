/*
 * race.c - the replay of a capturing race after a capture that cannot be
 * refused (race.h).
 */
#include "score/race.h"

void race_replay(const pl_board *b, pl_board *work, const pat3_table *pat,
                 int m, int c, unsigned n, uint64_t *rng,
                 uint16_t *own_b, uint16_t *own_w, uint16_t *neutral)
{
    for (unsigned k = 0; k < n; k++) {
        pl_copy(work, b);
        pl_play(work, m, c);
        pl_playout(work, pat, 3 - c, rng, own_b, own_w, neutral);
    }
}
