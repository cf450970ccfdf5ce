/*
 * progress.c - the progress bar, the status line and the log lines of
 * --progress (progress.h).
 *
 * The total is the sum of the sizes of the files the inputs layer will read.
 * A background thread finds it with stat() alone, in the order and with the
 * filter of lib/inputs.c, and publishes one entry per file: a hash of the
 * path as the inputs layer spells it (the origin of the file's members) and
 * the running total.  The reader matches each member's origin to an entry,
 * so that its position counts file bytes: exact for plain files; for gzip
 * files and archives the public API gives no compressed position, so a
 * file's decompressed bytes count up to the file's size at most.  A big
 * compressed file would make that lie for long: see SIZES_UNKNOWN.
 *
 * Nothing here costs the run a system call per game: the reader does some
 * arithmetic per game and a hash per member, the output stage three relaxed
 * stores, and the drawing is a thread of its own.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
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

double progress_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
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
/* The total: a walk of the inputs with stat() alone                   */

enum { CHUNK_BITS = 12, CHUNK_LEN = 1 << CHUNK_BITS, MAX_CHUNKS = 1 << 12 };

enum sizes_state {
    SIZES_RUNNING,
    SIZES_DONE,
    /* standard input, a pipe, more than MAX_CHUNKS * CHUNK_LEN files, no
     * memory, or a compressed file above 1/PACKED_SHARE of the total: its
     * decompressed bytes would fill its part of the bar long before its
     * end, and the bar would then stand still */
    SIZES_UNKNOWN
};
#define PACKED_SHARE 20

struct entry {
    uint64_t hash;             /* of the path, as the inputs layer writes it */
    uint64_t end;              /* bytes of the files up to this one */
};

/* One directory being walked: entries "T" "name" "\0", T being 'd', 'f' or
 * '?' (stat needed) as in lib/inputs.c. */
struct frame {
    DIR *dir;
    uint64_t prefix;           /* hash of the directory's path and a '/' */
    char *names;
    size_t names_len, names_cap;
    const char **ents;
    size_t n, ents_cap, next;
    dev_t dev;
    ino_t ino;
};

struct sizes {
    /* Entries below count are written before count is stored (release)
     * and never change; a chunk is never moved, so the reader needs no
     * lock.  total is final once state is not RUNNING (release). */
    struct entry *chunk[MAX_CHUNKS];
    atomic_size_t count;
    atomic_int state;
    atomic_int stop;
    uint64_t total;
    uint64_t biggest_packed;
    struct frame *frames;
    size_t depth, nframes;
    char *const *inputs;
    size_t ninputs;
};

/* FNV-1a, 64 bits: it extends a hash by more bytes, so that a file's hash
 * follows from its directory's. */
#define FNV_BASIS 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= FNV_PRIME;
    }
    return h;
}

static bool sizes_add(struct sizes *s, uint64_t hash, const char *name,
                      uint64_t size)
{
    size_t n = atomic_load_explicit(&s->count, memory_order_relaxed);
    size_t c = n >> CHUNK_BITS;
    if (c >= MAX_CHUNKS)
        return false;
    if (!s->chunk[c] && !(s->chunk[c] = malloc(CHUNK_LEN * sizeof **s->chunk)))
        return false;
    s->total += size;
    if (size > s->biggest_packed &&
        (sgf_inputs_name_flags(name) & SGF_NAME_PACKED))
        s->biggest_packed = size;
    s->chunk[c][n & (CHUNK_LEN - 1)] = (struct entry){ hash, s->total };
    atomic_store_explicit(&s->count, n + 1, memory_order_release);
    return true;
}

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a + 1, *(const char *const *)b + 1);
}

static char entry_type(const struct dirent *d)
{
#ifdef DT_UNKNOWN
    if (d->d_type == DT_DIR)
        return 'd';
    if (d->d_type == DT_REG)
        return 'f';
    if (d->d_type == DT_LNK || d->d_type == DT_UNKNOWN)
        return '?';
    return 0;
#else
    (void)d;
    return '?';
#endif
}

/* Lists, filters and sorts d (owned from here on) as a new frame, like
 * push_dir in lib/inputs.c.  -1 when out of memory. */
