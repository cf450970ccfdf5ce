/*
 * test_draw.c - drawing a position (sgf_position_diagram, sgf_position_svg):
 *  - the text diagram line by line: a scored 5x5 exactly, the marks for
 *    unsettled stones, seki, false eyes and the last move, star points,
 *    GTP coordinates up to 52 columns, 1x1 and rectangular boards;
 *  - the SVG: well-formed XML (checked by a small parser below, which
 *    also counts elements by class), one circle per stone, a cross per dead
 *    stone, the title escaped and bad UTF-8 replaced, the same bytes under
 *    a locale with a decimal comma;
 *  - write errors stop both and are returned.
 */
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "sgfkit.h"

/* ------------------------------------------------------------------ */
/* helpers                                                             */

/* Collects the output; fails with fail_value at call fail_at (1-based). */
typedef struct sink {
    char *buf;
    size_t len, cap;
    int calls;
    int fail_at, fail_value;
} sink;

static int sink_write(void *ctx, const void *data, size_t len)
{
    sink *s = ctx;
    s->calls++;
    if (s->fail_at && s->calls >= s->fail_at)
        return s->fail_value;
    if (s->len + len + 1 > s->cap) {
        size_t cap = (s->len + len + 1) * 2;
        char *b = realloc(s->buf, cap);
        if (!b) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        s->buf = b;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, data, len);
    s->len += len;
    s->buf[s->len] = 0;
    return 0;
}

static void sink_reset(sink *s)
{
    s->len = 0;
    s->calls = 0;
    s->fail_at = s->fail_value = 0;
    if (s->buf)
        s->buf[0] = 0;
}

static int color_of(char ch)
{
    switch (ch) {
    case 'X': return SGF_BLACK;
    case 'O': return SGF_WHITE;
    default: return SGF_EMPTY;
    }
}

/* A w x h position holding rows (top to bottom). */
static sgf_position *board(int w, int h, const char *const *rows)
{
    sgf_position *p = sgf_position_new();
    if (!p || sgf_position_reset(p, w, h, NULL) != 0) {
        fprintf(stderr, "cannot make a %dx%d position\n", w, h);
        exit(2);
    }
    if (rows) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                sgf_position_setup(p, x, y, color_of(rows[y][x]));
        sgf_position_setup_done(p);
    }
    return p;
}

/* A map from rows of letters: '.' 0, 'b' / 'w' owner, 'B' / 'W' owner and
 * dead, 's' seki, 'f' false eye, 'u' unsettled, 'S' seki stone. */
static void map_rows(unsigned char *map, int w, int h, const char *const *rows)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned char m = 0;
            switch (rows[y][x]) {
            case 'b': m = SGF_BLACK; break;
            case 'w': m = SGF_WHITE; break;
            case 'B': m = SGF_BLACK | SGF_MAP_DEAD; break;
            case 'W': m = SGF_WHITE | SGF_MAP_DEAD; break;
            case 's': case 'S': m = SGF_MAP_SEKI; break;
            case 'f': m = SGF_MAP_FALSE_EYE; break;
            case 'u': m = SGF_MAP_UNSETTLED; break;
            default: break;
            }
            map[y * w + x] = m;
        }
}

static sgf_draw_options options(const unsigned char *map, int lx, int ly,
                                int coords, const char *title)
{
    sgf_draw_options o;
    o.map = map;
    o.last_x = lx;
    o.last_y = ly;
    o.coordinates = coords;
    o.title = title;
    return o;
}

static const char *diagram(sink *s, const sgf_position *p,
                           const sgf_draw_options *o)
{
    sink_reset(s);
    int rc = sgf_position_diagram(p, o, sink_write, s);
    CHECK_INT(rc, 0);
    return s->buf ? s->buf : "";
}

static const char *svg(sink *s, const sgf_position *p,
                       const sgf_draw_options *o)
{
    sink_reset(s);
    int rc = sgf_position_svg(p, o, sink_write, s);
    CHECK_INT(rc, 0);
    return s->buf ? s->buf : "";
}

/* Line i (0-based) of text into out, without its newline; -1 when there is
 * no such line, else its length. */
