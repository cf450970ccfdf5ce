/*
 * export.h - what the JSON, JSON Lines and CSV writers (json.c, jsonl.c,
 * csv.c) share: a buffered output sink, the JSON string writer behind it,
 * and the summary of a game that the JSON Lines line and the CSV games row
 * both print.  Never installed.
 */
#ifndef SGFKIT_EXPORT_H
#define SGFKIT_EXPORT_H

#include <stdbool.h>
#include <string.h>

#include "sgfkit.h"

/* ---- output (json.c) ---- */

/* Output goes through a buffer and reaches write() in pieces of
 * SINK_SIZE: the writers run over whole databases, a few bytes at a time. */
#define SINK_SIZE 8192

typedef struct out_sink {
    sgf_write_fn write;
    void *ctx;
    int err;               /* first non-zero write() return, or SGF_E_NOMEM */
    size_t len;
    char buf[SINK_SIZE];
} out_sink;

void sink_init(out_sink *s, sgf_write_fn write, void *ctx);
/* Writes out what is buffered; returns the sink's error (0 when none). */
int sink_flush(out_sink *s);
void sink_put(out_sink *s, const void *data, size_t n);
void sink_puts(out_sink *s, const char *str);
static inline void sink_putc(out_sink *s, char c)
{
    if (s->len == SINK_SIZE)
        sink_put(s, &c, 1);
    else
        s->buf[s->len++] = c;
}
/* A string literal, its length known at compile time. */
#define SINK_LIT(s, lit) sink_put(s, lit, sizeof(lit) - 1)
/* Room for n bytes (n <= SINK_SIZE) at the end of the buffer, where a
 * writer puts a small item directly, then adds its length to s->len. */
static inline char *sink_room(out_sink *s, size_t n)
{
    if (SINK_SIZE - s->len < n)
        sink_flush(s);
    return s->buf + s->len;
}
void sink_uint(out_sink *s, unsigned long long v);
/* A number as JSON and CSV want it: '.' whatever the locale, no exponent,
 * at most six decimals; "null" (JSON) or nothing (CSV) when not finite. */
void sink_number(out_sink *s, double v, const char *if_not_finite);

/* Length of the valid UTF-8 sequence (one character) that starts p, of at
 * most n bytes; 0 when the bytes there are not one (shortest form, no
 * surrogates, at most U+10FFFF). */
size_t utf8_char_len(const unsigned char *p, size_t n);

/* s[0..n) as a JSON string; flags SGF_JSON_* (sgfkit.h).  s == NULL writes
 * null.  sink_json_chars writes the inside alone, without the quotes. */
void sink_json_chars(out_sink *s, const char *str, size_t n, unsigned flags);
void sink_json_string(out_sink *s, const char *str, size_t n, unsigned flags);
static inline void sink_json_cstr(out_sink *s, const char *str)
{
    sink_json_string(s, str, str ? strlen(str) : 0, 0);
}

/* ---- the game as the summaries see it (jsonl.c) ---- */

typedef struct game_summary {
    sgf_rules rules;        /* what the game is played under (komi included) */
    char rules_name[96];    /* as KataGo reads it: a name or its compact form */
    char result[48];        /* RE[] in FF[4] form, "" without RE[] */
    const char *winner;     /* "B", "W", "draw", "void", "unknown"; NULL */
    char date[16];          /* "YYYY-MM-DD", "YYYY-MM", "YYYY" or "" */
    char dyer[13];          /* moves 20 40 60 31 51 71 (doc/json.md) */
    char moves_hash[17];    /* 16 hex digits */
    uint64_t hash;          /* moves_hash while the moves are read */
    unsigned moves;         /* main-line moves, passes included */
    size_t errors, warnings;
    const char *status;     /* "ok", "warnings" or "errors" */
} game_summary;

/* rules: as for sgf_game_replay (NULL: RU[]). */
void game_summary_read(sgf_game *g, const sgf_rules *rules, game_summary *s);

/* Dave Dyer's signature: moves 20, 40, 60 ("signature A") then 31, 51, 71
 * ("signature B") as SGF points, "??" where the main line has no such
 * move; passes are "tt", as the records of Dyer's time wrote them.  The
 * JSON Lines and CSV summary (game_summary_read) and sgfstat's duplicate
 * signature (stats.c, during its own walk of the moves) both fill it. */
#define DYER_LAST 71
/* The slot (0-5) of Dyer's signature that move number (1-based) fills, or
 * -1: asked of every move, so a switch, not a search. */
static inline int dyer_index(int number)
{
    switch (number) {
    case 20: return 0;
    case 40: return 1;
    case 60: return 2;
    case 31: return 3;
    case 51: return 4;
    case DYER_LAST: return 5;
    default: return -1;
    }
}
/* Fills slot of dyer (12 characters) from move property p of a w x h
 * board. */
void dyer_slot(char dyer[13], int slot, const sgf_prop *p, int w, int h);

/* GTP name of a point ("Q16"; columns skip I, boards wider than 25 take
 * two letters as KataGo writes them: "AA" is column 26).  out holds 8. */
void gtp_point(char *out, int x, int y, int height);

/* The value of a move property with surrounding blanks removed (inline:
 * the summaries take it for every move of every game). */
static inline bool move_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
static inline const char *move_value(const sgf_prop *p, size_t *len)
{
    const char *s = p->nvalues ? p->values[0].raw : "";
    size_t n = p->nvalues ? p->values[0].len : 0;
    while (n > 0 && move_blank(*s))
        s++, n--;
    while (n > 0 && move_blank(s[n - 1]))
        n--;
    *len = n;
    return s;
}

#endif
