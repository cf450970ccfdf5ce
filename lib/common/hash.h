/*
 * hash.h - FNV-1a, 64 bits: the one byte hash of the library (the moves'
 * hash of JSON Lines, sgfstat's position signatures, the parser's table
 * of a big node's properties).  A few lines anyone can write again in any
 * language to match a hash (doc/json.md).  Never installed.
 */
#ifndef SGFKIT_HASH_H
#define SGFKIT_HASH_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_BASIS 0xcbf29ce484222325ull
#define FNV1A_PRIME 0x100000001b3ull

static inline uint64_t fnv1a_byte(uint64_t h, unsigned char c)
{
    return (h ^ c) * FNV1A_PRIME;
}

/* h carried on over data[0..n). */
static inline uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = fnv1a_byte(h, p[i]);
    return h;
}

#endif /* SGFKIT_HASH_H */
