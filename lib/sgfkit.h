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
/* Record formats: SGF, and the foreign formats the reader converts to  */
/* SGF as it reads them (doc/foreign.md).  A member is read as the      */
/* format its name says, or, when the name is no record's (standard     */
/* input, "x.txt", an archive member without a suffix), as its first    */
/* bytes say; SGF when nothing is recognised.                           */

enum {
    SGF_FORMAT_SGF = 0,
    SGF_FORMAT_GIB = 1,      /* Tygem .gib */
    SGF_FORMAT_NGF = 2,      /* WBaduk (formerly CyberOro) .ngf */
    SGF_FORMAT_UGF = 3,      /* PandaNet .ugf, .ugi */
    SGF_FORMAT_COUNT         /* grows when a format is added */
};
/* "SGF", "Tygem GIB", "WBaduk NGF", "PandaNet UGF"; NULL out of range. */
const char *sgf_format_name(int format);
/* The format a file name says by its suffix (.sgf .sgfs .gib .ngf .ugf
 * .ugi, letter case ignored, a .gz after it allowed), or -1. */
int sgf_format_of_name(const char *name);

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

/* One input already open, read from fd's current offset as a named file
 * is read (gzip and archives included; a directory is an error), its
 * members named origin or "origin:member".  For a file opened under
 * another name, or bytes in memory given as a file (memfd_create,
 * tmpfile).  own: sgf_inputs_free closes fd.  NULL when out of memory. */
sgf_inputs *sgf_inputs_from_fd(int fd, int own, const char *origin,
                               sgf_input_error_fn on_error, void *ctx);

/* The walk without the reading, for a program that splits a run among
 * machines: the next file sgf_inputs_next would read, in the same order,
 * unopened: 1 and *path set (valid until the next call), 0 at the end.
 * Directories are walked (their failures reported) as sgf_inputs_next
 * walks them; named inputs other than directories, "-" among them, are
 * returned as given; an archive is one file.  Use one of the two
 * functions on an iterator, not both. */
int sgf_inputs_next_file(sgf_inputs *in, const char **path);

/* Why a walked file, an archive member or a folder was not read
 * (doc/inputs.md, "What a walk reads").  Inputs named by the caller are
 * always read, whatever their name. */
typedef enum {
    /* a walked file or archive member whose name is no game record's or
     * archive's (README.txt, game.sgf.bak, photo.jpg), or, for a name
     * without a suffix, whose first bytes are none; an archive inside an
     * archive */
    SGF_SKIP_NOT_RECORD = 0,
    /* a hidden file or folder in a walk (a name that starts with '.':
     * .git, .DS_Store, macOS's ._game.sgf), or an archive member under
     * one or under macOS's __MACOSX; a hidden folder is one skip */
    SGF_SKIP_HIDDEN,
    /* neither a regular file nor a folder: a FIFO, socket or device, a
     * symbolic link that leads nowhere; in an archive, a link or device */
    SGF_SKIP_SPECIAL,
    /* a symbolic link to a folder the walk is already in */
    SGF_SKIP_LINK_LOOP,
    /* an archive, or a folder named as an input, that holds no file */
    SGF_SKIP_EMPTY,
    SGF_SKIP_REASONS
} sgf_skip_reason;

/* Called for each input not read, in input order.  message is complete,
 * e.g. "skipped 'games/README.txt': not a game record (by its name)". */
typedef void (*sgf_input_skip_fn)(void *ctx, const char *origin,
                                  sgf_skip_reason why, const char *message);
/* Installs the skip callback (none: skips are only counted). */
void sgf_inputs_on_skip(sgf_inputs *in, sgf_input_skip_fn fn, void *ctx);
/* Inputs skipped so far for a reason, or for any reason when why < 0. */
size_t sgf_inputs_skipped(const sgf_inputs *in, int why);
/* "not a game record", "hidden", "not a regular file", "a link loop",
 * "empty"; NULL out of range. */
const char *sgf_skip_reason_name(int why);

/* How far the iterator has read, for a progress display.  Call
 * sgf_inputs_track_progress before the first sgf_inputs_next: each named
 * input is sized by stat at once, each file of a directory as the
 * directory is listed (one fstatat per entry), and nothing is sized
 * without it.  0, or SGF_E_ARG when called late or twice.
 * sgf_inputs_get_progress fills a snapshot:
 *   bytes_done     bytes of the files read so far as they are on disk (for
 *                  a gzip file or an archive, its compressed bytes); a file
 *                  done with counts whole
 *   bytes_total    the sizes of the files found so far
 *   files_done, files_total   the same in files (an archive is one file)
 *   file_fraction  how much of the current file is read, 0 to 1
 *   total_final    1 once the totals can no longer grow: every directory
 *                  listed; 0 while they may ("about" that much)
 *   size_unknown   1 when some input has no size (standard input, a pipe):
 *                  the totals leave it out, and are never final
 *   games_done     games read so far from the iterator's members (and from
 *                  members that stand for them: sgf_member_counts_for), as
 *                  sgf_reader_next and sgf_reader_next_raw number them: a
 *                  game with a tree counts once, whichever of the two read
 *                  it
 * There is no total of games: a file says how many games it holds only
 * once it is read, and the iterator reads no file ahead. */
typedef struct sgf_inputs_progress {
    uint64_t bytes_done, bytes_total;
    uint64_t files_done, files_total;
    double file_fraction;
    int total_final;
    int size_unknown;
    uint64_t games_done;
} sgf_inputs_progress;
int sgf_inputs_track_progress(sgf_inputs *in);
void sgf_inputs_get_progress(const sgf_inputs *in, sgf_inputs_progress *out);

/* How a directory walk treats a file name (letter case ignored):
 * SGF_NAME_WALKED when the walk reads it (the record names of
 * sgf_format_of_name, and archives .zip .tar .tar.gz .tgz .tar.bz2 .tbz2
 * .tar.xz .txz .7z), plus SGF_NAME_PACKED when its bytes on disk are
 * compressed.  0 for other names, and for hidden ones (a leading '.').
 * A name without a suffix is read when its first bytes are a record's.
 * (Named inputs are read whatever their name.) */
enum { SGF_NAME_WALKED = 1u << 0, SGF_NAME_PACKED = 1u << 1 };
unsigned sgf_inputs_name_flags(const char *name);

/* A member over bytes in memory (not copied; must outlive the member). */
sgf_member *sgf_member_from_memory(const void *data, size_t len,
                                   const char *origin);
/* A member over an open stdio stream (not closed by sgf_member_free). */
sgf_member *sgf_member_from_file(FILE *f, const char *origin);
void sgf_member_free(sgf_member *m);   /* only for members made above */
/* The games read from m, a member made above in place of from (one of an
 * iterator's members, its XML or JSON turned into SGF, say), count in the
 * games_done of from's iterator, as from's own would.  m must then not
 * outlive that iterator.  from NULL undoes it; nothing for other m. */
