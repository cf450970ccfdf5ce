/*
 * fuzz_replay.c - libFuzzer target for the replay and the legality checks
 * (see doc/fuzzing.md).
 *
 * Every game of the input is read with SGF_READ_LEGALITY |
 * SGF_READ_VARIATIONS (the replay of every variation inside the reader, as
 * sgfcheck --variations runs it), then replayed once more through
 * sgf_game_replay under a rule set the input picks: one of the named sets,
 * the game's own RU[], or a custom set whose every field comes from the
 * input (combinations no named set has: spight ko with a group tax,
 * AGA pass stones under territory counting...).
 *
 * At every step the position is checked against what the step says: the
 * board is the game's size, a move that was executed put its stone there,
 * the stone counts changed by exactly the captures and suicides reported,
 * ko points and repetitions point at real plies, and the cycle of any
 * repetition can be named.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgfkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...) do { \
    fprintf(stderr, "fuzz_replay: " __VA_ARGS__); \
    fputc('\n', stderr); \
    abort(); \
} while (0)

static volatile size_t sink;

typedef struct walk {
    int width, height;
    int stones[3];       /* on the board before the step */
    int last_move;
    int last_ply;
    unsigned steps;
} walk;

static void count(const sgf_position *p, int w, int h, int *stones)
{
    stones[0] = stones[1] = stones[2] = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = sgf_position_at(p, x, y);
            if (c < SGF_EMPTY || c > SGF_WHITE)
                FAIL("point %d,%d holds %d", x, y, c);
            stones[c]++;
        }
}

static int on_step(void *ctx, const sgf_position *p,
                   const sgf_replay_step *s)
{
    walk *k = ctx;
    int w = sgf_position_width(p), h = sgf_position_height(p);
    if (w != k->width || h != k->height)
        FAIL("board %dx%d during a replay of %dx%d", w, h, k->width,
             k->height);
    if (sgf_position_at(p, -1, 0) != SGF_EMPTY ||
        sgf_position_at(p, w, h - 1) != SGF_EMPTY ||
        sgf_position_at(p, 0, h) != SGF_EMPTY)
        FAIL("a point off the board is not empty");
    if (!s->node)
        FAIL("a step without its node");
    if (s->move < k->last_move)
        FAIL("move number went back from %d to %d", k->last_move, s->move);
    k->last_move = s->move;
    int ply = sgf_position_ply(p);
    if (ply < k->last_ply)
        FAIL("ply went back from %d to %d", k->last_ply, ply);
    k->last_ply = ply;
    int now[3];
    count(p, w, h, now);
    if (s->color == 0) {
        if (s->info)
            FAIL("a setup step with play info");
    } else {
        if (s->color != SGF_BLACK && s->color != SGF_WHITE)
            FAIL("step colour %d", s->color);
        const sgf_play_info *in = s->info;
        if (!in)
            FAIL("a move without play info");
        if ((unsigned)in->legality > SGF_ILLEGAL_SITUATIONAL_SUPERKO)
            FAIL("legality %d", (int)in->legality);
        if (in->captured < 0 || in->suicided < 0)
            FAIL("captured %d, suicided %d", in->captured, in->suicided);
        if (in->repeats >= ply || in->repeats_situation >= ply ||
            in->repeats < -1 || in->repeats_situation < -1)
            FAIL("ply %d repeats ply %d / %d", ply, in->repeats,
                 in->repeats_situation);
        if ((in->ko_x < 0) != (in->ko_y < 0) || in->ko_x >= w ||
            in->ko_y >= h)
            FAIL("ko point %d,%d", in->ko_x, in->ko_y);
        if (in->ko_x >= 0 && sgf_position_at(p, in->ko_x, in->ko_y))
            FAIL("the ko point %d,%d is not empty", in->ko_x, in->ko_y);
        int pass = s->x < 0 && s->y < 0;
        int on_board = s->x >= 0 && s->y >= 0 && s->x < w && s->y < h;
        int me = s->color, them = SGF_BLACK + SGF_WHITE - me;
        /* HA without AB: the replay places the handicap stones just before
         * White's first move, a pass or not (handicap-placed) */
        if (s->move == 1 && me == SGF_WHITE &&
            now[them] + in->captured > k->stones[them])
            k->stones[them] = now[them] + in->captured;
        if (pass || !on_board) {
            if (in->captured || in->suicided)
                FAIL("a pass or a move off the board captured");
            /* (a value that is no point also comes as -1 -1) */
            if (pass && in->legality != SGF_LEGAL &&
                in->legality != SGF_ILLEGAL_OFF_BOARD)
                FAIL("a pass is illegal (%d)", (int)in->legality);
            if (now[1] != k->stones[1] || now[2] != k->stones[2])
                FAIL("a pass or a move off the board changed the board");
        } else if (in->legality != SGF_ILLEGAL_OCCUPIED &&
                   in->legality != SGF_ILLEGAL_OFF_BOARD) {
            /* executed as SGF says: the stone, minus what it took */
            if (now[me] != k->stones[me] + 1 - in->suicided ||
                now[them] != k->stones[them] - in->captured)
                FAIL("move %d (%d at %d,%d): stones %d/%d became %d/%d with "
                     "%d captured, %d suicided", s->move, me, s->x, s->y,
                     k->stones[1], k->stones[2], now[1], now[2],
                     in->captured, in->suicided);
            if (in->suicided && in->legality != SGF_ILLEGAL_SUICIDE &&
                !sgf_position_rules(p)->suicide)
                FAIL("a suicide the rules forbid was called legal");
            if (!in->suicided && sgf_position_at(p, s->x, s->y) != me)
                FAIL("move %d: no stone where it was played", s->move);
        }
        if (in->repeats >= 0) {
            sgf_cycle_kind c = sgf_position_cycle(p, in->repeats, ply);
            const char *name = sgf_cycle_name(c);
            if (!name || !*name)
                FAIL("cycle %d has no name", (int)c);
            sink += strlen(name);
        }
    }
    k->stones[1] = now[1];
    k->stones[2] = now[2];
    sink += sgf_position_hash(p) + (size_t)sgf_position_game_over(p) +
            (size_t)sgf_position_no_result(p) +
            (size_t)sgf_position_prisoners(p, SGF_BLACK) +
            (size_t)sgf_position_to_move(p);
    /* a few inputs stop the replay part way, as a caller may */
    return ++k->steps == 100000 ? 7 : 0;
}

