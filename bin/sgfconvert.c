/*
 * sgfconvert - writes the games it reads as canonical SGF, Go XML (or the
 * raw XML form), JSON trees, JSON Lines or CSV; into one stream (plain or
 * gzipped), one archive of SGF files with a manifest, or one file per game
 * (sgfconvert(1)).  The formats are the library's (writer.c, xmlwrite.c,
 * json.c, jsonl.c, csv.c); this file picks one and names the files.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli/cli.h"

static const struct cli_tool sgfconvert = {
    "sgfconvert",
    "Convert SGF Go game records to canonical SGF, XML, JSON, JSON Lines or\n"
    "CSV, into one file, a gzip file, an archive or one file per game.",
    CLI_FORMAT_TEXT | CLI_FORMAT_JSON | CLI_FORMAT_CSV,
    "an input held binary data or no game",
    0,
    0
};

enum target { TO_SGF, TO_XML, TO_JSON, TO_JSONL, TO_CSV };
static const char *const target_names[] = { "sgf", "xml", "json", "jsonl",
                                            "csv" };
static const char *const target_ext[] = { "sgf", "xml", "json", "jsonl",
                                          "csv" };

enum source { FROM_AUTO, FROM_SGF, FROM_XML, FROM_JSON };

struct options {
    enum source from;
    enum target to;
    int to_given;
    sgf_xml_form xml;
    int csv_moves;
    const char *split;        /* name pattern of one file per game */
    sgf_write_options write;
    unsigned pass_flag;
    const sgf_rules *rules;   /* --rules for JSON Lines and CSV, or NULL */
    atomic_ullong skipped;    /* what skipped_input counts (exit status 1) */
    char *const *inputs;      /* as named on the command line: {path} */
    size_t ninputs;
};

/* ---- options ---- */

static int opt_to(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    for (size_t i = 0; i < sizeof target_names / sizeof *target_names; i++)
        if (strcmp(arg, target_names[i]) == 0) {
            o->to = (enum target)i;
            o->to_given = 1;
            return 0;
        }
    return cli_usage_error(cli, "unknown --to '%s' (sgf, xml, json, jsonl, "
                           "csv)", arg);
}

static int opt_from(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    static const char *const names[] = { "auto", "sgf", "xml", "json" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(arg, names[i]) == 0) {
            o->from = (enum source)i;
            return 0;
        }
    return cli_usage_error(cli, "unknown --from '%s' (auto, sgf, xml, json)",
                           arg);
}

static int opt_xml(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    if (strcmp(arg, "go") == 0)
        o->xml = SGF_XML_GO;
    else if (strcmp(arg, "raw") == 0)
        o->xml = SGF_XML_RAW;
    else
        return cli_usage_error(cli, "unknown --xml '%s' (go, raw)", arg);
    if (!o->to_given) {
        o->to = TO_XML;
        o->to_given = 1;
    }
    return 0;
}

static int opt_csv(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    if (strcmp(arg, "games") == 0)
        o->csv_moves = 0;
    else if (strcmp(arg, "moves") == 0)
        o->csv_moves = 1;
    else
        return cli_usage_error(cli, "unknown --csv '%s' (games, moves)", arg);
    if (!o->to_given) {
        o->to = TO_CSV;
        o->to_given = 1;
    }
    return 0;
}

static int opt_split(struct cli *cli, const char *arg, void *data)
{
    (void)cli;
    struct options *o = data;
    o->split = arg ? arg : "";
    return 0;
}

static int opt_strip(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    for (const char *s = arg; *s; s++)
        if (!(*s == ',' || (*s >= 'A' && *s <= 'Z')))
            return cli_usage_error(cli, "--strip: '%s' is no list of "
                                   "property ids (C,LB)", arg);
    o->write.strip = arg;
    return 0;
}

static int opt_passes(struct cli *cli, const char *arg, void *data)
{
    struct options *o = data;
    if (strcmp(arg, "empty") == 0)
        o->pass_flag = SGF_WRITE_PASS_EMPTY;
    else if (strcmp(arg, "tt") == 0)
        o->pass_flag = SGF_WRITE_PASS_TT;
    else if (strcmp(arg, "keep") == 0)
        o->pass_flag = 0;
    else
        return cli_usage_error(cli, "unknown --passes '%s' (keep, empty, "
                               "tt)", arg);
    return 0;
}

