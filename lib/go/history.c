/*
 * history.c - what a position remembers of its game: the per-ply log, the
 * set of boards seen, and from them the ko and superko bans, game end and
 * the names of cycles (doc/rules.md, "The board and its history").
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
#include "common/grow.h"
#include "go/board.h"
#include "go/history.h"

/* doc/rules.md: the chinese set, which also applies to legality when a record
 * names no rules. */
const sgf_rules history_default_rules = {
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

static hentry *set_find(const history *h, uint64_t key)
{
    size_t mask = h->set_cap - 1;
    for (size_t i = (size_t)key & mask;; i = (i + 1) & mask) {
        hentry *e = &h->set[i];
        if (e->stamp != h->gen)
            return NULL;
        if (e->key == key)
            return e;
    }
}

static int set_grow(history *h)
{
    size_t cap = h->set_cap * 2, mask = cap - 1;
    hentry *n = calloc(cap, sizeof *n);
    if (!n)
        return -1;
    /* stamps of the new table are 0 and gen is never 0: all free */
    for (size_t j = 0; j < h->set_cap; j++) {
        const hentry *e = &h->set[j];
        if (e->stamp != h->gen)
            continue;
        size_t i = (size_t)e->key & mask;
        while (n[i].stamp == h->gen)
            i = (i + 1) & mask;
        n[i] = *e;
    }
    free(h->set);
    h->set = n;
    h->set_cap = cap;
    return 0;
}

/* A new entry of key at slot i. */
static inline hentry *set_put(history *h, size_t i, uint64_t key)
{
    hentry *e = &h->set[i];
    e->key = key;
    e->stamp = h->gen;
    e->ref = REF_NONE;
    h->set_used++;
    return e;
}

/* The entry of key, added (ref REF_NONE) when new; NULL when the set is
 * full and cannot grow. */
static hentry *set_insert(history *h, uint64_t key)
{
    size_t mask = h->set_cap - 1, i = (size_t)key & mask;
    for (;; i = (i + 1) & mask) {
        hentry *e = &h->set[i];
        if (e->stamp != h->gen)
            break;
        if (e->key == key)
            return e;
    }
    if ((h->set_used + 1) * 2 > h->set_cap) {
        if (set_grow(h) != 0) {
            h->history_lost = 1;
            if (h->set_used + 1 >= h->set_cap)
                return NULL;
        }
        mask = h->set_cap - 1;
        for (i = (size_t)key & mask; h->set[i].stamp == h->gen;)
            i = (i + 1) & mask;
    }
    return set_put(h, i, key);
}

/* set_insert for a key that cannot be in the set (a board new to the
 * game): no keys to compare. */
static inline hentry *set_add_new(history *h, uint64_t key)
{
    if ((h->set_used + 1) * 2 > h->set_cap)
        return set_insert(h, key);
    size_t mask = h->set_cap - 1, i = (size_t)key & mask;
    while (h->set[i].stamp == h->gen)
        i = (i + 1) & mask;
    return set_put(h, i, key);
}

/* Empties the set of boards seen, in O(1): entries of an older generation
 * are free. */
static void set_forget(history *h)
{
    if (++h->gen == 0) {
        /* once in 2^32 games: stamps from the last cycle would look fresh */
        for (size_t i = 0; i < h->set_cap; i++)
            h->set[i].stamp = 0;
        h->gen = 1;
    }
    h->set_used = 0;
    h->nrep = 0;
}

/* ref of a single occurrence at the current ply, -1 when the ply does not
 * fit (a record takes it then). */
static inline int32_t single_ref(const history *h, int t)
{
    return h->ply < INT32_MAX / 2 ? (int32_t)(h->ply * 2 + t) : -1;
}

/* e's occurrences as a record, read only.  A single occurrence at ply j
 * counts since the last pass exactly when j is not before it: the pass
 * that ends an epoch comes after every ply of that epoch. */
static hrep entry_view(const history *h, const hentry *e)
{
    hrep r = { -1, { -1, -1 }, { 0, 0 }, 0 };
    if (e->ref < 0)
        return h->rep[~e->ref];
    if (e->ref != REF_NONE) {
        int ply = e->ref >> 1, t = e->ref & 1;
        r.first[t] = ply;
        if (ply >= h->epoch) {
            r.epoch = h->epoch;
            r.cnt[t] = 1;
        }
    }
    return r;
}

/* e's record, made when e has none; NULL when memory ran out. */
static hrep *entry_rep(history *h, hentry *e)
{
    if (e->ref < 0)
        return &h->rep[~e->ref];
    if (h->nrep == h->rep_cap) {
        hrep *n = grow(h->rep, &h->rep_cap, h->nrep + 1, sizeof *n);
        if (!n) {
            h->history_lost = 1;
            return NULL;
        }
        h->rep = n;
    }
    hrep *r = &h->rep[h->nrep];
    *r = entry_view(h, e);
    e->ref = ~(int32_t)h->nrep++;
    return r;
}

/* One more occurrence of (r's board, player t) at the current ply. */
static void set_note(const history *h, hrep *r, int t)
{
    if (r->first[t] < 0)
        r->first[t] = h->ply;
    if (r->epoch != h->epoch) {
        r->epoch = h->epoch;
        r->cnt[0] = r->cnt[1] = 0;
    }
    if (r->cnt[t] < UINT8_MAX)
        r->cnt[t]++;
}

/* set_note on an entry: the first occurrence stays in the entry.  Returns
 * the record noted, NULL when there is none. */
static inline hrep *entry_note(history *h, hentry *e, int t)
{
    if (e->ref == REF_NONE) {
        int32_t ref = single_ref(h, t);
        if (ref >= 0) {
            e->ref = ref;
            return NULL;
        }
    }
    hrep *r = entry_rep(h, e);
    if (r)
        set_note(h, r, t);
    return r;
}

/* Occurrences of r's board since the last pass (spight's history). */
static int since_pass(const history *h, const hrep *r)
{
    return r->epoch == h->epoch && (r->cnt[0] || r->cnt[1]);
}

/* Would arriving at r's board, with t to move, break the superko rule? */
static sgf_legality superko(const history *h, const hrep *r, int t)
{
    switch (h->rules.ko) {
    case SGF_KO_POSITIONAL:
        if (r->first[0] >= 0 || r->first[1] >= 0)
            return SGF_ILLEGAL_POSITIONAL_SUPERKO;
        break;
    case SGF_KO_SITUATIONAL:
        if (r->first[t] >= 0)
            return SGF_ILLEGAL_SITUATIONAL_SUPERKO;
        break;
    case SGF_KO_SPIGHT:
        if (since_pass(h, r))
            return SGF_ILLEGAL_POSITIONAL_SUPERKO;
        break;
    case SGF_KO_SIMPLE:
        break;
    }
    return SGF_LEGAL;
}

/* ---- the log ---- */

static ply_rec *log_grow(history *h)
{
    ply_rec *n = grow(h->log, &h->log_cap, (size_t)h->nlog + 1, sizeof *n);
    if (!n) {
        h->history_lost = 1;
        return NULL;
    }
    h->log = n;
    return &h->log[h->nlog++];
}

static inline ply_rec *log_push(history *h)
{
    if ((size_t)h->nlog == h->log_cap)
        return log_grow(h);
    return &h->log[h->nlog++];
}

/* The current position replaces the one recorded for the current ply
 * (setup or PL[] changed it without a move). */
static void rerecord(history *h, const board *b)
{
    if (h->nlog != h->ply + 1)
        return;   /* the log was lost: nothing to replace */
    ply_rec *r = &h->log[h->ply];
    if (r->hash == b->hash && r->to_move == h->to_move)
        return;
    hentry *e = set_find(h, r->hash);
    hrep *x = e ? entry_rep(h, e) : NULL;
    if (x) {
        int t = r->to_move - 1;
        /* first[t] is the earliest occurrence: if it is this ply there is
         * no other one to fall back to */
        if (x->first[t] == h->ply)
            x->first[t] = -1;
        if (x->epoch == h->epoch && x->cnt[t])
            x->cnt[t]--;
    }
    if (r->hash != b->hash)
        h->passes = 0;   /* the board changed between the passes */
    r->hash = b->hash;
    r->to_move = (uint8_t)h->to_move;
    e = set_insert(h, b->hash);
    if (e)
        entry_note(h, e, h->to_move - 1);
}

/* ---- the life of a history ---- */

int history_init(history *h)
{
    /* room for long games from the start: a set of 1024 entries (16 KB,
     * half full at most) holds 511 plies; a longer game grows it once for
     * the object's life.  Boards seen twice are few. */
    h->log_cap = 1024;
    h->set_cap = 1024;
    h->rep_cap = 64;
    h->log = malloc(h->log_cap * sizeof *h->log);
    h->set = calloc(h->set_cap, sizeof *h->set);
    h->rep = malloc(h->rep_cap * sizeof *h->rep);
    if (!h->log || !h->set || !h->rep) {
        history_free(h);
        return SGF_E_NOMEM;
    }
    return SGF_OK;
}

void history_free(history *h)
{
    free(h->log);
    free(h->set);
    free(h->rep);
    h->log = NULL;
    h->set = NULL;
    h->rep = NULL;
}

void history_reset(history *h, const sgf_rules *r)
{
    h->rules = r ? *r : history_default_rules;
    if (h->rules.first != SGF_WHITE)
        h->rules.first = SGF_BLACK;
    h->setup_pending = 0;
    h->to_move = h->rules.first;
    h->ply = 0;
    h->passes = 0;
    h->epoch = 0;
    h->game_over = h->no_result = 0;
    h->history_lost = 0;
    set_forget(h);
    h->nlog = 0;
    ply_rec *l = log_push(h);   /* the log holds at least one entry */
    l->hash = 0;
    l->point = 0;
    l->captured = 0;
    l->color = 0;
    l->to_move = (uint8_t)h->to_move;
    l->flags = 0;
    hentry *e = set_insert(h, 0);
    if (e)
        entry_note(h, e, h->to_move - 1);
}

/* ---- setup and the player to move ---- */

void history_set_to_move(history *h, const board *b, int color)
{
    if ((color != SGF_BLACK && color != SGF_WHITE) || color == h->to_move)
        return;
    h->to_move = color;
    if (!h->setup_pending)
        rerecord(h, b);
}

int history_setup_done(history *h, board *b)
{
    int dead = b->dirty ? board_rebuild(b) : board_dead_strings(b);
    h->setup_pending = 0;
    /* Setup after the first move starts a new position (a diagram in a
     * commented record: AE clears the board and the game is shown again,
     * 当代名局/第11局.sgf).  Repetition is judged from there: the boards of
     * before are forgotten, or the replayed moves would all be superko. */
    if (h->ply > 0 && b->hash != h->log[h->nlog - 1].hash)
        set_forget(h);
    rerecord(h, b);
    return dead;
}

/* Occupied, suicide, ko: the checks that need no history (legal() only).
 * The probe is filled for empty points. */
static sgf_legality local_legality(const history *h, const board *b, int c,
                                   int pt, board_probe *pr)
{
    if (b->color[pt] != SGF_EMPTY)
        return SGF_ILLEGAL_OCCUPIED;
    board_probe_move(b, pt, c, pr);
    if (!pr->liberty && !pr->ncap && (!pr->nown || !h->rules.suicide))
        return SGF_ILLEGAL_SUICIDE;
    if (pt == b->ko_point && c == b->ko_color)
        return SGF_ILLEGAL_KO;
    return SGF_LEGAL;
}

sgf_legality history_legal(const history *h, board *b, int color, int x,
                           int y)
{
    if (x == -1 && y == -1)
        return SGF_LEGAL;
    if (!board_on(b, x, y) || (color != SGF_BLACK && color != SGF_WHITE))
        return SGF_ILLEGAL_OFF_BOARD;
    if (b->dirty)
        board_rebuild(b);   /* strings only: nothing observable changes */
    int pt = board_index(b, x, y);
    board_probe pr;
    sgf_legality l = local_legality(h, b, color, pt, &pr);
    if (l != SGF_LEGAL || h->rules.ko == SGF_KO_SIMPLE)
        return l;
    int suicide = !pr.liberty && !pr.ncap;
    /* a point never occupied in this game is empty in every earlier
     * position, so a stone that stays there makes a new one */
    if (!suicide && !pr.ncap && !b->ever[pt])
        return SGF_LEGAL;
    uint64_t key = b->hash;
    if (suicide) {
        for (int i = 0; i < pr.nown; i++)
            key ^= board_string_key(b, pr.own[i]);
    } else {
        key ^= board_key(b, pt, color);
        for (int i = 0; i < pr.ncap; i++)
            key ^= board_string_key(b, pr.cap[i]);
    }
    const hentry *e = set_find(h, key);
    if (!e)
        return SGF_LEGAL;
    hrep v = entry_view(h, e);
    return superko(h, &v, (3 - color) - 1);
}

/* board_play_stone out of line, for the plies off the common path. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void play_stone(board *b, int pt, int color, board_move *m)
{
    board_play_stone(b, pt, color, board_key(b, pt, color), m);
}

/* What a stone just played says of its legality (res->legality is
 * SGF_LEGAL unless the point was occupied), and its ply's flags. */
static uint8_t stone_played(history *h, board *b, int color, int retake,
                            const board_move *m, play_result *res)
{
    if (res->legality == SGF_LEGAL) {
        if (m->suicided && (m->suicided == 1 || !h->rules.suicide))
            res->legality = SGF_ILLEGAL_SUICIDE;
        else if (retake)
            res->legality = SGF_ILLEGAL_KO;
    }
    b->prisoners[color] += m->captured;
    /* suicided stones go to the opponent, as a capture would */
    b->prisoners[3 - color] += m->suicided;
    res->captured = m->captured;
    res->suicided = m->suicided;
    return (uint8_t)((m->ko ? PLY_KO_CAPTURE : 0) |
                     (m->suicided ? PLY_SUICIDE : 0));
}

/* Appends the ply to the log. */
static inline void log_ply(history *h, const board *b, int color, int pt,
                           int captured, uint8_t flags)
{
    ply_rec *r = log_push(h);
    if (r) {
        r->hash = b->hash;
        r->point = (uint16_t)pt;
        r->captured = (uint16_t)captured;
        r->color = (uint8_t)color;
        r->to_move = (uint8_t)h->to_move;
        r->flags = flags;
    }
}

/* The ply after its board work, for a board that may have been seen:
 * log, set, the superko verdict, game end. */
static void record(history *h, const board *b, int color, int pt, int before,
                   uint8_t flags, int captured, play_result *res)
{
    const int o = 3 - color;
    h->ply++;
    h->to_move = o;
    if (flags & PLY_PASS) {
        h->passes++;
        h->epoch = h->ply;
    } else {
        h->passes = 0;
    }
    log_ply(h, b, color, pt, captured, flags);

    hentry *e = set_insert(h, b->hash);
    if (e && e->ref == REF_NONE && !(flags & PLY_PASS)) {
        /* a board not seen before: no ban, no repeat, no cycle */
        entry_note(h, e, o - 1);
    } else if (e) {
        /* the entry still describes the earlier plies only */
        hrep v = entry_view(h, e);
        int f0 = v.first[0], f1 = v.first[1];
        res->repeats = f0 < 0 ? f1 : f1 < 0 ? f0 : f0 < f1 ? f0 : f1;
        res->repeats_situation = v.first[o - 1];
        if (res->legality == SGF_LEGAL && pt)
            res->legality = superko(h, &v, o - 1);
        hrep *x;
        if (flags & PLY_PASS) {
            /* a pass does not change the board: e is the situation the
             * player passed from.  Under simple and spight ko, passing
             * from it again ends the game (doc/rules.md; KataGo's
             * spight-style end), whatever happened in between. */
            uint8_t bit = (uint8_t)(1u << ((before - 1) * 2 + (color - 1)));
            if ((v.passed & bit) && (h->rules.ko == SGF_KO_SIMPLE ||
                                     h->rules.ko == SGF_KO_SPIGHT))
                h->game_over = 1;
            x = entry_rep(h, e);
            if (x) {
                x->passed |= bit;
                set_note(h, x, o - 1);
            }
        } else {
            x = entry_note(h, e, o - 1);
        }
        if (x && h->rules.ko == SGF_KO_SIMPLE &&
            h->rules.cycle == SGF_CYCLE_RULE_NO_RESULT && x->cnt[o - 1] >= 3)
            h->game_over = h->no_result = 1;
    }
    if (h->passes >= 2)
        h->game_over = 1;
}

void history_play(history *h, board *b, int color, int pt, play_result *res)
{
    res->legality = SGF_LEGAL;
    res->repeats = res->repeats_situation = -1;
    if (h->setup_pending)
        history_setup_done(h, b);
    else if (b->dirty)
        board_rebuild(b);
    const int before = h->to_move;
    if (pt > 0) {
        int retake = pt == b->ko_point && color == b->ko_color;
        board_move m;
        if (b->color[pt] != SGF_EMPTY) {
            res->legality = SGF_ILLEGAL_OCCUPIED;
            board_lift(b, pt);   /* SGF: the new stone replaces the old */
        }
        /* no probe: executing the move tells captures and suicide */
        play_stone(b, pt, color, &m);
        uint8_t flags = stone_played(h, b, color, retake, &m, res);
        record(h, b, color, pt, before, flags, m.captured, res);
        return;
    }
    res->captured = res->suicided = 0;
    b->ko_point = b->ko_color = 0;
    if (pt == 0) {
        record(h, b, color, 0, before, PLY_PASS, 0, res);
    } else {
        res->legality = SGF_ILLEGAL_OFF_BOARD;
        record(h, b, color, 0, before, PLY_OFF, 0, res);
    }
}

void history_stone(history *h, board *b, int color, int pt,
                   const board_move *m, play_result *res)
{
    res->legality = SGF_LEGAL;
    res->repeats = res->repeats_situation = -1;
    uint8_t flags = stone_played(h, b, color, 0, m, res);
    record(h, b, color, pt, h->to_move, flags, m->captured, res);
}

void history_new_board(history *h, const board *b, int color, int pt)
{
    log_ply(h, b, color, pt, 0, 0);
    hentry *e = set_add_new(h, b->hash);
    if (e)
        entry_note(h, e, h->to_move - 1);
}

/* ---- cycles ---- */

/* How the plies from+1..to that brought back the position after ply from
 * are classified:
 *  - send two, return one (双提两子): a two-stone string is thrown in and
 *    captured, and the capturing stone is taken back by a single capture
 *    that is not a ko (the returning stone keeps the other point of the
 *    two as a liberty).  So: captures of two stones, at least as many
 *    single non-ko captures, nothing bigger.  Checked first because the
 *    throw-in also makes it look like eternal life.  (tests/rules/cases.txt
 *    ko-*-send2return1: W ca, B aa takes two, W ba takes one back.)
 *  - eternal life (长生): stones thrown in that capture nothing, and
 *    captures of them, in any other mix.  (tests/rules/cases.txt
 *    eternal-life-simple: B ce and W fe capture nothing, W ee and B de
 *    take two each.)
 *  - n-fold ko: every stone move is a single-stone ko capture (passes may
 *    stand in for threats); each ko is taken once by each side per cycle,
 *    at two points, so the ko count is the number of distinct capture
 *    points / 2 whatever the number of cycles between from and to.
 *    (tests/rules/cases.txt triple-ko-*: six ko captures on six points
 *    per cycle.)
 *  - anything else (passes only, suicides, big captures) is OTHER. */
sgf_cycle_kind history_cycle(const history *h, int from, int to)
{
    if (from < 0 || to <= from || to >= h->nlog)
        return SGF_CYCLE_OTHER;
    int quiet = 0, ko = 0, one = 0, two = 0, more = 0, other = 0, npts = 0;
    int pts[8];
    for (int i = from + 1; i <= to; i++) {
        const ply_rec *r = &h->log[i];
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