static int push_dir(struct sizes *s, DIR *d, uint64_t prefix, dev_t dev,
                    ino_t ino)
{
    for (size_t i = 0; i < s->depth; i++)
        if (s->frames[i].dev == dev && s->frames[i].ino == ino) {
            closedir(d);       /* a link back up: read already */
            return 0;
        }
    if (s->depth == s->nframes) {
        size_t cap = s->nframes;
        struct frame *q = cli_grow(s->frames, &cap, s->depth + 1,
                                   sizeof *q);
        if (!q) {
            closedir(d);
            return -1;
        }
        memset(q + s->nframes, 0, (cap - s->nframes) * sizeof *q);
        s->frames = q;
        s->nframes = cap;
    }
    struct frame *f = &s->frames[s->depth];
    f->names_len = f->n = f->next = 0;
    for (;;) {
        errno = 0;
        struct dirent *de = readdir(d);
        if (!de)
            break;
        const char *name = de->d_name;
        if (name[0] == '.' && (name[1] == '\0'
                               || (name[1] == '.' && name[2] == '\0')))
            continue;
        char t = entry_type(de);
        if (t == 0 || (t == 'f' && !(sgf_inputs_name_flags(name) & SGF_NAME_WALKED)))
            continue;
        size_t len = strlen(name);
        char *q = cli_grow(f->names, &f->names_cap,
                           f->names_len + len + 2, 1);
        if (!q) {
            closedir(d);
            return -1;
        }
        f->names = q;
        q[f->names_len] = t;
        memcpy(q + f->names_len + 1, name, len + 1);
        f->names_len += len + 2;
        f->n++;
    }
    if (errno) {               /* the inputs layer reports it and skips */
        closedir(d);
        return 0;
    }
    const char **ents = cli_grow(f->ents, &f->ents_cap, f->n ? f->n : 1,
                                 sizeof *ents);
    if (!ents) {
        closedir(d);
        return -1;
    }
    f->ents = ents;
    size_t k = 0;
    for (size_t off = 0; off < f->names_len;
         off += strlen(f->names + off + 1) + 2)
        ents[k++] = f->names + off;
    qsort(ents, f->n, sizeof *ents, cmp_entry);
    f->dir = d;
    f->prefix = prefix;
    f->dev = dev;
    f->ino = ino;
    s->depth++;
    return 0;
}

/* Walks the tree under d depth first, in the inputs layer's order.
 * -1 when the total cannot be had (stop, no memory, no descriptor). */
static int walk_tree(struct sizes *s, DIR *d, uint64_t prefix, dev_t dev,
                     ino_t ino)
{
    if (push_dir(s, d, prefix, dev, ino) < 0)
        return -1;
    while (s->depth > 0) {
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return -1;
        struct frame *f = &s->frames[s->depth - 1];
        if (f->next == f->n) {
            closedir(f->dir);
            f->dir = NULL;
            s->depth--;
            continue;
        }
        const char *ent = f->ents[f->next++];
        const char *name = ent + 1;
        char t = ent[0];
        uint64_t h = fnv(f->prefix, name, strlen(name));
        int dfd = dirfd(f->dir);
        struct stat st;
        if (t != 'd') {
            if (fstatat(dfd, name, &st, 0) != 0)
                continue;      /* the inputs layer reports it */
            if (S_ISDIR(st.st_mode))
                t = 'd';
            else if (!S_ISREG(st.st_mode)
                     || (t == '?' && !(sgf_inputs_name_flags(name) & SGF_NAME_WALKED)))
                continue;
            else if (!sizes_add(s, h, name, (uint64_t)st.st_size))
                return -1;
            if (t != 'd')
                continue;
        }
        int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) {
            /* The inputs layer, which opens by path one directory at a
             * time, would not run short: this walk would miss files. */
            if (errno == EMFILE || errno == ENFILE)
                return -1;
            continue;
        }
        DIR *sub = NULL;
        if (fstat(fd, &st) != 0 || !(sub = fdopendir(fd))) {
            close(fd);
            continue;
        }
        if (push_dir(s, sub, fnv(h, "/", 1), st.st_dev, st.st_ino) < 0)
            return -1;
    }
    return 0;
}

