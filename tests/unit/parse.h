/*
 * parse.h - games the unit tests parse from text in memory, as game 1 of
 * a file named "test" that the text is the whole of.
 */
#ifndef SGFKIT_TEST_PARSE_H
#define SGFKIT_TEST_PARSE_H

#include <string.h>
#include "sgfkit.h"

/* The raw game of the len bytes at s, from line 1, column 1. */
static inline sgf_raw_game raw_text(const char *s, size_t len)
{
    sgf_raw_game raw = { .bytes = s, .len = len, .origin = "test",
                         .index = 1, .line = 1, .column = 1, .at_eof = 1 };
    return raw;
}

/* The game in s (NUL-terminated), read with opt (NULL: the defaults);
 * NULL when out of memory. */
static inline sgf_game *parse_text(const char *s, const sgf_read_options *opt)
{
    sgf_raw_game raw = raw_text(s, strlen(s));
    return sgf_game_parse(&raw, opt);
}

#endif
