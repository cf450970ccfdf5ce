/*
 * output.c - the one buffered output (output.h): bytes, numbers, JSON
 * strings, CSV fields, XML text, and the JSON emitter the tools use as
 * sgf_emitter (sgfkit.h).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
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

void sink_put_slow(out_sink *s, const void *data, size_t n)
{
    sink_flush(s);
    if (n >= SINK_SIZE) {
        if (!s->err)
            s->err = s->write(s->ctx, data, n);
        return;
    }
    memcpy(s->buf, data, n);
    s->len = n;
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

void sink_int(out_sink *s, long long v)
{
    if (v < 0) {
        sink_putc(s, '-');
        sink_uint(s, 0ull - (unsigned long long)v);
    } else {
        sink_uint(s, (unsigned long long)v);
    }
}

void sink_printf(out_sink *s, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    sink_put(s, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
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

void sink_fixed(out_sink *s, double v, int decimals, const char *if_not_finite)
{
    char tmp[64];
    if (!(v == v) || v > 1e30 || v < -1e30) {
        sink_puts(s, if_not_finite);
        return;
    }
    int n = snprintf(tmp, sizeof tmp, "%.*f", decimals < 0 ? 0 : decimals > 9
                     ? 9 : decimals, v);
    if (n < 0 || (size_t)n >= sizeof tmp)
        return;
    for (int i = 0; i < n; i++)
        if ((tmp[i] < '0' || tmp[i] > '9') && tmp[i] != '-')
            tmp[i] = '.';          /* a locale's decimal comma */
    sink_put(s, tmp, (size_t)n);
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
    if (!str)       /* NULL + 0 is undefined behaviour too */
        return;
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

/* ---- text lines, CSV fields and XML text -------------------------------------------- */

/* s for a text line: control characters as \xNN, so that a record cannot
 * move the cursor or start a line of its own. */
void sink_text(out_sink *s, const char *str)
{
    const unsigned char *p = (const unsigned char *)(str ? str : "");
    for (;;) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p != 0x7F)
            p++;
        sink_put(s, run, (size_t)(p - run));
        if (!*p)
            return;
        char esc[4] = { '\\', 'x', hexdigits[*p >> 4], hexdigits[*p & 15] };
        sink_put(s, esc, 4);
        p++;
    }
}

void sink_csv_field(out_sink *s, const char *str, size_t n)
{
    if (!str)       /* before p + n: NULL + 0 is undefined behaviour */
        return;
    const unsigned char *p = (const unsigned char *)str, *end = p + n;
    bool quote = false, clean = true;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c == ',' || c == '"' || c == '\r' || c == '\n')
            quote = true;
        else if (c >= 0x80)
            clean = false;
    }
    if (!quote && clean) {
        sink_put(s, str, n);
        return;
    }
    if (quote)
        sink_putc(s, '"');
    while (p < end) {
        const unsigned char *run = p;
        while (p < end && *p != '"' && *p < 0x80)
            p++;
        sink_put(s, run, (size_t)(p - run));
        if (p == end)
            break;
        if (*p == '"') {
            sink_put(s, "\"\"", 2);
            p++;
            continue;
        }
        size_t k = utf8_char_len(p, (size_t)(end - p));
        if (k) {
            sink_put(s, p, k);
            p += k;
        } else {
            sink_puts(s, "\xEF\xBF\xBD");
            p++;
        }
    }
    if (quote)
        sink_putc(s, '"');
}

/* CR is written as a reference because parsers turn a literal one into
 * LF. */
void sink_xml_text(out_sink *s, const char *str, size_t n, bool attr)
{
    const char *run = str;
    for (size_t i = 0; i < n; i++) {
        const char *rep;
        switch (str[i]) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '\r': rep = "&#13;"; break;
        case '"': rep = attr ? "&quot;" : NULL; break;
        case '\t': rep = attr ? "&#9;" : NULL; break;
        case '\n': rep = attr ? "&#10;" : NULL; break;
        default: rep = NULL; break;
        }
        if (!rep)
            continue;
        sink_put(s, run, (size_t)(str + i - run));
        sink_puts(s, rep);
        run = str + i + 1;
    }
    sink_put(s, run, (size_t)(str + n - run));
}

/* ---- the JSON emitter --------------------------------------------------- */

void json_emit_init(json_emitter *e, out_sink *out)
{
    e->out = out;
    e->depth = 0;
    e->has_item = 0;
    e->after_key = false;
}

/* The ',' a value or a key needs before it. */
static void before_value(json_emitter *e)
{
    if (e->after_key) {
        e->after_key = false;
        return;
    }
    if (e->depth) {
        uint64_t bit = (uint64_t)1 << (e->depth - 1);
        if (e->has_item & bit)
            sink_putc(e->out, ',');
        e->has_item |= bit;
    }
}

