/*
 * file.h - a file or standard input opened (file.c): its head read, and
 * what it is decided by its magic bytes, never by its name.  Never
 * installed.
 */
#ifndef SGFKIT_INPUT_FILE_H
#define SGFKIT_INPUT_FILE_H

#include <stdbool.h>

#include "input/iterator.h"

/* Reads the head of fd (closed when done if close_fd) and decides: 1 when
 * a plain member is ready, 0 otherwise (a container was opened, a
 * directory pushed, a failure reported, or, for a walked name that says
 * nothing (sniff_it), a head that is no record's skipped). */
int file_start(sgf_inputs *in, int fd, bool close_fd, const char *origin,
               bool sniff_it);
/* file_start on path, opened here. */
int file_open_path(sgf_inputs *in, const char *path, bool sniff_it);
/* For the listing: whether a walked file whose name says nothing is read,
 * decided by its first bytes as file_start decides it (skipped
 * otherwise). */
bool file_head_says_record(sgf_inputs *in, const char *path);

#endif /* SGFKIT_INPUT_FILE_H */
