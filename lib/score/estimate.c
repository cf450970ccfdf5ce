/*
 * estimate.c - which stones are dead at the end of a game.  The steps
 * are numbered as in doc/dead-stones.md ("Method");
 * doc/dead-stones-history.md gives the measures behind each constant below.
 *
 *  1. Benson (benson.c): stones inside the opponent's pass-alive area are
 *     dead; that area is frozen for the playouts, which cannot change it.
 *  2. Light playouts (playout.c) from the final position, as many with
 *     Black first as with White first.
 *  3. Verdict: a string is dead when the opponent owns its points at the
 *     end of most playouts, both orders pooled; unsettled (counted alive)
 *     when that holds with one side first only; alive and settled when it
 *     alone shuts in an eye space that lives whoever moves first
 *     (eyespace.c).
 *  3a. Seki (lifedeath.c): a small string the playouts kill that the
 *     attacker cannot capture even moving first, read to the end inside
 *     its enclosure, lives in seki with the walls around it.
 *  3b. Capture search (tactics.c) on the strings the playouts are unsure
 *     of and on strings in atari: one the attacker captures even with its
 *     owner moving first is dead (in a finished game the owner had that
 *     move).
 *  3c. Life-and-death search (lifedeath.c) on the strings the playouts
 *     are unsure of, inside their enclosure: dead when captured even with
 *     the owner moving first and playing anywhere there (a short wall may
 *     connect through its own eye-like points, as in 3a).
 *  3d. Large strings the playouts kill without conviction (races and
 *     sekis they lose half the time): alive when the attacker cannot
 *     capture them moving first, read to the end inside the enclosure;
 *     unsettled too when the playouts killed them four times in five.
 *  3e. Races after a capture (race.c): a large string the playouts kill
 *     next to an enemy string in atari that a search proved lost is
 *     replayed from the board after its owner takes that string; it
 *     lives when it clearly lives there (the playouts seldom take first).
 *     In a record that stops before the end, one the playouts kill without
 *     conviction that holds an enemy group inside, short of liberties and
 *     lost, lives: it takes that group when it likes (race_takes_inside).
 *  3f. Races read (race.c): a large dead string next to an enemy string of
 *     three stones or more short of liberties that a race search proves
 *     lost even moving first: that string dies, and the large one lives
 *     when the playouts from the board after the capture say so.
 *  3g. Races left on the board (race.c): in a finished record, a large
 *     string the playouts keep alive next to an enemy string they are
 *     unsure of that a race search, with approach moves, takes even
 *     moving first: that string dies.
 *  4. Consistency: two neighbouring strings of both colours cannot both
 *     be dead (one of them lives by capturing the other); the one the
 *     playouts were less sure of lives, unless the other is a cutting
 *     string in atari that step 3b proved lost, or the two are in a race
 *     the playouts cannot call and a search read (the neighbour short of
 *     liberties, or, where the record stops before the end, the proved
 *     string large): the proved one dies.
 *  5. Seki: a living string with a liberty that the playouts leave empty
 *     between both colours (neither side could fill it without putting
 *     itself in atari) is alive in seki.
 *  5a. A string the playouts split on that no search decided, large
 *     enough to change the count, is unsettled (and, counted dead, the
 *     living strings around it): the count is not to be trusted there.
 *  6. A record whose moves stop before the end (finish.c): the dame, the
 *     boundary points left and the teire they force are played out and
 *     the territory of that board is marked.  The strings around a
 *     neutral area too large to be dame are unsettled (a position counted
 *     before its end).  The finish puts no stone on a point the opponent
 *     owns at the end of nearly every playout: it reads no life and
 *     death, and a stone there would die.
 *  6a. Doubts that change no count: a living string of two stones or more
 *     left in atari that the playouts capture now and then, and the living
 *     neighbours of a string of two stones or more that step 6 took though
 *     the estimate called it alive, are unsettled.
 *
 * The random generator's state lives in the call; same seed, same map.
 * Memory is allocated once per call, nothing per playout or move.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "go/board.h"
#include "go/position.h"
#include "score/playout.h"
#include "score/tactics.h"
#include "score/lifedeath.h"
#include "score/estimate.h"
#include "score/finish.h"
#include "score/race.h"
#include "score/eyespace.h"
#include "score/dragon.h"

enum {
    /* per side to move first: with the pattern policy as right as 64, and
     * faster */
    DEFAULT_PLAYOUTS = 48,
    /* the counts are 16-bit */
    MAX_PLAYOUTS = 30000
};

/* Share of the playouts in which the opponent owns a string's points from
 * which the string counts dead.  Light playouts let dead groups live too
 * often (random defence beats random attack inside the attacker's area),
 * so the majority is the line.  It applies to both orders pooled: asked
 * of each order apart, groups near the line flipped from seed to seed. */
#define DEAD_SHARE 0.5
/* The playouts stop after a sixth of them when every string's share
 * with each side first is within CLEAR_SIXTH of 0 or 1 (one playout in
 * eight at the default), after a third within CLEAR_THIRD, after half
 * within CLEAR_HALF (run_playouts): the rest would change no verdict, and
 * most finished games are clear at once. */
#define CLEAR_SIXTH 0.13
/* ... and only from 8 playouts a side: fewer say nothing at that grain
 * (--playouts=8 would stop after one). */
enum { CLEAR_SIXTH_MIN = 8 };
#define CLEAR_THIRD 0.15
#define CLEAR_HALF 0.3
/* Share of the playouts that leave a liberty empty between both colours
 * from which its strings are in seki. */
#define SEKI_SHARE 0.5
/* Strings whose mean opponent share lies in [TAC_LOW, TAC_HIGH] get the
 * capture search (tactics.c), with at most TAC_NODES nodes each; below
 * TAC_LOW it finds captures in sekis and races the players left alone. */
#define TAC_LOW 0.35
#define TAC_HIGH 1.0
enum { TAC_NODES = 4000 };
/* Strings whose mean opponent share lies in [LD_LOW, LD_HIGH] get the
 * life-and-death search (lifedeath.c) with at most LD_NODES nodes, inside
 * walls of stones whose share is below LD_LOW (a wider range or more nodes
 * prove nothing more). */
#define LD_LOW 0.3
#define LD_HIGH 0.7
enum { LD_NODES = 4000 };
/* Step 3d: strings of at least REVIVE_STONES stones that the playouts
 * kill with a share below REVIVE_SHARE get ld_survives with REVIVE_NODES
 * nodes (a higher share or fewer nodes got games wrong, more nodes cost
 * time for nothing). */
