/*
 * progress.h - the progress display of the tools (--progress in the man
 * pages): a bar with the percentage, games, MB, rate and ETA on a terminal
 * when the total is knowable, a status line while it is not, plain lines
 * in a log.
 *
 * Three parties talk to it.  The reader (with -j N, whichever thread holds
 * that role: one at a time) says where it is in the inputs
 * (progress_member, progress_member_end, progress_position); the output
 * stage says what has been written (progress_update); a ticker
 * thread of its own draws at most ten times a second.  The total comes from
 * a low-priority thread that walks the inputs with stat() alone, so that the
 * run starts at once and the bar appears when the walk is done.
 */
#ifndef SGFKIT_PROGRESS_H
#define SGFKIT_PROGRESS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include "cli/cli.h"

struct progress_config {
    const char *tool;          /* begins the status and log lines */
    enum cli_when when;
    int quiet;                 /* -q: auto shows nothing */
    char *const *inputs;       /* as the inputs layer gets them */
    size_t ninputs;
    double start;              /* progress_clock() when the run began */
    pthread_mutex_t *err_lock; /* held by whoever writes to stderr */
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

/* The reader: a member (file, gzip stream or archive member) starts; its
 * bytes are done; the position in file bytes while member_bytes of the
 * current member are consumed. */
void progress_member(struct progress *p, const char *origin);
void progress_member_end(struct progress *p, uint64_t member_bytes);
uint64_t progress_position(struct progress *p, uint64_t member_bytes);

/* Output stage: games written, input bytes read (decompressed) and the
 * position (file bytes) of the last game written. */
void progress_update(struct progress *p, uint64_t games, uint64_t bytes,
                     uint64_t position);

/* Stops both threads, erases the line and frees everything. */
void progress_stop(struct progress *p);

/* Async-signal-safe: erases the line from a fatal signal's handler. */
void progress_on_signal(void);

#endif /* SGFKIT_PROGRESS_H */
