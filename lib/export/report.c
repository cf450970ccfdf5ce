/*
 * report.c - a game as sgfcheck and sgfscore report it (their man pages): the
 * diagnostics as text lines, CSV rows or sgfcheck's JSON line, and a count
 * as sgfscore's text, JSON or CSV.  The tools and the Python module both
 * call these, so a run split over a cluster writes the bytes one tool run
 * writes, and a field added here reaches every front end at once.
 */
#include <stdio.h>
#include <string.h>

#include "common/output.h"
#include "go/replay.h"

int sgf_report_severity(const sgf_report_options *o, const sgf_diag *d)
{
    if (o && o->severity && d->check >= 0 &&
        (size_t)d->check < sgf_check_count())
        return o->severity[d->check];
    return (int)d->severity;
}

/* ---- small writers ------------------------------------------------------ */

/* What was wrong with a move the rules forbid, as check ids say it. */
static const char *illegal_name(sgf_legality l)
{
    switch (l) {
    case SGF_ILLEGAL_OFF_BOARD: return "point-outside-board";
    case SGF_ILLEGAL_OCCUPIED: return "occupied";
    case SGF_ILLEGAL_SUICIDE: return "suicide";
    case SGF_ILLEGAL_KO: return "ko";
    case SGF_ILLEGAL_POSITIONAL_SUPERKO: return "positional-superko";
    case SGF_ILLEGAL_SITUATIONAL_SUPERKO: return "situational-superko";
    case SGF_LEGAL: break;
    }
    return "legal";
}

/* {"origin":...,"game":N,"offset":N: the start of every tool's line. */
static void json_game_begin(out_sink *s, const sgf_game *g)
{
    SINK_LIT(s, "{\"origin\":");
    sink_json_cstr(s, sgf_game_origin(g));
    SINK_LIT(s, ",\"game\":");
    sink_uint(s, sgf_game_index(g));
    SINK_LIT(s, ",\"offset\":");
    sink_uint(s, sgf_game_offset(g));
}

/* "origin" or "origin#N" for N > 1: how a text line names a game. */
static void text_game(out_sink *s, const sgf_game *g)
{
    const char *origin = sgf_game_origin(g);
    sink_puts(s, origin ? origin : "-");
    if (sgf_game_index(g) > 1) {
        sink_putc(s, '#');
        sink_uint(s, sgf_game_index(g));
    }
}

/* ---- sgfcheck ------------------------------------------------------------ */

/* The columns after message came later, so they come last. */
#define CHECK_CSV_HEADER \
    "origin,game,line,column,move,severity,id,message,rules," \
    "rules_source,komi,komi_source\r\n"

/* What comes before the first game: the CSV header line, or nothing. */
static int report_header(const sgf_report_options *o, const char *csv,
                         size_t n, sgf_write_fn write, void *ctx)
{
    if (!write)
        return SGF_E_ARG;
    return o && o->format == SGF_REPORT_CSV ? write(ctx, csv, n) : 0;
}

int sgf_check_report_header(const sgf_report_options *o, sgf_write_fn write,
                            void *ctx)
{
    return report_header(o, CHECK_CSV_HEADER, sizeof CHECK_CSV_HEADER - 1,
                         write, ctx);
}

static const char *diag_origin(const sgf_game *g, const sgf_diag *d)
{
    const char *origin = d->origin ? d->origin : sgf_game_origin(g);
    return origin ? origin : "-";
}

static void text_row(out_sink *s, const sgf_game *g, const sgf_diag *d,
                     int sev)
{
    sink_text(s, diag_origin(g, d));
    if (d->line) {
        sink_putc(s, ':');
        sink_uint(s, d->line);
        sink_putc(s, ':');
        sink_uint(s, d->column);
    }
    SINK_LIT(s, ": ");
    sink_puts(s, sgf_severity_name((sgf_severity)sev));
    SINK_LIT(s, ": ");
    sink_text(s, d->message);
    SINK_LIT(s, " [");
    sink_text(s, d->id);
    SINK_LIT(s, "]\n");
}

/* The rules and komi a game was checked under, when it was replayed
 * (SGF_READ_LEGALITY); NULL otherwise. */
static const game_terms *check_terms(sgf_game *g,
                                     const sgf_read_options *read,
                                     game_terms *t)
{
    if (!read || !(read->flags & SGF_READ_LEGALITY) || !sgf_game_root(g))
        return NULL;
    replay_terms(g, read->rules, (read->flags & SGF_READ_RULES_OVERRIDE) != 0,
                 NULL, t);
    return t;
}

