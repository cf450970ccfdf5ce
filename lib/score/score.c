/*
 * score.c - the count of a position (doc/scoring.md): area or
 * territory, seki, false eyes, group tax, komi, handicap bonus, and the
 * result as RE text.
 *
 * The caller says which stones are dead (SGF_MAP_DEAD); they are taken
 * off first.  Then, on the board without them:
 *  - areas: connected sets of points without a living stone (empty points
 *    and points under dead stones).  An area touching living stones of one
 *    colour only is that colour's; any other area is dame.
 *  - regions: connected sets of points that count for one colour (its
 *    living strings and the areas between them): one independent life, in
 *    KataGo's words, and what the group tax charges.
 *  - false eyes (goscorer's definition): a point of an area, with at most
 *    one neighbour in that area, whose removal cuts the owner's stones
 *    around it apart: a cut vertex of the graph of the owner's stones, the
 *    owner's areas and dame (which the owner may still fill to connect).
 *    It must eventually be filled, and scores nothing under territory
 *    rules that know seki (tax SEKI or ALL), when one of the pieces it
 *    cuts off has no eye.
 *  - eyes: the points of an area that are not false eyes make an eye worth
 *    0 (none), 1, or 2 when it is big (6 points, less the points next to
 *    false eyes) or has an empty point that splits it in two (goscorer's
 *    bottleneck: the owner can make two eyes of it).
 *  - seki: a region with less than two eyes, or holding one of its owner's
 *    strings in atari (KataGo), or a stone the caller marked SGF_MAP_SEKI.
 *    Under tax rules its points count nothing and it pays no group tax.
 * A finished game is assumed: a region with two eyes is alive even next to
 * an unfilled dame (KataGo's mid-game rule calls that seki; a caller who
 * wants that says so with SGF_MAP_SEKI).
 *
 * Every array is on the stack (about 120 KB) and only the board's part of
 * it is touched; nothing is allocated.  The floods are written without branches on the
 * colours they meet (as good as random: mispredicted branches cost more
 * than the work), the strings are the position's own, and the regions are
 * unions of strings and areas, so the board is walked four times.  The cut
 * vertices are searched only when an eye point touches two strings.
 */
#include <stdio.h>
#include <string.h>
#include "go/board.h"
#include "go/position.h"

enum {
    NIDS = BOARD_MAX * BOARD_MAX,       /* areas: a point each */
    AREA_NODE = BOARD_POINTS,           /* union-find: strings by head, */
    NODES = AREA_NODE + NIDS,           /* then areas */
    NONE = 0xffff
};

/* point flags */
enum {
    F_FALSE = 1,        /* false eye for life and death */
    F_UNSCORED = 2      /* a false eye that must be filled */
};

typedef struct score_work {
    uint8_t live[BOARD_POINTS];    /* colour of a living stone; 0 for empty
                                    * and dead points; BOARD_BORDER */
    uint8_t own[BOARD_POINTS];     /* colour a point counts for: a living
                                    * stone's, its area's owner; 0: dame */
    uint8_t mk[BOARD_POINTS];      /* the caller's seki and unsettled bits */
    uint8_t flag[BOARD_POINTS];
    uint16_t aid[BOARD_POINTS];    /* area of a point without a living stone */
    uint16_t lhead[BOARD_POINTS];  /* strings of the living stones, when the
                                    * position's own will not do */
    uint16_t heads[BOARD_POINTS];  /* the living strings */
    uint16_t apts[BOARD_POINTS + 4];   /* the points of each area, together
                                        * (+4: a flood writes one ahead) */
    /* by string head */
    uint8_t libs[BOARD_POINTS];    /* liberties, up to 2 */
    uint8_t smark[BOARD_POINTS];   /* the caller's bits on its stones */
    uint8_t hseki[BOARD_POINTS];   /* its region is seki */
    /* areas */
    uint8_t aown[NIDS + 1];        /* owner, 0: dame ([NIDS]: no area) */
    uint8_t avalue[NIDS];          /* eye value, 0..2 */
    uint8_t afalse[NIDS];          /* holds false eye points */
    uint8_t aseki[NIDS + 1];       /* first: a point marked seki by the
                                    * caller; then: its region is seki */
    uint16_t astart[NIDS + 1];     /* its points: apts[astart[a]..astart[a+1]) */
    /* union-find over strings (by head) and areas (AREA_NODE + id): the
     * graph of one colour for the false eyes, then the regions */
    uint16_t uf[NODES];
    uint16_t hid[NODES];           /* false eyes: H node + 1 of a root or a
                                    * candidate; regions: seki | eyes << 1 */
} score_work;

/* The strings of the living stones, for a position whose own are stale
 * (setup not completed) or split by stones marked dead. */
