/*
 * module.c - the extension module sgfkit._sgfkit: its exceptions, the
 * buffers and failure lists the other files fill without the GIL, read
 * options from keywords, and the small functions over the library's
 * catalogues (checks, rule sets, file names, the walk).  The Python side
 * (sgfkit/__init__.py) builds the public interface on these.
 */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

PyObject *ext_Error, *ext_InputError, *ext_ScoreError, *ext_InputSkipped;

/* ---- buffers ---- */

void buf_put(ext_buf *b, const void *p, size_t n)
{
    if (b->nomem || n == 0)
        return;
    if (n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < n) {
            if (cap > SIZE_MAX / 2) {
                b->nomem = true;
                return;
            }
            cap *= 2;
        }
        char *d = realloc(b->data, cap);
        if (!d) {
            b->nomem = true;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void buf_puts(ext_buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

int buf_write(void *ctx, const void *data, size_t len)
{
    ext_buf *b = ctx;
    buf_put(b, data, len);
    return b->nomem ? SGF_E_NOMEM : 0;
}

void buf_free(ext_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

PyObject *buf_to_bytes(const ext_buf *b)
{
    if (b->nomem)
        return PyErr_NoMemory();
    return PyBytes_FromStringAndSize(b->data ? b->data : "",
                                     (Py_ssize_t)b->len);
}

/* ---- failures ---- */

void failures_add(ext_failures *f, const char *origin, const char *message)
{
    if (f->nomem)
        return;
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 8;
        ext_failure *v = realloc(f->v, cap * sizeof *v);
        if (!v) {
            f->nomem = true;
            return;
        }
        f->v = v;
        f->cap = cap;
    }
    char *o = strdup(origin ? origin : ""), *m = strdup(message ? message : "");
    if (!o || !m) {
        free(o);
        free(m);
        f->nomem = true;
        return;
    }
    f->v[f->n].origin = o;
    f->v[f->n].message = m;
    f->v[f->n].why = -1;
    f->n++;
}

void failures_on_error(void *ctx, const char *origin, const char *message)
{
    failures_add(ctx, origin, message);
}

void skips_on_skip(void *ctx, const char *origin, sgf_skip_reason why,
                   const char *message)
{
    ext_failures *f = ctx;
    size_t n = f->n;
    failures_add(f, origin, message);
    if (f->n > n)
        f->v[n].why = (int)why;
}

/* One InputSkipped warning: the message, .origin and .reason. */
static int warn_skip(PyObject *warn, const ext_failure *s)
{
    const char *reason = sgf_skip_reason_name(s->why);
    PyObject *w = PyObject_CallFunction(ext_InputSkipped, "N",
                                        ext_text(s->message));
    if (!w)
        return -1;
    PyObject *origin = ext_name(s->origin);
    PyObject *why = origin ? ext_text(reason ? reason : "") : NULL;
    int rc = -1;
    if (why && PyObject_SetAttrString(w, "origin", origin) == 0 &&
        PyObject_SetAttrString(w, "reason", why) == 0) {
        PyObject *r = PyObject_CallFunctionObjArgs(warn, w, NULL);
        rc = r ? 0 : -1;
        Py_XDECREF(r);
    }
    Py_XDECREF(origin);
    Py_XDECREF(why);
    Py_DECREF(w);
    return rc;
}

int skips_warn(ext_failures *f)
{
    if (f->nomem) {
        failures_free(f);
        PyErr_NoMemory();
        return -1;
    }
    int rc = 0;
    if (f->n) {
        PyObject *mod = PyImport_ImportModule("warnings");
        PyObject *warn = mod ? PyObject_GetAttrString(mod, "warn") : NULL;
        rc = warn ? 0 : -1;
        for (size_t i = 0; i < f->n && rc == 0; i++)
            rc = warn_skip(warn, &f->v[i]);
        Py_XDECREF(warn);
        Py_XDECREF(mod);
    }
    failures_free(f);
    return rc;
}

PyObject *ext_text(const char *s)
{
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s), "surrogateescape");
}

PyObject *ext_name(const char *s)
{
    return PyUnicode_DecodeFSDefault(s);
}

PyObject *failures_take(ext_failures *f)
{
    if (f->nomem) {
        failures_free(f);
        return PyErr_NoMemory();
    }
    PyObject *list = PyList_New((Py_ssize_t)f->n);
    for (size_t i = 0; list && i < f->n; i++) {
        PyObject *t = Py_BuildValue("(NN)", ext_name(f->v[i].origin),
                                    ext_text(f->v[i].message));
        if (!t) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, t);
    }
    failures_free(f);
    return list;
}

