/*
 * benson.c - Benson's unconditional life (doc/scoring.md): the strings
 * that can never be captured even if their owner always passes, and the
 * territory they make safe.  Stones of the other colour inside that
 * territory are dead: nothing can save them.
 *
 * For one colour c the board splits into strings of c and regions: maximal
 * connected sets of points that are not c (empty points and the
 * opponent's stones).  A region is vital to a string when each of its
 * empty points is a liberty of the string: the opponent can then fill it
 * only by suicide, which the rules forbid.  When multi-stone suicide is
 * legal the opponent can fill a region with several stones and have them
 * removed, so then every point of the region, stones included, must touch
 * the string.  Benson's fixpoint: a string with fewer than two vital
 * regions is not pass-alive; a region that touches such a string cannot
 * count for anyone; repeat until nothing changes.  The fixpoint is
 * reached here with a work list (a string is dropped once, when its count
 * of healthy vital regions falls below two), so the cost stays linear in
 * the board whatever the nesting.
 *
 * Pass-alive territory (KataGo's definition, which tests/rules/cases.txt
 * tests): a region bordered only by pass-alive strings with at most one
 * point that touches no stone of c: the opponent cannot make two eyes
 * there.
 *
 * Everything lives on the stack (about 60 KB); nothing is allocated
 * (doc/scoring.md, "Cost").
 */
#include <string.h>
#include "go/board.h"
#include "go/position.h"

enum {
    /* regions are never adjacent, so one point of each makes a set of
     * pairwise non-adjacent points: at most half the board */
    MAX_REGIONS = (BOARD_MAX * BOARD_MAX + 1) / 2 + 1,
    NO_REGION = 0xffff
};

/* The strings of a board whose strings are stale (setup not completed by
 * sgf_position_setup_done): the same head/next lists board.c keeps. */
static void build_strings(const sgf_position *p, uint16_t *head,
                          uint16_t *next)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    const int first = p->b.stride, last = (p->b.height + 1) * p->b.stride;
    uint16_t stack[BOARD_POINTS];
    /* all of it: the floods read the heads of border cells too */
    memset(head, 0, (size_t)p->b.npoints * sizeof *head);
    for (int pt = first; pt < last; pt++) {
        int c = p->b.color[pt];
        if ((c != SGF_BLACK && c != SGF_WHITE) || head[pt])
            continue;
        int sp = 0;
        head[pt] = (uint16_t)pt;
        next[pt] = (uint16_t)pt;
        stack[sp++] = (uint16_t)pt;
        while (sp) {
            int s = stack[--sp];
            for (int i = 0; i < 4; i++) {
                int n = s + d[i];
                if (p->b.color[n] == c && !head[n]) {
                    head[n] = (uint16_t)pt;
                    next[n] = next[pt];
                    next[pt] = (uint16_t)n;
                    stack[sp++] = (uint16_t)n;
                }
            }
        }
    }
}

/* Per-colour scratch, kept apart from the strings so both colours reuse
 * one frame.  The floods are written without branches on the colours met
 * (as good as random: mispredicted branches would cost most of the time). */
typedef struct benson_work {
    uint16_t reg[BOARD_POINTS];        /* region of a non-c point */
    uint16_t pts[BOARD_POINTS + 4];    /* the points of each region, together
                                        * (+4: a flood writes one ahead) */
    uint16_t queue[BOARD_POINTS];      /* strings to drop */
    uint16_t heads[BOARD_POINTS];      /* the strings of c */
    uint16_t count[BOARD_POINTS];      /* healthy vital regions, by head */
    uint8_t dropped[BOARD_POINTS];     /* by head */
    uint16_t vital[MAX_REGIONS][4];    /* heads the region is vital to */
    uint8_t nvital[MAX_REGIONS];
    uint8_t internal[MAX_REGIONS];     /* points touching no c stone, max 2 */
    uint8_t spoiled[MAX_REGIONS];      /* touches a dropped string */
    uint16_t start[MAX_REGIONS + 1];   /* its points: pts[start[r]..start[r+1]) */
} benson_work;

/* Traces the region of the non-c point pt as number r, its points from
 * pts[np]: the strings it is vital to and its interior points.  Returns
 * the end of its points. */
static int trace_region(const sgf_position *p, const uint16_t *head,
                        benson_work *w, int pt, int c, int suicide, int r,
                        int np)
{
    const uint8_t *col = p->b.color;
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    /* colours that make regions: empty and the opponent's (not the
     * border, 3) */
    const unsigned nonc = 1u | (1u << (3 - c));
    int internal = 0, nv = -1;   /* nv: vital candidates, -1 unknown yet */
    uint16_t *vital = w->vital[r];
    w->start[r] = (uint16_t)np;
    w->reg[pt] = (uint16_t)r;
    w->pts[np++] = (uint16_t)pt;
    for (int k = w->start[r]; k < np; k++) {
        const int s = w->pts[k];
        int h[4], adj = 0;
        for (int i = 0; i < 4; i++) {
            int q = s + d[i], cq = col[q], isc = cq == c;
            h[i] = isc ? head[q] : 0;
            adj |= isc;
            int take = (int)((nonc >> cq) & 1u) & (w->reg[q] == NO_REGION);
            w->pts[np] = (uint16_t)q;
            w->reg[q] = take ? (uint16_t)r : w->reg[q];
            np += take;
        }
        internal += !adj;
        if (nv && (suicide || col[s] == SGF_EMPTY)) {
            if (nv < 0) {
                nv = 0;
                for (int i = 0; i < 4; i++) {
                    int dup = !h[i];
                    for (int j = 0; j < nv; j++)
                        dup |= vital[j] == h[i];
                    if (!dup)
                        vital[nv++] = (uint16_t)h[i];
                }
            } else {
                int kept = 0;
                for (int j = 0; j < nv; j++) {
                    int v = vital[j];
                    if (v == h[0] || v == h[1] || v == h[2] || v == h[3])
                        vital[kept++] = (uint16_t)v;
                }
                nv = kept;
            }
        }
    }
    w->nvital[r] = (uint8_t)(nv < 0 ? 0 : nv);
    w->internal[r] = (uint8_t)(internal < 2 ? internal : 2);
    w->spoiled[r] = 0;
    return np;
}

