/*
 * stat-state.c - sgfstat's state (stat.h): strings kept in blocks, tables
 * of exact counts, groups, the signatures for --duplicates, and the merge
 * that threads and --merge share.
 */
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

const char *const stat_table_names[STAT_NTABLES] = {
    "total", "size", "rules", "komi", "handicap", "result", "moves",
    "passes", "year", "player", "rank", "first_move", "opening", "charset",
    "application", "status", "check", "rules_assumed", "komi_assumed"
};

int stat_table_numeric(enum stat_table_id t)
{
    return t == T_KOMI || t == T_HANDICAP || t == T_MOVES || t == T_PASSES ||
           t == T_YEAR;
}

/* ---- Dyer's signature in 9 bytes ---- */

static unsigned char_code(char c)
{
    if (c >= 'a' && c <= 'z')
        return (unsigned)(c - 'a');
    if (c >= 'A' && c <= 'Z')
        return (unsigned)(c - 'A' + 26);
    return 52;                   /* '?' */
}

static char code_char(unsigned v)
{
    return v < 26 ? (char)('a' + v) : v < 52 ? (char)('A' + v - 26) : '?';
}

/* Two 12-bit slots in three bytes. */
void dyer_pack(uint8_t out[9], const char dyer[13])
{
    for (int i = 0; i < 3; i++) {
        unsigned a = char_code(dyer[4 * i]) * 54 + char_code(dyer[4 * i + 1]);
        unsigned b = char_code(dyer[4 * i + 2]) * 54 +
                     char_code(dyer[4 * i + 3]);
        uint32_t v = a | b << 12;
        out[3 * i] = (uint8_t)v;
        out[3 * i + 1] = (uint8_t)(v >> 8);
        out[3 * i + 2] = (uint8_t)(v >> 16);
    }
}

void dyer_unpack(char out[13], const uint8_t in[9])
{
    for (int i = 0; i < 3; i++) {
        uint32_t v = in[3 * i] | (uint32_t)in[3 * i + 1] << 8 |
                     (uint32_t)in[3 * i + 2] << 16;
        unsigned a = v & 0xfff, b = v >> 12;
        out[4 * i] = code_char(a / 54);
        out[4 * i + 1] = code_char(a % 54);
        out[4 * i + 2] = code_char(b / 54);
        out[4 * i + 3] = code_char(b % 54);
    }
    out[12] = '\0';
}

/* ---- strings: never freed one by one, so blocks, not malloc each ---- */

struct str_block {
    struct str_block *next;
    size_t used, size;
    char data[];
};

static const char *str_keep(struct stat_state *s, const char *p, size_t n)
{
    struct str_block *b = s->strings;
    if (!b || b->size - b->used < n + 1) {
        size_t size = n + 1 > 65536 ? n + 1 : 65536;
        b = malloc(sizeof *b + size);
        if (!b) {
            s->nomem = 1;
            return NULL;
        }
        b->used = 0;
        b->size = size;
        b->next = s->strings;
        s->strings = b;
    }
    char *out = b->data + b->used;
    memcpy(out, p, n);
    out[n] = '\0';
    b->used += n + 1;
    return out;
}

/* ---- tables ---- */

static uint32_t key_hash(const char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h;
}

static struct stat_item *find_slot(struct stat_table *t, const char *key,
                                   size_t len, uint32_t h)
{
    size_t mask = t->cap - 1;
    for (size_t i = h & mask; ; i = (i + 1) & mask) {
        struct stat_item *it = &t->slot[i];
        if (!it->key || (it->hash == h && it->len == len &&
                         memcmp(it->key, key, len) == 0))
            return it;
    }
}

