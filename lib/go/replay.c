/*
 * replay.c - a game's moves played on a board under its rules: the public
 * replay (sgf_game_replay, for the scorer and the exporters) and the
 * legality checks sgfcheck reports (doc/rules.md, "Replaying and checking
 * a game"): occupied points, suicide, ko, superko, cycles, players out of
 * turn, handicap written as moves, setup in the middle of a game, and RE[]
 * against the game.
 *
 * Records are replayed tolerantly: an illegal move is reported and then
 * executed as SGF says (board.c, history.c), so one bad move never hides
 * the next.  Only the main line is checked unless SGF_READ_VARIATIONS asks
 * for every path; a path is replayed from the root and reports only the
 * nodes no earlier path held, so each node is reported once.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "go/assume_clues.h"
#include "go/assume_rules.h"
#include "go/game_go.h"
#include "go/board.h"
#include "go/position.h"
#include "common/arena.h"
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "go/replay.h"
#include "sgf/points.h"

/* Plies replayed for variations of one game before giving up: a hostile
 * tree (a million nodes deep, a variation at each) would otherwise cost
 * the square of its depth.  Real trees (Kogo's dictionary: 1.2 MB) need a
 * small fraction of it. */
enum { VARIATION_PLY_BUDGET = 8 * 1000 * 1000 };

/* ---- which rules ---- */

typedef enum {
    RULES_ABSENT,       /* no RU[] (or an empty one) */
    RULES_EXACT,        /* RU[] is a rule set sgfkit knows */
    RULES_LOOSE,        /* RU[] is free text we understood */
    RULES_UNKNOWN,      /* RU[] we could not read */
    RULES_GIVEN         /* the caller's rules replace RU[] */
} rules_source;

/* The rules g is replayed under.  *stated: the record or the caller
 * names them; else they are assumed (inferred or the default: assume.c),
 * and what another major rule set allows is no error. */
static rules_source game_rules(const sgf_game *g, const sgf_rules *given,
                               bool override, sgf_rules *out, bool *stated)
{
    rules_source src = RULES_ABSENT;
    const char *ru = g->info.rules;

    bool given_used = false;
    sgf_rules_named("chinese", out);
    *stated = true;
    if (given && override) {
        *out = *given;
        src = RULES_GIVEN;
        given_used = true;
    } else {
        if (ru && *ru) {
            int rc = sgf_rules_parse(ru, out);
            src = rc > 0 ? RULES_EXACT : rc == 0 ? RULES_LOOSE : RULES_UNKNOWN;
        }
        if (src == RULES_ABSENT || src == RULES_UNKNOWN) {
            if (given) {
                *out = *given;
                given_used = true;
            } else {
                const char *set = g->info.rules_assumed;
                sgf_rules_named(set ? set : "chinese", out);
                *stated = false;
            }
        }
    }
    /* KM[] is the komi the game was played with, unless the caller's rules
     * say otherwise on purpose; without KM[], what the rules text says,
     * else the komi assume.c inferred from the record, else the komi of
     * the rules the caller named, else 0. */
    if (g->info.has_komi && !(src == RULES_GIVEN && given->has_komi)) {
        out->komi = g->info.komi;
        out->has_komi = 1;
    } else if (!out->has_komi &&
               !(given_used && g->info.komi_source == SGF_SOURCE_DEFAULT)) {
        out->komi = g->info.komi;
    }
    return src;
}

void sgf_game_rules(sgf_game *g, const sgf_rules *r, int override,
                    sgf_rules *out)
{
    bool stated;
    game_rules(g, r, override != 0, out, &stated);
}

void replay_terms(sgf_game *g, const sgf_rules *given, int override,
                  const double *komi, game_terms *t)
{
    const sgf_info *in = &g->info;
    sgf_game_rules(g, given, override, &t->rules);
    /* the caller's rules apply when they replace RU[], or when RU[] names
     * none sgfkit reads */
    bool rules_given = given && (override ||
                                 in->rules_source != SGF_SOURCE_RECORD);
    t->rules_source = rules_given ? SGF_SOURCE_GIVEN : in->rules_source;
    t->rules_evidence = t->rules_source == SGF_SOURCE_INFERRED
                        ? in->rules_evidence : NULL;
    /* the komi is the caller's with komi, with rules text that gives one,
     * or when the record gives none and the rules named bring theirs
     * (game_rules) */
    bool komi_given = komi ||
        (rules_given && given->has_komi && (override || !in->has_komi)) ||
        (rules_given && !in->has_komi &&
         in->komi_source == SGF_SOURCE_DEFAULT);
    if (komi) {
        /* the caller's komi, which a replay under these rules keeps */
        t->rules.komi = *komi;
        t->rules.has_komi = 1;
    }
    t->komi_source = komi_given ? SGF_SOURCE_GIVEN : in->komi_source;
    t->komi_evidence = t->komi_source == SGF_SOURCE_INFERRED
                       ? in->komi_evidence : NULL;
}

const char *source_words(source_text *t, sgf_source src, const char *evidence)
{
    if (src != SGF_SOURCE_INFERRED || !evidence)
        return sgf_source_name(src);
    snprintf(t->s, sizeof t->s, "inferred from %s", evidence);
    return t->s;
}

/* ---- naming moves: "move 57 (W Q16 = pd)" ---- */

/* The move being played; named only when a diagnostic needs it (a
 * snprintf per move would cost more than playing it). */
typedef struct move_ref {
    int move, color;
    int x, y;               /* -1 -1: a pass; off the board: not named */
    int height;
    const sgf_value *v;
} move_ref;

