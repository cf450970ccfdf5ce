/*
 * ttable.h - what the estimator's searches (lifedeath.c, dragon.c) share:
 * the transposition table (one entry per slot, the newest answer kept, a
 * position's key its own, 0 marking a free slot) and the ranked list of
 * a node's moves.  Never installed.
 */
#ifndef SGFKIT_TTABLE_H
#define SGFKIT_TTABLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct tt_entry {
    uint64_t key;        /* 0: free */
    int result;
} tt_entry;

/* The answer stored for key in tt (size entries, a power of two) into
 * *result; 0 when there is none. */
static inline int tt_get(const tt_entry *tt, size_t size, uint64_t key,
                         int *result)
{
    const tt_entry *e = &tt[key & (size - 1)];
    if (e->key != key)
        return 0;
    *result = e->result;
    return 1;
}

static inline void tt_put(tt_entry *tt, size_t size, uint64_t key, int result)
{
    tt_entry *e = &tt[key & (size - 1)];
    e->key = key;
    e->result = result;
}

/* Puts move q of rank r (lower first) into moves and rank (n held, at
 * most max), after the moves of the same rank: the order stays the
 * same from run to run.  A move ranked below a full list is dropped, a
 * better one drops the list's last.  Returns the new count. */
static inline int ranked_insert(int *moves, int *rank, int n, int max, int q,
                                int r)
{
    int j = n;
    if (n == max) {
        if (rank[n - 1] <= r)
            return n;
        j = n - 1;
    } else {
        n++;
    }
    while (j > 0 && rank[j - 1] > r) {
        moves[j] = moves[j - 1];
        rank[j] = rank[j - 1];
        j--;
    }
    moves[j] = q;
    rank[j] = r;
    return n;
}

#endif /* SGFKIT_TTABLE_H */