static void check_csv_row(out_sink *s, const sgf_game *g, const sgf_diag *d,
                          int sev, const game_terms *t)
{
    csv_row c = csv_row_begin(s);
    csv_str(&c, diag_origin(g, d));
    csv_uint(&c, d->game);
    csv_uint(&c, d->line);
    csv_uint(&c, d->column);
    csv_int(&c, d->move);
    csv_word(&c, sgf_severity_name((sgf_severity)sev));
    csv_str(&c, d->id);
    csv_str(&c, d->message);
    if (t) {
        source_text rs, ks;
        csv_str(&c, t->rules.name);
        csv_str(&c, source_words(&rs, t->rules_source, t->rules_evidence));
        csv_number(&c, t->rules.komi);
        csv_str(&c, source_words(&ks, t->komi_source, t->komi_evidence));
    } else {
        for (int k = 0; k < 4; k++)
            csv_empty(&c);
    }
    csv_end(&c);
}

static void json_diagnostics(out_sink *s, const sgf_game *g,
                             const sgf_report_options *o)
{
    const char *sep = "";
    SINK_LIT(s, ",\"diagnostics\":[");
    for (size_t i = 0, n = sgf_game_diag_count(g); i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        int sev = sgf_report_severity(o, d);
        if (sev < 0)
            continue;
        sink_puts(s, sep);
        SINK_LIT(s, "{\"severity\":\"");
        sink_puts(s, sgf_severity_name((sgf_severity)sev));
        SINK_LIT(s, "\",\"id\":");
        sink_json_cstr(s, d->id);
        if (d->line) {
            SINK_LIT(s, ",\"line\":");
            sink_uint(s, d->line);
            SINK_LIT(s, ",\"column\":");
            sink_uint(s, d->column);
        } else {
            SINK_LIT(s, ",\"line\":null,\"column\":null");
        }
        SINK_LIT(s, ",\"move\":");
        if (d->move > 0)
            sink_int(s, d->move);
        else
            SINK_LIT(s, "null");
        SINK_LIT(s, ",\"message\":");
        sink_json_cstr(s, d->message ? d->message : "");
        sink_putc(s, '}');
        sep = ",";
    }
    sink_putc(s, ']');
}

static void check_json(out_sink *s, sgf_game *g, const sgf_report_options *o,
                       const sgf_read_options *read)
{
    size_t errors = 0, warnings = 0;
    for (size_t i = 0, n = sgf_game_diag_count(g); i < n; i++) {
        int sev = sgf_report_severity(o, sgf_game_diag(g, i));
        errors += sev == SGF_ERROR;
        warnings += sev == SGF_WARNING;
    }
    json_game_begin(s, g);
    SINK_LIT(s, ",\"status\":\"");
    sink_puts(s, errors ? "errors" : warnings ? "warnings" : "ok");
    SINK_LIT(s, "\",\"moves\":");
    sink_uint(s, sgf_game_moves(g));
    SINK_LIT(s, ",\"rules\":");
    game_terms terms;
    const game_terms *t = check_terms(g, read, &terms);
    if (t) {
        char text[128];
        source_text rs, ks;
        sgf_rules_format(&t->rules, text, sizeof text);
        sink_json_cstr(s, t->rules.name);
        SINK_LIT(s, ",\"rules_detail\":");
        sink_json_cstr(s, text);
        SINK_LIT(s, ",\"rules_source\":");
        sink_json_cstr(s, source_words(&rs, t->rules_source,
                                       t->rules_evidence));
        SINK_LIT(s, ",\"komi\":");
        sink_number(s, t->rules.komi, "null");
        SINK_LIT(s, ",\"komi_source\":");
        sink_json_cstr(s, source_words(&ks, t->komi_source,
                                       t->komi_evidence));
    } else {
        SINK_LIT(s, "null");
    }
    SINK_LIT(s, ",\"recorded_rules\":");
    sink_json_cstr(s, sgf_game_info(g)->rules);
    json_diagnostics(s, g, o);
    SINK_LIT(s, "}\n");
}

