/*
 * jobs.c - the tools' jobs over a run's items, without the GIL: what
 * sgfcheck, sgfscore and sgfconvert write for each game (the library's
 * reports and writers, so the same bytes), and the games and moves CSV the
 * data frames are read from.  _sgfkit.run() returns the output, the text
 * the tool writes on stderr for the games, the inputs that failed and the
 * counts of the summary; a Dask task is one call.
 */
#include "ext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum job { JOB_CHECK, JOB_SCORE, JOB_CONVERT, JOB_GAMES, JOB_MOVES };
enum target { TO_SGF, TO_XML, TO_JSON, TO_JSONL, TO_CSV };

/* Counts of a run, the summary's. */
enum {
    C_GAMES, C_ERRORS, C_WARNINGS, C_NOTES, C_NOT_SCORED, C_DISAGREE,
    C_SKIPPED, C_UNWRITTEN, C_COUNTS
};
static const char *const count_names[C_COUNTS] = {
    "games", "errors", "warnings", "notes", "not-scored", "disagree",
    "skipped", "unwritten"
};
/* Counts by agreement, named by sgf_agreement_name: a kind the library
 * adds is counted under its own name. */
enum { AGREEMENTS = 16 };

struct job_run {
    enum job job;
    ext_read read;
    sgf_report_options report;
    signed char *severity;   /* owned copy, or NULL */
    /* score */
    sgf_score_options score;
    sgf_rules score_rules;
    int rules_all;
    sgf_position *pos;
    unsigned char *map;
    /* convert */
    enum target to;
    sgf_xml_form xml;
    int csv_moves, edges;
    sgf_write_options write;
    char strip[256];
    /* what it makes */
    ext_buf out, err;
    ext_failures *failures;
    unsigned long long counts[C_COUNTS];
    unsigned long long agree[AGREEMENTS];
    bool nomem;
};

/* ---- one game ---- */

static void tally(struct job_run *j, const sgf_game *g)
{
    /* a record without a tree (an empty file, text after the last game,
     * a stray ')') carries diagnostics but is no game, as in the tools */
    j->counts[C_GAMES] += sgf_game_root(g) != NULL;
    for (size_t i = 0, n = sgf_game_diag_count(g); i < n; i++)
        switch (sgf_report_severity(&j->report, sgf_game_diag(g, i))) {
        case SGF_ERROR: j->counts[C_ERRORS]++; break;
        case SGF_WARNING: j->counts[C_WARNINGS]++; break;
        case SGF_NOTE: j->counts[C_NOTES]++; break;
        default: break;
        }
}

/* The counts of g under so's rules, or under each named rule set in turn
 * when all is set (sgfscore --rules=all): each one's report, or the report
 * that g is not scored, goes to b; the agreements to agree (may be NULL).
 * Returns sgf_game_score's value when it is not 0. */
static int score_counts(sgf_game *g, const sgf_score_options *so, int all,
                        sgf_position *p, unsigned char *map,
                        const sgf_report_options *ro, ext_buf *b,
                        unsigned long long *agree,
                        unsigned long long *disagree)
{
    for (size_t i = 0; ; i++) {
        sgf_rules named;
        sgf_score_options o = *so;
        if (all) {
            const char *name = sgf_rules_name(i);
            if (!name)
                return 0;
            sgf_rules_named(name, &named);
            o.rules = &named;
        }
        sgf_scored_game s;
        int rc = sgf_game_score(g, &o, p, map, &s);
        sgf_score_report(g, rc, p, map, &s, ro, buf_write, b);
        if (rc)
            return rc;
        if (agree && (unsigned)s.agreement < AGREEMENTS)
            agree[s.agreement]++;
        if (disagree)
            *disagree += sgf_score_disagrees(&s) != 0;
        if (!all)
            return 0;
    }
}

static void score_game(struct job_run *j, sgf_game *g)
{
    if (!sgf_game_root(g))
        return;     /* no game to score, as in sgfscore */
    if (score_counts(g, &j->score, j->rules_all, j->pos, j->map, &j->report,
                     &j->out, j->agree, &j->counts[C_DISAGREE]))
        j->counts[C_NOT_SCORED]++;
}

