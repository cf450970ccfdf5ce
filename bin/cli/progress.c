/*
 * progress.c - the progress bar, the status line and the log lines of
 * --progress (progress.h).
 *
 * The bytes, files, games and totals are the library's
 * (sgf_inputs_get_progress).
 * The run itself only stores counters: sampling and drawing are a thread
 * of their own, so that progress costs no system call per game.
 */
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include "cli/progress.h"

/* A terminal is redrawn at most ten times a second; "auto" waits a second
 * so that short runs never flash a bar (the man pages: "the run has
 * lasted more than a second"); a log gets a line every two seconds. */
#define TTY_PERIOD 0.1
#define AUTO_DELAY 1.0
#define LOG_PERIOD 2.0
/* Overrides both periods (seconds), for the tests. */
#define PERIOD_ENV "SGFKIT_PROGRESS_INTERVAL"
/* Bar width bounds; below the least, the numbers alone are shown. */
#define BAR_MIN 10
#define BAR_MAX 50
#define BAR_SPARE 4
#define LINE_CAP 512

/* ------------------------------------------------------------------ */
/* The clock and the numbers                                           */

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double progress_clock(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

/* n with thousands separators: 12,345. */
static const char *thousands(char buf[32], uint64_t n)
{
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    char *o = buf;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            *o++ = ',';
        *o++ = digits[i];
    }
    *o = '\0';
    return buf;
}

static const char *duration(char buf[32], double s)
{
    unsigned long t = s < 0 ? 0 : s > 359999 ? 359999 : (unsigned long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, 32, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, 32, "%lu:%02lu", t / 60, t % 60);
    return buf;
}

/* ------------------------------------------------------------------ */
/* The state                                                           */

/* The ETA's model (the ticker's alone): seconds per game or per byte,
 * whichever predicted the past intervals better, as a tool's work follows
 * one of the two (doc/inputs.md, "The ETA"). */
#define FADE_SECONDS 30.0
#define INTERVAL_GAMES 4
#define INTERVAL_SECONDS 1.0
#define MIN_INTERVALS 3
/* The tool's own rate stands unless the other one's squared error is under
 * this share of it: over the first few like games the two fit about as
 * well, and the ETA would follow a coin toss between them. */
#define OTHER_RATE_SHARE 0.5
/* The model samples this often, whatever the drawing period. */
#define SAMPLE_PERIOD 0.1

struct estimator {
    bool primed;
    double t;                  /* where the current interval began */
    uint64_t games, bytes;
    /* faded sums over the intervals: t time, g games, b MB */
    double st, sg, sb, stt, stg, stb, sgg, sbb;
    unsigned n;
};

/* SGFKIT_PROGRESS_LOG: a file that gets the ETA at each tenth of the
 * bytes, for the test that holds the ETA to the real remaining time. */
#define LOG_ENV "SGFKIT_PROGRESS_LOG"
/* SGFKIT_PROGRESS_CLOCK=cpu: the model and the log run on the process's
 * CPU time, so that a test on a loaded machine judges the model, not the
 * load. */
#define CLOCK_ENV "SGFKIT_PROGRESS_CLOCK"

struct progress {
    const char *tool;
    pthread_mutex_t *err_lock;
    double start, period, first_draw;
    bool work_per_game;        /* the ETA's first choice of rate */
    clockid_t model_clock;     /* the ETA's: CLOCK_MONOTONIC unless cpu */
    double model_start;        /* the same clock when the run began */
    bool tty;
    bool drawn;                /* under err_lock */
    int bar_width;             /* the ticker's */
    struct estimator est;      /* the ticker's */
    FILE *eta_log;             /* the ticker's */
    int next_tenth;            /* the next tenth to log, from 1 */
    struct progress_mark last; /* the reader's: its last mark */
    /* from the output stage */
    atomic_uint_least64_t games, bytes, position, files_milli;
    /* from the reader */
    atomic_uint_least64_t bytes_total, files_total;
    atomic_int total_final, size_unknown;
    pthread_t ticker;
    bool has_ticker;
    pthread_mutex_t lock;      /* the ticker's sleep */
    pthread_cond_t cv;
    bool stopping;             /* under lock */
};

/* The line on the screen, for a signal handler. */
static volatile sig_atomic_t line_on_screen;

/* ------------------------------------------------------------------ */
/* The reader and the output stage                                     */

void progress_track(struct progress *p, sgf_inputs *in)
{
    if (p && in)
        (void)sgf_inputs_track_progress(in);
}

