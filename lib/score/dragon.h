/*
 * dragon.h - the life of a group of several strings, read as a whole
 * (doc/dead-stones.md, step 3h).  A dragon is a string and the strings of
 * its colour it cannot be cut from (two shared liberties, or an eye-like
 * point between them).  The search plays around the dragon, both colours,
 * with no wall held fixed: the attacker fills its liberties and spoils its
 * eye spaces, the defender extends, makes eyes, or takes attacker strings
 * next to it (races, sekis).  A node is decided by the dragon's eyes (two
 * sure ones: alive), by a link to a settled string of its colour (alive),
 * or by the capture of the string read (dead).  Never installed.
 */
#ifndef SGFKIT_DRAGON_H
#define SGFKIT_DRAGON_H

#include "score/playout.h"
#include "score/ttable.h"

enum {
    DR_DEPTH = 40,       /* plies */
    DR_TT = 1 << 14,     /* transposition entries (a power of two) */
    DR_STRINGS = 32,     /* strings of a dragon, at most */
    DR_MOVES = 96        /* candidate points of a node, at most */
};

/* The answers of dr_read. */
enum { DR_ALIVE = 0, DR_DEAD = 1, DR_UNKNOWN = 2 };

typedef struct dr {
    pl_board stack[DR_DEPTH + 1];
    tt_entry tt[DR_TT];
    long nodes, budget;
    int tg, c;                    /* the string read: a point, its colour */
    const uint8_t *settled;       /* per point: a stone surely alive */
    uint32_t *stamp;              /* per point: the dragon's heads and
                                   * liberties (mark) */
    uint32_t *seen;               /* per point: scratch marks */
    uint32_t gen, mark;
    int npoints;
    int nstr;                     /* the dragon at the last node evaluated */
    int heads[DR_STRINGS];
    int nlibs;
    uint16_t libs[DR_MOVES];
    int neye;                     /* points of its eye spaces */
    uint16_t eye[DR_MOVES];
} dr;

/* Bytes dr_init needs for a position like p. */
size_t dr_bytes(const sgf_position *p);

/* Lays a reader over mem (dr_bytes(p) bytes). */
void dr_init(dr *g, const sgf_position *p, void *mem);

/* Can the dragon of the string on pt in b live with first to move?
 * settled marks the stones (by point) that are surely alive: a dragon
 * joined to one of its colour lives.  DR_ALIVE, DR_DEAD, or DR_UNKNOWN
 * when the search is cut by depth or budget (nodes). */
int dr_read(dr *g, const pl_board *b, int pt, const uint8_t *settled,
            int first, long budget);

#endif
