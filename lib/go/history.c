/*
 * history.c - what sgf_position remembers of the game: the per-ply log, the
 * set of boards seen, and from them the ko and superko bans, game end and
 * the names of cycles (RULES.md section 2).
 *
 * Every ply (passes included) appends one ply_rec and adds its board to
 * the set.  play() does not check a move before executing it: the
 * execution tells captures and suicide, and the superko verdict is read
 * from the set entry that recording the ply updates anyway, so a move
 * costs one pass over its neighbours and one probe of the set.  legal()
 * alone works from the neighbours without touching the board.
 */
#include <stdlib.h>
#include <string.h>
#include "go/board.h"

/* RULES.md: the chinese set, which also applies to legality when a record
 * names no rules. */
const sgf_rules board_default_rules = {
    .name = "chinese",
    .ko = SGF_KO_POSITIONAL,
    .scoring = SGF_SCORING_AREA,
    .tax = SGF_TAX_NONE,
    .suicide = 0,
    .komi = 7.5,
    .bonus = SGF_BONUS_N,
    .first = SGF_BLACK,
    .cycle = SGF_CYCLE_RULE_ILLEGAL,
};

/* ---- the set of boards ---- */

static hentry *set_find(const sgf_position *p, uint64_t key)
{
    size_t mask = p->set_cap - 1;
    for (size_t i = (size_t)key & mask;; i = (i + 1) & mask) {
        hentry *e = &p->set[i];
        if (e->stamp != p->gen)
            return NULL;
        if (e->key == key)
            return e;
    }
}

static int set_grow(sgf_position *p)
{
    size_t cap = p->set_cap * 2, mask = cap - 1;
    hentry *n = calloc(cap, sizeof *n);
    if (!n)
        return -1;
    /* stamps of the new table are 0 and gen is never 0: all free */
    for (size_t j = 0; j < p->set_cap; j++) {
        const hentry *e = &p->set[j];
        if (e->stamp != p->gen)
            continue;
        size_t i = (size_t)e->key & mask;
        while (n[i].stamp == p->gen)
            i = (i + 1) & mask;
        n[i] = *e;
    }
    free(p->set);
    p->set = n;
    p->set_cap = cap;
    return 0;
}

/* A new entry of key at slot i. */
static inline hentry *set_put(sgf_position *p, size_t i, uint64_t key)
{
    hentry *e = &p->set[i];
    e->key = key;
    e->stamp = p->gen;
    e->ref = REF_NONE;
    p->set_used++;
    return e;
}

/* The entry of key, added (ref REF_NONE) when new; NULL when the set is
 * full and cannot grow. */
static hentry *set_insert(sgf_position *p, uint64_t key)
{
    size_t mask = p->set_cap - 1, i = (size_t)key & mask;
    for (;; i = (i + 1) & mask) {
        hentry *e = &p->set[i];
        if (e->stamp != p->gen)
            break;
        if (e->key == key)
            return e;
    }
    if ((p->set_used + 1) * 2 > p->set_cap) {
        if (set_grow(p) != 0) {
            p->history_lost = 1;
            if (p->set_used + 1 >= p->set_cap)
                return NULL;
        }
        mask = p->set_cap - 1;
        for (i = (size_t)key & mask; p->set[i].stamp == p->gen;)
            i = (i + 1) & mask;
    }
    return set_put(p, i, key);
}

/* set_insert for a key that cannot be in the set (a board new to the
 * game): no keys to compare. */
static inline hentry *set_add_new(sgf_position *p, uint64_t key)
{
    if ((p->set_used + 1) * 2 > p->set_cap)
        return set_insert(p, key);
    size_t mask = p->set_cap - 1, i = (size_t)key & mask;
    while (p->set[i].stamp == p->gen)
        i = (i + 1) & mask;
    return set_put(p, i, key);
}

/* Empties the set of boards seen, in O(1): entries of an older generation
 * are free. */