/* The target from -o's name when --to was not given: "x.jsonl.gz" is
 * JSON Lines, "x.zip" an archive of SGF files. */
static void target_from_name(struct options *o, const char *name)
{
    if (o->to_given || !name)
        return;
    size_t n = strlen(name);
    if (n > 3 && strcasecmp(name + n - 3, ".gz") == 0)
        n -= 3;
    static const struct { const char *ext; enum target t; } map[] = {
        { ".sgf", TO_SGF }, { ".xml", TO_XML }, { ".json", TO_JSON },
        { ".jsonl", TO_JSONL }, { ".ndjson", TO_JSONL }, { ".csv", TO_CSV }
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++) {
        size_t e = strlen(map[i].ext);
        if (n > e && strncasecmp(name + n - e, map[i].ext, e) == 0)
            o->to = map[i].t;
    }
}

/* --format as every tool reads it: text is SGF, json JSON Lines (one
 * object per game), csv the games table; --to names every form.  Returns
 * -1 after a usage error when --to asked for another form. */
static int target_from_format(const struct cli *cli, struct options *o)
{
    if (!cli->format_given)
        return 0;
    enum target t = cli->format == CLI_FORMAT_JSON ? TO_JSONL
                    : cli->format == CLI_FORMAT_CSV ? TO_CSV : TO_SGF;
    if (o->to_given && o->to != t)
        return cli_usage_error(cli, "--format writes %s, --to asks for %s",
                               target_names[t], target_names[o->to]);
    o->to = t;
    o->to_given = 1;
    return 0;
}

/* ---- XML and JSON inputs ---- */

static enum source source_of(const char *origin)
{
    switch (sgf_document_of_name(origin)) {
    case SGF_DOCUMENT_XML: return FROM_XML;
    case SGF_DOCUMENT_JSON: return FROM_JSON;
    case SGF_DOCUMENT_SGF: break;
    }
    return FROM_SGF;
}

static int keep_write(void *ctx, const void *data, size_t len)
{
    struct cli_buf *b = ctx;
    cli_buf_put(b, data, len);
    return b->nomem ? SGF_E_NOMEM : 0;
}

/* The member filter (cli.h): an XML or JSON member is read whole and
 * turned into SGF, which the reader then reads as if it were the file. */
static int from_xml_or_json(struct cli *cli, sgf_member *m,
                            struct cli_buf *keep, sgf_member **out,
                            sgf_source_map **map)
{
    const char *origin = sgf_member_origin(m);
    const struct options *o = cli->member_filter_ctx;
    enum source from = o->from != FROM_AUTO ? o->from : source_of(origin);
    if (from == FROM_SGF)
        return 0;
    struct cli_buf in = { 0 };
    char chunk[65536], err[256] = "";
    long n;
    while ((n = sgf_member_read(m, chunk, sizeof chunk)) > 0)
        cli_buf_put(&in, chunk, (size_t)n);
    int rc = n < 0 ? (int)n : in.nomem ? SGF_E_NOMEM : 0;
    /* the diagnostics then name lines and columns of this file */
    *map = sgf_source_map_new();
    if (rc == 0 && !*map)
        rc = SGF_E_NOMEM;
    if (rc == 0)
        rc = from == FROM_XML
                 ? sgf_xml_to_sgf_mapped(in.data ? in.data : "", in.len,
                                         keep_write, keep, err, sizeof err,
                                         *map)
                 : sgf_json_to_sgf_mapped(in.data ? in.data : "", in.len,
                                          keep_write, keep, err, sizeof err,
                                          *map);
    cli_buf_free(&in);
    if (rc < 0) {
        /* the library's "unreadable container format" would name the
         * wrong thing: the container was read, the document is bad */
        const char *why = n < 0 ? sgf_member_error(m)
                        : rc != SGF_E_FORMAT ? sgf_strerror(rc)
                        : from == FROM_XML ? "not a game record in XML"
                        : "not a game record in JSON";
        cli_error(cli, "%s: %s%s%s", origin, why, *err ? ": " : "", err);
        cli_buf_free(keep);
        return -1;
    }
    *out = sgf_member_from_memory(keep->data ? keep->data : "", keep->len,
                                  origin);
    if (!*out) {
        cli_error(cli, "out of memory");
        cli_buf_free(keep);
        return -1;
    }
    sgf_member_counts_for(*out, m);     /* its games are m's in --progress */
    return 1;
}

