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
#include "board.h"

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

/* The entry of key, added when new; NULL when the set is full and cannot
 * grow. */
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
    hentry *e = &p->set[i];
    e->key = key;
    e->stamp = p->gen;
    e->epoch = -1;
    e->first[0] = e->first[1] = -1;
    e->cnt[0] = e->cnt[1] = 0;
    e->passed = 0;
    p->set_used++;
    return e;
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
}

/* One more occurrence of (e's board, player t) at the current ply. */
static void set_note(const sgf_position *p, hentry *e, int t)
{
    if (e->first[t] < 0)
        e->first[t] = p->ply;
    if (e->epoch != p->epoch) {
        e->epoch = p->epoch;
        e->cnt[0] = e->cnt[1] = 0;
    }
    if (e->cnt[t] < UINT8_MAX)
        e->cnt[t]++;
}

/* Occurrences of e's board since the last pass (spight's history). */
static int since_pass(const sgf_position *p, const hentry *e)
{
    return e->epoch == p->epoch && (e->cnt[0] || e->cnt[1]);
}

/* Would arriving at e's board, with t to move, break the superko rule? */
static sgf_legality superko(const sgf_position *p, const hentry *e, int t)
{
    switch (p->rules.ko) {
    case SGF_KO_POSITIONAL:
        if (e->first[0] >= 0 || e->first[1] >= 0)
            return SGF_ILLEGAL_POSITIONAL_SUPERKO;
        break;
    case SGF_KO_SITUATIONAL:
        if (e->first[t] >= 0)
            return SGF_ILLEGAL_SITUATIONAL_SUPERKO;
        break;
    case SGF_KO_SPIGHT:
        if (since_pass(p, e))
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
    if (e) {
        int t = r->to_move - 1;
        /* first[t] is the earliest occurrence: if it is this ply there is
         * no other one to fall back to */
        if (e->first[t] == p->ply)
            e->first[t] = -1;
        if (e->epoch == p->epoch && e->cnt[t])
            e->cnt[t]--;
    }
    if (r->hash != p->hash)
        p->passes = 0;   /* the board changed between the passes */
    r->hash = p->hash;
    r->to_move = (uint8_t)p->to_move;
    e = set_insert(p, p->hash);
    if (e)
        set_note(p, e, p->to_move - 1);
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
        set_note(p, e, p->to_move - 1);
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
    if (p->dirty)
        board_rebuild(p);
    p->setup_pending = 0;
    /* Setup after the first move starts a new position (a diagram in a
     * commented record: AE clears the board and the game is shown again,
     * 当代名局/第11局.sgf).  Repetition is judged from there: the boards of
     * before are forgotten, or the replayed moves would all be superko. */
    if (p->ply > 0 && p->hash != p->log[p->nlog - 1].hash)
        set_forget(p);
    rerecord(p);
    return board_dead_strings(p);
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
    return e ? superko(p, e, (3 - color) - 1) : SGF_LEGAL;
}

void sgf_position_play(sgf_position *p, int color, int x, int y,
                       sgf_play_info *info)
{
    sgf_play_info dummy;
    if (!info)
        info = &dummy;
    info->legality = SGF_LEGAL;
    info->captured = info->suicided = 0;
    info->ko_x = info->ko_y = -1;
    info->repeats = info->repeats_situation = -1;
    if (color != SGF_BLACK && color != SGF_WHITE) {
        info->legality = SGF_ILLEGAL_OFF_BOARD;   /* no player: no ply */
        return;
    }
    if (p->setup_pending)
        sgf_position_setup_done(p);
    else if (p->dirty)
        board_rebuild(p);

    int o = 3 - color, pt = 0, before = p->to_move;
    uint8_t flags = 0;
    board_move m = { 0, 0, 0 };
    if (x == -1 && y == -1) {
        flags = PLY_PASS;
        p->ko_point = p->ko_color = 0;
    } else if (!board_on(p, x, y)) {
        flags = PLY_OFF;
        info->legality = SGF_ILLEGAL_OFF_BOARD;
        p->ko_point = p->ko_color = 0;
    } else {
        /* no probe: executing the move tells captures and suicide */
        pt = board_index(p, x, y);
#if defined(__GNUC__)
        /* the set slot of the board after a move without captures: its
         * cache miss overlaps with the board work */
        __builtin_prefetch(&p->set[(size_t)(p->hash ^ board_key(p, pt, color)) &
                                   (p->set_cap - 1)]);
#endif
        int retake = pt == p->ko_point && color == p->ko_color;
        if (p->color[pt] != SGF_EMPTY) {
            info->legality = SGF_ILLEGAL_OCCUPIED;
            board_lift(p, pt);   /* SGF: the new stone replaces the old */
        }
        board_play_stone(p, pt, color, &m);
        if (info->legality == SGF_LEGAL) {
            if (m.suicided && (m.suicided == 1 || !p->rules.suicide))
                info->legality = SGF_ILLEGAL_SUICIDE;
            else if (retake)
                info->legality = SGF_ILLEGAL_KO;
        }
        if (m.ko)
            flags |= PLY_KO_CAPTURE;
        if (m.suicided)
            flags |= PLY_SUICIDE;
        p->prisoners[color] += m.captured;
        /* suicided stones go to the opponent, as a capture would */
        p->prisoners[o] += m.suicided;
    }

    p->ply++;
    p->to_move = o;
    if (flags & PLY_PASS) {
        p->passes++;
        p->epoch = p->ply;
    } else {
        p->passes = 0;
    }
    ply_rec *r = log_push(p);
    if (r) {
        r->hash = p->hash;
        r->point = (uint16_t)pt;
        r->captured = (uint16_t)m.captured;
        r->color = (uint8_t)color;
        r->to_move = (uint8_t)o;
        r->flags = flags;
    }

    hentry *e = set_insert(p, p->hash);
    if (e) {
        /* the entry still describes the earlier plies only */
        int a = e->first[0], b = e->first[1];
        info->repeats = a < 0 ? b : b < 0 ? a : a < b ? a : b;
        info->repeats_situation = e->first[o - 1];
        if (info->legality == SGF_LEGAL && pt)
            info->legality = superko(p, e, o - 1);
        if (flags & PLY_PASS) {
            /* a pass does not change the board: e is the situation the
             * player passed from.  Under simple and spight ko, passing
             * from it again ends the game (RULES.md 2; KataGo's
             * spight-style end), whatever happened in between. */
            uint8_t bit = (uint8_t)(1u << ((before - 1) * 2 + (color - 1)));
            if ((e->passed & bit) && (p->rules.ko == SGF_KO_SIMPLE ||
                                      p->rules.ko == SGF_KO_SPIGHT))
                p->game_over = 1;
            e->passed |= bit;
        }
        set_note(p, e, o - 1);
        if (p->rules.ko == SGF_KO_SIMPLE &&
            p->rules.cycle == SGF_CYCLE_RULE_NO_RESULT && e->cnt[o - 1] >= 3)
            p->game_over = p->no_result = 1;
    }
    if (p->passes >= 2)
        p->game_over = 1;

    info->captured = m.captured;
    info->suicided = m.suicided;
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
