/*
 * reader.c - games out of a member: chunked reading and the parse/restart
 * protocol with parser.c; a raw game parsed again (sgf_game_read's work),
 * and the charset step that may ask for a second parse.  What every game
 * goes through after its parse is composed in read.c.
 *
 * The buffer holds the unread rest of the current chunk.  A game that does
 * not fit is re-parsed from its first byte after the buffer has been topped
 * up (and doubled when full), so memory follows the largest game, not the
 * member.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "common/grow.h"
#include "sgf/checks.h"
#include "sgf/diag.h"
#include "sgf/game.h"
#include "sgf/parser.h"
#include "sgf/charset.h"
#include "sgf/gameinfo.h"
#include "sgf/reader.h"
#include "formats/formats.h"
#include "input/inputs.h"

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_SSE2_COUNT 1
#include <emmintrin.h>
#endif

/* 128 KiB, not more: with -j N every thread waits while the reader reads
 * (doc/reader.md).  Fuzzing builds (tests/fuzz/build.sh) make chunks tiny
 * so that chunk boundaries and restarts fall inside small inputs. */
#ifndef SGF_READER_CHUNK
#define SGF_READER_CHUNK (1 << 17)
#endif
enum { CHUNK = SGF_READER_CHUNK };
/* What a member's first bytes are is told from this many (or all of it). */
enum { SNIFF_BYTES = 4096 };

struct sgf_reader {
    sgf_read_options opt;
    sgf_member *m;
    char *buf;
    size_t cap, start, end;   /* unread bytes are buf[start..end) */
    bool eof;
    bool utf16_checked;
    bool from_utf16;
    bool said;                /* a game, a report or the error was given */
    int error;
    uint64_t offset;          /* member offset of buf[start] */
    uint64_t total;           /* bytes read from the member */
    unsigned long line, column;
    unsigned games;           /* games with a tree so far */
    int format;               /* SGF_FORMAT_* of the member; -1: its first
                               * bytes are to say */
    sgf_game *game;
};

sgf_reader *sgf_reader_new(const sgf_read_options *opt)
{
    sgf_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (opt)
        r->opt = *opt;
    r->game = game_new(opt);
    r->cap = CHUNK;
    r->buf = malloc(r->cap);
    if (!r->game || !r->buf) {
        sgf_reader_free(r);
        return NULL;
    }
    return r;
}

void sgf_reader_free(sgf_reader *r)
{
    if (!r)
        return;
    sgf_game_free(r->game);
    free(r->buf);
    free(r);
}

void sgf_reader_start(sgf_reader *r, sgf_member *m)
{
    r->m = m;
    r->start = r->end = 0;
    r->eof = false;
    r->utf16_checked = false;
    r->from_utf16 = false;
    r->said = false;
    r->error = 0;
    r->offset = r->total = 0;
    r->line = r->column = 1;
    r->games = 0;
    r->game->nostart_from = r->game->nostart_to = 0;
    /* the name first: a record's name is believed, and costs no look at
     * the bytes (most members are .sgf); other names leave it to them */
    r->format = m ? format_of_name(sgf_member_origin(m)) : SGF_FORMAT_SGF;
}

uint64_t sgf_reader_bytes(const sgf_reader *r)
{
    return r->offset;
}

static int grow_buffer(sgf_reader *r)
{
    char *b = grow(r->buf, &r->cap, r->cap + 1, 1);    /* twice the room */
    if (!b)
        return SGF_E_NOMEM;
    r->buf = b;
    return SGF_OK;
}

/* Reads what the member gives into the free end of the buffer; false on
 * a read error, which ends the member there: what arrived before it is
 * read as if the member ended (the cut game is reported as such), then
 * the error is given. */
static bool read_more(sgf_reader *r)
{
    long n = sgf_member_read(r->m, r->buf + r->end, r->cap - r->end);
    if (n < 0) {
        r->error = (int)n;
        r->eof = true;
        return false;
    }
    if (n == 0)
        r->eof = true;
    r->end += (size_t)n;
    r->total += (uint64_t)n;
    return true;
}

/* Read the whole rest of the member, or until limit bytes are buffered
 * (UTF-16 members are converted whole, foreign records read whole; they
 * are rare and small). */
static int read_all(sgf_reader *r, size_t limit)
{
    while (!r->eof && r->end - r->start < limit) {
        if (r->end == r->cap && grow_buffer(r) < 0)
            return SGF_E_NOMEM;
        read_more(r);
    }
    return SGF_OK;
}