/* ---- one game ---- */

static int write_game(const struct options *o, sgf_game *g, struct cli_buf *b)
{
    switch (o->to) {
    case TO_XML:
        return sgf_xml_write_game(g, o->xml, cli_buf_write, b);
    case TO_JSON:
        return sgf_json_write_game(g, cli_buf_write, b);
    case TO_JSONL:
        return sgf_jsonl_write_game(g, o->rules, cli_buf_write, b);
    case TO_CSV:
        return o->csv_moves
                   ? sgf_csv_write_moves(g, o->rules, cli_buf_write, b)
                   : sgf_csv_write_game_row(g, o->rules, cli_buf_write, b);
    case TO_SGF:
        break;
    }
    return sgf_write_game_opt(g, &o->write, cli_buf_write, b);
}

/* The base name of an origin without its extension ("dir/a.sgf" -> "a";
 * "db.zip:x/b.sgf" -> "b"). */
static void origin_stem(struct cli_buf *b, const char *origin)
{
    const char *s = origin ? origin : "stdin";
    const char *slash = strrchr(s, '/'), *colon = strrchr(s, ':');
    if (colon && (!slash || colon > slash))
        slash = colon;
    s = slash ? slash + 1 : s;
    const char *dot = strrchr(s, '.');
    cli_buf_put(b, s, dot && dot != s ? (size_t)(dot - s) : strlen(s));
}

/* The part of an origin below the input named on the command line that
 * holds it: "sub/a.sgf" for "games/sub/a.sgf" of "games/", the archive's
 * own name and its member for "db.zip:x/b.sgf" of "db.zip" or of a folder
 * holding it; "" for a file named itself (or an origin no input names,
 * such as standard input's). */
static const char *below_input(const struct options *o, const char *origin)
{
    const char *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < o->ninputs; i++) {
        const char *in = o->inputs[i];
        size_t n = strlen(in);
        if (n <= best_len || strncmp(origin, in, n) != 0)
            continue;
        if (in[n - 1] == '/') {
            best = origin + n;                  /* "games/" */
        } else if (origin[n] == '/') {
            best = origin + n + 1;              /* "games" */
        } else if (origin[n] == ':') {
            const char *slash = strrchr(in, '/');   /* "data/db.zip" */
            best = slash ? origin + (slash - in) + 1 : origin;
        } else if (origin[n] == '\0') {
            best = origin + n;                  /* a file named itself */
        } else {
            continue;
        }
        best_len = n;
    }
    return best ? best : "";
}

/* {path}: the folders between the input named on the command line and the
 * game's file, each with its '/' ("sub/deeper/"), an archive's member path
 * under the archive's full name ("sub/db.zip/x/" for
 * "games/sub/db.zip:x/b.sgf": db.zip and db.tar.gz stay apart); empty for
 * a file named itself.  Empty, "."
 * and ".." parts are dropped (an archive's "../../etc/" or "/tmp/" leads
 * nowhere but into the output), '\\' of a member's name is a '/', and the
 * characters file systems dislike go as in values (sink.c cleans each
 * part again). */
static void origin_folders(const struct options *o, struct cli_buf *b,
                           const char *origin)
{
    const char *p = below_input(o, origin ? origin : "");
    const char *member = strchr(p, ':');
    const char *file = NULL;     /* where the last part, the file, starts */
    for (const char *s = p; *s; s++)
        if (*s == '/' || *s == ':' || (member && s > member && *s == '\\'))
            file = s + 1;
    if (!file)
        return;
    const char *part = p;
    while (part < file) {
        const char *end = part;
        while (end < file && *end != '/' && *end != ':' &&
               !(member && end > member && *end == '\\'))
            end++;
        size_t n = (size_t)(end - part);
        if (n && !(n == 1 && part[0] == '.') &&
            !(n == 2 && part[0] == '.' && part[1] == '.')) {
            for (size_t i = 0; i < n; i++)
                cli_buf_put(b, strchr("\\:*?\"<>|{}", part[i]) ||
                               (unsigned char)part[i] < 0x20 ? "_" : part + i,
                            1);
            cli_buf_put(b, "/", 1);
        }
        part = end + 1;
    }
}