void sgf_member_counts_for(sgf_member *m, const sgf_member *from);

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

/* Where a fact about a game comes from: its rules, its komi. */
typedef enum {
    SGF_SOURCE_RECORD,       /* the record states it (RU[], KM[]) */
    SGF_SOURCE_INFERRED,     /* inferred from what the record says */
    SGF_SOURCE_DEFAULT,      /* nothing in the record decides it */
    SGF_SOURCE_GIVEN         /* the caller's choice (--rules, --komi) */
} sgf_source;

/* "record", "inferred", "default", "given". */
const char *sgf_source_name(sgf_source s);

/* Typed game information of the first game-info node on the main line.
 * Strings are UTF-8 and NUL-terminated, NULL when absent.  The library
 * owns it (sgf_game_info): fields are only ever added at the end. */
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
    /* What the record does not state, inferred from what it says
     * (doc/gameinfo.md, "What the record leaves unsaid").  The rules:
     * SGF_SOURCE_RECORD when RU[] names a rule set sgf_rules_parse reads;
     * else rules_assumed is the named set the game is replayed under,
     * SGF_SOURCE_INFERRED (rules_evidence says from what: "RE[Void]",
     * "PC[Nihon Ki-in]", "KM[7.5]") or SGF_SOURCE_DEFAULT ("chinese"). */
    sgf_source rules_source;
    const char *rules_assumed;
    const char *rules_evidence;
    /* The komi: SGF_SOURCE_RECORD when KM[] gives it, or RU[] text does
     * ("黑先贴4目半"); else komi holds the komi assumed (has_komi stays 0),
     * SGF_SOURCE_INFERRED (komi_evidence: "DT[1933]", "HA[3]", ...) or
     * SGF_SOURCE_DEFAULT (0, as FF[4] readers assume). */
    sgf_source komi_source;
    const char *komi_evidence;
    /* HA[N] without AB and White moving first: the N stones placed on the
     * fixed handicap points (0: none placed), in GTP form ("D4 Q16 Q4"). */
    int handicap_placed;
    const char *handicap_points;
    /* 1 when KM[0] was read as no KM[] (has_komi 0, komi_source
     * SGF_SOURCE_INFERRED): RE[] gives a margin in half points, which
     * komi 0 cannot give (Fox writes KM[0] for games played with 6.5). */
    int komi_set_aside;
} sgf_info;

/* Options for reading. */
struct sgf_rules;
typedef struct sgf_read_options {
    unsigned flags;               /* SGF_READ_* */
    const char *fallback_charset; /* used when CA is absent and detection is unsure */
    /* SGF_READ_LEGALITY: the rules to check under.  NULL: RU[] decides
     * (chinese when RU[] is absent or not understood, which is reported). */
    const struct sgf_rules *rules;
} sgf_read_options;

