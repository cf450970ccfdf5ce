/*
 * scoregame.c - a game scored from its record (doc/scoring.md):
 * the main line replayed under the game's rules, the dead stones taken
 * from the markup or estimated, the count, and what it says about the
 * recorded RE[].  The pieces are benson.c, estimate.c and score.c; this
 * file only decides which of them to ask and reads the record for them.
 */
#include <stdbool.h>
#include <string.h>

#include "go/assume_clues.h"
#include "go/board.h"
#include "go/position.h"
#include "go/replay.h"
#include "score/estimate.h"
#include "score/scoregame.h"
#include "sgf/game.h"
#include "sgf/points.h"

const char *sgf_agreement_name(sgf_agreement a)
{
    switch (a) {
    case SGF_AGREE_MATCH: return "match";
    case SGF_AGREE_WINNER_ONLY: return "winner-only";
    case SGF_AGREE_MISMATCH: return "mismatch";
    case SGF_AGREE_REVERSED: return "reversed";
    case SGF_AGREE_OTHER_ORDER: return "other-order";
    case SGF_AGREE_NOT_COMPARABLE: break;
    }
    return "not-comparable";
}

const char *sgf_dead_mode_name(sgf_dead_mode m)
{
    switch (m) {
    case SGF_DEAD_AUTO: return "auto";
    case SGF_DEAD_MARKUP: return "markup";
    case SGF_DEAD_ESTIMATE: return "estimate";
    case SGF_DEAD_NO_MARKUP: return "no-markup";
    case SGF_DEAD_NONE: break;
    }
    return "none";
}

int sgf_score_disagrees(const sgf_scored_game *s)
{
    return s->agreement == SGF_AGREE_MISMATCH ||
           s->agreement == SGF_AGREE_REVERSED ||
           (s->agreement == SGF_AGREE_WINNER_ONLY && s->recorded.has_margin);
}

/* What the replay tells the count: the last stone, how many moves. */
typedef struct final_state {
    int moves;
    int last_x, last_y;
} final_state;

static int note_step(void *ctx, const sgf_position *p,
                     const sgf_replay_step *step)
{
    (void)p;
    final_state *f = ctx;
    if (!step->color)
        return 0;
    f->moves = step->move;
    if (step->x >= 0) {
        f->last_x = step->x;
        f->last_y = step->y;
    }
    return 0;
}

static const sgf_node *last_node(const sgf_game *g)
{
    const sgf_node *n = g->root;
    while (n && n->child)
        n = n->child;
    return n;
}

/* N of the handicap bonus (KataGo's rule, tests/rules/cases.txt
 * handicap-bonus): Black's stones on the board before the first move when
 * White has none, else a handicap of HA[N] written as N Black moves in a
 * row.  Black stones set up with no HA and Black to move are a problem or
 * a teaching position, not a handicap (the checker reads them so too). */
static int handicap_stones(const sgf_game *g, sgf_scored_game *out)
{
    int black = clue_black_setup(g), n;
    bool stated = clue_info_prop(g, SGF_P_HA) != NULL;
    out->handicap_source = stated ? SGF_SOURCE_RECORD : SGF_SOURCE_DEFAULT;
    out->handicap_evidence = NULL;
    if (black >= 2 && g->info.handicap >= 2)
        return black;
    if (black >= 2 && clue_first_mover(g) == SGF_WHITE) {
        out->handicap_source = SGF_SOURCE_INFERRED;
        out->handicap_evidence = "AB[] with White moving first";
        return black;
    }
    if ((n = g->info.handicap_placed) || (n = clue_handicap_moves(g)))
        out->handicap_source = SGF_SOURCE_RECORD;
    return n;
}

/* Dead stones and territory from TB[]/TW[] of the last node: a stone on
 * the other colour's territory is dead, and the marked points are the
 * territory, as the server counted it (its seki and false eyes included).
 * A stone marked as its own colour's territory contradicts the board and
 * is left alive.  Returns whether the node has any markup at all. */
