/*
 * reader.c - sgfkit._sgfkit.Reader: the games of a run's items, one Game at
 * a time.  Framing and parsing (the legality replay included) run without
 * the GIL, so readers in several Python threads use several cores; one
 * reader is used by one thread at a time.
 */
#include "ext.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    ext_items items;
    bool items_ready;
    ext_read read;
    sgf_reader *r;
    sgf_member *m;           /* the member being read, NULL between them */
    ext_pool *pool;
    PyObject *on_error;      /* None: raise InputError */
    PyObject *last;          /* the game handed out last */
    PyObject *pending;       /* a game read after a failure still to raise */
    bool busy;
} ReaderObject;

static int Reader_init(ReaderObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "items", "rules", "legality", "charset",
                              "variations", "syntax_only", "on_error", NULL };
    PyObject *items, *on_error = Py_None;
    const char *rules = "auto", *charset = NULL;
    int legality = 1, variations = 0, syntax_only = 0;
    if (self->r) {
        PyErr_SetString(PyExc_RuntimeError, "a Reader is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$spzppO", kwlist, &items,
                                     &rules, &legality, &charset, &variations,
                                     &syntax_only, &on_error))
        return -1;
    if (on_error != Py_None && !PyCallable_Check(on_error)) {
        PyErr_SetString(PyExc_TypeError, "on_error must be callable or None");
        return -1;
    }
    if (read_options(&self->read, rules, charset, legality, variations,
                     syntax_only) < 0)
        return -1;
    if (items_init(&self->items, items) < 0)
        return -1;
    self->items_ready = true;
    self->r = sgf_reader_new(&self->read.opt);
    self->pool = pool_new();
    if (!self->r || !self->pool) {
        PyErr_NoMemory();
        return -1;
    }
    Py_INCREF(on_error);
    Py_XSETREF(self->on_error, on_error);
    return 0;
}

/* The next game's record and parse, without the GIL: 1, 0 at the end, -1
 * out of memory. */
static int next_game(ReaderObject *self, ext_raw *raw, sgf_game **g)
{
    for (;;) {
        if (!self->m) {
            if (!items_next_member(&self->items, &self->m))
                return 0;
            sgf_reader_start(self->r, self->m);
        }
        sgf_raw_game sraw;
        int rc = sgf_reader_next_raw(self->r, &sraw);
        if (rc == 1) {
            if (raw_copy(raw, &sraw) < 0)
                return -1;
            sgf_game *p = raw_parse(raw, *g, &self->read.opt);
            if (!p) {
                raw_free(raw);
                return -1;
            }
            *g = p;
            return 1;
        }
        if (rc < 0) {
            const char *e = sgf_member_error(self->m);
            char msg[1200];
            snprintf(msg, sizeof msg, "%s: %s", sgf_member_origin(self->m),
                     e ? e : sgf_strerror(rc));
            failures_add(&self->items.failures, sgf_member_origin(self->m),
                         msg);
        }
        self->m = NULL;
    }
}

/* Hands the failures met so far to on_error, or raises the first as
 * InputError: 0, or -1 with an exception. */
static int report_failures(ReaderObject *self)
{
    if (!self->items.failures.n && !self->items.failures.nomem)
        return 0;
    PyObject *list = failures_take(&self->items.failures);
    if (!list)
        return -1;
    int rc = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list) && rc == 0; i++) {
        PyObject *t = PyList_GET_ITEM(list, i);
        PyObject *origin = PyTuple_GET_ITEM(t, 0), *msg = PyTuple_GET_ITEM(t, 1);
        if (self->on_error != Py_None) {
            PyObject *r = PyObject_CallFunctionObjArgs(self->on_error, origin,
                                                       msg, NULL);
            if (!r)
                rc = -1;
            Py_XDECREF(r);
            continue;
        }
        PyObject *e = PyObject_CallFunctionObjArgs(ext_InputError, msg, NULL);
        if (e && PyObject_SetAttrString(e, "origin", origin) == 0 &&
            PyObject_SetAttrString(e, "message", msg) == 0)
            PyErr_SetObject(ext_InputError, e);
        Py_XDECREF(e);
        rc = -1;   /* the failures after it are lost with the run */
    }
    Py_DECREF(list);
    return rc;
}

static PyObject *Reader_next(ReaderObject *self)
{
    if (!self->items_ready) {
        PyErr_SetString(PyExc_RuntimeError, "Reader not initialised");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "a Reader is read by one thread "
                        "at a time");
        return NULL;
    }
    if (self->pending) {
        PyObject *g = self->pending;
        self->pending = NULL;
        Py_XSETREF(self->last, Py_NewRef(g));
        return g;
    }
    /* a game the caller kept gives its arena back (game.c) */
    if (self->last && Py_REFCNT(self->last) > 1)
        game_detach(self->last);
    Py_CLEAR(self->last);

    ext_raw raw;
    sgf_game *g = pool_take(self->pool);
    int got;
    self->busy = true;
    Py_BEGIN_ALLOW_THREADS
    got = next_game(self, &raw, &g);
    Py_END_ALLOW_THREADS
    self->busy = false;
    if (got < 0) {
        pool_give(self->pool, g);
        return PyErr_NoMemory();
    }
    PyObject *game = NULL;
    if (got) {
        game = game_new(&raw, g, &self->read, self->pool);
        if (!game)
            return NULL;
    } else {
        pool_give(self->pool, g);
    }
    if (skips_warn(&self->items.skips) < 0 || report_failures(self) < 0) {
        self->pending = game;    /* read after the failure: next time */
        return NULL;
    }
    if (game)
        self->last = Py_NewRef(game);
    return game;
}

static int Reader_traverse(ReaderObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->on_error);
    Py_VISIT(self->last);
    Py_VISIT(self->pending);
    return 0;
}

static int Reader_clear(ReaderObject *self)
{
    Py_CLEAR(self->on_error);
    Py_CLEAR(self->last);
    Py_CLEAR(self->pending);
    return 0;
}

static void Reader_dealloc(ReaderObject *self)
{
    PyObject_GC_UnTrack(self);
    Reader_clear(self);
    if (self->r)
        sgf_reader_free(self->r);
    if (self->items_ready)
        items_free(&self->items);
    pool_decref(self->pool);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyTypeObject Reader_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "sgfkit._sgfkit.Reader",
    .tp_basicsize = sizeof(ReaderObject),
    .tp_dealloc = (destructor)Reader_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Reader(items, *, rules='auto', legality=True, charset=None, "
              "variations=False, syntax_only=False, on_error=None): the "
              "games of items, one Game at a time.",
    .tp_traverse = (traverseproc)Reader_traverse,
    .tp_clear = (inquiry)Reader_clear,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Reader_next,
    .tp_init = (initproc)Reader_init,
    .tp_new = PyType_GenericNew,
};