/* Marks in res the pass-alive strings and territory of colour c. */
static void benson_color(const sgf_position *p, const uint16_t *head,
                         const uint16_t *next, benson_work *w, int c,
                         int suicide, uint8_t *res)
{
    const uint8_t *col = p->b.color;
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    const int first = p->b.stride, last = (p->b.height + 1) * p->b.stride;
    const unsigned nonc = 1u | (1u << (3 - c));
    int nreg = 0, np = 0, nh = 0, stones = 0;

    memset(w->reg, 0xff, (size_t)p->b.npoints * sizeof *w->reg);
    for (int pt = first; pt < last; pt++) {
        int isc = col[pt] == c;
        w->heads[nh] = (uint16_t)pt;
        nh += isc & (head[pt] == pt);
        stones += isc;
    }
    if (!nh)
        return;
    for (int i = 0; i < nh; i++) {
        w->count[w->heads[i]] = 0;
        w->dropped[w->heads[i]] = 0;
    }
    const int total = p->b.width * p->b.height - stones;   /* non-c points */
    /* regions from empty points; then, only in an impossible position,
     * enemy stones that reach no empty point make regions never vital */
    for (int pt = first; pt < last && np < total; pt++)
        if (col[pt] == SGF_EMPTY && w->reg[pt] == NO_REGION)
            np = trace_region(p, head, w, pt, c, suicide, nreg++, np);
    for (int pt = first; pt < last && np < total; pt++)
        if (col[pt] == 3 - c && w->reg[pt] == NO_REGION) {
            np = trace_region(p, head, w, pt, c, suicide, nreg, np);
            w->nvital[nreg++] = 0;
        }
    w->start[nreg] = (uint16_t)np;
    for (int r = 0; r < nreg; r++)
        for (int i = 0; i < w->nvital[r]; i++)
            w->count[w->vital[r][i]]++;

    /* the fixpoint: drop strings with fewer than two healthy vital
     * regions; every region they touch stops being healthy */
    int qh = 0, qt = 0;
    for (int i = 0; i < nh; i++) {
        w->queue[qt] = w->heads[i];
        qt += w->count[w->heads[i]] < 2;
    }
    while (qh < qt) {
        int h = w->queue[qh++];
        if (w->dropped[h])
            continue;
        w->dropped[h] = 1;
        int s = h;
        do {
            for (int i = 0; i < 4; i++) {
                int n = s + d[i];
                if (!((nonc >> col[n]) & 1u))
                    continue;
                int r = w->reg[n];
                if (w->spoiled[r])
                    continue;
                w->spoiled[r] = 1;
                for (int j = 0; j < w->nvital[r]; j++) {
                    int v = w->vital[r][j];
                    if (!w->dropped[v] && --w->count[v] == 1)
                        w->queue[qt++] = (uint16_t)v;
                }
            }
            s = next[s];
        } while (s != h);
    }

    for (int i = 0; i < nh; i++) {
        int h = w->heads[i], s = h;
        if (w->dropped[h])
            continue;
        do {
            res[s] = (uint8_t)c;
            s = next[s];
        } while (s != h);
    }
    for (int r = 0; r < nreg; r++) {
        if (w->spoiled[r] || w->internal[r] > 1)
            continue;
        for (int k = w->start[r]; k < w->start[r + 1]; k++)
            res[w->pts[k]] = (uint8_t)c;
    }
}

int sgf_position_pass_alive(const sgf_position *p, int suicide,
                            unsigned char *map)
{
    benson_work w;
    uint8_t res[BOARD_POINTS];
    uint16_t lhead[BOARD_POINTS], lnext[BOARD_POINTS];
    const uint16_t *head = p->b.head, *next = p->b.next;
    if (p->b.dirty) {
        build_strings(p, lhead, lnext);
        head = lhead;
        next = lnext;
    }
    memset(res, 0, (size_t)p->b.npoints);
    benson_color(p, head, next, &w, SGF_BLACK, suicide != 0, res);
    benson_color(p, head, next, &w, SGF_WHITE, suicide != 0, res);
    for (int y = 0; y < p->b.height; y++)
        memcpy(map + (size_t)y * (size_t)p->b.width,
               res + (y + 1) * p->b.stride, (size_t)p->b.width);
    return SGF_OK;
}
