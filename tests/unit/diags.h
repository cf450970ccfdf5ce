/*
 * diags.h - what the unit tests ask of a game's diagnostics.
 */
#ifndef SGFKIT_TEST_DIAGS_H
#define SGFKIT_TEST_DIAGS_H

#include <string.h>
#include "sgfkit.h"

/* Number of g's diagnostics with this id; the first one's message in *msg
 * (when msg is not NULL). */
static inline int diags(const sgf_game *g, const char *id, const char **msg)
{
    int n = 0;
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        if (strcmp(d->id, id) == 0) {
            if (!n && msg)
                *msg = d->message;
            n++;
        }
    }
    return n;
}

#endif