/* Out of line, so that the compiler does not fold malloc + memset back
 * into calloc, which skips the writing for memory fresh from mmap. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void zero_by_writing(void *p, size_t n)
{
    memset(p, 0, n);
}

static int table_grow(struct stat_table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 16;
    /* Not calloc: find_slot's first read of a fresh mmap page maps the zero
     * page, and the write after it faults again and interrupts the other
     * worker to flush its TLB.  Writing the zeros maps each page once. */
    struct stat_item *slot = malloc(cap * sizeof *slot);
    if (!slot)
        return -1;
    zero_by_writing(slot, cap * sizeof *slot);
    struct stat_table nt = { slot, t->n, cap };
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i].key)
            *find_slot(&nt, t->slot[i].key, t->slot[i].len,
                       t->slot[i].hash) = t->slot[i];
    free(t->slot);
    *t = nt;
    return 0;
}

static void table_add(struct stat_state *s, struct stat_table *t,
                      const char *key, size_t len, uint32_t h, uint64_t n)
{
    if ((t->n + 1) * 2 > t->cap && table_grow(t) < 0) {
        s->nomem = 1;
        return;
    }
    struct stat_item *it = find_slot(t, key, len, h);
    if (!it->key) {
        const char *k = str_keep(s, key, len);
        if (!k)
            return;
        it->key = k;
        it->len = (uint32_t)len;
        it->hash = h;
        t->n++;
    }
    it->count += n;
}

void stat_count(struct stat_state *s, struct stat_group *g,
                enum stat_table_id t, const char *key, size_t len, uint64_t n)
{
    if (len > UINT32_MAX)
        len = UINT32_MAX;
    table_add(s, &g->t[t], key, len, key_hash(key, len), n);
}

uint64_t stat_get(const struct stat_table *t, const char *key)
{
    if (!t->cap)
        return 0;
    size_t len = strlen(key);
    struct stat_item *it = find_slot((struct stat_table *)t, key, len,
                                     key_hash(key, len));
    return it->key ? it->count : 0;
}

/* ---- the state ---- */

struct stat_state *stat_new(int dups)
{
    struct stat_state *s = calloc(1, sizeof *s);
    if (s)
        s->dups = dups;
    return s;
}

static void group_free(struct stat_group *g)
{
    for (int i = 0; i < STAT_NTABLES; i++)
        free(g->t[i].slot);
    free(g);
}

void stat_free(struct stat_state *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->ngroups; i++)
        group_free(s->groups[i]);
    free(s->groups);
    free(s->index.slot);
    for (size_t i = 0; i < s->nchunks; i++)
        free(s->chunks[i]);
    free(s->chunks);
    free(s->origins);
    while (s->strings) {
        struct str_block *b = s->strings;
        s->strings = b->next;
        free(b);
    }
    free(s);
}

struct stat_group *stat_group(struct stat_state *s, const char *key,
                              size_t len)
{
    struct stat_group *last = s->last;
    if (last && last->len == len && memcmp(last->key, key, len) == 0)
        return last;
    uint32_t h = key_hash(key, len);
    if (s->index.cap) {
        struct stat_item *it = find_slot(&s->index, key, len, h);
        if (it->key)
            return s->last = s->groups[it->count];
    }
    struct stat_group *g = calloc(1, sizeof *g);
    struct stat_group **v = cli_grow(s->groups, &s->groups_cap,
                                     s->ngroups + 1, sizeof *v);
    const char *k = g && v ? str_keep(s, key, len) : NULL;
    if (v)
        s->groups = v;
    if (!k) {
        free(g);
        s->nomem = 1;
        return NULL;
    }
    g->key = k;
    g->len = len;
    size_t before = s->index.n;
    table_add(s, &s->index, key, len, h, s->ngroups);
    if (s->index.n == before) {
        free(g);
        return NULL;
    }
    s->groups[s->ngroups++] = g;
    return s->last = g;
}

/* ---- signatures ---- */

struct dup_entry *stat_dup_at(const struct stat_state *s, size_t i)
{
    return &s->chunks[i / DUP_CHUNK][i % DUP_CHUNK];
}

