/*
 * position.c - the public position (sgf_position_*): a board and its
 * history, composed.  The board plays stones; the history judges and
 * records each ply under the rules.
 */
#include <stdlib.h>
#include "go/board.h"
#include "go/history.h"
#include "go/position.h"

sgf_position *sgf_position_new(void)
{
    sgf_position *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    if (history_init(&p->h) != SGF_OK) {
        free(p);
        return NULL;
    }
    if (sgf_position_reset(p, 19, 19, NULL) != SGF_OK) {
        sgf_position_free(p);
        return NULL;
    }
    return p;
}

void sgf_position_free(sgf_position *p)
{
    if (!p)
        return;
    history_free(&p->h);
    free(p);
}

int sgf_position_reset(sgf_position *p, int width, int height,
                       const sgf_rules *r)
{
    if (!p || width < 1 || height < 1 || width > BOARD_MAX ||
        height > BOARD_MAX)
        return SGF_E_ARG;
    board_clear(&p->b, width, height);
    history_reset(&p->h, r);
    return SGF_OK;
}

int sgf_position_width(const sgf_position *p) { return p->b.width; }
int sgf_position_height(const sgf_position *p) { return p->b.height; }
uint64_t sgf_position_hash(const sgf_position *p) { return p->b.hash; }

int sgf_position_at(const sgf_position *p, int x, int y)
{
    if (!board_on(&p->b, x, y))
        return SGF_EMPTY;
    return p->b.color[board_index(&p->b, x, y)];
}

int sgf_position_prisoners(const sgf_position *p, int color)
{
    return color == SGF_BLACK || color == SGF_WHITE ? p->b.prisoners[color] : 0;
}

const sgf_rules *sgf_position_rules(const sgf_position *p)
{
    return &p->h.rules;
}


int sgf_position_to_move(const sgf_position *p) { return p->h.to_move; }
int sgf_position_ply(const sgf_position *p) { return p->h.ply; }
int sgf_position_game_over(const sgf_position *p) { return p->h.game_over; }
int sgf_position_no_result(const sgf_position *p) { return p->h.no_result; }

void sgf_position_setup(sgf_position *p, int x, int y, int color)
{
    if (!board_on(&p->b, x, y) ||
        (color != SGF_EMPTY && color != SGF_BLACK && color != SGF_WHITE))
        return;
    if (board_setup(&p->b, board_index(&p->b, x, y), color))
        p->h.setup_pending = 1;
}

int sgf_position_setup_done(sgf_position *p)
{
    return history_setup_done(&p->h, &p->b);
}

void sgf_position_set_to_move(sgf_position *p, int color)
{
    history_set_to_move(&p->h, &p->b, color);
}

sgf_legality sgf_position_legal(sgf_position *p, int color, int x, int y)
{
    return history_legal(&p->h, &p->b, color, x, y);
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
    board *b = &p->b;
    int pt = x == -1 && y == -1 ? 0 : board_on(b, x, y) ? board_index(b, x, y)
                                                        : -1;
    /* what history_play_stone leaves as it is */
    play_result res = { SGF_LEGAL, 0, 0, -1, -1 };
    if (pt > 0)
        history_play_stone(&p->h, b, color, pt, &res);
    else
        history_play(&p->h, b, color, pt, &res);
    info->legality = res.legality;
    info->captured = res.captured;
    info->suicided = res.suicided;
    info->repeats = res.repeats;
    info->repeats_situation = res.repeats_situation;
    if (b->ko_point) {
        info->ko_x = board_x(b, b->ko_point);
        info->ko_y = board_y(b, b->ko_point);
    }
}

sgf_cycle_kind sgf_position_cycle(const sgf_position *p, int from, int to)
{
    return history_cycle(&p->h, from, to);
}