static int write_game(struct job_run *j, sgf_game *g, ext_buf *b)
{
    const sgf_rules *rules = j->read.opt.rules;
    switch (j->to) {
    case TO_XML:
        return sgf_xml_write_game(g, j->xml, buf_write, b);
    case TO_JSON:
        return sgf_json_write_game(g, buf_write, b);
    case TO_JSONL:
        return sgf_jsonl_write_game(g, rules, buf_write, b);
    case TO_CSV:
        return j->csv_moves ? sgf_csv_write_moves(g, rules, buf_write, b)
                            : sgf_csv_write_game_row(g, rules, buf_write, b);
    case TO_SGF:
        break;
    }
    return sgf_write_game_opt(g, &j->write, buf_write, b);
}

/* A game without a tree that stands for input the reader skipped as no
 * game at all (sgfconvert's exit status 1). */
static bool skipped_input(const struct job_run *j, const sgf_game *g)
{
    for (size_t i = 0, n = sgf_game_diag_count(g); i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        if ((strcmp(d->id, "binary-data") == 0 ||
             strcmp(d->id, "no-game") == 0 ||
             strcmp(d->id, "foreign-unreadable") == 0) &&
            sgf_report_severity(&j->report, d) == SGF_ERROR)
            return true;
    }
    return false;
}

static void convert_game(struct job_run *j, sgf_game *g)
{
    static const char *const names[] = { "sgf", "xml", "json", "jsonl",
                                         "csv" };
    sgf_report_options text = j->report;
    text.format = SGF_REPORT_TEXT;
    sgf_check_report(g, &text, &j->read.opt, buf_write, &j->err);
    if (!sgf_game_root(g)) {
        j->counts[C_SKIPPED] += skipped_input(j, g);
        return;
    }
    size_t before = j->out.len;
    int rc = write_game(j, g, &j->out);
    if (rc && rc != SGF_E_NOMEM) {
        char msg[1200];
        j->out.len = before;
        /* a message, as sgfconvert prints it; not an input lost */
        snprintf(msg, sizeof msg, "sgfconvert: %s: game %u cannot be "
                 "written as %s (%s)\n", sgf_game_origin(g),
                 sgf_game_index(g), names[j->to], sgf_strerror(rc));
        buf_puts(&j->err, msg);
        j->counts[C_UNWRITTEN]++;
    }
}

static void one_game(struct job_run *j, sgf_game *g)
{
    tally(j, g);
    switch (j->job) {
    case JOB_CHECK:
        sgf_check_report(g, &j->report, &j->read.opt, buf_write, &j->out);
        break;
    case JOB_SCORE:
        score_game(j, g);
        break;
    case JOB_CONVERT:
        convert_game(j, g);
        break;
    case JOB_GAMES:
        sgf_csv_write_game_row(g, j->read.opt.rules, buf_write, &j->out);
        break;
    case JOB_MOVES:
        /* a game the replay cannot play has no rows, as in sgfconvert */
        sgf_csv_write_moves(g, j->read.opt.rules, buf_write, &j->out);
        break;
    }
}

/* What goes before the first game and after the last. */
static void edge(struct job_run *j, int begin)
{
    switch (j->job) {
    case JOB_CHECK:
        if (begin && j->edges)
            sgf_check_report_header(&j->report, buf_write, &j->out);
        break;
    case JOB_SCORE:
        if (begin && j->edges)
            sgf_score_report_header(&j->report, buf_write, &j->out);
        break;
    case JOB_CONVERT:
        if (!j->edges)
            break;
        if (j->to == TO_XML)
            (begin ? sgf_xml_begin : sgf_xml_end)(j->xml, buf_write, &j->out);
        else if (j->to == TO_CSV && begin)
            (j->csv_moves ? sgf_csv_write_moves_header
                          : sgf_csv_write_games_header)(buf_write, &j->out);
        break;
    case JOB_GAMES:
        if (begin)
            sgf_csv_write_games_header(buf_write, &j->out);
        break;
    case JOB_MOVES:
        if (begin)
            sgf_csv_write_moves_header(buf_write, &j->out);
        break;
    }
}

/* ---- options ---- */

