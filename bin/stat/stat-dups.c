/*
 * stat-dups.c - sets of records of the same game (--duplicates) from the
 * signatures of the state (doc/sgfstat.md, "Finding the sets").
 *
 * Moves are evidence only past the openings that distinct games share, so
 * the collection itself is measured first: the common-opening depth is
 * where the prefix lengths, from 20 moves up, stop being ones at which
 * prefixes commonly go on in different ways (different games).  Then:
 * - records of equal whole sequences are one game when they go past that
 *   depth (twice as far when players or dates contradict), or when their
 *   players agree;
 * - a shorter record joins a longer one when their prefixes agree at the
 *   last prefix length it reaches (at least two thirds of it), that
 *   length is past the common-opening depth, the longer record is one game
 *   (a record that fits several joins none), and their players and dates
 *   do not contradict each other.
 * Every step depends on the set of signatures only, not on their order:
 * threads and partial files give the same sets.
 */
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

/* Records shorter than this are left out: aborted games of a few moves
 * are "the same" by the thousand and not worth reporting. */
#define DUP_MIN_LEVEL 1          /* sgf_sig_level(1) = 20 moves */
/* A shared prefix is evidence from this level on whatever the collection
 * says (a small one cannot say much): 30 moves. */
#define DUP_FLOOR_LEVEL 2
/* A prefix length is "common" when at least DUP_BRANCH_MIN prefixes of it
 * go on in different ways, one for every DUP_BRANCH_RATE records that reach
 * the next length (the figures they come from: doc/sgfstat.md). */
#define DUP_BRANCH_MIN 2
#define DUP_BRANCH_RATE 2000

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

int stat_dup_top_level(const struct dup_entry *e)
{
    int l = -1;
    for (int i = 0; i < SGF_SIG_LEVELS && e->prefix[i]; i++)
        l = i;
    return l;
}

/* ---- game information ---- */

/* A player's name for comparing: ASCII letters in lower case, other ASCII
 * (blanks, dots, hyphens, digits of a rank) left out, other bytes kept:
 * "Lee Sedol" = "lee se-dol", "李世石" stays itself. */
static size_t name_key(const char *p, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < cap; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 'A' && c <= 'Z')
            out[k++] = (char)(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || c >= 0x80)
            out[k++] = (char)c;
    }
    out[k] = '\0';
    return k;
}

struct players {
    char name[2][96];        /* Black, White as name_key gives them */
};

static void players_of(const struct stat_state *s, const struct dup_entry *e,
                       struct players *p)
{
    for (int k = 0; k < 2; k++) {
        char raw[256];
        stat_dup_field(s, e, k == 0 ? DUP_PB : DUP_PW, raw, sizeof raw);
        name_key(raw, strlen(raw), p->name[k], sizeof p->name[k]);
    }
}

/* 1 when a name has a byte past ASCII, 0 when all are ASCII, -1 none. */
static int script_of(const struct players *p)
{
    int script = -1;
    for (int k = 0; k < 2; k++)
        for (const char *c = p->name[k]; *c; c++) {
            if ((unsigned char)*c >= 0x80)
                return 1;
            script = 0;
        }
    return script;
}

static int has_name(const struct players *p, const char *name)
{
    return name[0] && (strcmp(p->name[0], name) == 0 ||
                       strcmp(p->name[1], name) == 0);
}

/* Days from a date, for "within two days": two-day games and time zones
 * give one game two dates. */
static long day_number(const struct dup_entry *e)
{
    return (long)e->year * 372 + (long)(e->month - 1) * 31 + e->day;
}