static int line_of(const char *text, int i, char *out, size_t n)
{
    const char *s = text;
    for (; i > 0; i--) {
        s = strchr(s, '\n');
        if (!s)
            return -1;
        s++;
    }
    const char *e = strchr(s, '\n');
    if (!e)
        return -1;
    size_t len = (size_t)(e - s);
    if (len >= n)
        len = n - 1;
    memcpy(out, s, len);
    out[len] = 0;
    return (int)len;
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

static int count_char(const char *text, char c)
{
    int n = 0;
    for (; *text; text++)
        n += *text == c;
    return n;
}

static int count_str(const char *text, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    for (const char *s = strstr(text, needle); s; s = strstr(s + len, needle))
        n++;
    return n;
}

static int stones_of(const sgf_position *p, int color)
{
    int n = 0;
    for (int y = 0; y < sgf_position_height(p); y++)
        for (int x = 0; x < sgf_position_width(p); x++)
            n += sgf_position_at(p, x, y) == color;
    return n;
}

/* Every line has width, is plain printable ASCII, no trailing blank. */
static int lines_clean(const char *text)
{
    const char *start = text;
    for (const char *s = text; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n') {
            if (s > start && s[-1] == ' ')
                return 0;
            start = s + 1;
        } else if (c < 0x20 || c > 0x7e) {
            return 0;
        }
    }
    return *text && text[strlen(text) - 1] == '\n';
}

/* ------------------------------------------------------------------ */
/* A small XML 1.0 well-formedness checker (no DTD): UTF-8 throughout,   */
/* only XML characters, names, attributes quoted without '<' or a raw   */
/* '&', known entity and character references, tags nested and closed,  */
/* one root element.  Returns NULL when well-formed, else why not.      */

static int utf8_len(const unsigned char *s, uint32_t *cp)
{
    unsigned c = s[0];
    int n;
    uint32_t v, min;
    if (c < 0x80) { *cp = c; return 1; }
    if (c >= 0xC2 && c <= 0xDF) { n = 2; v = c & 0x1F; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; v = c & 0x0F; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; v = c & 0x07; min = 0x10000; }
    else return 0;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return n;
}

static int name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           c == ':' || c >= 0x80;
}

