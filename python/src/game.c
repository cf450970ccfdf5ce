/*
 * game.c - sgfkit.Game: one game record as read, its game information,
 * moves, setup, diagnostics and root properties as Python values, and the
 * library's writers (canonical SGF, JSON, JSON Lines, XML).
 *
 * A game keeps its record's bytes and, while it is the reader's current
 * game, the parsed game (an arena of 64 KB or more).  When the caller keeps
 * it past the next game, the reader detaches it: the arena goes back to the
 * reader, and what is asked later is read again from the bytes, the same
 * way (then cached as Python values).  So a list of a million games costs
 * their records, not a million arenas.
 */
#include "ext.h"

#include <datetime.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    ext_raw raw;
    sgf_game *g;             /* NULL once detached */
    ext_read read;
    ext_pool *pool;
    PyObject *origin;
    PyObject *info, *moves, *setup, *diagnostics, *properties;  /* caches */
    size_t counts[3];        /* diagnostics by severity */
    uint64_t offset;         /* of the game's first byte (a BOM skipped) */
    unsigned nmoves;
    bool tree;
} GameObject;

PyTypeObject *Info_Type, *Result_Type, *Move_Type, *Stone_Type,
    *Diagnostic_Type;

/* ---- raw records ---- */

int raw_copy(ext_raw *dst, const sgf_raw_game *raw)
{
    const char *origin = raw->origin ? raw->origin : "-";
    size_t olen = strlen(origin);
    memset(dst, 0, sizeof *dst);
    dst->bytes = malloc(raw->len + olen + 1);
    if (!dst->bytes)
        return -1;
    if (raw->len)
        memcpy(dst->bytes, raw->bytes, raw->len);
    memcpy(dst->bytes + raw->len, origin, olen + 1);
    dst->len = raw->len;
    dst->origin = dst->bytes + raw->len;
    dst->index = raw->index;
    dst->offset = raw->offset;
    dst->line = raw->line;
    dst->column = raw->column;
    dst->at_eof = raw->at_eof;
    dst->flags = raw->flags;
    return 0;
}

void raw_free(ext_raw *r)
{
    free(r->bytes);
    memset(r, 0, sizeof *r);
}

sgf_game *raw_parse(const ext_raw *r, sgf_game *g, const sgf_read_options *opt)
{
    sgf_raw_game raw = { r->bytes, r->len, r->origin, r->index, r->offset,
                         r->line, r->column, r->at_eof, r->flags };
    sgf_game *own = NULL;
    if (!g && !(g = own = sgf_game_new(opt)))
        return NULL;
    /* the bytes are the game object's, unchanged while it lives */
    if (sgf_game_read_in_place(g, &raw) != SGF_OK) {
        if (own)
            sgf_game_free(own);
        return NULL;
    }
    return g;
}

/* ---- the reader's pool ---- */

ext_pool *pool_new(void)
{
    ext_pool *p = calloc(1, sizeof *p);
    if (p)
        p->refs = 1;
    return p;
}

void pool_incref(ext_pool *p)
{
    p->refs++;
}

void pool_decref(ext_pool *p)
{
    if (p && --p->refs == 0) {
        for (int i = 0; i < p->nfree; i++)
            sgf_game_free(p->free[i]);
        free(p);
    }
}

sgf_game *pool_take(ext_pool *p)
{
    return p && p->nfree ? p->free[--p->nfree] : NULL;
}

void pool_give(ext_pool *p, sgf_game *g)
{
    if (!g)
        return;
    if (p && p->nfree < (int)(sizeof p->free / sizeof p->free[0]))
        p->free[p->nfree++] = g;
    else
        sgf_game_free(g);
}

/* ---- the object ---- */

