/*
 * test_json.c - JSON, JSON Lines and CSV export, and JSON back to SGF
 * (lib/export/json.c, jsonread.c, jsonl.c, csv.c; doc/json.md).
 *
 * The round trip SGF -> JSON -> SGF must give the tree the canonical writer
 * gives (treecmp.h says the canonical form keeps the tree; here the
 * canonical texts of the original and of the game read back must be the
 * same bytes), over hand-made records and every game of corpus/ and of the
 * real corpus when it is there.  The JSON Lines line must hold every move
 * and setup stone the replay plays, the size, komi and result the library
 * reads; its fields are picked out of the line by a small scanner of its
 * own here, and the moves compared with GTP names computed here.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sgfkit.h"
#include "harness.h"
#include "parse.h"
#include "treecmp.h"

static treecmp *tc;

/* ---- helpers ------------------------------------------------------------ */

static sgf_game *parse_n(const char *s, size_t len)
{
    sgf_raw_game raw = raw_text(s, len);
    return sgf_game_parse(&raw, NULL);
}

static sgf_game *parse(const char *s)
{
    return parse_text(s, NULL);
}

static sgf_game *parse_opt(const char *s, unsigned flags)
{
    sgf_read_options opt = { .flags = flags };
    return parse_text(s, &opt);
}

static void buf_reset(treecmp_buf *b)
{
    b->len = 0;
}

/* NUL-terminated contents (tests compare them as strings). */
static const char *buf_str(treecmp_buf *b)
{
    if (treecmp_buf_write(b, "", 1) != 0)
        return "";
    b->len--;
    return b->p;
}

static void buf_free(treecmp_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

static const char *json_string(const char *s, size_t n, unsigned flags)
{
    static treecmp_buf b;
    buf_reset(&b);
    if (sgf_json_write_string(s, n, flags, treecmp_buf_write, &b) != 0)
        return "(failed)";
    return buf_str(&b);
}

/* SGF -> JSON -> SGF for g: 1 when the game read back has the canonical
 * text of g, else 0 with the reason in msg. */
static int json_roundtrip(sgf_game *g, char *msg, size_t size)
{
    treecmp_buf js = { 0 }, sgf = { 0 }, canon_b = { 0 };
    char err[200];
    size_t n;
    int ok = 0, rc;
    sgf_game *b = NULL;

    if (!treecmp_game(tc, g, msg, size))
        goto done;                     /* the writer's own round trip */
    if ((rc = sgf_json_write_game(g, treecmp_buf_write, &js)) != 0) {
        snprintf(msg, size, "writing JSON: %s", sgf_strerror(rc));
        goto done;
    }
    if (!sgf_game_root(g)) {
        ok = js.len == 0;
        snprintf(msg, size, "a game without a tree wrote JSON");
        goto done;
    }
    if (js.len == 0 || js.p[js.len - 1] != '\n' ||
        memchr(js.p, '\n', js.len) != js.p + js.len - 1) {
        snprintf(msg, size, "the JSON is not one line");
        goto done;
    }
    rc = sgf_json_to_sgf(js.p, js.len, treecmp_buf_write, &sgf, err,
                         sizeof err);
    if (rc != 1) {
        snprintf(msg, size, "reading the JSON back: %d (%s)", rc, err);
        goto done;
    }
    if (!(b = parse_n(sgf.p, sgf.len))) {
        snprintf(msg, size, "out of memory");
        goto done;
    }
    if ((rc = sgf_write_game(b, treecmp_buf_write, &canon_b)) != 0) {
        snprintf(msg, size, "writing the game read back: %s",
                 sgf_strerror(rc));
        goto done;
    }
    const char *want = treecmp_output(tc, &n);
    if (n != canon_b.len || memcmp(want, canon_b.p, n) != 0) {
        size_t i = 0;
        while (i < n && i < canon_b.len && want[i] == canon_b.p[i])
            i++;
        snprintf(msg, size, "SGF -> JSON -> SGF differs from byte %zu: "
                 "[%.40s] vs [%.40s]", i, want + i, canon_b.p + i);
        goto done;
    }
    ok = 1;
done:
    sgf_game_free(b);
    buf_free(&js);
    buf_free(&sgf);
    buf_free(&canon_b);
    return ok;
}

static void check_roundtrip(const char *sgf)
{
    char msg[700];
    sgf_game *g = parse(sgf);
    CHECK(g != NULL);
    if (!g)
        return;
    int ok = json_roundtrip(g, msg, sizeof msg);
    if (!ok)
        fprintf(stderr, "%s: %s\n", sgf, msg);
    CHECK(ok);
    sgf_game_free(g);
}

/* The JSON of the game in sgf (one line, NUL-terminated, static). */
static const char *to_json(const char *sgf)
{
    static treecmp_buf b;
    sgf_game *g = parse(sgf);
    buf_reset(&b);
    if (!g || sgf_json_write_game(g, treecmp_buf_write, &b) != 0) {
        sgf_game_free(g);
        return "(failed)";
    }
    sgf_game_free(g);
    return buf_str(&b);
}

/* JSON text to SGF: the return, the SGF in out (static), the error. */
static int from_json(const char *json, size_t len, const char **out,
                     char *err, size_t errlen)
{
    static treecmp_buf b;
    buf_reset(&b);
    int rc = sgf_json_to_sgf(json, len, treecmp_buf_write, &b, err, errlen);
    *out = buf_str(&b);
    return rc;
}

/* ---- a small scanner for the JSON Lines fields --------------------------- */

/* The value of member key in the one-level object line: its start, or NULL.
 * The name is searched with the ',' before it and the '"' around it, which
 * inside a string would be escaped. */
static const char *member(const char *line, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, ",\"%s\":", key);
    const char *p = strstr(line, pat);
    return p ? p + strlen(pat) : NULL;
}

/* End of the JSON value at p (strings and nesting respected). */
static const char *value_end(const char *p)
{
    int depth = 0;
    bool str = false;
    for (; *p; p++) {
        if (str) {
            if (*p == '\\')
                p++;
            else if (*p == '"')
                str = false;
            if (!str && depth == 0)
                return p + 1;
            continue;
        }
        if (*p == '"')
            str = true;
        else if (*p == '[' || *p == '{')
            depth++;
        else if (*p == ']' || *p == '}') {
            if (depth == 0)
                return p;
            if (--depth == 0)
                return p + 1;
        } else if (*p == ',' && depth == 0)
            return p;
    }
    return p;
}

/* Elements of the array at member key: -1 for null or no array. */
static long array_len(const char *line, const char *key)
{
    const char *p = member(line, key);
    long n = 0;
    if (!p || *p != '[')
        return -1;
    p++;
    while (*p && *p != ']') {
        p = value_end(p);
        n++;
        if (*p == ',')
            p++;
    }
    return n;
}

/* The i-th element of the array at key, copied into out. */
static const char *array_item(const char *line, const char *key, long i,
                              char *out, size_t size)
{
    const char *p = member(line, key);
    out[0] = '\0';
    if (!p || *p != '[')
        return out;
    p++;
    for (long k = 0; *p && *p != ']'; k++) {
        const char *e = value_end(p);
        if (k == i) {
            size_t n = (size_t)(e - p) < size ? (size_t)(e - p) : size - 1;
            memcpy(out, p, n);
            out[n] = '\0';
            return out;
        }
        p = *e == ',' ? e + 1 : e;
    }
    return out;
}

/* The scalar at key as text (strings without their quotes). */
static const char *scalar(const char *line, const char *key, char *out,
                          size_t size)
{
    const char *p = member(line, key);
    out[0] = '\0';
    if (!p)
        return out;
    const char *e = value_end(p);
    if (*p == '"') {
        p++;
        e--;
    }
    size_t n = (size_t)(e - p) < size ? (size_t)(e - p) : size - 1;
    memcpy(out, p, n);
    out[n] = '\0';
    return out;
}

/* ---- what the test computes itself --------------------------------------- */

