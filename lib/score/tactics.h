/*
 * tactics.h - a small capture search for the dead-stone estimator
 * (doc/dead-stones.md, step 3b): can a string be captured even when its owner
 * moves first?  In a finished game the owner already had that move, so
 * such a string is dead whatever light playouts say.  Depth and nodes are
 * bounded; "don't know" counts as "not captured".  Never installed.
 */
#ifndef SGFKIT_TACTICS_H
#define SGFKIT_TACTICS_H

#include "score/playout.h"

enum {
    TAC_DEPTH = 14       /* plies; the boards of the search are preallocated */
};

typedef struct tac {
    pl_board stack[TAC_DEPTH + 1];
    long nodes, budget;
    int approach;        /* race.c's attacker may approach a liberty */
} tac;

/* Bytes the boards of a search on p need (tac_init). */
size_t tac_bytes(const sgf_position *p);
/* Lays the search's boards over mem (tac_bytes(p) bytes). */
void tac_init(tac *t, const sgf_position *p, void *mem);

/* Puts b on the search's first board, with budget nodes to spend: the
 * start of every search over t (this one, race.c's). */
void tac_start(tac *t, const pl_board *b, long budget);

/* 1 when the defender c may try m: legal, not the ko, and not a
 * self-atari without a capture. */
int tac_defence(const pl_board *b, int m, int c);

/* Appends pt to the n moves of a search's move list, unless it is there
 * or the list holds max already: both searches (this one, race.c's) order
 * their moves by kind and try each point once. */
static inline void tac_add_move(int *moves, int *n, int max, int pt)
{
    for (int i = 0; i < *n; i++)
        if (moves[i] == pt)
            return;
    if (*n < max)
        moves[(*n)++] = pt;
}

/* 1 when the string of the stone on pt in b can be captured although its
 * owner moves first (within TAC_DEPTH plies and budget nodes), else 0. */
int tac_captured(tac *t, const pl_board *b, int pt, long budget);

#endif /* SGFKIT_TACTICS_H */
