/*
 * cli.c - what the sgfkit tools share (FORMATS.md, ARCHITECTURE.md "layer
 * 8"): the option table, --help/--version, diagnostics as text and JSON
 * Lines, the pipeline that reads, parses in worker threads and writes in
 * input order, the progress display (progress.c), the atomic output file
 * and the summary.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <iconv.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "progress.h"

/* Games are handed to workers in batches of about this many bytes: one lock
 * round trip per batch instead of per game, and small enough that a few
 * thousand small files still spread over all workers. */
#define BATCH_BYTES (64u * 1024u)
#define BATCH_GAMES 64u
/* Jobs in flight per worker: enough to hide uneven game sizes, few enough
 * that memory stays bounded whatever the size of the collection. */
#define SLOTS_PER_WORKER 4u
#define MAX_JOBS 1024u

struct cli_state {
    double start;
    FILE *out;
    char *tmp_path;            /* -o FILE is written here, renamed at the end */
    const char *final_path;
    int usage_error, write_error, nomem, ran;
    uint64_t read_errors;      /* members that failed part-way */
    uint64_t input_failures;   /* inputs that could not be read at all */
    const struct cli_option *tool_options;
    int format_given;          /* --format wins over -o's extension */
    /* stderr: messages come from the reader thread and the progress
     * display from a thread of its own, so one lock keeps their lines
     * whole. */
    pthread_mutex_t err_lock;
    struct progress *progress; /* NULL when nothing is shown */
    int out_tty;               /* the output shares the screen with it */
};

/* ------------------------------------------------------------------ */
/* Buffers and escaping                                                */

static int buf_reserve(struct cli_buf *b, size_t n)
{
    if (b->nomem)
        return -1;
    if (b->cap - b->len >= n)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < n) {
        if (cap > SIZE_MAX / 2) {
            b->nomem = 1;
            return -1;
        }
        cap *= 2;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        b->nomem = 1;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

void cli_buf_put(struct cli_buf *b, const void *p, size_t n)
{
    if (n == 0 || buf_reserve(b, n) < 0)
        return;
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void cli_buf_puts(struct cli_buf *b, const char *s)
{
    cli_buf_put(b, s, strlen(s));
}

void cli_buf_printf(struct cli_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data ? b->data + b->len : NULL,
                      b->data ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->nomem = 1;
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        if (buf_reserve(b, (size_t)n + 1) < 0)
            return;
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void cli_buf_free(struct cli_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), 0 when there is none. */
static size_t utf8_len(const unsigned char *p)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        unsigned char lo = c == 0xE0 ? 0xA0 : 0x80;
        unsigned char hi = c == 0xED ? 0x9F : 0xBF;
        if (p[1] < lo || p[1] > hi || (p[2] & 0xC0) != 0x80)
            return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        unsigned char lo = c == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = c == 0xF4 ? 0x8F : 0xBF;
        if (p[1] < lo || p[1] > hi || (p[2] & 0xC0) != 0x80
            || (p[3] & 0xC0) != 0x80)
            return 0;
        return 4;
    }
    return 0;
}

void cli_buf_json_string(struct cli_buf *b, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    if (!s) {
        cli_buf_puts(b, "null");
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    cli_buf_put(b, "\"", 1);
    while (*p) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p < 0x7F && *p != '"' && *p != '\\')
            p++;
        cli_buf_put(b, run, (size_t)(p - run));
        if (!*p)
            break;
        if (*p < 0x80) {
            char esc[7] = { '\\', 0, 0, 0, 0, 0, 0 };
            switch (*p) {
            case '"': esc[1] = '"'; break;
            case '\\': esc[1] = '\\'; break;
            case '\n': esc[1] = 'n'; break;
            case '\r': esc[1] = 'r'; break;
            case '\t': esc[1] = 't'; break;
            case '\b': esc[1] = 'b'; break;
            case '\f': esc[1] = 'f'; break;
            default:
                memcpy(esc + 1, "u00", 3);
                esc[4] = hex[*p >> 4];
                esc[5] = hex[*p & 15];
            }
            cli_buf_puts(b, esc);
            p++;
            continue;
        }
        size_t n = utf8_len(p);
        if (n == 0) {
            cli_buf_puts(b, "\\ufffd");
            p++;
        } else if (n == 3 && p[0] == 0xE2 && p[1] == 0x80
                   && (p[2] == 0xA8 || p[2] == 0xA9)) {
            /* valid JSON, but JavaScript parsers take them as line ends */
            cli_buf_puts(b, p[2] == 0xA8 ? "\\u2028" : "\\u2029");
            p += 3;
        } else {
            cli_buf_put(b, p, n);
            p += n;
        }
    }
    cli_buf_put(b, "\"", 1);
}

void cli_buf_text(struct cli_buf *b, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    for (;;) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p != 0x7F)
            p++;
        cli_buf_put(b, run, (size_t)(p - run));
        if (!*p)
            return;
        char esc[4] = { '\\', 'x', hex[*p >> 4], hex[*p & 15] };
        cli_buf_put(b, esc, 4);
        p++;
    }
}

/* ------------------------------------------------------------------ */
/* Messages on stderr                                                  */

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

/* ------------------------------------------------------------------ */
/* The options every tool shares                                       */

