/*
 * gameinfo.h - typed game info and the grammars of its values (gameinfo.c).
 * Never installed.
 */
#ifndef SGFKIT_SGF_GAMEINFO_H
#define SGFKIT_SGF_GAMEINFO_H

#include "sgfkit.h"

/* Fills g->info from the main line's game-info node. */
void gameinfo_read(sgf_game *g);
/* Checks the game-info grammars of another game-info node. */
void gameinfo_check_node(sgf_game *g, const sgf_node *n);

#endif /* SGFKIT_SGF_GAMEINFO_H */
