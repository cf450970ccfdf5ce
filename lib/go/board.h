/*
 * board.h - the board of a position (board.c): stones, strings with
 * pseudo-liberties, captures, simple ko, Zobrist hashing; what the scorer
 * reads.  It knows nothing of history or rules (history.h), and
 * position.h puts the two together behind sgf_position.  Never installed.
 * The common move is here, inline, so that the replay plays it without a
 * call: board_play_stone.
 *
 * The board is a 1-D array with a border: point (x, y) is at
 * (y + 1) * stride + x with stride = width + 1, so one border column serves
 * as the right edge of a row and the left edge of the next, and rows 0 and
 * height + 1 are border.  The four neighbours of a point are +-1 and
 * +-stride; index 0 is border, so 0 doubles as "no point".
 */
#ifndef SGFKIT_GO_BOARD_H
#define SGFKIT_GO_BOARD_H

#include <stdint.h>
#include "sgfkit.h"

enum {
    BOARD_MAX = 52,                                   /* SGF's largest side */
    BOARD_POINTS = (BOARD_MAX + 2) * (BOARD_MAX + 1), /* 2862 */
    BOARD_BORDER = 3                                  /* colour of border cells */
};

typedef struct board {
    int width, height, stride, npoints;   /* npoints = (height + 2) * stride */
    uint64_t hash;                        /* Zobrist hash of the stones */
    int ko_point, ko_color;               /* ko_color may not play ko_point; 0: none */
    int prisoners[3];                     /* by capturing colour */
    int dirty;                            /* strings must be rebuilt */
    uint8_t color[BOARD_POINTS];          /* SGF_EMPTY, SGF_BLACK, SGF_WHITE, BOARD_BORDER */
    uint8_t ever[BOARD_POINTS];           /* ever held a stone in this game */
    /* strings: circular lists of stones; head, stones and libs are valid
     * for every stone, stones and libs read at the head only.  libs counts
     * pseudo-liberties ((stone, empty neighbour) pairs): zero exactly when
     * the string has no liberty.  Cells without a stone have head 0 (a
     * border cell, whose libs are scratch), so that a stone's neighbours
     * can be counted without asking what they are. */
    uint16_t next[BOARD_POINTS], head[BOARD_POINTS];
    uint16_t stones[BOARD_POINTS], libs[BOARD_POINTS];
    uint16_t stack[BOARD_POINTS];         /* scratch of board_rebuild */
    uint32_t stride_inv;                  /* (pt * stride_inv) >> 20 == pt / stride */
} board;

static inline int board_index(const board *p, int x, int y)
{
    return (y + 1) * p->stride + x;
}
static inline int board_x(const board *p, int pt) { return pt % p->stride; }
static inline int board_y(const board *p, int pt) { return pt / p->stride - 1; }
static inline int board_on(const board *p, int x, int y)
{
    return x >= 0 && y >= 0 && x < p->width && y < p->height;
}
/* splitmix64: keys are a pure function of the point and colour, so they
 * need no global state and the hash of a board does not depend on the
 * object. */
static inline uint64_t board_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The Zobrist key of a stone of colour color on point pt.  Keys depend on
 * (x, y, colour) only, so equal boards of any size hash alike.  Computed
 * rather than looked up: a table of keys by point is read at random and,
 * between two games, the parser pushes it out of the first-level cache,
 * so that the moves waited for it (and a mixed collection refilled it at
 * each change of width).  The division by the stride is a multiplication
 * by its inverse (board_clear). */
static inline uint64_t board_key(const board *p, int pt, int color)
{
    uint32_t q = ((uint32_t)pt * p->stride_inv) >> 20;
    uint32_t x = (uint32_t)pt - q * (uint32_t)p->stride, y = q - 1;
    return board_mix64(((uint64_t)color << 16) | ((uint64_t)y << 8) | x);
}

/* What a stone of colour c on the empty point pt would do, read from the
 * neighbours alone (nothing is changed): the strings it captures and
 * joins, and whether the resulting string keeps a liberty.  A neighbour
 * string whose only liberty is pt has all its pseudo-liberties on pt: as
 * many as it has stones among pt's neighbours. */
typedef struct board_probe {
    int liberty;          /* the new string has a liberty (before captures) */
    int ncap, nown;       /* opponent strings captured, own strings joined */
    int captured;         /* stones in the captured strings */
    int empty;            /* empty neighbours of pt */
    uint16_t cap[4], own[4];
} board_probe;

static inline void board_probe_move(const board *p, int pt, int c,
                                    board_probe *r)
{
    const int d[4] = { -p->stride, -1, 1, p->stride };
    int h[4], col[4];
    r->liberty = r->ncap = r->nown = r->captured = r->empty = 0;
    for (int i = 0; i < 4; i++) {
        int n = pt + d[i];
        col[i] = p->color[n];
        h[i] = (col[i] == SGF_BLACK || col[i] == SGF_WHITE) ? p->head[n] : 0;
    }
    for (int i = 0; i < 4; i++) {
        if (col[i] == SGF_EMPTY) {
            r->liberty = 1;
            r->empty++;
            continue;
        }
        if (!h[i])
            continue;
        int seen = 0, m = 1;
        for (int j = 0; j < i; j++)
            seen |= h[j] == h[i];
        if (seen)
            continue;
        for (int j = i + 1; j < 4; j++)
            m += h[j] == h[i];
        if (col[i] == c) {
            if (p->libs[h[i]] > m)
                r->liberty = 1;
            r->own[r->nown++] = (uint16_t)h[i];
        } else if (p->libs[h[i]] == m) {
            r->cap[r->ncap++] = (uint16_t)h[i];
            r->captured += p->stones[h[i]];
        }
    }
}