PyObject *game_new(ext_raw *r, sgf_game *g, const ext_read *read,
                   ext_pool *pool)
{
    GameObject *self = PyObject_New(GameObject, &Game_Type);
    if (!self) {
        raw_free(r);
        pool_give(pool, g);
        return NULL;
    }
    self->raw = *r;
    memset(r, 0, sizeof *r);
    self->g = g;
    read_options_copy(&self->read, read);
    self->pool = pool;
    if (pool)
        pool_incref(pool);
    self->info = self->moves = self->setup = NULL;
    self->diagnostics = self->properties = NULL;
    for (int s = 0; s < 3; s++)
        self->counts[s] = sgf_game_count(g, (sgf_severity)s);
    self->nmoves = sgf_game_moves(g);
    self->offset = sgf_game_offset(g);
    self->tree = sgf_game_root(g) != NULL;
    self->origin = ext_name(self->raw.origin);
    if (!self->origin) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

void game_detach(PyObject *o)
{
    GameObject *self = (GameObject *)o;
    if (self->g) {
        pool_give(self->pool, self->g);
        self->g = NULL;
    }
}

sgf_game *game_parsed(PyObject *o, sgf_game **tmp)
{
    GameObject *self = (GameObject *)o;
    *tmp = NULL;
    if (self->g)
        return self->g;
    sgf_game *g;
    Py_BEGIN_ALLOW_THREADS
    g = raw_parse(&self->raw, NULL, &self->read.opt);
    Py_END_ALLOW_THREADS
    if (!g)
        return (sgf_game *)PyErr_NoMemory();
    return *tmp = g;
}

const ext_raw *game_raw(PyObject *o)
{
    return &((GameObject *)o)->raw;
}

const ext_read *game_read(PyObject *o)
{
    return &((GameObject *)o)->read;
}

static void Game_dealloc(GameObject *self)
{
    game_detach((PyObject *)self);
    pool_decref(self->pool);
    raw_free(&self->raw);
    Py_XDECREF(self->origin);
    Py_XDECREF(self->info);
    Py_XDECREF(self->moves);
    Py_XDECREF(self->setup);
    Py_XDECREF(self->diagnostics);
    Py_XDECREF(self->properties);
    PyObject_Free(self);
}

/* ---- values ---- */

static PyObject *opt_text(const char *s)
{
    return s ? ext_text(s) : Py_NewRef(Py_None);
}

static PyObject *opt_int(int has, long v)
{
    return has ? PyLong_FromLong(v) : Py_NewRef(Py_None);
}

static const char *color_name(int c)
{
    return c == SGF_BLACK ? "B" : c == SGF_WHITE ? "W" : "E";
}

/* A struct sequence from n new references (stolen, NULL after an error). */
static PyObject *seq(PyTypeObject *type, PyObject **v, int n)
{
    PyObject *s = NULL;
    for (int i = 0; i < n; i++)
        if (!v[i])
            goto out;
    s = PyStructSequence_New(type);
    if (!s)
        goto out;
    for (int i = 0; i < n; i++) {
        PyStructSequence_SET_ITEM(s, i, v[i]);
        v[i] = NULL;
    }
out:
    for (int i = 0; i < n; i++)
        Py_XDECREF(v[i]);
    return s;
}

static PyObject *make_result(const sgf_info *in)
{
    static const char *const winners[] = { NULL, "unknown", "B", "W",
                                           "draw", "void" };
    static const char *const kinds[] = { NULL, "points", "resign", "time",
                                         "forfeit", "other" };
    const sgf_result *r = &in->result;
    char sgf[64];
    sgf_format_result(r, sgf, sizeof sgf);
    int w = r->winner >= 0 && r->winner <= SGF_WIN_VOID ? (int)r->winner : 1;
    int k = r->reason >= 0 && r->reason <= SGF_BY_OTHER ? (int)r->reason : 5;
    PyObject *v[] = {
        opt_text(winners[w]),
        r->has_margin && r->reason == SGF_BY_POINTS
            ? PyFloat_FromDouble(r->margin) : Py_NewRef(Py_None),
        opt_text(r->winner == SGF_WIN_NONE ? NULL : kinds[k]),
        opt_text(in->result_text),
        opt_text(r->winner == SGF_WIN_NONE ? NULL : sgf),
    };
    return seq(Result_Type, v, 5);
}

static PyObject *make_date(const sgf_date *d)
{
    if (d->year <= 0 || d->month <= 0 || d->day <= 0)
        Py_RETURN_NONE;
    PyObject *date = PyDate_FromDate(d->year, d->month, d->day);
    if (!date && PyErr_ExceptionMatches(PyExc_ValueError)) {
        PyErr_Clear();          /* 2017-02-30: no date, the text says it */
        Py_RETURN_NONE;
    }
    return date;
}

static PyObject *make_info(sgf_game *g)
{
    const sgf_info *in = sgf_game_info(g);
    PyObject *v[] = {
        opt_text(in->black), opt_text(in->white),
        opt_text(in->black_rank), opt_text(in->white_rank),
        make_date(&in->date), opt_text(in->date_text),
        opt_int(in->date.year > 0, in->date.year),
        opt_int(in->date.month > 0, in->date.month),
        opt_int(in->date.day > 0, in->date.day),
        make_result(in),
        /* KM[] as written, also a KM[0] the scorer set aside */
        in->has_komi ? PyFloat_FromDouble(in->komi)
        : in->komi_set_aside ? PyFloat_FromDouble(0) : Py_NewRef(Py_None),
        PyLong_FromLong(in->handicap > 0 ? in->handicap : 0),
        opt_text(in->rules),
        PyLong_FromLong(in->width), PyLong_FromLong(in->height),
        opt_text(in->event), opt_text(in->round), opt_text(in->place),
        opt_text(in->application), opt_text(in->charset),
        PyLong_FromLong(in->ff), PyLong_FromLong(in->gm),
        /* what the record leaves unsaid: named fields after the tuple */
        opt_text(in->rules_source == SGF_SOURCE_RECORD ? NULL
                 : in->rules_assumed ? in->rules_assumed : "chinese"),
        opt_text(sgf_source_name(in->rules_source)),
        opt_text(in->rules_evidence),
        in->komi_source == SGF_SOURCE_RECORD ? Py_NewRef(Py_None)
        : PyFloat_FromDouble(in->komi),
        opt_text(sgf_source_name(in->komi_source)),
        opt_text(in->komi_evidence),
    };
    return seq(Info_Type, v, (int)(sizeof v / sizeof v[0]));
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The main line's B and W, passes included, each point read as the
 * replay reads it (sgf_point_decode). */
static PyObject *make_moves(sgf_game *g)
{
    const sgf_info *in = sgf_game_info(g);
    PyObject *list = PyList_New(0);
    long number = 0;
    for (const sgf_node *n = sgf_game_root(g); list && n; n = n->child)
        for (const sgf_prop *p = n->props; p; p = p->next) {
            if (p->kind != SGF_P_B && p->kind != SGF_P_W)
                continue;
            const char *raw = p->nvalues ? p->values[0].raw : "";
            size_t len = p->nvalues ? p->values[0].len : 0;
            while (len && is_blank(raw[0]))
                raw++, len--;
            while (len && is_blank(raw[len - 1]))
                len--;
            int x, y;
            int r = sgf_point_decode(raw, len, in->width, in->height, &x, &y);
            PyObject *v[] = {
                PyLong_FromLong(++number),
                PyUnicode_FromString(p->kind == SGF_P_B ? "B" : "W"),
                r == 1 ? PyLong_FromLong(x) : Py_NewRef(Py_None),
                r == 1 ? PyLong_FromLong(y) : Py_NewRef(Py_None),
                PyUnicode_DecodeUTF8(raw, (Py_ssize_t)len, "surrogateescape"),
                PyUnicode_FromString(r == 1 ? "move" : r == 0 ? "pass"
                                                              : "off-board"),
            };
            PyObject *m = seq(Move_Type, v, 6);
            if (!m || PyList_Append(list, m) < 0)
                Py_CLEAR(list);
            Py_XDECREF(m);
        }
    return list;
}

/* The board before the first move: the setup of the main line as the
 * replay places it. */
struct setup_walk {
    unsigned char *board;    /* colours, width * height */
    int w, h;
    bool any;
};

static int setup_step(void *ctx, const sgf_position *p,
                      const sgf_replay_step *step)
{
    struct setup_walk *s = ctx;
    if (step->color)
        return 1;            /* the first move: the setup is complete */
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++)
            s->board[y * s->w + x] = (unsigned char)sgf_position_at(p, x, y);
    s->any = true;
    return 0;
}

static PyObject *make_setup(sgf_game *g, const ext_read *read)
{
    const sgf_info *in = sgf_game_info(g);
    struct setup_walk s = { NULL, in->width, in->height, false };
    sgf_position *p = sgf_position_new();
    int rc = SGF_E_NOMEM;
    if (p && s.w > 0 && s.h > 0 && s.w <= 52 && s.h <= 52)
        s.board = calloc((size_t)s.w * (size_t)s.h, 1);
    if (p && (s.board || s.w <= 0 || s.h <= 0 || s.w > 52 || s.h > 52))
        rc = sgf_game_replay(g, read->opt.rules, p, setup_step, &s);
    sgf_position_free(p);
    if (rc == SGF_E_NOMEM) {
        free(s.board);
        return PyErr_NoMemory();
    }
    if (rc < 0) {            /* no Go game the replay can play */
        free(s.board);
        Py_RETURN_NONE;
    }
    PyObject *list = PyList_New(0);
    for (int y = 0; list && s.any && y < s.h; y++)
        for (int x = 0; x < s.w; x++) {
            int c = s.board[y * s.w + x];
            if (!c)
                continue;
            PyObject *v[] = { PyUnicode_FromString(color_name(c)),
                              PyLong_FromLong(x), PyLong_FromLong(y) };
            PyObject *st = seq(Stone_Type, v, 3);
            if (!st || PyList_Append(list, st) < 0) {
                Py_XDECREF(st);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(st);
        }
    free(s.board);
    return list;
}

static PyObject *make_diagnostics(sgf_game *g)
{
    size_t n = sgf_game_diag_count(g);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        const char *origin = d->origin ? d->origin : sgf_game_origin(g);
        PyObject *v[] = {
            PyUnicode_FromString(sgf_severity_name(d->severity)),
            PyUnicode_FromString(d->id),
            opt_int(d->line > 0, (long)d->line),
            opt_int(d->line > 0, (long)d->column),
            PyLong_FromUnsignedLongLong(d->offset),
            opt_int(d->move > 0, d->move),
            ext_text(d->message ? d->message : ""),
            ext_name(origin ? origin : "-"),
            PyLong_FromUnsignedLong(d->game),
        };
        PyObject *t = seq(Diagnostic_Type, v, 9);
        if (!t)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, t);
    }
    return list;
}

