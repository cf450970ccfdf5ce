/*
 * treecmp.h - the writer's round-trip check, shared by tests/unit/roundtrip
 * (over files) and tests/unit/test_writer (over built records).
 *
 * A game round-trips when: writing it and parsing the output gives the same
 * tree (shape, normalised ids in order, number of values, decoded text of
 * every value), with the root in the order doc/writer.md gives (GM, FF[4],
 * CA[UTF-8], the rest in file order) and values of the types whose edge
 * whitespace the writer drops compared trimmed; the output re-reads without
 * syntax or charset diagnostics; and writing the re-read game gives the same
 * bytes again (the canonical form is a fixed point).
 */
#ifndef SGFKIT_TREECMP_H
#define SGFKIT_TREECMP_H

#include "sgfkit.h"

typedef struct treecmp treecmp;

/* opt: how the output is re-read (NULL for defaults).  NULL when out of
 * memory. */
treecmp *treecmp_new(const sgf_read_options *opt);
void treecmp_free(treecmp *t);

/* 1 when g round-trips; 0 when not, and msg holds "round trip differs at
 * node N: WHAT" (nodes in preorder, the root is node 0). */
int treecmp_game(treecmp *t, sgf_game *g, char *msg, size_t size);

/* The bytes the last treecmp_game() wrote. */
const char *treecmp_output(const treecmp *t, size_t *len);

/* The sgf_write_fn that appends to a growing buffer; for tests that want to
 * write on their own. */
typedef struct treecmp_buf {
    char *p;
    size_t len, cap;
} treecmp_buf;
int treecmp_buf_write(void *ctx, const void *data, size_t len);

#endif
