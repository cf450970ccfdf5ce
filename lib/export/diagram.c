/*
 * diagram.c - a position as plain ASCII text, for a terminal user who wants
 * to see why a count disagrees with the record (doc/drawing.md has the
 * legend).
 *
 * Every point takes two columns: a gap, then its symbol.  The gaps carry the
 * marks that must not replace a symbol: "(X)" around the last move (the
 * style of GNU Go's boards), "?X" before an unsettled stone.  A gap is
 * between two neighbours; the last move's "(" wins over everything and
 * its ")" gives way to the next point's own mark, so the columns never
 * move.
 */
#include <string.h>

#include "common/output.h"
#include "export/draw.h"

/* Longest line: row label, gap and symbol per point, closing gap, row
 * label, newline. */
enum { SIDE_MAX = 52, DIAGRAM_LINE = 2 + 2 * SIDE_MAX + 1 + 2 + 1 };

static char symbol(const draw_point *pt)
{
    if (pt->stone != SGF_EMPTY) {
        if (pt->dead)
            return pt->stone == SGF_BLACK ? 'x' : 'o';
        return pt->stone == SGF_BLACK ? 'X' : 'O';
    }
    if (pt->territory)
        return pt->territory == SGF_BLACK ? 'b' : 'w';
    if (pt->seki)
        return '=';
    if (pt->false_eye)
        return '-';
    return pt->star ? '+' : '.';
}

static char own_mark(const draw_point *pt)
{
    if (pt->last)
        return '(';
    if (pt->stone != SGF_EMPTY && pt->unsettled)
        return '?';
    return ' ';
}

/* Ends line[0..n) with a newline, without trailing blanks, and writes it. */
static void put_line(out_sink *d, char *line, size_t n)
{
    while (n && line[n - 1] == ' ')
        n--;
    line[n++] = '\n';
    sink_put(d, line, n);
}

/* The column labels: one line, or two when some labels have two letters
 * (the first letters above, the second below). */
static void put_columns(out_sink *d, int width)
{
    char line[DIAGRAM_LINE];
    int rows = width > 25 ? 2 : 1;

    for (int r = 0; r < rows; r++) {
        size_t n = 0;
        line[n++] = ' ';
        line[n++] = ' ';
        for (int x = 0; x < width; x++) {
            char label[3];
            int len = draw_column_label(x, label);
            line[n++] = ' ';
            line[n++] = rows == 1 ? label[0]
                      : r == 0 ? (len == 2 ? label[0] : ' ')
                      : label[len - 1];
        }
        put_line(d, line, n);
    }
}

int sgf_position_diagram(const sgf_position *p, const sgf_draw_options *o,
                         sgf_write_fn write, void *ctx)
{
    if (!p || !write)
        return SGF_E_ARG;
    if (!o)
        o = &draw_no_options;

    int w = sgf_position_width(p), h = sgf_position_height(p);
    out_sink d;
    sink_init(&d, write, ctx);

    if (o->coordinates)
        put_columns(&d, w);
    for (int y = 0; y < h && !d.err; y++) {
        char gaps[SIDE_MAX + 1], syms[SIDE_MAX];
        int last = -1;
        for (int x = 0; x < w; x++) {
            draw_point pt;
            draw_point_get(p, o, x, y, &pt);
            syms[x] = symbol(&pt);
            gaps[x] = own_mark(&pt);
            if (pt.last)
                last = x;
        }
        gaps[w] = ' ';
        if (last >= 0 && gaps[last + 1] == ' ')
            gaps[last + 1] = ')';

        char line[DIAGRAM_LINE];
        size_t n = 0;
        int row = h - y;   /* GTP numbers rows from the bottom */
        if (o->coordinates) {
            line[n++] = row >= 10 ? (char)('0' + row / 10) : ' ';
            line[n++] = (char)('0' + row % 10);
        }
        for (int x = 0; x < w; x++) {
            line[n++] = gaps[x];
            line[n++] = syms[x];
        }
        line[n++] = gaps[w];
        if (o->coordinates) {
            if (row >= 10)
                line[n++] = (char)('0' + row / 10);
            line[n++] = (char)('0' + row % 10);
        }
        put_line(&d, line, n);
    }
    if (o->coordinates)
        put_columns(&d, w);
    return sink_flush(&d);
}
