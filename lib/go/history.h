/*
 * history.h - what a position remembers of its game (history.c): the rules
 * it is played under, the per-ply log, the set of boards seen, and from
 * them the ko and superko bans, game end and the names of cycles.  A
 * history records the plays of one board (board.h), which knows nothing of
 * it; position.h puts the two together.  Never installed.  The common ply
 * is here, inline, so that the replay (replay.c) plays it without a call:
 * history_play_stone.
 */
#ifndef SGFKIT_GO_HISTORY_H
#define SGFKIT_GO_HISTORY_H

#include <stddef.h>
#include <stdint.h>
#include "sgfkit.h"
#include "go/board.h"

/* One ply of the log.  log[0] is the position after the reset and setup;
 * log[i] the position after ply i. */
enum {
    PLY_PASS = 1,         /* a pass */
    PLY_OFF = 2,          /* a move off the board: no stone, not a pass */
    PLY_KO_CAPTURE = 4,   /* captured one stone and left a ko (simple-ko shape) */
    PLY_SUICIDE = 8       /* own stones removed */
};
typedef struct ply_rec {
    uint64_t hash;        /* board after the ply */
    uint16_t point;       /* 0 for passes and off-board plies */
    uint16_t captured;    /* opponent stones removed */
    uint8_t color;        /* who played (0 for log[0]) */
    uint8_t to_move;      /* player to move after the ply */
    uint8_t flags;
} ply_rec;

/* The set of boards seen in this game, keyed by the board hash.  Entries
 * of earlier games are told apart by stamp (a generation bumped at each
 * reset), so a reset clears nothing.  Most boards occur once: their entry
 * says when (ref = ply * 2 + t, t the player to move after it, 0 Black,
 * 1 White), which keeps entries at 16 bytes and the table of a long game
 * within the first-level cache.  A board seen again, or passed from, gets
 * a record (hrep) in h->rep, and ref = ~index; REF_NONE: not seen yet. */
typedef struct hentry {
    uint64_t key;
    uint32_t stamp;
    int32_t ref;
} hentry;
#define REF_NONE INT32_MAX

/* Per player to move t: first[t] is the earliest ply that produced
 * (board, t), -1 none; cnt[t] counts them since ply epoch (the last pass,
 * or 0), which is what the spight ban and the no-result rule of simple ko
 * look at; passed has bit (to_move - 1) * 2 + (passer - 1) once a player
 * passed from it. */
typedef struct hrep {
    int32_t epoch;
    int32_t first[2];
    uint8_t cnt[2];
    uint8_t passed;
} hrep;

typedef struct history {
    sgf_rules rules;
    int to_move;
    int setup_pending;        /* setup since the last recording */
    int ply;                  /* plies since the reset */
    int passes;               /* consecutive passes just played */
    int epoch;                /* ply of the last pass, 0 before any */
    int game_over, no_result;
    int history_lost;         /* an allocation failed: log/set incomplete */
    ply_rec *log;             /* log[0..nlog) */
    int nlog;
    size_t log_cap;
    hentry *set;
    size_t set_cap, set_used; /* capacity: a power of two */
    uint32_t gen;
    hrep *rep;                /* rep[0..nrep): boards seen more than once */
    size_t nrep, rep_cap;
} history;

/* The history of a new position, its tables allocated: 0, or SGF_E_NOMEM
 * (h is then freed). */
int history_init(history *h);
void history_free(history *h);
/* Forgets every ply: the empty board of a new game under rules r (NULL:
 * history_default_rules), with r's first player to move. */
void history_reset(history *h, const sgf_rules *r);
/* The chinese defaults, for a reset without rules. */
extern const sgf_rules history_default_rules;

/* What a ply did: sgf_play_info without the ko point, which costs a
 * division to name and the replay does not need. */
typedef struct play_result {
    sgf_legality legality;
    int captured, suicided;
    int repeats, repeats_situation;
} play_result;
/* sgf_position_play for a player (SGF_BLACK or SGF_WHITE) on point pt of
 * the array (board_index), 0 for a pass, -1 for a move off the board:
 * the replay's way in, without decoding coordinates twice.  For a stone,
 * history_play_stone is quicker. */
void history_play(history *h, board *b, int color, int pt, play_result *res);
/* The rest of a ply of history_play_stone whose stone captured or was
 * suicide. */
void history_stone(history *h, board *b, int color, int pt,
                   const board_move *m, play_result *res);
/* Logs the ply just played and adds its board, new to the game. */
void history_new_board(history *h, const board *b, int color, int pt);

/* sgf_position_setup_done, sgf_position_set_to_move, sgf_position_legal,
 * sgf_position_cycle on the history of board b. */
int history_setup_done(history *h, board *b);
void history_set_to_move(history *h, const board *b, int color);
sgf_legality history_legal(const history *h, board *b, int color, int x,
                           int y);
sgf_cycle_kind history_cycle(const history *h, int from, int to);

/* history_play for a stone (pt > 0), with the common ply inline in the
 * replay's loop: a stone on a point that never held one in this game (so
 * empty, no ko to retake), on a clean board, that captures nothing.  It
 * stays on a point empty in every earlier position: the board is new, so
 * no ban, no repeat, no cycle, and its set entry needs no lookup.  Returns
 * 1 for that ply, res left as it is (legal, nothing captured, no repeat);
 * else 0, res filled. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int history_play_stone(history *h, board *b, int color,
                                     int pt, play_result *res)
{
    if ((h->setup_pending | b->dirty) || b->ever[pt]) {
        history_play(h, b, color, pt, res);
        return 0;
    }
    const uint64_t key = board_key(b, pt, color);
#if defined(__GNUC__)
    /* the set slot of the board to come: its cache miss overlaps with the
     * board work */
    __builtin_prefetch(&h->set[(size_t)(b->hash ^ key) & (h->set_cap - 1)]);
#endif
    board_move m;
    board_play_stone(b, pt, color, key, &m);
    if (m.captured | m.suicided) {
        history_stone(h, b, color, pt, &m, res);
        return 0;
    }
    const int t = 2 - color;   /* the player to move after it, 0 Black */
    h->ply++;
    h->to_move = t + 1;
    h->passes = 0;
    if ((size_t)h->nlog == h->log_cap || (h->set_used + 1) * 2 > h->set_cap ||
        h->ply >= INT32_MAX / 2) {
        /* the log or the set must grow, or the ply is too big for ref */
        history_new_board(h, b, color, pt);
        return 1;
    }
    /* what history_new_board does, without its checks */
    ply_rec *r = &h->log[h->nlog++];
    r->hash = b->hash;
    r->point = (uint16_t)pt;
    r->captured = 0;
    r->color = (uint8_t)color;
    r->to_move = (uint8_t)(t + 1);
    r->flags = 0;
    size_t mask = h->set_cap - 1, i = (size_t)b->hash & mask;
    while (h->set[i].stamp == h->gen)
        i = (i + 1) & mask;
    hentry *e = &h->set[i];
    e->key = b->hash;
    e->stamp = h->gen;
    e->ref = (int32_t)(h->ply * 2 + t);
    h->set_used++;
    return 1;
}

#endif /* SGFKIT_GO_HISTORY_H */
