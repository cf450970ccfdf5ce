/*
 * sgfkit.h - public interface of libsgfkit, a streaming reader, checker and
 * writer for SGF (Smart Game Format) Go records.
 *
 * Conventions:
 *  - Every public name starts with sgf_ / SGF_.
 *  - The library never prints and never exits.  Problems found in records are
 *    sgf_diag values stored with the game they belong to; failures of calls
 *    are returned as negative SGF_E* codes.
 *  - No global mutable state: any number of readers may run in parallel
 *    threads.  One object (reader, game, inputs) is used by one thread at a
 *    time.
 *  - Records are read one top-level game tree at a time, so memory follows the
 *    largest game, not the size of the file.
 */
#ifndef SGFKIT_H
#define SGFKIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Versions and errors                                                 */

/* Library version, e.g. "0.1.0". */
const char *sgf_version(void);

enum {
    SGF_OK = 0,
    SGF_E_NOMEM = -1,   /* allocation failed */
    SGF_E_IO = -2,      /* reading or writing failed; errno-based message */
    SGF_E_FORMAT = -3,  /* input is not a readable container (archive, gzip) */
    SGF_E_ARG = -4      /* invalid argument */
};

/* A short English text for an SGF_E* code. */
const char *sgf_strerror(int code);

/* ------------------------------------------------------------------ */
/* Diagnostics                                                         */

typedef enum {
    SGF_NOTE = 0,
    SGF_WARNING = 1,
    SGF_ERROR = 2
} sgf_severity;

/* One problem found in a record.  Strings stay valid as long as the game
 * (or, for member-level diagnostics, the reader) that holds them. */
typedef struct sgf_diag {
    sgf_severity severity;
    int check;               /* index into the check catalogue */
    const char *id;          /* stable check id, e.g. "missing-close-paren" */
    const char *origin;      /* "file.sgf" or "archive.zip:dir/member.sgf" */
    unsigned game;           /* 1-based game number within the member */
    unsigned long line;      /* 1-based */
    unsigned long column;    /* 1-based, in bytes */
    uint64_t offset;         /* byte offset within the member */
    int move;                /* move number on the main line, 0 if none */
    const char *message;     /* one line, no trailing newline, UTF-8 */
} sgf_diag;

/* The catalogue of checks: stable id, default severity and a one-line
 * explanation, as listed in sgfcheck(1). */
typedef struct sgf_check_info {
    const char *id;
    sgf_severity severity;
    const char *summary;
} sgf_check_info;

/* Number of checks and the n-th one (NULL when out of range). */
size_t sgf_check_count(void);
const sgf_check_info *sgf_check_get(size_t n);
/* Index of a check id, or -1. */
int sgf_check_find(const char *id);
const char *sgf_severity_name(sgf_severity s);

/* ------------------------------------------------------------------ */
/* Inputs: paths become a sequence of members (plain files, files found
 * by walking a directory, standard input, gzip streams, archive members).  */

typedef struct sgf_inputs sgf_inputs;
typedef struct sgf_member sgf_member;

/* Called for inputs that cannot be read at all (missing file, corrupt
 * archive, permission denied...).  message is complete, e.g.
 * "cannot open 'x.sgf': No such file or directory". */
typedef void (*sgf_input_error_fn)(void *ctx, const char *origin,
                                   const char *message);

/* paths: n names; "-" is standard input.  n == 0 means standard input.
 * The paths array must outlive the iterator. */
sgf_inputs *sgf_inputs_new(const char *const *paths, size_t n,
                           sgf_input_error_fn on_error, void *ctx);
/* Next member: 1 and *out set, 0 at the end.  A member stays valid until the
 * next call.  Inputs that fail are reported through on_error and skipped;
 * sgf_inputs_failures() counts them. */
int sgf_inputs_next(sgf_inputs *in, sgf_member **out);
size_t sgf_inputs_failures(const sgf_inputs *in);
void sgf_inputs_free(sgf_inputs *in);

/* How a directory walk treats a file name (letter case ignored):
 * SGF_NAME_WALKED when the walk reads it (.sgf, .sgfs, their .gz forms,
 * and archives .zip .tar .tar.gz .tgz .tar.bz2 .tbz2 .tar.xz .txz .7z),
 * plus SGF_NAME_PACKED when its bytes on disk are compressed.  0 for other
 * names.  (Named inputs are read whatever their name.) */
