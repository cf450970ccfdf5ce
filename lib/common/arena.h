/*
 * arena.h - bump allocation in blocks, freed or reset all at once: the
 * memory of one game (arena.c).  Never installed.
 */
#ifndef SGFKIT_COMMON_ARENA_H
#define SGFKIT_COMMON_ARENA_H

#include <stddef.h>

typedef struct arena_block {
    struct arena_block *next;
    size_t size, used;
    /* data follows, 16-byte aligned */
} arena_block;

typedef struct arena {
    arena_block *head;     /* current block (first in the list) */
    char *cur, *end;       /* free space in head */
    size_t total;          /* bytes reserved in all blocks */
} arena;

void arena_init(arena *a);
/* Slow path of arena_alloc: a new block. */
void *arena_grow(arena *a, size_t n);
/* Keep the largest block, free the others. */
void arena_reset(arena *a);
void arena_free(arena *a);
char *arena_strndup(arena *a, const char *s, size_t n);
/* A copy of the array p of *cap elements of elem bytes with twice the
 * room (*cap doubled; p stays where it is, the arena frees nothing);
 * NULL, *cap untouched, when out of memory. */
void *arena_double(arena *a, const void *p, size_t *cap, size_t elem);

/* 8-byte aligned allocation; NULL when out of memory. */
static inline void *arena_alloc(arena *a, size_t n)
{
    n = (n + 7u) & ~(size_t)7u;
    if ((size_t)(a->end - a->cur) >= n) {
        void *p = a->cur;
        a->cur += n;
        return p;
    }
    return arena_grow(a, n);
}

#endif /* SGFKIT_COMMON_ARENA_H */