#define REVIVE_SHARE 0.85
enum { REVIVE_STONES = 6, REVIVE_NODES = 5000 };
/* A string step 3d revives that the playouts kill at this share or more
 * is unsettled: the search holds the walls fixed, and they may gain
 * liberties outside (doc/dead-stones-history.md, "a wall that takes an
 * outside string in atari"). */
#define REVIVE_DOUBT 0.8
/* How a search killed a string (est.proved). */
enum {
    PROVED_DEAD = 1,
    /* a string in atari that its owner cannot save, cutting a living enemy
     * string from a dead one: its capture connects them, so the neighbour
     * the playouts call dead lives whatever the shares (step 4) */
    PROVED_CUT = 2
};
/* Step 3a reads only strings next to an enemy string with at most this
 * many liberties (short_wall): no limit reads the same games. */
enum { SEKI_WALL_LIBS = 4 };
/* Step 4's races: a string proved lost beats the shares against a
 * neighbour the playouts are unsure of (share at most RACE_SHARE, the
 * mirror of TAC_LOW) that is short of liberties (at most RACE_LIBS): that
 * neighbour dies unless it captures, and the search read that it does.
 * A surer neighbour, or one with more liberties, dies of its own lack of
 * eyes, and the proved string is a throw-in into its eye space. */
#define RACE_SHARE (1.0 - TAC_LOW)
enum { RACE_LIBS = 2 };
/* A proved string of at least RACE_BIG_STONES stones is no throw-in: it
 * loses its race against such a neighbour whatever the neighbour's
 * liberties (Daiwa/04/P04: 18 stones against 20 with three liberties
 * each, the 20 called dead on shares of 0.45 and 0.55). */
enum { RACE_BIG_STONES = 5 };
/* A string the playouts split on, too large to be noise: size x u^2 at
 * least UNSURE_STAKE, u its share's distance to 0 or 1 (2 stones at 0.5,
 * 8 at 0.25, 50 at 0.1) is unsettled, and so are the living strings
 * around it when it is counted dead (doc/dead-stones-history.md,
 * "Settled games"). */
#define UNSURE_STAKE 0.5
/* In a record that stops before the end, a dead string of at least
 * RACE_UNSURE_STONES stones next to a living enemy string in atari is
 * unsettled too: a race nobody played out, whose capture the playouts
 * often miss. */
enum { RACE_UNSURE_STONES = 5 };
/* Step 6a: a living string of at least DOUBT_STONES stones in atari at
 * the end that the opponent owns in at least DOUBT_SHARE of the playouts
 * with one side first is unsettled (the capture search's "not captured"
 * is also its "don't know"); so are the living neighbours of a string of
 * at least DOUBT_STONES stones that the finish took though the estimate
 * called it alive (doc/dead-stones-history.md, "Settled games: doubts"). */
#define DOUBT_SHARE 0.1
enum { DOUBT_STONES = 2 };
/* Step 3e: a dead string of at least RACE_REPLAY_STONES stones next to an
 * enemy string in atari that a search proved lost is replayed from the
 * board after its owner takes that string, with RACE_REPLAY_PLAYOUTS
 * playouts, the opponent first; it lives when the opponent then owns its
 * points in less than REPLAY_ALIVE of them (at 0.5, coin flips revived
 * groups the players had given up). */
enum { RACE_REPLAY_STONES = 5, RACE_REPLAY_PLAYOUTS = 2 * DEFAULT_PLAYOUTS };
#define REPLAY_ALIVE 0.2
/* Step 3f's race search (race_lost_neighbour): nodes per neighbour read
 * (the proofs of the tuning half took 1 to 436).  It reads only
 * strings the playouts kill below REVIVE_SHARE, as step 3d. */
enum { RACE_NODES = 500 };
/* Step 3g reads strings the playouts keep alive with a share of at least
 * RACE_ALIVE_LOW (read at every share, the tuning half's server19 lost
 * exact counts: races the players left to the living side). */
#define RACE_ALIVE_LOW 0.05
/* Step 6: a point one colour owns at the end of at least FINISH_OWNED of
 * the playouts, both orders pooled, takes no stone of the other colour in
 * the finish (0.75 to 0.85 gave the tuning half the same counts). */
#define FINISH_OWNED 0.8

typedef struct est {
    const sgf_position *p;
    int w, h, s;
    size_t np;
    unsigned n;              /* playouts per side first */
    unsigned char *pa;       /* Benson's map */
    uint16_t *own;           /* [first][colour]: 4 counts per point */
    uint16_t *neutral;       /* empty between both colours at the end */
    float *share;            /* per point of a string: the string's mean
                              * opponent share over both orders */
    pl_board base, work;
    pat3_table *pat;         /* the playouts' shape patterns */
    unsigned char *proved;   /* per point: head of a string a search kills
                              * (PROVED_*) */
    int open_end;            /* the moves stop before the end (no two
                              * passes) */
} est;

static inline int index_of(const est *e, int pt)
{
    return board_y(&e->p->b, pt) * e->w + board_x(&e->p->b, pt);
}

/* Does pt hold the head stone of a string?  The loops over strings visit
 * each one at its head. */
static inline int string_head(const est *e, int pt)
{
    int c = e->p->b.color[pt];
    return (c == SGF_BLACK || c == SGF_WHITE) && e->base.cell[pt].head == pt;
}

/* Sets bits on every stone of the string headed by h. */
static void mark_string(est *e, unsigned char *map, int h, int bits)
{
    int q = h;
    do {
        map[index_of(e, q)] |= (unsigned char)bits;
        q = e->base.cell[q].next;
    } while (q != h);
}

static void clear_string(est *e, unsigned char *map, int h, int bits)
{
    int q = h;
    do {
        map[index_of(e, q)] &= (unsigned char)~bits;
        q = e->base.cell[q].next;
    } while (q != h);
}

/* Step 1: Benson's proof into map, and the frozen points of the board. */
static void apply_benson(est *e, unsigned char *map)
{
    for (int y = 0; y < e->h; y++)
        for (int x = 0; x < e->w; x++) {
            int i = y * e->w + x, pt = (y + 1) * e->s + x;
            int c = e->p->b.color[pt], a = e->pa[i];
            if (!a)
                continue;
            if (c == SGF_EMPTY || c == a)
                map[i] |= SGF_MAP_PASS_ALIVE;
            else
                map[i] |= SGF_MAP_DEAD;
            /* settled for good: no playout move here */
            if (c != a)
                e->base.cell[pt].frozen = 1;
        }
}