typedef struct move_name { char s[48]; } move_name;

static const char *name_move(move_name *m, const move_ref *mv)
{
    char c = mv->color == SGF_BLACK ? 'B' : 'W';
    if (mv->x < 0) {
        snprintf(m->s, sizeof m->s, "move %d (%c pass)", mv->move, c);
        return m->s;
    }
    char pt[8];
    gtp_point(pt, mv->x, mv->y, mv->height);
    char sgf[3] = { 0 };
    if (mv->v && mv->v->len == 2)
        memcpy(sgf, mv->v->raw, 2);
    snprintf(m->s, sizeof m->s, "move %d (%c %s = %s)", mv->move, c, pt,
             sgf);
    return m->s;
}

/* ---- the replay of one path ---- */

typedef struct replay {
    sgf_game *g;
    sgf_position *p;
    sgf_rules rules;
    bool stated;          /* the record or the caller names the rules */
    int w, h;
    bool report;          /* report the node being played */
    int move;             /* moves played on this path */
    int last_color;       /* colour of the last move, 0 before the first */
    /* what says who moves next, when the next move must be checked
     * against it: PL[], handicap stones, setup in mid-game (which does not
     * change the turn); TURN_FREE after setup of both colours at the start
     * (a problem or a position: the record decides) and between moves */
    enum { TURN_FREE, TURN_PL, TURN_HANDICAP, TURN_SETUP } turn;
    int black_setup;      /* black stones set up before the first move */
    bool white_setup;     /* ... and whether any white one */
    int handicap_run;     /* initial Black moves that are the handicap */
    int end_ply;          /* ply where two passes or a cycle ended the game,
                           * -1 while it goes on */
    bool after_end_noted;
    bool repetition_noted;  /* a legal repetition under assumed rules */
    int cycle_ply;        /* ply where a no-result cycle ended the game, -1 */
    int cycle_len;
    bool main_line;       /* the main line is being played (not a variation) */
    long plies;           /* plies replayed (the variation budget) */
    sgf_replay_summary sum;   /* of this path */
    sgf_replay_fn fn;
    void *ctx;
    replay_neutral_fn neutral;
} replay;

