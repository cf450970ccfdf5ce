/*
 * dialect.h - what servers and collections mean by properties that FF[4]
 * defines otherwise or not at all (dialect.c): the Nihon Kiin's game-info
 * node, TE[title], RD[date] and KO[komi] beside GK[1], where FF[4] writes
 * EV, DT and KM; Fox's and the Nihon Kiin's byo-yomi; players named PX and
 * PY when their colours are not known.  Never installed.
 */
#ifndef SGFKIT_SGF_DIALECT_H
#define SGFKIT_SGF_DIALECT_H

#include "sgfkit.h"

/* The FF[4] kind p stands for in n when n is a game-info node in the
 * dialect (SGF_P_EV for TE, SGF_P_DT for RD, SGF_P_KM for KO), and n does
 * not hold that FF[4] property itself; else p->kind. */
int dialect_kind(const sgf_node *n, const sgf_prop *p);

/* The property of n that gives kind: its FF[4] one, else the dialect's
 * stand-in (KO for KM...); NULL when none. */
const sgf_prop *dialect_find(const sgf_node *n, int kind);

/* What p means in n when it is not what FF[4] (or FF[3]) says, " (...)"
 * for a message; else NULL.  Fox writes its byo-yomi as TC[periods] beside
 * TT[seconds]; the Nihon Kiin's records and Fox's older ones as
 * LT[seconds] beside LC[periods] (TM the main time), not FF[3]'s territory
 * count and lose-on-time.  PX and PY beside each other are the players. */
const char *dialect_meaning(const sgf_node *n, const sgf_prop *p);

/* Records of games whose colours were not kept (Gosei-Kifu's) name the
 * players PX[...] and PY[...] and the winner RE[X+] or RE[Y+]: the PX or
 * PY property of n that the result text re names; else NULL. */
const sgf_prop *dialect_result_player(const sgf_node *n, const char *re);

#endif /* SGFKIT_SGF_DIALECT_H */