static int convert_utf16(sgf_reader *r)
{
    int endian = charset_utf16_sniff((const unsigned char *)r->buf + r->start,
                                     r->end - r->start);
    r->utf16_checked = true;
    if (!endian)
        return SGF_OK;
    int rc = read_all(r, SIZE_MAX);
    if (rc < 0)
        return rc;
    char *out;
    size_t n;
    rc = charset_utf16_to_utf8(r->buf + r->start, r->end - r->start, endian,
                               &out, &n);
    if (rc < 0)
        return rc == SGF_E_NOMEM ? rc : SGF_OK; /* not UTF-16 after all */
    free(r->buf);
    r->buf = out;
    r->cap = n ? n : 1;
    r->start = 0;
    r->end = n;
    r->from_utf16 = true;
    return SGF_OK;
}

/* Top up the buffer: move the unread bytes to the front, double the buffer
 * when they fill it, read another chunk. */
static int fill(sgf_reader *r)
{
    if (r->eof)
        return SGF_OK;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->cap - r->end < CHUNK / 2 && grow_buffer(r) < 0)
        return SGF_E_NOMEM;
    if (!read_more(r))
        return SGF_OK;
    if (!r->utf16_checked && r->end - r->start >= 4)
        return convert_utf16(r);
    if (r->eof && !r->utf16_checked)
        return convert_utf16(r);
    return SGF_OK;
}

/* Number of '\n' in s[0..n): game records put a newline every few bytes
 * (";B[pd]\n"), where a memchr per line costs more than the parse.  With
 * SSE2 (x86-64), 16 bytes at a time, to keep pace with frame mode's SIMD
 * scan (parser.c; doc/reader.md, "Frame mode's scan"). */
#ifdef HAVE_SSE2_COUNT
static size_t count_newlines(const char *s, size_t n)
{
    const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    size_t count = 0, i = 0;
    while (n - i >= 16) {
        /* per-byte counters, summed before any can overflow */
        __m128i acc = zero;
        for (unsigned k = 0; k < 255 && n - i >= 16; k++, i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
        }
        __m128i sum = _mm_sad_epu8(acc, zero);
        count += (size_t)_mm_extract_epi16(sum, 0) +
                 (size_t)_mm_extract_epi16(sum, 4);
    }
    for (; i < n; i++)
        count += s[i] == '\n';
    return count;
}
#else
/* Eight bytes at a time. */
static size_t count_newlines(const char *s, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, low7 = 0x7F7F7F7F7F7F7F7Fu;
    size_t count = 0, i = 0;
    while (n - i >= 8) {
        /* per-byte 0/1 counters, folded before any byte can overflow */
        uint64_t acc = 0;
        for (size_t k = 0; k < 255 && n - i >= 8; k++, i += 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            uint64_t x = w ^ (ones * '\n');      /* zero byte where '\n' */
            uint64_t y = ~(((x & low7) + low7) | x | low7);
            acc += y >> 7;
        }
        count += (size_t)((acc * ones) >> 56);
    }
    for (; i < n; i++)
        count += s[i] == '\n';
    return count;
}
#endif

static void advance(sgf_reader *r, size_t n)
{
    const char *s = r->buf + r->start;
    size_t lines = count_newlines(s, n);
    if (lines) {
        const char *last_nl = memrchr(s, '\n', n);
        r->line += lines;
        r->column = (unsigned long)(s + n - last_nl);
    } else {
        r->column += n;
    }
    r->start += n;
    r->offset += n;
}

/* A game with a tree was read: numbered here, and counted in the progress
 * of the iterator the member came from. */
static void count_game(sgf_reader *r)
{
    r->games++;
    inputs_count_game(r->m);
}

static void describe(const sgf_reader *r, sgf_raw_game *raw, size_t len)
{
    raw->bytes = r->buf + r->start;
    raw->len = len;
    raw->origin = sgf_member_origin(r->m);
    raw->index = r->games + 1;
    raw->offset = r->offset;
    raw->line = r->line;
    raw->column = r->column;
    raw->at_eof = r->eof && r->start + len == r->end;
    raw->flags = (r->from_utf16 ? SGF_RAW_FROM_UTF16 : 0) |
                 (r->total == 0 && r->eof ? SGF_RAW_EMPTY_MEMBER : 0);
}

/* The member failed: say so once, then the member is over. */
static int end_with_error(sgf_reader *r)
{
    int rc = r->error;
    r->error = 0;
    r->said = true;
    return rc;
}