static PyObject *make_properties(sgf_game *g)
{
    PyObject *dict = PyDict_New();
    const sgf_node *root = sgf_game_root(g);
    for (const sgf_prop *p = root ? root->props : NULL; dict && p;
         p = p->next) {
        PyObject *list = PyDict_GetItemString(dict, p->id);   /* borrowed */
        if (!list) {
            list = PyList_New(0);
            if (!list || PyDict_SetItemString(dict, p->id, list) < 0) {
                Py_XDECREF(list);
                Py_CLEAR(dict);
                break;
            }
            Py_DECREF(list);
        }
        for (uint32_t i = 0; i < p->nvalues; i++) {
            size_t len;
            const char *t = sgf_value_text(g, p, i, &len);
            PyObject *s = t ? PyUnicode_DecodeUTF8(t, (Py_ssize_t)len,
                                                   "surrogateescape")
                            : PyErr_NoMemory();
            if (!s || PyList_Append(list, s) < 0) {
                Py_XDECREF(s);
                Py_CLEAR(dict);
                break;
            }
            Py_DECREF(s);
        }
    }
    return dict;
}

typedef PyObject *(*maker)(GameObject *self, sgf_game *g);

/* A cached value, made from the parsed game (read again when detached). */
static PyObject *cached(GameObject *self, PyObject **slot, maker make)
{
    if (!*slot) {
        sgf_game *tmp, *g = game_parsed((PyObject *)self, &tmp);
        if (!g)
            return NULL;
        *slot = make(self, g);
        if (tmp)
            sgf_game_free(tmp);
        if (!*slot)
            return NULL;
    }
    return Py_NewRef(*slot);
}

