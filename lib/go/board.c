/*
 * board.c - board mechanics: stones, strings with pseudo-liberties,
 * captures, suicide, simple ko, Zobrist hashing.  Rules and history (the
 * ko bans, superko, game end) are history.c's, which the board knows
 * nothing of.
 *
 * Strings are circular lists of stones (next[]) with a head per stone;
 * merging relabels the smaller list.  The common move is played inline
 * (board_play_stone, board.h); the rest of it is board_play_general's.
 * Setup and the rare replacement of an occupied point rebuild all strings
 * from the colours instead of undoing them: they happen a few times per
 * game at most.
 */
#include <stdlib.h>
#include <string.h>
#include "go/board.h"

void board_clear(board *p, int width, int height)
{
    int stride = width + 1;
    p->width = width;
    p->height = height;
    p->stride = stride;
    p->npoints = (height + 2) * stride;
    /* floor(pt / stride) for every point of the array (pt < 2^12): the
     * rounded-up inverse errs by less than 2^12 / 2^20 = 1 / 256, and
     * pt / stride stays at least 1 / stride >= 1 / 53 below the next
     * integer */
    p->stride_inv = (uint32_t)((1u << 20) / (unsigned)stride + 1);
    /* only the used part: a 19x19 game touches 420 bytes, not 2862 */
    memset(p->color, SGF_EMPTY, (size_t)p->npoints);
    memset(p->color, BOARD_BORDER, (size_t)stride);
    memset(p->color + (height + 1) * stride, BOARD_BORDER, (size_t)stride);
    for (int y = 0; y < height; y++)
        p->color[(y + 2) * stride - 1] = BOARD_BORDER;
    memset(p->ever, 0, (size_t)p->npoints);
    /* the head of every cell without a stone is 0 (board.h) */
    memset(p->head, 0, (size_t)p->npoints * sizeof *p->head);
    p->hash = 0;
    p->ko_point = p->ko_color = 0;
    p->prisoners[0] = p->prisoners[1] = p->prisoners[2] = 0;
    p->dirty = 0;
}

int board_setup(board *p, int pt, int color)
{
    int old = p->color[pt];
    /* a setup node between the capture and the retake: not immediate */
    p->ko_point = p->ko_color = 0;
    if (old == color)
        return 0;
    if (old != SGF_EMPTY)
        p->hash ^= board_key(p, pt, old);
    if (color != SGF_EMPTY) {
        p->hash ^= board_key(p, pt, color);
        p->ever[pt] = 1;
    }
    p->color[pt] = (uint8_t)color;
    p->dirty = 1;
    return 1;
}

int board_rebuild(board *p)
{
    const int d[4] = { -p->stride, -1, 1, p->stride };
    int first = p->stride, last = (p->height + 1) * p->stride, dead = 0;
    memset(p->head + first, 0, (size_t)(last - first) * sizeof *p->head);
    for (int pt = first; pt < last; pt++) {
        /* eight cells at a time while none holds a stone (1 or 2: the low
         * two bits differ): setup is a few handicap stones on a board of
         * hundreds of points.  The array ends far beyond last. */
        uint64_t w;
        memcpy(&w, p->color + pt, sizeof w);
        if (((w ^ (w >> 1)) & 0x0101010101010101u) == 0) {
            pt += 7;
            continue;
        }
        int c = p->color[pt];
        if ((c != SGF_BLACK && c != SGF_WHITE) || p->head[pt])
            continue;
        int sp = 0, stones = 0, libs = 0;
        p->head[pt] = (uint16_t)pt;
        p->next[pt] = (uint16_t)pt;
        p->stack[sp++] = (uint16_t)pt;
        while (sp) {
            int s = p->stack[--sp];
            stones++;
            for (int i = 0; i < 4; i++) {
                int n = s + d[i];
                if (p->color[n] == SGF_EMPTY)
                    libs++;
                else if (p->color[n] == c && !p->head[n]) {
                    p->head[n] = (uint16_t)pt;
                    p->next[n] = p->next[pt];
                    p->next[pt] = (uint16_t)n;
                    p->stack[sp++] = (uint16_t)n;
                }
            }
        }
        p->stones[pt] = (uint16_t)stones;
        p->libs[pt] = (uint16_t)libs;
        dead += libs == 0;
    }
    p->dirty = 0;
    return dead;
}

int board_dead_strings(const board *p)
{
    int n = 0;
    for (int pt = p->stride; pt < (p->height + 1) * p->stride; pt++) {
        int c = p->color[pt];
        if ((c == SGF_BLACK || c == SGF_WHITE) && p->head[pt] == pt &&
            p->libs[pt] == 0)
            n++;
    }
    return n;
}

