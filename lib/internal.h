/*
 * internal.h - what the library's files share and the public header hides:
 * the arena, the game object, diagnostics plumbing, the parser entry point.
 * Never installed.
 */
#ifndef SGFKIT_INTERNAL_H
#define SGFKIT_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include "sgfkit.h"

/* ---- check ids (checks.def) ---- */
enum sgf_check_code {
#define CHECK(name, id, sev, summary) SGF_C_##name,
#include "checks.def"
#undef CHECK
    SGF_C_COUNT
};

/* ---- arena: bump allocation in blocks; freed or reset all at once ---- */
typedef struct arena_block {
    struct arena_block *next;
    size_t size, used;
    /* data follows, 16-byte aligned */
} arena_block;

typedef struct arena {
    arena_block *head;     /* current block (first in the list) */
    char *cur, *end;       /* free space in head */
    size_t total;          /* bytes reserved in all blocks */
} arena;

void arena_init(arena *a);
/* Slow path of arena_alloc: a new block. */
void *arena_grow(arena *a, size_t n);
/* Keep the largest block, free the others. */
void arena_reset(arena *a);
void arena_free(arena *a);
char *arena_strndup(arena *a, const char *s, size_t n);

/* 8-byte aligned allocation; NULL when out of memory. */
static inline void *arena_alloc(arena *a, size_t n)
{
    n = (n + 7u) & ~(size_t)7u;
    if ((size_t)(a->end - a->cur) >= n) {
        void *p = a->cur;
        a->cur += n;
        return p;
    }
    return arena_grow(a, n);
}

/* ---- property lookup (properties.c) ---- */
/* Ids of one or two uppercase letters map to a slot of a direct index:
 * first letter * 27 + (second letter + 1, or 0). */
enum { PROP_INDEX_SIZE = 26 * 27 };
static inline unsigned prop_index_key(const char *id, size_t len)
{
    return (unsigned)(id[0] - 'A') * 27u +
           (len > 1 ? (unsigned)(id[1] - 'A') + 1u : 0u);
}
void prop_index_build(unsigned char index[PROP_INDEX_SIZE]);
/* The catalogue itself, for inline access in hot loops. */
extern const sgf_prop_info sgf_prop_table_[SGF_P_COUNT];

/* ---- the game ---- */
enum charset_kind { CS_ASCII, CS_UTF8, CS_OTHER };

struct sgf_game {
    arena a;
    sgf_read_options opt;
    /* source bytes of this game; owned when own_src != NULL */
    const char *src;
    size_t len;
    char *own_src;
    size_t own_cap;
    char *origin;
    unsigned index;
    uint64_t offset;             /* member offset of src[0] */
    uint32_t tree_pos;           /* the game tree's '(' within src */
    unsigned long line;          /* line of src[0] */
    unsigned long column;        /* column of src[0] */
    sgf_node *root;
    unsigned moves;
    /* diagnostics: heap array (kept across resets) */
    sgf_diag *diags;
    size_t ndiags, diag_cap;
    size_t counts[3];
    /* times each check fired in this game: past DIAGS_PER_CHECK they are
     * counted but not stored, so hostile input (a million '(') cannot turn
     * into a million messages */
    uint32_t fired[SGF_C_COUNT];
    bool nomem;                  /* an allocation failed: the game is incomplete */
    /* lazy line/column computation: last located position */
    uint32_t loc_pos;
    unsigned long loc_line;
    uint32_t loc_line_start;
    /* charset decided for text values (charset.c) */
    enum charset_kind cs_kind;
    const char *charset;         /* iconv name, arena or static */
    bool dbcs;                   /* parse two-byte chars in text as units */
    bool dbcs_refused;           /* dbcs mode broke the game's structure */
    bool from_utf16;             /* the member was UTF-16, converted before parsing */
    /* iconv descriptors to UTF-8 (charset.c), by source charset: opening
     * one loads gconv modules, and detection tries several charsets per
     * game, so they are kept for the life of the game object */
    struct iconv_slot {
        void *cd;                /* iconv_t; unused when name[0] == 0 */
        char name[40];
    } iconv_cache[8];
    unsigned iconv_next;         /* slot to replace when all are used */
    /* uchardet (charset.c), loaded at the first detection that asks it
     * and kept, like the descriptors, for the life of the game object */
    struct uchardet_lib *uchardet;
    unsigned char prop_index[PROP_INDEX_SIZE];
    /* ids already reported as lowercase-id / long-id in this game (the
     * parser reports each once per game, not at every node) */
    struct id_notes *id_notes;
    /* what find_start (parser.c) learnt about the member: no "(;" begins
     * in member offsets [nostart_from, nostart_to), and the first "(" before
     * a property there is at nostart_paren (UINT64_MAX: none).  Kept from
     * game to game of a member; sgf_reader_start and sgf_game_read clear
     * it.  Frame mode reads offset to place its buffer. */
    uint64_t nostart_from, nostart_to, nostart_paren;
    /* the parser's explicit stack (kept across games) */
    struct parse_frame *stack;
    size_t stack_cap;
    /* typed info (gameinfo.c) and the node it was read from */
    const sgf_node *gameinfo_node;
    sgf_info info;
    /* the board of the legality checks (replay.c), kept from game to game */
    sgf_position *pos;
};