static int name_char(unsigned char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static const char *xml_ref(const char **ps)
{
    const char *s = *ps + 1;   /* after '&' */
    if (*s == '#') {
        s++;
        int hex = *s == 'x';
        s += hex;
        const char *d = s;
        while ((*s >= '0' && *s <= '9') ||
               (hex && ((*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F'))))
            s++;
        if (s == d || *s != ';')
            return "bad character reference";
    } else {
        static const char *const known[] = { "amp;", "lt;", "gt;", "quot;", "apos;" };
        size_t i;
        for (i = 0; i < 5; i++)
            if (!strncmp(s, known[i], strlen(known[i])))
                break;
        if (i == 5)
            return "unknown entity or raw '&'";
        s += strlen(known[i]) - 1;
    }
    *ps = s + 1;
    return NULL;
}

static const char *xml_check(const char *doc)
{
    /* characters first: the whole document */
    for (const unsigned char *u = (const unsigned char *)doc; *u;) {
        uint32_t cp;
        int n = utf8_len(u, &cp);
        if (!n)
            return "not UTF-8";
        if ((cp < 0x20 && cp != 9 && cp != 10 && cp != 13) ||
            cp == 0xFFFE || cp == 0xFFFF)
            return "not an XML character";
        u += n;
    }

    const char *s = doc;
    enum { DEPTH = 64 };
    const char *stack[DEPTH];
    size_t stack_len[DEPTH];
    int depth = 0, roots = 0;

    if (!strncmp(s, "<?xml", 5)) {
        s = strstr(s, "?>");
        if (!s)
            return "unterminated declaration";
        s += 2;
    }
    while (*s) {
        if (*s == '<') {
            if (!strncmp(s, "<!--", 4)) {
                s = strstr(s + 4, "-->");
                if (!s)
                    return "unterminated comment";
                s += 3;
                continue;
            }
            if (s[1] == '/') {
                const char *n = s + 2;
                const char *e = n;
                while (name_char((unsigned char)*e))
                    e++;
                if (!depth)
                    return "end tag without start";
                depth--;
                if ((size_t)(e - n) != stack_len[depth] ||
                    strncmp(n, stack[depth], stack_len[depth]))
                    return "mismatched end tag";
                while (*e == ' ' || *e == '\n')
                    e++;
                if (*e != '>')
                    return "bad end tag";
                s = e + 1;
                continue;
            }
            const char *n = s + 1;
            if (!name_start((unsigned char)*n))
                return "bad element name";
            const char *e = n;
            while (name_char((unsigned char)*e))
                e++;
            if (depth == 0 && roots++)
                return "more than one root element";
            /* attributes */
            const char *seen[32];
            size_t seen_len[32];
            int nseen = 0;
            for (;;) {
                int space = 0;
                while (*e == ' ' || *e == '\n' || *e == '\t') {
                    e++;
                    space = 1;
                }
                if (*e == '>' || (*e == '/' && e[1] == '>'))
                    break;
                if (!space || !name_start((unsigned char)*e))
                    return "bad attribute";
                const char *an = e;
                while (name_char((unsigned char)*e))
                    e++;
                for (int i = 0; i < nseen; i++)
                    if (seen_len[i] == (size_t)(e - an) &&
                        !strncmp(seen[i], an, seen_len[i]))
                        return "repeated attribute";
                if (nseen < 32) {
                    seen[nseen] = an;
                    seen_len[nseen++] = (size_t)(e - an);
                }
                if (*e != '=')
                    return "attribute without '='";
                e++;
                char q = *e;
                if (q != '"' && q != '\'')
                    return "unquoted attribute";
                e++;
                while (*e != q) {
                    if (!*e || *e == '<')
                        return "bad attribute value";
                    if (*e == '&') {
                        const char *why = xml_ref(&e);
                        if (why)
                            return why;
                    } else {
                        e++;
                    }
                }
                e++;
            }
            if (*e == '/') {
                e += 2;
            } else {
                if (depth == DEPTH)
                    return "too deep";
                stack[depth] = n;
                stack_len[depth++] = (size_t)(strchr(n, '>') - n);
                /* the name ends at the first non-name character */
                size_t k = 0;
                while (name_char((unsigned char)n[k]))
                    k++;
                stack_len[depth - 1] = k;
                e++;
            }
            s = e;
            if (depth == 0 && roots && !*s)
                break;
        } else if (*s == '&') {
            const char *why = xml_ref(&s);
            if (why)
                return why;
        } else {
            if (depth == 0 && *s != ' ' && *s != '\n' && *s != '\t' && *s != '\r')
                return "text outside the root";
            if (*s == '>' && s > doc + 1 && s[-1] == ']' && s[-2] == ']')
                return "']]>' in text";
            s++;
        }
    }
    if (depth)
        return "unclosed element";
    if (!roots)
        return "no root element";
    return NULL;
}

/* Checks that doc is well-formed, printing why when it is not. */
static int well_formed(const char *doc)
{
    const char *why = xml_check(doc);
    if (why)
        fprintf(stderr, "SVG not well-formed: %s\n", why);
    return why == NULL;
}

/* The checker itself must reject what it is there to catch. */
static void test_checker(void)
{
    CHECK(xml_check("<a b=\"1\"><c/>t&amp;</a>\n") == NULL);
    CHECK(xml_check("<a>x<b></a></b>") != NULL);
    CHECK(xml_check("<a>x & y</a>") != NULL);
    CHECK(xml_check("<a>x < y</a>") != NULL);
    CHECK(xml_check("<a t=\"<\"/>") != NULL);
    CHECK(xml_check("<a t=\"\"\"/>") != NULL);
    CHECK(xml_check("<a>\xff</a>") != NULL);
    CHECK(xml_check("<a>\x01</a>") != NULL);
    CHECK(xml_check("<a/><b/>") != NULL);
    CHECK(xml_check("<a>") != NULL);
    CHECK(xml_check("<a x=\"1\" x=\"2\"/>") != NULL);
}

/* ------------------------------------------------------------------ */
/* text diagram                                                        */

/* The 5x5 of doc/drawing.md: Black on the left, White on the right, a
 * dead black stone at E3, White's last move at C1. */
static const char *const five_rows[] = {
    "..XO.",
    "..XO.",
    ".XXOX",
    ".XOO.",
    ".X...",
};
static const char *const five_map[] = {
    "bb..w",
    "bb..w",
    "b...W",
    "b...w",
    "b..ww",
};

static sgf_position *five(unsigned char *map)
{
    sgf_position *p = board(5, 5, five_rows);
    sgf_position_play(p, SGF_WHITE, 2, 4, NULL);
    map_rows(map, 5, 5, five_map);
    return p;
}

static void test_five(void)
{
    sink s = {0};
    unsigned char map[25];
    sgf_position *p = five(map);
    sgf_draw_options o = options(map, 2, 4, 1, NULL);

    static const char *const want[] = {
        "   A B C D E",
        " 5 b b X O w 5",
        " 4 b b X O w 4",
        " 3 b X X O x 3",
        " 2 b X O O w 2",
        " 1 b X(O)w w 1",
        "   A B C D E",
    };
    const char *text = diagram(&s, p, &o);
    CHECK_INT(count_lines(text), 7);
    for (int i = 0; i < 7; i++) {
        char line[200];
        CHECK(line_of(text, i, line, sizeof line) >= 0);
        CHECK_STR(line, want[i]);
    }
    CHECK(lines_clean(text));

    /* no coordinates, no map: the bare board */
    o = options(NULL, 2, 4, 0, NULL);
    static const char *const bare[] = {
        " . . X O .",
        " . . X O .",
        " . X X O X",
        " . X O O .",
        " . X(O). .",
    };
    text = diagram(&s, p, &o);
    CHECK_INT(count_lines(text), 5);
    for (int i = 0; i < 5; i++) {
        char line[200];
        line_of(text, i, line, sizeof line);
        CHECK_STR(line, bare[i]);
    }

    /* NULL options: the bare board without the last move */
    sink_reset(&s);
    CHECK_INT(sgf_position_diagram(p, NULL, sink_write, &s), 0);
    char line[200];
    line_of(s.buf, 4, line, sizeof line);
    CHECK_STR(line, " . X O . .");
    CHECK_INT(count_char(s.buf, '('), 0);

    /* the last move in the first column, the closing mark at the end */
    o = options(NULL, 0, 0, 0, NULL);
    text = diagram(&s, p, &o);
    line_of(text, 0, line, sizeof line);
    CHECK_STR(line, "(.). X O .");
    o = options(NULL, 4, 2, 0, NULL);
    text = diagram(&s, p, &o);
    line_of(text, 2, line, sizeof line);
    CHECK_STR(line, " . X X O(X)");

    CHECK_INT(sgf_position_diagram(NULL, &o, sink_write, &s), SGF_E_ARG);
    CHECK_INT(sgf_position_diagram(p, &o, NULL, &s), SGF_E_ARG);
    sgf_position_free(p);
    free(s.buf);
}

/* Marks that live in the gaps: unsettled stones, seki, false eyes. */
static void test_marks(void)
{
    sink s = {0};
    static const char *const rows[] = { "XOXO..", "XO.X.." };
    static const char *const mrows[] = { "uSuSsf", "..u..." };
    unsigned char map[12];
    sgf_position *p = board(6, 2, rows);
    map_rows(map, 6, 2, mrows);

    sgf_draw_options o = options(map, 2, 0, 0, NULL);
    const char *text = diagram(&s, p, &o);
    char line[200];
    line_of(text, 0, line, sizeof line);
    /* the last move's "(" hides its own '?'; seki stones stay X O */
    CHECK_STR(line, "?X O(X)O = -");
    line_of(text, 1, line, sizeof line);
    /* 'u' on an empty point means nothing */
    CHECK_STR(line, " X O . X . .");

    /* an unsettled stone right of the last move keeps its mark */
    o = options(map, 1, 0, 0, NULL);
    text = diagram(&s, p, &o);
    line_of(text, 0, line, sizeof line);
    CHECK_STR(line, "?X(O?X O = -");

    /* a damaged owner (3) is no territory */
    map[4] = 3;
    o = options(map, -1, -1, 0, NULL);
    text = diagram(&s, p, &o);
    line_of(text, 0, line, sizeof line);
    CHECK_STR(line, "?X O?X O . -");
    sgf_position_free(p);
    free(s.buf);
}

/* '+' on star points, where they are for the common sizes */
static void test_stars(void)
{
    sink s = {0};
    struct { int w, h, stars; } cases[] = {
        { 19, 19, 9 }, { 13, 13, 5 }, { 9, 9, 5 }, { 7, 7, 4 },
        { 5, 5, 0 }, { 19, 7, 6 }, { 52, 52, 4 }, { 37, 37, 9 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sgf_position *p = board(cases[i].w, cases[i].h, NULL);
        const char *text = diagram(&s, p, NULL);
        CHECK_INT(count_char(text, '+'), cases[i].stars);
        sgf_position_free(p);
    }

    sgf_position *p = board(19, 19, NULL);
    sgf_draw_options o = options(NULL, -1, -1, 1, NULL);
    const char *text = diagram(&s, p, &o);
    char line[200];
    line_of(text, 4, line, sizeof line);      /* row 16 */
    CHECK_STR(line, "16 . . . + . . . . . + . . . . . + . . . 16");
    line_of(text, 10, line, sizeof line);     /* row 10 */
    CHECK_STR(line, "10 . . . + . . . . . + . . . . . + . . . 10");
    line_of(text, 0, line, sizeof line);
    CHECK_STR(line, "   A B C D E F G H J K L M N O P Q R S T");
    CHECK(strchr(line, 'I') == NULL);
    line_of(text, 19, line, sizeof line);     /* row 1 */
    CHECK_STR(line, " 1 . . . . . . . . . . . . . . . . . . . 1");
    line_of(text, 20, line, sizeof line);
    CHECK_STR(line, "   A B C D E F G H J K L M N O P Q R S T");
    CHECK_INT(count_lines(text), 21);

    /* a stone or a map mark hides the star point */
    sgf_position_setup(p, 3, 3, SGF_BLACK);
    sgf_position_setup_done(p);
    unsigned char map[361] = {0};
    map[15 * 19 + 15] = SGF_WHITE;
    map[9 * 19 + 9] = SGF_MAP_SEKI;
    o = options(map, -1, -1, 0, NULL);
    text = diagram(&s, p, &o);
    CHECK_INT(count_char(text, '+'), 6);
    CHECK_INT(count_char(text, 'w'), 1);
    CHECK_INT(count_char(text, '='), 1);
    sgf_position_free(p);
    free(s.buf);
}

/* Sizes: every line as wide as the board says, 1x1 to 52x52. */
static void test_sizes(void)
{
    sink s = {0};
    char line[300];

    sgf_position *p = board(1, 1, NULL);
    const char *text = diagram(&s, p, NULL);
    CHECK_STR(text, " .\n");
    sgf_draw_options o = options(NULL, 0, 0, 1, NULL);
    text = diagram(&s, p, &o);
    CHECK_STR(text, "   A\n 1(.)1\n   A\n");
    sgf_position_free(p);

    /* 52x52: two lines of column labels, rows 52..1 */
    p = board(52, 52, NULL);
    text = diagram(&s, p, NULL);
    CHECK_INT(count_lines(text), 52);
    CHECK(lines_clean(text));
    int all = 1;
    for (int i = 0; i < 52; i++)
        all &= line_of(text, i, line, sizeof line) == 104;
    CHECK(all);

    o = options(NULL, 51, 0, 1, NULL);
    text = diagram(&s, p, &o);
    CHECK_INT(count_lines(text), 56);
    CHECK(lines_clean(text));
    char first[300], second[300];
    line_of(text, 0, first, sizeof first);
    line_of(text, 1, second, sizeof second);
    /* column x sits at 3 + 2x; columns 26.. are AA AB ... AZ BA BB */
    CHECK_INT((int)strlen(second), 3 + 2 * 51 + 1);
    CHECK_INT(second[3 + 2 * 0], 'A');
    CHECK_INT(second[3 + 2 * 8], 'J');
    CHECK_INT(second[3 + 2 * 24], 'Z');
    CHECK_INT(first[3 + 2 * 24], ' ');
    CHECK_INT(first[3 + 2 * 25], 'A');
    CHECK_INT(second[3 + 2 * 25], 'A');
    CHECK_INT(first[3 + 2 * 33], 'A');
    CHECK_INT(second[3 + 2 * 33], 'J');
    CHECK_INT(first[3 + 2 * 49], 'A');
    CHECK_INT(second[3 + 2 * 49], 'Z');
    CHECK_INT(first[3 + 2 * 51], 'B');
    CHECK_INT(second[3 + 2 * 51], 'B');
    CHECK(strchr(first, 'I') == NULL && strchr(second, 'I') == NULL);
    line_of(text, 2, line, sizeof line);
    CHECK_INT((int)strlen(line), 2 + 104 + 1 + 2);
    CHECK(!strncmp(line, "52 ", 3));
    CHECK_STR(line + strlen(line) - 5, "(.)52");
    line_of(text, 53, line, sizeof line);
    CHECK(!strncmp(line, " 1 .", 4));
    CHECK(!strcmp(line + strlen(line) - 3, ". 1"));
    line_of(text, 54, line, sizeof line);
    CHECK_STR(line, first);
    sgf_position_free(p);

    /* 19 wide, 7 high */
    static const char *const rows[] = {
        "X..................", "...................", "...................",
        "...................", "...................", "...................",
        "..................O",
    };
    p = board(19, 7, rows);
    text = diagram(&s, p, NULL);
    CHECK_INT(count_lines(text), 7);
    all = 1;
    for (int i = 0; i < 7; i++)
        all &= line_of(text, i, line, sizeof line) == 38;
    CHECK(all);
    line_of(text, 0, line, sizeof line);
    CHECK_INT(line[1], 'X');
    line_of(text, 6, line, sizeof line);
    CHECK_INT(line[37], 'O');
    o = options(NULL, -1, -1, 1, NULL);
    text = diagram(&s, p, &o);
    CHECK_INT(count_lines(text), 9);
    line_of(text, 1, line, sizeof line);
    CHECK(!strncmp(line, " 7 X", 4));
    line_of(text, 7, line, sizeof line);
    CHECK_STR(line + strlen(line) - 4, " O 1");
    sgf_position_free(p);
    free(s.buf);
}

/* ------------------------------------------------------------------ */
/* SVG                                                                 */

/* The integer value of attribute name in the first element after from. */
static long attr_int(const char *from, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *s = strstr(from, key);
    return s ? strtol(s + strlen(key), NULL, 10) : -1;
}

static void test_svg_five(void)
{
    sink s = {0};
    unsigned char map[25];
    sgf_position *p = five(map);
    sgf_draw_options o = options(map, 2, 4, 1, "Five by five");
    const char *doc = svg(&s, p, &o);

    CHECK(well_formed(doc));
    CHECK(!strncmp(doc, "<?xml version=\"1.0\"", 19));
    const char *root = strstr(doc, "<svg ");
    CHECK(root != NULL);
    if (!root)
        return;
    CHECK(strstr(root, "xmlns=\"http://www.w3.org/2000/svg\"") != NULL);
    long w = attr_int(root, "width"), h = attr_int(root, "height");
    char vb[64];
    snprintf(vb, sizeof vb, "viewBox=\"0 0 %ld %ld\"", w, h);
    CHECK(strstr(root, vb) != NULL);
    CHECK(w > 0 && h > w);   /* square board plus the caption band */

    int black = stones_of(p, SGF_BLACK), white = stones_of(p, SGF_WHITE);
    CHECK_INT(count_str(doc, "<circle class=\"stone "), black + white);
    CHECK_INT(count_str(doc, "class=\"stone black"), black);
    CHECK_INT(count_str(doc, "class=\"stone white"), white);
    CHECK_INT(count_str(doc, "class=\"stone black dead\""), 1);
    CHECK_INT(count_str(doc, "class=\"cross\""), 1);
    /* 7 black points and 6 white ones, one of them under the dead stone */
    CHECK_INT(count_str(doc, "class=\"territory black\""), 7);
    CHECK_INT(count_str(doc, "class=\"territory white\""), 6);
    CHECK_INT(count_str(doc, "class=\"last\""), 1);
    CHECK_INT(count_str(doc, "<title>Five by five</title>"), 1);
    CHECK_INT(count_str(doc, ">Five by five</text>"), 1);
    /* coordinates on both sides */
    CHECK_INT(count_str(doc, ">E</text>"), 2);
    CHECK_INT(count_str(doc, ">5</text>"), 2);
    CHECK_INT(count_str(doc, "class=\"star\""), 0);

    /* the dead stone's cross is drawn at the stone: E3 is (4, 2) */
    const char *dead = strstr(doc, "class=\"stone black dead\"");
    const char *cross = strstr(doc, "class=\"cross\"");
    CHECK(dead && cross && cross > dead);
    if (dead && cross) {
        long cx = attr_int(dead, "cx"), cy = attr_int(dead, "cy");
        /* 40 units between lines, 70 from the edge with coordinates */
        CHECK_INT(cx, 70 + 4 * 40);
        CHECK_INT(cy, 70 + 2 * 40);
        char d[128];
        snprintf(d, sizeof d, "d=\"M%ld %ldL%ld %ld", cx - 11, cy - 11,
                 cx + 11, cy + 11);
        const char *path = strstr(cross, " d=\"");
        CHECK(path && !strncmp(path + 1, d, strlen(d)));
    }

    /* without map, last move and coordinates: stones only */
    doc = svg(&s, p, NULL);
    CHECK(well_formed(doc));
    CHECK_INT(count_str(doc, "<circle class=\"stone "), black + white);
    CHECK_INT(count_str(doc, "class=\"cross\""), 0);
    CHECK_INT(count_str(doc, "class=\"territory"), 0);
    CHECK_INT(count_str(doc, "class=\"last\""), 0);
    CHECK_INT(count_str(doc, "<title>"), 0);
    CHECK_INT(count_str(doc, "<text"), 0);
    CHECK_INT(sgf_position_svg(NULL, NULL, sink_write, &s), SGF_E_ARG);
    sgf_position_free(p);
    free(s.buf);
}

static void test_svg_marks(void)
{
    sink s = {0};
    static const char *const rows[] = { "XOXO..", "XO.X.." };
    static const char *const mrows[] = { "uSuSsf", "..u..." };
    unsigned char map[12];
    sgf_position *p = board(6, 2, rows);
    map_rows(map, 6, 2, mrows);
    sgf_draw_options o = options(map, 2, 0, 0, NULL);
    const char *doc = svg(&s, p, &o);
    CHECK(well_formed(doc));
    CHECK_INT(count_str(doc, "class=\"unsettled\""), 2);
    CHECK_INT(count_str(doc, "class=\"seki\""), 3);
    CHECK_INT(count_str(doc, "class=\"false-eye\""), 1);
    CHECK_INT(count_str(doc, "class=\"last\""), 1);
    sgf_position_free(p);
    free(s.buf);
}

/* Every size: well-formed, one circle per stone, one cross per dead one. */
static void test_svg_sizes(void)
{
    sink s = {0};
    struct { int w, h; } sizes[] = { {1, 1}, {19, 7}, {7, 19}, {2, 1}, {52, 52}, {19, 19} };
    uint64_t seed = 12345;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int w = sizes[i].w, h = sizes[i].h;
        sgf_position *p = board(w, h, NULL);
        unsigned char *map = calloc((size_t)w * (size_t)h, 1);
        if (!map)
            exit(2);
        int dead = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                unsigned r = (unsigned)(seed >> 33) % 8;
                int c = r < 3 ? SGF_BLACK : r < 6 ? SGF_WHITE : SGF_EMPTY;
                sgf_position_setup(p, x, y, c);
                if (c && r % 3 == 0) {
                    map[y * w + x] = (unsigned char)(SGF_MAP_DEAD | (3 - c));
                    dead++;
                } else if (!c) {
                    map[y * w + x] = (unsigned char)(r == 6 ? SGF_BLACK : SGF_WHITE);
                }
            }
        sgf_position_setup_done(p);
        sgf_draw_options o = options(map, w - 1, h - 1, 1, "size");
        const char *doc = svg(&s, p, &o);
        CHECK(well_formed(doc));
        int stones = stones_of(p, SGF_BLACK) + stones_of(p, SGF_WHITE);
        CHECK_INT(count_str(doc, "<circle class=\"stone "), stones);
        CHECK_INT(count_str(doc, "class=\"cross\""), dead);
        CHECK_INT(count_str(doc, " dead\""), dead);
        /* the caption needs no extra width here: the board decides */
        long dw = attr_int(doc, "width"), dh = attr_int(doc, "height");
        CHECK_INT(dw, 2 * 70 + 40 * (w - 1));
        CHECK_INT(dh, 2 * 70 + 40 * (h - 1) + 48);
        /* labels: every column twice, every row twice */
        CHECK_INT(count_str(doc, "<text x="), 2 * w + 2 * h);
        free(map);
        sgf_position_free(p);
    }
    free(s.buf);
}

static void test_svg_title(void)
{
    sink s = {0};
    sgf_position *p = board(3, 3, NULL);

    sgf_draw_options o = options(NULL, -1, -1, 0, "<&>\"'");
    const char *doc = svg(&s, p, &o);
    CHECK(well_formed(doc));
    CHECK_INT(count_str(doc, "<title>&lt;&amp;&gt;&quot;&apos;</title>"), 1);
    CHECK_INT(count_str(doc, "&lt;&amp;&gt;&quot;&apos;</text>"), 1);
    CHECK_INT(count_str(doc, "<&>"), 0);

    /* bad bytes: a lone continuation, a cut sequence, a surrogate, an
     * overlong '/', a control character */
    o.title = "a\x80" "b\xC3" "c\xED\xA0\x80" "d\xC0\xAF" "e\x01" "f";
    doc = svg(&s, p, &o);
    CHECK(well_formed(doc));
    const char *t = strstr(doc, "<title>");
    CHECK(t != NULL);
    if (t) {
        const char *want = "<title>a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c";
        CHECK(!strncmp(t, want, strlen(want)));
        const char *e = strstr(t, "</title>");
        CHECK(e && strstr(t, "d") < e && strstr(t, "f</title>") != NULL);
    }

    /* valid UTF-8 passes untouched, and widens the document */
    o.title = "黑胜3又3/4子 — 中国规则 白番 ☺ 𝄞 and a rather long English text";
    doc = svg(&s, p, &o);
    CHECK(well_formed(doc));
    CHECK(strstr(doc, "<title>黑胜3又3/4子 — 中国规则 白番 ☺ 𝄞 and a rather") != NULL);
    CHECK(attr_int(doc, "width") > 2 * 30 + 2 * 40);

    /* tabs and newlines become spaces: the caption is one line */
    o.title = "line\none\ttab";
    doc = svg(&s, p, &o);
    CHECK(strstr(doc, ">line one tab</text>") != NULL);
    sgf_position_free(p);
    free(s.buf);
}

/* Numbers must not follow the locale: same bytes under a decimal comma. */
static void test_svg_locale(void)
{
    sink a = {0}, b = {0};
    unsigned char map[25];
    sgf_position *p = five(map);
    sgf_draw_options o = options(map, 2, 4, 1, "1.5");
    svg(&a, p, &o);
    const char *names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                            "ru_RU.UTF-8", "nl_NL.UTF-8" };
    const char *got = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !got; i++)
        got = setlocale(LC_ALL, names[i]);
    if (!got) {
        printf("skip: no locale with a decimal comma installed\n");
    } else {
        svg(&b, p, &o);
        CHECK(a.len == b.len && !memcmp(a.buf, b.buf, a.len));
        setlocale(LC_ALL, "C");
    }
    CHECK(strstr(a.buf, "opacity=\"0.45\"") != NULL);
    sgf_position_free(p);
    free(a.buf);
    free(b.buf);
}

/* ------------------------------------------------------------------ */
/* write errors                                                        */

static void test_write_errors(void)
{
    sink s = {0};
    unsigned char map[52 * 52] = {0};
    sgf_position *p = board(52, 52, NULL);
    sgf_draw_options o = options(map, 0, 0, 1, "t");

    /* how many calls a full document takes */
    sink_reset(&s);
    CHECK_INT(sgf_position_svg(p, &o, sink_write, &s), 0);
    int svg_calls = s.calls;
    CHECK(svg_calls >= 2);    /* 52x52 in SVG is larger than one buffer */
    sink_reset(&s);
    CHECK_INT(sgf_position_diagram(p, &o, sink_write, &s), 0);
    int text_calls = s.calls;
    CHECK(text_calls >= 1);

    /* the first non-zero return stops everything and is returned */
    for (int at = 1; at <= svg_calls; at++) {
        sink_reset(&s);
        s.fail_at = at;
        s.fail_value = 40 + at;
        CHECK_INT(sgf_position_svg(p, &o, sink_write, &s), 40 + at);
        CHECK_INT(s.calls, at);
    }
    for (int at = 1; at <= text_calls; at++) {
        sink_reset(&s);
        s.fail_at = at;
        s.fail_value = -7;
        CHECK_INT(sgf_position_diagram(p, &o, sink_write, &s), -7);
        CHECK_INT(s.calls, at);
    }
    sgf_position_free(p);
    free(s.buf);
}

int main(void)
{
    test_checker();
    test_five();
    test_marks();
    test_stars();
    test_sizes();
    test_svg_five();
    test_svg_marks();
    test_svg_sizes();
    test_svg_title();
    test_svg_locale();
    test_write_errors();
    TEST_END();
}
