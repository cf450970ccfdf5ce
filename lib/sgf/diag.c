/*
 * diag.c - the diagnostics of a game: reported with their check, counted,
 * capped per check, located (line and column are computed only when a
 * diagnostic needs them: the parser tracks byte offsets only, which keeps
 * newline counting out of the hot loop) and put in file order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/grow.h"
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"

/* Line and column of pos in text: count newlines forward from the last
 * position located (diagnostics mostly come in increasing order). */
static void locate_in(sgf_game *g, const char *text, size_t len, uint32_t pos,
                      unsigned long *line, unsigned long *col)
{
    if (pos > len)
        pos = (uint32_t)len;
    if (pos < g->loc_pos) {
        g->loc_pos = 0;
        g->loc_line = 0;
        g->loc_line_start = 0;
    }
    uint32_t p = g->loc_pos;
    unsigned long nl = g->loc_line;
    uint32_t ls = g->loc_line_start;
    while (p < pos) {
        const char *q = memchr(text + p, '\n', pos - p);
        if (!q)
            break;
        nl++;
        p = (uint32_t)(q - text) + 1;
        ls = p;
    }
    g->loc_pos = pos;
    g->loc_line = nl;
    g->loc_line_start = ls;
    *line = g->line + nl;
    *col = (nl == 0 ? g->column : 1) + (pos - ls);
}

/* Adds a diagnostic at pos: a position in the game's text, or, with
 * in_source, in the foreign bytes a converted record came from. */
static int vreport(sgf_game *g, int check, uint32_t pos, bool in_source,
                   int move, const char *fmt, va_list ap)
{
    const sgf_check_info *ci = sgf_check_get((size_t)check);
    if (!ci)
        return SGF_E_ARG;
    if (++g->fired[check] > DIAGS_PER_CHECK) {
        g->counts[ci->severity]++;
        return SGF_OK;
    }
    if (g->ndiags == g->diag_cap) {
        sgf_diag *d = grow(g->diags, &g->diag_cap, g->ndiags + 1, sizeof *d);
        if (!d) {
            g->nomem = true;
            return SGF_E_NOMEM;
        }
        g->diags = d;
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
    if (g->foreign) {
        if (!in_source)
            pos = conv_source_of(&g->conv, pos);
        locate_in(g, g->foreign, g->foreign_len, pos, &d->line, &d->column);
    } else {
        locate_in(g, g->src, g->len, pos, &d->line, &d->column);
    }
    d->offset = g->offset + pos;
    d->move = move;
    d->message = msg;
    g->counts[ci->severity]++;
    return SGF_OK;
}

int game_vreport(sgf_game *g, int check, uint32_t pos, int move,
                 const char *fmt, va_list ap)
{
    return vreport(g, check, pos, false, move, fmt, ap);
}

int game_report_source(sgf_game *g, int check, uint32_t pos, const char *fmt,
                       ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vreport(g, check, pos, g->foreign != NULL, 0, fmt, ap);
    va_end(ap);
    return rc;
}

int sgf_game_report(sgf_game *g, int check, uint32_t pos, int move,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vreport(g, check, pos, false, move, fmt, ap);
    va_end(ap);
    return rc;
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

size_t sgf_game_diag_count(const sgf_game *g) { return g->ndiags; }

const sgf_diag *sgf_game_diag(const sgf_game *g, size_t i)
{
    return i < g->ndiags ? &g->diags[i] : NULL;
}

size_t sgf_game_count(const sgf_game *g, sgf_severity s)
{
    return (unsigned)s <= SGF_ERROR ? g->counts[s] : 0;
}
