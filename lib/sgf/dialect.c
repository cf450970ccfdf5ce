/*
 * dialect.c - properties that servers and collections use in their own
 * sense (dialect.h).  The Nihon Kiin's records, and Fox's older ones, open
 * with TE[title] RD[date] KO[komi] GK[1] (sgfutils' nk2sgf renames them EV,
 * DT, KM and GM): read as FF[4] says, KO would be a misplaced ko mark and
 * TE a misplaced tesuji, their values errors, the komi and the event lost.
 */
#include <stdbool.h>
#include <string.h>

#include "sgf/dialect.h"

static const sgf_prop *find_unknown(const sgf_node *n, const char *id)
{
    for (const sgf_prop *q = n->props; q; q = q->next)
        if (q->kind == SGF_P_UNKNOWN && strcmp(q->id, id) == 0)
            return q;
    return NULL;
}

static bool has_unknown(const sgf_node *n, const char *id)
{
    return find_unknown(n, id) != NULL;
}

/* A node of the dialect: no move, and GK or RD beside the properties. */
static bool dialect_node(const sgf_node *n)
{
    if (sgf_node_find(n, SGF_P_B) || sgf_node_find(n, SGF_P_W))
        return false;
    return has_unknown(n, "GK") || has_unknown(n, "RD");
}

int dialect_kind(const sgf_node *n, const sgf_prop *p)
{
    int ff4;
    if (p->kind == SGF_P_KO)
        ff4 = SGF_P_KM;
    else if (p->kind == SGF_P_TE)
        ff4 = SGF_P_EV;
    else if (p->kind == SGF_P_UNKNOWN && strcmp(p->id, "RD") == 0)
        ff4 = SGF_P_DT;
    else
        return p->kind;
    if (!p->nvalues || !p->values[0].len || sgf_node_find(n, ff4) ||
        !dialect_node(n))
        return p->kind;
    return ff4;
}

const sgf_prop *dialect_find(const sgf_node *n, int kind)
{
    const sgf_prop *p = sgf_node_find(n, kind);
    if (p || (kind != SGF_P_KM && kind != SGF_P_DT && kind != SGF_P_EV))
        return p;
    for (p = n->props; p; p = p->next)
        if (dialect_kind(n, p) == kind)
            return p;
    return NULL;
}

const char *dialect_meaning(const sgf_node *n, const sgf_prop *p)
{
    if (p->kind == SGF_P_TC && has_unknown(n, "TT"))
        return " (beside TT: Fox's byo-yomi periods, not FF[3]'s territory "
               "count)";
    if (p->kind == SGF_P_LT && has_unknown(n, "LC"))
        return " (beside LC: byo-yomi seconds, as the Nihon Kiin's and Fox's "
               "older records write them, not FF[3]'s lose on time)";
    if (p->kind == SGF_P_UNKNOWN && strcmp(p->id, "PX") == 0 &&
        has_unknown(n, "PY"))
        return " (beside PY: one of the players, whose colour the record "
               "does not give)";
    if (p->kind == SGF_P_UNKNOWN && strcmp(p->id, "PY") == 0 &&
        has_unknown(n, "PX"))
        return " (beside PX: one of the players, whose colour the record "
               "does not give)";
    return NULL;
}

const sgf_prop *dialect_result_player(const sgf_node *n, const char *re)
{
    while (*re == ' ')
        re++;
    if ((re[0] != 'X' && re[0] != 'Y') || re[1] != '+' ||
        !has_unknown(n, "PX") || !has_unknown(n, "PY"))
        return NULL;
    return find_unknown(n, re[0] == 'X' ? "PX" : "PY");
}
