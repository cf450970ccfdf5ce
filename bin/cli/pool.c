/*
 * pool.c - -j N: N threads, the main thread one of them, share three roles:
 * reading the next batch of games into a job (the reader), parsing and
 * checking a job (any number at once), and writing the finished jobs in
 * sequence (the writer), so that the output is the same whatever N is.  A
 * thread takes whichever role has work, so none sleeps while there is any:
 * a reader and a writer thread of their own cost a wake-up per batch.  A
 * ring of SLOTS_PER_WORKER * N jobs bounds memory.
 *
 * The reader fills a job one of two ways.  While the other threads have
 * fewer than DIRECT_START framed jobs each waiting, it frames games
 * (sgf_reader_next_raw) and copies them into the job for a worker to parse.
 * Once they have enough, it reads the next batch as -j 1 does
 * (sgf_reader_next: the parse finds where each game ends) and runs it
 * itself, a "direct" job: no framing, no copy, and the bytes are parsed by
 * the thread whose read() brought them into its cache: framing and copying
 * is work -j 1 never does, serial, and moves every game between caches
 * (doc/performance.md, "bin/cli/pool.c").  Both ways see the same games:
 * the frame scan ends games where the full parse does (doc/reader.md), and
 * both number them alike (only games with a tree count).
 */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli-internal.h"
#include "cli/progress.h"

/* Games are handed out in batches of about this many bytes: one lock round
 * trip per batch instead of per game.  Small, because the last batches
 * decide when the run ends (a thread waits for the other's last one). */
#define BATCH_BYTES (16u * 1024u)
#define BATCH_GAMES 16u

/* Framed jobs waiting per other thread before the reader runs a batch
 * itself, and below which it ends the batch after the game in hand: a
 * direct job ends as soon as another thread takes a job, so that the reader
 * frames the next one long before anyone runs out. */
#define DIRECT_START 4u
#define DIRECT_STOP 3u

/* A new thread often waits a scheduler tick before it first runs while its
 * parent, a worker too, keeps its CPU.  So workers are created with their
 * affinity set to the CPUs other than the main thread's, and widen it to
 * the process's once they run. */
#if defined(__linux__) && defined(__GLIBC__) && defined(CPU_SET)
#define POOL_PLACE 1
#endif

struct job_game {
    sgf_raw_game raw;          /* as framed; bytes and origin point nowhere */
    const sgf_source_map *map; /* the member's (walk.map), or NULL */
    size_t off;                /* the bytes, within job->bytes.data */
    size_t origin;             /* the NUL-terminated origin, likewise */
};

struct job {
    struct cli_buf bytes;      /* the games' bytes and their origins */
    struct job_game *games;
    size_t ngames, games_cap;
    size_t last_origin;        /* to store an origin once per member */
    unsigned long last_member; /* the walk's member of the last game */
    int nomem;
    uint64_t bytes_read;       /* input consumed when the job was filled */
    struct progress_mark mark; /* the reader's place in the files */
    int done;
    int direct;                /* run by the reader as it read: no bytes */
    struct cli_out out;
    struct job *next_spare;    /* in pool.spare */
};

struct pool {
    struct walk w;             /* first: the reader's walk */
    cli_game_fn fn;
    void *ctx;
    struct job *jobs;          /* nslots of them */
    /* the jobs from seq_out to seq_in (ring[seq % nslots]) and the others,
     * the last one written first: its buffers are grown and in a cache,
     * where going round all nslots touches every job's pages */
    struct job **ring;
    struct job *spare;
    unsigned nslots;
    uint64_t seq_in;           /* jobs published by the reader */
    uint64_t next_work;        /* next job a worker takes */
    uint64_t seq_out;          /* next job the writer writes */
    struct job *filling;       /* the reader's job, not yet published */
    int direct;                /* the reader runs filling itself */
    uint64_t direct_from;      /* input consumed when filling began */
    unsigned direct_start;     /* DIRECT_START, DIRECT_STOP per other */
    unsigned direct_stop;      /* thread (N - 1 of them) */
    /* framed jobs published and not yet taken: changed under the lock,
     * read without it by a reader running a direct job */
    unsigned queued;
    int reading, writing;      /* the roles are taken */
    int read_done, stop;
    unsigned sleepers;
    unsigned events;           /* pool_wake's count, read without the lock */
#ifdef POOL_PLACE
    int place;                 /* workers widen their mask to cpus */
    cpu_set_t cpus;
#endif
    pthread_mutex_t lock;
    pthread_cond_t cv;         /* any change a sleeper may be waiting for */
};

static int job_append(struct job *j, const void *p, size_t n, size_t *at)
{
    if (!j->bytes.cap) {
        /* a batch in one allocation: doubling from 64 bytes would touch
         * four times its pages, each a page fault */
        void *b = cli_grow(NULL, &j->bytes.cap, 2 * BATCH_BYTES, 1);
        if (b)
            j->bytes.data = b;
    }
    *at = j->bytes.len;
    cli_buf_put(&j->bytes, p, n);
    return j->bytes.nomem ? -1 : 0;
}

