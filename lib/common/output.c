/*
 * output.c - the buffered output of the exporters (output.h): bytes,
 * numbers, and JSON strings.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "common/output.h"

/* ---- the sink ----------------------------------------------------------- */

void sink_init(out_sink *s, sgf_write_fn write, void *ctx)
{
    s->write = write;
    s->ctx = ctx;
    s->err = 0;
    s->len = 0;
}

int sink_flush(out_sink *s)
{
    if (s->len && !s->err)
        s->err = s->write(s->ctx, s->buf, s->len);
    s->len = 0;
    return s->err;
}

void sink_put(out_sink *s, const void *data, size_t n)
{
    if (n > SINK_SIZE - s->len) {
        sink_flush(s);
        if (n >= SINK_SIZE) {
            if (!s->err)
                s->err = s->write(s->ctx, data, n);
            return;
        }
    }
    memcpy(s->buf + s->len, data, n);
    s->len += n;
}

void sink_puts(out_sink *s, const char *str)
{
    sink_put(s, str, strlen(str));
}

void sink_uint(out_sink *s, unsigned long long v)
{
    char d[24];
    size_t n = sizeof d;
    do {
        d[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    sink_put(s, d + n, sizeof d - n);
}

/* Komi and margins are multiples of 0.25 in practice; six decimals keep
 * any fraction a record writes (KM[6.375]) and never show binary noise
 * (0.1 as 0.10000000000000001).  printf is not used: its '.' follows the
 * locale, and JSON's does not. */
void sink_number(out_sink *s, double v, const char *if_not_finite)
{
    if (!(v == v) || v > 1e300 || v < -1e300) {
        sink_puts(s, if_not_finite);
        return;
    }
    if (v < 0) {
        v = -v;
        if (v >= 5e-7)
            sink_putc(s, '-');
    }
    if (v >= 1e12) {
        /* no fraction left to show: the leading digits, then zeros */
        unsigned zeros = 0;
        while (v >= 1e12) {
            v /= 10;
            zeros++;
        }
        sink_uint(s, (unsigned long long)(v + 0.5));
        while (zeros--)
            sink_putc(s, '0');
        return;
    }
    unsigned long long t = (unsigned long long)(v * 1e6 + 0.5);
    unsigned long long ip = t / 1000000u, fp = t % 1000000u;
    sink_uint(s, ip);
    if (fp) {
        char f[7];
        int last = 5;
        for (int i = 5; i >= 0; i--, fp /= 10)
            f[i] = (char)('0' + fp % 10);
        while (f[last] == '0')
            last--;
        sink_putc(s, '.');
        sink_put(s, f, (size_t)last + 1);
    }
}

/* ---- JSON strings ------------------------------------------------------- */

size_t utf8_char_len(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;     /* range of the second byte */
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0) {
        len = 2;
    } else if (c < 0xF0) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;                 /* overlong */
        else if (c == 0xED)
            hi = 0x9F;                 /* surrogates */
    } else if (c < 0xF5) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;                 /* past U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

static const char hexdigits[] = "0123456789abcdef";

static void put_u_escape(out_sink *s, unsigned u)
{
    char e[6] = { '\\', 'u', hexdigits[(u >> 12) & 15], hexdigits[(u >> 8) & 15],
                  hexdigits[(u >> 4) & 15], hexdigits[u & 15] };
    sink_put(s, e, sizeof e);
}

void sink_json_chars(out_sink *s, const char *str, size_t n, unsigned flags)
{
    const unsigned char *p = (const unsigned char *)str, *end = p + n;
    while (p < end) {
        const unsigned char *run = p;
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            p++;
        sink_put(s, run, (size_t)(p - run));
        if (p == end)
            break;
        if (*p < 0x80) {
            char e[2] = { '\\', 0 };
            switch (*p) {
            case '"': e[1] = '"'; break;
            case '\\': e[1] = '\\'; break;
            case '\n': e[1] = 'n'; break;
            case '\r': e[1] = 'r'; break;
            case '\t': e[1] = 't'; break;
            case '\b': e[1] = 'b'; break;
            case '\f': e[1] = 'f'; break;
            default:
                put_u_escape(s, *p);
                p++;
                continue;
            }
            sink_put(s, e, 2);
            p++;
            continue;
        }
        size_t k = utf8_char_len(p, (size_t)(end - p));
        if (k == 0) {
            if (flags & SGF_JSON_KEEP_BYTES)
                put_u_escape(s, 0xDC00u | *p);
            else
                sink_puts(s, "\\ufffd");
            p++;
        } else if (k == 3 && p[0] == 0xE2 && p[1] == 0x80 &&
                   (p[2] == 0xA8 || p[2] == 0xA9)) {
            /* valid JSON, but JavaScript before ES2019 ends lines there */
            put_u_escape(s, 0x2000u | (p[2] == 0xA8 ? 0x28u : 0x29u));
            p += 3;
        } else {
            sink_put(s, p, k);
            p += k;
        }
    }
}

void sink_json_string(out_sink *s, const char *str, size_t n, unsigned flags)
{
    if (!str) {
        sink_puts(s, "null");
        return;
    }
    sink_putc(s, '"');
    sink_json_chars(s, str, n, flags);
    sink_putc(s, '"');
}
