/*
 * test_position.c - the board and its history (sgf_position_*):
 *  - the rules cases of tests/rules/cases.txt (bans, boards, game end, the
 *    score if both players passed now, Benson's pass-alive map);
 *  - unit cases: captures, board sizes, suicide, ko, superko, replacement,
 *    setup, cycles, long games;
 *  - a differential run against a naive flood-fill board with a full
 *    history of board copies, on small boards where captures, suicides and
 *    repetitions are frequent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "sgfkit.h"

/* ------------------------------------------------------------------ */
/* helpers                                                             */

static int color_of(char ch)
{
    switch (ch) {
    case 'X': case 'x': case 'b': return SGF_BLACK;
    case 'O': case 'o': case 'w': return SGF_WHITE;
    default: return SGF_EMPTY;
    }
}

/* Sets up rows (top to bottom) on p; returns setup_done's result. */
static int setup_rows(sgf_position *p, const char *const *rows)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            sgf_position_setup(p, x, y, color_of(rows[y][x]));
    return sgf_position_setup_done(p);
}

static int board_is(const sgf_position *p, const char *const *rows)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (sgf_position_at(p, x, y) != color_of(rows[y][x]))
                return 0;
    return 1;
}

static void play(sgf_position *p, int c, const char *pt, sgf_play_info *info)
{
    if (!strcmp(pt, "pass"))
        sgf_position_play(p, c, -1, -1, info);
    else
        sgf_position_play(p, c, pt[0] - 'a', pt[1] - 'a', info);
}

static sgf_legality legal(sgf_position *p, int c, const char *pt)
{
    return sgf_position_legal(p, c, pt[0] - 'a', pt[1] - 'a');
}

static int is_ko_ban(sgf_legality l)
{
    return l == SGF_ILLEGAL_KO || l == SGF_ILLEGAL_POSITIONAL_SUPERKO ||
           l == SGF_ILLEGAL_SITUATIONAL_SUPERKO;
}

/* Points where c may not play because of the ko rule, as "aa ab ...",
 * in row-major order. */
static void banned(sgf_position *p, int c, char *out, size_t n)
{
    size_t len = 0;
    out[0] = 0;
    for (int y = 0; y < sgf_position_height(p); y++)
        for (int x = 0; x < sgf_position_width(p); x++)
            if (sgf_position_at(p, x, y) == SGF_EMPTY &&
                is_ko_ban(sgf_position_legal(p, c, x, y)) && len + 4 < n)
                len += (size_t)snprintf(out + len, n - len, "%s%c%c",
                                        len ? " " : "", 'a' + x, 'a' + y);
    if (!len)
        snprintf(out, n, "-");
}

/* ------------------------------------------------------------------ */
/* the rules cases                                                     */

enum { MAX_LINES = 4096, LINE_MAX_LEN = 256 };

struct case_state {
    char name[64];
    int w, h, have_rules, started, to_move;
    sgf_rules rules;
    int lineno;
};

static void point_name_sort(char *list)
{
    /* "fb aa" -> "aa fb": expected lists are written in any order */
    char pts[64][3];
    int n = 0;
    for (char *s = strtok(list, " "); s && n < 64; s = strtok(NULL, " "))
        if (strlen(s) == 2)
            memcpy(pts[n++], s, 3);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            /* row-major: row letter first */
            int a = pts[j - 1][1] * 256 + pts[j - 1][0];
            int b = pts[j][1] * 256 + pts[j][0];
            if (a <= b)
                break;
            char t[3];
            memcpy(t, pts[j], 3);
            memcpy(pts[j], pts[j - 1], 3);
            memcpy(pts[j - 1], t, 3);
        }
    list[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(list, " ");
        strcat(list, pts[i]);
    }
    if (!n)
        strcpy(list, "-");
}

static void parse_rules(const char *text, sgf_rules *r)
{
    memset(r, 0, sizeof *r);
    strcpy(r->name, "custom");
    r->first = SGF_BLACK;
    r->cycle = SGF_CYCLE_RULE_ILLEGAL;
    char buf[LINE_MAX_LEN];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *s = strtok(buf, " "); s; s = strtok(NULL, " ")) {
        char *v = strchr(s, '=');
        if (!v)
            continue;
        *v++ = 0;
        if (!strcmp(s, "ko"))
            r->ko = !strcmp(v, "SIMPLE") ? SGF_KO_SIMPLE
                  : !strcmp(v, "SITUATIONAL") ? SGF_KO_SITUATIONAL
                  : !strcmp(v, "SPIGHT") ? SGF_KO_SPIGHT : SGF_KO_POSITIONAL;
        else if (!strcmp(s, "scoring"))
            r->scoring = !strcmp(v, "TERRITORY") ? SGF_SCORING_TERRITORY
                                                  : SGF_SCORING_AREA;
        else if (!strcmp(s, "tax"))
            r->tax = !strcmp(v, "SEKI") ? SGF_TAX_SEKI
                   : !strcmp(v, "ALL") ? SGF_TAX_ALL : SGF_TAX_NONE;
        else if (!strcmp(s, "suicide"))
            r->suicide = !strcmp(v, "True") || !strcmp(v, "1");
        else if (!strcmp(s, "komi"))
            r->komi = atof(v);
        else if (!strcmp(s, "cycle"))
            r->cycle = !strcmp(v, "NO_RESULT") ? SGF_CYCLE_RULE_NO_RESULT
                                                : SGF_CYCLE_RULE_ILLEGAL;
        else if (!strcmp(s, "button"))
            r->button = atoi(v);
    }
}

/* ---- the scorer's expectations ---- */

/* The rules cases state the score for each tax rule (NONE, SEKI, ALL) of
 * one position: three copies of the case's position follow its moves,
 * each under the case's rules with one tax. */
enum { NTAX = 3 };
static const char *const tax_names[NTAX] = { "NONE", "SEKI", "ALL" };

/* Flood of the points of w x h around i (4-neighbours) for which same()
 * holds: marks them in seen with mark, returns how many. */
static int flood(int w, int h, int i, int *seen, int mark,
                 int (*same)(int j, const void *ctx), const void *ctx,
                 int *list)
{
    int n = 0;
    seen[i] = mark;
    list[n++] = i;
    for (int k = 0; k < n; k++) {
        int j = list[k], x = j % w, y = j / w;
        int nb[4] = { x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1,
                      y > 0 ? j - w : -1, y < h - 1 ? j + w : -1 };
        for (int d = 0; d < 4; d++)
            if (nb[d] >= 0 && seen[nb[d]] != mark && same(nb[d], ctx)) {
                seen[nb[d]] = mark;
                list[n++] = nb[d];
            }
    }
    return n;
}

/* The board as tests/rules/cases.txt's seki rule reads it. */
struct kseki {
    int live[52 * 52];    /* colour of a living stone, 0 else */
    int owner[52 * 52];   /* colour a point counts for, 0: dame */
    int key;              /* the colour or string being flooded */
};
static int k_not_live(int j, const void *ctx)
{
    return ((const struct kseki *)ctx)->live[j] == 0;
}
static int k_same_string(int j, const void *ctx)
{
    const struct kseki *k = ctx;
    return k->live[j] == k->key;
}
static int k_same_owner(int j, const void *ctx)
{
    const struct kseki *k = ctx;
    return k->owner[j] == k->key;
}

/* The rules cases (tests/rules/cases.txt) define seki for score_if_ended as
 * KataGo does: a region (a connected area counting for one colour: its
 * living stones and the points only they reach) is seki when it touches a
 * dame point or holds a string of its owner in atari.  That is a mid-game
 * view (an unfilled dame next to a group makes it seki); the library's own
 * rule is the finished game's (less than two eyes: doc/scoring.md), so the
 * cases hand theirs over as the caller's SGF_MAP_SEKI marks, which the
 * scorer honours. */