static PyObject *mk_info(GameObject *self, sgf_game *g)
{
    (void)self;
    return make_info(g);
}
static PyObject *mk_moves(GameObject *self, sgf_game *g)
{
    (void)self;
    return make_moves(g);
}
static PyObject *mk_setup(GameObject *self, sgf_game *g)
{
    return make_setup(g, &self->read);
}
static PyObject *mk_diagnostics(GameObject *self, sgf_game *g)
{
    (void)self;
    return make_diagnostics(g);
}
static PyObject *mk_properties(GameObject *self, sgf_game *g)
{
    (void)self;
    return make_properties(g);
}

static PyObject *get_info(GameObject *self, void *c)
{
    (void)c;
    return cached(self, &self->info, mk_info);
}
static PyObject *get_moves(GameObject *self, void *c)
{
    (void)c;
    return cached(self, &self->moves, mk_moves);
}
static PyObject *get_setup(GameObject *self, void *c)
{
    (void)c;
    return cached(self, &self->setup, mk_setup);
}
static PyObject *get_diagnostics(GameObject *self, void *c)
{
    (void)c;
    return cached(self, &self->diagnostics, mk_diagnostics);
}
static PyObject *get_properties(GameObject *self, void *c)
{
    (void)c;
    return cached(self, &self->properties, mk_properties);
}
static PyObject *get_origin(GameObject *self, void *c)
{
    (void)c;
    return Py_NewRef(self->origin);
}
static PyObject *get_index(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(self->raw.index);
}
static PyObject *get_offset(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLongLong(self->offset);
}
static PyObject *get_line(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(self->raw.line ? self->raw.line : 1);
}
static PyObject *get_column(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(self->raw.column ? self->raw.column : 1);
}
static PyObject *get_errors(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromSize_t(self->counts[SGF_ERROR]);
}
static PyObject *get_warnings(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromSize_t(self->counts[SGF_WARNING]);
}
static PyObject *get_notes(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromSize_t(self->counts[SGF_NOTE]);
}
static PyObject *get_status(GameObject *self, void *c)
{
    (void)c;
    return PyUnicode_FromString(self->counts[SGF_ERROR] ? "errors"
                                : self->counts[SGF_WARNING] ? "warnings"
                                : "ok");
}
static PyObject *get_move_count(GameObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(self->nmoves);
}
static PyObject *get_has_tree(GameObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(self->tree);
}
static PyObject *get_raw(GameObject *self, void *c)
{
    (void)c;
    return PyBytes_FromStringAndSize(self->raw.bytes,
                                     (Py_ssize_t)self->raw.len);
}

