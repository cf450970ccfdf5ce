/*
 * finish.h - the end of a game that its record does not reach
 * (doc/dead-stones.md, "Method", step 6).  Records of
 * professional games stop after the last move that gains something: the
 * dame, the last boundary points and the moves they force inside one's
 * own territory (teire) are missing, yet the recorded result counts them.
 * fin_finish plays them out on a copy of the board, the dead stones left
 * dead, and writes the territory of the finished board.  Never installed.
 */
#ifndef SGFKIT_FINISH_H
#define SGFKIT_FINISH_H

#include "score/playout.h"

/* Bytes fin_finish needs for a position like p. */
size_t fin_bytes(const sgf_position *p);

/* Plays out the neutral points of p, whose board is b and whose dead
 * stones map marks (SGF_MAP_DEAD, map indexed y * width + x), with
 * colour first to move (p->h.to_move, or the other player, whose move
 * lifts p's ko ban), never a stone of one colour on a point whose owner
 * (indexed as map; NULL for none) is the other, and writes the count of the finished board into map:
 * every point without a living stone gets SGF_MAP_MARKED and its owner
 * (none for a stone the finish placed under territory rules, the stone's
 * colour under area rules; none in a seki under territory rules), and a
 * living stone the finish captured becomes SGF_MAP_DEAD; the living
 * strings next to a boundary move worth 3 points or more (endgame, not
 * dame) get SGF_MAP_UNSETTLED.  mem holds
 * fin_bytes(p) bytes.  Returns 1 when it wrote the count, 0 when the
 * position has too many open points to be an ending (map untouched). */
int fin_finish(const sgf_position *p, const pl_board *b, void *mem,
               unsigned char *map, const unsigned char *owner, int first);

/* For a position that ended: marks SGF_MAP_UNSETTLED the living strings
 * around each neutral area too large to be dame (a position counted
 * before its end), as fin_finish does after playing out.  Returns the
 * strings marked. */
int fin_open(const sgf_position *p, const pl_board *b, void *mem,
             unsigned char *map);

#endif /* SGFKIT_FINISH_H */