void progress_mark(struct progress *p, const sgf_inputs *in,
                   struct progress_mark *m)
{
    if (!p) {
        m->bytes = 0;
        m->files = 0;
        m->games = 0;
        return;
    }
    if (in) {
        sgf_inputs_progress ip;
        sgf_inputs_get_progress(in, &ip);
        p->last.bytes = ip.bytes_done;
        p->last.files = (double)ip.files_done + ip.file_fraction;
        p->last.games = ip.games_done;
        atomic_store_explicit(&p->bytes_total, ip.bytes_total,
                              memory_order_relaxed);
        atomic_store_explicit(&p->files_total, ip.files_total,
                              memory_order_relaxed);
        atomic_store_explicit(&p->total_final, ip.total_final,
                              memory_order_relaxed);
        atomic_store_explicit(&p->size_unknown, ip.size_unknown,
                              memory_order_relaxed);
    }
    *m = p->last;
}

void progress_update(struct progress *p, uint64_t bytes,
                     const struct progress_mark *m)
{
    if (!p)
        return;
    atomic_store_explicit(&p->games, m->games, memory_order_relaxed);
    atomic_store_explicit(&p->bytes, bytes, memory_order_relaxed);
    atomic_store_explicit(&p->position, m->bytes, memory_order_relaxed);
    atomic_store_explicit(&p->files_milli, (uint64_t)(m->files * 1000.0),
                          memory_order_relaxed);
}

/* ------------------------------------------------------------------ */
/* The ETA                                                             */

struct snapshot {
    uint64_t games, bytes, position, total, files_total;
    double files;
    bool final, size_unknown;
};

static void snapshot(const struct progress *p, struct snapshot *s)
{
    s->games = atomic_load_explicit(&p->games, memory_order_relaxed);
    s->bytes = atomic_load_explicit(&p->bytes, memory_order_relaxed);
    s->position = atomic_load_explicit(&p->position, memory_order_relaxed);
    s->files = (double)atomic_load_explicit(&p->files_milli,
                                            memory_order_relaxed) / 1000.0;
    s->total = atomic_load_explicit(&p->bytes_total, memory_order_relaxed);
    s->files_total = atomic_load_explicit(&p->files_total,
                                          memory_order_relaxed);
    s->final = atomic_load_explicit(&p->total_final, memory_order_relaxed);
    s->size_unknown = atomic_load_explicit(&p->size_unknown,
                                           memory_order_relaxed);
    if (s->position > s->total)
        s->position = s->total;
}

/* Closes the current interval once it is long enough. */
static void estimator_sample(struct estimator *e, double t,
                             const struct snapshot *s)
{
    if (!e->primed) {
        /* from the first game on: the start-up is no game's work */
        if (s->games > 0) {
            e->primed = true;
            e->t = t;
            e->games = s->games;
            e->bytes = s->position;
        }
        return;
    }
    if (s->games < e->games + INTERVAL_GAMES && t - e->t < INTERVAL_SECONDS)
        return;
    if (s->games <= e->games && s->position <= e->bytes)
        return;                /* nothing new: the interval goes on */
    double dt = t - e->t;
    double dg = (double)(s->games - e->games);
    double db = s->position > e->bytes
        ? (double)(s->position - e->bytes) / 1e6 : 0;
    double keep = FADE_SECONDS / (FADE_SECONDS + dt);
    e->st = e->st * keep + dt;
    e->sg = e->sg * keep + dg;
    e->sb = e->sb * keep + db;
    e->stt = e->stt * keep + dt * dt;
    e->stg = e->stg * keep + dt * dg;
    e->stb = e->stb * keep + dt * db;
    e->sgg = e->sgg * keep + dg * dg;
    e->sbb = e->sbb * keep + db * db;
    e->n++;
    e->t = t;
    e->games = s->games;
    e->bytes = s->position;
}

/* Seconds left, or -1 while nothing is known; t on the model's clock. */
static double estimate(const struct progress *p, double t,
                       const struct snapshot *s)
{
    if (s->position == 0 || s->total == 0)
        return -1;
    const struct estimator *e = &p->est;
    double mb_left = (double)(s->total - s->position) / 1e6;
    if (e->n < MIN_INTERVALS || s->files <= 0 || e->sg <= 0 || e->sb <= 0) {
        double elapsed = t - p->model_start;
        return elapsed * mb_left * 1e6 / (double)s->position;
    }
    /* the files left, at the games per file seen so far */
    double games_left = (double)s->files_total > s->files
        ? (double)s->games * ((double)s->files_total - s->files) / s->files
        : 0;
    double per_game = e->st / e->sg, per_mb = e->st / e->sb;
    /* the squared error of each rate over the intervals */
    double miss_game = e->stt - 2 * per_game * e->stg
        + per_game * per_game * e->sgg;
    double miss_mb = e->stt - 2 * per_mb * e->stb + per_mb * per_mb * e->sbb;
    bool by_game = p->work_per_game
        ? !(miss_mb < OTHER_RATE_SHARE * miss_game)
        : miss_game < OTHER_RATE_SHARE * miss_mb;
    return by_game ? per_game * games_left : per_mb * mb_left;
}

