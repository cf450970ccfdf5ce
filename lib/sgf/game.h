/*
 * game.h - the game object behind sgf_game (game.c) and the diagnostics it
 * collects.  Never installed.
 */
#ifndef SGFKIT_SGF_GAME_H
#define SGFKIT_SGF_GAME_H

#include <stdarg.h>
#include <stdbool.h>
#include "sgfkit.h"
#include "common/arena.h"
#include "sgf/checks.h"
#include "sgf/properties.h"

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

#endif /* SGFKIT_SGF_GAME_H */
