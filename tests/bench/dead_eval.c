/*
 * dead_eval.c - measures sgf_position_estimate_dead (and the count of
 * sgf_position_score) against the games a server counted: KGS records
 * (PC[] or AP[] naming KGS or CGoban) whose RE[] is a points result and
 * whose last main-line node carries the server's TB[]/TW[].  KGS puts the
 * points under dead stones in TB/TW, so the server's dead stones are the
 * white stones on TB points and the black stones on TW points.
 *
 *   dead_eval [-n PLAYOUTS] [-s SEED] [-q] [-d] [-v] [PATH...]
 *
 * PATH defaults to the real corpus ($SGFKIT_CORPUS, else ../shared/corpus
 * beside $srcdir or the current folder).  Prints one line per failing game (origin and why),
 * then the figures: games, dead-set equal %, territory-set equal %, winner
 * %, exact margin %, games/s (replay + estimate, one core).  -q: figures
 * only; -v: also draw the board of each failing game; -d: also check that a second run with the same seed gives the same
 * map.  Exit 0, or 2 when nothing could be measured.
 *
 * Built on demand (make tests/bench/dead_eval), never run by make check.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sgfkit.h"

/* The real corpus as the unit tests find it (tests/unit/harness.h):
 * $SGFKIT_CORPUS, else ../shared/corpus beside $srcdir or here. */
static const char *corpus_path(char *out, size_t n)
{
    const char *env = getenv("SGFKIT_CORPUS");
    const char *src = getenv("srcdir");
    if (env && *env)
        snprintf(out, n, "%s", env);
    else
        snprintf(out, n, "%s/../shared/corpus", src && *src ? src : ".");
    return out;
}

typedef struct eval {
    sgf_estimate_options opt;
    int quiet, determinism, verbose;
    unsigned games, dead_equal, terr_equal, scored, winner_ok, exact_ok;
    unsigned nondeterministic, skipped;
    double seconds;          /* replay + estimate */
    double score_seconds;
    uint64_t *seen;          /* hashes of the games read */
    size_t nseen, seen_cap;
    unsigned char *map, *map2, *server;   /* server: 0, SGF_BLACK (TB), SGF_WHITE (TW) */
} eval;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int contains_ci(const char *s, const char *word)
{
    if (!s)
        return 0;
    size_t n = strlen(word);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] &&
               tolower((unsigned char)s[i]) == tolower((unsigned char)word[i]))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

/* Marks the points of a TB/TW list (single points or FF[4] rectangles
 * "aa:cc") with colour in server; returns the points marked. */
static int mark_points(const sgf_prop *pr, int w, int h, int colour,
                       unsigned char *server)
{
    int n = 0;
    for (uint32_t i = 0; pr && i < pr->nvalues; i++) {
        const sgf_value *v = &pr->values[i];
        const char *colon = memchr(v->raw, ':', v->len);
        int x0, y0, x1, y1;
        size_t l0 = colon ? (size_t)(colon - v->raw) : v->len;
        if (sgf_point_decode(v->raw, l0, w, h, &x0, &y0) != 1)
            continue;
        x1 = x0;
        y1 = y0;
        if (colon && sgf_point_decode(colon + 1, v->len - l0 - 1, w, h, &x1,
                                      &y1) != 1)
            continue;
        for (int y = y0 < y1 ? y0 : y1; y <= (y0 < y1 ? y1 : y0); y++)
            for (int x = x0 < x1 ? x0 : x1; x <= (x0 < x1 ? x1 : x0); x++) {
                server[y * w + x] = (unsigned char)colour;
                n++;
            }
    }
    return n;
}

/* Appends " ab cd .." (SGF points, at most 12) of the stones of colour
 * colour with dead == want in list. */
static void list_points(char *buf, size_t n, const sgf_position *p,
                        const unsigned char *dead, int colour)
{
    int w = sgf_position_width(p), h = sgf_position_height(p), k = 0;
    size_t used = strlen(buf);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (dead[y * w + x] && sgf_position_at(p, x, y) == colour) {
                if (k++ < 12 && used + 4 < n) {
                    buf[used++] = ' ';
                    buf[used++] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
                    buf[used++] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
                    buf[used] = 0;
                } else if (k == 13 && used + 4 < n) {
                    memcpy(buf + used, " ..", 4);
                    used += 3;
                }
            }
}