static bool markup_dead(const sgf_game *g, const sgf_position *p,
                        unsigned char *map, int *ignored)
{
    const sgf_node *n = last_node(g);
    int w = p->b.width, h = p->b.height;
    bool any = false;
    for (const sgf_prop *q = n ? n->props : NULL; q; q = q->next) {
        if (q->kind != SGF_P_TB && q->kind != SGF_P_TW)
            continue;
        any = true;
        int owner = q->kind == SGF_P_TB ? SGF_BLACK : SGF_WHITE;
        point_set s;
        point_set_clear(&s);
        point_list_collect(q, w, h, &s);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                if (!point_set_has(&s, x, y))
                    continue;
                int c = sgf_position_at(p, x, y);
                unsigned char *m = &map[y * w + x];
                if (c == owner) {
                    (*ignored)++;
                    continue;
                }
                /* the servers' own count: exactly the marked points */
                *m = (unsigned char)((*m & ~SGF_MAP_OWNER) | SGF_MAP_MARKED |
                                     owner | (c ? SGF_MAP_DEAD : 0));
            }
    }
    return any;
}

/* A result the count reverses, colours swapped, by at least this margin
 * when the dead stones were estimated: a smaller mirror is as likely a
 * count a point or two off (on 1-pro, 75 of 95 exact mirrors were W+0.5
 * against B+0.5).  A count from markup, or with no stone removed, is
 * exact, and any mirror counts. */
#define REVERSED_ESTIMATED_MARGIN 5.0

/* A record that stops before the end is compared with RE[] only when RE[]
 * says it was counted (a margin: the count of the finished game), and
 * when most of its board is decided (open: with the dead stones removed,
 * more than half of the points lie in regions that touch both colours or
 * none, as on an empty board; sgfcheck's result-unsupported): RE[B+]
 * may be a resignation, and the count of a game left in the opening or the
 * middle says nothing of it (its exact matches are chance: 1-pro's
 * Judan/07/L04 at move 133, with 234 points neutral, "matched" B+4.5).
 * A win "by 0" (Fox's RE[B+0.0]) gives no margin either, nor one in
 * neither whole nor half points (Fox's RE[W+0.02]). */
static sgf_agreement agreement(const sgf_result *re, const sgf_score *s,
                               int no_result, int estimated, int ended,
                               bool open)
{
    if (re->winner == SGF_WIN_VOID)
        return no_result ? SGF_AGREE_MATCH : SGF_AGREE_NOT_COMPARABLE;
    if (no_result)
        return SGF_AGREE_NOT_COMPARABLE;
    bool win = re->winner == SGF_WIN_BLACK || re->winner == SGF_WIN_WHITE;
    double twice = re->margin * 2;
    bool margin = re->has_margin && !(win && re->margin == 0) &&
                  twice == (double)(long)twice;
    if (!ended && (open || (win && !margin)))
        return SGF_AGREE_NOT_COMPARABLE;
    int recorded;
    if (re->winner == SGF_WIN_DRAW)
        recorded = SGF_EMPTY;
    else if (win && (re->reason == SGF_BY_POINTS || re->reason == SGF_BY_NONE))
        recorded = re->winner == SGF_WIN_BLACK ? SGF_BLACK : SGF_WHITE;
    else
        return SGF_AGREE_NOT_COMPARABLE;
    if (recorded != s->winner) {
        double ours = s->margin < 0 ? -s->margin : s->margin;
        double d = ours - re->margin;
        return recorded != SGF_EMPTY && s->winner != SGF_EMPTY &&
                       re->has_margin && d < 1e-6 && d > -1e-6 &&
                       (!estimated || ours >= REVERSED_ESTIMATED_MARGIN)
                   ? SGF_AGREE_REVERSED : SGF_AGREE_MISMATCH;
    }
    if (recorded == SGF_EMPTY)
        return SGF_AGREE_MATCH;
    if (!re->has_margin)
        return SGF_AGREE_WINNER_ONLY;
    double ours = s->margin < 0 ? -s->margin : s->margin;
    double d = ours - re->margin;
    return d < 1e-6 && d > -1e-6 ? SGF_AGREE_MATCH : SGF_AGREE_WINNER_ONLY;
}