/* Option callbacks return this to stop with status 0 (--help, --version). */
#define OPT_EXIT_OK 1

int cli_set_flag(struct cli *cli, const char *arg, void *data)
{
    (void)cli;
    (void)arg;
    *(int *)data = 1;
    return 0;
}

static const char *const format_names[] = { "text", "json", "csv" };
#define NFORMATS (sizeof format_names / sizeof format_names[0])

static int opt_format(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    cli->st->format_given = 1;
    for (size_t i = 0; i < NFORMATS; i++)
        if (strcmp(arg, format_names[i]) == 0) {
            if (!(cli->tool->formats & (1u << i)))
                return cli_usage_error(cli, "%s does not write %s",
                                       cli->tool->name, arg);
            cli->format = (enum cli_format)(1u << i);
            return 0;
        }
    return cli_usage_error(cli, "invalid format '%s'", arg);
}

static int parse_count(const char *arg, unsigned long max, unsigned long *out)
{
    char *end;
    errno = 0;
    if (*arg < '0' || *arg > '9')
        return -1;
    unsigned long v = strtoul(arg, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

static unsigned online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > (long)MAX_JOBS / SLOTS_PER_WORKER
        ? MAX_JOBS / SLOTS_PER_WORKER : (unsigned)n;
}

static int opt_jobs(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    unsigned long n;
    if (parse_count(arg, MAX_JOBS / SLOTS_PER_WORKER, &n) < 0)
        return cli_usage_error(cli, "invalid number of jobs '%s' (0 to %u)",
                               arg, MAX_JOBS / SLOTS_PER_WORKER);
    cli->jobs = n == 0 ? online_cpus() : (unsigned)n;
    return 0;
}

static int opt_progress(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    if (!arg || strcmp(arg, "always") == 0)
        cli->progress = CLI_WHEN_ALWAYS;
    else if (strcmp(arg, "auto") == 0)
        cli->progress = CLI_WHEN_AUTO;
    else if (strcmp(arg, "never") == 0)
        cli->progress = CLI_WHEN_NEVER;
    else
        return cli_usage_error(cli, "invalid --progress '%s' "
                               "(auto, always, never)", arg);
    return 0;
}

static int opt_quiet(struct cli *cli, const char *arg, void *data)
{
    (void)arg;
    (void)data;
    cli->verbosity = -1;
    return 0;
}

static int opt_verbose(struct cli *cli, const char *arg, void *data)
{
    (void)arg;
    (void)data;
    cli->verbosity = 1;
    return 0;
}

/* -W no-ID disables a check; -W error=ID, warning=ID, note=ID set its
 * severity.  Ids are checked so that a typo cannot silently do nothing. */
static int opt_warning(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    int sev;
    const char *id;
    if (strncmp(arg, "no-", 3) == 0) {
        sev = -1;
        id = arg + 3;
    } else if (strncmp(arg, "error=", 6) == 0) {
        sev = SGF_ERROR;
        id = arg + 6;
    } else if (strncmp(arg, "warning=", 8) == 0) {
        sev = SGF_WARNING;
        id = arg + 8;
    } else if (strncmp(arg, "note=", 5) == 0) {
        sev = SGF_NOTE;
        id = arg + 5;
    } else {
        return cli_usage_error(cli, "invalid -W '%s' (no-ID or error=ID)",
                               arg);
    }
    int check = sgf_check_find(id);
    if (check < 0)
        return cli_usage_error(cli, "unknown check '%s' "
                               "(see %s --list-checks)", id, cli->tool->name);
    cli->severity[check] = (signed char)sev;
    return 0;
}

static int opt_charset(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    /* Refuse at once what iconv cannot decode rather than warn per game. */
    iconv_t cd = iconv_open("UTF-8", arg);
    if (cd == (iconv_t)-1)
        return cli_usage_error(cli, "unknown charset '%s'", arg);
    iconv_close(cd);
    cli->read_opt.fallback_charset = arg;
    return 0;
}

static int opt_rules(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    cli->rules = strcmp(arg, "auto") == 0 ? NULL : arg;
    return 0;
}

static int opt_output(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    cli->output = arg;
    return 0;
}

static int print_help(struct cli *cli, const char *arg, void *data);

static int print_version(struct cli *cli, const char *arg, void *data)
{
    (void)arg;
    (void)data;
    printf("%s (%s) %s\n", cli->tool->name, PACKAGE_NAME, sgf_version());
    printf("Copyright (C) 2026 the %s authors.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n",
           PACKAGE_NAME);
    return OPT_EXIT_OK;
}

static const struct cli_option common_options[] = {
    { "output", 'o', CLI_ARG_REQUIRED, "FILE",
      "write to FILE (atomically) instead of stdout",
      opt_output, NULL },
    { "format", 0, CLI_ARG_REQUIRED, "FORMAT",
      "output format:", opt_format, NULL },
    { "jobs", 'j', CLI_ARG_REQUIRED, "N",
      "N worker threads (default, and 0: one per CPU)",
      opt_jobs, NULL },
    { "charset", 0, CLI_ARG_REQUIRED, "NAME",
      "charset when CA[] is absent and detection is unsure",
      opt_charset, NULL },
    { "rules", 0, CLI_ARG_REQUIRED, "NAME",
      "rules: auto (from RU[], the default) or a rule set",
      opt_rules, NULL },
    { NULL, 'W', CLI_ARG_REQUIRED, "no-ID",
      "disable check ID; -W error=ID makes it an error", opt_warning, NULL },
    { "progress", 0, CLI_ARG_OPTIONAL, "WHEN",
      "progress bar on stderr: auto (default), always, never",
      opt_progress, NULL },
    { "quiet", 'q', CLI_ARG_NONE, NULL,
      "errors only, no summary", opt_quiet, NULL },
    { "verbose", 'v', CLI_ARG_NONE, NULL,
      "notes too", opt_verbose, NULL },
    { "help", 0, CLI_ARG_NONE, NULL,
      "display this help and exit", print_help, NULL },
    { "version", 0, CLI_ARG_NONE, NULL,
      "output version information and exit", print_version, NULL },
    CLI_OPT_END
};

static size_t table_len(const struct cli_option *t)
{
    size_t n = 0;
    while (t && t[n].help)
        n++;
    return n;
}

static void help_table(const struct cli *cli, const struct cli_option *t)
{
    for (; t && t->help; t++) {
        char left[64];
        int n;
        const char *a = t->arg_help;
        if (t->short_name && t->name)
            n = snprintf(left, sizeof left, "-%c, --%s", t->short_name,
                         t->name);
        else if (t->short_name)
            n = snprintf(left, sizeof left, "-%c", t->short_name);
        else
            n = snprintf(left, sizeof left, "    --%s", t->name);
        if (a && n > 0 && (size_t)n < sizeof left)
            snprintf(left + n, sizeof left - (size_t)n,
                     !t->name ? " %s" : t->arg == CLI_ARG_OPTIONAL
                     ? "[=%s]" : "=%s", a);
        printf("  %-22s %s", left, t->help);
        if (t->fn == opt_format) {
            const char *sep = " ";
            for (size_t i = 0; i < NFORMATS; i++)
                if (cli->tool->formats & (1u << i)) {
                    printf("%s%s%s", sep, format_names[i],
                           i == 0 ? " (default)" : "");
                    sep = ", ";
                }
        }
        putchar('\n');
    }
}

static int print_help(struct cli *cli, const char *arg, void *data)
{
    (void)arg;
    (void)data;
    const struct cli_tool *tool = cli->tool;
    printf("Usage: %s [OPTION]... [INPUT]...\n%s\n\n", tool->name,
           tool->purpose);
    printf("An INPUT is a file, a directory (walked recursively), a gzip file,\n"
           "an archive (zip, tar, 7z...) or - for standard input, the default.\n\n");
    printf("Options:\n");
    help_table(cli, cli->st->tool_options);
    help_table(cli, common_options);
    printf("\nExit status: 0 if all went well, 1 if %s,\n"
           "2 after a usage error or when an input could not be read.\n\n"
           "Full documentation: man %s\n", tool->found, tool->name);
    return OPT_EXIT_OK;
}

/* The format follows -o's extension when --format was not given. */
static void format_from_output(struct cli *cli)
{
    static const struct { const char *ext; enum cli_format f; } map[] = {
        { ".json", CLI_FORMAT_JSON }, { ".jsonl", CLI_FORMAT_JSON },
        { ".ndjson", CLI_FORMAT_JSON }, { ".csv", CLI_FORMAT_CSV },
        { ".txt", CLI_FORMAT_TEXT },
    };
    if (cli->st->format_given || !cli->output)
        return;
    const char *dot = strrchr(cli->output, '.');
    if (!dot || strchr(dot, '/'))
        return;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(dot, map[i].ext) == 0 && (cli->tool->formats & map[i].f))
            cli->format = map[i].f;
}

