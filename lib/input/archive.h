/*
 * archive.h - containers read with libarchive (archive.c): archives
 * (zip, tar, 7z, compressed tars) and bare compressed streams other than
 * gzip.  Never installed.
 */
#ifndef SGFKIT_INPUT_ARCHIVE_H
#define SGFKIT_INPUT_ARCHIVE_H

#include <stdbool.h>

#include "input/iterator.h"

/* Opens the file being read (in->fd, its head in in->peek) as a container
 * named origin; raw_ok: a compressor, whose one bare stream is a member.
 * A failure is reported and the file closed (in->ar stays NULL). */
void container_open(sgf_inputs *in, const char *origin, bool raw_ok);
/* 1 when the next member is ready in in->m, 0 when the container is
 * finished (closed). */
int container_next(sgf_inputs *in);

#endif /* SGFKIT_INPUT_ARCHIVE_H */