static void mark_katago_seki(int w, int h, const sgf_position *q,
                             unsigned char *map)
{
    static struct kseki k;
    static int seen[52 * 52], list[52 * 52], libs[52 * 52], libmark[52 * 52];
    int n = w * h, mark = 0;
    for (int i = 0; i < n; i++) {
        int c = sgf_position_at(q, i % w, i / w);
        k.live[i] = (map[i] & SGF_MAP_DEAD) ? 0 : c;
        k.owner[i] = k.live[i];
        seen[i] = libmark[i] = 0;
    }
    /* areas: empty and dead points, owned when they reach one colour */
    for (int i = 0; i < n; i++) {
        if (k.live[i] || seen[i])
            continue;
        int m = flood(w, h, i, seen, ++mark, k_not_live, &k, list), touch = 0;
        for (int a = 0; a < m; a++) {
            int j = list[a], x = j % w, y = j / w;
            int nb[4] = { x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1,
                          y > 0 ? j - w : -1, y < h - 1 ? j + w : -1 };
            for (int d = 0; d < 4; d++)
                if (nb[d] >= 0)
                    touch |= k.live[nb[d]];
        }
        for (int a = 0; a < m; a++)
            k.owner[list[a]] = touch == 1 || touch == 2 ? touch : 0;
    }
    /* liberties of each living string (distinct empty or dead points) */
    for (int i = 0; i < n; i++)
        seen[i] = 0;
    for (int i = 0; i < n; i++) {
        if (!k.live[i] || seen[i])
            continue;
        k.key = k.live[i];
        int m = flood(w, h, i, seen, ++mark, k_same_string, &k, list), l = 0;
        for (int a = 0; a < m; a++) {
            int j = list[a], x = j % w, y = j / w;
            int nb[4] = { x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1,
                          y > 0 ? j - w : -1, y < h - 1 ? j + w : -1 };
            for (int d = 0; d < 4; d++)
                if (nb[d] >= 0 && !k.live[nb[d]] && libmark[nb[d]] != mark) {
                    libmark[nb[d]] = mark;
                    l++;
                }
        }
        for (int a = 0; a < m; a++)
            libs[list[a]] = l;
    }
    /* regions */
    for (int i = 0; i < n; i++)
        seen[i] = 0;
    for (int i = 0; i < n; i++) {
        if (!k.owner[i] || seen[i])
            continue;
        k.key = k.owner[i];
        int m = flood(w, h, i, seen, ++mark, k_same_owner, &k, list), seki = 0;
        for (int a = 0; a < m; a++) {
            int j = list[a], x = j % w, y = j / w;
            int nb[4] = { x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1,
                          y > 0 ? j - w : -1, y < h - 1 ? j + w : -1 };
            if (k.live[j] && libs[j] == 1)
                seki = 1;
            for (int d = 0; d < 4; d++)
                if (nb[d] >= 0 && !k.owner[nb[d]] &&
                    sgf_position_at(q, nb[d] % w, nb[d] / w) == SGF_EMPTY)
                    seki = 1;
        }
        for (int a = 0; a < m; a++)
            if (seki && k.live[list[a]])
                map[list[a]] |= SGF_MAP_SEKI;
    }
}

/* score_if_ended (tests/rules/cases.txt): "if both players passed now and
 * the board were scored as it stands: stones in the opponent's pass-alive
 * (Benson) territory are dead, everything else is alive". */
static double score_if_ended(const sgf_position *q)
{
    static unsigned char pa[52 * 52], map[52 * 52];
    int w = sgf_position_width(q), h = sgf_position_height(q);
    sgf_score s;
    CHECK_INT(sgf_position_pass_alive(q, sgf_position_rules(q)->suicide, pa),
              SGF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = sgf_position_at(q, x, y);
            map[y * w + x] = c && pa[y * w + x] == 3 - c ? SGF_MAP_DEAD : 0;
        }
    mark_katago_seki(w, h, q, map);
    CHECK_INT(sgf_position_score(q, 0, 0, map, &s), SGF_OK);
    CHECK(s.margin == s.white - s.black);
    return s.margin;
}

/* "expect score_if_ended W-B: NONE=-3.5 SEKI=+0.5 ALL=+0.5": returns the
 * values checked. */
static int check_score_if_ended(sgf_position *const *tq, const char *l,
                                const struct case_state *cs)
{
    const char *colon = strchr(l, ':');
    int n = 0;
    CHECK(colon != NULL);
    if (!colon)
        return 0;
    char buf[LINE_MAX_LEN];
    snprintf(buf, sizeof buf, "%s", colon + 1);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        char *v = strchr(t, '=');
        int k = -1;
        CHECK(v != NULL);
        if (!v)
            continue;
        *v++ = 0;
        for (int i = 0; i < NTAX; i++)
            if (!strcmp(t, tax_names[i]))
                k = i;
        CHECK(k >= 0);
        if (k < 0)
            continue;
        double want = atof(v), got = score_if_ended(tq[k]);
        if (got != want)
            fprintf(stderr, "cases.txt:%d (%s): score_if_ended %s = %g, expected %g\n",
                    cs->lineno, cs->name, t, got, want);
        CHECK(got == want);
        n++;
    }
    return n;
}