static void build_strings(const sgf_position *p, score_work *w)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    const int first = p->b.stride, last = (p->b.height + 1) * p->b.stride;
    /* heads[] is free until the strings are known: the flood's stack */
    memset(w->lhead, 0, (size_t)p->b.npoints * sizeof *w->lhead);
    for (int pt = first; pt < last; pt++) {
        int c = w->live[pt];
        if (c == 0 || c == BOARD_BORDER || w->lhead[pt])
            continue;
        int sp = 0;
        w->lhead[pt] = (uint16_t)pt;
        w->heads[sp++] = (uint16_t)pt;
        while (sp) {
            int s = w->heads[--sp];
            for (int i = 0; i < 4; i++) {
                int q = s + d[i];
                if (w->live[q] == c && !w->lhead[q]) {
                    w->lhead[q] = (uint16_t)pt;
                    w->heads[sp++] = (uint16_t)q;
                }
            }
        }
    }
}

/* ---- areas ---- */

/* Traces the areas: their points, owners, and the liberties of the
 * strings around them.  Returns how many. */
static int trace_areas(const sgf_position *p, score_work *w,
                       const uint16_t *head)
{
    static const uint8_t touch_of[4] = { 0, 1, 2, 0 };   /* not the border */
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    const int first = p->b.stride, last = (p->b.height + 1) * p->b.stride;
    int na = 0, np = 0;
    memset(w->aid, 0xff, (size_t)p->b.npoints * sizeof *w->aid);
    memset(w->libs, 0, (size_t)p->b.npoints);
    for (int pt = first; pt < last; pt++) {
        if (!((w->live[pt] == 0) & (w->aid[pt] == NONE)))
            continue;
        int start = np, touch = 0, mark = 0;
        w->astart[na] = (uint16_t)start;
        w->aid[pt] = (uint16_t)na;
        w->apts[np++] = (uint16_t)pt;
        for (int k = start; k < np; k++) {
            const int s = w->apts[k];
            int h[4];
            mark |= w->mk[s];
            for (int i = 0; i < 4; i++) {
                int q = s + d[i], lq = w->live[q];
                touch |= touch_of[lq];
                h[i] = touch_of[lq] ? head[q] : 0;
                int take = (lq == 0) & (w->aid[q] == NONE);
                w->apts[np] = (uint16_t)q;
                w->aid[q] = take ? (uint16_t)na : w->aid[q];
                np += take;
            }
            /* one liberty for each string around s (slot 0: none) */
            w->libs[h[0]] = (uint8_t)(w->libs[h[0]] + (w->libs[h[0]] < 2));
            w->libs[h[1]] = (uint8_t)(w->libs[h[1]] +
                                      ((h[1] != h[0]) & (w->libs[h[1]] < 2)));
            w->libs[h[2]] = (uint8_t)(w->libs[h[2]] +
                                      ((h[2] != h[0]) & (h[2] != h[1]) &
                                       (w->libs[h[2]] < 2)));
            w->libs[h[3]] = (uint8_t)(w->libs[h[3]] +
                                      ((h[3] != h[0]) & (h[3] != h[1]) &
                                       (h[3] != h[2]) & (w->libs[h[3]] < 2)));
        }
        int o = touch == 3 ? 0 : touch;
        w->aown[na] = (uint8_t)o;
        w->afalse[na] = 0;
        w->avalue[na] = 0;
        w->aseki[na] = (mark & SGF_MAP_SEKI) != 0;
        for (int k = start; k < np; k++)
            w->own[w->apts[k]] = (uint8_t)o;
        na++;
    }
    w->astart[na] = (uint16_t)np;
    w->aown[NIDS] = 0;
    w->aseki[NIDS] = 0;
    return na;
}

/* ---- false eyes ---- */

/* Whether a candidate (a point of an area of c with at most one neighbour
 * in it) obviously cuts nothing: its stones are one string, and its area
 * neighbour, if any, touches that string too.  Most eye points are. */
static int obviously_real(const sgf_position *p, const score_work *w,
                          const uint16_t *head, int pt, int c)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    int s = -1, e = 0;
    for (int i = 0; i < 4; i++) {
        int q = pt + d[i];
        if (w->live[q] == c) {
            if (s >= 0 && head[q] != s)
                return 0;
            s = head[q];
        } else if (w->live[q] == 0) {
            e = q;
        }
    }
    if (!e)
        return 1;
    for (int i = 0; i < 4; i++) {
        int q = e + d[i];
        if (w->live[q] == c && head[q] == s)
            return 1;
    }
    return 0;
}

/* Points of pt's area next to it. */
static inline int area_neighbours(const sgf_position *p, const score_work *w,
                                  int pt)
{
    return (w->live[pt - p->b.stride] == 0) + (w->live[pt - 1] == 0) +
           (w->live[pt + 1] == 0) + (w->live[pt + p->b.stride] == 0);
}

