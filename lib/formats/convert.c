/*
 * convert.c - the machinery every converter of a foreign format uses: SGF
 * text written with a map back to the source (so that a diagnostic of the
 * SGF checks points at the line of the GIB, NGF or UGF file the user
 * has), the notes of what the conversion found, and small readers of
 * lines, fields and numbers over bytes that are not NUL-terminated.
 *
 * Values are copied byte for byte, with '\\' and ']' escaped: the text
 * keeps its charset, which the SGF reader then detects as it does for any
 * record without CA[] (doc/foreign.md).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/grow.h"
#include "formats/convert.h"


void conv_start(conv *c, const char *src, size_t len)
{
    c->src = src;
    c->srclen = len;
    c->len = 0;
    c->nsegs = 0;
    c->nnotes = 0;
    c->msglen = 0;
    c->nomem = false;
}

void conv_free(conv *c)
{
    free(c->out);
    free(c->segs);
    free(c->notes);
    free(c->msgs);
    memset(c, 0, sizeof *c);
}

static uint32_t src_off(const conv *c, const char *at)
{
    if (!at || at < c->src)
        return 0;
    size_t off = (size_t)(at - c->src);
    return (uint32_t)(off > c->srclen ? c->srclen : off);
}

/* The bytes written from here on come from source offset src (span of
 * them one to one). */
static void map(conv *c, uint32_t src, uint32_t span)
{
    if (c->nsegs) {
        conv_seg *last = &c->segs[c->nsegs - 1];
        if (last->gen == c->len) {      /* nothing written under it */
            last->src = src;
            last->span = span;
            return;
        }
    }
    conv_seg *s = grow(c->segs, &c->segcap, c->nsegs + 1, sizeof *s);
    if (!s) {
        c->nomem = true;
        return;
    }
    c->segs = s;
    s[c->nsegs++] = (conv_seg){ (uint32_t)c->len, src, span };
}

static void put(conv *c, const char *s, size_t n)
{
    if (c->len + n > UINT32_MAX) {
        c->nomem = true;        /* positions are 32-bit, as in any game */
        return;
    }
    char *q = grow(c->out, &c->cap, c->len + n + 1, 1);
    if (!q) {
        c->nomem = true;
        return;
    }
    c->out = q;
    memcpy(c->out + c->len, s, n);
    c->len += n;
    c->out[c->len] = '\0';
}

uint32_t conv_source_of(const conv *c, uint32_t gen)
{
    size_t lo = 0, hi = c->nsegs;
    if (!hi)
        return 0;
    while (hi - lo > 1) {       /* the last segment starting at or before gen */
        size_t mid = lo + (hi - lo) / 2;
        if (c->segs[mid].gen <= gen)
            lo = mid;
        else
            hi = mid;
    }
    const conv_seg *s = &c->segs[lo];
    uint32_t d = gen >= s->gen ? gen - s->gen : 0;
    uint64_t off = (uint64_t)s->src + (d < s->span ? d : s->span);
    return (uint32_t)(off > c->srclen ? c->srclen : off);
}

const char *conv_note_text(const conv *c, const conv_report *n)
{
    return c->msgs ? c->msgs + n->msg : "";
}

void conv_text(conv *c, const char *s, const char *at)
{
    map(c, src_off(c, at), 0);
    put(c, s, strlen(s));
}

void conv_open(conv *c, const char *id, const char *at)
{
    map(c, src_off(c, at), 0);
    if (id)
        put(c, id, strlen(id));
    put(c, "[", 1);
}

void conv_bytes(conv *c, const char *v, size_t n)
{
    uint32_t at = src_off(c, v);
    size_t from = 0;
    map(c, at, (uint32_t)n);
    for (size_t i = 0; i < n; i++) {
        if (v[i] != '\\' && v[i] != ']')
            continue;
        put(c, v + from, i - from);
        put(c, "\\", 1);
        /* the escaped byte maps to itself again */
        map(c, at + (uint32_t)i, (uint32_t)(n - i));
        from = i;
    }
    put(c, v + from, n - from);
    map(c, at + (uint32_t)n, 0);
}

