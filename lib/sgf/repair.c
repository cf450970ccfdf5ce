/*
 * repair.c - the repairs the writer makes under SGF_WRITE_REPAIR, planned
 * from the game's own diagnostics: each check that fired at a value, a
 * property or a node says what is done there (doc/repair.md has the
 * table).  The checks stay the one place that knows what is wrong; this
 * file only maps their findings to the smallest change that removes them.
 */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "sgf/checks.h"
#include "sgf/game.h"
#include "sgf/gameinfo.h"
#include "sgf/repair.h"

enum { AT_VALUE, AT_PROP, AT_NODE };

typedef struct entry {
    uint32_t pos;          /* of the value's '[', the id, the node's ';' */
    unsigned char at;      /* AT_* */
    unsigned char action;  /* repair_action; AT_NODE: split */
} entry;

typedef struct move {
    const sgf_node *to;
    const sgf_prop *p;
} move;

struct repair_plan {
    entry *e;
    size_t ne, cap_e;
    move *m;
    size_t nm, cap_m;
    bool nomem;
};

typedef struct found {
    uint32_t pos;
    int check;
} found;

/* The checks whose finding at a value is mended at that value. */
static bool value_check(int c)
{
    switch (c) {
    case SGF_C_VALUE_TYPE: case SGF_C_NON_ASCII_VALUE:
    case SGF_C_POINT_OUTSIDE: case SGF_C_DUPLICATE_POINT:
    case SGF_C_BAD_RECTANGLE: case SGF_C_BAD_SIZE:
    case SGF_C_DUPLICATE_LINE: case SGF_C_ONE_POINT_LINE:
        return true;
    default:
        return false;
    }
}

static bool acted_on(int c)
{
    switch (c) {
    case SGF_C_TWO_MOVES: case SGF_C_MOVE_AND_SETUP:
    case SGF_C_ROOT_NOT_IN_ROOT: case SGF_C_GAMEINFO_TWICE:
    case SGF_C_ANNOTATION_NO_MOVE: case SGF_C_KO_WITHOUT_MOVE:
    case SGF_C_ANNOTATION_CONFLICT: case SGF_C_SETUP_OVERLAP:
    case SGF_C_MARKUP_OVERLAP: case SGF_C_TERRITORY_OVERLAP:
    /* values joined into a single-valued property: the writer joins or
     * keeps one (always, under SGF_WRITE_REPAIR), then the result is
     * checked again */
    case SGF_C_DUPLICATE_PROPERTY: case SGF_C_TOO_MANY_VALUES:
    case SGF_C_DIALECT_PROPERTY: case SGF_C_KOMI_FORMAT:
        return true;
    default:
        return value_check(c);
    }
}

static int cmp_found(const void *a, const void *b)
{
    const found *x = a, *y = b;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static int cmp_entry(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->pos != y->pos)
        return (x->pos > y->pos) - (x->pos < y->pos);
    return (x->at > y->at) - (x->at < y->at);
}

static int cmp_move(const void *a, const void *b)
{
    const move *x = a, *y = b;
    uintptr_t s = (uintptr_t)x->to, t = (uintptr_t)y->to;
    if (s != t)
        return (s > t) - (s < t);
    return (x->p->pos > y->p->pos) - (x->p->pos < y->p->pos);
}

static void add(repair_plan *pl, uint32_t pos, int at, repair_action a)
{
    if (pl->ne == pl->cap_e) {
        entry *e = grow(pl->e, &pl->cap_e, pl->ne + 1, sizeof *e);
        if (!e) {
            pl->nomem = true;
            return;
        }
        pl->e = e;
    }
    pl->e[pl->ne++] = (entry){ pos, (unsigned char)at, (unsigned char)a };
}

static void move_to(repair_plan *pl, const sgf_node *to, const sgf_prop *p)
{
    if (pl->nm == pl->cap_m) {
        move *m = grow(pl->m, &pl->cap_m, pl->nm + 1, sizeof *m);
        if (!m) {
            pl->nomem = true;
            return;
        }
        pl->m = m;
    }
    pl->m[pl->nm++] = (move){ to, p };
    add(pl, p->pos, AT_PROP, REPAIR_MOVED);
}

static int prop_class(const sgf_prop *p)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    return pi ? (int)pi->cls : SGF_CL_NONE;
}

/* The findings at pos: [*from, *to) of f. */
static size_t findings_at(const found *f, size_t n, uint32_t pos, size_t *to)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f[mid].pos < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    *to = lo;
    while (*to < n && f[*to].pos == pos)
        (*to)++;
    return lo;
}