/* "expect pass_alive_map suicide=s:" and the rows after it. */
static void check_pass_alive(const sgf_position *p, const char *l,
                             const char (*rows)[LINE_MAX_LEN],
                             const struct case_state *cs)
{
    static unsigned char pa[52 * 52];
    int suicide = -1, w = sgf_position_width(p), bad = 0;
    CHECK(sscanf(l, "expect pass_alive_map suicide=%d", &suicide) == 1);
    CHECK_INT(sgf_position_pass_alive(p, suicide, pa), SGF_OK);
    for (int y = 0; y < cs->h; y++)
        for (int x = 0; x < w; x++) {
            char ch = rows[y][x];
            int want = ch == 'X' ? SGF_BLACK : ch == 'O' ? SGF_WHITE : SGF_EMPTY;
            if (pa[y * w + x] != want) {
                if (!bad)
                    fprintf(stderr, "cases.txt:%d (%s): pass-alive map at %c%c is %d, expected %d\n",
                            cs->lineno, cs->name, 'a' + x, 'a' + y,
                            pa[y * w + x], want);
                bad++;
            }
        }
    CHECK_INT(bad, 0);
}

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void run_cases(sgf_position *p)
{
    char path[1024];
    const char *src = getenv("srcdir");
    snprintf(path, sizeof path, "%s/tests/rules/cases.txt",
             src && *src ? src : ".");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return;
    }
    static char lines[MAX_LINES][LINE_MAX_LEN];
    int n = 0;
    while (n < MAX_LINES && fgets(lines[n], LINE_MAX_LEN, f)) {
        lines[n][strcspn(lines[n], "\r\n")] = 0;
        n++;
    }
    fclose(f);
    CHECK(n > 0 && n < MAX_LINES);

    sgf_position *tq[NTAX];
    for (int k = 0; k < NTAX; k++) {
        tq[k] = sgf_position_new();
        CHECK(tq[k] != NULL);
        if (!tq[k]) {
            while (k--)
                sgf_position_free(tq[k]);
            return;
        }
    }
    struct case_state cs;
    memset(&cs, 0, sizeof cs);
    int cases = 0, checked = 0, plays = 0, scores = 0, maps = 0, elsewhere = 0;
    for (int i = 0; i < n; i++) {
        const char *l = lines[i];
        cs.lineno = i + 1;
        if (starts(l, "=== ")) {
            memset(&cs, 0, sizeof cs);
            snprintf(cs.name, sizeof cs.name, "%s", l + 4);
            cs.to_move = SGF_BLACK;
            cases++;
        } else if (starts(l, "size:")) {
            CHECK(sscanf(l + 5, "%dx%d", &cs.w, &cs.h) == 2);
        } else if (starts(l, "rules:")) {
            parse_rules(l + 6, &cs.rules);
            cs.have_rules = 1;
        } else if (starts(l, "to_move:")) {
            cs.to_move = strchr(l + 8, 'W') ? SGF_WHITE : SGF_BLACK;
        } else if (starts(l, "board:")) {
            const char *rows[64];
            CHECK(cs.h > 0 && i + cs.h < n);
            if (!(cs.h > 0 && i + cs.h < n))
                return;
            for (int y = 0; y < cs.h; y++)
                rows[y] = lines[i + 1 + y];
            i += cs.h;
            CHECK_INT(sgf_position_reset(p, cs.w, cs.h,
                                         cs.have_rules ? &cs.rules : NULL),
                      SGF_OK);
            /* every case starts from a possible position */
            int dead = setup_rows(p, rows);
            if (dead)
                fprintf(stderr, "cases.txt:%d (%s): %d strings without liberties\n",
                        cs.lineno, cs.name, dead);
            CHECK_INT(dead, 0);
            sgf_position_set_to_move(p, cs.to_move);
            for (int k = 0; k < NTAX; k++) {
                sgf_rules r;
                if (cs.have_rules)
                    r = cs.rules;
                else
                    sgf_rules_named("chinese", &r);
                r.tax = (sgf_tax_rule)k;
                sgf_position_reset(tq[k], cs.w, cs.h, &r);
                setup_rows(tq[k], rows);
                sgf_position_set_to_move(tq[k], cs.to_move);
            }
            cs.started = 1;
        } else if (starts(l, "play ")) {
            char col, pt[16];
            CHECK(cs.started);
            if (!cs.started || sscanf(l + 5, "%c %15s", &col, pt) != 2)
                continue;
            int c = col == 'W' ? SGF_WHITE : SGF_BLACK;
            int force = strstr(l, "(force") != NULL;
            /* moves not marked as forced must be legal and in turn */
            if (!force) {
                sgf_legality lg = strcmp(pt, "pass") ? legal(p, c, pt) : SGF_LEGAL;
                if (lg != SGF_LEGAL || sgf_position_to_move(p) != c)
                    fprintf(stderr, "cases.txt:%d (%s): %s illegal (%d) or out of turn\n",
                            cs.lineno, cs.name, l, (int)lg);
                CHECK(lg == SGF_LEGAL && sgf_position_to_move(p) == c);
            }
            sgf_play_info info;
            play(p, c, pt, &info);
            for (int k = 0; k < NTAX; k++)
                play(tq[k], c, pt, NULL);
            plays++;
        } else if (starts(l, "expect banned ")) {
            char want[256], got[256];
            int c = l[14] == 'W' ? SGF_WHITE : SGF_BLACK;
            const char *colon = strchr(l, ':');
            CHECK(cs.started && colon != NULL);
            if (!cs.started || !colon)
                continue;
            snprintf(want, sizeof want, "%s", colon + 1);
            point_name_sort(want);
            banned(p, c, got, sizeof got);
            if (strcmp(want, got))
                fprintf(stderr, "cases.txt:%d (%s): banned %c: got \"%s\", expected \"%s\"\n",
                        cs.lineno, cs.name, l[14], got, want);
            CHECK_STR(got, want);
            checked++;
        } else if (starts(l, "expect board:")) {
            const char *rows[64];
            CHECK(cs.started && i + cs.h < n);
            if (!cs.started || i + cs.h >= n)
                continue;
            for (int y = 0; y < cs.h; y++)
                rows[y] = lines[i + 1 + y];
            i += cs.h;
            int ok = board_is(p, rows);
            if (!ok)
                fprintf(stderr, "cases.txt:%d (%s): board differs\n",
                        cs.lineno, cs.name);
            CHECK(ok);
            checked++;
        } else if (starts(l, "expect game_over=")) {
            int go = -1, nr = -1;
            CHECK(sscanf(l, "expect game_over=%d no_result=%d", &go, &nr) == 2);
            CHECK(cs.started);
            int got_go = sgf_position_game_over(p), got_nr = sgf_position_no_result(p);
            if (got_go != go || got_nr != nr)
                fprintf(stderr, "cases.txt:%d (%s): game_over=%d no_result=%d, expected %d %d\n",
                        cs.lineno, cs.name, got_go, got_nr, go, nr);
            CHECK(got_go == go && got_nr == nr);
            checked++;
        } else if (starts(l, "expect score_if_ended")) {
            CHECK(cs.started);
            if (cs.started)
                scores += check_score_if_ended(tq, l, &cs);
        } else if (starts(l, "expect pass_alive_map")) {
            CHECK(cs.started && i + cs.h < n);
            if (!cs.started || i + cs.h >= n)
                continue;
            check_pass_alive(p, l, (const char (*)[LINE_MAX_LEN])lines[i + 1], &cs);
            i += cs.h;
            maps++;
        } else if (starts(l, "expect territory") || starts(l, "expect area")) {
            /* counts of boards with stones marked dead: test_score's */
            elsewhere++;
        } else if (starts(l, "expect ")) {
            fprintf(stderr, "cases.txt:%d (%s): unknown expectation: %s\n",
                    cs.lineno, cs.name, l);
            CHECK(0);
        }
        /* source:, note:, moves:, indented continuations and free text are
         * comments */
    }
    CHECK(cases >= 20);
    CHECK(checked >= 50);
    for (int k = 0; k < NTAX; k++)
        sgf_position_free(tq[k]);
    CHECK(scores >= 80);
    CHECK(maps >= 4);
    printf("rules cases: %d cases, %d plays, %d expectations checked\n",
           cases, plays, checked);
    printf("rules cases: %d score_if_ended values and %d pass-alive maps checked; "
           "%d territory/area counts are test_score's\n", scores, maps, elsewhere);
}

/* ------------------------------------------------------------------ */
/* unit cases                                                          */

static void test_new_defaults(void)
{
    sgf_position *p = sgf_position_new();
    CHECK(p != NULL);
    if (!p)
        return;
    CHECK_INT(sgf_position_width(p), 19);
    CHECK_INT(sgf_position_height(p), 19);
    CHECK_STR(sgf_position_rules(p)->name, "chinese");
    CHECK_INT(sgf_position_rules(p)->ko, SGF_KO_POSITIONAL);
    CHECK(sgf_position_rules(p)->komi == 7.5);
    CHECK_INT(sgf_position_rules(p)->cycle, SGF_CYCLE_RULE_ILLEGAL);
    CHECK_INT(sgf_position_to_move(p), SGF_BLACK);
    CHECK_INT(sgf_position_ply(p), 0);
    CHECK_INT(sgf_position_reset(p, 0, 5, NULL), SGF_E_ARG);
    CHECK_INT(sgf_position_reset(p, 53, 5, NULL), SGF_E_ARG);
    CHECK_INT(sgf_position_reset(p, 5, 53, NULL), SGF_E_ARG);
    sgf_rules r = *sgf_position_rules(p);
    r.first = SGF_WHITE;
    CHECK_INT(sgf_position_reset(p, 9, 9, &r), SGF_OK);
    CHECK_INT(sgf_position_to_move(p), SGF_WHITE);
    CHECK_INT(sgf_position_at(p, -1, 0), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 9, 0), SGF_EMPTY);
    sgf_position_free(p);
}