void conv_sep(conv *c, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '\\' || *p == ']')
            put(c, "\\", 1);
        put(c, p, 1);
    }
}

void conv_close(conv *c)
{
    put(c, "]", 1);
}

void conv_prop(conv *c, const char *id, const char *v, size_t n)
{
    conv_open(c, id, v);
    conv_bytes(c, v, n);
    conv_close(c);
}

void conv_propf(conv *c, const char *id, const char *at, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        buf[0] = '\0';
    conv_open(c, id, at);
    conv_sep(c, buf);   /* made by us, escaped all the same */
    conv_close(c);
}

void conv_point(conv *c, const char *id, int x, int y, const char *at)
{
    static const char letters[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    map(c, src_off(c, at), 0);
    if (id)
        put(c, id, strlen(id));
    if (x < 0 || y < 0 || x >= 52 || y >= 52) {
        put(c, "[]", 2);
        return;
    }
    char v[4] = { '[', letters[x], letters[y], ']' };
    put(c, v, 4);
}

void conv_note(conv *c, enum conv_problem k, const char *at,
               const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof buf)
        n = sizeof buf - 1;
    conv_report *notes = grow(c->notes, &c->notecap, c->nnotes + 1, sizeof *notes);
    char *msgs = notes ? grow(c->msgs, &c->msgcap, c->msglen + (size_t)n + 1, 1)
                       : NULL;
    if (notes)
        c->notes = notes;
    if (!notes || !msgs) {
        c->nomem = true;
        return;
    }
    c->msgs = msgs;
    memcpy(c->msgs + c->msglen, buf, (size_t)n);
    c->msgs[c->msglen + (size_t)n] = '\0';
    c->notes[c->nnotes++] = (conv_report){ k, src_off(c, at), (uint32_t)c->msglen };
    c->msglen += (size_t)n + 1;
}

/* ---- lines and fields ---- */

bool conv_next_line(const conv *c, size_t *pos, conv_span *line)
{
    size_t i = *pos, end = i;
    if (i >= c->srclen)
        return false;
    while (end < c->srclen && c->src[end] != '\n' && c->src[end] != '\r')
        end++;
    line->s = c->src + i;
    line->n = end - i;
    if (end < c->srclen && c->src[end] == '\r' && end + 1 < c->srclen &&
        c->src[end + 1] == '\n')
        end++;
    *pos = end < c->srclen ? end + 1 : end;
    return true;
}

conv_span conv_trim(conv_span s)
{
    while (s.n && (s.s[0] == ' ' || s.s[0] == '\t')) {
        s.s++;
        s.n--;
    }
    while (s.n && (s.s[s.n - 1] == ' ' || s.s[s.n - 1] == '\t'))
        s.n--;
    return s;
}

bool conv_starts(conv_span s, const char *lit)
{
    size_t n = strlen(lit);
    return s.n >= n && memcmp(s.s, lit, n) == 0;
}

bool conv_equals(conv_span s, const char *lit)
{
    return s.n == strlen(lit) && memcmp(s.s, lit, s.n) == 0;
}

conv_span conv_from(conv_span s, size_t i)
{
    if (i > s.n)
        i = s.n;
    return (conv_span){ s.s + i, s.n - i };
}

conv_span conv_field(conv_span s, char sep, conv_span *rest)
{
    const char *p = s.n ? memchr(s.s, sep, s.n) : NULL;
    if (!p) {
        if (rest)
            *rest = (conv_span){ NULL, 0 };
        return s;
    }
    if (rest)
        *rest = (conv_span){ p + 1, s.n - (size_t)(p - s.s) - 1 };
    return (conv_span){ s.s, (size_t)(p - s.s) };
}

int conv_words(conv_span s, conv_span *w, int max)
{
    int k = 0;
    size_t i = 0;
    while (i < s.n) {
        while (i < s.n && (s.s[i] == ' ' || s.s[i] == '\t'))
            i++;
        if (i == s.n)
            break;
        size_t j = i;
        while (j < s.n && s.s[j] != ' ' && s.s[j] != '\t')
            j++;
        if (k == max)
            return max + 1;
        w[k++] = (conv_span){ s.s + i, j - i };
        i = j;
    }
    return k;
}

