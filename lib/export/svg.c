/*
 * svg.c - a position as a standalone SVG 1.1 document (doc/drawing.md):
 * wooden board, grid, star points, stones, and with a scored map the dead
 * stones faded and crossed, territory as small squares of its owner's
 * colour, seki and false-eye points, unsettled stones; the last move ringed;
 * coordinates and a caption on request.
 *
 * Every length is an integer in a grid of CELL units per line spacing, so
 * numbers are written with %d: a caller's setlocale() cannot turn them into
 * "0,5".  The title is untrusted text from a record: it is escaped for XML,
 * and bytes that are not UTF-8 (or characters XML 1.0 forbids) become
 * U+FFFD, so the document stays well-formed whatever it holds.
 */
#include <stdint.h>
#include <string.h>

#include "common/output.h"
#include "export/draw.h"

enum {
    CELL = 40,          /* distance between lines */
    STONE_R = 19,       /* a 1-unit gap between touching stones */
    MARGIN = 30,        /* edge line to the board's edge: a stone and some wood */
    MARGIN_COORDS = 70, /* ... with a band of labels CELL away from the edge line */
    LABEL_SIZE = 16,    /* font size of the coordinates */
    CAPTION_SIZE = 20,  /* font size of the caption */
    CAPTION_BAND = 48,  /* height of the caption's band under the board */
    CAPTION_PAD = 20    /* room left and right of a caption wider than the board */
};

/* ------------------------------------------------------------------ */
/* Text                                                                */

/* Length (1-4) of the strict UTF-8 sequence at s and its code point in
 * *cp; 0 when s does not start one (overlong forms, surrogates and values
 * past U+10FFFF are not UTF-8).  s is NUL-terminated, and NUL is no
 * continuation byte, so the end is never passed. */
static int utf8_decode(const unsigned char *s, uint32_t *cp)
{
    unsigned c = s[0];
    uint32_t v, min;
    int n;

    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2, v = c & 0x1Fu, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3, v = c & 0x0Fu, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4, v = c & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0u) != 0x80u)
            return 0;
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return n;
}

/* Walks text as XML character data: writes it escaped to d (when not
 * NULL) and returns its approximate width in units at CAPTION_SIZE, which
 * sizes the document so that a caption wider than the board still shows. */
static long put_text(out_sink *d, const char *text)
{
    static const char replacement[] = "\xEF\xBF\xBD";   /* U+FFFD */
    const unsigned char *s = (const unsigned char *)text;
    long width = 0;

    while (*s) {
        uint32_t cp;
        int n = utf8_decode(s, &cp);
        const char *out = (const char *)s;
        size_t len = (size_t)n;

        if (n == 0) {
            out = replacement, len = 3, n = 1, cp = 0xFFFD;
        } else if (cp == '\t' || cp == '\n' || cp == '\r') {
            out = " ", len = 1;   /* the caption is one line */
        } else if (cp < 0x20 || cp == 0xFFFE || cp == 0xFFFF) {
            out = replacement, len = 3, cp = 0xFFFD;   /* not XML 1.0 characters */
        } else if (cp == '&') {
            out = "&amp;", len = 5;
        } else if (cp == '<') {
            out = "&lt;", len = 4;
        } else if (cp == '>') {
            out = "&gt;", len = 4;
        } else if (cp == '"') {
            out = "&quot;", len = 6;
        } else if (cp == '\'') {
            out = "&apos;", len = 6;
        }
        if (d)
            sink_put(d, out, len);
        /* average advance of a sans-serif font: Latin about 0.55 em, CJK
         * and other wide scripts a full em */
        width += cp < 0x80 ? 11 : cp < 0x1100 ? 12 : CAPTION_SIZE;
        s += n;
    }
    return width;
}

/* ------------------------------------------------------------------ */
/* The board                                                           */

typedef struct layout {
    int w, h;            /* points */
    int margin;
    int ox;              /* left edge of the board within the document */
    int board_w, board_h;
    int doc_w, doc_h;
} layout;

static int px(const layout *l, int x) { return l->ox + l->margin + CELL * x; }
static int py(const layout *l, int y) { return l->margin + CELL * y; }

