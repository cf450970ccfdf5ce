/*
 * playout.c - light random playouts for the dead-stone estimator
 * (playout.h).  The board is a flat array of cells copied whole before
 * each playout (about 12 KB for 19x19), so a playout allocates nothing
 * and needs no undo.  Each point's neighbourhood code, kept as stones come
 * and go, answers the tests on a point's neighbours (eye, liberties,
 * shape) from one load rather than eight.  Liberties are pseudo-liberties with a sum and a sum
 * of squares, which answer "in atari?" and "which liberty?" in O(1) (the
 * libego/Pachi trick); only the self-atari test walks a string, and stops
 * at its second liberty.
 */
#include <string.h>
#include "score/playout.h"
#include "score/pat3.h"

/* How often a move answers the last one locally (local()): the best of
 * the rates tried (doc/dead-stones-history.md, "local answers"). */
enum { LOCAL_PER_MILLE = 300 };
/* The MoGo patterns answer the last move always when one matches, and
 * the vital point of an eye space next to it comes first: no worse on the
 * dead sets than less often, and a few more winners right. */
enum { PATTERN_PER_MILLE = 1000 };

/* One guard cell before the array: the top-left diagonal neighbour of
 * the first point is index -1 (one border column serves both edges, board.h).
 * Boards are laid one after another (the searches keep one per ply), so
 * the size is rounded up to keep the next board's cells aligned. */
size_t pl_bytes(const sgf_position *p)
{
    /* the neighbourhood codes have a guard entry too */
    size_t n = ((size_t)p->b.npoints + 1) * sizeof(pl_cell) +
               (2 * (size_t)p->b.npoints + 1) * sizeof(uint16_t);
    const size_t align = _Alignof(pl_cell);
    return (n + align - 1) / align * align;
}

/* xorshift64*: the state lives in the caller (no global state); a draw in
 * [0, n) by multiplication, which is unbiased enough for a policy. */
static inline uint32_t rnd(uint64_t *s, uint32_t n)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return (uint32_t)(((x * 0x2545f4914f6cdd1du) >> 32) * (uint64_t)n >> 32);
}

static inline void add_lib(pl_cell *h, int pt)
{
    h->plibs++;
    h->lsum += (uint32_t)pt;
    h->lsq += (uint64_t)pt * (uint64_t)pt;
}

static inline void remove_lib(pl_cell *h, int pt)
{
    h->plibs--;
    h->lsum -= (uint32_t)pt;
    h->lsq -= (uint64_t)pt * (uint64_t)pt;
}

/* The fields of a neighbourhood code (pat3.h), by their low bit: the
 * four orthogonal neighbours, the four diagonal ones. */
enum { ORTH_LO = 0x1144u, DIAG_LO = 0x4411u, FIELDS_LO = 0x5555u };
/* The low bits of the orthogonal fields in the order of the neighbour
 * arrays { pt - s, pt - 1, pt + 1, pt + s }: N, W, E, S. */
static const unsigned orth_field[4] = { 1u << 2, 1u << 6, 1u << 8, 1u << 12 };

/* A code's fields as two bit sets, each field at its low bit: lo holds
 * Black (1) and the border (3), hi White (2) and the border. */
static inline unsigned code_lo(unsigned code)
{
    return code & FIELDS_LO;
}

static inline unsigned code_hi(unsigned code)
{
    return (code >> 1) & FIELDS_LO;
}

/* The orthogonal fields of code that hold a stone of c. */
static inline unsigned own_fields(unsigned code, int c)
{
    unsigned lo = code_lo(code), hi = code_hi(code);
    return (c == SGF_BLACK ? lo & ~hi : hi & ~lo) & ORTH_LO;
}

/* The eight neighbours of pt see a stone of colour c (1 to 3) appear
 * there: pt is the SE neighbour of its NW neighbour, and so on. */
