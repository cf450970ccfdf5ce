/*
 * assume_clues.c - what the inferences of assume.c read of a record
 * beyond sgf_info (assume_clues.h).
 */
#include <stdio.h>
#include <string.h>

#include "common/arena.h"
#include "sgf/dialect.h"
#include "sgf/game.h"
#include "sgf/points.h"
#include "sgf/text.h"
#include "go/assume_clues.h"

const sgf_prop *clue_info_prop(const sgf_game *g, int kind)
{
    return g->gameinfo_node ? dialect_find(g->gameinfo_node, kind) : NULL;
}

const char *clue_prop_text(sgf_game *g, const sgf_prop *p)
{
    return p && p->nvalues ? sgf_value_text(g, p, 0, NULL) : NULL;
}

/* Colour of the first move of the main line, 0 when there is none. */
int clue_first_mover(const sgf_game *g)
{
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *q = n->props; q; q = q->next)
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return q->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE;
    return 0;
}

int clue_black_setup(const sgf_game *g)
{
    int black = 0;
    for (const sgf_node *n = g->root; n; n = n->child) {
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return black;
            if (q->kind == SGF_P_AW)
                return 0;
            if (q->kind == SGF_P_AB) {
                point_set s;
                point_set_clear(&s);
                black += (int)point_list_collect(q, g->info.width,
                                                 g->info.height, &s);
            }
        }
    }
    return black;
}

int clue_handicap_setup(const sgf_game *g)
{
    return clue_first_mover(g) == SGF_WHITE ? clue_black_setup(g) : 0;
}

int clue_handicap_moves(const sgf_game *g)
{
    int ha = g->info.handicap;
    if (ha < 2)
        return 0;
    int run = 0;
    for (const sgf_node *n = g->root; n; n = n->child) {
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (q->kind == SGF_P_AB || q->kind == SGF_P_AW)
                return 0;
            if (q->kind == SGF_P_W)
                return run == ha ? run : 0;
            if (q->kind == SGF_P_B && ++run > ha)
                return 0;
        }
    }
    return 0;
}

static const char *evidence_kept(sgf_game *g, const char *text)
{
    char *e = arena_strndup(&g->a, text, strlen(text));
    if (!e)
        g->nomem = true;
    return e;
}

const char *clue_evidence(sgf_game *g, const char *prop, const char *value)
{
    char q[80], buf[96];
    snprintf(buf, sizeof buf, "%s[%s]", prop, text_quote(q, sizeof q, value));
    return evidence_kept(g, buf);
}

const char *clue_evidence_pair(sgf_game *g, const char *prop,
                               const char *value, const char *prop2,
                               const char *value2)
{
    char q[80], q2[80], buf[192];
    snprintf(buf, sizeof buf, "%s[%s] and %s[%s]", prop,
             text_quote(q, sizeof q, value), prop2,
             text_quote(q2, sizeof q2, value2));
    return evidence_kept(g, buf);
}