static int count_colour(const sgf_position *p, const unsigned char *dead,
                        int colour)
{
    int w = sgf_position_width(p), h = sgf_position_height(p), k = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            k += dead[y * w + x] && sgf_position_at(p, x, y) == colour;
    return k;
}

static void describe_dead(char *buf, size_t n, const sgf_position *p,
                          const unsigned char *dead)
{
    for (int c = SGF_BLACK; c <= SGF_WHITE; c++) {
        int k = count_colour(p, dead, c);
        size_t used = strlen(buf);
        snprintf(buf + used, n - used, "%s%d dead %c", c == SGF_BLACK ? "" : "; ",
                 k, c == SGF_BLACK ? 'B' : 'W');
        if (k) {
            used = strlen(buf);
            snprintf(buf + used, n - used, " at");
            list_points(buf, n, p, dead, c);
        }
    }
}

/* The board of a failing game: X O alive for both, x o dead for both,
 * B W dead for us only, b w dead for the server only; empty points show
 * our owner (+ Black, - White, . nobody) and ! where the server differs. */
static void print_board(const sgf_position *p, const unsigned char *odead,
                        const unsigned char *sdead, const unsigned char *map,
                        const unsigned char *server)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    printf("   ");
    for (int x = 0; x < w; x++)
        printf("%c", x < 26 ? 'a' + x : 'A' + x - 26);
    printf("\n");
    for (int y = 0; y < h; y++) {
        printf("%c  ", y < 26 ? 'a' + y : 'A' + y - 26);
        for (int x = 0; x < w; x++) {
            int i = y * w + x, c = sgf_position_at(p, x, y);
            char ch;
            if (c == SGF_BLACK)
                ch = odead[i] ? (sdead[i] ? 'x' : 'B') : (sdead[i] ? 'b' : 'X');
            else if (c == SGF_WHITE)
                ch = odead[i] ? (sdead[i] ? 'o' : 'W') : (sdead[i] ? 'w' : 'O');
            else {
                int own = map[i] & SGF_MAP_OWNER;
                ch = own != server[i] ? '!'
                     : own == SGF_BLACK ? '+' : own == SGF_WHITE ? '-' : '.';
            }
            putchar(ch);
        }
        printf("\n");
    }
}

