/*
 * stat-dups.c - sets of records of the same game (--duplicates) from the
 * signatures of the state (doc/sgfstat.md, "Duplicate signatures").
 *
 * Records of equal whole-sequence hashes are one game.  A shorter record
 * joins a longer one when their prefix hashes agree at the last prefix
 * length the shorter one reaches (two consecutive 32-bit hashes, so 64
 * bits of evidence).  Lengths are visited from the longest down, so the
 * longer records are already joined when a short one looks for its game;
 * a short record that fits several different games joins none of them.
 * Every step depends on the set of signatures only, not on their order:
 * threads and partial files give the same sets.
 */
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

/* Records shorter than this are left out: aborted games of a few moves
 * are "the same" by the thousand and not worth reporting. */
#define DUP_MIN_LEVEL 1          /* sgf_sig_level(1) = 20 moves */

/* ---- union-find over entry numbers ---- */

static uint32_t find(uint32_t *parent, uint32_t i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static void join(uint32_t *parent, uint32_t a, uint32_t b)
{
    a = find(parent, a);
    b = find(parent, b);
    /* the smaller number as root: the same roots whatever the order */
    if (a < b)
        parent[b] = a;
    else if (b < a)
        parent[a] = b;
}

/* 12 bytes, so that sorting every record costs 12 bytes a record */
struct key {
    uint32_t hi, lo, i;
};

static int key_cmp(const void *pa, const void *pb)
{
    const struct key *a = pa, *b = pb;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

static int top_level(const struct dup_entry *e)
{
    int l = -1;
    for (int i = 0; i < SGF_SIG_LEVELS && e->prefix[i]; i++)
        l = i;
    return l;
}

/* One run of equal prefix keys at level: its records of that top level
 * join the longer ones when those are one game, else each other. */
static void join_run(const struct stat_state *s, uint32_t *parent,
                     const struct key *k, size_t n, int level)
{
    uint32_t root = UINT32_MAX, first_short = UINT32_MAX;
    int several = 0;
    for (size_t i = 0; i < n; i++) {
        if (top_level(stat_dup_at(s, k[i].i)) == level)
            continue;
        uint32_t r = find(parent, k[i].i);
        if (root == UINT32_MAX)
            root = r;
        else if (r != root)
            several = 1;
    }
    for (size_t i = 0; i < n; i++) {
        if (top_level(stat_dup_at(s, k[i].i)) != level)
            continue;
        if (root != UINT32_MAX && !several)
            join(parent, k[i].i, root);
        else if (first_short == UINT32_MAX)
            first_short = k[i].i;
        else
            join(parent, k[i].i, first_short);
    }
}

/* Sorts the records of k by key (their number rides along) and calls
 * fn on each run of equal keys, records of key 0 left out. */
static void runs(const struct stat_state *s, uint32_t *parent, struct key *k,
                 size_t n, int level)
{
    qsort(k, n, sizeof *k, key_cmp);
    for (size_t a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && k[b].hi == k[a].hi && k[b].lo == k[a].lo; b++)
            ;
        if (b - a < 2 || (k[a].hi == 0 && k[a].lo == 0))
            continue;
        if (level < 0) {
            for (size_t i = a + 1; i < b; i++)
                join(parent, k[a].i, k[i].i);
        } else {
            join_run(s, parent, k + a, b - a, level);
        }
    }
}

/* One cluster: the same whole sequence, then truncations, longest
 * prefixes first. */
static void join_cluster(const struct stat_state *s, uint32_t *parent,
                         struct key *k, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const struct dup_entry *e = stat_dup_at(s, k[i].i);
        k[i].hi = (uint32_t)(e->hash >> 32);
        k[i].lo = (uint32_t)e->hash;
    }
    runs(s, parent, k, n, -1);
    for (int level = SGF_SIG_LEVELS - 1; level >= DUP_MIN_LEVEL; level--) {
        for (size_t i = 0; i < n; i++) {
            const struct dup_entry *e = stat_dup_at(s, k[i].i);
            k[i].hi = e->prefix[level];
            k[i].lo = e->prefix[level] ? e->prefix[level - 1] : 0;
        }
        runs(s, parent, k, n, level);
    }
}

struct member {
    uint32_t root, i;
    const char *origin;
    uint32_t game;
};

static int member_cmp(const void *pa, const void *pb)
{
    const struct member *a = pa, *b = pb;
    int c = strcmp(a->origin, b->origin);
    if (c)
        return c;
    return (a->game > b->game) - (a->game < b->game);
}

static int member_root_cmp(const void *pa, const void *pb)
{
    const struct member *a = pa, *b = pb;
    if (a->root != b->root)
        return a->root < b->root ? -1 : 1;
    return member_cmp(pa, pb);
}

static int set_cmp(const void *pa, const void *pb)
{
    const struct dup_set *a = pa, *b = pb;
    /* member[0] is the print rank of each set's first record */
    return (a->member[0] > b->member[0]) - (a->member[0] < b->member[0]);
}

