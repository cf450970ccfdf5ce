/*
 * run.c - the stages every run has, whatever the number of jobs: the
 * reader that walks every member of every input (lib's inputs layer), the
 * tool's function called on each game, and the output stage that writes
 * the outputs and adds up the counts in input order.  -j 1 chains them in
 * the main thread; pool.c spreads them over threads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli-internal.h"
#include "cli/progress.h"

static void tally_add(struct cli_tally *sum, const struct cli_tally *t)
{
    sum->games += t->games;
    sum->errors += t->errors;
    sum->warnings += t->warnings;
    sum->notes += t->notes;
}

void cli_emit(struct cli *cli, const struct cli_out *out, uint64_t bytes,
              const struct progress_mark *mark)
{
    struct cli_state *st = cli->st;
    if (out->buf.nomem || out->err.nomem)
        cli_out_of_memory(cli);
    if (out->err.len)
        cli_message_block(cli, &out->err);
    cli_output_write(cli, &out->buf);
    tally_add(&cli->total, &out->tally);
    for (size_t i = 0; i < CLI_CHECKS_MAX; i++)
        cli->total_by_check[i] += out->by_check[i];
    progress_update(st->progress, bytes, mark);
}

void cli_run_game(const struct cli *cli, cli_game_fn fn, void *ctx,
                  sgf_game *g, const sgf_source_map *map,
                  struct cli_out *out)
{
    /* positions in the XML or JSON file, not in the SGF made from it */
    sgf_game_remap(g, map);
    struct cli_tally sum = out->tally;
    memset(&out->tally, 0, sizeof out->tally);
    /* a record without a tree (an empty file, text after the last game,
     * a stray ')') carries diagnostics but is no game */
    out->tally.games = sgf_game_root(g) != NULL;
    fn(cli, g, out, ctx);
    tally_add(&sum, &out->tally);
    out->tally = sum;
}

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)origin;
    cli_error(ctx, "%s", message);
}

/* -q keeps errors only: the summary still counts what was skipped. */
static void on_input_skip(void *ctx, const char *origin, sgf_skip_reason why,
                          const char *message)
{
    const struct cli *cli = ctx;
    (void)origin;
    (void)why;
    if (cli->verbosity >= 0)
        cli_error(cli, "warning: %s", message);
}

/* The end of the current member: rc is what next returned last. */
static void walk_member_end(struct walk *w, int rc)
{
    struct cli *cli = w->cli;
    struct cli_state *st = cli->st;
    if (rc < 0) {
        const char *msg = sgf_member_error(w->m);
        cli_error(cli, "%s: %s", sgf_member_origin(w->m),
                  msg ? msg : sgf_strerror(rc));
        st->read_errors++;
    }
    w->base += sgf_reader_bytes(w->r);
    if (w->alt) {
        /* the reader is done with it: the next start replaces it */
        sgf_reader_start(w->r, NULL);
        sgf_member_free(w->alt);
        w->alt = NULL;
        w->map = NULL;
        cli_buf_free(&w->keep);
    }
    w->m = NULL;
}

static int keep_map(struct walk *w, sgf_source_map *map)
{
    sgf_source_map **m = cli_grow(w->maps, &w->maps_cap, w->nmaps + 1,
                                  sizeof *m);
    if (!m)
        return 0;
    w->maps = m;
    w->maps[w->nmaps++] = map;
    return 1;
}

void cli_walk_free_maps(struct walk *w)
{
    for (size_t i = 0; i < w->nmaps; i++)
        sgf_source_map_free(w->maps[i]);
    free(w->maps);
    w->maps = NULL;
    w->nmaps = w->maps_cap = 0;
}

int cli_walk_resume(struct walk *w)
{
    struct cli *cli = w->cli;
    struct cli_state *st = cli->st;
    if (w->finished)
        return 0;
    if (!w->in && !w->r) {
        w->in = sgf_inputs_new((const char *const *)cli->inputs,
                               cli->ninputs, on_input_error, cli);
        w->r = sgf_reader_new(&cli->read_opt);
        if (!w->in || !w->r) {
            cli_out_of_memory(cli);
            goto out;
        }
        sgf_inputs_on_skip(w->in, on_input_skip, cli);
        progress_track(st->progress, w->in);
    }
    for (;;) {
        if (!w->m) {
            if (w->rc == WALK_STOP
                || (w->rc = sgf_inputs_next(w->in, &w->m)) != 1) {
                w->m = NULL;
                break;
            }
            if (cli->member_filter) {
                sgf_member *alt = NULL;
                sgf_source_map *map = NULL;
                int f = cli->member_filter(cli, w->m, &w->keep, &alt, &map);
                if (map && !keep_map(w, map)) {
                    sgf_source_map_free(map);
                    map = NULL;     /* positions in the SGF, then */
                }
                if (f < 0) {
                    st->read_errors++;
                    w->m = NULL;
                    continue;
                }
                if (f > 0) {
                    w->m = w->alt = alt;
                    w->map = map;
                }
            }
            sgf_reader_start(w->r, w->m);
            w->members++;
        }
        int rc;
        while ((rc = w->next(w, w->r)) == 1)
            ;
        if (rc == WALK_PAUSE)
            return 1;
        walk_member_end(w, rc);
        w->rc = rc;
    }
    if (w->rc < 0 && w->rc != WALK_STOP) {
        cli_error(cli, "%s", sgf_strerror(w->rc));
        st->read_errors++;
    }
    st->input_failures = sgf_inputs_failures(w->in);
    for (int k = 0; k < SGF_SKIP_REASONS; k++)
        st->input_skips[k] = sgf_inputs_skipped(w->in, k);
    {
        struct progress_mark last;  /* stands once the iterator is gone */
        progress_mark(st->progress, w->in, &last);
    }
out:
    sgf_reader_free(w->r);
    if (w->in)
        sgf_inputs_free(w->in);
    w->r = NULL;
    w->in = NULL;
    w->finished = 1;
    return 0;
}

void cli_walk_inputs(struct walk *w)
{
    while (cli_walk_resume(w))
        ;
}

/* -j 1: each game the reader frames is parsed, reported and written
 * before the next is read. */
struct serial {
    struct walk w;
    cli_game_fn fn;
    void *ctx;
    struct cli_out out;
};

static int serial_next(struct walk *w, sgf_reader *r)
{
    struct serial *s = (struct serial *)w;
    sgf_game *g;
    int rc = sgf_reader_next(r, &g);
    if (rc != 1)
        return rc;
    cli_buf_clear(&s->out.buf);
    cli_buf_clear(&s->out.err);
    memset(&s->out.tally, 0, sizeof s->out.tally);
    memset(s->out.by_check, 0, sizeof s->out.by_check);
    cli_run_game(w->cli, s->fn, s->ctx, g, w->map, &s->out);
    struct progress_mark mark;
    progress_mark(w->cli->st->progress, w->in, &mark);
    cli_emit(w->cli, &s->out, w->base + sgf_reader_bytes(r), &mark);
    return w->cli->st->write_error ? WALK_STOP : 1;
}

void cli_run_serial(struct cli *cli, cli_game_fn fn, void *ctx)
{
    struct serial s = { .w = { .cli = cli, .next = serial_next },
                       .fn = fn, .ctx = ctx };
    cli_walk_inputs(&s.w);
    cli_walk_free_maps(&s.w);
    cli_buf_free(&s.out.buf);
    cli_buf_free(&s.out.err);
}
