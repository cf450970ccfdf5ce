/*
 * rows.h - a position for the unit tests from rows of text: 'X' black,
 * 'O' white, anything else empty, top row first.
 */
#ifndef SGFKIT_TEST_ROWS_H
#define SGFKIT_TEST_ROWS_H

#include <string.h>
#include "sgfkit.h"

static inline sgf_position *from_rows(const char *const *rows, int h)
{
    int w = (int)strlen(rows[0]);
    sgf_position *p = sgf_position_new();
    if (!p || sgf_position_reset(p, w, h, NULL) != SGF_OK)
        return NULL;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (rows[y][x] == 'X' || rows[y][x] == 'O')
                sgf_position_setup(p, x, y, rows[y][x] == 'X' ? SGF_BLACK : SGF_WHITE);
    sgf_position_setup_done(p);
    return p;
}

#endif
