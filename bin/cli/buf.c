/*
 * buf.c - the growable output buffer of a tool (buf.h), and the library's
 * escaping and JSON emitter writing into it.  Text from records is
 * untrusted: a comment may hold control characters or broken UTF-8, and
 * one line per diagnostic or game must stay one line.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sgfkit.h"
#include "cli/buf.h"

void *cli_grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap && p)
        return p;
    size_t n = *cap ? *cap : 64;
    while (n < need) {
        if (n > SIZE_MAX / 2 / elem)
            return NULL;
        n *= 2;
    }
    void *q = realloc(p, n * elem);
    if (q)
        *cap = n;
    return q;
}

static int buf_reserve(struct cli_buf *b, size_t n)
{
    if (b->nomem)
        return -1;
    if (b->cap - b->len >= n)
        return 0;
    char *p = n <= SIZE_MAX - b->len
        ? cli_grow(b->data, &b->cap, b->len + n, 1) : NULL;
    if (!p) {
        b->nomem = 1;
        return -1;
    }
    b->data = p;
    return 0;
}

void cli_buf_put(struct cli_buf *b, const void *p, size_t n)
{
    if (n == 0 || buf_reserve(b, n) < 0)
        return;
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void cli_buf_puts(struct cli_buf *b, const char *s)
{
    cli_buf_put(b, s, strlen(s));
}

void cli_buf_printf(struct cli_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data ? b->data + b->len : NULL,
                      b->data ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->nomem = 1;
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        if (buf_reserve(b, (size_t)n + 1) < 0)
            return;
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

int cli_buf_write(void *ctx, const void *data, size_t len)
{
    struct cli_buf *b = ctx;
    cli_buf_put(b, data, len);
    return b->nomem ? -1 : 0;
}

void cli_buf_clear(struct cli_buf *b)
{
    b->len = 0;
    b->nomem = 0;
}

void cli_buf_free(struct cli_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* The escaping is the library's (sgfkit.h), so that a record's text comes
 * out of a tool as it comes out of the library. */

void cli_buf_json_string(struct cli_buf *b, const char *s)
{
    sgf_json_write_string(s, s ? strlen(s) : 0, 0, cli_buf_write, b);
}

void cli_buf_text(struct cli_buf *b, const char *s)
{
    sgf_text_write_escaped(s, cli_buf_write, b);
}

void cli_buf_csv_field(struct cli_buf *b, const char *s)
{
    sgf_csv_write_field(s, s ? strlen(s) : 0, cli_buf_write, b);
}

sgf_emitter *cli_json_open(struct cli_buf *b)
{
    sgf_emitter *e = sgf_emitter_new(cli_buf_write, b);
    if (!e)
        b->nomem = 1;
    return e;
}

void cli_json_close(struct cli_buf *b, sgf_emitter *e)
{
    if (sgf_emitter_free(e) != 0)
        b->nomem = 1;
}