bool conv_int(conv_span s, long *v)
{
    s = conv_trim(s);
    size_t i = 0;
    bool neg = false;
    if (i < s.n && (s.s[i] == '-' || s.s[i] == '+'))
        neg = s.s[i++] == '-';
    if (i == s.n)
        return false;
    long x = 0;
    for (; i < s.n; i++) {
        if (s.s[i] < '0' || s.s[i] > '9' || x > 100000000L)
            return false;
        x = x * 10 + (s.s[i] - '0');
    }
    *v = neg ? -x : x;
    return true;
}

bool conv_hundredths(conv_span s, long *v)
{
    s = conv_trim(s);
    conv_span frac;
    conv_span whole = conv_field(s, '.', &frac);
    long w;
    if (!conv_int(whole, &w) && !(whole.n == 0 && frac.s))
        return false;
    if (whole.n == 0)
        w = 0;
    long f = 0;
    if (frac.s) {
        if (frac.n == 0 || frac.n > 6)
            return false;
        for (size_t i = 0; i < frac.n; i++) {
            if (frac.s[i] < '0' || frac.s[i] > '9')
                return false;
            if (i < 2)
                f += (frac.s[i] - '0') * (i == 0 ? 10 : 1);
        }
    }
    bool neg = whole.n && whole.s[0] == '-';
    *v = w * 100 + (neg ? -f : f);
    return true;
}

void conv_decimal(long hundredths, char *buf, size_t n)
{
    long a = hundredths < 0 ? -hundredths : hundredths;
    const char *sign = hundredths < 0 ? "-" : "";
    if (a % 100 == 0)
        snprintf(buf, n, "%s%ld", sign, a / 100);
    else if (a % 10 == 0)
        snprintf(buf, n, "%s%ld.%ld", sign, a / 100, (a % 100) / 10);
    else
        snprintf(buf, n, "%s%ld.%02ld", sign, a / 100, a % 100);
}

bool conv_date(conv_span s, int *y, int *m, int *d)
{
    long v[3];
    int k = 0;
    size_t i = 0;
    while (k < 3 && i < s.n) {
        if (s.s[i] < '0' || s.s[i] > '9') {
            i++;
            continue;
        }
        size_t j = i;
        long x = 0;
        while (j < s.n && s.s[j] >= '0' && s.s[j] <= '9' && j - i < 9)
            x = x * 10 + (s.s[j++] - '0');
        if (k == 0 && j - i == 8) {     /* 20170316 */
            v[0] = x / 10000;
            v[1] = x / 100 % 100;
            v[2] = x % 100;
            k = 3;
            break;
        }
        if (k == 0 && j - i != 4)
            return false;
        v[k++] = x;
        i = j;
    }
    if (k < 3 || v[0] < 1000 || v[1] < 1 || v[1] > 12 || v[2] < 1 ||
        v[2] > 31)
        return false;
    *y = (int)v[0];
    *m = (int)v[1];
    *d = (int)v[2];
    return true;
}

size_t conv_bom(const conv *c)
{
    const unsigned char *p = (const unsigned char *)c->src;
    return c->srclen >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF
               ? 3 : 0;
}

bool conv_handicap(conv *c, int stones, int size, bool third_top_left,
                   const char *at)
{
    if (stones < 2 || stones > 9 || size < 7 || size > 52)
        return false;
    if (stones >= 5 && size % 2 == 0)
        return false;           /* the middle points need an odd size */
    int near = size >= 13 ? 3 : 2, far = size - 1 - near, mid = size / 2;
    /* bottom left, top right, then the third and fourth corners */
    int pts[9][2] = { { near, far }, { far, near } };
    int n = 2;
    if (third_top_left) {
        pts[n][0] = near; pts[n++][1] = near;
        pts[n][0] = far; pts[n++][1] = far;
    } else {
        pts[n][0] = far; pts[n++][1] = far;
        pts[n][0] = near; pts[n++][1] = near;
    }
    if (stones == 5 || stones == 7 || stones == 9) {
        pts[n][0] = mid; pts[n++][1] = mid;
    }
    if (stones >= 6) {
        pts[n][0] = near; pts[n++][1] = mid;
        pts[n][0] = far; pts[n++][1] = mid;
    }
    if (stones >= 8) {
        pts[n][0] = mid; pts[n++][1] = near;
        pts[n][0] = mid; pts[n++][1] = far;
    }
    conv_point(c, "AB", pts[0][0], pts[0][1], at);
    for (int i = 1; i < stones; i++)
        conv_point(c, NULL, pts[i][0], pts[i][1], at);
    return true;
}