/* The test's record: each tenth of the bytes passed, with the ETA then. */
static void log_tenths(struct progress *p, double t, const struct snapshot *s,
                       double eta)
{
    if (!p->eta_log || !s->final || s->size_unknown || s->total == 0)
        return;
    while (p->next_tenth < 10
           && s->position * 10 >= (uint64_t)p->next_tenth * s->total) {
        fprintf(p->eta_log, "mark %d %.4f %.4f %.6f\n", p->next_tenth * 10,
                t - p->model_start, eta,
                (double)s->position / (double)s->total);
        p->next_tenth++;
    }
}

static int terminal_width(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col < LINE_CAP - 16 ? ws.ws_col : LINE_CAP - 16;
    return 80;
}

/* "120/267 MB": one decimal while the total is small. */
static void megabytes(char buf[64], uint64_t done, uint64_t total)
{
    if (total < 10000000)
        snprintf(buf, 64, "%.1f/%.1f MB", (double)done / 1e6,
                 (double)total / 1e6);
    else
        snprintf(buf, 64, "%.0f/%.0f MB", (double)done / 1e6,
                 (double)total / 1e6);
}

/* The text of a line (no "\r", no newline) for a screen cols wide (0: a
 * log, any width).  *bar_width is the bar's width so far (0: none yet). */
static void format_line(const struct progress *p, double t,
                        const struct snapshot *s, double eta_s, int cols,
                        int *bar_width, char *line, size_t cap)
{
    uint64_t games = s->games;
    uint64_t pos = s->position;
    /* a total that may still grow is shown, "about" that much; one that
     * leaves an input out (standard input) is not */
    uint64_t total = s->size_unknown ? 0 : s->total;
    const char *about = s->final ? "" : "about ";
    double elapsed = t - p->start > 1e-3 ? t - p->start : 1e-3;
    char g[32], rate[32], eta[32], mb[64];
    thousands(g, games);
    thousands(rate, (uint64_t)((double)games / elapsed));

    if (total == 0) {
        snprintf(line, cap, "%s: %s games, %.1f MB, %s games/s", p->tool, g,
                 (double)s->bytes / 1e6, rate);
    } else {
        int pct = (int)(pos * 100 / total);
        megabytes(mb, pos, total);
        if (eta_s >= 0)
            duration(eta, eta_s);
        else
            snprintf(eta, sizeof eta, "-:--");
        if (!cols) {
            snprintf(line, cap, "%s: %s%d%%, %s games, %s, %s games/s, ETA %s",
                     p->tool, about, pct, g, mb, rate, eta);
            return;
        }
        /* "[" bar "] " body, one column spare so that the terminal never
         * wraps.  A narrow terminal loses the rate, then the games, before
         * the bar.  The bar keeps its width while the numbers grow by a
         * few digits, rather than shrink with each one. */
        char body[200], games_part[48] = "", rate_part[48] = "";
        int room = 0;
        for (int level = 0; level < 3; level++) {
            if (level < 2)
                snprintf(games_part, sizeof games_part, "  %s games", g);
            else
                games_part[0] = '\0';
            if (level < 1)
                snprintf(rate_part, sizeof rate_part, "  %s games/s", rate);
            else
                rate_part[0] = '\0';
            int blen = snprintf(body, sizeof body, "%s%3d%%%s  %s%s  ETA %s",
                                about, pct, games_part, mb, rate_part, eta);
            room = cols - 1 - 3 - blen;
            if (room >= BAR_MIN)
                break;
        }
        int w = *bar_width;
        if (w == 0 || w > room) {
            w = room - BAR_SPARE < BAR_MAX ? room - BAR_SPARE : BAR_MAX;
            if (w < BAR_MIN)
                w = room;
            *bar_width = w >= BAR_MIN ? w : 0;
        }
        if (w >= BAR_MIN) {
            int fill = (int)((double)pos * w / (double)total);
            char bar[BAR_MAX + 1];
            memset(bar, '#', (size_t)fill);
            memset(bar + fill, ' ', (size_t)(w - fill));
            bar[w] = '\0';
            snprintf(line, cap, "[%s] %s", bar, body);
            return;
        }
        snprintf(line, cap, "%s", body);
    }
    if (cols > 0 && strlen(line) >= (size_t)cols)
        line[cols - 1] = '\0';
}

