/*
 * pat3.c - MoGo's 3x3 patterns (pat3.h), after "Modification of UCT with
 * patterns in Monte-Carlo Go" (Gelly, Wang, Munos, Teytaud, 2006), in the
 * spelling Pachi's playouts use for them.  The centre is the move; X and O
 * are the two colours, either of which may be the player to move, except
 * where a pattern says "X to play".  Symbols: . empty, # off the board,
 * x not X (empty, O or off the board), o not O, ? anything.
 *
 * Playouts answer the last move with these shapes (hane, cuts, blocks on
 * the edge): uniformly random moves let a dead group live by accident,
 * and answering its moves with the shape a player would choose is what
 * keeps it dead (doc/dead-stones-history.md has the measures).
 */
#include <string.h>
#include "score/pat3.h"

typedef struct pattern {
    char cell[10];      /* rows top to bottom, centre = the move */
    int x_to_play;      /* only when X is the player to move */
} pattern;

static const pattern patterns[] = {
    /* hane: enclosing, non-cutting, magari (bent), thin */
    { "XOX" "..." "???", 0 },
    { "XO." "..." "?.?", 0 },
    { "XO?" "X.." "x.?", 0 },
    { "XOO" "..." "?.?", 1 },
    /* cut1: unprotected and peeped; cut2 (de) */
    { "XO?" "O.o" "?o?", 0 },
    { "XO?" "O.X" "???", 0 },
    { "?X?" "O.O" "ooo", 0 },
    /* edge: chase, block the side cut, block the side connection,
     * sagari, cut */
    { ".O." "X.X" "###", 0 },
    { "OX?" "X.O" "###", 0 },
    { "?X?" "x.O" "###", 0 },
    { "?XO" "x.x" "###", 0 },
    { "?OX" "X.O" "###", 0 },
};

/* Values of a cell of the code: 0 empty, 1 to play, 2 opponent, 3 off. */
static unsigned allowed(char ch, int x_is_to_play)
{
    unsigned me = x_is_to_play ? 1u << 1 : 1u << 2;
    unsigned you = x_is_to_play ? 1u << 2 : 1u << 1;
    switch (ch) {
    case '.': return 1u;
    case '#': return 1u << 3;
    case 'X': return me;
    case 'O': return you;
    case 'x': return 0xfu & ~me;
    case 'o': return 0xfu & ~you;
    default:  return 0xfu;
    }
}

/* The packings (2 bits a cell, cell 0 lowest) of four cells' values that
 * their allowed sets admit, into v; returns how many (at most 256). */
static int admitted(const unsigned mask[4], uint8_t *v)
{
    int n = 0;
    for (unsigned a = 0; a < 4; a++) {
        if (!(mask[0] >> a & 1))
            continue;
        for (unsigned b = 0; b < 4; b++) {
            if (!(mask[1] >> b & 1))
                continue;
            for (unsigned c = 0; c < 4; c++) {
                if (!(mask[2] >> c & 1))
                    continue;
                for (unsigned d = 0; d < 4; d++)
                    if (mask[3] >> d & 1)
                        v[n++] = (uint8_t)(a | b << 2 | c << 4 | d << 6);
            }
        }
    }
    return n;
}

/* Sets every code the eight cells' allowed values admit.  A code is a low
 * byte (cells 0-3) and a high byte (cells 4-7), and the table's bytes
 * 32 * high to 32 * high + 31 hold the codes of one high byte: each
 * admitted high byte takes the same 32 bytes, the set of admitted low
 * bytes (cheaper than setting one code at a time, once per estimate). */
static void expand(pat3_table *t, const unsigned mask[8])
{
    uint8_t lows[256], highs[256];
    uint64_t row[4] = { 0 };
    int nl = admitted(mask, lows), nh = admitted(mask + 4, highs);
    for (int i = 0; i < nl; i++)
        row[lows[i] >> 6] |= (uint64_t)1 << (lows[i] & 63);
    for (int i = 0; i < nh; i++) {
        uint64_t w[4];
        uint8_t *at = t->bit + ((size_t)highs[i] << 5);
        memcpy(w, at, sizeof w);
        for (int k = 0; k < 4; k++)
            w[k] |= row[k];
        memcpy(at, w, sizeof w);
    }
}

void pat3_build(pat3_table *t)
{
    /* the neighbours in code order, as (dx, dy) */
    static const int nx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    static const int ny[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
    memset(t, 0, sizeof *t);
    for (size_t k = 0; k < sizeof patterns / sizeof *patterns; k++) {
        const pattern *pa = &patterns[k];
        for (int sym = 0; sym < 8; sym++)
            for (int role = 0; role < 2; role++) {
                if (pa->x_to_play && role)
                    continue;
                unsigned mask[8];
                for (int i = 0; i < 8; i++) {
                    /* where neighbour i of the board sits in the pattern:
                     * the symmetry's transpose, then mirrors */
                    int dx = nx[i], dy = ny[i];
                    if (sym & 4) {
                        int tmp = dx;
                        dx = dy;
                        dy = tmp;
                    }
                    if (sym & 1)
                        dx = -dx;
                    if (sym & 2)
                        dy = -dy;
                    mask[i] = allowed(pa->cell[(dy + 1) * 3 + dx + 1], !role);
                }
                expand(t, mask);
            }
    }
}
