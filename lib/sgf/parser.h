/*
 * parser.h - the iterative parser (parser.c).  Never installed.
 */
#ifndef SGFKIT_SGF_PARSER_H
#define SGFKIT_SGF_PARSER_H

#include <stdbool.h>
#include <stddef.h>
#include "sgfkit.h"

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

#endif /* SGFKIT_SGF_PARSER_H */
