/*
 * gameinfo.h - typed game info (gameinfo.c).
 * Never installed.
 */
#ifndef SGFKIT_SGF_GAMEINFO_H
#define SGFKIT_SGF_GAMEINFO_H

#include <stdbool.h>
#include "sgfkit.h"

/* Fills g->info from the main line's game-info node. */
void gameinfo_read(sgf_game *g);
/* Checks the game-info grammars of another game-info node. */
void gameinfo_check_node(sgf_game *g, const sgf_node *n);
/* Whether n holds a game-info property (PB, RE, KM...). */
bool gameinfo_in_node(const sgf_node *n);
/* A board size as SZ's text gives it: "19", "9:13", and the forms records
 * write instead ("9x9", "19 x 19", "13*13", "19:19"), 1 to 52 each way.
 * *ff4 tells whether the text was FF[4]'s own form.  false when t is no
 * size. */
bool gameinfo_parse_size(const char *t, int *w, int *h, bool *ff4);

#endif /* SGFKIT_SGF_GAMEINFO_H */
