/*
 * files.c - files the output writes besides its stream, with the care of
 * -o: never over an input, whole or not at all (a temporary name beside
 * the file, renamed once complete), directories made as needed.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli-internal.h"

struct file_id {
    dev_t dev;
    ino_t ino;
    const char *name;       /* as the command line names it; "-": stdin */
    int dir;                /* a directory, whose walk reads files below */
};

static int cmp_id(const void *a, const void *b)
{
    const struct file_id *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* The inputs' identities, sorted, built once (one stat per input: the run
 * then checks each file it writes in O(log n)).  NULL when out of
 * memory. */
static const struct file_id *input_ids(const struct cli *cli)
{
    struct cli_state *st = cli->st;
    pthread_mutex_lock(&st->ids_lock);
    if (!st->ids_built) {
        size_t n = cli->ninputs ? cli->ninputs : 1;
        st->ids = malloc(n * sizeof *st->ids);
        for (size_t i = 0; st->ids && i < n; i++) {
            const char *p = cli->ninputs ? cli->inputs[i] : "-";
            struct stat in;
            if (strcmp(p, "-") == 0 ? fstat(0, &in) != 0 : stat(p, &in) != 0)
                continue;   /* the run will say it cannot read it */
            struct file_id *id = &st->ids[st->nids++];
            id->dev = in.st_dev;
            id->ino = in.st_ino;
            id->name = p;
            id->dir = S_ISDIR(in.st_mode);
            st->ids_dirs |= id->dir;
        }
        if (st->ids)
            qsort(st->ids, st->nids, sizeof *st->ids, cmp_id);
        st->ids_built = st->ids != NULL;
    }
    pthread_mutex_unlock(&st->ids_lock);
    return st->ids;
}

static const struct file_id *find_id(const struct cli *cli,
                                     const struct stat *st)
{
    struct file_id key = { st->st_dev, st->st_ino, NULL, 0 };
    return bsearch(&key, cli->st->ids, cli->st->nids, sizeof key, cmp_id);
}

/* The input that replacing the file at path (st) would destroy: a named
 * input, or a file the walk of a named directory takes (a name it takes,
 * and a directory of its real path is that input).  NULL when none;
 * *walked says which; "?" when out of memory (refused all the same). */
static const char *replaced_input(const struct cli *cli, const char *path,
                                  const struct stat *st, int *walked)
{
    *walked = 0;
    if (!input_ids(cli)) {
        cli_out_of_memory(cli);
        return "?";
    }
    const struct file_id *id = find_id(cli, st);
    if (id)
        return id->name;
    if (!cli->st->ids_dirs ||
        !(sgf_inputs_name_flags(path) & SGF_NAME_WALKED))
        return NULL;
    char *real = realpath(path, NULL);
    const char *found = NULL;
    size_t len = real ? strlen(real) : 0;
    while (len > 1 && !found) {
        struct stat d;
        while (len > 1 && real[len - 1] != '/')
            len--;                          /* the folder above */
        real[len > 1 ? len - 1 : len] = '\0';
        len = strlen(real);
        if (stat(real, &d) == 0 && (id = find_id(cli, &d)) && id->dir)
            found = id->name;
    }
    free(real);
    *walked = found != NULL;
    return found;
}

/* What replaced_input found, for "will not overwrite %s". */
static void name_input(char *buf, size_t n, const char *path,
                       const char *input, int walked)
{
    if (strcmp(input, "-") == 0)
        snprintf(buf, n, "standard input");
    else if (walked)
        snprintf(buf, n, "'%s', an input (in '%s')", path, input);
    else
        snprintf(buf, n, "input '%s'", input);
}

int cli_input_at(const struct cli *cli, const char *path,
                 const struct stat *st, char *what, size_t n)
{
    int walked;
    const char *in = replaced_input(cli, path, st, &walked);
    if (in)
        name_input(what, n, path, in, walked);
    return in != NULL;
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

/* The run will exit 2; -1. */
static int save_failed(const struct cli *cli)
{
    struct cli_state *st = cli->st;
    pthread_mutex_lock(&st->err_lock);
    st->write_error = 1;
    pthread_mutex_unlock(&st->err_lock);
    return -1;
}

int cli_output_dir(const struct cli *cli, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 &&
        cli_make_dirs(cli, path, 0, strlen(path), 1) != 0)
        return save_failed(cli);
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        cli_error(cli, "'%s' is not a directory", path);
        return save_failed(cli);
    }
    return 0;
}

/* Moves the complete temporary tmp to path.  CLI_SAVE_NEW links it there
 * (link(2) never replaces a name, so a file made meanwhile is safe too),
 * or, on a file system without hard links, checks and renames. */
static int commit(const char *tmp, const char *path, enum cli_save how)
{
    if (how != CLI_SAVE_NEW)
        return rename(tmp, path);
    if (link(tmp, path) == 0)
        return unlink(tmp), 0;
    if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP ||
        errno == ENOSYS || errno == EMLINK) {
        struct stat st;
        if (lstat(path, &st) == 0) {
            errno = EEXIST;
            return -1;
        }
        return rename(tmp, path);
    }
    return -1;
}

/* Files a worker writes by itself (sgfscore --svg), the files of --split
 * and --in-place: the same care as -o, a temporary name beside the file,
 * renamed once complete, so a reader never sees half a file and an old
 * one survives a failure. */
int cli_save_file_as(const struct cli *cli, const char *path,
                     const struct cli_buf *b, enum cli_save how)
{
    size_t need = strlen(path) + sizeof "/..XXXXXX";
    char *tmp = malloc(need);
    int fd = -1, ok = 0, err = 0;
    struct stat old;
    char what[PATH_MAX + 64];
    if (!tmp || b->nomem) {
        cli_out_of_memory(cli);
        free(tmp);
        return save_failed(cli);
    }
    if (how == CLI_SAVE_REPLACE && stat(path, &old) == 0 &&
        cli_input_at(cli, path, &old, what, sizeof what)) {
        cli_error(cli, "will not overwrite %s", what);
        free(tmp);
        return save_failed(cli);
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
        if (ok && commit(tmp, path, how) != 0) {
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
    if (err == EEXIST && how == CLI_SAVE_NEW) {
        /* never made twice by this run: the file was there before */
        if (stat(path, &old) != 0 ||
            !cli_input_at(cli, path, &old, what, sizeof what))
            snprintf(what, sizeof what, "'%s', which was there before",
                     path);
        cli_error(cli, "will not overwrite %s", what);
    } else {
        cli_error(cli, "cannot write '%s': %s", path, strerror(err));
    }
    return save_failed(cli);
}

int cli_save_file(const struct cli *cli, const char *path,
                  const struct cli_buf *b)
{
    return cli_save_file_as(cli, path, b, CLI_SAVE_REPLACE);
}