static void gtp(char *out, size_t size, int x, int y, int height)
{
    const char *cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    if (x < 25)
        snprintf(out, size, "%c%d", cols[x], height - y);
    else
        snprintf(out, size, "%c%c%d", cols[x / 25 - 1], cols[x % 25],
                 height - y);
}

typedef struct replayed {
    long moves, initial;
    bool first_move_seen;
} replayed;

static int count_step(void *ctx, const sgf_position *p,
                      const sgf_replay_step *st)
{
    replayed *r = ctx;
    if (st->color) {
        r->moves++;
        r->first_move_seen = true;
    } else if (st->move == 0) {
        r->initial = 0;
        for (int y = 0; y < sgf_position_height(p); y++)
            for (int x = 0; x < sgf_position_width(p); x++)
                r->initial += sgf_position_at(p, x, y) != SGF_EMPTY;
    }
    return 0;
}

/* The JSON Lines line of g against the library's reading of g; returns the
 * number of problems (printed). */
static int check_jsonl(sgf_game *g, sgf_position *pos)
{
    treecmp_buf b = { 0 };
    char v[200], item[200], want[64];
    int bad = 0;
    const char *where = sgf_game_origin(g);
    const sgf_info *in = sgf_game_info(g);

    if (sgf_jsonl_write_game(g, NULL, treecmp_buf_write, &b) != 0)
        return 1;
    const char *line = buf_str(&b);
    if (!sgf_game_root(g)) {
        bad += b.len != 0;
        buf_free(&b);
        return bad;
    }
#define PROBLEM(...) do { fprintf(stderr, "%s:%u: ", where, \
                                  sgf_game_index(g)); \
                          fprintf(stderr, __VA_ARGS__); bad++; } while (0)
    if (b.len == 0 || line[b.len - 1] != '\n' ||
        strchr(line, '\n') != line + b.len - 1)
        PROBLEM("the line is not one line\n");
    snprintf(want, sizeof want, "%d", in->width);
    if (strcmp(scalar(line, "boardXSize", v, sizeof v), want) != 0)
        PROBLEM("boardXSize %s, SZ %s\n", v, want);
    snprintf(want, sizeof want, "%d", in->height);
    if (strcmp(scalar(line, "boardYSize", v, sizeof v), want) != 0)
        PROBLEM("boardYSize %s, SZ %s\n", v, want);
    /* the komi the game is played with: KM[], what RU[] says, else the
     * komi assumed; always a number, as KataGo's queries need */
    sgf_rules rules;
    sgf_game_rules(g, NULL, 0, &rules);
    scalar(line, "komi", v, sizeof v);
    char *end;
    if (strtod(v, &end) != rules.komi || *end)
        PROBLEM("komi %s, the library reads %g (%s)\n", v, rules.komi,
                rules.has_komi ? "given" : "absent");
    if (in->has_komi && rules.komi != in->komi)
        PROBLEM("komi %g, KM %g\n", rules.komi, in->komi);
    const char *komi_from = in->has_komi ? "record" : NULL;
    if (komi_from && strcmp(scalar(line, "komi_source", v, sizeof v),
                            komi_from) != 0)
        PROBLEM("komi_source %s with KM[]\n", v);
    char re[48];
    sgf_format_result(&in->result, re, sizeof re);
    scalar(line, "result", v, sizeof v);
    if (re[0] ? strcmp(v, re) != 0 : strcmp(v, "null") != 0)
        PROBLEM("result %s, RE reads %s\n", v, re);

    /* the stones placed for HA without AB stand before any node */
    replayed r = { 0, in->handicap_placed, false };
    int rc = sgf_game_replay(g, NULL, pos, count_step, &r);
    long moves = array_len(line, "moves"), initial = array_len(line,
                                                               "initialStones");
    if (rc == SGF_E_ARG) {
        if (moves != -1 || initial != -1)
            PROBLEM("no Go game, but moves %ld\n", moves);
    } else if (rc != 0) {
        PROBLEM("replay failed: %d\n", rc);
    } else {
        if (moves != r.moves)
            PROBLEM("%ld moves, the replay plays %ld\n", moves, r.moves);
        if (initial != r.initial)
            PROBLEM("%ld initial stones, the board has %ld\n", initial,
                    r.initial);
        /* every move, by the node's own value */
        long k = 0;
        for (const sgf_node *n = sgf_game_root(g); n && !bad; n = n->child)
            for (const sgf_prop *p = n->props; p; p = p->next) {
                if (p->kind != SGF_P_B && p->kind != SGF_P_W)
                    continue;
                int x, y, d = p->nvalues
                    ? sgf_point_decode(p->values[0].raw, p->values[0].len,
                                       in->width, in->height, &x, &y) : 0;
                char coord[16];
                if (d > 0)
                    gtp(coord, sizeof coord, x, y, in->height);
                snprintf(want, sizeof want, d > 0 ? "[\"%s\",\"%s\"]"
                         : d == 0 ? "[\"%s\",\"pass\"]" : "[\"%s\",null]",
                         p->kind == SGF_P_B ? "B" : "W", coord);
                array_item(line, "moves", k++, item, sizeof item);
                if (strcmp(item, want) != 0) {
                    PROBLEM("move %ld is %s, the record has %s\n", k, item,
                            want);
                    break;
                }
            }
    }
#undef PROBLEM
    buf_free(&b);
    return bad;
}

/* ---- escaping ----------------------------------------------------------- */

static void test_strings(void)
{
    CHECK_STR(json_string("plain", 5, 0), "\"plain\"");
    CHECK_STR(json_string("a\"b\\c/d", 7, 0), "\"a\\\"b\\\\c/d\"");
    CHECK_STR(json_string("\n\r\t\b\f", 5, 0), "\"\\n\\r\\t\\b\\f\"");
    CHECK_STR(json_string("\x01\x1f\x7f", 3, 0), "\"\\u0001\\u001f\x7f\"");
    CHECK_STR(json_string("a\0b", 3, 0), "\"a\\u0000b\"");
    /* UTF-8 is kept as it is, U+2028/2029 escaped */
    CHECK_STR(json_string("Jos\xc3\xa9 \xe6\xa3\x8b \xf0\x9f\x98\x80", 14, 0),
              "\"Jos\xc3\xa9 \xe6\xa3\x8b \xf0\x9f\x98\x80\"");
    CHECK_STR(json_string("\xe2\x80\xa8\xe2\x80\xa9", 6, 0),
              "\"\\u2028\\u2029\"");
    /* invalid UTF-8: U+FFFD, or the bytes as lone surrogates */
    CHECK_STR(json_string("a\xff" "b", 3, 0), "\"a\\ufffdb\"");
    CHECK_STR(json_string("a\xff" "b", 3, SGF_JSON_KEEP_BYTES),
              "\"a\\udcffb\"");
    /* a cut sequence, an overlong '/', a surrogate: byte by byte */
    CHECK_STR(json_string("\xe6\xa3", 2, SGF_JSON_KEEP_BYTES),
              "\"\\udce6\\udca3\"");
    CHECK_STR(json_string("\xc0\xaf", 2, 0), "\"\\ufffd\\ufffd\"");
    CHECK_STR(json_string("\xed\xa0\x80", 3, SGF_JSON_KEEP_BYTES),
              "\"\\udced\\udca0\\udc80\"");
    CHECK_STR(json_string(NULL, 0, 0), "null");
    CHECK_STR(json_string("", 0, 0), "\"\"");
}

/* ---- the emitter, CSV fields, text lines --------------------------------- */

static int failing_write(void *ctx, const void *data, size_t len);

