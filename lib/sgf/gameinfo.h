/*
 * gameinfo.h - typed game info and the grammars of its values (gameinfo.c).
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
/* v in buf (n bytes) for messages and written values: at most four
 * decimals, no trailing zeros, always '.' whatever the locale.  buf. */
const char *gameinfo_format_number(char *buf, size_t n, double v);

#endif /* SGFKIT_SGF_GAMEINFO_H */
