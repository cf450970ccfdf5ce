/*
 * game.c - the game object: its arena, its diagnostics and the accessors of
 * the public interface.  Line and column are computed only when a
 * diagnostic needs them (the parser tracks byte offsets only), which keeps
 * newline counting out of the hot loop.
 */
#include <stdlib.h>
#include <string.h>
#include "common/arena.h"
#include "sgf/checks.h"
#include "sgf/properties.h"
#include "sgf/game.h"
#include "sgf/charset.h"

sgf_game *game_new(const sgf_read_options *opt)
{
    sgf_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    arena_init(&g->a);
    prop_index_build(g->prop_index);
    if (opt)
        g->opt = *opt;
    return g;
}

void game_reset(sgf_game *g, const sgf_read_options *opt,
                const sgf_raw_game *where)
{
    arena_reset(&g->a);
    if (opt)
        g->opt = *opt;
    g->src = where->bytes;
    g->len = where->len;
    g->origin = NULL;
    g->index = where->index;
    g->offset = where->offset;
    g->line = where->line ? where->line : 1;
    g->column = where->column ? where->column : 1;
    g->root = NULL;
    g->id_notes = NULL;
    g->gameinfo_node = NULL;
    g->tree_pos = 0;
    g->moves = 0;
    g->ndiags = 0;
    g->counts[0] = g->counts[1] = g->counts[2] = 0;
    memset(g->fired, 0, sizeof g->fired);
    g->nomem = false;
    g->loc_pos = 0;
    g->loc_line = 0;
    g->loc_line_start = 0;
    g->cs_kind = CS_ASCII;
    g->charset = NULL;
    g->dbcs = false;
    g->dbcs_refused = false;
    g->from_utf16 = false;
    memset(&g->info, 0, sizeof g->info);
    g->origin = arena_strndup(&g->a, where->origin ? where->origin : "-",
                              strlen(where->origin ? where->origin : "-"));
    if (!g->origin)
        g->nomem = true;
}

void sgf_game_free(sgf_game *g)
{
    if (!g)
        return;
    charset_release(g);
    sgf_position_free(g->pos);
    arena_free(&g->a);
    free(g->diags);
    free(g->stack);
    free(g->own_src);
    free(g);
}

/* Line and column of pos: count newlines forward from the last position
 * located (diagnostics mostly come in increasing order). */
static void locate(sgf_game *g, uint32_t pos, unsigned long *line,
                   unsigned long *col)
{
    if (pos > g->len)
        pos = (uint32_t)g->len;
    if (pos < g->loc_pos) {
        g->loc_pos = 0;
        g->loc_line = 0;
        g->loc_line_start = 0;
    }
    const char *s = g->src;
    uint32_t p = g->loc_pos;
    unsigned long nl = g->loc_line;
    uint32_t ls = g->loc_line_start;
    while (p < pos) {
        const char *q = memchr(s + p, '\n', pos - p);
        if (!q)
            break;
        nl++;
        p = (uint32_t)(q - s) + 1;
        ls = p;
    }
    g->loc_pos = pos;
    g->loc_line = nl;
    g->loc_line_start = ls;
    *line = g->line + nl;
    *col = (nl == 0 ? g->column : 1) + (pos - ls);
}

int game_vreport(sgf_game *g, int check, uint32_t pos, int move,
                 const char *fmt, va_list ap)
{
    const sgf_check_info *ci = sgf_check_get((size_t)check);
    if (!ci)
        return SGF_E_ARG;
    if (++g->fired[check] > DIAGS_PER_CHECK) {
        g->counts[ci->severity]++;
        return SGF_OK;
    }
    if (g->ndiags == g->diag_cap) {
        size_t cap = g->diag_cap ? g->diag_cap * 2 : 16;
        sgf_diag *d = realloc(g->diags, cap * sizeof *d);
        if (!d) {
            g->nomem = true;
            return SGF_E_NOMEM;
        }
        g->diags = d;
        g->diag_cap = cap;
    }
    char buf[512];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof buf)
        n = sizeof buf - 1;
    char *msg = arena_strndup(&g->a, buf, (size_t)n);
    if (!msg) {
        g->nomem = true;
        return SGF_E_NOMEM;
    }
    sgf_diag *d = &g->diags[g->ndiags++];
    d->severity = ci->severity;
    d->check = check;
    d->id = ci->id;
    d->origin = g->origin;
    d->game = g->index;
    locate(g, pos, &d->line, &d->column);
    d->offset = g->offset + pos;
    d->move = move;
    d->message = msg;
    g->counts[ci->severity]++;
    return SGF_OK;
}

int game_report(sgf_game *g, int check, uint32_t pos, int move,
                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = game_vreport(g, check, pos, move, fmt, ap);
    va_end(ap);
    return rc;
}

int sgf_game_report(sgf_game *g, int check, uint32_t pos, int move,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = game_vreport(g, check, pos, move, fmt, ap);
    va_end(ap);
    return rc;
}

static void game_sort_diags(sgf_game *g);

void game_finish_diags(sgf_game *g)
{
    for (int c = 0; c < SGF_C_COUNT; c++)
        if (g->fired[c] > DIAGS_PER_CHECK)
            game_report(g, SGF_C_MORE_DIAGNOSTICS, (uint32_t)g->len, 0,
                        "%s: %lu more in this game, counted but not listed",
                        sgf_check_get((size_t)c)->id,
                        (unsigned long)(g->fired[c] - DIAGS_PER_CHECK));
    game_sort_diags(g);
}

static void game_sort_diags(sgf_game *g)
{
    /* The passes (parse, charset, game info, values) each report in file
     * order; a stable bottom-up merge gives the order of the file, as a
     * compiler would, keeping equal offsets in the order found. */
    size_t n = g->ndiags;
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = g->diags[i - 1].offset <= g->diags[i].offset;
    if (sorted)
        return;
    sgf_diag *tmp = malloc(n * sizeof *tmp);
    if (!tmp)
        return; /* unsorted but complete */
    sgf_diag *from = g->diags, *to = tmp;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = from[j].offset < from[i].offset ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        sgf_diag *t = from;
        from = to;
        to = t;
    }
    if (from != g->diags)
        memcpy(g->diags, from, n * sizeof *tmp);
    free(tmp);
}

const sgf_node *sgf_game_root(const sgf_game *g) { return g->root; }
unsigned sgf_game_index(const sgf_game *g) { return g->index; }
uint64_t sgf_game_offset(const sgf_game *g) { return g->offset + g->tree_pos; }
const char *sgf_game_origin(const sgf_game *g) { return g->origin; }
const sgf_info *sgf_game_info(const sgf_game *g) { return &g->info; }
size_t sgf_game_diag_count(const sgf_game *g) { return g->ndiags; }

const sgf_diag *sgf_game_diag(const sgf_game *g, size_t i)
{
    return i < g->ndiags ? &g->diags[i] : NULL;
}

size_t sgf_game_count(const sgf_game *g, sgf_severity s)
{
    return (unsigned)s <= SGF_ERROR ? g->counts[s] : 0;
}

unsigned sgf_game_moves(const sgf_game *g)
{
    unsigned n = 0;
    for (const sgf_node *x = g->root; x; x = x->child)
        for (const sgf_prop *p = x->props; p; p = p->next)
            if (p->kind == SGF_P_B || p->kind == SGF_P_W) {
                n++;
                break;
            }
    return n;
}

const sgf_prop *sgf_node_find(const sgf_node *n, int kind)
{
    for (const sgf_prop *p = n->props; p; p = p->next)
        if (p->kind == kind)
            return p;
    return NULL;
}