static void test_captures(sgf_position *p)
{
    sgf_play_info in;
    /* the W string c1-b2-c2 has three liberties: d1, d2, c3 */
    static const char *const rows[] = {
        ".XO..",
        "XOO..",
        ".X...",
        ".....",
        ".....",
    };
    sgf_position_reset(p, 5, 5, NULL);
    CHECK_INT(setup_rows(p, rows), 0);
    play(p, SGF_BLACK, "da", &in);
    CHECK_INT(in.captured, 0);
    play(p, SGF_WHITE, "ee", &in);
    play(p, SGF_BLACK, "db", &in);
    play(p, SGF_WHITE, "ed", &in);
    CHECK_INT(sgf_position_prisoners(p, SGF_BLACK), 0);
    play(p, SGF_BLACK, "cc", &in);   /* the last liberty */
    CHECK_INT(in.legality, SGF_LEGAL);
    CHECK_INT(in.captured, 3);
    CHECK_INT(in.suicided, 0);
    CHECK_INT(in.ko_x, -1);
    CHECK_INT(sgf_position_prisoners(p, SGF_BLACK), 3);
    CHECK_INT(sgf_position_prisoners(p, SGF_WHITE), 0);
    CHECK_INT(sgf_position_at(p, 1, 1), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 2, 0), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 2, 1), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 1, 0), SGF_BLACK);
    /* b1 got its liberties back: W a1 captures nothing and dies */
    CHECK_INT(legal(p, SGF_WHITE, "aa"), SGF_ILLEGAL_SUICIDE);

    /* one move capturing two strings at once */
    static const char *const rows3[] = {
        "XO.OX",
        ".X.X.",
        ".....",
    };
    sgf_position_reset(p, 5, 3, NULL);
    CHECK_INT(setup_rows(p, rows3), 0);
    play(p, SGF_BLACK, "ca", &in);
    CHECK_INT(in.captured, 2);
    CHECK_INT(sgf_position_at(p, 1, 0), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 3, 0), SGF_EMPTY);
    CHECK_INT(sgf_position_prisoners(p, SGF_BLACK), 2);
    CHECK_INT(sgf_position_ply(p), 1);
    CHECK_INT(sgf_position_to_move(p), SGF_WHITE);
}

static void test_sizes(sgf_position *p)
{
    sgf_play_info in;
    /* 1x1: every stone is a single-stone suicide */
    CHECK_INT(sgf_position_reset(p, 1, 1, NULL), SGF_OK);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 0, 0), SGF_ILLEGAL_SUICIDE);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 1, 0), SGF_ILLEGAL_OFF_BOARD);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, -1, -1), SGF_LEGAL);
    sgf_position_play(p, SGF_BLACK, 0, 0, &in);
    CHECK_INT(in.legality, SGF_ILLEGAL_SUICIDE);
    CHECK_INT(in.suicided, 1);
    CHECK_INT(sgf_position_at(p, 0, 0), SGF_EMPTY);
    CHECK_INT(in.repeats, 0);
    CHECK_INT(sgf_position_hash(p), 0);

    /* 52x52: corners, edges, off board */
    CHECK_INT(sgf_position_reset(p, 52, 52, NULL), SGF_OK);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 52, 0), SGF_ILLEGAL_OFF_BOARD);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 0, 52), SGF_ILLEGAL_OFF_BOARD);
    sgf_position_play(p, SGF_BLACK, 51, 51, &in);
    sgf_position_play(p, SGF_WHITE, 50, 51, &in);
    sgf_position_play(p, SGF_BLACK, 0, 0, &in);
    sgf_position_play(p, SGF_WHITE, 51, 50, &in);
    CHECK_INT(in.captured, 1);
    CHECK_INT(sgf_position_at(p, 51, 51), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 0, 0), SGF_BLACK);
    sgf_position_play(p, SGF_BLACK, 52, 3, &in);
    CHECK_INT(in.legality, SGF_ILLEGAL_OFF_BOARD);
    CHECK_INT(sgf_position_ply(p), 5);
    CHECK_INT(sgf_position_to_move(p), SGF_WHITE);
    /* a stone on the left edge has no neighbour on the previous row's end */
    sgf_position_play(p, SGF_WHITE, 51, 0, &in);
    sgf_position_play(p, SGF_BLACK, 0, 1, &in);
    sgf_position_play(p, SGF_WHITE, 1, 0, &in);
    CHECK_INT(in.captured, 0);
    sgf_position_play(p, SGF_BLACK, 50, 0, &in);
    sgf_position_play(p, SGF_WHITE, 1, 1, &in);
    sgf_position_play(p, SGF_BLACK, 51, 1, &in);   /* takes W 51,0 */
    CHECK_INT(in.captured, 1);
    CHECK_INT(sgf_position_at(p, 51, 0), SGF_EMPTY);
    sgf_position_play(p, SGF_WHITE, 0, 2, &in);    /* takes B 0,0 + 0,1 */
    CHECK_INT(in.captured, 2);
    CHECK_INT(sgf_position_prisoners(p, SGF_WHITE), 3);

    /* 3x40: a long thin board; capture along the bottom edge */
    CHECK_INT(sgf_position_reset(p, 3, 40, NULL), SGF_OK);
    CHECK_INT(sgf_position_width(p), 3);
    CHECK_INT(sgf_position_height(p), 40);
    sgf_position_play(p, SGF_BLACK, 0, 39, &in);
    sgf_position_play(p, SGF_WHITE, 1, 39, &in);
    sgf_position_play(p, SGF_BLACK, 2, 39, &in);
    sgf_position_play(p, SGF_WHITE, 0, 38, &in);   /* takes 0,39 */
    CHECK_INT(in.captured, 1);
    sgf_position_play(p, SGF_BLACK, 1, 38, &in);
    sgf_position_play(p, SGF_WHITE, 2, 38, &in);   /* takes 2,39 */
    CHECK_INT(in.captured, 1);
    CHECK_INT(sgf_position_at(p, 2, 39), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 1, 38), SGF_BLACK);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 3, 0), SGF_ILLEGAL_OFF_BOARD);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 0, 40), SGF_ILLEGAL_OFF_BOARD);
    /* a wall across the board: the top part is a separate region */
    for (int x = 0; x < 3; x++) {
        sgf_position_play(p, SGF_BLACK, x, 5, &in);
        sgf_position_play(p, SGF_WHITE, -1, -1, &in);
    }
    sgf_position_play(p, SGF_BLACK, 0, 3, &in);
    sgf_position_play(p, SGF_WHITE, 1, 4, &in);
    CHECK_INT(in.legality, SGF_LEGAL);
}

