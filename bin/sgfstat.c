/*
 * sgfstat - statistics of game databases in one pass: sizes, rules, komi,
 * results, lengths, years, players, openings, check status; filters
 * (--where, --select), duplicate records (--duplicates), and partial
 * results that merge exactly across machines (--partial, --merge)
 * (sgfstat(1), doc/sgfstat.md).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <pcre2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

static const struct cli_tool sgfstat = {
    "sgfstat",
    "Statistics of Go game records: sizes, rules, komi, results, lengths,\n"
    "years, players, openings and check status; filters, duplicates, and\n"
    "partial results that merge exactly.",
    CLI_FORMAT_TEXT | CLI_FORMAT_JSON | CLI_FORMAT_CSV,
    "--duplicates found the same game recorded more than once",
    0,
    0
};

enum { MAX_WHERE = 32 };
enum select_what { SELECT_NONE, SELECT_ORIGINS, SELECT_GAMES };

/* The rules key of the last RU[] text a worker read: a database's games
 * mostly share one or two spellings, so sgf_rules_parse runs once a run
 * of them. */
struct rules_memo {
    char text[64];           /* RU[] as the game gives it; "" for none yet */
    char key[sizeof ((sgf_rules *)0)->name];
};

/* A worker thread's own state: no lock on the way of a game. */
struct worker {
    const struct run *run;
    struct stat_state *st;
    pcre2_match_data *md;
    struct rules_memo rules;
    struct worker *next;
};

struct run {
    struct stat_where where[MAX_WHERE];
    size_t nwhere;
    const char *by;
    struct stat_field by_field;
    enum select_what select;
    int dups, partial, merge, legality;
    unsigned top;
    const char *html;
    const char *keep_list, *drop_list;
    pthread_mutex_t lock;    /* workers below */
    struct worker *workers;
    int nomem;
};

/* The state of the calling thread, made on its first game. */
static _Thread_local struct worker *this_worker;

static struct worker *worker_get(struct run *run)
{
    struct worker *w = this_worker;
    if (w && w->run == run)
        return w;
    w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->run = run;
    w->st = stat_new(run->dups);
    w->md = pcre2_match_data_create(1, NULL);
    if (!w->st || !w->md) {
        stat_free(w->st);
        pcre2_match_data_free(w->md);
        free(w);
        return NULL;
    }
    pthread_mutex_lock(&run->lock);
    w->next = run->workers;
    run->workers = w;
    pthread_mutex_unlock(&run->lock);
    return this_worker = w;
}

/* ---- options ---- */

static int opt_where(struct cli *cli, const char *arg, void *data)
{
    struct run *run = data;
    if (run->nwhere == MAX_WHERE)
        return cli_usage_error(cli, "at most %d --where", MAX_WHERE);
    if (stat_where_parse(cli, arg, &run->where[run->nwhere]) < 0)
        return -1;
    run->nwhere++;
    return 0;
}

static int opt_by(struct cli *cli, const char *arg, void *data)
{
    struct run *run = data;
    if (stat_field_parse(arg, strlen(arg), &run->by_field) < 0 ||
        run->by_field.kind == F_PLAYER)
        return cli_usage_error(cli, "--by '%s': not a property id or one of "
                               "year, size, rules, result, winner, komi, "
                               "handicap, moves...", arg);
    run->by = arg;
    return 0;
}

static int opt_select(struct cli *cli, const char *arg, void *data)
{
    struct run *run = data;
    if (!arg || strcmp(arg, "origins") == 0)
        run->select = SELECT_ORIGINS;
    else if (strcmp(arg, "games") == 0)
        run->select = SELECT_GAMES;
    else
        return cli_usage_error(cli, "--select '%s': origins or games", arg);
    return 0;
}

/* --html, --keep-list, --drop-list: data is where the file name goes. */
static int opt_file(struct cli *cli, const char *arg, void *data)
{
    (void)cli;
    *(const char **)data = arg;
    return 0;
}