/* Whether the points pts[0..n) (at most 16) fall apart without pts[k]. */
static int splits(const sgf_position *p, const uint16_t *pts, int n, int k)
{
    uint32_t seen = 1u << k;
    int pieces = 0;
    for (int j = 0; j < n; j++) {
        if (seen & (1u << j))
            continue;
        if (++pieces == 2)
            return 1;
        seen |= 1u << j;
        for (int grew = 1; grew;) {
            grew = 0;
            for (int m = 0; m < n; m++) {
                if (seen & (1u << m))
                    continue;
                for (int t = 0; t < n; t++) {
                    int diff = pts[m] - pts[t];
                    if (t != k && (seen & (1u << t)) &&
                        (diff == 1 || diff == -1 || diff == p->b.stride ||
                         diff == -p->b.stride)) {
                        seen |= 1u << m;
                        grew = 1;
                        break;
                    }
                }
            }
        }
    }
    return 0;
}

/* Eye value of area a (its false points marked). */
static int eye_value(const sgf_position *p, const score_work *w, int a)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    const uint16_t *all = w->apts + w->astart[a];
    const int size = w->astart[a + 1] - w->astart[a];
    uint16_t pts[16];
    int real = 0, weak = 0;
    if (!w->afalse[a]) {
        if (size >= 6)
            return 2;
        if (size < 3)
            return 1;
        memcpy(pts, all, (size_t)size * sizeof *pts);
        real = size;
    } else {
        for (int k = 0; k < size; k++) {
            int s = all[k];
            if (w->flag[s] & F_FALSE)
                continue;
            int nearfalse = 0;
            for (int i = 0; i < 4; i++)
                nearfalse |= w->live[s + d[i]] == 0 &&
                             (w->flag[s + d[i]] & F_FALSE);
            weak += nearfalse;
            if (real < 16)
                pts[real] = (uint16_t)s;
            real++;
        }
        if (!real)
            return 0;
        if (real - weak >= 6 || real > 16)
            return 2;
        if (real < 3)
            return 1;
    }
    for (int k = 0; k < real; k++)
        if (p->b.color[pts[k]] == SGF_EMPTY && splits(p, pts, real, k))
            return 2;   /* a dead stone is not the owner's to play */
    return 1;
}

