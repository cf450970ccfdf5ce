/*
 * sgfscore - rescores finished games under their rules or any other, with
 * dead stones taken from the record's markup or estimated, and says
 * whether the recorded RE[] agrees (sgfscore(1)).
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

static const struct cli_tool sgfscore = {
    "sgfscore",
    "Rescore finished Go games under their rules or any other, deciding which\n"
    "stones are dead, and compare with the recorded result.",
    CLI_FORMAT_TEXT | CLI_FORMAT_JSON | CLI_FORMAT_CSV,
    "a count disagrees with RE[] (--strict)",
    1,
    1
};

struct options {
    sgf_score_options score;
    int diagram, stones;
    const char *svg_dir;
    /* counts by agreement over the run, in any order (workers add) */
    atomic_ullong agree[SGF_AGREE_OTHER_ORDER + 1];
    atomic_ullong disagree;   /* a margin or winner differs */
    atomic_ullong not_scored;
};

/* ---- options ---- */

static int opt_dead(struct cli *cli, const char *arg, void *data)
{
    sgf_score_options *o = data;
    for (int m = SGF_DEAD_AUTO; m <= SGF_DEAD_NONE; m++)
        if (strcmp(arg, sgf_dead_mode_name((sgf_dead_mode)m)) == 0) {
            o->dead = (sgf_dead_mode)m;
            return 0;
        }
    return cli_usage_error(cli, "unknown --dead '%s' (auto, markup, "
                           "estimate, none)", arg);
}

static int opt_komi(struct cli *cli, const char *arg, void *data)
{
    sgf_score_options *o = data;
    char *end;
    errno = 0;
    double k = strtod(arg, &end);
    if (!*arg || *end || errno || k < -1000 || k > 1000)
        return cli_usage_error(cli, "invalid komi '%s' (points, e.g. 6.5)",
                               arg);
    o->komi = k;
    o->has_komi = 1;
    return 0;
}

static int opt_seed(struct cli *cli, const char *arg, void *data)
{
    sgf_score_options *o = data;
    unsigned long long v = 0;
    if (cli_parse_count(arg, UINT64_MAX, &v) < 0)
        return cli_usage_error(cli, "invalid --seed '%s'", arg);
    o->estimate.seed = v;
    return 0;
}

static int opt_playouts(struct cli *cli, const char *arg, void *data)
{
    sgf_score_options *o = data;
    unsigned long long v = 0;
    if (cli_parse_count(arg, 1000000, &v) < 0)
        return cli_usage_error(cli, "invalid --playouts '%s'", arg);
    o->estimate.playouts = (unsigned)v;
    return 0;
}

static int opt_svg(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    if (!*arg)
        return cli_usage_error(cli, "--svg needs a directory");
    o->svg_dir = arg;
    return 0;
}

/* ---- one count (lib/export/report.c writes it) ---- */

/* A file name for a game's picture: its origin with '/' and other
 * characters file systems dislike turned into '_', the game number and,
 * with --rules=all, the rule set. */
