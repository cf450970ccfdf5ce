/*
 * text.c - from a value's raw bytes to the text it stands for: FF[4]
 * escapes, soft line breaks and whitespace rules (sgf4.html, "Text" and
 * "SimpleText"), then the charset decided by charset.c.
 *
 * Most values need nothing of this: a name or a comment without '\\' and
 * without control whitespace, in ASCII or UTF-8, is copied once.
 */
#include <string.h>
#include "common/arena.h"
#include "common/textscan.h"
#include "sgf/game.h"
#include "sgf/charset.h"
#include "sgf/text.h"

typedef enum {
    WS_NONE,    /* remove escapes only: numbers, points, unknown types */
    WS_TEXT,    /* Text: newlines kept (as LF), other whitespace -> space */
    WS_SIMPLE   /* SimpleText: every whitespace -> space */
} ws_mode;

static ws_mode mode_of(sgf_value_type t)
{
    switch (t) {
    case SGF_T_TEXT:
        return WS_TEXT;
    case SGF_T_SIMPLETEXT:
    /* the text halves of LB, AP and FG are SimpleText; their other halves
     * (points, numbers) hold no whitespace in a valid file */
    case SGF_T_POINT_TEXT:
    case SGF_T_SIMPLE_SIMPLE:
    case SGF_T_FIGURE:
        return WS_SIMPLE;
    default:
        return WS_NONE;
    }
}

/* Length of the newline at s[0] (LF, CR, CRLF or LFCR, as FF[4] accepts
 * all four), 0 when s[0] is not one. */
static size_t newline_len(const unsigned char *s, const unsigned char *end)
{
    if (*s != '\n' && *s != '\r')
        return 0;
    if (s + 1 < end && (s[1] == '\n' || s[1] == '\r') && s[1] != s[0])
        return 2;
    return 1;
}

static bool is_blank(unsigned char c)
{
    return c == '\t' || c == '\v' || c == '\f';
}

char *text_unescape(arena *a, const char *raw, size_t n, sgf_value_type t,
                    bool dbcs, size_t *out_len)
{
    /* nothing grows: escapes, soft breaks and CRLF only shrink the text */
    char *out = arena_alloc(a, n + 1);
    if (!out)
        return NULL;
    ws_mode ws = mode_of(t);
    const unsigned char *s = (const unsigned char *)raw, *end = s + n;
    char *o = out;
    while (s < end) {
        unsigned char c = *s;
        /* a trail byte is >= 0x40 (as in parser.c): a lead byte before a
         * newline or a tab leaves them to the whitespace rules */
        if (dbcs && c >= 0x81 && s + 1 < end && s[1] >= 0x40) {
            *o++ = (char)c;
            *o++ = (char)s[1];
            s += 2;
            continue;
        }
        if (c == '\\') {
            if (++s == end)
                break;          /* a lone trailing '\\' escapes nothing */
            size_t nl = ws != WS_NONE ? newline_len(s, end) : 0;
            if (nl) {           /* soft line break: removed */
                s += nl;
                continue;
            }
            c = *s;             /* the escaped character, taken literally */
            if (ws != WS_NONE && is_blank(c))
                c = ' ';        /* ...but whitespace is still converted */
            *o++ = (char)c;
            s++;
            continue;
        }
        if (ws != WS_NONE) {
            size_t nl = newline_len(s, end);
            if (nl) {
                *o++ = ws == WS_TEXT ? '\n' : ' ';
                s += nl;
                continue;
            }
            if (is_blank(c))
                c = ' ';
        }
        *o++ = (char)c;
        s++;
    }
    *o = '\0';
    if (out_len)
        *out_len = (size_t)(o - out);
    return out;
}

/* Does the raw value need text_unescape at all? */
static bool needs_unescape(const char *raw, size_t n, ws_mode ws)
{
    const unsigned char *s = (const unsigned char *)raw;
    if (ws == WS_NONE)
        return memchr(raw, '\\', n) != NULL;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (c == '\\' || c == '\r' || is_blank(c) ||
            (c == '\n' && ws == WS_SIMPLE))
            return true;
    }
    return false;
}

const char *sgf_value_text(sgf_game *g, const sgf_prop *p, uint32_t i,
                           size_t *len)
{
    if (len)
        *len = 0;
    if (!g || !p || i >= p->nvalues)
        return NULL;
    const sgf_value *v = &p->values[i];
    const sgf_prop_info *pi = sgf_prop_info_get(p->kind);
    sgf_value_type t = pi ? pi->type : SGF_T_UNKNOWN;
    bool decode = g->cs_kind == CS_OTHER &&
                  !(g->opt.flags & SGF_READ_NO_DECODE);
    size_t n;
    char *s;

    if (!decode && !needs_unescape(v->raw, v->len, mode_of(t))) {
        n = v->len;
        s = arena_strndup(&g->a, v->raw, n);
    } else if (!decode) {
        s = text_unescape(&g->a, v->raw, v->len, t, g->dbcs, &n);
    } else if (charset_decodes_first(g)) {
        /* UTF-16 or ISO-2022 bytes hold '\\' and newlines inside
         * characters: only the decoded text shows which are escapes */
        char *d = charset_to_utf8(g, v->raw, v->len, CHARSET_NO_REPORT, &n);
        s = d ? text_unescape(&g->a, d, n, t, false, &n) : NULL;
    } else {
        /* charset_decide reported the undecodable bytes already */
        char *u = text_unescape(&g->a, v->raw, v->len, t, g->dbcs, &n);
        s = u ? charset_to_utf8(g, u, n, CHARSET_NO_REPORT, &n) : NULL;
    }
    if (!s) {
        g->nomem = true;
        return NULL;
    }
    if (len)
        *len = n;
    return s;
}

const char *text_quote(char *buf, size_t n, const char *s)
{
    size_t o = 0, limit = n > 64 ? 60 : n - 4;
    while (*s && o < limit) {
        size_t k = u8len(s);
        if (o + k > limit)
            break;
        for (size_t i = 0; i < k; i++, s++)
            buf[o++] = (unsigned char)*s < 0x20 ? ' ' : *s;
    }
    if (*s) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}
