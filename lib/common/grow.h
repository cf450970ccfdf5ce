/*
 * grow.h - the one way a growing array of the library gets room: its
 * capacity doubles from 64 elements, and running out of memory (or of
 * size_t) leaves the array as it was.  Never installed.
 */
#ifndef SGFKIT_GROW_H
#define SGFKIT_GROW_H

#include <stdint.h>
#include <stdlib.h>

/* p with room for need elements of elem bytes (moved maybe, *cap set),
 * or NULL with p and *cap untouched. */
static inline void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    size_t n;
    void *q;
    if (need <= *cap && p)
        return p;
    n = *cap ? *cap : 64;
    while (n < need) {
        if (n > SIZE_MAX / 2 / elem)
            return NULL;
        n *= 2;
    }
    q = realloc(p, n * elem);
    if (q)
        *cap = n;
    return q;
}

#endif /* SGFKIT_GROW_H */