static int parse_target(struct job_run *j, const char *to, const char *xml,
                        const char *csv)
{
    static const char *const names[] = { "sgf", "xml", "json", "jsonl",
                                         "csv" };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(to, names[i]) == 0)
            break;
    if (i == sizeof names / sizeof names[0]) {
        PyErr_Format(PyExc_ValueError, "unknown target '%s' (sgf, xml, "
                     "json, jsonl, csv)", to);
        return -1;
    }
    j->to = (enum target)i;
    if (strcmp(xml, "go") == 0)
        j->xml = SGF_XML_GO;
    else if (strcmp(xml, "raw") == 0)
        j->xml = SGF_XML_RAW;
    else {
        PyErr_Format(PyExc_ValueError, "unknown XML form '%s' (go, raw)", xml);
        return -1;
    }
    if (strcmp(csv, "games") == 0 || strcmp(csv, "moves") == 0)
        j->csv_moves = csv[0] == 'm';
    else {
        PyErr_Format(PyExc_ValueError, "unknown CSV rows '%s' (games, moves)",
                     csv);
        return -1;
    }
    return 0;
}

static int parse_passes(struct job_run *j, const char *passes)
{
    if (strcmp(passes, "empty") == 0)
        j->write.flags |= SGF_WRITE_PASS_EMPTY;
    else if (strcmp(passes, "tt") == 0)
        j->write.flags |= SGF_WRITE_PASS_TT;
    else if (strcmp(passes, "keep") != 0) {
        PyErr_Format(PyExc_ValueError, "unknown passes '%s' (keep, empty, tt)",
                     passes);
        return -1;
    }
    return 0;
}

static int parse_format(sgf_report_options *o, const char *format)
{
    if (strcmp(format, "text") == 0)
        o->format = SGF_REPORT_TEXT;
    else if (strcmp(format, "json") == 0)
        o->format = SGF_REPORT_JSON;
    else if (strcmp(format, "csv") == 0)
        o->format = SGF_REPORT_CSV;
    else {
        PyErr_Format(PyExc_ValueError, "unknown format '%s' (text, json, "
                     "csv)", format);
        return -1;
    }
    return 0;
}

static int parse_dead(sgf_score_options *o, const char *dead)
{
    for (int m = SGF_DEAD_AUTO; m <= SGF_DEAD_NONE; m++)
        if (strcmp(dead, sgf_dead_mode_name((sgf_dead_mode)m)) == 0) {
            o->dead = (sgf_dead_mode)m;
            return 0;
        }
    PyErr_Format(PyExc_ValueError, "unknown dead '%s' (auto, markup, "
                 "estimate, none)", dead);
    return -1;
}

