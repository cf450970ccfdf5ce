/*
 * assume_handicap.c - the handicap stones of HA[N] written without AB,
 * placed on the fixed points (assume_handicap.h; doc/gameinfo.md, "The
 * handicap stones of HA without AB").
 */
#include <stdio.h>
#include <string.h>

#include "common/textscan.h"
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/points.h"
#include "go/assume_clues.h"
#include "go/assume_handicap.h"

/* The two fixed placements: they differ only for three stones, where
 * Japan (and KGS) put the third stone on Black's lower right and the GTP
 * specification (GNU Go) and Tygem on the upper left. */
enum { LAYOUT_JAPANESE, LAYOUT_GTP };

/* The fixed handicap points of n stones on a size x size board, as the
 * GTP specification lays them out (4-4 points from 13x13, 3-3 points
 * below; nine stones on odd boards from 9x9, four on the others from 7x7),
 * into x[], y[] (SGF coordinates: y from the top).  Returns n, or 0 when
 * the board has no such placement. */
static int fixed_points(int n, int size, int layout, uint8_t *x, uint8_t *y)
{
    int max = size < 7 ? 0 : size % 2 && size >= 9 ? 9 : 4;
    if (n < 2 || n > max)
        return 0;
    int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
    /* lower left, upper right (both placements), then the third corner,
     * the fourth, the sides and the centre */
    int pts[9][2] = {
        { lo, hi }, { hi, lo },
        { layout == LAYOUT_GTP ? lo : hi, layout == LAYOUT_GTP ? lo : hi },
        { layout == LAYOUT_GTP ? hi : lo, layout == LAYOUT_GTP ? hi : lo },
        { lo, mid }, { hi, mid }, { mid, lo }, { mid, hi },
    };
    int k = n >= 4 ? 4 : n, corners = k;
    for (int i = 0; i < corners; i++) {
        x[i] = (uint8_t)pts[i][0];
        y[i] = (uint8_t)pts[i][1];
    }
    /* 6 and 8: the sides; 5, 7 and 9: the centre too */
    int sides = n >= 8 ? 4 : n >= 6 ? 2 : 0;
    for (int i = 0; i < sides; i++, k++) {
        x[k] = (uint8_t)pts[4 + i][0];
        y[k] = (uint8_t)pts[4 + i][1];
    }
    if (n % 2 && n >= 5) {
        x[k] = y[k] = (uint8_t)mid;
        k++;
    }
    return k;
}

/* The first move of the main line played on a fixed point while the
 * placed stone would still stand there: its move number, 0 when the moves
 * fit the placement.  *at gets the point. */
static int placement_conflict(sgf_game *g, sgf_position *p, int n,
                              const uint8_t *x, const uint8_t *y, int *at,
                              int *color)
{
    int size = g->info.width;
    if (sgf_position_reset(p, size, size, NULL) != SGF_OK)
        return 0;
    bool standing[9];
    for (int i = 0; i < n; i++) {
        sgf_position_setup(p, x[i], y[i], SGF_BLACK);
        standing[i] = true;
    }
    sgf_position_setup_done(p);
    int move = 0, left = n;
    for (const sgf_node *node = g->root; node && left; node = node->child) {
        for (const sgf_prop *q = node->props; q; q = q->next) {
            /* setup after the first move is a diagram: the placement
             * cannot be judged past it */
            if (move && (q->kind == SGF_P_AB || q->kind == SGF_P_AW ||
                         q->kind == SGF_P_AE))
                return 0;
            if (q->kind != SGF_P_B && q->kind != SGF_P_W)
                continue;
            int mx, my;
            move++;
            if (!q->nvalues || sgf_point_decode(q->values[0].raw,
                                                q->values[0].len, size, size,
                                                &mx, &my) != 1)
                continue;
            for (int i = 0; i < n; i++)
                if (standing[i] && x[i] == mx && y[i] == my) {
                    *at = i;
                    *color = q->kind == SGF_P_B ? 'B' : 'W';
                    return move;
                }
            sgf_position_play(p, q->kind == SGF_P_B ? SGF_BLACK : SGF_WHITE,
                              mx, my, NULL);
            for (int i = 0; i < n; i++)
                if (standing[i] && sgf_position_at(p, x[i], y[i]) !=
                                       SGF_BLACK) {
                    standing[i] = false;
                    left--;
                }
        }
    }
    return 0;
}

/* "D4 Q16 Q4" into buf. */
static void points_text(char *buf, size_t len, int n, const uint8_t *x,
                        const uint8_t *y, int size)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && o + 8 < len; i++) {
        char pt[8];
        gtp_point(pt, x[i], y[i], size);
        o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? " " : "", pt);
    }
}

/* Whether the record names a program or server that lays three stones
 * as the GTP specification does. */
static bool gtp_layout_first(const sgf_game *g)
{
    static const char *const gtp_users[] = { "GNU Go", "gnugo", "Tygem",
                                              "타이젬", "NNGS" };
    for (size_t i = 0; i < COUNT(gtp_users); i++)
        if (has_word(g->info.application, gtp_users[i]) ||
            has_word(g->info.place, gtp_users[i]))
            return true;
    return false;
}

/* Whether a property of this kind comes before the first move. */
static bool before_moves(const sgf_game *g, int kind)
{
    for (const sgf_node *n = g->root; n; n = n->child)
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (q->kind == SGF_P_B || q->kind == SGF_P_W)
                return false;
            if (q->kind == kind)
                return true;
        }
    return false;
}