static void node_report(replay *r, int check, uint32_t pos, int move,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void node_report(replay *r, int check, uint32_t pos, int move,
                        const char *fmt, ...)
{
    if (!r->report)
        return;
    va_list ap;
    va_start(ap, fmt);
    game_vreport(r->g, check, pos, move, fmt, ap);
    va_end(ap);
}

/* Setup properties of a node (AB, AW, AE): placed without captures. */
static bool play_setup(replay *r, const sgf_node *n)
{
    bool any = false;
    for (const sgf_prop *q = n->props; q; q = q->next) {
        int color;
        switch (q->kind) {
        case SGF_P_AB: color = SGF_BLACK; break;
        case SGF_P_AW: color = SGF_WHITE; break;
        case SGF_P_AE: color = SGF_EMPTY; break;
        default: continue;
        }
        for (uint32_t i = 0; i < q->nvalues; i++) {
            point_rect pr;
            switch (point_value_parse(q->values[i].raw, q->values[i].len,
                                      r->w, r->h, &pr)) {
            case PV_POINT: case PV_RECT: case PV_RECT_1X1: case PV_RECT_ORDER:
                break;
            default:
                continue;   /* validate.c reports bad values */
            }
            for (int y = pr.y0; y <= pr.y1; y++)
                for (int x = pr.x0; x <= pr.x1; x++)
                    sgf_position_setup(r->p, x, y, color);
            if (r->move == 0 && color != SGF_EMPTY) {
                int count = (pr.x1 - pr.x0 + 1) * (pr.y1 - pr.y0 + 1);
                if (color == SGF_BLACK)
                    r->black_setup += count;
                else
                    r->white_setup = true;
            }
            any = true;
        }
    }
    return any;
}

/* Decodes a move value: 1 a point, 0 a pass, -1 off the board (or not a
 * point at all: validate.c says which). */
static inline int move_point(const replay *r, const sgf_value *v, int *x,
                             int *y)
{
    if (v->len == 2) {
        int cx = point_coord(v->raw[0]), cy = point_coord(v->raw[1]);
        /* unsigned: -1 (not a letter) is out of range too */
        if ((unsigned)cx < (unsigned)r->w && (unsigned)cy < (unsigned)r->h) {
            *x = cx;
            *y = cy;
            return 1;
        }
        /* tt is (19, 19), never on a board that takes it for a pass */
        if (v->raw[0] == 't' && v->raw[1] == 't' && r->w <= 19 && r->h <= 19)
            return 0;
    }
    return v->len == 0 ? 0 : -1;
}

static const char *color_name(int color)
{
    return color == SGF_BLACK ? "black" : "white";
}

/* The player checks before a move: out of turn after setup or PL, or the
 * same colour twice (except the handicap written as Black moves). */
static void check_player(replay *r, const sgf_prop *q, const move_ref *mv)
{
    int color = mv->color;
    move_name mn;
    int to_move = r->p->h.to_move;
    if (r->handicap_run > 0 && color == SGF_BLACK && r->last_color != SGF_WHITE &&
        r->move <= r->handicap_run)
        return;
    if (r->turn != TURN_FREE) {
        static const char *const after[] = {
            [TURN_PL] = "PL[]", [TURN_HANDICAP] = "the handicap stones",
            [TURN_SETUP] = "the setup"
        };
        if (color != to_move)
            node_report(r, SGF_C_WRONG_PLAYER, q->pos, r->move,
                        "%s: %s to move after %s", name_move(&mn, mv),
                        color_name(to_move), after[r->turn]);
        return;
    }
    if (color == r->last_color)
        node_report(r, SGF_C_SAME_PLAYER, q->pos, r->move,
                    "%s: %s plays twice in a row (a pass is missing?)",
                    name_move(&mn, mv), color_name(color));
}

/* The rules a message names: "japanese rules", or with what they were
 * assumed from when the record does not state them. */
static const char *rules_words(const replay *r, char *buf, size_t n)
{
    const sgf_info *in = &r->g->info;
    if (r->stated)
        snprintf(buf, n, "%s rules", r->rules.name);
    else if (in->rules_source == SGF_SOURCE_INFERRED && in->rules_evidence)
        snprintf(buf, n, "%s rules (inferred from %s)", r->rules.name,
                 in->rules_evidence);
    else
        snprintf(buf, n, "%s rules (assumed: nothing in the record says "
                 "which)", r->rules.name);
    return buf;
}

/* "the position after move N" for the position after ply N. */
static void position_when(char *buf, size_t n, int ply)
{
    if (ply < 0)
        snprintf(buf, n, "an earlier position");
    else if (ply == 0)
        snprintf(buf, n, "the position at the start");
    else
        snprintf(buf, n, "the position after move %d", ply);
}

/* The illegal move of color in n ends the main line, and RE[] gives the
 * game to the other side by forfeit: the record is right, and the forfeit
 * is the rules' answer to the move (a ko retaken at once in a title game). */
static bool forfeited_by_mover(const replay *r, const sgf_node *n, int color)
{
    const sgf_result *re = &r->g->info.result;
    if (!r->main_line || re->reason != SGF_BY_FORFEIT ||
        re->winner != (color == SGF_BLACK ? SGF_WIN_WHITE : SGF_WIN_BLACK))
        return false;
    for (n = n->child; n; n = n->child)
        for (const sgf_prop *q = n->props; q; q = q->next)
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return false;
    return true;
}

/* What a played move did wrong, reported under the rules in force. */
static void check_legality(replay *r, const sgf_node *n, const sgf_prop *q,
                           const play_result *pi, const move_ref *mv)
{
    move_name mn;
    bool marked = sgf_node_find(n, SGF_P_KO) != NULL;
    int check = -1;
    char why[320];
    why[0] = 0;

    switch (pi->legality) {
    case SGF_LEGAL:
        if (pi->suicided > 1)
            node_report(r, SGF_C_SUICIDE_ALLOWED, q->pos, r->move,
                        "%s removes its own %d stones (suicide, legal under "
                        "%s rules)", name_move(&mn, mv), pi->suicided,
                        r->rules.name);
        return;
    case SGF_ILLEGAL_OFF_BOARD:
        return;             /* validate.c: point-outside-board */
    case SGF_ILLEGAL_OCCUPIED:
        check = SGF_C_OCCUPIED;
        snprintf(why, sizeof why, "is played on a point already occupied; "
                 "the stone there was replaced");
        break;
    case SGF_ILLEGAL_SUICIDE:
        check = SGF_C_SUICIDE;
        if (pi->suicided <= 1)
            snprintf(why, sizeof why, "is suicide (a stone without "
                     "liberties), illegal under every rule set");
        else
            snprintf(why, sizeof why, "is suicide of %d stones, illegal "
                     "under %s rules", pi->suicided, r->rules.name);
        break;
    case SGF_ILLEGAL_KO:
        check = SGF_C_KO;
        snprintf(why, sizeof why, "retakes the ko immediately");
        break;
    case SGF_ILLEGAL_POSITIONAL_SUPERKO:
    case SGF_ILLEGAL_SITUATIONAL_SUPERKO: {
        bool sit = pi->legality == SGF_ILLEGAL_SITUATIONAL_SUPERKO;
        int from = sit ? pi->repeats_situation : pi->repeats;
        int ply = r->p->h.ply;
        check = sit ? SGF_C_SITUATIONAL_SUPERKO : SGF_C_POSITIONAL_SUPERKO;
        char when[48], cycle[64], rules[128];
        position_when(when, sizeof when, from);
        cycle[0] = 0;
        if (from >= 0)
            snprintf(cycle, sizeof cycle, " (%s: moves %d-%d)",
                     sgf_cycle_name(sgf_position_cycle(r->p, from, ply)),
                     from + 1, r->move);
        rules_words(r, rules, sizeof rules);
        if (r->stated) {
            snprintf(why, sizeof why, "recreates %s%s, banned by %s "
                     "superko under %s", when, cycle,
                     sit ? "situational" : "positional", rules);
        } else {
            /* what Japanese and Korean rules allow is no error on a
             * guess of the rules */
            check = SGF_C_REPETITION;
            snprintf(why, sizeof why, "recreates %s%s: banned by %s "
                     "superko under %s, legal under Japanese and Korean "
                     "rules", when, cycle,
                     sit ? "situational" : "positional", rules);
        }
        break;
    }
    }
    if (marked)
        node_report(r, SGF_C_KO_MARKED, q->pos, r->move,
                    "%s %s; KO[] marks it as played deliberately",
                    name_move(&mn, mv), why);
    else if (forfeited_by_mover(r, n, mv->color))
        node_report(r, SGF_C_FORFEIT_MOVE, q->pos, r->move,
                    "%s %s; it is the record's last move, and RE[%s] gives "
                    "the game to %s by forfeit: the rules' penalty, recorded",
                    name_move(&mn, mv), why, r->g->info.result_text,
                    color_name(mv->color == SGF_BLACK ? SGF_WHITE
                                                      : SGF_BLACK));
    else
        node_report(r, check, q->pos, r->move, "%s %s", name_move(&mn, mv),
                    why);
}

/* A repetition the rules assumed allow (simple ko): legal, but the
 * superko rules of other major sets forbid it, and the rules are a guess.
 * Said once a game: a cycle repeats at every move, and after_ply names
 * the cycle that ends the game. */
static void note_repetition(replay *r, const sgf_prop *q,
                            const play_result *pi, const move_ref *mv)
{
    move_name mn;
    char when[48], rules[128];
    r->repetition_noted = true;
    position_when(when, sizeof when, pi->repeats);
    node_report(r, SGF_C_REPETITION, q->pos, r->move,
                "%s recreates %s (%s: moves %d-%d): legal under %s, banned "
                "by the superko of Chinese, AGA and Ing rules (further "
                "repetitions are not reported)", name_move(&mn, mv), when,
                sgf_cycle_name(sgf_position_cycle(r->p, pi->repeats,
                                                  r->p->h.ply)),
                pi->repeats + 1, r->move, rules_words(r, rules, sizeof rules));
}

/* The ply before ply whose (board, player to move) is the same, -1 when
 * none within the last 512 plies (no-result cycles are a few moves long:
 * a quadruple ko is 8).  The history's set keeps only the first
 * occurrence; the log has them all. */
static int previous_occurrence(const sgf_position *p, int ply)
{
    if (ply >= p->h.nlog)
        return -1;   /* the log could not grow: nothing to compare */
    const ply_rec *cur = &p->h.log[ply];
    for (int k = ply - 1; k >= 0 && k >= ply - 512; k--)
        if (p->h.log[k].hash == cur->hash &&
            p->h.log[k].to_move == cur->to_move)
            return k;
    return -1;
}

/* After a ply: the game's end, and cycles that mean no result. */
static void after_ply(replay *r, const sgf_prop *q, const move_ref *mv)
{
    int ply = r->p->h.ply;
    if (r->end_ply < 0 && r->p->h.game_over)
        r->end_ply = ply;
    if (r->cycle_ply >= 0 || !r->p->h.no_result)
        return;
    int prev = previous_occurrence(r->p, ply);
    r->cycle_ply = ply;
    r->cycle_len = prev >= 0 ? ply - prev : 0;
    /* the third occurrence: the first was two cycles ago */
    int first = prev >= 0 ? ply - 2 * r->cycle_len : -1;
    if (!r->report)
        return;
    char when[48], rules[128];
    move_name mn;
    position_when(when, sizeof when, first);
    name_move(&mn, mv);
    rules_words(r, rules, sizeof rules);
    if (first >= 0 && r->cycle_len > 0)
        node_report(r, SGF_C_CYCLE, q->pos, r->move,
                    "%s brings back %s for the third time (%s: moves %d-%d, "
                    "twice) with neither side yielding: under %s the "
                    "game has no result", mn.s, when,
                    sgf_cycle_name(sgf_position_cycle(r->p, ply - r->cycle_len,
                                                      ply)),
                    first + 1, ply, rules);
    else
        node_report(r, SGF_C_CYCLE, q->pos, r->move,
                    "%s repeats a position for the third time with neither "
                    "side yielding: under %s the game has no result",
                    mn.s, rules);
}

/* The checks before a move that has something to check: the player (after
 * setup, PL or the same colour twice) and play after the game's end. */
static void before_move(replay *r, const sgf_prop *q, const move_ref *mv)
{
    if (mv->color == r->last_color || r->turn != TURN_FREE)
        check_player(r, q, mv);
    if (r->end_ply >= 0 && mv->x >= 0 && !r->after_end_noted) {
        move_name mn;
        r->after_end_noted = true;
        if (r->end_ply == r->cycle_ply)
            node_report(r, SGF_C_MOVE_AFTER_END, q->pos, r->move,
                        "%s: play goes on after a cycle ended the game "
                        "at move %d", name_move(&mn, mv), r->end_ply);
        else
            node_report(r, SGF_C_MOVE_AFTER_END, q->pos, r->move,
                        "%s: play goes on after two passes ended the "
                        "game at move %d", name_move(&mn, mv), r->end_ply);
    }
}

/* After a move that has something to report or a callback to call. */
static int after_move(replay *r, const sgf_node *n, const sgf_prop *q,
                      const move_ref *mv, int kind, const play_result *pr)
{
    if (r->report && kind >= 0 && (pr->legality != SGF_LEGAL || pr->suicided > 1))
        check_legality(r, n, q, pr, mv);
    else if (r->report && kind > 0 && pr->repeats >= 0 && !r->stated &&
             !r->repetition_noted)
        note_repetition(r, q, pr, mv);
    if (pr->legality != SGF_LEGAL && !sgf_node_find(n, SGF_P_KO) &&
        r->sum.illegal++ == 0) {
        r->sum.first_illegal = mv->move;
        r->sum.first_illegal_kind = pr->legality;
    }
    after_ply(r, q, mv);
    r->last_color = mv->color;
    r->turn = TURN_FREE;
    if (r->fn) {
        /* what sgf_position_play would have said */
        sgf_play_info pi = { pr->legality, pr->captured, pr->suicided, -1, -1,
                             pr->repeats, pr->repeats_situation };
        if (r->p->b.ko_point) {
            pi.ko_x = board_x(&r->p->b, r->p->b.ko_point);
            pi.ko_y = board_y(&r->p->b, r->p->b.ko_point);
        }
        sgf_replay_step st = { n, r->move, mv->color, mv->x, mv->y, &pi };
        return r->fn(r->ctx, r->p, &st);
    }
    return 0;
}

/* Plays the move q of node n.  Once per move of every game checked, so
 * inline in the loop over the main line, and the move is named
 * (move_ref) only when something is to be said of it. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int play_move(replay *r, const sgf_node *n, const sgf_prop *q,
                            int color)
{
    int x = -1, y = -1;
    const sgf_value *v = q->nvalues ? &q->values[0] : NULL;
    /* off the board (-1): not executed, but the turn passes as in play */
    int kind = v ? move_point(r, v, &x, &y) : 0;
    r->move++;
    r->plies++;
    if (r->report && (color == r->last_color || r->turn != TURN_FREE ||
                      (r->end_ply >= 0 && kind > 0 && !r->after_end_noted))) {
        move_ref mv = { r->move, color, x, y, r->h, v };
        before_move(r, q, &mv);
    }
    /* after_ply has nothing to do unless the game is over (a cycle
     * without result ends it too) */
    play_result pr;
    if (kind <= 0) {
        history_play(&r->p->h, &r->p->b, color, kind, &pr);
    } else if (history_play_stone(&r->p->h, &r->p->b, color,
                                  board_index(&r->p->b, x, y), &pr)) {
        /* the common ply: legal, nothing captured, no repeat */
        if (!r->p->h.game_over && !r->fn) {
            r->last_color = color;
            r->turn = TURN_FREE;
            return 0;
        }
        pr = (play_result){ SGF_LEGAL, 0, 0, -1, -1 };
    }
    if (pr.legality != SGF_LEGAL || pr.suicided > 1 || r->p->h.game_over ||
        r->fn || (kind > 0 && pr.repeats >= 0 && !r->stated)) {
        move_ref mv = { r->move, color, x, y, r->h, v };
        return after_move(r, n, q, &mv, kind, &pr);
    }
    r->last_color = color;
    r->turn = TURN_FREE;
    return 0;
}

