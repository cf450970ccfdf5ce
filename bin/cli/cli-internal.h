/*
 * cli-internal.h - what the files of the cli layer share with each other and
 * not with the tools: the run's state and the calls between the stages.
 *
 *   cli.c       the life of a struct cli: cli_parse, cli_run, cli_finish
 *   messages.c  messages on stderr          options.c  the command line
 *   report.c    diagnostics, --list-checks  output.c   the -o file
 *   run.c       walking the inputs, -j 1    pool.c     -j N
 *   buf.c       output buffers, escaping    progress.c the progress bar
 *   sink.c      gzip, archive, directory    files.c    files beside -o
 */
#ifndef SGFKIT_CLI_INTERNAL_H
#define SGFKIT_CLI_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include "cli/cli.h"

/* Jobs in flight per worker: enough to hide uneven game sizes and the
 * reader's reads, few enough that memory stays bounded whatever the size
 * of the collection.  -j is capped so that the ring of jobs stays at
 * MAX_JOBS. */
#define SLOTS_PER_WORKER 16u
#define MAX_JOBS 4096u
#define MAX_WORKERS (MAX_JOBS / SLOTS_PER_WORKER)

struct cli_state {
    double start;              /* progress_clock() at cli_parse */
    /* the command line (options.c) */
    const struct cli_option *tool_options;
    /* the output (output.c) */
    FILE *out;
    char *tmp_path;            /* -o FILE is written here, renamed at the end */
    const char *final_path;
    int out_tty;               /* the output shares the screen with progress */
    struct sink *sink;         /* gzip, archive or directory (sink.c), or NULL */
    /* what went wrong: each makes the exit status 2 */
    int usage_error, write_error, nomem;
    uint64_t read_errors;      /* members that failed part-way */
    uint64_t input_failures;   /* inputs that could not be read at all */
    /* inputs the walk did not read, by sgf_skip_reason: warned about one
     * by one, counted in the summary, never a failure */
    uint64_t input_skips[SGF_SKIP_REASONS];
    int ran;                   /* cli_run was called: a summary is due */
    /* stderr: messages come from the thread that reads or writes (with
     * -j N, any of them) and the progress display from a thread of its
     * own, so one lock keeps their lines whole. */
    pthread_mutex_t err_lock;
    struct progress *progress; /* NULL when nothing is shown */
    /* the inputs' identities, built by the first output that could
     * replace a file (files.c) */
    pthread_mutex_t ids_lock;
    struct file_id *ids;
    size_t nids;
    int ids_built, ids_dirs;
};

/* ---- messages.c ---- */

/* "PROG: out of memory", and the exit status will be 2. */
void cli_out_of_memory(const struct cli *cli);
/* Lines already formatted, on stderr as they are (erasing the progress bar
 * first). */
void cli_message_block(const struct cli *cli, const struct cli_buf *b);

/* ---- options.c ---- */

/* Sets the options' defaults, then parses argv with the common table plus
 * options (may be NULL).  Returns what cli_parse returns. */
int cli_parse_options(struct cli *cli, const struct cli_option *options,
                      int argc, char **argv);

/* ---- sink.c ---- */

struct sink;
/* A sink of kind writing into fd (the temporary file; not closed) or, for
 * a directory, into path.  NULL after an error message. */
struct sink *cli_sink_open(struct cli *cli, enum cli_sink kind, int fd,
                           const char *path);
int cli_sink_write(struct cli *cli, struct sink *s, const struct cli_buf *b);
/* Finishes (manifest, gzip trailer, archive directory) and frees s.
 * 0, or -1 after an error message. */
int cli_sink_close(struct cli *cli, struct sink *s, int failed);

/* ---- files.c ---- */

/* Whether replacing the file at path (st) would destroy what the run
 * reads: an input, or a file the walk of an input directory takes.  When
 * it would, what[0..n) names it for "will not overwrite %s" (out of
 * memory counts as yes: refused all the same). */
int cli_input_at(const struct cli *cli, const char *path,
                 const struct stat *st, char *what, size_t n);
