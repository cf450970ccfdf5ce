/*
 * draw.h - what the text diagram (diagram.c) and the SVG (svg.c) share, so
 * that both draw the same board: what a point shows (board + scored map +
 * last move), where the star points are, the GTP column labels, and a small
 * buffered writer over sgf_write_fn.  Never installed.  doc/drawing.md
 * describes the drawings.
 */
#ifndef SGFKIT_DRAW_H
#define SGFKIT_DRAW_H

#include <stddef.h>
#include "sgfkit.h"

/* One point as a drawing sees it. */
typedef struct draw_point {
    int stone;       /* SGF_EMPTY, SGF_BLACK, SGF_WHITE */
    int dead;        /* a stone counted dead */
    int unsettled;   /* a stone the estimate could not settle */
    int seki;        /* a stone alive in seki, or an empty point of a seki */
    int false_eye;   /* an empty point that counts for nobody: must be filled */
    int territory;   /* colour an empty point or a dead stone counts for, 0 */
    int star;        /* a star point (drawn only where nothing else is) */
    int last;        /* the last move */
} draw_point;

/* Options with every field off: what a NULL sgf_draw_options means. */
extern const sgf_draw_options draw_no_options;

/* Reads point (x, y) of p under o (o->map may be NULL). */
void draw_point_get(const sgf_position *p, const sgf_draw_options *o,
                    int x, int y, draw_point *out);

/* Is (x, y) a star point of a width x height board? */
int draw_star(int width, int height, int x, int y);

/* GTP label of column x (0-based) into out: "A".."Z" without "I" for the
 * first 25 columns, then two letters "AA".."AZ", "BA".. as a spreadsheet
 * counts.  Returns its length (1 or 2). */
int draw_column_label(int x, char out[3]);

/* A buffered writer: output is gathered in buf and handed to write in large
 * pieces.  The first non-zero return of write is kept in err, and every
 * later call does nothing. */
enum { DRAW_BUF = 4096 };
typedef struct draw_out {
    sgf_write_fn write;
    void *ctx;
    int err;
    size_t len;
    char buf[DRAW_BUF];
} draw_out;

void draw_out_init(draw_out *d, sgf_write_fn write, void *ctx);
void draw_put(draw_out *d, const char *s, size_t n);
void draw_puts(draw_out *d, const char *s);
/* For short formatted pieces (well under DRAW_BUF).  Only integer and
 * string conversions are used: they do not depend on the locale. */
void draw_printf(draw_out *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hands over what is buffered; returns 0 or write's non-zero value. */
int draw_flush(draw_out *d);

#endif /* SGFKIT_DRAW_H */
