/*
 * eyespace.c - a string that lives on its own (eyespace.h).
 *
 * An eye space here is a connected set of empty points whose neighbours
 * on the board are all stones of one string: no enemy stone inside, no
 * cutting point around.  It gives two eyes whoever moves first unless one
 * move there leaves one (the playouts' killing shapes, pl_killing_shape).
 * In a corner a bent four or a rectangular six lives or not by the
 * outside liberties, so spaces of six points or fewer there are not read;
 * from SURE_POINTS points every space lives.
 *
 * A liberty the opponent cannot fill is a true eye of the string (its
 * four neighbours the string's or the edge), or a point where the
 * opponent's stone would take nothing and be a suicide or a self-atari
 * whose capture leaves the string a living space.  That holds for good
 * only when the opponent's strings there cannot be lengthened: each
 * touches no stone of the string's colour but the string's and those the
 * caller knows alive, and each of their liberties is such a point too (a
 * fixpoint: a partner with one liberty the opponent may fill spoils every
 * point it touches).  One such liberty is enough in a seki of one eye
 * each (one_eye_seki).  A seki of three strings of two liberties each,
 * where the opponent's shared point would join its two strings, is read
 * apart (es_three_string_seki): that point is no such liberty.
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

/* Does the opponent string headed p touch no string of the other colour
 * but the one headed h and those alive marks?  Taking another, it would
 * gain liberties. */
static int touches_only(const pl_board *b, int p, int h,
                        const unsigned char *alive)
{
    enum { MAX_NEAR = 16 };
    int near[MAX_NEAR];
    const int c = 3 - b->cell[p].color;
    int n = pl_add_string_neighbours(b, p, c, near, 0, MAX_NEAR);
    if (n == MAX_NEAR)
        return 0;
    for (int i = 0; i < n; i++)
        if (near[i] != h && !(alive && alive[near[i]]))
            return 0;
    return 1;
}

/* The opponent strings next to the liberty q of the string headed h when
 * q may be a point the opponent cannot fill (above), else 0. */
static int unfillable_partners(const pl_board *b, int q, int h, int *heads,
                               const unsigned char *alive)
{
    const pl_cell *cl = b->cell;
    const int c = cl[h].color, a = 3 - c;
    int size, cap;
    int libs = pl_probe(b, q, a, &size, &cap);
    if (cap || libs >= 2)
        return 0;
    int n = pl_add_neighbour_strings(b, q, a, heads, 0, 4);
    if (n == 0)
        return 0;   /* a lone stone thrown in */
    for (int j = 0; j < n; j++)
        if (!touches_only(b, heads[j], h, alive))
            return 0;
    if (libs == 1 && size < SURE_POINTS) {
        /* once taken, the stones leave the string that space */
        int pts[SURE_POINTS], np = 0;
        pts[np++] = q;
        for (int j = 0; j < n; j++) {
            int r = heads[j];
            do {
                if (np < SURE_POINTS)
                    pts[np++] = r;
                r = cl[r].next;
            } while (r != heads[j]);
        }
        if (!living_space(b, pts, np))
            return 0;
    }
    return n;
}

/* Is every neighbour of q a stone of the string headed h, or the edge? */
static int eye_of_string(const pl_board *b, int q, int h)
{
    const int s = b->stride;
    const int nb[4] = { q - s, q - 1, q + 1, q + s };
    for (int k = 0; k < 4; k++)
        if (b->cell[nb[k]].color != BOARD_BORDER && b->cell[nb[k]].head != h)
            return 0;
    return 1;
}

static int in_list(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* Can x be the one liberty the opponent string headed p keeps once the
 * points fill are filled?  The first such point is taken into *own, a
 * second fails; the opponent's stone on it must join nothing new nor take
 * anything, or the string could gain liberties there. */
static int own_liberty(const pl_board *b, int p, const int *fill, int nfill,
                       int x, int *own)
{
    if (x == *own || in_list(fill, nfill, x))
        return 1;
    if (*own)
        return 0;
    *own = x;
    const pl_cell *cl = b->cell;
    const int s = b->stride, c = 3 - cl[p].color;
    const int nb[4] = { x - s, x - 1, x + 1, x + s };
    for (int k = 0; k < 4; k++) {
        const int r = nb[k];
        if (cl[r].color == BOARD_BORDER || cl[r].head == p ||
            in_list(fill, nfill, r))
            continue;
        if (cl[r].color != c || pl_atari(b, r))
            return 0;
    }
    return 1;
}

/* A seki of one eye each: the string headed h keeps one liberty the
 * opponent cannot fill, its other liberties (fill) all touch one opponent
 * string and nothing but the two strings, the edge and each other, and
 * that string, once they are filled, has one liberty of its own left.
 * Whoever fills the last of them puts both strings in atari with the
 * other to move, and the string then takes the filler and its space. */
static int one_eye_seki(const pl_board *b, int h, const int *fill, int nfill,
                        const unsigned char *alive)
{
    enum { MAX_PLIBS = 64 };
    const pl_cell *cl = b->cell;
    const int a = 3 - cl[h].color, s = b->stride;
    int p = 0;
    for (int i = 0; i < nfill; i++) {
        int heads[4];
        int k = pl_add_neighbour_strings(b, fill[i], a, heads, 0, 4);
        if (k != 1 || (p && heads[0] != p))
            return 0;
        p = heads[0];
    }
    if (!p || cl[p].size + nfill < 4 || !touches_only(b, p, h, alive))
        return 0;
    int own = 0, plibs[MAX_PLIBS + 1];
    int np = pl_libs(b, p, plibs, MAX_PLIBS);
    if (np > MAX_PLIBS)
        return 0;
    for (int i = 0; i < np; i++)
        if (!own_liberty(b, p, fill, nfill, plibs[i], &own))
            return 0;
    for (int i = 0; i < nfill; i++) {
        const int q = fill[i];
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++) {
            const int r = nb[k];
            if (cl[r].color == SGF_EMPTY) {
                if (!own_liberty(b, p, fill, nfill, r, &own))
                    return 0;
            } else if (cl[r].color != BOARD_BORDER && cl[r].head != h &&
                       cl[r].head != p) {
                return 0;
            }
        }
    }
    return 1;
}

