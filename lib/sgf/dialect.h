/*
 * dialect.h - the Nihon Kiin's dialect of the game-info node (dialect.c):
 * TE[title], RD[date] and KO[komi] beside GK[1], where FF[4] writes EV, DT
 * and KM.  Never installed.
 */
#ifndef SGFKIT_SGF_DIALECT_H
#define SGFKIT_SGF_DIALECT_H

#include "sgfkit.h"

/* The FF[4] kind p stands for in n when n is a game-info node in the
 * dialect (SGF_P_EV for TE, SGF_P_DT for RD, SGF_P_KM for KO), and n does
 * not hold that FF[4] property itself; else p->kind. */
int dialect_kind(const sgf_node *n, const sgf_prop *p);

#endif /* SGFKIT_SGF_DIALECT_H */