/* The first value of property id as text, from the first node of the main
 * line that has it, before the first move (the root or the game-info
 * node); NULL when there is none. */
static const char *property_text(sgf_game *g, const char *id)
{
    for (const sgf_node *n = sgf_game_root(g); n; n = n->child) {
        int move = 0;
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (strcmp(q->id, id) == 0 && q->nvalues)
                return sgf_value_text(g, q, 0, NULL);
            move |= q->kind == SGF_P_B || q->kind == SGF_P_W;
        }
        if (move)
            break;
    }
    return NULL;
}

/* A split file's name: the pattern with {PB}, {DT}... (any property of the
 * root or game-info node, first value, as text), {name} (the input's stem),
 * {game} (number within the input); {n}, the game's number in the run,
 * is left for the output (sink.c), which alone sees the games in order.
 * Values lose the characters file systems dislike there, '/' included: only
 * the pattern's own '/' make folders (sink.c cleans every part). */
static void split_name(const struct options *o, sgf_game *g,
                       struct cli_buf *b)
{
    const char *pattern = o->split && *o->split ? o->split
                                                : "{path}{name}-{game}";
    const char *p = pattern;
    while (*p) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        if (!close) {
            cli_buf_put(b, p++, 1);
            continue;
        }
        size_t n = (size_t)(close - p - 1);
        char key[16];
        if (n == 0 || n >= sizeof key) {
            cli_buf_put(b, p, (size_t)(close - p + 1));
            p = close + 1;
            continue;
        }
        memcpy(key, p + 1, n);
        key[n] = '\0';
        p = close + 1;
        if (strcmp(key, "n") == 0) {
            cli_buf_puts(b, "{n}");
        } else if (strcmp(key, "name") == 0) {
            origin_stem(b, sgf_game_origin(g));
        } else if (strcmp(key, "path") == 0) {
            origin_folders(o, b, sgf_game_origin(g));
        } else if (strcmp(key, "game") == 0) {
            cli_buf_printf(b, "%u", sgf_game_index(g));
        } else {
            const char *v = property_text(g, key);
            for (const char *s = v ? v : ""; *s; s++)
                cli_buf_put(b, strchr("/\\:*?\"<>|{}", *s) ||
                               (unsigned char)*s < 0x20 ? "_" : s, 1);
        }
    }
    const char *file = strrchr(pattern, '/');   /* a file's, not a folder's */
    if (!strchr(file ? file + 1 : pattern, '.'))
        cli_buf_printf(b, ".%s", target_ext[o->to]);
    cli_buf_put(b, "", 1);
}

/* The manifest fields of a game written as a file of its own. */
static void manifest_fields(sgf_game *g, struct cli_buf *b)
{
    const sgf_info *in = sgf_game_info(g);
    char re[64];
    sgf_format_result(&in->result, re, sizeof re);
    struct cli_buf obj = { 0 };
    sgf_emitter *e = cli_json_open(&obj);
    sgf_emit_begin_object(e);
    sgf_emit_key(e, "origin");
    sgf_emit_cstring(e, sgf_game_origin(g) ? sgf_game_origin(g) : "-");
    sgf_emit_key(e, "game");
    sgf_emit_uint(e, sgf_game_index(g));
    sgf_emit_key(e, "black");
    sgf_emit_cstring(e, in->black);
    sgf_emit_key(e, "white");
    sgf_emit_cstring(e, in->white);
    sgf_emit_key(e, "date");
    sgf_emit_cstring(e, in->date_text);
    sgf_emit_key(e, "result");
    sgf_emit_cstring(e, in->result.winner ? re : NULL);
    sgf_emit_key(e, "moves");
    sgf_emit_uint(e, sgf_game_moves(g));
    sgf_emit_key(e, "errors");
    sgf_emit_uint(e, sgf_game_count(g, SGF_ERROR));
    sgf_emit_key(e, "warnings");
    sgf_emit_uint(e, sgf_game_count(g, SGF_WARNING));
    sgf_emit_end_object(e);
    cli_json_close(&obj, e);
    /* the members alone: the manifest line puts "file" before them */
    if (obj.nomem || obj.len < 2)
        b->nomem = 1;
    else
        cli_buf_put(b, obj.data + 1, obj.len - 2);
    cli_buf_free(&obj);
    cli_buf_put(b, "", 1);
}

