/*
 * report.c - diagnostics as the user asked for them: each check's severity
 * after -W, the counts behind the summary and the exit status, the
 * options of the library's reports (lib/export/report.c writes the text lines,
 * CSV rows and JSON Lines), and the catalogue for --list-checks.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"

int cli_severity(const struct cli *cli, const sgf_diag *d)
{
    sgf_report_options o = { SGF_REPORT_TEXT, cli->severity, 0, 0 };
    return sgf_report_severity(&o, d);
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

void cli_report_options(const struct cli *cli, sgf_report_options *o)
{
    memset(o, 0, sizeof *o);
    o->format = cli->format == CLI_FORMAT_JSON ? SGF_REPORT_JSON
                : cli->format == CLI_FORMAT_CSV ? SGF_REPORT_CSV
                : SGF_REPORT_TEXT;
    o->severity = cli->severity;
    o->verbosity = cli->verbosity;
}

void cli_check_report(const struct cli *cli, sgf_game *g,
                      enum cli_format format, struct cli_buf *b)
{
    sgf_report_options o;
    cli_report_options(cli, &o);
    o.format = format == CLI_FORMAT_JSON ? SGF_REPORT_JSON
               : format == CLI_FORMAT_CSV ? SGF_REPORT_CSV : SGF_REPORT_TEXT;
    sgf_check_report(g, &o, &cli->read_opt, cli_buf_write, b);
}

void cli_json_game_begin(sgf_emitter *e, const sgf_game *g)
{
    sgf_emit_begin_object(e);
    sgf_emit_key(e, "origin");
    sgf_emit_cstring(e, sgf_game_origin(g));
    sgf_emit_key(e, "game");
    sgf_emit_uint(e, sgf_game_index(g));
    sgf_emit_key(e, "offset");
    sgf_emit_uint(e, sgf_game_offset(g));
}

int cli_list_checks(struct cli *cli)
{
    struct cli_buf b = { 0 };
    sgf_emitter *e = cli->format == CLI_FORMAT_JSON ? cli_json_open(&b) : NULL;
    for (size_t i = 0; i < sgf_check_count(); i++) {
        const sgf_check_info *c = sgf_check_get(i);
        int sev = cli->severity[i];
        const char *sname = sev < 0 ? "off"
            : sgf_severity_name((sgf_severity)sev);
        if (cli->format == CLI_FORMAT_JSON) {
            sgf_emit_begin_object(e);
            sgf_emit_key(e, "id");
            sgf_emit_cstring(e, c->id);
            sgf_emit_key(e, "severity");
            sgf_emit_cstring(e, sname);
            sgf_emit_key(e, "summary");
            sgf_emit_cstring(e, c->summary);
            sgf_emit_end_object(e);
            sgf_emit_newline(e);
        } else {
            cli_buf_printf(&b, "%-24s %-8s %s\n", c->id, sname, c->summary);
        }
    }
    if (cli->format == CLI_FORMAT_JSON)
        cli_json_close(&b, e);
    int bad = b.nomem || fwrite(b.data, 1, b.len, stdout) != b.len
        || fflush(stdout) != 0;
    if (bad)
        cli_error(cli, "%s", b.nomem ? "out of memory" : strerror(errno));
    cli_buf_free(&b);
    cli_finish(cli, 0);
    return bad ? CLI_EXIT_TROUBLE : CLI_EXIT_OK;
}
