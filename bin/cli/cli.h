/*
 * cli.h - the layer the sgfkit tools share (the man pages): one option table,
 * --help and --version, diagnostics as text or JSON Lines, the worker pool
 * that keeps output in input order, the progress bar, the atomic output
 * file and the summary.  A tool's main is a handful of calls:
 *
 *     status = cli_parse(&cli, &tool, options, argc, argv);
 *     if (status != CLI_CONTINUE) return status;
 *     if (cli_open_output(&cli) == 0) cli_run(&cli, per_game, ctx);
 *     return cli_finish(&cli, found_something);
 */
#ifndef SGFKIT_CLI_H
#define SGFKIT_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "sgfkit.h"
#include "cli/buf.h"      /* struct cli_buf: what a worker makes of a game */

/* Exit statuses (the man pages); CLI_CONTINUE: the options say "go on". */
enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_FOUND = 1,
    CLI_EXIT_TROUBLE = 2,
    CLI_CONTINUE = -1
};

enum cli_format {
    CLI_FORMAT_TEXT = 1u << 0,
    CLI_FORMAT_JSON = 1u << 1,   /* JSON Lines: one object per game */
    CLI_FORMAT_CSV = 1u << 2
};

enum cli_when { CLI_WHEN_AUTO, CLI_WHEN_ALWAYS, CLI_WHEN_NEVER };

/* What -o FILE is (sink.c): a stream of bytes; the same gzipped; an
 * archive of one file per game plus manifest.jsonl (tar, tar.gz, tgz,
 * tar.bz2, tar.xz, zip: told by the name); a directory of one file per
 * game plus manifest.jsonl.  Archive and directory outputs take records
 * made with cli_buf_file. */
enum cli_sink {
    CLI_SINK_PLAIN, CLI_SINK_GZIP, CLI_SINK_ARCHIVE, CLI_SINK_DIRECTORY,
    CLI_SINK_IN_PLACE     /* each record replaces the input it names (its
                           * origin); with cli->backup the old file stays
                           * as NAME.bak */
};

struct cli;

/* ---- options (options.c): a table per tool, added to the common one ---- */

/* Returns 0, or -1 after printing a usage error with cli_usage_error(). */
typedef int (*cli_option_fn)(struct cli *cli, const char *arg, void *data);

enum cli_arg { CLI_ARG_NONE, CLI_ARG_REQUIRED, CLI_ARG_OPTIONAL };

struct cli_option {
    const char *name;        /* long name without "--", NULL for short only */
    int short_name;          /* 0 for long only */
    enum cli_arg arg;
    const char *arg_help;    /* "N", "FILE"...; NULL without argument */
    const char *help;        /* one line for --help; NULL ends a table */
    cli_option_fn fn;
    void *data;
};

/* An option that sets *(int *)data to 1. */
int cli_set_flag(struct cli *cli, const char *arg, void *data);
/* Reads an option's decimal count of at most max into *out: digits only,
 * no sign or blank.  Returns 0, or -1 (nothing printed) when arg is none. */
int cli_parse_count(const char *arg, unsigned long long max,
                    unsigned long long *out);
#define CLI_OPT_FLAG(name, short_name, flagp, help) \
    { name, short_name, CLI_ARG_NONE, NULL, help, cli_set_flag, flagp }
#define CLI_OPT_END { NULL, 0, CLI_ARG_NONE, NULL, NULL, NULL, NULL }

/* What --help and the messages say about a tool. */
struct cli_tool {
    const char *name;        /* "sgfcheck" */
    const char *purpose;     /* one sentence for --help */
    unsigned formats;        /* CLI_FORMAT_* the tool writes; text is the default */
    const char *found;       /* what exit status 1 means, for --help */
    int rules_all;           /* --rules=all is accepted (cli->rules_all) */
    int work_per_game;       /* the ETA's first choice: the tool's work follows
                              * the games (1) or the bytes (0) */
};

/* Counts summed over the run in input order. */
struct cli_tally {
    uint64_t games, errors, warnings, notes;
};

/* Room for per-check counts: more than the catalogue holds (a test says
 * so), fixed so that a batch's counts need no allocation. */
enum { CLI_CHECKS_MAX = 128 };

struct cli_out {
    struct cli_buf buf;      /* written to the output in input order */
    struct cli_buf err;      /* written to stderr in input order, before buf
                              * (diagnostics of a tool whose stdout is data) */
    struct cli_tally tally;  /* this game's counts while the cli_game_fn runs
                              * (games is set by cli: 1 for a game tree, 0
                              * for a record without one); added to
                              * cli->total in input order */
    /* diagnostics per check id of the whole batch (--summary) */
    uint32_t by_check[CLI_CHECKS_MAX];
};

/* Runs in a worker thread: cli is read-only there and ctx is common to all
 * workers.  g is freed by the caller. */
typedef void (*cli_game_fn)(const struct cli *cli, sgf_game *g,
                            struct cli_out *out, void *ctx);

/* ---- the run (cli.c; messages in messages.c, -o in output.c) ---- */

struct cli_state;            /* the cli files' own (cli-internal.h) */