static void put_grid(out_sink *d, const layout *l)
{
    int x0 = px(l, 0), x1 = px(l, l->w - 1);
    int y0 = py(l, 0), y1 = py(l, l->h - 1);

    sink_puts(d, "<path class=\"grid\" fill=\"none\" stroke=\"#000\" "
                 "stroke-width=\"1\" stroke-linecap=\"square\" d=\"");
    for (int x = 0; x < l->w; x++)
        sink_printf(d, "M%d %dV%d", px(l, x), y0, y1);
    for (int y = 0; y < l->h; y++)
        sink_printf(d, "M%d %dH%d", x0, py(l, y), x1);
    sink_puts(d, "\"/>\n");
    /* a 1x1 board has no line: its point still shows */
    if (l->w == 1 && l->h == 1)
        sink_printf(d, "<circle cx=\"%d\" cy=\"%d\" r=\"2\" fill=\"#000\"/>\n",
                    x0, y0);
}

static void put_coordinates(out_sink *d, const layout *l)
{
    /* the text's baseline sits about 0.35 em under the point's centre */
    int base = LABEL_SIZE * 35 / 100;
    int top = py(l, 0) - CELL, bottom = py(l, l->h - 1) + CELL;
    int left = px(l, 0) - CELL, right = px(l, l->w - 1) + CELL;

    sink_printf(d, "<g class=\"coordinates\" font-family=\"sans-serif\" "
                   "font-size=\"%d\" text-anchor=\"middle\" fill=\"#000\">\n",
                LABEL_SIZE);
    for (int x = 0; x < l->w; x++) {
        char label[3];
        draw_column_label(x, label);
        sink_printf(d, "<text x=\"%d\" y=\"%d\">%s</text>"
                       "<text x=\"%d\" y=\"%d\">%s</text>\n",
                    px(l, x), top + base, label, px(l, x), bottom + base, label);
    }
    for (int y = 0; y < l->h; y++) {
        int row = l->h - y;   /* GTP numbers rows from the bottom */
        sink_printf(d, "<text x=\"%d\" y=\"%d\">%d</text>"
                       "<text x=\"%d\" y=\"%d\">%d</text>\n",
                    left, py(l, y) + base, row, right, py(l, y) + base, row);
    }
    sink_puts(d, "</g>\n");
}

static const char *fill_of(int color)
{
    return color == SGF_BLACK ? "#000" : "#fff";
}

static const char *name_of(int color)
{
    return color == SGF_BLACK ? "black" : "white";
}

/* A small square of the owner's colour: territory. */
static void put_territory(out_sink *d, int cx, int cy, int owner)
{
    sink_printf(d, "<rect class=\"territory %s\" x=\"%d\" y=\"%d\" "
                   "width=\"14\" height=\"14\" fill=\"%s\" stroke=\"#000\" "
                   "stroke-width=\"1\"/>\n",
                name_of(owner), cx - 7, cy - 7, fill_of(owner));
}