/* One INPUT argument (never "-"), as sgf_inputs_next() opens it. */
static int walk_input(struct sizes *s, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;              /* the inputs layer reports it */
    size_t len = strlen(path);
    uint64_t h = fnv(FNV_BASIS, path, len);
    if (S_ISREG(st.st_mode))
        return sizes_add(s, h, path, (uint64_t)st.st_size) ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return -1;             /* a pipe or a device: no size to know */
    if (len > 0 && path[len - 1] != '/')
        h = fnv(h, "/", 1);
    DIR *d = opendir(path);
    if (!d)
        return 0;
    return walk_tree(s, d, h, st.st_dev, st.st_ino);
}

/* The walk must not take CPU from the run: on the 16,000 small files of
 * the real corpus it costs 40 ms of CPU (one fstatat per file) against
 * 270 ms for sgfcheck -j1.  On Linux a nice value applies to one thread;
 * +10 rather than 19, at which a walk on a busy machine may not end before
 * the run does. */
static void lower_priority(void)
{
#if defined(__linux__) && defined(SYS_gettid)
    id_t tid = (id_t)syscall(SYS_gettid);
    errno = 0;
    int nice_now = getpriority(PRIO_PROCESS, tid);
    if (nice_now != -1 || errno == 0)
        (void)setpriority(PRIO_PROCESS, tid,
                          nice_now + 10 > 19 ? 19 : nice_now + 10);
#endif
}

static void *sizes_main(void *arg)
{
    struct sizes *s = arg;
    int rc = 0;
    lower_priority();
    for (size_t i = 0; i < s->ninputs && rc == 0; i++)
        rc = atomic_load_explicit(&s->stop, memory_order_relaxed)
            ? -1 : walk_input(s, s->inputs[i]);
    while (s->depth > 0)       /* left by a walk that gave up */
        closedir(s->frames[--s->depth].dir);
    int state = rc < 0 || s->total == 0
        || s->biggest_packed > s->total / PACKED_SHARE
        ? SIZES_UNKNOWN : SIZES_DONE;
    atomic_store_explicit(&s->state, state, memory_order_release);
    return NULL;
}

static void sizes_free(struct sizes *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < MAX_CHUNKS && s->chunk[i]; i++)
        free(s->chunk[i]);
    for (size_t i = 0; i < s->nframes; i++) {
        free(s->frames[i].names);
        free(s->frames[i].ents);
    }
    free(s->frames);
    free(s);
}

static const struct entry *entry_at(const struct sizes *s, size_t i)
{
    return &s->chunk[i >> CHUNK_BITS][i & (CHUNK_LEN - 1)];
}

/* ------------------------------------------------------------------ */
/* The state                                                           */

/* An origin "a.zip:dir/x.sgf" may be a file, or a member of a.zip (or of
 * "a.zip:dir" if such a file exists): every prefix before a ':' is a
 * candidate for the file's path. */
#define MAX_CANDIDATES 8

/* The reader's place among the walk's entries (the reader's role only). */
struct track {
    size_t scan_from;          /* the first entry the next file may be */
    size_t misses;             /* files begun since the last match */
    size_t absent;             /* files the walk went past without */
    bool matched;              /* the current file is [start, start+size) */
    bool pending;              /* ... not yet, but it may come: cand[] */
    bool gave_up;
    uint64_t cur_hash;         /* of the current file's path */
    size_t cur_len;
    uint64_t start, size;
    uint64_t in_file;          /* bytes of the file's earlier members */
    uint64_t done;             /* the position while no file is matched */
    uint64_t cand[MAX_CANDIDATES];
    size_t cand_len[MAX_CANDIDATES];
    int ncand;
};

struct progress {
    const char *tool;
    pthread_mutex_t *err_lock;
    double start, period, first_draw;
    bool tty;
    bool drawn;                /* under err_lock */
    int bar_width;             /* the ticker's */
    struct sizes *sizes;       /* NULL when the total is unknowable */
    struct track track;
    atomic_int lost;           /* the reader could not follow the walk */
    atomic_uint_least64_t games, bytes, position;
    pthread_t ticker, walker;
    bool has_ticker, has_walker;
    pthread_mutex_t lock;      /* the ticker's sleep */
    pthread_cond_t cv;
    bool stopping;             /* under lock */
};

/* The line on the screen, for a signal handler. */
static volatile sig_atomic_t line_on_screen;

/* ------------------------------------------------------------------ */
/* The reader's position                                               */