static struct dup_entry *dup_new(struct stat_state *s)
{
    if (s->ndups == s->nchunks * DUP_CHUNK) {
        struct dup_entry **v = cli_grow(s->chunks, &s->chunks_cap,
                                        s->nchunks + 1, sizeof *v);
        struct dup_entry *c = v ? malloc(DUP_CHUNK * sizeof *c) : NULL;
        if (v)
            s->chunks = v;
        if (!c) {
            s->nomem = 1;
            return NULL;
        }
        s->chunks[s->nchunks++] = c;
    }
    return stat_dup_at(s, s->ndups++);
}

/* Games of one member follow each other: only a change of origin costs a
 * string. */
static uint32_t origin_index(struct stat_state *s, const char *origin)
{
    if (s->norigins && strcmp(s->origins[s->norigins - 1], origin) == 0)
        return (uint32_t)(s->norigins - 1);
    const char **v = cli_grow(s->origins, &s->origins_cap, s->norigins + 1,
                              sizeof *v);
    const char *k = v ? str_keep(s, origin, strlen(origin)) : NULL;
    if (v)
        s->origins = v;
    if (!k) {
        s->nomem = 1;
        return UINT32_MAX;
    }
    s->origins[s->norigins] = k;
    return (uint32_t)s->norigins++;
}

/* A game's information kept: the string of the entry before when equal
 * (the games of one event, a file's games). */
static const char *info_keep(struct stat_state *s, const char *info)
{
    const char *last = s->ndups ? stat_dup_at(s, s->ndups - 1)->info : NULL;
    if (last && strcmp(last, info) == 0)
        return last;
    const char *k = str_keep(s, info, strlen(info));
    if (!k)
        s->nomem = 1;
    return k;
}

void stat_dup_info(const sgf_info *in, struct dup_info *out)
{
    out->text[DUP_PB] = in->black;
    out->text[DUP_PW] = in->white;
    out->text[DUP_DT] = in->date_text;
    out->text[DUP_RE] = in->result_text;
    out->year = in->date.year;
    out->month = in->date.month;
    out->day = in->date.day;
    const char *const given[] = { in->black, in->white, in->black_rank,
                                  in->white_rank, in->event, in->round,
                                  in->place, in->date_text, in->result_text,
                                  in->rules };
    out->fields = (unsigned)(in->has_komi || in->komi_set_aside);
    for (size_t i = 0; i < sizeof given / sizeof *given; i++)
        out->fields += given[i] && given[i][0];
}

/* "PB\tPW\tDT\tRE" into b, the values' tabs and line ends as spaces. */
static void info_text(struct cli_buf *b, const struct dup_info *info)
{
    for (int k = 0; k < 4; k++) {
        if (k)
            cli_buf_put(b, "\t", 1);
        /* runs between the characters made spaces, not byte by byte */
        for (const char *p = info->text[k]; p && *p;) {
            size_t n = strcspn(p, "\t\n\r");
            cli_buf_put(b, p, n);
            p += n;
            if (*p) {
                cli_buf_put(b, " ", 1);
                p++;
            }
        }
    }
    cli_buf_put(b, "", 1);
}

void stat_dup_field(const struct stat_state *s, const struct dup_entry *e,
                    int k, char *out, size_t n)
{
    (void)s;
    const char *p = e->info ? e->info : "";
    for (int i = 0; i < k && p; i++)
        if ((p = strchr(p, '\t')))
            p++;
    size_t len = p ? strcspn(p, "\t") : 0;
    if (len >= n)
        len = n - 1;
    memcpy(out, p ? p : "", len);
    out[len] = '\0';
}

static uint16_t clamp16(int v)
{
    return (uint16_t)(v < 0 ? 0 : v > 65535 ? 65535 : v);
}