/* The severity table: bytes of sgf_check_count() signed values, or None. */
static int parse_severity(struct job_run *j, PyObject *sev)
{
    if (sev == Py_None)
        return 0;
    Py_buffer v;
    if (PyObject_GetBuffer(sev, &v, PyBUF_SIMPLE) < 0)
        return -1;
    size_t n = sgf_check_count();
    if ((size_t)v.len != n) {
        PyBuffer_Release(&v);
        PyErr_Format(PyExc_ValueError, "severity: %zu bytes, one per check",
                     n);
        return -1;
    }
    j->severity = malloc(n ? n : 1);
    if (!j->severity) {
        PyBuffer_Release(&v);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(j->severity, v.buf, n);
    PyBuffer_Release(&v);
    j->report.severity = j->severity;
    return 0;
}

/* ---- the run ---- */

static int run_items(struct job_run *j, ext_items *it)
{
    sgf_reader *r = sgf_reader_new(&j->read.opt);
    if (!r)
        return SGF_E_NOMEM;
    int rc = 0;
    unsigned long since = 0;
    PyThreadState *ts = PyEval_SaveThread();
    edge(j, 1);
    sgf_member *m;
    while (rc == 0 && items_next_member(it, &m)) {
        sgf_reader_start(r, m);
        sgf_game *g;
        int got;
        while ((got = sgf_reader_next(r, &g)) == 1) {
            sgf_game_remap(g, it->map);
            one_game(j, g);
            if (++since == 256) {
                /* Ctrl-C reaches a long run */
                since = 0;
                PyEval_RestoreThread(ts);
                rc = PyErr_CheckSignals();
                ts = PyEval_SaveThread();
                if (rc)
                    break;
            }
        }
        if (got < 0) {
            const char *e = sgf_member_error(m);
            char msg[1200];
            snprintf(msg, sizeof msg, "%s: %s", sgf_member_origin(m),
                     e ? e : sgf_strerror(got));
            failures_add(&it->failures, sgf_member_origin(m), msg);
        }
    }
    if (rc == 0)
        edge(j, 0);
    sgf_reader_start(r, NULL);
    PyEval_RestoreThread(ts);
    sgf_reader_free(r);
    return rc;
}

static int count_put(PyObject *d, const char *name, unsigned long long n)
{
    PyObject *v = PyLong_FromUnsignedLongLong(n);
    int rc = v ? PyDict_SetItemString(d, name, v) : -1;
    Py_XDECREF(v);
    return rc;
}

/* {"games": N, ...}; for a score, "agreement": {"match": N, ...} too;
 * "inputs-skipped": {"not a game record": N, ...}, what the walks did not
 * read by reason. */
static PyObject *counts_dict(const struct job_run *j, const size_t *skipped)
{
    PyObject *d = PyDict_New(), *a = PyDict_New(), *s = PyDict_New();
    if (!d || !a || !s || PyDict_SetItemString(d, "agreement", a) < 0 ||
        PyDict_SetItemString(d, "inputs-skipped", s) < 0)
        goto fail;
    for (int k = 0; k < SGF_SKIP_REASONS; k++)
        if (skipped[k] && count_put(s, sgf_skip_reason_name(k), skipped[k]) < 0)
            goto fail;
    Py_CLEAR(s);
    for (int i = 0; i < C_COUNTS; i++)
        if (count_put(d, count_names[i], j->counts[i]) < 0)
            goto fail;
    for (int i = 0; i < AGREEMENTS; i++)
        if (j->agree[i] &&
            count_put(a, sgf_agreement_name((sgf_agreement)i),
                      j->agree[i]) < 0)
            goto fail;
    Py_DECREF(a);
    return d;
fail:
    Py_XDECREF(s);
    Py_XDECREF(a);
    Py_XDECREF(d);
    return NULL;
}

/* The program each job is, for its messages. */
static const char *const tool_names[] = { "sgfcheck", "sgfscore",
                                          "sgfconvert", "sgfkit", "sgfkit" };

/* skips="err": each skip as the tools print it, "PROG: warning: ...",
 * after the job's own messages (err NULL: -q, counted only). */
static void skips_to_text(ext_failures *f, const char *prog, ext_buf *err)
{
    for (size_t i = 0; err && i < f->n; i++) {
        buf_put(err, prog, strlen(prog));
        buf_put(err, ": warning: ", 11);
        buf_put(err, f->v[i].message, strlen(f->v[i].message));
        buf_put(err, "\n", 1);
    }
    if (f->nomem && err)
        err->nomem = true;
    failures_free(f);
}

PyObject *ext_run(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {
        "job", "items", "rules", "charset", "legality", "syntax_only",
        "variations", "format", "severity", "verbosity", "edges",
        "komi", "dead", "seed", "playouts", "diagram", "stones",
        "to", "xml", "csv", "main_line", "strip", "passes", "drop_empty",
        "repair", "skips", "source", NULL
    };
    (void)self;
    const char *job, *rules = "auto", *charset = NULL, *format = "text";
    const char *dead = "auto", *to = "sgf", *xml = "go", *csv = "games";
    const char *strip = NULL, *passes = "keep", *skips = "warn";
    const char *source = NULL;
    PyObject *items, *severity = Py_None, *komi = Py_None;
    int legality = -1, syntax_only = 0, variations = 0, verbosity = 0;
    int edges = 1, diagram = 0, stones = 0, main_line = 0, drop_empty = 0;
    int repair = 1;
    unsigned long long seed = 0;
    unsigned int playouts = 0;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw, "sO|$szippsOipOsKIppssspzsppsz", kwlist, &job, &items,
            &rules, &charset, &legality, &syntax_only, &variations, &format,
            &severity, &verbosity, &edges, &komi, &dead, &seed, &playouts,
            &diagram, &stones, &to, &xml, &csv, &main_line, &strip, &passes,
            &drop_empty, &repair, &skips, &source))
        return NULL;
    if (strcmp(skips, "warn") != 0 && strcmp(skips, "err") != 0) {
        PyErr_SetString(PyExc_ValueError, "skips: \"warn\" or \"err\"");
        return NULL;
    }

    struct job_run *j = calloc(1, sizeof *j);
    if (!j)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    ext_items it;
    bool have_items = false;
    static const char *const jobs[] = { "check", "score", "convert", "games",
                                        "moves" };
    size_t k;
    for (k = 0; k < sizeof jobs / sizeof jobs[0]; k++)
        if (strcmp(job, jobs[k]) == 0)
            break;
    if (k == sizeof jobs / sizeof jobs[0]) {
        PyErr_Format(PyExc_ValueError, "unknown job '%s'", job);
        goto out;
    }
    j->job = (enum job)k;
    j->edges = edges;
    j->report.verbosity = verbosity;
    j->report.flags = (diagram ? SGF_REPORT_DIAGRAM : 0) |
                      (stones ? SGF_REPORT_STONES : 0);
    int score_all = j->job == JOB_SCORE && rules && strcmp(rules, "all") == 0;
    /* as the tools read: sgfcheck and the games frame replay the moves;
     * the scorer replays them itself, sgfconvert does not */
    if (legality < 0)
        legality = j->job == JOB_CHECK || j->job == JOB_GAMES;
    if (j->job == JOB_SCORE)
        legality = 0;
    if (read_options(&j->read, score_all ? "auto" : rules, charset,
                     legality, variations, syntax_only) < 0 ||
        parse_format(&j->report, format) < 0 || parse_severity(j, severity) < 0)
        goto out;
    if (j->job == JOB_SCORE) {
        j->rules_all = score_all;
        j->score.rules = j->read.opt.rules;
        if (komi != Py_None) {
            j->score.komi = PyFloat_AsDouble(komi);
            if (PyErr_Occurred())
                goto out;
            j->score.has_komi = 1;
        }
        j->score.estimate.seed = seed;
        j->score.estimate.playouts = playouts;
        if (parse_dead(&j->score, dead) < 0)
            goto out;
        j->pos = sgf_position_new();
        j->map = malloc(SGF_MAP_SIZE);
        if (!j->pos || !j->map) {
            PyErr_NoMemory();
            goto out;
        }
    }
    if (j->job == JOB_CONVERT) {
        if (parse_target(j, to, xml, csv) < 0 || parse_passes(j, passes) < 0)
            goto out;
        if (main_line)
            j->write.flags |= SGF_WRITE_MAIN_LINE;
        if (drop_empty)
            j->write.flags |= SGF_WRITE_DROP_EMPTY;
        /* as sgfconvert: what the checks find is mended (doc/repair.md) */
        if (repair)
            j->write.flags |= SGF_WRITE_REPAIR;
        if (strip) {
            if (strlen(strip) >= sizeof j->strip) {
                PyErr_SetString(PyExc_ValueError, "strip: too long");
                goto out;
            }
            strcpy(j->strip, strip);
            j->write.strip = j->strip;
        }
    }
    /* sgfconvert's jobs read XML and JSON too (by name unless told), the
     * other tools SGF only */
    enum item_source from = FROM_SGF;
    if (source ? items_source(source, &from) < 0 : 0)
        goto out;
    if (!source && j->job != JOB_CHECK && j->job != JOB_SCORE)
        from = FROM_AUTO;
    if (items_init(&it, items) < 0)
        goto out;
    have_items = true;
    it.from = from;
    j->failures = &it.failures;
    int rc = run_items(j, &it);
    if (rc == SGF_E_NOMEM) {
        PyErr_NoMemory();
        goto out;
    }
    if (rc)
        goto out;          /* KeyboardInterrupt and friends */
    if (strcmp(skips, "err") == 0)
        skips_to_text(&it.skips, tool_names[j->job],
                      verbosity >= 0 ? &j->err : NULL);
    else if (skips_warn(&it.skips) < 0)
        goto out;
    PyObject *out = buf_to_bytes(&j->out);
    PyObject *err = out ? buf_to_bytes(&j->err) : NULL;
    PyObject *fails = err ? failures_take(&it.failures) : NULL;
    PyObject *counts = fails ? counts_dict(j, it.nskipped) : NULL;
    if (counts)
        result = Py_BuildValue("(NNNN)", out, err, fails, counts);
    else {
        Py_XDECREF(out);
        Py_XDECREF(err);
        Py_XDECREF(fails);
    }