static void test_suicide(sgf_position *p)
{
    sgf_rules r = *sgf_position_rules(p);
    sgf_play_info in;
    static const char *const rows[] = {
        ".XO..",
        "XXO..",
        "OO...",
        ".....",
    };
    /* B a1 fills the last liberty of its own string b1-a2-b2: a
     * four-stone suicide, illegal unless the rules allow it */
    r.ko = SGF_KO_POSITIONAL;
    r.suicide = 0;
    sgf_position_reset(p, 5, 4, &r);
    CHECK_INT(setup_rows(p, rows), 0);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 0, 0), SGF_ILLEGAL_SUICIDE);
    /* W a1 captures the black group */
    CHECK_INT(sgf_position_legal(p, SGF_WHITE, 0, 0), SGF_LEGAL);
    r.suicide = 1;
    sgf_position_reset(p, 5, 4, &r);
    CHECK_INT(setup_rows(p, rows), 0);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 0, 0), SGF_LEGAL);
    sgf_position_play(p, SGF_BLACK, 0, 0, &in);
    CHECK_INT(in.legality, SGF_LEGAL);
    CHECK_INT(in.suicided, 4);
    CHECK_INT(in.captured, 0);
    CHECK_INT(sgf_position_prisoners(p, SGF_WHITE), 4);
    CHECK_INT(sgf_position_at(p, 1, 1), SGF_EMPTY);
    /* a single-stone suicide stays illegal when suicide is allowed */
    static const char *const rows1[] = {
        ".O...",
        "O....",
        ".....",
        ".....",
    };
    sgf_position_reset(p, 5, 4, &r);
    CHECK_INT(setup_rows(p, rows1), 0);
    CHECK_INT(sgf_position_legal(p, SGF_BLACK, 0, 0), SGF_ILLEGAL_SUICIDE);
    sgf_position_play(p, SGF_BLACK, 0, 0, &in);   /* executed anyway */
    CHECK_INT(in.legality, SGF_ILLEGAL_SUICIDE);
    CHECK_INT(in.suicided, 1);
    CHECK_INT(sgf_position_at(p, 0, 0), SGF_EMPTY);
    /* not allowed: the multi-stone suicide is executed and reported */
    r.suicide = 0;
    sgf_position_reset(p, 5, 4, &r);
    CHECK_INT(setup_rows(p, rows), 0);
    sgf_position_play(p, SGF_BLACK, 0, 0, &in);
    CHECK_INT(in.legality, SGF_ILLEGAL_SUICIDE);
    CHECK_INT(in.suicided, 4);
}

/* W bb takes c2 and leaves a ko at cb */
static const char *const ko_rows[] = {
    ".XO..",
    "X.XO.",
    ".XO..",
    ".....",
};

static void test_simple_ko(sgf_position *p)
{
    const char *const *rows = ko_rows;
    sgf_play_info in;
    for (int k = 0; k < 2; k++) {
        sgf_rules r = *sgf_position_rules(p);
        r.ko = k ? SGF_KO_POSITIONAL : SGF_KO_SIMPLE;
        sgf_position_reset(p, 5, 4, &r);
        CHECK_INT(setup_rows(p, rows), 0);
        sgf_position_set_to_move(p, SGF_WHITE);
        uint64_t before = sgf_position_hash(p);
        play(p, SGF_WHITE, "bb", NULL);
        CHECK_INT(sgf_position_at(p, 2, 1), SGF_EMPTY);
        /* the immediate retake: banned, executed, back to ply 0 */
        play(p, SGF_BLACK, "cb", &in);
        CHECK_INT(in.legality, SGF_ILLEGAL_KO);
        CHECK_INT(in.captured, 1);
        CHECK(sgf_position_hash(p) == before);
        CHECK_INT(in.repeats, 0);
        /* restart and do it properly: ko point set, then a pass clears it */
        sgf_position_reset(p, 5, 4, &r);
        setup_rows(p, rows);
        sgf_position_set_to_move(p, SGF_WHITE);
        play(p, SGF_WHITE, "bb", &in);
        CHECK_INT(in.captured, 1);
        CHECK_INT(in.ko_x, 2);
        CHECK_INT(in.ko_y, 1);
        CHECK_INT(legal(p, SGF_BLACK, "cb"), SGF_ILLEGAL_KO);
        CHECK_INT(legal(p, SGF_WHITE, "cb"), SGF_LEGAL);   /* filling is no ko */
        play(p, SGF_BLACK, "pass", &in);
        CHECK_INT(in.ko_x, -1);
        play(p, SGF_WHITE, "pass", &in);
        CHECK_INT(sgf_position_game_over(p), 1);
        /* the pass lifted the simple ban; positional superko still sees
         * the board before W's capture */
        CHECK_INT(legal(p, SGF_BLACK, "cb"),
                  k ? SGF_ILLEGAL_POSITIONAL_SUPERKO : SGF_LEGAL);
        play(p, SGF_BLACK, "cb", &in);
        CHECK_INT(in.legality, k ? SGF_ILLEGAL_POSITIONAL_SUPERKO : SGF_LEGAL);
        CHECK_INT(in.repeats, 0);
        CHECK_INT(in.repeats_situation, 0);   /* ply 0 had W to move too */
    }
}

/* sends two, returns one (tests/rules/cases.txt): W ba recreates the board
 * after B dc with the other player to move */
static void test_superko_kinds(sgf_position *p)
{
    static const char *const rows[] = {
        ".O.XXO",
        "OXXXO.",
        "O.X.OO",
        "XX.OO.",
        "OOOO.O",
    };
    sgf_ko_rule kos[3] = { SGF_KO_POSITIONAL, SGF_KO_SITUATIONAL, SGF_KO_SPIGHT };
    sgf_legality want[3] = { SGF_ILLEGAL_POSITIONAL_SUPERKO, SGF_LEGAL,
                             SGF_ILLEGAL_POSITIONAL_SUPERKO };
    for (int k = 0; k < 3; k++) {
        sgf_rules r = *sgf_position_rules(p);
        sgf_play_info in;
        r.ko = kos[k];
        sgf_position_reset(p, 6, 5, &r);
        CHECK_INT(setup_rows(p, rows), 0);
        play(p, SGF_BLACK, "fb", NULL);
        play(p, SGF_WHITE, "pass", NULL);
        play(p, SGF_BLACK, "dc", NULL);       /* ply 3 */
        play(p, SGF_WHITE, "ca", &in);
        CHECK_INT(in.captured, 0);
        play(p, SGF_BLACK, "aa", &in);
        CHECK_INT(in.captured, 2);
        CHECK_INT(legal(p, SGF_WHITE, "ba"), want[k]);
        play(p, SGF_WHITE, "ba", &in);
        CHECK_INT(in.legality, want[k]);
        CHECK_INT(in.captured, 1);
        CHECK_INT(in.repeats, 3);
        CHECK_INT(in.repeats_situation, -1);
        CHECK_INT(sgf_position_cycle(p, 3, 6), SGF_CYCLE_SEND_TWO_RETURN_ONE);
    }
}

static void test_replacement(sgf_position *p)
{
    sgf_play_info in;
    sgf_position *q = sgf_position_new();
    CHECK(q != NULL);
    if (!q)
        return;
    sgf_position_reset(p, 5, 5, NULL);
    play(p, SGF_BLACK, "cc", NULL);
    play(p, SGF_WHITE, "cc", &in);
    CHECK_INT(in.legality, SGF_ILLEGAL_OCCUPIED);
    CHECK_INT(sgf_position_at(p, 2, 2), SGF_WHITE);
    CHECK_INT(in.captured, 0);
    sgf_position_reset(q, 5, 5, NULL);
    sgf_position_setup(q, 2, 2, SGF_WHITE);
    sgf_position_setup_done(q);
    CHECK(sgf_position_hash(p) == sgf_position_hash(q));

    /* replacing a stone can capture: W takes the place of B bb, and the
     * black stone ab loses its last liberty */
    static const char *const rows[] = {
        "O....",
        "XX...",
        "O....",
        ".....",
        ".....",
    };
    sgf_position_reset(p, 5, 5, NULL);
    CHECK_INT(setup_rows(p, rows), 0);
    play(p, SGF_WHITE, "bb", &in);
    CHECK_INT(in.legality, SGF_ILLEGAL_OCCUPIED);
    CHECK_INT(in.captured, 1);
    CHECK_INT(sgf_position_at(p, 0, 1), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 1, 1), SGF_WHITE);
    /* the strings were rebuilt: W bb is one stone whose liberties B can
     * take one by one; a1 and b2 then go together */
    CHECK_INT(legal(p, SGF_BLACK, "ab"), SGF_ILLEGAL_SUICIDE);
    play(p, SGF_BLACK, "ba", NULL);
    play(p, SGF_WHITE, "pass", NULL);
    play(p, SGF_BLACK, "cb", NULL);
    play(p, SGF_WHITE, "pass", NULL);
    play(p, SGF_BLACK, "bc", &in);
    CHECK_INT(in.captured, 0);
    CHECK_INT(legal(p, SGF_BLACK, "ab"), SGF_LEGAL);
    play(p, SGF_BLACK, "ab", &in);
    CHECK_INT(in.captured, 2);
    CHECK_INT(sgf_position_at(p, 0, 0), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 1, 1), SGF_EMPTY);
    CHECK_INT(sgf_position_at(p, 0, 2), SGF_WHITE);
    sgf_position_free(q);
}