/* Result of board_play_stone. */
typedef struct board_move {
    int captured;         /* opponent stones removed */
    int suicided;         /* own stones removed */
    int ko;               /* left a simple ko (p->ko_point is set) */
} board_move;

/* Empty width x height board (sizes already checked). */
void board_clear(board *p, int width, int height);
/* Puts color (or SGF_EMPTY) on pt, as setup does, without captures; the
 * strings are rebuilt later (p->dirty).  1 when the board changed. */
int board_setup(board *p, int pt, int color);
/* Rebuild every string from the colours (after setup or a replacement);
 * returns board_dead_strings. */
int board_rebuild(board *p);
/* Strings without a liberty (strings must be clean). */
int board_dead_strings(const board *p);
/* Remove the stone on pt without captures; strings are rebuilt. */
void board_lift(board *p, int pt);
/* Xor of the keys of the stones of the string headed by h. */
uint64_t board_string_key(const board *p, int h);
/* Remove the string headed by h, giving its neighbours their liberties
 * back; returns its stones. */
int board_remove_string(board *p, int h);
/* The rest of board_play_stone when pt joins several strings or
 * captures (takes): c is on pt, the neighbours have lost their liberties
 * on pt, empty counts its empty neighbours, h is the string it joins
 * first (pt when none). */
void board_play_general(board *p, int pt, int c, int empty, int h,
                        int takes, board_move *m);

/* Place c on the empty point pt, whose key is key (board_key, which the
 * caller may need too): join, capture, remove the own string when it has
 * no liberty, set or clear the ko point.  The hot path, one call
 * per move replayed, and inline in the history's play: the common move
 * (it joins at most one string and captures nothing, four in five in real
 * games) takes no branch on the colours around it, which are as good as
 * random and would mispredict; the rest goes to board_play_general. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void board_play_stone(board *p, int pt, int c,
                                    uint64_t key, board_move *m)
{
    const uint8_t *col = p->color;
    uint16_t *head = p->head, *libs = p->libs;
    const int s = p->stride, o = 3 - c;
    const int c0 = col[pt - s], c1 = col[pt - 1], c2 = col[pt + 1],
              c3 = col[pt + s];
    const int h0 = head[pt - s], h1 = head[pt - 1], h2 = head[pt + 1],
              h3 = head[pt + s];

    /* every neighbour string loses its (stone, pt) pseudo-liberties before
     * anything is joined or tested, so the counts are right in any order;
     * empty and border cells decrement the meaningless count of head 0 */
    libs[h0]--;
    libs[h1]--;
    libs[h2]--;
    libs[h3]--;
    const int empty = (c0 == SGF_EMPTY) + (c1 == SGF_EMPTY) +
                      (c2 == SGF_EMPTY) + (c3 == SGF_EMPTY);
    p->color[pt] = (uint8_t)c;
    p->hash ^= key;
    p->ever[pt] = 1;

    /* the string pt joins: the first own neighbour's, else its own */
    int h = pt;
    h = c3 == c ? h3 : h;
    h = c2 == c ? h2 : h;
    h = c1 == c ? h1 : h;
    h = c0 == c ? h0 : h;
    const int several = ((c0 == c) & (h0 != h)) | ((c1 == c) & (h1 != h)) |
                        ((c2 == c) & (h2 != h)) | ((c3 == c) & (h3 != h));
    const int takes = ((c0 == o) & (libs[h0] == 0)) |
                      ((c1 == o) & (libs[h1] == 0)) |
                      ((c2 == o) & (libs[h2] == 0)) |
                      ((c3 == o) & (libs[h3] == 0));
    m->captured = m->suicided = m->ko = 0;
    if (several | takes) {
        board_play_general(p, pt, c, empty, h, takes, m);
        return;
    }
    /* pt added to the string of h, or alone (h == pt): pt first becomes
     * an empty string, so that the same steps do both without a branch
     * (which would mispredict: half the moves touch an own string) */
    uint16_t *next = p->next, *stones = p->stones;
    stones[pt] = 0;
    libs[pt] = 0;
    next[pt] = (uint16_t)pt;
    const int t = next[h];
    next[h] = (uint16_t)pt;
    next[pt] = (uint16_t)t;
    head[pt] = (uint16_t)h;
    stones[h]++;
    const int l = libs[h] + empty;
    libs[h] = (uint16_t)l;
    p->ko_point = p->ko_color = 0;
    if (l == 0)
        m->suicided = board_remove_string(p, h);
}

#endif /* SGFKIT_GO_BOARD_H */