static void test_emitter(void)
{
    treecmp_buf b = { 0 };
    volatile double zero = 0.0;
    sgf_emitter *e = sgf_emitter_new(treecmp_buf_write, &b);
    CHECK(e != NULL);
    sgf_emit_begin_object(e);
    sgf_emit_key(e, "s");
    sgf_emit_cstring(e, "a\"b\x01\xff");
    sgf_emit_key(e, "n");
    sgf_emit_begin_array(e);
    sgf_emit_uint(e, 18446744073709551615ull);
    sgf_emit_int(e, -9223372036854775807ll - 1);
    sgf_emit_number(e, 7.5, -1);
    sgf_emit_number(e, 0.1, -1);
    sgf_emit_number(e, 2.0 / 3.0, 3);
    sgf_emit_number(e, -0.25, 1);
    sgf_emit_number(e, 1.0 / zero, -1);
    sgf_emit_end_array(e);
    sgf_emit_key(e, "e");
    sgf_emit_begin_object(e);
    sgf_emit_end_object(e);
    sgf_emit_key(e, "a");
    sgf_emit_begin_array(e);
    sgf_emit_bool(e, 1);
    sgf_emit_bool(e, 0);
    sgf_emit_null(e);
    sgf_emit_string(e, NULL, 0, 0);
    sgf_emit_string(e, "x\xff", 2, SGF_JSON_KEEP_BYTES);
    sgf_emit_end_array(e);
    sgf_emit_end_object(e);
    sgf_emit_newline(e);
    sgf_emit_begin_array(e);
    sgf_emit_end_array(e);
    CHECK_INT(sgf_emitter_free(e), 0);
    CHECK_STR(buf_str(&b),
              "{\"s\":\"a\\\"b\\u0001\\ufffd\",\"n\":[18446744073709551615,"
              "-9223372036854775808,7.5,0.1,0.667,-0.2,null],\"e\":{},"
              "\"a\":[true,false,null,null,\"x\\udcff\"]}\n[]");

    /* misuse is refused, not written: an end without its begin, nesting
     * past 64 levels */
    buf_reset(&b);
    e = sgf_emitter_new(treecmp_buf_write, &b);
    sgf_emit_end_object(e);
    CHECK_INT(sgf_emitter_free(e), SGF_E_ARG);
    e = sgf_emitter_new(treecmp_buf_write, &b);
    for (int i = 0; i < 65; i++)
        sgf_emit_begin_array(e);
    CHECK_INT(sgf_emitter_flush(e), SGF_E_ARG);
    CHECK_INT(sgf_emitter_free(e), SGF_E_ARG);
    /* a write error comes back; NULL is out of memory, and harmless */
    int fail = -5;
    e = sgf_emitter_new(failing_write, &fail);
    sgf_emit_null(e);
    CHECK_INT(sgf_emitter_free(e), -5);
    CHECK(sgf_emitter_new(NULL, NULL) == NULL);
    sgf_emit_begin_object(NULL);
    sgf_emit_key(NULL, "k");
    CHECK_INT(sgf_emitter_free(NULL), SGF_E_NOMEM);

    /* CSV fields and text lines as the tools write them */
    buf_reset(&b);
    CHECK_INT(sgf_csv_write_field("plain", 5, treecmp_buf_write, &b), 0);
    CHECK_INT(sgf_csv_write_field("a,\"b\"", 5, treecmp_buf_write, &b), 0);
    CHECK_INT(sgf_csv_write_field("\xff", 1, treecmp_buf_write, &b), 0);
    CHECK_INT(sgf_csv_write_field(NULL, 0, treecmp_buf_write, &b), 0);
    CHECK_INT(sgf_text_write_escaped("a\tb\x1b[2J\x7f", treecmp_buf_write,
                                     &b), 0);
    CHECK_STR(buf_str(&b), "plain\"a,\"\"b\"\"\"\xef\xbf\xbd"
              "a\\x09b\\x1b[2J\\x7f");
    buf_free(&b);
}

/* ---- the tree form ------------------------------------------------------ */

static void test_tree_form(void)
{
    /* the shape: nodes in sequence, variations as trees */
    CHECK_STR(to_json("(;GM[1]SZ[9];B[aa](;W[bb])(;W[cc];B[dd]))"),
              "{\"origin\":\"test\",\"game\":1,\"nodes\":[[[\"GM\",[\"1\"]],"
              "[\"FF\",[\"4\"]],[\"CA\",[\"UTF-8\"]],[\"SZ\",[\"9\"]]],"
              "[[\"B\",[\"aa\"]]]],\"variations\":[{\"nodes\":[[[\"W\","
              "[\"bb\"]]]],\"variations\":[]},{\"nodes\":[[[\"W\",[\"cc\"]]],"
              "[[\"B\",[\"dd\"]]]],\"variations\":[]}]}\n");
    /* text decoded, other values as SGF writes them */
    CHECK_STR(to_json("(;C[a\\]b\\\\c\\:d]LB[aa:x\\:y]XX[p\\]q])"),
              "{\"origin\":\"test\",\"game\":1,\"nodes\":[[[\"FF\",[\"4\"]],"
              "[\"CA\",[\"UTF-8\"]],[\"C\",[\"a]b\\\\c:d\"]],[\"LB\","
              "[\"aa:x\\\\:y\"]],[\"XX\",[\"p\\\\]q\"]]]],\"variations\":[]}\n");
    /* a pass and an empty node */
    CHECK(strstr(to_json("(;B[];W[tt];)"),
                 "[\"B\",[\"\"]]],[[\"W\",[\"tt\"]]],[]]") != NULL);

    static const char *const cases[] = {
        "(;FF[4]GM[1]SZ[19];B[pd];W[dd];B[];W[tt])",
        "(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd];W[ee]))(;B[ff]))",
        "(;GM[1]FF[4](;B[aa](;W[bb](;B[cc](;W[dd])))))",
        "(;C[a \\] b \\\\ c \\: d]LB[aa:x\\:y][bb:\\]\\\\]AP[My\\:App:1\\:2]"
        "XX[a\\]b:c\\:d]ZZ[\\\\])",
        "(;C[one\\\r\ntwo\r\nthree\n\rfour\rfive\tsix]N[a\nb]GC[x\\\ny])",
        "(;FF[3]CoPyright[c]GaMe[1]SiZe[19];Black[aa]L[bb][cc]M[dd];White[ee])",
        "(;SZ[ 19 ];B[ aa ]KM[6.5 ];W[  ])",
        "(;CA[ISO-8859-1]PB[Jos\xe9]C[caf\xe9 \\] x])",
        "(;C[a]b];C[x]C[y];B[aa])",
        /* quotes, controls, non-ASCII and U+2028 in text */
        "(;C[\"quoted\" \x01\x02 tab\there \xe6\xa3\x8b \xe2\x80\xa8]PB[\\\\])",
        /* invalid UTF-8 in a UTF-8 game: kept as bytes */
        "(;CA[UTF-8]PB[\xe6\xa3\x8b\xe6\xa3\x8b\xe6\xa3\x8b\xe6]PW[a\xff"
        "b]C[\xe2\x80\xa8\xc3])",
        /* setup, markup, game info in a variation */
        "(;SZ[9]AB[aa:cc]AW[ee]PL[W];W[ff]TR[aa][bb](;B[gg]C[x])(;PB[v]B[hh]))",
        /* rectangles, big boards, "tt" as a point */
        "(;SZ[30];B[tt];W[AA];B[])",
        NULL
    };
    for (size_t i = 0; cases[i]; i++)
        check_roundtrip(cases[i]);

    /* the JSON is UTF-8 even where the game was not decoded */
    sgf_read_options raw_opt = { .flags = SGF_READ_NO_DECODE };
    const char *latin = "(;CA[ISO-8859-1]PB[Jos\xe9])";
    sgf_raw_game raw = { .bytes = latin, .len = strlen(latin),
                         .origin = "nd", .index = 1, .line = 1, .at_eof = 1 };
    sgf_game *g = sgf_game_parse(&raw, &raw_opt);
    treecmp_buf b = { 0 };
    CHECK(g && sgf_json_write_game(g, treecmp_buf_write, &b) == 0);
    const char *js = buf_str(&b);
    CHECK(strstr(js, "[\"PB\",[\"Jos\xc3\xa9\"]]") != NULL);
    CHECK(strstr(js, "[\"CA\",[\"UTF-8\"]]") != NULL);
    buf_free(&b);
    sgf_game_free(g);

    /* no tree, no JSON */
    g = parse("   ");
    CHECK(g && sgf_game_root(g) == NULL);
    CHECK(g && sgf_json_write_game(g, treecmp_buf_write, &b) == 0 &&
          b.len == 0);
    sgf_game_free(g);
    CHECK_INT(sgf_json_write_game(NULL, treecmp_buf_write, &b), SGF_E_ARG);
}

