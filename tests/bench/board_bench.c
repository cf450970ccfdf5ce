/*
 * board_bench.c - how fast sgf_position replays games (`make bench` or by
 * hand): the hot path of a checker that replays every game of a collection.
 *
 *   board_bench [--games=N] [--size=S] [--plies=MAX] [--min-time=SEC]
 *
 * Makes N random games on an SxS board first (a random player that never
 * fills its own one-point eyes; positional superko; a game ends at two
 * passes or MAX plies), then times replaying them: for each game a reset
 * and one sgf_position_play per ply, legality and history included.
 * Prints plies/s and games/s, best of 3 runs of at least --min-time each.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sgfkit.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* All four neighbours are c or the edge. */
static int own_eye(const sgf_position *p, int c, int x, int y)
{
    static const int d[4][2] = { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };
    for (int i = 0; i < 4; i++) {
        int nx = x + d[i][0], ny = y + d[i][1];
        if (nx < 0 || ny < 0 || nx >= sgf_position_width(p) ||
            ny >= sgf_position_height(p))
            continue;
        if (sgf_position_at(p, nx, ny) != c)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    int ngames = 2000, size = 19, maxply = 400;
    double min_time = 1.0;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--games=", 8))
            ngames = atoi(argv[i] + 8);
        else if (!strncmp(argv[i], "--size=", 7))
            size = atoi(argv[i] + 7);
        else if (!strncmp(argv[i], "--plies=", 8))
            maxply = atoi(argv[i] + 8);
        else if (!strncmp(argv[i], "--min-time=", 11))
            min_time = atof(argv[i] + 11);
        else {
            fprintf(stderr, "usage: board_bench [--games=N] [--size=S] "
                            "[--plies=MAX] [--min-time=SEC]\n");
            return 2;
        }
    }
    if (ngames < 1 || size < 1 || size > 52 || maxply < 1)
        return 2;

    sgf_position *p = sgf_position_new();
    int16_t *moves = malloc((size_t)ngames * (size_t)maxply * 2 * sizeof *moves);
    int *len = malloc((size_t)ngames * sizeof *len);
    if (!p || !moves || !len) {
        fprintf(stderr, "board_bench: out of memory\n");
        return 1;
    }

    long total = 0, captures = 0;
    for (int g = 0; g < ngames; g++) {
        int16_t *m = moves + (size_t)g * (size_t)maxply * 2;
        int n = 0, passes = 0;
        sgf_position_reset(p, size, size, NULL);
        while (n < maxply && passes < 2) {
            int c = sgf_position_to_move(p), x = -1, y = -1;
            for (int t = 0; t < 50; t++) {
                int pt = (int)rnd((unsigned)(size * size));
                int tx = pt % size, ty = pt / size;
                if (sgf_position_at(p, tx, ty) == SGF_EMPTY &&
                    !own_eye(p, c, tx, ty) &&
                    sgf_position_legal(p, c, tx, ty) == SGF_LEGAL) {
                    x = tx;
                    y = ty;
                    break;
                }
            }
            sgf_play_info info;
            sgf_position_play(p, c, x, y, &info);
            captures += info.captured;
            passes = x < 0 ? passes + 1 : 0;
            m[2 * n] = (int16_t)x;
            m[2 * n + 1] = (int16_t)y;
            n++;
        }
        len[g] = n;
        total += n;
    }
    printf("%d random games on %dx%d: %.1f plies per game, %.1f stones "
           "captured per game\n", ngames, size, size, (double)total / ngames,
           (double)captures / ngames);

    double best = 1e30;
    uint64_t check = 0;
    for (int run = 0; run < 3; run++) {
        long passes = 0;
        double t0 = now(), t;
        do {
            for (int g = 0; g < ngames; g++) {
                const int16_t *m = moves + (size_t)g * (size_t)maxply * 2;
                sgf_play_info info;
                sgf_position_reset(p, size, size, NULL);
                for (int i = 0; i < len[g]; i++)
                    sgf_position_play(p, (i & 1) ? SGF_WHITE : SGF_BLACK,
                                      m[2 * i], m[2 * i + 1], &info);
                check += sgf_position_hash(p) + (uint64_t)info.legality;
            }
            passes++;
            t = now() - t0;
        } while (t < min_time);
        if (t / (double)passes < best)
            best = t / (double)passes;
    }
    printf("replay: %.1f million plies/s, %.0f games/s (check %llx)\n",
           (double)total / best / 1e6, ngames / best,
           (unsigned long long)(check & 0xffff));
    free(moves);
    free(len);
    sgf_position_free(p);
    return 0;
}