out:
    if (have_items)
        items_free(&it);
    buf_free(&j->out);
    buf_free(&j->err);
    free(j->severity);
    free(j->map);
    sgf_position_free(j->pos);
    free(j);
    return result;
}

/* score_game(game, *, rules=None, komi=None, dead='auto', seed=0,
 * playouts=0, format='json', verbosity=0, diagram=False, stones=False):
 * the game counted as sgfscore counts it, the report's bytes; ScoreError
 * when it cannot be. */
PyObject *ext_score_game(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "game", "rules", "komi", "dead", "seed",
                              "playouts", "format", "verbosity", "diagram",
                              "stones", NULL };
    (void)self;
    PyObject *game, *komi = Py_None;
    const char *rules = NULL, *dead = "auto", *format = "json";
    unsigned long long seed = 0;
    unsigned int playouts = 0;
    int verbosity = 0, diagram = 0, stones = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|$zOsKIsipp", kwlist,
                                     &Game_Type, &game, &rules, &komi, &dead,
                                     &seed, &playouts, &format, &verbosity,
                                     &diagram, &stones))
        return NULL;
    sgf_report_options ro = { SGF_REPORT_JSON, NULL, verbosity,
                              (diagram ? SGF_REPORT_DIAGRAM : 0u) |
                              (stones ? SGF_REPORT_STONES : 0u) };
    sgf_score_options so;
    memset(&so, 0, sizeof so);
    ext_read read;
    read_options_copy(&read, game_read(game));
    read.opt.flags &= ~(unsigned)(SGF_READ_LEGALITY | SGF_READ_VARIATIONS);
    int all = rules && strcmp(rules, "all") == 0;
    if (rules && !all) {
        ext_read given;
        if (read_options(&given, rules, NULL, 0, 0, 0) < 0)
            return NULL;
        read.rules = given.rules;
        read.opt.rules = given.opt.rules ? &read.rules : NULL;
    }
    so.rules = read.opt.rules;
    if (komi != Py_None) {
        so.komi = PyFloat_AsDouble(komi);
        if (PyErr_Occurred())
            return NULL;
        so.has_komi = 1;
    }
    so.estimate.seed = seed;
    so.estimate.playouts = playouts;
    if (parse_dead(&so, dead) < 0 || parse_format(&ro, format) < 0)
        return NULL;

    const ext_raw *raw = game_raw(game);
    ext_buf b = { 0 };
    int rc = SGF_E_NOMEM;
    const char *why = NULL;
    sgf_position *p = sgf_position_new();
    unsigned char *map = malloc(SGF_MAP_SIZE);
    Py_BEGIN_ALLOW_THREADS
    /* a game of its own: the caller's Game is never touched without the
     * GIL (parsing again is a thousandth of a count) */
    sgf_game *g = p && map ? raw_parse(raw, NULL, &read.opt) : NULL;
    if (g) {
        /* a game not scored raises ScoreError: its report is dropped */
        rc = score_counts(g, &so, all, p, map, &ro, &b, NULL, NULL);
        if (rc)
            why = sgf_score_failure(g, rc);
    }
    sgf_game_free(g);
    Py_END_ALLOW_THREADS
    free(map);
    sgf_position_free(p);
    PyObject *result = NULL;
    if (rc == SGF_E_NOMEM || b.nomem)
        PyErr_NoMemory();
    else if (rc)
        PyErr_Format(ext_ScoreError, "%s: game %u not scored: %s",
                     raw->origin, raw->index, why ? why : sgf_strerror(rc));
    else
        result = buf_to_bytes(&b);
    buf_free(&b);
    return result;
}