void reader_report_nothing(sgf_game *g, const sgf_raw_game *raw)
{
    if (raw->flags & SGF_RAW_EMPTY_MEMBER)
        game_report(g, SGF_C_EMPTY_FILE, 0, 0, "the file is empty");
    else
        game_report(g, SGF_C_NO_GAME, 0, 0,
                    "no SGF game tree found: the file holds nothing but "
                    "white space");
}

/* The raw game of a member that said nothing by its end: no bytes, placed
 * at the member's start. */
static void describe_nothing(sgf_reader *r, sgf_raw_game *raw)
{
    describe(r, raw, 0);
    raw->offset = 0;
    raw->line = raw->column = 1;
    r->said = true;
}

/* What the framing loops find when they need bytes, reading more while
 * the buffer is empty: bytes, the member over (BUFFER_END, 0), or over
 * without a game read from it (raw then describes the nothing); a read
 * error is returned as is. */
enum { BUFFER_END = 0, BUFFER_HOLDS, BUFFER_NOTHING };
static int next_bytes(sgf_reader *r, sgf_raw_game *raw)
{
    while (r->start == r->end && !r->eof) {
        int rc = fill(r);
        if (rc < 0)
            return rc;
    }
    if (r->start != r->end)
        return BUFFER_HOLDS;
    if (r->error)
        return end_with_error(r);
    if (r->said)
        return BUFFER_END;
    describe_nothing(r, raw);
    return BUFFER_NOTHING;
}

/* The checks of what a conversion found (formats/convert.h). */
static const int conv_checks[] = {
    [CONV_UNREADABLE] = SGF_C_FOREIGN_UNREADABLE,
    [CONV_TRUNCATED] = SGF_C_FOREIGN_TRUNCATED,
    [CONV_BAD_LINE] = SGF_C_FOREIGN_BAD_LINE,
    [CONV_BAD_VALUE] = SGF_C_FOREIGN_BAD_VALUE,
    [CONV_UNKNOWN_FIELD] = SGF_C_FOREIGN_UNKNOWN_FIELD,
    [CONV_LEFT_OUT] = SGF_C_FOREIGN_LEFT_OUT,
    [CONV_ASSUMED] = SGF_C_FOREIGN_ASSUMED,
};
_Static_assert(sizeof conv_checks / sizeof conv_checks[0] == CONV_PROBLEMS,
               "a check for every problem a conversion reports");

/* A foreign record is a few KB (a UGI with its review well under 1 MB):
 * a bigger member is no record of it, and is read as SGF text, streamed,
 * rather than whole.  This also keeps the conversion's offsets in 32 bits. */
enum { FOREIGN_MAX = 64 << 20 };

/* What the member is, decided before its first game: its name's format,
 * or its first bytes' when the name says none.  A foreign record is read
 * whole (it is one game, and small); the bytes win over the name when
 * they are clearly SGF or another format, as names lie. */
static int member_format(sgf_reader *r)
{
    if (r->format == SGF_FORMAT_SGF || r->said)
        return SGF_OK;
    while (!r->eof && r->end - r->start < SNIFF_BYTES) {
        int rc = fill(r);
        if (rc < 0)
            return rc;
    }
    int f = format_sniff(r->buf + r->start, r->end - r->start);
    if (f >= 0)
        r->format = f;
    else if (r->format < 0)
        r->format = SGF_FORMAT_SGF;
    if (r->format == SGF_FORMAT_SGF)
        return SGF_OK;
    int rc = read_all(r, FOREIGN_MAX);
    if (rc < 0)
        return rc;
    if (r->total == 0 || !r->eof)
        r->format = SGF_FORMAT_SGF;     /* empty, or too big: as SGF */
    return SGF_OK;
}

/* A foreign record: the whole member as one raw game of its format. */
static bool foreign_next(sgf_reader *r, sgf_raw_game *raw)
{
    if (r->format == SGF_FORMAT_SGF || r->said)
        return false;
    describe(r, raw, r->end - r->start);
    raw->flags |= (unsigned)r->format << SGF_RAW_FORMAT_SHIFT;
    r->said = true;
    return true;
}

/* raw's bytes copied into g's own buffer, which is kept from game to game:
 * *bytes the copy, "" when there are none.  0 or SGF_E_NOMEM. */
static int copy_source(sgf_game *g, const sgf_raw_game *raw,
                       const char **bytes)
{
    if (raw->len > g->own_cap) {
        char *b = realloc(g->own_src, raw->len);
        if (!b)
            return SGF_E_NOMEM;
        g->own_src = b;
        g->own_cap = raw->len;
    }
    if (raw->len)
        memcpy(g->own_src, raw->bytes, raw->len);
    *bytes = raw->len ? g->own_src : "";
    return SGF_OK;
}