enum { SGF_NAME_WALKED = 1u << 0, SGF_NAME_PACKED = 1u << 1 };
unsigned sgf_inputs_name_flags(const char *name);

/* A member over bytes in memory (not copied; must outlive the member). */
sgf_member *sgf_member_from_memory(const void *data, size_t len,
                                   const char *origin);
/* A member over an open stdio stream (not closed by sgf_member_free). */
sgf_member *sgf_member_from_file(FILE *f, const char *origin);
void sgf_member_free(sgf_member *m);   /* only for members made above */

const char *sgf_member_origin(const sgf_member *m);
/* Reads up to n decompressed bytes.  Returns the count, 0 at the end, or a
 * negative SGF_E* code (sgf_member_error() then has the message). */
long sgf_member_read(sgf_member *m, void *buf, size_t n);
const char *sgf_member_error(const sgf_member *m);

/* ------------------------------------------------------------------ */
/* The record tree.  Read-only views into a game's arena.              */

typedef struct sgf_value {
    const char *raw;        /* bytes as in the file (escapes kept), not NUL-terminated */
    uint32_t len;
    uint32_t pos;           /* offset of '[' relative to the game's start */
} sgf_value;

typedef struct sgf_prop {
    struct sgf_prop *next;  /* next property of the same node, in file order */
    const char *id;         /* normalised id (uppercase letters only), NUL-terminated */
    int kind;               /* SGF_P_* from sgfkit_props.h, SGF_P_UNKNOWN if unknown */
    uint32_t nvalues;
    sgf_value *values;
    uint32_t pos;           /* offset of the identifier relative to the game */
    uint32_t id_len;        /* length of the identifier as written */
    const char *raw_id;     /* identifier as written (may hold lowercase) */
} sgf_prop;

typedef struct sgf_node {
    struct sgf_node *parent;
    struct sgf_node *child;  /* first child (main line continues here) */
    struct sgf_node *next;   /* next sibling (another variation) */
    sgf_prop *props;         /* first property */
    uint32_t pos;            /* offset of ';' relative to the game */
    uint32_t nchildren;
} sgf_node;

#include "sgfkit_props.h"

/* Static facts about a property kind (sgfkit_props.h). */
typedef enum {
    SGF_T_NONE, SGF_T_NUMBER, SGF_T_REAL, SGF_T_DOUBLE, SGF_T_COLOR,
    SGF_T_SIMPLETEXT, SGF_T_TEXT, SGF_T_POINT, SGF_T_MOVE, SGF_T_STONE,
    SGF_T_SIZE,             /* SZ: number or number:number */
    SGF_T_POINT_POINT,      /* AR, LN: compose point:point */
    SGF_T_POINT_TEXT,       /* LB: compose point:simpletext */
    SGF_T_NUMBER_NUMBER,    /* FG etc.: compose, see catalogue */
    SGF_T_SIMPLE_SIMPLE,    /* AP: simpletext:simpletext */
    SGF_T_FIGURE,           /* FG: none | number:simpletext */
    SGF_T_UNKNOWN
} sgf_value_type;

typedef enum {
    SGF_CL_NONE = 0, SGF_CL_ROOT, SGF_CL_GAMEINFO, SGF_CL_MOVE,
    SGF_CL_SETUP, SGF_CL_MARKUP, SGF_CL_ANNOTATION, SGF_CL_INHERIT,
    SGF_CL_OBSOLETE
} sgf_prop_class;

/* List shape of a property's values. */
typedef enum { SGF_L_ONE, SGF_L_LIST, SGF_L_ELIST } sgf_list_kind;

typedef struct sgf_prop_info {
    const char *id;
    sgf_value_type type;
    sgf_list_kind list;
    sgf_prop_class cls;
    const char *name;       /* e.g. "Komi" */
} sgf_prop_info;

/* Catalogue lookup; kind out of range gives NULL. */
const sgf_prop_info *sgf_prop_info_get(int kind);
/* Kind of a normalised id of len bytes, SGF_P_UNKNOWN when unknown. */
int sgf_prop_lookup(const char *id, size_t len);

/* ------------------------------------------------------------------ */
/* Games                                                               */

typedef struct sgf_game sgf_game;