static int opt_top(struct cli *cli, const char *arg, void *data)
{
    struct run *run = data;
    unsigned long long v = 0;
    if (cli_parse_count(arg, 1000000, &v) < 0)
        return cli_usage_error(cli, "invalid --top '%s'", arg);
    run->top = (unsigned)v;
    return 0;
}

/* ---- one game ---- */

static size_t put_uint(char *out, unsigned long long v)
{
    char tmp[24];
    size_t n = 0, k = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        out[k++] = tmp[--n];
    out[k] = '\0';
    return k;
}

static char point_letter(int v)
{
    return (char)(v < 26 ? 'a' + v : 'A' + v - 26);
}

/* The first move as lines from the nearest edges, "4-4", "3-4": the
 * same for its 8 symmetric points. */
static void first_move_key(const sgf_game_sig *sig, int w, int h, char *out,
                           size_t n)
{
    unsigned c = sig->opening[0] & ~(unsigned)SGF_SIG_OTHER;
    if (c == SGF_SIG_PASS || c == SGF_SIG_BAD) {
        snprintf(out, n, "%s", c == SGF_SIG_PASS ? "pass" : "off the board");
        return;
    }
    int x = (int)(c % 52), y = (int)(c / 52);
    int a = x + 1 < w - x ? x + 1 : w - x, b = y + 1 < h - y ? y + 1 : h - y;
    if (a <= 0 || b <= 0) {      /* not a point of w x h: never for a code */
        snprintf(out, n, "%d-%d", a < b ? a : b, a < b ? b : a);
        return;
    }
    /* without snprintf: this runs for every game, and snprintf is slow */
    size_t k = put_uint(out, (unsigned)(a < b ? a : b));
    out[k++] = '-';
    put_uint(out + k, (unsigned)(a < b ? b : a));
}

static void opening_key(const sgf_game_sig *sig, char *out)
{
    size_t k = 0;
    for (unsigned i = 0; i < 4; i++) {
        unsigned c = sig->opening[i] & ~(unsigned)SGF_SIG_OTHER;
        if (i)
            out[k++] = ' ';
        if (c == SGF_SIG_PASS || c == SGF_SIG_BAD) {
            out[k++] = '-';
            out[k++] = '-';
        } else {
            out[k++] = point_letter((int)(c % 52));
            out[k++] = point_letter((int)(c / 52));
        }
    }
    out[k] = '\0';
}

/* "%g" of the komi without printf for the usual halves. */
static void komi_key(double komi, char *out, size_t n)
{
    double twice = komi * 2;
    if (twice > -1e6 && twice < 1e6 && twice == (double)(long)twice) {
        long t = (long)twice;
        size_t k = 0;
        if (t < 0) {
            out[k++] = '-';
            t = -t;
        }
        k += put_uint(out + k, (unsigned long long)(t / 2));
        if (t % 2) {
            out[k++] = '.';
            out[k++] = '5';
            out[k] = '\0';
        }
        return;
    }
    snprintf(out, n, "%g", komi);
}

/* Counts RU[] text in the rules table: its rule set's name, "other" when
 * unreadable. */
static void count_rules(struct stat_state *st, struct stat_group *grp,
                        struct rules_memo *m, const char *text)
{
    if (!m->text[0] || strcmp(m->text, text) != 0) {
        sgf_rules r;
        const char *key = sgf_rules_parse(text, &r) < 0 ? "other" : r.name;
        size_t len = strlen(text);
        if (len >= sizeof m->text) {     /* too long to keep */
            m->text[0] = '\0';
            stat_count_str(st, grp, T_RULES, key);
            return;
        }
        memcpy(m->text, text, len + 1);
        snprintf(m->key, sizeof m->key, "%s", key);
    }
    stat_count_str(st, grp, T_RULES, m->key);
}

/* A rule set or komi the record does not state, in table t: "japanese
 * (EV[])", "0 (DT[])", "chinese (default)" - the clue's property, not its
 * value, so that the table stays short. */
