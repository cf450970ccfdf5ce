/*
 * fuzz_score.c - libFuzzer target for the scorer and the drawings (see
 * doc/fuzzing.md).
 *
 * Every game of the input is scored with sgf_game_score, the dead stones
 * decided as the input's last byte and size say (auto, TB/TW markup, the estimate
 * with a few playouts, none), under the game's rules or a named set, with
 * or without a komi of the caller's; then the final position is drawn as
 * text and as SVG into a buffer, with the scored map, the last move, and
 * the game's name as the caption, and the count is reported as sgfscore
 * does, in text, JSON and CSV.
 *
 * Beyond the sanitizers, what the score promises is checked: every stone of
 * the board is counted once, alive or dead, and dead marks sit on stones;
 * the totals, the margin and the winner agree; the result text reads back
 * as the winner; the text diagram is ASCII lines without trailing blanks,
 * one per row; the SVG is well-formed XML (libxml2, no network, no
 * entities) and ends with </svg>; no drawing write exceeds 4 KiB.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#define FUZZ_NAME "fuzz_score"
/* the drawings write in pieces of the library's output buffer, SINK_SIZE */
#define FUZZ_MAX_WRITE 8192
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A write that fails at once: nothing more may be written after it. */
static int failing_write(void *ctx, const void *data, size_t len)
{
    (void)data;
    (void)len;
    if ((*(int *)ctx)++ > 0)
        FAIL("a writer wrote on after its callback failed");
    return 42;
}

static void check_score(const sgf_position *p, const unsigned char *map,
                        const sgf_scored_game *sg)
{
    int w = sgf_position_width(p), h = sgf_position_height(p);
    const sgf_score *s = &sg->score;
    int on_board[3] = { 0, 0, 0 };
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = sgf_position_at(p, x, y);
            unsigned char m = map[y * w + x];
            on_board[c]++;
            if (c == SGF_EMPTY && (m & SGF_MAP_DEAD))
                FAIL("a dead mark on the empty point %d,%d", x, y);
        }
    for (int c = SGF_BLACK; c <= SGF_WHITE; c++) {
        if (s->stones[c] < 0 || s->dead[c] < 0 || s->territory[c] < 0 ||
            s->prisoners[c] < 0 || s->groups[c] < 0)
            FAIL("a negative count for colour %d", c);
        if (s->stones[c] + s->dead[c] != on_board[c])
            FAIL("colour %d: %d alive + %d dead, %d on the board", c,
                 s->stones[c], s->dead[c], on_board[c]);
    }
    if (s->seki < 0 || s->dame < 0 || s->unsettled < 0 || s->handicap < 0)
        FAIL("a negative count");
    if (s->territory[1] + s->territory[2] + s->seki + s->dame >
        w * h - s->stones[1] - s->stones[2])
        FAIL("more territory, seki and dame (%d+%d+%d+%d) than points left",
             s->territory[1], s->territory[2], s->seki, s->dame);
    if (!isfinite(s->black) || !isfinite(s->white) || !isfinite(s->margin))
        FAIL("totals %g %g %g", s->black, s->white, s->margin);
    if (fabs(s->margin - (s->white - s->black)) > 1e-6)
        FAIL("margin %g is not %g - %g", s->margin, s->white, s->black);
    int want = s->margin > 0 ? SGF_WHITE : s->margin < 0 ? SGF_BLACK : -1;
    if (want > 0 ? s->winner != want
                 : s->winner != SGF_EMPTY && s->winner != SGF_BLACK)
        FAIL("winner %d with margin %g", s->winner, s->margin);
    if (!memchr(sg->result, '\0', sizeof sg->result))
        FAIL("result not NUL-terminated");
    if (sg->no_result) {
        if (strcmp(sg->result, "Void") != 0)
            FAIL("no result, but '%s'", sg->result);
    } else {
        /* FF[4], but a komi in quarters of a point ("3¾目") gives a
         * margin in quarters, which sgfkit reads back loosely as stones
         * (doc/fuzzing.md, 23 and 24): the winner must still be right */
        sgf_result r;
        int rc = sgf_parse_result(sg->result, &r);
        bool quarters = fmod(fabs(s->margin) * 4, 2) == 1;
        if (rc != 1 && !(rc == 0 && quarters))
            FAIL("result '%s' is not FF[4]", sg->result);
        sgf_winner ww = s->winner == SGF_BLACK ? SGF_WIN_BLACK
                      : s->winner == SGF_WHITE ? SGF_WIN_WHITE
                      : SGF_WIN_DRAW;
        if (r.winner != ww)
            FAIL("result '%s' for winner %d", sg->result, s->winner);
    }
    if ((unsigned)sg->agreement > SGF_AGREE_OTHER_ORDER ||
        !sgf_agreement_name(sg->agreement) ||
        !sgf_dead_mode_name(sg->dead))
        FAIL("agreement %d, dead mode %d", (int)sg->agreement, (int)sg->dead);
    /* only an estimated finish has another order to play */
    if (sg->agreement == SGF_AGREE_OTHER_ORDER &&
        (sg->dead != SGF_DEAD_ESTIMATE || sg->ended || sgf_score_disagrees(sg)))
        FAIL("other-order on a count that was %s, ended %d",
             sgf_dead_mode_name(sg->dead), sg->ended);
    if (sg->dead == SGF_DEAD_AUTO)
        FAIL("the dead stones were decided by 'auto'");
    if ((sg->last_x < 0) != (sg->last_y < 0) || sg->last_x >= w ||
        sg->last_y >= h)
        FAIL("last move %d,%d on %dx%d", sg->last_x, sg->last_y, w, h);
    char stones[96];
    sgf_score_result(s, 1, stones, sizeof stones);
    if (!*stones)
        FAIL("no result in stones");
}