static inline void nbr_put(pl_board *b, int pt, unsigned c)
{
    uint16_t *n = b->nbr;
    const int s = b->stride;
    n[pt - s - 1] = (uint16_t)(n[pt - s - 1] | c << 14);
    n[pt - s] = (uint16_t)(n[pt - s] | c << 12);
    n[pt - s + 1] = (uint16_t)(n[pt - s + 1] | c << 10);
    n[pt - 1] = (uint16_t)(n[pt - 1] | c << 8);
    n[pt + 1] = (uint16_t)(n[pt + 1] | c << 6);
    n[pt + s - 1] = (uint16_t)(n[pt + s - 1] | c << 4);
    n[pt + s] = (uint16_t)(n[pt + s] | c << 2);
    n[pt + s + 1] = (uint16_t)(n[pt + s + 1] | c);
}

/* ... and see it go. */
static inline void nbr_clear(pl_board *b, int pt)
{
    uint16_t *n = b->nbr;
    const int s = b->stride;
    n[pt - s - 1] &= (uint16_t)~(3u << 14);
    n[pt - s] &= (uint16_t)~(3u << 12);
    n[pt - s + 1] &= (uint16_t)~(3u << 10);
    n[pt - 1] &= (uint16_t)~(3u << 8);
    n[pt + 1] &= (uint16_t)~(3u << 6);
    n[pt + s - 1] &= (uint16_t)~(3u << 4);
    n[pt + s] &= (uint16_t)~(3u << 2);
    n[pt + s + 1] &= (uint16_t)~3u;
}

static inline void empty_add(pl_board *b, int pt)
{
    b->cell[pt].epos = (uint16_t)b->nempty;
    b->empty[b->nempty++] = (uint16_t)pt;
}

static inline void empty_remove(pl_board *b, int pt)
{
    int i = b->cell[pt].epos, last = b->empty[--b->nempty];
    b->empty[i] = (uint16_t)last;
    b->cell[last].epos = (uint16_t)i;
}

void pl_attach(pl_board *b, const sgf_position *p, void *mem)
{
    b->width = p->b.width;
    b->height = p->b.height;
    b->stride = p->b.stride;
    b->npoints = p->b.npoints;
    b->ko = 0;
    b->last = 0;
    b->nempty = 0;
    b->cell = (pl_cell *)mem + 1;
    b->empty = (uint16_t *)(b->cell + p->b.npoints);
    b->nbr = b->empty + p->b.npoints + 1;
    /* the guard cell: pl_copy never writes it */
    memset(b->cell - 1, 0, sizeof *b->cell);
    b->cell[-1].color = BOARD_BORDER;
    b->nbr[-1] = 0;
}

void pl_load(pl_board *b, const sgf_position *p, void *mem)
{
    const int s = p->b.stride;
    pl_attach(b, p, mem);
    memset(b->cell, 0, (size_t)p->b.npoints * sizeof *b->cell);
    for (int pt = 0; pt < p->b.npoints; pt++) {
        b->cell[pt].color = p->b.color[pt];
        if (p->b.color[pt] == SGF_EMPTY)
            empty_add(b, pt);
    }
    /* strings by flood fill, each a circular list through next */
    for (int pt = 0; pt < p->b.npoints; pt++) {
        pl_cell *c = &b->cell[pt];
        if ((c->color != SGF_BLACK && c->color != SGF_WHITE) || c->head)
            continue;
        c->head = (uint16_t)pt;
        c->next = (uint16_t)pt;
        c->size = 1;
        /* the list doubles as the queue: stones are appended after the
         * head and visited in list order */
        int at = pt;
        do {
            const int nb[4] = { at - s, at - 1, at + 1, at + s };
            for (int i = 0; i < 4; i++) {
                pl_cell *n = &b->cell[nb[i]];
                if (n->color == SGF_EMPTY)
                    add_lib(c, nb[i]);
                else if (n->color == c->color && !n->head) {
                    n->head = (uint16_t)pt;
                    n->next = b->cell[at].next;
                    b->cell[at].next = (uint16_t)nb[i];
                    c->size++;
                }
            }
            at = b->cell[at].next;
        } while (at != pt);
    }
    const pl_cell *cl = b->cell;
    for (int pt = 0; pt < p->b.npoints; pt++)
        b->nbr[pt] = cl[pt].color == BOARD_BORDER ? 0 : (uint16_t)(
            (unsigned)cl[pt - s - 1].color | (unsigned)cl[pt - s].color << 2 |
            (unsigned)cl[pt - s + 1].color << 4 | (unsigned)cl[pt - 1].color << 6 |
            (unsigned)cl[pt + 1].color << 8 | (unsigned)cl[pt + s - 1].color << 10 |
            (unsigned)cl[pt + s].color << 12 | (unsigned)cl[pt + s + 1].color << 14);
}

