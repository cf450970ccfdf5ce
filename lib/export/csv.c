/*
 * csv.c - games and moves as CSV (RFC 4180; doc/json.md lists the
 * columns): one row per game with the scalars of the JSON Lines line, or one
 * row per main-line move.
 *
 * RFC 4180 rows end in CRLF, and a field is quoted when it holds a comma, a
 * quote or a line break, its quotes doubled.  Text is UTF-8; invalid bytes
 * become U+FFFD (the JSON Lines line does the same), so that readers that
 * decode strictly (Python's csv over a text file) take every row.
 */
#include <stdbool.h>
#include <string.h>

#include "common/output.h"
#include "export/csv.h"
#include "export/jsonl.h"
#include "sgf/points.h"
#include "sgf/game.h"
#include "go/replay.h"

void csv_field(out_sink *s, const char *str, size_t n)
{
    const unsigned char *p = (const unsigned char *)str, *end = p + n;
    bool quote = false, clean = true;
    if (!str)
        return;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c == ',' || c == '"' || c == '\r' || c == '\n')
            quote = true;
        else if (c >= 0x80)
            clean = false;
    }
    if (!quote && clean) {
        sink_put(s, str, n);
        return;
    }
    if (quote)
        sink_putc(s, '"');
    while (p < end) {
        const unsigned char *run = p;
        while (p < end && *p != '"' && *p < 0x80)
            p++;
        sink_put(s, run, (size_t)(p - run));
        if (p == end)
            break;
        if (*p == '"') {
            sink_put(s, "\"\"", 2);
            p++;
            continue;
        }
        size_t k = utf8_char_len(p, (size_t)(end - p));
        if (k) {
            sink_put(s, p, k);
            p += k;
        } else {
            sink_puts(s, "\xEF\xBF\xBD");
            p++;
        }
    }
    if (quote)
        sink_putc(s, '"');
}

static void csv_cstr(out_sink *s, const char *str)
{
    csv_field(s, str, str ? strlen(str) : 0);
}

typedef void (*rows_fn)(out_sink *s, void *arg);

static int with_sink(sgf_write_fn write, void *ctx, rows_fn rows, void *arg)
{
    out_sink s;
    if (!write)
        return SGF_E_ARG;
    sink_init(&s, write, ctx);
    rows(&s, arg);
    return sink_flush(&s);
}

/* ---- games -------------------------------------------------------------- */

#define GAMES_HEADER \
    "game_id,origin,game,offset,width,height,black,black_rank,white,white_rank," \
    "date,event,round,place,rules,rules_text,komi,handicap,result,winner," \
    "margin,moves,dyer,moves_hash,status,errors,warnings\r\n"

static void games_header(out_sink *s, void *arg)
{
    (void)arg;
    sink_puts(s, GAMES_HEADER);
}

int sgf_csv_write_games_header(sgf_write_fn write, void *ctx)
{
    return with_sink(write, ctx, games_header, NULL);
}

typedef struct game_row {
    sgf_game *g;
    const game_summary *sum;
} game_row;

static void game_row_put(out_sink *s, void *arg)
{
    const game_row *r = arg;
    const sgf_info *in = sgf_game_info(r->g);
    const game_summary *sum = r->sum;
    const char *const text[] = { in->black, in->black_rank, in->white,
                                 in->white_rank, sum->date, in->event,
                                 in->round, in->place, sum->rules_name,
                                 in->rules };

    sink_puts(s, sum->game_id);
    sink_putc(s, ',');
    csv_cstr(s, sgf_game_origin(r->g));
    sink_putc(s, ',');
    sink_uint(s, sgf_game_index(r->g));
    sink_putc(s, ',');
    sink_uint(s, sgf_game_offset(r->g));
    sink_putc(s, ',');
    sink_uint(s, (unsigned)(in->width > 0 ? in->width : 0));
    sink_putc(s, ',');
    sink_uint(s, (unsigned)(in->height > 0 ? in->height : 0));
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
        sink_putc(s, ',');
        csv_cstr(s, text[i]);
    }
    sink_putc(s, ',');
    if (sum->rules.has_komi)
        sink_number(s, sum->rules.komi, "");
    sink_putc(s, ',');
    sink_uint(s, (unsigned)(in->handicap > 0 ? in->handicap : 0));
    sink_putc(s, ',');
    csv_cstr(s, sum->result);
    sink_putc(s, ',');
    csv_cstr(s, sum->winner);
    sink_putc(s, ',');
    if (in->result.reason == SGF_BY_POINTS && in->result.has_margin)
        sink_number(s, in->result.margin, "");
    sink_putc(s, ',');
    sink_uint(s, sum->moves);
    sink_putc(s, ',');
    csv_cstr(s, sum->dyer);
    sink_putc(s, ',');
    csv_cstr(s, sum->moves_hash);
    sink_putc(s, ',');
    csv_cstr(s, sum->status);
    sink_putc(s, ',');
    sink_uint(s, sum->errors);
    sink_putc(s, ',');
    sink_uint(s, sum->warnings);
    sink_puts(s, "\r\n");
}

