/*
 * estimate.h - the estimate of sgf_position_estimate_dead kept for a
 * second finish: a record that stops before its end is counted with the
 * other player first too when its count disagrees with RE[] (scoregame.c,
 * doc/dead-stones.md), and the estimate before the finish is the same
 * both ways, so only the finish is played again.  Never installed.
 */
#ifndef SGFKIT_ESTIMATE_H
#define SGFKIT_ESTIMATE_H

#include "sgfkit.h"

typedef struct est_kept est_kept;

/* Does o name the player who moves first in the finish (SGF_BLACK or
 * SGF_WHITE)?  Otherwise the record's player to move does, and a count
 * that disagrees with RE[] is finished again with the other first. */
static inline int est_first_named(const sgf_estimate_options *o)
{
    return o && (o->finish_first == SGF_BLACK || o->finish_first == SGF_WHITE);
}

/* sgf_position_estimate_dead, and, when kept is not NULL and p's record
 * stops before its end, *kept: what a second finish needs (NULL
 * otherwise; est_kept_free frees it). */
int est_estimate_dead(const sgf_position *p, const sgf_estimate_options *o,
                      unsigned char *map, est_kept **kept);

/* The dead stones of p as the record leaves it: sgf_position_estimate_dead
 * without the finish, whose playing out of the dame any board survives,
 * so that what the record itself decides can be asked (scoregame.c's test
 * of a record too open to hold a count). */
int est_dead_as_left(const sgf_position *p, const sgf_estimate_options *o,
                     unsigned char *map);

/* Writes into map the dead stones and the count of the finished board
 * with the other player first (SGF_MAP_MARKED points, as fin_finish
 * writes them; no unsettled marks). */
void est_finish_other(est_kept *k, unsigned char *map);

void est_kept_free(est_kept *k);

#endif /* SGFKIT_ESTIMATE_H */
