/*
 * options.c - the command line: one table of the options every tool shares
 * (OPTIONS in the man pages), added to the tool's own, read with
 * getopt_long; --help written from the tables, --version, and usage errors
 * that name the tool and the option at fault (as git's parse-options
 * does).
 */
#include <errno.h>
#include <getopt.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli-internal.h"

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
    cli->format_given = 1;
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

int cli_parse_count(const char *arg, unsigned long long max,
                    unsigned long long *out)
{
    char *end;
    errno = 0;
    if (*arg < '0' || *arg > '9')
        return -1;
    unsigned long long v = strtoull(arg, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

static unsigned online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > (long)MAX_WORKERS ? MAX_WORKERS : (unsigned)n;
}

static int opt_jobs(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    unsigned long long n = 0;
    if (cli_parse_count(arg, MAX_WORKERS, &n) < 0)
        return cli_usage_error(cli, "invalid number of jobs '%s' (0 to %u)",
                               arg, MAX_WORKERS);
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

/* --rules=auto leaves RU[] in charge; anything else must be a rule set
 * sgfkit can read (a name, KataGo's string or JSON) and replaces RU[]. */
static int opt_rules(struct cli *cli, const char *arg, void *data)
{
    (void)data;
    cli->rules_all = 0;
    if (cli->tool->rules_all && strcmp(arg, "all") == 0) {
        cli->rules_all = 1;
        arg = "auto";
    }
    if (strcmp(arg, "auto") == 0) {
        cli->rules = NULL;
        cli->read_opt.rules = NULL;
        cli->read_opt.flags &= ~(unsigned)SGF_READ_RULES_OVERRIDE;
        return 0;
    }
    if (sgf_rules_parse(arg, &cli->rules_set) < 0) {
        struct cli_buf b = { 0 };
        for (size_t i = 0; sgf_rules_name(i); i++)
            cli_buf_printf(&b, "%s%s", i ? ", " : "", sgf_rules_name(i));
        int rc = cli_usage_error(cli, "unknown rules '%s' (auto, %.*s, or a "
                                 "KataGo rules string)", arg, (int)b.len,
                                 b.data ? b.data : "");
        cli_buf_free(&b);
        return rc;
    }
    cli->rules = arg;
    cli->read_opt.rules = &cli->rules_set;
    cli->read_opt.flags |= SGF_READ_RULES_OVERRIDE;
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
        if (t->fn == opt_rules && cli->tool->rules_all)
            printf(",\n  %-22s or all (every rule set in turn, one result each)",
                   "");
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
           "an archive (zip, tar, 7z...) or - for standard input, the default.\n"
           "Records are SGF, Tygem .gib, WBaduk .ngf or PandaNet .ugf/.ugi.  A walk\n"
           "names each file it does not read in a warning and counts it.\n\n");
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
    if (cli->format_given || !cli->output)
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
    cli_out_of_memory(cli);
    status = CLI_EXIT_TROUBLE;
out:
    free(longs);
    free(shorts);
    free(all);
    return status;
}

int cli_parse_options(struct cli *cli, const struct cli_option *options,
                      int argc, char **argv)
{
    cli->format = CLI_FORMAT_TEXT;
    cli->jobs = online_cpus();
    cli->progress = CLI_WHEN_AUTO;
    cli->st->tool_options = options;
    int status = parse_argv(cli, argc, argv);
    if (status == CLI_CONTINUE)
        format_from_output(cli);
    return status;
}