/* ---- deep trees --------------------------------------------------------- */

static char *repeat(const char *unit, size_t times, const char *head,
                    const char *tail, size_t *len)
{
    size_t u = strlen(unit), h = strlen(head), t = strlen(tail);
    char *s = malloc(h + u * times + t + 1);
    if (!s)
        return NULL;
    memcpy(s, head, h);
    for (size_t i = 0; i < times; i++)
        memcpy(s + h + i * u, unit, u);
    memcpy(s + h + u * times, tail, t + 1);
    *len = h + u * times + t;
    return s;
}

static void test_deep(void)
{
    enum { DEPTH = 100000 };
    char msg[700];
    size_t len;
    /* a main line 100,000 moves long */
    char *s = repeat(";B[aa];W[bb]", DEPTH / 2, "(;SZ[19]", ")", &len);
    CHECK(s != NULL);
    sgf_game *g = s ? parse_n(s, len) : NULL;
    int ok = g && json_roundtrip(g, msg, sizeof msg);
    if (!ok)
        fprintf(stderr, "deep main line: %s\n", msg);
    CHECK(ok);
    sgf_game_free(g);
    free(s);

    /* a comb: every node has a leaf beside the next node, so variations
     * nest 100,000 deep (200,000 JSON levels) */
    size_t a, b2;
    char *open = repeat("(;B[aa]", DEPTH, "", "(;C[end])", &a);
    char *close = repeat("(;C[leaf]))", DEPTH, "", "", &b2);
    s = open && close ? malloc(a + b2 + 1) : NULL;
    CHECK(s != NULL);
    if (s) {
        memcpy(s, open, a);
        memcpy(s + a, close, b2 + 1);
        g = parse_n(s, a + b2);
        ok = g && json_roundtrip(g, msg, sizeof msg);
        if (!ok)
            fprintf(stderr, "deep variations: %s\n", msg);
        CHECK(ok);
        sgf_game_free(g);
    }
    free(open);
    free(close);
    free(s);
}

/* ---- the reader --------------------------------------------------------- */

static void expect_error(const char *json, size_t len, const char *where,
                         const char *what)
{
    char err[200];
    const char *out;
    int rc = from_json(json, len, &out, err, sizeof err);
    CHECK_INT(rc, SGF_E_FORMAT);
    if (where && strncmp(err, where, strlen(where)) != 0) {
        fprintf(stderr, "error \"%s\", expected at \"%s\"\n", err, where);
        CHECK(0);
    }
    if (what && !strstr(err, what)) {
        fprintf(stderr, "error \"%s\", expected \"%s\"\n", err, what);
        CHECK(0);
    }
}

static int failing_write(void *ctx, const void *data, size_t len)
{
    (void)data;
    (void)len;
    return *(int *)ctx;
}

static void test_reader(void)
{
    char err[200];
    const char *out;
    int rc;

    /* JSON Lines, an array, one object, white space, a BOM */
    const char *two = "{\"nodes\":[[[\"B\",[\"aa\"]]]]}\n"
                      "{\"game\":2,\"nodes\":[[]],\"extra\":{\"x\":[1,2,{}]}}\n";
    CHECK_INT(from_json(two, strlen(two), &out, err, sizeof err), 2);
    CHECK_STR(out, "(;B[aa])\n(;)\n");
    const char *list = "\xEF\xBB\xBF [ {\"nodes\":[[]]} , {\"nodes\":[[]]} ] ";
    CHECK_INT(from_json(list, strlen(list), &out, err, sizeof err), 2);
    CHECK_INT(from_json(" \n\t ", 4, &out, err, sizeof err), 0);
    CHECK_STR(out, "");

    /* escaping into SGF: text escapes ']' and '\\'; other values keep
     * their escapes, and what would end the value early is repaired */
    const char *esc = "{\"nodes\":[[[\"C\",[\"a]b\\\\c:d\"]],"
                      "[\"LB\",[\"aa:x\\\\:y]\"]],[\"XX\",[\"q\\\\\"]],"
                      "[\"PB\",[\"\\u00e9\\ud83d\\ude00\\udcff\"]]]]}";
    rc = from_json(esc, strlen(esc), &out, err, sizeof err);
    CHECK_INT(rc, 1);
    CHECK_STR(out, "(;C[a\\]b\\\\c:d]LB[aa:x\\:y\\]]XX[q]"
                   "PB[\xc3\xa9\xf0\x9f\x98\x80\xff])\n");
    /* variations, and the SGF they give */
    const char *var = "{\"nodes\":[[],[[\"B\",[\"aa\"]]]],\"variations\":["
                      "{\"nodes\":[[[\"W\",[\"bb\"]]]]},"
                      "{\"nodes\":[[[\"W\",[\"cc\"]]]],\"variations\":[]}]}";
    CHECK_INT(from_json(var, strlen(var), &out, err, sizeof err), 1);
    CHECK_STR(out, "(;;B[aa]\n(;W[bb])\n(;W[cc]))\n");

    /* huge numbers are only checked, never converted */
    const char *num = "{\"game\":1e999999999,\"x\":-0.5E-7,\"y\":"
                      "123456789012345678901234567890123456789012345678901234"
                      "5678901234567890,\"nodes\":[[]],\"z\":[true,false,null]}";
    CHECK_INT(from_json(num, strlen(num), &out, err, sizeof err), 1);

    /* the shape of the tree */
    expect_error("{\"variations\":[],\"nodes\":[[]]}", 30, "line 1 column 2",
                 "before \"nodes\"");
    expect_error("{\"nodes\":[]}", 12, "line 1 column 11", "empty");
    expect_error("{\"x\":1}", 7, "line 1 column 7", "without \"nodes\"");
    expect_error("{\"nodes\":[[[\"B\",[]]]]}", 22, "line 1 column 18",
                 "without a value");
    expect_error("{\"nodes\":[[[\"b\",[\"aa\"]]]]}", 26, "line 1 column 13",
                 "uppercase");
    expect_error("{\"nodes\":[[[\"B\",[1]]]]}", 23, "line 1 column 18",
                 "must be a string");
    expect_error("{\"nodes\":[[[\"B\",[\"aa\"],[]]]]}", 29, NULL,
                 "more members");
    expect_error("{\"nodes\":[[]],\"nodes\":[[]]}", 27, NULL, "twice");
    expect_error("[[]]", 4, "line 1 column 2", "must be an object");
    expect_error("42", 2, "line 1 column 1", "expected a game tree");
    /* bad JSON, with its place: the third line here */
    const char *where = "{\n  \"nodes\": [[\n    [\"C\", [\"a\\x\"]]]]}";
    expect_error(where, strlen(where), "line 3 column 14", "unknown escape");
    expect_error("{\"nodes\":[[[\"C\",[\"\\u12\"]]]]}", 28, "line 1 column 19",
                 "four hex digits");
    expect_error("{\"nodes\":[[[\"C\",[\"\\ud800x\"]]]]}", 31, NULL,
                 "high surrogate");
    expect_error("{\"nodes\":[[[\"C\",[\"\\udc10\"]]]]}", 30, NULL,
                 "low surrogate");
    expect_error("{\"nodes\":[[[\"C\",[\"a\tb\"]]]]}", 27, "line 1 column 20",
                 "control character");
    expect_error("{\"nodes\":[[[\"C\",[\"a\xff\"]]]]}", 26, "line 1 column 20",
                 "invalid UTF-8");
    expect_error("{\"nodes\":[[]],}", 15, "line 1 column 15", "member name");
    expect_error("{\"nodes\":[[]]]", 14, "line 1 column 14", "'}'");
    expect_error("{\"game\":01,\"nodes\":[[]]}", 24, "line 1 column 10", NULL);
    expect_error("{\"game\":-,\"nodes\":[[]]}", 23, "line 1 column 9", "digits");
    expect_error("{\"game\":1.,\"nodes\":[[]]}", 24, NULL, "after '.'");
    expect_error("{\"game\":tru,\"nodes\":[[]]}", 25, "line 1 column 9", NULL);
    expect_error("{\"nodes\" [[]]}", 14, "line 1 column 10", "':'");

    /* every cut of a game is refused, never half-written as a game */
    const char *game = to_json("(;GM[1]C[x\\]y];B[aa](;W[bb])(;W[cc]))");
    size_t n = strlen(game) - 1;         /* the newline is not needed */
    int refused = 0;
    for (size_t cut = 1; cut < n; cut++) {
        rc = from_json(game, cut, &out, err, sizeof err);
        refused += rc == SGF_E_FORMAT && strncmp(err, "line 1 column ", 14) == 0;
    }
    CHECK_INT(refused, (long long)n - 1);
    CHECK_INT(from_json(game, n, &out, err, sizeof err), 1);

    /* nesting ten million deep is refused at SGF_JSON_MAX_DEPTH */
    size_t len;
    char *deep = repeat("{\"x\":", 10000000, "", "", &len);
    CHECK(deep != NULL);
    if (deep) {
        char at[64];
        snprintf(at, sizeof at, "line 1 column %d",
                 5 * SGF_JSON_MAX_DEPTH + 1);
        expect_error(deep, len, at, "deeper");
    }
    free(deep);
    deep = repeat("[", 10000000, "", "", &len);
    if (deep)
        expect_error(deep, len, "line 1 column 2", "must be an object");
    free(deep);
    /* ... but a million levels of the form read */
    deep = repeat("{\"x\":", SGF_JSON_MAX_DEPTH - 1, "", "", &len);
    if (deep) {
        /* then close them all and give the tree its nodes */
        char *full = malloc(len + SGF_JSON_MAX_DEPTH + 32);
        CHECK(full != NULL);
        if (full) {
            memcpy(full, deep, len);
            memcpy(full + len, "1", 1);
            memset(full + len + 1, '}', SGF_JSON_MAX_DEPTH - 2);
            size_t m = len + 1 + SGF_JSON_MAX_DEPTH - 2;
            memcpy(full + m, ",\"nodes\":[[]]}", 14);
            CHECK_INT(from_json(full, m + 14, &out, err, sizeof err), 1);
            free(full);
        }
    }
    free(deep);

    /* write errors stop the reader and come back (a positive one as
     * SGF_E_IO, which cannot be taken for a count of games) */
    CHECK_INT(sgf_json_to_sgf(two, strlen(two), NULL, NULL, err, sizeof err),
              SGF_E_ARG);
    int code = SGF_E_IO;
    CHECK_INT(sgf_json_to_sgf(two, strlen(two), failing_write, &code, err,
                              sizeof err), SGF_E_IO);
    code = 7;
    CHECK_INT(sgf_json_to_sgf(two, strlen(two), failing_write, &code, err,
                              sizeof err), SGF_E_IO);
    code = SGF_E_IO;
    sgf_game *g = parse("(;B[aa])");
    CHECK(g && sgf_json_write_game(g, failing_write, &code) == SGF_E_IO);
    CHECK(g && sgf_jsonl_write_game(g, NULL, failing_write, &code) ==
               SGF_E_IO);
    CHECK(g && sgf_csv_write_moves(g, NULL, failing_write, &code) ==
               SGF_E_IO);
    sgf_game_free(g);
}