static void set_forget(sgf_position *p)
{
    if (++p->gen == 0) {
        /* once in 2^32 games: stamps from the last cycle would look fresh */
        for (size_t i = 0; i < p->set_cap; i++)
            p->set[i].stamp = 0;
        p->gen = 1;
    }
    p->set_used = 0;
    p->nrep = 0;
}

/* ref of a single occurrence at the current ply, -1 when the ply does not
 * fit (a record takes it then). */
static inline int32_t single_ref(const sgf_position *p, int t)
{
    return p->ply < INT32_MAX / 2 ? (int32_t)(p->ply * 2 + t) : -1;
}

/* e's occurrences as a record, read only.  A single occurrence at ply j
 * counts since the last pass exactly when j is not before it: the pass
 * that ends an epoch comes after every ply of that epoch. */
static hrep entry_view(const sgf_position *p, const hentry *e)
{
    hrep r = { -1, { -1, -1 }, { 0, 0 }, 0 };
    if (e->ref < 0)
        return p->rep[~e->ref];
    if (e->ref != REF_NONE) {
        int ply = e->ref >> 1, t = e->ref & 1;
        r.first[t] = ply;
        if (ply >= p->epoch) {
            r.epoch = p->epoch;
            r.cnt[t] = 1;
        }
    }
    return r;
}

/* e's record, made when e has none; NULL when memory ran out. */
static hrep *entry_rep(sgf_position *p, hentry *e)
{
    if (e->ref < 0)
        return &p->rep[~e->ref];
    if (p->nrep == p->rep_cap) {
        hrep *n = realloc(p->rep, 2 * p->rep_cap * sizeof *n);
        if (!n) {
            p->history_lost = 1;
            return NULL;
        }
        p->rep = n;
        p->rep_cap *= 2;
    }
    hrep *r = &p->rep[p->nrep];
    *r = entry_view(p, e);
    e->ref = ~(int32_t)p->nrep++;
    return r;
}

/* One more occurrence of (r's board, player t) at the current ply. */
static void set_note(const sgf_position *p, hrep *r, int t)
{
    if (r->first[t] < 0)
        r->first[t] = p->ply;
    if (r->epoch != p->epoch) {
        r->epoch = p->epoch;
        r->cnt[0] = r->cnt[1] = 0;
    }
    if (r->cnt[t] < UINT8_MAX)
        r->cnt[t]++;
}

/* set_note on an entry: the first occurrence stays in the entry.  Returns
 * the record noted, NULL when there is none. */
static inline hrep *entry_note(sgf_position *p, hentry *e, int t)
{
    if (e->ref == REF_NONE) {
        int32_t ref = single_ref(p, t);
        if (ref >= 0) {
            e->ref = ref;
            return NULL;
        }
    }
    hrep *r = entry_rep(p, e);
    if (r)
        set_note(p, r, t);
    return r;
}

/* Occurrences of r's board since the last pass (spight's history). */
static int since_pass(const sgf_position *p, const hrep *r)
{
    return r->epoch == p->epoch && (r->cnt[0] || r->cnt[1]);
}

/* Would arriving at r's board, with t to move, break the superko rule? */
static sgf_legality superko(const sgf_position *p, const hrep *r, int t)
{
    switch (p->rules.ko) {
    case SGF_KO_POSITIONAL:
        if (r->first[0] >= 0 || r->first[1] >= 0)
            return SGF_ILLEGAL_POSITIONAL_SUPERKO;
        break;
    case SGF_KO_SITUATIONAL:
        if (r->first[t] >= 0)
            return SGF_ILLEGAL_SITUATIONAL_SUPERKO;
        break;
    case SGF_KO_SPIGHT:
        if (since_pass(p, r))
            return SGF_ILLEGAL_POSITIONAL_SUPERKO;
        break;
    case SGF_KO_SIMPLE:
        break;
    }
    return SGF_LEGAL;
}

/* ---- the log ---- */

static ply_rec *log_grow(sgf_position *p)
{
    ply_rec *n = realloc(p->log, 2 * p->log_cap * sizeof *n);
    if (!n) {
        p->history_lost = 1;
        return NULL;
    }
    p->log = n;
    p->log_cap *= 2;
    return &p->log[p->nlog++];
}