void pl_copy(pl_board *dst, const pl_board *src)
{
    pl_cell *cell = dst->cell;
    uint16_t *empty = dst->empty, *nbr = dst->nbr;
    *dst = *src;
    dst->cell = cell;
    dst->empty = empty;
    dst->nbr = nbr;
    memcpy(cell, src->cell, (size_t)src->npoints * sizeof *cell);
    memcpy(empty, src->empty, (size_t)src->nempty * sizeof *empty);
    memcpy(nbr, src->nbr, (size_t)src->npoints * sizeof *nbr);
}

void pl_copy_play(pl_board *dst, const pl_board *src, int pt, int c)
{
    pl_copy(dst, src);
    if (pt) {
        pl_play(dst, pt, c);
    } else {
        dst->ko = 0;
        dst->last = 0;
    }
}

/* Joins the strings headed by a and b; returns the new head. */
static int merge(pl_board *b, int a, int c)
{
    pl_cell *cl = b->cell;
    if (cl[a].size < cl[c].size) {
        int t = a;
        a = c;
        c = t;
    }
    int q = c;
    do {
        cl[q].head = (uint16_t)a;
        q = cl[q].next;
    } while (q != c);
    uint16_t t = cl[a].next;
    cl[a].next = cl[c].next;
    cl[c].next = t;
    cl[a].size = (uint16_t)(cl[a].size + cl[c].size);
    cl[a].plibs = (uint16_t)(cl[a].plibs + cl[c].plibs);
    cl[a].lsum += cl[c].lsum;
    cl[a].lsq += cl[c].lsq;
    return a;
}

static int remove_string(pl_board *b, int h)
{
    pl_cell *cl = b->cell;
    const int s = b->stride, col = cl[h].color, n = cl[h].size;
    int q = h;
    do {
        int nx = cl[q].next;
        cl[q].color = SGF_EMPTY;
        cl[q].head = 0;
        empty_add(b, q);
        nbr_clear(b, q);
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int i = 0; i < 4; i++) {
            int c = cl[nb[i]].color;
            if ((c == SGF_BLACK || c == SGF_WHITE) && c != col)
                add_lib(&cl[cl[nb[i]].head], q);
        }
        q = nx;
    } while (q != h);
    return n;
}

/* Plays c on the empty point pt (legal, not a suicide). */
void pl_play(pl_board *b, int pt, int c)
{
    pl_cell *cl = b->cell;
    const int s = b->stride;
    const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
    /* the neighbours' colours before the stone, from pt's code */
    const unsigned code = b->nbr[pt], own = own_fields(code, c),
                   enemy = own_fields(code, 3 - c),
                   empty = ~(code_lo(code) | code_hi(code)) & ORTH_LO;
    empty_remove(b, pt);
    nbr_put(b, pt, (unsigned)c);
    pl_cell *x = &cl[pt];
    x->color = (uint8_t)c;
    x->head = x->next = (uint16_t)pt;
    x->size = 1;
    x->plibs = 0;
    x->lsum = 0;
    x->lsq = 0;
    for (int i = 0; i < 4; i++) {
        if (empty & orth_field[i])
            add_lib(x, nb[i]);
        else if ((own | enemy) & orth_field[i])
            remove_lib(&cl[cl[nb[i]].head], pt);
    }
    int h = pt;
    for (int i = 0; i < 4 && own; i++)
        if (own & orth_field[i] && cl[nb[i]].head != h)
            h = merge(b, h, cl[nb[i]].head);
    int captured = 0, at = 0;
    for (int i = 0; i < 4 && enemy; i++)
        if (enemy & orth_field[i] && cl[nb[i]].color == 3 - c &&
            cl[cl[nb[i]].head].plibs == 0) {
            captured += remove_string(b, cl[nb[i]].head);
            at = nb[i];
        }
    b->ko = captured == 1 && cl[h].size == 1 && cl[h].plibs == 1 ? at : 0;
    b->last = pt;
}