/* The entries are searched from the reader's place over WINDOW entries
 * plus one per file begun since the last match, so that a reader that ran
 * ahead of the walk is found again.  After MAX_ABSENT files that the walk
 * went past without, the bar gives way to the status line. */
#define WINDOW 1024u
#define MAX_ABSENT 256u

static void give_up(struct progress *p)
{
    p->track.gave_up = true;
    p->track.pending = false;
    atomic_store_explicit(&p->lost, 1, memory_order_relaxed);
}

/* Whether origin is another member of the current file (an archive). */
static bool same_file(const struct track *t, const char *origin)
{
    return strnlen(origin, t->cur_len + 1) == t->cur_len + 1
        && origin[t->cur_len] == ':'
        && fnv(FNV_BASIS, origin, t->cur_len) == t->cur_hash;
}

/* Looks for the pending file among the entries published so far. */
static void find_pending(struct progress *p)
{
    struct track *t = &p->track;
    const struct sizes *s = p->sizes;
    /* state first: once it is final, so is count */
    int state = atomic_load_explicit(&s->state, memory_order_acquire);
    size_t n = atomic_load_explicit(&s->count, memory_order_acquire);
    if (state == SIZES_UNKNOWN) {
        give_up(p);
        return;
    }
    size_t from = t->scan_from;
    size_t to = from + WINDOW + t->misses;
    if (to > n || to < from)
        to = n;
    for (size_t j = from; j < to; j++) {
        uint64_t eh = entry_at(s, j)->hash;
        for (int c = 0; c < t->ncand; c++)
            if (eh == t->cand[c]) {
                t->matched = true;
                t->pending = false;
                t->cur_hash = t->cand[c];
                t->cur_len = t->cand_len[c];
                t->start = j ? entry_at(s, j - 1)->end : 0;
                t->size = entry_at(s, j)->end - t->start;
                t->scan_from = j + 1;
                t->misses = 0;
                return;
            }
    }
    if (state == SIZES_RUNNING && to == n) {
        t->scan_from = n;      /* ahead of the walk: it may come later */
        return;
    }
    t->pending = false;
    if (++t->absent > MAX_ABSENT)
        give_up(p);
}

void progress_member(struct progress *p, const char *origin)
{
    if (!p || !p->sizes || p->track.gave_up)
        return;
    struct track *t = &p->track;
    if (t->matched && same_file(t, origin))
        return;
    if (t->matched)
        t->done = t->start + t->size;
    t->matched = false;
    t->in_file = 0;
    t->misses++;

    uint64_t h = FNV_BASIS;
    size_t len;
    t->ncand = 0;
    for (len = 0; origin[len]; len++) {
        if (origin[len] == ':' && len > 0 && t->ncand < MAX_CANDIDATES - 1) {
            t->cand[t->ncand] = h;
            t->cand_len[t->ncand++] = len;
        }
        h = fnv(h, origin + len, 1);
    }
    t->cand[t->ncand] = h;
    t->cand_len[t->ncand++] = len;
    t->pending = true;
    find_pending(p);
}

void progress_member_end(struct progress *p, uint64_t member_bytes)
{
    if (p && p->track.matched)
        p->track.in_file += member_bytes;
}

uint64_t progress_position(struct progress *p, uint64_t member_bytes)
{
    if (!p)
        return 0;
    struct track *t = &p->track;
    if (t->pending) {
        /* a file the walk had not reached: look again once it moved */
        const struct sizes *s = p->sizes;
        if (atomic_load_explicit(&s->count, memory_order_relaxed)
                != t->scan_from
            || atomic_load_explicit(&s->state, memory_order_relaxed)
                != SIZES_RUNNING)
            find_pending(p);
    }
    if (!t->matched)
        return t->done;
    uint64_t b = t->in_file + member_bytes;
    return t->start + (b < t->size ? b : t->size);
}