static void check_game(eval *e, sgf_game *g, sgf_position *pos)
{
    const sgf_node *root = sgf_game_root(g);
    const sgf_info *info = sgf_game_info(g);
    if (!root || !info)
        return;
    if (info->result.reason != SGF_BY_POINTS || !info->result.has_margin ||
        (info->result.winner != SGF_WIN_BLACK &&
         info->result.winner != SGF_WIN_WHITE))
        return;
    if (!contains_ci(info->place, "KGS") && !contains_ci(info->application, "CGoban") &&
        !contains_ci(info->application, "KGS"))
        return;
    const sgf_node *last = root;
    while (last->child)
        last = last->child;
    const sgf_prop *tb = sgf_node_find(last, SGF_P_TB);
    const sgf_prop *tw = sgf_node_find(last, SGF_P_TW);
    if (!tb && !tw)
        return;

    double t0 = now();
    int rc = sgf_game_replay(g, NULL, pos, NULL, NULL);
    if (rc != 0) {
        e->skipped++;
        return;
    }
    int w = sgf_position_width(pos), h = sgf_position_height(pos);
    size_t np = (size_t)w * (size_t)h;
    int est = sgf_position_estimate_dead(pos, &e->opt, e->map);
    double t1 = now();
    e->seconds += t1 - t0;
    if (est < 0) {
        fprintf(stderr, "dead_eval: %s: %s\n", sgf_game_origin(g), sgf_strerror(est));
        e->skipped++;
        return;
    }
    e->games++;
    if (e->determinism) {
        if (sgf_position_estimate_dead(pos, &e->opt, e->map2) != est ||
            memcmp(e->map, e->map2, np) != 0) {
            e->nondeterministic++;
            printf("%s: NONDETERMINISTIC\n", sgf_game_origin(g));
        }
    }

    memset(e->server, 0, np);
    mark_points(tb, w, h, SGF_BLACK, e->server);
    mark_points(tw, w, h, SGF_WHITE, e->server);
    unsigned char *sdead = e->map2, *odead = malloc(np);
    if (!odead)
        return;
    int dead_ok = 1;
    for (size_t i = 0; i < np; i++) {
        int c = sgf_position_at(pos, (int)(i % (size_t)w), (int)(i / (size_t)w));
        sdead[i] = c != SGF_EMPTY && e->server[i] == 3 - c;
        odead[i] = (e->map[i] & SGF_MAP_DEAD) != 0;
        if (sdead[i] != odead[i])
            dead_ok = 0;
    }
    e->dead_equal += dead_ok;

    sgf_score s;
    double ts = now();
    /* counted as sgfscore --dead=estimate counts (sgf_game_score): the
     * estimate has decided the sekis, so the figures are those of
     * tests/tool/kgs_scores.py */
    rc = sgf_position_score(pos, info->handicap, SGF_SCORE_MARKED_SEKI, e->map, &s);
    e->score_seconds += now() - ts;
    int scored = rc == 0 && (s.black != 0 || s.white != 0 || s.winner != 0);
    /* territory: every point but the stones both call alive */
    int terr_ok = scored;
    int terr_diff = 0;
    for (size_t i = 0; scored && i < np; i++) {
        int c = sgf_position_at(pos, (int)(i % (size_t)w), (int)(i / (size_t)w));
        if (c != SGF_EMPTY && !sdead[i] && !odead[i])
            continue;
        if ((e->map[i] & SGF_MAP_OWNER) != e->server[i]) {
            terr_ok = 0;
            terr_diff++;
        }
    }
    e->terr_equal += terr_ok;
    int win_ok = 0, exact_ok = 0;
    double want = info->result.winner == SGF_WIN_WHITE ? info->result.margin
                                                       : -info->result.margin;
    if (scored) {
        e->scored++;
        win_ok = (s.winner == SGF_BLACK && info->result.winner == SGF_WIN_BLACK) ||
                 (s.winner == SGF_WHITE && info->result.winner == SGF_WIN_WHITE);
        exact_ok = fabs(s.margin - want) < 1e-6;
        e->winner_ok += win_ok;
        e->exact_ok += exact_ok;
    }
    if (!e->quiet && (!dead_ok || (scored && (!terr_ok || !exact_ok)))) {
        char we[512] = "", sv[512] = "";
        describe_dead(we, sizeof we, pos, odead);
        describe_dead(sv, sizeof sv, pos, sdead);
        printf("%s:", sgf_game_origin(g));
        if (!dead_ok)
            printf(" dead: we: %s; server: %s;", we, sv);
        if (scored && !terr_ok)
            printf(" territory: %d points differ;", terr_diff);
        if (scored && !exact_ok)
            printf(" count: we %+.1f (%s), RE %+.1f;", s.margin,
                   info->rules ? info->rules : "no RU", want);
        printf(" unsettled %d\n", est);
        if (e->verbose)
            print_board(pos, odead, sdead, e->map, e->server);
    }
    free(odead);
}

/* FNV-1a of the game's bytes, kept in a small open-addressed set. */
static int seen_before(eval *e, const char *bytes, size_t len)
{
    uint64_t hsh = 1469598103934665603u;
    for (size_t i = 0; i < len; i++)
        hsh = (hsh ^ (unsigned char)bytes[i]) * 1099511628211u;
    hsh |= 1;
    if ((e->nseen + 1) * 2 > e->seen_cap) {
        size_t cap = e->seen_cap ? e->seen_cap * 2 : 1024;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t)
            return 0;
        for (size_t i = 0; i < e->seen_cap; i++)
            if (e->seen[i]) {
                size_t j = e->seen[i] & (cap - 1);
                while (t[j])
                    j = (j + 1) & (cap - 1);
                t[j] = e->seen[i];
            }
        free(e->seen);
        e->seen = t;
        e->seen_cap = cap;
    }
    size_t j = hsh & (e->seen_cap - 1);
    while (e->seen[j]) {
        if (e->seen[j] == hsh)
            return 1;
        j = (j + 1) & (e->seen_cap - 1);
    }
    e->seen[j] = hsh;
    e->nseen++;
    return 0;
}

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)ctx;
    (void)origin;
    fprintf(stderr, "dead_eval: %s\n", message);
}

