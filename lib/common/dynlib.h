/*
 * dynlib.h - libraries that most runs never need, loaded when first needed
 * (dlopen) into a table of function pointers owned by the object that uses
 * them.  Never installed; bin/sink.c and tests/unit/test_inputs.c use it too.
 *
 * Reading plain SGF needs none of libarchive (and libxml2, ICU, liblzma,
 * libzstd... behind it), uchardet (C++) or libxml2, yet linking them cost
 * every start of a tool 3-4 ms of loading and relocation (doc/rules.md,
 * "Speed").  There is no global state: each owner (an input iterator, a
 * game object, one XML read, an archive output) loads the library at most
 * once in its life and lets go of it when freed.  doc/HACKING.md,
 * "Dependencies", says which library is loaded when.
 *
 * A library's functions are listed once, as an X-macro over their names:
 *
 *     #define AR_FNS(X) X(archive_read_new) X(archive_read_free)
 *     struct ar_api { AR_FNS(DYNLIB_FIELD) };
 *     #define AR_ENTRY(f) DYNLIB_ENTRY(struct ar_api, f, SGF_LAZY_LIBARCHIVE)
 *     static const dynlib_fn ar_fns[] = { AR_FNS(AR_ENTRY) };
 *     static const dynlib_spec ar_spec =
 *         DYNLIB_SPEC(SGF_SONAME_LIBARCHIVE, SGF_LAZY_LIBARCHIVE, ar_fns);
 *
 * The pointers have the types of the library's own header (types and
 * constants still come from archive.h, uchardet.h, libxml/parser.h), so a
 * call through the table is checked like a direct call.  configure finds
 * each soname (SGF_SONAME_*) and sets SGF_LAZY_* to 1; where it cannot, it
 * links the library as before (SGF_LAZY_* 0) and the table is filled with
 * the linked functions' addresses instead.
 */
#ifndef SGFKIT_DYNLIB_H
#define SGFKIT_DYNLIB_H

#include <stdbool.h>
#include <stddef.h>

typedef void (*dynlib_addr)(void);

typedef struct dynlib_fn {
    const char *name;
    size_t offset;              /* of its pointer in the owner's table */
    dynlib_addr linked;         /* SGF_LAZY_* 0: the function itself */
} dynlib_fn;

typedef struct dynlib_spec {
    const char *soname;         /* what dlopen is given, and errors name */
    bool lazy;
    const dynlib_fn *fns;
    size_t n;
} dynlib_spec;

enum { DYNLIB_ERR_SIZE = 320 };

/* Zero-initialised by its owner (calloc, = { 0 }). */
typedef struct dynlib {
    void *handle;
    int state;                  /* 0 not tried, 1 table filled, -1 failed */
    char err[DYNLIB_ERR_SIZE];  /* state -1: why, for the owner's message */
} dynlib;

#define DYNLIB_FIELD(f) __typeof__(f) *f;
#define DYNLIB_ENTRY(T, f, lazy) DYNLIB_ENTRY_(T, f, lazy)
#define DYNLIB_ENTRY_(T, f, lazy) DYNLIB_ENTRY_##lazy(T, f)
#define DYNLIB_ENTRY_1(T, f) { #f, offsetof(T, f), NULL },
#define DYNLIB_ENTRY_0(T, f) { #f, offsetof(T, f), (dynlib_addr)f },
#define DYNLIB_SPEC(soname, lazy, fns) \
    { soname, lazy, fns, sizeof fns / sizeof fns[0] }

/* Fills table (the owner's struct of DYNLIB_FIELDs) on the first call:
 * true when every function is there.  A failure is remembered, so an owner
 * asked a thousand times tries once: false, and d->err says what is
 * missing ("libarchive.so.13 not found (dlopen: ...)"). */
bool dynlib_load(dynlib *d, void *table, const dynlib_spec *spec);
/* Lets go of the library (the handle's reference); d may be reused. */
void dynlib_close(dynlib *d);

#endif /* SGFKIT_DYNLIB_H */
