/*
 * dynlib.c - the loading behind dynlib.h: dlopen by soname, dlsym of each
 * listed function into the owner's table.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "common/dynlib.h"

/* RTLD_NOW: a missing function shows at the first use, as an error, never
 * later as a crash in the middle of a read.  RTLD_LOCAL: the library's
 * names stay out of the program's.  RTLD_NODELETE: the last dlclose does
 * not unmap it.  Unloading would be unsafe (libxml2 registers a
 * thread-specific destructor that runs when a worker thread exits, after
 * the owner let go) and wasteful (an owner that lives for one call, such
 * as an XML read, would map, relocate and initialise the library again at
 * every call); kept mapped, a later dlopen only counts a reference. */
#ifndef RTLD_NODELETE
#define RTLD_NODELETE 0
#endif

_Static_assert(sizeof(void *) == sizeof(dynlib_addr),
               "dlsym's result is copied into function pointers");

bool dynlib_load(dynlib *d, void *table, const dynlib_spec *spec)
{
    if (d->state)
        return d->state > 0;
    if (!spec->lazy) {
        /* configure linked the library: the table takes its functions */
        for (size_t i = 0; i < spec->n; i++)
            memcpy((char *)table + spec->fns[i].offset, &spec->fns[i].linked,
                   sizeof spec->fns[i].linked);
        d->state = 1;
        return true;
    }
    void *h = dlopen(spec->soname, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h) {
        const char *e = dlerror();
        snprintf(d->err, sizeof d->err, "%s not found (dlopen: %s)",
                 spec->soname, e ? e : "unknown error");
        d->state = -1;
        return false;
    }
    for (size_t i = 0; i < spec->n; i++) {
        (void)dlerror();
        void *p = dlsym(h, spec->fns[i].name);
        if (!p) {
            const char *e = dlerror();
            snprintf(d->err, sizeof d->err, "%s lacks %s (dlsym: %s)",
                     spec->soname, spec->fns[i].name,
                     e ? e : "no such symbol");
            dlclose(h);
            d->state = -1;
            return false;
        }
        /* POSIX makes dlsym's object pointer usable as a function pointer
         * (its own example copies the bytes the same way); ISO C has no
         * conversion between the two. */
        memcpy((char *)table + spec->fns[i].offset, &p, sizeof p);
    }
    d->handle = h;
    d->state = 1;
    return true;
}

void dynlib_close(dynlib *d)
{
    if (d->handle)
        dlclose(d->handle);
    d->handle = NULL;
    d->state = 0;
    d->err[0] = '\0';
}