typedef enum {
    SGF_WIN_NONE = 0,        /* no RE[] */
    SGF_WIN_UNKNOWN,         /* RE[?] or unreadable */
    SGF_WIN_BLACK, SGF_WIN_WHITE, SGF_WIN_DRAW, SGF_WIN_VOID
} sgf_winner;

typedef enum {
    SGF_BY_NONE = 0,         /* no reason given (e.g. "B+") */
    SGF_BY_POINTS, SGF_BY_RESIGN, SGF_BY_TIME, SGF_BY_FORFEIT,
    SGF_BY_OTHER             /* free text we could not classify */
} sgf_win_reason;

typedef struct sgf_result {
    sgf_winner winner;
    sgf_win_reason reason;
    double margin;           /* points, when reason == SGF_BY_POINTS */
    int has_margin;
} sgf_result;

typedef struct sgf_date {
    int year, month, day;    /* 0 where unknown */
} sgf_date;

/* Typed game information of the first game-info node on the main line.
 * Strings are UTF-8 and NUL-terminated, NULL when absent. */
typedef struct sgf_info {
    int ff, gm;              /* FF (default 1) and GM (default 1) */
    int width, height;       /* SZ, default 19x19 */
    double komi;
    int has_komi;
    int komi_scaled;         /* 1 when KM was read with a server's scale (Fox KM[375]) */
    int handicap;            /* HA, 0 when absent */
    sgf_result result;
    sgf_date date;           /* first date of DT */
    const char *rules;       /* RU as written */
    const char *black, *white, *black_rank, *white_rank;
    const char *event, *round, *place, *date_text, *result_text;
    const char *application; /* AP */
    const char *charset;     /* the charset text values were decoded from */
    int charset_detected;    /* 1 when not from CA[] (or CA[] was wrong) */
} sgf_info;

/* Options for reading. */
typedef struct sgf_read_options {
    unsigned flags;               /* SGF_READ_* */
    const char *fallback_charset; /* used when CA is absent and detection is unsure */
} sgf_read_options;

enum {
    SGF_READ_SYNTAX_ONLY = 1u << 0, /* skip property/value/game-info checks */
    SGF_READ_NO_DECODE = 1u << 1    /* keep text in its file charset (no iconv) */
};

/* Root of the tree (the first node), NULL for an empty "game" (a member
 * with no game, or trailing junk: then only diagnostics are present). */
const sgf_node *sgf_game_root(const sgf_game *g);
/* 1-based index of the game within its member. */
unsigned sgf_game_index(const sgf_game *g);
/* Byte offset of the game's first byte within the member, and its line. */
uint64_t sgf_game_offset(const sgf_game *g);
const char *sgf_game_origin(const sgf_game *g);
const sgf_info *sgf_game_info(const sgf_game *g);
size_t sgf_game_diag_count(const sgf_game *g);
const sgf_diag *sgf_game_diag(const sgf_game *g, size_t i);
/* Counts of diagnostics by severity. */
size_t sgf_game_count(const sgf_game *g, sgf_severity s);
/* Number of nodes on the main line with a B or W move. */
unsigned sgf_game_moves(const sgf_game *g);

/* Adds a diagnostic to a game (used by later stages such as the rules
 * checker).  pos is relative to the game start; the line and column are
 * computed from it.  fmt is printf-style. */