int main(int argc, char **argv)
{
    eval e = { .opt = { 0, 1 } };
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            e.opt.playouts = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            e.opt.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-q"))
            e.quiet = 1;
        else if (!strcmp(argv[i], "-v"))
            e.verbose = 1;
        else if (!strcmp(argv[i], "-d"))
            e.determinism = 1;
        else {
            fprintf(stderr, "usage: dead_eval [-n PLAYOUTS] [-s SEED] [-q] [-d] [-v] [PATH...]\n");
            return 2;
        }
    }
    char corpus[4096];
    const char *def[1] = { corpus_path(corpus, sizeof corpus) };
    const char *const *paths = i < argc ? (const char *const *)argv + i : def;
    size_t npaths = i < argc ? (size_t)(argc - i) : 1;

    e.map = malloc(52 * 52);
    e.map2 = malloc(52 * 52);
    e.server = malloc(52 * 52);
    sgf_read_options ro = { .flags = 0 };
    sgf_reader *rd = sgf_reader_new(&ro);
    sgf_game *g = sgf_game_new(&ro);
    sgf_position *pos = sgf_position_new();
    sgf_inputs *in = sgf_inputs_new(paths, npaths, on_input_error, NULL);
    if (!e.map || !e.map2 || !e.server || !rd || !g || !pos || !in) {
        fprintf(stderr, "dead_eval: out of memory\n");
        return 2;
    }
    sgf_member *m;
    while (sgf_inputs_next(in, &m) == 1) {
        sgf_raw_game raw;
        sgf_reader_start(rd, m);
        while (sgf_reader_next_raw(rd, &raw) == 1) {
            /* cheap filter before the parse: counted KGS games hold TB or TW */
            if (!memmem(raw.bytes, raw.len, "TB[", 3) &&
                !memmem(raw.bytes, raw.len, "TW[", 3))
                continue;
            /* the corpus holds some games twice (a folder and its archive):
             * each counts once */
            if (seen_before(&e, raw.bytes, raw.len))
                continue;
            if (sgf_game_read(g, &raw) != SGF_OK) {
                fprintf(stderr, "dead_eval: out of memory\n");
                return 2;
            }
            check_game(&e, g, pos);
        }
    }
    double n = e.games ? e.games : 1, ns = e.scored ? e.scored : 1;
    printf("games %u (skipped %u), playouts %u, seed %llu\n", e.games, e.skipped,
           e.opt.playouts, (unsigned long long)e.opt.seed);
    printf("dead-set equal %.2f%% (%u)\n", 100.0 * e.dead_equal / n, e.dead_equal);
    if (e.scored) {
        printf("territory-set equal %.2f%% (%u)\n", 100.0 * e.terr_equal / ns,
               e.terr_equal);
        printf("winner %.2f%% (%u), exact %.2f%% (%u) of %u scored\n",
               100.0 * e.winner_ok / ns, e.winner_ok, 100.0 * e.exact_ok / ns,
               e.exact_ok, e.scored);
    } else {
        printf("territory, winner, exact: not measured (the scorer counts nothing)\n");
    }
    if (e.determinism)
        printf("nondeterministic %u\n", e.nondeterministic);
    printf("games/s %.0f (replay + estimate, %.3f s; score %.3f s)\n",
           e.seconds > 0 ? e.games / e.seconds : 0.0, e.seconds, e.score_seconds);
    sgf_inputs_free(in);
    sgf_position_free(pos);
    sgf_game_free(g);
    sgf_reader_free(rd);
    free(e.map);
    free(e.map2);
    free(e.server);
    free(e.seen);
    return e.games ? 0 : 2;
}
