/*
 * ext.h - what the files of the extension module sgfkit._sgfkit share: the
 * inputs of a run (items.c), the games (game.c), the reader (reader.c),
 * the jobs that write what the tools write (jobs.c), and the module's
 * exceptions and option parsing (module.c).  Over lib/sgfkit.h only.
 */
#ifndef SGFKIT_EXT_H
#define SGFKIT_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>
#include <sgfkit.h>

/* ---- exceptions (module.c) ---- */

extern PyObject *ext_Error;       /* sgfkit.Error */
extern PyObject *ext_InputError;  /* sgfkit.InputError(Error, OSError) */
extern PyObject *ext_InputSkipped; /* sgfkit.InputSkipped(UserWarning) */
extern PyObject *ext_ScoreError;  /* sgfkit.ScoreError(Error, ValueError) */

/* UTF-8 text from the library as str (bytes that are not UTF-8 as lone
 * surrogates, PEP 383), and a name of a file or member as str (the file
 * system's encoding, so that it opens again). */
PyObject *ext_text(const char *s);
PyObject *ext_name(const char *s);

/* ---- a growable byte buffer, filled without the GIL ---- */

typedef struct ext_buf {
    char *data;
    size_t len, cap;
    bool nomem;
} ext_buf;

void buf_put(ext_buf *b, const void *p, size_t n);
void buf_puts(ext_buf *b, const char *s);
/* An sgf_write_fn appending to the ext_buf ctx. */
int buf_write(void *ctx, const void *data, size_t len);
void buf_free(ext_buf *b);
/* b's bytes as a Python bytes object (GIL held); NULL after MemoryError. */
PyObject *buf_to_bytes(const ext_buf *b);

/* ---- what the inputs could not give: messages collected without the
 * GIL, handed to Python afterwards ---- */

typedef struct ext_failure {
    char *origin;
    char *message;
    int why;             /* a skip's sgf_skip_reason; -1 for a failure */
} ext_failure;

typedef struct ext_failures {
    ext_failure *v;
    size_t n, cap;
    bool nomem;
} ext_failures;

void failures_add(ext_failures *f, const char *origin, const char *message);
/* sgf_input_error_fn collecting into the ext_failures ctx. */
void failures_on_error(void *ctx, const char *origin, const char *message);
/* [(origin, message), ...] (GIL held); the list is emptied. */
PyObject *failures_take(ext_failures *f);
void failures_free(ext_failures *f);
/* sgf_input_skip_fn collecting (origin, message) into the ext_failures
 * ctx: what a walk did not read. */
void skips_on_skip(void *ctx, const char *origin, sgf_skip_reason why,
                   const char *message);
/* Each skip collected as an InputSkipped warning, as the tools print one,
 * with .origin and .reason (GIL held); the list is emptied.  0, or -1
 * when a warnings filter turned one into an exception. */
int skips_warn(ext_failures *f);

/* ---- the inputs of a run (items.c) ----
 *
 * A run reads a sequence of items, each made from a Python tuple:
 *   ("path", str)                a file or directory, walked as the tools
 *                                walk their arguments (consecutive paths
 *                                make one walk)
 *   ("file", str path, str name) a file read as a named input, its members
 *                                named after name (a file reached through
 *                                another path than the one it is known by)
 *   ("bytes", buffer, str name)  bytes read as the file name would be
 *                                (gzip and archives included)
 *   ("member", buffer, str name) the bytes of one member as they are (an
 *                                archive member the client read) */

enum item_kind { ITEM_PATH, ITEM_FILE, ITEM_BYTES, ITEM_MEMBER };

/* What a member's bytes are, as sgfconvert's --from says: SGF (or a
 * foreign format the library reads as SGF), XML or JSON of sgfconvert's
 * forms, or auto: by the member's name (.xml, .json, .jsonl, .ndjson, also
 * gzipped).  XML and JSON are read whole and turned into SGF; the map
 * gives the games' diagnostics their line and column in that file. */
enum item_source {
    FROM_SGF = SGF_DOCUMENT_SGF, FROM_XML = SGF_DOCUMENT_XML,
    FROM_JSON = SGF_DOCUMENT_JSON, FROM_AUTO
};

typedef struct ext_item {
    enum item_kind kind;
    char *path;          /* PATH, FILE */
    char *origin;        /* FILE, BYTES, MEMBER */
    Py_buffer view;      /* BYTES, MEMBER: held while the run lives */
    bool has_view;
} ext_item;