int sgf_game_report(sgf_game *g, int check, uint32_t pos, int move,
                    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* First property of kind in node, or NULL. */
const sgf_prop *sgf_node_find(const sgf_node *n, int kind);
/* Value i of p decoded to NUL-terminated UTF-8: escapes removed, soft line
 * breaks removed, whitespace converted as for p's value type (Text or
 * SimpleText; other types are returned unescaped).  Allocated in the game's
 * arena and valid while the game is.  NULL on allocation failure. */
const char *sgf_value_text(sgf_game *g, const sgf_prop *p, uint32_t i,
                           size_t *len);

/* Parse the bytes of one game (as returned by sgf_reader_next_raw) into a
 * new game object.  Returns NULL only when out of memory. */
typedef struct sgf_raw_game {
    const char *bytes;
    size_t len;
    const char *origin;
    unsigned index;          /* 1-based game number in the member */
    uint64_t offset;         /* of bytes[0] within the member */
    unsigned long line;      /* line of bytes[0] (1-based) */
    unsigned long column;    /* column of bytes[0] (1-based) */
    int at_eof;              /* the member ends after these bytes */
    unsigned flags;          /* SGF_RAW_* */
} sgf_raw_game;

enum {
    SGF_RAW_FROM_UTF16 = 1u << 0, /* the member was UTF-16, now UTF-8 */
    SGF_RAW_EMPTY_MEMBER = 1u << 1 /* the member has no bytes at all */
};

sgf_game *sgf_game_parse(const sgf_raw_game *raw, const sgf_read_options *opt);
void sgf_game_free(sgf_game *g);

/* A reusable game object: sgf_game_read() parses into it, replacing what it
 * held and keeping its buffers, arena and charset converters, so a worker
 * thread that reads game after game allocates almost nothing.  NULL when out
 * of memory. */
sgf_game *sgf_game_new(const sgf_read_options *opt);
/* Parse raw (copied) into g.  SGF_OK, or SGF_E_NOMEM (g then holds an
 * incomplete game and says so in a diagnostic-free state: check the
 * return). */
int sgf_game_read(sgf_game *g, const sgf_raw_game *raw);

/* ------------------------------------------------------------------ */
/* Reader: games out of a member.                                      */

typedef struct sgf_reader sgf_reader;

sgf_reader *sgf_reader_new(const sgf_read_options *opt);
void sgf_reader_free(sgf_reader *r);
/* Start reading member m (not owned). */
void sgf_reader_start(sgf_reader *r, sgf_member *m);
/* Next game: 1 and *out set (owned by the reader, valid until the next
 * call), 0 at the end of the member, SGF_E_* on a read error (the member
 * error message says why).  A member with no game at all yields one game
 * whose root is NULL and which carries the diagnostics. */
int sgf_reader_next(sgf_reader *r, sgf_game **out);
/* Next game's bytes without parsing (for handing to worker threads).
 * raw->bytes is valid until the next call.  Same returns as above. */
int sgf_reader_next_raw(sgf_reader *r, sgf_raw_game *raw);
/* Bytes consumed from the current member so far. */
uint64_t sgf_reader_bytes(const sgf_reader *r);

/* ------------------------------------------------------------------ */
/* Points                                                              */

/* Decode an SGF point "ab" on a width x height board into 0-based x
 * (column from the left) and y (row from the top).  Returns 1 for a point,
 * 0 for a pass (empty value, or "tt" on boards up to 19x19), -1 when the
 * value is not a point on this board. */
int sgf_point_decode(const char *raw, size_t len, int width, int height,
                     int *x, int *y);

/* ------------------------------------------------------------------ */
/* Game information grammars (pure functions, usable on any text).     */

/* Parse an RE[] text (already decoded to UTF-8).  Returns 1 when the text
 * follows FF[4], 0 when it was understood only loosely (e.g. Chinese free
 * text "黑胜" or "W+Resign."), -1 when it could not be read (winner is then
 * SGF_WIN_UNKNOWN). */
int sgf_parse_result(const char *text, sgf_result *out);
/* Format a result in FF[4] form ("B+3.5", "W+R", "0", "Void", "?"). */
void sgf_format_result(const sgf_result *r, char *buf, size_t n);

/* Parse KM text.  Returns 1 valid, 0 read with a repair (sets *scaled when
 * a server's x100 / x50 convention was applied), -1 unreadable. */
int sgf_parse_komi(const char *text, const char *application, double *komi,
                   int *scaled);
/* First date of a DT text; 1 valid FF[4], 0 read loosely, -1 unreadable. */
int sgf_parse_date(const char *text, sgf_date *out);

/* ------------------------------------------------------------------ */
/* Writer: canonical FF[4] SGF, UTF-8, CA[UTF-8].                      */

typedef int (*sgf_write_fn)(void *ctx, const void *data, size_t len);

/* Serialise g.  Text values are written decoded to UTF-8 and escaped as
 * FF[4] requires; the root gets FF[4] and CA[UTF-8].  write returns 0 on
 * success; a non-zero return stops writing and is returned. */
int sgf_write_game(sgf_game *g, sgf_write_fn write, void *ctx);
/* Convenience: write to a stdio stream. */
int sgf_write_game_file(sgf_game *g, FILE *f);

#ifdef __cplusplus
}
#endif
#endif /* SGFKIT_H */