/* Has the empty pt two empty neighbours or more? */
static inline int two_empty_neighbours(const pl_board *b, int pt)
{
    unsigned code = b->nbr[pt];
    unsigned e = ~(code_lo(code) | code_hi(code)) & ORTH_LO;
    return (e & (e - 1)) != 0;
}

/* Has the empty pt (fewer than two empty neighbours) one? */
static inline int one_empty_neighbour(const pl_board *b, int pt)
{
    unsigned code = b->nbr[pt];
    return (~(code_lo(code) | code_hi(code)) & ORTH_LO) != 0;
}

/* Has pt a stone of c next to it? */
static inline int own_neighbour(const pl_board *b, int pt, int c)
{
    return own_fields(b->nbr[pt], c) != 0;
}

/* Would c's stone on pt capture?  (Some enemy string next to it in
 * atari.) */
static inline int enemy_in_atari(const pl_board *b, int pt, int c)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
    for (int i = 0; i < 4; i++)
        if (cl[nb[i]].color == 3 - c && pl_atari(b, nb[i]))
            return 1;
    return 0;
}

/* Would c's stone on pt sit in its own true eye?  All neighbours c's (or
 * the edge), and at most one diagonal the opponent's (none on the edge):
 * otherwise the eye can be made false and may have to be filled. */
static inline int own_eye(const pl_board *b, int pt, int c)
{
    unsigned code = b->nbr[pt], lo = code_lo(code), hi = code_hi(code);
    /* mine: c's stones and the border; theirs: the opponent's and the
     * border */
    unsigned mine = c == SGF_BLACK ? lo : hi, theirs = c == SGF_BLACK ? hi : lo;
    if ((mine & ORTH_LO) != ORTH_LO)
        return 0;
    unsigned bad = theirs & ~mine & DIAG_LO;
    return lo & hi & ORTH_LO ? bad == 0 : (bad & (bad - 1)) == 0;
}

int pl_probe(const pl_board *b, int pt, int c, int *size, int *captured)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
    const unsigned code = b->nbr[pt], own = own_fields(code, c),
                   stones = own | own_fields(code, 3 - c),
                   empty = ~(code_lo(code) | code_hi(code)) & ORTH_LO;
    int lib0 = 0, nl = 0, sz = 1, cap = 0;
    int seen[4], nseen = 0;
#define ADD_LIB(q) do { if (nl == 0) { lib0 = (q); nl = 1; } \
                        else if ((q) != lib0) nl = 2; } while (0)
    for (int i = 0; i < 4; i++) {
        int n = nb[i];
        if (empty & orth_field[i]) {
            ADD_LIB(n);
            continue;
        }
        if (!(stones & orth_field[i]))
            continue;
        int h = cl[n].head, dup = 0;
        for (int j = 0; j < nseen; j++)
            dup |= seen[j] == h;
        if (dup)
            continue;
        seen[nseen++] = h;
        if (!(own & orth_field[i])) {
            if (pl_atari(b, n)) {
                cap += cl[h].size;
                ADD_LIB(n);
            }
            continue;
        }
        sz += cl[h].size;
        if (nl >= 2 || pl_atari(b, n))
            continue;   /* in atari: its only liberty is pt */
        /* two liberties or more, one of them pt: its pseudo-liberties
         * elsewhere are one point exactly when their count, sum and sum
         * of squares say so (as in pl_atari), which spares a walk along
         * the string */
        uint64_t m = 0;
        for (int j = i; j < 4; j++)
            m += (own & orth_field[j]) && cl[nb[j]].head == h;
        const pl_cell *hc = &cl[h];
        uint64_t rest = hc->plibs - m, p = (uint64_t)pt;
        uint64_t sum = hc->lsum - m * p, sq = hc->lsq - m * p * p;
        if (rest * sq == sum * sum)
            ADD_LIB((int)(sum / rest));
        else
            nl = 2;
    }