void board_lift(board *p, int pt)
{
    p->hash ^= board_key(p, pt, p->color[pt]);
    p->color[pt] = SGF_EMPTY;
    board_rebuild(p);
}

uint64_t board_string_key(const board *p, int h)
{
    int c = p->color[h], s = h;
    uint64_t k = 0;
    do {
        k ^= board_key(p, s, c);
        s = p->next[s];
    } while (s != h);
    return k;
}

/* Joins string b into string a (both heads); returns the surviving head. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int merge(board *p, int a, int b)
{
    if (p->stones[a] < p->stones[b]) {
        int t = a;
        a = b;
        b = t;
    }
    int s = b;
    do {
        p->head[s] = (uint16_t)a;
        s = p->next[s];
    } while (s != b);
    uint16_t t = p->next[a];
    p->next[a] = p->next[b];
    p->next[b] = t;
    p->stones[a] = (uint16_t)(p->stones[a] + p->stones[b]);
    p->libs[a] = (uint16_t)(p->libs[a] + p->libs[b]);
    return a;
}

/* Removes the string headed by h; the strings around it get their
 * pseudo-liberties back.  Neighbours of other kinds need no test: empty
 * and border cells have head 0, whose count means nothing, and a
 * neighbour of the string's own colour is part of it.  Returns the stones
 * removed. */
int board_remove_string(board *p, int h)
{
    const int s = p->stride;
    uint16_t *head = p->head, *libs = p->libs;
    int c = p->color[h], x = h, n = 0;
    do {
        p->color[x] = SGF_EMPTY;
        p->hash ^= board_key(p, x, c);
        head[x] = 0;
        libs[head[x - s]]++;
        libs[head[x - 1]]++;
        libs[head[x + 1]]++;
        libs[head[x + s]]++;
        n++;
        x = p->next[x];
    } while (x != h);
    return n;
}

void board_play_general(board *p, int pt, int c, int empty, int h,
                        int takes, board_move *m)
{
    uint8_t *col = p->color;
    uint16_t *head = p->head, *libs = p->libs, *next = p->next;
    const int n0 = pt - p->stride, n1 = pt - 1, n2 = pt + 1, n3 = pt + p->stride;
    const int c0 = col[n0], c1 = col[n1], c2 = col[n2], c3 = col[n3];
    const int o = 3 - c;

    /* pt joins h as in board_play_stone, then the other strings join */
    head[pt] = (uint16_t)h;
    if (h == pt) {
        next[pt] = (uint16_t)pt;
        p->stones[pt] = 1;
        libs[pt] = (uint16_t)empty;
    } else {
        next[pt] = next[h];
        next[h] = (uint16_t)pt;
        p->stones[h]++;
        libs[h] = (uint16_t)(libs[h] + empty);
    }
    if (c0 == c && head[n0] != h)
        h = merge(p, h, head[n0]);
    if (c1 == c && head[n1] != h)
        h = merge(p, h, head[n1]);
    if (c2 == c && head[n2] != h)
        h = merge(p, h, head[n2]);
    if (c3 == c && head[n3] != h)
        h = merge(p, h, head[n3]);
    if (!takes) {
        m->captured = 0;
        p->ko_point = p->ko_color = 0;
        if (libs[h] == 0)
            m->suicided = board_remove_string(p, h);
        return;
    }

    /* a neighbour taken with an earlier one is empty by now */
    int captured = 0, last = 0;
    if ((c0 == o) & (libs[head[n0]] == 0)) {
        captured += board_remove_string(p, head[n0]);
        last = n0;
    }
    if ((c1 == o) & (libs[head[n1]] == 0) & (col[n1] == o)) {
        captured += board_remove_string(p, head[n1]);
        last = n1;
    }
    if ((c2 == o) & (libs[head[n2]] == 0) & (col[n2] == o)) {
        captured += board_remove_string(p, head[n2]);
        last = n2;
    }
    if ((c3 == o) & (libs[head[n3]] == 0) & (col[n3] == o)) {
        captured += board_remove_string(p, head[n3]);
        last = n3;
    }

    m->captured = captured;
    if (libs[h] == 0) {
        m->suicided = board_remove_string(p, h);
    } else if (captured == 1 && p->stones[h] == 1 && libs[h] == 1) {
        /* the classic ko shape: the lone capturing stone's only liberty is
         * the point it just emptied, so retaking would capture it back */
        m->ko = 1;
        p->ko_point = last;
        p->ko_color = o;
        return;
    }
    p->ko_point = p->ko_color = 0;
}