int stat_dup_info_cmp(const struct stat_state *s, const struct dup_entry *f,
                      const struct dup_entry *e)
{
    if (f->info == e->info ||
        (f->info && e->info && strcmp(f->info, e->info) == 0))
        return DUP_INFO_SAME;
    struct players a, b;
    players_of(s, f, &a);
    players_of(s, e, &b);
    /* either order: a colour-swapped copy names the players the other
     * way; one record may leave out a name the other gives */
    int na = (a.name[0][0] != 0) + (a.name[1][0] != 0);
    int nb = (b.name[0][0] != 0) + (b.name[1][0] != 0);
    /* "Go Seigen" and "吴清源" are one player: names in different scripts
     * cannot be compared */
    if (na && nb && script_of(&a) != script_of(&b))
        na = nb = 0;
    int met = 0;
    for (int k = 0; k < 2; k++)
        met += has_name(&a, b.name[k]);
    /* one name in common on the same day: the other is spelt another way
     * ("Yu Ch'ang-hyeok", "Yoo Changhyuk") */
    int same_day = f->year && f->month && f->day && e->year && e->month &&
                   e->day && labs(day_number(f) - day_number(e)) <= 2;
    if (na && nb && (met == 0 || (na == 2 && nb == 2 && met < 2 &&
                                  !same_day)))
        return DUP_INFO_CONFLICT;
    if (f->year && e->year) {
        if (f->month && e->month && f->day && e->day) {
            if (labs(day_number(f) - day_number(e)) > 2)
                return DUP_INFO_CONFLICT;
        } else if (f->year != e->year ||
                   (f->month && e->month && f->month != e->month)) {
            return DUP_INFO_CONFLICT;
        }
    }
    return met || same_day ? DUP_INFO_AGREE : DUP_INFO_OTHER;
}

/* ---- the common-opening depth ---- */

/* Fills r->branching, r->reaching and r->depth_level: the first level at
 * which a shared prefix is evidence.  k has room for every record: each
 * level sorts the prefix (hi, lo) with the next level's riding in i. */
static void opening_depth(const struct stat_state *s, struct dup_report *r,
                          struct key *k)
{
    size_t n = s->ndups;
    r->depth_level = DUP_FLOOR_LEVEL;
    int common = 1;
    for (int level = DUP_MIN_LEVEL; level + 1 < SGF_SIG_LEVELS; level++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            const struct dup_entry *e = stat_dup_at(s, i);
            if (e->prefix[level + 1])
                k[m++] = (struct key){ e->prefix[level], e->prefix[level - 1],
                                       e->prefix[level + 1] };
        }
        qsort(k, m, sizeof *k, key_cmp);
        size_t branching = 0;
        for (size_t a = 0, b; a < m; a = b) {
            int several = 0;
            for (b = a + 1; b < m && k[b].hi == k[a].hi && k[b].lo == k[a].lo;
                 b++)
                several |= k[b].i != k[a].i;
            branching += several;
        }
        r->branching[level] = branching;
        r->reaching[level] = m;
        /* the openings end at the first length that is not common; deeper
         * branchings are one game recorded twice with a slip, not an
         * opening */
        if (common && branching >= DUP_BRANCH_MIN &&
            branching * DUP_BRANCH_RATE >= m) {
            if (level + 1 > r->depth_level)
                r->depth_level = level + 1;
        } else {
            common = 0;
        }
    }
}

/* One run of equal prefix keys at level: its records of that top level
 * join the longer ones when those are one game and the information does
 * not contradict, else each other when it agrees. */
static void join_run(const struct stat_state *s, uint32_t *parent,
                     const struct key *k, size_t n, int level)
{
    uint32_t root = UINT32_MAX;
    int several = 0;
    for (size_t i = 0; i < n; i++) {
        if (stat_dup_top_level(stat_dup_at(s, k[i].i)) == level)
            continue;
        uint32_t r = find(parent, k[i].i);
        if (root == UINT32_MAX)
            root = r;
        else if (r != root)
            several = 1;
    }
    if (several)
        return;
    for (size_t i = 0; i < n; i++) {
        const struct dup_entry *e = stat_dup_at(s, k[i].i);
        if (stat_dup_top_level(e) != level)
            continue;
        if (root != UINT32_MAX) {
            /* any longer record of the game that does not contradict */
            for (size_t j = 0; j < n; j++) {
                const struct dup_entry *f = stat_dup_at(s, k[j].i);
                if (stat_dup_top_level(f) != level &&
                    stat_dup_info_cmp(s, f, e) != DUP_INFO_CONFLICT) {
                    join(parent, k[i].i, root);
                    break;
                }
            }
            continue;
        }
        /* no longer record: short ones of the same prefix and players */
        for (size_t j = 0; j < i; j++) {
            const struct dup_entry *f = stat_dup_at(s, k[j].i);
            if (stat_dup_info_cmp(s, f, e) <= DUP_INFO_AGREE) {
                join(parent, k[i].i, k[j].i);
                break;
            }
        }
    }
}

