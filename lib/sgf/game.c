/*
 * game.c - the game object: its arena, what it keeps from game to game, and
 * the accessors of the public interface (diagnostics: diag.c).
 */
#include <stdlib.h>
#include <string.h>
#include "common/arena.h"
#include "sgf/checks.h"
#include "sgf/properties.h"
#include "sgf/game.h"
#include "sgf/decoders.h"

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

sgf_game *sgf_game_new(const sgf_read_options *opt)
{
    return game_new(opt);
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
    g->foreign = NULL;
    g->foreign_len = 0;
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
    decoders_release(&g->decoders);
    if (g->attached_free)
        g->attached_free(g->attached);
    arena_free(&g->a);
    free(g->diags);
    free(g->stack);
    free(g->own_src);
    conv_free(&g->conv);
    free(g);
}

const sgf_node *sgf_game_root(const sgf_game *g) { return g->root; }
unsigned sgf_game_index(const sgf_game *g) { return g->index; }
uint64_t sgf_game_offset(const sgf_game *g) { return g->offset + g->tree_pos; }
const char *sgf_game_origin(const sgf_game *g) { return g->origin; }
const sgf_info *sgf_game_info(const sgf_game *g) { return &g->info; }

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
