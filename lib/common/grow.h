/*
 * grow.h - the one way a growing array of the library gets room: its
 * capacity doubles from 64 elements, and running out of memory (or of
 * size_t) leaves the array as it was.  grow_bytes appends to a growing
 * byte buffer the same way.  Never installed.
 */
#ifndef SGFKIT_GROW_H
#define SGFKIT_GROW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* data[0..n) appended to the buffer *p of *len bytes (room *cap); false,
 * with the buffer as it was, when out of memory. */
static inline bool grow_bytes(char **p, size_t *len, size_t *cap,
                              const void *data, size_t n)
{
    char *q;
    if (n == 0)
        return true;        /* data may be NULL */
    if (n > SIZE_MAX - *len)
        return false;
    q = grow(*p, cap, *len + n, 1);
    if (!q)
        return false;
    *p = q;
    memcpy(q + *len, data, n);
    *len += n;
    return true;
}

#endif /* SGFKIT_GROW_H */
