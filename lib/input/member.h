/*
 * member.h - a member's bytes (member.c): the public sgf_member_* reads
 * them from memory, a FILE, a file descriptor or an archive member, and
 * inflates gzip with zlib.  Never installed.
 */
#ifndef SGFKIT_INPUT_MEMBER_H
#define SGFKIT_INPUT_MEMBER_H

#include <stddef.h>

#include "input/iterator.h"

/* The current member's bytes from here on are gzip, starting with
 * head[0..len): sgf_member_read inflates them. */
void member_start_inflate(sgf_inputs *in, unsigned char *head, size_t len);

#endif /* SGFKIT_INPUT_MEMBER_H */
