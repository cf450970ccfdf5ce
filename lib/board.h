/*
 * board.h - the position object behind sgf_position_*: the board with its
 * strings (board.c), the history of ko, superko and game end (history.c),
 * and what the scorer reads.  Never installed.
 *
 * The board is a 1-D array with a border: point (x, y) is at
 * (y + 1) * stride + x with stride = width + 1, so one border column serves
 * as the right edge of a row and the left edge of the next, and rows 0 and
 * height + 1 are border.  The four neighbours of a point are +-1 and
 * +-stride; index 0 is border, so 0 doubles as "no point".
 */
#ifndef SGFKIT_BOARD_H
#define SGFKIT_BOARD_H

#include <stdint.h>
#include "internal.h"

enum {
    BOARD_MAX = 52,                                   /* SGF's largest side */
    BOARD_POINTS = (BOARD_MAX + 2) * (BOARD_MAX + 1), /* 2862 */
    BOARD_BORDER = 3                                  /* colour of border cells */
};

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
 * reset), so a reset clears nothing.  Per player to move t (0 Black, 1
 * White): first[t] is the earliest ply that produced (board, t), -1 none;
 * cnt[t] counts them since ply epoch (the last pass, or 0), which is what
 * the spight ban and the no-result rule of simple ko look at; passed has
 * bit (to_move - 1) * 2 + (passer - 1) once a player passed from it. */
typedef struct hentry {
    uint64_t key;
    uint32_t stamp;
    int32_t epoch;
    int32_t first[2];
    uint8_t cnt[2];
    uint8_t passed;
} hentry;

struct sgf_position {
    /* ---- board (board.c) ---- */
    int width, height, stride, npoints;   /* npoints = (height + 2) * stride */
    uint64_t hash;                        /* Zobrist hash of the stones */
    int to_move;
    int ko_point, ko_color;               /* ko_color may not play ko_point; 0: none */
    int prisoners[3];                     /* by capturing colour */
    int dirty;                            /* strings must be rebuilt */
    int setup_pending;                    /* setup since the last recording */
    uint8_t color[BOARD_POINTS];          /* SGF_EMPTY, SGF_BLACK, SGF_WHITE, BOARD_BORDER */
    uint8_t ever[BOARD_POINTS];           /* ever held a stone in this game */
    /* strings: circular lists of stones; head, stones and libs are valid
     * for every stone, stones and libs read at the head only.  libs counts
     * pseudo-liberties ((stone, empty neighbour) pairs): zero exactly when
     * the string has no liberty. */
    uint16_t next[BOARD_POINTS], head[BOARD_POINTS];
    uint16_t stones[BOARD_POINTS], libs[BOARD_POINTS];
    uint16_t stack[BOARD_POINTS];         /* scratch of board_rebuild */
    int key_stride;                       /* stride key[] was filled for */
    uint64_t key[BOARD_POINTS][2];        /* Zobrist keys by point, colour - 1 */

    /* ---- rules and history (history.c) ---- */
    sgf_rules rules;
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
};

static inline int board_index(const sgf_position *p, int x, int y)
{
    return (y + 1) * p->stride + x;
}
static inline int board_x(const sgf_position *p, int pt) { return pt % p->stride; }
static inline int board_y(const sgf_position *p, int pt) { return pt / p->stride - 1; }
static inline int board_on(const sgf_position *p, int x, int y)
{
    return x >= 0 && y >= 0 && x < p->width && y < p->height;
}
static inline uint64_t board_key(const sgf_position *p, int pt, int color)
{
    return p->key[pt][color - 1];
}

/* What a stone of colour c on the empty point pt would do, read from the
 * neighbours alone (nothing is changed): the strings it captures and
 * joins, and whether the resulting string keeps a liberty.  A neighbour
 * string whose only liberty is pt has all its pseudo-liberties on pt: as
 * many as it has stones among pt's neighbours. */
typedef struct board_probe {
    int liberty;          /* the new string has a liberty (before captures) */
    int ncap, nown;       /* opponent strings captured, own strings joined */
    int captured;         /* stones in the captured strings */
    int empty;            /* empty neighbours of pt */
    uint16_t cap[4], own[4];
} board_probe;

static inline void board_probe_move(const sgf_position *p, int pt, int c,
                                    board_probe *r)
{
    const int d[4] = { -p->stride, -1, 1, p->stride };
    int h[4], col[4];
    r->liberty = r->ncap = r->nown = r->captured = r->empty = 0;
    for (int i = 0; i < 4; i++) {
        int n = pt + d[i];
        col[i] = p->color[n];
        h[i] = (col[i] == SGF_BLACK || col[i] == SGF_WHITE) ? p->head[n] : 0;
    }
    for (int i = 0; i < 4; i++) {
        if (col[i] == SGF_EMPTY) {
            r->liberty = 1;
            r->empty++;
            continue;
        }
        if (!h[i])
            continue;
        int seen = 0, m = 1;
        for (int j = 0; j < i; j++)
            seen |= h[j] == h[i];
        if (seen)
            continue;
        for (int j = i + 1; j < 4; j++)
            m += h[j] == h[i];
        if (col[i] == c) {
            if (p->libs[h[i]] > m)
                r->liberty = 1;
            r->own[r->nown++] = (uint16_t)h[i];
        } else if (p->libs[h[i]] == m) {
            r->cap[r->ncap++] = (uint16_t)h[i];
            r->captured += p->stones[h[i]];
        }
    }
}

/* Result of board_play_stone. */
typedef struct board_move {
    int captured;         /* opponent stones removed */
    int suicided;         /* own stones removed */
    int ko;               /* left a simple ko (p->ko_point is set) */
} board_move;

/* board.c */
/* Empty width x height board (sizes already checked). */
void board_clear(sgf_position *p, int width, int height);
/* Rebuild every string from the colours (after setup or a replacement). */
void board_rebuild(sgf_position *p);
/* Strings without a liberty (strings must be clean). */
int board_dead_strings(const sgf_position *p);
/* Remove the stone on pt without captures; strings are rebuilt. */
void board_lift(sgf_position *p, int pt);
/* Place c on the empty point pt: join, capture, remove the own string when
 * it has no liberty, set or clear the ko point. */
void board_play_stone(sgf_position *p, int pt, int c, board_move *m);
/* Xor of the keys of the stones of the string headed by h. */
uint64_t board_string_key(const sgf_position *p, int h);

/* history.c */
/* The chinese defaults, for a reset without rules. */
extern const sgf_rules board_default_rules;

#endif /* SGFKIT_BOARD_H */