static void begin(json_emitter *e, char c)
{
    before_value(e);
    if (e->depth == JSON_EMIT_DEPTH) {
        if (!e->out->err)
            e->out->err = SGF_E_ARG;
        return;
    }
    e->depth++;
    e->has_item &= ~((uint64_t)1 << (e->depth - 1));
    sink_putc(e->out, c);
}

static void end(json_emitter *e, char c)
{
    if (e->depth == 0 || e->after_key) {
        if (!e->out->err)
            e->out->err = SGF_E_ARG;
        return;
    }
    e->depth--;
    sink_putc(e->out, c);
}

void json_begin_object(json_emitter *e) { begin(e, '{'); }
void json_end_object(json_emitter *e) { end(e, '}'); }
void json_begin_array(json_emitter *e) { begin(e, '['); }
void json_end_array(json_emitter *e) { end(e, ']'); }

void json_key(json_emitter *e, const char *name)
{
    before_value(e);
    sink_json_string(e->out, name ? name : "", name ? strlen(name) : 0, 0);
    sink_putc(e->out, ':');
    e->after_key = true;
}

void json_string(json_emitter *e, const char *str, size_t n, unsigned flags)
{
    before_value(e);
    sink_json_string(e->out, str, n, flags);
}

void json_uint(json_emitter *e, unsigned long long v)
{
    before_value(e);
    sink_uint(e->out, v);
}

void json_int(json_emitter *e, long long v)
{
    before_value(e);
    sink_int(e->out, v);
}

void json_number(json_emitter *e, double v, int decimals)
{
    before_value(e);
    if (decimals < 0)
        sink_number(e->out, v, "null");
    else
        sink_fixed(e->out, v, decimals, "null");
}

void json_bool(json_emitter *e, bool v)
{
    before_value(e);
    if (v)
        SINK_LIT(e->out, "true");
    else
        SINK_LIT(e->out, "false");
}

void json_null(json_emitter *e)
{
    before_value(e);
    SINK_LIT(e->out, "null");
}

/* ---- sgf_emitter (sgfkit.h) --------------------------------------------- */

struct sgf_emitter {
    out_sink out;
    json_emitter json;
};

sgf_emitter *sgf_emitter_new(sgf_write_fn write, void *ctx)
{
    sgf_emitter *e;
    if (!write || !(e = malloc(sizeof *e)))
        return NULL;
    sink_init(&e->out, write, ctx);
    json_emit_init(&e->json, &e->out);
    return e;
}

int sgf_emitter_flush(sgf_emitter *e)
{
    return e ? sink_flush(&e->out) : SGF_E_ARG;
}

int sgf_emitter_free(sgf_emitter *e)
{
    if (!e)
        return SGF_E_NOMEM;
    int rc = sink_flush(&e->out);
    free(e);
    return rc;
}

/* Each does nothing on a NULL emitter, so that a caller checks for
 * running out of memory once, at sgf_emitter_free. */
void sgf_emit_begin_object(sgf_emitter *e) { if (e) json_begin_object(&e->json); }
void sgf_emit_end_object(sgf_emitter *e) { if (e) json_end_object(&e->json); }
void sgf_emit_begin_array(sgf_emitter *e) { if (e) json_begin_array(&e->json); }
void sgf_emit_end_array(sgf_emitter *e) { if (e) json_end_array(&e->json); }
void sgf_emit_key(sgf_emitter *e, const char *name) { if (e) json_key(&e->json, name); }

void sgf_emit_string(sgf_emitter *e, const char *s, size_t len, unsigned flags)
{
    if (e)
        json_string(&e->json, s, len, flags);
}

void sgf_emit_cstring(sgf_emitter *e, const char *s) { if (e) json_cstr(&e->json, s); }
void sgf_emit_uint(sgf_emitter *e, unsigned long long v) { if (e) json_uint(&e->json, v); }
void sgf_emit_int(sgf_emitter *e, long long v) { if (e) json_int(&e->json, v); }

void sgf_emit_number(sgf_emitter *e, double v, int decimals)
{
    if (e)
        json_number(&e->json, v, decimals);
}

void sgf_emit_bool(sgf_emitter *e, int v) { if (e) json_bool(&e->json, v != 0); }
void sgf_emit_null(sgf_emitter *e) { if (e) json_null(&e->json); }

void sgf_emit_newline(sgf_emitter *e)
{
    if (e)
        sink_putc(&e->out, '\n');
}

int sgf_text_write_escaped(const char *s, sgf_write_fn write, void *ctx)
{
    out_sink o;
    if (!write)
        return SGF_E_ARG;
    sink_init(&o, write, ctx);
    sink_text(&o, s);
    return sink_flush(&o);
}
