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
#include <string.h>

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

/* Ancient Chinese games start with 座子: two black and two white stones on
 * the four 4-4 points, each colour on one diagonal, and White moves first
 * (DANGHU01.SGF: AW[dd][pp]AB[dp][pd]). */
static bool zuozi_setup(const sgf_node *root, int w, int h)
{
    if (!root || w != 19 || h != 19)
        return false;
    const sgf_prop *ab = sgf_node_find(root, SGF_P_AB);
    const sgf_prop *aw = sgf_node_find(root, SGF_P_AW);
    if (!ab || !aw || ab->nvalues != 2 || aw->nvalues != 2)
        return false;
    point_set b, wh;
    point_set_clear(&b);
    point_set_clear(&wh);
    if (point_list_collect(ab, w, h, &b) != 2 ||
        point_list_collect(aw, w, h, &wh) != 2)
        return false;
    /* dd-pp and dp-pd are the diagonals */
    bool b1 = point_set_has(&b, 3, 3) && point_set_has(&b, 15, 15);
    bool b2 = point_set_has(&b, 3, 15) && point_set_has(&b, 15, 3);
    bool w1 = point_set_has(&wh, 3, 3) && point_set_has(&wh, 15, 15);
    bool w2 = point_set_has(&wh, 3, 15) && point_set_has(&wh, 15, 3);
    return (b1 && w2) || (b2 && w1);
}

/* Colour of the first move of the main line, 0 when there is none. */
static int first_mover(const sgf_game *g)
{
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *q = n->props; q; q = q->next)
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return q->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE;
    return 0;
}

/* The 座子 opening: the four stones, then White moves first. */
static bool ancient_opening(const sgf_game *g)
{
    return zuozi_setup(g->root, g->info.width, g->info.height) &&
           first_mover(g) == SGF_WHITE;
}

static rules_source game_rules(const sgf_game *g, const sgf_rules *given,
                               bool override, sgf_rules *out)
{
    rules_source src = RULES_ABSENT;
    const char *ru = g->info.rules;

    sgf_rules_named("chinese", out);
    if (given && override) {
        *out = *given;
        src = RULES_GIVEN;
    } else {
        if (ru && *ru) {
            int rc = sgf_rules_parse(ru, out);
            src = rc > 0 ? RULES_EXACT : rc == 0 ? RULES_LOOSE : RULES_UNKNOWN;
        }
        if (src == RULES_ABSENT || src == RULES_UNKNOWN) {
            if (given)
                *out = *given;
            else if (src == RULES_ABSENT && ancient_opening(g))
                sgf_rules_named("ancient-chinese", out);
        }
    }
    /* KM[] is the komi the game was played with, unless the caller's rules
     * say otherwise on purpose. */
    if (g->info.has_komi && !(src == RULES_GIVEN && given->has_komi)) {
        out->komi = g->info.komi;
        out->has_komi = 1;
    }
    return src;
}

void sgf_game_rules(sgf_game *g, const sgf_rules *r, int override,
                    sgf_rules *out)
{
    game_rules(g, r, override != 0, out);
}

/* ---- naming moves: "move 57 (W Q16 = pd)" ---- */

/* GTP column letters skip I; past Z (boards over 25 wide) two letters. */
static size_t gtp_column(char *out, int x)
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    if (x < 25) {
        out[0] = letters[x];
        return 1;
    }
    out[0] = letters[x / 25 - 1];
    out[1] = letters[x % 25];
    return 2;
}

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
    char col[3] = { 0 };
    gtp_column(col, mv->x);
    char sgf[3] = { 0 };
    if (mv->v && mv->v->len == 2)
        memcpy(sgf, mv->v->raw, 2);
    snprintf(m->s, sizeof m->s, "move %d (%c %s%d = %s)", mv->move, c, col,
             mv->height - mv->y, sgf);
    return m->s;
}

/* ---- the replay of one path ---- */