static void count_assumed(struct stat_state *st, struct stat_group *grp,
                          enum stat_table_id t, const char *value,
                          sgf_source source, const char *evidence)
{
    char key[96];
    if (source == SGF_SOURCE_INFERRED && evidence) {
        size_t id = strcspn(evidence, "[");
        snprintf(key, sizeof key, "%s (%.*s%s)", value, (int)id, evidence,
                 evidence[id] ? "[]" : "");
    } else {
        snprintf(key, sizeof key, "%s (%s)", value, sgf_source_name(source));
    }
    stat_count_str(st, grp, t, key);
}

/* The diagnostics of g by check id, severities after -W as sgfcheck
 * reports them; returns the worst severity, -1 when none. */
static int count_checks(const struct cli *cli, struct stat_state *st,
                        struct stat_group *grp, const sgf_game *g)
{
    int worst = -1;
    for (size_t i = 0, nd = sgf_game_diag_count(g); i < nd; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        int sev = cli_severity(cli, d);
        if (sev < 0)
            continue;
        if (sev > worst)
            worst = sev;
        stat_count_str(st, grp, T_CHECK, d->id);
    }
    return worst;
}

static void count_game(const struct cli *cli, struct worker *w,
                       struct stat_group *grp, sgf_game *g,
                       const sgf_game_sig *sig)
{
    struct stat_state *st = w->st;
    const sgf_info *in = sgf_game_info(g);
    char tmp[64];
    size_t n;
    if (sgf_game_index(g) == 1)
        stat_count(st, grp, T_TOTAL, "files", 5, 1);
    stat_count(st, grp, T_TOTAL, "bytes", 5, sig->bytes);
    if (!sgf_game_root(g)) {
        /* no game (an empty file, text after the last game): counted
         * apart, its diagnostics with the others', nothing else */
        stat_count(st, grp, T_TOTAL, "no_tree", 7, 1);
        count_checks(cli, st, grp, g);
        return;
    }
    stat_count(st, grp, T_TOTAL, "games", 5, 1);
    n = put_uint(tmp, (unsigned)in->width);
    tmp[n++] = 'x';
    n += put_uint(tmp + n, (unsigned)in->height);
    stat_count(st, grp, T_SIZE, tmp, n, 1);
    if (!in->rules) {
        stat_count(st, grp, T_RULES, "none", 4, 1);
    } else {
        count_rules(st, grp, &w->rules, in->rules);
    }
    if (in->rules_source != SGF_SOURCE_RECORD)
        count_assumed(st, grp, T_RULES_ASSUMED,
                      in->rules_assumed ? in->rules_assumed : "chinese",
                      in->rules_source, in->rules_evidence);
    if (in->komi_source != SGF_SOURCE_RECORD) {
        komi_key(in->komi, tmp, sizeof tmp);
        count_assumed(st, grp, T_KOMI_ASSUMED, tmp, in->komi_source,
                      in->komi_evidence);
    }
    if (in->has_komi || in->komi_set_aside) {
        /* KM[] as written, also a KM[0] the scorer set aside */
        komi_key(in->has_komi ? in->komi : 0, tmp, sizeof tmp);
        stat_count_str(st, grp, T_KOMI, tmp);
    } else {
        stat_count(st, grp, T_KOMI, "none", 4, 1);
    }
    n = put_uint(tmp, in->handicap > 0 ? (unsigned)in->handicap : 0);
    stat_count(st, grp, T_HANDICAP, tmp, n, 1);
    stat_count_str(st, grp, T_RESULT, stat_result_key(in));
    n = put_uint(tmp, sig->moves);
    stat_count(st, grp, T_MOVES, tmp, n, 1);
    n = put_uint(tmp, sig->passes);
    stat_count(st, grp, T_PASSES, tmp, n, 1);
    if (in->date.year > 0) {
        n = put_uint(tmp, (unsigned)in->date.year);
        stat_count(st, grp, T_YEAR, tmp, n, 1);
    } else {
        stat_count(st, grp, T_YEAR, "none", 4, 1);
    }
    if (in->black)
        stat_count_str(st, grp, T_PLAYER, in->black);
    if (in->white)
        stat_count_str(st, grp, T_PLAYER, in->white);
    if (in->black_rank)
        stat_count_str(st, grp, T_RANK, in->black_rank);
    if (in->white_rank)
        stat_count_str(st, grp, T_RANK, in->white_rank);
    if (sig->nopening) {
        first_move_key(sig, in->width, in->height, tmp, sizeof tmp);
        stat_count_str(st, grp, T_FIRST, tmp);
    }
    if (sig->nopening >= 4) {
        opening_key(sig, tmp);
        stat_count_str(st, grp, T_OPENING, tmp);
    }
    stat_count_str(st, grp, T_CHARSET, in->charset ? in->charset : "none");
    if (in->application)
        stat_count(st, grp, T_APPLICATION, in->application,
                   strcspn(in->application, ":"), 1);
    else
        stat_count(st, grp, T_APPLICATION, "none", 4, 1);
    int worst = count_checks(cli, st, grp, g);
    stat_count_str(st, grp, T_STATUS, worst == SGF_ERROR ? "errors"
                   : worst == SGF_WARNING ? "warnings" : "ok");
}