static PyGetSetDef Game_getset[] = {
    { "origin", (getter)get_origin, NULL,
      "the file or archive member: 'a.sgf', 'db.zip:dir/b.sgf'", NULL },
    { "index", (getter)get_index, NULL,
      "1-based number of the game within its file", NULL },
    { "offset", (getter)get_offset, NULL,
      "byte offset of the game within its file", NULL },
    { "line", (getter)get_line, NULL, "line where the game starts", NULL },
    { "column", (getter)get_column, NULL, "column where it starts", NULL },
    { "info", (getter)get_info, NULL, "typed game information (Info)", NULL },
    { "moves", (getter)get_moves, NULL,
      "the main line's moves, passes included (Move)", NULL },
    { "setup", (getter)get_setup, NULL,
      "the stones on the board before the first move (Stone), None when "
      "the game is no Go game the replay can play", NULL },
    { "diagnostics", (getter)get_diagnostics, NULL,
      "what is wrong with the record (Diagnostic)", NULL },
    { "properties", (getter)get_properties, NULL,
      "the root node's properties: {id: [value, ...]}, text decoded", NULL },
    { "errors", (getter)get_errors, NULL, "number of errors", NULL },
    { "warnings", (getter)get_warnings, NULL, "number of warnings", NULL },
    { "notes", (getter)get_notes, NULL, "number of notes", NULL },
    { "status", (getter)get_status, NULL, "'ok', 'warnings' or 'errors'",
      NULL },
    { "move_count", (getter)get_move_count, NULL,
      "main-line nodes with a B or W move", NULL },
    { "has_tree", (getter)get_has_tree, NULL,
      "False for what holds no game (junk, an empty file): only "
      "diagnostics", NULL },
    { "raw", (getter)get_raw, NULL, "the record's bytes as read", NULL },
    { NULL, NULL, NULL, NULL, NULL }
};

/* ---- writers ---- */

typedef int (*writer)(sgf_game *g, const void *arg, ext_buf *b);

/* What a writer makes of the game, as str (surrogates for bytes that are
 * not UTF-8). */
static PyObject *write_with(GameObject *self, writer w, const void *arg)
{
    if (!self->tree) {
        PyErr_SetString(ext_Error, "no game here: only diagnostics");
        return NULL;
    }
    sgf_game *tmp, *g = game_parsed((PyObject *)self, &tmp);
    if (!g)
        return NULL;
    ext_buf b = { 0 };
    int rc = w(g, arg, &b);
    if (tmp)
        sgf_game_free(tmp);
    PyObject *s = NULL;
    if (rc == SGF_E_NOMEM || b.nomem)
        PyErr_NoMemory();
    else if (rc)
        PyErr_Format(ext_Error, "%s cannot be written in this form (%s)",
                     self->raw.origin, sgf_strerror(rc));
    else
        s = PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len,
                                 "surrogateescape");
    buf_free(&b);
    return s;
}

static int w_sgf(sgf_game *g, const void *arg, ext_buf *b)
{
    return sgf_write_game_opt(g, arg, buf_write, b);
}

static PyObject *Game_to_sgf(GameObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "main_line", "strip", "passes", "drop_empty",
                              "repair", NULL };
    int main_line = 0, drop_empty = 0, repair = 1;
    const char *strip = NULL, *passes = "keep";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$pzspp", kwlist, &main_line,
                                     &strip, &passes, &drop_empty, &repair))
        return NULL;
    /* as sgfconvert: what the checks find is mended (doc/repair.md) */
    sgf_write_options o = { repair ? SGF_WRITE_REPAIR : 0, strip };
    if (main_line)
        o.flags |= SGF_WRITE_MAIN_LINE;
    if (drop_empty)
        o.flags |= SGF_WRITE_DROP_EMPTY;
    if (strcmp(passes, "empty") == 0)
        o.flags |= SGF_WRITE_PASS_EMPTY;
    else if (strcmp(passes, "tt") == 0)
        o.flags |= SGF_WRITE_PASS_TT;
    else if (strcmp(passes, "keep") != 0) {
        PyErr_Format(PyExc_ValueError, "passes: keep, empty or tt, not '%s'",
                     passes);
        return NULL;
    }
    return write_with(self, w_sgf, &o);
}

static int w_json(sgf_game *g, const void *arg, ext_buf *b)
{
    (void)arg;
    return sgf_json_write_game(g, buf_write, b);
}

static PyObject *Game_to_json(GameObject *self, PyObject *unused)
{
    (void)unused;
    return write_with(self, w_json, NULL);
}

static int w_jsonl(sgf_game *g, const void *arg, ext_buf *b)
{
    return sgf_jsonl_write_game(g, arg, buf_write, b);
}

static PyObject *Game_to_jsonl(GameObject *self, PyObject *unused)
{
    (void)unused;
    return write_with(self, w_jsonl, self->read.opt.rules);
}

static int w_xml(sgf_game *g, const void *arg, ext_buf *b)
{
    sgf_xml_form f = *(const sgf_xml_form *)arg;
    int rc = sgf_xml_begin(f, buf_write, b);
    if (!rc)
        rc = sgf_xml_write_game(g, f, buf_write, b);
    if (!rc)
        rc = sgf_xml_end(f, buf_write, b);
    return rc;
}

static PyObject *Game_to_xml(GameObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "form", NULL };
    const char *form = "go";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|s", kwlist, &form))
        return NULL;
    sgf_xml_form f;
    if (strcmp(form, "go") == 0)
        f = SGF_XML_GO;
    else if (strcmp(form, "raw") == 0)
        f = SGF_XML_RAW;
    else {
        PyErr_Format(PyExc_ValueError, "form: go or raw, not '%s'", form);
        return NULL;
    }
    return write_with(self, w_xml, &f);
}

/* _report(format, severity, verbosity): the game as sgfcheck reports it
 * (sgf_check_report), as bytes. */