/* How many times, summed over the stones of the string headed by pt, the
 * opponent owned a stone's point at the end of a playout, with each side
 * first (own: [first][colour - 1]). */
static void string_owned(const est *e, int pt, double owned[2])
{
    int c = e->p->b.color[pt];
    owned[0] = owned[1] = 0;
    int q = pt;
    do {
        size_t i = (size_t)index_of(e, q);
        for (int f = 0; f < 2; f++)
            owned[f] += e->own[(size_t)(2 * f + (2 - c)) * e->np + i];
        q = e->base.cell[q].next;
    } while (q != pt);
}

/* Has every string outside Benson's proof, after k playouts with each
 * side first, a share of at most low or at least 1 - low with both sides
 * first?  Then the rest of the playouts would not move any verdict. */
static int clear_after(const est *e, unsigned k, double low)
{
    const double lo = low * k, hi = (1 - low) * k;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt) || e->pa[index_of(e, pt)])
            continue;
        double owned[2];
        string_owned(e, pt, owned);
        for (int f = 0; f < 2; f++) {
            double per = owned[f] / e->base.cell[pt].size;
            if (per > lo && per < hi)
                return 0;
        }
    }
    return 1;
}

/* The playouts, stopped early when every string is clear: after a sixth
 * of them within CLEAR_SIXTH of 0 or 1, after a third within CLEAR_THIRD,
 * after half within CLEAR_HALF.  Most finished games are clear at once. */
static void run_playouts(est *e, uint64_t seed)
{
    uint64_t rng = board_mix64(seed) | 1;   /* xorshift needs a non-zero state */
    const unsigned sixth = e->n / 6, third = e->n / 3, half = e->n / 2;
    for (unsigned k = 0; k < e->n; k++) {
        if ((k == sixth && k >= CLEAR_SIXTH_MIN && clear_after(e, k, CLEAR_SIXTH)) ||
            (k == third && k > sixth && clear_after(e, k, CLEAR_THIRD)) ||
            (k == half && k > third && clear_after(e, k, CLEAR_HALF))) {
            e->n = k;
            break;
        }
        for (int f = 0; f < 2; f++) {
            pl_copy(&e->work, &e->base);
            pl_playout(&e->work, e->pat, f + 1, &rng, e->own + (size_t)(2 * f) * e->np,
                       e->own + (size_t)(2 * f + 1) * e->np, e->neutral);
        }
    }
}

/* Strings left SGF_MAP_UNSETTLED once every step has spoken. */
static int count_unsettled(const est *e, const unsigned char *map)
{
    int n = 0;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (string_head(e, pt) && (map[index_of(e, pt)] & SGF_MAP_UNSETTLED))
            n++;
    }
    return n;
}

/* Step 3: the verdict on each string Benson left open. */
static void judge_strings(est *e, unsigned char *map)
{
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt))
            continue;
        if (map[index_of(e, pt)] & (SGF_MAP_DEAD | SGF_MAP_PASS_ALIVE))
            continue;
        /* share of the playouts where the opponent owns the string's
         * points, with each side first */
        double share[2];
        string_owned(e, pt, share);
        for (int f = 0; f < 2; f++)
            share[f] /= (double)e->n * e->base.cell[pt].size;
        double pooled = (share[0] + share[1]) / 2;
        int bits = pooled >= DEAD_SHARE ? SGF_MAP_DEAD
                   : share[0] >= DEAD_SHARE || share[1] >= DEAD_SHARE
                   ? SGF_MAP_UNSETTLED : 0;
        /* two eyes whoever moves first: alive, as a proof says */
        if (pooled > 0 && es_two_eyes(&e->base, pt))
            bits = 0, pooled = 0;
        float mean = (float)pooled;
        int q = pt;
        do {
            e->share[index_of(e, q)] = mean;
            q = e->base.cell[q].next;
        } while (q != pt);
        if (bits)
            mark_string(e, map, pt, bits);
    }
}



/* The life-and-death search's memory and its map of settled stones
 * (proved alive, or alive in most playouts) as map stands at the step's
 * first candidate; laid out for a game's first candidate only, most
 * games have none.  Returns 0 or SGF_E_NOMEM. */
typedef struct ld_ctx {
    ld *t;
    void *mem;
    uint8_t *settled;
    int fresh;           /* settled reflects the map of the current step */
} ld_ctx;

static int ld_ready(const est *e, const unsigned char *map, ld_ctx *x)
{
    if (x->fresh)
        return 0;
    if (!x->t) {
        /* one allocation for both steps: about 300 KB on 19x19 */
        x->t = malloc(sizeof *x->t);
        x->mem = malloc(ld_bytes(e->p));
        x->settled = calloc((size_t)e->p->b.npoints, 1);
        if (!x->t || !x->mem || !x->settled)
            return SGF_E_NOMEM;
        ld_init(x->t, e->p, x->mem);
    }
    x->fresh = 1;
    for (int q = 0; q < e->p->b.npoints; q++) {
        int col = e->p->b.color[q];
        if (col != SGF_BLACK && col != SGF_WHITE)
            continue;
        int j = index_of(e, q);
        x->settled[q] = (map[j] & SGF_MAP_PASS_ALIVE) ||
                        (!(map[j] & SGF_MAP_DEAD) && e->share[j] < LD_LOW);
    }
    return 0;
}

static void ld_done(ld_ctx *x)
{
    free(x->t);
    free(x->mem);
    free(x->settled);
}

/* Does an enemy string next to the string on pt have at most
 * SEKI_WALL_LIBS liberties?  A seki needs one: against walls with many
 * liberties the attacker fills the string's liberties safely.  Most dead
 * strings (invaders in open territory) fail here, before any search. */
static int short_wall(const est *e, int pt)
{
    const pl_cell *cl = e->base.cell;
    const int s = e->s, a = 3 - cl[pt].color;
    int libs[SEKI_WALL_LIBS + 1];
    int q = pt;
    do {
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            if (cl[nb[k]].color == a &&
                pl_libs(&e->base, nb[k], libs, SEKI_WALL_LIBS) <= SEKI_WALL_LIBS)
                return 1;
        q = cl[q].next;
    } while (q != pt);
    return 0;
}