static void select_game(const struct cli *cli, sgf_game *g,
                        struct cli_out *out, enum select_what what)
{
    struct cli_buf *b = &out->buf;
    const char *origin = sgf_game_origin(g);
    if (what == SELECT_GAMES) {
        if (sgf_game_root(g))
            sgf_write_game(g, cli_buf_write, b);
        return;
    }
    switch (cli->format) {
    case CLI_FORMAT_JSON: {
        sgf_emitter *e = cli_json_open(b);
        cli_json_game_begin(e, g);
        sgf_emit_end_object(e);
        sgf_emit_newline(e);
        cli_json_close(b, e);
        break;
    }
    case CLI_FORMAT_CSV:
        cli_buf_csv_field(b, origin ? origin : "-");
        cli_buf_printf(b, ",%u,%llu\r\n", sgf_game_index(g),
                       (unsigned long long)sgf_game_offset(g));
        break;
    default:
        cli_buf_text(b, origin ? origin : "-");
        if (sgf_game_index(g) > 1)
            cli_buf_printf(b, "#%u", sgf_game_index(g));
        cli_buf_puts(b, "\n");
    }
}

static void stat_game(const struct cli *cli, sgf_game *g, struct cli_out *out,
                      void *ctx)
{
    struct run *run = ctx;
    cli_tally_game(cli, g, out);
    struct worker *w = worker_get(run);
    if (!w) {
        out->buf.nomem = 1;      /* the output stage reports it */
        return;
    }
    struct stat_state *st = w->st;
    st->read++;
    sgf_game_sig sig;
    sgf_game_signature(g, run->dups ? SGF_SIG_HASH | SGF_SIG_DYER : 0, &sig);
    for (size_t i = 0; i < run->nwhere; i++)
        if (!stat_where_match(&run->where[i], g, &sig, w->md))
            return;
    if (run->select) {
        select_game(cli, g, out, run->select);
        return;
    }
    char tmp[64];
    const char *key = "";
    if (run->by) {
        /* --by=result groups by kind of result, not by RE[]'s text */
        key = run->by_field.kind == F_RESULT ? stat_result_key(sgf_game_info(g))
              : stat_field_value(g, &sig, &run->by_field, 0, tmp, sizeof tmp);
        if (!key)
            key = "none";
    }
    struct stat_group *grp = stat_group(st, key, strlen(key));
    if (grp)
        count_game(cli, w, grp, g, &sig);
    if (run->dups && sgf_game_root(g)) {
        struct dup_info info;
        stat_dup_info(sgf_game_info(g), &info);
        stat_dup_add(st, sgf_game_origin(g), sgf_game_index(g), &sig, &info);
    }
    if (st->nomem)
        out->buf.nomem = 1;
}

/* ---- the end: merge, print ---- */

/* The workers' states merged into the one that read the most games, so
 * that the others' items are the only ones looked up again (with -j 1,
 * none): this merge runs after the workers, on one thread. */
static struct stat_state *merge_workers(struct run *run)
{
    struct stat_state *all = NULL;
    for (struct worker *w = run->workers; w; w = w->next)
        if (!all || w->st->read > all->read)
            all = w->st;
    if (!all)
        all = stat_new(run->dups);
    for (struct worker *w = run->workers, *next; w; w = next) {
        next = w->next;
        if (w->st != all)
            stat_merge(all, w->st);
        pcre2_match_data_free(w->md);
        free(w);
    }
    run->workers = NULL;
    return all;
}

