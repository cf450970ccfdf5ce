/*
 * text.h - text values: escapes and whitespace (text.c).  Never installed.
 */
#ifndef SGFKIT_SGF_TEXT_H
#define SGFKIT_SGF_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "sgfkit.h"
#include "common/arena.h"

/* Remove escapes and convert whitespace for a value of type t.
 * dbcs: a byte >= 0x81 and the next one are one character (as the parser's
 * dbcs mode), so a trail byte '\\' is not an escape. */
char *text_unescape(arena *a, const char *raw, size_t n, sgf_value_type t,
                    bool dbcs, size_t *out_len);
/* s for a message, in buf (n >= 8): one line, at most 60 bytes cut on a
 * character boundary, "..." when cut. */
const char *text_quote(char *buf, size_t n, const char *s);

#endif /* SGFKIT_SGF_TEXT_H */
