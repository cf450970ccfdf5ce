/*
 * jsonl.c - one game as one line of JSON Lines, for pandas, DuckDB, Spark
 * and KataGo's analysis engine (doc/json.md), and the summary of a game
 * that this line and the CSV games row share.
 *
 * The board before the first move and the player to move come from the
 * replay (replay.c), so that the setup stones are what the checker places.
 * The replay stops at the first move: the line prints no captures, so
 * playing the game out (two fifths of the time the line took) told it
 * nothing.  The moves and the later setup are then the main line's B, W,
 * AB, AW and AE in the replay's order, read as the replay reads them
 * (sgf_point_decode; tests/unit/test_json.c checks every move of both
 * corpora against the replay), in one walk that writes the moves and takes
 * the signatures.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "go/game_go.h"
#include "go/board.h"
#include "go/position.h"
#include "go/replay.h"
#include "common/hash.h"
#include "common/output.h"
#include "export/jsonl.h"
#include "sgf/game.h"
#include "sgf/points.h"

/* ---- small pieces ------------------------------------------------------- */

/* sgf_point_decode, with the common value (two letters on the board)
 * decided here: it is called once per move of every game. */
static inline int move_decode(const char *v, size_t len, int w, int h,
                              int *x, int *y)
{
    if (len == 2) {
        int cx = point_coord(v[0]), cy = point_coord(v[1]);
        if (cx >= 0 && cy >= 0 && cx < w && cy < h) {
            *x = cx;
            *y = cy;
            return 1;
        }
    }
    return sgf_point_decode(v, len, w, h, x, y);
}

static bool is_setup(int kind)
{
    return kind == SGF_P_AB || kind == SGF_P_AW || kind == SGF_P_AE;
}

/* Names both sgfkit and KataGo give a rule set (KataGo's presets differ in
 * details: its "chinese" uses simple ko; the names say what RU[] meant). */
static const char *const katago_names[] = {
    "chinese", "japanese", "korean", "aga", "nz", "tromp-taylor", "ing", NULL
};

static void rules_name(const sgf_rules *r, char *out, size_t n)
{
    for (const char *const *k = katago_names; *k; k++)
        if (strcmp(r->name, *k) == 0) {
            snprintf(out, n, "%s", r->name);
            return;
        }
    sgf_rules_format(r, out, n);
}

static const char *winner_name(sgf_winner w)
{
    switch (w) {
    case SGF_WIN_BLACK: return "B";
    case SGF_WIN_WHITE: return "W";
    case SGF_WIN_DRAW: return "draw";
    case SGF_WIN_VOID: return "void";
    case SGF_WIN_UNKNOWN: return "unknown";
    default: return NULL;
    }
}

/* v as exactly `digits` decimal digits at out (v < 10^digits). */
static size_t put_digits(char *out, int v, size_t digits)
{
    for (size_t i = digits; i-- > 0; v /= 10)
        out[i] = (char)('0' + v % 10);
    return digits;
}

/* "YYYY-MM-DD", "YYYY-MM", "YYYY" or "" (out holds 11). */
static void iso_date(const sgf_date *d, char *out)
{
    size_t n = 0;
    if (d->year > 0 && d->year < 10000) {
        n += put_digits(out, d->year, 4);
        if (d->month >= 1 && d->month <= 12) {
            out[n++] = '-';
            n += put_digits(out + n, d->month, 2);
            if (d->day >= 1 && d->day <= 31) {
                out[n++] = '-';
                n += put_digits(out + n, d->day, 2);
            }
        }
    }
    out[n] = '\0';
}

/* ---- signatures --------------------------------------------------------- */

void dyer_slot(char dyer[13], int slot, const sgf_prop *p, int w, int h)
{
    size_t len;
    const char *v = move_value(p, &len);
    if (sgf_point_decode(v, len, w, h, NULL, NULL) == 0)
        memcpy(dyer + 2 * slot, "tt", 2);
    else if (len == 2 && point_coord(v[0]) >= 0 && point_coord(v[1]) >= 0)
        memcpy(dyer + 2 * slot, v, 2);
}

/* Everything but the moves: what the line prints before them, and the
 * counts. */
static void summary_start(sgf_game *g, const sgf_rules *rules,
                          game_summary *s)
{
    const sgf_info *in = sgf_game_info(g);
    game_terms t;
    replay_terms(g, rules, rules != NULL, NULL, &t);
    s->rules = t.rules;
    s->rules_source = source_words(&s->rules_why, t.rules_source,
                                   t.rules_evidence);
    s->komi_source = source_words(&s->komi_why, t.komi_source,
                                  t.komi_evidence);
    rules_name(&s->rules, s->rules_name, sizeof s->rules_name);
    sgf_format_result(&in->result, s->result, sizeof s->result);
    s->winner = winner_name(in->result.winner);
    iso_date(&in->date, s->date);
    memcpy(s->dyer, "????????????", 13);
    s->hash = FNV1A_BASIS;
    s->moves = 0;
    s->errors = sgf_game_count(g, SGF_ERROR);
    s->warnings = sgf_game_count(g, SGF_WARNING);
    s->status = s->errors ? "errors" : s->warnings ? "warnings" : "ok";
    game_id_of(g, s->game_id);
}