void failures_free(ext_failures *f)
{
    for (size_t i = 0; i < f->n; i++) {
        free(f->v[i].origin);
        free(f->v[i].message);
    }
    free(f->v);
    memset(f, 0, sizeof *f);
}

/* ---- read options ---- */

int read_options(ext_read *r, const char *rules, const char *charset,
                 int legality, int variations, int syntax_only)
{
    memset(r, 0, sizeof *r);
    if (legality && !syntax_only)
        r->opt.flags |= SGF_READ_LEGALITY;
    if (variations && !syntax_only)
        r->opt.flags |= SGF_READ_LEGALITY | SGF_READ_VARIATIONS;
    if (syntax_only)
        r->opt.flags |= SGF_READ_SYNTAX_ONLY;
    if (rules && strcmp(rules, "auto") != 0) {
        if (sgf_rules_parse(rules, &r->rules) < 0) {
            PyErr_Format(PyExc_ValueError, "unknown rules '%s' (auto, a rule "
                         "set's name or a KataGo rules string)", rules);
            return -1;
        }
        r->opt.rules = &r->rules;
        r->opt.flags |= SGF_READ_RULES_OVERRIDE;
    }
    if (charset) {
        if (strlen(charset) >= sizeof r->charset) {
            PyErr_Format(PyExc_ValueError, "unknown charset '%s'", charset);
            return -1;
        }
        strcpy(r->charset, charset);
        r->opt.fallback_charset = r->charset;
    }
    return 0;
}

void read_options_copy(ext_read *dst, const ext_read *src)
{
    *dst = *src;
    if (src->opt.rules)
        dst->opt.rules = &dst->rules;
    if (src->opt.fallback_charset)
        dst->opt.fallback_charset = dst->charset;
}

/* ---- module functions ---- */

static PyObject *m_checks(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    size_t n = sgf_check_count();
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        const sgf_check_info *c = sgf_check_get(i);
        PyObject *t = Py_BuildValue("(ssi)", c->id, c->summary,
                                    (int)c->severity);
        if (!t) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, t);
    }
    return list;
}

static PyObject *m_rules_names(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list && sgf_rules_name(i); i++) {
        PyObject *s = PyUnicode_FromString(sgf_rules_name(i));
        if (!s || PyList_Append(list, s) < 0) {
            Py_XDECREF(s);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(s);
    }
    return list;
}

/* rules_parse(text) -> (name, compact text, komi or None, exact), or None
 * when the text is no rule set. */
static PyObject *m_rules_parse(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *s = PyUnicode_AsUTF8(arg);
    if (!s)
        return NULL;
    sgf_rules r;
    int rc = sgf_rules_parse(s, &r);
    if (rc < 0)
        Py_RETURN_NONE;
    char detail[160];
    sgf_rules_format(&r, detail, sizeof detail);
    PyObject *komi = r.has_komi ? PyFloat_FromDouble(r.komi)
                                : Py_NewRef(Py_None);
    return Py_BuildValue("(ssNO)", r.name, detail, komi,
                         rc == 1 ? Py_True : Py_False);
}

static PyObject *m_name_flags(PyObject *self, PyObject *arg)
{
    (void)self;
    PyObject *b = NULL;
    if (!PyUnicode_FSConverter(arg, &b))
        return NULL;
    unsigned f = sgf_inputs_name_flags(PyBytes_AS_STRING(b));
    Py_DECREF(b);
    return PyLong_FromUnsignedLong(f);
}

/* list_files(paths) -> ([file, ...], [(origin, message), ...]): the
 * files a walk of paths reads, in its order (sgf_inputs_next_file). */
static PyObject *m_list_files(PyObject *self, PyObject *seq)
{
    (void)self;
    PyObject *fast = PySequence_Fast(seq, "list_files() takes a sequence");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **conv = PyMem_Calloc((size_t)n + 1, sizeof *conv);
    const char **paths = PyMem_Calloc((size_t)n + 1, sizeof *paths);
    PyObject *files = NULL, *result = NULL;
    ext_failures fails = { 0 }, skips = { 0 };
    if (!conv || !paths) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyUnicode_FSConverter(PySequence_Fast_GET_ITEM(fast, i),
                                   &conv[i]))
            goto out;
        paths[i] = PyBytes_AS_STRING(conv[i]);
    }
    files = PyList_New(0);
    if (!files)
        goto out;
    sgf_inputs *in = sgf_inputs_new(paths, (size_t)n, failures_on_error,
                                     &fails);
    if (!in) {
        PyErr_NoMemory();
        goto out;
    }
    sgf_inputs_on_skip(in, skips_on_skip, &skips);
    const char *path;
    int more = 1;
    while (more) {
        Py_BEGIN_ALLOW_THREADS
        more = sgf_inputs_next_file(in, &path);
        Py_END_ALLOW_THREADS
        if (!more)
            break;
        PyObject *s = ext_name(path);
        if (!s || PyList_Append(files, s) < 0) {
            Py_XDECREF(s);
            sgf_inputs_free(in);
            goto out;
        }
        Py_DECREF(s);
    }
    sgf_inputs_free(in);
    if (skips_warn(&skips) < 0)
        goto out;
    PyObject *f = failures_take(&fails);
    if (f)
        result = Py_BuildValue("(ON)", files, f);