static void test_setup(sgf_position *p)
{
    sgf_play_info in;
    static const char *const rows[] = {
        "OOO",
        "OXO",
        "OOO",
    };
    sgf_position_reset(p, 3, 3, NULL);
    /* the W ring and the B stone: both without liberties */
    CHECK_INT(setup_rows(p, rows), 2);
    CHECK_INT(sgf_position_at(p, 1, 1), SGF_BLACK);
    /* setup in the middle of a game; a stone removed by AE frees points */
    sgf_position_setup(p, 0, 0, SGF_EMPTY);
    CHECK_INT(sgf_position_setup_done(p), 1);   /* the B stone still */
    CHECK_INT(sgf_position_ply(p), 0);
    /* B aa: takes the W ring (its only liberty) */
    play(p, SGF_BLACK, "aa", &in);
    CHECK_INT(in.captured, 7);
    CHECK_INT(sgf_position_at(p, 1, 1), SGF_BLACK);
    CHECK_INT(sgf_position_ply(p), 1);

    /* setup_done replaces the position of the current ply */
    sgf_position_reset(p, 5, 5, NULL);
    play(p, SGF_BLACK, "cc", NULL);
    play(p, SGF_WHITE, "dd", NULL);
    sgf_position_setup(p, 2, 2, SGF_EMPTY);
    sgf_position_setup(p, 3, 3, SGF_EMPTY);
    CHECK_INT(sgf_position_setup_done(p), 0);
    CHECK_INT(sgf_position_ply(p), 2);
    CHECK(sgf_position_hash(p) == 0);
    play(p, SGF_BLACK, "pass", &in);
    /* the setup changed the board after ply 0: a new history starts at
     * ply 2, whose board (empty) the pass repeats */
    CHECK_INT(in.repeats, 2);
    /* B to move at ply 2 was replaced by the setup board: the empty board
     * with W to move occurs first at ply 3 */
    CHECK_INT(in.repeats_situation, -1);
    /* setup without setup_done is recorded by the next move */
    sgf_position_setup(p, 0, 0, SGF_BLACK);
    play(p, SGF_WHITE, "ee", &in);
    CHECK_INT(in.repeats, -1);
    CHECK_INT(sgf_position_at(p, 0, 0), SGF_BLACK);
}

/* KataGo's eternal life and triple ko shapes (tests/rules/cases.txt): the
 * cycles and their names */
static void test_cycles(sgf_position *p)
{
    sgf_rules r = *sgf_position_rules(p);
    sgf_play_info in;
    r.ko = SGF_KO_SIMPLE;
    r.cycle = SGF_CYCLE_RULE_NO_RESULT;

    static const char *const life[] = {
        "........",
        "OOOOOO..",
        "XXXXXO..",
        "XOOOXXOO",
        ".O.X.OX.",
    };
    static const char *const lmoves[] = { "ce", "ee", "de", "fe" };
    sgf_position_reset(p, 8, 5, &r);
    CHECK_INT(setup_rows(p, life), 0);
    for (int i = 0; i < 8; i++)
        play(p, i % 2 ? SGF_WHITE : SGF_BLACK, lmoves[i % 4], &in);
    CHECK_INT(in.repeats, 0);
    CHECK_INT(in.repeats_situation, 0);
    CHECK_INT(sgf_position_no_result(p), 1);
    CHECK_INT(sgf_position_cycle(p, 0, 4), SGF_CYCLE_ETERNAL_LIFE);
    CHECK_INT(sgf_position_cycle(p, 4, 8), SGF_CYCLE_ETERNAL_LIFE);
    CHECK_INT(sgf_position_cycle(p, 0, 8), SGF_CYCLE_ETERNAL_LIFE);
    CHECK_STR(sgf_cycle_name(SGF_CYCLE_ETERNAL_LIFE), "eternal life");

    static const char *const triple[] = {
        "OOOOOOO",
        "OXO.O.O",
        "X.XOXOX",
        "XXXXXXX",
        "OOOOOOO",
        ".......",
    };
    static const char *const tmoves[] = { "db", "bc", "fb", "dc", "bb", "fc" };
    sgf_position_reset(p, 7, 6, &r);
    CHECK_INT(setup_rows(p, triple), 0);
    for (int i = 0; i < 12; i++) {
        play(p, i % 2 ? SGF_WHITE : SGF_BLACK, tmoves[i % 6], &in);
        CHECK_INT(in.captured, 1);
        CHECK(in.ko_x >= 0);
    }
    CHECK_INT(in.repeats_situation, 0);
    CHECK_INT(sgf_position_game_over(p), 1);
    CHECK_INT(sgf_position_no_result(p), 1);
    CHECK_INT(sgf_position_cycle(p, 0, 6), SGF_CYCLE_TRIPLE_KO);
    CHECK_INT(sgf_position_cycle(p, 6, 12), SGF_CYCLE_TRIPLE_KO);
    CHECK_INT(sgf_position_cycle(p, 0, 12), SGF_CYCLE_TRIPLE_KO);
    CHECK_INT(sgf_position_cycle(p, 2, 8), SGF_CYCLE_TRIPLE_KO);
    CHECK_INT(sgf_position_cycle(p, 6, 6), SGF_CYCLE_OTHER);
    CHECK_INT(sgf_position_cycle(p, 0, 13), SGF_CYCLE_OTHER);
    CHECK_STR(sgf_cycle_name(SGF_CYCLE_TRIPLE_KO), "triple ko");

    /* the same cycle under positional superko: the fifth capture's
     * follow-ups are banned (cases.txt), the first repetition is illegal */
    r.ko = SGF_KO_POSITIONAL;
    sgf_position_reset(p, 7, 6, &r);
    setup_rows(p, triple);
    for (int i = 0; i < 6; i++)
        play(p, i % 2 ? SGF_WHITE : SGF_BLACK, tmoves[i], &in);
    CHECK_INT(in.legality, SGF_ILLEGAL_POSITIONAL_SUPERKO);
    CHECK_INT(in.repeats, 0);
    CHECK_INT(sgf_position_no_result(p), 0);

    /* send two, return one under simple ko (tests/rules/cases.txt) */
    static const char *const s2r1[] = {
        ".O.XXO",
        "OXXXO.",
        "O.X.OO",
        "XX.OO.",
        "OOOO.O",
    };
    static const char *const smoves[] = {
        "fb", "pass", "cd", "fa", "dc", "ca", "aa", "ba", "pass", "ca", "aa", "ba"
    };
    r.ko = SGF_KO_SIMPLE;
    sgf_position_reset(p, 6, 5, &r);
    setup_rows(p, s2r1);
    for (int i = 0; i < 12; i++)
        play(p, i % 2 ? SGF_WHITE : SGF_BLACK, smoves[i], &in);
    CHECK_INT(in.repeats, 5);
    CHECK_INT(in.repeats_situation, 8);
    CHECK_INT(sgf_position_cycle(p, 5, 8), SGF_CYCLE_SEND_TWO_RETURN_ONE);
    CHECK_INT(sgf_position_cycle(p, 8, 12), SGF_CYCLE_SEND_TWO_RETURN_ONE);
    CHECK_STR(sgf_cycle_name(SGF_CYCLE_SEND_TWO_RETURN_ONE), "send two, return one");
    CHECK_STR(sgf_cycle_name(SGF_CYCLE_KO), "ko");
    CHECK_STR(sgf_cycle_name(SGF_CYCLE_OTHER), "other");
    CHECK_STR(sgf_cycle_name((sgf_cycle_kind)99), "other");
    CHECK_INT(sgf_position_cycle(p, 1, 2), SGF_CYCLE_OTHER);   /* a pass */
}