/* Move p of a w x h board into the signatures: v is its value without
 * the blanks around it, kind what sgf_point_decode says of v. */
static inline void summary_move(game_summary *s, const sgf_prop *p,
                                char color, const char *v, size_t len,
                                int kind, int w, int h)
{
    int slot = dyer_index((int)++s->moves);
    if (slot >= 0)
        dyer_slot(s->dyer, slot, p, w, h);
    uint64_t hash = s->hash;
    /* doc/json.md gives the bytes the hash is taken over */
    hash = fnv1a_byte(hash, ';');
    hash = fnv1a_byte(hash, (unsigned char)color);
    hash = fnv1a_byte(hash, '[');
    if (kind != 0)                   /* a pass is hashed as nothing */
        hash = fnv1a(hash, v, len);
    s->hash = fnv1a_byte(hash, ']');
}

static void hex64(uint64_t h, char out[17])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 15; i >= 0; i--, h >>= 4)
        out[i] = hex[h & 15];
    out[16] = '\0';
}

static void summary_end(game_summary *s)
{
    hex64(s->hash, s->moves_hash);
}

void game_id_of(const sgf_game *g, char id[17])
{
    const char *origin = sgf_game_origin(g);
    char number[24];
    int n = snprintf(number, sizeof number, "%u", sgf_game_index(g));
    uint64_t h = fnv1a(FNV1A_BASIS, origin ? origin : "",
                       origin ? strlen(origin) + 1 : 1);   /* with its 0 */
    hex64(fnv1a(h, number, n > 0 ? (size_t)n : 0), id);
}

/* ---- the main line ------------------------------------------------------ */

/* What the replay says of the main line before its first move. */
typedef struct line_start {
    int width, height;
    bool setup;                /* initial holds the setup stones */
    int first;                 /* colour of the first move, 0: no move */
    int to_move;               /* after the replay, for a line without moves */
    unsigned char initial[SGF_MAX_BOARD * SGF_MAX_BOARD];
} line_start;

/* on_step's return at the first move: stops the replay (not an SGF_E_*). */
enum { FIRST_MOVE = 1 };

static int on_step(void *ctx, const sgf_position *p,
                   const sgf_replay_step *st)
{
    line_start *l = ctx;
    if (st->color != 0) {
        l->first = st->color;
        return FIRST_MOVE;
    }
    /* setup before the first move: the board as it is now */
    for (int y = 0; y < l->height; y++)
        memcpy(l->initial + y * l->width,
               p->b.color + board_index(&p->b, 0, y), (size_t)l->width);
    l->setup = true;
    return 0;
}

/* Replays g's main line up to its first move into l: 0, SGF_E_ARG (no Go
 * game the replay plays) or SGF_E_NOMEM. */
static int read_start(line_start *l, sgf_game *g, const sgf_rules *rules)
{
    const sgf_info *in = sgf_game_info(g);
    l->width = in->width;
    l->height = in->height;
    l->setup = false;
    l->first = 0;
    /* HA without AB: the stones that go/assume_handicap.c placed stand
     * before any setup */
    const game_go *go = game_go_get(g);
    if (go && go->placed_n) {
        memset(l->initial, 0, (size_t)l->width * (size_t)l->height);
        for (int i = 0; i < go->placed_n; i++)
            l->initial[go->placed_y[i] * l->width + go->placed_x[i]] =
                SGF_BLACK;
        l->setup = true;
    }
    sgf_position *p = replay_position(g);
    if (!p)
        return SGF_E_NOMEM;
    int rc = sgf_game_replay(g, rules, p, on_step, l);
    l->to_move = sgf_position_to_move(p);
    return rc == FIRST_MOVE ? 0 : rc;
}

static char color_letter(int color)
{
    return color == SGF_BLACK ? 'B' : color == SGF_WHITE ? 'W' : 'E';
}

/* ["B","Q16"] (kind 1), ["B","pass"] (0) or ["B",null] (-1: off the
 * board), after a comma when asked: in one piece, a line holds hundreds. */