int sgf_check_report(sgf_game *g, const sgf_report_options *o,
                     const sgf_read_options *read, sgf_write_fn write,
                     void *ctx)
{
    static const sgf_report_options defaults = { SGF_REPORT_TEXT, NULL, 0, 0 };
    out_sink s;
    if (!g || !write)
        return SGF_E_ARG;
    if (!o)
        o = &defaults;
    sink_init(&s, write, ctx);
    if (o->format == SGF_REPORT_JSON) {
        check_json(&s, g, o, read);
        return sink_flush(&s);
    }
    /* the least severity shown: -q errors, by default warnings, -v notes */
    int least = o->verbosity < 0 ? SGF_ERROR
                : o->verbosity > 0 ? SGF_NOTE : SGF_WARNING;
    game_terms terms;
    const game_terms *t = o->format == SGF_REPORT_CSV
                          ? check_terms(g, read, &terms) : NULL;
    for (size_t i = 0, n = sgf_game_diag_count(g); i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        int sev = sgf_report_severity(o, d);
        if (sev < least)
            continue;
        if (o->format == SGF_REPORT_CSV)
            check_csv_row(&s, g, d, sev, t);
        else
            text_row(&s, g, d, sev);
    }
    return sink_flush(&s);
}

/* ---- sgfscore ------------------------------------------------------------ */

/* One row per game: the columns after "ended" came later (so they come
 * last); a game not scored has only origin, game and not_scored. */
#define SCORE_CSV_HEADER \
    "origin,game,rules,komi,handicap,bonus,method,black_stones," \
    "white_stones,black_territory,white_territory,black_prisoners," \
    "white_prisoners,black_dead,white_dead,dame,seki,black_points," \
    "white_points,margin,result,recorded,agreement,unsettled,moves,ended," \
    "rules_source,komi_source,illegal_moves,first_illegal_move," \
    "method_source,handicap_source,not_scored,recorded_result\r\n"

int sgf_score_report_header(const sgf_report_options *o, sgf_write_fn write,
                            void *ctx)
{
    return report_header(o, SCORE_CSV_HEADER, sizeof SCORE_CSV_HEADER - 1,
                         write, ctx);
}

const char *sgf_score_failure(const sgf_game *g, int rc)
{
    return rc == SGF_E_NOMEM ? "out of memory"
           : !g || !sgf_game_root(g) ? "no game"
           : "not a Go game on a board SGF allows";
}

/* RE[] in FF[4] form as the library read it ("B+1" for 黑胜1目, "W+R",
 * "0", "Void", "?" when unreadable): what a pipeline compares with
 * "result", whatever the record's language.  Empty without RE[]. */
static const char *recorded_form(const sgf_game *g, char *buf, size_t n)
{
    sgf_format_result(&sgf_game_info(g)->result, buf, n);
    return buf;
}

static void json_recorded_result(out_sink *s, const sgf_game *g)
{
    char form[48];
    SINK_LIT(s, ",\"recorded_result\":");
    sink_json_cstr(s, *recorded_form(g, form, sizeof form) ? form : NULL);
}

/* Black's margin: the count says White's (white - black), the reports
 * Black's; no "-0" for a draw. */
static double black_margin(const sgf_score *c)
{
    return c->margin ? -c->margin : 0.0;
}

static void dead_points(out_sink *s, const sgf_position *p,
                        const unsigned char *map, int color)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    const char *sep = "";
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if ((map[y * w + x] & SGF_MAP_DEAD) &&
                sgf_position_at(p, x, y) == color) {
                char pt[5] = { '"', (char)(x < 26 ? 'a' + x : 'A' + x - 26),
                               (char)(y < 26 ? 'a' + y : 'A' + y - 26), '"',
                               0 };
                sink_puts(s, sep);
                sink_puts(s, pt);
                sep = ",";
            }
}

static void json_side(out_sink *s, const char *name, const sgf_score *c,
                      int color, double points)
{
    const struct { const char *key; int v; } f[] = {
        { "{\"stones\":", c->stones[color] },
        { ",\"territory\":", c->territory[color] },
        { ",\"prisoners\":", c->prisoners[color] },
        { ",\"dead\":", c->dead[color] },
        { ",\"area\":", c->stones[color] + c->territory[color] },
        { ",\"groups\":", c->groups[color] },
    };
    SINK_LIT(s, ",\"");
    sink_puts(s, name);
    SINK_LIT(s, "\":");
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        sink_puts(s, f[i].key);
        sink_int(s, f[i].v);
    }
    SINK_LIT(s, ",\"points\":");
    sink_number(s, points, "null");
    sink_putc(s, '}');
}

