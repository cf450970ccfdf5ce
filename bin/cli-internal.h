/*
 * cli-internal.h - what the files of the cli layer share with each other and
 * not with the tools: the run's state and the calls between the stages.
 *
 *   cli.c       the life of a struct cli: cli_parse, cli_run, cli_finish
 *   messages.c  messages on stderr          options.c  the command line
 *   report.c    diagnostics, --list-checks  output.c   the -o file
 *   run.c       walking the inputs, -j 1    pool.c     -j N
 *   buf.c       output buffers, escaping    progress.c the progress bar
 */
#ifndef SGFKIT_CLI_INTERNAL_H
#define SGFKIT_CLI_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include "cli.h"

/* Jobs in flight per worker: enough to hide uneven game sizes, few enough
 * that memory stays bounded whatever the size of the collection.  -j is
 * capped so that the ring of jobs stays at MAX_JOBS. */
#define SLOTS_PER_WORKER 4u
#define MAX_JOBS 1024u
#define MAX_WORKERS (MAX_JOBS / SLOTS_PER_WORKER)

struct cli_state {
    double start;              /* progress_clock() at cli_parse */
    /* the command line (options.c) */
    const struct cli_option *tool_options;
    int format_given;          /* --format wins over -o's extension */
    /* the output (output.c) */
    FILE *out;
    char *tmp_path;            /* -o FILE is written here, renamed at the end */
    const char *final_path;
    int out_tty;               /* the output shares the screen with progress */
    /* what went wrong: each makes the exit status 2 */
    int usage_error, write_error, nomem;
    uint64_t read_errors;      /* members that failed part-way */
    uint64_t input_failures;   /* inputs that could not be read at all */
    int ran;                   /* cli_run was called: a summary is due */
    /* stderr: messages come from the reader thread and the progress
     * display from a thread of its own, so one lock keeps their lines
     * whole. */
    pthread_mutex_t err_lock;
    struct progress *progress; /* NULL when nothing is shown */
};

/* ---- messages.c ---- */

/* "PROG: out of memory", and the exit status will be 2. */
void cli_out_of_memory(const struct cli *cli);

/* ---- options.c ---- */

/* Sets the options' defaults, then parses argv with the shared table plus
 * options (may be NULL).  Returns what cli_parse returns. */
int cli_parse_options(struct cli *cli, const struct cli_option *options,
                      int argc, char **argv);

/* ---- output.c ---- */

/* Flushes and closes the output; renames the temporary file over the final
 * name unless the run failed to write it. */
void cli_output_close(struct cli *cli);
/* On SIGINT, SIGTERM and SIGHUP: removes the temporary file and erases the
 * progress bar, then dies of the signal.  A signal that was ignored stays
 * ignored (nohup). */
void cli_catch_fatal_signals(void);

/* ---- run.c: the stages every run has ---- */

enum { WALK_STOP = 2 };

/* The reader: walks every member of every input and hands each to next. */
struct walk {
    struct cli *cli;
    /* takes the next game of the current member: 1, 0 at its end, an
     * SGF_E_* code, or WALK_STOP */
    int (*next)(struct walk *w, sgf_reader *r);
    uint64_t base;             /* bytes of the members already finished */
};

void cli_walk_inputs(struct walk *w);
/* Calls fn on g with this game's counts alone in out->tally (a job's output
 * holds a batch of games), then adds those before it back. */
void cli_run_game(const struct cli *cli, cli_game_fn fn, void *ctx,
                  sgf_game *g, struct cli_out *out);
/* The output stage (always the main thread): writes out and adds its counts
 * to the total.  bytes: input read so far; position: the same in file
 * bytes (progress). */
void cli_emit(struct cli *cli, const struct cli_out *out, uint64_t bytes,
              uint64_t position);
/* -j 1: reads, parses, reports and writes in the main thread. */
void cli_run_serial(struct cli *cli, cli_game_fn fn, void *ctx);

/* ---- pool.c ---- */

/* -j N.  Returns -1, having read nothing, when no memory or thread is to be
 * had; the caller then runs serially. */
int cli_run_pool(struct cli *cli, cli_game_fn fn, void *ctx);

#endif /* SGFKIT_CLI_INTERNAL_H */
