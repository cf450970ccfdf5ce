/*
 * files.c - files the output writes besides its stream, with the care of
 * -o: never over an input, whole or not at all (a temporary name beside
 * the file, renamed once complete), directories made as needed.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli-internal.h"

static int same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

const char *cli_input_at(const struct cli *cli, const struct stat *out)
{
    struct stat in;
    if (cli->ninputs == 0)
        return fstat(0, &in) == 0 && same_file(&in, out) ? "-" : NULL;
    for (size_t i = 0; i < cli->ninputs; i++) {
        const char *p = cli->inputs[i];
        if (strcmp(p, "-") == 0 ? fstat(0, &in) == 0 : stat(p, &in) == 0)
            if (same_file(&in, out))
                return p;
    }
    return NULL;
}

/* -o DIR is made with it (output.c), and the folders of a --split pattern
 * inside it (sink.c). */
int cli_make_dirs(const struct cli *cli, const char *path, size_t from,
                  size_t len, int follow)
{
    char *p = strndup(path, len);
    int rc = 0;
    if (!p) {
        cli_out_of_memory(cli);
        return -1;
    }
    for (size_t i = from; i <= len && rc == 0; i++) {
        if ((i < len && p[i] != '/') || i == 0 || p[i - 1] == '/')
            continue;           /* inside a name, or "/" and "//" */
        p[i] = '\0';
        /* mkdir first: a folder made meanwhile is EEXIST, not an error */
        if (mkdir(p, 0777) != 0) {
            struct stat st;
            const char *why = strerror(errno);
            if (errno == EEXIST &&
                (follow ? stat(p, &st) : lstat(p, &st)) == 0)
                why = S_ISDIR(st.st_mode) ? NULL
                      /* a link could lead out of the output */
                      : S_ISLNK(st.st_mode) ? "a symbolic link is in the way"
                      : strerror(ENOTDIR);
            if (why) {
                cli_error(cli, "cannot create directory '%s': %s", p, why);
                rc = -1;
            }
        }
        if (i < len)
            p[i] = '/';
    }
    free(p);
    return rc;
}

/* Files a worker writes by itself (sgfscore --svg): the same care as -o,
 * a temporary name beside the file, renamed once complete, so a reader
 * never sees half a file and an old one survives a failure. */
int cli_save_file(const struct cli *cli, const char *path,
                  const struct cli_buf *b)
{
    struct cli_state *st = cli->st;
    size_t need = strlen(path) + sizeof "/..XXXXXX";
    char *tmp = malloc(need);
    int fd = -1, ok = 0, err = 0;
    if (!tmp || b->nomem) {
        cli_out_of_memory(cli);
        free(tmp);
        return -1;
    }
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(tmp, need, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    fd = mkstemp(tmp);
    if (fd >= 0) {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
        size_t done = 0;
        while (done < b->len) {
            ssize_t n = write(fd, b->data + done, b->len - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            done += (size_t)n;
        }
        ok = done == b->len && fsync(fd) == 0;
        err = errno;
        if (close(fd) != 0 && ok) {
            ok = 0;
            err = errno;
        }
        if (ok && rename(tmp, path) != 0) {
            ok = 0;
            err = errno;
        }
        if (!ok)
            unlink(tmp);
    } else {
        err = errno;
    }
    free(tmp);
    if (ok)
        return 0;
    cli_error(cli, "cannot write '%s': %s", path, strerror(err));
    pthread_mutex_lock(&st->err_lock);
    st->write_error = 1;
    pthread_mutex_unlock(&st->err_lock);
    return -1;
}
