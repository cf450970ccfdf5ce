/*
 * output.h - a buffered output over sgf_write_fn, with JSON string escaping
 * (output.c): what the exporters write through.  Never installed.
 */
#ifndef SGFKIT_COMMON_OUTPUT_H
#define SGFKIT_COMMON_OUTPUT_H

#include <stddef.h>
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

#endif /* SGFKIT_COMMON_OUTPUT_H */