static inline ply_rec *log_push(sgf_position *p)
{
    if ((size_t)p->nlog == p->log_cap)
        return log_grow(p);
    return &p->log[p->nlog++];
}

/* The current position replaces the one recorded for the current ply
 * (setup or PL[] changed it without a move). */
static void rerecord(sgf_position *p)
{
    if (p->nlog != p->ply + 1)
        return;   /* the log was lost: nothing to replace */
    ply_rec *r = &p->log[p->ply];
    if (r->hash == p->hash && r->to_move == p->to_move)
        return;
    hentry *e = set_find(p, r->hash);
    hrep *x = e ? entry_rep(p, e) : NULL;
    if (x) {
        int t = r->to_move - 1;
        /* first[t] is the earliest occurrence: if it is this ply there is
         * no other one to fall back to */
        if (x->first[t] == p->ply)
            x->first[t] = -1;
        if (x->epoch == p->epoch && x->cnt[t])
            x->cnt[t]--;
    }
    if (r->hash != p->hash)
        p->passes = 0;   /* the board changed between the passes */
    r->hash = p->hash;
    r->to_move = (uint8_t)p->to_move;
    e = set_insert(p, p->hash);
    if (e)
        entry_note(p, e, p->to_move - 1);
}

/* ---- public ---- */

int sgf_position_reset(sgf_position *p, int width, int height,
                       const sgf_rules *r)
{
    if (!p || width < 1 || height < 1 || width > BOARD_MAX || height > BOARD_MAX)
        return SGF_E_ARG;
    p->rules = r ? *r : board_default_rules;
    if (p->rules.first != SGF_WHITE)
        p->rules.first = SGF_BLACK;
    board_clear(p, width, height);
    p->to_move = p->rules.first;
    p->ply = 0;
    p->passes = 0;
    p->epoch = 0;
    p->game_over = p->no_result = 0;
    p->history_lost = 0;
    set_forget(p);
    p->nlog = 0;
    ply_rec *l = log_push(p);   /* the log holds at least one entry */
    l->hash = 0;
    l->point = 0;
    l->captured = 0;
    l->color = 0;
    l->to_move = (uint8_t)p->to_move;
    l->flags = 0;
    hentry *e = set_insert(p, 0);
    if (e)
        entry_note(p, e, p->to_move - 1);
    return SGF_OK;
}

const sgf_rules *sgf_position_rules(const sgf_position *p) { return &p->rules; }
int sgf_position_to_move(const sgf_position *p) { return p->to_move; }
int sgf_position_ply(const sgf_position *p) { return p->ply; }
int sgf_position_game_over(const sgf_position *p) { return p->game_over; }
int sgf_position_no_result(const sgf_position *p) { return p->no_result; }

void sgf_position_set_to_move(sgf_position *p, int color)
{
    if ((color != SGF_BLACK && color != SGF_WHITE) || color == p->to_move)
        return;
    p->to_move = color;
    if (!p->setup_pending)
        rerecord(p);
}

int sgf_position_setup_done(sgf_position *p)
{
    int dead = p->dirty ? board_rebuild(p) : board_dead_strings(p);
    p->setup_pending = 0;
    /* Setup after the first move starts a new position (a diagram in a
     * commented record: AE clears the board and the game is shown again,
     * 当代名局/第11局.sgf).  Repetition is judged from there: the boards of
     * before are forgotten, or the replayed moves would all be superko. */
    if (p->ply > 0 && p->hash != p->log[p->nlog - 1].hash)
        set_forget(p);
    rerecord(p);
    return dead;
}

/* Occupied, suicide, ko: the checks that need no history (legal() only).
 * The probe is filled for empty points. */
