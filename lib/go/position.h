/*
 * position.h - the position object behind sgf_position_* (position.c): a
 * board (board.h) and the history of its game under its rules
 * (history.h), put together.  Never installed.
 */
#ifndef SGFKIT_GO_POSITION_H
#define SGFKIT_GO_POSITION_H

#include "sgfkit.h"
#include "go/board.h"
#include "go/history.h"

struct sgf_position {
    board b;       /* the stones: what the scorer and the drawings read */
    history h;     /* the rules, the player to move and every ply before */
};

#endif /* SGFKIT_GO_POSITION_H */