static int read_file(const char *path, struct cli_buf *b)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return -1;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        cli_buf_put(b, chunk, n);
    int bad = ferror(f) || b->nomem;
    if (f != stdin)
        fclose(f);
    return bad ? -1 : 0;
}

/* --merge: the inputs are partial files.  Returns the merged state or
 * NULL after an error message. */
static struct stat_state *merge_files(struct cli *cli, struct run *run)
{
    struct stat_state *all = stat_new(0);
    int first = 1, failed = 0;
    if (!all)
        return NULL;
    for (size_t i = 0; i < cli->ninputs && !failed; i++) {
        const char *path = cli->inputs[i];
        struct cli_buf b = { 0 };
        char err[256] = "", *by = NULL;
        struct stat_state *part = stat_new(0);
        if (!part || read_file(path, &b) < 0) {
            cli_error(cli, "cannot read '%s': %s", path,
                      part ? strerror(errno) : "out of memory");
            failed = 1;
        } else if (stat_read_partial(part, b.data ? b.data : "", b.len, &by,
                                     err, sizeof err) < 0) {
            cli_error(cli, "%s: %s", path, err);
            failed = 1;
        } else if (first ? (run->by && (!by || strcmp(by, run->by) != 0))
                         : ((by == NULL) != (run->by == NULL) ||
                            (by && strcmp(by, run->by) != 0))) {
            cli_error(cli, "%s: made with --by=%s, not %s%s", path,
                      by ? by : "(none)", run->by ? "--by=" : "",
                      run->by ? run->by : "without --by");
            failed = 1;
        } else {
            if (first && by && !run->by) {
                run->by = by;       /* kept for the rest of the run */
                by = NULL;
            }
            first = 0;
            stat_merge(all, part);
            part = NULL;
        }
        stat_free(part);
        free(by);
        cli_buf_free(&b);
    }
    if (failed) {
        stat_free(all);
        return NULL;
    }
    return all;
}

static int print_all(struct cli *cli, struct run *run, struct stat_state *s)
{
    struct dup_report d = { 0 };
    struct stat_print o = { run->by, run->top, run->dups && s->dups, NULL };
    struct cli_buf b = { 0 };
    if (o.dups && stat_dup_find(s, &d) < 0) {
        cli_error(cli, "out of memory grouping duplicates");
        return -1;
    }
    /* years in time order with --by=year */
    o.groups = stat_sorted_groups(s, run->by && strcmp(run->by, "year") == 0);
    if (!o.groups) {
        cli_error(cli, "out of memory");
        stat_dup_free(&d);
        return -1;
    }
    if (run->partial)
        stat_write_partial(s, run->by, &b);
    else if (cli->format == CLI_FORMAT_JSON)
        stat_print_json(s, &o, &d, &b);
    else if (cli->format == CLI_FORMAT_CSV)
        stat_print_csv(s, &o, &d, &b);
    else
        stat_print_text(s, &o, &d, &b);
    cli_output_write(cli, &b);
    if (run->html) {
        struct cli_buf h = { 0 };
        stat_print_html(s, &o, &d, &h);
        if (h.nomem)
            cli_error(cli, "out of memory writing %s", run->html);
        else
            cli_save_file(cli, run->html, &h);
        cli_buf_free(&h);
    }
    /* the lists after the report: both are written whole or not at all */
    const char *lists[2] = { run->keep_list, run->drop_list };
    for (int k = 0; k < 2 && o.dups; k++) {
        if (!lists[k])
            continue;
        struct cli_buf l = { 0 };
        stat_print_dup_list(s, &d, k == 0, &l);
        if (l.nomem)
            cli_error(cli, "out of memory writing %s", lists[k]);
        else
            cli_save_file(cli, lists[k], &l);
        cli_buf_free(&l);
    }
    int rc = b.nomem ? -1 : (int)(d.nsets > 0);
    if (b.nomem)
        cli_error(cli, "out of memory");
    cli_buf_free(&b);
    free(o.groups);
    stat_dup_free(&d);
    return rc;
}