/* A ko fought with passes as threats: one ko back and forth. */
static void test_ko_cycle(sgf_position *p)
{
    sgf_rules r = *sgf_position_rules(p);
    sgf_play_info in;
    r.ko = SGF_KO_SIMPLE;
    r.cycle = SGF_CYCLE_RULE_NO_RESULT;
    sgf_position_reset(p, 5, 4, &r);
    setup_rows(p, ko_rows);
    sgf_position_set_to_move(p, SGF_WHITE);
    play(p, SGF_WHITE, "bb", &in);    /* 1: takes */
    play(p, SGF_BLACK, "pass", &in);  /* 2 */
    play(p, SGF_WHITE, "pass", &in);  /* 3 */
    CHECK_INT(sgf_position_game_over(p), 1);
    play(p, SGF_BLACK, "cb", &in);    /* 4: takes back */
    CHECK_INT(in.repeats_situation, 0);
    CHECK_INT(sgf_position_cycle(p, 0, 4), SGF_CYCLE_KO);
}

/* A game longer than the initial log and set: both grow, and the next
 * game starts clean. */
static void test_long_game(sgf_position *p)
{
    sgf_play_info in;
    sgf_position *q = sgf_position_new();
    CHECK(q != NULL);
    if (!q)
        return;
    sgf_position_reset(p, 52, 52, NULL);
    int bad = 0, n = 0, bx = 0, by = 0, wx = 0, wy = 1;
    /* black fills even rows, white odd rows, column 51 stays empty so every
     * row string keeps a liberty: 2652 plies, no capture, no repetition */
    while (by < 52 || wy < 52) {
        if (n % 2 == 0 && by < 52) {
            sgf_position_play(p, SGF_BLACK, bx, by, &in);
            if (++bx == 51) { bx = 0; by += 2; }
        } else if (wy < 52) {
            sgf_position_play(p, SGF_WHITE, wx, wy, &in);
            if (++wx == 51) { wx = 0; wy += 2; }
        }
        bad += in.legality != SGF_LEGAL || in.captured || in.repeats != -1;
        n++;
    }
    CHECK_INT(bad, 0);
    CHECK_INT(sgf_position_ply(p), 2652);
    sgf_position_reset(q, 52, 52, NULL);
    for (int y = 0; y < 52; y++)
        for (int x = 0; x < 51; x++)
            sgf_position_setup(q, x, y, y % 2 ? SGF_WHITE : SGF_BLACK);
    CHECK_INT(sgf_position_setup_done(q), 0);
    CHECK(sgf_position_hash(p) == sgf_position_hash(q));
    sgf_position_play(p, SGF_BLACK, -1, -1, &in);
    CHECK_INT(in.repeats, 2652);
    sgf_position_play(p, SGF_WHITE, 51, 0, &in);   /* takes row 0 */
    CHECK_INT(in.captured, 51);
    /* the next game does not see the old positions */
    sgf_position_reset(p, 52, 52, NULL);
    sgf_position_play(p, SGF_BLACK, 0, 0, &in);
    CHECK_INT(in.repeats, -1);
    sgf_position_play(p, SGF_WHITE, -1, -1, &in);
    CHECK_INT(in.repeats, 1);
    sgf_position_free(q);
}

/* ------------------------------------------------------------------ */
/* differential test against a naive board                             */

enum { RMAX = 8, RHIST = 700 };

typedef struct rboard {
    int w, h;
    char b[RMAX * RMAX];
} rboard;

typedef struct ref {
    rboard cur;
    rboard hist[RHIST];   /* board after ply i */
    int tomove[RHIST];    /* player to move after ply i */
    int n;                /* plies */
    int last_pass;        /* ply of the last pass, 0 before any */
    int hist_from;        /* first ply that counts: a setup that changes the
                           * board after ply 0 starts a new history */
    int ko_pt, ko_color;  /* -1: none */
    sgf_rules rules;
} ref;

/* Size of the string at pt; *libs its distinct liberties; marks it. */
static int rgroup(const rboard *b, int pt, char *mark, int *libs)
{
    int stack[RMAX * RMAX], sp = 0, n = 0, c = b->b[pt];
    char lib[RMAX * RMAX];
    memset(lib, 0, sizeof lib);
    *libs = 0;
    stack[sp++] = pt;
    mark[pt] = 1;
    while (sp) {
        int s = stack[--sp], x = s % b->w, y = s / b->w;
        int nb[4] = { x > 0 ? s - 1 : -1, x < b->w - 1 ? s + 1 : -1,
                      y > 0 ? s - b->w : -1, y < b->h - 1 ? s + b->w : -1 };
        n++;
        for (int i = 0; i < 4; i++) {
            int t = nb[i];
            if (t < 0)
                continue;
            if (b->b[t] == 0 && !lib[t]) {
                lib[t] = 1;
                (*libs)++;
            } else if (b->b[t] == c && !mark[t]) {
                mark[t] = 1;
                stack[sp++] = t;
            }
        }
    }
    return n;
}

static int rremove(rboard *b, const char *mark)
{
    int n = 0;
    for (int i = 0; i < b->w * b->h; i++)
        if (mark[i]) {
            b->b[i] = 0;
            n++;
        }
    return n;
}

/* Tolerant play on a naive board; returns captured, *suicided, *ko_pt. */
static int rplay(rboard *b, int c, int pt, int *suicided, int *ko_pt)
{
    int x = pt % b->w, y = pt / b->w, captured = 0, last = -1, libs;
    int nb[4] = { x > 0 ? pt - 1 : -1, x < b->w - 1 ? pt + 1 : -1,
                  y > 0 ? pt - b->w : -1, y < b->h - 1 ? pt + b->w : -1 };
    char mark[RMAX * RMAX];
    b->b[pt] = (char)c;
    for (int i = 0; i < 4; i++) {
        if (nb[i] < 0 || b->b[nb[i]] != 3 - c)
            continue;
        memset(mark, 0, sizeof mark);
        int size = rgroup(b, nb[i], mark, &libs);
        if (!libs) {
            captured += rremove(b, mark);
            last = size == 1 ? nb[i] : -1;
        }
    }
    memset(mark, 0, sizeof mark);
    int own = rgroup(b, pt, mark, &libs);
    *suicided = 0;
    *ko_pt = -1;
    if (!libs)
        *suicided = rremove(b, mark);
    else if (captured == 1 && own == 1 && libs == 1)
        *ko_pt = last;
    return captured;
}

