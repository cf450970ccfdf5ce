/*
 * eyespace.c - a string that makes two eyes on its own (eyespace.h).
 *
 * An eye space here is a connected set of empty points whose neighbours
 * on the board are all stones of one string: no enemy stone inside, no
 * cutting point around.  It gives two eyes whoever moves first unless one
 * move there leaves one (the playouts' killing shapes, pl_killing_shape).
 * In a corner a bent four or a rectangular six lives or not by the
 * outside liberties, so spaces of six points or fewer there are not read;
 * from SURE_POINTS points every space lives.
 */
#include <string.h>
#include "score/eyespace.h"
#include "go/board.h"

enum { SURE_POINTS = 7 };

/* Does the eye space pts (n points) live whoever moves first? */
static int living_space(const pl_board *b, const int *pts, int n)
{
    if (n >= SURE_POINTS)
        return 1;
    if (n < 4)
        return 0;
    const int s = b->stride;
    for (int i = 0; i < n; i++) {
        const int q = pts[i];
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        int border = 0;
        for (int k = 0; k < 4; k++)
            border += b->cell[nb[k]].color == BOARD_BORDER;
        if (border >= 2)
            return 0;
    }
    int vital;
    return !pl_killing_shape(pts, n, s, &vital);
}

int es_two_eyes(const pl_board *b, int pt)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, h = cl[pt].head;
    uint8_t seen[BOARD_POINTS];
    int space[BOARD_POINTS];
    memset(seen, 0, (size_t)b->npoints);
    int q = h;
    do {
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++) {
            if (cl[nb[k]].color != SGF_EMPTY || seen[nb[k]])
                continue;
            /* the empty points joined to this liberty: do they touch
             * stones of this string only? */
            int n = 0, alone = 1;
            space[n++] = nb[k];
            seen[nb[k]] = 1;
            for (int r = 0; r < n; r++) {
                const int p = space[r];
                const int pn[4] = { p - s, p - 1, p + 1, p + s };
                for (int j = 0; j < 4; j++) {
                    const int c = cl[pn[j]].color;
                    if (c == SGF_EMPTY && !seen[pn[j]]) {
                        seen[pn[j]] = 1;
                        space[n++] = pn[j];
                    } else if ((c == SGF_BLACK || c == SGF_WHITE) &&
                               cl[pn[j]].head != h) {
                        alone = 0;
                    }
                }
            }
            if (alone && living_space(b, space, n))
                return 1;
        }
        q = cl[q].next;
    } while (q != h);
    return 0;
}
