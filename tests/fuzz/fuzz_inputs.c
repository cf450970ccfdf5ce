/*
 * fuzz_inputs.c - libFuzzer target for the inputs layer (see
 * doc/fuzzing.md): the bytes are a file (gzip, zip, tar, ... or plain SGF),
 * opened by path through sgf_inputs like any file on disk, and every
 * member is read to its end through a reader.
 *
 * The file is an anonymous memory file (memfd) named by /proc/self/fd, so
 * nothing touches the disk.  Sanitizers find crashes, leaks and bad reads;
 * the checks below are the promises of sgfkit.h about members.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1           /* memfd_create */
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sgfkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...) do { \
    fprintf(stderr, "fuzz_inputs: " __VA_ARGS__); \
    fputc('\n', stderr); \
    abort(); \
} while (0)

static volatile size_t sink;

static void on_error(void *ctx, const char *origin, const char *message)
{
    if (!origin || !message || !*message)
        FAIL("an input error without origin or message");
    sink += strlen(origin) + strlen(message);
    (*(size_t *)ctx)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("fuzz", MFD_CLOEXEC);
    if (fd < 0)
        FAIL("memfd_create");
    for (size_t off = 0; off < size;) {
        ssize_t n = write(fd, data + off, size - off);
        if (n <= 0)
            FAIL("write");
        off += (size_t)n;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    const char *paths[] = { path };
    size_t errors = 0;
    sgf_inputs *in = sgf_inputs_new(paths, 1, on_error, &errors);
    sgf_reader *r = sgf_reader_new(NULL);
    if (!in || !r)
        FAIL("out of memory");
    sgf_member *m;
    size_t members = 0;
    while (sgf_inputs_next(in, &m) == 1) {
        members++;
        const char *origin = sgf_member_origin(m);
        if (!origin)
            FAIL("a member without origin");
        sink += strlen(origin);
        sgf_reader_start(r, m);
        sgf_game *g;
        int rc;
        while ((rc = sgf_reader_next(r, &g)) == 1) {
            sink += sgf_game_diag_count(g) + sgf_game_moves(g);
            for (size_t i = 0; i < sgf_game_diag_count(g); i++)
                sink += strlen(sgf_game_diag(g, i)->message);
        }
        if (rc < 0) {
            const char *e = sgf_member_error(m);
            if (rc != SGF_E_NOMEM && (!e || !*e))
                FAIL("read error %d without a message", rc);
            if (e)
                sink += strlen(e);
        }
        /* once over, a member stays over */
        char buf[16];
        long n = sgf_member_read(m, buf, sizeof buf);
        if (n > 0)
            FAIL("a member read %ld bytes after its end", n);
    }
    if (sgf_inputs_failures(in) != errors)
        FAIL("%zu failures counted, %zu reported",
             sgf_inputs_failures(in), errors);
    sink += members;
    sgf_reader_free(r);
    sgf_inputs_free(in);
    close(fd);
    return 0;
}