/* raw, a record of a foreign format, converted to SGF text in g, which is
 * then parsed (the steps after the parse are the caller's): g's
 * diagnostics are placed in raw's bytes.  0 or SGF_E_NOMEM. */
static int read_foreign(sgf_game *g, const sgf_raw_game *raw, bool copy)
{
    const char *src = raw->len ? raw->bytes : "";
    if (copy && copy_source(g, raw, &src) < 0)
        return SGF_E_NOMEM;
    int f = (int)SGF_RAW_FORMAT(raw->flags);
    conv_start(&g->conv, src, raw->len);
    bool ok = format_convert(f, &g->conv);
    sgf_raw_game sgf = *raw;
    sgf.bytes = ok && g->conv.len ? g->conv.out : "";
    sgf.len = ok ? g->conv.len : 0;
    sgf.flags = raw->flags & SGF_RAW_FROM_UTF16;
    game_reset(g, NULL, &sgf);
    g->nostart_from = g->nostart_to = 0;
    g->from_utf16 = raw->flags & SGF_RAW_FROM_UTF16;
    g->foreign = src;
    g->foreign_len = raw->len;
    if (!ok) {
        g->nomem = true;
        return SGF_E_NOMEM;
    }
    game_report_source(g, SGF_C_FOREIGN_FORMAT, 0,
                       "read as %s and converted to SGF", sgf_format_name(f));
    for (size_t i = 0; i < g->conv.nnotes; i++) {
        const conv_report *n = &g->conv.notes[i];
        game_report_source(g, conv_checks[n->kind], n->src, "%s",
                           conv_note_text(&g->conv, n));
    }
    if (sgf.len) {
        size_t consumed = 0;
        if (sgf_parse_one(g, true, sgf.bytes, sgf.len, true, false,
                          &consumed) == PARSE_NOMEM)
            g->nomem = true;
    }
    return g->nomem ? SGF_E_NOMEM : SGF_OK;
}

int reader_parse(sgf_reader *r, sgf_raw_game *raw, sgf_game **out)
{
    sgf_game *g = r->game;
    int rc = member_format(r);
    if (rc < 0)
        return rc;
    if (foreign_next(r, raw)) {
        rc = read_foreign(g, raw, false);
        if (rc < 0)
            return rc;
        *out = g;
        return READER_PARSED;
    }
    for (;;) {
        rc = next_bytes(r, raw);
        if (rc <= BUFFER_END)
            return rc;
        if (rc == BUFFER_NOTHING) {
            game_reset(g, &r->opt, raw);
            reader_report_nothing(g, raw);
            *out = g;
            return 1;
        }
        describe(r, raw, r->end - r->start);
        game_reset(g, &r->opt, raw);
        g->from_utf16 = r->from_utf16;
        size_t consumed = 0;
        parse_status st = sgf_parse_one(g, true, raw->bytes, raw->len, r->eof,
                                        false, &consumed);
        if (st == PARSE_NEED_MORE) {
            rc = fill(r);
            if (rc < 0)
                return rc;
            continue;
        }
        if (st == PARSE_NOMEM)
            return SGF_E_NOMEM;
        if (st == PARSE_NOTHING) {
            advance(r, consumed);
            continue;
        }
        raw->len = consumed;
        g->len = consumed;
        *out = g;
        return READER_PARSED;
    }
}

bool reader_done(sgf_reader *r, const sgf_raw_game *raw)
{
    advance(r, raw->len);
    if (r->game->root)
        count_game(r);
    else if (r->game->ndiags == 0)
        return false;
    r->said = true;
    return true;
}

int sgf_reader_next_raw(sgf_reader *r, sgf_raw_game *raw)
{
    int rc = member_format(r);
    if (rc < 0)
        return rc;
    if (foreign_next(r, raw)) {
        /* counted as sgf_reader_next counts it, when its SGF has a tree:
         * converted here too (a record of a few KB, and rare) */
        bool tree = read_foreign(r->game, raw, false) == SGF_OK &&
                    r->game->root;
        advance(r, raw->len);
        if (tree)
            count_game(r);
        return 1;
    }
    for (;;) {
        rc = next_bytes(r, raw);
        if (rc <= BUFFER_END)
            return rc;
        if (rc == BUFFER_NOTHING)
            return 1;
        size_t consumed = 0;
        r->game->offset = r->offset;    /* where find_start's memo applies */
        parse_status st = sgf_parse_one(r->game, false, r->buf + r->start,
                                        r->end - r->start, r->eof, false,
                                        &consumed);
        if (st == PARSE_NEED_MORE) {
            rc = fill(r);
            if (rc < 0)
                return rc;
            continue;
        }
        if (st == PARSE_NOTHING) {
            advance(r, consumed);
            continue;
        }
        describe(r, raw, consumed);
        advance(r, consumed);
        /* counted as sgf_reader_next() counts them, only with a tree: the
         * two may read one member in turns (bin/pool.c) */
        if (st != PARSE_NO_TREE)
            count_game(r);
        r->said = true;
        return 1;
    }
}