static sgf_legality local_legality(const sgf_position *p, int c, int pt,
                                   board_probe *pr)
{
    if (p->color[pt] != SGF_EMPTY)
        return SGF_ILLEGAL_OCCUPIED;
    board_probe_move(p, pt, c, pr);
    if (!pr->liberty && !pr->ncap && (!pr->nown || !p->rules.suicide))
        return SGF_ILLEGAL_SUICIDE;
    if (pt == p->ko_point && c == p->ko_color)
        return SGF_ILLEGAL_KO;
    return SGF_LEGAL;
}

sgf_legality sgf_position_legal(sgf_position *p, int color, int x, int y)
{
    if (x == -1 && y == -1)
        return SGF_LEGAL;
    if (!board_on(p, x, y) || (color != SGF_BLACK && color != SGF_WHITE))
        return SGF_ILLEGAL_OFF_BOARD;
    if (p->dirty)
        board_rebuild(p);   /* strings only: nothing observable changes */
    int pt = board_index(p, x, y);
    board_probe pr;
    sgf_legality l = local_legality(p, color, pt, &pr);
    if (l != SGF_LEGAL || p->rules.ko == SGF_KO_SIMPLE)
        return l;
    int suicide = !pr.liberty && !pr.ncap;
    /* a point never occupied in this game is empty in every earlier
     * position, so a stone that stays there makes a new one */
    if (!suicide && !pr.ncap && !p->ever[pt])
        return SGF_LEGAL;
    uint64_t h = p->hash;
    if (suicide) {
        for (int i = 0; i < pr.nown; i++)
            h ^= board_string_key(p, pr.own[i]);
    } else {
        h ^= board_key(p, pt, color);
        for (int i = 0; i < pr.ncap; i++)
            h ^= board_string_key(p, pr.cap[i]);
    }
    const hentry *e = set_find(p, h);
    if (!e)
        return SGF_LEGAL;
    hrep v = entry_view(p, e);
    return superko(p, &v, (3 - color) - 1);
}

/* board_play_stone out of line, for the plies off the common path. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void play_stone(sgf_position *p, int pt, int color, board_move *m)
{
    board_play_stone(p, pt, color, board_key(p, pt, color), m);
}

/* What a stone just played says of its legality (res->legality is
 * SGF_LEGAL unless the point was occupied), and its ply's flags. */
static uint8_t stone_played(sgf_position *p, int color, int retake,
                            const board_move *m, play_result *res)
{
    if (res->legality == SGF_LEGAL) {
        if (m->suicided && (m->suicided == 1 || !p->rules.suicide))
            res->legality = SGF_ILLEGAL_SUICIDE;
        else if (retake)
            res->legality = SGF_ILLEGAL_KO;
    }
    p->prisoners[color] += m->captured;
    /* suicided stones go to the opponent, as a capture would */
    p->prisoners[3 - color] += m->suicided;
    res->captured = m->captured;
    res->suicided = m->suicided;
    return (uint8_t)((m->ko ? PLY_KO_CAPTURE : 0) |
                     (m->suicided ? PLY_SUICIDE : 0));
}

/* Appends the ply to the log. */
static inline void log_ply(sgf_position *p, int color, int pt, int captured,
                           uint8_t flags)
{
    ply_rec *r = log_push(p);
    if (r) {
        r->hash = p->hash;
        r->point = (uint16_t)pt;
        r->captured = (uint16_t)captured;
        r->color = (uint8_t)color;
        r->to_move = (uint8_t)p->to_move;
        r->flags = flags;
    }
}

/* The ply after its board work, for a board that may have been seen:
 * log, set, the superko verdict, game end. */
