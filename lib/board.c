/*
 * board.c - board mechanics of sgf_position: stones, strings with
 * pseudo-liberties, captures, suicide, Zobrist hashing.  Rules and history
 * (ko, superko, game end) are history.c's.
 *
 * Strings are circular lists of stones (next[]) with a head per stone;
 * merging relabels the smaller list.  Setup and the rare replacement of an
 * occupied point rebuild all strings from the colours instead of undoing
 * them: they happen a few times per game at most.
 */
#include <stdlib.h>
#include <string.h>
#include "board.h"

/* splitmix64: a pure function of the point and colour, so keys need no
 * global state and the hash of a board does not depend on the object. */
static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Keys depend on (x, y, colour) only, so equal boards of any size hash
 * alike; the table is indexed by array point, hence refilled when the
 * stride changes (never within a run of games of one width). */
static void fill_keys(sgf_position *p, int stride)
{
    memset(p->key, 0, sizeof p->key);
    for (int pt = stride; pt < BOARD_POINTS; pt++) {
        int x = pt % stride, y = pt / stride - 1;
        if (x >= stride - 1 || y >= BOARD_MAX)
            continue;
        for (int c = 0; c < 2; c++)
            p->key[pt][c] = mix64(((uint64_t)(c + 1) << 16) |
                                  ((uint64_t)y << 8) | (uint64_t)x);
    }
    p->key_stride = stride;
}

sgf_position *sgf_position_new(void)
{
    sgf_position *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    /* room for long games from the start: nothing grows in a normal run */
    p->log_cap = 1024;
    p->set_cap = 2048;
    p->log = malloc(p->log_cap * sizeof *p->log);
    p->set = calloc(p->set_cap, sizeof *p->set);
    if (!p->log || !p->set) {
        sgf_position_free(p);
        return NULL;
    }
    if (sgf_position_reset(p, 19, 19, NULL) != SGF_OK) {
        sgf_position_free(p);
        return NULL;
    }
    return p;
}

void sgf_position_free(sgf_position *p)
{
    if (!p)
        return;
    free(p->log);
    free(p->set);
    free(p);
}

void board_clear(sgf_position *p, int width, int height)
{
    int stride = width + 1;
    p->width = width;
    p->height = height;
    p->stride = stride;
    p->npoints = (height + 2) * stride;
    if (p->key_stride != stride)
        fill_keys(p, stride);
    /* only the used part: a 19x19 game touches 420 bytes, not 2862 */
    memset(p->color, SGF_EMPTY, (size_t)p->npoints);
    memset(p->color, BOARD_BORDER, (size_t)stride);
    memset(p->color + (height + 1) * stride, BOARD_BORDER, (size_t)stride);
    for (int y = 0; y < height; y++)
        p->color[(y + 2) * stride - 1] = BOARD_BORDER;
    memset(p->ever, 0, (size_t)p->npoints);
    p->hash = 0;
    p->ko_point = p->ko_color = 0;
    p->prisoners[0] = p->prisoners[1] = p->prisoners[2] = 0;
    p->dirty = 0;
    p->setup_pending = 0;
}

int sgf_position_width(const sgf_position *p) { return p->width; }
int sgf_position_height(const sgf_position *p) { return p->height; }
uint64_t sgf_position_hash(const sgf_position *p) { return p->hash; }

int sgf_position_at(const sgf_position *p, int x, int y)
{
    if (!board_on(p, x, y))
        return SGF_EMPTY;
    return p->color[board_index(p, x, y)];
}

int sgf_position_prisoners(const sgf_position *p, int color)
{
    return color == SGF_BLACK || color == SGF_WHITE ? p->prisoners[color] : 0;
}

void sgf_position_setup(sgf_position *p, int x, int y, int color)
{
    if (!board_on(p, x, y) ||
        (color != SGF_EMPTY && color != SGF_BLACK && color != SGF_WHITE))
        return;
    int pt = board_index(p, x, y);
    int old = p->color[pt];
    /* a setup node between the capture and the retake: not immediate */
    p->ko_point = p->ko_color = 0;
    if (old == color)
        return;
    if (old != SGF_EMPTY)
        p->hash ^= board_key(p, pt, old);
    if (color != SGF_EMPTY) {
        p->hash ^= board_key(p, pt, color);
        p->ever[pt] = 1;
    }
    p->color[pt] = (uint8_t)color;
    p->dirty = 1;
    p->setup_pending = 1;
}

