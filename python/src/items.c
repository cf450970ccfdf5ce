/*
 * items.c - the inputs of a run as members: paths walked by the library,
 * files and bytes read as the file they stand for (sgf_inputs_from_fd),
 * members given as their bytes; XML and JSON members turned into SGF, as
 * sgfconvert reads them.  Item tuples are read once, with the GIL;
 * the cursor then runs without it.
 */
#include "ext.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *copy_bytes(PyObject *b)
{
    size_t n = (size_t)PyBytes_GET_SIZE(b);
    char *s = malloc(n + 1);
    if (!s) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(s, PyBytes_AS_STRING(b), n + 1);
    return s;
}

/* A path or name as the file system's bytes (str, bytes, os.PathLike). */
static char *fs_string(PyObject *o)
{
    PyObject *b = NULL;
    if (!PyUnicode_FSConverter(o, &b))
        return NULL;
    char *s = copy_bytes(b);
    Py_DECREF(b);
    return s;
}

static int item_init(ext_item *item, PyObject *t)
{
    const char *kind;
    PyObject *a, *b = NULL;
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) < 2 ||
        PyTuple_GET_SIZE(t) > 3 ||
        !(kind = PyUnicode_AsUTF8(PyTuple_GET_ITEM(t, 0)))) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "an input item is a tuple (kind, "
                        "what[, name])");
        return -1;
    }
    a = PyTuple_GET_ITEM(t, 1);
    if (PyTuple_GET_SIZE(t) == 3)
        b = PyTuple_GET_ITEM(t, 2);
    if (strcmp(kind, "path") == 0 && !b) {
        item->kind = ITEM_PATH;
        return (item->path = fs_string(a)) ? 0 : -1;
    }
    if (!b) {
        PyErr_Format(PyExc_TypeError, "a '%s' item needs a name", kind);
        return -1;
    }
    if (!(item->origin = fs_string(b)))
        return -1;
    if (strcmp(kind, "file") == 0) {
        item->kind = ITEM_FILE;
        return (item->path = fs_string(a)) ? 0 : -1;
    }
    if (strcmp(kind, "bytes") == 0 || strcmp(kind, "member") == 0) {
        item->kind = kind[0] == 'b' ? ITEM_BYTES : ITEM_MEMBER;
        if (PyObject_GetBuffer(a, &item->view, PyBUF_SIMPLE) < 0)
            return -1;
        item->has_view = true;
        return 0;
    }
    PyErr_Format(PyExc_ValueError, "unknown input item kind '%s'", kind);
    return -1;
}