static void check_diagram(const buf *b, int h, int coordinates)
{
    int lines = 0;
    for (size_t i = 0; i < b->len; i++) {
        unsigned char c = (unsigned char)b->p[i];
        if (c >= 0x80 || (c < 0x20 && c != '\n'))
            FAIL("diagram byte 0x%02x at %zu", c, i);
        if (c == '\n') {
            lines++;
            if (i > 0 && b->p[i - 1] == ' ')
                FAIL("diagram line %d ends in a blank", lines);
        }
    }
    if (b->len == 0 || b->p[b->len - 1] != '\n')
        FAIL("diagram does not end in a newline");
    if (!coordinates && lines != h)
        FAIL("diagram of %d rows has %d lines", h, lines);
    if (coordinates && lines < h + 2)
        FAIL("diagram of %d rows with coordinates has %d lines", h, lines);
}

static void check_svg(const buf *b)
{
    static const char end[] = "</svg>\n";
    if (b->len < sizeof end ||
        memcmp(b->p + b->len - (sizeof end - 1), end, sizeof end - 1) != 0)
        FAIL("the SVG does not end in </svg>");
    xmlDocPtr doc = xmlReadMemory(b->p, (int)b->len, "fuzz.svg", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR |
                                  XML_PARSE_NOWARNING);
    if (!doc) {
        fprintf(stderr, "%.*s\n", (int)(b->len > 3000 ? 3000 : b->len), b->p);
        FAIL("the SVG is not well-formed XML");
    }
    xmlFreeDoc(doc);
}

/* sgfscore's report of the count (or of a game not scored, rc) in each
 * format: something written, ending in a newline; a failing write's error
 * comes back. */
static void report_score(sgf_game *g, int rc, const sgf_position *p,
                         const unsigned char *map, const sgf_scored_game *sg,
                         int diagram, buf *b)
{
    for (int f = SGF_REPORT_TEXT; f <= SGF_REPORT_CSV; f++) {
        sgf_report_options ro = { (sgf_report_format)f, NULL, 1,
                                  diagram ? SGF_REPORT_DIAGRAM : 0 };
        b->len = 0;
        if (sgf_score_report(g, rc, p, map, sg, &ro, buf_write, b) != 0)
            FAIL("sgf_score_report (format %d) failed", f);
        if (b->len == 0 || b->p[b->len - 1] != '\n')
            FAIL("the score report (format %d) does not end a line", f);
        int calls = 0;
        if (sgf_score_report(g, rc, p, map, sg, &ro, failing_write,
                             &calls) != 42)
            FAIL("sgf_score_report lost its callback's error");
    }
}

