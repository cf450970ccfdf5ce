/*
 * game_go.h - what the go layer keeps with a game object (sgf/game.h)
 * from game to game (game_go.c).  Never installed.
 */
#ifndef SGFKIT_GO_GAME_GO_H
#define SGFKIT_GO_GAME_GO_H

#include <stdbool.h>
#include <stdint.h>
#include "sgfkit.h"

/* The position its replays use, what assume.c inferred beyond sgf_info,
 * and the summary of the last replay of the main line. */
typedef struct game_go {
    sgf_position *pos;
    /* why the rules and the komi were inferred, for the notes, and where
     * the rules' clue stands */
    const char *rules_why, *komi_why;
    /* what the komi was inferred from when KM[0] was set aside (its
     * komi_evidence without the words on KM[0]) */
    const char *komi_clue;
    uint32_t rules_pos;
    /* the rules rest on the players' names alone, which say where the
     * game was played but not when: no komi of today follows from them */
    bool rules_from_names;
    /* the handicap stones placed for HA without AB */
    int placed_n;
    uint8_t placed_x[9], placed_y[9];
    sgf_replay_summary summary;
} game_go;

/* g's go-layer attachment, made at the first call with its position;
 * NULL when out of memory. */
game_go *game_go_of(sgf_game *g);
/* The attachment when there is one, else NULL. */
const game_go *game_go_get(const sgf_game *g);

#endif /* SGFKIT_GO_GAME_GO_H */