/* Whether RE[] is the count of p with the other player moving first
 * after the record's last move: the estimate's second finish, in a map of
 * its own (the caller's keeps the first count).  Returns 1, 0, or
 * SGF_E_NOMEM. */
static int other_order_matches(const sgf_position *p, est_kept *kept,
                               int handicap, const sgf_scored_game *out)
{
    unsigned char map[SGF_MAP_SIZE];
    est_finish_other(kept, map);
    sgf_score s;
    int rc = sgf_position_score(p, handicap, SGF_SCORE_MARKED_SEKI, map, &s);
    if (rc)
        return rc;
    return agreement(&out->recorded, &s, out->no_result, 1, out->ended,
                     false) == SGF_AGREE_MATCH;
}

/* Sets out->agreement, RE[] against the count.  Whether a record that
 * stops before its end is too open to hold a count takes an estimate of
 * its own, asked only when the answer can change the agreement: not for
 * a resignation, whose count is never compared. */
static int compare(const sgf_position *p, est_kept *kept, int handicap,
                   bool estimated, sgf_scored_game *out)
{
    out->agreement = agreement(&out->recorded, &out->score, out->no_result,
                               estimated, out->ended, false);
    if (out->agreement != agreement(&out->recorded, &out->score,
                                    out->no_result, estimated, out->ended,
                                    true)) {
        int neutral;
        int open = replay_record_open(p, score_neutral_points, &neutral);
        if (open < 0)
            return open;
        if (open)
            out->agreement = SGF_AGREE_NOT_COMPARABLE;
    }
    if (!kept || !sgf_score_disagrees(out))
        return 0;
    int rc = other_order_matches(p, kept, handicap, out);
    if (rc > 0)
        out->agreement = SGF_AGREE_OTHER_ORDER;
    return rc < 0 ? rc : 0;
}

/* Servers that count the board as it stands once both players pass,
 * removing no stone (the programs capture the dead ones first), as PC[]
 * names them: RE[] is that count, whatever RU[] says.  CGOS writes
 * RU[Chinese] and counts so (Fuego's regression suite replays its games
 * under "CGOS rules (Tromp-Taylor scoring)"). */
static const char *const counting_as_it_stands[] = { "CGOS" };

/* Why SGF_DEAD_AUTO removes no stone from g's final position: the
 * evidence (owned by g), or NULL when the dead stones are to be found. */
static const char *counted_as_it_stands(sgf_game *g, const sgf_rules *rules,
                                        int ended)
{
    /* Tromp-Taylor removes no dead stones: a game is played out to the
     * end, and that is the rule set's point. */
    if (strcmp(rules->name, "tromp-taylor") == 0)
        return "the tromp-taylor rules";
    const char *pc = g->info.place;
    if (!ended || !pc)
        return NULL;
    for (size_t i = 0; i < sizeof counting_as_it_stands /
                               sizeof counting_as_it_stands[0]; i++)
        if (strstr(pc, counting_as_it_stands[i]))
            return clue_evidence(g, "PC", pc);
    return NULL;
}

/* Playouts of the estimate that decides whether a record that stops
 * before its end is too open to hold a count: a quarter of the default,
 * as the playouts of an open board are long and more gave the same
 * answers (doc/performance.md). */
enum { OPEN_TEST_PLAYOUTS = 12 };

int score_neutral_points(const sgf_position *p)
{
    unsigned char map[SGF_MAP_SIZE];
    const sgf_estimate_options quick = { .playouts = OPEN_TEST_PLAYOUTS };
    int rc = est_dead_as_left(p, &quick, map);
    if (rc < 0)
        return rc;
    sgf_score s;
    rc = sgf_position_score(p, 0, SGF_SCORE_MARKED_SEKI, map, &s);
    return rc ? rc : s.dame;
}