static void put_move(out_sink *s, bool comma, char color, int kind, int x,
                     int y, int height)
{
    char *o = sink_room(s, 16);
    size_t n = 0;
    if (comma)
        o[n++] = ',';
    o[n++] = '[';
    o[n++] = '"';
    o[n++] = color;
    o[n++] = '"';
    o[n++] = ',';
    if (kind > 0) {
        o[n++] = '"';
        n += gtp_name(o + n, x, y, height);
        o[n++] = '"';
    } else if (kind == 0) {
        memcpy(o + n, "\"pass\"", 6);
        n += 6;
    } else {
        memcpy(o + n, "null", 4);
        n += 4;
    }
    o[n++] = ']';
    s->len += n;
}

/* The moves of g's main line into the signatures of sum, and, when s is
 * not NULL, into s as the items of "moves".  Returns true when a node
 * after the first move sets stones up. */
static bool walk_moves(const sgf_game *g, game_summary *sum, out_sink *s)
{
    const sgf_info *in = sgf_game_info(g);
    const int w = in->width, h = in->height;
    bool later_setup = false;
    for (const sgf_node *n = g->root; n; n = n->child) {
        const unsigned before = sum->moves;
        for (const sgf_prop *p = n->props; p; p = p->next) {
            if (p->kind != SGF_P_B && p->kind != SGF_P_W) {
                later_setup |= before > 0 && is_setup(p->kind);
                continue;
            }
            const char color = p->kind == SGF_P_B ? 'B' : 'W';
            const char *raw = p->nvalues ? p->values[0].raw : "";
            size_t rawlen = p->nvalues ? p->values[0].len : 0, len;
            const char *v = move_value(p, &len);
            int x, y, tx, ty;
            /* the replay reads the value as written, the signatures
             * without its blanks: one decoding unless there are blanks */
            int kind = move_decode(raw, rawlen, w, h, &x, &y);
            summary_move(sum, p, color, v, len,
                         len == rawlen ? kind
                                       : move_decode(v, len, w, h, &tx, &ty),
                         w, h);
            if (s)
                put_move(s, sum->moves > 1, color, kind, x, y, h);
        }
    }
    return later_setup;
}

/* Setup after the first move, point by point as the nodes list it, as the
 * items of "later_setup": [moves before it, "B"/"W"/"E", point].  Bad
 * values place nothing, as in the replay. */
static void put_later_setup(out_sink *s, const sgf_game *g)
{
    const sgf_info *in = sgf_game_info(g);
    unsigned moves = 0;
    bool comma = false;
    for (const sgf_node *n = g->root; n; n = n->child) {
        const unsigned before = moves;
        for (const sgf_prop *q = n->props; q; q = q->next)
            moves += q->kind == SGF_P_B || q->kind == SGF_P_W;
        if (before == 0)
            continue;              /* before the first move: initialStones */
        for (const sgf_prop *q = n->props; q; q = q->next) {
            if (!is_setup(q->kind))
                continue;
            char color = q->kind == SGF_P_AB ? 'B'
                         : q->kind == SGF_P_AW ? 'W' : 'E';
            for (uint32_t i = 0; i < q->nvalues; i++) {
                point_rect r;
                switch (point_value_parse(q->values[i].raw, q->values[i].len,
                                          in->width, in->height, &r)) {
                case PV_POINT: case PV_RECT: case PV_RECT_1X1:
                case PV_RECT_ORDER:
                    break;
                default:
                    continue;
                }
                for (int y = r.y0; y <= r.y1; y++)
                    for (int x = r.x0; x <= r.x1; x++) {
                        char gtp[8];
                        if (comma)
                            sink_putc(s, ',');
                        comma = true;
                        sink_putc(s, '[');
                        sink_uint(s, before);
                        SINK_LIT(s, ",\"");
                        sink_putc(s, color);
                        SINK_LIT(s, "\",\"");
                        sink_put(s, gtp, gtp_name(gtp, x, y, in->height));
                        SINK_LIT(s, "\"]");
                    }
            }
        }
    }
}

/* initialStones, initialPlayer, moves and later_setup; the moves go into
 * the signatures of sum. */
static void put_line(out_sink *s, const line_start *l, const sgf_game *g,
                     game_summary *sum)
{
    bool comma = false;
    SINK_LIT(s, ",\"initialStones\":[");
    for (int y = 0; l->setup && y < l->height; y++)
        for (int x = 0; x < l->width; x++) {
            int c = l->initial[y * l->width + x];
            if (c == SGF_EMPTY)
                continue;
            put_move(s, comma, color_letter(c), 1, x, y, l->height);
            comma = true;
        }
    SINK_LIT(s, "],\"initialPlayer\":\"");
    sink_putc(s, color_letter(l->first ? l->first : l->to_move));
    SINK_LIT(s, "\",\"moves\":[");
    bool later = walk_moves(g, sum, s);
    SINK_LIT(s, "],\"later_setup\":[");
    if (later)
        put_later_setup(s, g);
    sink_putc(s, ']');
}

