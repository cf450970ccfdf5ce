/*
 * source.c - the file being read: its descriptor, the buffers compressed
 * input needs (plain files never do), and what closing it counts.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include <archive.h>

#include "input/iterator.h"
#include "input/source.h"

ssize_t read_retry(int fd, void *buf, size_t n)
{
    ssize_t r;
    do
        r = read(fd, buf, n);
    while (r < 0 && errno == EINTR);
    return r;
}

bool source_buffers(sgf_inputs *in)
{
    if (!in->block) {
        in->block = malloc(BLOCK_SIZE + MBUF_SIZE);
        if (!in->block)
            return false;
        in->mbuf = in->block + BLOCK_SIZE;
    }
    return true;
}

/* The file being read is done with: it counts whole. */
static void source_file_done(sgf_inputs *in)
{
    if (!in->file_open)
        return;
    in->file_open = false;
    in->bytes_done += in->cur_sized ? in->cur_size : in->cur_read;
    in->files_done++;
    in->cur_read = in->cur_size = 0;
}

void source_close(sgf_inputs *in)
{
    source_file_done(in);
    if (in->ar) {
        archive_read_free(in->ar);
        in->ar = NULL;
    }
    if (in->fd >= 0 && in->close_fd)
        close(in->fd);
    in->fd = -1;
    in->close_fd = false;
}
