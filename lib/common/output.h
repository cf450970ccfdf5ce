/*
 * output.h - the one buffered output over sgf_write_fn (output.c), with
 * the escaping of JSON strings, CSV fields and XML text, and a JSON emitter
 * that places the commas: what every writer of the library writes through,
 * and, as sgf_emitter (sgfkit.h), the tools.  Never installed.
 */
#ifndef SGFKIT_COMMON_OUTPUT_H
#define SGFKIT_COMMON_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sgfkit.h"

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
/* The rare case of sink_put: the buffer is full, or n is large. */
void sink_put_slow(out_sink *s, const void *data, size_t n);
static inline void sink_put(out_sink *s, const void *data, size_t n)
{
    if (n <= SINK_SIZE - s->len) {
        memcpy(s->buf + s->len, data, n);
        s->len += n;
    } else {
        sink_put_slow(s, data, n);
    }
}
void sink_puts(out_sink *s, const char *str);
static inline void sink_putc(out_sink *s, char c)
{
    if (s->len == SINK_SIZE)
        sink_put_slow(s, &c, 1);
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
void sink_int(out_sink *s, long long v);
/* For short formatted pieces (under 512 bytes; a longer one is cut).
 * Integer and string conversions only: they do not follow the locale. */
void sink_printf(out_sink *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A number as JSON and CSV want it: '.' whatever the locale, no exponent,
 * at most six decimals; "null" (JSON) or nothing (CSV) when not finite. */
void sink_number(out_sink *s, double v, const char *if_not_finite);
/* v with exactly `decimals` decimals (0..9), as printf's %.*f gives them
 * but with '.' whatever the locale; if_not_finite when not finite. */
void sink_fixed(out_sink *s, double v, int decimals, const char *if_not_finite);

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

/* str for a text line: control characters as \xNN, so that a record
 * cannot move the cursor or start a line of its own; NULL writes nothing. */
void sink_text(out_sink *s, const char *str);

/* s[0..n) as one RFC 4180 field: quoted when it holds a comma, a quote or
 * a line break, quotes doubled, invalid UTF-8 as U+FFFD; NULL writes
 * nothing. */
void sink_csv_field(out_sink *s, const char *str, size_t n);
static inline void sink_csv_cstr(out_sink *s, const char *str)
{
    sink_csv_field(s, str, str ? strlen(str) : 0);
}

/* A CSV row, a cell at a time: each csv_ call writes the ',' before its
 * cell, csv_end the CRLF that ends the row. */
typedef struct csv_row {
    out_sink *out;
    bool started;
} csv_row;

static inline csv_row csv_row_begin(out_sink *s)
{
    csv_row r = { s, false };
    return r;
}
/* Opens the next cell; returns the sink to write it into. */
static inline out_sink *csv_cell(csv_row *r)
{
    if (r->started)
        sink_putc(r->out, ',');
    r->started = true;
    return r->out;
}
static inline void csv_empty(csv_row *r) { csv_cell(r); }
static inline void csv_field(csv_row *r, const char *str, size_t n)
{
    sink_csv_field(csv_cell(r), str, n);
}
static inline void csv_str(csv_row *r, const char *str)
{
    sink_csv_cstr(csv_cell(r), str);
}
/* A word that needs no quoting (a name from a fixed list). */
static inline void csv_word(csv_row *r, const char *word)
{
    sink_puts(csv_cell(r), word);
}
static inline void csv_uint(csv_row *r, unsigned long long v)
{
    sink_uint(csv_cell(r), v);
}
static inline void csv_int(csv_row *r, long long v)
{
    sink_int(csv_cell(r), v);
}
/* Empty when not finite. */
static inline void csv_number(csv_row *r, double v)
{
    sink_number(csv_cell(r), v, "");
}
static inline void csv_end(csv_row *r)
{
    SINK_LIT(r->out, "\r\n");
}

/* s[0..n) as XML character data (attr false) or an attribute value (attr
 * true): '&', '<', '>' and CR as references, and in attributes '"', TAB
 * and LF too, since attribute values are normalised to spaces. */
void sink_xml_text(out_sink *s, const char *str, size_t n, bool attr);

/* ---- a JSON emitter ---------------------------------------------------- */

/* Writes JSON a value at a time and places the ',' and ':' itself.  Keys
 * and string values are escaped as sink_json_string does.  Nesting deeper
 * than JSON_EMIT_DEPTH, or an end without its begin, sets the sink's err
 * to SGF_E_ARG. */
#define JSON_EMIT_DEPTH 64
typedef struct json_emitter {
    out_sink *out;
    unsigned depth;        /* containers open */
    uint64_t has_item;     /* bit d: the container at depth d+1 has one */
    bool after_key;        /* a key was written; its value comes next */
} json_emitter;

void json_emit_init(json_emitter *e, out_sink *out);
void json_begin_object(json_emitter *e);
void json_end_object(json_emitter *e);
void json_begin_array(json_emitter *e);
void json_end_array(json_emitter *e);
void json_key(json_emitter *e, const char *name);
void json_string(json_emitter *e, const char *str, size_t n, unsigned flags);
static inline void json_cstr(json_emitter *e, const char *str)
{
    json_string(e, str, str ? strlen(str) : 0, 0);
}
void json_uint(json_emitter *e, unsigned long long v);
void json_int(json_emitter *e, long long v);
/* decimals < 0: as sink_number; else as sink_fixed.  null when not finite. */
void json_number(json_emitter *e, double v, int decimals);
void json_bool(json_emitter *e, bool v);
void json_null(json_emitter *e);

#endif /* SGFKIT_COMMON_OUTPUT_H */