static void record(sgf_position *p, int color, int pt, int before,
                   uint8_t flags, int captured, play_result *res)
{
    const int o = 3 - color;
    p->ply++;
    p->to_move = o;
    if (flags & PLY_PASS) {
        p->passes++;
        p->epoch = p->ply;
    } else {
        p->passes = 0;
    }
    log_ply(p, color, pt, captured, flags);

    hentry *e = set_insert(p, p->hash);
    if (e && e->ref == REF_NONE && !(flags & PLY_PASS)) {
        /* a board not seen before: no ban, no repeat, no cycle */
        entry_note(p, e, o - 1);
    } else if (e) {
        /* the entry still describes the earlier plies only */
        hrep v = entry_view(p, e);
        int a = v.first[0], b = v.first[1];
        res->repeats = a < 0 ? b : b < 0 ? a : a < b ? a : b;
        res->repeats_situation = v.first[o - 1];
        if (res->legality == SGF_LEGAL && pt)
            res->legality = superko(p, &v, o - 1);
        hrep *x;
        if (flags & PLY_PASS) {
            /* a pass does not change the board: e is the situation the
             * player passed from.  Under simple and spight ko, passing
             * from it again ends the game (RULES.md 2; KataGo's
             * spight-style end), whatever happened in between. */
            uint8_t bit = (uint8_t)(1u << ((before - 1) * 2 + (color - 1)));
            if ((v.passed & bit) && (p->rules.ko == SGF_KO_SIMPLE ||
                                     p->rules.ko == SGF_KO_SPIGHT))
                p->game_over = 1;
            x = entry_rep(p, e);
            if (x) {
                x->passed |= bit;
                set_note(p, x, o - 1);
            }
        } else {
            x = entry_note(p, e, o - 1);
        }
        if (x && p->rules.ko == SGF_KO_SIMPLE &&
            p->rules.cycle == SGF_CYCLE_RULE_NO_RESULT && x->cnt[o - 1] >= 3)
            p->game_over = p->no_result = 1;
    }
    if (p->passes >= 2)
        p->game_over = 1;
}

void history_play(sgf_position *p, int color, int pt, play_result *res)
{
    res->legality = SGF_LEGAL;
    res->repeats = res->repeats_situation = -1;
    if (p->setup_pending)
        sgf_position_setup_done(p);
    else if (p->dirty)
        board_rebuild(p);
    const int before = p->to_move;
    if (pt > 0) {
        int retake = pt == p->ko_point && color == p->ko_color;
        board_move m;
        if (p->color[pt] != SGF_EMPTY) {
            res->legality = SGF_ILLEGAL_OCCUPIED;
            board_lift(p, pt);   /* SGF: the new stone replaces the old */
        }
        /* no probe: executing the move tells captures and suicide */
        play_stone(p, pt, color, &m);
        uint8_t flags = stone_played(p, color, retake, &m, res);
        record(p, color, pt, before, flags, m.captured, res);
        return;
    }
    res->captured = res->suicided = 0;
    p->ko_point = p->ko_color = 0;
    if (pt == 0) {
        record(p, color, 0, before, PLY_PASS, 0, res);
    } else {
        res->legality = SGF_ILLEGAL_OFF_BOARD;
        record(p, color, 0, before, PLY_OFF, 0, res);
    }
}

void history_stone(sgf_position *p, int color, int pt, const board_move *m,
                   play_result *res)
{
    res->legality = SGF_LEGAL;
    res->repeats = res->repeats_situation = -1;
    uint8_t flags = stone_played(p, color, 0, m, res);
    record(p, color, pt, p->to_move, flags, m->captured, res);
}

void history_new_board(sgf_position *p, int color, int pt)
{
    log_ply(p, color, pt, 0, 0);
    hentry *e = set_add_new(p, p->hash);
    if (e)
        entry_note(p, e, p->to_move - 1);
}

void sgf_position_play(sgf_position *p, int color, int x, int y,
                       sgf_play_info *info)
{
    sgf_play_info dummy;
    if (!info)
        info = &dummy;
    info->ko_x = info->ko_y = -1;
    if (color != SGF_BLACK && color != SGF_WHITE) {
        info->legality = SGF_ILLEGAL_OFF_BOARD;   /* no player: no ply */
        info->captured = info->suicided = 0;
        info->repeats = info->repeats_situation = -1;
        return;
    }
    int pt = x == -1 && y == -1 ? 0 : board_on(p, x, y) ? board_index(p, x, y)
                                                        : -1;
    /* what history_play_stone leaves as it is */
    play_result res = { SGF_LEGAL, 0, 0, -1, -1 };
    if (pt > 0)
        history_play_stone(p, color, pt, &res);
    else
        history_play(p, color, pt, &res);
    info->legality = res.legality;
    info->captured = res.captured;
    info->suicided = res.suicided;
    info->repeats = res.repeats;
    info->repeats_situation = res.repeats_situation;
    if (p->ko_point) {
        info->ko_x = board_x(p, p->ko_point);
        info->ko_y = board_y(p, p->ko_point);
    }
}

