/*
 * sgfcheck - reads SGF records and reports what is wrong with them: syntax,
 * charset, properties, game information, and the moves replayed under the
 * game's rules (sgfcheck(1)).
 */
#include <stdlib.h>
#include "cli/cli.h"

static const struct cli_tool sgfcheck = {
    "sgfcheck",
    "Check SGF Go game records: syntax, charset, properties, game information\n"
    "and the legality of every move under the game's rules.",
    CLI_FORMAT_TEXT | CLI_FORMAT_JSON | CLI_FORMAT_CSV,
    "a record has an error",
    0,
    0
};

struct options {
    int summary;             /* counts per check id instead of reports */
};

/* One game's report: diagnostics as text lines or CSV rows, or one JSON
 * object (lib/export/report.c). */
static void check_game(const struct cli *cli, sgf_game *g, struct cli_out *out,
                       void *ctx)
{
    const struct options *o = ctx;
    cli_tally_game(cli, g, out);
    if (!o->summary)
        cli_check_report(cli, g, cli->format, &out->buf);
}

/* --summary: the number of diagnostics of each check id over the run, in
 * catalogue order, checks that never fired left out. */
static void print_summary(struct cli *cli)
{
    struct cli_buf b = { 0 };
    sgf_emitter *e = NULL;
    if (cli->format == CLI_FORMAT_CSV)
        cli_buf_puts(&b, "id,severity,count\r\n");
    else if (cli->format == CLI_FORMAT_JSON)
        e = cli_json_open(&b);
    for (size_t i = 0; i < sgf_check_count() && i < CLI_CHECKS_MAX; i++) {
        uint64_t n = cli->total_by_check[i];
        const sgf_check_info *c = sgf_check_get(i);
        if (!n || cli->severity[i] < 0)
            continue;
        const char *sev = sgf_severity_name((sgf_severity)cli->severity[i]);
        switch (cli->format) {
        case CLI_FORMAT_JSON:
            sgf_emit_begin_object(e);
            sgf_emit_key(e, "id");
            sgf_emit_cstring(e, c->id);
            sgf_emit_key(e, "severity");
            sgf_emit_cstring(e, sev);
            sgf_emit_key(e, "count");
            sgf_emit_uint(e, n);
            sgf_emit_end_object(e);
            sgf_emit_newline(e);
            break;
        case CLI_FORMAT_CSV:
            cli_buf_printf(&b, "%s,%s,%llu\r\n", c->id, sev,
                           (unsigned long long)n);
            break;
        default:
            cli_buf_printf(&b, "%10llu  %-8s %s\n", (unsigned long long)n, sev,
                           c->id);
        }
    }
    if (cli->format == CLI_FORMAT_JSON)
        cli_json_close(&b, e);
    cli_output_write(cli, &b);
    cli_buf_free(&b);
}

int main(int argc, char **argv)
{
    struct cli cli;
    struct options o = { 0 };
    int list_checks = 0, syntax_only = 0, variations = 0;
    const struct cli_option options[] = {
        CLI_OPT_FLAG("list-checks", 0, &list_checks,
                     "list the checks (id, severity, summary) and exit"),
        CLI_OPT_FLAG("syntax-only", 0, &syntax_only,
                     "check the SGF file only, not the legality of the moves"),
        CLI_OPT_FLAG("variations", 0, &variations,
                     "replay and check the moves of every variation too"),
        CLI_OPT_FLAG("summary", 0, &o.summary,
                     "print how often each check fired instead of reports"),
        CLI_OPT_END
    };

    int status = cli_parse(&cli, &sgfcheck, options, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    if (list_checks)
        return cli_list_checks(&cli);
    /* --syntax-only keeps every check of the file itself (syntax,
     * charset, properties, game info) and leaves out the replay */
    if (!syntax_only)
        cli.read_opt.flags |= SGF_READ_LEGALITY;
    if (variations)
        cli.read_opt.flags |= SGF_READ_VARIATIONS;
    if (cli_open_output(&cli) == 0) {
        if (cli.format == CLI_FORMAT_CSV && !o.summary) {
            struct cli_buf h = { 0 };
            sgf_report_options ro;
            cli_report_options(&cli, &ro);
            sgf_check_report_header(&ro, cli_buf_write, &h);
            cli_output_write(&cli, &h);
            cli_buf_free(&h);
        }
        cli_run(&cli, check_game, &o);
        if (o.summary)
            print_summary(&cli);
    }
    return cli_finish(&cli, cli.total.errors > 0);
}