static const struct cli_option *find_short(const struct cli *cli, int c)
{
    for (const struct cli_option *t = cli->st->tool_options; t && t->help;
         t++)
        if (t->short_name == c)
            return t;
    for (const struct cli_option *t = common_options; t->help; t++)
        if (t->short_name == c)
            return t;
    return NULL;
}

/* getopt_long's messages would carry argv[0] (a libtool wrapper's name in
 * the build tree) and cannot say which option was ambiguous: ours do. */
static int unknown_option(struct cli *cli, const struct option *longs,
                          const char *word, int optopt_)
{
    if (word[0] != '-' || word[1] != '-')
        return cli_usage_error(cli, "invalid option -- '%c'", optopt_);
    const char *name = word + 2;
    size_t len = strcspn(name, "=");
    int matches = 0;
    for (const struct option *o = longs; o->name; o++)
        if (strncmp(o->name, name, len) == 0)
            matches++;
    if (matches > 1)
        return cli_usage_error(cli, "option '%.*s' is ambiguous",
                               (int)(len + 2), word);
    if (matches == 1 && name[len] == '=')
        return cli_usage_error(cli, "option '%.*s' doesn't allow an argument",
                               (int)(len + 2), word);
    return cli_usage_error(cli, "unrecognized option '%s'", word);
}