/* The nearest node above n that holds game information. */
static const sgf_node *gameinfo_above(const sgf_node *n)
{
    for (const sgf_node *a = n->parent; a; a = a->parent)
        for (const sgf_prop *p = a->props; p; p = p->next)
            if (prop_class(p) == SGF_CL_GAMEINFO)
                return a;
    return NULL;
}

static void plan_prop(repair_plan *pl, const sgf_node *n, const sgf_node *root,
                      const sgf_prop *p, int check)
{
    switch (check) {
    case SGF_C_TWO_MOVES:
    case SGF_C_MOVE_AND_SETUP:
        add(pl, n->pos, AT_NODE, REPAIR_KEEP);
        break;
    case SGF_C_ROOT_NOT_IN_ROOT:
        /* the root is written with its own FF[4] and CA */
        if (p->kind == SGF_P_FF || p->kind == SGF_P_CA)
            add(pl, p->pos, AT_PROP, REPAIR_DROP);
        else
            move_to(pl, root, p);
        break;
    case SGF_C_GAMEINFO_TWICE: {
        const sgf_node *to = gameinfo_above(n);
        for (const sgf_prop *q = n->props; to && q; q = q->next)
            if (prop_class(q) == SGF_CL_GAMEINFO)
                move_to(pl, to, q);
        break;
    }
    case SGF_C_ANNOTATION_NO_MOVE:
    case SGF_C_KO_WITHOUT_MOVE:
    case SGF_C_ANNOTATION_CONFLICT:
        add(pl, p->pos, AT_PROP, REPAIR_DROP);
        break;
    case SGF_C_SETUP_OVERLAP:
    case SGF_C_MARKUP_OVERLAP:
    case SGF_C_TERRITORY_OVERLAP:
        add(pl, p->pos, AT_PROP, REPAIR_OVERLAP);
        break;
    case SGF_C_DIALECT_PROPERTY:
        add(pl, p->pos, AT_PROP, REPAIR_RENAME);
        break;
    case SGF_C_KOMI_FORMAT:
        add(pl, p->pos, AT_PROP, REPAIR_KOMI);
        break;
    default:
        if (value_check(check))     /* reported at the property itself */
            add(pl, p->pos, AT_PROP, REPAIR_DROP);
        break;
    }
}

/* A size in a form the reader understands (SZ[9x9], SZ[9:9]): written
 * anew, not left out, or the game would become a 19x19 one. */
static bool size_readable(const sgf_prop *p, const sgf_value *v)
{
    char t[32];
    int w, h;
    bool ff4;
    if (p->kind != SGF_P_SZ || v->len >= sizeof t)
        return false;
    memcpy(t, v->raw, v->len);
    t[v->len] = '\0';
    return gameinfo_parse_size(t, &w, &h, &ff4);
}

static void plan_values(repair_plan *pl, const sgf_prop *p, const found *f,
                        size_t nf)
{
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    for (uint32_t i = 0; i < p->nvalues; i++) {
        size_t to, j = findings_at(f, nf, p->values[i].pos, &to);
        for (; j < to; j++)
            if (value_check(f[j].check) && i == 0 &&
                size_readable(p, &p->values[i])) {
                add(pl, p->pos, AT_PROP, REPAIR_SIZE);
                break;
            } else if (value_check(f[j].check)) {
                /* a property of type None holds no data: KO[xx] is KO[] */
                add(pl, p->values[i].pos, AT_VALUE,
                    pi && pi->type == SGF_T_NONE ? REPAIR_EMPTY : REPAIR_DROP);
                break;
            }
    }
}

static void plan_tree(repair_plan *pl, const sgf_node *root, const found *f,
                      size_t nf)
{
    const sgf_node *n = root;
    while (n && !pl->nomem) {
        for (const sgf_prop *p = n->props; p; p = p->next) {
            size_t to, j = findings_at(f, nf, p->pos, &to);
            for (; j < to; j++)
                plan_prop(pl, n, root, p, f[j].check);
            if (p->nvalues)
                plan_values(pl, p, f, nf);
        }
        /* pre-order, without a stack */
        if (n->child) {
            n = n->child;
            continue;
        }
        while (n && !n->next)
            n = n->parent;
        if (n)
            n = n->next;
    }
}

