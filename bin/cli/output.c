/*
 * output.c - where a tool's report goes: standard output, or -o FILE
 * written beside its final name and renamed at the end, so that a reader
 * never sees half a report and a failed run leaves the old file alone.
 * Writing over a file the run reads is refused: the rename would destroy
 * the records being read.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli-internal.h"
#include "cli/progress.h"

/* The temporary file is removed, and the progress bar erased, when a
 * signal ends the run. */
static char *volatile signal_tmp_path;

static void on_fatal_signal(int sig)
{
    char *p = signal_tmp_path;
    if (p)
        unlink(p);
    progress_on_signal();
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_catch_fatal_signals(void)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old;
        /* keep "ignored" (nohup) as it is */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

/* -o DIR for one file per game: the directory (and its parents) are made
 * when missing. */
static int open_directory(struct cli *cli, const char *path)
{
    if (cli_output_dir(cli, path) != 0)
        return -1;
    cli->st->sink = cli_sink_open(cli, CLI_SINK_DIRECTORY, -1, path);
    if (!cli->st->sink) {
        cli->st->write_error = 1;
        return -1;
    }
    return 0;
}

int cli_open_output(struct cli *cli)
{
    struct cli_state *st = cli->st;
    const char *path = cli->output;
    if (cli->sink == CLI_SINK_DIRECTORY && path)
        return open_directory(cli, path);
    if (cli->sink == CLI_SINK_IN_PLACE) {
        st->sink = cli_sink_open(cli, CLI_SINK_IN_PLACE, cli->backup, NULL);
        return st->sink ? 0 : -1;
    }
    if (!path || strcmp(path, "-") == 0) {
        st->out = stdout;
        st->out_tty = isatty(STDOUT_FILENO);
        return 0;
    }
    struct stat old;
    mode_t mode;
    if (stat(path, &old) == 0) {
        char what[PATH_MAX + 64];
        if (cli_input_at(cli, path, &old, what, sizeof what)) {
            cli_usage_error(cli, "will not overwrite %s with -o", what);
            return -1;
        }
        if (S_ISDIR(old.st_mode)) {
            cli_error(cli, "cannot write '%s': Is a directory", path);
            st->write_error = 1;
            return -1;
        }
        mode = old.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }

    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    size_t need = strlen(path) + sizeof "/..XXXXXX";
    char *tmp = malloc(need);
    if (!tmp) {
        cli_out_of_memory(cli);
        return -1;
    }
    snprintf(tmp, need, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        cli_error(cli, "cannot create a file beside '%s': %s", path,
                  strerror(errno));
        free(tmp);
        st->write_error = 1;
        return -1;
    }
    signal_tmp_path = tmp;
    cli_catch_fatal_signals();
    fchmod(fd, mode);
    st->out = fdopen(fd, "w");
    if (!st->out) {
        cli_error(cli, "cannot write '%s': %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        signal_tmp_path = NULL;
        free(tmp);
        st->write_error = 1;
        return -1;
    }
    st->tmp_path = tmp;
    st->final_path = path;
    if (cli->sink == CLI_SINK_GZIP || cli->sink == CLI_SINK_ARCHIVE) {
        st->sink = cli_sink_open(cli, cli->sink, fd, path);
        if (!st->sink) {
            st->write_error = 1;
            cli_output_close(cli);
            return -1;
        }
    }
    return 0;
}

FILE *cli_output(const struct cli *cli)
{
    return cli->st->out;
}

/* The output's name for messages. */
static const char *output_name(const struct cli_state *st)
{
    return st->final_path ? st->final_path : "standard output";
}

void cli_output_write(struct cli *cli, const struct cli_buf *b)
{
    struct cli_state *st = cli->st;
    if (!b->len || st->write_error)
        return;
    if (st->sink) {
        if (cli_sink_write(cli, st->sink, b) < 0)
            st->write_error = 1;
        return;
    }
    if (st->out_tty && progress_on_terminal(st->progress)) {
        pthread_mutex_lock(&st->err_lock);
        progress_erase(st->progress);
        pthread_mutex_unlock(&st->err_lock);
    }
    if (fwrite(b->data, 1, b->len, st->out) != b->len) {
        cli_error(cli, "write error on '%s': %s", output_name(st),
                  strerror(errno));
        st->write_error = 1;
    }
}

void cli_output_close(struct cli *cli)
{
    struct cli_state *st = cli->st;
    if (st->sink) {
        if (cli_sink_close(cli, st->sink, st->write_error || st->nomem) < 0)
            st->write_error = 1;
        st->sink = NULL;
    }
    if (!st->out)
        return;
    int failed = st->write_error;
    if (fflush(st->out) != 0 || ferror(st->out))
        failed = 1;
    if (st->tmp_path && !failed && fsync(fileno(st->out)) != 0)
        failed = 1;
    int err = errno;
    if (st->out != stdout && fclose(st->out) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    st->out = NULL;
    if (failed && !st->write_error) {
        cli_error(cli, "write error on '%s': %s", output_name(st),
                  strerror(err));
        st->write_error = 1;
    }
    if (!st->tmp_path)
        return;
    if (!failed && rename(st->tmp_path, st->final_path) != 0) {
        cli_error(cli, "cannot rename to '%s': %s", st->final_path,
                  strerror(errno));
        st->write_error = 1;
        failed = 1;
    }
    if (failed)
        unlink(st->tmp_path);
    signal_tmp_path = NULL;
    free(st->tmp_path);
    st->tmp_path = NULL;
}