static struct option *build_longs(const struct cli_option **all, size_t n,
                                  char *shorts)
{
    struct option *longs = calloc(n + 1, sizeof *longs);
    if (!longs)
        return NULL;
    size_t nl = 0, ns = 0;
    shorts[ns++] = ':';        /* report a missing argument as ':' */
    for (size_t i = 0; i < n; i++) {
        const struct cli_option *o = all[i];
        static const int has[] = { no_argument, required_argument,
                                   optional_argument };
        if (o->name)
            longs[nl++] = (struct option){ o->name, has[o->arg], NULL,
                                           o->short_name ? o->short_name
                                           : 256 + (int)i };
        if (o->short_name) {
            shorts[ns++] = (char)o->short_name;
            for (int k = 0; k < (int)o->arg; k++)
                shorts[ns++] = ':';
        }
    }
    shorts[ns] = '\0';
    return longs;
}

static int parse_argv(struct cli *cli, int argc, char **argv)
{
    const struct cli_option *tool_options = cli->st->tool_options;
    size_t nt = table_len(tool_options), nc = table_len(common_options);
    size_t n = nt + nc;
    const struct cli_option **all = malloc(n * sizeof *all);
    char *shorts = malloc(3 * n + 2);
    struct option *longs = NULL;
    int status = CLI_CONTINUE;
    if (!all || !shorts)
        goto nomem;
    for (size_t i = 0; i < nt; i++)
        all[i] = &tool_options[i];
    for (size_t i = 0; i < nc; i++)
        all[nt + i] = &common_options[i];
    longs = build_longs(all, n, shorts);
    if (!longs)
        goto nomem;

    opterr = 0;
    int c;
    while (status == CLI_CONTINUE
           && (c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        const struct cli_option *o = NULL;
        const char *word = argv[optind - 1];
        if (c == '?') {
            unknown_option(cli, longs, word, optopt);
        } else if (c == ':') {
            if (word[0] == '-' && word[1] == '-')
                cli_usage_error(cli, "option '%s' requires an argument",
                                word);
            else
                cli_usage_error(cli, "option requires an argument -- '%c'",
                                optopt);
        } else {
            o = c >= 256 ? all[c - 256] : find_short(cli, c);
        }
        if (!o) {
            status = CLI_EXIT_TROUBLE;
            break;
        }
        int r = o->fn(cli, optarg, o->data);
        if (r < 0)
            status = CLI_EXIT_TROUBLE;
        else if (r == OPT_EXIT_OK)
            status = CLI_EXIT_OK;
    }
    cli->inputs = argv + optind;
    cli->ninputs = (size_t)(argc - optind);
    goto out;
nomem:
    cli_error(cli, "out of memory");
    status = CLI_EXIT_TROUBLE;
out:
    free(longs);
    free(shorts);
    free(all);
    return status;
}

int cli_parse(struct cli *cli, const struct cli_tool *tool,
              const struct cli_option *options, int argc, char **argv)
{
    memset(cli, 0, sizeof *cli);
    cli->tool = tool;
    cli->format = CLI_FORMAT_TEXT;
    cli->jobs = online_cpus();
    cli->progress = CLI_WHEN_AUTO;
    struct cli_state *st = calloc(1, sizeof *st);
    size_t nchecks = sgf_check_count();
    cli->severity = malloc(nchecks ? nchecks : 1);
    if (!st || !cli->severity) {
        free(st);
        free(cli->severity);
        cli_error(cli, "out of memory");
        return CLI_EXIT_TROUBLE;
    }
    pthread_mutex_init(&st->err_lock, NULL);
    st->start = progress_clock();
    cli->st = st;
    for (size_t i = 0; i < nchecks; i++)
        cli->severity[i] = (signed char)sgf_check_get(i)->severity;

    st->tool_options = options;
    int status = parse_argv(cli, argc, argv);
    if (status == CLI_CONTINUE)
        format_from_output(cli);
    if (status != CLI_CONTINUE)
        cli_finish(cli, 0);
    return status;
}

/* ------------------------------------------------------------------ */
/* Diagnostics                                                         */

int cli_severity(const struct cli *cli, const sgf_diag *d)
{
    if (d->check >= 0 && (size_t)d->check < sgf_check_count())
        return cli->severity[d->check];
    return (int)d->severity;
}

void cli_tally_game(const struct cli *cli, const sgf_game *g,
                    struct cli_tally *t)
{
    size_t n = sgf_game_diag_count(g);
    for (size_t i = 0; i < n; i++)
        switch (cli_severity(cli, sgf_game_diag(g, i))) {
        case SGF_ERROR: t->errors++; break;
        case SGF_WARNING: t->warnings++; break;
        case SGF_NOTE: t->notes++; break;
        default: break;
        }
}

static const char *diag_origin(const sgf_game *g, const sgf_diag *d)
{
    const char *o = d->origin ? d->origin : sgf_game_origin(g);
    return o ? o : "-";
}

void cli_text_diagnostics(const struct cli *cli, const sgf_game *g,
                          struct cli_buf *b)
{
    /* -q: errors; default: and warnings; -v: and notes */
    int least = cli->verbosity < 0 ? SGF_ERROR
        : cli->verbosity > 0 ? SGF_NOTE : SGF_WARNING;
    size_t n = sgf_game_diag_count(g);
    for (size_t i = 0; i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        int sev = cli_severity(cli, d);
        if (sev < least)
            continue;
        cli_buf_text(b, diag_origin(g, d));
        if (d->line)
            cli_buf_printf(b, ":%lu:%lu", d->line, d->column);
        cli_buf_printf(b, ": %s: ", sgf_severity_name((sgf_severity)sev));
        cli_buf_text(b, d->message ? d->message : "");
        cli_buf_puts(b, " [");
        cli_buf_text(b, d->id);
        cli_buf_puts(b, "]\n");
    }
}

void cli_json_game_begin(struct cli_buf *b, const sgf_game *g)
{
    cli_buf_puts(b, "{\"origin\":");
    cli_buf_json_string(b, sgf_game_origin(g));
    cli_buf_printf(b, ",\"game\":%u,\"offset\":%llu", sgf_game_index(g),
                   (unsigned long long)sgf_game_offset(g));
}

void cli_json_diagnostics(const struct cli *cli, const sgf_game *g,
                          struct cli_buf *b)
{
    const char *sep = "";
    size_t n = sgf_game_diag_count(g);
    cli_buf_puts(b, ",\"diagnostics\":[");
    for (size_t i = 0; i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        int sev = cli_severity(cli, d);
        if (sev < 0)
            continue;
        cli_buf_printf(b, "%s{\"severity\":\"%s\",\"id\":", sep,
                       sgf_severity_name((sgf_severity)sev));
        cli_buf_json_string(b, d->id);
        if (d->line)
            cli_buf_printf(b, ",\"line\":%lu,\"column\":%lu", d->line,
                           d->column);
        else
            cli_buf_puts(b, ",\"line\":null,\"column\":null");
        if (d->move > 0)
            cli_buf_printf(b, ",\"move\":%d", d->move);
        else
            cli_buf_puts(b, ",\"move\":null");
        cli_buf_puts(b, ",\"message\":");
        cli_buf_json_string(b, d->message ? d->message : "");
        cli_buf_puts(b, "}");
        sep = ",";
    }
    cli_buf_puts(b, "]");
}

int cli_list_checks(struct cli *cli)
{
    struct cli_buf b = { 0 };
    for (size_t i = 0; i < sgf_check_count(); i++) {
        const sgf_check_info *c = sgf_check_get(i);
        int sev = cli->severity[i];
        const char *sname = sev < 0 ? "off"
            : sgf_severity_name((sgf_severity)sev);
        if (cli->format == CLI_FORMAT_JSON) {
            cli_buf_puts(&b, "{\"id\":");
            cli_buf_json_string(&b, c->id);
            cli_buf_printf(&b, ",\"severity\":\"%s\",\"summary\":", sname);
            cli_buf_json_string(&b, c->summary);
            cli_buf_puts(&b, "}\n");
        } else {
            cli_buf_printf(&b, "%-24s %-8s %s\n", c->id, sname, c->summary);
        }
    }
    int bad = b.nomem || fwrite(b.data, 1, b.len, stdout) != b.len
        || fflush(stdout) != 0;
    if (bad)
        cli_error(cli, "%s", b.nomem ? "out of memory" : strerror(errno));
    cli_buf_free(&b);
    cli_finish(cli, 0);
    return bad ? CLI_EXIT_TROUBLE : CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* The output file: written beside its final name and renamed at the
 * end, so that a reader never sees half a report and a failed run leaves
 * the old file alone.                                                 */

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

static void catch_fatal_signals(void)
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

static int same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Whether writing path would replace one of the inputs. */
static const char *output_is_input(const struct cli *cli,
                                   const struct stat *out)
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

int cli_open_output(struct cli *cli)
{
    struct cli_state *st = cli->st;
    const char *path = cli->output;
    if (!path || strcmp(path, "-") == 0) {
        st->out = stdout;
        st->out_tty = isatty(STDOUT_FILENO);
        return 0;
    }
    struct stat old;
    mode_t mode;
    if (stat(path, &old) == 0) {
        const char *in = output_is_input(cli, &old);
        if (in) {
            if (strcmp(in, "-") == 0)
                cli_usage_error(cli, "will not overwrite standard input "
                                "with -o");
            else
                cli_usage_error(cli, "will not overwrite input '%s' with -o",
                                in);
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
        cli_error(cli, "out of memory");
        st->nomem = 1;
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
    catch_fatal_signals();
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
    return 0;
}

FILE *cli_output(const struct cli *cli)
{
    return cli->st->out;
}

/* Flushes and closes the output; renames the temporary file over the final
 * name unless the run failed to write it. */
static void close_output(struct cli *cli)
{
    struct cli_state *st = cli->st;
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
        cli_error(cli, "write error on '%s': %s",
                  st->final_path ? st->final_path : "standard output",
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

/* ------------------------------------------------------------------ */
/* The output stage (always the main thread)                           */

static void tally_add(struct cli_tally *sum, const struct cli_tally *t)
{
    sum->games += t->games;
    sum->errors += t->errors;
    sum->warnings += t->warnings;
    sum->notes += t->notes;
}

/* bytes: input read so far; position: the same in file bytes (progress). */
static void emit(struct cli *cli, struct cli_out *out, uint64_t bytes,
                 uint64_t position)
{
    struct cli_state *st = cli->st;
    if (out->buf.nomem) {
        cli_error(cli, "out of memory");
        st->nomem = 1;
    }
    if (out->buf.len && !st->write_error) {
        if (st->out_tty && progress_on_terminal(st->progress)) {
            pthread_mutex_lock(&st->err_lock);
            progress_erase(st->progress);
            pthread_mutex_unlock(&st->err_lock);
        }
        if (fwrite(out->buf.data, 1, out->buf.len, st->out) != out->buf.len) {
            cli_error(cli, "write error on '%s': %s",
                      st->final_path ? st->final_path : "standard output",
                      strerror(errno));
            st->write_error = 1;
        }
    }
    tally_add(&cli->total, &out->tally);
    progress_update(st->progress, cli->total.games, bytes, position);
}

/* fn sees this game's counts alone in out->tally (a job's output holds a
 * batch of games), which are then added to those before it. */
static void run_game(const struct cli *cli, cli_game_fn fn, void *ctx,
                     sgf_game *g, struct cli_out *out)
{
    struct cli_tally sum = out->tally;
    memset(&out->tally, 0, sizeof out->tally);
    out->tally.games = 1;
    fn(cli, g, out, ctx);
    tally_add(&sum, &out->tally);
    out->tally = sum;
}

/* ------------------------------------------------------------------ */
/* Walking the inputs (the reader)                                     */

enum { WALK_STOP = 2 };

struct walk {
    struct cli *cli;
    /* takes the next game of the current member: 1, 0 at its end, an
     * SGF_E_* code, or WALK_STOP */
    int (*next)(struct walk *w, sgf_reader *r);
    uint64_t base;             /* bytes of the members already finished */
};

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)origin;
    cli_error(ctx, "%s", message);
}

static void walk_inputs(struct walk *w)
{
    struct cli *cli = w->cli;
    struct cli_state *st = cli->st;
    sgf_inputs *in = sgf_inputs_new((const char *const *)cli->inputs,
                                    cli->ninputs, on_input_error, cli);
    sgf_reader *r = sgf_reader_new(&cli->read_opt);
    sgf_member *m;
    int rc = 0;
    if (!in || !r) {
        cli_error(cli, "out of memory");
        st->nomem = 1;
        goto out;
    }
    while (rc != WALK_STOP && (rc = sgf_inputs_next(in, &m)) == 1) {
        sgf_reader_start(r, m);
        progress_member(st->progress, sgf_member_origin(m));
        while ((rc = w->next(w, r)) == 1)
            ;
        if (rc < 0) {
            const char *msg = sgf_member_error(m);
            cli_error(cli, "%s: %s", sgf_member_origin(m),
                      msg ? msg : sgf_strerror(rc));
            st->read_errors++;
        }
        w->base += sgf_reader_bytes(r);
        progress_member_end(st->progress, sgf_reader_bytes(r));
    }
    if (rc < 0 && rc != WALK_STOP) {
        cli_error(cli, "%s", sgf_strerror(rc));
        st->read_errors++;
    }
    st->input_failures = sgf_inputs_failures(in);
out:
    sgf_reader_free(r);
    if (in)
        sgf_inputs_free(in);
}

/* -j 1: read, parse, report and write in the main thread. */
struct serial {
    struct walk w;
    cli_game_fn fn;
    void *ctx;
    struct cli_out out;
};

static int serial_next(struct walk *w, sgf_reader *r)
{
    struct serial *s = (struct serial *)w;
    sgf_game *g;
    int rc = sgf_reader_next(r, &g);
    if (rc != 1)
        return rc;
    s->out.buf.len = 0;
    s->out.buf.nomem = 0;
    memset(&s->out.tally, 0, sizeof s->out.tally);
    run_game(w->cli, s->fn, s->ctx, g, &s->out);
    emit(w->cli, &s->out, w->base + sgf_reader_bytes(r),
         progress_position(w->cli->st->progress, sgf_reader_bytes(r)));
    return w->cli->st->write_error ? WALK_STOP : 1;
}

static void run_serial(struct cli *cli, cli_game_fn fn, void *ctx)
{
    struct serial s = { { cli, serial_next, 0 }, fn, ctx, { { 0 }, { 0 } } };
    walk_inputs(&s.w);
    cli_buf_free(&s.out.buf);
}

/* ------------------------------------------------------------------ */
/* -j N: one reader thread frames games and copies them into jobs, N
 * workers parse and format them, the main thread writes the jobs in
 * sequence.  A ring of SLOTS_PER_WORKER * N jobs bounds memory.       */

struct job_game {
    sgf_raw_game raw;          /* as framed; bytes and origin point nowhere */
    size_t off;                /* the bytes, within job->bytes */
    size_t origin;             /* the NUL-terminated origin, within job->bytes */
};

struct job {
    char *bytes;               /* the games' bytes and their origins */
    size_t len, cap;
    struct job_game *games;
    size_t ngames, games_cap;
    size_t last_origin;        /* to store an origin once per member */
    int nomem;
    uint64_t bytes_read;       /* input consumed when the job was filled */
    uint64_t position;         /* the same in file bytes (progress) */
    int done;
    struct cli_out out;
};

struct pool {
    struct walk w;             /* first: the reader's walk */
    cli_game_fn fn;
    void *ctx;
    struct job *jobs;
    unsigned nslots;
    uint64_t seq_in;           /* jobs published by the reader */
    uint64_t next_work;        /* next job a worker takes */
    uint64_t seq_out;          /* next job the output stage writes */
    struct job *filling;       /* the reader's job, not yet published */
    int read_done, stop;
    pthread_mutex_t lock;
    pthread_cond_t cv_space, cv_work, cv_done;
};

static int job_append(struct job *j, const void *p, size_t n, size_t *at)
{
    if (j->cap - j->len < n) {
        size_t cap = j->cap ? j->cap : BATCH_BYTES;
        while (cap - j->len < n) {
            if (cap > SIZE_MAX / 2)
                return -1;
            cap *= 2;
        }
        char *b = realloc(j->bytes, cap);
        if (!b)
            return -1;
        j->bytes = b;
        j->cap = cap;
    }
    memcpy(j->bytes + j->len, p, n);
    *at = j->len;
    j->len += n;
    return 0;
}

static void job_add(struct job *j, const sgf_raw_game *raw)
{
    if (j->ngames == j->games_cap) {
        size_t cap = j->games_cap ? 2 * j->games_cap : BATCH_GAMES;
        struct job_game *g = realloc(j->games, cap * sizeof *g);
        if (!g) {
            j->nomem = 1;
            return;
        }
        j->games = g;
        j->games_cap = cap;
    }
    struct job_game *jg = &j->games[j->ngames];
    const char *origin = raw->origin ? raw->origin : "-";
    if (j->ngames > 0 && strcmp(j->bytes + j->last_origin, origin) == 0)
        jg->origin = j->last_origin;
    else if (job_append(j, origin, strlen(origin) + 1, &jg->origin) < 0) {
        j->nomem = 1;
        return;
    }
    j->last_origin = jg->origin;
    if (job_append(j, raw->bytes, raw->len, &jg->off) < 0) {
        j->nomem = 1;
        return;
    }
    jg->raw = *raw;
    j->ngames++;
}

static void job_clear(struct job *j)
{
    /* one huge game must not keep its memory for the rest of the run */
    if (j->cap > 16 * BATCH_BYTES) {
        free(j->bytes);
        j->bytes = NULL;
        j->cap = 0;
    }
    if (j->out.buf.cap > 16 * BATCH_BYTES)
        cli_buf_free(&j->out.buf);
    j->len = 0;
    j->ngames = 0;
    j->nomem = 0;
    j->out.buf.len = 0;
    j->out.buf.nomem = 0;
    memset(&j->out.tally, 0, sizeof j->out.tally);
}

static void job_free(struct job *j)
{
    free(j->bytes);
    free(j->games);
    cli_buf_free(&j->out.buf);
}

/* Reader: waits for a free slot; NULL when the output stage has stopped. */
static struct job *pool_acquire(struct pool *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->seq_in - p->seq_out >= p->nslots && !p->stop)
        pthread_cond_wait(&p->cv_space, &p->lock);
    struct job *j = p->stop ? NULL : &p->jobs[p->seq_in % p->nslots];
    pthread_mutex_unlock(&p->lock);
    return j;
}

/* The reader's place when the job was filled: r is NULL after the walk. */
static void pool_publish(struct pool *p, sgf_reader *r)
{
    struct job *j = p->filling;
    uint64_t member = r ? sgf_reader_bytes(r) : 0;
    j->bytes_read = p->w.base + member;
    j->position = progress_position(p->w.cli->st->progress, member);
    pthread_mutex_lock(&p->lock);
    p->seq_in++;
    pthread_cond_signal(&p->cv_work);
    pthread_mutex_unlock(&p->lock);
    p->filling = NULL;
}

static int pool_next(struct walk *w, sgf_reader *r)
{
    struct pool *p = (struct pool *)w;
    sgf_raw_game raw;
    if (!p->filling && !(p->filling = pool_acquire(p)))
        return WALK_STOP;
    int rc = sgf_reader_next_raw(r, &raw);
    if (rc != 1)
        return rc;
    struct job *j = p->filling;
    job_add(j, &raw);
    if (j->len >= BATCH_BYTES || j->ngames >= BATCH_GAMES || j->nomem)
        pool_publish(p, r);
    return 1;
}

static void *reader_main(void *arg)
{
    struct pool *p = arg;
    walk_inputs(&p->w);
    if (p->filling && p->filling->ngames > 0)
        pool_publish(p, NULL);
    pthread_mutex_lock(&p->lock);
    p->read_done = 1;
    pthread_cond_broadcast(&p->cv_work);
    pthread_cond_signal(&p->cv_done);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* g is the worker's own game object, reused from game to game. */
static void job_run(struct pool *p, struct job *j, sgf_game *g)
{
    const struct cli *cli = p->w.cli;
    for (size_t i = 0; i < j->ngames && !j->nomem; i++) {
        const struct job_game *jg = &j->games[i];
        sgf_raw_game raw = jg->raw;
        raw.bytes = j->bytes + jg->off;
        raw.origin = j->bytes + jg->origin;
        if (sgf_game_read(g, &raw) != SGF_OK) {
            j->nomem = 1;
            break;
        }
        run_game(cli, p->fn, p->ctx, g, &j->out);
    }
}

static void *worker_main(void *arg)
{
    struct pool *p = arg;
    sgf_game *g = sgf_game_new(&p->w.cli->read_opt);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next_work == p->seq_in && !p->read_done)
            pthread_cond_wait(&p->cv_work, &p->lock);
        if (p->next_work == p->seq_in)
            break;
        uint64_t seq = p->next_work++;
        struct job *j = &p->jobs[seq % p->nslots];
        pthread_mutex_unlock(&p->lock);
        if (g)
            job_run(p, j, g);
        else
            j->nomem = 1;
        pthread_mutex_lock(&p->lock);
        j->done = 1;
        if (seq == p->seq_out)
            pthread_cond_signal(&p->cv_done);
    }
    pthread_mutex_unlock(&p->lock);
    sgf_game_free(g);
    return NULL;
}

static void pool_write(struct pool *p)
{
    struct cli *cli = p->w.cli;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        struct job *j = &p->jobs[p->seq_out % p->nslots];
        while (!(p->seq_out < p->seq_in && j->done)
               && !(p->read_done && p->seq_out == p->seq_in))
            pthread_cond_wait(&p->cv_done, &p->lock);
        if (p->seq_out == p->seq_in)
            break;
        pthread_mutex_unlock(&p->lock);
        if (j->nomem)
            j->out.buf.nomem = 1;
        emit(cli, &j->out, j->bytes_read, j->position);
        job_clear(j);
        pthread_mutex_lock(&p->lock);
        j->done = 0;
        p->seq_out++;
        if (cli->st->write_error)
            p->stop = 1;
        pthread_cond_signal(&p->cv_space);
    }
    pthread_mutex_unlock(&p->lock);
}

static void run_pool(struct cli *cli, cli_game_fn fn, void *ctx)
{
    struct pool p;
    memset(&p, 0, sizeof p);
    p.w.cli = cli;
    p.w.next = pool_next;
    p.fn = fn;
    p.ctx = ctx;
    p.nslots = SLOTS_PER_WORKER * cli->jobs;
    p.jobs = calloc(p.nslots, sizeof *p.jobs);
    pthread_t *workers = calloc(cli->jobs, sizeof *workers);
    pthread_t reader;
    unsigned nworkers = 0;
    int threaded = 0;
    if (p.jobs && workers) {
        pthread_mutex_init(&p.lock, NULL);
        pthread_cond_init(&p.cv_space, NULL);
        pthread_cond_init(&p.cv_work, NULL);
        pthread_cond_init(&p.cv_done, NULL);
        while (nworkers < cli->jobs
               && pthread_create(&workers[nworkers], NULL, worker_main, &p) == 0)
            nworkers++;
        threaded = nworkers > 0
            && pthread_create(&reader, NULL, reader_main, &p) == 0;
        if (threaded) {
            pool_write(&p);
            pthread_join(reader, NULL);
        } else {
            /* let the workers that started end: nothing will come */
            pthread_mutex_lock(&p.lock);
            p.read_done = 1;
            pthread_cond_broadcast(&p.cv_work);
            pthread_mutex_unlock(&p.lock);
        }
        for (unsigned i = 0; i < nworkers; i++)
            pthread_join(workers[i], NULL);
        pthread_cond_destroy(&p.cv_done);
        pthread_cond_destroy(&p.cv_work);
        pthread_cond_destroy(&p.cv_space);
        pthread_mutex_destroy(&p.lock);
        for (unsigned i = 0; i < p.nslots; i++)
            job_free(&p.jobs[i]);
    }
    free(p.jobs);
    free(workers);
    if (!threaded)   /* no memory or no threads to be had: one is enough */
        run_serial(cli, fn, ctx);
}

void cli_run(struct cli *cli, cli_game_fn fn, void *ctx)
{
    struct cli_state *st = cli->st;
    const struct progress_config pc = {
        cli->tool->name, cli->progress, cli->verbosity < 0, cli->inputs,
        cli->ninputs, st->start, &st->err_lock
    };
    st->ran = 1;
    st->progress = progress_start(&pc);
    if (progress_on_terminal(st->progress))
        catch_fatal_signals();
    if (cli->jobs > 1)
        run_pool(cli, fn, ctx);
    else
        run_serial(cli, fn, ctx);
    /* the summary follows on a clean line */
    progress_stop(st->progress);
    st->progress = NULL;
}

/* ------------------------------------------------------------------ */
/* Summary and exit status                                             */

static void plural(struct cli_buf *b, const char *sep, uint64_t n,
                   const char *one, const char *many)
{
    cli_buf_printf(b, "%s%llu %s", sep, (unsigned long long)n,
                   n == 1 ? one : many);
}

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
        close_output(cli);
        if (st->ran && cli->verbosity >= 0)
            summary(cli);
        if (st->usage_error || st->write_error || st->nomem
            || st->read_errors || st->input_failures)
            status = CLI_EXIT_TROUBLE;
        pthread_mutex_destroy(&st->err_lock);
        free(st);
        cli->st = NULL;
    }
    free(cli->severity);
    cli->severity = NULL;
    return status;
}