/* member: the walk's count of members started, which names the member
 * raw comes from (cheaper than comparing its origin's text, which is
 * rewritten in place from member to member). */
static void job_add(struct job *j, const sgf_raw_game *raw,
                    const sgf_source_map *map, unsigned long member)
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
    if (j->ngames > 0 && member == j->last_member)
        jg->origin = j->last_origin;
    else if (job_append(j, origin, strlen(origin) + 1, &jg->origin) < 0) {
        j->nomem = 1;
        return;
    }
    j->last_origin = jg->origin;
    j->last_member = member;
    if (job_append(j, raw->bytes, raw->len, &jg->off) < 0) {
        j->nomem = 1;
        return;
    }
    jg->raw = *raw;
    jg->map = map;
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
    progress_mark(p->w.cli->st->progress, p->w.in, &j->mark);
}

/* A direct job's next game, parsed and checked at once (as run.c's -j 1). */
static int pool_next_direct(struct pool *p, struct job *j, sgf_reader *r)
{
    sgf_game *g;
    int rc = sgf_reader_next(r, &g);
    if (rc != 1)
        return rc;
    cli_run_game(p->w.cli, p->fn, p->ctx, g, p->w.map, &j->out);
    j->ngames++;
    /* a batch as long as a framed one, or shorter once another thread
     * has taken a job (DIRECT_STOP) */
    if (p->w.base + sgf_reader_bytes(r) - p->direct_from >= BATCH_BYTES
        || j->ngames >= BATCH_GAMES
        || __atomic_load_n(&p->queued, __ATOMIC_RELAXED) < p->direct_stop) {
        job_seal(p, j, r);
        return WALK_PAUSE;
    }
    return 1;
}

static int pool_next(struct walk *w, sgf_reader *r)
{
    struct pool *p = (struct pool *)w;
    struct job *j = p->filling;
    if (!j)
        return WALK_STOP;
    if (p->direct)
        return pool_next_direct(p, j, r);
    sgf_raw_game raw;
    int rc = sgf_reader_next_raw(r, &raw);
    if (rc != 1)
        return rc;
    job_add(j, &raw, p->w.map, p->w.members);
    if (j->bytes.len >= BATCH_BYTES || j->ngames >= BATCH_GAMES || j->nomem) {
        job_seal(p, j, r);
        return WALK_PAUSE;
    }
    return 1;
}

/* Lock held: something a waiting thread may want has changed. */
static void pool_wake(struct pool *p)
{
    __atomic_store_n(&p->events, p->events + 1, __ATOMIC_RELEASE);
    if (p->sleepers)
        pthread_cond_broadcast(&p->cv);
}

/* Lock held, nothing to do for now.  Waits for the next change (pool_wake)
 * spinning for up to SPIN_SECONDS before sleeping: the work comes back
 * within microseconds as a rule (the reader frames the next batch), and a
 * thread that slept on a halted virtual CPU can wake milliseconds late. */
#define SPIN_SECONDS 0.0005
static void pool_wait(struct pool *p)
{
    unsigned seen = p->events;
    pthread_mutex_unlock(&p->lock);
    double until = -1;
    for (unsigned i = 1;
         __atomic_load_n(&p->events, __ATOMIC_ACQUIRE) == seen; i++) {
        if (i % 64 == 0) {
            double now = progress_clock();
            if (until < 0)
                until = now + SPIN_SECONDS;
            else if (now > until)
                break;
        }
        sched_yield();
    }
    pthread_mutex_lock(&p->lock);
    if (p->events != seen)
        return;
    p->sleepers++;
    pthread_cond_wait(&p->cv, &p->lock);
    p->sleepers--;
}

/* The reader's role, lock held: fills one job, framed or direct (none once
 * the output has failed: the walk then stops), and publishes it. */
static void pool_read(struct pool *p, int direct)
{
    p->reading = 1;
    struct job *j = NULL;
    if (!p->stop) {
        /* the ring has room, so a job is spare */
        j = p->spare;
        p->spare = j->next_spare;
    }
    p->filling = j;
    p->direct = direct;
    p->direct_from = p->w.base + (p->w.r ? sgf_reader_bytes(p->w.r) : 0);
    pthread_mutex_unlock(&p->lock);
    int more = cli_walk_resume(&p->w);
    /* a job that ran out of memory is published too: its output says so */
    int filled = j && (j->ngames > 0 || j->nomem);
    if (!more && filled)
        job_seal(p, j, NULL);
    pthread_mutex_lock(&p->lock);
    if (j && !filled) {
        j->next_spare = p->spare;
        p->spare = j;
    }
    if (filled) {
        p->ring[p->seq_in % p->nslots] = j;
        j->direct = direct;
        if (direct) {
            j->done = 1;
            /* next_work never rests on a direct job */
            if (p->next_work == p->seq_in)
                p->next_work++;
        } else {
            __atomic_store_n(&p->queued, p->queued + 1, __ATOMIC_RELAXED);
        }
        p->seq_in++;
    }
    p->filling = NULL;
    p->reading = 0;
    if (!more)
        p->read_done = 1;
    pool_wake(p);
}