void conv_comments(conv *c, const conv_comment *v, size_t n, long at)
{
    bool open = false;
    for (size_t i = 0; i < n; i++) {
        if (v[i].at != at)
            continue;
        if (open)
            conv_sep(c, "\n\n");
        else
            conv_open(c, "C", v[i].text.s);
        open = true;
        conv_bytes(c, v[i].text.s, v[i].text.n);
    }
    if (open)
        conv_close(c);
}

/* Names listed in one note ("left out: GIBOKIND, TYPE"), placed at the
 * first one's source byte; a name that does not fit is not listed. */
typedef struct name_list {
    char text[400];
    size_t n;
    const char *at;
} name_list;

static void list_add(name_list *l, const char *name, const char *at)
{
    int w = snprintf(l->text + l->n, sizeof l->text - l->n, "%s%s",
                     l->n ? ", " : "", name);
    if (w < 0 || (size_t)w >= sizeof l->text - l->n) {
        l->text[l->n] = '\0';
        return;
    }
    l->n += (size_t)w;
    if (!l->at)
        l->at = at;
}

/* ---- a header of KEY=VALUE fields ---- */

int conv_key_index(conv_span key, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (conv_equals(key, names[i]))
            return i;
    return -1;
}

void conv_header_prop(conv *c, const conv_header_field *f, const char *id)
{
    conv_span v = conv_trim(f->v);
    if (f->set && v.n)
        conv_prop(c, id, v.s, v.n);
}

void conv_left_out(conv *c, const char *format, const conv_header_field *f,
                   const char *const *names, const unsigned char *lost,
                   int n)
{
    name_list l = { .n = 0 };
    for (int k = 0; k < n; k++)
        if (lost[k] && f[k].set && conv_trim(f[k].v).n != 0)
            list_add(&l, names[k], f[k].at);
    if (l.at)
        conv_note(c, CONV_LEFT_OUT, l.at,
                  "%s header fields SGF has no property for, left out: %s",
                  format, l.text);
}

/* ---- the moves ---- */

void conv_move(conv *c, conv_moves *m, const char *line, long num,
               char color, int x, int y, const char *point_at)
{
    if (num != m->expect && !m->noted) {
        m->noted = true;
        conv_note(c, CONV_BAD_VALUE, line,
                  "move number %ld where %ld was expected: the moves are "
                  "read in the order of the lines", num, m->expect);
    }
    m->expect = num + 1;
    m->last = num;
    m->count++;
    conv_text(c, "\n;", line);
    conv_point(c, color == 'B' ? "B" : "W", x, y, point_at);
}

void conv_third_start(conv_third *t, int size)
{
    t->near = size >= 13 ? 3 : 2;
    t->far = size - 1 - t->near;
    t->stones = 0;
    t->first_near = t->first_far = -1;
}

void conv_third_stone(conv_third *t, int x, int y)
{
    t->stones++;
    if (x == t->near && y == t->near && t->first_near < 0)
        t->first_near = t->stones;
    if (x == t->far && y == t->far && t->first_far < 0)
        t->first_far = t->stones;
}

bool conv_third_top_left(const conv_third *t, long h, bool custom_top_left)
{
    if (h != 3)
        return custom_top_left;
    if (t->first_far >= 0 && (t->first_near < 0 || t->first_far < t->first_near))
        return true;
    if (t->first_near >= 0)
        return false;
    return custom_top_left;
}