int main(int argc, char **argv)
{
    struct cli cli;
    static struct run run = { .top = 10 };
    const struct cli_option options[] = {
        { "where", 0, CLI_ARG_REQUIRED, "COND",
          "only games where COND holds: FIELD~REGEX, !~, =, !=, <, >...",
          opt_where, &run },
        { "by", 0, CLI_ARG_REQUIRED, "FIELD",
          "group by a property (PB...), year, size, rules, result...",
          opt_by, &run },
        { "select", 0, CLI_ARG_OPTIONAL, "WHAT",
          "print the matching games' origins (default) or games",
          opt_select, &run },
        CLI_OPT_FLAG("duplicates", 0, &run.dups,
                     "find records of the same game (also turned, cut)"),
        CLI_OPT_FLAG("partial", 0, &run.partial,
                     "write the state as a partial file for --merge"),
        CLI_OPT_FLAG("merge", 0, &run.merge,
                     "the inputs are partial files: merge them"),
        CLI_OPT_FLAG("legality", 0, &run.legality,
                     "replay the moves too: count the legality checks"),
        { "html", 0, CLI_ARG_REQUIRED, "FILE",
          "also write a report page with SVG charts",
          opt_file, &run.html },
        { "keep-list", 0, CLI_ARG_REQUIRED, "FILE",
          "with --duplicates: write the record kept of each set (TSV)",
          opt_file, &run.keep_list },
        { "drop-list", 0, CLI_ARG_REQUIRED, "FILE",
          "with --duplicates: write the other records of each set (TSV)",
          opt_file, &run.drop_list },
        { "top", 0, CLI_ARG_REQUIRED, "N",
          "rows of the long tables (default 10, 0: all)",
          opt_top, &run },
        CLI_OPT_END
    };

    pthread_mutex_init(&run.lock, NULL);
    int status = cli_parse(&cli, &sgfstat, options, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    if (run.merge && (run.nwhere || run.select)) {
        cli_usage_error(&cli, "--merge reads partial files: --where and "
                        "--select apply when they are made");
        return cli_finish(&cli, 0);
    }
    if (run.partial && run.select) {
        cli_usage_error(&cli, "--partial and --select do not go together");
        return cli_finish(&cli, 0);
    }
    if (run.merge && !cli.ninputs) {
        cli_usage_error(&cli, "--merge needs partial files");
        return cli_finish(&cli, 0);
    }
    if ((run.keep_list || run.drop_list) &&
        (!run.dups || run.partial || run.select)) {
        cli_usage_error(&cli, "--keep-list and --drop-list need "
                        "--duplicates and a report (not --partial or "
                        "--select)");
        return cli_finish(&cli, 0);
    }
    if (run.legality)
        cli.read_opt.flags |= SGF_READ_LEGALITY;
    int found = 0;
    if (cli_open_output(&cli) == 0) {
        struct stat_state *all = NULL;
        if (run.merge) {
            all = merge_files(&cli, &run);
        } else {
            if (run.select == SELECT_ORIGINS &&
                cli.format == CLI_FORMAT_CSV) {
                struct cli_buf h = { 0 };
                cli_buf_puts(&h, "origin,game,offset\r\n");
                cli_output_write(&cli, &h);
                cli_buf_free(&h);
            }
            cli_run(&cli, stat_game, &run);
            all = merge_workers(&run);
            if (!all)
                cli_error(&cli, "out of memory");
        }
        if (all && all->nomem)
            cli_error(&cli, "out of memory: the statistics are incomplete");
        if (all && !run.select) {
            int rc = print_all(&cli, &run, all);
            found = rc > 0;
            if (rc < 0 || all->nomem)
                cli_read_failed(&cli);
        } else if (!all) {
            cli_read_failed(&cli);
        }
        stat_free(all);
    }
    for (size_t i = 0; i < run.nwhere; i++)
        stat_where_free(&run.where[i]);
    return cli_finish(&cli, found);
}