/* ---- cycles ---- */

/* How the plies from+1..to that brought back the position after ply from
 * are classified:
 *  - send two, return one (双提两子): a two-stone string is thrown in and
 *    captured, and the capturing stone is taken back by a single capture
 *    that is not a ko (the returning stone keeps the other point of the
 *    two as a liberty).  So: captures of two stones, at least as many
 *    single non-ko captures, nothing bigger.  Checked first because the
 *    throw-in also makes it look like eternal life.  (rules-cases.md
 *    ko-*-send2return1: W ca, B aa takes two, W ba takes one back.)
 *  - eternal life (长生): stones thrown in that capture nothing, and
 *    captures of them, in any other mix.  (rules-cases.md eternal-life:
 *    B ce and W fe capture nothing, W ee and B de take two each.)
 *  - n-fold ko: every stone move is a single-stone ko capture (passes may
 *    stand in for threats); each ko is taken once by each side per cycle,
 *    at two points, so the ko count is the number of distinct capture
 *    points / 2 whatever the number of cycles between from and to.
 *    (rules-cases.md triple-ko: six ko captures on six points per cycle.)
 *  - anything else (passes only, suicides, big captures) is OTHER. */
sgf_cycle_kind sgf_position_cycle(const sgf_position *p, int from, int to)
{
    if (from < 0 || to <= from || to >= p->nlog)
        return SGF_CYCLE_OTHER;
    int quiet = 0, ko = 0, one = 0, two = 0, more = 0, other = 0, npts = 0;
    int pts[8];
    for (int i = from + 1; i <= to; i++) {
        const ply_rec *r = &p->log[i];
        if (r->flags & (PLY_PASS | PLY_OFF))
            continue;
        if (r->flags & PLY_SUICIDE)
            other++;
        else if (r->captured == 0)
            quiet++;
        else if (r->flags & PLY_KO_CAPTURE) {
            ko++;
            int seen = 0;
            for (int j = 0; j < npts; j++)
                seen |= pts[j] == r->point;
            if (!seen) {
                if (npts == 8)
                    other++;   /* more kos than have names */
                else
                    pts[npts++] = r->point;
            }
        } else if (r->captured == 1)
            one++;
        else if (r->captured == 2)
            two++;
        else
            more++;
    }
    if (other)
        return SGF_CYCLE_OTHER;
    if (two && one >= two && !more)
        return SGF_CYCLE_SEND_TWO_RETURN_ONE;
    if (quiet && (ko || one || two || more))
        return SGF_CYCLE_ETERNAL_LIFE;
    if (ko && !quiet && !one && !two && !more && npts % 2 == 0) {
        switch (npts / 2) {
        case 1: return SGF_CYCLE_KO;
        case 2: return SGF_CYCLE_DOUBLE_KO;
        case 3: return SGF_CYCLE_TRIPLE_KO;
        case 4: return SGF_CYCLE_QUADRUPLE_KO;
        default: break;
        }
    }
    return SGF_CYCLE_OTHER;
}

const char *sgf_cycle_name(sgf_cycle_kind k)
{
    switch (k) {
    case SGF_CYCLE_KO: return "ko";
    case SGF_CYCLE_DOUBLE_KO: return "double ko";
    case SGF_CYCLE_TRIPLE_KO: return "triple ko";
    case SGF_CYCLE_QUADRUPLE_KO: return "quadruple ko";
    case SGF_CYCLE_ETERNAL_LIFE: return "eternal life";
    case SGF_CYCLE_SEND_TWO_RETURN_ONE: return "send two, return one";
    case SGF_CYCLE_OTHER: break;
    }
    return "other";
}
