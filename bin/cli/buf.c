/*
 * buf.c - the output buffer and the escaping of record text for JSON and
 * text lines (buf.h).  Text from records is untrusted: a comment may hold
 * control characters or broken UTF-8, and one line per diagnostic or game
 * must stay one line.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), 0 when there is none. */
static size_t utf8_len(const unsigned char *p)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        unsigned char lo = c == 0xE0 ? 0xA0 : 0x80;
        unsigned char hi = c == 0xED ? 0x9F : 0xBF;
        if (p[1] < lo || p[1] > hi || (p[2] & 0xC0) != 0x80)
            return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        unsigned char lo = c == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = c == 0xF4 ? 0x8F : 0xBF;
        if (p[1] < lo || p[1] > hi || (p[2] & 0xC0) != 0x80
            || (p[3] & 0xC0) != 0x80)
            return 0;
        return 4;
    }
    return 0;
}

void cli_buf_json_string(struct cli_buf *b, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    if (!s) {
        cli_buf_puts(b, "null");
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    cli_buf_put(b, "\"", 1);
    while (*p) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p < 0x7F && *p != '"' && *p != '\\')
            p++;
        cli_buf_put(b, run, (size_t)(p - run));
        if (!*p)
            break;
        if (*p < 0x80) {
            char esc[7] = { '\\', 0, 0, 0, 0, 0, 0 };
            switch (*p) {
            case '"': esc[1] = '"'; break;
            case '\\': esc[1] = '\\'; break;
            case '\n': esc[1] = 'n'; break;
            case '\r': esc[1] = 'r'; break;
            case '\t': esc[1] = 't'; break;
            case '\b': esc[1] = 'b'; break;
            case '\f': esc[1] = 'f'; break;
            default:
                memcpy(esc + 1, "u00", 3);
                esc[4] = hex[*p >> 4];
                esc[5] = hex[*p & 15];
            }
            cli_buf_puts(b, esc);
            p++;
            continue;
        }
        size_t n = utf8_len(p);
        if (n == 0) {
            cli_buf_puts(b, "\\ufffd");
            p++;
        } else if (n == 3 && p[0] == 0xE2 && p[1] == 0x80
                   && (p[2] == 0xA8 || p[2] == 0xA9)) {
            /* valid JSON, but JavaScript parsers take them as line ends */
            cli_buf_puts(b, p[2] == 0xA8 ? "\\u2028" : "\\u2029");
            p += 3;
        } else {
            cli_buf_put(b, p, n);
            p += n;
        }
    }
    cli_buf_put(b, "\"", 1);
}

void cli_buf_text(struct cli_buf *b, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    for (;;) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p != 0x7F)
            p++;
        cli_buf_put(b, run, (size_t)(p - run));
        if (!*p)
            return;
        char esc[4] = { '\\', 'x', hex[*p >> 4], hex[*p & 15] };
        cli_buf_put(b, esc, 4);
        p++;
    }
}

void cli_buf_csv_field(struct cli_buf *b, const char *s)
{
    if (!s)
        return;
    if (!s[strcspn(s, ",\"\r\n")]) {
        cli_buf_puts(b, s);
        return;
    }
    cli_buf_put(b, "\"", 1);
    for (const char *q; (q = strchr(s, '"')) != NULL; s = q + 1) {
        cli_buf_put(b, s, (size_t)(q - s) + 1);
        cli_buf_put(b, "\"", 1);
    }
    cli_buf_puts(b, s);
    cli_buf_put(b, "\"", 1);
}
