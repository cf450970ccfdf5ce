/*
 * points.c - Go points and compressed point lists (FF[4] sgf4.html 3.5.1,
 * go.html): decoding "ab", expanding "ul:lr" rectangles and collecting the
 * points of a list into a fixed bitmap, so that duplicates and overlaps are
 * found without one allocation per value.
 */
#include <string.h>

#include "sgf/points.h"

/* 'a'-'z' are 0-25 and 'A'-'Z' 26-51 (go.html: boards up to 52x52); every
 * other byte is -1, so a single lookup rejects junk and non-ASCII bytes. */
#define NO8 -1, -1, -1, -1, -1, -1, -1, -1
#define NO32 NO8, NO8, NO8, NO8
const signed char point_coord_table[256] = {
    NO32, NO32,                                        /* 0x00-0x3f */
    -1,                                                /* '@' */
    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
    39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, /* 'A'-'Z' */
    -1, -1, -1, -1, -1, -1,                            /* '[' - '`' */
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, /* 'a'-'z' */
    -1, -1, -1, -1, -1,                                /* '{' - 0x7f */
    NO32, NO32, NO32, NO32                             /* 0x80-0xff */
};
#undef NO32
#undef NO8

int sgf_point_decode(const char *raw, size_t len, int width, int height,
                     int *x, int *y)
{
    int px = -1, py = -1, r = -1;

    if (len == 0) {
        r = 0;
    } else if (len == 2 && raw) {
        /* FF[3] wrote a pass as "tt"; FF[4] keeps that reading only where
         * "tt" cannot be a point, i.e. up to 19x19. */
        if (raw[0] == 't' && raw[1] == 't' && width <= 19 && height <= 19) {
            r = 0;
        } else {
            int cx = point_coord(raw[0]), cy = point_coord(raw[1]);
            if (cx >= 0 && cy >= 0 && cx < width && cy < height) {
                px = cx;
                py = cy;
                r = 1;
            }
        }
    }
    if (x)
        *x = px;
    if (y)
        *y = py;
    return r;
}

/* A point "ab" inside the board: 1 and *x, *y set; 0 when the two bytes are
 * letters but the point lies outside; -1 when they are not two letters. */
static int decode2(const char *s, int width, int height, int *x, int *y)
{
    int cx = point_coord(s[0]), cy = point_coord(s[1]);
    if (cx < 0 || cy < 0)
        return -1;
    *x = cx;
    *y = cy;
    return cx < width && cy < height ? 1 : 0;
}

point_value_status point_value_parse(const char *raw, size_t len, int width,
                                     int height, point_rect *r)
{
    int x0, y0, x1, y1, a, b;

    if (len == 0)
        return PV_EMPTY;
    if (len == 2) {
        a = decode2(raw, width, height, &x0, &y0);
        if (a < 0)
            return PV_SYNTAX;
        if (a == 0)
            return PV_OUTSIDE;
        r->x0 = r->x1 = (uint8_t)x0;
        r->y0 = r->y1 = (uint8_t)y0;
        return PV_POINT;
    }
    if (len != 5 || raw[2] != ':')
        return PV_SYNTAX;
    a = decode2(raw, width, height, &x0, &y0);
    b = decode2(raw + 3, width, height, &x1, &y1);
    if (a < 0 || b < 0)
        return PV_SYNTAX;
    if (a == 0 || b == 0)
        return PV_OUTSIDE;
    /* Normalised either way, so that callers can go on checking for
     * duplicates after reporting the rectangle. */
    r->x0 = (uint8_t)(x0 < x1 ? x0 : x1);
    r->x1 = (uint8_t)(x0 < x1 ? x1 : x0);
    r->y0 = (uint8_t)(y0 < y1 ? y0 : y1);
    r->y1 = (uint8_t)(y0 < y1 ? y1 : y0);
    if (x0 == x1 && y0 == y1)
        return PV_RECT_1X1;
    if (x0 > x1 || y0 > y1)
        return PV_RECT_ORDER;
    return PV_RECT;
}

static unsigned popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_popcountll(v);
#else
    unsigned n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
#endif
}

static unsigned lowest_bit(uint64_t v)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(v);
#else
    unsigned n = 0;
    while (!(v & 1u)) {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

void point_set_clear(point_set *s)
{
    memset(s->w, 0, sizeof s->w);
}

/* Sets bits [start, start + n) and returns how many were set before.  A row
 * of a rectangle is one such run, so a 19x19 rectangle costs ~19 word
 * operations rather than 361 bit operations. */
static unsigned set_run(point_set *s, unsigned start, unsigned n)
{
    unsigned had = 0;

    while (n > 0) {
        unsigned word = start >> 6, bit = start & 63u;
        unsigned take = 64u - bit < n ? 64u - bit : n;
        uint64_t mask = (take == 64u ? ~(uint64_t)0
                                     : (((uint64_t)1 << take) - 1u)) << bit;
        uint64_t old = s->w[word] & mask;
        if (old) /* rare: only duplicates pay for the count */
            had += popcount64(old);
        s->w[word] |= mask;
        start += take;
        n -= take;
    }
    return had;
}

unsigned point_set_add(point_set *s, const point_rect *r)
{
    unsigned had = 0, y, n = (unsigned)r->x1 - r->x0 + 1u;

    if (n == 1 && r->y0 == r->y1) { /* most values are single points */
        unsigned i = (unsigned)r->y0 * SGF_MAX_BOARD + r->x0;
        uint64_t bit = (uint64_t)1 << (i & 63u);
        had = (s->w[i >> 6] & bit) != 0;
        s->w[i >> 6] |= bit;
        return had;
    }
    for (y = r->y0; y <= r->y1; y++)
        had += set_run(s, y * SGF_MAX_BOARD + r->x0, n);
    return had;
}

unsigned point_set_common(const point_set *a, const point_set *b,
                          int *first_x, int *first_y)
{
    unsigned n = 0, i, first = ~0u;

    for (i = 0; i < POINT_SET_WORDS; i++) {
        uint64_t both = a->w[i] & b->w[i];
        if (both) {
            if (first == ~0u)
                first = i * 64u + lowest_bit(both);
            n += popcount64(both);
        }
    }
    if (first_x)
        *first_x = n ? (int)(first % SGF_MAX_BOARD) : -1;
    if (first_y)
        *first_y = n ? (int)(first / SGF_MAX_BOARD) : -1;
    return n;
}

unsigned point_set_count(const point_set *s)
{
    unsigned n = 0, i;

    for (i = 0; i < POINT_SET_WORDS; i++)
        n += popcount64(s->w[i]);
    return n;
}

unsigned point_list_collect(const sgf_prop *p, int width, int height,
                            point_set *s)
{
    unsigned added = 0;
    uint32_t i;

    if (width > SGF_MAX_BOARD)
        width = SGF_MAX_BOARD;
    if (height > SGF_MAX_BOARD)
        height = SGF_MAX_BOARD;
    for (i = 0; i < p->nvalues; i++) {
        point_rect r;
        switch (point_value_parse(p->values[i].raw, p->values[i].len, width,
                                  height, &r)) {
        case PV_POINT:
        case PV_RECT:
        case PV_RECT_1X1:
        case PV_RECT_ORDER:
            added += ((unsigned)r.x1 - r.x0 + 1u) * ((unsigned)r.y1 - r.y0 + 1u)
                     - point_set_add(s, &r);
            break;
        default:
            break;
        }
    }
    return added;
}

void gtp_point(char *out, int x, int y, int height)
{
    out[gtp_name(out, x, y, height)] = '\0';
}