#undef ADD_LIB
    *size = sz;
    *captured = cap;
    return nl;
}

/* Is the eye space pts (n points) one of the textbook shapes that a
 * single vital point decides, or that is dead whatever: up to three
 * points, the square and the pyramid four, the bulky and the crossed five,
 * the rabbity six?  *vital receives the vital point (the point with the
 * most neighbours inside; 0 for two points or fewer and for the square).
 * Every other shape of four to six points lives whoever starts: the
 * straight and bent fours, the T, Y and F fives (their widest point, once
 * the attacker takes it, leaves three pieces), every other six.  Larger
 * spaces are not read here. */
int pl_killing_shape(const int *pts, int n, int s, int *vital)
{
    *vital = 0;
    if (n <= 2)
        return 1;
    if (n > 6)
        return 0;
    int deg[6] = { 0 }, edges = 0, best = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int d = pts[i] - pts[j];
            if (d == 1 || d == -1 || d == s || d == -s) {
                deg[i]++;
                deg[j]++;
                edges++;
            }
        }
    for (int i = 1; i < n; i++)
        if (deg[i] > deg[best])
            best = i;
    int shape = n == 3                                   /* straight, bent */
                || (n == 4 && edges == 4)                /* square */
                || (n == 4 && deg[best] == 3)            /* pyramid */
                || (n == 5 && (edges == 5 || deg[best] == 4))  /* bulky, crossed */
                || (n == 6 && deg[best] == 4 && edges == 6);   /* rabbity */
    if (shape && !(n == 4 && edges == 4))
        *vital = pts[best];
    return shape;
}

/* Is c's self-atari on pt a nakade: the string it makes (size stones,
 * at most 6) and its one liberty fill an eye space the opponent walls in
 * alone, and the stones once taken leave a dead shape?  Then the stones
 * are a sacrifice that kills (the attacker's way to reduce a square or a
 * bulky five), not a loss; forbidding it let such groups live. */
static int nakade_throw(const pl_board *b, int pt, int c, int size)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    if (size > 6)
        return 0;
    int pts[6], n = 0, lib = 0;
    pts[n++] = pt;
    const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
    for (int k = 0; k < 4; k++) {
        if (cl[nb[k]].color != c)
            continue;
        int h = cl[nb[k]].head, q = h, dup = 0;
        for (int i = 0; i < n; i++)
            dup |= pts[i] == h;
        if (dup)
            continue;
        do {
            if (n == 6)
                return 0;
            pts[n++] = q;
            q = cl[q].next;
        } while (q != h);
    }
    for (int i = 0; i < n && !lib; i++) {
        const int qn[4] = { pts[i] - s, pts[i] - 1, pts[i] + 1, pts[i] + s };
        for (int k = 0; k < 4; k++)
            if (cl[qn[k]].color == SGF_EMPTY && qn[k] != pt)
                lib = qn[k];
    }
    if (!lib)
        return 0;
    /* the liberty is walled in by the opponent and the string too */
    const int ln[4] = { lib - s, lib - 1, lib + 1, lib + s };
    for (int k = 0; k < 4; k++) {
        int col = cl[ln[k]].color, in = 0;
        for (int i = 0; i < n; i++)
            in |= pts[i] == ln[k];
        if (!in && col != 3 - c && col != BOARD_BORDER)
            return 0;
    }
    int vital;
    return pl_killing_shape(pts, n, s, &vital);
}

/* Can c play pt in a playout?  Legal, not its own true eye, not a move
 * that leaves a string of two stones or more in atari without capturing
 * (such strings are what the players would never give away: random
 * self-atari breaks sekis and kills living groups).  Inlined by force:
 * choose() tries it on empty point after empty point (1.7 M calls in 60
 * games), and without the calls the estimate runs 4 % fewer
 * instructions. */