int repair_plan_new(const sgf_game *g, repair_plan **out)
{
    size_t nd = sgf_game_diag_count(g), nf = 0;
    *out = NULL;
    found *f = nd ? malloc(nd * sizeof *f) : NULL;
    if (nd && !f)
        return SGF_E_NOMEM;
    for (size_t i = 0; i < nd; i++) {
        const sgf_diag *d = sgf_game_diag(g, i);
        if (acted_on(d->check) && d->offset >= g->offset &&
            d->offset - g->offset < g->len)
            f[nf++] = (found){ (uint32_t)(d->offset - g->offset), d->check };
    }
    if (!nf || !g->root) {
        free(f);
        return SGF_OK;
    }
    qsort(f, nf, sizeof *f, cmp_found);
    repair_plan *pl = calloc(1, sizeof *pl);
    if (!pl) {
        free(f);
        return SGF_E_NOMEM;
    }
    plan_tree(pl, g->root, f, nf);
    free(f);
    if (pl->nomem) {
        repair_plan_free(pl);
        return SGF_E_NOMEM;
    }
    if (pl->ne)
        qsort(pl->e, pl->ne, sizeof *pl->e, cmp_entry);
    if (pl->nm)
        qsort(pl->m, pl->nm, sizeof *pl->m, cmp_move);
    *out = pl;
    return SGF_OK;
}

void repair_plan_free(repair_plan *plan)
{
    if (!plan)
        return;
    free(plan->e);
    free(plan->m);
    free(plan);
}

static const entry *lookup(const repair_plan *pl, uint32_t pos, int at)
{
    if (!pl || !pl->ne)
        return NULL;
    entry key = { pos, (unsigned char)at, 0 };
    return bsearch(&key, pl->e, pl->ne, sizeof *pl->e, cmp_entry);
}

repair_action repair_value(const repair_plan *plan, const sgf_value *v)
{
    const entry *e = lookup(plan, v->pos, AT_VALUE);
    return e ? (repair_action)e->action : REPAIR_KEEP;
}

repair_action repair_prop(const repair_plan *plan, const sgf_prop *p)
{
    const entry *e = lookup(plan, p->pos, AT_PROP);
    if (!e)
        return REPAIR_KEEP;
    /* a property both moved and dropped (two findings) goes */
    for (const entry *x = e; x < plan->e + plan->ne && x->pos == p->pos &&
                             x->at == AT_PROP; x++)
        if (x->action == REPAIR_DROP)
            return REPAIR_DROP;
    for (const entry *x = e; x > plan->e && x[-1].pos == p->pos &&
                             x[-1].at == AT_PROP; x--)
        if (x[-1].action == REPAIR_DROP)
            return REPAIR_DROP;
    return (repair_action)e->action;
}

bool repair_has(const repair_plan *plan, const sgf_prop *p, repair_action a)
{
    const entry *e = lookup(plan, p->pos, AT_PROP);
    if (!e)
        return false;
    while (e > plan->e && e[-1].pos == p->pos && e[-1].at == AT_PROP)
        e--;
    for (; e < plan->e + plan->ne && e->pos == p->pos && e->at == AT_PROP; e++)
        if (e->action == a)
            return true;
    return false;
}

bool repair_split(const repair_plan *plan, const sgf_node *n)
{
    return lookup(plan, n->pos, AT_NODE) != NULL;
}

static bool is_move_prop(const sgf_prop *p)
{
    switch (p->kind) {
    case SGF_P_BM: case SGF_P_DO: case SGF_P_IT: case SGF_P_TE:
        return true;
    default:
        return prop_class(p) == SGF_CL_MOVE;
    }
}

int repair_part(const sgf_node *n, const sgf_prop *p)
{
    /* the root keeps all but its moves; another node only its setup */
    if (n->parent ? prop_class(p) == SGF_CL_SETUP : !is_move_prop(p))
        return 0;
    const sgf_prop *first = NULL;
    for (const sgf_prop *q = n->props; q; q = q->next) {
        if (q->kind != SGF_P_B && q->kind != SGF_P_W)
            continue;
        if (!first)
            first = q;
        else {
            /* q is the second move: it and what follows go in part 2 */
            for (const sgf_prop *r = q; r; r = r->next)
                if (r == p)
                    return 2;
            break;
        }
    }
    return 1;
}

const sgf_prop *repair_moved_into(const repair_plan *plan, const sgf_node *n,
                                  size_t i)
{
    if (!plan || !plan->nm)
        return NULL;
    size_t lo = 0, hi = plan->nm;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)plan->m[mid].to < (uintptr_t)n)
            lo = mid + 1;
        else
            hi = mid;
    }
    lo += i;
    return lo < plan->nm && plan->m[lo].to == n ? plan->m[lo].p : NULL;
}

static int overlap_group(int kind)
{
    switch (kind) {
    case SGF_P_AB: case SGF_P_AW: case SGF_P_AE:
        return 1;
    case SGF_P_TB: case SGF_P_TW:
        return 2;
    case SGF_P_CR: case SGF_P_MA: case SGF_P_SL: case SGF_P_SQ: case SGF_P_TR:
        return 3;
    default:
        return 0;
    }
}

bool repair_same_group(const sgf_prop *p, const sgf_prop *q)
{
    int a = overlap_group(p->kind);
    return a && a == overlap_group(q->kind);
}