/* A string in atari whose capture leaves the capturing stone at least two
 * liberties (no ko, no snapback) gets the capture search at any share:
 * when its owner cannot save it moving first, nothing the playouts do
 * elsewhere revives it. */
static int atari_candidate(const est *e, int pt)
{
    if (!pl_atari(&e->base, pt))
        return 0;
    int size, cap, m = atari_lib(&e->base, pt);
    return pl_probe(&e->base, m, 3 - e->base.cell[pt].color, &size, &cap) >= 2;
}

/* Does the string on pt touch an enemy string that nothing calls dead or
 * unsettled?  Then it cuts living stones from whatever else it touches. */
static int touches_living(const est *e, const unsigned char *map, int pt)
{
    const pl_cell *cl = e->base.cell;
    const int s = e->s, a = 3 - cl[pt].color;
    int q = pt;
    do {
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            if (cl[nb[k]].color == a &&
                !(map[index_of(e, nb[k])] & (SGF_MAP_DEAD | SGF_MAP_UNSETTLED)))
                return 1;
        q = cl[q].next;
    } while (q != pt);
    return 0;
}

/* Step 3b: a string the playouts are unsure of that the attacker can
 * capture even with its owner moving first is dead: in a finished game
 * the owner had that move and did not save it. */
static void capture_search(est *e, tac *t, void *tmem, unsigned char *map)
{
    int ready = 0;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt))
            continue;
        int i = index_of(e, pt);
        /* step 3a's sekis are proved alive with the attacker first */
        if (map[i] & (SGF_MAP_DEAD | SGF_MAP_PASS_ALIVE | SGF_MAP_SEKI))
            continue;
        if (e->share[i] > TAC_HIGH || (e->share[i] < TAC_LOW && !atari_candidate(e, pt)))
            continue;
        /* the search's boards are laid out for the first candidate only:
         * most games have none */
        if (!ready) {
            tac_init(t, e->p, tmem);
            ready = 1;
        }
        if (tac_captured(t, &e->base, pt, TAC_NODES)) {
            clear_string(e, map, pt, SGF_MAP_UNSETTLED);
            mark_string(e, map, pt, SGF_MAP_DEAD);
            e->proved[i] = pl_atari(&e->base, pt) && touches_living(e, map, pt)
                           ? PROVED_CUT : PROVED_DEAD;
        }
    }
}

/* The steps that read strings with the life-and-death search (lifedeath.c),
 * inside their enclosure. */
enum ld_step {
    /* 3a: a small string the playouts kill that the attacker cannot
     * capture even moving first, read out to the end, lives: light
     * playouts break sekis (a corner pair against a wall with one eye,
     * common liberties with no eyes) by filling a liberty no player would
     * fill.  It and the walls around it are in seki: no territory there. */
    STEP_SEKI,
    /* 3c: a string the playouts are unsure of, shut in by settled enemy
     * stones, that the attacker captures with its owner moving first and
     * playing anywhere in its enclosure is dead. */
    STEP_LIFE_DEATH,
    /* 3d: a large string the playouts kill without conviction that the
     * attacker cannot capture even moving first, read to the end, lives:
     * a race it wins or a seki, which light playouts lose about half the
     * time (doc/dead-stones.md). */
    STEP_REVIVE_BIG
};

/* Does the step read the string headed by pt? */
static int ld_candidate(const est *e, const unsigned char *map, int pt,
                        enum ld_step step)
{
    const int i = index_of(e, pt), size = e->base.cell[pt].size;
    switch (step) {
    case STEP_SEKI:         /* Benson's dead stones are proved */
        return (map[i] & SGF_MAP_DEAD) && !e->pa[i] &&
               size <= LD_ALIVE_STONES && short_wall(e, pt);
    case STEP_LIFE_DEATH:
        return !(map[i] & (SGF_MAP_DEAD | SGF_MAP_PASS_ALIVE | SGF_MAP_SEKI)) &&
               e->share[i] >= LD_LOW && e->share[i] <= LD_HIGH;
    case STEP_REVIVE_BIG:
        return (map[i] & SGF_MAP_DEAD) && !e->pa[i] && !e->proved[i] &&
               size >= REVIVE_STONES && e->share[i] < REVIVE_SHARE;
    }
    return 0;
}

/* Runs a step on the strings it reads, in board order.  Returns 0 or
 * SGF_E_NOMEM. */
static int ld_step_run(est *e, unsigned char *map, ld_ctx *x,
                       enum ld_step step)
{
    x->fresh = 0;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt) || !ld_candidate(e, map, pt, step))
            continue;
        int rc = ld_ready(e, map, x);
        if (rc < 0)
            return rc;
        switch (step) {
        case STEP_SEKI:
            if (!ld_alive(x->t, &e->base, pt, x->settled, LD_NODES))
                break;
            clear_string(e, map, pt, SGF_MAP_DEAD);
            mark_string(e, map, pt, SGF_MAP_SEKI);
            for (int w = 0; w < x->t->nwall; w++)
                if (!(map[index_of(e, x->t->wall[w])] & SGF_MAP_PASS_ALIVE))
                    mark_string(e, map, e->base.cell[x->t->wall[w]].head,
                                SGF_MAP_SEKI);
            break;
        case STEP_LIFE_DEATH:
            if (ld_dead(x->t, &e->base, pt, x->settled, e->p->b.color[pt],
                        LD_NODES))
                e->proved[index_of(e, pt)] = PROVED_DEAD;
            break;
        case STEP_REVIVE_BIG:
            if (ld_survives(x->t, &e->base, pt, x->settled, REVIVE_NODES)) {
                clear_string(e, map, pt, SGF_MAP_DEAD);
                if (e->share[index_of(e, pt)] >= REVIVE_DOUBT)
                    mark_string(e, map, pt, SGF_MAP_UNSETTLED);
            }
            break;
        }
    }
    return 0;
}

/* Is the string on pt one that dies unless it captures, and that the
 * playouts cannot call: short of liberties and not surely dead? */
static int in_race(const est *e, int pt)
{
    int libs[RACE_LIBS + 1];
    return e->share[index_of(e, pt)] <= RACE_SHARE &&
           pl_libs(&e->base, pt, libs, RACE_LIBS) <= RACE_LIBS;
}

/* In a record that stops before the end, is the proved string on a large
 * enough (RACE_BIG_STONES) to be no throw-in, next to a neighbour on b
 * the playouts cannot call?  Then it lost a race against b whatever b's
 * liberties.  In a game played out, a group the players left on the
 * board next to such a string may still lack eyes (katsunari: White's
 * stones inside Black's dead group, proved lost, revived the group). */
