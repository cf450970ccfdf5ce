/*
 * sgfcheck - reads SGF records and reports what is wrong with them: syntax,
 * charset, properties and game information (sgfcheck(1)).
 */
#include "cli.h"

static const struct cli_tool sgfcheck = {
    "sgfcheck",
    "Check SGF Go game records: syntax, charset, properties and game information.",
    CLI_FORMAT_TEXT | CLI_FORMAT_JSON,
    "a record has an error"
};

/* One game's report: diagnostics as text lines, or one JSON object. */
static void check_game(const struct cli *cli, sgf_game *g, struct cli_out *out,
                       void *ctx)
{
    (void)ctx;
    const sgf_info *info = sgf_game_info(g);
    cli_tally_game(cli, g, &out->tally);
    if (cli->format == CLI_FORMAT_TEXT) {
        cli_text_diagnostics(cli, g, &out->buf);
        return;
    }
    const struct cli_tally *t = &out->tally;
    cli_json_game_begin(&out->buf, g);
    cli_buf_printf(&out->buf, ",\"status\":\"%s\",\"moves\":%u,\"rules\":",
                   t->errors ? "errors" : t->warnings ? "warnings" : "ok",
                   sgf_game_moves(g));
    cli_buf_json_string(&out->buf, info ? info->rules : NULL);
    cli_json_diagnostics(cli, g, &out->buf);
    cli_buf_puts(&out->buf, "}\n");
}

int main(int argc, char **argv)
{
    struct cli cli;
    int list_checks = 0, syntax_only = 0;
    const struct cli_option options[] = {
        CLI_OPT_FLAG("list-checks", 0, &list_checks,
                     "list the checks (id, severity, summary) and exit"),
        /* The rules core will add legality checks that this skips; every
         * check of today is a check of the SGF file itself. */
        CLI_OPT_FLAG("syntax-only", 0, &syntax_only,
                     "check the SGF only, not the legality of the moves"),
        CLI_OPT_END
    };

    int status = cli_parse(&cli, &sgfcheck, options, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    if (list_checks)
        return cli_list_checks(&cli);
    if (cli_open_output(&cli) == 0)
        cli_run(&cli, check_game, NULL);
    return cli_finish(&cli, cli.total.errors > 0);
}