/* ---- JSON Lines --------------------------------------------------------- */

static const char *jsonl(const char *sgf)
{
    static treecmp_buf b;
    sgf_game *g = parse(sgf);
    buf_reset(&b);
    if (!g || sgf_jsonl_write_game(g, NULL, treecmp_buf_write, &b) != 0) {
        sgf_game_free(g);
        return "(failed)";
    }
    sgf_game_free(g);
    return buf_str(&b);
}

static void test_jsonl(void)
{
    char v[256];
    const char *line = jsonl("(;GM[1]SZ[9]KM[6.5]RU[Japanese]PB[Black \"B\"]"
                             "PW[W]DT[2017-03-30]RE[B+3.5]AB[cc][gg]PL[W]"
                             ";W[ee];B[];W[zz];AB[aa];B[ii])");
    CHECK(strncmp(line, "{\"origin\":\"test\",\"game\":1,\"offset\":0,", 37)
          == 0);
    CHECK_STR(scalar(line, "id", v, sizeof v), "test:1");
    CHECK_STR(scalar(line, "boardXSize", v, sizeof v), "9");
    CHECK_STR(scalar(line, "komi", v, sizeof v), "6.5");
    CHECK_STR(scalar(line, "rules", v, sizeof v), "japanese");
    CHECK_STR(scalar(line, "rules_text", v, sizeof v), "Japanese");
    CHECK_STR(scalar(line, "rules_source", v, sizeof v), "record");
    CHECK_STR(scalar(line, "komi_source", v, sizeof v), "record");
    CHECK_STR(scalar(line, "initialStones", v, sizeof v),
              "[[\"B\",\"C7\"],[\"B\",\"G3\"]]");
    CHECK_STR(scalar(line, "initialPlayer", v, sizeof v), "W");
    CHECK_STR(scalar(line, "moves", v, sizeof v),
              "[[\"W\",\"E5\"],[\"B\",\"pass\"],[\"W\",null],[\"B\",\"J1\"]]");
    CHECK_STR(scalar(line, "later_setup", v, sizeof v), "[[3,\"B\",\"A9\"]]");
    CHECK_STR(scalar(line, "black", v, sizeof v), "Black \\\"B\\\"");
    CHECK_STR(scalar(line, "date", v, sizeof v), "2017-03-30");
    CHECK_STR(scalar(line, "result", v, sizeof v), "B+3.5");
    CHECK_STR(scalar(line, "winner", v, sizeof v), "B");
    CHECK_STR(scalar(line, "margin", v, sizeof v), "3.5");
    CHECK_STR(scalar(line, "move_count", v, sizeof v), "4");
    CHECK_STR(scalar(line, "handicap", v, sizeof v), "0");
    CHECK_STR(scalar(line, "event", v, sizeof v), "null");
    CHECK_STR(scalar(line, "status", v, sizeof v), "errors");   /* W[zz] */

    /* missing values are null; no moves, Black to play */
    line = jsonl("(;SZ[19])");
    CHECK_STR(scalar(line, "komi", v, sizeof v), "0");     /* FF[4]'s */
    CHECK_STR(scalar(line, "komi_source", v, sizeof v), "default");
    CHECK_STR(scalar(line, "rules_source", v, sizeof v), "default");
    CHECK_STR(scalar(line, "result", v, sizeof v), "null");
    CHECK_STR(scalar(line, "margin", v, sizeof v), "null");
    CHECK_STR(scalar(line, "moves", v, sizeof v), "[]");
    CHECK_STR(scalar(line, "initialPlayer", v, sizeof v), "B");
    CHECK_STR(scalar(line, "rules", v, sizeof v), "chinese");
    CHECK_STR(scalar(line, "status", v, sizeof v), "ok");
    CHECK_STR(scalar(line, "errors", v, sizeof v), "0");
    /* no KM[]: the komi assumed, and what from */
    line = jsonl("(;SZ[19]DT[1935-05-03]RE[W+5];B[pd])");
    CHECK_STR(scalar(line, "komi", v, sizeof v), "0");
    CHECK_STR(scalar(line, "komi_source", v, sizeof v),
              "inferred from DT[1935-05-03]");
    /* handicap: White to play */
    line = jsonl("(;SZ[19]HA[2]AB[dd][pp])");
    CHECK_STR(scalar(line, "initialPlayer", v, sizeof v), "W");
    CHECK_STR(scalar(line, "handicap", v, sizeof v), "2");
    /* wider than 25 columns: KataGo's two letters */
    line = jsonl("(;SZ[52];B[Aa];W[Ed];B[ZD])");
    CHECK_STR(scalar(line, "moves", v, sizeof v),
              "[[\"B\",\"AB52\"],[\"W\",\"AF49\"],[\"B\",\"BB23\"]]");
    /* no Go game: the line is there, its main line null */
    line = jsonl("(;GM[3]SZ[8];B[aa])");
    CHECK_STR(scalar(line, "moves", v, sizeof v), "null");
    CHECK_STR(scalar(line, "initialStones", v, sizeof v), "null");
    CHECK_STR(scalar(line, "move_count", v, sizeof v), "1");
    /* the rules given replace RU[] */
    sgf_rules aga;
    sgf_rules_named("aga", &aga);
    sgf_game *g = parse("(;RU[Japanese]KM[6.5])");
    treecmp_buf b = { 0 };
    CHECK(g && sgf_jsonl_write_game(g, &aga, treecmp_buf_write, &b) == 0);
    CHECK_STR(scalar(buf_str(&b), "rules", v, sizeof v), "aga");
    CHECK_STR(scalar(buf_str(&b), "komi", v, sizeof v), "6.5");
    CHECK_STR(scalar(buf_str(&b), "rules_source", v, sizeof v), "given");
    CHECK_STR(scalar(buf_str(&b), "komi_source", v, sizeof v), "record");
    buf_free(&b);
    sgf_game_free(g);
    /* invalid UTF-8 (text kept undecoded) becomes U+FFFD: the line stays
     * valid JSON */
    g = parse_opt("(;CA[ISO-8859-1]PB[Jos\xe9 \xff])", SGF_READ_NO_DECODE);
    CHECK(g && sgf_jsonl_write_game(g, NULL, treecmp_buf_write, &b) == 0);
    CHECK(strstr(buf_str(&b), ",\"black\":\"Jos\\ufffd \\ufffd\",") != NULL);
    buf_free(&b);
    sgf_game_free(g);

    /* Dyer: moves 20, 40, 60, 31, 51, 71 as SGF points */
    char sgf[2048] = "(;SZ[19]";
    char want[32] = "";
    for (int m = 1; m <= 71; m++) {
        char mv[16];
        char pt[3] = { (char)('a' + m % 19), (char)('a' + (m / 19) % 19), 0 };
        if (m == 40)
            pt[0] = pt[1] = 0;           /* a pass */
        snprintf(mv, sizeof mv, ";%c[%s]", m % 2 ? 'B' : 'W', pt);
        strcat(sgf, mv);
    }
    strcat(sgf, ")");
    static const int at[6] = { 20, 40, 60, 31, 51, 71 };
    for (int i = 0; i < 6; i++) {
        int m = at[i];
        char pt[3] = { (char)('a' + m % 19), (char)('a' + (m / 19) % 19), 0 };
        strcat(want, m == 40 ? "tt" : pt);
    }
    line = jsonl(sgf);
    CHECK_STR(scalar(line, "dyer", v, sizeof v), want);
    line = jsonl("(;B[pd];W[dp])");
    CHECK_STR(scalar(line, "dyer", v, sizeof v), "????????????");
    /* the hash: FNV-1a 64 over ";B[pd];W[dp]" (passes as "[]") */
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *p = ";B[pd];W[];B[dp]"; *p; p++) {
        h ^= (unsigned char)*p;
        h *= 0x100000001b3ull;
    }
    snprintf(want, sizeof want, "%016llx", (unsigned long long)h);
    char hash1[32], hash2[32], hash3[32];
    line = jsonl("(;PB[x]KM[5];B[pd];W[tt];B[dp])");
    CHECK_STR(scalar(line, "moves_hash", hash1, sizeof hash1), want);
    line = jsonl("(;PB[y];B[ pd ];W[];B[dp])");
    CHECK_STR(scalar(line, "moves_hash", hash2, sizeof hash2), want);
    line = jsonl("(;B[pd];W[];B[dq])");
    CHECK(strcmp(scalar(line, "moves_hash", hash3, sizeof hash3), want) != 0);
}