/* One node of a path: setup first (FF[4]: setup and moves never share a
 * node; when they do, validate.c says so and the setup goes first), then
 * PL, then the moves. */
static int play_node(replay *r, const sgf_node *n)
{
    const sgf_prop *q = n->props;
    /* the common node: one move and nothing else */
    if (q && !q->next && (q->kind == SGF_P_B || q->kind == SGF_P_W))
        return play_move(r, n, q, q->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE);

    const sgf_prop *setup = NULL, *pl = NULL;
    for (; q; q = q->next) {
        if (q->kind == SGF_P_AB || q->kind == SGF_P_AW || q->kind == SGF_P_AE) {
            if (!setup)
                setup = q;
        } else if (q->kind == SGF_P_PL) {
            pl = q;
        }
    }
    if (setup && play_setup(r, n)) {
        int dead = sgf_position_setup_done(r->p);
        if (dead > 0)
            node_report(r, SGF_C_SETUP_NO_LIBERTIES, setup->pos, r->move,
                        "the setup leaves %d string%s without liberties (an "
                        "impossible position)", dead, dead == 1 ? "" : "s");
        if (r->move > 0) {
            node_report(r, SGF_C_SETUP_MID_GAME, setup->pos, r->move,
                        "stones are set up (%s) after move %d of the game",
                        setup->id, r->move);
            if (r->turn != TURN_PL)
                r->turn = TURN_SETUP;
        } else if (r->turn != TURN_PL) {
            /* handicap: HA[], two black stones or more and no white one.
             * Without HA, black stones alone are a problem or a position
             * (teaching files give Black the move): the record decides. */
            bool handicap = r->black_setup >= 2 && !r->white_setup &&
                            r->g->info.handicap >= 2;
            sgf_position_set_to_move(r->p, handicap ? SGF_WHITE
                                                    : r->rules.first);
            r->turn = handicap ? TURN_HANDICAP : TURN_FREE;
        }
        if (r->fn) {
            sgf_replay_step st = { n, r->move, 0, -1, -1, NULL };
            int rc = r->fn(r->ctx, r->p, &st);
            if (rc)
                return rc;
        }
    }
    if (pl && pl->nvalues && pl->values[0].len >= 1) {
        char c = pl->values[0].raw[0];
        if (c == 'B' || c == 'b' || c == 'W' || c == 'w') {
            sgf_position_set_to_move(r->p, c == 'B' || c == 'b' ? SGF_BLACK
                                                                 : SGF_WHITE);
            r->turn = TURN_PL;
            if (r->move > 0)
                node_report(r, SGF_C_SETUP_MID_GAME, pl->pos, r->move,
                            "PL[] sets the player to move after move %d of "
                            "the game", r->move);
        }
    }
    for (q = n->props; q; q = q->next)
        if (q->kind == SGF_P_B || q->kind == SGF_P_W) {
            int rc = play_move(r, n, q, q->kind == SGF_P_B ? SGF_BLACK
                                                           : SGF_WHITE);
            if (rc)
                return rc;
        }
    return 0;
}