/* Prepare g for another game (keeps buffers). */
void game_reset(sgf_game *g, const sgf_read_options *opt,
                const sgf_raw_game *where);
sgf_game *game_new(const sgf_read_options *opt);
enum { DIAGS_PER_CHECK = 1000 };
/* After the last pass: note the checks that fired past DIAGS_PER_CHECK,
 * then order the diagnostics by offset (stable for equal offsets). */
void game_finish_diags(sgf_game *g);
/* Report with a va_list; pos relative to game start. */
int game_vreport(sgf_game *g, int check, uint32_t pos, int move,
                 const char *fmt, va_list ap);
int game_report(sgf_game *g, int check, uint32_t pos, int move,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* ---- parser (parser.c) ---- */
typedef enum {
    PARSE_DONE,       /* one game (or trailing junk) consumed */
    PARSE_NEED_MORE,  /* buffer ended inside a game and !eof: call again with more */
    PARSE_NOTHING,    /* only whitespace left */
    PARSE_NOMEM,
    PARSE_NO_TREE     /* frame mode: consumed bytes that hold no node (junk) */
} parse_status;

/* Parse one game from buf[0..len) into g.  When !build, only find where the
 * game ends (frame mode: no tree, no diagnostics; g only lends its property
 * index).  *consumed is set on PARSE_DONE / PARSE_NO_TREE /
 * PARSE_NOTHING.  dbcs: treat a byte >= 0x81 and the byte after
 * it as one character inside values (GBK, Big5, Shift-JIS trail bytes may be
 * '\\' or ']'). */
parse_status sgf_parse_one(sgf_game *g, bool build, const char *buf,
                           size_t len, bool eof, bool dbcs, size_t *consumed);

/* ---- the steps run after parsing (each adds diagnostics to g) ---- */
/* charset.c: choose the charset of the text values; may ask for a dbcs
 * reparse (returns true). */
bool charset_decide(sgf_game *g);
/* charset.c: decode raw text (escapes already removed) to UTF-8 into the
 * arena; reports undecodable bytes at pos.  NULL when out of memory. */
char *charset_to_utf8(sgf_game *g, const char *in, size_t n, uint32_t pos,
                      size_t *out_len);
/* charset.c: free what charset.c cached in g (iconv descriptor). */
void charset_release(sgf_game *g);
/* charset.c: UTF-16 members.  Returns 1 (LE) or 2 (BE) when p looks like
 * UTF-16 (BOM, or '(' ';' interleaved with NULs), else 0. */
int charset_utf16_sniff(const unsigned char *p, size_t n);
/* charset.c: convert a whole UTF-16 buffer to UTF-8 (malloc'd, BOM dropped).
 * Returns 0 or SGF_E_NOMEM / SGF_E_FORMAT. */
int charset_utf16_to_utf8(const char *in, size_t n, int endian, char **out,
                          size_t *out_len);
/* charset_to_utf8's pos when the bytes were already reported (charset_decide
 * reports every undecodable value once). */
#define CHARSET_NO_REPORT UINT32_MAX
/* charset.c: true when g's charset is not ASCII-compatible byte by byte
 * (UTF-16 or ISO-2022 text inside a value): decode before unescaping. */
bool charset_decodes_first(const sgf_game *g);
/* text.c: remove escapes and convert whitespace for a value of type t.
 * dbcs: a byte >= 0x81 and the next one are one character (as the parser's
 * dbcs mode), so a trail byte '\\' is not an escape. */
char *text_unescape(arena *a, const char *raw, size_t n, sgf_value_type t,
                    bool dbcs, size_t *out_len);
/* gameinfo.c: fill g->info from the main line's game-info node. */
void gameinfo_read(sgf_game *g);
/* gameinfo.c: check the game-info grammars of another game-info node. */
void gameinfo_check_node(sgf_game *g, const sgf_node *n);
/* validate.c: property, value and placement checks over the whole tree. */
void validate_game(sgf_game *g);
/* replay.c: the moves replayed and checked under the game's rules
 * (SGF_READ_LEGALITY). */
void replay_check(sgf_game *g);

/* ---- writer.c ---- */

/* g written in the canonical form and read back (syntax only; text in
 * UTF-8): what the exporters walk, so that XML and JSON hold exactly the
 * tree the canonical SGF holds.  *out is NULL when it fails: SGF_E_NOMEM or
 * the writer's error. */
int writer_canonical_copy(sgf_game *g, sgf_game **out);

/* ---- points and compressed point lists (points.c) ---- */
#define SGF_MAX_BOARD 52
/* Column/row of a point letter: 'a'-'z' 0-25, 'A'-'Z' 26-51, else -1. */
extern const signed char point_coord_table[256];
static inline int point_coord(char c)
{
    return point_coord_table[(unsigned char)c];
}
/* One bit per point of the largest board (bit y * 52 + x): duplicates and
 * overlaps are found on the stack, without allocating. */
#define POINT_SET_WORDS ((SGF_MAX_BOARD * SGF_MAX_BOARD + 63) / 64)
typedef struct point_set { uint64_t w[POINT_SET_WORDS]; } point_set;
/* A point is a rectangle with x0 == x1 and y0 == y1; always x0 <= x1, y0 <= y1. */
typedef struct point_rect { uint8_t x0, y0, x1, y1; } point_rect;
typedef enum {
    PV_POINT,       /* "ab" on the board */
    PV_RECT,        /* "ab:cd", upper-left:lower-right */
    PV_EMPTY,       /* "" */
    PV_SYNTAX,      /* not two letters, nor letters:letters */
    PV_OUTSIDE,     /* letters, but a point lies outside width x height */
    PV_RECT_1X1,    /* "ab:ab": illegal; *r holds the point */
    PV_RECT_ORDER   /* corners not ul:lr: illegal; *r holds it normalised */
} point_value_status;
/* One value of a (compressed) point list; width/height at most 52. */
point_value_status point_value_parse(const char *raw, size_t len, int width,
                                     int height, point_rect *r);
void point_set_clear(point_set *s);
/* Adds r's points; returns how many were already in s. */
unsigned point_set_add(point_set *s, const point_rect *r);
/* Points in both a and b; first_x, first_y (may be NULL) get the first. */
unsigned point_set_common(const point_set *a, const point_set *b,
                          int *first_x, int *first_y);
unsigned point_set_count(const point_set *s);
static inline bool point_set_has(const point_set *s, int x, int y)
{
    unsigned i = (unsigned)(y * SGF_MAX_BOARD + x);
    return (s->w[i >> 6] >> (i & 63u)) & 1u;
}
/* Adds every valid point of p's values to s (bad values are skipped: the
 * checks report them); returns the number of points new to s. */
unsigned point_list_collect(const sgf_prop *p, int width, int height,
                            point_set *s);

#endif /* SGFKIT_INTERNAL_H */