/* ---- CSV ---------------------------------------------------------------- */

/* Splits RFC 4180 records; returns the number of fields of the record at
 * *p and moves *p past it (fields unquoted into out[i] when out). */
static int csv_record(const char **p, char out[][128], int max)
{
    const char *s = *p;
    int n = 0;
    for (;;) {
        char field[128];
        size_t k = 0;
        if (*s == '"') {
            for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
                if (*s == '"')
                    s++;
                if (k + 1 < sizeof field)
                    field[k++] = *s;
            }
            if (*s == '"')
                s++;
        } else {
            while (*s && *s != ',' && *s != '\r' && *s != '\n')
                if (k + 1 < sizeof field)
                    field[k++] = *s++;
                else
                    s++;
        }
        field[k] = '\0';
        if (out && n < max)
            memcpy(out[n], field, k + 1);
        n++;
        if (*s == ',') {
            s++;
            continue;
        }
        if (s[0] == '\r' && s[1] == '\n')
            s += 2;
        else if (*s)
            n = -1000;                   /* not RFC 4180 */
        *p = s;
        return n;
    }
}

/* The game id of origin "test", game 1: FNV-1a 64 over "test", a 0 byte
 * and "1", worked out by hand from doc/json.md's rule (Python:
 * h = (h ^ b) * 0x100000001b3 % 2**64 from 0xcbf29ce484222325). */
#define GAME_ID_TEST_1 "8d3effdc856ed16a"

static void test_csv(void)
{
    treecmp_buf b = { 0 };
    char f[40][128], h[40][128];
    const char *p;

    CHECK_INT(sgf_csv_write_games_header(treecmp_buf_write, &b), 0);
    sgf_game *g = parse("(;SZ[9]KM[7]PB[Smith, \"Bob\"]PW[Lee\nJr]RE[W+R]"
                        "DT[2001-02];B[ee];W[];B[cc])");
    CHECK(g && sgf_csv_write_game_row(g, NULL, treecmp_buf_write, &b) == 0);
    p = buf_str(&b);
    int nh = csv_record(&p, h, 40);
    int nr = csv_record(&p, f, 40);
    CHECK(nh > 20);
    CHECK_INT(nr, nh);
    CHECK_STR(p, "");
    for (int i = 0; i < nh && i < 40; i++) {
        const char *want = NULL;
        if (!strcmp(h[i], "black")) want = "Smith, \"Bob\"";
        else if (!strcmp(h[i], "white")) want = "Lee Jr";
        else if (!strcmp(h[i], "komi")) want = "7";
        else if (!strcmp(h[i], "width")) want = "9";
        else if (!strcmp(h[i], "result")) want = "W+R";
        else if (!strcmp(h[i], "winner")) want = "W";
        else if (!strcmp(h[i], "margin")) want = "";
        else if (!strcmp(h[i], "moves")) want = "3";
        else if (!strcmp(h[i], "date")) want = "2001-02";
        else if (!strcmp(h[i], "game")) want = "1";
        else if (!strcmp(h[i], "game_id")) want = GAME_ID_TEST_1;
        else if (!strcmp(h[i], "rules_source")) want = "default";
        else if (!strcmp(h[i], "komi_source")) want = "record";
        if (want && strcmp(f[i], want) != 0) {
            fprintf(stderr, "column %s is \"%s\", expected \"%s\"\n", h[i],
                    f[i], want);
            CHECK(0);
        }
    }
    sgf_game_free(g);

    /* moves: x, y from the top left, captures */
    buf_reset(&b);
    CHECK_INT(sgf_csv_write_moves_header(treecmp_buf_write, &b), 0);
    g = parse("(;SZ[5];B[ba];W[aa];B[ab];W[];B[tt];W[zz])");
    CHECK(g && sgf_csv_write_moves(g, NULL, treecmp_buf_write, &b) == 0);
    p = buf_str(&b);
    nh = csv_record(&p, h, 40);
    CHECK_INT(nh, 9);
    CHECK_STR(h[0], "game_id");
    /* FNV-1a 64 of "test", a 0 byte and "1" (doc/json.md) */
    static const char *const rows[] = {
        GAME_ID_TEST_1 ",1,B,1,0,ba,B5,0,0",
        GAME_ID_TEST_1 ",2,W,0,0,aa,A5,0,0",
        GAME_ID_TEST_1 ",3,B,0,1,ab,A4,0,1",
        GAME_ID_TEST_1 ",4,W,,,,pass,1,0",
        GAME_ID_TEST_1 ",5,B,,,tt,pass,1,0",
        GAME_ID_TEST_1 ",6,W,,,zz,,0,0",
    };
    for (size_t i = 0; i < 6; i++) {
        const char *start = p;
        CHECK_INT(csv_record(&p, f, 40), nh);
        size_t n = (size_t)(p - start);
        CHECK(n >= 2 && strncmp(start, rows[i], n - 2) == 0 &&
              strlen(rows[i]) == n - 2);
    }
    CHECK_STR(p, "");
    sgf_game_free(g);
    /* no Go game: no row, and the caller is told */
    buf_reset(&b);
    g = parse("(;GM[2];B[aa])");
    CHECK_INT(sgf_csv_write_moves(g, NULL, treecmp_buf_write, &b), SGF_E_ARG);
    CHECK_INT(b.len, 0);
    sgf_game_free(g);
    /* invalid UTF-8 in a field: U+FFFD */
    buf_reset(&b);
    g = parse_opt("(;CA[ISO-8859-1]PB[Jos\xe9,])", SGF_READ_NO_DECODE);
    CHECK(g && sgf_csv_write_game_row(g, NULL, treecmp_buf_write, &b) == 0);
    CHECK(strstr(buf_str(&b), ",\"Jos\xef\xbf\xbd,\",") != NULL);
    sgf_game_free(g);
    buf_free(&b);
}