static int find(uint16_t *uf, int x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* The cut-vertex search of one colour.  The graph of c (c's stones, c's
 * areas, the dame) is reduced to what can matter: the hard candidates
 * (false-eye candidates that are not obviously real) stay points, and the
 * rest falls into union-find components, whose insides a cut vertex among
 * the candidates does not see.  The search runs on that small graph H: a
 * few dozen nodes on a finished board.  More than MAX_HARD candidates of
 * one colour (a board filled with false eyes by design) are all counted
 * real. */
enum { MAX_HARD = 256, MAX_H = 1024, F_HARD = 8 };

typedef struct eye_work {
    uint16_t *uf, *hid;            /* score_work's */
    int full;                      /* H outgrew MAX_H */
    uint16_t stamp[BOARD_POINTS];  /* by head: the last area joined to it */
    uint16_t hard[MAX_HARD];       /* the hard candidates */
    /* H: a node is a root of uf or a candidate point (the first nc) */
    uint16_t what[MAX_H];          /* its root, or its point */
    uint8_t pos[MAX_H];            /* holds a real point of a positive eye */
    uint16_t tgt[MAX_HARD][4];     /* a candidate's neighbours in H, +1 */
    uint16_t estart[MAX_H + 1];    /* a root's candidates: edge[estart..] */
    uint16_t edge[4 * MAX_HARD];
    /* the search */
    uint16_t disc[MAX_H], low[MAX_H], up[MAX_H], sub[MAX_H], span[MAX_H];
    uint16_t order[MAX_H], stack[MAX_H], iter[MAX_H];
} eye_work;

static inline int h_degree(const eye_work *e, int nc, int v)
{
    if (v >= nc)
        return e->estart[v + 1] - e->estart[v];
    int k = 0;
    while (k < 4 && e->tgt[v][k])
        k++;
    return k;
}

static inline int h_neighbour(const eye_work *e, int nc, int v, int i)
{
    return v < nc ? e->tgt[v][i] - 1 : e->edge[e->estart[v] + i];
}

/* Depth-first search of H from root without recursion: discovery times,
 * low points, parents (up: node + 1) and the preorder from order[n0]. */
static int h_dfs(eye_work *e, int nc, int root, int *clock, int n0)
{
    int sp = 0, n = n0;
    e->disc[root] = e->low[root] = (uint16_t)++*clock;
    e->up[root] = 0;
    e->iter[root] = 0;
    e->order[n++] = (uint16_t)root;
    e->stack[sp++] = (uint16_t)root;
    while (sp) {
        int v = e->stack[sp - 1];
        if (e->iter[v] < h_degree(e, nc, v)) {
            int u = h_neighbour(e, nc, v, e->iter[v]++);
            if (!e->disc[u]) {
                e->disc[u] = e->low[u] = (uint16_t)++*clock;
                e->up[u] = (uint16_t)(v + 1);
                e->iter[u] = 0;
                e->order[n++] = (uint16_t)u;
                e->stack[sp++] = (uint16_t)u;
            } else if (u + 1 != e->up[v] && e->disc[u] < e->low[v]) {
                e->low[v] = e->disc[u];
            }
        } else {
            sp--;
            int u = e->up[v];
            if (u && e->low[v] < e->low[u - 1])
                e->low[u - 1] = e->low[v];
        }
    }
    return n;
}

/* Whether the piece of H without the cut vertex v that holds v's
 * neighbour u has no positive node: sub[] counts them in each subtree of
 * the search, span[] is the subtree's size. */
static int piece_is_eyeless(const eye_work *e, int nc, int v, int u,
                            int total)
{
    int under = 0;   /* positive nodes of the pieces hanging from v */
    int mine = -1;   /* those of u's piece, when it is one of them */
    for (int i = 0; i < h_degree(e, nc, v); i++) {
        int ch = h_neighbour(e, nc, v, i);
        if (e->up[ch] != v + 1 || e->disc[ch] <= e->disc[v])
            continue;
        int inside = e->disc[u] >= e->disc[ch] &&
                     e->disc[u] < e->disc[ch] + e->span[ch];
        if (e->low[ch] >= e->disc[v]) {
            under += e->sub[ch];
            if (inside)
                mine = e->sub[ch];
        }
    }
    if (mine >= 0)
        return mine == 0;
    /* the piece above v: all but v and the pieces hanging from it */
    return total - e->pos[v] - under == 0;
}

/* The key of the H node a neighbour q of a candidate belongs to: its
 * union-find root, or q itself when it is another hard candidate. */
static inline int key_of(const score_work *w, eye_work *e,
                         const uint16_t *head, int q, int c)
{
    if (w->live[q] == c)
        return find(e->uf, head[q]);
    if (w->flag[q] & F_HARD)
        return q;
    return find(e->uf, AREA_NODE + w->aid[q]);
}

/* H node of key (a root, or a candidate point when candidate), added
 * when new. */
static int h_node(eye_work *e, int key, int *nh)
{
    if (!e->hid[key]) {
        if (*nh == MAX_H) {
            e->full = 1;
            return 0;
        }
        e->what[*nh] = (uint16_t)key;
        e->pos[*nh] = 0;
        e->hid[key] = (uint16_t)++*nh;
    }
    return e->hid[key] - 1;
}

/* False eyes and eye values of c's areas. */
static void eyes_of(const sgf_position *p, score_work *w,
                    const uint16_t *head, int nheads, int c, int narea)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    eye_work e;
    int nq = 0, nc = 0, nh = 0, n = 0;
    e.uf = w->uf;
    e.hid = w->hid;
    e.full = 0;

    /* the hard candidates */
    for (int a = 0; a < narea && nq <= MAX_HARD; a++) {
        if (w->aown[a] != c)
            continue;
        for (int k = w->astart[a]; k < w->astart[a + 1] && nq <= MAX_HARD; k++) {
            int pt = w->apts[k];
            if (area_neighbours(p, w, pt) > 1 ||
                obviously_real(p, w, head, pt, c))
                continue;
            if (nq < MAX_HARD) {
                w->flag[pt] |= F_HARD;
                e.hard[nq] = (uint16_t)pt;
            }
            nq++;
        }
    }
    if (nq > MAX_HARD) {
        for (int i = 0; i < MAX_HARD; i++)
            w->flag[e.hard[i]] &= (uint8_t)~F_HARD;
        nq = 0;
    }
    if (!nq)
        goto values;

    /* the rest of c's graph in union-find components */
    for (int i = 0; i < nheads; i++) {
        int h = w->heads[i];
        e.uf[h] = (uint16_t)h;
        e.stamp[h] = 0;
        e.hid[h] = 0;
    }
    for (int a = 0; a < narea; a++) {
        int node = AREA_NODE + a;
        e.uf[node] = (uint16_t)node;
        e.hid[node] = 0;
        if (w->aown[a] != c && w->aown[a] != 0)
            continue;
        for (int k = w->astart[a]; k < w->astart[a + 1]; k++) {
            int pt = w->apts[k];
            if (w->flag[pt] & F_HARD)
                continue;
            for (int i = 0; i < 4; i++) {
                int q = pt + d[i];
                if (w->live[q] != c || e.stamp[head[q]] == a + 1)
                    continue;
                e.stamp[head[q]] = (uint16_t)(a + 1);
                int x = find(e.uf, head[q]), y = find(e.uf, node);
                if (x != y)
                    e.uf[x] = (uint16_t)y;
            }
        }
    }

    /* H: candidates first (one component around them: real at once, no
     * node), then the roots they touch */
    for (int i = 0; i < nq; i++)
        e.hid[e.hard[i]] = 0;
    for (int i = 0; i < nq; i++) {
        int pt = e.hard[i], key = -1, alone = 1;
        for (int j = 0; j < 4 && alone; j++) {
            int q = pt + d[j];
            if (w->live[q] != c && w->live[q] != 0)
                continue;
            int k = key_of(w, &e, head, q, c);
            alone = (w->flag[q] & F_HARD) == 0 && (key < 0 || key == k);
            key = k;
        }
        if (alone)
            w->flag[pt] &= (uint8_t)~F_HARD;   /* real */
        else
            e.hard[nc++] = (uint16_t)pt;
    }
    for (int i = 0; i < nc; i++)
        h_node(&e, e.hard[i], &nh);   /* nodes 0..nc-1 */
    for (int v = 0; v < nc; v++) {
        int pt = e.hard[v], m = 0;
        for (int j = 0; j < 4; j++)
            e.tgt[v][j] = 0;
        for (int j = 0; j < 4; j++) {
            int q = pt + d[j];
            if (w->live[q] != c && w->live[q] != 0)
                continue;
            int u = h_node(&e, key_of(w, &e, head, q, c), &nh), dup = 0;
            for (int k = 0; k < m; k++)
                dup |= e.tgt[v][k] == u + 1;
            if (!dup)
                e.tgt[v][m++] = (uint16_t)(u + 1);
        }
    }
    if (e.full) {
        /* a board made of false eyes: counted real */
        for (int i = 0; i < nc; i++)
            w->flag[e.hard[i]] &= (uint8_t)~F_HARD;
        nc = 0;
        goto values;
    }
    /* each root's candidates */
    memset(e.estart, 0, (size_t)(nh + 1) * sizeof *e.estart);
    for (int v = 0; v < nc; v++)
        for (int j = 0; j < 4 && e.tgt[v][j]; j++)
            if (e.tgt[v][j] - 1 >= nc)
                e.estart[e.tgt[v][j]]++;
    for (int u = 0; u < nh; u++)
        e.estart[u + 1] = (uint16_t)(e.estart[u + 1] + e.estart[u]);
    for (int u = 0; u < nh; u++)
        e.iter[u] = e.estart[u];
    for (int v = 0; v < nc; v++)
        for (int j = 0; j < 4 && e.tgt[v][j]; j++) {
            int u = e.tgt[v][j] - 1;
            if (u >= nc)
                e.edge[e.iter[u]++] = (uint16_t)v;
        }

    /* cut vertices among the candidates */
    int clock = 0;
    memset(e.disc, 0, (size_t)nh * sizeof *e.disc);
    for (int r = 0; r < nh; r++) {
        if (e.disc[r])
            continue;
        int n0 = n;
        n = h_dfs(&e, nc, r, &clock, n);
        for (int j = n0; j < n; j++) {
            int v = e.order[j];
            if (v >= nc)
                continue;
            int children = 0, cut = 0;
            for (int i = 0; i < h_degree(&e, nc, v); i++) {
                int ch = h_neighbour(&e, nc, v, i);
                if (e.up[ch] == v + 1 && e.disc[ch] > e.disc[v]) {
                    children++;
                    cut |= e.low[ch] >= e.disc[v];
                }
            }
            if (j == n0 ? children >= 2 : cut) {
                int pt = e.what[v];
                w->flag[pt] |= F_FALSE;
                w->afalse[w->aid[pt]] = 1;
            }
        }
    }

values:
    for (int a = 0; a < narea; a++)
        if (w->aown[a] == c)
            w->avalue[a] = (uint8_t)eye_value(p, w, a);
    if (!nc)
        goto done;
    /* a false eye must be filled when a piece it cuts off has no eye: the
     * positive nodes (holding a real point of an eye worth something),
     * counted in each subtree */
    for (int a = 0; a < narea; a++) {
        if (w->aown[a] != c || !w->avalue[a])
            continue;
        for (int k = w->astart[a]; k < w->astart[a + 1]; k++) {
            int pt = w->apts[k], x;
            if (w->flag[pt] & F_FALSE)
                continue;
            if (w->flag[pt] & F_HARD) {
                x = pt;
            } else {
                /* in a component: that of a stone next to it (a
                 * candidate found real at once joined no component) */
                x = find(e.uf, AREA_NODE + a);
                for (int j = 0; j < 4; j++)
                    if (w->live[pt + d[j]] == c) {
                        x = find(e.uf, head[pt + d[j]]);
                        break;
                    }
            }
            if (e.hid[x])
                e.pos[e.hid[x] - 1] = 1;
        }
    }
    for (int k = 0; k < n; k++) {
        int v = e.order[k];
        e.sub[v] = e.pos[v];
        e.span[v] = 1;
    }
    for (int k = n - 1; k >= 0; k--) {
        int v = e.order[k], u = e.up[v];
        if (u) {
            e.sub[u - 1] = (uint16_t)(e.sub[u - 1] + e.sub[v]);
            e.span[u - 1] = (uint16_t)(e.span[u - 1] + e.span[v]);
        }
    }
    /* each tree's root comes first in the preorder and holds its total */
    for (int k = 0, total = 0; k < n; k++) {
        int v = e.order[k];
        if (!e.up[v])
            total = e.sub[v];
        if (v >= nc || !(w->flag[e.what[v]] & F_FALSE))
            continue;
        int pt = e.what[v];
        for (int j = 0; j < 4; j++) {
            int q = pt + d[j];
            if (w->live[q] != c)
                continue;
            int u = e.hid[find(e.uf, head[q])] - 1;
            if (piece_is_eyeless(&e, nc, v, u, total)) {
                w->flag[pt] |= F_UNSCORED;
                break;
            }
        }
    }
done:
    for (int i = 0; i < nc; i++)
        w->flag[e.hard[i]] &= (uint8_t)~F_HARD;
}