/* Which rule set, from the last byte and the size (records begin with '('
 * and end with ')' or a newline, so the first byte would always pick the
 * same). */
static unsigned selector(const uint8_t *data, size_t size)
{
    return (unsigned)((size ? data[size - 1] : 0) ^ size) % 11;
}

/* The rule set of the replay: NULL (RU[] decides), a named set, or for a
 * custom set any combination of the fields. */
static const sgf_rules *pick_rules(const uint8_t *data, size_t size,
                                   sgf_rules *r)
{
    unsigned sel = selector(data, size);
    if (sel == 0 || sel == 9)
        return NULL;
    if (sel <= 8) {
        if (sgf_rules_named(sgf_rules_name(sel - 1), r) != 0)
            FAIL("named set %s unknown", sgf_rules_name(sel - 1));
        return r;
    }
    /* a hash of the whole input: real records share their first and last
     * bytes */
    uint32_t bits = 2166136261u;
    for (size_t i = 0; i < size; i++)
        bits = (bits ^ data[i]) * 16777619u;
    memset(r, 0, sizeof *r);
    strcpy(r->name, "custom");
    r->ko = (sgf_ko_rule)(bits & 3);
    r->scoring = (sgf_scoring_rule)(bits >> 2 & 1);
    r->tax = (sgf_tax_rule)((bits >> 3 & 3) % 3);
    r->suicide = bits >> 5 & 1;
    r->komi = (double)(int)(bits >> 6 & 31) - 8.5;
    r->black_wins_ties = bits >> 11 & 1;
    r->bonus = (sgf_handicap_bonus)((bits >> 12 & 3) % 3);
    r->first = bits >> 14 & 1 ? SGF_WHITE : SGF_BLACK;
    r->cycle = (sgf_cycle_rule)(bits >> 15 & 1);
    r->button = bits >> 16 & 1;
    r->pass_stones = bits >> 17 & 1;
    r->fill_in = bits >> 18 & 1;
    r->zuozi = bits >> 19 & 1;
    return r;
}

static void replay(sgf_game *g, const sgf_rules *rules, sgf_position *p)
{
    const sgf_info *in = sgf_game_info(g);
    walk k = { .width = in->width, .height = in->height };
    int rc = sgf_game_replay(g, rules, p, on_step, &k);
    if (rc == SGF_E_ARG) {
        if (in->gm == 1 && in->width >= 1 && in->width <= 52 &&
            in->height >= 1 && in->height <= 52 && sgf_game_root(g))
            FAIL("a %dx%d Go game refused by the replay", in->width,
                 in->height);
        return;
    }
    if (rc != 0 && rc != 7)
        FAIL("sgf_game_replay: %d", rc);
    if (rc == 0 && k.steps >= 100000)
        FAIL("the replay went on after its callback said stop");
    /* the position after the replay is the one of the last step */
    int now[3];
    count(p, k.width, k.height, now);
    if (k.steps && (now[1] != k.stones[1] || now[2] != k.stones[2]))
        FAIL("the position changed after the last step");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sgf_rules custom;
    const sgf_rules *rules = pick_rules(data, size, &custom);
    sgf_read_options opt = {
        .flags = SGF_READ_LEGALITY | SGF_READ_VARIATIONS,
        .rules = selector(data, size) == 9 ? &custom : NULL
    };
    if (opt.rules) {
        /* the reader's own replay under an override, too */
        sgf_rules_named("japanese", &custom);
        opt.flags |= SGF_READ_RULES_OVERRIDE;
    }
    sgf_member *m = sgf_member_from_memory(data, size, "fuzz.sgf");
    sgf_reader *r = sgf_reader_new(&opt);
    sgf_position *p = sgf_position_new();
    if (!m || !r || !p)
        FAIL("out of memory");
    sgf_reader_start(r, m);
    sgf_game *g;
    int rc;
    while ((rc = sgf_reader_next(r, &g)) == 1) {
        sink += sgf_game_diag_count(g);
        for (size_t i = 0; i < sgf_game_diag_count(g); i++)
            sink += strlen(sgf_game_diag(g, i)->message);
        if (sgf_game_root(g))
            replay(g, rules, p);
    }
    if (rc != 0)
        FAIL("sgf_reader_next: %s", sgf_strerror(rc));
    sgf_position_free(p);
    sgf_reader_free(r);
    sgf_member_free(m);
    return 0;
}