int sgf_game_score(sgf_game *g, const sgf_score_options *o, sgf_position *p,
                   unsigned char *map, sgf_scored_game *out)
{
    static const sgf_score_options defaults = { 0 };
    if (!o)
        o = &defaults;
    if (!g || !p || !map || !out)
        return SGF_E_ARG;
    memset(out, 0, sizeof *out);
    out->last_x = out->last_y = -1;
    game_terms t;
    replay_terms(g, o->rules, o->rules != NULL,
                 o->has_komi ? &o->komi : NULL, &t);
    out->rules = t.rules;
    out->rules_source = t.rules_source;
    out->komi_source = t.komi_source;
    out->rules_evidence = t.rules_evidence;
    out->komi_evidence = t.komi_evidence;

    final_state f = { 0, -1, -1 };
    int rc = sgf_game_replay(g, &out->rules, p, note_step, &f);
    if (rc)
        return rc;
    const sgf_replay_summary *rs = sgf_game_replay_summary(g);
    out->illegal = rs->illegal;
    out->first_illegal = rs->first_illegal;
    out->first_illegal_kind = rs->first_illegal_kind;
    out->moves = f.moves;
    out->last_x = f.last_x;
    out->last_y = f.last_y;
    out->ended = sgf_position_game_over(p);
    out->no_result = sgf_position_no_result(p);
    out->recorded = g->info.result;

    int w = p->b.width, h = p->b.height;
    memset(map, 0, (size_t)w * (size_t)h);
    sgf_dead_mode mode = o->dead;
    out->dead_source = SGF_SOURCE_GIVEN;
    if (mode == SGF_DEAD_AUTO) {
        out->dead_evidence = counted_as_it_stands(g, &out->rules, out->ended);
        if (out->dead_evidence) {
            mode = SGF_DEAD_NONE;
            out->dead_source = SGF_SOURCE_INFERRED;
        }
    }
    if (mode == SGF_DEAD_AUTO || mode == SGF_DEAD_MARKUP) {
        bool any = markup_dead(g, p, map, &out->markup_ignored);
        if (mode == SGF_DEAD_AUTO)
            out->dead_source = any ? SGF_SOURCE_RECORD : SGF_SOURCE_DEFAULT;
        mode = any ? SGF_DEAD_MARKUP
             : mode == SGF_DEAD_MARKUP ? SGF_DEAD_NO_MARKUP
                                       : SGF_DEAD_ESTIMATE;
    }
    /* a record that stops with stones on less than a quarter of its board
     * holds no count (not-comparable whatever the dead stones): playing
     * the whole board out for them would cost a hundred times the rest */
    if (mode == SGF_DEAD_ESTIMATE && out->dead_source == SGF_SOURCE_DEFAULT &&
        !out->ended && replay_record_bare(p)) {
        mode = SGF_DEAD_NONE;
        out->dead_source = SGF_SOURCE_INFERRED;
        out->dead_evidence = "a board less than a quarter covered";
    }
    /* a record that stops before its end does not say who moved first in
     * the moves it leaves out, and that can be worth the last point: the
     * estimate is kept for a second finish, with the other player first */
    est_kept *kept = NULL;
    if (mode == SGF_DEAD_ESTIMATE) {
        rc = est_estimate_dead(p, &o->estimate, map,
                               est_first_named(&o->estimate) ? NULL : &kept);
        if (rc < 0)
            return rc;
    }
    out->dead = mode;

    /* an estimate has decided the sekis: the static rules of score.c would
     * call a living group with a string in atari, or with eyes it cannot
     * count, a seki and take its territory */
    int handicap = handicap_stones(g, out);
    rc = sgf_position_score(p, handicap,
                            mode == SGF_DEAD_ESTIMATE ? SGF_SCORE_MARKED_SEKI
                                                      : 0,
                            map, &out->score);
    if (rc == 0) {
        if (out->no_result)
            strcpy(out->result, "Void");
        else
            sgf_score_result(&out->score, 0, out->result, sizeof out->result);
        rc = compare(p, kept, handicap, mode == SGF_DEAD_ESTIMATE, out);
    }
    est_kept_free(kept);
    return rc;
}