static void score_game(sgf_game *g, const uint8_t *data, size_t size,
                       sgf_position *p, unsigned char *map, buf *b)
{
    /* records begin with '(' and end with ')' or a newline: the options
     * come from the last byte, the middle one and the size */
    uint8_t b0 = (uint8_t)((size ? data[size - 1] : 0) ^ size);
    uint8_t b1 = size ? data[size / 2] : 0;
    sgf_rules rules;
    sgf_score_options o = { 0 };
    o.dead = (sgf_dead_mode)(b0 & 3);
    if (b0 & 4) {
        const char *name = sgf_rules_name((b0 >> 3) & 7);
        if (name && sgf_rules_named(name, &rules) == 0)
            o.rules = &rules;
    }
    if (b0 & 0x40) {
        o.has_komi = 1;
        o.komi = (double)(b1 & 0x3f) / 2 - 8;
    }
    o.estimate.playouts = 1 + (b1 >> 6) * 4;
    o.estimate.seed = size;
    sgf_scored_game sg;
    memset(map, 0xee, SGF_MAP_SIZE);
    int rc = sgf_game_score(g, &o, p, map, &sg);
    if (rc != 0 && rc != SGF_E_ARG)
        FAIL("sgf_game_score: %s", sgf_strerror(rc));
    report_score(g, rc, p, map, &sg, b0 >> 7, b);
    if (rc == SGF_E_ARG)
        return;
    check_score(p, map, &sg);

    /* the caption is untrusted text from the record */
    const char *title = NULL;
    const sgf_node *root = sgf_game_root(g);
    const sgf_prop *gn = root ? sgf_node_find(root, SGF_P_GN) : NULL;
    if (!gn && root)
        gn = sgf_node_find(root, SGF_P_C);
    if (gn && gn->nvalues)
        title = sgf_value_text(g, gn, 0, NULL);
    int coordinates = b0 >> 7;
    sgf_draw_options d = { map, sg.last_x, sg.last_y, coordinates, title };
    b->len = 0;
    if (sgf_position_diagram(p, &d, buf_write, b) != 0)
        FAIL("sgf_position_diagram failed");
    check_diagram(b, sgf_position_height(p), coordinates);
    b->len = 0;
    if (sgf_position_diagram(p, NULL, buf_write, b) != 0)
        FAIL("sgf_position_diagram without options failed");
    check_diagram(b, sgf_position_height(p), 0);
    b->len = 0;
    if (sgf_position_svg(p, &d, buf_write, b) != 0)
        FAIL("sgf_position_svg failed");
    check_svg(b);
    int calls = 0;
    if (sgf_position_svg(p, &d, failing_write, &calls) != 42)
        FAIL("sgf_position_svg lost its callback's error");
    calls = 0;
    if (sgf_position_diagram(p, &d, failing_write, &calls) != 42)
        FAIL("sgf_position_diagram lost its callback's error");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int init;
    if (!init) {
        xmlInitParser();
        init = 1;
    }
    sgf_member *m = sgf_member_from_memory(data, size, "fuzz.sgf");
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_position *p = sgf_position_new();
    unsigned char *map = malloc(SGF_MAP_SIZE);
    buf b = { 0 };
    if (!m || !r || !p || !map)
        FAIL("out of memory");
    sgf_reader_start(r, m);
    sgf_game *g;
    int rc;
    while ((rc = sgf_reader_next(r, &g)) == 1)
        if (sgf_game_root(g))
            score_game(g, data, size, p, map, &b);
    if (rc != 0)
        FAIL("sgf_reader_next: %s", sgf_strerror(rc));
    free(b.p);
    free(map);
    sgf_position_free(p);
    sgf_reader_free(r);
    sgf_member_free(m);
    return 0;
}