static void svg_path(struct cli_buf *b, const char *dir, const sgf_game *g,
                     const char *rules)
{
    cli_buf_printf(b, "%s/", dir);
    const char *origin = sgf_game_origin(g);
    for (const char *s = origin ? origin : "stdin"; *s; s++) {
        unsigned char c = (unsigned char)*s;
        int safe = c >= 0x80 || (c >= '0' && c <= '9') ||
                   (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                   c == '.' || c == '-' || c == '_';
        cli_buf_put(b, safe ? s : "_", 1);
    }
    cli_buf_printf(b, "-%u", sgf_game_index(g));
    if (rules)
        cli_buf_printf(b, "-%s", rules);
    cli_buf_puts(b, ".svg");
    cli_buf_put(b, "", 1);
}

static void write_svg(const struct cli *cli, const struct options *o,
                      sgf_game *g, const sgf_position *p,
                      const unsigned char *map, const sgf_scored_game *s)
{
    struct cli_buf path = { 0 }, svg = { 0 }, title = { 0 };
    svg_path(&path, o->svg_dir, g, cli->rules_all ? s->rules.name : NULL);
    const sgf_info *info = sgf_game_info(g);
    cli_buf_printf(&title, "%s - %s: %s %s, recorded %s (%s)",
                   info->black ? info->black : "?",
                   info->white ? info->white : "?", s->rules.name, s->result,
                   info->result_text ? info->result_text : "-",
                   sgf_agreement_name(s->agreement));
    cli_buf_put(&title, "", 1);
    sgf_draw_options d = { map, s->last_x, s->last_y, 1, title.data };
    if (!path.nomem && !title.nomem &&
        sgf_position_svg(p, &d, cli_buf_write, &svg) == 0)
        cli_save_file(cli, path.data, &svg);
    else
        cli_error(cli, "out of memory drawing %s", path.data ? path.data : "");
    cli_buf_free(&path);
    cli_buf_free(&svg);
    cli_buf_free(&title);
}

static void not_scored(const struct cli *cli, struct options *o,
                       struct cli_out *out, sgf_game *g, int rc)
{
    sgf_report_options ro;
    cli_report_options(cli, &ro);
    atomic_fetch_add(&o->not_scored, 1);
    sgf_score_report(g, rc, NULL, NULL, NULL, &ro, cli_buf_write, &out->buf);
}

static void score_game(const struct cli *cli, sgf_game *g, struct cli_out *out,
                       void *ctx)
{
    struct options *o = ctx;
    cli_tally_game(cli, g, out);
    /* what the reader found, on stderr as sgfconvert does: stdout is the
     * scores, the summary's counts are these lines' */
    cli_check_report(cli, g, CLI_FORMAT_TEXT, &out->err);
    if (!sgf_game_root(g))
        return;     /* no game to score (an empty file, text after the last) */
    sgf_position *p = sgf_position_new();
    unsigned char *map = malloc(SGF_MAP_SIZE);
    if (!p || !map) {
        not_scored(cli, o, out, g, SGF_E_NOMEM);
        goto done;
    }
    for (size_t i = 0; ; i++) {
        sgf_rules named;
        sgf_score_options so = o->score;
        if (cli->rules_all) {
            const char *name = sgf_rules_name(i);
            if (!name)
                break;
            sgf_rules_named(name, &named);
            so.rules = &named;
        }
        sgf_scored_game s;
        int rc = sgf_game_score(g, &so, p, map, &s);
        if (rc) {
            not_scored(cli, o, out, g, rc);
            break;
        }
        atomic_fetch_add(&o->agree[s.agreement], 1);
        if (sgf_score_disagrees(&s))
            atomic_fetch_add(&o->disagree, 1);
        sgf_report_options ro;
        cli_report_options(cli, &ro);
        ro.flags = (o->diagram ? SGF_REPORT_DIAGRAM : 0) |
                   (o->stones ? SGF_REPORT_STONES : 0);
        sgf_score_report(g, 0, p, map, &s, &ro, cli_buf_write, &out->buf);
        if (o->svg_dir)
            write_svg(cli, o, g, p, map, &s);
        if (!cli->rules_all)
            break;
    }
done:
    free(map);
    sgf_position_free(p);
}

int main(int argc, char **argv)
{
    struct cli cli;
    static struct options o;
    int strict = 0;
    const struct cli_option options[] = {
        { "dead", 0, CLI_ARG_REQUIRED, "MODE",
          "auto (markup, else estimate), markup, estimate, none",
          opt_dead, &o.score },
        { "komi", 0, CLI_ARG_REQUIRED, "POINTS",
          "komi in points, instead of KM[]", opt_komi, &o.score },
        { "seed", 0, CLI_ARG_REQUIRED, "N",
          "seed of the dead-stone estimate",
          opt_seed, &o.score },
        { "playouts", 0, CLI_ARG_REQUIRED, "N",
          "playouts per side to move first (0: the default)",
          opt_playouts, &o.score },
        CLI_OPT_FLAG("strict", 0, &strict,
                     "exit 1 when a count disagrees with RE[]"),
        CLI_OPT_FLAG("diagram", 0, &o.diagram,
                     "draw the final position, dead stones, territory"),
        { "svg", 0, CLI_ARG_REQUIRED, "DIR",
          "write each final position as an SVG picture in DIR",
          opt_svg, &o },
        CLI_OPT_FLAG("stones", 0, &o.stones,
                     "area results in Chinese stones too (黑胜3又3/4子)"),
        CLI_OPT_END
    };

    int status = cli_parse(&cli, &sgfscore, options, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    o.score.rules = cli.read_opt.rules;
    /* the scorer replays the games itself; the reader's own replay would
     * only repeat it */
    cli.read_opt.flags &= ~(unsigned)SGF_READ_LEGALITY;
    if ((!o.svg_dir || cli_output_dir(&cli, o.svg_dir) == 0) &&
        cli_open_output(&cli) == 0) {
        struct cli_buf h = { 0 };
        sgf_report_options ro;
        cli_report_options(&cli, &ro);
        sgf_score_report_header(&ro, cli_buf_write, &h);
        cli_output_write(&cli, &h);
        cli_buf_free(&h);
        cli_run(&cli, score_game, &o);
        if (cli.verbosity >= 0) {
            unsigned long long m = atomic_load(&o.agree[SGF_AGREE_MATCH]),
                oo = atomic_load(&o.agree[SGF_AGREE_OTHER_ORDER]),
                w = atomic_load(&o.agree[SGF_AGREE_WINNER_ONLY]),
                x = atomic_load(&o.agree[SGF_AGREE_MISMATCH]),
                r = atomic_load(&o.agree[SGF_AGREE_REVERSED]),
                n = atomic_load(&o.agree[SGF_AGREE_NOT_COMPARABLE]),
                u = atomic_load(&o.not_scored);
            cli_error(&cli, "%llu match, %llu other order, %llu winner only, "
                      "%llu mismatch, %llu reversed, %llu not comparable, "
                      "%llu not scored", m, oo, w, x, r, n, u);
        }
    }
    return cli_finish(&cli, strict && atomic_load(&o.disagree) > 0);
}
