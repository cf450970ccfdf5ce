/*
 * draw.h - what the text diagram (diagram.c) and the SVG (svg.c) share, so
 * that both draw the same board: what a point shows (board + scored map +
 * last move), where the star points are, the GTP column labels.  Both
 * write through common/output.h.  Never installed.  doc/drawing.md
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

#endif /* SGFKIT_DRAW_H */
