/*
 * game_go.c - what the go layer keeps with a game object (game_go.h).
 */
#include <stdlib.h>

#include "sgf/game.h"
#include "go/game_go.h"


static void free_go(void *p)
{
    game_go *go = p;
    sgf_position_free(go->pos);
    free(go);
}

game_go *game_go_of(sgf_game *g)
{
    if (!g->attached) {
        game_go *go = calloc(1, sizeof *go);
        if (!go || !(go->pos = sgf_position_new())) {
            free(go);
            return NULL;
        }
        g->attached = go;
        g->attached_free = free_go;
    }
    return g->attached;
}

const game_go *game_go_get(const sgf_game *g)
{
    return g->attached;
}