/* Parse the game in raw again, with or without dbcs mode; *consumed gets
 * where that parse ended the game. */
static parse_status reparse(sgf_game *g, const sgf_raw_game *raw, bool dbcs,
                            size_t *consumed)
{
    game_reset(g, NULL, raw);
    g->from_utf16 = raw->flags & SGF_RAW_FROM_UTF16;
    g->dbcs = dbcs;
    return sgf_parse_one(g, true, raw->bytes, raw->len, true, dbcs, consumed);
}

parse_status reader_charset(sgf_game *g, const sgf_raw_game *raw)
{
    if (charset_decide(g)) {
        /* A double-byte charset whose trail bytes look like '\\' or ']':
         * parse again with characters as units. */
        size_t end = 0;
        parse_status st = reparse(g, raw, true, &end);
        if (st == PARSE_NOMEM)
            return st;
        if (end < raw->len) {
            /* The pairs closed the game before the end the byte-wise
             * parse found (a lead byte took the ']' of a value, and
             * brackets and parens after it changed roles): they broke
             * the structure, so they are not believed.  Bytes again,
             * the charset kept for decoding.  A worker, which gets the
             * game framed byte-wise, then reads the same game as
             * sgf_reader_next(). */
            st = reparse(g, raw, false, &end);
            if (st == PARSE_NOMEM)
                return st;
            g->dbcs_refused = true;
        }
        charset_decide(g);
    }
    return PARSE_DONE;
}

parse_status reader_finish_syntax(sgf_game *g, const sgf_raw_game *raw)
{
    if (g->root) {
        if (reader_charset(g, raw) == PARSE_NOMEM)
            return PARSE_NOMEM;
        gameinfo_read(g);
    }
    game_finish_diags(g);
    return g->nomem ? PARSE_NOMEM : PARSE_DONE;
}

int reader_read(sgf_game *g, const sgf_raw_game *raw, bool copy,
                reader_finish_fn finish)
{
    unsigned f = SGF_RAW_FORMAT(raw->flags);
    if (f != SGF_FORMAT_SGF && f < SGF_FORMAT_COUNT) {
        int rc = read_foreign(g, raw, copy);
        if (rc < 0)
            return rc;
        if (finish(g, raw) == PARSE_NOMEM) {
            g->nomem = true;
            return SGF_E_NOMEM;
        }
        return SGF_OK;
    }
    sgf_raw_game own = *raw;
    if (copy) {
        if (copy_source(g, raw, &own.bytes) < 0)
            return SGF_E_NOMEM;
    } else if (!raw->len) {
        own.bytes = "";
    }
    game_reset(g, NULL, &own);
    g->nostart_from = g->nostart_to = 0;    /* another member, maybe */
    g->from_utf16 = raw->flags & SGF_RAW_FROM_UTF16;
    if (raw->flags & SGF_RAW_EMPTY_MEMBER) {
        reader_report_nothing(g, raw);
        return g->nomem ? SGF_E_NOMEM : SGF_OK;
    }
    size_t consumed = 0;
    parse_status st = sgf_parse_one(g, true, own.bytes, own.len, true, false,
                                    &consumed);
    if (st == PARSE_NOTHING) {
        reader_report_nothing(g, raw);
        return g->nomem ? SGF_E_NOMEM : SGF_OK;
    }
    if (st != PARSE_NOMEM)
        st = finish(g, &own);
    if (st == PARSE_NOMEM) {
        g->nomem = true;
        return SGF_E_NOMEM;
    }
    return SGF_OK;
}

sgf_game *reader_parse_new(const sgf_raw_game *raw,
                           const sgf_read_options *opt, reader_finish_fn finish)
{
    sgf_game *g = game_new(opt);
    if (!g)
        return NULL;
    if (reader_read(g, raw, true, finish) == SGF_E_NOMEM && !g->root) {
        sgf_game_free(g);
        return NULL;
    }
    return g;
}