/* A dead stone thrown in on a false eye that must be filled spoils the
 * points of the area next to it too (goscorer). */
static void throw_ins(const sgf_position *p, score_work *w, int narea)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    for (int a = 0; a < narea; a++) {
        if (!w->afalse[a])
            continue;
        for (int k = w->astart[a]; k < w->astart[a + 1]; k++) {
            int pt = w->apts[k];
            if (!(w->flag[pt] & F_UNSCORED) || p->b.color[pt] == SGF_EMPTY)
                continue;
            for (int i = 0; i < 4; i++)
                if (w->live[pt + d[i]] == 0)
                    w->flag[pt + d[i]] |= F_UNSCORED;
        }
    }
}

/* ---- regions ---- */

/* Regions as unions of each owned area with the strings around it; marks
 * the strings and areas of seki regions and counts the others by colour
 * in groups. */
static void regions(const sgf_position *p, score_work *w,
                    const uint16_t *head, int nh, int narea, int marked_only,
                    int *groups)
{
    const int d[4] = { -p->b.stride, -1, 1, p->b.stride };
    for (int i = 0; i < nh; i++) {
        int h = w->heads[i];
        w->uf[h] = (uint16_t)h;
    }
    for (int a = 0; a < narea; a++) {
        int node = AREA_NODE + a, c = w->aown[a];
        w->uf[node] = (uint16_t)node;
        if (!c)
            continue;
        for (int k = w->astart[a]; k < w->astart[a + 1]; k++) {
            int pt = w->apts[k];
            for (int i = 0; i < 4; i++) {
                int q = pt + d[i];
                if (w->live[q] != c)
                    continue;
                int x = find(w->uf, head[q]), y = find(w->uf, node);
                if (x != y)
                    w->uf[x] = (uint16_t)y;
            }
        }
    }
    /* at each root: bit 0 seki by atari or mark, bits 1-2 the eyes */
    uint16_t *info = w->hid;
    for (int i = 0; i < nh; i++)
        info[find(w->uf, w->heads[i])] = 0;
    for (int a = 0; a < narea; a++)
        if (w->aown[a])
            info[find(w->uf, AREA_NODE + a)] = 0;
    for (int i = 0; i < nh; i++) {
        int h = w->heads[i], r = find(w->uf, h);
        info[r] |= (uint16_t)((!marked_only && w->libs[h] < 2) |
                              ((w->smark[h] & SGF_MAP_SEKI) != 0));
    }
    for (int a = 0; a < narea; a++)
        if (w->aown[a]) {
            int r = find(w->uf, AREA_NODE + a);
            int e = (info[r] >> 1) + w->avalue[a];
            info[r] = (uint16_t)((info[r] & 1) | w->aseki[a] |
                                 (e > 2 ? 2 : e) << 1);
        }
    for (int i = 0; i < nh; i++) {
        int h = w->heads[i], r = find(w->uf, h);
        int seki = (info[r] & 1) | (!marked_only && (info[r] >> 1) < 2);
        w->hseki[h] = (uint8_t)seki;
        groups[w->live[h]] += r == h && !seki;
    }
    for (int a = 0; a < narea; a++) {
        int r = find(w->uf, AREA_NODE + a);
        int seki = w->aown[a] &&
                   ((info[r] & 1) | (!marked_only && (info[r] >> 1) < 2));
        w->aseki[a] = (uint8_t)seki;
        groups[w->aown[a]] += w->aown[a] && r == AREA_NODE + a && !seki;
    }
}