void progress_update(struct progress *p, uint64_t games, uint64_t bytes,
                     uint64_t position)
{
    if (!p)
        return;
    atomic_store_explicit(&p->games, games, memory_order_relaxed);
    atomic_store_explicit(&p->bytes, bytes, memory_order_relaxed);
    atomic_store_explicit(&p->position, position, memory_order_relaxed);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

static int terminal_width(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col < LINE_CAP - 16 ? ws.ws_col : LINE_CAP - 16;
    return 80;
}

/* The total, or 0 while it is not known. */
static uint64_t known_total(const struct progress *p)
{
    if (!p->sizes || atomic_load_explicit(&p->lost, memory_order_relaxed))
        return 0;
    if (atomic_load_explicit(&p->sizes->state, memory_order_acquire)
        != SIZES_DONE)
        return 0;
    return p->sizes->total;
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
static void format_line(const struct progress *p, double t, int cols,
                        int *bar_width, char *line, size_t cap)
{
    uint64_t games = atomic_load_explicit(&p->games, memory_order_relaxed);
    uint64_t bytes = atomic_load_explicit(&p->bytes, memory_order_relaxed);
    uint64_t pos = atomic_load_explicit(&p->position, memory_order_relaxed);
    uint64_t total = known_total(p);
    double elapsed = t - p->start > 1e-3 ? t - p->start : 1e-3;
    char g[32], rate[32], eta[32], mb[64];
    thousands(g, games);
    thousands(rate, (uint64_t)((double)games / elapsed));

    if (total == 0) {
        snprintf(line, cap, "%s: %s games, %.1f MB, %s games/s", p->tool, g,
                 (double)bytes / 1e6, rate);
    } else {
        if (pos > total)
            pos = total;
        int pct = (int)(pos * 100 / total);
        megabytes(mb, pos, total);
        if (pos > 0)
            duration(eta, (double)(total - pos) * elapsed / (double)pos);
        else
            snprintf(eta, sizeof eta, "-:--");
        if (!cols) {
            snprintf(line, cap, "%s: %d%%, %s games, %s, %s games/s, ETA %s",
                     p->tool, pct, g, mb, rate, eta);
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
            int blen = snprintf(body, sizeof body, "%3d%%%s  %s%s  ETA %s",
                                pct, games_part, mb, rate_part, eta);
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

static void draw(struct progress *p, double t)
{
    char line[LINE_CAP], out[LINE_CAP + 16];
    int n;
    if (p->tty) {
        format_line(p, t, terminal_width(), &p->bar_width, line, sizeof line);
        n = snprintf(out, sizeof out, "\r%s\033[K", line);
    } else {
        format_line(p, t, 0, &p->bar_width, line, sizeof line);
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
    double next = p->first_draw;
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
        draw(p, t);
        pthread_mutex_lock(&p->lock);
        next = t + p->period;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Start and stop                                                      */

/* The total is knowable when every input is a file or a directory. */
static bool inputs_have_size(const struct progress_config *cfg)
{
    if (cfg->ninputs == 0)
        return false;          /* standard input */
    for (size_t i = 0; i < cfg->ninputs; i++)
        if (strcmp(cfg->inputs[i], "-") == 0)
            return false;
    return true;
}

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
    p->tty = tty;
    p->period = period_from_env(tty ? TTY_PERIOD : LOG_PERIOD);
    p->first_draw = p->start
        + (cfg->when == CLI_WHEN_AUTO ? AUTO_DELAY : p->period);
    atomic_init(&p->lost, 0);
    atomic_init(&p->games, 0);
    atomic_init(&p->bytes, 0);
    atomic_init(&p->position, 0);

    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cv, &ca);
    pthread_condattr_destroy(&ca);

    /* p->sizes is set before the ticker reads it */
    if (inputs_have_size(cfg) && (p->sizes = calloc(1, sizeof *p->sizes))) {
        struct sizes *s = p->sizes;
        s->inputs = cfg->inputs;
        s->ninputs = cfg->ninputs;
        atomic_init(&s->count, 0);
        atomic_init(&s->state, SIZES_RUNNING);
        atomic_init(&s->stop, 0);
        p->has_walker = pthread_create(&p->walker, NULL, sizes_main, s) == 0;
        if (!p->has_walker) {
            sizes_free(s);
            p->sizes = NULL;
        }
    }
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
    if (p->has_walker) {
        atomic_store_explicit(&p->sizes->stop, 1, memory_order_relaxed);
        pthread_join(p->walker, NULL);
    }
    pthread_mutex_lock(p->err_lock);
    progress_erase(p);
    pthread_mutex_unlock(p->err_lock);
    sizes_free(p->sizes);
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