static PyObject *Game_report(GameObject *self, PyObject *args)
{
    const char *format;
    Py_buffer sev = { 0 };
    int verbosity = 0;
    if (!PyArg_ParseTuple(args, "sz*i", &format, &sev, &verbosity))
        return NULL;
    sgf_report_options o = { SGF_REPORT_TEXT, NULL, verbosity, 0 };
    o.format = strcmp(format, "json") == 0 ? SGF_REPORT_JSON
               : strcmp(format, "csv") == 0 ? SGF_REPORT_CSV : SGF_REPORT_TEXT;
    if (sev.buf && (size_t)sev.len >= sgf_check_count())
        o.severity = sev.buf;
    PyObject *out = NULL;
    sgf_game *tmp, *g = game_parsed((PyObject *)self, &tmp);
    if (g) {
        ext_buf b = { 0 };
        sgf_check_report(g, &o, &self->read.opt, buf_write, &b);
        out = buf_to_bytes(&b);
        buf_free(&b);
        if (tmp)
            sgf_game_free(tmp);
    }
    PyBuffer_Release(&sev);
    return out;
}

static PyObject *Game_repr(GameObject *self)
{
    const char *bw[2] = { "?", "?" };
    sgf_game *g = self->g;
    if (self->info) {
        PyObject *b = PyStructSequence_GET_ITEM(self->info, 0);
        PyObject *w = PyStructSequence_GET_ITEM(self->info, 1);
        if (b != Py_None)
            bw[0] = PyUnicode_AsUTF8(b);
        if (w != Py_None)
            bw[1] = PyUnicode_AsUTF8(w);
        PyErr_Clear();
    } else if (g) {
        const sgf_info *in = sgf_game_info(g);
        bw[0] = in->black ? in->black : "?";
        bw[1] = in->white ? in->white : "?";
    }
    return PyUnicode_FromFormat("<sgfkit.Game %R #%u: %s - %s, %u moves, %s>",
                                self->origin, self->raw.index,
                                bw[0] ? bw[0] : "?", bw[1] ? bw[1] : "?",
                                self->nmoves,
                                self->counts[SGF_ERROR] ? "errors"
                                : self->counts[SGF_WARNING] ? "warnings"
                                : "ok");
}

/* ---- pickling ----
 *
 * A Game is pickled as what reads it again, the form a detached game keeps:
 * its record's bytes, where they were in their file, and the read options.
 * Unpickling parses the bytes again with those options, so the game has the
 * same info, moves, setup and diagnostics (Dask ships games between
 * processes this way).  The state is a tuple:
 *   (PICKLE_VERSION, bytes, origin, index, offset, line, column, at_eof,
 *    raw flags, read flags, charset or None, rules or None)
 * with the rules as the fields of sgf_rules in order. */
enum { PICKLE_VERSION = 1 };
#define READ_FLAGS_KNOWN (SGF_READ_SYNTAX_ONLY | SGF_READ_NO_DECODE | \
                          SGF_READ_LEGALITY | SGF_READ_VARIATIONS | \
                          SGF_READ_RULES_OVERRIDE)

static PyObject *rules_state(const sgf_rules *r)
{
    return Py_BuildValue("(yiiiidiiiiiiiii)", r->name, (int)r->ko,
                         (int)r->scoring, (int)r->tax, r->suicide, r->komi,
                         r->has_komi, r->black_wins_ties, (int)r->bonus,
                         r->first, (int)r->cycle, r->button, r->pass_stones,
                         r->fill_in, r->zuozi);
}

/* 0, or -1 with ValueError for a state no sgf_rules has. */
static int rules_from_state(PyObject *t, sgf_rules *r)
{
    const char *name;
    int ko, scoring, tax, bonus, cycle;
    memset(r, 0, sizeof *r);
    if (!PyTuple_Check(t) ||
        !PyArg_ParseTuple(t, "yiiiidiiiiiiiii", &name, &ko, &scoring, &tax,
                          &r->suicide, &r->komi, &r->has_komi,
                          &r->black_wins_ties, &bonus, &r->first, &cycle,
                          &r->button, &r->pass_stones, &r->fill_in,
                          &r->zuozi)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "not a pickled sgfkit.Game: rules");
        return -1;
    }
    if (strlen(name) >= sizeof r->name || ko < SGF_KO_SIMPLE ||
        ko > SGF_KO_SPIGHT || scoring < SGF_SCORING_AREA ||
        scoring > SGF_SCORING_TERRITORY || tax < SGF_TAX_NONE ||
        tax > SGF_TAX_ALL || bonus < SGF_BONUS_0 ||
        bonus > SGF_BONUS_N_MINUS_1 || cycle < SGF_CYCLE_RULE_NO_RESULT ||
        cycle > SGF_CYCLE_RULE_ILLEGAL ||
        (r->first != SGF_BLACK && r->first != SGF_WHITE)) {
        PyErr_SetString(PyExc_ValueError, "not a pickled sgfkit.Game: rules");
        return -1;
    }
    strcpy(r->name, name);
    r->ko = (sgf_ko_rule)ko;
    r->scoring = (sgf_scoring_rule)scoring;
    r->tax = (sgf_tax_rule)tax;
    r->bonus = (sgf_handicap_bonus)bonus;
    r->cycle = (sgf_cycle_rule)cycle;
    return 0;
}