static inline __attribute__((always_inline))
int acceptable(const pl_board *b, int pt, int c)
{
    if (pt == b->ko || b->cell[pt].frozen || own_eye(b, pt, c))
        return 0;
    if (two_empty_neighbours(b, pt))
        return 1;   /* two liberties whatever it joins */
    if (!own_neighbour(b, pt, c))   /* a lone stone: a liberty, or a capture */
        return one_empty_neighbour(b, pt) || enemy_in_atari(b, pt, c);
    int size, cap;
    int libs = pl_probe(b, pt, c, &size, &cap);
    if (libs == 0)
        return 0;
    return libs >= 2 || cap > 0 || size == 1 || nakade_throw(b, pt, c, size);
}

int pl_add_neighbour_strings(const pl_board *b, int q, int col, int *heads,
                             int n, int max)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    const int nb[4] = { q - s, q - 1, q + 1, q + s };
    for (int k = 0; k < 4 && n < max; k++) {
        if (cl[nb[k]].color != col)
            continue;
        int h = cl[nb[k]].head, dup = 0;
        for (int j = 0; j < n; j++)
            dup |= heads[j] == h;
        if (!dup)
            heads[n++] = h;
    }
    return n;
}

int pl_joins_short(const pl_board *b, int q, int col)
{
    int heads[4], libs[3];
    int n = pl_add_neighbour_strings(b, q, col, heads, 0, 4);
    for (int k = 0; k < n && n >= 2; k++)
        if (pl_libs(b, heads[k], libs, 2) <= 2)
            return 1;
    return 0;
}

int pl_add_string_neighbours(const pl_board *b, int pt, int col, int *heads,
                             int n, int max)
{
    int q = pt;
    do {
        n = pl_add_neighbour_strings(b, q, col, heads, n, max);
        q = b->cell[q].next;
    } while (q != pt);
    return n;
}

int pl_libs(const pl_board *b, int pt, int *libs, int max)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, h = cl[pt].head;
    int n = 0, q = h;
    do {
        const int qn[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++) {
            if (cl[qn[k]].color != SGF_EMPTY)
                continue;
            int dup = 0;
            for (int i = 0; i < n; i++)
                dup |= libs[i] == qn[k];
            if (dup)
                continue;
            if (n == max)
                return n + 1;
            libs[n++] = qn[k];
        }
        q = cl[q].next;
    } while (q != h);
    return n;
}

/* Answers to the last move: take a string it left in atari (its own, or
 * a neighbour's), else save an own string it put in atari by extending
 * when that gives two liberties.  0: none. */
static int reply(const pl_board *b, int c)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, m = b->last;
    if (!m)
        return 0;
    int size, cap;
    if (cl[m].color == 3 - c && pl_atari(b, m)) {
        int q = atari_lib(b, m);
        if (q != b->ko && !cl[q].frozen && pl_probe(b, q, c, &size, &cap) > 0)
            return q;
    }
    const int nb[4] = { m - s, m - 1, m + 1, m + s };
    const unsigned own = own_fields(b->nbr[m], c);
    for (int i = 0; i < 4 && own; i++) {
        if (!(own & orth_field[i]) || !pl_atari(b, nb[i]))
            continue;
        int q = atari_lib(b, nb[i]);
        if (q != b->ko && !cl[q].frozen && pl_probe(b, q, c, &size, &cap) >= 2)
            return q;
    }
    return 0;
}

/* The fields of the neighbourhood code (pat3.h) of the eight neighbours
 * in the order local() and pattern_move() visit them: clockwise from NW. */
static const unsigned ring_shift[8] = { 0, 2, 4, 8, 14, 12, 10, 6 };

/* A move next to the last one (its eight neighbours, in random order),
 * 0 for none: players answer where the opponent played, which is what
 * turns an invasion of settled territory back, where uniformly random
 * moves let it live. */
static int local(const pl_board *b, int c, uint64_t *rng)
{
    const int s = b->stride, m = b->last;
    if (!m)
        return 0;
    const int nb[8] = { m - s - 1, m - s, m - s + 1, m + 1,
                        m + s + 1, m + s, m + s - 1, m - 1 };
    const unsigned code = b->nbr[m];
    int start = (int)rnd(rng, 8);
    for (int k = 0; k < 8; k++) {
        int i = (start + k) & 7;
        if (!(code >> ring_shift[i] & 3) && acceptable(b, nb[i], c))
            return nb[i];
    }
    return 0;
}

