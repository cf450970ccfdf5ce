/*
 * source.h - the file the input iterator is reading (source.c): its
 * descriptor, the buffers compressed input is read into, and its closing,
 * which counts it as read.  Never installed.
 */
#ifndef SGFKIT_INPUT_SOURCE_H
#define SGFKIT_INPUT_SOURCE_H

#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "input/iterator.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif
/* How every input file is opened: never kept by a child, never the
 * controlling terminal. */
#define SOURCE_OPEN_FLAGS (O_RDONLY | O_CLOEXEC | O_NOCTTY)

/* read(), again when a signal interrupted it. */
ssize_t read_retry(int fd, void *buf, size_t n);
/* in->block and in->mbuf, made once; false when out of memory. */
bool source_buffers(sgf_inputs *in);
/* Done with the file (and its archive, if any): it counts whole in the
 * progress, and its descriptor is closed when it is ours. */
void source_close(sgf_inputs *in);

#endif /* SGFKIT_INPUT_SOURCE_H */
