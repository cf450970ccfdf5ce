/*
 * report.c - diagnostics as the user asked for them: each check's severity
 * after -W, the counts behind the summary and the exit status, text lines
 * ("ORIGIN:LINE:COLUMN: SEVERITY: MESSAGE [ID]", like compilers, so that
 * editors can jump to them) and JSON Lines, and the catalogue for
 * --list-checks.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"

int cli_severity(const struct cli *cli, const sgf_diag *d)
{
    if (d->check >= 0 && (size_t)d->check < sgf_check_count())
        return cli->severity[d->check];
    return (int)d->severity;
}

void cli_tally_game(const struct cli *cli, const sgf_game *g,
                    struct cli_out *out)
{
    struct cli_tally *t = &out->tally;
    size_t n = sgf_game_diag_count(g);
    for (size_t i = 0; i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        switch (cli_severity(cli, d)) {
        case SGF_ERROR: t->errors++; break;
        case SGF_WARNING: t->warnings++; break;
        case SGF_NOTE: t->notes++; break;
        default: continue;
        }
        if (d->check >= 0 && d->check < CLI_CHECKS_MAX)
            out->by_check[d->check]++;
    }
}

static const char *diag_origin(const sgf_game *g, const sgf_diag *d)
{
    const char *o = d->origin ? d->origin : sgf_game_origin(g);
    return o ? o : "-";
}

/* The least severity shown: -q errors; default: and warnings; -v: and
 * notes. */
static int least_shown(const struct cli *cli)
{
    return cli->verbosity < 0 ? SGF_ERROR
        : cli->verbosity > 0 ? SGF_NOTE : SGF_WARNING;
}

/* One line of the text report or one CSV row, for a diagnostic shown at
 * severity sev. */
typedef void diag_row_fn(struct cli_buf *b, const sgf_game *g,
                         const sgf_diag *d, int sev);

static void text_row(struct cli_buf *b, const sgf_game *g, const sgf_diag *d,
                     int sev)
{
    cli_buf_text(b, diag_origin(g, d));
    if (d->line)
        cli_buf_printf(b, ":%lu:%lu", d->line, d->column);
    cli_buf_printf(b, ": %s: ", sgf_severity_name((sgf_severity)sev));
    cli_buf_text(b, d->message ? d->message : "");
    cli_buf_puts(b, " [");
    cli_buf_text(b, d->id);
    cli_buf_puts(b, "]\n");
}

static void csv_row(struct cli_buf *b, const sgf_game *g, const sgf_diag *d,
                    int sev)
{
    cli_buf_csv_field(b, diag_origin(g, d));
    cli_buf_printf(b, ",%u,%lu,%lu,%d,%s,", d->game, d->line, d->column,
                   d->move, sgf_severity_name((sgf_severity)sev));
    cli_buf_csv_field(b, d->id);
    cli_buf_put(b, ",", 1);
    cli_buf_csv_field(b, d->message);
    cli_buf_puts(b, "\r\n");
}

/* The diagnostics the verbosity shows, one row each. */
static void shown_diagnostics(const struct cli *cli, const sgf_game *g,
                              struct cli_buf *b, diag_row_fn *row)
{
    int least = least_shown(cli);
    size_t n = sgf_game_diag_count(g);
    for (size_t i = 0; i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        int sev = cli_severity(cli, d);
        if (sev >= least)
            row(b, g, d, sev);
    }
}

void cli_csv_diagnostics(const struct cli *cli, const sgf_game *g,
                         struct cli_buf *b)
{
    shown_diagnostics(cli, g, b, csv_row);
}

void cli_text_diagnostics(const struct cli *cli, const sgf_game *g,
                          struct cli_buf *b)
{
    shown_diagnostics(cli, g, b, text_row);
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
