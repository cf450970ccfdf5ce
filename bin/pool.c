/*
 * pool.c - -j N: one reader thread frames games and copies them into jobs,
 * N workers parse and format them, the main thread writes the jobs in
 * sequence, so that the output is the same whatever N is.  A ring of
 * SLOTS_PER_WORKER * N jobs bounds memory.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli-internal.h"
#include "progress.h"

/* Games are handed to workers in batches of about this many bytes: one lock
 * round trip per batch instead of per game, and small enough that a few
 * thousand small files still spread over all workers. */
#define BATCH_BYTES (64u * 1024u)
#define BATCH_GAMES 64u

struct job_game {
    sgf_raw_game raw;          /* as framed; bytes and origin point nowhere */
    size_t off;                /* the bytes, within job->bytes.data */
    size_t origin;             /* the NUL-terminated origin, likewise */
};

struct job {
    struct cli_buf bytes;      /* the games' bytes and their origins */
    struct job_game *games;
    size_t ngames, games_cap;
    size_t last_origin;        /* to store an origin once per member */
    int nomem;
    uint64_t bytes_read;       /* input consumed when the job was filled */
    uint64_t position;         /* the same in file bytes (progress) */
    int done;
    struct cli_out out;
};

struct pool {
    struct walk w;             /* first: the reader's walk */
    cli_game_fn fn;
    void *ctx;
    struct job *jobs;
    unsigned nslots;
    uint64_t seq_in;           /* jobs published by the reader */
    uint64_t next_work;        /* next job a worker takes */
    uint64_t seq_out;          /* next job the output stage writes */
    struct job *filling;       /* the reader's job, not yet published */
    int read_done, stop;
    pthread_mutex_t lock;
    pthread_cond_t cv_space, cv_work, cv_done;
};

static int job_append(struct job *j, const void *p, size_t n, size_t *at)
{
    *at = j->bytes.len;
    cli_buf_put(&j->bytes, p, n);
    return j->bytes.nomem ? -1 : 0;
}

static void job_add(struct job *j, const sgf_raw_game *raw)
{
    struct job_game *g = cli_grow(j->games, &j->games_cap, j->ngames + 1,
                                  sizeof *g);
    if (!g) {
        j->nomem = 1;
        return;
    }
    j->games = g;
    struct job_game *jg = &j->games[j->ngames];
    const char *origin = raw->origin ? raw->origin : "-";
    if (j->ngames > 0 && strcmp(j->bytes.data + j->last_origin, origin) == 0)
        jg->origin = j->last_origin;
    else if (job_append(j, origin, strlen(origin) + 1, &jg->origin) < 0) {
        j->nomem = 1;
        return;
    }
    j->last_origin = jg->origin;
    if (job_append(j, raw->bytes, raw->len, &jg->off) < 0) {
        j->nomem = 1;
        return;
    }
    jg->raw = *raw;
    j->ngames++;
}

static void job_clear(struct job *j)
{
    /* one huge game must not keep its memory for the rest of the run */
    if (j->bytes.cap > 16 * BATCH_BYTES)
        cli_buf_free(&j->bytes);
    if (j->out.buf.cap > 16 * BATCH_BYTES)
        cli_buf_free(&j->out.buf);
    cli_buf_clear(&j->bytes);
    j->ngames = 0;
    j->nomem = 0;
    cli_buf_clear(&j->out.buf);
    memset(&j->out.tally, 0, sizeof j->out.tally);
    memset(j->out.by_check, 0, sizeof j->out.by_check);
}

static void job_free(struct job *j)
{
    cli_buf_free(&j->bytes);
    free(j->games);
    cli_buf_free(&j->out.buf);
}

/* Reader: waits for a free slot; NULL when the output stage has stopped. */
static struct job *pool_acquire(struct pool *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->seq_in - p->seq_out >= p->nslots && !p->stop)
        pthread_cond_wait(&p->cv_space, &p->lock);
    struct job *j = p->stop ? NULL : &p->jobs[p->seq_in % p->nslots];
    pthread_mutex_unlock(&p->lock);
    return j;
}

/* The reader's place when the job was filled: r is NULL after the walk. */
static void pool_publish(struct pool *p, sgf_reader *r)
{
    struct job *j = p->filling;
    uint64_t member = r ? sgf_reader_bytes(r) : 0;
    j->bytes_read = p->w.base + member;
    j->position = progress_position(p->w.cli->st->progress, member);
    pthread_mutex_lock(&p->lock);
    p->seq_in++;
    pthread_cond_signal(&p->cv_work);
    pthread_mutex_unlock(&p->lock);
    p->filling = NULL;
}

static int pool_next(struct walk *w, sgf_reader *r)
{
    struct pool *p = (struct pool *)w;
    sgf_raw_game raw;
    if (!p->filling && !(p->filling = pool_acquire(p)))
        return WALK_STOP;
    int rc = sgf_reader_next_raw(r, &raw);
    if (rc != 1)
        return rc;
    struct job *j = p->filling;
    job_add(j, &raw);
    if (j->bytes.len >= BATCH_BYTES || j->ngames >= BATCH_GAMES || j->nomem)
        pool_publish(p, r);
    return 1;
}