static PyObject *Game_reduce(GameObject *self, PyObject *unused)
{
    (void)unused;
    const sgf_read_options *o = &self->read.opt;
    PyObject *rules = o->rules ? rules_state(o->rules) : Py_NewRef(Py_None);
    if (!rules)
        return NULL;
    PyObject *module = PyImport_ImportModule("sgfkit._sgfkit");
    PyObject *restore = module ? PyObject_GetAttrString(module,
                                                        "_game_from_state")
                               : NULL;
    Py_XDECREF(module);
    if (!restore) {
        Py_DECREF(rules);
        return NULL;
    }
    return Py_BuildValue("(N(N))", restore, Py_BuildValue(
        "(iy#yIKkkiIIzN)", PICKLE_VERSION, self->raw.bytes,
        (Py_ssize_t)self->raw.len, self->raw.origin, self->raw.index,
        (unsigned long long)self->raw.offset, self->raw.line,
        self->raw.column, self->raw.at_eof, self->raw.flags, o->flags,
        o->fallback_charset, rules));
}

PyObject *game_from_state(PyObject *module, PyObject *state)
{
    (void)module;
    int version, at_eof;
    const char *bytes, *origin, *charset;
    Py_ssize_t len;
    unsigned index, raw_flags, read_flags;
    unsigned long long offset;
    unsigned long line, column;
    PyObject *rules;
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) < 1 ||
        !PyLong_Check(PyTuple_GET_ITEM(state, 0)) ||
        PyLong_AsLong(PyTuple_GET_ITEM(state, 0)) != PICKLE_VERSION) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "not a pickled sgfkit.Game of this "
                        "version of sgfkit");
        return NULL;
    }
    if (!PyArg_ParseTuple(state, "iy#yIKkkiIIzO", &version, &bytes, &len,
                          &origin, &index, &offset, &line, &column, &at_eof,
                          &raw_flags, &read_flags, &charset, &rules))
        return NULL;
    ext_read read;
    memset(&read, 0, sizeof read);
    if (read_flags & ~(unsigned)READ_FLAGS_KNOWN) {
        PyErr_SetString(PyExc_ValueError, "not a pickled sgfkit.Game: read "
                        "flags");
        return NULL;
    }
    read.opt.flags = read_flags;
    if (rules != Py_None) {
        if (rules_from_state(rules, &read.rules) < 0)
            return NULL;
        read.opt.rules = &read.rules;
    }
    if (charset) {
        if (strlen(charset) >= sizeof read.charset) {
            PyErr_SetString(PyExc_ValueError, "not a pickled sgfkit.Game: "
                            "charset");
            return NULL;
        }
        strcpy(read.charset, charset);
        read.opt.fallback_charset = read.charset;
    }
    sgf_raw_game sraw = { bytes, (size_t)len, origin, index, offset, line,
                          column, at_eof, raw_flags };
    ext_raw raw;
    if (raw_copy(&raw, &sraw) < 0)
        return PyErr_NoMemory();
    sgf_game *g;
    Py_BEGIN_ALLOW_THREADS
    g = raw_parse(&raw, NULL, &read.opt);
    Py_END_ALLOW_THREADS
    if (!g) {
        raw_free(&raw);
        return PyErr_NoMemory();
    }
    PyObject *game = game_new(&raw, g, &read, NULL);
    /* kept as a detached game is: its record, not an arena */
    if (game)
        game_detach(game);
    return game;
}

static PyMethodDef Game_methods[] = {
    { "to_sgf", (PyCFunction)(void (*)(void))Game_to_sgf,
      METH_VARARGS | METH_KEYWORDS,
      "to_sgf(*, main_line=False, strip=None, passes='keep', "
      "drop_empty=False, repair=True) -> canonical FF[4] SGF (sgfconvert; "
      "repair=False: the tree as read, as --no-repair)" },
    { "to_json", (PyCFunction)Game_to_json, METH_NOARGS,
      "to_json() -> the whole tree as one JSON line (doc/json.md)" },
    { "to_jsonl", (PyCFunction)Game_to_jsonl, METH_NOARGS,
      "to_jsonl() -> the JSON Lines line with KataGo's names" },
    { "to_xml", (PyCFunction)(void (*)(void))Game_to_xml,
      METH_VARARGS | METH_KEYWORDS,
      "to_xml(form='go') -> an XML document of the game" },
    { "__reduce__", (PyCFunction)Game_reduce, METH_NOARGS,
      "pickling: the record's bytes, where they were, the read options" },
    { "_report", (PyCFunction)Game_report, METH_VARARGS,
      "_report(format, severity, verbosity) -> sgfcheck's report (bytes)" },
    { NULL, NULL, 0, NULL }
};

