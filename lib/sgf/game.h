/*
 * game.h - the game object behind sgf_game (game.c).  Never installed.
 */
#ifndef SGFKIT_SGF_GAME_H
#define SGFKIT_SGF_GAME_H

#include <stdbool.h>
#include "sgfkit.h"
#include "common/arena.h"
#include "formats/convert.h"
#include "sgf/checks.h"
#include "sgf/decoders.h"
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
    /* a record of a foreign format (lib/formats): src is the SGF text it
     * was converted to (conv.out), with '\\' and ']' escaped byte by byte
     * (so never parsed in dbcs mode), and diagnostics are placed in the
     * foreign bytes through conv's map */
    const char *foreign;         /* NULL for SGF */
    size_t foreign_len;
    conv conv;                   /* kept from game to game */
    /* what charset.c decodes with, kept for the life of the game object */
    decoders decoders;
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
    /* what a layer above attaches to the game object and keeps from game
     * to game, freed with it: the position of go/replay.c, its one user */
    void *attached;
    void (*attached_free)(void *);
};

/* Prepare g for another game (keeps buffers). */
void game_reset(sgf_game *g, const sgf_read_options *opt,
                const sgf_raw_game *where);
sgf_game *game_new(const sgf_read_options *opt);

#endif /* SGFKIT_SGF_GAME_H */