struct cli {
    const struct cli_tool *tool;
    /* set by the options */
    enum cli_format format;
    int format_given;        /* --format was given: it wins over -o's name */
    unsigned jobs;           /* worker threads, >= 1 */
    enum cli_when progress;
    int verbosity;           /* -1 quiet, 0 default, 1 verbose */
    const char *rules;       /* --rules as given, NULL for auto */
    int rules_all;           /* --rules=all: every named set in turn */
    sgf_rules rules_set;     /* what --rules named (read_opt.rules points here) */
    const char *output;      /* -o, NULL or "-" for standard output */
    enum cli_sink sink;      /* what the output is (set before cli_open_output) */
    int backup;              /* CLI_SINK_IN_PLACE: keep NAME.bak */
    /* Called for each member before it is read (in the reading thread):
     * 0 to read m itself; 1 after making *out a member to read instead (its
     * bytes kept in keep, freed after it; sgfconvert turns XML and JSON into
     * SGF this way); -1 to skip m after an error message (the run exits
     * 2). */
    int (*member_filter)(struct cli *cli, sgf_member *m, struct cli_buf *keep,
                         sgf_member **out, sgf_source_map **map);
    void *member_filter_ctx;
    sgf_read_options read_opt;
    signed char *severity;   /* per check: its severity, -1 when disabled */
    char *const *inputs;
    size_t ninputs;
    /* results, valid after cli_run */
    struct cli_tally total;
    uint64_t total_by_check[CLI_CHECKS_MAX];
    struct cli_state *st;
};

/* Parses argv with the common table plus options (may be NULL).  Returns
 * CLI_CONTINUE, or the exit status to return at once (0 after --help or
 * --version, 2 after a usage error). */
int cli_parse(struct cli *cli, const struct cli_tool *tool,
              const struct cli_option *options, int argc, char **argv);

/* Prints "PROG: message" on stderr (erasing the progress bar first). */
void cli_error(const struct cli *cli, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* An error message plus "Try 'PROG --help'"; always returns -1. */
int cli_usage_error(const struct cli *cli, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Opens -o FILE (a temporary file beside it until cli_finish) or standard
 * output.  Returns 0, or -1 after an error message (the run must not start). */
int cli_open_output(struct cli *cli);
FILE *cli_output(const struct cli *cli);
/* Writes b to the output unless an earlier write failed, erasing the
 * progress bar first when both share the terminal (for what a tool writes
 * before or after the games: headers, summaries). */
void cli_output_write(struct cli *cli, const struct cli_buf *b);

/* The kind of output a name asks for: ".gz" gzip, ".zip", ".tar",
 * ".tar.gz"... an archive, anything else plain. */
enum cli_sink cli_sink_for_name(const char *name);
/* Appends to b one file of an archive or directory output: its name (one
 * component; cleaned and made unique by the output), its contents, and
 * the fields of its manifest.jsonl line without braces ("\"origin\":...",
 * or NULL for none). */
void cli_buf_file(struct cli_buf *b, const char *name,
                  const struct cli_buf *data, const char *manifest_fields);

/* Marks the run as having failed to read an input (exit status 2). */
void cli_read_failed(struct cli *cli);

/* Writes b to path atomically (a temporary file beside it, then renamed),
 * never over a file the run reads (an input, or a file a walked directory
 * holds); callable from the workers.  Returns 0, or -1 after an error
 * message (the run then exits 2). */
int cli_save_file(const struct cli *cli, const char *path,
                  const struct cli_buf *b);

/* An output folder (-o DIR of --split, sgfscore --svg=DIR): made with its
 * parents when missing, atomically (a folder made meanwhile is fine); it
 * must be a directory.  0, or -1 after an error message (exit status 2). */
int cli_output_dir(const struct cli *cli, const char *path);

/* Reads every game of every input, calls fn for each (in -j worker threads)
 * and writes the outputs in input order. */
void cli_run(struct cli *cli, cli_game_fn fn, void *ctx);

/* Commits the output file, prints the summary and frees everything.
 * Returns the exit status: 2 after a usage, read or write failure, else 1
 * when found, else 0. */
int cli_finish(struct cli *cli, int found);

/* ---- diagnostics (report.c) ---- */

/* Severity of d after -W, or -1 when its check is disabled. */
int cli_severity(const struct cli *cli, const sgf_diag *d);
/* Adds g's diagnostics to out's counts: by severity after -W, and by
 * check id (disabled checks are not counted). */
void cli_tally_game(const struct cli *cli, const sgf_game *g,
                    struct cli_out *out);
/* The library's report options (lib/export/report.c) for cli: format, -W, -q/-v. */
void cli_report_options(const struct cli *cli, sgf_report_options *o);
/* g as sgfcheck reports it in format (sgf_check_report): the diagnostics
 * the verbosity shows as "ORIGIN:LINE:COLUMN: SEVERITY: MESSAGE [ID]" lines
 * or CSV rows, or sgfcheck's JSON line. */
void cli_check_report(const struct cli *cli, sgf_game *g,
                      enum cli_format format, struct cli_buf *b);
/* Opens a game's JSON object and writes its "origin", "game" and "offset". */
void cli_json_game_begin(sgf_emitter *e, const sgf_game *g);
/* Prints the check catalogue (id, severity after -W, summary) on stdout in
 * the chosen format and ends like cli_finish: returns the exit status. */
int cli_list_checks(struct cli *cli);

#endif /* SGFKIT_CLI_H */