/* ---- corpora ------------------------------------------------------------ */

typedef struct corpus_run {
    unsigned long games, roundtrip_bad, jsonl_bad, csv_bad;
    bool read_error;
} corpus_run;

/* ---- reports (report.c) ------------------------------------------------ */

static int report(sgf_game *g, const sgf_report_options *o, int score,
                  treecmp_buf *b)
{
    buf_reset(b);
    if (!score)
        return sgf_check_report(g, o, NULL, treecmp_buf_write, b);
    return sgf_score_report(g, SGF_E_ARG, NULL, NULL, NULL, o,
                            treecmp_buf_write, b);
}

/* report() with the read options: the rules and komi of the replay are
 * part of the check report then. */
static int check_report_read(sgf_game *g, const sgf_report_options *o,
                             treecmp_buf *b)
{
    sgf_read_options read = { 0 };
    read.flags = SGF_READ_LEGALITY;
    buf_reset(b);
    return sgf_check_report(g, o, &read, treecmp_buf_write, b);
}

/* sgfcheck's and sgfscore's reports of a game: -W (a severity table),
 * -q and -v (verbosity), each format; the rest is the tools' tests'. */
static void test_reports(void)
{
    treecmp_buf b = { 0 };
    sgf_game *g = parse_opt("(;GM[1]FF[4]SZ[9];B[ee];W[ee])",
                            SGF_READ_LEGALITY);
    size_t n = sgf_check_count();
    signed char *sev = malloc(n);
    int occupied = sgf_check_find("occupied");
    CHECK(g != NULL && sev != NULL && occupied >= 0);
    if (!g || !sev || occupied < 0)
        return;
    for (size_t i = 0; i < n; i++)
        sev[i] = (signed char)sgf_check_get(i)->severity;
    sgf_report_options o = { SGF_REPORT_TEXT, sev, 0, 0 };

    CHECK_INT(report(g, &o, 0, &b), 0);
    CHECK_STR(buf_str(&b), "test:1:25: error: move 2 (W E5 = ee) is played "
              "on a point already occupied; the stone there was replaced "
              "[occupied]\n");
    o.format = SGF_REPORT_CSV;
    CHECK_INT(report(g, &o, 0, &b), 0);
    CHECK_STR(buf_str(&b), "test,1,1,25,2,error,occupied,move 2 (W E5 = ee) "
              "is played on a point already occupied; the stone there was "
              "replaced,,,,\r\n");
    /* replayed: the rules and komi, and where they come from */
    CHECK_INT(check_report_read(g, &o, &b), 0);
    CHECK_STR(buf_str(&b), "test,1,1,25,2,error,occupied,move 2 (W E5 = ee) "
              "is played on a point already occupied; the stone there was "
              "replaced,chinese,default,0,default\r\n");
    buf_reset(&b);
    CHECK_INT(sgf_check_report_header(&o, treecmp_buf_write, &b), 0);
    CHECK_STR(buf_str(&b), "origin,game,line,column,move,severity,id,"
              "message,rules,rules_source,komi,komi_source\r\n");
    o.format = SGF_REPORT_JSON;
    CHECK_INT(report(g, &o, 0, &b), 0);
    CHECK(strstr(buf_str(&b), "\"status\":\"errors\"") != NULL);
    CHECK(strstr(buf_str(&b), "{\"severity\":\"error\",\"id\":\"occupied\","
                 "\"line\":1,\"column\":25,\"move\":2,") != NULL);
    CHECK(strstr(buf_str(&b), "\"rules\":null,\"recorded_rules\"") != NULL);
    CHECK_INT(check_report_read(g, &o, &b), 0);
    CHECK(strstr(buf_str(&b), "\"rules\":\"chinese\",\"rules_detail\":")
          != NULL);
    CHECK(strstr(buf_str(&b), ",\"rules_source\":\"default\",\"komi\":0,"
                 "\"komi_source\":\"default\",\"recorded_rules\":null")
          != NULL);

    /* -W warning=occupied: a warning everywhere; -q leaves it out of text */
    sev[occupied] = SGF_WARNING;
    CHECK(strstr((report(g, &o, 0, &b), buf_str(&b)),
                 "\"status\":\"warnings\"") != NULL);
    o.format = SGF_REPORT_TEXT;
    o.verbosity = -1;
    CHECK_INT(report(g, &o, 0, &b), 0);
    CHECK_STR(buf_str(&b), "");
    o.verbosity = 0;
    CHECK(strstr((report(g, &o, 0, &b), buf_str(&b)), ": warning: ") != NULL);
    /* -W no-occupied: gone */
    sev[occupied] = -1;
    CHECK_INT(sgf_report_severity(&o, sgf_game_diag(g, 0)), -1);
    o.format = SGF_REPORT_JSON;
    CHECK(strstr((report(g, &o, 0, &b), buf_str(&b)), "occupied") == NULL);
    CHECK_INT(sgf_report_severity(NULL, sgf_game_diag(g, 0)), SGF_ERROR);
    sgf_game_free(g);

    /* a game sgfscore cannot count: a JSON line with "error", a text
     * line, a CSV row with the reason and RE[] as read (in FF[4] form
     * whatever its language); and no count without a position */
    g = parse("(;GM[2]SZ[8]RE[共270手 黑胜1目];B[aa])");
    CHECK_STR(sgf_score_failure(g, SGF_E_ARG),
              "not a Go game on a board SGF allows");
    CHECK_STR(sgf_score_failure(g, SGF_E_NOMEM), "out of memory");
    o.format = SGF_REPORT_JSON;
    CHECK_INT(report(g, &o, 1, &b), 0);
    CHECK_STR(buf_str(&b), "{\"origin\":\"test\",\"game\":1,\"offset\":0,"
              "\"error\":\"not a Go game on a board SGF allows\","
              "\"recorded_result\":\"B+1\"}\n");
    o.format = SGF_REPORT_TEXT;
    CHECK_INT(report(g, &o, 1, &b), 0);
    CHECK_STR(buf_str(&b), "test: not scored: not a Go game on a board SGF "
              "allows\n");
    o.format = SGF_REPORT_CSV;
    CHECK_INT(report(g, &o, 1, &b), 0);
    CHECK_STR(buf_str(&b), "test,1,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,not a Go game "
              "on a board SGF allows,B+1\r\n");
    buf_reset(&b);
    CHECK_INT(sgf_score_report_header(&o, treecmp_buf_write, &b), 0);
    CHECK(strstr(buf_str(&b), ",ended,rules_source,komi_source,"
                 "illegal_moves,first_illegal_move,method_source,"
                 "handicap_source,not_scored,recorded_result"
                 "\r\n") != NULL);
    CHECK_INT(sgf_score_report(g, 0, NULL, NULL, NULL, &o, treecmp_buf_write,
                               &b), SGF_E_ARG);
    sgf_game_free(g);
    g = parse("no game here");
    CHECK_STR(sgf_score_failure(g, SGF_E_ARG), "no game");
    sgf_game_free(g);
    free(sev);
    buf_free(&b);
}

