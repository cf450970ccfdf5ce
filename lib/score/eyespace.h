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
 * or liberties shared with opponent strings whose liberties are all such
 * points, where the opponent's stone would be a suicide or a self-atari
 * whose capture leaves the string a living space (a seki: who fills first
 * loses).  Or when one is, and the others all touch one opponent string
 * that keeps one liberty of its own once they are filled (a seki of one
 * eye each).  The opponent strings may touch no other stone of the
 * string's colour but those alive marks (per point, NULL for none): they
 * could take it and gain liberties. */
int es_uncapturable(const pl_board *b, int pt, const unsigned char *alive);

/* Is the string on pt in a seki of three strings with two liberties each?
 * Its liberties each touch one opponent string and nothing else but the
 * edge; those two strings, which may touch no other stone of the
 * string's colour but those alive marks, share their other liberty, a
 * point touching nothing but them.  Filling the string's liberty is a
 * self-atari the string's side takes on the shared point; that point
 * would be its suicide; the opponent's stone there joins both partners
 * into a seki of two shared liberties.  The partners' heads go to
 * partners. */
int es_three_string_seki(const pl_board *b, int pt, const unsigned char *alive,
                         int partners[2]);

#endif
