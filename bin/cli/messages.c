/*
 * messages.c - every message of the tools on stderr goes through here, so
 * that it starts with the tool's name and never lands in the middle of the
 * progress bar: the bar is erased first under the lock it is drawn with.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include "cli/cli-internal.h"
#include "cli/progress.h"

static void verror(const struct cli *cli, const char *fmt, va_list ap)
{
    struct cli_state *st = cli->st;
    if (st) {
        pthread_mutex_lock(&st->err_lock);
        progress_erase(st->progress);
    }
    fprintf(stderr, "%s: ", cli->tool->name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (st)
        pthread_mutex_unlock(&st->err_lock);
}

void cli_error(const struct cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(cli, fmt, ap);
    va_end(ap);
}

int cli_usage_error(const struct cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(cli, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '%s --help' for more information.\n",
            cli->tool->name);
    if (cli->st)
        cli->st->usage_error = 1;
    return -1;
}

void cli_message_block(const struct cli *cli, const struct cli_buf *b)
{
    struct cli_state *st = cli->st;
    pthread_mutex_lock(&st->err_lock);
    progress_erase(st->progress);
    fwrite(b->data, 1, b->len, stderr);
    pthread_mutex_unlock(&st->err_lock);
}

void cli_read_failed(struct cli *cli)
{
    cli->st->read_errors++;
}

void cli_out_of_memory(const struct cli *cli)
{
    cli_error(cli, "out of memory");
    if (cli->st)
        cli->st->nomem = 1;
}