int stat_dup_find(const struct stat_state *s, struct dup_report *r)
{
    memset(r, 0, sizeof *r);
    size_t n = s->ndups;
    if (!n)
        return 0;
    if (n >= UINT32_MAX)
        return -1;
    uint32_t *parent = malloc(n * sizeof *parent);
    struct key *k = malloc(n * sizeof *k);
    if (!parent || !k) {
        free(parent);
        free(k);
        return -1;
    }
    unsigned min = sgf_sig_level(DUP_MIN_LEVEL);
    for (size_t i = 0; i < n; i++)
        parent[i] = (uint32_t)i;

    /* Records that are one game share their first 20 moves: a sort by
     * that prefix makes clusters, usually of one record, and only the
     * clusters of several are looked at more closely. */
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const struct dup_entry *e = stat_dup_at(s, i);
        if (e->moves >= min && e->prefix[DUP_MIN_LEVEL])
            k[m++] = (struct key){ e->prefix[DUP_MIN_LEVEL],
                                   e->prefix[DUP_MIN_LEVEL - 1], (uint32_t)i };
    }
    qsort(k, m, sizeof *k, key_cmp);
    for (size_t a = 0, b; a < m; a = b) {
        for (b = a + 1; b < m && k[b].hi == k[a].hi && k[b].lo == k[a].lo; b++)
            ;
        if (b - a > 1)
            join_cluster(s, parent, k + a, b - a);
    }
    free(k);

    /* sizes of the sets, in place of nothing else: count roots */
    uint32_t *size = calloc(n, sizeof *size);
    if (!size) {
        free(parent);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        size[find(parent, (uint32_t)i)]++;
    size_t nm = 0;
    for (size_t i = 0; i < n; i++)
        if (size[find(parent, (uint32_t)i)] > 1)
            nm++;
    struct member *mem = malloc((nm ? nm : 1) * sizeof *mem);
    r->pool = malloc((nm ? nm : 1) * sizeof *r->pool);
    if (!mem || !r->pool) {
        free(mem);
        free(size);
        free(parent);
        free(r->pool);
        r->pool = NULL;
        return -1;
    }
    nm = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t root = find(parent, (uint32_t)i);
        if (size[root] > 1) {
            const struct dup_entry *e = stat_dup_at(s, i);
            mem[nm++] = (struct member){ root, (uint32_t)i,
                                         s->origins[e->origin], e->game };
        }
    }
    free(size);
    free(parent);
    /* members in print order; each set starts at its first member, and
     * the sets are ordered by that first member's place in print order */
    qsort(mem, nm, sizeof *mem, member_cmp);
    struct member *byroot = malloc((nm ? nm : 1) * sizeof *byroot);
    if (!byroot) {
        free(mem);
        free(r->pool);
        r->pool = NULL;
        return -1;
    }
    /* the rank of each member in print order rides in .i of a copy */
    for (size_t i = 0; i < nm; i++) {
        byroot[i] = mem[i];
        byroot[i].i = (uint32_t)i;
    }
    qsort(byroot, nm, sizeof *byroot, member_root_cmp);
    size_t nsets = 0;
    for (size_t i = 0; i < nm; i++)
        if (i == 0 || byroot[i].root != byroot[i - 1].root)
            nsets++;
    r->set = malloc((nsets ? nsets : 1) * sizeof *r->set);
    if (!r->set) {
        free(byroot);
        free(mem);
        free(r->pool);
        r->pool = NULL;
        return -1;
    }
    /* first pass: sets hold print ranks, so they sort by first member */
    size_t ns = 0;
    for (size_t i = 0; i < nm; i++) {
        if (i == 0 || byroot[i].root != byroot[i - 1].root)
            r->set[ns++] = (struct dup_set){ r->pool + i, 0 };
        r->pool[i] = byroot[i].i;
        r->set[ns - 1].n++;
    }
    qsort(r->set, ns, sizeof *r->set, set_cmp);
    /* then ranks become entry numbers; the pool is rewritten in set order
     * so that each set stays contiguous */
    uint32_t *pool = malloc((nm ? nm : 1) * sizeof *pool);
    if (!pool) {
        free(byroot);
        free(mem);
        free(r->pool);
        free(r->set);
        memset(r, 0, sizeof *r);
        return -1;
    }
    size_t at = 0;
    for (size_t i = 0; i < ns; i++) {
        uint32_t *from = r->set[i].member;
        r->set[i].member = pool + at;
        for (size_t j = 0; j < r->set[i].n; j++)
            pool[at++] = mem[from[j]].i;
    }
    free(r->pool);
    r->pool = pool;
    r->nsets = ns;
    r->nrecords = nm;
    free(byroot);
    free(mem);
    return 0;
}

void stat_dup_free(struct dup_report *r)
{
    free(r->set);
    free(r->pool);
    memset(r, 0, sizeof *r);
}
