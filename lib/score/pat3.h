/*
 * pat3.h - the 3x3 shape patterns of the playouts (MoGo's hane, cut and
 * edge patterns: Gelly, Wang, Munos, Teytaud 2006), as one bit per
 * neighbourhood code.  Never installed.
 *
 * A point's neighbourhood code packs its eight neighbours, two bits each
 * (0 empty, 1 the player to move, 2 the opponent, 3 off the board), in
 * the order NW, N, NE, W, E, SW, S, SE from bit 0 up.  The table is
 * filled by pat3_build (10,604 bits set, filled 32 bytes at a time), once
 * per estimate, so nothing global is mutable.
 */
#ifndef SGFKIT_PAT3_H
#define SGFKIT_PAT3_H

#include <stdint.h>

typedef struct pat3_table {
    uint8_t bit[65536 / 8];
} pat3_table;

/* Fills t with the patterns: bit code set when playing the centre of that
 * neighbourhood is a pattern move for the player to move. */
void pat3_build(pat3_table *t);

/* The code seen by the other player: colours 1 and 2 swapped. */
static inline unsigned pat3_swap(unsigned code)
{
    unsigned m = (code ^ (code >> 1)) & 0x5555u;
    return code ^ (m | m << 1);
}

static inline int pat3_match(const pat3_table *t, unsigned code)
{
    return (t->bit[code >> 3] >> (code & 7)) & 1;
}

#endif /* SGFKIT_PAT3_H */