/* Plays the line of first children from n (the main line from the root);
 * stops at a non-zero return of the callback. */
static int play_line(replay *r, const sgf_node *n)
{
    for (; n; n = n->child) {
        const sgf_prop *q = n->props;
        /* the common node (play_node's first case), here without a call */
        int rc = q && !q->next && (q->kind == SGF_P_B || q->kind == SGF_P_W)
                     ? play_move(r, n, q, q->kind == SGF_P_B ? SGF_BLACK
                                                             : SGF_WHITE)
                     : play_node(r, n);
        if (rc)
            return rc;
    }
    return 0;
}

/* Starts a replay of g under r->rules; false when g is no Go game or its
 * board cannot be played. */
static int replay_start(replay *r)
{
    sgf_game *g = r->g;
    if (g->info.gm != 1 && g->info.gm != 0)
        return SGF_E_ARG;
    r->w = g->info.width;
    r->h = g->info.height;
    if (r->w < 1 || r->h < 1 || r->w > SGF_MAX_BOARD || r->h > SGF_MAX_BOARD)
        return SGF_E_ARG;
    int rc = sgf_position_reset(r->p, r->w, r->h, &r->rules);
    if (rc)
        return rc;
    r->move = 0;
    r->last_color = 0;
    r->turn = TURN_FREE;
    r->black_setup = 0;
    r->white_setup = false;
    r->end_ply = -1;
    r->after_end_noted = false;
    r->repetition_noted = false;
    r->cycle_ply = -1;
    r->cycle_len = 0;
    memset(&r->sum, 0, sizeof r->sum);
    /* HA[N] without AB: the stones on the fixed points (assume_handicap.c) */
    const game_go *go = game_go_get(g);
    if (go && go->placed_n) {
        for (int i = 0; i < go->placed_n; i++)
            sgf_position_setup(r->p, go->placed_x[i], go->placed_y[i],
                               SGF_BLACK);
        sgf_position_setup_done(r->p);
        sgf_position_set_to_move(r->p, SGF_WHITE);
        r->black_setup = go->placed_n;
        r->turn = TURN_HANDICAP;
    }
    return 0;
}