static int big_race(const est *e, int a, int b)
{
    return e->open_end && e->base.cell[e->base.cell[a].head].size >= RACE_BIG_STONES &&
           e->share[index_of(e, b)] <= RACE_SHARE;
}

/* Of the neighbouring dead strings on a and b (both colours), the one a
 * proof kills, or 0 when the shares decide: a cutting string in atari
 * proved lost frees its neighbour (the capture joins it to the living
 * one); another proved string loses a race against a neighbour in_race,
 * or against any neighbour the playouts cannot call when it is large.
 * Elsewhere a proof does not decide: a throw-in killed inside a dead
 * group proves nothing about the group. */
static int proof_loser(const est *e, int a, int b)
{
    int pa = e->proved[index_of(e, e->base.cell[a].head)];
    int pb = e->proved[index_of(e, e->base.cell[b].head)];
    if ((pa == PROVED_CUT) != (pb == PROVED_CUT))
        return pa == PROVED_CUT ? a : b;
    if (pa && !pb && (in_race(e, b) || big_race(e, a, b)))
        return a;
    if (pb && !pa && (in_race(e, a) || big_race(e, b, a)))
        return b;
    return 0;
}

/* The share of the replay's playouts (own: the counts of race_replay)
 * in which the opponent owns the points of the string on pt. */
static double string_lost(const est *e, const uint16_t *own, int pt)
{
    const int c = e->p->b.color[pt];
    double lost = 0;
    int q = pt;
    do {
        lost += own[(size_t)(2 - c) * e->np + (size_t)index_of(e, q)];
        q = e->base.cell[q].next;
    } while (q != pt);
    return lost / ((double)RACE_REPLAY_PLAYOUTS * e->base.cell[pt].size);
}

/* Step 3g: in a finished record, a large string the playouts keep alive
 * (share in [RACE_ALIVE_LOW, DEAD_SHARE), not in seki) next to an enemy
 * string they are unsure of (share at least TAC_LOW) that a race search
 * with approach moves takes even moving first: a race both players left
 * on the board, its loser dead. */
static void race_left_alive(est *e, unsigned char *map, tac *t, void *tmem, int pt)
{
    const int i = index_of(e, pt);
    if (e->open_end || e->pa[i] || e->proved[i] || (map[i] & SGF_MAP_SEKI) ||
        e->base.cell[pt].size < RACE_REPLAY_STONES ||
        e->share[i] < RACE_ALIVE_LOW || e->share[i] >= DEAD_SHARE)
        return;
    /* no search unless a neighbour the playouts are unsure of is there */
    const int s = e->s, c = e->p->b.color[pt];
    int unsure = 0, q = pt;
    do {
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            if (e->p->b.color[nb[k]] == 3 - c && e->share[index_of(e, nb[k])] >= TAC_LOW)
                unsure = 1;
        q = e->base.cell[q].next;
    } while (q != pt && !unsure);
    if (!unsure)
        return;
    int y = race_lost_neighbour(&e->base, e->p, map, t, tmem, pt, RACE_NODES, 1);
    if (!y || e->proved[index_of(e, y)] || e->share[index_of(e, y)] < TAC_LOW)
        return;
    clear_string(e, map, y, SGF_MAP_UNSETTLED);
    mark_string(e, map, y, SGF_MAP_DEAD);
    e->proved[index_of(e, y)] = PROVED_DEAD;
    clear_string(e, map, pt, SGF_MAP_UNSETTLED);
}

/* Step 3e: a large dead string next to an enemy string in atari that a
 * search proved lost: its owner takes that string whenever it likes, and
 * the race is replayed from the board after the capture.  One that holds
 * a lost enemy group inside it lives (race_takes_inside). */
static int replay_races(est *e, unsigned char *map, uint64_t seed,
                        tac *t, void *tmem)
{
    const int s = e->s;
    uint16_t *own = NULL;
    uint64_t rng = board_mix64(seed ^ 0x9e3779b97f4a7c15u) | 1;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt))
            continue;
        int i = index_of(e, pt), c = e->p->b.color[pt];
        if (!(map[i] & SGF_MAP_DEAD)) {
            race_left_alive(e, map, t, tmem, pt);
            continue;
        }
        if (e->pa[i] || e->proved[i] || e->base.cell[pt].size < RACE_REPLAY_STONES)
            continue;
        if (e->open_end && e->share[i] < REVIVE_SHARE &&
            race_takes_inside(&e->base, e->p, map, t, tmem, pt, TAC_NODES)) {
            clear_string(e, map, pt, SGF_MAP_DEAD);
            continue;
        }
        /* step 3f: an enemy neighbour that loses its race even moving
         * first dies, and the string lives if the board after the capture
         * says so */
        int y = e->share[i] < REVIVE_SHARE
                ? race_lost_neighbour(&e->base, e->p, map, t, tmem, pt, RACE_NODES, 0) : 0;
        if (y) {
            if (!own && !(own = malloc(3 * e->np * sizeof *own)))
                return SGF_E_NOMEM;
            memset(own, 0, 3 * e->np * sizeof *own);
            if (race_replay_taken(&e->base, &e->work, e->pat, y, c,
                                  RACE_REPLAY_PLAYOUTS, &rng, own, own + e->np,
                                  own + 2 * e->np) &&
                string_lost(e, own, pt) < REPLAY_ALIVE) {
                clear_string(e, map, pt, SGF_MAP_DEAD | SGF_MAP_UNSETTLED);
                mark_string(e, map, y, SGF_MAP_DEAD);
                e->proved[index_of(e, y)] = PROVED_DEAD;
                continue;
            }
        }
        int m = 0, q = pt;
        do {
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4 && !m; k++)
                if (e->p->b.color[nb[k]] == 3 - c && pl_atari(&e->base, nb[k]) &&
                    e->proved[index_of(e, e->base.cell[nb[k]].head)])
                    m = atari_lib(&e->base, nb[k]);
            q = e->base.cell[q].next;
        } while (q != pt && !m);
        if (!m || m == e->base.ko)
            continue;
        if (!own && !(own = malloc(3 * e->np * sizeof *own)))
            return SGF_E_NOMEM;
        memset(own, 0, 3 * e->np * sizeof *own);
        const unsigned n = RACE_REPLAY_PLAYOUTS;
        race_replay(&e->base, &e->work, e->pat, m, c, n, &rng,
                    own, own + e->np, own + 2 * e->np);
        if (string_lost(e, own, pt) >= REPLAY_ALIVE)
            continue;
        clear_string(e, map, pt, SGF_MAP_DEAD);
    }
    free(own);
    return 0;
}

