/*
 * lifedeath.h - a local life-and-death search for the dead-stone
 * estimator (doc/dead-stones.md, step 3c): can a group shut in by settled
 * enemy stones be captured whoever moves first?  Where the capture search
 * (tactics.h) only fills liberties, this one plays anywhere in the group's
 * enclosure: vital points, throw-ins, captures of weak enemy stones.
 * Bounded in size, depth and nodes; "don't know" counts as "not
 * captured", so a "captured" answer is a proof within the enclosure
 * (simple ko, no suicide, the walls taken as alive).  Never installed.
 */
#ifndef SGFKIT_LIFEDEATH_H
#define SGFKIT_LIFEDEATH_H

#include "score/playout.h"
#include "score/ttable.h"

enum {
    LD_EMPTY = 12,       /* empty points of an enclosure, at most */
    LD_EMPTY_BIG = 20,   /* the same for ld_survives (large groups) */
    LD_POINTS = 128,     /* points of an enclosure (stones included) */
    LD_DEPTH = 2 * LD_EMPTY_BIG + 6,   /* plies: every point filled twice over */
    LD_TT = 4096,        /* transposition entries (a power of two) */
    LD_ALIVE_STONES = 6  /* ld_alive: the group's stones in its enclosure */
};

typedef struct ld {
    pl_board stack[LD_DEPTH + 1];
    long nodes, budget;
    int cut;                      /* a line was cut by depth or budget */
    int enemies;                  /* unsettled enemy stones in the enclosure */
    int friends;                  /* the defender's stones there */
    int breakout;                 /* wall stones a capture must take for
                                   * the defender to win at once: 1 for
                                   * ld_dead, BREAK_STONES for ld_alive */
    int tg, c;                    /* the target's point and colour */
    int max_empty;                /* empty points enclose() accepts */
    int friends_stop;             /* settled friendly stones bound it */
    int connect;                  /* both sides may fill an eye-like point
                                   * that joins a short string to another
                                   * (ld_alive, ld_dead: the walls are not
                                   * fixed) */
    int join_safe;                /* the attacker may fill an eye-like point
                                   * that joins a short string to a safe one
                                   * (ld_survives) */
    int npts;                     /* the enclosure: its points, */
    uint16_t pts[LD_POINTS];
    int nwall;                    /* and the enemy stones around it */
    uint16_t wall[4 * LD_POINTS];
    uint8_t *in;                  /* per board point: 1 + index in pts, or 0 */
    tt_entry tt[LD_TT];
} ld;

/* Bytes a search on p needs beyond the struct (ld_init). */
size_t ld_bytes(const sgf_position *p);
/* Lays the search's boards over mem (ld_bytes(p) bytes). */
void ld_init(ld *t, const sgf_position *p, void *mem);

/* Is the string of the stone on pt in b dead?  settled[q] (per board
 * point) marks stones that count as alive for good: enemy ones are the
 * walls of the enclosure, friendly ones an escape (no answer).  first:
 * the colour that moves first.  1 when the attacker captures the string
 * whatever the defender does within the enclosure (bounded by budget
 * nodes), and no capture is one the defender repays at once by taking
 * more of the attacker's stones (a trade, as in a seki), else 0.  A wall
 * short of liberties may connect through its own eye-like points, as in
 * ld_alive. */
int ld_dead(ld *t, const pl_board *b, int pt, const uint8_t *settled,
            int first, long budget);

/* Does the string of the stone on pt in b survive with the attacker to
 * move first?  1 only when the whole tree was read (no line cut by depth
 * or budget), the attacker captures in none of its lines (the string is
 * pass-alive in its enclosure, takes at least BREAK_STONES wall stones,
 * or lives in seki: every attacker move there loses), and the enclosure
 * holds no unsettled enemy stone, at most LD_ALIVE_STONES of the
 * group's, and walls touching no unsettled stone of the group's colour
 * outside it.  The walls are not fixed: a short wall may join another
 * string through its own eye-like point, and the liberties of the short
 * strings it joins are points of the search.  0 when captured or
 * unknown. */
int ld_alive(ld *t, const pl_board *b, int pt, const uint8_t *settled,
             long budget);

/* Does the string of the stone on pt in b, a large group the playouts
 * call dead, survive with the attacker to move first?  ld_alive's test
 * (the whole tree read, no capture) in an enclosure of up to
 * LD_EMPTY_BIG empty points, whatever its stones: races and sekis of
 * large groups that light playouts lose half the time.  The walls stay
 * fixed, except that a wall short of liberties may join a string of its
 * colour with four or more through its own eye-like point, or take a
 * string of the group's colour it holds in atari outside the enclosure:
 * the group cannot live by taking a wall that would connect or capture. */
int ld_survives(ld *t, const pl_board *b, int pt, const uint8_t *settled,
                long budget);

/* Is the string on pt pass-alive within the enclosure last built by
 * ld_dead (Benson's test on its points, the walls counting as enemy)? */
int ld_pass_alive(const ld *t, const pl_board *b, int pt);

#endif /* SGFKIT_LIFEDEATH_H */