void board_rebuild(sgf_position *p)
{
    const int d[4] = { -p->stride, -1, 1, p->stride };
    int first = p->stride, last = (p->height + 1) * p->stride;
    for (int pt = first; pt < last; pt++)
        p->head[pt] = 0;
    for (int pt = first; pt < last; pt++) {
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
    }
    p->dirty = 0;
}

int board_dead_strings(const sgf_position *p)
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

void board_lift(sgf_position *p, int pt)
{
    p->hash ^= board_key(p, pt, p->color[pt]);
    p->color[pt] = SGF_EMPTY;
    board_rebuild(p);
}

uint64_t board_string_key(const sgf_position *p, int h)
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
static inline int merge(sgf_position *p, int a, int b)
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

/* Removes the string headed by h; the strings of colour other around it
 * get their pseudo-liberties back.  Returns the stones removed. */
static int remove_string(sgf_position *p, int h, int other)
{
    const int d[4] = { -p->stride, -1, 1, p->stride };
    int c = p->color[h], s = h, n = 0;
    do {
        p->color[s] = SGF_EMPTY;
        p->hash ^= board_key(p, s, c);
        n++;
        for (int i = 0; i < 4; i++)
            if (p->color[s + d[i]] == other)
                p->libs[p->head[s + d[i]]]++;
        s = p->next[s];
    } while (s != h);
    return n;
}

/* The hot path: one call per move of every game replayed.  The four
 * neighbours are unrolled and the pseudo-liberty updates done without
 * branches (colours of neighbours are as good as random, so branches on
 * them mispredict); border and empty cells have harmless heads (border
 * heads are 0 or stale, empty heads stale) and get a decrement of 0. */
#define IS_STONE(col) ((unsigned)((col) - 1) < 2u)

void board_play_stone(sgf_position *p, int pt, int c, board_move *m)
{
    uint8_t *col = p->color;
    uint16_t *head = p->head, *libs = p->libs;
    const int n0 = pt - p->stride, n1 = pt - 1, n2 = pt + 1, n3 = pt + p->stride;
    const int c0 = col[n0], c1 = col[n1], c2 = col[n2], c3 = col[n3];
    const int o = 3 - c;

    col[pt] = (uint8_t)c;
    p->hash ^= board_key(p, pt, c);
    p->ever[pt] = 1;
    head[pt] = (uint16_t)pt;
    p->next[pt] = (uint16_t)pt;
    p->stones[pt] = 1;
    /* every neighbour string loses its (stone, pt) pseudo-liberties before
     * anything is merged or tested, so the counts are right in any order */
    libs[head[n0]] = (uint16_t)(libs[head[n0]] - IS_STONE(c0));
    libs[head[n1]] = (uint16_t)(libs[head[n1]] - IS_STONE(c1));
    libs[head[n2]] = (uint16_t)(libs[head[n2]] - IS_STONE(c2));
    libs[head[n3]] = (uint16_t)(libs[head[n3]] - IS_STONE(c3));
    libs[pt] = (uint16_t)((c0 == SGF_EMPTY) + (c1 == SGF_EMPTY) +
                          (c2 == SGF_EMPTY) + (c3 == SGF_EMPTY));

    int h = pt;
    if (c0 == c)
        h = merge(p, h, head[n0]);
    if (c1 == c && head[n1] != h)
        h = merge(p, h, head[n1]);
    if (c2 == c && head[n2] != h)
        h = merge(p, h, head[n2]);
    if (c3 == c && head[n3] != h)
        h = merge(p, h, head[n3]);

    int captured = 0, last = 0;
    if ((c0 == o) & (libs[head[n0]] == 0)) {
        captured += remove_string(p, head[n0], c);
        last = n0;
    }
    if ((c1 == o) & (libs[head[n1]] == 0) & (col[n1] == o)) {
        captured += remove_string(p, head[n1], c);
        last = n1;
    }
    if ((c2 == o) & (libs[head[n2]] == 0) & (col[n2] == o)) {
        captured += remove_string(p, head[n2], c);
        last = n2;
    }
    if ((c3 == o) & (libs[head[n3]] == 0) & (col[n3] == o)) {
        captured += remove_string(p, head[n3], c);
        last = n3;
    }

    m->captured = captured;
    m->suicided = 0;
    m->ko = 0;
    if (libs[h] == 0) {
        m->suicided = remove_string(p, h, o);
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