/* HA[N] (N >= 2), no AB or AW before the first move, and White moves
 * first: the stones were placed by the server and not written.  They go
 * on the fixed points unless a move is played on one of them while it
 * would still stand.  Reports the placement (handicap-placed) or why
 * there is none (bad-handicap), unless SGF_READ_SYNTAX_ONLY. */
void assume_handicap(sgf_game *g, game_go *go)
{
    sgf_info *in = &g->info;
    int ha = in->handicap;
    in->handicap_placed = 0;
    in->handicap_points = NULL;
    go->placed_n = 0;
    const sgf_prop *hp = clue_info_prop(g, SGF_P_HA);
    /* AB before the first move: gameinfo.c compared HA with it */
    if (ha < 2 || !hp || before_moves(g, SGF_P_AB))
        return;
    bool report = !(g->opt.flags & SGF_READ_SYNTAX_ONLY);
    int size = in->width;
    int first = clue_first_mover(g);
    bool white_set_up = before_moves(g, SGF_P_AW);
    if (first != SGF_WHITE || white_set_up) {
        /* the stones written as Black's first moves: nothing is missing
         * (the replay says so in a note, handicap-as-moves) */
        if (clue_handicap_moves(g))
            return;
        /* only White moving first over an empty board says where the
         * stones went; say which of those is missing */
        const char *why = white_set_up ? "white stones are set up (AW)"
                          : first == SGF_BLACK ? "Black moves first"
                          : "no move says who starts";
        if (report)
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[%d] but no handicap stones (AB) are set up; "
                        "%s, so none were placed", ha, why);
        return;
    }
    uint8_t x[2][9], y[2][9];
    int n = 0;
    if (in->width == in->height)
        n = fixed_points(ha, size, LAYOUT_JAPANESE, x[0], y[0]);
    if (!n) {
        if (report)
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[%d] but no handicap stones (AB) are set up; "
                        "White moves first, but a %dx%d board has no fixed "
                        "points for %d stones, so none were placed", ha,
                        in->width, in->height, ha);
        return;
    }
    /* three stones: the placement the record's program uses first */
    int order[2] = { LAYOUT_JAPANESE, LAYOUT_GTP };
    int layouts = ha == 3 ? 2 : 1;
    if (ha == 3 && gtp_layout_first(g)) {
        order[0] = LAYOUT_GTP;
        order[1] = LAYOUT_JAPANESE;
    }
    int conflict[2] = { 0, 0 }, at[2] = { 0, 0 }, color[2] = { 0, 0 };
    int chosen = -1;
    for (int i = 0; i < layouts && chosen < 0; i++) {
        fixed_points(ha, size, order[i], x[i], y[i]);
        conflict[i] = placement_conflict(g, go->pos, n, x[i], y[i], &at[i],
                                         &color[i]);
        if (!conflict[i])
            chosen = i;
    }
    char pts[96];
    if (chosen < 0) {
        if (!report)
            return;
        char a[8], b[8];
        gtp_point(a, x[0][at[0]], y[0][at[0]], size);
        if (layouts == 1) {
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[%d] but no handicap stones (AB) are set up; "
                        "White moves first, but move %d (%c %s) is played "
                        "on a fixed handicap point whose stone would still "
                        "stand, so none were placed", ha, conflict[0],
                        color[0], a);
        } else if (conflict[0] == conflict[1]) {
            /* one move on a point both placements share */
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[3] but no handicap stones (AB) are set up; "
                        "White moves first, but move %d (%c %s) is played "
                        "where both the Japanese and the GTP placements "
                        "would have a stone, so none were placed",
                        conflict[0], color[0], a);
        } else {
            gtp_point(b, x[1][at[1]], y[1][at[1]], size);
            game_report(g, SGF_C_BAD_HANDICAP, hp->pos, 0,
                        "HA[3] but no handicap stones (AB) are set up; "
                        "White moves first, but move %d (%c %s) and move %d "
                        "(%c %s) are played where the %s and the %s "
                        "placements would have a stone, so none were "
                        "placed", conflict[0], color[0], a, conflict[1],
                        color[1], b,
                        order[0] == LAYOUT_GTP ? "GTP" : "Japanese",
                        order[1] == LAYOUT_GTP ? "GTP" : "Japanese");
        }
        return;
    }
    go->placed_n = n;
    memcpy(go->placed_x, x[chosen], (size_t)n);
    memcpy(go->placed_y, y[chosen], (size_t)n);
    points_text(pts, sizeof pts, n, x[chosen], y[chosen], size);
    in->handicap_placed = n;
    in->handicap_points = arena_strndup(&g->a, pts, strlen(pts));
    if (!in->handicap_points)
        g->nomem = true;
    if (!report)
        return;
    if (ha == 3)
        game_report(g, SGF_C_HANDICAP_PLACED, hp->pos, 0,
                    "HA[3] without AB, and White moves first: the 3 "
                    "handicap stones were placed on %s (%s; %s)", pts,
                    order[chosen] == LAYOUT_GTP
                        ? "the GTP placement of GNU Go and Tygem"
                        : "the Japanese placement, as on KGS",
                    order[chosen] == LAYOUT_GTP
                        ? "Japan puts the third on the lower right"
                        : "GNU Go and Tygem put the third on the upper left");
    else
        game_report(g, SGF_C_HANDICAP_PLACED, hp->pos, 0,
                    "HA[%d] without AB, and White moves first: the %d "
                    "handicap stones were placed on the fixed points %s",
                    ha, n, pts);
}
