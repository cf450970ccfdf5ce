/*
 * pool.c - -j N: N threads, the main thread one of them, share three roles:
 * framing the next batch of games into a job (the reader), parsing and
 * checking a job (any number at once), and writing the finished jobs in
 * sequence (the writer), so that the output is the same whatever N is.  A
 * thread takes whichever role has work, so none sleeps while there is any:
 * with a reader and a writer thread of their own (four threads for -j2),
 * every batch cost wake-ups that took a core from a worker (about 450
 * context switches a run on the KGS collection; now about 20).  A ring of
 * SLOTS_PER_WORKER * N jobs bounds memory.
 */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli-internal.h"
#include "progress.h"

/* Games are handed out in batches of about this many bytes: one lock round
 * trip per batch instead of per game.  Small, because the last batches
 * decide when the run ends: with 64 KB (half a millisecond of checking)
 * one thread waited for the other's last batch about 0.1 ms a run, with
 * 16 KB about 0.05 ms, for no more CPU time. */
#define BATCH_BYTES (16u * 1024u)
#define BATCH_GAMES 16u

/* A new thread often waits a scheduler tick (1 to 4 ms) before it first
 * runs while its parent, a worker too, keeps its CPU: on the 2-core test
 * VM -j2's second thread began work after 1.4 ms (median; 0.16 ms when
 * created on the other CPU), 4% of a run over the KGS collection.  So
 * workers are created with their affinity set to the CPUs other than the
 * main thread's, and widen it to the process's once they run. */
#if defined(__linux__) && defined(__GLIBC__) && defined(CPU_SET)
#define POOL_PLACE 1
#endif

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
    uint64_t seq_out;          /* next job the writer writes */
    struct job *filling;       /* the reader's job, not yet published */
    int reading, writing;      /* the roles are taken */
    int read_done, stop;
    unsigned sleepers;
#ifdef POOL_PLACE
    int place;                 /* workers widen their mask to cpus */
    cpu_set_t cpus;
#endif
    pthread_mutex_t lock;
    pthread_cond_t cv;         /* any change a sleeper may be waiting for */
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
    cli_buf_clear(&j->out.err);
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
    cli_buf_free(&j->out.err);
}

/* The reader's place when its job was filled: r is NULL after the walk. */
static void job_seal(struct pool *p, struct job *j, sgf_reader *r)
{
    uint64_t member = r ? sgf_reader_bytes(r) : 0;
    j->bytes_read = p->w.base + member;
    j->position = progress_position(p->w.cli->st->progress, member);
}

static int pool_next(struct walk *w, sgf_reader *r)
{
    struct pool *p = (struct pool *)w;
    struct job *j = p->filling;
    if (!j)
        return WALK_STOP;
    sgf_raw_game raw;
    int rc = sgf_reader_next_raw(r, &raw);
    if (rc != 1)
        return rc;
    job_add(j, &raw);
    if (j->bytes.len >= BATCH_BYTES || j->ngames >= BATCH_GAMES || j->nomem) {
        job_seal(p, j, r);
        return WALK_PAUSE;
    }
    return 1;
}

static void pool_wake(struct pool *p)
{
    if (p->sleepers)
        pthread_cond_broadcast(&p->cv);
}

/* The reader's role, lock held: frames one job (none once the output has
 * failed: the walk then stops) and publishes it. */