static void on_input_error(void *ctx, const char *origin, const char *message)
{
    (void)origin;
    fprintf(stderr, "test_json: %s\n", message);
    ((corpus_run *)ctx)->read_error = true;
}

/* Every game's CSV rows have the header's columns, and one moves row per
 * move. */
/* The fields of the games header: every row has as many. */
static int games_columns(void)
{
    treecmp_buf b = { 0 };
    CHECK_INT(sgf_csv_write_games_header(treecmp_buf_write, &b), 0);
    const char *p = buf_str(&b);
    int n = csv_record(&p, NULL, 0);
    buf_free(&b);
    return n;
}

static bool check_csv(sgf_game *g)
{
    const int columns = games_columns();
    treecmp_buf b = { 0 };
    const char *p;
    bool ok = true;
    if (sgf_csv_write_game_row(g, NULL, treecmp_buf_write, &b) != 0)
        ok = false;
    p = buf_str(&b);
    if (ok && sgf_game_root(g) && csv_record(&p, NULL, 0) != columns)
        ok = false;
    buf_reset(&b);
    int rc = sgf_csv_write_moves(g, NULL, treecmp_buf_write, &b);
    unsigned rows = 0;
    p = buf_str(&b);
    while (ok && *p) {
        ok = csv_record(&p, NULL, 0) == 9;
        rows++;
    }
    if (rc == 0 && sgf_game_root(g) && rows != (unsigned)sgf_game_moves(g)) {
        /* sgf_game_moves counts nodes; a node may hold B and W */
        unsigned props = 0;
        for (const sgf_node *n = sgf_game_root(g); n; n = n->child)
            for (const sgf_prop *q = n->props; q; q = q->next)
                props += q->kind == SGF_P_B || q->kind == SGF_P_W;
        ok = ok && rows == props;
    }
    buf_free(&b);
    return ok;
}

/* Every game under dir; stops after limit seconds of CPU (0: no limit)
 * and says so. */
static void run_corpus(const char *dir, double limit, corpus_run *t,
                       sgf_position *pos)
{
    clock_t start = clock();
    const char *paths[] = { dir };
    sgf_inputs *in = sgf_inputs_new(paths, 1, on_input_error, t);
    sgf_reader *rd = sgf_reader_new(NULL);
    sgf_member *m;
    char msg[700];
    if (!in || !rd) {
        CHECK(0);
        sgf_inputs_free(in);
        sgf_reader_free(rd);
        return;
    }
    while (sgf_inputs_next(in, &m)) {
        sgf_game *g;
        sgf_reader_start(rd, m);
        while (sgf_reader_next(rd, &g) == 1) {
            t->games++;
            if (!json_roundtrip(g, msg, sizeof msg)) {
                if (t->roundtrip_bad++ < 20)
                    fprintf(stderr, "%s:%u: %s\n", sgf_game_origin(g),
                            sgf_game_index(g), msg);
            }
            if (check_jsonl(g, pos))
                t->jsonl_bad++;
            if (!check_csv(g)) {
                if (t->csv_bad++ < 20)
                    fprintf(stderr, "%s:%u: CSV rows wrong\n",
                            sgf_game_origin(g), sgf_game_index(g));
            }
            if (limit > 0 &&
                (double)(clock() - start) / CLOCKS_PER_SEC > limit) {
                printf("%s: stopped after %.0f s, %lu games\n", dir, limit,
                       t->games);
                goto done;
            }
        }
    }
done:
    sgf_inputs_free(in);
    sgf_reader_free(rd);
}

/* limit: seconds of CPU, 0 for all; CI's sanitizer build sets
 * SGFKIT_JSON_CORPUS_SECONDS for the real corpus, which the plain build
 * (about 30 s here) walks in full. */
static void test_corpus(const char *dir, const char *name, double limit)
{
    corpus_run t = { 0 };
    struct stat st;
    sgf_position *pos = sgf_position_new();
    clock_t start = clock();
    if (stat(dir, &st) != 0) {
        printf("%s: %s is absent, skipped\n", name, dir);
        sgf_position_free(pos);
        return;
    }
    CHECK(pos != NULL);
    if (pos)
        run_corpus(dir, limit, &t, pos);
    printf("%s: %lu games, %lu round trips differ, %lu JSON Lines lines and "
           "%lu CSV outputs wrong (%.1f s)\n", name, t.games, t.roundtrip_bad,
           t.jsonl_bad, t.csv_bad, (double)(clock() - start) / CLOCKS_PER_SEC);
    CHECK(t.games > 0);
    CHECK(!t.read_error);
    CHECK_INT(t.roundtrip_bad, 0);
    CHECK_INT(t.jsonl_bad, 0);
    CHECK_INT(t.csv_bad, 0);
    sgf_position_free(pos);
}

/* The names sgfconvert reads back as XML or JSON, and the others. */
static void test_document_names(void)
{
    CHECK_INT(sgf_document_of_name("a.json"), SGF_DOCUMENT_JSON);
    CHECK_INT(sgf_document_of_name("db.zip:x/A.JSONL"), SGF_DOCUMENT_JSON);
    CHECK_INT(sgf_document_of_name("a.ndjson"), SGF_DOCUMENT_JSON);
    CHECK_INT(sgf_document_of_name("a.jsonl.gz"), SGF_DOCUMENT_JSON);
    CHECK_INT(sgf_document_of_name("a.xml"), SGF_DOCUMENT_XML);
    CHECK_INT(sgf_document_of_name("a.Xml.gz"), SGF_DOCUMENT_XML);
    CHECK_INT(sgf_document_of_name("a.sgf"), SGF_DOCUMENT_SGF);
    CHECK_INT(sgf_document_of_name("a.gib"), SGF_DOCUMENT_SGF);
    CHECK_INT(sgf_document_of_name("xml"), SGF_DOCUMENT_SGF);
    CHECK_INT(sgf_document_of_name(".json"), SGF_DOCUMENT_SGF);
    CHECK_INT(sgf_document_of_name("a.json~"), SGF_DOCUMENT_SGF);
    CHECK_INT(sgf_document_of_name(NULL), SGF_DOCUMENT_SGF);
}

int main(void)
{
    char dir[1100];
    const char *src = getenv("srcdir");
    tc = treecmp_new(NULL);
    if (!tc) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    test_strings();
    test_emitter();
    test_tree_form();
    test_deep();
    test_reader();
    test_jsonl();
    test_csv();
    test_reports();
    test_document_names();
    snprintf(dir, sizeof dir, "%s/corpus", src && *src ? src : ".");
    test_corpus(dir, "corpus/", 0);
    harness_corpus(dir, sizeof dir, "");
    const char *limit = getenv("SGFKIT_JSON_CORPUS_SECONDS");
    test_corpus(dir, "real corpus", limit && *limit ? atof(limit) : 0);
    treecmp_free(tc);
    TEST_END();
}