static void score_json(out_sink *s, sgf_game *g, const sgf_position *p,
                       const unsigned char *map, const sgf_scored_game *sg)
{
    const sgf_score *c = &sg->score;
    char text[160];
    json_game_begin(s, g);
    SINK_LIT(s, ",\"rules\":");
    sink_json_cstr(s, sg->rules.name);
    sgf_rules_format(&sg->rules, text, sizeof text);
    SINK_LIT(s, ",\"rules_detail\":");
    sink_json_cstr(s, text);
    source_text rs, ks;
    SINK_LIT(s, ",\"rules_source\":");
    sink_json_cstr(s, source_words(&rs, sg->rules_source,
                                   sg->rules_evidence));
    SINK_LIT(s, ",\"komi\":");
    sink_number(s, c->komi, "null");
    SINK_LIT(s, ",\"komi_source\":");
    sink_json_cstr(s, source_words(&ks, sg->komi_source, sg->komi_evidence));
    SINK_LIT(s, ",\"handicap\":");
    sink_int(s, c->handicap);
    source_text hs;
    SINK_LIT(s, ",\"handicap_source\":");
    sink_json_cstr(s, source_words(&hs, sg->handicap_source,
                                   sg->handicap_evidence));
    SINK_LIT(s, ",\"handicap_placed\":");
    sink_int(s, sgf_game_info(g)->handicap_placed);
    SINK_LIT(s, ",\"bonus\":");
    sink_number(s, c->bonus, "null");
    SINK_LIT(s, ",\"method\":\"");
    sink_puts(s, sgf_dead_mode_name(sg->dead));
    source_text ds;
    SINK_LIT(s, "\",\"method_source\":");
    sink_json_cstr(s, source_words(&ds, sg->dead_source, sg->dead_evidence));
    json_side(s, "black", c, SGF_BLACK, c->black);
    json_side(s, "white", c, SGF_WHITE, c->white);
    SINK_LIT(s, ",\"dame\":");
    sink_int(s, c->dame);
    SINK_LIT(s, ",\"seki\":");
    sink_int(s, c->seki);
    SINK_LIT(s, ",\"margin\":");
    sink_number(s, black_margin(c), "null");
    SINK_LIT(s, ",\"result\":");
    sink_json_cstr(s, sg->result);
    if (sg->rules.scoring == SGF_SCORING_AREA && !sg->no_result) {
        sgf_score_result(c, 1, text, sizeof text);
        SINK_LIT(s, ",\"result_stones\":");
        sink_json_cstr(s, text);
    }
    SINK_LIT(s, ",\"recorded\":");
    sink_json_cstr(s, sgf_game_info(g)->result_text);
    json_recorded_result(s, g);
    SINK_LIT(s, ",\"agreement\":\"");
    sink_puts(s, sgf_agreement_name(sg->agreement));
    SINK_LIT(s, "\",\"unsettled\":");
    sink_int(s, c->unsettled);
    SINK_LIT(s, ",\"moves\":");
    sink_int(s, sg->moves);
    sink_puts(s, sg->ended ? ",\"ended\":true" : ",\"ended\":false");
    SINK_LIT(s, ",\"illegal_moves\":");
    sink_int(s, sg->illegal);
    SINK_LIT(s, ",\"first_illegal_move\":");
    if (sg->illegal) {
        SINK_LIT(s, "{\"move\":");
        sink_int(s, sg->first_illegal);
        SINK_LIT(s, ",\"id\":\"");
        sink_puts(s, illegal_name(sg->first_illegal_kind));
        SINK_LIT(s, "\"}");
    } else {
        SINK_LIT(s, "null");
    }
    SINK_LIT(s, ",\"markup_ignored\":");
    sink_int(s, sg->markup_ignored);
    SINK_LIT(s, ",\"dead_stones\":{\"black\":[");
    dead_points(s, p, map, SGF_BLACK);
    SINK_LIT(s, "],\"white\":[");
    dead_points(s, p, map, SGF_WHITE);
    SINK_LIT(s, "]}}\n");
}