/* ---- RE[] against the game (main line) ---- */

static const sgf_prop *gameinfo_prop(const sgf_game *g, int kind)
{
    return g->gameinfo_node ? sgf_node_find(g->gameinfo_node, kind) : NULL;
}

/* Komi and margins are multiples of 0.5 in practice; these say which,
 * without libm. */
static bool whole_point(double v)
{
    double r = v < 0 ? -v : v;
    return r < 1e15 && (double)(long long)(r + 1e-6) > r - 1e-6 &&
           (double)(long long)(r + 1e-6) < r + 1e-6;
}

static bool half_point(double v)
{
    return !whole_point(v) && whole_point(v + 0.5);
}

/* Empty points of p in regions that touch stones of both colours or of
 * none: what a count could not give to either side yet.  Professional
 * records that stop before the dame and the last small moves leave a
 * tenth to a third of the board so; a record that stops in the opening
 * or the middle game, most of it. */
static int open_points(const board *p, int *empty)
{
    uint8_t seen[BOARD_POINTS];
    int stack[BOARD_POINTS];
    int open = 0;
    *empty = 0;
    memset(seen, 0, (size_t)p->npoints);
    for (int y = 0; y < p->height; y++)
        for (int x = 0; x < p->width; x++) {
            int start = board_index(p, x, y);
            if (p->color[start] != SGF_EMPTY || seen[start])
                continue;
            int n = 0, size = 0, touch = 0;
            stack[n++] = start;
            seen[start] = 1;
            while (n) {
                int pt = stack[--n];
                size++;
                const int nb[4] = { pt - 1, pt + 1, pt - p->stride,
                                    pt + p->stride };
                for (int i = 0; i < 4; i++) {
                    int c = p->color[nb[i]];
                    if (c == SGF_EMPTY && !seen[nb[i]]) {
                        seen[nb[i]] = 1;
                        stack[n++] = nb[i];
                    } else if (c == SGF_BLACK || c == SGF_WHITE) {
                        touch |= c;
                    }
                }
            }
            if (touch != SGF_BLACK && touch != SGF_WHITE)
                open += size;
            *empty += size;
        }
    return open;
}

/* Is the board open (more than half of its points) with stones on less
 * than a quarter of it?  Those stones wall in no count (the records the
 * count decides have a third or more), so no estimate is asked: on an
 * almost empty board it costs a hundred times the replay. */
static bool bare(const sgf_position *p, int *open)
{
    int all = p->b.width * p->b.height, empty;
    *open = open_points(&p->b, &empty);
    return 2 * *open > all && 4 * (all - empty) < all;
}

int replay_record_bare(const sgf_position *p)
{
    int open;
    return bare(p, &open);
}

int replay_record_open(const sgf_position *p, replay_neutral_fn neutral,
                       int *open)
{
    int all = p->b.width * p->b.height;
    if (bare(p, open))
        return 1;
    if (2 * *open <= all)
        return 0;
    int n = neutral(p);
    if (n < 0)
        return n;
    *open = n;
    return 2 * n > all;
}

