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

/* ---- a header of KEY=VALUE fields ---- */

/* A converter lists its header keys once, X(Key, lost) each (lost: SGF has
 * no property for it), and makes from the list its enum of K_Key, its
 * names and its lost flags with these. */
#define CONV_KEY_ENUM(k, lost) K_##k,
#define CONV_KEY_NAME(k, lost) #k,
#define CONV_KEY_LOST(k, lost) lost,

/* A header field as read: its value, and the source byte notes about it
 * point at; the first of a key's lines is the one kept. */
typedef struct conv_header_field {
    conv_span v;
    const char *at;
    bool set;
} conv_header_field;

/* The index of key among names[0..n), or -1. */
int conv_key_index(conv_span key, const char *const *names, int n);
/* id[value] of a field that is set and not blank, its value trimmed. */
void conv_header_prop(conv *c, const conv_header_field *f, const char *id);
/* One note at the first of them listing the fields of f[0..n) that are
 * set, not blank and lost: "<format> header fields SGF has no property
 * for, left out: A, B". */
void conv_left_out(conv *c, const char *format, const conv_header_field *f,
                   const char *const *names, const unsigned char *lost,
                   int n);

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

/* ---- the moves ---- */

/* The moves of a record as its lines give them: the number each line
 * gives is checked against the one expected, once (the moves are read in
 * the order of the lines whatever their numbers). */
typedef struct conv_moves {
    long expect;            /* the number the next move should have */
    long last;              /* the number the last move had */
    long count;             /* moves written */
    bool noted;             /* a number out of order has been noted */
} conv_moves;

/* A move node ";B[xy]" or ";W[]" (x, y -1: a pass) for the line at line:
 * color 'B' or 'W', num the number the line gives, the point mapped to
 * point_at. */
void conv_move(conv *c, conv_moves *m, const char *line, long num,
               char color, int x, int y, const char *point_at);

/* Where the first stones were played on the two points a third handicap
 * stone may take (near: the top left corner point; far: the bottom
 * right one), when the record does not list its handicap stones. */
typedef struct conv_third {
    int near, far;          /* the coordinate of each on both axes */
    long stones;            /* stones played so far */
    long first_near, first_far;     /* the first played there; -1: none */
} conv_third;

void conv_third_start(conv_third *t, int size);
/* Counts a stone played on x, y. */
void conv_third_stone(conv_third *t, int x, int y);
/* Whether the third of h handicap stones stands at the top left (for
 * conv_handicap): with three, a stone played first on the far point says
 * so, on the near point says no; otherwise the format's custom. */
bool conv_third_top_left(const conv_third *t, long h, bool custom_top_left);

/* The handicap stones (2 to 9) of a size x size board where the servers
 * put them; third_top_left: the third stone of three at the top left
 * (Tygem, WBaduk) rather than the bottom right.  Writes AB[...] mapped to
 * at; false when the board has no such places. */
bool conv_handicap(conv *c, int stones, int size, bool third_top_left,
                   const char *at);

#endif /* SGFKIT_FORMATS_CONVERT_H */