out:
    failures_free(&fails);
    failures_free(&skips);
    Py_XDECREF(files);
    if (conv)
        for (Py_ssize_t i = 0; i < n; i++)
            Py_XDECREF(conv[i]);
    PyMem_Free(conv);
    PyMem_Free(paths);
    Py_DECREF(fast);
    return result;
}

/* members(item) -> [(origin, bytes), ...], [(origin, message), ...]: every
 * member of one item, read whole (a client splitting an archive). */
static PyObject *m_members(PyObject *self, PyObject *item)
{
    (void)self;
    PyObject *seq = PyTuple_Pack(1, item), *list = NULL, *result = NULL;
    ext_items it;
    if (!seq || items_init(&it, seq) < 0) {
        Py_XDECREF(seq);
        return NULL;
    }
    Py_DECREF(seq);
    list = PyList_New(0);
    sgf_member *m;
    ext_buf b = { 0 };
    while (list) {
        int more, bad = 0;
        b.len = 0;
        Py_BEGIN_ALLOW_THREADS
        more = items_next_member(&it, &m);
        if (more) {
            char chunk[65536];
            long r;
            while ((r = sgf_member_read(m, chunk, sizeof chunk)) > 0)
                buf_put(&b, chunk, (size_t)r);
            if (r < 0) {
                const char *e = sgf_member_error(m);
                char msg[1200];
                snprintf(msg, sizeof msg, "%s: %s", sgf_member_origin(m),
                         e ? e : sgf_strerror((int)r));
                failures_add(&it.failures, sgf_member_origin(m), msg);
                bad = 1;
            }
        }
        Py_END_ALLOW_THREADS
        if (!more)
            break;
        if (bad)
            continue;
        PyObject *data = buf_to_bytes(&b);
        PyObject *t = data ? Py_BuildValue("(NN)",
                                           ext_name(sgf_member_origin(m)),
                                           data)
                           : NULL;
        if (!t || PyList_Append(list, t) < 0)
            Py_CLEAR(list);
        Py_XDECREF(t);
    }
    buf_free(&b);
    if (list && skips_warn(&it.skips) == 0) {
        PyObject *f = failures_take(&it.failures);
        if (f)
            result = Py_BuildValue("(ON)", list, f);
    }
    Py_XDECREF(list);
    items_free(&it);
    return result;
}

/* first_origin(path) -> the origin of the first member a walk of path
 * gives (path itself for a record, "path:member" in an archive), or None.
 * Reads the head only. */
static PyObject *m_first_origin(PyObject *self, PyObject *arg)
{
    (void)self;
    PyObject *b = NULL;
    if (!PyUnicode_FSConverter(arg, &b))
        return NULL;
    const char *paths[1] = { PyBytes_AS_STRING(b) };
    sgf_inputs *in = sgf_inputs_new(paths, 1, NULL, NULL);
    sgf_member *m;
    PyObject *r = NULL;
    int got = 0;
    if (in) {
        Py_BEGIN_ALLOW_THREADS
        got = sgf_inputs_next(in, &m);
        Py_END_ALLOW_THREADS
        r = got == 1 ? ext_name(sgf_member_origin(m)) : Py_NewRef(Py_None);
        sgf_inputs_free(in);
    } else {
        PyErr_NoMemory();
    }
    Py_DECREF(b);
    return r;
}

