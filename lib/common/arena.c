/*
 * arena.c - per-game bump allocator.  A game's nodes, properties and values
 * are many tiny objects that all die together, so they come from large
 * blocks that are reset, not freed, between games: no malloc per value, and
 * after the first few games the reader allocates nothing at all.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "common/arena.h"

enum { ARENA_MIN_BLOCK = 64 * 1024 };

static char *block_data(arena_block *b)
{
    return (char *)b + ((sizeof *b + 15u) & ~(size_t)15u);
}

void arena_init(arena *a)
{
    a->head = NULL;
    a->cur = a->end = NULL;
    a->total = 0;
}

void *arena_grow(arena *a, size_t n)
{
    /* Blocks double with the arena so that a huge game needs few of them. */
    size_t size = a->total > ARENA_MIN_BLOCK ? a->total : ARENA_MIN_BLOCK;
    if (size < n)
        size = n;
    size_t header = (sizeof(arena_block) + 15u) & ~(size_t)15u;
    if (size > SIZE_MAX - header)
        return NULL;
    arena_block *b = malloc(header + size);
    if (!b)
        return NULL;
    b->size = size;
    b->used = 0;
    b->next = a->head;
    a->head = b;
    a->total += size;
    a->cur = block_data(b) + n;
    a->end = block_data(b) + size;
    return block_data(b);
}

void arena_reset(arena *a)
{
    arena_block *keep = NULL;
    arena_block *b = a->head;
    while (b) {
        arena_block *next = b->next;
        if (!keep || b->size > keep->size) {
            if (keep)
                free(keep);
            keep = b;
        } else {
            free(b);
        }
        b = next;
    }
    a->head = keep;
    if (keep) {
        keep->next = NULL;
        a->total = keep->size;
        a->cur = block_data(keep);
        a->end = a->cur + keep->size;
    } else {
        a->total = 0;
        a->cur = a->end = NULL;
    }
}

void arena_free(arena *a)
{
    arena_block *b = a->head;
    while (b) {
        arena_block *next = b->next;
        free(b);
        b = next;
    }
    arena_init(a);
}

void *arena_double(arena *a, const void *p, size_t *cap, size_t elem)
{
    if (*cap > SIZE_MAX / 2 / elem)
        return NULL;
    void *q = arena_alloc(a, 2 * *cap * elem);
    if (q) {
        memcpy(q, p, *cap * elem);
        *cap *= 2;
    }
    return q;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}