static void score_csv(out_sink *s, sgf_game *g, const sgf_scored_game *sg)
{
    const sgf_score *c = &sg->score;
    const int counts[] = {
        c->stones[1], c->stones[2], c->territory[1], c->territory[2],
        c->prisoners[1], c->prisoners[2], c->dead[1], c->dead[2], c->dame,
        c->seki
    };
    const char *origin = sgf_game_origin(g);
    csv_row r = csv_row_begin(s);
    csv_str(&r, origin ? origin : "-");
    csv_uint(&r, sgf_game_index(g));
    csv_str(&r, sg->rules.name);
    csv_number(&r, c->komi);
    csv_int(&r, c->handicap);
    csv_number(&r, c->bonus);
    csv_word(&r, sgf_dead_mode_name(sg->dead));
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        csv_int(&r, counts[i]);
    const double points[] = { c->black, c->white, black_margin(c) };
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++)
        csv_number(&r, points[i]);
    csv_str(&r, sg->result);
    const char *re = sgf_game_info(g)->result_text;
    csv_str(&r, re ? re : "");
    csv_word(&r, sgf_agreement_name(sg->agreement));
    csv_int(&r, c->unsettled);
    csv_int(&r, sg->moves);
    csv_int(&r, sg->ended);
    source_text rs, ks;
    csv_str(&r, source_words(&rs, sg->rules_source, sg->rules_evidence));
    csv_str(&r, source_words(&ks, sg->komi_source, sg->komi_evidence));
    csv_int(&r, sg->illegal);
    csv_int(&r, sg->first_illegal);
    source_text ds;
    csv_str(&r, source_words(&ds, sg->dead_source, sg->dead_evidence));
    csv_str(&r, source_words(&ks, sg->handicap_source,
                             sg->handicap_evidence));
    csv_empty(&r);               /* not_scored */
    char form[48];
    csv_str(&r, recorded_form(g, form, sizeof form));
    csv_end(&r);
}

static void text_side(out_sink *s, const char *name, const sgf_score *c,
                      int color, int territory_rules, double points)
{
    SINK_LIT(s, "  ");
    sink_puts(s, name);
    SINK_LIT(s, ": ");
    sink_int(s, c->stones[color]);
    SINK_LIT(s, " stones, ");
    sink_int(s, c->territory[color]);
    SINK_LIT(s, " territory");
    if (territory_rules) {
        SINK_LIT(s, ", ");
        sink_int(s, c->prisoners[color]);
        SINK_LIT(s, " prisoners + ");
        sink_int(s, c->dead[3 - color]);
        SINK_LIT(s, " dead");
    } else {
        SINK_LIT(s, " (");
        sink_int(s, c->dead[3 - color]);
        SINK_LIT(s, " dead removed)");
    }
    if (c->groups[color] && !territory_rules &&
        points != c->stones[color] + c->territory[color]) {
        SINK_LIT(s, ", ");
        sink_int(s, c->groups[color]);
        SINK_LIT(s, " groups");
    }
    SINK_LIT(s, ": ");
    sink_number(s, points, "nan");
    sink_putc(s, '\n');
}