static sgf_legality rlegal(const ref *r, int c, int pt)
{
    if (r->cur.b[pt])
        return SGF_ILLEGAL_OCCUPIED;
    rboard b = r->cur;
    int suicided, ko;
    rplay(&b, c, pt, &suicided, &ko);
    if (suicided && (suicided == 1 || !r->rules.suicide))
        return SGF_ILLEGAL_SUICIDE;
    if (pt == r->ko_pt && c == r->ko_color)
        return SGF_ILLEGAL_KO;
    for (int i = r->hist_from; i <= r->n; i++) {
        if (memcmp(b.b, r->hist[i].b, sizeof b.b))
            continue;
        switch (r->rules.ko) {
        case SGF_KO_POSITIONAL:
            return SGF_ILLEGAL_POSITIONAL_SUPERKO;
        case SGF_KO_SITUATIONAL:
            if (r->tomove[i] == 3 - c)
                return SGF_ILLEGAL_SITUATIONAL_SUPERKO;
            break;
        case SGF_KO_SPIGHT:
            if (i >= r->last_pass)
                return SGF_ILLEGAL_POSITIONAL_SUPERKO;
            break;
        default:
            break;
        }
    }
    return SGF_LEGAL;
}

static uint64_t rng_state = 0x12345678u;
static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static int same_board(const sgf_position *p, const rboard *b)
{
    for (int i = 0; i < b->w * b->h; i++)
        if (sgf_position_at(p, i % b->w, i / b->w) != b->b[i])
            return 0;
    return 1;
}

/* One random game: returns the number of disagreements. */
static int differential_game(sgf_position *p, sgf_position *q, ref *r,
                             int w, int h, int plies)
{
    int bad = 0;
    sgf_position_reset(p, w, h, &r->rules);
    memset(&r->cur, 0, sizeof r->cur);
    r->cur.w = w;
    r->cur.h = h;
    r->n = 0;
    r->hist[0] = r->cur;
    r->tomove[0] = SGF_BLACK;
    r->last_pass = 0;
    r->hist_from = 0;
    r->ko_pt = -1;
    r->ko_color = 0;
    int c = SGF_BLACK;
    for (int k = 0; k < plies && r->n + 1 < RHIST; k++) {
        unsigned dice = rnd(100);
        if (dice < 2) {
            /* setup in mid-game replaces the current position */
            int pt = (int)rnd((unsigned)(w * h)), col = (int)rnd(3);
            sgf_position_setup(p, pt % w, pt / w, col);
            sgf_position_setup_done(p);
            r->cur.b[pt] = (char)col;
            if (r->n > 0 && memcmp(r->cur.b, r->hist[r->n].b, sizeof r->cur.b))
                r->hist_from = r->n;
            r->hist[r->n] = r->cur;
            r->ko_pt = -1;
            continue;
        }
        /* every empty point: same verdict */
        for (int pt = 0; pt < w * h; pt++) {
            int cc = pt % 2 ? c : 3 - c;
            if (!r->cur.b[pt] &&
                sgf_position_legal(p, cc, pt % w, pt / w) != rlegal(r, cc, pt))
                bad++;
        }
        sgf_play_info in;
        int pass = dice < 10, pt = (int)rnd((unsigned)(w * h));
        if (!pass && dice < 80 && r->cur.b[pt]) {
            /* mostly empty points; replacements now and then */
            for (int t = 0; t < w * h && r->cur.b[pt]; t++)
                pt = (pt + 1) % (w * h);
        }
        if (pass || r->cur.b[pt] == 0 || dice >= 80) {
            sgf_legality want = pass ? SGF_LEGAL : rlegal(r, c, pt);
            int captured = 0, suicided = 0, ko = -1;
            if (pass) {
                sgf_position_play(p, c, -1, -1, &in);
                r->last_pass = r->n + 1;
            } else {
                sgf_position_play(p, c, pt % w, pt / w, &in);
                captured = rplay(&r->cur, c, pt, &suicided, &ko);
            }
            r->ko_pt = ko;
            r->ko_color = 3 - c;
            r->n++;
            r->hist[r->n] = r->cur;
            r->tomove[r->n] = 3 - c;
            int rep = -1, reps = -1;
            for (int i = r->hist_from; i < r->n; i++)
                if (!memcmp(r->hist[i].b, r->cur.b, sizeof r->cur.b)) {
                    if (rep < 0)
                        rep = i;
                    if (reps < 0 && r->tomove[i] == 3 - c)
                        reps = i;
                }
            bad += in.legality != want;
            bad += in.captured != captured || in.suicided != suicided;
            bad += in.repeats != rep || in.repeats_situation != reps;
            bad += (in.ko_x < 0 ? -1 : in.ko_y * w + in.ko_x) != ko;
            bad += !same_board(p, &r->cur);
            bad += sgf_position_ply(p) != r->n;
            if (bad)
                fprintf(stderr, "differential: ply %d colour %d point %d pass %d: legality %d/%d cap %d/%d sui %d/%d rep %d/%d reps %d/%d ko %d,%d/%d same %d\n",
                        r->n, c, pt, pass, in.legality, want, in.captured, captured, in.suicided, suicided,
                        in.repeats, rep, in.repeats_situation, reps, in.ko_x, in.ko_y, ko, same_board(p, &r->cur));
        }
        /* mostly alternating; now and then the same player again */
        if (rnd(20))
            c = 3 - c;
        if (bad)
            break;
    }
    /* the incremental hash is the hash of the stones */
    sgf_position_reset(q, w, h, NULL);
    for (int i = 0; i < w * h; i++)
        sgf_position_setup(q, i % w, i / w, r->cur.b[i]);
    sgf_position_setup_done(q);
    bad += sgf_position_hash(p) != sgf_position_hash(q);
    return bad;
}

static void test_differential(sgf_position *p)
{
    static ref r;
    sgf_position *q = sgf_position_new();
    CHECK(q != NULL);
    if (!q)
        return;
    static const int sizes[][2] = { { 5, 5 }, { 4, 3 }, { 2, 2 }, { 1, 4 }, { 7, 6 } };
    static const sgf_ko_rule kos[] = { SGF_KO_SIMPLE, SGF_KO_POSITIONAL,
                                       SGF_KO_SITUATIONAL, SGF_KO_SPIGHT };
    for (int k = 0; k < 4; k++)
        for (int s = 0; s < 2; s++) {
            int bad = 0, games = 0;
            memset(&r.rules, 0, sizeof r.rules);
            r.rules.ko = kos[k];
            r.rules.suicide = s;
            r.rules.first = SGF_BLACK;
            for (int z = 0; z < 5; z++)
                for (int g = 0; g < 20 && !bad; g++, games++)
                    bad += differential_game(p, q, &r, sizes[z][0], sizes[z][1],
                                             300);
            if (bad)
                fprintf(stderr, "differential: ko %d suicide %d: %d disagreements (game %d)\n",
                        k, s, bad, games);
            CHECK_INT(bad, 0);
        }
    sgf_position_free(q);
}

int main(void)
{
    sgf_position *p = sgf_position_new();
    CHECK(p != NULL);
    if (!p)
        TEST_END();
    run_cases(p);
    test_new_defaults();
    test_captures(p);
    test_sizes(p);
    test_suicide(p);
    test_simple_ko(p);
    test_superko_kinds(p);
    test_replacement(p);
    test_setup(p);
    test_cycles(p);
    test_ko_cycle(p);
    test_long_game(p);
    test_differential(p);
    sgf_position_free(p);
    TEST_END();
}