static void draw(struct progress *p, double t, const struct snapshot *s,
                 double eta)
{
    char line[LINE_CAP], out[LINE_CAP + 16];
    int n;
    if (p->tty) {
        format_line(p, t, s, eta, terminal_width(), &p->bar_width, line,
                    sizeof line);
        n = snprintf(out, sizeof out, "\r%s\033[K", line);
    } else {
        format_line(p, t, s, eta, 0, &p->bar_width, line, sizeof line);
        n = snprintf(out, sizeof out, "%s\n", line);
    }
    if (n < 0)
        return;
    pthread_mutex_lock(p->err_lock);
    fwrite(out, 1, strlen(out), stderr);
    fflush(stderr);
    if (p->tty) {
        p->drawn = true;
        line_on_screen = 1;
    }
    pthread_mutex_unlock(p->err_lock);
}

void progress_erase(struct progress *p)
{
    if (p && p->drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        p->drawn = false;
        line_on_screen = 0;
    }
}

int progress_on_terminal(const struct progress *p)
{
    return p && p->tty;
}

void progress_on_signal(void)
{
    if (line_on_screen) {
        static const char erase[] = "\r\033[K";
        ssize_t r = write(STDERR_FILENO, erase, sizeof erase - 1);
        (void)r;
    }
}

static struct timespec when(double t)
{
    struct timespec ts;
    ts.tv_sec = (time_t)t;
    ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    return ts;
}

static void *ticker_main(void *arg)
{
    struct progress *p = arg;
    double step = p->period < SAMPLE_PERIOD ? p->period : SAMPLE_PERIOD;
    double next_draw = p->first_draw;
    double next = p->start + step;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        struct timespec ts = when(next);
        pthread_cond_timedwait(&p->cv, &p->lock, &ts);
        if (p->stopping)
            break;
        double t = progress_clock();
        if (t < next)
            continue;          /* woken early */
        pthread_mutex_unlock(&p->lock);
        double mt = p->model_clock == CLOCK_MONOTONIC
            ? t : clock_seconds(p->model_clock);
        struct snapshot s;
        snapshot(p, &s);
        estimator_sample(&p->est, mt, &s);
        double eta = estimate(p, mt, &s);
        log_tenths(p, mt, &s, eta);
        if (t >= next_draw) {
            draw(p, t, &s, eta);
            next_draw = t + p->period;
        }
        pthread_mutex_lock(&p->lock);
        next = t + step;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Start and stop                                                      */

static double period_from_env(double dflt)
{
    const char *e = getenv(PERIOD_ENV);
    if (!e || !*e)
        return dflt;
    char *end;
    double v = strtod(e, &end);
    return *end == '\0' && v > 0 && v <= 60 ? v : dflt;
}

struct progress *progress_start(const struct progress_config *cfg)
{
    bool tty = isatty(STDERR_FILENO) != 0;
    if (cfg->when == CLI_WHEN_NEVER
        || (cfg->when == CLI_WHEN_AUTO && (cfg->quiet || !tty)))
        return NULL;
    struct progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->tool = cfg->tool;
    p->err_lock = cfg->err_lock;
    p->start = cfg->start;
    p->work_per_game = cfg->work_per_game != 0;
    p->tty = tty;
    p->period = period_from_env(tty ? TTY_PERIOD : LOG_PERIOD);
    p->first_draw = p->start
        + (cfg->when == CLI_WHEN_AUTO ? AUTO_DELAY : p->period);
    atomic_init(&p->games, 0);
    atomic_init(&p->bytes, 0);
    atomic_init(&p->position, 0);
    atomic_init(&p->files_milli, 0);
    atomic_init(&p->bytes_total, 0);
    atomic_init(&p->files_total, 0);
    atomic_init(&p->total_final, 0);
    atomic_init(&p->size_unknown, 0);
    const char *clock = getenv(CLOCK_ENV);
    p->model_clock = clock && strcmp(clock, "cpu") == 0
        ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC;
    p->model_start = p->model_clock == CLOCK_MONOTONIC
        ? p->start : clock_seconds(p->model_clock);
    const char *log = getenv(LOG_ENV);
    if (log && *log)
        p->eta_log = fopen(log, "a");
    p->next_tenth = 1;

    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cv, &ca);
    pthread_condattr_destroy(&ca);

    p->has_ticker = pthread_create(&p->ticker, NULL, ticker_main, p) == 0;
    if (!p->has_ticker) {
        progress_stop(p);
        return NULL;
    }
    return p;
}

void progress_stop(struct progress *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->lock);
    if (p->has_ticker)
        pthread_join(p->ticker, NULL);
    if (p->eta_log) {
        fprintf(p->eta_log, "end %.4f\n",
                clock_seconds(p->model_clock) - p->model_start);
        fclose(p->eta_log);
    }
    pthread_mutex_lock(p->err_lock);
    progress_erase(p);
    pthread_mutex_unlock(p->err_lock);
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