static PyMethodDef methods[] = {
    { "first_origin", m_first_origin, METH_O,
      "first_origin(path) -> origin of its first member, or None" },
    { "checks", m_checks, METH_NOARGS,
      "checks() -> [(id, summary, severity), ...]: the check catalogue" },
    { "rules_names", m_rules_names, METH_NOARGS,
      "rules_names() -> the named rule sets" },
    { "rules_parse", m_rules_parse, METH_O,
      "rules_parse(text) -> (name, detail, komi, exact) or None" },
    { "name_flags", m_name_flags, METH_O,
      "name_flags(name) -> sgf_inputs_name_flags(name)" },
    { "list_files", m_list_files, METH_O,
      "list_files(paths) -> (files, failures): the walk, unread" },
    { "members", m_members, METH_O,
      "members(item) -> (members, failures): (origin, bytes) of each" },
    { "run", (PyCFunction)(void (*)(void))ext_run,
      METH_VARARGS | METH_KEYWORDS,
      "run(job, items, **options) -> (output, errors, counts)" },
    { "_game_from_state", game_from_state, METH_O,
      "_game_from_state(state) -> the Game a pickle holds" },
    { "score_game", (PyCFunction)(void (*)(void))ext_score_game,
      METH_VARARGS | METH_KEYWORDS,
      "score_game(game, **options) -> the score report's bytes" },
    { NULL, NULL, 0, NULL }
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_sgfkit",
    "The C layer of sgfkit over libsgfkit (lib/sgfkit.h).", -1, methods,
    NULL, NULL, NULL, NULL
};

static int add_type(PyObject *m, PyTypeObject *t, const char *name)
{
    if (PyType_Ready(t) < 0)
        return -1;
    Py_INCREF(t);
    if (PyModule_AddObject(m, name, (PyObject *)t) < 0) {
        Py_DECREF(t);
        return -1;
    }
    return 0;
}

static PyObject *new_error(PyObject *m, const char *name, PyObject *bases,
                           const char *doc)
{
    PyObject *e = PyErr_NewExceptionWithDoc(name, doc, bases, NULL);
    if (e && PyModule_AddObject(m, strrchr(name, '.') + 1, e) < 0) {
        Py_DECREF(e);
        return NULL;
    }
    Py_XINCREF(e);
    return e;
}

PyMODINIT_FUNC PyInit__sgfkit(void);     /* what the interpreter calls */

PyMODINIT_FUNC PyInit__sgfkit(void)
{
    PyObject *m = PyModule_Create(&moduledef);
    if (!m)
        return NULL;
    PyObject *b1 = NULL, *b2 = NULL;
    ext_Error = new_error(m, "sgfkit.Error", NULL,
                          "Base of the errors sgfkit raises.");
    if (!ext_Error)
        goto fail;
    b1 = PyTuple_Pack(2, ext_Error, PyExc_OSError);
    b2 = PyTuple_Pack(2, ext_Error, PyExc_ValueError);
    if (!b1 || !b2)
        goto fail;
    ext_InputError = new_error(m, "sgfkit.InputError", b1,
                               "An input could not be read (missing file, "
                               "corrupt archive...): origin, message.");
    ext_ScoreError = new_error(m, "sgfkit.ScoreError", b2,
                               "A game cannot be scored: no game, or not a "
                               "Go game on a board SGF allows.");
    ext_InputSkipped = new_error(m, "sgfkit.InputSkipped",
                                 PyExc_UserWarning,
                                 "A file or archive member a walk did not "
                                 "read (its name is no record's, hidden, "
                                 "not a regular file...), as the tools warn "
                                 "of it; doc/inputs.md.");
    if (!ext_InputError || !ext_ScoreError || !ext_InputSkipped)
        goto fail;
    Py_CLEAR(b1);
    Py_CLEAR(b2);
    if (add_type(m, &Game_Type, "Game") < 0 ||
        add_type(m, &Reader_Type, "Reader") < 0 || game_types_init(m) < 0)
        goto fail;
    PyObject *reasons = PyTuple_New(SGF_SKIP_REASONS);
    for (int k = 0; reasons && k < SGF_SKIP_REASONS; k++) {
        PyObject *r = ext_text(sgf_skip_reason_name(k));
        if (!r)
            Py_CLEAR(reasons);
        else
            PyTuple_SET_ITEM(reasons, k, r);
    }
    if (!reasons || PyModule_AddObject(m, "SKIP_REASONS", reasons) < 0) {
        Py_XDECREF(reasons);
        goto fail;
    }
    if (PyModule_AddStringConstant(m, "LIBRARY_VERSION", sgf_version()) < 0 ||
        PyModule_AddIntConstant(m, "NAME_WALKED", SGF_NAME_WALKED) < 0 ||
        PyModule_AddIntConstant(m, "NAME_PACKED", SGF_NAME_PACKED) < 0)
        goto fail;
    return m;
fail:
    Py_XDECREF(b1);
    Py_XDECREF(b2);
    Py_DECREF(m);
    return NULL;
}