/* The neighbourhood code of pt (pat3.h) seen by c. */
static inline unsigned code3(const pl_board *b, int pt, int c)
{
    unsigned code = b->nbr[pt];
    /* the table is written for Black (1) to play */
    return c == SGF_BLACK ? code : pat3_swap(code);
}

unsigned pl_code3(const pl_board *b, int pt, int c)
{
    return code3(b, pt, c);
}

/* A move that gives the opponent no stone to take at once: legal, not
 * into one's own true eye, and with two liberties or a capture.  Shape
 * moves (patterns, vital points) must not be throw-ins: a self-atari
 * that matches a hane is a gift, not a shape. */
static inline int solid(const pl_board *b, int pt, int c)
{
    if (pt == b->ko || b->cell[pt].frozen || own_eye(b, pt, c))
        return 0;
    if (two_empty_neighbours(b, pt))
        return 1;
    if (!own_neighbour(b, pt, c))   /* a lone stone needs a capture */
        return enemy_in_atari(b, pt, c);
    int size, cap;
    int libs = pl_probe(b, pt, c, &size, &cap);
    return libs >= 2 || cap > 0;
}

/* A pattern move (pat3.h) among the eight neighbours of the last move,
 * chosen uniformly among those that match; 0 for none. */
static int pattern_move(const pl_board *b, const pat3_table *pat, int c,
                        uint64_t *rng)
{
    const int s = b->stride, m = b->last;
    if (!m || !pat)
        return 0;
    const int nb[8] = { m - s - 1, m - s, m - s + 1, m + 1,
                        m + s + 1, m + s, m + s - 1, m - 1 };
    const unsigned code = b->nbr[m];
    /* the empty neighbours that match, without a branch per neighbour
     * (every cell has a code, a stone's or the border's too) */
    unsigned match = 0;
    for (int k = 0; k < 8; k++)
        match |= (unsigned)(((code >> ring_shift[k] & 3) == 0) &
                            pat3_match(pat, code3(b, nb[k], c))) << k;
    int cand[8], n = 0;
    for (int k = 0; k < 8; k++)
        if (match >> k & 1 && solid(b, nb[k], c))
            cand[n++] = nb[k];
    return n ? cand[rnd(rng, (uint32_t)n)] : 0;
}

/* The vital point of the small enclosed empty area that holds pt (at most
 * NAKADE_MAX points, all its stone neighbours of one colour), when the
 * area is one of the shapes a vital point decides (pl_killing_shape: the
 * middle of a three, of a pyramid four, of a bulky or crossed five, of a
 * rabbity six).  Whoever is to move wants it: the owner of the wall makes
 * two eyes there, the other side leaves one.  0 for none. */
enum { NAKADE_MAX = 6 };
/* area receives the points seen (NAKADE_MAX + 1 at most), *n their
 * number, even when the answer is 0: a caller skips points already seen. */
static int vital_area(const pl_board *b, int pt, int *area, int *n_out)
{
    const int s = b->stride;
    int n = 0, wall = 0;
    area[n++] = pt;
    *n_out = 1;
    const int off[4] = { -s, -1, 1, s };
    for (int i = 0; i < n; i++) {
        unsigned code = b->nbr[area[i]], lo = code_lo(code), hi = code_hi(code);
        wall |= ((lo & ~hi & ORTH_LO) != 0) | ((hi & ~lo & ORTH_LO) != 0) << 1;
        if (wall == 3)
            return 0;   /* between both colours: no eye space */
        unsigned empty = ~(lo | hi) & ORTH_LO;
        for (int k = 0; k < 4; k++) {
            if (!(empty & orth_field[k]))
                continue;
            int q = area[i] + off[k], dup = 0;
            for (int j = 0; j < n; j++)
                dup |= area[j] == q;
            if (dup)
                continue;
            area[n++] = q;
            *n_out = n;
            if (n > NAKADE_MAX)
                return 0;
        }
    }
    if (n < 3 || (wall != SGF_BLACK && wall != SGF_WHITE))
        return 0;
    int vital;
    pl_killing_shape(area, n, s, &vital);
    return vital;
}