void game_summary_read(sgf_game *g, const sgf_rules *rules, game_summary *s)
{
    summary_start(g, rules, s);
    walk_moves(g, s, NULL);
    summary_end(s);
}

/* ---- the line ----------------------------------------------------------- */

/* ,"name":value with the name's quotes and colon in one literal */
#define FIELD_STR(s, name, value) \
    field_str(s, ",\"" name "\":", sizeof(",\"" name "\":") - 1, value)
#define FIELD_INT(s, name, value) \
    field_int(s, ",\"" name "\":", sizeof(",\"" name "\":") - 1, value)

static void field_str(out_sink *s, const char *key, size_t n,
                      const char *value)
{
    sink_put(s, key, n);
    sink_json_cstr(s, value);
}

static void field_int(out_sink *s, const char *key, size_t n,
                      unsigned long long v)
{
    sink_put(s, key, n);
    sink_uint(s, v);
}

static void put_info(out_sink *s, const sgf_info *in, const game_summary *sum)
{
    FIELD_INT(s, "handicap", in->handicap > 0 ? (unsigned)in->handicap : 0);
    FIELD_STR(s, "black", in->black);
    FIELD_STR(s, "white", in->white);
    FIELD_STR(s, "black_rank", in->black_rank);
    FIELD_STR(s, "white_rank", in->white_rank);
    FIELD_STR(s, "date", sum->date[0] ? sum->date : NULL);
    FIELD_STR(s, "date_text", in->date_text);
    FIELD_STR(s, "event", in->event);
    FIELD_STR(s, "round", in->round);
    FIELD_STR(s, "place", in->place);
    FIELD_STR(s, "application", in->application);
    FIELD_STR(s, "rules_text", in->rules);
    FIELD_STR(s, "rules_source", sum->rules_source);
    FIELD_STR(s, "komi_source", sum->komi_source);
    FIELD_STR(s, "result", sum->result[0] ? sum->result : NULL);
    FIELD_STR(s, "result_text", in->result_text);
    FIELD_STR(s, "winner", sum->winner);
    SINK_LIT(s, ",\"margin\":");
    if (in->result.reason == SGF_BY_POINTS && in->result.has_margin)
        sink_number(s, in->result.margin, "null");
    else
        SINK_LIT(s, "null");
}

int sgf_jsonl_write_game(sgf_game *g, const sgf_rules *rules,
                         sgf_write_fn write, void *ctx)
{
    game_summary sum;
    line_start l;
    out_sink s;

    if (!g || !write)
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    const sgf_info *in = sgf_game_info(g);
    summary_start(g, rules, &sum);
    int rc = read_start(&l, g, rules);
    if (rc == SGF_E_NOMEM)
        return rc;
    sink_init(&s, write, ctx);
    SINK_LIT(&s, "{\"origin\":");
    sink_json_cstr(&s, g->origin);
    FIELD_INT(&s, "game", g->index);
    FIELD_INT(&s, "offset", g->offset);
    /* KataGo's queries need an id; this one names the game */
    SINK_LIT(&s, ",\"id\":\"");
    sink_json_chars(&s, g->origin, g->origin ? strlen(g->origin) : 0, 0);
    sink_putc(&s, ':');
    sink_uint(&s, g->index);
    sink_putc(&s, '"');
    FIELD_STR(&s, "game_id", sum.game_id);
    FIELD_INT(&s, "boardXSize", (unsigned)(in->width > 0 ? in->width : 0));
    FIELD_INT(&s, "boardYSize", (unsigned)(in->height > 0 ? in->height : 0));
    FIELD_STR(&s, "rules", sum.rules_name);
    /* a number always, as KataGo's queries need: the komi assumed when
     * KM[] is absent (komi_source says so) */
    SINK_LIT(&s, ",\"komi\":");
    sink_number(&s, sum.rules.komi, "null");
    if (rc == 0) {
        put_line(&s, &l, g, &sum);
    } else {
        SINK_LIT(&s, ",\"initialStones\":null,\"initialPlayer\":null,"
                 "\"moves\":null,\"later_setup\":null");
        walk_moves(g, &sum, NULL);
    }
    summary_end(&sum);
    put_info(&s, in, &sum);
    FIELD_STR(&s, "dyer", sum.dyer);
    FIELD_STR(&s, "moves_hash", sum.moves_hash);
    FIELD_INT(&s, "move_count", sum.moves);
    FIELD_STR(&s, "status", sum.status);
    FIELD_INT(&s, "errors", sum.errors);
    FIELD_INT(&s, "warnings", sum.warnings);
    SINK_LIT(&s, "}\n");
    return sink_flush(&s);
}