/* Whether g, a game without a tree, stands for input the reader skipped
 * as no game at all: binary data, text without a game tree, or a file that
 * is no record of the foreign format it seemed (an error after -W, as
 * sgfcheck counts it).  An empty file or text after the last
 * game is a warning; a stray ')' loses nothing. */
static int skipped_input(const struct cli *cli, const sgf_game *g)
{
    for (size_t i = 0; i < sgf_game_diag_count(g); i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        if ((strcmp(d->id, "binary-data") == 0 ||
             strcmp(d->id, "no-game") == 0 ||
             strcmp(d->id, "foreign-unreadable") == 0) &&
            cli_severity(cli, d) == SGF_ERROR)
            return 1;
    }
    return 0;
}

static void convert_game(const struct cli *cli, sgf_game *g,
                         struct cli_out *out, void *ctx)
{
    struct options *o = ctx;
    cli_tally_game(cli, g, out);
    /* what the reader repaired or could not, on stderr: stdout is data */
    cli_check_report(cli, g, CLI_FORMAT_TEXT, &out->err);
    if (!sgf_game_root(g)) {
        /* junk: its diagnostics say so, and the exit status */
        if (skipped_input(cli, g))
            atomic_fetch_add(&o->skipped, 1);
        return;
    }
    if (cli->sink == CLI_SINK_IN_PLACE) {
        struct cli_buf data = { 0 };
        const char *origin = sgf_game_origin(g);
        if (write_game(o, g, &data) == 0 && origin)
            cli_buf_file(&out->buf, origin, &data, NULL);
        else if (data.nomem)
            out->buf.nomem = 1;
        cli_buf_free(&data);
        return;
    }
    if (cli->sink != CLI_SINK_ARCHIVE && cli->sink != CLI_SINK_DIRECTORY) {
        int rc = write_game(o, g, &out->buf);
        if (rc && rc != SGF_E_NOMEM)
            cli_error(cli, "%s: game %u cannot be written as %s (%s)",
                      sgf_game_origin(g), sgf_game_index(g),
                      target_names[o->to], sgf_strerror(rc));
        return;
    }
    struct cli_buf data = { 0 }, name = { 0 }, fields = { 0 };
    int rc = write_game(o, g, &data);
    if (rc == 0) {
        split_name(o, g, &name);
        manifest_fields(g, &fields);
        if (!name.nomem && !fields.nomem)
            cli_buf_file(&out->buf, name.data, &data, fields.data);
        else
            out->buf.nomem = 1;
    } else if (rc != SGF_E_NOMEM) {
        cli_error(cli, "%s: game %u cannot be written as %s (%s)",
                  sgf_game_origin(g), sgf_game_index(g), target_names[o->to],
                  sgf_strerror(rc));
    } else {
        out->buf.nomem = 1;
    }
    cli_buf_free(&data);
    cli_buf_free(&name);
    cli_buf_free(&fields);
}

/* What goes before the first game and after the last of one stream. */
static void stream_edge(struct cli *cli, const struct options *o, int begin)
{
    struct cli_buf b = { 0 };
    if (o->to == TO_XML)
        (begin ? sgf_xml_begin : sgf_xml_end)(o->xml, cli_buf_write, &b);
    else if (o->to == TO_CSV && begin)
        (o->csv_moves ? sgf_csv_write_moves_header
                      : sgf_csv_write_games_header)(cli_buf_write, &b);
    cli_output_write(cli, &b);
    cli_buf_free(&b);
}