int pl_vital_point(const pl_board *b, int pt)
{
    int area[NAKADE_MAX + 1], n;
    return vital_area(b, pt, area, &n);
}

/* The vital point of an eye space next to the last move (the move that
 * shrank it or that began to fill it), when c may take it. */
static int nakade(const pl_board *b, int c)
{
    const int s = b->stride, m = b->last;
    if (!m)
        return 0;
    const int nb[4] = { m - s, m - 1, m + 1, m + s };
    const unsigned code = b->nbr[m], shift[4] = { 2, 6, 8, 12 };
    /* the points of the areas already read: the empty neighbours of the
     * last move mostly share one area, which is read once */
    int seen[4 * (NAKADE_MAX + 1)], nseen = 0;
    for (int k = 0; k < 4; k++) {
        int q = nb[k];
        if (code >> shift[k] & 3)
            continue;
        /* what vital_area would find at its first point, from q's code
         * and without the call: a one-point area, or one between both
         * colours (no other neighbour of m shares it, so seen misses
         * nothing) */
        const unsigned qc = b->nbr[q], lo = code_lo(qc), hi = code_hi(qc);
        if (!(~(lo | hi) & ORTH_LO) ||
            ((lo & ~hi & ORTH_LO) && (hi & ~lo & ORTH_LO)))
            continue;
        int dup = 0;
        for (int j = 0; j < nseen; j++)
            dup |= seen[j] == q;
        if (dup)
            continue;
        int n, v = vital_area(b, q, seen + nseen, &n);
        nseen += n;
        if (v && solid(b, v, c))
            return v;
    }
    return 0;
}

static int choose(pl_board *b, const pat3_table *pat, int c, uint64_t *rng)
{
    int q = reply(b, c);
    if (q)
        return q;
    if ((q = nakade(b, c)))
        return q;
    if ((int)rnd(rng, 1000) < PATTERN_PER_MILLE && (q = pattern_move(b, pat, c, rng)))
        return q;
    if (rnd(rng, 1000) < LOCAL_PER_MILLE && (q = local(b, c, rng)))
        return q;
    int n = b->nempty;
    if (n == 0)
        return 0;
    int start = (int)rnd(rng, (uint32_t)n);
    for (int k = 0; k < n; k++) {
        int i = start + k;
        int pt = b->empty[i >= n ? i - n : i];
        if (acceptable(b, pt, c))
            return pt;
    }
    return 0;
}

int pl_playout(pl_board *b, const pat3_table *pat, int first, uint64_t *rng,
               uint16_t *own_b, uint16_t *own_w, uint16_t *neutral)
{
    const int s = b->stride, w = b->width, h = b->height;
    /* long enough for every point to be filled and captured a few times;
     * a cycle (triple ko) stops here */
    const int limit = 3 * w * h + 20;
    int c = first, passes = 0, moves = 0;
    b->last = 0;
    while (passes < 2 && moves < limit) {
        int pt = choose(b, pat, c, rng);
        if (pt) {
            pl_play(b, pt, c);
            passes = 0;
        } else {
            b->last = 0;
            b->ko = 0;
            passes++;
        }
        c = 3 - c;
        moves++;
    }
    const pl_cell *cl = b->cell;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int pt = (y + 1) * s + x, col = cl[pt].color, i = y * w + x;
            if (col == SGF_EMPTY) {
                /* the colours next to it; the border counts for nobody */
                unsigned code = b->nbr[pt];
                int seen = (own_fields(code, SGF_BLACK) != 0) |
                           (own_fields(code, SGF_WHITE) != 0) << 1;
                col = seen == SGF_BLACK || seen == SGF_WHITE ? seen : 0;
                /* left empty between both colours when no one could fill
                 * it without self-atari: a liberty of a seki */
                neutral[i] = (uint16_t)(neutral[i] + (seen == 3));
            }
            own_b[i] = (uint16_t)(own_b[i] + (col == SGF_BLACK));
            own_w[i] = (uint16_t)(own_w[i] + (col == SGF_WHITE));
        }
    return moves;
}
