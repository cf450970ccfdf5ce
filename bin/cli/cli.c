/*
 * cli.c - the life of a struct cli, the calls a tool's main makes in turn
 * (cli.h): cli_parse creates the run's state and reads the options,
 * cli_run picks the serial run or the worker pool, cli_finish commits the
 * output, prints the summary and turns what went wrong into the exit
 * status (EXIT STATUS in the man pages).  The other files of bin/cli/ are
 * listed in cli-internal.h.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli-internal.h"
#include "cli/progress.h"

int cli_parse(struct cli *cli, const struct cli_tool *tool,
              const struct cli_option *options, int argc, char **argv)
{
    memset(cli, 0, sizeof *cli);
    cli->tool = tool;
    struct cli_state *st = calloc(1, sizeof *st);
    size_t nchecks = sgf_check_count();
    cli->severity = malloc(nchecks ? nchecks : 1);
    if (!st || !cli->severity) {
        free(st);
        free(cli->severity);
        cli_out_of_memory(cli);
        return CLI_EXIT_TROUBLE;
    }
    pthread_mutex_init(&st->err_lock, NULL);
    pthread_mutex_init(&st->ids_lock, NULL);
    st->start = progress_clock();
    cli->st = st;
    for (size_t i = 0; i < nchecks; i++)
        cli->severity[i] = (signed char)sgf_check_get(i)->severity;

    int status = cli_parse_options(cli, options, argc, argv);
    if (status != CLI_CONTINUE)
        cli_finish(cli, 0);
    return status;
}

void cli_run(struct cli *cli, cli_game_fn fn, void *ctx)
{
    struct cli_state *st = cli->st;
    const struct progress_config pc = {
        cli->tool->name, cli->progress, cli->verbosity < 0, st->start,
        &st->err_lock, cli->tool->work_per_game
    };
    st->ran = 1;
    st->progress = progress_start(&pc);
    if (progress_on_terminal(st->progress))
        cli_catch_fatal_signals();
    /* without memory or threads for a pool, one thread is enough */
    if (cli->jobs <= 1 || cli_run_pool(cli, fn, ctx) < 0)
        cli_run_serial(cli, fn, ctx);
    /* the summary follows on a clean line */
    progress_stop(st->progress);
    st->progress = NULL;
}

static void plural(struct cli_buf *b, const char *sep, uint64_t n,
                   const char *one, const char *many)
{
    cli_buf_printf(b, "%s%llu %s", sep, (unsigned long long)n,
                   n == 1 ? one : many);
}

/* ", 3 inputs skipped (2 not a game record, 1 hidden)": each reason
 * (sgf_skip_reason_name) with its count. */
static void skips(struct cli_buf *b, const uint64_t *by_reason)
{
    uint64_t total = 0;
    int reasons = 0;
    for (int k = 0; k < SGF_SKIP_REASONS; k++) {
        total += by_reason[k];
        reasons += by_reason[k] != 0;
    }
    if (!total)
        return;
    plural(b, ", ", total, "input skipped", "inputs skipped");
    const char *sep = " (";
    for (int k = 0; k < SGF_SKIP_REASONS; k++) {
        if (!by_reason[k])
            continue;
        if (reasons > 1)
            cli_buf_printf(b, "%s%llu %s", sep,
                           (unsigned long long)by_reason[k],
                           sgf_skip_reason_name(k));
        else
            cli_buf_printf(b, "%s%s", sep, sgf_skip_reason_name(k));
        sep = ", ";
    }
    cli_buf_printf(b, ")");
}

/* On stderr like every message, so that it never mixes with a report
 * written to standard output. */
static void summary(const struct cli *cli)
{
    const struct cli_state *st = cli->st;
    const struct cli_tally *t = &cli->total;
    double elapsed = progress_clock() - st->start;
    struct cli_buf b = { 0 };
    plural(&b, "", t->games, "game", "games");
    plural(&b, ", ", t->errors, "error", "errors");
    plural(&b, ", ", t->warnings, "warning", "warnings");
    if (cli->verbosity > 0)
        plural(&b, ", ", t->notes, "note", "notes");
    uint64_t failed = st->read_errors + st->input_failures;
    if (failed)
        plural(&b, ", ", failed, "input not read", "inputs not read");
    skips(&b, st->input_skips);
    cli_buf_printf(&b, " in %.2f s (%.0f games/s)", elapsed,
                   (double)t->games / (elapsed > 1e-9 ? elapsed : 1e-9));
    if (!b.nomem)
        cli_error(cli, "%.*s", (int)b.len, b.data);
    cli_buf_free(&b);
}

int cli_finish(struct cli *cli, int found)
{
    struct cli_state *st = cli->st;
    int status = found ? CLI_EXIT_FOUND : CLI_EXIT_OK;
    if (st) {
        cli_output_close(cli);
        if (st->ran && cli->verbosity >= 0)
            summary(cli);
        if (st->usage_error || st->write_error || st->nomem
            || st->read_errors || st->input_failures)
            status = CLI_EXIT_TROUBLE;
        pthread_mutex_destroy(&st->err_lock);
        pthread_mutex_destroy(&st->ids_lock);
        free(st->ids);
        free(st);
        cli->st = NULL;
    }
    free(cli->severity);
    cli->severity = NULL;
    return status;
}