PyTypeObject Game_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "sgfkit.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_repr = (reprfunc)Game_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One game record as read by sgfkit.read().",
    .tp_methods = Game_methods,
    .tp_getset = Game_getset,
};

/* ---- struct sequences ---- */

static PyStructSequence_Field info_fields[] = {
    { "black", "PB" }, { "white", "PW" },
    { "black_rank", "BR" }, { "white_rank", "WR" },
    { "date", "the first date of DT as datetime.date, None unless complete" },
    { "date_text", "DT as written" },
    { "year", "of the first date, None when unknown" },
    { "month", NULL }, { "day", NULL },
    { "result", "RE read (Result)" },
    { "komi", "KM in points (a server's scale undone), None when absent" },
    { "handicap", "HA, 0 when absent" },
    { "rules", "RU as written" },
    { "width", "SZ" }, { "height", "SZ" },
    { "event", "EV" }, { "round", "RO" }, { "place", "PC" },
    { "application", "AP" },
    { "charset", "the charset text was decoded from" },
    { "ff", "FF" }, { "gm", "GM" },
    { "rules_assumed", "the rule set assumed when RU names none, else None" },
    { "rules_source", "'record', 'inferred' or 'default'" },
    { "rules_evidence", "what the rules were inferred from ('EV[Oteai]')" },
    { "komi_assumed", "the komi assumed when KM (or RU) gives none, else "
                      "None" },
    { "komi_source", "'record', 'inferred' or 'default'" },
    { "komi_evidence", "what the komi was inferred from ('DT[1935]')" },
    { NULL, NULL }
};
/* 22 in the tuple, as before the six named-only fields came */
static PyStructSequence_Desc info_desc = {
    "sgfkit.Info", "Typed game information of a game.", info_fields, 22
};

static PyStructSequence_Field result_fields[] = {
    { "winner", "'B', 'W', 'draw', 'void', 'unknown'; None without RE" },
    { "margin", "points, for a win by points with a margin" },
    { "kind", "'points', 'resign', 'time', 'forfeit', 'other'" },
    { "text", "RE as written" },
    { "sgf", "RE in FF[4] form: 'B+3.5', 'W+R', '0', 'Void', '?'" },
    { NULL, NULL }
};
static PyStructSequence_Desc result_desc = {
    "sgfkit.Result", "RE[] as read.", result_fields, 5
};

static PyStructSequence_Field move_fields[] = {
    { "number", "1-based along the main line, passes included" },
    { "color", "'B' or 'W'" },
    { "x", "column from the left, from 0; None for a pass" },
    { "y", "row from the top, from 0; None for a pass" },
    { "point", "the SGF value ('pd'; '' or 'tt' for a pass)" },
    { "kind", "'move', 'pass' or 'off-board'" },
    { NULL, NULL }
};
static PyStructSequence_Desc move_desc = {
    "sgfkit.Move", "A move of the main line.", move_fields, 6
};

static PyStructSequence_Field stone_fields[] = {
    { "color", "'B' or 'W'" }, { "x", NULL }, { "y", NULL }, { NULL, NULL }
};
static PyStructSequence_Desc stone_desc = {
    "sgfkit.Stone", "A stone on the board.", stone_fields, 3
};

static PyStructSequence_Field diag_fields[] = {
    { "severity", "'error', 'warning' or 'note'" },
    { "check", "the stable check id (sgfcheck --list-checks)" },
    { "line", "1-based, None when the problem has no place" },
    { "column", "1-based, in bytes" },
    { "offset", "byte offset within the file" },
    { "move", "move number on the main line, None if none" },
    { "message", "one line of English" },
    { "origin", "the file or member" },
    { "game", "1-based game number within it" },
    { NULL, NULL }
};
static PyStructSequence_Desc diag_desc = {
    "sgfkit.Diagnostic", "One problem found in a record.", diag_fields, 9
};

static int add_seq(PyObject *m, PyTypeObject **t, PyStructSequence_Desc *d)
{
    *t = PyStructSequence_NewType(d);
    if (!*t)
        return -1;
    Py_INCREF(*t);
    if (PyModule_AddObject(m, strchr(d->name, '.') + 1, (PyObject *)*t) < 0) {
        Py_DECREF(*t);
        return -1;
    }
    return 0;
}

int game_types_init(PyObject *m)
{
    PyDateTime_IMPORT;
    if (!PyDateTimeAPI)
        return -1;
    if (add_seq(m, &Info_Type, &info_desc) < 0 ||
        add_seq(m, &Result_Type, &result_desc) < 0 ||
        add_seq(m, &Move_Type, &move_desc) < 0 ||
        add_seq(m, &Stone_Type, &stone_desc) < 0 ||
        add_seq(m, &Diagnostic_Type, &diag_desc) < 0)
        return -1;
    return 0;
}