/* Step 4: of two neighbouring dead strings of both colours, the one a
 * proof kills (proof_loser) stays dead, else the one the playouts were
 * less sure of lives (Benson's dead stones stay dead: the proof knows
 * better). */
static void resolve_dead_pairs(est *e, unsigned char *map)
{
    const int s = e->s;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        int c = e->p->b.color[pt];
        if (c != SGF_BLACK && c != SGF_WHITE)
            continue;
        int i = index_of(e, pt);
        if (!(map[i] & SGF_MAP_DEAD) || e->pa[i])
            continue;
        const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
        for (int k = 0; k < 4; k++) {
            int n = nb[k];
            if (e->p->b.color[n] != 3 - c)
                continue;
            int j = index_of(e, n);
            if (!(map[j] & SGF_MAP_DEAD) || e->pa[j])
                continue;
            int dies = proof_loser(e, pt, n);
            int lives = dies ? (dies == pt ? n : pt)
                        : e->share[i] >= e->share[j] ? n : pt;
            clear_string(e, map, e->base.cell[lives].head, SGF_MAP_DEAD);
            if (lives == pt)
                break;
        }
    }
}

/* Step 5: living strings next to a point the playouts leave neutral. */
static void mark_seki(est *e, unsigned char *map)
{
    const int s = e->s;
    const double need = SEKI_SHARE * 2.0 * e->n;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (e->p->b.color[pt] != SGF_EMPTY)
            continue;
        int i = index_of(e, pt);
        if (e->neutral[i] < need)
            continue;
        const int nb[4] = { pt - s, pt - 1, pt + 1, pt + s };
        int colours = 0;
        for (int k = 0; k < 4; k++) {
            int c = e->p->b.color[nb[k]];
            if ((c == SGF_BLACK || c == SGF_WHITE) &&
                !(map[index_of(e, nb[k])] & SGF_MAP_DEAD))
                colours |= c;
        }
        /* a seki liberty touches living stones of both colours now */
        if (colours != 3)
            continue;
        for (int k = 0; k < 4; k++) {
            int c = e->p->b.color[nb[k]];
            if ((c == SGF_BLACK || c == SGF_WHITE) &&
                !(map[index_of(e, nb[k])] & SGF_MAP_PASS_ALIVE))
                mark_string(e, map, e->base.cell[nb[k]].head, SGF_MAP_SEKI);
        }
    }
}

/* Does the dead string on pt touch a living enemy string in atari?  Its
 * owner, to move, may take it and live. */
static int dead_next_to_atari(const est *e, const unsigned char *map, int pt)
{
    const int s = e->s, a = 3 - e->p->b.color[pt];
    int q = pt;
    do {
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            if (e->p->b.color[nb[k]] == a &&
                !(map[index_of(e, nb[k])] & SGF_MAP_DEAD) && pl_atari(&e->base, nb[k]))
                return 1;
        q = e->base.cell[q].next;
    } while (q != pt);
    return 0;
}

/* Step 5a: the strings whose verdict the playouts split on (UNSURE_STAKE),
 * and in a record that stops before the end the large dead strings of an
 * open race (RACE_UNSURE_STONES), that no search proved are unsettled; a
 * dead one's living neighbours too, since whichever way it goes decides
 * them and their territory. */
static void mark_unsure(est *e, unsigned char *map, int open_end)
{
    const int s = e->s;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt))
            continue;
        int i = index_of(e, pt), dead = (map[i] & SGF_MAP_DEAD) != 0;
        double u = e->share[i] < 0.5 ? e->share[i] : 1.0 - e->share[i];
        if (e->pa[i] || e->proved[i])
            continue;
        if (e->base.cell[pt].size * u * u < UNSURE_STAKE &&
            !(open_end && dead && e->base.cell[pt].size >= RACE_UNSURE_STONES &&
              dead_next_to_atari(e, map, pt)))
            continue;
        mark_string(e, map, pt, SGF_MAP_UNSETTLED);
        if (!dead)
            continue;
        int q = pt;
        do {
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4; k++) {
                int c = e->p->b.color[nb[k]];
                int j = c == SGF_BLACK || c == SGF_WHITE ? index_of(e, nb[k]) : -1;
                if (j >= 0 && c != e->p->b.color[pt] &&
                    !(map[j] & (SGF_MAP_DEAD | SGF_MAP_PASS_ALIVE)))
                    mark_string(e, map, e->base.cell[nb[k]].head, SGF_MAP_UNSETTLED);
            }
            q = e->base.cell[q].next;
        } while (q != pt);
    }
}

/* Step 6a: marks SGF_MAP_UNSETTLED, and nothing else, on the living
 * strings of the doubts above; before holds the dead bits of map as
 * step 6 found them (NULL: step 6 took nothing).  Counts do not move. */
static void mark_doubts(est *e, unsigned char *map, const unsigned char *before)
{
    const int s = e->s;
    for (int pt = 0; pt < e->p->b.npoints; pt++) {
        if (!string_head(e, pt) || e->base.cell[pt].size < DOUBT_STONES)
            continue;
        const int i = index_of(e, pt), c = e->p->b.color[pt];
        if (e->pa[i])
            continue;
        if (!(map[i] & SGF_MAP_DEAD)) {
            /* one a search proved lost that step 4 revived: step 4 knew */
            if (e->proved[i])
                continue;
            double owned[2];
            string_owned(e, pt, owned);
            const double most = (owned[0] > owned[1] ? owned[0] : owned[1]) /
                                ((double)e->n * e->base.cell[pt].size);
            if (pl_atari(&e->base, pt) && most >= DOUBT_SHARE)
                mark_string(e, map, pt, SGF_MAP_UNSETTLED);
            continue;
        }
        if (!before || (before[i] & SGF_MAP_DEAD))
            continue;
        /* taken by the finish: its living neighbours are in doubt */
        int q = pt;
        do {
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4; k++) {
                if (e->p->b.color[nb[k]] != 3 - c)
                    continue;
                const int j = index_of(e, nb[k]);
                if (!(map[j] & (SGF_MAP_DEAD | SGF_MAP_PASS_ALIVE)))
                    mark_string(e, map, e->base.cell[nb[k]].head, SGF_MAP_UNSETTLED);
            }
            q = e->base.cell[q].next;
        } while (q != pt);
    }
}

