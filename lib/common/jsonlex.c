/*
 * jsonlex.c - the JSON tokenizer (jsonlex.h).
 */
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "common/grow.h"
#include "common/jsonlex.h"
#include "common/output.h"

void json_lex_init(json_lex *l, const void *bytes, size_t len, char *str,
                   size_t cap)
{
    l->p = bytes;
    l->end = l->p + len;
    l->line = 1;
    l->line_start = l->p;
    l->str = str;
    l->len = 0;
    l->cap = str ? cap : 0;
    l->fixed = str != NULL;
    l->err_at = NULL;
    l->err = NULL;
}

void json_lex_free(json_lex *l)
{
    if (!l->fixed)
        free(l->str);
    l->str = NULL;
    l->cap = 0;
}

static int fail(json_lex *l, const unsigned char *at, const char *what)
{
    l->err_at = at;
    l->err = what;
    return -1;
}

/* Room for more bytes and the closing NUL. */
static bool reserve(json_lex *l, size_t more)
{
    if (more < l->cap - l->len)
        return true;
    if (l->fixed || more > SIZE_MAX - 1 - l->len)
        return false;
    char *s = grow(l->str, &l->cap, l->len + more + 1, 1);
    if (!s)
        return false;
    l->str = s;
    return true;
}

static int hex4(const unsigned char *p, const unsigned char *end)
{
    int v = 0;
    if (end - p < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        int c = p[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        v = v * 16 + d;
    }
    return v;
}

static void put_utf8(json_lex *l, unsigned u)
{
    char *o = l->str + l->len;
    if (u < 0x80) {
        o[0] = (char)u;
        l->len += 1;
    } else if (u < 0x800) {
        o[0] = (char)(0xC0 | (u >> 6));
        o[1] = (char)(0x80 | (u & 63));
        l->len += 2;
    } else if (u < 0x10000) {
        o[0] = (char)(0xE0 | (u >> 12));
        o[1] = (char)(0x80 | ((u >> 6) & 63));
        o[2] = (char)(0x80 | (u & 63));
        l->len += 3;
    } else {
        o[0] = (char)(0xF0 | (u >> 18));
        o[1] = (char)(0x80 | ((u >> 12) & 63));
        o[2] = (char)(0x80 | ((u >> 6) & 63));
        o[3] = (char)(0x80 | (u & 63));
        l->len += 4;
    }
}

/* A \u escape at p (the backslash), with room for 4 bytes reserved.
 * Returns the bytes it took, 0 on error. */
static size_t u_escape(json_lex *l, const unsigned char *p)
{
    int u = hex4(p + 2, l->end), lo;
    if (u < 0)
        return fail(l, p, "a \\u escape needs four hex digits"), 0;
    if (u >= 0xD800 && u <= 0xDBFF) {
        if (l->end - p >= 12 && p[6] == '\\' && p[7] == 'u' &&
            (lo = hex4(p + 8, l->end)) >= 0xDC00 && lo <= 0xDFFF) {
            put_utf8(l, 0x10000u + (((unsigned)u - 0xD800u) << 10) +
                        ((unsigned)lo - 0xDC00u));
            return 12;
        }
        return fail(l, p, "a high surrogate without its low half"), 0;
    }
    if (u >= 0xDC80 && u <= 0xDCFF) {
        /* a byte of invalid UTF-8 kept by SGF_JSON_KEEP_BYTES */
        l->str[l->len++] = (char)(u & 0xFF);
        return 6;
    }
    if (u >= 0xDC00 && u <= 0xDFFF)
        return fail(l, p, "a low surrogate alone (only \\udc80-\\udcff "
                    "stand for bytes)"), 0;
    put_utf8(l, (unsigned)u);
    return 6;
}

int json_lex_string(json_lex *l)
{
    const unsigned char *start = l->p, *p = l->p + 1, *end = l->end;
    l->len = 0;
    for (;;) {
        const unsigned char *run = p;
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            p++;
        if (!reserve(l, (size_t)(p - run) + 4))
            return fail(l, start, NULL);
        memcpy(l->str + l->len, run, (size_t)(p - run));
        l->len += (size_t)(p - run);
        if (p == end)
            return fail(l, start, "the input ends inside a string");
        if (*p == '"')
            break;
        if (*p < 0x20)
            return fail(l, p, "a control character in a string (must be "
                        "escaped)");
        if (*p >= 0x80) {
            size_t k = utf8_char_len(p, (size_t)(end - p));
            if (k == 0)
                return fail(l, p, "invalid UTF-8");
            memcpy(l->str + l->len, p, k);
            l->len += k;
            p += k;
            continue;
        }
        /* a backslash */
        if (end - p < 2)
            return fail(l, start, "the input ends inside a string");
        char c = (char)p[1];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = c ? strchr(from, c) : NULL;
        if (k) {
            l->str[l->len++] = to[k - from];
            p += 2;
        } else if (c == 'u') {
            size_t used = u_escape(l, p);
            if (!used)
                return -1;
            p += used;
        } else {
            return fail(l, p, "an unknown escape in a string");
        }
    }
    l->str[l->len] = '\0';
    l->p = p + 1;
    return 0;
}

static bool digit(const unsigned char *p, const unsigned char *end)
{
    return p < end && *p >= '0' && *p <= '9';
}

int json_lex_number(json_lex *l)
{
    const unsigned char *p = l->p, *end = l->end;
    if (p < end && *p == '-')
        p++;
    if (!digit(p, end))
        return fail(l, l->p, "a number without digits");
    if (*p == '0')
        p++;
    else
        while (digit(p, end))
            p++;
    if (p < end && *p == '.') {
        if (!digit(++p, end))
            return fail(l, p, "a number without digits after '.'");
        while (digit(p, end))
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        if (!digit(p, end))
            return fail(l, p, "a number without digits in its exponent");
        while (digit(p, end))
            p++;
    }
    l->p = p;
    return 0;
}

int json_lex_literal(json_lex *l)
{
    static const char *const words[] = { "false", "true", "null" };
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(l->end - l->p) >= n && memcmp(l->p, words[i], n) == 0) {
            l->p += n;
            return i;
        }
    }
    return fail(l, l->p, "not JSON here");
}

bool json_lex_space(json_lex *l)
{
    while (l->p < l->end) {
        unsigned char c = *l->p;
        if (c == '\n') {
            l->line++;
            l->line_start = ++l->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            l->p++;
        } else {
            return true;
        }
    }
    return false;
}