/* The one opponent string that the liberty q of the string headed h
 * touches when q touches nothing else but that string and the edge,
 * else 0. */
static int sole_partner(const pl_board *b, int q, int h)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, a = 3 - cl[h].color;
    const int nb[4] = { q - s, q - 1, q + 1, q + s };
    int p = 0;
    for (int k = 0; k < 4; k++) {
        const int r = nb[k];
        if (cl[r].color == BOARD_BORDER || (cl[r].color != SGF_EMPTY && cl[r].head == h))
            continue;
        if (cl[r].color != a || (p && cl[r].head != p))
            return 0;
        p = cl[r].head;
    }
    return p;
}

int es_uncapturable(const pl_board *b, int pt, const unsigned char *alive)
{
    enum { MAX_LIBS = 32 };
    const int h = b->cell[pt].head;
    int libs[MAX_LIBS + 1];
    int n = pl_libs(b, pt, libs, MAX_LIBS);
    if (n < 2 || n > MAX_LIBS)
        return 0;
    /* per liberty: 2 a true eye, 1 unfillable so far, 0 fillable; the
     * opponent strings next to it */
    uint8_t ok[MAX_LIBS];
    int heads[MAX_LIBS][4], nheads[MAX_LIBS];
    for (int i = 0; i < n; i++) {
        nheads[i] = 0;
        if (eye_of_string(b, libs[i], h))
            ok[i] = 2;
        else
            ok[i] = (nheads[i] = unfillable_partners(b, libs[i], h, heads[i], alive)) > 0;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (ok[i] != 1)
                continue;
            for (int j = 0; j < nheads[i] && ok[i]; j++) {
                int plibs[MAX_LIBS + 1];
                int k = pl_libs(b, heads[i][j], plibs, MAX_LIBS);
                if (k > MAX_LIBS)
                    ok[i] = 0;   /* more liberties than the string has */
                for (int x = 0; x < k && ok[i]; x++) {
                    int y = 0;
                    while (y < n && libs[y] != plibs[x])
                        y++;
                    if (y == n || !ok[y])
                        ok[i] = 0;
                }
            }
            changed |= !ok[i];
        }
    }
    int count = 0, fill[MAX_LIBS], nfill = 0;
    for (int i = 0; i < n; i++) {
        count += ok[i] != 0;
        if (!ok[i])
            fill[nfill++] = libs[i];
    }
    if (count == 1)
        return one_eye_seki(b, h, fill, nfill, alive);
    return count >= 2;
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

int es_three_string_seki(const pl_board *b, int pt, const unsigned char *alive,
                         int partners[2])
{
    const pl_cell *cl = b->cell;
    const int h = cl[pt].head, s = b->stride;
    int libs[3], other[2];
    if (pl_libs(b, pt, libs, 2) != 2)
        return 0;
    for (int i = 0; i < 2; i++) {
        int plibs[3];
        const int p = sole_partner(b, libs[i], h);
        if (!p || !touches_only(b, p, h, alive) || pl_libs(b, p, plibs, 2) != 2)
            return 0;
        partners[i] = p;
        other[i] = plibs[0] == libs[i] ? plibs[1] : plibs[1] == libs[i] ? plibs[0] : 0;
    }
    /* the partners' shared point touches nothing else */
    const int c = other[0];
    if (partners[0] == partners[1] || !c || c != other[1])
        return 0;
    const int nb[4] = { c - s, c - 1, c + 1, c + s };
    for (int k = 0; k < 4; k++)
        if (cl[nb[k]].color != BOARD_BORDER && cl[nb[k]].head != partners[0] &&
            cl[nb[k]].head != partners[1])
            return 0;
    return 1;
}
