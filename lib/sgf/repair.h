/*
 * repair.h - what the writer changes so that a game it writes passes the
 * property, value and placement checks (repair.c; doc/repair.md).  Never
 * installed.
 */
#ifndef SGFKIT_SGF_REPAIR_H
#define SGFKIT_SGF_REPAIR_H

#include <stdbool.h>
#include "sgfkit.h"
#include "sgf/points.h"

typedef enum {
    REPAIR_KEEP,
    REPAIR_DROP,          /* a value or a property left out */
    REPAIR_EMPTY,         /* a value written empty: KO[xx] -> KO[] */
    REPAIR_OVERLAP,       /* a point list without the points an earlier
                           * property of its group in the node holds */
    REPAIR_MOVED,         /* a property written in another node instead */
    REPAIR_RENAME,        /* a property of a dialect written under its
                           * FF[4] id (dialect_kind): KO[6.5] -> KM[6.5] */
    REPAIR_KOMI,          /* a komi in words written as the number the
                           * game information read: KM[7目半] -> KM[7.5] */
    REPAIR_SIZE           /* a board size written in FF[4]'s form:
                           * SZ[9x9] -> SZ[9], SZ[9:9] -> SZ[9] */
} repair_action;

typedef struct repair_plan repair_plan;

/* The repairs g's diagnostics call for, in *out; NULL (and 0) when g has
 * none of the diagnostics they act on.  0 or SGF_E_NOMEM. */
int repair_plan_new(const sgf_game *g, repair_plan **out);
void repair_plan_free(repair_plan *plan);
/* What to do with a value, a property; plan may be NULL (keep). */
repair_action repair_value(const repair_plan *plan, const sgf_value *v);
repair_action repair_prop(const repair_plan *plan, const sgf_prop *p);
/* Whether the plan has action a for p (REPAIR_KOMI, REPAIR_SIZE: its
 * value written anew), whatever else it does with p. */
bool repair_has(const repair_plan *plan, const sgf_prop *p, repair_action a);
/* n holds both a move and setup, or two moves: it is written as up to
 * three nodes (repair_part). */
bool repair_split(const repair_plan *plan, const sgf_node *n);
/* The part of a split node p is written in: 0 its setup, 1 the rest up to
 * its second move, 2 that move and what follows it. */
int repair_part(const sgf_node *n, const sgf_prop *p);
/* The i-th property moved into n (a root property found below the root, a
 * second game-info node's properties), or NULL after the last. */
const sgf_prop *repair_moved_into(const repair_plan *plan, const sgf_node *n,
                                  size_t i);
/* Whether p's points go in the same overlap group as q's (AB AW AE; TB TW;
 * CR MA SL SQ TR). */
bool repair_same_group(const sgf_prop *p, const sgf_prop *q);

#endif /* SGFKIT_SGF_REPAIR_H */
