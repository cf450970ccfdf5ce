/*
 * playout.h - the light random playouts of the dead-stone estimator
 * (estimate.c, doc/dead-stones.md): a board of its own, made to be copied and
 * played fast, with real liberty tests (atari, self-atari), and a policy
 * that never fills its own true eyes, answers atari next to the last move,
 * takes the vital point of a small eye space next to it, plays MoGo's
 * 3x3 shapes around it (pat3.h), and puts strings of several stones into
 * atari only as a nakade (a sacrifice that leaves a dead eye shape).
 * Never installed.
 *
 * Points are numbered as in board.h (stride = width + 1, one border), so
 * a point of an sgf_position is the same point here.
 */
#ifndef SGFKIT_PLAYOUT_H
#define SGFKIT_PLAYOUT_H

#include <stdint.h>
#include "go/board.h"
#include "go/position.h"
#include "score/pat3.h"

/* One cell.  Stones carry their string's head; the head carries the
 * string's size and its pseudo-liberties ((stone, empty neighbour) pairs)
 * as a count, a sum and a sum of squares of the points: the string is in
 * atari exactly when all its pseudo-liberties are one point, that is when
 * n * sum(p^2) == sum(p)^2 (Cauchy-Schwarz). */
typedef struct pl_cell {
    uint64_t lsq;
    uint32_t lsum;
    uint16_t head, next;  /* head 0: no stone */
    uint16_t size, plibs;
    uint16_t epos;        /* index in the empty list, for empty points */
    uint8_t color;        /* SGF_EMPTY, SGF_BLACK, SGF_WHITE, BOARD_BORDER */
    uint8_t frozen;       /* no playout move here (settled by proof) */
} pl_cell;

typedef struct pl_board {
    int width, height, stride, npoints;
    int ko;                 /* the point the player to move may not take back */
    int last;               /* the last move, 0 for none or a pass */
    int nempty;
    pl_cell *cell;          /* npoints */
    uint16_t *empty;        /* nempty empty points (frozen ones included) */
    uint16_t *nbr;          /* npoints: the colours of each point's eight
                             * neighbours, packed as a pat3.h code for
                             * Black, kept as stones come and go (only a
                             * board point's code is meaningful) */
} pl_board;

/* Bytes a board of p's size needs after the struct (pl_attach). */
size_t pl_bytes(const sgf_position *p);
/* Lays the board over mem (pl_bytes(p) bytes) and loads p's stones. */
void pl_load(pl_board *b, const sgf_position *p, void *mem);
/* Lays an empty board over mem (pl_bytes(p) bytes) without loading p's
 * stones: for boards that are only ever pl_copy's destination. */
void pl_attach(pl_board *b, const sgf_position *p, void *mem);
/* dst := src; both laid over memory of the same size. */
void pl_copy(pl_board *dst, const pl_board *src);
/* dst := src, then c plays on pt (legal, as pl_play), or passes when pt
 * is 0: the next node of a search. */
void pl_copy_play(pl_board *dst, const pl_board *src, int pt, int c);

/* Plays one playout on b (destroyed) with colour first to move, then
 * adds, for every point of the board (y * width + x), 1 to own_b or own_w
 * when Black or White owns it at the end (a stone, or an empty point all
 * of whose neighbours are that colour's), and 1 to neutral when it is
 * empty with neighbours of both colours.  *rng is the generator's state.
 * Returns the moves played. */
int pl_playout(pl_board *b, const pat3_table *pat, int first, uint64_t *rng,
               uint16_t *own_b, uint16_t *own_w, uint16_t *neutral);

/* The neighbourhood code of the empty point pt as c sees it (pat3.h). */
unsigned pl_code3(const pl_board *b, int pt, int c);
/* The vital point of the enclosed empty area (at most 6 points, one
 * colour around) that holds the empty pt, 0 for none. */
int pl_vital_point(const pl_board *b, int pt);
/* Is the eye space pts (n points, board stride s) one that a single vital
 * point decides or that is dead whatever: three points or fewer, the square
 * and the pyramid four, the bulky and the crossed five, the rabbity six?
 * *vital receives that point (0 for two points or fewer and the square).
 * Spaces of more than six points are not read (0). */
int pl_killing_shape(const int *pts, int n, int s, int *vital);

/* Plays c on the empty point pt (legal: not a suicide, not the ko). */
void pl_play(pl_board *b, int pt, int c);
/* What c's stone on the empty pt would make: the liberties of its string
 * (0 for a suicide, 1, or 2 for two or more), its size in *size, and the
 * stones it captures in *captured. */
int pl_probe(const pl_board *b, int pt, int c, int *size, int *captured);
/* The liberties of the string of the stone on pt into libs (at most max);
 * returns their number, or max + 1 when there are more. */
int pl_libs(const pl_board *b, int pt, int *libs, int max);
/* Appends to heads (n so far, at most max) the heads of the strings of
 * colour col next to the point q that it does not hold yet; returns the
 * new count. */
int pl_add_neighbour_strings(const pl_board *b, int q, int col, int *heads,
                             int n, int max);
/* Does col's stone on the empty q join two strings of col, one of them
 * with two liberties or fewer?  On one's own eye-like point that is a
 * connection that saves the short string, not an eye filled (the
 * searches of lifedeath.c and dragon.c play it). */
int pl_joins_short(const pl_board *b, int q, int col);
/* The same for every stone of the string on pt, walked from pt: the
 * strings of colour col that touch it. */
int pl_add_string_neighbours(const pl_board *b, int pt, int col, int *heads,
                             int n, int max);

/* Is the string of the stone on pt in atari?  (A string without any
 * liberty, which only a set-up position holds, is not: it has no liberty
 * to name.) */
static inline int pl_atari(const pl_board *b, int pt)
{
    const pl_cell *h = &b->cell[b->cell[pt].head];
    return h->plibs &&
           (uint64_t)h->plibs * h->lsq == (uint64_t)h->lsum * h->lsum;
}

/* The only liberty of the string of the stone on pt (in atari). */
static inline int atari_lib(const pl_board *b, int pt)
{
    const pl_cell *h = &b->cell[b->cell[pt].head];
    return (int)(h->lsum / h->plibs);
}

#endif /* SGFKIT_PLAYOUT_H */
