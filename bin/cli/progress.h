/*
 * progress.h - the progress display of the tools (--progress in the man
 * pages): a bar with the percentage, games, MB, rate and ETA on a terminal
 * when the total is known, a status line while it is not, plain lines in
 * a log.
 *
 * The library's input iterator says how far it has read, in bytes, files
 * and games, and what the total is (sgf_inputs_get_progress).  The reader (whichever thread holds
 * that role) takes a mark where each game or batch ends (progress_mark);
 * the mark goes with the games to the output stage, which reports it once
 * they are written (progress_update); a ticker thread of its own samples
 * the rates and draws at most ten times a second.
 */
#ifndef SGFKIT_PROGRESS_H
#define SGFKIT_PROGRESS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include "sgfkit.h"
#include "cli/cli.h"

struct progress_config {
    const char *tool;          /* begins the status and log lines */
    enum cli_when when;
    int quiet;                 /* -q: auto shows nothing */
    double start;              /* progress_clock() when the run began */
    pthread_mutex_t *err_lock; /* held by whoever writes to stderr */
    int work_per_game;         /* the ETA's first choice of rate (cli_tool) */
};

/* Where the reader was: file bytes read, files read (the current one in
 * part) and games read, as the iterator counts them. */
struct progress_mark {
    uint64_t bytes;
    double files;
    uint64_t games;
};

struct progress;

/* CLOCK_MONOTONIC in seconds: the clock of the rates and the summary. */
double progress_clock(void);

/* Starts the display, or returns NULL when there is nothing to show (or no
 * memory or thread for it): every function below accepts NULL. */
struct progress *progress_start(const struct progress_config *cfg);

/* Whether the display redraws one line of a terminal: whatever else is
 * written there must erase it first. */
int progress_on_terminal(const struct progress *p);
/* Takes the line off the screen; the caller holds err_lock. */
void progress_erase(struct progress *p);

/* The reader, once it made the iterator: asks it to count. */
void progress_track(struct progress *p, sgf_inputs *in);
/* The reader: where it is now.  in NULL: the walk is over (the last mark
 * taken stands). */
void progress_mark(struct progress *p, const sgf_inputs *in,
                   struct progress_mark *m);

/* Output stage: input bytes read (decompressed) and the reader's mark at
 * the last game written, whose games are then the games written. */
void progress_update(struct progress *p, uint64_t bytes,
                     const struct progress_mark *m);

/* Stops the ticker, erases the line and frees everything. */
void progress_stop(struct progress *p);

/* Async-signal-safe: erases the line from a fatal signal's handler. */
void progress_on_signal(void);

#endif /* SGFKIT_PROGRESS_H */