/* Step 6: per point, the colour that owns it at the end of FINISH_OWNED
 * of the playouts, else 0 (fin_finish's owner). */
static void sure_owners(const est *e, unsigned char *owner)
{
    const double sure = FINISH_OWNED * 2 * e->n;
    for (size_t i = 0; i < e->np; i++) {
        unsigned black = e->own[i] + e->own[2 * e->np + i];
        unsigned white = e->own[e->np + i] + e->own[3 * e->np + i];
        owner[i] = black >= sure ? SGF_BLACK : white >= sure ? SGF_WHITE : 0;
    }
}

/* What a second finish of the same estimate needs (estimate.h). */
struct est_kept {
    const sgf_position *p;
    int first;               /* who moves first in the second finish */
    size_t np;
    unsigned char *before;   /* the map before the finish, then the sure
                              * owners: np bytes each */
    pl_board base;           /* the record's board, laid over mem */
    void *mem, *fmem;
};

void est_finish_other(est_kept *k, unsigned char *map)
{
    memcpy(map, k->before, k->np);
    fin_finish(k->p, &k->base, k->fmem, map, k->before + k->np, k->first);
}

void est_kept_free(est_kept *k)
{
    if (!k)
        return;
    free(k->before);
    free(k->mem);
    free(k->fmem);
    free(k);
}

/* Step 3h, first without a search: a string the estimate kills that
 * cannot be taken whoever moves (es_uncapturable: two liberties its
 * opponent cannot fill, true eyes or a seki's, or one in a seki of one eye
 * each) lives, even against a proof of steps 3b and 3c, whose walls were
 * fixed; one in a seki of three strings (es_three_string_seki) lives with
 * its two partners, all three marked seki.  The playouts break the sekis
 * of large groups, which no search within budget reads.  The stones the
 * estimate keeps alive are those the opponent cannot take to lengthen its
 * strings. */
static int uncapturable_step(est *e, unsigned char *map)
{
    const int np = e->p->b.npoints;
    unsigned char *alive = calloc((size_t)np, 1);
    if (!alive)
        return SGF_E_NOMEM;
    for (int pt = 0; pt < np; pt++) {
        const int c = e->p->b.color[pt];
        alive[pt] = (c == SGF_BLACK || c == SGF_WHITE) &&
                    !(map[index_of(e, pt)] & SGF_MAP_DEAD);
    }
    for (int pt = 0; pt < np; pt++) {
        if (!string_head(e, pt))
            continue;
        const int i = index_of(e, pt);
        int partners[2];
        if (!(map[i] & SGF_MAP_DEAD) || e->pa[i])
            continue;
        if (es_uncapturable(&e->base, pt, alive)) {
            e->proved[i] = 0;
            clear_string(e, map, pt, SGF_MAP_DEAD);
        } else if (es_three_string_seki(&e->base, pt, alive, partners)) {
            /* all three live, and their liberties are no one's */
            const int seki[3] = { pt, partners[0], partners[1] };
            for (int k = 0; k < 3; k++) {
                e->proved[index_of(e, seki[k])] = 0;
                clear_string(e, map, seki[k], SGF_MAP_DEAD | SGF_MAP_UNSETTLED);
                mark_string(e, map, seki[k], SGF_MAP_SEKI);
            }
        }
    }
    free(alive);
    return 0;
}

/* Step 3h: a string of at least DR_STONES stones, dead at a mean share
 * of at most DR_HIGH or alive at DR_LOW or more, is read with its dragon
 * (dragon.c): one the estimate kills that lives with the attacker first
 * is revived (unsettled), one it keeps that dies with its owner first is
 * dead.  A
 * proof of step 3b or 3c gives way: those searches hold the walls fixed,
 * the dragon's reader does not.  Strings joined to stones below
 * DR_SETTLED live.  Budget: DR_NODES for a string with at most
 * DR_SHORT_LIBS liberties, DR_NODES_OPEN for more (read that far, they
 * are cut at any budget; doc/dead-stones-history.md, "dragons"). */
#define DR_LOW 0.3
#define DR_HIGH 0.7
#define DR_SETTLED 0.15
enum { DR_STONES = 5, DR_NODES = 1500, DR_NODES_OPEN = 300, DR_SHORT_LIBS = 4 };

/* Is the string on pt one that step 3h reads?  A dead one the playouts
 * do not kill surely, or a living one they do not keep surely (some
 * living strings lean dead: step 3d revived them). */
static int dragon_candidate(const est *e, const unsigned char *map, int pt)
{
    const int i = index_of(e, pt);
    if (e->base.cell[pt].size < DR_STONES || e->pa[i] ||
        (map[i] & (SGF_MAP_SEKI | SGF_MAP_PASS_ALIVE)))
        return 0;
    return (map[i] & SGF_MAP_DEAD) ? e->share[i] <= DR_HIGH : e->share[i] >= DR_LOW;
}

/* Step 3h on every candidate, each read on the map as step 3d left it.
 * Returns 0 or SGF_E_NOMEM. */
static int dragon_step(est *e, unsigned char *map)
{
    const int np = e->p->b.npoints;
    dr *g = NULL;
    void *mem = NULL;
    uint8_t *settled = NULL, *verdict = NULL;
    int rc = 0;
    for (int pt = 0; pt < np; pt++) {
        if (!string_head(e, pt) || !dragon_candidate(e, map, pt))
            continue;
        if (!g) {
            /* laid out at a game's first candidate: most games have none */
            g = malloc(sizeof *g);
            mem = malloc(dr_bytes(e->p));
            settled = calloc((size_t)np, 1);
            verdict = calloc((size_t)np, 1);
            if (!g || !mem || !settled || !verdict) {
                rc = SGF_E_NOMEM;
                goto out;
            }
            dr_init(g, e->p, mem);
            for (int q = 0; q < np; q++) {
                int col = e->p->b.color[q], j = index_of(e, q);
                settled[q] = (col == SGF_BLACK || col == SGF_WHITE) &&
                             ((map[j] & SGF_MAP_PASS_ALIVE) ||
                              (!(map[j] & SGF_MAP_DEAD) && e->share[j] < DR_SETTLED));
            }
        }
        const int c = e->p->b.color[pt];
        const int dead = (map[index_of(e, pt)] & SGF_MAP_DEAD) != 0;
        int libs[DR_SHORT_LIBS + 1];
        long budget = pl_libs(&e->base, pt, libs, DR_SHORT_LIBS) <= DR_SHORT_LIBS
                      ? DR_NODES : DR_NODES_OPEN;
        int r = dr_read(g, &e->base, pt, settled, dead ? 3 - c : c, budget);
        verdict[pt] = dead && r == DR_ALIVE ? 1 : !dead && r == DR_DEAD ? 2 : 0;
    }
    for (int pt = 0; g && pt < np; pt++) {
        if (verdict[pt] == 1) {
            e->proved[index_of(e, pt)] = 0;
            clear_string(e, map, pt, SGF_MAP_DEAD);
            mark_string(e, map, pt, SGF_MAP_UNSETTLED);
        } else if (verdict[pt] == 2) {
            clear_string(e, map, pt, SGF_MAP_UNSETTLED);
            mark_string(e, map, pt, SGF_MAP_DEAD);
        }
    }
out:
    free(g);
    free(mem);
    free(settled);
    free(verdict);
    return rc;
}