int sgf_csv_write_game_row(sgf_game *g, const sgf_rules *rules,
                           sgf_write_fn write, void *ctx)
{
    game_summary sum;
    if (!g)
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    game_summary_read(g, rules, &sum);
    game_row r = { g, &sum };
    return with_sink(write, ctx, game_row_put, &r);
}

/* ---- moves -------------------------------------------------------------- */

/* game_id joins the games table, which alone holds the origin: a 150-byte
 * origin on each of a game's 250 rows made the file ten times larger */
#define MOVES_HEADER "game_id,move,color,x,y,sgf,gtp,pass,captures\r\n"

static void moves_header(out_sink *s, void *arg)
{
    (void)arg;
    sink_puts(s, MOVES_HEADER);
}

int sgf_csv_write_moves_header(sgf_write_fn write, void *ctx)
{
    return with_sink(write, ctx, moves_header, NULL);
}

typedef struct moves_run {
    sgf_game *g;
    const sgf_rules *rules;
    out_sink *s;
    char game_id[17];
    int height;
    int rc;
} moves_run;

static const sgf_prop *move_prop(const sgf_replay_step *st)
{
    int kind = st->color == SGF_BLACK ? SGF_P_B : SGF_P_W;
    for (const sgf_prop *q = st->node->props; q; q = q->next)
        if (q->kind == kind)
            return q;
    return NULL;
}

static int move_row(void *ctx, const sgf_position *p, const sgf_replay_step *st)
{
    moves_run *m = ctx;
    out_sink *s = m->s;
    const sgf_prop *q;
    const char *v = "";
    size_t len = 0;
    (void)p;
    if (st->color == 0)
        return 0;                    /* setup: not a move */
    if ((q = move_prop(st)) != NULL)
        v = move_value(q, &len);
    sink_puts(s, m->game_id);
    sink_putc(s, ',');
    sink_uint(s, (unsigned)st->move);
    sink_puts(s, st->color == SGF_BLACK ? ",B," : ",W,");
    bool pass = false;
    if (st->x >= 0) {
        char gtp[8];
        sink_uint(s, (unsigned)st->x);
        sink_putc(s, ',');
        sink_uint(s, (unsigned)st->y);
        sink_putc(s, ',');
        csv_field(s, v, len);
        gtp_point(gtp, st->x, st->y, m->height);
        sink_putc(s, ',');
        sink_puts(s, gtp);
    } else {
        /* a pass, or a value off the board the replay does not play */
        const sgf_info *in = sgf_game_info(m->g);
        const sgf_value *raw = q && q->nvalues ? &q->values[0] : NULL;
        pass = !raw || sgf_point_decode(raw->raw, raw->len, in->width,
                                        in->height, NULL, NULL) == 0;
        sink_puts(s, ",,");
        csv_field(s, v, len);
        sink_puts(s, pass ? ",pass" : ",");
    }
    sink_puts(s, pass ? ",1," : ",0,");
    sink_uint(s, st->info ? (unsigned)st->info->captured : 0);
    sink_puts(s, "\r\n");
    return s->err;
}

static void moves_put(out_sink *s, void *arg)
{
    moves_run *m = arg;
    m->s = s;
    m->height = sgf_game_info(m->g)->height;
    game_id_of(m->g, m->game_id);
    sgf_position *p = replay_position(m->g);
    if (!p) {
        m->rc = SGF_E_NOMEM;
        return;
    }
    m->rc = sgf_game_replay(m->g, m->rules, p, move_row, m);
}

int sgf_csv_write_moves(sgf_game *g, const sgf_rules *rules,
                        sgf_write_fn write, void *ctx)
{
    moves_run m = { g, rules, NULL, "", 0, 0 };
    int rc;
    if (!g)
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    rc = with_sink(write, ctx, moves_put, &m);
    return m.rc ? m.rc : rc;
}