static uint8_t clamp8(int v)
{
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

void stat_dup_add(struct stat_state *s, const char *origin, unsigned game,
                  const sgf_game_sig *sig, const struct dup_info *info)
{
    uint32_t o = origin_index(s, origin ? origin : "-");
    if (o == UINT32_MAX)
        return;
    struct cli_buf text = { 0 };
    info_text(&text, info);
    const char *in = text.nomem ? NULL : info_keep(s, text.data);
    cli_buf_free(&text);
    if (!in) {
        s->nomem = 1;
        return;
    }
    struct dup_entry *e = dup_new(s);
    if (!e)
        return;
    e->info = in;
    e->year = clamp16(info->year);
    e->month = clamp8(info->month);
    e->day = clamp8(info->day);
    e->hash = sig->hash;
    memcpy(e->prefix, sig->prefix, sizeof e->prefix);
    e->origin = o;
    e->game = game;
    e->moves = (uint16_t)(sig->moves > 65535 ? 65535 : sig->moves);
    e->form = (uint8_t)((sig->transform & 7) |
                        (sig->first_color == SGF_WHITE ? 8 : 0) |
                        (info->fields > 15 ? 15 : info->fields) << 4);
    dyer_pack(e->dyer, sig->dyer);
}

/* ---- merging ---- */

void stat_merge(struct stat_state *dst, struct stat_state *src)
{
    dst->read += src->read;
    dst->nomem |= src->nomem;
    dst->dups |= src->dups;
    for (size_t i = 0; i < src->ngroups; i++) {
        const struct stat_group *from = src->groups[i];
        struct stat_group *to = stat_group(dst, from->key, from->len);
        if (!to)
            break;
        for (int t = 0; t < STAT_NTABLES; t++)
            for (size_t j = 0; j < from->t[t].cap; j++) {
                const struct stat_item *it = &from->t[t].slot[j];
                if (it->key)
                    table_add(dst, &to->t[t], it->key, it->len, it->hash,
                              it->count);
            }
    }
    /* signatures are copied chunk by chunk and the source's chunks freed
     * as they empty, so the peak is one chunk more than the entries */
    uint32_t *remap = NULL;
    if (src->norigins) {
        remap = malloc(src->norigins * sizeof *remap);
        if (!remap)
            dst->nomem = 1;
        for (size_t i = 0; remap && i < src->norigins; i++) {
            /* origin_index dedupes only the last one: look it up first */
            remap[i] = origin_index(dst, src->origins[i]);
        }
    }
    for (size_t c = 0; c < src->nchunks; c++) {
        size_t n = src->ndups - c * DUP_CHUNK;
        if (n > DUP_CHUNK)
            n = DUP_CHUNK;
        for (size_t i = 0; remap && i < n; i++) {
            struct dup_entry from = src->chunks[c][i];
            /* the string goes before the entry: info_keep compares with
             * the last entry */
            const char *info = info_keep(dst, from.info ? from.info : "");
            struct dup_entry *e = dup_new(dst);
            if (!e)
                break;
            *e = from;
            e->origin = remap[e->origin];
            e->info = info;
        }
        free(src->chunks[c]);
        src->chunks[c] = NULL;
    }
    src->nchunks = src->ndups = 0;
    free(remap);
    stat_free(src);
}

/* ---- print order ---- */

static double key_number(const struct stat_item *it)
{
    char tmp[64];
    size_t n = it->len < sizeof tmp - 1 ? it->len : sizeof tmp - 1;
    memcpy(tmp, it->key, n);
    tmp[n] = '\0';
    char *end;
    double v = strtod(tmp, &end);
    /* "none" and other words after the numbers */
    return end == tmp ? 1e300 : v;
}

static int key_cmp(const struct stat_item *a, const struct stat_item *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->key, b->key, n);
    return c ? c : (a->len > b->len) - (a->len < b->len);
}

static int item_cmp(const void *pa, const void *pb)
{
    const struct stat_item *a = *(struct stat_item *const *)pa;
    const struct stat_item *b = *(struct stat_item *const *)pb;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    return key_cmp(a, b);
}