static void pool_read(struct pool *p)
{
    p->reading = 1;
    struct job *j = p->stop ? NULL : &p->jobs[p->seq_in % p->nslots];
    p->filling = j;
    pthread_mutex_unlock(&p->lock);
    int more = cli_walk_resume(&p->w);
    /* a job that ran out of memory is published too: its output says so */
    int filled = j && (j->ngames > 0 || j->nomem);
    if (!more && filled)
        job_seal(p, j, NULL);
    pthread_mutex_lock(&p->lock);
    if (filled)
        p->seq_in++;
    p->filling = NULL;
    p->reading = 0;
    if (!more)
        p->read_done = 1;
    pool_wake(p);
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

/* The writer's role, lock held: writes every finished job in sequence. */
static void pool_write(struct pool *p)
{
    struct cli *cli = p->w.cli;
    p->writing = 1;
    for (;;) {
        struct job *j = &p->jobs[p->seq_out % p->nslots];
        if (!(p->seq_out < p->seq_in && j->done))
            break;
        pthread_mutex_unlock(&p->lock);
        if (j->nomem)
            j->out.buf.nomem = 1;
        cli_emit(cli, &j->out, j->bytes_read, j->position);
        job_clear(j);
        int failed = cli->st->write_error;
        pthread_mutex_lock(&p->lock);
        j->done = 0;
        p->seq_out++;
        if (failed)
            p->stop = 1;
    }
    p->writing = 0;
    pool_wake(p);
}

/* One thread's share of the run.  Writing comes first (it frees slots),
 * then framing while a slot is free (framing is ten times faster than
 * checking: a full ring lets a thread done with its job find the next one
 * ready, even while the reader waits for a read), then checking. */
static void pool_work(struct pool *p, sgf_game *g)
{
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (!p->writing && p->seq_out < p->seq_in
            && p->jobs[p->seq_out % p->nslots].done) {
            pool_write(p);
            continue;
        }
        if (!p->reading && !p->read_done
            && (p->stop || p->seq_in - p->seq_out < p->nslots)) {
            pool_read(p);
            continue;
        }
        if (p->next_work < p->seq_in) {
            /* the thread that finishes a job writes it next if no one
             * else is writing: no wake-up needed here */
            struct job *j = &p->jobs[p->next_work++ % p->nslots];
            pthread_mutex_unlock(&p->lock);
            if (g)
                job_run(p, j, g);
            else
                j->nomem = 1;
            pthread_mutex_lock(&p->lock);
            j->done = 1;
            continue;
        }
        if (p->read_done && !p->reading && p->seq_out == p->seq_in)
            break;
        p->sleepers++;
        pthread_cond_wait(&p->cv, &p->lock);
        p->sleepers--;
    }
    pthread_mutex_unlock(&p->lock);
}

static void *worker_main(void *arg)
{
    struct pool *p = arg;
#ifdef POOL_PLACE
    if (p->place)
        pthread_setaffinity_np(pthread_self(), sizeof p->cpus, &p->cpus);
#endif
    sgf_game *g = sgf_game_new(&p->w.cli->read_opt);
    pool_work(p, g);
    sgf_game_free(g);
    return NULL;
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
    /* the main thread is the first of the N */
    pthread_t *threads = calloc(cli->jobs, sizeof *threads);
    if (!p.jobs || !threads) {
        free(p.jobs);
        free(threads);
        return -1;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.cv, NULL);
    pthread_attr_t attr, *at = NULL;
#ifdef POOL_PLACE
    if (pthread_attr_init(&attr) == 0) {
        at = &attr;
        int self = sched_getcpu();
        cpu_set_t others;
        CPU_ZERO(&others);
        if (self >= 0 && sched_getaffinity(0, sizeof p.cpus, &p.cpus) == 0) {
            for (int c = 0; c < CPU_SETSIZE; c++)
                if (c != self && CPU_ISSET(c, &p.cpus))
                    CPU_SET(c, &others);
            p.place = CPU_COUNT(&others) > 0
                && pthread_attr_setaffinity_np(&attr, sizeof others,
                                               &others) == 0;
        }
    }
#else
    (void)attr;
#endif
    /* fewer threads than asked (none at worst) only make the run slower */
    unsigned nstarted = 0;
    while (nstarted + 1 < cli->jobs) {
        if (pthread_create(&threads[nstarted], at, worker_main, &p) != 0
            && (!at || pthread_create(&threads[nstarted], NULL, worker_main,
                                      &p) != 0))
            break;
        nstarted++;
    }
    if (at)
        pthread_attr_destroy(at);
    worker_main(&p);
    for (unsigned i = 0; i < nstarted; i++)
        pthread_join(threads[i], NULL);
    pthread_cond_destroy(&p.cv);
    pthread_mutex_destroy(&p.lock);
    for (unsigned i = 0; i < p.nslots; i++)
        job_free(&p.jobs[i]);
    free(p.jobs);
    free(threads);
    return 0;
}