static void check_result(replay *r)
{
    sgf_game *g = r->g;
    const sgf_result *res = &g->info.result;
    const sgf_prop *re = gameinfo_prop(g, SGF_P_RE);
    if (!re || res->winner == SGF_WIN_NONE || res->winner == SGF_WIN_UNKNOWN)
        return;
    int last = r->p->h.ply;
    char rules[128];
    if (r->cycle_ply >= 0 && res->winner != SGF_WIN_VOID &&
        last <= r->cycle_ply + (r->cycle_len > 0 ? r->cycle_len : 8))
        game_report(g, SGF_C_CYCLE_RESULT, re->pos, 0,
                    "RE[%s], but the game ended in a cycle at move %d: no "
                    "result (Void) under %s", g->info.result_text,
                    r->cycle_ply, rules_words(r, rules, sizeof rules));
    /* A win on time goes to the player who made the last move: the loser's
     * clock runs on the loser's turn.  The other way round the winner's
     * clock was the one running: the record lost a move, the result is
     * wrong, or the loser's last move came too late and was recorded all
     * the same (three professional records).  (A resignation right after
     * one's own move is allowed by the servers: 82 KGS games of 2-online
     * do it, so it is not reported.) */
    int winner = res->winner == SGF_WIN_BLACK ? SGF_BLACK
                 : res->winner == SGF_WIN_WHITE ? SGF_WHITE : 0;
    if (winner && r->move > 0 && winner != r->last_color &&
        res->reason == SGF_BY_TIME)
        game_report(g, SGF_C_RESULT_TURN, re->pos, 0,
                    "RE[%s]: %s wins on time, but %s made the last move (move "
                    "%d), so %s's clock was the one running, unless that "
                    "move came after %s's time had run out",
                    g->info.result_text, color_name(winner),
                    color_name(3 - winner), r->move, color_name(winner),
                    color_name(3 - winner));
    bool by_points = res->reason == SGF_BY_POINTS ||
                     res->winner == SGF_WIN_DRAW;
    if (by_points && r->end_ply < 0 && r->move > 0) {
        int open;
        int rc = replay_record_open(r->p, r->neutral, &open);
        if (rc < 0)
            g->nomem = true;
        if (rc > 0)
            game_report(g, SGF_C_RESULT_UNSUPPORTED, re->pos, 0,
                        "RE[%s] is a result by counting, but the record "
                        "stops at move %d with %d of the board's %d points "
                        "in regions no colour surrounds: no count can be "
                        "made there", g->info.result_text,
                        r->move, open, r->w * r->h);
        else
            game_report(g, SGF_C_RESULT_WITHOUT_END, re->pos, 0,
                        "RE[%s] is a result by counting; the record stops "
                        "at move %d, before the final passes",
                        g->info.result_text, r->move);
    }
    if (!g->info.has_komi && !g->info.komi_set_aside)
        return;
    double komi = g->info.komi_set_aside ? 0.0 : g->info.komi;
    double margin = res->winner == SGF_WIN_DRAW ? 0.0 : res->margin;
    if (!(res->winner == SGF_WIN_DRAW || (by_points && res->has_margin)))
        return;
    if (res->winner != SGF_WIN_DRAW && margin == 0.0)
        game_report(g, SGF_C_RESULT_PARITY, re->pos, 0,
                    "RE[%s]: a win by 0 points is no result of a count (a "
                    "draw is RE[0]; an unknown margin is RE[%c+])",
                    g->info.result_text,
                    res->winner == SGF_WIN_BLACK ? 'B' : 'W');
    else if (g->info.komi_set_aside) {
        const game_go *go = game_go_get(g);
        game_report(g, SGF_C_RESULT_PARITY, re->pos, 0,
                    "RE[%s]: a margin of %g cannot come from KM[0], which "
                    "was set aside: komi %g assumed from %s (%s)",
                    g->info.result_text, margin, g->info.komi,
                    go && go->komi_clue ? go->komi_clue : "?",
                    go && go->komi_why ? go->komi_why : "?");
    } else if (whole_point(komi) && half_point(margin))
        game_report(g, SGF_C_RESULT_PARITY, re->pos, 0,
                    "RE[%s]: a margin of %g cannot come from the integer komi "
                    "%g", g->info.result_text, margin, komi);
    else if (half_point(komi) && whole_point(margin))
        game_report(g, SGF_C_RESULT_PARITY, re->pos, 0,
                    "RE[%s]: %s cannot come from the komi %g, which has a "
                    "half point", g->info.result_text,
                    res->winner == SGF_WIN_DRAW ? "a draw" : "a whole-point margin",
                    komi);
}

/* ---- the checks over a game (SGF_READ_LEGALITY) ---- */

static void report_rules(replay *r, rules_source src)
{
    sgf_game *g = r->g;
    const sgf_info *in = &g->info;
    const sgf_prop *ru = gameinfo_prop(g, SGF_P_RU);
    char rules[128];
    if (ru && src == RULES_UNKNOWN)
        game_report(g, SGF_C_RULES_UNKNOWN, ru->pos, 0,
                    "RU[%s] is not a rule set sgfkit knows; moves were "
                    "checked under %s", in->rules,
                    rules_words(r, rules, sizeof rules));
    else if (ru && src == RULES_LOOSE)
        game_report(g, SGF_C_RULES_FREE_TEXT, ru->pos, 0,
                    "RU[%s] read as %s rules%s", in->rules, r->rules.name,
                    r->rules.has_komi && !in->has_komi ? " with its komi"
                                                       : "");
    const game_go *go = game_go_get(g);
    if (!go)
        return;
    /* the 座子 opening has its own note */
    if (!r->stated && in->rules_source == SGF_SOURCE_INFERRED &&
        go->rules_why && !game_ancient_opening(g))
        game_report(g, SGF_C_RULES_INFERRED, go->rules_pos, 0,
                    "%s rules inferred from %s: %s", r->rules.name,
                    in->rules_evidence ? in->rules_evidence : "?",
                    go->rules_why);
    /* a KM[0] set aside has its note in the result-parity warning */
    if (in->has_komi || in->komi_set_aside || r->rules.has_komi)
        return;
    uint32_t pos = g->gameinfo_node ? g->gameinfo_node->pos : g->root->pos;
    if (in->komi_source == SGF_SOURCE_INFERRED && go->komi_why)
        game_report(g, SGF_C_KOMI_ASSUMED, pos, 0,
                    "no KM[]: komi %g assumed from %s (%s)", r->rules.komi,
                    in->komi_evidence ? in->komi_evidence : "?",
                    go->komi_why);
}