/* ---- the count ---- */

/* KataGo's button: the first player to pass gets half a point; before
 * anyone passed, the player to move (who would pass first now). */
static int button_holder(const sgf_position *p)
{
    for (int i = 1; i < p->h.nlog; i++)
        if (p->h.log[i].flags & PLY_PASS)
            return p->h.log[i].color;
    return p->h.to_move;
}

int sgf_position_score(const sgf_position *p, int handicap, unsigned flags,
                       unsigned char *map, sgf_score *s)
{
    score_work w;
    const sgf_rules *r = &p->h.rules;
    const int stride = p->b.stride, first = stride,
              last = (p->b.height + 1) * stride;
    const int territory = r->scoring == SGF_SCORING_TERRITORY;
    const int tax = r->tax != SGF_TAX_NONE;
    int dead[4] = { 0, 0, 0, 0 }, marks = 0, marked = 0;

    memset(s, 0, sizeof *s);
    memset(w.live, BOARD_BORDER, (size_t)p->b.npoints);
    memset(w.flag, 0, (size_t)p->b.npoints);
    for (int y = 0; y < p->b.height; y++) {
        const unsigned char *m = map + (size_t)y * (size_t)p->b.width;
        int row = (y + 1) * stride;
        for (int x = 0; x < p->b.width; x++) {
            int c = p->b.color[row + x], isdead = (m[x] & SGF_MAP_DEAD) != 0;
            int mk = m[x] & (SGF_MAP_SEKI | SGF_MAP_UNSETTLED);
            dead[c] += isdead;   /* dead[0]: dead marks on empty points */
            w.live[row + x] = (uint8_t)(isdead ? 0 : c);
            w.mk[row + x] = (uint8_t)mk;
            marks |= mk;
            marked |= m[x] & SGF_MAP_MARKED;
        }
        w.mk[row + p->b.width] = 0;
    }
    s->dead[SGF_BLACK] = dead[SGF_BLACK];
    s->dead[SGF_WHITE] = dead[SGF_WHITE];
    memcpy(w.own, w.live, (size_t)p->b.npoints);

    /* the position's strings, unless a string is only partly dead */
    const uint16_t *head = p->b.head;
    int rebuild = p->b.dirty;
    if (!rebuild && (dead[SGF_BLACK] | dead[SGF_WHITE]))
        for (int pt = first; pt < last && !rebuild; pt++) {
            int c = p->b.color[pt];
            rebuild = w.live[pt] == 0 && c != SGF_EMPTY &&
                      (w.live[pt - stride] == c || w.live[pt - 1] == c ||
                       w.live[pt + 1] == c || w.live[pt + stride] == c);
        }
    if (rebuild) {
        build_strings(p, &w);
        head = w.lhead;
    }
    int nh = 0;
    for (int pt = first; pt < last; pt++) {
        int l = w.live[pt];
        w.heads[nh] = (uint16_t)pt;
        nh += (l == 1 || l == 2) & (head[pt] == pt);
    }
    if (marks) {
        memset(w.smark, 0, (size_t)p->b.npoints);
        for (int pt = first; pt < last; pt++)
            w.smark[head[pt]] |= w.mk[pt];
        for (int i = 0; i < nh; i++)
            s->unsettled += (w.smark[w.heads[i]] & SGF_MAP_UNSETTLED) != 0;
    } else {
        for (int i = 0; i < nh; i++)
            w.smark[w.heads[i]] = 0;
    }

    int narea = trace_areas(p, &w, head);
    eyes_of(p, &w, head, nh, SGF_BLACK, narea);
    eyes_of(p, &w, head, nh, SGF_WHITE, narea);
    throw_ins(p, &w, narea);
    int groups[4] = { 0, 0, 0, 0 };
    regions(p, &w, head, nh, narea, (flags & SGF_SCORE_MARKED_SEKI) != 0,
            groups);
    s->groups[SGF_BLACK] = groups[SGF_BLACK];
    s->groups[SGF_WHITE] = groups[SGF_WHITE];
    w.hseki[0] = 0;

    int count[8] = { 0 };   /* stones B W, territory B W, seki, dame */
    for (int y = 0; y < p->b.height; y++) {
        unsigned char *m = map + (size_t)y * (size_t)p->b.width;
        int row = (y + 1) * stride;
        for (int x = 0; x < p->b.width; x++) {
            int pt = row + x, c = w.live[pt], o = w.own[pt];
            int a = w.aid[pt] < NIDS ? w.aid[pt] : NIDS;
            int seki = c ? w.hseki[head[pt]] : w.aseki[a];
            int unscored = (w.flag[pt] & F_UNSCORED) != 0;
            int bits = m[x] & ~(SGF_MAP_OWNER | SGF_MAP_SEKI |
                                SGF_MAP_FALSE_EYE);
            int k;   /* 0-1 stones, 2-3 territory, 4 seki, 5 dame */
            if (c) {
                k = c - 1;
                bits |= territory ? 0 : c;
            } else if (marked) {
                /* the territory the record marks, point for point */
                int g = m[x] & SGF_MAP_MARKED ? m[x] & SGF_MAP_OWNER : 0;
                k = g == SGF_BLACK || g == SGF_WHITE ? g + 1 : 5;
                bits |= k == 5 ? 0 : g;
            } else if (!o) {
                k = 5;
            } else if (seki && tax) {
                k = 4;
            } else if (unscored && territory && tax) {
                k = 5;
            } else {
                k = o + 1;
                bits |= o;
            }
            bits |= (seki ? SGF_MAP_SEKI : 0) |
                    (!c && unscored ? SGF_MAP_FALSE_EYE : 0);
            count[k]++;
            m[x] = (unsigned char)bits;
        }
    }
    s->stones[SGF_BLACK] = count[0];
    s->stones[SGF_WHITE] = count[1];
    s->territory[SGF_BLACK] = count[2];
    s->territory[SGF_WHITE] = count[3];
    s->seki = count[4];
    s->dame = count[5];

    s->prisoners[SGF_BLACK] = p->b.prisoners[SGF_BLACK];
    s->prisoners[SGF_WHITE] = p->b.prisoners[SGF_WHITE];
    s->handicap = handicap >= 2 ? handicap : 0;
    s->bonus = r->bonus == SGF_BONUS_N ? s->handicap
             : r->bonus == SGF_BONUS_N_MINUS_1 && s->handicap ? s->handicap - 1
             : 0;
    s->komi = r->komi;
    if (r->button)
        s->komi += button_holder(p) == SGF_WHITE ? 0.5 : -0.5;
    if (territory) {
        s->black = s->territory[SGF_BLACK] + s->prisoners[SGF_BLACK] +
                   s->dead[SGF_WHITE];
        s->white = s->territory[SGF_WHITE] + s->prisoners[SGF_WHITE] +
                   s->dead[SGF_BLACK];
    } else {
        s->black = s->stones[SGF_BLACK] + s->territory[SGF_BLACK];
        s->white = s->stones[SGF_WHITE] + s->territory[SGF_WHITE];
    }
    if (r->tax == SGF_TAX_ALL) {
        s->black -= 2 * s->groups[SGF_BLACK];
        s->white -= 2 * s->groups[SGF_WHITE];
    }
    s->white += s->komi + s->bonus;
    s->margin = s->white - s->black;
    s->winner = s->margin > 0 ? SGF_WHITE
              : s->margin < 0 || r->black_wins_ties ? SGF_BLACK : SGF_EMPTY;
    return SGF_OK;
}

