/*
 * writer.h - the canonical FF[4] writer (writer.c).  Never installed.
 */
#ifndef SGFKIT_SGF_WRITER_H
#define SGFKIT_SGF_WRITER_H

#include "sgfkit.h"

/* g written in the canonical form and read back (syntax only; text in
 * UTF-8): what the exporters walk, so that XML and JSON hold exactly the
 * tree the canonical SGF holds.  *out is NULL when it fails: SGF_E_NOMEM or
 * the writer's error. */
int writer_canonical_copy(sgf_game *g, sgf_game **out);

#endif /* SGFKIT_SGF_WRITER_H */