typedef struct replay {
    sgf_game *g;
    sgf_position *p;
    sgf_rules rules;
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
    int cycle_ply;        /* ply where a no-result cycle ended the game, -1 */
    int cycle_len;
    long plies;           /* plies replayed (the variation budget) */
    sgf_replay_fn fn;
    void *ctx;
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

/* What a played move did wrong, reported under the rules in force. */
static void check_legality(replay *r, const sgf_node *n, const sgf_prop *q,
                           const play_result *pi, const move_ref *mv)
{
    move_name mn;
    bool marked = sgf_node_find(n, SGF_P_KO) != NULL;
    int check = -1;
    char why[160];
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
        char when[48];
        position_when(when, sizeof when, from);
        if (from >= 0)
            snprintf(why, sizeof why, "recreates %s (%s: moves %d-%d), "
                     "banned by %s superko under %s rules", when,
                     sgf_cycle_name(sgf_position_cycle(r->p, from, ply)),
                     from + 1, r->move, sit ? "situational" : "positional",
                     r->rules.name);
        else
            snprintf(why, sizeof why, "recreates %s, banned by %s superko "
                     "under %s rules", when, sit ? "situational" : "positional",
                     r->rules.name);
        break;
    }
    }
    if (marked)
        node_report(r, SGF_C_KO_MARKED, q->pos, r->move,
                    "%s %s; KO[] marks it as played deliberately",
                    name_move(&mn, mv), why);
    else
        node_report(r, check, q->pos, r->move, "%s %s", name_move(&mn, mv),
                    why);
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
    char when[48];
    move_name mn;
    position_when(when, sizeof when, first);
    name_move(&mn, mv);
    if (first >= 0 && r->cycle_len > 0)
        node_report(r, SGF_C_CYCLE, q->pos, r->move,
                    "%s brings back %s for the third time (%s: moves %d-%d, "
                    "twice) with neither side yielding: under %s rules the "
                    "game has no result", mn.s, when,
                    sgf_cycle_name(sgf_position_cycle(r->p, ply - r->cycle_len,
                                                      ply)),
                    first + 1, ply, r->rules.name);
    else
        node_report(r, SGF_C_CYCLE, q->pos, r->move,
                    "%s repeats a position for the third time with neither "
                    "side yielding: under %s rules the game has no result",
                    mn.s, r->rules.name);
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
        r->fn) {
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
            /* handicap: two black stones or more and no white one */
            bool handicap = r->black_setup >= 2 && !r->white_setup;
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

/* Handicap written as moves: HA[N] (N >= 2), no setup stones, and the
 * game opens with N Black moves in a row. */
static int handicap_moves(const sgf_game *g)
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
    r->cycle_ply = -1;
    r->cycle_len = 0;
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

static void check_result(replay *r)
{
    sgf_game *g = r->g;
    const sgf_result *res = &g->info.result;
    const sgf_prop *re = gameinfo_prop(g, SGF_P_RE);
    if (!re || res->winner == SGF_WIN_NONE || res->winner == SGF_WIN_UNKNOWN)
        return;
    int last = r->p->h.ply;
    if (r->cycle_ply >= 0 && res->winner != SGF_WIN_VOID &&
        last <= r->cycle_ply + (r->cycle_len > 0 ? r->cycle_len : 8))
        game_report(g, SGF_C_CYCLE_RESULT, re->pos, 0,
                    "RE[%s], but the game ended in a cycle at move %d: no "
                    "result (Void) under %s rules", g->info.result_text,
                    r->cycle_ply, r->rules.name);
    /* A win on time goes to the player who made the last move: the loser's
     * clock runs on the loser's turn.  The other way round the winner's
     * clock was the one running, so the record lost a move or the result is
     * wrong.  (A resignation right after one's own move is allowed by the
     * servers: 82 KGS games of 2-online do it, so it is not reported.) */
    int winner = res->winner == SGF_WIN_BLACK ? SGF_BLACK
                 : res->winner == SGF_WIN_WHITE ? SGF_WHITE : 0;
    if (winner && r->move > 0 && winner != r->last_color &&
        res->reason == SGF_BY_TIME)
        game_report(g, SGF_C_RESULT_TURN, re->pos, 0,
                    "RE[%s]: %s wins on time, but %s made the last move (move "
                    "%d), so %s's clock was the one running",
                    g->info.result_text, color_name(winner),
                    color_name(3 - winner), r->move, color_name(winner));
    bool by_points = res->reason == SGF_BY_POINTS ||
                     res->winner == SGF_WIN_DRAW;
    if (by_points && r->end_ply < 0 && r->move > 0)
        game_report(g, SGF_C_RESULT_WITHOUT_END, re->pos, 0,
                    "RE[%s] is a result by counting, but the game never ended "
                    "with two passes (%d moves recorded)", g->info.result_text,
                    r->move);
    if (!g->info.has_komi)
        return;
    double komi = g->info.komi;
    double margin = res->winner == SGF_WIN_DRAW ? 0.0 : res->margin;
    if (!(res->winner == SGF_WIN_DRAW || (by_points && res->has_margin)))
        return;
    if (res->winner != SGF_WIN_DRAW && margin == 0.0)
        game_report(g, SGF_C_RESULT_PARITY, re->pos, 0,
                    "RE[%s]: a win by 0 points is no result of a count (a "
                    "draw is RE[0]; an unknown margin is RE[%c+])",
                    g->info.result_text,
                    res->winner == SGF_WIN_BLACK ? 'B' : 'W');
    else if (whole_point(komi) && half_point(margin))
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
    const sgf_prop *ru = gameinfo_prop(g, SGF_P_RU);
    if (!ru)
        return;
    if (src == RULES_UNKNOWN)
        game_report(g, SGF_C_RULES_UNKNOWN, ru->pos, 0,
                    "RU[%s] is not a rule set sgfkit knows; moves were checked "
                    "under %s rules", g->info.rules, r->rules.name);
    else if (src == RULES_LOOSE)
        game_report(g, SGF_C_RULES_FREE_TEXT, ru->pos, 0,
                    "RU[%s] read as %s rules%s", g->info.rules, r->rules.name,
                    r->rules.has_komi && !g->info.has_komi ? " with its komi"
                                                           : "");
}

/* Appends n to the path array (in the game's arena). */
static bool path_push(sgf_game *g, const sgf_node ***path, size_t *len,
                      size_t *cap, const sgf_node *n)
{
    if (*len == *cap) {
        const sgf_node **np = arena_alloc(&g->a, 2 * *cap * sizeof *np);
        if (!np) {
            g->nomem = true;
            return false;
        }
        memcpy(np, *path, *len * sizeof *np);
        *path = np;
        *cap *= 2;
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

static void free_position(void *p)
{
    sgf_position_free(p);
}

sgf_position *replay_position(sgf_game *g)
{
    if (!g->attached) {
        sgf_position *p = sgf_position_new();
        if (!p)
            return NULL;
        g->attached = p;
        g->attached_free = free_position;
    }
    return g->attached;
}

void replay_check(sgf_game *g)
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
    rules_source src = game_rules(g, g->opt.rules,
                                  g->opt.flags & SGF_READ_RULES_OVERRIDE,
                                  &r.rules);
    if (replay_start(&r))
        return;
    report_rules(&r, src);
    if (ancient_opening(g))
        game_report(g, SGF_C_ANCIENT_OPENING, g->root->pos, 0,
                    "four stones on the 4-4 points (座子) and White moves "
                    "first: an ancient Chinese game, checked under %s rules",
                    r.rules.name);
    r.handicap_run = handicap_moves(g);
    if (r.handicap_run)
        game_report(g, SGF_C_HANDICAP_AS_MOVES, g->root->pos, 0,
                    "HA[%d] and the game opens with %d Black moves: the "
                    "handicap stones are written as moves",
                    g->info.handicap, r.handicap_run);

    /* the main line */
    play_line(&r, g->root);
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
    game_rules(g, rules, rules != NULL, &r.rules);
    int rc = replay_start(&r);
    if (rc)
        return rc;
    r.handicap_run = handicap_moves(g);
    return play_line(&r, g->root);
}