/* Makes the missing directories of path[0..len) whose names end after
 * byte from: at each '/' and at len (mkdir -p).  follow == 0 refuses a
 * symbolic link among them (inside an output, where names come from the
 * games).  0, or -1 after an error message. */
int cli_make_dirs(const struct cli *cli, const char *path, size_t from,
                  size_t len, int follow);
/* How cli_save_file_as may treat a file already at the path. */
enum cli_save {
    CLI_SAVE_REPLACE,       /* replace it, unless the run reads it (error) */
    CLI_SAVE_NEW,           /* never replace anything (error) */
    CLI_SAVE_OVER_INPUT     /* replace it: --in-place rewrites the input */
};
/* cli_save_file with the choice of what an existing file means. */
int cli_save_file_as(const struct cli *cli, const char *path,
                     const struct cli_buf *b, enum cli_save how);

/* ---- output.c ---- */

/* Flushes and closes the output; renames the temporary file over the final
 * name unless the run failed to write it. */
void cli_output_close(struct cli *cli);
/* On SIGINT, SIGTERM and SIGHUP: removes the temporary file and erases the
 * progress bar, then dies of the signal.  A signal that was ignored stays
 * ignored (nohup). */
void cli_catch_fatal_signals(void);

/* ---- run.c: the stages every run has ---- */

/* What next returns besides 1, 0 and SGF_E_*: stop the walk (the output
 * failed), or pause it, to be resumed where it was (pool.c frames a batch
 * of games at a time, in whichever thread is free). */
enum { WALK_STOP = 2, WALK_PAUSE = 3 };

/* The reader: walks every member of every input and hands each to next. */
struct walk {
    struct cli *cli;
    /* takes the next game of the current member: 1, 0 at its end, an
     * SGF_E_* code, WALK_STOP or WALK_PAUSE */
    int (*next)(struct walk *w, sgf_reader *r);
    uint64_t base;             /* bytes of the members already finished */
    /* the walk's place between a pause and its resumption */
    sgf_inputs *in;
    sgf_reader *r;
    sgf_member *m;             /* the member being read, or NULL */
    sgf_member *alt;           /* m when the member filter made it */
    struct cli_buf keep;       /* alt's bytes */
    /* where alt's SGF came from (an XML or JSON member), for the games
     * read from it; every map made is kept until the run is over, as the
     * games of a member may be checked after the walk has left it */
    sgf_source_map *map;
    sgf_source_map **maps;
    size_t nmaps, maps_cap;
    int rc;                    /* what the last member or input gave */
    int finished;
    unsigned long members;     /* members started so far */
};

/* Walks the inputs until next pauses (returns 1: call again to go on) or
 * the walk is over (returns 0, everything freed).  One thread at a time. */
int cli_walk_resume(struct walk *w);
/* The whole walk at once. */
void cli_walk_inputs(struct walk *w);
/* Frees the source maps of the walk's members (after the last game). */
void cli_walk_free_maps(struct walk *w);
/* Calls fn on g with this game's counts alone in out->tally (a job's output
 * holds a batch of games), then adds those before it back. */
void cli_run_game(const struct cli *cli, cli_game_fn fn, void *ctx,
                  sgf_game *g, const sgf_source_map *map,
                  struct cli_out *out);
/* The output stage (one thread at a time, in input order): writes out and
 * adds its counts to the total.  bytes: input read so far; mark: where the
 * reader was in the files (progress). */
struct progress_mark;
void cli_emit(struct cli *cli, const struct cli_out *out, uint64_t bytes,
              const struct progress_mark *mark);
/* -j 1: reads, parses, reports and writes in the main thread. */
void cli_run_serial(struct cli *cli, cli_game_fn fn, void *ctx);

/* ---- pool.c ---- */

/* -j N.  Returns -1, having read nothing, when no memory is to be had; the
 * caller then runs serially. */
int cli_run_pool(struct cli *cli, cli_game_fn fn, void *ctx);

#endif /* SGFKIT_CLI_INTERNAL_H */