/* An item of a numeric table with the number its key spells, read once
 * before sorting: strtod in the comparison was most of the time the
 * report took, and the report is the serial end of a -j N run. */
struct keyed_item {
    double number;
    struct stat_item *it;
};

static int keyed_cmp(const void *pa, const void *pb)
{
    const struct keyed_item *a = pa, *b = pb;
    if (a->number != b->number)
        return a->number < b->number ? -1 : 1;
    return key_cmp(a->it, b->it);
}

/* A max-heap in print order: its root is the last of the items kept. */
static void heap_down(struct stat_item **h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && item_cmp(&h[l], &h[m]) > 0)
            m = l;
        if (r < n && item_cmp(&h[r], &h[m]) > 0)
            m = r;
        if (m == i)
            return;
        struct stat_item *x = h[i];
        h[i] = h[m];
        h[m] = x;
        i = m;
    }
}

struct stat_item **stat_sorted(const struct stat_table *t, int numeric,
                               size_t limit)
{
    struct stat_item **v = malloc((t->n ? t->n : 1) * sizeof *v);
    if (!v)
        return NULL;
    size_t k = 0;
    if (limit && limit < t->n && !numeric) {
        /* the first limit of thousands (players, openings): kept in a
         * heap as they come, then sorted; the order is total (keys are
         * unique), so these are the full sort's first limit */
        for (size_t i = 0; i < t->cap; i++) {
            struct stat_item *it = &t->slot[i];
            if (!it->key)
                continue;
            if (k < limit) {
                v[k++] = it;
                if (k == limit)
                    for (size_t j = limit / 2; j-- > 0;)
                        heap_down(v, limit, j);
            } else if (item_cmp(&it, &v[0]) < 0) {
                v[0] = it;
                heap_down(v, limit, 0);
            }
        }
        qsort(v, k, sizeof *v, item_cmp);
        return v;
    }
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i].key)
            v[k++] = &t->slot[i];
    if (!numeric) {
        qsort(v, k, sizeof *v, item_cmp);
        return v;
    }
    struct keyed_item *kv = malloc((k ? k : 1) * sizeof *kv);
    if (!kv) {
        free(v);
        return NULL;
    }
    for (size_t i = 0; i < k; i++) {
        kv[i].number = key_number(v[i]);
        kv[i].it = v[i];
    }
    qsort(kv, k, sizeof *kv, keyed_cmp);
    for (size_t i = 0; i < k; i++)
        v[i] = kv[i].it;
    free(kv);
    return v;
}

static uint64_t group_games(const struct stat_group *g)
{
    return stat_get(&g->t[T_TOTAL], "games");
}

static int group_cmp(const void *pa, const void *pb)
{
    const struct stat_group *a = *(struct stat_group *const *)pa;
    const struct stat_group *b = *(struct stat_group *const *)pb;
    uint64_t x = group_games(a), y = group_games(b);
    if (x != y)
        return x > y ? -1 : 1;
    return strcmp(a->key, b->key);
}

static int group_key_cmp(const void *pa, const void *pb)
{
    const struct stat_group *a = *(struct stat_group *const *)pa;
    const struct stat_group *b = *(struct stat_group *const *)pb;
    struct stat_item x = { a->key, (uint32_t)a->len, 0, 0 };
    struct stat_item y = { b->key, (uint32_t)b->len, 0, 0 };
    double p = key_number(&x), q = key_number(&y);
    if (p != q)
        return p < q ? -1 : 1;
    return strcmp(a->key, b->key);
}

struct stat_group **stat_sorted_groups(const struct stat_state *s,
                                       int by_key)
{
    struct stat_group **v = malloc((s->ngroups ? s->ngroups : 1) * sizeof *v);
    if (!v)
        return NULL;
    if (s->ngroups)
        memcpy(v, s->groups, s->ngroups * sizeof *v);
    qsort(v, s->ngroups, sizeof *v, by_key ? group_key_cmp : group_cmp);
    return v;
}