int main(int argc, char **argv)
{
    struct cli cli;
    static struct options o;
    int main_line = 0, drop_empty = 0, merge = 0, in_place = 0;
    int no_repair = 0;
    const struct cli_option options[] = {
        { "from", 0, CLI_ARG_REQUIRED, "FORMAT",
          "inputs are auto (by name: .xml, .json), sgf, xml, json",
          opt_from, &o },
        { "to", 't', CLI_ARG_REQUIRED, "FORMAT",
          "sgf (default), xml, json, jsonl, csv; --format=text,\n"
          "                         json, csv are --to=sgf, jsonl, csv",
          opt_to, &o },
        { "xml", 0, CLI_ARG_REQUIRED, "FORM",
          "go (GoGui's go.dtd, the default) or raw", opt_xml, &o },
        { "csv", 0, CLI_ARG_REQUIRED, "ROWS",
          "games (one row per game, the default) or moves", opt_csv, &o },
        { "split", 0, CLI_ARG_OPTIONAL, "PATTERN",
          "one file per game in -o DIR, named by PATTERN", opt_split, &o },
        CLI_OPT_FLAG("merge", 0, &merge,
                     "every game into the one -o FILE (the default)"),
        CLI_OPT_FLAG("in-place", 0, &in_place,
                     "SGF: rewrite each input file (atomically)"),
        CLI_OPT_FLAG("backup", 0, &cli.backup,
                     "with --in-place: keep the old file as FILE.bak[.N]"),
        CLI_OPT_FLAG("main-line", 0, &main_line,
                     "SGF: the main line only, no variations"),
        { "strip", 0, CLI_ARG_REQUIRED, "IDS",
          "SGF: leave out these properties (C,LB)", opt_strip, &o },
        CLI_OPT_FLAG("drop-empty", 0, &drop_empty,
                     "SGF: leave out nodes without properties"),
        { "passes", 0, CLI_ARG_REQUIRED, "FORM",
          "SGF: write passes as keep, empty ([]) or tt", opt_passes, &o },
        CLI_OPT_FLAG("no-repair", 0, &no_repair,
                     "SGF: write the tree as read, even where it fails "
                     "the checks"),
        CLI_OPT_END
    };

    int status = cli_parse(&cli, &sgfconvert, options, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    /* before --in-place's test: --format=json must not rewrite SGF files
     * as JSON Lines */
    if (target_from_format(&cli, &o) < 0)
        return cli_finish(&cli, 0);
    if (o.split && merge) {
        cli_usage_error(&cli, "--split and --merge exclude each other");
        return cli_finish(&cli, 0);
    }
    if (in_place && (o.split || merge || cli.output || o.to != TO_SGF ||
                     cli.ninputs == 0)) {
        cli_usage_error(&cli, "--in-place rewrites named SGF files: no -o, "
                        "--split, --merge or --to, and at least one input");
        return cli_finish(&cli, 0);
    }
    if (cli.backup && !in_place) {
        cli_usage_error(&cli, "--backup goes with --in-place");
        return cli_finish(&cli, 0);
    }
    o.write.flags = (main_line ? SGF_WRITE_MAIN_LINE : 0) |
                    (drop_empty ? SGF_WRITE_DROP_EMPTY : 0) |
                    (no_repair ? 0 : SGF_WRITE_REPAIR) | o.pass_flag;
    target_from_name(&o, cli.output);
    o.rules = cli.read_opt.rules;
    o.inputs = cli.inputs;
    o.ninputs = cli.ninputs;
    if (in_place) {
        cli.sink = CLI_SINK_IN_PLACE;
    } else if (o.split) {
        if (!cli.output || strcmp(cli.output, "-") == 0) {
            cli_usage_error(&cli, "--split needs -o DIR");
            return cli_finish(&cli, 0);
        }
        cli.sink = CLI_SINK_DIRECTORY;
    } else if (cli.output && strcmp(cli.output, "-") != 0) {
        cli.sink = cli_sink_for_name(cli.output);
        if (cli.sink == CLI_SINK_ARCHIVE && o.to != TO_SGF && o.to_given) {
            /* an archive holds files: any format does */
        } else if (cli.sink == CLI_SINK_ARCHIVE) {
            o.to = TO_SGF;
        }
    }
    /* XML inputs are read by the member filter, in the reader's role, one
     * thread at a time (bin/pool.c): libxml2, loaded and initialised by the
     * first of them, is never initialised by two threads at once */
    cli.member_filter = from_xml_or_json;
    cli.member_filter_ctx = &o;
    if (cli_open_output(&cli) == 0) {
        int stream = cli.sink == CLI_SINK_PLAIN || cli.sink == CLI_SINK_GZIP;
        if (stream)
            stream_edge(&cli, &o, 1);
        cli_run(&cli, convert_game, &o);
        if (stream)
            stream_edge(&cli, &o, 0);
    }
    return cli_finish(&cli, atomic_load(&o.skipped) > 0);
}