static void put_point(out_sink *d, const layout *l, const draw_point *pt,
                      int x, int y)
{
    int cx = px(l, x), cy = py(l, y);

    if (pt->stone != SGF_EMPTY) {
        sink_printf(d, "<circle class=\"stone %s%s\" cx=\"%d\" cy=\"%d\" "
                       "r=\"%d\" fill=\"%s\" stroke=\"#000\" "
                       "stroke-width=\"1\"%s/>\n",
                    name_of(pt->stone), pt->dead ? " dead" : "", cx, cy,
                    STONE_R, fill_of(pt->stone),
                    pt->dead ? " opacity=\"0.45\"" : "");
    }
    if (pt->territory)
        put_territory(d, cx, cy, pt->territory);
    if (pt->stone != SGF_EMPTY && pt->dead)
        sink_printf(d, "<path class=\"cross\" d=\"M%d %dL%d %dM%d %dL%d %d\" "
                       "stroke=\"#c00000\" stroke-width=\"3\"/>\n",
                    cx - 11, cy - 11, cx + 11, cy + 11,
                    cx + 11, cy - 11, cx - 11, cy + 11);
    if (pt->seki && !pt->territory)
        sink_printf(d, "<path class=\"seki\" d=\"M%d %dl7 7l-7 7l-7-7z\" "
                       "fill=\"#808080\"/>\n", cx, cy - 7);
    if (pt->stone == SGF_EMPTY && pt->false_eye && !pt->territory && !pt->seki)
        sink_printf(d, "<rect class=\"false-eye\" x=\"%d\" y=\"%d\" "
                       "width=\"12\" height=\"12\" fill=\"none\" "
                       "stroke=\"#505050\" stroke-width=\"2\"/>\n",
                    cx - 6, cy - 6);
    if (pt->stone != SGF_EMPTY && pt->unsettled)
        sink_printf(d, "<text class=\"unsettled\" x=\"%d\" y=\"%d\" "
                       "font-family=\"sans-serif\" font-size=\"18\" "
                       "font-weight=\"bold\" text-anchor=\"middle\" "
                       "fill=\"#d00000\">?</text>\n", cx, cy + 6);
    if (pt->last)
        sink_printf(d, "<circle class=\"last\" cx=\"%d\" cy=\"%d\" r=\"11\" "
                       "fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n",
                    cx, cy,
                    pt->stone == SGF_BLACK && !pt->dead ? "#fff"
                    : pt->stone == SGF_WHITE && !pt->dead ? "#000" : "#c00000");
}

int sgf_position_svg(const sgf_position *p, const sgf_draw_options *o,
                     sgf_write_fn write, void *ctx)
{
    if (!p || !write)
        return SGF_E_ARG;
    if (!o)
        o = &draw_no_options;

    layout l;
    l.w = sgf_position_width(p);
    l.h = sgf_position_height(p);
    l.margin = o->coordinates ? MARGIN_COORDS : MARGIN;
    l.board_w = 2 * l.margin + CELL * (l.w - 1);
    l.board_h = 2 * l.margin + CELL * (l.h - 1);
    l.doc_w = l.board_w;
    l.doc_h = l.board_h;
    if (o->title) {
        long tw = put_text(NULL, o->title) + 2 * CAPTION_PAD;
        /* beyond this the caption is clipped rather than the board shrunk
         * to a speck */
        if (tw > 20000)
            tw = 20000;
        if (tw > l.doc_w)
            l.doc_w = (int)tw;
        l.doc_h += CAPTION_BAND;
    }
    l.ox = (l.doc_w - l.board_w) / 2;

    out_sink d;
    sink_init(&d, write, ctx);
    sink_printf(&d, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                l.doc_w, l.doc_h, l.doc_w, l.doc_h);
    if (o->title) {
        sink_puts(&d, "<title>");
        put_text(&d, o->title);
        sink_puts(&d, "</title>\n");
    }
    sink_printf(&d, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n"
                    "<rect class=\"board\" x=\"%d\" y=\"0\" width=\"%d\" "
                    "height=\"%d\" fill=\"#dcb35c\"/>\n",
                l.doc_w, l.doc_h, l.ox, l.board_w, l.board_h);
    put_grid(&d, &l);
    for (int y = 0; y < l.h; y++)
        for (int x = 0; x < l.w; x++)
            if (draw_star(l.w, l.h, x, y))
                sink_printf(&d, "<circle class=\"star\" cx=\"%d\" cy=\"%d\" "
                                "r=\"4\" fill=\"#000\"/>\n", px(&l, x), py(&l, y));
    if (o->coordinates)
        put_coordinates(&d, &l);
    for (int y = 0; y < l.h && !d.err; y++)
        for (int x = 0; x < l.w; x++) {
            draw_point pt;
            draw_point_get(p, o, x, y, &pt);
            put_point(&d, &l, &pt, x, y);
        }
    if (o->title) {
        sink_printf(&d, "<text class=\"caption\" x=\"%d\" y=\"%d\" "
                        "font-family=\"sans-serif\" font-size=\"%d\" "
                        "text-anchor=\"middle\" fill=\"#000\">",
                    l.doc_w / 2, l.board_h + CAPTION_BAND * 2 / 3, CAPTION_SIZE);
        put_text(&d, o->title);
        sink_puts(&d, "</text>\n");
    }
    sink_puts(&d, "</svg>\n");
    return sink_flush(&d);
}