/* ---- the result as text ---- */

/* x without trailing zeros: 3.5, 0.25, 7. */
static void number(char *buf, size_t n, double x)
{
    snprintf(buf, n, "%.2f", x);
    char *dot = strchr(buf, '.');
    if (!dot)
        return;
    char *e = buf + strlen(buf);
    while (e > dot + 1 && e[-1] == '0')
        *--e = 0;
    if (e == dot + 1)
        *dot = 0;
}

/* tmp into buf, cut at a character boundary when it does not fit. */
static void put(char *buf, size_t n, const char *tmp)
{
    size_t len = strlen(tmp);
    if (len >= n) {
        len = n - 1;
        while (len && ((unsigned char)tmp[len] & 0xc0) == 0x80)
            len--;
    }
    memcpy(buf, tmp, len);
    buf[len] = 0;
}

void sgf_score_result(const sgf_score *s, int stones, char *buf, size_t n)
{
    char num[48], tmp[96];
    double m = s->margin < 0 ? -s->margin : s->margin;
    if (!n)
        return;
    if (!stones) {
        if (s->winner != SGF_BLACK && s->winner != SGF_WHITE) {
            put(buf, n, "0");
            return;
        }
        number(num, sizeof num, m);
        snprintf(tmp, sizeof tmp, "%c+%s", s->winner == SGF_BLACK ? 'B' : 'W',
                 num);
        put(buf, n, tmp);
        return;
    }
    /* Chinese: the margin in stones (子), a point being half a stone:
     * 7.5 points = 3又3/4子, 0.5 = 1/4子; records write 子半 for a half
     * (RE[黑胜二子半], RE[白胜7子半]) and 半子 for a half alone */
    if (s->winner != SGF_BLACK && s->winner != SGF_WHITE) {
        put(buf, n, "和棋");
        return;
    }
    const char *who = s->winner == SGF_BLACK ? "黑胜" : "白胜";
    double st = m / 2;
    long k = (long)st;   /* st >= 0: truncation is the floor */
    double frac = st - (double)k;
    if (m == 0)   /* a tie Black wins (Ing) */
        snprintf(tmp, sizeof tmp, "%s", who);
    else if (frac == 0)
        snprintf(tmp, sizeof tmp, "%s%ld子", who, k);
    else if (frac == 0.5 && k)
        snprintf(tmp, sizeof tmp, "%s%ld子半", who, k);
    else if (frac == 0.5)
        snprintf(tmp, sizeof tmp, "%s半子", who);
    else if ((frac == 0.25 || frac == 0.75) && k)
        snprintf(tmp, sizeof tmp, "%s%ld又%s子", who, k,
                 frac == 0.25 ? "1/4" : "3/4");
    else if (frac == 0.25 || frac == 0.75)
        snprintf(tmp, sizeof tmp, "%s%s子", who, frac == 0.25 ? "1/4" : "3/4");
    else {
        number(num, sizeof num, st);
        snprintf(tmp, sizeof tmp, "%s%s子", who, num);
    }
    put(buf, n, tmp);
}
