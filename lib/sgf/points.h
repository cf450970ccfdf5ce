/*
 * points.h - points and compressed point lists (points.c).  Never installed.
 */
#ifndef SGFKIT_SGF_POINTS_H
#define SGFKIT_SGF_POINTS_H

#include <stdbool.h>
#include <stdint.h>
#include "sgfkit.h"

#define SGF_MAX_BOARD 52
/* Column/row of a point letter: 'a'-'z' 0-25, 'A'-'Z' 26-51, else -1. */
extern const signed char point_coord_table[256];
static inline int point_coord(char c)
{
    return point_coord_table[(unsigned char)c];
}
/* One bit per point of the largest board (bit y * 52 + x): duplicates and
 * overlaps are found on the stack, without allocating. */
#define POINT_SET_WORDS ((SGF_MAX_BOARD * SGF_MAX_BOARD + 63) / 64)
typedef struct point_set { uint64_t w[POINT_SET_WORDS]; } point_set;
/* A point is a rectangle with x0 == x1 and y0 == y1; always x0 <= x1, y0 <= y1. */
typedef struct point_rect { uint8_t x0, y0, x1, y1; } point_rect;
typedef enum {
    PV_POINT,       /* "ab" on the board */
    PV_RECT,        /* "ab:cd", upper-left:lower-right */
    PV_EMPTY,       /* "" */
    PV_SYNTAX,      /* not two letters, nor letters:letters */
    PV_OUTSIDE,     /* letters, but a point lies outside width x height */
    PV_RECT_1X1,    /* "ab:ab": illegal; *r holds the point */
    PV_RECT_ORDER   /* corners not ul:lr: illegal; *r holds it normalised */
} point_value_status;
/* One value of a (compressed) point list; width/height at most 52. */
point_value_status point_value_parse(const char *raw, size_t len, int width,
                                     int height, point_rect *r);
void point_set_clear(point_set *s);
/* Adds r's points; returns how many were already in s. */
unsigned point_set_add(point_set *s, const point_rect *r);
/* Points in both a and b; first_x, first_y (may be NULL) get the first. */
unsigned point_set_common(const point_set *a, const point_set *b,
                          int *first_x, int *first_y);
unsigned point_set_count(const point_set *s);
static inline bool point_set_has(const point_set *s, int x, int y)
{
    unsigned i = (unsigned)(y * SGF_MAX_BOARD + x);
    return (s->w[i >> 6] >> (i & 63u)) & 1u;
}
/* Adds every valid point of p's values to s (bad values are skipped: the
 * checks report them); returns the number of points new to s. */
unsigned point_list_collect(const sgf_prop *p, int width, int height,
                            point_set *s);

/* The GTP name of (x, y) (y from the top) on a board of that height at
 * out, not terminated; returns its length (at most 4).  Inline: JSON Lines
 * names every move. */
static inline size_t gtp_name(char *out, int x, int y, int height)
{
    /* KataGo's Location::toString: past Z (25 columns without I) the
     * column takes two letters, the first one counting the 25s */
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    size_t n = 0;
    if (x < 25) {
        out[n++] = letters[x];
    } else {
        out[n++] = letters[x / 25 - 1];
        out[n++] = letters[x % 25];
    }
    /* rows 1..52: snprintf was a tenth of the JSON Lines writer's time */
    int row = height - y;
    if (row < 10) {
        out[n++] = (char)('0' + row);
    } else {
        out[n++] = (char)('0' + row / 10);
        out[n++] = (char)('0' + row % 10);
    }
    return n;
}
/* The same NUL-terminated ("Q16"); out holds 5 bytes. */
void gtp_point(char *out, int x, int y, int height);

#endif /* SGFKIT_SGF_POINTS_H */