static void score_text(out_sink *s, sgf_game *g, const sgf_position *p,
                       const unsigned char *map, const sgf_scored_game *sg,
                       const sgf_report_options *o)
{
    const sgf_score *c = &sg->score;
    const char *re = sgf_game_info(g)->result_text;
    text_game(s, g);
    SINK_LIT(s, ": ");
    sink_puts(s, sg->rules.name);
    SINK_LIT(s, " komi ");
    sink_number(s, c->komi, "nan");
    if (c->handicap) {
        SINK_LIT(s, " handicap ");
        sink_int(s, c->handicap);
    }
    SINK_LIT(s, ": ");
    sink_puts(s, sg->result);
    if ((o->flags & SGF_REPORT_STONES) &&
        sg->rules.scoring == SGF_SCORING_AREA && !sg->no_result) {
        char stones[64];
        sgf_score_result(c, 1, stones, sizeof stones);
        SINK_LIT(s, " (");
        sink_puts(s, stones);
        sink_putc(s, ')');
    }
    SINK_LIT(s, ", recorded ");
    sink_text(s, re ? re : "-");
    SINK_LIT(s, ": ");
    sink_puts(s, sgf_agreement_name(sg->agreement));
    SINK_LIT(s, " [");
    sink_puts(s, sgf_dead_mode_name(sg->dead));
    /* no stone removed because of what the record says: say what */
    source_text words;
    if (sg->dead_source == SGF_SOURCE_INFERRED) {
        SINK_LIT(s, " (");
        sink_text(s, source_words(&words, sg->dead_source,
                                  sg->dead_evidence));
        sink_putc(s, ')');
    }
    if (c->unsettled) {
        SINK_LIT(s, ", ");
        sink_int(s, c->unsettled);
        SINK_LIT(s, " unsettled");
    }
    if (!sg->ended)
        SINK_LIT(s, ", not ended");
    if (sg->illegal) {
        SINK_LIT(s, ", ");
        sink_int(s, sg->illegal);
        sink_puts(s, sg->illegal == 1 ? " illegal move (move "
                                      : " illegal moves (move ");
        sink_int(s, sg->first_illegal);
        SINK_LIT(s, ": ");
        sink_puts(s, illegal_name(sg->first_illegal_kind));
        sink_putc(s, ')');
    }
    /* what was assumed: the rules and komi the record does not state */
    if (sg->rules_source == SGF_SOURCE_INFERRED ||
        sg->rules_source == SGF_SOURCE_DEFAULT) {
        SINK_LIT(s, ", rules ");
        sink_text(s, source_words(&words, sg->rules_source,
                                  sg->rules_evidence));
    }
    if (sg->komi_source == SGF_SOURCE_INFERRED ||
        sg->komi_source == SGF_SOURCE_DEFAULT) {
        SINK_LIT(s, ", komi ");
        sink_text(s, source_words(&words, sg->komi_source,
                                  sg->komi_evidence));
    }
    if (sg->handicap_source == SGF_SOURCE_INFERRED) {
        SINK_LIT(s, ", handicap ");
        sink_text(s, source_words(&words, sg->handicap_source,
                                  sg->handicap_evidence));
    }
    SINK_LIT(s, "]\n");
    if (o->verbosity > 0 || (o->flags & SGF_REPORT_DIAGRAM)) {
        int terr = sg->rules.scoring == SGF_SCORING_TERRITORY;
        text_side(s, "Black", c, SGF_BLACK, terr, c->black);
        text_side(s, "White", c, SGF_WHITE, terr, c->white);
        if (c->komi || c->bonus) {
            SINK_LIT(s, "  White's total includes komi ");
            sink_number(s, c->komi, "nan");
            if (c->bonus) {
                SINK_LIT(s, " and handicap bonus ");
                sink_number(s, c->bonus, "nan");
            }
            sink_putc(s, '\n');
        }
    }
    if (o->flags & SGF_REPORT_DIAGRAM) {
        sgf_draw_options d = { map, sg->last_x, sg->last_y, 1, NULL };
        if (sink_flush(s) == 0)
            s->err = sgf_position_diagram(p, &d, s->write, s->ctx);
    }
}

static void unscored(out_sink *s, sgf_game *g, int rc,
                     const sgf_report_options *o)
{
    const char *why = sgf_score_failure(g, rc);
    switch (o->format) {
    case SGF_REPORT_JSON:
        json_game_begin(s, g);
        SINK_LIT(s, ",\"error\":");
        sink_json_cstr(s, why);
        json_recorded_result(s, g);
        SINK_LIT(s, "}\n");
        break;
    case SGF_REPORT_CSV: {
        /* every game has its row: this one says why it has no count */
        const char *origin = sgf_game_origin(g);
        sink_csv_cstr(s, origin ? origin : "-");
        sink_putc(s, ',');
        sink_uint(s, sgf_game_index(g));
        SINK_LIT(s, ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,");
        sink_csv_cstr(s, why);
        char form[48];
        sink_putc(s, ',');
        sink_csv_cstr(s, recorded_form(g, form, sizeof form));
        SINK_LIT(s, "\r\n");
        break;
    }
    case SGF_REPORT_TEXT:
        text_game(s, g);
        SINK_LIT(s, ": not scored: ");
        sink_puts(s, why);
        sink_putc(s, '\n');
        break;
    }
}

int sgf_score_report(sgf_game *g, int rc, const sgf_position *p,
                     const unsigned char *map, const sgf_scored_game *s,
                     const sgf_report_options *o, sgf_write_fn write,
                     void *ctx)
{
    static const sgf_report_options defaults = { SGF_REPORT_TEXT, NULL, 0, 0 };
    out_sink k;
    if (!g || !write || (!rc && (!p || !map || !s)))
        return SGF_E_ARG;
    if (!o)
        o = &defaults;
    sink_init(&k, write, ctx);
    if (rc)
        unscored(&k, g, rc, o);
    else if (o->format == SGF_REPORT_JSON)
        score_json(&k, g, p, map, s);
    else if (o->format == SGF_REPORT_CSV)
        score_csv(&k, g, s);
    else
        score_text(&k, g, p, map, s, o);
    return sink_flush(&k);
}