typedef struct ext_items {
    ext_item *v;
    size_t n;
    /* the cursor */
    size_t next;
    sgf_inputs *in;
    const char **paths;  /* of the current walk */
    sgf_member *own;     /* a MEMBER item's member */
    ext_failures failures;
    ext_failures skips;  /* files and members the walks did not read */
    size_t nskipped[SGF_SKIP_REASONS];  /* all of them, by reason */
    enum item_source from;
    sgf_member *sgf;     /* the SGF an XML or JSON member was turned into */
    ext_buf sgf_bytes;   /* its bytes */
    sgf_source_map *map; /* where they came from, NULL for other members */
} ext_items;

/* Reads a sequence of item tuples (GIL held): 0, or -1 with an exception.
 * The members are read as SGF (it->from may be set after). */
int items_init(ext_items *it, PyObject *seq);
/* "auto", "sgf", "xml", "json" into *from: 0, or -1 with ValueError. */
int items_source(const char *name, enum item_source *from);
/* The next member (no GIL needed): 1 and *m set, 0 at the end.  Failures
 * go to it->failures.  The games read from *m are given it->map's
 * positions with sgf_game_remap (a no-op when it is NULL). */
int items_next_member(ext_items *it, sgf_member **m);
void items_free(ext_items *it);

/* ---- read options from keywords (module.c) ---- */

typedef struct ext_read {
    sgf_read_options opt;
    sgf_rules rules;          /* opt.rules points here when given */
    char charset[64];
} ext_read;

/* rules: "auto" or a rule set sgf_rules_parse reads; charset: NULL or a
 * fallback name.  0, or -1 with ValueError. */
int read_options(ext_read *r, const char *rules, const char *charset,
                 int legality, int variations, int syntax_only);
/* The copy of r (its pointer to its own rules kept right). */
void read_options_copy(ext_read *dst, const ext_read *src);

/* ---- games (game.c) ---- */

extern PyTypeObject Game_Type;
/* Struct sequences (named tuples) of the game's facts. */
extern PyTypeObject *Info_Type, *Result_Type, *Move_Type, *Stone_Type,
    *Diagnostic_Type;
int game_types_init(PyObject *module);

/* A game object's raw record, what re-reads it exactly. */
typedef struct ext_raw {
    char *bytes;             /* malloc'd copy; also holds origin after it */
    size_t len;
    const char *origin;
    unsigned index;
    uint64_t offset;
    unsigned long line, column;
    int at_eof;
    unsigned flags;
} ext_raw;

/* Copies raw (no GIL needed); 0 or -1 when out of memory. */
int raw_copy(ext_raw *dst, const sgf_raw_game *raw);
void raw_free(ext_raw *r);
/* The game of r read again into g (or a new game when g is NULL) with
 * opt: returns the game or NULL when out of memory.  No GIL needed. */
sgf_game *raw_parse(const ext_raw *r, sgf_game *g, const sgf_read_options *opt);

struct ext_pool;
/* A Game over r and g (read from r under read), taking both (GIL held).
 * pool (may be NULL) receives g when the game is let go. */
PyObject *game_new(ext_raw *r, sgf_game *g, const ext_read *read,
                   struct ext_pool *pool);
/* Drops the parsed game (kept as its raw record): the reader does this to
 * a game the caller keeps, so that a kept game costs its record's bytes,
 * not an arena. */
void game_detach(PyObject *game);

/* Recycled game objects of one reader: a game let go gives its sgf_game
 * back for the next one (GIL held on both sides). */
typedef struct ext_pool {
    Py_ssize_t refs;         /* the reader and each game holding it */
    sgf_game *free[4];
    int nfree;
} ext_pool;
ext_pool *pool_new(void);
void pool_incref(ext_pool *p);
void pool_decref(ext_pool *p);
sgf_game *pool_take(ext_pool *p);
void pool_give(ext_pool *p, sgf_game *g);

/* _sgfkit._game_from_state(state): the Game a pickle's state reads again
 * (Game.__reduce__ makes the state). */
PyObject *game_from_state(PyObject *module, PyObject *state);

/* ---- the reader (reader.c) ---- */

extern PyTypeObject Reader_Type;

/* ---- jobs (jobs.c) ---- */

/* _sgfkit.run(job, items, options): a tool's job over items, written as
 * the tool writes it. */
PyObject *ext_run(PyObject *self, PyObject *args, PyObject *kw);
/* _sgfkit.score_game(game, ...) and Game reports. */
PyObject *ext_score_game(PyObject *self, PyObject *args, PyObject *kw);

/* The parsed game behind a Game (read again when it was detached; *tmp
 * is then set to free with sgf_game_free).  NULL with MemoryError. */
sgf_game *game_parsed(PyObject *game, sgf_game **tmp);
/* A Game's raw record and read options. */
const ext_raw *game_raw(PyObject *game);
const ext_read *game_read(PyObject *game);

#endif /* SGFKIT_EXT_H */
