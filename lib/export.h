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

#include "internal.h"

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
void sink_put(out_sink *s, const void *data, size_t n);
void sink_puts(out_sink *s, const char *str);
static inline void sink_putc(out_sink *s, char c)
{
    if (s->len == SINK_SIZE)
        sink_put(s, &c, 1);
    else
        s->buf[s->len++] = c;
}
void sink_uint(out_sink *s, unsigned long long v);
/* A number as JSON and CSV want it: '.' whatever the locale, no exponent,
 * at most six decimals; "null" (JSON) or nothing (CSV) when not finite. */
void sink_number(out_sink *s, double v, const char *if_not_finite);
/* Writes out what is buffered; returns the sink's error (0 when none). */
int sink_flush(out_sink *s);

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
    unsigned moves;         /* main-line moves, passes included */
    size_t errors, warnings;
    const char *status;     /* "ok", "warnings" or "errors" */
} game_summary;

/* rules: as for sgf_game_replay (NULL: RU[]). */
void game_summary_read(sgf_game *g, const sgf_rules *rules, game_summary *s);

/* GTP name of a point ("Q16"; columns skip I, boards wider than 25 take
 * two letters as KataGo writes them: "AA" is column 26).  out holds 8. */
void gtp_point(char *out, int x, int y, int height);

/* The value of a move property with surrounding blanks removed. */
const char *move_value(const sgf_prop *p, size_t *len);

#endif