static void *reader_main(void *arg)
{
    struct pool *p = arg;
    cli_walk_inputs(&p->w);
    if (p->filling && p->filling->ngames > 0)
        pool_publish(p, NULL);
    pthread_mutex_lock(&p->lock);
    p->read_done = 1;
    pthread_cond_broadcast(&p->cv_work);
    pthread_cond_signal(&p->cv_done);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* g is the worker's own game object, reused from game to game. */
static void job_run(struct pool *p, struct job *j, sgf_game *g)
{
    const struct cli *cli = p->w.cli;
    for (size_t i = 0; i < j->ngames && !j->nomem; i++) {
        const struct job_game *jg = &j->games[i];
        sgf_raw_game raw = jg->raw;
        raw.bytes = j->bytes.data + jg->off;
        raw.origin = j->bytes.data + jg->origin;
        if (sgf_game_read(g, &raw) != SGF_OK) {
            j->nomem = 1;
            break;
        }
        cli_run_game(cli, p->fn, p->ctx, g, &j->out);
    }
}

static void *worker_main(void *arg)
{
    struct pool *p = arg;
    sgf_game *g = sgf_game_new(&p->w.cli->read_opt);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next_work == p->seq_in && !p->read_done)
            pthread_cond_wait(&p->cv_work, &p->lock);
        if (p->next_work == p->seq_in)
            break;
        uint64_t seq = p->next_work++;
        struct job *j = &p->jobs[seq % p->nslots];
        pthread_mutex_unlock(&p->lock);
        if (g)
            job_run(p, j, g);
        else
            j->nomem = 1;
        pthread_mutex_lock(&p->lock);
        j->done = 1;
        if (seq == p->seq_out)
            pthread_cond_signal(&p->cv_done);
    }
    pthread_mutex_unlock(&p->lock);
    sgf_game_free(g);
    return NULL;
}

static void pool_write(struct pool *p)
{
    struct cli *cli = p->w.cli;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        struct job *j = &p->jobs[p->seq_out % p->nslots];
        while (!(p->seq_out < p->seq_in && j->done)
               && !(p->read_done && p->seq_out == p->seq_in))
            pthread_cond_wait(&p->cv_done, &p->lock);
        if (p->seq_out == p->seq_in)
            break;
        pthread_mutex_unlock(&p->lock);
        if (j->nomem)
            j->out.buf.nomem = 1;
        cli_emit(cli, &j->out, j->bytes_read, j->position);
        job_clear(j);
        pthread_mutex_lock(&p->lock);
        j->done = 0;
        p->seq_out++;
        if (cli->st->write_error)
            p->stop = 1;
        pthread_cond_signal(&p->cv_space);
    }
    pthread_mutex_unlock(&p->lock);
}

int cli_run_pool(struct cli *cli, cli_game_fn fn, void *ctx)
{
    struct pool p;
    memset(&p, 0, sizeof p);
    p.w.cli = cli;
    p.w.next = pool_next;
    p.fn = fn;
    p.ctx = ctx;
    p.nslots = SLOTS_PER_WORKER * cli->jobs;
    p.jobs = calloc(p.nslots, sizeof *p.jobs);
    pthread_t *workers = calloc(cli->jobs, sizeof *workers);
    pthread_t reader;
    unsigned nworkers = 0;
    int threaded = 0;
    if (p.jobs && workers) {
        pthread_mutex_init(&p.lock, NULL);
        pthread_cond_init(&p.cv_space, NULL);
        pthread_cond_init(&p.cv_work, NULL);
        pthread_cond_init(&p.cv_done, NULL);
        while (nworkers < cli->jobs
               && pthread_create(&workers[nworkers], NULL, worker_main, &p) == 0)
            nworkers++;
        threaded = nworkers > 0
            && pthread_create(&reader, NULL, reader_main, &p) == 0;
        if (threaded) {
            pool_write(&p);
            pthread_join(reader, NULL);
        } else {
            /* let the workers that started end: nothing will come */
            pthread_mutex_lock(&p.lock);
            p.read_done = 1;
            pthread_cond_broadcast(&p.cv_work);
            pthread_mutex_unlock(&p.lock);
        }
        for (unsigned i = 0; i < nworkers; i++)
            pthread_join(workers[i], NULL);
        pthread_cond_destroy(&p.cv_done);
        pthread_cond_destroy(&p.cv_work);
        pthread_cond_destroy(&p.cv_space);
        pthread_mutex_destroy(&p.lock);
        for (unsigned i = 0; i < p.nslots; i++)
            job_free(&p.jobs[i]);
    }
    free(p.jobs);
    free(workers);
    return threaded ? 0 : -1;
}
