/*
 * jsonl.c - one game as one line of JSON Lines, for pandas, DuckDB, Spark
 * and KataGo's analysis engine (doc/json.md), and the summary of a game
 * that this line and the CSV games row share.
 *
 * The main line comes from the replay (replay.c), so that the moves, the
 * setup stones and the player to move are what the checker plays, not a
 * second reading of the properties.
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"

/* ---- small pieces ------------------------------------------------------- */

void gtp_point(char *out, int x, int y, int height)
{
    /* KataGo's Location::toString: past Z (25 columns without I) the
     * column takes two letters, the first one counting the 25s */
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    size_t n = 0;
    if (x >= 25)
        out[n++] = letters[x / 25 - 1];
    out[n++] = letters[x % 25];
    /* rows 1..52: snprintf was a tenth of the JSON Lines writer's time */
    int row = height - y;
    if (row >= 10)
        out[n++] = (char)('0' + row / 10);
    out[n++] = (char)('0' + row % 10);
    out[n] = '\0';
}

const char *move_value(const sgf_prop *p, size_t *len)
{
    const char *s = p->nvalues ? p->values[0].raw : "";
    size_t n = p->nvalues ? p->values[0].len : 0;
    while (n > 0 && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++, n--;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
                     s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    *len = n;
    return s;
}

static bool is_move(const sgf_prop *p)
{
    return p->kind == SGF_P_B || p->kind == SGF_P_W;
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

/* ---- signatures --------------------------------------------------------- */

/* Dave Dyer's signature: moves 20, 40, 60 ("signature A") then 31, 51, 71
 * ("signature B") as SGF points, "??" where the main line has no such
 * move.  Passes are "tt", as the records of Dyer's time wrote them. */
static const int dyer_moves[6] = { 20, 40, 60, 31, 51, 71 };

static void dyer_slot(char *dyer, int number, const sgf_prop *p, int w, int h)
{
    size_t len;
    const char *v = move_value(p, &len);
    for (int i = 0; i < 6; i++) {
        if (dyer_moves[i] != number)
            continue;
        if (sgf_point_decode(v, len, w, h, NULL, NULL) == 0) {
            memcpy(dyer + 2 * i, "tt", 2);
        } else if (len == 2 && point_coord(v[0]) >= 0 &&
                   point_coord(v[1]) >= 0) {
            memcpy(dyer + 2 * i, v, 2);
        }
    }
}

/* FNV-1a, 64 bits: a few lines anyone can write again in any language to
 * match a hash (doc/json.md gives the bytes it is taken over). */
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

void game_summary_read(sgf_game *g, const sgf_rules *rules, game_summary *s)
{
    const sgf_info *in = sgf_game_info(g);
    uint64_t h = 0xcbf29ce484222325ull;
    int number = 0;

    sgf_game_rules(g, rules, rules != NULL, &s->rules);
    rules_name(&s->rules, s->rules_name, sizeof s->rules_name);
    sgf_format_result(&in->result, s->result, sizeof s->result);
    s->winner = winner_name(in->result.winner);
    s->date[0] = '\0';
    if (in->date.year > 0 && in->date.year < 10000) {
        int n = snprintf(s->date, sizeof s->date, "%04d", in->date.year);
        if (in->date.month >= 1 && in->date.month <= 12) {
            n += snprintf(s->date + n, sizeof s->date - (size_t)n, "-%02d",
                          in->date.month);
            if (in->date.day >= 1 && in->date.day <= 31)
                snprintf(s->date + n, sizeof s->date - (size_t)n, "-%02d",
                         in->date.day);
        }
    }
    memcpy(s->dyer, "????????????", 13);
    for (const sgf_node *n = sgf_game_root(g); n; n = n->child)
        for (const sgf_prop *p = n->props; p; p = p->next) {
            if (!is_move(p))
                continue;
            size_t len;
            const char *v = move_value(p, &len);
            if (sgf_point_decode(v, len, in->width, in->height, NULL,
                                 NULL) == 0)
                len = 0;
            h = fnv(h, p->kind == SGF_P_B ? ";B[" : ";W[", 3);
            h = fnv(h, v, len);
            h = fnv(h, "]", 1);
            dyer_slot(s->dyer, ++number, p, in->width, in->height);
        }
    s->moves = (unsigned)number;
    snprintf(s->moves_hash, sizeof s->moves_hash, "%016llx",
             (unsigned long long)h);
    s->errors = sgf_game_count(g, SGF_ERROR);
    s->warnings = sgf_game_count(g, SGF_WARNING);
    s->status = s->errors ? "errors" : s->warnings ? "warnings" : "ok";
}

/* ---- the main line ------------------------------------------------------ */

typedef struct line_move {
    signed char color, x, y;
    signed char kind;          /* 1 a point, 0 a pass, -1 off the board */
} line_move;

typedef struct line_setup {
    int after;                 /* moves played before it */
    signed char color, x, y;   /* color SGF_EMPTY: AE */
} line_setup;

typedef struct main_line {
    sgf_game *g;
    line_move *moves;
    size_t nmoves, moves_cap;
    line_setup *setup;
    size_t nsetup, setup_cap;
    unsigned char initial[SGF_MAX_BOARD * SGF_MAX_BOARD];
    int width, height;
    int to_move;               /* after the replay */
} main_line;

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return true;
    size_t c = *cap ? *cap * 2 : 64;
    void *p = realloc(*v, c * size);
    if (!p)
        return false;
    *v = p;
    *cap = c;
    return true;
}

/* Setup after the first move, point by point, as the node lists it. */
static int later_setup(main_line *l, const sgf_node *n, int after)
{
    for (const sgf_prop *q = n->props; q; q = q->next) {
        int color = q->kind == SGF_P_AB ? SGF_BLACK
                    : q->kind == SGF_P_AW ? SGF_WHITE
                    : q->kind == SGF_P_AE ? SGF_EMPTY : -1;
        if (color < 0)
            continue;
        for (uint32_t i = 0; i < q->nvalues; i++) {
            point_rect r;
            switch (point_value_parse(q->values[i].raw, q->values[i].len,
                                      l->width, l->height, &r)) {
            case PV_POINT: case PV_RECT: case PV_RECT_1X1: case PV_RECT_ORDER:
                break;
            default:
                continue;        /* as the replay: bad values place nothing */
            }
            for (int y = r.y0; y <= r.y1; y++)
                for (int x = r.x0; x <= r.x1; x++) {
                    if (!grow((void **)&l->setup, &l->setup_cap, l->nsetup,
                              sizeof *l->setup))
                        return SGF_E_NOMEM;
                    l->setup[l->nsetup++] = (line_setup){
                        after, (signed char)color, (signed char)x,
                        (signed char)y };
                }
        }
    }
    return 0;
}

/* The kind of a move the replay calls a pass (x < 0): a pass, or a value
 * off the board that the replay does not execute. */
static signed char pass_or_off(const main_line *l, const sgf_replay_step *st)
{
    int kind = st->color == SGF_BLACK ? SGF_P_B : SGF_P_W;
    for (const sgf_prop *q = st->node->props; q; q = q->next)
        if (q->kind == kind) {
            const sgf_value *v = q->nvalues ? &q->values[0] : NULL;
            if (v && sgf_point_decode(v->raw, v->len, l->width, l->height,
                                      NULL, NULL) != 0)
                return -1;
            break;
        }
    return 0;
}

static int on_step(void *ctx, const sgf_position *p,
                   const sgf_replay_step *st)
{
    main_line *l = ctx;
    if (st->color == 0) {
        if (st->move > 0)
            return later_setup(l, st->node, st->move);
        for (int y = 0; y < l->height; y++)
            for (int x = 0; x < l->width; x++)
                l->initial[y * l->width + x] =
                    (unsigned char)sgf_position_at(p, x, y);
        return 0;
    }
    if (!grow((void **)&l->moves, &l->moves_cap, l->nmoves, sizeof *l->moves))
        return SGF_E_NOMEM;
    line_move *m = &l->moves[l->nmoves++];
    m->color = (signed char)st->color;
    m->x = (signed char)st->x;
    m->y = (signed char)st->y;
    m->kind = st->x >= 0 ? 1 : pass_or_off(l, st);
    return 0;
}

/* Replays g's main line into l: 0, SGF_E_ARG (no Go game the replay
 * plays) or SGF_E_NOMEM. */
static int read_line(main_line *l, sgf_game *g, const sgf_rules *rules)
{
    const sgf_info *in = sgf_game_info(g);
    l->g = g;
    l->width = in->width;
    l->height = in->height;
    if (!g->pos && !(g->pos = sgf_position_new()))
        return SGF_E_NOMEM;
    int rc = sgf_game_replay(g, rules, g->pos, on_step, l);
    l->to_move = sgf_position_to_move(g->pos);
    return rc;
}

static void free_line(main_line *l)
{
    free(l->moves);
    free(l->setup);
}

static const char *color_letter(int color)
{
    return color == SGF_BLACK ? "B" : color == SGF_WHITE ? "W" : "E";
}

static void put_point(out_sink *s, const char *color, int x, int y, int height)
{
    /* ["B","Q16"] in one piece: a line holds hundreds of them */
    char buf[24] = "[\"";
    size_t n = 2;
    buf[n++] = color[0];
    memcpy(buf + n, "\",\"", 3);
    n += 3;
    gtp_point(buf + n, x, y, height);
    n += strlen(buf + n);
    memcpy(buf + n, "\"]", 2);
    sink_put(s, buf, n + 2);
}

static void put_line(out_sink *s, const main_line *l)
{
    const char *sep = "";
    sink_puts(s, ",\"initialStones\":[");
    for (int y = 0; y < l->height; y++)
        for (int x = 0; x < l->width; x++) {
            int c = l->initial[y * l->width + x];
            if (c == SGF_EMPTY)
                continue;
            sink_puts(s, sep);
            put_point(s, color_letter(c), x, y, l->height);
            sep = ",";
        }
    sink_puts(s, "],\"initialPlayer\":\"");
    sink_puts(s, color_letter(l->nmoves ? l->moves[0].color : l->to_move));
    sink_puts(s, "\",\"moves\":[");
    for (size_t i = 0; i < l->nmoves; i++) {
        const line_move *m = &l->moves[i];
        if (i)
            sink_putc(s, ',');
        if (m->kind == 1) {
            put_point(s, color_letter(m->color), m->x, m->y, l->height);
        } else {
            sink_puts(s, "[\"");
            sink_puts(s, color_letter(m->color));
            sink_puts(s, m->kind == 0 ? "\",\"pass\"]" : "\",null]");
        }
    }
    sink_puts(s, "],\"later_setup\":[");
    for (size_t i = 0; i < l->nsetup; i++) {
        const line_setup *u = &l->setup[i];
        char gtp[8];
        if (i)
            sink_putc(s, ',');
        sink_putc(s, '[');
        sink_uint(s, (unsigned)u->after);
        sink_puts(s, ",\"");
        sink_puts(s, color_letter(u->color));
        sink_puts(s, "\",\"");
        gtp_point(gtp, u->x, u->y, l->height);
        sink_puts(s, gtp);
        sink_puts(s, "\"]");
    }
    sink_putc(s, ']');
}

/* ---- the line ----------------------------------------------------------- */

static void field_str(out_sink *s, const char *name, const char *value)
{
    sink_puts(s, ",\"");
    sink_puts(s, name);
    sink_puts(s, "\":");
    sink_json_cstr(s, value);
}

static void field_int(out_sink *s, const char *name, unsigned long long v)
{
    sink_puts(s, ",\"");
    sink_puts(s, name);
    sink_puts(s, "\":");
    sink_uint(s, v);
}

static void put_info(out_sink *s, const sgf_info *in, const game_summary *sum)
{
    field_int(s, "handicap", in->handicap > 0 ? (unsigned)in->handicap : 0);
    field_str(s, "black", in->black);
    field_str(s, "white", in->white);
    field_str(s, "black_rank", in->black_rank);
    field_str(s, "white_rank", in->white_rank);
    field_str(s, "date", sum->date[0] ? sum->date : NULL);
    field_str(s, "date_text", in->date_text);
    field_str(s, "event", in->event);
    field_str(s, "round", in->round);
    field_str(s, "place", in->place);
    field_str(s, "application", in->application);
    field_str(s, "rules_text", in->rules);
    field_str(s, "result", sum->result[0] ? sum->result : NULL);
    field_str(s, "result_text", in->result_text);
    field_str(s, "winner", sum->winner);
    sink_puts(s, ",\"margin\":");
    if (in->result.reason == SGF_BY_POINTS && in->result.has_margin)
        sink_number(s, in->result.margin, "null");
    else
        sink_puts(s, "null");
}

int sgf_jsonl_write_game(sgf_game *g, const sgf_rules *rules,
                         sgf_write_fn write, void *ctx)
{
    game_summary sum;
    main_line l = { 0 };
    out_sink s;
    int rc;

    if (!g || !write)
        return SGF_E_ARG;
    if (!g->root)
        return SGF_OK;
    const sgf_info *in = sgf_game_info(g);
    game_summary_read(g, rules, &sum);
    rc = read_line(&l, g, rules);
    sink_init(&s, write, ctx);
    if (rc != SGF_E_NOMEM) {
        char id[32];
        sink_puts(&s, "{\"origin\":");
        sink_json_cstr(&s, g->origin);
        field_int(&s, "game", g->index);
        field_int(&s, "offset", g->offset);
        /* KataGo's queries need an id; this one names the game */
        snprintf(id, sizeof id, ":%u\"", g->index);
        sink_puts(&s, ",\"id\":\"");
        sink_json_chars(&s, g->origin, g->origin ? strlen(g->origin) : 0, 0);
        sink_puts(&s, id);
        field_int(&s, "boardXSize", (unsigned)(in->width > 0 ? in->width : 0));
        field_int(&s, "boardYSize",
                  (unsigned)(in->height > 0 ? in->height : 0));
        field_str(&s, "rules", sum.rules_name);
        sink_puts(&s, ",\"komi\":");
        if (sum.rules.has_komi)
            sink_number(&s, sum.rules.komi, "null");
        else
            sink_puts(&s, "null");
        if (rc == 0)
            put_line(&s, &l);
        else
            sink_puts(&s, ",\"initialStones\":null,\"initialPlayer\":null,"
                      "\"moves\":null,\"later_setup\":null");
        put_info(&s, in, &sum);
        field_str(&s, "dyer", sum.dyer);
        field_str(&s, "moves_hash", sum.moves_hash);
        field_int(&s, "move_count", sum.moves);
        field_str(&s, "status", sum.status);
        field_int(&s, "errors", sum.errors);
        field_int(&s, "warnings", sum.warnings);
        sink_puts(&s, "}\n");
        rc = sink_flush(&s);
    }
    free_line(&l);
    return rc;
}