/* The estimate; finish: play out what a record that stops before its end
 * leaves (est_dead_as_left does not). */
static int estimate(const sgf_position *p, const sgf_estimate_options *o,
                    unsigned char *map, est_kept **kept, bool finish)
{
    if (kept)
        *kept = NULL;
    est e = { .p = p, .w = p->b.width, .h = p->b.height, .s = p->b.stride };
    e.np = (size_t)e.w * (size_t)e.h;
    e.open_end = sgf_position_ply(p) > 0 && !sgf_position_game_over(p);
    e.n = o && o->playouts ? o->playouts : DEFAULT_PLAYOUTS;
    if (e.n > MAX_PLAYOUTS)
        e.n = MAX_PLAYOUTS;
    memset(map, 0, e.np);

    size_t board_bytes = pl_bytes(p);
    e.pa = malloc(e.np);
    e.own = calloc(5 * e.np, sizeof *e.own);
    e.share = calloc(e.np, sizeof *e.share);
    void *mem = malloc(2 * board_bytes);
    void *tmem = malloc(tac_bytes(p));
    tac *t = malloc(sizeof *t);
    e.pat = malloc(sizeof *e.pat);
    e.proved = calloc(e.np, 1);
    int rc = SGF_E_NOMEM;
    ld_ctx ldx = { 0 };
    if (!e.pa || !e.own || !e.share || !mem || !tmem || !t || !e.pat || !e.proved)
        goto out;
    pat3_build(e.pat);
    e.neutral = e.own + 4 * e.np;
    rc = sgf_position_pass_alive(p, p->h.rules.suicide, e.pa);
    if (rc < 0)
        goto out;
    pl_load(&e.base, p, mem);
    pl_attach(&e.work, p, (char *)mem + board_bytes);   /* a copy before each playout */
    apply_benson(&e, map);
    run_playouts(&e, o ? o->seed : 0);
    judge_strings(&e, map);
    rc = ld_step_run(&e, map, &ldx, STEP_SEKI);
    if (rc < 0)
        goto out;
    capture_search(&e, t, tmem, map);
    rc = ld_step_run(&e, map, &ldx, STEP_LIFE_DEATH);
    if (rc < 0)
        goto out;
    rc = ld_step_run(&e, map, &ldx, STEP_REVIVE_BIG);
    if (rc < 0)
        goto out;
    rc = uncapturable_step(&e, map);
    if (rc < 0)
        goto out;
    rc = dragon_step(&e, map);
    if (rc < 0)
        goto out;
    for (int pt = 0; pt < p->b.npoints; pt++)
        if (string_head(&e, pt) && e.proved[index_of(&e, pt)]) {
            clear_string(&e, map, pt, SGF_MAP_UNSETTLED);
            mark_string(&e, map, pt, SGF_MAP_DEAD);
        }
    rc = replay_races(&e, map, o ? o->seed : 0, t, tmem);
    if (rc < 0)
        goto out;
    resolve_dead_pairs(&e, map);
    mark_seki(&e, map);
    mark_unsure(&e, map, e.open_end);
    if (!finish)
        goto counted;
    /* a record whose moves stop before the end: the dame, the boundary
     * points left and the teire they force are played out (a position
     * set up without moves is taken as it stands); in every case, the
     * strings around a neutral area too large to be dame are unsettled */
    {
        void *fmem = malloc(fin_bytes(p));
        /* before: the map before the finish; then each point's sure owner */
        unsigned char *before = e.open_end ? malloc(2 * e.np) : NULL;
        if (!fmem || (e.open_end && !before)) {
            free(fmem);
            free(before);
            rc = SGF_E_NOMEM;
            goto out;
        }
        int first = est_first_named(o) ? o->finish_first
                    : p->h.to_move == SGF_WHITE ? SGF_WHITE : SGF_BLACK;
        if (e.open_end) {
            memcpy(before, map, e.np);
            sure_owners(&e, before + e.np);
            fin_finish(p, &e.base, fmem, map, before + e.np, first);
        } else {
            fin_open(p, &e.base, fmem, map);
        }
        mark_doubts(&e, map, before);
        est_kept *k = kept && e.open_end ? malloc(sizeof *k) : NULL;
        if (k) {
            /* the finish's inputs change hands: nothing is copied */
            *k = (est_kept){ p, 3 - first, e.np, before, e.base, mem, fmem };
            *kept = k;
            before = NULL;
            mem = fmem = NULL;
        }
        free(fmem);
        free(before);
        if (kept && e.open_end && !k) {
            rc = SGF_E_NOMEM;
            goto out;
        }
    }
counted:
    rc = count_unsettled(&e, map);
out:
    ld_done(&ldx);
    free(e.pa);
    free(e.own);
    free(e.share);
    free(mem);
    free(tmem);
    free(t);
    free(e.pat);
    free(e.proved);
    return rc;
}

int sgf_position_estimate_dead(const sgf_position *p,
                               const sgf_estimate_options *o,
                               unsigned char *map)
{
    return estimate(p, o, map, NULL, true);
}

int est_estimate_dead(const sgf_position *p, const sgf_estimate_options *o,
                      unsigned char *map, est_kept **kept)
{
    return estimate(p, o, map, kept, true);
}

int est_dead_as_left(const sgf_position *p, const sgf_estimate_options *o,
                     unsigned char *map)
{
    return estimate(p, o, map, NULL, false);
}