/* Appends n to the path array (in the game's arena). */
static bool path_push(sgf_game *g, const sgf_node ***path, size_t *len,
                      size_t *cap, const sgf_node *n)
{
    if (*len == *cap) {
        const sgf_node **np = arena_double(&g->a, *path, cap, sizeof *np);
        if (!np) {
            g->nomem = true;
            return false;
        }
        *path = np;
    }
    (*path)[(*len)++] = n;
    return true;
}

/* Replays the path from the root to leaf; reports the nodes from depth
 * new_from on.  Returns false when the budget ran out. */
static bool check_path(replay *r, const sgf_node *const *path, size_t len,
                       size_t new_from)
{
    if (replay_start(r))
        return true;
    for (size_t i = 0; i < len; i++) {
        r->report = i >= new_from;
        play_node(r, path[i]);
        if (r->plies > VARIATION_PLY_BUDGET && i + 1 < len)
            return false;
    }
    r->report = true;
    return true;
}

sgf_position *replay_position(sgf_game *g)
{
    game_go *go = game_go_of(g);
    return go ? go->pos : NULL;
}

/* What the main line's replay met, kept with the game. */
static void keep_summary(replay *r)
{
    game_go *go = game_go_of(r->g);
    r->sum.moves = r->move;
    if (go)
        go->summary = r->sum;
}

const sgf_replay_summary *sgf_game_replay_summary(const sgf_game *g)
{
    static const sgf_replay_summary none;
    const game_go *go = g ? game_go_get(g) : NULL;
    return go ? &go->summary : &none;
}

void replay_check(sgf_game *g, replay_neutral_fn neutral)
{
    if (!g->root)
        return;
    sgf_position *p = replay_position(g);
    if (!p) {
        g->nomem = true;
        return;
    }
    replay r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.p = p;
    r.report = true;
    r.neutral = neutral;
    rules_source src = game_rules(g, g->opt.rules,
                                  g->opt.flags & SGF_READ_RULES_OVERRIDE,
                                  &r.rules, &r.stated);
    if (replay_start(&r))
        return;
    report_rules(&r, src);
    if (game_ancient_opening(g))
        game_report(g, SGF_C_ANCIENT_OPENING, g->root->pos, 0,
                    "four stones on the 4-4 points (座子) and White moves "
                    "first: an ancient Chinese game, checked under %s rules",
                    r.rules.name);
    r.handicap_run = clue_handicap_moves(g);
    if (r.handicap_run)
        game_report(g, SGF_C_HANDICAP_AS_MOVES, g->root->pos, 0,
                    "HA[%d] and the game opens with %d Black moves: the "
                    "handicap stones are written as moves (FF[4] sets them "
                    "up with AB)",
                    g->info.handicap, r.handicap_run);

    /* the main line */
    r.main_line = true;
    play_line(&r, g->root);
    r.main_line = false;
    keep_summary(&r);
    check_result(&r);
    if (!(g->opt.flags & SGF_READ_VARIATIONS))
        return;

    /* every other path, in pre-order of their leaves; each replayed from
     * the root, reporting only from the node where it leaves the paths
     * before it */
    size_t cap = 64, len = 0;
    const sgf_node **path = arena_alloc(&g->a, cap * sizeof *path);
    if (!path) {
        g->nomem = true;
        return;
    }
    for (const sgf_node *n = g->root; n; n = n->child)
        if (!path_push(g, &path, &len, &cap, n))
            return;
    /* next path: climb from the leaf to the first node with a younger
     * sibling, take the sibling, then first children to a leaf */
    for (;;) {
        while (len > 0 && !path[len - 1]->next)
            len--;
        if (len == 0)
            break;
        path[len - 1] = path[len - 1]->next;
        size_t new_from = len - 1;
        while (path[len - 1]->child)
            if (!path_push(g, &path, &len, &cap, path[len - 1]->child))
                return;
        if (!check_path(&r, path, len, new_from)) {
            game_report(g, SGF_C_VARIATIONS_SKIPPED, path[len - 1]->pos, 0,
                        "variations past %d replayed moves were not checked "
                        "(a limit against hostile trees)",
                        VARIATION_PLY_BUDGET);
            return;
        }
    }
}

/* ---- the public replay ---- */

int sgf_game_replay(sgf_game *g, const sgf_rules *rules, sgf_position *p,
                    sgf_replay_fn fn, void *ctx)
{
    if (!g || !p)
        return SGF_E_ARG;
    if (!g->root)
        return SGF_E_ARG;
    replay r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.p = p;
    r.fn = fn;
    r.ctx = ctx;
    game_rules(g, rules, rules != NULL, &r.rules, &r.stated);
    int rc = replay_start(&r);
    if (rc)
        return rc;
    r.handicap_run = clue_handicap_moves(g);
    rc = play_line(&r, g->root);
    keep_summary(&r);
    return rc;
}