/* Runs of equal whole sequences: one game when they reach deep moves
 * (the first prefix length past the common openings) and the information
 * does not contradict the run's first record, or reach twice that; else
 * only when the players agree. */
static void join_same(const struct stat_state *s, uint32_t *parent,
                      const struct key *k, size_t n, unsigned deep)
{
    for (size_t i = 1; i < n; i++) {
        const struct dup_entry *e = stat_dup_at(s, k[i].i);
        /* players or dates that contradict need twice the evidence */
        if (e->moves >= 2 * deep ||
            (e->moves >= deep &&
             stat_dup_info_cmp(s, stat_dup_at(s, k[0].i), e) !=
             DUP_INFO_CONFLICT)) {
            join(parent, k[0].i, k[i].i);
            continue;
        }
        /* bounded: a run of hundreds of one short sequence joins nothing
         * more than its first records' way */
        for (size_t j = 0; j < i && j < 64; j++)
            if (stat_dup_info_cmp(s, stat_dup_at(s, k[j].i), e) <=
                DUP_INFO_AGREE) {
                join(parent, k[j].i, k[i].i);
                break;
            }
    }
}

/* Sorts the records of k by key (their number rides along) and joins each
 * run of equal keys, records of key 0 left out. */
static void runs(const struct stat_state *s, uint32_t *parent, struct key *k,
                 size_t n, int level, unsigned deep)
{
    qsort(k, n, sizeof *k, key_cmp);
    for (size_t a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && k[b].hi == k[a].hi && k[b].lo == k[a].lo; b++)
            ;
        if (b - a < 2 || (k[a].hi == 0 && k[a].lo == 0))
            continue;
        if (level < 0)
            join_same(s, parent, k + a, b - a, deep);
        else
            join_run(s, parent, k + a, b - a, level);
    }
}

/* One cluster: the same whole sequence, then truncations, longest
 * prefixes first, down to the first level past the common openings. */
static void join_cluster(const struct stat_state *s, uint32_t *parent,
                         struct key *k, size_t n, int depth_level)
{
    for (size_t i = 0; i < n; i++) {
        const struct dup_entry *e = stat_dup_at(s, k[i].i);
        k[i].hi = (uint32_t)(e->hash >> 32);
        k[i].lo = (uint32_t)e->hash;
    }
    unsigned deep = sgf_sig_level((size_t)depth_level);
    runs(s, parent, k, n, -1, deep);
    for (int level = SGF_SIG_LEVELS - 1; level >= depth_level; level--) {
        for (size_t i = 0; i < n; i++) {
            const struct dup_entry *e = stat_dup_at(s, k[i].i);
            k[i].hi = e->prefix[level];
            k[i].lo = e->prefix[level] ? e->prefix[level - 1] : 0;
        }
        runs(s, parent, k, n, level, deep);
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

/* Whether record a is kept before record b: the longer, then the one
 * with more game information, then the first in print order (a set's
 * members come in print order, so the earlier wins a tie). */
static int keeps_before(const struct dup_entry *a, const struct dup_entry *b)
{
    if (a->moves != b->moves)
        return a->moves > b->moves;
    return DUP_FIELDS(a) > DUP_FIELDS(b);
}

/* The kept record to the front of the set, the others in print order. */
static void keep_first(const struct stat_state *s, struct dup_set *set)
{
    size_t best = 0;
    for (size_t j = 1; j < set->n; j++)
        if (keeps_before(stat_dup_at(s, set->member[j]),
                         stat_dup_at(s, set->member[best])))
            best = j;
    uint32_t kept = set->member[best];
    memmove(set->member + 1, set->member, best * sizeof *set->member);
    set->member[0] = kept;
}

int stat_dup_find(const struct stat_state *s, struct dup_report *r)
{
    memset(r, 0, sizeof *r);
    size_t n = s->ndups;
    r->depth_level = DUP_FLOOR_LEVEL;
    r->depth_moves = sgf_sig_level(DUP_FLOOR_LEVEL);
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
    opening_depth(s, r, k);
    r->depth_moves = sgf_sig_level((size_t)r->depth_level);

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
            join_cluster(s, parent, k + a, b - a, r->depth_level);
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
    for (size_t i = 0; i < ns; i++)
        keep_first(s, &r->set[i]);
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
