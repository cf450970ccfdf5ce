/*
 * walk.h - directories walked in sorted order (walk.c), depth first, with
 * no recursion: one frame per open directory.  Never installed.
 */
#ifndef SGFKIT_INPUT_WALK_H
#define SGFKIT_INPUT_WALK_H

#include "input/iterator.h"

/* A directory named by the caller, open as fd (taken): its entries are
 * listed as the innermost frame.  path names it in messages. */
void walk_start_dir(sgf_inputs *in, int fd, const char *path);
/* Takes the next entry of the innermost directory: 1 when in->path is a
 * file the walk reads, 2 when its name says nothing and its first bytes
 * decide, 0 when something else happened (the caller loops). */
int walk_take(sgf_inputs *in);

#endif /* SGFKIT_INPUT_WALK_H */
