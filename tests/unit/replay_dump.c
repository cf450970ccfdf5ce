/*
 * replay_dump.c - prints the boards of sgf_game_replay for the cross-check
 * against an independent replay (tests/tool/crosscheck.py).
 *
 *   replay_dump FILE|DIR|ARCHIVE...
 *
 * For each member, a line "file ORIGIN"; for each of its games, a line
 * "game N at OFFSET LENGTH" (the game's bytes within the member as the
 * reader framed them, so that the other replay reads the same bytes even
 * where a damaged file leaves room for doubt), then after every move of the
 * main line a line "game N move M COLOR X Y" (M counts passes too; COLOR is
 * B or W; X Y are 0-based from the top left, -1 -1 for a pass or a move off
 * the board) followed by the board as rows of ".XO", top row first; after
 * the replay "game N end M" (M: plies played) and the final board, so that
 * setup after the last move is compared too.  A game sgf_game_replay does
 * not replay (SGF_E_ARG: not a Go game) prints "game N none" instead of
 * its moves.  Exit 0, or 2 when an input could not be read or memory ran
 * out.
 *
 * Not a test of its own: the runner does not run it (its name is not
 * test_*).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "sgfkit.h"

typedef struct dump {
    FILE *out;
    unsigned game;
    char *row;               /* one board row and its newline (52 + 1) */
    bool failed;
} dump;

static void print_board(dump *d, const sgf_position *p)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int c = sgf_position_at(p, x, y);
            d->row[x] = c == SGF_BLACK ? 'X' : c == SGF_WHITE ? 'O' : '.';
        }
        d->row[w] = '\n';
        fwrite(d->row, 1, (size_t)w + 1, d->out);
    }
}

static int on_step(void *ctx, const sgf_position *p,
                   const sgf_replay_step *step)
{
    dump *d = ctx;
    if (step->color != SGF_BLACK && step->color != SGF_WHITE)
        return 0; /* setup only: shows in the next board */
    fprintf(d->out, "game %u move %d %c %d %d\n", d->game, step->move,
            step->color == SGF_BLACK ? 'B' : 'W', step->x, step->y);
    print_board(d, p);
    return 0;
}

/* Games are read as sgf_reader_next_raw hands them to sgfcheck's workers,
 * which also tells where each game lies. */
static void dump_member(dump *d, sgf_reader *rd, sgf_game *g,
                        sgf_position *pos, sgf_member *m)
{
    sgf_raw_game raw;
    int rc;

    fprintf(d->out, "file %s\n", sgf_member_origin(m));
    sgf_reader_start(rd, m);
    while ((rc = sgf_reader_next_raw(rd, &raw)) == 1) {
        if (sgf_game_read(g, &raw) != SGF_OK) {
            fprintf(stderr, "replay_dump: out of memory\n");
            d->failed = true;
            return;
        }
        if (!sgf_game_root(g))
            continue; /* no game: only diagnostics */
        d->game = sgf_game_index(g);
        fprintf(d->out, "game %u at %llu %zu\n", d->game,
                (unsigned long long)raw.offset, raw.len);
        int r = sgf_game_replay(g, NULL, pos, on_step, d);
        if (r == SGF_E_ARG) {
            fprintf(d->out, "game %u none\n", d->game);
        } else if (r != 0) {
            fprintf(stderr, "replay_dump: %s:%u: %s\n", sgf_member_origin(m),
                    d->game, sgf_strerror(r));
            d->failed = true;
        } else {
            fprintf(d->out, "game %u end %d\n", d->game, sgf_position_ply(pos));
            print_board(d, pos);
        }
    }
    if (rc < 0) {
        fprintf(stderr, "replay_dump: %s: %s\n", sgf_member_origin(m),
                sgf_member_error(m) ? sgf_member_error(m) : sgf_strerror(rc));
        d->failed = true;
    }
}

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)origin;
    fprintf(stderr, "replay_dump: %s\n", message);
    ((dump *)ctx)->failed = true;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: replay_dump FILE|DIR|ARCHIVE...\n");
        return 2;
    }
    sgf_read_options opt = { .flags = 0 };
    dump d = { stdout, 0, malloc(64), false };
    sgf_reader *rd = sgf_reader_new(&opt);
    sgf_game *g = sgf_game_new(&opt);
    sgf_position *pos = sgf_position_new();
    sgf_inputs *in = NULL;
    sgf_member *m;

    if (d.row && rd && g && pos)
        in = sgf_inputs_new((const char *const *)(argv + 1),
                            (size_t)(argc - 1), on_input_error, &d);
    if (!in) {
        fprintf(stderr, "replay_dump: out of memory\n");
        d.failed = true;
    } else {
        while (sgf_inputs_next(in, &m))
            dump_member(&d, rd, g, pos, m);
        sgf_inputs_free(in);
    }
    sgf_position_free(pos);
    sgf_game_free(g);
    sgf_reader_free(rd);
    free(d.row);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("replay_dump: stdout");
        d.failed = true;
    }
    return d.failed ? 2 : 0;
}