enum {
    SGF_READ_SYNTAX_ONLY = 1u << 0, /* skip property/value/game-info checks */
    SGF_READ_NO_DECODE = 1u << 1,   /* keep text in its file charset (no iconv) */
    /* replay the main line and check every move under the rules: ko,
     * superko, suicide, cycles, players, handicap, RE[] against the game */
    SGF_READ_LEGALITY = 1u << 2,
    SGF_READ_VARIATIONS = 1u << 3,  /* ... and every variation too */
    /* the rules given replace RU[] (else they apply only when RU[] is
     * absent or not understood) */
    SGF_READ_RULES_OVERRIDE = 1u << 4
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
/* Bits 8 to 15 of flags: the format of the bytes, SGF_FORMAT_* (0: SGF).
 * sgf_reader_next_raw hands a record of a foreign format whole, and
 * sgf_game_read converts it to SGF text before parsing: the game's values
 * and positions (sgf_value.pos, sgf_node.pos) are in that text, its
 * diagnostics' line, column and offset in the foreign bytes. */
#define SGF_RAW_FORMAT_SHIFT 8
#define SGF_RAW_FORMAT(flags) (((unsigned)(flags) >> SGF_RAW_FORMAT_SHIFT) & 0xffu)

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
/* The same without the copy: g reads raw->bytes where they are, so they
 * must stay unchanged as long as g holds this game (a worker parsing
 * games out of a buffer of its own, bin/pool.c). */
int sgf_game_read_in_place(sgf_game *g, const sgf_raw_game *raw);

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
/* Rule sets (ruleset.c): a rule set is a small record of parameters   */
/* (doc/rules.md); the named sets are presets of it.                   */

enum { SGF_EMPTY = 0, SGF_BLACK = 1, SGF_WHITE = 2 };

typedef enum {
    SGF_KO_SIMPLE,        /* only the immediate single-stone retake is banned */
    SGF_KO_POSITIONAL,    /* no move may recreate an earlier board */
    SGF_KO_SITUATIONAL,   /* ... an earlier board with the same player to move */
    SGF_KO_SPIGHT         /* positional, but every pass clears the history */
} sgf_ko_rule;

typedef enum { SGF_SCORING_AREA, SGF_SCORING_TERRITORY } sgf_scoring_rule;

/* seki: empty points inside a seki score nothing; all: besides, every
 * living group pays 2 points (the ancient Chinese group tax). */
typedef enum { SGF_TAX_NONE, SGF_TAX_SEKI, SGF_TAX_ALL } sgf_tax_rule;

/* Points White receives for N handicap stones under area counting. */
typedef enum { SGF_BONUS_0, SGF_BONUS_N, SGF_BONUS_N_MINUS_1 } sgf_handicap_bonus;

/* What a repeating cycle means when the ko rule allows it. */
typedef enum { SGF_CYCLE_RULE_NO_RESULT, SGF_CYCLE_RULE_ILLEGAL } sgf_cycle_rule;

typedef struct sgf_rules {
    char name[24];            /* "chinese", ... or "custom" */
    sgf_ko_rule ko;
    sgf_scoring_rule scoring;
    sgf_tax_rule tax;
    int suicide;              /* 1: multi-stone suicide is legal (one stone never is) */
    double komi;              /* points added to White */
    int has_komi;             /* komi was given by the rules text itself */
    int black_wins_ties;      /* Ing */
    sgf_handicap_bonus bonus;
    int first;                /* SGF_BLACK or SGF_WHITE: who moves first (ancient: White) */
    sgf_cycle_rule cycle;
    int button;               /* KataGo's button: the first to pass gets 0.5 */
    int pass_stones;          /* AGA: a pass hands a prisoner to the opponent */
    int fill_in;              /* Ing fill-in counting */
    int zuozi;                /* ancient 座子: four stones placed before the game */
} sgf_rules;

/* The named set called exactly name ("chinese", "japanese", "korean",
 * "aga", "nz", "ing", "tromp-taylor", "ancient-chinese") into *out: 0, or
 * -1 for another name (*out untouched).  sgf_rules_parse reads every
 * spelling. */
int sgf_rules_named(const char *name, sgf_rules *out);
/* Named sets in a fixed order ("chinese", "japanese", "korean", "aga",
 * "nz", "ing", "tromp-taylor", "ancient-chinese"); NULL past the end. */
const char *sgf_rules_name(size_t i);
/* Reads a rule set: a named set in any of its spellings (RU[] values such
 * as "Japanese", "CN", "New Zealand", "Tromp/Taylor", "中国规则", "Chinese
 * 2002", matched without regard to case, spaces, '-', '_', '.', '/', a
 * trailing word "rules" and a trailing year), KataGo's compact string
 * ("koPOSITIONALscoreAREAtaxNONEsui1button0whbNkomi7.5") or its JSON form,
 * or free text whose meaning is clear ("黑先贴4目半": a komi).  Returns 1
 * when text is one of these exactly, 0 when it was understood loosely
 * (*out holds what was read), -1 when not understood (*out is left alone;
 * out may be NULL to ask for the return code only).  doc/rules.md has the
 * table of spellings. */
int sgf_rules_parse(const char *text, sgf_rules *out);
/* KataGo-style compact text of r, e.g. "koSIMPLEscoreTERRITORYtaxSEKIsui0
 * komi6.5"; always NUL-terminated within n bytes. */
void sgf_rules_format(const sgf_rules *r, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Positions (board.c, history.c): a board of any size SGF allows      */
/* (1x1 to 52x52, rectangular) with incremental strings and liberties, */
/* Zobrist hashes and the history that ko, superko and cycles need.    */
/* Nothing is allocated per move.                                      */

typedef struct sgf_position sgf_position;

typedef enum {
    SGF_LEGAL = 0,
    SGF_ILLEGAL_OFF_BOARD,
    SGF_ILLEGAL_OCCUPIED,
    SGF_ILLEGAL_SUICIDE,              /* one stone, or several when the rules forbid it */
    SGF_ILLEGAL_KO,                   /* immediate single-stone retake */
    SGF_ILLEGAL_POSITIONAL_SUPERKO,   /* (also spight) */
    SGF_ILLEGAL_SITUATIONAL_SUPERKO
} sgf_legality;

/* What sgf_position_play did. */
typedef struct sgf_play_info {
    sgf_legality legality;   /* what sgf_position_legal said before playing */
    int captured;            /* opponent stones removed */
    int suicided;            /* own stones removed (suicide) */
    int ko_x, ko_y;          /* point the opponent may not retake now, -1 if none */
    int repeats;             /* ply whose position this one repeats (board only,
                              * any player to move; -1 if none) */
    int repeats_situation;   /* ply whose (board, player to move) this repeats, -1 */
} sgf_play_info;

sgf_position *sgf_position_new(void);
void sgf_position_free(sgf_position *p);
/* Empty width x height board (1..52 each) under rules r (copied; NULL:
 * chinese); r->first is to move; the history holds the empty board.
 * SGF_E_ARG for a bad size, SGF_E_NOMEM. */
int sgf_position_reset(sgf_position *p, int width, int height,
                       const sgf_rules *r);
int sgf_position_width(const sgf_position *p);
int sgf_position_height(const sgf_position *p);
const sgf_rules *sgf_position_rules(const sgf_position *p);
/* SGF_EMPTY, SGF_BLACK or SGF_WHITE; SGF_EMPTY off the board. */
int sgf_position_at(const sgf_position *p, int x, int y);
int sgf_position_to_move(const sgf_position *p);
void sgf_position_set_to_move(sgf_position *p, int color);   /* PL[] */
/* Setup (AB, AW, AE): sets a point without captures.  A node's setup is
 * complete with sgf_position_setup_done(), which records the position in
 * the history and returns the number of strings left without liberties
 * (an impossible position; they stay on the board).  A setup that changes
 * the board after the first ply starts a new history: the boards seen
 * before it no longer count for superko. */
void sgf_position_setup(sgf_position *p, int x, int y, int color);
int sgf_position_setup_done(sgf_position *p);
/* Would color's move at x,y (x = y = -1 for a pass) be legal?  Changes
 * nothing. */
sgf_legality sgf_position_legal(sgf_position *p, int color, int x, int y);
/* Plays color's move at x,y (x = y = -1: pass) tolerantly: the move is
 * checked, then executed as SGF says even when illegal (a stone on an
 * occupied point replaces it; a suicide removes the own string; off the
 * board is not executed), and the history goes on.  The other colour is to
 * move next.  info may be NULL. */
void sgf_position_play(sgf_position *p, int color, int x, int y,
                       sgf_play_info *info);
/* Plies played since the reset (passes included). */
int sgf_position_ply(const sgf_position *p);
/* Zobrist hash of the board alone. */
uint64_t sgf_position_hash(const sgf_position *p);
/* Stones captured so far by color (prisoners it holds). */
int sgf_position_prisoners(const sgf_position *p, int color);

/* Game end as the rules see it: two passes in a row; under simple and
 * spight ko also a pass from a (board, player) situation the same player
 * already passed from; under simple ko with cycle = no-result, the third
 * occurrence of a situation since the last pass ends the game without
 * result (triple ko, eternal life...). */
int sgf_position_game_over(const sgf_position *p);
int sgf_position_no_result(const sgf_position *p);

/* Kinds of repetition between two plies of the same position. */
typedef enum {
    SGF_CYCLE_OTHER,
    SGF_CYCLE_KO,              /* one ko taken back and forth (ignoring threats) */
    SGF_CYCLE_DOUBLE_KO,
    SGF_CYCLE_TRIPLE_KO,
    SGF_CYCLE_QUADRUPLE_KO,
    SGF_CYCLE_ETERNAL_LIFE,    /* 长生 */
    SGF_CYCLE_SEND_TWO_RETURN_ONE   /* 双提两子 (送二还一) */
} sgf_cycle_kind;
/* What the plies after from up to to (a repetition: the position after
 * ply to equals the one after ply from) are; and its name in English. */
sgf_cycle_kind sgf_position_cycle(const sgf_position *p, int from, int to);
const char *sgf_cycle_name(sgf_cycle_kind k);

/* ------------------------------------------------------------------ */
/* Replaying a game (replay.c)                                         */

/* One step of a replay: a node of the path that holds a move (x, y of
 * the point, -1 -1 for a pass; info says what happened) or only setup
 * (color 0, info NULL).  p is the position after the node. */
typedef struct sgf_replay_step {
    const sgf_node *node;
    int move;                /* move number along the path, 1-based, passes
                              * included; 0 before the first move */
    int color;               /* SGF_BLACK, SGF_WHITE, or 0 for a setup node */
    int x, y;
    const sgf_play_info *info;
} sgf_replay_step;

/* Return non-zero to stop the replay (that value is returned). */
typedef int (*sgf_replay_fn)(void *ctx, const sgf_position *p,
                             const sgf_replay_step *step);

/* The rules a game is played under: RU[] read with sgf_rules_parse, KM[]
 * as its komi; r (when not NULL) replaces RU[] when override is set, else
 * applies when RU[] is absent or not understood; chinese at last. */
void sgf_game_rules(sgf_game *g, const sgf_rules *r, int override,
                    sgf_rules *out);
/* Replays the main line of g (board size from SZ, setup, PL, moves,
 * tolerantly) into p under the rules (as sgf_game_rules with override).
 * fn (may be NULL) is called after every node with a move or setup.
 * Returns 0, fn's non-zero value, SGF_E_ARG (no Go game: GM is not 1, or
 * the board size is not 1..52) or SGF_E_NOMEM. */
int sgf_game_replay(sgf_game *g, const sgf_rules *r, sgf_position *p,
                    sgf_replay_fn fn, void *ctx);

/* What the last replay of g's main line met: sgf_game_replay,
 * sgf_game_score and the checks of SGF_READ_LEGALITY each replace it.
 * Owned by g, valid until g is read again (all 0 before any replay);
 * fields are only ever added at the end. */
typedef struct sgf_replay_summary {
    int moves;                /* main-line moves replayed, passes included */
    int illegal;              /* of them, moves the rules replayed under
                               * forbid (a KO[]-marked one aside); each was
                               * played on as SGF says (sgf_position_play) */
    int first_illegal;        /* the first one's move number, 0: none */
    sgf_legality first_illegal_kind;   /* and what was wrong with it */
} sgf_replay_summary;
const sgf_replay_summary *sgf_game_replay_summary(const sgf_game *g);

/* Output callback of the drawing functions and the writer: returns 0 on
 * success; a non-zero return stops writing and is returned. */
typedef int (*sgf_write_fn)(void *ctx, const void *data, size_t len);

/* ------------------------------------------------------------------ */
/* Scoring a position (benson.c, estimate.c, score.c; doc/scoring.md) */
/*                                                                      */
/* A scored position is described by a map of one byte per point,       */
/* map[y * width + x], made of the bits below.                          */

enum {
    SGF_MAP_OWNER = 3,        /* mask: the colour the point counts for
                               * (SGF_BLACK, SGF_WHITE; SGF_EMPTY: dame or
                               * a living stone's own point under territory
                               * rules counts nothing) */
    SGF_MAP_DEAD = 4,         /* a stone counted dead: removed at the end */
    SGF_MAP_SEKI = 8,         /* a stone alive in seki, or an empty point of
                               * a seki (no territory under tax rules) */
    SGF_MAP_FALSE_EYE = 16,   /* an empty point that must be filled: no
                               * territory under territory rules */
    SGF_MAP_UNSETTLED = 32,   /* a stone the estimate could not settle
                               * (counted alive, or dead when
                               * SGF_MAP_DEAD is set too) */
    SGF_MAP_PASS_ALIVE = 64,  /* a stone or point proved unconditionally
                               * alive (Benson) */
    SGF_MAP_MARKED = 128      /* territory given by the caller (a record's
                               * TB/TW, or the estimate of a game its record
                               * does not finish): the point counts for the
                               * owner bits it carries; once any point is
                               * marked, the empty points and dead stones
                               * not marked count for nobody */
};

/* Benson's unconditional life: map[y * width + x] = SGF_BLACK or SGF_WHITE
 * for every stone of a pass-alive group and every point of pass-alive
 * territory of that colour, SGF_EMPTY elsewhere.  suicide selects the
 * variant for rules where multi-stone suicide is legal (a region holding
 * enemy stones is then never vital).  map holds width * height bytes.
 * Returns 0, or SGF_E_NOMEM. */
int sgf_position_pass_alive(const sgf_position *p, int suicide,
                            unsigned char *map);

typedef struct sgf_estimate_options {
    unsigned playouts;   /* playouts with each side to move first; 0: the
                          * default (doc/scoring.md) */
    uint64_t seed;       /* same seed, same answer */
    int finish_first;    /* who moves first when a record that stops before
                          * its end is played out: SGF_BLACK or SGF_WHITE;
                          * else: the player the record gives the move */
} sgf_estimate_options;

/* Decides which stones of p (a finished game) are dead, under the rules of
 * p: clears map, then sets SGF_MAP_DEAD on dead stones, SGF_MAP_SEKI on
 * stones alive in seki, SGF_MAP_UNSETTLED on stones left unsettled
 * (counted alive; also on a dead string the playouts split on, and then on
 * the living strings around it) and SGF_MAP_PASS_ALIVE on what Benson
 * proves.  When moves were played but the game did not end (no two
 * passes: a record that stops before the dame), it also plays out the
 * dame, the boundary points left and the moves they force, and marks the
 * territory of that finished board (SGF_MAP_MARKED; doc/dead-stones.md).
 * Also unsettled: the strings around a neutral area too large to be dame
 * (a position counted before its end), living strings of 2+ stones left in
 * atari that the playouts take now and then, and the living neighbours of
 * a string the finish captured though the estimate called it alive.  o may
 * be NULL (defaults).  Returns the number of unsettled strings, or
 * SGF_E_NOMEM. */
int sgf_position_estimate_dead(const sgf_position *p,
                               const sgf_estimate_options *o,
                               unsigned char *map);

/* The count of a position.  Arrays are indexed by colour (SGF_BLACK,
 * SGF_WHITE; index 0 unused). */
typedef struct sgf_score {
    int stones[3];       /* living stones on the board */
    int dead[3];         /* stones counted dead, by their own colour */
    int territory[3];    /* empty points (and points under dead stones)
                          * counted for the colour */
    int prisoners[3];    /* stones the colour captured during the game */
    int groups[3];       /* living groups (independent life regions: the
                          * group tax) */
    int seki;            /* empty points of sekis */
    int dame;            /* empty points that count for nobody */
    int handicap;        /* N, as the handicap bonus counts it */
    double bonus;        /* handicap points given to White */
    double komi;
    double black, white; /* each side's total under the rules */
    double margin;       /* white - black; the result is W+margin when
                          * positive, B+(-margin) when negative */
    int winner;          /* SGF_BLACK, SGF_WHITE, or SGF_EMPTY for a draw */
    int unsettled;       /* strings counted alive though unsettled */
} sgf_score;

/* Counts p under its rules (komi included) with the stones marked
 * SGF_MAP_DEAD in map removed; handicap is N for the handicap bonus.
 * With SGF_MAP_MARKED points, the territory is the marked points.
 * Fills the owner, seki and false-eye bits of map (other bits are kept)
 * and *s.  Area rules: stones + territory; territory rules: territory +
 * prisoners + the opponent's dead stones, no territory in seki or on false
 * eyes; group tax: 2 points per living group.  Returns 0 or SGF_E_NOMEM. */
int sgf_position_score(const sgf_position *p, int handicap, unsigned flags,
                       unsigned char *map, sgf_score *s);
/* flags of sgf_position_score */
enum {
    /* The sekis are exactly the stones and points marked SGF_MAP_SEKI
     * (an estimate decided them).  Without it a region is also a seki when
     * it has fewer than two eyes or holds a string of its owner in atari,
     * which is right for positions a program left (goscorer, KataGo) but
     * takes the territory of living groups in finished human games. */
    SGF_SCORE_MARKED_SEKI = 1u << 0
};

/* The result of s as SGF RE text: "B+3.5", "W+0.5", "0" (draw).  stones
 * (Chinese notation, area rules): "黑胜3又3/4子", "白胜1/4子", "和棋".
 * Always NUL-terminated within n bytes. */
void sgf_score_result(const sgf_score *s, int stones, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Scoring a game (scoregame.c): replay, dead stones, count, and the   */
/* comparison with the recorded RE[].                                  */

/* Room a map must have for any board. */
#define SGF_MAP_SIZE (52 * 52)

typedef enum {
    SGF_DEAD_AUTO,        /* markup when the record has it, else estimate */
    SGF_DEAD_MARKUP,      /* TB[]/TW[] of the last node (points under dead
                           * stones included, as KGS writes them) */
    SGF_DEAD_ESTIMATE,    /* sgf_position_estimate_dead, markup ignored */
    SGF_DEAD_NONE,        /* every stone alive (Tromp-Taylor) */
    SGF_DEAD_NO_MARKUP    /* only as a result: SGF_DEAD_MARKUP was asked
                           * for and the record has no TB[]/TW[], so
                           * nothing was removed (SGF_DEAD_AUTO estimates
                           * then) */
} sgf_dead_mode;

typedef enum {
    SGF_AGREE_MATCH,          /* same winner and margin */
    SGF_AGREE_WINNER_ONLY,    /* same winner; another margin, or RE[] gives none */
    SGF_AGREE_MISMATCH,       /* another winner */
    SGF_AGREE_NOT_COMPARABLE, /* RE[] is no count: resignation, time,
                               * forfeit, unknown, absent; or the game did
                               * not end and RE[] gives no margin (RE[B+]),
                               * or the record holds no stone */
    SGF_AGREE_REVERSED,       /* another winner by the same margin (W+58.5
                               * against B+58.5): a mismatch, most likely
                               * the colours swapped in RE[]; with estimated
                               * dead stones only from a margin of 5 (a
                               * smaller mirror may be a count a point or
                               * two off) */
    SGF_AGREE_OTHER_ORDER     /* the count disagrees, but RE[] is the count
                               * with the other player moving first after
                               * the record's last move (estimated dead
                               * stones, a record that stops before its
                               * end): the record does not say who moved
                               * first in the moves it leaves out, so it
                               * is no disagreement (doc/dead-stones.md) */
} sgf_agreement;

typedef struct sgf_score_options {
    const sgf_rules *rules;   /* replace RU[] (komi from KM[] still applies
                               * unless komi is set); NULL: the game's own */
    int has_komi;             /* komi replaces KM[] */
    double komi;
    sgf_dead_mode dead;
    sgf_estimate_options estimate;
} sgf_score_options;

typedef struct sgf_game_score {
    sgf_rules rules;          /* as counted, komi included */
    sgf_score score;
    sgf_dead_mode dead;       /* how the dead stones were decided (markup,
                               * estimate or none) */
    int markup_ignored;       /* markup points that contradict the board
                               * (a stone marked as its own territory) */
    int moves;                /* main-line moves, passes included */
    int ended;                /* the record ends with the game over (two
                               * passes, or the rules' equivalent) */
    int no_result;            /* the game ended without result (a cycle) */
    int last_x, last_y;       /* the last stone played, -1 -1: none */
    char result[32];          /* what the count gives, as RE: "B+3.5", "0",
                               * "Void" */
    sgf_result recorded;      /* RE[] as read */
    sgf_agreement agreement;
    /* Where the rules and the komi come from: SGF_SOURCE_GIVEN for the
     * options' rules and komi, else sgf_info's rules_source and
     * komi_source; the evidence (owned by the game) for
     * SGF_SOURCE_INFERRED, else NULL. */
    sgf_source rules_source, komi_source;
    const char *rules_evidence, *komi_evidence;
    /* Moves the rules forbid, played on as SGF says (a KO[]-marked one
     * aside); the first one's number (0: none) and what was wrong. */
    int illegal, first_illegal;
    sgf_legality first_illegal_kind;
    /* Where the dead-stone method comes from: SGF_SOURCE_GIVEN when
     * o->dead named it; under auto, SGF_SOURCE_RECORD for the markup,
     * SGF_SOURCE_INFERRED for none (dead_evidence, owned by the game:
     * Tromp-Taylor rules, a server that counts the board as it stands,
     * "PC[(CGOS) 9x9 Computer Go Server]", or a record that stops with
     * stones on less than a quarter of its board, which holds no count),
     * SGF_SOURCE_DEFAULT for the estimate. */
    sgf_source dead_source;
    const char *dead_evidence;
    /* Where score.handicap comes from: SGF_SOURCE_RECORD when HA[] gives
     * it, SGF_SOURCE_INFERRED (handicap_evidence, a static string) for
     * Black stones set up with no HA[] and White moving first,
     * SGF_SOURCE_DEFAULT for none and no HA[]. */
    sgf_source handicap_source;
    const char *handicap_evidence;
} sgf_scored_game;

/* Scores the final position of g's main line: rules (o->rules or RU[],
 * else the rules assume.c inferred: sgf_info's rules_source), komi
 * (o->komi or KM[], else sgf_info's komi assumed), the handicap bonus (N =
 * Black's setup stones when White has none, the stones placed for HA[]
 * without AB, or HA[] written as Black moves), dead stones as o->dead
 * says, then the count.  Moves the rules forbid are played on as SGF says
 * (sgf_position_play) and counted in sgf_game_replay_summary(g).  An
 * estimated count of a record that stops before its end that disagrees
 * with RE[] is finished again with the other player first (unless
 * o->estimate.finish_first names one): SGF_AGREE_OTHER_ORDER when that
 * count is RE[]'s; the count reported stays the first one.  p and map
 * (SGF_MAP_SIZE bytes; the scored map of the final position, row by row,
 * width from p) are the caller's, reused from game to game.  o may be NULL
 * (auto).  Returns 0,
 * SGF_E_ARG (no Go game, or no board SGF allows) or SGF_E_NOMEM. */
int sgf_game_score(sgf_game *g, const sgf_score_options *o, sgf_position *p,
                   unsigned char *map, sgf_scored_game *out);

/* "match", "winner-only", "mismatch", "not-comparable", "reversed",
 * "other-order";
 * "auto", "markup", "estimate", "none", "no-markup". */
const char *sgf_agreement_name(sgf_agreement a);
const char *sgf_dead_mode_name(sgf_dead_mode m);
/* Whether the count contradicts a recorded count: another winner
 * (reversed included), or the same winner with another margin where RE[]
 * gives one (sgfscore's --strict). */
int sgf_score_disagrees(const sgf_scored_game *s);

/* ------------------------------------------------------------------ */
/* XML (xmlwrite.c, xmlread.c; doc/xml.md gives both mappings)         */

typedef enum {
    SGF_XML_GO,   /* the Go XML of Jago and GoGui (doc/go.dtd) */
    SGF_XML_RAW   /* one element per property, any game (doc/sgf-raw.dtd) */
} sgf_xml_form;

/* A document is sgf_xml_begin (XML declaration, DOCTYPE, root element),
 * any number of sgf_xml_write_game, then sgf_xml_end.  Each returns 0 or
 * write's non-zero value. */
int sgf_xml_begin(sgf_xml_form f, sgf_write_fn write, void *ctx);
/* g's canonical tree (as sgf_write_game writes it) as one <GoGame> or
 * <game>.  Games other than Go (GM is not 1) keep every property as an
 * <SGF> element in the Go form.  A game without a tree writes nothing.
 * Returns 0, SGF_E_NOMEM, write's non-zero value, or SGF_E_ARG (also for
 * a tree whose variations nest deeper than the Go form can be read back:
 * doc/xml.md; write it in the raw form). */
int sgf_xml_write_game(sgf_game *g, sgf_xml_form f, sgf_write_fn write,
                       void *ctx);
int sgf_xml_end(sgf_xml_form f, sgf_write_fn write, void *ctx);

/* Reads a document of either form (told apart by its root element) and
 * writes each game as canonical SGF (sgf_write_game), in order.  No
 * network, no external entities; a document that declares entities is
 * refused.  Returns the number of games, or SGF_E_FORMAT when the input is
 * not such XML (err, when not NULL, then holds "line N: what",
 * NUL-terminated within errlen; the games before the error were written),
 * SGF_E_NOMEM, or write's non-zero value.  A program reading XML in several threads calls
 * libxml2's xmlInitParser() once before starting them (libxml2 2.9 cannot
 * initialise from two threads at once). */
int sgf_xml_to_sgf(const char *bytes, size_t len, sgf_write_fn write,
                   void *ctx, char *err, size_t errlen);

/* Where the SGF made from an XML or JSON input came from: for each node,
 * property and value written, its line and column in that input.  A
 * reader of the SGF (as the member it is) gives diagnostics whose offsets
 * count in the SGF; sgf_game_remap puts the input's line and column in
 * them instead, those of the nearest node, property or value at or before
 * each diagnostic's offset. */
typedef struct sgf_source_map sgf_source_map;
sgf_source_map *sgf_source_map_new(void);
void sgf_source_map_free(sgf_source_map *map);
void sgf_game_remap(sgf_game *g, const sgf_source_map *map);
/* What a file's name says it holds, as sgfconvert reads its inputs back
 * (letter case ignored): SGF_DOCUMENT_XML for *.xml and *.xml.gz,
 * SGF_DOCUMENT_JSON for *.json, *.jsonl, *.ndjson, *.json.gz and
 * *.jsonl.gz (trees for sgf_json_to_sgf), SGF_DOCUMENT_SGF for any other
 * name (SGF or a foreign format the reader reads). */
typedef enum {
    SGF_DOCUMENT_SGF, SGF_DOCUMENT_XML, SGF_DOCUMENT_JSON
} sgf_document_kind;
sgf_document_kind sgf_document_of_name(const char *name);
/* sgf_xml_to_sgf, recording in map (may be NULL) where each node,
 * property and value written came from; offsets count from the first byte
 * this call writes. */
int sgf_xml_to_sgf_mapped(const char *bytes, size_t len, sgf_write_fn write,
                          void *ctx, char *err, size_t errlen,
                          sgf_source_map *map);

/* ------------------------------------------------------------------ */
/* Drawing a position (diagram.c: text; svg.c: SVG)                    */

typedef struct sgf_draw_options {
    const unsigned char *map;   /* a scored map (SGF_MAP_*), or NULL */
    int last_x, last_y;         /* the last move to mark, -1 -1: none */
    int coordinates;            /* draw GTP coordinates (A-T, 1-19) */
    const char *title;          /* UTF-8 caption, or NULL */
} sgf_draw_options;

/* The board as text, one row per line, top row first: X O for stones,
 * '.' empty ('+' on star points); with a map, dead stones as x o,
 * territory as b w, seki '=', false eyes '-' (doc/drawing.md gives the
 * legend).
 * Returns 0 or write's non-zero value. */
int sgf_position_diagram(const sgf_position *p, const sgf_draw_options *o,
                         sgf_write_fn write, void *ctx);
/* The board as a standalone SVG document: grid, star points, stones, dead
 * stones crossed, territory shaded, the last move marked, coordinates. */
int sgf_position_svg(const sgf_position *p, const sgf_draw_options *o,
                     sgf_write_fn write, void *ctx);

/* ------------------------------------------------------------------ */
/* JSON, JSON Lines and CSV (json.c, jsonread.c, jsonl.c, csv.c;       */
/* doc/json.md gives every field and column).                          */

enum {
    /* invalid UTF-8 is written one byte at a time as \udc80-\udcff (the
     * lone surrogates of Python's "surrogateescape"), which
     * sgf_json_to_sgf turns back into the bytes; without the flag each
     * such byte becomes U+FFFD */
    SGF_JSON_KEEP_BYTES = 1u << 0
};

/* s[0..len) as one JSON string: '"', '\\', control characters, U+2028
 * and U+2029 escaped, other UTF-8 kept as it is.  s == NULL writes null.
 * Returns 0 or write's non-zero value. */
int sgf_json_write_string(const char *s, size_t len, unsigned flags,
                          sgf_write_fn write, void *ctx);

/* A JSON emitter: JSON written a value at a time, the ',' and ':' placed
 * by the emitter, strings escaped as sgf_json_write_string does, numbers
 * with '.' whatever the locale.  Output is buffered and reaches write on
 * sgf_emitter_flush, sgf_emitter_free, or when the buffer fills.  A JSON
 * Lines line is
 *
 *     sgf_emitter *e = sgf_emitter_new(write, ctx);
 *     sgf_emit_begin_object(e);
 *     sgf_emit_key(e, "origin"); sgf_emit_cstring(e, name);
 *     sgf_emit_key(e, "moves");  sgf_emit_uint(e, n);
 *     sgf_emit_end_object(e);
 *     sgf_emit_newline(e);
 *     rc = sgf_emitter_free(e);
 *
 * sgf_emitter_new returns NULL when out of memory or write is NULL; the
 * sgf_emit_ calls do nothing on NULL, and sgf_emitter_free(NULL) returns
 * SGF_E_NOMEM, so that one check at the end is enough.  Past 64 levels of
 * nesting, or on an end without its begin, the emitter stops writing and
 * sgf_emitter_flush and sgf_emitter_free return SGF_E_ARG; otherwise they
 * return 0 or write's first non-zero value. */
typedef struct sgf_emitter sgf_emitter;
sgf_emitter *sgf_emitter_new(sgf_write_fn write, void *ctx);
int sgf_emitter_flush(sgf_emitter *e);
int sgf_emitter_free(sgf_emitter *e);
void sgf_emit_begin_object(sgf_emitter *e);
void sgf_emit_end_object(sgf_emitter *e);
void sgf_emit_begin_array(sgf_emitter *e);
void sgf_emit_end_array(sgf_emitter *e);
/* A member's name; its value is the next call. */
void sgf_emit_key(sgf_emitter *e, const char *name);
/* s[0..len), flags SGF_JSON_*; s == NULL writes null. */
void sgf_emit_string(sgf_emitter *e, const char *s, size_t len,
                     unsigned flags);
void sgf_emit_cstring(sgf_emitter *e, const char *s);
void sgf_emit_uint(sgf_emitter *e, unsigned long long v);
void sgf_emit_int(sgf_emitter *e, long long v);
/* decimals < 0: at most six decimals, trailing zeros dropped (7.5, 0.25,
 * 3); decimals 0..9: exactly that many (printf's %.*f).  null when v is
 * not finite. */
void sgf_emit_number(sgf_emitter *e, double v, int decimals);
void sgf_emit_bool(sgf_emitter *e, int v);
void sgf_emit_null(sgf_emitter *e);
/* A '\n', between the values of JSON Lines. */
void sgf_emit_newline(sgf_emitter *e);

/* s (NUL-terminated) for a line of text: control characters and DEL
 * written as \xNN, so that a record cannot move the cursor or start a
 * line of its own; NULL writes nothing.  Returns 0, SGF_E_ARG or write's
 * value. */
int sgf_text_write_escaped(const char *s, sgf_write_fn write, void *ctx);

/* The whole tree of g as one line of JSON ending in a newline:
 * {"origin":...,"game":N,"nodes":[NODE,...],"variations":[TREE,...]},
 * a TREE being {"nodes":[...],"variations":[...]} and a NODE a list of
 * properties [["B",["pd"]],["C",["text"]],...] in order.  The tree is the
 * canonical one of sgf_write_game (doc/writer.md); Text and SimpleText
 * values are their decoded text, other values as that SGF writes them
 * between the brackets; invalid UTF-8 as SGF_JSON_KEEP_BYTES says.  A game
 * without a tree writes nothing.  Returns 0, SGF_E_NOMEM, SGF_E_ARG or
 * write's non-zero value. */
int sgf_json_write_game(sgf_game *g, sgf_write_fn write, void *ctx);

/* The deepest JSON nesting sgf_json_to_sgf reads: variations nested about
 * half as deep. */
#define SGF_JSON_MAX_DEPTH 1000000

/* Reads JSON trees as sgf_json_write_game writes them (one object, an
 * array of them, or any number of them one after another: JSON Lines) and
 * writes each as an SGF game tree followed by a newline, as soon as it is
 * read.  Members other than "nodes" and "variations" are skipped;
 * "nodes" must come before "variations".  Returns the number of games, or
 * SGF_E_FORMAT when the input is not such JSON (err, when not NULL, then
 * holds "line N column M: what", NUL-terminated within errlen; the games
 * before the error were written), SGF_E_NOMEM, or write's non-zero value
 * (SGF_E_IO if that was positive). */
int sgf_json_to_sgf(const char *bytes, size_t len, sgf_write_fn write,
                    void *ctx, char *err, size_t errlen);
/* sgf_json_to_sgf, recording in map (may be NULL) where each node,
 * property and value written came from (sgf_source_map above). */
int sgf_json_to_sgf_mapped(const char *bytes, size_t len, sgf_write_fn write,
                           void *ctx, char *err, size_t errlen,
                           sgf_source_map *map);

/* One line of JSON Lines for g: origin, the main line with KataGo's
 * analysis-query names (boardXSize, boardYSize, rules, komi,
 * initialStones, initialPlayer, moves as [["B","Q16"],["W","pass"],...]),
 * the game info, the normalised result, the signatures and the counts of
 * g's diagnostics.  rules (NULL: RU[]) replaces the game's rules as in
 * sgf_game_replay.  Returns 0, SGF_E_NOMEM, SGF_E_ARG or write's value. */
int sgf_jsonl_write_game(sgf_game *g, const sgf_rules *rules,
                         sgf_write_fn write, void *ctx);

/* s[0..len) as one RFC 4180 field: quoted when it holds a comma, a quote
 * or a line break, quotes doubled, invalid UTF-8 as U+FFFD; s == NULL
 * writes nothing.  Returns 0, SGF_E_ARG (write NULL) or write's value. */
int sgf_csv_write_field(const char *s, size_t len, sgf_write_fn write,
                        void *ctx);

/* CSV as RFC 4180 (CRLF line ends, fields quoted when they must be):
 * the header line, then one row per game (its columns are the JSON Lines
 * scalars; rules as for sgf_jsonl_write_game) ...  Each returns 0,
 * SGF_E_NOMEM, SGF_E_ARG or write's non-zero value; a game without a tree
 * writes nothing. */
int sgf_csv_write_games_header(sgf_write_fn write, void *ctx);
int sgf_csv_write_game_row(sgf_game *g, const sgf_rules *rules,
                           sgf_write_fn write, void *ctx);
/* ... or one row per main-line move: the game, move number, colour, x and
 * y counted from 0 at the top left, the SGF point, pass, stones captured.
 * SGF_E_ARG (and no row) when g is no Go game the replay can play. */
int sgf_csv_write_moves_header(sgf_write_fn write, void *ctx);
int sgf_csv_write_moves(sgf_game *g, const sgf_rules *rules,
                        sgf_write_fn write, void *ctx);

/* ------------------------------------------------------------------ */
/* Reports (report.c; sgfcheck(1), sgfscore(1)): a game as sgfcheck   */
/* and sgfscore report it, for every program that must write the same  */
/* bytes (the tools, the Python module's jobs on a cluster).           */

typedef enum {
    SGF_REPORT_TEXT,   /* "ORIGIN:LINE:COLUMN: SEVERITY: MESSAGE [ID]" lines */
    SGF_REPORT_JSON,   /* one JSON object per game and line */
    SGF_REPORT_CSV     /* RFC 4180 rows after a header line */
} sgf_report_format;

typedef struct sgf_report_options {
    sgf_report_format format;
    /* each check's severity (sgf_check_count() entries), -1 to leave it
     * out: sgfcheck's -W.  NULL: the catalogue's. */
    const signed char *severity;
    /* text lines and CSV rows shown: -1 errors only (-q), 0 warnings too
     * (the default), 1 notes too (-v).  Also sgfscore's text detail. */
    int verbosity;
    unsigned flags;    /* SGF_REPORT_* */
} sgf_report_options;

enum {
    SGF_REPORT_DIAGRAM = 1u << 0,  /* score text: the board, dead stones,
                                    * territory */
    SGF_REPORT_STONES = 1u << 1    /* score text: area results in Chinese
                                    * stones too */
};

/* The severity of d under o (o may be NULL), -1 when it is left out. */
int sgf_report_severity(const sgf_report_options *o, const sgf_diag *d);

/* What comes before the first game: the CSV header line; nothing for text
 * and JSON.  Each function returns 0, SGF_E_ARG or write's value. */
int sgf_check_report_header(const sgf_report_options *o, sgf_write_fn write,
                            void *ctx);
/* g as sgfcheck reports it: its diagnostics as text lines or CSV rows
 * (each row ending with the game's rules and komi and where they come
 * from, empty without a replay), or one JSON line (origin, game, offset,
 * status, moves, the rules and komi the moves were checked under and where
 * they come from when read has SGF_READ_LEGALITY, RU[] and the
 * diagnostics).  read: the options g was read with (may be NULL). */
int sgf_check_report(sgf_game *g, const sgf_report_options *o,
                     const sgf_read_options *read, sgf_write_fn write,
                     void *ctx);

int sgf_score_report_header(const sgf_report_options *o, sgf_write_fn write,
                            void *ctx);
/* A count as sgfscore reports it, for the p, map and s that
 * sgf_game_score returned 0 with; rc, sgf_game_score's value when it is
 * not 0, reports g as not scored instead (p, map and s unused: a JSON line
 * with "error", a text line, a CSV row with only origin, game and the
 * reason). */
int sgf_score_report(sgf_game *g, int rc, const sgf_position *p,
                     const unsigned char *map, const sgf_scored_game *s,
                     const sgf_report_options *o, sgf_write_fn write,
                     void *ctx);
/* Why sgf_game_score returned rc for g: "no game", "out of memory", "not
 * a Go game on a board SGF allows". */
const char *sgf_score_failure(const sgf_game *g, int rc);

/* ------------------------------------------------------------------ */
/* Game signatures (stats.c; doc/sgfstat.md): what sgfstat compares to */
/* find the same game recorded more than once.                         */

/* Prefix hashes are kept after sgf_sig_level(i) moves: 14, 20, 30, 45,
 * 67, 100, 150, 225, 337, 505 (each about 1.5 times the one before). */
#define SGF_SIG_LEVELS 10
#define SGF_SIG_OPENING 8
/* A canonical move: y * 52 + x of the point after the transform, or
 * SGF_SIG_PASS or SGF_SIG_BAD (not a point of the board); plus
 * SGF_SIG_OTHER when played by the colour that did not move first. */
enum { SGF_SIG_BAD = 0xffe, SGF_SIG_PASS = 0xfff, SGF_SIG_OTHER = 0x1000 };

typedef struct sgf_game_sig {
    /* the main line's B and W moves, colours relative to the first mover,
     * under the board symmetry (8 on square boards, 4 on others) that
     * makes the sequence of codes smallest: a rotated, reflected or
     * colour-swapped record gives the same values, and a truncated one
     * the same prefix hashes; setup stones are part of the game */
    uint64_t hash;                     /* of every move and the board size */
    uint32_t prefix[SGF_SIG_LEVELS];   /* of the first sgf_sig_level(i)
                                        * moves; 0 when the game is shorter */
    int transform;                     /* for sgf_sig_transform */
    unsigned moves, passes;
    int first_color;                   /* SGF_BLACK, SGF_WHITE; 0: no move */
    unsigned nopening;                 /* canonical codes of the first moves */
    uint16_t opening[SGF_SIG_OPENING];
    char dyer[13];                     /* Dyer's signature as JSON Lines
                                        * prints it (doc/json.md), or
                                        * "????????????" */
    uint64_t bytes;                    /* of the game's record */
    uint64_t setup;                    /* with SGF_SIG_HASH: of the setup
                                        * stones (AB, AW, AE) of the main
                                        * line, also in hash and prefix
                                        * from where they stand; 0 for
                                        * none */
} sgf_game_sig;

unsigned sgf_sig_level(size_t i);      /* 0 past SGF_SIG_LEVELS */
/* x, y (0-based from the top left) under transform t (0..7: bit 0 mirrors
 * x, bit 1 mirrors y, bit 2 then swaps the axes) of a w x h board. */
void sgf_sig_transform(int t, int w, int h, int *x, int *y);
/* Fills *out for g: the moves, passes, transform and opening always;
 * hash and prefix with SGF_SIG_HASH, dyer with SGF_SIG_DYER in flags
 * (else 0 and "????????????").  Returns 0 or SGF_E_ARG. */
enum { SGF_SIG_HASH = 1u << 0, SGF_SIG_DYER = 1u << 1 };
int sgf_game_signature(sgf_game *g, unsigned flags, sgf_game_sig *out);

/* ------------------------------------------------------------------ */
/* Writer: canonical FF[4] SGF, UTF-8, CA[UTF-8].                      */

/* Serialise g.  Text values are written decoded to UTF-8 and escaped as
 * FF[4] requires; the root gets FF[4] and CA[UTF-8].  write returns 0 on
 * success; a non-zero return stops writing and is returned. */
int sgf_write_game(sgf_game *g, sgf_write_fn write, void *ctx);
/* Convenience: write to a stdio stream. */
int sgf_write_game_file(sgf_game *g, FILE *f);

enum {
    SGF_WRITE_MAIN_LINE = 1u << 0,   /* the main line only, no variations */
    SGF_WRITE_DROP_EMPTY = 1u << 1,  /* leave out nodes without properties
                                      * (after strip) where the tree allows */
    SGF_WRITE_PASS_EMPTY = 1u << 2,  /* passes as B[] / W[] */
    SGF_WRITE_PASS_TT = 1u << 3,     /* passes as B[tt] / W[tt] (boards up
                                      * to 19x19; larger ones keep []) */
    /* mend what the property, value and placement checks find, so that
     * what is written passes them: values of the wrong type left out,
     * single-valued properties given one value, nodes that mix a move with
     * setup split, misplaced properties moved (doc/repair.md) */
    SGF_WRITE_REPAIR = 1u << 4
};
#define SGF_WRITE_STRIP_MAX 64

typedef struct sgf_write_options {
    unsigned flags;          /* SGF_WRITE_* */
    const char *strip;       /* property ids to leave out: "C,LB" (up to
                              * SGF_WRITE_STRIP_MAX), or NULL */
} sgf_write_options;

/* sgf_write_game with options (o may be NULL: the canonical form).
 * SGF_E_ARG when strip names something that is no property id. */
int sgf_write_game_opt(sgf_game *g, const sgf_write_options *o,
                       sgf_write_fn write, void *ctx);

#ifdef __cplusplus
}
#endif
#endif /* SGFKIT_H */