/* g is the thread's own game object, reused from game to game. */
static void job_run(struct pool *p, struct job *j, sgf_game *g)
{
    const struct cli *cli = p->w.cli;
    for (size_t i = 0; i < j->ngames && !j->nomem; i++) {
        const struct job_game *jg = &j->games[i];
        sgf_raw_game raw = jg->raw;
        raw.bytes = j->bytes.data + jg->off;
        raw.origin = j->bytes.data + jg->origin;
        /* the job's bytes outlive the game: no copy */
        if (sgf_game_read_in_place(g, &raw) != SGF_OK) {
            j->nomem = 1;
            break;
        }
        cli_run_game(cli, p->fn, p->ctx, g, jg->map, &j->out);
    }
}

/* The writer's role, lock held: writes every finished job in sequence. */
static void pool_write(struct pool *p)
{
    struct cli *cli = p->w.cli;
    p->writing = 1;
    for (;;) {
        struct job *j = p->ring[p->seq_out % p->nslots];
        if (!(p->seq_out < p->seq_in && j->done))
            break;
        pthread_mutex_unlock(&p->lock);
        if (j->nomem)
            j->out.buf.nomem = 1;
        cli_emit(cli, &j->out, j->bytes_read, &j->mark);
        job_clear(j);
        int failed = cli->st->write_error;
        pthread_mutex_lock(&p->lock);
        j->done = 0;
        j->next_spare = p->spare;
        p->spare = j;
        p->seq_out++;
        if (failed)
            p->stop = 1;
    }
    p->writing = 0;
    pool_wake(p);
}

/* One thread's share of the run.  Writing comes first (it frees slots),
 * then reading while a slot is free (framing is much faster than
 * checking, so framed jobs are ready for a thread done with its own; once
 * DIRECT_START jobs wait for each other thread, reading is a direct job),
 * then checking a framed job.  *g is the thread's game object for framed
 * jobs, made for the first: a thread that only reads makes none (direct
 * jobs use the reader's), and a new thread does not make one while the
 * first batch is read (its first malloc, a heap of its own, takes the
 * process's memory map lock the reader's first reads need). */
static void pool_work(struct pool *p, sgf_game **g)
{
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (!p->writing && p->seq_out < p->seq_in
            && p->ring[p->seq_out % p->nslots]->done) {
            pool_write(p);
            continue;
        }
        if (!p->reading && !p->read_done
            && (p->stop || p->seq_in - p->seq_out < p->nslots)) {
            pool_read(p, p->queued >= p->direct_start);
            continue;
        }
        if (p->next_work < p->seq_in) {
            /* the thread that finishes a job writes it next if no one
             * else is writing: no wake-up needed here */
            struct job *j = p->ring[p->next_work++ % p->nslots];
            while (p->next_work < p->seq_in
                   && p->ring[p->next_work % p->nslots]->direct)
                p->next_work++;
            __atomic_store_n(&p->queued, p->queued - 1, __ATOMIC_RELAXED);
            pthread_mutex_unlock(&p->lock);
            if (!*g)
                *g = sgf_game_new(&p->w.cli->read_opt);
            if (*g)
                job_run(p, j, *g);
            else
                j->nomem = 1;
            pthread_mutex_lock(&p->lock);
            j->done = 1;
            continue;
        }
        if (p->read_done && !p->reading && p->seq_out == p->seq_in)
            break;
        pool_wait(p);
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
    sgf_game *g = NULL;
    pool_work(p, &g);
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
    p.direct_start = DIRECT_START * (cli->jobs - 1);
    p.direct_stop = DIRECT_STOP * (cli->jobs - 1);
    p.jobs = calloc(p.nslots, sizeof *p.jobs);
    p.ring = calloc(p.nslots, sizeof *p.ring);
    /* the main thread is the first of the N */
    pthread_t *threads = calloc(cli->jobs, sizeof *threads);
    if (!p.jobs || !p.ring || !threads) {
        free(p.jobs);
        free(p.ring);
        free(threads);
        return -1;
    }
    for (unsigned i = p.nslots; i-- > 0;) {
        p.jobs[i].next_spare = p.spare;
        p.spare = &p.jobs[i];
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
    cli_walk_free_maps(&p.w);
    free(p.jobs);
    free(p.ring);
    free(threads);
    return 0;
}