int items_init(ext_items *it, PyObject *seq)
{
    memset(it, 0, sizeof *it);
    PyObject *fast = PySequence_Fast(seq, "inputs must be a sequence");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    it->v = calloc((size_t)n + 1, sizeof *it->v);
    it->paths = calloc((size_t)n + 1, sizeof *it->paths);
    if (!it->v || !it->paths) {
        Py_DECREF(fast);
        items_free(it);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        it->n++;
        if (item_init(&it->v[i], PySequence_Fast_GET_ITEM(fast, i)) < 0) {
            Py_DECREF(fast);
            items_free(it);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* A descriptor holding data[0..len): an anonymous memory file, or an
 * unlinked temporary file where there is none.  -1 with errno. */
static int memory_fd(const void *data, size_t len)
{
    int fd = -1;
#ifdef MFD_CLOEXEC
    fd = memfd_create("sgfkit-input", MFD_CLOEXEC);
#endif
    if (fd < 0) {
        FILE *f = tmpfile();
        if (!f)
            return -1;
        fd = dup(fileno(f));
        fclose(f);
        if (fd < 0)
            return -1;
    }
    const char *p = data;
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = errno;
            close(fd);
            errno = w == 0 ? EIO : e;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    if (lseek(fd, 0, SEEK_SET) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

static void fail_errno(ext_items *it, const char *what, const char *origin)
{
    char msg[1200];
    snprintf(msg, sizeof msg, "cannot %s '%s': %s", what, origin,
             strerror(errno));
    failures_add(&it->failures, origin, msg);
}

static void on_skip(void *ctx, const char *origin, sgf_skip_reason why,
                    const char *message)
{
    ext_items *it = ctx;
    if ((int)why >= 0 && why < SGF_SKIP_REASONS)
        it->nskipped[why]++;
    skips_on_skip(&it->skips, origin, why, message);
}

int items_source(const char *name, enum item_source *from)
{
    static const struct { const char *name; enum item_source from; } v[] = {
        { "auto", FROM_AUTO }, { "sgf", FROM_SGF }, { "xml", FROM_XML },
        { "json", FROM_JSON }
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (strcmp(name, v[i].name) == 0) {
            *from = v[i].from;
            return 0;
        }
    PyErr_Format(PyExc_ValueError, "unknown source format '%s' (auto, sgf, "
                 "xml, json)", name);
    return -1;
}

static void drop_sgf(ext_items *it)
{
    if (it->sgf)
        sgf_member_free(it->sgf);
    it->sgf = NULL;
    buf_free(&it->sgf_bytes);
    sgf_source_map_free(it->map);
    it->map = NULL;
}

/* An XML or JSON member (by it->from) read whole and turned into SGF, as
 * sgfconvert reads one: 1 with *m the SGF's member, 0 when *m is read as
 * it is, -1 when the document is no game record (a failure, in
 * sgfconvert's words). */
static int markup_to_sgf(ext_items *it, sgf_member **m)
{
    const char *origin = sgf_member_origin(*m);
    enum item_source from = it->from != FROM_AUTO ? it->from
                            : (enum item_source)sgf_document_of_name(origin);
    if (from == FROM_SGF)
        return 0;
    ext_buf in = { 0 };
    char chunk[65536], err[256] = "";
    long n;
    while ((n = sgf_member_read(*m, chunk, sizeof chunk)) > 0)
        buf_put(&in, chunk, (size_t)n);
    int rc = n < 0 ? (int)n : in.nomem ? SGF_E_NOMEM : 0;
    if (rc == 0 && !(it->map = sgf_source_map_new()))
        rc = SGF_E_NOMEM;
    if (rc == 0)
        rc = (from == FROM_XML ? sgf_xml_to_sgf_mapped
                               : sgf_json_to_sgf_mapped)(
            in.data ? in.data : "", in.len, buf_write, &it->sgf_bytes, err,
            sizeof err, it->map);
    buf_free(&in);
    if (rc >= 0 && it->sgf_bytes.nomem)
        rc = SGF_E_NOMEM;
    if (rc >= 0 && !(it->sgf = sgf_member_from_memory(
                         it->sgf_bytes.data ? it->sgf_bytes.data : "",
                         it->sgf_bytes.len, origin)))
        rc = SGF_E_NOMEM;
    if (rc < 0) {
        const char *why = n < 0 ? sgf_member_error(*m)
                        : rc != SGF_E_FORMAT ? sgf_strerror(rc)
                        : from == FROM_XML ? "not a game record in XML"
                        : "not a game record in JSON";
        char msg[1200];
        snprintf(msg, sizeof msg, "%s: %s%s%s", origin,
                 why ? why : sgf_strerror(rc), *err ? ": " : "", err);
        failures_add(&it->failures, origin, msg);
        drop_sgf(it);
        return -1;
    }
    *m = it->sgf;
    return 1;
}

/* The next member of the items as they are. */
static int next_member(ext_items *it, sgf_member **m);

int items_next_member(ext_items *it, sgf_member **m)
{
    drop_sgf(it);
    while (next_member(it, m))
        if (it->from == FROM_SGF || markup_to_sgf(it, m) >= 0)
            return 1;
    return 0;
}

static int next_member(ext_items *it, sgf_member **m)
{
    for (;;) {
        if (it->in) {
            if (sgf_inputs_next(it->in, m) == 1)
                return 1;
            sgf_inputs_free(it->in);
            it->in = NULL;
        }
        if (it->own) {
            sgf_member_free(it->own);
            it->own = NULL;
        }
        if (it->next >= it->n)
            return 0;
        ext_item *item = &it->v[it->next];
        int fd;
        switch (item->kind) {
        case ITEM_PATH: {
            /* consecutive paths make one walk, as one tool run's arguments */
            size_t k = 0;
            while (it->next < it->n && it->v[it->next].kind == ITEM_PATH)
                it->paths[k++] = it->v[it->next++].path;
            it->in = sgf_inputs_new(it->paths, k, failures_on_error,
                                    &it->failures);
            if (!it->in)
                failures_add(&it->failures, "", "out of memory");
            else
                sgf_inputs_on_skip(it->in, on_skip, it);
            continue;
        }
        case ITEM_FILE:
            it->next++;
            fd = open(item->path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
            if (fd < 0) {
                fail_errno(it, "open", item->origin);
                continue;
            }
            break;
        case ITEM_BYTES:
            it->next++;
            fd = memory_fd(item->view.buf, (size_t)item->view.len);
            if (fd < 0) {
                fail_errno(it, "read", item->origin);
                continue;
            }
            break;
        case ITEM_MEMBER:
            it->next++;
            it->own = sgf_member_from_memory(item->view.buf,
                                             (size_t)item->view.len,
                                             item->origin);
            if (!it->own) {
                failures_add(&it->failures, item->origin, "out of memory");
                continue;
            }
            *m = it->own;
            return 1;
        default:
            it->next++;
            continue;
        }
        it->in = sgf_inputs_from_fd(fd, 1, item->origin, failures_on_error,
                                    &it->failures);
        if (!it->in) {
            close(fd);
            failures_add(&it->failures, item->origin, "out of memory");
        } else {
            sgf_inputs_on_skip(it->in, on_skip, it);
        }
    }
}

void items_free(ext_items *it)
{
    drop_sgf(it);
    if (it->in)
        sgf_inputs_free(it->in);
    if (it->own)
        sgf_member_free(it->own);
    for (size_t i = 0; it->v && i < it->n; i++) {
        free(it->v[i].path);
        free(it->v[i].origin);
        if (it->v[i].has_view)
            PyBuffer_Release(&it->v[i].view);
    }
    free(it->v);
    free(it->paths);
    failures_free(&it->failures);
    failures_free(&it->skips);
    memset(it, 0, sizeof *it);
}
