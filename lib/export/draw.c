/*
 * draw.c - the pieces the text diagram and the SVG share (draw.h): one
 * reading of the scored map, one rule for star points, one column-label
 * scheme.
 */
#include <string.h>

#include "export/draw.h"

const sgf_draw_options draw_no_options = {
    .map = NULL, .last_x = -1, .last_y = -1, .coordinates = 0, .title = NULL
};

void draw_point_get(const sgf_position *p, const sgf_draw_options *o,
                    int x, int y, draw_point *out)
{
    int w = sgf_position_width(p);
    unsigned m = o->map ? o->map[(size_t)y * (size_t)w + (size_t)x] : 0;
    int owner = (int)(m & SGF_MAP_OWNER);

    memset(out, 0, sizeof *out);
    out->stone = sgf_position_at(p, x, y);
    /* owner 3 is no colour: a damaged map draws as no territory */
    if (owner != SGF_BLACK && owner != SGF_WHITE)
        owner = SGF_EMPTY;
    if (out->stone != SGF_EMPTY) {
        out->dead = (m & SGF_MAP_DEAD) != 0;
        out->unsettled = (m & SGF_MAP_UNSETTLED) != 0;
        /* a living stone's owner is its own point under area rules: that
         * is the stone's count, not territory */
        if (out->dead)
            out->territory = owner;
    } else {
        out->territory = owner;
        out->false_eye = (m & SGF_MAP_FALSE_EYE) != 0;
    }
    out->seki = (m & SGF_MAP_SEKI) != 0;
    out->star = draw_star(w, sgf_position_height(p), x, y);
    out->last = x == o->last_x && y == o->last_y;
}

/* The common convention of Go programs (Sabaki, CGoban): on the 4th line
 * from 13 up, the 3rd below; the centre on odd sides (not 7: it would touch
 * the corner points); side points on odd sides longer than 13. */
int draw_star(int width, int height, int x, int y)
{
    if (width < 7 || height < 7)
        return 0;
    int nx = width >= 13 ? 3 : 2, ny = height >= 13 ? 3 : 2;
    int fx = width - 1 - nx, fy = height - 1 - ny;
    int mx = width / 2, my = height / 2;
    int edge_x = x == nx || x == fx, edge_y = y == ny || y == fy;
    int mid_x = width % 2 && x == mx, mid_y = height % 2 && y == my;

    if (edge_x && edge_y)
        return 1;
    if (mid_x && mid_y)
        return width != 7 && height != 7;
    if (mid_x && edge_y)
        return width > 13;
    if (edge_x && mid_y)
        return height > 13;
    return 0;
}

int draw_column_label(int x, char out[3])
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    enum { N = sizeof letters - 1 };   /* 25 */

    if (x < N) {
        out[0] = letters[x];
        out[1] = 0;
        return 1;
    }
    out[0] = letters[(x / N - 1) % N];
    out[1] = letters[x % N];
    out[2] = 0;
    return 2;
}
