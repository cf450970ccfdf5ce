/*
 * eyespace.h - a string that makes two eyes on its own (doc/dead-stones.md,
 * step 3): light playouts fill the big eye of a group shut in by the enemy
 * as often as not, and no search within budget reads a space that large.
 * Never installed.
 */
#ifndef SGFKIT_EYESPACE_H
#define SGFKIT_EYESPACE_H

#include "score/playout.h"

/* Does the string on pt enclose, alone, an eye space that makes two eyes
 * whoever moves first: empty points touching no stone but the string's,
 * of a shape with no single vital point? */
int es_two_eyes(const pl_board *b, int pt);

#endif
