/*
 * validate.h - the property, value and placement checks (validate.c).  Never
 * installed.
 */
#ifndef SGFKIT_SGF_VALIDATE_H
#define SGFKIT_SGF_VALIDATE_H

#include "sgfkit.h"

/* The property, value and placement checks over the whole tree. */
void validate_game(sgf_game *g);

#endif /* SGFKIT_SGF_VALIDATE_H */
