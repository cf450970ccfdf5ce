/*
 * csv.c - games and moves as CSV (RFC 4180; doc/json.md lists the
 * columns): one row per game with the scalars of the JSON Lines line, or one
 * row per main-line move.
 *
 * RFC 4180 rows end in CRLF; fields are quoted as sink_csv_field does.
 * Text is UTF-8; invalid bytes become U+FFFD (the JSON Lines line does the same), so that readers that
 * decode strictly (Python's csv over a text file) take every row.
 */
#include <stdbool.h>
#include <string.h>

#include "common/output.h"
#include "export/jsonl.h"
#include "sgf/points.h"
#include "sgf/game.h"
#include "go/replay.h"

int sgf_csv_write_field(const char *str, size_t len, sgf_write_fn write,
                        void *ctx)
{
    out_sink s;
    if (!write)
        return SGF_E_ARG;
    sink_init(&s, write, ctx);
    sink_csv_field(&s, str, len);
    return sink_flush(&s);
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
    "margin,moves,dyer,moves_hash,status,errors,warnings,rules_source," \
    "komi_source\r\n"

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

    csv_row c = csv_row_begin(s);
    csv_word(&c, sum->game_id);
    csv_str(&c, sgf_game_origin(r->g));
    csv_uint(&c, sgf_game_index(r->g));
    csv_uint(&c, sgf_game_offset(r->g));
    csv_uint(&c, (unsigned)(in->width > 0 ? in->width : 0));
    csv_uint(&c, (unsigned)(in->height > 0 ? in->height : 0));
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        csv_str(&c, text[i]);
    csv_number(&c, sum->rules.komi);    /* KM[], else the komi assumed */
    csv_uint(&c, (unsigned)(in->handicap > 0 ? in->handicap : 0));
    csv_str(&c, sum->result);
    csv_str(&c, sum->winner);
    if (in->result.reason == SGF_BY_POINTS && in->result.has_margin)
        csv_number(&c, in->result.margin);
    else
        csv_empty(&c);
    csv_uint(&c, sum->moves);
    csv_str(&c, sum->dyer);
    csv_str(&c, sum->moves_hash);
    csv_str(&c, sum->status);
    csv_uint(&c, sum->errors);
    csv_uint(&c, sum->warnings);
    /* came later than the rest, so they come last */
    csv_str(&c, sum->rules_source);
    csv_str(&c, sum->komi_source);
    csv_end(&c);
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
    csv_row c = csv_row_begin(s);
    csv_word(&c, m->game_id);
    csv_uint(&c, (unsigned)st->move);
    csv_word(&c, st->color == SGF_BLACK ? "B" : "W");
    bool pass = false;
    if (st->x >= 0) {
        char gtp[8];
        csv_uint(&c, (unsigned)st->x);
        csv_uint(&c, (unsigned)st->y);
        csv_field(&c, v, len);
        gtp_point(gtp, st->x, st->y, m->height);
        csv_word(&c, gtp);
    } else {
        /* a pass, or a value off the board the replay does not play */
        const sgf_info *in = sgf_game_info(m->g);
        const sgf_value *raw = q && q->nvalues ? &q->values[0] : NULL;
        pass = !raw || sgf_point_decode(raw->raw, raw->len, in->width,
                                        in->height, NULL, NULL) == 0;
        csv_empty(&c);
        csv_empty(&c);
        csv_field(&c, v, len);
        csv_word(&c, pass ? "pass" : "");
    }
    csv_word(&c, pass ? "1" : "0");
    csv_uint(&c, st->info ? (unsigned)st->info->captured : 0);
    csv_end(&c);
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
