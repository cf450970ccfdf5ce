/*
 * eyespace.h - a string that lives on its own, proved without a search
 * (doc/dead-stones.md, step 3): light playouts fill the big eye of a
 * group shut in by the enemy as often as not, and break the sekis of
 * large groups, which no search within budget reads.  Never installed.
 */
#ifndef SGFKIT_EYESPACE_H
#define SGFKIT_EYESPACE_H

#include "score/playout.h"

/* Does the string on pt enclose, alone, an eye space that makes two eyes
 * whoever moves first: empty points touching no stone but the string's,
 * of a shape with no single vital point? */
int es_two_eyes(const pl_board *b, int pt);

/* Can the string on pt never be taken, whoever moves?  When two of its
 * liberties are points the opponent cannot fill: true eyes of the string,
 * or liberties shared with opponent strings that touch no other stone of
 * its colour and whose liberties are all such points, where the
 * opponent's stone would be a suicide or a self-atari whose capture
 * leaves the string a living space (a seki: who fills first loses). */
int es_uncapturable(const pl_board *b, int pt);

#endif
