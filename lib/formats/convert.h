/*
 * convert.h - what the converters of foreign formats share (convert.c):
 * the SGF text they write, with a map from each of its bytes back to the
 * byte of the source it came from, and the problems they find, each at a
 * byte of the source.  Never installed.
 */
#ifndef SGFKIT_FORMATS_CONVERT_H
#define SGFKIT_FORMATS_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a converter reports (lib/sgf/checks.def has a check for each). */
enum conv_problem {
    CONV_UNREADABLE,     /* not a file of the format at all: no game */
    CONV_TRUNCATED,      /* the file ends before its end */
    CONV_BAD_LINE,       /* a line the format does not allow there: skipped */
    CONV_BAD_VALUE,      /* a field whose value cannot be read */
    CONV_UNKNOWN_FIELD,  /* a field or section the converter does not know */
    CONV_LEFT_OUT,       /* known fields SGF has no property for */
    CONV_ASSUMED,        /* what the file does not say, inferred */
    CONV_PROBLEMS
};

/* Bytes [gen, next segment's gen) of the SGF text came from source bytes
 * src .. src + span (the first span bytes one to one, the rest from the
 * last of them). */
typedef struct conv_seg {
    uint32_t gen, src, span;
} conv_seg;

typedef struct conv_report {
    enum conv_problem kind;
    uint32_t src;            /* source offset */
    uint32_t msg;            /* offset of the message in msgs */
} conv_report;

/* One conversion: the source, the SGF written so far, the map, the
 * notes.  The buffers are kept from conversion to conversion. */
typedef struct conv {
    const char *src;
    size_t srclen;
    char *out;
    size_t len, cap;
    conv_seg *segs;
    size_t nsegs, segcap;
    conv_report *notes;
    size_t nnotes, notecap;
    char *msgs;
    size_t msglen, msgcap;
    bool nomem;
} conv;

void conv_start(conv *c, const char *src, size_t len);
void conv_free(conv *c);
/* The source offset a byte of the SGF text came from. */
uint32_t conv_source_of(const conv *c, uint32_t gen);
/* The message of a note, NUL-terminated. */
const char *conv_note_text(const conv *c, const conv_report *n);

/* SGF structure ("(;", ";", ")") written for the source byte at. */
void conv_text(conv *c, const char *s, const char *at);
/* id[v] where v (n bytes) lies in the source: each of its bytes maps to
 * itself, the id and '[' to v.  '\\' and ']' are escaped, so the value
 * reads back as the same bytes whatever their charset. */
void conv_prop(conv *c, const char *id, const char *v, size_t n);
/* A value made of several pieces: conv_open writes id[ (mapped to at),
 * conv_bytes source bytes as conv_prop does, conv_sep text the converter
 * makes (mapped to the last byte written), conv_close the ']'. */
void conv_open(conv *c, const char *id, const char *at);
void conv_bytes(conv *c, const char *v, size_t n);
void conv_sep(conv *c, const char *text);
void conv_close(conv *c);
/* id[text] for a value the converter made (a number, a date, a point):
 * printf-style, mapped as a whole to the source byte at. */
void conv_propf(conv *c, const char *id, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* A move or setup point x, y (0-based from the top left; -1 -1: pass, []). */
void conv_point(conv *c, const char *id, int x, int y, const char *at);
void conv_note(conv *c, enum conv_problem k, const char *at,
               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* ---- reading the source: lines and fields ---- */

typedef struct conv_span {
    const char *s;
    size_t n;
} conv_span;

/* A comment of a foreign record: its text in the source, and the move or
 * node it is on (numbered as its format numbers them). */
typedef struct conv_comment {
    long at;
    conv_span text;
} conv_comment;

/* Names listed in one note ("left out: GIBOKIND, TYPE"), placed at the
 * first one's source byte; a name that does not fit is not listed. */
typedef struct conv_list {
    char text[400];
    size_t n;
    const char *at;
} conv_list;

void conv_list_add(conv_list *l, const char *name, const char *at);

/* The comments of v[0..n) on at as one C[] (a node holds one), blank
 * lines between them; nothing when there are none. */
void conv_comments(conv *c, const conv_comment *v, size_t n, long at);

/* The next line at *pos (its end of line, LF, CR or CRLF, not included);
 * false at the end of the source. */
bool conv_next_line(const conv *c, size_t *pos, conv_span *line);
conv_span conv_trim(conv_span s);
bool conv_starts(conv_span s, const char *lit);
bool conv_equals(conv_span s, const char *lit);
/* s from its byte i on. */
conv_span conv_from(conv_span s, size_t i);
/* The field of s before the first sep (all of s when none), and *rest
 * after it ({NULL, 0} when none). */
conv_span conv_field(conv_span s, char sep, conv_span *rest);
/* The words of s (runs of bytes other than space and tab), at most max;
 * returns how many there are (up to max + 1: more than max). */
int conv_words(conv_span s, conv_span *w, int max);
/* A whole decimal integer (spaces around it allowed), in range. */
bool conv_int(conv_span s, long *v);
/* A decimal number as written ("6.50", "-5.5", "7"): its value in
 * hundredths. */
bool conv_hundredths(conv_span s, long *v);
/* v hundredths as the shortest decimal: "6.5", "-5", "0.25". */
void conv_decimal(long hundredths, char *buf, size_t n);

/* A date in s: YYYYMMDD, or the first three runs of digits as year (four
 * digits), month and day, whatever is between them ("2015- 8-29-22-56",
 * "2012年11月22日", "2019/03/08").  false when they are no date. */
bool conv_date(conv_span s, int *y, int *m, int *d);
/* The length of a UTF-8 byte order mark at the start of c's source. */
size_t conv_bom(const conv *c);

/* The handicap stones (2 to 9) of a size x size board where the servers
 * put them; third_top_left: the third stone of three at the top left
 * (Tygem, WBaduk) rather than the bottom right.  Writes AB[...] mapped to
 * at; false when the board has no such places. */
bool conv_handicap(conv *c, int stones, int size, bool third_top_left,
                   const char *at);

#endif /* SGFKIT_FORMATS_CONVERT_H */
